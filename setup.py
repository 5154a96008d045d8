"""Build hook: compile the hot modules with mypyc, or fall back to pure Python.

All metadata is in ``pyproject.toml``; this file only adds the compiled core.  The
list of modules is ``COMPILED_MODULES`` in ``hearts_notation/_compiled.py``, read
here without importing the package.  Whatever goes wrong while compiling (mypyc not
installed, a module mypyc rejects, no C compiler, a compiler error), the install goes
on as pure Python with a one-line notice: the compiled core is an optimisation of the
same source, never a requirement.  ``HEARTS_NOTATION_PURE=1`` skips compiling.

For an editable install (``pip install -e .``) the extension modules are placed
beside the sources, and a stamp of the sources they were built from is written, so
that the package can notice an edited source and run it rather than the stale
compiled copy (docs/performance.md, "Compiled core").
"""

from __future__ import annotations

import glob
import os
import sys
from typing import Any

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))


def _load_config() -> dict[str, Any]:
    path = os.path.join(HERE, "hearts_notation", "_compiled.py")
    namespace: dict[str, Any] = {"__name__": "hearts_notation_compiled_config", "__file__": path}
    with open(path, encoding="utf-8") as fh:
        exec(compile(fh.read(), path, "exec"), namespace)
    return namespace


CONFIG = _load_config()
MODULES: tuple[str, ...] = CONFIG["COMPILED_MODULES"]


def notice(message: str) -> None:
    """The one line the install prints about the compiled core."""
    print(f"hearts-notation: {message}", file=sys.stderr, flush=True)


def _artifacts(root: str) -> list[str]:
    """Compiled files under the package folder: every extension module (the package
    has no others than mypyc's) and the stamp."""
    package = os.path.join(root, "hearts_notation")
    found = [path for pattern in ("*.so", "*.pyd")
             for path in glob.glob(os.path.join(glob.escape(package), "**", pattern), recursive=True)]
    stamp = os.path.join(package, CONFIG["STAMP"])
    return found + ([stamp] if os.path.exists(stamp) else [])


def remove_stale_artifacts() -> None:
    """Remove compiled files beside the sources, so that they cannot shadow them."""
    for path in _artifacts(HERE):
        try:
            os.remove(path)
        except OSError:
            pass


def source_stamp() -> str:
    """The stamp of the sources as they are now: one line per compiled module,
    ``path size mtime_ns sha256``.  Taken just before mypyc reads them, so
    that it describes the code compiled: a source edited while the C compiler
    runs then differs from its stamp, and the package runs the source rather
    than a compiled copy of older code."""
    lines = []
    for module in MODULES:
        path = CONFIG["source_path"](module, HERE)
        st = os.stat(path)
        rel = os.path.relpath(path, HERE).replace(os.sep, "/")
        lines.append(f"{rel} {st.st_size} {st.st_mtime_ns} {CONFIG['file_digest'](path)}")
    return "\n".join(lines) + "\n"


def write_stamp(stamp: str) -> None:
    """Record the sources an in-place build was made from (:func:`source_stamp`)."""
    with open(os.path.join(HERE, "hearts_notation", CONFIG["STAMP"]), "w", encoding="utf-8") as fh:
        fh.write(stamp)


class OptionalBuildExt(build_ext):
    """``build_ext`` that compiles with mypyc, and turns any failure into pure
    Python with one notice.

    mypyc runs here, when something is really built, not when setup.py is only
    asked for metadata (pip runs it several times per install).
    """

    def finalize_options(self) -> None:
        if self.distribution.ext_modules == [PLACEHOLDER]:
            extensions = compiled_extensions()
            if extensions:
                self.distribution.ext_modules = extensions
        super().finalize_options()
        if self.extensions == [PLACEHOLDER]:
            # Pure Python: nothing to build.  The distribution keeps the stand-in so
            # that the wheel's layout does not change between decisions.
            self.extensions = []

    def run(self) -> None:
        inplace = bool(self.inplace or getattr(self, "editable_mode", False))
        if not self.extensions:
            if inplace:
                remove_stale_artifacts()
            else:   # a pure wheel must not pick up extensions left in build/ by an earlier build
                package = os.path.join(self.build_lib, "hearts_notation")
                for pattern in ("*.so", "*.pyd"):
                    for path in glob.glob(os.path.join(glob.escape(package), "**", pattern), recursive=True):
                        os.remove(path)
            return
        if inplace:
            remove_stale_artifacts()       # modules dropped from the list, an old stamp
        try:
            super().run()
        except BaseException as exc:           # compiler missing, compile error, ...
            if isinstance(exc, KeyboardInterrupt):
                raise
            notice(f"compiling the core failed ({_reason(exc)}); installed as pure Python")
            self.extensions = []
            if inplace:
                remove_stale_artifacts()
            return
        if inplace and _STAMPS:
            write_stamp(_STAMPS[0])
        notice(f"compiled core built with mypyc ({len(MODULES)} modules)")

    def get_outputs(self) -> list[str]:
        return super().get_outputs() if self.extensions else []

    def get_output_mapping(self) -> dict[str, str]:
        mapping: dict[str, str] = super().get_output_mapping() if self.extensions else {}
        return mapping


def _reason(exc: BaseException) -> str:
    if isinstance(exc, SystemExit):
        return "mypyc reported errors, shown above with pip install -v"
    text = str(exc).strip().splitlines()
    first = text[0] if text else type(exc).__name__
    return first[:160]


_DECIDED: list[list[Any]] = []
#: The stamp of the sources mypyc compiled (:func:`source_stamp`), taken when it read them.
_STAMPS: list[str] = []


def compiled_extensions() -> list[Any]:
    """mypyc's extension modules for the list, or ``[]`` with the reason printed;
    decided once per process (setuptools finalizes build_ext more than once)."""
    if not _DECIDED:
        _DECIDED.append(_compile())
    return _DECIDED[0]


def _compile() -> list[Any]:
    if CONFIG["pure_requested"](dict(os.environ)):
        notice(f"{CONFIG['PURE_ENV']} is set; installing pure Python")
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        notice("mypyc is not available; installing pure Python")
        return []
    paths = [os.path.relpath(CONFIG["source_path"](m, HERE), HERE) for m in MODULES]
    config = os.path.join(HERE, "build", "mypyc.ini")
    os.makedirs(os.path.dirname(config), exist_ok=True)
    with open(config, "w", encoding="utf-8") as fh:
        fh.write(CONFIG["MYPYC_CONFIG"])
    cwd = os.getcwd()
    _STAMPS[:] = [source_stamp()]   # before mypyc reads the sources: what is compiled
    try:
        os.chdir(HERE)
        return list(mypycify(["--config-file", config, *paths], opt_level="3",
                             group_name=CONFIG["GROUP"]))
    except BaseException as exc:               # mypyc reports type errors with SystemExit
        if isinstance(exc, KeyboardInterrupt):
            raise
        notice(f"mypyc could not compile the core ({_reason(exc)}); installing pure Python")
        return []
    finally:
        os.chdir(cwd)


#: A stand-in until build_ext runs mypyc: it makes setuptools run build_ext and
#: mark the wheel as platform-specific.
PLACEHOLDER = Extension(CONFIG["GROUP"] + "__mypyc", sources=[])

setup(ext_modules=[PLACEHOLDER], cmdclass={"build_ext": OptionalBuildExt})
