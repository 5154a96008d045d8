"""The game state (hearts_notation.state.GameState) against OpenSpiel, and
its push/pop bookkeeping.

OpenSpiel's ``hearts`` is an independent implementation of the rules: for
every rule set it can express, random deals are played out in OpenSpiel
(random pass direction, random passes, random legal cards) and at every
card our game state must allow exactly OpenSpiel's legal actions, name a
fault for every other card of the hand, and score the deal as OpenSpiel
does.  Card ids: OpenSpiel numbers a card ``rank * 4 + suit``, we
``suit * 13 + rank``; OpenSpiel's pass-direction action is 0 none, 1 left,
2 across, 3 right.
"""

from __future__ import annotations

import random

import pytest

from hearts_notation.cards import CARDS, cards_of, mask_of
from hearts_notation.rules import RuleSet, parse_rules, standard
from hearts_notation.state import (
    FAULT_CODES,
    GameState,
    IllegalPlayError,
    apply_passes,
    legal_plays,
    opening_leader,
)
from tests.budget import long_beyond

pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel (open-spiel) is not installed")

OS_DIRECTION = {0: "hold", 1: "left", 2: "across", 3: "right"}

#: Rule sets OpenSpiel can express, and the OpenSpiel parameters that give them.
EXPRESSIBLE: list[tuple[str, dict[str, bool]]] = [
    ("openspiel", {}),
    ("kawu", {"qs_breaks_hearts": False}),
    ("openspiel jack_of_diamonds=-10", {"jd_bonus": True}),
    ("openspiel opening_lead=any-club", {"can_lead_any_club": True}),
    ("openspiel first_trick_hearts=allowed first_trick_queen=allowed",
     {"no_pts_on_first_trick": False}),
    ("kawu jack_of_diamonds=-10 opening_lead=any-club", {"qs_breaks_hearts": False,
                                                         "jd_bonus": True,
                                                         "can_lead_any_club": True}),
]
DEALS_PER_RULE_SET = 500


def ours(os_card: int) -> int:
    return (os_card % 4) * 13 + os_card // 4


def play_out(rules: RuleSet, game: object, rng: random.Random) -> int:
    """One random OpenSpiel deal, checked card by card against a GameState;
    returns the number of cards checked."""
    state = game.new_initial_state()  # type: ignore[attr-defined]
    direction = rng.choice([0, 1, 2, 3])
    state.apply_action(direction)
    dealt = [0, 0, 0, 0]
    k = 0
    while state.is_chance_node():
        card = rng.choice([a for a, _ in state.chance_outcomes()])
        dealt[k % 4] |= 1 << ours(card)
        k += 1
        state.apply_action(card)
    given = [0, 0, 0, 0]
    if direction:
        for _ in range(12):
            player = state.current_player()
            card = rng.choice(state.legal_actions())
            given[player] |= 1 << ours(card)
            state.apply_action(card)
    gs = GameState.from_deal(rules, dealt, given, OS_DIRECTION[direction])
    checked = 0
    while not state.is_terminal():
        assert gs.to_play == state.current_player()
        os_legal = {ours(a) for a in state.legal_actions()}
        legal = gs.legal_cards()
        assert set(cards_of(legal)) == os_legal
        for c in cards_of(gs.hands[gs.to_play]):
            assert (gs.is_legal(c) is None) == (c in os_legal)
        card = ours(rng.choice(state.legal_actions()))
        gs.play(card)
        state.apply_action((card % 13) * 4 + card // 13)
        checked += 1
    assert gs.is_over
    assert gs.points() == [26 - int(r) for r in state.returns()]
    return checked


@pytest.mark.parametrize(("spec", "params"), long_beyond(EXPRESSIBLE, keep=2, several=True),
                         ids=[s for s, _ in EXPRESSIBLE])
def test_legal_cards_and_points_agree_with_openspiel(spec: str, params: dict[str, bool]) -> None:
    rules = parse_rules(spec)
    game = pyspiel.load_game("hearts", params)
    rng = random.Random(f"{spec}-20261201")
    checked = sum(play_out(rules, game, rng) for _ in range(DEALS_PER_RULE_SET))
    assert checked == 52 * DEALS_PER_RULE_SET


#: The rule keys that decide the play of a deal (legal cards, hearts broken, points).
PLAY_KEYS = ("players", "removed_cards", "pass_count", "opening_lead", "first_trick_hearts",
             "first_trick_queen", "hearts_broken_by", "queen_breaks_hearts", "jack_of_diamonds",
             "moon")


def play_rules(rules: RuleSet) -> tuple[object, ...]:
    return tuple(getattr(rules, k) for k in PLAY_KEYS)


def test_every_preset_openspiel_can_express_is_checked_against_it() -> None:
    """A preset whose play OpenSpiel's parameters reproduce exactly is among
    the rule sets played against OpenSpiel above (so a new preset cannot
    escape the comparison)."""
    from hearts_notation.io.openspiel import openspiel_parameters, rules_for_parameters
    from hearts_notation.rules import preset_names

    checked = {play_rules(parse_rules(spec)) for spec, _ in EXPRESSIBLE}
    expressible = []
    for preset in preset_names():
        rules = parse_rules(preset)
        if rules.players != 4:
            continue
        if play_rules(parse_rules(rules_for_parameters(openspiel_parameters(rules)))) == play_rules(rules):
            expressible.append(preset)
            assert play_rules(rules) in checked, preset
    assert {"openspiel", "kawu"} <= set(expressible)


def random_hands(rules: RuleSet, rng: random.Random) -> list[int]:
    deck = cards_of(rules.deck_mask)
    rng.shuffle(deck)
    hs = rules.hand_size
    return [mask_of(deck[i * hs:(i + 1) * hs]) for i in range(rules.players)]


def snapshot(gs: GameState) -> tuple[object, ...]:
    return (list(gs.hands), gs.leader, gs.to_play, list(gs.trick), list(gs.trick_seats),
            gs.tricks_done, gs.broken, list(gs.taken))


@pytest.mark.parametrize("spec", ["standard", "kawu", "openspiel", "three-players", "five-players",
                                  "six-players", "jack-of-diamonds"])
def test_push_pop_round_trips(spec: str) -> None:
    rules = parse_rules(spec)
    rng = random.Random(spec)
    for _ in range(200):
        gs = GameState(rules, random_hands(rules, rng))
        history = [snapshot(gs)]
        while not gs.is_over:
            gs.push(rng.choice(cards_of(gs.legal_cards())))
            history.append(snapshot(gs))
        assert sum(t.bit_count() for t in gs.taken) == rules.deck_mask.bit_count()
        # pop everything back, checking each position on the way
        while gs.move_stack:
            history.pop()
            gs.pop()
            assert snapshot(gs) == history[-1]
        assert snapshot(gs) == history[0]


def test_copy_is_independent() -> None:
    rng = random.Random(7)
    gs = GameState(standard(), random_hands(standard(), rng))
    other = gs.copy()
    gs.push(gs.legal_cards().bit_length() - 1)
    assert other.move_stack == [] and other.trick == [] and len(gs.trick) == 1


def test_is_legal_names_the_rule() -> None:
    rules = standard()
    deck = list(range(52))
    hands = [mask_of(deck[s::4]) for s in range(4)]   # seat 0 holds 2C 6C ...
    gs = GameState(rules, hands)
    assert gs.to_play == 0
    assert gs.is_legal(CARDS[4]) == "opening-lead"           # 6C
    assert gs.is_legal(CARDS[1]) == "not-held"               # 3C is seat 1's
    with pytest.raises(IllegalPlayError) as exc:
        gs.play(CARDS[4])
    assert exc.value.code == "opening-lead"
    assert gs.play(CARDS[0]) is None
    # seat 1 holds clubs: a heart is a revoke
    heart = next(c for c in cards_of(hands[1]) if c // 13 == 2)
    assert gs.is_legal(heart) == "revoke"
    assert set(FAULT_CODES) >= {"revoke", "opening-lead"}


def test_unknown_hand_plays_and_partial_knowledge_proves_faults() -> None:
    rules = standard()
    deck = list(range(52))
    hands: list[int | None] = [mask_of(deck[s::4]) for s in range(4)]
    hands[2] = None
    gs = GameState(rules, hands)
    gs.push(0)
    gs.push(1)
    # seat 2's hand is unknown: any card is taken as held, nothing proven
    assert gs.is_legal(CARDS[40]) is None
    with pytest.raises(ValueError):
        gs.legal_cards()
    gs.push(40)
    assert gs.trick_seats == [0, 1, 2]


def test_opening_leader_and_passes() -> None:
    rules = standard()
    deck = list(range(52))
    dealt = [mask_of(deck[s::4]) for s in range(4)]
    given = [1 << 0, 1 << 1, 1 << 2, 1 << 3]      # each passes its lowest club
    after = apply_passes(dealt, given, rules.pass_offset("left"))
    assert opening_leader(rules, after) == 1       # 2C went left
    assert opening_leader(rules, [None, None, dealt[2], dealt[3]]) is None
    assert opening_leader(rules, [None, dealt[1], dealt[2], dealt[3]]) == 0
    assert apply_passes(dealt, [None, 0, 0, 0], 1)[1] is None


def test_legal_cards_match_the_primitive_mid_deal() -> None:
    rules = parse_rules("kawu")
    rng = random.Random(3)
    for _ in range(100):
        gs = GameState(rules, random_hands(rules, rng))
        while not gs.is_over:
            want = legal_plays(rules, gs.hands[gs.to_play], gs.led_suit, gs.first_trick, gs.broken)
            assert gs.legal_cards() == want
            gs.push(rng.choice(cards_of(want)))


# Following a record as written (the referee's and walk's use) -----------------------------


@pytest.mark.parametrize("spec", ["standard", "kawu", "three-players", "five-players",
                                  "jack-of-diamonds"])
def test_following_a_clean_record_is_pushing_it(spec: str) -> None:
    rules = parse_rules(spec)
    rng = random.Random(f"follow-{spec}")
    for _ in range(150):
        hands = random_hands(rules, rng)
        pushed = GameState(rules, hands)
        followed = GameState(rules, hands)
        while not pushed.is_over:
            card = rng.choice(cards_of(pushed.legal_cards()))
            assert followed.fault(card) is None
            assert followed.legal_cards() == pushed.legal_cards()
            seat = pushed.to_play
            winner = pushed.push(card)
            followed.follow(card, seat)
            if not pushed.trick:
                assert followed.end_trick() == winner
            assert snapshot(followed) == snapshot(pushed)
        assert followed.points() == pushed.points()
        with pytest.raises(ValueError):
            followed.pop()


def test_following_a_malformed_record() -> None:
    rules = standard()
    deck = list(range(52))
    hands = [mask_of(deck[s::4]) for s in range(4)]   # seat 0 holds 2C, seat 1 3C ...
    gs = GameState(rules, hands)
    # a short first trick: three cards, one out of turn (seat 2 before seat 1)
    gs.follow(0, 0)
    gs.follow(2, 2)
    gs.follow(1, 1)
    assert gs.trick_seats == [0, 2, 1] and gs.to_play == 2
    assert gs.end_trick() is None
    assert (gs.leader, gs.to_play, gs.tricks_done, gs.taken) == (-1, -1, 1, [0, 0, 0, 0])
    # the next trick is judged as a second trick, led by whoever the record names
    heart = next(c for c in cards_of(hands[3]) if c // 13 == 2)
    assert gs.fault(heart, 3) == ("hearts-not-broken", hands[3] & ~(0x1FFF << 26))
    gs.follow(heart, 3, opens_hearts=True)      # reported once: hearts count as open
    assert gs.broken
    # a card the seat does not hold: followed as written, its holder keeps it
    assert gs.fault(5, 0) == ("not-held", hands[0] & ~1)
    gs.follow(5, 0)
    assert gs.hands[1] >> 5 & 1 and gs.trick == [heart, 5]
    # a long trick: five cards go to nobody
    for seat, card in ((1, 9), (2, 10), (3, 3)):
        gs.follow(card, seat)
    assert gs.end_trick() is None and gs.taken == [0, 0, 0, 0]


def test_a_state_for_a_record_may_start_without_a_leader() -> None:
    rules = standard()
    gs = GameState(rules, [None, None, None, None], -1)
    assert gs.to_play == -1 and gs.first_trick
    assert gs.fault(4, 2) is None                      # unknown hand: taken as held
    # judged with every card the seat could hold: 2C would have to lead
    assert gs.fault(4, 2, hand=1 | 1 << 4) == ("opening-lead", 1)
    for seat, card in enumerate((0, 12, 11, 10)):
        gs.follow(card, seat)
    assert gs.end_trick() == 1 and gs.to_play == 1 and gs.taken[1] == mask_of([0, 12, 11, 10])
