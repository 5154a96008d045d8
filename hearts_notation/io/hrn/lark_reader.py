"""The HRN grammar (``grammar/hearts.lark``) compiled once, and errors in words.

The grammar describes one *logical line* (see :mod:`hearts_notation.io.hrn.reader`).
It is compiled to an LALR parser with a contextual lexer the first time it is
needed and kept in a module-level singleton; the transformer is passed to
Lark so that rule callbacks build the reader's element tuples while parsing
and no parse tree is ever built.

Lark's exceptions name terminals (``CARD``, ``$END``); :func:`explain` turns
them into what a person wants to read: what was expected, in words, what was
found, and for the usual slips (``DS``, a mark after a space, a PBN hand with
two dots, an unterminated tag value) why it is wrong.
"""

from __future__ import annotations

import os
import re
import sys
import threading
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any, Final, cast

if TYPE_CHECKING:   # Lark is imported when a line needs the grammar, if at all (below)
    from lark import Lark, Token
    from lark.exceptions import UnexpectedInput

from ...i18n import Arg, msg
from .lex import (
    Element,
    HrnSyntaxError,
    card_token,
    check_cards,
    comment_text,
    group_cards,
    join_comments,
    pass_mark,
    pbn_cards,
    quote,
    tag_value,
)
from .lex import (
    number as number_of,
)
from .words import DIRECTIONS, MOON_CHOICES

GRAMMAR_FILE = "hearts.lark"


def grammar_text() -> str:
    """The grammar of this copy of the package: the source tree's
    ``grammar/`` folder when the package runs from a checkout (so that an
    edited grammar is the one used, whatever copy is installed), else the
    package data ``hearts_notation.grammar`` of the installed wheel."""
    root = Path(__file__).resolve().parents[3]
    if (root / "pyproject.toml").is_file() and (root / "grammar" / GRAMMAR_FILE).is_file():
        return (root / "grammar" / GRAMMAR_FILE).read_text(encoding="utf-8")
    from importlib import resources

    try:
        return resources.files("hearts_notation.grammar").joinpath(GRAMMAR_FILE).read_text(encoding="utf-8")
    except (ModuleNotFoundError, FileNotFoundError):
        path = Path(__file__).resolve().parents[3] / "grammar" / GRAMMAR_FILE
        return path.read_text(encoding="utf-8")


#: Where the parser's classes come from (``Token``, the ``Unexpected...``
#: errors): the stand-alone parser module generated from the grammar, or the
#: ``lark`` package itself (see :func:`parser`); set before the parser is.
_LARK: Any = None


class _LineTransformer:
    """Rule callbacks run by the LALR parser as it reduces (no tree).

    Lark looks the callbacks up by rule name, so this needs no Lark base
    class (and works with either copy of Lark's parser, :func:`parser`).
    ``base`` is the absolute line number of the logical line being parsed;
    Lark counts lines from 1 within the text it is given.
    """

    def __init__(self) -> None:
        self.base = 1

    def _at(self, tok: Token) -> tuple[int, int]:
        return (tok.line or 1) + self.base - 1, tok.column or 1

    def _comments(self, toks: list[Any]) -> list[Element]:
        out: list[Element] = []
        for t in toks:
            if isinstance(t, _LARK.Token) and t.type == "COMMENT":
                ln, col = self._at(t)
                out.append(("comment", ln, col, comment_text(t.value)))
        return out

    def start(self, children: list[Any]) -> list[Element]:
        out: list[Element] = []
        for ch in children:
            if isinstance(ch, _LARK.Token):
                ln, col = self._at(ch)
                out.append(("comment", ln, col, comment_text(ch.value)))
            else:
                out.extend(ch)
        return out

    def tag(self, children: list[Token]) -> Element:
        bracket, name, value = children
        bl, bc = self._at(bracket)
        vl, vc = self._at(value)
        return ("tag", bl, bc, name.value, vl, vc, tag_value(value.value))

    def tag_line(self, children: list[Any]) -> list[Element]:
        tags = [c for c in children if not isinstance(c, _LARK.Token)]
        return tags + self._comments(children)

    def deal_line(self, children: list[Token]) -> list[Element]:
        deal = children[0]
        ln, col = self._at(deal)
        number = number_of(children[1].value, *self._at(children[1]))
        dealer: str | None = None
        dl = dc = 0
        direction: str | None = None
        for i, t in enumerate(children):
            if t.type == "DEALER":
                seat = children[i + 1]
                dealer = seat.value
                dl, dc = self._at(seat)
            elif t.type == "DIRECTION":
                direction = DIRECTIONS[t.value.lower()]
        return [("deal", ln, col, number, dealer, dl, dc, direction), *self._comments(children)]

    def suit_groups(self, children: list[Token]) -> tuple[str, tuple[Any, ...]]:
        seen: dict[int, tuple[int, int]] = {}
        cards: list[Any] = []
        for t in children:
            ln, col = self._at(t)
            cards.extend(group_cards(t.value, ln, col, seen))
        if children:
            check_cards(len(cards), "hand", *self._at(children[0]))
        return ("cards", tuple(cards))

    def card_list(self, children: list[Token]) -> tuple[str, tuple[Any, ...]]:
        cards = []
        for t in children:
            ln, col = self._at(t)
            card, mark = card_token(t.value, ln, col)
            if mark is not None:
                raise HrnSyntaxError(msg("syntax.mark_in_hand"), ln, col + len(t.value) - len(mark))
            cards.append(card)
        if children:
            check_cards(len(cards), "hand", *self._at(children[0]))
        return ("cards", tuple(cards))

    def hand_line(self, children: list[Any]) -> list[Element]:
        seat = children[0]
        ln, col = self._at(seat)
        hand = children[1]
        cards: tuple[Any, ...] | None
        if isinstance(hand, _LARK.Token):
            if hand.type == "UNKNOWN":
                cards = None
            else:  # PBN
                hl, hc = self._at(hand)
                cards = pbn_cards(hand.value, hl, hc)
        else:
            cards = hand[1]
        return [("hand", ln, col, seat.value, cards), *self._comments(children[2:])]

    def pass_line(self, children: list[Token]) -> list[Element]:
        kw = children[0]
        ln, col = self._at(kw)
        seat = children[1]
        sl, sc = self._at(seat)
        to: str | None = None
        tl = tc = 0
        rest = children[2:]
        if rest and rest[0].type == "SEAT":
            to = rest[0].value
            tl, tc = self._at(rest[0])
            rest = rest[1:]
        cards = []
        marks: list[tuple[str, int, int]] = []
        comments: list[str] = []
        for t in rest:
            if t.type == "COMMENT":
                comments.append(comment_text(t.value))
                continue
            cl, cc = self._at(t)
            card, mark = card_token(t.value, cl, cc)
            cards.append(card)
            if mark is not None:
                marks.append((mark, cl, cc + len(t.value) - len(mark)))
        check_cards(len(cards), "pass", ln, col)
        return [("pass", ln, col, seat.value, sl, sc, to, tl, tc, tuple(cards), pass_mark(marks),
                 join_comments(comments))]

    def play(self, children: list[Token]) -> tuple[Any, ...]:
        seat: str | None = None
        sl = sc = 0
        i = 0
        if children[0].type == "SEAT":
            seat = children[0].value
            sl, sc = self._at(children[0])
            i = 1
        tok = children[i]
        cl, cc = self._at(tok)
        card, mark = card_token(tok.value, cl, cc)
        comments = [comment_text(t.value) for t in children[i + 1:]]
        return (seat, sl, sc, card, mark, join_comments(comments), cl, cc)

    def trick_line(self, children: list[Any]) -> list[Element]:
        num = children[0]
        ln, col = self._at(num)
        comments: list[str] = []
        plays: list[tuple[Any, ...]] = []
        for ch in children[1:]:
            if isinstance(ch, _LARK.Token):
                comments.append(comment_text(ch.value))
            else:
                plays.append(ch)
        check_cards(len(plays), "trick", ln, col)
        return [("trick", ln, col, number_of(num.value, ln, col), join_comments(comments),
                 tuple(plays))]

    def _points(self, kind: str, children: list[Token]) -> list[Element]:
        kw = children[0]
        ln, col = self._at(kw)
        pairs = []
        toks = [t for t in children[1:] if t.type != "COMMENT"]
        for seat, value in zip(toks[::2], toks[1::2], strict=True):
            sl, sc = self._at(seat)
            pairs.append((seat.value, sl, sc, number_of(value.value, *self._at(value))))
        return [(kind, ln, col, tuple(pairs)), *self._comments(children)]

    def score_line(self, children: list[Token]) -> list[Element]:
        return self._points("score", children)

    def total_line(self, children: list[Token]) -> list[Element]:
        return self._points("total", children)

    def moon_line(self, children: list[Token]) -> list[Element]:
        kw, seat, choice = children[:3]
        ln, col = self._at(kw)
        sl, sc = self._at(seat)
        choice_word = MOON_CHOICES[choice.value.lower()]
        return [("moon", ln, col, seat.value, sl, sc, choice_word), *self._comments(children[3:])]

    def star_line(self, children: list[Token]) -> list[Element]:
        ln, col = self._at(children[0])
        return [("star", ln, col), *self._comments(children[1:])]

    def result_line(self, children: list[Token]) -> list[Element]:
        ln, col = self._at(children[0])
        seats: tuple[tuple[str, int, int], ...] | None = None
        if children[1].type == "SEAT":
            seats = tuple((t.value, *self._at(t)) for t in children[1:] if t.type == "SEAT")
        return [("result", ln, col, seats), *self._comments(children[1:])]


_LOCK = threading.Lock()
_PARSER: Any = None
_TRANSFORMER = _LineTransformer()
_OPTIONS: Final[dict[str, Any]] = {"parser": "lalr", "lexer": "contextual",
                                   "propagate_positions": False, "maybe_placeholders": False}


def _build_parser(text: str, cache: str | bool = False) -> Lark:
    from lark import Lark

    return Lark(text, transformer=_TRANSFORMER, cache=cache, **_OPTIONS)


def _cached_parser(text: str) -> Lark:
    """The parser, its tables loaded from the user's cache when they are
    there (Lark's own ``cache=``, which checks a digest of the grammar, the
    options and Lark's version), else built and stored: written under a
    temporary name and renamed, so that another process never reads half
    an entry."""
    import lark

    from ...cache import entry_path

    path = entry_path("lark-grammar", text, lark.__version__)
    if path is None:
        return _build_parser(text)
    if os.path.exists(path):
        return _build_parser(text, path)
    tmp = f"{path}.{os.getpid()}.tmp"
    built: Lark | None = None
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        built = _build_parser(text, tmp)     # (Lark ignores a cache it cannot write)
        os.replace(tmp, path)
    except OSError:
        pass
    finally:
        if os.path.exists(tmp):
            os.remove(tmp)
    return built if built is not None else _build_parser(text)


def parser() -> Any:
    """The compiled grammar (built on first use, then shared).

    Building the LALR tables takes about a tenth of a second, more than the
    rest of a small ``hearts validate``, and importing Lark itself about
    twenty milliseconds, as much as starting Python.  So the first run
    writes Lark's *stand-alone* parser of the grammar (``lark.tools.standalone``:
    one module with the tables and Lark's LALR runtime) into the user's cache
    (:mod:`hearts_notation.cache`), and later runs import that module alone,
    never the ``lark`` package.  It is the same parser (Lark's own code, the
    same tables), checked against the grammar's text and the installed Lark
    when loaded.  Without a usable cache, or if anything about it fails, the
    ``lark`` package builds the parser (its tables from the cache when they
    are there, as before)."""
    global _PARSER, _LARK
    if _PARSER is None:
        with _LOCK:
            if _PARSER is None:
                text = grammar_text()
                built: Any = None
                module = _standalone(text)
                if module is not None:
                    try:
                        built = module.Lark_StandAlone(transformer=_TRANSFORMER)
                        _LARK = module
                    except Exception:   # a damaged entry: the lark package below
                        built = None
                if built is None:
                    import lark

                    _LARK = lark
                    built = _cached_parser(text)
                _PARSER = built
    return _PARSER


#: The name the stand-alone parser module is loaded under (``sys.modules``).
_STANDALONE_NAME = "hearts_notation.io.hrn._lark_standalone"


def _lark_stamp() -> str | None:
    """What identifies the installed Lark without importing it: the path,
    size and modification time of its ``__init__.py`` (``None`` when Lark
    cannot be found)."""
    from importlib.util import find_spec

    try:
        spec = find_spec("lark")
        origin = spec.origin if spec is not None else None
        if origin is None:
            return None
        st = os.stat(origin)
    except (ImportError, OSError, ValueError):
        return None
    return f"{origin} {st.st_size} {st.st_mtime_ns}"


def _standalone(text: str) -> ModuleType | None:
    """The stand-alone parser module of *text* from the user's cache,
    written there first if it is missing or was made from another grammar,
    Lark or Python; ``None`` when the cache is off or anything fails.

    The entry's name carries no digest (``hashlib`` costs milliseconds to
    import); the module holds the key it was made from, compared when it
    is loaded."""
    from ...cache import entry_path

    stamp = _lark_stamp()
    base = entry_path("lark-standalone")
    if stamp is None or base is None:
        return None
    path = base + ".py"
    key = (text, stamp, sys.version)
    if os.path.exists(path):
        module = _load_standalone(path)
        if module is not None and getattr(module, "HEARTS_NOTATION_KEY", None) == key:
            return module
    try:
        _write_standalone(text, path, key)
    except Exception:     # the cache only saves time
        return None
    module = _load_standalone(path)
    if module is not None and getattr(module, "HEARTS_NOTATION_KEY", None) == key:
        return module
    return None


def _write_standalone(text: str, path: str, key: tuple[str, str, str]) -> None:
    """Generate the stand-alone parser of *text* with Lark's own tool and
    store it atomically at *path*, followed by the key it was made from."""
    import io

    from lark import Lark
    from lark.tools import standalone

    from ...cache import write_entry

    out = io.StringIO()
    generate: Any = standalone.gen_standalone
    generate(Lark(text, **_OPTIONS), out=out)
    out.write(f"\nHEARTS_NOTATION_KEY = {key!r}\n")
    # The tables are written as Python literals (no compression): the modules
    # that would decode compressed ones need not be imported (a few ms).
    source = out.getvalue().replace("\nimport pickle, zlib, base64\n", "\n", 1)
    write_entry(path, source.encode("utf-8"))


def _load_standalone(path: str) -> ModuleType | None:
    """The module at *path*, run afresh (its bytecode cached beside it as
    for any module).  While it runs, the third-party ``regex`` module is
    hidden: Lark's runtime imports it when it is installed (ten
    milliseconds), and this grammar needs only the standard ``re``."""
    from importlib.util import module_from_spec, spec_from_file_location

    try:
        spec = spec_from_file_location(_STANDALONE_NAME, path)
        if spec is None or spec.loader is None:
            return None
        module = module_from_spec(spec)
        hidden = sys.modules.get("regex", _ABSENT)
        sys.modules["regex"] = None  # type: ignore[assignment]
        sys.modules[_STANDALONE_NAME] = module
        try:
            spec.loader.exec_module(module)
        finally:
            if hidden is _ABSENT:
                del sys.modules["regex"]
            else:
                sys.modules["regex"] = cast(ModuleType, hidden)
    except Exception:     # a damaged entry is rewritten by the caller
        sys.modules.pop(_STANDALONE_NAME, None)
        return None
    return module


_ABSENT: Final = object()


def terminal_pattern(name: str) -> str:
    """The regular expression of a grammar terminal (tests check the fast
    path's tables against it)."""
    for t in parser().terminals:
        if t.name == name:
            return str(t.pattern.to_regexp())
    raise KeyError(name)


def parse_line(text: str, line: int, seats: tuple[str, ...]) -> list[Element]:
    """Elements of one logical line whose first line is *line* (absolute).

    Raises :class:`HrnSyntaxError` with a message in words; *seats* only
    serve to name the seats in that message.
    """
    p = parser()
    with _LOCK:
        _TRANSFORMER.base = line
        try:
            result = cast(list[Element], p.parse(text))
        except _LARK.UnexpectedInput as exc:
            raise explain(exc, text, line, seats) from None
    return result


# Errors in words ------------------------------------------------------------------

#: How each terminal is named in a message, in the order they are listed.
#: What the parser may want, in the order the words are listed; each is the
#: catalog message ``expect.<terminal>`` (the seat's words name the seats).
_WORDS: tuple[str, ...] = (
    "TAG_OPEN", "TAG_NAME", "TAG_VALUE", "_RSQB", "DEAL", "INT", "DEALER", "PASS", "DIRECTION",
    "TRICK_NUMBER", "SEAT", "_GT", "_COLON", "UNKNOWN", "PBN", "SYMBOL_GROUP", "LETTER_GROUP",
    "CARD", "SCORE", "TOTAL", "POINTS", "MOON", "MOON_CHOICE", "STAR", "RESULT", "COMMENT", "$END",
)
_LINE_START: Final = msg("expect.line_start").arg()
_HAND: Final = msg("expect.hand").arg()


def _accepts(exc: UnexpectedInput) -> set[str]:
    """Terminals the parser would have taken where it stopped."""
    state = getattr(exc, "state", None)
    try:
        return set(state.parse_conf.parse_table.states[state.position])  # type: ignore[union-attr]
    except AttributeError:
        expected = getattr(exc, "expected", None) or getattr(exc, "allowed", None) or ()
        return set(expected)


def _word(name: str, seats: tuple[str, ...]) -> Arg:
    if name == "SEAT":
        return msg("expect.SEAT", seats=("comma", *(("seat", s) for s in seats))).arg()
    return msg(f"expect.{name}").arg()


def expected_phrase(expected: set[str], seats: tuple[str, ...]) -> Arg:
    """What the parser wanted, in words (``a seat (N, E, S, W) or a card ...``),
    as a message argument (:mod:`hearts_notation.i18n`)."""
    if {"DEAL", "TRICK_NUMBER", "TAG_OPEN"} <= expected:
        return _LINE_START
    if {"PBN", "SYMBOL_GROUP", "UNKNOWN"} <= expected:
        return _HAND
    if {"SYMBOL_GROUP", "LETTER_GROUP"} <= expected:
        tail = [_word(n, seats) for n in _WORDS if n in expected and n in ("COMMENT", "$END")]
        return ("or_list", msg("expect.rank").arg(), msg("expect.another_group").arg(), *tail)
    if "CARD" in expected:
        expected = expected - {"_COLON"}  # the colon of "W:5♦" is optional
    words = [_word(n, seats) for n in _WORDS if n in expected]
    if not words:
        return msg("expect.else").arg()
    return ("or_list", *words)


_WORD_AT = re.compile(r"[^\s{};]+|[{};]")
_FIRST_WORD = re.compile(r"\s*(?:\{(?:[^\\}]|\\.)*\}\s*)*([A-Za-z][A-Za-z0-9]*)", re.S)


def explain(exc: UnexpectedInput, text: str, base: int, seats: tuple[str, ...]) -> HrnSyntaxError:
    """A Lark error as a :class:`HrnSyntaxError` in words, at an absolute position."""
    expected = _accepts(exc)
    found: str | None
    if isinstance(exc, _LARK.UnexpectedToken) and exc.token.type == "$END":
        tok = exc.token
        line = (tok.end_line or tok.line or 1) + base - 1
        column = tok.end_column or tok.column or 1
        found = None
    elif isinstance(exc, _LARK.UnexpectedToken):
        tok = exc.token
        line, column = tok.line + base - 1, tok.column
        found = str(tok.value)
        start = tok.start_pos or 0
        m = _WORD_AT.match(text, start)
        if m and len(m.group()) > len(found):
            found = m.group()
    elif isinstance(exc, _LARK.UnexpectedCharacters):
        line, column = exc.line + base - 1, exc.column
        m = _WORD_AT.match(text, exc.pos_in_stream or 0)
        found = m.group() if m else exc.char
    elif isinstance(exc, _LARK.UnexpectedEOF):  # not raised by LALR, kept for safety
        lines = text.split("\n")
        line, column, found = base + len(lines) - 1, len(lines[-1]) + 1, None
    else:  # pragma: no cover - every UnexpectedInput is one of the above
        return HrnSyntaxError(str(exc), base, 1)
    special = _diagnose(found, expected, text, base, line, column, seats)
    if special is not None:
        return special
    what = msg("expect.$END").arg() if found is None else quote(found)
    return HrnSyntaxError(msg("syntax.expected", what=expected_phrase(expected, seats), found=what),
                          line, column)


def _diagnose(found: str | None, expected: set[str], text: str, base: int, line: int, column: int,
              seats: tuple[str, ...]) -> HrnSyntaxError | None:
    """The usual slips, explained (``None`` when nothing special applies)."""
    if found is None:
        return None
    if "CARD" in expected:
        from .lex import FRENCH_LETTER_RE

        if FRENCH_LETTER_RE.fullmatch(found):
            from .lex import french_letter_message

            return HrnSyntaxError(french_letter_message(found), line, column)
        if re.fullmatch(r"[!?]{1,2}", found):
            return HrnSyntaxError(msg("syntax.mark_space", mark=found, found=quote(found)), line, column)
    if "PBN" in expected and "." in found:
        try:
            pbn_cards(found, line, column)
        except HrnSyntaxError as err:
            return err
    if "TAG_VALUE" in expected and found.startswith('"'):
        return HrnSyntaxError(msg("syntax.unterminated", at=f"{line}:{column}"), line, column)
    if {"DEAL", "TRICK_NUMBER"} <= expected and found[:1] in "♠♥♦♣♤♡♢♧":
        return HrnSyntaxError(msg("syntax.suit_first"), line, column)
    if found.startswith("}"):
        return HrnSyntaxError(msg("syntax.close_brace"), line, column)
    if "TRICK_NUMBER" in expected and found.isdigit():
        return HrnSyntaxError(msg("syntax.trick_dot", n=found), line, column)
    if expected == {"_COLON"}:
        m = _FIRST_WORD.match(text)
        if m and m.group(1) not in seats and "\n" not in text[: m.start(1)]:
            word = m.group(1)
            return HrnSyntaxError(msg("syntax.expected", what=_LINE_START, found=quote(word)),
                                  base, m.start(1) + 1)
    if "SYMBOL_GROUP" in expected and "LETTER_GROUP" in expected and found[:1] in "RDVrdv" \
            and "UNKNOWN" not in expected:
        return HrnSyntaxError(msg("syntax.french_rank", found=quote(found)), line, column)
    return None
