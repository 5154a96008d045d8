"""The rule keys of OpenSpiel's last three parameters (helper rules11).

``hearts_lead: any`` (``must_break_hearts=False``), ``lead_hearts_instead_of_queen``
(``can_lead_hearts_instead_of_qs``) and ``no_trick_bonus`` (``avoid_all_tricks_bonus``:
-5) are decided in the one game state (:mod:`hearts_notation.state`): each is checked
here through the legal cards or the points, through ``hearts rules`` and a rules file,
and against OpenSpiel itself (when pyspiel is installed) on a few games per parameter.
"""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path

import pytest

from hearts_notation.cards import HEARTS_MASK, QS_BIT, mask_of, parse_card
from hearts_notation.generate import random_game
from hearts_notation.io.openspiel import (
    card_from_action,
    dumps_openspiel_history,
    iter_openspiel_history,
    openspiel_parameters,
    rules_for_parameters,
)
from hearts_notation.model import Game
from hearts_notation.referee import check_game
from hearts_notation.rules import RuleError, load_rules, parse_rules, standard
from hearts_notation.state import GameState, deal_points, legal_plays, trick_winner
from tests.clirun import run, write


def cards(text: str) -> int:
    return mask_of(parse_card(c) for c in text.split())


def test_hearts_lead_any_lets_a_heart_lead_before_hearts_are_broken() -> None:
    hand = cards("2H 9H 3C KS")
    assert legal_plays(standard(), hand, None, False, False) == cards("3C KS")
    anytime = parse_rules("standard hearts_lead=any")
    assert legal_plays(anytime, hand, None, False, False) == hand
    # (the opening lead and following suit are not changed)
    assert legal_plays(anytime, hand | cards("2C"), None, True, False) == cards("2C")
    assert legal_plays(anytime, hand, 0, False, False) == cards("3C")


def test_lead_hearts_instead_of_queen_frees_a_hand_of_hearts_and_the_queen() -> None:
    rules = parse_rules("openspiel lead_hearts_instead_of_queen=true")
    only = cards("QS 4H 8H")
    preset = parse_rules("openspiel")
    assert legal_plays(preset, only, None, False, False) == QS_BIT
    assert legal_plays(rules, only, None, False, False) == only
    # another card beside Q♠: hearts stay back; hearts broken: anything, as before
    assert legal_plays(rules, only | cards("5D"), None, False, False) == cards("QS 5D")
    assert legal_plays(rules, only, None, False, True) == only == legal_plays(
        preset, only, None, False, True)


def test_the_referee_judges_a_heart_lead_by_hearts_lead() -> None:
    """A heart led before hearts are broken: no finding under
    ``hearts_lead=any``, ``hearts-not-broken`` under ``standard``."""
    rules = parse_rules("standard hearts_lead=any")
    for seed in range(200):
        game = random_game(rules, random.Random(seed), deals=1)
        gs = GameState(rules, [mask_of(h) for h in _hands_played(game)])
        early = False
        for trick in game.deals[0].tricks:
            lead = trick.plays[0].card
            if gs.tricks_done and lead // 13 == 2 and not gs.broken and \
                    gs.hands[gs.to_play] & ~HEARTS_MASK:
                early = True
            for play in trick.plays:
                gs.push(play.card)
        if not early:
            continue
        assert not [f for f in check_game(game).findings if f.severity == "error"]
        codes = [f.code for f in check_game(replace(game, rules="standard")).findings]
        assert "hearts-not-broken" in codes
        return
    raise AssertionError("no deal with an early heart lead")


def _hands_played(game: Game) -> list[list[int]]:
    """Each seat's cards as played in the one deal of *game* (after the pass)."""
    out: list[list[int]] = [[], [], [], []]
    for trick in game.deals[0].tricks:
        for play in trick.plays:
            out["NESW".index(play.seat)].append(play.card)
    return out


def test_no_trick_bonus_goes_to_a_seat_without_a_trick_unless_a_moon() -> None:
    rules = parse_rules("openspiel no_trick_bonus=-5")
    deck = rules.deck_mask
    spades = cards("2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS")
    taken = [deck & ~HEARTS_MASK & ~QS_BIT & ~spades, HEARTS_MASK, QS_BIT | spades, 0]
    assert deal_points(rules, taken)[0] == [0, 13, 13, -5]
    assert deal_points(parse_rules("openspiel"), taken)[0] == [0, 13, 13, 0]
    moon = [deck & ~HEARTS_MASK & ~QS_BIT, HEARTS_MASK | QS_BIT, 0, 0]
    assert deal_points(rules, moon)[0] == [26, 0, 26, 26]          # no bonus on a moon
    part = [taken[0], 0, 0, 0]
    assert deal_points(rules, part)[0] == [0, 0, 0, 0]             # not before the deal ends


def test_the_referee_scores_the_bonus() -> None:
    rules = parse_rules("standard no_trick_bonus=-5")
    for seed in range(200):
        game = random_game(rules, random.Random(seed), deals=1)
        report = check_game(game)
        winners = {t.plays[trick_winner([p.card for p in t.plays])].seat for t in game.deals[0].tricks}
        if len(winners) == 4 or report.deals[0].moon is not None:
            continue
        points = report.deals[0].points
        assert points is not None
        assert all(points[s] == -5 for s in "NESW" if s not in winners)
        return
    raise AssertionError("no deal with a seat that took no trick")


@pytest.mark.parametrize(("word", "key", "value"), [
    ("hearts_lead=any", "hearts_lead", "any"),
    ("lead_hearts_instead_of_queen=yes", "lead_hearts_instead_of_queen", True),
    ("no_trick_bonus=-5", "no_trick_bonus", -5),
])
def test_keys_read_from_a_rules_string_a_file_and_hearts_rules(tmp_path: Path, word: str,
                                                                key: str, value: object) -> None:
    rules = parse_rules(f"openspiel {word}")
    assert getattr(rules, key) == value
    assert parse_rules(rules.portable_spec) == parse_rules(rules.portable_spec)
    assert getattr(parse_rules(rules.portable_spec), key) == value
    status, out = run("rules", f"openspiel {word}")
    assert status == 0 and f"{key}: {str(value).lower()}" in out
    f = tmp_path / "club.yaml"
    f.write_text(out, encoding="utf-8")
    assert getattr(load_rules(str(f)), key) == value


def test_bad_values_say_what_is_expected() -> None:
    with pytest.raises(RuleError, match="broken, any"):
        parse_rules("standard hearts_lead=sometimes")
    with pytest.raises(RuleError):
        parse_rules("standard no_trick_bonus=much")
    with pytest.raises(RuleError):
        parse_rules("standard lead_hearts_instead_of_queen=maybe")


def test_bad_value_in_a_rules_file_is_exit_2_in_both_languages(tmp_path: Path) -> None:
    f = write(tmp_path, "r.yaml", "hearts_lead: sometimes\n")
    status, out = run("rules", f)
    assert status == 2 and "broken, any" in out and "Traceback" not in out
    status, out = run("rules", f, "--lang", "fr")
    assert status == 2 and "broken, any" in out


def test_parameters_map_both_ways() -> None:
    for params, word in (({"must_break_hearts": False}, "hearts_lead=any"),
                         ({"can_lead_hearts_instead_of_qs": True}, "lead_hearts_instead_of_queen=true"),
                         ({"avoid_all_tricks_bonus": True}, "no_trick_bonus=-5")):
        spec = rules_for_parameters(params)
        assert word in spec.split()
        back = openspiel_parameters(parse_rules(spec))
        assert all(back[k] == v for k, v in params.items())


# --- against OpenSpiel ------------------------------------------------------------


def _play_against_pyspiel(gstring: str, seed: int, keep_queen: bool = False) -> tuple[int, int]:
    """Play one random game of OpenSpiel's *gstring*, comparing at every
    play its legal cards with the game state's under the rules read for it,
    and the points at the end; then read its history back and referee it.
    *keep_queen*: play hearts and Q♠ last, so that leaders are left with
    only those (where ``can_lead_hearts_instead_of_qs`` shows).  Returns
    (plays compared, leads of Q♠ and hearts only before hearts are broken)."""
    pyspiel = pytest.importorskip("pyspiel")
    from hearts_notation.io.openspiel import parse_game_string

    game = pyspiel.load_game(gstring)
    rules = parse_rules(rules_for_parameters(parse_game_string(gstring)))
    rng = random.Random(seed)
    state = game.new_initial_state()
    ours: GameState | None = None
    compared = 0
    queen_leads = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.legal_actions()))
            continue
        doc = json.loads(state.to_json())
        if doc["phase"] == "Play" and ours is None:
            ours = GameState(rules, [mask_of(parse_card(c) for c in h) for h in doc["hands"]])
        legal = state.legal_actions()
        if ours is not None:
            theirs = mask_of(card_from_action(a) for a in legal)
            assert ours.legal_cards() == theirs, (gstring, seed, ours)
            compared += 1
            if not ours.trick and not ours.broken and theirs & QS_BIT and theirs & HEARTS_MASK:
                queen_leads += 1
        if keep_queen:
            rest = [a for a in legal if not (1 << card_from_action(a)) & (HEARTS_MASK | QS_BIT)]
            pick = rng.choice(rest or legal)
        else:   # (prefer a heart when allowed: the new rules show there)
            pick = next((a for a in legal if card_from_action(a) // 13 == 2), rng.choice(legal))
            pick = pick if rng.random() < 0.5 else rng.choice(legal)
        if ours is not None:
            ours.push(card_from_action(pick))
        state.apply_action(pick)
    assert ours is not None
    points = [round(26 - r) for r in state.returns()]
    assert ours.points() == points, (gstring, seed)
    (read,) = iter_openspiel_history(json.dumps(state.history()), "x", parameters=gstring)
    report = check_game(read)
    assert not [f for f in report.findings if f.severity == "error"]
    assert [report.deals[0].points[s] for s in "NESW"] == points
    first = dumps_openspiel_history([read]).splitlines()[0]
    written = parse_game_string(first if first.startswith("hearts") else "hearts")
    wanted = parse_game_string(gstring)
    assert {k: v for k, v in written.items() if k != "pass_cards"} == {
        k: v for k, v in wanted.items() if k != "pass_cards"}
    return compared, queen_leads


@pytest.mark.parametrize("gstring", [
    "hearts(must_break_hearts=False)",
    "hearts(can_lead_hearts_instead_of_qs=True)",
    "hearts(avoid_all_tricks_bonus=True)",
    "hearts(avoid_all_tricks_bonus=True,jd_bonus=True,must_break_hearts=False)",
])
def test_pyspiel_agrees_on_legal_cards_and_points(gstring: str) -> None:
    pytest.importorskip("pyspiel")
    total = 0
    for seed in range(3):
        compared, _ = _play_against_pyspiel(gstring, seed)
        total += compared
    assert total == 3 * 52


def test_pyspiel_agrees_when_the_queen_would_be_forced() -> None:
    """can_lead_hearts_instead_of_qs shows only for a leader left with Q♠
    and hearts before hearts are broken: played for, and seen."""
    pytest.importorskip("pyspiel")
    seen = sum(_play_against_pyspiel("hearts(can_lead_hearts_instead_of_qs=True,pass_cards=False)",
                                     seed, keep_queen=True)[1] for seed in range(16))
    assert seen > 0
