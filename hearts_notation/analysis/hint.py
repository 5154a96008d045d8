"""``hint``: the best cards for the seat to move in an unfinished record.

What game sites call a hint: at the point where the record stops, the seat
to move, each legal card with its expected points lost (EPL) from that
seat's own information, best first, and a sentence for the best.  Before
the pass, the same for the best passes.  The numbers come from the same
evaluation as ``annotate`` (:mod:`~hearts_notation.analysis.evaluate`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..cards import CARDS, Card, display_order
from ..i18n import Arg, MessageError, Msg, msg, seat_label, translate
from ..model import Deal, Game, deal_numbers
from ..position import Position, no_move
from ..referee import game_seats, resolve_rules
from ..rules import RuleSet
from ..sheets import cards_unrecorded
from .annotate import (
    AnalysisOptions,
    Choice,
    moon_choices,
    moon_choices_for,
    natural_member,
    play_facts,
    screening_key,
)
from .context import DealContext, PlayPoint, malformed_trick, unvalued_rule
from .evaluate import Evaluation, Evaluator
from .exact import ExactSolver
from .explain import best_pass_text, explain_best


class HintError(MessageError, ValueError):
    """No hint can be given (finished record, unknown hand...): the
    message says why, in one line (the catalog's ``hint.KEY``, in any
    language by :meth:`text`)."""

    def __init__(self, key: str | Msg, **args: Arg) -> None:
        super().__init__(key if isinstance(key, Msg) else msg(f"hint.{key}", **args))


class SeatOptionError(HintError):
    """The seat asked for (``--seat``) is none of the game's: a bad value of
    an option, which the command words as click words every other one
    (``Invalid value for '--seat': ...``), not as a fault of the record."""


@dataclass(frozen=True, slots=True)
class Hint:
    """The hint for one decision."""

    source: str | None
    index: int | None
    deal: int
    trick: int | None
    seat: str
    kind: str
    hand: tuple[Card, ...]
    choices: tuple[Choice, ...]
    best: tuple[Card, ...]
    comment: str
    worlds: int
    exact: bool
    #: what the numbers rest on (``hint.note.*``), sentences in the language of
    #: the analysis, as ``comment`` and annotate's notes: people read them
    notes: tuple[str, ...] = field(default=())

    def to_dict(self) -> dict[str, Any]:
        """JSON shape: the decision, then every choice best first."""
        key = "card" if self.kind == "play" else "cards"
        choices = []
        for c in self.choices:
            entry: dict[str, Any] = {}
            entry[key] = str(c.cards[0]) if self.kind == "play" and len(c.cards) == 1 else [
                str(x) for x in c.cards]
            if self.kind == "play" and len(c.cards) > 1:
                # Equivalent cards: one entry, every card named.
                entry = {"card": str(c.cards[0]), "equivalent": [str(x) for x in c.cards]}
            entry.update(epl=round(c.epl, 2), epl_stderr=round(c.epl_stderr, 2),
                         points=round(c.points, 2))
            choices.append(entry)
        return {
            "source": self.source, "index": self.index, "deal": self.deal, "trick": self.trick,
            "seat": self.seat, "kind": self.kind, "hand": [str(c) for c in self.hand],
            "choices": choices, "best": [str(c) for c in self.best], "comment": self.comment,
            "worlds": self.worlds, "exact": self.exact,
            "notes": list(self.notes),
        }


def _cards(mask: int) -> tuple[Card, ...]:
    return tuple(display_order(CARDS[c] for c in range(52) if mask >> c & 1))


def hint_game(game: Game, options: AnalysisOptions, default_rules: RuleSet | str | None = None,
              force_rules: bool = False, seat: str | None = None) -> Hint:
    """The hint at the point where *game* stops (its last deal).

    *seat* chooses whose pass to advise when several seats have yet to
    pass; during the play only the seat to move can be advised.
    """
    if not game.deals:
        raise HintError("no_deal")
    rules = resolve_rules(game, default_rules, force_rules)
    seats, rules, _ = game_seats(game, rules)
    deal = game.deals[-1]
    number = deal_numbers(game.deals)[-1]
    return hint_deal(deal, number, rules, seats, moon_choices(game, rules, seats, len(game.deals) - 1),
                     options, seat, game.source, game.index)


def hint_position(position: Position, options: AnalysisOptions, seat: str | None = None) -> Hint:
    """The hint at a position (:mod:`hearts_notation.position`): the deal it
    stands for, analysed as :func:`hint_game` analyses the record it came
    from (same deal number, same knowledge: the same seed and answer)."""
    rules = position.rules
    choices = moon_choices_for(rules, position.totals or [0] * rules.players)
    return hint_deal(position.deal_record(), position.deal, rules, position.seats, choices,
                     options, seat, None, None, passed=True)


def hint_deal(deal: Deal, number: int, rules: RuleSet, seats: Sequence[str],
              moon: tuple[str, ...] | None, options: AnalysisOptions, seat: str | None,
              source: str | None, index: int | None, passed: bool = False) -> Hint:
    """The hint where *deal* (numbered *number*) stops: the one path of
    :func:`hint_game` and :func:`hint_position`.  *passed*: the passes are
    over (a position is always in the play), whatever passes the deal shows."""
    if seat is not None:
        seat = _seat_named(seat, seats, options.lang)
    unvalued = unvalued_rule(rules)
    if unvalued is not None:
        raise HintError("rules", why=unvalued.arg())
    bad = malformed_trick(deal, rules, seats, number)
    if bad is not None:
        raise HintError("malformed", why=msg(bad.key, **dict(bad.args)).arg())
    if cards_unrecorded(deal, rules, seats):
        raise HintError("sheet", deal=number)       # a score sheet: no card to advise on
    ctx = DealContext(deal, rules, seats, number)
    solver = ExactSolver(rules, moon_choices=moon)
    ev = Evaluator(len(seats), solver, options.eval)
    lang = options.lang
    if not passed:
        waiting = ctx.waiting_passes()
        if waiting:
            return _pass_hint(source, index, ctx, ev, waiting, seat, number, options)
    if ctx.complete:
        raise HintError("complete", deal=number)
    point = ctx.next_point()
    if point is None:       # position's words: not complete, who leads is not known
        raise HintError(no_move(ctx, rules, number))
    who = seats[point.seat]
    if seat is not None and seat != who:
        raise HintError("turn", who=("seat", who), seat=("seat", seat))
    if point.legal is None:
        raise HintError("hand_unknown", who=("seat", who), who2=("seat", who))
    know = ctx.knowledge(point)
    if know is None or not know.consistent():
        raise HintError("hand_unfit", who=("seat", who), who2=("seat", who), k=point.counts[point.seat])
    # The same key and the same screening as ``annotate``: the same best card.
    result = ev.play(ctx, point, screening_key(ctx, point.seat, point))
    if result is None:
        raise HintError("unfit")
    choices = _ranked(result)
    best_mask = result.best_mask()
    second = None
    gap = 0.0
    close = False
    if len(choices) > 1 and choices[1].epl > 0:
        second = _pick(choices[1].cards, point)
        # The sentence says what the table shows: the runner-up's loss and
        # its standard error, as printed (one figure, not a second estimate).
        gap, se = choices[1].epl, choices[1].epl_stderr
        close = gap <= options.thresholds.sigma * se
    facts = play_facts(ctx, point, _pick(_cards(best_mask), point), best_mask, 0.0, None, None)
    comment = explain_best(facts, second, max(0.0, gap), lang, close)
    notes: list[str] = []
    if result.relaxed:
        notes.append(translate(lang, "hint.note.relaxed"))
    return Hint(source, index, number, point.trick_no + 1, who, "play",
                _cards(point.hands[point.seat] or 0), choices, _cards(best_mask), comment,
                result.worlds, result.exact, tuple(notes))


def _seat_named(name: str, seats: Sequence[str], lang: str) -> str:
    """The seat *name* stands for: as the record writes it, or as *lang*
    shows it (``O`` for ``W`` in French: the letter the table and the error
    below show, so the letter read there must be accepted)."""
    if name in seats:
        return name
    for s in seats:
        if seat_label(lang, s, seats) == name:
            return s
    # the value as typed (quoted, as click quotes a bad value); the seats as
    # letters to type, never players' names
    raise SeatOptionError("not_seat", seat=name, seats=("space", *(("letter", x) for x in seats)))


def _pick(cards: tuple[Card, ...], point: PlayPoint) -> int:
    """The card of a group of equivalent ones a player would name."""
    mask = 0
    for c in cards:
        mask |= 1 << c
    return natural_member(mask, point)


def _ranked(ev: Evaluation) -> tuple[Choice, ...]:
    means = ev.means()
    b = ev.best()
    out = []
    for k, cand in enumerate(ev.candidates):
        epl, se = ev.loss(k)
        out.append((0 if k == b else 1, round(max(0.0, epl), 9), k,
                    Choice(_cards(cand), max(0.0, epl), se, means[k])))
    out.sort(key=lambda t: t[:3])
    return tuple(t[3] for t in out)


def _pass_hint(source: str | None, index: int | None, ctx: DealContext, ev: Evaluator,
               waiting: list[int], seat: str | None, number: int, options: AnalysisOptions) -> Hint:
    seats = ctx.seats
    if seat is not None:
        s = seats.index(seat)
        if s not in waiting:
            raise HintError("passed", seat=("seat", seat), deal=number)
    else:
        known = [s for s in waiting if ctx.hands.dealt[s] is not None]
        if not known:
            raise HintError("pass_unknown", deal=number)
        s = known[0]
    dealt = ctx.hands.dealt[s]
    if dealt is None:
        raise HintError("seat_unknown", seat=("seat", seats[s]))
    result = ev.passes(ctx, s, screening_key(ctx, s))
    if result is None:
        raise HintError("no_pass", deal=number)
    choices = _ranked(result)
    best = result.candidates[result.best()]
    comment = best_pass_text(seats[s], best, options.lang)
    return Hint(source, index, number, None, seats[s], "pass", _cards(dealt),
                choices[:10], _cards(best), comment, result.worlds, False)
