"""The sentences behind the marks: each pattern, in English and French."""

from __future__ import annotations

from hearts_notation.analysis.explain import (
    PassFacts,
    PlayFacts,
    explain_best,
    explain_pass,
    explain_play,
)
from hearts_notation.cards import mask_of, parse_card


def c(t: str) -> int:
    return parse_card(t)


def m(*tokens: str) -> int:
    return mask_of(parse_card(t) for t in tokens)


def facts(**kw: object) -> PlayFacts:
    base: dict[str, object] = dict(seat="W", card=c("KS"), best=c("7S"), epl=11.4, dd_loss=13,
                                   hand=m("KS", "7S"), legal=m("KS", "7S"),
                                   trick=(("S", c("JS")),), queen_out=True)
    base.update(kw)
    return PlayFacts(**base)  # type: ignore[arg-type]


def test_duck() -> None:
    f = facts(outcome=("W", m("JS", "KS", "QS", "4D")))
    assert explain_play(f) == "W could duck with 7♠ under the jack; K♠ took the queen."
    assert explain_play(f, "fr") == "W pouvait passer sous le valet avec 7♠ ; R♠ a pris la dame."
    plain = facts(outcome=("W", m("JS", "KS", "5S", "4D")))
    assert explain_play(plain) == "W could duck with 7♠ under the jack; K♠ won the trick."
    hearts = facts(trick=(("S", c("5H")),), card=c("KH"), best=c("2H"), hand=m("KH", "2H"),
                   legal=m("KH", "2H"), outcome=("W", m("5H", "KH", "9H", "3H")))
    assert explain_play(hearts) == "W could duck with 2♥ under the 5; K♥ took 4 hearts."
    assert "a pris 4 cœurs" in explain_play(hearts, "fr")


def test_queen_taken_with_a_lower_spade() -> None:
    f = facts(card=c("QS"), best=c("5S"), hand=m("QS", "5S"), legal=m("QS", "5S"),
              trick=(("S", c("9S")),), outcome=("W", m("9S", "QS", "2S", "3S")), queen_out=False)
    assert explain_play(f) == "W took the trick with Q♠ while holding 5♠: the queen cost 13 points."
    assert explain_play(f, "fr").startswith("W a pris le pli avec la D♠ alors qu'il avait 5♠")


def test_missed_discard() -> None:
    f = facts(card=c("2C"), best=c("QS"), hand=m("QS", "2C", "AH"), legal=m("QS", "2C", "AH"),
              trick=(("S", c("9D")),), queen_out=False)
    assert explain_play(f) == "W was void in diamonds and missed the chance to discard Q♠ (played 2♣)."
    assert "sans carreau" in explain_play(f, "fr")
    h = facts(card=c("2C"), best=c("AH"), hand=m("2C", "AH"), legal=m("2C", "AH"),
              trick=(("S", c("9D")),))
    assert explain_play(h) == "W was void in diamonds and missed the chance to discard A♥ (played 2♣)."


def test_bad_leads() -> None:
    f = facts(card=c("AS"), best=c("2D"), hand=m("AS", "2D"), legal=m("AS", "2D"), trick=())
    assert explain_play(f) == "W led A♠ while Q♠ was still out: the queen could fall on it."
    v = facts(card=c("9D"), best=c("2C"), hand=m("9D", "2C"), legal=m("9D", "2C"), trick=(),
              voids=(("N", (1,)),))
    assert explain_play(v) == "W led diamonds although N had shown out of the suit with Q♠ still out."
    assert "N n'en avait plus" in explain_play(v, "fr")


def test_moon_defence() -> None:
    f = facts(card=c("3H"), best=c("AH"), hand=m("3H", "AH"), legal=m("3H", "AH"),
              trick=(("N", c("KH")),), moon_threat="N", shooter="N", seat="E")
    assert explain_play(f).startswith("E broke up the moon defence: N had every point so far")
    assert "grand chelem" in explain_play(f, "fr")


def test_generic_sentence() -> None:
    f = facts(card=c("9C"), best=c("2C"), hand=m("9C", "2C"), legal=m("9C", "2C"),
              trick=(("S", c("5D")),), queen_out=False, epl=2.5, dd_loss=3)
    assert explain_play(f) == "9♣ costs 2.5 points on average; 2♣ was better (with all hands known: 3 more)."
    assert explain_play(f, "fr") == ("9♣ coûte 2,5 point(s) en moyenne ; 2♣ était meilleur "
                                     "(cartes sur table : 3 point(s) de plus).")


def test_pass_sentences() -> None:
    hand = m("QS", "3S", "AH", "KH", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "TC")
    kept_queen = PassFacts("N", hand, m("2C", "3C", "4C"), m("QS", "AH", "KH"), 7.0)
    assert explain_pass(kept_queen).startswith("N kept Q♠ with only 1 other spade(s)")
    assert "D♠" in explain_pass(kept_queen, "fr")
    hand2 = m("QS", "AS", "2S", "AH", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "TC")
    passed_queen = PassFacts("N", hand2, m("QS", "2C", "3C"), m("QS", "AS", "AH"), 4.0)
    assert explain_pass(passed_queen).startswith("N passed Q♠ but kept A♠ with too few spades")
    hearts = PassFacts("N", hand2, m("QS", "AS", "2C"), m("QS", "AS", "AH"), 2.0)
    assert explain_pass(hearts).startswith("N kept A♥; passing")


def test_hint_sentence() -> None:
    f = facts()
    assert explain_best(f, c("KS"), 13.0) == "Play 7♠: it ducks under the jack; K♠ would cost 13.0 more."
    assert explain_best(f, c("KS"), 13.0, "fr") == (
        "Jouer 7♠ : elle passe sous le valet ; R♠ coûterait 13,0 point(s) de plus.")
