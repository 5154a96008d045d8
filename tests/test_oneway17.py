"""The referee's one judgement of the seats a record names that its game
does not have (helper oneway17; docs/decisions.md, "Where the seat
knowledge lives").

:func:`hearts_notation.referee.stranger_seat_findings` is what ``hearts
convert`` asks before it writes a JSON or YAML record to HRN
(tests/test_hostile11.py tests the command).  Each case here spoils one
place of a clean one-deal record with the seat ``X`` (or ``North`` where
``N`` belongs) and checks that the finding the referee makes at that place
is given, with its own message: a place the function's walk skipped would
give nothing, a message its filter does not know would give only the
fallback at the game (``finding.stranger-seat``).  Cheap: one deal each.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest
from clirun import one_deal_record

from hearts_notation.io import iter_games_text
from hearts_notation.model import Game
from hearts_notation.referee import check_game, stranger_seat_findings

Record = dict[str, Any]


@pytest.fixture(scope="module")
def record() -> Record:
    """One clean generated game of one deal, its players named."""
    return one_deal_record(17)


def _game(rec: Record) -> Game:
    games = list(iter_games_text(json.dumps(rec), "json", "<oneway17>"))
    assert len(games) == 1 and not games[0].errors
    return games[0]


def _deal(r: Record) -> Record:
    d = r["deals"][0]
    assert isinstance(d, dict)
    return d


def _pass_to_x(r: Record) -> None:
    passes = _deal(r)["passes"]
    passes["N"] = {"cards": passes["N"], "to": "X"}


def _play_at_x(r: Record) -> None:
    _deal(r)["tricks"][0]["plays"][3]["seat"] = "X"


def _moon_at_x(r: Record) -> None:
    _deal(r)["moon"] = {"seat": "X", "choice": "add"}


#: (place, the change, the message the referee gives there, the seat it names)
CASES: list[tuple[str, Callable[[Record], object], str, str | None]] = [
    ("players key", lambda r: r["players"].__setitem__("X", "Zed"),
     "finding.player-conflict.seat", "X"),
    ("players key, a seat's name", lambda r: r["players"].__setitem__("North", "Zed"),
     "finding.seat_meant", "North"),
    ("hand", lambda r: _deal(r)["hands"].__setitem__("X", _deal(r)["hands"]["N"]),
     "finding.hand-size.seat", "X"),
    ("pass", lambda r: _deal(r)["passes"].__setitem__("X", ["2C", "3C", "4C"]),
     "finding.pass-direction.seat", "X"),
    ("pass to", _pass_to_x, "finding.pass-direction.to_seat", "N"),
    ("score", lambda r: _deal(r)["score"].__setitem__("X", 0), "finding.score-mismatch.seat", "X"),
    ("total", lambda r: _deal(r)["total"].__setitem__("X", 0), "finding.total-mismatch.seat", "X"),
    ("dealer", lambda r: _deal(r).__setitem__("dealer", "X"), "finding.dealer-rotation.seat", "X"),
    ("dealer, a seat's name", lambda r: _deal(r).__setitem__("dealer", "north"),
     "finding.seat_meant", "north"),
    ("moon", _moon_at_x, "finding.moon-choice.seat", "X"),
    ("result", lambda r: r.__setitem__("result", ["X"]), "finding.result-mismatch.seat", None),
]


@pytest.mark.parametrize(("place", "change", "key", "seat"), CASES, ids=[c[0] for c in CASES])
def test_each_place(record: Record, place: str, change: Callable[[Record], object], key: str,
                    seat: str | None) -> None:
    """The finding made at the spoilt place, worded by the referee, at its
    seat; and every finding given is one ``check_game`` makes (the filter
    adds nothing of its own)."""
    rec = copy.deepcopy(record)
    change(rec)
    game = _game(rec)
    found = stranger_seat_findings(game)
    assert [(f.key, f.seat) for f in found if f.key == key] == [(key, seat)], (place, found)
    assert all(f.severity in ("error", "warning") for f in found)
    judged = check_game(game).findings
    assert all(f in judged for f in found), place


def test_play(record: Record) -> None:
    """A play at ``X``: told at that play as the referee's slip (the typed
    seat ``X`` for the seat that held the card) when one slip explains the
    deal, else as a play out of turn by a seat the game lacks; never at the
    game alone."""
    rec = copy.deepcopy(record)
    _play_at_x(rec)
    found = stranger_seat_findings(_game(rec))
    assert [(f.key, f.seat, f.trick) for f in found] == [("finding.play_slip.seat", "X", 1)]
    _deal(rec)["tricks"][1]["plays"][2]["seat"] = "X"      # (two: no one slip)
    found = stranger_seat_findings(_game(rec))
    assert [(f.key, f.seat, f.trick) for f in found] == [
        ("finding.out-of-turn.seat", "X", 1), ("finding.out-of-turn.seat", "X", 2)]


def test_play_slip_at_a_seat_of_the_game_is_not_a_stranger(record: Record) -> None:
    """A slip whose typed seat is one of the game's (the opening lead typed
    at the seat that plays third) is a play fault, not a stranger: a record
    with it converts (its findings read back the same)."""
    rec = copy.deepcopy(record)
    plays = _deal(rec)["tricks"][0]["plays"]
    plays[0]["seat"] = plays[2]["seat"]
    game = _game(rec)
    assert [f.key for f in check_game(game).findings] == ["finding.play_slip.seat"]
    assert stranger_seat_findings(game) == []
    rec["players"]["X"] = "Zed"        # (a stranger elsewhere: the slip is still none)
    assert [f.key for f in stranger_seat_findings(_game(rec))] == ["finding.player-conflict.seat"]


def test_clean_record_gives_nothing(record: Record) -> None:
    """A clean record, and one with faults at the game's own seats (a
    revoke-like wrong score), give nothing."""
    assert stranger_seat_findings(_game(copy.deepcopy(record))) == []
    rec = copy.deepcopy(record)
    _deal(rec)["score"]["N"] += 1
    game = _game(rec)
    assert not check_game(game).valid
    assert stranger_seat_findings(game) == []


def test_default_seats(record: Record) -> None:
    """With no ``seats``, the game's seats are its rules' (N/E/S/W):
    ``P7`` is a stranger there."""
    rec = copy.deepcopy(record)
    rec["players"]["P7"] = "Zed"
    assert [f.seat for f in stranger_seat_findings(_game(rec))] == ["P7"]
