"""One home for the rules of play: the functions that decide them are
defined in hearts_notation/state.py and nowhere else (other modules import
them), and the referee holds no byte template of any format."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from tests import package_source

PACKAGE = Path(__file__).resolve().parent.parent / "hearts_notation"
#: The rules of play, by the names of the functions and the class that decide them.
RULES = {"led_suit", "legal_plays", "play_fault", "breaks_hearts", "winning_card",
         "trick_winner", "penalty_cards", "scoring_cards", "penalty_total", "deal_points",
         "raw_points", "moon_shooter", "opening_leader", "opening_leads", "first_trick_safe",
         "apply_passes", "replay_tricks", "GameState"}
#: Taking the led suit off a trick's first card (``trick[0] // 13``, ``trick[0][1] // 13``):
#: the game state's ``led_suit`` says it.
LED_SUIT_INLINE = re.compile(r"\[0\](\[1\])?\s*//\s*13")


def test_rules_of_play_are_defined_only_in_the_game_state() -> None:
    homes: dict[str, set[str]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = package_source.tree(path)
        # A method may share a rule's name when it asks the rule (``GameState.led_suit``,
        # ``PlayState.led_suit``); functions and classes anywhere else may not.
        methods = {id(m) for c in ast.walk(tree) if isinstance(c, ast.ClassDef) for m in c.body}
        for node in ast.walk(tree):
            if (isinstance(node, ast.FunctionDef | ast.ClassDef) and node.name in RULES
                    and id(node) not in methods):
                homes.setdefault(node.name, set()).add(str(path.relative_to(PACKAGE)))
    assert set(homes) == RULES
    assert all(where == {"state.py"} for where in homes.values()), homes


def test_no_module_takes_the_led_suit_itself() -> None:
    found = [f"{path.relative_to(PACKAGE)}:{i}"
             for path in sorted(PACKAGE.rglob("*.py")) if path.name != "state.py"
             for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if LED_SUIT_INLINE.search(line)]
    assert not found, found


def test_the_referee_imports_no_private_json_module() -> None:
    source = (PACKAGE / "referee.py").read_text(encoding="utf-8")
    assert "json.scanner" not in source and "_KNOWN_LAYOUTS" not in source


def test_the_card_by_card_replays_run_on_the_game_state() -> None:
    """The referee's card-by-card check, walk.py and the analysis's decision
    points and search positions (analysis/context.py) judge cards through
    a GameState: none of them imports the primitives that decide a card
    (the led suit, legal cards, faults, hearts broken, the trick's winner)
    to apply them itself."""
    per_card = {"led_suit", "legal_plays", "play_fault", "breaks_hearts", "trick_winner",
                "winning_card"}
    # (walk.taken_masks, which knows no rule set, names trick winners by the primitive)
    allowed = {"walk.py": {"trick_winner"}}
    for name in ("referee.py", "walk.py", "analysis/context.py"):
        tree = package_source.tree(PACKAGE / name)
        imported = {alias.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
                    and (node.module or "").endswith("state") for alias in node.names}
        assert "GameState" in imported, name
        wrong = imported & per_card - allowed.get(name, set())
        assert not wrong, (name, wrong)
