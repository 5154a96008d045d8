"""Rule sets travel as objects, from the command line to the workers.

``--rules`` is read once into a :class:`RuleSet`; the readers (which need
its seats for records without a ``Rules`` tag), the batches of the
parallel runner and the generator's :class:`GameSpec` carry that object,
pickled to worker processes as it is, never flattened to a string and
parsed again.  A rules file that is no preset (a club's YAML) must
therefore reach the workers whole.
"""

from __future__ import annotations

import json
import pickle
from dataclasses import replace
from pathlib import Path

from click.testing import CliRunner

from hearts_notation.cli import cli
from hearts_notation.generate import GameSpec, build_game, generate_games
from hearts_notation.io import dumps, read_games
from hearts_notation.io.batches import Batch
from hearts_notation.rules import RuleSet, load_rules
from hearts_notation.runners.local import iter_batches


def _club_rules(tmp_path: Path) -> tuple[Path, RuleSet]:
    path = tmp_path / "club.yaml"
    path.write_text("base: standard\nplayers: 3\nremoved_cards: [2D]\n"
                    "pass_cycle: [left, right, hold]\ntarget: 50\n", encoding="utf-8")
    return path, load_rules(str(path))


def _untagged_games(rules: RuleSet, count: int) -> str:
    games = [replace(g, rules=None) for g in generate_games(count, seed=4, rules=rules,
                                                             bots=("random",))]
    return dumps(games, "hrn")


def test_batches_carry_the_rule_set_and_pickle_it(tmp_path: Path) -> None:
    _, club = _club_rules(tmp_path)
    assert club.spec != club.portable_spec      # a file, not a preset: no string names it alone
    path = tmp_path / "games.hrn"
    path.write_text(_untagged_games(club, 3), encoding="utf-8")
    batches = [b for b in iter_batches([str(path)], None, club, games_per_batch=2)]
    assert batches and all(isinstance(b, Batch) and b.default_rules is club for b in batches)
    back = pickle.loads(pickle.dumps(batches[0]))
    assert back.default_rules == club and isinstance(back.default_rules, RuleSet)
    # The reader names the seats of an untagged record by the rule set itself.
    games = list(read_games(str(path), None, club))
    assert games[0].rules is None and games[0].deals[0].hands.keys() == {"P1", "P2", "P3"}


def test_game_spec_carries_the_rule_set(tmp_path: Path) -> None:
    _, club = _club_rules(tmp_path)
    spec = pickle.loads(pickle.dumps(GameSpec(1, club, ("random",))))
    assert spec.rules == club
    game = build_game(spec, 1)
    assert len(game.seat_names) == 3
    # The Rules tag written names the same rules without needing the file.
    assert load_rules(game.rules or "").to_mapping() == club.to_mapping()


def test_a_rules_file_reaches_every_worker(tmp_path: Path) -> None:
    club_file, club = _club_rules(tmp_path)
    path = tmp_path / "games.hrn"
    path.write_text(_untagged_games(club, 6), encoding="utf-8")
    runs = []
    for jobs in ("1", "2"):
        result = CliRunner().invoke(cli, ["validate", "--format", "json", "--jobs", jobs,
                                          "--rules", str(club_file), str(path)])
        assert result.exit_code == 0, result.output
        runs.append(json.loads(result.stdout))
    assert runs[0] == runs[1]
    assert runs[0]["summary"]["valid_games"] == 6
