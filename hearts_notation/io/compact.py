"""The compact form of a game: what the referee's compact check reads.

A reader that has checked a record well enough fills a :class:`CompactGame`
(hands and passes as card bitmasks by seat name, the plays as flat lists,
the recorded score lines as read) instead of building the model; the
referee (:func:`hearts_notation.referee.compact_report`) then replays it on
the game state and, for a clean complete game, writes its report entry
directly.  Anything the compact form does not carry (a comment on a trick,
a mark, a moon line, an unknown hand...) makes the reader give ``None``, and
the caller builds the model for the full referee, which says what is wrong.

:func:`compact_json` is the JSON reader's side: a decoded JSON record
(``json.loads`` of a JSONL line) straight to the compact form, checking each
value's type as it goes and turning each card name into its bit with one
dictionary look-up.  It is compiled with mypyc (``_compiled.COMPILED_MODULES``);
its loops are written over typed locals so that the compiled code works on
C-level lists, dictionaries and small integers.  It accepts exactly the
records the model path reads without a finding about their shape (tests in
tests/test_referee_fast.py and tests/test_referee_json_text.py compare the two).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any, Final


class CompactDeal:
    """One deal in the compact form: hands and passes as bitmasks by seat
    name, the plays as flat lists, the recorded lines as read.

    A reader fills it only with what it has checked itself: each hand and
    pass lists distinct cards (a mask of as many bits as cards listed), and
    ``sizes`` holds the number of cards of each trick.  ``to`` is the
    recipient a pass names (``pass N>E:``), by giver, when the record names
    one: the compact check must judge it like the model path does."""

    __slots__ = ("cards", "dealer", "direction", "hands", "names", "number", "passes", "score",
                 "sizes", "to", "total")

    def __init__(self, number: int | None, dealer: str | None, direction: str | None,
                 hands: dict[str, int], passes: dict[str, int] | None, names: list[Any],
                 cards: list[int], sizes: list[int], score: Any, total: Any,
                 to: dict[str, str] | None = None) -> None:
        self.to = to
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
    """A game in the compact form (see :class:`CompactDeal`)."""

    __slots__ = ("deals", "line", "players", "result", "rules", "seats")

    def __init__(self, rules: str | None, seats: Sequence[str] | None, players: Mapping[str, str],
                 deals: list[CompactDeal], result: Any, line: int | None) -> None:
        self.rules = rules
        self.seats = seats
        self.players = players
        self.deals = deals
        self.result = result
        self.line = line


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
GAME_KEYS: Final = frozenset({"tags", "rules", "seats", "players", "deals", "result", "comment"})
DEAL_KEYS: Final = frozenset({"number", "dealer", "pass", "hands", "passes", "tricks", "score",
                              "total", "moon", "unfinished", "comment"})
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


def _strings(values: Any) -> bool:
    for v in values:
        if not isinstance(v, str):
            return False
    return True


def _tags_ok(tags: dict[Any, Any]) -> bool:
    for k, v in tags.items():
        if not isinstance(v, str) or _TAG_NAME_RE.fullmatch(k) is None:
            return False
    return True


def compact_deal(d: object) -> CompactDeal | None:
    """One deal of a decoded JSON record in the compact form, or ``None``."""
    if not isinstance(d, dict):
        return None
    for key in d:
        if key not in DEAL_KEYS:
            return None
    if d.get("moon") is not None or d.get("unfinished", False) is not False:
        return None
    dcomment = d.get("comment")
    if dcomment is not None and not isinstance(dcomment, str):
        return None
    number = d.get("number")
    if number is not None and (type(number) is not int or number < 1):
        return None
    dealer = d.get("dealer")
    if dealer is not None and not isinstance(dealer, str):
        return None
    hands_in = d.get("hands")
    if not isinstance(hands_in, dict):
        return None
    hands = card_masks(hands_in)
    if hands is None:
        return None
    passes: dict[str, int] | None = None
    passes_in = d.get("passes")
    if passes_in:
        if not isinstance(passes_in, dict):
            return None
        passes = card_masks(passes_in)
        if passes is None:
            return None
    tricks = d.get("tricks")
    if not isinstance(tricks, list):
        return None
    numbers = CARD_NUMBER
    names: list[Any] = []
    cards: list[int] = []
    sizes: list[int] = []
    for t in tricks:
        # A trick with more than its plays (a comment, say) is the model's.
        if not isinstance(t, dict) or len(t) != 1:
            return None
        plays = t.get("plays")
        if not isinstance(plays, list):
            return None
        for p in plays:
            # A play with more than its seat and card (a mark...) is the model's.
            if not isinstance(p, dict) or len(p) != 2:
                return None
            card = p.get("card")
            if not isinstance(card, str) or "seat" not in p:
                return None
            c = numbers.get(card, -1)
            if c < 0:
                return None
            names.append(p["seat"])
            cards.append(c)
        sizes.append(len(plays))
    direction = d.get("pass")
    return CompactDeal(number, dealer, direction, hands, passes, names, cards, sizes,
                       d.get("score"), d.get("total"))


def compact_json(obj: object, line: int | None) -> CompactGame | None:
    """The compact form of a decoded JSON record, or ``None`` when it holds
    anything the compact check does not judge (then the model decides)."""
    if not isinstance(obj, dict):
        return None
    for key in obj:
        if key not in GAME_KEYS:
            return None
    spec = obj.get("rules")
    if spec is not None and not isinstance(spec, str):
        return None
    tags = obj.get("tags") or {}
    if not isinstance(tags, dict) or not _tags_ok(tags):
        return None
    comment = obj.get("comment")
    if comment is not None and not isinstance(comment, str):
        return None
    seats = obj.get("seats")
    if seats is not None:
        if not isinstance(seats, list):
            return None
        for s in seats:
            if not seat_ok(s):
                return None
    players = obj.get("players") or {}
    if not isinstance(players, dict) or not _strings(players.values()):
        return None
    deals_in = obj.get("deals")
    if not isinstance(deals_in, list) or not deals_in:
        return None
    deals: list[CompactDeal] = []
    for d in deals_in:
        deal = compact_deal(d)
        if deal is None:
            return None
        deals.append(deal)
    return CompactGame(spec, seats, players, deals, obj.get("result"), line)


def compact_record(rec: Any, line: int | None) -> CompactGame | None:
    """The compact form of a record decoded by the typed decoder
    (:mod:`hearts_notation.io.typed_json`), or ``None``: the same compact
    form :func:`compact_json` makes of the same text decoded by ``json.loads``.
    The decoder has checked the shape and the types; the values (card names,
    seat names, tag names, numbers) are checked here."""
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
        hands = card_masks(d.hands)
        if hands is None:
            return None
        passes: dict[str, int] | None = None
        passes_in = d.passes
        if passes_in:
            passes = card_masks(passes_in)
            if passes is None:
                return None
        names: list[Any] = []
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
        deals.append(CompactDeal(number, d.dealer, d.direction, hands, passes, names, cards, sizes,
                                 d.score, d.total))
    return CompactGame(rec.rules, seats, rec.players or {}, deals, rec.result, line)
