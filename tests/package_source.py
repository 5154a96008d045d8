"""The package's source as the static tests read it (which module defines a
rule, imports what, spells what): each module's syntax tree parsed once a run.
Parsing the whole package costs about a CPU-second in pure Python, and six
test modules walk it; the trees are shared, never changed (issue 22)."""

from __future__ import annotations

import ast
import functools
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "hearts_notation"


def modules() -> list[Path]:
    """Every module of the package (``*.py``), in path order."""
    return sorted(PACKAGE.rglob("*.py"))


def tree(path: Path) -> ast.Module:
    """The syntax tree of the module at *path*; walk it, do not change it."""
    return _tree(path.resolve())


@functools.cache
def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
