"""``hearts solve``: the exact value of every legal card with all hands known.

What double-dummy solvers are to bridge: at a chosen point of a deal whose
four hands are known (a finished record, or one stopped mid-deal), each
legal card with the points its player ends the deal with when everyone
plays on perfectly, in the ``selfish`` model (every seat minimises its own
points; both tie orders, the tie-sensitive values flagged) or the
``paranoid`` one (the mover against the others).  The search is
:mod:`hearts_notation.analysis.exact`; see docs/analysis.md, "hearts solve".

Text and ``--format json`` answer for one deal (``--game``, ``--deal``);
``--format jsonl`` answers for every deal of every game of a corpus, one
line per deal, on ``--jobs`` processes.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import click

from ..analysis.annotate import moon_choices, moon_choices_for
from ..analysis.context import DealContext, PlayPoint, malformed_trick, unvalued_rule
from ..analysis.exact import MODELS, SELFISH, ExactSolver, SearchLimit, Solved, solve_position
from ..analysis.explain import card_text
from ..cards import CARDS, parse_card
from ..clickwords import HelpCommand
from ..i18n import Msg, number, players_in_view, render, seat, seats_in_view, translate
from ..model import Game, deal_numbers
from ..output import json_text, safe, write_stdout
from ..position import position_game
from ..progress import progress_console, stderr_is_terminal
from ..referee import game_seats, resolve_rules
from ..rules import RuleSet
from ..runners.local import EngineSpec
from ..sheets import cards_unrecorded
from ..state import GameState
from ._common import fail, is_position, open_engine, read_position
from ._status import Report
from .annotate import read_record
from .options import (
    engine_options,
    format_option,
    input_format_option,
    jobs_option,
    lang_option,
    point_option,
    require_deal,
    rules_options,
)


class SolveError(ValueError):
    """A point that cannot be solved: the catalog id (``solve.error.<id>``)
    and its arguments, worded in the run's language by the command.  An
    argument may itself be a message (the reason of
    :func:`~hearts_notation.analysis.context.unvalued_rule`), worded in the
    same language: the command words the error it was given rather than
    derive the reason again."""

    def __init__(self, key: str, *, wording: str | None = None, **args: object) -> None:
        super().__init__(key)
        self.key = key
        #: The catalog id's last part when the words are not the key's own
        #: (a point past the end names the last point there is).
        self.wording = wording or key
        self.args_ = args

    def text(self, lang: str, **override: object) -> str:
        """The message in *lang* (*override*: arguments replaced)."""
        args: dict[str, Any] = {k: v.text(lang) if isinstance(v, Msg) else v
                for k, v in {**self.args_, **override}.items()}
        # (through render: a count given as ("num", n) is grouped, lang29)
        return render(lang, f"solve.error.{self.wording}", args)


def _past_the_end(deal_no: int, trick: int | None, card: int, last: PlayPoint) -> SolveError:
    """``--trick T [--card K]`` past the deal's last point (the record stops
    before it, or the deal has fewer tricks): the error names that last
    point, as ``position`` names the tricks a deal has."""
    return SolveError("no_such_point", wording="no_such_point_last", deal=deal_no, trick=trick,
                      card=card, last_trick=last.trick_no + 1, last_card=len(last.trick) + 1)


#: The default of ``--max-nodes``: some 5 s of the compiled core, a minute
#: or two of pure Python (docs/performance.md, bench_solve: 0.6 to 1 million
#: nodes a second compiled).  Enough for most positions from the fourth
#: trick on; the opening lead of a whole deal needs more than 10,000,000 in
#: every deal measured, so a higher default only made ``hearts solve
#: finished.hrn`` refuse later (half a minute compiled, a quarter of an
#: hour in pure Python, at 20,000,000) (docs/analysis.md, "hearts solve").
DEFAULT_MAX_NODES = 5_000_000

#: Told (the position's index among those chosen, the tie order searched,
#: the nodes it has searched for that position) as a search goes.
SolveProgress = Callable[[int, int, int], None]


@dataclass(frozen=True, slots=True)
class Where:
    """The point asked for: the deal (1-based), and the trick and the card
    in it (1-based; ``None``: the default point), or every decision."""

    deal: int | None
    trick: int | None
    card: int | None
    every: bool
    model: str
    #: Nodes a position may search (each tie order), 0: no limit (--max-nodes).
    max_nodes: int = 0


@dataclass(frozen=True, slots=True)
class SolveTask:
    """One deal of one game to solve: picklable, for the worker processes."""

    game: Game
    game_no: int
    deal_index: int
    where: Where
    rules: RuleSet | None
    force_rules: bool
    #: The game's totals before the deal when the game itself does not hold
    #: them (a position carries them: ``moon: choose`` decides by them).
    totals: tuple[int, ...] | None = None


def _points(ctx: DealContext) -> list[PlayPoint]:
    """Every decision of the deal: the recorded plays, then where the
    record stops (an unfinished deal)."""
    pts = list(ctx.points)
    nxt = ctx.next_point()
    if nxt is not None:
        pts.append(nxt)
    return pts


def _choose(ctx: DealContext, where: Where, deal_no: int, default_stop: bool) -> list[PlayPoint]:
    if ctx.waiting_passes():
        raise SolveError("in_passes", deal=deal_no)
    pts = _points(ctx)
    if not pts:
        raise SolveError("no_point", deal=deal_no)
    if where.every:
        start = (where.trick or 1) - 1
        chosen = [p for p in pts if p.trick_no >= start]
        if not chosen:
            # From a trick the deal never reaches there is nothing to solve: the
            # same refusal as one point past the end, not an empty result.
            raise _past_the_end(deal_no, where.trick, 1, pts[-1])
        return chosen
    if where.trick is None:
        if default_stop:
            return [pts[-1]]
        return [pts[0]]
    k = where.card or 1
    for p in pts:
        if p.trick_no == where.trick - 1 and len(p.trick) == k - 1:
            return [p]
    raise _past_the_end(deal_no, where.trick, k, pts[-1])


def solve_deal(task: SolveTask, progress: SolveProgress | None = None) -> dict[str, Any]:
    """The JSON result for one deal: its positions solved, or ``error``
    (English) with ``error_id`` when it cannot be.  *progress*, when
    given, is told how each position's search goes."""
    return solve_or_refuse(task, progress)[0]


def solve_or_refuse(task: SolveTask, progress: SolveProgress | None = None
                    ) -> tuple[dict[str, Any], SolveError | None]:
    """:func:`solve_deal`'s result, and the error when the deal cannot be
    solved (its ``error`` is that error in English), for the command to
    word in the run's language."""
    game = task.game
    where = task.where
    rules = resolve_rules(game, task.rules, task.force_rules)
    seats, rules, _ = game_seats(game, rules)
    deal = game.deals[task.deal_index]
    deal_no = deal_numbers(game.deals)[task.deal_index]    # as hearts score calls it
    head: dict[str, Any] = {"game": task.game_no, "deal": deal_no, "model": where.model,
                            "rules": rules.spec}
    t0 = time.process_time()
    try:
        unvalued = unvalued_rule(rules)
        if unvalued is not None:
            raise SolveError("rules", deal=deal_no, why=unvalued)
        if cards_unrecorded(deal, rules, seats):
            raise SolveError("sheet", deal=deal_no)
        bad = malformed_trick(deal, rules, seats, deal_no)
        if bad is not None:
            raise SolveError("malformed", deal=deal_no)
        ctx = DealContext(deal, rules, seats, deal_no)
        last = task.deal_index == len(game.deals) - 1
        chosen = _choose(ctx, where, deal_no, default_stop=last and where.deal is None
                         and not ctx.complete)
        choices = (moon_choices(game, rules, seats, task.deal_index) if task.totals is None
                   else moon_choices_for(rules, task.totals))
        solvers: dict[tuple[str, bool], ExactSolver] = {}
        positions = []
        nodes = 0
        for i, p in enumerate(chosen):
            hands = ctx.true_hands(p)
            if hands is None:
                raise SolveError("hands", deal=deal_no)
            state = GameState(rules, hands, p.leader, [c for _, c in p.trick], p.trick_no,
                              p.broken, p.taken)
            tell = None
            if progress is not None:
                def tell(order: int, searched: int, i: int = i,
                         progress: SolveProgress = progress) -> None:
                    progress(i, order, searched)
            try:
                solved = solve_position(state, where.model, choices, solvers,
                                        max_nodes=where.max_nodes, progress=tell)
            except SearchLimit:
                raise SolveError("limit", deal=deal_no, nodes=("num", where.max_nodes)) from None
            nodes += solved.nodes
            positions.append(_position(p, seats, solved))
    except SolveError as exc:
        head.update(error=exc.text("en"), error_id=exc.key)
        return head, exc
    if where.every:
        head["positions"] = positions
    else:
        head.update(positions[0])
    head["nodes"] = nodes
    head["cpu_seconds"] = round(time.process_time() - t0, 4)
    return head, None


def _position(p: PlayPoint, seats: Sequence[str], solved: Solved) -> dict[str, Any]:
    best = solved.best
    cards = []
    for c in sorted(solved.values, key=_display_key):
        entry: dict[str, Any] = {"card": str(CARDS[c]), "points": solved.values[c]}
        if solved.reversed_values is not None:
            entry["points_ties_reversed"] = solved.reversed_values[c]
            entry["tie_sensitive"] = solved.tie_sensitive(c)
        cards.append(entry)
    return {
        "trick": p.trick_no + 1, "card_in_trick": len(p.trick) + 1, "seat": seats[p.seat],
        "played": None if p.card is None else str(CARDS[p.card]),
        "cards": cards,
        "best": [str(CARDS[c]) for c in sorted(solved.values, key=_display_key)
                 if solved.values[c] == best],
        "value": best,
        "tie_sensitive": any(solved.tie_sensitive(c) for c in solved.values),
        "position_nodes": solved.nodes,
    }


def _display_key(c: int) -> tuple[int, int]:
    """Cards in display order: by suit (clubs, diamonds, spades, hearts), high first."""
    return ((0, 1, 3, 2)[c // 13], -(c % 13))


def _tasks(games: list[Game], game_no: int | None, where: Where, rules: RuleSet | None,
           force_rules: bool, corpus: bool,
           totals: tuple[int, ...] | None = None) -> Iterator[SolveTask]:
    for gi, g in enumerate(games):
        if game_no is not None and gi + 1 != game_no:
            continue
        if not corpus and game_no is None and gi > 0:
            break
        indexes = range(len(g.deals))
        if where.deal is not None:
            indexes = range(where.deal - 1, where.deal) if where.deal <= len(g.deals) else range(0)
        elif not corpus:
            # one deal: the one a record stops in, else the first (none in a
            # record of tags only: "there is no deal 1", not an IndexError)
            last = len(g.deals) - 1
            if last >= 0 and _unfinished(g, last, rules, force_rules):
                indexes = range(last, last + 1)
            else:
                indexes = range(0, min(1, len(g.deals)))
        for di in indexes:
            yield SolveTask(g, gi + 1, di, where, rules, force_rules, totals)


def _unfinished(game: Game, di: int, rules: RuleSet | None, force_rules: bool) -> bool:
    ruleset = resolve_rules(game, rules, force_rules)
    seats, ruleset, _ = game_seats(game, ruleset)
    deal, number = game.deals[di], deal_numbers(game.deals)[di]
    if malformed_trick(deal, ruleset, seats, number) is not None:
        return False
    return not DealContext(deal, ruleset, seats, number).complete


@click.command("solve", cls=HelpCommand, help="help.solve")
@click.argument("file", default="-")
@point_option("--game", "game_no",
              "help.solve.game_no")
@point_option("--deal", "deal_no", "help.solve.deal_no")
@point_option("--trick", "trick", "help.solve.trick")
@point_option("--card", "card_no", "help.solve.card_no")
@click.option("--all", "every", is_flag=True,
              help="help.solve.every")
@click.option("--model", type=click.Choice(list(MODELS)), default=SELFISH, show_default=True,
              help="help.solve.model")
@click.option("--max-nodes", type=click.IntRange(min=0), default=DEFAULT_MAX_NODES,
              show_default=True,
              help="help.solve.max_nodes")
@format_option(["text", "json", "jsonl"], "text",
               "help.solve.fmt_out")
@lang_option()
@rules_options()
@input_format_option()
@jobs_option()
@engine_options()
def command(file: str, game_no: int | None, deal_no: int | None, trick: int | None,
            card_no: int | None, every: bool, model: str, max_nodes: int, fmt_out: str, lang: str,
            rules: RuleSet | None, force_rules: bool, fmt_in: str | None, jobs: int,
            engine_spec: EngineSpec) -> Report:
    """``hearts solve``: its page (what it does, its options) is the
    catalogs' ``help.solve`` and ``help.solve.*``, in the run's language."""
    if card_no is not None and trick is None:
        raise click.UsageError(translate(lang, "solve.card_needs_trick"))
    if every and card_no is not None:
        raise click.UsageError(translate(lang, "solve.all_and_card"))
    position = read_position(file, lang) if is_position(file) else None
    if position is not None:
        # A perfect-information position (hearts position --all-hands): the
        # record of its hands as played from, solved where it stops.
        if deal_no is not None or trick is not None or every:
            fail(translate(lang, "position.solve_point"))
        try:
            games = [position_game(position, played_from=True)]
        except ValueError:
            fail(translate(lang, "position.solve_hands", file=safe(file)))
    else:
        games, _ = read_record(file, fmt_in, rules, force_rules)
    if game_no is not None and game_no > len(games):
        fail(translate(lang, "hint.bad_game", n=game_no, k=len(games)))
    # The games solved: --game's, else the first (every game with jsonl).
    chosen = games if fmt_out == "jsonl" and game_no is None else games[(game_no or 1) - 1:][:1]
    require_deal(deal_no, len(chosen), max((len(g.deals) for g in chosen), default=0), file)
    where = Where(deal_no, trick, card_no, every, model, max_nodes)
    corpus = fmt_out == "jsonl"
    tasks = list(_tasks(games, game_no, where, rules, force_rules, corpus,
                        None if position is None else position.totals))
    if not tasks:
        fail(translate(lang, "solve.error.no_deal", file=safe(file), deal=deal_no or 1))
    if corpus:
        # One deal per task, on --jobs processes or a Dask cluster (--engine
        # dask): the client reads the file and ships the deals.
        errors = 0
        with open_engine(engine_spec, min(jobs, len(tasks))) as engine:
            for res in engine.map(solve_deal, tasks, chunk_size=1):
                errors += "error" in res
                write_stdout(json_text(res) + "\n")
        return Report(findings=errors)
    with search_progress(lang, tasks[0], stderr_is_terminal()) as tell:
        res, refused = solve_or_refuse(tasks[0], tell)
    if position is not None:
        res["deal"] = position.deal     # the deal's own number, as in its record
    if refused is not None:
        fail(translate(lang, "solve.error.at", file=safe(file), why=refused.text(lang, deal=res["deal"])))
    if fmt_out == "json":
        write_stdout(json_text(res, indent=2) + "\n")
    else:
        print_text(res, lang, tasks[0].game)
    return Report()


@contextmanager
def search_progress(lang: str, task: SolveTask, enabled: bool) -> Iterator[SolveProgress | None]:
    """A progress line on stderr while one deal is solved (only when stderr
    is a terminal, as :mod:`hearts_notation.progress` draws its bars): the
    positions searched, against ``--max-nodes`` (where the command stops),
    the tie order (selfish: two searches) and the time.  A deep point (the
    opening lead of a whole deal) searches for seconds to minutes, and
    without it the command showed nothing until it answered or stopped.
    Yields the callback :func:`solve_deal` reports to (None when hidden)."""
    if not enabled:
        yield None
        return
    from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

    from ..presentation import Presentation

    pres = Presentation(lang)
    limit = task.where.max_nodes
    orders = 2 if task.where.model == SELFISH else 1
    # no bar: the count against the limit says how close the stop is, and
    # the line fits 80 columns in both languages
    bar = Progress(SpinnerColumn(), TextColumn("[bold]{task.description}"),
                   TextColumn("{task.fields[counts]}"), TimeElapsedColumn(),
                   console=progress_console(), transient=True, auto_refresh=False)
    deal_no = deal_numbers(task.game.deals)[task.deal_index]
    job = bar.add_task(translate(lang, "solve.progress", deal=deal_no), total=limit or None,
                       counts="")
    last = [0.0]

    def tell(_index: int, order: int, searched: int) -> None:
        now = time.perf_counter()
        if searched and now - last[0] < 0.1:
            return
        last[0] = now
        nodes = pres.number(searched)
        counts = (translate(lang, "solve.progress.nodes", nodes=nodes, limit=pres.number(limit))
                  if limit else translate(lang, "solve.progress.nodes_free", nodes=nodes))
        if orders == 2:
            counts += ", " + translate(lang, "solve.progress.order", k=order + 1)
        bar.update(job, completed=searched, counts=counts)
        bar.refresh()

    with bar:
        yield tell


def text_lines(res: dict[str, Any], lang: str, game: Game | None = None
               ) -> list[tuple[str, str]]:
    """The result of one deal for people, as lines: each position's legal
    cards in display order with their values, the best marked.  Each line
    is its head (the card, its value and its mark, in aligned columns) and
    its text (a sentence: wrapped by :func:`print_text`, hanging under its
    start).  The seat to play is shown as every other output shows it: by
    the player's name when *game* names one, with the seat in the
    language's letters (``Gwen (O)``)."""
    from rich.cells import cell_len

    def t(key: str, **args: object) -> str:
        return translate(lang, key, **args)

    seats = game.seat_names if game is not None else ()
    players = game.players if game is not None else {}
    out = [("", t("solve.head", deal=res["deal"], model=t(f"solve.model.{res['model']}")))]
    positions = res["positions"] if "positions" in res else [res]
    best = t("solve.best")
    for p in positions:
        out.append(("", ""))
        with seats_in_view(seats), players_in_view(players):
            out.append(("", render(lang, "solve.position", {
                "trick": p["trick"], "card": p["card_in_trick"], "seat": seat(p["seat"])})))
        names = [card_text(_card(e["card"]), lang) for e in p["cards"]]
        # (the cards' column as wide as its widest name, in cells: 10♥, lang30)
        width = max(4, *(cell_len(n) for n in names))
        for name, e in zip(names, p["cards"], strict=True):
            mark = best if e["points"] == p["value"] else ""
            pad = " " * (width - cell_len(name))
            if e.get("tie_sensitive"):
                head = f"  {name}{pad} {e['points']:>4}  {mark:<{cell_len(best)}}  "
                out.append((head, t("solve.tie", points=e["points_ties_reversed"])))
            else:
                out.append(("", f"  {name}{pad} {e['points']:>4}  {mark}".rstrip()))
        if p.get("played") is not None:
            played = card_text(_card(p["played"]), lang)
            out.append(("  ", t("solve.played", card=played)))
    out.append(("", ""))
    out.append(("", t("solve.nodes", nodes=number(lang, res["nodes"]))))
    return out


def print_text(res: dict[str, Any], lang: str, game: Game | None = None) -> None:
    """:func:`text_lines` on standard output through the program's console:
    each sentence wrapped at the console's width between words (never
    before « : » or inside « 1 026 »), hanging under its start.  Written
    whole, the position's line (*Pli 10, carte 1 : à Tom (E) de jouer ;
    chaque carte …*) ran past a narrow terminal's edge and was cut there
    mid-word (round 30, helper lang30)."""
    from ..render.breaks import print_paragraph
    from ._common import stdout_console

    console = stdout_console()
    for head, text in text_lines(res, lang, game):
        if text:
            print_paragraph(console, text, head=head)
        else:
            console.print(head.rstrip(), soft_wrap=True)


def _card(name: str) -> int:
    return int(parse_card(name))
