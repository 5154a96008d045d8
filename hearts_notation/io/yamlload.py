"""The YAML loader of the readers: libyaml's parser with a composer that
bounds nesting while it composes.

libyaml's own composer (``CSafeLoader``) recurses in C for every level of
nesting and does not check Python's recursion limit: about 30,000 unclosed
``[`` or ``{`` (a 60 KB line, or one bracket per line) overflow the C stack
and kill the interpreter with a segmentation fault, before the reader can
look at the document.  PyYAML's Python composer over libyaml's parser keeps
the C parser's speed for scanning and refuses a document nested past
:data:`HARD_DEPTH` levels at its place, as a syntax error.  Shallower
nesting over the ``depth`` limit is refused per document afterwards
(``jsonio._check_yaml_node``).

The YAML writer's dumper lives here too.  This module is not compiled with
mypyc: its classes derive from PyYAML's (one from libyaml's extension type),
which native classes cannot, and mypyc refuses classes nested in functions.
"""

from __future__ import annotations

from typing import Any

import yaml
from yaml.composer import Composer
from yaml.constructor import SafeConstructor
from yaml.resolver import Resolver

from ..i18n import msg
from .stream import RecordError

#: Nesting the composer follows before refusing the document: far above a
#: record's six levels and the ``depth`` limit's default, and far below what
#: Python's recursion limit allows (two frames per level).
HARD_DEPTH = 200

_Parser: Any
_Reader: Any = None
_Scanner: Any = None
try:
    from yaml.cyaml import CParser as _Parser  # type: ignore[attr-defined,unused-ignore]
except ImportError:  # PyYAML built without libyaml
    _Parser = yaml.parser.Parser
    _Reader = yaml.reader.Reader
    _Scanner = yaml.scanner.Scanner


class _BoundedComposer(Composer):
    """PyYAML's composer, counting the levels it is inside."""

    _level = 0

    def compose_node(self, parent: Any, index: Any) -> Any:
        if self._level >= HARD_DEPTH:
            loader: Any = self  # peek_event is the parser's, in the loader
            mark = loader.peek_event().start_mark
            raise RecordError(
                msg("record.yaml_here", what=msg("yaml.nested_more", n=HARD_DEPTH).arg()),
                line=mark.line + 1, column=mark.column + 1)
        self._level += 1
        try:
            return super().compose_node(parent, index)
        finally:
            self._level -= 1


def _same_node(a: Any, b: Any) -> bool:
    """Whether two composed YAML nodes hold the same value (the same tags
    and scalars, in the same order), walked without recursion."""
    stack = [(a, b)]
    while stack:
        x, y = stack.pop()
        if type(x) is not type(y) or x.tag != y.tag:
            return False
        if isinstance(x, yaml.ScalarNode):
            if x.value != y.value:
                return False
        elif len(x.value) != len(y.value):
            return False
        elif isinstance(x, yaml.MappingNode):
            for (xk, xv), (yk, yv) in zip(x.value, y.value, strict=True):
                stack.append((xk, yk))
                stack.append((xv, yv))
        else:
            stack.extend(zip(x.value, y.value, strict=True))
    return True


class _RepeatsConstructor(SafeConstructor):
    """PyYAML's safe constructor, noting the keys a mapping names twice
    (PyYAML keeps the last value silently): ``repeats`` gets (mapping node,
    the repeated key's node, whether its value is the same as the first's)
    for the reader to report (``duplicate-key``, docs/spec.md 5.2)."""

    repeats: list[tuple[Any, Any, bool]]

    def construct_mapping(self, node: Any, deep: bool = False) -> Any:
        if isinstance(node, yaml.MappingNode):
            first: dict[tuple[str, str], Any] = {}
            for key, value in node.value:
                if isinstance(key, yaml.ScalarNode):
                    seen = first.setdefault((key.tag, key.value), value)
                    if seen is not value:
                        self.repeats.append((node, key, _same_node(seen, value)))
        return super().construct_mapping(node, deep)


if _Reader is None:
    class BoundedLoader(_BoundedComposer, _Parser, _RepeatsConstructor, Resolver):  # type: ignore[misc,unused-ignore]
        """libyaml's parser, the bounded composer, the safe constructor."""

        def __init__(self, stream: Any) -> None:
            _Parser.__init__(self, stream)
            _BoundedComposer.__init__(self)
            _RepeatsConstructor.__init__(self)
            Resolver.__init__(self)
            self.repeats = []
else:  # PyYAML built without libyaml: every part in Python.
    class BoundedLoader(_Reader, _Scanner, _Parser, _BoundedComposer,  # type: ignore[no-redef,misc,unused-ignore]
                        _RepeatsConstructor, Resolver):
        """PyYAML's pure-Python safe loader with the bounded composer."""

        def __init__(self, stream: Any) -> None:
            _Reader.__init__(self, stream)
            _Scanner.__init__(self)
            _Parser.__init__(self)
            _BoundedComposer.__init__(self)
            _RepeatsConstructor.__init__(self)
            Resolver.__init__(self)
            self.repeats = []


#: Line breaks other than ``\n`` that PyYAML's plain and single-quoted styles
#: fold or drop; a string holding one is written double-quoted, where YAML
#: has escapes for them (\N, \L, \P).
ODD_BREAKS = ("\x85", "\u2028", "\u2029")


class OddBreakDumper(yaml.SafeDumper):
    """PyYAML's safe dumper, with strings that hold an odd line break written
    double-quoted so that they read back exactly."""


def _represent_str(dumper: yaml.SafeDumper, value: str) -> Any:
    style = '"' if any(b in value for b in ODD_BREAKS) else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


OddBreakDumper.add_representer(str, _represent_str)
