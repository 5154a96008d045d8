"""Cutting a file into games: lazily, one game at a time, with the brace
comments and tag strings that may hide a ``result`` or a ``[``."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from hearts_notation.io import read_games
from hearts_notation.io.hrn.cut import cut_games, game_lines, iter_logical_lines
from hearts_notation.io.hrn.reader import iter_hrn
from hearts_notation.model import Pos

GAME = '[Event "G{n}"]\ndeal 1\n1. S 2C W 3C N 4C E 5C\nresult N\n'


def test_games_are_read_lazily_from_an_iterable_of_lines() -> None:
    consumed = 0
    total = 1000

    def lines() -> Iterator[str]:
        nonlocal consumed
        for n in range(total):
            for ln in GAME.format(n=n).splitlines(keepends=True):
                consumed += 1
                yield ln

    games = iter_hrn(lines())
    first = next(games)
    assert first.tags == {"Event": "G0"}
    assert consumed <= 3 * 4  # this game, the next one (to see where it ends), a line more
    second = next(games)
    assert second.tags == {"Event": "G1"} and second.pos == Pos(5, 1)
    assert consumed <= 4 * 4
    assert sum(1 for _ in games) == total - 2


def test_line_numbers_are_absolute_across_games() -> None:
    text = "".join(GAME.format(n=n) + "\n" for n in range(3))
    games = list(iter_hrn(text))
    assert [g.deals[0].tricks[0].plays[3].pos for g in games] == [Pos(3, 21), Pos(8, 21), Pos(13, 21)]


def test_hidden_result_and_tags_do_not_cut_games() -> None:
    text = ('[Event "A; {not a comment"]\n'
            "deal 1\n"
            "1. S 2C {a comment\n"
            "result N\n"
            'see [Event "inside the comment"]\n'
            "} W 3C ; {not a comment either\n"
            "result N\n")
    (g,) = list(iter_hrn(text))
    assert g.tags == {"Event": "A; {not a comment"}
    assert g.deals[0].tricks[0].plays[0].comment == 'a comment\nresult N\nsee [Event "inside the comment"]'
    assert g.result == ("N",)


def test_a_tag_after_a_deal_starts_a_game_without_result() -> None:
    text = '[Event "A"]\ndeal 1\n\n[Event "B"]\n[Site "x"]\ndeal 1\n'
    assert [g.tags for g in iter_hrn(text)] == [{"Event": "A"}, {"Event": "B", "Site": "x"}]


def test_result_ends_a_game_even_without_tags() -> None:
    games = list(iter_hrn("deal 1\nresult N\ndeal 1\nresult S\n"))
    assert [g.result for g in games] == [("N",), ("S",)]


def test_comments_after_the_last_game_belong_to_it() -> None:
    games = list(iter_hrn(GAME.format(n=1) + "\n{epilogue}\n; gone\n\n"))
    assert len(games) == 1 and games[0].comment == "epilogue"


def test_comments_between_games_belong_to_the_next() -> None:
    a, b = list(iter_hrn(GAME.format(n=1) + "{about the next}\n" + GAME.format(n=2)))
    assert a.comment is None and b.comment == "about the next" and b.pos == Pos(5, 1)


def test_comment_open_at_the_end_of_the_input() -> None:
    text = '[Event "A"]\ndeal 1\nresult N\n[Event "B"]\ndeal 1\n1. S 2C {to be continued\n2. N 3C\n'
    a, b = list(iter_hrn(text))
    assert a.errors == ()
    assert b.errors[0].message == "unterminated comment: '{' at 6:9 has no '}'"
    assert (b.errors[0].line, b.errors[0].column) == (6, 9)


def test_unclosed_comment_rereads_the_lines_after_it() -> None:
    text = "deal 1\n1. S 2C {oops\n2. N 3C\nresult N\n[Event \"B\"]\ndeal 1\nresult S\n"
    a, b = list(iter_hrn(text))
    assert a.errors[0].message == "unterminated comment: '{' at 2:9 has no '}' before the tag at line 5"
    assert b.tags == {"Event": "B"} and b.result == ("S",) and not b.errors


def test_a_comment_that_runs_into_the_next_game_is_unterminated() -> None:
    text = ('[Event "A"]\ndeal 1\n1. S 2C {forgot to close\n2. N 3C\n\n'
            '[Event "B"]\ndeal 1\n1. S 2C {closed}\nresult N\n')
    a, b = list(iter_hrn(text))
    assert [(f.line, f.column, f.message) for f in a.errors] == [
        (3, 9, "unterminated comment: '{' at 3:9 has no '}' before the tag at line 6")]
    assert b.errors == () and b.tags == {"Event": "B"} and b.deals[0].tricks[0].plays[0].comment == "closed"


def test_logical_lines_join_only_inside_comments() -> None:
    lines = list(iter_logical_lines(["a {b\n", "c} d\n", "e\n", '[T "{"]\n', "f {x\\}\n", "y}\n"]))
    assert [(ll.line, ll.text, ll.kind) for ll in lines] == [
        (1, "a {b\nc} d", "other"), (3, "e", "other"), (4, '[T "{"]', "tag"), (5, "f {x\\}\ny}", "other")]


def test_a_comment_first_line_takes_the_kind_of_what_follows() -> None:
    (ll,) = list(iter_logical_lines(["{note\n", "more} deal 2\n"]))
    assert ll.kind == "deal"


def test_raw_split_floor() -> None:
    text = "".join(GAME.format(n=n) for n in range(5))
    assert [len(game_lines(g)) for g in cut_games([text])] == [4] * 5


def test_read_games_through_the_io_layer(tmp_path: Path) -> None:
    p = tmp_path / "club.hrn"
    p.write_bytes(("\ufeff" + GAME.format(n=1) + GAME.format(n=2)).encode("utf-8"))
    games = list(read_games(str(p)))
    assert [g.tags["Event"] for g in games] == ["G1", "G2"]
    assert all(g.source == str(p) for g in games)


def test_games_split_elsewhere_build_the_same_games() -> None:
    """Workers get each game's cut text (pickled) and build it alone."""
    import pickle

    from hearts_notation.io.hrn.reader import build_game

    text = (Path(__file__).parent / "data" / "hrn" / "broken.hrn").read_text(encoding="utf-8")
    chunks = [pickle.loads(pickle.dumps(c)) for c in cut_games([text])]
    built = [build_game(game_lines(c), "b.hrn", i) for i, c in enumerate(chunks, 1)]
    assert built == list(iter_hrn(text, "b.hrn"))
    assert [g.errors for g in built] == [g.errors for g in iter_hrn(text, "b.hrn")]
