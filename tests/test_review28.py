"""Review 28: hostile use, round 28 (the leftovers of round 27, outputs,
many files, the environment), pinned (docs/robustness.md, "Round 28").

Each test failed on main at 553f54cf.  Cheap and in-process: the scale a
fault showed at is brought down to what still tells main from the fix."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest


def test_placing_an_early_error_in_a_long_history_does_not_index_the_whole_of_it() -> None:
    """A JSON-list OpenSpiel history of 10^6 actions whose game ends at
    its 106th: the error was placed by indexing every value of the
    document (a path and an offset for each action: 197 MB peak for a
    3.8 MB file).  The locator's pass stops at the value asked: here
    (100,000 actions) 18 MB of tracked memory on main, 1.6 MB now."""
    from tests.history_memory import refusal_peak

    rng = random.Random(28)
    deal = list(range(52))
    rng.shuffle(deal)
    actions = [0, *deal, *(k % 52 for k in range(100_000))]
    text = "[" + ", ".join(map(str, actions)) + "]\n"
    told, peak = refusal_peak("[" + ", ".join(map(str, actions[:300])) + "]\n", text,
                              "action 106: 99,948 actions after")
    assert (told.line, told.column) == (1, 401)
    assert peak < 8 * len(text), peak       # (47 times the text on main)


def _yaml_errors(text: str, chunked: bool) -> list[object]:
    """Each game of the YAML stream *text*: "ok", or its errors' (line,
    column, message key); the stream's own end error last, if any."""
    from hearts_notation.io.jsonio import iter_yaml
    from hearts_notation.io.stream import RecordError

    source: str | list[str] = [text[i:i + 700] for i in range(0, len(text), 700)] \
        if chunked else text
    out: list[object] = []
    try:
        for game in iter_yaml(source, "s.yaml"):
            out.append([(e.line, e.column, e.key) for e in game.errors] if game.errors else "ok")
    except RecordError as exc:
        out.append(("end", exc.line, exc.column, exc.msg.key))
    return out


@pytest.mark.parametrize("chunked", [False, True])
def test_a_yaml_document_nested_past_1000_levels_is_one_error_and_the_next_are_read(
        chunked: bool) -> None:
    """Documents nested past 1,000 levels (flow brackets; block dashes; a
    ``--- [[[`` line; brackets never closed, then ``...``) ended the
    stream's reading: every later document lost.  Each is one error at its
    first over-deep value, the next documents read at their own lines (the
    parser is left and a new one started at the next document's marker)."""
    good = (Path(__file__).parent.parent / "samples" / "game.yaml").read_text(encoding="utf-8")
    good = good.rstrip("\n")
    lines = good.count("\n") + 1
    docs = [good, "[" * 1200 + "\n" + "]" * 1200, good, "- " * 1200 + "x",
            "{a: x}", "[" * 1500 + "\n...", good, "--- " + "[" * 1100 + "]" * 1100,
            "foo: [1, 2"]
    text = "\n---\n".join(docs) + "\n"
    got = _yaml_errors(text, chunked)
    block = 2 * lines + 6                   # the line of the block-nested document
    assert got == [
        "ok", [(lines + 2, 33, "limit.over")], "ok", [(block, 65, "limit.over")],
        [(block + 2, 5, "record.at")],      # ({a: x}: its line, as in the whole file)
        [(block + 4, 33, "limit.over")], "ok",
        [(3 * lines + 14, 37, "limit.over")],
        ("end", 3 * lines + 17, 1, "record.yaml")], got


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")
def test_a_standard_error_that_cannot_be_written_keeps_the_status(tmp_path: Path) -> None:
    """``hearts score missing.hrn 2>/dev/full``: the error written to
    standard error failed with ENOSPC in the middle of the command, was
    taken for an output that could not be written, whose report failed
    the same way, and Python's traceback ended the run with status 1 (not
    2).  What standard error cannot take is dropped; the status stays."""
    with open("/dev/full", "wb") as full:
        done = subprocess.run([sys.executable, "-m", "hearts_notation", "score",
                               str(tmp_path / "missing.hrn")],
                              stdout=subprocess.PIPE, stderr=full, timeout=60, check=False)
    assert done.returncode == 2, done


def test_the_tables_on_a_terminal_ten_columns_wide_keep_their_content(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``COLUMNS=10 hearts rules`` showed "sta…" and empty columns for the
    players and the descriptions, ``standings --ratings`` a ratings table of
    empty cells (``hint``'s likewise): rich's own table shrinks every column
    to nothing.  They are laid out as the other tables are (``WordTable``:
    at the width their longest words need, the terminal wrapping them)."""
    from clirun import run

    pytest.importorskip("openskill")
    monkeypatch.setenv("COLUMNS", "10")
    status, out = run("rules")
    assert status == 0 and "│ standard " in out and "four players" in out, out
    sample = str(Path(__file__).parent.parent / "samples" / "multi-game.hrn")
    status, out = run("standings", sample, "--ratings")
    ratings = out[out.index("Ratings"):]
    assert status == 0 and "Chen" in ratings and "Bilal" in ratings, out


def test_a_link_to_nowhere_in_a_folder_is_told_not_passed_over(tmp_path: Path) -> None:
    """A folder holding ``night2.hrn``, a link whose target was moved:
    ``validate club`` read the other records and said nothing of it, status
    0 (the folder's listing kept regular files only).  It is listed, and
    its reading says it is missing, status 2, the others read."""
    from clirun import run

    sample = Path(__file__).parent.parent / "samples" / "multi-game.hrn"
    club = tmp_path / "club"
    club.mkdir()
    (club / "night1.hrn").write_bytes(sample.read_bytes())
    (club / "night2.hrn").symlink_to(tmp_path / "moved.hrn")
    status, out = run("validate", str(club))
    assert status == 2 and "night2.hrn: no such file" in out and "3 valid games" in out, out
