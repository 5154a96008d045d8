"""The whole-game fast path of the HRN reader: canonical text straight to events.

Canonical HRN (what every writer of this package prints, and most of any
large corpus) is plain: one element per line, single spaces, the seat
before every card, PBN hands, no comment.  :func:`visit_canonical` reads
the text of such a game with ``str.split`` and table look-ups -- no logical
lines, no element tuples, no Lark -- and sends the visitor exactly the
events the full reader (:func:`~hearts_notation.io.hrn.reader.visit_text`)
would send, positions included.  Whatever it is not sure of (a comment, a
mark, a ``Seats`` tag, a bare card, an odd spacing, anything out of order)
makes it return ``None`` *before* it has sent anything, and the caller
reads the game with the full reader, which stays the definition of the
syntax: this path may only ever agree with it
(``tests/test_hrn_canonical.py`` checks that on generated and sample text).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import accumulate
from typing import Any, Final, overload

from ...cards import CARDS, Card
from ...model import PLAYER_TAGS_4
from ...rules import RuleSet
from ...seats import DEFAULT_SEATS
from ..events import Visitor
from ..limits import current as current_limits
from .lex import CARD_TABLE, KEYWORDS
from .reader import _load_default_rules, _parse_rules_or_none
from .words import TAG_NAMES_FR

_TAG_RE: Final = re.compile(r'\[([A-Za-z0-9_]+) "([^"\\\n]*)"\]')
_POINTS_RE: Final = re.compile(r"[+-]?[0-9]+")
#: The points a score line usually holds, as written -> value.
_POINTS: Final = {str(v): v for v in range(-200, 1000)}
#: Card text without a mark -> card (every spelling the grammar reads as a card).
_CARD: Final = {text: card for text, (card, mark) in CARD_TABLE.items() if mark is None}
_RANK: Final = {c: i for i, c in enumerate("23456789TJQKA")}
_DIRECTIONS: Final = frozenset({"left", "right", "across", "hold"})
#: Characters that send a game to the full reader wherever they stand.
#: [k]: the number word of trick k + 1.
_NUMBERED: Final = tuple(f"{k}." for k in range(1, 100))
#: A token's length and the blank after it.
_PLUS_ONE: Final = (1).__add__
_UNSURE: Final = ("{", ";", "\t", "\\", "\r", "\ufeff", "\f", "\v")


class _Columns(Sequence[int]):
    """The column of each card of a canonical trick line, worked out only
    if a visitor asks (the referee's compact check never does)."""

    __slots__ = ("_cols", "_toks")

    def __init__(self, toks: list[str]) -> None:
        self._toks = toks
        self._cols: list[int] | None = None

    def _get(self) -> list[int]:
        if self._cols is None:
            # the column where each token begins: 1, then past a token and a blank
            starts = list(accumulate(map(_PLUS_ONE, map(len, self._toks)), initial=1))
            self._cols = starts[2:-1:2]
        return self._cols

    def __len__(self) -> int:
        return len(self._toks) // 2

    @overload
    def __getitem__(self, i: int) -> int: ...
    @overload
    def __getitem__(self, i: slice) -> list[int]: ...

    def __getitem__(self, i: int | slice) -> int | list[int]:
        return self._get()[i]


class _Unsure(Exception):
    """The game is not plain canonical text: the full reader decides."""


def _suit(base: int, part: str) -> tuple[int, tuple[Card, ...]]:
    """The cards of one suit of a PBN hand, high to low, and how many were
    written (a rank twice: fewer cards than letters), or :class:`_Unsure`."""
    mask = 0
    for ch in part:
        r = _RANK.get(ch)
        if r is None:
            raise _Unsure
        mask |= 1 << (base + r)
    out: list[Card] = []
    while mask:
        top = mask.bit_length() - 1
        out.append(CARDS[top])
        mask ^= 1 << top
    return len(part), tuple(out)


#: [suit]: suit text of a PBN hand -> (letters, cards): a corpus repeats them.
_SUITS: Final[tuple[dict[str, tuple[int, tuple[Card, ...]]], ...]] = ({}, {}, {}, {})


def _pbn(text: str) -> tuple[Card, ...]:
    """Cards of a canonical PBN hand in display order (spades to clubs,
    high to low), or :class:`_Unsure`."""
    parts = text.split(".")
    if len(parts) != 4:
        raise _Unsure
    cards: tuple[Card, ...] = ()
    letters = 0
    for k in range(4):
        part = parts[k]
        if part == "-":
            continue
        memo = _SUITS[k]
        got = memo.get(part)
        if got is None:
            got = _suit(39 - 13 * k, part)
            if len(memo) < 8192:
                memo[part] = got
        letters += got[0]
        cards += got[1]
    if len(cards) != letters or not letters:
        raise _Unsure        # a card twice, or an empty hand: the full reader says it
    return cards


def visit_canonical(text: str, visitor: Visitor[Any], source: str = "-", first_line: int = 1,
                    default_rules: RuleSet | str | None = None, index: int | None = 1) -> bool:
    """Send the events of one game's canonical *text* to *visitor*, up to
    ``end_game`` (the caller's to call); ``False``, with nothing sent, when
    the text is not plain canonical HRN."""
    if first_line < 1 or any(ch in text for ch in _UNSURE):
        return False
    try:
        got = _read(text, first_line, default_rules)
    except (_Unsure, KeyError, ValueError, IndexError):
        return False
    _send(got, visitor, source, index)
    return True


def _points(toks: list[str], seat_set: frozenset[str]) -> dict[str, int]:
    """The pairs of a ``score``/``total`` line."""
    if len(toks) < 3 or len(toks) % 2 == 0:
        raise _Unsure
    values: dict[str, int] = {}
    for st, vt in zip(toks[1::2], toks[2::2], strict=True):
        v = _POINTS.get(vt)
        if v is None:
            if len(vt) > 9 or _POINTS_RE.fullmatch(vt) is None:
                raise _Unsure
            v = int(vt)
        if st not in seat_set or st in values:
            raise _Unsure
        values[st] = v
    return values


def _read(text: str, first_line: int, default_rules: RuleSet | str | None) -> dict[str, Any]:
    # Blanks: single spaces between words only (canonical text), checked on
    # the whole text at once.
    if "  " in text or "\n " in text or " \n" in text or text[:1] == " " or text[-1:] == " ":
        raise _Unsure
    # The reader limits (docs/robustness.md): a line of more cards, a number
    # of more digits than they allow goes to the full reader, which refuses
    # it in words.
    limits = current_limits()
    if limits.digits < 4:
        raise _Unsure           # (points of three digits and a sign are read below)
    max_words = 2 * limits.cards + 2
    tags: list[tuple[str, str, int]] = []
    names: set[str] = set()
    deals: list[dict[str, Any]] = []
    seats: tuple[str, ...] = ()
    seat_set: frozenset[str] = frozenset()
    deal: dict[str, Any] | None = None
    tricks: list[tuple[int, list[str], list[Card], _Columns]] = []
    result: Any = None
    result_at = 0
    card_of = _CARD
    numbered = _NUMBERED
    lineno = first_line - 1
    first = lineno + 1 + len(text) - len(text.lstrip("\n"))
    for line in text.split("\n"):
        lineno += 1
        if not line:
            continue
        if result_at:
            raise _Unsure        # a line after the result
        if line[0] == "[":
            m = _TAG_RE.fullmatch(line)
            if m is None or deal is not None or deals or m.group(1) in names \
                    or m.group(1) in TAG_NAMES_FR:
                raise _Unsure
            names.add(m.group(1))
            tags.append((m.group(1), m.group(2), lineno))
            continue
        toks = line.split(" ")
        if len(toks) > max_words:
            raise _Unsure
        word = toks[0]
        if word[-1] == ".":
            if deal is None or word != numbered[len(tricks)] or len(toks) % 2 == 0:
                raise _Unsure
            seats_of = toks[1::2]
            if not seat_set.issuperset(seats_of):
                raise _Unsure
            tricks.append((lineno, seats_of, list(map(card_of.__getitem__, toks[2::2])),
                           _Columns(toks)))
            continue
        if word == "deal":
            if not seats:
                seats = _seats(tags, default_rules)
                seat_set = frozenset(seats)
            if deal is not None:
                deals.append(deal)
            deal = _header(toks, lineno, seat_set, limits.digits)
            tricks = deal["tricks"]
            continue
        if deal is None:
            raise _Unsure
        if word[-1] == ":":
            seat = word[:-1]
            if seat not in seat_set or seat in deal["hands"] or len(toks) != 2:
                raise _Unsure
            hand = None if toks[1] == "?" else _pbn(toks[1])
            if hand is not None and len(hand) > limits.cards:
                raise _Unsure
            deal["hands"][seat] = (hand, lineno)
        elif word == "pass":
            seat = toks[1][:-1]
            if toks[1][-1:] != ":" or seat not in seat_set or seat in deal["passes"]:
                raise _Unsure
            deal["passes"][seat] = (tuple(map(card_of.__getitem__, toks[2:])), lineno)
        elif word == "score" or word == "total":
            if word in deal:
                raise _Unsure
            deal[word] = (_points(toks, seat_set), lineno)
        elif word == "result":
            rest = toks[1:]
            if rest == ["*"]:
                result = "*"
            elif not rest or len(set(rest)) != len(rest) or not set(rest) <= seat_set:
                raise _Unsure
            else:
                result = tuple(rest)
            result_at = lineno
            deals.append(deal)
            deal = None
        else:
            raise _Unsure
    if deal is not None:
        deals.append(deal)
    if not deals:
        raise _Unsure
    return {"tags": tags, "seats": seats, "deals": deals, "result": result,
            "result_at": result_at, "first": first}


def _seats(tags: list[tuple[str, str, int]], default_rules: RuleSet | str | None) -> tuple[str, ...]:
    """The seats the full reader would name (no ``Seats`` tag here)."""
    for name, value, _ in tags:
        if name == "Seats":
            raise _Unsure
        if name == "Rules":
            rs = _parse_rules_or_none(value)
            return DEFAULT_SEATS[rs.players] if rs is not None else DEFAULT_SEATS[4]
    if default_rules:
        rs = _load_default_rules(default_rules)
        if rs is not None:
            return DEFAULT_SEATS[rs.players]
    return DEFAULT_SEATS[4]


def _header(toks: list[str], lineno: int, seat_set: frozenset[str], digits: int
            ) -> dict[str, Any]:
    """A ``deal N [dealer X] [pass D]`` line."""
    n = len(toks)
    number = toks[1]
    if not (number.isascii() and number.isdigit()) or len(number) > min(digits, 9):
        raise _Unsure
    dealer = direction = None
    i = 2
    if i < n and toks[i] == "dealer":
        dealer = toks[i + 1]
        if dealer not in seat_set or dealer.lower() in KEYWORDS:
            raise _Unsure
        i += 2
    if i < n and toks[i] == "pass":
        direction = toks[i + 1]
        if direction not in _DIRECTIONS:
            raise _Unsure
        i += 2
    if i != n:
        raise _Unsure
    return {"number": int(number), "dealer": dealer, "direction": direction, "line": lineno,
            "hands": {}, "passes": {}, "tricks": []}


def _send(got: dict[str, Any], v: Visitor[Any], source: str, index: int | None) -> None:
    """The events, in the full reader's order."""
    seats: tuple[str, ...] = got["seats"]
    v.begin_game(source, index, got["first"], 1)
    if len(seats) == 4:
        player_tags = dict(zip(PLAYER_TAGS_4, seats, strict=True))
    else:
        player_tags = {f"P{i + 1}": s for i, s in enumerate(seats)}
    for name, value, line in got["tags"]:
        if name == "Rules":
            v.rules(value, line, len(name) + 3)
        elif name in player_tags:
            v.player(player_tags[name], value, name, line, len(name) + 3)
        else:
            v.tag(name, value, line, len(name) + 3)
    for d in got["deals"]:
        v.begin_deal(d["number"], d["dealer"], d["direction"], d["line"], 1)
        for seat, (cards, line) in d["hands"].items():
            v.hand(seat, cards, line, 1)
        for seat, (cards, line) in d["passes"].items():
            v.pass_cards(seat, cards, None, None, None, line, 1)
        trick = v.trick
        for number, (line, seats_of, cards, columns) in enumerate(d["tricks"], 1):
            trick(number, None, line, 1, seats_of, cards, columns)
        if "score" in d:
            v.points("score", d["score"][0], d["score"][1], 1)
        if "total" in d:
            v.points("total", d["total"][0], d["total"][1], 1)
        v.end_deal()
    if got["result"] is not None:
        v.result(got["result"], got["result_at"], 1)
