"""Shared pytest options and fixtures: ``--update-golden`` rewrites the files of
tests/golden/; ``value_checks`` records what the JSON cut's structure check answers;
the ``long`` marker of the long campaigns; no locale in any test unless it sets one
(docs/testing.md)."""

from __future__ import annotations

import gc
import io
import pickle
import shutil
import signal
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.budget import FULL_SWEEPS

# A test run started in the background (``nohup``, ``cmd &`` in a script)
# inherits SIGINT ignored, and so would every program it starts: a program
# started with SIGINT ignored rightly keeps ignoring it, and the tests that
# interrupt a run (Ctrl-C to validate, annotate, a Dask client) would fail for
# the harness's sake.  Give SIGINT back its default before any test starts.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

#: Test modules that are long campaigns as a whole, with why.  Their tests, and
#: every test marked ``slow`` (over about 20 s: compiler and wheel builds, real
#: Dask clusters, every command in every language), are marked ``long``: the
#: README's ``python -m pytest -q`` leaves them out (``-m "not long"`` in
#: pyproject.toml) and ``.ci/run`` runs them on every submission
#: (``python -m pytest -q -m long``).  See docs/testing.md.
LONG_MODULES: dict[str, str] = {
    "test_fuzz.py": "the fuzz campaign over every command and format",
    "test_fuzz_memory.py": "memory at scale: every streaming command on growing corpora",
}


#: Single tests that are long campaigns (node id prefixes), with why: together
#: about two CPU-minutes of the default run, measured with --durations.  A case of
#: a loop in a module of one's own goes long with tests/budget.py instead.
LONG_TESTS: dict[str, str] = {
    "tests/test_match.py::test_kill_and_resume_gives_the_uninterrupted_records":
        "a match killed mid-run and resumed, against the uninterrupted one: three match processes "
        "(12 s); resume's refusals stay in the README's run (fourteenth session's trim)",
    "tests/test_dask_cluster.py::test_standard_input_is_not_for_dask":
        "a local Dask cluster started to refuse standard input (10 s), as the other tests of "
        "test_dask_cluster.py already are (fourteenth session's trim)",
    "tests/test_docs_guide.py::test_the_guide_shows_what_annotate_prints":
        "the English guide's annotate block, an analysis of the evening (3 CPU-s pure); English "
        "annotate output is checked byte for byte in the README's run by the canonical.en golden "
        "(suite11)",
    "tests/test_cmds16.py::test_every_command_every_format_output_and_language":
        "some two hundred processes: every reading command, format and language on nine inputs, "
        "each output to /dev/full, a folder, a missing folder and a closed pipe (cmds16)",
    "tests/test_cmds16.py::test_annotate_out_dir_real_outputs_follow_their_schemas":
        "an analysis (annotate --out-dir) of a deal, to check its summary and manifest (cmds16)",
    "tests/test_hostile11.py::test_campaign":
        "about 300 hostile JSON, JSONL, YAML and OpenSpiel files, each through validate and "
        "convert in a process of its own under ulimit -v and timeout (several CPU-minutes; "
        "hostile11)",
    "tests/test_french12.py::test_the_campaign_through_every_command":
        "six commands on 40 typed forms and an evening, annotate on four (about 8 CPU-s)",
    "tests/test_french12.py::test_the_evening_through_validate_score_and_standings":
        "four commands on the secretary's evening (about 0.5 CPU-s: the default run's budget is spent)",
    "tests/test_french11.py::test_every_command_on_the_typed_forms":
        "six commands (annotate among them) on an evening of three games and on ten refused forms",
    "tests/test_english12.py::test_every_command_on_the_typed_forms":
        "six commands (annotate among them) on the first deal of canonical.hrn and on seven refused "
        "forms (english12)",
    "tests/test_exact_solver.py::test_solver_agrees_with_the_brute_force":
        "a long differential run: the exact solver against brute force, every preset",
    "tests/test_analysis_quality.py::test_the_commented_deals_expert_plays_are_not_marked":
        "annotate's quality over a whole commented game",
    "tests/test_analysis_quality.py::test_marks_do_not_depend_on_the_seed":
        "annotate run again under several seeds",
    "tests/test_analysis_annotate.py::test_analysis_is_reproducible":
        "annotate run twice over a game",
    "tests/test_analysis_annotate.py::test_french_comments":
        "a French analysis of queen_duck.hrn through the API (2.8 CPU-s): the same "
        "comment, whole, is checked on the command's output by "
        "tests/test_analysis_cli.py::test_annotate_in_french_with_symbols",
    "tests/test_reader_limits.py::test_standard_input_quotes_its_late_error":
        "input at scale: megabytes through standard input",
    "tests/test_reader_limits.py::test_standard_input_streams_past_the_document_limit":
        "input at scale: past the document limit through standard input",
    "tests/test_reader_limits.py::test_caret_of_a_late_error_does_not_reread":
        "input at scale: a late error in a large file",
    "tests/test_annotate_corpus.py::test_analysed_parts_are_those_of_one_process":
        "a corpus analysed for real, part by part (10 CPU-s); the plumbing tests of "
        "the module and annotate --jobs (tests/test_core_jobs.py) stay in the default run",
    "tests/test_puzzles.py::test_jobs_give_the_same_set":
        "puzzles --jobs runs annotate's machinery, whose --jobs test "
        "(tests/test_core_jobs.py::test_annotate_jobs_identical) stays in the default run",
    "tests/test_puzzles.py::test_marks_and_analysis_make_the_same_puzzles":
        "two analyses of queen_duck.hrn (4.3 CPU-s); the puzzles made from the marks are "
        "checked byte for byte in the default run by the golden files puzzles/queen-duck.*.txt",
    "tests/test_analysis_quality.py::test_hint_and_annotate_name_the_same_best_card":
        "a hint at every decision of a generated deal (2.3 CPU-s), a property of the two "
        "commands over a whole deal; the default run keeps hint's wiring "
        "(tests/test_position.py: a hint from a record and from its position agree) "
        "and annotate's verdicts (tests/test_analysis_annotate.py)",
    "tests/test_french_evening.py::test_annotate_tables_fit_80_columns_without_cutting_a_word[en]":
        "the same annotate run as its [fr] case, which stays in the default run",
    "tests/test_exact_solver.py::test_a_card_that_surely_wins_counts_what_the_later_seats_must_play":
        "60 random positions against the brute force (1.7 CPU-s pure); the default run keeps "
        "test_a_top_heart_lead_is_not_searched_when_the_forced_hearts_are_no_better",
    "tests/test_interop21.py::test_sweep_every_parameter_combination_scores_as_pyspiel":
        "2,048 deals played by pyspiel under every parameter combination, read and refereed "
        "(a few CPU-s; needs pyspiel); the cheap fixtures of tests/data/interop21 run by default "
        "(helper interop21)",
    "tests/test_review21.py::test_an_editor_offering_no_known_position_encoding_is_told_in_its_words":
        "a language server process (pygls loaded: 0.5 CPU-s) for one line on standard error; "
        "the protocol's refusals are checked in the default run by test_editor_jsonrpc (review21)",
    "tests/test_review21.py::test_the_resource_tracker_says_nothing_after_an_interrupted_cluster_start":
        "two interpreters with multiprocessing's resource tracker (0.3 CPU-s) for a warning "
        "filter; the Dask engine's Ctrl-C is timed in the long step by test_signals (review21)",
    "tests/test_review22.py::test_a_ctrl_c_while_the_dask_workers_start_is_one_line":
        "a real local Dask cluster started and interrupted (about 3 CPU-s, 7 s); the spawn's "
        "SIGINT mask is checked in the default run by test_the_local_cluster_spawns_its_"
        "workers_deaf_to_ctrl_c (review22)",
    "tests/test_review25.py::test_a_dask_run_leaves_no_process_behind":
        "a real local Dask cluster started in a process of its own (about 2.5 CPU-s, 3 s) to "
        "count the processes the run leaves to be reparented (hostile25)",
    "tests/test_interop27.py::test_campaign":
        "three engines' logged games through convert round trips, select, replay, 28 solves, "
        "every legal set against the engines (when installed) and pyspiel's replay (5 to 8 s); "
        "validate and score run in the default step (interop27)",
    "tests/test_interop28.py::test_campaign":
        "games-collection's games to 50, 150 and 250 through convert round trips, select, "
        "replay, 2,444 legal sets against the engine (when installed) and pyspiel's replay "
        "(about 8 s); validate and score run in the default step (interop28)",
    "tests/test_interop28.py::test_tgames_campaign":
        "t_games' five variant games through convert round trips, select, replays and "
        "pyspiel's replay of 31 deals (about 4 s); validate and score run in the default "
        "step (interop28)",
    "tests/test_interop26.py::test_campaign":
        "pyspiel's games under 12 parameter combinations through validate (--jobs 1 and 2), "
        "score, convert, select, replay and solve, a process per command (interop26)",
    "tests/test_review26.py::test_a_ctrl_c_d_dask_run_leaves_no_resource_tracker_behind":
        "a real local Dask cluster started in a process of its own and interrupted (about 3 "
        "CPU-s, 5 s) to count the processes it leaves to be reparented (hostile26)",
    "tests/test_review27.py::test_a_named_pipe_given_to_dask_is_refused_in_its_place":
        "a real local Dask cluster started in a process of its own (about 3 CPU-s, 4 s) "
        "given a named pipe and a file (hostile27)",
    "tests/test_review28.py::test_a_standard_error_that_cannot_be_written_keeps_the_status":
        "a process of its own, its standard error /dev/full (about 0.6 CPU-s: the standard "
        "streams are set up only by the console script's run) (hostile28)",
    "tests/test_review29.py::test_many_files_in_one_folder_in_flat_memory_and_few_open_files":
        "5,000 files written and read by validate -j 2 and select --count in processes of "
        "their own with 64 open files allowed (about 10 CPU-s) (hostile29)",
}

#: The environment variables that give a run its language: ``LC_ALL``,
#: ``LC_MESSAGES``, ``LANG`` (:func:`hearts_notation.i18n.locale_language`) and
#: gettext's ``LANGUAGE``, which other programs a test starts may read.
LOCALE_VARS = ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE")


@pytest.fixture(autouse=True)
def _no_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test starts without a locale, so the commands speak English
    whatever the machine's, in this process and in a process it starts with
    ``os.environ``.  A test about the locale sets the one it needs (it runs
    after this fixture): ``monkeypatch.setenv``, a ``CliRunner``'s ``env``,
    a subprocess's ``env``.  A fixture of a wider scope runs before it and
    clears the locale itself (tests/test_cache_trust.py's ``_run``)."""
    for var in LOCALE_VARS:
        monkeypatch.delenv(var, raising=False)


@pytest.fixture(autouse=True)
def _language_restored() -> Iterator[None]:
    """Every test ends with the messages' language it started with.  A
    command run in this process (``CliRunner``, ``app.run``) sets the run's
    language (``--lang fr``, a French record) for the rest of the process,
    as a command line run does; without this, a test after a French one
    spoke French (test_french_typing.py then test_writer_limits.py)."""
    from hearts_notation.i18n import current_language, set_language

    before = current_language()
    yield
    set_language(before)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """``long`` on the long campaigns (:data:`LONG_MODULES`, :data:`LONG_TESTS`), and
    on the hypothesis sweeps (marker ``sweep``, tests/budget.py) when they run at
    their full size (``HEARTS_TEST_SWEEPS=full``, the long step of .ci/run)."""
    for item in items:
        if (item.path.name in LONG_MODULES or item.get_closest_marker("slow") is not None
                or item.nodeid.startswith(tuple(LONG_TESTS))
                or (FULL_SWEEPS and item.get_closest_marker("sweep") is not None)):
            item.add_marker(pytest.mark.long)


def pytest_collection_finish(session: pytest.Session) -> None:
    """The objects of the collected suite (every test module, the package,
    hypothesis, pytest's items) frozen out of the garbage collector's walks:
    see :func:`pytest_runtest_teardown`."""
    gc.collect()
    gc.freeze()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    """After a module's last test (its module fixtures ended), its garbage
    collected and what survives it frozen (``gc.freeze``), so that the
    collector's oldest generation holds only what the tests of the module
    running now made.  Each full collection walked every object the run had
    made so far (the suite, the parsed package, the shared analyses): on
    tests/test_[a-e]*.py in pure Python the collector took 4.0 of 87 CPU-s,
    3.1 of them in the oldest generation's 26 walks; frozen, 0.6 in its 95
    (budget22, issue 22).  A test's own objects are never frozen while
    it runs: what it leaves in cycles is collected as before; a frozen
    object is still freed when nothing refers to it any more."""
    yield
    if nextitem is not None and getattr(nextitem, "module", None) is not getattr(item, "module", None):
        gc.collect()
        gc.freeze()


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--update-golden", action="store_true", default=False,
                     help="Rewrite tests/golden/ from the current output instead of comparing.")


@pytest.fixture
def update_golden(request: pytest.FixtureRequest) -> bool:
    """Whether this run rewrites the golden files (never by default)."""
    return bool(request.config.getoption("--update-golden"))


@pytest.fixture
def value_checks(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """The answers of the typed JSON structure check, one per call, while the
    test runs: the JSON cut's tests see when a proposed element end needed it
    and whether it was confirmed (msgspec is a run-time dependency: no skip)."""
    from hearts_notation.io import typed_json

    real = typed_json.raw_value_check()
    assert real is not None
    calls: list[bool] = []

    def counting(text: str) -> bool:
        calls.append(real(text))
        return calls[-1]

    monkeypatch.setattr(typed_json, "raw_value_check", lambda: counting)
    return calls


#: The analyses :func:`shared_analyses` has made in this run, by the pickled
#: task (the game as read, its source included, and every option).
_ANALYSES: dict[bytes, Any] = {}


def _task_key(task: Any) -> bytes:
    """*task* pickled without the pickler's memo, so that equal tasks give the
    same bytes (with it, a string shared by two fields of one task is written
    once and the same string read twice is written twice)."""
    out = io.BytesIO()
    pickler = pickle.Pickler(out, protocol=pickle.HIGHEST_PROTOCOL)
    pickler.fast = True          # no memo (a task is a tree: no cycle to follow)
    pickler.dump(task)
    return out.getvalue()


@pytest.fixture
def shared_analyses(monkeypatch: pytest.MonkeyPatch) -> Callable[..., Any]:
    """``hearts annotate`` (in this process) makes each game's analysis once a
    run: for the tests that read the same record under the same options
    through different outputs (text, JSON, ``-o``, ``--html``), where what
    they check is the output.  The first test to need an analysis makes it,
    and checks it as the others do; a task that differs in anything (the
    file, the language, the thresholds, the seed) is analysed again.  The
    analysis itself is checked on its own in tests/test_analysis_annotate.py,
    and run again in the long step (test_analysis_is_reproducible).  Each
    such analysis of ``queen_duck.hrn`` costs about 1.7 CPU-s in pure Python
    (issue 22)."""
    from hearts_notation.analysis import annotate as analysis
    from hearts_notation.commands import annotate as command

    real = analysis.analyse_game

    def analyse_once(task: Any, progress: Any = None) -> Any:
        key = _task_key(task)
        if key not in _ANALYSES:
            _ANALYSES[key] = real(task, progress)
        return _ANALYSES[key]

    monkeypatch.setattr(command, "analyse_game", analyse_once)
    return analyse_once


@pytest.fixture(scope="session")
def puzzle_set_text(tmp_path_factory: pytest.TempPathFactory) -> str:
    """``hearts puzzles tests/data/puzzles --format json -o FILE``, run once a
    run: the text of the set, which tests/test_puzzles.py checks and
    tests/test_puzzles_browser.py's trainer page shows (each parses its own
    copy).  Each module made it again: 1.5 CPU-s in pure Python (issue 22)."""
    from click.testing import CliRunner

    from hearts_notation.cli import cli

    folder = Path(__file__).resolve().parent / "data" / "puzzles"
    out = tmp_path_factory.mktemp("puzzle-set") / "set.json"
    r = CliRunner().invoke(cli, ["puzzles", str(folder), "--format", "json", "-o", str(out)],
                           catch_exceptions=False)
    assert r.exit_code == 0, r.output
    assert "8 puzzles written" in r.stderr
    return out.read_text(encoding="utf-8")


@pytest.fixture(scope="session")
def queen_duck_analysis() -> tuple[Any, Any, Any]:
    """``tests/data/analysis/queen_duck.hrn`` and its analysis (``--fast``'s
    budgets with 24 screening deals, the plays only), made once a run: the
    verdicts are checked in tests/test_analysis_annotate.py, the learner's
    report made of them in tests/test_analysis_quality.py (which made its
    own, 2.7 CPU-s in pure Python; issue 22): (the game, the options, the
    analysis).  The tests read it and never change it."""
    import dataclasses

    from hearts_notation.analysis.annotate import AnalysisOptions, GameTask, analyse_game
    from hearts_notation.analysis.evaluate import FAST
    from hearts_notation.io import read_games

    game = next(read_games(str(Path(__file__).resolve().parent / "data" / "analysis"
                               / "queen_duck.hrn")))
    options = AnalysisOptions(eval=dataclasses.replace(FAST, samples=24), passes=False)
    return game, options, analyse_game(GameTask(game, options))


# Installed before any script of the page: records CSP violations.
WATCH = """
window.__csp = [];
document.addEventListener('securitypolicyviolation', function (e) {
  window.__csp.push(e.violatedDirective + ' ' + e.blockedURI);
});
"""


def _binary(*names: str) -> str | None:
    """The path of the first of *names* found on PATH."""
    for n in names:
        found = shutil.which(n)
        if found:
            return found
    return None


@pytest.fixture(scope="session")
def driver() -> Iterator[Any]:
    """Headless Chromium through chromedriver (selenium), one for the whole run:
    the replay's and the trainer's pages and the diagram's (each test sets the
    window's size and device itself; tests/test_replay_browser.py's
    ``open_page``).  Starting it costs about a CPU-second; it was started once
    per module.  Skips with the reason when something is missing."""
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.options import Options
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        pytest.skip("selenium is not installed (pip install -e '.[test]')")
    chrome = _binary("chromium", "chromium-browser", "google-chrome")
    chromedriver = _binary("chromedriver")
    if chrome is None:
        pytest.skip("no Chromium binary (Debian: apt-get install chromium)")
    if chromedriver is None:
        pytest.skip("no chromedriver (Debian: apt-get install chromium-driver)")
    opts = Options()
    opts.binary_location = chrome
    profile = tempfile.mkdtemp(prefix="hearts-chromium-")
    for arg in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                f"--user-data-dir={profile}", "--window-size=1280,800"):
        opts.add_argument(arg)
    opts.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
    try:
        drv = webdriver.Chrome(service=Service(chromedriver), options=opts)
    except Exception as exc:  # a broken browser install is an environment problem
        shutil.rmtree(profile, ignore_errors=True)
        pytest.skip(f"Chromium could not start: {exc}")
    drv.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": WATCH})
    yield drv
    drv.quit()
    shutil.rmtree(profile, ignore_errors=True)


@pytest.fixture
def small_line() -> Iterator[None]:
    """A ``line`` limit of 2,000 characters for one test (typed31, typed33:
    a long line's games), the defaults put back after it."""
    from hearts_notation.io.limits import Limits, set_limits
    set_limits(Limits(line=2_000))
    try:
        yield
    finally:
        set_limits(None)
