"""The library API (``hearts_notation.api``): its docstring examples run,
it is served lazily from the package, and it gives what the CLI gives."""

from __future__ import annotations

import doctest
import json
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

import hearts_notation as hn
import hearts_notation.api as api
from hearts_notation.cli import cli

ROOT = Path(__file__).parent.parent


def test_docstring_examples_run() -> None:
    result = doctest.testmod(api, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
    assert result.attempted >= 12


def test_docs_examples_run() -> None:
    result = doctest.testfile(str(ROOT / "docs" / "library.md"), module_relative=False)
    assert result.failed == 0 and result.attempted >= 3


def test_package_serves_the_api_lazily() -> None:
    code = ("import sys, hearts_notation as h; "
            "assert 'hearts_notation.api' not in sys.modules; "
            "assert 'hearts_notation.runners.pool' not in sys.modules; "
            "f = h.validate_file; assert 'hearts_notation.api' in sys.modules; print('ok')")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT,
                         check=True)
    assert out.stdout.strip() == "ok"
    assert hn.validate_file is api.validate_file
    assert set(api.__all__) >= {"validate_file", "validate_text", "read_games", "score"}


def test_validate_file_is_the_cli_report(tmp_path: Path) -> None:
    path = tmp_path / "g.hrn"
    text = (ROOT / "samples" / "multi-game.hrn").read_text(encoding="utf-8")
    path.write_text(text.replace("2. ", "2. N QS ", 1), encoding="utf-8")
    res = CliRunner().invoke(cli, ["validate", str(path), "--format", "json", "--jobs", "1"])
    cli_games = json.loads(res.stdout)["games"]
    for jobs in (1, 2):
        ours = hn.validate_file(str(path), jobs=jobs)
        assert ours.entries == cli_games
    assert not ours.valid and ours.errors > 0
    assert res.exit_code == 1


def test_validate_file_of_every_format_agrees(tmp_path: Path) -> None:
    games = list(hn.read_games(str(ROOT / "samples" / "multi-game.hrn")))
    from hearts_notation.io import dumps

    codes = None
    for fmt in ("hrn", "json", "jsonl", "yaml"):
        p = tmp_path / f"g.{fmt}"
        p.write_text(dumps(games, fmt), encoding="utf-8")
        got = [sorted(f["code"] for f in e["findings"]) for e in hn.validate_file(str(p)).entries]
        codes = got if codes is None else codes
        assert got == codes, fmt
        assert hn.validate_text(p.read_text(encoding="utf-8"), fmt).games == len(games)


def test_unreadable_is_reported_not_raised(tmp_path: Path) -> None:
    res = hn.validate_file(str(tmp_path / "missing.hrn"))
    assert not res.valid and res.unreadable and "no such file" in res.unreadable[0]
    broken = hn.validate_text('[{"deals": []}, {"deals": [', "json")
    assert broken.games == 2 and broken.errors == 1


def test_score_matches_the_cli() -> None:
    path = ROOT / "samples" / "canonical.hrn"
    res = CliRunner().invoke(cli, ["score", str(path), "--format", "json", "--jobs", "1"])
    doc = json.loads(res.stdout)
    entries = doc["games"] if isinstance(doc, dict) and "games" in doc else doc
    game = next(hn.read_games(str(path)))
    s = hn.score(game, "standard")
    assert entries[0]["deals"][-1]["totals"] == s.totals
    assert s.agrees
