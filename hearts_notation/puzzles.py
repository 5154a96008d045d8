"""Puzzles from a player's own mistakes: every ``?`` and ``??`` play of the
records becomes "find the better card" from the mover's seat.

A puzzle is built at the point just before the marked card: the position
there (:mod:`hearts_notation.position`, from the mover's side only: its hand,
its pass, the tricks so far, what it has seen), the legal cards, the card
played in the game with its mark and expected loss, the better cards, each
legal card's loss, and the checked reason (:mod:`~hearts_notation.analysis.explain`:
its code is the puzzle's *theme*).

The marks come from the analysis run here (:func:`~hearts_notation.analysis.annotate.analyse_game`,
the same options and seed as ``hearts annotate``), or, for a record that
``hearts annotate -o`` has already marked, from its marks: each marked play
is then judged again at its point by ``hint``'s path with the same seed (the
same best card as annotate names), without analysing the rest of the game.

:func:`puzzle_set` is the whole set as JSON data (``hearts puzzles --format
json``, schema ``hearts_notation/schema/puzzles.schema.json``); the trainer
page (:mod:`hearts_notation.render.trainer`) shows it.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .analysis.annotate import (
    AnalysisOptions,
    Choice,
    GameAnalysis,
    GameTask,
    ProgressFn,
    analyse_game,
    moon_choices,
    play_facts,
    totals_before,
)
from .analysis.context import DealContext
from .analysis.explain import explain_play
from .analysis.hint import HintError, hint_deal
from .cards import CARDS, Card, display_order
from .model import Game, deal_numbers
from .position import PointError, Position, cut_game, position_at
from .referee import game_seats, resolve_rules
from .rules import RuleSet
from .state import GameState

#: The marks that make a puzzle (``?!`` is too small a loss to train on).
PUZZLE_MARKS = ("?", "??")
#: The version of the JSON puzzle set (docs/puzzles.md).
FORMAT_VERSION = 1


@dataclass(frozen=True, slots=True)
class Verdict:
    """What the analysis says of one marked play: the card's mark and loss,
    the best cards, each candidate's loss, the reason (code and sentence)."""

    mark: str
    loss: float
    best: tuple[Card, ...]
    choices: tuple[Choice, ...]
    theme: str | None
    why: str | None


def _play_place(game: Game, di: int, play_index: int) -> tuple[int, int]:
    """(trick, card) 1-based of the *play_index*-th play of deal *di*."""
    i = play_index
    for t, trick in enumerate(game.deals[di].tricks, start=1):
        if i < len(trick.plays):
            return t, i + 1
        i -= len(trick.plays)
    raise IndexError(play_index)


def marked_in_record(game: Game) -> bool:
    """Whether the record already carries the marks of an analysis."""
    return any(p.mark for d in game.deals for t in d.tricks for p in t.plays)


def _verdicts_by_analysis(game: Game, analysis: GameAnalysis) -> list[tuple[int, int, int, Verdict]]:
    """(deal index, trick, card, verdict) of every ``?``/``??`` play, by the analysis."""
    out = []
    for d in analysis.decisions:
        if d.kind != "play" or d.mark not in PUZZLE_MARKS or d.play_index is None or d.best is None:
            continue
        t, k = _play_place(game, d.deal_index, d.play_index)
        out.append((d.deal_index, t, k, Verdict(d.mark, d.epl, d.best, d.choices, d.reason, d.comment)))
    return out


def _verdicts_by_marks(game: Game, options: AnalysisOptions, rules: RuleSet, seats: Sequence[str]
                       ) -> list[tuple[int, int, int, Verdict]]:
    """The same for a record already marked: each ``?``/``??`` play judged
    again at its point by ``hint``'s path (same seed, same best card as
    ``annotate``), its reason checked by the same facts."""
    out = []
    for di, deal in enumerate(game.deals):
        for t, trick in enumerate(deal.tricks, start=1):
            for k, play in enumerate(trick.plays, start=1):
                if play.mark not in PUZZLE_MARKS:
                    continue
                cut = cut_game(game, di + 1, t, k)
                cd = cut.deals[-1]
                number = deal_numbers(cut.deals)[-1]
                try:
                    hint = hint_deal(cd, number, rules, seats, moon_choices(cut, rules, seats, di),
                                     options, None, None, None, passed=True)
                except HintError:
                    continue
                loss = next((c.epl for c in hint.choices if play.card in c.cards), 0.0)
                ctx = DealContext(cd, rules, seats, number)
                point = ctx.next_point()
                if point is None:
                    continue
                best = 0
                for c in hint.best:
                    best |= 1 << c
                reason = explain_play(play_facts(ctx, point, play.card, best, loss, None, None),
                                      options.lang)
                out.append((di, t, k, Verdict(play.mark, loss, hint.best, hint.choices, reason.code,
                                              reason.text)))
    return out


def game_puzzles(game: Game, options: AnalysisOptions, rules: RuleSet | None = None,
                 force_rules: bool = False, use_marks: bool | None = None,
                 analysis: GameAnalysis | None = None,
                 progress: ProgressFn | None = None) -> list[dict[str, Any]]:
    """The puzzles of one game (JSON data, see :func:`puzzle_set`).

    *use_marks*: take the record's own marks (``None``: when it has some)
    rather than analysing every decision; *analysis*: the game's analysis
    when the caller has run it already (``hearts puzzles --jobs`` spreads the
    deals over processes); *progress* gets the analysis's events.
    """
    ruleset = resolve_rules(game, rules, force_rules)
    seats, ruleset, _ = game_seats(game, ruleset)
    if use_marks is None:
        use_marks = analysis is None and marked_in_record(game)
    if use_marks:
        found = _verdicts_by_marks(game, options, ruleset, seats)
    else:
        if analysis is None:
            analysis = analyse_game(GameTask(game, options, rules, force_rules), progress)
        found = _verdicts_by_analysis(game, analysis)
    out = []
    for di, t, k, v in found:
        cut = cut_game(game, di + 1, t, k)
        played = game.deals[di].tricks[t - 1].plays[k - 1]
        try:
            pos = position_at(cut, ruleset, seats, totals_before(cut, ruleset, seats, di), False)
        except PointError:
            continue
        out.append(_puzzle(game, seats, pos, di, t, k, played.card, v, options))
    return out


def _cards(mask: int) -> list[str]:
    return [str(c) for c in display_order(CARDS[c] for c in range(52) if mask >> c & 1)]


def _puzzle(game: Game, seats: Sequence[str], pos: Position, di: int, t: int, k: int, played: Card,
            v: Verdict, options: AnalysisOptions) -> dict[str, Any]:
    """One puzzle's data: the position as the mover saw it, and the answers."""
    gs = pos.state()
    n = len(seats)
    # Each trick's winner as the game state decides it (never worked out here).
    st = GameState(pos.rules, [None] * n, pos.tricks[0][0] if pos.tricks else pos.seat)
    tricks: list[dict[str, Any]] = []
    for leader, cards in pos.tricks:
        winner = None
        for c in cards:
            w = st.push(c)
            if w is not None:
                winner = seats[w]
        if winner is not None:
            tricks.append({"plays": [{"seat": seats[(leader + j) % n], "card": str(CARDS[c])}
                                     for j, c in enumerate(cards)], "winner": winner})
    losses: dict[str, float] = {}
    good: list[str] = []
    dubious = options.thresholds.dubious
    for ch in v.choices:
        for c in ch.cards:
            losses[str(c)] = round(ch.epl, 2)
            if ch.epl < dubious and c != played:
                good.append(str(c))
    for c in v.best:
        if str(c) not in good and c != played:
            good.append(str(c))
    offset = pos.offset
    ident = hashlib.sha256(f"{pos.format()}|{played}".encode()).hexdigest()[:16]
    legal = gs.legal_cards()
    return {
        "id": ident,
        "position": pos.format(),
        "source": game.source,
        "game": game.index,
        "event": game.tags.get("Event"),
        "date": game.tags.get("Date"),
        "deal": pos.deal,
        "trick": t,
        "card_no": k,
        "seat": seats[pos.seat],
        "player": game.players.get(seats[pos.seat]) or None,
        "players": {s: game.players.get(s) or None for s in seats},
        "seats": list(seats),
        "hand": _cards(pos.hand),
        "legal": _cards(legal),
        "trick_now": [{"seat": seats[s], "card": str(CARDS[c])} for s, c in
                      zip(gs.trick_seats, gs.trick, strict=True)],
        "tricks": tricks,
        "taken": dict(zip(seats, pos.to_dict()["taken_points"].values(), strict=True)),
        "hearts_broken": gs.broken,
        "voids": {seats[s]: [("C", "D", "H", "S")[x] for x in range(4) if m >> x & 1]
                  for s, m in enumerate(pos.voids()) if m},
        "pass": None if not offset else {
            "to": seats[(pos.seat + offset) % n], "from": seats[(pos.seat - offset) % n],
            "given": None if pos.given is None else _cards(pos.given),
            "received": None if pos.received is None else _cards(pos.received)},
        "played": str(played),
        "mark": v.mark,
        "loss": round(v.loss, 2),
        "best": [str(c) for c in v.best],
        "good": good,
        "losses": losses,
        "theme": v.theme or "other",
        "why": v.why,
    }


def puzzle_set(puzzles: Sequence[dict[str, Any]], lang: str, seed: int) -> dict[str, Any]:
    """The JSON puzzle set: its version, language, seed and puzzles."""
    return {"format": "hearts-puzzles", "version": FORMAT_VERSION, "lang": lang, "seed": seed,
            "puzzles": list(puzzles)}
