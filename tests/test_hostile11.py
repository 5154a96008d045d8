"""Helper hostile11: hostile structured files, and ``convert`` with a record
the referee refuses (docs/robustness.md, "hostile11"; docs/decisions.md,
"convert and the seats a game does not have").

The default run is cheap (one generated game of one deal, in-process); the
campaign of about 300 hostile inputs through every command that reads them
is the long step (tests/conftest.py, LONG_TESTS)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from clirun import one_deal_record

from hearts_notation.cli import cli
from hearts_notation.generate import generate_games
from hearts_notation.io import dumps

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def record() -> dict[str, Any]:
    """One clean game of one deal, its four players named."""
    return one_deal_record(11)


def _deal(r: dict[str, Any]) -> dict[str, Any]:
    d = r["deals"][0]
    assert isinstance(d, dict)
    return d


#: A record naming a seat its game does not have, each way it can.
STRANGERS = {
    "player-X": lambda r: r["players"].__setitem__("X", "Zed"),
    "player-North": lambda r: r["players"].__setitem__("North", "Zed"),
    "hand-X": lambda r: _deal(r)["hands"].__setitem__("X", _deal(r)["hands"]["N"]),
    "pass-X": lambda r: _deal(r)["passes"].__setitem__("X", ["2C", "3C", "4C"]),
    "score-X": lambda r: _deal(r)["score"].__setitem__("X", 0),
    "dealer-X": lambda r: _deal(r).__setitem__("dealer", "X"),
    "play-X": lambda r: _deal(r)["tricks"][0]["plays"][3].__setitem__("seat", "X"),
    "result-X": lambda r: r.__setitem__("result", ["X"]),
}


@pytest.mark.parametrize("case", sorted(STRANGERS))
def test_convert_refuses_a_seat_the_game_does_not_have(tmp_path: Path, record: dict[str, Any],
                                                        case: str) -> None:
    """Converted, such a record read back as another game (``[X "Zed"]`` is
    a tag; ``[North "Zed"]`` a second North tag) or not at all (``unknown
    seat 'X'``), and convert said nothing (status 0).  Now: the referee's
    finding at the record, status 2, nothing written, the old file kept."""
    rec = copy.deepcopy(record)
    STRANGERS[case](rec)
    src = tmp_path / "g.jsonl"
    src.write_text(json.dumps(record) + "\n" + json.dumps(rec) + "\n", encoding="utf-8")
    out = tmp_path / "out.hrn"
    out.write_text("old\n", encoding="utf-8")
    res = CliRunner().invoke(cli, ["convert", str(src), "-o", str(out)])
    assert res.exit_code == 2, res.output
    said = "shows X playing" if case == "play-X" else "not a seat of this game"
    assert said in res.output
    assert f"{src}:2:" in res.output and f"{src}:2:1: " not in res.output   # at the value
    assert "nothing written" in res.output
    assert out.read_text(encoding="utf-8") == "old\n"


def test_convert_refusal_at_the_value(tmp_path: Path, record: dict[str, Any]) -> None:
    """In a ``.json`` document the place is the value's line and column, as
    ``validate`` gives it (the input is read again for it, on refusal only);
    on standard input, the game's first line."""
    rec = copy.deepcopy(record)
    STRANGERS["player-X"](rec)
    src = tmp_path / "g.json"
    text = json.dumps(rec, indent=1)
    src.write_text(text, encoding="utf-8")
    row = next(k for k, line in enumerate(text.splitlines(), 1) if '"X": "Zed"' in line)
    res = CliRunner().invoke(cli, ["convert", str(src), "--to", "hrn"])
    assert res.exit_code == 2
    assert f"{src}:{row}:8: error: a player is named for Zed (X)" in res.output
    res = CliRunner().invoke(cli, ["convert", "-", "--from", "json", "--to", "hrn"], input=text)
    assert res.exit_code == 2
    assert "-:1:1: error: a player is named for Zed (X)" in res.output


def test_convert_refusal_in_french_and_on_standard_output(tmp_path: Path,
                                                          record: dict[str, Any]) -> None:
    rec = copy.deepcopy(record)
    STRANGERS["player-North"](rec)
    src = tmp_path / "g.json"
    src.write_text(json.dumps(rec, indent=1), encoding="utf-8")
    res = CliRunner().invoke(cli, ["convert", "--lang", "fr", str(src), "--to", "json"])
    assert res.exit_code == 2
    assert "rien n'a été écrit" in res.output
    assert '"players"' not in res.output      # nothing of the record on standard output


def test_convert_of_a_valid_record_is_unchanged(tmp_path: Path, record: dict[str, Any]) -> None:
    """A record naming only its seats converts as before, byte for byte
    (what main wrote: the same writer, the gate passes it)."""
    src = tmp_path / "g.json"
    src.write_text(json.dumps(record, indent=1), encoding="utf-8")
    res = CliRunner().invoke(cli, ["convert", str(src), "--to", "hrn"])
    assert res.exit_code == 0, res.output
    games = list(generate_games(1, seed=11, max_deals=1))
    assert '[North "Ann"]' in res.output
    assert res.output.split("\n\n", 1)[1] == dumps(games, "hrn").split("\n\n", 1)[1]


def test_convert_with_a_seats_key_takes_its_seats(tmp_path: Path, record: dict[str, Any]) -> None:
    """The seats are the record's own (``seats``): a game of seats A B C D
    names no stranger with those keys."""
    rec = copy.deepcopy(record)
    ren = dict(zip("NESW", "ABCD", strict=True))
    text = json.dumps(rec)
    for old, new in ren.items():
        text = text.replace(f'"{old}"', f'"{new}"')
    rec2 = json.loads(text)
    rec2["seats"] = list("ABCD")
    src = tmp_path / "g.json"
    src.write_text(json.dumps(rec2), encoding="utf-8")
    res = CliRunner().invoke(cli, ["convert", str(src), "--to", "json"])
    assert res.exit_code == 0, res.output


def _playthrough(history: str, points: str = "26") -> str:
    return ("game: hearts\n\nHistory() = " + history + "\n# Points:\n# N: 0\n# E: 0\n# S: 0\n"
            f"# W: {points}\n")


@pytest.mark.parametrize("history, points, where, said", [
    # points of 5,000 digits: int() raised ValueError, "internal error", exit 3
    ("[1, 2]", "9" * 5000, "8:6:", "a number of 5,000 digits is over the limit of 18"),
    # History() was read by ast.literal_eval: expressions, Python's own
    # nesting limit and memory; now the records' bounded JSON reader
    ("[" * 40 + "]" * 40, "26", "3:45:", "nesting of JSON values is over the limit of 32"),
], ids=["points-5000-digits", "history-40-deep"])
def test_playthrough_numbers_and_history_bounded(tmp_path: Path, history: str, points: str,
                                                  where: str, said: str) -> None:
    src = tmp_path / "play.txt"
    src.write_text(_playthrough(history, points), encoding="utf-8")
    res = CliRunner().invoke(cli, ["validate", "--from", "openspiel-playthrough", str(src)])
    assert res.exit_code == 2, res.output
    assert f"{src}:{where} " in res.output and said in res.output


def test_score_table_keeps_a_file_name_on_its_line(tmp_path: Path,
                                                   record: dict[str, Any]) -> None:
    """A newline in a file's name was written raw into ``score``'s table
    title (the ESC beside it was escaped): the title broke in two lines."""
    src = tmp_path / "we\nird\x1b[31m.json"
    src.write_text(json.dumps(record), encoding="utf-8")
    res = CliRunner().invoke(cli, ["score", str(src)])
    assert res.exit_code == 0, res.output
    assert "we\\x0aird\\x1b[31m.json game 1" in res.output
    assert "\x1b" not in res.output and "we\n" not in res.output


def test_campaign(tmp_path: Path) -> None:
    """The campaign of docs/robustness.md ("hostile11"), each input through
    ``validate`` and ``convert --to hrn`` in a process of its own (``ulimit
    -v 3000000``, ``timeout``): status 0, 1 or 2, never a traceback or an
    internal error.  The whole campaign, every command: ``python
    tests/hostile11_inputs.py OUTDIR LOG.jsonl``.  The inputs of a million
    bad records are linear (about 125 CPU-µs a record, docs/robustness.md,
    hostile9) and cost minutes each in two commands: the script runs them,
    this test does not (with them the long step took a quarter of an hour
    more); docs/robustness.md ("hostile11") gives their figures."""
    import sys

    sys.path.insert(0, str(ROOT / "tests"))
    from hostile11_inputs import COMMANDS, run_one, write_all

    slow = ("million", "many-", "100mb", "long-")
    bad = []
    for path, fmt in write_all(tmp_path / "in"):
        if any(w in path.name for w in slow):
            continue
        for c in COMMANDS[:2]:
            args = [str(path) if a == "{}" else a for a in c]
            if fmt is not None:
                args[1:1] = ["--from", fmt]
            r = run_one(args, timeout=60)
            if r["bad"]:
                bad.append(r)
    assert not bad, bad[:5]


def test_convert_summary_keeps_a_file_name_on_its_line(tmp_path: Path) -> None:
    """``convert``'s last line (``hearts: 1 syntax error in NAME; nothing
    written``) wrote a newline of the file's name raw: the line broke in two."""
    src = tmp_path / "y\ny.jsonl"
    src.write_text("{\n", encoding="utf-8")
    res = CliRunner().invoke(cli, ["convert", str(src), "--to", "hrn"])
    assert res.exit_code == 2
    last = res.output.rstrip("\n").split("\n")[-1]
    assert last.startswith("hearts: 1 syntax error in ") and "y\\x0ay.jsonl" in last


def test_errors_of_one_game_share_its_view(monkeypatch: pytest.MonkeyPatch) -> None:
    """``render_errors`` set the game's players in view once per error, a
    copy of all of them each time: a record of 50,000 players named at no
    seat cost 11.8 CPU-s in ``convert`` (2.1 now, the same text).  The view
    is set once for the errors of one game."""
    import hearts_notation.diagnostics as diagnostics
    from hearts_notation.diagnostics import NamedError
    from hearts_notation.model import Finding

    entered = []
    real = diagnostics.players_in_view

    def counting(players: Any) -> Any:
        entered.append(1)
        return real(players)

    monkeypatch.setattr(diagnostics, "players_in_view", counting)
    players = {"N": "Ann", **{f"P{i}": "x" for i in range(300)}}
    seats = ("N", "E", "S", "W")
    errors = [NamedError(Finding("player-conflict", "error", f"P{i}", seat=f"P{i}", line=1,
                                 column=1), players, seats) for i in range(300)]
    out = diagnostics.render_errors(errors, "g.json", {1: "{"})
    assert len(out) == 300 and out[7].startswith("g.json:1:1: error: P7")
    assert len(entered) == 1
