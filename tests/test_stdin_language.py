"""Standard input and FIFOs are answered in the language of the record they
carry, as a file is (hearts_notation/language.py): their first bytes are read
ahead while the command line is parsed and handed on to the reader
(``io/stream.py``'s ``stream_head``), so that no byte is lost and no more than
the head is held."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from hearts_notation.generate import generate_games
from hearts_notation.io import dumps
from hearts_notation.language import _head_says

SHEET = Path(__file__).parent / "data" / "fr_club" / "etoile-propre.hrn"
ENGLISH_SUMMARY = "1 file, "
FRENCH_SUMMARY = "1 fichier, "


def _hearts(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    """(The locale is cleared for every test: tests/conftest.py.)"""
    return subprocess.run([sys.executable, "-m", "hearts_notation", *args], input=stdin,
                          capture_output=True, timeout=120, check=False)


@pytest.fixture(scope="module")
def french_jsonl() -> bytes:
    """Twelve French games as JSONL (about 250 KB: more than the head read
    ahead), the language key first as ``convert`` writes it."""
    lines = dumps(list(generate_games(12, seed=4)), "jsonl").splitlines()
    return "".join('{"language":"fr",' + line[1:] + "\n" for line in lines).encode()


def test_standard_input_hrn_is_answered_in_its_language() -> None:
    r = _hearts("validate", "-", stdin=SHEET.read_bytes())
    out = r.stdout.decode()
    assert r.returncode == 0, r.stderr
    assert FRENCH_SUMMARY in out and "2 parties valides" in out
    # --lang still decides
    r = _hearts("validate", "--lang", "en", "-", stdin=SHEET.read_bytes())
    assert ENGLISH_SUMMARY in r.stdout.decode()


def test_standard_input_jsonl_loses_no_byte(french_jsonl: bytes) -> None:
    r = _hearts("validate", "--from", "jsonl", "-", stdin=french_jsonl)
    assert r.returncode == 0, r.stderr
    assert f"{FRENCH_SUMMARY}12 parties, " in r.stdout.decode()
    assert "12 parties valides" in r.stdout.decode()
    english = b"".join(b"{" + line[len(b'{"language":"fr",'):] + b"\n"
                       for line in french_jsonl.splitlines())
    r = _hearts("validate", "--from", "jsonl", "-", stdin=english)
    assert ENGLISH_SUMMARY in r.stdout.decode()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs")
def test_a_fifo_is_answered_in_its_language(tmp_path: Path, french_jsonl: bytes) -> None:
    for name, data, games in (("partie.hrn", SHEET.read_bytes(), 2),
                              ("parties.jsonl", french_jsonl, 12)):
        fifo = tmp_path / name
        os.mkfifo(fifo)

        def write(path: Path = fifo, data: bytes = data) -> None:
            with open(path, "wb") as fh:
                fh.write(data)

        writer = threading.Thread(target=write)
        writer.start()
        r = _hearts("validate", str(fifo))
        writer.join(timeout=60)
        out = r.stdout.decode()
        assert FRENCH_SUMMARY in out, (name, out, r.stderr)
        assert f"{games} parties valides" in out, (name, out)


@pytest.mark.parametrize(("head", "says"), [
    (b'{"language":"fr",', True),
    (b'{"language":', False),           # the value is yet to come
    (b'[\n  {\n    "tags": {', True),   # a tree record without the key says no more
    (b'{"tags"', True),
    (b"; a comment\n", False),
    (b'[Event "x"]\n', True),
    (b"\n" * 8, True),
])
def test_the_head_is_read_until_it_says(head: bytes, says: bool) -> None:
    assert _head_says(head) is says
