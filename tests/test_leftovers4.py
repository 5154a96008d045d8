"""Leftovers of the last sessions, each a "one path per concern" or "one
typo, one finding" debt (docs/decisions.md, "helper leftovers4").

A record's ``Rules`` string is read leniently in one place,
``rules.lenient_rules``, which the HRN reader (for the seats' names) and the
referee (for the rules checked under) both take: where they read it apart,
a string with a bad word could give the reader N E S W while the referee
checked three players, and every ``P1`` line was an unknown seat.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from hearts_notation.api import validate_text
from hearts_notation.io.hrn.reader import parse_game
from hearts_notation.io.hrn.words import closest_keyword, misspelt_tag
from hearts_notation.referee import game_seats, rules_with_findings
from hearts_notation.rules import lenient_rules, parse_rules, preset_rules

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
THREE = (SAMPLES / "three-players.hrn").read_text(encoding="utf-8")


def _findings(text: str, rules: str | None = None) -> list[tuple[str, int, int]]:
    out = validate_text(text, rules=rules, source="t.hrn")
    return [(f["code"], f["line"], f["column"]) for f in out.findings() if f["severity"] != "info"]


def _typo(text: str, line: str, typed: str) -> str:
    assert line in text
    return text.replace(line, typed, 1)


# 1. One lenient reading of a Rules string ------------------------------------------------


def test_a_mistyped_preset_is_the_one_its_did_you_mean_names() -> None:
    read = lenient_rules("three-playres target=50")
    assert read.near == "three-players"
    assert read.rules == parse_rules("three-players target=50")
    assert len(read.problems) == 1
    assert read.under == "three-players target=50"


def test_a_sound_string_has_no_problem_and_no_guess() -> None:
    read = lenient_rules("kawu target=50")
    assert (read.rules, read.problems, read.near) == (parse_rules("kawu target=50"), (), None)


def test_a_word_close_to_nothing_falls_back_on_the_default() -> None:
    three = preset_rules("three-players")
    read = lenient_rules("xyzzy", three)
    assert (read.rules, read.near, read.under) == (three, None, "three-players")
    assert lenient_rules("xyzzy").rules == preset_rules("standard")
    assert lenient_rules("  ", three).rules == three     # no word: the default


@pytest.mark.parametrize(("spec", "rules"), [
    ("standard players=3 foo=1", None),   # a bad key beside a good one
    ("players=3 foo=1", None),            # no preset, a bad key
    ("xyzzy players=3", None),            # a preset close to nothing, a good key
    ("xyzzy", "three-players"),           # close to nothing: --rules
    ("", "three-players"),                # empty: --rules
    ("three-playres", None),              # close to a preset
])
def test_the_reader_reads_the_seats_the_referee_checks(spec: str, rules: str | None) -> None:
    """Each was the rules' one error plus an unknown seat a line (10 in
    all) when the reader kept only a string that parsed whole."""
    text = _typo(THREE, '[Rules "three-players"]', f'[Rules "{spec}"]')
    game = parse_game(text, "t.hrn", default_rules=parse_rules(rules) if rules else None)
    checked, _ = rules_with_findings(game, parse_rules(rules) if rules else None)
    assert checked.players == 3 and game_seats(game, checked)[0] == ("P1", "P2", "P3")
    if rules is None:      # (the model's own answer, without --rules)
        assert game.seat_names == ("P1", "P2", "P3")
    expected = [("unknown-rule", 3, 8)] if spec.strip() and spec != "three-players" else []
    assert _findings(text, rules) == expected


# 2. One "close to one of these keywords" ---------------------------------------------------


def test_a_word_close_to_a_keyword_is_found_folded() -> None:
    assert closest_keyword("Passé", ("pass", "passe")) == "passe"     # accent aside
    assert closest_keyword("à drote", ["à droite", "a droite"]) == "à droite"
    assert closest_keyword("d}al".replace("}", ""), ("deal", "donne")) == "deal"
    assert closest_keyword("trick", ("deal", "donne")) is None


def test_a_tag_name_must_be_nearer_than_a_keyword() -> None:
    """``[Status]`` may be a club's own tag: 0.73 from ``Seats`` is a
    keyword's slip, not a tag name's."""
    assert closest_keyword("Status", ["Seats"]) == "Seats"
    assert misspelt_tag("Status") is None
    assert misspelt_tag("Rulse") == "Rules"
    assert misspelt_tag("Evnement") == "Événement"      # the accented spelling suggested
