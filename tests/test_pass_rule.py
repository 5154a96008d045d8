"""The pass rule, once: :func:`hearts_notation.state.deal_pass` says which
direction applies to a deal and where the cards go; the directions are
listed once (:data:`hearts_notation.seats.DIRECTIONS`)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from hearts_notation.model import DIRECTIONS as MODEL_DIRECTIONS
from hearts_notation.rules import parse_rules, standard
from hearts_notation.seats import DIRECTIONS, PASSING_DIRECTIONS
from hearts_notation.state import DealPass, GameState, deal_pass
from tests import package_source

PACKAGE = Path(__file__).resolve().parent.parent / "hearts_notation"


def test_the_standard_cycle() -> None:
    rules = standard()
    got = [deal_pass(rules, n) for n in range(1, 9)]
    assert got == [DealPass("left", 1), DealPass("right", 3), DealPass("across", 2),
                   DealPass("hold", 0)] * 2


def test_a_recorded_direction_wins_over_the_cycle() -> None:
    rules = standard()
    assert deal_pass(rules, 1, "across") == DealPass("across", 2)
    assert deal_pass(rules, 4, "left") == DealPass("left", 1)
    assert deal_pass(rules, None, "right") == DealPass("right", 3)


def test_no_number_and_no_record_is_unknown() -> None:
    assert deal_pass(standard(), None) == DealPass(None, None)


def test_a_number_below_one_follows_the_cycle() -> None:
    # No reader gives one (tests/test_deal_number.py); a model built in
    # Python may, and deal_pass then agrees with the referee's pass_step.
    assert deal_pass(standard(), 0) == DealPass("hold", 0)
    assert deal_pass(standard(), -1) == DealPass("across", 2)


def test_a_word_that_is_no_direction_is_unknown() -> None:
    assert deal_pass(standard(), 1, "sideways") == DealPass("sideways", None)


@pytest.mark.parametrize("direction", DIRECTIONS)
def test_no_card_changes_hands_without_passing(direction: str) -> None:
    rules = parse_rules("standard pass_count=0")
    assert deal_pass(rules, 1, direction) == DealPass(direction, 0)
    assert deal_pass(rules, 2).offset == 0


@pytest.mark.parametrize(("players", "right", "across"), [(3, 2, 1), (5, 4, 2), (6, 5, 3)])
def test_other_player_counts(players: int, right: int, across: int) -> None:
    rules = parse_rules(f"standard players={players}")
    assert deal_pass(rules, 1, "left").offset == 1
    assert deal_pass(rules, 1, "right").offset == right
    assert deal_pass(rules, 1, "across").offset == across
    assert deal_pass(rules, 1, "hold").offset == 0


def test_the_game_state_applies_it() -> None:
    # Seat i gives the card 4i (a club of its own) and receives from i - offset.
    dealt = [0b1111 << (4 * i) for i in range(4)]
    given = [1 << (4 * i) for i in range(4)]
    state = GameState.from_deal(standard(), dealt, given, "right")   # offset 3
    assert state.hands[0] == (dealt[0] & ~given[0]) | given[1]
    held = GameState.from_deal(parse_rules("standard pass_count=0"), dealt, given, "left")
    assert held.hands == dealt


def test_the_directions_are_listed_once() -> None:
    assert DIRECTIONS == ("left", "right", "across", "hold")
    assert MODEL_DIRECTIONS is DIRECTIONS
    assert PASSING_DIRECTIONS == ("left", "right", "across")
    assert standard().pass_cycle == DIRECTIONS


#: Modules still spelling the passing directions out, each with the reason.
#: The HRN reader's keyword table (io/hrn/words.py) is vocabulary, not the list;
#: io/hrn/ and referee.py are being rewritten by issue 22's reader/validator
#: work, which takes deal_pass with it.
PENDING = {"referee.py", "io/hrn/canonical.py", "io/hrn/fast.py", "io/hrn/reader.py"}
#: Lists that are another program's encoding, in its own order.
KEPT = {"io/openspiel.py": ("hold", "left", "across", "right")}   # OpenSpiel's pass actions 0..3


def test_no_module_spells_the_directions_out() -> None:
    spelled: list[str] = []
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE).as_posix()
        if rel in PENDING or rel in ("seats.py", "io/hrn/words.py") or rel.startswith("i18n/"):
            continue
        for node in ast.walk(package_source.tree(path)):
            if isinstance(node, ast.Tuple | ast.List | ast.Set):
                words = {e.value for e in node.elts if isinstance(e, ast.Constant)}
                if {"left", "right", "across"} <= words and not (
                        rel in KEPT and tuple(e.value for e in node.elts
                                              if isinstance(e, ast.Constant)) == KEPT[rel]):
                    spelled.append(f"{rel}:{node.lineno}")
    assert spelled == []
