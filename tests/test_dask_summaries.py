"""Every command's summary merges associatively, so the output does not
depend on how the corpus was cut.

The summaries (``validate``'s :class:`Summary`, ``stats``' :class:`Tally`,
``standings``' :class:`Standings`, and :class:`ScoreTotals`,
:class:`AnnotateTotals`, :class:`GenerateTotals`) are checked with
Hypothesis: any grouping of the same parts in the same order merges to the
same value, ``merge`` leaves its operands alone, and ``+=`` gives what
``merge`` gives.  Then the work of each command is run on random shard
cuts of a corpus (the cuts the Dask engine's workers read, in this
process) and on the local engine with one and two processes: the merged
results are the same.  These tests need no Dask.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hearts_notation.analysis.annotate import Decision, GameAnalysis
from hearts_notation.api import validate_batch
from hearts_notation.cli import cli
from hearts_notation.commands.score import score_entry
from hearts_notation.commands.stats import tally_batch
from hearts_notation.commands.validate import Summary
from hearts_notation.io import InputError, read_games
from hearts_notation.io.batches import Broken
from hearts_notation.players import Identity
from hearts_notation.runners.local import LocalEngine
from hearts_notation.runners.seam import guarded
from hearts_notation.runners.shards import plan_file, run_shard
from hearts_notation.standings import Standings, standings_batch
from hearts_notation.stats import Tally, game_tally
from hearts_notation.summaries import AnnotateTotals, GenerateTotals, ScoreTotals, merge_all
from tests.budget import long_beyond

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Generated games in JSONL and HRN, with broken ones (a record cut
    short, cards not held), and the club's named players."""
    d = tmp_path_factory.mktemp("summaries")
    runner = CliRunner()
    for name, seed, n in (("a.jsonl", 3, 150), ("b.hrn", 4, 70)):
        res = runner.invoke(cli, ["generate", "--games", str(n), "--deals-per-game", "2",
                                  "--seed", str(seed), "--jobs", "1", "-o", str(d / name)])
        assert res.exit_code == 0, res.output
    lines = (d / "a.jsonl").read_text(encoding="utf-8").splitlines(keepends=True)
    lines[5] = lines[5][: len(lines[5]) // 3] + "\n"
    lines[40] = lines[40].replace('"card":"2C"', '"card":"3C"', 1)
    lines.insert(20, "\n")
    (d / "a.jsonl").write_text("".join(lines), encoding="utf-8")
    hrn = (d / "b.hrn").read_text(encoding="utf-8").replace("1. W 2C", "1. W 3C", 1)
    (d / "b.hrn").write_text(hrn, encoding="utf-8")
    club = sorted((SAMPLES / "club").rglob("*.hrn"))
    (d / "club.hrn").write_text("\n".join(p.read_text(encoding="utf-8") for p in club),
                                encoding="utf-8")
    return {"jsonl": d / "a.jsonl", "hrn": d / "b.hrn", "club": d / "club.hrn"}


# Parts to merge -------------------------------------------------------------------------

def _games() -> list[Any]:
    games = []
    for name in ("multi-game.hrn", "three-players.hrn", "canonical.hrn", "observer.hrn"):
        games.extend(read_games(str(SAMPLES / name)))
    for path in sorted((SAMPLES / "club").rglob("*.hrn")):
        games.extend(read_games(str(path)))
    return games


GAMES = _games()


def _tally(g: Any) -> Tally:
    return game_tally(g, None, False)


def _standings(g: Any) -> Standings:
    from hearts_notation.standings import summarise

    s = Standings(Identity())
    s.add(summarise(g))
    return s


def _score(g: Any) -> ScoreTotals:
    bad, _doc, summary = score_entry(g, None, False, False)
    return ScoreTotals.of_game(summary, bad)


def _summary(g: Any) -> Summary:
    from hearts_notation.referee import check_game

    s = Summary(files=1)
    s.add(check_game(g).to_dict())
    return s


PART_MAKERS: dict[str, Callable[[Any], Any]] = {
    "stats": _tally, "standings": _standings, "score": _score, "validate": _summary,
}
EMPTY: dict[str, Callable[[], Any]] = {
    "stats": Tally, "standings": lambda: Standings(Identity()), "score": ScoreTotals,
    "validate": Summary, "annotate": AnnotateTotals, "generate": GenerateTotals,
}
_PARTS: dict[str, list[Any]] = {}


def parts_of(kind: str) -> list[Any]:
    if kind not in _PARTS:
        _PARTS[kind] = [PART_MAKERS[kind](g) for g in GAMES]
    return _PARTS[kind]


def shown(kind: str, value: Any) -> Any:
    """What the command prints of a summary (the bytes that must not change)."""
    if kind == "validate":
        return (value.to_dict(), [str(e) for e in value.unreadable])
    if kind == "score":
        st = value.standings
        return (value.to_dict(), None if st is None else st.to_dict())
    if kind in ("stats", "standings", "annotate"):
        return json.dumps(value.to_dict(), sort_keys=False)
    return (value.games, value.deals, value.chars)


def decisions() -> st.SearchStrategy[Decision]:
    return st.builds(
        lambda seat, epl, forced, mark: Decision(
            deal=1, trick=1, seat=seat, kind="play", card=None, cards=None, legal=(), best=None,
            forced=forced, epl=0.0 if forced else epl, epl_stderr=0.0, dd_loss=None,
            mark=None if forced else mark, comment=None),
        st.sampled_from(["N", "E", "S", "W", "P5"]),
        st.floats(0, 26, allow_nan=False, allow_subnormal=False),
        st.booleans(), st.sampled_from([None, None, "?!", "?", "??"]))


def annotate_part() -> st.SearchStrategy[AnnotateTotals]:
    return st.builds(
        lambda ds, deals: AnnotateTotals.of_analysis(
            GameAnalysis("x.hrn", 1, "standard", tuple(ds), (), ()), deals),
        st.lists(decisions(), max_size=8), st.integers(0, 3))


def generate_part() -> st.SearchStrategy[GenerateTotals]:
    return st.builds(GenerateTotals, st.integers(0, 5), st.integers(0, 40), st.integers(0, 9999))


def part_lists(kind: str) -> st.SearchStrategy[list[Any]]:
    if kind == "annotate":
        return st.lists(annotate_part(), max_size=12)
    if kind == "generate":
        return st.lists(generate_part(), max_size=12)
    pool = parts_of(kind)
    return st.lists(st.integers(0, len(pool) - 1), max_size=14).map(
        lambda ix: [pool[i] for i in ix])


KINDS = ["stats", "standings", "score", "validate", "annotate", "generate"]


@pytest.mark.parametrize("kind", KINDS)
def test_merge_is_associative(kind: str) -> None:
    @settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(parts=part_lists(kind), data=st.data())
    def check(parts: list[Any], data: st.DataObject) -> None:
        empty = EMPTY[kind]
        before = [shown(kind, p) for p in parts]
        sequential = merge_all(parts, empty())
        # any cut of the sequence into groups, each merged, then merged in order
        cuts = sorted(data.draw(st.sets(st.integers(0, len(parts)), max_size=5)))
        groups, start = [], 0
        for c in [*cuts, len(parts)]:
            groups.append(parts[start:c])
            start = c
        grouped = merge_all((merge_all(g, empty()) for g in groups), empty())
        assert shown(kind, grouped) == shown(kind, sequential)
        if len(parts) >= 3:
            a, b, c = merge_all(parts[:1], empty()), merge_all(parts[1:2], empty()), \
                merge_all(parts[2:], empty())
            assert shown(kind, a.merge(b).merge(c)) == shown(kind, a.merge(b.merge(c)))
        # the identity on both sides
        assert shown(kind, empty().merge(sequential)) == shown(kind, sequential)
        assert shown(kind, sequential.merge(empty())) == shown(kind, sequential)
        # in place gives the same value, and merge changed no operand
        inplace = empty()
        for p in copy.deepcopy(parts):
            inplace += p
        assert shown(kind, inplace) == shown(kind, sequential)
        assert [shown(kind, p) for p in parts] == before

    check()


def test_annotate_totals_are_exact_whatever_the_order_of_sums() -> None:
    """EPL sums are exact: the float sum of the same losses grouped two ways
    differs, the totals do not."""
    losses = [0.1, 0.2, 0.3]
    assert (0.1 + 0.2) + 0.3 != 0.1 + (0.2 + 0.3)
    parts = [AnnotateTotals.of_analysis(GameAnalysis(None, 1, "standard", (Decision(
        deal=1, trick=1, seat="N", kind="play", card=None, cards=None, legal=(), best=None,
        forced=False, epl=x, epl_stderr=0.0, dd_loss=None, mark=None, comment=None),), (), ()), 1)
        for x in losses]
    left = parts[0].merge(parts[1]).merge(parts[2])
    right = parts[0].merge(parts[1].merge(parts[2]))
    assert left == right and left.to_dict()["epl"] == 0.6


# The same corpus, cut every way ------------------------------------------------------------

def by_shards(work: Callable[[Any], Any], path: str, target: int, per_batch: int = 32) -> list[Any]:
    """The work's values for the batches of *path*, computed the way the
    Dask engine computes them (each shard read for itself), in this process."""
    task = guarded(work)
    plan = plan_file(path, None, target, per_batch)
    if isinstance(plan, InputError):
        return [task(Broken(plan))]
    out: list[Any] = []
    for shard in plan:
        result = run_shard(shard, task, None, per_batch)
        out.extend(result.values)
        if result.stopped:
            break
    return out


def by_local(work: Callable[[Any], Any], path: str, jobs: int) -> list[Any]:
    return list(LocalEngine(jobs).map_batches(work, [path], None, None))


def _merged(kind: str, values: list[Any]) -> Any:
    if kind == "validate":
        s = Summary()
        for group in values:
            for entry in group:
                if isinstance(entry, InputError):
                    s.unreadable.append(entry)
                else:
                    s.add(entry)
        return s
    out = EMPTY[kind]()
    for v in values:
        if isinstance(v, InputError):
            out = out.merge(EMPTY[kind]())
            continue
        out = out.merge(v)
    return out


WORK: dict[str, Callable[[Any], Any]] = {
    "validate": partial(validate_batch, rules=None, force=False),
    "stats": partial(tally_batch, default_rules=None, force_rules=False),
    "standings": partial(standings_batch, identity=Identity(), default_rules=None, force=False),
}


@pytest.mark.parametrize("kind", ["validate", "stats", "standings"])
@pytest.mark.parametrize("fmt", long_beyond(["jsonl", "hrn", "club"]))
def test_summary_is_the_same_whatever_the_shard_size(corpus: dict[str, Path], kind: str,
                                                       fmt: str) -> None:
    path = str(corpus[fmt])
    work = WORK[kind]
    expected = shown(kind, _merged(kind, by_local(work, path, 1)))
    assert shown(kind, _merged(kind, by_local(work, path, 2))) == expected
    size = corpus[fmt].stat().st_size

    @settings(max_examples=8, deadline=None, suppress_health_check=[
        HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
    @given(target=st.integers(1, size + 10), per_batch=st.sampled_from([32]))
    def check(target: int, per_batch: int) -> None:
        assert shown(kind, _merged(kind, by_shards(work, path, target, per_batch))) == expected

    check()


@pytest.mark.parametrize("args", [
    ["validate", "--format", "json"],
    ["stats", "--format", "json"],
    ["score", "--format", "json"],
    ["standings", "--format", "json"],
])
def test_output_is_the_same_with_one_or_two_jobs(corpus: dict[str, Path], args: list[str]) -> None:
    # score and standings stop at a record they cannot read (exit 2): not the JSONL here
    names = ["hrn", "club"] if args[0] in ("score", "standings") else ["jsonl", "hrn", "club"]
    paths = [str(corpus[n]) for n in names]
    runner = CliRunner()
    one = runner.invoke(cli, [*args, *paths, "--jobs", "1"])
    two = runner.invoke(cli, [*args, *paths, "--jobs", "2"])
    assert one.exit_code == two.exit_code, one.output
    assert one.stdout == two.stdout
    assert json.loads(one.stdout)     # a whole document


def test_score_summary_adds_up_the_games(corpus: dict[str, Path]) -> None:
    res = CliRunner().invoke(cli, ["score", str(corpus["club"]), "--format", "json", "--jobs", "1"])
    doc = json.loads(res.stdout)
    summary = doc["summary"]
    assert summary["games"] == len(doc["games"])
    for seat, row in summary["seats"].items():
        assert row["points"] == sum(d["points"][seat] for g in doc["games"] for d in g["deals"]
                                    if d["points"] is not None and seat in d["points"]
                                    and d["number"] <= _end(g))
    assert sum(p["points"] for p in doc["players"]) == sum(r["points"]
                                                           for r in summary["seats"].values())
    moons = sum(1 for g in doc["games"] for d in g["deals"] if d["moon"] and d["number"] <= _end(g))
    assert summary["moons"] == moons


def _end(game: dict[str, Any]) -> int:
    """The last deal counted: the one the game ended on, else the last."""
    for d in game["deals"]:
        if game["finished"] and d["points"] is not None and max(d["totals"].values()) >= 100:
            return int(d["number"])
    return len(game["deals"])


def test_validate_counts_by_code(corpus: dict[str, Path]) -> None:
    res = CliRunner().invoke(cli, ["validate", str(corpus["jsonl"]), "--format", "json",
                                   "--jobs", "1"])
    doc = json.loads(res.stdout)
    codes: dict[str, int] = {}
    for g in doc["games"]:
        for f in g["findings"]:
            codes[f["code"]] = codes.get(f["code"], 0) + 1
    assert doc["summary"]["codes"] == dict(sorted(codes.items())) and codes
    assert sum(codes.values()) == sum(doc["summary"][k] for k in ("errors", "warnings", "infos"))


def _fragile(batch: Any) -> list[Any]:
    """validate's work, failing on the second batch of a file (as a bug
    of the work on some data would)."""
    if getattr(batch, "first_index", None) == 33:
        raise ValueError("boom")
    return validate_batch(batch, None, False)


@pytest.mark.parametrize("how", ["local-1", "local-2", "shards"])
def test_a_failing_batch_names_its_place_and_the_rest_comes_out(corpus: dict[str, Path],
                                                                how: str) -> None:
    path = str(corpus["hrn"])
    if how == "shards":
        groups = by_shards(_fragile, path, 5000)
    else:
        groups = by_local(_fragile, path, int(how[-1]))
    entries = [e for g in groups for e in g]
    errors = [e for e in entries if isinstance(e, InputError)]
    games = [e for e in entries if not isinstance(e, InputError)]
    assert len(errors) == 1
    first_line = games[31]["line"] if len(games) > 31 else None
    assert str(errors[0]).startswith(f"{path}:") and "ValueError: boom" in str(errors[0])
    assert errors[0].line is not None and errors[0].line > (first_line or 0)
    # the 32 games before it and every game after its batch still come out, in order
    assert [e["index"] for e in games] == [*range(1, 33), *range(65, 71)]
    assert entries.index(errors[0]) == 32
