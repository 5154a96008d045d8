"""Bot matches: seeded (duplicate) deals played by any players, written as records.

``hearts match`` (docs/bots.md) seats the players given on the command line
at a table of the rule set, plays ``--deals`` seeded deals and writes every
finished deal as a record as soon as it is played.  This module is the match
itself; the command (:mod:`hearts_notation.commands.match`) only parses
options, writes files and prints.

* **Players** (:func:`parse_player`): the built-in bots of
  :mod:`hearts_notation.bots`, the analysis engine as a bot
  (``analysis:samples=N``), an external program speaking the open protocol
  (``cmd:COMMAND``, :mod:`hearts_notation.botproto`), or a Python class
  (``py:package.module:Class``) with the built-in bots' two methods.
* **Seating**: with *P* players, rotation *r* puts player ``(i + r) mod P``
  at seat *i*.  Without ``--duplicate`` deal *k* is played once, at rotation
  ``(k - 1) mod P``; with it, every deal is played at the *P* rotations, so
  each player holds every seat's cards of every deal and the luck of the
  cards cancels.
* **Determinism**: the cards of deal *k* and the built-in bots' random
  streams come from the seed, the deal and the rotation only, so a record
  does not depend on ``--jobs``, on an interruption and ``--resume``, or on
  the other deals.  External bots are told a per-deal ``seed``.
* **The referee of play is the game state**: every card is checked with
  :meth:`hearts_notation.state.GameState.legal_cards` before it is pushed; a
  bot's fault (illegal or malformed answer, timeout, crash) is recorded
  against it and the documented replacement is played instead (the pass:
  its lowest cards; the play: its lowest legal card, in the order 2♣…A♣,
  2♦…A♦, 2♥…A♥, 2♠…A♠).  The bad card is never recorded.
* **Results** (:class:`MatchTally`) are computed from the records, so a
  resumed match counts the deals it finds in the file by the same path as
  the deals it plays.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import math
import os
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from .botproto import PROTOCOL, BotFault, ExternalBot, command_problem
from .bots import BOTS, PlayView
from .cards import CARDS, QS_BIT, CardError, cards_of, display_order, iter_bits, parse_card
from .generate import random_hands
from .i18n import MessageError, Msg, msg
from .model import Deal, Game, Moon, Pass, Play, Trick
from .rules import RuleSet
from .scoring import moon_choice
from .state import GameState, deal_pass, deal_points, raw_points, trick_winner

#: Fault kinds, in the order the results list them.
FAULT_KINDS: tuple[str, ...] = ("illegal", "malformed", "timeout", "crash")


# Players ------------------------------------------------------------------------


class SpecError(MessageError, ValueError):
    """A ``--player`` value that names no player (exit 2); a catalog message."""


@dataclass(frozen=True, slots=True)
class PlayerSpec:
    """One ``--player``: its name in the records and how to make it play.

    *kind* is ``builtin``, ``analysis``, ``cmd`` or ``py``; *arg* the bot
    name, the sample budget, the command or ``module:Class``."""

    name: str
    kind: str
    arg: str

    @property
    def spec(self) -> str:
        """The ``--player`` text without the name."""
        return self.arg if self.kind == "builtin" else f"{self.kind}:{self.arg}"


def parse_player(text: str) -> PlayerSpec:
    """A ``--player`` value: ``[NAME=]SPEC`` (see the module docstring).

    ``NAME=`` is read only when the text before the first ``=`` has no
    colon, so that ``analysis:samples=8`` is a spec, not a name."""
    name: str | None = None
    head, eq, rest = text.partition("=")
    if eq and ":" not in head and head.strip() and rest.strip():
        name, text = head.strip(), rest.strip()
    text = text.strip()
    kind, colon, arg = text.partition(":")
    if not colon:
        if text in BOTS:
            return PlayerSpec(name or text, "builtin", text)
        if text == "analysis":
            return PlayerSpec(name or text, "analysis", "samples=8")
        raise SpecError(msg("match.bad_player", spec=repr(text)))
    if kind == "analysis":
        key, eq, value = arg.partition("=")
        if key != "samples" or not eq or not value.isdigit() or not 1 <= int(value) <= 100000:
            raise SpecError(msg("match.bad_analysis", spec=repr(text)))
        return PlayerSpec(name or text, "analysis", f"samples={int(value)}")
    if kind == "cmd":
        problem = command_problem(arg)
        if problem is not None:
            raise SpecError(msg("match.bad_command", spec=repr(text), why=problem.arg()))
        return PlayerSpec(name or text, "cmd", arg)
    if kind == "py":
        module, sep, cls = arg.rpartition(":")
        if not sep or not module or not cls.isidentifier():
            raise SpecError(msg("match.bad_python", spec=repr(text)))
        _importable_here()
        try:
            target = getattr(importlib.import_module(module), cls)
        except (ImportError, AttributeError) as exc:
            raise SpecError(msg("match.bad_python_import", spec=repr(text), why=str(exc))) from None
        if not callable(getattr(target, "pass_cards", None)) or not callable(
                getattr(target, "play", None)):
            raise SpecError(msg("match.bad_python_class", spec=repr(text)))
        return PlayerSpec(name or text, "py", arg)
    raise SpecError(msg("match.bad_player", spec=repr(text)))


def _importable_here() -> None:
    """Let ``py:`` players name modules of the current directory, as
    ``python -m`` would (uvicorn and gunicorn do the same)."""
    import sys

    here = os.getcwd()
    if here not in sys.path and "" not in sys.path:
        sys.path.insert(0, here)


def unique_names(players: Sequence[PlayerSpec]) -> tuple[PlayerSpec, ...]:
    """The players, a second player of the same name called ``NAME #2``
    (records and results need one name per player)."""
    seen: dict[str, int] = {}
    out = []
    for p in players:
        k = seen.get(p.name, 0) + 1
        seen[p.name] = k
        out.append(p if k == 1 else replace(p, name=f"{p.name} #{k}"))
    return tuple(out)


# The match ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MatchSpec:
    """Everything that decides the records of a match (picklable: it
    travels to the worker processes of ``--jobs``)."""

    seed: int
    rules: RuleSet
    players: tuple[PlayerSpec, ...]
    duplicate: bool = False
    move_time: float = 10.0

    @property
    def match_id(self) -> str:
        """A short name of the match, the same for the same seed, rules,
        players and mode (not the number of deals: a match may be extended
        with ``--resume --deals``)."""
        key = json.dumps([PROTOCOL, self.seed, self.rules.portable_spec, self.duplicate,
                          [(p.name, p.kind, p.arg) for p in self.players]])
        return hashlib.sha256(key.encode()).hexdigest()[:12]

    @property
    def rotations(self) -> int:
        """Rotations each deal is played at: every one under ``--duplicate``."""
        return len(self.players) if self.duplicate else 1

    def seating(self, rotation: int) -> tuple[int, ...]:
        """The player index at each seat for *rotation* (0-based)."""
        p = len(self.players)
        return tuple((i + rotation) % p for i in range(self.rules.players))

    def rotation_of(self, deal: int, k: int) -> int:
        """The rotation of the *k*-th playing (0-based) of *deal*."""
        return k if self.duplicate else (deal - 1) % len(self.players)

    def schedule(self, deals: int) -> Iterator[tuple[int, int]]:
        """Every (deal, rotation) of the match, in record order."""
        for d in range(1, deals + 1):
            for k in range(self.rotations):
                yield d, self.rotation_of(d, k)


def seat_names(spec: MatchSpec, who: Sequence[int]) -> dict[str, str]:
    """The player name of each seat in a record: a player holding several
    seats (fewer players than seats) is ``NAME 1``, ``NAME 2``... by seat
    order, since a record names each player at one seat only."""
    seats = spec.rules.default_seats
    total = {p: who.count(p) for p in who}
    seen: dict[int, int] = {}
    out = {}
    for s, p in enumerate(who):
        seen[p] = seen.get(p, 0) + 1
        name = spec.players[p].name
        out[seats[s]] = name if total[p] == 1 else f"{name} {seen[p]}"
    return out


def round_tag(deal: int, rotation: int) -> str:
    """The ``Round`` tag of a record: ``DEAL.ROTATION`` (1-based)."""
    return f"{deal}.{rotation + 1}"


def parse_round(text: str) -> tuple[int, int] | None:
    """(deal, rotation 0-based) from a ``Round`` tag, or ``None``."""
    d, dot, r = text.partition(".")
    if not dot or not d.isdigit() or not r.isdigit() or int(r) < 1:
        return None
    return int(d), int(r) - 1


@dataclass(frozen=True, slots=True)
class Fault:
    """A bot's fault in one record (reported, counted, written in the
    record's ``Faults`` tag)."""

    player: int
    seat: str
    deal: int
    rotation: int
    kind: str
    where: str          # "pass" or the trick number
    detail: Msg | None = None
    replacement: str = ""

    @property
    def tag(self) -> str:
        """Its word in the ``Faults`` tag: ``SEAT:KIND@WHERE``."""
        return f"{self.seat}:{self.kind}@{self.where}"


@dataclass(frozen=True, slots=True)
class DealOutcome:
    """What the work of one record gives back: the record, and the faults
    with their details (the tag keeps only their kinds and places)."""

    game: Game
    faults: tuple[Fault, ...]


# Agents: how each kind of player is asked -------------------------------------------------


@dataclass(slots=True)
class Table:
    """A deal in progress as the runner holds it (everything; each agent
    reads only what its seat may know)."""

    spec: MatchSpec
    deal: int
    rotation: int
    seat: int
    seats: tuple[str, ...]
    names: dict[str, str]
    direction: str
    dealt: list[int]
    given: list[int]
    gs: GameState | None = None
    plays: list[tuple[int, int]] = field(default_factory=list)
    tricks: list[Trick] = field(default_factory=list)
    seed: int = 0

    @property
    def rules(self) -> RuleSet:
        return self.spec.rules

    @property
    def offset(self) -> int:
        return deal_pass(self.rules, recorded=self.direction).offset or 0


def _names(mask: int) -> list[str]:
    return [str(CARDS[c]) for c in iter_bits(mask)]


class Agent:
    """One player at one seat for one deal: the runner asks :meth:`pass_cards`
    and :meth:`play`, and tells it what happens (:meth:`inform`)."""

    def begin(self, table: Table) -> None:
        """A deal starts (the table's seat is this agent's)."""

    def pass_cards(self, table: Table) -> list[int]:
        """The cards to pass (checked by the runner)."""
        raise NotImplementedError

    def play(self, table: Table, legal: int) -> int:
        """The card to play (checked by the runner)."""
        raise NotImplementedError

    def inform(self, message: dict[str, Any]) -> None:
        """Something happened (a protocol message, for external bots)."""


class BotAgent(Agent):
    """A :class:`hearts_notation.bots.Bot`-like object (built-in or ``py:``),
    made fresh each deal, with a random stream of the seed, deal, rotation
    and seat."""

    def __init__(self, make: Any) -> None:
        self.make = make
        self.bot: Any = None
        self.rng = random.Random()

    def begin(self, table: Table) -> None:
        self.rng = random.Random(
            f"hearts-match/{table.spec.seed}/{table.deal}/{table.rotation}/{table.seat}")
        self.bot = _guard(self.make)

    def pass_cards(self, table: Table) -> list[int]:
        return list(_guard(self.bot.pass_cards, table.rules, table.dealt[table.seat],
                           table.rules.pass_count, self.rng))

    def play(self, table: Table, legal: int) -> int:
        gs = table.gs
        assert gs is not None
        played = 0
        for _, c in table.plays:
            played |= 1 << c
        view = PlayView(table.rules, table.seat, gs.hands[table.seat], legal, list(gs.trick),
                        gs.tricks_done, gs.broken, played, list(gs.taken),
                        [0] * len(table.seats))
        return int(_guard(self.bot.play, view, self.rng))


def _guard(func: Any, *args: Any) -> Any:
    """Call a player's own Python code: whatever it raises is a ``crash``
    fault of that player, not an error of the match (the boundary of
    foreign code, the one place a broad ``except`` belongs)."""
    try:
        return func(*args)
    except Exception as exc:    # a bot's bug is its fault, reported as such
        raise BotFault("crash", msg("bot.raised", error=f"{type(exc).__name__}: {exc}")) from None


class AnalysisAgent(Agent):
    """The analysis engine as a player: at each decision, the card (or pass)
    with the fewest expected points from its own seat's information, by the
    same screening as ``hearts hint`` with a budget of *samples* worlds."""

    def __init__(self, samples: int) -> None:
        from .analysis.evaluate import FAST

        self.options = replace(FAST, samples=samples, race=samples * 2, pass_samples=samples,
                               pass_first=max(2, samples // 2), pass_race=samples * 2)

    def _context(self, table: Table, with_play: bool) -> tuple[Any, Any]:
        from .analysis.context import DealContext
        from .analysis.evaluate import Evaluator
        from .analysis.exact import ExactSolver

        rules = table.rules
        seats = table.seats
        me = table.seat
        passes: dict[str, Pass] = {}
        if with_play and table.offset:
            giver = (me - table.offset) % len(seats)
            passes[seats[me]] = Pass(seats[me], tuple(CARDS[c] for c in iter_bits(table.given[me])))
            passes[seats[giver]] = Pass(seats[giver],
                                        tuple(CARDS[c] for c in iter_bits(table.given[giver])))
        tricks = list(table.tricks)
        gs = table.gs
        if gs is not None and gs.trick:
            tricks.append(Trick(plays=tuple(Play(seats[s], CARDS[c])
                                            for s, c in zip(gs.trick_seats, gs.trick, strict=True))))
        deal = Deal(number=table.deal, direction=table.direction,  # type: ignore[arg-type]
                    hands={seats[me]: tuple(CARDS[c] for c in iter_bits(table.dealt[me]))},
                    passes=passes, tricks=tuple(tricks), unfinished=True)
        ctx = DealContext(deal, rules, seats, table.deal)
        ev = Evaluator(len(seats), ExactSolver(rules),
                       replace(self.options, seed=table.seed))
        return ctx, ev

    def pass_cards(self, table: Table) -> list[int]:
        ctx, ev = self._context(table, False)
        result = ev.passes(ctx, table.seat, f"match/{table.deal}/pass")
        if result is None:
            raise BotFault("crash", msg("bot.analysis_failed"))
        return list(iter_bits(result.candidates[result.best()]))

    def play(self, table: Table, legal: int) -> int:
        from .analysis.annotate import natural_member

        ctx, ev = self._context(table, True)
        point = ctx.next_point()
        if point is None or point.seat != table.seat:
            raise BotFault("crash", msg("bot.analysis_failed"))
        result = ev.play(ctx, point, f"match/{table.deal}/play{point.index}")
        if result is None:
            raise BotFault("crash", msg("bot.analysis_failed"))
        return natural_member(result.best_mask(), point)


#: Running external bots of this process: (pid, player, occurrence) -> bot.
_EXTERNAL: dict[tuple[int, int, int], ExternalBot] = {}


def close_external_bots() -> None:
    """Stop every external bot this process started (end of a match)."""
    pid = os.getpid()
    for key in [k for k in _EXTERNAL if k[0] == pid]:
        _EXTERNAL.pop(key).stop()


_WATCHED: set[int] = set()


def _watch_parent() -> None:
    """In a worker process of ``--jobs``: stop this process's bots and exit
    when the match's process is gone (``kill -9``), rather than stay blocked
    on the pool's queue with the bots running.  Checked once a second by a
    daemon thread; nothing to do in the match's own process."""
    import multiprocessing
    import threading

    pid = os.getpid()
    if pid in _WATCHED or multiprocessing.parent_process() is None:
        return
    _WATCHED.add(pid)
    parent = os.getppid()
    # At the worker's end (the pool closes it when the match is done), its
    # bots are stopped as the match's own process stops its: their input
    # closed, then their process groups killed.  The worker leaves by
    # os._exit, which runs multiprocessing's finalizers but not atexit;
    # without this the helpers a bot forked outlived every --jobs match.
    from multiprocessing.util import Finalize

    Finalize(None, close_external_bots, exitpriority=10)

    def watch() -> None:
        import time

        while os.getppid() == parent:
            time.sleep(1.0)
        for bot in list(_EXTERNAL.values()):
            bot.stop(0.0)
        os._exit(1)

    threading.Thread(target=watch, name="hearts-match-parent", daemon=True).start()


class CommandAgent(Agent):
    """An external program (``cmd:``), kept running from deal to deal in
    the process that plays them; restarted at a deal after a timeout or a
    crash."""

    def __init__(self, player: PlayerSpec, index: int, occurrence: int, spec: MatchSpec) -> None:
        self.player = player
        self.key = (os.getpid(), index, occurrence)
        self.spec = spec

    def _bot(self) -> ExternalBot:
        bot = _EXTERNAL.get(self.key)
        if bot is None:
            raise BotFault("crash", msg("bot.not_running"))
        return bot

    def begin(self, table: Table) -> None:
        bot = _EXTERNAL.get(self.key)
        if bot is None or not bot.alive:
            _watch_parent()
            if bot is not None:
                bot.stop()
            bot = _EXTERNAL[self.key] = ExternalBot(self.player.arg, self.spec.move_time)
            rules = table.rules
            bot.start({"type": "hello", "protocol": PROTOCOL, "name": self.player.name,
                       "rules": rules.portable_spec, "players": rules.players,
                       "seats": list(table.seats), "hand_size": rules.hand_size,
                       "pass_count": rules.pass_count})
        seat = table.seats[table.seat]
        bot.tell({"type": "deal", "deal": table.deal, "round": round_tag(table.deal, table.rotation),
                  "seat": seat, "seats": list(table.seats), "players": table.names,
                  "hand": _names(table.dealt[table.seat]), "direction": table.direction,
                  "pass_count": table.rules.pass_count if table.offset else 0, "seed": table.seed})

    def pass_cards(self, table: Table) -> list[int]:
        seats = table.seats
        me = table.seat
        answer = self._bot().ask({
            "type": "pass", "deal": table.deal, "seat": seats[me], "hand": _names(table.dealt[me]),
            "count": table.rules.pass_count, "direction": table.direction,
            "to": seats[(me + table.offset) % len(seats)]})
        cards = answer.get("cards")
        if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
            raise BotFault("malformed", msg("bot.want_cards", got=_short(answer)))
        return [_card(c) for c in cards]

    def play(self, table: Table, legal: int) -> int:
        gs = table.gs
        assert gs is not None
        seats = table.seats
        points = {seats[s]: raw_points(table.rules, t) for s, t in enumerate(gs.taken)}
        answer = self._bot().ask({
            "type": "play", "deal": table.deal, "seat": seats[table.seat],
            "hand": _names(gs.hands[table.seat]), "legal": _names(legal),
            "trick": [{"seat": seats[s], "card": str(CARDS[c])}
                      for s, c in zip(gs.trick_seats, gs.trick, strict=True)],
            "trick_number": gs.tricks_done + 1, "leader": seats[gs.leader],
            "played": [str(CARDS[c]) for _, c in table.plays],
            "hearts_broken": gs.broken, "points": points})
        card = answer.get("card")
        if not isinstance(card, str):
            raise BotFault("malformed", msg("bot.want_card", got=_short(answer)))
        return _card(card)

    def inform(self, message: dict[str, Any]) -> None:
        bot = _EXTERNAL.get(self.key)
        if bot is not None and bot.alive:
            try:
                bot.tell(message)
            except BotFault:
                pass    # found dead at its next question, or restarted at the next deal

    def kill(self) -> None:
        """Stop the process after a fatal fault (a hung bot must not keep
        its core)."""
        bot = _EXTERNAL.pop(self.key, None)
        if bot is not None:
            bot.stop(0.0)


def _short(answer: dict[str, Any]) -> str:
    text = json.dumps(answer)
    return text if len(text) <= 60 else text[:60] + "..."


def _card(text: str) -> int:
    try:
        return int(parse_card(text))
    except CardError:
        raise BotFault("malformed", msg("bot.not_card", text=repr(text[:20]))) from None


def make_agent(spec: MatchSpec, index: int, occurrence: int) -> Agent:
    """The agent of player *index* for its *occurrence*-th seat of a deal."""
    player = spec.players[index]
    if player.kind == "builtin":
        return BotAgent(BOTS[player.arg])
    if player.kind == "analysis":
        return AnalysisAgent(int(player.arg.partition("=")[2]))
    if player.kind == "cmd":
        return CommandAgent(player, index, occurrence, spec)
    module, _, cls = player.arg.rpartition(":")
    _importable_here()
    return BotAgent(getattr(importlib.import_module(module), cls))


# One record ----------------------------------------------------------------------------------


def deal_cards(spec: MatchSpec, deal: int) -> list[int]:
    """The hands of *deal* (the same at every rotation)."""
    return random_hands(spec.rules, random.Random(f"hearts-match/{spec.seed}/{deal}"))


def play_record(spec: MatchSpec, item: tuple[int, int]) -> DealOutcome:
    """Play deal ``item[0]`` at rotation ``item[1]`` and return its record
    (worker side of ``--jobs``: a function of its arguments and of the
    players' answers only)."""
    deal, rotation = item
    rules = spec.rules
    seats = tuple(rules.default_seats)
    n = len(seats)
    who = spec.seating(rotation)
    names = seat_names(spec, who)
    count: dict[int, int] = {}
    agents: list[Agent] = []
    for s in range(n):
        k = count.get(who[s], 0)
        count[who[s]] = k + 1
        agents.append(make_agent(spec, who[s], k))
    direction = deal_pass(rules, deal).direction
    assert direction is not None        # (deals are numbered from 1)
    dealt = deal_cards(spec, deal)
    seed = int.from_bytes(hashlib.sha256(f"hearts-match/{spec.seed}/{deal}/{rotation}".encode())
                          .digest()[:4], "big")
    table = Table(spec, deal, rotation, 0, seats, names, direction, dealt, [0] * n, seed=seed)
    faults: list[Fault] = []
    dead = [False] * n

    def fault(s: int, exc: BotFault, where: str, replacement: str) -> None:
        faults.append(Fault(who[s], seats[s], deal, rotation, exc.kind, where, exc.detail,
                            replacement))
        if exc.fatal:
            dead[s] = True
            agent = agents[s]
            if isinstance(agent, CommandAgent):
                agent.kill()

    for s in range(n):
        table.seat = s
        try:
            agents[s].begin(table)
        except BotFault as exc:
            fault(s, exc, "deal", "")
    offset = table.offset
    if offset:
        need = rules.pass_count
        for s in range(n):
            hand = dealt[s]
            fallback = list(iter_bits(hand))[:need]
            choice: list[int] | None = None
            if not dead[s]:
                table.seat = s
                try:
                    choice = agents[s].pass_cards(table)
                    m = 0
                    for c in choice:
                        m |= 1 << c
                    if len(choice) != need or m.bit_count() != need or m & ~hand:
                        raise BotFault("illegal", msg(
                            "bot.bad_pass", cards=" ".join(str(CARDS[c]) for c in choice) or "-",
                            n=need))
                except BotFault as exc:
                    fault(s, exc, "pass", " ".join(str(CARDS[c]) for c in fallback))
                    choice = None
            table.given[s] = sum(1 << c for c in (choice if choice is not None else fallback))
    gs = GameState.from_deal(rules, dealt, table.given if offset else None, direction)
    table.gs = gs
    if offset:
        for s in range(n):
            giver = (s - offset) % n
            agents[s].inform({"type": "passed", "deal": deal, "seat": seats[s],
                              "received": _names(table.given[giver]), "from": seats[giver],
                              "hand": _names(gs.hands[s])})
    trick_cards: list[tuple[int, int]] = []
    while not gs.is_over:
        s = gs.to_play
        legal = gs.legal_cards()
        card = -1
        if not dead[s]:
            table.seat = s
            try:
                card = agents[s].play(table, legal)
                if not 0 <= card < 52 or not legal >> card & 1:
                    if not 0 <= card < 52:
                        raise BotFault("malformed", msg("bot.not_card", text=repr(card)))
                    raise BotFault("illegal", msg("bot.illegal_card", card=str(CARDS[card]),
                                                  code=gs.is_legal(card) or "?"))
            except BotFault as exc:
                card = -1
                fault(s, exc, str(gs.tricks_done + 1), str(CARDS[(legal & -legal).bit_length() - 1]))
        if card < 0:
            card = (legal & -legal).bit_length() - 1
        trick_cards.append((s, card))
        table.plays.append((s, card))
        winner = gs.push(card)
        if winner is not None:
            trick = Trick(plays=tuple(Play(seats[x], CARDS[c]) for x, c in trick_cards))
            table.tricks.append(trick)
            message = {"type": "trick", "deal": deal, "number": gs.tricks_done,
                       "cards": [{"seat": seats[x], "card": str(CARDS[c])} for x, c in trick_cards],
                       "winner": seats[winner]}
            for a in agents:
                a.inform(message)
            trick_cards = []
    shooter = gs.moon_shooter()
    choice_word = "add"
    if shooter is not None:
        choice_word = moon_choice(rules, shooter, [0] * n, gs.taken)
    elif rules.moon == "subtract":
        choice_word = "subtract"
    points, _ = deal_points(rules, gs.taken, choice_word)
    end = {"type": "deal_end", "deal": deal,
           "points": {seats[s]: points[s] for s in range(n)},
           "moon": seats[shooter] if shooter is not None else None}
    for a in agents:
        a.inform(end)
    passes = {seats[s]: Pass(seats[s], tuple(CARDS[c] for c in iter_bits(table.given[s])))
              for s in range(n)} if offset else {}
    record = Deal(
        number=deal, direction=direction,  # type: ignore[arg-type]
        hands={seats[s]: tuple(display_order(cards_of(dealt[s]))) for s in range(n)},
        passes=passes, tricks=tuple(table.tricks),
        score={seats[s]: points[s] for s in range(n)},
        moon=Moon(seat=seats[shooter], choice=choice_word) if shooter is not None else None,  # type: ignore[arg-type]
    )
    tags = {
        "Event": f"hearts match {spec.match_id}",
        "Site": "hearts-notation",
        "Round": round_tag(deal, rotation),
        "Match": spec.match_id,
        "Seed": str(spec.seed),
        "Seating": " ".join(str(who[s] + 1) for s in range(n)),
    }
    for s in range(n):
        tags[f"Bot{seats[s]}"] = spec.players[who[s]].spec
    if faults:
        tags["Faults"] = " ".join(f.tag for f in faults)
    game = Game(tags=tags, rules=rules.portable_spec, players=names, deals=(record,))
    return DealOutcome(game, tuple(faults))


# Results -------------------------------------------------------------------------------------


#: The z of a 95% two-sided normal interval.
Z95 = 1.959964

#: The sequential rule of ``--stop-when-settled`` (docs/bots.md): look after
#: every complete deal from :data:`SETTLE_MIN` deals on, stop when the
#: paired difference of the two best players is beyond :data:`SETTLE_Z`
#: standard errors.
SETTLE_MIN = 30
SETTLE_Z = 3.0


@dataclass
class PlayerLine:
    """What the results count for one player."""

    name: str
    spec: str
    seats: int = 0          # seat-deals played
    points: int = 0
    moons: int = 0
    queens: int = 0
    wins: int = 0
    faults: dict[str, int] = field(default_factory=dict)
    #: per unit (record, or deal under --duplicate): the sum of points and seats
    units: dict[int, list[int]] = field(default_factory=dict)


def mean_ci(values: Sequence[float]) -> tuple[float, float | None]:
    """Mean and the half-width of its 95% normal interval (``None`` below
    two values)."""
    n = len(values)
    if not n:
        return 0.0, None
    m = sum(values) / n
    if n < 2:
        return m, None
    var = sum((v - m) ** 2 for v in values) / (n - 1)
    return m, Z95 * math.sqrt(var / n)


class MatchTally:
    """The results of a match, added up from its records in order
    (the same whether a record was just played or found by ``--resume``)."""

    def __init__(self, spec: MatchSpec) -> None:
        self.spec = spec
        self.lines = [PlayerLine(p.name, p.spec) for p in spec.players]
        self.records = 0
        self._ratings: Any = None
        self._rating_error: str | None = None
        self._unit_counts: dict[int, int] = {}
        try:
            from .ratings import Ratings

            self._ratings = Ratings()
        except ImportError as exc:
            self._rating_error = str(exc)

    def add(self, game: Game) -> None:
        """Count one record."""
        parsed = parse_round(game.tags.get("Round", ""))
        seating = [int(x) - 1 for x in game.tags.get("Seating", "").split()]
        if parsed is None or not game.deals or not seating:
            return
        deal_no, _ = parsed
        deal = game.deals[0]
        seats = tuple(self.spec.rules.default_seats)
        score = deal.score or {}
        self.records += 1
        unit = deal_no if self.spec.duplicate else self.records
        self._unit_counts[unit] = self._unit_counts.get(unit, 0) + 1
        queen_seat = _queen_taker(deal, seats)
        low = min(score.values()) if score else 0
        per_player: dict[int, list[int]] = {}
        for s, seat in enumerate(seats):
            if s >= len(seating):
                break
            line = self.lines[seating[s]]
            pts = score.get(seat, 0)
            line.seats += 1
            line.points += pts
            line.moons += deal.moon is not None and deal.moon.seat == seat
            line.queens += queen_seat == seat
            u = line.units.setdefault(unit, [0, 0])
            u[0] += pts
            u[1] += 1
            per_player.setdefault(seating[s], []).append(pts)
        for p, got in per_player.items():
            self.lines[p].wins += min(got) == low
        for word in game.tags.get("Faults", "").split():
            seat, _, rest = word.partition(":")
            kind = rest.partition("@")[0]
            if seat in seats and seats.index(seat) < len(seating):
                line = self.lines[seating[seats.index(seat)]]
                line.faults[kind] = line.faults.get(kind, 0) + 1
        if self._ratings is not None:
            self._ratings.add([(self.lines[p].name, sum(got) / len(got))
                               for p, got in per_player.items()])

    @property
    def units(self) -> int:
        """Complete units: records, or deals played at every rotation."""
        need = self.spec.rotations
        return sum(1 for k in self._unit_counts.values() if k >= need)

    def values(self, p: int) -> list[float]:
        """Player *p*'s points per seat-deal in each complete unit."""
        need = self.spec.rotations
        return [u[0] / u[1] for k, u in sorted(self.lines[p].units.items())
                if self._unit_counts.get(k, 0) >= need and u[1]]

    def settled(self) -> bool:
        """Whether the sequential rule says the two best players differ."""
        if self.units < SETTLE_MIN or len(self.lines) < 2:
            return False
        means = sorted((mean_ci(self.values(p))[0], p) for p in range(len(self.lines)))
        a, b = means[0][1], means[1][1]
        va, vb = self.values(a), self.values(b)
        diffs = [x - y for x, y in zip(va, vb, strict=False)]
        m, half = mean_ci(diffs)
        return half is not None and half > 0 and abs(m) > SETTLE_Z * half / Z95

    def to_dict(self, stopped: bool = False) -> dict[str, Any]:
        """The JSON document of ``hearts match --format json``."""
        ratings = self._ratings.table() if self._ratings is not None else None
        rated = {r["player"]: r for r in ratings} if ratings is not None else {}
        players = []
        for p, line in enumerate(self.lines):
            m, half = mean_ci(self.values(p))
            r = rated.get(line.name)
            players.append({
                "player": line.name, "spec": line.spec, "seat_deals": line.seats,
                "points_per_deal": round(m, 3),
                "ci95": None if half is None else [round(m - half, 3), round(m + half, 3)],
                "moons": line.moons, "queen_of_spades": line.queens, "wins": line.wins,
                "faults": {k: line.faults[k] for k in FAULT_KINDS if k in line.faults},
                "rating": None if r is None else {"mu": r["mu"], "sigma": r["sigma"]},
            })
        order = sorted(range(len(players)), key=lambda k: (players[k]["points_per_deal"], k))
        return {
            "match": self.spec.match_id, "seed": self.spec.seed,
            "rules": self.spec.rules.portable_spec, "duplicate": self.spec.duplicate,
            "records": self.records, "deals": self.units, "stopped_early": stopped,
            "paired": self.spec.duplicate,
            "players": [dict(players[k], rank=i) for i, k in enumerate(order, 1)],
            "ratings_unavailable": self._rating_error if self._ratings is None else None,
        }


def _queen_taker(deal: Deal, seats: Sequence[str]) -> str | None:
    for t in deal.tricks:
        cards = [int(p.card) for p in t.plays]
        if any(1 << c & QS_BIT for c in cards):
            return t.plays[trick_winner(cards)].seat
    return None


# Records on disk: the match so far ------------------------------------------------------------


class ResumeError(MessageError, ValueError):
    """An output file that cannot be continued (exit 2): a catalog message."""

    def __init__(self, message: Msg, line: int = 1) -> None:
        super().__init__(message)
        self.line = line


def split_records(data: bytes, fmt: str) -> list[tuple[str, int]]:
    """The records of an output file as written (:func:`frame`), each with
    the byte offset where it ends: JSONL lines, or HRN games (each begins
    with its ``Event`` tag).  The last one may be torn (an interrupted
    write); :func:`load_records` decides."""
    out: list[tuple[str, int]] = []
    if fmt == "jsonl":
        pos = 0
        while pos < len(data):
            nl = data.find(b"\n", pos)
            stop = len(data) if nl < 0 else nl + 1
            out.append((data[pos:stop].decode("utf-8", "replace"), stop))
            pos = stop
        return [(t, e) for t, e in out if t.strip()]
    starts = []
    pos = 0
    while True:
        k = data.find(b"[Event ", pos)
        if k < 0:
            break
        if k == 0 or data[k - 1:k] == b"\n":
            starts.append(k)
        pos = k + 1
    if (starts[0] if starts else len(data)) and data[:starts[0] if starts else len(data)].strip():
        starts.insert(0, 0)     # text before the first game: not a record of ours
    for i, k in enumerate(starts):
        stop = starts[i + 1] if i + 1 < len(starts) else len(data)
        out.append((data[k:stop].decode("utf-8", "replace"), stop))
    return out


def frame(text: str, fmt: str) -> str:
    """A record's text as appended to the output (see :func:`split_records`)."""
    if fmt == "jsonl":
        return text if text.endswith("\n") else text + "\n"
    return text.rstrip("\n") + "\n\n"


def _complete(text: str, fmt: str, rules: RuleSet) -> Game | None:
    """The game of one framed record, if it is whole: one game read without
    error, one deal with every trick and its points."""
    from .io import iter_games_text
    from .io.stream import InputError

    if not text.endswith("\n"):
        return None
    try:
        games = list(iter_games_text(text, fmt, "-"))
    except InputError:
        return None
    if len(games) != 1 or games[0].errors or len(games[0].deals) != 1:
        return None
    deal = games[0].deals[0]
    if deal.score is None or len(deal.tricks) != rules.tricks_per_deal:
        return None
    return games[0]


#: How every record of a match begins, per format (a torn record is a
#: beginning of one: anything else in the file is not ours to cut).
_HEADS: dict[str, str] = {"jsonl": '{"tags":{"Event":"hearts match ',
                          "hrn": '[Event "hearts match '}


def load_records(records: Sequence[tuple[str, int]], fmt: str, spec: MatchSpec
                 ) -> tuple[list[Game], int]:
    """The games of a match's output file and the offset where the whole
    records end: a torn last record (Ctrl-C, kill -9, power loss) is left
    out, to be cut off and played again; anything else that is not a whole
    record of this match is a :class:`ResumeError`: another match (its
    ``Match`` tag), a ``Round`` this match does not play or one already in
    the file (a record copied or hand-edited: it would be counted twice in
    the results, or its deal played again), a record the referee does not
    accept or whose hands are not the deal's (a hand-edited card).  The
    results are made from these records: a record the match would not have
    written must not enter them."""
    games: list[Game] = []
    end = 0
    line = 1
    seen: dict[tuple[int, int], int] = {}
    for i, (text, stop) in enumerate(records, 1):
        game = _complete(text, fmt, spec.rules)
        if game is None:
            head = _HEADS[fmt]
            if i == len(records) and head.startswith(text[:len(head)]):
                break   # the beginning of a record of ours, torn: played again
            raise ResumeError(msg("match.resume_bad", line=i), line)
        if game.tags.get("Match") != spec.match_id:
            raise ResumeError(msg("match.resume_other", found=game.tags.get("Match", "?"),
                                  expected=spec.match_id), line)
        found = game.tags.get("Round", "")
        r = parse_round(found)
        if r is None or r[0] < 1 or r[1] not in {spec.rotation_of(r[0], k) for k in range(spec.rotations)}:
            raise ResumeError(msg("match.resume_round", line=i, found=found[:40] or "-"), line)
        if r in seen:
            raise ResumeError(msg("match.resume_repeat", line=i, round=found, first=seen[r]), line)
        seen[r] = i
        problem = _edited(game, spec, r[0])
        if problem is not None:
            raise ResumeError(msg("match.resume_edited", line=i, problem=problem.arg()), line)
        games.append(game)
        end = stop
        line += text.count("\n")
    return games, end


def _edited(game: Game, spec: MatchSpec, deal: int) -> Msg | None:
    """Why a record of the match is not as the match wrote it (``None``
    when it is): the referee's first error, or hands that are not the
    seed's for the deal."""
    from .referee import check_game

    for f in check_game(game, spec.rules).findings:
        if f.severity == "error":
            return msg("match.resume_finding", code=f.code, where=f.line or 1)
    dealt = deal_cards(spec, deal)
    hands = game.deals[0].hands
    for s, seat in enumerate(spec.rules.default_seats):
        held = hands.get(seat)
        if held is None or {str(c) for c in held} != {str(CARDS[c]) for c in iter_bits(dealt[s])}:
            return msg("match.resume_hand", seat=seat)
    return None


def seed_of(records: Sequence[tuple[str, int]], fmt: str) -> int | None:
    """The ``Seed`` tag of the first record (``--resume`` without ``--seed``)."""
    import re

    if not records:
        return None
    m = re.search(r'Seed"?\s*[:\s]\s*"(\d+)"', records[0][0])
    return int(m.group(1)) if m else None


__all__ = [
    "FAULT_KINDS",
    "SETTLE_MIN",
    "SETTLE_Z",
    "Agent",
    "DealOutcome",
    "Fault",
    "MatchSpec",
    "MatchTally",
    "PlayerSpec",
    "ResumeError",
    "SpecError",
    "close_external_bots",
    "deal_cards",
    "frame",
    "load_records",
    "mean_ci",
    "parse_player",
    "parse_round",
    "play_record",
    "round_tag",
    "seat_names",
    "seed_of",
    "split_records",
    "unique_names",
]
