"""Shared pytest options and fixtures: ``--update-golden`` rewrites the files of
tests/golden/; ``value_checks`` records what the JSON cut's structure check answers;
the ``long`` marker of the long campaigns (docs/testing.md)."""

from __future__ import annotations

import signal

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
    "tests/test_exact_solver.py::test_solver_agrees_with_the_brute_force":
        "a long differential run: the exact solver against brute force, every preset",
    "tests/test_analysis_quality.py::test_the_commented_deals_expert_plays_are_not_marked":
        "annotate's quality over a whole commented game",
    "tests/test_analysis_quality.py::test_marks_do_not_depend_on_the_seed":
        "annotate run again under several seeds",
    "tests/test_analysis_annotate.py::test_analysis_is_reproducible":
        "annotate run twice over a game",
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
    "tests/test_french_evening.py::test_annotate_tables_fit_80_columns_without_cutting_a_word[en]":
        "the same annotate run as its [fr] case, which stays in the default run",
}


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """``long`` on the long campaigns (:data:`LONG_MODULES`, :data:`LONG_TESTS`), and
    on the hypothesis sweeps (marker ``sweep``, tests/budget.py) when they run at
    their full size (``HEARTS_TEST_SWEEPS=full``, the long step of .ci/run)."""
    for item in items:
        if (item.path.name in LONG_MODULES or item.get_closest_marker("slow") is not None
                or item.nodeid.startswith(tuple(LONG_TESTS))
                or (FULL_SWEEPS and item.get_closest_marker("sweep") is not None)):
            item.add_marker(pytest.mark.long)


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
