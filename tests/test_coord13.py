"""Writing to a ``zip://`` URL whose archive is not a zip file, or is not
there (coordinator, thirteenth session).

fsspec opens the archive of a ``zip://x.hrn::archive.zip`` URL as the file
system is made, before any write: a file that is not a zip raised
``zipfile.BadZipFile`` and a missing one ``FileNotFoundError``, neither of
which the URL writer caught, so ``hearts puzzles -o zip://…`` ended in
"internal error" (exit 3).  Found by the long step's hostile-values test once
lang30 showed ``puzzles -o`` and ``diagram -o`` as FILE options.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from hearts_notation.output import OutputError, write_atomic_iter

pytest.importorskip("fsspec")


def test_an_archive_that_is_not_a_zip_is_an_output_error(tmp_path: Path) -> None:
    broken = tmp_path / "broken.zip"
    broken.write_bytes(b"PK\x03\x04" + b"\0" * 40)
    with pytest.raises(OutputError) as caught:
        write_atomic_iter(f"zip://x.hrn::{broken}", ["[Event \"x\"]\n"])
    assert "zip" in str(caught.value)
    assert broken.read_bytes() == b"PK\x03\x04" + b"\0" * 40


def test_a_missing_archive_is_an_output_error(tmp_path: Path) -> None:
    with pytest.raises(OutputError):
        write_atomic_iter(f"zip://x.hrn::{tmp_path / 'none.zip'}", ["x\n"])
    assert not (tmp_path / "none.zip").exists()
