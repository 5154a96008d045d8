"""The referee: every card of every deal against the rules in force.

:func:`check_game` replays a recorded game deal by deal and play by play and
returns a :class:`GameReport`: the findings of docs/spec.md, section 5 (stable code,
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
  hand exactly (docs/spec.md, section 2.7); with fewer it is a lower bound.

A fault is *proven* when the cards known to be held already make the play
illegal: :func:`hearts_notation.state.play_fault` is monotone (a rule forbids a card only
because some other card is held), so a fault with part of the hand is a
fault with the whole hand.  When only the unknown part could make it
illegal, the check cannot be made: one ``info`` finding per deal and rule
says so, never a false error.

Fast on clean deals: every deal first goes through :func:`deal_header` and
:func:`clean_deal`, which work on card bitmasks and flat lists and make no
message; only a deal they refuse is reasoned about as below.  The same two
functions, without a list of findings, are the accepting mode that
:func:`compact_report` runs on the readers' compact form.

After a finding the card is played as written, and the referee avoids
follow-on errors: at most one finding per play (``not-held`` before
``out-of-turn`` before the rules of play); a card played is gone from every
hand; a card no recorded hand holds is believed to be held by whoever plays
it; after an out-of-turn play the order goes on from the recorded seat;
after a short or long trick the next leader is not checked; after an
illegal heart lead hearts count as open.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .cards import (
    CARDS,
    FULL_DECK,
    SUIT_SYMBOLS,
    Card,
    cards_of,
    display_order,
)
from .i18n import Arg, Msg, clip, msg, numbers_and, seats_and, seats_space
from .i18n import seat as _s
from .io.compact import CompactDeal, CompactGame, compact_record
from .io.compact import seat_ok as _seat_ok
from .io.events import Visitor
from .io.hrn.words import misspelt_tag, seat_words
from .model import Deal, Finding, Game, Pass, Pos, Severity
from .rules import (
    RuleError,
    RuleSet,
    lenient_rules,
    load_rules,
    with_players,
)
from .scoring import (
    DealScore,
    game_over,
    line_agrees,
    moon_ways,
    pasted_copies,
    result_agrees,
    score_findings,
    score_game,
    taken_cards,
)
from .seats import PASSING_DIRECTIONS
from .state import (
    GameState,
    deal_pass,
    deal_points,
    moon_shooter,
    opening_leader,
    pass_step,
    replay_tricks,
)

if TYPE_CHECKING:
    from .io.jsonio import JsonLocator

# Imported where they are used, not here (start-up, issue 22): the JSON model
# path (io.jsonio: a clean record takes the compact check), the misordered
# pass (misorder) and score sheets (sheets) -- all for records with findings.


@dataclass
class GameReport:
    """What the referee says about one game (one entry of the report of docs/spec.md, section 6)."""

    game: Game
    rules: RuleSet | None
    findings: list[Finding]
    deals: list[DealScore]
    finished: bool
    winners: tuple[str, ...]
    valid: bool
    #: the card-by-card replay ran on some deal (its findings, if any, sit on
    #: cards and tricks): a game read without the positions of its plays must
    #: be read again with them for each finding to point at its card
    on_cards: bool = False

    def to_dict(self) -> dict[str, Any]:
        """The game entry of docs/spec.md, section 6: source, index, line, valid, findings,
        deals, finished, winners, players, seats (cards as ``"QS"``, seats as recorded)."""
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
            "players": dict(g.players),
            "seats": list(g.seat_names),
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


def rules_with_findings(game: Game, default_rules: RuleSet | str | None = None,
                        force_rules: bool = False) -> tuple[RuleSet, list[Finding]]:
    """The rules a game is checked under, and the ``unknown-rule`` findings.

    ``--force-rules`` (*force_rules* with *default_rules*) wins over the
    record's ``Rules`` tag; otherwise the tag wins, and *default_rules*
    (else ``standard``) applies to records without one.  A tag with a bad
    word keeps its sound part: an unknown preset is replaced by the default
    (or ``standard``) unless one is close to it, an unknown key or a bad value is dropped, and each
    bad word is one ``unknown-rule`` error that names the valid choices
    and the rules the game is then checked under (for a mistyped preset,
    the preset its did-you-mean names): the one lenient reading of a ``Rules``
    string, :func:`~hearts_notation.rules.lenient_rules`, which the HRN reader
    takes too.
    """
    default = _as_rules(default_rules)
    if force_rules and default is not None:
        return default, []
    spec = (game.rules or "").strip()
    read = lenient_rules(spec, default)
    if not read.problems:
        return read.rules, []
    pos = game.rules_pos
    findings = [
        _finding("unknown-rule", "error",
                 msg("finding.unknown-rule", spec=clip(spec), problem=p, under=clip(read.under)),
                 line=pos.line if pos else None, column=pos.column if pos else None)
        for p in _words_together(read.problems)
    ]
    return read.rules, findings


def _words_together(problems: Sequence[Arg]) -> list[Arg]:
    """*problems* with each run of words that are not ``key=value`` told as
    one (``'partie en 50' n'est pas de la forme clé=valeur``): a phrase the
    secretary typed is one slip, not one error a word."""
    out: list[Arg] = []
    run: list[str] = []

    def close() -> None:
        if run:
            out.append(msg("rules.not_pair", word=repr(" ".join(run))).arg())
            run.clear()
    for p in problems:
        if isinstance(p, tuple) and len(p) == 3 and p[0] == "msg" and p[1] == "rules.not_pair":
            args = p[2] if isinstance(p[2], tuple) else ()
            word = next((a[1] for a in args if isinstance(a, tuple) and len(a) == 2 and a[0] == "word"), None)
            if isinstance(word, str) and len(word) >= 2 and word[0] == word[-1] and word[0] in "'\"":
                run.append(word[1:-1])
                continue
        close()
        out.append(p)
    close()
    return out


def resolve_rules(game: Game, default_rules: RuleSet | str | None = None,
                  force_rules: bool = False) -> RuleSet:
    """The rules a game is checked under (see :func:`rules_with_findings`),
    for tools that replay a record and need no findings (replay, annotate,
    stats).  Never raises for a bad ``Rules`` tag: the sound part is kept."""
    return rules_with_findings(game, default_rules, force_rules)[0]


#: The preset for a number of players, suggested to a record that has no
#: ``Rules`` tag and another number of seats than four.
_PLAYERS_PRESET: dict[int, str] = {3: "three-players", 5: "five-players", 6: "six-players"}


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
    pos = game.where.get("Seats") or game.rules_pos
    try:
        adapted = with_players(rules, len(seats))
    except RuleError:
        adapted = rules
    preset = _PLAYERS_PRESET.get(len(seats)) if not game.rules else None
    f = _finding(
        "unknown-rule", "error",
        msg("finding.unknown-rule.seats.preset" if preset else "finding.unknown-rule.seats",
            k=len(seats), seats=seats_space(seats), spec=rules.spec, n=rules.players,
            **({"preset": preset} if preset else {})),
        line=pos.line if pos else None, column=pos.column if pos else None)
    return seats, adapted, [f]


# Messages -------------------------------------------------------------------------------


def _c(card: int) -> str:
    return CARDS[card].text(unicode=True)


def _numbers(ns: Sequence[int]) -> Arg:
    return numbers_and(sorted(set(ns)))


def _ca(card: int) -> Arg:
    """A card as a message argument."""
    return ("card", _c(card))


def _cs(mask: int, limit: int = 4) -> Arg:
    """The cards of a mask as a message argument, the first *limit* named."""
    return ("cards", limit, *(c.text(unicode=True) for c in display_order(cards_of(mask))))


def _finding(code: str, severity: Severity, message: Msg, **where: Any) -> Finding:
    """A finding whose message is an id and arguments (English text beside)."""
    return Finding(code, severity, message.text(), key=message.key, args=message.args, **where)


def _mask(cards: Sequence[int]) -> int:
    """The bitmask of a list of distinct cards, or -1 when one is listed
    twice (then the mask has fewer bits than there are cards).  (A compiled
    loop: ``sum(map(bits.__getitem__, cards))`` called a bound method and
    added Python ints per card, about three times the instructions.)"""
    m = 0
    for c in cards:
        m |= 1 << c
    return m if m.bit_count() == len(cards) else -1


def _mask_twice(cards: Sequence[int]) -> tuple[int, int]:
    """The bitmask of a recorded hand's or pass's *cards*, and that of the
    cards listed more than once in it (its ``duplicate-card`` finding)."""
    m = twice = 0
    for c in cards:
        b = 1 << c
        if m & b:
            twice |= b
        m |= b
    return m, twice


# Per deal ----------------------------------------------------------------------------------


class _Seating:
    """What every deal under one rule set and seat list reads of them,
    worked out once (a corpus has few): the seat order of a trick from each
    leader, the hand size, the cards in play and removed, the pass of each
    step of the cycle (:func:`hearts_notation.state.deal_pass`)."""

    __slots__ = ("cycle", "deck", "hs", "idx", "moon", "n", "names", "nt", "offsets", "orders",
                 "pass_count", "removed", "seats", "sizes")

    def __init__(self, rules: RuleSet, seats: tuple[str, ...]) -> None:
        n = len(seats)
        self.seats = seats
        self.n = n
        self.idx = {s: i for i, s in enumerate(seats)}
        self.names = frozenset(seats)
        #: the seats of a trick in play order, from each leader
        self.orders = tuple(tuple(seats[(lead + k) % n] for k in range(n)) for lead in range(n))
        self.hs = rules.hand_size
        self.nt = rules.tricks_per_deal
        #: the number of cards of each trick of a deal played in full
        self.sizes = [n] * self.nt
        self.deck = rules.deck_mask
        self.removed = FULL_DECK & ~self.deck
        self.pass_count = rules.pass_count
        #: the pass cycle, and the offset of each of its directions (0: no pass)
        self.cycle = tuple(rules.pass_cycle)
        self.offsets = tuple(deal_pass(rules, None, d).offset or 0 for d in self.cycle)
        self.moon = rules.moon

    def direction(self, number: int) -> str:
        """The pass cycle's direction for deal *number*, as
        :func:`~hearts_notation.state.deal_pass` gives it, read off the
        cycle kept here (no attribute of the rule set at each deal)."""
        cycle = self.cycle
        return cycle[pass_step(number, len(cycle))]


@functools.lru_cache(maxsize=64)
def _seating(rules: RuleSet, seats: tuple[str, ...]) -> _Seating:
    return _Seating(rules, seats)


# The check of a clean deal (see the module docstring) ----------------------------------


def _replay(rules: RuleSet, t: _Seating, hands: list[int], names: list[str],
            cards: list[int], sizes: list[int]) -> list[int] | None:
    """:func:`~hearts_notation.state.replay_tricks` of a deal's plays (*names*
    and *cards* flat, *sizes* the cards of each trick) from *hands* (after
    the pass, seat order), when every trick is there, full, its seats
    clockwise from its leader: the cards each seat took, or ``None`` when
    the plays are not all that or a card breaks a rule of play.

    (Concrete lists and a ``while`` loop: compiled with mypyc, a ``range``
    with a step that is not a constant is a Python iterator, and an item of a
    ``Sequence`` a generic look-up; the seat dictionary's ``get`` is called
    as a method, not bound once.)"""
    n = t.n
    count = len(names)
    if sizes != t.sizes or count != len(cards):
        return None
    idx = t.idx
    orders = t.orders
    leaders: list[int] = []
    first = 0
    while first < count:
        lead = idx.get(names[first], -1)
        if lead < 0:
            return None
        order = orders[lead]
        for j in range(1, n):
            if names[first + j] != order[j]:
                return None
        leaders.append(lead)
        first += n
    return replay_tricks(rules, hands, leaders, cards)


#: What :func:`clean_deal` notes of a deal it found clean with its hands
#: inferred from the play: the deal's number, and the seats of its passes in
#: the record's order (``None``: no pass recorded where the cycle passes);
#: :func:`observer_findings` words it.
ObserverNote = tuple[int, list[str] | None]


def clean_deal(rules: RuleSet, t: _Seating, number: int, d: CompactDeal,
               notes: list[ObserverNote] | None = None) -> list[int] | None:
    """The cards each seat took in deal *number* if it is clean, else ``None``.

    The deal is in the compact form (a model's deal is put in it by
    :meth:`_DealCheck.clean`): hands and passes by seat as bitmasks (-1 for
    a hand not known, or a list with a card twice), plays as flat lists.
    Clean: the recorded direction (if any) is the pass cycle's; the dealt
    hands, one per seat, have the hand size each and together the deck in
    play; when cards change hands, every seat passes (the pass count, cards
    it was dealt) and each recipient named in ``to`` (by giver) is the one
    the direction gives; then every trick is full, its seats in turn, and
    every card legal (:func:`_replay`).  Nothing is built for a message: a
    deal it refuses is judged again by :class:`_DealCheck`, which says why.

    With *notes*, a deal with no hand known (an observer's log) is judged
    too (:func:`_observed`); its infos, what could not be checked, are noted
    there to be worded only for the report."""
    k = pass_step(number, len(t.cycle))
    direction = d.direction
    if direction is not None and direction != t.cycle[k]:
        return None
    if notes is not None and not d.hands:
        return _observed(rules, t, number, k, d, notes)
    hands = _seat_masks(t, d.hands)
    if hands is None:
        return None
    if not _whole_deck(t, hands):
        return None
    offset = t.offsets[k]
    n = t.n
    if offset:
        given = _seat_masks(t, d.passes) if d.passes else None
        if given is None:
            return None
        pc = t.pass_count
        for i in range(n):
            g = given[i]
            if g.bit_count() != pc or g & ~hands[i]:
                return None
        if not _recipients_ok(t, d.to, offset):
            return None
        hands = [(hands[i] & ~given[i]) | given[(i - offset) % n] for i in range(n)]
    elif d.passes:
        return None
    return _replay(rules, t, hands, d.names, d.cards, d.sizes)


def _whole_deck(t: _Seating, hands: list[int]) -> bool:
    """Whether *hands* (bitmasks in seat order) hold the hand size each and
    together the deck, each card once: the dealt hands of a clean deal,
    recorded (:func:`clean_deal`) or taken from the play (:func:`_observed`)."""
    hs = t.hs
    whole = 0
    for m in hands:
        if m.bit_count() != hs:
            return False
        whole += m      # (a card twice makes a carry: not the deck)
    return whole == t.deck


def _recipients_ok(t: _Seating, to: dict[str, str] | None, offset: int) -> bool:
    """Whether each recipient a pass names is the one the direction gives."""
    if to is not None:
        get = t.idx.get
        n = t.n
        for giver, recipient in to.items():
            gi = get(giver, -1)
            if gi < 0 or get(recipient) != (gi + offset) % n:
                return False
    return True


def _observed(rules: RuleSet, t: _Seating, number: int, k: int, d: CompactDeal,
              notes: list[ObserverNote]) -> list[int] | None:
    """:func:`clean_deal` of a deal whose dealt hands are not known (none
    recorded: a bot's or a game server's log).  A complete deal says them:
    each seat's hand after the pass is the cards it plays, and its hand as
    dealt that, less what it received, plus what it passed.  Clean: every
    trick full, each seat playing the hand size of cards of the deck, each
    card once; when cards change hands, every seat passes the pass count of
    cards, none of which it plays, and plays every card it received; then
    :func:`_replay` from the hands played.  The referee's inference
    (:meth:`_DealCheck.knowledge`) comes to exactly these hands for such a
    deal, and its findings are infos only: what could not be checked (the
    passes against the hands as dealt, or, with no pass recorded, the
    passes and the hands as dealt), noted in *notes* (:data:`ObserverNote`)."""
    unknown = d.unknown
    idx = t.idx
    if unknown is not None:
        for s in unknown:
            if s not in idx:
                return None
    names, cards = d.names, d.cards
    count = len(cards)
    if d.sizes != t.sizes or count != len(names):
        return None
    n = t.n
    hands = [0] * n
    j = 0
    while j < count:
        i = idx.get(names[j], -1)
        if i < 0:
            return None
        hands[i] |= 1 << cards[j]
        j += 1
    if not _whole_deck(t, hands):
        return None
    offset = t.offsets[k]
    order: list[str] | None = None
    passes = d.passes
    if offset:
        if passes:
            given = _seat_masks(t, passes)
            pc = t.pass_count
            if given is None or not pc:
                return None
            for i in range(n):
                g = given[i]
                if g.bit_count() != pc or g & hands[i] or given[(i - offset) % n] & ~hands[i]:
                    return None
            if not _recipients_ok(t, d.to, offset):
                return None
            order = list(passes)
    elif passes:
        return None
    taken = _replay(rules, t, hands, names, cards, d.sizes)
    if taken is not None and offset:
        notes.append((number, order))
    return taken


def observer_findings(t: _Seating, number: int, order: list[str] | None,
                      deal_pos: Pos | None, pass_pos: Pos | None) -> list[Finding]:
    """The infos of a deal :func:`_observed` found clean (its number, the
    seats of its passes in the record's order or ``None``), as the card-by-card
    check words them: the passes could not be checked against the hands as
    dealt (at the first pass); or, no pass recorded, the passes and the hands
    as dealt are not known (at the deal).  Worded only for the report."""
    if order is not None:
        who = list(dict.fromkeys(order))
        single = len(who) == 1
        return [_finding("pass-not-held", "info",
                         msg(f"finding.pass-not-held.unknown_{'one' if single else 'other'}",
                             who=seats_and(who)),
                         deal=number, trick=None, seat=who[0] if single else None, card=None,
                         line=pass_pos.line if pass_pos else None,
                         column=pass_pos.column if pass_pos else None)]
    seats = list(t.seats)
    line = deal_pos.line if deal_pos else None
    column = deal_pos.column if deal_pos else None
    single = len(seats) == 1
    return [
        _finding("pass-direction", "info",
                 msg("finding.pass-direction.missing_info", deal=number,
                     direction=("dir", t.direction(number)), who=seats_and(seats)),
                 deal=number, trick=None, seat=seats[0] if single else None, card=None,
                 line=line, column=column),
        _finding("missing-cards", "info",
                 msg(f"finding.missing-cards.{'one' if single else 'other'}", who=seats_and(seats)),
                 deal=number, trick=None, seat=None, card=None, line=line, column=column),
    ]


def _seat_masks(t: _Seating, lists: dict[str, int]) -> list[int] | None:
    """Bitmasks by seat name (hands or passes) in seat order, or ``None``
    unless there is exactly one, not negative, for each seat."""
    if len(lists) != t.n:
        return None
    out: list[int] = []
    for s in t.seats:
        m = lists.get(s, -1)
        if m < 0:
            return None
        out.append(m)
    return out


@dataclass
class _Ctx:
    """What every deal of a game shares."""

    rules: RuleSet
    #: the seats and what the rules make of them
    table: _Seating
    last_deal: int
    game_unfinished: bool
    cut: bool = False   # the reader stopped at a syntax error: the last deal may be cut short
    #: the numbers of the deals a line of which did not read (the HRN reader
    #: goes on after it): each may be cut short
    damaged: frozenset[int] = frozenset()
    #: the card-by-card replay ran on a deal (:attr:`GameReport.on_cards`)
    on_cards: bool = False


class _DealCheck:
    """The replay of one deal with its findings (see the module docstring)."""

    def __init__(self, ctx: _Ctx, deal: Deal, number: int, di: int) -> None:
        self.ctx = ctx
        self.rules = ctx.rules
        self.table = table = ctx.table
        self.seats = table.seats
        self.idx = table.idx
        self.n = table.n
        self.deal = deal
        self.number = number
        self.di = di
        self.out: list[Finding] = []
        self.infos: dict[str, list[tuple[int, int, Pos | None]]] = {}
        #: the cards each seat took, when :meth:`clean` or :meth:`replay_with` replayed the deal
        #: (scoring then need not replay the tricks again)
        self.taken: list[int] | None = None
        self.flat: tuple[list[str], list[int], list[int]] | None = None
        self.deck = table.deck
        self.removed = table.removed
        #: the deal stops short on purpose (``*`` on it, or on the game after it)
        self.unfinished = deal.unfinished or (di == ctx.last_deal and ctx.game_unfinished)
        #: ... before its first card: the pass may still be going on
        self.passing = self.unfinished and not any(t.plays for t in deal.tricks)
        #: ... or stops there without saying so (a record cut short in its
        #: passes, not a score sheet): its ``incomplete-deal`` says what is
        #: missing, and the passes not written are not told again
        self.stopped = not any(t.plays for t in deal.tricks) and (
            deal.score is None and deal.total is None and deal.moon is None)

    # -- helpers --------------------------------------------------------------------

    def add(self, code: str, severity: Severity, message: Msg, pos: Pos | None = None,
            trick: int | None = None, seat: str | None = None, card: int | None = None) -> None:
        self.out.append(_finding(
            code, severity, message, deal=self.number, trick=trick, seat=seat,
            card=None if card is None else CARDS[card],
            line=pos.line if pos else None, column=pos.column if pos else None))

    def note(self, code: str, seat: int, trick: int, pos: Pos | None) -> None:
        """A check that could not be made (reported once per deal and code)."""
        self.infos.setdefault(code, []).append((seat, trick, pos))

    def where(self, key: str) -> Pos | None:
        return self.deal.where.get(key) or self.deal.pos

    def removed_args(self) -> dict[str, Arg]:
        """The arguments of the ``removed-card`` messages."""
        return {"n": self.rules.players, "cards_removed": _cs(self.removed, 8)}

    # -- the deal -------------------------------------------------------------------

    def run(self, direction: str | None, header_flagged: bool = False) -> list[Finding]:
        self.header_flagged = header_flagged
        if not header_flagged:
            notes: list[ObserverNote] = []
            self.taken = self.clean(direction, notes)
            if self.taken is not None:
                if notes:   # no hand known, inferred from the play: what could not be checked
                    deal = self.deal
                    order = notes[0][1]
                    first = deal.passes[order[0]].pos if order else None
                    self.out.extend(observer_findings(self.table, self.number, order, deal.pos,
                                                      first or deal.pos))
                return self.out
        self.check_hands()
        self.check_passes(direction)
        sound = all(f.severity == "info" for f in self.out)   # (an info: what could not be checked)
        self.knowledge()
        if sound and all(self.exact) and self.replay_with(list(self.held)):
            # Hands recorded, or settled by a complete play, and played
            # without a fault (most of an observer's log: bots, game servers;
            # or a deal whose only fault is in its header): the card-by-card
            # replay would find nothing more.
            self.flush_infos()
            return self.out
        self.ctx.on_cards = True
        self.play()
        self.flush_infos()
        return self.out

    def clean(self, direction: str | None, notes: list[ObserverNote] | None = None
              ) -> list[int] | None:
        """:func:`clean_deal` of the model's deal seen in the compact form
        (its hands and passes as bitmasks, its plays as flat lists): the one
        clean check the compact path runs too (with *notes*, on a deal with
        no hand known as well)."""
        deal = self.deal
        passes = deal.passes.values()
        names, cards, sizes = self.plays()
        hands = deal.hands
        unknown = [s for s, h in hands.items() if h is None]
        return clean_deal(self.rules, self.table, self.number, CompactDeal(
            self.number, None, direction, {s: _mask(h) for s, h in hands.items() if h is not None},
            {p.seat: _mask(p.cards) for p in passes} or None, names, cards, sizes, None, None,
            {p.seat: p.to for p in passes if p.to is not None} or None, unknown), notes)

    def plays(self) -> tuple[list[str], list[int], list[int]]:
        """The deal's plays as flat lists of seats and cards, and the cards
        of each trick (made once: :meth:`clean` and :meth:`replay_with` read them)."""
        flat = self.flat
        if flat is None:
            # one walk of the tricks (each trick's plays read once)
            names: list[str] = []
            cards: list[int] = []
            sizes: list[int] = []
            for t in self.deal.tricks:
                plays = t.plays
                sizes.append(len(plays))
                for p in plays:
                    names.append(p.seat)
                    cards.append(p.card)
            flat = self.flat = (names, cards, sizes)
        return flat

    def replay_with(self, hands: list[int]) -> bool:
        """:func:`_replay` of the recorded tricks from *hands* (after the
        pass, seat order: recorded, or every one rebuilt exactly from the
        play by :meth:`knowledge`); ``self.taken`` is then the cards each seat
        took.  Clean, the card-by-card replay has nothing to add: every card
        is held, and the turn and the rules of play are checked by the same
        replay."""
        names, cards, sizes = self.plays()
        self.taken = _replay(self.rules, self.table, hands, names, cards, sizes)
        return self.taken is not None

    def check_hands(self) -> None:
        """The dealt hands: seats of the game, no card twice, none removed,
        each of the hand size, together the whole deck (:func:`clean_deal`
        has refused the deal: this says why)."""
        n, idx = self.n, self.idx
        dealt: list[int | None] = [None] * n
        seen = 0
        #: the hands recorded short (seat, cards, where): told after the deck
        self.short: list[tuple[str, int, Pos | None]] = []
        #: the hands short of distinct cards for a card typed twice
        self.short_dup: list[str] = []
        #: the cards dealt to two hands (the later hand, the card, the
        #: earlier hand, the finding), and the hands recorded long (seat,
        #: cards, where, the finding): one slip may explain both (:meth:`one_card_slip`)
        self.cross: list[tuple[str, int, str, Finding]] = []
        self.long: list[tuple[str, int, Pos | None, Finding]] = []
        #: the cards a hand lists twice, and their finding, by seat
        self.twice: dict[str, tuple[int, Finding]] = {}
        for seat, cards in self.deal.hands.items():
            i = idx.get(seat)
            if i is None:
                self.add("hand-size", "error",
                         _not_a_seat(msg("finding.hand-size.seat", seat=_s(seat),
                                         seats=seats_space(self.seats)), seat, self.seats),
                         self.where(f"hand:{seat}"), seat=seat)
                continue
            if cards is None:
                continue
            m = self.hand_faults(seat, cards, seen, dealt)
            seen |= m
            dealt[i] = m
        self.dealt = dealt
        self.all_recorded = None not in dealt
        self.unassigned = 0
        missing = self.deck & ~seen if self.all_recorded else 0
        if self.all_recorded and self.one_card_slip(missing):
            return
        hs, players = self.rules.hand_size, self.rules.players
        short = self.short
        if missing and len(short) == 1 and missing.bit_count() == hs - short[0][1]:
            # One hand short of the cards no hand holds: a card left out
            # when the hand was typed, one finding at its line that names them.
            # The cards no hand holds are taken as that hand's for the rest
            # of the check (its passes and plays are not blamed again).
            seat, k, pos = short[0]
            self.add("hand-size", "error",
                     msg("finding.hand-size.short.#k", seat=_s(seat), k=k, n=players, size=hs,
                         cards=_cs(missing, 8)), pos, seat=seat, card=cards_of(missing)[0])
            dealt[idx[seat]] = (dealt[idx[seat]] or 0) | missing
            return
        for seat, k, pos in short:
            self.add("hand-size", "error",
                     msg("finding.hand-size.#k", seat=_s(seat), k=k, n=players, size=hs), pos,
                     seat=seat)
        if missing:
            dup = self.short_dup
            if not short and len(dup) == 1:
                # a card of the hand typed as another it holds: the card no
                # hand holds is that hand's for the rest of the check, and
                # one finding at the hand names both (not also missing-cards)
                seat = dup[0]
                i = idx[seat]
                held = dealt[i] or 0
                if held.bit_count() + missing.bit_count() == hs:
                    twice, told = self.twice[seat]
                    self.out = [f for f in self.out if f is not told]
                    self.add("duplicate-card", "error",
                             msg("finding.duplicate-card.hand.missing", seat=_s(seat),
                                 cards=_cs(twice), missing=_cs(missing)),
                             self.where(f"hand:{seat}"), seat=seat, card=cards_of(twice)[0])
                    dealt[i] = held | missing
                    return
            self.add("missing-cards", "error",
                     msg("finding.missing-cards.deck", cards=_cs(missing, 8), n=self.deck.bit_count()),
                     self.deal.pos, card=cards_of(missing)[0])
            self.unassigned = missing

    def hand_faults(self, seat: str, cards: tuple[Card, ...], seen: int,
                    dealt: list[int | None]) -> int:
        """The findings of one recorded hand that is not sound (*seen* the
        cards of the hands before it); its cards as a mask."""
        pos = self.where(f"hand:{seat}")
        m, twice = _mask_twice(cards)
        if twice:
            self.add("duplicate-card", "error",
                     msg("finding.duplicate-card.hand", seat=_s(seat), cards=_cs(twice)), pos, seat=seat,
                     card=cards_of(twice)[0])
            self.twice[seat] = (twice, self.out[-1])
        cross = m & seen
        if cross:
            for c in cards_of(cross):
                other = next(self.seats[o] for o in range(self.n)
                             if dealt[o] is not None and dealt[o] >> c & 1)  # type: ignore[operator]
                self.add("duplicate-card", "error",
                         msg("finding.duplicate-card.dealt", card=_ca(c), other=_s(other), seat=_s(seat)),
                         pos, seat=seat, card=c)
                self.cross.append((seat, c, other, self.out[-1]))
        rem = m & self.removed
        if rem:
            self.add("removed-card", "error",
                     msg("finding.removed-card.hand", seat=_s(seat), cards=_cs(rem),
                         **self.removed_args()),
                     pos, seat=seat, card=cards_of(rem)[0])
        hs = self.rules.hand_size
        # (a card typed twice in a hand of the right size otherwise: its
        # duplicate-card finding says it, one slip, one finding)
        if twice and m.bit_count() < hs:
            self.short_dup.append(seat)
        if len(cards) != hs and not (twice and m.bit_count() == hs):
            if len(cards) < hs:
                self.short.append((seat, len(cards), pos))
            else:
                self.add("hand-size", "error",
                         msg("finding.hand-size.#k", seat=_s(seat),
                             k=len(cards), n=self.rules.players, size=hs), pos, seat=seat)
                self.long.append((seat, m, pos, self.out[-1]))
        return m

    def one_card_slip(self, missing: int) -> bool:
        """One card of a hand typed as a card another hand holds, told once
        at the hand that has it wrong (every hand recorded, one card dealt
        twice; ``True`` when so, the hand then taken as meant).

        A card added to a hand: that hand is one card long, the other hand
        that has the card is whole, and no card is missing: the long hand's
        copy is the slip (one ``hand-size``, not also ``duplicate-card``
        and the play's faults of a hand that seemed to hold it).  A card
        typed for another: the hands are whole and one card is missing;
        which copy is the slip, the play tells: the hand that passes or
        plays the missing card first held it (one ``duplicate-card`` at
        that hand, not also ``missing-cards``).  Anything else (the play
        silent, or more than one slip) is told as before."""
        if len(self.cross) != 1 or self.short or self.short_dup or self.removed >> self.cross[0][1] & 1:
            return False
        later, c, earlier, dup = self.cross[0]
        idx, dealt, hs = self.idx, self.dealt, self.rules.hand_size
        card = 1 << c
        if not missing and len(self.long) == 1:
            seat, m, pos, long = self.long[0]
            other = earlier if seat == later else later if seat == earlier else None
            if other is None or m.bit_count() != hs + 1 \
                    or (dealt[idx[other]] or 0).bit_count() != hs:
                return False
            self.out = [f for f in self.out if f is not dup and f is not long]
            self.add("hand-size", "error",
                     msg("finding.hand-size.extra", seat=_s(seat), k=hs + 1, n=self.rules.players,
                         size=hs, card=_ca(c), other=_s(other)), pos, seat=seat, card=c)
            dealt[idx[seat]] = m & ~card
            return True
        if missing.bit_count() != 1 or self.long:
            return False
        meant = cards_of(missing)[0]
        holder = self.first_holder(meant)
        if holder is None or holder not in (later, earlier):
            return False
        other = earlier if holder == later else later
        self.out = [f for f in self.out if f is not dup]
        self.add("duplicate-card", "error",
                 msg("finding.duplicate-card.typed", seat=_s(holder), card=_ca(c), other=_s(other),
                     meant=_ca(meant)), self.where(f"hand:{holder}"), seat=holder, card=c)
        dealt[idx[holder]] = (dealt[idx[holder]] or 0) & ~card | missing
        return True

    def first_holder(self, card: int) -> str | None:
        """The seat the record first shows holding *card*: the one that
        passes it, else the first to play it (``None``: neither)."""
        givers = [p.seat for p in self.deal.passes.values() if card in p.cards]
        if givers:
            return givers[0] if len(givers) == 1 else None
        for t in self.deal.tricks:
            for p in t.plays:
                if p.card == card:
                    return p.seat
        return None

    def check_passes(self, direction: str | None) -> None:
        rules, n, idx, seats = self.rules, self.n, self.idx, self.seats
        deal = self.deal
        table = self.table
        k = pass_step(self.number, len(table.cycle))
        cycle = table.cycle[k]         # deal_pass(rules, self.number).direction
        pass_count = rules.pass_count
        if direction is None or direction == cycle:
            applied = cycle
            offset = table.offsets[k]
        else:
            applied = direction
            offset = deal_pass(rules, recorded=applied).offset or 0
        passes = list(deal.passes.values())
        strangers = False
        for p in passes:
            if p.seat not in idx:
                strangers = True
                self.add("pass-direction", "error",
                         msg("finding.pass-direction.seat", seat=_s(p.seat), seats=seats_space(seats)),
                         p.pos or deal.pos, seat=p.seat)
        if strangers:
            passes = [p for p in passes if p.seat in idx]
        candidates: list[int] = []
        if offset == 0 and passes:
            givers = seats_and([p.seat for p in passes])
            why = (msg("finding.pass-direction.none", who=givers) if not pass_count
                   else msg("finding.pass-direction.hold", deal=self.number, who=givers))
            if not self.header_flagged:   # else the header's finding says it already
                self.add("pass-direction", "error", why, passes[0].pos or deal.pos, seat=passes[0].seat)
            candidates = [rules.pass_offset(cycle)] if pass_count else []
            candidates += [rules.pass_offset(d) for d in PASSING_DIRECTIONS
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
        if offset == 0:
            self.given: list[int | None] = [0] * n
            self.received: list[int | None] = [0] * n
            return
        self.applied = applied
        given: list[int | None] = [None] * n
        passed_union = 0
        other_dealt = 0
        dealt = self.dealt
        for d in dealt:
            if d is not None:
                other_dealt |= d
        givers = 0
        for p in passes:
            i = idx[p.seat]
            givers |= 1 << i
            m, given[i] = self.pass_faults(p, i, passed_union, passes, other_dealt, (i + offset) % n)
            passed_union |= m
        if givers.bit_count() != n and not self.passing and not self.stopped:
            # (in an unfinished deal before its first card, those seats have not
            # passed yet, which is no fault)
            missing = [seats[i] for i in range(n) if not givers >> i & 1]
            lost = deal.lost_passes
            if lost:
                # A pass line that did not read has its syntax error already:
                # its seat's pass is not missing too (one typo, one finding).
                # A lost line whose seat did not read answers for any one seat.
                missing = [s for s in missing if s not in lost]
                if len(missing) <= lost.count(None):
                    missing = []
            if missing:
                self.missing_passes(missing)
        self.given = given
        self.received = [given[(i - offset) % n] for i in range(n)]

    def missing_passes(self, missing: list[str]) -> None:
        """The finding of the seats of a passing deal with no pass recorded."""
        deal = self.deal
        text: dict[str, Arg] = {"deal": self.number, "direction": ("dir", self.direction_name),
                                "who": seats_and(missing)}
        seat = missing[0] if len(missing) == 1 else None
        if self.all_recorded:
            self.add("pass-direction", "error", msg("finding.pass-direction.missing", **text),
                     deal.pos, seat=seat)
        else:
            self.add("pass-direction", "info",
                     msg("finding.pass-direction.missing_info", **text), deal.pos, seat=seat)

    @property
    def direction_name(self) -> str:
        """The direction the passes are applied in, as the messages name it
        (worked out only for a message)."""
        rules, applied, offset = self.rules, self.applied, self.offset
        return applied if rules.pass_offset(applied) == offset else next(
            d for d in PASSING_DIRECTIONS if rules.pass_offset(d) == offset)

    def pass_faults(self, p: Pass, i: int, passed_union: int, passes: list[Pass],
                    other_dealt: int, expected: int) -> tuple[int, int | None]:
        """The findings of one pass that is not plainly sound
        (*passed_union* the cards of the passes before it): its cards as a
        mask, and the cards it is known to give, or ``None`` when it cannot
        be right (a wrong count, a card not held...) and is not trusted for
        the hands: the giver and the receiver are then known only as far as
        the play shows."""
        rules, n, idx, seats = self.rules, self.n, self.idx, self.seats
        pos = p.pos or self.deal.pos
        sure = True
        m, twice = _mask_twice(p.cards)
        if twice:
            self.add("duplicate-card", "error",
                     msg("finding.duplicate-card.pass", seat=_s(p.seat), cards=_cs(twice)), pos,
                     seat=p.seat, card=cards_of(twice)[0])
        if len(p.cards) < rules.pass_count and (
                self.passing or (self.stopped and p is passes[-1])):
            # still choosing: the rest is yet to come; or the record stops in
            # the middle of this line (its incomplete-deal says so)
            sure = False
        elif len(p.cards) != rules.pass_count:
            self.add("pass-count", "error",
                     msg("finding.pass-count.#k",
                         seat=_s(p.seat), k=len(p.cards), n=rules.pass_count), pos, seat=p.seat)
            sure = False
        rem = m & self.removed
        if rem:
            self.add("removed-card", "error",
                     msg("finding.removed-card.pass", seat=_s(p.seat), cards=_cs(rem),
                         **self.removed_args()), pos,
                     seat=p.seat, card=cards_of(rem)[0])
            sure = False
        cross = m & passed_union
        for c in cards_of(cross):
            # the first pass that gave it
            owner = next(q.seat for q in passes if c in q.cards)
            self.add("duplicate-card", "error",
                     msg("finding.duplicate-card.passed", card=_ca(c), other=_s(owner),
                         seat=_s(p.seat)),
                     pos, seat=p.seat, card=c)
            sure = False
        own = self.dealt[i]
        if own is not None:
            notin = m & ~own & ~rem
            if notin:
                self.add("pass-not-held", "error",
                         msg("finding.pass-not-held.dealt", seat=_s(p.seat), cards=_cs(notin),
                             seat2=_s(p.seat)),
                         pos, seat=p.seat, card=cards_of(notin)[0])
                sure = False
        else:
            elsewhere = m & other_dealt & ~rem
            for c in cards_of(elsewhere):
                holder = next(seats[o] for o in range(n)
                              if self.dealt[o] is not None and self.dealt[o] >> c & 1)  # type: ignore[operator]
                self.add("pass-not-held", "error",
                         msg("finding.pass-not-held.other", seat=_s(p.seat), card=_ca(c),
                             holder=_s(holder)), pos,
                         seat=p.seat, card=c)
                sure = False
            if m & ~elsewhere & ~rem:
                self.note("pass-not-held", i, 0, pos)
        if p.to is not None:
            if p.to not in idx:
                self.add("pass-direction", "error",
                         msg("finding.pass-direction.to_seat", seat=_s(p.seat), to=_s(p.to),
                             seats=seats_space(seats)), pos, seat=p.seat)
            elif idx[p.to] != expected:
                self.add("pass-direction", "error",
                         msg("finding.pass-direction.to", seat=_s(p.seat), to=_s(p.to),
                             deal=self.number, direction=("dir", self.direction_name),
                             seat2=_s(p.seat), to2=_s(seats[expected])), pos, seat=p.seat)
        return m, (m if sure else None)

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
        # The cards each seat is the first to play (a card played twice
        # counts for its first player only); where each was first played is
        # worked out by :meth:`play`, the only one to need it.
        plays_by = [0] * n
        seen = 0
        for trick in self.deal.tricks[:self.table.nt]:
            for p in trick.plays:
                s = idx.get(p.seat)
                if s is None:
                    continue
                b = 1 << p.card
                if not seen & b:
                    seen |= b
                    plays_by[s] |= b
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
        # Dealt hands known (recorded, or rebuilt from an exact hand and known passes)
        unknown = [self.seats[i] for i in range(n)
                   if self.dealt[i] is None and not (exact[i] and self.given[i] is not None
                                                     and self.received[i] is not None)]
        if unknown:
            self.add("missing-cards", "info",
                     msg(f"finding.missing-cards.{'other' if len(unknown) > 1 else 'one'}",
                         who=seats_and(unknown)), self.deal.pos)

    def play(self) -> None:
        """Every card in order, judged by a :class:`~hearts_notation.state.GameState`
        that follows the record as written (see the module docstring).

        The game state holds what is known of each hand (its ``hands`` are
        the cards known to be held, ``known`` whether a whole hand is), the
        trick on the table, hearts broken and the winner of each trick; it
        says whether a card breaks a rule of play (:meth:`GameState.fault`).
        What only the referee does is the reasoning about the record: which
        seat could hold a card, whose turn the record shows, and where the
        record's own errors leave the knowledge of the hands."""
        rules, n, idx, seats = self.rules, self.n, self.idx, self.seats
        deal = self.deal
        tricks = deal.tricks
        nt = rules.tricks_per_deal
        # The first appearance of each card in the play, and by whom (what
        # the messages of a fault name).
        first: dict[int, tuple[int, int]] = {}
        for t, trick in enumerate(tricks[:nt]):
            for p in trick.plays:
                s = idx.get(p.seat)
                if s is not None and p.card not in first:
                    first[p.card] = (s, t)
        self.first = first
        hs = rules.hand_size
        # The seat known to hold the lowest club leads (-1 if no hand is known to).
        lc = opening_leader(rules, self.held)
        gs = GameState(rules, self.held, -1 if lc is None else lc)
        gs.known = self.exact
        self.held = held = gs.hands      # the referee's knowledge, shared with the state
        cap, exact = self.cap, self.exact
        count = [0] * n
        played = 0
        played_at: dict[int, tuple[str, int]] = {}
        unfinished = self.unfinished
        expected_leader: int | None = None
        lc_holder = lc
        complete_tricks = 0
        phantom = 0          # cards played by a seat that did not hold them: still in their holder's hand
        for t, trick in enumerate(tricks):
            tn = t + 1
            tpos = trick.pos or (trick.plays[0].pos if trick.plays else None) or deal.pos
            if t >= nt:
                self.add("trick-size", "error",
                         msg("finding.trick-size.deal", deal=self.number, k=len(tricks),
                             n=rules.players, size=nt), tpos, trick=tn)
                break
            is_last = t == len(tricks) - 1
            size_ok = len(trick.plays) == n
            # A short last trick is an unfinished one, not a wrong size: the
            # order of its cards is judged as in a full trick.
            order_ok = size_ok or (is_last and len(trick.plays) < n)
            if not order_ok:
                self.add("trick-size", "error",
                         msg("finding.trick-size.#k",
                             trick=tn, k=len(trick.plays), n=n), tpos, trick=tn)
            in_trick = gs.trick_seats      # the seats whose card is on the table
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
                             msg("finding.out-of-turn.seat", seat=_s(seat), card=_ca(c), seat2=_s(seat),
                                 seats=seats_space(seats)), pos, trick=tn, seat=seat, card=c)
                    stranger = True
                    continue
                if s in in_trick:
                    # A second card from one seat: reported (unless the trick's
                    # size already says it), then played without further checks,
                    # so that it does not also become a revoke or a card played twice.
                    if order_ok:
                        self.add("out-of-turn", "error",
                                 msg("finding.out-of-turn.second", seat=_s(seat), trick=tn), pos,
                                 trick=tn, seat=seat, card=c)
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
                             msg("finding.removed-card.play", seat=_s(seat), card=_ca(c),
                                 **self.removed_args()), pos,
                             trick=tn, seat=seat, card=c)
                    fault_found = True
                    bogus = True
                elif b & phantom and held[s] & b:
                    phantom &= ~b   # its holder plays it at last: the earlier play was the error
                elif played & b:
                    who, when = played_at[c]
                    again = (msg("finding.not-held.again", seat=_s(seat), card=_ca(c), who=_s(who),
                                 trick=when) if who != seat else
                             msg("finding.not-held.already", seat=_s(seat), card=_ca(c),
                                 seat2=_s(seat), trick=when))
                    lost = self.never_played(tricks, nt, idx, s, idx.get(who))
                    if lost is not None:
                        # (a club player looks for the slip among the two plays:
                        # the card the seat never plays says which one; french21)
                        again = msg("finding.not-held.never_played", told=again.arg(),
                                    missing=_ca(lost[1]), owner=_s(seats[lost[0]]), card=_ca(c),
                                    trick=when, trick2=tn)
                    self.add("not-held", "error", again,
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
                            self.add("not-held", "error", why, pos,
                                     trick=tn, seat=seat, card=c)
                            fault_found = True
                            bogus = True
                # Whose turn?
                if not fault_found and order_ok and not stranger:
                    turn = self.turn_fault(t, k, s, c, expected_leader, lc_holder, prev_seat, in_trick,
                                           order)
                    if turn is not None and k == 0 and expected_leader is not None:
                        turn = self.seat_order_offer(turn, trick.plays, expected_leader, tn)
                    if turn is not None:
                        self.add("out-of-turn", "error", turn, pos, trick=tn, seat=seat, card=c)
                        fault_found = True
                        turn_trouble = True
                # The rules of play: the game state's verdict on the cards known held.
                opens_hearts = False
                if not fault_found:
                    fault = gs.fault(c, s)
                    if fault is not None:
                        code, proof = fault
                        self.add(code, "error", self.fault_text(code, seat, c, gs.led_suit, proof, t),
                                 pos, trick=tn, seat=seat, card=c)
                        # an early heart lead counts as opening hearts: reported once
                        opens_hearts = code == "hearts-not-broken"
                    elif not (exact[s] or (held[s] | b).bit_count() == hs - count[s]):
                        others = 0
                        for o in range(n):
                            if o != s:
                                others |= held[o]
                        could = held[s] | (cap[s] & self.deck & ~played & ~others)
                        maybe = gs.fault(c, s, could)
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
                gs.follow(c, s, opens_hearts)
                prev_seat = s
            for o in range(n):
                # The holder of a card played under another seat's name, absent
                # from the trick: most likely the seat's name was miswritten, so
                # the holder is taken to have played it.
                if held[o] & trick_phantoms and o not in in_trick:
                    gone = held[o] & trick_phantoms
                    held[o] &= ~gone
                    phantom &= ~gone
                    count[o] += gone.bit_count()
            winner = gs.end_trick()
            # After a trick of the wrong size, or with a seat out of order, who
            # leads next is not checked (the record's order goes on).
            expected_leader = winner if size_ok and not stranger and not turn_trouble else None
            if size_ok:
                complete_tricks += 1
        cut = (self.ctx.cut and self.di == self.ctx.last_deal) or self.number in self.ctx.damaged
        if not cut and (len(tricks) < nt or (len(tricks) == nt and len(tricks[-1].plays) < n)):
            last_pos = (tricks[-1].pos or (tricks[-1].plays[0].pos if tricks[-1].plays else None)
                        if tricks else None) or deal.pos
            if unfinished:
                self.add("incomplete-deal", "info",
                         msg("finding.incomplete-deal.unfinished", deal=self.number), last_pos)
            elif (deal.moon is not None and deal.score is None and not tricks
                    and deal.moon.seat in self.idx):
                # A sheet that wrote the moon alone: what to write, not "0 tricks".
                m = deal.moon
                add = m.choice == "add"
                line: list[Arg] = []
                for who in self.seats:
                    pts = (0 if add else -26) if who == m.seat else (26 if add else 0)
                    line += [("letter", who), str(pts)]
                self.add("incomplete-deal", "error",
                         msg("finding.incomplete-deal.moon_only", deal=self.number,
                             seat=("seat", m.seat), line=("space", *line)), m.pos or last_pos)
            else:
                self.add("incomplete-deal", "error",
                         msg("finding.incomplete-deal.#k",
                             deal=self.number, k=complete_tricks, n=rules.players, size=nt), last_pos)

    def seat_order_offer(self, told: Msg, plays: Sequence[Any], leader: int, tn: int) -> Msg:
        """*told*, the lead out of turn of trick *tn*, with the trick line to
        write when the trick's cards are written in the seats' order rather
        than the order played (``2. N 6♠ E 9♠ S 7♠ O 4♠`` where West led): every
        seat once, in the table's order from its first seat, the leader another
        seat; the line offered starts from the leader (typed22).  The record may as well
        have the leader wrong: the finding stays, the line is offered."""
        n = self.n
        order = [self.idx.get(p.seat) for p in plays]
        # (the table's order from its first seat, N E S W: any trick is
        # clockwise from its first card, so only a copy from the first seat
        # whose leader is another says "the seats' order")
        if len(order) != n or order != list(range(n)) or leader == 0:
            return told
        at = order.index(leader)
        turned = list(plays[at:]) + list(plays[:at])
        written: list[Arg] = [f"{tn}."]
        for p in turned:
            written += [("letter", p.seat), _ca(p.card)]
        return msg("finding.out-of-turn.seat_order", told=told.arg(), written=("space", *written))

    def turn_fault(self, t: int, k: int, s: int, c: int, expected_leader: int | None,
                   lc_holder: int | None, prev_seat: int | None, in_trick: list[int],
                   order: list[int] | None) -> Msg | None:
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
                    if lc in self.first and self.first[lc][0] == lc_holder and self.evidence >> lc & 1:
                        return msg("finding.out-of-turn.first_plays", seat=_s(seat),
                                   holder=_s(seats[lc_holder]), card=_ca(lc), card2=_ca(lc),
                                   trick=self.first[lc][1] + 1)
                    return msg("finding.out-of-turn.first", seat=_s(seat), holder=_s(seats[lc_holder]),
                               card=_ca(lc))
                return None
            if expected_leader is not None and expected_leader != s:
                return msg("finding.out-of-turn.lead", seat=_s(seat), trick=t + 1,
                           winner=_s(seats[expected_leader]), prev=t)
            return None
        if s in in_trick:
            return msg("finding.out-of-turn.second", seat=_s(seat), trick=t + 1)
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
        return msg("finding.out-of-turn.turn", seat=_s(seat), trick=t + 1,
                   prev_seat=_s(seats[prev_seat]), next_seat=_s(seats[nxt]))

    def never_played(self, tricks: Sequence[Any], nt: int, idx: Mapping[str, int], s: int,
                     first: int | None) -> tuple[int, int] | None:
        """When a card is played a second time (by seat *s*, first by seat
        *first*) in a deal whose tricks are all recorded: the one seat of
        the two, known to hold its cards, that still holds one card it
        never plays, and that card (the card one of the two plays stands
        for), else ``None``."""
        if len(tricks) != nt:
            return None
        found: list[tuple[int, int]] = []
        for x in {s, s if first is None else first}:
            if not self.exact[x]:
                return None
            plays = 0
            for trick in tricks:
                for p in trick.plays:
                    if idx.get(p.seat) == x:
                        plays |= 1 << p.card
            left = self.held[x] & ~plays
            if left:
                if left & (left - 1):
                    return None
                found.append((x, left.bit_length() - 1))
        return found[0] if len(found) == 1 else None

    def why_not(self, s: int, c: int) -> Msg | None:
        """The message of seat *s* playing *c* that it cannot hold (not
        played yet), or ``None`` if it may hold it."""
        b = 1 << c
        seats = self.seats
        me = {"seat": _s(seats[s]), "card": _ca(c)}
        for o in range(self.n):
            if o != s and self.held[o] & b and not (self.evidence & b):
                return msg("finding.not-held.holds", holder=_s(seats[o]), **me)
        g = self.given[s]
        if g is not None and g & b:
            return msg("finding.not-held.passed", seat2=_s(seats[s]),
                       to=_s(seats[(s + self.offset) % self.n]), **me)
        if self.exact[s]:
            d = self.dealt[s]
            if d is not None and not d & b:
                return msg("finding.not-held.not_in", holder=_s(seats[s]), **me)
            return msg("finding.not-held.not_hold", holder=_s(seats[s]), **me)
        if not self.cap[s] & b:
            d = self.dealt[s]
            if d is not None and not d & b:
                return msg("finding.not-held.not_dealt", holder=_s(seats[s]), **me)
            return msg("finding.not-held.could_not", holder=_s(seats[s]), **me)
        return None

    def fault_text(self, code: str, seat: str, c: int, led: int | None, proof: int, t: int) -> Msg:
        """The message of a fault, naming the cards that prove it (and, for
        cards known only from later play, where they are played)."""
        args: dict[str, Arg] = {"seat": _s(seat), "card": _ca(c), "cards": _cs(proof)}
        inferred = proof & self.evidence
        note = ""
        if inferred:
            later = sorted(cards_of(inferred), key=lambda x: self.first.get(x, (0, 99))[1])[:2]
            args["later"] = ("comma", *(msg("card.on_trick", card=_ca(x), trick=self.first[x][1] + 1).arg()
                                        for x in later if x in self.first))
            note = ".note"
        if code == "revoke":
            assert led is not None
            return msg("finding.revoke" + note, suit=SUIT_SYMBOLS[led], **args)
        if code == "first-trick-points":
            return msg("finding.first-trick-points" + note, **args)
        if code == "opening-lead":
            if self.rules.opening_lead == "any-club":
                return msg("finding.opening-lead." + ("club_note" if note else "club"), **args)
            return msg("finding.opening-lead" + note, **args)
        return msg("finding.hearts-not-broken" + note, **args)

    def flush_infos(self) -> None:
        seats = self.seats
        passes = self.infos.pop("pass-not-held", None)
        if passes:
            who = seats_and(list(dict.fromkeys(seats[s] for s, _, _ in passes)))
            single = len({s for s, _, _ in passes}) == 1
            self.add("pass-not-held", "info",
                     msg(f"finding.pass-not-held.unknown_{'one' if single else 'other'}", who=who),
                     passes[0][2], seat=seats[passes[0][0]] if single else None)
        for code, items in self.infos.items():
            who = seats_and(list(dict.fromkeys(seats[s] for s, _, _ in items)))
            tricks = [t for _, t, _ in items if t]
            on: Arg = (msg(f"on.{'other' if len(set(tricks)) > 1 else 'one'}",
                           list=_numbers(tricks)).arg() if tricks else "")
            single = len({s for s, _, _ in items}) == 1
            self.add(code, "info",
                     msg(f"finding.{code}.unknown_{'one' if single else 'other'}", who=who, on=on),
                     items[0][2], trick=tricks[0] if tricks else None,
                     seat=seats[items[0][0]] if single else None)


def _line_key(f: Finding) -> int:
    """Findings of a deal in the order of the text (those without a place last)."""
    return f.line if f.line is not None else 1 << 30


# The game -----------------------------------------------------------------------------------


#: What refereeing one deal gives: its findings, and the cards each seat took
#: (``None`` when the deal was not replayed cleanly; scoring replays it then).
DealResult = tuple[list[Finding], list[int] | None]
#: A keeper of deal checks (the language server's, which checks again only the
#: deals an edit touched): called with the deal's index, the deal, a key of
#: everything else its check depends on, and the check itself; returns the
#: check's result, made now or kept from an earlier call with the same inputs.
DealMemo = Callable[[int, Deal, Hashable, Callable[[], DealResult]], DealResult]


def _head(head: list[Finding], code: str, severity: Severity, message: Msg, number: int,
          pos: Pos | None, seat: str | None = None) -> None:
    """A finding of a deal's header (number, dealer, direction)."""
    head.append(_finding(code, severity, message, deal=number, seat=seat,
                         line=pos.line if pos else None, column=pos.column if pos else None))


def deal_header(rules: RuleSet, t: _Seating, di: int, recorded: int | None, dealer: str | None,
                direction: str | None, prev_number: int, prev_dealer: tuple[int, int] | None,
                head: list[Finding] | None, pos: Pos | None = None, comes_later: bool = False
                ) -> tuple[int, tuple[int, int] | None, bool] | None:
    """The header of the game's deal *di* (its *recorded* number, *dealer*
    and pass *direction*) after the deal numbered *prev_number* (0 before the
    first), *prev_dealer* the last dealer recorded (seat index, deal number):
    the deal's number, the last dealer after it, and whether the direction
    contradicts the pass cycle (the deal's check then says no more of it).

    Each fault is a finding in *head*; with no *head* (the compact check,
    which only accepts) the first fault gives ``None`` and no message is made.
    *comes_later*: the deal expected here is recorded further on, so a deal
    numbered beyond it is one recorded early, not misnumbered: the deal that
    breaks the order again is told (two deals swapped are one finding).
    """
    seats = t.seats
    n = t.n
    expected = prev_number + 1
    number = recorded if recorded is not None else expected
    # The first deal may bear any number (a record may start in the middle
    # of a game); after it, each deal is the next one.
    renumbered = di > 0 and recorded is not None and number != expected and number != di + 1
    if renumbered and not (comes_later and number > expected and head is not None):
        if head is None:
            return None
        _head(head, "deal-number", "error",
              msg("finding.deal-number", deal=number, prev=prev_number, expected=expected),
              number, pos)
    if dealer is not None:
        d = t.idx.get(dealer)
        if d is None:
            if head is None:
                return None
            _head(head, "dealer-rotation", "warning",
                  _not_a_seat(msg("finding.dealer-rotation.seat", deal=number, dealer=_s(dealer),
                                  seats=seats_space(seats)), dealer, seats), number, pos, dealer)
        else:
            if prev_dealer is not None:
                want = (prev_dealer[0] + number - prev_dealer[1]) % n
                if d != want and not renumbered:
                    if head is None:
                        return None
                    _head(head, "dealer-rotation", "warning",
                          msg("finding.dealer-rotation", deal=number, dealer=_s(dealer),
                              prev_dealer=_s(seats[prev_dealer[0]]), prev=prev_dealer[1],
                              next_dealer=_s(seats[want])), number, pos, dealer)
            if not renumbered:
                # (a deal whose number is wrong is no reference for the next
                # dealers: one wrong number, one finding)
                prev_dealer = (d, number)
    flagged = False
    if direction is not None and t.pass_count:
        cycle = t.direction(number)
        if direction != cycle:
            # With a broken number, the direction may follow either count.
            fits = ({cycle, t.direction(expected), t.direction(di + 1)}
                    if renumbered else {cycle})
            flagged = direction not in fits
            if flagged:
                if head is None:
                    return None
                _head(head, "pass-direction", "error",
                      msg("finding.pass-direction.cycle", deal=number,
                          direction=("dir", str(direction)),
                          cycle=("comma", *(("dir", x) for x in rules.pass_cycle)), deal2=number,
                          direction2=("dir", cycle)), number, pos)
    return number, prev_dealer, flagged


def _pass_card_slip(ctx: _Ctx, deal: Deal, number: int, di: int, header_flagged: bool,
                    found: list[Finding]) -> list[Finding]:
    """*found*, or one finding at a pass line whose card was typed as another
    card its seat holds (``pass N: KH AH TS`` for ``TH``): the seat then
    plays the card it seems to have passed, and the receiver the card it
    really got, two ``not-held`` errors (and a revoke where the wrong holder
    seemed to have the suit) for one slip.  Taken when the deal has exactly
    two ``not-held`` errors, by two seats (two plays: no one slip in a
    trick line makes them both), one the passer's play of a card it passed and
    the other a card not in that pass, and the deal replayed with that card
    passed instead has no error: exactly one such reading.  The findings
    are then the slip's and the corrected replay's others (docs/decisions.md,
    helper reader5)."""
    bad = [f for f in found if f.code == "not-held"]
    if len(bad) != 2 or bad[0].seat == bad[1].seat:
        return found
    fits: list[tuple[Pass, Card, Finding, Finding, list[Finding]]] = []
    for p in deal.passes.values():
        for typed_f, meant_f in ((bad[0], bad[1]), (bad[1], bad[0])):
            typed = next((c for c in p.cards if typed_f.seat == p.seat and c == typed_f.card), None)
            meant = meant_f.card
            if typed is None or meant is None or meant in p.cards:
                continue
            alt = dataclasses.replace(p, cards=tuple(meant if c == typed else c for c in p.cards))
            fixed = dataclasses.replace(deal, passes={**deal.passes, p.seat: alt})
            again = _DealCheck(ctx, fixed, number, di).run(fixed.direction, header_flagged)
            if not any(f.severity == "error" for f in again):
                fits.append((p, meant, typed_f, meant_f, again))
    if len(fits) != 1:
        return found
    p, meant, typed_f, meant_f, again = fits[0]
    typed_card = typed_f.card
    assert typed_card is not None
    m = msg("finding.not-held.pass_slip", seat=_s(p.seat), typed=_ca(typed_card), card=_ca(meant),
            to=_s(str(meant_f.seat)), trick=meant_f.trick or 0, seat2=_s(p.seat),
            typed2=_ca(typed_card), trick2=typed_f.trick or 0)
    pos = p.pos
    head = Finding("not-held", "error", m.text(), deal=number, seat=p.seat, card=typed_card,
                   line=pos.line if pos else None, column=pos.column if pos else None,
                   key=m.key, args=m.args)
    return [head, *again]


def _stranger_players(game: Game, seats: Sequence[str]) -> list[Finding]:
    """A ``player-conflict`` error for each player named at a seat the game
    does not have (``"players": {"X": "Ann"}``, ``P7`` at four seats), at
    that name: the referee judges it as it judges a hand recorded for such
    a seat.  Kept silently, the name would be written to HRN as a tag of
    that name, which reads back as a tag, not a player: the JSON and HRN
    forms of the record would differ (helper hostile10's finding)."""
    out: list[Finding] = []
    for seat in game.players:
        if seat in seats:
            continue
        pos = game.where.get(f"player:{seat}") or game.pos
        out.append(_finding("player-conflict", "error",
                            _not_a_seat(msg("finding.player-conflict.seat", seat=_s(seat),
                                            seats=seats_space(seats)), seat, seats),
                            line=pos.line if pos else None, column=pos.column if pos else None,
                            seat=seat))
    return out


#: The messages of the findings this module and :mod:`hearts_notation.scoring`
#: (which the referee runs) make at a seat the game does not have, one per
#: place a record names a seat (:func:`_names_a_stranger` walks the same
#: places): a ``players`` key (:func:`_stranger_players`), a hand
#: (``_DealCheck``), a pass and its ``to``, a play, a dealer
#: (:func:`deal_header`), a score, a total, a moon and a result
#: (``scoring``); :func:`_not_a_seat` wraps some of them in
#: ``finding.seat_meant``.  A play at such a seat may instead be told as a
#: slip, ``finding.play_slip.seat``, which is one only when its typed seat
#: is not the game's (:func:`stranger_seat_findings`).
_STRANGER_KEYS: frozenset[str] = frozenset({
    "finding.player-conflict.seat", "finding.hand-size.seat", "finding.pass-direction.seat",
    "finding.pass-direction.to_seat", "finding.out-of-turn.seat", "finding.dealer-rotation.seat",
    "finding.moon-choice.seat", "finding.score-mismatch.seat", "finding.total-mismatch.seat",
    "finding.result-mismatch.seat", "finding.seat_meant"})


#: The findings that a record's seats are not as many as its rules'
#: players (:func:`stranger_seat_findings` tells that cause, not each place).
_SEAT_COUNT_KEYS: frozenset[str] = frozenset({"finding.unknown-rule.seats",
                                              "finding.unknown-rule.seats.preset"})


def _names_a_stranger(game: Game, seats: frozenset[str]) -> bool:
    """Whether *game* names, anywhere, a seat outside *seats*: a walk over
    its seat keys and fields (no message made, no replay), so that a clean
    record costs :func:`stranger_seat_findings` one pass over its plays."""
    if not game.players.keys() <= seats:
        return True
    if isinstance(game.result, tuple) and not set(game.result) <= seats:
        return True
    for deal in game.deals:
        if deal.dealer is not None and deal.dealer not in seats:
            return True
        if not deal.hands.keys() <= seats or not deal.passes.keys() <= seats:
            return True
        for p in deal.passes.values():
            if p.to is not None and p.to not in seats:
                return True
        if (deal.score is not None and not deal.score.keys() <= seats) or (
                deal.total is not None and not deal.total.keys() <= seats):
            return True
        if deal.moon is not None and deal.moon.seat not in seats:
            return True
        for trick in deal.tricks:
            for play in trick.plays:
                if play.seat not in seats:
                    return True
    return False


def stranger_seat_findings(game: Game) -> list[Finding]:
    """The findings of :func:`check_game` at the places *game* names a seat
    it does not have (a ``players`` key ``X`` or ``North`` at N/E/S/W, a
    hand, a pass or its ``to``, a play, a score, a total, a dealer, a moon
    or a result at such a seat), worded as the referee words them; empty
    for a game that names none.  The game's seats are its ``seats``, else
    its rules' default ones.

    The referee is the one judge of seats: ``hearts convert`` asks it
    which records it cannot write to HRN (docs/decisions.md, "convert and
    the seats a game does not have"; "Where the seat knowledge lives").
    :func:`check_game` runs only for a game that names such a seat: a clean
    record costs the walk of :func:`_names_a_stranger` (no message, no
    replay).  A stranger the referee words without its seat (none known)
    gives one ``player-conflict`` error at the game, which names its seats.
    When the game's seats are not as many as its rules' players, the one
    finding is that (``unknown-rule``), its places as its ``details``: the
    cause, not a place per card at the seat it lacks."""
    rules, _ = rules_with_findings(game)
    order = game_seats(game, rules)[0]
    seats = frozenset(order)
    if not _names_a_stranger(game, seats):
        return []
    findings = check_game(game).findings
    found = [f for f in findings if f.key in _STRANGER_KEYS
             or (f.key == "finding.play_slip.seat" and f.seat not in seats)]
    cause = next((f for f in findings if f.key in _SEAT_COUNT_KEYS), None)
    if found and cause is not None:
        # The game's seats are not as many as its rules' players: that is
        # the error, and every card at a missing seat only follows from it
        # (a 4-player game recorded with three ``seats`` was 162 places
        # without the cause; tidy18).  The places stay its details.
        return [dataclasses.replace(cause, details=(*cause.details, *found))]
    if found:
        return found
    m = msg("finding.stranger-seat", seats=seats_space(order))
    return [Finding("player-conflict", "error", m.text(), key=m.key, args=m.args)]


def _not_a_seat(said: Msg, typed: str, seats: Sequence[str]) -> Msg:
    """*said* (a name given where a seat of the game belongs that is none of
    them), with the seat meant when the name is one written in full or in
    another case (``"dealer": "North"`` or ``"n"`` from another program's
    JSON, ``donneur Nord`` on a sheet): one of those is the one slip, and
    saying only that it is no seat would leave the reader to guess."""
    folded = typed.lower()
    meant = seat_words(tuple(seats)).get(folded)
    if meant is None:
        meant = next((s for s in seats if s.lower() == folded), None)
    if meant is None:
        return said
    return msg("finding.seat_meant", error=said.arg(), seat=_s(meant))


#: Play faults a slip in one card or seat of a trick line causes.
_PLAY_FAULTS: frozenset[str] = frozenset({"not-held", "out-of-turn", "revoke", "opening-lead",
                                          "first-trick-points", "hearts-not-broken"})
#: At most this many errors in a deal for a slip in a trick line to be looked
#: for (one slip's cascade: the fault, the turn it shifts, a second play of
#: the card; a deal with more has more wrong than one key).
_PLAY_SLIP_MAX = 4


def _play_slip(ctx: _Ctx, deal: Deal, number: int, di: int, header_flagged: bool,
               found: list[Finding], checker: _DealCheck) -> tuple[list[Finding], _DealCheck | None]:
    """*found*, or one finding at a play whose card or seat was mistyped in
    a trick line (``O J♠`` for ``O 4♠``, ``e 2D`` for ``W 2D``): the play
    then disagrees with the hands, and the slip shows two or three errors
    (``not-held`` and the ``out-of-turn`` of the seat that really led next,
    or the card's second play; a ``revoke``).  Each play of the first
    faulty trick, and each play of a card played twice, is replayed with
    its card replaced by a card no trick plays, or its seat by another seat;
    when exactly one such change makes the deal clean (no error, and the
    deal's score line, if any, the points of the changed play), that is the
    one finding, at the play, with the corrected replay's other findings
    (which are then not errors).  Sound under one slip: every hand is
    recorded and whole (the changed replay checks them), the change must
    explain every error at once and agree with the score written, and a
    second reading that does as well leaves the findings as they were
    (docs/decisions.md, helper leftovers5).  One play error alone is
    looked at only when the cards *checker* (the deal's replay as recorded)
    saw taken do not fit the score line: the slip's second finding is then
    the ``score-mismatch`` (and ``total-mismatch``) that scoring would add.
    The checker of the changed replay comes back too: its cards taken are
    the ones to score."""
    errors = [f for f in found if f.severity == "error"]
    if not 1 <= len(errors) <= _PLAY_SLIP_MAX or any(
            f.code not in _PLAY_FAULTS or f.trick is None for f in errors):
        return found, None
    if len(errors) == 1 and _score_fits(ctx, deal, checker):
        return found, None
    seats = ctx.table.seats
    if any(deal.hands.get(s) is None for s in seats):
        return found, None
    played = [p.card for t in deal.tricks for p in t.plays]
    seen: set[Card] = set()
    twice: set[Card] = set()
    for c in played:
        (twice if c in seen else seen).add(c)
    unplayed = [c for c in cards_of(ctx.table.deck) if c not in seen] if len(played) >= 44 else []
    faulty = min(errors, key=lambda f: f.trick or 0)
    # (most changes do not fit: a deal played in full, its header sound, is
    # first put to the compact clean check, which builds no message; its
    # play's findings are errors or infos, and with every hand recorded and
    # every card played none is an info, so clean is no error there)
    quick = not header_flagged and len(played) == ctx.table.n * ctx.rules.tricks_per_deal \
        and not deal.unfinished
    first = (faulty.trick or 1) - 1
    fits: list[tuple[int, int, str, Card, _DealCheck, list[Finding]]] = []
    for ti, trick in enumerate(deal.tricks):
        for pi, play in enumerate(trick.plays):
            if ti != first and play.card not in twice:
                continue
            changes = [dataclasses.replace(play, card=c) for c in unplayed]
            changes += [dataclasses.replace(play, seat=s) for s in seats if s != play.seat]
            for alt in changes:
                plays = (*trick.plays[:pi], alt, *trick.plays[pi + 1:])
                tricks = (*deal.tricks[:ti], dataclasses.replace(trick, plays=plays),
                          *deal.tricks[ti + 1:])
                fixed = dataclasses.replace(deal, tricks=tricks)
                check = _DealCheck(ctx, fixed, number, di)
                if quick and check.clean(fixed.direction) is None:
                    continue
                again = check.run(fixed.direction, header_flagged)
                if any(f.severity == "error" for f in again) or not _score_fits(ctx, deal, check):
                    continue
                fits.append((ti, pi, alt.seat, alt.card, check, again))
                if len(fits) > 1:
                    return found, None
    if len(fits) != 1:
        return found, None
    ti, pi, seat, card, check, again = fits[0]
    play = deal.tricks[ti].plays[pi]
    if card != play.card:
        m = msg("finding.play_slip.card", trick=ti + 1, seat=_s(play.seat), typed=_ca(play.card),
                card=_ca(card))
    else:
        m = msg("finding.play_slip.seat", trick=ti + 1, typed=_s(play.seat), card=_ca(card),
                seat=_s(seat))
    pos = play.pos or deal.tricks[ti].pos
    head = Finding(faulty.code, "error", m.text(), deal=number, trick=ti + 1, seat=play.seat,
                   card=play.card, line=pos.line if pos else None,
                   column=pos.column if pos else None, key=m.key, args=m.args)
    return [head, *again], check


def _score_fits(ctx: _Ctx, deal: Deal, check: _DealCheck) -> bool:
    """Whether *deal*'s score line, if it has one, gives each seat the points
    of the cards taken in *check*'s deal, a moon scored only in a way the
    rules in force allow (:func:`~hearts_notation.scoring.moon_ways`: the
    preset's or the record's ``moon`` rule, the deal's ``moon`` line under
    ``choose``), so that a slip is not "found" by a moon the record's rules
    would score otherwise: the cards taken are those its replay saw, or for
    a replay that stopped at a fault, those scoring counts
    (:func:`~hearts_notation.scoring.taken_cards`)."""
    if deal.score is None:
        return True
    seats = ctx.table.seats
    taken = check.taken if check.taken is not None else taken_cards(check.deal, ctx.rules, seats)
    shooter = moon_shooter(ctx.rules, taken)
    ways = ("add",) if shooter is None else moon_ways(deal, ctx.rules, seats, shooter)
    for way in ways:
        points, _ = deal_points(ctx.rules, taken, way)
        if line_agrees(deal.score, dict(zip(seats, points, strict=True))):
            return True
    return False


def _referee_deal(ctx: _Ctx, deal: Deal, number: int, di: int, header_flagged: bool,
                  quiet: frozenset[int]) -> DealResult:
    """The check of one deal: its findings and, when it was replayed in one
    pass without a fault, the cards each seat took."""
    rules = ctx.rules
    checker = _DealCheck(ctx, deal, number, di)
    found = checker.run(deal.direction, header_flagged)
    if found:
        from . import misorder

        if len(found) >= misorder.THRESHOLD:    # the plays may fit another pass
            found = misorder.explain(rules, deal, number, deal.direction, header_flagged, found,
                                     functools.partial(_DealCheck, ctx, deal, number, di))
        slipped = _pass_card_slip(ctx, deal, number, di, header_flagged, found)
        if slipped is found:
            slipped, corrected = _play_slip(ctx, deal, number, di, header_flagged, found, checker)
            if corrected is not None:
                checker = corrected
        found = slipped
    took = checker.taken
    # (a deal replayed in one pass was played in full: not a score sheet's)
    if took is None:
        from .sheets import is_sheet_deal, sheet_play_findings

        if is_sheet_deal(deal, rules, ctx.table.seats):
            found = sheet_play_findings(deal, found)    # a score sheet's deal (hearts_notation.sheets)
    if found and number in quiet:   # what a line that did not read kept from being checked goes unsaid
        found = [f for f in found if f.severity != "info"]
    return found, took


def check_game(game: Game, default_rules: RuleSet | str | None = None,
               force_rules: bool = False, memo: DealMemo | None = None) -> GameReport:
    """Referee a whole game: syntax errors carried by the reader, the rules,
    every deal and play, then the scores against the record.

    *default_rules* (a :class:`RuleSet`, or a ``--rules`` string) applies to
    records without a ``Rules`` tag, or to every record with *force_rules*.
    *memo* (see :data:`DealMemo`) may answer for the check of a deal; the
    game-wide checks (numbers, dealers, scores, the end) are always made.

    A clean game costs the checks and one replay per deal
    (:func:`hearts_notation.state.replay_tricks`): a message is made only
    for a finding.
    """
    # The reader's errors in a deal go with that deal's findings, in the
    # order of the text; the others (tags...) first, with the tags' findings.
    from .sheets import club_findings, has_play, tag_findings

    errors = game.errors
    rules, rf = rules_with_findings(game, default_rules, force_rules)
    tf = tag_findings(game) if game.tags else []
    if game.notices:
        tf = [*game.notices, *tf]
    findings: list[Finding] = []
    in_deal: list[Finding] = []
    damaged: frozenset[int] = frozenset()
    if errors or rf or tf:
        in_deal = [f for f in errors if f.deal is not None]
        findings = sorted([*(f for f in errors if f.deal is None), *rf, *tf],
                          key=lambda f: (f.line or 0, f.column or 0))
        damaged = frozenset(f.deal for f in in_deal if f.deal is not None)
    seats, rules, sf = game_seats(game, rules)
    findings.extend(sf)
    if game.players and not game.players.keys() <= set(seats):
        findings.extend(_stranger_players(game, seats))
    table = _seating(rules, seats)
    deals = game.deals
    if errors:      # (a line lost quietly, its cause told at another line)
        damaged |= frozenset(d.number for d in deals if d.damaged and d.number is not None)
    # Deals whose infos (what could not be checked) go unsaid: the damaged
    # ones, and a sheet's deal written with its moon line alone (its error
    # says what to write).
    quiet = damaged | frozenset(
        d.number for d in deals
        if d.moon is not None and d.score is None and not has_play(d) and d.number is not None)
    ctx = _Ctx(rules, table, len(deals) - 1, game.result == "*", bool(errors), damaged)
    per_deal: list[list[Finding]] = []
    taken: list[list[int] | None] = []
    prev_number = 0
    prev_dealer: tuple[int, int] | None = None   # (seat index, deal number)
    last_at = {d.number: di for di, d in enumerate(deals)}   # where each number is recorded last
    copies = pasted_copies(deals)
    for di, deal in enumerate(deals):
        head: list[Finding] = []
        header = deal_header(rules, table, di, deal.number, deal.dealer, deal.direction,
                             prev_number, prev_dealer, head, deal.pos,
                             last_at.get(prev_number + 1, -1) > di)
        assert header is not None      # (with *head*, faults are written there)
        number, prev_dealer, header_flagged = header
        prev_number = number
        original = copies[di]
        if original is not None:
            # A deal pasted twice: one finding, at the copy; its checks are
            # the original's, and it is counted once (scoring.pasted_copies).
            first = deals[original].pos
            per_deal.append([_finding("deal-number", "error",
                                      msg("finding.deal-number.copy", deal=number,
                                          line=first.line if first else 0),
                                      deal=number, line=deal.pos.line if deal.pos else None,
                                      column=deal.pos.column if deal.pos else None)])
            taken.append(taken[original])
            continue
        if memo is None:
            found, took = _referee_deal(ctx, deal, number, di, header_flagged, quiet)
        else:       # the deal's check depends on the deal and on these alone
            last = di == ctx.last_deal
            found, took = memo(di, deal, (rules, seats, number, header_flagged,
                                          last and ctx.game_unfinished, last and ctx.cut,
                                          number in quiet),
                               functools.partial(_referee_deal, ctx, deal, number, di,
                                                 header_flagged, quiet))
        per_deal.append(head + found if head else found)
        taken.append(took)
    score = score_game(game, rules, seats, taken)
    extra = club_findings(game, rules, seats) + score_findings(game, rules, score)
    before: dict[int, list[Finding]] = {}
    after: dict[int, list[Finding]] = {}
    for i, order, f in extra:
        if f.severity == "info" and f.deal in quiet:
            continue
        (before if order == 0 else after).setdefault(i, []).append(f)
    if in_deal:
        index_of: dict[int | None, int] = {}
        for di, deal in enumerate(deals):
            index_of.setdefault(deal.number, di)
        for f in in_deal:
            at = index_of.get(f.deal)
            if at is None:
                findings.append(f)
            else:
                before.setdefault(at, []).append(f)
    if before or after:
        for di, fs in enumerate(per_deal):
            group = [*before.get(di, ()), *fs, *after.get(di, ())]
            group.sort(key=_line_key)
            findings.extend(group)
        findings.extend(after.get(len(deals), ()))
    else:
        for fs in per_deal:
            if fs:
                findings.extend(sorted(fs, key=_line_key))
    valid = True
    for f in findings:
        if f.severity == "error":
            valid = False
            break
    return GameReport(game, rules, findings, score.deals, score.finished, score.winners, valid,
                      ctx.on_cards or memo is not None)


def validate_game(game: Game, default_rules_spec: RuleSet | str | None = None,
                  force: bool = False) -> dict[str, Any]:
    """One game's report entry (docs/spec.md, section 6) as plain data.

    A pure top-level function of picklable arguments and result, so that
    ``validate --jobs N`` can run it in a process pool.
    """
    return check_game(game, default_rules_spec, force).to_dict()


__all__ = [
    "CompactBuilder",
    "CompactCheck",
    "CompactDeal",
    "CompactGame",
    "DealMemo",
    "DealResult",
    "GameReport",
    "check_game",
    "compact_check",
    "compact_report",
    "game_seats",
    "report_hrn_text",
    "report_json_text",
    "resolve_rules",
    "rules_with_findings",
    "stranger_seat_findings",
    "validate_game",
]




# The compact form ---------------------------------------------------------------------------
#
# What the readers fill for ``validate`` without building the model: each hand
# a bitmask, the plays two flat lists (``compact_record`` from the typed
# decoder's record of a JSON text, :class:`CompactBuilder` from the HRN
# reader's events).  :func:`compact_report` judges it with the referee's own
# checks in their accepting mode (:func:`deal_header`, :func:`clean_deal`,
# :func:`~hearts_notation.scoring.line_agrees`); at the first fault it gives
# ``None`` and the caller builds the model for :func:`check_game`.


class CompactBuilder(Visitor["CompactGame | None"]):
    """The compact form of a game from reader events (``None`` for a game
    the compact check does not judge: a syntax error, a hand not known, a
    moon line, an unfinished deal...)."""

    def __init__(self) -> None:
        self.begin_game(None, None, 0, 0)

    def begin_game(self, source: str | None, index: int | None, line: int, column: int) -> None:
        self.ok = True
        self.line = line or None
        self.spec: str | None = None
        self.seat_names: tuple[str, ...] | None = None
        self.players: dict[str, str] = {}
        self.tags: dict[str, str] = {}
        self.deals: list[CompactDeal] = []
        self.outcome: Any = None
        self.deal: CompactDeal | None = None

    def rules(self, spec: str, line: int, column: int) -> None:
        self.spec = spec

    def seats(self, names: tuple[str, ...], line: int, column: int) -> None:
        self.seat_names = names

    def player(self, seat: str, name: str, tag: str, line: int, column: int) -> None:
        self.players[seat] = name

    def tag(self, name: str, value: str, line: int, column: int) -> None:
        self.tags[name] = value
        # (once the game is refused, a tag's spelling changes nothing:
        # misspelt_tag is pure, so skipping it changes no output)
        if self.ok and misspelt_tag(name) is not None:
            self.ok = False     # a tag-name warning is due (hearts_notation.sheets)

    def notice(self, finding: Finding) -> None:
        self.ok = False         # the reader's warning: the model path reports it

    def begin_deal(self, number: int | None, dealer: str | None, direction: str | None,
                   line: int, column: int) -> None:
        if number is not None and number < 1:
            self.ok = False
        self.deal = CompactDeal(number, dealer, direction, {}, None, [], [], [], None, None)

    def hand(self, seat: str, cards: tuple[Card, ...] | None, line: int, column: int) -> None:
        assert self.deal is not None
        if cards is None:
            self.ok = False
            return
        m = _mask(cards)
        if m < 0:
            self.ok = False
        self.deal.hands[seat] = m

    def pass_cards(self, seat: str, cards: tuple[Card, ...], to: str | None, mark: str | None,
                   comment: str | None, line: int, column: int) -> None:
        d = self.deal
        assert d is not None
        m = _mask(cards)
        if m < 0:
            self.ok = False
        if d.passes is None:
            d.passes = {}
        d.passes[seat] = m
        if to is not None:
            if d.to is None:
                d.to = {}
            d.to[seat] = to

    def trick(self, number: int, comment: str | None, line: int, column: int,
              seats: Sequence[str], cards: Sequence[Card], columns: Sequence[int],
              lines: Sequence[int] | None = None, marks: Sequence[str | None] | None = None,
              comments: Sequence[str | None] | None = None) -> None:
        d = self.deal
        assert d is not None
        d.names.extend(seats)
        d.cards.extend(cards)
        d.sizes.append(len(seats))

    def card(self, seat: str, card: Card, mark: str | None, comment: str | None,
             line: int, column: int) -> None:
        d = self.deal
        assert d is not None
        d.names.append(seat)
        d.cards.append(card)
        d.sizes[-1] += 1

    def begin_trick(self, number: int, comment: str | None, line: int, column: int) -> None:
        assert self.deal is not None
        self.deal.sizes.append(0)

    def points(self, kind: str, values: Mapping[str, int], line: int, column: int) -> None:
        assert self.deal is not None
        if kind == "score":
            self.deal.score = values
        else:
            self.deal.total = values

    def moon(self, seat: str, choice: str, line: int, column: int) -> None:
        self.ok = False

    def unfinished(self, line: int, column: int) -> None:
        self.ok = False

    def end_deal(self) -> None:
        assert self.deal is not None
        self.deals.append(self.deal)
        self.deal = None

    def result(self, winners: tuple[str, ...] | str, line: int, column: int) -> None:
        self.outcome = winners

    def syntax_error(self, finding: Finding) -> None:
        self.ok = False

    def end_game(self) -> CompactGame | None:
        if not self.ok or not self.deals:
            return None
        return CompactGame(self.spec, self.seat_names, self.players, self.deals, self.outcome,
                           self.line, self.tags)


@functools.lru_cache(maxsize=256)
def _fast_rules(spec: str | None, default: RuleSet | None, force: bool) -> RuleSet | None:
    """The rules for a ``rules`` string, or ``None`` if it draws a finding."""
    rules, found = rules_with_findings(Game(rules=spec), default, force)
    return None if found else rules


@functools.lru_cache(maxsize=1024)
def _names_clash(names: tuple[str, ...]) -> bool:
    """Whether two of these player names are one player (a
    ``player-conflict`` finding is due)."""
    from .players import Identity

    ident = Identity()
    keys = [k for k in map(ident.key, names) if k]
    return len(set(keys)) != len(keys)


def compact_report(game: CompactGame, source: str | None, index: int | None,
                   default_rules: RuleSet | None = None, force_rules: bool = False,
                   taken: list[list[int]] | None = None,
                   observed: list[CompactCheck] | None = None) -> dict[str, Any] | None:
    """The report entry of a compact game if it is a clean, complete, fully
    recorded game (then it has no finding at all), else ``None``: the same
    entry as ``check_game(game).to_dict()`` whenever it is not ``None``.
    *taken*, if given, receives the cards each seat took in each deal (seat
    order, bitmasks) as the replay found them: ``score`` and ``stats`` read
    them instead of walking the deals again.  With *observed*, a deal with
    no hand known is judged too (:func:`clean_deal`): when the game has
    such deals the check goes into *observed*, and the caller puts the
    infos it noted (:attr:`CompactCheck.noted`, :func:`observer_findings`)
    in the entry's findings, which are then not empty.

    No exception is caught around it (issue 22: a bug is a bug, never a
    detour to the model path): every value it reads is looked up with a
    default or its type checked first, and whatever it does not recognise
    is a ``None``."""
    check = compact_check(game, default_rules, force_rules, taken, True,
                          None if observed is None else [])
    if check is None:
        return None
    entry = check.report(source, index)
    if entry is not None and observed is not None and check.noted:
        observed.append(check)
    return entry


def compact_check(game: CompactGame, default_rules: RuleSet | None = None,
                  force_rules: bool = False, taken: list[list[int]] | None = None,
                  entries: bool = True, notes: list[ObserverNote] | None = None
                  ) -> CompactCheck | None:
    """:func:`compact_report` deal by deal: the check of the game's header
    (``None`` when it is not clean), then :meth:`CompactCheck.deal` for each
    deal in turn, and :meth:`CompactCheck.end`.  A deal found clean has the
    entry the whole game's check gives it, whatever the deals after it hold
    (its values depend on the deals before it only): ``hearts select`` stops
    once its query is decided (issue 26).  Without *entries* the same check
    keeps no deal's entry (no ``points`` or ``totals`` dictionary is made
    unless a score or total line is to be compared): for a caller that
    needs the verdict alone (``hearts select``'s ``valid``, issue 26); the
    entry :meth:`CompactCheck.end` gives then has no ``deals``.  With
    *notes* (an empty list, :func:`clean_deal`'s) a deal with no hand known
    is judged too: the entry has no finding, the caller words those noted
    (:attr:`CompactCheck.noted`, :func:`observer_findings`)."""
    rules = _fast_rules(game.rules, default_rules, force_rules)
    if rules is None:
        return None
    seats_in = game.seats
    if seats_in is None:
        seats = rules.default_seats
    else:
        if len(seats_in) != rules.players or len(set(seats_in)) != len(seats_in):
            return None
        seats = tuple(seats_in)
    t = _seating(rules, seats)
    players = game.players
    if not players.keys() <= t.names:
        return None     # a player at a seat not of the game: the model path tells it
    if len(players) > 1 and _names_clash(tuple(players.values())):
        return None     # a player named at two seats (hearts_notation.sheets)
    return CompactCheck(game, rules, seats, t, taken, entries, notes)


class CompactCheck:
    """The compact check of one game under way (:func:`compact_check`):
    the rules and seats, and what the deals checked so far leave (their
    entries, running totals, the last number and dealer, the end of the game)."""

    __slots__ = ("count", "deals", "entries", "excerpt", "finished", "game", "noted", "notes",
                 "prev_dealer", "prev_number", "rules", "seats", "t", "taken", "totals", "winners")

    def __init__(self, game: CompactGame, rules: RuleSet, seats: tuple[str, ...], t: _Seating,
                 taken: list[list[int]] | None, entries: bool = True,
                 notes: list[ObserverNote] | None = None) -> None:
        self.game = game
        self.rules = rules
        self.seats = seats
        self.t = t
        self.taken = taken
        #: the report entries of the deals found clean so far (none without *entries*)
        self.deals: list[dict[str, Any]] = []
        #: whether :attr:`deals` gets each clean deal's entry (:func:`compact_check`)
        self.entries = entries
        #: the number of deals found clean so far
        self.count = 0
        self.totals = [0] * len(seats)
        self.finished = False
        self.winners: tuple[str, ...] = ()
        self.prev_number = 0
        self.prev_dealer: tuple[int, int] | None = None
        self.excerpt = False
        #: where :func:`clean_deal` notes a deal with no hand known (``None``:
        #: such deals are not judged here), and each note with the deal's
        #: index in the game: (index, number, seats of the passes or ``None``)
        self.notes = notes
        self.noted: list[tuple[int, int, list[str] | None]] = []

    def deal(self, d: CompactDeal) -> bool:
        """Check *d*, the game's next deal: whether it is clean (its entry
        is then the last of :attr:`deals` if they are kept, and *taken* gets
        its cards taken).  After a ``False`` the check is over: the model decides."""
        if self.finished:
            return False
        t = self.t
        seats = self.seats
        rules = self.rules
        n = len(seats)
        header = deal_header(rules, t, self.count, d.number, d.dealer, d.direction,
                             self.prev_number, self.prev_dealer, None)
        if header is None:
            return False
        number, self.prev_dealer, _ = header
        if not self.prev_number and number > 1:
            self.excerpt = True
        if self.excerpt and (self.game.result is not None or d.total is not None):
            return False   # an excerpt: its totals and result cannot be checked
        self.prev_number = number
        notes = self.notes
        if notes is None:
            taken = clean_deal(rules, t, number, d)
        else:
            taken = clean_deal(rules, t, number, d, notes)
            if notes:
                noted_number, order = notes.pop()
                self.noted.append((self.count, noted_number, order))
        if taken is None:
            return False
        moon_way = t.moon
        pts, shooter = deal_points(rules, taken, moon_way)
        moon: dict[str, Any] | None = None
        if shooter is not None:
            if moon_way == "choose":
                return False
            moon = {"seat": seats[shooter], "choice": moon_way, "assumed": False}
        prev = self.totals
        totals = [prev[i] + pts[i] for i in range(n)]
        score, total = d.score, d.total
        if self.entries or score is not None or total is not None:
            points = {seats[i]: pts[i] for i in range(n)}
            running = {seats[i]: totals[i] for i in range(n)}
            if (score is not None and (len(score) != n or not line_agrees(score, points))) or (
                    total is not None and total != running):
                return False    # (a score or total line names every seat)
            if self.entries:
                self.deals.append({"number": number, "points": points, "moon": moon,
                                   "totals": running})
        if self.taken is not None:
            self.taken.append(taken)
        self.totals = totals
        self.count += 1
        w = game_over(rules, totals)
        if w is not None:
            self.finished = True
            self.winners = tuple(seats[x] for x in w)
        return True

    def report(self, source: str | None, index: int | None) -> dict[str, Any] | None:
        """Every deal checked in turn (:meth:`deal`), then :meth:`end`: the
        game's report entry if it is clean, else ``None``."""
        return self.end(source, index) if all(map(self.deal, self.game.deals)) else None

    def end(self, source: str | None, index: int | None) -> dict[str, Any] | None:
        """The game's report entry once every deal was found clean and the
        result agrees with the end of the game, else ``None``."""
        game = self.game
        if self.count != len(game.deals):
            return None
        finished = self.finished
        result = game.result
        if result is not None and not (
                (result == "*" or (type(result) in (list, tuple) and all(map(_seat_ok, result))))
                and result_agrees(result, finished, self.winners)):
            return None
        return {"source": source, "index": index, "line": game.line, "valid": True,
                "findings": [], "deals": self.deals, "finished": finished,
                "winners": list(self.winners), "players": dict(game.players),
                "seats": list(self.seats)}


def report_json_text(text: str, source: str | None, index: int | None, line: int | None,
                     default_rules: RuleSet | str | None = None, force_rules: bool = False,
                     in_array: bool = False, compact: CompactGame | None = None,
                     column: int = 1) -> dict[str, Any]:
    """The report entry of one JSON game given as text (a JSONL line, an
    element of a JSON array): the compact check when it applies, else the
    model and :func:`check_game`.  A text that is not JSON, or not a game,
    is a game with one ``syntax-error`` (as the JSON readers make it).
    *compact*, if given, is the compact form of the typed decoder's record
    of *text*, made by the cut (:func:`hearts_notation.io.jsonio.iter_json_compact`):
    the text is not decoded by it again.  *column* is the text's first
    column on *line* (an element of a one-line JSON array); *in_array*: the
    text is an element of a JSON array, whose syntax errors name the game
    (``game 3: ...``, in the catalogs' words)."""
    # (the typed decoder here, not at the top: an HRN file never needs it,
    # and ``validate``'s start-up would pay for its import)
    from .io.typed_json import decode_tree, json_record, tree_of

    default = _as_rules(default_rules)
    compact, typed, record = json_record(text, line, compact)
    if compact is None and record is not None:
        # hands given as not known (an observer's log): inferred from the play
        compact = compact_record(record, line, unknown_hands=True, text=text)
    if compact is not None:
        observed: list[CompactCheck] = []
        fast = compact_report(compact, source, index, default, force_rules, None, observed)
        if fast is not None:
            if observed:
                fast["findings"] = _noted_findings(observed[0], text, line, column)
            return fast
    # Anything else (a finding, a comment or a mark, an unknown hand, a
    # record that is not one) is read into the model, decoded once more by
    # json.loads, which words what is wrong in a text that is not JSON.
    from .io.jsonio import (
        JSON_ERRORS,
        JsonLocator,
        error_game,
        json_problem,
        loads_record,
        text_place,
    )

    try:
        # the depth limit checked first; a record the typed decoder accepted
        # is within it, and msgspec builds its tree faster: from the record
        # decoded above when there is one, else from the text
        obj = (tree_of(record) if record is not None else decode_tree(text)) if typed \
            else loads_record(text)
    except JSON_ERRORS as exc:
        message, lineno, colno = json_problem(exc)
        bad = error_game(message, source, index, *text_place(line, column, lineno, colno))
        return check_game(bad, default, force_rules).to_dict()
    locate = JsonLocator(text, line or 1, column)
    if typed:
        # A record of the clean shape that the compact check did not accept
        # has findings (an unknown hand, a fault): its positions are worked
        # out at once, but for its plays' (the locator reads a trick's
        # plays only when asked), wanted only when a finding sits on a card.
        game = _json_game(obj, source, index, line, in_array, locate, located=True, plays=False)
        report = check_game(game, default, force_rules)
    else:
        game = _json_game(obj, source, index, line, in_array, locate, located=False)
        report = check_game(game, default, force_rules)
        if report.findings and not game.errors and not report.on_cards:
            # Findings name the line and column of their deal or card: the
            # positions are worked out only for the records that have some.
            game = _json_game(obj, source, index, line, in_array, locate, located=True, plays=False)
            report = check_game(game, default, force_rules)
    if report.findings and report.on_cards and not game.errors:
        game = _json_game(obj, source, index, line, in_array, locate, located=True)
        report = check_game(game, default, force_rules)
    return report.to_dict()


def _noted_findings(check: CompactCheck, text: str, line: int | None,
                    column: int = 1) -> list[dict[str, object]]:
    """The entries of the infos :func:`clean_deal` noted of a clean JSON
    record's deals with no hand known, each at its place in *text* (the
    line and column the model's reader gives it): the record's one locator,
    made only now, asked only for these places.  The deals that pass have
    one same info but for its deal and place: worded once per record."""
    from .io.jsonio import JsonLocator

    locate = JsonLocator(text, line or 1, column)
    t = check.t
    out: list[dict[str, object]] = []
    worded: dict[tuple[str, ...], dict[str, object]] = {}
    for di, number, order in check.noted:
        deal_pos = locate(("deals", di))
        if order is None:
            for f in observer_findings(t, number, None, deal_pos, None):
                out.append(f.to_dict())
            continue
        pos = locate(("deals", di, "passes", order[0])) or deal_pos
        key = tuple(order)
        entry = worded.get(key)
        if entry is None:
            entry = worded[key] = observer_findings(t, number, order, None, None)[0].to_dict()
        entry = dict(entry)     # (its message and arguments shared: nothing changes them)
        entry["deal"] = number
        entry["line"] = pos.line if pos else None
        entry["column"] = pos.column if pos else None
        out.append(entry)
    return out


def _json_game(obj: Any, source: str | None, index: int | None, line: int | None, in_array: bool,
               locate: JsonLocator, located: bool, plays: bool = True) -> Game:
    """The model of a decoded JSON record (with its values' positions if
    *located*, its plays' too if *plays*), or the game of its syntax error
    at the faulty value."""
    from .io.jsonio import RecordError, game_from_dict, record_error_game

    try:
        return game_from_dict(obj, source, index, line=line, locate=locate if located else None,
                              plays=plays, text=locate.text, column=locate.first_column)
    except RecordError as exc:
        return record_error_game(exc, source, index, line, in_array=in_array, locate=locate)


def report_hrn_text(text: str, source: str | None, first_line: int, index: int | None,
                    default_rules: RuleSet | str | None = None, force_rules: bool = False,
                    reader_rules: RuleSet | str | None = None, stop: int = 0,
                    follows: bool = False) -> dict[str, Any]:
    """The report entry of one HRN game given as its text (*first_line*
    its line number in the file, *stop* and *follows* as the cutter's
    :class:`~hearts_notation.io.hrn.cut.GameText` says): the reader's events go to the compact
    check, and only a game it does not accept is read again into the model
    for :func:`check_game`.  *reader_rules* are the ``--rules`` the
    reader names seats by for games without a ``Rules`` tag (a rule set, or
    a ``--rules`` string)."""
    from .io.hrn.reader import parse_game, visit_text

    default = _as_rules(default_rules)
    compact = visit_text(text, CompactBuilder(), source or "-", first_line, reader_rules, index, stop,
                         follows)
    if compact is not None:
        fast = compact_report(compact, source, index, default, force_rules)
        if fast is not None:
            return fast
    game = parse_game(text, source or "-", first_line, reader_rules, index, stop, follows)
    return check_game(game, default, force_rules).to_dict()
