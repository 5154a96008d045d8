"""Fuzz campaign over every reading command, with time and memory per run.

    python benchmarks/fuzz_campaign.py --runs 10000 --seed 1

A run is one command on one mutated sample (the mutators and the command
table of ``tests/fuzzing.py``).  Each run happens in a forked child with an
address-space limit (``RLIMIT_AS``), so a run that grows without bound ends
there, and its CPU time and peak RSS are read from ``getrusage`` of the
child.  Reported: runs that crashed (an exception escaping, a traceback, an
exit status outside 0/1/2, a signal such as a segmentation fault), runs
that printed a raw control character where people read it or in a JSON/CSV
output (``Outcome.control``), runs over
``--max-seconds`` CPU seconds and runs over ``--max-mb`` of peak RSS.  Each
failure prints its command, seed and the start of its input; ``--keep DIR``
keeps the failing inputs.

``--gb N`` instead measures the streaming commands' peak RSS on a generated
JSONL (and HRN) file of about N GB: every format of ``score``, ``validate``,
``stats``, ``standings``, ``convert``, ``fmt``, and standard input (see
``tests/test_fuzz_memory.py`` for the CI-sized version, which compares 800
and 3,200 games).
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import signal
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests import fuzzing as F  # noqa: E402

#: The start of a verdict that is a raw control character in the output
#: (escaping), not a crash.
CONTROL = "control: "


def child(command: F.Command, path: str, limit_mb: int, report: int) -> None:
    """In the forked child: run, write the verdict, exit without cleanup."""
    resource.setrlimit(resource.RLIMIT_AS, (limit_mb << 20, limit_mb << 20))
    try:
        out = F.run_in_process(command, path)
        verdict = out.crash() or ""
        if out.traceback:
            verdict += "\n" + out.traceback[-1500:]
        if not verdict:
            control = out.control()
            verdict = f"{CONTROL}{control}" if control else ""
    except BaseException as exc:  # the campaign reports it
        verdict = f"escaped the runner: {exc!r}"
    os.write(report, verdict.encode("utf-8", "replace")[:4000] or b"ok")
    os._exit(0)


def one_run(command: F.Command, path: str, limit_mb: int,
            max_seconds: float) -> tuple[str, float, float]:
    """(verdict, CPU seconds, peak RSS in MB) of one run in a child."""
    rd, wr = os.pipe()
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    pid = os.fork()
    if pid == 0:
        os.close(rd)
        # The backstop is CPU time (SIGXCPU past three times the budget): on
        # a loaded machine a run of one CPU-second may take a minute of wall
        # time, which is no finding.  A generous wall-clock alarm remains for
        # a run that would wait forever without using the CPU.
        cap = int(max_seconds * 3) + 5
        resource.setrlimit(resource.RLIMIT_CPU, (cap, cap + 5))
        signal.alarm(max(600, cap * 20))
        child(command, path, limit_mb, wr)
    os.close(wr)
    data = b""
    while chunk := os.read(rd, 4096):
        data += chunk
    os.close(rd)
    _, status, usage = os.wait4(pid, 0)
    cpu = usage.ru_utime + usage.ru_stime
    del before
    verdict = data.decode("utf-8", "replace")
    if os.WIFSIGNALED(status):
        verdict = f"killed by signal {os.WTERMSIG(status)}"
    elif verdict == "ok":
        verdict = ""
    return verdict, cpu, usage.ru_maxrss / 1024


def campaign(args: argparse.Namespace) -> int:
    seeds = F.seeds()
    rng = random.Random(args.seed)
    tmp = Path(tempfile.mkdtemp(prefix="hearts-fuzz-"))
    keep = Path(args.keep) if args.keep else None
    runs = crashes = slow = big = controls = 0
    worst_cpu = worst_mb = 0.0
    start = time.process_time()
    wall = time.monotonic()
    case = 0
    while runs < args.runs:
        if args.budget and time.monotonic() - wall > args.budget:
            break
        case += 1
        suffix, data = rng.choice(seeds)
        mutated = F.mutate(data, rng)
        path = tmp / f"case{suffix}"
        path.write_bytes(mutated)
        for command in F.applicable(F.COMMANDS, len(mutated)):
            if runs >= args.runs:
                break
            runs += 1
            verdict, cpu, mb = one_run(command, str(path), args.limit_mb, args.max_seconds)
            worst_cpu, worst_mb = max(worst_cpu, cpu), max(worst_mb, mb)
            failed = []
            if verdict.startswith(CONTROL):
                controls += 1
                failed.append(verdict)
            elif verdict:
                crashes += 1
                failed.append(verdict)
            if cpu > args.max_seconds:
                slow += 1
                failed.append(f"{cpu:.1f} CPU-s")
            if mb > args.max_mb:
                big += 1
                failed.append(f"{mb:.0f} MB")
            if failed:
                print(f"FAIL case {case} ({suffix}, {len(mutated)} bytes) {command.name}: "
                      f"{' | '.join(failed)}\n  input starts {mutated[:160]!r}", flush=True)
                if keep:
                    keep.mkdir(parents=True, exist_ok=True)
                    (keep / f"case{case}-{command.name}{suffix}").write_bytes(mutated)
        if args.progress and case % 50 == 0:
            print(f"... {runs} runs", file=sys.stderr, flush=True)
    print(f"runs {runs} (cases {case}, seed {args.seed}); crashes {crashes}; "
          f"raw controls {controls}; "
          f"over {args.max_seconds:g} s: {slow}; over {args.max_mb} MB: {big}; "
          f"slowest {worst_cpu:.2f} CPU-s; largest {worst_mb:.0f} MB; "
          f"campaign {time.monotonic() - wall:.0f} s wall, parent "
          f"{time.process_time() - start:.0f} CPU-s")
    return 1 if crashes or slow or big or controls else 0


#: The streaming commands measured by ``--gb``: (arguments, input format, from
#: standard input).  Every format of ``score``, standard input for the
#: commands that read it as a stream, ``fmt`` on HRN.
MEMORY_COMMANDS: list[tuple[list[str], str, bool]] = [
    (["validate", "--jobs", "1"], "jsonl", False),
    (["score", "--jobs", "1", "--format", "json"], "jsonl", False),
    (["score", "--jobs", "1", "--format", "csv"], "jsonl", False),
    (["score", "--jobs", "1", "--format", "table"], "jsonl", False),
    (["score", "--jobs", "1", "--format", "html"], "jsonl", False),
    (["stats", "--jobs", "1"], "jsonl", False),
    (["standings", "--jobs", "1"], "jsonl", False),
    (["convert", "--to", "hrn"], "jsonl", False),
    (["validate", "--jobs", "1", "--from", "jsonl", "-"], "jsonl", True),
    (["convert", "--from", "jsonl", "--to", "jsonl", "-"], "jsonl", True),
    (["validate", "--jobs", "1"], "hrn", False),
    (["fmt"], "hrn", False),
    (["fmt", "-"], "hrn", True),
]


def memory(args: argparse.Namespace) -> int:
    """Peak RSS and CPU time of each streaming command on a generated file
    of about ``--gb`` GB (copies of a sample game, JSONL or HRN), each
    command in its own process (``/usr/bin/time``).  ``--only WORD`` keeps
    the commands whose line holds WORD."""
    import subprocess

    from hearts_notation.io import dumps, read_games

    games = list(read_games(str(ROOT / "samples" / "club-night.json")))
    folder = Path(tempfile.mkdtemp(prefix="hearts-mem-"))
    target = int(args.gb * (1 << 30))
    chosen = [c for c in MEMORY_COMMANDS
              if not args.only or any(w in " ".join([*c[0], c[1], "stdin" if c[2] else ""])
                                      for w in args.only)]
    files: dict[str, Path] = {}
    status = 0
    try:
        for fmt in sorted({c[1] for c in chosen}):
            one = dumps(games[:1], fmt) + ("\n" if fmt == "hrn" else "")
            line = one.encode()
            path = folder / f"big.{fmt}"
            with path.open("wb") as out:
                block = line * max(1, (1 << 24) // len(line))
                written = 0
                while written < target:
                    out.write(block)
                    written += len(block)
            files[fmt] = path
            print(f"{path}: {written / (1 << 30):.2f} GB, {written // len(line):,} games",
                  flush=True)
        for argv, fmt, stdin in chosen:
            path = files[fmt]
            cmd = ["/usr/bin/time", "-f", "%M %U", sys.executable, "-m", "hearts_notation",
                   *argv, *([] if stdin else [str(path)])]
            with path.open("rb") as source:
                proc = subprocess.run(cmd, stdin=source if stdin else subprocess.DEVNULL,
                                      stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                      text=True, cwd=ROOT)
            rss, cpu = proc.stderr.strip().splitlines()[-1].split()
            shown = " ".join(argv) + (f" < big.{fmt}" if stdin else f" big.{fmt}")
            print(f"{shown:55} exit {proc.returncode}  peak RSS {int(rss) / 1024:.0f} MB"
                  f"  {float(cpu):.0f} CPU-s", flush=True)
            status |= int(int(rss) / 1024 > args.max_mb or proc.returncode != 0)
    finally:
        for path in files.values():
            path.unlink()
        folder.rmdir()
    return status


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-seconds", type=float, default=10.0)
    parser.add_argument("--max-mb", type=int, default=500)
    parser.add_argument("--limit-mb", type=int, default=2048,
                        help="address-space limit of each run (RLIMIT_AS)")
    parser.add_argument("--budget", type=float, default=0,
                        help="stop after this many wall seconds (0: no limit)")
    parser.add_argument("--keep", help="folder where failing inputs are kept")
    parser.add_argument("--progress", action="store_true")
    parser.add_argument("--gb", type=float, help="measure memory on a file of N GB instead")
    parser.add_argument("--only", nargs="*", default=[],
                        help="with --gb: only the commands whose line holds one of these words")
    args = parser.parse_args()
    return memory(args) if args.gb else campaign(args)


if __name__ == "__main__":
    sys.exit(main())
