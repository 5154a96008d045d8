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
    msg,
    placeholders,
    render,
    translate,
)
from hearts_notation.model import Finding

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


def test_findings_render_from_their_id_and_arguments() -> None:
    """A finding carries a message id and arguments; each language renders
    them (cards, seats, lists and counts its own way), English included."""
    m = msg("finding.revoke", seat=("seat", "W"), card=("card", "Q♠"), suit="♦",
            cards=("cards", 4, "K♦", "J♦", "9♦", "5♦", "2♦"))
    assert m.text("en") == "W played Q♠ on a ♦ lead while holding K♦ J♦ 9♦ 5♦ and 1 more"
    assert m.text("fr") == ("O a joué D♠ sur une entame à ♦ alors qu'il avait R♦ V♦ 9♦ 5♦ "
                            "et 1 autre — irrégularité")
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
