"""Rule sets: presets, overrides, validation messages that name the choices."""

from pathlib import Path

import pytest

from hearts_notation.rules import RuleError, load_rules, parse_rules, preset_names

SPEC_PRESETS = {
    "standard", "kawu", "queen-breaks-hearts", "jack-of-diamonds", "moon-choice", "short",
    "three-players", "five-players", "six-players", "openspiel",
}


def test_every_spec_preset_ships() -> None:
    assert set(preset_names()) == SPEC_PRESETS
    for name in preset_names():
        assert parse_rules(name).name == name


def test_standard_is_seed_000() -> None:
    r = parse_rules("standard")
    assert r.players == 4 and r.hand_size == 13
    assert r.pass_cycle == ("left", "right", "across", "hold")
    assert r.hearts_broken_by == "discard" and not r.queen_breaks_hearts
    assert r.moon == "add" and r.target == 100 and r.tie == "share"
    assert r.jack_of_diamonds == 0


@pytest.mark.parametrize(
    ("name", "players", "removed", "lowest"),
    [("three-players", 3, ("2D",), "2C"), ("five-players", 5, ("2D", "2C"), "3C"),
     ("six-players", 6, ("2D", "3D", "2C", "3C"), "4C")],
)
def test_player_count_presets(name: str, players: int, removed: tuple[str, ...], lowest: str) -> None:
    from hearts_notation.cards import CARDS

    r = parse_rules(name)
    assert r.players == players and r.removed_cards == removed
    assert str(CARDS[r.lowest_club]) == lowest
    assert r.hand_size * players == 52 - len(removed)


def test_overrides_and_lists() -> None:
    r = parse_rules("standard jack_of_diamonds=-10 target=50 pass_cycle=left,right,right,hold")
    assert r.jack_of_diamonds == -10 and r.target == 50
    assert r.pass_cycle == ("left", "right", "right", "hold")
    assert r.spec == "standard jack_of_diamonds=-10 target=50 pass_cycle=left,right,right,hold"
    assert parse_rules("kawu").tie == "play-on"
    assert parse_rules("openspiel").hearts_broken_by == "any-heart"
    assert parse_rules("openspiel").queen_breaks_hearts


@pytest.mark.parametrize(
    ("spec", "fragment"),
    [
        ("nope", "valid presets: standard"),
        ("standard colour=red", "valid options:"),
        ("standard moon=maybe", "choose one of: add, subtract, choose"),
        ("standard target=abc", "not a whole number"),
        ("standard players=5 removed_cards=2D", "51 cards do not divide among 5 players"),
        ("three-players pass_cycle=left,across", "'across' needs an even number"),
        ("standard removed_cards=ZZ", "not a card"),
    ],
)
def test_bad_rules_name_the_choices(spec: str, fragment: str) -> None:
    with pytest.raises(RuleError, match=fragment):
        parse_rules(spec)


def test_rules_file(tmp_path: Path) -> None:
    f = tmp_path / "club.yaml"
    f.write_text("base: short\njack_of_diamonds: -10\n", encoding="utf-8")
    r = load_rules(str(f))
    assert r.target == 50 and r.jack_of_diamonds == -10
    bad = tmp_path / "bad.yaml"
    bad.write_text("tie: coin-toss\n", encoding="utf-8")
    with pytest.raises(RuleError, match="share, play-on"):
        load_rules(str(bad))


def test_yaml_dump_reads_back(tmp_path: Path) -> None:
    r = parse_rules("moon-choice target=75")
    f = tmp_path / "r.yaml"
    f.write_text(r.to_yaml(), encoding="utf-8")
    back = load_rules(str(f))
    assert back.to_mapping() == r.to_mapping()
