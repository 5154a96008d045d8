"""The encodings of an ``--aliases`` file: decoded as the records are.

Windows Notepad saves "Unicode" as UTF-16 with its byte-order mark; an
aliases file saved that way was refused ("not UTF-8 (byte 0)") while a record
saved the same way read.  The file is now decoded by the records' decoder
(:func:`hearts_notation.io.stream.decode`): UTF-8 with or without its mark, UTF-16
LE/BE with theirs; a file in no encoding read is refused at the
``file:line:col`` of its first bad byte, in English and in French.
"""

from __future__ import annotations

import codecs
import os
import threading
from pathlib import Path

import pytest
from click.testing import CliRunner

from hearts_notation.app import cli
from hearts_notation.players import AliasError, load_aliases

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "samples" / "canonical.hrn"
TEXT = "# joueurs\nGwenaëlle: [Gwen, Gwenn]\nMaëlle: Maelle\n"
WANTED = {"Gwenaëlle": "Gwenaëlle", "Gwen": "Gwenaëlle", "Gwenn": "Gwenaëlle",
          "Maëlle": "Maëlle", "Maelle": "Maëlle"}


@pytest.mark.parametrize("raw", [
    TEXT.encode("utf-8"),
    codecs.BOM_UTF8 + TEXT.encode("utf-8"),
    TEXT.encode("utf-16"),                                   # what Notepad writes (LE, marked)
    codecs.BOM_UTF16_LE + TEXT.replace("\n", "\r\n").encode("utf-16-le"),
    codecs.BOM_UTF16_BE + TEXT.encode("utf-16-be"),
], ids=["utf-8", "utf-8-bom", "utf-16", "utf-16-le-crlf", "utf-16-be"])
def test_an_aliases_file_reads_in_every_encoding_a_record_reads(tmp_path: Path, raw: bytes) -> None:
    path = tmp_path / "joueurs.alias"
    path.write_bytes(raw)
    assert load_aliases(str(path)) == WANTED


def test_a_blank_utf16_file_is_no_aliases(tmp_path: Path) -> None:
    path = tmp_path / "vide.alias"
    path.write_bytes("  \n".encode("utf-16"))
    assert load_aliases(str(path)) == {}


@pytest.mark.parametrize(("raw", "where", "en", "fr"), [
    # Latin-1 (an old editor): the first bad byte at its line and column
    ("Ann: [Anne]\nMaëlle: Maelle\n".encode("latin-1"), ":2:3",
     "not UTF-8 text (byte 0xeb, the letter ë", "pas du texte UTF-8 (octet 0xeb, la lettre ë"),
    (b"Ann: [Anne]\nBob: [Rob, R\xff\xfe]\n", ":2:13", "not UTF-8 text (byte 0xff",
     "pas du texte UTF-8 (octet 0xff"),
    # UTF-16 with its mark but a lone surrogate on line 2
    (codecs.BOM_UTF16_LE + "Ann: x\nBob: ".encode("utf-16-le") + b"\x00\xd8",
     ":2", "not UTF-16 text", "pas du texte UTF-16"),
    # UTF-16 saved without its mark is named, with what to do
    (TEXT.encode("utf-16-le"), "", "UTF-16 text without its byte-order mark",
     "texte UTF-16 sans sa marque"),
], ids=["latin-1", "bad-byte", "utf-16-surrogate", "utf-16-no-bom"])
def test_a_file_in_no_encoding_read_is_refused_where_it_stops_being_text(
        tmp_path: Path, raw: bytes, where: str, en: str, fr: str) -> None:
    path = tmp_path / "joueurs.alias"
    path.write_bytes(raw)
    with pytest.raises(AliasError) as caught:
        load_aliases(str(path))
    assert caught.value.where == f"{path}{where}"
    assert caught.value.text("en").startswith(f"{path}{where}: {en}")
    assert caught.value.text("fr").startswith(f"{path}{where}: {fr}")


def test_standings_read_a_utf16_aliases_file_and_refuse_a_latin1_one(tmp_path: Path) -> None:
    """Through the command: the UTF-16 file merges the names; the Latin-1
    one is exit 2 with ``file:line:col`` and no traceback."""
    good = tmp_path / "bon.alias"
    good.write_bytes("Ann: [Anne]\n".encode("utf-16"))
    run = CliRunner().invoke(cli, ["standings", "--aliases", str(good), str(SAMPLE)])
    assert run.exit_code == 0, run.output
    bad = tmp_path / "mauvais.alias"
    bad.write_bytes("Hélène: [Helene]\n".encode("latin-1"))
    run = CliRunner().invoke(cli, ["standings", "--aliases", str(bad), str(SAMPLE)])
    assert run.exit_code == 2 and "Traceback" not in run.output
    assert f"{bad}:1:2: not UTF-8 text (byte 0xe9" in run.output


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="a named pipe")
def test_a_pipe_past_the_limit_is_too_big_even_cut_inside_a_letter(tmp_path: Path) -> None:
    """A pipe has no size to check first: its bytes are read up to one past
    the limit, and the limit's words come out, not a decoding error made by
    the cut (the last byte read is the first of "é").  (Binary bytes are
    still named as binary: ``--aliases /dev/zero``, test_qa_december.)"""
    from hearts_notation.players import MAX_ALIAS_BYTES

    path = tmp_path / "tube.alias"
    os.mkfifo(path)

    def feed() -> None:
        try:
            with open(path, "wb") as fh:
                fh.write(b"#" * MAX_ALIAS_BYTES + "é\n".encode())
        except BrokenPipeError:     # the reader stops one byte past the limit
            pass

    writer = threading.Thread(target=feed)
    writer.start()
    try:
        with pytest.raises(AliasError) as caught:
            load_aliases(str(path))
    finally:
        writer.join(timeout=10)
    assert caught.value.msg.key == "alias.too_big" and caught.value.where == str(path)
