"""What other systems' line ends cost: the decoder and ``validate`` over the
same HRN games with ``\\n``, CR LF and lone-CR line ends, in one run
(docs/robustness.md, "tidy18"; docs/performance.md, "bench_line_ends after
lines19": every break is ``\\n`` where the text comes in, so CR LF is read by
the block cutter as ``\\n`` is).

    python benchmarks/bench_line_ends.py [--mb N] [--rounds K]

Writes N MB (default 10) of the shipped samples' games three times over,
once per line end, then times, best of K rounds (default 5), CPU seconds in
this process: the decoder alone (``io.stream.iter_text_chunks``: CR LF lines
are counted for the HRN reader's seek marks since tidy18) and
``api.validate_file`` (the whole read and referee).  Each figure is printed
beside the ``\\n`` file's, its anchor, as a ratio.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from rows import best_time  # noqa: E402

from hearts_notation.api import validate_file  # noqa: E402
from hearts_notation.io.stream import iter_text_chunks  # noqa: E402

ENDS = {"\\n": "\n", "CR LF": "\r\n", "lone CR": "\r"}


def _games(mb: int) -> str:
    """About *mb* MB of valid games, the samples' canonical record repeated."""
    text = (ROOT / "samples" / "canonical.hrn").read_text(encoding="utf-8").rstrip("\n") + "\n\n"
    return text * max(1, (mb << 20) // len(text.encode("utf-8")))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mb", type=int, default=10)
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    text = _games(args.mb)
    with tempfile.TemporaryDirectory() as tmp:
        paths = {}
        for name, end in ENDS.items():
            p = Path(tmp) / f"{name.replace(' ', '_').replace(chr(92), '')}.hrn"
            p.write_bytes(text.replace("\n", end).encode("utf-8"))
            paths[name] = str(p)
        games = {name: len(validate_file(path).entries) for name, path in paths.items()}
        if len(set(games.values())) != 1:     # (the same games, or the figures mean nothing)
            raise SystemExit(f"the files do not read as the same games: {games}")
        rows: list[tuple[str, str, float]] = []
        for name, path in paths.items():
            rows.append(("decoder (iter_text_chunks)", name,
                         best_time(lambda path=path: sum(1 for _ in iter_text_chunks(path)),
                               args.rounds)))
        for name, path in paths.items():
            rows.append(("validate_file", name, best_time(lambda path=path: validate_file(path),
                                                      max(1, args.rounds // 2))))
    anchors = {what: cpu for what, name, cpu in rows if name == "\\n"}
    mb = len(text.encode("utf-8")) / (1 << 20)
    count = next(iter(games.values()))
    print(f"{mb:.1f} MB, {count:,} games a file, best of the rounds, CPU seconds")
    for what, name, cpu in rows:
        print(f"{what:28} {name:8} {cpu:8.3f} s   {cpu / anchors[what]:5.2f}x the \\n file's")


if __name__ == "__main__":
    main()
