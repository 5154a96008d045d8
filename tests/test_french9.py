"""Hand-typed French sheets, the lists (helper french9): a comma between the
plays of a trick, the cards of a pass or a hand, the ranks and suit groups
of a hand, and a period after the last play of a trick or card of a pass,
each read as the sheet written the notation's way (a comma belongs to no
card, seat or rank: it cannot be misread), the grammar and the lexer alike,
``fmt`` writing them back without.  A ``;`` between plays or passed cards stays a note, and the
error says what it left out.  docs/spec.md, section 2.4.  Every test reads
a sample of two deals: cheap.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from hearts_notation.io.hrn.elements import TrickEl
from hearts_notation.io.hrn.lex import read_line
from hearts_notation.io.hrn.reader import iter_hrn
from hearts_notation.referee import check_game
from tests.french_sheet import SHEET, assert_told_at, canonical, run_on
from tests.hrn_oracle import lexer_or_error, oracle_or_error


def _typed(text: str) -> str:
    """The sample as a club types it: commas between plays, a period after
    each trick, commas between passed cards and between a hand's ranks."""
    out = []
    for ln in text.splitlines():
        m = re.match(r"(\d+\. )(.*)$", ln)
        if m:
            ln = m.group(1) + re.sub(r"(\S*[♠♥♦♣][!?]*)(?= [A-Z{])", r"\1,", m.group(2)) + "."
        elif ln.startswith("passe "):
            ln = re.sub(r"([♠♥♦♣][!?]*)(?= \S*[♠♥♦♣])", r"\1,", ln)
        elif re.match(r"[NESO]: ", ln):
            ln = re.sub(r"(?<=[0-9A-Z]) (?=[0-9A-Z])", ", ", ln)
        out.append(ln)
    return "\n".join(out) + "\n"


TYPED = _typed(SHEET)



def test_the_typed_sheet_has_the_commas() -> None:
    assert "1. N 2♣, E 3♣, S 5♣, O A♣.\n" in TYPED
    assert "passe N: A♥, 9♣, R♦ {" in TYPED
    assert "N: ♠ D, 10, 8, 6  ♥ A, 8  ♦ R, 8, 7, 6, 3  ♣ 9, 2\n" in TYPED


def test_a_sheet_typed_with_commas_is_the_same_game(tmp_path: Path) -> None:
    assert canonical(TYPED) == canonical(SHEET)
    (game,) = list(iter_hrn(TYPED))
    assert [f for f in check_game(game).findings if f.severity != "info"] == []
    out, status = run_on(TYPED, tmp_path, "validate")
    assert status == 0, out
    assert "0 erreur" in out


def test_score_reads_the_typed_sheet_as_the_written_one(tmp_path: Path) -> None:
    typed, status = run_on(TYPED, tmp_path, "score")
    assert status == 0, typed
    written, _ = run_on(SHEET, tmp_path, "score")
    assert typed == written


def test_fmt_writes_the_canonical_form_back(tmp_path: Path) -> None:
    out, status = run_on(TYPED, tmp_path, "fmt")
    assert status == 0
    assert "1. N 2♣ E 3♣ S 5♣ O A♣\n" in out
    assert "passe N: A♥ 9♣ R♦" in out and "," not in out.split("donne 1", 1)[1].replace(
        "Trois cartes hautes d'un coup, Gwen", "")


@pytest.mark.parametrize(("written", "typed"), [
    ("1. N 2♣ E 3♣ S 5♣ O A♣", "1. N 2♣,E 3♣ , S 5♣,\u00a0O A♣ ."),
    ("1. N 2♣ E 3♣ S 5♣ O A♣", "1. N 2♣ E 3♣ S 5♣ O A♣,"),
    ("1. N 2♣ E 3♣ S 5♣ O A♣", "1. N: 2♣, E: 3♣, S: 5♣, O: A♣."),
    ("4. N 8♠ E V♠ S V♥ {Les cœurs sont ouverts.} O R♠",
     "4. N 8♠, E V♠, S V♥ {Les cœurs sont ouverts.}, O R♠."),
    ("passe E: V♥ R♣ D♦", "passe E : V♥,R♣ ,D♦"),
    ("passe E: V♥ R♣ D♦", "passe E : V♥, R♣, D♦."),
    ("N: ♠ D 10 8 6  ♥ A 8", "N: ♠D,10,8,6, ♥A,8,"),
])
def test_each_typed_list_reads_as_the_notations_own(written: str, typed: str) -> None:
    assert written in SHEET
    assert canonical(SHEET.replace(written, typed, 1)) == canonical(SHEET)


def test_a_comment_after_the_closing_period_is_the_tricks() -> None:
    (el,) = read_line("1. N 2♣, E 3♣, S 5♣, O A♣. {vite}", 1)
    assert isinstance(el, TrickEl)
    assert el.comment == "vite" and el.comments is None


@pytest.mark.parametrize("line", [
    "1. N 2♣, E 3♣, S 5♣, O A♣.",
    "1. N 2♣ {a}, {b} E 3♣. {c}",
    "1. 2♣, 3♣, 5♣, A♣,",
    "passe N>E : A♥, {x} 9♣, R♦",
    "passe N : A♥, 9♣, R♦. {y}",
    "N: ♠ D, 10, 8, 6, ♥ A, 8 {main}",
    "N: S: A, Q H:K,9",
    "N: A♠, D♠, 4♠",
    # and what stays an error, at the same character both ways
    "1. N 2♣,, E 3♣",
    "1. N 2♣. E 3♣",
    "1. , N 2♣",
    "1. .",
    "1. N, 2♣",
    "passe N: , A♥",
    "passe N: A♥. 9♣",
    "N: ♠ D,, 10",
])
def test_the_grammar_reads_what_the_lexer_reads(line: str) -> None:
    """One reader, one grammar: the lexer and the Lark grammar give the same
    elements, or the same error at the same place."""
    assert lexer_or_error(line) == oracle_or_error(line), line


@pytest.mark.parametrize(("line", "column", "said"), [
    ("1. N 2♣,, E 3♣", 9, "found ','"),
    # (at the period, which ends the line: polish9)
    ("1. N 2♣. E 3♣", 8, "'.' ends a trick or pass line, after its last card: what follows it, 'E 3♣'"),
])
def test_what_still_does_not_read_is_told_where(line: str, column: int, said: str) -> None:
    assert_told_at(line, column, said)


@pytest.mark.parametrize(("written", "typed", "where", "rest"), [
    ("1. N 2♣ E 3♣ S 5♣ O A♣", "1. N 2♣, E 3♣ ; S 5♣, O A♣.", "26:15", "'S 5♣, O A♣.'"),
    ("passe E: V♥ R♣ D♦", "passe E: V♥ ; R♣ ; D♦", "23:13", "'R♣ ; D♦'"),
])
def test_a_semicolon_between_plays_or_cards_says_what_it_left_out(
        written: str, typed: str, where: str, rest: str, tmp_path: Path) -> None:
    out, status = run_on(SHEET.replace(written, typed, 1), tmp_path, "validate")
    assert status == 1
    said = f"feuille.hrn:{where}: erreur: « ; » commence une note, qui n'est pas lue : {rest} manque"
    assert said in out, out
    assert out.count("erreur:") == 1, out


def test_a_note_after_a_whole_pass_is_a_note() -> None:
    typed = SHEET.replace("passe E: V♥ R♣ D♦", "passe E: V♥ R♣ D♦ ; 2♣ aurait mieux valu", 1)
    assert canonical(typed) == canonical(SHEET)


def test_random_typed_lines_read_alike_both_ways() -> None:
    """A seeded fuzz of trick, pass and hand lines with commas, periods,
    ``;`` notes, comments and wide spaces between their items: the lexer
    and the grammar give the same elements or the same error (200 lines,
    a tenth of a second)."""
    import random

    rng = random.Random(9)
    cards = ["2♣", "A♣", "D♠!", "10♥", "QS", "R♦", "DS", "4♠\ufe0f", "KH?"]
    seps = [",", ", ", " , ", ".", ". ", " ", "", ",,", ";", "\u202f", ",\u00a0"]
    words = {
        "1.": [*cards, "N", "E", "O", "pass", "N:", "{c}"],
        "passe N :": [*cards, "{c}", "."],
        "N:": ["♠", "♥", "S:", "D", "10", "8", "-", "{c}"],
        "N: ": cards,
    }
    for _ in range(200):
        head = rng.choice(list(words))
        line = head + "".join(" " + rng.choice(words[head]) + (rng.choice(seps) if rng.random() < .4 else "")
                              for _ in range(rng.randrange(7)))
        assert lexer_or_error(line) == oracle_or_error(line), line


@pytest.mark.parametrize("line", [
    "1. N 2♣, E 3♣, S 5♣, O A♣.\n", "passe N : A♥, 9♣, R♦\n", "N: ♠ D, 10, 8, 6, ♥ A, 8\n",
    "N: A♠, D♠, 4♠\n", "marque : N 3, E 4, S 15, O 4\n",
])
def test_the_highlighter_shows_no_error_at_a_comma(line: str) -> None:
    """The editor colours what the reader reads: a comma or the closing
    period was an ``Error`` token, red in every editor."""
    from pygments.token import Error

    from hearts_notation.editor.lexer import HrnLexer

    assert [v for t, v in HrnLexer().get_tokens(line) if t in Error] == []
