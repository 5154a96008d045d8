"""Cards, suits and ranks: the smallest vocabulary of the game.

A card is a small int ``suit * 13 + rank`` (suits clubs, diamonds, hearts,
spades = 0..3 as in OpenSpiel; ranks 2..A = 0..12).  :class:`Card` subclasses
``int`` so cards compare, hash and index at the speed of ints, and a set of
cards is a 52-bit mask (bit ``1 << card``) in every hot path (referee, solver).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Final

SUIT_LETTERS: Final = "CDHS"
SUIT_SYMBOLS: Final = "♣♦♥♠"
RANK_LETTERS: Final = "23456789TJQKA"
#: French names of the court cards: roi, dame, valet.
RANK_FRENCH: Final = "23456789TVDRA"

CLUBS: Final = 0
DIAMONDS: Final = 1
HEARTS: Final = 2
SPADES: Final = 3


#: A suit's letter or symbol (filled or outline, upper case) -> the suit
#: index: the one table of what may stand for a suit in a card, for the
#: readers (``parse_card``) and for the messages that name a card written
#: suit first (``io/jsonio``'s ``"♠Q"``: write ``"QS"``).
SUIT_FROM_CHAR: Final = {
    "C": CLUBS, "D": DIAMONDS, "H": HEARTS, "S": SPADES,
    "♣": CLUBS, "♦": DIAMONDS, "♥": HEARTS, "♠": SPADES,
    "♧": CLUBS, "♢": DIAMONDS, "♡": HEARTS, "♤": SPADES,
}
#: Suit symbols (both the filled and the outline forms).
SYMBOL_SUIT_CHARS: Final = "♣♦♥♠♧♢♡♤"

_RANK_FROM_TEXT: Final = {c: i for i, c in enumerate(RANK_LETTERS)} | {"10": 8}
_FRENCH_RANK_FROM_TEXT: Final = {"R": 11, "D": 10, "V": 9}


class CardError(ValueError):
    """A token that is not a card."""


class Card(int):
    """One card; an ``int`` from 0 to 51 that prints as ``QS``."""

    __slots__ = ()

    @property
    def suit(self) -> int:
        """Suit index: 0 clubs, 1 diamonds, 2 hearts, 3 spades."""
        return self // 13

    @property
    def rank(self) -> int:
        """Rank index: 0 for the two up to 12 for the ace."""
        return self % 13

    @property
    def bit(self) -> int:
        """This card as a one-bit mask."""
        return 1 << self

    def text(self, unicode: bool = False, lang: str = "en") -> str:
        """The card as written: ``QS``, ``Q♠`` or (French) ``D♠``.

        French ranks are only ever written with a suit symbol, because ``DS``
        would be ambiguous (docs/spec.md, section 2).
        """
        rank = (RANK_FRENCH if lang == "fr" and unicode else RANK_LETTERS)[self % 13]
        if unicode and rank == "T":
            rank = "10"
        suit = (SUIT_SYMBOLS if unicode else SUIT_LETTERS)[self // 13]
        return rank + suit

    def __str__(self) -> str:
        return RANK_LETTERS[self % 13] + SUIT_LETTERS[self // 13]

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    @classmethod
    def of(cls, suit: int, rank: int) -> Card:
        """The card of a suit index and a rank index."""
        return CARDS[suit * 13 + rank]

    @classmethod
    def parse(cls, token: str) -> Card:
        """Read one card token in any accepted spelling (see :func:`parse_card`)."""
        return parse_card(token)


#: The 52 cards, ``CARDS[i] == i``; use these shared instances, never ``Card(i)``.
CARDS: Final = tuple(Card(i) for i in range(52))
QUEEN_OF_SPADES: Final = CARDS[SPADES * 13 + 10]
JACK_OF_DIAMONDS: Final = CARDS[DIAMONDS * 13 + 9]

FULL_DECK: Final = (1 << 52) - 1
SUIT_MASKS: Final = tuple(0x1FFF << (13 * s) for s in range(4))
HEARTS_MASK: Final = SUIT_MASKS[HEARTS]
QS_BIT: Final = 1 << QUEEN_OF_SPADES


def parse_rank(text: str, french: bool = False) -> int:
    """Rank index of a rank token (``A``, ``10``, ``T``; ``R D V`` if *french*)."""
    up = text.upper()
    if french and up in _FRENCH_RANK_FROM_TEXT:
        return _FRENCH_RANK_FROM_TEXT[up]
    try:
        return _RANK_FROM_TEXT[up]
    except KeyError:
        raise CardError(f"unknown rank {text!r}") from None


def parse_suit(text: str) -> int:
    """Suit index of a suit letter or symbol."""
    try:
        return SUIT_FROM_CHAR[text.upper()]
    except KeyError:
        raise CardError(f"unknown suit {text!r}") from None


def parse_card(token: str) -> Card:
    """Read ``QS``, ``qs``, ``10H``, ``Q♠``, ``D♠`` (French dame), ``R♡``...

    French ranks R, D, V are accepted only with a suit symbol (docs/spec.md, section 2).
    """
    if len(token) < 2:
        raise CardError(f"{token!r} is not a card")
    suit_char = token[-1]
    suit = parse_suit(suit_char)
    rank = parse_rank(token[:-1], french=suit_char in SYMBOL_SUIT_CHARS)
    return CARDS[suit * 13 + rank]


def mask_of(cards: Iterable[int]) -> int:
    """The bitmask of a collection of cards."""
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def cards_of(mask: int) -> list[Card]:
    """The cards of a bitmask, lowest index first."""
    out: list[Card] = []
    while mask:
        low = mask & -mask
        out.append(CARDS[low.bit_length() - 1])
        mask ^= low
    return out


def iter_bits(mask: int) -> Iterator[int]:
    """Card indexes in a mask, lowest first (a generator for hot loops)."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def display_order(cards: Iterable[Card]) -> list[Card]:
    """Cards as people list them: spades, hearts, diamonds, clubs, high to low.

    That is the cards' own order reversed (a card is ``suit * 13 + rank``, the
    suits numbered clubs to spades): the same list as sorting by
    :func:`_display_key`, without a Python call per card."""
    return sorted(cards, reverse=True)


def _display_key(c: int) -> tuple[int, int]:
    return (SPADES - c // 13, -(c % 13))


