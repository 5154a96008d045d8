"""Audit, round 29 (docs/analysis.md): the reasons a coach found missing on
fresh deals (generator 6299), each on a position built by hand from the deal
it came from: the seat's one sure exit led where the best card was of
another suit, said as the exit kept (code ``keep_low``), not left to the
simulations."""

from __future__ import annotations

from hearts_notation.analysis.explain import PlayFacts, explain_play
from tests.explain_facts import c, facts, m

#: Generator 6299, deal 5, trick 5: N holds A♠ 8♠ 2♠ with only 3♠ 5♠ still out.
_HAND = m("AS", "8S", "2S", "JH", "6H", "QD", "JD", "TD", "JC")
_OUT = m("3S", "5S", "AH", "QH", "TH", "9H", "8H", "7H", "5H", "4H", "3H", "2H",
         "AD", "9D", "8D", "6D", "5D", "4D", "QC", "TC", "9C", "8C", "6C", "5C", "4C")


def _fields(f: PlayFacts) -> dict[str, object]:
    return {k: getattr(f, k) for k in PlayFacts.__dataclass_fields__}


def test_the_one_sure_exit_led_where_another_suit_was_best() -> None:
    """N led 2♠, its only card sure to lose a trick on the lead, where 6♥
    was best (N later had to lead its winners and took 8 hearts); main said
    only "this comes from the simulations"."""
    f = facts(seat="N", card=c("2S"), best=c("6H"), epl=4.1, hand=_HAND, legal=_HAND,
              out=_OUT, outcome=("S", m("2S", "AH", "3S", "AD")))
    r = explain_play(f)
    assert r.code == "keep_low"
    assert r.text == ("N led 2♠, the only card in hand sure to lose a trick on the lead (lower than "
                      "every spade still out): kept, it would have given the lead away later; "
                      "6♥ was better.")
    assert explain_play(f, "fr").text == (
        "N a entamé le 2♠, la seule carte de sa main sûre de perdre le pli à l'entame (plus basse que "
        "tout pique encore chez les autres) : gardée, cette carte permettait de rendre la main plus tard ; "
        "6♥ valait mieux.")
    # Another sure exit held (2♣ under every club out): not "the only card".
    two = facts(**{**_fields(f), "hand": _HAND | m("2C"), "legal": _HAND | m("2C")})
    assert explain_play(two).code is None
    # Generator 6301, deal 1, trick 3: S led 2♦ holding 5♦ 6♦ too, every diamond out
    # higher (A♦ 10♦ 9♦ 8♦): 5♦ and 6♦ were exits as sure, so 2♦ was not "the only card".
    same = facts(**{**_fields(f), "card": c("2D"), "hand": m("2D", "5D", "6D", "9S", "JH"),
                    "legal": m("2D", "5D", "6D", "9S", "JH"), "queen_out": False,
                    "out": m("AD", "TD", "9D", "8D", "2S", "8S", "2H", "QH")})
    assert explain_play(same).code != "keep_low"
    # 8♠ led with 3♠ 5♠ still out (it can win the trick): no sure exit, not said.
    low = facts(**{**_fields(f), "card": c("8S"), "hand": m("AS", "8S", "JH", "6H", "QD"),
                   "legal": m("AS", "8S", "JH", "6H", "QD"), "queen_out": False})
    assert explain_play(low).code is None
    # Following, not leading: not this lesson.
    assert explain_play(facts(**{**_fields(f), "trick": (("W", c("3S")),)})).code != "keep_low"


def test_french_lead_won_counts_the_cards_in_the_other_hands() -> None:
    """Generator 6299, deal 1, trick 8: N led 9♦ and took 2 hearts, 6♥ best.
    Main's French said « au-dessus de 6♥, il restait 4 cartes plus hautes de
    sa couleur en jeu » (above… higher, said twice; "en jeu" where the count
    is of the other hands, the English "still out"; and "au-dessus de R♦"
    without its article for a face card)."""
    f = facts(seat="N", card=c("9D"), best=c("6H"), hand=m("9D", "6H", "2D"),
              legal=m("9D", "6H", "2D"), queen_out=False,
              out=m("AD", "KD", "3D", "AH", "KH", "QH", "JH", "2H"),
              outcome=("N", m("9D", "3D", "QH", "JH")))
    assert explain_play(f).text == (
        "N led 9♦ and took 2 hearts with it; 6♥ had 4 higher cards of its suit still out against "
        "it (9♦: 2), so it was likelier to lose the trick.")
    assert explain_play(f, "fr").text == (
        "N a entamé le 9♦ et a pris 2 cœurs avec ; 6♥ avait encore 4 cartes plus hautes de sa couleur "
        "chez les autres (9♦ : 2) : cette carte avait plus de chances de perdre le pli.")
    top = facts(**{**_fields(f), "out": m("8D", "3D", "AH", "2H"),
                   "outcome": ("N", m("9D", "3D", "AH", "2H"))})
    assert explain_play(top, "fr").text == (
        "N a entamé le 9♦, le plus haut carreau encore en jeu, et a pris 2 cœurs avec ; 6♥ avait "
        "encore 1 carte plus haute de sa couleur chez les autres : cette carte pouvait perdre le pli.")


def test_the_shooter_is_not_blamed_for_the_points_of_its_moon() -> None:
    """Generator 6301, deal 3, trick 6: N led A♥, took 4 hearts and went on
    to shoot the moon (N 0, the others 26).  Main said "led A♥ ... and took
    4 hearts with it; 6♥ ... could lose the trick": false as a cause, the
    hearts were the moon's and losing a heart trick would have spoiled it."""
    hand = m("AH", "KH", "TH", "8H", "6H", "4H", "3H")
    f = facts(seat="N", card=c("AH"), best=c("6H"), hand=hand, legal=hand, queen_out=False,
              out=m("9H", "7H", "5H", "2H", "QH", "JS", "8S"), shooter="N",
              outcome=("N", m("AH", "9H", "7H", "QH")))
    assert explain_play(f).code not in ("lead_won", "exit_lead")
    # The same lead by a seat that did not shoot: the points taken are its loss.
    assert explain_play(facts(**{**_fields(f), "shooter": None})).code == "lead_won"
    # exit_lead: a sure exit kept (2♥ under every heart out), the shooter not blamed either.
    low = facts(**{**_fields(f), "best": c("2H"), "hand": hand | m("2H"), "legal": hand | m("2H"),
                   "out": m("9H", "7H", "5H", "QH")})
    assert explain_play(low).code not in ("lead_won", "exit_lead")
    assert explain_play(facts(**{**_fields(low), "shooter": None})).code == "exit_lead"


def test_a_bare_queen_with_no_higher_spade_out_is_not_got_rid_of_by_a_lead() -> None:
    """Generator 6299, deal 2, trick 7: S held Q♠ bare, 5♠ the only spade
    out, and led 2♦ where Q♠ was best.  Main said S "led 2♦ instead of
    getting rid of the queen now": led, the queen wins its own trick (5♠
    under it).  The lesson said instead: any spade lead makes it win a
    trick anyway, with what the others discard on it; led, on a trick S
    chooses."""
    hand = m("QS", "8D", "7D", "3D", "2D", "9C", "5H")
    f = facts(seat="S", card=c("2D"), best=c("QS"), hand=hand, legal=hand, queen_out=False,
              out=m("5S", "QD", "JD", "TD", "9D", "QC", "5C", "4C", "JH", "9H", "8H", "6H"))
    r = explain_play(f)
    assert r.code == "queen_bare_kept"
    assert r.text == ("S held Q♠ bare (no other spade) with 1 spade still out in the other hands, "
                      "none above it, and led 2♦ instead of leading the queen now, on a trick of "
                      "its own choosing: any spade lead will make the queen win that trick, with "
                      "whatever points the others discard on it.")
    assert explain_play(f, "fr").text == (
        "S avait la dame de pique sèche (aucun autre pique) avec 1 pique encore en jeu chez les "
        "autres, aucun plus haut que la dame, et a entamé le 2♦ au lieu d'entamer la dame tout "
        "de suite, sur un pli de son choix : la première entame à pique fera prendre le pli à la "
        "dame, avec les points que les autres y défausseront.")
    # K♠ still out: the queen led may fall under it (main's sentence).
    k = facts(**{**_fields(f), "out": f.out | m("KS")})
    assert "instead of getting rid of the queen now" in explain_play(k).text
