"""Hostile input, campaign 9 (docs/robustness.md, "Structured formats and
the output side"): JSON, JSONL and YAML files made to mislead the readers,
and the outputs of every command pointed where they should not write.

Each test fails on the code before the fix it holds; click's runner runs
the commands in-process (:func:`tests.clirun.run`: no traceback escapes).
"""

from __future__ import annotations

import hashlib
import shutil
from pathlib import Path

import pytest

from hearts_notation.i18n import translate
from tests.clirun import run

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "samples" / "canonical.hrn"


def _yaml_game(tmp_path: Path, number: str) -> str:
    """The sample as a YAML record whose first deal number is written *number*."""
    path = tmp_path / "g.yaml"
    status, _ = run("convert", str(SAMPLE), "--to", "yaml", "-o", str(path))
    assert status == 0
    text = path.read_text(encoding="utf-8")
    assert "- number: 1\n" in text
    path.write_text(text.replace("- number: 1\n", f"- number: {number}\n", 1), encoding="utf-8")
    return str(path)


# YAML 1.1's other spellings of a whole number ----------------------------------------------


@pytest.mark.parametrize("number", ["1:20", "1_0", "0x1", "0b1", "01", "010"])
def test_a_deal_number_in_base_60_or_octal_is_refused_as_written(tmp_path: Path,
                                                                 number: str) -> None:
    """YAML 1.1 reads ``1:20`` as 80 (base 60), ``010`` as 8, ``1_0`` as 10:
    ``number: 1:20`` was deal 80, silently (its pass direction and totals
    then disagreed with the record, far from the cause).  The number is
    refused at its place, quoted as written."""
    path = _yaml_game(tmp_path, number)
    status, out = run("validate", path)
    assert status == 1
    assert f"g.yaml:7:11: error: deals[0].number: '{number}' is not a deal number" in out
    assert "deal 80" not in out and "deal 8 " not in out


def test_a_decimal_deal_number_is_still_read(tmp_path: Path) -> None:
    status, out = run("validate", _yaml_game(tmp_path, "+1"))
    assert status == 0, out


@pytest.mark.parametrize("value", ["1:40", "1_00", "0x64"])
def test_a_rules_file_number_in_another_spelling_is_refused(tmp_path: Path, value: str) -> None:
    """``target: 1:40`` in a rules file was a game to 100 (base 60), and
    ``1_00`` was 100 (``int()`` takes underscores): refused, status 2."""
    status, text = run("rules", "standard", "--format", "yaml")
    assert status == 0
    path = tmp_path / "house.yaml"
    path.write_text(text.replace("target: 100", f"target: {value}"), encoding="utf-8")
    status, out = run("rules", str(path))
    assert status == 2
    assert f"target={value} is not a whole number" in out
    status, out = run("rules", f"standard target={value}")
    assert status == 2 and "is not a whole number" in out


# A report written over a record of a folder it reads ------------------------------------------


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.mark.parametrize("command", [("standings",), ("score", "--format", "json")])
def test_a_report_over_a_record_it_reads_is_refused(tmp_path: Path,
                                                    command: tuple[str, ...]) -> None:
    """``standings g.hrn -o g.hrn`` replaced the record with its standings
    (status 0), and ``score club -o club/a.hrn`` a record of the folder it
    had just read: both refused before any work, the record untouched."""
    club = tmp_path / "club"
    club.mkdir()
    record = club / "a.hrn"
    shutil.copy(SAMPLE, record)
    before = _digest(record)
    for inputs, target in (([str(record)], record), ([str(club)], record),
                           ([str(tmp_path)], club / ".." / "club" / "a.hrn")):
        status, out = run(*command, "--lang", "fr", *inputs, "-o", str(target))
        assert status == 2, out
        assert translate("fr", "output.report_over_input", input=inputs[0]) in out
        assert _digest(record) == before
    # a file the folder search does not read (hidden, or not a record) is written
    status, _ = run(*command, str(club), "-o", str(club / ".report"))
    assert status == 0


# Merge keys and keys YAML reads as null ----------------------------------------------------


def _yaml_players(tmp_path: Path, players: str) -> str:
    """The sample as a YAML record whose players mapping is written *players*."""
    path = Path(_yaml_game(tmp_path, "1"))
    text = path.read_text(encoding="utf-8")
    old = "players: {N: Margaret, E: Tom, S: Priya, W: Dev}\n"
    assert old in text
    path.write_text(text.replace(old, players), encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("players", [
    "players:\n  <<: {N: Margaret, E: Tom}\n  N: Zed\n  S: Priya\n  W: Dev\n",
    "players: {N: Margaret, E: Tom, S: Priya, W: Dev, <<: {W: Other}}\n",
])
def test_a_merge_key_is_refused_at_its_place(tmp_path: Path, players: str) -> None:
    """``<<: {N: Margaret}`` then ``N: Zed``: PyYAML merged the mapping and
    kept ``Zed`` silently, past the duplicate-key check (a record saying
    two things, read as valid, status 0).  Refused at the ``<<``, as an
    alias is."""
    path = _yaml_players(tmp_path, players)
    status, out = run("validate", "--lang", "fr", path)
    assert status == 1
    line = 1 + next(i for i, text in enumerate(Path(path).read_text().splitlines()) if "<<" in text)
    column = 1 + Path(path).read_text().splitlines()[line - 1].index("<<")
    assert f"g.yaml:{line}:{column}: erreur: " + translate("fr", "record.yaml_merge") in out


def test_a_key_yaml_reads_as_null_is_named_and_placed(tmp_path: Path) -> None:
    """``~: Margaret`` was told at ``g.yaml:1`` (no column, the document's
    first line) as ``players.None`` (Python's word); now at the key, as
    ``players.null``, with the hint to quote it, as for ``no:``."""
    path = _yaml_players(tmp_path, "players: {~: Margaret, E: Tom, S: Priya, no: Dev}\n")
    status, out = run("validate", path)
    assert status == 1
    assert "g.yaml:4:11: error: players.null: null is not a seat name" in out
    assert "None" not in out and "False" not in out


# A hostile --analysis report ---------------------------------------------------------------


@pytest.mark.parametrize("game", [
    {"decisions": [], "summary": {"players": 5, "costliest": 1e308}},
    {"decisions": [{"deal": float("inf"), "trick": 1, "seat": "N", "kind": "play"}],
     "summary": {"costliest": [{"deal": 1, "trick": None, "seat": "N", "kind": "pass",
                                "epl": 10 ** 400}]}},
    {"decisions": [{"deal": 1, "trick": None, "seat": "N", "kind": "pass", "mark": "?",
                    "best": 7, "epl": 10 ** 400}],
     "summary": {"players": [{"seat": "N", "decisions": 1, "average_loss": 10 ** 400,
                              "accuracy": 1.0}]}},
])
def test_an_analysis_report_of_other_types_is_read_without_an_internal_error(
        tmp_path: Path, game: dict[str, object]) -> None:
    """``replay --html --analysis REPORT.json`` takes a file the user gives:
    a number where annotate writes a list (``costliest: 1e308``), a deal
    numbered ``Infinity``, an ``epl`` of 400 digits ended in "internal
    error" (exit 3: ``'float' object is not iterable``, ``OverflowError``).
    Such entries are left out, as the other entries of another shape."""
    import json

    report = tmp_path / "report.json"
    report.write_text(json.dumps({"games": [dict(game, index=1)]}), encoding="utf-8")
    page = tmp_path / "r.html"
    status, out = run("replay", str(SAMPLE), "--html", str(page), "--analysis", str(report))
    assert status == 0, out
    assert page.stat().st_size > 0


# An aliases file -------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "place", "key"), [
    ("Margaret: [Tom]\nMargaret: [Dev]\n", "2:1", "alias.repeated"),
    ("Margaret: [Tom, ~]\n", "1:17", "alias.not_name"),
    ("Margaret: Tom\nDev: [Priya, Tom]\n", "2:14", "alias.both"),
])
def test_an_aliases_file_fault_is_told_at_its_place(tmp_path: Path, text: str, place: str,
                                                     key: str) -> None:
    """A name given twice in an aliases file kept its last list silently
    (the first one's spellings lost); a spelling that is not a name was
    told without its line and column, as ``found None`` (Python's word)."""
    path = tmp_path / "aliases.yaml"
    path.write_text(text, encoding="utf-8")
    status, out = run("standings", "--lang", "fr", str(SAMPLE), "--aliases", str(path))
    assert status == 2
    assert f"aliases.yaml:{place}: " in out
    first = translate("fr", key, name="'Margaret'", what="", found="null", raw="'Tom'",
                      a="'Margaret'", b="'Dev'")
    assert first.strip()[:12] in out
    assert "None" not in out
