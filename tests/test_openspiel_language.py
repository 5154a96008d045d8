"""A record converted from OpenSpiel holds no English sentence: what the reader
learns is data, written in the record's language.

A state (or a history) in the pass phase where a seat has chosen only some of
its three cards used to give the deal an English comment ("OpenSpiel state in
the pass phase: S has chosen QH so far."), kept in the record whatever its
language.  It is data: the cards chosen so far are a short pass of the
unfinished deal, which the referee takes as a pass still being chosen (no
finding), and which every writer words in the record's language.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from hearts_notation.cli import cli
from hearts_notation.io import iter_games_text
from hearts_notation.referee import check_game

INTEROP = Path(__file__).parent / "data" / "interop"

#: The last game of states.osjson (a state in the pass phase: N and E have
#: passed, S has chosen Q♥), converted to HRN.
PASS_PHASE = {
    "en": """[Rules "openspiel pass_cycle=right"]
[Source "OpenSpiel hearts()"]

deal 1 pass right
N: QJT4.K75.T6543.Q
E: K7.AJ9.A72.JT832
S: A2.QT842.Q.AK965
W: 98653.63.KJ98.74
pass N: 3D JS TS
pass E: 3C 7D AD
pass S: QH
*
""",
    "fr": """[Règles "openspiel pass_cycle=right"]
[Source "OpenSpiel hearts()"]

donne 1 passe droite
N: ♠ D V 10 4  ♥ R 7 5  ♦ 10 6 5 4 3  ♣ D
E: ♠ R 7  ♥ A V 9  ♦ A 7 2  ♣ V 10 8 3 2
S: ♠ A 2  ♥ D 10 8 4 2  ♦ D  ♣ A R 9 6 5
O: ♠ 9 8 6 5 3  ♥ 6 3  ♦ R V 9 8  ♣ 7 4
passe N: 3♦ V♠ 10♠
passe E: 3♣ 7♦ A♦
passe S: D♥
*
""",
}


def _convert(*args: str) -> str:
    result = CliRunner().invoke(cli, ["convert", *args])
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_pass_phase_state_in_the_record_language(lang: str) -> None:
    out = _convert("--lang", lang, "--from", "openspiel", str(INTEROP / "states.osjson"),
                   "--to", "hrn")
    last = out[out.rindex("\n[R") + 1:]
    assert last == PASS_PHASE[lang]
    assert "{" not in out and "chosen" not in out and "so far" not in out


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_pass_phase_json_has_no_comment(lang: str) -> None:
    out = _convert("--lang", lang, "--from", "openspiel", str(INTEROP / "states.osjson"),
                   "--to", "jsonl")
    deal = json.loads(out.splitlines()[-1])["deals"][0]
    assert deal["passes"]["S"] == ["QH"] and sorted(deal["passes"]) == ["E", "N", "S"]
    assert "comment" not in deal or deal["comment"] is None


def test_pass_phase_history_is_the_same_short_pass() -> None:
    text = (INTEROP / "histories.oshist").read_text(encoding="utf-8")
    game = list(iter_games_text(text, "openspiel-history", "h"))[-1]
    deal = game.deals[0]
    assert deal.comment is None
    assert {s: [str(c) for c in p.cards] for s, p in deal.passes.items()} == {
        "N": ["TS", "3D", "JS"], "E": ["AD", "7D", "3C"], "S": ["QH"]}
    assert [f.code for f in check_game(game).findings] == ["incomplete-deal"]


def test_history_with_every_seat_choosing_reads() -> None:
    """N, E and S have passed and W has chosen one card: four passes, one short."""
    text = (INTEROP / "histories.oshist").read_text(encoding="utf-8")
    actions = json.loads(text.splitlines()[-1])
    dealt = actions[:53]
    west = [a for k, a in enumerate(dealt[1:]) if k % 4 == 3]
    north, east, south = ([a for k, a in enumerate(dealt[1:]) if k % 4 == s][:3] for s in range(3))
    history = json.dumps([*dealt, *north, *east, *south, west[0]])
    (game,) = iter_games_text(history + "\n", "openspiel-history", "h")
    assert [len(game.deals[0].passes[s].cards) for s in "NESW"] == [3, 3, 3, 1]
    assert [f.code for f in check_game(game).findings] == ["incomplete-deal"]
