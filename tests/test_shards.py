"""Shards give exactly the batches of a whole-file read.

:func:`hearts_notation.runners.shards.plan_file` cuts a JSONL or HRN file into byte
ranges that the workers of ``--engine dask`` read for themselves; the
output is the same byte for byte as a local run only if the games of the
shards, with their lines and indices, are those of one read of the whole
file, and if an unreadable byte ends the same batch with the same
``file:line:col``.  These tests need no Dask.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hearts_notation.io import CHUNK_SIZE, InputError
from hearts_notation.runners.local import EngineSpec, iter_batches
from hearts_notation.runners.seam import EngineUnavailable
from hearts_notation.runners.shards import Shard, plan_file, shard_batches
from hearts_notation.stats import Tally
from tests.budget import FULL_SWEEPS, sweep

SAMPLES = Path(__file__).resolve().parent.parent / "samples"


def whole(path: str, per_batch: int) -> list[Any]:
    out: list[Any] = []
    for b in iter_batches([path], games_per_batch=per_batch, errors="yield"):
        out.append(str(getattr(b, "error", b)) if not hasattr(b, "payload") else b)
    return out


def sharded(path: str, target: int, per_batch: int,
            min_range: int = 512) -> tuple[list[Any], list[Shard]]:
    plan = plan_file(path, None, target, per_batch, min_range=min_range)
    assert not isinstance(plan, InputError)
    out: list[Any] = []
    for shard in plan:
        try:
            out.extend(shard_batches(shard, None, per_batch))
        except InputError as exc:
            out.append(str(exc))
            break
    return out, plan


def _same(a: list[Any], b: list[Any]) -> bool:
    return [repr(x) for x in a] == [repr(x) for x in b]


LINE = st.sampled_from(['{"a": 1}', "{}", "x", "", " ", "\t", "[1, 2]", '"\u00e9t\u00e9"'])


@sweep(150, default=50, deadline=None)
@given(st.lists(LINE, max_size=60), st.integers(1, 200), st.integers(1, 5),
       st.sampled_from(["\n", "\r\n"]), st.booleans())
def test_jsonl_shards_match_whole_file(tmp_path_factory: pytest.TempPathFactory, lines: list[str],
                                       target: int, per_batch: int, eol: str,
                                       final_newline: bool) -> None:
    text = eol.join(lines) + (eol if final_newline else "")
    if not text.strip():
        return
    path = tmp_path_factory.mktemp("j") / "c.jsonl"
    path.write_text(text, encoding="utf-8", newline="")
    got, plan = sharded(str(path), target, per_batch, min_range=1)
    assert _same(got, whole(str(path), per_batch))
    for s in plan[1:]:      # every cut starts a batch, on a line of its own
        assert (s.first_index - 1) % per_batch == 0
        assert path.read_bytes()[s.start - 1:s.start] == b"\n"


def _corpus(tmp: Path) -> dict[str, Path]:
    hrn = (SAMPLES / "multi-game.hrn").read_text(encoding="utf-8")
    canonical = (SAMPLES / "canonical.hrn").read_text(encoding="utf-8")
    body = "\n".join([canonical, hrn] * 12)
    broken = body.replace("1. W 2C", "1. W 3C", 1)
    files = {"hrn": tmp / "c.hrn"}
    files["hrn"].write_text(broken, encoding="utf-8")
    return files


@pytest.mark.parametrize("target", [1, 3000, 20000, 10**9])
@pytest.mark.parametrize("per_batch", [1, 2, 32])
def test_hrn_shards_match_whole_file(tmp_path: Path, target: int, per_batch: int) -> None:
    path = str(_corpus(tmp_path)["hrn"])
    got, plan = sharded(path, target, per_batch)
    assert _same(got, whole(path, per_batch))
    if target == 1 and per_batch == 1:
        assert len(plan) > 10


def test_unreadable_byte_past_first_block(tmp_path: Path) -> None:
    """A bad byte after the first MiB: the shards before it are read, the
    shard that holds it reports the file's own line and column."""
    line = '{"tags": {"Event": "' + "x" * 900 + '"}}\n'
    n = CHUNK_SIZE // len(line) + 200
    data = (line * n).encode()
    at = len(line) * (n - 50) + 17
    path = tmp_path / "bad.jsonl"
    path.write_bytes(data[:at] + b"\xff" + data[at:])
    got, plan = sharded(str(path), 100_000, 32)
    assert len(plan) > 5
    expected = whole(str(path), 32)
    assert _same(got, expected)
    assert f":{n - 50 + 1}:18: not UTF-8" in expected[-1]


def test_unreadable_first_block_is_not_cut(tmp_path: Path) -> None:
    """A whole-file read reports a bad first block before any game: so
    must the one shard such a file is planned as."""
    path = tmp_path / "bin.jsonl"
    path.write_bytes(b'{"a": 1}\n' * 50_000 + b"\0" + b'{"a": 1}\n' * 10)
    plan = plan_file(str(path), None, 1000, 32)
    assert isinstance(plan, list) and len(plan) == 1 and plan[0].whole


def test_missing_file_plans_to_its_error(tmp_path: Path) -> None:
    plan = plan_file(str(tmp_path / "nope.jsonl"))
    assert isinstance(plan, InputError) and plan.message == "no such file"


def test_tally_merge_is_associative() -> None:
    """The stats summary merges the same whatever the grouping."""
    from hearts_notation.io import read_games
    from hearts_notation.stats import game_tally

    parts = [game_tally(g, None, False) for g in read_games(str(SAMPLES / "multi-game.hrn"))]
    parts += [game_tally(g, None, False) for g in read_games(str(SAMPLES / "three-players.hrn"))]
    assert len(parts) >= 3
    left = Tally()
    for p in parts:
        left = left.merge(p)
    right = Tally()
    for p in reversed(parts):
        right = p.merge(right)
    split = parts[0].merge(parts[1]).merge(Tally()).merge(parts[2].merge(Tally()))
    for p in parts[3:]:
        split = split.merge(p)
    assert left.to_dict(files=2) == right.to_dict(files=2) == split.to_dict(files=2)
    assert left.games == len(parts)


def test_unknown_engine() -> None:
    with pytest.raises(EngineUnavailable):
        EngineSpec("spark").open(1)


_PIECES = [
    (SAMPLES / "canonical.hrn").read_text(encoding="utf-8"),
    (SAMPLES / "multi-game.hrn").read_text(encoding="utf-8"),
    (SAMPLES / "commented-example.hrn").read_text(encoding="utf-8"),
    (SAMPLES / "variante-retenue-example.hrn").read_text(encoding="utf-8"),
    "{a comment over\nseveral lines, holding [Event \"x\"] and deal 3\n}\n",
    "; a line comment [Event \"y\"]\n\n",
    "{a comment never closed\n",
    "\n\n",
]


#: The smallest range the sweep plans: a range of a few bytes makes the
#: planner resynchronise at nearly every byte of a 70 KB text (17 to 34
#: CPU-s pure for one example); the README's run starts at 64 bytes, still
#: far below a game, and the long step's full sweep goes down to 1.
_SMALLEST_TARGET = 1 if FULL_SWEEPS else 64


@sweep(25, default=8, deadline=None)
@given(st.lists(st.integers(0, len(_PIECES) - 1), min_size=1, max_size=12),
       st.integers(_SMALLEST_TARGET, 6000), st.sampled_from([1, 2, 32]), st.booleans())
def test_hrn_planned_in_parallel_matches_whole_file(tmp_path_factory: pytest.TempPathFactory,
                                                    picks: list[int], target: int, per_batch: int,
                                                    crlf: bool) -> None:
    """Ranges planned apart (each worker resynchronises the one cutter at a
    line that begins with a whole tag) give the batches of a whole read,
    comments over lines, comments left open and CRLF included."""
    text = "\n".join(_PIECES[i] for i in picks)
    if crlf:
        text = text.replace("\n", "\r\n")
    if not text.strip():
        return
    path = tmp_path_factory.mktemp("h") / "c.hrn"
    path.write_text(text, encoding="utf-8", newline="")
    got, plan = sharded(str(path), target, per_batch, min_range=1)
    assert _same(got, whole(str(path), per_batch))
    for s in plan[1:]:
        assert (s.first_index - 1) % per_batch == 0


def test_plan_files_on_the_local_pool_is_plan_file(tmp_path: Path) -> None:
    """The engine's workers plan a file's ranges in parallel (here two
    local processes): the same shards as one process planning them in turn."""
    from hearts_notation.runners.local import LocalEngine
    from hearts_notation.runners.shards import plan_files

    path = str(_corpus(tmp_path)["hrn"])
    missing = str(tmp_path / "nope.jsonl")
    with LocalEngine(2) as engine:
        plans = list(plan_files(engine, [(path, None), (missing, None)], None, 3000, 2))
    assert plans[0] == plan_file(path, None, 3000, 2) and len(plans[0]) > 5
    assert isinstance(plans[1], InputError)
