"""Three HRN reader and cutter items of the 2026-12-06 review
(docs/robustness.md, "reader14").

1. ``unnamed-seats`` (a player tag typed between two deals begins a new game
   whose other seats have no names) is decided by the cutter's fact "this
   game follows another game of the same input" (``GameText.follows``), not
   by the game's line number: every path that cuts HRN gives the same
   finding -- ``validate`` on a file, on standard input, with ``--jobs``,
   a shard's batches, ``select``, and the editor server, which reads each
   game from its own text.
"""

from __future__ import annotations

from pathlib import Path

from hearts_notation.editor.document import Checker
from hearts_notation.editor.features import diagnostics
from hearts_notation.io.batches import hrn_batches
from hearts_notation.io.hrn.cut import cut_games
from hearts_notation.runners.validate import validate_batch
from tests.clirun import run, write

#: A prologue of comments and blanks, a first game naming one seat (an
#: observer's record: no warning), then a player tag typed between two
#: deals (the warning, at 6:2).
EVENING = ("{ an evening at the club }\n"
           "\n"
           '[North "Anne"]\n'
           "deal 1\nscore N 6 E 3 S 13 W 4\n"
           '[West "Eve"]\n'
           "deal 2\nscore N 10 E 6 S 14 W 6\n")
#: The same evening with its first game on line 1.
AT_LINE_1 = EVENING.split("\n", 2)[2]


def _cli(out: str) -> list[tuple[int, int]]:
    """(line, column) of each unnamed-seats warning ``validate`` printed."""
    found = []
    for line in out.splitlines():
        if line.endswith("[unnamed-seats]"):
            place = line.split(": warning:")[0].rsplit(":", 2)
            found.append((int(place[1]), int(place[2])))
    return found


def _served(text: str) -> list[tuple[int, int]]:
    """(line, column), 1-based, of each unnamed-seats diagnostic of the editor server."""
    return [(d.line + 1, d.start + 1) for d in diagnostics(Checker().analyse(text), "en")
            if d.code == "unnamed-seats"]


def test_unnamed_seats_is_the_same_on_every_path(tmp_path: Path) -> None:
    for text, expected in ((EVENING, [(6, 2)]), (AT_LINE_1, [(4, 2)])):
        path = write(tmp_path, "evening.hrn", text)
        assert _cli(run("validate", path)[1]) == expected
        assert _cli(run("validate", "--jobs", "2", path)[1]) == expected
        assert _cli(run("validate", "-", input=text)[1]) == expected
        assert _served(text) == expected         # (the server gave none before)
        for args in ((path,), ("--jobs", "2", path)):
            assert run("select", *args, "--where", "finding(unnamed-seats)", "--count")[1].strip() == "1"
        assert run("select", "-", "--where", "finding(unnamed-seats)", "--count",
                   input=text)[1].strip() == "1"


def test_a_first_game_is_never_told_unnamed(tmp_path: Path) -> None:
    # A first game naming one seat, at line 1 or after a prologue of
    # comments and blanks, is an observer's record, not a replacement.
    one = '[North "Anne"]\ndeal 1\nscore N 6 E 3 S 13 W 4\n'
    for text in (one, "\n\n" + one, "{ the club }\n; a note\n\n" + one):
        assert _cli(run("validate", write(tmp_path, "one.hrn", text))[1]) == [], text
        assert _cli(run("validate", "-", input=text)[1]) == [], text
        assert _served(text) == [], text


def test_the_cutter_says_which_games_follow_another() -> None:
    games = list(cut_games([EVENING]))
    assert [(g.line, g.follows) for g in games] == [(1, False), (6, True)]
    # A text cut in chunks, and a shard that starts past the file's first
    # game (its first game follows one of the file).
    assert [g.follows for g in cut_games(EVENING.splitlines(keepends=True))] == [False, True]
    second = EVENING.split("\n", 5)[5]
    assert [g.follows for g in cut_games([second], first_line=6)] == [False]
    assert [g.follows for g in cut_games([second], first_line=6, after_game=True)] == [True]


def test_a_shard_batch_past_the_first_game_tells_it() -> None:
    # The batches a shard of ``--jobs`` gives (hrn_batches, as cut_hrn calls it
    # with the shard's first line and index), refereed by the worker's own call.
    second = EVENING.split("\n", 5)[5]
    batches = list(hrn_batches("evening.hrn", iter([second]), 8, None, first_line=6, first_index=2))
    codes = [(f["code"], f["line"], f["column"])
             for batch in batches for entry in validate_batch(batch, None, False)
             for f in entry["findings"]]
    assert ("unnamed-seats", 6, 2) in codes
