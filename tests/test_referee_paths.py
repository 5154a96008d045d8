"""Every validate path gives the same findings for the same game.

A game may reach the referee as HRN text (the compact check on the
reader's events, falling back to the model), as JSON or JSONL (the compact
check on decoded JSON, falling back to the model), on one worker process or
several.  Whatever the path, the finding codes must be those of
:func:`hearts_notation.referee.check_game` on the model: a path that skips a
check (as the compact HRN path once skipped the recipient a pass names) is
caught here for every file of tests/data/referee.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

import pytest
from click.testing import CliRunner

from hearts_notation.cli import cli
from hearts_notation.io import dumps, read_games
from hearts_notation.referee import check_game

DATA = Path(__file__).parent / "data" / "referee"
FILES = sorted(DATA.glob("*.hrn"))


def _codes(findings: Sequence[dict[str, object]]) -> list[str]:
    return sorted(str(f["code"]) for f in findings)


def _validate(paths: Sequence[Path], jobs: int) -> dict[str, list[list[str]]]:
    """Finding codes of every game, by source file, from ``hearts validate``."""
    result = CliRunner().invoke(cli, ["validate", "--format", "json", "--jobs", str(jobs),
                                      *map(str, paths)])
    assert result.exit_code in (0, 1), result.output
    out: dict[str, list[list[str]]] = {}
    for g in json.loads(result.stdout)["games"]:
        out.setdefault(Path(g["source"]).stem, []).append(_codes(g["findings"]))
    return out


@pytest.fixture(scope="module")
def expected() -> dict[str, list[list[str]]]:
    return {p.stem: [_codes([f.to_dict() for f in check_game(g).findings]) for g in read_games(str(p))]
            for p in FILES}


@pytest.fixture(scope="module")
def converted(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[Path]]:
    """Each file that reads without a syntax error, written as JSON and as JSONL."""
    root = tmp_path_factory.mktemp("paths")
    out: dict[str, list[Path]] = {"json": [], "jsonl": []}
    for p in FILES:
        games = list(read_games(str(p)))
        if any(g.errors for g in games):
            continue        # a syntax error has no JSON form
        for fmt in out:
            target = root / f"{p.stem}.{fmt}"
            target.write_text(dumps(games, fmt), encoding="utf-8")
            out[fmt].append(target)
    return out


def test_the_data_covers_the_paths(converted: dict[str, list[Path]]) -> None:
    assert len(FILES) >= 40
    assert len(converted["json"]) >= len(FILES) - 2


@pytest.mark.parametrize("jobs", [1, 2])
def test_hrn_text(expected: dict[str, list[list[str]]], jobs: int) -> None:
    assert _validate(FILES, jobs) == expected


@pytest.mark.parametrize("jobs", [1, 2])
@pytest.mark.parametrize("fmt", ["json", "jsonl"])
def test_json_and_jsonl(expected: dict[str, list[list[str]]], converted: dict[str, list[Path]],
                        fmt: str, jobs: int) -> None:
    got = _validate(converted[fmt], jobs)
    assert got == {p.stem: expected[p.stem] for p in converted[fmt]}


def test_pass_recipient_is_judged_on_every_path(expected: dict[str, list[list[str]]]) -> None:
    # The regression this file was written for.
    assert expected["pass-direction-recipient"] == [["pass-direction"]]
    assert _validate([DATA / "pass-direction-recipient.hrn"], 1) == {
        "pass-direction-recipient": [["pass-direction"]]}


def test_a_pass_to_the_right_recipient_stays_on_the_compact_path() -> None:
    from hearts_notation.io.hrn.reader import parse_game
    from hearts_notation.referee import report_hrn_text

    text = (DATA / "pass-direction-recipient.hrn").read_text(encoding="utf-8").replace(
        "pass N>S:", "pass N>E:")
    got = report_hrn_text(text, "t.hrn", 1, 1)
    assert got == check_game(parse_game(text, "t.hrn", 1, None, 1)).to_dict()
    assert got["valid"] and got["findings"] == []
