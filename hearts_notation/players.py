"""Who is who: player names from the seat tags, compared as people mean them.

A club writes the same person several ways over an evening ("Maëlle" typed
on two keyboards, a trailing space, "Gwen" and "Gwenaëlle").  Names are
compared after Unicode normalisation (NFC, so a precomposed "ë" and "e" with
a combining diaeresis are one name) and trimming; case counts unless the
caller asks otherwise ("Anne" and "anne" may be two people).  An aliases
file merges the other spellings into one name:

.. code-block:: yaml

    Gwenaëlle: [Gwen, Gwenn]
    Maëlle: Maelle

The file is read with ``yaml.safe_load`` and bounded (size, entries, name
length) since it may come from anywhere; a spelling given under two names is
an error, not a silent choice.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .i18n import Arg, Msg, msg, os_reason

#: Limits on an aliases file: bytes, names and spellings, characters per name.
MAX_ALIAS_BYTES = 1 << 20
MAX_ALIAS_ENTRIES = 10_000
MAX_NAME_CHARS = 200


class AliasError(ValueError):
    """An aliases file that cannot be used: ``file[:line:col]: message``,
    the message a catalog id and arguments (:meth:`text` in any language)."""

    def __init__(self, where: str, message: Msg) -> None:
        super().__init__(f"{where}: {message.text()}")
        self.where = where
        self.msg = message

    def text(self, lang: str = "en") -> str:
        """The error in *lang*."""
        return f"{self.where}: {self.msg.text(lang)}"

    def __reduce__(self) -> tuple[object, ...]:
        return (AliasError, (self.where, self.msg))


#: The apostrophes and hyphens a word processor or a phone types for the
#: keyboard's ``'`` and ``-`` (``d’Artagnan``, ``N’Diaye``, ``Jean‑Pierre``
#: with a no-break hyphen): one name as typed, as a composed and a decomposed
#: ``ë`` are (french12, docs/decisions.md).
_TYPED_SAME: dict[int, str] = {0x2019: "'", 0x02BC: "'", 0x2018: "'", 0x2010: "-", 0x2011: "-"}


def tidy(name: str) -> str:
    """A name as shown: NFC, surrounding white space removed, inner runs of
    white space made one space; its apostrophes and hyphens as typed."""
    return " ".join(unicodedata.normalize("NFC", name).split())


def normalise(name: str) -> str:
    """A name as compared: :func:`tidy`, the typographic apostrophe and
    hyphens made the keyboard's (:data:`_TYPED_SAME`; NFC leaves them
    alone, so the order does not matter)."""
    return tidy(name.translate(_TYPED_SAME))


def loose_key(name: str) -> str:
    """A name with its case, accents, spacing and invisible characters
    taken away (``helene`` for ``Hélène``, ``Helene`` and ``HÉLÈNE``): two
    different names with the same loose key are most likely one player
    spelt two ways.  The invisible ones are Unicode's format characters (a
    zero-width space or joiner, a soft hyphen, a direction mark): ``T\u200bom``
    was a second player shown exactly as ``Tom``, with no word of it (round
    26); the standings now warn about the two, as about ``Tom`` and ``TOM``."""
    plain = unicodedata.normalize("NFKD", normalise(name))
    return "".join(c for c in plain if not unicodedata.combining(c)
                   and unicodedata.category(c) != "Cf").casefold()


def near_duplicates(names: Iterable[str]) -> list[tuple[str, ...]]:
    """Groups of two or more distinct names that differ only by case,
    accents or spacing (:func:`loose_key`), in the order first met: the
    standings warn about them and name the ``--aliases`` fix rather than
    guess that they are one player."""
    groups: dict[str, list[str]] = {}
    for name in names:
        group = groups.setdefault(loose_key(name), [])
        if normalise(name) not in map(normalise, group):   # (``N’Diaye`` is ``N'Diaye``)
            group.append(name)
    return [tuple(g) for g in groups.values() if len(g) > 1]


@dataclass
class Identity:
    """How names become players: normalisation, case, aliases.

    :meth:`key` gives the comparison key of a written name; :meth:`display`
    the name shown for a key (the aliases file's own spelling, else the
    first spelling met).
    """

    aliases: Mapping[str, str] = field(default_factory=dict)
    ignore_case: bool = False
    _shown: dict[str, str] = field(default_factory=dict, repr=False)

    def _fold(self, name: str) -> str:
        return name.casefold() if self.ignore_case else name

    def key(self, name: str | None) -> str:
        """The key of a written name ("" for no name)."""
        if not name:
            return ""
        n = normalise(name)
        if not n:
            return ""
        canon = self.aliases.get(self._fold(n))
        k = self._fold(canon if canon is not None else n)
        # (shown as first written: ``N’Diaye`` keeps its apostrophe on the board)
        self._shown.setdefault(k, canon if canon is not None else tidy(name))
        return k

    def display(self, key: str) -> str:
        """The name to show for a key."""
        return self._shown.get(key, key)


def _check_alias_nesting(path: str, root: Any) -> None:
    """Refuse a value nested deeper than an aliases file has (a mapping of
    names to a spelling or a list of spellings), at its place, walking the
    composed nodes without recursion."""
    import yaml

    stack: list[tuple[Any, int]] = [(root, 1)] if root is not None else []
    while stack:
        node, depth = stack.pop()
        if depth > 3:
            mark = node.start_mark
            raise AliasError(f"{path}:{mark.line + 1}:{mark.column + 1}", msg("alias.nested"))
        if isinstance(node, yaml.SequenceNode):
            stack.extend((child, depth + 1) for child in node.value)
        elif isinstance(node, yaml.MappingNode):
            for key, value in node.value:
                stack.append((key, depth + 1))
                stack.append((value, depth + 1))


def load_aliases(path: str, ignore_case: bool = False) -> dict[str, str]:
    """Spelling (folded as compared) → the name it stands for, from an aliases
    file: a YAML mapping of names to one spelling or a list of them."""
    from pathlib import Path  # (an aliases file only: start-up)

    p = Path(path)
    try:
        size = p.stat().st_size
        if size > MAX_ALIAS_BYTES:
            raise AliasError(path, msg("alias.too_big", size=("num", size),
                                             limit=("num", MAX_ALIAS_BYTES)))
        # At most one byte past the limit is read: a device or a pipe has no
        # size to check first (--aliases /dev/zero was read until memory ran out).
        with p.open("rb") as fh:
            raw = fh.read(MAX_ALIAS_BYTES + 1)
    except OSError as exc:
        raise AliasError(path, msg("alias.cannot_read", why=os_reason(exc))) from None
    big = None if len(raw) <= MAX_ALIAS_BYTES else AliasError(
        path, msg("alias.too_big", size=("num", len(raw)), limit=("num", MAX_ALIAS_BYTES)))
    text = _decoded(raw, path, big)
    import yaml  # only for an aliases file (start-up cost)

    from .io.jsonio import json_type
    from .io.stream import RecordError
    from .io.yamlload import (
        CONSTRUCT_ERRORS,
        BoundedLoader,
        text_peek,
        text_placer,
        words_as_text,
        yaml_error,
    )

    # The records' YAML loader: its composer refuses deep nesting at its place
    # (plain yaml.safe_load recursed into a RecursionError, or libyaml's C
    # composer overflowed the stack); an aliases file needs three levels.
    loader = BoundedLoader(text)
    try:
        node = loader.get_single_node()
        _check_alias_nesting(path, node)
        if node is not None:
            words_as_text(node)         # every value is a name: Yes, On, 007 as written
        data = loader.construct_document(node) if node is not None else None
    except yaml.YAMLError as yerr:
        fault = yaml_error(yerr, text_placer(text), text_peek(text))
        where = f":{fault.line}:{fault.column}" if fault.line is not None else ""
        raise AliasError(path + where, fault.msg) from None
    except RecordError as exc:
        where = f":{exc.line}:{exc.column}" if exc.line is not None else ""
        raise AliasError(path + where, exc.msg) from None
    except AliasError:
        raise
    except CONSTRUCT_ERRORS:          # a value its YAML type cannot hold (!!bool x)
        raise AliasError(path, msg("record.yaml_here", what=msg("yaml.bad_value").arg())) from None
    finally:
        loader.dispose()
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise AliasError(path, msg("alias.mapping", found=json_type(data)))
    for _mapping, key, _same in loader.repeats:
        # PyYAML keeps the last list silently: the first one's spellings were lost
        raise AliasError(_at(path, key), msg("alias.repeated", name=repr(str(key.value)[:60])))
    # The place of each key and spelling, in the order of *data*'s items
    # (the same order: no key is repeated, and a merge key is nested too deep).
    places = [(key, list(value.value) if isinstance(value, yaml.SequenceNode) else [value])
              for key, value in node.value] if isinstance(node, yaml.MappingNode) else []

    def fold(s: str) -> str:
        return s.casefold() if ignore_case else s
    out: dict[str, str] = {}
    count = 0

    def name_of(value: object, what: Arg, where: str) -> str:
        if isinstance(value, bool) or not isinstance(value, str | int):
            found = repr(value)[:60] if isinstance(value, str) else json_type(value)
            raise AliasError(where, msg("alias.not_name", what=what, found=found))
        n = normalise(str(value))
        if not n or len(n) > MAX_NAME_CHARS:
            raise AliasError(where, msg("alias.name_length", what=what, n=MAX_NAME_CHARS))
        return n

    for k, (raw_name, spellings) in enumerate(data.items()):
        key_node, item_nodes = places[k] if k < len(places) else (None, [])
        name = name_of(raw_name, msg("alias.a_key").arg(), _at(path, key_node))
        items = spellings if isinstance(spellings, list) else [spellings] if spellings is not None else []
        for j, raw in enumerate([name, *items]):
            count += 1
            if count > MAX_ALIAS_ENTRIES:
                raise AliasError(path, msg("alias.too_many", n=("num", MAX_ALIAS_ENTRIES)))
            where = _at(path, key_node if j == 0 else
                        item_nodes[j - 1] if j - 1 < len(item_nodes) else None)
            s = fold(name_of(raw, msg("alias.a_spelling", name=repr(name)).arg(), where))
            prev = out.get(s)
            if prev is not None and fold(prev) != fold(name):
                raise AliasError(where, msg("alias.both", raw=repr(str(raw)), a=repr(prev),
                                            b=repr(name)))
            out[s] = name
    return out


def _decoded(raw: bytes, path: str, too_big: AliasError | None) -> str:
    """The text of an aliases file, decoded as the records are
    (:func:`hearts_notation.io.stream.decode`): UTF-8 with or without its mark,
    UTF-16 or UTF-32 with theirs (Windows Notepad saves "Unicode" as UTF-16),
    and refused with the same words and place otherwise (the first byte that
    is not UTF-8 at ``file:line:col``, a NUL byte as binary data, UTF-16
    without its mark named as such).  An empty or blank file is no aliases,
    not an error: the records' "empty input" does not apply.

    *too_big*, the error of a file past the limit (*raw* is then its first
    bytes, one past the limit): raised unless the bytes are binary, which
    says more (``--aliases /dev/zero``), and raised in place of a decoding
    error, which may come from the cut at the limit."""
    from .io.stream import InputError, decode

    try:
        text = decode(raw, path)
    except InputError as exc:
        key = exc.msg.key if exc.msg is not None else ""
        if key == "input.empty":
            return ""
        if too_big is not None and key not in _BINARY:
            raise too_big from None
        where = path if exc.line is None else (
            f"{path}:{exc.line}" if exc.column is None else f"{path}:{exc.line}:{exc.column}")
        raise AliasError(where, exc.msg or msg("alias.cannot_read", why=exc.message)) from None
    if too_big is not None:
        raise too_big
    return text


#: The decoder's words for bytes that are no text at all (not a text in
#: another encoding): said even of a file past the size limit.
_BINARY = frozenset({"input.binary", "input.binary_kind", "input.utf16_no_bom"})


def _at(path: str, node: Any) -> str:
    """``path:line:column`` of a composed YAML *node* of an aliases file
    (``path`` alone without one): a name refused is shown where it is."""
    if node is None:
        return path
    mark = node.start_mark
    return f"{path}:{mark.line + 1}:{mark.column + 1}"


__all__ = ["AliasError", "Identity", "load_aliases", "loose_key", "near_duplicates", "normalise"]
