"""Finding games and deals in a corpus: the evaluation behind ``hearts select``.

A query (:mod:`hearts_notation.query`) is evaluated against a
:class:`~hearts_notation.model.Game` through a :class:`GameView`, which asks
the one home of each rule and computes only what the query needs, once per
game: the rules and seats (:func:`hearts_notation.referee.resolve_rules`,
:func:`~hearts_notation.referee.game_seats`), points, moons, totals and
winners (:func:`hearts_notation.scoring.score_game`), who took which cards
(:func:`hearts_notation.walk.taken_masks`), the hands as dealt and after
the pass (:func:`hearts_notation.walk.deal_hands`), the findings
(:func:`hearts_notation.referee.check_game`, only for ``finding``,
``valid`` and ``severity``), player names (:class:`~hearts_notation.players.Identity`).
Nothing here decides a rule.

A record given as text (``hearts select``'s batches: HRN, JSON, JSONL) is
first seen through a :class:`CompactView` instead: the referee's compact form
and compact check, as ``validate`` reads it, without building the model; a
game whose header rules the query out is not replayed, and only a record the
compact form cannot answer for exactly, or that is written, is read into the
model (:func:`pick_record`; docs/select.md, "Speed and memory").

Logic has three values.  A predicate that needs what a record does not
hold (who took Q♠ on a score sheet, a hand that is not known) is
*unknown*, not false: ``not queen == E`` does not match a score sheet
either, and ``--explain`` says why.  ``and``/``or``/``not`` follow Kleene's
tables (SQL's ``NULL``); a record is selected only when its query is true.
A deal-level predicate holds for a game when it holds for one of its deals
(true if one deal is true, else unknown if one is unknown, else false);
``deal(...)`` asks that of a whole expression.

:func:`deal_identity` is the stable identity of a deal for ``--unique``,
``--duplicates`` and ``--by-deal``: a hash of what was dealt and played,
whatever the format, the seat names, the tags or the comments.
"""

from __future__ import annotations

import dataclasses
import functools
import operator
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

from ._compiled import reduce_dataclass
from .cards import QS_BIT, Card
from .i18n import Msg, msg
from .io.events import Visitor
from .model import PLAYER_TAGS_4, Deal, Finding, Game, deal_numbers
from .query import And, DateValue, Node, Not, Or, Pred, Who, odd_seats, predicates

if TYPE_CHECKING:
    from .io.batches import Batch, RawRecord
    from .io.compact import CompactGame
    from .players import Identity
    from .referee import CompactBuilder, CompactCheck, GameReport
    from .rules import RuleSet
    from .scoring import DealScore, GameScore
    from .walk import DealHands

#: A truth value of the query's logic: ``None`` is unknown.
Tri = bool | None

#: The tags ``--deals`` adds to each deal it writes as a game of its own
#: (docs/spec.md, section 2.2).
FROM_FILE, FROM_GAME, FROM_DEAL = "SelectedFrom", "SelectedGame", "SelectedDeal"

#: The four seats by position, in the letters of either language (W is O in French).
_FOUR = {"N": 0, "E": 1, "S": 2, "W": 3, "O": 3}
#: The numbered default seats (three, five or six players).
_NUMBERED = frozenset({"P1", "P2", "P3", "P4", "P5", "P6"})

_C = TypeVar("_C")

try:    # (compiled with mypyc, this module keeps two classes as plain Python classes)
    from mypy_extensions import mypyc_attr
except ImportError:     # pragma: no cover - the pure-Python install: nothing to do
    def mypyc_attr(*attrs: str, **kwattrs: object) -> Callable[[type[_C]], type[_C]]:  # type: ignore[misc]
        """Stand-in for :func:`mypy_extensions.mypyc_attr` (no compiler, no attributes)."""
        return lambda cls: cls


@dataclass
class GameView:
    """One game as the query sees it: what the rules say of it, computed
    on first use and kept for the other predicates."""

    game: Game
    default_rules: RuleSet | None = None
    force_rules: bool = False
    #: how player names compare (the query's: its aliases and case), made only
    #: for a query that names a player (``None``: names plain, as ``Identity()``)
    identity: Identity | None = None
    #: Why some predicate was unknown: (deal number or None, predicate text, reason).
    why: list[tuple[int | None, str, Msg]] | None = None
    _rules: tuple[tuple[str, ...], RuleSet] | None = None
    _score: GameScore | None = None
    _report: GameReport | None = None
    _hands: dict[int, DealHands] = field(default_factory=dict)
    _taken: dict[int, list[int]] = field(default_factory=dict)
    _keys: dict[str, list[int]] = field(default_factory=dict)

    def preloads(self) -> bool:
        """Whether the scores are computed first when a query reads some
        (their cards taken serve too)."""
        return True

    # What the rules say ---------------------------------------------------------------

    def header(self) -> Game:
        """The game's tags, rules, seats and players (the game itself)."""
        return self.game

    def seats_rules(self) -> tuple[tuple[str, ...], RuleSet]:
        """The seats and the rules in force (the referee's choice)."""
        if self._rules is None:
            g = self.game
            self._rules = _seats_rules(g.rules, g.seats, self.default_rules, self.force_rules)
        return self._rules

    @property
    def seats(self) -> tuple[str, ...]:
        """The seats, clockwise."""
        found = self._rules
        return (found if found is not None else self.seats_rules())[0]

    @property
    def rules(self) -> RuleSet:
        """The rules the game is played under."""
        return self.seats_rules()[1]

    def report(self) -> GameReport:
        """The referee's report (findings; its scores serve too)."""
        if self._report is None:
            from .referee import check_game

            self._report = check_game(self.game, self.default_rules, self.force_rules)
        return self._report

    def score(self) -> GameScore:
        """Every deal's points, moon, running totals; the winners."""
        if self._score is None:
            if self._report is not None:
                from .scoring import GameScore

                r = self._report
                self._score = GameScore(r.deals, r.finished, r.winners, self.seats)
            else:
                from .scoring import score_game

                self._score = score_game(self.game, self.rules, self.seats)
        return self._score

    def deal_score(self, d: int) -> DealScore:
        """The scores of deal *d* (0-based)."""
        return self.score().deals[d]

    def scored(self, d: int, points: bool = True) -> tuple[Sequence[int], int | None] | None:
        """Deal *d*'s points in seat order (when *points*; else maybe
        empty) and the index of the seat that shot the moon (or ``None``),
        or ``None`` when the deal scores nothing (not played in full, no sheet line)."""
        ds = self.deal_score(d)
        if not ds.scored:
            return None
        seats = self.seats
        pts = ds.points
        shooter = seats.index(ds.moon.seat) if ds.moon and ds.moon.seat in seats else None
        return [pts.get(s, 0) for s in seats] if points else (), shooter

    def totals(self, d: int | None) -> Mapping[str, int]:
        """The running totals after deal *d* (*d* None: at the end of the game)."""
        score = self.score()
        if d is not None:
            return score.deals[d].totals
        last = score.last
        return last.totals if last is not None else dict.fromkeys(self.seats, 0)

    def winners(self) -> tuple[str, ...]:
        """The game's winners (none while it goes on)."""
        return self.score().winners

    def number(self, d: int) -> int:
        """The number of deal *d* (as scored: the record's, else counted)."""
        return self.deal_score(d).number

    def hands(self, d: int) -> DealHands:
        """Deal *d*'s hands as dealt and after the pass (recorded or inferred)."""
        h = self._hands.get(d)
        if h is None:
            from .walk import deal_hands

            h = self._hands[d] = deal_hands(self.game.deals[d], self.rules, self.seats, self.number(d))
        return h

    def taken(self, d: int) -> list[int]:
        """The cards each seat took in deal *d*'s complete tricks."""
        t = self._taken.get(d)
        if t is None:
            ds = self._score.deals[d] if self._score is not None else None
            if ds is not None and ds.complete and ds.taken:
                t = list(ds.taken)      # the scoring's own (the same tricks, the same winners)
            else:
                from .walk import taken_masks

                t = taken_masks(self.game.deals[d], self.seats)
            self._taken[d] = t
        return t

    def who(self, ref: Who) -> list[int]:
        """The seat indexes a seat or a player's name stands for in this game
        (none when the player did not play it or the seat does not exist)."""
        key = ("name:" if ref.is_name else "seat:") + ref.text
        found = self._keys.get(key)
        if found is not None:
            return found
        seats = self.seats
        if ref.is_name:
            ident = self.identity
            if ident is None:
                from .players import Identity

                ident = self.identity = Identity()
            want = ident.key(ref.text)
            found = [i for i, s in enumerate(seats)
                     if want and ident.key(self.header().players.get(s)) == want]
        elif ref.text in seats:
            found = [seats.index(ref.text)]
        else:
            up = ref.text.upper()
            four = len(seats) == 4 and all(_FOUR.get(s) == i for i, s in enumerate(seats))
            if four and up in _FOUR:
                found = [_FOUR[up]]
            else:       # ``p3`` as ``n`` is N: the words of a query have no case
                found = [seats.index(up)] if up in _NUMBERED and up in seats else []
        self._keys[key] = found
        return found

    def ndeals(self) -> int:
        """The number of deals of the game."""
        return len(self.game.deals)

    def written_number(self, d: int) -> int:
        """Deal *d*'s number as written, else its place (1-based)."""
        written = self.game.deals[d].number
        return written if written is not None else d + 1

    def all_deals(self) -> tuple[tuple[int, int, bytes], ...]:
        """Every deal as :class:`Picked` lists a game that matches: (index,
        number as written, no identity)."""
        return tuple([(k, self.written_number(k), b"") for k in range(self.ndeals())])

    def queen_taker(self, d: int) -> int | None:
        """The index of the seat that took Q♠ in deal *d*'s complete tricks, if known."""
        taken = self.taken(d)
        return next((i for i, t in enumerate(taken) if t & QS_BIT), None)

    def hand(self, p: Pred, d: int, i: int, after: bool) -> int | None:
        """Seat *i*'s hand in deal *d* as dealt (or after the pass, *after*),
        or ``None`` (and why, for ``--explain``) when it is not known."""
        h = self.hands(d)
        mask = (h.played_from if after else h.dealt)[i]
        if mask is None:
            ds = self.deal_score(d)
            self.unknown(d, p, msg("select.why.sheet" if ds.sheet else
                                   "select.why.hand_after" if after else "select.why.hand",
                                   deal=ds.number, seat=("seat", self.seats[i])))
        return mask

    def marks(self, d: int) -> list[tuple[str, str]]:
        """Deal *d*'s marks: (mark, seat) of each marked pass and play."""
        deal = self.game.deals[d]
        out: list[tuple[str, str]] = [(ps.mark, ps.seat) for ps in deal.passes.values()
                                      if ps.mark is not None]
        out.extend((pl.mark, pl.seat) for t in deal.tricks for pl in t.plays
                   if pl.mark is not None)
        return out

    def findings(self, d: int | None) -> list[Any]:
        """The referee's findings on the game (*d* None) or on deal *d*."""
        found = self.report().findings
        if d is None:
            return list(found)
        number = self.number(d)
        return [f for f in found if f.deal is None or f.deal == number]

    def deal_id(self, d: int) -> bytes:
        """Deal *d*'s identity (:func:`deal_identity`)."""
        return deal_identity(self.game.deals[d], self, d)

    def unknown(self, d: int | None, pred: Pred, why: Msg) -> None:
        """Keep why *pred* is unknown (for ``--explain``)."""
        if self.why is not None:
            self.why.append((None if d is None else self.number(d), pred.source, why))

    def not_played(self, d: int, pred: Pred) -> None:
        """*pred* needs the tricks of deal *d*, which the record does not have all of."""
        ds = self.deal_score(d)
        self.unknown(d, pred, msg("select.why.sheet" if ds.sheet else "select.why.incomplete",
                                  deal=ds.number))


@functools.lru_cache(maxsize=256)
def _seats_rules(spec: str | None, seats: tuple[str, ...] | None, default: RuleSet | None,
                 force: bool) -> tuple[tuple[str, ...], RuleSet]:
    """The referee's choice of seats and rules for a game's ``Rules`` string
    and ``Seats`` (a corpus has few: worked out once each)."""
    from .referee import game_seats, resolve_rules

    game = Game(rules=spec, seats=seats)
    chosen, rules, _ = game_seats(game, resolve_rules(game, default, force))
    return tuple(chosen), rules


# Evaluating ---------------------------------------------------------------------------


_OPS: dict[str | None, Callable[[Any, Any], Any]] = {
    "==": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le,
    ">": operator.gt, ">=": operator.ge, None: operator.ge}


def _cmp(op: str | None, a: Any, b: Any) -> bool:
    return bool(_OPS[op](a, b))


def _any(values: Sequence[Tri]) -> Tri:
    if True in values:
        return True
    return None if None in values else False


def _any_deal(node: Pred, view: GameView) -> Tri:
    """A deal predicate for the whole game: true if one deal is true, else
    unknown if one is unknown, else false (the first true deal decides)."""
    out: Tri = False
    test = _EVAL[node.name]
    for k in range(view.ndeals()):
        v = test(node, view, k)
        if v:
            return True
        if v is None:
            out = None
    return out


def evaluate(node: Node, view: GameView, d: int | None = None) -> Tri:
    """The value of *node* for the game (*d* None) or for its deal *d*."""
    if isinstance(node, Pred):
        if node.scope == "deal" and d is None:
            return _any_deal(node, view)
        return _pred(node, view, d)
    if isinstance(node, Not):
        v = evaluate(node.item, view, d)
        return None if v is None else not v
    if isinstance(node, And):
        out: Tri = True
        for item in node.items:
            v = evaluate(item, view, d)
            if v is False:
                return False
            if v is None:
                out = None
        return out
    assert isinstance(node, Or)
    out = False
    for item in node.items:
        v = evaluate(item, view, d)
        if v is True:
            return True
        if v is None:
            out = None
    return out


def _seat_of(view: GameView, seat_name: str | None, pred: Pred) -> bool:
    """Whether the seat called *seat_name* is the one *pred*'s value names."""
    seats = view.seats
    if seat_name is None or seat_name not in seats:
        return False
    ref = pred.value
    assert isinstance(ref, Who)
    return seats.index(seat_name) in view.who(ref)


def _who_cmp(view: GameView, seat: int | None, pred: Pred) -> bool:
    # _seat_of by index: asked of deal after deal (``queen == S``, ``moon == S``).
    ref = pred.value
    assert isinstance(ref, Who)
    hit = seat is not None and seat in view.who(ref)
    return hit if pred.op == "==" else not hit


def _pred(p: Pred, view: GameView, d: int | None) -> Tri:
    return _EVAL[p.name](p, view, d)


def _moon(p: Pred, view: GameView, d: int | None) -> Tri:
    assert d is not None
    scored = view.scored(d, False)
    if scored is None:
        view.not_played(d, p)
        return None
    if p.op is None:
        return scored[1] is not None
    return _who_cmp(view, scored[1], p)


def _queen(p: Pred, view: GameView, d: int | None) -> Tri:
    assert d is not None
    taker = view.queen_taker(d)
    if taker is None:
        view.not_played(d, p)
        return None
    return _who_cmp(view, taker, p)


def _seat_arg(p: Pred, view: GameView, k: int = 0) -> list[int]:
    """The seats the predicate's *k*-th argument names."""
    ref = p.args[k]
    assert isinstance(ref, Who)
    return view.who(ref)


def _points(p: Pred, view: GameView, d: int | None) -> Tri:
    assert d is not None
    scored = view.scored(d)
    if scored is None:
        view.not_played(d, p)
        return None
    points, test, want = scored[0], _OPS[p.op], p.value
    for i in _seat_arg(p, view):
        if test(points[i], want):
            return True
    return False


def _number(p: Pred, view: GameView, d: int | None) -> Tri:
    assert d is not None
    return _cmp(p.op, view.number(d), p.value)


def _hand_test(p: Pred, view: GameView, d: int | None, test: Callable[[int], bool]) -> Tri:
    assert d is not None
    out: list[Tri] = []
    for i in _seat_arg(p, view):
        mask = view.hand(p, d, i, len(p.args) > 2)
        out.append(None if mask is None else test(mask))
    return _any(out)


def _holds(p: Pred, view: GameView, d: int | None) -> Tri:
    bit = 1 << int(p.args[1])  # type: ignore[call-overload]
    return _hand_test(p, view, d, lambda m: bool(m & bit))


def _count(p: Pred, view: GameView, d: int | None) -> Tri:
    suit = int(p.args[1])  # type: ignore[call-overload]
    return _hand_test(p, view, d, lambda m: _cmp(p.op, (m & suit).bit_count(), p.value))


def _void(p: Pred, view: GameView, d: int | None) -> Tri:
    suit = int(p.args[1])  # type: ignore[call-overload]
    return _hand_test(p, view, d, lambda m: not m & suit)


def _mark(p: Pred, view: GameView, d: int | None) -> Tri:
    assert d is not None
    want = p.args[0]
    seats: set[str] | None = None
    if len(p.args) > 1:
        seats = {view.seats[i] for i in _seat_arg(p, view, 1)}
    return any(mark == want and (seats is None or seat in seats) for mark, seat in view.marks(d))


def _deal(p: Pred, view: GameView, d: int | None) -> Tri:
    inner = p.args[0]
    assert isinstance(inner, Pred | Not | And | Or)
    if d is not None:
        return evaluate(inner, view, d)
    return _any([evaluate(inner, view, k) for k in range(view.ndeals())])


def _total(p: Pred, view: GameView, d: int | None) -> Tri:
    totals = view.totals(d)
    return any(_cmp(p.op, totals[view.seats[i]], p.value) for i in _seat_arg(p, view))


def _winner(p: Pred, view: GameView, d: int | None) -> Tri:
    winners = view.winners()
    if p.op is None:
        return bool(winners)
    hit = any(_seat_of(view, w, p) for w in winners)
    return hit if p.op == "==" else not hit


def _finding(p: Pred, view: GameView, d: int | None) -> Tri:
    return any(f.code == p.args[0] for f in view.findings(d))


def _valid(p: Pred, view: GameView, d: int | None) -> Tri:
    return not any(f.severity == "error" for f in view.findings(d))


_RANK = {"info": 0, "warning": 1, "error": 2}


def _severity(p: Pred, view: GameView, d: int | None) -> Tri:
    return any(_cmp(p.op, _RANK[f.severity], p.value) for f in view.findings(d))


def tag_value(game: Game, seats: Sequence[str], name: str) -> str | None:
    """A tag of the game as written, those kept apart by the model too
    (``Rules``, ``Seats``, the player names by seat position)."""
    if name in game.tags:
        return game.tags[name]
    if name == "Rules":
        return game.rules
    if name == "Seats":
        return " ".join(game.seats) if game.seats else None
    if len(seats) == 4 and name in PLAYER_TAGS_4:
        return game.players.get(seats[PLAYER_TAGS_4.index(name)])
    if name[:1] == "P" and name[1:].isdigit() and 1 <= int(name[1:]) <= len(seats):
        return game.players.get(seats[int(name[1:]) - 1])
    return None


def _tag(p: Pred, view: GameView, d: int | None) -> Tri:
    value = tag_value(view.header(), view.seats, str(p.args[0]))
    if p.op is None:
        return value is not None
    if value is None:
        return p.op == "!="
    if p.op == "~":
        from .saferegex import Pattern  # (loaded only by a query with a pattern)

        assert isinstance(p.value, Pattern)
        return p.value.search(value)
    return _cmp(p.op, value, p.value)


def _date(p: Pred, view: GameView, d: int | None) -> Tri:
    want = p.value
    assert isinstance(want, DateValue)
    written = view.header().tags.get("Date")
    parts: list[int] = []
    if written is not None:
        for part in written.replace("-", ".").split(".")[:len(want.parts)]:
            if not part.strip().isdigit():
                break
            parts.append(int(part))
    if len(parts) < len(want.parts):
        view.unknown(None, p, msg("select.why.no_date") if written is None
                     else msg("select.why.date", date=written))
        return None
    return _cmp(p.op, tuple(parts), want.parts)


def _rule_values(rules: RuleSet) -> tuple[object, ...]:
    return tuple(getattr(rules, f.name) for f in dataclasses.fields(rules)
                 if f.name not in ("name", "overrides"))


def _rules(p: Pred, view: GameView, d: int | None) -> Tri:
    if p.op == "~":
        from .saferegex import Pattern  # (loaded only by a query with a pattern)

        assert isinstance(p.value, Pattern)
        return p.value.search(view.rules.spec)
    same = _rule_values(view.rules) == _rule_values(p.value)  # type: ignore[arg-type]
    return same if p.op == "==" else not same


def _players(p: Pred, view: GameView, d: int | None) -> Tri:
    return _cmp(p.op, len(view.seats), p.value)


def _player(p: Pred, view: GameView, d: int | None) -> Tri:
    return bool(_seat_arg(p, view))


_EVAL: dict[str, Callable[[Pred, GameView, int | None], Tri]] = {
    "moon": _moon, "queen": _queen, "points": _points, "number": _number, "holds": _holds,
    "count": _count, "void": _void, "mark": _mark, "deal": _deal, "total": _total,
    "winner": _winner, "finding": _finding, "valid": _valid, "severity": _severity,
    "tag": _tag, "date": _date, "rules": _rules, "players": _players, "player": _player,
}


# Identity -----------------------------------------------------------------------------


def deal_identity(deal: Deal, view: GameView, d: int) -> bytes:
    """A deal's identity: 16 bytes of BLAKE2b over the hands as dealt (by
    seat position; recorded or inferred from the play), the cards passed
    and every card played in order with its seat's position.  Seat names,
    deal numbers, tags, comments, marks and score lines do not count, so
    the same deal in HRN and in JSONL, or renamed, is the same deal.  A
    deal with no card at all (a score sheet's line) has only its recorded
    points to go by: its identity hashes its number and ``score`` and
    ``total`` lines."""
    seats = view.seats
    idx = {s: i for i, s in enumerate(seats)}
    hands = view.hands(d)
    played = any(t.plays for t in deal.tricks)
    if all(m is None for m in hands.dealt) and not played and not deal.passes:
        from hashlib import blake2b  # (OpenSSL's module, loaded only when needed)

        h = blake2b(digest_size=16)
        h.update(b"sheet %d|" % view.number(d))
        for line in (deal.score, deal.total):
            h.update(b"|" if line is None else
                     b",".join(b"%d" % line.get(s, 0) for s in seats) + b";")
        return h.digest()
    passes = [None if (ps := deal.passes.get(s)) is None else sum(1 << c for c in ps.cards)
              for s in seats]
    return played_identity(len(seats), hands.dealt, passes,
                           [bytes(b for pl in t.plays for b in (idx.get(pl.seat, 255), int(pl.card)))
                            for t in deal.tricks])


def played_identity(n: int, dealt: Sequence[int | None], passes: Sequence[int | None],
                    tricks: Sequence[bytes]) -> bytes:
    """The identity of a deal with cards (:func:`deal_identity`), from its
    parts by seat position: the hands as dealt and the cards passed
    (bitmasks, ``None`` unknown), each trick as (seat position, card) bytes."""
    from hashlib import blake2b  # (OpenSSL's module, loaded only when needed)

    h = blake2b(digest_size=16)
    h.update(b"deal %d|" % n)
    for m in dealt:
        h.update(b"?," if m is None else m.to_bytes(7, "big") + b",")
    h.update(b"|")
    for g in passes:
        h.update(b"-," if g is None else g.to_bytes(7, "big") + b",")
    for t in tricks:
        h.update(b"|" + t)
    return h.digest()


def game_identity(ids: Sequence[bytes]) -> bytes:
    """A game's identity: its deals' identities in order, hashed."""
    from hashlib import blake2b  # (OpenSSL's module, loaded only when needed)

    h = blake2b(digest_size=16)
    h.update(b"game %d|" % len(ids))
    for i in ids:
        h.update(i)
    return h.digest()


def one_deal_game(game: Game, d: int) -> Game:
    """Deal *d* of *game* as a game of its own (``--deals``): the game's
    tags, rules, seats, players and comment, the deal as recorded but for
    its running ``total`` (which belongs to the whole game), no result,
    and the tags :data:`FROM_FILE`, :data:`FROM_GAME`, :data:`FROM_DEAL`
    saying where it comes from.  A deal recorded without a number takes the
    one it has in its game (:func:`hearts_notation.model.deal_numbers`, as
    ``hearts score`` calls it): alone, it would be deal 1, another pass
    direction."""
    deal = game.deals[d]
    number = deal_numbers(game.deals[:d + 1])[-1]
    tags = dict(game.tags)
    tags[FROM_FILE] = game.source or "-"
    tags[FROM_GAME] = str(game.index or 1)
    tags[FROM_DEAL] = str(number)
    return dataclasses.replace(game, tags=tags,
                               deals=(dataclasses.replace(deal, total=None, number=number),),
                               result=None, errors=())


# A query over games -------------------------------------------------------------------


@mypyc_attr(native_class=False)    # its memoized properties need an instance dict
@dataclass(frozen=True)
class Query:
    """A parsed query and how to run it: over games or deals (*deals*),
    with the rules for records without a ``Rules`` tag and the player
    aliases.  Picklable: it travels to the worker processes."""

    tree: Node | None
    deals: bool = False
    default_rules: RuleSet | None = None
    force_rules: bool = False
    aliases: tuple[tuple[str, str], ...] = ()
    explain: bool = False
    #: compute identities (``--unique``, ``--duplicates``, ``--by-deal``)
    identities: bool = False
    #: send the games that match back (to be written)
    keep: bool = True
    #: player names match whatever their case (``--ignore-case``)
    ignore_case: bool = False

    def __reduce__(self) -> tuple[type, tuple[object, ...]]:
        return reduce_dataclass(self)   # rebuilt from its fields (hearts_notation._compiled)

    # The properties below are asked of every record: each is worked out once
    # and kept in the instance's dictionary.  Not ``functools.cached_property``:
    # compiled with mypyc it becomes a plain property, worked out again at
    # every call (four walks of the query per game, a view made per game).

    @property
    def names(self) -> frozenset[str]:
        """The names of the query's predicates (:func:`needs`), worked out once."""
        memo = self.__dict__
        found: frozenset[str] | None = memo.get("names")
        if found is None:
            found = memo["names"] = frozenset(needs(self.tree))
        return found

    @property
    def people(self) -> Identity | None:
        """How the query's player names compare (its aliases, its case), one
        for every game, or ``None`` when it names no player (the players
        module is not even imported)."""
        memo = self.__dict__
        if "people" not in memo:
            memo["people"] = self._people()
        found: Identity | None = memo["people"]
        return found

    @property
    def odd_seats(self) -> frozenset[str]:
        """The seats the query names unquoted that no default table has
        (:func:`hearts_notation.query.odd_seats`), worked out once."""
        memo = self.__dict__
        found: frozenset[str] | None = memo.get("odd_seats")
        if found is None:
            found = memo["odd_seats"] = frozenset(odd_seats(self.tree))
        return found

    def _people(self) -> Identity | None:
        if self.tree is None or not any(
                isinstance(x, Who) and x.is_name
                for p in predicates(self.tree) for x in (*p.args, p.value)):
            return None
        from .players import Identity

        return Identity(dict(self.aliases), self.ignore_case)

    @property
    def header_skips(self) -> bool:
        """Whether a game's header may decide the query alone (python-chess's
        visitor SKIP): the query has header predicates, is false on a
        header-less game (what the model makes of a record it cannot read,
        so that skipping one never hides a match), and ``--explain`` is off
        (it reports every predicate it could not decide)."""
        memo = self.__dict__
        found: bool | None = memo.get("header_skips")
        if found is None:
            found = memo["header_skips"] = (
                self.tree is not None and not self.explain
                and not _HEADER.isdisjoint(self.names)
                and _header_value(self.tree, self.view(Game())) is False)
        return found

    @property
    def verdict_only(self) -> bool:
        """Whether a clean record's answer needs the compact check's verdict
        alone (the query asks validity and the header only, no deal's
        number, identity or ``--explain`` reason): the check then makes no
        report entry per deal (:func:`hearts_notation.referee.compact_check`),
        the part of validate's work ``not valid`` does not read (issue 26).
        A view whose check keeps no entry still falls back to the model if
        one is asked."""
        memo = self.__dict__
        found: bool | None = memo.get("verdict_only")
        if found is None:
            found = memo["verdict_only"] = (
                self.names <= _VERDICT and not self.identities and not self.explain
                and self.tree is not None)
        return found

    def compact_view(self, header: Game | None, compact: Any, source: str | None,
                     index: int | None, line: int | None) -> CompactView:
        """A compact view of a record for this query (*header*: its tags,
        rules, seats and players as a deal-less game, or ``None``: made
        from *compact* if a predicate asks for it)."""
        return CompactView(_NO_GAME, self.default_rules, self.force_rules, self.people,
                           [] if self.explain else None, compact=compact, source=source,
                           index=index, line=line, _header=header, verdict=self.verdict_only)

    def view(self, game: Game) -> GameView:
        """A view of *game* for this query."""
        return GameView(game, self.default_rules, self.force_rules, self.people,
                        [] if self.explain else None)


@dataclass(frozen=True)
class Picked:
    """What a query says of one game: the deals that match (all of them in
    game mode when the game matches), their identities, the game if it is
    to be written, and ``--explain``'s reasons."""

    source: str | None
    index: int | None
    line: int | None
    matched: bool
    #: matching deals: (0-based index, number, identity or b"")
    deals: tuple[tuple[int, int, bytes], ...]
    identity: bytes
    game: Game | None
    why: tuple[tuple[int | None, str, Msg], ...] = ()
    unknown: bool = False
    #: a game that matched but does not read as one game (:func:`flaw`):
    #: the command names it, and writes it not, whether or not it is shipped;
    #: and a game that does not parse, matched or not: the command names the
    #: ones left out (a user filtering a corpus learns what was skipped)
    flaw: Finding | None = None
    #: the query's seats that no default table has (:attr:`Query.odd_seats`)
    #: which this game has: the command refuses those no game read has
    seats: tuple[str, ...] = ()
    #: the names of this game's players that such a seat stands for once
    #: folded (``dame == Chloe``: ``Chloé``): the command's did-you-mean
    #: quotes the name as the records write it
    names: tuple[str, ...] = ()

    def __reduce__(self) -> tuple[type, tuple[object, ...]]:
        return reduce_dataclass(self)   # picklable when compiled (hearts_notation._compiled)


#: The predicates that read the scores (with them, who took which cards comes free).
_SCORED = frozenset({"moon", "points", "total", "winner"})


def pick(game: Game, query: Query) -> Picked:
    """Run *query* on one game."""
    return _picked(query.view(game), query, game.source, game.index,
                   game.pos.line if game.pos else None, game)


def flaw(game: Game) -> Finding | None:
    """Why *game* does not read as one game, or ``None``: its first syntax
    error (what could not be read would be lost), or else the first key its
    record gives twice with two values (the readers' ``duplicate-key``
    error: readers that keep the first value and those that keep the last
    read two games).  The same key with the same value (a warning) reads
    the same to every reader and is no flaw.  ``hearts select`` does not
    write such a game, and names it whether it writes or counts."""
    if game.errors:
        return game.errors[0]
    for f in game.notices:
        if f.code == "duplicate-key" and f.severity == "error":
            return f
    return None


def _picked(view: GameView, query: Query, source: str | None, index: int | None,
            line: int | None, game: Game | None) -> Picked:
    """Run *query* on one game seen through *view* (the model's or the compact form's)."""
    n = view.ndeals()
    if view.preloads() and not _SCORED.isdisjoint(query.names):
        view.score()    # first: its cards taken serve ``queen`` too
    matched: list[int] = []
    unknown = False
    if query.deals:
        for k in range(n):
            v = True if query.tree is None else evaluate(query.tree, view, k)
            if v:
                matched.append(k)
            elif v is None:
                unknown = True
        hit = bool(matched)
    else:
        v = True if query.tree is None else evaluate(query.tree, view, None)
        hit = bool(v)
        unknown = v is None
        if hit:
            matched = list(range(n))
    ids: list[bytes] = []
    if query.identities and hit:
        ids = [view.deal_id(k) for k in matched]
    as_written = not (query.identities or query.explain)
    number = view.written_number if as_written else view.number
    if ids:
        chosen = tuple([(k, number(k), ids[j]) for j, k in enumerate(matched)])
    elif hit and as_written and not query.deals:
        chosen = view.all_deals()       # a game that matches: every deal, as written
    else:
        chosen = tuple([(k, number(k), b"") for k in matched])
    return Picked(source, index, line, hit, chosen,
                  game_identity(ids) if query.identities and not query.deals else b"",
                  game if hit and query.keep else None,
                  tuple(view.why or ()), unknown,
                  flaw(game) if game is not None and (hit or (game.errors and not (
                      # a game its header rules out is so whatever it holds:
                      # skipped unread on the compact path, and not named here
                      query.header_skips and query.tree is not None
                      and _header_value(query.tree, view) is False))) else None,
                  _odd_seats_of(view, query), _odd_names_of(view, query))


def _odd_seats_of(view: GameView, query: Query) -> tuple[str, ...]:
    """The query's seats that no default table has which *view*'s game has
    (a ``Seats`` tag named them): nothing to look at for most queries."""
    odd = query.odd_seats
    if not odd:
        return ()
    seats = view.seats
    return tuple([s for s in odd if s in seats])


def _odd_names_of(view: GameView, query: Query) -> tuple[str, ...]:
    """The names of *view*'s players that one of the query's odd seats
    (:attr:`Query.odd_seats`) stands for, compared in any case and without
    accents (:func:`hearts_notation.players.loose_key`): an unquoted
    ``Chloe`` is answered "did you mean \"Chloé\"", the name that matches."""
    odd = query.odd_seats
    if not odd:
        return ()
    from .players import loose_key

    keys = {loose_key(word) for word in odd}
    return tuple([name for name in view.header().players.values() if loose_key(name) in keys])


def needs(tree: Node | None) -> set[str]:
    """The names of the predicates of a query."""
    return set() if tree is None else {p.name for p in predicates(tree)}


# The compact form: a query without the model -------------------------------------------
#
# A corpus is mostly clean records.  For them the query is answered from the
# compact form the referee's own check reads (hearts_notation.io.compact:
# hands, passes and plays as card numbers and bitmasks) and from the report
# entry that check writes (points, moons, totals, winners; no finding at
# all), exactly as validate reads a record, and the model is built only
# for a record that is written.  A record the compact check does not accept
# (a finding, an unfinished deal, a score sheet, a mark in JSON...) is
# read into the model and asked as before: nothing is decided twice.
#
# Like python-chess's visitor SKIP, a game whose header already decides the
# query (its tags, date, rules, players: ``tag(Event) ~ "Quimper" and ...``
# on another event) is not replayed at all.


class _Fallback(Exception):
    """What the compact form cannot answer exactly: the model decides."""


#: The predicates a game's header decides (tags, rules, seats, player names).
_HEADER = frozenset({"tag", "date", "rules", "players", "player"})

#: The predicates the compact check's verdict decides with the header's
#: (a clean record has no finding): :attr:`Query.verdict_only`.
_VERDICT = _HEADER | {"valid", "finding", "severity"}

#: The ``game`` of every :class:`CompactView`, never read: the view has no model
#: (its header is :meth:`CompactView.header`, made when asked).
_NO_GAME = Game()


@dataclass
class CompactView(GameView):
    """A record as the query sees it without the model: its header (a
    :class:`Game` of tags, rules, seats and players, no deals), its compact
    form, and, on first use, the referee's compact check
    (:func:`hearts_notation.referee.compact_check`: its report entry and the
    cards each seat took, as ``score`` and ``stats`` read them too; the
    scores are made from them deal by deal, as asked).  Anything it cannot
    answer exactly raises :class:`_Fallback`."""

    compact: Any = None
    source: str | None = None
    index: int | None = None
    line: int | None = None
    #: each deal's marks (HRN: read from the events; a clean JSON record has none)
    deal_marks: list[list[tuple[str, str]]] | None = None
    _entry: dict[str, Any] | None = None
    _check: CompactCheck | None = None
    _tricks: dict[int, list[int] | None] = field(default_factory=dict)
    _index: dict[str, int] | None = None
    _nt: int = 0
    #: how a moon scores (the rules' ``add`` or ``subtract``; "" under ``choose``)
    _way: str | None = None
    _took: list[list[int]] = field(default_factory=list)
    _deal_scores: dict[int, DealScore] = field(default_factory=dict)
    _played: dict[int, list[int]] = field(default_factory=dict)
    #: the record's header as a deal-less game, made when a predicate asks for it
    #: (``tag``, ``date``, a player's name); the view's ``game`` is :data:`_NO_GAME`
    _header: Game | None = None
    #: whether the query needs the compact check's verdict alone (:attr:`Query.verdict_only`):
    #: the check then keeps no deal's entry
    verdict: bool = False

    def preloads(self) -> bool:
        """No: the scores are made deal by deal, as asked (not all first, as the model's)."""
        return False

    def header(self) -> Game:
        """The record's tags, rules, seats and players as a deal-less game,
        made from the compact form when first asked (most queries ask only
        for the seats and rules: :meth:`seats_rules` reads them directly)."""
        g = self._header
        if g is None:
            c = self.compact
            g = self._header = Game(tags=dict(c.tags), rules=c.rules,
                                    seats=None if c.seats is None else tuple(c.seats),
                                    players=dict(c.players), source=self.source,
                                    index=self.index)
        return g

    def seats_rules(self) -> tuple[tuple[str, ...], RuleSet]:
        """The seats and the rules in force (the referee's choice), from
        the compact form's ``Rules`` and ``Seats`` (or the header's, before
        the compact form is made)."""
        found = self._rules
        if found is None:
            c = self.compact
            if c is None:
                g = self.header()
                spec, seats = g.rules, g.seats
            else:
                spec, seats = c.rules, None if c.seats is None else tuple(c.seats)
            found = self._rules = _seats_rules(spec, seats, self.default_rules, self.force_rules)
        return found

    def upto(self, d: int) -> list[dict[str, Any]]:
        """The compact check's entries of deals 0 to *d* at least, the
        check taken on deal by deal as far as that (a query decided by an
        early deal replays no more), or :class:`_Fallback` when one of them
        is not clean.  A clean deal's values do not depend on the deals
        after it (:func:`hearts_notation.referee.compact_check`), so they
        are the model's even when a later deal has a finding."""
        check = self._check
        if check is not None and d < len(check.deals):
            return check.deals
        deals = self._advance(d).deals
        if len(deals) <= d:
            raise _Fallback     # a check that keeps no entry (:attr:`verdict`)
        return deals

    def _advance(self, d: int) -> CompactCheck:
        """The compact check, taken on as far as deal *d* (all clean), or
        :class:`_Fallback`."""
        check = self._check
        if check is None:
            check = self._check = _readers()[3](self.compact, self.default_rules,
                                                self.force_rules, self._took, not self.verdict)
            if check is None:
                raise _Fallback
        have = self.compact.deals
        while check.count <= d:
            if check.count >= len(have) or not check.deal(have[check.count]):
                raise _Fallback
        return check

    def settle(self) -> None:
        """:class:`_Fallback` unless the model reads the whole record
        without a syntax error (a game with no deal, of which no deal
        predicate holds), as far as the deals the check saw and cheap looks
        at the others tell: a query decided by the header or the first
        deals is the model's answer only then."""
        if self._entry is not None:
            return      # the whole game is clean
        check = self._check
        # The deals whose tricks were read for their scores have had every
        # play's seat found among the game's (:func:`compact_taken`).
        tricks = self._tricks
        nt = self._nt
        seen = {k for k, t in tricks.items()
                if t is not None and len(self.compact.deals[k].sizes) == nt} if tricks else None
        if not _readable(self.compact, self.seats, 0 if check is None else check.count,
                         seen):
            raise _Fallback

    def clean(self) -> dict[str, Any]:
        """The compact check's report entry: the game is clean and complete
        (no finding at all), or :class:`_Fallback`."""
        if self._entry is None:
            found = self._advance(len(self.compact.deals) - 1).end(self.source, self.index)
            if found is None:
                raise _Fallback
            self._entry = found
        return self._entry

    def score(self) -> GameScore:
        """The scores, as the check's report gives them."""
        if self._score is None:
            from .scoring import GameScore

            e = self.clean()
            deals = [self.deal_score(k) for k in range(len(e["deals"]))]
            self._score = GameScore(deals, e["finished"], tuple(e["winners"]), self.seats)
        return self._score

    def deal_score(self, d: int) -> DealScore:
        """Deal *d*'s scores, made from the check's entry when first asked
        (a query that stops at its first deal makes no more)."""
        ds = self._deal_scores.get(d)
        if ds is None:
            from .scoring import DealScore, MoonOutcome

            x = self.upto(d)[d]
            moon = x["moon"]
            ds = self._deal_scores[d] = DealScore(
                x["number"], x["points"],
                None if moon is None else MoonOutcome(moon["seat"], moon["choice"], moon["assumed"]),
                x["totals"], True, tuple(self._took[d]))
        return ds

    def tricks_taken(self, d: int) -> list[int] | None:
        """The cards each seat took in deal *d*, from its tricks alone
        (:func:`hearts_notation.scoring.compact_taken`: the model's
        ``taken_cards``, without the referee's check), or ``None`` when the
        deal is not complete or the check has replayed it already (its
        entry says the same)."""
        check = self._check
        if check is not None and d < check.count:
            return None
        tricks = self._tricks
        if d in tricks:
            return tricks[d]
        index = self._index
        if index is None:
            index = self._index = {s: i for i, s in enumerate(self.seats)}
            self._nt = self.rules.tricks_per_deal
        cd = self.compact.deals[d]
        found = tricks[d] = _scorers()[0](index, len(index), self._nt, cd.names, cd.cards,
                                          cd.sizes)
        return found

    def scored(self, d: int, points: bool = True) -> tuple[Sequence[int], int | None] | None:
        """Deal *d*'s points and moon: from its tricks alone when they are
        complete and a moon scores as the rules say (``add`` or
        ``subtract``), as the model scores them whether or not the play was
        legal (without *points*, only who shot the moon: the same
        :func:`~hearts_notation.state.moon_shooter` that scoring asks);
        else off the check's entry."""
        way = self._way
        if way is None:
            rule = self.rules.moon
            way = self._way = "" if rule == "choose" else rule
        if way:
            taken = self.tricks_taken(d)
            if taken is not None:
                _, deal_points, moon_shooter = _scorers()
                if not points:
                    return (), moon_shooter(self.rules, taken)
                return deal_points(self.rules, taken, way)
        x = self.upto(d)[d]
        moon = x["moon"]
        seats = self.seats
        pts = x["points"]
        return [pts[s] for s in seats], None if moon is None else seats.index(moon["seat"])

    def totals(self, d: int | None) -> Mapping[str, int]:
        """The running totals, read off the check's entries (at the end:
        the whole game's, which has a deal at least)."""
        totals: Mapping[str, int] = (self.clean()["deals"][-1] if d is None
                                     else self.upto(d)[d])["totals"]
        return totals

    def winners(self) -> tuple[str, ...]:
        """The winners, read off the report entry."""
        return tuple(self.clean()["winners"])

    def number(self, d: int) -> int:
        """Deal *d*'s number as the check counted it."""
        number: int = self.upto(d)[d]["number"]
        return number

    def taken(self, d: int) -> list[int]:
        """The cards each seat took in deal *d*, as the check's replay found them."""
        self.upto(d)
        return self._took[d]

    def queen_taker(self, d: int) -> int | None:
        """The index of the seat that took Q♠ in deal *d*, as the check's replay found it
        (read off the cards taken directly: this is asked of deal after deal)."""
        check = self._check
        if check is None or d >= check.count:
            took = self.tricks_taken(d)
            if took is None:
                self._advance(d)
                took = self._took[d]
        else:
            took = self._took[d]
        for i, t in enumerate(took):
            if t & QS_BIT:
                return i
        return None

    def report(self) -> GameReport:
        """Not used: :meth:`findings` answers from the compact check."""
        raise _Fallback

    def findings(self, d: int | None) -> list[Any]:
        """None: the compact check accepts only a game without a finding."""
        self.clean()
        return []

    def ndeals(self) -> int:
        """The number of deals of the record."""
        return len(self.compact.deals)

    def written_number(self, d: int) -> int:
        """Deal *d*'s number as written, else its place (1-based)."""
        written: int | None = self.compact.deals[d].number
        return written if written is not None else d + 1

    def all_deals(self) -> tuple[tuple[int, int, bytes], ...]:
        """Every deal as :class:`Picked` lists a game that matches, the
        numbers read off the compact form in one pass."""
        return tuple([(k, k + 1 if cd.number is None else cd.number, b"")
                      for k, cd in enumerate(self.compact.deals)])

    def hands(self, d: int) -> DealHands:
        """Not used: :meth:`hand` reads the compact form."""
        raise _Fallback

    def hand(self, p: Pred, d: int, i: int, after: bool) -> int | None:
        """As dealt: the recorded hand.  After the pass, in a clean game:
        the cards the seat played (the check saw it play exactly that hand)."""
        cd = self.compact.deals[d]
        if not after:
            mask: int | None = cd.hands.get(self.seats[i])
            if mask is None:
                raise _Fallback     # not recorded: the model says what is known
            return mask
        self.upto(d)
        played = self._played.get(d)
        if played is None:
            idx = {s: k for k, s in enumerate(self.seats)}
            played = [0] * len(self.seats)
            for name, card in zip(cd.names, cd.cards, strict=True):
                played[idx[name]] |= 1 << card
            self._played[d] = played
        return played[i]

    def marks(self, d: int) -> list[tuple[str, str]]:
        """Deal *d*'s marks."""
        if self.deal_marks is None:
            raise _Fallback     # not read (the query did not need them)
        return self.deal_marks[d]

    def deal_id(self, d: int) -> bytes:
        """Deal *d*'s identity, from the compact form (the same bytes as
        :func:`deal_identity` on the model: tests/test_select.py)."""
        self.clean()
        cd = self.compact.deals[d]
        seats = self.seats
        idx = {s: i for i, s in enumerate(seats)}
        names, cards = cd.names, cd.cards
        tricks: list[bytes] = []
        pos = 0
        for size in cd.sizes:
            tricks.append(bytes(b for k in range(pos, pos + size) for b in (idx[names[k]], cards[k])))
            pos += size
        passes = cd.passes or {}
        return played_identity(len(seats), [cd.hands[s] for s in seats],
                               [passes.get(s) for s in seats], tricks)


_PENDING = "pending"


def _header_value(node: Node, view: GameView) -> Tri | str:
    """The query's value as far as the game's header decides it: a truth
    value, or :data:`_PENDING` when the other predicates are needed."""
    if isinstance(node, Pred):
        return _pred(node, view, None) if node.name in _HEADER else _PENDING
    if isinstance(node, Not):
        v = _header_value(node.item, view)
        return v if v is None or v == _PENDING else not v
    stop = isinstance(node, Or)       # ``or`` is decided by a true item, ``and`` by a false one
    seen: set[Tri | str] = set()
    for item in node.items:
        v = _header_value(item, view)
        if v is stop:
            return stop
        seen.add(v)
    if _PENDING in seen:
        return _PENDING
    return None if None in seen else not stop


def _compact_pick(view: CompactView, query: Query) -> Picked:
    """:func:`pick` on the compact form (:class:`_Fallback` when it cannot)."""
    if query.header_skips:
        assert query.tree is not None
        if _header_value(query.tree, view) is False:
            return _skipped(view, query)
    picked = _picked(view, query, view.source, view.index, view.line, None)
    view.settle()
    return picked


def _readable(compact: CompactGame, seats: Sequence[str], start: int,
              seen: set[int] | None = None) -> bool:
    """Whether the model reads a compact record's deals from *start* on,
    its players and its result without a syntax error, by a few looks
    stricter than the reader's (:mod:`hearts_notation.io.jsonio`): the
    compact form has checked the cards, tags and seats already; a dealer,
    a hand's, a pass's, a play's or a score line's seat must be a seat of
    the game, a pass direction a direction, points and deal numbers small
    whole numbers (:func:`~hearts_notation.io.compact.compact_record` has
    made them whole numbers already).  The plays' seats of the deals in
    *seen* are known to be the game's.  ``False`` sends the record to the
    model, which says."""
    from .io.compact import seat_ok
    from .seats import DIRECTIONS

    names = frozenset(seats)
    if not all(map(seat_ok, compact.players)):
        return False
    result = compact.result
    if not (result is None or result == "*"
            or (type(result) in (list, tuple) and all(map(seat_ok, result)))):
        return False
    deals = compact.deals
    for k in range(start, len(deals)):
        d = deals[k]
        if ((d.dealer is not None and d.dealer not in names)
                or (d.direction is not None and d.direction not in DIRECTIONS)
                or (d.number is not None and not 0 < d.number < _SMALL)
                or not names.issuperset(d.hands) or (d.passes and not names.issuperset(d.passes))
                or ((seen is None or k not in seen) and not names.issuperset(d.names))):
            return False
        for line in (d.score, d.total):
            if line and (not names.issuperset(line)
                         or not -_SMALL < min(line.values()) <= max(line.values()) < _SMALL):
                return False
    return True


#: Numbers no limit of the readers refuses.
_SMALL = 10 ** 9


def _skipped(view: CompactView, query: Query) -> Picked:
    """A game its header rules out: nothing else of it is read."""
    return Picked(view.source, view.index, view.line, False, (),
                  game_identity([]) if query.identities and not query.deals else b"",
                  None, (), False, None, _odd_seats_of(view, query), _odd_names_of(view, query))


@mypyc_attr(native_class=False)    # a subclass of an interpreted class (io/events.py)
class _MarkEvents(Visitor["CompactGame | None"]):
    """The HRN reader's events to the referee's compact builder, with the
    marks of each deal kept on the way (the builder does not keep them)."""

    def __init__(self, inner: Visitor[CompactGame | None]) -> None:
        self.inner = inner
        self.marks: list[list[tuple[str, str]]] = []
        self.deal: list[tuple[str, str]] = []

    def begin_game(self, source: str | None, index: int | None, line: int, column: int) -> None:
        self.inner.begin_game(source, index, line, column)

    def rules(self, spec: str, line: int, column: int) -> None:
        self.inner.rules(spec, line, column)

    def seats(self, names: tuple[str, ...], line: int, column: int) -> None:
        self.inner.seats(names, line, column)

    def player(self, seat: str, name: str, tag: str, line: int, column: int) -> None:
        self.inner.player(seat, name, tag, line, column)

    def tag(self, name: str, value: str, line: int, column: int) -> None:
        self.inner.tag(name, value, line, column)

    def comment(self, text: str) -> None:
        self.inner.comment(text)

    def begin_deal(self, number: int | None, dealer: str | None, direction: str | None,
                   line: int, column: int) -> None:
        self.deal = []
        self.inner.begin_deal(number, dealer, direction, line, column)

    def hand(self, seat: str, cards: tuple[Card, ...] | None, line: int, column: int) -> None:
        self.inner.hand(seat, cards, line, column)

    def pass_cards(self, seat: str, cards: tuple[Card, ...], to: str | None, mark: str | None,
                   comment: str | None, line: int, column: int) -> None:
        if mark is not None:
            self.deal.append((mark, seat))
        self.inner.pass_cards(seat, cards, to, mark, comment, line, column)

    def trick(self, number: int, comment: str | None, line: int, column: int,
              seats: Sequence[str], cards: Sequence[Card], columns: Sequence[int],
              lines: Sequence[int] | None = None, marks: Sequence[str | None] | None = None,
              comments: Sequence[str | None] | None = None) -> None:
        if marks is not None:
            self.deal.extend((m, s) for m, s in zip(marks, seats, strict=True) if m is not None)
        self.inner.trick(number, comment, line, column, seats, cards, columns, lines, marks,
                         comments)

    def begin_trick(self, number: int, comment: str | None, line: int, column: int) -> None:
        self.inner.begin_trick(number, comment, line, column)

    def card(self, seat: str, card: Card, mark: str | None, comment: str | None,
             line: int, column: int) -> None:
        if mark is not None:
            self.deal.append((mark, seat))
        self.inner.card(seat, card, mark, comment, line, column)

    def end_trick(self) -> None:
        self.inner.end_trick()

    def points(self, kind: str, values: Mapping[str, int], line: int, column: int) -> None:
        self.inner.points(kind, values, line, column)

    def moon(self, seat: str, choice: str, line: int, column: int) -> None:
        self.inner.moon(seat, choice, line, column)

    def unfinished(self, line: int, column: int) -> None:
        self.inner.unfinished(line, column)

    def end_deal(self) -> None:
        self.marks.append(self.deal)
        self.inner.end_deal()

    def result(self, winners: tuple[str, ...] | str, line: int, column: int) -> None:
        self.inner.result(winners, line, column)

    def syntax_error(self, finding: Finding) -> None:
        self.inner.syntax_error(finding)

    def end_game(self) -> CompactGame | None:
        return self.inner.end_game()


@functools.cache
def _scorers() -> tuple[Callable[..., list[int] | None], Callable[..., tuple[list[int], int | None]],
                        Callable[..., int | None]]:
    """:func:`hearts_notation.scoring.compact_taken`,
    :func:`hearts_notation.state.deal_points` and
    :func:`~hearts_notation.state.moon_shooter`, imported once (asked deal
    after deal)."""
    from .scoring import compact_taken
    from .state import deal_points, moon_shooter

    return compact_taken, deal_points, moon_shooter


@functools.cache
def _readers() -> tuple[str, type[CompactBuilder], Callable[..., tuple[CompactGame | None, bool]],
                        Callable[..., CompactCheck | None]]:
    """What :func:`_compact_view` reads a record with, and the referee's
    compact check, imported once (a relative import in the function cost
    some 2 µs a record)."""
    from .io.batches import HRN_GAME
    from .io.typed_json import json_compact
    from .referee import CompactBuilder, compact_check

    return HRN_GAME, CompactBuilder, json_compact, compact_check


def _compact_view(batch: Batch, syntax: str, record: RawRecord, query: Query
                  ) -> CompactView | Picked | None:
    """The compact view of one raw record, or ``None`` when the record is
    not of the clean shape (the model reads it), or what the query says of
    it when its header alone decides (JSON: the rest is not even converted).
    The record is read as ``validate`` reads it: HRN by the reader's events
    to the referee's compact builder, JSON by the typed decoder
    (:func:`hearts_notation.io.typed_json.json_compact`)."""
    hrn_game, builder, json_compact, _ = _readers()
    marks: list[list[tuple[str, str]]] | None = None
    compact: CompactGame | None
    text = record.text
    view: CompactView | None = None
    if syntax == hrn_game:
        from .io.hrn.reader import visit_text

        events: Visitor[CompactGame | None] = builder()
        if "mark" in query.names:
            events = _MarkEvents(events)
        compact = visit_text(text, events, batch.source or "-", record.line,
                             batch.default_rules, record.index, record.stop, record.follows)
        marks = events.marks if isinstance(events, _MarkEvents) else None
        line = compact.line if compact is not None else None
    elif query.header_skips and record.compact is None and text.isascii() and "\\u" not in text:
        # json_compact's own two steps, its guard passed (plain ASCII, no
        # escape), with the header looked at in between.
        from .io.compact import compact_record
        from .io.typed_json import decode_record

        rec = decode_record(text)
        if rec is None:
            return None
        header = Game(tags=dict(rec.tags or {}), rules=rec.rules,
                      seats=None if rec.seats is None else tuple(rec.seats),
                      players=dict(rec.players or {}), source=batch.source, index=record.index)
        view = query.compact_view(header, None, batch.source, record.index, record.line)
        assert query.tree is not None
        if _header_value(query.tree, view) is False:
            # The header makes the query false, and so does a record the model
            # could only read as a syntax error (no header): skipped.
            return _skipped(view, query)
        # (with its text: the duplicate-key test of every clean read)
        compact = compact_record(rec, record.line, text=text)
        line = record.line
    else:
        compact, _ = json_compact(text, record.line, record.compact)
        line = record.line
    if compact is None:
        return None
    if syntax != hrn_game and "mark" in query.names:
        marks = [[] for _ in compact.deals]     # the typed decoder refuses a mark
    if view is None:
        view = query.compact_view(None, compact, batch.source, record.index, line)
    else:
        view.compact = compact
    view.deal_marks = marks
    return view


def _record_game(batch: Batch, record: RawRecord, k: int, cache: list[list[Game]]) -> Game:
    """The model of record *k* of a batch, as a whole-batch read gives it:
    the batch's own parser on the batch cut down to that record (a JSONL
    batch is its lines' text, the others a tuple of records); a kind of
    batch not known here is parsed whole, once."""
    from .io.batches import batch_games

    one: Batch | None = None
    if batch.kind == "jsonl":
        one = dataclasses.replace(batch, payload=record.text, first_line=record.line,
                                  first_index=record.index, nbytes=len(record.text))
    elif batch.kind in ("json", "hrn") and isinstance(batch.payload, tuple):
        one = dataclasses.replace(batch, payload=batch.payload[k:k + 1],
                                  lines=batch.lines[k:k + 1], compacts=batch.compacts[k:k + 1],
                                  columns=batch.columns[k:k + 1],
                                  first_line=record.line, first_index=record.index)
    if one is not None:
        games = batch_games(one)
        if len(games) == 1 and games[0].index == record.index:
            return games[0]
    if not cache:
        cache.append(batch_games(batch))
    return next(g for g in cache[0] if g.index == record.index)


def pick_record(batch: Batch, syntax: str, record: RawRecord, k: int, query: Query,
                cache: list[list[Game]] | None = None) -> Picked:
    """:func:`pick` on record *k* of a batch given as text: on its compact
    form when it is clean, else (or when the compact form cannot answer)
    on the model."""
    cache = [] if cache is None else cache
    found = _compact_view(batch, syntax, record, query)
    if isinstance(found, Picked):
        return found
    if found is not None:
        try:
            picked = _compact_pick(found, query)
        except _Fallback:
            pass
        else:
            if picked.matched and query.keep:
                game = _record_game(batch, record, k, cache)
                picked = dataclasses.replace(picked, game=game, flaw=flaw(game))
            return picked
    return pick(_record_game(batch, record, k, cache), query)


def pick_batch(batch: Any, query: Query) -> list[Picked] | Any:
    """Worker side of ``hearts select``: :func:`pick` on every game of one
    batch (:class:`hearts_notation.io.batches.Batch`), in order, each
    record read as far as its query needs (:func:`pick_record`); an
    unreadable input comes back as its :class:`~hearts_notation.io.InputError`."""
    from .io.batches import Batch, batch_games, raw_records
    from .runners.pool import gc_paused

    if not isinstance(batch, Batch):
        return batch.error
    with gc_paused():
        found = raw_records(batch)
        if found is None:
            return [pick(game, query) for game in batch_games(batch)]
        syntax, records = found
        cache: list[list[Game]] = []
        return [pick_record(batch, syntax, r, k, query, cache) for k, r in enumerate(records)]


__all__ = ["FROM_DEAL", "FROM_FILE", "FROM_GAME", "CompactView", "GameView", "Picked", "Query",
           "Tri", "deal_identity", "evaluate", "flaw", "game_identity", "needs", "one_deal_game", "pick",
           "pick_batch", "pick_record", "played_identity", "tag_value"]
