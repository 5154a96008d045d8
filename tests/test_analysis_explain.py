"""The sentences behind the marks: each checked pattern, in English and French."""

from __future__ import annotations

from hearts_notation.analysis.explain import (
    MESSAGES,
    PassFacts,
    PlayFacts,
    de_card,
    explain_best,
    explain_pass,
    explain_play,
    points_text,
)
from hearts_notation.cards import mask_of, parse_card


def c(t: str) -> int:
    return parse_card(t)


def m(*tokens: str) -> int:
    return mask_of(parse_card(t) for t in tokens)


def facts(**kw: object) -> PlayFacts:
    base: dict[str, object] = dict(seat="W", card=c("KS"), best=c("7S"), epl=11.4, dd_loss=13,
                                   hand=m("KS", "7S"), legal=m("KS", "7S"),
                                   trick=(("S", c("JS")),), queen_out=True, worlds=48)
    base.update(kw)
    return PlayFacts(**base)  # type: ignore[arg-type]


def test_duck_names_the_card_that_would_have_ducked() -> None:
    f = facts(outcome=("W", m("JS", "KS", "QS", "4D")))
    r = explain_play(f)
    assert r.code == "duck" and r.text == "W could duck with 7♠ under the jack; K♠ took the queen."
    # (in French West is O, as a French score sheet writes it)
    assert explain_play(f, "fr").text == "O pouvait passer sous le valet avec 7♠ ; R♠ a pris la dame."
    plain = facts(outcome=("W", m("JS", "KS", "5S", "4D")))
    assert explain_play(plain).text == "W could duck with 7♠ under the jack; K♠ won the trick."
    hearts = facts(trick=(("S", c("5H")),), card=c("KH"), best=c("2H"), hand=m("KH", "2H"),
                   legal=m("KH", "2H"), outcome=("W", m("5H", "KH", "9H", "3H")))
    assert explain_play(hearts).text == "W could duck with 2♥ under the 5; K♥ took 4 hearts."
    assert "a pris 4 cœurs" in explain_play(hearts, "fr").text
    # The best card is not a duck: the duck sentence is not said.
    over = facts(best=c("AS"), hand=m("KS", "AS", "7S"), legal=m("KS", "AS", "7S"))
    assert explain_play(over).code != "duck"


def test_queen_taken_with_a_lower_spade() -> None:
    f = facts(card=c("QS"), best=c("5S"), hand=m("QS", "5S"), legal=m("QS", "5S"),
              trick=(("S", c("9S")),), outcome=("W", m("9S", "QS", "2S", "3S")), queen_out=False)
    assert explain_play(f).text == "W took the trick with Q♠ while holding 5♠: the queen cost 13 points."
    assert explain_play(f, "fr").text.startswith("O a pris le pli avec la D♠ en ayant en main 5♠")


def test_void_discards() -> None:
    f = facts(card=c("2C"), best=c("QS"), hand=m("QS", "2C", "AH"), legal=m("QS", "2C", "AH"),
              trick=(("S", c("9D")),), queen_out=False)
    assert explain_play(f).text == "W was void in diamonds and missed the chance to discard Q♠ (played 2♣)."
    assert "sans carreau" in explain_play(f, "fr").text
    h = facts(card=c("2C"), best=c("AH"), hand=m("2C", "AH", "3H"), legal=m("2C", "AH", "3H"),
              trick=(("S", c("9D")),))
    r = explain_play(h)
    assert r.code == "discard_heart" and "discard the highest heart first, A♥" in r.text
    assert "se défausser d'abord du cœur le plus haut, de l'A♥" in explain_play(h, "fr").text


def test_leads_name_the_queens_possible_holders() -> None:
    f = facts(card=c("AS"), best=c("2D"), hand=m("AS", "2D"), legal=m("AS", "2D"), trick=(),
              queen_holders=("N", "E"))
    assert explain_play(f).text == ("W led A♠ while Q♠ was still out (Q♠ could be with N or E): "
                                    "the queen could fall on it.")
    assert "chez N ou E" in explain_play(f, "fr").text
    # Nobody else can hold the queen (it is known to be gone or ours): not said.
    assert explain_play(facts(card=c("AS"), best=c("2D"), hand=m("AS", "2D"),
                              legal=m("AS", "2D"), trick=())).code is None
    v = facts(card=c("9D"), best=c("2C"), hand=m("9D", "2C"), legal=m("9D", "2C"), trick=(),
              voids=(("N", (1,)),), queen_holders=("N", "E"))
    assert explain_play(v).text == ("W led diamonds although N had shown out of the suit and "
                                    "could still hold Q♠.")
    assert "N n'en avait plus" in explain_play(v, "fr").text
    gone = facts(card=c("9D"), best=c("2C"), hand=m("9D", "2C"), legal=m("9D", "2C"), trick=(),
                 voids=(("N", (1,)),), queen_holders=("E",))
    assert explain_play(gone).code != "lead_void_suit"


def test_moon_is_said_only_when_the_best_card_really_stops_it() -> None:
    f = facts(card=c("3H"), best=c("AH"), hand=m("3H", "AH"), legal=m("3H", "AH"),
              trick=(("N", c("KH")),), moon_threat="N", shooter="N", seat="E")
    assert explain_play(f).code is None          # not checked: not said
    checked = facts(card=c("3H"), best=c("AH"), hand=m("3H", "AH"), legal=m("3H", "AH"),
                    trick=(("N", c("KH")),), moon_threat="N", shooter="N", seat="E",
                    moon_stopped=0.75)
    r = explain_play(checked)
    assert r.code == "moon" and r.text.startswith("E let N shoot the moon")
    assert "75% of the sampled deals" in r.text
    assert "faire capot" in explain_play(checked, "fr").text   # the French word for the moon


def test_other_lessons() -> None:
    low = facts(card=c("2C"), best=c("9C"), hand=m("2C", "9C", "KC"), legal=m("2C", "9C", "KC"),
                trick=(), queen_out=False)
    assert explain_play(low).code == "keep_low"
    bare = facts(card=c("5D"), best=c("KC"), hand=m("KC", "5D", "6D"), legal=m("KC", "5D", "6D"),
                 trick=(), queen_out=False)
    assert explain_play(bare).code == "bare_high"
    lead = facts(card=c("AD"), best=c("2D"), hand=m("AD", "2D"), legal=m("AD", "2D"),
                 trick=(("S", c("9D")), ("E", c("4D"))), queen_out=False,
                 outcome=("W", m("9D", "4D", "AD", "5D")))
    assert explain_play(lead).code == "duck"
    win = facts(card=c("AD"), best=c("3C"), hand=m("AD", "3C"), legal=m("AD"),
                trick=(("S", c("9D")),), queen_out=False, outcome=("W", m("9D", "AD", "5D", "6D")))
    assert explain_play(win).code == "on_lead"


def test_without_a_checked_fact_the_sentence_says_it_comes_from_the_simulations() -> None:
    f = facts(card=c("9C"), best=c("2C"), hand=m("9C", "2C"), legal=m("9C", "2C"),
              trick=(("S", c("5D")),), queen_out=False, epl=2.5, dd_loss=3)
    r = explain_play(f)
    assert r.code is None
    assert r.text == ("9♣ costs 2.5 points on average against 2♣; this comes from the simulations "
                      "(48 sampled deals), no simpler reason was checked. With all hands known: "
                      "3 points more.")
    assert explain_play(f, "fr").text == (
        "9♣ coûte 2,5 points en moyenne par rapport à 2♣ ; cela vient des simulations (48 donnes "
        "simulées), aucune raison plus simple n'a été vérifiée. Cartes sur table : 3 points de plus.")


def test_french_grammar() -> None:
    assert de_card(c("AH"), "fr") == "de l'A♥"
    assert de_card(c("QS"), "fr") == "de la D♠"
    assert de_card(c("KS"), "fr") == "du R♠"
    assert de_card(c("7C"), "fr") == "du 7♣"
    assert points_text(1.0) == "1.0 point" and points_text(2.5) == "2.5 points"
    assert points_text(1.5, "fr") == "1,5 point" and points_text(2.0, "fr") == "2,0 points"
    # One table per language, the same sentences in each.
    assert set(MESSAGES["en"]) == set(MESSAGES["fr"])
    for text in MESSAGES["fr"].values():
        assert "de A" not in text and "de le" not in text and "(s)" not in text


def test_pass_sentences() -> None:
    hand = m("QS", "3S", "AH", "KH", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "TC")
    kept_queen = PassFacts("N", hand, m("2C", "3C", "4C"), m("QS", "AH", "KH"), 7.0)
    r = explain_pass(kept_queen)
    assert r.code == "pass_queen" and r.text.startswith("N kept Q♠ with only 1 other spade:")
    assert "D♠" in explain_pass(kept_queen, "fr").text
    hand2 = m("QS", "AS", "2S", "AH", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "TC")
    passed_queen = PassFacts("N", hand2, m("QS", "2C", "3C"), m("QS", "AS", "AH"), 4.0)
    assert explain_pass(passed_queen).text.startswith("N passed Q♠ but kept A♠ with only 1 small spade")
    hearts = PassFacts("N", hand2, m("QS", "AS", "2C"), m("QS", "AS", "AH"), 2.0)
    assert explain_pass(hearts).text.startswith("N kept A♥; passing")
    plain = PassFacts("N", hand2, m("QS", "AS", "AH"), m("QS", "AS", "2C"), 1.5)
    assert explain_pass(plain).code is None
    assert "from the simulations" in explain_pass(plain).text


def test_hint_sentence() -> None:
    f = facts()
    assert explain_best(f, c("KS"), 13.0) == (
        "Play 7♠: it ducks under the jack; K♠ would cost 13.0 points more.")
    assert explain_best(f, c("KS"), 13.0, "fr") == (
        "Jouer le 7♠ : on passe sous le valet ; R♠ coûterait 13,0 points de plus.")
