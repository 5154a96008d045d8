"""Audit, round 28 (docs/analysis.md): the reasons a coach found wrong or
missing on fresh deals, each on a position built by hand from the planted
case it came from: Q♠ led into A♠/K♠ still out and won by its own leader
(said as such, not as "the lead won" or a void lead), a top card that is
not "the highest still in play" when the seat holds a higher one, the
highest-heart lesson not said when the card discarded was Q♠, and "it"
(not "them") for one high spade kept at the pass."""

from __future__ import annotations

from hearts_notation.analysis.explain import (
    PassFacts,
    PlayFacts,
    explain_against,
    explain_pass,
    explain_play,
)
from tests.explain_facts import c, facts, m


def test_queen_led_into_the_ace_and_won_by_its_leader() -> None:
    """Planted (generator 735100, W): Q♠ led with A♠ K♠ out, the others
    followed low and W took its own queen; main said "lead_won" (4♠ "had 9
    higher cards...") or, against another reference, a void lead."""
    f = facts(seat="W", card=c("QS"), best=c("3C"), hand=m("QS", "4S", "3C", "9D"),
              legal=m("QS", "4S", "3C", "9D"), queen_out=False,
              out=m("AS", "KS", "8S", "2S", "5C", "TD"),
              outcome=("W", m("QS", "8S", "2S", "TS")))
    r = explain_play(f)
    assert r.code == "queen_taken"
    assert r.text == ("W led Q♠ while A♠ and K♠ were still out, and took the queen: whoever held "
                      "them had lower spades to play under it, so the queen won its own trick; "
                      "3♣ was better.")
    assert explain_play(f, "fr").text.startswith(
        "O a entamé la D♠ alors que l'A♠ et le R♠ étaient encore en jeu, et a pris la dame : qui les tenait")
    one = facts(**{**_fields(f), "out": m("KS", "8S", "2S", "5C")})
    assert explain_play(one).text.startswith(
        "W led Q♠ while K♠ was still out, and took the queen: whoever held it")
    assert "alors que le R♠ était encore en jeu" in explain_play(one, "fr").text
    # The queen went to another seat: not this lesson.
    assert explain_play(facts(**{**_fields(f), "outcome": ("N", m("QS", "AS", "2S", "8S"))})
                        ).code != "queen_taken"
    # No spade above the queen out: the queen wins whatever the others play.
    assert explain_play(facts(**{**_fields(f), "out": m("8S", "2S", "5C")})).code != "queen_taken"


def _fields(f: PlayFacts) -> dict[str, object]:
    return {k: getattr(f, k) for k in PlayFacts.__dataclass_fields__}


def test_a_top_card_beside_a_higher_one_is_not_the_highest_in_play() -> None:
    """Generator 4817, deal 8, N led Q♦ holding A♦ K♦: main said "Q♦, the
    highest diamond still in play"."""
    f = facts(seat="N", card=c("QD"), best=c("4H"), hand=m("AD", "KD", "QD", "4H"),
              legal=m("AD", "KD", "QD", "4H"), out=m("JD", "3D", "QH", "9H", "7H", "5H", "2H"),
              outcome=("N", m("QD", "JD", "QH", "9H")))
    r = explain_play(f)
    assert r.code == "lead_won"
    assert r.text.startswith("N led Q♦, higher than every diamond still out, and took 2 hearts")
    assert explain_play(f, "fr").text.startswith(
        "N a entamé la D♦, plus haut que tout carreau encore chez les autres,")
    top = facts(**{**_fields(f), "card": c("AD"), "outcome": ("N", m("AD", "JD", "QH", "9H"))})
    assert explain_play(top).text.startswith("N led A♦, the highest diamond still in play")
    # The same for a card to discard: K♣ beside A♣ is not "the highest club still in play".
    g = facts(seat="S", card=c("JH"), best=c("KC"), hand=m("AC", "KC", "JH"),
              legal=m("AC", "KC", "JH"), trick=(("W", c("2S")),), out=m("QC", "3C", "5S"))
    r = explain_play(g)
    assert r.code == "high_left" and "K♣ was higher than every club still out" in r.text
    assert "R♣ était plus haut que tout trèfle encore chez les autres" in explain_play(g, "fr").text


def test_the_highest_heart_lesson_is_not_said_of_a_queen_discarded() -> None:
    """Generator 4817, deal 2, E discarded Q♠ on a club trick: main said
    "discard the highest heart first, A♥, while you can (played Q♠)"."""
    f = facts(seat="E", card=c("QS"), best=c("AH"), hand=m("QS", "AH", "5H", "8D"),
              legal=m("QS", "AH", "5H", "8D"), trick=(("S", c("6C")), ("W", c("4C"))),
              queen_out=False)
    assert explain_play(f).code != "discard_heart"
    low = facts(**{**_fields(f), "card": c("8D")})
    assert explain_play(low).code == "discard_heart"


def test_one_high_spade_kept_at_the_pass_is_it_not_them() -> None:
    f = PassFacts(seat="N", hand=m("AS", "AH", "QH", "JH", "KD", "QD", "JC", "9C", "6C", "4C",
                                   "3C", "2D", "5D"),
                  passed=m("3C", "4C", "6C"), best=m("AS", "AH", "KD"), epl=6.0)
    r = explain_pass(f)
    assert r.code == "pass_high_spades"
    assert r.text == ("N kept A♠ with no small spade while Q♠ was out: the queen can fall on it; "
                      "passing A♠ A♥ K♦ was safer.")
    two = PassFacts(seat="N", hand=f.hand | m("KS"), passed=f.passed, best=m("AS", "KS", "AH"),
                    epl=6.0)
    assert explain_pass(two).text.endswith("the queen can fall on them; passing A♠ K♠ A♥ was safer.")


def test_french_says_beside_the_ace_with_its_article() -> None:
    """Generator 4817, deal 5, N led J♠ beside A♠: main wrote "à côté de
    A♠" (French elides: "de l'A♠", "du R♠")."""
    f = facts(seat="N", card=c("JS"), best=c("9C"), hand=m("AS", "JS", "9C", "4C"),
              legal=m("AS", "JS", "9C", "4C"), out=m("QS", "9S", "2S", "5C", "KC"),
              queen_holders=("E", "S"))
    assert explain_play(f).text.startswith("N led J♠, the last spade under the queen beside A♠: A♠")
    assert "sous la dame à côté de l'A♠ : A♠ reste sans garde" in explain_play(f, "fr").text
    both = facts(**{**_fields(f), "hand": m("AS", "KS", "JS", "9C"), "legal": m("AS", "KS", "JS", "9C")})
    assert "sous la dame à côté de l'A♠ et du R♠ : A♠ R♠ restent" in explain_play(both, "fr").text


def test_french_bare_high_says_everyone_still_followed() -> None:
    """Generator 4817, deal 1: "personne ne s'était encore défaussé à
    carreau" says that nobody had discarded a diamond; the fact checked is
    that every seat could still follow to diamonds."""
    f = facts(seat="W", card=c("5C"), best=c("QD"), hand=m("QD", "5C", "2C", "7S"),
              legal=m("QD", "5C", "2C", "7S"), out=m("AD", "3D", "KC", "9S"))
    r = explain_play(f, "fr")
    assert r.code == "bare_high"
    assert "alors que tout le monde fournissait encore à carreau," in r.text


def test_the_face_up_loss_names_both_tie_orders_where_they_differ() -> None:
    """Generator 4817, deal 7, trick 9: `hearts solve` gives J♦ 14 and
    15 points (the two tie orders), the hearts 14 and 0; annotate's
    dd_loss is 0 and 15.  A sentence left to the simulations said one of
    them as the fact (or nothing, the first being 0)."""
    f = facts(seat="S", card=c("JD"), best=c("3H"), hand=m("JD", "3H", "KD"),
              legal=m("JD", "3H", "KD"), dd_loss=0, dd_loss_reversed=15)
    r = explain_play(f)
    assert r.code is None
    assert r.text.endswith(" With all hands known: 0 points more, 15 points if indifferent seats "
                           "break ties the other way.")
    assert explain_play(f, "fr").text.endswith(
        " Cartes sur table : 0 point de plus, 15 points si les joueurs indifférents départagent "
        "les égalités dans l'autre sens.")
    same = facts(**{**_fields(f), "dd_loss": 3, "dd_loss_reversed": 3})
    assert explain_play(same).text.endswith(" With all hands known: 3 points more.")


def test_the_cause_is_said_of_the_best_card_the_report_lists() -> None:
    """Planted (generator 735115, N void in clubs discards 5♠ and keeps
    Q♠): the report's best is Q♠, the verification's reference J♠ (a
    runner-up the screening could not tell from it); main said of J♠ that
    it "was higher than every spade still out" and never named the queen."""
    base = dict(seat="N", card=c("5S"), epl=6.1, hand=m("QS", "JS", "5S", "8D"),
                legal=m("QS", "JS", "5S", "8D"), trick=(("W", c("4C")),), queen_out=False,
                out=m("9S", "2S", "TC", "3D"))
    listed, ref = facts(**base, best=c("QS")), facts(**base, best=c("JS"))
    assert explain_play(ref).code == "high_left"
    r = explain_against(listed, ref)
    assert r.code == "discard_queen"
    assert r.text == "N was void in clubs and missed the chance to discard Q♠ (played 5♠)."
    # No cause holds of the listed best: the reference's (the card the loss was measured against).
    plain = facts(**{**base, "trick": (), "out": None}, best=c("8D"))
    other = facts(**{**base, "trick": (), "out": None}, best=c("JS"))
    assert explain_play(plain).code is None
    r = explain_against(plain, other)
    assert r.code == "keep_low" and r.text.endswith("J♠ was better.")


def test_french_says_still_in_the_other_hands_as_the_check_does() -> None:
    """Generator 4817, deal 8, trick 5: N followed 5♦ under the 6 holding
    A♦ K♦ Q♦; main's French said Q♦ was "plus haut que tout carreau encore
    en jeu" (A♦ and K♦, N's own, are in play); the check, and the English
    ("still out"), are about the other hands."""
    f = facts(seat="N", card=c("5D"), best=c("QD"), hand=m("AD", "KD", "QD", "5D", "2C"),
              legal=m("AD", "KD", "QD", "5D"), trick=(("W", c("6D")),), out=m("JD", "7D", "3C"))
    r = explain_play(f, "fr")
    assert r.code == "take_sure"
    assert "D♦, plus haut que tout carreau encore chez les autres, prenait le pli" in r.text
    assert "Q♦, higher than every diamond still out, would have won" in explain_play(f).text
