"""A seat written in full or in another case where the game's seat letter
belongs (``"dealer": "North"``, ``"n"``, a hand under ``"Nord"``, as other
programs' JSON writes them), and a lone carriage return that the lexer's own
checks met first: each finding names the cause, not only its consequence
(referee._not_a_seat, lex.lone_cr)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hearts_notation.api import validate_text
from tests.clirun import run, write

SAMPLES = Path(__file__).resolve().parent.parent / "samples"


def _record(tmp_path: Path) -> dict[str, object]:
    status, out = run("convert", str(SAMPLES / "canonical.hrn"), "--to", "json")
    assert status == 0, out
    return json.loads(out)  # type: ignore[no-any-return]


@pytest.mark.parametrize("typed", ["North", "n", "Nord", "NORTH"])
def test_a_dealer_written_in_full_or_lower_case_is_told_the_seat(tmp_path: Path, typed: str) -> None:
    record = _record(tmp_path)
    record["deals"][0]["dealer"] = typed  # type: ignore[index]
    status, out = run("validate", write(tmp_path, "g.json", json.dumps(record)))
    assert status == 0, out    # (a warning: the dealer leads nothing)
    assert f"deal 1 is dealt by {typed}, which is not a seat of this game" in out, out
    assert "did you mean Margaret (N)? [dealer-rotation]" in out, out


def test_a_name_that_is_no_seat_gets_no_guess(tmp_path: Path) -> None:
    record = _record(tmp_path)
    record["deals"][0]["dealer"] = "X"  # type: ignore[index]
    status, out = run("validate", write(tmp_path, "g.json", json.dumps(record)))
    assert status == 0, out
    assert "dealt by X, which is not a seat" in out and "did you mean" not in out, out


def test_a_hand_under_a_seat_written_in_french_is_told_the_seat_in_french(tmp_path: Path) -> None:
    record = {"language": "fr", **_record(tmp_path)}
    hands = record["deals"][0]["hands"]  # type: ignore[index]
    hands["Nord"] = hands.pop("N")
    status, out = run("validate", write(tmp_path, "g.json", json.dumps(record)))
    assert status == 1, out
    assert "une main est notée pour Nord, qui n'est pas une place de cette partie" in out, out
    assert "; vouliez-vous dire Margaret (N) ? [hand-size]" in out, out


def test_a_lone_cr_ends_the_line_before_the_lexer_reads_it() -> None:
    # (``S:K73`` after the CR was ♠ a second time in one line; the CR is a
    # line end since typed16: two hands, each told short)
    out = validate_text("deal 1 dealer N\nE: S:QJ9 H:K\rS: S:K73\n", source="t.hrn")
    errors = [(f["line"], f["column"]) for f in out.findings() if f["severity"] == "error"]
    assert (2, 1) in errors and (3, 1) in errors, errors
