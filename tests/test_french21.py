"""Hand-typed records, eighth round (helper french21): what French (and
some English) club players type that earlier rounds did not try, 46
records in tests/data/french21 (its README says who would type each and
the outcome).

- Cards in words inside a trick (« deux de trèfle », « dame de pique »,
  « dix de cœurs », « valet de carreau »), French bridge suit letters (P, K,
  T; ``DK``, which is also the king of diamonds written suit first), ``X``
  for the ten, emoji suits in a hand.
- A phone's typing: autocorrected capitals, ``’`` and « » with narrow
  spaces, an ellipsis after a line, an en dash between plays.
- Tricks numbered ``1er.``, ``3ème pli :``, ``IV.``, the winner written
  after (``→ Ouest``); deals numbered ``donne II``, ``2e donne``; a header
  or a pass said as a sentence (``on passe en face``, ``passe de O à N``,
  ``E passe V♥, R♣ et D♦ à S``); a player's name for a seat; scores typed
  ``Anne 13, Hervé 0, …`` with no keyword.
- The known leftovers: ``capot`` with no seat after the deal's points
  (offered the seat the points say shot), a card played twice (the card
  one of the two plays stands for named), a rule key written in French
  (``capot=soustrait``: answered with ``moon=subtract``).

Each record is read as the writer meant (its clean twin's game) or told
once a slip at its line and column with the form to write; every line a
message offers is put in the record, which then reads as its twin.
Cheap: the small records are read in this process (about 0.3 CPU-s).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from hearts_notation.api import score
from hearts_notation.cli import cli
from hearts_notation.i18n import render
from hearts_notation.io.hrn.reader import iter_hrn
from hearts_notation.io.hrn.writer import dumps_hrn
from hearts_notation.model import Finding
from hearts_notation.referee import check_game

DATA = Path(__file__).resolve().parent / "data" / "french21"
CLEAN = ("feuille-propre", "partie-propre", "sheet-clean")

#: Each record and what it gives: the findings (line, column, message key
#: without its ``syntax.``/``finding.`` prefix) that are errors or warnings.
OUTCOMES: dict[str, list[tuple[int, int, str]]] = {
    "feuille-capot-sans-place-ajoute": [(16, 7, "moon_seat_from_points")],
    "feuille-capot-sans-place": [(16, 6, "moon_seat_from_points")],
    "feuille-chelem-sans-place": [(16, 15, "moon_seat_from_points")],
    "feuille-commentaire-parentheses": [(16, 9, "remark")],
    "feuille-donne-romain": [],     # (read since typed34: ``donne II`` says deal 2)
    # (two headers said as ordinals, ``2e donne``, ``3ème donne``: read as
    # ``donne 2`` and ``donne 3`` since typed33; french21 told each)
    "feuille-ordinal-donne": [],
    "feuille-passe-phrase": [(19, 9, "written_as")],
    "feuille-prenoms-deux-points": [(11, 1, "points_keyword")],
    "feuille-prenoms-marque-phrase": [(20, 1, "points_keyword")],
    "feuille-sans-entetes": [(10, 1, "before_deal")],
    "feuille-scores-phrase": [(11, 1, "points_keyword")],
    "feuille-telephone-capitales": [],
    "feuille-tiret-demi-cadratin": [(10, 9, "header_fields")],
    "partie-apostrophe-guillemets": [],
    "partie-carte-rejouee": [(38, 12, "not-held.never_played")],
    "partie-commentaire-parentheses": [(30, 25, "remark")],
    "partie-dame-de-pique-pli": [(31, 28, "card_words")],
    "partie-dix-de-coeurs-pluriel": [(30, 11, "card_words")],
    "partie-emoji-main": [],
    "partie-fleche-gagnant": [(26, 24, "trick_winner")],
    "partie-langue-fr-lettres": [(8, 2, "tag-name"), (33, 6, "card_words")],
    "partie-lettres-anglaises": [],
    "partie-lettres-carreau-k": [(37, 7, "card_words")],
    # (C is clubs in the notation, in every language: the three hearts typed
    # 2C 8C 6C are clubs the referee tells at each play; left, README)
    "partie-lettres-coeur-c": [(33, 6, "not-held.again"), (33, 11, "not-held.holds"),
                               (33, 16, "not-held.never_played"), (33, 21, "revoke"),
                               (39, 1, "score-mismatch"), (40, 1, "total-mismatch")],
    "partie-lettres-couleurs-fr": [(27, 6, "card_words")],
    "partie-lettres-dk": [(37, 22, "card_two_readings")],
    "partie-majuscules-auto": [],
    "partie-ordinal-1er": [(26, 1, "trick_dot_line")],  # (the line to write: typed27)
    "partie-ordinal-3eme": [(28, 1, "trick_dot_line")],  # (the line to write: typed27)
    "partie-ordinal-romain": [(29, 1, "trick_dot_line")],  # (the line to write: typed27)
    "partie-passe-de-a-phrase": [(22, 1, "written_as")],
    "partie-passe-de-a": [(25, 1, "written_as")],
    "partie-passe-phrase": [(23, 1, "written_as")],
    "partie-pli-fleche-nom": [(28, 1, "trick_dot")],
    "partie-points-suspension": [(38, 24, "ellipsis")],
    "partie-prenom-main": [(19, 1, "seat_player")],
    "partie-rang-x": [(30, 11, "ten_x")],
    "partie-tiret-demi-cadratin": [(28, 9, "play_separator")],
    "partie-trick-mots": [(26, 6, "card_words")],
    "partie-valet-carreau-sans-accent": [(37, 7, "card_words")],
    "regles-cle-francaise": [(4, 9, "unknown-rule")],
    "sheet-deal-roman": [],     # (read since typed34)
    "sheet-deal-we-pass": [(13, 8, "written_as")],
    "sheet-moon-add-no-seat": [(15, 6, "moon_seat_from_points")],
    "sheet-moon-no-seat": [(15, 5, "moon_seat_from_points")],
    "sheet-names-points": [(10, 1, "points_keyword")],
}
#: A record read as meant and its clean twin.
TWINS: dict[str, str] = {
    "feuille-ordinal-donne": "feuille-propre",     # (read since typed33)
    "feuille-donne-romain": "feuille-propre",      # (read since typed34)
    "sheet-deal-roman": "sheet-clean",              # (read since typed34)
    "feuille-telephone-capitales": "feuille-propre",
    "partie-apostrophe-guillemets": "partie-propre",
    "partie-emoji-main": "partie-propre",
    "partie-lettres-anglaises": "partie-propre",
    "partie-majuscules-auto": "partie-propre",
}
#: Records told with a whole line to write (as the French or English message
#: quotes it), and the twin that line makes of them.
OFFERED: dict[str, tuple[str, str]] = {
    "feuille-capot-sans-place": ("capot E", "feuille-propre"),
    "feuille-capot-sans-place-ajoute": ("capot E ajoute", "feuille-propre"),
    "feuille-chelem-sans-place": ("Grand chelem E", "feuille-propre"),
    "feuille-passe-phrase": ("donne 3 passe en face", "feuille-propre"),
    "feuille-prenoms-deux-points": ("marque N 3 E 4 S 15 O 4", "feuille-propre"),
    "feuille-prenoms-marque-phrase": ("marque N 13 E 0 S 8 O 5", "feuille-propre"),
    "partie-passe-de-a": ("passe O>N : A♠ 10♥ A♦", "partie-propre"),
    "partie-passe-de-a-phrase": ("passe N>E : A♥ 9♣ R♦", "partie-propre"),
    "partie-passe-phrase": ("passe E>S : V♥ R♣ D♦", "partie-propre"),
    "partie-points-suspension": ("13. E A♥ S D♣ O 4♥ N 6♦", "partie-propre"),
    "sheet-deal-we-pass": ("deal 2 pass right", "sheet-clean"),
    "sheet-moon-add-no-seat": ("moon E add", "sheet-clean"),
    "sheet-moon-no-seat": ("Moon E", "sheet-clean"),
    "sheet-names-points": ("score N 3 E 4 S 15 W 4", "sheet-clean"),
}
#: The records whose new messages are kept as golden output (``validate``).
GOLDEN = ("feuille-capot-sans-place", "feuille-capot-sans-place-ajoute", "feuille-prenoms-marque-phrase",
          "feuille-passe-phrase", "partie-carte-rejouee", "partie-lettres-dk",
          "partie-ordinal-romain", "partie-passe-de-a", "partie-points-suspension", "regles-cle-francaise")
_COMMENT = re.compile(r"\{[^{}]*\}|[ \t]*;[^\n]*")
_RECEIVER = re.compile(r"^(passe [NESO])>[NESO]:", re.MULTILINE)


def _text(name: str) -> str:
    return (DATA / f"{name}.hrn").read_text(encoding="utf-8")


def _findings(text: str) -> list[tuple[int, int, str]]:
    games = list(iter_hrn(text))
    assert len(games) == 1
    return [(f.line, f.column, f.key.removeprefix("syntax.").removeprefix("finding."))
            for f in check_game(games[0]).findings if f.severity != "info"]


def _without_comments(text: str) -> str:
    """The record written back the notation's way, comments left out."""
    written = _COMMENT.sub("", dumps_hrn(list(iter_hrn(text)), lang="fr"))
    return "\n".join(line.rstrip() for line in written.splitlines() if line.strip())


def _scored(text: str) -> list[tuple[object, ...]]:
    """Each deal's number, points, moon and running totals, as scored."""
    game = next(iter(iter_hrn(text)))
    return [(d.number, d.points, d.moon, d.totals) for d in score(game).score.deals]


def test_every_record_is_listed() -> None:
    """The table covers the folder: a record added without its outcome fails."""
    on_disk = {p.stem for p in DATA.glob("*.hrn")} - set(CLEAN)
    assert on_disk == set(OUTCOMES)
    assert len(on_disk) >= 30


@pytest.mark.parametrize("name", sorted(OUTCOMES))
def test_each_record_is_read_as_meant_or_told_where(name: str) -> None:
    """Each record's errors and warnings, at their line and column, by the
    message that tells them; a record read is its clean twin's game."""
    assert _findings(_text(name)) == OUTCOMES[name]
    twin = TWINS.get(name)
    if twin is not None:
        assert _scored(_text(name)) == _scored(_text(twin))
        assert _without_comments(_text(name)) == _without_comments(_text(twin))


@pytest.mark.parametrize("name", sorted(OFFERED))
def test_the_line_offered_reads_as_the_clean_record(name: str) -> None:
    """The line a message offers is the one to write: put in place of the
    line told, the record is its clean twin's game, with no finding."""
    written, twin = OFFERED[name]
    text = _text(name)
    game = next(iter(iter_hrn(text)))
    told = [f for f in check_game(game).findings if f.severity == "error"]
    assert len(told) == 1
    lang = "en" if name.startswith("sheet-") else "fr"
    quoted = f"« {written} »" if lang == "fr" else f"'{written}'"
    assert quoted in _said(told[0], lang)
    lines = text.split("\n")
    lines[told[0].line - 1] = written
    fixed = "\n".join(lines)
    assert _findings(fixed) == []
    assert _scored(fixed) == _scored(_text(twin))
    # (a pass offered with its receiver, ``passe O>N``, keeps it: the same pass)
    assert (_RECEIVER.sub(r"\1:", _without_comments(fixed))
            == _RECEIVER.sub(r"\1:", _without_comments(_text(twin))))


def _said(finding: Finding, lang: str) -> str:
    """A finding's message in *lang*, rendered from its key and arguments."""
    return render(lang, finding.key, finding.args)


def test_a_card_played_twice_names_the_card_the_seat_never_plays() -> None:
    """Maëlle's R♣ typed D♣ at trick 5: told at trick 13's D♣, naming both
    tricks and the R♣ she holds and never plays; without her hand (nothing
    says which card she never plays) the message is the old one."""
    text = _text("partie-carte-rejouee")
    game = next(iter(iter_hrn(text)))
    told = [f for f in check_game(game).findings if f.severity == "error"]
    assert [f.key for f in told] == ["finding.not-held.never_played"]
    assert "l'une des deux D♣ (pli 5 ou pli 13) est sans doute R♣" in _said(told[0], "fr")
    assert "one of the two Q♣ (trick 5 or trick 13) is most likely K♣" in _said(told[0], "en")
    unknown = "\n".join(line for line in text.split("\n") if not line.startswith(("S: ", "passe")))
    keys = [f.key for f in check_game(next(iter(iter_hrn(unknown)))).findings if f.severity == "error"]
    assert "finding.not-held.never_played" not in keys


def test_a_moon_line_without_its_seat_and_points_that_are_no_moon_offers_nothing() -> None:
    """``capot`` alone after a points line that is no moon: no seat is
    offered (the grammar's message alone)."""
    text = _text("feuille-capot-sans-place").replace("marque N 26 E 0 S 26 O 26", "marque N 3 E 4 S 15 O 4")
    game = next(iter(iter_hrn(text)))
    told = [f for f in check_game(game).findings if f.line == 16]
    assert [f.key for f in told] == ["syntax.expected"]


@pytest.mark.parametrize(("lang", "typed", "said"), [
    ("fr", "standard capot=soustrait", "écrivez « standard moon=subtract »"),
    ("fr", "standard valet=-10 partie=50", "écrivez « standard jack_of_diamonds=-10 target=50 »"),
    ("en", "standard capot=soustrait", "write 'standard moon=subtract'"),
])
def test_a_rule_key_written_in_french_is_answered_with_the_key(lang: str, typed: str, said: str) -> None:
    """``hearts rules`` and the ``Règles`` tag answer a French key with the
    notation's; a French key with a value not known stays unknown."""
    shown = CliRunner().invoke(cli, ["rules", "--lang", lang, typed])
    assert shown.exit_code == 2 and said in shown.output, shown.output
    unknown = CliRunner().invoke(cli, ["rules", "--lang", lang, "standard capot=bof"])
    assert unknown.exit_code == 2 and "'capot'" in unknown.output


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_new_answers_word_for_word(lang: str) -> None:
    """``validate`` on the records this round answers, in both languages."""
    paths = [str(DATA / f"{name}.hrn") for name in GOLDEN]
    result = CliRunner().invoke(cli, ["validate", "--lang", lang, *paths])
    assert result.exit_code == 1, result.output
    shown = result.output.replace(str(DATA) + "/", "")
    golden = DATA / f"validate.{lang}.txt"
    assert shown == golden.read_text(encoding="utf-8")
