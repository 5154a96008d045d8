"""Every finding of the referee's test records, in French and in English,
with no word of the other language: the messages come from their id and
arguments (hearts_notation.i18n), never from an English sentence."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from hearts_notation.rules import RULE_KEYS, preset_names

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data" / "referee"

#: English words a player would read in a finding (not words French shares,
#: such as "points", "total" or "info").
ENGLISH = frozenset("""
    trick tricks player players error errors expected deal deals lead leads led hearts spades
    clubs diamonds score warning warnings found played plays holding holds passed passes pass
    hand hands seat seats game games rules the and which not could with was were is are of but
    after before none no by recorded record checked known check each out turn first shoot shot
    took winner wins win share
""".split())

#: French words that have no business in an English message.
FRENCH = frozenset("""
    donne donnes pli plis joueur joueurs erreur avertissement attendu entame entamé cœur cœurs
    pique trèfle carreau marque partie main mains carte cartes règles le la les et mais aucun
    aucune pas une à avec après avant qui que est sont au aux par pour de du des sa ses
    irrégularité capot feuille place places
""".split())

#: The parts of a message that are the record's own words: quoted names and
#: values ('Anne', "stadnard"), and rule settings as a Rules tag writes them
#: (moon: add, tie: play-on, pass_count=0).
_RECORD_WORDS = re.compile(r"'[^']*'|\"[^\"]*\"|«[^»]*»|\b\w+(?:: |=)[\w,-]+")
_FINDING_LINE = re.compile(r"^\S+:\d+(?::\d+)?: (\S+): (.*) \[([\w-]+)\]$")


#: The notation's own identifiers (rule keys and presets), the same in every language.
_IDENTIFIERS = frozenset([*RULE_KEYS, *preset_names()])


def _words(text: str) -> set[str]:
    text = _RECORD_WORDS.sub(" ", text)
    text = re.sub(r"[\w-]+", lambda m: " " if m.group(0) in _IDENTIFIERS else m.group(0), text)
    return set(re.findall(r"[^\W\d_]+", text.lower()))


def _validate(lang: str, *paths: str, env: dict[str, str] | None = None) -> list[tuple[str, str]]:
    base = dict(os.environ)
    base.update({"NO_COLOR": "1", "COLUMNS": "200", **(env or {})})
    args = ["--lang", lang] if lang else []
    r = subprocess.run([sys.executable, "-m", "hearts_notation", "validate", *args, *paths],
                       cwd=ROOT, capture_output=True, text=True, env=base, check=False)
    assert r.returncode in (0, 1), r.stderr
    out = []
    for line in r.stdout.splitlines():
        m = _FINDING_LINE.match(line)
        if m:
            out.append((m.group(3), m.group(2)))
    return out


@pytest.mark.parametrize(("lang", "foreign"), [("fr", ENGLISH), ("en", FRENCH)])
def test_every_referee_finding_speaks_one_language(lang: str, foreign: frozenset[str]) -> None:
    files = sorted(str(p) for p in DATA.glob("*.hrn"))
    findings = _validate(lang, *files)
    codes = {code for code, _ in findings}
    assert len(codes) >= 20, codes       # the records cover the referee's codes
    bad = [(code, text, sorted(_words(text) & foreign)) for code, text in findings
           if _words(text) & foreign]
    assert bad == []


def test_lang_from_the_environment() -> None:
    """LANG=fr_FR.UTF-8 alone speaks French; LC_ALL wins over LANG."""
    fr = _validate("", str(DATA / "revoke.hrn"), env={"LANG": "fr_FR.UTF-8"})
    assert fr and "renonce" in fr[0][1]
    en = _validate("", str(DATA / "revoke.hrn"), env={"LANG": "fr_FR.UTF-8", "LC_ALL": "en_US.UTF-8"})
    assert en and en[0][1].startswith("N played 6♦")
