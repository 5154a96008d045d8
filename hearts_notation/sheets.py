"""Score sheets: deals kept as a line of points, without the cards.

Most games of Hearts are kept on paper as one line of points per deal and
a running total, nothing about the tricks.  Such a deal is a record like
any other: a deal with a ``score`` line whose play is not complete (no
tricks at all, or some of them) and that is not declared unfinished
(``*``) is a **sheet deal**.  Its recorded points are taken as its points
(:func:`sheet_points`, used by :func:`hearts_notation.scoring.score_game`
for the totals, the end of the game and the winners), and what the rules
allow a line of points to be is checked here (:func:`club_findings`):

* the points of a deal add up to what the deck hands out (26 with hearts
  and Q♠; with J♦ worth -10, 16; less with hearts removed for 3, 5 or 6
  players), or to what a moon hands out;
* a moon is one seat with every penalty point before the moon rule, and
  after it exactly the line the preset's ``moon`` option makes;
* each seat's figure is one a deal can give.

Nothing here knows what a card is worth: every figure comes from the
engine's own scoring (:func:`state.raw_points`, :func:`state.deal_points`)
applied to the cards of the rule set's deck, so a new preset or a changed
rule gives new sheet checks without a second copy of the points rules.
The running totals, the end of the game and the winner are checked by
:mod:`hearts_notation.scoring` as for played deals, once the sheet deals
count.

The same hook reports a player named at two seats of one game
(``player-conflict``), after the normalisation of :mod:`hearts_notation.players`.
"""

from __future__ import annotations

import functools
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, replace
from itertools import combinations, product

from .cards import HEARTS_MASK, JACK_OF_DIAMONDS, QS_BIT
from .i18n import Arg, Msg, msg, numbers_and, seats_space
from .model import PLAYER_TAGS_4, Deal, Finding, Game, Pos
from .rules import RuleSet
from .state import deal_points, penalty_cards, penalty_total, raw_points

#: Finding codes this module reports (documented in docs/findings.md).
SHEET_CODES: tuple[str, ...] = ("sheet-sum", "sheet-moon", "sheet-points", "sheet-unchecked",
                                "player-conflict")


@dataclass(frozen=True)
class SheetShapes:
    """What a line of points may be under one rule set, worked out by the
    engine's scoring from the deck (see the module docstring).

    ``total``: the points a deal hands out without a moon; ``moons``: every
    line a moon gives after the moon rule, with the shooter and the way it
    was scored, for the ways the rules allow; ``other_moons``: the same for
    the way they do not allow (``subtract`` under ``moon: add``);
    ``raw_moons``: a moon written before the moon rule (the shooter with
    every penalty point).  ``heart``, ``queen``, ``jack`` are the values of
    one heart, Q♠ and J♦ (0 when out of play), ``hearts`` the hearts in play.
    """

    seats: int
    total: int
    penalty: int
    heart: int
    hearts: int
    queen: int
    jack: int
    moons: Mapping[tuple[int, ...], tuple[int, str]]
    other_moons: Mapping[tuple[int, ...], tuple[int, str]]
    raw_moons: Mapping[tuple[int, ...], int]
    #: ``no_trick_bonus``: what a seat that took no trick scores in a deal without a moon
    no_trick: int = 0

    def with_bonus(self, line: Sequence[int]) -> bool:
        """Whether *line* is a deal without a moon in which some seats took
        no trick and scored ``no_trick_bonus`` (OpenSpiel's
        ``avoid_all_tricks_bonus``): each choice of such seats among those
        whose figure is the bonus, at least one seat left to take the tricks."""
        if not self.no_trick:
            return False
        candidates = [s for s, v in enumerate(line) if v == self.no_trick]
        for k in range(1, min(len(candidates), self.seats - 1) + 1):
            for idle in combinations(candidates, k):
                base = [0 if s in idle else v for s, v in enumerate(line)]
                if self.possible(base, idle):
                    return True
        return False

    def moon_sums(self) -> list[int]:
        """What a moon line adds up to, under the ways the rules allow."""
        return sorted({sum(line) for line in self.moons})

    def possible(self, line: Sequence[int], idle: Collection[int] = ()) -> bool:
        """Whether some play of the cards gives *line* without a moon: each
        seat's figure is whole hearts, plus Q♠ for one seat and J♦ for one
        seat, and no seat holds every penalty card.  The seats of *idle*
        took no trick (``no_trick_bonus``): their figure, bonus taken off,
        is 0 and they hold no card."""
        n = self.seats
        if sum(line) != self.total or self.heart <= 0:
            return False
        queens: Sequence[int | None] = [s for s in range(n) if s not in idle] if self.queen else (None,)
        jacks: Sequence[int | None] = [s for s in range(n) if s not in idle] if self.jack else (None,)
        for q, j in product(queens, jacks):
            hearts = 0
            ok = True
            for s, v in enumerate(line):
                if s in idle:
                    if v:
                        ok = False
                        break
                    continue
                r = v - (self.queen if s == q else 0) - (self.jack if s == j else 0)
                if r < 0 or r % self.heart or r // self.heart > self.hearts:
                    ok = False
                    break
                if s == q and r // self.heart == self.hearts:
                    ok = False      # every heart and Q♠: a moon, not this line
                    break
                hearts += r // self.heart
            if ok and hearts == self.hearts:
                return True
        return False


@functools.lru_cache(maxsize=64)
def sheet_shapes(rules: RuleSet) -> SheetShapes:
    """The lines of points *rules* allow (cached per rule set)."""
    n = rules.players
    deck = rules.deck_mask
    need = penalty_cards(rules)
    jd_bit = 1 << JACK_OF_DIAMONDS
    jack = raw_points(rules, jd_bit) if deck & jd_bit else 0
    heart_bits = deck & HEARTS_MASK
    heart = raw_points(rules, heart_bits & -heart_bits) if heart_bits else 0
    queen = raw_points(rules, QS_BIT) if deck & QS_BIT else 0
    ways = rules.moon_ways
    moons: dict[tuple[int, ...], tuple[int, str]] = {}
    other: dict[tuple[int, ...], tuple[int, str]] = {}
    raw: dict[tuple[int, ...], int] = {}
    holders: Sequence[int | None] = range(n) if jack else (None,)
    for shooter, holder in product(range(n), holders):
        taken = [0] * n
        taken[shooter] = need
        if holder is not None:
            taken[holder] |= jd_bit
        raw.setdefault(tuple(raw_points(rules, t) for t in taken), shooter)
        for way in ("add", "subtract"):
            line = tuple(deal_points(rules, taken, way)[0])
            (moons if way in ways else other).setdefault(line, (shooter, way))
    return SheetShapes(n, raw_points(rules, deck), penalty_total(rules), heart,
                       heart_bits.bit_count(), queen, jack, moons, other, raw, rules.no_trick_bonus)


# Which deals are sheet deals ---------------------------------------------------------------


def played_in_full(deal: Deal, rules: RuleSet, seats: Sequence[str]) -> bool:
    """Whether every trick of the deal is there with one card per seat."""
    nt = rules.tricks_per_deal
    n = len(seats)
    return len(deal.tricks) >= nt and all(len(t.plays) == n for t in deal.tricks[:nt])


def totals_only(deal: Deal, seats: Sequence[str]) -> bool:
    """A deal kept by its running ``total`` line alone: no ``score`` line,
    nothing of the play, a figure for every seat.  Many clubs write only
    the running totals; the deal's points are its total less the one
    before (:func:`sheet_points`)."""
    return (deal.score is None and deal.total is not None and not has_play(deal)
            and set(deal.total) == set(seats))


def is_sheet_deal(deal: Deal, rules: RuleSet, seats: Sequence[str]) -> bool:
    """A deal kept by its ``score`` line (or its running ``total`` line
    alone, :func:`totals_only`): the line is there, the play is not
    complete, and the deal is not declared unfinished (``*``)."""
    if deal.unfinished:
        return False
    if deal.score is None:
        return totals_only(deal, seats)
    return not played_in_full(deal, rules, seats)


def has_play(deal: Deal) -> bool:
    """Whether anything of the play is recorded (hands, passes, tricks)."""
    return bool(deal.tricks or deal.passes or any(h is not None for h in deal.hands.values()))


def cards_unrecorded(deal: Deal, rules: RuleSet, seats: Sequence[str]) -> bool:
    """A deal kept by its score line alone, nothing of its play written
    (no hand, pass or trick): the commands that work on the cards (hint,
    position, solve) say so once, rather than take it for a deal stopped
    before its passes."""
    return is_sheet_deal(deal, rules, seats) and not has_play(deal)


def sheet_line(deal: Deal, seats: Sequence[str]) -> tuple[int, ...] | None:
    """The deal's score line in seat order, if it gives every seat and no other."""
    score = deal.score
    if score is None or set(score) != set(seats):
        return None
    return tuple(score[s] for s in seats)


def sheet_points(deal: Deal, rules: RuleSet, seats: Sequence[str],
                 before: Sequence[int] | None = None
                 ) -> tuple[tuple[int, ...], tuple[int, str] | None] | None:
    """The points of a sheet deal as recorded, and the moon they show
    (shooter index and way) if the line is a moon line the rules allow;
    ``None`` if the line does not give one figure per seat.  A deal kept
    by its running total alone (:func:`totals_only`) scores its total less
    *before*, the running totals before it (seat order)."""
    line = sheet_line(deal, seats)
    if line is None and before is not None and deal.total is not None and totals_only(deal, seats):
        line = tuple(deal.total[s] - b for s, b in zip(seats, before, strict=True))
    if line is None or len(seats) != rules.players:
        return None
    return line, sheet_shapes(rules).moons.get(line)


def sheet_play_findings(deal: Deal, findings: list[Finding]) -> list[Finding]:
    """The referee's findings on a sheet deal's play.  A deal with no play
    at all has nothing to say about hands and passes that were never meant
    to be written (one ``sheet-unchecked`` per game says so).  A play
    recorded in part is checked card by card as usual, and its missing
    tricks are an ``info``, not an error: the points come from the score
    line."""
    if not has_play(deal):
        return [f for f in findings if f.severity != "info" and f.code != "incomplete-deal"]
    out: list[Finding] = []
    for f in findings:
        if f.code == "incomplete-deal":
            done = len([t for t in deal.tricks if t.plays])
            m = msg("finding.sheet.part.#k", deal=f.deal or 0, k=done)
            f = replace(f, severity="info", message=m.text(), key=m.key, args=m.args)
        out.append(f)
    return out


# The checks ---------------------------------------------------------------------------------


def _finding(code: str, severity: str, message: Msg, deal: int | None, pos: Pos | None,
             seat: str | None = None) -> Finding:
    return Finding(code, severity, message.text(), deal=deal, seat=seat,  # type: ignore[arg-type]
                   line=pos.line if pos else None, column=pos.column if pos else None,
                   key=message.key, args=message.args)


def _line_text(seats: Sequence[str], line: Sequence[int]) -> Arg:
    return ("comma", *(("space", ("seat", s), v) for s, v in zip(seats, line, strict=True)))


def _moon_text(seats: Sequence[str], shapes: SheetShapes, shooter: int, rules: RuleSet) -> Arg:
    """The lines a moon by *shooter* may be written as under the rules."""
    both = rules.moon == "choose"
    options: list[Arg] = [("space", _line_text(seats, line), ("paren", ("moon", way))) if both
                          else _line_text(seats, line)
                          for line, (s, way) in shapes.moons.items() if s == shooter]
    return ("or", *dict.fromkeys(options))


def _numbers(ns: Sequence[int]) -> Arg:
    return numbers_and(ns)


def deal_sheet_findings(deal: Deal, number: int, rules: RuleSet, seats: Sequence[str],
                        before: Sequence[int] | None = None, whole_lines: bool = False) -> list[Finding]:
    """What is wrong with one sheet deal's score line (and ``moon`` line).

    *whole_lines*: another deal of the record has a figure for every seat,
    so that a line with one seat left out is a zero the scorer forgot to
    write (told with the ``0`` that makes the line read), not a game of
    three players the record does not declare.

    A deal kept by its running total alone (:func:`totals_only`) is checked
    on the points it gives, its total less *before* (the running totals
    before it): each finding is then told at the total line, saying the
    points were worked out from the totals, so that a total written wrong
    is found at the line where it is written and by how much."""
    if deal.score is None and before is not None and deal.total is not None:
        derived = {s: deal.total[s] - b for s, b in zip(seats, before, strict=True)}
        tpos = deal.where.get("total") or deal.pos
        found = deal_sheet_findings(replace(deal, score=derived), number, rules, seats)
        told: list[Finding] = []
        for f in found:
            inner = Msg(f.key, tuple(f.args)) if f.key else None
            if inner is None:
                told.append(f)
                continue
            m = msg("finding.sheet.from_totals", what=inner.arg(), deal=number,
                    line=_line_text(seats, [derived[s] for s in seats]))
            # (what the line says is told at the total line; a moon line's
            # finding stays at the moon line)
            at_line = deal.pos is None or (f.line, f.column) == (deal.pos.line, deal.pos.column)
            told.append(replace(f, message=m.text(), key=m.key, args=m.args,
                                line=tpos.line if tpos and at_line else f.line,
                                column=tpos.column if tpos and at_line else f.column))
        return told
    pos = deal.where.get("score") or deal.pos
    score = deal.score or {}
    out: list[Finding] = []
    strangers = [s for s in score if s not in seats]
    missing = [s for s in seats if s not in score]
    if strangers or missing:
        parts: list[Arg] = []
        if missing:
            parts.append(msg("sheet.no_figure", who=("comma", *(("seat", x) for x in missing))).arg())
        if strangers:
            parts.append(msg("sheet.stranger", who=("comma", *(("seat", x) for x in strangers))).arg())
        line_seats = [s for s in seats if s in score]
        if not strangers and whole_lines and len(missing) == 1:
            filled = {s: score.get(s, 0) for s in seats}
            if not deal_sheet_findings(replace(deal, score=filled), number, rules, seats):
                # (« marque N 13 S 8 O 5 »: Hervé took nothing and the
                # secretary left his box empty; the 0 makes the line read)
                out.append(_finding("sheet-points", "error",
                                    msg("finding.sheet-points.zero", deal=number,
                                        seat=("seat", missing[0]), letter=("letter", missing[0]),
                                        line=_line_text(seats, [filled[s] for s in seats])),
                                    number, pos, missing[0]))
                return out
        if not strangers and len(seats) == 4 and len(line_seats) == 3:
            # Three figures on a four-seat sheet: most likely a game of three
            # whose record does not say so.
            out.append(_finding("sheet-points", "error",
                                msg("finding.sheet-points.line.three", deal=number,
                                    parts=("and", *parts), seats=seats_space(seats),
                                    letters=" ".join(line_seats)),
                                number, pos))
            return out
        out.append(_finding("sheet-points", "error",
                            msg("finding.sheet-points.line", deal=number, parts=("and", *parts),
                                seats=seats_space(seats)),
                            number, pos))
        return out
    shapes = sheet_shapes(rules)
    line = tuple(score[s] for s in seats)
    moon = shapes.moons.get(line)
    recorded = deal.moon
    if moon is not None:
        shooter, way = moon
        if recorded is not None:
            mpos = recorded.pos or deal.where.get("moon") or pos
            if recorded.seat != seats[shooter]:
                out.append(_finding("moon-choice", "error",
                                    msg("finding.sheet.moon_names", seat=("seat", recorded.seat),
                                        deal=number, shooter=("seat", seats[shooter]),
                                        way=("moon", way)),
                                    number, mpos, recorded.seat))
            elif recorded.choice != way:
                out.append(_finding("moon-choice", "error",
                                    msg("finding.sheet.moon_way", seat=("seat", recorded.seat),
                                        choice=("moon", recorded.choice), deal=number,
                                        way=("moon", way),
                                        lines=_moon_text(seats, shapes, shooter, rules)),
                                    number, mpos, recorded.seat))
        return out
    if line in shapes.raw_moons:
        shooter = shapes.raw_moons[line]
        out.append(_finding("sheet-moon", "error",
                            msg("finding.sheet-moon.raw", seat=("seat", seats[shooter]),
                                penalty=shapes.penalty, deal=number, moon=("moon", rules.moon),
                                lines=_moon_text(seats, shapes, shooter, rules)),
                            number, pos, seats[shooter]))
        return out
    if line in shapes.other_moons:
        shooter, way = shapes.other_moons[line]
        out.append(_finding("sheet-moon", "error",
                            msg("finding.sheet-moon.other", deal=number, seat=("seat", seats[shooter]),
                                way=("moon", way), moon=("moon", rules.moon),
                                lines=_moon_text(seats, shapes, shooter, rules)),
                            number, pos, seats[shooter]))
        return out
    if recorded is not None:
        out.append(_finding("moon-choice", "error",
                            msg("finding.sheet.not_moon", seat=("seat", recorded.seat), deal=number,
                                line=_line_text(seats, line)),
                            number, recorded.pos or deal.where.get("moon") or pos, recorded.seat))
    total = sum(line)
    if shapes.with_bonus(line):
        return out
    if total in shapes.moon_sums() and total != shapes.total:
        shooter = min(range(len(seats)), key=lambda k: line[k])
        out.append(_finding("sheet-moon", "error",
                            msg("finding.sheet-moon.sum", deal=number, total=total,
                                seat=("seat", seats[shooter]),
                                lines=_moon_text(seats, shapes, shooter, rules)),
                            number, pos))
    elif total != shapes.total:
        moon_sums = [s for s in shapes.moon_sums() if s != shapes.total]
        alt: Arg = msg("sheet.after_moon", sums=_numbers(moon_sums)).arg() if moon_sums else ""
        out.append(_finding("sheet-sum", "error",
                            msg("finding.sheet-sum", deal=number, total=total, want=shapes.total,
                                alt=alt, off=f"{total - shapes.total:+d}"),
                            number, pos))
    elif not shapes.possible(line):
        out.append(_finding("sheet-points", "error",
                            msg("finding.sheet-points", deal=number, line=_line_text(seats, line),
                                total=shapes.total, range=_why_impossible(shapes, line)),
                            number, pos))
    return out


def _why_impossible(shapes: SheetShapes, line: Sequence[int]) -> Arg:
    """Why no play gives *line* (which adds up): a figure out of what a seat
    may score, else Q♠'s points that no figure can hold (every figure is
    below them), else what a seat may score."""
    top = shapes.penalty - shapes.heart
    low = min(0, shapes.jack)
    high = top + max(0, shapes.jack)
    if any(v < low or v > high for v in line):
        return _range_text(shapes)
    jacks = (0, shapes.jack) if shapes.jack else (0,)
    if shapes.queen and not any(v - shapes.queen - j >= 0 for v in line for j in jacks):
        return msg("sheet.why.queen", n=shapes.queen, card=("card", "Q♠")).arg()
    return _range_text(shapes)


def _range_text(shapes: SheetShapes) -> Arg:
    """What a seat may score in a deal without a moon."""
    top = shapes.penalty - shapes.heart
    if shapes.jack:
        return msg("sheet.range.jack", top=top, jack=f"{shapes.jack:+d}", card=("card", "J♦")).arg()
    return msg("sheet.range", top=top).arg()


def player_conflicts(game: Game, key: object = None) -> list[Finding]:
    """One finding per player named at two seats of the game (names
    compared after normalisation, and through *key*, a
    :class:`hearts_notation.players.Identity`, when given)."""
    from .players import Identity

    ident = key if isinstance(key, Identity) else Identity()
    seen: dict[str, str] = {}
    out: list[Finding] = []
    order = list(game.seat_names)
    for seat, name in game.players.items():
        k = ident.key(name)
        if not k:
            continue
        if k in seen:
            k_seat = order.index(seat) if seat in order else 0
            tag = PLAYER_TAGS_4[k_seat] if len(order) == 4 else f"P{k_seat + 1}"
            pos = game.where.get(f"player:{seat}") or game.where.get(tag) or game.pos
            out.append(_finding("player-conflict", "error",
                                msg("finding.player-conflict", name=ident.display(k),
                                    seat=("seat", seen[k]), name1=repr(game.players[seen[k]]),
                                    seat2=("seat", seat), name2=repr(name)),
                                None, pos, seat))
        else:
            seen[k] = seat
    return out


def tag_findings(game: Game) -> list[Finding]:
    """A ``tag-name`` warning for each tag whose name is a known tag
    mistyped (``[Evnet "..."]``): the tag is kept as the record's own, so
    the event, the date or the player it meant would silently go missing."""
    from .io.hrn.words import PLAYER_LIST_TAGS, misspelt_tag

    out: list[Finding] = []
    for name in game.tags:
        word = misspelt_tag(name)
        if word is None:
            continue
        message = (msg("finding.tag-name.players", name=name) if name.lower() in PLAYER_LIST_TAGS
                   else msg("finding.tag-name", name=name, word=word))
        out.append(_finding("tag-name", "warning", message, None, game.where.get(name) or game.pos))
    return out


def _total_slips(game: Game, rules: RuleSet, seats: Sequence[str], befores: Sequence[Sequence[int]],
                 copies: Collection[int] = ()) -> dict[int, Finding | None]:
    """One running total written wrong on a sheet of totals alone, told
    once at its line with the seat and by how much.

    A total *d* too many makes its deal hand out *d* too many and the next
    deal *d* too few.  When two deals kept by their totals follow each other
    so, and exactly one seat's total, *d* less, makes both deals lines that
    a deal gives, that total is the slip: one finding at its line (keyed by
    the deal's index), and none for the next deal (``None``)."""
    shapes = sheet_shapes(rules)
    deals = game.deals
    out: dict[int, Finding | None] = {}

    def fine(line: Sequence[int]) -> bool:
        return tuple(line) in shapes.moons or shapes.possible(line)

    numbers: list[int] = []
    number = 0
    for deal in deals:
        number = deal.number if deal.number is not None else number + 1
        numbers.append(number)
    for i in range(len(deals) - 1):
        a, b = deals[i], deals[i + 1]
        if i in out or i in copies or i + 1 in copies or a.total is None or b.total is None or not (
                totals_only(a, seats) and totals_only(b, seats)) or a.unfinished or b.unfinished:
            continue
        la = [a.total[x] - v for x, v in zip(seats, befores[i], strict=True)]
        lb = [b.total[x] - v for x, v in zip(seats, befores[i + 1], strict=True)]
        d = sum(la) - shapes.total
        if d == 0 or sum(lb) - shapes.total != -d:
            continue
        fixes = [k for k in range(len(seats))
                 if fine([v - d if j == k else v for j, v in enumerate(la)])
                 and fine([v + d if j == k else v for j, v in enumerate(lb)])]
        if len(fixes) != 1:
            continue
        k = fixes[0]
        pos = a.where.get("total") or a.pos
        out[i] = _finding("sheet-sum", "error",
                          msg("finding.sheet.total_slip", seat=("seat", seats[k]), deal=numbers[i],
                              off=f"{d:+d}", written=a.total[seats[k]], fixed=a.total[seats[k]] - d,
                              total=sum(la), next=numbers[i + 1], total2=sum(lb), want=shapes.total),
                          numbers[i], pos, seats[k])
        out[i + 1] = None
    return out


def totals_sheet_findings(game: Game, rules: RuleSet, seats: Sequence[str],
                          befores: Sequence[Sequence[int]], copies: Collection[int] = ()
                          ) -> list[tuple[int, int, Finding]]:
    """The sheet checks of the deals kept by their running totals alone
    (:func:`totals_only`), as ``(deal index, order, finding)``.  *befores*:
    the running totals before each deal of the record, in seat order, as
    the scoring added them up (:func:`hearts_notation.scoring.score_findings`
    calls this with its own figures); *copies*: the deals pasted twice,
    checked at the original."""
    if len(seats) != rules.players or not any(totals_only(d, seats) for d in game.deals):
        return []
    slips = _total_slips(game, rules, seats, befores, copies)
    out: list[tuple[int, int, Finding]] = []
    number = 0
    for i, deal in enumerate(game.deals):
        number = deal.number if deal.number is not None else number + 1
        if i in copies or not totals_only(deal, seats) or deal.unfinished:
            continue
        if i in slips:
            slip = slips[i]
            if slip is not None:
                out.append((i, 1, slip))    # (None: the deal after a slip, told with it)
            continue
        out.extend((i, 1, f) for f in deal_sheet_findings(deal, number, rules, seats, befores[i]))
    return out


def club_findings(game: Game, rules: RuleSet, seats: Sequence[str]
                  ) -> list[tuple[int, int, Finding]]:
    """The findings of this module for one game, as ``(deal index, order,
    finding)`` like :func:`hearts_notation.scoring.score_findings` (order 1:
    after the referee's findings of that deal; game-level ones at index 0,
    order 0, before the first deal's)."""
    out: list[tuple[int, int, Finding]] = [(0, 0, f) for f in player_conflicts(game)]
    sheet_deals: list[int] = []
    first: tuple[int, Pos | None] | None = None
    whole = sum(1 for d in game.deals if d.score and all(s in d.score for s in seats)) > 0
    number = 0
    for i, deal in enumerate(game.deals):
        number = deal.number if deal.number is not None else number + 1
        if not is_sheet_deal(deal, rules, seats):
            continue
        sheet_deals.append(number)
        if first is None:
            first = (i, deal.pos)
        if totals_only(deal, seats):
            continue        # (checked with the running totals: totals_sheet_findings)
        if len(seats) == rules.players:
            out.extend((i, 1, f) for f in deal_sheet_findings(deal, number, rules, seats, whole_lines=whole))
    if first is not None:
        i, pos = first
        n = len(sheet_deals)
        out.append((i, 0, _finding(
            "sheet-unchecked", "info",
            msg(f"finding.sheet-unchecked.{'one' if n == 1 else 'other'}", deals=_numbers(sheet_deals)),
            sheet_deals[0], pos)))
    return out


__all__ = [
    "SHEET_CODES",
    "SheetShapes",
    "club_findings",
    "deal_sheet_findings",
    "has_play",
    "is_sheet_deal",
    "played_in_full",
    "player_conflicts",
    "sheet_line",
    "sheet_play_findings",
    "sheet_points",
    "sheet_shapes",
    "totals_only",
    "totals_sheet_findings",
]
