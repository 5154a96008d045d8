"""``-o URL``: outputs written through fsspec, whole or not at all.

A cluster's client may have no disk the data's users share: the annotated
record (or any ``-o`` output) can go to an fsspec URL (``s3://...``,
``file:///shared/...``).  The bytes are those of a local file; a write
that fails (a producer that raises, a missing folder, a file system that
cannot be written) leaves neither the target nor a temporary object, and
the command says so in one line (exit 2).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from hearts_notation.cli import cli
from hearts_notation.output import OutputError, write_atomic_iter

fsspec = pytest.importorskip("fsspec")

ROOT = Path(__file__).resolve().parent.parent
RECORD = ROOT / "samples" / "multi-game.hrn"


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture()
def memory() -> Iterator[object]:
    fs = fsspec.filesystem("memory")
    fs.mkdir("/out")
    try:
        yield fs
    finally:
        fs.rm("/out", recursive=True)


def test_convert_to_a_url_writes_the_bytes_of_a_file(tmp_path: Path, memory: object) -> None:
    local = tmp_path / "game.jsonl"
    assert run("convert", str(RECORD), "-o", str(local))[0] == 0
    assert run("convert", str(RECORD), "-o", "memory://out/game.jsonl")[0] == 0
    assert fsspec.open("memory://out/game.jsonl", "rb").open().read() == local.read_bytes()
    # A file:// URL lands on the file, by a rename beside it.
    assert run("convert", str(RECORD), "-o", (tmp_path / "again.jsonl").as_uri())[0] == 0
    assert (tmp_path / "again.jsonl").read_bytes() == local.read_bytes()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["again.jsonl", "game.jsonl"]


def test_a_producer_that_fails_leaves_the_old_target_and_no_temporary(memory: object) -> None:
    url = "memory://out/kept.txt"
    write_atomic_iter(url, ["old\n"])

    def pieces() -> Iterator[str]:
        yield "new, first half\n"
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        write_atomic_iter(url, pieces())
    fs = fsspec.filesystem("memory")
    assert fs.cat("/out/kept.txt") == b"old\n"
    assert [p.rsplit("/", 1)[1] for p in fs.ls("/out", detail=False)] == ["kept.txt"]


@pytest.mark.parametrize(("url", "why"), [
    ("memory://out/missing/x.jsonl", "no such directory"),
    ("memory://out", "is a directory"),
    # Without aiohttp: "its file system cannot be written to (...)"; with
    # it, nothing listens on port 9: the reason of the connection.
    ("http://127.0.0.1:9/x.jsonl", ""),
])
def test_unwritable_urls_are_one_line_and_exit_2(memory: object, url: str, why: str) -> None:
    code, out, err = run("convert", str(RECORD), "-o", url)
    assert code == 2 and out == ""
    assert err.startswith(f"hearts: cannot write {url}: {why}") and err.count("\n") == 1, err
    with pytest.raises(OutputError):
        write_atomic_iter(url, ["x"])
    assert fsspec.filesystem("memory").ls("/out", detail=False) == []
