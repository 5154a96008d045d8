"""Which modules are compiled with mypyc, and whether the compiled core is in use.

This file is the one place that lists the compiled modules: ``setup.py`` reads
``COMPILED_MODULES`` from it (without importing the package) to build them, and
the package reads it at import time to decide between the compiled core and the
pure-Python source.  To compile one more module, add its name here; nothing else
changes.  A module in the list must type-check under ``mypy --strict`` and may not
subclass a builtin type such as ``int`` or ``tuple`` (mypyc cannot compile such a
class): that is why ``cards.py`` (``Card(int)``) is not in the list.  A class that code outside
the list subclasses (``io/events.py``'s ``Visitor``, which every consumer extends)
cannot be compiled either: mypyc's classes refuse interpreted subclasses.

The compiled modules are extension modules (``state.cpython-311-….so``) beside the
``.py`` files of the same source, plus one shared library, ``_core__mypyc…so``, that
holds their code.  They are used unless:

* ``HEARTS_NOTATION_PURE`` is set to a non-empty value other than ``0``: pure Python
  on purpose (also honoured at install time, which then builds nothing);
* the compiled core is missing a module of the list (an install without a C
  compiler, or a list that changed since the build);
* in a source checkout installed with ``pip install -e``, a listed ``.py`` file was
  edited after the build: the compiled copy would run the old code, so the package
  runs the sources instead until ``pip install -e .`` is run again.

In every such case Python imports the ``.py`` sources, which are the same program.
This module imports only the standard library and costs a few ``stat`` calls.
"""

from __future__ import annotations

import os
import sys

#: (``typing`` and ``collections`` are not imported for the annotations:
#: ``hearts --version`` would pay for them; type checkers take any
#: ``TYPE_CHECKING`` name as true, as in the package's ``__init__``.)
TYPE_CHECKING = False

if TYPE_CHECKING:
    import importlib.machinery
    from collections.abc import Sequence
    from types import ModuleType

#: The modules compiled ahead of time: the hot paths of reading, refereeing,
#: scoring, generating and analysing.  Keep in step with the code on main.
COMPILED_MODULES: tuple[str, ...] = (
    "hearts_notation.state",
    "hearts_notation.referee",
    "hearts_notation.walk",
    "hearts_notation.scoring",
    "hearts_notation.bots",
    "hearts_notation.io.hrn.lex",
    "hearts_notation.io.hrn.elements",
    "hearts_notation.io.hrn.reader",
    "hearts_notation.io.jsonio",
    "hearts_notation.io.compact",
    "hearts_notation.select",
    "hearts_notation.analysis.state",
    "hearts_notation.analysis.sampler",
    "hearts_notation.analysis.playout",
    "hearts_notation.analysis.exact",
)

#: The name of the shared library that holds the compiled code (mypyc's group).
GROUP = "hearts_notation._core"

#: The mypy configuration mypyc compiles with: imports from outside the package are
#: ``Any``, so the build needs no third-party stubs; errors outside the listed modules
#: are not reported (``mypy --strict`` in CI checks the whole package).
MYPYC_CONFIG = "[mypy]\nignore_missing_imports = True\nfollow_imports = silent\n"

#: Set to a non-empty value other than ``0`` to run (and install) pure Python.
PURE_ENV = "HEARTS_NOTATION_PURE"

#: Written by ``setup.py`` beside the sources after an in-place (editable) build:
#: one line per compiled module, ``path size mtime_ns sha256`` of its source.
STAMP = "_core.stamp"

_PACKAGE_DIR = os.path.dirname(os.path.abspath(__file__))

#: Why the pure-Python source runs, or ``None`` when the compiled core does.
pure_reason: str | None = None


def reduce_dataclass(obj: object) -> tuple[type, tuple[object, ...]]:
    """``__reduce__`` for a frozen dataclass of a compiled module: rebuilt from its
    fields by its constructor.  Compiled with mypyc, a frozen dataclass cannot be
    unpickled the default way (field by field through ``setattr``, which its frozen
    ``__setattr__`` refuses), and results cross process boundaries under ``--jobs``."""
    import dataclasses

    return type(obj), tuple(getattr(obj, f.name) for f in dataclasses.fields(obj))  # type: ignore[arg-type]


def pure_requested(environ: dict[str, str] | None = None) -> bool:
    """True when the environment asks for pure Python (``HEARTS_NOTATION_PURE``)."""
    value = (environ if environ is not None else os.environ).get(PURE_ENV, "")
    return value.strip() not in ("", "0")


def source_path(module: str, root: str) -> str:
    """The ``.py`` file of *module* under *root* (the folder holding the package)."""
    return os.path.join(root, *module.split(".")) + ".py"


def extension_suffixes() -> tuple[str, ...]:
    """The file endings of an extension module for this interpreter: what
    ``importlib.machinery.EXTENSION_SUFFIXES`` holds, asked of the import
    system's own built-in module, so that the check of the compiled core
    (every start, ``hearts --version`` included) does not import the
    ``importlib`` package, ``importlib.machinery`` and ``warnings`` (about
    0.5 ms, a twentieth of a bare interpreter start; issue 22)."""
    import _imp

    return tuple(_imp.extension_suffixes())


def _has_extension(path_stem: str, listing: Sequence[str], suffixes: tuple[str, ...]) -> bool:
    base = os.path.basename(path_stem)
    return any(name.startswith(base + ".") and name.endswith(suffixes) for name in listing)


def _missing_modules(root: str) -> list[str]:
    listings: dict[str, list[str]] = {}
    missing = []
    suffixes = extension_suffixes()
    for module in (*COMPILED_MODULES, GROUP + "__mypyc"):
        stem = os.path.join(root, *module.split("."))
        folder = os.path.dirname(stem)
        if folder not in listings:
            try:
                listings[folder] = os.listdir(folder)
            except OSError:
                listings[folder] = []
        if not _has_extension(stem, listings[folder], suffixes):
            missing.append(module)
    return missing


def file_digest(path: str) -> str:
    """SHA-256 of a file's bytes (what the stamp records of each source)."""
    import hashlib  # only when a source's mtime moved: keeps start-up light

    with open(path, "rb") as fh:
        return hashlib.sha256(fh.read()).hexdigest()


def _stale_sources(root: str) -> list[str]:
    """Sources changed since the in-place build recorded in the stamp, if any."""
    try:
        with open(os.path.join(_PACKAGE_DIR, STAMP), encoding="utf-8") as fh:
            lines = fh.read().splitlines()
    except OSError:
        return []                      # not an in-place build: a wheel is not edited
    recorded = {}
    for line in lines:
        parts = line.split(" ")
        if len(parts) == 4:
            recorded[parts[0]] = parts[1:]
    stale = []
    for module in COMPILED_MODULES:
        rel = os.path.relpath(source_path(module, root), root)
        entry = recorded.get(rel.replace(os.sep, "/"))
        path = os.path.join(root, rel)
        try:
            st = os.stat(path)
        except OSError:
            stale.append(module)
            continue
        if entry is None or str(st.st_size) != entry[0]:
            stale.append(module)
        elif str(st.st_mtime_ns) != entry[1] and file_digest(path) != entry[2]:
            stale.append(module)       # touched and changed (a checkout, an edit)
    return stale


class _SourceOnlyFinder:
    """Finds the package's modules as ``.py`` sources only, never as extensions
    (a meta path finder; ``importlib.abc`` is not imported, to keep start-up light;
    ``importlib.machinery`` only when pure Python runs)."""

    def __init__(self) -> None:
        # One finder per folder, as Python's own path finder keeps them: a
        # finder lists its folder once, and the package imports ~40 modules.
        self._finders: dict[str, importlib.machinery.FileFinder] = {}

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if not fullname.startswith("hearts_notation.") or path is None:
            return None
        for entry in path:
            finder = self._finders.get(entry)
            if finder is None:
                import importlib.machinery

                loader = (importlib.machinery.SourceFileLoader, importlib.machinery.SOURCE_SUFFIXES)
                finder = self._finders[entry] = importlib.machinery.FileFinder(entry, loader)
            spec = finder.find_spec(fullname)
            if spec is not None:
                return spec
        return None


def _use_sources(reason: str) -> None:
    global pure_reason
    pure_reason = reason
    if not any(isinstance(f, _SourceOnlyFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, _SourceOnlyFinder())


def select() -> None:
    """Decide, once, at package import, whether the compiled core is used."""
    root = os.path.dirname(_PACKAGE_DIR)
    if pure_requested():
        _use_sources(f"{PURE_ENV} is set")
        return
    missing = _missing_modules(root)
    if len(missing) == len(COMPILED_MODULES) + 1:
        _use_sources("not compiled")
        return
    if missing:
        _use_sources(f"the compiled core lacks {', '.join(missing)}; reinstall to rebuild it")
        return
    stale = _stale_sources(root)
    if stale:
        _use_sources(f"{', '.join(m.rsplit('.', 1)[-1] for m in stale)} changed since the build; "
                     "run `pip install -e .` to recompile")


def description() -> str:
    """One line for ``hearts --version``: which core runs, and why."""
    if pure_reason is None:
        return f"core: compiled with mypyc ({len(COMPILED_MODULES)} modules)"
    return f"core: pure Python ({pure_reason})"


def compiled_in_use() -> bool:
    """True when the listed modules run compiled (they may not be imported yet)."""
    return pure_reason is None
