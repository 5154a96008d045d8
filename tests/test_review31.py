"""Round 31 of hostile use (hostile31): extremes, outputs, signals, the
environment (docs/robustness.md, "Round 31 (hostile31)")."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any, cast

import pytest

from hearts_notation.analysis.annotate import AnalysisOptions, GameTask, analyse_game
from hearts_notation.api import read_games
from hearts_notation.commands.annotate import analyse_parallel
from hearts_notation.runners.seam import Engine
from tests.clirun import run

SAMPLES = Path(__file__).resolve().parent.parent / "samples"


class _CountingEngine:
    """An engine that runs every task here, in order, and counts them and the
    deals each carries (what a worker would receive, pickled)."""

    def __init__(self) -> None:
        self.tasks = 0
        self.deals_sent = 0

    def map(self, func: Callable[[Any], Any], items: Iterable[Any], chunk_size: int = 1,
            **_: Any) -> Iterator[Any]:
        for item in items:
            self.tasks += 1
            self.deals_sent += len(item.game.deals)
            yield func(item)


def _misdeals(tmp_path: Path, deals: int) -> Path:
    """A record whose every deal is a misdeal: a header with a remark, no card."""
    lines = ['[Event "m"]', '[North "a"]', '[East "b"]', '[South "c"]', '[West "d"]', ""]
    for k in range(1, deals + 1):
        lines += [f"deal {k} {{misdeal}}", ""]
    lines.append("result *")
    path = tmp_path / "misdeals.hrn"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_a_long_game_is_analysed_in_a_few_tasks_not_a_task_per_deal(tmp_path: Path) -> None:
    """``annotate --jobs 2`` sent a task per deal, each carrying (pickled) and
    refereeing the whole game, and each answer held the whole game's findings:
    1,200 misdealt deals took 122 s and 2.3 GB.  A long game goes in a few runs
    of deals now, and its analysis is the one of a single pass."""
    game = next(read_games(str(_misdeals(tmp_path, 60))))
    options = AnalysisOptions()
    engine = _CountingEngine()
    analyses, totals = analyse_parallel([game], options, None, False, None,
                                        cast(Engine, engine))
    assert engine.tasks <= 40
    assert engine.deals_sent <= 40 * 60
    whole = analyse_game(GameTask(game, options, None, False))
    assert analyses == [whole]
    assert totals.deals == 60


def test_a_corpus_part_not_written_is_told_as_every_write_is(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``annotate --out-dir small/out`` on a full disk said ``cannot write
    /abs/small/out/part-000002-000001.hrn: No space left on device``, one line a
    part, without the program's name and under the absolute name the workers
    write to; every other write says ``hearts: cannot write OUT`` as OUT was
    given.  (A done marker's name held by a folder is refused the same way,
    before any analysis: the cheap case.)"""
    monkeypatch.chdir(tmp_path)
    Path("g.hrn").write_text(Path(SAMPLES, "canonical.hrn").read_text(encoding="utf-8"),
                             encoding="utf-8")
    Path("out", "part-000001-000001.hrn.done.json").mkdir(parents=True)
    status, text = run("annotate", "--fast", "--jobs", "1", "--out-dir", "out/", "g.hrn")
    assert status == 2
    assert "hearts: cannot write out/part-000001-000001.hrn.done.json: " in text
    assert str(tmp_path) not in text


def _in_a_removed_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """The working folder removed under the run (``cd club; rm -r ../club``);
    the record's absolute name."""
    record = tmp_path / "g.hrn"
    record.write_text(Path(SAMPLES, "canonical.hrn").read_text(encoding="utf-8"),
                      encoding="utf-8")
    gone = tmp_path / "gone"
    gone.mkdir()
    monkeypatch.chdir(gone)
    gone.rmdir()
    return str(record)


def test_an_output_named_in_a_removed_working_folder_is_not_standard_output(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``score g.hrn -o out.txt`` in a removed folder said ``cannot write standard
    output: No such file or directory`` (the relative name made absolute raised
    without a file name); now the file and why, in both languages."""
    record = _in_a_removed_folder(tmp_path, monkeypatch)
    status, text = run("score", record, "-o", "out.txt")
    assert status == 2
    assert "hearts: cannot write out.txt: the working folder no longer exists" in text
    assert "standard output" not in text
    status, text = run("score", "--lang", "fr", record, "-o", "out.txt")
    assert "impossible d'écrire out.txt : le dossier de travail n'existe plus" in text


def test_annotate_in_a_removed_working_folder_says_so_in_words(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``annotate --out-dir od`` there said ``od: a relative path cannot be made
    absolute here (('msg', 'oserror.ENOENT', ())); give an absolute path for
    --engine dask`` (a message argument printed raw, and another engine's
    advice); ``--out-dir /abs ../g.hrn`` said ``cannot write standard output``."""
    record = _in_a_removed_folder(tmp_path, monkeypatch)
    status, text = run("annotate", "--fast", "--jobs", "1", "--out-dir", "od", record)
    assert status == 2
    assert "hearts: cannot write od: the working folder no longer exists" in text
    assert "('msg'" not in text
    status, text = run("annotate", "--fast", "--jobs", "1", "--out-dir",
                       str(tmp_path / "od"), "../g.hrn")
    assert status == 2
    assert "hearts: the working folder no longer exists" in text
    assert "standard output" not in text
