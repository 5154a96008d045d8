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


def _forking(pids: Path) -> str:
    """The start of a bot program that forks a helper, which closes the
    pipes, writes its pid to *pids* and sleeps a minute: what outlived the
    match before its bots' process groups were killed."""
    return ("import json, os, sys, time\n"
            "if os.fork() == 0:\n"
            "    os.close(0)\n"
            "    os.close(1)\n"
            f"    open({str(pids)!r}, 'a').write(str(os.getpid()) + '\\n')\n"
            "    time.sleep(60)\n"
            "    os._exit(0)\n")


def test_a_bot_that_exits_at_once_is_a_crash_and_its_children_go(tmp_path: Path) -> None:
    """A bot that exits before reading its input made hearts die of SIGPIPE
    on its next message (status 141, not a word, the results unsaid); the
    helper it forked outlived the match.  Now: a crash naming the bot and
    the deal, the match ends with status 1, and the helper is killed with
    the bot's process group."""
    pids = tmp_path / "pids"
    bot = tmp_path / "bot.py"
    bot.write_text(_forking(pids) + "time.sleep(0.2)\nsys.exit(5)\n")
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


@pytest.mark.long
def test_the_helpers_of_bots_in_worker_processes_go_with_the_match(tmp_path: Path) -> None:
    """With ``--jobs 2`` a worker left at the match's end without stopping
    its bots: the helpers they forked outlived the match (about 1.5 CPU-s:
    marked long)."""
    pids = tmp_path / "pids"
    bot = tmp_path / "bot.py"
    bot.write_text(_forking(pids) +
                   "for line in sys.stdin:\n"
                   "    m = json.loads(line)\n"
                   "    if m['type'] == 'pass':\n"
                   "        print(json.dumps({'cards': m['hand'][:m['count']]}), flush=True)\n"
                   "    elif m['type'] == 'play':\n"
                   "        print(json.dumps({'card': m['legal'][0]}), flush=True)\n")
    r = hearts("match", "-p", "heuristic", "-p", f"Helper=cmd:{sys.executable} {bot}", "--deals", "4",
               "--seed", "2", "-j", "2", "-o", str(tmp_path / "m.jsonl"))
    assert r.returncode == 0, r.stderr
    children = [int(p) for p in pids.read_text().split()]
    assert children
    time.sleep(0.2)
    assert not any(_alive(p) for p in children)


def test_a_bot_that_does_not_read_its_input_is_a_timeout_not_a_hang() -> None:
    """A bot that printed answers without reading its input filled its pipe
    in a few deals, and hearts waited in ``write`` for ever, past every
    ``--move-time``.  Now the write has the move's time: a ``timeout``, the
    program stopped, and its next question says the same."""
    from hearts_notation.botproto import BotFault, ExternalBot

    reader = ("import sys, time; sys.stdin.readline(); sys.stdin.readline(); "
              "print('{}', flush=True); time.sleep(30)")
    bot = ExternalBot(f"{sys.executable} -c {json.dumps(reader)}", 0.2)
    bot.start({"type": "hello"})
    assert bot.ask({"type": "ping"}) == {}
    started = time.monotonic()
    with pytest.raises(BotFault) as caught:
        for _ in range(10_000):
            bot.tell({"type": "trick", "pad": "x" * 1000})
    assert caught.value.kind == "timeout" and "does not read its input" in caught.value.detail.text("en")
    assert time.monotonic() - started < 5 and not bot.alive
    with pytest.raises(BotFault) as again:
        bot.ask({"type": "play"})
    assert again.value is caught.value


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


# The editor server --------------------------------------------------------------------------


def _frame(payload: dict[str, object]) -> bytes:
    body = json.dumps(payload).encode("utf-8")
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def _lsp(messages: list[dict[str, object]], **env: str) -> tuple[int, list[dict[str, object]], str]:
    """One session of ``hearts lsp`` on these messages: the exit status,
    the messages sent back (their framing checked), standard error."""
    done = subprocess.run([sys.executable, "-m", "hearts_notation", "lsp"], cwd=ROOT,
                          input=b"".join(_frame(m) for m in messages), capture_output=True, timeout=60,
                          check=False, env={**os.environ, **env})
    out, replies = done.stdout, []
    while out:
        head, blank, rest = out.partition(b"\r\n\r\n")
        assert blank and head.startswith(b"Content-Length: "), out[:80]
        size = int(head.split(b"\r\n")[0][len(b"Content-Length: "):])
        replies.append(json.loads(rest[:size]))
        out = rest[size:]
    return done.returncode, replies, done.stderr.decode("utf-8")


def _open(uri: str, text: str) -> dict[str, object]:
    return {"jsonrpc": "2.0", "method": "textDocument/didOpen",
            "params": {"textDocument": {"uri": uri, "languageId": "hrn", "version": 1, "text": text}}}


def _request(i: int, method: str, params: dict[str, object] | None = None) -> dict[str, object]:
    return {"jsonrpc": "2.0", "id": i, "method": method, **({} if params is None else {"params": params})}


def test_the_server_keeps_the_protocol_with_a_careless_client() -> None:
    """Before ``initialize`` a request is answered -32002 and a notification
    dropped (pygls answered null, and checked the document in the server's
    defaults); a method nobody answers is -32601 in the catalogs' words
    (pygls said "Method Not Found" in English and logged it twice), a
    ``$/`` notification is ignored without a word (cancelling an answered
    request logged an English warning each time); a request's ``id`` null
    is refused; a document over ``checkLimit`` is followed, not checked,
    and says so (a 50 MB document held 3 GB)."""
    a, big = "file:///a.hrn", "file:///big.hrn"
    sample = (ROOT / "samples/canonical.hrn").read_text(encoding="utf-8")
    status, replies, err = _lsp([
        _request(1, "textDocument/documentSymbol", {"textDocument": {"uri": a}}),
        _open(a, sample),
        _request(2, "initialize", {"processId": None, "rootUri": None, "capabilities": {},
                                   "locale": "fr", "initializationOptions": {"checkLimit": 1000}}),
        _request(3, "textDocument/documentSymbol", {"textDocument": {"uri": a}}),
        _request(7, "initialize", {"processId": None, "rootUri": None, "capabilities": {}}),
        _request(4, "hearts/nothing", {}),
        {"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": 3}},
        {"jsonrpc": "2.0", "method": "$/hearts/nothing", "params": {}},
        {"jsonrpc": "2.0", "method": "hearts/notify", "params": {}},
        {"jsonrpc": "2.0", "id": None, "method": "shutdown"},
        _open(big, sample),
        _request(5, "textDocument/formatting",
                 {"textDocument": {"uri": big}, "options": {"tabSize": 4, "insertSpaces": True}}),
        # A change that takes the open texts over HEARTS_MAX_DOCUMENT: big is no longer followed.
        {"jsonrpc": "2.0", "method": "textDocument/didChange",
         "params": {"textDocument": {"uri": big, "version": 2}, "contentChanges": [
             {"range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}},
              "text": "{" + "x" * 15_000 + "}\n"}]}},
        _request(8, "textDocument/documentSymbol", {"textDocument": {"uri": big}}),
        _request(6, "shutdown"),
        {"jsonrpc": "2.0", "method": "exit"},
    ], HEARTS_MAX_DOCUMENT="20000")
    assert status == 0, err
    by_id = {r.get("id"): r for r in replies if "id" in r}
    # (in the server's language: the client's is not known before initialize)
    assert by_id[1]["error"] == {"code": -32002, "message": translate(
        "en", "lsp.input.refused", n=1, problem=translate(
            "en", "lsp.input.not_initialized", method="textDocument/documentSymbol"))}
    assert by_id[3]["result"] is None                  # the didOpen before initialize: dropped
    assert by_id[4]["error"]["code"] == -32601          # type: ignore[index]
    assert "hearts/nothing n'est pas une méthode" in by_id[4]["error"]["message"]  # type: ignore[index]
    assert by_id[None]["error"]["code"] == -32600       # type: ignore[index]
    assert by_id[7]["error"]["code"] == -32600          # type: ignore[index]  (initialize is sent once)
    assert by_id[5]["result"] is None and by_id[6]["result"] is None
    published = [r["params"] for r in replies if r.get("method") == "textDocument/publishDiagnostics"]
    assert [(p["uri"], [d["code"] for d in p["diagnostics"]]) for p in published] == [  # type: ignore[index]
        (big, ["too-large"]), (big, ["not-followed"])]
    assert by_id[8]["result"] is None
    shown = [r["params"]["message"] for r in replies if r.get("method") == "window/showMessage"]  # type: ignore[index]
    assert len(shown) == 1 and "au-delà des 1\u202f000 que le serveur vérifie" in shown[0]
    lines = err.splitlines()
    assert all(line.startswith("hearts lsp: le message ") for line in lines[1:]), err
    assert [line for line in lines if "hearts/notify" in line] and "$/" not in err
    assert "Method Not Found" not in err and "Cancel notification" not in err


@pytest.mark.parametrize("encoding", ["utf-16", "utf-8", "utf-32"])
def test_positions_on_astral_characters_and_halves_of_them(encoding: str) -> None:
    """The codec counts a line's units (a loop over its characters cost
    seconds per request on a line of ten million): a position inside a
    character (half a surrogate pair, a byte inside a UTF-8 sequence) lands
    after it, as before; lone surrogates count one unit each in UTF-16."""
    from hearts_notation.editor.document import apply_change, from_units, to_units

    line = "a😀♠\ud83d\udc00é𝄞"
    width = {"utf-16": [1, 2, 1, 1, 1, 1, 2], "utf-8": [1, 4, 3, 3, 3, 2, 4], "utf-32": [1] * 7}[encoding]
    starts = [sum(width[:i]) for i in range(len(line) + 1)]
    for column, units in enumerate(starts):
        assert to_units(line, column, encoding) == units
        assert from_units(line, units, encoding) == column
    for column in range(len(line)):
        for inside in range(starts[column] + 1, starts[column + 1]):
            assert from_units(line, inside, encoding) == column + 1
    assert from_units(line, -4, encoding) == 0 and from_units(line, 10 ** 9, encoding) == len(line)
    # A change whose range splits the emoji replaces it whole, never half of it.
    assert apply_change(line, (0, 2), (0, 2), "x", encoding)[:3] in ("a😀x", "ax😀")


@pytest.mark.long
def test_positions_on_a_line_of_two_million_characters_are_counted_by_the_codec() -> None:
    """CPU time, so marked long (docs/testing.md): the loop took about 1 s here."""
    from hearts_notation.editor.document import from_units, to_units

    line = "😀" + "x" * 2_000_000 + " y"
    started = time.process_time()
    assert from_units(line, 1_900_001) == 1_900_000
    assert to_units(line, 1_900_000) == 1_900_001
    assert time.process_time() - started < 0.5


# The runners --------------------------------------------------------------------------------


def test_a_local_cluster_that_cannot_start_is_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    """distributed's "Nanny failed to start." (a worker process that could
    not start) was exit 3, an internal error."""
    pytest.importorskip("distributed")
    from click.testing import CliRunner

    from hearts_notation.cli import cli
    from hearts_notation.runners import dask_engine

    def refuse(*args: object, **kwargs: object) -> None:
        raise RuntimeError("Nanny failed to start.")

    monkeypatch.setattr(dask_engine, "LocalCluster", refuse)
    result = CliRunner().invoke(cli, ["generate", "--engine", "dask", "-n", "1", "--lang", "fr"])
    assert result.exit_code == 2
    assert translate("fr", "engine.local_failed", why="Nanny failed to start.") in result.output


@pytest.mark.long
def test_dask_from_a_console_script_without_the_main_guard(tmp_path: Path) -> None:
    """The ``hearts`` script some installers write has no ``if __name__ ==
    "__main__"`` guard: every local Dask worker ran the command again and
    the cluster never started (exit 3).  About 2 CPU-s: marked long."""
    pytest.importorskip("distributed")
    script = tmp_path / "hearts"
    script.write_text("import sys\nfrom hearts_notation.cli import main\nsys.exit(main())\n")
    done = subprocess.run([sys.executable, str(script), "generate", "--engine", "dask", "-n", "1",
                           "--seed", "1", "-j", "1"], cwd=ROOT, capture_output=True, text=True,
                          timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.count("[Event ") == 1


def test_jobs_are_bounded_per_core() -> None:
    """``--jobs 10000`` started an interpreter per item."""
    from hearts_notation.runners.pool import JOBS_PER_CORE, bounded_jobs, default_jobs, map_ordered

    assert bounded_jobs(10_000) == JOBS_PER_CORE * default_jobs()
    assert bounded_jobs(1) == 1 and bounded_jobs(0) == 1
    assert list(map_ordered(abs, [-1, -2], jobs=1)) == [1, 2]


def test_a_huge_samples_count_is_refused() -> None:
    """``--samples 10**12`` (puzzles, hint, annotate) ran with memory growing
    11 MB a second; the bound is the analysis bot's of ``hearts match``."""
    from click.testing import CliRunner

    from hearts_notation.cli import cli

    sample = str(ROOT / "samples/canonical.hrn")
    for command in (["puzzles", sample, "--fast", "-o", os.devnull], ["hint", sample]):
        result = CliRunner().invoke(cli, [*command, "--samples", str(10 ** 12), "--lang", "en"])
        assert result.exit_code == 2
        assert "--samples 1,000,000,000,000: at most 100,000 screening deals" in result.output


def test_the_analyses_kept_are_bounded_across_documents() -> None:
    """Every open document kept its analysis (some 100 times its text): a
    client opening many documents under the limit grew without bound.
    The most recently used are kept, up to twice ``checkLimit``
    characters; the others are analysed again when asked."""
    pytest.importorskip("pygls")
    from hearts_notation.editor.server import build

    server = build()
    text = (ROOT / "samples/canonical.hrn").read_text(encoding="utf-8")
    server.check_limit = len(text) + 100
    docs = [server.open(f"file:///{i}.hrn", text + "\n" * i, 1) for i in range(3)]
    for doc in docs:
        assert server.analysis(doc).games
    assert [d.analysis is not None for d in docs] == [False, True, True]
    assert server.analysis(docs[0]).games
    assert [d.analysis is not None for d in docs] == [True, False, True]


def test_a_change_lands_on_its_line_across_chunks_of_counted_line_breaks() -> None:
    """``apply_change`` finds a line by counting line breaks a chunk at a
    time (splitting the whole text cost 8 ms a change at 1 MB): the same
    offsets as the lines cut one by one, at chunk boundaries and past the end."""
    from itertools import accumulate

    from hearts_notation.editor.document import apply_change

    lines = [("é😀" if i % 7 == 0 else "") + "x" * (i % 23) for i in range(30_000)]
    text = "\n".join(lines)
    starts = [0, *accumulate(len(x) + 1 for x in lines)]
    for line in (0, 1, 2_000, 2_917, 5_700, 29_999, 30_000, 10 ** 6):
        for units in (0, 1, 2, 3, 50):
            before = starts[line] if line < len(lines) else len(text)
            column = 0
            if line < len(lines):
                column = min(units, len(lines[line]))
                if lines[line].startswith("é😀") and units in (2, 3):
                    column = 2      # the emoji's two units, the second inside it: after it
                elif lines[line].startswith("é😀") and units > 3:
                    column = min(units - 1, len(lines[line]))
            assert apply_change(text, (line, units), (line, units), "|") == \
                text[:before + column] + "|" + text[before + column:], (line, units)


def test_a_rule_number_past_what_a_record_holds_is_refused() -> None:
    """``jack_of_diamonds=10**23`` was taken: ``generate`` then wrote totals
    of 24 digits that its own reader refused (1,000 errors in one game)."""
    from hearts_notation.rules import RuleError, parse_rules

    with pytest.raises(RuleError) as caught:
        parse_rules("standard jack_of_diamonds=-" + "9" * 23)
    assert caught.value.text("fr") == ("jack_of_diamonds=-9999999999999999999 n'est pas un nombre "
                                       "raisonnable (9 chiffres au plus)")
    assert parse_rules("standard target=999999999").target == 999_999_999


def test_a_match_of_a_trillion_deals_starts_in_flat_memory(tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """``--deals 10**12`` built the list of every (deal, rotation) before the
    first deal (1.5 GB in 6 s); the schedule is a stream.  A Python bot
    stops the match with Ctrl-C at its second deal: the first is recorded;
    ``--move-time`` past a day (a deadline past the clock) or NaN is refused."""
    from click.testing import CliRunner

    from hearts_notation.cli import cli

    (tmp_path / "stopper.py").write_text(
        "DEALS = []\n"
        "class Stopper:\n"
        "    def __init__(self):\n"
        "        DEALS.append(1)\n"
        "        if len(DEALS) > 4:\n"
        "            raise KeyboardInterrupt\n"
        "    def pass_cards(self, rules, hand, count, rng):\n"
        "        return [c for c in range(52) if hand >> c & 1][:count]\n"
        "    def play(self, view, rng):\n"
        "        return (view.legal & -view.legal).bit_length() - 1\n")
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    out = tmp_path / "m.jsonl"
    started = time.process_time()
    result = CliRunner().invoke(cli, ["match", "-p", "py:stopper:Stopper", "-p", "random", "--deals",
                                      str(10 ** 12), "--seed", "1", "-j", "1", "-o", str(out)])
    assert result.exit_code == 130, result.output
    assert len(out.read_text().splitlines()) == 2
    assert time.process_time() - started < 5
    for bad in ("1e20", "inf", "nan"):
        result = CliRunner().invoke(cli, ["match", "-p", "random", "-p", "random", "--deals", "1",
                                          "--move-time", bad, "-o", str(tmp_path / "x.jsonl")])
        assert result.exit_code == 2 and "--move-time" in result.output


def test_resume_reads_a_match_file_whole_only_within_the_document_limit(tmp_path: Path) -> None:
    """A sparse file of a gigabyte of zeros was read whole, then decoded
    (2.1 GB); over the ``document`` limit it is refused before it is read."""
    from click.testing import CliRunner

    from hearts_notation.cli import cli
    from hearts_notation.io.limits import Limits, set_limits

    out = tmp_path / "m.jsonl"
    with out.open("wb") as fh:
        fh.truncate(5000)
    set_limits(Limits(document=4096))
    try:
        result = CliRunner().invoke(cli, ["match", "-p", "random", "-p", "random", "--deals", "1",
                                          "--resume", "-o", str(out), "--lang", "en"])
    finally:
        set_limits(None)
    assert result.exit_code == 2
    assert (f"{out}: --resume reads the match file whole, and its size is over the limit of 4,096 "
            "(set HEARTS_MAX_DOCUMENT to raise it)") in result.output
    assert out.stat().st_size == 5000
