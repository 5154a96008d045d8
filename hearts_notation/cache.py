"""A per-user cache of work that every process would otherwise redo at start-up.

Two things are cached, both derived from files shipped with the package and
both rebuilt whenever those files change: the compiled HRN grammar (Lark's
stand-alone parser module of it, needed by any record with a comment, a mark
or a line the fast reader does not take: importing it costs a fraction of
importing Lark, and building the tables about 0.1 s) and the parsed rule presets
(parsing them needs PyYAML, whose import alone costs about 7 ms).  A small
``hearts validate`` costs a few tens of milliseconds, so both are a large
part of it.

Where: ``$HEARTS_NOTATION_CACHE`` if set, else ``$XDG_CACHE_HOME/hearts-notation``,
else ``~/.cache/hearts-notation``.  Setting ``HEARTS_NOTATION_CACHE`` to an empty
value (or ``0``) turns the cache off.  An entry's file name carries a digest of
everything it was made from (the source text, the versions of the package, of
Lark and of Python), so a stale entry is never read; entries are written to a
temporary file and renamed, so a concurrent reader sees a whole entry or none.
Any failure (read-only home, full disk, a damaged entry) falls back to doing
the work, silently: the cache only saves time.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")

#: The environment variable naming the cache folder (empty or ``0``: no cache).
CACHE_ENV = "HEARTS_NOTATION_CACHE"


def cache_dir() -> str | None:
    """The cache folder, or ``None`` when caching is turned off."""
    explicit = os.environ.get(CACHE_ENV)
    if explicit is not None:
        explicit = explicit.strip()
        return None if explicit in ("", "0") else explicit
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    if not os.path.isabs(base):
        return None
    return os.path.join(base, "hearts-notation")


def digest(*parts: str) -> str:
    """A short hex digest of *parts* (for entry names)."""
    import hashlib

    h = hashlib.sha256()
    for part in parts:
        h.update(part.encode("utf-8", "surrogatepass"))
        h.update(b"\0")
    return h.hexdigest()[:32]


def entry_path(kind: str, *made_from: str) -> str | None:
    """The file of the entry of *kind* made from *made_from*, or ``None``
    with the cache off.  The Python version is always part of the key.
    Without *made_from* the name carries no digest (hashlib stays
    unimported): the entry must then hold what it was made from and be
    checked against it when read."""
    folder = cache_dir()
    if folder is None:
        return None
    if not made_from:
        return os.path.join(folder, f"{kind}-py{sys.version_info[0]}.{sys.version_info[1]}")
    key = digest(kind, sys.version, *made_from)
    return os.path.join(folder, f"{kind}-{key}")


def read_entry(path: str | None) -> bytes | None:
    """The bytes of an entry, or ``None`` when it is absent or unreadable."""
    if path is None:
        return None
    try:
        with open(path, "rb") as fh:
            return fh.read()
    except OSError:
        return None


def write_entry(path: str | None, data: bytes) -> None:
    """Write an entry atomically (temporary file, then rename); failures are ignored."""
    if path is None:
        return
    tmp = f"{path}.{os.getpid()}.tmp"
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(tmp, "wb") as fh:
            fh.write(data)
        os.replace(tmp, path)
    except OSError:
        try:
            os.remove(tmp)
        except OSError:
            pass


def cached(path: str | None, load: Callable[[bytes], T], build: Callable[[], T],
           dump: Callable[[T], bytes]) -> T:
    """The value stored at *path* (decoded by *load*), else *build*'s, stored
    for next time (encoded by *dump*).  An entry *load* cannot decode is
    rebuilt and replaced."""
    data = read_entry(path)
    if data is not None:
        try:
            return load(data)
        except Exception:     # a damaged or foreign entry: rebuilt below
            pass
    value = build()
    if path is not None:
        try:
            encoded = dump(value)
        except Exception:
            return value
        write_entry(path, encoded)
    return value
