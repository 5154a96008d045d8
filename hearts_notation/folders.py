"""Which files a folder named on the command line holds: one rule for every
command and every place that lists a folder (local, on a worker, behind a URL), and
for the refusal of a report written over one of a command's inputs.

A module of its own with no import from the package, so that the lowest layers
(:mod:`hearts_notation.output`) can ask it without reaching the readers."""

from __future__ import annotations

import os
from collections.abc import Iterable


def searched(relative: str, suffixes: Iterable[str]) -> bool:
    """Whether a file at *relative* (its path below a folder named on the
    command line, ``/`` or the system's separator between parts: a ``\\`` is
    one on Windows only, where it is the separator) is one the
    folder is searched for: its extension is one of *suffixes* (any case) and
    no part of the path is hidden (a name starting with ``.``).

    The one rule for every command that takes a folder (``validate``,
    ``fmt``, a ``--jobs`` worker listing the folder where the data is, a
    URL's listing, the refusal of a report written over an input): ``fmt -i
    club/`` must not rewrite the records inside ``club/.venv`` or a backup
    folder ``.old/`` that ``validate club/`` would not read either."""
    parts = relative.replace(os.sep, "/").split("/")
    name = parts[-1]
    if any(part.startswith(".") for part in parts if part):
        return False
    dot = name.rfind(".")
    return dot > 0 and name[dot:].lower() in {s.lower() for s in suffixes}


def folder_files(folder: str, suffixes: Iterable[str],
                 passed: list[str] | None = None) -> list[str]:
    """The files a local *folder* holds for :func:`searched`, recursively and
    sorted (the same order on every machine).  Hidden folders are not
    entered, so a folder beside a virtual environment is not a walk of it.
    Names are spelled as :mod:`pathlib` spells them (``./club/`` gives
    ``club/a.hrn``, ``.`` gives ``a.hrn``), without importing it: this is
    on the path of ``hearts validate`` of a clean file, which stays light
    (tests/test_startup.py; review17).  A link whose target is missing is
    listed: its reading says so (round 28).  So is a folder that cannot be
    listed (no permission to read it: :func:`os.walk` passed over it without
    a word, its records lost from the run): its reading tells why.

    A named pipe, a device or a socket (or a link to one) with a record's
    name is not listed and never opened (a pipe opened from a listing waits
    for a writer); its name goes to *passed*, when given, for the command
    to say once that it was passed over: it went without a word (round 30)."""
    wanted = {s.lower() for s in suffixes}
    base = _spelled(folder)
    found: list[str] = []

    def unlisted(error: OSError) -> None:
        where = str(error.filename) if error.filename is not None else base
        found.append(where[2:] if base == "." and where.startswith("./") else where)

    for where, dirs, files in os.walk(base, onerror=unlisted):
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        shown = where[2:] if base == "." else where       # ("./sub" is "sub")
        for name in files:
            path = os.path.join(shown, name) if shown else name
            # (a link to nowhere is listed, for its reading to tell it: it
            # was passed over without a word, a record of the folder lost)
            if searched(name, wanted):
                if os.path.isfile(path) or not os.path.exists(path):
                    found.append(path)
                elif passed is not None and not os.path.isdir(path):
                    passed.append(path)
    return sorted(found)


#: The characters that make a path a pattern (as the shell's, fsspec's and
#: :mod:`glob`'s patterns read them).
WILDCARDS = "*?["


def pattern_folder(pattern: str) -> str:
    """The folder a *pattern* names before its first wildcard, with its
    last separator (``club/*/*.hrn``: ``club/``; ``*.hrn``: ``""``): what
    :func:`pattern_files` searches below."""
    stem = pattern[:min((pattern.index(c) for c in WILDCARDS if c in pattern),
                        default=len(pattern))]
    cut = max(stem.rfind("/"), stem.rfind(os.sep))
    return stem[:cut + 1]


def pattern_files(pattern: str, matches: Iterable[str], suffixes: Iterable[str]) -> list[str]:
    """The files of *matches* (a listing of *pattern*: :mod:`glob`'s on a
    ``--jobs`` or Dask worker, fsspec's behind a URL) that a pattern reads,
    sorted: :func:`searched` on each path below the pattern's fixed folder
    (:func:`pattern_folder`), as a folder named on the command line is
    searched.  The parts its wildcards matched are below that folder, so
    ``club/*/*.hrn`` and ``club/.*/*.hrn`` do not read ``club/.old/b.hrn``
    while ``club/.old/*.hrn`` does, the same on every machine whichever
    lister matched (fsspec's matches hidden names, :mod:`glob`'s a pattern
    part that starts with a dot; tidy18).  A match not below that folder
    (another spelling of it) is judged by its name."""
    return files_below(pattern_folder(pattern), matches, suffixes)


def files_below(folder: str, paths: Iterable[str], suffixes: Iterable[str]) -> list[str]:
    """The *paths* listed below *folder* (ending in its separator, or ``""``)
    that :func:`searched` keeps on their part below it, sorted; a path not
    below it is judged by its name."""
    return sorted(m for m in paths
                  if searched(m[len(folder):] if m.startswith(folder)
                              else m.replace(os.sep, "/").rsplit("/", 1)[-1], suffixes))


def _spelled(folder: str) -> str:
    """*folder* as ``str(pathlib.Path(folder))``: its ``.`` parts, repeated
    and trailing separators dropped; ``.`` when nothing is left."""
    seps = os.sep + (os.altsep or "")
    head = folder[:1] if folder[:1] and folder[:1] in seps else ""
    parts = [p for p in folder.replace(os.altsep or os.sep, os.sep).split(os.sep) if p not in ("", ".")]
    return head + os.sep.join(parts) if parts else (head or ".")
