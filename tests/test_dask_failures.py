"""``--engine dask``: every failure of the cluster is one line and exit 2.

A lost scheduler, a task that kills the workers that run it (named by its
file and byte range), a ``tls://`` address without TLS settings, a
scheduler that no worker joins within ``--wait-workers``, workers that
cannot import the package or import another version: each gives exit
status 2 and exactly one line on standard error, from the catalogs, with
no Dask traceback (not even a late one from ``Client.__del__``).

Real ``dask scheduler`` and ``dask worker`` processes on 127.0.0.1 only.
A worker "without the package" or "with another version" runs with a
``PYTHONPATH`` whose first entry is a directory holding another
``hearts_notation`` (one whose import fails, one of version 0.0.0).
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
ENV = {**os.environ, "PYTHONPATH": str(ROOT), "NO_COLOR": "1"}
ENV.pop("DASK_SCHEDULER_ADDRESS", None)


def hearts(*args: str, env: dict[str, str] | None = None,
           cwd: Path = ROOT) -> tuple[int, str, str]:
    proc = subprocess.run([sys.executable, "-m", "hearts_notation", *args], cwd=cwd,
                          env=env or ENV, capture_output=True, text=True, timeout=300)
    return proc.returncode, proc.stdout, proc.stderr


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def dask_cli(*args: str) -> list[str]:
    exe = shutil.which("dask")
    return [exe, *args] if exe else [sys.executable, "-m", "dask", *args]


class Scheduler:
    """A ``dask scheduler`` on 127.0.0.1, and the workers added to it."""

    def __init__(self, env: dict[str, str] | None = None) -> None:
        port = free_port()
        self.address = f"tcp://127.0.0.1:{port}"
        self.proc = subprocess.Popen(
            dask_cli("scheduler", "--host", "127.0.0.1", "--port", str(port), "--no-dashboard",
                     "--no-show"),
            env=env or ENV, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.workers: list[subprocess.Popen[bytes]] = []
        deadline = time.monotonic() + 60
        while True:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1):
                    break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)

    def add_worker(self, env: dict[str, str] | None = None, wait: bool = True) -> subprocess.Popen[bytes]:
        w = subprocess.Popen(
            dask_cli("worker", self.address, "--nthreads", "1", "--host", "127.0.0.1",
                     "--no-nanny", "--no-dashboard"),
            env=env or ENV, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.workers.append(w)
        if wait:
            with Client(self.address, timeout=30, set_as_default=False) as c:
                c.wait_for_workers(len([p for p in self.workers if p.poll() is None]), timeout=120)
        return w

    def stop_worker(self, w: subprocess.Popen[bytes]) -> None:
        w.terminate()
        try:
            w.wait(timeout=20)
        except subprocess.TimeoutExpired:
            w.kill()
            w.wait()
        with Client(self.address, timeout=30, set_as_default=False) as c:
            deadline = time.monotonic() + 60
            alive = len([p for p in self.workers if p.poll() is None])
            while len(c.scheduler_info()["workers"]) > alive and time.monotonic() < deadline:
                time.sleep(0.2)

    def stop(self) -> None:
        for p in [*self.workers, self.proc]:
            if p.poll() is None:
                p.terminate()
        for p in [*self.workers, self.proc]:
            try:
                p.wait(timeout=20)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("failures") / "games.jsonl"
    code, _, err = hearts("generate", "--games", "300", "--deals-per-game", "1", "--seed", "5",
                          "--jobs", "1", "-o", str(path))
    assert code == 0, err
    return path


def one_line(err: str) -> str:
    """The single line of standard error (no traceback, nothing else)."""
    assert "Traceback" not in err, err
    lines = err.splitlines()
    assert len(lines) == 1, err
    return lines[0]


def test_tls_without_settings_is_one_line() -> None:
    code, out, err = hearts("validate", str(ROOT / "samples" / "canonical.hrn"), "--engine",
                            "dask", "--scheduler", "tls://127.0.0.1:1")
    assert code == 2 and out == ""
    assert one_line(err) == (
        "hearts: --scheduler tls://127.0.0.1:1: a tls:// scheduler needs TLS settings: the Dask "
        "configuration's distributed.comm.tls.ca-file, .client.cert and .client.key "
        "(see docs/cluster.md)")
    code, _, err = hearts("validate", str(ROOT / "samples" / "canonical.hrn"), "--engine",
                          "dask", "--scheduler", "tls://127.0.0.1:1", "--lang", "fr")
    assert code == 2 and one_line(err).startswith(
        "hearts: --scheduler tls://127.0.0.1:1 : un ordonnanceur tls:// demande")


def shadow_package(root: Path, body: str) -> dict[str, str]:
    """An environment whose ``hearts_notation`` is the one under *root*."""
    (root / "hearts_notation").mkdir(parents=True)
    (root / "hearts_notation" / "__init__.py").write_text(body, encoding="utf-8")
    return {**ENV, "PYTHONPATH": str(root)}


@pytest.mark.slow
def test_no_workers_and_workers_without_the_package(tmp_path: Path, corpus: Path) -> None:
    from hearts_notation import __version__

    sched = Scheduler()
    try:
        args = ["validate", str(corpus), "--engine", "dask", "--scheduler", sched.address]
        started = time.monotonic()
        code, out, err = hearts(*args, "--wait-workers", "1")
        assert code == 2 and out == ""
        assert one_line(err) == (f"hearts: --scheduler {sched.address}: no Dask worker joined "
                                 "within 1 s (--wait-workers)")
        assert time.monotonic() - started < 60

        missing = sched.add_worker(shadow_package(
            tmp_path / "missing", "raise ImportError('No module named hearts_notation')\n"))
        code, out, err = hearts(*args)
        assert code == 2 and out == ""
        line = one_line(err)
        assert line.startswith(f"hearts: --scheduler {sched.address}: 1 Dask worker(s) cannot "
                               "import hearts_notation (first: tcp://127.0.0.1:")
        assert line.endswith(f"install hearts-notation {__version__} in their environment")
        sched.stop_worker(missing)

        other = sched.add_worker(shadow_package(tmp_path / "other", "__version__ = '0.0.0'\n"))
        code, out, err = hearts(*args, "--lang", "fr")
        assert code == 2 and out == ""
        line = one_line(err)
        assert line.startswith(f"hearts: --scheduler {sched.address} : le worker Dask tcp://")
        assert line.endswith(f"a hearts-notation 0.0.0, ce client {__version__} ; installez la "
                             "même version des deux côtés")
        sched.stop_worker(other)

        sched.add_worker()          # the right package: the run goes through
        local = hearts("validate", str(corpus), "--format", "json", "--jobs", "1")
        assert hearts(*args, "--format", "json") == local
    finally:
        sched.stop()


@pytest.mark.slow
def test_workers_on_another_commit_with_the_same_version(tmp_path: Path, corpus: Path) -> None:
    """A worker importing a copy of the package whose sources differ by one
    line but whose version string is the same: one line naming both
    digests, exit 2 (the probe digests the package's Python sources)."""
    from hearts_notation import __version__

    copy = tmp_path / "branch"
    shutil.copytree(ROOT / "hearts_notation", copy / "hearts_notation",
                    ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    with (copy / "hearts_notation" / "cli.py").open("a", encoding="utf-8") as fh:
        fh.write("# a commit of another branch\n")
    sched = Scheduler()
    try:
        sched.add_worker({**ENV, "PYTHONPATH": str(copy), "HEARTS_NOTATION_PURE": "1"})
        code, out, err = hearts("validate", str(corpus), "--engine", "dask", "--scheduler",
                                sched.address)
        assert code == 2 and out == ""
        line = one_line(err)
        assert line.startswith(f"hearts: --scheduler {sched.address}: the Dask worker tcp://")
        assert f"runs another build of hearts-notation {__version__} (sources " in line
        assert line.endswith("install the same commit on both")
    finally:
        sched.stop()


def wait_for_processing(address: str, timeout: float = 120) -> None:
    with Client(address, timeout=30, set_as_default=False) as c:
        deadline = time.monotonic() + timeout
        while not any(c.processing().values()):
            assert time.monotonic() < deadline, "no task ever ran"
            time.sleep(0.02)


@pytest.mark.slow
def test_lost_scheduler_is_one_line(corpus: Path) -> None:
    sched = Scheduler()
    try:
        sched.add_worker()
        proc = subprocess.Popen(
            [sys.executable, "-m", "hearts_notation", "validate", str(corpus), "--engine", "dask",
             "--scheduler", sched.address, "--shard-size", "2000", "--format", "json"],
            cwd=ROOT, env=ENV, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        wait_for_processing(sched.address)
        sched.proc.send_signal(signal.SIGKILL)
        _out, err = proc.communicate(timeout=120)
        assert proc.returncode == 2, err
        assert one_line(err) == (f"hearts: --scheduler {sched.address}: the connection to the "
                                 "Dask scheduler was lost during the run; the output is incomplete")
    finally:
        sched.stop()


@pytest.mark.slow
def test_task_that_kills_its_workers_names_the_byte_range(corpus: Path) -> None:
    """With ``allowed-failures`` 0 on the scheduler, the shard whose worker
    dies is a ``KilledWorker`` at once: the line names the file and the bytes."""
    sched = Scheduler({**ENV, "DASK_DISTRIBUTED__SCHEDULER__ALLOWED_FAILURES": "0"})
    try:
        victim = sched.add_worker()
        proc = subprocess.Popen(
            [sys.executable, "-m", "hearts_notation", "validate", str(corpus), "--engine", "dask",
             "--scheduler", sched.address, "--shard-size", "2000", "--format", "json"],
            cwd=ROOT, env=ENV, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        wait_for_processing(sched.address)
        os.kill(victim.pid, signal.SIGKILL)
        _out, err = proc.communicate(timeout=120)
        assert proc.returncode == 2, err
        line = one_line(err)
        import re

        found = re.fullmatch(r"hearts: (.+): bytes (\d+) to (\d+): 1 Dask worker\(s\) died in "
                             r"turn running this shard \(killed, or out of memory\); the run stops",
                             line)
        planning = re.fullmatch(r"hearts: (.+): bytes (\d+) to (\d+): 1 Dask worker\(s\) died in "
                                r"turn planning this range \(killed, or out of memory\); the run "
                                r"stops", line)
        if planning is not None:    # killed while it planned a byte range of the file
            assert planning[1] == str(corpus)
            assert 0 <= int(planning[2]) < int(planning[3]) <= corpus.stat().st_size
        elif found is None:     # killed while it looked at the file's size
            assert line == (f"hearts: {corpus}: 1 Dask worker(s) died in turn reading this file "
                            "(killed, or out of memory); the run stops"), line
        else:
            assert found[1] == str(corpus)
            start, end = int(found[2]), int(found[3])
            data = corpus.read_bytes()
            assert 0 <= start < end <= len(data)
            assert start == 0 or data[start - 1:start] == b"\n"     # a shard starts at a game
    finally:
        sched.stop()


@pytest.mark.slow
def test_tasks_in_flight_follow_the_workers_present() -> None:
    """The window of tasks in flight is the workers' threads present now:
    a worker that joins after the client connected gets work."""
    from hearts_notation.runners import dask_engine

    sched = Scheduler()
    try:
        sched.add_worker()
        with dask_engine.DaskEngine(sched.address, 1) as engine:
            assert engine.window == 4
            sched.add_worker()
            deadline = time.monotonic() + 30
            while engine.window != 8:
                assert time.monotonic() < deadline, engine.window
                time.sleep(0.2)
            seen = engine.client.run(os.getpid)
            assert len(seen) == 2
            got = list(engine.map(abs, range(-200, 0), chunk_size=5))
            assert got == list(range(200, 0, -1))
    finally:
        sched.stop()


@pytest.fixture(autouse=True)
def _no_scheduler_in_env(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.delenv("DASK_SCHEDULER_ADDRESS", raising=False)
    yield


@pytest.mark.slow
def test_relative_paths_are_the_clients(tmp_path: Path, corpus: Path) -> None:
    """A relative path names the file in the client's directory, wherever
    the workers run (here: in another directory); the messages keep the
    path as given, as a local run prints them."""
    lines = corpus.read_text(encoding="utf-8").splitlines(keepends=True)
    lines[3] = lines[3].replace('"card":"2C"', '"card":"3C"', 1)
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "mine.jsonl").write_text("".join(lines), encoding="utf-8")
    sched = Scheduler()
    try:
        sched.add_worker()          # its directory is the project's, not tmp_path
        for args in (["validate", "sub/mine.jsonl"], ["stats", "sub/mine.jsonl", "--format", "json"]):
            local = hearts(*args, "--jobs", "1", cwd=tmp_path)
            got = hearts(*args, "--engine", "dask", "--scheduler", sched.address,
                         "--shard-size", "20000", cwd=tmp_path)
            assert got == local
            if args[0] == "validate":
                assert local[0] == 1 and "sub/mine.jsonl:4:" in local[1]
    finally:
        sched.stop()


def hidden_from_client(hidden: Path, *args: str) -> tuple[int, str, str]:
    """``hearts *args`` in a mount namespace of its own where *hidden* is
    covered by an empty tmpfs: the client cannot see what is under it, the
    workers (in the machine's namespace) can -- a corpus visible only to
    the workers."""
    script = ('mount -t tmpfs none "$1" && shift && exec "$@"')
    proc = subprocess.run(["unshare", "-m", "--propagation", "private", "sh", "-c", script, "sh",
                           str(hidden), sys.executable, "-m", "hearts_notation", *args],
                          cwd=ROOT, env=ENV, capture_output=True, text=True, timeout=300)
    return proc.returncode, proc.stdout, proc.stderr


def can_hide() -> bool:
    if shutil.which("unshare") is None:
        return False
    probe = subprocess.run(["unshare", "-m", "--propagation", "private", "true"],
                           capture_output=True, timeout=30)
    return probe.returncode == 0


@pytest.mark.slow
def test_folders_and_patterns_only_the_workers_see(tmp_path: Path, corpus: Path) -> None:
    """A folder or a pattern the client cannot see is listed by a worker,
    in the order a local listing gives; the output is the local one."""
    if not can_hide():
        pytest.skip("no mount namespace here (unshare -m)")
    hidden = tmp_path / "hidden"
    data = hidden / "league"
    (data / "week2").mkdir(parents=True)
    lines = corpus.read_text(encoding="utf-8").splitlines(keepends=True)
    lines[3] = lines[3].replace('"card":"2C"', '"card":"3C"', 1)
    (data / "b.jsonl").write_text("".join(lines[:150]), encoding="utf-8")
    (data / "week2" / "a.jsonl").write_text("".join(lines[150:]), encoding="utf-8")
    shutil.copy(ROOT / "samples" / "canonical.hrn", data / "week2" / "c.hrn")
    (data / "notes.txt").write_text("not a record\n", encoding="utf-8")
    assert hidden_from_client(hidden, "validate", str(data))[0] == 2     # hidden indeed
    sched = Scheduler()
    try:
        sched.add_worker()
        opts = ["--engine", "dask", "--scheduler", sched.address, "--shard-size", "20000"]
        local = hearts("validate", str(data), "--lang", "en", "--jobs", "1")
        assert local[0] == 1 and f"{data}/b.jsonl:4:" in local[1]
        assert hidden_from_client(hidden, "validate", str(data), "--lang", "en", *opts) == local
        pattern = hidden_from_client(hidden, "stats", f"{data}/week2/*.*", "--format", "json",
                                     *opts)
        assert pattern == hearts("stats", str(data / "week2" / "a.jsonl"),
                                 str(data / "week2" / "c.hrn"), "--format", "json", "--jobs", "1")
    finally:
        sched.stop()


def doc_recipe(marker: str) -> str:
    """The Python block of docs/cluster.md that follows ``<!-- tested: marker -->``."""
    text = (ROOT / "docs" / "cluster.md").read_text(encoding="utf-8")
    after = text.split(f"<!-- tested: {marker} -->", 1)[1]
    block = after.split("```python\n", 1)[1].split("```", 1)[0]
    return block


@pytest.mark.slow
def test_local_cluster_recipe_of_the_docs(tmp_path: Path, corpus: Path) -> None:
    """docs/cluster.md's LocalCluster recipe, run as written: ``hearts``
    pointed at the address it prints gives the local engine's bytes, and
    Enter stops it."""
    script = tmp_path / "local-cluster.py"
    script.write_text(doc_recipe("local-cluster"), encoding="utf-8")
    proc = subprocess.Popen([sys.executable, str(script)], cwd=tmp_path, env=ENV,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True)
    try:
        assert proc.stdout is not None and proc.stdin is not None
        address = proc.stdout.readline().strip()
        assert address.startswith("tcp://127.0.0.1:"), address
        args = ["stats", str(corpus), "--format", "json"]
        assert hearts(*args, "--engine", "dask", "--scheduler", address,
                      "--shard-size", "20000") == hearts(*args, "--jobs", "1")
        proc.stdin.write("\n")
        proc.stdin.flush()
        assert proc.wait(timeout=60) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def self_signed(directory: Path) -> tuple[Path, Path]:
    """A certificate for 127.0.0.1 signed by its own key (the CA of the test)."""
    import datetime
    import ipaddress

    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "hearts-test-cluster")])
    now = datetime.datetime.now(datetime.UTC)
    cert = (x509.CertificateBuilder().subject_name(name).issuer_name(name)
            .public_key(key.public_key()).serial_number(x509.random_serial_number())
            .not_valid_before(now - datetime.timedelta(minutes=5))
            .not_valid_after(now + datetime.timedelta(days=1))
            .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
            .add_extension(x509.SubjectAlternativeName([
                x509.IPAddress(ipaddress.ip_address("127.0.0.1")), x509.DNSName("localhost")]),
                critical=False)
            .sign(key, hashes.SHA256()))
    cert_path, key_path = directory / "cluster.pem", directory / "cluster.key"
    cert_path.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_path.write_bytes(key.private_bytes(serialization.Encoding.PEM,
                                           serialization.PrivateFormat.PKCS8,
                                           serialization.NoEncryption()))
    return cert_path, key_path


def tls_env(cert: Path, key: Path) -> dict[str, str]:
    """distributed's security settings through the environment (the same
    keys as the ``distributed.comm.tls`` section of a Dask configuration
    file): encryption required, one certificate for every role."""
    env = {**ENV, "DASK_DISTRIBUTED__COMM__REQUIRE_ENCRYPTION": "True",
           "DASK_DISTRIBUTED__COMM__TLS__CA_FILE": str(cert)}
    for role in ("SCHEDULER", "WORKER", "CLIENT"):
        env[f"DASK_DISTRIBUTED__COMM__TLS__{role}__CERT"] = str(cert)
        env[f"DASK_DISTRIBUTED__COMM__TLS__{role}__KEY"] = str(key)
    return env


@pytest.mark.slow
def test_tls_cluster_on_loopback(tmp_path: Path, corpus: Path) -> None:
    """The recipe of docs/cluster.md: scheduler, worker and client with
    TLS settings give the local engine's bytes; a client without them gets
    the one-line refusal, and a plain tcp:// client cannot connect."""
    pytest.importorskip("cryptography")
    env = tls_env(*self_signed(tmp_path))
    port = free_port()
    address = f"tls://127.0.0.1:{port}"
    procs = [subprocess.Popen(
        dask_cli("scheduler", "--host", "127.0.0.1", "--port", str(port), "--protocol", "tls",
                 "--no-dashboard", "--no-show"),
        env=env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)]
    try:
        procs.append(subprocess.Popen(
            dask_cli("worker", address, "--nthreads", "1", "--host", "127.0.0.1", "--no-nanny",
                     "--no-dashboard"),
            env=env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        local = hearts("validate", str(corpus), "--format", "json", "--jobs", "1")
        got = hearts("validate", str(corpus), "--format", "json", "--engine", "dask",
                     "--scheduler", address, "--shard-size", "20000", "--wait-workers", "120",
                     env=env)
        assert got == local
        code, _, err = hearts("validate", str(corpus), "--engine", "dask", "--scheduler", address)
        assert code == 2 and "a tls:// scheduler needs TLS settings" in one_line(err)
        code, _, err = hearts("validate", str(corpus), "--engine", "dask", "--scheduler",
                              f"tcp://127.0.0.1:{port}")
        assert code == 2 and "cannot reach the Dask scheduler" in one_line(err)
    finally:
        for p in procs:
            p.terminate()
        for p in procs:
            try:
                p.wait(timeout=20)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()
