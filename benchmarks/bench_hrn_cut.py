"""The HRN game cutter, whole process, against another checkout in the same run
(docs/performance.md and docs/robustness.md, "reader14").

    python benchmarks/bench_hrn_cut.py speed [--against PATH] [--deals N]
    python benchmarks/bench_hrn_cut.py memory [--against PATH] [--mb N]

``speed``: ``hearts validate --jobs 1`` (bench_hrn_reader's child, CPU
seconds of the child, best of 3 rounds interleaved) on canonical HRN and on
the same deals with a comment holding characters that NFC alone replaces
(U+212B ANGSTROM SIGN, U+2126 OHM SIGN, U+F900) before every deal header:
the block cutter takes both since reader14, the second went line by line.

``memory``: the peak resident set (``ru_maxrss`` of the child) of ``hearts
validate`` on one game of N MB (a tag line, a deal header, then trick
lines of comments: one game the cutter holds until its end), under the
default record limit and under ``HEARTS_MAX_RECORD=1000000``.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_hrn_reader import _cpu_of, _texts  # noqa: E402

SINGLETONS = "{\u212b \u2126 \uf900} "


def _speed(roots: dict[str, Path], deals: int) -> None:
    texts = _texts(deals)
    corpora = {"canonical": texts["canonical"],
               "singletons": texts["canonical"].replace("\ndeal ", f"\n{SINGLETONS}deal ")}
    best: dict[tuple[str, str], float] = {}
    with tempfile.TemporaryDirectory() as tmp:
        paths = {}
        for name, text in corpora.items():
            paths[name] = os.path.join(tmp, f"{name}.hrn")
            Path(paths[name]).write_text(text, encoding="utf-8")
        for _ in range(3):
            for who, root in roots.items():
                for name, path in paths.items():
                    cpu = _cpu_of(root, path)
                    best[(who, name)] = min(best.get((who, name), cpu), cpu)
    for name in corpora:
        for who in roots:
            print(f"validate {name:<11} {who:<22} {deals / best[(who, name)]:>9,.0f} deals/s")


def _big_game(path: str, mb: int) -> None:
    line = "1. N 2C E 3C S 4C W 5C {" + "x" * 60 + "}\n"
    with open(path, "w", encoding="utf-8") as fh:
        fh.write('[Event "big"]\ndeal 1\n')
        block = line * ((1 << 20) // len(line.encode()))
        for _ in range(mb):
            fh.write(block)


def _peak(root: Path, path: str, env: dict[str, str]) -> tuple[float, int, float]:
    """(peak MB, exit status, wall s) of one ``hearts validate PATH`` from *root*."""
    import time

    code = (f"import resource, sys\nsys.path.insert(0, {str(root)!r})\n"
            "from hearts_notation.cli import main\n"
            "try:\n    main(sys.argv[1:])\nfinally:\n"
            "    print('maxrss', resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr)")
    t = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", code, "validate", "--jobs", "1", path],
                          capture_output=True, text=True, cwd=str(root), env=env, check=False)
    wall = time.perf_counter() - t
    rss = next(int(x.split()[1]) for x in done.stderr.splitlines() if x.startswith("maxrss"))
    return rss / 1024, done.returncode, wall


def _memory(roots: dict[str, Path], mb: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "big.hrn")
        _big_game(path, mb)
        for limit in (None, "1000000"):
            env = dict(os.environ)
            if limit is not None:
                env["HEARTS_MAX_RECORD"] = limit
            for who, root in roots.items():
                peak, code, wall = _peak(root, path, env)
                print(f"validate one {mb} MB game, HEARTS_MAX_RECORD={limit or 'default'} {who:<22} "
                      f"peak {peak:>8,.0f} MB  exit {code}  {wall:.1f} s")


def main() -> None:
    args = sys.argv[1:]
    roots = {"this checkout": ROOT}
    if "--against" in args:
        other = Path(args[args.index("--against") + 1]).resolve()
        roots[f"anchor {other.name}"] = other
    if args and args[0] == "memory":
        _memory(roots, int(args[args.index("--mb") + 1]) if "--mb" in args else 200)
    else:
        _speed(roots, int(args[args.index("--deals") + 1]) if "--deals" in args else 6000)


if __name__ == "__main__":
    main()
