"""The Pygments lexer for HRN: registered (``pygmentize -l hrn``, ``*.hrn``),
no ``Error`` token on any sample or on any record the docs show, and the
tokens an editor colours are the ones expected."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from pygments.lexers import get_lexer_by_name, get_lexer_for_filename
from pygments.token import (
    Comment,
    Error,
    Keyword,
    Name,
    Number,
    Operator,
    Punctuation,
    String,
    Text,
    Whitespace,
)

from hearts_notation.editor.lexer import HrnLexer
from hearts_notation.io.hrn.words import DIRECTIONS, KEYWORDS_FR, MOON_CHOICES

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = sorted((ROOT / "samples").rglob("*.hrn"))
DOCS = sorted([*(ROOT / "docs").rglob("*.md"), ROOT / "README.md"])
HRN_BLOCK = re.compile(r"```hrn\n(.*?)```", re.S)


def tokens(text: str) -> list[tuple[object, str]]:
    """The significant tokens of *text* (no blanks)."""
    return [(kind, value) for kind, value in HrnLexer().get_tokens(text)
            if value.strip() and kind not in Whitespace]


def errors(text: str) -> list[str]:
    return [value for kind, value in HrnLexer().get_tokens(text) if kind in Error]


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_sample_lexes_without_an_error_token(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert errors(text) == []
    # a lexer gives the text back, whole
    assert "".join(v for _, v in HrnLexer().get_tokens(text)) == text


def test_every_record_the_docs_show_lexes_without_an_error_token() -> None:
    blocks = [(doc, block) for doc in DOCS for block in HRN_BLOCK.findall(doc.read_text("utf-8"))]
    assert len(blocks) >= 20      # the docs mark their records ```hrn
    bad = [(str(doc.relative_to(ROOT)), errors(block)) for doc, block in blocks if errors(block)]
    assert bad == []


def test_the_lexer_is_registered_for_pygments() -> None:
    assert isinstance(get_lexer_by_name("hrn"), HrnLexer)
    assert isinstance(get_lexer_for_filename("club-night.hrn"), HrnLexer)
    sample = ROOT / "samples" / "observer.hrn"
    html = subprocess.run([sys.executable, "-m", "pygments", "-l", "hrn", "-f", "html", str(sample)],
                          capture_output=True, text=True, encoding="utf-8", check=True).stdout
    assert '<span class="nt">Event</span>' in html and '<span class="k">deal</span>' in html
    assert 'class="err"' not in html


def test_tags_keywords_seats_numbers() -> None:
    got = tokens('[Event "Club \\"night\\""] [Rules "standard"]\n'
                 "deal 12 dealer W pass across\nscore N 3 E -10 S 16 W 3\nmoon S subtract\nresult *\n")
    assert got[:6] == [(Punctuation, "["), (Name.Tag, "Event"), (String.Double, '"'),
                       (String.Double, "Club "), (String.Escape, '\\"'), (String.Double, "night")]
    assert (Keyword, "deal") in got and (Number.Integer, "12") in got
    assert (Keyword, "dealer") in got and (Name.Variable, "W") in got
    assert (Keyword.Constant, "across") in got and (Keyword.Constant, "subtract") in got
    assert (Number.Integer, "-10") in got and (Keyword.Constant, "*") in got


@pytest.mark.parametrize(("line", "seats", "name"), [
    ("1. Nörd 2C E 3C", ["E"], "Nörd"),
    ("marque Émile 3 N 4", ["N"], "Émile"),
    ("capot Zoë", [], "Zoë"),
    ("1. Łukasz 2♣ nörd 3♣", [], "Łukasz"),
    ("Nörd: 2C", [], "Nörd"),
])
def test_a_seat_is_a_whole_word(line: str, seats: list[str], name: str) -> None:
    """A player's name typed where a seat stands is no seat letter followed
    by stray letters: a letter of any script after ``N`` ends no seat."""
    got = tokens(line)
    assert [v for k, v in got if k is Name.Variable] == seats
    assert name in [v for _, v in got]
    assert errors(line) == []


def test_a_seat_shaped_name_is_one_word_and_a_mistyped_keyword_no_keyword() -> None:
    # ``Nadia`` has the grammar's SEAT shape: one token, never the seat ``N``
    assert [v for k, v in tokens("1. Nadia 2C") if k is Name.Variable] == ["Nadia"]
    assert tokens("passé à gauche")[0] == (Text, "passé")


@pytest.mark.parametrize("word", sorted({*KEYWORDS_FR, *KEYWORDS_FR.values(), "total"}))
def test_every_keyword_of_both_languages(word: str) -> None:
    assert tokens(word)[0] == (Keyword, word)
    assert tokens(word.upper())[0] == (Keyword, word.upper())


@pytest.mark.parametrize("word", sorted({*DIRECTIONS, *MOON_CHOICES}))
def test_every_direction_and_moon_choice(word: str) -> None:
    assert tokens(word)[0] == (Keyword.Constant, word)


def test_cards_marks_and_trick_numbers() -> None:
    got = tokens("1. S 2♣ W 9C N KC! {free} E 3c\n2. N:4S E:10♠?? S:D♠!? W:R♡\n")
    cards = [v for k, v in got if k is Name.Constant]
    assert cards == ["2♣", "9C", "KC", "3c", "4S", "10♠", "D♠", "R♡"]
    assert [v for k, v in got if k is Operator] == ["!", "??", "!?"]
    assert [v for k, v in got if k is Name.Label] == ["1.", "2."]
    assert (Comment.Multiline, "free") in got
    assert [v for k, v in got if k is Name.Variable] == ["S", "W", "N", "E", "N", "E", "S", "W"]


def test_hands_in_every_form() -> None:
    text = ("N: AQ4.K93.J862.T75\nE: AQ4..J862.T75432\nS: ♠ A D 4  ♥ R 9 3  ♦ V 8 6 2  ♣ 10 7 5\n"
            "W: ♠AD4 ♥R93 ♦V862 ♣1075\nN: S:AQ4 H:K93 D:J862 C:T75\nE: A♠ Q♠ 4♠ K♥ 9♥\nS: ?\n")
    assert errors(text) == []
    got = tokens(text)
    assert (Name.Constant, "AQ4.K93.J862.T75") in got
    assert (Name.Constant, "♠ A D 4") in got and (Name.Constant, "♣1075") in got
    assert (Name.Constant, "S:AQ4") in got and (Name.Constant, "A♠") in got
    assert (Keyword.Constant, "?") in got


def test_comments() -> None:
    got = tokens("; a note\n{a comment\non two lines with \\} and \\u00e9} deal 1\n")
    assert got[0] == (Comment.Single, "; a note")
    assert (String.Escape, "\\}") in got and (String.Escape, "\\u00e9") in got
    assert got[-2:] == [(Keyword, "deal"), (Number.Integer, "1")]
    # a comment left open ends at a line that starts with a tag, as the reader says
    assert tokens('{open\n[Event "x"]\n')[2:5] == [(Punctuation, "["), (Name.Tag, "Event"),
                                                   (String.Double, '"')]


def test_what_no_record_may_hold_is_an_error() -> None:
    assert errors("1. N DS E 2C\n") == ["DS"]          # a French rank on a letter suit
    assert errors('[Event "no end\ndeal 1\n') == ["\n"]
    assert errors("1. N 2C\n...\n…\n") == []              # the docs' elisions


def test_a_word_processors_spaces_are_blanks_and_a_spaced_mark_is_a_mark() -> None:
    """A French sheet typed in LibreOffice or Word: no-break spaces before
    ``:``, in a suit group and before a mark (docs/spec.md 2.1, 2.5), coloured
    as the reader reads them; a mark typed after an ordinary space stays red."""
    from hearts_notation.editor.lexer import CARD_TOKEN, MARK_TOKEN

    sheet = (ROOT / "samples" / "feuille-en-francais.hrn").read_text(encoding="utf-8")
    typed = (sheet.replace("N: ♠ D 10", "N\u202f:\u00a0♠\u00a0D\u00a010").replace("D♠!", "D♠\u202f!")
             .replace("R♥?!", "R♥\u00a0?!"))
    assert errors(typed) == []
    got = tokens("1. N D♠\u202f! E 3♣")
    assert (CARD_TOKEN, "D♠") in got and (MARK_TOKEN, "!") in got
    assert errors("1. N D♠ ! E 3♣") == ["!"]
