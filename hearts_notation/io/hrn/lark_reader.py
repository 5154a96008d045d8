"""The HRN grammar (``grammar/hearts.lark``) compiled once, to word syntax errors.

The grammar describes one *logical line* (see :mod:`hearts_notation.io.hrn.reader`)
and is the normative definition of the syntax.  The reader reads lines with
its own lexer (:mod:`hearts_notation.io.hrn.lex`, checked against the grammar
by the tests); the grammar is compiled, to an LALR parser with a contextual
lexer, only when a line does not read, to say why (:func:`explain_line`).

Lark's exceptions name terminals (``CARD``, ``$END``); :func:`explain` turns
them into what a person wants to read: what was expected, in words, what was
found, and for the usual slips (``DS``, a mark after a space, a PBN hand with
two dots, an unterminated tag value) why it is wrong.
"""

from __future__ import annotations

import re
import threading
import unicodedata
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, cast

if TYPE_CHECKING:   # Lark is imported when a line needs the grammar, if at all (below)
    from lark import Lark
    from lark.exceptions import UnexpectedInput

from ...cards import CardError, parse_card
from ...i18n import Arg, Msg, msg
from .cut import END_MARK
from .lex import HrnSyntaxError, lone_cr, pbn_cards, quote
from .words import (
    ANY_WORD_RE,
    FRENCH_RANKS,
    MARK_SPACES,
    NUMBER_WORD_LINE,
    ORDINAL_WORDS,
    RANKS,
    RECEIVED_VERBS,
    ROMAN_HEADER,
    SUIT_SYMBOLS,
    TAG_NAMES_FR,
    TOKENS,
    WRITE_FR,
    card_spelling,
    closest_keyword,
    list_bullet,
    number_word,
    points_value,
    roman_number,
    seat_words,
    strip_bold,
    words_language,
)

#: A points number as the grammar's POINTS token reads it (a sign, ``+``,
#: ``-`` or the minus sign U+2212, then digits): the one spelling of it in
#: the patterns that look at a points line below.
_POINTS: Final = TOKENS["POINTS"]

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


_LOCK = threading.Lock()
_PARSER: Any = None
_OPTIONS: Final[dict[str, Any]] = {"parser": "lalr", "lexer": "contextual",
                                   "propagate_positions": False, "maybe_placeholders": False}


def _build_parser(text: str) -> Lark:
    from lark import Lark

    return Lark(text, **_OPTIONS)


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
            return cast("Lark", from_dict(tables["data"], tables["memo"]))
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


def _reads(text: str) -> bool:
    """Whether the grammar reads *text* as a line of the notation; called
    while :func:`explain_line` holds the parser's lock (only on a line that
    did not read)."""
    try:
        parser().parse(text)
    except _LARK.UnexpectedInput:
        return False
    return bool(text.strip())


#: What is left between a trick's number said otherwise and its first seat:
#: the colon, dot, parenthesis or dash a typist puts after it (``1er pli :``).
_AFTER_NUMBER: Final = re.compile(r"\A[ \t\f]*[:.)\-]?")


def _trick_dot(n: int | str, rest: str, line: int, column: int) -> HrnSyntaxError:
    """A trick numbered otherwise than ``1.`` (``1er pli : N 2♣ ...``,
    ``Pli n°3 : E 2♠ ...``): the whole line to write when, numbered so, the
    rest of it reads (typed27: the number alone left the typist to rewrite the
    line), else how a trick line starts.  Both keys are the deal's habit,
    told once (reader._HABITS)."""
    cards = " ".join(_AFTER_NUMBER.sub("", rest, count=1).split())
    written = f"{int(n)}. {cards}"
    if cards and _reads(written):
        return HrnSyntaxError(msg("syntax.trick_dot_line", n=int(n), written=written), line, column)
    return HrnSyntaxError(msg("syntax.trick_dot", n=n), line, column)


def explain_line(text: str, line: int, seats: tuple[str, ...]) -> HrnSyntaxError | None:
    """Why the grammar does not read one logical line whose first line is
    *line* (absolute), in words: what was expected and what was found.
    ``None`` when the grammar reads the line (the reader's lexer, which
    refused it, is then wrong).  *seats* only serve to name the seats in
    the message.  The reader reads lines itself (:mod:`.lex`); the grammar
    is asked only here, for a line that is not HRN."""
    p = parser()
    with _LOCK:
        try:
            p.parse(text)
        except _LARK.UnexpectedInput as exc:
            return explain(exc, text, line, seats)
    return None


# Errors in words ------------------------------------------------------------------

#: How each terminal is named in a message, in the order they are listed.
#: What the parser may want, in the order the words are listed; each is the
#: catalog message ``expect.<terminal>`` (the seat's words name the seats).
_WORDS: tuple[str, ...] = (
    "TAG_OPEN", "TAG_NAME", "TAG_VALUE", "_RSQB", "DEAL", "NUMERO", "INT", "DEALER", "PASS", "DIRECTION",
    "TRICK_NUMBER", "SEAT", "_GT", "_COLON", "_COMMA", "UNKNOWN", "PBN", "SYMBOL_GROUP", "LETTER_GROUP",
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
    if "CARD" in expected or not expected.isdisjoint(("DIRECTION", "SEAT", "DEALER", "STAR")):
        # (the colon of "W:5♦" is optional, and so is the one a French sheet
        # types after a keyword, "donneur : O", "marque : N 3": not worth naming)
        expected = expected - {"_COLON"}
    # (a comma between the points of a line or the plays of a trick, the
    # period after its last, the "n°" before a deal's number: optional, what
    # the line wants is the seat, card or number)
    expected = expected - {"_COMMA", "_PERIOD", "NUMERO"}
    words = [_word(n, seats) for n in _WORDS if n in expected]
    if not words:
        return msg("expect.else").arg()
    return ("or_list", *words)


_WORD_AT = re.compile(r"[^\s{};]+|[{};]")
#: The first word of a line that starts with no keyword, quoted whole in the
#: error (letters of any script: ``donnée``, ``marqué`` were cut at the accent,
#: "found 'donn'", and the "did you mean" missed).
_FIRST_WORD = re.compile(r"\s*(?:\{(?:[^\\}]|\\.)*\}\s*)*([^\W\d_][^\W_]*)", re.S)


def explain(exc: UnexpectedInput, text: str, base: int, seats: tuple[str, ...]) -> HrnSyntaxError:
    """A Lark error as a :class:`HrnSyntaxError` in words, at an absolute position."""
    expected = _accepts(exc)
    found: str | None
    start: int | None = None
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
        if _wants_direction(expected):
            found = _shorthand(text, start) or _two_words(found, text, start, _FIRST_OF_DIRECTION)
    elif isinstance(exc, _LARK.UnexpectedCharacters):
        line, column = exc.line + base - 1, exc.column
        start = exc.pos_in_stream or 0
        m = _WORD_AT.match(text, start)
        found = m.group() if m else exc.char
        if m and _wants_direction(expected):
            found = _shorthand(text, start) or _two_words(found, text, start, _FIRST_OF_DIRECTION)
    elif isinstance(exc, _LARK.UnexpectedEOF):  # not raised by LALR, kept for safety
        lines = text.split("\n")
        line, column, found = base + len(lines) - 1, len(lines[-1]) + 1, None
    else:  # pragma: no cover - every UnexpectedInput is one of the above
        return HrnSyntaxError(str(exc), base, 1)
    cells = _sheet_cells(text, base, seats) or _glued_header(text, base) or _redeal(text, base)
    if cells is not None:
        return cells
    if found is not None and start is not None:
        period = _points_period(text, start, found, base)
        if period is not None:
            return period
        points = _points_slip(text, start, found, expected, base, seats)
        if points is not None:
            return points
    if isinstance(exc, _LARK.UnexpectedToken):
        at = exc.token.start_pos
        glued = _glued_points(text, len(text) if at is None or found is None else at, expected,
                              base, seats)
        if glued is not None:
            return glued
        moon_said = _moon_in_points(text, base)
        if moon_said is not None:
            return moon_said
        stray = _stray_word(text, len(text) if at is None or found is None else at, expected,
                            base, seats)
        if stray is not None:
            return stray
        if found is not None and at is not None:
            early = _period_inside(text, at, expected, base)
            if early is not None:
                return early
    if isinstance(exc, _LARK.UnexpectedToken) and exc.token_history:
        glued_seat = _glued_seat(exc.token_history[-1], text, base, seats)
        if glued_seat is not None:
            return glued_seat
    if found is not None and "\x1a" in found:
        # (a Ctrl-Z that text follows: one at the end of the file is read as its end)
        at = (start or 0) + found.index("\x1a")
        ln, col = _line_column(text, at, base)
        return HrnSyntaxError(msg("syntax.dos_eof"), ln, col)
    special = (lone_cr(text, base, line, column)
               or _end_mark(text, base)
               or _markdown_bold(text, base)
               or _chat_line(text, base)
               # (``Total général : N 42 ...``: read as ``total`` and a seat
               # ``général``; the row's head said as a notebook says it; typed25)
               or _points_said(text, base, len(text) - len(text.lstrip(" \t\f")), _TOTAL_ROWS)
               or _leader_mark(text, base, seats)
               or _leader_said(text, base, seats)
               or _bullet_slip(found, expected, text, base)
               or _trailing_remark(found, expected, text, start, line, column)
               or _typed_aside(found, expected, text, start, line, column, seats)
               or _sheet_slip(found, expected, text, start, base, line, column, seats)
               or _keyword_slip(found, expected, text, base, line, column)
               or _diagnose(found, expected, text, base, line, column, seats)
               or _card_slip(found, expected, text, start, line, column)
               or _hand_slip(found, expected, text, start, line, column)
               or _tag_slip(found, expected, text, line, column))
    if special is not None:
        return special
    what = msg("expect.$END").arg() if found is None else quote(found)
    said = msg("syntax.expected", what=expected_phrase(expected, seats), found=what)
    meant = _did_you_mean(said, found, expected, text)
    if meant is said and "DEAL" in expected and _prose(text):
        # (``Éric remplace Odile à partir de la donne 5``, ``la dame pour Est``: the
        # secretary's note typed as a line of its own; french12)
        return HrnSyntaxError(msg("syntax.written_as", error=said.arg(),
                                               written=f"{{{text.strip().replace(chr(9), ' ')}}}"),
                              line, column)
    if meant is said and found is not None and "DEALER" in expected and "DEAL" not in expected:
        dealt = _DEALER_SAID.match(text, column - 1) if text.startswith(found, column - 1) else None
        if dealt is not None:
            # (``Donne 1 : Gwen distribue, on passe à gauche``: the dealer said as a
            # sentence after the number, no comma before it; the header to write, as
            # with a comma (typed33: told at the name with no form to write)
            return HrnSyntaxError(msg("syntax.written_as", error=said.arg(), written=_header_fields(text)),
                                  line, column)
    if meant is said and found is not None and "SEAT" in expected:
        accented = ANY_WORD_RE.match(found)
        if accented is not None and not accented.group().isascii() and (
                "DEAL" not in expected or found[accented.end():].startswith(":")):
            # (at the start of a line only a hand line's ``Nörd:``: ``Événement``
            # there is no seat)
            return HrnSyntaxError(msg("syntax.seat_ascii", found=quote(accented.group())), line, column)
    return HrnSyntaxError(meant, line, column)


#: A rank typed apart from its suit symbol (``4 ♠``), the rest of the line after the rank.
_SYMBOLS: Final = "".join(SUIT_SYMBOLS)
_SPACED_SUIT: Final = re.compile(f"[^\\S\\n]+([{_SYMBOLS}])")

#: A card named in words (``Dame♥``, ``valet de pique``, ``queen of spades``):
#: the word's rank letter in the language of the word (French letters are
#: read before a suit symbol: spec 2.3), and the suits named after it.
_RANK_WORDS: Final = {"as": "A", "roi": "R", "dame": "D", "valet": "V",
                      "ace": "A", "king": "K", "queen": "Q", "jack": "J",
                      # (english12: ``Ten of Spades``, ``two of clubs``: the spot cards said too)
                      "ten": "10", "nine": "9", "eight": "8", "seven": "7", "six": "6",
                      "five": "5", "four": "4", "three": "3", "two": "2", "deuce": "2",
                      "dix": "10", "neuf": "9", "huit": "8", "sept": "7", "cinq": "5",
                      "quatre": "4", "trois": "3", "deux": "2"}
#: After ``of``, a suit's letter (``Q of S``): the letter is the suit only there
#: (``Q S`` alone may be a rank and the next seat).
_OF_SUIT_LETTER: Final = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}
#: (``pic``: pique as it sounds, ``dame de pic``; typed25)
_SUIT_WORDS: Final = {"pique": "♠", "piques": "♠", "pic": "♠", "cœur": "♥", "coeur": "♥", "cœurs": "♥",
                      "coeurs": "♥", "carreau": "♦", "carreaux": "♦", "trèfle": "♣",
                      "trèfles": "♣", "trefle": "♣", "trefles": "♣", "spades": "♠", "spade": "♠",
                      "hearts": "♥", "heart": "♥", "diamonds": "♦", "diamond": "♦", "clubs": "♣", "club": "♣"}
#: A suit shortened to two or three letters before a hand's ranks (``pi``,
#: ``co``, ``ca``, ``tr``, ``trè``), each of one suit only (french23).
_SUIT_ABBREVIATIONS: Final = {"pi": "♠", "piq": "♠", "co": "♥", "coe": "♥", "cœ": "♥", "ca": "♦",
                              "car": "♦", "tr": "♣", "tre": "♣", "trè": "♣", "tref": "♣", "trèf": "♣"}
#: After a lone rank, its suit said in words (``D pique``, ``10 de cœur``).
_RANK_THEN_SUIT_WORD: Final = re.compile(r"[^\S\n]+(?:(?:de|d'|d’|of)[^\S\n]*)?([^\W\d_]+(?!\w)|[♠♥♦♣])",
                                         re.IGNORECASE)
#: A rank with its suit shortened to its first letters, glued (``Dp``,
#: ``RCo``, ``Vca``, ``At``), a mark after it; and the shortenings a French
#: sheet uses, each of one suit only (``c`` is cœur or carreau: none).
_SHORT_SUIT_CARD: Final = re.compile(r"(10|[2-9AKQJTRDV])([^\W\d_]+)(!!|\?\?|!\?|\?!|!|\?|)",
                                     re.IGNORECASE)
_SHORT_SUITS: Final = {
    **dict.fromkeys(("p", "pi", "piq", "pique", "piques"), "♠"),
    **dict.fromkeys(("co", "coe", "cœ", "coeur", "cœur", "coeurs", "cœurs"), "♥"),
    **dict.fromkeys(("ca", "car", "carr", "carreau", "carreaux", "k"), "♦"),
    **dict.fromkeys(("t", "tr", "tre", "trè", "tref", "trèf", "trefle", "trèfle", "trefles",
                     "trèfles"), "♣"),
}
_NAMED_CARD: Final = re.compile(
    rf"([^\W\d_]+)(?:([{_SYMBOLS}])|[^\S\n]+(?:de|d'|d’|of)[^\S\n]*([^\W\d_]+)"
    rf"|[^\S\n]+(?:(?:de|d'|d’|of)[^\S\n]*)?([{_SYMBOLS}]))",   # (``dame de ♠``: french12)
    re.IGNORECASE)

#: A card said with its article (``la dame de pique``, ``the queen of
#: spades``): the article and the blanks after it (french19).
_ARTICLE_CARD: Final = re.compile(r"(?:la|le|the)[^\S\n]+(?=\w)", re.IGNORECASE)
#: A spot card's rank after its article (``le 10 de carreau``; french23).
_SPOT_RANK: Final = re.compile(r"(10|[2-9])(?!\w)")
#: The queen said alone after its article (``la Dame``, ``the queen``): in this
#: game, the queen of spades.
_LONE_QUEEN: Final = re.compile(
    # (``la noire``, ``la dame noire``, ``the black lady``: the queen of spades by
    # the names clubs give her; french24)
    rf"(dame(?:[^\S\n]+noire)?|noire|queen|lady|black[^\S\n]+(?:lady|maria))(?![\w{_SYMBOLS}])(?![^\S\n]+(?:de|d'|d’|of)(?!\w))(?![^\S\n]*[{_SYMBOLS}])",
    re.IGNORECASE)
#: The running totals in parentheses after a deal's points (``(total N 42 E 4 …)``,
#: ``(cumul : N 42 …)``): the seats and their totals (typed27).
_TOTAL_IN_PARENS: Final = re.compile(r"\([ \t\f]*(?:total|cumul|cumulé)[ \t\f]*:?[ \t\f]*([^()]*?)[ \t\f]*\)",
                                     re.IGNORECASE)
#: A trick line's number, its leader's seat and the card led (group 1).
_TRICK_LEAD: Final = re.compile(r"[ \t\f]*[0-9]+[.)][ \t\f]*[A-Za-z][A-Za-z0-9]*[ \t\f]*:?[ \t\f]*([^\s{]+)")


def _led_suit(text: str, start: int) -> str | None:
    """The suit symbol of the card led on the trick line *text*, when that
    card stands before *start* (where the line went wrong), else ``None``."""
    lead = _TRICK_LEAD.match(text)
    led = card_spelling(lead.group(1)) if lead is not None and lead.end(1) <= start else None
    return None if led is None else "♣♦♥♠"[led[0].suit]


#: The queen of spades by a nickname English players give her, with no article
#: (``Black Maria``, ``black lady``, ``QoS``; english24): her name, whatever the case.
#: French players' ``DDP`` (*dame de pique*) is hers too (typed25).
_QUEEN_NICKNAME: Final = re.compile(r"(black[^\S\n]+(?:lady|maria)|qos|ddp)(?!\w)", re.IGNORECASE)
#: A rank in words and ``de``/``of`` just before a suit's word the line went
#: wrong at (``As de coeur``: ``As`` read as the card A♠; typed25).
_RANK_OF_BEFORE: Final = re.compile(r"([^\W\d_]+)[^\S\n]+(?:de|d'|d’|of)[^\S\n]*\Z", re.IGNORECASE)

#: A hand's body after its seat and colon, up to a comment or a note.
_HAND_LINE: Final = re.compile(r"([ \t\f]*[A-Za-z][A-Za-z0-9]*[ \t\f]*:)[ \t\f]*([^{;\n]*)")
#: A suit's ranks in a hand typed by hand: ranks run together or spaced, ``10`` or
#: ``T``, ``-`` or ``void`` for none.
_RANK_RUN: Final = r"(?:(?:10|[AKQJT2-9])(?:[ \t\f,]*(?:10|[AKQJT2-9]))*|-|void|none)"
#: The four suits' ranks parted by slashes, blanks or spaced dots (``AJT8/AKT8/Q7/Q83``).
_PBN_PARTED: Final = re.compile(rf"({_RANK_RUN})(?:[ \t\f]*[/.][ \t\f]*|[ \t\f]+)({_RANK_RUN})"
                                rf"(?:[ \t\f]*[/.][ \t\f]*|[ \t\f]+)({_RANK_RUN})"
                                rf"(?:[ \t\f]*[/.][ \t\f]*|[ \t\f]+)({_RANK_RUN})[ \t\f]*", re.IGNORECASE)
#: A suit named in words or by its letter before its ranks (``Spades: A K 4``, ``S-AKQ``, ``S AKQ``).
_SUIT_NAMED_GROUP: Final = re.compile(
    rf"(spades?|hearts?|diamonds?|clubs?|[SHDC\u2660\u2665\u2666\u2663])[ \t\f]*[-:=]?[ \t\f]*({_RANK_RUN})"
    rf"[ \t\f]*[,;]?[ \t\f]*", re.IGNORECASE)

#: A suit named by a French sheet's letter before its ranks (``P D 10 8 6``:
#: P pique, C cœur, K carreau, T trèfle; typed27), the ranks in French letters.
_FRENCH_LETTER_GROUP: Final = re.compile(
    r"([PCKT])[ \t\f]*[-:=]?[ \t\f]*((?:10|[ARDV2-9])(?:[ \t\f,]*(?:10|[ARDV2-9]))*|-)[ \t\f]*[,;]?[ \t\f]*",
    re.IGNORECASE)
#: The suit each French sheet's letter names.
_FRENCH_SUIT_LETTERS: Final = {"p": "♠", "c": "♥", "k": "♦", "t": "♣"}


def _french_letter_groups(body: str) -> list[str]:
    """The suit groups of *body* with the suits named by a French sheet's
    letters (``P D 10 8 6  C A 8 …``: ``♠ D 10 8 6 ♥ A 8 …``), or empty when
    *body* is not only such groups or names no P, K nor T (``C`` alone may
    be clubs, as English letters name them: not guessed)."""
    groups: list[tuple[str, str]] = []
    at = 0
    while at < len(body):
        g = _FRENCH_LETTER_GROUP.match(body, at)
        if g is None or g.end() == at:
            return []
        groups.append((g.group(1).casefold(), " ".join(re.sub(r"[ \t\f,]+", " ", g.group(2)).split())))
        at = g.end()
    if not {"p", "k", "t"} & {letter for letter, _ in groups}:
        return []
    return [f"{_FRENCH_SUIT_LETTERS[letter]} {ranks.upper()}" for letter, ranks in groups]


def _ranks(run: str) -> str:
    """A suit's ranks as a hand writes them, packed (``A J 10 8`` -> ``AJT8``)."""
    return "-" if run.casefold() in ("-", "void", "none") else \
        re.sub(r"[ \t\f,]", "", run).upper().replace("10", "T")


def _hand_slip(found: str | None, expected: set[str], text: str, start: int | None,
               line: int, column: int) -> HrnSyntaxError | None:
    """A hand typed as a player types it away from the notation, told with
    the hand line to write (english12): the four suits parted by slashes,
    blanks or spaced dots (``AJT8/AKT8/Q7/Q83``: PBN's order, spades first),
    or each suit named before its ranks (``Spades: A J 10 8 Hearts: ...``,
    ``S-AJT8``, ``S AJT8 H AKT8``).  Not read: the order of PBN's groups and
    a lone letter (a seat? a suit?) are guesses the line offered lets the
    scorer check; it is offered only when it reads."""
    if found is None or start is None or "PBN" not in expected:
        return None
    hand = _HAND_LINE.match(text)
    if hand is None or start < hand.start(2):
        return None
    body = hand.group(2).rstrip()
    parted = _PBN_PARTED.fullmatch(body)
    written = None
    given = re.match(r"pass(?:es|ed)?(?!\w)[ \t\f]*:?[ \t\f]*", body, re.IGNORECASE)
    if given is not None:
        # (``N: pass KH AH TH``: the seat's pass written as its hand line)
        full = f"pass {' '.join(hand.group(1).split())} {body[given.end():]}"
        if not _reads(full):
            return None
        said = msg("syntax.expected", what=_HAND, found=quote(given.group().strip()))
        return HrnSyntaxError(msg("syntax.written_as", error=said.arg(), written=full), line, column)
    if parted is not None:
        written = ".".join(_ranks(g) for g in parted.groups())
    else:
        groups = _named_groups(body) or _french_letter_groups(body)
        if len(groups) >= 2:
            written = " ".join(groups)
    if written is None:
        return None
    full = f"{' '.join(hand.group(1).split())} {written}"
    if not _reads(full):
        return None
    said = msg("syntax.expected", what=_HAND, found=quote(body))
    return HrnSyntaxError(msg("syntax.written_as", error=said.arg(), written=full),
                          line, column)


#: A hand line without the colon after its seat, its suits named by their
#: letters as BBO shows a hand (``North S AJT8 H AKT8 D Q7 C Q83``; typed26).
_SEAT_THEN_GROUPS: Final = re.compile(r"[ \t\f]*([A-Za-z][A-Za-z0-9]*)[ \t\f]+"
                                      r"(?=[SHDC\u2660\u2665\u2666\u2663]"
                                      r"[ \t\f]*[-:=]?[ \t\f]*(?:10|[AKQJT2-9]|-))",
                                      re.IGNORECASE)


def _hand_without_colon(text: str, base: int, lead: int) -> HrnSyntaxError | None:
    """A hand typed as BBO shows it, its seat without the colon and each
    suit's letter before its ranks (``North S AJT8 H AKT8 D Q7 C Q83``),
    told with the hand line to write when its four suits are named and it
    reads (typed26; the grammar offered the line as a remark in braces)."""
    if "\n" in text:
        return None
    alone = _named_groups(text[lead:].rstrip())
    if len(alone) == 4 and _reads(f"N: {' '.join(alone)}"):
        # (``S AJT8 H AKT8 D Q7 C Q83``: the seat left out; not guessed)
        return HrnSyntaxError(msg("syntax.hand_seatless", found=quote(_shortened(text.strip(), 40)),
                                  written=" ".join(alone)), base, lead + 1)
    seat = _SEAT_THEN_GROUPS.match(text)
    if seat is None:
        return None
    groups = _named_groups(text[seat.end():].rstrip())
    written = f"{seat.group(1)}: {' '.join(groups)}"
    if len(groups) != 4 or not _reads(written):
        return None
    said = msg("syntax.expected", what=_LINE_START, found=quote(seat.group(1)))
    return HrnSyntaxError(msg("syntax.written_as", error=said.arg(), written=written), base, lead + 1)


def _named_groups(body: str) -> list[str]:
    """The suit groups of *body*, each suit named by its letter, word or
    symbol before its ranks (``S AJT8 H AKT8``: ``S:AJT8 H:AKT8``); empty
    when *body* is not only such groups."""
    groups: list[str] = []
    at = 0
    while at < len(body):
        g = _SUIT_NAMED_GROUP.match(body, at)
        if g is None or g.end() == at:
            return []
        groups.append(g.group(1)[:1].upper() + ":" + _ranks(g.group(2)))
        at = g.end()
    return groups


#: A tag line typed as a field or without its quotes (``[Event: "Club"]``,
#: ``[Event Thursday club night]``): the name, then the value as typed.
#: (A word processor's no-break space before the colon, ``[Lieu\u00a0: "Brest"]``,
#: is a blank here too: french12.)
_TAG_TYPED: Final = re.compile(r"[ \t\f]*\[[ \t\f]*([^\W\d][\w]*)[\s]*[:=]?[\s]*"
                               r"([^\]\n]*?)[\s]*\][ \t\f]*\Z")


def _bullet_slip(found: str | None, expected: set[str], text: str, base: int) -> HrnSyntaxError | None:
    """A line that starts with a list's bullet (``• passe N : ...``, a word
    processor's list saved as text), told at the bullet with the line to
    write when the line without it reads (french12)."""
    if found is None:
        return None
    bullet = list_bullet(text)
    if bullet is None:
        return None
    column, mark, rest = bullet
    if mark[:1].isdigit() or mark[:1] in "nN":
        # (``1) donne 1 ...``, ``n°1 donne 1``: the line numbered as a list's item;
        # the grammar took ``1)`` for a trick's number and went wrong further on)
        if "\n" in rest or not _reads(rest):
            return None
        return HrnSyntaxError(msg("syntax.line_number", found=quote(mark),
                                  written=_shortened(rest.strip())), base, column)
    if not {"DEAL", "TRICK_NUMBER", "TAG_OPEN"} <= expected:
        return None
    if "\n" not in rest and _reads(rest):
        return HrnSyntaxError(msg("syntax.bullet", bullet=mark, written=_untabbed(rest)), base, column)
    return HrnSyntaxError(msg("syntax.bullet_alone", bullet=mark), base, column)


#: What may part a whole line from a remark typed after it without braces
#: (``donne 2 donneur N passe droite — à refaire``): dropped from the comment offered.
_REMARK_LEAD: Final = "-\u2013\u2014:,. \t\f\u00a0\u202f"


def _end_mark(text: str, base: int) -> HrnSyntaxError | None:
    """A line that marks the record's end (``-- end --``, ``--- fin ---``,
    ``===``), told at its first mark with what to do: a game ends at its
    ``result`` line, and the cutter keeps such a line after it in that game
    (:data:`.cut.END_MARK`), so it is one error, not a second game (typed22;
    it was told as a remark to put in braces, and counted as a game)."""
    if "\n" in text or not text.strip(" \t\f\r") or END_MARK.match(text) is None:
        return None
    lead = len(text) - len(text.lstrip(" \t\f"))
    return HrnSyntaxError(msg("syntax.end_mark", found=quote(text.strip())), base, lead + 1)


#: A trick's leader marked as a pad marks it: a star or ``(L)`` after its
#: seat or before it (``2. W* 3S``, ``2. W(L) 3S``, ``2. *W 3S``, ``O (entame) 4♠``).
_LEADER_MARK: Final = re.compile(
    r"(?<![^\s.)])(?:([^\W\d_]+)[ \t]*(\*|\((?:L|lead|leads|leader|led|entame|ent\.?)\))"
    r"|(\*|\((?:L|lead|leads|leader|led|entame|ent\.?)\))[ \t]*([^\W\d_]+))(?=[ \t])", re.IGNORECASE)


#: The leader named in a remark after a trick's plays (``(W led)``, ``(led by W)``,
#: ``(entame O)``, ``(O entame)``): the seat.
_LEADER_SAID: Final = re.compile(
    # (the blanks before the remark matched only from where their run starts:
    # searched from every blank of a long run, the pattern was quadratic)
    r"(?<![ \t])[ \t]*\((?:([^\W\d_]+)[ \t]+(?:led|leads|entame)|(?:led[ \t]+by|lead|entame)[ \t]*:?[ \t]*"
    r"([^\W\d_]+))\)[ \t]*\Z", re.IGNORECASE)
#: A seat and its card in a trick line (``W 3S``, ``O: 4♠``).
_SEAT_CARD: Final = re.compile(r"([^\W\d_]+)[ \t]*:?[ \t]+([^\s,]+),?")


def _leader_said(text: str, base: int, seats: tuple[str, ...]) -> HrnSyntaxError | None:
    """A trick line whose leader is said in a remark after its plays, the
    plays perhaps in the seats' order (``2. N 8S E 4S S 2S W 3S (W led)``):
    told at the remark with the trick written from its leader, when it
    reads (typed22; it was told as a remark to put in braces, and once in
    braces as a lead out of turn)."""
    said = _LEADER_SAID.search(text)
    number = _TRICK_LINE.match(text)
    if said is None or number is None or "\n" in text:
        return None
    leader = said.group(1) or said.group(2)
    pairs = _SEAT_CARD.findall(text[number.end():said.start()])
    names = [p[0].upper() for p in pairs]
    if not _is_seat(leader, seats) or len(set(names)) != len(names) or leader.upper() not in names:
        return None
    at = names.index(leader.upper())
    turned = pairs[at:] + pairs[:at]
    written = " ".join([number.group().strip(), *(f"{a} {c}" for a, c in turned)])
    if not _reads(written):
        return None
    return HrnSyntaxError(msg("syntax.leader_mark", found=quote(said.group().strip()),
                              written=_shortened(written, 80)), base, said.start(0) + len(said.group(0))
                          - len(said.group(0).lstrip()) + 1)


def _leader_mark(text: str, base: int, seats: tuple[str, ...]) -> HrnSyntaxError | None:
    """A trick line whose leader is marked (``2. W* 3S N 8S ...``, ``2. W(L)
    3S ...``): told at the mark's seat with the line without the mark, offered
    when it reads: the leader is the seat written first (typed22; a star
    after the seat was told as a winner, ``(L)`` as a remark)."""
    if "\n" in text or _TRICK_LINE.match(text) is None:
        return None
    mark = _LEADER_MARK.search(text.split("{", 1)[0].split(";", 1)[0])
    if mark is None or not _is_seat(mark.group(1) or mark.group(4), seats):
        return None
    seat = mark.group(1) or mark.group(4)
    written = " ".join((text[:mark.start()] + " " + seat + " " + text[mark.end():]).split())
    if not _reads(written):
        return None
    return HrnSyntaxError(msg("syntax.leader_mark", found=quote(mark.group()),
                              written=_shortened(written, 80)), base, mark.start() + 1)


def _trailing_remark(found: str | None, expected: set[str], text: str, start: int | None,
                     line: int, column: int) -> HrnSyntaxError | None:
    """Words after a whole line, where only a comment or the end may come
    (``donne 2 donneur N passe droite maldonne``, ``... — à refaire``): told
    with the line to write, the words in braces, offered only when it reads
    (french12)."""
    if found is None or start is None or "COMMENT" not in expected or \
            not {e for e in expected if not e.startswith("__")} <= {"COMMENT", "$END", "_PERIOD", "_COMMA"}:
        return None
    if found[:1] in "(#[%" or found.startswith(("--", "//")):
        return None     # (a remark typed as other notes are: :func:`_sheet_slip` tells it)
    tail = text[start:].split("\n", 1)[0]
    cut = min((i for i in (tail.find("{"), tail.find(";")) if i >= 0), default=len(tail))
    remark = tail[:cut].strip().lstrip(_REMARK_LEAD).strip()
    if not any(c.isalpha() for c in remark) or "}" in remark or "\\" in remark:
        return None
    written = _untabbed(f"{text[:start].rstrip()} {{{remark}}} {tail[cut:]}")
    if "\n" in text or not _reads(written):
        return None
    said = msg("syntax.expected", what=expected_phrase(expected, ()), found=quote(found))
    return HrnSyntaxError(msg("syntax.written_as", error=said.arg(), written=written), line, column)


#: A hand line typed without the colon after its seat (``Nord ♠ D 10 8 6 ...``).
_HAND_NO_COLON: Final = re.compile("[ \t\f]*([A-Za-z][A-Za-z0-9]*)[ \t\f\u00a0]+(?=[♠♥♦♣♤♡♢♧])")
#: A moon said with its shooter after a word (``capot par S``, ``capot de S``, ``moon by S``).
_MOON_BY: Final = re.compile(r"[ \t\f]*((?:grand[ \t\f]+)?chelem|capot|moon)[ \t\f]*:?[ \t\f]*"
                             r"(?:par|de|pour|by|for)[ \t\f]+([A-Za-z][A-Za-z0-9]*)(?!\w)", re.IGNORECASE)


#: A moon said at the end of a points line (``marque N 26 E 26 S 0 O 26 capot``).
_MOON_AFTER_POINTS: Final = re.compile(
    r"[ \t\f]*(?:marque|score|total)(?!\w)(?P<points>[^{;\n]*?)[ \t\f,]*"
    r"(?P<moon>capot|(?:grand[ \t\f]+)?chelem|moon)[ \t\f]*(?:\{[^}]*\})?[ \t\f]*\Z", re.IGNORECASE)


def _moon_in_points(text: str, base: int) -> HrnSyntaxError | None:
    """A moon said at the end of its deal's points line (``marque N 26 E 26
    S 0 O 26 capot``): told at the word with the moon line to write, the
    seat the points show (the one at 0 when the others are alike; french12)."""
    said = _MOON_AFTER_POINTS.match(text)
    if said is None:
        return None
    pairs = re.findall(r"([A-Za-z][A-Za-z0-9]*)[ \t\f]*:?[ \t\f]*(" + _POINTS + r")", said.group("points"))
    points = {seat: points_value(n) for seat, n in pairs}
    zero = [seat for seat, n in points.items() if n == 0]
    if len(zero) != 1 or len(points) < 3 or len(set(points.values())) != 2:
        return None
    word = "moon" if said.group("moon").casefold() == "moon" else "capot"
    line, column = _line_column(text, said.start("moon"), base)
    return HrnSyntaxError(msg("syntax.moon_own_line", found=quote(said.group("moon")),
                              written=f"{word} {zero[0]}"), line, column)


#: A points line whose seats and points come as two lists parted by slashes
#: (``score N/E/S/W 3/4/15/4``, ``total: N/E/S/W: 29/4/41/30``): the keyword,
#: the seats, the points.
_SLASHED_POINTS: Final = re.compile(
    r"[ \t\f]*(score|total|marque)[ \t\f]*:?[ \t\f]*([A-Za-z]+(?:[ \t\f]*/[ \t\f]*[A-Za-z]+)+)[ \t\f]*:?"
    r"[ \t\f]*(-?[0-9]+(?:[ \t\f]*/[ \t\f]*-?[0-9]+)+)[ \t\f]*", re.IGNORECASE)
#: A total line whose seats each have two totals, before and after the deal,
#: parted by an arrow (``total N 3 → 29, E 4 → 4, ...``; english24).
_ARROW: Final = r"(?:\u2192|->|=>)"
_SEAT_ARROW_PAIR: Final = re.compile(rf"([A-Za-z][A-Za-z0-9]*)[ \t\f]*:?[ \t\f]*-?[0-9]+[ \t\f]*{_ARROW}"
                                     r"[ \t\f]*(-?[0-9]+)")
_TOTAL_ARROWS: Final = re.compile(rf"[ \t\f]*total[ \t\f]*:?(?:[ \t\f]*{_SEAT_ARROW_PAIR.pattern}[ \t\f]*,?)+"
                                  r"[ \t\f]*", re.IGNORECASE)


def _typed_aside(found: str | None, expected: set[str], text: str, start: int | None, line: int,
                 column: int, seats: tuple[str, ...]) -> HrnSyntaxError | None:
    """Small words a hand-typed sheet puts in a line that reads without them
    (french12): the degree sign of an ordinal after a deal's number
    (``donne 1° passe gauche``), a preposition before a moon's shooter
    (``capot par S``), slashes between a hand's suit groups, a hand's
    seat without its colon.  Told with
    the line to write, offered only when it reads."""
    if found is None or start is None or "\n" in text:
        return None
    written = None
    if found[:1] in "°º" and start > 0 and text[start - 1].isdigit():
        written = text[:start] + text[start + 1:]
    if found[:1] in "/|" and ("SYMBOL_GROUP" in expected or "LETTER_GROUP" in expected) \
            and _HAND_LINE.match(text) is not None:
        # (``N: ♠ D 10 8 6 / ♥ A 8 / ...``: the suit groups parted as a list's items)
        written = re.sub(r"[ \t\f]*[/|][ \t\f]*", "  ", text)
    seat_hand = _HAND_NO_COLON.match(text)
    if seat_hand is not None and ("DEAL" in expected or expected <= {"_COLON"}) \
            and _is_seat(seat_hand.group(1), seats):
        # (``Nord ♠ D 10 8 6 ...``, ``N\t♠ D ...``: a hand line without its colon)
        written = f"{seat_hand.group(1)} : {text[seat_hand.end():]}"
    moon = _MOON_BY.match(text)
    if moon is not None:
        written = f"{text[:moon.start(1)]}{moon.group(1)} {moon.group(2)}{text[moon.end():]}"
    slashed = _SLASHED_POINTS.fullmatch(text) if found[:1] == "/" else None
    if slashed is not None:
        # (``score N/E/S/W 3/4/15/4``: the seats and their points as two lists,
        # as a spreadsheet's export or a chat writes them; english24)
        names, points = slashed.group(2).split("/"), slashed.group(3).split("/")
        if len(names) == len(points):
            written = f"{slashed.group(1).lower()} " + " ".join(
                f"{n.strip()} {p.strip()}" for n, p in zip(names, points, strict=True))
    if found[:1] in "-=\u2192" and _TOTAL_ARROWS.fullmatch(text) is not None:
        # (``total N 3 → 29 E 4 → 4 ...``: each seat's total before and after the
        # deal, as a forum's running totals; the total is the one after; english24)
        pairs = _SEAT_ARROW_PAIR.findall(text)
        written = "total " + " ".join(f"{seat} {after}" for seat, after in pairs)
    if written is None or not _reads(written):
        return None
    said = msg("syntax.expected", what=expected_phrase(expected, seats), found=quote(found))
    # (a tab in the line offered shows as ``\x09`` on a terminal: blanks instead)
    return HrnSyntaxError(msg("syntax.written_as", error=said.arg(), written=_untabbed(written)),
                          line, column)


def _untabbed(line: str) -> str:
    """*line* to offer in a message: its tabs made two spaces (a terminal shows
    a tab in a message as ``\x09``, which a scorer would copy)."""
    return line.strip().replace("\t", "  ")


def _prose(text: str) -> bool:
    """Whether a line that does not read is a sentence (three words or
    more, the first a word of letters, no card symbol, brace, bracket or
    note): a remark, which the notation keeps in braces."""
    words = text.split()
    return (len(words) >= 3 and "\n" not in text and words[0].isalpha()
            and not any(c in text for c in "{}[];\\♠♥♦♣♤♡♢♧") and _reads(f"{{{text.strip()}}}"))


def _tag_slip(found: str | None, expected: set[str], text: str, line: int,
              column: int) -> HrnSyntaxError | None:
    """A tag's value typed after a colon or without its quotes, told with the
    tag line to write (english12), offered only when it reads."""
    if found is None or "TAG_VALUE" not in expected:
        return None
    typed = _TAG_TYPED.match(text)
    if typed is None or not typed.group(2):
        return None
    value = typed.group(2)
    if len(value) >= 2 and value[0] == value[-1] == '"':
        written = f"[{typed.group(1)} {value}]"    # (``[Event: "Club"]``: quoted as written)
    else:
        value = value.strip("'\u201c\u201d\u2018\u2019")
        escaped = value.replace("\\", "\\\\").replace('"', '\\"')
        written = f'[{typed.group(1)} "{escaped}"]'
    if not value or not _reads(written):
        return None
    said = msg("syntax.expected", what=msg("expect.TAG_VALUE").arg(), found=quote(found))
    return HrnSyntaxError(msg("syntax.written_as", error=said.arg(), written=written), line, column)


def _glued_seat(token: Any, text: str, base: int, seats: tuple[str, ...]) -> HrnSyntaxError | None:
    """A seat and its card or its points typed with no space (``1. E2C S 4C``,
    ``score N13 E 0``), which the grammar read as one seat's name (a record
    may name its seats): told at that word, with the space put in (english12)."""
    if getattr(token, "type", None) != "SEAT" or token.start_pos is None:
        return None
    word = str(token)
    m = re.fullmatch(r"([A-Za-z])(.+)", word)
    if m is None or not _is_seat(m.group(1), seats) or _is_seat(word, seats):
        return None
    rest = m.group(2)
    if card_spelling(rest) is None and not rest.isdigit():
        return None
    line, column = _line_column(text, token.start_pos, base)
    said = msg("syntax.expected", what=_word("SEAT", seats), found=quote(word))
    return HrnSyntaxError(msg("syntax.did_you_mean", error=said.arg(), word=f"{m.group(1)} {rest}"),
                          line, column)


#: A card with a sign between its rank and its suit (``3-C``, ``Q/S``).
_RANK_DASH_SUIT: Final = re.compile(rf"(10|[2-9AKQJT])[-/.\u2013]([SHDC{_SYMBOLS}])(!!|\?\?|!\?|\?!|!|\?|)",
                                    re.IGNORECASE)
#: A card written suit first (``♠Q``, ``SQ``, ``C3``, ``H10``), a mark after it.
_SUIT_FIRST: Final = re.compile(rf"([SHDC{_SYMBOLS}])(10|[2-9AKQJT])(!!|\?\?|!\?|\?!|!|\?|)", re.IGNORECASE)
#: The queen with a French bridge sheet's suit letter (``DK`` dame de
#: carreau, ``DT`` dame de trèfle), which reads suit first in English too.
_FRENCH_BRIDGE: Final = re.compile(r"[Dd][KkTt](!!|\?\?|!\?|\?!|!|\?|)")
#: The word before a position (``as`` before ``de cœur``).
_WORD_BEFORE: Final = re.compile(r"(?<!\S)([^\W\d_]+)[^\S\n]+\Z")


def _card_slip(found: str | None, expected: set[str], text: str, start: int | None,
               line: int, column: int) -> HrnSyntaxError | None:
    """Where a card was expected, a card typed as people say it, with the
    card to write instead: a rank apart from its suit (``4 ♠``: "the suit
    right after the rank"), or a card named in words (``Dame♥``, ``valet de
    pique``, ``queen of spades``).  A hand-typed sheet otherwise got only
    "expected a card such as Q♠", which does not say what was wrong."""
    if found is None or start is None or "CARD" not in expected:
        return None
    turned = _SUIT_FIRST.fullmatch(found)
    wide = unicodedata.normalize("NFKC", found)
    dashed = _RANK_DASH_SUIT.fullmatch(found)
    meant = turned.group(2) + turned.group(1) + turned.group(3) if turned is not None \
        else "".join(dashed.groups()) if dashed is not None else wide if wide != found else None
    if re.fullmatch(rf"1[SHDC{_SYMBOLS}](!!|\?\?|!\?|\?!|!|\?|)", found, re.IGNORECASE):
        # (``1H``: the ace as a one, or the ten with its zero lost: not guessed; english12)
        return HrnSyntaxError(msg("syntax.rank_one", found=quote(found), ace="A" + found[1:],
                                  ten="10" + found[1:]), line, column)
    if re.fullmatch(rf"O[SHDC{_SYMBOLS}](!!|\?\?|!\?|\?!|!|\?|)", found) \
            and card_spelling("Q" + found[1:]) is not None:
        # (``OS``: a capital O typed for the Q, the round letter next to it in a
        # scorer's hand or a phone's guess; no rank is O; english24)
        said = msg("syntax.expected", what=expected_phrase(expected, ()), found=quote(found))
        return HrnSyntaxError(msg("syntax.did_you_mean", error=said.arg(), word="Q" + found[1:]),
                              line, column)
    if turned is not None and _FRENCH_BRIDGE.fullmatch(found):
        # (``DK``, ``DT``: the queen with a French bridge sheet's suit letter,
        # K carreau, T trèfle, or the king or ten of diamonds written suit
        # first; both said, neither guessed; french21)
        queen = "Q♦" if found[1] in "Kk" else "Q♣"
        return HrnSyntaxError(msg("syntax.card_two_readings", found=quote(found), french=("card", queen),
                                  turned=("card", f"{found[1].upper()}♦")), line, column)
    if meant is not None and card_spelling(meant) is not None:
        # (``♠Q``, ``SQ``, ``C3``: the suit before the rank; ``ＱＳ``: a phone's or an
        # East Asian keyboard's full-width letters; english12)
        said = msg("syntax.expected", what=expected_phrase(expected, ()), found=quote(found))
        return HrnSyntaxError(msg("syntax.did_you_mean", error=said.arg(), word=meant), line, column)
    if found.upper() in RANKS or found.upper() in FRENCH_RANKS:
        spaced = _SPACED_SUIT.match(text, start + len(found))
        if spaced is not None:
            card = found.upper() + spaced.group(1)
            return HrnSyntaxError(msg("syntax.card_space", found=quote(text[start:spaced.end()]),
                                      card=card), line, column)
        worded = _RANK_THEN_SUIT_WORD.match(text, start + len(found))
        suit = None if worded is None else worded.group(1) if worded.group(1) in SUIT_SYMBOLS \
            else _SUIT_WORDS.get(worded.group(1).casefold())
        if suit is None and worded is not None and re.search(r"(?i)\bof\b", worded.group()):
            suit = _OF_SUIT_LETTER.get(worded.group(1).casefold())
        if worded is None or suit is None:
            return None
        # (``D pique``, ``10 de cœur``: the rank, then its suit said in words)
        return HrnSyntaxError(msg("syntax.card_words", found=quote(text[start:worded.end()]),
                                  card=found.upper() + suit), line, column)
    short = _SHORT_SUIT_CARD.fullmatch(found)
    if short is not None:
        # (``Dp``, ``RCo``, ``Vca``, ``At``: a card with its suit's first
        # letters, as a sheet shortens it; ``Dc``, cœur or carreau, says none)
        suit = _SHORT_SUITS.get(short.group(2).casefold())
        if suit is not None:
            card = short.group(1).upper() + suit + short.group(3)
            return HrnSyntaxError(msg("syntax.card_words", found=quote(found), card=card),
                                  line, column)
    nickname = _QUEEN_NICKNAME.match(text, start)
    if nickname is not None:
        # (``W Black Maria!``, ``W QoS``: the queen of spades by a club's name for her)
        card = "D♠" if nickname.group(1).casefold() == "ddp" else "Q♠"
        return HrnSyntaxError(msg("syntax.card_words", found=quote(nickname.group(1)), card=card),
                              line, column)
    named = _NAMED_CARD.match(text, start)
    article = _ARTICLE_CARD.match(text, start) if found.casefold() in ("la", "le", "the") else None
    if article is not None:
        # (``la dame de pique``, ``la Dame``: a card said with its article, as a
        # player says it at the table; *la dame* alone is the queen of spades,
        # the game's card, as the seeds call it; french19)
        named = _NAMED_CARD.match(text, article.end())
        spot = _SPOT_RANK.match(text, article.end()) if named is None else None
        worded = _RANK_THEN_SUIT_WORD.match(text, spot.end()) if spot is not None else None
        suit = _SUIT_WORDS.get(worded.group(1).casefold()) if worded is not None else None
        if spot is not None and worded is not None and suit is not None:
            # (``le 10 de carreau``, ``le 7 de cœur``: a spot card said with its
            # article; french23)
            return HrnSyntaxError(msg("syntax.card_words", found=quote(text[start:worded.end()]),
                                      card=spot.group(1) + suit), line, column)
        lone = _LONE_QUEEN.match(text, article.end()) if named is None else None
        if lone is not None and found.casefold() != "le":
            card = "Q♠" if lone.group(1)[:1].casefold() in "qbl" else "D♠"
            # (the queen by her name alone; *la dame noire*, *the black lady*, *the
            # lady* name the queen of spades whatever was led)
            alone = lone.group(1).casefold() in ("dame", "queen")
            led = _led_suit(text, start) if alone else None
            if led is not None and led != "♠":
                # (``5. N 10♥ O la dame``: after a lead in hearts *la dame* may be
                # D♥ as well as D♠; told with both, neither guessed; typed27)
                return HrnSyntaxError(msg("syntax.lone_queen_led", found=quote(text[start:lone.end()]),
                                          led=led, follow=card[0] + led, spades=card), line, column)
            return HrnSyntaxError(msg("syntax.card_words", found=quote(text[start:lone.end()]), card=card),
                                  line, column)
        if named is not None:
            letter = _RANK_WORDS.get(named.group(1).casefold())
            suit = named.group(2) or named.group(4) or _SUIT_WORDS.get((named.group(3) or "").casefold())
            if letter is None or suit is None:
                return None
            return HrnSyntaxError(msg("syntax.card_words", found=quote(text[start:named.end()]),
                                      card=letter + suit), line, column)
    if named is None and found.casefold() in ("de", "d'", "d’", "of"):
        # (``as de cœur``: ``as`` read as the card AS, and the line went
        # wrong at the ``de`` after it; the card is the words before)
        word = _WORD_BEFORE.search(text, 0, start)
        named = _NAMED_CARD.match(text, word.start(1)) if word is not None else None
        if named is not None:
            line, column = _line_column(text, named.start(), line - text.count("\n", 0, start))
    if named is None and _SUIT_WORDS.get(found.casefold()) is not None:
        # (``As de coeur``: the rank and ``de`` read as cards, the line went
        # wrong at the suit's word; the card is the words before it)
        before = _RANK_OF_BEFORE.search(text, 0, start)
        named = _NAMED_CARD.match(text, before.start(1)) if before is not None else None
        if named is not None:
            line, column = _line_column(text, named.start(), line - text.count("\n", 0, start))
    if named is None:
        return None
    letter = _RANK_WORDS.get(named.group(1).casefold())
    suit = named.group(2) or named.group(4) or _SUIT_WORDS.get((named.group(3) or "").casefold())
    if letter is None or suit is None:
        return None
    return HrnSyntaxError(msg("syntax.card_words", found=quote(named.group()), card=letter + suit),
                          line, column)


#: The word before the error, when it is a number with a word glued on
#: (``1x3``: points typed with a stray letter).
_GLUED_POINTS: Final = re.compile(r"(" + _POINTS + r"[^\W\d_][^\s{};]*)[^\S\n]*\Z")


def _glued_points(text: str, start: int, expected: set[str], base: int,
                  seats: tuple[str, ...]) -> HrnSyntaxError | None:
    """The error of a score or total line whose points have a word glued on
    (``S 1x3 W 0``), at those points: the grammar's points end where the
    digits do, so it read ``1`` and then a seat ``x3``, and its error fell
    on the next seat (``found 'W'``), one word past the slip.  No seat's
    name starts with a digit, so the word is points mistyped."""
    if not {"POINTS", "_COLON"} <= expected:
        return None
    m = _GLUED_POINTS.search(text, 0, start)
    if m is None or (m.start() > 0 and not text[m.start() - 1].isspace()):
        return None
    at = m.start(1)
    line, column = _line_column(text, at, base)
    if _GLUED_UNIT.fullmatch(m.group(1)):
        # (``N 3pts``: the points' unit glued on, as a sheet says them)
        return HrnSyntaxError(msg("syntax.points_unit", found=quote(m.group(1)),
                                  written=_points_meant(text)), line, column)
    said = msg("syntax.expected", what=expected_phrase({"POINTS"}, seats), found=quote(m.group(1)))
    return HrnSyntaxError(said, line, column)


#: The points and the word after them, before a score or total line's error.
_AFTER_POINTS: Final = re.compile(r"(?<!\S)" + _POINTS + r"[^\S\n]+([^\s{};:]+)[^\S\n]*\Z")


def _stray_word(text: str, start: int, expected: set[str], base: int,
                seats: tuple[str, ...]) -> HrnSyntaxError | None:
    """The error of a score or total line with a word after some points that
    is no seat (``marque N 3 pts E 4``), at that word: the grammar took the
    word for a seat whose points were to follow, and its error fell on the
    next seat (``found 'E'``), one word past the slip.  A word that is a seat
    of the game (``N 3 S E 4``, S's points left out) keeps the error where
    the points are missing."""
    if not {"POINTS", "_COLON"} <= expected:
        return None
    m = _AFTER_POINTS.search(text, 0, start)
    if m is None:
        return None
    word = m.group(1)
    if _is_seat(word, seats):
        return None
    at = m.start(1)
    line, column = _line_column(text, at, base)
    whole = _WORD_AT.match(text, at)
    if whole is not None and _a_card(whole.group()):
        return HrnSyntaxError(msg("syntax.points_card", found=quote(whole.group())), line, column)
    if _UNIT.fullmatch(word):
        # (``N 3 pts``, ``N : 3 points``: the points' unit, as a sheet says them)
        return HrnSyntaxError(msg("syntax.points_unit", found=quote(word), written=_points_meant(text)),
                              line, column)
    said = msg("syntax.expected", what=expected_phrase({"SEAT"}, seats), found=quote(word))
    glued = re.fullmatch(r"([A-Za-z]+)([0-9]+)", word)
    if glued is not None and _is_seat(glued.group(1), seats):
        # (``marque N 13 E 0 S8 O 5``: a seat glued to its points, as a sheet's
        # columns retyped lose a blank; french24; english12's ``score N13``)
        return HrnSyntaxError(msg("syntax.did_you_mean", error=said.arg(),
                                  word=f"{glued.group(1)} {glued.group(2)}"), line, column)
    return HrnSyntaxError(said, line, column)


#: A card as a points line's stray word: the jack of diamonds however it is
#: written (``J♦``, ``V♦``, ``JD``) or any card with its suit's symbol.
_SUIT_SYMBOLS: Final = frozenset("♠♥♦♣♤♡♢♧")


def _a_card(word: str) -> bool:
    """Whether *word*, a stray word on a points line (``score N 3 E 4 S 15 W 4
    J♦ -10``: the club's sheet says the jack's -10 after the seats), is a
    card: the jack of diamonds however written (``J♦``, ``V♦``, ``JD``) or a
    card with its suit's symbol.  A points line gives each seat's points, a
    card's counted in its taker's, and the jack at -10 is a rule the
    ``Rules`` tag says; "expected a seat, found 'J'" did not say so."""
    try:
        card = parse_card(word)
    except CardError:
        return False
    return str(card) == "JD" or bool(_SUIT_SYMBOLS.intersection(word))


def _is_seat(word: str, seats: tuple[str, ...]) -> bool:
    """Whether *word* names a seat of the game (its name, in any case, or its
    compass word, ``Nord``; ``O`` for West at the default table)."""
    upper = word.upper()
    return (upper in {s.upper() for s in seats} or word.lower() in seat_words(seats)
            or (upper == "O" and "W" in seats))


#: A unit after points, as a sheet says them (``3 pts``, ``3 points``).
_UNIT: Final = re.compile(r"(?:pts?|points?)\.?", re.IGNORECASE)
_GLUED_UNIT: Final = re.compile(_POINTS + r"(?:pts?|points?)\.?,?", re.IGNORECASE)
_UNIT_AFTER: Final = re.compile(r"(?<=[0-9])[^\S\n]*(?:pts?|points?)\.?(?!\w)", re.IGNORECASE)
#: A line that starts with a points keyword.
_POINTS_HEAD: Final = re.compile(r"[ \t\f]*(?:score|marque|total)(?!\w)", re.IGNORECASE)
#: One seat and its points as a sheet lists them with no keyword before
#: (``N=3``, ``N : 3 pts,``), and a line of them, a note after.
_PAIR: Final = re.compile(r"([^\W\d_]\w*)[^\S\n]*[:=]?[^\S\n]*(" + _POINTS + r")"
                          r"(?:[^\S\n]*(?:pts?|points?)\.?(?!\w))?[^\S\n]*,?[^\S\n]*")
#: Each pair is atomic (``(?>…)``): a seat's word may end in digits (``J1 3``)
#: and a pair's points are digits, so written as a plain group, a line such
#: as ``E: 20h30 20h30 …`` that is no points line tried every split of every
#: pair before failing, exponential in the line (typed28: 2 s for 120
#: characters).  A pair's first split, the one :data:`_PAIR`'s ``finditer``
#: gives, ends where any other would: its digits run to the end of theirs.
_PAIRS_LINE: Final = re.compile(rf"[ \t\f]*((?>{_PAIR.pattern}){{2,}})(?:\{{[^{{}}]*\}}[^\S\n]*)*\Z",
                                re.IGNORECASE)
#: A number cut by a decimal or thousands mark, where points stand: the
#: digits before the error (group 1), the mark (2), and the digits at it.
_NUMBER_BEFORE: Final = re.compile(r"(?<![\w.,])(" + _POINTS + r")(,?|[ \t\u00a0\u2007\u2009\u202f]+)\Z")
_THOUSANDS: Final = "\u00a0\u2007\u2009\u202f"
_DIGITS_AT: Final = re.compile(r"([.,]?)([0-9]+)(?![\w.,])")
#: A deal's number said with how many deals the game will have (``donne 1/8``,
#: ``donne 1 sur 8``), from its number.
_DEAL_OF: Final = re.compile(r"([0-9]+)[^\S\n]*(?:/|sur(?!\w)|of(?!\w))[^\S\n]*[0-9]+", re.IGNORECASE)


#: The sum of a points line written after it (``marque N 1 E 0 S 24 O 1 = 26``).
_SUM_AFTER: Final = re.compile(r"(?<=[0-9])[^\S\n]*=[^\S\n]*[0-9]+[^\S\n]*\Z")
#: The ``on`` of a pass said as a sentence in a header (``on passe à gauche``).
_SAID_ON: Final = re.compile(r"(?<!\S)on[ \t\f]+(?=pass)", re.IGNORECASE)


def _points_meant(text: str) -> str:
    """A points line as the notation writes it: no ``=``, no unit after the
    points, no sum after them (``... O 1 = 26``: the deal's 26 points added
    up), the rest as typed (a colon and commas are read), for a message."""
    body = _SUM_AFTER.sub("", text.split(";", 1)[0].split("\n", 1)[0])
    body = _UNIT_AFTER.sub("", re.sub(r"[^\S\n]*=[^\S\n]*", " ", body))
    return _shortened(" ".join(body.split()))


def _shortened(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


#: A figure struck out in Markdown (``~~38~~``), the blanks after it.
_STRUCK: Final = re.compile(r"~~[^~\n]*~~[ \t]*")


def _points_slip(text: str, start: int, found: str, expected: set[str], base: int,
                 seats: tuple[str, ...]) -> HrnSyntaxError | None:
    """A points line typed as a sheet writes it, with what to write instead:
    ``=`` between a seat and its points (``total = N 3``, ``N=3``), a
    decimal comma (``N 3,5``: points are whole), a number with a thousands
    space (``N 1 003``), a line of seats and points with no ``marque`` or
    ``total`` before them, a deal numbered out of the game's (``donne 1/8``).
    The grammar's own error said only what it expected at the mark."""
    if _POINTS_HEAD.match(text) is None and "DEAL" not in expected and "TAG_OPEN" not in expected:
        body = text.split("\n", 1)[0].split(";", 1)[0]
        pairs = _PAIRS_LINE.match(body)
        found_pairs = list(_PAIR.finditer(body, 0, pairs.end(1))) if pairs is not None else []
        if found_pairs and all(_is_seat(m.group(1), seats) for m in found_pairs):
            said = " ".join(f"{m.group(1)} {m.group(2)}" for m in found_pairs)
            column = 1 + len(text) - len(text.lstrip(" \t\f"))
            return HrnSyntaxError(msg("syntax.points_keyword", pairs=_shortened(said)), base, column)
    if "INT" not in expected and ("DEALER" in expected or "PASS" in expected) and "DEAL" not in expected:
        number = re.search(r"[0-9]+[^\S\n]*\Z", text[:start])
        deal_of = _DEAL_OF.match(text, number.start()) if number is not None else None
        if deal_of is not None:
            line, column = _line_column(text, deal_of.start(), base)
            return HrnSyntaxError(msg("syntax.deal_of", found=quote(deal_of.group()),
                                      n=int(deal_of.group(1))), line, column)
    if _POINTS_HEAD.match(text) is None:
        return None
    if found.startswith("=") and ("SEAT" in expected or "POINTS" in expected):
        line, column = _line_column(text, start, base)
        return HrnSyntaxError(msg("syntax.points_equals", found=quote(found), written=_points_meant(text)),
                              line, column)
    if found.startswith("~~") and "\n" not in text:
        # (``total N 42 E 4 S ~~38~~ 49 O 35``: a figure crossed out and
        # written again, Markdown's strike-through; typed22)
        written = " ".join(_STRUCK.sub(" ", text).split())
        if _reads(written):
            line, column = _line_column(text, start, base)
            struck = _STRUCK.match(text, start)
            return HrnSyntaxError(msg("syntax.struck_out", found=quote(
                struck.group().strip() if struck is not None else found), written=_shortened(written, 100)),
                line, column)
    if found[:1] in "/|" and "SEAT" in expected:
        # (``score: N 13 / E 0 / S 5 / W 8``, a pad's slashes or a Markdown
        # table's bars between the seats: told with the line without them,
        # offered when it reads; typed22)
        first = text.split("\n", 1)[0]
        note = first.find(";")
        body, tail = (first, "") if note < 0 else (first[:note], " " + first[note:])
        written = " ".join(body.replace("/", " ").replace("|", " ").split()) + tail
        if _reads(written):
            line, column = _line_column(text, start, base)
            return HrnSyntaxError(msg("syntax.points_slash", found=quote(found[:1]),
                                      written=_shortened(written, 100)), line, column)
    if "POINTS" in expected and re.fullmatch(r"[+\-\u2212\u2013\u2014]?[0-9]+[.,][0-9]+,?", found):
        # (``O −4,5``: a word processor's minus and a decimal comma, read as one word)
        line, column = _line_column(text, start, base)
        return HrnSyntaxError(msg("syntax.points_whole", found=quote(found.rstrip(","))), line, column)
    if "SEAT" not in expected:
        return None
    before = _NUMBER_BEFORE.search(text, 0, start)
    after = _DIGITS_AT.match(text, start)
    if before is None or after is None:
        return None
    mark = before.group(2) + after.group(1)
    typed = text[before.start():after.end()]
    line, column = _line_column(text, before.start(), base)
    if mark == "," or (mark == "." and len(after.group(2)) != 3):
        # (``N 3,5``: a decimal comma; no deal gives half a point)
        return HrnSyntaxError(msg("syntax.points_whole", found=quote(typed)), line, column)
    if (mark == "." or (mark and not mark.strip(_THOUSANDS))) and len(after.group(2)) == 3:
        # (``N 1 003`` with a word processor's no-break or thin space,
        # ``N 1.003``: a thousands mark between the digits; an ordinary
        # space there may stand before a seat left out)
        return HrnSyntaxError(msg("syntax.points_spaced", found=quote(typed),
                                  number=before.group(1) + after.group(2)), line, column)
    return None


#: A points line's keyword at the start of a row of cells (french19).
_CELLS_HEAD: Final = re.compile(r"[ \t\f]*(score|marque|total)(?!\w)[ \t\f\u00a0\u202f]*:?", re.IGNORECASE)
#: What parts the cells of a spreadsheet's row pasted as text: ``;`` (the CSV
#: of a French spreadsheet), a tab (cells copied from the grid).
#: Its blanks before the mark start only where a run of blanks starts (the
#: look behind): searched from every blank of a long run, each start ran to
#: the run's end, quadratic in it (typed28); a match from inside a run is one
#: from its start, and a mark right after a match's blanks starts the next.
_CELL_MARK: Final = re.compile(r"(?:(?<![^\S\n])[^\S\n]*)?[;\t][^\S\n]*")
_WHOLE: Final = re.compile(_POINTS)
#: A row of a score sheet's columns ruled by bars (``Nord | Est | Sud |
#: Ouest``, ``3 | 4 | 15 | 4``; french23), and the bar between two cells.
#: Its cells are possessive and its blanks before a first bar are the first
#: cell's when no bar follows them (typed28: written ``[ \t\f]*\|?[^|…]+``,
#: a line of spaces split every way between the two, quadratic in it).
_BAR_ROW: Final = re.compile(r"(?:[ \t\f]*+\|)?[^|\n;{]++(?:\|[^|\n;{]++){2,}\|?[ \t\f]*")
_BAR_MARK: Final = re.compile(r"[^\S\n]*\|[^\S\n]*")
#: A row of whole numbers parted by blanks alone (``3    4   15    4``; french24).
_SPACED_ROW: Final = re.compile(r"[ \t\f]*" + _POINTS + r"(?:[ \t\f\u00a0]+" + _POINTS + r")+[ \t\f]*")
#: The first cell of a table of tricks' heading (``Pli``, ``Trick``, ``N°``;
#: typed30): a word, no repetition, matched whole against one cell.
_TRICK_HEADING: Final = re.compile(r"(?:pli|plis|trick|tricks|n[°º]|#)", re.IGNORECASE)
#: A heading cell: a word of letters (``Donne``, ``Nord``, ``N°``, ``Total cumulé``).
_HEADING_CELL: Final = re.compile(r"[^\W\d_][\w°º'’. -]*")


def _sheet_cells(text: str, base: int, seats: tuple[str, ...]) -> HrnSyntaxError | None:
    """A row of a spreadsheet pasted as text (french19), told with the lines
    of the notation it stands for: a points row without its seats
    (``marque;3;4;15;4``, ``marque<tab>3<tab>4...``, ``marque 3 4 15 4``: as
    many numbers as seats, offered in the seats' order), a points row whose
    seats and points are cells (``total;N;3;E;4;...``), the heading row of the
    columns (``Donne;Nord;Est;Sud;Ouest``) and a deal's row (``1;3;4;15;4``:
    its number then each seat's points).  The grammar said only "expected a
    seat, found the end of the line" (the ``;`` begins a note) or took the
    row for a trick line.  Told, not read: which column is which seat is
    the sheet's heading's, which the notation does not have."""
    first = text.split("\n", 1)[0]
    head = _CELLS_HEAD.match(first)
    gap = 1 + len(first) - len(first.lstrip(" \t\f"))
    if head is not None:
        rest = first[head.end():]
        # (``score,N,3,E,4,...``: an English spreadsheet's CSV, cells parted by commas; typed22)
        comma = rest[:1] == ","
        # (``Total | 3 | 4 | 15 | 4``: a score sheet's columns ruled by bars; french23)
        bar = rest.lstrip(" \t\f\u00a0\u202f")[:1] == "|"
        cells = [c for c in re.split(r"[;,\s]+" if comma else r"[;|\s]+" if bar else r"[;\s]+", rest) if c]
        at = head.end() + len(rest) - len(rest.lstrip(" \t\f\u00a0\u202f"))
        if at >= len(first):
            return None
        found = quote(first[at] if first[at] in ";,|" else re.split(r"[;\s]", first[at:], maxsplit=1)[0])
        written: Arg
        if len(cells) == len(seats) and all(_WHOLE.fullmatch(c) for c in cells):
            pieces: list[Arg] = [head.group(1)]
            for seat_name, points in zip(seats, cells, strict=True):
                pieces += [("letter", seat_name), points]
            written = ("space", *pieces)
        elif ((comma or _CELL_MARK.search(rest) is not None) and len(cells) >= 4 and len(cells) % 2 == 0
              and all(_is_seat(s, seats) and _WHOLE.fullmatch(n)
                      for s, n in zip(cells[::2], cells[1::2], strict=True))):
            written = " ".join([head.group(1), *cells])
        else:
            return None
        return HrnSyntaxError(msg("syntax.sheet_cells", found=found, written=written), base, at + 1)
    barred = _BAR_ROW.fullmatch(first) is not None
    words = first.split()
    if len(words) == len(seats) and len(seats) > 1 and all(_is_seat(w, seats) for w in words) \
            and len({w.upper() for w in words}) == len(words):
        # (``N    E    S    O``: a sheet's heading retyped with blanks; french24: the
        # grammar read the hand of a seat ``N`` and wanted its colon)
        heading: Arg = ("space", *[piece for s in seats for piece in (("letter", s), "…")])
        return HrnSyntaxError(msg("syntax.sheet_heading", found=quote(_shortened(" ".join(words))),
                                  pairs=heading), base, gap)
    spaced = _SPACED_ROW.fullmatch(first)
    if spaced is not None and len(words) == len(seats):
        # (``3    4   15    4``: a deal's points under a sheet's columns retyped
        # with blanks, the columns misaligned; french24: it was taken for a
        # trick line without its dot, *comme « 3. »*)
        pieces = []
        for seat_name, points in zip(seats, first.split(), strict=True):
            pieces += [("letter", seat_name), points]
        return HrnSyntaxError(msg("syntax.sheet_bar_row", found=quote(_shortened(" ".join(first.split()))),
                                  pairs=("space", *pieces)), base, gap)
    if _CELL_MARK.search(first) is None and not barred:
        return None
    cells = [c for c in (_BAR_MARK if barred else _CELL_MARK).split(first.strip(" \t\f")) if c]
    if barred and len(cells) == len(seats) and all(_WHOLE.fullmatch(c) for c in cells):
        # (``3 | 4 | 15 | 4`` under ``Nord | Est | Sud | Ouest``: a deal's points in a
        # score sheet's ruled columns, offered as the deal's points line; french23)
        pieces = []
        for seat_name, points in zip(seats, cells, strict=True):
            pieces += [("letter", seat_name), points]
        return HrnSyntaxError(msg("syntax.sheet_bar_row", found=quote(_shortened(" ".join(first.split()))),
                                  pairs=("space", *pieces)), base, gap)
    if ";" in first and len(cells) >= 2 and _is_seat(cells[0].rstrip(": "), seats) and all(
            c[:1] in "♠♥♦♣♤♡♢♧" for c in cells[1:]):
        # (``N;♠ D 10 8 6;♥ A 8;...``: a hand's suits in a CSV's cells; typed22; a
        # tab after the seat is french12's colon left out)
        written = f"{cells[0].rstrip(': ')}: " + "  ".join(c.strip() for c in cells[1:])
        mark = _CELL_MARK.search(first)
        if _reads(written) and mark is not None:
            return HrnSyntaxError(msg("syntax.hand_cells", found=quote(mark.group().strip() or "\t"),
                                      written=_shortened(written, 100)), base, mark.start() + 1)
    if barred and len(cells) == len(seats) + 1 and re.fullmatch(r"[0-9]{1,2}\.?", cells[0]):
        # (``| 1 | N 2♣ | E 3♣ | S 5♣ | O A♣ |``: a trick as a Markdown table's
        # row, its number then each seat's play; offered when it reads; typed26)
        written = f"{cells[0].rstrip('.')}. {' '.join(' '.join(c.split()) for c in cells[1:])}"
        if _reads(written):
            return HrnSyntaxError(msg("syntax.trick_cells", found=quote(_shortened(" ".join(first.split()))),
                                      written=written), base, gap)
    letters: Arg = ("space", *[piece for s in seats for piece in (("letter", s), "…")])
    if (len(cells) == len(seats) + 1 and _TRICK_HEADING.fullmatch(cells[0]) is not None
            and all(_is_seat(c, seats) for c in cells[1:])
            and len({c.upper() for c in cells[1:]}) == len(seats)):
        # (``Pli<tab>N<tab>E<tab>S<tab>O``: the heading of a deal's tricks pasted
        # from a spreadsheet, one column a seat; typed30: told as a points
        # sheet's heading, then its first row told again.  Told, not read: a
        # row gives each seat's card but not who led, the order played.)
        return HrnSyntaxError(msg("syntax.trick_heading", found=quote(_shortened(" ".join(first.split()))),
                                  pairs=letters), base, gap)
    if (len(cells) == len(seats) + 1 and all(_WHOLE.fullmatch(c) for c in cells)
            and not cells[0].startswith(("+", "-"))):
        pieces = []
        for seat_name, points in zip(seats, cells[1:], strict=True):
            pieces += [("letter", seat_name), points]
        typed = _shortened(first.strip().replace("\t", " "))
        return HrnSyntaxError(msg("syntax.sheet_row", found=quote(typed), n=int(cells[0]),
                                  pairs=("space", *pieces)), base, gap)
    if len(cells) >= len(seats) and all(_HEADING_CELL.fullmatch(c) for c in cells):
        return HrnSyntaxError(msg("syntax.sheet_heading", found=quote(_shortened(" ".join(first.split()))),
                                  pairs=letters), base, gap)
    return None


#: A deal header's keyword at the start of its line.
_DEAL_HEAD: Final = re.compile(r"[ \t\f]*(?:deal|donne)(?!\w)", re.IGNORECASE)


def _points_period(text: str, start: int, found: str, base: int) -> HrnSyntaxError | None:
    """A points line or a deal header ended by a period, as a sentence is
    (``total N 3, E 4, S 15, O 4.``, ``Donne 1 : passe à gauche.``;
    french19): told at the period with the line to write.  Not
    read, as a trick's closing period is (french9): after a number a period
    may be a decimal point whose decimals were lost."""
    header = _DEAL_HEAD.match(text) is not None
    if not found.startswith(".") or (_POINTS_HEAD.match(text) is None and not header):
        return None
    after = text.split("\n", 1)[0][start + 1:].strip()
    if after and not after.startswith(("{", ";")):
        return None
    line, column = _line_column(text, start, base)
    if header:
        written = " ".join((text[:start] + text[start + 1:]).split(";", 1)[0].split("\n", 1)[0].split())
        return HrnSyntaxError(msg("syntax.header_period", found=quote("."), written=_shortened(written)),
                              line, column)
    return HrnSyntaxError(msg("syntax.points_period", found=quote("."),
                              written=_points_meant(text[:start] + text[start + 1:])), line, column)


def _line_column(text: str, at: int, base: int) -> tuple[int, int]:
    """The line and column (from 1) of the index *at* of a logical line's
    *text* whose first line is *base*: the place a slip found by searching
    the text is told at."""
    return base + text.count("\n", 0, at), at - text.rfind("\n", 0, at)


#: A brace comment (the grammar's ``COMMENT``).
_COMMENT_RE: Final = re.compile(r"\{(?:[^\\}]|\\.)*\}", re.S)


def _period_inside(text: str, start: int, expected: set[str], base: int) -> HrnSyntaxError | None:
    """The error of a trick or pass line with a period before its last card
    (``1. N 2♣. E 3♣ S 5♣ W A♣``), at the period: the period ends the line
    (spec 2.4), so the grammar wanted a comment or the end after it and
    its error fell on the next play, which does not say why."""
    if expected.intersection(_WORDS) != {"COMMENT", "$END"}:     # (the grammar's own names aside)
        return None
    head = text[:start].rstrip(" \t\f\r\n")
    if head.endswith("}"):
        # (``E 3♣. {fin} S 5♣``: the period, then the trick's comment, then
        # plays; outside a comment a ``{`` opens one, so the comments are
        # found from the line's start, as the grammar finds them)
        ends = [(m.start(), m.end()) for m in _COMMENT_RE.finditer(head)]
        while ends and ends[-1][1] == len(head):
            head = head[:ends.pop()[0]].rstrip(" \t\f\r\n")
    at = len(head) - 1
    if at < 0 or text[at] != ".":
        return None
    rest = text[start:].split(";", 1)[0].strip()
    line, column = _line_column(text, at, base)
    return HrnSyntaxError(msg("syntax.period_inside", rest=quote(rest)), line, column)


#: The first words of the keywords written in two, where they stand (a pass
#: direction: ``à droite``, ``en face``; a line: ``grand chelem``): a slip in
#: the second word (``à drote``) is quoted and matched with the first, as one
#: keyword.
_FIRST_OF_DIRECTION: Final = frozenset({"à", "a", "en"})
_FIRST_OF_LINE: Final = frozenset({"grand"})
_BLANKS_AND_WORD: Final = re.compile(r"[ \t]+([^\W\d_]+(?:['’][^\W\d_]+)?)")   # (``à l’ouest`` whole)
#: What may follow a ten's rank in a card: its suit (symbol or letter) and a mark.
_TEN_TAIL: Final = rf"(?:[{_SYMBOLS}SHDCshdc](?:!!|\?\?|!\?|\?!|!|\?)?)?"
#: A ten written ``X`` (alone in a suit group, or with its suit and a mark).
_TEN_AS_X: Final = re.compile(rf"[Xx]{_TEN_TAIL}")

#: Blanks (the grammar's, no-break ones included) then the digit 0: after a
#: lone ``1``, the ten typed ``1 0``.
_SPACED_ZERO: Final = re.compile(f"[ \t{MARK_SPACES}]+0")
#: The ten typed with the letter O for its zero (``1O♥``, ``1oS``, ``1O`` in a suit group).
_TEN_AS_O: Final = re.compile(rf"1[Oo]{_TEN_TAIL}")


def _wants_direction(expected: set[str]) -> bool:
    """Whether a pass direction may stand where the line went wrong: the
    direction itself, or the ``pass`` keyword before it (a sheet that wrote
    ``donne 4 donneur S garde`` or ``... sans échange`` left the keyword out)."""
    return "DIRECTION" in expected or ("PASS" in expected and "DEAL" not in expected)


def _shorthand(text: str, start: int) -> str | None:
    """The longest shorthand of a pass direction (``à g.``, ``pas de
    passe``: :data:`~.words.DIRECTION_SHORTHANDS`) that begins at *start* in
    *text*, as typed, or ``None``: quoted whole in the error, which offers
    the word it stands for (the editor's fix replaces that text)."""
    from .words import SHORTHAND_WORDS, direction_shorthand

    ends: list[int] = []
    for m in _WORD_AT.finditer(text, start):
        if m.group() in "{};" or "\n" in text[start:m.start()] or len(ends) == SHORTHAND_WORDS:
            break
        ends.append(m.end())
    for end in reversed(ends):
        if direction_shorthand(text[start:end]) is not None:
            return text[start:end]
    return None


def _two_words(found: str, text: str, start: int, firsts: frozenset[str]) -> str:
    """*found*, which begins at *start* in *text*, with the next word of the
    line when *found* is one of *firsts*, the first word of a two-word keyword
    (as written, blanks included: the editor's fix replaces that text)."""
    if found.lower() not in firsts:
        return found
    m = _BLANKS_AND_WORD.match(text, start + len(found))
    return text[start:m.end()] if m else found


def _did_you_mean(said: Msg, found: str | None, expected: set[str], text: str) -> Msg:
    """*said*, with the word the line wants there that a mistyped *found*
    is closest to (``dealr``: did you mean ``dealer``?), in the language
    the line *text* is written in when its other words say (``capot S
    soustrait``: ``retire``, not ``subtract``), else in either language.
    Words are compared in lower case and without accents (``PASSÉ``,
    ``résultaat``, ``à drote``), and the word offered is spelt as the
    notation spells it (``passe``, ``résultat``, ``à droite``).  One digit
    typed in the word or glued to it (``pa8s``, ``passe8``) is a slip of one
    key as a letter is: the word is compared without it."""
    if not found:
        return said
    if _wants_direction(expected):
        from .words import DIRECTIONS, direction_shorthand, fold_word, words_language

        short = direction_shorthand(found)
        if short is None and "DIRECTION" not in expected:
            short = next((d for d in DIRECTIONS if fold_word(d) == fold_word(found)), None)
        if short is not None:
            if "DIRECTION" not in expected:     # (the keyword is missing too: "passe garde")
                short = f"{'passe' if words_language(short) == 'fr' else 'pass'} {short}"
            return msg("syntax.did_you_mean", error=said.arg(), word=short)
    typed, letters = found, "".join(found.split())
    digits = [c for c in letters if c.isdigit()]
    if len(digits) == 1 and len(letters) > 3:
        letters = letters.replace(digits[0], "")
        found = found.replace(digits[0], "")
    if not letters.isalpha():
        return said
    from .words import DEALER_WORDS, DIRECTIONS, LINE_KEYWORDS, MOON_CHOICES, words_language

    choices: list[str] = []
    if "DEAL" in expected or expected == {"_COLON"}:
        choices += LINE_KEYWORDS
    if "MOON" in expected or expected == {"_COLON"}:
        choices.append("grand chelem")
    if "DEALER" in expected:
        choices += sorted(DEALER_WORDS)
    if "PASS" in expected and "DEAL" not in expected:
        choices += ["pass", "passe"]
    if "DIRECTION" in expected:
        choices += DIRECTIONS
    if "MOON_CHOICE" in expected:
        choices += MOON_CHOICES
    # (the two-word keywords are French: ``pass à drote`` on a line of
    # English words is still a slip on ``à droite``)
    lang = "fr" if len(found.split()) > 1 else words_language(text)
    if lang is not None:
        choices = [c for c in choices if words_language(c) in (None, lang)]
    word = closest_keyword(found, choices)
    if word is None or word == typed.lower():
        return said
    return msg("syntax.did_you_mean", error=said.arg(), word=word)


#: Spaces that are not blanks of the notation (only space, tab and form feed
#: are): a word processor's no-break spaces (French typography puts a narrow
#: one before ``:`` ``;`` ``!`` ``?``), thin and zero-width spaces.  Found where
#: a word should be, they print as a blank, so the message names them.
_ODD_BLANKS: Final = frozenset("\u00a0\u2007\u2009\u200a\u202f\u205f\u3000\u200b\u2060\ufeff")


#: The moon said as the table says it, at the start of a line.
_MOON_SAID: Final = re.compile(r"[ \t\f]*((?:tir|tirer)[ \t\f]+(?:à|a)[ \t\f]+la[ \t\f]+lune"
                               r"|(?:la[ \t\f]+)?lune"
                               r"|shoot(?:ing)?[ \t\f]+the[ \t\f]+moon|shot[ \t\f]+the[ \t\f]+moon)(?!\w)",
                               re.IGNORECASE)
#: A trick named in words where its number stands (``Pli 1 :``, ``Levée 2``).
_TRICK_NAMED: Final = re.compile(r"[ \t\f]*(pli|levée|levee|trick)[ \t\f]+([0-9]+)(?![0-9])", re.IGNORECASE)
#: The signs a word processor puts for a typed hyphen-minus: the minus sign
#: U+2212, the en and em dashes.
_DASHES: Final = "\u2212\u2013\u2014"


#: A deal header's fields parted by a dash or a comma (``Deal 1 - dealer: West,
#: pass: left``), as a form's fields are: the signs that part them.
_HEADER_SEPARATORS: Final = frozenset(",-/|\u2013\u2014")
#: A header's separators and the colons after its keywords, dropped to write it back.
_HEADER_NOISE: Final = re.compile(r"[ \t\f]*(?:[,/|\u2013\u2014]|(?<!\S)-(?!\S)|:)[ \t\f]*")
#: A pass said from its giver to its receiver (``passe de O à N : A♠ 10♥ A♦``,
#: ``pass from W to N: ...``): the keyword, the giver, the receiver, the cards.
_PASS_FROM_TO: Final = re.compile(r"[ \t\f]*(passe|pass)[ \t\f]+(?:de|from)[ \t\f]+([A-Za-z][A-Za-z0-9]*)"
                                  r"[ \t\f]+(?:à|a|vers|to)[ \t\f]+([A-Za-z][A-Za-z0-9]*)"
                                  r"[ \t\f\u00a0\u202f]*:?"
                                  r"[ \t\f]*([^{;\n]*)", re.IGNORECASE)
#: The ``on`` or ``we`` of a pass said as a sentence in a header (``on passe``, ``we pass``).
_SAID_WE: Final = re.compile(r"(?<!\S)(?:on|we)[ \t\f]+(?=pass)", re.IGNORECASE)
#: The commas and the ``et`` / ``and`` of cards said as a list (``V♥, R♣ et D♦``).
_LISTED_AND: Final = re.compile(r"[ \t\f]*,[ \t\f]*|(?<=\S)[ \t\f]+(?:et|and)(?=[ \t\f]+\S)", re.IGNORECASE)
#: An arrow typed between a pass's seats (``Pass N -> E:``) where the notation has ``>``.
_ARROWS: Final = frozenset({"->", "-->", "=>", "\u2192", "\u21d2", "\u27f6"})
#: The running totals said in two words at the start of a line (``Running total``).
_TOTAL_SAID: Final = re.compile(r"[ \t\f]*((?:running|cumulative|grand)[ \t\f]+totals?"
                                r"|cumul)(?!\w)", re.IGNORECASE)
#: A seat's pass said in words (``North passes KH AH TH``, ``Passes: N KH AH TH``;
#: ``N gives KH AH TH to E``, typed30): the seat, the rest of the line (the
#: cards) up to a comment.
_PASS_SAID: Final = re.compile(
    r"[ \t\f]*(?:(?P<seat1>[A-Za-z][A-Za-z0-9]*)[ \t\f]+(?P<kw1>pass(?:es|ed)?|passe|gives|gave)(?![\w>])"
    r"|(?P<kw2>pass(?:es|ed)|passes)[ \t\f]*:?[ \t\f]*(?P<seat2>[A-Za-z][A-Za-z0-9]*)(?![\w>]))"
    # (the receiver a player's whole name, accents and all: ``à Maëlle :`` was cut
    # at ``Ma`` and ``ëlle`` offered as cards; typed32)
    r"[ \t\f]*(?::|to[ \t\f]+[^\W\d_]\w*[ \t\f]*:?|à[ \t\f]+[^\W\d_]\w*[ \t\f]*:?)?"
    r"[ \t\f]*(?P<cards>[^{;\n]*)", re.IGNORECASE)
#: The direction said in a pass's sentence, with how many cards (``passed 3 to the
#: left:``, ``KS QH JH to the left``, ``3 cards across``; english24): the deal's
#: header says the direction, so the line offered leaves it out.
_PASS_DIRECTION_SAID: Final = re.compile(
    r"(?:(?<!\S)[0-9][ \t\f]+(?:cards?[ \t\f]+)?)?(?:to[ \t\f]+(?:the[ \t\f]+)?(?:left|right)|across)"
    r"(?!\w)[ \t\f]*:?", re.IGNORECASE)
#: A line number pasted before a line (``01 [Event "..."]``, ``12: 1. E 2C ...``):
#: the number, then the rest of the line.
_LINE_NUMBER: Final = re.compile(r"[ \t\f]*([0-9]+[:)|]?)[ \t\f]+([^\n]*)\Z")
#: A deal named as a club or a bridge player names it (``Hand 3``, ``Board #1``).
_DEAL_NAMED: Final = re.compile(r"[ \t\f]*(hand|board)[ \t\f]*(?:#|no\.?|n°)?[ \t\f]*([0-9]{1,6})(?!\w)",
                                re.IGNORECASE)
#: A pass typed as a form's field (``Pass: N -> KH AH TH``, ``Pass: N: KH AH TH``).
_PASS_COLON_SEAT: Final = re.compile(r"[ \t\f]*pass[ \t\f]*:[ \t\f]*([A-Za-z][A-Za-z0-9]*)[ \t\f]*"
                                     r"(?:->|-->|=>|\u2192|:)?[ \t\f]*([^{;\n]*)", re.IGNORECASE)
#: A pass written as an arrow between its seats (``N -> E: KH AH TH``).
_SEAT_ARROW: Final = re.compile(r"[ \t\f]*([A-Za-z][A-Za-z0-9]*)[ \t\f]*(->|-->|=>|\u2192|\u21d2)[ \t\f]*"
                                r"([A-Za-z][A-Za-z0-9]*)[ \t\f]*:?[ \t\f]*([^{;\n]*)")
#: The dealer said as a sentence in a header (``West deals``, ``Ouest donne``).
#: (``Gwen distribue``: the French club's verb for dealing as well; typed32)
_DEALER_SAID: Final = re.compile(r"(?<=\S )([^\W\d_]+) (deals|donne|distribue)(?!\w)", re.IGNORECASE)
#: The receiver said after a pass's cards (``... KH AH TH to E``, ``... à E``).
_RECEIVER_AFTER: Final = re.compile(r"[ \t\f]*(?:to|à|->|=>|\u2192)[ \t\f]+([^\W\d_]\w*)[ \t\f]*\Z",
                                    re.IGNORECASE)
#: The moon said as a sentence after the seat (``S shot the moon``, ``S fait capot``).
_SEAT_MOON: Final = re.compile(
    r"[ \t\f]*(?P<seat>[^\W\d_][\w'’-]*)[ \t\f]+(?P<said>"
    r"(?P<en>(?:has[ \t\f]+)?(?:shot|shoots|shoot)[ \t\f]+the[ \t\f]+moon"
    # (typed25: ``Hervé a tout pris``, ``Bob took everything``: every point taken)
    r"|(?:took|takes|has[ \t\f]+taken)[ \t\f]+(?:everything|it[ \t\f]+all|them[ \t\f]+all))"
    r"|a[ \t\f]+tout[ \t\f]+(?:pris|ramass[ée])"
    r"|(?:a[ \t\f]+)?(?:fait|tir[ée])[ \t\f]+(?:(?:le[ \t\f]+|un[ \t\f]+)?(?:capot|(?:grand[ \t\f]+)?chelem)"
    r"|(?:(?:à|a)[ \t\f]+)?la[ \t\f]+lune))(?!\w)"
    # (french23: ``il a fait la lune : E``, the seat said after a pronoun)
    r"(?:[ \t\f]*[:,\-–—]?[ \t\f]*(?P<after>[^\W\d_]\w*)[ \t\f]*[!.]*[ \t\f]*(?=[{;\n]|\Z))?",
    re.IGNORECASE)
#: A trick told as a sentence (``Nord entame le 2 de trèfle, Est fournit…``,
#: ``West led the three of spades, North played…``): a seat in words, then a
#: verb of the play (typed26).
_TRICK_PROSE: Final = re.compile(
    r"[ \t\f]*(?:nord|est|sud|ouest|north|east|south|west)[ \t\f]+(?:a[ \t\f]+|has[ \t\f]+)?"
    r"(?:entame|entam[ée]|ouvre|ouvert|joue|jou[ée]|fournit|fourni|d[ée]fausse|d[ée]fauss[ée]|coupe|coup[ée]"
    r"|pose|pos[ée]|jette|jet[ée]|led|leads|opens|opened|plays|played"
    r"|discards|discarded|follows|followed|starts|started)(?!\w)", re.IGNORECASE)
#: A suit said in such a sentence, by its word or its symbol: a remark about
#: the play (``Ouest joue bien ce soir``) names none.
_PROSE_SUIT: Final = re.compile(r"(?:tr[èe]fle|carreau|c(?:œ|oe)ur|pique|club|diamond|heart|spade)s?(?!\w)"
                                "|[♠♥♦♣♤♡♢♧]", re.IGNORECASE)
#: The pronouns a moon said as a sentence may start with, its seat after it.
_MOON_PRONOUNS: Final = frozenset(("il", "elle", "on", "he", "she"))
#: A moon line that says its seat as a score pad does (``Moon - East``, ``Moon shot
#: by East``, ``moon E!``) or after it (``East: moon``, ``East - moon``; english21).
#: The keyword may be a player's slang for it (``STM E``, ``Moon-shot - East``,
#: ``East STM``; english24), answered with ``moon``.
_MOON_THEN_SEAT: Final = re.compile(
    r"[ \t\f]*(?P<kw>moon|capot|stm|moon[ \t\f]*-?[ \t\f]*shot|shot[ \t\f]+the[ \t\f]+moon)"
    r"[ \t\f]*(?:[-:\u2013\u2014][ \t\f]*)?"
    r"(?:(?:shot|shoot|by|was|is|de|par)[ \t\f]+)*(?P<seat>[^\W\d_]\w*)[ \t\f]*[!.]*[ \t\f]*\Z",
    re.IGNORECASE)
_SEAT_THEN_MOON: Final = re.compile(
    r"[ \t\f]*(?P<seat>[^\W\d_]\w*)[ \t\f]*[-:\u2013\u2014]?[ \t\f]*"
    r"(?P<kw>moon|capot|stm|moon[ \t\f]*-?[ \t\f]*shot)[ \t\f]*[!.]*[ \t\f]*\Z", re.IGNORECASE)
#: A trick's number after a ``T`` (``T1.``, ``T1:``), as some score pads number tricks.
_TRICK_T: Final = re.compile(r"[ \t\f]*([tp])([0-9]+)[.:)]", re.IGNORECASE)

#: A deal header whose keyword is glued to its number (``donne1``, ``Deal2``).
_GLUED_HEADER: Final = re.compile(r"[ \t\f]*(?:donne|deal)[0-9]", re.IGNORECASE)
#: A header's keyword glued to what follows it: the number, the dealer, the
#: direction (``donne1``, ``donneurO``, ``passegauche``, ``passeàgauche``).
_GLUED_FIELD: Final = re.compile(
    r"(?<![^\W_])(?!(?:donneur|dealer|donne|deal|passe|pass)(?![^\W_]))(donneur|dealer|donne|deal|passe|pass)"
    r"(?=[0-9]|(?:à|a)?(?:gauche|droite|face|garde|left|right|across|hold)(?!\w)|[A-Za-z](?![^\W_]))"
    r"(?:(à|a)(?=gauche|droite))?([^\s;{]*)", re.IGNORECASE)


#: The words a French club says of a deal dealt again (``redonne``, ``on
#: redonne``, ``redonnée``, ``maldonne``, ``à redonner``, ``donne annulée``),
#: and an English one (``misdeal``, ``redeal``; french24).
_REDEAL: Final = re.compile(r"(?<![\w{])(?:on[ \t\f]+)?"
                            r"(?:re-?donn(?:e|é|ée|er|ez)s?|maldonne|à[ \t\f]+redonner|misdeal|re-?deal"
                            r"|donne[ \t\f]+(?:annulée|à[ \t\f]+refaire|nulle))"
                            r"(?![\w}])[ \t\f]*[!.]*", re.IGNORECASE)
#: A header whose keyword is the re-deal's (``redonne 2 passe droite``, ``redeal 2``).
_REDEAL_HEADER: Final = re.compile(r"[ \t\f]*re-?(donne|deal)(?=[ \t\f]+[0-9])", re.IGNORECASE)


def _redeal(text: str, base: int) -> HrnSyntaxError | None:
    """A deal dealt again said on its header or on a line of its own
    (``donne 2 redonne``, ``redonne``, ``on redonne !``, ``redonne 2 passe
    droite``; french24): a misdeal is written once, as the deal was played,
    its remark in braces (docs/decisions.md, "A misdeal is written once"),
    so the line offered is the one with the words in braces, when it reads.
    The grammar said *vouliez-vous dire « donneur »*.  Words already inside
    braces or parentheses are a remark's (2.13: ``(donne annulée,
    redonne)``, told as a remark)."""
    said = _REDEAL.search(text)
    if said is None or "\n" in text:
        return None
    before = text[:said.start()]
    if before.count("{") != before.count("}") or before.count("(") != before.count(")"):
        return None
    phrase = said.group().strip()
    header = _REDEAL_HEADER.match(text)
    if header is not None:
        rest = f"{header.group(1).lower()}{text[header.end():]}"
    else:
        rest = f"{before}{text[said.end():]}"
    rest = " ".join(rest.split())
    written = f"{rest} {{{phrase}}}" if rest else f"{{{phrase}}}"
    if header is None and not before.strip() and rest and not _reads(written) \
            and "{" not in text and "}" not in text:
        # (``misdeal, redealt``, ``donne annulée, on redistribue``: a line of its
        # own that says the misdeal and more, all of it the remark; typed29)
        written = f"{{{' '.join(text.split())}}}"
    if not _reads(written):
        return None
    at = said.start() if header is None else len(text) - len(text.lstrip())
    line, column = _line_column(text, at, base)
    return HrnSyntaxError(msg("syntax.redeal", found=quote(phrase), written=written), line, column)


def _glued_header(text: str, base: int) -> HrnSyntaxError | None:
    """A deal header typed on a phone's keyboard without its spaces
    (``donne1 passegauche``, ``Donne2 donneurN``; french19), told at its
    first word with the header to write, offered only when it reads.  The
    grammar took ``donne1`` for some other word and said "did you mean
    donne"."""
    if _GLUED_HEADER.match(text) is None or "\n" in text:
        return None
    head = text.split(";", 1)[0].split("{", 1)[0]
    written = " ".join(_GLUED_FIELD.sub(lambda m: " ".join(filter(None, m.groups())), head).split())
    if written == " ".join(head.split()) or not _reads(written):
        return None
    lead = len(text) - len(text.lstrip(" \t\f"))
    said = msg("syntax.expected", what=_LINE_START, found=quote(head.split()[0]))
    return HrnSyntaxError(msg("syntax.written_as", error=said.arg(), written=written), base, lead + 1)


#: A remark in parentheses on a deal's header (``(redonnée)``): its words.
_HEADER_ASIDE: Final = re.compile(r"\(([^(){};\n]*)\)")


def _header_aside(text: str) -> tuple[str, str] | None:
    """A deal header with a remark in parentheses (``donne 1 (redonnée)
    passe gauche``), as the notation writes it: the header without it, the
    remark in braces after it (``donne 1 passe gauche {redonnée}``), with the
    parentheses as typed; ``None`` when that does not read (typed35)."""
    m = _HEADER_ASIDE.search(text)
    if m is None or not m.group(1).strip():
        return None
    rest = " ".join((text[:m.start()] + " " + text[m.end():]).split())
    written = f"{rest} {{{' '.join(m.group(1).split())}}}"
    return (m.group(), written) if _reads(written) else None


def _header_fields(text: str) -> str:
    """A deal header typed with separators or with its dealer said as a
    sentence, as the notation writes it: the fields parted by blanks, the
    pass's ``on`` and the colons dropped, ``Gwen distribue`` made ``donneur
    Gwen`` (the reader makes the name a seat: ``reader._dealer_to_seat``)."""
    head = re.split(r"[{;\n]", text, maxsplit=1)[0]
    # (``on passe à gauche``: the pass said as a sentence, its ``on`` no field)
    written = " ".join(_SAID_ON.sub("", _HEADER_NOISE.sub(" ", head)).split())
    # (``Deal 1, West deals, pass left``: the dealer said as a sentence; english12:
    # the line offered must read, and ``Deal 1 West deals`` does not)
    return _DEALER_SAID.sub(lambda m: f"{'dealer' if m.group(2).lower() == 'deals' else 'donneur'}"
                            f" {m.group(1)}", written)


def _keyword_slip(found: str | None, expected: set[str], text: str, base: int, line: int,
                  column: int) -> HrnSyntaxError | None:
    """The line keywords as a player types around them, told with the form to
    write (helper english11; docs/spec.md 2.4 to 2.8).  None of them is read:
    each would be one more form for every reader, writer and editor, and some
    could be misread (a dash may be a minus, a comma parts cards).  Only a line
    that does not read comes here."""
    if found is None:
        return None
    lead = len(text) - len(text.lstrip(" \t\f"))
    if found[:1] in _HEADER_SEPARATORS and ("DEALER" in expected or "PASS" in expected) \
            and "DEAL" not in expected:
        # (``Deal 1 - dealer: West, pass: left``, ``Deal 1, dealer W, pass left``)
        return HrnSyntaxError(msg("syntax.header_fields", found=quote(found), written=_header_fields(text)),
                              line, column)
    if found.startswith(("\u2026", "...")) and "\n" not in text:
        # (``13. E A♥ S D♣ O 4♥ N 6♦…``: a phone's ellipsis after the line; french21)
        cut = text.find(found[:1], column - 1 if text.startswith(found, column - 1) else 0)
        written = " ".join(text[:cut].split())
        if cut > 0 and not text[cut:].strip(" \t\f.\u2026") and _reads(written):
            return HrnSyntaxError(msg("syntax.ellipsis", found=quote(found), written=written), line, column)
    given = _PASS_FROM_TO.match(text)
    if given is not None and "\n" not in text:
        # (``passe de O à N : A♠ 10♥ A♦``: the giver and the receiver said; french21)
        french = given.group(1).lower() == "passe"
        cards = " ".join(_LISTED_AND.sub(" ", given.group(4)).split())
        written = f"{given.group(1).lower()} {given.group(2)}>{given.group(3)}{' :' if french else ':'}" \
            + (f" {cards}" if cards else "")
        if _reads(written):
            typed = " ".join(text[:given.start(4)].split())
            said = msg("syntax.expected", what=_LINE_START, found=quote(typed))
            return HrnSyntaxError(msg("syntax.written_as", error=said.arg(), written=written),
                                  base, lead + 1)
    said_n = NUMBER_WORD_LINE.match(text)
    if "INT" in expected and said_n is not None and said_n.group(1).lower() in ("deal", "donne") \
            and number_word(found):
        # (``donne deux``, ``deal two``: the number said in words; typed22)
        said = msg("syntax.expected", what=msg("expect.INT").arg(), found=quote(found))
        return HrnSyntaxError(msg("syntax.did_you_mean", error=said.arg(), word=str(number_word(found))),
                              line, column)
    if "INT" in expected and ROMAN_HEADER.match(text) is not None and roman_number(found):
        # (``donne II``: the deal numbered as a club's sheet numbers it; french21)
        said = msg("syntax.expected", what=msg("expect.INT").arg(), found=quote(found))
        return HrnSyntaxError(msg("syntax.did_you_mean", error=said.arg(), word=str(roman_number(found))),
                              line, column)
    if found.lower() in ("on", "we") and ("DEALER" in expected or "PASS" in expected) \
            and "DEAL" not in expected:
        # (``donne 3 on passe en face``, ``deal 2 we pass right``: the pass said
        # as a sentence; french21)
        head = re.split(r"[{;\n]", text, maxsplit=1)[0]
        written = " ".join(_SAID_WE.sub("", head).split())
        if written != " ".join(head.split()) and _reads(written):
            said = msg("syntax.expected", what=expected_phrase(expected, ()), found=quote(found))
            return HrnSyntaxError(msg("syntax.written_as", error=said.arg(), written=written), line, column)
    if "INT" in expected and "NUMERO" in expected and re.fullmatch(r"#[0-9]+", found):
        # (``Deal #1``: the number as a list numbers it)
        said = msg("syntax.expected", what=msg("expect.INT").arg(), found=quote(found))
        return HrnSyntaxError(msg("syntax.did_you_mean", error=said.arg(), word=found[1:]), line, column)
    if found in _ARROWS and "_GT" in expected:
        # (``Pass N -> E:``: an arrow for the notation's ``>``)
        said = msg("syntax.expected", what=msg("expect._GT").arg(), found=quote(found))
        return HrnSyntaxError(msg("syntax.did_you_mean", error=said.arg(), word=">"), line, column)
    colon = _PASS_COLON_SEAT.match(text)
    if colon is not None:
        # (``Pass: N -> KH AH TH``: the keyword as a form's field, the seat after it)
        cards = " ".join(colon.group(2).split())
        written = f"pass {colon.group(1)}:" + (f" {cards}" if cards else "")
        said = msg("syntax.expected", what=_LINE_START, found=quote(text[lead:colon.start(2)].strip()))
        if _reads(written):
            # (told where the line went wrong, the colon: ``pass :E`` as well)
            return HrnSyntaxError(msg("syntax.written_as", error=said.arg(), written=written),
                                  line, column)
    starting = "DEAL" in expected or expected == {"_COLON"} or (
        expected >= {"UNKNOWN", "PBN"}
        and re.fullmatch(r"[A-Za-z][A-Za-z0-9]*", text[lead:].split(":", 1)[0].strip()) is not None)
    if not starting:
        return None
    named = _DEAL_NAMED.match(text)
    if named is not None:
        # (``Hand 3 (dealer South, pass across)``, ``Board 1``: the deal named as a
        # club or a bridge player names it; english12)
        head = re.split(r"[{;\n]", text[named.end():], maxsplit=1)[0].replace("(", " ").replace(")", " ")
        rest = " ".join(_SAID_ON.sub("", _HEADER_NOISE.sub(" ", head)).split())
        written = _DEALER_SAID.sub(lambda m: f"dealer {m.group(1)}",
                                   f"deal {int(named.group(2))} {rest}".strip())
        said = msg("syntax.expected", what=_LINE_START, found=quote(named.group().strip()))
        if _reads(written):
            return HrnSyntaxError(msg("syntax.written_as", error=said.arg(), written=written),
                                  base, lead + 1)
        return HrnSyntaxError(msg("syntax.did_you_mean", error=said.arg(),
                                  word=f"deal {int(named.group(2))}"), base, lead + 1)
    said_points = _points_said(text, base, lead)
    if said_points is not None:
        return said_points
    total = _TOTAL_SAID.match(text)
    if total is not None:
        said = msg("syntax.expected", what=_LINE_START, found=quote(total.group(1)))
        return HrnSyntaxError(msg("syntax.did_you_mean", error=said.arg(), word="total"),
                              base, total.start(1) + 1)
    colonless = _hand_without_colon(text, base, lead)
    if colonless is not None:
        return colonless
    prose = _TRICK_PROSE.match(text)
    if prose is not None and _PROSE_SUIT.search(text) is not None:
        # (``Nord entame le 2 de trèfle, Est fournit…``, ``West led the three of
        # spades…``: a trick told as a story; its cards are not guessed; typed26)
        return HrnSyntaxError(msg("syntax.trick_prose", found=quote(_shortened(" ".join(text.split()), 40))),
                              base, lead + 1)
    moon = _SEAT_MOON.match(text)
    shooter = moon.group("seat") if moon is not None else ""
    if moon is not None and shooter.lower() in _MOON_PRONOUNS:
        shooter = moon.group("after") or ""
    if moon is not None and not shooter:
        # (``il a tout pris``, ``he took everything``: no seat said; the reader
        # offers the one the deal's points line says shot, if it does; typed26)
        return HrnSyntaxError(msg("syntax.moon_said_no_seat", found=quote(text[lead:moon.end()].strip()),
                                  keyword="moon" if moon.group("en") else "capot"), base, lead + 1)
    if moon is not None and shooter:
        word = "moon" if moon.group("en") else "capot"
        said = msg("syntax.expected", what=_LINE_START, found=quote(text[lead:moon.end()].rstrip()))
        return HrnSyntaxError(msg("syntax.written_as", error=said.arg(),
                                  written=f"{word} {shooter}"), base, lead + 1)
    passed = _PASS_SAID.match(text)
    if passed is not None:
        kw = (passed.group("kw1") or passed.group("kw2") or "").lower()
        seat = passed.group("seat1") or passed.group("seat2")
        if _GLUED_HEADER.match(seat) is None and (kw not in ("pass", "passe") or passed.group("seat1")):
            # (``donne1 passe gauche marque``: a header, not a giver; french19)
            french = kw == "passe" or words_language(text) == "fr"
            cards = passed.group("cards").strip()
            # (``N passes KH AH TH to E``: the receiver said after the cards is the
            # notation's ``>E``; english12: the line offered must read)
            tail = _RECEIVER_AFTER.search(cards)
            if tail is not None:
                cards = cards[:tail.start()].rstrip()
                seat = f"{seat}>{tail.group(1)}"
            # (``E passe V♥, R♣ et D♦ à S``: the cards said as a list; french21:
            # the line offered must read, and ``et`` is no card)
            cards = " ".join(_LISTED_AND.sub(" ", _PASS_DIRECTION_SAID.sub(" ", cards)).split())
            written = f"{'passe' if french else 'pass'} {seat}{' :' if french else ':'}" \
                + (f" {cards}" if cards else "")
            typed = text[lead:passed.start("cards")].strip()
            said = msg("syntax.expected", what=_LINE_START, found=quote(typed))
            return HrnSyntaxError(msg("syntax.written_as", error=said.arg(), written=written),
                                  base, lead + 1)
    arrow = _SEAT_ARROW.match(text)
    if arrow is not None and len(arrow.group(1)) == 1 and len(arrow.group(3)) == 1:
        # (``N -> E: KH AH TH``: a pass written as an arrow between its seats; english12)
        cards = " ".join(arrow.group(4).split())
        written = f"pass {arrow.group(1)}>{arrow.group(3)}:" + (f" {cards}" if cards else "")
        said = msg("syntax.expected", what=_LINE_START, found=quote(" ".join(arrow.group(0)[
            :arrow.start(4) - arrow.start(0)].split())))
        if _reads(written):
            return HrnSyntaxError(msg("syntax.written_as", error=said.arg(), written=written),
                                  base, lead + 1)
    t = _TRICK_T.match(text)
    if t is not None:
        return _trick_dot(int(t.group(2)), text[t.end():], base, t.start(1) + 1)
    return None


#: A tag whose value a word processor's quotes hold (``[Event “Club”]``,
#: ``[Lieu « Brest »]``, ``[Lieu ’Brest’]``): its name, and its value
#: without the blanks a French typist puts inside guillemets (typed22).
_CURLY_TAG: Final = re.compile(
    r"\[[ \t]*([^\W\d_][\w-]*)[ \t]+[«“”„‘’‚‹›\"'][ \t\u00a0\u202f]*"
    r"((?:[^\]\"«»“”„\\]|\\.)*?)[ \t\u00a0\u202f]*[»“”‘’‹›\"'][ \t]*\]")


def _typographic(found: str, text: str, line: int, column: int) -> HrnSyntaxError:
    """A tag value between a word processor's quotes, told with the tags of
    its line written between straight quotes when the line so written
    reads: what ``fmt`` would write, had it read the value (typed22; the
    value is not read, since a curly quote may also stand inside a value,
    ``“Dev’s night”``, and which one ends it is the typist's to say)."""
    first = text.split("\n", 1)[0]
    written = _CURLY_TAG.sub(lambda m: f'[{m.group(1)} "{m.group(2)}"]', first).strip()
    if written != first.strip() and _reads(written):
        return HrnSyntaxError(msg("syntax.typographic_quotes_written", found=found,
                                  written=_shortened(written, 100)), line, column)
    return HrnSyntaxError(msg("syntax.typographic_quotes", found=found), line, column)


#: A pass direction drawn as an arrow on a sheet, and the direction it can
#: only mean (``None``: a two-headed arrow, left and right alike; typed22).
_DIRECTION_ARROWS: Final[dict[str, str | None]] = {
    "←": "left", "⬅": "left", "⇐": "left", "→": "right", "➡": "right", "⇒": "right",
    "↑": "across", "↓": "across", "↕": "across", "⇅": "across", "⬆": "across", "⬇": "across",
    "⇄": None, "⇆": None, "↔": None, "⇔": None,
}


def _diagnose(found: str | None, expected: set[str], text: str, base: int, line: int, column: int,
              seats: tuple[str, ...]) -> HrnSyntaxError | None:
    """The usual slips, explained (``None`` when nothing special applies)."""
    if found is None:
        return None
    odd = next((c for c in found if c in _ODD_BLANKS), None)
    if odd is not None:
        # (english12: ``Q\u200bS``, a zero-width space inside a word, is told too)
        return HrnSyntaxError(msg("syntax.odd_space", code=f"U+{ord(odd):04X}"), line, column)
    if found[:1] in _DIRECTION_ARROWS and ("DIRECTION" in expected or "PASS" in expected) \
            and "DEAL" not in expected:
        # (``donne 1 ←``, ``deal 2 pass →``: the direction drawn as an arrow; typed22)
        french = words_language(text) == "fr"
        arrow_meant = _DIRECTION_ARROWS[found[:1]]
        arrow_said = msg("syntax.expected", what=expected_phrase(expected, seats), found=quote(found))
        if arrow_meant is None:
            return HrnSyntaxError(msg("syntax.pass_arrow", error=arrow_said.arg()), line, column)
        word = WRITE_FR[arrow_meant] if french else arrow_meant
        if "DIRECTION" not in expected:
            word = f"{WRITE_FR['pass'] if french else 'pass'} {word}"
        return HrnSyntaxError(msg("syntax.did_you_mean", error=arrow_said.arg(), word=word), line, column)
    if "TAG_VALUE" in expected and found[:1] in "«“”„":
        return _typographic(quote(found), text, line, column)
    if "CARD" in expected:
        from .lex import french_letter_message
        from .words import FRENCH_LETTER_RE

        if FRENCH_LETTER_RE.fullmatch(found):
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
    if {"DEAL", "TRICK_NUMBER"} <= expected and found[:1].isdigit():
        from .words import ORDINAL_HEADER

        m = re.match(ORDINAL_HEADER, text, re.IGNORECASE)
        if m is not None:   # ``1re donne``: the header as the deal is said
            said = msg("syntax.expected", what=_LINE_START, found=quote(m.group().strip()))
            header = f"{m.group(2).lower()} {int(m.group(1))}"
            return HrnSyntaxError(msg("syntax.did_you_mean", error=said.arg(), word=header),
                                  line, column)
    if {"DEAL", "TRICK_NUMBER"} <= expected and found[:1] in "♠♥♦♣♤♡♢♧":
        return HrnSyntaxError(msg("syntax.suit_first"), line, column)
    if found.startswith("}"):
        return HrnSyntaxError(msg("syntax.close_brace"), line, column)
    moon = _MOON_SAID.match(text) if {"DEAL", "MOON"} <= expected or expected == {"_COLON"} else None
    if moon is not None:
        # (``tir à la lune S``, ``shoot the moon S``: the moon said as it is
        # said at the table, and the rule pages' *grand chelem* is the word)
        said = msg("syntax.expected", what=_LINE_START, found=quote(moon.group(1)))
        word = "moon" if moon.group(1)[:1].lower() == "s" else "capot"
        return HrnSyntaxError(msg("syntax.did_you_mean", error=said.arg(), word=word),
                              base, moon.start(1) + 1)
    named = _TRICK_NAMED.match(text) if "TRICK_NUMBER" in expected or expected == {"_COLON"} else None
    if named is not None:
        # (``Pli 1 : N 2♣ ...``: the trick named as it is said; the grammar
        # took ``Pli`` for a hand line's seat)
        return _trick_dot(int(named.group(2)), text[named.end():], base, named.start(1) + 1)
    if "POINTS" in expected and found[:1] in _DASHES and found[1:].isdigit():
        # (``O −4``: a word processor's minus sign or dash for the hyphen)
        said = msg("syntax.expected", what=expected_phrase(expected, seats), found=quote(found))
        return HrnSyntaxError(msg("syntax.did_you_mean", error=said.arg(), word="-" + found[1:]),
                              line, column)
    numbered = _LINE_NUMBER.match(text) if "TRICK_NUMBER" in expected else None
    if numbered is not None and found.startswith(numbered.group(1).rstrip(":)|")) \
            and _reads(numbered.group(2)):
        # (``01 [Event "..."]``, ``12: deal 1 ...``: a record pasted from a forum or an
        # editor with its line numbers; english12: the rest of the line reads, so the
        # number is no trick's)
        return HrnSyntaxError(msg("syntax.line_number", found=quote(numbered.group(1)),
                                  written=_shortened(numbered.group(2).strip())), line, column)
    if "TRICK_NUMBER" in expected and (found.isdigit() or re.fullmatch(r"[0-9]+[),:-]", found)):
        # (``1 N 2♣``, ``1) N 2♣``, ``1: N 2♣``, ``1- N 2♣``: a trick number as lists
        # are numbered)
        typed = text.lstrip(" \t\f")
        rest = typed[len(found):] if typed.startswith(found) else ""
        return _trick_dot(int(found.rstrip("),:-")), rest, line, column)
    if expected == {"_COLON"}:
        m = _FIRST_WORD.match(text)
        if m and m.group(1) not in seats and "\n" not in text[: m.start(1)]:
            word = _two_words(m.group(1), text, m.start(1), _FIRST_OF_LINE)
            said = msg("syntax.expected", what=_LINE_START, found=quote(word))
            meant = _did_you_mean(said, word, expected, text)
            if meant is said and _prose(text):     # (``la dame pour Est``: french12)
                meant = msg("syntax.written_as", error=said.arg(), written=f"{{{text.strip()}}}")
            return HrnSyntaxError(meant, base, m.start(1) + 1)
    if _TEN_AS_O.fullmatch(found) and (
            "CARD" in expected or "PBN" in expected or "SYMBOL_GROUP" in expected):
        # (``1O♥``: the letter O typed for the digit zero; no seat starts with a digit)
        return HrnSyntaxError(msg("syntax.ten_o", found=quote(found)), line, column)
    zero = _SPACED_ZERO.match(text, column) if found == "1" and line == base else None
    if zero is not None and ("CARD" in expected or "SYMBOL_GROUP" in expected):
        # (``♠ D 1 0 8``, ``1 0♥``: the ten typed with a space inside; no
        # rank or seat is a lone 1, so the 0 after it can only be the ten's)
        spaced = text[column - 1:zero.end()]
        return HrnSyntaxError(msg("syntax.ten_spaced", found=quote(spaced)), line, column)
    if _TEN_AS_X.fullmatch(found) and (
            "CARD" in expected or "PBN" in expected
            or ("SYMBOL_GROUP" in expected and "SEAT" not in expected)) and (
            len(found) > 1 or "SEAT" not in expected):
        # (``X♥``, ``♠ D X 8``: the ten as some typists write it; a bare
        # ``X`` where a seat may stand may be a seat's name, left alone)
        return HrnSyntaxError(msg("syntax.ten_x", found=quote(found)), line, column)
    if "SYMBOL_GROUP" in expected and found.casefold() in _SUIT_ABBREVIATIONS:
        # (``N: pi D 10 8 6  co A 8  ca R 8 7 6 3  tr 9 2``: the suits shortened
        # as a French sheet's columns shorten them; french23)
        said = msg("syntax.expected", what=expected_phrase(expected, seats), found=quote(found))
        return HrnSyntaxError(msg("syntax.did_you_mean", error=said.arg(),
                                  word=_SUIT_ABBREVIATIONS[found.casefold()]), line, column)
    if "SYMBOL_GROUP" in expected and found.casefold() in _SUIT_WORDS:
        # (``N: pique D 10 8 6 coeur A 8 ...``: the suits of a hand said in words)
        said = msg("syntax.expected", what=expected_phrase(expected, seats), found=quote(found))
        return HrnSyntaxError(msg("syntax.did_you_mean", error=said.arg(),
                                  word=_SUIT_WORDS[found.casefold()]), line, column)
    if "SYMBOL_GROUP" in expected and "LETTER_GROUP" in expected and found[:1] in "RDVrdv" \
            and "UNKNOWN" not in expected:
        return HrnSyntaxError(msg("syntax.french_rank", found=quote(found)), line, column)
    return None


# A French sheet as typed with no tool (helper french11) ---------------------------------
#
# None of these forms is read: each is one more spelling for every reader,
# writer and editor, and some could be misread (a player's name for a seat,
# a dash for a minus).  They are told at their place with the form to write.

#: A deal or a trick named by its ordinal, at the start of a line: the
#: ordinal in words (group 1) or in figures (group 2), then the noun (3).
_ORDINAL_LINE: Final = re.compile(
    r"[ \t\f]*(?:([^\W\d_]+)|([0-9]+)[ \t\f]*(?:re|ère|ere|er|ème|eme|è|e|nde|nd|de|st|rd|th)\.?)"
    r"[ \t\f]+(donne|deal|pli|levée|levee|trick)(?!\w)", re.IGNORECASE)
#: A trick numbered by its ordinal in figures or in Roman numerals, then a
#: period, a parenthesis or a colon (``1er. N 2♣``, ``2e) E 3♠``, ``IV. N 8♠``;
#: french21): the number (group 1) or the numeral (group 2).
_COUNTED_TRICK: Final = re.compile(
    r"[ \t\f]*(?:([0-9]+)[ \t\f]*(?:re|ère|ere|er|ème|eme|è|e|nde|nd|de|st|rd|th)|([IVXivx]+))"
    r"[ \t\f]*[.):](?=[ \t\f])")
#: A trick named with ``n°`` before its number (``Pli n° 3 :``).
_TRICK_NUMERO: Final = re.compile(r"[ \t\f]*(pli|levée|levee|trick)[ \t\f]*(?:n[°º]|no\.?|#)[ \t\f]*([0-9]+)",
                                  re.IGNORECASE)
#: A trick numbered as a list's item is (``n°3 E 2♠``, ``n° 3 : E 2♠``, ``3° E 2♠``): the number.
_NUMBERED_TRICK: Final = re.compile(r"[ \t\f]*(?:(?:n[°º]|no\.?|#)[ \t\f]*([0-9]+)|([0-9]+)[ \t\f]*[°º])"
                                    r"[ \t\f]*[:.)]?(?=[ \t\f])")
#: A pass line with its direction after the seat (``passe N à gauche : A♥ 9♣ R♦``):
#: the keyword, the seat, the cards (with what follows them).
_PASS_TOWARD: Final = re.compile(
    r"[ \t\f]*(pass|passe)[ \t\f]+([A-Za-z][A-Za-z0-9]*)[ \t\f]+(?:(?:à|a|vers[ \t\f]+la)[ \t\f]+"
    r"(?:gauche|droite)|en[ \t\f]+face|to[ \t\f]+the[ \t\f]+(?:left|right)|across|left|right)"
    r"[ \t\f\u00a0\u202f]*:?[ \t\f]*([^\n]*)", re.IGNORECASE)
#: A remark typed the ways other notes are typed, where a line or what
#: follows a trick's plays begins: in parentheses, after ``--``, ``#``, ``//``.
_REMARK: Final = re.compile(r"\(|--|//|#|%")
#: The winner of a trick said after its plays (``ramasse N``, ``N prend le
#: pli``, ``-> N``): the words that say it.
_WINNER_WORDS: Final = re.compile(
    r"(?<![\w{])(ramasse|ramassent|prend|prennent|remporte|emporte|gagne|gagné|ramassé|remporté"
    r"|takes|wins|won)(?!\w)",  # (``— gagné par O``, typed29)
    re.IGNORECASE)
#: A seat (one word) then the winner's word, or an arrow to a seat, in a trick line.
_WINNER_PHRASE: Final = re.compile(
    r"(?:,[ \t\f]*)?(?:[A-Za-z][A-Za-z0-9]*[ \t\f]+)?(?:ramasse|ramassent|prend|prennent|remporte|emporte"
    r"|gagne|gagné|ramassé|remporté|takes|wins|won)(?!\w)[^{;\n]*"
    r"|(?:->|=>|\u2192|\u21d2)[ \t\f]*[A-Za-z][A-Za-z0-9]*[ \t\f]*\Z",
    re.IGNORECASE)
#: One word alone after a trick's plays (``... S 2S - N``: the winner, english21).
_LONE_WORD: Final = re.compile(r"[^\W\d_][\w]*")
#: A trick line: its number and a dot.
_TRICK_LINE: Final = re.compile(r"[ \t\f]*[0-9]+[.)]")
#: A pass given in a sentence (``Nord donne à Est : A♥ 9♣ R♦``, ``passe N à E :``):
#: the giver, the receiver, and the cards.
_PASS_GIVEN: Final = re.compile(
    r"[ \t\f]*(?:(?:passe|pass)[ \t\f]+(?P<a1>[A-Za-z][A-Za-z0-9]*)[ \t\f]+(?:à|a|vers|pour|to)"
    r"|(?P<a2>[A-Za-z][A-Za-z0-9]*)[ \t\f]+donne[ \t\f]+(?:à|a))"
    r"[ \t\f]+(?P<b>[A-Za-z][A-Za-z0-9]*)[ \t\f\u00a0\u202f]*:?[ \t\f]*(?P<cards>[^{;\n]*)",
    re.IGNORECASE)
#: A pass said as received, the receiver first (``E reçoit de N : A♥ 9♣ R♦``,
#: ``S receives from E: KS QH JH``; typed29): the receiver, the giver and the
#: cards.  Possessive runs: linear on a long line (typed28).
_PASS_RECEIVED: Final = re.compile(
    r"[ \t\f]*+(?P<to>[A-Za-z][A-Za-z0-9]*+)[ \t\f]++(?P<verb>" + "|".join(RECEIVED_VERBS) + ")"
    r"[ \t\f]++(?:de|du|d'|d’|from)[ \t\f]*+(?P<by>[A-Za-z][A-Za-z0-9]*+)(?![\w'])"
    r"[ \t\f\u00a0\u202f]*+:?+[ \t\f]*+(?P<cards>[^{;\n]*+)",
    re.IGNORECASE)
#: A trick's winner said first, before its plays (``O gagne : N 2♣ E 3♣ …``,
#: ``N wins: W 3S …``; typed29): the words said, up to the first play.
_WINNER_FIRST: Final = re.compile(
    r"[ \t\f]*+(?P<seat>[A-Za-z][A-Za-z0-9]*+)[ \t\f]++"
    r"(?:gagne|ramasse|remporte|prend|wins|takes|won|took)(?:[ \t\f]++(?:le|the)[ \t\f]++(?:pli|trick))?+"
    r"[ \t\f\u00a0\u202f]*+[:,\-]?+[ \t\f]*+", re.IGNORECASE)
#: A tag typed as a form's field (``Lieu : Brest``): its name and value.
_TAG_SAID: Final = re.compile(r"[ \t\f]*([^\W\d_]+)[ \t\f\u00a0\u202f]*:[ \t\f]*([^;{\n]*?)[ \t\f]*\Z")
#: The tags a sheet types as fields (no seat among them: ``Sud :`` is a hand).
_FIELD_TAGS: Final = {t.casefold(): t for t in (
    "Event", "Site", "Date", "Round", "Rules", "Seats", "Annotator", "Source", "Table",
    *(fr for fr, en in TAG_NAMES_FR.items() if en not in ("North", "East", "South", "West")))}
#: Line heads a sheet types for the line keyword (folded) -> the keyword meant.
_HEAD_WORDS: Final = {
    "totaux": "total", "cumuls": "total", "cumule": "total", "totals": "total",
    "gagnant": "résultat", "gagnante": "résultat", "gagnants": "résultat", "vainqueur": "résultat",
    "vainqueurs": "résultat", "winner": "result", "winners": "result",
    # (english21: ``Final: N 13, E 0, ...``, ``Final scores:``, the totals at a game's end)
    "final": "total", "finals": "total",
}
#: A rank said in words where a suit group wants a rank (``♠ as 5 4``).
_RANK_IN_GROUP: Final = {"as": "A", "roi": "R", "dame": "D", "valet": "V",
                         "ace": "A", "king": "K", "queen": "Q", "jack": "J"}
#: The heart of an emoji keyboard (U+2764, with or without U+FE0F).
_HEAVY_HEART: Final = re.compile(r"(10|[2-9AKQJTRDV])\u2764\ufe0f?(!!|\?\?|!\?|\?!|!|\?)?", re.IGNORECASE)


#: A score sheet's other heads for a line of points (``report``, ``sous-total``,
#: ``points``, ``pts``), folded -> the keyword meant; group 2 the rest of the line.
_POINTS_HEADS: Final = {"report": "total", "reports": "total", "soustotal": "total",
                        "points": "marque", "pts": "marque",
                        # (typed25: ``Total général :``, ``Grand total:``, a notebook's last row)
                        "totalgeneral": "total", "totauxgeneraux": "total", "totalcumule": "total",
                        "grandtotal": "total"}
_POINTS_SAID: Final = re.compile(r"[ \t\f]*(reports?|sous[- \t]?total|points|pts"
                                 r"|total[ \t\f]+(?:g[ée]n[ée]ral|cumul[ée])|totaux[ \t\f]+g[ée]n[ée]raux"
                                 r"|grand[ \t\f]+total)(?!\w)"
                                 r"[ \t\f\u00a0\u202f]*:?[ \t\f]*([^\n]*)", re.IGNORECASE)


#: The heads of :data:`_POINTS_HEADS` that start with the ``total`` keyword
#: (``Total général``): told before the grammar's message on their second word.
_TOTAL_ROWS: Final = frozenset(("totalgeneral", "totalcumule"))


def _points_said(text: str, base: int, lead: int,
                 only: frozenset[str] | None = None) -> HrnSyntaxError | None:
    """A line of points headed as a score sheet heads its rows (``report N 4
    E 4 ...``, ``sous-total : ...``, ``points N 3 ...``), told with the line
    to write when it reads; ``report`` also says that a carried-over total
    is the deal's one ``total`` line (french12).  *only*: the heads told
    (every head when ``None``)."""
    m = _POINTS_SAID.match(text)
    if m is None or "\n" in text:
        return None
    folded = re.sub(r"[^a-z]", "", _fold(m.group(1)))
    head = _POINTS_HEADS.get(folded)
    if head is None or (only is not None and folded not in only):
        return None
    written = f"{head} {' '.join(m.group(2).split())}"
    if not _reads(written) or not m.group(2).strip():
        return None
    if head == "total" and _fold(m.group(1)).startswith("report"):
        return HrnSyntaxError(msg("syntax.report", found=m.group(1), written=written), base, lead + 1)
    said = msg("syntax.expected", what=_LINE_START, found=quote(m.group(1)))
    return HrnSyntaxError(msg("syntax.written_as", error=said.arg(), written=written), base, lead + 1)


def _fold(word: str) -> str:
    from .words import fold_word

    return fold_word(word)


#: Markdown's bold marks at a line's start (``**deal 1** dealer W pass left``,
#: ``__score__ N 13 ...``), as a chat (Discord, Slack) or a forum shows a line in
#: bold, and every such mark of the line (english24).
_BOLD_START: Final = re.compile(r"[ \t\f]*(\*\*|__)(?=\S)")


#: A chat's line that names who wrote and when, as a Discord or Slack copy
#: puts it above each message (``Margaret — Today at 9:04 PM``, ``**Bob** —
#: 12/06/2026 9:04 PM``, ``Alice  9:04 PM``): the sender, then a time.
_CHAT_SENDER: Final = re.compile(
    r"[ \t\f]*(?:\*\*)?[^\W\d_][\w .'\u2019-]{0,40}?(?:\*\*)?[ \t\f]*(?:[\u2014\u2013-][ \t\f]*)?"
    r"(?:(?:today|yesterday)[ \t\f]+at[ \t\f]+|[0-9]{1,2}/[0-9]{1,2}/[0-9]{2,4}[ \t\f,]+(?:at[ \t\f]+)?)?"
    r"[0-9]{1,2}:[0-9]{2}(?:[ \t\f]*[AaPp]\.?[Mm]\.?)?[ \t\f]*\Z", re.IGNORECASE)


#: A chat's own words, said to the table and pasted with the record (``gg``,
#: ``bien joué !``, ``lol``, ``gg wp``, ``mdr``): a line of these words only
#: (with a suit's or a face's pictograph, ``!`` or ``?``) is no line of the
#: notation and no remark of the game (typed25).  Words a remark would hold
#: with other words (``bravo``, ``nice``) count only beside one of these.
_CHAT_WORDS: Final = frozenset((
    "gg", "wp", "ggwp", "gj", "bj", "gl", "hf", "glhf", "lol", "lmao", "rofl", "mdr", "ptdr", "xd",
    "haha", "hahaha", "ahah", "ahahah", "hihi", "thx", "ty", "omg", "bien joue", "bien jouee",
    "well played", "good game", "nice one", "bien vu"))
_CHAT_ASIDE: Final = frozenset(("bravo", "nice", "merci", "thanks", "wow", "ouf", "oups", "oops", "gg's",
                               "moon", "capot", "chelem", "encore", "again", "trop", "fort", "top"))
_CHAT_TOKEN: Final = re.compile(r"[^\W\d_]+(?:['\u2019][^\W\d_]+)?")


def _chat_words(text: str) -> bool:
    """Whether *text* is a chat's words only (:data:`_CHAT_WORDS`), with at
    most some of :data:`_CHAT_ASIDE` beside them and marks (``!``, ``?``,
    ``.``, pictographs) between them."""
    words = [_fold(w) for w in _CHAT_TOKEN.findall(text)]
    rest = _CHAT_TOKEN.sub(" ", text)
    if not words or any(c.isdigit() or c in ":{}()[]<>=#*" for c in rest):
        return False
    joined = " ".join(words)
    pairs = {" ".join(words[i:i + 2]) for i in range(len(words) - 1)}
    chat = [w for w in words if w in _CHAT_WORDS] + [p for p in pairs if p in _CHAT_WORDS]
    paired = {w for p in pairs if p in _CHAT_WORDS for w in p.split()}
    return bool(chat) and all(w in _CHAT_WORDS or w in _CHAT_ASIDE or w in paired for w in words) \
        and len(joined) <= 60


def _is_reactions(text: str) -> bool:
    """Whether *text* is a chat's reactions under a message (``👍 3  😂 1``):
    pictographs (U+1F000 and up, with their joiners and variation
    selectors), counts and blanks only; a suit's symbol is no reaction."""
    marks = [c for c in text if not c.isspace() and not c.isdigit()]
    return bool(marks) and any(ord(c) >= 0x1F000 for c in marks) \
        and all(ord(c) >= 0x1F000 or c in "\u200d\ufe0f" for c in marks)


def _chat_line(text: str, base: int) -> HrnSyntaxError | None:
    """A chat's line pasted with a record (english24): the line that names
    the sender and the time of a message (``Margaret — Today at 9:04 PM``),
    its reactions (``👍 3  😂 1``), or a chat's words (``gg``, ``bien joué !``;
    typed25): told *remove this line* at its start,
    with what it is; not offered in braces (it is no remark of the game)."""
    if "\n" in text:
        return None
    lead = len(text) - len(text.lstrip(" \t\f"))
    if _is_reactions(text):
        key = "syntax.chat_reactions"
    elif _CHAT_SENDER.match(text) is not None:
        key = "syntax.chat_sender"
    elif _chat_words(text):
        key = "syntax.chat_words"
    else:
        return None
    return HrnSyntaxError(msg(key, found=quote(" ".join(text.split()), 60)), base, lead + 1)


def _markdown_bold(text: str, base: int) -> HrnSyntaxError | None:
    """A line typed in Markdown's bold (``**deal 1** dealer W pass left``):
    told at its first mark with the line without the marks, when that line
    reads.  The ``*`` is the notation's unfinished result: the line was read
    as ``*`` and a remark, and a deal header lost its deal (english24)."""
    bold = _BOLD_START.match(text)
    if bold is None or "\n" in text:
        return None
    written = strip_bold(text).strip()
    if not _reads(written):
        return None
    return HrnSyntaxError(msg("syntax.markdown_bold", found=quote(bold.group(1)), written=written),
                          base, bold.start(1) + 1)


def _sheet_slip(found: str | None, expected: set[str], text: str, start: int | None, base: int,
                line: int, column: int, seats: tuple[str, ...]) -> HrnSyntaxError | None:
    """A French sheet's ways of typing a line, told with the form to write
    (docs/notation.md, "A French hand-written record"): a deal or trick
    named by its ordinal (``Première donne``, ``3e pli``, ``Pli n° 3``), a
    trick without its number, a pass given in a sentence (``Nord donne à Est
    :``), a tag typed as a field (``Lieu : Brest``), ``Totaux :`` or
    ``Gagnant :`` for ``total`` or ``résultat``, a remark in parentheses or
    after ``--``, the trick's winner written after it (``ramasse N``), a rank
    in words in a suit group (``♠ as 5 4``), the emoji heart (``D❤``)."""
    if found is None:
        return None
    lead = len(text) - len(text.lstrip(" \t\f"))
    at_start = start is not None and start == lead
    mooned = (_MOON_THEN_SEAT.match(text) or _SEAT_THEN_MOON.match(text)) if "\n" not in text else None
    slang = mooned is not None and mooned.group("kw").lower() not in ("moon", "capot")
    if mooned is not None and (_is_seat(mooned.group("seat"), seats) or slang):
        # (``Bob STM``: a player's name before the slang, made its seat by the
        # reader or, naming no player, the grammar's message alone; english24)
        # (english21: ``Moon - East``, ``Moon shot by East``, ``moon E!``, ``East: moon``:
        # the shooter said around the keyword, as a score pad says it)
        word = "capot" if mooned.group("kw").lower() == "capot" else "moon"
        said = msg("syntax.expected", what=_LINE_START, found=quote(text.strip()))
        return HrnSyntaxError(msg("syntax.written_as", error=said.arg(),
                                  written=f"{word} {mooned.group('seat')}"), base, lead + 1)
    received = _PASS_RECEIVED.match(text)
    if received is not None and _is_seat(received.group("to"), seats) \
            and _is_seat(received.group("by"), seats):
        # (``E reçoit de N : A♥ 9♣ R♦``: the pass noted by who received it, as a
        # player keeps the cards given to them; the giver's pass, to its receiver)
        english = received.group("verb").lower() in ("receives", "received", "gets", "got")
        cards = " ".join(received.group("cards").split())
        written = f"{'pass' if english else 'passe'} {received.group('by')}>{received.group('to')}" \
            + (":" if english else " :") + (f" {cards}" if cards else "")
        if _reads(written):
            said = msg("syntax.expected", what=_LINE_START,
                       found=quote(text[lead:received.start("cards")].strip()))
            return HrnSyntaxError(msg("syntax.written_as", error=said.arg(), written=written),
                                  base, lead + 1)
    first = _WINNER_FIRST.match(text) if "\n" not in text else None
    if first is not None and _is_seat(first.group("seat"), seats):
        plays = " ".join(text[first.end():].split(";", 1)[0].split("{", 1)[0].split())
        if plays and _reads(f"1. {plays}"):
            # (``O gagne : N 2♣ E 3♣ S 5♣ O A♣``: the trick's winner first, as a
            # scorer notes who took it, then its plays with no number)
            return HrnSyntaxError(msg("syntax.trick_winner_first", found=quote(first.group().strip()),
                                      plays=_shortened(plays, 40)), base, lead + 1)
    starting = "DEAL" in expected or expected == {"_COLON"} or expected >= {"UNKNOWN", "PBN"}
    if starting:
        ordinal = _ORDINAL_LINE.match(text)
        n = None
        if ordinal is not None:
            n = int(ordinal.group(2)) if ordinal.group(2) else ORDINAL_WORDS.get(_fold(ordinal.group(1)))
        if n is not None and ordinal is not None:
            noun = ordinal.group(3).lower()
            if noun in ("donne", "deal"):
                said = msg("syntax.expected", what=_LINE_START, found=quote(ordinal.group().strip()))
                return HrnSyntaxError(msg("syntax.did_you_mean", error=said.arg(), word=f"{noun} {n}"),
                                      base, lead + 1)
            return _trick_dot(n, text[ordinal.end():], base, lead + 1)
        counted = _COUNTED_TRICK.match(text)
        if counted is not None and "\n" not in text:
            # (``1er. N 2♣ ...``, ``IV. N 8♠ ...``: a trick numbered as an ordinal
            # or in Roman numerals; french21)
            n = int(counted.group(1)) if counted.group(1) else roman_number(counted.group(2))
            if n:
                return _trick_dot(n, text[counted.end():], base, lead + 1)
        said_n = NUMBER_WORD_LINE.match(text)
        n_said = number_word(said_n.group(2)) if said_n is not None else None
        if said_n is not None and n_said is not None and said_n.group(1).lower() not in ("deal", "donne"):
            # (``pli trois : E 2♠ ...``, ``trick three: ...``: the number in words; typed22)
            return _trick_dot(n_said, text[said_n.end():], base, lead + 1)
        numero = _TRICK_NUMERO.match(text)
        if numero is not None:
            return _trick_dot(int(numero.group(2)), text[numero.end():], base, lead + 1)
        listed = _NUMBERED_TRICK.match(text)
        if listed is not None and "\n" not in text:
            # (``n°3 E 2♠ ...``, ``3° E 2♠ ...``: a trick numbered as a list numbers its items)
            written = f"{int(listed.group(1) or listed.group(2))}. {text[listed.end():].strip()}"
            if _reads(written):
                said = msg("syntax.expected", what=_LINE_START, found=quote(listed.group().strip()))
                return HrnSyntaxError(msg("syntax.written_as", error=said.arg(), written=written),
                                      base, lead + 1)
        given = _PASS_GIVEN.match(text)
        if given is not None:
            giver = given.group("a1") or given.group("a2")
            sideways = given.group("b").casefold() in ("gauche", "droite", "left", "right")
            if _is_seat(giver, seats) and sideways:
                # (``N donne à gauche : A♥ 9♣ R♦``: the pass said with its direction,
                # which the deal's header gives; typed27)
                cards = " ".join(given.group("cards").split())
                english = given.group("b").casefold() in ("left", "right")
                said_after = text[given.end():].split("\n", 1)[0].strip()     # (its remark kept)
                written = f"{'pass' if english else 'passe'} {giver}" + (":" if english else " :") \
                    + (f" {cards}" if cards else "") + (f" {said_after}" if said_after else "")
                if not _reads(written):
                    written = f"{'pass' if english else 'passe'} {giver}" + (":" if english else " :") \
                        + (f" {cards}" if cards else "")
                said = msg("syntax.expected", what=_LINE_START,
                           found=quote(text[lead:given.start("cards")].strip()))
                return HrnSyntaxError(msg("syntax.written_as", error=said.arg(), written=written),
                                      base, lead + 1)
            if _is_seat(giver, seats) and _is_seat(given.group("b"), seats):
                cards = " ".join(given.group("cards").split())
                english = text[lead:].split(None, 1)[0].lower() == "pass"    # (``pass N to E``)
                written = f"{'pass' if english else 'passe'} {giver}>{given.group('b')}" \
                    + (":" if english else " :") + (f" {cards}" if cards else "")
                said = msg("syntax.expected", what=_LINE_START,
                           found=quote(text[lead:given.start("cards")].strip()))
                return HrnSyntaxError(msg("syntax.written_as", error=said.arg(), written=written),
                                      base, lead + 1)
        field = _TAG_SAID.match(text)
        if field is not None and field.group(2) and not _is_seat(field.group(1), seats):
            name = field.group(1)
            tag = _FIELD_TAGS.get(name.casefold())
            head = _HEAD_WORDS.get(_fold(name))
            said = msg("syntax.expected", what=_LINE_START, found=quote(f"{name} :"))
            if tag is not None:
                value = field.group(2).replace("\\", "\\\\").replace('"', '\\"')
                return HrnSyntaxError(msg("syntax.written_as", error=said.arg(),
                                          written=f'[{name} "{value}"]'), base, lead + 1)
            value = " ".join(field.group(2).split())
            if head is not None:
                if head in ("résultat", "result") and not all(
                        _is_seat(w, seats) for w in value.replace(",", " ").split()):
                    # (``Vainqueur : Yann``: a player's name, which the result does not take)
                    return HrnSyntaxError(msg("syntax.did_you_mean", error=said.arg(), word=head),
                                          base, lead + 1)
                return HrnSyntaxError(msg("syntax.written_as", error=said.arg(),
                                          written=_shortened(f"{head} {value}")), base, lead + 1)
            if _fold(name) in ("points", "scores", "marques"):
                # (``Points : N 1 E 0 ...``: the deal's points or the totals? both are said so)
                pairs = " ".join(value.replace(",", " ").split())
                return HrnSyntaxError(msg("syntax.points_keyword", pairs=_shortened(pairs)), base, lead + 1)
        remark = _REMARK.match(text, lead)
        if remark is not None:
            rest = text[lead:].split("\n", 1)[0]
            return HrnSyntaxError(msg("syntax.remark", found=quote(rest)), base, lead + 1)
        if expected == {"_COLON"} and card_spelling(found) is not None:
            first = _WORD_AT.match(text, lead)
            if first is not None and _is_seat(first.group(), seats):
                # (``E 2♠ S 3♠ O 5♠ N A♠``: a trick's plays with no number before them)
                plays = " ".join(text[lead:].split(";", 1)[0].split("{", 1)[0].split())
                return HrnSyntaxError(msg("syntax.trick_unnumbered", plays=_shortened(plays, 40)),
                                      base, lead + 1)
    if found == "." and "SYMBOL_GROUP" in expected and "UNKNOWN" not in expected:
        # (``N: ♠ D 10 8 6 ... ♣ 9 2.``: a period after a hand, as after a sentence)
        return HrnSyntaxError(msg("syntax.hand_period"), line, column)
    if "POINTS" in expected and found in ("-", "\u2013", "\u2014", "O", "o"):
        # (``E —``, ``E O``: a dash or the letter O where a sheet means no point)
        said = msg("syntax.expected", what=expected_phrase(expected, seats), found=quote(found))
        return HrnSyntaxError(msg("syntax.did_you_mean", error=said.arg(), word="0"), line, column)
    dealt = re.match(r"[ \t\f]+(?:donne|deals)(?!\w)", text[start + len(found):], re.IGNORECASE) \
        if "DEALER" in expected and start is not None and _is_seat(found, seats) else None
    if dealt is not None:
        # (``Donne 1 : Ouest donne, passe à gauche``: the dealer said in a sentence)
        said = msg("syntax.expected", what=expected_phrase(expected, seats),
                   found=quote(found + dealt.group()))
        word = f"{'donneur' if words_language(text) != 'en' else 'dealer'} {found}"
        return HrnSyntaxError(msg("syntax.did_you_mean", error=said.arg(), word=word), line, column)
    named = _SEAT_NAMED.match(text)
    if named is not None and start is not None and (start >= named.start(3) or start == lead) \
            and _is_seat(named.group(2), seats):
        # (``Nord (Camille) : ♠ D 10 8 6``, ``passe E (Yann) :``: the player named after the seat)
        kept = (text[:named.start(3)].rstrip(" \t\f") + text[named.end(3):]).split(";")[0]
        return HrnSyntaxError(msg("syntax.name_after_seat", found=quote(named.group(3)),
                                  tag=_player_tag(named.group(2)), name=named.group(3).strip("() "),
                                  written=_shortened(" ".join(kept.split()))), base, named.start(3) + 1)
    tail = _PASS_TAIL.match(text)
    if tail is not None and start is not None and start >= tail.start("to") and \
            _is_seat(tail.group("a"), seats) and _is_seat(tail.group("b"), seats):
        # (``passe E : V♥ R♣ D♦ → S``: the receiver written after the cards)
        kw = tail.group("kw").lower()
        written = f"{kw} {tail.group('a')}>{tail.group('b')}" + (" :" if kw == "passe" else ":") \
            + f" {' '.join(tail.group('cards').split())}"
        said = msg("syntax.expected", what=expected_phrase(expected, seats), found=quote(found))
        ln, col = _line_column(text, tail.start("to"), base)
        typed = text[tail.start("to"):tail.end("b")].strip()
        return HrnSyntaxError(msg("syntax.written_as", error=msg("syntax.expected", what=expected_phrase(
            expected, seats), found=quote(typed)).arg(), written=written), ln, col)
    if "TAG_VALUE" in expected and found[:1] in "\u2018\u2019\u201a\u2039\u203a'":
        # (``[Lieu ’Brest’]``: a word processor's apostrophes for the quotes)
        return _typographic(quote(found[:1]), text, line, column)
    if "INT" in expected and _fold(found.rstrip(".")) in ("numero", "num"):
        # (``donne numéro 1``: the ``n°`` said in a word)
        number = re.match(r"[^\W\d_]+\.?[ \t\f]*([0-9]+)", text[start:]) if start is not None else None
        if number is not None:
            # (the words quoted are the words to replace: the editor's fix replaces them)
            said = msg("syntax.expected", what=msg("expect.INT").arg(), found=quote(number.group()))
            return HrnSyntaxError(msg("syntax.did_you_mean", error=said.arg(),
                                      word=f"n° {int(number.group(1))}"), line, column)
    if "PASS" in expected and "DEAL" not in expected and start is not None and \
            _fold(found) in ("echange", "echanges", "sens", "passage"):
        # (``donneur O échange à gauche``, ``sens : gauche``: the pass said in another word)
        from .words import DIRECTIONS, direction_shorthand

        after = text[start + len(found):].split(";", 1)[0].split("{", 1)[0].split("\n", 1)[0]
        rest = " ".join(after.strip(" :\t").split())
        direction = rest if rest in DIRECTIONS else direction_shorthand(rest) if rest else None
        word = f"passe {direction}" if direction else "passe"
        typed = found + after.rstrip(" \t") if direction else found
        said = msg("syntax.expected", what=expected_phrase(expected, seats), found=quote(typed))
        return HrnSyntaxError(msg("syntax.did_you_mean", error=said.arg(), word=word), line, column)
    toward = _PASS_TOWARD.match(text) if "_GT" in expected else None
    if toward is not None and "\n" not in text:
        # (``passe N à gauche : ...``: the direction, which the deal's header
        # says, written on the pass line too; french12)
        cards = " ".join(toward.group(3).split())
        written = f"{toward.group(1)} {toward.group(2)} :" + (f" {cards}" if cards else "")
        if _reads(written):
            said = msg("syntax.expected", what=expected_phrase(expected, seats), found=quote(found))
            return HrnSyntaxError(msg("syntax.written_as", error=said.arg(), written=written), line, column)
    if "_GT" in expected and found.casefold() in ("à", "a", "vers", "pour", "to"):
        given = _PASS_GIVEN.match(text)
        if given is not None and given.group("a1") is not None:
            cards = " ".join(given.group("cards").split())
            kw = text[lead:].split()[0].lower()
            written = f"{kw} {given.group('a1')}>{given.group('b')}" + (" :" if kw == "passe" else ":") \
                + (f" {cards}" if cards else "")
            said = msg("syntax.expected", what=expected_phrase(expected, seats), found=quote(found))
            return HrnSyntaxError(msg("syntax.written_as", error=said.arg(), written=written), line, column)
    if found.startswith("(") and ("DEALER" in expected or "PASS" in expected) and "DEAL" not in expected:
        # (``donne 1 (donneur O, passe gauche)``: the header's fields in parentheses)
        head = re.split(r"[{;\n]", text, maxsplit=1)[0].replace("(", " ").replace(")", " ")
        written = " ".join(_SAID_ON.sub("", _HEADER_NOISE.sub(" ", head)).split())
        aside = None if _reads(written) else _header_aside(text)
        if aside is not None:
            # (``donne 1 (redonnée) passe gauche``: not the header's fields but a
            # remark on it, which the header's fields unbracketed do not read as;
            # the remark in braces is offered, as it reads; typed35)
            return HrnSyntaxError(msg("syntax.header_aside", found=quote(aside[0]), written=aside[1]),
                                  line, column)
        return HrnSyntaxError(msg("syntax.header_fields", found=quote("("), written=written), line, column)
    if "CARD" in expected and _TRICK_LINE.match(text) is not None and start is not None and (
            found[:1] in _PLAY_SEPARATORS and (len(found) == 1 or card_spelling(found[1:]) is not None)):
        # (``3. E 2♠ — S 3♠``, ``E-2♠``: plays parted by a dash, a slash, a seat tied to its card)
        body = text.split(";", 1)[0].split("\n", 1)[0]
        after = body[start + 1:].split("{", 1)[0].strip()
        if len(found) == 1 and after and (_WINNER_WORDS.search(after) is not None or (
                _LONE_WORD.fullmatch(after) is not None and card_spelling(after) is None)):
            # (english21: ``2. W 3S N 8S E 4S S 2S — won by North``, ``... - N``: the
            # trick's winner after a dash; the line without the dash would not read)
            return HrnSyntaxError(msg("syntax.trick_winner", found=quote(f"{found} {after}")),
                                  line, column)
        written = " ".join(re.sub(r"(?<!\S)[-\u2013\u2014/|](?!\S)|(?<=[A-Za-z])[-=\u2013\u2014](?=\S)",
                                  " ", body).split())
        return HrnSyntaxError(msg("syntax.play_separator", found=quote(found[:1]),
                                  written=_shortened(written)), line, column)
    if _TRICK_LINE.match(text) is not None and not at_start and start is not None and (
            "CARD" in expected or "SEAT" in expected):
        body = text.split("{", 1)[0] if "{" not in text[:start] else text
        winner = _WINNER_WORDS.search(body)
        if winner is not None and winner.start() <= start + len(found):
            phrase = None
            for m in _WINNER_PHRASE.finditer(text, 0):
                if m.start() <= winner.start() < m.end():
                    phrase = m
                    break
            at = phrase.start() if phrase is not None else winner.start()
            typed = (phrase.group() if phrase is not None else text[at:]).strip(" ,\t")
            ln, col = _line_column(text, at, base)
            return HrnSyntaxError(msg("syntax.trick_winner", found=quote(typed)), ln, col)
        arrow = _WINNER_PHRASE.match(text, start)
        if arrow is not None and found in ("->", "=>", "\u2192", "\u21d2"):
            return HrnSyntaxError(msg("syntax.trick_winner", found=quote(arrow.group().strip())),
                                  line, column)
    if not at_start and start is not None and "CARD" in expected and found == "*" and start > 0 \
            and not text[start - 1].isspace() and _TRICK_LINE.match(text) is not None:
        # (``W KC*``: the trick's winning card starred, as a score pad marks it; english12)
        starred = text[_word_start(text, start):start + 1]
        return HrnSyntaxError(msg("syntax.trick_winner", found=quote(starred)), line, column)
    if not at_start and start is not None and "DEAL" not in expected and (
            re.match(r"\(|--|//", found) or (re.match(r"#(?!\d)|\[|%", found) and (
                "CARD" in expected or "POINTS" in expected or "SEAT" in expected))):
        # (english12: ``# note``, ``[note]``, ``% note`` after a line's plays or points)
        # (``marque ... (total 26)``, ``passe E: ... -- Yann garde la dame``: a remark typed
        # as other notes are)
        rest = text[start:].split(";", 1)[0].split("\n", 1)[0].strip()
        running = _TOTAL_IN_PARENS.fullmatch(rest) if "SEAT" in expected else None
        totals = f"total {' '.join(running.group(1).split())}" if running is not None else ""
        if running is not None and _reads(totals):
            # (``marque N 13 … (total N 42 …)``: the running totals a sheet keeps on
            # the points' line, which are a line of their own; typed27)
            return HrnSyntaxError(msg("syntax.total_in_parens", found=quote(rest), written=totals),
                                  line, column)
        return HrnSyntaxError(msg("syntax.remark", found=quote(rest)), line, column)
    if start is not None and "SYMBOL_GROUP" in expected:
        spoken = _WORD_SPAN.match(text, _word_start(text, start))
        if spoken is not None and start < spoken.end() and spoken.group().casefold() in _RANK_IN_GROUP:
            # (``♠ as 5 4``, ``♥ roi 9``: the rank spoken in words)
            ln, col = _line_column(text, spoken.start(), base)
            return HrnSyntaxError(msg("syntax.rank_word", found=quote(spoken.group()),
                                      rank=_RANK_IN_GROUP[spoken.group().casefold()]), ln, col)
    if found[:1] == "\u2764" and "SYMBOL_GROUP" in expected:
        return HrnSyntaxError(msg("syntax.heavy_heart", found=quote(found), card="♥"), line, column)
    heart = _HEAVY_HEART.fullmatch(found)
    if heart is not None and ("CARD" in expected or "SYMBOL_GROUP" in expected):
        card = heart.group(1).upper() + "♥" + (heart.group(2) or "")
        return HrnSyntaxError(msg("syntax.heavy_heart", found=quote(found), card=card), line, column)
    return None


#: A seat with a player's name in parentheses after it (``Nord (Camille) :``,
#: ``passe E (Yann) :``): the keyword, the seat, the name.
_SEAT_NAMED: Final = re.compile(r"[ \t\f]*((?:passe|pass)[ \t\f]+)?([A-Za-z][A-Za-z0-9]*)[ \t\f]*"
                                r"(\([^()\n]*\))[ \t\f\u00a0\u202f]*[:>]", re.IGNORECASE)
#: A pass whose receiver is written after its cards (``passe E : V♥ R♣ D♦ → S``).
_PASS_TAIL: Final = re.compile(
    r"[ \t\f]*(?P<kw>passe|pass)[ \t\f]+(?P<a>[A-Za-z][A-Za-z0-9]*)[ \t\f\u00a0\u202f]*:[ \t\f]*"
    r"(?P<cards>[^{;\n]*?)[ \t\f]*(?P<to>->|=>|\u2192|\u21d2|à|a|vers|pour|to)[ \t\f]+"
    r"(?P<b>[A-Za-z][A-Za-z0-9]*)[ \t\f]*(?:[{;][\s\S]*)?\Z", re.IGNORECASE)
def _player_tag(seat: str) -> Arg | str:
    """The tag that names the player of the default table's *seat* (a letter
    or a compass word), in the reader's language (``Nord``, ``North``); a
    seat of a ``Seats`` tag as it is."""
    from .words import SEAT_WORDS

    letter = SEAT_WORDS.get(seat.lower(), seat.upper())
    letter = "W" if letter == "O" else letter
    return msg(f"syntax.player_tag.{letter}").arg() if letter in ("N", "E", "S", "W") else seat


#: Signs typed between plays, or between a seat and its card (``E-2♠``).
_PLAY_SEPARATORS: Final = frozenset("-=/|\u2013\u2014")
#: A word of letters (a rank said in words).
_WORD_SPAN: Final = re.compile(r"[^\W\d_]+")


def _word_start(text: str, at: int) -> int:
    """The start of the word of letters that holds index *at* of *text*."""
    while at > 0 and (text[at - 1].isalpha()):
        at -= 1
    return at
