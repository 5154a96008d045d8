"""A folder named on the command line is searched by one rule
(:func:`hearts_notation.folders.searched`): record files, none hidden and none in
a hidden folder.  ``validate club/`` read ``club/.old/a.hrn`` while ``fmt --check
club/`` skipped it, and ``fmt -i .`` and ``validate .`` disagreed on a virtual
environment's files; every place that lists a folder now asks the same function."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from hearts_notation.cli import cli
from hearts_notation.folders import folder_files, searched
from hearts_notation.io.formats import EXTENSIONS
from hearts_notation.output import OutputError, refuse_report_over_input
from hearts_notation.runners.shards import expand_here, expand_url

SAMPLE = Path(__file__).resolve().parent.parent / "samples" / "canonical.hrn"


@pytest.mark.parametrize(("relative", "found"), [
    ("a.hrn", True), ("sub/A.HRN", True), ("sub/deeper/b.jsonl", True),
    (".a.hrn", False), (".old/a.hrn", False), ("sub/.git/a.hrn", False),
    (f"sub{os.sep}.old{os.sep}a.hrn", False), ("a\\.b.hrn", os.sep != "\\"),
    ("a.pdf", False), ("a.txt", True), ("hrn", False), (".hrn", False),
])
def test_searched(relative: str, found: bool) -> None:
    assert searched(relative, EXTENSIONS) is found


@pytest.fixture()
def club(tmp_path: Path) -> Path:
    for rel in ("b.hrn", "sub/c.hrn", ".old/a.hrn", "sub/.venv/d.hrn", ".e.hrn"):
        target = tmp_path / "club" / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(SAMPLE, target)
    return tmp_path / "club"


def test_every_listing_finds_the_same_files(club: Path) -> None:
    wanted = [str(club / "b.hrn"), str(club / "sub" / "c.hrn")]
    assert folder_files(str(club), EXTENSIONS) == wanted
    assert folder_files(str(club), (".hrn",)) == wanted
    here = expand_here(str(club), None, EXTENSIONS)
    assert not isinstance(here, Exception)
    assert [name for name, _ in here] == wanted
    assert expand_url(club.as_uri() + "/", EXTENSIONS) == [
        Path(w).as_uri() for w in wanted]


def test_validate_and_fmt_agree_on_a_hidden_folder(club: Path) -> None:
    runner = CliRunner()
    v = runner.invoke(cli, ["validate", "--format", "json", str(club)])
    f = runner.invoke(cli, ["fmt", "--check", str(club)])
    assert (v.exit_code, f.exit_code) == (0, 0)
    sources = [g["source"] for g in json.loads(v.output)["games"]]
    assert sources == [str(club / "b.hrn"), str(club / "sub" / "c.hrn")]
    assert f.output.startswith("2 files")


def test_a_report_may_go_into_a_hidden_folder_of_an_input(club: Path) -> None:
    # a file the folder's search does not find is not one of the inputs...
    refuse_report_over_input(str(club / ".old" / "a.hrn"), [str(club)], EXTENSIONS)
    # ...one it finds is
    with pytest.raises(OutputError):
        refuse_report_over_input(str(club / "sub" / "c.hrn"), [str(club)], EXTENSIONS)
