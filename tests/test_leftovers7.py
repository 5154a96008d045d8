"""Leftovers7: the one-typo search follows the moon rule in force, French
pass directions as club sheets abbreviate them, the replay page names each
player once, and records as other programs write them (each test cheap,
well under a CPU-second)."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import pytest

from hearts_notation.api import validate_text
from tests.clirun import run, write

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data"


# (a) referee._score_fits: a moon scored only the way the rules allow ------------------------------

def _moon_with_slip(rules: str) -> str:
    """tests/data/replay/moon.hrn (S shoots the moon) with S's A♥ of trick 8
    typed as N's 3♥ and the score line written the *subtract* way."""
    text = (DATA / "replay" / "moon.hrn").read_text(encoding="utf-8")
    for old, new in (('[Rules "standard pass_cycle=hold"]', f'[Rules "{rules} pass_cycle=hold"]'),
                     ("8. S A♥", "8. S 3♥"),
                     ("score N 26 E 26 S 0 W 26", "score N 0 E 0 S -26 W 0"),
                     ("total N 26 E 26 S 0 W 26", "total N 0 E 0 S -26 W 0")):
        assert old in text
        text = text.replace(old, new, 1)
    return text


def _errors(text: str) -> list[tuple[str, int | None, str]]:
    found = [f for e in validate_text(_moon_with_slip(text)).entries for f in e["findings"]]
    return [(f["code"], f["line"], f["message"]) for f in found if f["severity"] == "error"]


def test_the_one_typo_search_scores_a_moon_as_the_rules_in_force() -> None:
    """Under ``moon: choose`` the score line ``S -26`` fits the corrected
    play (A♥): the typo is the one finding.  Under ``standard`` (moon adds)
    it fits no reading of the deal, so no "consistent only with A♥" is said
    (it was, next to the score-mismatch saying A♥ gives N 26)."""
    chosen = _errors("moon-choice")
    assert [(c, ln) for c, ln, _ in chosen] == [("not-held", 20)], chosen
    assert "consistent only with A♥" in chosen[0][2]
    added = _errors("standard")
    assert not any("consistent only" in m for _, _, m in added), added
    assert ("not-held", 20) in [(c, ln) for c, ln, _ in added]
    assert "score-mismatch" in [c for c, _, _ in added]


# (b) a French pass direction as a club sheet shortens it ----------------------------------------

FRENCH = (ROOT / "samples" / "feuille-en-francais.hrn").read_text(encoding="utf-8")
DEAL_1 = "donne 1 donneur O passe gauche"


@pytest.mark.parametrize(("typed", "word"), [
    ("à g.", "à gauche"), ("à dr.", "à droite"), ("g.", "gauche"), ("dr.", "droite"),
    ("en f.", "en face"), ("Dte", "droite"), ("pas de passe", "garde"),
    ("sans échange", "garde"), ("pas d\u2019échange", "garde"), ("aucun échange", "garde"),
])
def test_a_shortened_pass_direction_is_answered_with_the_word(typed: str, word: str) -> None:
    """The whole shorthand is quoted, at its column, with the word meant,
    in both languages (``pas de passe`` was "found 'pas'", no suggestion)."""
    assert DEAL_1 in FRENCH
    text = FRENCH.replace(DEAL_1, f"donne 1 donneur O passe {typed} {{noté vite}}", 1)
    for lang, said in (("fr", f"trouvé '{typed}' ; vouliez-vous dire « {word} » ?"),
                       ("en", f"found '{typed}'; did you mean '{word}'?")):
        with tempfile.TemporaryDirectory(prefix="leftovers7-") as tmp:
            _, out = run("validate", "--format", "json", "--lang", lang, write(Path(tmp), "t.hrn", text))
        found = [f for g in json.loads(out)["games"] for f in g["findings"] if f["severity"] == "error"]
        assert [(f["code"], f["line"], f["column"]) for f in found] == [("syntax-error", 16, 25)]
        message = found[0].get("message_translated", found[0]["message"])
        assert message.endswith(said), message


def test_a_shortened_pass_direction_in_json_names_the_direction() -> None:
    """The JSON reader asks the same table: ``"pass": "pas de passe"`` is
    refused with ``did you mean "hold"?``."""
    for typed, meant in (("à g.", "left"), ("pas de passe", "hold"), ("en f.", "across")):
        record = json.dumps({"deals": [{"number": 1, "pass": typed}]}, ensure_ascii=False)
        found = [f["message"] for e in validate_text(record, "json").entries for f in e["findings"]]
        assert any(f'did you mean "{meant}"?' in m for m in found), found
