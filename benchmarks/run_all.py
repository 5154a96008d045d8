"""Run every benchmark and write ``docs/performance.md``.

    python benchmarks/run_all.py [--quick | --full] [--only NAME ...] [-o FILE] [--no-write] [--merge]

``--only corpus`` runs one module and prints its table (it writes a page
only with ``-o``).  ``--only compiled --merge`` replaces that module's section of
``docs/performance.md`` (or adds it) and keeps the others as they were.

Each ``benchmarks/bench_*.py`` module exposes ``run(quick: bool = False) ->
list[dict]`` (rows with ``name``, ``value``, ``unit``, ``anchor``,
``anchor_value``, ``ratio``, ``target``, ``note``); a module whose ``run``
also takes ``full`` gets ``--full`` (the long sizes, e.g. a 1 GB corpus).
Every figure sits beside its anchor, measured in the same run on the same
machine, so the ratios mean something on any machine; the page records the
machine (CPU model, cores, memory, Python, load average) and the command.
A module that fails is reported as such and the others still run.
"""

from __future__ import annotations

import argparse
import datetime as dt
import importlib.util
import inspect
import os
import platform
import subprocess
import sys
import time
import traceback
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

Row = dict[str, Any]


def discover(only: list[str] | None = None) -> list[Path]:
    """The benchmark modules, sorted; *only* keeps those named (``corpus``
    or ``bench_corpus``)."""
    found = sorted(Path(__file__).resolve().parent.glob("bench_*.py"))
    if only:
        wanted = {n.removeprefix("bench_").removesuffix(".py") for n in only}
        found = [p for p in found if p.stem.removeprefix("bench_") in wanted]
    return found


def run_module(path: Path, quick: bool, full: bool) -> tuple[list[Row], float, str | None]:
    """Rows of one module, its wall time, and the error if it failed."""
    t0 = time.perf_counter()
    try:
        spec = importlib.util.spec_from_file_location(f"_bench_{path.stem}", path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        params = inspect.signature(module.run).parameters
        if "quick" not in params:
            # A script of its own (its run() takes other arguments, e.g.
            # bench_stability): not part of this page.
            raise _NotForRunAll(f"{path.name} is run on its own (see its docstring)")
        kwargs: dict[str, bool] = {"quick": quick}
        if "full" in params:
            kwargs["full"] = full
        rows = list(module.run(**kwargs))
        return rows, time.perf_counter() - t0, None
    except _NotForRunAll:
        raise
    except Exception:
        return [], time.perf_counter() - t0, traceback.format_exc(limit=6)


class _NotForRunAll(Exception):
    """A ``bench_*.py`` module that does not follow the ``run(quick)`` protocol."""


def _cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text(encoding="utf-8").splitlines():
            if line.lower().startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine() or "unknown"


def _memory() -> str:
    try:
        for line in Path("/proc/meminfo").read_text(encoding="utf-8").splitlines():
            if line.startswith("MemTotal:"):
                return f"{int(line.split()[1]) / 1024 / 1024:.1f} GiB"
    except OSError:
        pass
    return "unknown"


def _load() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "unknown"


def _commit() -> str:
    try:
        out = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"],
                             capture_output=True, text=True, timeout=10)
        dirty = subprocess.run(["git", "-C", str(ROOT), "status", "--porcelain"],
                               capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.SubprocessError):
        return "unknown"
    if out.returncode != 0:
        return "unknown"
    return out.stdout.strip() + (" (with uncommitted changes)" if dirty.stdout.strip() else "")


def machine() -> dict[str, str]:
    """What the figures were measured on."""
    try:
        usable = str(len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        usable = str(os.cpu_count())
    from hearts_notation import __version__

    return {
        "CPU": _cpu_model(),
        "cores": f"{os.cpu_count()} ({usable} usable by this process)",
        "memory": _memory(),
        "Python": f"{platform.python_implementation()} {platform.python_version()}",
        "OS": platform.platform(),
        "hearts-notation": f"{__version__}, commit {_commit()}",
        "optional packages": _optional(),
    }


def _optional() -> str:
    """The packages that change figures: msgspec (a run-time dependency that an
    install may lack: the JSON rows say which decoder ran) and OpenSpiel (the
    anchor of the JSON rows)."""
    from importlib.metadata import PackageNotFoundError, version

    out = []
    for dist, what in (("msgspec", "the typed JSON decoder"), ("open-spiel", "the JSON anchors")):
        try:
            out.append(f"{dist} {version(dist)} ({what})")
        except PackageNotFoundError:
            out.append(f"{dist} not installed ({what})")
    return "; ".join(out)


def _fmt(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, float):
        if value.is_integer() and abs(value) >= 100:
            return f"{int(value):,}"
        return f"{value:,.3f}".rstrip("0").rstrip(".") if abs(value) < 100 else f"{value:,.1f}"
    if isinstance(value, int):
        return f"{value:,}"
    return str(value)


def _cell(text: Any) -> str:
    return _fmt(text).replace("|", "\\|").replace("\n", " ")


#: The speed targets of the project (issue 10), each read from a row of the same run:
#: (what, module, row name or prefix, "ratio" or "value", comparison, goal, remark).
TARGETS: list[tuple[str, str, str, str, str, float, str]] = [
    ("validate JSONL >= 2.0x OpenSpiel's replay of the same file (canonical spacing)",
     "bench_referee", "validate JSONL, 1 job", "ratio", ">=", 2.0, "default install (msgspec)"),
    ("the same, JSON written by json.dumps with its defaults", "bench_referee",
     "validate JSONL (json.dumps defaults), 1 job", "ratio", ">=", 2.0, "default install (msgspec)"),
    ("the same, pretty-printed JSON (an array, indent=2)", "bench_referee",
     "validate pretty-printed JSON, 1 job", "ratio", ">=", 2.0,
     "anchor: OpenSpiel's replay from the same pretty-printed file"),
    ("validate JSONL >= 2.5x OpenSpiel's replay of the same file, any spacing (issue 22)",
     "bench_referee", "validate JSONL, 1 job", "ratio", ">=", 2.5, "canonical spacing"),
    ("the same, JSON written by json.dumps with its defaults (issue 22)", "bench_referee",
     "validate JSONL (json.dumps defaults), 1 job", "ratio", ">=", 2.5, "json.dumps spacing"),
    ("observer records (hands unknown) <= 2x the same deals with the hands known (issue 22)",
     "bench_observer", "validate JSONL, hands unknown (observer), whole process", "ratio", "<=",
     2.0, "whole process, --jobs 1; anchor: the same file with the hands written in"),
    ("the same on 4x the games (issue 22)", "bench_observer",
     "validate JSONL, hands unknown (observer), 4x the games, whole process", "ratio", "<=", 2.0,
     "600 games, seed 11; anchor: the same file with the hands written in"),
    ("validate canonical HRN >= 10,000 deals/s, whole process, one core", "bench_corpus",
     "hearts validate canonical HRN, whole process, one core", "value", ">=", 10_000, ""),
    ("hearts --version < 2x a bare interpreter start", "bench_startup", "hearts --version",
     "ratio", "<", 2.0, ""),
    ("hearts validate of one small file < 3x a bare interpreter start", "bench_startup",
     "hearts validate, one small file", "ratio", "<", 3.0, "canonical HRN"),
    ("validate canonical HRN >= 15,000 deals/s, whole process, one core (issue 22)", "bench_hrn_reader",
     "validate canonical HRN, 1 job", "value", ">=", 15_000, "compiled core"),
    ("validate HRN as people type it >= 10,000 deals/s (issue 22)", "bench_hrn_reader",
     "validate hand-typed HRN, 1 job", "value", ">=", 10_000, "French keywords, comments, ; notes, spaces"),
    ("the same within 1.5x of canonical HRN", "bench_hrn_reader", "validate hand-typed HRN, 1 job",
     "ratio", ">=", 0.667, "ratio = hand-typed speed / canonical speed, same run"),
    ("the same, the commented sample samples/canonical.hrn (the reader's lexer, no grammar)", "bench_startup",
     "hearts validate samples/canonical.hrn", "ratio", "<", 3.0, "samples/canonical.hrn"),
    ("library API within 10% of the CLI path, same file (JSONL)", "bench_referee",
     "library API validate_file, JSONL", "ratio", ">=", 0.9, "ratio = API speed / CLI speed"),
    ("the same, canonical HRN", "bench_referee", "library API validate_file, HRN", "ratio", ">=",
     0.9, "ratio = API speed / CLI speed"),
    ("annotate >= 2x faster per deal than the first version (14 CPU-s, default)",
     "bench_analysis", "annotate one deal, default", "value", "<=", 7.0,
     "the first version's figure is the issue's, not measured in this run"),
    ("the same, --fast (first version 1.8 CPU-s)", "bench_analysis", "annotate one deal, --fast",
     "value", "<=", 0.9, "the first version's figure is the issue's, not measured in this run"),
    ("annotate <= 2 CPU-s per deal, default (issue 24)", "bench_analysis", "annotate one deal, default",
     "value", "<=", 2.0, "median of 3 generated deals; seed stability: bench_stability, docs/analysis.md"),
    ("exact 4-trick solve, median <= 0.6 ms", "bench_analysis", "exact solve, 4 tricks, median",
     "value", "<=", 0.6, "as run by bench_analysis"),
    ("the same, compiled core", "bench_compiled", "exact solve, 4 tricks, median, compiled",
     "value", "<=", 0.6, ""),
    ("hearts lsp: an edit to a 20-deal game checked and reported within 200 ms", "bench_lsp",
     "didChange to publishDiagnostics, 20-deal game, median", "value", "<=", 200.0,
     "wall clock over stdio; the 0.1 s pause for typing comes on top"),
    ("memory flat in file size (10x the input: peak RSS ratio <= 1.2)", "bench_corpus",
     "peak RSS streaming*", "ratio", "<=", 1.2, "every streaming row"),
    ("select over a JSONL corpus no slower than validate over the same corpus, one job (issue 26)",
     "bench_select", "select JSONL --count*", "ratio", ">=", 1.0,
     "ratio = select's speed / validate's"),
    ("select: memory flat in the corpus size (10x the games: peak RSS ratio <= 1.2)",
     "bench_select", "select peak RSS, 10x the corpus", "ratio", "<=", 1.2, ""),
    ("score (every format) and stats within 2x validate's CPU on the same file (issue 29)",
     "bench_score", "s*", "ratio", "<=", 2.0, "ratio = the command's CPU / validate's, same run"),
]

_COMPARE = {">=": float.__ge__, "<=": float.__le__, "<": float.__lt__}


def targets(results: list[tuple[Path, list[Row], float, str | None]]) -> list[str]:
    """The table of :data:`TARGETS`, each with the figure of this run and
    whether it is met (rows of a module not run, or renamed, say so)."""
    by_module = {path.stem: rows for path, rows, _, _ in results}
    out = ["| Target | Row | Measured | Goal | Met | Note |", "|---|---|---:|---|---|---|"]
    for what, module, name, field, op, goal, remark in TARGETS:
        rows = by_module.get(module)
        if rows is None:
            continue
        if name.endswith("*"):
            found = [r for r in rows if str(r.get("name", "")).startswith(name[:-1])
                     and r.get(field) is not None]
        else:
            found = [r for r in rows if r.get("name") == name]
        if not found:
            out.append(f"| {_cell(what)} | {_cell(name)} | not measured in this run | "
                       f"{field} {op} {_fmt(goal)} |  | {_cell(remark)} |")
            continue
        for r in found:
            value = float(r[field])
            met = "yes" if _COMPARE[op](value, float(goal)) else "**no**"
            shown = f"{_fmt(value)}" + ("x" if field == "ratio" else f" {r.get('unit', '')}")
            out.append(f"| {_cell(what)} | {_cell(r['name'])} ({module}) | {_cell(shown)} | "
                       f"{field} {op} {_fmt(goal)} | {met} | {_cell(remark)} |")
    return out


def markdown(results: list[tuple[Path, list[Row], float, str | None]], info: dict[str, str],
             command: str, started: str, load_before: str, load_after: str) -> str:
    """The text of ``docs/performance.md``."""
    out = [
        "# Performance",
        "",
        "Generated by `benchmarks/run_all.py`; do not edit by hand (but for the test suite's",
        "cost, measured by hand and kept by every run). Every figure is shown",
        "beside its anchor, a baseline measured in the same run on the same machine, so the",
        "ratio is what carries over to other machines. Rates marked CPU time are one core's",
        "work and hold when other jobs share the machine; wall-clock figures (the `--jobs`",
        "speed-up) need the cores free, so check the load average below.",
        "",
        f"Command: `{command}`  ",
        f"Date: {started}",
        "",
        "## Machine",
        "",
        "| | |",
        "|---|---|",
    ]
    for k, v in info.items():
        out.append(f"| {k} | {_cell(v)} |")
    out.append(f"| load average (1, 5, 15 min) | {load_before} before, {load_after} after |")
    table = targets(results)
    if len(table) > 2:
        out += ["", "## Targets", "",
                "The project's speed targets, each read from a row of the tables below (this",
                "run); a ratio is to the row's anchor.", "", *table]
    for path, rows, seconds, error in results:
        out += ["", f"## {path.stem}", "", f"`python benchmarks/{path.name}` ({seconds:,.0f} s)", ""]
        if error is not None:
            out += ["The module failed:", "", "```", error.rstrip(), "```"]
            continue
        out += ["| Benchmark | Value | Unit | Anchor | Anchor value | Ratio | Target | Note |",
                "|---|---:|---|---|---:|---:|---|---|"]
        for r in rows:
            out.append("| " + " | ".join(_cell(r.get(k)) for k in (
                "name", "value", "unit", "anchor", "anchor_value", "ratio", "target", "note")) + " |")
    return "\n".join(out) + "\n"


def _sections(text: str) -> tuple[str, dict[str, str]]:
    head, *parts = text.split("\n## ")
    return head, {part.split("\n", 1)[0]: part for part in parts}


def merge_sections(old: str, new: str) -> str:
    """*old* page with the module sections of *new* put in place (or added at the end);
    the machine and command of the partial run go into each of its sections."""
    head, old_parts = _sections(old)
    new_head, new_parts = _sections(new)
    command = next((line for line in new_head.splitlines() if line.startswith("Command:")), "")
    ran = {name for name in new_parts if name.startswith("bench_")}
    if "Targets" in old_parts and "Targets" in new_parts:
        # The targets read from the modules run now replace theirs; the others stay.
        def module_of(line: str) -> str:
            cells = line.split(" | ")
            row = cells[1] if len(cells) > 2 else ""
            return row.rsplit("(", 1)[-1].rstrip(")") if row.endswith(")") else ""

        kept = [ln for ln in old_parts["Targets"].rstrip("\n").split("\n")
                if not ln.startswith("| ") or module_of(ln) not in ran]
        fresh = [ln for ln in new_parts["Targets"].rstrip("\n").split("\n")
                 if ln.startswith("| ") and module_of(ln) in ran]
        old_parts["Targets"] = "\n".join(kept + fresh) + "\n"
    for name, part in new_parts.items():
        if name.startswith("bench_"):
            machine = new_parts.get("Machine", "").split("\n", 1)[-1].strip()
            note = f"This section was measured on its own ({command.strip()}), on:"
            old_parts[name] = part.rstrip("\n") + f"\n\n{note}\n\n{machine}\n"
    return head + "".join("\n## " + part for part in old_parts.values())


#: Sections of the page measured by hand, not by a module (their command is in
#: them): a run of every module keeps them as they were.
BY_HAND = ("Test suite",)


def keep_measured_by_hand(old: str, new: str) -> str:
    """*new* page with the :data:`BY_HAND` sections of *old* put back at its end."""
    _, old_parts = _sections(old)
    kept = [old_parts[name] for name in BY_HAND if name in old_parts]
    return new.rstrip("\n") + "\n" + "".join("\n## " + part.rstrip("\n") + "\n" for part in kept)


def print_table(results: list[tuple[Path, list[Row], float, str | None]]) -> None:
    """The rows as a rich table on standard output."""
    from rich.console import Console
    from rich.table import Table

    table = Table(title="Benchmarks", title_justify="left")
    for col in ("module", "benchmark", "value", "unit", "anchor value", "ratio", "target"):
        table.add_column(col, justify="right" if col in ("value", "anchor value", "ratio") else "left")
    for path, rows, _, error in results:
        name = path.stem.removeprefix("bench_")
        if error is not None:
            table.add_row(name, "[red]failed[/]", "", "", "", "", error.strip().splitlines()[-1])
        for r in rows:
            table.add_row(name, str(r.get("name")), _fmt(r.get("value")), str(r.get("unit") or ""),
                          _fmt(r.get("anchor_value")), _fmt(r.get("ratio")), str(r.get("target") or ""))
    Console(no_color="NO_COLOR" in os.environ or None).print(table)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    size = parser.add_mutually_exclusive_group()
    size.add_argument("--quick", action="store_true", help="small sizes: a smoke run")
    size.add_argument("--full", action="store_true", help="the long sizes (1 GB corpus): minutes")
    parser.add_argument("--only", action="append", metavar="NAME",
                        help="run only this module (corpus, parse, ...); repeatable")
    parser.add_argument("-o", "--output", default=None,
                        help="where to write the page (default: docs/performance.md; with --only, "
                             "nothing is written unless -o is given, so that a partial run does "
                             "not replace the whole page)")
    parser.add_argument("--no-write", action="store_true", help="print only")
    parser.add_argument("--merge", action="store_true",
                        help="replace only the sections of the modules run in the page (default: "
                             "docs/performance.md), keeping the others")
    args = parser.parse_args(argv)
    started = dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M UTC")
    load_before = _load()
    results = []
    for path in discover(args.only):
        print(f"running {path.name} ...", file=sys.stderr, flush=True)
        try:
            rows, seconds, error = run_module(path, args.quick, args.full)
        except _NotForRunAll as exc:
            print(f"skipped: {exc}", file=sys.stderr)
            continue
        results.append((path, rows, seconds, error))
    load_after = _load()
    print_table(results)
    words = ["python", "benchmarks/run_all.py", *(argv if argv is not None else sys.argv[1:])]
    output = args.output or (None if args.only and not args.merge else str(ROOT / "docs" / "performance.md"))
    if output is not None and not args.no_write:
        text = markdown(results, machine(), " ".join(words), started, load_before, load_after)
        if Path(output).exists():
            old = Path(output).read_text(encoding="utf-8")
            text = merge_sections(old, text) if args.merge else keep_measured_by_hand(old, text)
        Path(output).parent.mkdir(parents=True, exist_ok=True)
        Path(output).write_text(text, encoding="utf-8")
        print(f"wrote {output}", file=sys.stderr)
    return 1 if any(error for *_, error in results) else 0


if __name__ == "__main__":
    sys.exit(main())
