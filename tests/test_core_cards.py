"""Cards: parsing every accepted spelling, printing, bitmask helpers."""

import pytest

from hearts_notation.cards import (
    CARDS,
    HEARTS_MASK,
    QUEEN_OF_SPADES,
    Card,
    CardError,
    cards_of,
    display_order,
    mask_of,
    parse_card,
)


@pytest.mark.parametrize(
    ("token", "expected"),
    [
        ("QS", "QS"), ("qs", "QS"), ("10H", "TH"), ("TH", "TH"), ("th", "TH"),
        ("Q♠", "QS"), ("D♠", "QS"), ("R♥", "KH"), ("V♦", "JD"), ("10♣", "TC"),
        ("A♤", "AS"), ("2♧", "2C"), ("K♡", "KH"), ("9♢", "9D"), ("2c", "2C"),
    ],
)
def test_parse_card_spellings(token: str, expected: str) -> None:
    assert str(parse_card(token)) == expected


@pytest.mark.parametrize("token", ["DS", "RH", "VD", "ZZ", "1H", "Q", "", "QX", "11S"])
def test_parse_card_rejects(token: str) -> None:
    with pytest.raises(CardError):
        parse_card(token)


def test_card_is_a_cheap_int() -> None:
    qs = parse_card("QS")
    assert qs == QUEEN_OF_SPADES == 49
    assert isinstance(qs, int) and hash(qs) == 49
    assert qs is CARDS[49]
    assert qs.suit == 3 and qs.rank == 10


def test_text_forms() -> None:
    qs = parse_card("QS")
    assert qs.text() == "QS"
    assert qs.text(unicode=True) == "Q♠"
    assert qs.text(unicode=True, lang="fr") == "D♠"
    assert parse_card("TH").text(unicode=True) == "10♥"
    # French ranks are never written without a symbol suit.
    assert qs.text(unicode=False, lang="fr") == "QS"


def test_masks_round_trip() -> None:
    cards = [parse_card(t) for t in ("2C", "QS", "AH", "TD")]
    m = mask_of(cards)
    assert sorted(cards_of(m)) == sorted(cards)
    assert [str(c) for c in display_order(cards)] == ["QS", "AH", "TD", "2C"]
    assert HEARTS_MASK.bit_count() == 13


def test_points() -> None:
    # The points of a card are the game state's (one copy of the rule).
    from hearts_notation.rules import parse_rules, standard
    from hearts_notation.state import raw_points

    assert raw_points(standard(), parse_card("QS").bit) == 13
    assert raw_points(standard(), parse_card("2H").bit) == 1
    assert raw_points(standard(), parse_card("JD").bit) == 0
    assert raw_points(parse_rules("jack-of-diamonds"), parse_card("JD").bit) == -10
    assert isinstance(Card.parse("AS"), Card)
