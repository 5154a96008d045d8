"""Rule sets against the spec §4 table and the seeds, and ``hearts rules``."""

from __future__ import annotations

import json
import pickle
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from hearts_notation.cli import cli
from hearts_notation.model import Game
from hearts_notation.referee import resolve_rules, rules_with_findings
from hearts_notation.rules import (
    RULE_KEYS,
    apply_overrides,
    load_rules,
    parse_rules,
    preset_names,
    standard,
    with_players,
)

#: spec §4: each named preset is standard except for these keys.
PRESETS: dict[str, dict[str, object]] = {
    "standard": {},
    "kawu": {"hearts_broken_by": "any-heart", "tie": "play-on"},
    "queen-breaks-hearts": {"queen_breaks_hearts": True},
    "jack-of-diamonds": {"jack_of_diamonds": -10},
    "moon-choice": {"moon": "choose"},
    "short": {"target": 50},
    "three-players": {"players": 3, "removed_cards": ["2D"], "pass_cycle": ["left", "right", "hold"]},
    "five-players": {"players": 5, "removed_cards": ["2D", "2C"], "pass_cycle": ["left", "right", "hold"]},
    "six-players": {"players": 6, "removed_cards": ["2D", "3D", "2C", "3C"],
                    "pass_cycle": ["left", "right", "across", "hold"]},
    "openspiel": {"hearts_broken_by": "any-heart", "queen_breaks_hearts": True},
}

STANDARD = {
    "players": 4, "removed_cards": [], "pass_cycle": ["left", "right", "across", "hold"], "pass_count": 3,
    "opening_lead": "lowest-club", "first_trick_hearts": "forbidden", "first_trick_queen": "forbidden",
    "hearts_broken_by": "discard", "queen_breaks_hearts": False, "hearts_lead": "broken",
    "lead_hearts_instead_of_queen": False, "jack_of_diamonds": 0, "no_trick_bonus": 0, "moon": "add",
    "target": 100, "tie": "share",
}


def test_standard_is_seed_000_and_has_every_key() -> None:
    assert standard().to_mapping() == STANDARD
    assert set(RULE_KEYS) == set(STANDARD)


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_presets_are_standard_but_the_spec_keys(name: str) -> None:
    assert set(preset_names()) == set(PRESETS)
    assert parse_rules(name).to_mapping() == {**STANDARD, **PRESETS[name]}


@pytest.mark.parametrize(("spec", "key", "value"), [
    ("standard opening_lead=any-club", "opening_lead", "any-club"),
    ("standard first_trick_hearts=allowed", "first_trick_hearts", "allowed"),
    ("standard first_trick_queen=allowed", "first_trick_queen", "allowed"),
    ("standard pass_count=4", "pass_count", 4),
    ("standard pass_cycle=left,right,right,hold", "pass_cycle", ("left", "right", "right", "hold")),
    ("standard moon=subtract", "moon", "subtract"),
    ("standard queen_breaks_hearts=yes", "queen_breaks_hearts", True),
    ("standard players=5", "removed_cards", ("2D", "2C")),
])
def test_every_other_value_of_the_table(spec: str, key: str, value: object) -> None:
    assert getattr(parse_rules(spec), key) == value


def test_rule_sets_hash_once_and_travel_to_workers() -> None:
    r = parse_rules("kawu target=50")
    assert hash(r) == hash(parse_rules("kawu target=50"))
    copy = pickle.loads(pickle.dumps(r))
    assert copy == r and "_hash" not in copy.__dict__ and hash(copy) == hash(r)


def test_portable_spec_reads_back(tmp_path: Path) -> None:
    f = tmp_path / "club.yaml"
    f.write_text("base: kawu\njack_of_diamonds: -10\npass_cycle: [left, hold]\n", encoding="utf-8")
    r = load_rules(str(f))
    assert parse_rules(r.portable_spec).to_mapping() == r.to_mapping()
    assert with_players(standard(), 3).removed_cards == ("2D",)
    assert apply_overrides(standard(), [("target", "50")]).spec == "standard target=50"


def test_resolution_of_the_rules_tag() -> None:
    game = Game(rules="kawu")
    assert resolve_rules(game).name == "kawu"
    assert resolve_rules(game, "short", force_rules=True).name == "short"
    assert resolve_rules(Game(), "short").name == "short"
    assert resolve_rules(Game()).name == "standard"
    rules, found = rules_with_findings(Game(rules="kawu moon=sometimes tie=play-on target=60"))
    assert rules.name == "kawu" and rules.target == 60
    assert [f.code for f in found] == ["unknown-rule"]
    assert "choose one of: add, subtract, choose" in found[0].message
    rules, found = rules_with_findings(Game(rules="nope"), "kawu")
    assert rules.name == "kawu" and "checked under kawu" in found[0].message


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, ["rules", *args])
    return result.exit_code, result.stdout, result.stderr


def test_rules_command_lists_the_presets() -> None:
    code, out, _ = run()
    assert code == 0
    for name in PRESETS:
        assert name in out
    code, out, _ = run("--format", "json")
    rows = json.loads(out)
    assert [r["name"] for r in rows] == preset_names()
    assert all(r["description"] for r in rows)
    assert rows[0]["rules"] == STANDARD


def test_rules_command_prints_one_as_yaml_that_loads_back(tmp_path: Path) -> None:
    code, out, _ = run("standard jack_of_diamonds=-10 target=50")
    assert code == 0
    data = yaml.safe_load(out)
    assert data == {**STANDARD, "jack_of_diamonds": -10, "target": 50}
    f = tmp_path / "r.yaml"
    f.write_text(out, encoding="utf-8")
    assert load_rules(str(f)).to_mapping() == data
    code, out, _ = run("kawu", "--format", "json")
    assert json.loads(out)["tie"] == "play-on"


def test_rules_command_bad_name_exits_2() -> None:
    code, _, err = run("nope")
    assert code == 2 and "valid presets: standard" in err
    code, _, err = run("standard tie=coin")
    assert code == 2 and "share, play-on" in err
