"""QA pass of 4 December: a hostile ``Rules`` string (a JSON ``rules`` value
may be as long as its record, 16 MiB; an HRN tag as its line, 64 KiB).

Each word of the string was checked by applying every good word before it
again (quadratic: 4,000 words took 8 s), and each bad word's finding quoted
the whole string (3,000 bad words of a 12 KB line wrote 37 MB).  The
OpenSpiel exporter quoted it whole too, without a column.  Each test here
failed before the fix."""

from __future__ import annotations

import json
import time
from pathlib import Path

from hearts_notation import validate_text
from hearts_notation.i18n import clip
from tests.clirun import run, write


def test_many_good_words_are_checked_in_linear_time() -> None:
    text = json.dumps({"rules": "standard " + "target=100 " * 4000, "deals": [{"number": 1}]})
    start = time.thread_time()
    result = validate_text(text, "json")
    assert time.thread_time() - start < 1.5
    assert result.deals == 1


def test_each_bad_word_quotes_the_string_boundedly(tmp_path: Path) -> None:
    path = write(tmp_path, "r.hrn", '[Rules "standard ' + "a=1 " * 3000 + '"]\n\ndeal 1\n*\n')
    code, out = run("validate", path, "--lang", "en")
    assert code == 1
    heads = [line for line in out.splitlines() if "[unknown-rule]" in line]
    assert len(heads) == 3000
    assert heads[0] == (
        f'{path}:1:8: error: Rules "standard a=1 a=1 a=1 a=1 a=1 a=1 a=1 a=1 a=1 a=1 a=1 a=1 '
        "a=…\": unknown rule option 'a'; valid options: players, removed_cards, pass_cycle, "
        "pass_count, opening_lead, first_trick_hearts, first_trick_queen, hearts_broken_by, "
        "queen_breaks_hearts, hearts_lead, lead_hearts_instead_of_queen, jack_of_diamonds, "
        "no_trick_bonus, moon, target, tie; the game is checked under standard [unknown-rule]")
    assert len(out) < 3_000_000   # the source line under each is a 200-character window


def test_the_openspiel_export_quotes_the_rules_boundedly_at_their_tag(tmp_path: Path) -> None:
    path = write(tmp_path, "r.hrn", '[Event "x"]\n[Rules "standard players=1000 '
                 + "target=100 " * 2000 + '"]\n\ndeal 1\n*\n')
    code, out = run("convert", path, "--to", "openspiel-history", "--lang", "fr")
    assert code == 2
    assert out.splitlines()[0] == (
        f"{path}:2:8: partie 1 : règles 'standard players=1000 target=100 target=100 target=100 "
        "targ…' : players=1000 n'est pas possible ; choisissez 3, 4, 5 ou 6")


def test_clip() -> None:
    assert clip("abc", 3) == "abc" and clip("abcd", 3) == "ab…"
