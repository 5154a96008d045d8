"""Machine outputs (JSON, JSONL, CSV reports and records): streamed, and
safe to open in a terminal, a pager or a spreadsheet.

* ``score --format json/csv`` writes each game as it is scored: the text is
  the same as the whole report dumped at once, and a syntax error anywhere
  still means status 2 and nothing written.
* JSON escapes DEL, the C1 controls, U+2028/U+2029 and lone surrogates
  (``json.dumps`` already escapes C0): the same values, no raw control
  character in the file.
* CSV text cells have their controls escaped, and a cell a spreadsheet would
  run as a formula (``=``, ``+``, ``-``, ``@``) starts with an apostrophe.
"""

from __future__ import annotations

import csv
import io
import json
import re
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from hearts_notation import output
from hearts_notation.cli import cli
from hearts_notation.io import dumps, read_games

ROOT = Path(__file__).parent.parent
SAMPLES = ROOT / "samples"
#: What no machine output may carry raw.
RAW = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029]")
HOSTILE_NAME = "A\x1b[2J\x9b31m\x85\x7f\u2028Z"
HOSTILE_EVENT = "E\x1b]0;t\x07\x9d"


def run(*args: str) -> tuple[int, str, str]:
    res = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    return res.exit_code, res.stdout, res.stderr


def hostile_record(tmp_path: Path, name: str = HOSTILE_NAME) -> tuple[Path, str]:
    """The canonical sample as JSON with a hostile first player name and
    event; returns the file and the seat renamed."""
    games = list(read_games(str(SAMPLES / "canonical.hrn")))
    record = json.loads(dumps(games, "json"))
    game = record[0] if isinstance(record, list) else record
    seat = next(iter(game["players"]))
    game["players"][seat] = name
    game.setdefault("tags", {})["Event"] = HOSTILE_EVENT
    game["comment"] = "C\x1b\x9bx"
    path = tmp_path / "hostile.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    return path, seat


# Streaming score -----------------------------------------------------------------------------


@pytest.mark.parametrize("args", [("samples",), ("samples/club-night.json",),
                                  ("--game", "2", "samples/multi-game.hrn")])
def test_streamed_json_report_is_the_whole_report_dumped(args: tuple[str, ...]) -> None:
    """The streamed text equals ``json.dumps(report, indent=2)`` of the
    same report, as it was when the command held every game."""
    code, out, _ = run("score", "--jobs", "1", "--format", "json", *args)
    assert code == 0
    report = json.loads(out)
    assert report["games"] and report["players"]
    assert out == json.dumps(report, indent=2, ensure_ascii=False) + "\n"


def test_streamed_json_report_with_no_game_has_an_empty_list(tmp_path: Path) -> None:
    assert output.json_text({"games": []}, indent=2) == '{\n  "games": []\n}'
    from hearts_notation.commands.score import _json_pieces, _Run
    from hearts_notation.summaries import ScoreTotals

    text = "".join(_json_pieces(iter(()), _Run()))
    assert text == json.dumps({"games": [], "players": [], "summary": ScoreTotals().to_dict()},
                              indent=2) + "\n"


def test_streamed_csv_report_rows(tmp_path: Path) -> None:
    code, out, _ = run("score", "--jobs", "1", "--format", "csv", "samples/club-night.json")
    assert code == 0
    rows = list(csv.reader(io.StringIO(out)))
    assert rows[0][:3] == ["source", "game", "deal"]
    report = json.loads(run("score", "--jobs", "1", "--format", "json",
                            "samples/club-night.json")[1])
    seats = sum(len(g["seats"]) * len(g["deals"]) for g in report["games"])
    assert len(rows) == 1 + seats
    assert {row[4] for row in rows[1:]} >= {p["player"] for p in report["players"]}


@pytest.mark.parametrize("fmt", ["json", "csv", "table"])
def test_late_syntax_error_writes_nothing(tmp_path: Path, fmt: str) -> None:
    """A syntax error in the second file: status 2, the error with its
    place, nothing on standard output and an existing -o file untouched,
    although the first file's games were already scored."""
    bad = tmp_path / "z-broken.hrn"
    bad.write_text((SAMPLES / "canonical.hrn").read_text(encoding="utf-8")
                   .replace(" QS ", " QX ", 1), encoding="utf-8")
    code, out, err = run("score", "--jobs", "1", "--format", fmt, "samples/club-night.json",
                         str(bad))
    assert code == 2 and out == ""
    assert f"{bad}:" in err and "syntax error" in err
    target = tmp_path / "out.txt"
    target.write_text("before", encoding="utf-8")
    code, out, err = run("score", "--jobs", "1", "--format", fmt, "samples/club-night.json",
                         str(bad), "-o", str(target))
    assert code == 2
    assert target.read_text(encoding="utf-8") == "before"
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []


def test_held_output_spills_to_disk_and_comes_out_whole(monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    """Output held for standard output goes to a temporary file past
    ``HOLD_IN_MEMORY`` and comes out the same; an error discards it."""
    monkeypatch.setattr(output, "HOLD_IN_MEMORY", 1000)
    pieces = [f"{i:05d}\u00e9\n" for i in range(2000)]
    output.write_stdout_held(iter(pieces))
    assert capsys.readouterr().out == "".join(pieces)

    def broken() -> object:
        yield "x" * 5000
        raise ValueError("late")

    with pytest.raises(ValueError):
        output.write_stdout_held(broken())  # type: ignore[arg-type]
    assert capsys.readouterr().out == ""


# Controls in JSON ------------------------------------------------------------------------------


def test_json_text_escapes_c1_del_separators_and_surrogates() -> None:
    value = {"n": "a\x1b\x7f\x85\x9b\u2028\u2029\ud800é♥"}
    text = output.json_text(value)
    assert RAW.search(text) is None and "\ud800" not in text
    assert "\\u0085" in text and "\\u009b" in text and "\\u007f" in text and "\\u2028" in text
    assert "é♥" in text
    text.encode("utf-8")
    assert json.loads(text) == value


@pytest.mark.parametrize("args", [
    ("score", "--jobs", "1", "--format", "json"),
    ("validate", "--jobs", "1", "--format", "json"),
    ("standings", "--jobs", "1", "--format", "json"),
    ("convert", "--to", "json"),
    ("convert", "--to", "jsonl"),
])
def test_json_outputs_carry_no_raw_control(tmp_path: Path, args: tuple[str, ...]) -> None:
    path, _ = hostile_record(tmp_path)
    code, out, err = run(*args, str(path))
    assert code in (0, 1), err
    assert RAW.search(out.replace("\n", "")) is None, repr(RAW.search(out.replace("\n", "")))
    lines = out.splitlines() if args[-1] == "jsonl" else [out]
    assert len(lines) == 1          # a name's U+2028 does not split the JSONL line
    doc = json.loads(lines[0])
    if args[0] != "validate":           # the report of validate names no player
        name = " ".join(HOSTILE_NAME.split()) if args[0] == "standings" else HOSTILE_NAME
        assert name in strings(doc)


def strings(value: object) -> list[str]:
    """Every string in a JSON value."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in [k, *strings(v)]]
    if isinstance(value, list):
        return [s for v in value for s in strings(v)]
    return []


def test_json_records_round_trip_with_controls(tmp_path: Path) -> None:
    path, seat = hostile_record(tmp_path)
    for fmt in ("json", "jsonl"):
        target = tmp_path / f"out.{fmt}"
        assert run("convert", str(path), "-o", str(target))[0] == 0
        assert RAW.search(target.read_text(encoding="utf-8").replace("\n", "")) is None
        back = next(iter(read_games(str(target))))
        assert back.players[seat] == HOSTILE_NAME
        assert back.tags["Event"] == HOSTILE_EVENT


# CSV -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("text, cell", [
    ("=cmd|' /C calc'!A0", "'=cmd|' /C calc'!A0"),
    ("+1+1", "'+1+1"),
    ("-2+3", "'-2+3"),
    ("@SUM(A1)", "'@SUM(A1)"),
    ("\tTab", "\\x09Tab"),
    ("a\x1b[2Jb\x9b", "a\\x1b[2Jb\\x9b"),
    ("line\nbreak", "line\\x0abreak"),
    ("Zoé", "Zoé"),
])
def test_csv_cell(text: str, cell: str) -> None:
    assert output.csv_cell(text) == cell


@pytest.mark.parametrize("command", ["score", "standings"])
def test_csv_reports_escape_names_and_formulas(tmp_path: Path, command: str) -> None:
    path, _ = hostile_record(tmp_path, name="=HYPERLINK(\"http://x\")\x1b\x9b")
    code, out, err = run(command, "--jobs", "1", "--format", "csv", str(path))
    assert code in (0, 1), err
    assert RAW.search(out.replace("\n", "")) is None
    cells = [c for row in csv.reader(io.StringIO(out)) for c in row]
    assert "'=HYPERLINK(\"http://x\")\\x1b\\x9b" in cells
    assert not any(c.startswith(("=", "@", "+")) for c in cells)
    # Numbers are their own cells and untouched (no apostrophe before them).
    assert not any(c.startswith("'") and c[1:].lstrip("-").isdigit() for c in cells)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(pytest.main([__file__, "-q"]))


@pytest.mark.skipif(not hasattr(__import__("os"), "mkfifo"), reason="no FIFOs")
@pytest.mark.parametrize("broken", [False, True])
def test_score_into_a_fifo_is_held_too(tmp_path: Path, broken: bool) -> None:
    """``-o FIFO`` is written through (it cannot be replaced), and held
    until the input is known good: a late syntax error sends nothing."""
    import os
    import threading

    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()), daemon=True)
    reader.start()
    files = ["samples/club-night.json"]
    if broken:
        bad = tmp_path / "z-broken.hrn"
        bad.write_text((SAMPLES / "canonical.hrn").read_text(encoding="utf-8")
                       .replace(" QS ", " QX ", 1), encoding="utf-8")
        files.append(str(bad))
    # The FIFO is opened before the games are read, so its reader always
    # sees the end of the output.
    code, _, err = run("score", "--jobs", "1", "--format", "json", *files, "-o", str(fifo))
    reader.join(timeout=60)
    assert code == (2 if broken else 0), err
    if broken:
        assert got == [b""]
    else:
        assert json.loads(got[0])["games"]
