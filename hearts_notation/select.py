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
import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .cards import QS_BIT
from .i18n import Msg, msg
from .model import Deal, Game
from .players import Identity
from .query import And, DateValue, Node, Not, Or, Pred, Who, predicates
from .saferegex import Pattern

if TYPE_CHECKING:
    from .referee import GameReport
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


@dataclass
class GameView:
    """One game as the query sees it: what the rules say of it, computed
    on first use and kept for the other predicates."""

    game: Game
    default_rules: RuleSet | None = None
    force_rules: bool = False
    identity: Identity = field(default_factory=Identity)
    #: Why some predicate was unknown: (deal number or None, predicate text, reason).
    why: list[tuple[int | None, str, Msg]] | None = None
    _rules: tuple[tuple[str, ...], RuleSet] | None = None
    _score: GameScore | None = None
    _report: GameReport | None = None
    _hands: dict[int, DealHands] = field(default_factory=dict)
    _taken: dict[int, list[int]] = field(default_factory=dict)
    _keys: dict[str, list[int]] = field(default_factory=dict)

    # What the rules say ---------------------------------------------------------------

    def seats_rules(self) -> tuple[tuple[str, ...], RuleSet]:
        """The seats and the rules in force (the referee's choice)."""
        if self._rules is None:
            from .referee import game_seats, resolve_rules

            rules = resolve_rules(self.game, self.default_rules, self.force_rules)
            seats, rules, _ = game_seats(self.game, rules)
            self._rules = (tuple(seats), rules)
        return self._rules

    @property
    def seats(self) -> tuple[str, ...]:
        """The seats, clockwise."""
        return self.seats_rules()[0]

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

    def number(self, d: int) -> int:
        """The number of deal *d* (as scored: the record's, else counted)."""
        return self.deal_score(d).number

    def hands(self, d: int) -> DealHands:
        """Deal *d*'s hands as dealt and after the pass (recorded or inferred)."""
        h = self._hands.get(d)
        if h is None:
            from .walk import deal_hands

            h = self._hands[d] = deal_hands(self.game.deals[d], self.rules, self.seats)
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
            want = self.identity.key(ref.text)
            found = [i for i, s in enumerate(seats)
                     if want and self.identity.key(self.game.players.get(s)) == want]
        elif ref.text in seats:
            found = [seats.index(ref.text)]
        else:
            up = ref.text.upper()
            four = len(seats) == 4 and all(_FOUR.get(s) == i for i, s in enumerate(seats))
            found = [_FOUR[up]] if four and up in _FOUR else []
        self._keys[key] = found
        return found

    def unknown(self, d: int | None, pred: Pred, why: Msg) -> None:
        """Keep why *pred* is unknown (for ``--explain``)."""
        if self.why is not None:
            self.why.append((None if d is None else self.number(d), pred.source, why))

    def not_played(self, d: int, pred: Pred) -> None:
        """*pred* needs the tricks of deal *d*, which the record does not have all of."""
        ds = self.deal_score(d)
        self.unknown(d, pred, msg("select.why.sheet" if ds.sheet else "select.why.incomplete",
                                  deal=ds.number))


# Evaluating ---------------------------------------------------------------------------


def _cmp(op: str | None, a: Any, b: Any) -> bool:
    if op == "==":
        return bool(a == b)
    if op == "!=":
        return bool(a != b)
    if op == "<":
        return bool(a < b)
    if op == "<=":
        return bool(a <= b)
    if op == ">":
        return bool(a > b)
    return bool(a >= b)


def _any(values: Sequence[Tri]) -> Tri:
    if True in values:
        return True
    return None if None in values else False


def evaluate(node: Node, view: GameView, d: int | None = None) -> Tri:
    """The value of *node* for the game (*d* None) or for its deal *d*."""
    if isinstance(node, Pred):
        if node.scope == "deal" and d is None:
            return _any([_pred(node, view, k) for k in range(len(view.game.deals))])
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
    if seat_name is None:
        return False
    ref = pred.value
    assert isinstance(ref, Who)
    return view.seats.index(seat_name) in view.who(ref) if seat_name in view.seats else False


def _who_cmp(view: GameView, seat_name: str | None, pred: Pred) -> bool:
    hit = _seat_of(view, seat_name, pred)
    return hit if pred.op == "==" else not hit


def _pred(p: Pred, view: GameView, d: int | None) -> Tri:
    return _EVAL[p.name](p, view, d)


def _moon(p: Pred, view: GameView, d: int | None) -> Tri:
    assert d is not None
    ds = view.deal_score(d)
    if not ds.scored:
        view.not_played(d, p)
        return None
    if p.op is None:
        return ds.moon is not None
    return _who_cmp(view, ds.moon.seat if ds.moon else None, p)


def _queen(p: Pred, view: GameView, d: int | None) -> Tri:
    assert d is not None
    taken = view.taken(d)
    taker = next((view.seats[i] for i, t in enumerate(taken) if t & QS_BIT), None)
    if taker is None:
        view.not_played(d, p)
        return None
    return _who_cmp(view, taker, p)


def _seat_arg(p: Pred, view: GameView) -> list[int]:
    ref = p.args[0]
    assert isinstance(ref, Who)
    return view.who(ref)


def _points(p: Pred, view: GameView, d: int | None) -> Tri:
    assert d is not None
    ds = view.deal_score(d)
    if not ds.scored:
        view.not_played(d, p)
        return None
    return any(_cmp(p.op, ds.points[view.seats[i]], p.value) for i in _seat_arg(p, view))


def _number(p: Pred, view: GameView, d: int | None) -> Tri:
    assert d is not None
    return _cmp(p.op, view.number(d), p.value)


def _hand(p: Pred, view: GameView, d: int, i: int) -> int | None:
    after = len(p.args) > 2
    h = view.hands(d)
    mask = (h.played_from if after else h.dealt)[i]
    if mask is None:
        ds = view.deal_score(d)
        view.unknown(d, p, msg("select.why.sheet" if ds.sheet else
                               "select.why.hand_after" if after else "select.why.hand",
                               deal=ds.number, seat=("seat", view.seats[i])))
    return mask


def _hand_test(p: Pred, view: GameView, d: int | None, test: Callable[[int], bool]) -> Tri:
    assert d is not None
    out: list[Tri] = []
    for i in _seat_arg(p, view):
        mask = _hand(p, view, d, i)
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
    deal = view.game.deals[d]
    want = p.args[0]
    seats: set[str] | None = None
    if len(p.args) > 1:
        seats = {view.seats[i] for i in _seat_arg_at(p, view, 1)}
    for ps in deal.passes.values():
        if ps.mark == want and (seats is None or ps.seat in seats):
            return True
    return any(pl.mark == want and (seats is None or pl.seat in seats)
               for t in deal.tricks for pl in t.plays)


def _seat_arg_at(p: Pred, view: GameView, k: int) -> list[int]:
    ref = p.args[k]
    assert isinstance(ref, Who)
    return view.who(ref)


def _deal(p: Pred, view: GameView, d: int | None) -> Tri:
    inner = p.args[0]
    assert isinstance(inner, Pred | Not | And | Or)
    if d is not None:
        return evaluate(inner, view, d)
    return _any([evaluate(inner, view, k) for k in range(len(view.game.deals))])


def _total(p: Pred, view: GameView, d: int | None) -> Tri:
    score = view.score()
    if d is None:
        totals = score.deals[-1].totals if score.deals else dict.fromkeys(view.seats, 0)
    else:
        totals = score.deals[d].totals
    return any(_cmp(p.op, totals[view.seats[i]], p.value) for i in _seat_arg(p, view))


def _winner(p: Pred, view: GameView, d: int | None) -> Tri:
    winners = view.score().winners
    if p.op is None:
        return bool(winners)
    hit = any(_seat_of(view, w, p) for w in winners)
    return hit if p.op == "==" else not hit


def _findings(view: GameView, d: int | None) -> list[Any]:
    found = view.report().findings
    if d is None:
        return list(found)
    number = view.number(d)
    return [f for f in found if f.deal is None or f.deal == number]


def _finding(p: Pred, view: GameView, d: int | None) -> Tri:
    return any(f.code == p.args[0] for f in _findings(view, d))


def _valid(p: Pred, view: GameView, d: int | None) -> Tri:
    return not any(f.severity == "error" for f in _findings(view, d))


_RANK = {"info": 0, "warning": 1, "error": 2}


def _severity(p: Pred, view: GameView, d: int | None) -> Tri:
    return any(_cmp(p.op, _RANK[f.severity], p.value) for f in _findings(view, d))


def tag_value(game: Game, seats: Sequence[str], name: str) -> str | None:
    """A tag of the game as written, those kept apart by the model too
    (``Rules``, ``Seats``, the player names by seat position)."""
    if name in game.tags:
        return game.tags[name]
    if name == "Rules":
        return game.rules
    if name == "Seats":
        return " ".join(game.seats) if game.seats else None
    from .model import PLAYER_TAGS_4

    if len(seats) == 4 and name in PLAYER_TAGS_4:
        return game.players.get(seats[PLAYER_TAGS_4.index(name)])
    if name[:1] == "P" and name[1:].isdigit() and 1 <= int(name[1:]) <= len(seats):
        return game.players.get(seats[int(name[1:]) - 1])
    return None


def _tag(p: Pred, view: GameView, d: int | None) -> Tri:
    value = tag_value(view.game, view.seats, str(p.args[0]))
    if p.op is None:
        return value is not None
    if value is None:
        return p.op == "!="
    if p.op == "~":
        assert isinstance(p.value, Pattern)
        return p.value.search(value)
    return _cmp(p.op, value, p.value)


def _date(p: Pred, view: GameView, d: int | None) -> Tri:
    want = p.value
    assert isinstance(want, DateValue)
    written = view.game.tags.get("Date")
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
    h = hashlib.blake2b(digest_size=16)
    hands = view.hands(d)
    played = any(t.plays for t in deal.tricks)
    if all(m is None for m in hands.dealt) and not played and not deal.passes:
        h.update(b"sheet %d|" % view.number(d))
        for line in (deal.score, deal.total):
            h.update(b"|" if line is None else
                     b",".join(b"%d" % line.get(s, 0) for s in seats) + b";")
        return h.digest()
    h.update(b"deal %d|" % len(seats))
    for m in hands.dealt:
        h.update(b"?," if m is None else m.to_bytes(7, "big") + b",")
    h.update(b"|")
    for s in seats:
        ps = deal.passes.get(s)
        h.update(b"-," if ps is None else sum(1 << c for c in ps.cards).to_bytes(7, "big") + b",")
    for t in deal.tricks:
        h.update(b"|" + bytes(b for pl in t.plays for b in (idx.get(pl.seat, 255), int(pl.card))))
    return h.digest()


def game_identity(ids: Sequence[bytes]) -> bytes:
    """A game's identity: its deals' identities in order, hashed."""
    h = hashlib.blake2b(digest_size=16)
    h.update(b"game %d|" % len(ids))
    for i in ids:
        h.update(i)
    return h.digest()


def one_deal_game(game: Game, d: int) -> Game:
    """Deal *d* of *game* as a game of its own (``--deals``): the game's
    tags, rules, seats, players and comment, the deal as recorded but for
    its running ``total`` (which belongs to the whole game), no result,
    and the tags :data:`FROM_FILE`, :data:`FROM_GAME`, :data:`FROM_DEAL`
    saying where it comes from."""
    deal = game.deals[d]
    number = deal.number if deal.number is not None else d + 1
    tags = dict(game.tags)
    tags[FROM_FILE] = game.source or "-"
    tags[FROM_GAME] = str(game.index or 1)
    tags[FROM_DEAL] = str(number)
    return dataclasses.replace(game, tags=tags, deals=(dataclasses.replace(deal, total=None),),
                               result=None, errors=())


# A query over games -------------------------------------------------------------------


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

    def view(self, game: Game) -> GameView:
        """A view of *game* for this query."""
        return GameView(game, self.default_rules, self.force_rules,
                        Identity(dict(self.aliases), self.ignore_case),
                        [] if self.explain else None)


@dataclass(frozen=True, slots=True)
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


#: The predicates that read the scores (with them, who took which cards comes free).
_SCORED = frozenset({"moon", "points", "total", "winner"})


def pick(game: Game, query: Query) -> Picked:
    """Run *query* on one game."""
    view = query.view(game)
    n = len(game.deals)
    if query.tree is not None and not _SCORED.isdisjoint(needs(query.tree)):
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
        ids = [deal_identity(game.deals[k], view, k) for k in matched]
    exact = query.identities or query.explain

    def number(k: int) -> int:
        if exact:
            return view.number(k)
        written = game.deals[k].number
        return written if written is not None else k + 1

    chosen = tuple((k, number(k), ids[j] if ids else b"") for j, k in enumerate(matched))
    return Picked(game.source, game.index, game.pos.line if game.pos else None, hit, chosen,
                  game_identity(ids) if query.identities and not query.deals else b"",
                  game if hit and query.keep else None,
                  tuple(view.why or ()), unknown)


def needs(tree: Node | None) -> set[str]:
    """The names of the predicates of a query."""
    return set() if tree is None else {p.name for p in predicates(tree)}


def pick_batch(batch: Any, query: Query) -> list[Picked] | Any:
    """Worker side of ``hearts select``: :func:`pick` on every game of one
    batch (:class:`hearts_notation.io.batches.Batch`), in order; an unreadable
    input comes back as its :class:`~hearts_notation.io.InputError`."""
    from .io.batches import Batch, batch_games
    from .runners.pool import gc_paused

    if not isinstance(batch, Batch):
        return batch.error
    with gc_paused():
        return [pick(game, query) for game in batch_games(batch)]


__all__ = ["FROM_DEAL", "FROM_FILE", "FROM_GAME", "GameView", "Picked", "Query", "Tri",
           "deal_identity", "evaluate", "game_identity", "needs", "one_deal_game", "pick",
           "pick_batch", "tag_value"]
