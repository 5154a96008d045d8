"""The message catalogs: complete, consistent, and spoken by validate and score."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from hearts_notation.i18n import (
    LANGUAGES,
    _module,
    card_name,
    card_text,
    count,
    msg,
    placeholders,
    players_in_view,
    render,
    seats_in_view,
    translate,
)
from hearts_notation.model import Finding

ROOT = Path(__file__).resolve().parent.parent


def _catalog_problems(tables: dict[str, dict[str, str]]) -> list[tuple[str, str]]:
    """(language, id) of every message a catalog lacks that another has, or
    whose placeholders differ from English's."""
    ids = set().union(*(set(t) for t in tables.values()))
    out = [(lang, key) for lang, table in tables.items() for key in sorted(ids - set(table))]
    out += [(lang, key) for lang, table in tables.items() for key in sorted(ids & set(table))
            if placeholders(table[key]) != placeholders(tables["en"].get(key, table[key]))]
    return out


def test_every_catalog_has_every_message_with_the_same_placeholders() -> None:
    """A catalog lacking an id another has, or whose template names other
    placeholders than English's, fails here."""
    assert LANGUAGES[0] == "en" and "fr" in LANGUAGES
    tables = {lang: _module(lang).MESSAGES for lang in LANGUAGES}
    assert _catalog_problems(tables) == []


def test_the_completeness_check_catches_a_missing_or_mismatched_message() -> None:
    """The check above is not vacuous: a French catalog without one message,
    or an English one without a message only French has, or a template
    with another placeholder, is reported."""
    en, fr = dict(_module("en").MESSAGES), dict(_module("fr").MESSAGES)
    del fr["record.expected_cards"]
    assert _catalog_problems({"en": en, "fr": fr}) == [("fr", "record.expected_cards")]
    en2, fr2 = dict(_module("en").MESSAGES), dict(_module("fr").MESSAGES)
    fr2["only.in.french"] = "seulement en français"
    assert _catalog_problems({"en": en2, "fr": fr2}) == [("en", "only.in.french")]
    fr2 = dict(_module("fr").MESSAGES)
    fr2["record.json"] = "JSON non valide : {probleme}"
    assert _catalog_problems({"en": en2, "fr": fr2}) == [("fr", "record.json")]


#: A message id written in the code: msg("id"), translate(lang, "id"), render(lang, "id").
_ID_IN_CODE = re.compile(r'\b(?:msg|translate\((?:[^,()]|\(\))+,|render\((?:[^,()]|\(\))+,)'
                         r'\s*"([A-Za-z0-9_.#!?-]+)"')


def test_every_message_id_the_code_names_is_in_the_catalog() -> None:
    """An id spelt wrong in the code would raise only when its error
    happens (a rare bad input): every literal id is checked here, and the
    families built from a variable part are checked in full."""
    from hearts_notation.rules import preset_names

    en = _module("en").MESSAGES
    missing = []
    for path in sorted((ROOT / "hearts_notation").rglob("*.py")):
        for m in _ID_IN_CODE.finditer(path.read_text(encoding="utf-8")):
            key = m.group(1)
            base, sep, _ = key.rpartition(".#")
            if key.endswith("."):
                continue            # a prefix, completed in the code
            if (base + ".one" if sep else key) not in en:
                missing.append((path.name, key))
    assert missing == []
    families = [f"limit.what.cards.{w}" for w in ("list", "trick", "hand", "pass")]
    families += [f"os.not_card_id.{p}" for p in ("deal", "pass", "play")]
    families += [f"preset_name.{p}" for p in preset_names()]
    families += [f"ascii.{k}.{x}" for k, xs in (("rank", "23456789TJQKA"), ("suit", "SHDC"))
                 for x in xs]
    assert [k for k in families if k not in en] == []


def test_the_reader_errors_speak_the_language() -> None:
    """A JSON record error, a broken JSON or YAML document and an OpenSpiel
    error carry an id: English for the model, French on demand."""
    from hearts_notation.io import InputError, iter_games_text

    cases = [('{"deals": [{"hands": 3}]}', "json", "deals[0].hands : on attendait un objet",
              "deals[0].hands: expected an object"),
             ('{"deals": [', "json", "JSON non valide : on attendait une valeur",
              "not valid JSON: Expecting value"),
             ("deals: [\n  a: b: c\n", "yaml", "YAML non valide : on attendait",
              "not valid YAML: did not find expected"),
             ("[1, 2, \"x\"]", "openspiel-history", "historique, action 3 : 'x' n'est pas",
              "history, action 3: 'x' is not a card id"),
             ('{"phase": "Play"}', "openspiel", "champ 'pass_direction' manquant",
              "missing field 'pass_direction'")]
    for text, fmt, french, words in cases:
        try:
            games = list(iter_games_text(text, fmt, "x"))
        except InputError as exc:
            assert exc.msg is not None, (fmt, exc)
            said, english = exc.text("fr"), exc.text("en")
        else:
            f = games[0].errors[0]
            assert f.key, (fmt, f)
            said, english = f.text("fr"), f.message
        assert french in said, (fmt, said)
        assert words in english, (fmt, english)


def test_cards_seats_and_counts_in_french() -> None:
    assert card_name("fr", "Q", "S") == "Dame de pique"
    assert card_name("en", "Q", "S") == "Queen of spades"
    assert card_text("fr", "K♥ Q♠ J♦ 10♣") == "R♥ D♠ V♦ 10♣"
    assert translate("fr", "seat.W") == "O"
    assert count("fr", "summary.games", 0) == "0 partie"
    assert count("en", "summary.games", 0) == "0 games"
    assert count("fr", "summary.games", 1234) == "1\u202f234 parties"


def test_findings_render_from_their_id_and_arguments() -> None:
    """A finding carries a message id and arguments; each language renders
    them (cards, seats, lists and counts its own way), English included."""
    m = msg("finding.revoke", seat=("seat", "W"), card=("card", "Q♠"), suit="♦",
            cards=("cards", 4, "K♦", "J♦", "9♦", "5♦", "2♦"))
    assert m.text("en") == "W played Q♠ on a ♦ lead while holding K♦ J♦ 9♦ 5♦ and 1 more"
    assert m.text("fr") == ("O a joué D♠ sur une entame à ♦ en ayant en main R♦ V♦ 9♦ 5♦ "
                            "et 1 autre : c'est une renonce")
    on = msg("on.other", list=("and", 2, 5)).arg()
    who = ("and", ("seat", "E"), ("seat", "W"))
    assert render("fr", "finding.revoke.unknown_other", {"who": who, "on": on}) == (
        "impossible de vérifier que E et O ont fourni aux plis 2 et 5 : "
        "les mains ne sont pas entièrement connues")
    # A seat named in the record is kept as written, even one letter long
    # inside a name ("W" in "Walter" is never turned into "O").
    named = msg("finding.not-held.holds", seat=("seat", "Walter"), card=("card", "K♠"),
                holder=("seat", "W"))
    assert named.text("fr") == "Walter a joué R♠, que O a en main"
    f = Finding("not-held", "error", named.text(), key=named.key, args=named.args)
    assert Finding.from_dict(f.to_dict()).text("fr") == named.text("fr")
    assert f.text("en") == "Walter played K♠, which W holds"


def test_a_seat_is_shown_as_the_view_in_force_shows_it() -> None:
    """How a seat is shown is kept while a view lasts (a message's seats
    are not looked up again in each message): a view entered or left
    changes it at once, in every language, nested views included."""
    key = "finding.pass-not-held.unknown_one"
    who = {"who": ("and", ("seat", "W"))}
    en = "could not check whether {} held the cards passed: the hand as dealt is not known"
    assert render("en", key, who) == en.format("W")
    assert render("fr", key, who).startswith("impossible de vérifier que O avait")
    with players_in_view({"W": "Cleo"}):
        assert render("en", key, who) == en.format("Cleo (W)")
        assert render("fr", key, who).startswith("impossible de vérifier que Cleo (O) avait")
        with seats_in_view(["N", "W", "O"]):        # seats W and O both kept as written
            assert render("fr", key, who).startswith("impossible de vérifier que Cleo (W) avait")
            with players_in_view({}):
                assert render("fr", key, who).startswith("impossible de vérifier que W avait")
            assert render("fr", key, who).startswith("impossible de vérifier que Cleo (W) avait")
        assert render("fr", key, who).startswith("impossible de vérifier que Cleo (O) avait")
    assert render("en", key, who) == en.format("W")
    assert render("fr", key, who).startswith("impossible de vérifier que O avait")
    # Any name may be a seat: a long run of them is shown right throughout.
    for i in range(200):
        assert render("en", key, {"who": ("and", ("seat", f"P{i}"))}) == en.format(f"P{i}")


def _run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    import os
    base = dict(os.environ)
    base.update({"NO_COLOR": "1", "COLUMNS": "100", **(env or {})})
    return subprocess.run([sys.executable, "-m", "hearts_notation", *args], cwd=ROOT,
                          capture_output=True, text=True, env=base, check=False)


@pytest.mark.parametrize("how", [("--lang", "fr"), ()])
def test_validate_speaks_french(how: tuple[str, ...]) -> None:
    env = None if how else {"LANG": "fr_FR.UTF-8"}
    r = _run("validate", *how, "samples/observer.hrn", env=env)
    assert r.returncode == 0, r.stderr
    assert "les mains distribuées d'Ada (E), Bo (S) et Cleo (O) ne sont pas connues" in r.stdout
    assert r.stdout.rstrip().endswith("1 fichier, 1 partie, 1 donne : 1 partie valide ; "
                                      "0 erreur, 0 avertissement, 3 infos")
    assert "deal 1 passes" not in r.stdout


def test_validate_json_keeps_english_and_adds_the_translation() -> None:
    r = _run("validate", "--lang", "fr", "--format", "json", "samples/observer.hrn")
    f = json.loads(r.stdout)["games"][0]["findings"][0]
    assert f["code"] == "pass-direction" and f["message"].startswith("deal 1 passes left")
    assert f["message_translated"].startswith("la donne 1 passe à gauche")
    en = json.loads(_run("validate", "--lang", "en", "--format", "json",
                         "samples/observer.hrn").stdout)
    assert "message_translated" not in en["games"][0]["findings"][0]


def test_score_speaks_french() -> None:
    r = _run("score", "samples/canonical.hrn", env={"LANG": "fr_FR.UTF-8"})
    assert "donne" in r.stdout and "capot" in r.stdout and "Σ O" in r.stdout
    assert "règles : standard" in r.stdout
    assert "Tom (E) gagne avec 33 (la partie s'est terminée après la donne 10)" in r.stdout
    en = _run("score", "--lang", "en", "samples/canonical.hrn").stdout
    assert "Tom (E) wins with 33 (the game ended after deal 10)" in en and "Σ W" in en
