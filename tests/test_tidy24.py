"""Leftovers of round 24 (tidy24), each pinned here.

- A ``HEARTS_MAX_*`` value that is no positive whole number is ignored, and
  the CLI says so once, at its start, in the run's language; a library
  user's process prints nothing.
- YAML nested past ``HEARTS_MAX_DEPTH`` is refused with that limit's
  message at its first over-deep value, however deep (it was the
  composer's own "nested more than 200 levels" past 200).
- ``score --game N`` of a JSON record places a disagreement at its value,
  as the whole-file path does (it was the record's first line).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from hearts_notation.cli import cli
from hearts_notation.generate import generate_games
from hearts_notation.io import dumps
from hearts_notation.io.limits import current, refresh
from tests.clirun import run, write

SAMPLE = Path(__file__).parent / "data" / "referee" / "valid.hrn"
DEPTH_WORDS = "the nesting of YAML values is over the limit of {n} (set HEARTS_MAX_DEPTH to raise it)"


@pytest.fixture(autouse=True)
def _fresh_limits(monkeypatch: pytest.MonkeyPatch) -> object:
    """No HEARTS_MAX_* setting from outside; the limits read again after."""
    for name in ("LINE", "RECORD", "CARDS", "DEPTH", "DIGITS", "DOCUMENT"):
        monkeypatch.delenv(f"HEARTS_MAX_{name}", raising=False)
    yield None
    monkeypatch.undo()
    refresh()


# 1. Ignored HEARTS_MAX_* settings --------------------------------------------------------

def _stderr(*args: str) -> tuple[int, str]:
    """``hearts ARGS``: its exit status and its standard error alone."""
    res = CliRunner().invoke(cli, list(args))
    assert res.exception is None or isinstance(res.exception, SystemExit), res.exception
    return res.exit_code, res.stderr


@pytest.mark.parametrize("value", ["abc", "-1", "0", "1e99", "\u0663\u0662", " 12 x"])
def test_an_ignored_limit_is_told_once(monkeypatch: pytest.MonkeyPatch, value: str) -> None:
    """Only the setting ignored is told: a good one and an empty one are not."""
    monkeypatch.setenv("HEARTS_MAX_LINE", value)
    monkeypatch.setenv("HEARTS_MAX_CARDS", "100")
    monkeypatch.setenv("HEARTS_MAX_DEPTH", "")
    code, out = _stderr("validate", "--quiet", str(SAMPLE))
    assert code == 0, out
    told = f"hearts: HEARTS_MAX_LINE={value} is not a positive whole number: the default 65536 is used\n"
    assert out == told, out
    assert current().line == 65536 and current().cards == 100


def test_an_ignored_limit_is_told_in_french(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HEARTS_MAX_DEPTH", "abc")
    code, out = _stderr("validate", "--quiet", "--lang", "fr", str(SAMPLE))
    assert code == 0
    assert ("hearts: HEARTS_MAX_DEPTH=abc n'est pas un nombre entier positif : "
            "la valeur par défaut 32 est utilisée") in out, out


def test_the_library_records_and_does_not_print(monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    from hearts_notation.io.limits import ignored_settings

    monkeypatch.setenv("HEARTS_MAX_CARDS", "-5")
    assert refresh().cards == 64
    assert capsys.readouterr() == ("", "")
    assert [m.text("en") for m in ignored_settings()] == [
        "HEARTS_MAX_CARDS=-5 is not a positive whole number: the default 64 is used"]


# 2. YAML nested over HEARTS_MAX_DEPTH, however deep ---------------------------------------

@pytest.mark.parametrize("levels", [300, 5000])
def test_deep_yaml_gets_the_depth_limit_message(tmp_path: Path, levels: int) -> None:
    path = write(tmp_path, "deep.yaml", "deals: " + "[" * levels + "]" * levels + "\n")
    code, out = run("validate", path)
    assert code == 1, out
    # ``deals:`` is level 1, its list level 2: the 33rd level is the 32nd bracket, column 39
    assert f"{path}:1:39:" in out and DEPTH_WORDS.format(n=32) in out, out
    assert "levels deep" not in out


def test_deep_yaml_one_bracket_a_line_and_a_lower_limit(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HEARTS_MAX_DEPTH", "8")
    path = write(tmp_path, "deep.yaml", "deals:\n" + " [\n" * 3000)
    code, out = run("validate", path)
    assert code == 1, out
    assert f"{path}:9:2:" in out and DEPTH_WORDS.format(n=8) in out, out


def test_over_deep_documents_shallow_or_not_and_a_game_between(tmp_path: Path) -> None:
    """A document nested over the limit but within what the composer
    follows is refused alone (the next are read); one nested deeper ends
    the stream; both with the limit's words at their first over-deep value."""
    game = dumps(list(generate_games(1, seed=3, max_deals=1)), "yaml")
    text = ("deals: " + "[" * 40 + "]" * 40 + "\n---\n" + game
            + "---\ndeals: " + "[" * 300 + "]" * 300 + "\n")
    path = write(tmp_path, "three.yaml", text)
    code, out = run("validate", path)
    last = text.count("\n")        # (the text's last line)
    assert code == 1 and f"{path}:1:39:" in out and f"{path}:{last}:39:" in out, out
    assert out.count(DEPTH_WORDS.format(n=32)) == 2 and "levels deep" not in out, out
    assert "3 games" in out, out


# 3. score --game N places a JSON disagreement at its value ------------------------------

@pytest.mark.parametrize("fmt", ["json", "jsonl"])
def test_score_game_n_places_json_disagreements(tmp_path: Path, fmt: str) -> None:
    games = list(generate_games(2, seed=7, max_deals=2))
    records = [json.loads(line) for line in dumps(games, "jsonl").splitlines()]
    deal = records[1]["deals"][0]
    deal["score"][next(iter(deal["score"]))] += 1
    text = (json.dumps(records, indent=2) if fmt == "json"
            else "".join(json.dumps(r) + "\n" for r in records))
    path = write(tmp_path, f"g.{fmt}", text)

    def places(*args: str) -> list[tuple[int, int]]:
        code, out = run("score", "--format", "json", *args, path)
        assert code == 1, out
        return [(d["line"], d["column"]) for g in json.loads(out)["games"]
                for d in g["disagreements"]]

    whole = places()
    assert len(whole) == 1 and whole[0][0] > 1
    assert places("--game", "2") == whole
