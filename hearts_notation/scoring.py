"""Points, moons, running totals, the end of the game and the winners.

Scoring is a pure step over the tricks taken, separate from the referee's
replay (ARCHITECTURE.md): :func:`score_game` turns a game into a
:class:`GameScore` (points per deal after the moon rule, running totals,
whether and when the game ended, the winners), and :func:`score_findings`
compares it with what the record says (``score``, ``total``, ``moon`` and
``result`` lines), naming the evidence.  The points of a set of cards, the
moon and the moon's two ways of scoring live in :mod:`hearts_notation.state`
like every other rule; this module adds only what needs the whole game: the
choice under ``moon: choose``, the totals, the target and the tie rule.

Decisions (see ``docs/rules.md``):

* an incomplete deal scores no points (its ``points`` are empty and the
  report says so), and the totals carry on unchanged -- unless it is kept
  as a score sheet (a ``score`` line, the play not or not fully recorded,
  no ``*``): then its recorded line is its points (:mod:`hearts_notation.sheets`
  checks what the rules allow of it);
* under ``moon: choose`` with no ``moon`` line the shooter takes ``add``
  unless ``add`` would end the game with the shooter not among the
  winners, then ``subtract`` (docs/spec.md, section 4.4); when the deal's recorded score
  matches exactly one of the two ways, that one is taken instead, since
  the scorer evidently applied it.  Either way the outcome is ``assumed``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ._compiled import reduce_dataclass
from .cards import cards_of, display_order
from .i18n import Arg, Msg, msg, seats_and, seats_space
from .i18n import seat as _s
from .model import Deal, Finding, Game, Pos, Severity
from .rules import RuleSet
from .state import deal_points, moon_shooter, scoring_cards, trick_winner, winning_card


@dataclass(frozen=True, slots=True)
class MoonOutcome:
    """How a moon was scored: the shooter, ``add`` or ``subtract``, and
    whether the choice was assumed (rules ``choose``, no ``moon`` line)."""

    seat: str
    choice: str
    assumed: bool

    def to_dict(self) -> dict[str, Any]:
        """The shape of docs/spec.md, section 6: ``{"seat": "S", "choice": "add", "assumed": false}``."""
        return {"seat": self.seat, "choice": self.choice, "assumed": self.assumed}

    def __reduce__(self) -> tuple[type, tuple[object, ...]]:
        return reduce_dataclass(self)   # picklable when compiled (hearts_notation._compiled)


@dataclass(frozen=True)
class DealScore:
    """One deal's points (after the moon rule) and the running totals.

    ``points`` is empty for an incomplete deal (it scores nothing);
    ``taken`` holds the cards each seat took, in seat order (bitmasks),
    for messages that name the evidence.
    """

    number: int
    points: dict[str, int]
    moon: MoonOutcome | None
    totals: dict[str, int]
    complete: bool
    taken: tuple[int, ...] = field(default=(), compare=False)
    #: the points are a score sheet's line (:mod:`hearts_notation.sheets`),
    #: not recomputed from tricks
    sheet: bool = False
    #: the deal repeats an earlier one word for word (:func:`pasted_copies`):
    #: its points are not added again, its lines were checked at the original
    copy: bool = False

    @property
    def scored(self) -> bool:
        """Whether the deal has points: played in full, or kept as a sheet."""
        return self.complete or self.sheet

    def to_dict(self) -> dict[str, Any]:
        """One entry of ``deals`` in the report of docs/spec.md, section 6 (``points`` is
        ``null`` for an incomplete deal: it scores no points)."""
        out: dict[str, Any] = {
            "number": self.number,
            "points": dict(self.points) if self.scored else None,
            "moon": None if self.moon is None else self.moon.to_dict(),
            "totals": dict(self.totals),
        }
        if self.sheet:
            out["sheet"] = True
        return out

    def __reduce__(self) -> tuple[type, tuple[object, ...]]:
        return reduce_dataclass(self)   # picklable when compiled (hearts_notation._compiled)


@dataclass(frozen=True)
class GameScore:
    """The scores of a game: every deal, whether the game has ended, the winners.

    ``end`` is the 0-based index of the deal after which the game ended
    (``None`` while it goes on).
    """

    deals: list[DealScore]
    finished: bool
    winners: tuple[str, ...]
    seats: tuple[str, ...] = ()
    end: int | None = None

    def __reduce__(self) -> tuple[type, tuple[object, ...]]:
        return reduce_dataclass(self)   # picklable when compiled (hearts_notation._compiled)

    @property
    def last(self) -> DealScore | None:
        """The deal that adds up last, whose totals are the game's: the
        record's last deal unless deals are recorded out of order
        (:func:`count_order`); ``None`` without a deal."""
        if not self.deals:
            return None
        return self.deals[count_order([d.number for d in self.deals])[-1]]


def deal_is_complete(deal: Deal, rules: RuleSet, seats: Sequence[str]) -> bool:
    """Whether a deal's tricks are all there: one card per seat in each of
    the first ``tricks_per_deal`` tricks, by seats of the game."""
    n = len(seats)
    nt = rules.tricks_per_deal
    if len(deal.tricks) < nt:
        return False
    tricks = deal.tricks[:nt]
    if any(len(t.plays) != n for t in tricks):
        return False
    return {p.seat for t in tricks for p in t.plays} <= set(seats)


def taken_cards(deal: Deal, rules: RuleSet, seats: Sequence[str]) -> list[int]:
    """Cards each seat took in the deal's first ``tricks_per_deal`` complete
    tricks (bitmasks, seat order); trick winners by :func:`hearts_notation.state.trick_winner`."""
    idx = {s: i for i, s in enumerate(seats)}
    taken = [0] * len(seats)
    n = len(seats)
    for trick in deal.tricks[: rules.tricks_per_deal]:
        plays = trick.plays
        if len(plays) != n:
            continue
        cards = [p.card for p in plays]
        w = idx.get(plays[trick_winner(cards)].seat)
        if w is None:
            continue
        m = 0
        for c in cards:
            m |= 1 << c
        taken[w] |= m
    return taken


def compact_taken(index: dict[str, int], n: int, nt: int, names: list[Any],
                  cards: list[int], sizes: list[int]) -> list[int] | None:
    """:func:`taken_cards` of a deal in the compact form
    (:class:`hearts_notation.io.compact.CompactDeal`: the plays as flat lists
    of seat names and card numbers, *sizes* the cards of each trick), *index*
    the game's *n* seats by name: the cards each seat took in the first *nt*
    tricks, or ``None`` when the deal is not complete as
    :func:`deal_is_complete` says (fewer than *nt* tricks, one of them not of
    *n* cards, a seat not of the game).  The winners are
    :func:`hearts_notation.state.winning_card`'s; whether the cards were
    legal does not change them (``hearts select`` asks a deal's scores of
    its tricks alone, without the referee's check, when nothing else is asked).
    The arguments are the compact form's own concrete types (mypyc indexes
    a ``list`` and looks up a ``dict`` directly, a ``Sequence`` or
    ``Mapping`` through the generic protocol); *names* stays ``list[Any]``:
    a JSON play's seat is not checked to be a string before this runs.
    """
    if len(sizes) < nt:
        return None
    taken = [0] * n
    pos = 0
    for k in range(nt):
        if sizes[k] != n:
            return None
        end = pos + n
        m = 0
        for j in range(pos, end):
            m |= 1 << cards[j]
        w = winning_card(cards[pos], m)
        win = -1
        for j in range(pos, end):
            i = index.get(names[j], -1)
            if i < 0:
                return None
            if win < 0 and cards[j] == w:
                win = i
        taken[win] |= m
        pos = end
    return taken


def game_over(rules: RuleSet, totals: Sequence[int]) -> list[int] | None:
    """The winning seat indexes if the game ends with these totals, else ``None``.

    The game ends once a total reaches the target; the lowest total wins.
    Under ``tie: share`` tied lowest totals share the win; under
    ``tie: play-on`` the game goes on until one seat alone is lowest.
    """
    if not totals or max(totals) < rules.target:
        return None
    low = min(totals)
    winners = [i for i, t in enumerate(totals) if t == low]
    if len(winners) > 1 and rules.tie == "play-on":
        return None
    return winners


def line_agrees(recorded: Mapping[str, int], computed: Mapping[str, int]) -> bool:
    """Whether a recorded score or total line gives each seat it names the
    *computed* points (a full line that agrees is one comparison)."""
    return recorded == computed or all(computed.get(s) == v for s, v in recorded.items())


def result_agrees(result: str | Sequence[str], finished: bool, winners: Sequence[str]) -> bool:
    """Whether a declared result says what the scores say: ``*`` while the
    game is not over, its winners (in any order) once it is.  The referee's
    findings and the compact check's clean result are both this test."""
    if result == "*":
        return not finished
    return finished and set(result) == set(winners)


def _recorded_matches(recorded: Mapping[str, int] | None, seats: Sequence[str],
                      points: Sequence[int]) -> bool:
    """Whether a recorded score line names every seat and gives it exactly *points*."""
    computed = dict(zip(seats, points, strict=True))
    return recorded is not None and len(recorded) == len(computed) and line_agrees(recorded, computed)


def moon_ways(deal: Deal, rules: RuleSet, seats: Sequence[str], shooter: int) -> tuple[str, ...]:
    """The ways *deal*'s moon by *shooter* (a seat index) may be scored under
    the rules in force: the rules' (:attr:`RuleSet.moon_ways`); under ``moon:
    choose`` the deal's ``moon`` line when it names the shooter, else both
    (the score line written, if any, then tells which).  The one statement of
    which ways a record allows: scoring and the referee's one-typo search
    (``referee._play_slip``, which asks whether a changed play fits the score
    line) both ask it, so neither accepts a way the rules forbid."""
    if rules.moon == "choose" and deal.moon is not None and deal.moon.seat == seats[shooter]:
        return (deal.moon.choice,)
    return rules.moon_ways


def _moon_choice(deal: Deal, rules: RuleSet, seats: Sequence[str], taken: Sequence[int],
                 shooter: int, totals: Sequence[int]) -> tuple[str, bool]:
    """The way a moon is scored and whether that was assumed."""
    ways = moon_ways(deal, rules, seats, shooter)
    if len(ways) == 1:
        return ways[0], False
    add, _ = deal_points(rules, taken, "add")
    sub, _ = deal_points(rules, taken, "subtract")
    add_ok = _recorded_matches(deal.score, seats, add)
    sub_ok = _recorded_matches(deal.score, seats, sub)
    if add_ok != sub_ok:
        return ("add" if add_ok else "subtract"), True
    return moon_choice(rules, shooter, totals, taken), True


def moon_choice(rules: RuleSet, shooter: int, totals: Sequence[int], taken: Sequence[int]) -> str:
    """How a moon is scored when nothing is recorded: the rules' ``add`` or
    ``subtract``, or under ``moon: choose`` the rule of docs/spec.md, section 4.4 (also the
    shooter's best choice): ``add`` unless adding would end the game with
    the shooter not among the winners, then ``subtract``."""
    if rules.moon != "choose":
        return rules.moon
    add, _ = deal_points(rules, taken, "add")
    after = [t + p for t, p in zip(totals, add, strict=True)]
    winners = game_over(rules, after)
    if winners is not None and shooter not in winners:
        return "subtract"
    return "add"


def count_order(numbers: Sequence[int]) -> list[int]:
    """The indices of a game's deals (of the deal *numbers*, as recorded or
    counted on) in the order they add up to the totals: the order of their
    numbers when each number is recorded once, else the record's.

    A sheet copied with two deals swapped is added up as it was played: its
    ``deal-number`` error says the order is wrong, once, and each total line
    is checked against the deals numbered before it, as the sheet's figures
    were written (docs/decisions.md, "Cut short, swapped, numbered twice").
    Two deals of one number give no order but the record's."""
    n = len(numbers)
    if len(set(numbers)) != n:
        return list(range(n))
    return sorted(range(n), key=numbers.__getitem__)


def pasted_copies(deals: Sequence[Deal]) -> list[int | None]:
    """For each deal, the index of an earlier deal it repeats word for word
    (the same number, hands, passes, tricks and lines: a deal pasted twice),
    else ``None``.

    A copy is counted once: its points are not added to the totals again
    (the sheet's totals after it go on from the original's, as written), and
    the referee tells it once, as a ``deal-number`` error at the copy, not
    also every total it would double.  Only a deal numbered as written is
    one: an unnumbered deal is counted on, so nothing would say it was left
    out."""
    out: list[int | None] = []
    seen: dict[int, list[int]] = {}
    for i, deal in enumerate(deals):
        original: int | None = None
        if deal.number is not None:
            same = seen.setdefault(deal.number, [])
            for j in same:
                if deals[j] == deal:
                    original = j
                    break
            same.append(i)
        out.append(original)
    return out


def score_game(game: Game, rules: RuleSet, seats: Sequence[str] | None = None,
               taken_by_deal: Sequence[list[int] | None] | None = None) -> GameScore:
    """Recompute every deal's points, the running totals (from 0), the end
    of the game and the winners, from the tricks as recorded.

    *seats* defaults to the record's seats, else the rules' default seats.
    *taken_by_deal*, if given, holds for each deal the cards each seat took
    (seat order) when the caller has already replayed its tricks with
    :func:`hearts_notation.state.replay_tricks` (the referee does, for every clean deal),
    or ``None`` for a deal to work out here from its tricks: the same
    masks :func:`taken_cards` gives, without a second pass over the tricks.
    Deals recorded after the end are scored too (the totals go on), but the
    winners are those at the end; the referee reports ``game-continued``.
    The deals add up in :func:`count_order` (``deals`` stays in the
    record's order, ``end`` is a record index).
    """
    names = tuple(seats or game.seats or rules.default_seats)
    n = len(names)
    totals = [0] * n
    finished = False
    winners: tuple[str, ...] = ()
    end: int | None = None
    numbers: list[int] = []
    number = 0
    for deal in game.deals:
        number = deal.number if deal.number is not None else number + 1
        numbers.append(number)
    # (scored in the order the deals add up, kept in the record's: count_order
    # is a permutation of the record's indices)
    scored: dict[int, DealScore] = {}
    copies = pasted_copies(game.deals)
    for i in count_order(numbers):
        deal = game.deals[i]
        number = numbers[i]
        # (a deal the referee replayed in one pass was played in full)
        known = taken_by_deal[i] if taken_by_deal is not None else None
        complete = known is not None or deal_is_complete(deal, rules, names)
        moon: MoonOutcome | None = None
        points: dict[str, int] = {}
        taken: list[int] = []
        sheet = False
        counted: list[int] | None = None
        if complete:
            taken = known if known is not None else taken_cards(deal, rules, names)
            shooter = moon_shooter(rules, taken)
            choice = "add"
            if shooter is not None:
                choice, assumed = _moon_choice(deal, rules, names, taken, shooter, totals)
                moon = MoonOutcome(names[shooter], choice, assumed)
            pts, _ = deal_points(rules, taken, choice)
            counted = list(pts)
        else:
            # A score sheet's line: its points as recorded (hearts_notation.sheets checks them;
            # imported here, for deals not played in full: start-up, issue 22).
            from .sheets import is_sheet_deal, sheet_points

            line = (sheet_points(deal, rules, names, totals) if is_sheet_deal(deal, rules, names)
                    else None)
            if line is not None:
                line_pts, shot = line
                pts = list(line_pts)
                sheet = True
                if shot is not None:
                    moon = MoonOutcome(names[shot[0]], shot[1], False)
                counted = pts
        if counted is not None and copies[i] is not None:
            points = dict(zip(names, counted, strict=True))    # (counted at the original)
        elif counted is not None:
            # points played or recorded count alike towards the totals and the end
            totals = [t + p for t, p in zip(totals, counted, strict=True)]
            points = dict(zip(names, counted, strict=True))
            if not finished:
                w = game_over(rules, totals)
                if w is not None:
                    finished = True
                    winners = tuple(names[k] for k in w)
                    end = i
        scored[i] = DealScore(number, points, moon, dict(zip(names, totals, strict=True)),
                              complete, tuple(taken), sheet, copies[i] is not None)
    return GameScore([scored[i] for i in range(len(numbers))], finished, winners, names, end)


# Comparing with the record ----------------------------------------------------------


def _cards_text(mask: int) -> Arg:
    return ("cards", 52, *(c.text(unicode=True) for c in display_order(cards_of(mask))))


def _where(deal: Deal, key: str) -> Pos | None:
    return deal.where.get(key) or deal.pos


def _finding(code: str, severity: Severity, message: Msg, deal: int | None = None,
             seat: str | None = None, pos: Pos | None = None) -> Finding:
    return Finding(code, severity, message.text(), deal=deal, seat=seat,
                   line=pos.line if pos else None, column=pos.column if pos else None,
                   key=message.key, args=message.args)


def _line_seats(code: str, figures: Mapping[str, int], seats: Sequence[str],
                num: int, pos: Pos | None) -> list[Finding]:
    """What a score or total line (*code* ``score-mismatch`` or
    ``total-mismatch``) gets wrong in its seats, whatever its figures: the
    seats it leaves out (one finding naming them all) and each seat it
    names that the game has not.  Both lines name every seat once, so one
    statement of the rule serves both."""
    found: list[Finding] = []
    missing = [s for s in seats if s not in figures]
    if missing:
        found.append(_finding(code, "error",
                              msg(f"finding.{code}.missing", deal=num,
                                  who=("comma", *(_s(x) for x in missing)),
                                  seats=seats_space(seats)), num, None, pos))
    for seat in figures:
        if seat not in seats:
            found.append(_finding(code, "error",
                                  msg(f"finding.{code}.seat", seat=_s(seat),
                                      seats=seats_space(seats)), num, seat, pos))
    return found


def _taken_text(rules: RuleSet, taken: int) -> Arg:
    """What a seat took that scores: ``"3♥ 5♥ Q♠"`` or ``"no penalty card"``."""
    m = taken & scoring_cards(rules)
    return _cards_text(m) if m else msg("score.no_penalty_card").arg()


def _points_why(rules: RuleSet, ds: DealScore, seat_i: int, seat: str) -> Arg:
    """Evidence for a seat's points in a deal."""
    pts = ds.points[seat]
    if ds.moon is not None:
        if ds.moon.seat == seat:
            return msg("score.why.shot_assumed" if ds.moon.assumed else "score.why.shot", seat=_s(seat),
                       choice=("moon", ds.moon.choice), pts=pts).arg()
        return msg("score.why.other_shot", shooter=_s(ds.moon.seat), choice=("moon", ds.moon.choice),
                   seat=_s(seat), pts=pts).arg()
    return msg("score.why.took.#pts", seat=_s(seat), pts=pts,
               cards=_taken_text(rules, ds.taken[seat_i])).arg()


def score_findings(game: Game, rules: RuleSet, score: GameScore) -> list[tuple[int, int, Finding]]:
    """The record's ``score``, ``total``, ``moon`` and ``result`` lines
    against the recomputed scores, as ``(deal index, order, finding)``:
    order 0 goes before the referee's findings for that deal, 1 after
    (the referee merges them; game-level findings carry the index
    ``len(game.deals)``).

    Totals are checked against the previous *recorded* total where there is
    one (else the recomputed one) plus this deal's points, so a wrong
    number is reported once, at the deal where it appears, not again at
    every later deal.  Where a check cannot be made (an incomplete deal, a
    total after one) the finding is an ``info``, never a false error.
    """
    seats = score.seats
    idx = {s: i for i, s in enumerate(seats)}
    out: list[tuple[int, int, Finding]] = []
    if any(d.score is None and d.total is not None for d in game.deals):
        # a score sheet's deals kept by their running totals alone: checked by
        # hearts_notation.sheets on the points these totals give them
        from .sheets import totals_sheet_findings

        befores = [[d.totals[s] - (0 if d.copy else d.points.get(s, 0)) for s in seats]
                   for d in score.deals]
        out.extend(totals_sheet_findings(game, rules, seats, befores,
                                         {i for i, d in enumerate(score.deals) if d.copy}))
    anchor: list[int | None] = [0] * len(seats)   # last total known for sure, per seat
    # The recomputed total, per seat, after a recorded total found wrong: the
    # next total may go on from either (a mistyped total, or the sheet's own
    # sum carried on), so one wrong figure is one finding (docs/decisions.md).
    alt: list[int | None] = [None] * len(seats)
    unknown_why: Arg = ""                          # why an anchor was lost
    order = count_order([ds.number for ds in score.deals])
    first = score.deals[order[0]].number if score.deals else 1
    if first > 1:
        # An excerpt: the deals before the first one recorded are missing.
        anchor = [None] * len(seats)
        unknown_why = msg("score.why.before", deal=first).arg()
    after_end = order[order.index(score.end) + 1] if (
        score.end is not None and score.end != order[-1]) else None
    for i in order:
        deal, ds = game.deals[i], score.deals[i]
        num = ds.number
        if ds.copy:     # (its lines are the original's, checked there; the anchors stay)
            continue
        if i == after_end:
            assert score.end is not None
            end_ds = score.deals[score.end]
            top = max(end_ds.totals.items(), key=lambda kv: kv[1])
            extra = len(game.deals) - order.index(i)
            out.append((i, 0, _finding(
                "game-continued", "error",
                msg("finding.game-continued.one" if extra == 1 else "finding.game-continued.other",
                    end=end_ds.number, top=_s(top[0]), total=top[1],
                    winners=_winners_text(score.winners, end_ds.totals), deal=num, k=extra),
                deal=num, pos=deal.pos)))
        # A deal played in full whose recorded lines agree (the common case):
        # nothing to say, the anchors move on.
        pts = ds.points
        total = deal.total
        if deal.moon is None and ds.complete and (deal.score is None or (
                len(deal.score) == len(seats) and line_agrees(deal.score, pts))):
            if total is None or (len(total) == len(seats) and None not in anchor and all(
                    total.get(s) == a + pts[s] for a, s in zip(anchor, seats, strict=True))):  # type: ignore[operator]
                anchor = [None if a is None else a + pts[s] for a, s in zip(anchor, seats, strict=True)]
                alt = [None] * len(seats)
                continue
        # moon (a sheet deal's score and moon lines: hearts_notation.sheets)
        if deal.moon is not None and not ds.sheet:
            m = deal.moon
            pos = m.pos or _where(deal, "moon")
            if m.seat not in idx:
                out.append((i, 1, _finding("moon-choice", "error",
                                           msg("finding.moon-choice.seat", seat=_s(m.seat),
                                               seats=seats_space(seats)), num, m.seat, pos)))
            elif not ds.complete:
                out.append((i, 1, _finding("moon-choice", "info",
                                           msg("finding.moon-choice.incomplete", deal=num,
                                               seat=_s(m.seat)), num, m.seat, pos)))
            elif ds.moon is None or ds.moon.seat != m.seat:
                who = (msg("score.moon.nobody", card=("card", "Q♠")) if ds.moon is None
                       else msg("score.moon.took_all", seat=_s(ds.moon.seat), card=("card", "Q♠")))
                out.append((i, 1, _finding("moon-choice", "error",
                                           msg("finding.moon-choice.no_moon", seat=_s(m.seat), deal=num,
                                               who=who.arg()),
                                           num, m.seat, pos)))
            elif rules.moon != "choose" and m.choice != rules.moon:
                out.append((i, 1, _finding(
                    "moon-choice", "error",
                    msg("finding.moon-choice.no_choice", moon=rules.moon, seat=_s(m.seat),
                        seat2=_s(m.seat), choice=("moon", m.choice)), num, m.seat, pos)))
        # score line
        if deal.score is not None and not ds.sheet:
            pos = _where(deal, "score")
            if not ds.complete:
                out.append((i, 1, _finding("score-mismatch", "info",
                                           msg("finding.score-mismatch.incomplete", deal=num),
                                           num, None, pos)))
            else:
                # A played deal's score line names every seat, as a total
                # line does: a seat left out is a figure the record lacks.
                out.extend((i, 1, f) for f in _line_seats("score-mismatch", deal.score, seats,
                                                          num, pos))
                for seat, rec in deal.score.items():
                    if seat not in idx:
                        continue
                    comp = ds.points[seat]
                    if rec != comp:
                        out.append((i, 1, _finding(
                            "score-mismatch", "error",
                            msg("finding.score-mismatch", seat=_s(seat), deal=num, rec=rec,
                                why=_points_why(rules, ds, idx[seat], seat)), num, seat, pos)))
        # totals
        wrong: set[int] = set()     # the seats whose recorded total is found wrong
        if deal.total is not None:
            pos = _where(deal, "total")
            out.extend((i, 1, f) for f in _line_seats("total-mismatch", deal.total, seats,
                                                      num, pos))
            for seat, rec in deal.total.items():
                if seat not in idx:
                    continue
                k = idx[seat]
                base = anchor[k]
                add: int | None
                if ds.scored:
                    add = ds.points[seat]
                elif deal.score is not None and seat in deal.score:
                    add = deal.score[seat]
                else:
                    add = None
                if base is None or add is None:
                    why = msg("score.why.incomplete", deal=num).arg() if add is None else unknown_why
                    out.append((i, 1, _finding("total-mismatch", "info",
                                               msg("finding.total-mismatch.unknown", seat=_s(seat),
                                                   deal=num, why=why), num, seat, pos)))
                elif rec != base + add and (alt[k] is None or rec != alt[k] + add):  # type: ignore[operator]
                    wrong.add(k)
                    sum_text = f"{base} + {add}" if add >= 0 else f"{base} - {-add}"
                    out.append((i, 1, _finding(
                        "total-mismatch", "error",
                        msg("finding.total-mismatch", seat=_s(seat), deal=num, rec=rec, sum=sum_text,
                            total=base + add), num, seat, pos)))
        # move the anchors on
        for seat, k in idx.items():
            recorded_total = deal.total.get(seat) if deal.total is not None else None
            before, alt[k] = anchor[k], None
            if recorded_total is not None:
                anchor[k] = recorded_total
                if k in wrong and before is not None and ds.scored:
                    alt[k] = before + ds.points[seat]
            elif anchor[k] is None:
                continue
            elif ds.scored:
                anchor[k] = anchor[k] + ds.points[seat]  # type: ignore[operator]
            elif deal.score is not None and seat in deal.score:
                anchor[k] = anchor[k] + deal.score[seat]  # type: ignore[operator]
            else:
                anchor[k] = None
                unknown_why = msg("score.why.incomplete_no_total", deal=num).arg()
    out.extend((len(game.deals), 1, f) for f in _result_findings(game, rules, score))
    return out


def _winners_text(winners: Sequence[str], totals: Mapping[str, int]) -> Arg:
    if not winners:
        return msg("score.winners.none").arg()
    low = totals[winners[0]]
    if len(winners) == 1:
        return msg("score.winners.one", who=_s(winners[0]), total=low).arg()
    return msg("score.winners.share", who=seats_and(winners), total=low).arg()


def _result_findings(game: Game, rules: RuleSet, score: GameScore) -> list[Finding]:
    result = game.result
    if result is None:
        return []
    pos = game.where.get("result") or (game.deals[-1].pos if game.deals else game.pos)
    seats = score.seats
    declared: Arg = "*" if result == "*" else seats_space(result)
    # Totals are sure only if every deal up to the end (or to the last one) scored
    # (in the order the deals add up: count_order).
    order = count_order([d.number for d in score.deals])
    counted = [score.deals[i] for i in order]
    upto = order.index(score.end) if score.end is not None else len(counted) - 1
    unsure = [d.number for d in counted[: upto + 1] if not d.scored]
    last_unfinished = bool(counted) and not counted[-1].scored and score.end is None
    if last_unfinished and unsure and unsure[-1] == counted[-1].number:
        unsure = unsure[:-1]
    if unsure:
        return [_finding("result-mismatch", "info",
                         msg("finding.result-mismatch.incomplete", declared=declared, deal=unsure[0]),
                         pos=pos)]
    if counted and counted[0].number > 1:
        return [_finding("result-mismatch", "info",
                         msg("finding.result-mismatch.before", declared=declared,
                             deal=counted[0].number), pos=pos)]
    if result != "*":
        bad = [s for s in result if s not in seats]
        if bad:
            return [_finding("result-mismatch", "error",
                             msg("finding.result-mismatch.seat", who=("comma", *map(_s, bad)),
                                 seats=seats_space(seats)), pos=pos)]
    if result_agrees(result, score.finished, score.winners):
        return []
    last = score.deals[score.end] if score.end is not None else score.last
    totals = last.totals if last is not None else {s: 0 for s in seats}
    if score.finished:
        assert score.end is not None
        ended = score.deals[score.end].number
        if result == "*":
            return [_finding("result-mismatch", "error",
                             msg("finding.result-mismatch.unfinished", deal=ended,
                                 winners=_winners_text(score.winners, totals)), pos=pos)]
        return [_finding("result-mismatch", "error",
                         msg("finding.result-mismatch.ended", declared=declared, deal=ended,
                             winners=_winners_text(score.winners, totals)), pos=pos)]
    top = max(totals.values()) if totals else 0
    if top >= rules.target:
        why = msg("score.why.tied", low=min(totals.values()))
    else:
        leader = max(totals.items(), key=lambda kv: kv[1])[0] if totals else "-"
        why = msg("score.why.not_reached", target=rules.target, leader=_s(leader), top=top)
    return [_finding("result-mismatch", "error",
                     msg("finding.result-mismatch.not_over", declared=declared, why=why.arg()), pos=pos)]


__all__ = [
    "DealScore",
    "GameScore",
    "MoonOutcome",
    "compact_taken",
    "deal_is_complete",
    "game_over",
    "line_agrees",
    "result_agrees",
    "score_findings",
    "score_game",
    "taken_cards",
]
