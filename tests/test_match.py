"""``hearts match``: players, the bot protocol, bad bots, records, resume, --jobs, results, ratings.

Matches run as real subprocesses where a bot program or an interruption is
involved (``python -m hearts_notation``), in-process otherwise.  The fake bad
bots are ``tests/bots/bad.py MODE``; the example bots are ``examples/bots/``.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from hearts_notation.cli import cli
from hearts_notation.io import read_games
from hearts_notation.match import (
    MatchSpec,
    SpecError,
    load_records,
    parse_player,
    play_record,
    split_records,
    unique_names,
)
from hearts_notation.rules import standard
from tests.budget import long_beyond

ROOT = Path(__file__).resolve().parent.parent
RECORDS = str(ROOT / "tests/data/match/duplicate.jsonl")
BAD = f"cmd:{sys.executable} {ROOT / 'tests/bots/bad.py'}"
DUCK = f"cmd:{sys.executable} {ROOT / 'examples/bots/duck.py'}"


def hearts(*args: str, cwd: Path = ROOT, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """The command line in a fresh process (pure Python, like the test run)."""
    env = dict(os.environ, HEARTS_NOTATION_PURE=os.environ.get("HEARTS_NOTATION_PURE", ""))
    return subprocess.run([sys.executable, "-m", "hearts_notation", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=timeout, check=False)


def run(*args: str) -> tuple[int, str]:
    """The command line in this process: exit status and output."""
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    return result.exit_code, result.output


# Players ------------------------------------------------------------------------------


def test_player_specs() -> None:
    assert parse_player("random").kind == "builtin"
    assert parse_player("analysis").arg == "samples=8"
    a = parse_player("analysis:samples=4")
    assert (a.kind, a.arg, a.name) == ("analysis", "samples=4", "analysis:samples=4")
    named = parse_player(f"Duck={DUCK}")
    assert (named.name, named.kind) == ("Duck", "cmd")
    assert parse_player("py:hearts_notation.bots:HeuristicBot").kind == "py"
    for bad in ("nobody", "analysis:time=3", "cmd:/no/such/bot", "py:nomodule_xyz:Bot",
                "py:hearts_notation.bots:make_bot", "cmd:"):
        with pytest.raises(SpecError):
            parse_player(bad)
    two = unique_names([parse_player("random"), parse_player("random")])
    assert [p.name for p in two] == ["random", "random #2"]


def test_command_line_errors(tmp_path: Path) -> None:
    out = tmp_path / "m.jsonl"
    code, text = run("match", "-p", "random", "--deals", "1", "-o", str(out))
    assert code == 2 and "2 to 4 players" in text
    code, text = run("match", "-p", "random", "-p", "nobody", "--deals", "1", "-o", str(out))
    assert code == 2 and "'nobody' is not a player" in text
    code, text = run("match", "-p", "random", "-p", "random", "--deals", "1", "-o",
                     str(tmp_path / "m.json"))
    assert code == 2 and ".jsonl or .hrn" in text
    out.write_text("x\n")
    code, text = run("match", "-p", "random", "-p", "heuristic", "--deals", "1", "-o", str(out))
    assert code == 2 and "--resume" in text


# A match of built-in and external bots --------------------------------------------------


def _c_bot(tmp_path: Path) -> str:
    cc = shutil.which("cc") or shutil.which("gcc")
    if cc is None:
        pytest.skip("no C compiler (cc) to build examples/bots/lowest.c")
    exe = tmp_path / "lowest"
    subprocess.run([cc, "-O2", "-o", str(exe), str(ROOT / "examples/bots/lowest.c")], check=True)
    return f"cmd:{exe}"


def test_match_of_builtin_and_example_bots(tmp_path: Path) -> None:
    """Two built-in bots and the two example bots: the records validate, the
    results have intervals, ratings and no fault, and a resume plays nothing."""
    out = tmp_path / "m.hrn"
    players = ["-p", "heuristic", "-p", "random", "-p", DUCK, "-p", _c_bot(tmp_path)]
    r = hearts("match", *players, "--deals", "3", "--duplicate", "--seed", "5", "-o", str(out),
               "--format", "json")
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert data["records"] == 12 and data["deals"] == 3 and data["paired"]
    for p in data["players"]:
        assert p["seat_deals"] == 12 and p["faults"] == {}
        lo, hi = p["ci95"]
        assert lo <= p["points_per_deal"] <= hi
        assert p["rating"] is not None and p["rating"]["sigma"] > 0
    # Every player sat every seat of every deal: 3 deals x 4 rotations.
    games = list(read_games(str(out)))
    assert [g.tags["Round"] for g in games[:4]] == ["1.1", "1.2", "1.3", "1.4"]
    assert games[0].deals[0].hands == games[1].deals[0].hands
    assert games[0].players["N"] == games[1].players["W"] == "heuristic"
    v = hearts("validate", str(out))
    assert v.returncode == 0, v.stdout + v.stderr
    before = out.read_bytes()
    again = hearts("match", *players, "--deals", "3", "--duplicate", "--resume", "-o", str(out),
                   "--format", "json")
    assert again.returncode == 0 and out.read_bytes() == before
    assert json.loads(again.stdout)["players"] == data["players"]


def test_python_bots_in_process(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``py:`` players: one that raises is a crash fault each deal, the
    records still validate; exit status 1."""
    monkeypatch.syspath_prepend(str(ROOT / "tests/bots"))
    out = tmp_path / "m.jsonl"
    code, text = run("match", "-p", "py:pybots:Plain", "-p", "py:pybots:Raising", "-p", "heuristic",
                     "-p", "py:hearts_notation.bots:RandomBot", "--deals", "2", "--seed", "2",
                     "-o", str(out), "--format", "json")
    assert code == 1
    data = json.loads(text[text.index("{"):])
    faults = {p["player"]: p["faults"] for p in data["players"]}
    assert faults["py:pybots:Raising"] == {"crash": 2}
    assert faults["py:pybots:Plain"] == {}
    assert "py:pybots:Raising (E), deal 1.1, trick" in text and "RuntimeError: boom" in text
    code, _ = run("validate", str(out))
    assert code == 0


# Bad bots -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("mode", "kind", "where"), long_beyond([
    # one bot of each kind of fault in the default run, the other ways after them
    ("illegal", "illegal answer", "trick 1"),
    ("malformed", "malformed answer", "trick 1"),
    ("timeout", "timeout", "trick 3"),
    ("crash", "crash", "trick 2"),
    ("wrongtype", "malformed answer", "trick 1"),
    ("hang", "timeout", "trick 1"),
    ("badpass", "illegal answer", "pass"),
], keep=4, several=True))
def test_bad_bot(tmp_path: Path, mode: str, kind: str, where: str) -> None:
    """Each fault is reported naming the bot, its seat and the deal; the bad
    card is not recorded (the records validate), the match goes on, and the
    fault is counted against the bot."""
    out = tmp_path / "m.jsonl"
    bot = f"{BAD} {mode}"
    r = hearts("match", "-p", "heuristic", "-p", bot, "--deals", "2", "--seed", "1",
               "--move-time", "0.5", "-o", str(out), "--format", "json")
    assert r.returncode == 1, r.stderr
    assert f"hearts: {bot} (E), deal 1.1, {where}: {kind}" in r.stderr
    data = json.loads(r.stdout)
    assert data["records"] == 2
    bad = next(p for p in data["players"] if p["player"] == bot)
    assert sum(bad["faults"].values()) >= 2
    games = list(read_games(str(out)))
    assert all("Faults" in g.tags for g in games)
    v = hearts("validate", str(out))
    assert v.returncode == 0, v.stdout


def test_illegal_card_is_never_recorded(tmp_path: Path) -> None:
    """The illegal bot answers 2C (or another card it may not play): the
    record shows the documented replacement, its lowest legal card."""
    spec = MatchSpec(1, standard(), unique_names([parse_player("heuristic"),
                                                  parse_player(f"{BAD} illegal")]), False, 5.0)
    outcome = play_record(spec, (1, 0))
    from hearts_notation.match import close_external_bots

    close_external_bots()
    faults = [f for f in outcome.faults if f.where != "pass"]
    assert faults and all(f.kind == "illegal" for f in faults)
    deal = outcome.game.deals[0]
    plays = {(k + 1, p.seat): str(p.card) for k, t in enumerate(deal.tricks) for p in t.plays}
    for f in faults:
        assert plays[(int(f.where), f.seat)] == f.replacement


def test_a_line_too_long_does_not_shift_the_answers(tmp_path: Path) -> None:
    """The rest of an answer refused as too long (200 KB, more than one
    read) is skipped to its end: the next answer is the next question's,
    not the tail of the long line (each fault after it was blamed on the
    answer before)."""
    from hearts_notation.botproto import BotFault, ExternalBot

    script = tmp_path / "long.py"
    script.write_text("import sys\n"
                      "for n, line in enumerate(sys.stdin):\n"
                      "    if n == 0: continue\n"          # hello
                      "    out = 'A' * 200_000 if n == 1 else '{\"n\": %d}' % n\n"
                      "    print(out, flush=True)\n", encoding="utf-8")
    bot = ExternalBot(f"{sys.executable} {script}", 5.0)
    bot.start({"type": "hello"})
    try:
        with pytest.raises(BotFault) as info:
            bot.ask({"type": "play"})
        assert info.value.kind == "malformed"
        assert [bot.ask({"type": "play"}) for _ in range(3)] == [{"n": 2}, {"n": 3}, {"n": 4}]
    finally:
        bot.stop()


# Resume ------------------------------------------------------------------------------------


def test_kill_and_resume_gives_the_uninterrupted_records(tmp_path: Path) -> None:
    """kill -9 in the middle of a match, then a torn half record (power
    loss): --resume ends with the same bytes as a match never interrupted."""
    args = ["-p", "heuristic", "-p", f"{BAD} slow", "-p", "random", "--deals", "6",
            "--duplicate", "--seed", "11"]
    whole = tmp_path / "whole.hrn"
    r = hearts("match", *args, "-j", "1", "-o", str(whole))
    assert r.returncode == 0, r.stderr
    cut = tmp_path / "cut.hrn"
    pids = tmp_path / "pids"
    pids.mkdir()
    env = dict(os.environ, BOT_PID_DIR=str(pids))
    proc = subprocess.Popen([sys.executable, "-m", "hearts_notation", "match", *args, "-j", "2",
                             "-o", str(cut)],
                            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if cut.exists() and cut.read_bytes().count(b"[Event ") >= 4:
            break
        time.sleep(0.02)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    partial = cut.read_bytes()
    # The worker processes and their bots do not outlive the killed match.
    deadline = time.monotonic() + 10
    alive = [int(p.name) for p in pids.iterdir()]
    while alive and time.monotonic() < deadline:
        time.sleep(0.1)
        alive = [pid for pid in alive if _running(pid)]
    assert any(pids.iterdir()) and not alive
    assert 4 <= partial.count(b"[Event ") < 18, "the match was not interrupted mid-way"
    # Power loss: half of the next record made it to the disk.
    nxt = whole.read_bytes()[len(partial):]
    if nxt:
        cut.write_bytes(partial + nxt[: len(nxt) // 3])
    r = hearts("match", *args, "--resume", "-j", "1", "-o", str(cut))
    assert r.returncode == 0, r.stderr
    assert cut.read_bytes() == whole.read_bytes()


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:   # a zombie (exited, not yet reaped by init) is not running
        return Path(f"/proc/{pid}/stat").read_text().split(") ")[1][0] != "Z"
    except (OSError, IndexError):
        return True


def test_resume_refuses_another_match(tmp_path: Path) -> None:
    out = tmp_path / "m.jsonl"
    assert run("match", "-p", "heuristic", "-p", "random", "--deals", "2", "--seed", "3",
               "-o", str(out))[0] == 0
    code, text = run("match", "-p", "heuristic", "-p", "random", "--deals", "2", "--seed", "4",
                     "--resume", "-o", str(out))
    assert code == 2 and "cannot resume" in text
    # Without --seed, --resume reads it back, and a longer match goes on.
    code, text = run("match", "-p", "heuristic", "-p", "random", "--deals", "3", "--resume",
                     "-o", str(out), "--format", "json")
    assert code == 0 and json.loads(text)["records"] == 3


@pytest.mark.parametrize("suffix", [".jsonl", ".hrn"])
def test_resume_never_cuts_a_file_that_is_not_a_match(tmp_path: Path, suffix: str) -> None:
    out = tmp_path / f"notes{suffix}"
    out.write_bytes(b"my own notes\n\x00\xff")
    code, text = run("match", "-p", "heuristic", "-p", "random", "--deals", "1", "--resume",
                     "-o", str(out))
    assert code == 2 and f"{out}:1:1: record 1 of the file is not a whole record" in text
    assert out.read_bytes() == b"my own notes\n\x00\xff"


def test_torn_jsonl_line_is_cut() -> None:
    spec = MatchSpec(1, standard(), unique_names([parse_player("heuristic"),
                                                  parse_player("random")]))
    from hearts_notation.io import iter_dumps

    text = "".join(iter_dumps([play_record(spec, (1, 0)).game], "jsonl"))
    data = (text + text[:50]).encode()
    games, end = load_records(split_records(data, "jsonl"), "jsonl", spec)
    assert len(games) == 1 and end == len(text.encode())


# --jobs and results -----------------------------------------------------------------------


def test_jobs_give_identical_records(tmp_path: Path) -> None:
    outs = []
    for jobs in ("1", "2"):
        out = tmp_path / f"j{jobs}.jsonl"
        r = hearts("match", "-p", "heuristic", "-p", DUCK, "--deals", "5", "--duplicate",
                   "--seed", "8", "-j", jobs, "-o", str(out))
        assert r.returncode == 0, r.stderr
        outs.append(out.read_bytes())
    assert outs[0] == outs[1]


def test_json_results_match_their_schema(tmp_path: Path) -> None:
    """``--format json`` against hearts_notation/schema/match.schema.json,
    with faults and without ratings too."""
    jsonschema = pytest.importorskip("jsonschema")
    from importlib.resources import files

    schema = json.loads(files("hearts_notation.schema").joinpath("match.schema.json").read_text())
    code, text = run("match", "-p", "heuristic", "-p", "random", "-p",
                     "cmd:python3 examples/bots/duck.py", "-p", "analysis:samples=4", "--deals", "4",
                     "--duplicate", "--resume", "-o", RECORDS, "--format", "json")
    assert code == 0, text
    jsonschema.validate(json.loads(text), schema)
    r = hearts("match", "-p", "heuristic", "-p", f"{BAD} badpass", "--deals", "1", "--seed", "1", "-o",
               str(tmp_path / "m.jsonl"), "--format", "json")
    data = json.loads(r.stdout)
    jsonschema.validate(data, schema)
    faults = {p["player"]: p["faults"] for p in data["players"]}
    assert faults == {"heuristic": {}, f"{BAD} badpass": {"illegal": 2}}


def test_stop_when_settled(tmp_path: Path) -> None:
    """heuristic against random is settled long before 200 deals."""
    out = tmp_path / "m.jsonl"
    code, text = run("match", "-p", "heuristic", "-p", "random", "-p", "random", "-p", "random",
                     "--deals", "200", "--seed", "1", "--stop-when-settled", "-o", str(out),
                     "--format", "json")
    data = json.loads(text)
    assert code == 0 and data["stopped_early"] and 30 <= data["records"] < 200
    assert len(out.read_text().splitlines()) == data["records"]


# Ratings ------------------------------------------------------------------------------------


def test_standings_ratings() -> None:
    pytest.importorskip("openskill")
    code, text = run("standings", "--ratings", "--format", "json", RECORDS)
    assert code == 0
    ratings = json.loads(text)["ratings"]
    assert ratings["results"] == 16 and len(ratings["players"]) == 4
    assert all(r["sigma"] > 0 for r in ratings["players"])
    code, text = run("standings", "--ratings", "--format", "csv", RECORDS)
    assert code == 2 and "--format table or json" in text


def test_ratings_missing_is_exit_2(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "openskill", None)
    monkeypatch.setitem(sys.modules, "openskill.models", None)
    code, text = run("standings", "--ratings", RECORDS)
    assert code == 2 and 'pip install "hearts-notation[ratings]"' in text
