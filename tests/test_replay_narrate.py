"""The narration: the deal told in prose, checked for its CONTENT (who did
what, who took how many points), not only that something was printed."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from hearts_notation.io import read_games
from hearts_notation.render.narrate import Narrator, narrate
from hearts_notation.render.story import GameFact, build_game

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data" / "replay"


def fact(path: Path, index: int = 0) -> GameFact:
    return build_game(list(read_games(str(path)))[index])


def paragraphs(text: str) -> list[str]:
    return [" ".join(p.split()) for p in text.split("\n\n") if p.strip()]


def para(text: str, *needles: str) -> str:
    """The one paragraph that holds every needle."""
    found = [p for p in paragraphs(text) if all(n in p for n in needles)]
    assert found, f"no paragraph with {needles!r} in:\n{text}"
    return found[0]


@pytest.fixture(scope="module")
def commented() -> GameFact:
    return fact(ROOT / "samples" / "commented-example.hrn")


@pytest.fixture(scope="module")
def fr(commented: GameFact) -> str:
    return narrate(commented, "fr")


@pytest.fixture(scope="module")
def en(commented: GameFact) -> str:
    return narrate(commented, "en")


def test_french_tells_the_hand_and_the_passes_as_the_seed(fr: str) -> None:
    assert "Votre main : ♠\u00a0A\u00a0D\u00a04, ♥\u00a0R\u00a09\u00a03," in fr  # no-break spaces
    assert "Votre main : ♠ A D 4, ♥ R 9 3, ♦ V 8 6 2, ♣ 10 7 5." in " ".join(fr.split())
    p = para(fr, "Vous passez")
    assert "Vous passez la D♠, l'A♠ et le R♥ à Ada" in p
    assert "De Cleo, à votre droite, vous recevez le R♣, le V♥ et le 8♣" in p
    assert "Vous avez maintenant ♠ 4, ♥ V 9 3, ♦ V 8 6 2, ♣ R 10 8 7 5." in p
    # The record's comment on the pass is woven in right after it.
    assert p.index("Tenir la dame de pique") > p.index("Vous passez")


def test_french_first_trick(fr: str) -> None:
    p = para(fr, "2♣", "premier pli", "9♣")
    assert "Bo a le 2♣ et entame le premier pli" in p
    assert "Cleo joue le 9♣" in p
    assert re.search(r"vous (jouez )?le R♣", p)
    assert re.search(r"Ada (joue )?le 3♣", p)
    assert "Votre R♣ remporte le pli" in p or "Vous remportez le pli" in p
    # The mark and the comment of the card that carries them.
    assert "(bon coup)" in p and "Aucun cœur ni la dame de pique" in p


def test_french_second_trick_voids_you_in_spades(fr: str) -> None:
    p = para(fr, "4♠", "7♠")
    assert "vous entamez le 4♠, votre seul pique" in p
    assert "coupe à pique" in p
    assert re.search(r"Ada (joue|fournit) le 7♠", p)
    assert re.search(r"Bo (joue|fournit) le 10♠", p)
    assert re.search(r"Cleo (joue |fournit )?le V♠", p)
    assert "Cleo remporte le pli" in p or "le pli est pour Cleo" in p.lower()


def test_french_the_queen_falls_and_bo_takes_13(fr: str) -> None:
    p = para(fr, "5♦", "6♦")
    assert "Cleo entame le 5♦" in p
    assert re.search(r"vous (jouez|fournissez) le 6♦", p)
    # Ada shows her void in diamonds and discards the queen.
    assert re.search(r"Ada (n'a pas de carreau et|, sans carreau,|ne peut pas fournir à carreau et) "
                     r"défausse la dame de pique", p)
    assert re.search(r"Bo (joue|fournit) l'A♦", p)
    assert "Bo" in p and "13 points" in p and "ramasse" in p


def test_french_hearts_open_and_bo_takes_one_more(fr: str) -> None:
    p = para(fr, "10♦", "9♦", "8♦")
    assert "Bo entame le 10♦" in p
    assert "vous jouez le 8♦ en dessous" in p or "vous passez dessous avec le 8♦" in p
    assert "Ada, toujours coupe à carreau, défausse le R♥" in p
    assert "les cœurs sont ouverts" in p
    assert "un point de plus (14 en tout)" in p
    assert p.index("R♥") < p.index("les cœurs sont ouverts") < p.index("un point de plus")


def test_french_you_discard_a_heart_when_void(fr: str) -> None:
    p = para(fr, "R♠", "3♥")
    assert "défaussez le 3♥" in p or "défaussez du 3♥" in p
    assert "Sans pique en main" in p          # the seed's explanation, as a comment


def test_french_final_score(fr: str) -> None:
    end = paragraphs(fr)[-1]
    assert "Les scores de la donne : vous 3, Ada 4, Bo 16 et Cleo 3" in end
    assert "vingt-six points au total" in end
    assert "Bo, avec la dame et trois cœurs, 16" in end
    assert "Ada quatre" in end and "Cleo trois" in end
    assert "personne n'a fait capot" in end


def test_english_content(en: str) -> None:
    assert "Your hand: ♠ A Q 4, ♥ K 9 3, ♦ J 8 6 2, ♣ 10 7 5." in " ".join(en.split())
    p = para(en, "5♦", "6♦")
    assert re.search(r"Ada (has no diamonds and discards|, out of diamonds, throws|cannot follow in "
                     r"diamonds and discards) the queen of spades", p)
    assert "Bo" in p and "13 points" in p
    p4 = para(en, "10♦", "9♦", "8♦")
    assert "hearts" in p4 and "broken" in p4
    assert "one more point (14 in all)" in p4
    assert "You pass the Q♠, the A♠ and the K♥ to Ada" in en
    end = paragraphs(en)[-1]
    assert "you 3, Ada 4, Bo 16 and Cleo 3" in end and "nobody shot the moon" in end


def test_same_input_same_text(commented: GameFact) -> None:
    again = fact(ROOT / "samples" / "commented-example.hrn")
    assert narrate(commented, "fr") == narrate(again, "fr")
    assert narrate(commented, "en") == narrate(commented, "en")


def test_phrasing_varies(fr: str, en: str) -> None:
    """Not a table in sentences: the trick endings are not all cut from one
    pattern, and no two consecutive tricks end with the same words."""
    for text in (fr, en):
        endings = [re.split(r"(?<=\.) ", p)[-1] for p in paragraphs(text) if re.match(r"^\D", p)]
        shapes = {re.sub(r"[^a-zéèêàçù ]", "", e.lower()).split(" ")[1] for e in endings if " " in e}
        assert len(shapes) >= 3, shapes


def test_moon_is_told() -> None:
    g = fact(DATA / "moon.hrn")
    fr = narrate(g, "fr")
    assert "Sami a fait capot : tous les cœurs et la dame de pique !" in fr
    assert "Sami marque 0 et chaque adversaire reçoit 26 points" in fr
    assert "Nora 26, Emil 26, Sami 0 et Wen 26" in fr
    en = narrate(g, "en")
    assert "Sami shot the moon" in en and "Sami 0" in en


def test_findings_are_told_at_their_card() -> None:
    g = fact(DATA / "findings.hrn")
    en = narrate(g, "en")
    # A revoke is told as a revoke, never as a void ("has no diamonds").
    p = para(en, "a revoke")
    assert "Emil discards the 6♠ but still holds diamonds (the A♦ and the 4♦): a revoke" in p
    assert "Emil has no diamonds" not in p and "Emil cannot follow" not in p
    # The referee's findings name the players, as the rest of the story does.
    assert "Emil led trick 4, but Wen won trick 3 and leads" in en
    assert "Nora's score for deal 1 is recorded as 5, but Nora took 0 points" in en
    fr = narrate(g, "fr")
    p = para(fr, "renonce")
    assert ("Emil défausse le 6♠ alors qu'il lui reste des carreaux (l'A♦ et le 4♦) — "
            "irrégularité : c'est une renonce") in p
    assert "Emil n'a pas de carreau" not in p and "Emil ne peut pas fournir" not in p
    assert "Irrégularité : Emil a entamé le pli 4, mais Wen a remporté le pli 3 et entame" in fr
    assert "La feuille se trompe : la marque de Nora à la donne 1 est notée 5, mais Nora a pris 0 point" in fr


def test_observer_record_seed_000() -> None:
    g = fact(ROOT / "samples" / "variante-retenue-example.hrn")
    fr = narrate(g, "fr")
    assert "Les mains ne sont pas connues" in fr
    p = para(fr, "R♣", "D♠") if "D♠" in fr else para(fr, "R♣", "dame de pique")
    assert "A entame le R♣" in p
    assert re.search(r"B (ne peut pas fournir à trèfle et|n'a pas de trèfle et|, sans trèfle,) "
                     r"défausse la dame de pique", p)
    assert "D ramasse la dame de pique et ses 13 points" in p or (
        "D" in p and "la dame de pique et ses 13 points" in p)
    assert "la partie est en cours" in fr


def test_three_players() -> None:
    g = fact(DATA / "three-players.hrn")
    en = narrate(g, "en")
    assert "Three players, in playing order: Ana, Ben and Cy." in en
    p = para(en, "queen of spades")
    assert "Ana" in p and "13 points" in p
    assert "Ana 13" in paragraphs(en)[-1]


def test_second_person_only_for_you(commented: GameFact) -> None:
    n = Narrator(commented, "fr")
    assert n.w.who("N") == "vous" and n.w.who("E") == "Ada"
    assert n.w.vf("N", "lead") == "entamez" and n.w.vf("E", "lead") == "entame"
    assert Narrator(commented, "en").w.vf("N", "lead") == "lead"
