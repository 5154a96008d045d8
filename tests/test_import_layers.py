"""The model and the rules do not import each other.

``model.py`` once imported ``rules`` (for the seats a ``Rules`` string
implies) while ``rules`` imported ``model`` (for the default seat names):
which one loaded first decided whether the other was half-initialised.
Now the seat names live in the leaf module ``seats.py``; ``rules`` imports
nothing of the model, and ``model`` asks ``rules`` only inside a function.
"""

from __future__ import annotations

import ast
import functools
import subprocess
import sys
from pathlib import Path

import pytest

from tests import package_source

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
    tree = package_source.tree(path)
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


# The whole package: no import circle, no private cross-import --------------------------


def _tree(path: Path) -> ast.Module:
    """The syntax tree of *path*, parsed once a run (tests/package_source.py)."""
    return package_source.tree(path)


def _all_modules() -> dict[str, Path]:
    return {_module_of(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _edges(path: Path, modules: dict[str, Path]) -> tuple[set[str], list[str]]:
    """The package modules *path* imports anywhere in it (at module level,
    inside functions, under ``TYPE_CHECKING``: a lazy import closes a circle
    as surely as an eager one, only later), and the private names
    (``_name``) it takes from another module."""
    module = _module_of(path)
    package = module if path.name == "__init__.py" else module.rsplit(".", 1)[0]
    out: set[str] = set()
    private: list[str] = []
    for node in ast.walk(_tree(path)):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if not target.startswith("hearts_notation"):
                continue
            for alias in node.names:
                sub = f"{target}.{alias.name}"
                if sub in modules:
                    out.add(sub)
                    continue
                out.add(target)
                if alias.name.startswith("_") and not alias.name.startswith("__"):
                    private.append(f"{module}:{node.lineno} takes {target}.{alias.name}")
        elif isinstance(node, ast.Import):
            out.update(a.name for a in node.names if a.name.startswith("hearts_notation"))
    return {m for m in out if m in modules and m != module}, private


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


@functools.cache
def _graph() -> tuple[dict[str, set[str]], list[str]]:
    modules = _all_modules()
    graph: dict[str, set[str]] = {}
    private: list[str] = []
    for name, path in modules.items():
        graph[name], taken = _edges(path, modules)
        private += taken
    return graph, private


#: Circles still open.  Nothing may be added here.
PENDING_CYCLES: list[list[str]] = []
PENDING_PRIVATE: tuple[str, ...] = ()


def test_the_package_has_no_import_circle() -> None:
    graph, _ = _graph()
    assert [c for c in _cycles(graph) if c not in PENDING_CYCLES] == []


def test_no_module_takes_another_modules_private_names() -> None:
    _, private = _graph()
    assert [p for p in private if not p.startswith(PENDING_PRIVATE)] == []


def test_every_import_of_the_package_names_a_module_that_exists() -> None:
    """A lazy import of a module that moved fails only when its function
    runs: every ``from hearts_notation.X import`` must name a module."""
    modules = _all_modules()
    missing: list[str] = []
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
        for node in ast.walk(_tree(path)):
            if isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")
                    base = base[:len(base) - node.level + 1]
                    target = ".".join(base + ([node.module] if node.module else []))
                else:
                    target = node.module or ""
                if target.startswith("hearts_notation") and target not in modules:
                    missing.append(f"{name}:{node.lineno} imports {target}")
    assert missing == []


def test_services_do_not_import_the_command_layer() -> None:
    """Only the command line (``commands/``, ``cli``, ``app``) imports
    ``commands/``: the runners, the API and the services sit below it."""
    graph, _ = _graph()
    above = {m for m in graph if m.startswith("hearts_notation.commands")} | {
        "hearts_notation.cli", "hearts_notation.app", "hearts_notation.__main__"}
    wrong = sorted(f"{m} -> {t}" for m in graph if m not in above
                   for t in graph[m] if t.startswith("hearts_notation.commands"))
    assert wrong == []


def test_the_checker_sees_circles_and_private_names(tmp_path: Path) -> None:
    """The walk finds what it must: a circle closed by a lazy import, and a
    private name taken from a sibling."""
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert _cycles(graph) == [["a", "b", "c"]]
    pkg = tmp_path / "hearts_notation"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "one.py").write_text("def f():\n    from .two import _hidden\n")
    (pkg / "two.py").write_text("from . import one\n_hidden = 1\n")
    modules = {"hearts_notation": pkg / "__init__.py", "hearts_notation.one": pkg / "one.py",
               "hearts_notation.two": pkg / "two.py"}
    global ROOT
    saved = ROOT
    ROOT = tmp_path
    try:
        one, private = _edges(pkg / "one.py", modules)
        two, _ = _edges(pkg / "two.py", modules)
    finally:
        ROOT = saved
    assert one == {"hearts_notation.two"} and two == {"hearts_notation.one"}
    assert private == ["hearts_notation.one:2 takes hearts_notation.two._hidden"]
    assert _cycles({"hearts_notation.one": one, "hearts_notation.two": two}) != []
