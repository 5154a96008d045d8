"""The bitmask rules engine: each rule of seed 000 and its variants."""

from hearts_notation.cards import CARDS, HEARTS, cards_of, mask_of, parse_card
from hearts_notation.rules import parse_rules
from hearts_notation.state import (
    breaks_hearts,
    deal_points,
    legal_plays,
    moon_shooter,
    penalty_total,
    raw_points,
    trick_winner,
)

STD = parse_rules("standard")


def m(*tokens: str) -> int:
    return mask_of(parse_card(t) for t in tokens)


def names(mask: int) -> set[str]:
    return {str(c) for c in cards_of(mask)}


def test_follow_suit_when_able() -> None:
    hand = m("2D", "9D", "QS", "AH")
    assert names(legal_plays(STD, hand, 1, False, False)) == {"2D", "9D"}


def test_void_may_discard_anything_after_first_trick() -> None:
    hand = m("QS", "AH", "3S")
    assert names(legal_plays(STD, hand, 0, False, False)) == {"QS", "AH", "3S"}


def test_first_trick_no_points_unless_only_points() -> None:
    assert names(legal_plays(STD, m("QS", "AH", "3S"), 0, True, False)) == {"3S"}
    assert names(legal_plays(STD, m("QS", "AH", "KH"), 0, True, False)) == {"QS", "AH", "KH"}
    allowed = parse_rules("standard first_trick_hearts=allowed")
    assert names(legal_plays(allowed, m("QS", "AH", "3S"), 0, True, False)) == {"AH", "3S"}
    # Q♠ alone forbidden, hearts allowed: Q♠ still barred while another card exists.
    assert names(legal_plays(allowed, m("QS", "AH"), 0, True, False)) == {"AH"}


def test_opening_lead() -> None:
    hand = m("2C", "9C", "AS")
    assert names(legal_plays(STD, hand, None, True, False)) == {"2C"}
    anyclub = parse_rules("standard opening_lead=any-club")
    assert names(legal_plays(anyclub, hand, None, True, False)) == {"2C", "9C"}
    five = parse_rules("five-players")
    assert names(legal_plays(five, m("3C", "4C", "AS"), None, True, False)) == {"3C"}


def test_hearts_not_led_before_broken() -> None:
    hand = m("2H", "AH", "QS")
    assert names(legal_plays(STD, hand, None, False, False)) == {"QS"}
    assert names(legal_plays(STD, hand, None, False, True)) == {"2H", "AH", "QS"}
    assert names(legal_plays(STD, m("2H", "AH"), None, False, False)) == {"2H", "AH"}


def test_breaking_hearts_by_rule() -> None:
    ah, qs = parse_card("AH"), parse_card("QS")
    # Seed 000: a discarded heart opens hearts; the queen does not.
    assert breaks_hearts(STD, ah, 0)
    assert not breaks_hearts(STD, ah, HEARTS)
    assert not breaks_hearts(STD, qs, 0)
    kawu = parse_rules("kawu")
    assert breaks_hearts(kawu, ah, HEARTS)
    assert breaks_hearts(parse_rules("queen-breaks-hearts"), qs, 1)
    assert breaks_hearts(parse_rules("openspiel"), qs, 3)


def test_trick_winner_highest_of_led_suit() -> None:
    # Seed 000's example: K♣ led, Q♠ discarded, 4♣, A♣ wins.
    cards = [parse_card(t) for t in ("KC", "QS", "4C", "AC")]
    assert trick_winner(cards) == 3
    assert raw_points(STD, mask_of(cards)) == 13


def test_moon_add_subtract_and_jack() -> None:
    taken = [m(*[f"{r}H" for r in "23456789TJQKA"], "QS"), m("JD"), 0, 0]
    assert penalty_total(STD) == 26
    assert moon_shooter(STD, taken) == 0
    assert deal_points(STD, taken)[0] == [0, 26, 26, 26]
    assert deal_points(STD, taken, "subtract")[0] == [-26, 0, 0, 0]
    jd = parse_rules("jack-of-diamonds")
    assert deal_points(jd, taken)[0] == [0, 16, 26, 26]
    # The jack does not count toward the moon and keeps its value for the shooter.
    taken2 = [taken[0] | m("JD"), 0, 0, 0]
    assert deal_points(jd, taken2)[0] == [-10, 26, 26, 26]


def test_no_moon_without_queen() -> None:
    taken = [m(*[f"{r}H" for r in "23456789TJQKA"]), m("QS"), 0, 0]
    assert moon_shooter(STD, taken) is None
    assert deal_points(STD, taken)[0] == [13, 13, 0, 0]
    assert CARDS[0] == parse_card("2C")
