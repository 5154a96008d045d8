"""Tests of helper cmds17's work: the commands that select a deal, a trick
or a card say so when the record has none such (one shared check), and a
Ctrl-C while ``hearts`` starts ends as every other Ctrl-C does."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from hearts_notation.cli import cli
from hearts_notation.generate import generate_games
from hearts_notation.io import dumps
from hearts_notation.position import cut_game
from tests.clirun import dealt_not_played, write
from tests.interrupting import interrupted_at

ROOT = Path(__file__).resolve().parent.parent

@pytest.mark.parametrize(("module", "args", "lang", "said"), [
    # answering --version, before click: the catalogs are not loaded yet
    ("hearts_notation.version", ["--version"], "fr_FR.UTF-8", "hearts: interrompu\n"),
    # loading the program (click, the group, the command)
    ("hearts_notation.app", ["validate", "-"], "C", "hearts: interrupted\n"),
])
def test_a_ctrl_c_while_hearts_starts_is_one_line_and_status_130(
        module: str, args: list[str], lang: str, said: str) -> None:
    """Two moments of the start-up: the first, before any module of the
    command line beyond ``cli`` is loaded, printed a traceback and ended by
    SIGINT (status -2) before the whole entry point was guarded.  The
    message comes from the catalogs, in the locale's language (no
    ``--lang`` has been read yet).  (Two interpreters: 0.3 CPU-s.)"""
    res = interrupted_at(module, "hearts_notation.cli", *args, lang=lang)
    assert (res.returncode, res.stderr, res.stdout) == (130, said, "")


# --deal past the end: one check, every command ---------------------------------------------


def run(*args: str, input: str | None = None) -> tuple[int, str]:
    """``hearts ARGS`` in this process: its status and what it wrote on
    standard error (on standard output with --format json), never a
    traceback."""
    res = CliRunner().invoke(cli, list(args), input=input)
    assert res.exception is None or isinstance(res.exception, SystemExit), repr(res.exception)
    assert "Traceback" not in res.stderr
    return res.exit_code, res.stderr or res.stdout


@pytest.fixture(scope="module")
def records(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """A game of three deals; a record of two games (one of two deals, the
    second stopped as it is dealt, and one of one deal): ``--deal 2``
    there picks one deal with nothing to analyse (cheap)."""
    d = tmp_path_factory.mktemp("cmds17")
    games = list(generate_games(1, seed=17, max_deals=3))
    two = dealt_not_played(2, 17) + "\n" + dumps(list(generate_games(1, seed=18, max_deals=1)), "hrn")
    stopped = dumps([cut_game(games[0], 2, 5, 2)], "hrn")      # before card 2 of trick 5 of deal 2
    return {"three": write(d, "three.hrn", dumps(games, "hrn")), "two": write(d, "two.hrn", two),
            "stopped": write(d, "stopped.hrn", stopped), "dir": str(d)}


@pytest.mark.parametrize("command", [
    ["annotate", "--fast"], ["solve"], ["position"], ["hint", "--fast"], ["diagram"]])
def test_a_deal_the_game_does_not_have_is_exit_2_naming_what_it_has(
        records: dict[str, str], command: list[str]) -> None:
    """The same words from every command that takes --deal as a deal's place
    in its game (annotate wrote the record back unanalysed, exit 0; solve
    said "there is no deal 4 to solve" without what there is)."""
    out = Path(records["dir"]) / ("annotated.hrn" if command[0] == "annotate" else "diagram.svg")
    written = ["-o", str(out)] if command[0] in ("annotate", "diagram") else []
    code, said = run(*command, records["three"], "--deal", "4", *written)
    assert code == 2
    assert said.strip() == f"hearts: {records['three']}: --deal 4: the game has no deal 4 (it has 3)"
    assert not out.exists()


def test_in_french_too(records: dict[str, str]) -> None:
    code, said = run("annotate", records["three"], "--deal", "9", "--lang", "fr")
    assert (code, said.strip()) == (
        2, f"hearts: {records['three']} : --deal 9 : la partie n'a pas de donne 9 (elle en a 3)")
    code, said = run("annotate", records["two"], "--deal", "3", "--lang", "fr")
    assert (code, said.strip()) == (2, f"hearts: {records['two']} : --deal 3 : aucune des 2 parties "
                                       "n'a de donne 3 (la plus longue en a 2)")


def test_several_games_the_games_that_have_the_deal_are_analysed(records: dict[str, str]) -> None:
    """--deal 2 of a record whose first game has two deals and second one:
    the first game's deal 2 is analysed (the totals count it), the second
    game is written as it was; --deal 3, which no game has, is refused,
    saying how many games there are and how long the longest is."""
    code, said = run("annotate", records["two"], "--deal", "2", "--format", "json")
    assert code == 0, said
    doc = json.loads(said)
    assert doc["totals"]["deals"] == 1 and len(doc["games"]) == 2
    code, said = run("annotate", records["two"], "--deal", "3", "--format", "json")
    assert (code, said.strip()) == (
        2, f"hearts: {records['two']}: --deal 3: none of the 2 games has a deal 3 (the longest has 2)")


def test_standard_input_is_named_as_such(records: dict[str, str]) -> None:
    text = Path(records["three"]).read_text(encoding="utf-8")
    code, said = run("annotate", "-", "--deal", "5", input=text)
    assert (code, said.strip()) == (2, "hearts: -: --deal 5: the game has no deal 5 (it has 3)")


@pytest.mark.parametrize("command", ["annotate", "solve", "replay", "position", "hint", "diagram"])
@pytest.mark.parametrize("option", ["--deal", "--game"])
def test_zero_is_out_of_range_everywhere(records: dict[str, str], command: str, option: str) -> None:
    """0 (or a negative number) is no deal or game: refused alike by every
    command (annotate took --deal 0 as "no deal to analyse", exit 0;
    position, hint and diagram said "the game has no deal 0")."""
    if command == "annotate" and option == "--game":
        return      # (annotate works on every game)
    code, said = run(command, records["three"], option, "0")
    assert code == 2 and f"Invalid value for '{option}': 0 is not in the range x>=1." in said


def test_solve_past_the_deals_last_point_names_it(records: dict[str, str]) -> None:
    code, said = run("solve", records["three"], "--deal", "2", "--trick", "14")
    assert (code, said.strip()) == (
        2, f"hearts: {records['three']}: deal 2 has no card 1 of trick 14 to solve: its last point "
           "is card 4 of trick 13 (the record stops there, or the deal ends)")
    code, said = run("solve", records["stopped"], "--deal", "2", "--trick", "6", "--lang", "fr")
    assert (code, said.strip()) == (
        2, f"hearts: {records['stopped']} : la donne 2 n'a pas de carte 1 au pli 6 à résoudre : son "
           "dernier point est la carte 2 du pli 5 (l'enregistrement s'arrête là, ou la donne finit)")


def test_a_corpus_where_no_game_has_the_deal_is_exit_2(records: dict[str, str],
                                                       tmp_path: Path) -> None:
    """annotate --out-dir: the workers read the corpus, so the refusal comes
    once it is done (the parts written as the records were, exit 2)."""
    src = tmp_path / "in"
    src.mkdir()
    (src / "two.hrn").write_text(Path(records["two"]).read_text(encoding="utf-8"), encoding="utf-8")
    code, said = run("annotate", str(src), "--out-dir", str(tmp_path / "out"), "--deal", "5",
                     "--jobs", "1")
    assert code == 2
    assert said.splitlines()[-1] == ("hearts: --deal 5: none of the 2 games of the corpus has a deal 5: "
                                     "nothing was analysed (the parts are written as the records were)")
    code, said = run("annotate", str(src), "--out-dir", str(tmp_path / "out"), "--deal", "2",
                     "--jobs", "1")
    assert code == 0, said


@pytest.mark.slow
def test_on_a_cluster_the_workers_index_tells_it_before_any_output(records: dict[str, str],
                                                                    tmp_path: Path) -> None:
    """``annotate --engine dask``: the client never reads the record, the
    check is made on the counts the workers' index returns, before any
    output (a local cluster: about 1 CPU-s, hence slow)."""
    pytest.importorskip("distributed")
    out = tmp_path / "annotated.hrn"
    code, said = run("annotate", records["two"], "--engine", "dask", "--jobs", "1", "--deal", "3",
                     "-o", str(out))
    assert (code, said.strip()) == (
        2, f"hearts: {records['two']}: --deal 3: none of the 2 games has a deal 3 (the longest has 2)")
    assert not out.exists()


def test_position_takes_the_point_where_the_record_stops(records: dict[str, str],
                                                          tmp_path: Path) -> None:
    """``hearts solve`` counts the point where a record stops as a point; so
    do ``position`` and ``hint`` (one cut, :func:`cut_game` with the game's
    seats): the card after the last one of a trick in progress, and the lead
    of the trick after the last whole one."""
    def stdout(*args: str) -> tuple[int, str]:
        res = CliRunner().invoke(cli, list(args))
        return res.exit_code, res.stdout + res.stderr

    stopped = records["stopped"]                        # trick 5 holds one card
    at_end = stdout("position", stopped)
    assert at_end[0] == 0
    assert stdout("position", stopped, "--deal", "2", "--trick", "5", "--card", "2") == at_end
    code, said = stdout("position", stopped, "--deal", "2", "--trick", "5", "--card", "3")
    assert code == 2 and "--card 3: trick 5 has no card 3 recorded (it has 1)" in said
    game = next(iter(generate_games(1, seed=17, max_deals=3)))
    whole = write(tmp_path, "whole.hrn", dumps([cut_game(game, 2, 5, 1)], "hrn"))
    assert stdout("position", whole, "--trick", "5") == stdout("position", whole)
    code, said = stdout("position", whole, "--trick", "6")
    assert code == 2 and "--trick 6: deal 2 has no trick 6 recorded (it has 4)" in said
