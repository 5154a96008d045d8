"""``score`` and ``stats`` on validate's path (issue 29: within 2x validate's CPU).

A record the referee's compact check accepts is scored and counted from that
check's replay (:mod:`hearts_notation.scored`) instead of being read into the
model and walked again.  These tests hold the two paths to the same values: for
every rules preset, in JSONL, JSON and HRN, clean records and records with
faults side by side, each batch's entries (``score`` JSON, table and HTML
items, the per-player summaries) and tallies (``stats``) are those the model
path gives.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

from hearts_notation.api import score
from hearts_notation.commands.score import score_batch, score_entry
from hearts_notation.commands.stats import tally_batch
from hearts_notation.generate import generate_games
from hearts_notation.io import dumps
from hearts_notation.io.batches import HRN_GAME, Batch, batch_games, raw_records
from hearts_notation.io.jsonio import located_game
from hearts_notation.rules import preset_names
from hearts_notation.runners.local import iter_batches
from hearts_notation.scored import CleanGame, records_of
from hearts_notation.stats import Tally, game_tally
from tests.budget import presets

SAMPLES = Path(__file__).resolve().parent.parent / "samples"


def _faulty(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Copies of some records with a fault the compact check leaves to the
    model: a wrong score line, a wrong total, a NUL or a lone surrogate in a
    name, a missing card, a comment, a wrong result, a moon line."""
    out = []
    for k, rec in enumerate(records):
        r = json.loads(json.dumps(rec))
        d0 = r["deals"][0]
        kind = k % 7
        if kind == 0 and d0.get("score"):
            seat = next(iter(d0["score"]))
            d0["score"][seat] += 1
        elif kind == 1:
            d0["total"] = {s: 99 for s in d0.get("hands", {})}
        elif kind == 2:
            r["players"] = {**r.get("players", {}), "N": "A\u0000b"}
        elif kind == 3:
            r["tags"] = {**r.get("tags", {}), "Event": "x\ud800y"}
        elif kind == 4:
            d0["tricks"][-1]["plays"].pop()
        elif kind == 5:
            r["comment"] = "a comment"
        else:
            r["result"] = "*"
        out.append(r)
    return out


def _corpus(tmp: Path, preset: str, fmt: str) -> Path:
    games = list(generate_games(5, seed=7, rules=preset, max_deals=None if preset == "short" else 4))
    games += list(generate_games(2, seed=8, rules=preset))
    text = dumps(games, "jsonl")
    records = [json.loads(line) for line in text.splitlines()]
    records += _faulty(records)
    path = tmp / f"{preset}.{fmt}"
    if fmt == "jsonl":
        path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    elif fmt == "json":
        path.write_text(json.dumps(records, indent=2), encoding="utf-8")
    else:
        path.write_text(dumps(games, "hrn"), encoding="utf-8")
    return path


def _model_games(batch: Batch) -> list[Any]:
    """The batch's games as the model path reads them: a whole-file read,
    and a JSON record with findings read again with the places of its
    values (``score`` names each finding's line and column, as validate)."""
    games = batch_games(batch)
    found = raw_records(batch)
    if found is None or found[0] == HRN_GAME:
        return games
    out = []
    for g, r in zip(games, found[1], strict=True):
        if not g.errors and score(g).findings:
            g = located_game(r.text, batch.source, r.index, r.line, r.column)
        out.append(g)
    return out


def _batches(path: Path) -> list[Batch]:
    out = [b for b in iter_batches([str(path)], games_per_batch=8) if isinstance(b, Batch)]
    assert out
    return out


def _same_items(fast: list[tuple[int, Any]], slow: list[tuple[int, Any]], table: bool) -> None:
    assert len(fast) == len(slow)
    for (fd, (fbad, fitem, fsum)), (sd, (sbad, sitem, ssum)) in zip(fast, slow, strict=True):
        assert fd == sd
        assert fbad == sbad
        assert fsum == ssum
        if not table:
            assert fitem == sitem
            continue
        fgame, frules, fscore, ffound, fwhy = fitem
        sgame, srules, sscore, sfound, swhy = sitem
        assert fwhy == swhy
        assert (fgame.source, fgame.index) == (sgame.source, sgame.index)
        assert (fgame.tags, fgame.players, fgame.seats, fgame.rules) == (
            sgame.tags, sgame.players, sgame.seats, sgame.rules)
        assert frules == srules
        assert fscore == sscore
        assert [d.taken for d in fscore.deals] == [d.taken for d in sscore.deals]
        assert ffound == sfound


@pytest.mark.parametrize("fmt", ["jsonl", "json", "hrn"])
@pytest.mark.parametrize("preset", presets(preset_names()))
def test_fast_scores_and_tallies_are_the_model_paths(tmp_path: Path, preset: str, fmt: str) -> None:
    path = _corpus(tmp_path, preset, fmt)
    clean = 0
    for batch in _batches(path):
        clean += sum(isinstance(r, CleanGame) for r in records_of(batch, None, False))
        games = batch_games(batch)
        for table in (False, True):
            slow = [(len(g.deals), score_entry(g, None, False, table)) for g in _model_games(batch)]
            _same_items(score_batch(batch, None, False, table), slow, table)
        slow_tally = Tally()
        for g in games:
            slow_tally += game_tally(g, None, False)
        assert tally_batch(batch, None, False) == slow_tally
    # The fast path is taken (the clean records), and not for the faulty ones.
    assert clean >= 5


def test_samples_the_same_on_both_paths() -> None:
    """The shipped samples (French keywords, comments, sheets, three players)."""
    for path in sorted(SAMPLES.glob("*")):
        if path.suffix not in (".hrn", ".json", ".jsonl", ".yaml") or not path.is_file():
            continue
        for batch in _batches(path):
            for table in (False, True):
                slow = [(len(g.deals), score_entry(g, None, False, table))
                        for g in _model_games(batch)]
                _same_items(score_batch(batch, None, False, table), slow, table)
            slow_tally = Tally()
            for g in batch_games(batch):
                slow_tally += game_tally(g, None, False)
            assert tally_batch(batch, None, False) == slow_tally


def test_a_nul_escape_is_refused_on_the_fast_path_too(tmp_path: Path) -> None:
    """The compact check does not read names: a ``\\u0000`` in a player's
    name sent validate's fast path to "valid" while the model path (and
    score) refused it.  Now every command says syntax-error."""
    from hearts_notation.referee import report_json_text

    game = next(generate_games(1, seed=3, max_deals=1))
    rec = json.loads(dumps([game], "jsonl"))
    rec["players"] = {"N": "A\u0000b"}
    text = json.dumps(rec)
    entry = report_json_text(text, "x.jsonl", 1, 1)
    assert not entry["valid"]
    assert [f["code"] for f in entry["findings"]] == ["syntax-error"]
    batch = Batch("x.jsonl", "jsonl", text + "\n", 1, 1, len(text))
    assert not any(isinstance(r, CleanGame) for r in records_of(batch, None, False))


def test_clean_game_keeps_what_reports_name_it_by() -> None:
    """The game of a clean record carries its tags, players and seats (the
    table's title, the sheets, the standings read them)."""
    game = dataclasses.replace(next(generate_games(1, seed=5, max_deals=2)),
                               tags={"Event": "Club night", "Date": "2026.12.01"})
    for fmt in ("jsonl", "hrn"):
        text = dumps([game], fmt)
        kind = "jsonl" if fmt == "jsonl" else "hrn"
        path = f"x.{fmt}"
        batch = next(b for b in iter_batches_text(text, path) if isinstance(b, Batch))
        (rec,) = list(records_of(batch, None, False))
        assert isinstance(rec, CleanGame), kind
        assert rec.game.tags["Event"] == "Club night"
        assert rec.game.tags["Date"] == "2026.12.01"
        assert dict(rec.game.players) == dict(game.players)


def iter_batches_text(text: str, name: str) -> list[Batch]:
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / name
        path.write_text(text, encoding="utf-8")
        return [dataclasses.replace(b, source=name) for b in iter_batches([str(path)])
                if isinstance(b, Batch)]


def test_game_entries_json_is_jsons_own_text() -> None:
    """``score --format json`` writes each game's entry with msgspec's
    encoder: the same text as ``json_text(entry, indent=2)``, hostile names
    (controls, line separators, quotes, wide characters) and findings included."""
    from hearts_notation.commands.score import _game_json
    from hearts_notation.io import read_games
    from hearts_notation.output import json_text

    hostile = "a\x1b[31m\u2028\u0085\x7f\"\\/é漢😀"
    games = [g for p in sorted(SAMPLES.glob("*.hrn")) for g in read_games(str(p))]
    games += [dataclasses.replace(g, players={s: hostile + s for s in (g.seats or g.players)})
              for g in generate_games(3, seed=2, rules="three-players", max_deals=3)]
    for game in games:
        _, doc, _ = score_entry(game, None, False, False)
        assert _game_json(doc) == json_text(doc, indent=2)
    assert _game_json({"big": 10 ** 30, "s": "\ud800"}) == json_text({"big": 10 ** 30, "s": "\ud800"},
                                                                      indent=2)
