"""PIMC worlds: every sample respects what the seat knows, and all are equally likely."""

from __future__ import annotations

import collections
import random

from hearts_notation.analysis.context import DealContext
from hearts_notation.analysis.sampler import Knowledge, WorldSampler, forbidden_by_play
from hearts_notation.cards import HEARTS_MASK, QS_BIT, SUIT_MASKS, mask_of, parse_card
from hearts_notation.generate import random_deal
from hearts_notation.io import iter_games_text
from hearts_notation.rules import parse_rules
from hearts_notation.state import legal_plays

STD = parse_rules("standard")


def m(*tokens: str) -> int:
    return mask_of(parse_card(t) for t in tokens)


def check_world(ctx: DealContext, index: int, world: tuple[int, ...]) -> None:
    """A sampled world must make the whole recorded history legal, hold the
    seat's own hand and the cards it passed, and give each seat its count."""
    point = ctx.points[index] if index < len(ctx.points) else ctx.next_point()
    assert point is not None
    know = ctx.knowledge(point)
    assert know is not None
    assert world[point.seat] == point.hands[point.seat]
    for s in range(ctx.n):
        assert world[s] & know.fixed[s] == know.fixed[s]
        assert world[s].bit_count() == point.counts[s]
        assert not world[s] & point.played
    allcards = 0
    for h in world:
        assert not allcards & h
        allcards |= h
    assert allcards | point.played == ctx.rules.deck_mask
    hands = list(world)
    for q in reversed(ctx.points[:index]):
        assert q.card is not None
        hands[q.seat] |= 1 << q.card
    for q in ctx.points[:index]:
        assert q.card is not None
        legal = legal_plays(ctx.rules, hands[q.seat], q.led, q.trick_no == 0, q.broken)
        assert legal >> q.card & 1, f"play {q.index} would have been illegal in {world}"
        hands[q.seat] &= ~(1 << q.card)


def test_proofs_read_off_the_engine() -> None:
    clubs, hearts = 0, 2
    # A discard proves a void in the led suit.
    assert forbidden_by_play(STD, parse_card("5D"), clubs, False, False) == SUIT_MASKS[clubs]
    # A heart on the first trick proves a hand of hearts and Q♠ only.
    others = STD.deck_mask & ~(HEARTS_MASK | QS_BIT)
    assert forbidden_by_play(STD, parse_card("5H"), clubs, True, False) == others
    # ...where hearts are allowed on the first trick it proves only the void.
    allowed = parse_rules("standard first_trick_hearts=allowed")
    assert forbidden_by_play(allowed, parse_card("5H"), clubs, True, False) == SUIT_MASKS[clubs]
    # Q♠ on the first trick: only penalty cards.
    assert forbidden_by_play(STD, parse_card("QS"), clubs, True, False) == others
    # A heart led before hearts are broken proves an all-heart hand.
    non_hearts = STD.deck_mask & ~HEARTS_MASK
    assert forbidden_by_play(STD, parse_card("5H"), None, False, False) == non_hearts
    assert forbidden_by_play(STD, parse_card("5H"), None, False, True) == 0
    # Any-club opening: a first lead that is not a club proves no club.
    anyclub = parse_rules("standard opening_lead=any-club")
    assert forbidden_by_play(anyclub, parse_card("5D"), None, True, False) == SUIT_MASKS[clubs]
    assert forbidden_by_play(anyclub, parse_card("9C"), None, True, False) == 0
    # Following suit proves nothing.
    assert forbidden_by_play(STD, parse_card("9C"), clubs, False, False) == 0
    del hearts


PROOFS = """[Rules "standard"]

deal 4 dealer W pass hold
N: -.AKQJT98765.2.32
E: AK.432.AKQJT987.-
S: 765432.-.-.AKQJ654
W: QJT98.-.6543.T987
1. N 2C E 7D S AC W 7C
2. S 2S W 8S N 5H E AS
*
"""


def test_samples_respect_voids_shown() -> None:
    """E shows out of clubs on trick 1, N out of spades on trick 2: every
    sample, at every later point, agrees."""
    game = next(iter_games_text(PROOFS, "hrn", "proofs.hrn"))
    ctx = DealContext(game.deals[0], STD, ("N", "E", "S", "W"), game.deals[0].number)
    point = ctx.next_point()
    assert point is not None and point.seat == 1  # E won trick 2 with A♠
    rng = random.Random(1)
    for index in (3, 4, 5, 6, 7, 8):
        p = ctx.points[index] if index < len(ctx.points) else point
        know = ctx.knowledge(p)
        assert know is not None
        for world in WorldSampler(know).samples(200, rng):
            check_world(ctx, index, world)
            assert not world[1] & SUIT_MASKS[0]       # E showed out of clubs on trick 1
            if index >= 7:
                assert not world[0] & SUIT_MASKS[3]   # N showed out of spades on trick 2


def test_first_trick_heart_dump_and_unbroken_heart_lead() -> None:
    """N holds 11 hearts and Q♠ and one club... build the knowledge by hand:
    N discarded a heart on trick 1 (so N held only hearts and Q♠), and W led
    a heart before hearts were broken (so W held only hearts)."""
    n_forbid = forbidden_by_play(STD, parse_card("5H"), 0, True, False)
    w_forbid = forbidden_by_play(STD, parse_card("2H"), None, False, False)
    me = 2
    hand = m("2C", "3C", "4C")
    pool = m("6H", "7H", "QS", "9D", "TD", "JD", "KH")
    know = Knowledge(4, me, hand, (2, 3, 3, 2), (0, 0, 0, 0), (n_forbid, 0, 0, w_forbid), pool)
    sampler = WorldSampler(know)
    worlds = list(sampler.enumerate())
    assert len(worlds) == sampler.count() > 0
    for w in worlds:
        assert not w[0] & ~(HEARTS_MASK | QS_BIT)
        assert not w[3] & ~HEARTS_MASK
    rng = random.Random(3)
    for w in sampler.samples(300, rng):
        assert not w[0] & ~(HEARTS_MASK | QS_BIT)
        assert not w[3] & ~HEARTS_MASK
        assert w[me] == hand


def test_samples_respect_every_constraint_on_random_records() -> None:
    """Random legal play (the random bot shows voids and dumps often), at
    many points of many deals: every sample replays the record legally."""
    rng = random.Random(11)
    for g in range(40):
        rules = STD if g % 4 else parse_rules("openspiel")
        deal = random_deal(rules, rng, number=1 + g % 4)
        ctx = DealContext(deal, rules, rules.default_seats, deal.number)
        for index in range(0, len(ctx.points), 5):
            know = ctx.knowledge(ctx.points[index])
            assert know is not None
            sampler = WorldSampler(know)
            assert sampler.count() > 0
            for world in sampler.samples(4, rng):
                check_world(ctx, index, world)


def test_passed_cards_stay_with_the_receiver() -> None:
    rng = random.Random(5)
    deal = random_deal(STD, rng, number=1)   # pass left
    ctx = DealContext(deal, STD, STD.default_seats, deal.number)
    point = ctx.points[10]
    know = ctx.knowledge(point)
    assert know is not None
    me = point.seat
    gave = ctx.given[me]
    assert gave is not None
    to = (me + 1) % 4
    still = gave & ~point.played
    assert know.fixed[to] == still
    for world in WorldSampler(know).samples(50, rng):
        assert world[to] & still == still


def test_sampling_is_uniform() -> None:
    """Every consistent deal equally likely: compare frequencies with the
    exact enumeration (a loose chi-square bound, deterministic seed)."""
    pool = m("2D", "3D", "4D", "5D", "6D", "7D", "8D")
    # seat 1 cannot hold 2D/3D; seat 3 cannot hold 7D/8D.
    know = Knowledge(4, 0, m("2C"), (1, 3, 2, 2), (0, 0, 0, 0),
                     (0, m("2D", "3D"), 0, m("7D", "8D")), pool)
    sampler = WorldSampler(know)
    worlds = list(sampler.enumerate())
    assert len(worlds) == len(set(worlds)) == sampler.count()
    rng = random.Random(2024)
    draws = 200 * len(worlds)
    counts = collections.Counter(sampler.sample(rng) for _ in range(draws))
    assert set(counts) == set(worlds)
    expected = draws / len(worlds)
    chi2 = sum((counts[w] - expected) ** 2 / expected for w in worlds)
    # df = len(worlds) - 1; the 99.9% quantile is well under 2*df + 40 here.
    assert chi2 < 2 * (len(worlds) - 1) + 40


def test_tight_constraints_need_no_retries() -> None:
    """Each unseen card allowed to exactly one seat: one deal, drawn at once."""
    pool = m("2D", "3D", "4D", "5D", "6D", "7D")
    forbid = (0, m("4D", "5D", "6D", "7D"), m("2D", "3D", "6D", "7D"), m("2D", "3D", "4D", "5D"))
    know = Knowledge(4, 0, m("2C", "3C"), (2, 2, 2, 2), (0, 0, 0, 0), forbid, pool)
    sampler = WorldSampler(know)
    assert sampler.count() == 1
    w = sampler.sample(random.Random(0))
    assert w == (m("2C", "3C"), m("2D", "3D"), m("4D", "5D"), m("6D", "7D"))


def test_same_seed_same_worlds() -> None:
    rng = random.Random(9)
    deal = random_deal(STD, rng, number=2)
    ctx = DealContext(deal, STD, STD.default_seats, deal.number)
    know = ctx.knowledge(ctx.points[20])
    assert know is not None
    a = WorldSampler(know).samples(20, random.Random("x"))
    b = WorldSampler(know).samples(20, random.Random("x"))
    assert a == b


def test_inconsistent_knowledge_has_no_world() -> None:
    know = Knowledge(4, 0, m("2C"), (1, 1, 1, 1), (0, 0, 0, 0), (0, m("2D"), m("2D"), m("2D")),
                     m("2D", "3D"))
    assert WorldSampler(know).count() == 0
    assert not know.consistent()
