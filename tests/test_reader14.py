"""Three HRN reader and cutter items of the 2026-12-06 review
(docs/robustness.md, "reader14").

1. ``unnamed-seats`` (a player tag typed between two deals begins a new game
   whose other seats have no names) is decided by the cutter's fact "this
   game follows another game of the same input" (``GameText.follows``), not
   by the game's line number: every path that cuts HRN gives the same
   finding -- ``validate`` on a file, on standard input, with ``--jobs``,
   a shard's batches, ``select``, and the editor server, which reads each
   game from its own text.
2. A chunk holding a character that NFC alone replaces (U+212B ANGSTROM
   SIGN...) is cut by the block cutter: the cutter composes only a letter
   with its marks, so the line-by-line cutter was taken for nothing.
3. The cutter stops keeping a game's lines once the game is past the
   ``record`` limit (HEARTS_MAX_RECORD): memory follows the limit, not the
   game; the same finding and the same games after it.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from hearts_notation.editor.document import Checker
from hearts_notation.editor.features import diagnostics
from hearts_notation.io.batches import hrn_batches
from hearts_notation.io.hrn.cut import GameText, cut_games
from hearts_notation.io.hrn.reader import read_hrn_chunks
from hearts_notation.io.limits import Limits, set_limits
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


def test_shards_of_a_file_say_what_a_whole_read_says(tmp_path: Path) -> None:
    # ``--jobs`` on a large file cuts it in shards, each cut from its own
    # first line: a shard's first game follows one of the file's.
    from hearts_notation.runners.shards import plan_file, shard_batches

    path = write(tmp_path, "evening.hrn", EVENING * 3)
    plan = plan_file(path, None, 1, 1, min_range=1)
    assert not isinstance(plan, Exception) and len(plan) > 1
    got = [(g.line, g.follows) for shard in plan for b in shard_batches(shard, None, 1) for g in b.payload]
    assert got == [(g.line, g.follows) for g in cut_games([EVENING * 3])]
    assert [f for _, f in got] == [False] + [True] * 5


def test_a_shard_batch_past_the_first_game_tells_it() -> None:
    # The batches a shard of ``--jobs`` gives (hrn_batches, as cut_hrn calls it
    # with the shard's first line and index), refereed by the worker's own call.
    second = EVENING.split("\n", 5)[5]
    batches = list(hrn_batches("evening.hrn", iter([second]), 8, None, first_line=6, first_index=2))
    codes = [(f["code"], f["line"], f["column"])
             for batch in batches for entry in validate_batch(batch, None, False)
             for f in entry["findings"]]
    assert ("unnamed-seats", 6, 2) in codes


# 2. A character NFC alone replaces keeps the block cutter ------------------------------

#: Characters that NFC replaces on their own (not a letter and its marks):
#: the cutter keeps them as written (cut.compose_marks).
SINGLETONS = "\u212b\u2126\uf900"


def _line_by_line_cuts(monkeypatch: pytest.MonkeyPatch, text: str, size: int = 1 << 20
                       ) -> tuple[list[GameText], int]:
    """The games of *text* cut in chunks of *size*, and how many times the
    cutter went line by line (it hands the rest to ``split_lines`` then)."""
    from hearts_notation.io.hrn import cut

    calls = [0]
    real = cut.split_lines

    def counted(*args: Any, **kwargs: Any) -> Iterator[str]:
        calls[0] += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(cut, "split_lines", counted)
    games = list(cut_games(text[i:i + size] for i in range(0, len(text), size)))
    return games, calls[0]


def test_a_singleton_comment_is_cut_by_the_block_cutter(monkeypatch: pytest.MonkeyPatch) -> None:
    text = AT_LINE_1.replace("deal 2", f"{{{SINGLETONS} 5 \u212b}} deal 2")
    games, slow = _line_by_line_cuts(monkeypatch, text)
    assert slow == 0                         # went line by line before
    assert [g.text.count(SINGLETONS) for g in games] == [0, 1]      # kept as written
    for size in (7, 64):                     # wherever the chunks end
        assert _line_by_line_cuts(monkeypatch, text, size) == (games, 0)
    # The game read keeps the characters too.
    read = repr(list(read_hrn_chunks([text])))
    assert SINGLETONS in read and "\u00c5" not in read


def test_decomposed_accents_still_read_composed(monkeypatch: pytest.MonkeyPatch) -> None:
    # ``re\u0301sultat`` is the keyword once composed: it ends the game, and
    # the chunk with it goes line by line (an accent that begins a chunk too).
    text = ('[Nord "Mae\u0308lle"]\ndonne 1\nmarque N 6 E 3 S 13 O 4\nre\u0301sultat N\n'
            '[Nord "Anne"] [Est "B"] [Sud "C"] [Ouest "D"]\ndonne 1\nmarque N 6 E 3 S 13 O 4\n')
    for size in (1 << 20, 9, 32):
        games, slow = _line_by_line_cuts(monkeypatch, text, size)
        assert slow == 1, size
        assert [g.line for g in games] == [1, 5]
        assert games[0].text.startswith('[Nord "Ma\u00eblle"]') and "r\u00e9sultat N" in games[0].text


# 3. A game past the record limit is not held whole ------------------------------------

#: A game of one tag, a deal header and 2,000 trick lines (170 KB),
#: then a game that reads.
TRICK = "1. N 2C E 3C S 4C W 5C {" + "x" * 60 + "}\n"
BIG = ('[Event "big"]\ndeal 1\n' + TRICK * 2_000 + "result N\n"
       '[Event "next"] [North "Anne"]\ndeal 1\nscore N 6 E 3 S 13 W 4\n')


def _chunked(text: str, size: int) -> Iterator[str]:
    return (text[i:i + size] for i in range(0, len(text), size))


def test_a_game_past_the_record_limit_is_not_held_whole() -> None:
    import tracemalloc

    record = 5_000
    set_limits(Limits(record=record))
    try:
        whole = [(g.errors, repr(g) if g.index == 2 else None) for g in read_hrn_chunks([BIG])]
        for text in (BIG, BIG.replace("\n", "\r\n")):       # the block cutter, the line-by-line one
            tracemalloc.start()
            try:
                games = list(cut_games(_chunked(text, 4096)))
                peak = tracemalloc.get_traced_memory()[1]
            finally:
                tracemalloc.stop()
            # The text held: the limit, a line and a chunk, not the game
            # (170 KB; a peak of 630 KB before).
            assert peak < 100_000, peak
            assert [g.line for g in games] == [1, 2_004]
            assert record < len(games[0].text) <= record + 4096
            # The same finding (the game refused at its first line) and the
            # same game after it as a read of the text whole.
            read = [(g.errors, repr(g) if g.index == 2 else None)
                    for g in read_hrn_chunks(_chunked(text, 4096))]
            assert read == whole if text is BIG else [r[0] for r in read] == [w[0] for w in whole]
        assert [(f.code, f.line, f.column) for f in whole[0][0]] == [("syntax-error", 1, 1)]
        assert whole[1][0] == ()
    finally:
        set_limits(None)
