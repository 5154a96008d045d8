"""The row a benchmark module gives ``run_all.py`` (one dict per figure, the
shape of docs/performance.md's tables: the figure, its anchor from the same
run and their ratio) and the plain listing a module prints when run on its
own.  Stated once here so that a column or a rounding rule changes in one
place, not in every benchmark."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from typing import Any

Row = dict[str, Any]


def row(name: str, value: float, unit: str, anchor: str | None = None,
        anchor_value: float | None = None, target: str = "", note: str = "",
        digits: int = 2) -> Row:
    """One figure beside its anchor; the ratio is value / anchor (None
    without an anchor, or when the anchor is zero)."""
    return {
        "name": name, "value": round(value, digits), "unit": unit, "anchor": anchor,
        "anchor_value": None if anchor_value is None else round(anchor_value, digits),
        "ratio": None if not anchor_value else round(value / anchor_value, 3),
        "target": target, "note": note,
    }


def print_rows(rows: Iterable[Row]) -> None:
    """The rows as aligned plain text (name, value, unit, ratio, note)."""
    listed = list(rows)
    width = max((len(str(r["name"])) for r in listed), default=10)
    for r in listed:
        ratio = f"  x{r['ratio']}" if r.get("ratio") is not None else ""
        print(f"{r['name']!s:<{width}} {r['value']!s:>10} {r['unit']!s:<8}{ratio}  "
              f"{r.get('target') or ''} {r.get('note') or ''}".rstrip())


def row1(name: str, value: float, unit: str, anchor: str | None = None,
         anchor_value: float | None = None, target: str = "", note: str = "",
         digits: int = 1) -> Row:
    """:func:`row` rounded to one digit unless told otherwise (the figures
    of a few hundred to a few thousand per second)."""
    return row(name, value, unit, anchor, anchor_value, target, note, digits)


def switches(doc: str | None, *flags: str, argv: list[str] | None = None) -> dict[str, bool]:
    """The on/off options a benchmark run on its own accepts (``--quick``...),
    read by argparse so that ``--help`` prints the script's docstring and a
    mistyped option stops the run instead of silently starting a long
    measurement with the defaults."""
    import argparse

    parser = argparse.ArgumentParser(description=doc,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    for flag in flags:
        parser.add_argument(flag, action="store_true")
    args = parser.parse_args(argv)
    return {flag: bool(getattr(args, flag.lstrip("-").replace("-", "_"))) for flag in flags}


def best_time(fn: Callable[[], object], repeat: int,
              clock: Callable[[], float] = time.process_time) -> float:
    """The best time of *repeat* runs of *fn* on *clock*: by default this
    process's CPU time (other jobs on a shared machine do not lower it),
    ``time.perf_counter`` for elapsed time.  The timing of the benchmarks
    that run their work in process."""
    best = float("inf")
    for _ in range(repeat):
        t0 = clock()
        fn()
        best = min(best, clock() - t0)
    return best
