"""Find the passes and plays that cost points, measure the loss, say why.

:func:`analyse_game` is the whole job for one game, as a pure top-level
function of picklable values (:class:`GameTask` in, :class:`GameAnalysis`
out), so that a process pool can spread games over cores.  It referees the
game (:func:`hearts_notation.referee.check_game`: the rules in force, and
findings that become comments), replays each deal, and evaluates every
decision whose maker's hand is known: each pass (candidates played out in
sampled deals) and each play (PIMC, exact at the end).

:func:`annotate_game` writes the result back into the model: marks and
sentences on the plays and passes that lost points, the referee's findings
and what could not be analysed as comments.  :func:`report` builds the
JSON report of docs/spec.md, section 7.

Marks: an expected loss (EPL) of at least 1 point is ``?!``, 3 ``?``, 6
``??`` (:class:`Thresholds`), and only when the verdict is clear: the loss
minus three standard errors (``sigma`` plus the sequential test's margin)
reaches the threshold (see :func:`_verdict`); a forced card, or one
equivalent to the best, is never marked.
"""

from __future__ import annotations

import dataclasses
import gc
import hashlib
import random
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from ..cards import CARDS, QS_BIT, Card, display_order
from ..i18n import Arg, msg, players_in_view, plural, render, seats_in_view, translate
from ..model import Deal, Finding, Game, Mark, Pass, Play, deal_numbers
from ..presentation import Presentation
from ..referee import check_game, game_seats
from ..rules import RuleSet
from ..scoring import moon_choice as scoring_moon_choice
from ..scoring import score_game
from ..state import led_suit, trick_winner
from .context import DealContext, PlayPoint, malformed_trick, unvalued_rule
from .evaluate import Comparison, EvalOptions, Evaluation, Evaluator
from .exact import ExactSolver
from .explain import PassFacts, PlayFacts, explain_against, explain_pass, explain_play
from .faceup import FaceUp, face_up
from .playout import Playout
from .sampler import WorldSampler
from .state import moon_state, penalty_mask

#: Progress events: ``"decision"`` after each decision, ``"deal"`` after each deal.
ProgressFn = Callable[[str], None]


@dataclass(frozen=True, slots=True)
class Thresholds:
    """When a loss earns a mark: EPL at least ``dubious`` (``?!``),
    ``mistake`` (``?``), ``blunder`` (``??``) points, and more than
    ``sigma`` standard errors (so that sampling noise is never marked)."""

    dubious: float = 1.0
    mistake: float = 3.0
    blunder: float = 6.0
    sigma: float = 2.0

    def mark(self, epl: float, stderr: float) -> Mark | None:
        """The mark of a loss, or ``None``."""
        if epl < self.dubious or epl <= self.sigma * stderr:
            return None
        if epl >= self.blunder:
            return "??"
        if epl >= self.mistake:
            return "?"
        return "?!"

    @classmethod
    def parse(cls, text: str) -> Thresholds:
        """``"1,3,6"`` or ``"1,3,6,2"`` (the last is ``sigma``)."""
        parts = [p.strip() for p in text.replace(";", ",").split(",") if p.strip()]
        if len(parts) not in (3, 4):
            raise ValueError("thresholds are three numbers, ?! ? ?? (e.g. 1,3,6), "
                             "optionally a fourth: the standard errors required (2)")
        try:
            vals = [float(p) for p in parts]
        except ValueError:
            raise ValueError(f"thresholds must be numbers, not {text!r}") from None
        if not 0 <= vals[0] <= vals[1] <= vals[2] or (len(vals) == 4 and vals[3] < 0):
            raise ValueError("thresholds must be non-negative and in increasing order (?! <= ? <= ??)")
        return cls(*vals)


@dataclass(frozen=True, slots=True)
class AnalysisOptions:
    """Everything that shapes an analysis (picklable)."""

    eval: EvalOptions = field(default_factory=EvalOptions)
    thresholds: Thresholds = field(default_factory=Thresholds)
    lang: str = "en"
    passes: bool = True


@dataclass(frozen=True, slots=True)
class Choice:
    """One candidate of a decision and its expected points lost (hint)."""

    cards: tuple[Card, ...]
    epl: float
    epl_stderr: float
    points: float


@dataclass(frozen=True, slots=True)
class Decision:
    """One analysed decision (an entry of the report of docs/spec.md, section 7).

    ``deal_index`` (0-based in the game), ``play_index`` (0-based among the
    deal's plays, ``None`` for a pass) place it in the record.  ``choices``
    are every candidate, best first (kept for ``hint``; not in the report).
    """

    deal: int
    trick: int | None
    seat: str
    kind: str
    card: Card | None
    cards: tuple[Card, ...] | None
    legal: tuple[Card, ...]
    best: tuple[Card, ...] | None
    forced: bool
    epl: float
    epl_stderr: float
    dd_loss: int | None
    mark: Mark | None
    comment: str | None
    deal_index: int = 0
    play_index: int | None = None
    choices: tuple[Choice, ...] = ()
    #: Probability that the loss reaches the ``?!`` threshold (held-out
    #: estimate; 1 or 0 when exact).
    confidence: float | None = None
    #: Held-out worlds behind the verdict (0: exact, or not needed).
    verified_worlds: int = 0
    #: Every play-out policy agrees that the loss reaches the threshold.
    policies_agree: bool = True
    #: The verdict changes when indifferent opponents break ties the other way.
    tie_sensitive: bool = False
    #: The checked fact behind the comment (``None``: the simulations only).
    reason: str | None = None
    #: ``dd_loss`` when indifferent seats break ties the other way (the
    #: face-up loss is tie-sensitive where the two differ).
    dd_loss_ties_reversed: int | None = None
    #: Face-up value of each legal card (plays solved face up, the natural
    #: tie order): what the replay page shows after "Show everything".
    face_up: tuple[tuple[Card, int], ...] | None = None

    def to_dict(self) -> dict[str, Any]:
        """The shape of docs/spec.md, section 7 (cards as ``"QS"``)."""
        d: dict[str, Any] = {"deal": self.deal, "trick": self.trick, "seat": self.seat,
                             "kind": self.kind}
        if self.kind == "play":
            d["card"] = str(self.card)
            d["legal"] = [str(c) for c in self.legal]
        else:
            d["cards"] = [str(c) for c in self.cards or ()]
        d["best"] = None if self.best is None else [str(c) for c in self.best]
        d["forced"] = self.forced
        d["epl"] = round(self.epl, 2)
        d["epl_stderr"] = round(self.epl_stderr, 2)
        d["dd_loss"] = self.dd_loss
        d["mark"] = self.mark
        d["comment"] = self.comment
        d["confidence"] = None if self.confidence is None else round(self.confidence, 3)
        d["verified_worlds"] = self.verified_worlds
        d["policies_agree"] = self.policies_agree
        d["tie_sensitive"] = self.tie_sensitive
        d["reason"] = self.reason
        d["dd_loss_ties_reversed"] = self.dd_loss_ties_reversed
        d["dd_tie_sensitive"] = (self.dd_loss is not None
                                 and self.dd_loss != self.dd_loss_ties_reversed)
        d["face_up"] = (None if self.face_up is None
                        else [{"card": str(c), "points": v} for c, v in self.face_up])
        return d


@dataclass(frozen=True, slots=True)
class Note:
    """Something said about a deal (or the game, ``deal_index`` ``None``)
    that belongs in a comment: what could not be analysed, and why."""

    deal_index: int | None
    text: str


@dataclass(frozen=True, slots=True)
class GameAnalysis:
    """The analysis of one game."""

    source: str | None
    index: int | None
    rules: str
    decisions: tuple[Decision, ...]
    notes: tuple[Note, ...]
    findings: tuple[Finding, ...]

    def to_dict(self) -> dict[str, Any]:
        """One game of the report of docs/spec.md, section 7; ``notes`` says what could not
        be analysed (an addition: empty when everything was)."""
        return {
            "source": self.source,
            "index": self.index,
            "decisions": [d.to_dict() for d in self.decisions],
            "notes": [n.text for n in self.notes],
            "summary": self.summary().to_dict(),
        }

    def summary(self, dubious: float = 1.0) -> GameSummary:
        """The learner's report of the game (see :class:`GameSummary`)."""
        return game_summary(self.decisions, dubious)

    @property
    def marked(self) -> list[Decision]:
        """The decisions that earned a mark."""
        return [d for d in self.decisions if d.mark]


@dataclass(frozen=True, slots=True)
class PlayerSummary:
    """One player's figures: decisions analysed (forced cards left out),
    the average expected points lost per decision, the share of accurate
    decisions (no loss of ``?!`` size established, like an accuracy
    percentage on a chess site), and the marks by kind."""

    seat: str
    decisions: int
    average_loss: float
    accuracy: float
    marks: dict[str, int]

    def to_dict(self) -> dict[str, Any]:
        """JSON shape."""
        return {"seat": self.seat, "decisions": self.decisions,
                "average_loss": round(self.average_loss, 2), "accuracy": round(self.accuracy, 1),
                "marks": dict(self.marks)}


@dataclass(frozen=True, slots=True)
class GameSummary:
    """What a learner reads first: per player, the average points lost per
    decision and the share of accurate decisions; then the three costliest
    decisions of the game with their reasons."""

    players: tuple[PlayerSummary, ...]
    costliest: tuple[Decision, ...]

    def to_dict(self) -> dict[str, Any]:
        """JSON shape (the costliest decisions as in the report, plus
        ``play_index``/``deal_index`` to find them in the record)."""
        return {
            "players": [p.to_dict() for p in self.players],
            "costliest": [dict(d.to_dict(), deal_index=d.deal_index, play_index=d.play_index)
                          for d in self.costliest],
        }

    def lines(self, lang: str = "en") -> list[str]:
        """The report as plain sentences (the record's game comment, the
        terminal summary)."""
        out = []
        dec = translate(lang, "number.decimal")
        for p in self.players:
            # (counted by the average as shown: French says "1,50 point"
            # below 2 and "2,40 points" from 2 on)
            shown = round(p.average_loss, 2)
            out.append(render(lang, f"analysis.player_line.{plural(lang, shown)}", {
                "seat": ("seat", p.seat), "accuracy": f"{p.accuracy:.0f}",
                "avg": f"{shown:.2f}".replace(".", dec), "n": ("num", p.decisions)}))
        for i, d in enumerate(self.costliest, 1):
            where = (msg("analysis.where.pass", deal=d.deal) if d.trick is None
                     else msg("analysis.where.trick", deal=d.deal, trick=d.trick))
            out.append(render(lang, "analysis.costly", {
                "i": i, "where": where.arg(), "seat": ("seat", d.seat), "mark": d.mark or "",
                "loss": f"{d.epl:.1f}".replace(".", dec), "comment": d.comment or ""}))
        return out


def game_summary(decisions: Sequence[Decision], dubious: float = 1.0) -> GameSummary:
    """Per-player figures and the three costliest marked decisions."""
    by_seat: dict[str, list[Decision]] = {}
    for d in decisions:
        if not d.forced:
            by_seat.setdefault(d.seat, []).append(d)
    players = []
    for seat, ds in by_seat.items():
        marks: dict[str, int] = {}
        for d in ds:
            if d.mark:
                marks[d.mark] = marks.get(d.mark, 0) + 1
        accurate = sum(1 for d in ds if not d.mark)
        players.append(PlayerSummary(seat, len(ds), sum(d.epl for d in ds) / len(ds),
                                     100.0 * accurate / len(ds), marks))
    costliest = sorted((d for d in decisions if d.mark), key=lambda d: (-d.epl, d.deal_index,
                                                                          d.play_index or -1))[:3]
    return GameSummary(tuple(players), tuple(costliest))


@dataclass(frozen=True, slots=True)
class GameTask:
    """What :func:`analyse_game` needs (picklable)."""

    game: Game
    options: AnalysisOptions = field(default_factory=AnalysisOptions)
    default_rules: RuleSet | str | None = None
    force_rules: bool = False
    #: Only this deal (1-based index in the game), or every deal.
    only_deal: int | None = None
    #: With *only_deal*: the last deal of the run analysed (*only_deal* to
    #: this one); ``None``: *only_deal* alone.  A long game is analysed in a
    #: few runs of deals, not a task per deal: each task pays for the whole
    #: game (its pickling and its check), hostile31.
    through_deal: int | None = None


def decision_count(game: Game) -> int:
    """Upper bound of the decisions of a game (for a progress bar)."""
    total = 0
    for deal in game.deals:
        total += len(deal.passes) + sum(len(t.plays) for t in deal.tricks)
    return total


# -- the analysis -----------------------------------------------------------------------------


def analyse_game(task: GameTask, progress: ProgressFn | None = None) -> GameAnalysis:
    """Analyse every decision of a game that can be analysed; its reasons
    name the players as the record does (``Odile (N), sans carreau``)."""
    with seats_in_view(task.game.seat_names), players_in_view(task.game.players), \
            _collections_paused():
        return _analyse_game(task, progress)


@contextmanager
def _collections_paused() -> Iterator[None]:
    """No cycle collection while a game is analysed.

    The analysis allocates millions of short-lived lists and tuples (play-outs,
    search keys) but makes almost no reference cycles (about a thousand
    objects a deal, measured), and its solver's tables grow to hundreds of
    thousands of lists and tuples: at Python's default threshold the
    collector ran about 500 times a deal (4 to 6% of ``annotate``'s CPU);
    with its youngest generation spaced to 20,000 allocations it still ran
    about 20 times a deal, and its middle generation once or twice, through
    every new entry of those tables, for 0.07 to 0.19 s a deal (3 to 7%,
    measured with ``gc.callbacks``), collecting nothing.  Every object is
    freed as before (reference counting); the few cycles wait for the
    collector's next run after the game.  The collector's state is restored
    after (issue 24)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _analyse_game(task: GameTask, progress: ProgressFn | None) -> GameAnalysis:
    game = task.game
    report = check_game(game, task.default_rules, task.force_rules)
    rules = report.rules
    notes: list[Note] = []
    decisions: list[Decision] = []
    if rules is None:
        notes.append(Note(None, _t(task.options.lang, "note.no_rules")))
        return GameAnalysis(game.source, game.index, "", (), tuple(notes), tuple(report.findings))
    seats, rules, _ = game_seats(game, rules)
    unvalued = unvalued_rule(rules)
    if unvalued is not None:
        notes.append(Note(None, _t(task.options.lang, "note.rules", why=unvalued.arg())))
        return GameAnalysis(game.source, game.index, rules.spec, (), tuple(notes),
                            tuple(report.findings))
    solver = ExactSolver(rules)
    ev = Evaluator(len(seats), solver, task.options.eval)
    # A deal with a line that did not read holds only part of its play:
    # not analysed (its analysis could only mislead).
    damaged = {f.deal for f in game.errors if f.deal is not None}
    numbers = deal_numbers(game.deals)      # the scorer's (hearts score shows them)
    for di, deal in enumerate(game.deals):
        if task.only_deal is not None and not (
                task.only_deal <= di + 1 <= (task.through_deal or task.only_deal)):
            continue
        if deal.number in damaged:
            notes.append(Note(di, _t(task.options.lang, "note.damaged", deal=deal.number)))
            continue
        bad = malformed_trick(deal, rules, seats, numbers[di])
        if bad is not None:
            notes.append(Note(di, _t(task.options.lang, "note.malformed",
                                     why=msg(bad.key, **dict(bad.args)).arg())))
            continue
        choices = moon_choices(game, rules, seats, di)
        dev = ev if choices is None else Evaluator(
            len(seats), ExactSolver(rules, moon_choices=choices), task.options.eval)
        dev.start_deal()
        ds, dn = _analyse_deal(dev, deal, di, numbers[di], rules, seats, task.options, progress)
        decisions.extend(ds)
        notes.extend(dn)
        if progress:
            progress("deal")
    return GameAnalysis(game.source, game.index, rules.spec, tuple(decisions), tuple(notes),
                        tuple(report.findings))


def moon_choices(game: Game, rules: RuleSet, seats: Sequence[str],
                 deal_index: int) -> tuple[str, ...] | None:
    """Under ``moon: choose``, how each seat would score a moon in deal
    *deal_index*: the scoring's own rule (:func:`scoring.moon_choice`,
    ``add`` unless adding would end the game with the shooter not among
    the winners) for the totals before the deal.  ``None`` under the other
    rules (the solver's default)."""
    if rules.moon != "choose":
        return None
    return moon_choices_for(rules, totals_before(game, rules, seats, deal_index))


def totals_before(game: Game, rules: RuleSet, seats: Sequence[str], deal_index: int) -> list[int]:
    """The game's totals before deal *deal_index* (0-based), seat order;
    zeros for the first deal or a record whose scores cannot be worked out."""
    n = len(seats)
    if deal_index > 0:
        try:
            before = score_game(game, rules, seats).deals[deal_index - 1].totals
            return [before.get(s, 0) for s in seats]
        except (IndexError, ValueError, KeyError):
            pass
    return [0] * n


def moon_choices_for(rules: RuleSet, totals: Sequence[int]) -> tuple[str, ...] | None:
    """:func:`moon_choices` from the totals before the deal (a position
    carries them rather than the game)."""
    if rules.moon != "choose":
        return None
    n = len(totals)
    pen = penalty_mask(rules)
    return tuple(scoring_moon_choice(rules, k, totals, [pen if s == k else 0 for s in range(n)])
                 for k in range(n))


def decision_key(options: AnalysisOptions, number: int, what: str) -> str:
    """Seed of one decision's held-out verification (and of the moon check
    of its reason): ``--seed`` and the decision's place in the record, so
    that the same decision gets the same worlds whatever else the file
    holds and whatever process runs it, and other worlds under another
    ``--seed`` (the Monte Carlo error that ``bench_stability.py`` measures).
    The screening's worlds are not drawn from it: see
    :func:`screening_key`."""
    return f"{options.eval.seed}|{number}|{what}"


def screening_key(ctx: DealContext, seat: int, point: PlayPoint | None = None) -> str:
    """Seed of one decision's screening and race (which card or pass is
    called best, and which runners-up the verification also measures): the
    position as the seat to move sees it (for a pass its dealt hand and the
    pass's direction; for a play its hand, what it knows of the other
    hands, the cards played and taken, the trick), never ``--seed``.

    Under ``--seed``, the screening's choice of the best candidate changed
    between near-equal passes or cards, and the verdict was then measured
    against another reference: with ``--fast``, half the pass marks that
    came and went between two seeds were two verdicts more than three
    standard errors apart (issue 24, docs/analysis.md "The screening seeded
    by the position").  Common random numbers across runs for the screening
    only: every ``--seed`` compares the card played with the same best
    card, on worlds of its own.  ``annotate`` and ``hint`` (and a position
    read from another record) use the same key, so they name the same best."""
    rules = ctx.rules
    if point is None:
        facts: tuple[object, ...] = ("pass", rules.spec, ctx.n, seat, ctx.hands.dealt[seat],
                                     ctx.offset)
    else:
        know = ctx.knowledge(point)
        facts = ("play", rules.spec, ctx.n, seat, point.hand, point.leader, point.trick,
                 point.trick_no, point.broken, point.taken, point.counts,
                 None if know is None else (know.fixed, know.forbidden, know.pool))
    return "screen|" + hashlib.sha256(repr(facts).encode()).hexdigest()[:24]


def _analyse_deal(ev: Evaluator, deal: Deal, di: int, number: int, rules: RuleSet,
                  seats: Sequence[str], options: AnalysisOptions, progress: ProgressFn | None
                  ) -> tuple[list[Decision], list[Note]]:
    ctx = DealContext(deal, rules, seats, number)
    lang = options.lang
    notes: list[Note] = []
    pending: list[Pending] = []
    unknown = [seats[s] for s in range(ctx.n) if ctx.hands.played_from[s] is None]
    played_by = {p.seat for t in deal.tricks for p in t.plays}
    silent = [s for s in unknown if s in played_by]
    if silent:
        notes.append(Note(di, _t(lang, "note.silent." + ("one" if len(silent) == 1 else "other"),
                                 who=("space", *(("seat", x) for x in silent)))))
    # Passes.
    if options.passes and ctx.offset:
        for s in range(ctx.n):
            p = deal.passes.get(seats[s])
            if p is None:
                continue
            if ctx.hands.dealt[s] is None:
                notes.append(Note(di, _t(lang, "note.pass_unknown", seat=("seat", seats[s]))))
                continue
            pend = _pass_decision(ev, ctx, s, p, number, di, options)
            if pend is not None:
                pending.append(pend)
            else:
                notes.append(Note(di, _t(lang, "note.pass_unfit", seat=("seat", seats[s]))))
            if progress:
                progress("decision")
    # Plays: the face-up values first (dd_loss), then each decision.
    faces = face_up(ctx, ev.solver.choices, ev.options.dd_tricks, ev.options.dd_nodes)
    sh = ctx.shooter()
    shooter = seats[sh] if sh is not None else None
    skipped_illegal = False
    unfit: list[str] = []
    relaxed: list[str] = []
    for point in ctx.points:
        if point.legal is None or point.card is None:
            if progress:
                progress("decision")
            continue
        if not point.legal >> point.card & 1:
            skipped_illegal = True
            if progress:
                progress("decision")
            continue
        pend, status = _play_decision(ev, ctx, point, number, di, options, shooter, faces)
        where = f"{point.trick_no + 1}/{seats[point.seat]}"
        if pend is not None:
            pending.append(pend)
        elif status == "unfit":
            unfit.append(where)
        if status == "relaxed":
            relaxed.append(where)
        if progress:
            progress("decision")
    _settle(ev, pending)
    out = [pend.finish() for pend in pending]
    if unfit:
        notes.append(Note(di, _t(lang, "note.unfit", where=", ".join(unfit))))
    if relaxed:
        notes.append(Note(di, _t(lang, "note.relaxed", where=", ".join(relaxed))))
    if skipped_illegal:
        notes.append(Note(di, _t(lang, "note.illegal")))
    return out, notes


def _t(lang: str, key: str, **args: Arg) -> str:
    """The note *key* of the catalogs (``analysis.<key>``) in *lang*, as a sentence."""
    text = render(lang, f"analysis.{key}", args)
    return text if text.endswith(".") else text + "."


def _cards(mask: int) -> tuple[Card, ...]:
    return tuple(display_order(CARDS[c] for c in range(52) if mask >> c & 1))


def _best_indexes(ev: Evaluation) -> list[int]:
    return ev.tied()


def _choices(ev: Evaluation, order: Sequence[int] | None = None) -> tuple[Choice, ...]:
    means = ev.means()
    out = []
    for k in order if order is not None else range(len(ev.candidates)):
        epl, se = ev.loss(k)
        out.append(Choice(_cards(ev.candidates[k]), max(0.0, epl), se, means[k]))
    return tuple(sorted(out, key=lambda c: (round(c.epl, 9), c.points)))


def _verdict(options: AnalysisOptions, comp: Comparison | None, screen: tuple[float, float],
             exhaustive: bool, policy_means: Sequence[tuple[float, float]],
             extra_sigma: float = 0.0) -> Verdict:
    """The mark of a loss: from the held-out comparison when there is one,
    else from an exhaustive screening (exact for the seat's information).

    Only a clear verdict is a mark: the sequential verification must have
    stopped on a loss above the ``?!`` threshold by ``sigma`` standard
    errors plus the early stop's margin (``EvalOptions.stop_margin``), and
    each play-out policy's worlds must show a loss above the threshold by
    ``sigma`` of their own standard errors (the policies agree).  A verdict
    left unclear (near the threshold, or stopped by the deal's work budget)
    is not marked, so that a mark does not come and go with the seed.  The
    mark's level is the level that lower bound reaches, so that it does not
    move between ``?`` and ``??`` with the noise of one seed either."""
    th = options.thresholds
    if comp is not None:
        epl, se = comp.estimate()
        per = comp.by_policy()
        conf = comp.confidence(th.dubious)
        worlds = comp.worlds
        rev = comp.reversed_estimate()
        clear = True
        margin = 0.0 if comp.exhaustive else options.eval.stop_margin
    else:
        epl, se = screen
        per = list(policy_means)
        conf = 1.0 if epl >= th.dubious else 0.0
        worlds = 0
        rev = None
        clear = exhaustive
        margin = 0.0
    lcb = epl - (th.sigma + extra_sigma + margin) * se
    # A policy disagrees when it says, beyond its own noise, that the card
    # played loses less than the ?! threshold against the best one: a mark
    # needs both policies' worlds to allow a loss of that size (in the
    # commented sample deal, E's Q♠ discard on trick 3 loses 3.5 points
    # with the careful policy but 0.4 ± 0.2 with the bot's: not marked).
    agree = all(m + (th.sigma + extra_sigma) * e >= th.dubious for m, e in per)
    # Where every world is solved exactly, the loss must reach the mark
    # under both tie orders, each by the same margin: a verdict that
    # depends on how indifferent seats break ties is flagged, not marked.
    tie = False
    if rev is not None:
        rev_lcb = rev[0] - (th.sigma + extra_sigma + margin) * rev[1]
        tie = (rev_lcb >= th.dubious) != (lcb >= th.dubious)
    mark = th.mark(lcb, 0.0) if clear and agree and not tie else None
    return Verdict(max(0.0, epl), se, mark, conf, worlds, agree, tie)


#: Passes are judged on whole-deal play-outs, far noisier than a play's,
#: and the best pass itself changes with the seed more often: a pass mark
#: needs this many more standard errors (measured with
#: benchmarks/bench_stability.py, see docs/analysis.md).
PASS_EXTRA_SIGMA = 1.0


@dataclass(frozen=True, slots=True)
class Verdict:
    """What the statistics say of one decision (see :func:`_verdict`)."""

    epl: float
    stderr: float
    mark: Mark | None
    confidence: float
    worlds: int
    policies_agree: bool
    tie_sensitive: bool


def _policy_means(ev: Evaluation, k: int, b: int) -> list[tuple[float, float]]:
    """Mean loss of candidate *k* against *b* in the screening worlds of
    each play-out policy (none when every world was solved exactly); the
    worlds are all of them, so the error is 0."""
    out = []
    for p in sorted(set(ev.policy)):
        if p < 0:
            continue
        xs = [x - y for x, y, q in zip(ev.values[k], ev.values[b], ev.policy, strict=True) if q == p]
        out.append((sum(xs) / len(xs), 0.0))
    return out


@dataclass(slots=True)
class Pending:
    """A decision being analysed: its screening is done, its held-out
    comparison (if it needs one) may still get more worlds
    (:func:`_settle`); :meth:`finish` gives the :class:`Decision`."""

    #: Adds worlds to the comparison (up to the number given), or ``None``.
    more: Callable[[Comparison, int], Comparison | None] | None
    #: The held-out comparison so far (``None``: none needed or possible).
    comp: Comparison | None
    #: The decision, from the final comparison.
    make: Callable[[Comparison | None], Decision]

    def finish(self) -> Decision:
        """The decision with the comparison as it stands."""
        return self.make(self.comp)


def _settle(ev: Evaluator, pending: Sequence[Pending]) -> None:
    """Give the comparisons of a deal that are not settled more worlds,
    one batch each in turn, until each is settled or the deal's work budget
    is spent.

    Every comparison first got its minimum of worlds (``verify_min``) when
    its decision was screened; the rest of the deal's budget then goes only
    to the verdicts still unclear, in turns, so that which verdicts the
    budget leaves unclear does not depend on their place in the deal (a
    verdict left unclear is not marked, see :func:`_verdict`)."""
    batch = ev.options.batch
    while True:
        todo = [p for p in pending if p.more is not None and p.comp is not None
                and not p.comp.settled and not p.comp.cut]
        if not todo:
            return
        for p in todo:
            assert p.more is not None and p.comp is not None
            got = p.more(p.comp, p.comp.worlds + batch)
            if got is not None:
                p.comp = got


def _play_decision(ev: Evaluator, ctx: DealContext, point: PlayPoint, number: int, di: int,
                   options: AnalysisOptions, shooter: str | None,
                   faces: FaceUp | None = None) -> tuple[Pending | None, str]:
    """The decision of the play at *point* (pending its verification's
    further worlds), and how it went: ``"ok"``, ``"relaxed"`` (judged
    without the proofs from play) or ``"unfit"``."""
    legal = point.legal
    card = point.card
    assert legal is not None and card is not None
    seat = ctx.seats[point.seat]
    key = decision_key(options, number, f"play{point.index}")
    skey = screening_key(ctx, point.seat, point)
    result = ev.play(ctx, point, skey)
    if result is None:
        return None, "unfit"
    k = next(i for i, m in enumerate(result.candidates) if m >> card & 1)
    bests = _best_indexes(result)
    b = result.best()
    best_mask = result.best_mask()
    forced = legal.bit_count() == 1
    face = None if faces is None else faces.loss(point)
    dd = None if face is None else face[0]
    dd_reversed = None if face is None else face[1]
    solved = None if faces is None else faces.values.get(point.index)
    face_values = (None if solved is None else
                   tuple((c, solved.values[int(c)]) for c in _cards(legal)))
    th = options.thresholds
    screen = result.loss(k)
    verify = (not forced and k not in bests and (
        (not result.exhaustive and screen[0] + th.sigma * screen[1] >= th.dubious)
        or (result.exhaustive and result.exact and screen[0] >= th.dubious)))
    a_mask, b_mask = result.candidates[k], result.candidates[b]
    others = runner_up(result, k, ev.options) if verify else []

    def more(comp: Comparison | None, until: int | None) -> Comparison | None:
        # Sampled: the held-out verdict.  Exhaustive and exact: the same
        # worlds again, with both tie orders (the tie-policy check).
        return ev.verify(ctx, point, a_mask, b_mask, key, th.dubious, th.sigma, resume=comp,
                         until=until, others=others, pick_key=skey)

    comp = more(None, ev.options.verify_min) if verify else None

    def make(comp: Comparison | None) -> Decision:
        verdict = Verdict(0.0, 0.0, None, 0.0, 0, True, False)
        if not forced and k not in bests:
            verdict = _verdict(options, comp, screen, result.exhaustive,
                               _policy_means(result, k, b) if result.exhaustive else [])
        comment = None
        reason = None
        if verdict.mark:
            ref = comp.reference if comp is not None and comp.reference else b_mask
            worlds = (0 if result.exhaustive and verdict.worlds == 0 else
                      verdict.worlds or result.worlds)
            facts = play_facts(ctx, point, card, ref, verdict.epl, dd, shooter, ev,
                               key, worlds, dd_reversed)
            listed = None if ref & best_mask else play_facts(
                ctx, point, card, best_mask, verdict.epl, dd, shooter, ev, key, worlds,
                dd_reversed)
            # The cause said of the best card the report lists when one holds
            # (the verification's reference is another card the screening
            # could not tell from it).
            reason = (explain_play(facts, options.lang) if listed is None
                      else explain_against(listed, facts, options.lang))
            comment = reason.text
        return Decision(
            deal=number, trick=point.trick_no + 1, seat=seat, kind="play", card=CARDS[card],
            cards=None, legal=_cards(legal), best=_cards(best_mask), forced=forced,
            epl=verdict.epl, epl_stderr=verdict.stderr, dd_loss=dd, mark=verdict.mark,
            comment=comment, deal_index=di, play_index=point.index, choices=_choices(result),
            confidence=verdict.confidence, verified_worlds=verdict.worlds,
            policies_agree=verdict.policies_agree, tie_sensitive=verdict.tie_sensitive,
            reason=None if reason is None else reason.code, dd_loss_ties_reversed=dd_reversed,
            face_up=face_values,
        )

    return (Pending(more if comp is not None else None, comp, make),
            "relaxed" if result.relaxed else "ok")


def runner_up(result: Evaluation, k: int, options: EvalOptions) -> list[int]:
    """The other references of candidate *k*'s verification (see
    :meth:`Evaluator.verify`, and :meth:`Evaluator.verify_pass` for a pass,
    *k* -1 when the pass made is not among the candidates screened): at
    most two class masks (pass masks), the finalists after
    the best (not *k*; a finalist tied with the best counts, its values
    differ in other worlds) whose screening loss the screening cannot tell
    from the race's indifference margin (its loss less ``z + stop_margin``
    standard errors below it), best first.  None when the screening was
    exhaustive (its best is exact)."""
    if result.exhaustive:
        return []
    b = result.best()
    means = result.means()
    zz = options.z + options.stop_margin
    out: list[int] = []
    for j in sorted(result.finalists(), key=lambda j: (means[j], j)):
        if j in (k, b):
            continue
        loss, se = result.loss(j)
        if loss - zz * se >= options.indifference or len(out) == 2:
            break
        out.append(result.candidates[j])
    return out


def play_facts(ctx: DealContext, point: PlayPoint, card: int, best_mask: int, epl: float,
               dd: int | None, shooter: str | None, ev: Evaluator | None = None,
               key: str = "", worlds: int = 0,
               dd_reversed: int | None = None) -> PlayFacts:
    """The checked facts :func:`explain_play` reasons on, for *card* played
    at *point* (a recorded play, or a candidate for ``hint``).  With *ev*,
    the moon fact is checked by playing the deal out (see
    :func:`moon_stopped`)."""
    seats = ctx.seats
    hand = point.hands[point.seat] or 0
    voids: dict[int, set[int]] = {}
    for q in ctx.points[: point.index]:
        if q.led is not None and q.card is not None and q.card // 13 != q.led:
            voids.setdefault(q.seat, set()).add(q.led)
    ms = moon_state(ctx.rules, point.taken)
    threat = seats[ms] if ms >= 0 else None
    outcome = None
    if point.card == card:
        oc = ctx.trick_outcome(point)
        if oc is not None:
            outcome = (seats[oc[0]], oc[1])
    best = natural_member(best_mask, point)
    holders: list[str] = []
    know = ctx.knowledge(point)
    out = None
    if know is not None:
        out = know.pool
        for s in range(ctx.n):
            if s != point.seat:
                out |= know.fixed[s]
    if know is not None and not (point.played | hand) & QS_BIT:
        for s in range(ctx.n):
            if s != point.seat and (know.fixed[s] & QS_BIT or (
                    know.pool & QS_BIT and not know.forbidden[s] & QS_BIT)):
                holders.append(seats[s])
    stopped = None
    if ev is not None and threat is not None and shooter == threat and threat != seats[point.seat]:
        stopped = moon_stopped(ev, ctx, point, best, ms, key)
    return PlayFacts(
        seat=seats[point.seat], card=card, best=best, epl=epl, dd_loss=dd, hand=hand,
        legal=point.legal or 0, trick=tuple((seats[s], c) for s, c in point.trick),
        queen_out=not (point.played | hand) & QS_BIT,
        voids=tuple((seats[s], tuple(sorted(v))) for s, v in voids.items()),
        moon_threat=threat, shooter=shooter, outcome=outcome, moon_stopped=stopped,
        queen_holders=tuple(holders), worlds=worlds, out=out, dd_loss_reversed=dd_reversed,
    )


def moon_stopped(ev: Evaluator, ctx: DealContext, point: PlayPoint, best: int, shooter: int,
                 key: str, worlds: int = 16) -> float | None:
    """Whether *best* really keeps a penalty card from *shooter*: with the
    actual hands, for every play-out policy played to the last card, the
    shooter does not take them all; then the share of *worlds* sampled
    deals where it does not either.  ``None`` when the actual hands are
    unknown or the best card does not stop the moon with them (or in most
    sampled deals): the moon sentence is then not said."""
    true = ctx.true_hands(point)
    know = ctx.knowledge(point)
    if true is None or know is None:
        return None
    finishers = [Playout(ctx.rules, ev.solver, 0, p.policy) for p in ev.playouts]

    def shoots(hands: tuple[int, ...], fin: Playout, seed: str) -> bool:
        st = ctx.state(point, hands)
        st.push(best)
        fin.finish(st, random.Random(seed))
        return moon_state(ctx.rules, st.taken) == shooter

    if any(shoots(true, fin, f"{key}/moon/true") for fin in finishers):
        return None
    sampler = WorldSampler(know)
    if not sampler.count():
        return None
    drawn = sampler.samples(worlds, random.Random(f"{key}/moon"))
    kept = sum(not shoots(h, finishers[w % len(finishers)], f"{key}/moon/{w}")
               for w, h in enumerate(drawn))
    share = kept / len(drawn)
    return share if share >= 0.5 else None


def natural_member(mask: int, point: PlayPoint) -> int:
    """The card of a class of equivalent cards a player would name: the
    highest one under the winning card, the highest discard, else the
    lowest."""
    cards = [c for c in range(52) if mask >> c & 1]
    on_table = [c for _, c in point.trick]
    led = led_suit(on_table)
    if led is not None:
        win = on_table[trick_winner(on_table)]
        under = [c for c in cards if c // 13 == led and c < win]
        if under:
            return max(under)
        if all(c // 13 != led for c in cards):
            return max(cards)
    return min(cards)


def _pass_decision(ev: Evaluator, ctx: DealContext, s: int, p: Pass, number: int, di: int,
                   options: AnalysisOptions) -> Pending | None:
    key = decision_key(options, number, f"pass{s}")
    skey = screening_key(ctx, s)
    result = ev.passes(ctx, s, skey)
    made = ctx.given[s]
    dealt = ctx.hands.dealt[s]
    if result is None or made is None or dealt is None:
        return None
    b = result.best()
    best = result.candidates[b]
    th = options.thresholds
    z = th.sigma + PASS_EXTRA_SIGMA

    made_class = ev.pass_class(dealt, made)
    verify = made_class != best
    k = result.candidates.index(made_class) if made_class in result.candidates else -1
    others = runner_up(result, k, ev.options) if verify else []

    def more(comp: Comparison | None, until: int | None) -> Comparison | None:
        assert made is not None
        return ev.verify_pass(ctx, s, made, best, key, th.dubious, z, resume=comp, until=until,
                              others=others, pick_key=skey)

    comp = more(None, ev.options.verify_min) if verify else None

    def make(comp: Comparison | None) -> Decision:
        assert made is not None and dealt is not None
        verdict = Verdict(0.0, 0.0, None, 0.0, 0, True, False)
        if comp is not None:
            verdict = _verdict(options, comp, (0.0, 0.0), False, [], PASS_EXTRA_SIGMA)
        comment = None
        reason = None
        ref = comp.reference if comp is not None and comp.reference else best
        if verdict.mark:
            reason = explain_pass(PassFacts(ctx.seats[s], dealt, made, ref, verdict.epl),
                                  options.lang)
            comment = reason.text
        return Decision(
            deal=number, trick=None, seat=ctx.seats[s], kind="pass", card=None,
            cards=tuple(p.cards), legal=(), best=_cards(ref) if verdict.mark else None,
            forced=False, epl=verdict.epl, epl_stderr=verdict.stderr, dd_loss=None,
            mark=verdict.mark, comment=comment, deal_index=di, play_index=None,
            choices=_choices(result), confidence=verdict.confidence,
            verified_worlds=verdict.worlds, policies_agree=verdict.policies_agree,
            reason=None if reason is None else reason.code,
        )

    return Pending(more if comp is not None else None, comp, make)


# -- writing the record back ------------------------------------------------------------------


def combine(existing: str | None, added: str | None) -> str | None:
    """A comment with the analysis's text added after the commentator's.

    The commentator's words come first and are never changed; text that
    is already there (from an earlier run) is not added twice, so
    annotating an annotated record changes nothing.
    """
    if not added:
        return existing
    if not existing:
        return added
    if added in existing:
        return existing
    return f"{existing} {added}"


def annotate_game(game: Game, analysis: GameAnalysis, referee: bool = True,
                  summary: bool = True, lang: str = "en") -> Game:
    """The game with the analysis's marks and comments, and the referee's
    findings and the analysis's notes as comments.

    A mark already in the record is kept (the commentator has the last
    word); when the analysis would mark the card differently, its mark is
    written at the start of its comment instead, as ``(??)``.  With
    *summary*, the learner's report (:class:`GameSummary`) closes the
    game's comment, so that a replay of the record shows it.
    """
    deals = list(game.deals)
    by_deal: dict[int, list[Decision]] = {}
    for d in analysis.decisions:
        by_deal.setdefault(d.deal_index, []).append(d)
    notes_by_deal: dict[int | None, list[str]] = {}
    for n in analysis.notes:
        # a sentence of its own in the record's comment, after the referee's
        # ("... [total-mismatch]. Analyse : ...", not ". analyse : ...")
        text = n.text[:1].upper() + n.text[1:]
        notes_by_deal.setdefault(n.deal_index, []).append(
            text if text.endswith((".", "!", "?")) else text + ".")
    findings_at: dict[tuple[int, int, str], list[str]] = {}
    deal_findings: dict[int, list[str]] = {}
    game_findings: list[str] = []
    if referee:
        numbers = {n: i for i, n in enumerate(deal_numbers(game.deals))}
        pres = Presentation.of_game(lang, game)
        for f in analysis.findings:
            # In the record's language, the players by name (the note is
            # written into the record, which the players read).
            with seats_in_view(pres.seats), players_in_view(game.players):
                text = pres.t("annotate.referee", text=pres.text(f), code=f.code)
            di = numbers.get(f.deal) if f.deal is not None else None
            if di is None:
                game_findings.append(text)
            elif f.trick is not None and f.seat is not None and f.severity != "info":
                findings_at.setdefault((di, f.trick, f.seat), []).append(text)
            else:
                deal_findings.setdefault(di, []).append(text)
    for di, deal in enumerate(deals):
        decisions = by_deal.get(di, [])
        passes = dict(deal.passes)
        for d in decisions:
            if d.kind == "pass" and d.seat in passes and d.mark:
                passes[d.seat] = _marked(passes[d.seat], d)
        tricks = list(deal.tricks)
        plays_at = {d.play_index: d for d in decisions if d.kind == "play" and d.mark}
        flat = 0
        placed: set[tuple[int, int, str]] = set()
        for ti, trick in enumerate(tricks):
            plays = list(trick.plays)
            for pi, play in enumerate(plays):
                marked = plays_at.get(flat)
                if marked is not None:
                    play = _marked(play, marked)
                fk = (di, ti + 1, play.seat)
                if fk in findings_at and fk not in placed:
                    placed.add(fk)
                    play = dataclasses.replace(
                        play, comment=combine(play.comment, " ".join(findings_at[fk])))
                plays[pi] = play
                flat += 1
            tricks[ti] = dataclasses.replace(trick, plays=tuple(plays))
        extra = list(deal_findings.get(di, []))
        extra += [" ".join(findings_at[k]) for k in findings_at if k[0] == di and k not in placed]
        extra += notes_by_deal.get(di, [])
        comment = deal.comment
        for text in extra:
            comment = combine(comment, text)
        deals[di] = dataclasses.replace(deal, passes=passes, tricks=tuple(tricks), comment=comment)
    comment = game.comment
    for text in game_findings + notes_by_deal.get(None, []):
        comment = combine(comment, text)
    if summary and analysis.decisions:
        pres = Presentation.of_game(lang, game)
        with seats_in_view(pres.seats), players_in_view(game.players):    # names first
            comment = combine(comment, " ".join(analysis.summary().lines(lang)))
    return dataclasses.replace(game, deals=tuple(deals), comment=comment)


def _marked(item: Play | Pass, d: Decision) -> Any:
    text = d.comment
    if item.mark is not None and item.mark != d.mark and text:
        text = f"({d.mark}) {text}"
    mark = item.mark if item.mark is not None else d.mark
    return dataclasses.replace(item, mark=mark, comment=combine(item.comment, text))


def report(analyses: Sequence[GameAnalysis]) -> dict[str, Any]:
    """The docs/spec.md, section 7 report of several games."""
    return {"games": [a.to_dict() for a in analyses]}


__all__ = [
    "AnalysisOptions",
    "Choice",
    "Decision",
    "GameAnalysis",
    "GameSummary",
    "GameTask",
    "Note",
    "PlayerSummary",
    "Thresholds",
    "analyse_game",
    "annotate_game",
    "combine",
    "decision_count",
    "game_summary",
    "merge_analyses",
    "report",
]


def merge_analyses(parts: list[GameAnalysis]) -> GameAnalysis:
    """One game's analysis from the analyses of its deals (in deal order)."""
    first = parts[0]
    if not first.rules:          # rules undetermined: every part says the same
        return first
    # A note on the whole game (no deal: the rules the analysis cannot
    # value) is said by every part alike: once.
    return dataclasses.replace(first, decisions=tuple(d for p in parts for d in p.decisions),
                               notes=tuple(n for k, p in enumerate(parts) for n in p.notes
                                           if k == 0 or n.deal_index is not None))
