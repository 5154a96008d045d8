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

import re
import threading
from pathlib import Path
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
#: errors): the ``lark`` package (see :func:`parser`); set before the parser is.
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


def _build_parser(text: str) -> Lark:
    from lark import Lark

    return Lark(text, transformer=_TRANSFORMER, **_OPTIONS)


def parser() -> Any:
    """The compiled grammar (built on first use, then shared).

    Building the LALR tables takes about a tenth of a second, more than the
    rest of a small ``hearts validate``.  So the first run keeps the tables
    in the user's cache (:mod:`hearts_notation.cache`) as *data*: the JSON
    of Lark's own serialised form (:func:`tables_json`), checked there
    against the grammar's text, Lark's version and a digest of the whole
    entry; later runs give that data to the ``lark`` package, which makes
    the same parser of it (``Lark._load_from_dict``: what Lark's stand-alone
    parser does with the tables it carries).  Nothing read from the cache
    is ever imported, unpickled or run: a planted or tampered entry is at
    worst data that fails its check and is rebuilt."""
    global _PARSER, _LARK
    if _PARSER is None:
        with _LOCK:
            if _PARSER is None:
                import lark

                _LARK = lark
                _PARSER = _cached_parser(grammar_text())
    return _PARSER


def _cached_parser(text: str) -> Lark:
    """The parser of *text*, its tables from the user's cache when an entry
    made from this grammar, this Lark and these options passes the cache's
    checks, else built (and stored)."""
    import json

    import lark

    from ...cache import cached

    made_from = (text, lark.__version__, repr(sorted(_OPTIONS.items())))

    def load(data: bytes) -> Lark:
        tables = json.loads(data, object_hook=_decode_object, parse_constant=_refuse_constant)
        if not isinstance(tables, dict) or set(tables) != {"data", "memo"}:
            raise ValueError("not the tables of a grammar")
        # Lark's loader of serialised tables, the one its stand-alone parser
        # calls (untyped in Lark: reached through Any).
        from_dict: Any = lark.Lark._load_from_dict
        try:
            return cast("Lark", from_dict(tables["data"], tables["memo"], transformer=_TRANSFORMER))
        except (AssertionError, AttributeError, re.error) as exc:
            raise ValueError(f"tables Lark cannot load: {exc}") from exc

    return cached("lark-tables", made_from, load, lambda: _build_parser(text), tables_json)


def tables_json(built: Lark) -> bytes:
    """The parse tables of *built* as JSON: Lark's serialised form
    (``memo_serialize``: dictionaries, lists, tuples, strings, numbers),
    tuples written ``{"(": [...]}`` and dictionaries ``{"{": [[key, value],
    ...]}`` so that integer keys and tuples come back as they were.  Raises
    ``ValueError`` for anything else (it is not stored then)."""
    import json

    from lark.grammar import Rule
    from lark.lexer import TerminalDef

    data, memo = built.memo_serialize([TerminalDef, Rule])
    data["options"] = {k: v for k, v in data["options"].items() if k != "transformer"}
    return json.dumps(_encode({"data": data, "memo": memo}), separators=(",", ":"),
                      allow_nan=False).encode("utf-8")


def _encode(value: object) -> object:
    if isinstance(value, dict):
        for key in value:
            if type(key) not in (str, int):
                raise ValueError(f"a key of type {type(key).__name__}")
        return {"{": [[k, _encode(v)] for k, v in value.items()]}
    if isinstance(value, tuple):
        return {"(": [_encode(v) for v in value]}
    if isinstance(value, list):
        return [_encode(v) for v in value]
    if value is None or type(value) in (str, int, bool):
        return value
    raise ValueError(f"a value of type {type(value).__name__}")


def _decode_object(obj: dict[str, Any]) -> object:
    """The tuple or dictionary a tagged JSON object stands for (see
    :func:`tables_json`); anything else is not an entry of ours."""
    if len(obj) == 1:
        if isinstance(tuple_items := obj.get("("), list):
            return tuple(tuple_items)
        pairs = obj.get("{")
        if isinstance(pairs, list) and all(
                isinstance(p, list) and len(p) == 2 and type(p[0]) in (str, int) for p in pairs):
            return {p[0]: p[1] for p in pairs}
    raise ValueError("an object that is not a tuple or a dictionary")


def _refuse_constant(name: str) -> object:
    raise ValueError(f"{name} in the tables")


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
