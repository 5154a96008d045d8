"""Shared pytest options and fixtures: ``--update-golden`` rewrites the files of
tests/golden/; ``value_checks`` records what the JSON cut's structure check answers."""

from __future__ import annotations

import pytest


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
