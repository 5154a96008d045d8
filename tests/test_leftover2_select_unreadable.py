"""``hearts select`` names the games it leaves out because they do not parse
(docs/select.md, "Games that do not parse"): a game with a syntax error that
the query, judging it as far as it reads, does not match was dropped
silently, with exit status 0, so a user filtering a corpus could not tell
that part of it was never looked at.  Now each is named on standard error at
its syntax error's ``file:line:column`` with the reader's words (what
``validate`` says), a count follows, and the exit status is 1, as for
``validate`` (a syntax error is an error) and for a matching game ``select``
cannot write.  A game that does not parse and matches is counted by
``--count`` as before, silently (``finding(syntax-error) --count``, exit 0:
tests/test_select.py), and one the header alone rules out is not named.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from hearts_notation.cli import cli

MIX = ('{"deals": []}\n{"deals": [}\n{"deals": 5}\n'
       '{"tags": {"Event": "ok"}, "deals": []}\n')


@pytest.fixture()
def mix(tmp_path: Path) -> str:
    path = tmp_path / "mix.jsonl"
    path.write_text(MIX, encoding="utf-8")
    return str(path)


def _select(*args: str) -> tuple[int, str, str]:
    r = CliRunner().invoke(cli, ["select", *args])
    return r.exit_code, r.stdout, r.stderr


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_games_left_out_are_named_with_a_count(mix: str, jobs: str) -> None:
    code, out, err = _select(mix, "--where", "valid", "-j", jobs, "--lang", "en")
    assert code == 1
    assert out == '{"deals":[]}\n{"tags":{"Event":"ok"},"deals":[]}\n'
    assert err.splitlines() == [
        f"hearts: {mix}:2:12: game 2 does not parse and is left out (the query judged it as "
        "far as it reads, and it does not match): not valid JSON: Expecting value",
        f"hearts: {mix}:3:11: game 3 does not parse and is left out (the query judged it as "
        "far as it reads, and it does not match): deals: expected a list of deals",
        "hearts: 2 games of the input do not parse and were left out (named above)"]


def test_in_french_and_with_count(mix: str) -> None:
    code, out, err = _select(mix, "--where", "moon", "--count", "--lang", "fr")
    assert (code, out) == (1, "0\n")
    assert f"{mix}:2:12 : la partie 2 ne se lit pas et est laissée de côté" in err
    assert "JSON non valide : on attendait une valeur" in err
    assert err.endswith("2 parties de l'entrée ne se lisent pas et ont été laissées de côté "
                        "(nommées plus haut)\n")


def test_counted_when_they_match_as_before(mix: str) -> None:
    assert _select(mix, "--count", "--where", "not valid") == (0, "2\n", "")
    assert _select(mix, "--count") == (0, "4\n", "")


def test_clean_corpus_says_nothing(tmp_path: Path) -> None:
    path = tmp_path / "clean.jsonl"
    path.write_text('{"deals": []}\n', encoding="utf-8")
    assert _select(str(path), "--where", "moon") == (0, "", "")


def test_an_hrn_game_with_a_syntax_error(tmp_path: Path) -> None:
    code, out, err = _select("tests/data/referee/syntax-error.hrn", "--where", "moon")
    assert (code, out) == (1, "")
    assert "syntax-error.hrn:17:21: game 1 does not parse and is left out" in err
    assert "found '7X'" in err


def test_a_header_only_query_does_not_name_them(tmp_path: Path) -> None:
    """docs/select.md: a game the header alone rules out is not named, broken or
    not (reading the rest of each record to find out costs such a query 1.2x to
    1.6x its CPU, measured; docs/select.md says so), on either path."""
    path = tmp_path / "header.jsonl"
    path.write_text(MIX + '{"tags": {"Event": "other"}, "deals": [{"number": 1, "hands": {"N": ["ZZ"]}}]}\n',
                    encoding="utf-8")
    assert _select(str(path), "--where", 'tag(Event) == "ok"') == (
        0, '{"tags":{"Event":"ok"},"deals":[]}\n', "")
    assert _select("tests/data/referee/syntax-error.hrn", "--where", 'tag(Event) == "x"') == (0, "", "")
