"""A typed JSON decoder for clean records, by msgspec (a run-time dependency).

msgspec is installed with the package (docs/decisions.md, "msgspec at run time"),
but the package still runs without it (by ``json.loads``).  Its decoder reads a JSON
record straight into the typed structures below, checking every type in C as
it parses: about twice as fast as ``json.loads`` into dictionaries followed by
the compact form's own type checks (docs/performance.md).  It is only a faster
way to the same compact form (:func:`hearts_notation.io.compact.compact_record`):
the structures accept a subset of what ``json.loads`` accepts (exactly the
shape of a clean record), and anything else -- a field they do not declare, a
wrong type, a number too large, text that is not JSON -- makes the decoder
fail, and the caller goes the ``json.loads`` way, which reports what is wrong.
Duplicate keys keep the last value in both decoders, and the decoded values
are the same; tests/test_typed_json.py checks that both ways give the same
compact form on clean records and on thousands of mutated ones.

Without msgspec, :func:`decoder` is ``None`` and nothing changes but the speed.
This module is not compiled (mypyc cannot compile subclasses of msgspec's
``Struct``); the conversion to the compact form is, in ``io/compact.py``.
"""

from __future__ import annotations

import functools
from typing import Any

__all__ = ["decoder", "raw_value_check"]


@functools.cache
def decoder() -> Any:
    """``decode(text) -> record`` of msgspec's typed decoder, or ``None``
    when msgspec is not installed."""
    try:
        import msgspec
    except ImportError:
        return None

    from ._typed_records import Record

    decode = msgspec.json.Decoder(Record).decode
    error = msgspec.MsgspecError

    def typed(text: str) -> Any:
        try:
            return decode(text)
        except (error, UnicodeEncodeError, RecursionError, ValueError):
            # (nesting too deep for msgspec: the json.loads way reports the
            # depth limit at its bracket)
            return None

    return typed


@functools.cache
def raw_value_check() -> Any:
    """``check(text) -> bool``: whether *text* is exactly one JSON value,
    checked by msgspec without building it (decoded into ``msgspec.Raw``);
    ``None`` when msgspec is not installed.  The cut of a JSON array into
    its element texts (``io/jsonio.py``) confirms with it where an element
    ends."""
    try:
        import msgspec
    except ImportError:
        return None

    decode = msgspec.json.Decoder(msgspec.Raw).decode
    error = msgspec.MsgspecError

    def check(text: str) -> bool:
        try:
            decode(text)
        except (error, UnicodeEncodeError, RecursionError, ValueError):
            return False
        return True

    return check
