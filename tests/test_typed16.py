"""Hand-typed records, fifth round (helper typed16): where a message points
on a line that holds a word processor's invisible marks, the line breaks of
other systems, and a hand copied from a diagram one suit per line.

- A soft hyphen (U+00AD) or a joiner inside a word is still read as not
  typed (french12), but every file:line:col is the column of the character
  in the file as written, the one an editor puts its cursor on: dropped
  before the cut, each mark moved every later column of its line one to the
  left (``hearts validate`` named the card before the one it meant).
- A lone carriage return (an old Mac's, some phone apps'), U+2028 LINE
  SEPARATOR and U+2029 PARAGRAPH SEPARATOR end a line: such a file was one
  line, "no game found".  NEL (U+0085) and the form feed do not.

Every test reads one sheet or one line in this process: cheap.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from hearts_notation.cli import cli
from hearts_notation.editor.document import Checker
from hearts_notation.editor.features import diagnostics
from hearts_notation.i18n import render
from hearts_notation.io.hrn.cut import cut_games
from hearts_notation.io.hrn.reader import iter_hrn, read_hrn_chunks
from tests.french_sheet import SHEET, canonical

DATA = Path(__file__).resolve().parent / "data" / "typed16"
#: The French sample sheet with soft hyphens in a tag, in the first deal's
#: header and in a comment before a card that is no card (26:33), and a
#: joiner and a soft hyphen before a card a player does not hold (51:18).
MARKED = DATA / "marques.hrn"
SHY, ZWJ = "\u00ad", "\u200d"


def _validate(path: Path, lang: str) -> str:
    result = CliRunner().invoke(cli, ["validate", "--lang", lang, str(path)])
    assert result.exit_code == 1, result.output
    return result.output.replace(str(path), path.name)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_message_after_invisible_marks_names_the_files_column(lang: str) -> None:
    """``validate`` on the sheet with marks: each message at the column of
    the character in the file (the marks before it on its line counted),
    its caret under it in a terminal (the marks copied into the padding,
    where they take no room either)."""
    golden = DATA / f"marques.validate.{lang}.txt"
    assert _validate(MARKED, lang) == golden.read_text(encoding="utf-8")


def test_the_editor_underlines_the_character_after_the_marks() -> None:
    """The language server shows the same places: 'Zz' at 0-based line 25,
    code points 32-34; 'A♥' at line 50 from code point 17."""
    text = MARKED.read_text(encoding="utf-8")
    found = {(d.line, d.start, d.end) for d in diagnostics(Checker().analyse(text), "en")}
    lines = text.split("\n")
    assert (25, 32, 34) in found and lines[25][32:34] == "Zz"
    assert any(ln == 50 and a == 17 for ln, a, _ in found) and lines[50][17:19] == "A♥"


def test_the_marks_are_still_not_what_was_typed() -> None:
    """Without its two slips, the sheet with marks is the sheet: read in
    blocks that end anywhere (here inside ``don\u00adne``), the header with
    soft hyphens still begins its deal."""
    text = MARKED.read_text(encoding="utf-8").replace("O Zz", "O A♣")
    text = text.replace(f"N{SHY} 5♣ E A♥", f"N{SHY} 5♣ E A♠")
    text = text.replace(f"{{ou{SHY}verts{ZWJ}}} ", "")
    assert canonical(text) == canonical(SHEET)
    at = text.index("don" + SHY) + 4
    games = list(read_hrn_chunks([text[:at], text[at:]]))
    assert [f.message for g in games for f in g.errors] == []
    assert [g.line for g in cut_games([text[:at], text[at:]])] == [1]


@pytest.mark.parametrize("brk", ["\r", "\u2028", "\u2029", "\r\n"])
def test_other_systems_line_breaks_end_a_line(brk: str) -> None:
    """A sheet whose lines end in a lone CR, U+2028 or U+2029 is the sheet;
    its errors are at the lines an editor numbers (for a card that is
    no card in the first trick, 26:21), read whole or in blocks cut anywhere."""
    text = SHEET.replace("\n", brk)
    assert canonical(text) == canonical(SHEET)
    slip = text.replace("O A♣", "O Zz", 1)
    for chunks in ([slip], [slip[:700], slip[700:1401], slip[1401:]]):
        games = list(read_hrn_chunks(chunks))
        assert [(f.line, f.column) for g in games for f in g.errors] == [(26, 21)]


def test_a_crlf_cut_between_two_blocks_is_one_line_break() -> None:
    """A block that ends with the ``\\r`` of a ``\\r\\n``: one line end, not two."""
    text = SHEET.replace("\n", "\r\n").replace("O A♣", "O Zz", 1)
    at = text.index("\r\n") + 1
    games = list(read_hrn_chunks([text[:at], text[at:]]))
    assert [(f.line, f.column) for g in games for f in g.errors] == [(26, 21)]


def test_fmt_writes_line_feeds_and_keeps_the_notes(tmp_path: Path) -> None:
    """``hearts fmt`` of a sheet with mixed line ends (CR, U+2028, U+2029)
    writes what it writes of the sheet with LF: plain ``\\n``, the two ``;``
    notes before the first tag each on its line."""
    plain = tmp_path / "plain.hrn"
    plain.write_text(SHEET, encoding="utf-8")
    mixed = tmp_path / "mixed.hrn"
    text = re.sub("\n(?=donne)", "\u2029", SHEET).replace("\n[", "\r[").replace("\n", "\u2028")
    mixed.write_bytes(text.encode("utf-8"))
    want = CliRunner().invoke(cli, ["fmt", str(plain)])
    got = CliRunner().invoke(cli, ["fmt", str(mixed)])
    assert got.exit_code == want.exit_code == 0, got.output
    assert got.output == want.output
    assert not re.search("[\r\u2028\u2029]", got.output) and got.output.startswith("; Feuille")


def test_nel_and_the_form_feed_are_no_line_breaks() -> None:
    """NEL (U+0085) is a C1 control character no editor breaks a line at (and
    a Windows "…" mistranscoded): told where it stands, as before; a form
    feed at the end of a line is a blank."""
    (game,) = list(iter_hrn(SHEET.replace("\ndonne 2", "\n\u0085donne 2")))
    assert (game.errors[0].line, game.errors[0].column) == (42, 1)
    assert canonical(SHEET.replace("\ndonne 2", "\f\ndonne 2")) == canonical(SHEET)


# A hand copied from a diagram, one suit per line ----------------------------------------

#: North's hand in the sample sheet, and as people copy it from a diagram.
NORTH = "N: ♠ D 10 8 6  ♥ A 8  ♦ R 8 7 6 3  ♣ 9 2"
ROWS = [
    "N: ♠ D 10 8 6\n   ♥ A 8\n   ♦ R 8 7 6 3\n   ♣ 9 2",
    "N: ♠ D 10 8 6\n♥ A 8\n♦ R 8 7 6 3\n♣ 9 2",
    "N: ♠ D 10 8 6\nN: ♥ A 8\nN : ♦ R 8 7 6 3\nN: ♣ 9 2",
    "N: ♠ D 10 8 6  ♥ A 8\n    ♦ R 8 7 6 3\n    ♣ 9 2",
    "N: S Q 10 8 6\n   H A 8\n   D K 8 7 6 3\n   C 9 2",
    "N: S: Q T 8 6\n   H: A 8\n   D: K 8 7 6 3\n   C: 9 2",
    "N:\n  Pique D 10 8 6\n  Cœur A 8\n  Carreau R 8 7 6 3\n  Trèfle 9 2",
    "N: ♤ D 10 8 6\n   ♡ A 8\n   ♢ R 8 7 6 3\n   ♧ 9 2",
]


@pytest.mark.parametrize("typed", ROWS)
def test_a_hand_copied_one_suit_per_line_reads_as_one_hand(typed: str) -> None:
    """Each line after the seat's begins with a suit (symbol, letter or
    name), the seat's line names fewer than four suits and none comes twice:
    one hand, the sheet's (whole, or cut in blocks anywhere)."""
    text = SHEET.replace(NORTH, typed, 1)
    assert canonical(text) == canonical(SHEET)
    at = text.index(typed) + len(typed) // 2
    games = list(read_hrn_chunks([text[:at], text[at:]]))
    assert [f.message for g in games for f in g.errors] == []


#: (as typed, where the one error is): rows that cannot go on the hand before
#: them are told once, at the first, with the form to write.
ORPHANS = [
    (NORTH + "\n   ♥ 3\n   ♦ 4", "19:4"),                       # the hand was whole
    ("N: ♠ D 10 8 6\n   ♠ A 8\n   ♦ R 8 7 6 3", "19:4"),        # a suit twice
    ("N: ♠ D 10 8 6\n   ♥ A 8\n   ♦ R 8 7 6 3\n   ♣ 9 Z", "19:4"),   # a card that is none
]


@pytest.mark.parametrize(("typed", "where"), ORPHANS)
def test_rows_that_do_not_go_on_a_hand_are_told_once(typed: str, where: str) -> None:
    """One error, at the first row, in the reader's language, with the
    form to write (a hand on one line, after its seat); the rows after it
    are not told again."""
    (game,) = list(iter_hrn(SHEET.replace(NORTH, typed, 1)))
    said = [(f"{f.line}:{f.column}", f.key) for f in game.errors]
    assert said == [(where, "syntax.suit_first")]
    (f,) = game.errors
    assert render("fr", f.key, f.args).endswith("après sa place (N: ♠ A D 4 ♥ R 9 3 ...)")
    assert render("en", f.key, f.args).endswith("after its seat (N: ♠ A Q 4 ♥ K 9 3 ...)")


def test_a_cluster_plans_a_file_with_other_line_breaks_as_it_reads_it(tmp_path: Path) -> None:
    """The planner of a cluster run counts ``\\n`` to number the lines of
    each shard; past a lone CR or a U+2028 the rest of the file is one
    shard, so the batches (their games and first lines) are a whole read's."""
    from tests.test_shards import sharded, whole

    games = "".join(f'[Event "G{n}"]\ndeal 1\n1. N 2C E 3C S 4C W 5C\nresult *\n' for n in range(520))
    cr = games.index('[Event "G470"]')
    path = tmp_path / "mixed.hrn"
    path.write_bytes((games[:cr] + games[cr:].replace("\n", "\r", 200).replace("\n", "\u2028")).encode())
    got, plan = sharded(str(path), 4000, 8)
    want = whole(str(path), 8)
    assert len(plan) > 1
    assert [repr(b) for b in got] == [repr(b) for b in want]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_file_whose_lines_end_in_nel_is_told_so(lang: str) -> None:
    """A file of NEL line ends (NEL ends no line) was "no game found: the
    input holds only comments" (its first line a ``;`` note): it is told
    what its line ends are and what to do, at the first NEL, exit 2."""
    result = CliRunner().invoke(cli, ["validate", "--lang", lang, str(DATA / "nel.hrn")])
    assert result.exit_code == 2
    golden = DATA / f"nel.validate.{lang}.txt"
    assert result.output.replace(str(DATA / "nel.hrn"), "nel.hrn") == golden.read_text(encoding="utf-8")


def test_a_comment_that_ends_a_suit_row_goes_with_the_hand() -> None:
    """``♣ 9 2 {ok}``: the row is taken, its comment kept as a comment after
    a hand line is (the deal's)."""
    typed = "N: ♠ D 10 8 6 {court}\n   ♥ A 8\n   ♦ R 8 7 6 3\n   ♣ 9 2 {ok}"
    (game,) = list(iter_hrn(SHEET.replace(NORTH, typed, 1)))
    assert not game.errors
    assert "à gauche.\ncourt\nok}\nN: ♠ D 10 8 6  ♥ A 8" in canonical(SHEET.replace(NORTH, typed, 1))
