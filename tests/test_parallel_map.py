"""The ordered process-pool map: order, chunking, identical results
whatever the number of jobs, errors in order, clean shutdown."""

from __future__ import annotations

import json
import multiprocessing
import pickle
from collections.abc import Iterator
from functools import partial
from pathlib import Path

import pytest

from hearts_notation.generate import generate_games
from hearts_notation.io import InputError, dumps, read_games
from hearts_notation.io.batches import Batch
from hearts_notation.model import Game
from hearts_notation.referee import validate_game
from hearts_notation.runners.local import iter_batches, map_games
from hearts_notation.runners.pool import map_ordered
from tests.budget import long_beyond

GAMES = list(generate_games(5, seed=21))


def square(x: int) -> int:
    return x * x


def fails_at(bad: int, x: int) -> int:
    if x == bad:
        raise ValueError(f"bad item {x}")
    return x + 1


def summary(game: Game) -> tuple[object, ...]:
    """A picklable digest of a game and where it was read."""
    return (game.source, game.index, game.pos, len(game.deals), bool(game.errors),
            [d.pos for d in game.deals][:2], game.deals[0].tricks[0].plays[0].pos if game.deals else None)


@pytest.mark.parametrize("jobs", [1, 2, 3])
@pytest.mark.parametrize("chunk", [1, 4, 100])
def test_order_is_kept(jobs: int, chunk: int) -> None:
    items = iter(range(257))            # a generator: nothing is known in advance
    assert list(map_ordered(square, items, jobs=jobs, chunk_size=chunk)) == [x * x for x in range(257)]


def test_empty_input() -> None:
    assert list(map_ordered(square, [], jobs=2, chunk_size=3)) == []


@pytest.mark.parametrize("jobs", [1, 2])
def test_worker_error_comes_after_the_results_before_it(jobs: int) -> None:
    out: list[int] = []
    with pytest.raises(ValueError, match="bad item 37"):
        for r in map_ordered(partial(fails_at, 37), range(100), jobs=jobs, chunk_size=8):
            out.append(r)
    assert out == [x + 1 for x in range(37)]


def _items_then_error() -> Iterator[int]:
    yield from range(10)
    raise InputError("big.hrn", "not UTF-8 text (byte 0xe9)", 900, 3)


@pytest.mark.parametrize("jobs", [1, 2])
def test_input_error_comes_after_the_results_before_it(jobs: int) -> None:
    out: list[int] = []
    with pytest.raises(InputError) as info:
        for r in map_ordered(square, _items_then_error(), jobs=jobs, chunk_size=4):
            out.append(r)
    assert out == [x * x for x in range(10)]
    assert str(info.value) == "big.hrn:900:3: not UTF-8 text (byte 0xe9)"


def _interrupted() -> Iterator[int]:
    yield from range(20)
    raise KeyboardInterrupt


def test_interrupt_terminates_the_workers() -> None:
    with pytest.raises(KeyboardInterrupt):
        list(map_ordered(square, _interrupted(), jobs=2, chunk_size=2))
    assert multiprocessing.active_children() == []


def test_stopping_early_terminates_the_workers() -> None:
    results = map_ordered(square, range(10_000), jobs=2, chunk_size=5)
    assert next(results) == 0
    results.close()   # type: ignore[attr-defined]
    assert multiprocessing.active_children() == []


def test_games_pickle_with_their_positions(tmp_path: Path) -> None:
    f = tmp_path / "g.hrn"
    f.write_text(dumps(GAMES, "hrn"), encoding="utf-8")
    for game in read_games(str(f)):
        back = pickle.loads(pickle.dumps(game, protocol=pickle.HIGHEST_PROTOCOL))
        assert back == game
        assert summary(back) == summary(game)
        assert back.deals[0].where == game.deals[0].where


@pytest.mark.parametrize("fmt", long_beyond(["hrn", "jsonl", "json", "yaml"], keep=3))
def test_map_games_same_as_reading_whatever_the_jobs(tmp_path: Path, fmt: str) -> None:
    f = tmp_path / f"g.{fmt}"
    f.write_text(dumps(GAMES * 3, fmt), encoding="utf-8")
    expected = [summary(g) for g in read_games(str(f))]
    for jobs in (1, 2):
        for per_batch in (1, 4):
            got = list(map_games(summary, [str(f)], jobs=jobs, games_per_batch=per_batch))
            assert got == expected


def test_validate_reports_identical_with_one_or_two_jobs(tmp_path: Path) -> None:
    text = dumps(GAMES, "hrn").replace("5. ", "5. N 2H ", 1)      # a broken trick in game 1
    f = tmp_path / "v.hrn"
    f.write_text(text, encoding="utf-8")
    work = partial(validate_game, default_rules_spec=None, force=False)
    one = list(map_games(work, [str(f)], jobs=1))
    two = list(map_games(work, [str(f)], jobs=2, games_per_batch=2))
    assert one == two
    assert not one[0]["valid"] and all(r["valid"] for r in one[1:])
    assert json.dumps(one) == json.dumps(two)     # what the command prints


def test_map_games_yields_unreadable_files_in_order(tmp_path: Path) -> None:
    good = tmp_path / "a.jsonl"
    good.write_text(dumps(GAMES[:2], "jsonl"), encoding="utf-8")
    binary = tmp_path / "b.hrn"
    binary.write_bytes(b"\x00\x01\x02")
    paths = [str(good), str(tmp_path / "missing.hrn"), str(binary), str(good)]
    for jobs in (1, 2):
        out = list(map_games(summary, paths, jobs=jobs, errors="yield"))
        kinds = [type(x).__name__ for x in out]
        assert kinds == ["tuple", "tuple", "InputError", "InputError", "tuple", "tuple"]
        assert "no such file" in str(out[2]) and "binary data" in str(out[3])
    with pytest.raises(InputError, match="no such file"):
        list(map_games(summary, paths, jobs=2))


def test_batches_carry_their_bytes_and_place(tmp_path: Path) -> None:
    f = tmp_path / "g.hrn"
    text = dumps(GAMES, "hrn")
    f.write_text(text, encoding="utf-8")
    batches = [b for b in iter_batches([str(f)], games_per_batch=2) if isinstance(b, Batch)]
    assert [b.first_index for b in batches] == [1, 3, 5]
    assert abs(sum(b.nbytes for b in batches) - len(text)) <= len(batches)


def test_progress_counts_games_deals_and_bytes(tmp_path: Path) -> None:
    from hearts_notation.progress import CorpusProgress

    f = tmp_path / "g.hrn"
    f.write_text(dumps(GAMES, "hrn"), encoding="utf-8")
    for jobs in (1, 2):
        bar = CorpusProgress("test", total=f.stat().st_size, unit="bytes", enabled=False)
        with bar:
            assert len(list(map_games(summary, [str(f)], jobs=jobs, progress=bar))) == len(GAMES)
        assert (bar.games, bar.deals) == (len(GAMES), sum(len(g.deals) for g in GAMES))
        assert abs(bar.nbytes - f.stat().st_size) <= len(GAMES)
        assert not bar.enabled          # stderr is not a terminal under pytest


def test_progress_bar_draws_on_a_terminal_only(capsys: pytest.CaptureFixture[str]) -> None:
    from hearts_notation.progress import CorpusProgress, stderr_is_terminal

    assert not stderr_is_terminal()
    with CorpusProgress("quiet", total=10) as bar:
        for _ in range(10):
            bar.advance(1, 13)
    assert capsys.readouterr().err == ""
    assert bar.rates()[1] > 0


def test_corrupted_game_in_a_large_file_is_reported_and_the_rest_checked(tmp_path: Path) -> None:
    # 100 games (0.6 MB), four batches of map_games's 32: the broken game in
    # the second, batches before and after it (it was 200 games, checked twice:
    # 0.8 CPU-s more in pure Python for the same batches' path; issue 22)
    many = GAMES * 20
    lines = dumps(many, "hrn").split("\n")
    starts = [i for i, ln in enumerate(lines) if ln.startswith("[Event")]
    bad = next(i for i in range(starts[60], starts[61]) if lines[i].startswith("7. "))
    lines[bad] = "7. N QS QS QS QS"
    f = tmp_path / "big.hrn"
    f.write_text("\n".join(lines), encoding="utf-8")
    work = partial(validate_game, default_rules_spec=None, force=False)
    reports = list(map_games(work, [str(f)], jobs=2))
    assert len(reports) == len(many)
    invalid = [r["index"] for r in reports if not r["valid"]]
    assert invalid == [61]
    codes = {x["code"] for x in reports[60]["findings"]}
    assert "syntax-error" in codes or codes & {"out-of-turn", "duplicate-card", "not-held"}
    assert reports[60]["findings"][0]["line"] == bad + 1
    assert reports == list(map_games(work, [str(f)], jobs=1))
