"""Review 21: hostile inputs, signals and outputs through every command.

Each test fails on main at a51d327 (docs/robustness.md, "Review 21").
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.interrupting import hooked_env, interrupted_module

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize(("target", "lang", "said"), [
    ("hearts_notation._compiled", "C", "hearts: interrupted\n"),
    ("hearts_notation.cli", "fr_FR.UTF-8", "hearts: interrompu\n"),
])
def test_python_dash_m_interrupted_while_the_package_loads(target: str, lang: str, said: str) -> None:
    """``python -m hearts_notation`` imports the package's ``__init__`` (the
    choice of the compiled core) and then ``__main__``'s ``from .cli import
    main`` before :func:`hearts_notation.cli.main`'s guard: a Ctrl-C there
    printed a traceback and ended by SIGINT (-2).  (Two interpreters, about
    0.1 CPU-s each.)"""
    res = interrupted_module(target, "--version", lang=lang)
    assert (res.returncode, res.stderr, res.stdout) == (130, said, "")


@pytest.mark.parametrize("garbage", ["²", "①", "٣", "1e3", " ", "0", "-5", "9" * 19])
def test_a_limit_variable_that_is_not_ascii_digits_is_ignored(
        monkeypatch: pytest.MonkeyPatch, garbage: str) -> None:
    """``HEARTS_MAX_LINE=²`` (and every other limit variable): ``str.isdigit``
    took the superscript and ``int`` refused it, an internal error (exit 3)
    from every command that reads a record.  A value other than a positive
    whole number in ASCII digits is ignored, as docs/robustness.md says."""
    from hearts_notation.io import limits

    for variable in limits.ENV.values():
        monkeypatch.setenv(variable, garbage)
    try:
        read, default = limits.refresh(), limits.Limits()
        assert {n: getattr(read, n) for n in limits.ENV} == {n: getattr(default, n) for n in limits.ENV}
    finally:
        monkeypatch.undo()
        limits.refresh()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_an_out_dir_that_cannot_be_made_is_one_message(tmp_path: Path, lang: str) -> None:
    """``annotate --out-dir DEST`` where DEST cannot be made (below a file
    here; a read-only file system or a folder without permission alike):
    each part and the manifest said ``cannot write /abs/DEST: ...`` (the
    folder's absolute name, no ``hearts:``), then a summary of 0 parts.
    With the local engine the folder is made before the run: one line, in
    the user's spelling, exit 2, nothing planned."""
    from tests.clirun import run, write

    record = write(tmp_path, "g.hrn", (ROOT / "samples" / "canonical.hrn").read_text(encoding="utf-8"))
    blocker = write(tmp_path, "file.txt", "")
    dest = os.path.join(blocker, "sub")
    code, out = run("annotate", "--lang", lang, "--fast", "--jobs", "1", record, "--out-dir", dest)
    said = {"en": f"hearts: cannot write {dest}: Not a directory",
            "fr": f"hearts: impossible d'écrire {dest} : n'est pas un dossier"}[lang]
    assert code == 2
    assert set(out.splitlines()) == {said}, out      # (clirun's output holds stderr twice)


def test_a_match_interrupted_after_a_record_is_written_counts_what_the_file_holds(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A Ctrl-C while ``match -o`` made a record durable (its ``fsync``,
    where the parent spends its time) came after the record's bytes and
    before it was counted: ``hearts: interrupted; 103 records`` over a
    file of 104 (4 runs of 5 under ``--jobs 2``).  Here the second append
    is interrupted in its ``fsync``: the file keeps the one record counted."""
    from tests.clirun import run

    real_fsync, calls = os.fsync, []

    def interrupted_while_syncing(fd: int) -> None:
        real_fsync(fd)
        calls.append(fd)
        if len(calls) == 2:
            raise KeyboardInterrupt

    monkeypatch.setattr(os, "fsync", interrupted_while_syncing)
    out = tmp_path / "m.jsonl"
    code, said = run("match", "-p", "random", "-p", "random", "-p", "random", "-p", "random",
                     "--deals", "3", "--seed", "7", "--jobs", "1", "-o", str(out))
    assert code == 130
    assert f"hearts: interrupted; 1 records in {out}" in said
    assert len(out.read_text(encoding="utf-8").splitlines()) == 1


@pytest.mark.parametrize("entry", ["hearts_notation_start", "hearts_notation.cli"])
def test_a_console_script_without_its_guard_is_not_run_again_by_dask_workers(
        monkeypatch: pytest.MonkeyPatch, entry: str) -> None:
    """A ``hearts`` script without ``if __name__ == "__main__"`` (some
    installers write them so) is run again by every spawned worker of a
    local Dask cluster unless its module is given the package's
    ``__main__`` as its spec.  That was done for a script calling
    ``hearts_notation.cli.main`` only; since review19 the entry point is
    ``hearts_notation_start.main``, and ``./hearts validate --engine dask
    --jobs 2 g.hrn`` through such a script said "Nanny failed to start",
    exit 2."""
    import importlib
    import types

    from hearts_notation.runners.dask_engine import _spawn_from_the_package

    script = types.ModuleType("__main__")
    script.main = importlib.import_module(entry).main  # type: ignore[attr-defined]
    script.__spec__ = None
    monkeypatch.setitem(sys.modules, "__main__", script)
    _spawn_from_the_package()
    assert script.__spec__ is not None and script.__spec__.name == "hearts_notation.__main__"


def test_the_resource_tracker_says_nothing_after_an_interrupted_cluster_start(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A Ctrl-C while ``--engine dask`` started its local cluster ended the
    run at once, and multiprocessing's resource tracker then printed
    "UserWarning: resource_tracker: There appear to be 12 leaked semaphore
    objects" and its source line after ``hearts: interrupted`` (4 runs of
    4).  The engine gives the processes it starts a filter for that one
    warning (``PYTHONWARNINGS``) while the cluster starts; here a child holding a semaphore ends as
    an interrupted run does (``os._exit``), with and without it."""
    from hearts_notation.runners import dask_engine

    monkeypatch.setenv("PYTHONWARNINGS", "default")
    with dask_engine._quiet_resource_tracker():
        quiet = os.environ["PYTHONWARNINGS"]
    assert quiet.split(",") == ["default", dask_engine._TRACKER_QUIET]
    assert os.environ["PYTHONWARNINGS"] == "default"     # (given back once the cluster is up)
    child = ("import multiprocessing, os\n"
             "lock = multiprocessing.get_context('spawn').Lock()\n"
             "os._exit(130)\n")

    def leaked(warnings: str) -> str:
        env = {**os.environ, "PYTHONWARNINGS": warnings}
        return subprocess.run([sys.executable, "-c", child], env=env, capture_output=True,
                              text=True, timeout=60).stderr

    assert "leaked semaphore" in leaked("default")
    assert leaked(quiet) == ""


@pytest.mark.parametrize(("offered", "locale", "said"), [
    (["latin-1", "UTF-8"], "fr",
     "hearts lsp: l'éditeur ne propose aucun encodage de position que le serveur sache compter "
     "(\"latin-1\", \"UTF-8\") ; les positions sont comptées en unités UTF-16, le défaut du protocole\n"),
    ([], "en", ""),
])
def test_an_editor_offering_no_known_position_encoding_is_told_in_its_words(
        offered: list[str], locale: str, said: str) -> None:
    """``initialize`` with ``positionEncodings`` the server does not count
    in logged pygls's English "hearts lsp: Unknown `PositionEncoding`s:
    ('latin-1', 'UTF-8')", and the same for an empty list, which the
    protocol allows (UTF-16 then, silently).  Now one line from the
    catalogs for the first, nothing for the second; UTF-16 either way."""
    import json

    def frame(payload: dict[str, object]) -> bytes:
        body = json.dumps(payload).encode("utf-8")
        return b"Content-Length: %d\r\n\r\n" % len(body) + body

    data = b"".join(frame(p) for p in (
        {"jsonrpc": "2.0", "id": 1, "method": "initialize",
         "params": {"locale": locale, "capabilities": {"general": {"positionEncodings": offered}}}},
        {"jsonrpc": "2.0", "id": 2, "method": "shutdown"},
        {"jsonrpc": "2.0", "method": "exit"}))
    done = subprocess.run([sys.executable, "-m", "hearts_notation", "lsp"], input=data, cwd=ROOT,
                          capture_output=True, timeout=60, check=False)
    assert (done.returncode, done.stderr.decode("utf-8")) == (0, said)
    assert b'"positionEncoding": "utf-16"' in done.stdout


@pytest.mark.parametrize("spoiled", ["b" * 60_000 + "=1", "moon=" + "x" * 60_000, "players=" + "9" * 60_000,
                                     "queen_breaks_hearts=" + "q" * 60_000, "=" + "z" * 60_000])
def test_a_rule_option_is_quoted_boundedly(spoiled: str) -> None:
    """``[Rules "standard bbb…=1"]`` (a 60,000-character option name in a
    record, or on ``--rules``): the value of the tag was cut in the message,
    but "unknown rule option 'bbb…'" quoted the name whole, a 60 KB line
    for each game that has it.  The names and values a rule error quotes
    are clipped as every message's values are (``i18n.clip``)."""
    from hearts_notation.rules import RuleError, parse_rules

    with pytest.raises(RuleError) as caught:
        parse_rules("standard " + spoiled)
    assert len(str(caught.value)) < 600     # (a name up to 200 characters, the options listed)


def test_an_out_dir_url_of_an_unknown_protocol_is_refused_not_an_internal_error(tmp_path: Path) -> None:
    """``annotate --out-dir foo://x``: fsspec's "Protocol not known: foo"
    (a ``ValueError``) escaped the worker's folder making, an internal
    error, exit 3.  It is said as ``-o foo://x.json`` says it, once before
    the run with the local engine, and by a cluster's worker for each part
    (``runners.corpus.make_folder``)."""
    pytest.importorskip("fsspec")
    from hearts_notation.output import OutputError
    from hearts_notation.runners.corpus import make_folder
    from tests.clirun import run, write

    with pytest.raises(OutputError):
        make_folder("foo://x")
    record = write(tmp_path, "g.hrn", (ROOT / "samples" / "canonical.hrn").read_text(encoding="utf-8"))
    code, out = run("annotate", "--fast", "--jobs", "1", record, "--out-dir", "foo://x")
    assert code == 2
    assert set(out.splitlines()) == {
        "hearts: cannot write foo://x: its file system cannot be written to (Protocol not known: foo)"}


def test_an_inproc_scheduler_is_said_unreachable_not_an_internal_error(tmp_path: Path) -> None:
    """``--engine dask --scheduler inproc://x`` (an address the check takes:
    ``inproc://`` anything) reached distributed's inproc parser, whose
    ``ValueError`` ("not enough values to unpack", or "does not match host
    or pid") was an internal error, exit 3.  An inproc scheduler lives in
    the process that started it: unreachable from a command, said so."""
    pytest.importorskip("distributed")
    from tests.clirun import run, write

    record = write(tmp_path, "g.hrn", (ROOT / "samples" / "canonical.hrn").read_text(encoding="utf-8"))
    code, out = run("validate", "--engine", "dask", "--scheduler", "inproc://x", record)
    assert code == 2
    assert "hearts: --scheduler inproc://x: cannot reach the Dask scheduler (an inproc:// scheduler" in out


def test_a_library_caller_interrupted_while_the_package_loads_gets_its_keyboard_interrupt() -> None:
    """The package's ``__init__`` ends a Ctrl-C only for ``python -m``: a
    program importing it gets its ``KeyboardInterrupt`` back, to handle as
    it will (no ``hearts: interrupted``, no exit)."""
    script = ("try:\n    import hearts_notation\n"
              "except KeyboardInterrupt:\n    print('caught')\n")
    env = hooked_env("hearts_notation._compiled")
    res = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True,
                         text=True, timeout=60)
    assert (res.returncode, res.stdout, res.stderr) == (0, "caught\n", "")


def test_a_signal_just_after_the_temporary_file_is_made_removes_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """SIGTERM's handler removes the temporary files noted as being
    written (``output.remove_temporaries``) and ends the process.  The file
    was made (``tempfile.mkstemp``) a moment before it was noted: a SIGTERM
    in that moment left ``.big.hrn.1006.wz_buf_a.tmp`` behind
    (``test_cli_robustness.py::test_sigterm_removes_the_temporary_file``
    failed so once in a loaded full run).  Here the handler runs as the
    file is made, exactly then."""
    from hearts_notation import output

    real_open = os.open

    def signalled_once_made(name: str, flags: int, mode: int = 0o777, **kw: object) -> int:
        fd = real_open(name, flags, mode)
        if name.endswith(".tmp"):
            os.close(fd)
            output.remove_temporaries()     # what the SIGTERM handler does first
            raise SystemExit(143)
        return fd

    monkeypatch.setattr(os, "open", signalled_once_made)
    with pytest.raises(SystemExit):
        output.write_atomic_iter(str(tmp_path / "big.hrn"), iter(["x\n"]))
    monkeypatch.undo()
    assert list(tmp_path.iterdir()) == []
