"""The reader event protocol (hearts_notation.io.events): the HRN reader
sends events, the GameBuilder rebuilds the very model the reader always
gave, and a game read from HRN and from JSON sends the same events (bar
the positions, which JSON does not have)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from hearts_notation.io import read_games
from hearts_notation.io.events import GameBuilder, Visitor, emit_game
from hearts_notation.io.hrn.cut import cut_games, game_lines
from hearts_notation.io.hrn.reader import iter_hrn, visit_game
from hearts_notation.io.jsonio import game_from_dict, game_to_dict

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
HRN_FILES = sorted(SAMPLES.glob("*.hrn"))


class Recorder(Visitor[list[tuple[Any, ...]]]):
    """Every event as a tuple, positions left out when *positions* is false."""

    def __init__(self, positions: bool = True) -> None:
        self.events: list[tuple[Any, ...]] = []
        self.positions = positions

    def _add(self, *event: Any) -> None:
        self.events.append(event)

    def begin_game(self, source: str | None, index: int | None, line: int, column: int) -> None:
        self.events = []
        self._add("begin_game")

    def rules(self, spec: str, line: int, column: int) -> None:
        self._add("rules", spec)

    def seats(self, names: tuple[str, ...], line: int, column: int) -> None:
        self._add("seats", names)

    def player(self, seat: str, name: str, tag: str, line: int, column: int) -> None:
        self._add("player", seat, name, tag, *((line, column) if self.positions else ()))

    def tag(self, name: str, value: str, line: int, column: int) -> None:
        self._add("tag", name, value)     # (a model keeps no place for most tags)

    def comment(self, text: str) -> None:
        self._add("comment", text)

    def begin_deal(self, number: int | None, dealer: str | None, direction: str | None,
                   line: int, column: int) -> None:
        self._add("begin_deal", number, dealer, direction, *((line, column) if self.positions else ()))

    def hand(self, seat: str, cards: Any, line: int, column: int) -> None:
        self._add("hand", seat, cards)

    def pass_cards(self, seat: str, cards: Any, to: str | None, mark: str | None,
                   comment: str | None, line: int, column: int) -> None:
        self._add("pass", seat, tuple(cards), to, mark, comment)

    def begin_trick(self, number: int, comment: str | None, line: int, column: int) -> None:
        self._add("begin_trick", number, comment)

    def card(self, seat: str, card: Any, mark: str | None, comment: str | None,
             line: int, column: int) -> None:
        self._add("card", seat, int(card), mark, comment,
                  *((line, column) if self.positions else ()))

    def end_trick(self) -> None:
        self._add("end_trick")

    def points(self, kind: str, values: Any, line: int, column: int) -> None:
        self._add(kind, dict(values))

    def moon(self, seat: str, choice: str, line: int, column: int) -> None:
        self._add("moon", seat, choice)

    def unfinished(self, line: int, column: int) -> None:
        self._add("unfinished")

    def end_deal(self) -> None:
        self._add("end_deal")

    def result(self, winners: Any, line: int, column: int) -> None:
        self._add("result", winners)

    def syntax_error(self, finding: Any) -> None:
        self._add("syntax_error", finding.message, finding.line, finding.column)

    def end_game(self) -> list[tuple[Any, ...]]:
        self._add("end_game")
        return self.events


HEADER = ("rules", "seats", "player", "tag")


def header_sorted(events: list[tuple[Any, ...]]) -> list[tuple[Any, ...]]:
    """The game's header events (rules, seats, players, tags) come in the
    order read; a model keeps them apart, so compare them as a set."""
    head = [e for e in events if e[0] in HEADER]
    rest: list[tuple[Any, ...]] = []
    for e in events:
        if e[0] in HEADER:
            continue
        if e[0] == "comment" and rest and rest[-1][0] == "comment":
            rest[-1] = ("comment", rest[-1][1] + "\n" + e[1])   # (a model joins them)
        else:
            rest.append(e)
    return [rest[0], *sorted(head, key=repr), *rest[1:]]


@pytest.mark.parametrize("path", HRN_FILES, ids=[p.name for p in HRN_FILES])
def test_game_builder_rebuilds_the_model_and_positions(path: Path) -> None:
    for game in iter_hrn(path.read_text(encoding="utf-8"), source=path.name):
        again = emit_game(game, GameBuilder())
        assert again == game
        assert again.pos == game.pos and again.where == game.where
        for d1, d2 in zip(game.deals, again.deals, strict=True):
            assert d1.pos == d2.pos and d1.where == d2.where
            for t1, t2 in zip(d1.tricks, d2.tricks, strict=True):
                assert [p.pos for p in t1.plays] == [p.pos for p in t2.plays]


@pytest.mark.parametrize("path", HRN_FILES, ids=[p.name for p in HRN_FILES])
def test_reader_events_equal_the_events_of_its_model(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    games = list(iter_hrn(text, source=path.name))
    chunks = [game_lines(g) for g in cut_games([text])]
    assert len(chunks) == len(games)
    for lines, game in zip(chunks, games, strict=True):
        direct = visit_game(lines, Recorder(), path.name)
        assert header_sorted(direct) == header_sorted(emit_game(game, Recorder()))


@pytest.mark.parametrize("path", HRN_FILES, ids=[p.name for p in HRN_FILES])
def test_hrn_and_json_send_the_same_events(path: Path) -> None:
    for game in read_games(str(path)):
        if game.errors:
            continue
        from_json = game_from_dict(game_to_dict(game))
        assert emit_game(game, Recorder(False)) == emit_game(from_json, Recorder(False))


def test_a_syntax_error_is_an_event_after_what_was_understood() -> None:
    text = '[Event "x"]\n\ndeal 1 dealer N pass left\nN: AKQ.-.-.-\nbogus line here\n'
    events = [game_lines(g) for g in cut_games([text])]
    got = visit_game(events[0], Recorder(), "t.hrn")
    kinds = [e[0] for e in got]
    assert kinds[0] == "begin_game" and ("tag", "Event", "x") in got
    assert kinds[-2:] == ["syntax_error", "end_game"]
    # The bad line costs itself: the deal is sent with what was read of it.
    assert kinds[2:5] == ["begin_deal", "hand", "end_deal"]
    err = got[-2]
    assert err[2] == 5
