"""``score --format table`` without rich's layout engine, byte for byte rich's text.

To a file or a pipe, each game's table is drawn by
:func:`hearts_notation.render.plain_table.plain_table` (rich cost nine times
validate's CPU, issue 29).  These tests print the same games both ways, on
the consoles ``score`` uses (a plain standard output 80 columns wide, the
160-column console of ``-o``), with hostile names and events: wide
characters, combining marks, controls, markup, newlines, very long names
(a table wider than the console is left to rich).
"""

from __future__ import annotations

import dataclasses
import io

from hypothesis import given
from hypothesis import strategies as st

from hearts_notation.commands.score import _plain_game, _print_game, game_scores
from hearts_notation.generate import generate_games
from hearts_notation.i18n import seats_in_view
from hearts_notation.output import console as safe_console
from hearts_notation.render.plain_table import plain_table
from tests.budget import sweep

GAMES = [next(generate_games(1, seed=s, rules=r, max_deals=6))
         for s, r in ((1, "standard"), (2, "three-players"), (3, "six-players"), (4, "moon-choice"))]

NAMES = st.lists(st.sampled_from(
    ["a", "Z", " ", "é", "e\u0301", "漢", "字", "😀", "\x1b", "\x07", "\n", "\t", "[bold]", "[/]",
     ":smile:", "\u200b", "\u202e", "\u0085", "\u2028", "\u2029", "\x1c", "\x0b", "\r", "—", "Σ", "\\",
     "\ufeff", "\u00ad", "\U0001F1EB\U0001F1F7", "\u0600", "ｱ"]), max_size=12).map("".join)


def _both(game: object, width: int, lang: str) -> tuple[str | None, str]:
    con = safe_console(file=io.StringIO(), width=width, no_color=True)
    rules, score, found = game_scores(game, None, False)  # type: ignore[arg-type]
    plain = _plain_game(con, game, rules, score, found, lang)  # type: ignore[arg-type]
    with con.capture() as cap, seats_in_view(score.seats):
        _print_game(con, game, rules, score, found, lang)  # type: ignore[arg-type]
    return plain, cap.get()


@sweep(150, default=40, deadline=None)
@given(names=st.lists(NAMES, min_size=6, max_size=6), event=st.one_of(st.none(), NAMES),
       which=st.integers(0, len(GAMES) - 1), width=st.sampled_from([80, 160]),
       lang=st.sampled_from(["en", "fr"]))
def test_plain_table_is_richs_text(names: list[str], event: str | None, which: int, width: int,
                                   lang: str) -> None:
    game = GAMES[which]
    seats = game.seats or tuple(game.players)
    players = {s: n for s, n in zip(seats, names, strict=False) if n}
    tags = dict(game.tags)
    if event is not None:
        tags["Event"] = event
    game = dataclasses.replace(game, players=players, tags=tags)
    plain, rich = _both(game, width, lang)
    if plain is not None:
        assert plain == rich


def test_plain_table_draws_the_usual_games() -> None:
    """The fast path is taken for ordinary games (and gives rich's text)."""
    for game in GAMES:
        for width in (80, 160):
            plain, rich = _both(game, width, "en")
            if width == 80 and len(game.seats or game.players) == 6:
                continue        # 6 players may not fit 80 columns: rich's to draw
            assert plain is not None
            assert plain == rich


def test_wider_than_the_console_or_several_lines_is_left_to_rich() -> None:
    assert plain_table("t", "c", ["a", "b"], [True, False], [["1", "x" * 200]], 80) is None
    assert plain_table("t", "c", ["a", "b"], [True, False], [["1", "x\ny"]], 80) is None
    assert plain_table("t\nu", "c", ["a"], [True], [["1"]], 80) is None
    assert plain_table(None, None, ["a"], [True], [["1"]], 80) == (
        "┏━━━┓\n┃ a ┃\n┡━━━┩\n│ 1 │\n└───┘\n")


def test_a_colour_console_is_left_to_rich() -> None:
    con = safe_console(file=io.StringIO(), width=160, force_terminal=True, color_system="standard")
    game = GAMES[0]
    rules, score, found = game_scores(game, None, False)
    assert _plain_game(con, game, rules, score, found, "en") is None


@sweep(60, default=20, deadline=None)
@given(names=st.lists(NAMES, min_size=8, max_size=8), width=st.sampled_from([80, 160]),
       lang=st.sampled_from(["en", "fr"]))
def test_plain_players_table_is_richs_text(names: list[str], width: int, lang: str) -> None:
    """The totals per player (with the note about unnamed seats)."""
    from hearts_notation.commands.score import _plain_players, _print_players, score_entry
    from hearts_notation.standings import Standings
    from hearts_notation.summaries import ScoreTotals

    totals = ScoreTotals(standings=Standings())
    for k, game in enumerate(GAMES[:2]):
        seats = game.seats or tuple(game.players)
        players = {s: n for s, n in zip(seats, names[4 * k:], strict=False) if n}
        _, _, summary = score_entry(dataclasses.replace(game, players=players), None, False, False)
        totals += ScoreTotals.of_game(summary, False)
    standings = totals.standings
    assert standings is not None
    con = safe_console(file=io.StringIO(), width=width, no_color=True)
    plain = _plain_players(con, standings, lang)
    with con.capture() as cap:
        _print_players(con, standings, lang)
    if plain is not None:
        assert plain == cap.get()
