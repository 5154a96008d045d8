"""review19: an adversarial review with hostile files and outside programs'
logs through every command (the campaign: tests/data/review19/campaign.py,
run by hand).  Each test failed on main at 4c6a4ce and names the bug it pins."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from hearts_notation.io.formats import EXTENSIONS
from hearts_notation.output import OutputError, refuse_report_over_input

SAMPLE = Path(__file__).resolve().parent.parent / "samples" / "canonical.hrn"


def test_report_over_a_record_a_file_url_pattern_reads_is_refused(tmp_path: Path) -> None:
    """``hearts score 'file:///.../club/*.hrn' -o .../club/a.hrn`` replaced
    the record it had just read: the refusal passed over a ``file://``
    pattern (review17's leftover).  The pattern's files, listed as the
    command lists them, are compared now; a hidden folder the pattern does
    not read stays writable, and a pattern matching nothing passes."""
    club = tmp_path / "club"
    (club / ".old").mkdir(parents=True)
    shutil.copyfile(SAMPLE, club / "a.hrn")
    shutil.copyfile(SAMPLE, club / ".old" / "b.hrn")
    uri = club.as_uri()
    for pattern in (uri + "/*.hrn", uri + "/?.hrn", uri + "/[a]*"):
        with pytest.raises(OutputError):
            refuse_report_over_input(str(club / "a.hrn"), [pattern], EXTENSIONS)
    refuse_report_over_input(str(club / ".old" / "b.hrn"), [uri + "/*/*.hrn"], EXTENSIONS)
    refuse_report_over_input(str(club / "a.hrn"), [uri + "/*.json"], EXTENSIONS)
