"""The rules of play on bitmasks: the single place a rule of Hearts is coded.

The referee, the analysis (state, solver, sampler), the bots of the game
generator and the HTML replay's "legal cards" all ask these functions, so
that no second copy of a rule exists (ARCHITECTURE.md).  Card sets are ints
(bit ``1 << card``); seats are indexes 0..n-1 clockwise.
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import (
    CLUBS,
    HEARTS,
    HEARTS_MASK,
    JACK_OF_DIAMONDS,
    QS_BIT,
    QUEEN_OF_SPADES,
    SUIT_MASKS,
)
from .rules import RuleSet

CLUB_MASK = SUIT_MASKS[CLUBS]


def first_trick_safe(rules: RuleSet, hand: int) -> int:
    """Cards of *hand* that may be discarded on the first trick.

    Hearts and Q♠ are barred per ``first_trick_hearts`` and
    ``first_trick_queen``, unless that leaves nothing (a hand of penalty
    cards only), in which case any card may go (seed 000, §03).
    """
    safe = hand
    if rules.first_trick_hearts == "forbidden":
        safe &= ~HEARTS_MASK
    if rules.first_trick_queen == "forbidden":
        safe &= ~QS_BIT
    return safe or hand


def opening_leads(rules: RuleSet, hand: int) -> int:
    """Cards the opening leader may lead: the lowest club in play, or
    under ``opening_lead: any-club`` any club (falls back to the whole hand
    only if the seat holds no qualifying card, so that a broken record can
    still be replayed)."""
    if rules.opening_lead == "any-club":
        m = hand & CLUB_MASK
    else:
        m = hand & (1 << rules.lowest_club)
    return m or hand


def legal_plays(
    rules: RuleSet,
    hand: int,
    led_suit: int | None,
    first_trick: bool,
    hearts_broken: bool,
) -> int:
    """The mask of cards *hand* may play now.

    *led_suit* is ``None`` when the seat leads.  *first_trick* is true during
    the deal's first trick (for the lead: the opening lead).
    """
    if led_suit is not None:
        follow = hand & SUIT_MASKS[led_suit]
        if follow:
            return follow
        if first_trick:
            return first_trick_safe(rules, hand)
        return hand
    if first_trick:
        return opening_leads(rules, hand)
    if not hearts_broken:
        others = hand & ~HEARTS_MASK
        if others:
            return others
    return hand


def breaks_hearts(rules: RuleSet, card: int, led_suit: int) -> bool:
    """Whether playing *card* on a trick led in *led_suit* opens hearts for
    later tricks: under ``discard`` only a heart played on a non-heart lead
    (seed 000), under ``any-heart`` any heart; with ``queen_breaks_hearts``
    Q♠ played in any way too."""
    if card // 13 == HEARTS:
        return rules.hearts_broken_by == "any-heart" or led_suit != HEARTS
    return rules.queen_breaks_hearts and card == QUEEN_OF_SPADES


def trick_winner(cards: Sequence[int]) -> int:
    """Index within the trick of the winning card: highest of the led suit."""
    led = cards[0] // 13
    best = 0
    top = cards[0]
    for i in range(1, len(cards)):
        c = cards[i]
        if c // 13 == led and c > top:
            top = c
            best = i
    return best


def penalty_total(rules: RuleSet) -> int:
    """Points of hearts and Q♠ in play (26 with a full deck): what a moon takes."""
    return (rules.deck_mask & HEARTS_MASK).bit_count() + (13 if rules.deck_mask & QS_BIT else 0)


def raw_points(rules: RuleSet, taken: int) -> int:
    """Points of a set of cards taken, before the moon rule."""
    p = (taken & HEARTS_MASK).bit_count()
    if taken & QS_BIT:
        p += 13
    if taken >> JACK_OF_DIAMONDS & 1:
        p += rules.jack_of_diamonds
    return p


def moon_shooter(rules: RuleSet, taken: Sequence[int]) -> int | None:
    """The seat that took every heart and Q♠ in play, if any (seed 000:
    all the penalty cards, not all the tricks; J♦ does not count)."""
    need = rules.deck_mask & (HEARTS_MASK | QS_BIT)
    for seat, t in enumerate(taken):
        if t & need == need:
            return seat
    return None


def deal_points(
    rules: RuleSet, taken: Sequence[int], choice: str = "add"
) -> tuple[list[int], int | None]:
    """Points of each seat for a complete deal, and the moon shooter.

    *choice* is how a moon is scored (``add`` or ``subtract``); deciding it
    under ``moon: choose`` needs the game's totals and is done by
    :mod:`hearts_notation.scoring`.  The shooter's hearts and Q♠ count 0;
    ``add`` gives every other seat the penalty total (26), ``subtract``
    takes it off the shooter.  J♦ keeps its value for whoever took it.
    """
    points = [raw_points(rules, t) for t in taken]
    shooter = moon_shooter(rules, taken)
    if shooter is not None:
        total = penalty_total(rules)
        points[shooter] -= total
        if choice == "subtract":
            points[shooter] -= total
        else:
            for s in range(len(points)):
                if s != shooter:
                    points[s] += total
    return points, shooter
