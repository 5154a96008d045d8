"""Seed 000 ("la variante retenue"), §03 and §05, rule by rule."""

from __future__ import annotations

from hearts_notation.cards import CLUBS, DIAMONDS, HEARTS, SPADES, mask_of, parse_card
from hearts_notation.rules import parse_rules
from hearts_notation.state import breaks_hearts, legal_plays, raw_points, trick_winner

STD = parse_rules("standard")


def c(token: str) -> int:
    return parse_card(token)


def test_example_of_section_05() -> None:
    # "A: K♣; B: Q♠; C: 4♣; D: A♣. A♣ capture Q♠ : D reçoit 13 points."
    trick = [c("K♣"), c("D♠"), c("4♣"), c("A♣")]
    assert trick_winner(trick) == 3                    # D wins: the queen is no trump
    assert raw_points(STD, mask_of(trick)) == 13
    # "La dame ... ne libère pas à elle seule l'entame à cœur."
    assert not any(breaks_hearts(STD, x, CLUBS) for x in trick)


def test_a_discarded_heart_opens_hearts() -> None:
    # "N'attaquez pas cœur avant une défausse de cœur dans une levée précédente"
    assert breaks_hearts(STD, c("5H"), DIAMONDS)
    assert breaks_hearts(STD, c("5H"), SPADES)


def test_hearts_on_a_heart_lead_and_the_queen_do_not() -> None:
    assert not breaks_hearts(STD, c("5H"), HEARTS)     # a heart followed, not discarded
    assert not breaks_hearts(STD, c("QS"), DIAMONDS)   # "Ici Q♠ n'ouvre pas les cœurs"
    kawu = parse_rules("kawu")                           # seed 001: "un cœur ... joué"
    assert breaks_hearts(kawu, c("5H"), HEARTS)
    qbh = parse_rules("queen-breaks-hearts")             # house rule named in 000 and 001
    assert breaks_hearts(qbh, c("QS"), SPADES) and not breaks_hearts(qbh, c("5H"), HEARTS)


def test_leading_hearts_before_they_open() -> None:
    hand = mask_of([c("2H"), c("9H"), c("4S")])
    assert legal_plays(STD, hand, None, False, False) == mask_of([c("4S")])
    only_hearts = mask_of([c("2H"), c("9H")])            # "sauf avec seulement des cœurs"
    assert legal_plays(STD, only_hearts, None, False, False) == only_hearts
    # Q♠ may be led after the first trick whether hearts are open or not
    assert legal_plays(STD, mask_of([c("QS"), c("2H")]), None, False, False) == mask_of([c("QS")])


def test_first_trick_no_points_unless_only_points() -> None:
    # "au premier pli où cœur et Q♠ sont interdits si une carte sans pénalité est disponible"
    hand = mask_of([c("QS"), c("AH"), c("5D")])
    assert legal_plays(STD, hand, CLUBS, True, False) == mask_of([c("5D")])
    penalties = mask_of([c("QS"), c("AH")])             # "Avec seulement des pénalités..."
    assert legal_plays(STD, penalties, CLUBS, True, False) == penalties
    # seed 003: the queen on the first trick "à convenir"
    lenient = parse_rules("standard first_trick_queen=allowed")
    assert legal_plays(lenient, hand, CLUBS, True, False) == mask_of([c("QS"), c("5D")])


def test_two_of_clubs_leads() -> None:
    hand = mask_of([c("2C"), c("9C"), c("AS")])
    assert legal_plays(STD, hand, None, True, False) == mask_of([c("2C")])
    assert legal_plays(parse_rules("standard opening_lead=any-club"), hand, None, True, False) == \
        mask_of([c("2C"), c("9C")])
    five = parse_rules("five-players")                   # 2♣ removed: 3♣ leads
    assert legal_plays(five, mask_of([c("3C"), c("9C")]), None, True, False) == mask_of([c("3C")])
