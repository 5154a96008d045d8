"""The message catalogs: complete, consistent, and spoken by validate and score."""

from __future__ import annotations

import json
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
    placeholders,
    translate,
    translate_finding,
)

ROOT = Path(__file__).resolve().parent.parent


def test_every_catalog_has_every_message_with_the_same_placeholders() -> None:
    """A catalog lacking an id another has, or whose template names other
    placeholders than English's, fails here."""
    assert LANGUAGES[0] == "en" and "fr" in LANGUAGES
    tables = {lang: _module(lang).MESSAGES for lang in LANGUAGES}
    ids = set().union(*(set(t) for t in tables.values()))
    for lang, table in tables.items():
        assert ids - set(table) == set(), (lang, sorted(ids - set(table)))
        for key in ids:
            assert placeholders(table[key]) == placeholders(tables["en"][key]), (lang, key)


def test_cards_seats_and_counts_in_french() -> None:
    assert card_name("fr", "Q", "S") == "Dame de pique"
    assert card_name("en", "Q", "S") == "Queen of spades"
    assert card_text("fr", "K♥ Q♠ J♦ 10♣") == "R♥ D♠ V♦ 10♣"
    assert translate("fr", "seat.W") == "O"
    assert count("fr", "summary.games", 0) == "0 partie"
    assert count("en", "summary.games", 0) == "0 games"
    assert count("fr", "summary.games", 1234) == "1\u202f234 parties"


def test_findings_translate_with_their_values_and_english_is_untouched() -> None:
    msg = "W played Q♠ on a ♦ lead while holding K♦ J♦ and 2 more"
    assert translate_finding("en", msg) == msg
    fr = translate_finding("fr", msg)
    assert fr == "O a joué D♠ sur une entame à ♦ alors qu'il avait R♦ V♦ et 2 autres — irrégularité"
    on = "could not check whether E and W followed suit on tricks 2 and 5: the hands are not fully known"
    assert translate_finding("fr", on) == (
        "impossible de vérifier que E et O ont fourni aux plis 2 et 5 : "
        "les mains ne sont pas entièrement connues")
    # A message no template knows is left alone (its cards still in French).
    assert translate_finding("fr", "something new about K♠") == "something new about R♠"


def _run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    import os
    base = {k: v for k, v in os.environ.items() if k not in ("LC_ALL", "LC_MESSAGES", "LANG")}
    base.update({"NO_COLOR": "1", "COLUMNS": "100", **(env or {})})
    return subprocess.run([sys.executable, "-m", "hearts_notation", *args], cwd=ROOT,
                          capture_output=True, text=True, env=base, check=False)


@pytest.mark.parametrize("how", [("--lang", "fr"), ()])
def test_validate_speaks_french(how: tuple[str, ...]) -> None:
    env = None if how else {"LANG": "fr_FR.UTF-8"}
    r = _run("validate", *how, "samples/observer.hrn", env=env)
    assert r.returncode == 0, r.stderr
    assert "les mains distribuées de E, S et O ne sont pas connues" in r.stdout
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
    assert "E gagne avec 33 (la partie s'est terminée après la donne 10)" in r.stdout
    en = _run("score", "--lang", "en", "samples/canonical.hrn").stdout
    assert "E wins with 33 (the game ended after deal 10)" in en and "Σ W" in en
