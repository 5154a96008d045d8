"""A Pygments lexer for HRN records (``pygmentize -l hrn``, ```` ```hrn ````).

Registered through the ``pygments.lexers`` entry point, so every tool built
on Pygments (``pygmentize``, Sphinx, MkDocs, rich's ``Syntax``) highlights
``*.hrn`` files: tags, the keywords in English and in French, seats, cards
(letters or suit symbols, French ranks R D V), hands in every form, the
marks ``! ? !! ?? !? ?!``, ``{}`` and ``;`` comments, numbers.

The keywords are not restated here: they come from the one table of the
notation's words (:mod:`hearts_notation.io.hrn.words`), so a word the
reader learns is highlighted at once.  The card patterns mirror the
grammar's terminals (``grammar/hearts.lark``); the test
``tests/test_editor_lexer.py`` lexes every sample and every record the docs
show and requires no ``Error`` token.

A highlighter is lenient where a reader is strict: it never judges a
record (the referee and ``hearts lsp`` do), it only colours what it
recognises.  Two spellings are nevertheless marked ``Error`` because no
record may contain them and seeing them red helps: a French rank glued to
a letter suit (``DS``, refused by the reader as ambiguous) and a line
break inside a tag value.  ``...`` and ``…`` read as an elision (the docs
shorten records with them).

The language server (:mod:`hearts_notation.editor.features`) asks this
lexer what stands at the cursor (a seat, a card, a tag name...), so the
editor's colours and its completions agree on what a token is.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import ClassVar

from pygments.lexer import RegexLexer, bygroups, include
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

from ..io.hrn.words import DIRECTIONS, EMOJI, KEYWORDS_FR, MARK_SPACES, MOON_CHOICES, TOKENS

__all__ = ["CARD_TOKEN", "HAND_TOKEN", "MARK_TOKEN", "SEAT_TOKEN", "TRICK_TOKEN", "HrnLexer"]

#: pygments' ``bygroups`` (a token type for each group of a rule's match), typed.
_groups: Callable[..., object] = bygroups

#: The token types the language server looks for (and the tests check).
CARD_TOKEN = Name.Constant
HAND_TOKEN = Name.Constant
SEAT_TOKEN = Name.Variable
MARK_TOKEN = Operator
TRICK_TOKEN = Name.Label


def _words(words: set[str]) -> str:
    """An alternation of *words*, longest first (``dealer`` before
    ``deal``), as whole words."""
    alternatives = "|".join(re.escape(w) for w in sorted(words, key=lambda w: (-len(w), w)))
    return rf"(?:{alternatives})(?!\w)"


#: ``deal``, ``donne``, ``pass``, ``résultat``... (the line keywords, both languages).
_KEYWORDS = _words(set(KEYWORDS_FR) | set(KEYWORDS_FR.values()) | {"total"})
#: Pass directions and moon choices.
_CONSTANTS = _words(set(DIRECTIONS) | set(MOON_CHOICES))

_SUITS = "♠♥♦♣♤♡♢♧"
_RANK = r"(?:10|[2-9TJQKA])"
_RANK_FR = r"(?:10|[2-9TJQKARDV])"
_MARK = r"(!!|\?\?|!\?|\?!|!|\?)"
#: A card with a letter suit (English ranks only) or a suit symbol (French ranks too).
_CARD = rf"(?:{_RANK}[SHDC](?![A-Za-z0-9])|{_RANK_FR}[{_SUITS}]{EMOJI}?)"
_PBN = rf"(?:-|{_RANK}*)(?:\.(?:-|{_RANK}*)){{3}}(?![A-Za-z0-9.])"
#: The blanks between words: the grammar's ``WS`` (a word processor's no-break
#: and thin spaces among them, as the reader takes them).
_BLANK = rf"[ \t{MARK_SPACES}]"
#: Before a rank in a suit group, a blank or a comma (``♠ D, 10, 8``, typed by hand).
_SEP = rf"(?:,?{_BLANK}+|,)"
_SYMBOL_GROUP = (rf"[{_SUITS}]{EMOJI}?(?:{_SEP}(?:{_RANK_FR}|-)(?![:{_SUITS}])|(?:{_RANK_FR}|-)(?!:))*")
_LETTER_GROUP = (rf"[SHDC]:(?:{_SEP}(?:{_RANK}|-)(?![:{_SUITS}]|[SHDC](?!:))|(?:{_RANK}|-)(?!:))*")
#: A seat as the grammar's SEAT reads it: a whole word, so that the ``N`` of
#: a player's name typed where a seat stands (``Nörd``, ``Nadia``) is never
#: a seat letter; a letter of any script after it ends no seat.
_SEAT = TOKENS["SEAT"]


class HrnLexer(RegexLexer):
    """Hearts Record Notation (HRN): records of games of Hearts."""

    name = "HRN"
    aliases: ClassVar[list[str]] = ["hrn", "hearts"]
    filenames: ClassVar[list[str]] = ["*.hrn"]
    mimetypes: ClassVar[list[str]] = ["text/x-hrn"]
    flags = re.MULTILINE | re.IGNORECASE | re.UNICODE

    tokens: ClassVar[dict[str, list[object]]] = {
        "common": [
            # (a word processor's no-break and thin spaces are blanks too)
            (rf"[ \t\f\r{MARK_SPACES}]+", Whitespace),
            (r"\n", Whitespace),
            (r";[^\n]*", Comment.Single),
            (r"\{", Comment.Multiline, "comment"),
            (r"\.\.\.|…", Comment.Special),       # an elision in the docs
        ],
        "root": [
            include("common"),
            (r"\[", Punctuation, "tag"),
            # A hand line: its seat and a colon at the start of a line (a
            # keyword and a colon, ``marque : N 3``, start no hand: the
            # keywords outrank the seats).
            (rf"^(?!{_KEYWORDS})({_SEAT})({_BLANK}*)(:)", _groups(SEAT_TOKEN, Whitespace, Punctuation),
             "hand"),
            (rf"^({_BLANK}*)([0-9]+[.)])", _groups(Whitespace, TRICK_TOKEN)),
            (_KEYWORDS, Keyword),
            (_CONSTANTS, Keyword.Constant),
            include("cards"),
            (r"[+-]?[0-9]+", Number.Integer),
            (_SEAT, SEAT_TOKEN),
            # Any other word (a player's name where a seat stands, a
            # mistyped keyword such as ``passé``): plain text, whole, so that
            # none of its letters reads as a seat; the reader says what is wrong.
            (r"\w+", Text),
            (r"\*", Keyword.Constant),
            # (a comma between the items of a list, a period after a trick's
            # last play: ``1. N 2♣, E 3♣, S 5♣, O A♣.``, ``marque N 3, E 4``)
            (r"[:>,.]", Punctuation),
        ],
        "cards": [
            # (a mark may follow its card after one no-break space: ``D♠`` U+202F ``!``)
            (rf"({_CARD})(?:([{MARK_SPACES}])?{_MARK})?", _groups(CARD_TOKEN, Whitespace, MARK_TOKEN)),
            (rf"[RDV][SHDC](?:[{MARK_SPACES}]?{_MARK})?(?![A-Za-z0-9])", Error),
        ],
        "hand": [
            (r"\n", Whitespace, "#pop"),
            include("common"),
            (r"\?", Keyword.Constant),                  # a hand not known
            (_PBN, HAND_TOKEN),
            (_SYMBOL_GROUP, HAND_TOKEN),
            (_LETTER_GROUP, HAND_TOKEN),
            include("cards"),
            (r",", Punctuation),                        # ``N: A♠, D♠``, ``♠ D, 10, ♥ A``
        ],
        "tag": [
            (r"[ \t]+", Whitespace),
            (r"[A-Za-z0-9_À-ÖØ-öø-ÿ]+", Name.Tag),
            (r'"', String.Double, "value"),
            (r"\]", Punctuation, "#pop"),
        ],
        "value": [
            (r'\\u[0-9a-fA-F]{4}|\\.', String.Escape),
            (r'[^"\\\n]+', String.Double),
            (r'"', String.Double, "#pop"),
            (r"\n", Error, "#pop:2"),
        ],
        "comment": [
            # A line that starts with a tag ends a comment left open (the reader says so).
            (r"^(?=\[)", Text, "#pop"),
            (r"\\u[0-9a-fA-F]{4}|\\[\\}]", String.Escape),
            (r"[^\\}\n]+|\\|\n", Comment.Multiline),
            (r"\}", Comment.Multiline, "#pop"),
        ],
    }
