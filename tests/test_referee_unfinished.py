"""What has not happened yet is no fault, and seats follow the rules in force.

* An unfinished deal (``*``) stopped in the pass phase -- no card played,
  some seats still choosing -- draws no ``pass-direction`` error for the
  seats that have not passed, nor a ``pass-count`` error for a pass still
  being chosen; the same record finished, or with cards already played,
  still does.
* A record with neither a ``Seats`` nor a ``Rules`` tag takes its seats from
  ``--rules``: a five-player game is ``P1``..``P5`` under ``--rules
  five-players``, in ``validate`` and in ``score``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from hearts_notation.cli import cli
from hearts_notation.generate import generate_games
from hearts_notation.io.hrn.writer import dumps_hrn
from hearts_notation.io.jsonio import game_from_dict, game_to_dict
from hearts_notation.referee import check_game


def _passing_deal(unfinished: bool, passes: dict[str, list[str]], tricks: int = 0) -> dict[str, Any]:
    """Deal 1 of a generated standard game (a left pass), with only the
    given passes and the first *tricks* tricks."""
    game = next(generate_games(1, seed=21, rules="standard", bots=("random",), max_deals=1))
    obj = game_to_dict(game)
    deal = obj["deals"][0]
    assert deal["pass"] == "left"
    kept = {s: cards for s, cards in deal["passes"].items() if s in passes}
    kept.update({s: cards for s, cards in passes.items() if cards})
    deal["passes"] = kept
    deal["tricks"] = deal["tricks"][:tricks]
    for key in ("score", "total"):
        deal.pop(key, None)
    deal["unfinished"] = unfinished
    obj.pop("result", None)
    return obj


def _codes(obj: dict[str, Any], severity: str = "error") -> list[str]:
    report = check_game(game_from_dict(obj))
    return [f.code for f in report.findings if f.severity == severity]


def test_seats_still_to_pass_in_an_unfinished_deal_are_no_error() -> None:
    obj = _passing_deal(True, {"N": []})          # N has passed; E, S, W have not
    assert _codes(obj) == []
    assert "incomplete-deal" in _codes(obj, "info")
    assert "pass-direction" not in _codes(obj, "info")


def test_a_pass_still_being_chosen_is_no_error() -> None:
    full = _passing_deal(True, {"N": []})
    one_card = _passing_deal(True, {"N": [], "E": full["deals"][0]["hands"]["E"][:1]})
    assert _codes(one_card) == []
    too_many = _passing_deal(True, {"N": [], "E": full["deals"][0]["hands"]["E"][:4]})
    assert _codes(too_many) == ["pass-count"]


def test_the_same_passes_missing_are_errors_once_the_deal_is_over_or_played() -> None:
    finished = _passing_deal(False, {"N": []}, tricks=13)
    assert "pass-direction" in _codes(finished)
    playing = _passing_deal(True, {"N": []}, tricks=2)
    assert "pass-direction" in _codes(playing)
    short = _passing_deal(True, {"N": [], "E": ["2C"]}, tricks=2)
    assert "pass-count" in _codes(short)


def test_a_game_in_progress_stopped_in_its_pass_phase() -> None:
    """``result *`` on the game makes its last deal unfinished too."""
    obj = _passing_deal(False, {"N": []})
    obj["result"] = "*"
    assert _codes(obj) == []


def _five_player_files(tmp: Path) -> tuple[Path, Path]:
    games = list(generate_games(2, seed=5, rules="five-players", bots=("random",), max_deals=3))
    text = dumps_hrn(games)
    hrn = tmp / "five.hrn"
    hrn.write_text("\n".join(x for x in text.splitlines() if not x.startswith(("[Rules ", "[Seats ")))
                   + "\n", encoding="utf-8")
    lines = []
    for g in games:
        obj = game_to_dict(g)
        obj.pop("rules", None)
        obj.pop("seats", None)
        lines.append(json.dumps(obj))
    jsonl = tmp / "five.jsonl"
    jsonl.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert "[Rules " not in hrn.read_text() and '"rules"' not in jsonl.read_text()
    return hrn, jsonl


def test_seats_of_the_rules_given_on_the_command_line(tmp_path: Path) -> None:
    hrn, jsonl = _five_player_files(tmp_path)
    runner = CliRunner()
    for path in (hrn, jsonl):
        for jobs in ("1", "2"):
            result = runner.invoke(cli, ["validate", "--rules", "five-players", "--format", "json",
                                         "--jobs", jobs, str(path)])
            assert result.exit_code == 0, result.stdout + result.stderr
            doc = json.loads(result.stdout)
            assert doc["summary"]["valid_games"] == 2 and doc["summary"]["errors"] == 0
            assert doc["summary"]["warnings"] == doc["summary"]["infos"] == 0
            for game in doc["games"]:
                assert list(game["deals"][0]["points"]) == ["P1", "P2", "P3", "P4", "P5"]
        result = runner.invoke(cli, ["score", "--rules", "five-players", "--format", "json", str(path)])
        assert result.exit_code == 0, result.stdout + result.stderr
        assert '"P5"' in result.stdout and '"N"' not in result.stdout
    # without --rules the same records are four-player games: not clean
    result = runner.invoke(cli, ["validate", str(hrn)])
    assert result.exit_code == 1
