"""A rule the analysis cannot value is refused, not answered wrongly.

``no_trick_bonus`` (OpenSpiel's ``avoid_all_tricks_bonus``, issue 24's
"every preset or a clear refusal") pays a seat for taking no trick; the
exact solver, the play-outs and the face-up loss count only the cards taken
and the moon.  ``solve`` and ``hint`` refuse such a game (exit 2, the reason
in the run's language), ``annotate`` says once why it is not analysed, and
the referee and the score still take the rule (tests/test_rules11.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from hearts_notation.cli import cli

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """samples/canonical.hrn's first deal (one trick short of its end, so that
    hint has a card to advise) under ``no_trick_bonus=-5``."""
    lines = (ROOT / "samples" / "canonical.hrn").read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("deal 1 "))
    end = next(i for i, line in enumerate(lines) if line.startswith("13. "))
    path = tmp_path_factory.mktemp("unvalued") / "bonus.hrn"
    path.write_text('[Rules "standard no_trick_bonus=-5"]\n' + "\n".join(lines[start:end]) + "\n*\n",
                    encoding="utf-8")
    return path


def _run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.output


def test_the_referee_and_the_score_take_the_rule(record: Path) -> None:
    code, out = _run("validate", str(record))
    assert code == 0, out


@pytest.mark.parametrize("lang, words", [("en", "does not value the rule no_trick_bonus=-5"),
                                         ("fr", "ne sait pas évaluer la règle no_trick_bonus=-5")])
def test_solve_refuses_with_the_reason(record: Path, lang: str, words: str) -> None:
    code, out = _run("solve", str(record), "--trick", "12", "--lang", lang)
    assert code == 2
    assert words in out
    assert "('msg'" not in out


def test_solve_corpus_line_names_the_error(record: Path) -> None:
    code, out = _run("solve", str(record), "--all", "--format", "jsonl")
    assert code == 1                # a corpus goes on: the deal's error is a finding
    res = json.loads(out.splitlines()[0])
    assert res["error_id"] == "rules" and "no_trick_bonus=-5" in res["error"]
    assert "cards" not in res and "positions" not in res


def test_hint_refuses_with_the_reason(record: Path) -> None:
    code, out = _run("hint", str(record), "--lang", "fr")
    assert code == 2
    assert "pas de conseil" in out and "no_trick_bonus=-5" in out


def test_annotate_says_once_why_nothing_is_analysed(record: Path) -> None:
    code, out = _run("annotate", "--fast", "--format", "json", str(record))
    assert code == 0, out
    game = json.loads(out)["games"][0]
    assert game["decisions"] == []
    assert len(game["notes"]) == 1 and "no_trick_bonus=-5" in game["notes"][0]


def test_a_game_analysed_deal_by_deal_says_it_once(record: Path) -> None:
    """--jobs and --out-dir analyse a game deal by deal and merge the parts:
    the game's note is every part's, said once."""
    from hearts_notation.analysis.annotate import GameTask, analyse_game, merge_analyses
    from hearts_notation.io.formats import get

    text = record.read_text(encoding="utf-8").replace("\n*\n", "\n")
    deal = text[text.index("deal 1 "):]
    two = text + "\n" + deal.replace("deal 1 ", "deal 2 ", 1) + "*\n"
    game = next(iter(get("hrn").read([two], str(record), None)))
    parts = [analyse_game(GameTask(game, only_deal=k)) for k in (1, 2)]
    assert [len(p.notes) for p in parts] == [1, 1]
    assert len(merge_analyses(parts).notes) == 1
