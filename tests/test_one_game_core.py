"""One home for the rules of play: the functions that decide them are
defined in hearts_notation/state.py and nowhere else (other modules import
them), and the referee holds no byte template of any format."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "hearts_notation"
#: The rules of play, by the names of the functions and the class that decide them.
RULES = {"legal_plays", "play_fault", "breaks_hearts", "trick_winner", "deal_points",
         "raw_points", "moon_shooter", "opening_leader", "opening_leads", "first_trick_safe",
         "apply_passes", "replay_tricks", "GameState"}


def test_rules_of_play_are_defined_only_in_the_game_state() -> None:
    homes: dict[str, set[str]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.ClassDef) and node.name in RULES:
                homes.setdefault(node.name, set()).add(str(path.relative_to(PACKAGE)))
    assert set(homes) == RULES
    assert all(where == {"state.py"} for where in homes.values()), homes


def test_the_referee_imports_no_private_json_module() -> None:
    source = (PACKAGE / "referee.py").read_text(encoding="utf-8")
    assert "json.scanner" not in source and "_KNOWN_LAYOUTS" not in source
