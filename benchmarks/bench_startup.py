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
"""

from __future__ import annotations

import os
import resource
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

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
    subprocess.run([sys.executable, "-m", "pip", "--python", python, "install", "-q", "--no-deps",
                    "--no-build-isolation", str(ROOT)], env=env, check=True,
                   stdout=subprocess.DEVNULL)
    return python, str(venv / "bin" / "hearts")


def run(quick: bool = False, checkout: bool = False) -> list[Row]:
    """CPU milliseconds of each command and its ratio to ``python -c pass``."""
    from hearts_notation.generate import generate_games
    from hearts_notation.io import dumps

    rounds = 5 if quick else 21
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
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    load = " ".join(f"{x:.2f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "?"
    what = {
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
    return rows


def main() -> None:
    rows = run(quick="--quick" in sys.argv, checkout="--checkout" in sys.argv)
    print(f"{'benchmark':58} {'value':>8}  {'unit':8} {'ratio':>6}  target")
    for r in rows:
        ratio = "" if r["ratio"] is None else f"{r['ratio']:.2f}"
        print(f"{r['name']!s:58} {r['value']!s:>8}  {r['unit']!s:8} {ratio:>6}  {r['target'] or ''}")


if __name__ == "__main__":
    main()
