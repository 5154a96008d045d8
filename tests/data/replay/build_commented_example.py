"""Build ``samples/commented-example.hrn``: seed 004's commented deal
("Cœurs : une partie commentée"), completed and checked card by card.

The seed gives your hand, the passes you gave and received, the first four
tricks and the final points (vous 3, Ada 4, Cleo 3, Bo 16).  The rest (the
other three hands, Ada's and Bo's passes, tricks 5 to 13) is ours to choose.

How the completion was found.  A blind depth-first search over the hidden
hands and the last nine tricks does not finish (millions of nodes without a
hit), because the facts are tight.  After trick 4 you hold V♥ 9♥ 3♥, V♦ 2♦,
10♣ 8♣ 7♣ 5♣ and must take exactly the V♥, the 9♥ and one more heart, while
"sans pique en main, vous défaussez des cœurs chaque fois que vous ne pouvez
pas fournir".  So you may discard only the 3♥, and each of V♥ and 9♥ must win
its trick with at most one other heart in the pair of tricks: every other
heart has to be gone before them.  That fixes the shape of the play:

* trick 5: Bo leads the K♠, Cleo (void in spades) throws a heart, you throw
  the 3♥ and Ada ducks: Bo's 16 are complete;
* tricks 6-9: Ada wins three club tricks, collecting four hearts from the
  players who are void in clubs, then leads her 6♣ so that your 10♣ wins;
* tricks 10-11: you lead the 2♦; Cleo wins both diamond tricks and the three
  hearts that Ada and Bo throw on them;
* tricks 12-13: Cleo leads the 2♥, your V♥ wins it, and your 9♥ wins the
  last trick alone.

The seed's "un pli avec le V♥, le 9♥ et un autre cœur" cannot be meant
literally (both hearts are yours, so they never share a trick); we read it
as "the V♥, the 9♥ and one other heart".  The card-level choices inside that
shape were made by hand for plausible play (the players dump their high
hearts and the A♠ on the tricks Cleo must win).  ``check()`` then replays
every card through :func:`hearts_notation.state.legal_plays` (the one copy
of the rules, ``standard`` preset) and asserts each fact of the seed, so the
sample cannot drift from the rules or the story.

Run from the repository root to (re)write the sample:
    python tests/data/replay/build_commented_example.py
"""

from __future__ import annotations

import sys
from pathlib import Path

from hearts_notation.cards import (
    DIAMONDS,
    HEARTS,
    SPADES,
    SUIT_MASKS,
    Card,
    cards_of,
    display_order,
    mask_of,
    parse_card,
)
from hearts_notation.rules import parse_rules
from hearts_notation.state import breaks_hearts, deal_points, legal_plays, trick_winner

SEATS = ("N", "E", "S", "W")
NAMES = {"N": "Vous", "E": "Ada", "S": "Bo", "W": "Cleo"}


def cs(text: str) -> list[Card]:
    """Cards of a space-separated list (``QS TH``)."""
    return [parse_card(t) for t in text.split()]


#: Hands after the pass (what each seat played from).
AFTER = {
    "N": cs("4S JH 9H 3H JD 8D 6D 2D KC TC 8C 7C 5C"),
    "E": cs("AS QS 9S 8S 7S 6S AH KH AC QC JC 6C 3C"),
    "S": cs("KS TS 5S 3S 2S 7H 6H 5H 4H AD TD 4C 2C"),
    "W": cs("JS QH TH 8H 2H KD QD 9D 7D 5D 4D 3D 9C"),
}
#: Cards each seat gave (pass left: N->E->S->W->N).
PASSES = {
    "N": cs("QS AS KH"),
    "E": cs("KS 7H 6H"),
    "S": cs("KD QD QH"),
    "W": cs("KC JH 8C"),
}
#: Tricks in play order: leader, then the cards clockwise.
TRICKS = [
    ("S", "2C 9C KC 3C"),
    ("N", "4S 7S TS JS"),
    ("W", "5D 6D QS AD"),
    ("S", "TD 9D 8D KH"),
    ("S", "KS QH 3H 8S"),
    ("S", "4C TH 5C JC"),
    ("E", "AC 7H 8H 7C"),
    ("E", "QC 6H 7D 8C"),
    ("E", "6C 2S 4D TC"),
    ("N", "2D AH 5H 3D"),
    ("W", "KD JD AS 4H"),
    ("W", "2H JH 6S 3S"),
    ("N", "9H 9S 5S QD"),
]
#: The seed's explanations, as comments on the cards (trick, seat) they explain.
COMMENTS = {
    (1, "N"): "Aucun cœur ni la dame de pique ne peuvent tomber au premier pli : "
              "il ne peut rien coûter, une occasion gratuite de se débarrasser d'un trèfle haut.",
    (2, "N"): "Le but : ne plus avoir de pique au plus vite.",
    (2, "E"): "Ada a l'as et la dame que vous lui avez passés ; elle joue en dessous.",
    (3, "E"): "Qui ne peut pas fournir défausse ce qu'il veut : Ada en profite.",
    (3, "S"): "Bo a l'A♦ et le 10♦ ; les deux battent le 6♦, il prend donc ce pli quoi qu'il fasse, "
              "et il joue l'as pour s'en débarrasser.",
    (4, "E"): "C'est le roi que vous lui avez passé ; désormais, on peut entamer cœur.",
    (5, "N"): "Sans pique en main, vous défaussez des cœurs chaque fois que vous ne pouvez pas fournir.",
    (13, "N"): "Vous prenez trois points : le V♥, le 9♥ et un autre cœur, le 2♥ de Cleo.",
}
MARKS = {(1, "N"): "!"}
PASS_COMMENTS = {
    "N": "Tenir la dame de pique avec seulement deux autres piques est dangereux : quiconque "
         "entame pique peut vous forcer à la jouer. D'où la dame et l'as de pique, avec le R♥, "
         "votre cœur le plus haut.",
    "W": "Avec un seul pique après l'échange, vous serez bientôt coupe à pique, ce qui vous "
         "permettra de défausser cœurs et cartes hautes quand pique sera entamé.",
}
TRICK_COMMENTS: dict[int, str] = {}
#: The seed's closing remark, on the deal's last card.
COMMENTS[(13, "W")] = (
    "Ce que montre la donne : passer la dame avec l'as de pique était juste. Ada n'a pas pu "
        "la garder, et elle a fini chez Bo, obligé de gagner un pli à carreau. Devenir coupe à "
        "pique tôt vous a donné de quoi défausser vos cœurs plus tard.")
GAME_COMMENT = ("Une partie de Cœurs suivie de la donne jusqu'à la fin, coup par coup, "
                "avec la raison de chaque choix (d'après une page de règles, complétée).")
DEAL_COMMENT = ("Quatre joueurs — vous, Ada, Bo et Cleo — reçoivent treize cartes chacun. "
                "À la première donne, chacun passe trois cartes à sa gauche.")
SCORE = {"N": 3, "E": 4, "S": 16, "W": 3}


def dealt_hands() -> dict[str, list[Card]]:
    """Hands as dealt: after the pass, less what was received, plus what was given."""
    out = {}
    for i, s in enumerate(SEATS):
        giver = SEATS[(i - 1) % 4]
        m = (mask_of(AFTER[s]) & ~mask_of(PASSES[giver])) | mask_of(PASSES[s])
        out[s] = display_order(cards_of(m))
    return out


def check() -> list[int]:
    """Replay every card through the engine and assert the seed's facts;
    returns the deal's points (N, E, S, W)."""
    rules = parse_rules("standard")
    assert mask_of(c for h in AFTER.values() for c in h) == rules.deck_mask
    assert all(len(h) == 13 for h in AFTER.values())
    dealt = dealt_hands()
    assert " ".join(str(c) for c in dealt["N"]) == "AS QS 4S KH 9H 3H JD 8D 6D 2D TC 7C 5C"
    for s, gift in PASSES.items():
        assert mask_of(gift) & ~mask_of(dealt[s]) == 0, f"{s} passed a card not dealt"
    hands = {s: mask_of(h) for s, h in AFTER.items()}
    assert hands["E"] & SUIT_MASKS[DIAMONDS] == 0, "Ada holds no diamond"
    assert hands["S"] & SUIT_MASKS[DIAMONDS] == mask_of(cs("AD TD")), "Bo's diamonds: A, 10"
    taken = [0, 0, 0, 0]
    broken = False
    leader = "S"
    for t, (lead, text) in enumerate(TRICKS):
        assert lead == leader, f"trick {t + 1}: {lead} leads, {leader} should"
        cards = cs(text)
        led: int | None = None
        for k, c in enumerate(cards):
            seat = SEATS[(SEATS.index(lead) + k) % 4]
            legal = legal_plays(rules, hands[seat], led, t == 0, broken)
            assert legal >> c & 1, f"trick {t + 1}: {seat} may not play {c}"
            if seat == "N" and led is not None and not hands["N"] & SUIT_MASKS[led]:
                if hands["N"] & SUIT_MASKS[HEARTS]:
                    assert c.suit == HEARTS, "you discard hearts whenever you cannot follow"
            hands[seat] &= ~c.bit
            led = c.suit if led is None else led
        if t == 1:
            assert hands["N"] & SUIT_MASKS[SPADES] == 0, "void in spades after trick 2"
        w = SEATS[(SEATS.index(lead) + trick_winner(cards)) % 4]
        taken[SEATS.index(w)] |= mask_of(cards)
        broken = broken or any(breaks_hearts(rules, c, cards[0].suit) for c in cards)
        if t == 3:
            assert broken, "hearts open after trick 4"
        leader = w
    points, shooter = deal_points(rules, taken)
    assert shooter is None
    assert dict(zip(SEATS, points, strict=True)) == SCORE, points
    assert taken[0] >> parse_card("JH") & 1 and taken[0] >> parse_card("9H") & 1
    return points


def hand_text(cards: list[Card]) -> str:
    """``♠ A D 4  ♥ R 9 3 ...`` as the seed writes hands."""
    groups = []
    for suit, sym in ((SPADES, "♠"), (HEARTS, "♥"), (DIAMONDS, "♦"), (0, "♣")):
        ranks = [c.text(unicode=True, lang="fr")[:-1] for c in cards if c.suit == suit]
        groups.append(f"{sym} {' '.join(ranks) if ranks else '-'}")
    return "  ".join(groups)


def card(c: Card) -> str:
    return c.text(unicode=True, lang="fr")


def render() -> str:
    """The sample's text (French cards, the seed's explanations as comments)."""
    dealt = dealt_hands()
    out = [
        '[Event "Partie commentée"]',
        '[Site "Cœurs : une partie commentée"]',
        '[Date "2026.10.18"]',
        '[Rules "standard"]',
        '[North "Vous"]',
        '[East "Ada"]',
        '[South "Bo"]',
        '[West "Cleo"]',
        '[Source "Cœurs, partie commentée; completed by tests/data/replay/build_commented_example.py"]',
        "",
        "{" + GAME_COMMENT + "}",
        "",
        "deal 1 dealer W pass left",
        "{" + DEAL_COMMENT + "}",
    ]
    out += [f"{s}: {hand_text(dealt[s])}" for s in SEATS]
    for s in SEATS:
        line = f"pass {s}: " + " ".join(card(c) for c in PASSES[s])
        if s in PASS_COMMENTS:
            line += " {" + PASS_COMMENTS[s] + "}"
        out.append(line)
    for t, (lead, text) in enumerate(TRICKS, 1):
        parts = [f"{t}."]
        if t in TRICK_COMMENTS:
            parts.append("{" + TRICK_COMMENTS[t] + "}")
        for k, c in enumerate(cs(text)):
            seat = SEATS[(SEATS.index(lead) + k) % 4]
            tok = f"{seat} {card(c)}{MARKS.get((t, seat), '')}"
            if (t, seat) in COMMENTS:
                tok += " {" + COMMENTS[(t, seat)] + "}"
            parts.append(tok)
        out.append(" ".join(parts))
    pts = " ".join(f"{s} {SCORE[s]}" for s in SEATS)
    out += [f"score {pts}", f"total {pts}", "", "result *", ""]
    return "\n".join(out)


def main() -> None:
    check()
    target = Path(__file__).resolve().parents[3] / "samples" / "commented-example.hrn"
    if len(sys.argv) > 1:
        target = Path(sys.argv[1])
    target.write_text(render(), encoding="utf-8")
    print(f"wrote {target}")


if __name__ == "__main__":
    main()
