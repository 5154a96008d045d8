"""A chat export's ``[06/12/2026 21:04] Hervé: ...`` opens with ``[`` and
digits, as an OpenSpiel history does: on standard input it was sniffed as
JSON ("JSON non valide") where the same file by name is HRN and told once
(typed22's report).  An action number opens a history only as one."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from hearts_notation.io.sniff import looks_like, sniff_format

DATA = Path(__file__).parent / "data" / "typed22"


@pytest.mark.parametrize("head", [
    '[06/12/2026 21:04] Hervé: [Événement "Club"]\n',
    "[6/12/26, 9:04 PM] Ann: [Event \"Club\"]\n",
    "[21:04, 06/12/2026] Ann: deal 1\n",
])
def test_a_chat_prefix_is_not_a_history(head: str) -> None:
    assert sniff_format(head) is None
    assert looks_like(head) is None


@pytest.mark.parametrize("head", ["[0, 12, 51]\n", "[0 12 51]\n", "[\n  0,\n  3\n]", "[5]",
                                  "[[0, 1], [2]]\n"])
def test_action_lists_stay_histories(head: str) -> None:
    assert sniff_format(head) == "openspiel-history"


def test_a_chat_export_on_standard_input_is_told_as_by_name() -> None:
    record = DATA / "fr-whatsapp.hrn"
    by_name = subprocess.run([sys.executable, "-m", "hearts_notation", "validate", str(record)],
                             capture_output=True, text=True, timeout=60)
    piped = subprocess.run([sys.executable, "-m", "hearts_notation", "validate", "-"],
                           input=record.read_text(encoding="utf-8"),
                           capture_output=True, text=True, timeout=60)
    assert "[syntax-error]" in piped.stdout + piped.stderr
    assert "JSON" not in piped.stdout + piped.stderr
    first = (by_name.stdout + by_name.stderr).splitlines()[0].split(":", 1)[1]
    assert (piped.stdout + piped.stderr).splitlines()[0] == "-:" + first
    assert piped.returncode == by_name.returncode
