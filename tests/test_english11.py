"""Hand-typed line keywords (helper english11): what an English or French
player types around the notation's line keywords (``Deal 1 - dealer: West,
pass: left``, ``Deal #1``, ``T1.``, ``Running total``, ``North passes KH AH
TH``, ``Passes: N ...``, ``Pass N -> E:``, ``S shot the moon``), each refused
at its line and column, in the record's language, with the form to write;
the forms the notation already reads (``Score: N 13, E 0 ...``, ``Moon: S``)
checked again; the lexer and the grammar refusing alike, and a seeded fuzz of
such lines.  docs/spec.md, sections 2.4 to 2.8.  Every test reads one sample
or one line: cheap.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from click.testing import CliRunner

from hearts_notation.cli import cli
from hearts_notation.io.hrn.lark_reader import explain_line
from hearts_notation.io.hrn.reader import iter_hrn
from hearts_notation.io.hrn.writer import dumps_hrn
from tests.hrn_oracle import lexer_or_error, oracle_or_error

ROOT = Path(__file__).resolve().parent.parent
SHEET_EN = (ROOT / "samples" / "canonical.hrn").read_text(encoding="utf-8")
SHEET_FR = (ROOT / "samples" / "feuille-en-francais.hrn").read_text(encoding="utf-8")
SEATS = ("N", "E", "S", "W")
TRICK_EN = "1. {Nothing can be lost on the first trick.} E 2C S 4C W KC N TC"
TRICK_FR = "1. N 2♣ E 3♣ S 5♣ O A♣"


def _syntax_errors(text: str, tmp_path: Path) -> tuple[list[str], int]:
    path = tmp_path / "sheet.hrn"
    path.write_bytes(text.encode("utf-8"))
    result = CliRunner().invoke(cli, ["validate", str(path)], catch_exceptions=False)
    return [ln for ln in result.output.splitlines() if "[syntax-error]" in ln], result.exit_code


#: (the sheet, its line, as a player types it, where, what the error says)
REFUSED = [
    (SHEET_EN, "deal 1 dealer W pass left", "Deal 1 - dealer: West, pass: left", "15:8",
     "error: '-': the fields of a deal's header are parted by blanks only, as in "
     "'Deal 1 dealer West pass left'"),
    (SHEET_EN, "deal 1 dealer W pass left", "Deal 1, dealer W, pass left", "15:7",
     "error: ',': the fields of a deal's header are parted by blanks only, as in "
     "'Deal 1 dealer W pass left'"),
    (SHEET_EN, "deal 1 dealer W pass left", "deal 1 dealer W \u2013 pass left", "15:17",
     "as in 'deal 1 dealer W pass left'"),
    (SHEET_EN, "deal 1 dealer W pass left", "Deal #1 dealer W pass left", "15:6",
     "expected a deal number, found '#1'; did you mean '1'?"),
    (SHEET_EN, TRICK_EN, "Trick 1: E 2C, S 4C, W KC, N TC", "25:1",
     "a trick line starts with its number and a dot, as in '1.'"),
    (SHEET_EN, TRICK_EN, "Trick 1. E 2C, S 4C, W KC, N TC", "25:1", "as in '1.'"),
    (SHEET_EN, TRICK_EN, "T1. E 2C, S 4C, W KC, N TC", "25:1", "as in '1.'"),
    (SHEET_EN, TRICK_EN, "t1: E 2C S 4C W KC N TC", "25:1", "as in '1.'"),
    (SHEET_EN, TRICK_EN, "1 - E 2C, S 4C, W KC, N TC", "25:1", "as in '1.'"),
    (SHEET_EN, "score N 13 E 0 S 13 W 0", "Scores N 13 E 0 S 13 W 0", "38:1", "did you mean 'score'?"),
    (SHEET_EN, "total N 13 E 0 S 13 W 0", "Totals N 13 E 0 S 13 W 0", "39:1", "did you mean 'total'?"),
    (SHEET_EN, "total N 13 E 0 S 13 W 0", "Running total N 13 E 0 S 13 W 0", "39:1",
     "found 'Running total'; did you mean 'total'?"),
    (SHEET_EN, "pass N: KH AH TH?", "Passes: N KH AH TH?", "21:1",
     "found 'Passes: N'; write it 'pass N: KH AH TH?'"),
    (SHEET_EN, "pass N: KH AH TH?", "North passes KH AH TH?", "21:1",
     "found 'North passes'; write it 'pass North: KH AH TH?'"),
    (SHEET_EN, "pass N: KH AH TH?", "N passes to E: KH AH TH", "21:1", "write it 'pass N: KH AH TH'"),
    (SHEET_EN, "pass N: KH AH TH?", "Pass N -> E: KH AH TH?", "21:8",
     "expected '>', found '->'; did you mean '>'?"),
    (SHEET_EN, "pass N: KH AH TH?", "pass N \u2192 E: KH AH TH?", "21:8", "did you mean '>'?"),
    (SHEET_EN, "score N 13 E 0 S 13 W 0", "S shot the moon\nscore N 13 E 0 S 13 W 0", "38:1",
     "found 'S shot the moon'; write it 'moon S'"),
    (SHEET_FR, "donne 1 donneur O passe gauche", "Donne 1 - donneur : O, passe : gauche", "16:9",
     "erreur: '-' : les champs de l'en-tête d'une donne ne sont séparés que par des espaces, comme dans "
     "« Donne 1 donneur O passe gauche »"),
    (SHEET_FR, "donne 1 donneur O passe gauche", "Donne #1 donneur O passe gauche", "16:7",
     "trouvé '#1' ; vouliez-vous dire « 1 » ?"),
    (SHEET_FR, TRICK_FR, "Pli 1 : N 2♣, E 3♣, S 5♣, O A♣", "26:1",
     "une ligne de pli commence par son numéro et un point, comme « 1. »"),
    (SHEET_FR, TRICK_FR, "P1. N 2♣, E 3♣, S 5♣, O A♣", "26:1", "comme « 1. »"),
    (SHEET_FR, "passe N: A♥ 9♣ R♦", "Nord passe A♥ 9♣ R♦", "22:1",
     "trouvé 'Nord passe' ; écrivez « passe Nord : A♥ 9♣ R♦ »"),
    (SHEET_FR, "passe N: A♥ 9♣ R♦", "Passes : N A♥ 9♣ R♦", "22:1", "écrivez « passe N : A♥ 9♣ R♦ »"),
    (SHEET_FR, "passe N: A♥ 9♣ R♦", "passe N -> E : A♥ 9♣ R♦", "22:9", "vouliez-vous dire « > » ?"),
    (SHEET_FR, "marque N 1 E 0 S 24 O 1", "marque N 1 E 0 S 24 O 1\nS a fait capot", "65:1",
     "trouvé 'S a fait capot' ; écrivez « capot S »"),
]


@pytest.mark.parametrize(("sheet", "written", "typed", "where", "said"), REFUSED)
def test_a_keyword_typed_around_is_told_with_the_form_to_write(
        sheet: str, written: str, typed: str, where: str, said: str, tmp_path: Path) -> None:
    assert written in sheet
    errors, status = _syntax_errors(sheet.replace(written, typed, 1), tmp_path)
    assert status == 1
    assert len(errors) == 1, errors
    assert f"sheet.hrn:{where}: " in errors[0] and said in errors[0], errors[0]


@pytest.mark.parametrize("line", [typed.split("\n")[-1] for _, _, typed, _, _ in REFUSED] + [
    # what the checks must not take for a slip of theirs
    "deal 1 dealer W pass left", "deal 1 - 2", "N: AQ4.K93.J862.T75", "pass N: KH, AH, TH",
    "North: AQ4.K93.J862.T75", "T1: AQ4.K93.J862.T75", "score: N 13, E 0, S 13, W 0", "moon: S",
    "pass N>E: KH AH TH", "S: - 2C", "N passe", "Running",
])
def test_the_grammar_and_the_lexer_refuse_alike(line: str) -> None:
    """One reader: the lexer's error for the line is the grammar's, word for word."""
    assert lexer_or_error(line) == oracle_or_error(line), line


def test_the_forms_read_already_read_as_written() -> None:
    """``Score: N 13, E 0 ...`` and ``Moon: S`` are the notation's (a colon
    after the keyword, a comma after the points: spec 2.7, 2.8)."""
    text = SHEET_EN.replace("score N 13 E 0 S 13 W 0", "Score: N 13, E 0, S 13, W 0", 1)
    games = list(iter_hrn(text))
    assert not [f for g in games for f in g.errors]
    assert explain_line("Moon: S", 1, SEATS) is None


@pytest.mark.parametrize(("sheet", "written", "typed"), [
    (SHEET_EN, TRICK_EN, "1) {Nothing can be lost on the first trick.} E 2C, S 4C, W KC, N TC"),
    (SHEET_FR, TRICK_FR, "1) N 2♣, E 3♣, S 5♣, O A♣."),
    (SHEET_FR, "2. O 4♠ N 6♠ E 9♠ S 7♠", "2)O 4♠ N 6♠ E 9♠ S 7♠"),
])
def test_a_trick_numbered_with_a_parenthesis_reads_and_is_written_with_a_dot(
        sheet: str, written: str, typed: str) -> None:
    """``1)`` is a trick's number as a list numbers it: no other line starts
    with a number, so it cannot be misread; the writers print ``1.``."""
    assert written in sheet
    games = list(iter_hrn(sheet.replace(written, typed, 1)))
    assert not [f.message for g in games for f in g.errors]
    assert dumps_hrn(games) == dumps_hrn(list(iter_hrn(sheet)))
    assert lexer_or_error(typed) == oracle_or_error(typed)


def test_a_seat_named_like_a_trick_keeps_its_hand_line() -> None:
    """``T1`` may be a seat under a Seats tag: its hand line is no trick."""
    assert explain_line("T1: AQ4.K93.J862.T75", 1, ("T1", "T2", "T3", "T4")) is None
    exc = explain_line("T1 AQ4.K93.J862.T75", 1, ("T1", "T2", "T3", "T4"))
    assert exc is not None and "a trick line" not in str(exc)


def test_random_keyword_lines_read_alike_both_ways() -> None:
    """A seeded fuzz of deal headers, trick, pass, points and moon lines typed
    with the separators and words players put around the keywords: the lexer
    and the grammar give the same elements or the same error (300 lines)."""
    rng = random.Random(11)
    heads = ["Deal 1", "deal #1", "Trick 1", "T1.", "1)", "1 -", "Pass N", "N passes", "Passes:",
             "Running total", "Score:", "S shot the moon", "Pli 1 :", "donne 2", ""]
    items = ["N", "E", "S", "W", "North", "-", "\u2013", ",", ":", "->", "\u2192", ">", "dealer", "pass",
             "left", "2C", "KH", "13", "0", "{c}", "; n", "the", "moon", "to", "passe", "donneur", "O"]
    for _ in range(300):
        line = rng.choice(heads) + "".join(rng.choice(("", " ", " ", "  ")) + rng.choice(items)
                                           for _ in range(rng.randrange(1, 8)))
        assert lexer_or_error(line) == oracle_or_error(line), line
