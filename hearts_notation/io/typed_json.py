"""The one decoder of a clean JSON record: msgspec's typed structures.

msgspec is a run-time dependency (docs/decisions.md, "msgspec at run time").
Its decoder reads a JSON record straight into the typed structures of
``io/typed_records.py`` (the fields of :data:`hearts_notation.io.shape.CLEAN`),
checking every type in C as it parses, and
:func:`hearts_notation.io.compact.compact_record` turns that into the referee's
compact form.  The structures accept exactly the shape of a clean record;
anything else -- a field they do not declare (a comment on a trick, a mark, a
moon line), a wrong type, a number too large, text that is not JSON -- makes
:func:`decode_record` give ``None``, and the caller reads the record into the
model by ``json.loads`` (:func:`hearts_notation.io.jsonio.game_from_dict`),
which words what is wrong and where.

msgspec is imported on first use, not with the package: reading HRN or YAML
does not pay for it.  This module is not compiled (mypyc cannot compile
subclasses of msgspec's ``Struct``); the conversion to the compact form is, in
``io/compact.py``.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from typing import Any, Final

from .compact import CompactGame, compact_record

__all__ = ["decode_actions", "decode_record", "decode_tree", "json_compact", "json_record", "raw_value_check",
           "tree_of"]

#: An escape the model path refuses where it stands: a lone surrogate, or NUL (no text
#: format can hold it; the compact form does not look at the strings).
_SURROGATE_ESCAPE: Final = re.compile(r"\\u(?:[dD][89a-fA-F]|0000)")
_SURROGATE_CHAR: Final = re.compile(r"[\ud800-\udfff]")


@functools.cache
def _typed() -> Callable[[str], Any]:
    import msgspec

    from .typed_records import Record

    decode = msgspec.json.Decoder(Record).decode
    error = msgspec.MsgspecError

    def typed(text: str) -> Any:
        try:
            return decode(text)
        except (error, UnicodeEncodeError, RecursionError, ValueError):
            # (nesting too deep for msgspec: the model's reader reports the
            # depth limit at its bracket)
            return None

    return typed


def decode_record(text: str) -> Any:
    """The typed record of a clean record's JSON *text*, or ``None`` when
    *text* is not one (then the model's reader says why)."""
    return _typed()(text)


@functools.cache
def _typed_actions() -> Callable[[str], list[int] | None]:
    import msgspec

    decode: Callable[[str], list[int]] = msgspec.json.Decoder(list[int]).decode
    error = msgspec.MsgspecError

    def typed(text: str) -> list[int] | None:
        try:
            return decode(text)
        except (error, UnicodeEncodeError, RecursionError, ValueError):
            return None

    return typed


def decode_actions(text: str) -> list[int] | None:
    """The list of integers that *text* is (a line of OpenSpiel histories),
    or ``None`` when it is anything else -- ``true`` for an integer, ``1.0``,
    nesting, a lone surrogate, no JSON -- (then the
    reader's :func:`hearts_notation.io.jsonio.loads_record` reads it and
    words what is wrong), as :func:`decode_record` is for a record."""
    return _typed_actions()(text)


@functools.cache
def _tree() -> Callable[[str], Any]:
    import msgspec

    decode: Callable[[str], Any] = msgspec.json.Decoder().decode
    return decode


def decode_tree(text: str) -> Any:
    """The JSON tree (dicts, lists, strings, numbers) of a record's *text*
    that :func:`decode_record` accepted: the very tree ``json.loads`` gives,
    built by msgspec's untyped decoder in about two thirds of the time, with
    no depth check to make first (the typed shape bounds the nesting).  The
    referee reads such a record into the model when the compact check did
    not accept it (an observer's unknown hands, a finding)."""
    return _tree()(text)


def tree_of(record: Any) -> Any:
    """The JSON tree of a record the typed decoder read (:func:`decode_record`):
    its structures as dictionaries, without the fields that the text leaves
    out or gives as ``null`` (``omit_defaults``: the model's reader takes
    both as absent, and the tree then has the text's keys, which the test
    for keys named twice counts, :func:`hearts_notation.io.jsonio.may_repeat_keys`).  The referee reads a
    record the compact check did not accept (an observer's unknown hands, a
    finding) into the model from this tree rather than decoding its text a
    second time (:func:`decode_tree`): msgspec builds it from the record in
    about half the instructions, the strings shared."""
    import msgspec

    return msgspec.to_builtins(record)


@functools.cache
def raw_value_check() -> Callable[[str], bool]:
    """``check(text) -> bool``: whether *text* is exactly one JSON value,
    checked by msgspec without building it (decoded into ``msgspec.Raw``).
    The cut of a JSON array into its element texts (``io/jsonio.py``)
    confirms with it where an element ends."""
    import msgspec

    decode = msgspec.json.Decoder(msgspec.Raw).decode
    error = msgspec.MsgspecError

    def check(text: str) -> bool:
        try:
            decode(text)
        except (error, UnicodeEncodeError, RecursionError, ValueError):
            return False
        return True

    return check


def json_compact(text: str, line: int | None, compact: CompactGame | None = None
                 ) -> tuple[CompactGame | None, bool]:
    """The compact form of one JSON record given as text (``None`` when the
    model must read it), and whether the typed decoder read it (a clean
    shape).  *compact*, if given, is what the cut already made of *text*."""
    compact, typed, _ = json_record(text, line, compact)
    return compact, typed


def json_record(text: str, line: int | None, compact: CompactGame | None = None
                ) -> tuple[CompactGame | None, bool, Any]:
    """:func:`json_compact`, and the typed decoder's record of *text* when it
    decoded it here (``None`` otherwise: not a clean shape, or *compact* given):
    the referee reads it into the model (:func:`tree_of`) when the compact form
    is ``None``."""
    # A lone surrogate (or NUL) is refused by the model path, where it stands.
    # (A backslash is looked for first: one character is found with memchr, a
    # two-character pattern several times slower on a pretty-printed record.)
    plain = ("\\" not in text or "\\u" not in text
             or _SURROGATE_ESCAPE.search(text) is None) and (
        text.isascii() or _SURROGATE_CHAR.search(text) is None)
    if not plain:
        return None, False, None
    if compact is not None:
        return compact, True, None
    # The one decoder of a clean record: msgspec's typed structures
    # (io/shape.py states their fields) straight to the compact form.
    record = decode_record(text)
    if record is None:
        return None, False, None
    return compact_record(record, line, text=text), True, record
