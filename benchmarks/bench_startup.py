"""Start-up: short ``hearts`` commands against a bare interpreter, in one run.

    python benchmarks/bench_startup.py [--quick] [--checkout]

The package is measured as users run it: installed from a wheel (``pip
install .`` of this checkout into a throwaway virtual environment, not
editable: an editable install's import hooks add 12-15 ms to every start,
the anchor's included, and flatter the ratios).  The environment finds the
dependencies in this interpreter's ``site-packages`` by a path file (their
own ``.pth`` files are not run, as in a clean environment), so nothing is
downloaded.  The wheel is built as ``pip install .`` builds it (the
compiled core when mypyc and a C compiler are there: a few minutes);
``--quick`` builds pure Python (seconds) and runs fewer rounds.
``--checkout`` measures this checkout on ``PYTHONPATH`` instead (no build).

The anchor is a bare start of that environment, as a fresh virtual
environment has it: the path files of this machine's own ``site-packages``
are not run there.  Run by an interpreter that runs them (here: a sandbox's
hook that imports ``certifi``, and the editable install's finder, about 25 ms
together), ``python -c pass`` costs about 3.5x more, and ``import click``
less (those hooks have imported ``re``, ``enum``, ``functools``, ``pathlib``
... before it): click then reads as about 1.4x instead of 3.3x, and every
ratio lower, without anything being faster (issue 22, docs/performance.md).

Each command runs as the console script pip writes runs it, in a child
process; the figure is the child's user + system CPU time, best of the
rounds, with the commands interleaved round by round (the machine may be
busy) and the bytecode cached as an installed package has it.  The anchor is
``python -c pass`` of the same environment, measured in the same rounds.
The per-user cache (``HEARTS_NOTATION_CACHE``: the grammar's parse tables,
the parsed presets) is warm, as it is from the second run on; one row shows
a run with the cache empty.

Every row is measured on the compiled core (when it is built: the rows say
which core ran) and on pure Python (``HEARTS_NOTATION_PURE=1``).

Targets (issue 10): ``hearts --version`` under 2x a bare interpreter start,
``hearts validate`` of one small file under 3x.  The small file is one
generated game (12 deals, canonical HRN as ``hearts generate`` writes it);
the commented sample (samples/canonical.hrn: brace comments and marks, read
by the reader's lexer), the small file with ``;`` line comments (read by the
same lexer: the grammar is loaded only to word a syntax error) and a small JSONL
file are shown beside it.

Three kinds of rows explain the figures (issue 22).  Validate's time is
split into the interpreter (the anchor), click's import beyond it, and the
rest -- the package's imports and the command's work -- beyond click, with
what the 3x target leaves for that rest once click is loaded.  ``python -c "import
click"`` is the floor click sets: the command line is click's, and its
import (with ``inspect``, ``typing``, ``datetime``, ``uuid``, ``gettext``...)
is measured here beside the bare interpreter, with the garbage collector
handled as ``hearts`` handles it (paused while loading, frozen at exit).  The *import budget* of
``hearts validate samples/canonical.hrn`` splits the command's CPU time,
beyond the interpreter's start, by where it goes: each module's own import
time (its children's excluded), CPU time measured in the process by a hook
on the import system (``_find_and_load``), best of the rounds per module;
click with the standard-library modules imported under it; the rest of the
standard library; the package's modules one by one (the small ones
together), with how much of theirs is dataclass creation and regular
expression compilation; and the command's own work (reading, checking,
printing).  The hook costs a little, so the parts add up to slightly more
than the command's row.
"""

from __future__ import annotations

import os
import resource
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

Row = dict[str, object]

#: The console script pip writes for ``hearts`` (entry point hearts_notation.cli:main).
SCRIPT = """import re
import sys
from hearts_notation.cli import main
if __name__ == "__main__":
    sys.argv[0] = re.sub(r"(-script\\.pyw|\\.exe)?$", "", sys.argv[0])
    sys.exit(main())
"""


#: Where the children run (the checkout, or a folder outside it: ``python -c``
#: would find the checkout's sources first in it).
_CWD = [ROOT]


#: The import budget's probe: run ``hearts`` with the import system hooked,
#: then write each module's own CPU time (ns) and a few totals as JSON to
#: the file named first.  Nothing is imported before the command but what
#: the interpreter has already loaded (``atexit``, ``time``, ``_frozen_importlib``).
BUDGET_PROBE = r"""
import atexit, sys, time
import _frozen_importlib as _fi
clock = time.process_time_ns
start = clock()
out_path = sys.argv.pop(1)
find_and_load = _fi._find_and_load
stack = [0]
own, made = {}, {"dataclass": [0, 0], "regex": [0, 0]}


def hooked(name, import_):
    if name in sys.modules:
        return find_and_load(name, import_)
    t = clock()
    stack.append(0)
    try:
        return find_and_load(name, import_)
    finally:
        spent = clock() - t
        own[name] = own.get(name, 0) + spent - stack.pop()
        stack[-1] += spent
        if name == "dataclasses" and name in sys.modules:
            _watch(sys.modules[name], "_process_class", "dataclass", lambda a: True)
        if name == "re" and name in sys.modules:
            _watch(sys.modules[name], "_compile", "regex",
                   lambda a: not isinstance(a[0], sys.modules["re"].Pattern) and
                   (type(a[0]), a[0], a[1]) not in getattr(sys.modules["re"], "_cache", {}))


def _watch(module, attr, kind, counts):
    inner = getattr(module, attr)

    def timed(*args, **kwargs):
        caller = sys._getframe(1)
        while caller is not None and caller.f_globals.get("__name__") in ("re", "dataclasses"):
            caller = caller.f_back
        mine = caller is not None and str(caller.f_globals.get("__name__")).startswith("hearts_notation")
        if not (mine and counts(args)):
            return inner(*args, **kwargs)
        t = clock()
        try:
            return inner(*args, **kwargs)
        finally:
            made[kind][0] += clock() - t
            made[kind][1] += 1

    setattr(module, attr, timed)


_fi._find_and_load = hooked


def _dump():
    total = clock() - start
    _fi._find_and_load = find_and_load      # (the probe's own json import is not the command's)
    import json

    with open(out_path, "w", encoding="utf-8") as fh:
        json.dump({"total": total, "imports": stack[0], "own": own, "made": made}, fh)


atexit.register(_dump)
sys.argv[0] = "hearts"
from hearts_notation.cli import main

sys.exit(main())
"""


class Budget(NamedTuple):
    """Where the CPU time of one command goes (nanoseconds, best of the rounds)."""

    own: dict[str, int]            # module -> its own import time, children excluded
    click: set[str]                # the modules ``import click`` loads beyond a bare start
    total: int                     # the probe's process time, start to exit
    imports: int                   # of which importing
    made: dict[str, tuple[int, int]]   # "dataclass"/"regex" -> (time, how many), the package's


def _budget(python: str, args: list[str], env: dict[str, str], rounds: int, tmp: Path) -> Budget:
    """The import budget of ``hearts *args*``: the best of *rounds* runs of
    :data:`BUDGET_PROBE`, per module and per total."""
    import json

    probe, out = tmp / "budget_probe.py", tmp / "budget.json"
    probe.write_text(BUDGET_PROBE, encoding="utf-8")

    def loaded(code: str) -> set[str]:
        listed = subprocess.run([python, "-c", code + "import sys; print(' '.join(sys.modules))"],
                                capture_output=True, text=True, env=env, cwd=_CWD[0], check=True)
        return set(listed.stdout.split())

    own: dict[str, int] = {}
    totals: dict[str, int] = {}
    made: dict[str, tuple[int, int]] = {}
    for _ in range(rounds):
        subprocess.run([python, str(probe), str(out), *args], stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, env=env, cwd=_CWD[0], check=True)
        data = json.loads(out.read_text(encoding="utf-8"))
        for name, ns in data["own"].items():
            own[name] = min(own.get(name, ns), ns)
        for key in ("total", "imports"):
            totals[key] = min(totals.get(key, data[key]), data[key])
        for kind, (ns, n) in data["made"].items():
            made[kind] = (min(made.get(kind, (ns, n))[0], ns), n)
    # click's share: what importing click loads beyond a bare start, whoever imports it first.
    return Budget(own, loaded("import click; ") - loaded(""), totals["total"], totals["imports"],
                  made)


def _budget_rows(budget: Budget, anchor: float, label: str) -> list[Row]:
    """The budget as rows, in milliseconds, each beside the bare interpreter."""
    own, click = budget.own, budget.click
    ms = 1e-6
    package = {m: t for m, t in own.items() if m == "hearts_notation" or m.startswith("hearts_notation.")}
    parts: list[tuple[str, float, str | None]] = [
        ("click and the standard library it imports",
         sum(t for m, t in own.items() if m in click) * ms,
         "click.core brings inspect, ast, dis, tokenize, typing, enum, gettext, datetime, uuid, "
         "platform; the command line is click's"),
        ("the rest of the standard library (imported by the package, not by click)",
         sum(t for m, t in own.items() if m not in click and m not in package) * ms, None),
    ]
    small = 0.0
    for name, t in sorted(package.items(), key=lambda x: -x[1]):
        if t * ms >= 0.5:
            parts.append((name, t * ms, None))
        else:
            small += t * ms
    parts.append((f"the package's {sum(1 for t in package.values() if t * ms < 0.5)} smaller modules",
                  small, "each under 0.5 ms"))
    dc_ns, dc_n = budget.made.get("dataclass", (0, 0))
    re_ns, re_n = budget.made.get("regex", (0, 0))
    parts.append((f"of the package's modules: {dc_n} dataclasses made", dc_ns * ms,
                  "included in the modules' rows: the exec of their generated methods"))
    parts.append((f"of the package's modules: {re_n} regular expressions compiled", re_ns * ms,
                  "included in the modules' rows"))
    parts.append(("the command's work (reading, checking, printing)",
                  (budget.total - budget.imports) * ms, "not importing"))
    parts.append(("in-process total (hook included)", budget.total * ms,
                  "beyond the interpreter's start; best of the rounds"))
    return [{"name": f"validate samples/canonical.hrn, import budget: {what}{label}",
             "value": round(value, 2), "unit": "ms CPU", "anchor": f"python -c pass{label}",
             "anchor_value": round(anchor, 1), "ratio": round(value / anchor, 3), "target": None,
             "note": note} for what, value, note in parts]


def _cpu(args: list[str], env: dict[str, str]) -> float:
    """User + system CPU seconds of one child running *args*."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False,
                   env=env, cwd=_CWD[0])
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime


def _core(python: str, env: dict[str, str]) -> str:
    out = subprocess.run([python, "-c", "from hearts_notation import _compiled as c;"
                          "print(c.description())"], capture_output=True, text=True, env=env,
                         cwd=_CWD[0], check=False)
    return out.stdout.strip() or "unknown core"


def _can_build_here() -> bool:
    """Whether this interpreter holds the build requirements of pyproject.toml
    (setuptools 68 or later, wheel, mypy), so the wheel can be built without isolation."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        major = int(version("setuptools").split(".")[0])
        version("wheel")
        version("mypy")
    except PackageNotFoundError:
        return False
    return major >= 68


def _wheel_install(tmp: Path, pure: bool) -> tuple[str, str]:
    """A throwaway virtual environment with this checkout installed from a
    wheel: its interpreter and its ``hearts`` console script."""
    import site

    venv = tmp / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = str(venv / "bin" / "python")
    purelib = subprocess.run([python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                             capture_output=True, text=True, check=True).stdout.strip()
    # The dependencies (click, lark, PyYAML, rich, msgspec) from here, by path.
    Path(purelib, "hearts-bench-deps.pth").write_text("\n".join(site.getsitepackages()) + "\n",
                                                      encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k not in ("HEARTS_NOTATION_PURE", "PYTHONPATH")}
    if pure:
        env["HEARTS_NOTATION_PURE"] = "1"
    # Building in this interpreter reuses its mypy (minutes saved), but only when it has
    # what pyproject.toml's [build-system] asks (a fresh machine has no ``wheel`` and an
    # older setuptools): otherwise pip builds in isolation, fetching them.
    isolation = [] if not _can_build_here() else ["--no-build-isolation"]
    subprocess.run([sys.executable, "-m", "pip", "--python", python, "install", "-q", "--no-deps",
                    *isolation, str(ROOT)], env=env, check=True,
                   stdout=subprocess.DEVNULL)
    return python, str(venv / "bin" / "hearts")


def run(quick: bool = False, checkout: bool = False) -> list[Row]:
    """CPU milliseconds of each command and its ratio to ``python -c pass``."""
    from hearts_notation.generate import generate_games
    from hearts_notation.io import dumps

    rounds = 9 if quick else 21
    tmp = Path(tempfile.mkdtemp(prefix="hearts-startup-"))
    _CWD[0] = ROOT if checkout else tmp
    try:
        if checkout:
            python = sys.executable
            script = tmp / "hearts"
            script.write_text(SCRIPT, encoding="utf-8")
            hearts = [python, str(script)]
        else:
            python, installed = _wheel_install(tmp, pure=quick)
            hearts = [python, installed]
        games = list(generate_games(1, seed=7, bots=("heuristic",)))
        small = tmp / "small.hrn"
        small.write_text(dumps(games, "hrn"), encoding="utf-8")
        lines = small.read_text(encoding="utf-8").split("\n")
        grammar = tmp / "grammar.hrn"    # every tenth line with a ``;`` comment (once the grammar's)
        grammar.write_text("\n".join(f"{x} ; checked" if i % 10 == 5 and x else x
                                     for i, x in enumerate(lines)), encoding="utf-8")
        small_jsonl = tmp / "small.jsonl"
        small_jsonl.write_text(dumps(games, "jsonl"), encoding="utf-8")
        deals = sum(len(g.deals) for g in games)
        base = {k: v for k, v in os.environ.items()
                if k not in ("PYTHONDONTWRITEBYTECODE", "HEARTS_NOTATION_PURE", "PYTHONPATH")}
        if checkout:
            base["PYTHONPYCACHEPREFIX"] = str(tmp / "pycache")
            base["PYTHONPATH"] = str(ROOT)
        base["HEARTS_NOTATION_CACHE"] = str(tmp / "cache")
        commands: dict[str, list[str]] = {
            "pass": [python, "-c", "pass"],
            # click's import, with the collector as hearts runs (paused, frozen at exit)
            "click": [python, "-c", "import gc; gc.disable(); import click; gc.freeze()"],
            # what the console script pip writes imports before the package
            "re": [python, "-c", "import re"],
            "version": [*hearts, "--version"],
            "validate": [*hearts, "validate", str(small)],
            "validate_json": [*hearts, "validate", "--format", "json", str(small)],
            "commented": [*hearts, "validate", str(ROOT / "samples" / "canonical.hrn")],
            "grammar": [*hearts, "validate", str(grammar)],
            "jsonl": [*hearts, "validate", str(small_jsonl)],
        }
        builds = {"compiled": dict(base), "pure": {**base, "HEARTS_NOTATION_PURE": "1"}}
        cold_env = {**base, "HEARTS_NOTATION_CACHE": str(tmp / "cold")}
        for env in (*builds.values(), cold_env):        # warm-up: bytecode, then the cache
            for args in commands.values():
                subprocess.run(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               env=env, cwd=_CWD[0], check=False)
        best: dict[tuple[str, str], float] = {}
        for _ in range(rounds):
            for build, env in builds.items():
                for name, args in commands.items():
                    t = _cpu(args, env)
                    best[build, name] = min(best.get((build, name), t), t)
            shutil.rmtree(tmp / "cold", ignore_errors=True)
            t = _cpu(commands["grammar"], cold_env)
            best["compiled", "cold"] = min(best.get(("compiled", "cold"), t), t)
        cores = {build: _core(python, env) for build, env in builds.items()}
        sample = ["validate", str(ROOT / "samples" / "canonical.hrn")]
        budgets = {build: _budget(python, sample, env, rounds, tmp) for build, env in builds.items()}
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    load = " ".join(f"{x:.2f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "?"
    what = {
        "click": ('python -c "import click"', None,
                  "the floor click sets: its import alone, measured with the commands (the "
                  "garbage collector paused, and frozen at exit, as hearts runs)"),
        "re": ('python -c "import re"', None,
               "the console script pip writes imports re (with enum, functools, collections) "
               "before the package: part of every hearts start, --version's included"),
        "version": ("hearts --version", "< 2x (ratio)", ""),
        "validate": ("hearts validate, one small file", "< 3x (ratio)",
                     f"one generated game ({deals} deals), canonical HRN, text output"),
        "validate_json": ("hearts validate --format json, one small file", None, "the same file"),
        "commented": ("hearts validate samples/canonical.hrn", None,
                      "brace comments and marks: the reader's lexer, no grammar"),
        "grammar": ("hearts validate, the small file with ; comments", None,
                    "every tenth line with a ; note: the reader's lexer, no grammar"),
        "jsonl": ("hearts validate, one small JSONL file", None, "the same game as JSONL"),
    }
    rows: list[Row] = []
    for build in builds:
        label = "" if build == "compiled" else " (pure Python)"
        anchor = best[build, "pass"] * 1000
        where = "this checkout on PYTHONPATH" if checkout else "a wheel install (pip install .)"
        rows.append({"name": f"python -c pass{label}", "value": round(anchor, 1), "unit": "ms CPU",
                     "anchor": None, "anchor_value": None, "ratio": None, "target": None,
                     "note": f"{where}; {cores[build]}; best of {rounds}, interleaved; load {load}"})
        for key, (name, target, note) in what.items():
            value = best[build, key] * 1000
            rows.append({"name": name + label, "value": round(value, 1), "unit": "ms CPU",
                         "anchor": f"python -c pass{label}", "anchor_value": round(anchor, 1),
                         "ratio": round(value / anchor, 2), "target": target,
                         "note": note or None})
        # Where validate's time goes (the 3x target's budget): the interpreter
        # (the anchor), click's import beyond it, and the rest -- the package's
        # imports and the command's work -- beyond click.
        click_ms = best[build, "click"] * 1000
        for key, name in (("validate", "hearts validate, one small file"),
                          ("commented", "hearts validate samples/canonical.hrn")):
            for part, value, note in (
                    ("click's import beyond the interpreter", click_ms - anchor,
                     "python -c \"import click\" minus python -c pass"),
                    ("the package and the command's work, beyond click", best[build, key] * 1000 - click_ms,
                     f"the command minus python -c \"import click\"; within the 3x target: "
                     f"{max(0.0, 3 * anchor - click_ms):.1f} ms left for it")):
                rows.append({"name": f"{name}: {part}{label}", "value": round(value, 1), "unit": "ms CPU",
                             "anchor": f"python -c pass{label}", "anchor_value": round(anchor, 1),
                             "ratio": round(value / anchor, 2), "target": None, "note": note})
        if build == "compiled":
            value = best["compiled", "cold"] * 1000
            warm = best["compiled", "grammar"] * 1000
            rows.append({"name": "hearts validate, the small file with ; comments, cache empty",
                         "value": round(value, 1), "unit": "ms CPU",
                         "anchor": "hearts validate, the small file with ; comments",
                         "anchor_value": round(warm, 1),
                         "ratio": round(value / warm, 2), "target": None,
                         "note": "first run: the grammar's tables built and stored, the presets parsed "
                                 "with PyYAML and stored"})
        rows += _budget_rows(budgets[build], anchor, label)
    return rows


def main() -> None:
    from rows import switches

    opts = switches(__doc__, "--quick", "--checkout")
    rows = run(quick=opts["--quick"], checkout=opts["--checkout"])
    print(f"{'benchmark':58} {'value':>8}  {'unit':8} {'ratio':>6}  target")
    for r in rows:
        ratio = "" if r["ratio"] is None else f"{r['ratio']:.2f}"
        print(f"{r['name']!s:58} {r['value']!s:>8}  {r['unit']!s:8} {ratio:>6}  {r['target'] or ''}")


if __name__ == "__main__":
    main()
