"""Token values of HRN text: cards, hands, comments, tag values.

Both ways of reading a line (the Lark grammar and the line fast path of
:mod:`hearts_notation.io.hrn.fast`) turn token *text* into values with the
functions here, and build the same element tuples with the ``*_element``
constructors, so that the two paths cannot drift apart: they differ only in
how a line is cut into tokens, and the differential tests check that.

Positions in elements are absolute (line, column), 1-based, as Lark counts
them (a tab is one column).
"""

from __future__ import annotations

import re
from typing import Any, Final

from ...cards import CARDS, RANK_FRENCH, RANK_LETTERS, SUIT_LETTERS, Card
from ...i18n import Msg, msg
from ..limits import current as current_limits
from ..limits import limit_message
from .words import DIRECTIONS, KEYWORDS_FR, MOON_CHOICES

#: One parsed element of a line (see :mod:`hearts_notation.io.hrn.reader` for the shapes).
Element = tuple[Any, ...]

MARK_SPELLINGS: Final = ("!!", "??", "!?", "?!", "!", "?")
_SYMBOLS: Final = {"♣": 0, "♦": 1, "♥": 2, "♠": 3, "♧": 0, "♢": 1, "♡": 2, "♤": 3}
_LETTER_SUITS: Final = {"C": 0, "D": 1, "H": 2, "S": 3}
_RANKS: Final = {ch: i for i, ch in enumerate(RANK_LETTERS)} | {"10": 8}
_FRENCH: Final = {"V": 9, "D": 10, "R": 11}

#: Words that begin a line or fill a fixed place; never seat names.
KEYWORDS: Final = frozenset({
    "deal", "dealer", "pass", "score", "total", "moon", "result",
    *DIRECTIONS, *MOON_CHOICES, *KEYWORDS_FR,
})
#: A seat name as the grammar's SEAT terminal reads it.
SEAT_RE: Final = re.compile(r"[A-Za-z][A-Za-z0-9]*")
#: A seat name the reader accepts in a ``Seats`` tag (as the JSON reader).
SEAT_NAME_RE: Final = re.compile(r"[A-Za-z][A-Za-z0-9]{0,7}")
#: A French rank with a letter suit (``DS``): refused as ambiguous (docs/spec.md, section 2).
FRENCH_LETTER_RE: Final = re.compile(r"[RDVrdv][SHDCshdc](?:!!|\?\?|!\?|\?!|!|\?)?")
#: A word that reads as a letter card (never a seat name).
LETTER_CARD_RE: Final = re.compile(r"(?:10|[2-9TJQKAtjqka])[SHDCshdc]")


class HrnSyntaxError(Exception):
    """A line that is not HRN; positions are absolute, 1-based.  The message
    is a catalog id and arguments (``msg``, rendered in any language) or,
    for a few rare ones, an English sentence."""

    def __init__(self, message: str | Msg, line: int, column: int) -> None:
        self.msg = message if isinstance(message, Msg) else None
        text = message.text() if isinstance(message, Msg) else message
        super().__init__(text)
        self.message = text
        self.line = line
        self.column = column

    def __str__(self) -> str:
        return f"{self.line}:{self.column}: {self.message}"


def number(text: str, line: int, column: int) -> int:
    """The whole number of a token (deal or trick number, points), refused
    past the ``digits`` limit: Python will not even convert 4,300 digits,
    and no record needs more than a few."""
    limit = current_limits().digits
    size = len(text.lstrip("+-").rstrip("."))
    if size > limit:
        raise HrnSyntaxError(limit_message("limit.what.number_digits", "digits", limit,
                                               size=("num", size)),
                             line, column)
    return int(text.rstrip("."))


def check_cards(count: int, what: str, line: int, column: int) -> None:
    """Refuse a hand, pass or trick line of more cards than the ``cards``
    limit (a deck has at most 52; the analysis and the writer would
    otherwise work on whatever length was given)."""
    limit = current_limits().cards
    if count > limit:
        raise HrnSyntaxError(limit_message(f"limit.what.cards.{what}", "cards", limit,
                                               n=("num", count)),
                             line, column)


def _build_card_table() -> dict[str, tuple[Card, str | None]]:
    """Every spelling of a card token (with a glued mark) -> (card, mark).

    The keys are exactly the strings the grammar's CARD terminal matches as a
    whole; a test checks that against the grammar's own regular expression.
    """
    table: dict[str, tuple[Card, str | None]] = {}
    for card in CARDS:
        rank, suit = card % 13, card // 13
        ranks_en = {RANK_LETTERS[rank], RANK_LETTERS[rank].lower()}
        if rank == 8:
            ranks_en |= {"10"}
        ranks_fr = ranks_en | {RANK_FRENCH[rank], RANK_FRENCH[rank].lower()}
        letters = {SUIT_LETTERS[suit], SUIT_LETTERS[suit].lower()}
        symbols = {s for s, v in _SYMBOLS.items() if v == suit}
        spellings = {r + s for r in ranks_en for s in letters} | {r + s for r in ranks_fr for s in symbols}
        for sp in spellings:
            table[sp] = (card, None)
            for m in MARK_SPELLINGS:
                table[sp + m] = (card, m)
    return table


#: Card token text -> (card, mark or None).
CARD_TABLE: Final = _build_card_table()


def card_token(text: str, line: int, column: int) -> tuple[Card, str | None]:
    """The card and mark of a CARD token (or an error for ``DS``-style text)."""
    hit = CARD_TABLE.get(text)
    if hit is not None:
        return hit
    if FRENCH_LETTER_RE.fullmatch(text):
        raise HrnSyntaxError(french_letter_message(text), line, column)
    raise HrnSyntaxError(msg("syntax.expected", what=msg("expect.CARD").arg(), found=quote(text)),
                         line, column)


def french_letter_message(text: str) -> Msg:
    """Why ``DS`` is refused, and how to write it instead."""
    rank = text[0].upper()
    suit = text[1].upper()
    english = RANK_LETTERS[_FRENCH[rank]]
    symbol = "♣♦♥♠"[_LETTER_SUITS[suit]]
    return msg("syntax.french_letter", found=quote(text), french=f"{rank}{symbol}",
               english=f"{english}{suit}")


def quote(text: str, limit: int = 24) -> str:
    """``'text'`` for a message, shortened when long."""
    if len(text) > limit:
        text = text[: limit - 1] + "…"
    return "'" + text.replace("\n", "\\n") + "'"


# Hands ------------------------------------------------------------------------

_PBN_SUIT_CACHE: dict[str, tuple[int, ...]] = {}


def _suit_ranks(part: str, line: int, column: int) -> tuple[int, ...]:
    """Rank indexes of a run of ranks (``AQ4``, ``T75``, ``A104``, ``-``)."""
    hit = _PBN_SUIT_CACHE.get(part)
    if hit is not None:
        return hit
    if part == "-":
        out: tuple[int, ...] = ()
    else:
        ranks: list[int] = []
        i = 0
        up = part.upper()
        while i < len(up):
            if up.startswith("10", i):
                ranks.append(8)
                i += 2
                continue
            r = _RANKS.get(up[i])
            if r is None:
                raise HrnSyntaxError(msg("syntax.not_rank", found=quote(part[i])), line, column + i)
            ranks.append(r)
            i += 1
        out = tuple(ranks)
    if len(_PBN_SUIT_CACHE) < 65536:
        _PBN_SUIT_CACHE[part] = out
    return out


def pbn_cards(text: str, line: int, column: int) -> tuple[Card, ...]:
    """Cards of a PBN hand ``AQ4.K93.J862.T75`` (spades.hearts.diamonds.clubs)."""
    parts = text.split(".")
    if len(parts) != 4:
        raise HrnSyntaxError(msg("syntax.pbn_dots.#k", k=len(parts) - 1), line, column)
    out: list[Card] = []
    col = column
    for suit, part in zip((39, 26, 13, 0), parts, strict=True):
        out.extend(CARDS[suit + r] for r in _suit_ranks(part, line, col))
        col += len(part) + 1
    return tuple(out)


_GROUP_RANK = re.compile(r"[ \t]*(10|[2-9TJQKARDVtjqkardv]|-)")


def group_cards(text: str, line: int, column: int, seen: dict[int, tuple[int, int]]) -> list[Card]:
    """Cards of one suit group token (``♠ A D 4``, ``♠AQ4``, ``S:AQ4``, ``♥ -``).

    *seen* maps suits already given in this hand to their position, so a
    suit written twice is an error that points at both places.
    """
    if text[0] in _SYMBOLS:
        suit = _SYMBOLS[text[0]]
        pos = 1
        french = True
    else:
        suit = _LETTER_SUITS[text[0].upper()]
        pos = 2
        french = False
    if suit in seen:
        first = seen[suit]
        raise HrnSyntaxError(msg("syntax.suit_twice", suit="♣♦♥♠"[suit], at=f"{first[0]}:{first[1]}"),
                             line, column)
    seen[suit] = (line, column)
    cards: list[Card] = []
    void_at: int | None = None
    while pos < len(text):
        m = _GROUP_RANK.match(text, pos)
        if m is None:  # the terminal's own pattern guarantees a rank here
            raise HrnSyntaxError(msg("syntax.expected", what=msg("expect.rank").arg(),
                                     found=quote(text[pos:])), line, column + pos)
        tok = m.group(1)
        at = column + m.start(1)
        if tok == "-":
            void_at = at
        else:
            up = tok.upper()
            rank = _FRENCH[up] if french and up in _FRENCH else _RANKS[up]
            cards.append(CARDS[suit * 13 + rank])
        pos = m.end()
    if void_at is not None and cards:
        raise HrnSyntaxError(msg("syntax.void_beside"), line, void_at)
    return cards


# Comments and tag values --------------------------------------------------------------


def _escaped(m: re.Match[str]) -> str:
    """The character an escape of a comment or a tag value stands for:
    ``\\uXXXX`` for the character U+XXXX (the writers escape control
    characters so; a NUL or a surrogate is no character of a text and
    stays as written), the others from :data:`_ESCAPES`."""
    g = m.group(1)
    if len(g) == 1:
        return _ESCAPES[g]
    code = int(g[1:], 16)
    if code == 0 or 0xD800 <= code <= 0xDFFF:
        return m.group(0)
    return chr(code)


_ESCAPES = {"\\": "\\", '"': '"', "}": "}", "n": "\n", "r": "\r"}
_COMMENT_ESCAPE_RE = re.compile(r"\\([\\}]|u[0-9A-Fa-f]{4})")
_TAG_ESCAPE_RE = re.compile(r'\\([\\"nr]|u[0-9A-Fa-f]{4})')


def comment_text(token: str) -> str:
    """The kept text of a ``{brace comment}``: braces removed, ``\\}``,
    ``\\\\`` and ``\\uXXXX`` unescaped (any other backslash is kept), outer
    blanks stripped."""
    body = token[1:-1]
    if "\\" in body:
        body = _COMMENT_ESCAPE_RE.sub(_escaped, body)
    return body.strip()


def tag_value(token: str) -> str:
    """The value of a quoted tag value, PGN escapes ``\\"`` and ``\\\\`` undone,
    ``\\n``, ``\\r`` read as the line break they stand for (a tag is one
    line, so the writer escapes a line break of a JSON value so) and
    ``\\uXXXX`` as the character U+XXXX (the writer escapes the other
    control characters so).  Any other backslash is kept."""
    body = token[1:-1]
    if "\\" in body:
        body = _TAG_ESCAPE_RE.sub(_escaped, body)
    return body


def join_comments(parts: list[str]) -> str | None:
    """Several comments on one item, one per line; ``None`` for none."""
    if not parts:
        return None
    return parts[0] if len(parts) == 1 else "\n".join(parts)


def pass_mark(marks: list[tuple[str, int, int]]) -> str | None:
    """The one mark of a pass line (on any of its cards), or an error."""
    if not marks:
        return None
    if len(marks) > 1:
        _, line, col = marks[1]
        raise HrnSyntaxError(msg("syntax.pass_one_mark"), line, col)
    return marks[0][0]
