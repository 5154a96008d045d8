"""Players for the game generator: a uniform random bot and a heuristic one.

Bots only ever choose among the cards :func:`hearts_notation.state.legal_plays`
allows (the generator computes the legal mask and hands it over), so every
generated record is legal by construction and no rule is coded here; what is
here is taste.  The heuristic bot plays the way a sound club player does, so
that generated corpora look like real ones (points spread unevenly, the queen
of spades moves around, moons and ties happen):

* it passes the dangerous cards (Q♠, and A♠ K♠ without enough small spades
  to guard them; high hearts; high cards of short suits, to make a void);
* it ducks under the winning card, as high as it can, and on the first trick
  (where no points can fall) gets rid of its highest club;
* void in the led suit, it dumps Q♠, then A♠/K♠ while the queen is out, then
  its highest heart, then the highest card of its shortest suit;
* it does not lead A♠ or K♠ while the queen is out, and fishes for the queen
  with spades below it;
* with a strong hand (many top hearts and high cards) it sometimes tries to
  shoot the moon: it keeps its hearts at the pass, wins tricks with penalty
  cards, and gives up as soon as another seat takes a penalty card.

Cards and hands are ints and bitmasks (``1 << card``), as in the game state (:mod:`hearts_notation.state`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Final

from .cards import (
    HEARTS,
    HEARTS_MASK,
    JACK_OF_DIAMONDS,
    QS_BIT,
    QUEEN_OF_SPADES,
    SPADES,
    SUIT_MASKS,
    cards_of,
)
from .rules import RuleSet
from .state import led_suit, trick_winner, winning_card

# Module constants are Final, and the masks of cards.py copied here, so that
# mypyc keeps them in C statics: a plain module global, or a name imported from
# a module it does not compile, is a dictionary lookup at every use, and the
# analysis's play-outs ask the bot for a card millions of times (issue 24).
_QS_BIT: Final[int] = int(QS_BIT)
_QS: Final[int] = int(QUEEN_OF_SPADES)
_JD: Final[int] = int(JACK_OF_DIAMONDS)
_HEARTS_MASK: Final[int] = int(HEARTS_MASK)
_SUIT_MASK: Final[tuple[int, ...]] = tuple(SUIT_MASKS)
_PENALTY: Final[int] = _HEARTS_MASK | _QS_BIT
_ACE_SPADES: Final[int] = SPADES * 13 + 12
_KING_SPADES: Final[int] = SPADES * 13 + 11
_HIGH_SPADES: Final[int] = (1 << _ACE_SPADES) | (1 << _KING_SPADES)
_BELOW_QUEEN_SPADES: Final[int] = _SUIT_MASK[SPADES] & (_QS_BIT - 1)


def _high(mask: int) -> int:
    """The highest-indexed card of a non-empty mask."""
    return mask.bit_length() - 1


def _low(mask: int) -> int:
    """The lowest-indexed card of a non-empty mask."""
    return (mask & -mask).bit_length() - 1


@dataclass(slots=True)
class PlayView:
    """What a seat knows when it must play (all masks are card bitmasks).

    ``trick`` holds the cards already played to the current trick, leader
    first; ``played`` every card played in the deal so far (current trick
    included); ``taken[i]`` the cards seat *i* has won.
    """

    rules: RuleSet
    seat: int
    hand: int
    legal: int
    trick: list[int]
    trick_number: int
    hearts_broken: bool
    played: int
    taken: list[int]
    totals: list[int]


class Bot:
    """A player: chooses the cards to pass and the card to play.

    One instance sits at one seat for a whole game, so a bot may keep a
    plan from the pass to the play (the heuristic bot's moon attempt).
    """

    name = "bot"

    def pass_cards(self, rules: RuleSet, hand: int, count: int, rng: random.Random) -> list[int]:
        """The *count* cards to give from *hand*."""
        raise NotImplementedError

    def play(self, view: PlayView, rng: random.Random) -> int:
        """One card of ``view.legal``."""
        raise NotImplementedError


class RandomBot(Bot):
    """Uniform choice among the legal cards (and among the hand for the pass).

    The calls on *rng* are exactly those of the historical
    :func:`hearts_notation.generate.random_deal`, so seeds keep giving the
    same deals.
    """

    name = "random"

    def pass_cards(self, rules: RuleSet, hand: int, count: int, rng: random.Random) -> list[int]:
        return [int(c) for c in rng.sample(cards_of(hand), count)]

    def play(self, view: PlayView, rng: random.Random) -> int:
        return int(rng.choice(cards_of(view.legal)))


@dataclass
class HeuristicBot(Bot):
    """A sound, simple player (see the module docstring for its habits).

    ``moon_appetite`` is the chance of trying for the moon with a hand
    strong enough; ``noise`` the chance of a plain random legal card (real
    players slip, and a corpus without mistakes would be unrealistic).
    """

    moon_appetite: float = 0.8
    noise: float = 0.03
    #: trying for the moon this deal (set by the passing; a plain field, so
    #: that the class compiles with mypyc)
    shooting: bool = False

    name = "heuristic"

    def __post_init__(self) -> None:
        # Set here, not left to the field's default: compiled with mypyc, a
        # dataclass field with init=False is not initialised by __init__.
        self.shooting = False

    # Passing -----------------------------------------------------------------

    def pass_cards(self, rules: RuleSet, hand: int, count: int, rng: random.Random) -> list[int]:
        self.shooting = self._moon_hand(rules, hand) and rng.random() < self.moon_appetite
        # The hand's cards as ints, lowest first (cards_of's order, without its
        # Card objects: the analysis asks three passes of every sampled deal).
        cards = [c for c in range(52) if hand >> c & 1]
        if self.shooting:
            # Keep hearts and high cards; give away the low cards that could
            # not win a trick.
            def keep_score(c: int) -> float:
                return (c % 13) + (20 if c // 13 == HEARTS else 0) + rng.random() * 0.5
            return [int(c) for c in sorted(cards, key=keep_score)[:count]]
        lengths = [(hand & _SUIT_MASK[s]).bit_count() for s in range(4)]
        guards = (hand & _BELOW_QUEEN_SPADES).bit_count()
        # The most dangerous cards first, each scored in the hand's order with
        # its random tie-break drawn in that order; the first of equal scores
        # first (as a stable sort, highest first, would give them).
        scores = [_danger(c, guards, lengths) + rng.random() for c in cards]
        out: list[int] = []
        for _ in range(min(count, len(cards))):
            best = -1
            for i in range(len(cards)):
                if scores[i] >= 0.0 and (best < 0 or scores[i] > scores[best]):
                    best = i
            out.append(cards[best])
            scores[best] = -1.0
        return out

    @staticmethod
    def _moon_hand(rules: RuleSet, hand: int) -> bool:
        """A hand worth trying the moon with: long hearts topped by two of
        A K Q, and many high cards (jack and up) elsewhere.  The bars rise
        with the hand size, so that three-player hands of 17 cards do not
        find the moon easy."""
        size = rules.hand_size
        hearts = hand & _HEARTS_MASK
        top_hearts = (hearts >> (HEARTS * 13 + 10)).bit_count()   # Q K A of hearts
        high = sum(((hand & _SUIT_MASK[s]) >> (s * 13 + 9)).bit_count() for s in range(4))  # J+
        return (top_hearts >= 2 and hearts.bit_count() >= round(size / 4 + 2)
                and high >= round(size * 16 / 52 + 3))

    # Playing -------------------------------------------------------------------

    def play(self, view: PlayView, rng: random.Random) -> int:
        legal = view.legal
        if not legal & (legal - 1):
            return _high(legal)
        if self.noise and rng.random() < self.noise:
            return int(rng.choice(cards_of(legal)))
        if self.shooting:
            others = 0
            for i, t in enumerate(view.taken):
                if i != view.seat:
                    others |= t
            if others & _PENALTY:
                self.shooting = False
            else:
                return self._shoot(view, legal)
        trick = view.trick
        if not trick:
            fish = heuristic_fish(view.hand, legal, view.played)
            if fish >= 0 and rng.random() < 0.5:
                return fish
            return heuristic_low_lead(view.hand, legal, view.played)
        trick_mask = 0
        for c in trick:
            trick_mask |= 1 << c
        led = led_suit(trick)
        assert led is not None
        return heuristic_reply(view.hand, legal, led, trick_mask, winning_card(trick[0], trick_mask),
                               view.trick_number == 0, len(trick) == len(view.taken) - 1,
                               view.played, self._moon_threat(view))

    @staticmethod
    def _moon_threat(view: PlayView) -> bool:
        """Another seat has taken every penalty card so far, and enough of
        them (Q♠ or half the hearts) that a moon is in sight."""
        out = view.played & _PENALTY
        for c in view.trick:
            out &= ~(1 << c)
        shooter = moon_in_sight(out, view.taken)
        return shooter >= 0 and shooter != view.seat

    def _shoot(self, view: PlayView, legal: int) -> int:
        """Play to take every penalty card (:func:`shoot_card`)."""
        unseen = view.rules.deck_mask & ~view.played & ~view.hand
        if not view.trick:
            return shoot_card(legal, -1, -1, unseen)
        led = led_suit(view.trick)
        assert led is not None
        return shoot_card(legal, led, view.trick[trick_winner(view.trick)], unseen)


def _danger(c: int, guards: int, lengths: list[int]) -> float:
    """How urgently the heuristic bot passes card *c* (before its random
    tie-break): Q♠ and A♠/K♠ unless *guards* (spades under the queen) are
    four or more, high hearts, high cards of short suits (*lengths*)."""
    suit, rank = divmod(c, 13)
    if c == _QS:
        return 100.0 if guards < 4 else 8.0
    if c == _ACE_SPADES or c == _KING_SPADES:
        return 85.0 if guards < 4 else 12.0
    if suit == HEARTS:
        return 45.0 + rank * 3 if rank >= 8 else rank * 2.0
    return rank * 3.0 + (18 if lengths[suit] <= 2 else 0)


# The heuristic bot's play, on plain ints ---------------------------------------------
#
# Module functions of ints and masks, not methods of a view: the analysis's
# play-outs (analysis/playout.py) call them for millions of cards a deal from
# their own loop, without filling a PlayView at each card (issue 24), and
# HeuristicBot.play calls the same functions, so there is one bot.


def moon_in_sight(out: int, taken: list[int]) -> int:
    """The seat that has taken every penalty card of *out* (the penalty
    cards gathered so far in finished tricks) when they are enough for a
    moon in sight (Q♠, or seven hearts); -1 otherwise (none gathered, two
    seats hold some, or too few)."""
    if not out:
        return -1
    for i, t in enumerate(taken):
        if t & _PENALTY == out:
            return i if out & _QS_BIT or out.bit_count() >= 7 else -1
    return -1


def stop_moon_card(trick_mask: int, top: int, legal: int, follow: int) -> int:
    """A card that keeps a penalty card from the would-be shooter: win a
    trick holding a penalty card, or keep our hearts off its trick.  -1
    when nothing useful can be done.  *trick_mask* holds the cards on the
    table (at least one), *top* the card winning the trick so far, *follow*
    the legal cards of the suit led.  (The analysis's ``careful`` play-out
    policy stops moons the same way.)"""
    if follow:
        over = follow & ~((1 << (top + 1)) - 1)
        if over and trick_mask & _PENALTY:
            return _low(over)
        return -1
    safe = legal & ~_PENALTY
    return _high(safe) if safe else -1


def shoot_card(legal: int, led: int, top: int, unseen: int) -> int:
    """The card of a seat playing to take every penalty card: lead its
    highest sure winner (its top card of a suit above every card of the
    suit in *unseen*, the cards it has not seen: spades, diamonds, clubs,
    then hearts), else its highest card; follow over *top* (the card
    winning the trick so far) with its highest card, else its lowest;
    void, discard its lowest card that is no penalty card (its hearts are
    its own tricks' points).  *led* is the suit led (-1: the seat leads).
    The heuristic bot's moon attempt and the analysis's play-outs, when a
    seat holding every point so far can run the rest (:func:`moon_runs`),
    both play it."""
    if led < 0:
        for s in (SPADES, 1, 0, HEARTS):
            m = legal & _SUIT_MASK[s]
            if m and _high(m) > _high(unseen & _SUIT_MASK[s] | 1 << (s * 13)):
                return _high(m)
        return _high(legal)
    follow = legal & _SUIT_MASK[led]
    if follow:
        over = follow & ~((1 << (top + 1)) - 1)
        return _high(over) if over else _low(follow)
    keep = legal & ~_PENALTY
    return _low(keep) if keep else _low(legal)


def moon_taker(taken: list[int]) -> int:
    """The seat that alone has taken penalty cards so far: the only seat
    for which a moon is still open, as soon as it has taken one point (the
    play-outs' test of a moon handed to a seat; :func:`moon_in_sight` is
    the defenders' stricter one).  -1 when no seat has taken one yet, -2
    when two seats have (no moon left: the play-outs then stop asking)."""
    taker = -1
    for i, t in enumerate(taken):
        if t & _PENALTY:
            if taker >= 0:
                return -2
            taker = i
    return taker


def moon_runs(hand: int, unseen: int) -> bool:
    """Whether *hand* takes every trick left once on lead, whatever the
    cards it has not seen (*unseen*) lie: in each suit it holds, either
    every card of its is above every card of the suit out, or it holds as
    many cards above them as there are cards out (cashed first, they
    draw every card out, a seat holding them all included, so its low
    cards win after).  A claim, tested on the masks: a seat holding every
    point so far whose hand runs takes the moon it was handed."""
    for s in range(4):
        mine = hand & _SUIT_MASK[s]
        out = unseen & _SUIT_MASK[s]
        if (mine and out and _low(mine) < _high(out)
                and (mine >> (_high(out) + 1)).bit_count() < out.bit_count()):
            return False
    return True


def heuristic_fish(hand: int, legal: int, played: int) -> int:
    """The spade under Q♠ the heuristic bot may lead to fish for the queen
    (its highest such lead), or -1 when it may not: the queen is not in
    another hand, or no such spade may be led.  The bot fishes with it half
    the time (one ``random()`` draw, only when it may: the analysis's
    play-outs draw those coins from their own stream), else leads
    :func:`heuristic_low_lead`.  *legal* has two cards or more; *played*
    is every card played so far."""
    queen_out = not (played | hand) & _QS_BIT
    if not queen_out:
        return -1
    choices = legal & ~_QS_BIT or legal
    choices = choices & ~_HIGH_SPADES or choices
    fish = choices & _BELOW_QUEEN_SPADES
    return _high(fish) if fish else -1


def heuristic_low_lead(hand: int, legal: int, played: int) -> int:
    """The heuristic bot's lead when it does not fish (not shooting): no
    Q♠, no A♠/K♠ while the queen is out or in hand, the lowest card by rank
    (ties to the longer suit), hearts last."""
    choices = legal & ~_QS_BIT or legal
    if not (played | hand) & _QS_BIT or hand & _QS_BIT:
        choices = choices & ~_HIGH_SPADES or choices
    non_hearts = choices & ~_HEARTS_MASK
    if non_hearts:
        choices = non_hearts
    # The lowest card, by rank, of any suit; ties go to the longer suit (the
    # key rank * 32 - length orders as the pair (rank, -length)).
    best, best_key = -1, 99 * 32
    for s in range(4):
        m = choices & _SUIT_MASK[s]
        if m:
            c = _low(m)
            key = (c % 13) * 32 - (hand & _SUIT_MASK[s]).bit_count()
            if key < best_key:
                best, best_key = c, key
    return best


def heuristic_reply(hand: int, legal: int, led: int, trick_mask: int, top: int, first_trick: bool,
                    last: bool, played: int, threat: bool) -> int:
    """The heuristic bot's card on a trick led in suit *led* (not
    shooting): stop a moon in sight (*threat*), else follow or discard.
    *trick_mask* is the cards on the table, *top* the one winning so far,
    *last* whether the seat plays the trick's last card, *played* every
    card played so far; *legal* has two cards or more."""
    follow = legal & _SUIT_MASK[led]
    if threat:
        stop = stop_moon_card(trick_mask, top, legal, follow)
        if stop >= 0:
            return stop
    if follow:
        if first_trick and not trick_mask & _PENALTY:
            return _high(follow & ~_QS_BIT or follow)
        under = follow & ((1 << top) - 1)
        # (A trick with a scoring J♦ and no penalty card is free as well: the
        # test below covers it, so the rules are not read at every card.)
        if last and not trick_mask & _PENALTY:
            over = follow & ~((1 << (top + 1)) - 1) & ~_QS_BIT
            if over:
                return _high(over)      # a free trick: win it with the highest card
        if under:
            return _high(under)         # duck, as high as possible (drops Q♠ under A♠/K♠)
        safe = follow & ~_QS_BIT or follow
        return _high(safe) if last else _low(safe)
    # Void in the suit led: Q♠, then A♠/K♠ while the queen is out, the
    # highest heart, else the highest card of the shortest suit.
    if legal & _QS_BIT:
        return _QS
    if not (played | hand) & _QS_BIT and legal & _HIGH_SPADES:
        return _high(legal & _HIGH_SPADES)
    hearts = legal & _HEARTS_MASK
    if hearts:
        return _high(hearts)
    best, best_key = -1, -999
    for s in range(4):
        m = legal & _SUIT_MASK[s]
        if m:
            c = _high(m)
            key = (c % 13) * 2 - (hand & _SUIT_MASK[s]).bit_count()
            if key > best_key:
                best, best_key = c, key
    return best


#: Bot names for ``hearts generate --bots``.
BOTS: dict[str, type[Bot]] = {"random": RandomBot, "heuristic": HeuristicBot}


def make_bot(name: str) -> Bot:
    """A fresh bot by name (``random`` or ``heuristic``)."""
    try:
        return BOTS[name]()
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; choose one of {', '.join(BOTS)}") from None


__all__ = ["BOTS", "Bot", "HeuristicBot", "PlayView", "RandomBot", "heuristic_fish", "heuristic_low_lead",
           "heuristic_reply", "make_bot", "moon_in_sight", "moon_runs", "moon_taker", "shoot_card",
           "stop_moon_card"]
