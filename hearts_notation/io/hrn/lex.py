"""The HRN lexer: one logical line of text to its elements.

:func:`read_line` cuts a logical line (docs/spec.md, section 2; see
:mod:`hearts_notation.io.hrn.reader`) into tokens and reads them as the
grammar (``grammar/hearts.lark``) says, into the typed elements of
:mod:`hearts_notation.io.hrn.elements`.  It is a hand-written reader of the
grammar's language: the tokens are the grammar's terminals
(:data:`~hearts_notation.io.hrn.words.TOKENS`, compared with the grammar by a
test), tried where the grammar's contextual lexer tries them, in its order.
Words between blanks are looked up in tables (a card, a keyword, a seat)
and only a word that is not one whole token (``W:5♦``, ``2♣S``, a suit
group) is matched against the tokens' regular expressions; a plain trick
line (``SEAT CARD`` pairs, the bulk of any file) is read in slices.

A line that the grammar does not accept raises :class:`Mismatch`: the
reader then asks the grammar to word the error (what was expected, in
words).  A line that the grammar accepts but that holds a bad value (``DS``,
a suit given twice, a number past the limits) raises
:class:`HrnSyntaxError` with the first such value, in the order the
grammar's rules complete (the plays of a trick, then its size, then its
number).  ``tests/test_hrn_lexer.py`` checks the whole against the grammar.

Positions in elements are absolute (line, column), 1-based (a tab is one
column).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from itertools import accumulate
from typing import Final, cast

from ...cards import CARDS, RANK_LETTERS, Card, display_order
from ...i18n import Msg, msg
from ..limits import current as current_limits
from ..limits import limit_message
from .elements import (
    CommentEl,
    DealEl,
    Element,
    HandEl,
    MoonEl,
    PassEl,
    PointsEl,
    ResultEl,
    StarEl,
    TagEl,
    TrickEl,
)
from .words import (
    CARD_TABLE,
    CUMUL_WORDS,
    DEALER_WORDS,
    DIRECTIONS,
    EMOJI,
    FRENCH_LETTER_RE,
    FRENCH_RANKS,
    IGNORED,
    LETTER_SUITS,
    LINE_KEYWORDS,
    MINUS_SIGN,
    MOON_CHOICES,
    RANKS,
    SEAT_RE,
    SUIT_SYMBOLS,
    TOKENS,
    TOTAL_CUMUL_RE,
    card_spelling,
    points_value,
)


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


def lone_cr(text: str, base: int, line: int, column: int) -> HrnSyntaxError | None:
    """The error to give instead of one at *line*:*column* when a carriage
    return is left inside the line before it (None when there is none).
    The HRN reader (a line the lexer refuses) and the grammar's messages
    (:mod:`.lark_reader`) both ask, so that the cause is named whichever
    check saw the line first.  A carriage return left inside a line: the file's
    lines end with a lone CR (old Mac line ends), which do not end HRN
    lines (only LF does, so that every reader counts the same lines), so the
    file reads as one long line; say so at the first CR rather than what the
    grammar expected there."""
    at = text.find("\r")    # (a CR before a line feed is dropped with it)
    if at < 0:
        return None
    cr_line = base + text.count("\n", 0, at)
    cr_column = at - text.rfind("\n", 0, at)
    if (cr_line, cr_column) > (line, column):
        return None
    return HrnSyntaxError(msg("input.lone_cr"), cr_line, cr_column)


def number(text: str, line: int, column: int) -> int:
    """The whole number of a token (deal or trick number, points), refused
    past the ``digits`` limit: Python will not even convert 4,300 digits,
    and no record needs more than a few."""
    limit = current_limits().digits
    size = len(text.lstrip("+-" + MINUS_SIGN).rstrip(".)"))
    if size > limit:
        raise HrnSyntaxError(limit_message("limit.what.number_digits", "digits", limit,
                                               size=("num", size)),
                             line, column)
    # (points typed with the minus sign U+2212, ``O −6``: a minus; typed27)
    return points_value(text.rstrip(".)"))


def check_cards(count: int, what: str, line: int, column: int) -> None:
    """Refuse a hand, pass or trick line of more cards than the ``cards``
    limit (a deck has at most 52; the analysis and the writer would
    otherwise work on whatever length was given)."""
    limit = current_limits().cards
    if count > limit:
        raise HrnSyntaxError(limit_message(f"limit.what.cards.{what}", "cards", limit,
                                               n=("num", count)),
                             line, column)


def card_token(text: str, line: int, column: int) -> tuple[Card, str | None]:
    """The card and mark of a CARD token (or an error for ``DS``-style text)."""
    hit = card_spelling(text)
    if hit is not None:
        return hit
    if FRENCH_LETTER_RE.fullmatch(text):
        raise HrnSyntaxError(french_letter_message(text), line, column)
    raise HrnSyntaxError(msg("syntax.expected", what=msg("expect.CARD").arg(), found=quote(text)),
                         line, column)


def glued_cards(first: str, second: str, line: int, column: int) -> HrnSyntaxError:
    """Two cards of a trick line with no blank between them (``A♠QS``, at
    the second).  The grammar reads them as two plays, as a suit symbol ends
    a card; but the words of a line are separated by blanks (spec 2.1), and
    such a pair is a key typed over a space (``E A♠ S 4♥`` typed
    ``E A♠QS 4♥``): read as two cards, the trick has five and a card played
    twice, two findings that do not say where the slip is."""
    return HrnSyntaxError(msg("syntax.glued_cards", first=quote(first), second=quote(second)),
                          line, column)


def french_letter_message(text: str) -> Msg:
    """Why ``DS`` is refused, and how to write it instead."""
    rank = text[0].upper()
    suit = text[1].upper()
    english = RANK_LETTERS[FRENCH_RANKS[rank]]
    symbol = "♣♦♥♠"[LETTER_SUITS[suit]]
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
            r = RANKS.get(up[i])
            if r is None:
                raise HrnSyntaxError(_not_dotted_rank(part[i]), line, column + i)
            ranks.append(r)
            i += 1
        out = tuple(ranks)
    if len(_PBN_SUIT_CACHE) < 65536:
        _PBN_SUIT_CACHE[part] = out
    return out


def _not_dotted_rank(char: str) -> Msg:
    """Why a character of a dotted hand is no rank. A French rank (R D V) is
    named as such: the dotted form gives no suit symbol, and a French rank takes
    one (spec 2.3), so the message says which English letter or which form to
    write, rather than list R D V among the ranks it just refused.  Not ``D``:
    the letter of diamonds too, it may be a suit typed in the wrong place
    (``T7D``), and the plain message is true of it either way."""
    up = char.upper()
    if up in FRENCH_RANKS and up != "D":
        return msg("syntax.not_rank.french", found=quote(char),
                   english=RANK_LETTERS[FRENCH_RANKS[up]])
    return msg("syntax.not_rank", found=quote(char))


#: [k]: the ranks of suit k (spades first) of a PBN hand as written -> its
#: cards, high to low (a corpus repeats them).
_PBN_CARDS: Final[tuple[dict[str, tuple[Card, ...]], ...]] = ({}, {}, {}, {})


def pbn_cards(text: str, line: int, column: int) -> tuple[Card, ...]:
    """Cards of a PBN hand ``AQ4.K93.J862.T75`` (spades.hearts.diamonds.clubs),
    as people list them (:func:`~hearts_notation.cards.display_order`)."""
    parts = text.split(".")
    if len(parts) != 4:
        raise HrnSyntaxError(msg("syntax.pbn_dots.#k", k=len(parts) - 1), line, column)
    out: tuple[Card, ...] = ()
    for k in range(4):
        part = parts[k]
        memo = _PBN_CARDS[k]
        got = memo.get(part)
        if got is None:
            col = column + len(".".join(parts[:k])) + (k > 0)
            base = 39 - 13 * k
            got = tuple([CARDS[base + r] for r in sorted(_suit_ranks(part, line, col), reverse=True)])
            if len(memo) < 16384:
                memo[part] = got
        out += got
    return out


def in_display_order(cards: Sequence[Card]) -> tuple[Card, ...]:
    """A hand as people list it: spades, hearts, diamonds, clubs, high to low."""
    return tuple(sorted(cards, key=_DISPLAY_RANK))


#: Sort key of :func:`in_display_order` as a table look-up.
_DISPLAY_RANK: Final = {c: i for i, c in enumerate(display_order(CARDS))}.__getitem__


_GROUP_RANK = re.compile("[, \t\u00a0\u2007\u2009\u200a\u202f\u205f\u3000]*(10|[2-9TJQKARDVtjqkardv]|-)")


def group_cards(text: str, line: int, column: int, seen: dict[int, tuple[int, int]]) -> list[Card]:
    """Cards of one suit group token (``♠ A D 4``, ``♠AQ4``, ``S:AQ4``, ``♥ -``).

    *seen* maps suits already given in this hand to their position, so a
    suit written twice is an error that points at both places.
    """
    if text[0] in SUIT_SYMBOLS:
        suit = SUIT_SYMBOLS[text[0]]
        pos = 2 if text[1:2] == EMOJI else 1      # (``♠️``, the symbol's emoji form)
        french = True
    else:
        suit = LETTER_SUITS[text[0].upper()]
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
            rank = FRENCH_RANKS[up] if french and up in FRENCH_RANKS else RANKS[up]
            cards.append(CARDS[suit * 13 + rank])
        pos = m.end()
    if void_at is not None and cards:
        ranks = [t for t in _GROUP_RANK.findall(text, 2 if text[1:2] == EMOJI else 1) if t != "-"]
        if text[0] in SUIT_SYMBOLS and "-" not in text[-1:] and len(ranks) == len(cards):
            # (``♠ D-10-8-6``: the ranks parted by dashes, as a list is typed; french12)
            written = text[:2 if text[1:2] == EMOJI else 1] + " " + " ".join(ranks)
            raise HrnSyntaxError(msg("syntax.void_as_dash", written=written), line, void_at)
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
#: The escapes of a comment and of a tag value (compiled on first use, by
#: ``re``'s cache: most text has no backslash; start-up, issue 22).
_COMMENT_ESCAPE: Final = r"\\([\\}]|u[0-9A-Fa-f]{4})"
_TAG_ESCAPE: Final = r'\\([\\"nr]|u[0-9A-Fa-f]{4})'


def comment_text(token: str) -> str:
    """The kept text of a ``{brace comment}``: braces removed, ``\\}``,
    ``\\\\`` and ``\\uXXXX`` unescaped (any other backslash is kept), outer
    blanks stripped."""
    body = token[1:-1]
    if "\\" in body:
        body = re.sub(_COMMENT_ESCAPE, _escaped, body)
    return body.strip()


def tag_value(token: str) -> str:
    """The value of a quoted tag value, PGN escapes ``\\"`` and ``\\\\`` undone,
    ``\\n``, ``\\r`` read as the line break they stand for (a tag is one
    line, so the writer escapes a line break of a JSON value so) and
    ``\\uXXXX`` as the character U+XXXX (the writer escapes the other
    control characters so).  Any other backslash is kept."""
    body = token[1:-1]
    if "\\" in body:
        body = re.sub(_TAG_ESCAPE, _escaped, body)
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


# The lexer ------------------------------------------------------------------------


class Mismatch(Exception):
    """The line is not in the grammar's language; the reader asks the
    grammar to say why, in words (:func:`hearts_notation.io.hrn.lark_reader.explain_line`)."""


_END: Final = "$END"


class _Ctx:
    """What may stand at one point of a line: the tokens the grammar's
    contextual lexer tries there, in its order (:data:`TOKENS`), as one
    regular expression preceded by what is skipped (blanks, ``;`` notes)."""

    __slots__ = ("_regex", "card", "comment", "end", "hand", "keyword", "kinds", "number", "seat")

    def __init__(self, *kinds: str) -> None:
        self.kinds = frozenset(kinds)
        self.end = _END in kinds
        self.comment = "COMMENT" in kinds
        self.hand = "PBN" in kinds
        self.card = "CARD" in kinds
        self.seat = "SEAT" in kinds
        self.keyword = bool(self.kinds & set(_WORD_KINDS.values()))
        self.number = bool(self.kinds & {"INT", "POINTS", "TRICK_NUMBER"})
        self._regex: re.Pattern[str] | None = None

    @property
    def regex(self) -> re.Pattern[str]:
        """The tokens' patterns as one expression, compiled on first use (most
        files never need most contexts: compiling them all would cost every
        start-up)."""
        if self._regex is None:
            alternatives = "|".join(f"(?P<{name}>{TOKENS[name]})" for name in TOKENS if name in self.kinds)
            self._regex = re.compile(f"{IGNORED}(?:{alternatives})?")
        return self._regex


#: A keyword written in lower case -> its token.
_WORD_KINDS: Final[dict[str, str]] = {
    **LINE_KEYWORDS, **dict.fromkeys(CUMUL_WORDS, "TOTAL"), **dict.fromkeys(DEALER_WORDS, "DEALER"),
    **dict.fromkeys(DIRECTIONS, "DIRECTION"), **dict.fromkeys(MOON_CHOICES, "MOON_CHOICE"),
}

_START: Final = _Ctx("COMMENT", "TAG_OPEN", "DEAL", "SEAT", "PASS", "TRICK_NUMBER", "SCORE", "TOTAL",
                     "MOON", "STAR", "RESULT", _END)
_TAIL: Final = _Ctx("COMMENT", _END)
_TAG_NAME: Final = _Ctx("TAG_NAME")
_TAG_VALUE: Final = _Ctx("TAG_VALUE")
_RSQB: Final = _Ctx("_RSQB")
_AFTER_TAG: Final = _Ctx("TAG_OPEN", "COMMENT", _END)
_DEAL_NUMBER: Final = _Ctx("NUMERO", "INT")
_INT: Final = _Ctx("INT")
_AFTER_INT: Final = _Ctx("_COLON", "DEALER", "PASS", "COMMENT", _END)
_AFTER_NUMBER_COLON: Final = _Ctx("DEALER", "PASS", "COMMENT", _END)
_SEAT: Final = _Ctx("SEAT")
_COLON_SEAT: Final = _Ctx("_COLON", "SEAT")
_AFTER_DEALER: Final = _Ctx("PASS", "COMMENT", _END)
_DIRECTION: Final = _Ctx("DIRECTION")
_COLON_DIRECTION: Final = _Ctx("_COLON", "DIRECTION")
_COLON: Final = _Ctx("_COLON")
_HAND: Final = _Ctx("UNKNOWN", "PBN", "SYMBOL_GROUP", "LETTER_GROUP", "CARD", "FRENCH_LETTER_CARD")
_GROUPS: Final = _Ctx("SYMBOL_GROUP", "LETTER_GROUP", "_COMMA", "COMMENT", _END)
_GROUPS_AFTER_COMMA: Final = _Ctx("SYMBOL_GROUP", "LETTER_GROUP", "COMMENT", _END)
_HAND_CARDS: Final = _Ctx("CARD", "FRENCH_LETTER_CARD", "_COMMA", "COMMENT", _END)
_HAND_AFTER_COMMA: Final = _Ctx("CARD", "FRENCH_LETTER_CARD", "COMMENT", _END)
_PASS_SEAT: Final = _Ctx("_GT", "_COLON")
_PASS_BODY: Final = _Ctx("COMMENT", "CARD", "FRENCH_LETTER_CARD", _END)
_PASS_AFTER_CARD: Final = _Ctx("COMMENT", "CARD", "FRENCH_LETTER_CARD", "_COMMA", "_PERIOD", _END)
_PASS_AFTER_COMMA: Final = _Ctx("COMMENT", "CARD", "FRENCH_LETTER_CARD", "_PERIOD", _END)
_TRICK: Final = _Ctx("COMMENT", "SEAT", "CARD", "FRENCH_LETTER_CARD", _END)
#: After a play (and its comments): a hand-typed ``,`` or a closing ``.`` too.
_AFTER_PLAY: Final = _Ctx("COMMENT", "SEAT", "CARD", "FRENCH_LETTER_CARD", "_COMMA", "_PERIOD", _END)
_AFTER_PLAY_COMMA: Final = _Ctx("COMMENT", "SEAT", "CARD", "FRENCH_LETTER_CARD", "_PERIOD", _END)
_PLAY_SEAT: Final = _Ctx("_COLON", "CARD", "FRENCH_LETTER_CARD")
_CARD: Final = _Ctx("CARD", "FRENCH_LETTER_CARD")
_POINTS_AFTER_SEAT: Final = _Ctx("_COLON", "POINTS")
_POINTS: Final = _Ctx("POINTS")
_POINTS_NEXT: Final = _Ctx("_COMMA", "SEAT", "COMMENT", _END)
_AFTER_COMMA: Final = _Ctx("SEAT", "COMMENT", _END)
_MOON_CHOICE: Final = _Ctx("MOON_CHOICE", "COMMENT", _END)
_RESULT: Final = _Ctx("SEAT", "STAR")
_COLON_RESULT: Final = _Ctx("_COLON", "SEAT", "STAR")
_RESULT_SEATS: Final = _Ctx("SEAT", "COMMENT", _END)

_PBN_RE: Final = re.compile(TOKENS["PBN"])
_FOLD: Final = str.maketrans({"ſ": "s", "ı": "i", "İ": "i"})
#: A line cut at single spaces is a list of whole words (no comment, note,
#: quote, bracket, colon, tab; no doubled or outer blank: :func:`_single_spaced`).
_NOT_SIMPLE: Final = re.compile(r'[{};:>"\\\[\]\n\t\f\r]')
#: The words of any other line: a run of word characters, a ``:`` or ``>``,
#: a one-line comment without backslash or brace inside; ``;`` ends the
#: words; any other character (a quote, a bracket, a ``}``...) leaves the
#: whole line to the token patterns.
_WORDS: Final = re.compile(r'[^ \t\f\r{};:>"\\\[\]\n]+|[:>]|\{[^\\{}\n]*\}|[^ \t\f\r]')
#: The one-character words that leave a line to the token patterns.
_ODD_WORDS: Final = frozenset('{}"\\[]\n')
_SUIT_LETTERS_1: Final = frozenset("SHDCshdc")
#: A line of one tag as the writers print it: ``[Name "value"]``, one blank between.
_PLAIN_TAG: Final = re.compile(f'\\[({TOKENS["TAG_NAME"]}) ({TOKENS["TAG_VALUE"]})\\]')
#: The words of a score or total line, written in lower case -> the line's kind.
_POINTS_WORDS: Final = {"score": "score", "marque": "score", "total": "total",
                         # (``Cumul N 3 E 4 …``: a sheet's running totals, typed33)
                         **dict.fromkeys(CUMUL_WORDS, "total")}


def _is_points(word: str) -> bool:
    """Whether a word is a POINTS token (``13``, ``-26``, ``+5``): ASCII
    digits are told by string methods, the pattern (compiled on first use)
    reads the rest (start-up, issue 22)."""
    return (word.isascii() and word.isdigit()) or re.fullmatch(TOKENS["POINTS"], word) is not None


def _single_spaced(text: str) -> bool:
    """Words at single spaces: no doubled, leading or trailing blank (and some text)."""
    return bool(text) and "  " not in text and text[0] != " " and text[-1] != " "


def _keyword(text: str) -> str:
    """A keyword as the tables spell it (the patterns are case-blind:
    ``ſ`` is an ``s`` to them, and the dotted and dotless ``i`` an ``i``;
    ``à  gauche`` is ``à gauche``)."""
    return " ".join(text.lower().translate(_FOLD).replace("i̇", "i").split())


def _classify(w: str, ctx: _Ctx) -> str | None:
    """The token a whole word is where *ctx* stands, or ``None`` when the
    word may not be one token there (the token patterns then decide)."""
    c = w[0]
    if c == "{":
        return "COMMENT" if ctx.comment else None
    if ctx.hand:
        if w == "?":
            return "UNKNOWN"
        if "." in w:
            return "PBN" if _PBN_RE.fullmatch(w) is not None else None
        if c in SUIT_SYMBOLS or w in _SUIT_LETTERS_1:
            return None
        if w in CARD_TABLE:
            return "CARD"
        return "FRENCH_LETTER_CARD" if FRENCH_LETTER_RE.fullmatch(w) is not None else None
    kinds = ctx.kinds
    if ctx.keyword:
        kw = _WORD_KINDS.get(w.lower())
        if kw is not None and kw in kinds:
            return kw
    if ctx.card:
        if w in CARD_TABLE:
            return "CARD"
        if FRENCH_LETTER_RE.fullmatch(w) is not None:
            return "FRENCH_LETTER_CARD"
    if ctx.seat and SEAT_RE.fullmatch(w) is not None:
        # (``grand chelem``: two words, one keyword; the patterns read it,
        # and a seat named Grand where the next word is no ``chelem``.)
        return "SEAT" if "MOON" not in kinds or w.lower() != "grand" else None
    if ctx.number and w.isascii():
        if "POINTS" in kinds:
            return "POINTS" if _is_points(w) else None
        if w.isdigit():
            return "INT" if "INT" in kinds else None
        if (w[-1] == "." or w[-1] == ")") and w[:-1].isdigit() and "TRICK_NUMBER" in kinds:
            return "TRICK_NUMBER"
    if len(w) == 1:
        kind = {"*": "STAR", "?": "UNKNOWN", ":": "_COLON", ">": "_GT", ",": "_COMMA"}.get(w)
        if kind is not None and kind in kinds:
            return kind
    return None


_SEAT_WORDS: dict[str, bool] = {}


def _seat_word(w: str) -> bool:
    """Whether a whole word is a seat where a seat or a card may stand."""
    ok = _SEAT_WORDS.get(w)
    if ok is None:
        ok = (SEAT_RE.fullmatch(w) is not None and w not in CARD_TABLE
              and FRENCH_LETTER_RE.fullmatch(w) is None)
        if len(_SEAT_WORDS) < 4096:
            _SEAT_WORDS[w] = ok
    return ok


class _Columns:
    """The columns of every *step*-th word from word *first* of a line cut
    at single spaces, worked out only if a visitor asks (the referee's
    check of a clean deal never does).  Indexed and iterated as the
    ``Sequence[int]`` the elements declare; not a subclass of it, so that
    mypyc compiles it as a native class (made twice per trick line)."""

    __slots__ = ("_cols", "_first", "_step", "_text", "_words")

    def __init__(self, words: list[str], first: int, step: int, text: str | None = None) -> None:
        self._words = words
        self._first = first
        self._step = step
        #: the text the words were cut from, when not at single spaces from its start
        self._text = text
        self._cols: list[int] | None = None

    def _get(self) -> list[int]:
        if self._cols is None:
            if self._text is None:
                starts = list(accumulate(map((1).__add__, map(len, self._words)), initial=1))
            else:
                starts = [at + 1 for at in _starts_in(self._text, self._words)]
            self._cols = starts[self._first:len(self._words):self._step]
        return self._cols

    def __len__(self) -> int:
        return len(range(self._first, len(self._words), self._step))

    def __getitem__(self, i: int) -> int:
        return self._get()[i]

    def __iter__(self) -> Iterator[int]:
        return iter(self._get())


class _Line:
    """One logical line being read: its words (while they are whole
    tokens) or a position in its text (from the first word that is not)."""

    __slots__ = ("at", "bad", "base", "multi", "pos", "simple", "starts", "text", "val", "wi", "words")

    def __init__(self, text: str, base: int, words: list[str] | None = None) -> None:
        self.text = text
        self.base = base
        self.multi = "\n" in text
        self.bad: HrnSyntaxError | None = None
        self.val = ""
        self.at = 0
        self.pos = 0
        self.wi = 0
        self.words: list[str] | None = None
        self.starts: list[int] | None = None      # worked out when a position is asked
        if words is not None:   # cut by the caller as below (:func:`_commented_trick`)
            self.simple = False
            self.words = words
            return
        self.simple = _NOT_SIMPLE.search(text) is None and _single_spaced(text)
        if self.simple:
            self.words = text.split(" ") if text else []
            return
        words = _WORDS.findall(text)
        if ";" in words:
            del words[words.index(";"):]
        if _ODD_WORDS.isdisjoint(words):
            self.words = words
        # (else the token patterns read the whole line)

    def start_of(self, i: int) -> int:
        """Where word *i* starts in the text."""
        starts = self.starts
        if starts is None:
            if i == 0:
                return len(self.text) - len(self.text.lstrip(" \t\f\r"))
            if self.simple:
                starts = list(accumulate(map((1).__add__, map(len, self.words or ())), initial=0))
            else:
                starts = [m.start() for m in _WORDS.finditer(self.text)]
            self.starts = starts
        return starts[i]

    def next(self, ctx: _Ctx) -> str:
        """The next token where *ctx* stands (its text in ``val``, where it
        starts in ``at``), or :class:`Mismatch`."""
        words = self.words
        if words is not None:
            wi = self.wi
            if wi == len(words):
                if ctx.end:
                    return _END
                raise Mismatch
            w = words[wi]
            kind = _classify(w, ctx)
            if kind is not None:
                self.wi = wi + 1
                self.val = w
                self.at = -1 - wi     # a word's index: its start is worked out if asked
                return kind
            self.pos = self.start_of(wi)
            self.words = None
        m = ctx.regex.match(self.text, self.pos)
        if m is None:   # pragma: no cover - the pattern matches the empty string
            raise Mismatch
        name = m.lastgroup
        if name is None:
            if ctx.end and m.end() == len(self.text):
                self.pos = m.end()
                return _END
            raise Mismatch
        self.val = m.group(name)
        self.at = m.start(name)
        self.pos = m.end()
        return name

    def where(self, index: int) -> tuple[int, int]:
        """Line and column of a position in the text."""
        if not self.multi:
            return self.base, index + 1
        return self.base + self.text.count("\n", 0, index), index - self.text.rfind("\n", 0, index)

    def here(self) -> tuple[int, int]:
        """Line and column of the last token read."""
        at = self.at
        return self.where(at if at >= 0 else self.start_of(-1 - at))

    def skip_word(self, pattern: re.Pattern[str]) -> None:
        """Pass over the next word when it is all *pattern* (reading by
        words; reading by patterns, the keyword's own pattern took it)."""
        words = self.words
        if words is not None and self.wi < len(words) and pattern.fullmatch(words[self.wi]) is not None:
            self.wi += 1

    def fail(self, exc: HrnSyntaxError) -> None:
        """A bad value: reported if the whole line fits the grammar."""
        if self.bad is None:
            self.bad = exc

    def number(self, text: str, line: int, col: int) -> int:
        try:
            return number(text, line, col)
        except HrnSyntaxError as exc:
            self.fail(exc)
            return 0

    def card(self, text: str, line: int, col: int) -> tuple[Card, str | None]:
        hit = CARD_TABLE.get(text)
        if hit is not None:
            return hit
        try:
            return card_token(text, line, col)
        except HrnSyntaxError as exc:
            self.fail(exc)
            return CARDS[0], None

    def count(self, n: int, what: str, line: int, col: int) -> None:
        try:
            check_cards(n, what, line, col)
        except HrnSyntaxError as exc:
            self.fail(exc)

    def comments(self, kind: str, out: list[Element]) -> None:
        """``COMMENT* $END`` from a token just read (*kind*)."""
        while kind == "COMMENT":
            out.append(CommentEl(*self.here(), comment_text(self.val)))
            kind = self.next(_TAIL)
        if kind != _END:     # pragma: no cover - the contexts end so
            raise Mismatch


#: The spaces a word processor types where a space is meant (French
#: typography puts a narrow no-break space before ``:`` ``;`` ``!`` ``?``),
#: no-break, figure, thin, hair, medium and ideographic: blanks of the
#: notation as space and tab are (``grammar/hearts.lark``'s ``WS``).  With
#: the comments and quoted values, which keep them, they are what
#: :func:`_plain_spaces` reads past.
_WIDE_SPACE = re.compile("[\u00a0\u2007\u2009\u200a\u202f\u205f\u3000]")
#: Such a space that stays as typed: between a card (its suit last) and its
#: mark, where it belongs to the CARD token (``D♠`` U+202F ``!``: spec 2.5).
#: Anywhere else a ``!`` or ``?`` after it is no mark (``N:`` U+00A0 ``?``).
_WIDE_BLANK = re.compile("(?<![SHDCshdc♠♥♦♣♤♡♢♧\ufe0f])[\u00a0\u2007\u2009\u200a\u202f\u205f\u3000]"
                         "|[\u00a0\u2007\u2009\u200a\u202f\u205f\u3000](?![!?])")
_KEPT_TEXT = re.compile(r'\{(?:[^\\}]|\\.)*\}|"(?:[^"\\\n]|\\.)*"|;[^\n]*')


def _plain_spaces(text: str) -> str | None:
    """*text* with its no-break and thin spaces outside comments and quoted
    values made ordinary spaces (the same length: columns do not move), but
    for one between a card and its mark (:data:`_WIDE_BLANK`), or
    ``None`` when it has none there.  Asked only of a line that did not
    read (:func:`read_line`), so a record typed with ordinary spaces pays
    nothing for it."""
    if _WIDE_SPACE.search(text) is None:
        return None
    out: list[str] = []
    at = 0
    changed = False
    for m in _KEPT_TEXT.finditer(text):
        part = text[at:m.start()]
        plain = _WIDE_BLANK.sub(" ", part)
        changed = changed or plain != part
        out.append(plain)
        out.append(m.group())
        at = m.end()
    part = text[at:]
    plain = _WIDE_BLANK.sub(" ", part)
    changed = changed or plain != part
    out.append(plain)
    return "".join(out) if changed else None


def read_line(text: str, line: int) -> list[Element]:
    """The elements of one logical line whose first line is *line*:
    :class:`Mismatch` when the grammar does not read it, else
    :class:`HrnSyntaxError` for its first bad value.  The grammar's blanks
    include the no-break and thin spaces; the words' patterns below know
    space and tab only, so a line that does not read is read again with
    those spaces made plain (:func:`_plain_spaces`)."""
    try:
        return _read_line(text, line)
    except (Mismatch, HrnSyntaxError):
        plain = _plain_spaces(text)
        if plain is None:
            raise
    return _read_line(plain, line)


def _read_line(text: str, line: int) -> list[Element]:
    if text[:1] == "[":
        m = _PLAIN_TAG.fullmatch(text)
        if m is not None:       # one tag as the writers print it
            name = m.group(1)
            return [TagEl(line, 1, name, line, len(name) + 3, tag_value(m.group(2)), line, 2)]
    elif "{" not in text and '"' not in text and "\\" not in text:
        # No comment, no quote, no escape: the line is read straight from
        # its words (the lines of canonical text, and the same lines typed
        # with other spacing or a ``;`` note).
        got = _read_words(text, line)
        if got is not None:
            return [got]
    elif '"' not in text and "\\" not in text and "\n" not in text and text[:1].isdigit():
        # A trick line with comments (as annotated or typed): its words.
        trick = _commented_trick(text, line)
        if trick is not None:
            return [trick]
    r = _Line(text, line)
    out: list[Element] = []
    kind = r.next(_START)
    while kind == "COMMENT":
        out.append(CommentEl(*r.here(), comment_text(r.val)))
        kind = r.next(_START)
    if kind == "TRICK_NUMBER":
        _trick(r, out)
    elif kind == "SEAT":
        _hand(r, out)
    elif kind == "PASS":
        _pass(r, out)
    elif kind == "DEAL":
        _deal(r, out)
    elif kind == "SCORE" or kind == "TOTAL":
        _points(r, out, "score" if kind == "SCORE" else "total")
    elif kind == "TAG_OPEN":
        _tags(r, out)
    elif kind == "RESULT":
        _result(r, out)
    elif kind == "MOON":
        _moon(r, out)
    elif kind == "STAR":
        ln, col = r.here()
        out.append(StarEl(ln, col))
        r.comments(r.next(_TAIL), out)
    if r.bad is not None:
        raise r.bad
    return out


def _tags(r: _Line, out: list[Element]) -> None:
    kind = "TAG_OPEN"
    while kind == "TAG_OPEN":
        bl, bc = r.here()
        r.next(_TAG_NAME)
        name = r.val
        nl, nc = r.here()
        r.next(_TAG_VALUE)
        vl, vc = r.here()
        value = tag_value(r.val)
        r.next(_RSQB)
        out.append(TagEl(bl, bc, name, vl, vc, value, nl, nc))
        kind = r.next(_AFTER_TAG)
    r.comments(kind, out)


def _deal(r: _Line, out: list[Element]) -> None:
    ln, col = r.here()
    # (a French sheet's ``donne n°1 : donneur : O passe : gauche``: the
    # "numéro" and the colons say nothing the header does not: spec 2.4)
    if r.next(_DEAL_NUMBER) == "NUMERO":
        r.next(_INT)
    digits = r.val
    nl, nc = r.here()
    number_ = r.number(digits, nl, nc)
    dealer: str | None = None
    dl = dc = 0
    direction: str | None = None
    kind = r.next(_AFTER_INT)
    if kind == "_COLON":
        kind = r.next(_AFTER_NUMBER_COLON)
    if kind == "DEALER":
        if r.next(_COLON_SEAT) == "_COLON":
            r.next(_SEAT)
        dealer = r.val
        dl, dc = r.here()
        kind = r.next(_AFTER_DEALER)
    if kind == "PASS":
        if r.next(_COLON_DIRECTION) == "_COLON":
            r.next(_DIRECTION)
        direction = DIRECTIONS[_keyword(r.val)]
        kind = r.next(_TAIL)
    out.append(DealEl(ln, col, number_, dealer, dl, dc, direction))
    r.comments(kind, out)


def _hand(r: _Line, out: list[Element]) -> None:
    seat = r.val
    ln, col = r.here()
    r.next(_COLON)
    kind = r.next(_HAND)
    cards: tuple[Card, ...] | None = None
    if kind == "UNKNOWN":
        kind = r.next(_TAIL)
    elif kind == "PBN":
        try:
            cards = pbn_cards(r.val, *r.here())
        except HrnSyntaxError as exc:
            r.fail(exc)
        kind = r.next(_TAIL)
    elif kind == "SYMBOL_GROUP" or kind == "LETTER_GROUP":
        first = r.here()
        seen: dict[int, tuple[int, int]] = {}
        got: list[Card] = []
        while kind == "SYMBOL_GROUP" or kind == "LETTER_GROUP":
            try:
                got.extend(group_cards(r.val, *r.here(), seen))
            except HrnSyntaxError as exc:
                r.fail(exc)
            kind = r.next(_GROUPS)
            if kind == "_COMMA":    # ``♠ D, 10, 8, ♥ A``: a list as people write one
                kind = r.next(_GROUPS_AFTER_COMMA)
        r.count(len(got), "hand", *first)
        cards = in_display_order(got)
    else:       # a list of cards
        first = r.here()
        got = []
        while kind == "CARD" or kind == "FRENCH_LETTER_CARD":
            cl, cc = r.here()
            card, mark = r.card(r.val, cl, cc)
            if mark is not None:
                r.fail(HrnSyntaxError(msg("syntax.mark_in_hand"), cl, cc + len(r.val) - len(mark)))
            got.append(card)
            kind = r.next(_HAND_CARDS)
            if kind == "_COMMA":    # ``A♠, D♠, 4♠``
                kind = r.next(_HAND_AFTER_COMMA)
        r.count(len(got), "hand", *first)
        cards = in_display_order(got)
    out.append(HandEl(ln, col, seat, cards))
    r.comments(kind, out)


def _pass(r: _Line, out: list[Element]) -> None:
    ln, col = r.here()
    r.next(_SEAT)
    seat = r.val
    sl, sc = r.here()
    to: str | None = None
    tl = tc = 0
    if r.next(_PASS_SEAT) == "_GT":
        r.next(_SEAT)
        to = r.val
        tl, tc = r.here()
        r.next(_COLON)
    cards: list[Card] = []
    marks: list[tuple[str, int, int]] = []
    comments: list[str] = []
    kind = r.next(_PASS_BODY)
    # (a comma may follow a card and its comments, a period the last:
    # ``A♥, 9♣, R♦.``)
    ctx = _PASS_BODY
    while kind != _END:
        if kind == "COMMENT":
            comments.append(comment_text(r.val))
        elif kind == "_COMMA":
            ctx = _PASS_AFTER_COMMA
        elif kind == "_PERIOD":
            ctx = _TAIL
        else:
            cl, cc = r.here()
            card, mark = r.card(r.val, cl, cc)
            cards.append(card)
            if mark is not None:
                marks.append((mark, cl, cc + len(r.val) - len(mark)))
            ctx = _PASS_AFTER_CARD
        kind = r.next(ctx)
    r.count(len(cards), "pass", ln, col)
    mark_: str | None = None
    try:
        mark_ = pass_mark(marks)
    except HrnSyntaxError as exc:
        r.fail(exc)
    out.append(PassEl(ln, col, seat, sl, sc, to, tl, tc, tuple(cards), mark_, join_comments(comments)))


def _trick(r: _Line, out: list[Element]) -> None:
    head = r.val
    ln, col = r.here()
    if r.words is not None and not r.multi:
        got = _word_trick(r, head, ln, col)
        if got is not None:
            out.append(got)
            return
    trick_comments: list[str] = []
    seats: list[str | None] = []
    seat_lines: list[int] = []
    seat_cols: list[int] = []
    cards: list[Card] = []
    card_lines: list[int] = []
    card_cols: list[int] = []
    marks_: list[str | None] = []
    notes: list[str | None] = []
    # A card read right where the card before it ends (``A♠QS``): glued.
    glued: tuple[str, str, int, int] | None = None
    glued_end = -1
    glued_text = ""
    kind = r.next(_TRICK)
    after_comment = False
    while kind == "COMMENT":
        trick_comments.append(comment_text(r.val))
        kind = r.next(_TRICK)
        after_comment = True
    while kind != _END:
        if kind == "SEAT":
            if after_comment and r.val.lower() in LINE_KEYWORDS:
                # Right after a comment the grammar reads a line's keyword
                # (deal, pass, score...) as that keyword, never as a seat.
                raise Mismatch
            seats.append(r.val)
            sl, sc = r.here()
            seat_lines.append(sl)
            seat_cols.append(sc)
            kind = r.next(_PLAY_SEAT)
            if kind == "_COLON":
                kind = r.next(_CARD)
        else:
            seats.append(None)
            seat_lines.append(0)
            seat_cols.append(0)
        cl, cc = r.here()
        card, mark = r.card(r.val, cl, cc)
        if r.at >= 0 and r.at == glued_end and glued is None:
            glued = (glued_text, r.val, cl, cc)
        glued_end = r.pos if r.at >= 0 else -1
        glued_text = r.val
        cards.append(card)
        card_lines.append(cl)
        card_cols.append(cc)
        marks_.append(mark)
        # (``N 2♣, E 3♣, S 5♣, O A♣.``: a comma after a play, a period
        # after the last, as a sheet is typed by hand: spec 2.5)
        after = _AFTER_PLAY
        kind = r.next(after)
        said: list[str] = []
        after_comment = False
        while True:
            if kind == "COMMENT":
                said.append(comment_text(r.val))
                after_comment = True
            elif kind == "_COMMA" and after is _AFTER_PLAY:
                after = _AFTER_PLAY_COMMA
                after_comment = False
            else:
                break
            kind = r.next(after)
        notes.append(join_comments(said))
        if kind == "_PERIOD":
            # (what follows the period is said of the whole trick, as the
            # grammar reads it: the trick's comment, not the last play's)
            kind = r.next(_TAIL)
            while kind == "COMMENT":
                trick_comments.append(comment_text(r.val))
                kind = r.next(_TAIL)
    if glued is not None:
        r.fail(glued_cards(*glued))
    r.count(len(cards), "trick", ln, col)
    number_ = r.number(head, ln, col)
    out.append(TrickEl(ln, col, number_, join_comments(trick_comments), seats, seat_lines, seat_cols,
                       cards, card_cols, None if card_lines.count(ln) == len(card_lines) else card_lines,
                       None if marks_.count(None) == len(marks_) else marks_,
                       None if notes.count(None) == len(notes) else notes))


def _points(r: _Line, out: list[Element], what: str) -> None:
    ln, col = r.here()
    seats: list[str] = []
    seat_lines: list[int] = []
    seat_cols: list[int] = []
    values: list[int] = []
    if what == "total":
        r.skip_word(TOTAL_CUMUL_RE)   # ``total cumulé N 4 ...`` (french12)
    kind = r.next(_COLON_SEAT)
    if kind == "_COLON":    # ``marque : N 3 ...``
        kind = r.next(_SEAT)
    while kind == "SEAT":
        seats.append(r.val)
        sl, sc = r.here()
        seat_lines.append(sl)
        seat_cols.append(sc)
        if r.next(_POINTS_AFTER_SEAT) == "_COLON":
            r.next(_POINTS)
        values.append(r.number(r.val, *r.here()))
        kind = r.next(_POINTS_NEXT)
        if kind == "_COMMA":    # ``N 3, E 4``: a list as people write one
            kind = r.next(_AFTER_COMMA)
    out.append(PointsEl(what, ln, col, seats, seat_lines, seat_cols, values))
    r.comments(kind, out)


def _moon(r: _Line, out: list[Element]) -> None:
    ln, col = r.here()
    if r.next(_COLON_SEAT) == "_COLON":     # ``capot : S``
        r.next(_SEAT)
    seat = r.val
    sl, sc = r.here()
    kind = r.next(_MOON_CHOICE)
    if kind != "MOON_CHOICE":   # ``moon S``: the rules in force decide (the reader's builder)
        out.append(MoonEl(ln, col, seat, sl, sc, None))
        r.comments(kind, out)
        return
    out.append(MoonEl(ln, col, seat, sl, sc, MOON_CHOICES[_keyword(r.val)]))
    r.comments(r.next(_TAIL), out)


def _result(r: _Line, out: list[Element]) -> None:
    ln, col = r.here()
    kind = r.next(_COLON_RESULT)
    if kind == "_COLON":    # ``résultat : S``
        kind = r.next(_RESULT)
    if kind == "STAR":
        out.append(ResultEl(ln, col, None, [], []))
        r.comments(r.next(_TAIL), out)
        return
    seats: list[str] = []
    seat_lines: list[int] = []
    seat_cols: list[int] = []
    while kind == "SEAT":
        seats.append(r.val)
        sl, sc = r.here()
        seat_lines.append(sl)
        seat_cols.append(sc)
        kind = r.next(_RESULT_SEATS)
    out.append(ResultEl(ln, col, seats, seat_lines, seat_cols))
    r.comments(kind, out)


#: Blanks other than the space: one column each, as a space is.
_OTHER_BLANKS: Final = str.maketrans("\t\f\r", "   ")


def _read_words(text: str, line: int) -> Element | None:
    """A line without comment, quote or escape read from its words (``None``
    when they are not one of the lines below: the tokens then decide).  At
    single spaces from column 1 the positions follow from the words; at any
    other spacing they are taken from the text (:func:`_respace`)."""
    body = text
    semi = text.find(";")
    if semi >= 0:
        body = text[:semi]      # a note: no token
    if "\t" in body or "\f" in body or "\r" in body:
        body = body.translate(_OTHER_BLANKS)
    words = body.split(" ")
    spaced = "  " in body or body[:1] == " " or body[-1:] == " "
    if spaced:
        words = [w for w in words if w]
    if not words or not words[0]:
        return None
    try:
        got = _plain_line(words, line)
    except HrnSyntaxError as exc:
        if spaced:
            exc.column = _remap(exc.column, _starts_in(body, words), words)
        raise
    if got is not None and spaced:
        _respace(got, body, words)
    return got


def _plain_line(words: list[str], line: int) -> Element | None:
    """The element of a line of words at single spaces from column 1
    (``None`` when it is none of these lines)."""
    head = words[0]
    n = len(words)
    if head[-1] == "." and n % 2 == 1:
        return _pair_trick(words, line)
    if n == 2 and head[-1] == ":":
        return _plain_hand(words, line)
    if (head == "pass" or head == "passe") and n > 1 and words[1][-1:] == ":":
        return _plain_pass(words, line)
    if head == "deal" or head == "donne":
        return _plain_deal(words, line)
    if head in _POINTS_WORDS and n % 2 == 1 and n > 1:
        return _plain_points(head, words, line)
    return None


def _starts_in(text: str, words: list[str]) -> list[int]:
    """Where each of *words* (the blank-separated runs of *text*, in
    order) starts in *text*."""
    out: list[int] = []
    at = 0
    for w in words:
        at = text.find(w, at)
        out.append(at)
        at += len(w)
    return out


def _remap(column: int, starts: list[int], words: list[str]) -> int:
    """The column in the text of what stands at *column* of the same words
    written at single spaces from column 1."""
    i = column - 1
    at = 0
    k = 0
    last = len(words) - 1
    while k < last and i > at + len(words[k]):  # (in the word, or the blank after it)
        at += len(words[k]) + 1
        k += 1
    return starts[k] + i - at + 1


def _respace(el: Element, text: str, words: list[str]) -> None:
    """Give an element read from words at single spaces (:func:`_plain_line`)
    the columns of its *text*, written at other spacing."""
    if isinstance(el, TrickEl):     # (its plays' columns: worked out if asked)
        el.col = len(text) - len(text.lstrip(" ")) + 1
        el.seat_cols = cast("Sequence[int]", _Columns(words, 1, 2, text))
        el.card_cols = cast("Sequence[int]", _Columns(words, 2, 2, text))
        return
    starts = _starts_in(text, words)
    el.col = _remap(el.col, starts, words)
    if isinstance(el, DealEl):
        if el.dealer is not None:
            el.dealer_col = _remap(el.dealer_col, starts, words)
    elif isinstance(el, PassEl):
        el.seat_col = _remap(el.seat_col, starts, words)
        if el.to is not None:
            el.to_col = _remap(el.to_col, starts, words)
    elif isinstance(el, PointsEl):
        el.seat_cols = [_remap(c, starts, words) for c in el.seat_cols]


def _comment_words(text: str) -> list[str] | None:
    """The words of a line as :data:`_WORDS` cuts them (a comment is one
    word; a ``;`` note ends them), cut with string methods (several times
    cheaper than the pattern), or ``None`` when a character there could
    make the two cuts differ (a ``:``, ``>``, bracket or stray ``}``, a
    ``{`` inside a comment or never closed): the tokens then decide."""
    words: list[str] = []
    rest = text
    while True:
        brace = rest.find("{")
        seg = rest if brace < 0 else rest[:brace]
        semi = seg.find(";")
        if semi >= 0:
            seg = seg[:semi]
            brace = -1
        if "}" in seg or ":" in seg or ">" in seg or "[" in seg or "]" in seg:
            return None
        if "\t" in seg or "\f" in seg or "\r" in seg:
            seg = seg.translate(_OTHER_BLANKS)
        for w in seg.split(" "):
            if w:
                words.append(w)
        if brace < 0:
            return words
        close = rest.find("}", brace)
        if close < 0 or rest.find("{", brace + 1, close) >= 0:
            return None
        words.append(rest[brace:close + 1])
        rest = rest[close + 1:]


def _commented_trick(text: str, line: int) -> TrickEl | None:
    """A trick line with comments, read from its words (``None`` when a
    word is not a seat, a card or a comment: the tokens then decide)."""
    words = _comment_words(text)
    if not words:
        return None
    head = words[0]
    if not (len(head) > 1 and head[-1] == "." and head[:-1].isdigit() and head.isascii()):
        return None
    r = _Line(text, line, words)
    r.wi = 1
    r.at = -1       # (the head, word 0)
    ln, col = r.here()
    got = _word_trick(r, head, ln, col)
    if got is not None and r.bad is not None:
        raise r.bad
    return got


def _pair_trick(words: list[str], line: int) -> TrickEl | None:
    """A trick line of ``SEAT CARD`` pairs at single spaces (``None`` for
    any other line).  One loop over the words with typed locals: what mypyc
    compiles to C list and dict calls (no slices, no ``map``)."""
    head = words[0]
    size = len(words)
    if size < 3 or not (head[:-1].isdigit() and head.isascii()):
        return None
    table = CARD_TABLE
    known = _SEAT_WORDS
    seats: list[str | None] = []
    cards: list[Card] = []
    marks: list[str | None] | None = None
    i = 1
    while i < size:
        seat = words[i]
        hit = table.get(words[i + 1])
        if hit is None:
            return None
        ok = known.get(seat)
        if not (_seat_word(seat) if ok is None else ok):
            return None
        seats.append(seat)
        card, mark = hit
        cards.append(card)
        if mark is not None and marks is None:
            marks = [None] * (len(cards) - 1)
        if marks is not None:
            marks.append(mark)
        i += 2
    n = len(cards)
    limits = current_limits()
    if n > limits.cards or len(head) > limits.digits:
        check_cards(n, "trick", line, 1)
        number(head, line, 1)
    return TrickEl(line, 1, int(head[:-1]), None, seats, [line] * n,
                   cast("Sequence[int]", _Columns(words, 1, 2)), cards,
                   cast("Sequence[int]", _Columns(words, 2, 2)), None, marks, None)


#: Whole words that are (or not) a SEAT token, as the plain lines meet them.
_SEAT_NAMES: dict[str, bool] = {}


def _is_seat(w: str) -> bool:
    """Whether a whole word is a SEAT token (a table look-up once seen)."""
    ok = _SEAT_NAMES.get(w)
    if ok is None:
        ok = SEAT_RE.fullmatch(w) is not None
        if len(_SEAT_NAMES) < 4096:
            _SEAT_NAMES[w] = ok
    return ok


def _plain_hand(words: list[str], line: int) -> HandEl | None:
    """``SEAT: PBN`` or ``SEAT: ?`` at single spaces (``None`` for any other line)."""
    seat = words[0][:-1]
    if not _is_seat(seat) or seat.lower() in LINE_KEYWORDS:
        return None
    body = words[1]
    if body == "?":
        return HandEl(line, 1, seat, None)
    parts = body.split(".")
    if len(parts) == 4:
        # Suits met before (only a valid PBN's suits are kept: the whole is one)
        spades = _PBN_CARDS[0].get(parts[0])
        hearts = _PBN_CARDS[1].get(parts[1])
        diamonds = _PBN_CARDS[2].get(parts[2])
        clubs = _PBN_CARDS[3].get(parts[3])
        if spades is not None and hearts is not None and diamonds is not None and clubs is not None:
            return HandEl(line, 1, seat, spades + hearts + diamonds + clubs)
    if _PBN_RE.fullmatch(body) is None:
        return None
    return HandEl(line, 1, seat, pbn_cards(body, line, len(seat) + 3))


def _plain_pass(words: list[str], line: int) -> PassEl | None:
    """``pass SEAT: cards`` or ``pass SEAT>TO: cards`` at single spaces
    (``None`` for any other line)."""
    who = words[1][:-1]
    to: str | None = None
    tc = 0
    if ">" in who:
        who, _, to = who.partition(">")
        if not _is_seat(to):
            return None
        tc = len(words[0]) + 3 + len(who)
    if not _is_seat(who):
        return None
    table = CARD_TABLE
    cards: list[Card] = []
    marks: list[tuple[str, int, int]] = []
    size = len(words)
    for k in range(2, size):
        hit = table.get(words[k])
        if hit is None:
            return None
        card, mark = hit
        cards.append(card)
        if mark is not None:
            col = len(words[0]) + 2 + sum([len(words[j]) + 1 for j in range(1, k)])
            marks.append((mark, line, col + len(words[k]) - len(mark)))
    check_cards(len(cards), "pass", line, 1)
    return PassEl(line, 1, who, line, len(words[0]) + 2, to, line if to is not None else 0, tc,
                  tuple(cards), pass_mark(marks), None)


class _WordColumns:
    """The columns of some words of a line (by index; ``-1``: no word, 0),
    worked out only if a visitor asks (a native class, as :class:`_Columns`)."""

    __slots__ = ("_line", "_which")

    def __init__(self, line: _Line, which: list[int]) -> None:
        self._line = line
        self._which = which

    def __len__(self) -> int:
        return len(self._which)

    def __getitem__(self, i: int) -> int:
        k = self._which[i]
        return 0 if k < 0 else self._line.start_of(k) + 1

    def __iter__(self) -> Iterator[int]:
        start_of = self._line.start_of
        return iter([0 if k < 0 else start_of(k) + 1 for k in self._which])


def _word_trick(r: _Line, head: str, ln: int, col: int) -> TrickEl | None:
    """The rest of a trick line read straight from its words (seats, cards
    and comments, each a whole word); ``None`` when a word is anything else
    (the tokens then decide, one by one)."""
    words = r.words
    assert words is not None
    n = len(words)
    i = r.wi
    table = CARD_TABLE
    known = _SEAT_WORDS
    said: list[str] = []
    while i < n and words[i][0] == "{":
        said.append(comment_text(words[i]))
        i += 1
    seats: list[str | None] = []
    seat_at: list[int] = []
    seat_lines: list[int] = []
    cards: list[Card] = []
    card_at: list[int] = []
    # (marks and notes made at the first play that has one)
    marks: list[str | None] | None = None
    notes: list[str | None] | None = None
    while i < n:
        w = words[i]
        hit = table.get(w)
        if hit is None:
            if w[0] == "{" or i + 1 == n:
                return None
            ok = known.get(w)
            if not (_seat_word(w) if ok is None else ok):
                return None
            if words[i - 1][0] == "{" and w.lower() in LINE_KEYWORDS:
                return None     # a keyword after a comment: the tokens say it is no seat
            seats.append(w)
            seat_at.append(i)
            seat_lines.append(ln)
            i += 1
            hit = table.get(words[i])
            if hit is None:
                return None
        else:
            seats.append(None)
            seat_at.append(-1)
            seat_lines.append(0)
        card, mark = hit
        cards.append(card)
        if mark is not None and marks is None:
            marks = [None] * (len(cards) - 1)
        if marks is not None:
            marks.append(mark)
        card_at.append(i)
        i += 1
        if i < n and words[i][0] == "{":
            here: list[str] = []
            while i < n and words[i][0] == "{":
                here.append(comment_text(words[i]))
                i += 1
            if notes is None:
                notes = [None] * (len(cards) - 1)
            notes.append(join_comments(here))
        elif notes is not None:
            notes.append(None)
    k = len(cards)
    limits = current_limits()
    if k > limits.cards or len(head) > limits.digits:
        r.count(k, "trick", ln, col)
        number_ = r.number(head, ln, col)
    else:
        number_ = int(head[:-1])
    return TrickEl(ln, col, number_, join_comments(said), seats, seat_lines,
                   cast("Sequence[int]", _WordColumns(r, seat_at)), cards,
                   cast("Sequence[int]", _WordColumns(r, card_at)), None, marks, notes)


def _plain_deal(words: list[str], line: int) -> DealEl | None:
    """``deal N [dealer SEAT] [pass DIRECTION]`` at single spaces, keywords in
    lower case (``None`` for any other line)."""
    n = len(words)
    digits = words[1] if n > 1 else ""
    if not (digits.isdigit() and digits.isascii()):
        return None
    dealer: str | None = None
    dc = 0
    direction: str | None = None
    i = 2
    col = len(words[0]) + 3 + len(digits)
    if i < n and words[i] in DEALER_WORDS:
        if i + 1 == n or not _is_seat(words[i + 1]):
            return None
        dealer, dc = words[i + 1], col + len(words[i]) + 1
        col += len(words[i]) + 2 + len(dealer)
        i += 2
    if i < n and (words[i] == "pass" or words[i] == "passe"):
        direction = DIRECTIONS.get(words[i + 1]) if i + 1 < n else None
        if direction is None:
            return None
        i += 2
    if i != n:
        return None
    value = (int(digits) if len(digits) <= current_limits().digits
             else number(digits, line, len(words[0]) + 2))
    return DealEl(line, 1, value, dealer, line if dealer is not None else 0, dc, direction)


def _plain_points(head: str, words: list[str], line: int) -> PointsEl | None:
    """``score SEAT N ...`` or ``total SEAT N ...`` at single spaces (``None``
    for any other line)."""
    size = len(words)
    for i in range(1, size, 2):
        value = words[i + 1]
        if not _is_seat(words[i]) or not _is_points(value):
            return None
    seats: list[str] = []
    cols: list[int] = []
    values: list[int] = []
    digits = current_limits().digits
    col = len(head) + 2
    for i in range(1, size, 2):
        seat = words[i]
        value = words[i + 1]
        seats.append(seat)
        cols.append(col)
        # (``−6``, the minus sign U+2212, goes to number(), which reads it)
        values.append(int(value) if len(value) <= digits and value.isascii()
                      else number(value, line, col + len(seat) + 1))
        col += len(seat) + len(value) + 2
    return PointsEl(_POINTS_WORDS[head], line, 1, seats, [line] * len(seats), cols, values)
