"""The YAML writer of the program: records (``hearts convert --to yaml``,
``generate --format yaml``), a rule set (``hearts rules NAME``) and the
presets' list (``hearts rules --format yaml``).  Its text is PyYAML's pure
safe dumper's, byte for byte, more than ten times faster
(docs/performance.md, "Writing YAML"; docs/decisions.md, "One YAML writer").

PyYAML writes a tree in three pure-Python stages (representer -> nodes,
serializer -> events, emitter -> text), a few dozen calls per card played:
about 250 deals a second, the slowest writer of the package.  Its C emitter
(``CSafeDumper``, when PyYAML was built with libyaml) is two to four times
faster, but libyaml folds long quoted strings, escapes characters past the
BMP and chooses some styles its own way, so the same record would be written
differently on a machine that has libyaml and one that has not
(docs/decisions.md, "The YAML writer").

What the program writes as YAML is trees: mappings with string keys, lists,
strings, integers, booleans and ``None``, no object twice.  This module
walks such a tree directly and makes the emitter's decisions itself, ported
from PyYAML 6's ``emitter.py`` with ``sort_keys=False, allow_unicode=True``
and the width and ``default_flow_style`` of the call (:func:`dump`): the
same indentation, flow or block style for each collection (with
``default_flow_style=None``, the representer's rule: flow when every item
is a scalar with no forced style), line wrapping of flow collections past
the width, folding of long plain and quoted strings, ``? `` for long keys.
A string holding a line break YAML would fold (NEL, U+2028, U+2029) is
double-quoted, as the tests' oracle ``OddBreakDumper`` (tests/yaml_oracle.py)
does, so that every text reads back as the tree written.  What each string
allows (plain, quoted, ...) and how it would be read back (``yes``, ``007``,
``~`` must be quoted) is asked of PyYAML itself (its emitter's scalar
analysis and its resolver), cached per string, so those rules are not
written twice.

There is no second path: a value of another type (a float, a tuple, a key
that is not a string) is a ``TypeError`` and an object met twice (PyYAML
would write an anchor) a ``ValueError``, a mistake of the program, never of
its input.  PyYAML's dumper is the tests' oracle (``tests/test_yaml16.py``,
``tests/test_yaml_write.py``: byte for byte, and ``yaml.safe_load`` reads
the text back as the tree).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import Any, Final

#: PyYAML's dump settings that give a record's text (:func:`dump_record`):
#: keys in the record's order, text unescaped, collections of scalars in
#: flow style, lines of 100 columns.  The writer's own settings are the
#: width and the flow style (:func:`dump`); the other two are always so.
YAML_OPTIONS: Final[dict[str, Any]] = {
    "sort_keys": False, "allow_unicode": True, "default_flow_style": None, "width": 100,
}
_STEP: Final = 2            # PyYAML's best_indent
_BREAKS: Final = "\n\x85\u2028\u2029"
_ODD_BREAKS: Final = ("\x85", "\u2028", "\u2029")   # forced double quotes (as the oracle's)
_STR_TAG: Final = "tag:yaml.org,2002:str"
#: len("!!str"): PyYAML counts the tag of a key in its simple-key length.
_KEY_TAG: Final = 5
_ESCAPES: Final = {
    "\0": "0", "\x07": "a", "\x08": "b", "\x09": "t", "\x0A": "n", "\x0B": "v", "\x0C": "f",
    "\x0D": "r", "\x1B": "e", '"': '"', "\\": "\\", "\x85": "N", "\xA0": "_",
    "\u2028": "L", "\u2029": "P",
}
_CACHE_LIMIT: Final = 1 << 14   # strings whose facts are kept (cards, seats, names, keys)
_CACHE_LONGEST: Final = 64      # longer strings (comments) are analysed each time


class _Facts:
    """What PyYAML's emitter needs to know of a string, once per string:
    its scalar analysis and whether it reads back as a string unquoted."""

    __slots__ = ("block_plain", "empty", "flow_plain", "folds", "forced", "implicit", "key_token",
                 "length", "multiline", "single", "value_token")

    def __init__(self, text: str) -> None:
        a = _analyser().analyze_scalar(text)
        self.empty: bool = a.empty
        self.multiline: bool = a.multiline
        self.flow_plain: bool = a.allow_flow_plain
        self.block_plain: bool = a.allow_block_plain
        self.single: bool = a.allow_single_quoted
        #: plain only if the resolver reads it back as a string (not 007, yes, ~)
        self.implicit: bool = _resolver().resolve(_scalar_node(), text, (True, False)) == _STR_TAG
        #: the representer's double quotes for a line break YAML would fold
        self.forced: bool = any(b in text for b in _ODD_BREAKS)
        #: a space or a break: where a writer may fold or break the line
        self.folds: bool = " " in text or any(b in text for b in _BREAKS)
        self.length = len(text)
        #: the text written for it as a value, and as a simple key, inside a
        #: flow collection when no line can break in it (no space or break,
        #: not double-quoted), else None: see :func:`_flow_text`
        self.value_token: str | None = None
        self.key_token: str | None = None
        if not self.folds and not self.forced:
            quoted = "'" + text.replace("'", "''") + "'" if self.single else None
            self.value_token = text if self.implicit and self.flow_plain else quoted
            if self.length + _KEY_TAG < 128 and not self.empty:
                self.key_token = self.value_token


@functools.cache
def _analyser() -> Any:
    """A PyYAML emitter, for its ``analyze_scalar`` only (with
    ``allow_unicode``, as the records are written)."""
    import io

    import yaml

    return yaml.emitter.Emitter(io.StringIO(), allow_unicode=True)


@functools.cache
def _resolver() -> Any:
    import yaml

    return yaml.resolver.Resolver()


@functools.cache
def _scalar_node() -> Any:
    import yaml

    return yaml.ScalarNode


_FACTS: dict[str, _Facts] = {}


def _facts(text: str) -> _Facts:
    f = _FACTS.get(text)
    if f is None:
        f = _Facts(text)
        if len(text) <= _CACHE_LONGEST:
            if len(_FACTS) >= _CACHE_LIMIT:
                _FACTS.clear()
            _FACTS[text] = f
    return f


def _token(value: object) -> str | None:
    """The text of a scalar as a value inside a flow collection when no line
    can break in it, else None."""
    t = type(value)
    if t is str:
        return _facts(value).value_token  # type: ignore[arg-type]
    if t is int:
        return str(value)
    if t is bool:
        return "true" if value else "false"
    return "null" if value is None else None


def _flow_text(value: dict[Any, Any] | list[Any]) -> str | None:
    """A flow collection of scalars none of which can break a line
    (``{seat: W, card: 2C}``, a hand), whole, or None: written at once when
    it ends within the width, where the emitter would not wrap it."""
    parts = []
    if type(value) is dict:
        for key, item in value.items():
            k = _facts(key).key_token if type(key) is str else None
            v = _token(item)
            if k is None or v is None:
                return None
            parts.append(f"{k}: {v}")
        return "{" + ", ".join(parts) + "}"
    for item in value:
        v = _token(item)
        if v is None:
            return None
        parts.append(v)
    return "[" + ", ".join(parts) + "]"


def _is_flow_item(value: object) -> bool:
    """Whether PyYAML's representer makes *value* a scalar node without a
    style: a collection of nothing but those is written in flow style."""
    t = type(value)
    if t is str:
        return not any(b in value for b in _ODD_BREAKS)  # type: ignore[operator]
    return t is int or t is bool or value is None


class _Emitter:
    """PyYAML's emitter state (column, indentation, whether the last
    character written is white space or indentation), driven by the tree
    rather than by events; the names follow ``yaml/emitter.py``."""

    def __init__(self, width: int, default_flow_style: bool | None) -> None:
        self.width = width
        self.default_flow_style = default_flow_style
        self.out: list[str] = []
        self.column = 0
        self.whitespace = True
        self.indention = True
        self.indent: int | None = None
        self.flow_level = 0
        self.seen: set[int] = set()

    # -- writers ---------------------------------------------------------------------------------

    def indicator(self, text: str, need_whitespace: bool, whitespace: bool = False,
                  indention: bool = False) -> None:
        data = text if self.whitespace or not need_whitespace else " " + text
        self.whitespace = whitespace
        self.indention = self.indention and indention
        self.column += len(data)
        self.out.append(data)

    def write_indent(self) -> None:
        indent = self.indent or 0
        if not self.indention or self.column > indent or (
                self.column == indent and not self.whitespace):
            self.line_break()
        if self.column < indent:
            self.whitespace = True
            self.out.append(" " * (indent - self.column))
            self.column = indent

    def line_break(self, data: str = "\n") -> None:
        self.whitespace = True
        self.indention = True
        self.column = 0
        self.out.append(data)

    def put(self, data: str) -> None:
        self.column += len(data)
        self.out.append(data)

    # -- nodes -------------------------------------------------------------------------------------

    def node(self, value: Any, mapping: bool = False, simple_key: bool = False) -> None:
        t = type(value)
        if t is dict or t is list:
            self.keep(value)
            style = self.default_flow_style
            if style is not False or self.flow_level or not value:
                whole = _flow_text(value)
                if whole is not None:
                    # (every item a scalar with no style: a flow collection)
                    lead = "" if self.whitespace else " "
                    if self.column + len(lead) + len(whole) <= self.width:
                        # as the emitter writes it: no line wraps before the width
                        self.out.append(lead + whole)
                        self.column += len(lead) + len(whole)
                        self.whitespace = False
                        self.indention = False
                        return
            # flow style inside a flow collection, for an empty one, and as
            # default_flow_style says (None: the representer's rule, every
            # item a scalar without a forced style)
            if t is dict:
                if self.flow_level or not value or (style if style is not None else all(
                        _is_flow_item(k) and _is_flow_item(v) for k, v in value.items())):
                    self.flow_mapping(value)
                else:
                    self.block_mapping(value)
            elif self.flow_level or not value or (
                    style if style is not None else all(_is_flow_item(v) for v in value)):
                self.flow_sequence(value)
            else:
                self.block_sequence(value, mapping)
        elif t is str:
            self.scalar(value, simple_key)
        elif t is int:
            self.plain_token(str(value))
        elif t is bool:
            self.plain_token("true" if value else "false")
        elif value is None:
            self.plain_token("null")
        else:
            raise TypeError(f"the YAML writer writes no {t.__name__} (the program's trees "
                            "hold dicts, lists, str, int, bool and None)")

    def keep(self, value: object) -> None:
        """PyYAML writes an object met twice as an anchor and an alias (and
        the program's trees have none): refused, as is a tree that holds itself."""
        key = id(value)
        if key in self.seen:
            raise ValueError("the YAML writer writes trees: a list or dict met twice")
        self.seen.add(key)

    def simple_key(self, key: object) -> bool:
        if type(key) is not str:
            raise TypeError(f"the YAML writer writes str keys, not {type(key).__name__}")
        f = _facts(key)
        return f.length + _KEY_TAG < 128 and not f.empty and not f.multiline

    def flow_sequence(self, items: list[Any]) -> None:
        self.indicator("[", True, whitespace=True)
        self.flow_level += 1
        outer = self.indent
        self.indent = _STEP if outer is None else outer + _STEP
        for k, item in enumerate(items):
            if k:
                self.indicator(",", False)
            if self.column > self.width:
                self.write_indent()
            self.node(item)
        self.indent = outer
        self.flow_level -= 1
        self.indicator("]", False)

    def flow_mapping(self, mapping: dict[Any, Any]) -> None:
        self.indicator("{", True, whitespace=True)
        self.flow_level += 1
        outer = self.indent
        self.indent = _STEP if outer is None else outer + _STEP
        for k, (key, value) in enumerate(mapping.items()):
            if k:
                self.indicator(",", False)
            if self.column > self.width:
                self.write_indent()
            if self.simple_key(key):
                self.node(key, mapping=True, simple_key=True)
                self.indicator(":", False)
            else:
                self.indicator("?", True)
                self.node(key, mapping=True)
                if self.column > self.width:
                    self.write_indent()
                self.indicator(":", True)
            self.node(value, mapping=True)
        self.indent = outer
        self.flow_level -= 1
        self.indicator("}", False)

    def block_sequence(self, items: list[Any], mapping: bool) -> None:
        outer = self.indent
        indentless = mapping and not self.indention
        if outer is None:
            self.indent = 0
        elif not indentless:
            self.indent = outer + _STEP
        for item in items:
            self.write_indent()
            self.indicator("-", True, indention=True)
            self.node(item)
        self.indent = outer

    def block_mapping(self, mapping: dict[Any, Any]) -> None:
        outer = self.indent
        self.indent = 0 if outer is None else outer + _STEP
        for key, value in mapping.items():
            self.write_indent()
            if self.simple_key(key):
                self.node(key, mapping=True, simple_key=True)
                self.indicator(":", False)
            else:
                self.indicator("?", True, indention=True)
                self.node(key, mapping=True)
                self.write_indent()
                self.indicator(":", True, indention=True)
            self.node(value, mapping=True)
        self.indent = outer

    # -- scalars -----------------------------------------------------------------------------------

    def plain_token(self, text: str) -> None:
        """A plain scalar without spaces or breaks (a number, ``true``, a
        card): written whole, inside the scalar's indentation."""
        if not self.whitespace:
            self.out.append(" ")
            self.column += 1
        self.whitespace = False
        self.indention = False
        self.out.append(text)
        self.column += len(text)

    def scalar(self, text: str, simple_key: bool) -> None:
        f = _facts(text)
        style = self.style(f, simple_key)
        split = not simple_key
        outer = self.indent                     # PyYAML's expect_scalar indents by a step
        self.indent = _STEP if outer is None else outer + _STEP
        if style == "":
            if f.folds:
                self.write_plain(text, split)
            else:
                self.plain_token(text)
        elif style == "'":
            if f.folds or "'" in text:
                self.write_single_quoted(text, split)
            else:
                self.indicator("'", True)
                self.put(text)
                self.indicator("'", False)
        else:
            self.write_double_quoted(text, split)
        self.indent = outer

    def style(self, f: _Facts, simple_key: bool) -> str:
        """PyYAML's ``choose_scalar_style`` for a string with no requested
        style (or double quotes, :data:`_ODD_BREAKS`)."""
        if f.forced:
            return '"'
        if f.implicit and not (simple_key and (f.empty or f.multiline)) and (
                f.flow_plain if self.flow_level else f.block_plain):
            return ""
        if f.single and not (simple_key and f.multiline):
            return "'"
        return '"'

    def write_plain(self, text: str, split: bool) -> None:
        if not text:
            return
        if not self.whitespace:
            self.put(" ")
        self.whitespace = False
        self.indention = False
        spaces = breaks = False
        start = end = 0
        while end <= len(text):
            ch = text[end] if end < len(text) else None
            if spaces:
                if ch != " ":
                    if start + 1 == end and self.column > self.width and split:
                        self.write_indent()
                        self.whitespace = False
                        self.indention = False
                    else:
                        self.put(text[start:end])
                    start = end
            elif breaks:
                if ch is None or ch not in _BREAKS:
                    if text[start] == "\n":
                        self.line_break()
                    for br in text[start:end]:
                        self.line_break(br)
                    self.write_indent()
                    self.whitespace = False
                    self.indention = False
                    start = end
            elif ch is None or ch in " " + _BREAKS:
                self.put(text[start:end])
                start = end
            if ch is not None:
                spaces = ch == " "
                breaks = ch in _BREAKS
            end += 1

    def write_single_quoted(self, text: str, split: bool) -> None:
        self.indicator("'", True)
        spaces = breaks = False
        start = end = 0
        while end <= len(text):
            ch = text[end] if end < len(text) else None
            if spaces:
                if ch is None or ch != " ":
                    if (start + 1 == end and self.column > self.width and split
                            and start != 0 and end != len(text)):
                        self.write_indent()
                    else:
                        self.put(text[start:end])
                    start = end
            elif breaks:
                if ch is None or ch not in _BREAKS:
                    if text[start] == "\n":
                        self.line_break()
                    for br in text[start:end]:
                        self.line_break(br)
                    self.write_indent()
                    start = end
            elif ch is None or ch in " " + _BREAKS or ch == "'":
                if start < end:
                    self.put(text[start:end])
                    start = end
            if ch == "'":
                self.put("''")
                start = end + 1
            if ch is not None:
                spaces = ch == " "
                breaks = ch in _BREAKS
            end += 1
        self.indicator("'", False)

    def write_double_quoted(self, text: str, split: bool) -> None:
        self.indicator('"', True)
        start = end = 0
        escaped_space = -1      # where a line began with ``\ `` (an escaped space)
        while end <= len(text):
            ch = text[end] if end < len(text) else None
            if ch is None or ch in '"\\\x85\u2028\u2029\uFEFF' or not (
                    "\x20" <= ch <= "\x7E" or "\xA0" <= ch <= "\uD7FF" or "\uE000" <= ch <= "\uFFFD"):
                if start < end:
                    self.put(text[start:end])
                    start = end
                if ch is not None:
                    if ch in _ESCAPES:
                        data = "\\" + _ESCAPES[ch]
                    elif ch <= "\xFF":
                        data = f"\\x{ord(ch):02X}"
                    elif ch <= "\uFFFF":
                        data = f"\\u{ord(ch):04X}"
                    else:
                        data = f"\\U{ord(ch):08X}"
                    self.put(data)
                    start = end + 1
            if 0 < end < len(text) - 1 and (ch == " " or start >= end) and (
                    self.column + (end - start) > self.width and split) and end != escaped_space:
                # (PyYAML 6 breaks again right after a line that begins with an
                # escaped space when the indentation reaches the width, writing
                # ``\\``, a backslash: that second break is not made here)
                data = text[start:end] + "\\"
                if start < end:
                    start = end
                self.put(data)
                self.write_indent()
                self.whitespace = False
                self.indention = False
                if text[start] == " ":
                    self.put("\\")
                    escaped_space = start
            end += 1
        self.indicator('"', False)


def dump(tree: dict[str, Any] | list[Any], *, width: int = 80,
         default_flow_style: bool | None = False) -> str:
    """One YAML document of *tree* (a dict or a list), exactly as
    ``yaml.dump(tree, Dumper=OddBreakDumper, sort_keys=False,
    allow_unicode=True, width=width, default_flow_style=default_flow_style)``
    writes it; the defaults are PyYAML's."""
    if type(tree) is not dict and type(tree) is not list:
        raise TypeError(f"the YAML writer writes a dict or a list, not {type(tree).__name__}")
    if width <= 2 * _STEP:
        raise ValueError(f"width {width}: lines narrower than {2 * _STEP + 1} columns")
    emitter = _Emitter(width, default_flow_style)
    emitter.node(tree)
    emitter.write_indent()                      # PyYAML's document end
    return "".join(emitter.out)


def dump_record(tree: dict[str, Any]) -> str:
    """One YAML document of a record's tree, exactly as
    ``yaml.dump(tree, Dumper=OddBreakDumper, **YAML_OPTIONS)`` writes it."""
    return dump(tree, width=100, default_flow_style=None)


def dump_records(trees: Iterable[dict[str, Any]]) -> str:
    """A YAML stream, one document per tree (``---`` between them)."""
    return "".join(d if k == 0 else "---\n" + d for k, d in enumerate(map(dump_record, trees)))


__all__ = ["YAML_OPTIONS", "dump", "dump_record", "dump_records"]
