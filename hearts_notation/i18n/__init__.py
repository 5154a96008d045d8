"""Message catalogs: every sentence a person reads, one typed table per language.

Each language is one module of this package (``en.py``, ``fr.py``, ...) that
defines ``MESSAGES`` (message id -> template with ``{name}`` placeholders) and
``is_one(n)`` (which counts take the singular).  :data:`LANGUAGES` is found by
listing the package, so adding a language is adding one module and nothing
else; ``tests/test_i18n_catalogs.py`` refuses a catalog that lacks an id
another has or whose placeholders differ from English's.

Code never branches on the language: it asks :func:`translate` for a message
id, and the words (including card ranks, suit names and the seat letters
N/E/S/O) come from the chosen catalog.  English is the reference: a language
missing an id falls back to English rather than showing nothing (the test
keeps that from happening in a shipped catalog).

The referee still writes its findings in English (its messages and codes are
stable and tested byte for byte); :func:`translate_finding` turns such a
message into another language by matching it against the English templates
of the ``finding.*`` ids and filling the target language's template with the
same values (cards and seats translated too).  A message no template matches
is left as it is, never guessed.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
import string
from collections.abc import Callable, Sequence
from functools import cache
from types import ModuleType
from typing import Final

__all__ = [
    "LANGUAGES",
    "card_name",
    "card_text",
    "catalog",
    "count",
    "join_list",
    "number",
    "placeholders",
    "seat_text",
    "translate",
    "translate_finding",
]

#: The languages with a catalog, English first.
LANGUAGES: Final[tuple[str, ...]] = tuple(sorted(
    (m.name for m in pkgutil.iter_modules(__path__) if not m.name.startswith("_")),
    key=lambda n: (n != "en", n)))


@cache
def _module(lang: str) -> ModuleType:
    if lang not in LANGUAGES:
        lang = "en"
    return importlib.import_module(f"{__name__}.{lang}")


def catalog(lang: str) -> dict[str, str]:
    """Every message of *lang* (English ids and words where it lacks one)."""
    return _merged(lang)


@cache
def _merged(lang: str) -> dict[str, str]:
    out = dict(_module("en").MESSAGES)
    out.update(_module(lang).MESSAGES)
    return out


def translate(lang: str, msg_id: str, **args: object) -> str:
    """The message *msg_id* in *lang*, its placeholders filled from *args*.

    An unknown id is a programming error (``KeyError``), not a blank."""
    template = _merged(lang)[msg_id]
    return template.format(**args) if args else template


def placeholders(template: str) -> frozenset[str]:
    """The names of a template's ``{placeholders}``."""
    return frozenset(f for _, f, _, _ in string.Formatter().parse(template) if f)


def number(lang: str, n: int) -> str:
    """*n* with the language's thousands separator (1,234 / 1 234)."""
    return f"{n:,}".replace(",", translate(lang, "number.group"))


def count(lang: str, msg_id: str, n: int) -> str:
    """A counted noun: ``msg_id + ".one"`` or ``".other"`` by the language's
    plural rule (French says 0 and 1 in the singular, English only 1)."""
    is_one: Callable[[int], bool] = _module(lang).is_one
    form = "one" if is_one(n) else "other"
    return translate(lang, f"{msg_id}.{form}", n=number(lang, n))


def join_list(lang: str, items: Sequence[str]) -> str:
    """``a, b and c`` / ``a, b et c``."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return translate(lang, "list.and", head=", ".join(items[:-1]), last=items[-1])


_RANKS: Final = "23456789TJQKA"
_CARD_RE: Final = re.compile(r"(?<![\w])(10|[2-9TJQKA])([♣♦♥♠])")


def card_text(lang: str, text: str) -> str:
    """Every card written ``Q♠`` in *text*, with the language's rank letters (``D♠``)."""
    def one(m: re.Match[str]) -> str:
        r = "T" if m.group(1) == "10" else m.group(1)
        return translate(lang, f"rank.{r}") + m.group(2)
    return _CARD_RE.sub(one, text)


def card_name(lang: str, rank: str, suit: str) -> str:
    """A card's full name: ``Queen of spades`` / ``Dame de pique``.

    *rank* is one of ``23456789TJQKA``, *suit* one of ``CDHS``."""
    return translate(lang, "card.name", rank=translate(lang, f"rank_name.{rank}"),
                     suit=translate(lang, f"suit_name.{suit}"))


_SEAT_RE: Final = re.compile(r"(?<![\w'’])([NESW])(?![\w'’])")


def seat_text(lang: str, text: str) -> str:
    """The seat letters N/E/S/W standing alone in *text*, in the language (O for W)."""
    return _SEAT_RE.sub(lambda m: translate(lang, f"seat.{m.group(1)}"), text)


# Findings ------------------------------------------------------------------------------------

_FIELD_RE: Final = re.compile(r"\{(\w+)\}")


@cache
def _finding_patterns() -> tuple[tuple[str, re.Pattern[str]], ...]:
    """Each English ``finding.*`` template as a regular expression, longest first
    (a more specific template wins over a shorter one that would also match)."""
    out = []
    for key, template in _module("en").MESSAGES.items():
        if not key.startswith("finding."):
            continue
        parts = _FIELD_RE.split(template)
        rx = "".join(re.escape(p) if i % 2 == 0 else f"(?P<{p}>.+?)" for i, p in enumerate(parts))
        out.append((key, re.compile(rx + r"\Z", re.S)))
    out.sort(key=lambda kp: -len(_module("en").MESSAGES[kp[0]]))
    return tuple(out)


def _value(lang: str, name: str, value: str) -> str:
    """A matched value in *lang*: cards, seats and lists translated, numbers and text kept."""
    value = card_text(lang, value)
    if name.startswith("direction") and f"direction.{value}" in _merged("en"):
        return translate(lang, f"direction.{value}")
    if name == "cycle":
        return ", ".join(translate(lang, f"direction.{d}") if f"direction.{d}" in _merged("en") else d
                         for d in value.split(", "))
    if name == "on":
        m = _ON_RE.match(value)
        if m:
            form = "other" if m.group(1) else "one"
            nums = m.group(2).replace(" and ", " " + translate(lang, "word.and") + " ")
            return translate(lang, f"on.{form}", list=nums)
        return value
    if name.startswith(("seat", "who", "card", "list", "to", "holder", "dealer", "other")):
        value = seat_text(lang, value)
        value = _MORE_RE.sub(lambda m: " " + translate(lang, "cards.more", n=m.group(1)), value)
        value = value.replace(" and ", " " + translate(lang, "word.and") + " ")
    return value


_ON_RE: Final = re.compile(r" on trick(s?) (.+)\Z")
_MORE_RE: Final = re.compile(r" and (\d+) more\Z")


def finding_id(message: str) -> tuple[str, dict[str, str]] | None:
    """The ``finding.*`` id whose English template produced *message*, and its values."""
    for key, rx in _finding_patterns():
        m = rx.match(message)
        if m:
            return key, m.groupdict()
    return None


def translate_finding(lang: str, message: str) -> str:
    """A referee message (English) in *lang*; unchanged when *lang* is English or
    no template matches it."""
    if lang == "en" or lang not in LANGUAGES:
        return message
    found = finding_id(message)
    if found is None:
        return card_text(lang, message)
    key, values = found
    return translate(lang, key, **{k: _value(lang, k, v) for k, v in values.items()})
