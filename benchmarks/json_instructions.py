"""Instructions per deal of validate's clean JSON path, in process, under callgrind.

    python benchmarks/json_instructions.py [jsonl|json ...] [--corpus generate|referee]

Needs valgrind (Debian: ``apt-get install valgrind``).  On a shared machine one
process's CPU seconds move by 10% and more with the load; instruction counts do
not, so the before and after of a change to the clean JSON path are given in
instructions (docs/performance.md, section bench_referee: "The ``duplicate-key``
test on the clean path" and "The one path made cheaper").  Build the compiled
core of each tree first (``python setup.py build_ext --inplace``) and run the
script from it.

The records, written once to a temporary folder:

* ``--corpus generate`` (the default): the 100 games (1,094 deals) of
  ``hearts generate -n 100 --seed 7``, as JSONL; read 3 times minus once;
* ``--corpus referee``: the first 40 games (452 deals) of ``bench_referee.py``'s
  corpus (``openspiel`` preset, seed 2026, random bots); read 5 times minus once.

The paths (one row each):

* ``jsonl``: ``referee.report_json_text`` of each line (what ``validate`` runs
  on a JSONL file with one job);
* ``json``: the same games as one array pretty-printed (``indent=2``), cut by
  ``io.jsonio.iter_json_compact`` (the typed decoder's record made on the way),
  each element then ``report_json_text`` with that compact form.

Each child process reads the file once to warm up (imports, caches), then the
records again; the difference of the instructions of a run with more passes and
one with a single pass, over the deals of the extra passes, is the cost of a deal
without the start-up.  Not a ``bench_*`` module: ``run_all.py`` does not run it
(it needs valgrind and takes a few minutes).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path

#: corpus -> passes of the long run (the short run reads the records once)
CORPORA = {"generate": 3, "referee": 5}


def _child(path: str, kind: str, passes: int) -> None:
    """Check the records of *path* *passes* times (the first warms up)."""
    import gc

    from hearts_notation.io.jsonio import iter_json_compact
    from hearts_notation.referee import report_json_text

    gc.freeze()
    text = Path(path).read_text(encoding="utf-8")
    lines = text.splitlines()
    for _ in range(passes):
        if kind == "jsonl":
            for i, line in enumerate(lines):
                report_json_text(line, "x", i + 1, i + 1)
        else:
            for i, (element, line, column, in_array, compact) in enumerate(
                    iter_json_compact(text), 1):
                report_json_text(element, "x", i, line, in_array=in_array, compact=compact,
                                 column=column)


def _instructions(path: str, kind: str, passes: int) -> int:
    """The instructions callgrind counts for one child process."""
    done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                           sys.executable, __file__, "--child", path, kind, str(passes)],
                          capture_output=True, text=True, check=True)
    found = re.search(r"Collected : (\d+)", done.stderr)
    if found is None:
        raise RuntimeError(done.stderr[-2000:])
    return int(found.group(1))


def _records(corpus: str, tmp: str) -> list[str]:
    """The corpus's records, one JSONL line each."""
    if corpus == "generate":
        out = str(Path(tmp) / "generated.jsonl")
        subprocess.run([sys.executable, "-m", "hearts_notation", "generate", "-n", "100",
                        "--seed", "7", "--jobs", "1", "-o", out], check=True)
        return Path(out).read_text(encoding="utf-8").splitlines()
    from hearts_notation.generate import generate_games
    from hearts_notation.io.jsonio import dumps_jsonl

    games = generate_games(40, seed=2026, rules="openspiel", bots=("random",))
    return dumps_jsonl(list(games)).splitlines()


def main() -> None:
    args = sys.argv[1:]
    if args[:1] == ["--child"]:
        _child(args[1], args[2], int(args[3]))
        return
    corpus = "generate"
    if "--corpus" in args:
        at = args.index("--corpus")
        corpus = args[at + 1]
        del args[at:at + 2]
    if corpus not in CORPORA:
        raise SystemExit(f"--corpus: one of {', '.join(CORPORA)}")
    kinds = args or ["jsonl", "json"]
    passes = CORPORA[corpus]
    with tempfile.TemporaryDirectory() as tmp:
        lines = _records(corpus, tmp)
        deals = sum(len(json.loads(line)["deals"]) for line in lines)
        files = {"jsonl": str(Path(tmp) / "records.jsonl"), "json": str(Path(tmp) / "records.json")}
        Path(files["jsonl"]).write_text("\n".join(lines) + "\n", encoding="utf-8")
        Path(files["json"]).write_text(json.dumps([json.loads(x) for x in lines], indent=2),
                                       encoding="utf-8")
        for kind in kinds:
            more = _instructions(files[kind], kind, passes)
            one = _instructions(files[kind], kind, 1)
            per_deal = (more - one) / ((passes - 1) * deals)
            print(f"{kind} ({corpus}, {len(lines)} games, {deals} deals): "
                  f"{per_deal / 1000:,.1f}k instructions per deal")


if __name__ == "__main__":
    main()
