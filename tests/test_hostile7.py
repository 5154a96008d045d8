"""Hostile input through the newer surfaces (docs/robustness.md, "Bots, the
editor server and the runners"): bot programs that exit, fork or lie,
match files copied or hand-edited, an editor client that breaks the
protocol's rules, and the position arithmetic of huge lines.

Each test fails on the code before the fix it holds.  Real processes are
used where the fault lives between processes (a bot that exits before it
reads: SIGPIPE), in-process calls elsewhere.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from hearts_notation.i18n import translate
from hearts_notation.match import (
    MatchSpec,
    ResumeError,
    load_records,
    parse_player,
    play_record,
    split_records,
    unique_names,
)
from hearts_notation.rules import standard

ROOT = Path(__file__).resolve().parent.parent


def hearts(*args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """The command line in a fresh process, as a user runs it."""
    return subprocess.run([sys.executable, "-m", "hearts_notation", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=timeout, check=False)


# Bots ---------------------------------------------------------------------------------------


def _alive(pid: int) -> bool:
    """Whether *pid* runs (a zombie waiting for init to reap it does not)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return False
    return state not in ("Z", "X")


def test_a_bot_that_exits_at_once_is_a_crash_and_its_children_go(tmp_path: Path) -> None:
    """A bot that exits before reading its input made hearts die of SIGPIPE
    on its next message (status 141, not a word, the results unsaid); the
    helper it forked outlived the match.  Now: a crash naming the bot and
    the deal, the match ends with status 1, and the helper is killed with
    the bot's process group."""
    pids = tmp_path / "pids"
    bot = tmp_path / "bot.py"
    bot.write_text("import os, sys, time\n"
                   "if os.fork() == 0:\n"
                   "    os.close(0)\n"
                   "    os.close(1)\n"
                   f"    open({str(pids)!r}, 'a').write(str(os.getpid()) + '\\n')\n"
                   "    time.sleep(60)\n"
                   "    os._exit(0)\n"
                   "time.sleep(0.2)\n"
                   "sys.exit(5)\n")
    out = tmp_path / "m.jsonl"
    r = hearts("match", "-p", "heuristic", "-p", f"Gone=cmd:{sys.executable} {bot}", "--deals", "1",
               "--seed", "2", "-j", "1", "--move-time", "2", "-o", str(out))
    assert r.returncode == 1, r.stderr
    assert "Gone (E), deal 1.1, pass: crash: exited with status 5" in r.stderr
    assert len(out.read_text().splitlines()) == 1
    children = [int(p) for p in pids.read_text().split()]
    assert children
    time.sleep(0.2)
    assert not any(_alive(p) for p in children)


def test_a_folder_is_no_bot(tmp_path: Path) -> None:
    from hearts_notation.botproto import command_problem

    problem = command_problem(str(tmp_path))
    assert problem is not None and problem.key == "bot.is_folder"


# Match files --------------------------------------------------------------------------------


def _spec() -> MatchSpec:
    return MatchSpec(1, standard(), unique_names([parse_player("heuristic"), parse_player("random")]))


def _record(spec: MatchSpec, deal: int) -> str:
    from hearts_notation.io import iter_dumps

    return "".join(iter_dumps([play_record(spec, (deal, (deal - 1) % 2)).game], "jsonl"))


@pytest.fixture(scope="module")
def two_records() -> tuple[MatchSpec, str, str]:
    spec = _spec()
    return spec, _record(spec, 1), _record(spec, 2)


def _refusal(spec: MatchSpec, text: str) -> str:
    with pytest.raises(ResumeError) as caught:
        load_records(split_records(text.encode(), "jsonl"), "jsonl", spec)
    return caught.value.text("en")


def test_resume_takes_whole_records_in_any_order(two_records: tuple[MatchSpec, str, str]) -> None:
    spec, one, two = two_records
    games, end = load_records(split_records((two + one).encode(), "jsonl"), "jsonl", spec)
    assert len(games) == 2 and end == len((two + one).encode())


def test_resume_refuses_a_record_copied_twice(two_records: tuple[MatchSpec, str, str]) -> None:
    """A record pasted twice was counted twice in the results."""
    spec, one, two = two_records
    text = _refusal(spec, one + two + one)
    assert text == "record 3 of the file plays deal 1.1 again (record 1 holds it already): cannot resume"


def test_resume_refuses_a_round_the_match_does_not_play(two_records: tuple[MatchSpec, str, str]) -> None:
    """A record without its Round, or with one of another rotation, was
    counted in the results and its deal played again."""
    spec, one, _ = two_records
    assert "is deal 1.2 (its Round tag), which this match does not play" in _refusal(
        spec, one.replace('"Round":"1.1"', '"Round":"1.2"'))
    assert "is deal - (its Round tag)" in _refusal(spec, one.replace('"Round":"1.1",', ""))


def test_resume_refuses_a_hand_edited_record(two_records: tuple[MatchSpec, str, str]) -> None:
    """Cards changed by hand entered the results as if the match had played them."""
    spec, one, _ = two_records
    data = json.loads(one)
    hands = data["deals"][0]["hands"]
    hands["N"][0], hands["E"][0] = hands["E"][0], hands["N"][0]
    text = _refusal(spec, json.dumps(data) + "\n")
    assert text.startswith("record 1 of the file is not as the match wrote it (the referee finds ")
    # A deal other than the seed's, consistent in itself: its hands are not the deal's.
    other = _record(MatchSpec(2, standard(), spec.players), 1).replace(
        MatchSpec(2, standard(), spec.players).match_id, spec.match_id)
    assert "(the hand of N is not the one the seed deals)" in _refusal(spec, other)


def test_the_records_of_a_match_go_to_a_regular_file(tmp_path: Path) -> None:
    """A FIFO blocked the match in its open for ever; a folder said the
    system's English."""
    from click.testing import CliRunner

    from hearts_notation.cli import cli

    fifo = tmp_path / "m.jsonl"
    os.mkfifo(fifo)
    folder = tmp_path / "d.jsonl"
    folder.mkdir()
    for path in (fifo, folder):
        for extra in ([], ["--resume"]):
            result = CliRunner().invoke(cli, ["match", "-p", "random", "-p", "random", "--deals", "1",
                                              "-o", str(path), "--lang", "fr", *extra])
            assert result.exit_code == 2
            assert translate("fr", "match.not_a_file", path=str(path)) in result.output
