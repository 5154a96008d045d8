"""Words for the marks: why a card or a pass lost points, in English or French.

A number ("EPL 11.4") says how much; a coach also says *why*.  Every
sentence here is said only from a fact the analysis has **checked** — the
facts arrive in :class:`PlayFacts` / :class:`PassFacts`, computed by
:mod:`~hearts_notation.analysis.annotate` from the record, the seat's
knowledge and the solver (never guessed from the card's name):

* ``moon`` — another seat had every penalty card so far and went on to shoot
  in the record, *and* the best card kept a penalty card from it with the
  actual hands and in most sampled worlds (``moon_stopped``);
* ``queen_taken`` — Q♠ took the trick in the record while a lower spade
  was held and was legal; or Q♠ led while A♠/K♠ was still out won its own
  trick in the record (the best card another; ``lead_queen.*`` sentences);
* ``duck`` — the best card is a card of the led suit under the winning
  card (the card that would have ducked), and the card played went over;
* ``discard_queen`` / ``discard_heart`` — void in the led suit, the best
  card was Q♠ (or the highest heart held) and another card was discarded;
* ``lead_high_spade`` — A♠/K♠ led while Q♠ was in another hand; the seats
  that could hold it (from the voids shown) are named;
* ``lead_void_suit`` — a suit led that a seat still to play had shown out
  of, with Q♠ possibly in that seat's hand;
* ``keep_low`` — the lowest card of a suit thrown while a higher card of
  that suit was best (the low card is the exit for later); or, on lead, the
  seat's one sure exit (lower than every card of its suit still out) led
  where the best card was of another suit;
* ``on_lead`` — the card played won the trick in the record and the best
  card would not have: the seat then had to lead;
* ``bare_high`` — the best card was a bare high card (alone in its suit)
  led while every seat could still follow;
* ``moon_fed`` / ``moon_led`` — another seat had every penalty card so far
  and won the trick in the record: with a penalty card the mover gave it
  where the best card was none, or with points on a lead where the best
  card was of another suit;
* ``high_spade_bared`` — the last spade under the queen led or discarded
  beside A♠/K♠ while Q♠ was in another hand (the best card no spade);
* ``smoke_queen`` — on lead, Q♠ in another hand, no spade above the queen
  held: the best card was a spade (it cannot take the queen) and another
  suit was led;
* ``void_lead`` — on lead or void in the suit led, the best card was the
  only card of its suit in hand (cards of that suit still out);
* ``take_sure`` — not last to play, the mover went under the winning card
  where the best card was higher than every card of the suit still out
  (no seat still to play shown void in it);
* ``win_high`` — the card played won the trick in the record and the best
  card, a higher card of the suit, would have won it too, keeping the
  card played (lower than a card of its suit still out) as an exit;
* ``simulations`` — no fact checked: the sentence says plainly that the
  loss comes from the simulations.

Every sentence of both languages lives in one table per language
(:data:`MESSAGES`), with named fields, so that a message catalogue can
replace it.  French uses French ranks (R, D, V) with suit symbols, the
elision of the articles ("de l'A♥", "du R♠", "de la D♠") and French
plurals (1,5 point, 2 points).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import (
    CARDS,
    HEARTS,
    HEARTS_MASK,
    QS_BIT,
    QUEEN_OF_SPADES,
    SPADES,
    SUIT_MASKS,
    display_order,
)
from ..i18n import LANGUAGES, catalog, msg, plural, render, translate
from ..state import led_suit, trick_winner

#: Rank index from which a heart counts as high (the 10).
_HIGH_HEART = 8
_ACE_S = SPADES * 13 + 12
_KING_S = SPADES * 13 + 11

#: The fields of a sentence that name a seat (shown the language's way: O for W in French).
_SEAT_FIELDS = frozenset({"seat", "x", "void"})


def _say(lang: str, key: str, **fields: object) -> str:
    """The sentence *key* of the catalogs (``explain.<key>``, see
    :mod:`hearts_notation.i18n`) in *lang*."""
    for name in _SEAT_FIELDS & fields.keys():
        fields[name] = seat_name(lang, str(fields[name]))
    return translate(lang, f"explain.{key}", **fields)


def seat_name(lang: str, seat: str) -> str:
    """A seat as the language writes it (the letters N/E/S/W; names as written)."""
    return render(lang, "seat.as_is", {"seat": ("seat", seat)})


def card_text(card: int, lang: str = "en") -> str:
    """A card as the sentences write it: ``K♠`` (English), ``R♠`` (French)."""
    return CARDS[card].text(unicode=True, lang=lang)


def cards_text(cards: Sequence[int] | int, lang: str = "en") -> str:
    """Several cards, in display order, separated by spaces."""
    if isinstance(cards, int):
        cards = [c for c in range(52) if cards >> c & 1]
    return " ".join(card_text(c, lang) for c in display_order(CARDS[c] for c in cards))


def num(x: float, lang: str = "en") -> str:
    """A number with one decimal (the language's decimal mark)."""
    return f"{x:.1f}".replace(".", translate(lang, "number.decimal"))


def points_text(x: float, lang: str = "en") -> str:
    """``1.0 point`` / ``2.5 points``; French: ``1,5 point`` (singular
    below 2, as French writes it), ``2,0 points``."""
    return translate(lang, f"explain.points.{plural(lang, x)}", n=num(x, lang))


def int_points(k: int, lang: str = "en") -> str:
    """A whole number of points: ``1 point``, ``13 points``."""
    return translate(lang, f"explain.points.{plural(lang, k)}", n=k)


def count_text(k: int, what: str, lang: str = "en") -> str:
    """``1 other spade`` / ``2 other spades`` / ``no other spade`` (*what*:
    ``other_spade`` or ``small_spade``)."""
    if k == 0:
        return translate(lang, f"explain.none.{what}")
    return msg(f"explain.{what}.#n", n=k).text(lang)


def de_card(card: int, lang: str) -> str:
    """French "de" + the card, with the article it takes: ``de l'A♥``,
    ``de la D♠``, ``du R♠``, ``du 7♣``.  English: the card alone."""
    rank = card % 13
    form = "ace" if rank == 12 else "queen" if rank == 10 else "other"
    return translate(lang, f"explain.de_card.{form}", card=card_text(card, lang))


def le_card(card: int, lang: str) -> str:
    """French "le" + the card, as a verb's object takes it: ``l'A♥``,
    ``la D♠``, ``le R♠``, ``le 7♣`` (*a entamé le 3♣*, as the same
    sentence says *sous le 8*; it said *a entamé 3♣*: round 30, helper
    lang30).  English: the card alone."""
    rank = card % 13
    form = "ace" if rank == 12 else "queen" if rank == 10 else "other"
    return translate(lang, f"explain.le_card.{form}", card=card_text(card, lang))


def _the_rank(card: int, lang: str) -> str:
    """``the jack`` / ``le valet``, ``the 10`` / ``le 10``, ``l'as``."""
    return translate(lang, f"explain.the_rank.{card % 13}")


def _points_taken(mask: int, lang: str) -> str:
    """What a trick held: ``the queen and 2 hearts`` / ``la dame et 2 cœurs``."""
    hearts = (mask & HEARTS_MASK).bit_count()
    queen = bool(mask & QS_BIT)
    h = msg("explain.hearts.#n", n=hearts).text(lang)
    if queen and hearts:
        return translate(lang, "explain.taken.queen_hearts", hearts=h)
    return translate(lang, "explain.taken.queen") if queen else h


def _names(names: Sequence[str], lang: str) -> str:
    """``W``, ``W or S``, ``N, W or S`` (``ou`` in French; seats the language's way)."""
    return render(lang, "seat.as_is", {"seat": ("or_list", *(("seat", n) for n in names))})


def _suit(lang: str, suit: int) -> str:
    return translate(lang, f"suit_name.{'CDHS'[suit]}")


@dataclass(frozen=True, slots=True)
class Reason:
    """A sentence and the checked fact it rests on (``code``; ``None`` when
    it only reports the simulations)."""

    code: str | None
    text: str

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class PlayFacts:
    """The checked facts behind one play.

    ``trick`` is the (seat name, card) pairs already on the trick;
    ``outcome`` the (winner seat name, cards of the whole trick) when the
    record completes the trick; ``voids`` the suits each seat has shown out
    of; ``moon_threat`` a seat that holds every penalty card taken so far;
    ``shooter`` who shot the moon in the record; ``moon_stopped`` the share
    of sampled deals where the best card kept a penalty card from the
    would-be shooter, when that was checked *and* held with the actual
    hands; ``queen_holders`` the other seats that could hold Q♠ (from what
    the seat knew); ``worlds`` the deals behind the figures (0: all);
    ``out`` the cards still in the other hands (every card neither played
    nor held: what the seat knows for sure), ``None`` when not known.
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
    moon_stopped: float | None = None
    queen_holders: tuple[str, ...] = ()
    to_play: tuple[str, ...] = ()
    worlds: int = 0
    out: int | None = None
    #: ``dd_loss`` when indifferent seats break ties the other way (``None``: not solved).
    dd_loss_reversed: int | None = None


def explain_play(f: PlayFacts, lang: str = "en") -> Reason:
    """The sentence saying why ``f.card`` lost points against ``f.best``,
    from the first pattern whose facts hold."""
    for pattern in (_moon, _moon_spoiled, _moon_fed, _queen_taken, _lead_queen, _queen_bared, _duck,
                    _missed_discard, _queen_bare_kept, _discard_points, _high_left,
                    _lead_high_spade, _lead_void_suit, _high_spade_bared, _smoke_queen,
                    _exit_lead, _lead_won, _take_last, _take_sure, _win_high, _bare_high,
                    _void_lead, _moon_led, _on_lead, _keep_low, _exit_spent):
        r = pattern(f, lang)
        if r is not None:
            return r
    return _simulations(f, lang)


def explain_against(listed: PlayFacts, reference: PlayFacts | None, lang: str = "en") -> Reason:
    """The reason of a mark whose verification measured the loss against
    *reference* (another card than the best the report lists, *listed*:
    the screening could not tell them apart).  The cause is said of the
    listed best card when one holds, so that the sentence and the report's
    ``best`` name the same card; else of the reference (a cause, or the
    simulations' sentence with the loss it was measured against)."""
    r = explain_play(listed, lang)
    if reference is None or reference.best == listed.best or r.code is not None:
        return r
    return explain_play(reference, lang)


def _led(f: PlayFacts) -> int | None:
    return led_suit([c for _, c in f.trick])


def _winning(f: PlayFacts) -> int | None:
    """The card that wins the trick so far (``None`` before the lead)."""
    cards = [c for _, c in f.trick]
    return cards[trick_winner(cards)] if cards else None


def _moon(f: PlayFacts, lang: str) -> Reason | None:
    x = f.moon_threat
    if x is None or x == f.seat or f.shooter != x or f.moon_stopped is None:
        return None
    share = translate(lang, "explain.percent", n=round(100 * f.moon_stopped))
    return Reason("moon", _say(lang, "moon", seat=f.seat, x=x, best=card_text(f.best, lang),
                               share=share))


def _queen_taken(f: PlayFacts, lang: str) -> Reason | None:
    if f.card != QUEEN_OF_SPADES or _led(f) != SPADES:
        return None
    if f.outcome is None or f.outcome[0] != f.seat:
        return None
    lower = f.legal & SUIT_MASKS[SPADES] & (QS_BIT - 1)
    if not lower or not (1 << f.best) & lower:
        return None
    return Reason("queen_taken", _say(lang, "queen_taken", seat=f.seat,
                                      low=card_text(f.best, lang)))


def _duck(f: PlayFacts, lang: str) -> Reason | None:
    led = _led(f)
    win = _winning(f)
    if led is None or win is None or f.card // 13 != led or f.card < win:
        return None
    if f.best // 13 != led or f.best > win:
        return None   # the best card is not a duck: do not say it is
    took = _say(lang, "went_over")
    if f.outcome is not None and f.outcome[0] == f.seat:
        pen = f.outcome[1] & (HEARTS_MASK | QS_BIT)
        took = _say(lang, "took_points", points=_points_taken(pen, lang)) if pen else _say(
            lang, "won_trick")
    return Reason("duck", _say(lang, "duck", seat=f.seat, best=card_text(f.best, lang),
                               winner=_the_rank(win, lang), card=card_text(f.card, lang),
                               took=took))


def _missed_discard(f: PlayFacts, lang: str) -> Reason | None:
    led = _led(f)
    if led is None or f.legal & SUIT_MASKS[led]:
        return None
    suit = _suit(lang, led)
    c = le_card(f.card, lang)       # (a joué le R♦: lang30)
    if f.best == QUEEN_OF_SPADES and f.card != QUEEN_OF_SPADES:
        return Reason("discard_queen", _say(lang, "discard_queen", seat=f.seat, suit=suit, card_le=c))
    hearts = f.legal & HEARTS_MASK
    if (hearts and f.best == hearts.bit_length() - 1 and f.best % 13 >= _HIGH_HEART
            and f.card not in (f.best, QUEEN_OF_SPADES)):   # Q♠ discarded: not this lesson
        return Reason("discard_heart", _say(lang, "discard_heart", seat=f.seat, suit=suit, card_le=c,
                                            best=card_text(f.best, lang),
                                            best_de=de_card(f.best, lang)))
    return None


def _played(f: PlayFacts, lang: str, card: int | None = None) -> str:
    """What the seat did with *card* (default: the card played), with the
    verb the position takes: *led* (first card of the trick), *followed
    with* (a card of the suit led), *discarded* (void in the suit led)."""
    c = f.card if card is None else card
    led = _led(f)
    verb = "lead" if led is None else "follow" if c // 13 == led else "discard"
    return translate(lang, f"explain.verb.{verb}", card=card_text(c, lang), card_de=de_card(c, lang),
                     card_le=le_card(c, lang))


def _is_penalty(card: int) -> bool:
    return card == QUEEN_OF_SPADES or card // 13 == HEARTS


def _suit_one(lang: str, suit: int) -> str:
    """One card's suit as a noun: ``heart`` / ``cœur`` (``suit_name`` is
    the plural in English)."""
    return translate(lang, f"explain.suit_one.{'CDHS'[suit]}")


def _moon_spoiled(f: PlayFacts, lang: str) -> Reason | None:
    """The mover had every penalty card taken so far (its own moon still
    possible) and gave a penalty card to another seat's trick in the
    record, where the best card was no penalty card."""
    if f.moon_threat != f.seat or f.outcome is None or f.outcome[0] == f.seat:
        return None
    if not _is_penalty(f.card) or _is_penalty(f.best):
        return None
    return Reason("moon_spoiled", _say(lang, "moon_spoiled", seat=f.seat, played=_played(f, lang),
                                       x=f.outcome[0], best=card_text(f.best, lang)))


def _queen_bared(f: PlayFacts, lang: str) -> Reason | None:
    """The card played was the last spade under Q♠ in the mover's hand: Q♠
    is left alone among its spades (or beside A♠/K♠ only) while other
    spades are still out, so spade leads force it (or the high spade
    beside it); the best card kept that guard (or was Q♠)."""
    spades = f.hand & SUIT_MASKS[SPADES]
    if not spades & QS_BIT or f.card // 13 != SPADES or f.card >= QUEEN_OF_SPADES:
        return None
    rest = spades & ~(1 << f.card)
    if rest & (QS_BIT - 1):
        return None   # another low spade is left with the queen
    if f.out is None or not f.out & SUIT_MASKS[SPADES]:
        return None   # no spade left in the other hands: nobody can force it
    if f.best // 13 == SPADES and f.best < QUEEN_OF_SPADES:
        return None   # the best card gave up the guard too
    high = rest & ~QS_BIT
    if high:   # A♠/K♠ still beside the queen, no spade under it
        return Reason("queen_bared", _say(lang, "queen_bared_high", seat=f.seat,
                                          played=_played(f, lang), high=cards_text(high, lang),
                                          best=card_text(f.best, lang)))
    return Reason("queen_bared", _say(lang, "queen_bared", seat=f.seat, played=_played(f, lang),
                                      best=card_text(f.best, lang)))


def _queen_bare_kept(f: PlayFacts, lang: str) -> Reason | None:
    """The mover held Q♠ alone among its spades while other spades were
    still in the other hands (any spade lead forces it), the best card was
    Q♠ itself, and another card was played.  On lead with neither A♠ nor
    K♠ out, the queen led wins its own trick: the sentence says that any
    spade lead would make it win one anyway, with what the others discard
    on it, and that the seat's own lead chooses the trick (not "got rid of")."""
    spades = f.hand & SUIT_MASKS[SPADES]
    if spades != QS_BIT or f.best != QUEEN_OF_SPADES or f.card == QUEEN_OF_SPADES:
        return None
    if f.out is None or not f.out & SUIT_MASKS[SPADES]:
        return None
    # Audit round 29: on lead with no spade above the queen out, Q♠ led wins its own
    # trick: not "got rid of"; the lesson is the trick chosen (any spade lead makes the
    # queen win, with whatever the others discard on it).
    key = ("queen_bare_kept_top" if not f.trick and not f.out & ((1 << _ACE_S) | (1 << _KING_S))
           else "queen_bare_kept")
    n = (f.out & SUIT_MASKS[SPADES]).bit_count()
    return Reason("queen_bare_kept", _say(lang, key, seat=f.seat,
                                          played=_played(f, lang),
                                          spades=msg("explain.spades_out.#n", n=n).text(lang)))


def _discard_points(f: PlayFacts, lang: str) -> Reason | None:
    """Void in the suit led: the best card was a heart (a point given to
    the trick's winner) and the card discarded was no penalty card."""
    led = _led(f)
    if led is None or f.legal & SUIT_MASKS[led] or f.best // 13 != HEARTS or _is_penalty(f.card):
        return None
    return Reason("discard_points", _say(lang, "discard_points", seat=f.seat,
                                         suit=_suit(lang, led), played=_played(f, lang),
                                         best_de=de_card(f.best, lang)))


def _high_left(f: PlayFacts, lang: str) -> Reason | None:
    """Void in the suit led (or on lead): the best card was the highest
    card of its suit still in play (every card of the suit in the other
    hands is lower, and some are), so kept it will win a trick of that
    suit; another card was discarded (or led)."""
    led = _led(f)
    if (led is not None and f.legal & SUIT_MASKS[led]) or f.out is None:
        return None
    suit = f.best // 13
    if f.best == QUEEN_OF_SPADES or f.card == f.best or (led is not None and suit == HEARTS):
        return None   # (a heart to discard is discard_heart's lesson)
    others = f.out & SUIT_MASKS[suit]
    if not others or others >> f.best:
        return None   # none out (it wins nothing it is not led to), or a higher one out
    if f.best in (_ACE_S, _KING_S) and others & QS_BIT:
        return None   # cashing A♠/K♠ may catch the queen: not this lesson
    key = "high_left" if led is not None else "high_left_lead"
    if _holds_higher(f, f.best):
        key += "_out"
    return Reason("high_left", _say(lang, key, seat=f.seat, played=_played(f, lang),
                                    best=card_text(f.best, lang), suit=_suit_one(lang, suit)))


def _take_last(f: PlayFacts, lang: str) -> Reason | None:
    """Last to play (the record's trick holds no later card), the mover
    played under the winning card where the best card, of the suit led,
    went over it: it would have taken the trick with exactly the points
    on the table, and got rid of a high card of the suit."""
    led = _led(f)
    win = _winning(f)
    if led is None or win is None or f.outcome is None:
        return None
    if f.outcome[1].bit_count() != len(f.trick) + 1:
        return None   # seats still to play after the mover: the trick's points are not known
    if f.card // 13 != led or f.card > win or f.best // 13 != led or f.best < win:
        return None
    if f.best == QUEEN_OF_SPADES:
        return None
    load = _best_load(f, lang)
    return Reason("take_last", _say(lang, "take_last", seat=f.seat, played=_played(f, lang),
                                    winner=_the_rank(win, lang), best=card_text(f.best, lang),
                                    load=load, suit=_suit_one(lang, led)))


def _best_load(f: PlayFacts, lang: str) -> str:
    """What the trick would have cost with the best card in it: the points
    already on the trick plus the best card's own (a heart), worded, for the
    reasons that say the best card takes the trick."""
    pen = (1 << f.best) & HEARTS_MASK
    for _, card in f.trick:
        pen |= (1 << card) & (HEARTS_MASK | QS_BIT)
    return (_say(lang, "load.points", points=_points_taken(pen, lang)) if pen
            else _say(lang, "load.none"))


def _exit_lead(f: PlayFacts, lang: str) -> Reason | None:
    """The lead won the trick in the record, where the best card was an
    exit: lower than every card of its suit still in the other hands (and
    some are), it could not win the trick.  Not said of the seat that shot
    the moon in the record: the points it took were its moon, not its loss."""
    if f.trick or f.outcome is None or f.outcome[0] != f.seat or f.out is None:
        return None
    if f.shooter == f.seat:
        return None
    suit = f.best // 13
    others = f.out & SUIT_MASKS[suit]
    if not others or others & ((1 << f.best) - 1) or not f.legal >> f.best & 1:
        return None
    pen = f.outcome[1] & (HEARTS_MASK | QS_BIT)
    won = (_say(lang, "won_points", points=_points_taken(pen, lang)) if pen
           else _say(lang, "won_plain"))
    return Reason("exit_lead", _say(lang, "exit_lead", seat=f.seat, card=card_text(f.card, lang),
                                    card_le=le_card(f.card, lang),
                                    won=won, best=card_text(f.best, lang),
                                    suit=_suit_one(lang, suit)))


def _holds_higher(f: PlayFacts, card: int) -> bool:
    """Whether the seat holds a card of *card*'s suit above it: then *card*
    is not "the highest still in play", only higher than every one still
    out (the ``_out`` sentences of ``high_left`` and ``lead_won``)."""
    return bool(f.hand & SUIT_MASKS[card // 13] & ~((2 << card) - 1))


def _lead_won(f: PlayFacts, lang: str) -> Reason | None:
    """The lead won the trick and took points in the record, where the best
    card had more cards of its suit above it still in the other hands than
    the card led had (so it was likelier to lose the trick).  Not said of
    the seat that shot the moon in the record (as ``exit_lead``)."""
    if f.trick or f.outcome is None or f.outcome[0] != f.seat or f.out is None:
        return None
    if f.shooter == f.seat:
        return None   # audit round 29: "took 4 hearts with it" blamed a moon's own hearts
    pen = f.outcome[1] & (HEARTS_MASK | QS_BIT)
    if not pen:
        return None
    over_best = (f.out & SUIT_MASKS[f.best // 13]) >> f.best
    over_card = (f.out & SUIT_MASKS[f.card // 13]) >> f.card
    if over_best.bit_count() <= over_card.bit_count():
        return None
    m = over_card.bit_count()
    key = "lead_won" if m else "lead_won_top"
    if not m and _holds_higher(f, f.card):
        key += "_out"
    return Reason("lead_won", _say(lang, key, seat=f.seat,
                                   card=card_text(f.card, lang),
                                   card_le=le_card(f.card, lang), points=_points_taken(pen, lang),
                                   best=card_text(f.best, lang), m=m,
                                   suit=_suit_one(lang, f.card // 13),
                                   higher=msg("explain.higher.#n", n=over_best.bit_count()).text(lang)))


def _lead_high_spade(f: PlayFacts, lang: str) -> Reason | None:
    if f.trick or f.card not in (_ACE_S, _KING_S) or not f.queen_holders:
        return None
    if f.best // 13 == SPADES and f.best > QUEEN_OF_SPADES:
        return None
    holders = _names(f.queen_holders, lang)
    text = translate(lang, "explain.queen_with", holders=holders)
    return Reason("lead_high_spade", _say(lang, "lead_high_spade", seat=f.seat,
                                          card=card_text(f.card, lang),
                                          card_le=le_card(f.card, lang), holders=text))


def _lead_queen(f: PlayFacts, lang: str) -> Reason | None:
    """Q♠ led while A♠ or K♠ was still in another hand, and the queen won
    its own trick in the record (code ``queen_taken``: the same lesson and
    puzzle theme): the seats with those spades had a lower
    one to play under it (a seat covers only when it has no other spade),
    so the leader took its own 13 points; the best card was another."""
    if f.trick or f.card != QUEEN_OF_SPADES or f.best == QUEEN_OF_SPADES or f.out is None:
        return None
    if f.outcome is None or f.outcome[0] != f.seat:
        return None
    high = f.out & ((1 << _ACE_S) | (1 << _KING_S))
    if not high:
        return None   # no spade above the queen out: it wins whatever is played
    pen = f.outcome[1] & (HEARTS_MASK | QS_BIT)
    which = "AK" if high.bit_count() == 2 else "A" if high >> _ACE_S & 1 else "K"
    key = "lead_queen.one" if high.bit_count() == 1 else "lead_queen.other"
    return Reason("queen_taken", _say(lang, key, seat=f.seat,
                                     high=translate(lang, f"explain.lead_queen.high.{which}"),
                                     points=_points_taken(pen, lang),
                                     best=card_text(f.best, lang)))


def _lead_void_suit(f: PlayFacts, lang: str) -> Reason | None:
    if f.trick or not f.queen_holders or f.best // 13 == f.card // 13:
        return None
    suit = f.card // 13
    for seat, suits in f.voids:
        if seat != f.seat and suit in suits and seat in f.queen_holders:
            name = _suit(lang, suit)
            return Reason("lead_void_suit", _say(lang, "lead_void_suit", seat=f.seat, suit=name,
                                                 void=seat))
    return None


def _bare_high(f: PlayFacts, lang: str) -> Reason | None:
    if f.trick:
        return None
    suit = f.best // 13
    held = f.hand & SUIT_MASKS[suit]
    if suit == HEARTS or held.bit_count() != 1 or f.best % 13 < 10 or f.card // 13 == suit:
        return None
    if f.best == QUEEN_OF_SPADES:
        return None   # Q♠ led wins no trick "without points": not this lesson
    if any(suit in suits for seat, suits in f.voids if seat != f.seat):
        return None   # somebody is already out of the suit: it is not "while everyone follows"
    return Reason("bare_high", _say(lang, "bare_high", seat=f.seat, played=_played(f, lang),
                                    best=card_text(f.best, lang), suit=_suit(lang, suit)))


def _on_lead(f: PlayFacts, lang: str) -> Reason | None:
    led = _led(f)
    win = _winning(f)
    if led is None or win is None or f.outcome is None or f.outcome[0] != f.seat:
        return None
    if f.card // 13 != led or f.card < win:
        return None
    if f.best // 13 == led and f.best > win:
        return None   # the best card would have won the trick too
    return Reason("on_lead", _say(lang, "on_lead", seat=f.seat, card=card_text(f.card, lang),
                                  best=card_text(f.best, lang)))


def _keep_low(f: PlayFacts, lang: str) -> Reason | None:
    suit = f.card // 13
    held = f.hand & SUIT_MASKS[suit]
    if f.best // 13 != suit or f.best < f.card or held.bit_count() < 2:
        return None
    if f.card != (held & -held).bit_length() - 1 or f.card % 13 > 5:
        return None
    led = _led(f)
    win = _winning(f)
    if led == suit and win is not None and f.best > win > f.card:
        return None   # the low card ducked and the best went over: not this lesson
    if f.moon_threat not in (None, f.seat) and f.shooter == f.moon_threat:
        return None   # a moon was under way: keeping the low card is not the lesson
    return Reason("keep_low", _say(lang, "keep_low", seat=f.seat, played=_played(f, lang),
                                   suit=_suit_one(lang, suit), best=card_text(f.best, lang)))


def _sure_exit(f: PlayFacts, card: int) -> bool:
    """Whether *card*, led, is sure to lose the trick: some card of its suit
    is still in the other hands and every one of them is higher (a seat
    holding the suit must follow with one of them)."""
    assert f.out is not None
    others = f.out & SUIT_MASKS[card // 13]
    return bool(others) and not others & ((1 << card) - 1)


def _exit_spent(f: PlayFacts, lang: str) -> Reason | None:
    """The seat led its one sure exit (the only card in hand lower than
    every card of its suit still out) where the best card was of another
    suit: kept, the exit gives the lead away later (code ``keep_low``, the
    same lesson when the best card is in another suit)."""
    if f.trick or f.out is None or f.best // 13 == f.card // 13 or not _sure_exit(f, f.card):
        return None
    if sum(_sure_exit(f, card) for card in range(52) if f.hand >> card & 1) != 1:
        return None   # another sure exit is held (5♦ beside 2♦ below every diamond out)
    if f.moon_threat not in (None, f.seat) and f.shooter == f.moon_threat:
        return None   # a moon was under way: keeping the exit is not the lesson
    return Reason("keep_low", _say(lang, "keep_low_exit", seat=f.seat, card=card_text(f.card, lang),
                                   card_le=le_card(f.card, lang),
                                   suit=_suit_one(lang, f.card // 13), best=card_text(f.best, lang)))


def _moon_fed(f: PlayFacts, lang: str) -> Reason | None:
    """Another seat had every penalty card taken so far (a moon still open
    to it); the card played was a penalty card and went to that seat's
    trick in the record, where the best card was no penalty card."""
    x = f.moon_threat
    if x is None or x == f.seat or f.outcome is None or f.outcome[0] != x:
        return None
    if not _is_penalty(f.card) or _is_penalty(f.best):
        return None
    return Reason("moon_fed", _say(lang, "moon_fed", seat=f.seat, x=x, played=_played(f, lang),
                                   best=card_text(f.best, lang)))


def _moon_led(f: PlayFacts, lang: str) -> Reason | None:
    """A lead (no penalty card) that another seat, holding every penalty
    card taken so far, won in the record with points on it, where the best
    card was of another suit: the moon stayed open to that seat."""
    x = f.moon_threat
    if f.trick or x is None or x == f.seat or f.outcome is None or f.outcome[0] != x:
        return None
    pen = f.outcome[1] & (HEARTS_MASK | QS_BIT)
    if not pen or _is_penalty(f.card) or f.best // 13 == f.card // 13:
        return None
    return Reason("moon_led", _say(lang, "moon_led", seat=f.seat, x=x, card=card_text(f.card, lang),
                                   card_le=le_card(f.card, lang),
                                   points=_points_taken(pen, lang), best=card_text(f.best, lang)))


def _high_spade_bared(f: PlayFacts, lang: str) -> Reason | None:
    """The card played (led or discarded) was the last spade under the
    queen beside A♠ and/or K♠, with Q♠ still in another hand: the high
    spades are left without a lower one to play under a spade lead, where
    the best card, no spade, kept that guard."""
    if f.card // 13 != SPADES or f.card >= QUEEN_OF_SPADES or not f.queen_out:
        return None
    spades = f.hand & SUIT_MASKS[SPADES]
    high = spades & ((1 << _ACE_S) | (1 << _KING_S))
    if not high or spades & ~(1 << f.card) & (QS_BIT - 1) or f.best // 13 == SPADES:
        return None   # no high spade, another low spade still guards it, or a spade was best
    n = high.bit_count()
    which = "AK" if n == 2 else "A" if high >> _ACE_S & 1 else "K"
    return Reason("high_spade_bared", _say(lang, f"high_spade_bared.{'one' if n == 1 else 'other'}",
                                           seat=f.seat, played=_played(f, lang),
                                           high=cards_text(high, lang),
                                           beside=translate(lang, f"explain.beside_high.{which}"),
                                           best=card_text(f.best, lang)))


def _smoke_queen(f: PlayFacts, lang: str) -> Reason | None:
    """On lead, with Q♠ in another hand and no spade above the queen held,
    the best card was a spade (under the queen: it cannot take Q♠ and
    draws spades from the other hands) and another suit was led."""
    if f.trick or not f.queen_out or not f.queen_holders:
        return None
    spades = f.hand & SUIT_MASKS[SPADES]
    if f.best // 13 != SPADES or spades >> QUEEN_OF_SPADES or f.card // 13 == SPADES:
        return None
    holders = translate(lang, "explain.queen_with", holders=_names(f.queen_holders, lang))
    return Reason("smoke_queen", _say(lang, "smoke_queen", seat=f.seat, card=card_text(f.card, lang),
                                      card_le=le_card(f.card, lang),
                                      best=card_text(f.best, lang), holders=holders))


def _void_lead(f: PlayFacts, lang: str) -> Reason | None:
    """On lead or void in the suit led, the best card was the only card of
    its suit in hand (not Q♠), cards of that suit are still in the other
    hands, and a card of another suit was played: the best card would have
    left the seat void in that suit."""
    led = _led(f)
    if (led is not None and f.legal & SUIT_MASKS[led]) or f.out is None:
        return None
    suit = f.best // 13
    if (f.hand & SUIT_MASKS[suit]).bit_count() != 1 or f.card // 13 == suit:
        return None
    if f.best == QUEEN_OF_SPADES or not f.out & SUIT_MASKS[suit]:
        return None
    return Reason("void_lead", _say(lang, "void_lead", seat=f.seat, played=_played(f, lang),
                                    best=card_text(f.best, lang), suit_one=_suit_one(lang, suit),
                                    suit=_suit(lang, suit)))


def _take_sure(f: PlayFacts, lang: str) -> Reason | None:
    """Not last to play (else :func:`_take_last`), the mover went under the
    winning card where the best card, of the suit led, was higher than
    every card of the suit still in the other hands: it would have won the
    trick whatever the others played, with the points on the table so far;
    no seat still to play had shown out of the suit."""
    led = _led(f)
    win = _winning(f)
    if led is None or win is None or f.out is None:
        return None
    if f.card // 13 != led or f.card > win or f.best // 13 != led or f.best < win:
        return None
    if f.best == QUEEN_OF_SPADES or (f.out & SUIT_MASKS[led]) >> f.best:
        return None   # a higher card of the suit is still out: the win is not sure
    played = {s for s, _ in f.trick} | {f.seat}
    if any(led in suits for s, suits in f.voids if s not in played):
        return None   # a seat still to play can discard points onto it
    load = _best_load(f, lang)
    return Reason("take_sure", _say(lang, "take_sure", seat=f.seat, played=_played(f, lang),
                                    winner=_the_rank(win, lang), best=card_text(f.best, lang),
                                    load=load, suit=_suit_one(lang, led)))


def _win_high(f: PlayFacts, lang: str) -> Reason | None:
    """The card played (led or of the suit led) won the trick in the
    record; the best card, a higher card of the same suit (not Q♠), would
    have won it too against the cards played, and the card played is
    lower than a card of its suit still in the other hands (an exit to
    keep)."""
    if f.outcome is None or f.outcome[0] != f.seat or f.out is None:
        return None
    suit = f.card // 13
    led = _led(f)
    if (led is not None and suit != led) or f.best // 13 != suit or f.best < f.card:
        return None
    if f.best == QUEEN_OF_SPADES or not (f.out & SUIT_MASKS[suit]) >> f.card:
        return None
    return Reason("win_high", _say(lang, "win_high", seat=f.seat, card=card_text(f.card, lang),
                                   best=card_text(f.best, lang), suit=_suit_one(lang, suit)))


def _worlds(n: int, lang: str) -> str:
    # counted and grouped the language's way, as every counted message is:
    # "2,048 sampled deals", « 2 048 donnes simulées » (lang29; was "2048")
    return _say(lang, "worlds_all") if n <= 0 else msg("explain.worlds.#n", n=n).text(lang)


def _simulations(f: PlayFacts, lang: str) -> Reason:
    text = _say(lang, "simulations", card=card_text(f.card, lang), epl=points_text(f.epl, lang),
                best=card_text(f.best, lang), worlds=_worlds(f.worlds, lang))
    rev = f.dd_loss_reversed
    if rev is not None and f.dd_loss is not None and rev != f.dd_loss:
        # The face-up loss depends on the tie order: both are said, never one as the fact.
        text += _say(lang, "hindsight_ties", dd=int_points(f.dd_loss, lang),
                     other=int_points(rev, lang))
    elif f.dd_loss:
        text += _say(lang, "hindsight", dd=int_points(f.dd_loss, lang))
    return Reason(None, text)


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


def explain_pass(f: PassFacts, lang: str = "en") -> Reason:
    """The sentence saying why the pass lost points against ``f.best``;
    every pattern checks its facts on the hands (what was kept, what the
    best pass sends).  Last before the simulations, ``pass_spade_guard``:
    without Q♠ in the hand dealt, the pass kept at most one spade under the
    queen where the best pass kept more (a queen passed in would be bare or
    nearly so)."""
    kept = f.hand & ~f.passed
    spades = kept & SUIT_MASKS[SPADES]
    small = spades & (QS_BIT - 1)
    b = cards_text(f.best, lang)
    epl = points_text(f.epl, lang)
    if kept & QS_BIT and f.best & QS_BIT and small.bit_count() < 3:
        k = spades.bit_count() - 1
        if k == 0:   # not "with only no other spade"
            return Reason("pass_queen", _say(lang, "pass_queen_bare", seat=f.seat, best=b))
        return Reason("pass_queen", _say(lang, "pass_queen", seat=f.seat, best=b,
                                         spades=count_text(k, "other_spade", lang)))
    high = kept & ((1 << _ACE_S) | (1 << _KING_S))
    if high and f.best & high and small.bit_count() < 3:
        h = cards_text(high, lang)
        few = count_text(small.bit_count(), "small_spade", lang)
        one = "_one" if high.bit_count() == 1 else ""   # "it", not "them"
        if f.passed & QS_BIT:
            key = ("pass_queen_high" if small else "pass_queen_high_bare") + one
            return Reason("pass_queen_high", _say(lang, key, seat=f.seat, high=h,
                                                  small=few, best=b))
        if not kept & QS_BIT:
            key = ("pass_high_spades" if small else "pass_high_spades_bare") + one   # not "only no"
            return Reason("pass_high_spades", _say(lang, key, seat=f.seat, high=h,
                                                   small=few, best=b))
    hearts = kept & HEARTS_MASK & f.best & ~((1 << (HEARTS * 13 + _HIGH_HEART)) - 1)
    if hearts:
        return Reason("pass_hearts", _say(lang, "pass_hearts", seat=f.seat,
                                          hearts=cards_text(hearts, lang), best=b, epl=epl))
    for suit in range(4):
        m = SUIT_MASKS[suit]
        if suit != HEARTS and kept & m and not (kept & ~f.best) & m:
            name = _suit(lang, suit)
            return Reason("pass_void", _say(lang, "pass_void", seat=f.seat, best=b, suit=name,
                                            epl=epl))
    short = _short_suit(kept, f.hand & ~f.best)
    if short is not None:
        suit, low = short
        return Reason("pass_short", _say(lang, "pass_short", seat=f.seat, best=b, epl=epl,
                                         low=card_text(low, lang), suit=_suit(lang, suit)))
    if not f.hand & QS_BIT:   # the queen may be passed to the seat
        low_kept = small.bit_count()
        best_low = f.hand & ~f.best & SUIT_MASKS[SPADES] & (QS_BIT - 1)
        if low_kept <= 1 and best_low.bit_count() > low_kept:
            key = "pass_spade_guard" if low_kept else "pass_spade_guard_none"
            return Reason("pass_spade_guard", _say(
                lang, key, seat=f.seat, best=b, epl=epl,
                small=count_text(low_kept, "small_spade", lang), guards=cards_text(best_low, lang)))
    return Reason(None, _say(lang, "pass_simulations", seat=f.seat, best=b, epl=epl))


def _short_suit(kept: int, best_kept: int) -> tuple[int, int] | None:
    """A suit (not hearts) that the best pass leaves as a single low card
    (9 or lower: it loses its trick) where the pass made kept more of it:
    the first round of the suit then makes the seat void, free to
    discard.  ``(suit, the card)`` or ``None``."""
    for suit in range(4):
        m = SUIT_MASKS[suit]
        left = best_kept & m
        if suit == HEARTS or left.bit_count() != 1 or (kept & m).bit_count() < 2:
            continue
        low = left.bit_length() - 1
        if low % 13 <= 7:
            return suit, low
    return None


# -- hints ------------------------------------------------------------------------------------


def explain_best(f: PlayFacts, second: int | None, gap: float, lang: str = "en",
                 close: bool = False) -> str:
    """Why ``f.best`` is the card to play (for ``hearts hint``): what it
    does, and what the next best card would cost more (*close*: the
    difference is within the noise, and the sentence says so)."""
    led = _led(f)
    win = _winning(f)
    if led is not None and win is not None and f.best // 13 == led and f.best < win:
        why = _say(lang, "why_duck", winner=_the_rank(win, lang))
    elif led is not None and f.best // 13 != led and f.best == QUEEN_OF_SPADES:
        why = _say(lang, "why_queen")
    elif led is not None and f.best // 13 != led and f.best // 13 == HEARTS:
        why = _say(lang, "why_heart")
    elif led is None:
        why = _say(lang, "why_lead")
    else:
        why = _say(lang, "why_least")
    # (French: "Jouer le V♠", the card a verb plays taking its article as
    # in the reasons, lang30; English: the card alone; lang31)
    text = _say(lang, "hint", best=card_text(f.best, lang), best_le=le_card(f.best, lang), why=why)
    if second is not None and close:
        text += _say(lang, "hint_close", second=card_text(second, lang))
    elif second is not None and gap > 0:
        text += _say(lang, "hint_more", second=card_text(second, lang), gap=points_text(gap, lang))
    return text + "."


def best_pass_text(seat: str, best: int, lang: str = "en") -> str:
    """The sentence for the best pass (``hearts hint`` before the pass)."""
    return _say(lang, "pass_hint", seat=seat, best=cards_text(best, lang))


#: The sentences per language (ids without their ``explain.`` prefix), as
#: the catalogs hold them: for tests and tools that list them.
MESSAGES: dict[str, dict[str, str]] = {
    lang: {k[len("explain."):]: v for k, v in catalog(lang).items() if k.startswith("explain.")}
    for lang in LANGUAGES
}
