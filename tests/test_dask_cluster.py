"""``--engine dask`` on real clusters gives the bytes of ``--engine local``.

A real ``dask scheduler`` and two ``dask worker`` processes are started on
127.0.0.1 (and, separately, the LocalCluster that ``--engine dask`` starts
when no scheduler is named).  Every command that maps over games runs on a
corpus cut into many shards, with broken games (a truncated JSON line,
cards not held, a wrong opening lead) and a file that stops being UTF-8
past its first MiB; stdout, stderr and the exit status must be those of the
local engine.  One test kills a worker while it works a shard: the shard is
re-run elsewhere and the output is still complete and identical.

Only loopback addresses are used.  Skipped when Dask is not installed (it
is in the ``test`` extra, so CI runs these).
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("distributed")

from distributed import Client

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"
ENV = {**os.environ, "PYTHONPATH": str(ROOT), "NO_COLOR": "1"}
ENV.pop("DASK_SCHEDULER_ADDRESS", None)
SHARD = "60000"


def hearts(*args: str, env: dict[str, str] | None = None,
           timeout: float = 300) -> tuple[int, str, str]:
    proc = subprocess.run([sys.executable, "-m", "hearts_notation", *args], cwd=ROOT,
                          env=env or ENV, capture_output=True, text=True, timeout=timeout)
    return proc.returncode, proc.stdout, proc.stderr


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def dask_cli(*args: str) -> list[str]:
    exe = shutil.which("dask")
    return [exe, *args] if exe else [sys.executable, "-m", "dask", *args]


class Cluster:
    """``dask scheduler`` + *n* ``dask worker`` processes (no nanny, so a
    killed worker stays dead) on 127.0.0.1."""

    def __init__(self, workers: int = 2) -> None:
        port = free_port()
        self.address = f"tcp://127.0.0.1:{port}"
        self.procs: list[subprocess.Popen[bytes]] = []
        self.procs.append(subprocess.Popen(
            dask_cli("scheduler", "--host", "127.0.0.1", "--port", str(port),
                     "--no-dashboard", "--no-show"),
            env=ENV, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        self.workers: list[subprocess.Popen[bytes]] = []
        for k in range(workers):
            w = subprocess.Popen(
                dask_cli("worker", self.address, "--nthreads", "1", "--host", "127.0.0.1",
                         "--no-nanny", "--no-dashboard", "--name", f"w{k}"),
                env=ENV, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            self.workers.append(w)
            self.procs.append(w)
        with self.client() as c:
            c.wait_for_workers(workers, timeout=120)

    def client(self) -> Client:
        deadline = time.monotonic() + 60
        while True:
            try:
                return Client(self.address, timeout=5, set_as_default=False)
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.5)

    def stop(self) -> None:
        for p in reversed(self.procs):
            if p.poll() is None:
                p.terminate()
        for p in self.procs:
            try:
                p.wait(timeout=20)
            except subprocess.TimeoutExpired:
                p.kill()


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """About 1,400 games in JSONL, HRN, JSON and YAML, some of them broken."""
    d = tmp_path_factory.mktemp("corpus")
    code, _, err = hearts("generate", "--games", "560", "--deals-per-game", "1", "--seed", "9",
                          "--jobs", "1", "-o", str(d / "gen.jsonl"))
    assert code == 0, err
    code, _, err = hearts("generate", "--games", "200", "--deals-per-game", "1", "--seed", "8",
                          "--jobs", "1", "-o", str(d / "gen.hrn"))
    assert code == 0, err
    lines = (d / "gen.jsonl").read_text(encoding="utf-8").splitlines(keepends=True)
    for i in (4, 100, 333):                       # cards not held, wrong opening lead
        lines[i] = lines[i].replace('"card":"2C"', '"card":"3C"', 1)
    lines[7] = lines[7][: len(lines[7]) // 2] + "\n"   # a record cut short
    lines.insert(50, "\n   \n")
    text = "".join(lines)
    (d / "a.jsonl").write_text(text, encoding="utf-8")
    data = text.encode()
    at = data.index(b"\n", 1_150_000) + 40            # past the first MiB
    (d / "b.jsonl").write_bytes(data[:at] + b"\xff" + data[at:])
    hrn = (d / "gen.hrn").read_text(encoding="utf-8").replace("1. W 2C", "1. W 3C", 2)
    (d / "c.hrn").write_text(hrn, encoding="utf-8")
    (d / "gen.jsonl").unlink()
    (d / "gen.hrn").unlink()
    shutil.copy(SAMPLES / "club-night.json", d / "d.json")
    shutil.copy(SAMPLES / "game.yaml", d / "e.yaml")
    return d


def commands(corpus: Path) -> dict[str, list[str]]:
    c = str(corpus)
    return {
        "validate-text": ["validate", c],
        "validate-json": ["validate", c, "--format", "json"],
        "stats": ["stats", f"{c}/a.jsonl", f"{c}/c.hrn", f"{c}/d.json", f"{c}/e.yaml",
                  "--format", "json"],
        "score": ["score", f"{c}/a.jsonl", "--format", "json"],
        "annotate": ["annotate", str(SAMPLES / "partie-francaise.hrn"), "--fast", "--samples", "4",
                     "--format", "json"],
        "generate": ["generate", "--games", "12", "--seed", "4", "--format", "jsonl"],
        "standings": ["standings", str(SAMPLES / "club"), f"{c}/c.hrn", "--format", "json"],
    }


_local_cache: dict[str, tuple[int, str, str]] = {}


def local(name: str, args: list[str]) -> tuple[int, str, str]:
    if name not in _local_cache:
        _local_cache[name] = hearts(*args, "--engine", "local", "--jobs", "2")
    return _local_cache[name]


@pytest.fixture(scope="module")
def cluster() -> Iterator[Cluster]:
    c = Cluster(2)
    try:
        yield c
    finally:
        c.stop()


@pytest.mark.slow
@pytest.mark.parametrize("name", ["validate-text", "validate-json", "stats", "score",
                                  "annotate", "generate", "standings"])
def test_scheduler_and_two_workers_match_local(cluster: Cluster, corpus: Path, name: str) -> None:
    args = commands(corpus)[name]
    expected = local(name, args)
    got = hearts(*args, "--engine", "dask", "--scheduler", cluster.address,
                 "--shard-size", SHARD)
    assert got == expected
    if name.startswith("validate"):
        assert expected[0] == 2          # b.jsonl stops being UTF-8: exit 2, the rest reported
        assert "b.jsonl:" in expected[2] and "not UTF-8" in expected[2]
        assert "not-held" in expected[1] and "syntax-error" in expected[1]


@pytest.mark.slow
def test_scheduler_from_environment(cluster: Cluster, corpus: Path) -> None:
    args = commands(corpus)["stats"]
    env = {**ENV, "DASK_SCHEDULER_ADDRESS": cluster.address}
    assert hearts(*args, "--engine", "dask", "--shard-size", "100000", env=env) == local("stats", args)


@pytest.mark.slow
@pytest.mark.parametrize("name", ["validate-json", "stats", "annotate"])
def test_local_cluster_matches_local(corpus: Path, name: str) -> None:
    args = commands(corpus)[name]
    got = hearts(*args, "--engine", "dask", "--jobs", "2", "--shard-size", SHARD)
    assert got == local(name, args)


@pytest.mark.slow
def test_progress_counts_every_byte(cluster: Cluster, corpus: Path) -> None:
    """Progress comes from the futures as they finish: every byte of every
    shard is counted once."""
    from functools import partial

    from hearts_notation.commands.validate import validate_batch
    from hearts_notation.runners.dask_engine import DaskEngine

    class Recorder:
        nbytes = 0

        def advance(self, games: int = 1, deals: int = 0, nbytes: int = 0) -> None:
            self.nbytes += nbytes

    paths = [str(corpus / "a.jsonl"), str(corpus / "c.hrn")]
    rec = Recorder()
    with DaskEngine(cluster.address, 2, 50_000) as engine:
        groups = list(engine.map_batches(partial(validate_batch, rules=None, force=False),
                                         paths, None, None, rec))
    assert sum(len(g) for g in groups) == 560 + 200
    assert rec.nbytes == sum(Path(p).stat().st_size for p in paths)


@pytest.mark.slow
def test_killed_worker_shard_is_rerun(corpus: Path) -> None:
    """SIGKILL one of two workers while it works a shard: the scheduler
    re-runs the shard on the other worker and the output is complete and
    identical."""
    args = commands(corpus)["validate-json"]
    expected = local("validate-json", args)
    cl = Cluster(2)
    try:
        victim = cl.workers[0]
        with cl.client() as c:
            proc = subprocess.Popen(
                [sys.executable, "-m", "hearts_notation", *args, "--engine", "dask",
                 "--scheduler", cl.address, "--shard-size", "20000"],
                cwd=ROOT, env=ENV, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            victim_address = None
            deadline = time.monotonic() + 120
            while victim_address is None and time.monotonic() < deadline:
                for addr, keys in c.processing().items():
                    info = c.scheduler_info()["workers"].get(addr, {})
                    if keys and info.get("name") == "w0":
                        victim_address = addr
                        break
                else:
                    time.sleep(0.02)
            assert victim_address is not None, "the victim never got a shard"
            os.kill(victim.pid, signal.SIGKILL)
            out, err = proc.communicate(timeout=300)
        assert victim.wait(timeout=10) == -signal.SIGKILL
        assert (proc.returncode, out, err) == expected
    finally:
        cl.stop()


@pytest.mark.slow
def test_ctrl_c_cancels_and_exits_130(corpus: Path, cluster: Cluster) -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "hearts_notation", "generate", "--games", "400", "--seed", "1",
         "--engine", "dask", "--scheduler", cluster.address, "-o", str(corpus / "never.hrn")],
        cwd=ROOT, env=ENV, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    with cluster.client() as c:
        deadline = time.monotonic() + 120
        while not any(c.processing().values()) and time.monotonic() < deadline:
            time.sleep(0.05)
        proc.send_signal(signal.SIGINT)
        _out, err = proc.communicate(timeout=120)
        assert proc.returncode == 130, err
        assert "interrupted" in err and "Traceback" not in err
        assert not (corpus / "never.hrn").exists()
        deadline = time.monotonic() + 30       # the futures were cancelled
        while any(c.processing().values()) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert not any(c.processing().values())


@pytest.mark.slow
def test_workers_read_urls(cluster: Cluster, corpus: Path) -> None:
    """Shards are read by the workers through fsspec: a file:// URL gives
    the figures of the path."""
    path = corpus / "a.jsonl"
    got = hearts("stats", path.as_uri(), "--format", "json", "--engine", "dask",
                 "--scheduler", cluster.address, "--shard-size", SHARD)
    assert got == local("stats-a", ["stats", str(path), "--format", "json"])
    assert '"games": 560' in got[1]


@pytest.fixture(scope="module")
def long_record(corpus: Path) -> Path:
    """Three games of several deals in JSONL (each game its own shard)."""
    path = corpus.parent / "annotate-three.jsonl"
    code, _, err = hearts("convert", str(SAMPLES / "multi-game.hrn"), "-o", str(path))
    assert code == 0, err
    return path


@pytest.mark.slow
@pytest.mark.parametrize("args", [
    ["--deal", "2"],                                   # the annotated record on stdout
    ["--deal", "1", "--format", "json"],               # the report, with its totals
    ["--deal", "3", "--unicode", "--lang", "fr"],
])
def test_annotate_record_read_by_workers(cluster: Cluster, long_record: Path,
                                         args: list[str]) -> None:
    full = ["annotate", str(long_record), "--fast", "--samples", "4", *args]
    expected = hearts(*full, "--engine", "local", "--jobs", "1")
    assert expected[0] == 0, expected[2]
    assert hearts(*full, "--engine", "dask", "--scheduler", cluster.address) == expected


@pytest.mark.slow
def test_annotate_written_with_o_and_refusals(cluster: Cluster, long_record: Path,
                                              tmp_path: Path) -> None:
    outs = []
    for engine in (["--engine", "local", "--jobs", "2"],
                   ["--engine", "dask", "--scheduler", cluster.address]):
        out = tmp_path / f"{engine[1]}.hrn"
        got = hearts("annotate", str(long_record), "--fast", "--samples", "4", "--deal", "1",
                     "-o", str(out), *engine)
        outs.append((got, out.read_bytes()))
    assert outs[0] == outs[1] and outs[0][0][0] == 0
    # A record that cannot be read, or not analysed: the same refusal (exit 2).
    broken = tmp_path / "broken.jsonl"
    lines = long_record.read_text(encoding="utf-8").splitlines(keepends=True)
    lines[1] = lines[1].replace('"card":"2C"', '"card":"2C', 1)
    broken.write_text("".join(lines), encoding="utf-8")
    args = ["annotate", str(broken), "--fast", "--samples", "4"]
    expected = hearts(*args, "--engine", "local", "--jobs", "1")
    assert expected[0] == 2 and "broken.jsonl:2:" in expected[2]
    assert hearts(*args, "--engine", "dask", "--scheduler", cluster.address) == expected


#: Run the CLI in a process that dies (status 99) if it opens the named file.
_AUDITED = """
import os, sys
target = os.path.realpath(sys.argv[1])
def hook(event, args):
    if event == "open" and isinstance(args[0], (str, bytes, os.PathLike)):
        path = os.fsdecode(args[0])
        if path.startswith("file://"):
            path = path[7:]
        if os.path.realpath(path) == target:
            os._exit(99)
sys.addaudithook(hook)
from hearts_notation.cli import main
main(sys.argv[2:])
"""


@pytest.mark.slow
@pytest.mark.parametrize("name", ["annotate", "stats", "validate-json", "score"])
def test_client_never_opens_the_corpus(cluster: Cluster, corpus: Path, long_record: Path,
                                       name: str) -> None:
    """Every read of the corpus happens on a worker: the client process
    (watched by an audit hook) never opens the file."""
    if name == "annotate":
        target = long_record
        args = ["annotate", str(target), "--fast", "--samples", "4", "--deal", "1",
                "--format", "json"]
    else:
        target = corpus / ("a.jsonl" if name == "validate-json" else "c.hrn")
        args = [*commands(corpus)[name][:1], str(target), "--format", "json"]
    proc = subprocess.run([sys.executable, "-c", _AUDITED, str(target), *args, "--engine", "dask",
                           "--scheduler", cluster.address, "--shard-size", SHARD],
                          cwd=ROOT, env=ENV, capture_output=True, text=True, timeout=300)
    assert proc.returncode in (0, 1), proc.stderr
    assert proc.stdout.startswith("{")
    # and the same hook does see a local run open it
    local_run = subprocess.run([sys.executable, "-c", _AUDITED, str(target), *args, "--engine",
                                "local", "--jobs", "1"], cwd=ROOT, env=ENV, capture_output=True,
                               text=True, timeout=300)
    assert local_run.returncode == 99


@pytest.mark.slow
def test_validate_text_carets_come_from_the_workers(cluster: Cluster, corpus: Path) -> None:
    """validate's text output quotes the source line of each finding with a
    caret: on a cluster the workers send those lines with the findings, so
    the client (watched by the audit hook) never opens the HRN file, and
    the output is the local one, byte for byte.  (``--lang`` is given: left
    out, the client reads the head of an HRN record to choose the language
    of the messages.)"""
    target = corpus / "c.hrn"
    args = ["validate", str(target), "--lang", "en"]
    expected = hearts(*args, "--engine", "local", "--jobs", "1")
    assert expected[0] == 1 and "^" in expected[1]
    proc = subprocess.run([sys.executable, "-c", _AUDITED, str(target), *args, "--engine", "dask",
                           "--scheduler", cluster.address, "--shard-size", "20000"],
                          cwd=ROOT, env=ENV, capture_output=True, text=True, timeout=300)
    assert (proc.returncode, proc.stdout, proc.stderr) == expected


@pytest.mark.slow
def test_directory_url_is_listed(cluster: Cluster, corpus: Path) -> None:
    """A directory URL is expanded into its record files (fsspec), as a
    local directory is."""
    got = hearts("stats", corpus.as_uri() + "/", "--format", "json", "--engine", "dask",
                 "--scheduler", cluster.address, "--shard-size", SHARD)
    expected = hearts("stats", str(corpus), "--format", "json", "--engine", "local", "--jobs", "2")
    assert got[0] == expected[0] and got[1] == expected[1]
    pattern = hearts("stats", corpus.as_uri() + "/*.jsonl", "--format", "json", "--engine", "dask",
                     "--scheduler", cluster.address)
    only = hearts("stats", str(corpus / "a.jsonl"), str(corpus / "b.jsonl"), "--format", "json")
    assert pattern[1] == only[1]


@pytest.mark.slow
@pytest.mark.parametrize("name", ["validate-text", "validate-json", "stats", "score", "standings"])
def test_tiny_and_large_shards_give_the_same_bytes(cluster: Cluster, corpus: Path,
                                                   name: str) -> None:
    """One process locally, and on the cluster a shard every few KB or one
    per file: the same output."""
    args = commands(corpus)[name]
    one = hearts(*args, "--engine", "local", "--jobs", "1")
    assert one == local(name, args)
    for size in ("3000", "100000000"):
        assert hearts(*args, "--engine", "dask", "--scheduler", cluster.address,
                      "--shard-size", size) == one, size


@pytest.mark.slow
def test_ctrl_c_on_validate_cancels_and_exits_130(corpus: Path, cluster: Cluster) -> None:
    """SIGINT while the workers read and check shards: the futures are
    cancelled, the summary so far is printed, the status is 130."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "hearts_notation", "validate", str(corpus), "--format", "json",
         "--engine", "dask", "--scheduler", cluster.address, "--shard-size", "2000"],
        cwd=ROOT, env=ENV, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    with cluster.client() as c:
        deadline = time.monotonic() + 120
        # a shard being checked, not the probe of the records' language that runs
        # before the command starts (interrupted there, nothing is counted yet)
        while (not any(not str(k).startswith("paths_language")
                       for keys in c.processing().values() for k in keys)
               and time.monotonic() < deadline):
            time.sleep(0.02)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=120)
        assert proc.returncode == 130, err
        assert "interrupted" in err and "Traceback" not in err
        assert out.startswith("{") and '"summary"' in out
        deadline = time.monotonic() + 30
        while any(c.processing().values()) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert not any(c.processing().values())


@pytest.mark.slow
def test_ctrl_c_on_annotate_cancels_and_exits_130(long_record: Path, cluster: Cluster,
                                                  tmp_path: Path) -> None:
    """SIGINT while the workers analyse deals: the futures are cancelled,
    no output file is left, the status is 130."""
    out = tmp_path / "never.hrn"
    proc = subprocess.Popen(
        [sys.executable, "-m", "hearts_notation", "annotate", str(long_record), "--fast",
         "--engine", "dask", "--scheduler", cluster.address, "-o", str(out)],
        cwd=ROOT, env=ENV, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    with cluster.client() as c:
        deadline = time.monotonic() + 120
        while not any(c.processing().values()) and time.monotonic() < deadline:
            time.sleep(0.02)
        time.sleep(0.5)                 # into the analysis of the deals
        proc.send_signal(signal.SIGINT)
        _out, err = proc.communicate(timeout=120)
        assert proc.returncode == 130, err
        assert "interrupted" in err and "Traceback" not in err
        assert not out.exists()
        deadline = time.monotonic() + 30
        while any(c.processing().values()) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert not any(c.processing().values())


def test_dask_missing_exits_2_with_install_line() -> None:
    code = ("import sys; sys.modules['distributed'] = None\n"
            "from hearts_notation.cli import main\n"
            f"main(['validate', {str(SAMPLES / 'canonical.hrn')!r}, '--engine', 'dask'])\n")
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=ENV, capture_output=True,
                          text=True, timeout=120)
    assert proc.returncode == 2
    assert proc.stderr.strip() == 'hearts: --engine dask needs Dask: pip install "hearts-notation[dask]"'


def test_standard_input_is_not_for_dask() -> None:
    proc = subprocess.run([sys.executable, "-m", "hearts_notation", "validate", "-", "--engine",
                           "dask", "--scheduler", "tcp://127.0.0.1:1"], cwd=ROOT, env=ENV,
                          input="", capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
