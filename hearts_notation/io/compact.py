"""The compact form of a game: what the referee's compact check reads.

A reader that has checked a record well enough fills a :class:`CompactGame`
(hands and passes as card bitmasks by seat name, the plays as flat lists,
the recorded score lines as read) instead of building the model; the
referee (:func:`hearts_notation.referee.compact_report`) then replays it on
the game state and, for a clean complete game, writes its report entry
directly.  Anything the compact form does not carry (a comment on a trick,
a mark, a moon line, an unknown hand...) makes the reader give ``None``, and
the caller builds the model for the full referee, which says what is wrong.

:func:`compact_record` is the JSON reader's side (its text goes through
:func:`hearts_notation.io.typed_json.json_compact`): the record of msgspec's
typed decoder (:mod:`hearts_notation.io.typed_json`, the one decoder of a
clean record) straight to the compact form, turning each card name into its
bit with one dictionary look-up.  It is compiled with mypyc
(``_compiled.COMPILED_MODULES``).  It accepts exactly the records the model
path reads without a finding about their shape (tests in
tests/test_referee_fast.py and tests/test_referee_json_text.py compare the two).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any, Final

from .hrn.words import misspelt_tag


class CompactDeal:
    """One deal in the compact form: hands and passes as bitmasks by seat
    name, the plays as flat lists, the recorded lines as read.

    A reader fills it only with what it has checked itself: each hand and
    pass lists distinct cards (a mask of as many bits as cards listed), and
    ``sizes`` holds the number of cards of each trick.  ``to`` is the
    recipient a pass names (``pass N>E:``), by giver, when the record names
    one: the compact check must judge it like the model path does.
    ``unknown`` names the seats whose hand the record gives as not known
    (``null``; an observer's log), when asked for (:func:`compact_record`):
    their hands are then not in ``hands``."""

    __slots__ = ("cards", "dealer", "direction", "hands", "names", "number", "passes", "score",
                 "sizes", "to", "total", "unknown")

    def __init__(self, number: int | None, dealer: str | None, direction: str | None,
                 hands: dict[str, int], passes: dict[str, int] | None, names: list[str],
                 cards: list[int], sizes: list[int], score: Any, total: Any,
                 to: dict[str, str] | None = None, unknown: list[str] | None = None) -> None:
        self.to = to
        self.unknown = unknown
        self.number = number
        self.dealer = dealer
        self.direction = direction
        self.hands = hands
        self.passes = passes
        self.names = names
        self.cards = cards
        self.sizes = sizes
        self.score = score
        self.total = total


class CompactGame:
    """A game in the compact form (see :class:`CompactDeal`).  ``tags`` are
    the record's other tags as read (``Event``, ``Date``...): the check does
    not read them, ``score`` and ``stats`` name the game by them."""

    __slots__ = ("deals", "line", "players", "result", "rules", "seats", "tags")

    def __init__(self, rules: str | None, seats: Sequence[str] | None, players: Mapping[str, str],
                 deals: list[CompactDeal], result: Any, line: int | None,
                 tags: Mapping[str, str] | None = None) -> None:
        self.rules = rules
        self.seats = seats
        self.players = players
        self.deals = deals
        self.result = result
        self.line = line
        self.tags: Mapping[str, str] = tags if tags is not None else {}


def _card_numbers() -> dict[str, int]:
    """Every spelling of a card a JSON record may use (``"QS"``, ``"qs"``,
    ``"10H"``...) and its number."""
    out: dict[str, int] = {}
    for s, sl in enumerate("CDHS"):
        for r, rl in enumerate("23456789TJQKA"):
            ranks = [rl, rl.lower()] + (["10"] if rl == "T" else [])
            for rt in ranks:
                out[rt + sl] = out[rt + sl.lower()] = s * 13 + r
    return out


#: Card spelling -> card number (0..51), and -> its bit.
CARD_NUMBER: Final[dict[str, int]] = _card_numbers()
CARD_BIT: Final[dict[str, int]] = {k: 1 << v for k, v in CARD_NUMBER.items()}
_SEAT_RE: Final = re.compile(r"[A-Za-z][A-Za-z0-9]{0,7}")
#: Tag names the readers accept (the model path refuses others; so does the compact check).
_TAG_NAME_RE: Final = re.compile(r"[A-Za-z0-9_]+")


def seat_ok(v: object) -> bool:
    """A seat name as the records spell them (a letter, then up to 7 letters or digits)."""
    return isinstance(v, str) and v.isascii() and _SEAT_RE.fullmatch(v) is not None


def card_mask(cards: object) -> int:
    """The bitmask of a JSON list of distinct card names, or -1 if it is
    not one (not a list, a name that is not a card, a card twice)."""
    if not isinstance(cards, list):
        return -1
    bits = CARD_BIT
    m = 0
    for c in cards:
        if not isinstance(c, str):
            return -1
        b = bits.get(c, 0)
        if not b or m & b:
            return -1
        m |= b
    return m


def card_masks(lists: dict[Any, Any]) -> dict[str, int] | None:
    """Card lists of a JSON ``hands``/``passes`` object as bitmasks by seat
    name, or ``None`` if one is not a list of distinct card names."""
    out: dict[str, int] = {}
    for seat, cards in lists.items():
        m = card_mask(cards)
        if m < 0:
            return None
        out[seat] = m
    return out


def _line_ok(line: object) -> bool:
    """A recorded score or total line the model's reader takes: whole
    numbers by name (``true`` and ``false`` are not, though they compare so)."""
    if line is None:
        return True
    if type(line) is not dict:
        return False
    for v in line.values():
        if type(v) is not int:
            return False
    return True


def _tags_ok(tags: dict[Any, Any]) -> bool:
    """Tag names and values the model's reader takes without a finding (a
    misspelt tag name draws a ``tag-name`` warning: the referee says so)."""
    for k, v in tags.items():
        if not isinstance(v, str) or _TAG_NAME_RE.fullmatch(k) is None or misspelt_tag(k) is not None:
            return False
    return True


def compact_record(rec: Any, line: int | None, unknown_hands: bool = False) -> CompactGame | None:
    """The compact form of a record decoded by the typed decoder
    (:mod:`hearts_notation.io.typed_json`), or ``None`` when it holds
    anything the compact check does not judge (an unknown hand unless
    *unknown_hands*, a value the model's reader would refuse): then the
    model decides.  The decoder has checked the shape and the types; the
    values (card names, seat names, tag names, numbers) are checked here.
    With *unknown_hands* a hand given as ``null`` is named in the deal's
    ``unknown`` (``hearts validate``'s check infers it from the play:
    :func:`hearts_notation.referee.report_json_text`)."""
    tags = rec.tags
    if tags and not _tags_ok(tags):
        return None
    seats = rec.seats
    if seats is not None:
        for s in seats:
            if not seat_ok(s):
                return None
    deals_in: list[Any] = rec.deals
    if not deals_in:
        return None
    numbers = CARD_NUMBER
    deals: list[CompactDeal] = []
    for d in deals_in:
        number = d.number
        if number is not None and number < 1:
            return None
        unknown: list[str] | None = None
        hands_in: dict[Any, Any] = d.hands
        hands: dict[str, int] | None
        if unknown_hands and None in hands_in.values():
            unknown = []
            hands = {}
            for seat, hand in hands_in.items():
                if hand is not None or not seat_ok(seat):
                    return None     # (some hands known: the model says what follows)
                unknown.append(seat)
        else:
            hands = card_masks(hands_in)
            if hands is None:
                return None
        passes: dict[str, int] | None = None
        passes_in = d.passes
        if passes_in:
            passes = card_masks(passes_in)
            if passes is None:
                return None
        names: list[str] = []
        cards: list[int] = []
        sizes: list[int] = []
        tricks: list[Any] = d.tricks
        for t in tricks:
            plays: list[Any] = t.plays
            for p in plays:
                c = numbers.get(p.card, -1)
                if c < 0:
                    return None
                names.append(p.seat)
                cards.append(c)
            sizes.append(len(plays))
        score, total, direction = d.score, d.total, d.direction
        if not (_line_ok(score) and _line_ok(total)) or (
                direction is not None and type(direction) is not str):
            return None
        deals.append(CompactDeal(number, d.dealer, direction, hands, passes, names, cards, sizes,
                                 score, total, None, unknown))
    return CompactGame(rec.rules, seats, rec.players or {}, deals, rec.result, line, tags)
