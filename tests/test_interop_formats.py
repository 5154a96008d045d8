"""OpenSpiel interop without OpenSpiel: the readers on the shipped fixtures
(OpenSpiel's own output, see tests/data/interop/make_fixtures.py), the
writer's refusals, malformed input, the parameter mapping and the CLI.

The round trips against the real library are in test_interop_pyspiel.py.
"""

from __future__ import annotations

import dataclasses
import json
import random
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from hearts_notation.cards import FULL_DECK, mask_of, parse_card
from hearts_notation.cli import cli
from hearts_notation.generate import random_deal, random_game
from hearts_notation.io import InputError, iter_games_text, read_games
from hearts_notation.io.jsonio import JsonLocator, RecordError
from hearts_notation.io.openspiel import (
    PARAMETER_DEFAULTS,
    OpenSpielExportError,
    action_of_card,
    card_from_action,
    dumps_openspiel_history,
    game_histories,
    game_string,
    iter_openspiel,
    iter_openspiel_history,
    openspiel_parameters,
    parse_game_string,
    rules_for_parameters,
)
from hearts_notation.model import Game, Moon, Pos, Trick
from hearts_notation.rules import parse_rules, preset_names
from hearts_notation.state import deal_points
from hearts_notation.walk import taken_masks, walk

DATA = Path(__file__).parent / "data" / "interop"
ROOT = Path(__file__).parent.parent


def read(name: str, fmt: str) -> list[Game]:
    return list(read_games(str(DATA / name), fmt))


def check_legal_and_points(game: Game) -> None:
    """Every play legal under the game's rules (walk/engine), and for a
    finished deal the recorded (OpenSpiel) points equal the engine's."""
    rules = parse_rules(game.rules or "")
    deal = game.deals[0]
    hands = [deal.hands[s] for s in game.seat_names]
    assert all(h is not None and len(h) == 13 for h in hands)
    assert mask_of(c for h in hands for c in h or ()) == FULL_DECK
    for step in walk(deal, rules, game.seat_names):
        assert step.legal is not None and step.legal >> step.play.card & 1, step
    if not deal.unfinished:
        points, _ = deal_points(rules, taken_masks(deal, game.seat_names))
        assert deal.score is not None
        assert points == [deal.score[s] for s in game.seat_names]


# Card ids and parameters -------------------------------------------------------


def test_card_ids_are_rank_times_four_plus_suit() -> None:
    assert [str(card_from_action(a)) for a in (0, 1, 2, 3, 4, 43, 51)] == [
        "2C", "2D", "2H", "2S", "3C", "QS", "AS"]
    assert sorted(action_of_card(card_from_action(a)) for a in range(52)) == list(range(52))
    assert action_of_card(parse_card("JD")) == 9 * 4 + 1


def test_game_string_parameters() -> None:
    assert parse_game_string("hearts") == PARAMETER_DEFAULTS
    assert parse_game_string("hearts()") == PARAMETER_DEFAULTS
    p = parse_game_string("hearts(jd_bonus=True,pass_cards=false)")
    assert p["jd_bonus"] is True and p["pass_cards"] is False
    assert game_string(p) == "hearts(jd_bonus=True,pass_cards=False)"
    for bad in ("bridge()", "hearts(colour=True)", "hearts(jd_bonus=maybe)", "hearts(("):
        with pytest.raises(RecordError):
            parse_game_string(bad)


def test_parameters_map_to_rules_and_back() -> None:
    assert rules_for_parameters() == "openspiel"
    assert rules_for_parameters(None, "across") == "openspiel pass_cycle=across"
    every = {"no_pts_on_first_trick": False, "can_lead_any_club": True, "jd_bonus": True,
             "qs_breaks_hearts": False, "avoid_all_tricks_bonus": True,
             "must_break_hearts": False, "can_lead_hearts_instead_of_qs": True}
    rules = parse_rules(rules_for_parameters(every))
    assert (rules.first_trick_hearts, rules.first_trick_queen, rules.opening_lead,
            rules.jack_of_diamonds, rules.queen_breaks_hearts, rules.hearts_broken_by,
            rules.hearts_lead, rules.lead_hearts_instead_of_queen, rules.no_trick_bonus) == (
        "allowed", "allowed", "any-club", -10, False, "any-heart", "any", True, -5)
    assert {k: v for k, v in openspiel_parameters(rules).items() if v != PARAMETER_DEFAULTS[k]} == every


def test_docs_table_names_the_parameters_of_every_preset() -> None:
    """docs/interop.md states, for each preset, the OpenSpiel game string
    that plays it; keep the page true to the code."""
    doc = (ROOT / "docs" / "interop.md").read_text(encoding="utf-8")
    for preset in preset_names():
        row = next((line for line in doc.splitlines() if line.startswith(f"| `{preset}`")), None)
        assert row is not None, f"docs/interop.md has no table row for {preset}"
        rules = parse_rules(preset)
        if rules.players == 4:
            assert f"`{game_string(openspiel_parameters(rules))}`" in row, row
        else:
            assert "none" in row.lower(), row


def test_locate_points_into_json() -> None:
    """The OpenSpiel readers point into JSON with the records' one locator."""
    text = '{"a": [1, {"b": "x,]"}, [2,\n  3]],\n "c": "d"}'
    locate = JsonLocator(text)
    assert locate(("a", 0)) == Pos(1, 8)
    assert locate(("a", 1, "b")) == Pos(1, 17)
    assert locate(("a", 2, 1)) == Pos(2, 3)
    assert locate(("c",)) == Pos(3, 7)
    assert locate(("a", 5)) is None
    assert locate(("zz",)) is None


# Reading the fixtures ------------------------------------------------------------


def test_finished_state_rebuilds_the_hands_as_dealt() -> None:
    (game,) = read("terminal.osjson", "openspiel")
    assert game.rules == "openspiel pass_cycle=left"
    assert game.tags["Source"] == "OpenSpiel hearts()"
    deal = game.deals[0]
    assert (deal.number, deal.direction, deal.unfinished, len(deal.tricks)) == (1, "left", False, 13)
    assert set(deal.passes) == {"N", "E", "S", "W"}
    state = json.loads((DATA / "terminal.osjson").read_text())
    assert deal.score == dict(zip("NESW", [int(p) for p in state["points"]], strict=True))
    check_legal_and_points(game)


def test_one_object_a_list_and_one_per_line_read_the_same() -> None:
    listed = read("states.osjson", "openspiel")
    lines = read("states-lines.osjson", "openspiel")
    assert listed == lines
    assert [g.index for g in lines] == list(range(1, 7))
    assert [g.deals[0].direction for g in listed] == ["left", "across", "right", "hold",
                                                       "across", "right"]
    assert [g.deals[0].unfinished for g in listed] == [False] * 4 + [True, True]
    assert read("terminal.osjson", "openspiel")[0] == listed[0]
    for game in listed[:4]:
        check_legal_and_points(game)


def test_mid_play_state_is_an_unfinished_deal() -> None:
    game = read("states.osjson", "openspiel")[4]
    deal = game.deals[0]
    assert [len(t.plays) for t in deal.tricks] == [4] * 5 + [2]
    assert deal.score is None
    check_legal_and_points(game)


def test_pass_phase_state_keeps_the_partial_pass_as_a_short_pass() -> None:
    game = read("states.osjson", "openspiel")[5]
    deal = game.deals[0]
    assert set(deal.passes) == {"N", "E", "S"} and len(deal.passes["S"].cards) == 1
    assert deal.comment is None       # data, not an English sentence (test_openspiel_language)
    assert not deal.tricks
    check_legal_and_points(game)


def test_histories_match_the_states() -> None:
    states = read("states.osjson", "openspiel")
    histories = read("histories.oshist", "openspiel-history")
    assert len(histories) == 6
    for s, h in zip(states, histories, strict=True):
        ds, dh = s.deals[0], h.deals[0]
        assert (dh.direction, dh.hands, dh.tricks, dh.unfinished) == (
            ds.direction, ds.hands, ds.tricks, ds.unfinished)
        assert s.rules == h.rules
        assert {k: set(p.cards) for k, p in dh.passes.items()} == {
            k: set(p.cards) for k, p in ds.passes.items()}
        assert dh.score is None  # a history records no points
    assert histories[5].deals[0].comment is None      # the partial pass is a short pass
    assert read("history.oshist", "openspiel-history")[0].deals == histories[0].deals


def test_serialized_forms() -> None:
    histories = read("histories.oshist", "openspiel-history")
    (plain,) = read("serialized.oshist", "openspiel-history")
    assert plain.deals == histories[1].deals
    (jd,) = read("game-and-state.oshist", "openspiel-history")
    assert jd.rules == "openspiel jack_of_diamonds=-10 pass_cycle=left"
    assert jd.tags["Source"] == "OpenSpiel hearts(jd_bonus=True)"
    points, _ = deal_points(parse_rules(jd.rules), taken_masks(jd.deals[0], jd.seat_names))
    assert points == [int(p) for p in json.loads((DATA / "game-and-state.points.json").read_text())]


def test_moon() -> None:
    (state,) = read("moon.osjson", "openspiel")
    (history,) = read("moon.oshist", "openspiel-history")
    assert state.deals[0].score == {"N": 0, "E": 26, "S": 26, "W": 26}
    assert state.deals[0].tricks == history.deals[0].tricks
    check_legal_and_points(state)


def test_parameters_for_the_json_state() -> None:
    text = (DATA / "terminal.osjson").read_text()
    (game,) = iter_openspiel(text, "x", parameters="hearts(jd_bonus=True)")
    assert game.rules == "openspiel jack_of_diamonds=-10 pass_cycle=left"
    (game,) = iter_openspiel(text, "x", parameters={"must_break_hearts": False})
    assert game.rules == "openspiel hearts_lead=any pass_cycle=left"


# Malformed input ---------------------------------------------------------------


def line_of(name: str, needle: str) -> int:
    lines = (DATA / name).read_text().splitlines()
    return next(i for i, line in enumerate(lines, 1) if needle in line)


@pytest.mark.parametrize(("name", "fmt", "where", "message"), [
    ("bad-card.osjson", "openspiel", "1X", "'1X' is not an OpenSpiel card"),
    ("bad-types.osjson", "openspiel", None, "points: expected a list of 4 numbers, found a string"),
    ("not-json.osjson", "openspiel", None, "not valid JSON"),
    ("truncated.oshist", "openspiel-history", None, "truncated history: 29 of the 52 deal actions"),
    ("bad-card-id.oshist", "openspiel-history", None,
     "history 2, action 81: 52 is not a card id"),
])
def test_malformed_fixture(name: str, fmt: str, where: str | None, message: str) -> None:
    path = str(DATA / name)
    with pytest.raises(InputError) as info:
        list(read_games(path, fmt))
    text = str(info.value)
    assert text.startswith(path + ":"), text
    assert message in text
    assert info.value.line is not None
    if where is not None:
        assert info.value.line == line_of(name, where)
    if name == "bad-card-id.oshist":
        second = (DATA / name).read_text().splitlines()[1]
        assert (info.value.line, info.value.column) == (2, second.index("52") + 1)


TERMINAL = (DATA / "terminal.osjson").read_text()
HISTORY = json.loads((DATA / "history.oshist").read_text())


def _state_with(**changes: object) -> str:
    state = json.loads(TERMINAL)
    state.update(changes)
    return json.dumps(state)


@pytest.mark.parametrize(("text", "message"), [
    ("[1, 2,", "not valid JSON"),
    ("42", "expected an OpenSpiel hearts state"),
    ("[]", "expected an OpenSpiel hearts state"),
    (json.dumps(HISTORY), "this is an action history, not a state"),
    (_state_with(phase="Playing"), "'Playing' is not a phase"),
    (_state_with(phase="Deal"), "the cards are not all dealt yet"),
    (_state_with(pass_direction="Sideways"), "is not a pass direction"),
    (_state_with(hands=[[], [], []]), "hands: expected one list per seat (4), found 3"),
    (_state_with(hands=[[], [], [], "AS"]), "hands[3]: expected a list of cards, found a string"),
    (_state_with(passed_cards=[["AS"], [], [], []]), "received_cards of N differ from the cards W passed"),
    (_state_with(tricks="none"), "tricks: expected a list of tricks, found a string"),
    (_state_with(tricks=[[["X", "2C"]]]), "'X' is not a seat"),
    (_state_with(tricks=[[["N", "2C", "3C"]]]), "expected a [seat, card] pair"),
    (_state_with(points=[0, 0, 0, 0.5]), "expected a whole number of points, found 0.5"),
    (_state_with(points=[0, 0, 0, True]), "expected a whole number of points"),
    (_state_with(hearts_broken="yes"), "hearts_broken: expected true or false"),
    (_state_with(current_player=3), "current_player: expected a string"),
])
def test_malformed_state(text: str, message: str) -> None:
    with pytest.raises(InputError) as info:
        list(iter_games_text(text, "openspiel", "s.json"))
    assert message in str(info.value)
    assert str(info.value).startswith("s.json:1:")


@pytest.mark.parametrize(("text", "message"), [
    ("", "empty history"),
    ("[]", "empty history"),
    ("{}", "found an object"),
    ("[7]", "7 is not a pass direction action"),
    ("[true]", "True is not a pass direction action"),
    (json.dumps(HISTORY[:53]).replace("[1,", "[1.0,"), "1.0 is not a pass direction"),
    (json.dumps([*HISTORY[:5], 3.5]), "3.5 is not a card id"),
    (json.dumps([*HISTORY[:5], "QS"]), "'QS' is not a card id"),
    (json.dumps([*HISTORY[:5], HISTORY[3]]), "is dealt twice"),
    (json.dumps(HISTORY[:52]), "truncated history: 51 of the 52 deal actions"),
    (json.dumps([*HISTORY, 0]), "1 action after the end of the deal"),
    (json.dumps([0, *HISTORY[1:53], -1]), "-1 is not a card id"),
    ("1\n2\nx\n", "'x' is not a card id"),
    ("[Game]\nchess()\n[State]\n1\n", "not OpenSpiel's \"hearts\""),
    ("[Game]\nhearts()\n", "no [State] section"),
])
def test_malformed_history(text: str, message: str) -> None:
    with pytest.raises((InputError, RecordError)) as info:
        list(iter_games_text(text, "openspiel-history", "h.txt"))
    assert message in str(info.value)


def test_history_errors_point_at_the_action() -> None:
    text = "\n".join(str(a) for a in HISTORY[:70]) + "\nQS\n"
    with pytest.raises(InputError) as info:
        list(iter_games_text(text, "openspiel-history", "h.txt"))
    assert (info.value.line, info.value.column) == (71, 1)
    bad = json.dumps([HISTORY, [*HISTORY[:60], 99]], indent=None)
    with pytest.raises(InputError) as info:
        list(iter_games_text(bad, "openspiel-history", "h.txt"))
    assert info.value.line == 1 and info.value.column == bad.index("99") + 1
    assert "history 2, action 61" in str(info.value)


def test_blank_lines_separate_serialized_histories() -> None:
    one = "".join(f"{a}\n" for a in HISTORY)
    games = list(iter_openspiel_history(one + "\n" + one, "x"))
    assert len(games) == 2 and games[0].deals == games[1].deals
    assert [g.pos.line for g in games if g.pos] == [1, len(HISTORY) + 2]


# Writing -------------------------------------------------------------------------


def test_written_history_reads_back_to_the_same_deals() -> None:
    game = random_game(parse_rules("openspiel"), random.Random(3), deals=4)
    text = dumps_openspiel_history([game])
    lines = text.splitlines()
    assert len(lines) == 4 and all(isinstance(json.loads(x), list) for x in lines)
    assert [json.loads(x)[0] for x in lines] == [1, 3, 2, 0]  # left, right, across, hold
    back = list(iter_openspiel_history(text, "x"))
    for original, got in zip(game.deals, back, strict=True):
        d = got.deals[0]
        assert (d.direction, d.hands, d.passes, d.tricks) == (
            original.direction, original.hands, original.passes, original.tricks)
    assert dumps_openspiel_history(back) == text  # the canonical deal order is stable


def test_serialize_style() -> None:
    game = random_game(parse_rules("kawu jack_of_diamonds=-10"), random.Random(4))
    text = dumps_openspiel_history([game], style="serialize")
    assert "[Game]\nhearts(jd_bonus=True,qs_breaks_hearts=False)\n[State]\n" in text
    (back,) = iter_openspiel_history(text, "x")
    assert back.rules == "openspiel jack_of_diamonds=-10 queen_breaks_hearts=false pass_cycle=left"
    assert back.deals[0].tricks == game.deals[0].tricks
    with pytest.raises(OpenSpielExportError, match="holds one deal"):
        dumps_openspiel_history([game, game], style="serialize")


def _game(rules: str, seed: int = 1, **deal_changes: object) -> Game:
    game = random_game(parse_rules(rules), random.Random(seed))
    deal = dataclasses.replace(game.deals[0], **deal_changes)  # type: ignore[arg-type]
    return dataclasses.replace(game, deals=(deal,))


def test_export_refusals() -> None:
    cases: list[tuple[Game, str]] = [
        (_game("three-players"), "OpenSpiel's hearts is for 4 players"),
        (_game("standard removed_cards=2D,3D,4D,5D"), "OpenSpiel deals the full deck"),
        (_game("standard pass_count=2"), "OpenSpiel passes 3 cards"),
        (_game("openspiel", tricks=_game("openspiel").deals[0].tricks[:5], unfinished=True),
         "the deal is unfinished (5 of 13 tricks)"),
        (_game("openspiel", tricks=_game("openspiel").deals[0].tricks[:12]),
         "the deal is unfinished (12 of 13 tricks)"),
        (_game("openspiel", hands={"N": None}, passes={}), "N's hand as dealt is not known"),
        (_game("openspiel", passes={}), "N's pass is not recorded"),
        (_game("openspiel", direction="hold"), "passes recorded on a hold deal"),
        (_game("openspiel jack_of_diamonds=-5"), "OpenSpiel would score this deal"),
    ]
    for game, message in cases:
        with pytest.raises(OpenSpielExportError) as info:
            dumps_openspiel_history([game])
        assert message in str(info.value), str(info.value)
        assert "game 1" in str(info.value)


def _with_tricks(game: Game, tricks: list[Trick]) -> Game:
    return dataclasses.replace(game, deals=(dataclasses.replace(game.deals[0], tricks=tuple(tricks)),))


def test_export_refuses_an_illegal_play() -> None:
    game = _game("openspiel", seed=2)
    tricks = list(game.deals[0].tricks)
    # A revoke: a seat that followed suit in trick t plays instead a card of
    # another suit that it played later, and the followed card then.
    t, k, u, j = next(
        (t, k, u, j)
        for t in range(13) for k in range(1, 4)
        if tricks[t].plays[k].card.suit == tricks[t].plays[0].card.suit
        for u in range(t + 1, 13) for j in range(4)
        if tricks[u].plays[j].seat == tricks[t].plays[k].seat
        and tricks[u].plays[j].card.suit != tricks[t].plays[0].card.suit
    )
    a, b = tricks[t].plays[k], tricks[u].plays[j]
    pt, pu = list(tricks[t].plays), list(tricks[u].plays)
    pt[k], pu[j] = dataclasses.replace(a, card=b.card), dataclasses.replace(b, card=a.card)
    revoke = list(tricks)
    revoke[t], revoke[u] = Trick(tuple(pt)), Trick(tuple(pu))
    with pytest.raises(OpenSpielExportError, match=rf"trick {t + 1}: {a.seat} plays {b.card}, "
                       r"which the rules \(openspiel\) do not allow there \(an illegal play"):
        dumps_openspiel_history([_with_tricks(game, revoke)])
    # A card the seat does not hold.
    p0 = list(tricks[0].plays)
    p0[1] = dataclasses.replace(p0[1], card=p0[2].card)
    with pytest.raises(OpenSpielExportError, match=r"trick 1: .* a card it does not hold"):
        dumps_openspiel_history([_with_tricks(game, [Trick(tuple(p0)), *tricks[1:]])])
    # Out of turn: the second seat named as someone else.
    p0 = list(tricks[0].plays)
    p0[1] = dataclasses.replace(p0[1], seat=p0[3].seat)
    with pytest.raises(OpenSpielExportError, match=r"where .* is to play"):
        dumps_openspiel_history([_with_tricks(game, [Trick(tuple(p0)), *tricks[1:]])])


def test_export_infers_an_unknown_hand_from_the_play() -> None:
    game = _game("openspiel", seed=5)
    hands = dict(game.deals[0].hands)
    hands["E"] = None
    inferred = dataclasses.replace(game, deals=(dataclasses.replace(game.deals[0], hands=hands),))
    assert dumps_openspiel_history([inferred]) == dumps_openspiel_history([game])


def test_export_refuses_where_the_discard_rule_matters() -> None:
    (game,) = read("discard-matters.json", "json")
    with pytest.raises(OpenSpielExportError, match=r"lacks hearts_broken_by=discard .* trick 10|trick 10"):
        dumps_openspiel_history([game])
    assert dumps_openspiel_history([game], strict=False).splitlines()[0] == \
        "hearts(qs_breaks_hearts=False)"
    # Under kawu's any-heart rule the same deal is exact.
    kawu = dataclasses.replace(game, rules="kawu")
    assert dumps_openspiel_history([kawu]) == dumps_openspiel_history([game], strict=False)


def test_export_moon_rules() -> None:
    (moon,) = read("moon.osjson", "openspiel")
    assert len(dumps_openspiel_history([moon]).splitlines()) == 1
    subtract = dataclasses.replace(moon, rules="openspiel pass_cycle=hold moon=subtract")
    with pytest.raises(OpenSpielExportError, match="moon=subtract"):
        dumps_openspiel_history([subtract])
    choose = dataclasses.replace(moon, rules="openspiel pass_cycle=hold moon=choose")
    deal = moon.deals[0]
    added = dataclasses.replace(choose, deals=(dataclasses.replace(deal, moon=Moon("N", "add")),))
    assert dumps_openspiel_history([added]) == dumps_openspiel_history([moon])
    sub = dataclasses.replace(choose, deals=(dataclasses.replace(deal, moon=Moon("N", "subtract")),))
    with pytest.raises(OpenSpielExportError, match="N chose to subtract"):
        dumps_openspiel_history([sub])


def test_export_uses_default_and_forced_rules() -> None:
    game = dataclasses.replace(_game("standard"), rules=None)
    _, params = game_histories(game)
    assert game_string(params) == "hearts(qs_breaks_hearts=False)"  # standard by default
    _, params = game_histories(game, default_rules="openspiel")
    assert game_string(params) == "hearts()"
    jd = dataclasses.replace(game, rules="jack-of-diamonds")
    _, params = game_histories(jd, default_rules="openspiel", force_rules=True)
    assert game_string(params) == "hearts()"
    bad = dataclasses.replace(game, rules="nonsense")
    with pytest.raises(OpenSpielExportError, match="unknown rules preset"):
        game_histories(bad)


def test_export_of_a_record_with_seat_names() -> None:
    rules = parse_rules("openspiel")
    deal = random_deal(rules, random.Random(8), 1, seats=("N", "E", "S", "O"))
    game = Game(rules="openspiel", seats=("N", "E", "S", "O"), deals=(deal,))
    (back,) = iter_openspiel_history(dumps_openspiel_history([game]), "x")
    assert [p.card for t in back.deals[0].tricks for p in t.plays] == [
        p.card for t in deal.tricks for p in t.plays]


# The command line ----------------------------------------------------------------


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_cli_convert_openspiel_both_ways(tmp_path: Path) -> None:
    out = tmp_path / "game.json"
    code, _, err = run("convert", str(DATA / "terminal.osjson"), "--from", "openspiel",
                       "--to", "json", "-o", str(out))
    assert code == 0, err
    hist = tmp_path / "game.hist"
    code, _, err = run("convert", str(out), "--to", "openspiel-history", "-o", str(hist))
    assert code == 0, err
    (again,) = read_games(str(hist), "openspiel-history")
    (orig,) = read("terminal.osjson", "openspiel")
    assert again.deals[0].tricks == orig.deals[0].tricks
    code, stdout, err = run("convert", str(DATA / "histories.oshist"), "--from", "openspiel-history",
                            "--to", "jsonl")
    assert code == 0, err
    assert len(stdout.splitlines()) == 6


@pytest.mark.parametrize(("name", "fmt"), [
    ("bad-card.osjson", "openspiel"), ("bad-types.osjson", "openspiel"),
    ("not-json.osjson", "openspiel"), ("truncated.oshist", "openspiel-history"),
    ("bad-card-id.oshist", "openspiel-history"), ("terminal.osjson", "openspiel-history"),
])
def test_cli_malformed_input_exits_2(name: str, fmt: str, tmp_path: Path) -> None:
    out = tmp_path / "out.json"
    code, _, err = run("convert", str(DATA / name), "--from", fmt, "--to", "json", "-o", str(out))
    assert code == 2
    assert re.search(re.escape(str(DATA / name)) + r":\d+(:\d+)?: ", err), err
    assert "Traceback" not in err
    assert not out.exists()


def test_cli_refused_export_exits_2(tmp_path: Path) -> None:
    out = tmp_path / "out.hist"
    code, _, err = run("convert", str(DATA / "states.osjson"), "--from", "openspiel",
                       "--to", "openspiel-history", "-o", str(out))
    assert code == 2
    assert "deal 1: the deal is unfinished" in err
    assert not out.exists()


def test_export_moon_choice_assumed_add() -> None:
    (moon,) = read("moon.osjson", "openspiel")
    choose = dataclasses.replace(moon, rules="openspiel pass_cycle=hold moon=choose")
    assert dumps_openspiel_history([choose]) == dumps_openspiel_history([moon])


# With the referee ------------------------------------------------------------------


def test_referee_finds_openspiel_records_clean_and_reports_a_wrong_score() -> None:
    referee = pytest.importorskip("hearts_notation.referee")
    for name, fmt in (("states.osjson", "openspiel"), ("histories.oshist", "openspiel-history"),
                      ("moon.osjson", "openspiel"), ("game-and-state.oshist", "openspiel-history")):
        for game in read(name, fmt)[:5]:  # the sixth is a state in the pass phase
            report = referee.check_game(game)
            assert report.valid, [f.to_dict() for f in report.findings]
    state = json.loads(TERMINAL)
    state["points"][1] += 1
    (game,) = iter_openspiel(json.dumps(state), "x")
    report = referee.check_game(game)
    assert [f.code for f in report.findings if f.severity == "error"] == ["score-mismatch"]


def test_openspiel_records_survive_hrn_text() -> None:
    """Read from OpenSpiel, written as HRN and read back: the same games."""
    pytest.importorskip("hearts_notation.io.hrn.reader")
    pytest.importorskip("hearts_notation.io.hrn.writer")
    from hearts_notation.io import dumps

    games = read("states.osjson", "openspiel")
    back = list(iter_games_text(dumps(games, "hrn"), "hrn", "x.hrn"))
    assert back == games
    assert all(g.tags["Source"] == "OpenSpiel hearts()" for g in back)
