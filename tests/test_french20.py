"""Hand-typed records, seventh round (helper french20): club score sheets
and rule lines as French and English clubs keep them, 40 records in
tests/data/french20 (its README says who would type each and the outcome).

- Score-only sheets: ``marque`` and ``total`` lines, a moon written in the
  margin, « capot » with and without its seat, a zero left out, 3, 5 and 6
  players, totals a person added up wrong (told at the total, naming the
  player as the record names them).
- Rule lines a club's secretary types: ``[Règles "standard capot
  soustrait"]``, « partie en 50 », « valet de carreau -10 », « la dame casse
  les cœurs », ``[Rules "standard, game to 50"]``, ``J♦ -10``: told once at
  the tag with the ``Rules`` string to write, and checked under it.
- English club sheets the same way (``score N 3 E 4 ...``, *shot the moon*).

Each record is read as the writer meant (the same game as its clean twin:
``hearts fmt`` without comments, and the scores) or told at its line and
column, once a slip.  Every test reads the small records in this process:
cheap (about 0.2 CPU-s in all).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from hearts_notation.api import score
from hearts_notation.cli import cli
from hearts_notation.io.hrn.reader import iter_hrn
from hearts_notation.io.hrn.writer import dumps_hrn
from hearts_notation.referee import check_game

DATA = Path(__file__).resolve().parent / "data" / "french20"

#: Each record and what it gives: the findings (line, column, message key
#: without its ``syntax.``/``finding.`` prefix) that are errors or warnings.
OUTCOMES: dict[str, list[tuple[int, int, str]]] = {
    "feuille-capot-deux-points": [],
    "feuille-capot-majuscules": [],
    "feuille-capot-marge": [],
    # (french21: the points line says Hervé shot: « capot E » offered)
    "feuille-capot-sans-place": [(16, 6, "moon_seat_from_points")],
    "feuille-cinq-joueurs": [],
    "feuille-marque-deux-points": [],
    "feuille-six-joueurs-total-faux": [(10, 1, "total-mismatch")],
    "feuille-total-deux-points": [],
    "feuille-total-faux-deux": [(17, 1, "total-mismatch")],
    "feuille-total-faux": [(21, 1, "total-mismatch")],
    "feuille-totaux-seuls": [],
    "feuille-trois-joueurs-total-faux": [(13, 1, "total-mismatch")],
    "feuille-trois-joueurs": [],
    "feuille-zero-oublie": [(20, 1, "sheet-points.zero")],
    "feuille-zero-tiret": [(20, 15, "did_you_mean")],
    "regles-capot-soustrait": [(4, 9, "unknown-rule")],
    # (french21: the French key is read as moon=subtract, and the sheet's
    # moon, added, is told against it)
    "regles-cle-francaise": [(4, 9, "unknown-rule"), (15, 1, "sheet-moon.other")],
    "regles-cles": [],
    "regles-dame-casse": [(4, 9, "unknown-rule")],
    # (a phrase not in the table: one error for the words, then the moon
    # the sheet subtracts, told against standard's add)
    "regles-inconnues": [(4, 9, "unknown-rule"), (15, 1, "sheet-moon.other")],
    "regles-partie-en-50": [(4, 9, "unknown-rule")],
    "regles-pas-de-passe-4e": [(4, 9, "unknown-rule")],
    "regles-points-virgules": [(4, 9, "unknown-rule")],
    "regles-preset-mots": [(4, 9, "unknown-rule")],
    "regles-valet-carreau": [(4, 9, "unknown-rule")],
    "regles-valet-propre": [],
    "regles-virgules": [(4, 9, "unknown-rule")],
    "sheet-jd-on-score": [(10, 24, "points_card")],
    "sheet-moon-margin": [],
    "sheet-rules-game-to-50": [(8, 8, "unknown-rule")],
    "sheet-rules-jd-and-50": [(8, 8, "unknown-rule")],
    "sheet-rules-jd-clean": [],
    "sheet-rules-jd-words": [(8, 8, "unknown-rule")],
    "sheet-rules-moon-words": [(8, 8, "unknown-rule")],
    "sheet-rules-no-fourth-pass": [(8, 8, "unknown-rule")],
    "sheet-rules-queen-breaks": [(8, 8, "unknown-rule")],
    "sheet-shot-the-moon": [(15, 1, "written_as")],
    "sheet-total-wrong": [(16, 1, "total-mismatch")],
}
#: A record read as meant and its clean twin (a record that is its own
#: clean form is not listed).
TWINS: dict[str, str] = {
    "feuille-capot-deux-points": "feuille-propre",
    "feuille-capot-majuscules": "feuille-propre",
    "feuille-capot-marge": "feuille-propre",
    "feuille-marque-deux-points": "feuille-propre",
    "feuille-total-deux-points": "feuille-propre",
    "feuille-totaux-seuls": "feuille-propre",
    "sheet-moon-margin": "sheet-clean",
}
#: Twins that are the same game by their scores, not by their text: the
#: moon in the margin (a comment: the points say it), the totals alone.
SCORED_ONLY = frozenset({"feuille-capot-marge", "feuille-totaux-seuls", "sheet-moon-margin"})
#: The rule lines in words and the ``Rules`` string each is told to write.
WRITTEN: dict[str, str] = {
    "regles-capot-soustrait": "standard moon=subtract",
    "regles-dame-casse": "standard queen_breaks_hearts=true",
    "regles-partie-en-50": "standard target=50",
    "regles-pas-de-passe-4e": "standard",
    "regles-points-virgules": "standard moon=subtract target=50",
    "regles-valet-carreau": "standard jack_of_diamonds=-10",
    "regles-virgules": "standard jack_of_diamonds=-10 target=50",
    "sheet-rules-game-to-50": "standard target=50",
    "sheet-rules-jd-and-50": "standard jack_of_diamonds=-10 target=50",
    "sheet-rules-jd-words": "standard jack_of_diamonds=-10",
    "sheet-rules-moon-words": "standard moon=subtract",
    "sheet-rules-no-fourth-pass": "standard",
    "sheet-rules-queen-breaks": "standard queen_breaks_hearts=true",
}
#: The records whose new messages are kept as golden output (``validate``).
GOLDEN = ("regles-capot-soustrait", "regles-pas-de-passe-4e", "regles-inconnues",
          "sheet-rules-jd-and-50", "feuille-zero-oublie", "feuille-total-faux", "sheet-jd-on-score")
_COMMENT = re.compile(r"\{[^{}]*\}|[ \t]*;[^\n]*")
_TAG = re.compile(r'^\[(?:Règles|Rules) "[^"\n]*"\]$', re.MULTILINE)


def _text(name: str) -> str:
    return (DATA / f"{name}.hrn").read_text(encoding="utf-8")


def _without_comments(text: str) -> str:
    """The record written back the notation's way, comments left out."""
    games = list(iter_hrn(text))
    assert all(not g.errors for g in games), [f.message for g in games for f in g.errors]
    written = _COMMENT.sub("", dumps_hrn(games, lang="fr"))
    return "\n".join(line.rstrip() for line in written.splitlines() if line.strip())


def _scored(text: str) -> list[tuple[object, ...]]:
    """Each deal's number, points, moon and running totals, as scored."""
    game = next(iter(iter_hrn(text)))
    return [(d.number, d.points, d.moon, d.totals) for d in score(game).score.deals]


def test_every_record_is_listed() -> None:
    """The table covers the folder: a record added without its outcome fails."""
    on_disk = {p.stem for p in DATA.glob("*.hrn")} - {"feuille-propre", "sheet-clean"}
    assert on_disk == set(OUTCOMES)
    assert len(on_disk) >= 25


@pytest.mark.parametrize("name", sorted(OUTCOMES))
def test_each_record_is_read_as_meant_or_told_where(name: str) -> None:
    """Each record's errors and warnings, at their line and column, by the
    message that tells them; a record read is its clean twin's game."""
    games = list(iter_hrn(_text(name)))
    assert len(games) == 1
    found = [(f.line, f.column, f.key.removeprefix("syntax.").removeprefix("finding."))
             for f in check_game(games[0]).findings if f.severity != "info"]
    assert found == OUTCOMES[name]
    twin = TWINS.get(name)
    if twin is not None:
        assert _scored(_text(name)) == _scored(_text(twin))
        if name not in SCORED_ONLY:
            assert _without_comments(_text(name)) == _without_comments(_text(twin))


@pytest.mark.parametrize("name", sorted(WRITTEN))
def test_rules_in_words_are_told_once_with_the_string_to_write(name: str) -> None:
    """A rule line in words is one error at the tag, offering the string to
    write; the record with that string is clean and scores the same, so the
    sheet was checked under the rules the secretary meant."""
    text = _text(name)
    game = next(iter(iter_hrn(text)))
    told = [f for f in check_game(game).findings if f.severity == "error"]
    assert len(told) == 1
    assert f'"{WRITTEN[name]}"]' in told[0].message
    tag = "Règles" if "[Règles" in text else "Rules"
    fixed = _TAG.sub(f'[{tag} "{WRITTEN[name]}"]', text)
    assert [f for f in check_game(next(iter(iter_hrn(fixed)))).findings if f.severity != "info"] == []
    assert _scored(text) == _scored(fixed)


def test_a_rule_phrase_not_known_is_one_error_not_one_a_word() -> None:
    """« on joue sans pitié » is no variant: told as one run of words (it was
    told once a word), and the game is checked under the preset."""
    game = next(iter(iter_hrn(_text("regles-inconnues"))))
    rules = [f for f in check_game(game).findings if f.code == "unknown-rule"]
    assert len(rules) == 1 and "'on joue sans pitié'" in rules[0].message


def test_a_three_figure_line_of_a_whole_sheet_is_a_forgotten_zero_and_of_a_game_of_three_not() -> None:
    """The zero is offered only when another line of the sheet has every
    seat; a sheet whose every line has three figures is still told to
    declare its three players."""
    head = _text("feuille-zero-oublie").split("\ndonne 1")[0]
    three = (head + "\ndonne 1 passe gauche\nmarque N 13 S 8 O 5\n"
             "\ndonne 2 passe droite\nmarque N 3 S 19 O 4\n")
    keys = [f.key for f in check_game(next(iter(iter_hrn(three)))).findings if f.severity == "error"]
    assert keys and all(k == "finding.sheet-points.line.three" for k in keys)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_new_answers_word_for_word(lang: str) -> None:
    """``validate`` on the records this round answers, in both languages."""
    paths = [str(DATA / f"{name}.hrn") for name in GOLDEN]
    result = CliRunner().invoke(cli, ["validate", "--lang", lang, *paths])
    assert result.exit_code == 1, result.output
    shown = result.output.replace(str(DATA) + "/", "")
    golden = DATA / f"validate.{lang}.txt"
    assert shown == golden.read_text(encoding="utf-8")


@pytest.mark.parametrize(("lang", "typed", "said"), [
    ("fr", "standard capot soustrait", "écrivez « standard moon=subtract »"),
    ("en", "standard, game to 50", "write 'standard target=50'"),
])
def test_rules_in_words_on_the_command_line_are_answered_with_the_string(lang: str, typed: str,
                                                                        said: str) -> None:
    """``hearts rules`` and ``--rules`` read the strict form; words are
    refused (exit 2) with the string to type, as the tag is answered."""
    shown = CliRunner().invoke(cli, ["rules", "--lang", lang, typed])
    assert shown.exit_code == 2 and said in shown.output, shown.output
    sheet = str(DATA / "feuille-propre.hrn")
    checked = CliRunner().invoke(cli, ["validate", "--lang", lang, "--rules", typed, sheet])
    assert checked.exit_code == 2 and said in checked.output, checked.output
