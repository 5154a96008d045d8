"""Words for the marks: why a card or a pass lost points, in English or French.

A number ("EPL 11.4") says how much; a commentator also says *why*.  The
sentences come from patterns a Hearts player recognises, tested in order
on the facts of the decision (the position the seat saw, the best card the
analysis found, and what happened next in the record):

1. the seat let a would-be shooter take every point (a moon defence given up);
2. it took the trick with Q♠ while holding a lower spade;
3. it could have ducked under the winning card;
4. void in the led suit, it missed the chance to discard Q♠ or a high heart;
5. it led A♠/K♠ with the queen still out, or led a suit another seat had
   shown out of while the queen was still out;
6. otherwise, a plain statement of the loss against the best card.

Passes have their own patterns (Q♠ kept with too few spades to guard it,
Q♠ passed while A♠/K♠ stay badly guarded, high hearts kept).  French uses
French ranks (R, D, V) with suit symbols, as the spec's French notation.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import CARDS, HEARTS, HEARTS_MASK, QS_BIT, QUEEN_OF_SPADES, SPADES, SUIT_MASKS, display_order

#: Rank index from which a heart counts as high (the 10).
_HIGH_HEART = 8
_ACE_S = SPADES * 13 + 12
_KING_S = SPADES * 13 + 11

_SUIT_EN = ("clubs", "diamonds", "hearts", "spades")
_SUIT_FR = ("trèfle", "carreau", "cœur", "pique")
_RANK_EN = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king", "ace")
_RANK_FR = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "valet", "dame", "roi", "as")


def card_text(card: int, lang: str = "en") -> str:
    """A card as the sentences write it: ``K♠`` (English), ``R♠`` (French)."""
    return CARDS[card].text(unicode=True, lang=lang)


def cards_text(cards: Sequence[int] | int, lang: str = "en") -> str:
    """Several cards, in display order, separated by spaces."""
    if isinstance(cards, int):
        cards = [c for c in range(52) if cards >> c & 1]
    return " ".join(card_text(c, lang) for c in display_order(CARDS[c] for c in cards))


def num(x: float, lang: str = "en") -> str:
    """A number of points with one decimal (decimal comma in French)."""
    text = f"{x:.1f}"
    return text.replace(".", ",") if lang == "fr" else text


def _the_card(card: int, lang: str) -> str:
    """``the jack`` / ``le valet``, ``the 10`` / ``le 10``, ``l'as``."""
    rank = card % 13
    if lang == "fr":
        name = _RANK_FR[rank]
        if name == "as":
            return "l'as"
        return ("la " if name == "dame" else "le ") + name
    return "the " + _RANK_EN[rank]


def _points_text(mask: int, lang: str) -> str:
    """What a trick held: ``the queen and 2 hearts`` / ``la dame et 2 cœurs``."""
    hearts = (mask & HEARTS_MASK).bit_count()
    queen = bool(mask & QS_BIT)
    if lang == "fr":
        h = f"{hearts} cœur" + ("s" if hearts > 1 else "")
        if queen and hearts:
            return f"la dame et {h}"
        return "la dame" if queen else h
    h = f"{hearts} heart" + ("s" if hearts > 1 else "")
    if queen and hearts:
        return f"the queen and {h}"
    return "the queen" if queen else h


@dataclass(frozen=True, slots=True)
class PlayFacts:
    """The facts behind one play, as the explainer needs them.

    ``trick`` is the (seat name, card) pairs already on the trick;
    ``outcome`` the (winner seat name, cards of the whole trick) when the
    record completes the trick; ``voids`` maps seat names to the suits they
    have shown out of; ``moon_threat`` a seat that holds every penalty card
    taken so far; ``shooter`` who shot the moon in the record, if anyone.
    """

    seat: str
    card: int
    best: int
    epl: float
    dd_loss: int | None
    hand: int
    legal: int
    trick: tuple[tuple[str, int], ...]
    queen_out: bool
    voids: tuple[tuple[str, tuple[int, ...]], ...] = ()
    moon_threat: str | None = None
    shooter: str | None = None
    outcome: tuple[str, int] | None = None


def explain_play(f: PlayFacts, lang: str = "en") -> str:
    """One sentence saying why ``f.card`` lost points against ``f.best``."""
    for pattern in (_moon, _queen_taken, _duck, _missed_discard, _bad_lead):
        text = pattern(f, lang)
        if text:
            return text
    return _generic(f, lang)


def _led(f: PlayFacts) -> int | None:
    return f.trick[0][1] // 13 if f.trick else None


def _winning(f: PlayFacts) -> int | None:
    led = _led(f)
    if led is None:
        return None
    return max(c for _, c in f.trick if c // 13 == led)


def _moon(f: PlayFacts, lang: str) -> str | None:
    x = f.moon_threat
    if x is None or x == f.seat or f.shooter != x:
        return None
    b = card_text(f.best, lang)
    if lang == "fr":
        return (f"{f.seat} a abandonné la défense contre le grand chelem : {x} avait tous les "
                f"points jusque-là et les a tous pris ; {b} lui en aurait retiré au moins un.")
    return (f"{f.seat} broke up the moon defence: {x} had every point so far and went on to "
            f"take them all; {b} would have kept at least one from {x}.")


def _queen_taken(f: PlayFacts, lang: str) -> str | None:
    if f.card != QUEEN_OF_SPADES or _led(f) != SPADES:
        return None
    if f.outcome is None or f.outcome[0] != f.seat:
        return None
    lower = f.legal & SUIT_MASKS[SPADES] & (QS_BIT - 1)
    if not lower:
        return None
    low = card_text(lower.bit_length() - 1, lang)
    if lang == "fr":
        return f"{f.seat} a pris le pli avec la D♠ alors qu'il avait {low} : la dame a coûté 13 points."
    return f"{f.seat} took the trick with Q♠ while holding {low}: the queen cost 13 points."


def _duck(f: PlayFacts, lang: str) -> str | None:
    led = _led(f)
    win = _winning(f)
    if led is None or win is None or f.card // 13 != led or f.card < win:
        return None
    under = f.legal & SUIT_MASKS[led] & ((1 << win) - 1)
    if not under:
        return None
    duck = f.best if under >> f.best & 1 else under.bit_length() - 1
    d, c, w = card_text(duck, lang), card_text(f.card, lang), _the_card(win, lang)
    took = None
    if f.outcome is not None and f.outcome[0] == f.seat:
        pen = f.outcome[1] & (HEARTS_MASK | QS_BIT)
        took = _points_text(pen, lang) if pen else None
    if lang == "fr":
        tail = f"{c} a pris {took}" if took else f"{c} prenait la main"
        return f"{f.seat} pouvait passer sous {w} avec {d} ; {tail}."
    tail = f"{c} took {took}" if took else f"{c} won the trick"
    return f"{f.seat} could duck with {d} under {w}; {tail}."


def _missed_discard(f: PlayFacts, lang: str) -> str | None:
    led = _led(f)
    if led is None or f.legal & SUIT_MASKS[led]:
        return None
    suit = _SUIT_FR[led] if lang == "fr" else _SUIT_EN[led]
    c = card_text(f.card, lang)
    if f.hand & QS_BIT and f.card != QUEEN_OF_SPADES and f.best == QUEEN_OF_SPADES:
        if lang == "fr":
            return (f"{f.seat}, sans {suit}, a manqué l'occasion de se défausser de la D♠ "
                    f"(a joué {c}).")
        return f"{f.seat} was void in {suit} and missed the chance to discard Q♠ (played {c})."
    if f.best // 13 == HEARTS and f.best % 13 >= _HIGH_HEART and f.card // 13 != HEARTS:
        b = card_text(f.best, lang)
        if lang == "fr":
            return f"{f.seat}, sans {suit}, a manqué l'occasion de se défausser de {b} (a joué {c})."
        return f"{f.seat} was void in {suit} and missed the chance to discard {b} (played {c})."
    return None


def _bad_lead(f: PlayFacts, lang: str) -> str | None:
    if f.trick or not f.queen_out:
        return None
    c = card_text(f.card, lang)
    if f.card in (_ACE_S, _KING_S):
        if lang == "fr":
            return (f"{f.seat} a entamé {c} alors que la D♠ n'était pas tombée : "
                    f"elle pouvait lui tomber dessus.")
        return f"{f.seat} led {c} while Q♠ was still out: the queen could fall on it."
    suit = f.card // 13
    for seat, suits in f.voids:
        if seat != f.seat and suit in suits:
            if lang == "fr":
                return (f"{f.seat} a entamé {_SUIT_FR[suit]} alors que {seat} n'en avait plus "
                        f"et que la D♠ n'était pas tombée.")
            return (f"{f.seat} led {_SUIT_EN[suit]} although {seat} had shown out of the suit "
                    f"with Q♠ still out.")
    return None


def _generic(f: PlayFacts, lang: str) -> str:
    c, b = card_text(f.card, lang), card_text(f.best, lang)
    if lang == "fr":
        text = f"{c} coûte {num(f.epl, lang)} point(s) en moyenne ; {b} était meilleur"
        if f.dd_loss:
            text += f" (cartes sur table : {f.dd_loss} point(s) de plus)"
        return text + "."
    text = f"{c} costs {f.epl:.1f} points on average; {b} was better"
    if f.dd_loss:
        text += f" (with all hands known: {f.dd_loss} more)"
    return text + "."


# -- passes ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PassFacts:
    """The facts behind a pass: the hand dealt, the cards passed, the best
    candidate found and the loss."""

    seat: str
    hand: int
    passed: int
    best: int
    epl: float


def explain_pass(f: PassFacts, lang: str = "en") -> str:
    """One sentence saying why the pass lost points against ``f.best``."""
    kept = f.hand & ~f.passed
    spades = kept & SUIT_MASKS[SPADES]
    small = spades & (QS_BIT - 1)
    b = cards_text(f.best, lang)
    if kept & QS_BIT and f.best & QS_BIT:
        k = spades.bit_count() - 1
        if lang == "fr":
            return (f"{f.seat} a gardé la D♠ avec seulement {k} autre(s) pique(s) : une dame "
                    f"mal gardée se fait forcer ; mieux valait passer {b}.")
        return (f"{f.seat} kept Q♠ with only {k} other spade(s): an unguarded queen is easily "
                f"forced out; passing {b} was safer.")
    high = kept & ((1 << _ACE_S) | (1 << _KING_S))
    if high and f.best & high and small.bit_count() < 3:
        h = cards_text(high, lang)
        k = small.bit_count()
        if f.passed & QS_BIT:
            if lang == "fr":
                return (f"{f.seat} a passé la D♠ mais gardé {h} avec trop peu de piques ({k} "
                        f"petit(s)) : la dame peut revenir dessus.")
            return (f"{f.seat} passed Q♠ but kept {h} with too few spades ({k} small) to keep "
                    f"the queen off them.")
        if lang == "fr":
            return (f"{f.seat} a gardé {h} avec seulement {k} petit(s) pique(s) : la dame peut "
                    f"tomber dessus ; mieux valait passer {b}.")
        return (f"{f.seat} kept {h} with only {k} small spade(s) while Q♠ was out: the queen can "
                f"fall on it; passing {b} was safer.")
    hearts = kept & HEARTS_MASK & f.best & ~((1 << (HEARTS * 13 + _HIGH_HEART)) - 1)
    if hearts:
        h = cards_text(hearts, lang)
        if lang == "fr":
            return (f"{f.seat} a gardé {h} ; passer {b} aurait épargné "
                    f"{num(f.epl, lang)} point(s) en moyenne.")
        return f"{f.seat} kept {h}; passing {b} would have saved {f.epl:.1f} points on average."
    if lang == "fr":
        return f"{f.seat} : passer {b} aurait épargné {num(f.epl, lang)} point(s) en moyenne."
    return f"{f.seat}: passing {b} instead would have saved {f.epl:.1f} points on average."


# -- hints ------------------------------------------------------------------------------------


def explain_best(f: PlayFacts, second: int | None, gap: float, lang: str = "en") -> str:
    """Why ``f.best`` is the card to play (for ``hearts hint``): what it
    does, and what the next best card would cost more."""
    led = _led(f)
    win = _winning(f)
    b = card_text(f.best, lang)
    if led is not None and win is not None and f.best // 13 == led and f.best < win:
        why = (f"elle passe sous {_the_card(win, lang)}" if lang == "fr"
               else f"it ducks under {_the_card(win, lang)}")
    elif led is not None and f.best // 13 != led and f.best == QUEEN_OF_SPADES:
        why = "elle se défausse de la dame" if lang == "fr" else "it gets rid of the queen"
    elif led is not None and f.best // 13 != led and f.best // 13 == HEARTS:
        why = "elle se défausse d'un cœur" if lang == "fr" else "it gets rid of a heart"
    elif led is None:
        why = ("une entame qui ne devrait pas prendre de points" if lang == "fr"
               else "a lead that should not take points")
    else:
        why = ("elle perd le moins de points en moyenne" if lang == "fr"
               else "it loses the fewest points on average")
    if lang == "fr":
        text = f"Jouer {b} : {why}"
        if second is not None and gap > 0:
            text += f" ; {card_text(second, lang)} coûterait {num(gap, lang)} point(s) de plus"
        return text + "."
    text = f"Play {b}: {why}"
    if second is not None and gap > 0:
        text += f"; {card_text(second, lang)} would cost {gap:.1f} more"
    return text + "."


def best_pass_text(seat: str, best: int, lang: str = "en") -> str:
    """The sentence for the best pass (``hearts hint`` before the pass)."""
    b = cards_text(best, lang)
    if lang == "fr":
        return f"{seat} : passer {b}."
    return f"{seat}: pass {b}."
