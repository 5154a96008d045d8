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

A finding carries its message as an id and arguments (:class:`Msg`, see
"Messages with arguments" below): its English text is rendered once for the
model and the JSON report, and any other language renders the same id and
arguments from its own catalog at the output.  Nothing is ever recognised
from an English sentence.
"""

from __future__ import annotations

import datetime
import importlib
import os
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from types import ModuleType
from typing import Any, Final

__all__ = [
    "CLOSING",
    "LANGUAGES",
    "NO_BREAK",
    "PLACE_ARGS",
    "Arg",
    "Args",
    "Msg",
    "args_from_json",
    "card",
    "card_ascii",
    "card_letters",
    "card_name",
    "card_text",
    "cards",
    "catalog",
    "count",
    "current_language",
    "date_text",
    "direction",
    "elides_before",
    "finding_text",
    "join_list",
    "kept_spaces",
    "locale_language",
    "moved_places",
    "msg",
    "name_beside_seat",
    "names_in_view",
    "number",
    "numbers_and",
    "os_reason",
    "person",
    "placeholders",
    "plain_spaces",
    "players_in_view",
    "plural",
    "plural_rule",
    "public_finding",
    "render",
    "rules_label",
    "seat",
    "seat_label",
    "seat_text",
    "seats_and",
    "seats_in_view",
    "seats_space",
    "set_language",
    "translate",
    "yaml_problem",
]

def _catalog_names() -> set[str]:
    """The modules of this package, found by listing its folder (what
    ``pkgutil.iter_modules`` finds, without importing ``pkgutil``: every
    command pays for this module)."""
    from importlib.machinery import all_suffixes

    suffixes = sorted(all_suffixes(), key=len, reverse=True)
    names: set[str] = set()
    for folder in __path__:
        try:
            entries = os.listdir(folder)
        except OSError:
            continue
        for entry in entries:
            name = next((entry[:-len(s)] for s in suffixes if entry.endswith(s)), None)
            if name is None and os.path.isfile(os.path.join(folder, entry, "__init__.py")):
                name = entry
            if name and name.isidentifier():
                names.add(name)
    return names


#: The languages with a catalog, English first.
LANGUAGES: Final[tuple[str, ...]] = tuple(sorted(
    (name for name in _catalog_names() if not name.startswith("_")),
    key=lambda n: (n != "en", n)))


def locale_language(environ: Mapping[str, str] | None = None) -> str:
    """The language of the user's locale, as POSIX looks it up for messages:
    the first of ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` that is set and not
    empty decides; a language the program does not speak (or ``C``/``POSIX``)
    gives English."""
    env = os.environ if environ is None else environ
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var, "")
        if value:
            lang = value.split(".", 1)[0].split("_", 1)[0].split("@", 1)[0].lower()
            return lang if lang in LANGUAGES else "en"
    return "en"


_CURRENT: list[str] = []


def set_language(lang: str) -> None:
    """The language of this run's messages (a command's ``--lang``)."""
    _CURRENT[:] = [lang if lang in LANGUAGES else "en"]


def current_language() -> str:
    """The language of this run's messages: set by the command line (the
    locale's, then the command's ``--lang``); English for the library."""
    return _CURRENT[0] if _CURRENT else "en"


@cache
def _module(lang: str) -> ModuleType:
    if lang not in LANGUAGES:
        lang = "en"
    return importlib.import_module(f"{__name__}.{lang}")


def plural_rule(lang: str) -> Callable[[int], bool]:
    """The language's rule for the singular (``is_one``: French says 0 and
    1 in the singular, English only 1)."""
    is_one: Callable[[int], bool] = _module(lang).is_one
    return is_one


def catalog(lang: str) -> dict[str, str]:
    """Every message of *lang* (English ids and words where it lacks one)."""
    return _merged(lang)


@cache
def _merged(lang: str) -> dict[str, str]:
    out = dict(_module("en").MESSAGES)
    out.update(_module(lang).MESSAGES)
    return out


def translate(lang: str, msg_id: str, /, **args: object) -> str:
    """The message *msg_id* in *lang*, its placeholders filled from *args*.

    An unknown id is a programming error (``KeyError``), not a blank."""
    return _merged(lang)[msg_id].format(**args)


def placeholders(template: str) -> frozenset[str]:
    """The names of a template's ``{placeholders}``."""
    import string

    return frozenset(f for _, f, _, _ in string.Formatter().parse(template) if f)


def number(lang: str, n: int) -> str:
    """*n* with the language's thousands separator (1,234 / 1 234)."""
    return f"{n:,}".replace(",", translate(lang, "number.group"))


#: A calendar date as a ``Date`` tag holds it: ISO 8601 (``2026-11-16``) or
#: PGN's dots (``2026.11.16``), nothing else on the line.
_DATE = re.compile(r"(\d{4})([-.])(\d{2})\2(\d{2})")


def date_text(lang: str, text: str) -> str:
    """A ``Date`` tag as a person reads it in *lang*: a calendar date
    written ``2026-11-16`` or ``2026.11.16`` in words (« 16 novembre
    2026 », "16 November 2026", « 1er mars 2026 »); any other text, and a
    day no calendar has (``2026-02-30``), as typed.  The record keeps the
    tag as written (spec 2.2); only what is shown changes (round 30,
    helper lang30: *2025.11.16* in a French replay's header)."""
    m = _DATE.fullmatch(text.strip())
    if m is None:
        return text
    try:
        day = datetime.date(int(m.group(1)), int(m.group(3)), int(m.group(4)))
    except ValueError:
        return text
    return translate(lang, "date.long", year=str(day.year), month=translate(
        lang, f"date.month.{day.month}"),
        day=translate(lang, "date.day_one") if day.day == 1 else str(day.day))


def plural(lang: str, n: float) -> str:
    """``"one"`` or ``"other"``: the form *n* takes in *lang* (its ``is_one``)."""
    is_one: Callable[[float], bool] = _module(lang).is_one
    return "one" if is_one(abs(n)) else "other"


def count(lang: str, msg_id: str, n: int) -> str:
    """A counted noun: ``msg_id + ".one"`` or ``".other"`` by the language's
    plural rule (French says 0 and 1 in the singular, English only 1)."""
    is_one: Callable[[int], bool] = _module(lang).is_one
    form = "one" if is_one(n) else "other"
    return translate(lang, f"{msg_id}.{form}", n=number(lang, n))


#: The signs French sets off with a space before it (``règles : standard``,
#: ``« NOM »``, ``12,5 %``): a line is never broken before one, nor after
#: ``«`` (helper lang28; the catalogs write an ordinary space there).
CLOSING: Final = ":;!?%»"
#: The spaces a line is never broken at: no-break, figure and narrow
#: no-break (French's thousands separator, ``number.group``).
NO_BREAK: Final = "\u00a0\u2007\u202f"
#: The ordinary spaces of a text a line must not break at (compiled on use).
_KEPT_SPACES: Final = f"(?<=«)[ \t]+|[ \t]+(?=[{CLOSING}])"


def kept_spaces(text: str, mark: str) -> str:
    """*text* with each run of ordinary spaces a line must not break at
    (before a sign of :data:`CLOSING`, after ``«``) replaced by *mark*: the
    help pages hand click's wrapping (which breaks at ordinary spaces only)
    a text it cannot break there, and put the spaces back after."""
    return re.sub(_KEPT_SPACES, mark, text) if any(c in text for c in CLOSING + "«") else text


#: The typography an ASCII output (``--ascii``) writes plainly: the kept
#: spaces as ordinary ones, the dashes as a hyphen (round 35, ascii35).
_PLAIN: Final = str.maketrans({**dict.fromkeys(NO_BREAK, " "), "\u2014": "-", "\u2013": "-"})


def plain_spaces(text: str) -> str:
    """*text* as an output that promised ASCII writes it: no-break spaces
    (which keep a suit with its ranks, or French's ``:`` with its word) as
    ordinary spaces and the dashes as ``-``.  Call it after the lines are
    broken: the rule of :func:`kept_spaces` still decides where they break."""
    return text.translate(_PLAIN)


def join_list(lang: str, items: Sequence[str]) -> str:
    """``a, b and c`` / ``a, b et c``."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return translate(lang, "list.and", head=", ".join(items[:-1]), last=items[-1])


_RANKS: Final = "23456789TJQKA"
#: A card written ``Q♠`` (compiled on first use, by ``re``'s cache: start-up).
_CARD_RE: Final = r"(?<![\w])(10|[2-9TJQKA])([♣♦♥♠])"


@cache
def _ranks(lang: str) -> dict[str, str]:
    """The language's rank letters by rank as a card may be written (``10``
    and ``T`` alike): looked up once, not per card of every message."""
    table = {r: translate(lang, f"rank.{r}") for r in _RANKS}
    table["10"] = table["T"]
    return table


def card_text(lang: str, text: str) -> str:
    """Every card written ``Q♠`` in *text*, with the language's rank letters (``D♠``)."""
    if not any(suit in text for suit in "♣♦♥♠"):
        return text
    ranks = _ranks(lang)
    return re.sub(_CARD_RE, lambda m: ranks[m.group(1)] + m.group(2), text)


#: A card written with a suit symbol in either language's ranks (``Q♠``,
#: ``10♠``, ``D♠``, ``R♣``, ``V♥``): English and French rank letters do not
#: overlap, so one pattern reads both.
_ANY_CARD_RE: Final = r"(?<![\w])(10|[2-9TJQKARDV])([♣♦♥♠])"
_RECORD_RANK: Final = {**{r: r for r in _RANKS}, "10": "T", "R": "K", "D": "Q", "V": "J"}
_RECORD_SUIT: Final = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}


def card_letters(text: str, lang: str | None = None) -> str:
    """Every card of *text* written with a suit symbol (either language's
    ranks) in letters: as a record's ASCII card (``J♥`` and ``V♥`` ->
    ``JH``) without *lang*, what a record written in letters writes in its
    comments so that its cards read one way (docs/spec.md 2.8); as the
    screen's ASCII cards in *lang* (:func:`card_ascii`: ``VC`` in French)
    with it, for a comment shown by ``--ascii`` (round 35, ascii35)."""
    if not any(suit in text for suit in _RECORD_SUIT):
        return text

    def letters(m: re.Match[str]) -> str:
        card = _RECORD_RANK[m.group(1)] + _RECORD_SUIT[m.group(2)]
        return card if lang is None else card_ascii(lang, card)

    return re.sub(_ANY_CARD_RE, letters, text)


def rules_label(lang: str, spec: str) -> str:
    """A rules spec for people: its preset by the language's name for it
    (``trois joueurs`` for ``three-players``), the rule keys after it as
    written (they are what one types)."""
    head, sep, rest = spec.partition(" ")
    key = f"preset_name.{head}"
    if key in _merged("en"):
        head = translate(lang, key)
    return head + sep + rest


def card_ascii(lang: str, text: str) -> str:
    """A card written ``QS`` as plain ASCII for people in *lang*: ``QS`` in
    English, ``DP`` in French (ranks R D V 10, suits P C K T: pique, cœur,
    carreau, trèfle, as French bridge writes them).  For the screen only:
    a record's ASCII cards are always ``QS`` (docs/spec.md, section 2)."""
    rank, suit = text[:-1], text[-1]
    return translate(lang, f"ascii.rank.{'T' if rank == '10' else rank}") + \
        translate(lang, f"ascii.suit.{suit}")


def card_name(lang: str, rank: str, suit: str) -> str:
    """A card's full name: ``Queen of spades`` / ``Dame de pique``.

    *rank* is one of ``23456789TJQKA``, *suit* one of ``CDHS``."""
    return translate(lang, "card.name", rank=translate(lang, f"rank_name.{rank}"),
                     suit=translate(lang, f"suit_name.{suit}"))


def seat_text(lang: str, seat: str) -> str:
    """A seat as the language writes it: the letters N/E/S/W translated (O
    for W in French) only when they are the whole name, never inside a name
    or a word ("Walter" stays "Walter")."""
    return _show(lang, ("seat", seat))


# Messages with arguments -----------------------------------------------------------------
#
# A finding carries a message id and its arguments rather than a sentence, so
# that any language renders it from its own catalog (and programs read the
# stable id).  An argument is plain data that survives JSON and pickling: an
# ``int`` or ``str`` is shown as it is; a tuple is a tagged value whose first
# item says how each language shows it:
#
# - ``("seat", "W")``: a seat (the letters N/E/S/W in the language, any other
#   name as written);
# - ``("card", "Q♠")`` and ``("cards", limit, "Q♠", ...)``: cards with the
#   language's rank letters, a long list cut after *limit* ("and 2 more");
# - ``("dir", "left")``: a pass direction; ``("moon", "add")``: a moon choice;
# - ``("and", a, b, ...)``, ``("comma", ...)``, ``("space", ...)``: arguments
#   joined by the language's "a, b and c", by ", " or by " "; ``("or", ...)``
#   by the language's " or ", ``("or_list", ...)`` as "a, b or c";
#   ``("paren", a)``: ``(a)``; ``("num", n)``: a number with the language's
#   thousands separator; ``("dec", "2.5")``: a number with decimals, the
#   language's decimal mark too (:func:`decimal`);
# - ``("msg", id, ((name, arg), ...))``: a message inside another.

#: An argument of a message (see above).
Arg = int | str | tuple["Arg", ...]
#: The arguments of a message, as ``(name, value)`` pairs.
Args = tuple[tuple[str, Arg], ...]


@dataclass(frozen=True, slots=True)
class Msg:
    """A message id and its arguments: rendered in a language by :meth:`text`."""

    key: str
    args: Args = ()

    def text(self, lang: str = "en") -> str:
        """The message in *lang*."""
        return render(lang, self.key, self.args)

    def arg(self) -> Arg:
        """This message as an argument of another (:meth:`of` reads it back)."""
        return ("msg", self.key, tuple((k, v) for k, v in self.args))

    @staticmethod
    def of(value: Arg) -> Msg | None:
        """The message an argument holds (``("msg", id, ((name, arg), ...))``,
        as :meth:`arg` makes it), or ``None`` when *value* is no message: the
        one inverse of :meth:`arg`, for whoever looks inside a message's
        arguments (the reader taking back the grammar's own error, the
        editor's quick fixes finding the word a nested error quoted).  A
        pair that is not ``(name, arg)`` is left out, as a renderer would
        show nothing for it."""
        if not (isinstance(value, tuple) and len(value) == 3 and value[0] == "msg"
                and isinstance(value[1], str) and isinstance(value[2], tuple)):
            return None
        return Msg(value[1], tuple((p[0], p[1]) for p in value[2]
                                   if isinstance(p, tuple) and len(p) == 2 and isinstance(p[0], str)))


def clip(text: str, limit: int = 60) -> str:
    """*text* cut at *limit* characters (``…`` after the cut), for a value a
    message quotes: a record's string may be as long as its line or its
    record (64 KiB, 16 MiB), and a message quoted once per finding would
    otherwise grow with the square of it (docs/robustness.md: messages quote
    values boundedly)."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


class MessageError(Exception):
    """An error whose message is a catalog message (``msg``): :meth:`text`
    words it in any language, ``str()`` in English.  The base of the
    package's errors that say no more than their message."""

    def __init__(self, message: Msg) -> None:
        super().__init__(message.text())
        self.msg = message

    def text(self, lang: str = "en") -> str:
        """The message in *lang*."""
        return self.msg.text(lang)


def msg(key: str, /, **args: Arg) -> Msg:
    """The message *key* with *args* (checked against the English catalog: an
    unknown id is a programming error, found by the first test that makes it).

    A key ending in ``.#name`` is counted: each language takes its
    ``.one`` or ``.other`` form by its own plural rule for the argument
    *name* (French says "0 point", English "0 points")."""
    base, sep, counted = key.rpartition(".#")
    if sep:
        if f"{base}.one" not in _merged("en") or counted not in args:
            raise KeyError(key)
    elif key not in _merged("en"):
        raise KeyError(key)
    return Msg(key, tuple(args.items()))


#: The operating system's errors that have a message of their own in the
#: catalogs (``oserror.ENOSPC``...); others are shown as the system words them.
_OS_ERRORS: Final = frozenset({"ENOENT", "EACCES", "EPERM", "ENOSPC", "EROFS", "EISDIR",
                               "ENOTDIR", "EIO", "EDQUOT", "EFBIG", "EPIPE", "ENAMETOOLONG",
                               "ELOOP", "EBUSY", "ETXTBSY", "EEXIST", "ENXIO",
                               "EMFILE", "ENFILE", "ENODEV", "EAGAIN", "EINVAL", "ESTALE"})


def os_reason(exc: BaseException | None, text: str = "") -> Arg:
    """Why a file could not be read or written, as a message argument: the
    catalog's words for the common system errors (a full disk, a denied
    permission...), else the system's own (*text*, or the exception's)."""
    import errno as _errno

    code = getattr(exc, "errno", None)
    name = _errno.errorcode.get(code) if isinstance(code, int) else None
    if name in _OS_ERRORS:
        return ("msg", f"oserror.{name}", ())
    if text:
        return text
    return str(getattr(exc, "strerror", None) or exc)


#: The YAML parser's words for broken YAML (PyYAML's and libyaml's, the
#: start of a problem or of its context) -> the catalog's.
_YAML_PROBLEMS: Final = (
    ("mapping values are not allowed", "yaml.mapping_values"),
    ("could not find expected ':'", "yaml.expected_colon"),
    ("did not find expected ',' or ']'", "yaml.expected_comma_bracket"),
    ("did not find expected ',' or '}'", "yaml.expected_comma_brace"),
    ("expected ',' or ']'", "yaml.expected_comma_bracket"),
    ("expected ',' or '}'", "yaml.expected_comma_brace"),
    ("did not find expected key", "yaml.expected_key"),
    ("expected <block end>", "yaml.expected_key"),
    ("did not find expected '-' indicator", "yaml.expected_dash"),
    ("did not find expected node content", "yaml.expected_node"),
    ("expected the node content", "yaml.expected_node"),
    ("did not find expected <document start>", "yaml.expected_document"),
    ("expected '<document start>'", "yaml.expected_document"),
    ("found character that cannot start any token", "yaml.bad_character"),
    ("found character", "yaml.bad_character"),
    ("found a tab character", "yaml.tab_indent"),
    ("found unexpected end of stream", "yaml.end_of_stream"),
    ("found unknown escape character", "yaml.bad_escape"),
    ("found unexpected ':'", "yaml.unexpected_colon"),
    ("block sequence entries are not allowed", "yaml.sequence_here"),
    ("found undefined alias", "yaml.undefined_alias"),
    ("found undefined tag handle", "yaml.undefined_tag"),
    ("control characters are not allowed", "yaml.control_character"),
    ("special characters are not allowed", "yaml.control_character"),
    ("found duplicate anchor", "yaml.duplicate_anchor"),
    ("expected a comment or a line break", "yaml.expected_line_break"),
    ("could not determine a constructor for the tag", "yaml.unknown_tag"),
    ("found unhashable key", "yaml.unhashable_key"),
    ("did not find expected alphabetic or numeric character", "yaml.expected_name"),
    ("expected alphabetic or numeric character", "yaml.expected_name"),
    ("found unknown directive name", "yaml.unknown_directive"),
    ("found duplicate %YAML directive", "yaml.duplicate_directive"),
    ("found duplicate YAML directive", "yaml.duplicate_directive"),
    ("found duplicate %TAG directive", "yaml.duplicate_directive"),
    ("found duplicate tag handle", "yaml.duplicate_directive"),
    ("found incompatible YAML document", "yaml.incompatible_version"),
    ("did not find expected whitespace or line break", "yaml.expected_space"),
    ("expected ' '", "yaml.expected_space"),
    ("did not find expected comment or line break", "yaml.expected_line_break"),
    ("found unexpected document indicator", "yaml.document_marker"),
    ("found unexpected document separator", "yaml.document_marker"),
    ("expected a single document in the stream", "yaml.single_document"),
    ("did not find expected hexdecimal number", "yaml.bad_escape"),
    ("expected escape sequence of", "yaml.bad_escape"),
    ("found invalid Unicode character escape code", "yaml.bad_escape"),
    ("did not find expected tag URI", "yaml.bad_tag"),
    ("did not find URI escaped octet", "yaml.bad_tag"),
    ("expected URI", "yaml.bad_tag"),
    ("did not find the expected '>'", "yaml.bad_tag"),
    ("expected '>'", "yaml.bad_tag"),
    ("mapping keys are not allowed", "yaml.key_here"),
    ("expected chomping or indentation indicators", "yaml.block_scalar"),
    ("found an indentation indicator equal to 0", "yaml.block_scalar"),
    ("expected indentation indicator", "yaml.block_scalar"),
)


def yaml_problem(*said: str | None) -> Msg | None:
    """The catalog's words for what the YAML parser (PyYAML or libyaml)
    said of broken YAML, *said* in order of preference (its problem, then
    its context: the first the catalog knows), or ``None`` when the
    catalog knows none of them: the parser words them in English only, so
    a caller says so in the run's language or leaves the detail out (as
    :func:`os_reason` for the system's errors)."""
    for text in said:
        if text:
            for start, key in _YAML_PROBLEMS:
                if text.startswith(start):
                    return msg(key)
    return None


def seat(name: str) -> Arg:
    """A seat as a message argument."""
    return ("seat", name)


def seats_and(names: Iterable[str]) -> Arg:
    """Seats as ``N, E and W``."""
    return ("and", *(("seat", n) for n in names))


def seats_space(names: Iterable[str]) -> Arg:
    """Seats as ``N E S W`` (the seats of a game)."""
    return ("space", *(("seat", n) for n in names))


def numbers_and(ns: Iterable[int]) -> Arg:
    """Numbers as ``2, 3 and 5``."""
    return ("and", *ns)


def decimal(x: float) -> Arg:
    """A number that may have decimals (seconds: ``2.5``, ``0.25``, ``10``)
    as a message argument: shown with the language's decimal mark and
    thousands separator (« 2,5 s », « 1 800 s »), as every number a person
    reads is (lang29: *2.5* was written into French messages).  A whole
    number is a count (``num``); the others keep up to six decimals,
    never an exponent (``f"{x:g}"`` said *1e-05*)."""
    if float(x).is_integer():
        return ("num", int(x))
    return ("dec", f"{x:.6f}".rstrip("0"))


def _show_decimal(lang: str, v: Sequence[Any]) -> str:
    sign, text = ("-", str(v[0])[1:]) if str(v[0]).startswith("-") else ("", str(v[0]))
    whole, _, part = text.partition(".")
    shown = number(lang, int(whole or "0"))
    return sign + (shown + translate(lang, "number.decimal") + part if part else shown)


def card(text: str) -> Arg:
    """A card written ``Q♠`` as a message argument."""
    return ("card", text)


def cards(texts: Sequence[str], limit: int = 4) -> Arg:
    """Cards written ``Q♠``, the first *limit* named and the others counted."""
    return ("cards", limit, *texts)


def person(name: str) -> Arg:
    """A player's name as a message argument, shown as written and elided
    before as a seat shown by its name is (« l'initiale d'Anne », « de
    Tom »): a plain string is never elided, being any text."""
    return ("name", name)


def direction(name: str) -> Arg:
    """A pass direction (left, right, across, hold)."""
    return ("dir", name)


def render(lang: str, key: str, /, args: Args | Mapping[str, Arg] = ()) -> str:
    """The message *key* in *lang*, its arguments shown the language's way."""
    # (A finding's arguments are a tuple of pairs: tested first, as the
    # ``Mapping`` check is an abstract class's, and the catalog looked up once.)
    pairs = dict(args) if isinstance(args, tuple) else dict(args.items())
    base, sep, counted = key.rpartition(".#")
    if sep:
        n = pairs[counted]
        key = f"{base}.{plural(lang, n) if isinstance(n, (int, float)) else 'other'}"
    shown = {k: _show(lang, v) for k, v in pairs.items()}
    if sep and isinstance(n, int) and not isinstance(n, bool):
        # the count grouped the language's way, as count() shows it: an
        # OpenSpiel history's "19948 actions after the end" (lang27)
        shown[counted] = number(lang, n)
    messages = _merged(lang)
    template = messages[key]
    elide = messages.get("narrate.elide")
    if elide:
        # "le total de Odile" -> "le total d'Odile": a seat shown as a name
        # (or a letter) that begins with a vowel or a mute h; "que Ada a en
        # main" -> "qu'Ada a en main" before a name only ("que E a en main":
        # a letter is spelt, not read as a word).
        for k, v in pairs.items():
            if isinstance(v, tuple) and _names_a_seat(v) and elides_before(elide, shown[k]):
                for word in ("de", "que") if _first_seat_named(v) else ("de",):
                    if f"{word} {{{k}}}" in template:
                        template = re.sub(rf"(?<![\w']){word} \{{{k}\}}", f"{word[:-1]}'{{{k}}}",
                                          template)
    return template.format(**shown)


def elides_before(letters: str, word: str) -> bool:
    """Whether a language whose catalog elides before *letters*
    (``narrate.elide``) elides before *word*: ``d'Ada``, ``d'Yves``.

    A Y is a vowel only when a consonant follows it (*Yves*, *Yvonne*);
    before a vowel it is a consonant (*de Yann*, *de Yolande*), so the
    first letter alone cannot decide.  The one rule for every elision
    (catalog messages and the narration)."""
    first = word[:1]
    if not first or first not in letters:
        return False
    if first in "yY":
        after = word[1:2]
        return bool(after) and after.isalpha() and after.lower() not in letters.lower()
    return True


def _first_seat_named(v: tuple[Any, ...]) -> bool:
    """Whether the first seat of a seat argument is shown by its player's name."""
    if v[:1] == ("name",):
        return True
    first = v[1] if v[:1] != ("seat",) else v
    return isinstance(first, tuple) and len(first) > 1 and str(first[1]) in _NAMES_IN_VIEW[-1]


def _names_a_seat(v: tuple[Any, ...]) -> bool:
    """A seat, a player's name (:func:`person`), or a list of seats (``de
    Ada (E) et Bo (S)`` is elided as ``d'Ada (E) et Bo (S)``, like one seat)."""
    if v[:1] in (("seat",), ("name",)):
        return True
    if v[:1] in (("and",), ("or_list",)) and len(v) > 1:
        return isinstance(v[1], tuple) and v[1][:1] == ("seat",)
    return False


def _runs(lang: str, v: Sequence[Any]) -> list[str]:
    """The items of an ``("and", ...)`` list as shown, four or more whole
    numbers in a row written as their range: *les donnes 1 à 13*, "deals
    2 to 11" rather than thirteen numbers (round 31, lang31: the sheet
    findings listed every deal of a night); *1, 2 et 3* reads as it is.
    Other items as they are."""
    if not v or not all(isinstance(x, int) and not isinstance(x, bool) for x in v):
        return [_show(lang, x) for x in v]
    out: list[str] = []
    k = 0
    while k < len(v):
        j = k
        while j + 1 < len(v) and v[j + 1] == v[j] + 1:
            j += 1
        if j - k >= 3:
            out.append(translate(lang, "list.range", first=_show(lang, v[k]), last=_show(lang, v[j])))
        else:
            out.extend(_show(lang, x) for x in v[k:j + 1])
        k = j + 1
    return out


def _show(lang: str, value: Arg | list[Any]) -> str:
    if isinstance(value, (tuple, list)):
        return _SHOW[str(value[0])](lang, value[1:])
    return str(value)


def _show_seat(lang: str, v: Sequence[Any]) -> str:
    seat = str(v[0])
    shown = _SHOWN[-1]
    text = shown.get((lang, seat))
    if text is None:
        label = seat_label(lang, seat, _IN_VIEW[-1])
        name = _NAMES_IN_VIEW[-1].get(seat)
        text = (translate(lang, "presentation.who", name=name_beside_seat(name, seat), seat=label)
                if name else label)
        if len(shown) >= _SHOWN_MAX:
            shown.clear()
        shown[(lang, seat)] = text
    return text


#: How each seat is shown (:func:`_show_seat`) by language, in the view
#: innermost last: the same few seats are named in message after message
#: (an observer record's notes name every seat of every deal), and each
#: showing is two or three catalog look-ups.  A new view (seats or players,
#: below) starts an empty table, dropped when the view ends, so a table
#: never outlives the seats and names it was made from; one holds at most
#: :data:`_SHOWN_MAX` entries (seats may be any names).
_SHOWN: list[dict[tuple[str, str], str]] = [{}]
_SHOWN_MAX: Final = 64


#: The players' names by seat of the game being shown, innermost last
#: (:func:`players_in_view`): a seat named in a message is then the
#: player's name with the seat in parentheses.
_NAMES_IN_VIEW: list[Mapping[str, str]] = [{}]


def names_in_view() -> bool:
    """Whether players' names are in view (:func:`players_in_view`)."""
    return bool(_NAMES_IN_VIEW[-1])


@contextmanager
def players_in_view(players: Mapping[str, str]) -> Iterator[None]:
    """Within the block, a seat named in a message is shown as the player
    who sits there (``Hélène (S)``) when *players* names one: names first,
    wherever the record gives them."""
    _NAMES_IN_VIEW.append(dict(players))
    _SHOWN.append({})
    try:
        yield
    finally:
        _SHOWN.pop()
        _NAMES_IN_VIEW.pop()


#: The seat names of the game (or corpus) being shown, innermost last
#: (:func:`seats_in_view`).
_IN_VIEW: list[frozenset[str]] = [frozenset()]


def name_beside_seat(name: str, seat: str) -> str:
    """A player's *name* as shown beside its *seat* (``Hélène (S)``,
    ``S Hélène``): without a last word that is the seat itself.  ``hearts
    generate`` names its bots ``heuristic S`` (the record's names, kept as
    written); beside the seat they were shown as *heuristic S (S)*, and in
    French *heuristic W (O)*, the seat said twice and in two languages:
    now *heuristic (S)*, *heuristic (O)* (round 30, helper lang30).  The
    name alone (a narration's subject) is the whole name."""
    stem, space, last = name.rpartition(" ")
    return stem.rstrip() if space and last == seat and stem.strip() else name


def seat_label(lang: str, name: str, names: Iterable[str] = ()) -> str:
    """A seat as *lang* writes it (``O`` for ``W`` in French), unless that
    label is itself another seat's name among *names*: a record with seats
    ``W`` and ``O`` keeps both as written rather than showing two ``O``."""
    if name not in _SEATS:
        return name
    label = translate(lang, f"seat.{name}")
    if label != name and label in names:
        return name
    return label


def seat_of_letter(name: str) -> str | None:
    """The seat of the four-player default table that *name* is the letter
    of in some language (``W`` and ``O``, Ouest, are ``W``), or ``None``.
    What lets a corpus of English and French records count West once
    (``hearts stats``, lang29); a record's own names are kept everywhere
    else."""
    if name in _SEATS:
        return name
    return next((s for s in sorted(_SEATS) for lang in LANGUAGES
                 if translate(lang, f"seat.{s}") == name), None)


@contextmanager
def seats_in_view(names: Iterable[str]) -> Iterator[None]:
    """Within the block, seats are shown as :func:`seat_label` shows them
    among *names* (the seats of the game or corpus being printed), in every
    message that names a seat."""
    _IN_VIEW.append(frozenset(names))
    _SHOWN.append({})
    try:
        yield
    finally:
        _SHOWN.pop()
        _IN_VIEW.pop()


def _show_cards(lang: str, v: Sequence[Any]) -> str:
    limit, texts = int(v[0]), [card_text(lang, str(t)) for t in v[1:]]
    if len(texts) <= limit:
        return " ".join(texts)
    return " ".join(texts[:limit]) + " " + count(lang, "cards.more", len(texts) - limit)


def _show_msg(lang: str, v: Sequence[Any]) -> str:
    return render(lang, str(v[0]), tuple((str(k), a) for k, a in v[1]))


def _or_list(lang: str, items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return translate(lang, "list.or", head=", ".join(items[:-1]), last=items[-1])


_SEATS: Final = frozenset("NESW")
_SHOW: Final[dict[str, Callable[[str, Sequence[Any]], str]]] = {
    "seat": _show_seat,
    # a seat as the record's text writes it (O for W in French), never a name
    "letter": lambda lang, v: seat_label(lang, str(v[0]), _IN_VIEW[-1]),
    "card": lambda lang, v: card_text(lang, str(v[0])),
    "name": lambda lang, v: str(v[0]),
    "cards": _show_cards,
    "dir": lambda lang, v: (translate(lang, f"direction.{v[0]}")
                            if f"direction.{v[0]}" in _merged("en") else str(v[0])),
    "moon": lambda lang, v: (translate(lang, f"score.moon.{v[0]}")
                             if f"score.moon.{v[0]}" in _merged("en") else str(v[0])),
    "and": lambda lang, v: join_list(lang, _runs(lang, v)),
    "or_list": lambda lang, v: _or_list(lang, [_show(lang, x) for x in v]),
    "or": lambda lang, v: (" " + translate(lang, "word.or") + " ").join(_show(lang, x) for x in v),
    "paren": lambda lang, v: "(" + _show(lang, v[0]) + ")",
    "comma": lambda lang, v: ", ".join(_show(lang, x) for x in v),
    "space": lambda lang, v: " ".join(_show(lang, x) for x in v),
    "msg": _show_msg,
    "num": lambda lang, v: number(lang, int(v[0])),
    "dec": _show_decimal,
}


def args_from_json(data: Mapping[str, Any] | None) -> Args:
    """Arguments read back from JSON (lists become the tuples they were)."""
    def back(v: Any) -> Arg:
        return tuple([back(x) for x in v]) if isinstance(v, list) else v
    return tuple([(k, back(v)) for k, v in data.items()]) if data else ()


#: The arguments of a message that name a place of the record, by message id:
#: ``at`` a ``"LINE:COLUMN"`` string, ``line`` and ``held`` a line number.  A
#: game read out of a document (the editor reads each game from its own text,
#: its first line numbered 1) has these moved by :func:`moved_places` to name
#: the document's lines.  Declared here, once, beside nothing else that would
#: tell them from the arguments of the same names that are text (``line`` of
#: ``finding.sheet-points`` is the score line's words); a test checks that every
#: ``{at}`` and ``{held}`` of the catalogs, and every ``{line}`` of a
#: ``syntax.`` message, is declared.
PLACE_ARGS: Final[dict[str, frozenset[str]]] = {
    "finding.unclosed-comment": frozenset({"held"}),
    "syntax.unterminated_comment.before": frozenset({"at", "line"}),
    # (french21: the points line that says who shot the moon)
    "syntax.moon_seat_from_points": frozenset({"line"}),
    **dict.fromkeys((
        "syntax.suit_twice", "syntax.unterminated", "syntax.unterminated_comment",
        "syntax.after_result", "syntax.tag_twice", "syntax.second_hand", "syntax.second_pass",
        "syntax.second_score", "syntax.second_total", "syntax.second_moon",
        "syntax.second_result"), frozenset({"at"})),
}


def moved_places(key: str, args: Args, by: int) -> Args:
    """*args* of the message *key* with the places it names (:data:`PLACE_ARGS`)
    moved *by* lines; the others as they are."""
    names = PLACE_ARGS.get(key)
    if not names or not by:
        return args

    def moved(name: str, value: Arg) -> Arg:
        if name not in names:
            return value
        if isinstance(value, int):
            return value + by if value else value
        if isinstance(value, str):
            line, sep, rest = value.partition(":")
            return f"{int(line) + by}{sep}{rest}" if line.isdigit() else value
        return value

    return tuple((name, moved(name, value)) for name, value in args)


def finding_text(lang: str, key: str, args: Args | Mapping[str, Arg], message: str) -> str:
    """A finding's message in *lang*: from its id and arguments when it has
    them, else its (English) *message* as it is."""
    if key and (key in _merged("en") or ".#" in key):
        return render(lang, key, args)
    return message


def public_finding(d: dict[str, Any], lang: str) -> dict[str, Any]:
    """A finding's report entry as printed (docs/spec.md, section 6): the
    message id and arguments, which carry it from a worker to the output,
    are taken out; ``message_translated`` is added in a language other than
    English.  Changes *d* in place and returns it."""
    key = d.pop("message_id", None) or ""
    args = d.pop("args", None)
    if lang != "en":
        d["message_translated"] = finding_text(lang, key, args_from_json(args), d["message"])
    for x in d.get("details", ()):
        public_finding(x, lang)
    return d
