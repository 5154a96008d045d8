"""A per-user cache of work that every process would otherwise redo at start-up.

Two things are cached, both derived from files shipped with the package and
both rebuilt whenever those files change: the parse tables of the HRN grammar
(needed by any record with a ``;`` comment or a line the fast reader does not
take: building them costs about 0.1 s) and the parsed rule presets (parsing
them needs PyYAML, whose import alone costs about 7 ms).  A small
``hearts validate`` costs a few tens of milliseconds, so both are a large
part of it.

Where: ``$HEARTS_NOTATION_CACHE`` if set, else ``$XDG_CACHE_HOME/hearts-notation``,
else ``~/.cache/hearts-notation``.  Setting ``HEARTS_NOTATION_CACHE`` to an empty
value (or ``0``) turns the cache off.

**Trust.**  The folder may be shared, planted or tampered with (a shared
``$HEARTS_NOTATION_CACHE``, a CI container running as root), so nothing read
from it is ever code: an entry is *data* (JSON), decoded by code shipped in
the package; nothing is imported, unpickled or evaluated from the cache.
Before an entry is used:

* the folder must belong to the user running the program and be writable by
  nobody else (it is created ``0700``).  A folder of another user is not used
  at all; a folder of the user that others may write is made private and its
  entries are rebuilt (someone else could have put them there);
* the entry must be a regular file of the user that nobody else may write;
* its header must name its kind and the digest (BLAKE2b) of everything it was
  made from (the source texts, the versions of Python and of the package's
  dependencies that matter): an entry made from other sources is stale and is
  rebuilt silently;
* its digest over the *whole* entry (kind, what it was made from, and the
  stored values themselves) must match, so an edited value is never believed.

An entry that fails a check (other than being stale) is ignored and rebuilt,
with one warning line on standard error.  Entries are written to a private
temporary file and renamed, so a concurrent reader sees a whole entry or none.
Any other failure (read-only home, full disk) falls back to doing the work,
silently: the cache only saves time.
"""

from __future__ import annotations

import os
import stat
import sys
from collections.abc import Callable, Sequence
from typing import TypeVar

T = TypeVar("T")

#: The environment variable naming the cache folder (empty or ``0``: no cache).
CACHE_ENV = "HEARTS_NOTATION_CACHE"

#: The first bytes of every entry (the format's version: older formats are stale).
MAGIC = b"hearts-notation-cache/2"

#: The largest entry read (a planted huge file costs no memory).
MAX_ENTRY_BYTES = 8 * 1024 * 1024

#: The ending of the name of every entry.
ENTRY_SUFFIX = ".cache"

#: Mode bits that let someone other than the owner write.
_OTHERS_WRITE = stat.S_IWGRP | stat.S_IWOTH


def cache_dir() -> str | None:
    """The cache folder named by the environment, or ``None`` when caching is
    turned off (not yet checked: see :func:`trusted_dir`)."""
    explicit = os.environ.get(CACHE_ENV)
    if explicit is not None:
        explicit = explicit.strip()
        return None if explicit in ("", "0") else explicit
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    if not os.path.isabs(base):
        return None
    return os.path.join(base, "hearts-notation")


def digest(*parts: str | bytes) -> str:
    """A hex digest of *parts*, each delimited (BLAKE2b, 32 bytes).  BLAKE2b
    comes from the interpreter's own ``_blake2`` module: importing
    ``hashlib`` loads OpenSSL, a few milliseconds at every start."""
    try:
        from _blake2 import blake2b
    except ImportError:     # (an interpreter built without it)
        from hashlib import blake2b
    h = blake2b(digest_size=32)
    for part in parts:
        data = part if isinstance(part, bytes) else part.encode("utf-8", "surrogatepass")
        h.update(len(data).to_bytes(8, "little"))
        h.update(data)
    return h.hexdigest()


# Warnings ------------------------------------------------------------------------------------

_WARNED: set[str] = set()


def _warn(msg_id: str, path: str, why_id: str) -> None:
    """One line on standard error, once per path and process, in the run's
    language (controls in the path escaped)."""
    if path in _WARNED:
        return
    _WARNED.add(path)
    from .i18n import current_language, translate
    from .output import message

    lang = current_language()
    try:
        message("hearts: " + translate(lang, msg_id, path=path, why=translate(lang, why_id)))
    except (OSError, ValueError):    # a closed standard error: the cache is silent then
        pass


# The folder ---------------------------------------------------------------------------------

#: Each folder checked in this process, and the folder to use (``None``: none).
_CHECKED: dict[str, str | None] = {}


def _owner_checks() -> bool:
    """Whether owners and modes mean anything here (POSIX)."""
    return hasattr(os, "geteuid")


def trusted_dir() -> str | None:
    """The cache folder once checked (created ``0700`` if missing), or
    ``None``: caching turned off, a folder that cannot be made (silently),
    or one that is not the user's own (with a warning).  A folder of the
    user that others could write loses its entries (someone else could have
    put them there) and is made private, with a warning.  Checked once per
    process (and in a parent before it forks its workers)."""
    folder = cache_dir()
    if folder is None:
        return None
    if folder not in _CHECKED:
        _CHECKED[folder] = _check_folder(folder)
    return _CHECKED[folder]


def _check_folder(folder: str) -> str | None:
    try:
        os.makedirs(folder, mode=0o700, exist_ok=True)
        st = os.stat(folder)       # (a link to a folder is judged by the folder)
    except (OSError, ValueError):
        return None               # no cache here (a read-only home): silently
    if not stat.S_ISDIR(st.st_mode):
        _warn("cache.folder_ignored", folder, "cache.not_a_folder")
        return None
    if not _owner_checks():
        return folder
    if st.st_uid != os.geteuid():
        _warn("cache.folder_ignored", folder, "cache.folder_of_another_user")
        return None
    if st.st_mode & _OTHERS_WRITE:
        # Someone else could have put the entries there: they go first, then
        # the folder is closed (an entry planted in between belongs to its
        # planter, and the entry checks refuse it).
        try:
            for name in os.listdir(folder):
                if name.endswith(ENTRY_SUFFIX):
                    os.unlink(os.path.join(folder, name))
            os.chmod(folder, 0o700)
        except OSError:
            _warn("cache.folder_ignored", folder, "cache.folder_open_to_others")
            return None
        _warn("cache.folder_made_private", folder, "cache.folder_open_to_others")
    elif st.st_mode & (stat.S_IRWXG | stat.S_IRWXO):
        try:
            os.chmod(folder, 0o700)     # (made by an older version: readable by others)
        except OSError:
            pass
    return folder


def _before_fork() -> None:
    """Check the folder in the parent before it forks workers, so that a
    warning about it is printed once, not once per worker."""
    try:
        trusted_dir()
    except (OSError, ValueError, LookupError):    # never stop a fork
        pass


if hasattr(os, "register_at_fork"):
    os.register_at_fork(before=_before_fork)


# Entries ------------------------------------------------------------------------------------


def entry_path(kind: str) -> str | None:
    """The file of the entry of *kind* (one per kind and Python version), or
    ``None`` with the cache off or untrusted.  Made-from digests live inside
    the entry, so an entry made from other sources is replaced, not kept
    beside the new one."""
    folder = trusted_dir()
    if folder is None:
        return None
    return os.path.join(folder, f"{kind}-py{sys.version_info[0]}.{sys.version_info[1]}{ENTRY_SUFFIX}")


def _key(kind: str, made_from: Sequence[str]) -> str:
    return digest(kind, sys.version, *made_from)


def _header(kind: str, key: str, payload: bytes) -> bytes:
    whole = digest(MAGIC, kind, key, payload)
    return b" ".join((MAGIC, kind.encode("ascii"), key.encode("ascii"), whole.encode("ascii"))) + b"\n"


#: What a file was judged on: its device and inode.
_Identity = tuple[int, int]


def _read_checked(path: str) -> tuple[bytes | None, str | None, _Identity | None]:
    """The bytes of the file at *path*, or why it is not believed (a message
    id), with the identity of what was judged; ``None`` for both when it is
    absent or unreadable."""
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(path, flags)
    except OSError:
        try:
            st = os.lstat(path)
        except OSError:
            return None, None, None
        if stat.S_ISREG(st.st_mode):
            return None, None, None
        return None, "cache.entry_not_a_file", (st.st_dev, st.st_ino)
    try:
        st = os.fstat(fd)
        identity = (st.st_dev, st.st_ino)
        if not stat.S_ISREG(st.st_mode):
            return None, "cache.entry_not_a_file", identity
        if _owner_checks():
            if st.st_uid != os.geteuid():
                return None, "cache.entry_of_another_user", identity
            if st.st_mode & _OTHERS_WRITE:
                return None, "cache.entry_open_to_others", identity
        chunks: list[bytes] = []
        size = 0
        while size <= MAX_ENTRY_BYTES:
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > MAX_ENTRY_BYTES:
            return None, "cache.entry_damaged", identity
        return b"".join(chunks), None, identity
    except OSError:
        return None, None, None
    finally:
        os.close(fd)


def _discard(path: str, identity: _Identity | None, why: str) -> None:
    """Remove the entry at *path* that failed a check, and say so, unless
    another process (a worker of the same run) got there first: the file
    judged is then gone or already replaced, and the warning is its."""
    try:
        st = os.lstat(path)
    except OSError:
        return
    if identity is not None and (st.st_dev, st.st_ino) != identity:
        return
    try:
        os.unlink(path)
    except FileNotFoundError:
        return          # another worker removed it between our look and now: its warning
    except OSError:
        pass
    _warn("cache.entry_ignored", path, why)


def read_entry(kind: str, made_from: Sequence[str]) -> bytes | None:
    """The stored payload of the entry of *kind* made from *made_from*, once
    every check passed; ``None`` when there is none to believe (absent,
    stale, or failing a check: then removed, with a warning)."""
    path = entry_path(kind)
    if path is None:
        return None
    data, why, identity = _read_checked(path)
    if data is None:
        if why is not None:
            _discard(path, identity, why)
        return None
    head, newline, payload = data.partition(b"\n")
    fields = head.split(b" ")
    if not newline or len(fields) != 4 or fields[0] != MAGIC or fields[1] != kind.encode("ascii"):
        if fields[0] == MAGIC or not head.startswith(b"hearts-notation-cache/"):
            _discard(path, identity, "cache.entry_damaged")
        return None      # (an entry of an older format is stale: rebuilt silently)
    key = _key(kind, made_from)
    if fields[2] != key.encode("ascii"):
        return None      # made from other sources: stale, rebuilt silently
    if head + b"\n" != _header(kind, key, payload):
        _discard(path, identity, "cache.entry_digest")
        return None
    return payload


def write_entry(kind: str, made_from: Sequence[str], payload: bytes) -> None:
    """Store *payload* as the entry of *kind* made from *made_from*: a private
    temporary file (``0600``, created anew), then a rename.  Failures are
    ignored (the cache only saves time)."""
    path = entry_path(kind)
    if path is None:
        return
    data = _header(kind, _key(kind, made_from), payload) + payload
    tmp = f"{path}.{os.getpid()}.{os.urandom(6).hex()}.tmp"
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(tmp, flags, 0o600)
    except OSError:
        return
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.replace(tmp, path)
    except OSError:
        try:
            os.remove(tmp)
        except OSError:
            pass


def cached(kind: str, made_from: Sequence[str], load: Callable[[bytes], T],
           build: Callable[[], T], dump: Callable[[T], bytes]) -> T:
    """The value of the entry of *kind* made from *made_from* (decoded by
    *load*, which must check what it decodes and raise ``ValueError`` on
    anything unexpected), else *build*'s, stored for next time (encoded by
    *dump*, which raises ``ValueError`` for a value it cannot keep)."""
    if entry_path(kind) is None:
        return build()
    payload = read_entry(kind, made_from)
    if payload is not None:
        try:
            return load(payload)
        except (ValueError, TypeError, KeyError, IndexError):   # passed the digest, not ours
            # (a forgery that recomputed the digest, or a bug): rebuilt below
            path = entry_path(kind)
            if path is not None:
                _discard(path, None, "cache.entry_damaged")
    value = build()
    try:
        encoded = dump(value)
    except ValueError:
        return value
    write_entry(kind, made_from, encoded)
    return value
