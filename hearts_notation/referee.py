"""The referee: every card of every deal against the rules in force.

:func:`check_game` replays a recorded game deal by deal and play by play and
returns a :class:`GameReport`: the findings of spec §5 (stable code,
severity, deal, trick, seat, card, source position and a message that names
the evidence), the recomputed scores (:mod:`hearts_notation.scoring`), and
whether the game is valid (no ``error`` finding).

How it reasons
--------------
Each seat's hand is tracked as a bitmask of cards *known* to be held
(``held``) and, where the hand is not fully known, a bitmask of cards it
*could* hold (``cap``).  Knowledge comes from the record only:

* a recorded hand, with the seat's pass and the pass it received, is the
  exact hand played from;
* a card passed to a seat is held by it;
* a card a seat plays later in the deal (its first appearance in the play)
  was held by that seat from the start of play: hands only shrink once the
  passes are made.  With the 13 tricks recorded this rebuilds every unknown
  hand exactly (spec §2); with fewer it is a lower bound.

A fault is *proven* when the cards known to be held already make the play
illegal: :func:`engine.play_fault` is monotone (a rule forbids a card only
because some other card is held), so a fault with part of the hand is a
fault with the whole hand.  When only the unknown part could make it
illegal, the check cannot be made: one ``info`` finding per deal and rule
says so, never a false error.

After a finding the card is played as written, and the referee avoids
follow-on errors: at most one finding per play (``not-held`` before
``out-of-turn`` before the rules of play); a card played is gone from every
hand; a card no recorded hand holds is believed to be held by whoever plays
it; after an out-of-turn play the order goes on from the recorded seat;
after a short or long trick the next leader is not checked; after an
illegal heart lead hearts count as open.
"""

from __future__ import annotations

import functools
import json
import re
import string
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import chain, repeat
from json.scanner import c_make_scanner, py_make_scanner  # type: ignore[attr-defined]
from operator import add, itemgetter
from typing import Any, cast

from .cards import (
    CARDS,
    FULL_DECK,
    SUIT_SYMBOLS,
    cards_of,
    display_order,
)
from .io.jsonio import JSON_ERRORS, RecordError, error_game, game_from_dict, json_problem
from .model import Deal, Finding, Game, Pass, Pos, Severity
from .rules import (
    RuleError,
    RuleSet,
    apply_overrides,
    load_rules,
    preset_rules,
    split_overrides,
    standard,
    with_players,
)
from .scoring import DealScore, game_over, score_findings, score_game
from .sheets import club_findings, is_sheet_deal, sheet_play_findings
from .state import breaks_hearts, deal_points, play_fault, replay_tricks, trick_winner


@dataclass
class GameReport:
    """What the referee says about one game (one entry of the spec §6 report)."""

    game: Game
    rules: RuleSet | None
    findings: list[Finding]
    deals: list[DealScore]
    finished: bool
    winners: tuple[str, ...]
    valid: bool

    def to_dict(self) -> dict[str, Any]:
        """The spec §6 game entry: source, index, line, valid, findings,
        deals, finished, winners (cards as ``"QS"``, seats as recorded)."""
        g = self.game
        return {
            "source": g.source,
            "index": g.index,
            "line": g.pos.line if g.pos else None,
            "valid": self.valid,
            "findings": [f.to_dict() for f in self.findings],
            "deals": [d.to_dict() for d in self.deals],
            "finished": self.finished,
            "winners": list(self.winners),
        }

    @property
    def counts(self) -> dict[str, int]:
        """Findings by severity: ``{"error": 1, "warning": 0, "info": 2}``."""
        out = {"error": 0, "warning": 0, "info": 0}
        for f in self.findings:
            out[f.severity] += 1
        return out


# Rules ---------------------------------------------------------------------------------


def _as_rules(rules: RuleSet | str | None) -> RuleSet | None:
    if rules is None or isinstance(rules, RuleSet):
        return rules
    return _load_cached(rules)


@functools.lru_cache(maxsize=64)
def _load_cached(arg: str) -> RuleSet:
    # A --rules string comes with every game of a corpus: read it (or its
    # file) once.
    return load_rules(arg)


def _rules_pos(game: Game) -> Pos | None:
    for key in ("Rules", "rules", "tag:Rules"):
        if key in game.where:
            return game.where[key]
    return game.pos


def rules_with_findings(game: Game, default_rules: RuleSet | str | None = None,
                        force_rules: bool = False) -> tuple[RuleSet, list[Finding]]:
    """The rules a game is checked under, and the ``unknown-rule`` findings.

    ``--force-rules`` (*force_rules* with *default_rules*) wins over the
    record's ``Rules`` tag; otherwise the tag wins, and *default_rules*
    (else ``standard``) applies to records without one.  A tag with a bad
    word keeps its sound part: an unknown preset is replaced by the default
    (or ``standard``), an unknown key or a bad value is dropped, and each
    bad word is one ``unknown-rule`` error that names the valid choices
    and the rules the game is then checked under.
    """
    default = _as_rules(default_rules)
    fallback = default or standard()
    if force_rules and default is not None:
        return default, []
    spec = (game.rules or "").strip()
    if not spec:
        return fallback, []
    words = spec.split()
    pos = _rules_pos(game)
    problems: list[str] = []
    if "=" in words[0]:
        base, rest = standard(), words
    else:
        rest = words[1:]
        try:
            base = preset_rules(words[0])
        except RuleError as exc:
            problems.append(str(exc))
            base = fallback
    good: list[tuple[str, str]] = []
    for w in rest:
        try:
            pair = split_overrides([w])
            apply_overrides(base, [*good, *pair])
        except RuleError as exc:
            problems.append(str(exc))
            continue
        good.extend(pair)
    rules = apply_overrides(base, good) if good else base
    if not problems:
        return rules, []
    under = rules.spec if rules.spec != fallback.spec or good or base is not fallback else fallback.spec
    findings = [
        Finding("unknown-rule", "error", f"Rules \"{spec}\": {p}; the game is checked under {under}",
                line=pos.line if pos else None, column=pos.column if pos else None)
        for p in problems
    ]
    return rules, findings


def resolve_rules(game: Game, default_rules: RuleSet | str | None = None,
                  force_rules: bool = False) -> RuleSet:
    """The rules a game is checked under (see :func:`rules_with_findings`),
    for tools that replay a record and need no findings (replay, annotate,
    stats).  Never raises for a bad ``Rules`` tag: the sound part is kept."""
    return rules_with_findings(game, default_rules, force_rules)[0]


def game_seats(game: Game, rules: RuleSet) -> tuple[tuple[str, ...], RuleSet, list[Finding]]:
    """The seats of a game, the rules adapted to their number, and the
    ``unknown-rule`` finding when the record's seats and the rules'
    player count disagree (the game is then checked for its own seats,
    with that player count's usual removed cards and pass cycle)."""
    if not game.seats:
        return rules.default_seats, rules, []
    seats = tuple(game.seats)
    if len(seats) == rules.players:
        return seats, rules, []
    pos = game.where.get("Seats") or _rules_pos(game)
    try:
        adapted = with_players(rules, len(seats))
    except RuleError:
        adapted = rules
    f = Finding(
        "unknown-rule", "error",
        f"the record has {len(seats)} seats ({' '.join(seats)}) but the rules ({rules.spec}) are "
        f"for {rules.players} players; the game is checked as {len(seats)} players",
        line=pos.line if pos else None, column=pos.column if pos else None)
    return seats, adapted, [f]


# Messages -------------------------------------------------------------------------------


def _c(card: int) -> str:
    return CARDS[card].text(unicode=True)


def _cards(mask: int, limit: int = 4) -> str:
    """Cards of a mask as people list them, the first *limit* named."""
    cs = [c.text(unicode=True) for c in display_order(cards_of(mask))]
    if len(cs) <= limit:
        return " ".join(cs)
    return " ".join(cs[:limit]) + f" and {len(cs) - limit} more"


def _seat_list(names: Sequence[str]) -> str:
    names = list(names)
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def _numbers(ns: Sequence[int]) -> str:
    ns = sorted(set(ns))
    return _seat_list([str(x) for x in ns])


# Per deal ----------------------------------------------------------------------------------


@dataclass
class _Ctx:
    """What every deal of a game shares."""

    rules: RuleSet
    seats: tuple[str, ...]
    idx: dict[str, int]
    last_deal: int
    game_unfinished: bool
    cut: bool = False   # the reader stopped at a syntax error: the last deal may be cut short


class _DealCheck:
    """The replay of one deal with its findings (see the module docstring)."""

    def __init__(self, ctx: _Ctx, deal: Deal, number: int, di: int) -> None:
        self.ctx = ctx
        self.rules = ctx.rules
        self.seats = ctx.seats
        self.idx = ctx.idx
        self.n = len(ctx.seats)
        self.deal = deal
        self.number = number
        self.di = di
        self.out: list[Finding] = []
        self.infos: dict[str, list[tuple[int, int, Pos | None]]] = {}
        #: the cards each seat took, when :meth:`clean_play` replayed the deal
        #: (scoring then need not replay the tricks again)
        self.taken: list[int] | None = None
        self.deck = self.rules.deck_mask
        self.removed = FULL_DECK & ~self.deck
        #: the deal stops short on purpose (``*`` on it, or on the game after it)
        self.unfinished = deal.unfinished or (di == ctx.last_deal and ctx.game_unfinished)
        #: ... before its first card: the pass may still be going on
        self.passing = self.unfinished and not any(t.plays for t in deal.tricks)

    # -- helpers --------------------------------------------------------------------

    def add(self, code: str, severity: Severity, message: str, pos: Pos | None = None,
            trick: int | None = None, seat: str | None = None, card: int | None = None) -> None:
        self.out.append(Finding(
            code, severity, message, deal=self.number, trick=trick, seat=seat,
            card=None if card is None else CARDS[card],
            line=pos.line if pos else None, column=pos.column if pos else None))

    def note(self, code: str, seat: int, trick: int, pos: Pos | None) -> None:
        """A check that could not be made (reported once per deal and code)."""
        self.infos.setdefault(code, []).append((seat, trick, pos))

    def where(self, key: str) -> Pos | None:
        return self.deal.where.get(key) or self.deal.pos

    def removed_text(self) -> str:
        r = self.rules
        return f"out of play with {r.players} players (removed: {_cards(self.removed, 8)})"

    # -- the deal -------------------------------------------------------------------

    def run(self, direction: str | None, header_flagged: bool = False) -> list[Finding]:
        self.header_flagged = header_flagged
        self.check_hands()
        self.check_passes(direction)
        if not self.out and not self.infos and self.clean_play():
            return self.out
        self.knowledge()
        self.play()
        self.flush_infos()
        return self.out

    def clean_play(self) -> bool:
        """Whether a fully recorded, complete deal was played without a fault,
        by the one-pass replay of :func:`engine.replay_tricks` (the common
        case, and the fast one); if not, the card-by-card replay says what is
        wrong."""
        n = self.n
        tricks = self.deal.tricks
        if len(tricks) != self.rules.tricks_per_deal:
            return False
        hands: list[int] = []
        for i in range(n):
            d, g, r = self.dealt[i], self.given[i], self.received[i]
            if d is None or g is None or r is None:
                return False
            hands.append((d & ~g) | r)
        for t in tricks:
            if len(t.plays) != n:
                return False
        plays = [p for t in tricks for p in t.plays]
        seats = list(map(self.idx.get, [p.seat for p in plays]))
        if None in seats:
            return False
        cards = [p.card for p in plays]
        leaders = cast("list[int]", seats[::n])      # (no None among them)
        if seats != [(lead + k) % n for lead in leaders for k in range(n)]:
            return False
        self.taken = replay_tricks(self.rules, hands, leaders, [cards[k::n] for k in range(n)])
        return self.taken is not None

    def check_hands(self) -> None:
        n, idx = self.n, self.idx
        hs = self.rules.hand_size
        dealt: list[int | None] = [None] * n
        seen = 0
        for seat, cards in self.deal.hands.items():
            pos = self.where(f"hand:{seat}")
            if seat not in idx:
                self.add("hand-size", "error",
                         f"a hand is recorded for {seat}, which is not a seat of this game "
                         f"({' '.join(self.seats)})", pos, seat=seat)
                continue
            if cards is None:
                continue
            m = 0
            twice = 0
            for c in cards:
                b = 1 << c
                if m & b:
                    twice |= b
                m |= b
            if twice:
                self.add("duplicate-card", "error",
                         f"{seat}'s hand lists {_cards(twice)} twice", pos, seat=seat,
                         card=cards_of(twice)[0])
            cross = m & seen
            if cross:
                for c in cards_of(cross):
                    other = next(self.seats[o] for o in range(n)
                                 if dealt[o] is not None and dealt[o] >> c & 1)  # type: ignore[operator]
                    self.add("duplicate-card", "error",
                             f"{_c(c)} is dealt to both {other} and {seat}", pos, seat=seat, card=c)
            seen |= m
            rem = m & self.removed
            if rem:
                self.add("removed-card", "error",
                         f"{seat}'s hand holds {_cards(rem)}, which is {self.removed_text()}",
                         pos, seat=seat, card=cards_of(rem)[0])
            if len(cards) != hs:
                self.add("hand-size", "error",
                         f"{seat} was dealt {len(cards)} card{'s' if len(cards) != 1 else ''}; "
                         f"with {self.rules.players} players each hand has {hs}", pos, seat=seat)
            dealt[idx[seat]] = m
        self.dealt = dealt
        self.all_recorded = all(d is not None for d in dealt)
        self.unassigned = 0
        if self.all_recorded:
            missing = self.deck & ~seen
            if missing:
                self.add("missing-cards", "error",
                         f"no hand holds {_cards(missing, 8)}: the deal is not a deal of "
                         f"{self.deck.bit_count()} cards", self.deal.pos, card=cards_of(missing)[0])
                self.unassigned = missing

    def check_passes(self, direction: str | None) -> None:
        rules, n, idx, seats = self.rules, self.n, self.idx, self.seats
        deal = self.deal
        cycle = rules.direction_for(self.number)
        applied = direction or cycle
        offset = rules.pass_offset(applied) if rules.pass_count else 0
        passes = list(deal.passes.values())
        for p in passes:
            if p.seat not in idx:
                self.add("pass-direction", "error",
                         f"a pass is recorded for {p.seat}, which is not a seat of this game "
                         f"({' '.join(seats)})", p.pos or deal.pos, seat=p.seat)
        passes = [p for p in passes if p.seat in idx]
        candidates: list[int] = []
        if offset == 0 and passes:
            givers = _seat_list([p.seat for p in passes])
            why = ("the rules pass no cards (pass_count=0)" if not rules.pass_count
                   else f"deal {self.number} is a hold deal (no passing)")
            if not self.header_flagged:   # else the header's finding says it already
                self.add("pass-direction", "error", f"{why}, but {givers} passed cards",
                         passes[0].pos or deal.pos, seat=passes[0].seat)
            candidates = [rules.pass_offset(cycle)] if rules.pass_count else []
            candidates += [rules.pass_offset(d) for d in ("left", "right", "across")
                           if d != "across" or n % 2 == 0]
        elif direction is not None and direction != cycle and passes:
            candidates = [offset, rules.pass_offset(cycle)]
        candidates = [c for c in dict.fromkeys(candidates) if c]
        if candidates:
            # The record contradicts itself about the direction: the passes are
            # applied the way that best fits the play (fewest cards played that
            # the seat would not hold), so that one wrong word in a header does
            # not turn every received card into a not-held error.
            offset = min(candidates, key=lambda off: self.conflicts(passes, off))
        self.offset = offset
        given: list[int | None] = [None] * n
        if offset == 0:
            self.given: list[int | None] = [0] * n
            self.received: list[int | None] = [0] * n
            return
        direction_name = applied if rules.pass_offset(applied) == offset else next(
            d for d in ("left", "right", "across") if rules.pass_offset(d) == offset)
        passed_union = 0
        owners: dict[int, str] = {}
        other_dealt = 0
        for d in self.dealt:
            if d is not None:
                other_dealt |= d
        for p in passes:
            i = idx[p.seat]
            pos = p.pos or deal.pos
            sure = True
            m = 0
            twice = 0
            for c in p.cards:
                b = 1 << c
                if m & b:
                    twice |= b
                m |= b
            if twice:
                self.add("duplicate-card", "error", f"{p.seat} passes {_cards(twice)} twice", pos,
                         seat=p.seat, card=cards_of(twice)[0])
            if len(p.cards) < rules.pass_count and self.passing:
                sure = False    # still choosing: the rest is yet to come
            elif len(p.cards) != rules.pass_count:
                self.add("pass-count", "error",
                         f"{p.seat} passed {len(p.cards)} card{'s' if len(p.cards) != 1 else ''}; "
                         f"the rules pass {rules.pass_count}", pos, seat=p.seat)
                sure = False
            rem = m & self.removed
            if rem:
                self.add("removed-card", "error",
                         f"{p.seat} passed {_cards(rem)}, which is {self.removed_text()}", pos,
                         seat=p.seat, card=cards_of(rem)[0])
                sure = False
            cross = m & passed_union
            for c in cards_of(cross):
                self.add("duplicate-card", "error", f"{_c(c)} is passed by both {owners[c]} and {p.seat}",
                         pos, seat=p.seat, card=c)
                sure = False
            for c in cards_of(m):
                owners.setdefault(c, p.seat)
            passed_union |= m
            own = self.dealt[i]
            if own is not None:
                notin = m & ~own & ~rem
                if notin:
                    self.add("pass-not-held", "error",
                             f"{p.seat} passed {_cards(notin)}, which {p.seat} was not dealt",
                             pos, seat=p.seat, card=cards_of(notin)[0])
                    sure = False
            else:
                elsewhere = m & other_dealt & ~rem
                for c in cards_of(elsewhere):
                    holder = next(seats[o] for o in range(n)
                                  if self.dealt[o] is not None and self.dealt[o] >> c & 1)  # type: ignore[operator]
                    self.add("pass-not-held", "error",
                             f"{p.seat} passed {_c(c)}, which was dealt to {holder}", pos,
                             seat=p.seat, card=c)
                    sure = False
                if m & ~elsewhere & ~rem:
                    self.note("pass-not-held", i, 0, pos)
            expected = (i + offset) % n
            if p.to is not None:
                if p.to not in idx:
                    self.add("pass-direction", "error",
                             f"{p.seat} passed to {p.to}, which is not a seat of this game "
                             f"({' '.join(seats)})", pos, seat=p.seat)
                elif idx[p.to] != expected:
                    self.add("pass-direction", "error",
                             f"{p.seat} passed to {p.to}, but deal {self.number} passes "
                             f"{direction_name}: {p.seat} gives to {seats[expected]}", pos, seat=p.seat)
            # A pass that cannot be right (wrong count, a card not held...) is
            # not trusted for the hands: the giver and the receiver are then
            # known only as far as the play shows.
            given[i] = m if sure else None
        missing = [seats[i] for i in range(n) if all(p.seat != seats[i] for p in passes)]
        # (in an unfinished deal before its first card, those seats have not
        # passed yet, which is no fault)
        if missing and not self.passing:
            text = (f"deal {self.number} passes {direction_name}, but no pass is recorded for "
                    f"{_seat_list(missing)}")
            if self.all_recorded:
                self.add("pass-direction", "error", text, deal.pos,
                         seat=missing[0] if len(missing) == 1 else None)
            else:
                self.add("pass-direction", "info",
                         text + ": the cards they gave and received are not known", deal.pos,
                         seat=missing[0] if len(missing) == 1 else None)
        self.given = given
        self.received = [given[(i - offset) % n] for i in range(n)]

    def conflicts(self, passes: list[Pass], offset: int) -> int:
        """Cards played by a seat that would not hold them if the passes went
        *offset* seats on (the hands unknown count for nothing)."""
        n, idx = self.n, self.idx
        after = [d for d in self.dealt]
        gifts = [0] * n
        for p in passes:
            for c in p.cards:
                gifts[idx[p.seat]] |= 1 << c
        for i in range(n):
            if after[i] is not None:
                giver = (i - offset) % n
                after[i] = (after[i] & ~gifts[i]) | gifts[giver]  # type: ignore[operator]
        bad = 0
        for trick in self.deal.tricks:
            for pl in trick.plays:
                s = idx.get(pl.seat)
                if s is not None:
                    h = after[s]
                    if h is not None and not h >> pl.card & 1:
                        bad += 1
        return bad

    def knowledge(self) -> None:
        """Known and possible cards of each hand after the pass (see module doc)."""
        n, deck = self.n, self.deck
        idx = self.idx
        held = [0] * n
        cap = [deck] * n
        exact = [False] * n
        for i in range(n):
            d, g, r = self.dealt[i], self.given[i], self.received[i]
            giver = (i - self.offset) % n
            giver_dealt = self.dealt[giver]
            recv_cap = giver_dealt if giver_dealt is not None else deck
            if d is not None:
                if g is not None and r is not None:
                    held[i] = (d & ~g) | r
                    cap[i] = held[i]
                    exact[i] = True
                elif g is not None:
                    held[i] = d & ~g
                    cap[i] = held[i] | recv_cap
                elif r is not None:
                    held[i] = r
                    cap[i] = d | r
                else:
                    cap[i] = d | recv_cap
            else:
                held[i] = r or 0
                cap[i] = deck & ~(g or 0)
        # The first appearance of each card in the play, and by whom.
        first: dict[int, tuple[int, int]] = {}
        plays_by = [0] * n
        nt = self.rules.tricks_per_deal
        for t, trick in enumerate(self.deal.tricks[:nt]):
            for p in trick.plays:
                s = idx.get(p.seat)
                if s is None or p.card in first:
                    continue
                first[p.card] = (s, t)
                plays_by[s] |= 1 << p.card
        for i in range(n):
            held[i] &= deck     # a removed card in a hand is reported, then ignored
        known = 0
        for i in range(n):
            known |= held[i]
        self.future = list(plays_by)
        self.evidence = 0
        for i in range(n):
            if exact[i]:
                continue
            ev = plays_by[i] & cap[i] & ~(known & ~held[i]) & deck
            self.evidence |= ev & ~held[i]
            held[i] |= ev
            if held[i].bit_count() == self.rules.hand_size:
                exact[i] = True
        self.held = held
        self.cap = cap
        self.exact = exact
        self.first = first
        # Dealt hands known (recorded, or rebuilt from an exact hand and known passes)
        unknown = [self.seats[i] for i in range(n)
                   if self.dealt[i] is None and not (exact[i] and self.given[i] is not None
                                                     and self.received[i] is not None)]
        if unknown:
            self.add("missing-cards", "info",
                     f"the hand{'s' if len(unknown) > 1 else ''} of {_seat_list(unknown)} as dealt "
                     f"{'are' if len(unknown) > 1 else 'is'} not known: the deal could not be checked "
                     "card by card (duplicates, missing cards, hand sizes)", self.deal.pos)

    def play(self) -> None:
        rules, n, idx, seats = self.rules, self.n, self.idx, self.seats
        deal = self.deal
        tricks = deal.tricks
        nt = rules.tricks_per_deal
        hs = rules.hand_size
        held, cap, exact = self.held, self.cap, self.exact
        count = [0] * n
        played = 0
        played_at: dict[int, tuple[str, int]] = {}
        broken = False
        opened_by_fault = False
        unfinished = self.unfinished
        expected_leader: int | None = None
        lc = rules.lowest_club
        lc_holder: int | None = None
        for i in range(n):
            if held[i] >> lc & 1:
                lc_holder = i
                break
        complete_tricks = 0
        phantom = 0          # cards played by a seat that did not hold them: still in their holder's hand
        for t, trick in enumerate(tricks):
            tn = t + 1
            tpos = trick.pos or (trick.plays[0].pos if trick.plays else None) or deal.pos
            if t >= nt:
                self.add("trick-size", "error",
                         f"deal {self.number} has {len(tricks)} tricks; with {rules.players} players "
                         f"a deal has {nt}", tpos, trick=tn)
                break
            is_last = t == len(tricks) - 1
            size_ok = len(trick.plays) == n
            if not size_ok and not (is_last and len(trick.plays) < n):
                self.add("trick-size", "error",
                         f"trick {tn} has {len(trick.plays)} card{'s' if len(trick.plays) != 1 else ''}; "
                         f"it needs one from each of the {n} seats", tpos, trick=tn)
            cards: list[int] = []
            in_trick: list[int] = []
            led: int | None = None
            trick_breaks = False
            stranger = False
            turn_trouble = False
            trick_phantoms = 0
            prev_seat: int | None = None
            order = ([(expected_leader + k) % n for k in range(n)]
                     if expected_leader is not None else None)
            for k, p in enumerate(trick.plays):
                seat = p.seat
                s = idx.get(seat)
                c = p.card
                b = 1 << c
                pos = p.pos or tpos
                if s is None:
                    self.add("out-of-turn", "error",
                             f"{seat} played {_c(c)}, but {seat} is not a seat of this game "
                             f"({' '.join(seats)})", pos, trick=tn, seat=seat, card=c)
                    stranger = True
                    continue
                if s in in_trick:
                    # A second card from one seat: reported (unless the trick's
                    # size already says it), then played without further checks,
                    # so that it does not also become a revoke or a card played twice.
                    if size_ok:
                        self.add("out-of-turn", "error", f"{seat} plays a second card in trick {tn}",
                                 pos, trick=tn, seat=seat, card=c)
                    turn_trouble = True
                    played |= b
                    played_at.setdefault(c, (seat, tn))
                    for o in range(n):
                        held[o] &= ~b
                    continue
                fault_found = False
                bogus = False
                # Is the card in play, and could this seat hold it?
                if b & self.removed:
                    self.add("removed-card", "error",
                             f"{seat} played {_c(c)}, which is {self.removed_text()}", pos,
                             trick=tn, seat=seat, card=c)
                    fault_found = True
                    bogus = True
                elif b & phantom and held[s] & b:
                    phantom &= ~b   # its holder plays it at last: the earlier play was the error
                elif played & b:
                    who, when = played_at[c]
                    by = "by " + who if who != seat else "by " + seat + " already"
                    self.add("not-held", "error",
                             f"{seat} played {_c(c)}, which was played {by} on trick {when}",
                             pos, trick=tn, seat=seat, card=c)
                    fault_found = True
                    bogus = True
                elif not held[s] & b:
                    if b & self.unassigned:
                        held[s] |= b  # no recorded hand has it: whoever plays it held it
                        self.unassigned &= ~b
                    else:
                        why = self.why_not(s, c)
                        if why is not None:
                            self.add("not-held", "error", f"{seat} played {_c(c)}, which {why}", pos,
                                     trick=tn, seat=seat, card=c)
                            fault_found = True
                            bogus = True
                # Whose turn?
                if not fault_found and size_ok and not stranger:
                    turn = self.turn_fault(t, k, s, c, expected_leader, lc_holder, prev_seat, in_trick,
                                           order)
                    if turn is not None:
                        self.add("out-of-turn", "error", turn, pos, trick=tn, seat=seat, card=c)
                        fault_found = True
                        turn_trouble = True
                # The rules of play.
                first_trick = t == 0
                hearts_open = broken or opened_by_fault
                if not fault_found:
                    known_hand = held[s] | b
                    fault = play_fault(rules, known_hand, c, led, first_trick, hearts_open)
                    now_exact = exact[s] or known_hand.bit_count() == hs - count[s]
                    if fault is not None:
                        code, proof = fault
                        self.add(code, "error", self.fault_text(code, seat, c, led, proof, t), pos,
                                 trick=tn, seat=seat, card=c)
                        if code == "hearts-not-broken":
                            opened_by_fault = True
                    elif not now_exact:
                        others = 0
                        for o in range(n):
                            if o != s:
                                others |= held[o]
                        could = known_hand | (cap[s] & self.deck & ~played & ~others)
                        maybe = play_fault(rules, could, c, led, first_trick, hearts_open)
                        if maybe is not None:
                            self.note(maybe[0], s, tn, pos)
                # Play the card as written.
                self.future[s] &= ~b
                if bogus:
                    if not played & b and not b & self.removed:
                        # A card another seat holds: it stays in that hand, and
                        # the holder's own play of it later is not an error again.
                        phantom |= b
                        trick_phantoms |= b
                    # Which card this seat really gave up is not known: from now
                    # on it surely holds only what it plays later.
                    cap[s] = held[s] | cap[s] if not exact[s] else held[s]
                    held[s] &= self.future[s]
                    exact[s] = False
                else:
                    for o in range(n):
                        held[o] &= ~b
                played |= b
                played_at.setdefault(c, (seat, tn))
                count[s] += 1
                if led is None:
                    led = c // 13
                if breaks_hearts(rules, c, led):
                    trick_breaks = True
                cards.append(c)
                in_trick.append(s)
                prev_seat = s
            if trick_breaks:
                broken = True
            for o in range(n):
                # The holder of a card played under another seat's name, absent
                # from the trick: most likely the seat's name was miswritten, so
                # the holder is taken to have played it.
                if held[o] & trick_phantoms and o not in in_trick:
                    gone = held[o] & trick_phantoms
                    held[o] &= ~gone
                    phantom &= ~gone
                    count[o] += gone.bit_count()
            if size_ok and not stranger and not turn_trouble:
                expected_leader = in_trick[trick_winner(cards)]
            else:
                expected_leader = None
            if size_ok:
                complete_tricks += 1
        cut = self.ctx.cut and self.di == self.ctx.last_deal
        if not cut and (len(tricks) < nt or (len(tricks) == nt and len(tricks[-1].plays) < n)):
            last_pos = (tricks[-1].pos or (tricks[-1].plays[0].pos if tricks[-1].plays else None)
                        if tricks else None) or deal.pos
            if unfinished:
                self.add("incomplete-deal", "info",
                         f"deal {self.number} is unfinished (*): it scores no points", last_pos)
            else:
                self.add("incomplete-deal", "error",
                         f"deal {self.number} has {complete_tricks} complete trick"
                         f"{'s' if complete_tricks != 1 else ''}; with {rules.players} players a deal "
                         f"has {nt} (end an unfinished deal with *)", last_pos)

    def turn_fault(self, t: int, k: int, s: int, c: int, expected_leader: int | None,
                   lc_holder: int | None, prev_seat: int | None, in_trick: list[int],
                   order: list[int] | None) -> str | None:
        """Why it is not this seat's turn, or ``None``.

        A card is in turn if it comes from the seat clockwise after the
        previous card's (the order goes on from the seat as recorded), or
        from the first seat of the expected order that has not played yet (so
        two swapped cards make one finding, not two)."""
        seats = self.seats
        seat = seats[s]
        if k == 0:
            if t == 0:
                if lc_holder is not None and lc_holder != s:
                    lc = self.rules.lowest_club
                    how = ""
                    if lc in self.first and self.first[lc][0] == lc_holder and self.evidence >> lc & 1:
                        how = f" (it plays {_c(lc)} on trick {self.first[lc][1] + 1})"
                    return (f"{seat} led the first trick, but {seats[lc_holder]} holds {_c(lc)}"
                            f"{how} and leads")
                return None
            if expected_leader is not None and expected_leader != s:
                return (f"{seat} led trick {t + 1}, but {seats[expected_leader]} won trick {t} "
                        "and leads")
            return None
        if s in in_trick:
            return f"{seat} plays a second card in trick {t + 1}"
        assert prev_seat is not None
        nxt = (prev_seat + 1) % self.n
        while nxt in in_trick and nxt != prev_seat:
            nxt = (nxt + 1) % self.n
        if s == nxt:
            return None
        if order is not None:
            pending = next((x for x in order if x not in in_trick), None)
            if s == pending:
                return None
        return (f"{seat} played out of turn in trick {t + 1}: after {seats[prev_seat]} it is "
                f"{seats[nxt]}'s turn")

    def why_not(self, s: int, c: int) -> str | None:
        """Why seat *s* cannot hold *c* (not played yet), or ``None`` if it may."""
        b = 1 << c
        seats = self.seats
        for o in range(self.n):
            if o != s and self.held[o] & b and not (self.evidence & b):
                return f"{seats[o]} holds"
        g = self.given[s]
        if g is not None and g & b:
            return f"{seats[s]} passed to {seats[(s + self.offset) % self.n]}"
        if self.exact[s]:
            d = self.dealt[s]
            if d is not None and not d & b:
                return f"is not in {seats[s]}'s hand"
            return f"{seats[s]} does not hold"
        if not self.cap[s] & b:
            d = self.dealt[s]
            if d is not None and not d & b:
                return f"{seats[s]} was not dealt and did not receive"
            return f"{seats[s]} could not hold"
        return None

    def fault_text(self, code: str, seat: str, c: int, led: int | None, proof: int, t: int) -> str:
        """The message of a fault, naming the cards that prove it."""
        names = _cards(proof)
        inferred = proof & self.evidence
        note = ""
        if inferred:
            later = sorted(cards_of(inferred), key=lambda x: self.first.get(x, (0, 99))[1])[:2]
            where = ", ".join(f"{_c(x)} on trick {self.first[x][1] + 1}" for x in later
                              if x in self.first)
            note = f" (it plays {where})"
        if code == "revoke":
            assert led is not None
            return f"{seat} played {_c(c)} on a {SUIT_SYMBOLS[led]} lead while holding {names}{note}"
        if code == "first-trick-points":
            return (f"{seat} discarded {_c(c)} on the first trick while holding {names}{note}, "
                    "which score no points")
        if code == "opening-lead":
            if self.rules.opening_lead == "any-club":
                return f"{seat} led {_c(c)} to the first trick while holding {names}{note}: lead a club"
            return f"{seat} led {_c(c)} to the first trick while holding {names}{note}, which must lead"
        return f"{seat} led {_c(c)} before hearts were broken while holding {names}{note}"

    def flush_infos(self) -> None:
        seats = self.seats
        what = {
            "revoke": "whether {who} followed suit",
            "first-trick-points": "whether {who} could avoid a penalty card on the first trick",
            "opening-lead": "the opening lead of {who}",
            "hearts-not-broken": "whether {who} could avoid leading a heart",
            "pass-not-held": "whether {who} held the cards passed",
        }
        passes = self.infos.pop("pass-not-held", None)
        if passes:
            who = _seat_list(list(dict.fromkeys(seats[s] for s, _, _ in passes)))
            single = len({s for s, _, _ in passes}) == 1
            self.add("pass-not-held", "info",
                     f"could not check whether {who} held the cards {'it' if single else 'they'} passed: "
                     f"{'its hand' if single else 'their hands'} as dealt {'is' if single else 'are'} "
                     "not known", passes[0][2], seat=seats[passes[0][0]] if single else None)
        for code, items in self.infos.items():
            who = _seat_list(list(dict.fromkeys(seats[s] for s, _, _ in items)))
            tricks = [t for _, t, _ in items if t]
            on = f" on trick{'s' if len(set(tricks)) > 1 else ''} {_numbers(tricks)}" if tricks else ""
            single = len({s for s, _, _ in items}) == 1
            hand = "hand is" if single else "hands are"
            self.add(code, "info",
                     f"could not check {what[code].format(who=who)}{on}: the {hand} not fully known",
                     items[0][2], trick=tricks[0] if tricks else None,
                     seat=seats[items[0][0]] if single else None)


def _line_key(f: Finding) -> int:
    """Findings of a deal in the order of the text (those without a place last)."""
    return f.line if f.line is not None else 1 << 30


# The game -----------------------------------------------------------------------------------


def check_game(game: Game, default_rules: RuleSet | str | None = None,
               force_rules: bool = False) -> GameReport:
    """Referee a whole game: syntax errors carried by the reader, the rules,
    every deal and play, then the scores against the record.

    *default_rules* (a :class:`RuleSet`, or a ``--rules`` string) applies to
    records without a ``Rules`` tag, or to every record with *force_rules*.
    """
    findings: list[Finding] = sorted(game.errors, key=lambda f: (f.line or 0, f.column or 0))
    rules, rf = rules_with_findings(game, default_rules, force_rules)
    findings.extend(rf)
    seats, rules, sf = game_seats(game, rules)
    findings.extend(sf)
    idx = {s: i for i, s in enumerate(seats)}
    n = len(seats)
    ctx = _Ctx(rules, seats, idx, len(game.deals) - 1, game.result == "*", bool(game.errors))
    per_deal: list[list[Finding]] = []
    taken: list[list[int] | None] = []
    prev_number = 0
    prev_dealer: tuple[int, int] | None = None   # (seat index, deal number)
    for di, deal in enumerate(game.deals):
        head: list[Finding] = []
        expected = prev_number + 1
        number = deal.number if deal.number is not None else expected
        pos = deal.pos

        def put(code: str, severity: Severity, message: str, seat: str | None = None,
                number: int = number, pos: Pos | None = pos, head: list[Finding] = head) -> None:
            head.append(Finding(code, severity, message, deal=number, seat=seat,
                                line=pos.line if pos else None, column=pos.column if pos else None))

        # The first deal may bear any number (a record may start in the
        # middle of a game); after it, each deal is the next one.
        renumbered = (di > 0 and deal.number is not None and number != expected
                      and number != di + 1)
        if renumbered:
            put("deal-number", "error",
                f"deal {number} follows deal {prev_number}: expected deal {expected}")
        prev_number = number
        if deal.dealer is not None:
            if deal.dealer not in idx:
                put("dealer-rotation", "warning",
                    f"deal {number} is dealt by {deal.dealer}, which is not a seat of this game "
                    f"({' '.join(seats)})", seat=deal.dealer)
            else:
                d = idx[deal.dealer]
                if prev_dealer is not None:
                    want = (prev_dealer[0] + number - prev_dealer[1]) % n
                    if d != want and not renumbered:
                        put("dealer-rotation", "warning",
                            f"deal {number} is dealt by {deal.dealer}, but the deal turns clockwise: "
                            f"after {seats[prev_dealer[0]]} dealt deal {prev_dealer[1]}, "
                            f"{seats[want]} deals", seat=deal.dealer)
                prev_dealer = (d, number)
        cycle = rules.direction_for(number)
        # With a broken number, the direction may follow either count.
        fits = {cycle, rules.direction_for(expected), rules.direction_for(di + 1)} if renumbered else {cycle}
        header_flagged = (deal.direction is not None and deal.direction not in fits
                          and bool(rules.pass_count))
        if header_flagged:
            put("pass-direction", "error",
                f"deal {number} is marked pass {deal.direction}, but the pass cycle "
                f"({', '.join(rules.pass_cycle)}) makes deal {number} pass {cycle}")
        checker = _DealCheck(ctx, deal, number, di)
        found = checker.run(deal.direction, header_flagged)
        if is_sheet_deal(deal, rules, seats):       # a score sheet's deal (hearts_notation.sheets)
            found = sheet_play_findings(deal, found)
        per_deal.append(head + found)
        taken.append(checker.taken)
    score = score_game(game, rules, seats, taken)
    extra = club_findings(game, rules, seats) + score_findings(game, rules, score)
    before: dict[int, list[Finding]] = {}
    after: dict[int, list[Finding]] = {}
    for i, order, f in extra:
        (before if order == 0 else after).setdefault(i, []).append(f)
    for di, fs in enumerate(per_deal):
        group = [*before.get(di, ()), *fs, *after.get(di, ())]
        group.sort(key=_line_key)
        findings.extend(group)
    findings.extend(after.get(len(game.deals), ()))
    valid = not any(f.severity == "error" for f in findings)
    return GameReport(game, rules, findings, score.deals, score.finished, score.winners, valid)


def validate_game(game: Game, default_rules_spec: RuleSet | str | None = None,
                  force: bool = False) -> dict[str, Any]:
    """One game's report entry (spec §6) as plain data.

    A pure top-level function of picklable arguments and result, so that
    ``validate --jobs N`` can run it in a process pool.
    """
    return check_game(game, default_rules_spec, force).to_dict()


__all__ = [
    "GameReport",
    "check_game",
    "fast_report",
    "game_seats",
    "report_json_text",
    "resolve_rules",
    "rules_with_findings",
    "validate_game",
]


# The fast path for JSON records -------------------------------------------------------------
#
# ``validate`` on a corpus of JSONL spends most of its time building the model
# (hundreds of small frozen objects per deal) for records that turn out to be
# clean.  A record that is exactly a clean, complete, fully recorded game is
# recognised here straight from the decoded JSON, with the one-pass replay of
# :func:`engine.replay_tricks`; everything else -- any finding at all, any
# field the fast path does not understand -- goes through the model and
# :func:`check_game`, which remains the reference.  The two give the same
# report for every record the fast path accepts (tests/test_referee_fast.py).
#
# Decoding is the other half of the cost, and most of it is the cards: a
# string per card and a dict per play.  In the canonical form every writer of
# this package emits, the ``hands``, ``passes`` and ``tricks`` of a deal have a
# fixed layout, so that part of the text is checked against a template (one
# ``bytes.translate`` and one comparison), cut out before decoding, and its
# seats and cards are read at fixed offsets, a whole column at a time.

_RANKS = "23456789TJQKA"
_SUITS = "CDHS"


def _card_numbers() -> dict[str, int]:
    """Every spelling of a card a JSON record may use (``"QS"``, ``"qs"``,
    ``"10H"``...) and its number."""
    out: dict[str, int] = {}
    for s, sl in enumerate(_SUITS):
        for r, rl in enumerate(_RANKS):
            ranks = [rl, rl.lower()] + (["10"] if rl == "T" else [])
            for rt in ranks:
                out[rt + sl] = out[rt + sl.lower()] = s * 13 + r
    return out


_NUMBER: dict[str, int] = _card_numbers()
_NUMBER_OF = _NUMBER.__getitem__
_BIT: dict[str, int] = {k: 1 << v for k, v in _NUMBER.items()}
_BIT_OF = _BIT.__getitem__
_GAME_KEYS = frozenset({"tags", "rules", "seats", "players", "deals", "result", "comment"})
_DEAL_KEYS = frozenset({"number", "dealer", "pass", "hands", "passes", "tricks", "score", "total",
                        "moon", "unfinished", "comment"})
_SEAT_RE = re.compile(r"[A-Za-z][A-Za-z0-9]{0,7}")
_LIST = {list}
_PLAYS = itemgetter("plays")
_CARD = itemgetter("card")
_SEAT = itemgetter("seat")


def _seat_ok(v: Any) -> bool:
    return type(v) is str and _SEAT_RE.fullmatch(v) is not None and v.isascii()


_STR = {str}
#: Tag names the readers accept (the model path refuses others; so does the fast path).
_TAG_NAME_OK = re.compile(r"[A-Za-z0-9_]+").fullmatch
#: An escaped surrogate in JSON text: the model path checks the string it makes.
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")
_SURROGATE_CHAR = re.compile("[\ud800-\udfff]")
#: [k]: the types of k whole numbers
_INT_TYPES = [[int] * k for k in range(7)]


@functools.lru_cache(maxsize=64)
def _rules_constants(rules: RuleSet) -> tuple[int, int, int, int, tuple[str, ...], tuple[int, ...],
                                              str, int]:
    """What the fast path reads of the rules for every game: hand size,
    deck, tricks per deal, cards passed, pass cycle and its offsets, moon
    and target."""
    pc = rules.pass_count
    offsets = tuple(rules.pass_offset(x) if pc else 0 for x in rules.pass_cycle)
    return (rules.hand_size, rules.deck_mask, rules.tricks_per_deal, pc, tuple(rules.pass_cycle),
            offsets, rules.moon, rules.target)


@functools.lru_cache(maxsize=256)
def _fast_rules(spec: str | None, default: RuleSet | None, force: bool) -> RuleSet | None:
    """The rules for a ``rules`` string, or ``None`` if it draws a finding."""
    rules, found = rules_with_findings(Game(rules=spec), default, force)
    return None if found else rules


# Cards as bytes: a canonical card is a rank letter and a suit letter; the two
# translated and added up byte by byte (as big numbers: no byte overflows) give
# the card's number, 0..51, or 64 and more for anything that is not a card.
_RANK_CODE = bytes(_RANKS.find(chr(x)) if chr(x) in _RANKS else 64 for x in range(256))
_SUIT_CODE = bytes(13 * _SUITS.find(chr(x)) if chr(x) in _SUITS else 64 for x in range(256))
_CARD_NUMBERS = bytes(range(52))


def _codes(ranks: bytes, suits: bytes) -> bytes | None:
    """The card numbers of canonical cards given as their rank letters and
    suit letters, or ``None`` if one is not a card."""
    total = (int.from_bytes(ranks.translate(_RANK_CODE), "big")
             + int.from_bytes(suits.translate(_SUIT_CODE), "big"))
    out = total.to_bytes(len(ranks), "big")
    return out if out and not out.translate(None, _CARD_NUMBERS) else None


@dataclass(frozen=True)
class _SeatTables:
    """What the fast path needs to know about a game's seats, computed once
    per seat list."""

    #: the index of each seat name
    index: dict[str, int]
    #: the seat names
    names: frozenset[str]
    #: the seats of a trick in play order, from each leader
    orders: tuple[list[str], ...]
    #: the length of the names (0 when they differ in length or are not ASCII)
    width: int
    #: the characters of the names, position by position: the first
    #: character of each seat in order, then the second...
    chars: bytes
    #: a position of the names where all the seats differ (-1 if none), and
    #: the seat index of each character there (255 for any other byte)
    key: int
    key_index: bytes
    #: [k]: seat index -> the index k places clockwise (255 for any other byte)
    step: tuple[bytes, ...]
    #: [j]: seat index -> the j-th character of its name
    plane: tuple[bytes, ...]


@functools.lru_cache(maxsize=64)
def _seat_tables(seats: tuple[str, ...]) -> _SeatTables:
    """The :class:`_SeatTables` of a seat list (cached: a corpus has few)."""
    n = len(seats)
    orders = tuple([seats[(lead + k) % n] for k in range(n)] for lead in range(n))
    width = len(seats[0]) if all(len(s) == len(seats[0]) and s.isascii() for s in seats) else 0
    chars = bytes(ord(s[j]) for j in range(width) for s in seats)
    key = next((j for j in range(width) if len({s[j] for s in seats}) == n), -1)
    at_key = {ord(s[key]): i for i, s in enumerate(seats)} if key >= 0 else {}
    key_index = bytes(at_key.get(x, 255) for x in range(256))
    step = tuple(bytes((i + k) % n if i < n else 255 for i in range(256)) for k in range(n))
    plane = tuple(bytes(ord(seats[i][j]) if i < n else 0 for i in range(256)) for j in range(width))
    return _SeatTables({s: i for i, s in enumerate(seats)}, frozenset(seats), orders, width, chars,
                       key, key_index, step, plane)


@dataclass(frozen=True)
class _Layout:
    """One layout of a canonical block (seat width, players, hand size,
    cards passed, tricks): its template, and where its seats and cards are,
    as slices."""

    width: int
    players: int
    hand: int
    passed: int
    tricks: int
    #: the block with every seat and card character as '#'
    template: bytes
    #: the rank letters of the cards dealt (seat by seat), passed (seat by
    #: seat) and played (column by column: the k-th card of every trick)
    ranks: tuple[slice, ...]
    #: their suit letters
    suits: tuple[slice, ...]
    #: the seat names of the hands and passes, character position by position
    names: tuple[slice, ...]
    #: [j]: the j-th character of the seat of every play, column by column
    seats: tuple[tuple[slice, ...], ...]
    #: the byte tables of its deals, by pass offset and deck (see _deal_tables)
    deal_tables: dict[tuple[int, int], _DealTables] = field(default_factory=dict, compare=False)


@functools.lru_cache(maxsize=64)
def _layout(w: int, n: int, hs: int, pc: int, nt: int) -> _Layout:
    """The :class:`_Layout` of blocks with seats *w* characters wide, *n*
    players, hands of *hs* cards, *pc* cards passed (0: no passes) and *nt*
    tricks: the offsets follow from the template's text."""
    entry = w + 5 + 5 * hs                     # one hand and its comma
    ranks = [slice(i, i + 5 * hs, 5) for i in range(6 + w, 6 + w + n * entry, entry)]
    names = [slice(2 + j, 2 + j + n * entry, entry) for j in range(w)]
    at = n * entry + 1
    if pc:
        pentry = w + 5 + 5 * pc
        ranks += [slice(i, i + 5 * pc, 5) for i in range(at + 16 + w, at + 16 + w + n * pentry, pentry)]
        names += [slice(at + 12 + j, at + 12 + j + n * pentry, pentry) for j in range(w)]
        at += 11 + n * pentry
    at += 10                                   # ',"tricks":'
    stride = 24 + w                            # one play and its comma
    trick = 12 + n * stride                    # one trick and its comma
    tspan = nt * trick
    ranks += [slice(i, i + tspan, trick) for i in range(at + 30 + w, at + 30 + w + n * stride, stride)]
    suits = [slice(x.start + 1, x.stop + 1, x.step) for x in ranks]
    seats = tuple(tuple(slice(i, i + tspan, trick)
                        for i in range(at + 20 + j, at + 20 + j + n * stride, stride))
                  for j in range(w))
    return _Layout(w, n, hs, pc, nt, _block_template(w, n, hs, pc, nt), tuple(ranks), tuple(suits),
                   tuple(names), seats)


@dataclass(frozen=True)
class _DealTables:
    """Byte tables of :func:`_block_deal` for one layout of deal (players,
    hand size, cards passed, pass offset) and deck."""

    #: the seat dealt each card of a hand list (``hand`` times 0, then 1...),
    #: after 52 times "nobody" (255) for the card numbers 0..51 put first
    dealt_to: bytes
    #: the same, then the receiving seat of each card passed
    owned_by: bytes
    #: the seat that passed each card of a pass list
    givers: bytes
    #: the card numbers of the deck in play
    deck: bytes


@functools.lru_cache(maxsize=64)
def _deal_tables(players: int, hand: int, passed: int, offset: int, deck: int) -> _DealTables:
    """The :class:`_DealTables` of a layout, pass offset and deck."""
    nobody = b"\xff" * 52
    dealt = bytes(i for i in range(players) for _ in range(hand))
    received = bytes((i + offset) % players for i in range(players) for _ in range(passed))
    givers = bytes(i for i in range(players) for _ in range(passed))
    return _DealTables(nobody + dealt, nobody + dealt + received, givers,
                       bytes(c for c in range(52) if deck >> c & 1))


#: the card numbers 51, 50, ..., 0: translated by a table of owners, the
#: owner of each card in the order of the bits of a mask, highest first
_CARDS_DOWN = bytes(range(51, -1, -1))
#: [s]: seat s -> "1", anything else -> "0" (a mask written in binary)
_IS_SEAT = tuple(bytes(49 if x == s else 48 for x in range(256)) for s in range(6))
#: 0, 1, 2, ...: a byte string whose bytes are all different
_POSITIONS = bytes(range(256))


# The canonical block of a deal: '"hands":{"N":["AS",...],...},"passes":{"N":[...],...},
# "tricks":[{"plays":[{"seat":"N","card":"2C"},...]},...]' (the passes only on a passing
# deal), no spaces, the seats in order and of one width, cards as two letters.
_HANDS_KEY = b'"hands":{'
#: Bytes that vary in a canonical block (seats, cards) become '#'; a '#' in the
#: text itself becomes a byte no template has.
_VARYING = bytes(35 if chr(x) in string.ascii_uppercase + string.digits else 0 if x == 35 else x
                 for x in range(256))


@functools.lru_cache(maxsize=64)
def _block_template(width: int, players: int, hand: int, passed: int, tricks: int) -> bytes:
    """The canonical block of a layout with every seat and card character
    written '#' (what :data:`_VARYING` makes of any block of that layout)."""
    seat = '"' + "#" * width + '":['

    def group(cards: int) -> str:
        return "{" + ",".join([seat + ",".join(['"##"'] * cards) + "]"] * players) + "}"

    play = '{"seat":"' + "#" * width + '","card":"##"}'
    trick = '{"plays":[' + ",".join([play] * players) + "]}"
    text = group(hand) + (',"passes":' + group(passed) if passed else "")
    return (text + ',"tricks":[' + ",".join([trick] * tricks) + "]").encode()


class _Block(tuple[bytes, _Layout]):
    """The canonical block of one deal, cut out of the text: its bytes and
    its layout."""


#: The layouts met so far, by the length of their blocks (a corpus has few).
_KNOWN_LAYOUTS: dict[int, list[_Layout]] = {}


def _canonical_block(b: bytes) -> _Block | None:
    """*b* (from the ``{`` of the hands) as a :class:`_Block` if it is
    exactly a canonical block (checked against the template of its layout),
    else ``None``."""
    varying = b.translate(_VARYING)
    for known in _KNOWN_LAYOUTS.get(len(b), ()):
        if varying == known.template:
            return _Block((b, known))
    if b[:2] != b'{"':
        return None
    width = b.find(b'"', 2) - 2
    if not 1 <= width <= 8:
        return None
    hand, r = divmod(b.find(b"]", 5 + width) - 4 - width, 5)
    entry = width + 5 + 5 * hand               # one hand, with its comma
    if r or not 1 <= hand <= 17:
        return None
    players, r = divmod(b.find(b"]}", 5 + width) + 1, entry)
    if r or not 2 <= players <= 6:
        return None
    at = players * entry + 1
    passed = 0
    if b.startswith(b',"passes":{', at):
        passed, r = divmod(b.find(b"]", at + 11) - at - 14 - width, 5)
        if r or not 1 <= passed <= hand:
            return None
        at += 11 + players * (width + 5 + 5 * passed)
    at += 10                                   # ',"tricks":'
    tricks, r = divmod(len(b) - at - 1, 12 + players * (24 + width))
    if r or not tricks:
        return None
    layout = _layout(width, players, hand, passed, tricks)
    if varying != layout.template:
        return None
    if sum(map(len, _KNOWN_LAYOUTS.values())) < 64:
        _KNOWN_LAYOUTS.setdefault(len(b), []).append(layout)
    return _Block((b, layout))


def _cut_blocks(text: str) -> tuple[str, list[_Block]] | None:
    """The JSON *text* with the canonical block of every deal replaced by
    the constant ``NaN`` (as if it were ``"hands":NaN``), and those blocks
    in order; ``None`` if there is none.

    Decoding the result with a ``parse_constant`` that hands out the blocks
    in order gives the record of *text*, except that where a block was, the
    key ``hands`` holds the :class:`_Block` instead of the three keys
    ``hands``, ``passes`` and ``tricks``: each block is the text of whole
    values and keys of one object, the text around it is unchanged, and
    every ``NaN`` the decoder meets as a value is one of the cuts, in order,
    if it meets exactly as many constants as there are cuts
    (:func:`_decode_cut` checks that; a ``NaN`` or ``Infinity`` of the text's
    own would make one more).  The fast path checks that each block is met
    where a deal's hands are, in a deal with no other ``passes`` or
    ``tricks``.
    """
    try:
        raw = text.encode()
    except UnicodeEncodeError:     # (a lone surrogate: left to the decoder)
        return None
    start = raw.find(_HANDS_KEY)
    if start < 0:
        return None
    pieces: list[bytes] = []
    cuts: list[_Block] = []
    done = 0
    while start >= 0:
        begin = start + 8
        end = raw.find(b"]}]", begin)
        if end < 0:
            break
        end += 3
        block = _canonical_block(raw[begin:end])
        if block is None:
            start = raw.find(_HANDS_KEY, begin)
            continue
        pieces.append(raw[done:begin])
        pieces.append(b"NaN")
        cuts.append(block)
        done = end
        start = raw.find(_HANDS_KEY, end)
    if not cuts:
        return None
    pieces.append(raw[done:])
    return b"".join(pieces).decode(), cuts


class _CutContext:
    """The settings of a JSON scanner (those of ``json.loads``) whose
    constants are the cut blocks, handed out in order."""

    strict = True
    object_hook = None
    object_pairs_hook = None
    parse_float = float
    parse_int = int

    def __init__(self, cuts: list[_Block]) -> None:
        self.cuts = cuts
        self.used = 0
        self.memo: dict[str, str] = {}

    def parse_constant(self, name: str) -> _Block:
        cut = self.cuts[self.used]       # IndexError: a constant of the text's own
        self.used += 1
        return cut


def _decode_cut(text: str, cuts: list[_Block]) -> Any:
    """The decoded record of a text from :func:`_cut_blocks` (``None`` if
    it does not decode exactly as ``json.loads`` would decode the whole)."""
    ctx = _CutContext(cuts)
    try:
        obj, end = _make_scanner(ctx)(text, 0)
    except (ValueError, StopIteration, IndexError, RecursionError):
        return None
    if ctx.used != len(cuts) or (end != len(text) and not text[end:].isspace()):
        return None
    return obj


def _block_deal(block: _Block, n: int, hs: int, pc: int, offset: int, nt: int, deck: int,
                tables: _SeatTables) -> tuple[list[int], list[int], list[bytes]] | None:
    """The hands as played from (bitmasks), the leader of each trick and
    the cards by column (see :func:`engine.replay_tricks`) of a canonical
    block, if its layout is the rules', its seats are the game's and turn
    clockwise from each leader, its hands are a deal of the deck in play,
    each seat passed cards it was dealt, and every card was played by the
    seat holding it, once (the one check :func:`engine.replay_tricks` is
    spared).

    The cards are read as card numbers in a byte string, and which seat
    holds which card is a byte table (card number -> seat), so that each
    of these checks is a translation of a byte string and one comparison.
    """
    b, lay = block
    w = lay.width
    passed = lay.passed
    if (lay.players != n or lay.hand != hs or lay.tricks != nt or w != tables.width
            or tables.key < 0 or passed != (pc if offset else 0)):
        return None
    cut = b.__getitem__
    # The seats of the hands and passes, in order.
    if b"".join(map(cut, lay.names)) != (tables.chars * 2 if passed else tables.chars):
        return None
    # Every card: dealt, passed, played.
    codes = _codes(b"".join(map(cut, lay.ranks)), b"".join(map(cut, lay.suits)))
    if codes is None:
        return None
    dt = lay.deal_tables.get((offset, deck))
    if dt is None:
        dt = lay.deal_tables[offset, deck] = _deal_tables(n, hs, passed, offset, deck)
    dealt = codes[:n * hs]
    plays = codes[n * (hs + passed):]
    owner = bytes.maketrans(_CARD_NUMBERS + dealt, dt.dealt_to)
    # n * hs cards dealt, and every card of the deck (n * hs of them) among them
    if 255 in dt.deck.translate(owner):
        return None
    if passed:
        given = codes[n * hs:n * (hs + passed)]
        if given.translate(owner) != dt.givers:
            return None     # a card passed that the seat was not dealt
        positions = _POSITIONS[:n * pc]
        if given.translate(bytes.maketrans(given, positions)) != positions:
            return None     # a card passed twice
        # the seat of each card after the pass (the receivers come last and win)
        owner = bytes.maketrans(_CARD_NUMBERS + dealt + given, dt.owned_by)
    positions = _POSITIONS[:n * nt]
    if plays.translate(bytes.maketrans(plays, positions)) != positions:
        return None         # a card played twice
    # The seats of the plays: the leader of each trick, and clockwise from it.
    leaders = cut(lay.seats[tables.key][0]).translate(tables.key_index)
    if leaders.translate(None, _CARD_NUMBERS[:n]):
        return None         # not a seat
    implied = b"".join(map(bytes.translate, repeat(leaders, n), tables.step))
    for j in range(w):
        if b"".join(map(cut, lay.seats[j])) != implied.translate(tables.plane[j]):
            return None
    # Every card played by the seat that holds it (and none twice): each seat
    # played exactly its hand.
    if plays.translate(owner) != implied:
        return None
    down = _CARDS_DOWN.translate(owner)
    h = [int(down.translate(_IS_SEAT[i]), 2) for i in range(n)]
    return h, list(leaders), [plays[i:i + nt] for i in range(0, n * nt, nt)]


def fast_report(obj: Any, source: str | None, index: int | None, line: int | None,
                default_rules: RuleSet | None = None, force_rules: bool = False
                ) -> dict[str, Any] | None:
    """The report entry of a decoded JSON game if it is a clean, complete,
    fully recorded game (then it has no finding at all), else ``None``.

    Same result as ``check_game(game_from_dict(obj)).to_dict()`` whenever
    it is not ``None``; it just skips building the model.
    """
    return _fast_report_or_none(obj, source, index, line, default_rules, force_rules, 0)


def _fast_report_or_none(obj: Any, source: str | None, index: int | None, line: int | None,
                         default_rules: RuleSet | None, force_rules: bool, blocks: int
                         ) -> dict[str, Any] | None:
    try:
        return _fast_report(obj, source, index, line, default_rules, force_rules, blocks)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError):
        return None


def _fast_report(obj: Any, source: str | None, index: int | None, line: int | None,
                 default_rules: RuleSet | None, force_rules: bool, blocks: int
                 ) -> dict[str, Any] | None:
    """:func:`fast_report` of a record decoded as it is, or with *blocks*
    canonical blocks cut out (see :func:`_cut_blocks`)."""
    if type(obj) is not dict or not obj.keys() <= _GAME_KEYS:
        return None
    spec = obj.get("rules")
    if spec is not None and type(spec) is not str:
        return None
    rules = _fast_rules(spec, default_rules, force_rules)
    if rules is None:
        return None
    tags = obj.get("tags") or {}
    if type(tags) is not dict or not set(map(type, tags.values())) <= _STR \
            or not all(map(_TAG_NAME_OK, tags)):
        return None
    comment = obj.get("comment")
    if comment is not None and type(comment) is not str:
        return None
    seats_in = obj.get("seats")
    if seats_in is None:
        seats = rules.default_seats
    else:
        if (type(seats_in) is not list or len(seats_in) != rules.players
                or not all(map(_seat_ok, seats_in)) or len(set(seats_in)) != len(seats_in)):
            return None
        seats = tuple(seats_in)
    tables = _seat_tables(seats)
    players = obj.get("players") or {}
    if type(players) is not dict or not (players.keys() <= tables.names
                                         or all(map(_seat_ok, players))) \
            or not set(map(type, players.values())) <= _STR:
        return None
    deals = obj["deals"]
    if type(deals) is not list or not deals:
        return None
    n = len(seats)
    sidx = tables.index
    orders = tables.orders
    hs, deck, nt, pass_count, cycle_dirs, cycle_offsets, moon_way, target = _rules_constants(rules)
    cycle_len = len(cycle_dirs)
    nplays = n * nt
    totals = [0] * n
    out_deals: list[dict[str, Any]] = []
    finished = False
    winners: tuple[str, ...] = ()
    prev_number = 0
    prev_dealer: tuple[int, int] | None = None
    excerpt = False
    replay = replay_tricks
    full_counts = [hs] * n
    pass_counts = [pass_count] * n
    has_result = obj.get("result") is not None
    int_types = _INT_TYPES
    for d in deals:
        if type(d) is not dict or not d.keys() <= _DEAL_KEYS or finished:
            return None
        get = d.get
        number = get("number")
        if number is None:
            number = prev_number + 1
        elif type(number) is not int or number < 1 or (prev_number and number != prev_number + 1):
            return None
        if not prev_number and number > 1:
            excerpt = True
        if excerpt and (has_result or get("total") is not None):
            return None   # an excerpt: its totals and result cannot be checked
        prev_number = number
        dealer = get("dealer")
        if dealer is not None:
            di = sidx.get(dealer) if type(dealer) is str else None
            if di is None:
                return None
            if prev_dealer is not None and di != (prev_dealer[0] + number - prev_dealer[1]) % n:
                return None
            prev_dealer = (di, number)
        k = (number - 1) % cycle_len
        direction = get("pass")
        if direction is not None and direction != cycle_dirs[k]:
            return None
        if get("moon") is not None or get("unfinished", False) is not False:
            return None
        dcomment = get("comment")
        if dcomment is not None and type(dcomment) is not str:
            return None
        offset = cycle_offsets[k]
        hands = d["hands"]
        if type(hands) is _Block:
            # hands, passes and tricks in their canonical text
            if "passes" in d or "tricks" in d:
                return None
            blocks -= 1
            got = _block_deal(hands, n, hs, pass_count, offset, nt, deck, tables)
            if got is None:
                return None
            h, leaders, columns = got
            taken = replay(rules, h, leaders, columns, True)
        else:
            if type(hands) is not dict or len(hands) != n:
                return None
            lists = list(map(hands.__getitem__, seats))
            if set(map(type, lists)) != _LIST or set(map(len, lists)) != {hs}:
                return None
            h = [sum(map(_BIT_OF, x)) for x in lists]
            # hs distinct cards each (a card twice would carry into another bit),
            # and together the whole deck in play
            if list(map(int.bit_count, h)) != full_counts or sum(h) != deck:
                return None
            passes = get("passes")
            if offset:
                if type(passes) is not dict or len(passes) != n:
                    return None
                lists = list(map(passes.__getitem__, seats))
                if set(map(type, lists)) != _LIST or set(map(len, lists)) != {pass_count}:
                    return None
                given = [sum(map(_BIT_OF, x)) for x in lists]
                if list(map(int.bit_count, given)) != pass_counts:
                    return None
                for i in range(n):
                    if given[i] & ~h[i]:
                        return None
                h = [(h[i] & ~given[i]) | given[(i - offset) % n] for i in range(n)]
            elif passes:
                return None
            tricks = d["tricks"]
            if type(tricks) is not list or sum(map(len, tricks)) != len(tricks):
                return None
            plays = list(chain.from_iterable(map(_PLAYS, tricks)))
            if len(plays) != nplays or sum(map(len, plays)) != 2 * nplays:
                return None
            cards = list(map(_NUMBER_OF, map(_CARD, plays)))
            names = list(map(_SEAT, plays))
            leaders = list(map(sidx.__getitem__, names[::n]))
            if names != list(chain.from_iterable(map(orders.__getitem__, leaders))):
                return None
            taken = replay(rules, h, leaders, [cards[i::n] for i in range(n)])
        if taken is None:
            return None
        pts, shooter = deal_points(rules, taken, moon_way)
        moon: dict[str, Any] | None = None
        if shooter is not None:
            if moon_way == "choose":
                return None
            moon = {"seat": seats[shooter], "choice": moon_way, "assumed": False}
        totals = list(map(add, totals, pts))
        points = dict(zip(seats, pts, strict=True))
        running = dict(zip(seats, totals, strict=True))
        for recorded, computed in ((get("score"), points), (get("total"), running)):
            # A full line that agrees is one dict comparison; points are whole
            # numbers (true and false are not, though they compare so).
            if recorded is not None and (
                    type(recorded) is not dict
                    or (recorded != computed if len(recorded) == n
                        else any(computed[x] != v for x, v in recorded.items()))
                    or list(map(type, recorded.values())) != int_types[len(recorded)]):
                return None
        out_deals.append({"number": number, "points": points, "moon": moon, "totals": running})
        if max(totals) >= target:
            w = game_over(rules, totals)
            if w is not None:
                finished = True
                winners = tuple(seats[x] for x in w)
    if blocks:
        return None     # a block cut out of the text somewhere else than a deal's hands
    result = obj.get("result")
    if result is not None:
        if result == "*":
            if finished:
                return None
        elif (type(result) is not list or not finished or not all(map(_seat_ok, result))
              or set(result) != set(winners)):
            return None
    return {"source": source, "index": index, "line": line, "valid": True, "findings": [],
            "deals": out_deals, "finished": finished, "winners": list(winners)}


_make_scanner: Any = c_make_scanner or py_make_scanner
_SCAN = _make_scanner(json.JSONDecoder())


def report_json_text(text: str, source: str | None, index: int | None, line: int | None,
                     default_rules: RuleSet | str | None = None, force_rules: bool = False,
                     prefix: str = "") -> dict[str, Any]:
    """The report entry of one JSON game given as text (a JSONL line, an
    element of a JSON array): the fast path when it applies, else the
    model and :func:`check_game`.  A text that is not JSON, or not a game,
    is a game with one ``syntax-error`` (as the JSON readers make it)."""
    default = _as_rules(default_rules)
    plain = ("\\u" not in text or _SURROGATE_ESCAPE.search(text) is None) and (
        text.isascii() or _SURROGATE_CHAR.search(text) is None)
    cut = _cut_blocks(text) if plain else None
    if cut is not None:
        obj = _decode_cut(*cut)
        if obj is not None:
            fast = _fast_report_or_none(obj, source, index, line, default, force_rules,
                                        len(cut[1]))
            if fast is not None:
                return fast
    try:
        obj, end = _SCAN(text, 0)
        if end != len(text) and not text[end:].isspace():
            raise json.JSONDecodeError("Extra data", text, end)
    except (StopIteration, *JSON_ERRORS):
        try:
            obj = json.loads(text)
        except JSON_ERRORS as exc:
            message, lineno, colno = json_problem(exc)
            bad = error_game(message, source, index, (line or 1) + lineno - 1, colno)
            return check_game(bad, default, force_rules).to_dict()
    fast = fast_report(obj, source, index, line, default, force_rules) if plain else None
    if fast is not None:
        return fast
    try:
        game = game_from_dict(obj, source, index, line=line)
    except RecordError as exc:
        where = f"{prefix}{exc.where}" if exc.where else prefix.rstrip(": ")
        game = error_game(f"{where}: {exc.message}" if where else exc.message, source, index, line)
    return check_game(game, default, force_rules).to_dict()
