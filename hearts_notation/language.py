"""The language a run speaks, chosen once before any output.

An explicit ``--lang``; else the locale's language when it is not English;
else the language the first record is kept in (a sheet typed in French gets
French messages and a French page without being asked); else English.

Apart from :mod:`hearts_notation.presentation` because every command that
reads records asks this while its command line is parsed (``validate``
included), and that module's :class:`~hearts_notation.presentation.Presentation`
dataclass costs a few tenths of a millisecond to make at import.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from typing import Final

from .io.stream import head_text

__all__ = ["paths_language", "record_language", "run_language"]

#: How much of a record's beginning is read to tell its language.
_SNIFF_BYTES: Final = 64 << 10

#: Folder entries :func:`_first_hrn` looks at before giving up: a folder of
#: records finds its first one at once, while ``hearts replay /`` (a folder
#: where a file is wanted) used to walk the whole file system, ten seconds
#: and more, before saying that it is a folder.
_SNIFF_ENTRIES: Final = 4096


def _first_hrn(folder: str) -> str | None:
    """The first ``.hrn`` file under *folder* in sorted path order (the
    order of ``sorted(Path(folder).rglob("*.hrn"))``), found lazily, or
    ``None`` when there is none among the first :data:`_SNIFF_ENTRIES`
    entries."""
    budget = _SNIFF_ENTRIES
    stack: list[Iterator[os.DirEntry[str]]] = []
    try:
        with os.scandir(folder) as it:
            entries = sorted(it, key=lambda e: e.name)
    except OSError:
        return None
    stack.append(iter(entries))
    while stack:
        entry = next(stack[-1], None)
        if entry is None:
            stack.pop()
            continue
        budget -= 1
        if budget < 0:
            return None
        try:
            if entry.is_dir(follow_symlinks=False):
                with os.scandir(entry.path) as it:
                    stack.append(iter(sorted(it, key=lambda e: e.name)))
            elif entry.name.endswith(".hrn") and entry.is_file():
                return entry.path
        except OSError:
            continue
    return None


#: A JSON, JSONL or YAML record's ``language`` key as the writers put it: the
#: first key of the first record (docs/spec.md, section 3).  The bracket and
#: the blanks after it are one optional group: ``\s*\[?\s*`` let the two runs
#: of blanks share the head's whitespace in every way, quadratic in it (64 KiB
#: of blank lines, a JSONL file of empty lines, cost 9 CPU-s before a word was read).
_RECORD_LANGUAGE: Final = (
    r'\A\s*(?:\[\s*)?\{\s*"language"\s*:\s*"([a-z]{2})"'
    r"|\A(?:---[ \t]*\n)?(?:-[ \t]+)?language:[ \t]*[\"']?([a-z]{2})")


def record_language(head: str) -> str | None:
    """The language a JSON, JSONL or YAML file's first record says it is
    kept in (its ``language`` key written first, as ``convert`` writes it),
    or ``None``."""
    import re

    from .i18n import LANGUAGES

    m = re.match(_RECORD_LANGUAGE, head)
    lang = m and (m.group(1) or m.group(2))
    return lang if lang in LANGUAGES and lang != "en" else None


#: The beginning of a tree record that tells its language: the first key
#: read, and with ``language`` its value (:func:`_head_says`).
_TREE_HEAD: Final = r'\s*(?:\[\s*)?\{\s*"(?:language"\s*:\s*(?:"[^"]*"|[^\s"])|(?!language")[^"]*")'


def _head_says(raw: bytes) -> bool:
    """Whether the first bytes *raw* of a stream are enough to tell its
    language: a line that says (HRN), a tree record's first key, or eight
    lines (:func:`hearts_notation.io.stream.stream_head` reads until so)."""
    import re

    from .io.hrn.words import text_language

    head = _decoded(raw)
    return (re.match(_TREE_HEAD, head) is not None or record_language(head) is not None
            or text_language(head) is not None or head.count("\n") >= 8)


def _decoded(raw: bytes) -> str:
    """The first bytes of a record as the readers take them: UTF-16 or
    UTF-32 by its byte-order mark (a sheet saved by Windows Notepad), else UTF-8 with its
    mark dropped (a sheet whose first line says French was read as English
    with the mark kept); lone CRs, old Mac line ends, end the lines (the
    readers refuse such a file, and say so in the sheet's language)."""
    return head_text(raw).replace("\r", "\n")


def paths_language(paths: Iterable[str], streams: bool = False) -> str | None:
    """The language the first record among *paths* (files or folders)
    is kept in: an HRN record's from the first words of its text, a JSON,
    JSONL or YAML record's from its ``language`` key (a tree record without
    one is passed over; ``None``: English or nothing said).  Only the
    beginnings of files are read, up to the first HRN file or tree record
    that says a language.

    With *streams*, standard input (``-``) and FIFOs are looked at too,
    whatever their format: their first bytes are read ahead and handed on
    to their reader (:func:`hearts_notation.io.stream.stream_head`), so
    only the process that reads them may ask (the command line's, not a
    Dask worker)."""
    from .io.formats import format_for
    from .io.hrn.words import text_language
    from .io.stream import path_text, stream_head

    for arg in paths:
        if not isinstance(arg, str) or "://" in arg:
            continue
        kind: str | None = None
        raw = stream_head(arg, _head_says, _SNIFF_BYTES) if streams else None
        if raw is None:
            if arg in ("-", ""):       # ("" is no folder: path_text makes it ".")
                continue
            p = path_text(arg)      # (pathlib only to search a folder: start-up)
            try:
                if os.path.isdir(p):
                    first = _first_hrn(p)
                    if first is None:
                        continue
                    p = first
                kind = format_for(p)
                if kind not in ("hrn", "json", "jsonl", "yaml") or not os.path.isfile(p):
                    continue
                with open(p, "rb") as fh:
                    raw = fh.read(_SNIFF_BYTES)
            except OSError:
                continue
        head = _decoded(raw)
        if kind != "hrn":
            # A tree record without the key says nothing (files written by
            # other programs): the next path may.  A stream (its format not
            # known yet) may be either.
            said = record_language(head)
            if said is not None:
                return said
            if kind is not None:
                continue
        lang = text_language(head)
        if kind is None and lang is None:
            continue
        return None if lang in (None, "en") else lang
    return None


def run_language(given: str | None, locale: str, paths: Iterable[str] = (),
                 streams: bool = False) -> str:
    """The language of a run's messages and pages: *given* (``--lang``);
    else the *locale*'s when it is not English; else the language the first
    record of *paths* is kept in (*streams*: :func:`paths_language`); else
    English."""
    if given:
        return given
    if locale != "en":
        return locale
    return paths_language(paths, streams) or locale
