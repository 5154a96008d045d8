"""A benchmark script of ``benchmarks/`` loaded as a module by its path (the folder is
not a package), for the tests that ask its functions."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"


def load(name: str) -> ModuleType:
    """``benchmarks/<name>.py`` executed as the module ``_<name>``."""
    spec = importlib.util.spec_from_file_location(f"_{name}", BENCHMARKS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
