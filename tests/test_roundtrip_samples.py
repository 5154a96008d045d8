"""Every sample survives every trip: text -> model -> JSON/YAML/JSONL ->
model -> text gives back the same canonical text and the same model."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from hearts_notation.cards import parse_card
from hearts_notation.io import dumps, iter_games_text, read_games
from hearts_notation.io.hrn.reader import iter_hrn
from hearts_notation.io.hrn.writer import dumps_hrn
from hearts_notation.model import Game
from hearts_notation.rules import parse_rules
from hearts_notation.state import deal_pass

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"
DATA = Path(__file__).resolve().parent / "data" / "notation"
RECORD_SUFFIXES = {".hrn", ".json", ".jsonl", ".yaml", ".yml"}
ALL = sorted(p for p in SAMPLES.iterdir() if p.suffix in RECORD_SUFFIXES)
#: Samples this area writes in canonical form (the others are hand-written).
CANONICAL = ["canonical.hrn", "multi-game.hrn", "observer.hrn", "three-players.hrn"]


def read(path: Path) -> list[Game]:
    games = list(read_games(str(path)))
    assert games, path
    for g in games:
        assert not g.errors, [e.message for e in g.errors]
    return games


def with_directions(game: Game) -> Game:
    """The game as its canonical text states it: every deal's pass
    direction written (from the rules' cycle when the record left it out)."""
    rules = parse_rules(game.rules or "standard")
    deals = tuple(d if d.direction else dataclasses.replace(
        d, direction=deal_pass(rules, d.number or i).direction) for i, d in enumerate(game.deals, 1))
    return dataclasses.replace(game, deals=deals)


def test_there_are_enough_samples() -> None:
    names = {p.name for p in ALL}
    assert {"partie-francaise.hrn", "canonical.hrn", "club-night.json", "game.yaml",
            "multi-game.hrn", "observer.hrn", "three-players.hrn"} <= names


@pytest.mark.parametrize("path", ALL, ids=lambda p: p.name)
def test_sample_round_trips(path: Path) -> None:
    games = read(path)
    text = dumps_hrn(games)
    back = list(iter_hrn(text, "canonical.hrn"))
    assert back == [with_directions(g) for g in games]
    assert dumps_hrn(back) == text
    for fmt in ("json", "jsonl", "yaml"):
        again = list(iter_games_text(dumps(games, fmt), fmt, f"x.{fmt}"))
        assert again == games, fmt
        assert dumps_hrn(again) == text, fmt
    for unicode, lang in ((True, "en"), (True, "fr")):
        fancy = dumps_hrn(games, unicode=unicode, lang=lang)
        assert list(iter_hrn(fancy, "fancy.hrn")) == back
        assert dumps_hrn(list(iter_hrn(fancy, "fancy.hrn"))) == text


@pytest.mark.parametrize("name", CANONICAL)
def test_canonical_samples_are_canonical(name: str) -> None:
    path = SAMPLES / name
    assert dumps_hrn(read(path)) == path.read_text(encoding="utf-8")


def test_french_sample_reads_as_written() -> None:
    (game,) = read(SAMPLES / "partie-francaise.hrn")
    assert game.seats == ("N", "E", "S", "O")
    assert game.players == {"N": "Camille", "E": "Yann", "S": "Maëlle", "O": "Gwen"}
    assert game.comment is not None and game.comment.startswith("Dimanche soir chez Gwen.")
    assert "\n" in game.comment  # a brace comment over two lines
    d1, d2 = game.deals
    assert d1.comment == "Première donne : tout le monde passe à gauche."
    assert d1.passes["S"].to == "O" and d1.passes["S"].mark == "?!"
    assert d1.passes["N"].comment == "Je garde la dame : quatre piques la protègent."
    # Every hand form gives the same cards.
    assert d1.hands["E"] == tuple(parse_card(c) for c in "JS 9S 2S JH 7H 6H QD 9D 4D KC TC 6C 3C".split())
    assert d1.hands["S"] == tuple(parse_card(c) for c in "KS 7S 3S KH QH JD 5D 2D QC JC 8C 7C 5C".split())
    assert len(d1.hands["O"] or ()) == 13
    # Seats implied by bare cards: West won trick 1, then clockwise.
    assert [p.seat for p in d1.tricks[1].plays] == ["O", "N", "E", "S"]
    assert [p.seat for p in d1.tricks[11].plays] == ["S", "O", "N", "E"]
    t6 = d1.tricks[5]
    assert t6.comment == "La dame tombe."
    assert t6.plays[1].card == parse_card("QS") and t6.plays[1].mark == "!"
    assert d2.direction is None  # not written: the cycle says right
    assert game.result == "*"


def test_french_sample_canonical_form() -> None:
    """The hand-written French sheet in canonical ASCII (checked in), and
    back in French symbols."""
    games = read(SAMPLES / "partie-francaise.hrn")
    expected = (DATA / "partie-francaise.canonical.hrn").read_text(encoding="utf-8")
    assert dumps_hrn(games) == expected
    fr = dumps_hrn(games, lang="fr")
    assert "donne 2 donneur N passe droite" in fr     # French keywords under lang="fr"
    assert '[Places "N E S O"]' in fr and "marque N 1 E 0 S 24 O 1" in fr
    assert "6. {La dame tombe.} O 4♣ N D♠! {N se défausse de la dame sur S.} E 6♣ S 7♣" in fr
    assert "N: ♠ D 10 8 6  ♥ A 8  ♦ R 8 7 6 3  ♣ 9 2" in fr
