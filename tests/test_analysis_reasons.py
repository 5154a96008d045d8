"""The causes named on the record (issue 24): each detector on a position
built by hand where it must fire, and one where it must not; the verb of
the position (lead, follow, discard) and the French wording."""

from __future__ import annotations

from hearts_notation.analysis.explain import PassFacts, PlayFacts, explain_pass, explain_play
from tests.explain_facts import c, facts, m


def test_moon_spoiled_by_a_penalty_card_given_away() -> None:
    f = facts(card=c("QH"), best=c("AD"), hand=m("QH", "AD", "9S"), legal=m("QH", "AD", "9S"),
              trick=(("E", c("5C")),), moon_threat="W", outcome=("E", m("5C", "QH", "3C", "9C")))
    r = explain_play(f)
    assert r.code == "moon_spoiled"
    assert r.text == ("W had every point taken so far and discarded Q♥, a penalty card that went to E: "
                      "that ended its own chance of shooting the moon; A♦ kept it open.")
    assert explain_play(f, "fr").text.startswith(
        "O avait tous les points pris jusque-là et a défaussé la D♥, une carte de pénalité "
        "partie chez E")
    # Someone else held the points (no moon of W's to spoil): not said.
    assert explain_play(facts(**{**_fields(f), "moon_threat": "N"})).code != "moon_spoiled"
    # W won the trick itself: the point stayed with W.
    assert explain_play(facts(**{**_fields(f), "outcome": ("W", m("5C", "QH"))})).code != "moon_spoiled"


def _fields(f: PlayFacts) -> dict[str, object]:
    return {k: getattr(f, k) for k in PlayFacts.__dataclass_fields__}


def test_queen_bared_by_the_last_spade_beside_it() -> None:
    f = facts(card=c("6S"), best=c("QS"), hand=m("6S", "QS", "5C"), legal=m("6S", "QS"),
              trick=(("S", c("JS")),), queen_out=False, out=m("AS", "KS", "2C"))
    r = explain_play(f)
    assert r.code == "queen_bared"
    assert r.text.startswith("W followed with 6♠, the last spade beside Q♠: the queen is now alone")
    assert explain_play(f, "fr").text.startswith("O a fourni le 6♠, le dernier pique à côté de la D♠")
    lead = facts(**{**_fields(f), "trick": (), "best": c("5C"), "legal": m("6S", "QS", "5C")})
    assert explain_play(lead).text.startswith("W led 6♠, the last spade")
    # Another low spade still guards the queen: not said.
    g = facts(**{**_fields(f), "hand": m("6S", "3S", "QS"), "legal": m("6S", "3S", "QS")})
    assert explain_play(g).code != "queen_bared"
    # No spade left in the other hands: nobody can force the queen.
    assert explain_play(facts(**{**_fields(f), "out": m("2C")})).code != "queen_bared"
    # The best card gave the guard up too.
    assert explain_play(facts(**{**_fields(f), "hand": m("6S", "4S", "QS"), "best": c("4S"),
                                 "legal": m("6S", "4S", "QS")})).code != "queen_bared"


def test_discard_points_a_heart_not_given() -> None:
    f = facts(card=c("6D"), best=c("6H"), hand=m("6D", "6H", "KS"), legal=m("6D", "6H", "KS"),
              trick=(("E", c("5C")),))
    r = explain_play(f)
    assert r.code == "discard_points"
    assert r.text == ("W, void in clubs, discarded 6♦; discarding 6♥ would have given that heart to the "
                      "trick's winner; kept in hand, it can cost points later.")
    assert explain_play(f, "fr").text.startswith(
        "O, sans trèfle, a défaussé le 6♦ ; se défausser du 6♥ aurait donné ce cœur")
    # Not void: a follow, not a discard.
    follow = facts(**{**_fields(f), "hand": m("6D", "6H", "2C"), "legal": m("2C")})
    assert explain_play(follow).code != "discard_points"


def test_high_left_the_top_card_of_a_suit_to_discard() -> None:
    f = facts(card=c("KH"), best=c("AS"), hand=m("KH", "AS", "TC"), legal=m("KH", "AS", "TC"),
              trick=(("S", c("4D")),), out=m("JS", "2S", "3H"))
    r = explain_play(f)
    assert r.code == "high_left"
    assert "A♠ was the highest spade still in play: kept, it may have to win a spade trick later" in r.text
    assert "a défaussé le R♥ ; A♠ était le plus haut pique encore en jeu" in explain_play(f, "fr").text
    # A higher spade is still out: A♠ is not the top card (K♠ against the K♠ best).
    k = facts(**{**_fields(f), "best": c("KS"), "hand": m("KH", "KS", "TC"),
                 "legal": m("KH", "KS", "TC"), "out": m("AS", "2S")})
    assert explain_play(k).code != "high_left"
    # What the other hands hold is unknown: not said.
    assert explain_play(facts(**{**_fields(f), "out": None})).code != "high_left"


def test_exit_lead_lower_than_every_card_out() -> None:
    f = facts(card=c("JC"), best=c("2H"), hand=m("JC", "2H", "JD"), legal=m("JC", "2H", "JD"),
              out=m("5H", "8H", "9H", "3C"), outcome=("W", m("JC", "5H", "8H", "9H")))
    r = explain_play(f)
    assert r.code == "exit_lead"
    assert r.text == ("W led J♣ and took 3 hearts; 2♥, lower than every heart still out, could not "
                      "win the trick and would have given the lead away.")
    assert explain_play(f, "fr").text == (
        "O a entamé le V♣ et a pris 3 cœurs ; 2♥, plus bas que tout cœur encore chez les autres, "
        "ne pouvait pas prendre le pli et rendait la main.")
    # A lower heart is still out: 2♥... is not the lowest (here 4♥ against 3♥).
    h = facts(**{**_fields(f), "best": c("4H"), "hand": m("JC", "4H"), "legal": m("JC", "4H"),
                 "out": m("3H", "8H")})
    assert explain_play(h).code != "exit_lead"
    # The lead did not win the trick in the record.
    assert explain_play(facts(**{**_fields(f), "outcome": ("N", m("JC", "QC"))})).code != "exit_lead"


def test_lead_won_counts_the_cards_above() -> None:
    f = facts(card=c("KC"), best=c("5H"), hand=m("KC", "5H"), legal=m("KC", "5H"),
              out=m("2C", "8H", "AH", "JH", "3H"), outcome=("W", m("KC", "8H", "AH", "QS")))
    r = explain_play(f)
    assert r.code == "lead_won"
    assert r.text == ("W led K♣, the highest club still in play, and took the queen and 2 hearts with it; "
                      "5♥ had 3 higher cards of its suit still out against it and could lose the trick.")
    assert explain_play(f, "fr").text.startswith("O a entamé le R♣, le plus haut trèfle encore en jeu, et a "
                                                 "pris la dame et 2 cœurs avec ; 5♥ avait encore")
    one = facts(**{**_fields(f), "out": m("AC", "8H", "AH", "3H", "2C")})
    assert explain_play(one).text.startswith("W led K♣ and took")
    assert "(K♣: 1)" in explain_play(one).text
    # The lead took no points: not said.
    assert explain_play(facts(**{**_fields(f), "outcome": ("W", m("KC", "2C"))})).code != "lead_won"
    # The best card had no more cards above it than the card led.
    even = facts(**{**_fields(f), "out": m("AC", "AH", "3H")})
    assert explain_play(even).code != "lead_won"


def test_bare_queen_is_not_a_bare_high_card_to_cash() -> None:
    f = facts(card=c("7H"), best=c("QS"), hand=m("7H", "QS", "KH"), legal=m("7H", "QS", "KH"),
              queen_out=False)
    assert explain_play(f).code is None
    k = facts(card=c("7H"), best=c("KD"), hand=m("7H", "KD", "KH"), legal=m("7H", "KD", "KH"))
    assert explain_play(k).code == "bare_high"


def test_queen_bare_kept_when_it_was_the_card_to_play() -> None:
    f = facts(card=c("5C"), best=c("QS"), hand=m("5C", "QS", "KH"), legal=m("5C", "QS", "KH"),
              queen_out=False, out=m("AS", "3S", "2C"))
    r = explain_play(f)
    assert r.code == "queen_bare_kept"
    assert r.text == ("W held Q♠ bare (no other spade) with 2 spades still out in the other hands, and "
                      "led 5♣ instead of getting rid of the queen now: any spade lead will force it out.")
    assert explain_play(f, "fr").text.startswith(
        "O avait la dame de pique sèche (aucun autre pique) avec 2 piques encore en jeu chez les autres")
    # A low spade guards it: not bare.
    g = facts(**{**_fields(f), "hand": m("5C", "QS", "2S"), "legal": m("5C", "QS", "2S")})
    assert explain_play(g).code != "queen_bare_kept"
    # No spade left out: nobody can force it.
    assert explain_play(facts(**{**_fields(f), "out": m("2C")})).code != "queen_bare_kept"


def test_high_left_on_lead() -> None:
    f = facts(card=c("6C"), best=c("KH"), hand=m("6C", "KH", "8D"), legal=m("6C", "KH", "8D"),
              out=m("2H", "9H", "3C"))
    r = explain_play(f)
    assert r.code == "high_left"
    assert r.text.startswith("W led 6♣; K♥ was the highest heart still in play: kept, it may have to win")
    assert explain_play(f, "fr").text.startswith(
        "O a entamé le 6♣ ; R♥ était le plus haut cœur encore en jeu")
    # The ace of hearts is still out: K♥ is not the top heart.
    assert explain_play(facts(**{**_fields(f), "out": m("AH", "9H", "3C")})).code != "high_left"


def test_high_left_not_for_a_high_spade_while_the_queen_is_out() -> None:
    f = facts(card=c("5C"), best=c("AS"), hand=m("5C", "AS", "8D"), legal=m("5C", "AS", "8D"),
              out=m("QS", "9S", "3C"))
    assert explain_play(f).code != "high_left"
    assert explain_play(facts(**{**_fields(f), "out": m("JS", "9S", "3C")})).code == "high_left"


def test_take_last_a_cheap_trick() -> None:
    f = facts(card=c("2H"), best=c("QH"), hand=m("2H", "QH", "7D"), legal=m("2H", "QH"),
              trick=(("S", c("4H")), ("N", c("3H")), ("E", c("9H"))),
              outcome=("E", m("4H", "3H", "9H", "2H")))
    r = explain_play(f)
    assert r.code == "take_last"
    assert r.text == ("W, last to play, followed with 2♥ under the 9; Q♥ would have taken the trick now, "
                      "with 4 hearts on it, and got rid of a high heart that can win a costlier trick later.")
    assert explain_play(f, "fr").text.startswith(
        "O, qui jouait en dernier, a fourni le 2♥ sous le 9 ; D♥ prenait le pli tout de suite, "
        "avec 4 cœurs dedans")
    clean = facts(**{**_fields(f), "card": c("3C"), "best": c("KC"), "hand": m("3C", "KC"),
                     "legal": m("3C", "KC"), "trick": (("S", c("4C")), ("N", c("5C")), ("E", c("8C"))),
                     "outcome": ("E", m("4C", "5C", "8C", "3C"))})
    assert "with no points on it" in explain_play(clean).text
    # A seat still plays after W (the record's trick has a later card): not said.
    early = facts(**{**_fields(f), "trick": (("N", c("3H")), ("E", c("9H"))),
                     "outcome": ("E", m("3H", "9H", "2H", "4H"))})
    assert explain_play(early).code != "take_last"


def test_pass_short_leaves_a_single_low_card() -> None:
    hand = m("7C", "KC", "AC", "4D", "8D", "KD", "AD", "2H", "3H", "6H", "9H", "QH", "3S")
    f = PassFacts("N", hand, m("AC", "AD", "QH"), m("KC", "AC", "AD"), 1.7)
    r = explain_pass(f)
    assert r.code == "pass_short"
    assert r.text == ("N: passing A♦ A♣ K♣ would have left only 7♣ in clubs, void after the first round "
                      "of the suit and then free to discard; it saves 1.7 points on average.")
    assert explain_pass(f, "fr").text.startswith("N : passer A♦ A♣ R♣ ne laissait que 7♣ à trèfle")
    # The pass made left the same single card: not the lesson.
    same = PassFacts("N", hand, m("KC", "AC", "QH"), m("KC", "AC", "AD"), 1.7)
    assert explain_pass(same).code != "pass_short"
    # The card left is high (it wins its trick): not said.
    high = m("QC", "KC", "AC", "4D", "8D", "KD", "AD", "2H", "3H", "6H", "9H", "QH", "3S")
    assert explain_pass(PassFacts("N", high, m("AC", "AD", "QH"), m("KC", "AC", "AD"), 1.7)).code is None


def test_pass_queen_bare_says_it_plainly() -> None:
    hand = m("QS", "AH", "KH", "QH", "2C", "3C", "4C", "5C", "6C", "2D", "3D", "4D", "5D")
    f = PassFacts("E", hand, m("2C", "3C", "4C"), m("QS", "AH", "KH"), 6.0)
    r = explain_pass(f)
    assert r.code == "pass_queen"
    assert r.text == ("E kept Q♠ bare, with no other spade: any spade lead forces it out; "
                      "passing Q♠ A♥ K♥ was safer.")
    assert "only no other" not in r.text
    assert explain_pass(f, "fr").text.startswith("E a gardé la dame de pique sèche, sans aucun autre pique")
    guarded = PassFacts("E", hand & ~m("5D") | m("3S"), m("2C", "3C", "4C"), m("QS", "AH", "KH"), 6.0)
    assert "with only 1 other spade" in explain_pass(guarded).text


def test_moon_fed_a_penalty_card_given_to_the_would_be_shooter() -> None:
    f = facts(card=c("TH"), best=c("TD"), hand=m("TH", "TD", "6H"), legal=m("TH", "TD", "6H"),
              trick=(("E", c("JS")), ("S", c("QD"))), moon_threat="E",
              outcome=("E", m("JS", "QD", "TH", "KH")))
    r = explain_play(f)
    assert r.code == "moon_fed"
    assert r.text == ("E had every point taken so far; W discarded 10♥, a penalty card taken with the "
                      "trick, one step closer to shooting the moon; 10♦, no penalty card, would have given "
                      "nothing away.")
    assert explain_play(f, "fr").text.startswith(
        "E avait tous les points pris jusque-là ; O a défaussé le 10♥, une carte de pénalité "
        "ramassée avec le pli")
    # The trick went to another seat than the one holding every point: not said.
    other = facts(**{**_fields(f), "outcome": ("N", m("JS", "QD", "TH", "AS"))})
    assert explain_play(other).code != "moon_fed"
    # The best card was a penalty card too: not this lesson.
    assert explain_play(facts(**{**_fields(f), "best": c("6H")})).code != "moon_fed"


def test_moon_led_a_lead_the_would_be_shooter_won_with_points() -> None:
    f = facts(card=c("3S"), best=c("5C"), hand=m("3S", "4S", "5C", "9C"), legal=m("3S", "4S", "5C", "9C"),
              moon_threat="N", outcome=("N", m("3S", "JS", "6S", "JH")), out=m("JS", "6S", "JH", "8C"))
    r = explain_play(f)
    assert r.code == "moon_led"
    assert r.text == ("W led 3♠ and N, who had every point taken so far, won it with 1 heart: the moon "
                      "stayed open; 5♣ was better.")
    assert explain_play(f, "fr").text.startswith("O a entamé le 3♠ et N, qui avait tous les points pris")
    # No point in the trick: the moon was not helped.
    other = facts(**{**_fields(f), "outcome": ("N", m("3S", "JS", "6S", "2S"))})
    assert explain_play(other).code != "moon_led"
    # Nobody held every point: not said.
    assert explain_play(facts(**{**_fields(f), "moon_threat": None})).code != "moon_led"


def test_high_spade_bared_by_the_last_low_spade() -> None:
    f = facts(card=c("5S"), best=c("3C"), hand=m("KS", "5S", "3C", "9C"), legal=m("KS", "5S", "3C", "9C"),
              out=m("QS", "JS", "2S", "4C"), queen_holders=("N", "S"))
    r = explain_play(f)
    assert r.code == "high_spade_bared"
    assert r.text == ("W led 5♠, the last spade under the queen beside K♠: K♠ is now unguarded while Q♠ is "
                      "still out, and a spade lead can make it take the queen; 3♣ was better.")
    assert explain_play(f, "fr").text.startswith(
        "O a entamé le 5♠, le dernier pique sous la dame à côté du R♠ : R♠ reste sans garde")
    both = facts(**{**_fields(f), "hand": m("AS", "KS", "5S", "3C"), "legal": m("AS", "KS", "5S", "3C")})
    assert "A♠ K♠ are now unguarded" in explain_play(both).text
    # Another low spade still guards the king.
    g = facts(**{**_fields(f), "hand": m("KS", "5S", "2S", "3C"), "legal": m("KS", "5S", "2S", "3C")})
    assert explain_play(g).code != "high_spade_bared"
    # The queen is no longer out (played, or in this hand): not said.
    assert explain_play(facts(**{**_fields(f), "queen_out": False})).code != "high_spade_bared"


def test_smoke_queen_a_low_spade_to_lead() -> None:
    f = facts(card=c("7D"), best=c("9S"), hand=m("TS", "9S", "7D", "QH"), legal=m("TS", "9S", "7D", "QH"),
              out=m("QS", "5S", "AS", "2D"), queen_holders=("E", "W"))
    r = explain_play(f)
    assert r.code == "smoke_queen"
    assert r.text == ("W led 7♦; 9♠, under the queen, could not take Q♠ (no spade above it in hand) and "
                      "draws spades from the other hands: that is how the queen is forced out (Q♠ could be "
                      "with E or W).")
    assert explain_play(f, "fr").text.startswith(
        "O a entamé le 7♦ ; 9♠, sous la dame, ne pouvait pas prendre la D♠ "
        "(aucun pique plus haut dans la main)")
    # Holding K♠, a spade lead may come back onto it: not this lesson.
    k = facts(**{**_fields(f), "hand": m("KS", "9S", "7D"), "legal": m("KS", "9S", "7D")})
    assert explain_play(k).code != "smoke_queen"
    # Not on lead: no spade to lead.
    assert explain_play(facts(**{**_fields(f), "trick": (("N", c("2D")),)})).code != "smoke_queen"


def test_void_lead_the_only_card_of_a_suit() -> None:
    f = facts(card=c("4C"), best=c("JD"), hand=m("JD", "4C", "8C", "7H"), legal=m("JD", "4C", "8C", "7H"),
              out=m("AD", "9D", "3C"))
    r = explain_play(f)
    assert r.code == "void_lead"
    assert r.text == ("W led 4♣; J♦ was the only diamond in hand: played now, it would have left the "
                      "hand void in diamonds, free to discard when diamonds are led.")
    assert explain_play(f, "fr").text == (
        "O a entamé le 4♣ ; V♦ était le seul carreau de la main : le jouer tout de suite lui "
        "laissait une main sans carreau, libre de se défausser quand on joue carreau.")
    disc = facts(**{**_fields(f), "card": c("7H"), "trick": (("N", c("2S")),)})
    assert explain_play(disc).text.startswith("W discarded 7♥; J♦ was the only diamond")
    # Two diamonds in hand: no void made.
    two = facts(**{**_fields(f), "hand": m("JD", "2D", "4C", "7H"), "legal": m("JD", "2D", "4C", "7H")})
    assert explain_play(two).code != "void_lead"
    # No diamond left in the other hands: a void there is worth nothing.
    assert explain_play(facts(**{**_fields(f), "out": m("3C")})).code != "void_lead"


def test_take_sure_the_top_card_wins_whatever_follows() -> None:
    f = facts(card=c("3C"), best=c("KC"), hand=m("AC", "KC", "3C", "2H"), legal=m("AC", "KC", "3C"),
              trick=(("S", c("4C")), ("N", c("AS"))), out=m("TC", "6C", "QS"),
              outcome=("E", m("4C", "AS", "3C", "6C")))
    r = explain_play(f)
    assert r.code == "take_sure"
    assert r.text == ("W followed with 3♣ under the 4; K♣, higher than every club still out, would have won "
                      "the trick whatever the others played, with no points on it so far, and got rid of a "
                      "high club that can win a costlier trick later.")
    assert explain_play(f, "fr").text.startswith(
        "O a fourni le 3♣ sous le 4 ; R♣, plus haut que tout trèfle encore chez les autres, prenait le pli")
    # A higher club is still out: the win is not sure.
    assert explain_play(facts(**{**_fields(f), "out": m("TC", "AC", "QS"),
                                 "hand": m("KC", "3C", "2H"), "legal": m("KC", "3C")})).code != "take_sure"
    # The seat still to play has shown out of clubs: it could discard points onto it.
    assert explain_play(facts(**{**_fields(f), "voids": (("E", (0,)),)})).code != "take_sure"


def test_win_high_keeps_the_low_card() -> None:
    f = facts(card=c("8C"), best=c("KC"), hand=m("KC", "8C", "2H"), legal=m("KC", "8C"),
              trick=(("E", c("4C")), ("S", c("JD"))), out=m("JC", "TC", "7H"),
              outcome=("W", m("4C", "JD", "8C", "7H")))
    r = explain_play(f)
    assert r.code == "win_high"
    assert r.text == ("W won the trick with 8♣; K♣ would have won it too against the cards played, and kept "
                      "8♣, which a higher club still out can beat, to give the lead away later.")
    assert explain_play(f, "fr").text.startswith("O a pris le pli avec 8♣ ; R♣ le prenait aussi")
    # The trick was lost: not said.
    other = facts(**{**_fields(f), "outcome": ("N", m("4C", "JD", "8C", "AC"))})
    assert explain_play(other).code != "win_high"
    # No higher club out: 8♣ is no exit to keep.
    assert explain_play(facts(**{**_fields(f), "out": m("5C", "7H")})).code != "win_high"


def test_every_reason_is_a_puzzle_theme_with_a_name() -> None:
    """A new reason code of a play becomes a puzzle's theme: the trainer
    page names it in both languages and the puzzle set's schema accepts it."""
    import json
    import re
    from importlib import resources

    from hearts_notation.i18n import catalog
    from hearts_notation.render.trainer import THEMES

    source = resources.files("hearts_notation.analysis").joinpath("explain.py").read_text(encoding="utf-8")
    codes = {c for c in re.findall(r'Reason\("([a-z_]+)"', source) if not c.startswith("pass_")}
    assert len(codes) > 20 and codes <= set(THEMES)   # (puzzles are plays: pass reasons need no theme)
    schema = json.loads(resources.files("hearts_notation.schema").joinpath("puzzles.schema.json")
                        .read_text(encoding="utf-8"))
    enum = schema["properties"]["puzzles"]["items"]["properties"]["theme"]["enum"]
    assert set(THEMES) == set(enum)
    for lang in ("en", "fr"):
        assert all(f"puzzles.theme.{t}" in catalog(lang) for t in THEMES), lang


def test_queen_bared_beside_a_higher_spade_only() -> None:
    f = facts(card=c("4S"), best=c("QC"), hand=m("AS", "QS", "4S", "QC", "2H"),
              legal=m("AS", "QS", "4S", "QC", "2H"), queen_out=False, out=m("KS", "8S", "3C"))
    r = explain_play(f)
    assert r.code == "queen_bared"
    assert r.text == ("W led 4♠, the last spade under Q♠: the queen keeps only A♠ beside it, so a spade "
                      "lead will force out the queen or A♠; Q♣ was better.")
    assert explain_play(f, "fr").text.startswith(
        "O a entamé le 4♠, le dernier pique sous la D♠ : la dame n'a plus à ses côtés que A♠")
    # A lower spade still guards the queen: not said.
    guarded = m("AS", "QS", "4S", "2S", "QC")
    g = facts(**{**_fields(f), "hand": guarded, "legal": guarded})
    assert explain_play(g).code != "queen_bared"


def test_bare_high_says_who_led_and_only_what_is_known() -> None:
    f = facts(card=c("7H"), best=c("KD"), hand=m("7H", "KD", "KH"), legal=m("7H", "KD", "KH"),
              out=m("AD", "2D"))
    r = explain_play(f)
    assert r.code == "bare_high"
    assert r.text == ("W led 7♥; K♦ was a bare high card: led now, while no seat had shown out of diamonds, "
                      "it goes on a trick the others follow, likely without points; kept alone, it may have "
                      "to win a costly trick later.")
    assert explain_play(f, "fr").text.startswith("O a entamé le 7♥ ; R♦ était une carte haute sèche")
    # A seat has shown out of diamonds: the trick could carry points.
    assert explain_play(facts(**{**_fields(f), "voids": (("N", (1,)),)})).code != "bare_high"


def test_pass_spade_guard_keeps_spades_for_a_queen_passed_in() -> None:
    hand = m("JS", "4S", "AH", "QH", "6H", "2H", "JD", "7D", "5D", "KC", "TC", "6C", "4C")
    f = PassFacts("S", hand, m("JS", "AH", "QH"), m("AH", "JD", "KC"), 2.6)
    r = explain_pass(f)
    assert r.code == "pass_spade_guard"
    assert r.text == ("S kept 1 small spade under the queen: if Q♠ comes in the pass, it has almost no guard "
                      "and a spade lead can force it out; passing A♥ J♦ K♣ kept J♠ 4♠ and saves 2.6 points "
                      "on average.")
    assert explain_pass(f, "fr").text.startswith(
        "S a gardé 1 petit pique sous la dame : si la D♠ lui arrive par la passe")
    none = PassFacts("S", hand, m("JS", "4S", "AH"), m("AH", "JD", "KC"), 2.6)
    assert explain_pass(none, "fr").text.startswith("S n'a gardé aucun pique sous la dame")
    # The seat holds the queen itself: nothing can be passed to it.
    own = PassFacts("S", hand & ~m("2H") | m("QS"), m("JS", "AH", "QH"), m("AH", "JD", "KC"), 2.6)
    assert explain_pass(own).code != "pass_spade_guard"
    # The best pass gives the spade guard up too: not the lesson.
    same = PassFacts("S", hand, m("JS", "AH", "QH"), m("JS", "AH", "KC"), 2.6)
    assert explain_pass(same).code != "pass_spade_guard"
