"""Typing a record by hand (issue 23, "Typos" and "The words people use"):
a slip costs its line, not the game, so that every slip of a file is told in
one run, each at its line, in the record's language; a mistyped preset or
tag gets a "did you mean"; ``capot S`` alone takes the choice the rules fix.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from hearts_notation.cli import cli
from hearts_notation.io.hrn.reader import iter_hrn
from hearts_notation.io.hrn.words import misspelt_tag
from hearts_notation.referee import check_game
from hearts_notation.rules import closest_preset

ROOT = Path(__file__).resolve().parent.parent
TYPED = ROOT / "docs" / "fr" / "exemples" / "vendredi-12.hrn"

HEAD = ('[Événement "Club"]\n[Règles "{rules}"]\n[Nord "Sylvie"]\n[Est "Bernard"]\n'
        '[Sud "Hélène"]\n[Ouest "Odile"]\n\n')


def _validate(*args: str, monkeypatch: pytest.MonkeyPatch) -> tuple[str, int]:
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("NO_COLOR", "1")
    result = CliRunner().invoke(cli, ["validate", *args], catch_exceptions=False)
    return result.output, result.exit_code


def _findings(text: str) -> list[tuple[str, int | None, str]]:
    (game,) = list(iter_hrn(text))
    return [(f.code, f.line, f.severity) for f in check_game(game).findings]


@pytest.mark.parametrize("lang", [None, "fr", "en"])
def test_every_slip_of_a_typed_sheet_is_told_in_one_run_at_its_line(
        lang: str | None, monkeypatch: pytest.MonkeyPatch) -> None:
    args = [str(TYPED)] if lang is None else ["--lang", lang, str(TYPED)]
    out, status = _validate(*args, monkeypatch=monkeypatch)
    assert status == 1
    lines = [ln for ln in out.splitlines() if ln.startswith(str(TYPED))]
    where = [ln[len(str(TYPED)) + 1:].split(" ")[0] for ln in lines]
    # The tag, the preset, the three typed slips and the total after them,
    # in the order of the text.
    assert where == ["1:2:", "4:9:", "12:1:", "16:9:", "21:1:", "24:15:", "35:1:"], out
    summary = out.splitlines()[-1]
    if lang == "en":
        assert "did you mean 'passe'" in out and "did you mean 'garde'" in out
        assert "did you mean [Event]" in out and "did you mean 'standard'" in out
        assert "6 deals" in summary and "5 errors" in summary
    else:   # a French record is told in French without being asked
        assert "vouliez-vous dire « passe »" in out and "vouliez-vous dire « marque »" in out
        assert "vouliez-vous dire « garde »" in out and "vouliez-vous dire [Event]" in out
        assert "le total d'Odile (O) après la donne 6 est noté 25, mais 47 + 5 = 52" in out
        assert "6 donnes" in summary and "5 erreurs" in summary


def test_a_slip_costs_its_line_and_the_deals_after_it_are_checked() -> None:
    text = (HEAD.format(rules="standard") + "donne 1 passe gauche\nmarque N 6 E 4 S 13 O 3\n"
            "donne 2 pase droite\nmarque N 2 E 14 S 0 O 10\ntotal N 8 E 18 S 13 O 13\n"
            "donne 3\nmarque N 13 E 5 S 3 O 5\ntotal N 21 E 23 S 16 O 99\n")
    (game,) = list(iter_hrn(text))
    assert [d.number for d in game.deals] == [1, 2, 3]
    assert game.deals[1].score == {"N": 2, "E": 14, "S": 0, "W": 10}
    found = _findings(text)
    assert ("syntax-error", 10, "error") in found
    # deal 3's total is still checked against deal 2's, read after the slip
    assert ("total-mismatch", 15, "error") in found
    assert not any(code == "incomplete-deal" for code, _, _ in found)


def test_a_trick_line_lost_leaves_the_rest_of_its_deal_unchecked_not_misread() -> None:
    text = ("deal 1\nN: AKQJT98765432.-.-.-\n1. S 2C W 3C N QQ E 5C\n2. N AS E 6C S 7C W 8C\n"
            "3. N KS E 9C S TC W JC\ndeal 2\n1. S 2C W ZZ\n")
    (game,) = list(iter_hrn(text))
    assert [(d.number, len(d.tricks)) for d in game.deals] == [(1, 0), (2, 0)]
    found = _findings(text)
    assert [(c, ln) for c, ln, _ in found if c == "syntax-error"] == [("syntax-error", 3),
                                                                      ("syntax-error", 7)]
    assert not any(c in ("incomplete-deal", "trick-size") for c, _, _ in found)


def test_a_mistyped_deal_header_opens_its_deal() -> None:
    text = ("donne 1\nmarque N 6 E 4 S 13 O 3\ndonn 2 passe droite\nmarque N 2 E 14 S 0 O 10\n"
            "donne 3\nmarque N 13 E 5 S 3 O 5\n")
    (game,) = list(iter_hrn(text))
    assert [(d.number, d.score is not None) for d in game.deals] == [(1, True), (2, True), (3, True)]
    assert [f.line for f in game.errors] == [3]
    assert "donne" in game.errors[0].message


def test_a_line_before_any_deal_is_told_once() -> None:
    (game,) = list(iter_hrn("N: AKQ.-.-.-\nE: ?\n1. S 2C\ndeal 1\n"))
    assert [f.line for f in game.errors] == [1]


@pytest.mark.parametrize(("rules", "text", "expected"), [
    ("standard", "capot S", ("S", "add")),
    ("standard moon=subtract", "chelem O", ("W", "subtract")),
    ("standard", "capot S ajoute", ("S", "add")),
])
def test_a_bare_moon_takes_the_choice_the_rules_fix(rules: str, text: str,
                                                   expected: tuple[str, str]) -> None:
    body = HEAD.format(rules=rules)
    (game,) = list(iter_hrn(body + "donne 1\n" + text + "\n"))
    assert game.errors == ()
    moon = game.deals[0].moon
    assert moon is not None and (moon.seat, moon.choice) == expected


def test_a_bare_moon_under_moon_choice_says_what_to_write(monkeypatch: pytest.MonkeyPatch,
                                                          tmp_path: Path) -> None:
    path = tmp_path / "choix.hrn"
    path.write_text(HEAD.format(rules="moon-choice") + "donne 1\nmarque N 26 E 26 S 0 O 26\n"
                    "capot S\ntotal N 26 E 26 S 0 O 26\n", encoding="utf-8")
    out, status = _validate(str(path), monkeypatch=monkeypatch)
    assert status == 1
    assert ("choix.hrn:10:7: erreur: les règles en vigueur (capot : au choix) laissent le choix à "
            "Hélène (S) : écrivez « capot S ajoute »") in out
    out, _ = _validate("--lang", "en", str(path), monkeypatch=monkeypatch)
    assert "write 'moon S add' (26 to each other player) or 'moon S subtract'" in out


@pytest.mark.parametrize(("name", "near"), [
    ("three-player", "three-players"), ("trois-joueurs", "three-players"),
    ("standart", "standard"), ("court", "short"), ("zzz", None),
])
def test_a_mistyped_preset_gets_a_did_you_mean(name: str, near: str | None) -> None:
    assert closest_preset(name) == near


def test_the_three_players_preset_is_suggested_in_the_record_language(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    path = tmp_path / "trois.hrn"
    path.write_text('[Règles "trois-joueurs"]\n[Places "N E S"]\ndonne 1\nmarque N 13 E 10 S 3\n',
                    encoding="utf-8")
    out, _ = _validate(str(path), monkeypatch=monkeypatch)
    assert "jeu de règles inconnu 'trois-joueurs' (vouliez-vous dire « three-players » ?)" in out


@pytest.mark.parametrize(("name", "word"), [
    ("Evnet", "Event"), ("event", None), ("EVENT", None), ("lieu", None), ("Ouets", "Ouest"),
    ("Evenment", "Événement"),
    ("Regle", "Règles"), ("Nrod", "Nord"),
    ("Joueurs", "North"), ("Players", "North"),
    ("Event", None), ("Lieu", None), ("Table", None), ("Scorer", None), ("P3", None),
    ("BotN", None),
])
def test_a_known_tag_mistyped_is_suggested(name: str, word: str | None) -> None:
    assert misspelt_tag(name) == word


def test_a_mistyped_tag_is_a_warning_at_its_line_and_the_game_stays_valid() -> None:
    text = '[Evnet "Club"]\n[Scorer "Odile"]\ndeal 1\nscore N 6 E 4 S 13 W 3\n'
    found = _findings(text)
    assert ("tag-name", 1, "warning") in found
    assert not any(code == "tag-name" and line == 2 for code, line, _ in found)


@pytest.mark.parametrize(("name", "text", "where", "caret"), [
    ("t.hrn", '[Evnet "Club"]\n[Nord "Sylvie"]\ndonne 1\nmarque N 6 E 4 S 13 O 3\n',
     "1:2", "    [Evnet \"Club\"]\n     ^"),
    ("u.hrn", '[Nord "Sylvie"] [ Evnet  "Club" ]\ndonne 1\nmarque N 6 E 4 S 13 O 3\n',
     "1:19", "    [Nord \"Sylvie\"] [ Evnet  \"Club\" ]\n                      ^"),
    ("t.json", '{\n  "tags": {"Evnet": "Club"},\n  "deals": [{"number": 1, "score": '
     '{"N": 6, "E": 4, "S": 13, "W": 3}}]\n}\n', "2:12", '      "tags": {"Evnet": "Club"},\n'
     "               ^"),
    ("t.yaml", "tags:\n  Evnet: Club\ndeals:\n- number: 1\n  score: {N: 6, E: 4, S: 13, W: 3}\n",
     "2:3", "      Evnet: Club\n      ^"),
])
def test_a_mistyped_tag_is_pointed_at_by_its_name(
        name: str, text: str, where: str, caret: str, monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path) -> None:
    """The caret of a ``tag-name`` warning stands under the name that is
    misspelt, not under the value (HRN, JSON and YAML alike)."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    for lang in ("fr", "en"):
        out, _ = _validate("--lang", lang, str(path), monkeypatch=monkeypatch)
        line = next(ln for ln in out.splitlines() if ln.endswith("[tag-name]"))
        assert line.startswith(f"{path}:{where}: "), out
        assert caret in out, out


def test_a_game_of_three_without_its_rules_is_told_the_preset(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    sheet = tmp_path / "trois.hrn"
    sheet.write_text('[Événement "À trois"]\ndonne 1\nmarque N 13 E 10 S 3\n', encoding="utf-8")
    out, status = _validate(str(sheet), monkeypatch=monkeypatch)
    assert status == 1
    assert 'une partie à trois joueurs se déclare avec [Règles "three-players"] et [Places "N E S"]' in out
    seated = tmp_path / "places.hrn"
    seated.write_text('[Événement "À trois"]\n[Places "N E S"]\ndonne 1\nmarque N 13 E 10 S 3\n',
                      encoding="utf-8")
    out, _ = _validate(str(seated), monkeypatch=monkeypatch)
    assert '(à 3 joueurs, écrivez [Règles "three-players"])' in out
    out, _ = _validate("--lang", "en", str(seated), monkeypatch=monkeypatch)
    assert '(for 3 players, write [Rules "three-players"])' in out
    # what it says to write is what the reader takes
    fixed = tmp_path / "juste.hrn"
    fixed.write_text('[Règles "three-players"]\n[Places "N E S"]\ndonne 1\nmarque N 13 E 10 S 3\n',
                     encoding="utf-8")
    _, status = _validate(str(fixed), monkeypatch=monkeypatch)
    assert status == 0


def test_a_moon_written_alone_on_a_sheet_is_told_its_score_line(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    path = tmp_path / "capot.hrn"
    path.write_text(HEAD.format(rules="standard") + "donne 1\nmarque N 6 E 4 S 13 O 3\n"
                    "donne 2\ncapot S\n", encoding="utf-8")
    out, status = _validate(str(path), monkeypatch=monkeypatch)
    assert status == 1
    assert ("capot.hrn:11:1: erreur: la donne 2 n'a que sa ligne de capot : une feuille de marque "
            "note aussi la marque de la donne, ici « marque N 26 E 26 S 0 O 26 » (Hélène (S) a fait "
            "capot) [incomplete-deal]") in out
    assert "0 pli complet" not in out
    assert "[missing-cards]" not in out and "[total-mismatch]" not in out   # no noise around it
    out, _ = _validate("--lang", "en", str(path), monkeypatch=monkeypatch)
    assert "here 'score N 26 E 26 S 0 W 26' (Hélène (S) shot the moon)" in out
    # with its running total the deal is a sheet of totals (sheets12): the total
    # gives its points, N 26 E 26 S 0 O 26, the moon the capot line names
    path.write_text(path.read_text(encoding="utf-8") + "total N 32 E 30 S 13 O 29\n", encoding="utf-8")
    out, status = _validate(str(path), monkeypatch=monkeypatch)
    assert status == 0 and "erreur:" not in out, out


def test_a_tag_listing_the_players_is_told_they_go_seat_by_seat(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    path = tmp_path / "joueurs.hrn"
    path.write_text('[Événement "C"]\n[Joueurs "Sylvie Bernard Hélène Odile"]\ndonne 1\n'
                    'marque N 6 E 4 S 13 O 3\n', encoding="utf-8")
    out, status = _validate(str(path), monkeypatch=monkeypatch)
    assert status == 0      # a warning: the sheet itself is sound
    assert ("avertissement: la balise [Joueurs] ne dit pas qui est à quelle place : les joueurs se "
            'notent place par place, [Nord "..."]') in out


def test_after_a_lost_trick_line_a_slip_of_a_later_trick_is_still_told(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    text = (ROOT / "docs" / "fr" / "exemples" / "soiree.hrn").read_text(encoding="utf-8")
    typed = text.replace("5. S 4♠ O V♠ N 10♠ E R♦", "5. S 4♠ O V♠ N 10♠ E Rx").replace(
        "9. O A♠", "9. X A♠")
    path = tmp_path / "soiree.hrn"
    path.write_text(typed, encoding="utf-8")
    out, status = _validate(str(path), monkeypatch=monkeypatch)
    assert status == 1
    assert "soiree.hrn:24:22: erreur: on attendait une carte comme D♠ ou 10♥, trouvé 'Rx'" in out
    assert "soiree.hrn:28:4: erreur: place inconnue 'X'" in out and '[Places "..."]' in out
    assert "2 erreurs, 0 avertissement, 0 info" in out     # and nothing else


def test_a_damaged_deal_is_not_analysed() -> None:
    from hearts_notation.analysis.annotate import AnalysisOptions, GameTask, analyse_game

    text = (ROOT / "docs" / "fr" / "exemples" / "soiree.hrn").read_text(encoding="utf-8")
    (game,) = list(iter_hrn(text.replace("5. S 4♠ O V♠ N 10♠ E R♦", "5. S 4♠ O V♠ N 10♠ E Rx")))
    analysis = analyse_game(GameTask(game, AnalysisOptions(lang="fr")))
    assert analysis.decisions == ()
    assert [n.text for n in analysis.notes] == [
        "une ligne de la donne 1 n'a pas pu être lue (voir son erreur de syntaxe) : donne non analysée."]
