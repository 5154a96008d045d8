"""review17: an adversarial review of the session's changes (seats a game
lacks, --deal/--trick/--card, OpenSpiel histories, one rule for a folder's
files).  Each test failed on main at 4e06040 and names the bug it pins."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from hearts_notation.io.formats import EXTENSIONS
from hearts_notation.output import OutputError, refuse_report_over_input
from hearts_notation.runners.shards import expand_here, expand_url

SAMPLE = Path(__file__).resolve().parent.parent / "samples" / "canonical.hrn"


def test_report_over_a_linked_record_of_the_folder_is_refused(tmp_path: Path) -> None:
    """``club/a.hrn`` is a link to ``club/.b.hrn``: ``score club`` reads it as
    ``a.hrn``, and ``-o club/a.hrn`` replaced the record it points to (the
    refusal compared the resolved name, which is hidden).  Files compared as
    files, the report is refused, as a link to a record outside the folder."""
    club = tmp_path / "club"
    club.mkdir()
    shutil.copyfile(SAMPLE, club / ".b.hrn")
    (club / "a.hrn").symlink_to(".b.hrn")
    shutil.copyfile(SAMPLE, tmp_path / "elsewhere.hrn")
    (club / "c.hrn").symlink_to(tmp_path / "elsewhere.hrn")
    for written in ("a.hrn", "c.hrn"):
        with pytest.raises(OutputError):
            refuse_report_over_input(str(club / written), [str(club)], EXTENSIONS)
    # A hidden record the folder's search does not read stays writable.
    (club / ".b.hrn").unlink()
    (club / "a.hrn").unlink()
    shutil.copyfile(SAMPLE, club / ".d.hrn")
    refuse_report_over_input(str(club / ".d.hrn"), [str(club)], EXTENSIONS)


def test_url_pattern_skips_the_hidden_folders_its_wildcards_match(tmp_path: Path) -> None:
    """``file:///.../club/*/*.hrn`` read ``club/.old/b.hrn``: a URL's
    pattern was judged by its file's name only, while the shell's glob, the
    workers' (:func:`expand_here`) and a folder's search skip a hidden
    folder.  A hidden folder the pattern names itself is still read."""
    club = tmp_path / "club"
    for rel in (".old/b.hrn", "sub/c.hrn"):
        (club / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(SAMPLE, club / rel)
    uri = club.as_uri()
    assert expand_url(uri + "/*/*.hrn", EXTENSIONS) == [(club / "sub/c.hrn").as_uri()]
    assert expand_here(str(club / "*/*.hrn"), None, EXTENSIONS) == [(str(club / "sub/c.hrn"), None)]
    assert expand_url(uri + "/.old/*.hrn", EXTENSIONS) == [(club / ".old/b.hrn").as_uri()]


def test_report_over_a_file_url_input_is_refused(tmp_path: Path) -> None:
    """``hearts score file:///.../club/ -o .../club/a.hrn`` replaced the
    record it read: a URL input was passed over, though ``file://`` names
    a local file or folder (fsspec reads the path after ``file://``)."""
    club = tmp_path / "club"
    club.mkdir()
    shutil.copyfile(SAMPLE, club / "a.hrn")
    for given in (club.as_uri() + "/", (club / "a.hrn").as_uri()):
        with pytest.raises(OutputError):
            refuse_report_over_input(str(club / "a.hrn"), [given], EXTENSIONS)
    # a new report beside them, and a URL read elsewhere, pass
    (tmp_path / "report.json").write_text("{}")
    refuse_report_over_input(str(tmp_path / "report.json"), [club.as_uri() + "/"], EXTENSIONS)
    refuse_report_over_input(str(club / "a.hrn"), ["s3://bucket/club/"], EXTENSIONS)


def test_archive_root_skips_its_hidden_folders(tmp_path: Path) -> None:
    """``zip://::club.zip`` (the archive as a folder) read
    ``games/.old/c.hrn``: the root of an archive is ``""``, and the paths
    below it were judged by their file's name only."""
    import zipfile

    archive = tmp_path / "club.zip"
    with zipfile.ZipFile(archive, "w") as z:
        for name in ("a.hrn", "games/b.hrn", "games/.old/c.hrn"):
            z.write(SAMPLE, name)
    assert expand_url(f"zip://::{archive}", EXTENSIONS) == [
        f"zip://a.hrn::{archive}", f"zip://games/b.hrn::{archive}"]
