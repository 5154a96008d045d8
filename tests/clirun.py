"""Running ``hearts`` in-process for the hostile-input tests: the command's
exit status and everything it printed, after checking that no traceback
escaped (the guide: bad input is one clear line, never a traceback)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from hearts_notation.cli import cli
from hearts_notation.generate import generate_games
from hearts_notation.io import dumps


def run(*args: str, input: str | bytes | None = None) -> tuple[int, str]:
    """``hearts ARGS`` on *input*: its exit status and its output and errors."""
    res = CliRunner().invoke(cli, list(args), input=input)
    out = res.output + (res.stderr if res.stderr_bytes is not None else "")
    assert "Traceback" not in out
    assert res.exception is None or isinstance(res.exception, SystemExit), res.exception
    return res.exit_code, out


def write(tmp_path: Path, name: str, text: str) -> str:
    """*text* written (UTF-8) as *name* in *tmp_path*; its path."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def one_deal_record(seed: int) -> dict[str, Any]:
    """One clean generated game of one deal as a JSON record (a dict), its
    four players named Ann, Bob, Cy and Di: the record the hostile-input
    tests of the structured formats spoil one key at a time."""
    games = list(generate_games(1, seed=seed, max_deals=1))
    rec = json.loads(dumps(games, "jsonl").strip())
    assert isinstance(rec, dict)
    rec["players"] = {"N": "Ann", "E": "Bob", "S": "Cy", "W": "Di"}
    return rec


def dealt_not_played(deal: int, seed: int, fmt: str = "hrn") -> str:
    """One generated game stopped as its *deal*-th deal is dealt: the deals
    before it played, its hands recorded, no pass and no card of it (the
    record's text in *fmt*).  ``annotate --deal N`` of a corpus where only
    such a game has an N-th deal analyses nothing, for real: the cheap run
    the corpus tests need (``--deal 99``, a deal no game has, is refused,
    exit 2; docs/cli.md, "Selecting a point")."""
    from dataclasses import replace

    from hearts_notation.position import cut_game

    game = cut_game(next(iter(generate_games(1, seed=seed, max_deals=deal))), deal, 1, 1)
    dealt = replace(game.deals[-1], passes={})
    return dumps([replace(game, deals=(*game.deals[:-1], dealt))], fmt)
