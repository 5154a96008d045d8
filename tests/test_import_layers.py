"""The model and the rules do not import each other.

``model.py`` once imported ``rules`` (for the seats a ``Rules`` string
implies) while ``rules`` imported ``model`` (for the default seat names):
which one loaded first decided whether the other was half-initialised.
Now the seat names live in the leaf module ``seats.py``; ``rules`` imports
nothing of the model, and ``model`` asks ``rules`` only inside a function.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "hearts_notation"
ROOT = PACKAGE.parent


def _module_of(path: Path) -> str:
    rel = path.relative_to(ROOT).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports(path: Path, top_level_only: bool) -> set[str]:
    """Package modules *path* imports (at module level only, or anywhere)."""
    module = _module_of(path)
    package = module if path.name == "__init__.py" else module.rsplit(".", 1)[0]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    nodes = tree.body if top_level_only else list(ast.walk(tree))
    out: set[str] = set()
    for node in nodes:
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if target.startswith("hearts_notation"):
                out.add(target)
                out.update(f"{target}.{a.name}" for a in node.names)
        elif isinstance(node, ast.Import):
            out.update(a.name for a in node.names if a.name.startswith("hearts_notation"))
    return out


def _file(module: str) -> Path | None:
    rel = Path(*module.split("."))
    for cand in (ROOT / rel.with_suffix(".py"), ROOT / rel / "__init__.py"):
        if cand.exists():
            return cand
    return None


def _reaches(start: str, top_level_only: bool) -> set[str]:
    seen: set[str] = set()
    todo = [start]
    while todo:
        m = todo.pop()
        f = _file(m)
        if f is None or m in seen:
            continue
        seen.add(m)
        todo.extend(_imports(f, top_level_only))
    return seen


def test_rules_never_import_the_model() -> None:
    assert "hearts_notation.model" not in _reaches("hearts_notation.rules", top_level_only=False)


def test_the_model_imports_the_rules_only_when_asked() -> None:
    assert "hearts_notation.rules" not in _reaches("hearts_notation.model", top_level_only=True)


@pytest.mark.parametrize("first", ["hearts_notation.model", "hearts_notation.rules"])
def test_each_imports_first_in_a_fresh_interpreter(first: str) -> None:
    code = (f"import {first}\n"
            "from hearts_notation.model import Game\n"
            "from hearts_notation.rules import standard, parse_rules\n"
            "assert Game(rules='standard').seat_names == standard().default_seats == ('N', 'E', 'S', 'W')\n"
            "assert Game(rules='three-players').seat_names == parse_rules('three-players').default_seats\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                          check=False)
    assert done.returncode == 0, done.stderr
