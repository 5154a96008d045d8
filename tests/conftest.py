"""Shared pytest options: ``--update-golden`` rewrites the files of tests/golden/."""

from __future__ import annotations

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--update-golden", action="store_true", default=False,
                     help="Rewrite tests/golden/ from the current output instead of comparing.")


@pytest.fixture
def update_golden(request: pytest.FixtureRequest) -> bool:
    """Whether this run rewrites the golden files (never by default)."""
    return bool(request.config.getoption("--update-golden"))
