"""Every reader produces the same events for the same game (reading as
events): HRN through its fast path and through the Lark grammar, JSON,
JSONL and YAML -- the samples converted to each format -- send the same
sequence of events to a visitor, positions aside; OpenSpiel histories send
the same cards."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from hearts_notation.cards import Card
from hearts_notation.io import dumps, get, read_games, visit_games
from hearts_notation.io.events import Visitor
from hearts_notation.io.hrn.cut import cut_games, game_lines
from hearts_notation.io.hrn.reader import visit_game
from hearts_notation.model import Finding
from hearts_notation.rules import preset_names
from tests.budget import presets
from tests.hrn_oracle import oracle_line

SAMPLES = sorted((Path(__file__).parent.parent / "samples").glob("*.hrn"))


class Recorder(Visitor[list[tuple[Any, ...]]]):
    """Every event with its values, positions left out."""

    def __init__(self) -> None:
        self.events: list[tuple[Any, ...]] = []
        self.header: list[tuple[Any, ...]] = []

    def begin_game(self, source: str | None, index: int | None, line: int, column: int) -> None:
        self.events.append(("begin_game", index))

    # Tags, rules, seats and players are the game's header: a set of facts,
    # which HRN lists in the order written and the tree formats by field.
    def rules(self, spec: str, line: int, column: int) -> None:
        self.header.append(("rules", spec))

    def seats(self, names: tuple[str, ...], line: int, column: int) -> None:
        self.header.append(("seats", names))

    def player(self, seat: str, name: str, tag: str, line: int, column: int) -> None:
        self.header.append(("player", seat, name, tag))

    def tag(self, name: str, value: str, line: int, column: int) -> None:
        self.header.append(("tag", name, value))

    def comment(self, text: str) -> None:
        self.events.append(("comment", text))

    def begin_deal(self, number: int | None, dealer: str | None, direction: str | None,
                   line: int, column: int) -> None:
        self.events.append(("begin_deal", number, dealer, direction))

    def hand(self, seat: str, cards: tuple[Card, ...] | None, line: int, column: int) -> None:
        self.events.append(("hand", seat, None if cards is None else tuple(sorted(cards))))

    def pass_cards(self, seat: str, cards: tuple[Card, ...], to: str | None, mark: str | None,
                   comment: str | None, line: int, column: int) -> None:
        self.events.append(("pass", seat, tuple(cards), to, mark, comment))

    def begin_trick(self, number: int, comment: str | None, line: int, column: int) -> None:
        self.events.append(("begin_trick", number, comment))

    def card(self, seat: str, card: Card, mark: str | None, comment: str | None,
             line: int, column: int) -> None:
        self.events.append(("card", seat, card, mark, comment))

    def end_trick(self) -> None:
        self.events.append(("end_trick",))

    def points(self, kind: str, values: Mapping[str, int], line: int, column: int) -> None:
        self.events.append((kind, tuple(values.items())))

    def moon(self, seat: str, choice: str, line: int, column: int) -> None:
        self.events.append(("moon", seat, choice))

    def unfinished(self, line: int, column: int) -> None:
        self.events.append(("unfinished",))

    def end_deal(self) -> None:
        self.events.append(("end_deal",))

    def result(self, winners: tuple[str, ...] | str, line: int, column: int) -> None:
        self.events.append(("result", winners))

    def syntax_error(self, finding: Finding) -> None:
        self.events.append(("syntax_error", finding.code))

    def end_game(self) -> list[tuple[Any, ...]]:
        return [("header", tuple(sorted(self.header, key=repr))), *self.events]


def _events(path: Path, fmt: str) -> list[list[tuple[Any, ...]]]:
    return list(visit_games(str(path), Recorder, fmt))


def _game_comment_last(events: list[tuple[Any, ...]]) -> list[tuple[Any, ...]]:
    # The game's comment stands before its first deal in HRN and is a field
    # of the game in the tree formats: the same fact, at either end.
    out = [e for e in events]
    deal_open = False
    game_comments = []
    kept = []
    for e in out:
        if e[0] == "begin_deal":
            deal_open = True
        elif e[0] == "end_deal":
            deal_open = False
        if e[0] == "comment" and not deal_open:
            game_comments.append(e)
            continue
        kept.append(e)
    return kept + game_comments


@pytest.mark.parametrize("sample", SAMPLES, ids=[p.name for p in SAMPLES])
def test_every_format_sends_the_same_events(sample: Path, tmp_path: Path) -> None:
    games = list(read_games(str(sample)))
    # The reference is the canonical text (the writer states what the
    # sample may leave implicit, such as a deal's pass direction).
    canonical = tmp_path / "canonical.hrn"
    canonical.write_text(dumps(games, "hrn"), encoding="utf-8")
    reference = [_game_comment_last(g) for g in _events(canonical, "hrn")]
    assert reference and all(len(g) > 3 for g in reference)
    games = list(read_games(str(canonical)))
    for fmt in ("json", "jsonl", "yaml"):
        path = tmp_path / f"g.{fmt}"
        path.write_text(dumps(games, fmt), encoding="utf-8")
        got = [_game_comment_last(g) for g in _events(path, fmt)]
        assert got == reference, fmt


@pytest.mark.parametrize("sample", SAMPLES, ids=[p.name for p in SAMPLES])
def test_the_grammar_sends_the_readers_events(sample: Path) -> None:
    for index, cut in enumerate(cut_games([sample.read_text(encoding="utf-8")]), 1):
        fast = visit_game(game_lines(cut), Recorder(), str(sample), index, None)
        lark = visit_game(game_lines(cut), Recorder(), str(sample), index, None, read=oracle_line)
        assert fast == lark


def test_openspiel_history_sends_the_same_cards(tmp_path: Path) -> None:
    from hearts_notation.generate import generate_games

    games = list(generate_games(2, seed=4))
    path = tmp_path / "g.hrn"
    path.write_text(dumps(games, "hrn"), encoding="utf-8")
    history = tmp_path / "g.json"
    history.write_text(dumps(games, "openspiel-history"), encoding="utf-8")

    def cards(events: list[tuple[Any, ...]]) -> list[tuple[Any, ...]]:
        return [e[:3] for e in events if e[0] == "card"]

    ours = [cards(g) for g in _events(path, "hrn")]
    theirs = [cards(g) for g in _events(history, "openspiel-history")]
    assert sum(map(len, theirs)) == sum(map(len, ours)) > 0
    assert [c for g in theirs for c in g] == [c for g in ours for c in g]
    assert get("openspiel-history").visitor is None   # joins through the model


@pytest.mark.parametrize("preset", presets(preset_names()))
def test_generated_games_read_alike_in_every_format(preset: str, tmp_path: Path) -> None:
    """Beyond the samples: generated games of every preset (every player
    count, pass cycle and scoring rule) send the same events and build the
    same model from HRN (the reader and the grammar), JSON, JSONL and YAML."""
    import dataclasses

    from hearts_notation.generate import generate_games

    games = list(generate_games(3, seed=11, rules=preset, max_deals=3))
    canonical = tmp_path / "g.hrn"
    canonical.write_text(dumps(games, "hrn"), encoding="utf-8")
    reference = [_game_comment_last(g) for g in _events(canonical, "hrn")]
    assert len(reference) == 3 and all(sum(e[0] == "card" for e in g) > 0 for g in reference)
    for index, cut in enumerate(cut_games([canonical.read_text(encoding="utf-8")]), 1):
        fast = visit_game(game_lines(cut), Recorder(), str(canonical), index, None)
        lark = visit_game(game_lines(cut), Recorder(), str(canonical), index, None, read=oracle_line)
        assert fast == lark

    def model(path: Path) -> list[object]:
        return [dataclasses.replace(g, source=None) for g in read_games(str(path))]

    want = model(canonical)
    for fmt in ("json", "jsonl", "yaml"):
        path = tmp_path / f"g.{fmt}"
        path.write_text(dumps(games, fmt), encoding="utf-8")
        assert [_game_comment_last(g) for g in _events(path, fmt)] == reference, fmt
        assert model(path) == want, fmt
