"""The compiled core: one list of modules, a pure-Python switch, a build that never breaks.

``.ci/run`` runs the suite twice, once on the compiled install and once with
``HEARTS_NOTATION_PURE=1``, and sets ``HEARTS_NOTATION_EXPECT_CORE`` to what each run
must be using, so that a build that silently fell back cannot pass as compiled.
"""

from __future__ import annotations

import ast
import importlib.machinery
import os
import pickle
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from hearts_notation import _compiled

ROOT = Path(__file__).resolve().parent.parent
EXTENSIONS = tuple(importlib.machinery.EXTENSION_SUFFIXES)


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in (_compiled.PURE_ENV, "PYTHONPATH")}
    env["PYTHONPATH"] = str(ROOT)
    env.update(extra)
    return env


def test_the_list_names_real_modules_once() -> None:
    mods = _compiled.COMPILED_MODULES
    assert len(set(mods)) == len(mods) and mods
    for module in mods:
        assert module.startswith("hearts_notation.")
        assert Path(_compiled.source_path(module, str(ROOT))).is_file(), module
    # The package's entry and this switch must stay Python; cards.Card subclasses int.
    assert not {"hearts_notation", "hearts_notation._compiled", "hearts_notation.cards"} & set(mods)


@pytest.mark.parametrize(("value", "pure"), [("", False), ("0", False), ("1", True), ("yes", True)])
def test_pure_switch_values(value: str, pure: bool) -> None:
    assert _compiled.pure_requested({_compiled.PURE_ENV: value}) is pure
    assert _compiled.pure_requested({}) is False


def test_the_core_in_use_is_the_one_expected() -> None:
    """Under CI, each run states which core it must be testing; the imported hot
    modules must be extension modules in the compiled run and sources in the pure one."""
    expected = os.environ.get("HEARTS_NOTATION_EXPECT_CORE")
    if expected is None:
        pytest.skip("HEARTS_NOTATION_EXPECT_CORE not set (set by .ci/run)")
    import importlib

    files = [importlib.import_module(m).__file__ or "" for m in _compiled.COMPILED_MODULES]
    if expected == "compiled":
        assert _compiled.compiled_in_use(), _compiled.description()
        assert all(f.endswith(EXTENSIONS) for f in files), files
    else:
        assert not _compiled.compiled_in_use()
        assert all(f.endswith(".py") for f in files), files


def test_pure_mode_from_the_environment_runs_the_sources() -> None:
    code = ("import hearts_notation, importlib, sys;"
            "from hearts_notation import _compiled as c;"
            "print(c.description());"
            "print(all(importlib.import_module(m).__file__.endswith('.py') for m in c.COMPILED_MODULES))")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env=_env(HEARTS_NOTATION_PURE="1"), cwd=ROOT)
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines() == ["core: pure Python (HEARTS_NOTATION_PURE is set)", "True"]


def test_version_says_which_core_runs() -> None:
    run = subprocess.run([sys.executable, "-m", "hearts_notation", "--version"], capture_output=True,
                         text=True, env=_env(HEARTS_NOTATION_PURE="1"), cwd=ROOT)
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines()[1] == "core: pure Python (HEARTS_NOTATION_PURE is set)"


@pytest.mark.slow
def test_mypyc_accepts_every_listed_module(tmp_path: Path) -> None:
    """mypyc's front end (type check and C generation, no C compiler) on the real list,
    so that a construct mypyc refuses is caught by every test run, not only by CI's
    compiled build (which would otherwise fall back to pure Python and fail there)."""
    pytest.importorskip("mypyc.build")
    config = tmp_path / "mypyc.ini"
    config.write_text(_compiled.MYPYC_CONFIG, encoding="utf-8")
    paths = [str(Path(_compiled.source_path(m, str(ROOT))).relative_to(ROOT))
             for m in _compiled.COMPILED_MODULES]
    code = ("import sys; from mypyc.build import mypycify;"
            "mypycify(['--config-file', sys.argv[1], *sys.argv[3:]], target_dir=sys.argv[2],"
            f" group_name={_compiled.GROUP!r})")
    run = subprocess.run([sys.executable, "-c", code, str(config), str(tmp_path / "c"), *paths],
                         cwd=ROOT, capture_output=True, text=True, env=_env(), timeout=900)
    errors = [line for line in (run.stdout + run.stderr).splitlines() if ": error:" in line]
    assert run.returncode == 0 and not errors, errors or run.stderr[-2000:]
    assert (tmp_path / "c" / "hearts_notation" / "__native__core.c").exists()


def test_results_of_the_compiled_modules_cross_processes() -> None:
    """Results go to and from worker processes under --jobs: they must pickle, compiled
    or not (a compiled frozen dataclass needs its own __reduce__; without it the
    parent's result thread dies on unpickling and the run hangs)."""
    from hearts_notation.io import read_games
    from hearts_notation.referee import check_game
    from hearts_notation.rules import parse_rules
    from hearts_notation.scoring import score_game
    from hearts_notation.walk import deal_hands, walk

    game = next(iter(read_games(str(ROOT / "samples" / "canonical.hrn"))))
    rules = parse_rules(game.rules or "standard")
    deal, seats = game.deals[0], game.seats or rules.default_seats
    hands = deal_hands(deal, rules, seats, deal.number)
    objects = [score_game(game, rules), check_game(game), hands, *list(walk(deal, rules, seats))[:5]]
    for obj in objects:
        assert pickle.loads(pickle.dumps(obj)) == obj, type(obj).__name__


def test_every_frozen_dataclass_of_a_compiled_module_has_reduce() -> None:
    def frozen(node: ast.ClassDef) -> bool:
        return any(isinstance(d, ast.Call) and any(k.arg == "frozen" and isinstance(k.value, ast.Constant)
                                                   and k.value.value is True for k in d.keywords)
                   for d in node.decorator_list)

    missing = []
    for module in _compiled.COMPILED_MODULES:
        tree = ast.parse(Path(_compiled.source_path(module, str(ROOT))).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef) and frozen(node):
                if not any(isinstance(b, ast.FunctionDef) and b.name == "__reduce__" for b in node.body):
                    missing.append(f"{module}.{node.name}")
    assert missing == []


# ---------------------------------------------------------------------------
# The staleness check and the build, on a small package in a temporary folder.

def _tree(tmp: Path, modules: dict[str, str]) -> Path:
    """A copy of setup.py and pyproject.toml with a package of its own whose
    ``_compiled.py`` lists *modules* (name -> source)."""
    shutil.copy(ROOT / "setup.py", tmp / "setup.py")
    shutil.copy(ROOT / "pyproject.toml", tmp / "pyproject.toml")
    shutil.copy(ROOT / "README.md", tmp / "README.md")
    pkg = tmp / "hearts_notation"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    text = (ROOT / "hearts_notation" / "_compiled.py").read_text(encoding="utf-8")
    start = text.index("COMPILED_MODULES: tuple[str, ...] = (")
    end = text.index(")\n", start) + 2
    names = "".join(f'    "hearts_notation.{name}",\n' for name in modules)
    (pkg / "_compiled.py").write_text(text[:start] + f"COMPILED_MODULES: tuple[str, ...] = (\n{names})\n"
                                      + text[end:], encoding="utf-8")
    for name, source in modules.items():
        (pkg / f"{name}.py").write_text(source, encoding="utf-8")
    return tmp


GOOD = "def twice(n: int) -> int:\n    return 2 * n\n"


def _build(tree: Path, **env: str) -> subprocess.CompletedProcess[str]:
    shutil.rmtree(tree / "build", ignore_errors=True)
    return subprocess.run([sys.executable, "setup.py", "-q", "build_ext", "--inplace"], cwd=tree,
                          capture_output=True, text=True, env=_env(**env), timeout=600)


def _probe(tree: Path, **env: str) -> str:
    code = ("import hearts_notation._compiled as c; c.select(); import hearts_notation.small as s;"
            "print(c.description(), s.__file__.rsplit('.', 1)[-1], s.twice(21))")
    run = subprocess.run([sys.executable, "-c", code], cwd=tree, capture_output=True, text=True,
                         env={**_env(**env), "PYTHONPATH": str(tree)})
    assert run.returncode == 0, run.stderr
    return run.stdout.strip()


def _artifacts(tree: Path) -> list[str]:
    return sorted(p.name for p in (tree / "hearts_notation").iterdir()
                  if p.name.endswith((".so", ".pyd", ".stamp")))


@pytest.mark.slow
def test_pure_install_builds_nothing_and_removes_old_artifacts(tmp_path: Path) -> None:
    tree = _tree(tmp_path, {"small": GOOD})
    (tree / "hearts_notation" / "small.cpython-311-x86_64-linux-gnu.so").write_bytes(b"stale")
    run = _build(tree, HEARTS_NOTATION_PURE="1")
    assert run.returncode == 0, run.stderr
    assert "hearts-notation: HEARTS_NOTATION_PURE is set; installing pure Python" in run.stderr
    assert _artifacts(tree) == []
    assert _probe(tree) == "core: pure Python (not compiled) py 42"


@pytest.mark.slow
def test_a_module_mypyc_rejects_falls_back_to_pure_python(tmp_path: Path) -> None:
    pytest.importorskip("mypyc.build")
    tree = _tree(tmp_path, {"small": GOOD, "bad": "class Count(int):\n    pass\n"})
    run = _build(tree)
    assert run.returncode == 0, run.stderr
    notices = [line for line in run.stderr.splitlines() if line.startswith("hearts-notation:")]
    assert notices == ["hearts-notation: mypyc could not compile the core (mypyc reported errors, "
                       "shown above with pip install -v); installing pure Python"]
    assert _artifacts(tree) == []


@pytest.mark.slow
def test_no_c_compiler_falls_back_to_pure_python(tmp_path: Path) -> None:
    pytest.importorskip("mypyc.build")
    tree = _tree(tmp_path, {"small": GOOD})
    run = _build(tree, CC="false")
    assert run.returncode == 0, run.stderr
    notices = [line for line in run.stderr.splitlines() if line.startswith("hearts-notation:")]
    assert len(notices) == 1 and notices[0].startswith("hearts-notation: compiling the core failed (")
    assert _artifacts(tree) == []
    assert _probe(tree) == "core: pure Python (not compiled) py 42"


@pytest.mark.slow
def test_compiled_build_is_used_until_a_source_changes(tmp_path: Path) -> None:
    pytest.importorskip("mypyc.build")
    if shutil.which(os.environ.get("CC", "cc")) is None:
        pytest.skip("no C compiler")
    tree = _tree(tmp_path, {"small": GOOD})
    run = _build(tree)
    assert run.returncode == 0, run.stderr
    assert "hearts-notation: compiled core built with mypyc (1 modules)" in run.stderr
    assert "_core.stamp" in _artifacts(tree)
    assert _probe(tree) == "core: compiled with mypyc (1 modules) so 42"
    assert _probe(tree, HEARTS_NOTATION_PURE="1") == "core: pure Python (HEARTS_NOTATION_PURE is set) py 42"
    source = tree / "hearts_notation" / "small.py"
    os.utime(source)                                  # touched, same bytes: still compiled
    assert _probe(tree).startswith("core: compiled")
    source.write_text(GOOD.replace("2 * n", "2 * n + 0"), encoding="utf-8")
    assert _probe(tree) == ("core: pure Python (small changed since the build; run `pip install -e .` "
                            "to recompile) py 42")
    run = _build(tree)                                # the developer rebuilds
    assert run.returncode == 0, run.stderr
    assert _probe(tree).startswith("core: compiled")


@pytest.mark.slow
def test_a_source_edited_during_the_build_is_not_stamped_as_compiled(tmp_path: Path) -> None:
    # The stamp describes the sources mypyc read, not the sources at the end of
    # the build: a source edited while the C compiler runs (here by a compiler
    # wrapper that edits it first) makes the package run that source, never the
    # compiled copy of its older text.
    pytest.importorskip("mypyc.build")
    cc = shutil.which(os.environ.get("CC", "cc"))
    if cc is None:
        pytest.skip("no C compiler")
    tree = _tree(tmp_path, {"small": GOOD})
    source = tree / "hearts_notation" / "small.py"
    wrapper = tmp_path / "cc-that-edits"
    wrapper.write_text(f"#!/bin/sh\ngrep -q '+ 1' {source} || sed -i 's/2 \\* n/2 * n + 1/' {source}\n"
                       f'exec {cc} "$@"\n', encoding="utf-8")
    wrapper.chmod(0o755)
    run = _build(tree, CC=str(wrapper))
    assert run.returncode == 0, run.stderr
    assert "2 * n + 1" in source.read_text(encoding="utf-8")
    assert _probe(tree) == ("core: pure Python (small changed since the build; run `pip install -e .` "
                            "to recompile) py 43")
