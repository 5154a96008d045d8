"""``annotate --out-dir``: a corpus annotated part by part, resumable.

Each shard of each file is annotated and written to the destination by the
worker that analysed it (``part-FFFFFF-SSSSSS.EXT``, in the corpus's
order), with a done marker written atomically after it; a re-run skips the
parts whose marker holds the same key (settings, shard, digest of its
bytes) and whose part has the marker's size.  The local engine runs here;
``--engine dask`` on a scheduler and two worker processes writes the same
bytes (slow tests at the end).  ``--deal 7`` keeps the plumbing tests
cheap: the one game with a seventh deal (added to the folder's HRN record)
stops as that deal is dealt, so nothing is analysed and every game is
written as it was; one test analyses for real.  (A deal no game has is
refused, exit 2: it no longer stands for "nothing to analyse".)  The
README's run calls the command in this process (:func:`hearts_here`: an
interpreter's start and imports are 0.3 CPU-s a call, pure; issue 22); the
slow tests run it as a process of its own.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from hearts_notation.cli import cli
from tests.clirun import dealt_not_played

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"
ENV = {**os.environ, "PYTHONPATH": str(ROOT), "NO_COLOR": "1"}
ENV.pop("DASK_SCHEDULER_ADDRESS", None)
CHEAP = ["--deal", "7", "--shard-size", "1500"]


def hearts(*args: str, cwd: Path = ROOT) -> tuple[int, str, str]:
    proc = subprocess.run([sys.executable, "-m", "hearts_notation", *args], cwd=cwd, env=ENV,
                          capture_output=True, text=True, timeout=300)
    return proc.returncode, proc.stdout, proc.stderr


def hearts_here(*args: str) -> tuple[int, str, str]:
    """``hearts *args*`` in this process (click's runner; its worker processes
    are real ones): what :func:`hearts` returns, without an interpreter's start
    and imports a run (about 0.3 CPU-s each, pure; issue 22)."""
    res = CliRunner(env={"NO_COLOR": "1", "DASK_SCHEDULER_ADDRESS": None}).invoke(cli, list(args))
    assert res.exception is None or isinstance(res.exception, SystemExit), repr(res.exception)
    return res.exit_code, res.stdout, res.stderr


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder: six one-deal games in JSONL, four in HRN, the samples'
    multi-game record with a game stopped as its seventh deal is dealt (the
    deal ``CHEAP`` picks); cut in 1,500-byte shards it is eight parts and more."""
    d = tmp_path_factory.mktemp("corpus")
    for args in (["--games", "6", "--seed", "3", "-o", str(d / "a.jsonl")],
                 ["--games", "4", "--seed", "5", "-o", str(d / "b.hrn")]):
        code, _, err = hearts_here("generate", "--deals-per-game", "1", "--jobs", "1", *args)
        assert code == 0, err
    (d / "sub").mkdir()
    (d / "sub" / "c.hrn").write_text((SAMPLES / "multi-game.hrn").read_text(encoding="utf-8")
                                     + "\n" + dealt_not_played(7, 11), encoding="utf-8")
    return d


def folder(path: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(path.iterdir())}


def summary(out: str) -> dict[str, object]:
    doc = json.loads(out)
    assert isinstance(doc, dict)
    return doc


def test_parts_in_order_then_resumed(corpus: Path, tmp_path: Path) -> None:
    """The parts in the corpus's order, each with its marker; a re-run skips
    them, a part without its marker or cut short is done again, other settings
    do every part again.  The five runs are in this process (the workers of
    ``--jobs 2`` in their own): the command's exit status and what it printed
    are what is checked (2.5 -> about 1 CPU-s, pure; issue 22)."""
    dest = tmp_path / "out"
    code, out, err = hearts_here("annotate", str(corpus), "--out-dir", str(dest), *CHEAP,
                            "--format", "json", "--jobs", "2")
    assert code == 0, err
    first = summary(out)
    assert first["skipped"] == 0 and first["complete"] is True
    assert first["games"] == 14 and first["written"] == first["parts"]
    assert first["totals"]["deals"] == 1 and first["totals"]["decisions"] == 0
    files = folder(dest)
    parts = [n for n in files if n.startswith("part-") and not n.endswith(".done.json")]
    assert len(parts) == first["parts"] and parts == sorted(parts)
    assert all(n + ".done.json" in files for n in parts)
    # The JSONL parts, put end to end, are the file annotated whole: with
    # nothing of it analysed (none of its games has a seventh deal), the
    # file as it was (annotate writes a record it leaves unmarked as it read it).
    jsonl = [n for n in parts if n.endswith(".jsonl")]
    assert len(jsonl) > 1
    assert b"".join(files[n] for n in jsonl) == (corpus / "a.jsonl").read_bytes()
    manifest = json.loads(files["manifest.json"])
    assert manifest["complete"] is True
    assert [p["part"] for p in manifest["parts"]] == parts
    assert [f["source"] for f in manifest["files"]] == [
        str(corpus / "a.jsonl"), str(corpus / "b.hrn"), str(corpus / "sub" / "c.hrn")]

    # A re-run does nothing, and says so; the folder is the same.
    code, out, err = hearts_here("annotate", str(corpus), "--out-dir", str(dest), *CHEAP,
                            "--format", "json", "--jobs", "1")
    assert code == 0, err
    again = summary(out)
    assert again["skipped"] == again["parts"] == first["parts"] and again["written"] == 0
    assert again["totals"] == first["totals"]
    assert folder(dest) == files

    # A part without its marker, and one cut short: exactly those two are done again.
    (dest / (parts[1] + ".done.json")).unlink()
    (dest / parts[-1]).write_bytes(files[parts[-1]][:10])
    code, out, err = hearts_here("annotate", str(corpus), "--out-dir", str(dest), *CHEAP,
                            "--format", "json")
    assert code == 0, err
    assert summary(out)["written"] == 2
    assert folder(dest) == files

    # Other settings: every part is done again.
    code, out, err = hearts_here("annotate", str(corpus), "--out-dir", str(dest), *CHEAP,
                            "--format", "json", "--unicode")
    assert code == 0, err
    assert summary(out)["written"] == first["parts"]


def test_analysed_parts_are_those_of_one_process(corpus: Path, tmp_path: Path) -> None:
    """With an analysis that marks decisions: the parts of two workers and
    a relative destination are the bytes of one process's."""
    args = ["annotate", "b.hrn", "--fast", "--samples", "2", "--no-passes", "--exact-tricks", "0",
            "--shard-size", "700"]
    code, out, err = hearts(*args, "--out-dir", str(tmp_path / "one"), "--jobs", "1", cwd=corpus)
    assert code == 0, err
    assert "?!" in out
    try:
        code, out2, err = hearts(*args, "--out-dir", "two", "--jobs", "2", cwd=corpus)
        assert code == 0, err
        assert out2.replace("two", str(tmp_path / "one")) == out
        assert folder(corpus / "two") == folder(tmp_path / "one")
    finally:
        shutil.rmtree(corpus / "two", ignore_errors=True)    # the corpus is the module's


def test_a_folder_annotated_into_itself_reads_only_its_records(
        corpus: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``annotate . --out-dir annotated``, run twice: the second run lists the
    folder's records, not the parts, markers and manifest the first wrote
    there (which would be refused as records), and finds every part done.
    Both runs in this process, from the folder (0.9 -> about 0.2 CPU-s, pure)."""
    work = tmp_path / "club"
    shutil.copytree(corpus, work)
    monkeypatch.chdir(work)
    code, out, err = hearts_here("annotate", ".", "--out-dir", "annotated", *CHEAP, "--format", "json")
    assert code == 0, err
    first = summary(out)
    code, out, err = hearts_here("annotate", ".", "--out-dir", "annotated", *CHEAP, "--format", "json")
    assert code == 0, err
    again = summary(out)
    assert again["files"] == first["files"] and again["written"] == 0


def test_refused_part_keeps_the_others(corpus: Path, tmp_path: Path) -> None:
    """A game that does not read: its part is refused with the local
    messages (file:line), the other parts are written, exit 2, and the
    manifest says the run is not complete (in this process: 0.6 -> about 0.1
    CPU-s, pure)."""
    src = tmp_path / "in"
    src.mkdir()
    text = (corpus / "b.hrn").read_text(encoding="utf-8")
    at = text.rindex("1. W 2C")
    (src / "b.hrn").write_text(text[:at] + "1. W 2Z" + text[at + 7:], encoding="utf-8")
    (src / "a.jsonl").write_bytes((corpus / "a.jsonl").read_bytes())
    dest = tmp_path / "out"
    code, _, err = hearts_here("annotate", str(src), "--out-dir", str(dest), *CHEAP)
    assert code == 2
    lines = err.splitlines()
    assert any(line.startswith(f"{src / 'b.hrn'}:") for line in lines), err
    assert "Traceback" not in err
    assert lines[-1].startswith("hearts: 1 part or file of the corpus was not written")
    manifest = json.loads((dest / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["complete"] is False
    assert sum(not p["done"] for p in manifest["parts"]) == 1
    assert len([p for p in dest.iterdir() if p.name.endswith(".done.json")]) == \
        len(manifest["parts"]) - 1


def test_command_line_mistakes(corpus: Path, tmp_path: Path) -> None:
    """Each mistake is one line on the error stream, exit 2 (in this process:
    1.0 -> about 0.1 CPU-s, pure; the messages are the command's)."""
    code, _, err = hearts_here("annotate", str(corpus / "a.jsonl"), str(corpus / "b.hrn"))
    assert code == 2 and "--out-dir" in err and len(err.splitlines()) == 1
    code, _, err = hearts_here("annotate", str(corpus), "--out-dir", str(tmp_path / "o"), "-o", "x.hrn")
    assert code == 2 and "-o" in err and len(err.splitlines()) == 1
    blocker = tmp_path / "file"
    blocker.write_text("not a folder\n", encoding="utf-8")
    code, _, err = hearts_here("annotate", str(corpus / "b.hrn"), "--out-dir", str(blocker), *CHEAP)
    assert code == 2 and "Traceback" not in err and str(blocker) in err
    # A file that is not there is said where it stands, and the run is incomplete.
    code, _, err = hearts_here("annotate", str(tmp_path / "none"), "--out-dir", str(tmp_path / "o"))
    lines = err.splitlines()
    assert code == 2 and len(lines) == 2 and lines[0] == f"{tmp_path / 'none'}: no such file"


# On a scheduler and two worker processes --------------------------------------------------


@pytest.mark.slow
def test_dask_writes_the_local_bytes(corpus: Path, tmp_path: Path) -> None:
    """A ``dask scheduler`` and two ``dask worker`` processes: the parts,
    markers and manifest are the local engine's, byte for byte, the client
    never opens the corpus (an audit hook), and a
    re-run there skips every part."""
    pytest.importorskip("distributed")
    from test_dask_cluster import _AUDITED, Cluster

    local = tmp_path / "local"
    code, out, err = hearts("annotate", str(corpus), "--out-dir", str(local), *CHEAP,
                            "--jobs", "2")
    assert code == 0, err
    cluster = Cluster(2)
    try:
        remote = tmp_path / "remote"
        args = ["annotate", str(corpus / "a.jsonl"), str(corpus / "b.hrn"),
                str(corpus / "sub"), "--out-dir", str(remote), *CHEAP,
                "--engine", "dask", "--scheduler", cluster.address]
        proc = subprocess.run([sys.executable, "-c", _AUDITED, str(corpus / "a.jsonl"), *args],
                              cwd=ROOT, env=ENV, capture_output=True, text=True, timeout=300)
        assert proc.returncode == 0, proc.stderr
        assert proc.stdout == out.replace(str(local), str(remote))
        assert folder(remote) == folder(local)
        code, out, err = hearts(*args, "--format", "json")
        assert code == 0, err
        assert summary(out)["skipped"] == summary(out)["parts"]
    finally:
        cluster.stop()


@pytest.mark.slow
def test_dask_run_stopped_then_resumed(corpus: Path, tmp_path: Path) -> None:
    """Ctrl-C once the first part is done on a scheduler and two workers:
    the parts done stay, with their markers; the same command again does
    only the others (the tasks running at the Ctrl-C may finish theirs on
    the workers meanwhile), and the folder is then the one a local run
    writes."""
    pytest.importorskip("distributed")
    import signal
    import time

    from test_dask_cluster import Cluster

    args = ["annotate", str(corpus / "a.jsonl"), "--fast", "--samples", "1", "--no-passes",
            "--exact-tricks", "0", "--shard-size", "1500", "--format", "json"]
    local = tmp_path / "local"
    code, out, err = hearts(*args, "--out-dir", str(local), "--jobs", "2")
    assert code == 0, err
    parts = summary(out)["parts"]
    assert isinstance(parts, int) and parts >= 3
    cluster = Cluster(2)
    try:
        remote = tmp_path / "remote"
        run = [sys.executable, "-m", "hearts_notation", *args, "--out-dir", str(remote),
               "--engine", "dask", "--scheduler", cluster.address]
        proc = subprocess.Popen(run, cwd=ROOT, env=ENV, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True)
        deadline = time.monotonic() + 240
        while not (remote.is_dir() and any(p.name.endswith(".done.json")
                                           for p in remote.iterdir())):
            assert proc.poll() is None and time.monotonic() < deadline
            time.sleep(0.05)
        proc.send_signal(signal.SIGINT)
        proc.communicate(timeout=120)
        assert proc.returncode == 130
        done = {p.name for p in remote.iterdir() if p.name.endswith(".done.json")}
        assert 1 <= len(done) < parts
        code, out, err = hearts(*args, "--out-dir", str(remote), "--engine", "dask",
                                "--scheduler", cluster.address)
        assert code == 0, err
        again = summary(out)
        # (a task running when the client stopped may still finish on its
        # worker: its part is then done, whole, and skipped too)
        skipped = again["skipped"]
        assert isinstance(skipped, int) and len(done) <= skipped
        assert again["written"] == parts - skipped
        assert folder(remote) == folder(local)
    finally:
        cluster.stop()
