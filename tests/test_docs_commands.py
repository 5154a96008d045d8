"""Every ``hearts ...`` command line the English docs show is run: a reader copies
them, so an option click refuses, a traceback or an exit status the page does
not show is a wrong page (or a broken promise of the code).

The commands are the lines of the fenced code blocks of README.md, docs/*.md and
docs/fr/promesses.md that start with ``hearts`` (after an optional ``$ `` prompt,
``VAR=value`` settings or ``cat FILE |``); a block that opens with click's
``Usage:`` is a command's help and a line ``hearts: ...`` is a message, not a
command.  docs/fr/guide.md and docs/guide.md are checked byte for byte by
tests/guide_check.py instead (tests/test_docs_guide.py,
tests/test_docs_fr_guide.py).

Each command runs in-process (click's ``CliRunner``) in a scratch directory of
its page, holding a copy of the input files it names (found from the
repository's root, then from docs/); an earlier command of the same page may
have written one (``-o corpus.jsonl``, ``> report.json``), as a reader running
the page in order would.  A command whose inputs cannot exist here (a Dask
scheduler, a bot program, a URL, a file the page invents as a placeholder) is
in :data:`SKIPPED` with the reason; a command neither runnable nor listed fails
the test, so a new example is never left unchecked in silence.
"""

from __future__ import annotations

import re
import shlex
import shutil
from dataclasses import dataclass, field
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from hearts_notation.cli import cli

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")), ROOT / "docs" / "fr" / "promesses.md"]
#: Pages checked byte for byte by tests/guide_check.py.
GUIDES = {"docs/guide.md"}

FENCE = re.compile(r"^\s*(```|~~~)")
COMMAND = re.compile(r"^(?:\$ )?(?:cat (\S+) \| )?((?:[A-Z_]+=\S* )*hearts(?: .*)?)$")
MESSAGE = re.compile(r"^hearts(?: [\w-]+)?[:,]")
#: Options whose value is a file the command writes.
OUTPUT_OPTIONS = {"-o", "--output", "--out-dir", "--html"}
#: Options whose value is never a file.
TEXT_OPTIONS = {"--where", "--scheduler", "--title", "-p", "--player", "--bots"}
FILE_LIKE = re.compile(r"/|\.(?:hrn|json|jsonl|yaml|yml|txt|hist|alias|csv|html|svg|png)$")

#: Commands not run, by page and command (as written, without its comment), with why.
SKIPPED: dict[tuple[str, str], str] = {
    **{(page, c): "needs a Dask cluster or its scheduler's address" for page, c in (
        ("docs/analysis.md", "hearts solve corpus.jsonl --all --format jsonl --engine dask"),
        ("docs/cluster.md", "hearts annotate corpus/ more/*.jsonl s3://bucket/league/ --out-dir "
                            "s3://bucket/annotated/ --engine dask --scheduler tcp://10.0.0.5:8786 --fast"),
        ("docs/cluster.md", "hearts validate archive/ --engine dask --jobs 2"),
        ("docs/cluster.md", "hearts validate archive/ --engine dask --scheduler tcp://127.0.0.1:PORT"),
        ("docs/cluster.md", "hearts validate archive/ --engine dask"),
        ("docs/cluster.md", "hearts annotate long-game.hrn --fast --engine dask -o long-game.annotated.hrn"),
        ("docs/cluster.md", "hearts annotate /shared/league/2026.jsonl --fast --engine dask --scheduler "
                            "tcp://10.1.2.3:41234 --wait-workers 900 --format json > analysis.json"),
        ("docs/cluster.md", "hearts validate /shared/league/ --engine dask --scheduler tcp://10.1.2.3:41234"),
        ("docs/cluster.md", "hearts stats s3://league/2026/week-01.jsonl s3://league/2026/week-02.jsonl "
                            "--engine dask --scheduler tcp://league-scheduler:8786 --format json"),
        ("docs/cluster.md", "hearts validate /shared/league/ --engine dask --scheduler tls://10.0.0.5:8786"),
    )},
    **{("docs/analysis.md", c): "a complete record's opening lead is beyond the default --max-nodes: exit 2, "
                                "whose message says to ask trick 7 or later (tests/test_exact_solver.py)"
       for c in ("hearts solve game.hrn", "cat game.hrn | hearts solve -")},
    ("docs/cli.md", "hearts solve corpus.jsonl --format jsonl > solved.jsonl"):
        "a placeholder corpus: the whole deals of a stand-in are beyond the default --max-nodes",
    ("docs/bots.md", 'hearts match -p heuristic -p random -p "Mine=cmd:python3 mybot.py" '
                     "-p analysis:samples=8 --deals 100 --duplicate --seed 1 -o mine.jsonl"):
        "needs the reader's bot program mybot.py",
    ("docs/editors.md", "hearts lsp"): "started by an editor, which talks to it on stdin/stdout "
                                       "(tests/test_editor_lsp.py)",
    ("docs/club.md", "hearts standings FILES_OR_FOLDERS... [--aliases FILE] [--ignore-case]"):
        "the synopsis of the command, not a command",
    ("docs/select.md", "hearts select FILE... [--where EXPR] [--deals] [--unique | --duplicates]"):
        "the synopsis of the command, not a command",
    ("docs/interop.md", "hearts validate --from openspiel-playthrough playthroughs/hearts.txt"):
        "a file of OpenSpiel's source tree (tests/test_openspiel_playthrough.py reads one)",
    ("docs/interop.md", "hearts score --from openspiel-playthrough playthroughs/hearts.txt"):
        "a file of OpenSpiel's source tree (tests/test_openspiel_playthrough.py reads one)",
    **{(page, c): "a placeholder for the reader's own records (names no file of the repository stands for)"
       for page, c in (
        ("docs/cluster.md", "hearts annotate corpus/ --out-dir annotated/ --jobs 8"),
        ("docs/notation.md", "hearts convert old.hrn --rules kawu -o old.json"),
        ("docs/puzzles.md", "hearts puzzles jeudi/ -o jeudi-puzzles.html --lang fr"),
        ("docs/rules.md", "hearts rules club.yaml --format json"),
        ("docs/select.md", "hearts select saison/ --where 'player(\"Hélène\")' --aliases joueurs.alias "
                           "--count"),
        ("docs/select.md", "hearts select saison/ --where 'winner == \"Hélène\"' --aliases joueurs.alias"),
    )},
    **{("docs/select.md", c): "the page shows the messages of its own corpus, with a malformed game"
       for c in ("hearts select corpus.jsonl --count",
                 "hearts select corpus.jsonl --where valid -o clean.jsonl")},
}

#: Exit statuses other than 0 that a page shows or says, by page and command.
STATUS: dict[tuple[str, str], int] = {
    ("docs/club.md", "hearts validate tests/data/club/soiree-brouillon.hrn"): 1,
    # "is everything canonical? (exit 1 if not)": the samples keep their authors' layout
    ("docs/notation.md", "hearts fmt --check samples/"): 1,
    ("docs/select.md", "hearts select samples/ --where 'mooon == S'"): 2,
    ("docs/select.md", "hearts select samples/ --lang fr --where 'points(N) >= 13 and (void(E, C)'"): 2,
    ("docs/select.md", "hearts select club/ --where 'queen == Gwen'"): 2,
}


@dataclass
class Example:
    """One command line of a page: where, what, and what it reads and writes."""

    page: str
    line: int
    text: str
    words: list[str]
    env: dict[str, str]
    stdin: str | None = None
    stdout: str | None = None
    inputs: list[str] = field(default_factory=list)
    outputs: list[str] = field(default_factory=list)


def _logical_lines(block: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """The block's lines with ``\\``-continued lines joined."""
    out: list[tuple[int, str]] = []
    pending: tuple[int, str] | None = None
    for number, line in block:
        if pending is not None:
            number, line = pending[0], pending[1] + " " + line.strip()
        if line.rstrip().endswith("\\"):
            pending = (number, line.rstrip()[:-1].rstrip())
            continue
        pending = None
        out.append((number, line))
    return out


def _example(page: str, number: int, line: str) -> Example | None:
    m = COMMAND.match(line.strip())
    if m is None or MESSAGE.match(m.group(2)):
        return None
    words = shlex.split(m.group(2), comments=True)
    raw = m.group(2).split(" #", 1)[0]
    shown = (f"cat {m.group(1)} | " if m.group(1) else "") + " ".join(raw.split())
    env: dict[str, str] = {}
    while words and "=" in words[0] and words[0] != "hearts":
        key, _, value = words.pop(0).partition("=")
        env[key] = value
    ex = Example(page, number, shown, words, env, stdin=m.group(1))
    if "|" in ex.words:                                  # `| less`: what the pipe reads is stdout
        ex.words = ex.words[:ex.words.index("|")]
    for sign in ("<", ">"):
        if sign in ex.words:
            i = ex.words.index(sign)
            target = ex.words[i + 1]
            del ex.words[i:i + 2]
            if sign == "<":
                ex.stdin = target
            else:
                ex.stdout = target
    if ex.stdin:
        ex.inputs.append(ex.stdin)
    if ex.stdout:
        ex.outputs.append(ex.stdout)
    args = ex.words[1:]
    i = 0
    while i < len(args):
        word = args[i]
        if word in OUTPUT_OPTIONS and i + 1 < len(args):
            ex.outputs.append(args[i + 1])
            i += 2
            continue
        if word in TEXT_OPTIONS:
            i += 2
            continue
        if not word.startswith("-") and FILE_LIKE.search(word):
            ex.inputs.append(word)
        i += 1
    return ex


def examples(page: Path) -> list[Example]:
    """Every command line of *page*'s fenced blocks, in order."""
    rel = page.relative_to(ROOT).as_posix()
    found: list[Example] = []
    block: list[tuple[int, str]] | None = None
    for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1):
        if FENCE.match(line):
            if block is None:
                block = []
                continue
            lines = _logical_lines(block)
            prompted = any(text.startswith("$ ") for _, text in lines)
            if not (lines and lines[0][1].lstrip().startswith("Usage:")):
                for n, text in lines:
                    if prompted and not text.startswith("$ "):
                        continue
                    ex = _example(rel, n, text)
                    if ex is not None:
                        found.append(ex)
            block = None
        elif block is not None:
            block.append((number, line))
    return found


#: Files the pages name as the reader's own, and the record of the repository that
#: stands in for each: the command then runs on it, so its options are checked.
STAND_INS: dict[str, str] = {
    "game.hrn": "samples/canonical.hrn",
    "club.hrn": "samples/commented-example.hrn",
    "partie.hrn": "samples/partie-francaise.hrn",
    "club-night.json": "samples/club-night.json",
    "game-in-progress.hrn": "tests/data/hint/club-night-trick-6.hrn",
    "corpus.jsonl": "tests/data/corpus/three.jsonl",
    "states.json": "tests/data/interop/states.osjson",
    "histories.txt": "tests/data/interop/histories.oshist",
    "club/": "samples/club/",
    "games/": "samples/",
    "archive/": "samples/",
    "corpus/": "samples/",
    "old-records/": "samples/",
    "online.jsonl": "tests/data/corpus/three.jsonl",
    "saison/": "samples/club/",
    "tournoi/": "samples/club/tournoi/",
    "cours/": "samples/",
    "logs/": "samples/",
    "matches/": "samples/",
    "annotated/": "samples/",
    "logs.jsonl": "tests/data/corpus/three.jsonl",
    "c.jsonl": "tests/data/corpus/three.jsonl",
    "games.jsonl": "tests/data/corpus/three.jsonl",
    "a.hrn": "samples/canonical.hrn",
    "b.jsonl": "tests/data/corpus/three.jsonl",
    "server-a.jsonl": "tests/data/corpus/three.jsonl",
    "server-b.hrn": "samples/canonical.hrn",
    "dump.json": "samples/club-night.json",
}
#: A lighter stand-in on one page: replay.md annotates its game.hrn without --fast,
#: three times (one deal, not canonical.hrn's ten, keeps the long step short).
PAGE_STAND_INS: dict[tuple[str, str], str] = {
    ("docs/replay.md", "game.hrn"): "samples/commented-example.hrn",
}


def _source(name: str, page: str = "") -> Path | None:
    """The file of the repository *name* (on *page*) stands for: itself (from the
    root, then docs/), or its stand-in."""
    if (page, name) in PAGE_STAND_INS:
        return ROOT / PAGE_STAND_INS[page, name]
    if name in STAND_INS:
        return ROOT / STAND_INS[name]
    for base in (ROOT, ROOT / "docs"):
        if (base / name).exists():
            return base / name
    return None


def long_reason(ex: Example) -> str | None:
    """Why *ex* goes to the long step (tests/budget.py, docs/testing.md), if it
    does: the README's run keeps this file within about 20 CPU-s."""
    words = ex.words[1:]
    if words[:1] == ["annotate"] and "--fast" not in words:
        return "annotate without --fast: seconds of simulations per deal"
    if words[:1] == ["annotate"] and "--deal" not in words and "--out-dir" not in words:
        return ("annotate --fast of a whole record: 2 CPU-s of simulations (the line is parsed "
                "in the README's run: test_the_long_steps_commands_are_accepted)")
    if words[:1] == ["generate"]:
        for flag in ("-n", "--games"):
            if flag in words and int(words[words.index(flag) + 1]) >= 100:
                return "generate of a hundred games or more"
    if words[:1] == ["solve"] and "--all" in words:
        return "solve --all: every decision of a deal"
    if words[:1] == ["solve"] and "--trick" not in words:
        return "solve from a complete deal's opening lead: a whole deal, searched up to --max-nodes"
    return None


#: The commands of the pages that run in the long step only (filled by :func:`_plan`).
LONG_EXAMPLES: list[Example] = []


def _plan() -> list[object]:
    """One pytest case per command line of the pages: run, or skipped with why."""
    cases: list[object] = []
    for page in PAGES:
        rel = page.relative_to(ROOT).as_posix()
        if rel in GUIDES:
            continue
        written: set[str] = set()
        written_long: set[str] = set()
        for ex in examples(page):
            key = (ex.page, ex.text)
            ident = f"{ex.page}:{ex.line}"
            runnable = all(_source(p, ex.page) is not None or p in written for p in ex.inputs)
            if key in SKIPPED:
                cases.append(pytest.param(ex, id=ident, marks=pytest.mark.skip(reason=SKIPPED[key])))
                continue
            why = long_reason(ex) or next(
                (f"reads {p}, which a long command of the page writes" for p in ex.inputs
                 if p in written_long and p not in STAND_INS), None)
            if why:
                written_long.update(ex.outputs)
                LONG_EXAMPLES.append(ex)
            cases.append(pytest.param(ex, id=ident, marks=[pytest.mark.long] if why else []))
            if runnable:
                written.update(ex.outputs)
    return cases


CASES = _plan()
_SCRATCH: dict[str, Path] = {}


@pytest.mark.parametrize("ex", CASES)
def test_the_docs_commands_run(ex: Example, tmp_path_factory: pytest.TempPathFactory,
                               monkeypatch: pytest.MonkeyPatch) -> None:
    work = _SCRATCH.get(ex.page)
    if work is None:
        work = _SCRATCH[ex.page] = tmp_path_factory.mktemp("docs-commands")
    missing = [p for p in ex.inputs if _source(p, ex.page) is None and not (work / p).exists()]
    assert not missing, (
        f"{ex.page}:{ex.line}: {ex.text}\nreads {', '.join(missing)}, which is neither in the "
        "repository nor written by an earlier command of the page: make it real, or list the "
        "command in SKIPPED with why")
    for name in ex.inputs:
        src = _source(name, ex.page)
        dest = work / name
        if src is not None and not dest.exists() and not Path(name).is_absolute():
            dest.parent.mkdir(parents=True, exist_ok=True)
            (shutil.copytree if src.is_dir() else shutil.copy)(src, dest)
    words = [str(work / Path(w).name) if w.startswith("/tmp/") else w for w in ex.words]
    monkeypatch.chdir(work)
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "80")
    for key, value in ex.env.items():
        monkeypatch.setenv(key, value)
    stdin = (work / ex.stdin).read_bytes() if ex.stdin else None
    result = CliRunner().invoke(cli, words[1:], input=stdin)
    where = f"{ex.page}:{ex.line}: {ex.text}"
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        f"{where}\nraised {result.exception!r}")
    assert "Traceback" not in result.output, f"{where}\n{result.output}"
    assert "Usage:" not in result.output, f"{where}: the command line is refused\n{result.output}"
    expected = STATUS.get((ex.page, ex.text), 0)
    assert result.exit_code == expected, (
        f"{where}\nexit status {result.exit_code}, the page shows {expected}\n{result.output[-2000:]}")
    if ex.stdout:
        (work / ex.stdout).write_bytes(result.stdout_bytes)


def test_the_skip_list_names_only_commands_the_docs_show() -> None:
    shown = {(ex.page, ex.text) for page in PAGES for ex in examples(page)}
    assert len(shown) >= 100, "the pages show over a hundred commands: is the extraction broken?"
    stale = [key for key in SKIPPED if key not in shown]
    assert not stale, f"SKIPPED lists commands no page shows any more: {stale}"
    stale_status = [key for key in STATUS if key not in shown]
    assert not stale_status, f"STATUS lists commands no page shows any more: {stale_status}"


def test_the_long_steps_commands_are_accepted(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The docs' commands the long step runs (``long_reason``) are parsed in the
    README's run: click knows each line's command and accepts its options and
    their values (their callbacks' checks included), as a run of the line would
    before doing anything; the run itself, its exit status and its output are
    the long step's (the whole-record ``annotate --fast`` lines of README.md and
    docs/analysis.md went there: 4.3 CPU-s pure; issue 22)."""
    monkeypatch.chdir(tmp_path)             # (nothing is read: no option reads a file as it parses)
    assert len(LONG_EXAMPLES) >= 10, len(LONG_EXAMPLES)
    group = cli
    assert isinstance(group, click.Group)
    refused: list[str] = []
    for ex in LONG_EXAMPLES:
        words = ex.words[1:]
        with click.Context(group, info_name="hearts") as root:
            command = group.get_command(root, words[0])
            if command is None:
                refused.append(f"{ex.page}:{ex.line}: {ex.text}: no command {words[0]!r}")
                continue
            try:
                command.make_context(words[0], words[1:], parent=root)
            except click.exceptions.Exit:
                pass                        # (--help, --version: shown, then ended)
            except click.ClickException as exc:
                refused.append(f"{ex.page}:{ex.line}: {ex.text}: {exc.format_message()}")
    assert not refused, "\n".join(refused)
