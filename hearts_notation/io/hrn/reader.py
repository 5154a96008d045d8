"""Reading HRN text (docs/spec.md, section 2) into the game model, one game at a time.

How a file is read (``docs/parser.md`` tells the whole story):

1. **Lines** and 2. **games**: the one game cutter, :mod:`.cut`, gives each
   game as its text (a string, or any iterable of lines such as an open
   file, read lazily: one game held at a time, memory flat however long the
   input); each game is then read alone.
3. **Elements.**  Each logical line is read by the lexer (:mod:`.lex`) into
   typed elements (:mod:`.elements`); a line the grammar does not read is
   worded by the grammar (:mod:`.lark_reader`, ``grammar/hearts.lark``).
4. **Events.**  :class:`_GameBuilder` checks what the grammar cannot (tags
   before deals, trick numbers 1, 2, 3..., one hand line per seat, seat names
   from the ``Seats`` tag, seats implied by bare cards, whose leader the
   game state decides), attaches comments, and sends the game as the events
   of :mod:`hearts_notation.io.events` to a visitor: by default
   :class:`~hearts_notation.io.events.GameBuilder`, which builds the frozen
   :class:`~hearts_notation.model.Game`; ``validate`` sends them to the
   referee's compact check instead (:func:`visit_text`).

A syntax error costs its line, not the game: the line is reported (a
``syntax-error`` finding that says, in words, what was expected where) and
reading goes on, so that every slip of a file is reported in one run, each
at its line.  The deal that holds the bad line keeps what was read of it
and has *lost a line* (``_DealBuilder.lost_line``): its later tricks are
kept only while they follow on (a trick line lost leaves the tricks after
it unchecked, never misread), and the referee takes it as cut short.  A
deal header that does not read opens a deal of the number it shows that
has lost its header line; one whose number cannot be read
loses its deal (its lines are still read for their own errors).  Only a
``Seats`` tag that names no usable seats stops a game.

"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable, Iterator
from itertools import takewhile
from typing import Any, Final, TypeVar

from ...cards import CARDS
from ...i18n import Arg, Msg, msg, person
from ...model import PLAYER_TAGS_4, Finding, Game, Pos
from ...rules import (
    RuleError,
    RuleSet,
    lenient_rules,
    load_rules,
    parse_rules,
    standard,
    with_players,
)
from ...seats import DEFAULT_SEATS
from ...state import deal_pass, opening_leader, trick_winner
from ..events import GameBuilder, Visitor
from ..limits import current as current_limits
from ..limits import limit_message
from ..stream import CHUNK_SIZE, RecordError
from .cut import (
    BLANKS,
    FENCE,
    GameText,
    LogicalLine,
    comments_close_on_their_line,
    cut_games,
    game_lines,
    iter_logical_lines,
    split_text,
)
from .elements import (
    CommentEl,
    DealEl,
    Element,
    HandEl,
    MoonEl,
    PassEl,
    PointsEl,
    ResultEl,
    StarEl,
    TagEl,
    TrickEl,
)
from .lex import HrnSyntaxError, Mismatch, french_letter_message, lone_cr, quote, read_line
from .note_scan import notes_of
from .words import (
    ANY_WORD_RE,
    CHAT_PREFIX,
    DIRECTIONS,
    ENGLISH_SEATS,
    FRENCH_LETTER_RE,
    FRENCH_WEST,
    KEYWORDS,
    KEYWORDS_FR,
    LETTER_CARD,
    MOON_CHOICES,
    RECEIVED_VERBS,
    SEAT_NAME_RE,
    TOKENS,
    WRITE_FR,
    MarkPlaces,
    bare_heading,
    card_spelling,
    closest_keyword,
    compass_letters,
    drop_marks,
    file_column,
    game_heading,
    hand_grid,
    hand_suits_written,
    has_dropped_marks,
    header_ordinal,
    header_written,
    list_bullet,
    misspelt_tag,
    prose_header,
    seat_words,
    strip_bold,
    suit_row,
    suit_rows,
    tag_name,
    text_language,
)

__all__ = [
    "HrnSyntaxError",
    "build_game",
    "iter_hrn",
    "parse_game",
    "visit_game",
    "visit_text",
]

R = TypeVar("R")


# The public API (lines and games are cut by .cut) -----------------------------------------


def iter_hrn(text: str | Iterable[str], source: str = "-",
             default_rules: RuleSet | str | None = None) -> Iterator[Game]:
    """Games of HRN text, one at a time.

    *text* is a whole document or any iterable of lines (an open file is
    read lazily).  *default_rules* (``--rules``) decides the seat names and
    the opening leader for games without a ``Rules`` tag.

    Raises :class:`~hearts_notation.io.jsonio.RecordError` only when the
    input holds no game at all (blank, or comments only).
    """
    chunks = _slices(text) if isinstance(text, str) else _as_chunks(text)
    return read_hrn_chunks(chunks, source, default_rules)


def _slices(text: str) -> Iterator[str]:
    """A whole text in blocks, as a file is read (the cutter holds a block
    and one game, not every game of a long text at once)."""
    for start in range(0, len(text), CHUNK_SIZE):
        yield text[start:start + CHUNK_SIZE]


def read_hrn_chunks(chunks: Iterable[str], source: str = "-",
                    default_rules: RuleSet | str | None = None, after_game: bool = False
                    ) -> Iterator[Game]:
    """:func:`iter_hrn` of a text given in chunks (a file read block by
    block: what the HRN format's reader gives it); *after_game*: a game of
    the same input comes before the text (the editor's game read alone,
    :func:`.cut.cut_games`)."""
    index = 0
    for game in cut_games(chunks, source, after_game=after_game):
        index += 1
        yield visit_text(game.text, GameBuilder(), source, game.line, default_rules, index, game.stop,
                         game.follows)
    if index == 0:
        raise RecordError(msg("input.empty"))


def _as_chunks(lines: Iterable[str]) -> Iterator[str]:
    """Lines given with or without their newline, as chunks of text."""
    for line in lines:
        yield line if line.endswith("\n") else line + "\n"


def parse_game(text: str, source: str = "-", first_line: int = 1,
               default_rules: RuleSet | str | None = None, index: int | None = 1,
               stop: int = 0, follows: bool = False) -> Game:
    """One game from its text, *first_line* being the line number of its
    first line in the file, *stop* and *follows* as :class:`.cut.GameText`
    says (a game cut by :func:`.cut.cut_games` reads the same as in a whole
    read).  Text
    that holds more than one game reads as one (a second game's tags are
    then an error, as are lines after ``result``).
    """
    return visit_text(text, GameBuilder(), source, first_line, default_rules, index, stop, follows)


def visit_text(text: str, visitor: Visitor[R], source: str = "-", first_line: int = 1,
               default_rules: RuleSet | str | None = None, index: int | None = 1,
               stop: int = 0, follows: bool = False) -> R:
    """:func:`parse_game` with the game's events sent to *visitor* (what
    its ``end_game`` returns comes back).

    A game longer than the ``record`` limit (``HEARTS_MAX_RECORD``, 16 MiB)
    is one error at its first line and is not read: a JSON game, a JSONL
    line and a YAML document are bounded so, and reading an HRN game costs
    tens of bytes of memory per byte of its text (a 4 MB game of tags held
    168 MB), so every format holds the same games within the same bounds."""
    limit = current_limits().record
    if len(text) > limit:
        b = _GameBuilder(visitor, source, index, default_rules, follows)
        b.error(limit_message("limit.what.game_length", "record", limit), first_line, 1)
        b.halted = True
        b.pos = Pos(first_line, 1)
        return b.finish()  # type: ignore[no-any-return]
    physical = text.split("\n")
    if first_line >= 1 and comments_close_on_their_line(text):
        # No comment runs past its line: each line is a logical line, read
        # as it comes (what the parallel runner's workers read).
        b = _GameBuilder(visitor, source, index, default_rules, follows)
        b.head = text
        lineno = first_line - 1
        first: tuple[int, str] | None = None
        skip = 0
        row = False     # the line before was a suit's row told (told once a run)
        quoted = False  # an e-mail's quote was told (:func:`_unquoted`)
        fenced = False  # a Markdown code fence was told (:func:`_fence`)
        for k, t in enumerate(physical):
            lineno += 1
            if skip:
                skip -= 1
                continue
            if t[-1:] == "\r":
                t = t[:-1]
            if lineno == first_line and t[:1] == "\ufeff":
                t = t[1:]
            if not t.strip(BLANKS):
                row = False
                continue
            if first is None:
                first = (lineno, t)
            if (t[0] in _PASTE_FIRST or "/" in t[1:3]) and _pasted(t):
                unq, quoted, fenced = _unpasted(b, t, lineno, quoted, fenced)
                if unq is None:
                    continue
                joined = _rewrapped(unq, physical[k + 1].rstrip("\r")) \
                    if unq is not t and k + 1 < len(physical) else None
                if joined is not None:
                    skip = 1    # (the next line is the end of this one, told with it)
                t = joined or unq
            if (t[0] in _GRID_FIRST or t[0] in _BLANK_FIRST) and ":" not in t and not t[-1].isdigit() \
                    and _told_grid(
                    b, t, [r.rstrip("\r") for r in physical[k + 1:k + 5]], lineno):
                skip = 4
                continue
            alone = _seat_alone_rows(b, t, [r.rstrip("\r") for r in physical[k + 1:k + 5]], lineno)
            if alone is not None:
                t, skip = alone
            elif k + 1 < len(physical) and _may_go_on(t, physical[k + 1]):
                rows = _suit_rows(t, [r.rstrip("\r") for r in physical[k + 1:k + 5]], lineno)
                if rows is not None:
                    t, skip = rows
            elif "0" <= t[:1] <= "9" and k + 1 < len(physical) and not "0" <= physical[k + 1][:1] <= "9":
                wrapped = _trick_wrapped(b, t, physical[k + 1].rstrip("\r"), lineno)
                if wrapped is not None:
                    t, skip = wrapped, 1
            told = skip == 0 and _told_row(t)
            if not (told and row):
                _read_line_into(b, t, lineno, None)
            row = told
            if b.halted:
                break
        if b.pos is None and first is not None:
            b.pos = Pos(first[0], len(first[1]) - len(first[1].lstrip()) + 1)
        return b.finish()  # type: ignore[no-any-return]
    if first_line >= 1:     # numbered as they are read (0 means "no line" in there)
        return visit_game(game_lines(GameText(first_line, text, stop)), visitor, source, index,
                          default_rules, follows=follows)
    lines = []
    for ll in iter_logical_lines(split_text(text)):
        ll.shift(first_line - 1)
        lines.append(ll)
    return visit_game(lines, visitor, source, index, default_rules, follows=follows)


def build_game(lines: list[LogicalLine], source: str = "-", index: int | None = None,
               default_rules: RuleSet | str | None = None, follows: bool = False) -> Game:
    """One game from its logical lines (:func:`.cut.game_lines`); *follows*
    as :class:`.cut.GameText` says."""
    return visit_game(lines, GameBuilder(), source, index, default_rules, follows=follows)


#: What reads one logical line into its elements (:func:`.lex.read_line`;
#: the tests pass the grammar's own reading of the line to compare).
LineReader = Callable[[str, int], list[Element]]


def visit_game(lines: list[LogicalLine], visitor: Visitor[R], source: str = "-",
               index: int | None = None, default_rules: RuleSet | str | None = None,
               read: LineReader = read_line, follows: bool = False) -> R:
    """Read one game's logical lines as events sent to *visitor*; returns
    what its ``end_game`` returns (:func:`build_game` with the
    :class:`~hearts_notation.io.events.GameBuilder`).  *follows*: another
    game of the same input comes before this one (:class:`.cut.GameText`)."""
    b = _GameBuilder(visitor, source, index, default_rules, follows)
    # (the game's text, as the line-by-line path above takes it: its first
    # line alone, a lone ``[``, would look like a JSON array's opening;
    # joined only if an error asks, :meth:`_GameBuilder.game_text`)
    b.head_lines = lines
    skip = 0
    row = False     # the line before was a suit's row told (told once a run)
    quoted = False  # an e-mail's quote ('> ') was told (told once a game)
    fenced = False  # a Markdown code fence was told (told once a game)
    for k, ll in enumerate(lines):
        if skip:
            skip -= 1
            continue
        if ll.kind == "blank":
            row = False
            continue
        if ll.text and (ll.text[0] in _PASTE_FIRST or "/" in ll.text[1:3]) and _pasted(ll.text):
            text_q, quoted, fenced = _unpasted(b, ll.text, ll.line, quoted, fenced)
            if text_q is None:
                continue
            if text_q is not ll.text:
                joined = _rewrapped(text_q, lines[k + 1].text) if k + 1 < len(lines) else None
                if joined is not None:
                    skip = 1    # (the next line is the end of this one, told with it)
                ll = LogicalLine(ll.line, joined or text_q, ll.kind, ll.unclosed, ll.stop, ll.swallowed,
                                 ll.long)
        if ll.long is not None:
            # (a brace comment longer than a line may be: told where it
            # opened, once; the line is read on, the comment being no part
            # of the record: typed34, it stopped the read of the input)
            b.line_error(limit_message("limit.what.comment_length", "line", current_limits().line),
                         ll.long[0], ll.long[1], ll.text)
        if ll.unclosed is not None:
            # (the lines after the brace are read again as lines of their own)
            ln, col = ll.unclosed
            b.line_error(msg("syntax.unterminated_comment.before" if ll.stop
                             else "syntax.unterminated_comment",
                             at=f"{ln}:{col}", line=ll.stop or 0), ln, col, ll.text)
            continue
        text = ll.text
        if ll.kind == "other" and (text[:1] in _GRID_FIRST or text[:1] in _BLANK_FIRST) and ":" not in text \
                and not text[-1].isdigit() \
                and _told_grid(
                b, text, [n.text for n in takewhile(lambda n: n.kind == "other", lines[k + 1:k + 5])],
                ll.line):
            skip = 4
            continue
        alone = _seat_alone_rows(b, text, [n.text for n in takewhile(
            lambda n: n.kind == "other", lines[k + 1:k + 5])], ll.line) if ll.kind == "other" else None
        if alone is not None:
            text, skip = alone
        if ll.kind == "other" and k + 1 < len(lines) and _may_go_on(text, lines[k + 1].text):
            rows = _suit_rows(text, [n.text for n in takewhile(lambda n: n.kind == "other",
                                                               lines[k + 1:k + 5])], ll.line)
            if rows is not None:
                text, skip = rows
        elif ll.kind == "other" and "0" <= text[:1] <= "9" and k + 1 < len(lines) \
                and lines[k + 1].kind == "other" and not "0" <= lines[k + 1].text[:1] <= "9":
            wrapped = _trick_wrapped(b, text, lines[k + 1].text, ll.line)
            if wrapped is not None:
                text, skip = wrapped, 1
        told = skip == 0 and ll.kind == "other" and _told_row(text)
        if not (told and row):
            _read_line_into(b, text, ll.line, None if read is read_line else read)
        row = told
        if ll.swallowed is not None:
            b.swallowed(*ll.swallowed)
        if b.halted:
            break
    if b.pos is None and lines:
        first = next((ll for ll in lines if ll.kind != "blank"), lines[0])
        b.pos = Pos(first.line, len(first.text) - len(first.text.lstrip()) + 1)
    return b.finish()  # type: ignore[no-any-return]


def _read_line_into(b: _GameBuilder, text: str, line: int, read: LineReader | None) -> None:
    """Read one logical line into the game being built (a line that does
    not read is reported and costs only itself: :meth:`_GameBuilder.line_error`).
    *read* is the lexer's :func:`.lex.read_line` when ``None`` (called
    directly: a native call once compiled).

    A line holding a soft hyphen or a joiner inside a word is read without
    them (:func:`.words.drop_marks`), and every position taken from it, an
    element's or an error's, is put back where the character stands in the
    file (:attr:`_GameBuilder.marks`): the columns an editor shows."""
    if not text.isascii() and has_dropped_marks(text):
        clean, places = drop_marks(text, line)
        if places:
            b.marks = places
            try:
                _read_clean_line(b, clean, line, read)
            finally:
                b.marks = None
            return
    _read_clean_line(b, text, line, read)


#: What a line pasted from an e-mail or a chat begins with: a quote, a code
#: fence (one test a line, before :func:`_unquoted` and :func:`_fence`).
_PASTED: Final = (">", "```", "~~~")
#: What a line that :func:`_pasted` looks at begins with (or a ``/`` as its
#: second or third character: a chat's date, ``06/12/2026 21:04 - ...``).
_PASTE_FIRST: Final = ">`~ \t-*+["
#: What an indented fence begins with: blanks, a list item's bullet (typed22;
#: a line that begins so is tried against :data:`.cut.FENCE`, one match).
_INDENTED: Final = " \t-*+"
def _pasted(t: str) -> bool:
    """Whether the line *t* (not empty) may begin as pasted text does: an
    e-mail's quote, a code fence (indented, or after a list's bullet), a
    chat's date and sender (:func:`_unpasted` decides); a few character
    tests on the other lines, the reader's hot path (typed22)."""
    c = t[0]
    if c in ">`~":
        return t.startswith(_PASTED)
    if c in _INDENTED:
        return FENCE.match(t) is not None
    if c == "[":
        return t[1:2].isdigit()
    if "0" <= c <= "9":
        return t[1:2] == "/" or t[2:3] == "/"
    return False


#: An e-mail's quote before a line: ``>``, ``> ``, ``>> `` (english21).
_QUOTE: Final = re.compile(r"(?:>[ \t]?)+")


#: A seat and its points parted by a dash, no blank on either side (``N-3``).
_DASHED: Final = re.compile(r"(?<![\w-])([^\W\d_]\w*)-([0-9]+)(?![\w.-])")


def _dashed_points(el: PointsEl, text: str) -> tuple[Msg, int] | None:
    """The message and column for a ``score`` line whose every seat has its
    points after a dash (``score N-3 E-4 S-15 W-4``, a pad's ``N-3`` for
    "N: 3"): read as minus signs, every seat would lose points, which no
    deal gives, and the sheet's sums and totals would then fail one by one
    (english21).  ``None`` for any other line (one negative seat, the jack
    of diamonds' -10, is a score a deal may give)."""
    if el.kind != "score" or len(el.values) < 2 or any(v >= 0 for v in el.values):
        return None
    pairs = _DASHED.findall(text.split("{", 1)[0])
    if len(pairs) != len(el.values):
        return None
    first = _DASHED.search(text)
    assert first is not None
    head = text[:first.start()].strip()
    written = " ".join([head, *(f"{seat} {n}" for seat, n in pairs)])
    return (msg("syntax.points_dash", found=quote(first.group()), written=written),
            first.end(1) + 1)


def _unpasted(b: _GameBuilder, text: str, line: int, quoted: bool, fenced: bool
              ) -> tuple[str | None, bool, bool]:
    """A line that begins as pasted text does (:data:`_PASTED`), as the
    reader goes on with it: ``None`` for a code fence (told once a game,
    :func:`_fence`) or a quote with nothing after it, the line without its
    e-mail quote (told once a game, :func:`_unquoted`), else the line as it
    is; and whether a quote, a fence, has now been told.  One step for
    both loops that read a game's lines (:func:`visit_text`, :func:`visit_game`)."""
    if FENCE.match(text) is not None:
        if not fenced:
            _fence(b, text, line)
        return None, quoted, True
    if text.startswith(">"):
        return _unquoted(b, text, line, quoted), True, fenced
    chat = CHAT_PREFIX.match(text)
    if chat is not None:
        if not quoted:
            b.line_error(msg("syntax.chat_prefix", found=quote(text[:chat.end()].strip(), 48),
                             written=text[chat.end():].strip()), line, 1, text)
        if not text[chat.end():].strip(BLANKS):
            return None, True, fenced
        return " " * chat.end() + text[chat.end():], True, fenced
    return text, quoted, fenced


#: A trick line an e-mail client wrapped at 72 columns when it quoted it
#: (typed26): the line ends with a seat that wants its card, and the next
#: quoted line begins with that card (``> 6. … E`` then ``> 6♣ S 7♣``), or
#: with the next seat and its card (``> 6. … E 6♣`` then ``> S 7♣``).
_WRAP_END: Final = re.compile(r"[ \t]*[0-9]{1,2}[.)][ \t][^{}]*?(?:\{[^{}]*\}[^{}]*?)*[^\s{}]")
_WRAP_START: Final = re.compile(r"[ \t]*(?:[A-Za-z]{1,5}[ \t]+)?(?:10|[2-9AKQJTRDV])[♠♥♦♣♤♡♢♧SHDCshdc]"
                                r"\ufe0f?(?![^\s!?])")


def _rewrapped(text: str, after: str) -> str | None:
    """The unquoted trick line *text* with the end an e-mail's wrap put on
    the next line, *after* (still quoted), when *after* begins with a card,
    or a seat and its card: no line of the notation begins so, so the two
    halves are one trick's (no card guessed).  ``None`` else."""
    depth = _QUOTE.match(after)
    if depth is None or _WRAP_END.fullmatch(text) is None:
        return None
    rest = after[depth.end():]
    if _WRAP_START.match(rest) is None:
        return None
    return f"{text.rstrip()} {rest.strip()}"


def _fence(b: _GameBuilder, text: str, line: int) -> None:
    """Tell a Markdown code fence (```` ``` ````, ```` ```hrn ````, ``~~~``)
    around a record pasted from a chat or a README, once a game: the fence
    that closes it, after the ``result`` line, belongs to the same game
    (:data:`.cut.FENCE`), and the record between is read (english21)."""
    at = len(text) - len(text.lstrip(" \t")) + 1     # (an indented fence's column: typed22)
    b.line_error(msg("syntax.code_fence", found=quote(text.strip())), line, at, text)


def _unquoted(b: _GameBuilder, text: str, line: int, told: bool) -> str | None:
    """The line *text*, which begins with ``>``, without its e-mail quote
    (``> ``, ``>> ``: a record pasted from a reply), blanks in its place so
    that its columns stay the file's; ``None`` when nothing is left.  The
    quote is told once a game, at its first line (*told*: it was), with
    the line to write: each line read on is then told only what else is
    wrong with it (english21), not 40 times that it begins with ``>``."""
    depth = _QUOTE.match(text)
    cut = depth.end() if depth is not None else 1
    if not told:
        b.line_error(msg("syntax.email_quote", found=quote(text[:cut].strip()),
                         written=text[cut:].split("\n", 1)[0].strip()), line, 1, text)
    if not text[cut:].strip(BLANKS):
        return None
    return " " * cut + text[cut:]


#: The first characters of a line that may go on a hand copied one suit
#: per line (:func:`.words.suit_rows`): a suit's symbol, letter or name.
_ROW_FIRST: Final = frozenset("♠♥♦♣♤♡♢♧SHDCPTsphdct")


def _first(text: str) -> str:
    """The first character of *text* past its blanks ("" for none)."""
    c = text[:1]
    return text.lstrip(" \t")[:1] if c == " " or c == "\t" else c


#: What a row heading a deal's hands in four columns begins with (a seat's
#: letter or word: :func:`_told_grid`, one test a line), or a blank (a
#: spreadsheet's empty corner cell, a tab, before ``N<tab>E…``; typed30).
_GRID_FIRST: Final = "NESWOnesow"
_BLANK_FIRST: Final = " \t"


def _told_grid(b: _GameBuilder, text: str, rows: list[str], line: int) -> bool:
    """Whether *text* heads a deal's hands typed in four columns (the four
    seats) and the four *rows* after it hold them (:func:`.words.hand_grid`):
    told once, at the heading, with the first hand line to write, whose
    hand reads; the rows are then not read (typed22: they were told one by
    one, *a line cannot begin with a suit*, or as a spreadsheet's rows)."""
    hands = hand_grid(text, rows)
    if hands is None:
        return False
    try:
        read_line(hands[0], line)
    except (HrnSyntaxError, Mismatch):
        return False
    at = len(text) - len(text.lstrip(" \t")) + 1
    b.line_error(msg("syntax.hand_grid", found=quote(" ".join(text.split()), 40), written=hands[0]),
                 line, at, text)
    return True


def _may_go_on(text: str, after: str) -> bool:
    """Whether the line *after* may go on the hand of line *text*: it begins
    with a suit or with the same seat, and *text* may be a hand that a row
    goes on (a colon, no dot: a PBN hand is whole, a trick line has its
    number's dot; not a pass line).  A cheap look, in the compiled reader,
    before :func:`_suit_rows`: canonical text never gets past it."""
    start = _first(after)
    if start == "" or not (start in _ROW_FIRST or start == _first(text)):
        return False
    return ":" in text and "." not in text and text.lstrip(" \t")[:4].lower() != "pass"


#: The suit symbols a row told once a run begins with (:func:`_told_row`).
_ROW_SYMBOLS: Final = frozenset("♠♥♦♣♤♡♢♧")


def _told_row(text: str) -> bool:
    """Whether *text* is a row of a hand that begins with a suit, its symbol
    or its letter and a blank (:func:`.words.suit_row`): such rows in a run
    are told once.  (A row that begins with a suit's name is told line by
    line: a line that begins with a word is looked at no further here.)"""
    c = _first(text)
    if c in _ROW_SYMBOLS:
        return suit_row(text)
    if c == "S" or c == "H" or c == "D" or c == "C":
        after = text.lstrip(" \t")[1:2]
        return (after == " " or after == "\t") and suit_row(text)
    return False


def _trick_wrapped(b: _GameBuilder, text: str, after: str, line: int) -> str | None:
    """The trick of line *text* and of the line *after* it on one line, when
    a notebook's narrow page wrapped it (``2. O 4♠ N 6♠`` then ``E 9♠ S 7♠``,
    or a ``;`` remark ending the first part; typed30): *text* reads as a
    trick short of the table's seats, *after* begins with a seat of the game
    and has no number, and the two read together as one whole trick.  Read,
    not told: no other reading of the unnumbered plays is possible, and told
    they gave three findings (the trick short, the plays unnumbered, then a
    renege).  ``None`` otherwise (the lines are read one by one as before).
    A remark after ``;`` on the first part ends the joined line."""
    start = _first(after)
    if not start.isalpha() or b.seats is None:
        return None
    word = after.split(None, 1)[0]
    if b.known_seat(word) is None:
        return None
    note = _first_note(text)
    head, tail = (text[:note[0]].rstrip(), " " + text[note[0]:]) if note is not None else (text.rstrip(), "")
    joined = f"{head} {after.strip()}{tail}"
    try:
        first, both = read_line(text, line), read_line(joined, line)
    except (HrnSyntaxError, Mismatch):
        return None
    whole = len(b.seats)
    if len(first) == 1 and isinstance(first[0], TrickEl) and 0 < len(first[0].cards) < whole \
            and len(both) == 1 and isinstance(both[0], TrickEl) and len(both[0].cards) == whole:
        return joined
    return None


def _seat_alone_rows(b: _GameBuilder, text: str, rows: list[str], line: int) -> tuple[str, int] | None:
    """The hand of a seat's name alone on its line (``Nord``, no colon) and
    of the suit rows under it, as a paper sheet lays a hand out, on one line,
    and how many rows it took: read as ``Nord :`` and its rows are
    (:func:`_suit_rows`; typed29).  ``None`` when *text* is not a seat of the
    game alone or no suit row follows it.

    A player's name alone there (``Camille``, ``Maëlle``, ``Jean Paul``,
    typed30) is told once, as ``Camille :`` is (*write that player's seat,
    N*), and the rows are read as the hand of that seat: told a line at a
    time, one slip made two or five findings."""
    if ":" in text or b.seats is None or not rows or _first(rows[0]) not in _ROW_FIRST:
        return None
    name = text.strip(BLANKS)
    if b.known_seat(name) is not None:
        return _suit_rows(f"{text.rstrip()}:", rows, line)
    if not name[:1].isalpha():
        return None     # (a trick line over the deal's points line, ``13. E A♥ …``: no name)
    from ...players import loose_key

    owner = b.player_seats().get(loose_key(name))
    if owner is None:
        return None
    joined = _suit_rows(f"{owner}:", rows, line)
    if joined is not None:
        at = len(text) - len(text.lstrip(BLANKS)) + 1
        b.line_error(msg("syntax.seat_player", found=quote(name), seat=owner), line, at, text)
    return joined


def _suit_rows(text: str, rows: list[str], line: int) -> tuple[str, int] | None:
    """The hand of *text* and the *rows* after it on one line, as the
    notation writes it, and how many rows it took (:func:`.words.suit_rows`),
    when that line reads as one hand; ``None`` otherwise (the lines are
    then read one by one, and a run of rows that begin with a suit is told
    once, at its first line)."""
    joined = suit_rows(text, [r for r in rows if "\n" not in r])
    if joined is None:
        return None
    try:
        elements = read_line(joined[0], line)
    except (HrnSyntaxError, Mismatch):
        return None
    hand = elements[:1] and isinstance(elements[0], HandEl)
    return joined if hand and all(isinstance(el, CommentEl) for el in elements[1:]) else None


def _to_file_columns(el: Element, marks: MarkPlaces) -> None:
    """The positions of *el*, read from a line without its marks, as the
    columns of the file (:func:`.words.file_column`)."""
    el.col = file_column(marks, el.line, el.col)
    if isinstance(el, TagEl):
        el.value_col = file_column(marks, el.value_line, el.value_col)
        el.name_col = file_column(marks, el.name_line, el.name_col)
    elif isinstance(el, DealEl):
        el.dealer_col = file_column(marks, el.dealer_line, el.dealer_col)
    elif isinstance(el, PassEl):
        el.seat_col = file_column(marks, el.seat_line, el.seat_col)
        el.to_col = file_column(marks, el.to_line, el.to_col)
    elif isinstance(el, MoonEl):
        el.seat_col = file_column(marks, el.seat_line, el.seat_col)
    elif isinstance(el, TrickEl):
        el.seat_cols = [file_column(marks, ln, c) for ln, c in zip(el.seat_lines, el.seat_cols, strict=True)]
        card_lines = el.card_lines or [el.line] * len(el.card_cols)
        el.card_cols = [file_column(marks, ln, c) for ln, c in zip(card_lines, el.card_cols, strict=True)]
    elif isinstance(el, (PointsEl, ResultEl)):
        el.seat_cols = [file_column(marks, ln, c) for ln, c in zip(el.seat_lines, el.seat_cols, strict=True)]


#: A deal's points line's keyword (``marque``, ``score``) ...
_POINTS_HEAD: Final = re.compile(r"[ \t\f]*+(?:marque|score)(?=[ \t\f:])", re.IGNORECASE)
#: ... and the blanks before its running totals typed beside them (``marque N 3 …
#: total N 3 …``), from the first blank of the run only: linear (typed28).
_TOTAL_BESIDE: Final = re.compile(r"(?<![ \t\f])[ \t\f]++(?=(?:total|cumul)[ \t\f:])", re.IGNORECASE)


def _totals_beside(text: str, line: int, read: LineReader | None) -> list[Element] | None:
    """The points and the running totals of a line that holds both, the
    totals typed beside the deal's points as an evening's sheet keeps them in
    a column (``marque N 3 E 4 S 15 O 4    total N 3 E 4 S 15 O 4``; typed29):
    the two lines they are, each read in place (the totals' columns as in the
    file), or ``None`` when the line is not one."""
    if _POINTS_HEAD.match(text) is None:
        return None
    beside = _TOTAL_BESIDE.search(text)
    if beside is None:
        return None
    reader = read_line if read is None else read
    try:
        points = reader(text[:beside.start()], line)
        totals = reader(" " * beside.end() + text[beside.end():], line)
    except (HrnSyntaxError, Mismatch):
        return None
    first = points[0] if points else None
    ran = totals[0] if totals else None
    if not (isinstance(first, PointsEl) and first.kind == "score" and isinstance(ran, PointsEl)
            and ran.kind == "total"):
        return None
    return [*points, *totals]


def _said_header(b: _GameBuilder, text: str, line: int, read: LineReader | None) -> bool:
    """Whether a line that did not read is a deal header said as the deal is
    said (``Première donne passe gauche``, ``3e donne``, ``Dernière donne``):
    it is read as the header it says (:func:`.words.header_written`, the
    same columns), so a slip in the rest of the header is told where it is,
    with the header to write (``Première donne, Gwen distribue, …``: *comme
    dans « donne 1 donneur O passe à gauche »*), and the deal keeps its
    lines.  french12 told the head itself (*vouliez-vous dire « donne 1 »*),
    which says its number as plainly as ``donne 1`` (typed33)."""
    written = header_written(text, b.cur.number if b.cur is not None else 0)
    if written is None:
        return False
    _read_clean_line(b, written, line, read)
    return True


def _said_suits(b: _GameBuilder, text: str, line: int, read: LineReader | None) -> bool:
    """Whether a hand line that did not read says a suit by its name among
    suit symbols (``N: ♠ D 10 8 6  cœurs A 8  ♦ …``), and reads with each
    name written as its symbol (:func:`.words.hand_suits_written`, the same
    columns): it is then read so.  When it does not read so, it is told as
    typed, as before (typed33)."""
    written = hand_suits_written(text)
    if written is None:
        return False
    try:
        (read_line if read is None else read)(written, line)
    except (HrnSyntaxError, Mismatch):
        return False
    _read_clean_line(b, written, line, read)
    return True


def _told_whole(b: _GameBuilder, text: str, line: int, field: Msg | None) -> bool:
    """Whether a line that did not read is told as a whole: *field* (a
    header field on a line of its own, or a date there) at the line's first
    character, or digits typed on an AZERTY keyboard without shift at the
    first of them (french23).  The grammar's own error would name a token
    inside the line, where nothing is wrong but the line's form.  A game's
    heading without its number (``Partie``, ``Game :``) or a sentence that
    starts as a said header does
    (``Première donne de la soirée, …``; typed35) is told so, with the line
    in braces to write."""
    if field is None:
        said = " ".join(text.split())
        if bare_heading(text):
            field = msg("syntax.game_heading", found=quote(said), written=f"{{{said}}}")
        elif prose_header(text) and "{" not in text and "}" not in text:
            field = msg("syntax.deal_prose", found=quote(" ".join(said.split()[:3])), written=f"{{{said}}}")
    if field is not None:
        b.line_error(field, line, len(text) - len(text.lstrip(" \t\f")) + 1, text)
        return True
    azerty = _azerty_digits(text, line)
    if azerty is not None:
        b.line_error(azerty[0], line, azerty[1], text)
        return True
    return False


def _read_clean_line(b: _GameBuilder, text: str, line: int, read: LineReader | None) -> None:
    """:func:`_read_line_into` of a line without marks to drop."""
    try:
        elements = read_line(text, line) if read is None else read(text, line)
    except HrnSyntaxError as refused:
        if _said_header(b, text, line, read) or _said_suits(b, text, line, read):
            return
        # (a lone CR before the lexer's own check, as ``H:K\rS: S:K73``
        # giving ♠ twice: the line ends are the cause, as the grammar says)
        exc = lone_cr(text, line, refused.line, refused.column) or refused
        if _told_whole(b, text, line, _header_field_line(b, text, line)):
            return
        said, column = b.player_named(exc, text, line)
        b.line_error(said, exc.line, column, text)
        _bracket_slip(b, text, line, read)
        return
    except Mismatch:
        if _said_header(b, text, line, read) or _said_suits(b, text, line, read):
            return
        beside = _totals_beside(text, line, read)
        if beside is not None:
            if not b.skipping:
                b.feed(beside)
            return
        negative = _NEGATIVE_DEAL.match(text)
        if negative is not None:
            # ``deal -1`` is told as ``deal 0`` is (the number the grammar
            # reads, found at the header): deals are numbered from 1.
            b.line_error(msg("syntax.expected", what=msg("record.what.deal_number").arg(),
                             found=quote(negative.group(2))), line, negative.start(1) + 1, text)
            return
        field = _header_field_line(b, text, line)
        dated = _DATE_LINE.fullmatch(text) if field is None else None
        if dated is not None:
            # (``mardi 6 décembre 2026`` on a line of its own; french23)
            field = msg("syntax.date_line", found=quote(" ".join(text.split())), date=dated.group(1))
        tags = _table_round_tags(text) if field is None and dated is None else None
        if tags is not None:
            field = msg("syntax.table_round_line", found=quote(" ".join(text.split())), tags=tags)
        elif field is None and dated is None and game_heading(text):
            # (``Partie 2`` on a line of its own: the cutter began the game
            # here; the heading is told once, in braces to write; typed34)
            said = " ".join(text.split())
            field = msg("syntax.game_heading", found=quote(said), written=f"{{{said}}}")
        if _told_whole(b, text, line, field):
            return
        worded = _worded(text, line, b.seat_names_for_messages())
        said, column = b.player_named(worded, text, line)
        b.line_error(said, worded.line, column, text)
        _bracket_slip(b, text, line, read)
        return
    if ";" in text:
        if b.seats is not None:
            slip = _note_slip(b, text, elements)
            if slip is not None:
                b.line_error(msg("syntax.note_slip", rest=quote(slip[1])), line, slip[0] + 1, text)
                return
            between = _note_between(b, text, elements)
            if between is not None:
                b.line_error(msg("syntax.note_between", rest=quote(between[1]), written=between[2]),
                             line, between[0] + 1, text)
                return
        if len(elements) == 1 and isinstance(elements[0], DealEl):
            cut = _header_note_slip(elements[0], text)
            if cut is not None:
                # (the deal is opened as a header's error opens it, its lines its
                # own: ``line_error``; french19)
                b.line_error(msg("syntax.note_slip", rest=quote(cut[1])), line, cut[0] + 1, text)
                return
    if len(elements) == 1 and isinstance(elements[0], PointsEl) and "-" in text:
        dashed = _dashed_points(elements[0], text)
        if dashed is not None:
            b.line_error(dashed[0], line, dashed[1], text)
            return
    if b.skipping:
        if not any(isinstance(el, (DealEl, ResultEl)) for el in elements):
            return      # a lost deal's line: read for its own errors only
        b.skipping = False
    b.feed(elements)


#: A Markdown table's rule row (``|---|---|``, ``| :---: | --- |``): it only
#: underlines the table's heading.  Its runs are possessive (``*+``): two
#: runs of spaces side by side split a long line of spaces every way,
#: quadratic in it (typed28); a cell ends at its ``|``, so no run need give back.
_TABLE_RULE: Final = re.compile(r"[ \t]*+\|?(?:[ \t]*+:?-{3,}+:?[ \t]*+\|)++"
                                r"(?:[ \t]*+:?-{3,}+:?[ \t]*+)?[ \t]*+")


#: A deal header's field typed on a line of its own under the header, as a
#: form's field (``donneur : Est``, ``passe : à gauche``; french23).
_FIELD_LINE: Final = re.compile(
    r"[ \t\f]*(?P<kw>donneur|dealer|passe|pass)[ \t\f]*:?[ \t\f]*"
    r"(?P<value>[^\W\d_]+(?:[ \t\f]+[^\W\d_]+)?)[ \t\f]*\.?[ \t\f]*\Z", re.IGNORECASE)


def _header_field_line(b: _GameBuilder, text: str, line: int) -> Msg | None:
    """The message for a deal header's field typed on its own line right
    under the header (``donne 1`` then ``donneur : Est``, ``passe : à
    gauche``), as a form lists its fields: the header to write with the
    field in it, when that header reads.  The line is not read as the
    header's field: the dealer and the pass are the header's, and a line
    that begins with ``passe`` is a pass of cards (french23)."""
    cur = b.cur
    said = _FIELD_LINE.match(text)
    if said is None or cur is None or cur.hands or cur.passes or cur.tricks or cur.score is not None:
        return None
    kw = said.group("kw").lower()
    value = said.group("value")
    french = kw in ("donneur", "passe")
    told = cur.field_lines if cur.field_lines is not None else {}
    dealer = told.get("dealer", cur.dealer)
    written_way = WRITE_FR.get(cur.direction or "", cur.direction) if french else cur.direction
    direction = told.get("pass", written_way)
    if kw in ("donneur", "dealer"):
        dealer = value
    elif value.lower() in DIRECTIONS:
        direction = value
    else:
        return None
    fields = [("donne" if french else "deal"), str(cur.number)]
    if dealer:
        fields += ["donneur" if french else "dealer", dealer]
    if direction:
        fields += ["passe" if french else "pass", direction]
    written = " ".join(fields)
    try:
        read = read_line(written, line)
    except (HrnSyntaxError, Mismatch):
        return None
    if len(read) != 1 or not isinstance(read[0], DealEl):
        return None
    if dealer:
        told["dealer"] = dealer
    if direction:
        told["pass"] = direction
    cur.field_lines = told
    return msg("syntax.header_field_line", found=quote(" ".join(text.split())), written=written)


#: The digits 1 to 0 as a French AZERTY keyboard types them without its
#: shift key (``&é"'(-è_çà``), a number, a card's rank or a trick's number
#: made of them (``&(``, ``é♣``, ``"."``), with the suit or the dot after it
#: (french23: a record typed on a phone or a laptop whose caps lock was off).
#: The word's run is possessive (``++``) and its one non-digit looked for
#: ahead: written ``X*YX*``, a long run of ``(`` or ``"`` glued to a word
#: tried every split, quadratic in the run (typed28: 4 s for 8,000 ``(``);
#: a shorter run never matches where the whole one does not (the character
#: after it is one of the run's, neither a suit, a dot nor a space).
_AZERTY: Final = {"&": "1", "é": "2", '"': "3", "'": "4", "(": "5", "-": "6", "è": "7", "_": "8",
                  "ç": "9", "à": "0"}
_AZERTY_WORD: Final = re.compile(
    "(?<![^\\s])(?=[\\-0-9]*[&é\"'(è_çà])([&é\"'(\\-è_çà0-9]++)"
    "(?=[♠♥♦♣]\ufe0f?(?!\\S)|[.)]?(?!\\S))")


def _azerty_digits(text: str, line: int) -> tuple[Msg, int] | None:
    """The message for a line whose numbers were typed on a French AZERTY
    keyboard without its shift key (``marque N " E ' S &( O '``, ``&. N
    é♣ ...``): the line with the digits, told at the first such number, when
    that line reads (no comment, no note on the line: a quote or an
    apostrophe there is text).  Not read: ``'`` and ``"`` are a name's and a
    tag's characters, and ``-`` a minus (french23)."""
    if "{" in text or ";" in text or "[" in text:
        return None
    first = _AZERTY_WORD.search(text)
    if first is None:
        return None
    digits = _AZERTY_WORD.sub(lambda m: "".join(_AZERTY.get(c, c) for c in m.group(1)), text)
    written = " ".join(digits.split())
    try:
        read_line(written, line)
    except (HrnSyntaxError, Mismatch):
        return None
    return msg("syntax.azerty_digits", found=quote(first.group(1)), written=written), first.start(1) + 1


#: A date said in French on a line of its own, as a sheet heads its page
#: (``mardi 6 décembre 2026``, ``Le 1er décembre 2026.``; french23): the date
#: (group 1) is the ``Date`` tag's, kept as written (spec 2.2).
_DATE_LINE: Final = re.compile(
    r"[ \t\f]*+(?:le[ \t\f]+)?((?:(?:lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche)[ \t\f]+)?"
    r"(?:le[ \t\f]+)?(?:1er|[0-9]{1,2})[ \t\f]+(?:janvier|f[ée]vrier|mars|avril|mai|juin|juillet|ao[ûu]t"
    r"|septembre|octobre|novembre|d[ée]cembre)[ \t\f]+[0-9]{4})[ \t\f]*+\.?[ \t\f\r]*+", re.IGNORECASE)
#: A table's number and a round's on a line of their own, as a club's sheet
#: heads its page (``Table 3, tour 2``, ``Tour 2``, ``Table n° 3``, ``Round 2``;
#: typed27): the table's number (group 1), the round's word (2) and number (3).
#: Its runs of spaces are possessive (``*+``), as :data:`_DATE_LINE`'s: every
#: part being optional, five runs side by side split a line of spaces every
#: way before failing (typed28: over 20 s for 2,500 spaces after a game).
_TABLE_ROUND_LINE: Final = re.compile(
    r"[ \t\f]*+(?:table[ \t\f]*+(?:n[°º]|no\.?|#)?[ \t\f]*+([0-9]+))?"
    r"(?:[ \t\f]*+[,;/\u2013\u2014-]?[ \t\f]*+(tour|manche|round)"
    r"[ \t\f]*+(?:n[°º]|no\.?|#)?[ \t\f]*+([0-9]+))?"
    r"[ \t\f]*+\.?[ \t\f\r]*+", re.IGNORECASE)


def _table_round_tags(text: str) -> str | None:
    """The tags that say the table and the round a line such as ``Table 3,
    tour 2`` gives (``[Table "3"] [Manche "2"]``, the round's tag in the
    word's language), or ``None`` for any other line."""
    m = _TABLE_ROUND_LINE.fullmatch(text)
    if m is None or (m.group(1) is None and m.group(3) is None):
        return None
    tags = [f'[Table "{int(m.group(1))}"]'] if m.group(1) is not None else []
    if m.group(3) is not None:
        name = "Round" if m.group(2).casefold() == "round" else "Manche"
        tags.append(f'[{name} "{int(m.group(3))}"]')
    return " ".join(tags)


#: A moon line offered by a message, its seat (``capot E``, ``moon Tom``).
_MOON_OFFERED: Final = re.compile(r"(?:capot|moon) (\S+)")


#: The first words of a ``;`` note that go on a points line (``E 4``, ``E: 4``)
#: or a trick line (``E 3♣``, ``3♣``, ``E:3♣``, and as typed by hand ``E 3♣,``
#: ``O A♣.``), or a pass (a card).
_NOTE_POINTS: Final = re.compile(r"\s*([A-Za-z][A-Za-z0-9]*)\s*:?\s*[+-]?[0-9]+(?![\w.])")
_NOTE_PLAY: Final = re.compile(r"\s*(?:([A-Za-z][A-Za-z0-9]*)\s*:?\s*)?([^\s{};,]+?)\.?(?![^\s{};,])")
_NOTE_CARD: Final = re.compile(r"\s*([^\s{};,]+?)\.?(?![^\s{};,])")
#: The start of a hand's suit group (``♥ A 8``, ``♥A8``, ``H:A8``): what goes on a hand line.
_NOTE_SUIT: Final = re.compile("\\s*(?:[♠♥♦♣♤♡♢♧]\ufe0f?|[SHDCshdc]:)")


def _first_note(text: str) -> tuple[int, str] | None:
    """Where the first ``;`` note of the line *text* starts and the text
    after its ``;`` (what :func:`_note_slip` and :func:`_header_note_slip`
    read as the rest of a line cut short), or ``None`` for a line without
    a note (a ``;`` inside braces or a quoted tag is not one:
    :func:`~.note_scan.notes_of`)."""
    notes = notes_of(text)
    if not notes:
        return None
    semi = notes[0].start
    return semi, text[semi + 1:]


def _note_slip(b: _GameBuilder, text: str, elements: list[Element]) -> tuple[int, str] | None:
    """Where a ``;`` typed as a list's separator cut a points, trick or pass
    line short (``marque N 3 ; E 4 ; S 15 ; O 4``: the rest is a note, not
    read), and the note's text: the line names fewer seats than the table
    has (a pass fewer cards than the rules pass) and its note starts as the
    line would go on (a seat of the game and its points, a card).  ``None``
    for every other line: a note after a whole line, or one that says
    something else, is a note."""
    el = elements[0] if len(elements) == 1 else None
    if not isinstance(el, (PointsEl, TrickEl, PassEl, HandEl)) or "\n" in text:
        return None
    if isinstance(el, HandEl):
        # (``N: ♠ D 10 8 6 ; ♥ A 8 ; ...``: a list's separator between the
        # suit groups of a hand, the rest read as a note and the hand short)
        if el.cards is None or len(el.cards) >= b._ruleset_for_leads().hand_size:
            return None
    elif isinstance(el, PassEl):
        if len(el.cards) >= b._ruleset_for_leads().pass_count:
            return None
    elif (len(el.seats) if isinstance(el, PointsEl) else len(el.cards)) >= len(b.seats or ()):
        return None
    first = _first_note(text)
    if first is None:
        return None
    semi, rest = first
    if isinstance(el, HandEl):
        goes_on = _NOTE_SUIT.match(rest) is not None
    elif isinstance(el, PointsEl):
        m = _NOTE_POINTS.match(rest)
        goes_on = m is not None and b.known_seat(m.group(1)) is not None
    elif isinstance(el, PassEl):    # (``passe N : A♥ ; 9♣ ; R♦``: cards, no seat)
        m = _NOTE_CARD.match(rest)
        goes_on = m is not None and card_spelling(m.group(1)) is not None
    else:
        m = _NOTE_PLAY.match(rest)
        goes_on = m is not None and (m.group(1) is None or b.known_seat(m.group(1)) is not None) \
            and card_spelling(m.group(2)) is not None
    return (semi, rest.strip()) if goes_on else None



def _note_between(b: _GameBuilder, text: str, elements: list[Element]) -> tuple[int, str, str] | None:
    """Where a remark typed between a trick's cards and closed by a second
    ``;`` (``2. O 4♠ N 6♠ ; hésite ; E 9♠ S 7♠``, typed30) cut the trick
    short, what was not read and the line to write, the remark in braces.
    The ``;`` note runs to the end of the line, so the plays after the second
    ``;`` were lost and the trick was told short, then a renege for a card
    the seat had played (two findings for one slip).  Only a trick line that
    names fewer plays than the table has seats, whose note holds a second
    ``;`` followed by a play of a seat of the game (:func:`_note_slip`'s
    test, asked of the text after it); every other note stays a note."""
    el = elements[0] if len(elements) == 1 else None
    if not isinstance(el, TrickEl) or "\n" in text or len(el.cards) >= len(b.seats or ()):
        return None
    first = _first_note(text)
    if first is None:
        return None
    semi, rest = first
    close = rest.find(";")
    remark = rest[:close].strip()
    if close < 0 or not remark or "{" in remark or "}" in remark:
        return None
    after = rest[close + 1:]
    m = _NOTE_PLAY.match(after)
    if m is None or m.group(1) is None or b.known_seat(m.group(1)) is None \
            or card_spelling(m.group(2)) is None:
        return None
    written = f"{text[:semi].strip()} {{{remark}}} {' '.join(after.split())}"
    return semi, after.strip(), written


def _header_note_slip(el: DealEl, text: str) -> tuple[int, str] | None:
    """Where a ``;`` typed between a deal header's fields (``Donne 1 :
    donneur : Ouest ; passe à gauche``, a secretary's French typography)
    cut the header short, and the note's text: the header lacks the field the
    note begins with (``passe``/``pass`` and a direction, ``donneur``/``dealer``
    and a word).  The note was silently not read: the deal's pass came from
    the cycle, so a direction written there was never checked.  ``None`` for
    any other note, which stays a note.  Asked of every header that holds a
    ``;``: the header's fields and the words after the first ``;`` are looked
    at before the notes are found (a scan of the line)."""
    if el.direction is not None and el.dealer is not None:
        return None
    first = text.find(";")
    if first < 0 or _NOTE_HEADER.match(text, first + 1) is None:
        return None
    note = _first_note(text)
    if note is None:
        return None
    semi, rest = note
    m = _NOTE_HEADER.match(rest)
    if m is None:
        return None
    said = m.group(1).lower()
    if (said in ("passe", "pass") and el.direction is None) or (
            said in ("donneur", "dealer") and el.dealer is None):
        return semi, rest.strip()
    return None


#: The start of a ``;`` note that goes on a deal header: a field's keyword,
#: a colon perhaps, then a word (``passe à gauche``, ``donneur : Ouest``).
_NOTE_HEADER: Final = re.compile(r"[^\S\n]*(passe|pass|donneur|dealer)[^\S\n]*:?[^\S\n]*\w", re.IGNORECASE)

#: A tag line with one of its brackets left out: ``Rules "three-players"]``
#: (the ``[`` at the first sign), ``[Rules "three-players"`` (the ``]``).
_TAG_NO_OPEN = r'([ \t\f]*)([^\W\d_][^\s\[\]"]*[ \t\f]*"[^\n]*\][ \t\f]*)'
_TAG_NO_CLOSE = r'([ \t\f]*\[[^\W\d_][^\s\[\]"]*[ \t\f]*"[^\n\]]*")([ \t\f]*)'


def _bracket_slip(b: _GameBuilder, text: str, line: int, read: LineReader | None) -> None:
    """Read the tags of a tag line lost to a bracket left out (its one
    error is told already), when the line reads whole with that bracket put
    back: a ``Rules`` tag lost so gave the seats N E S W, and every ``P1``
    line of a three-player record was an unknown seat (one typo, one
    finding; the line is read by the lexer, as every line is).  Only before
    the first deal, where a tag stands."""
    if b.cur is not None or b.settled or b.halted or b.skipping or "\n" in text:
        return
    m = re.fullmatch(_TAG_NO_OPEN, text)
    if m is not None:
        fixed, at = m.group(1) + "[" + m.group(2), len(m.group(1))
    else:
        m = re.fullmatch(_TAG_NO_CLOSE, text)
        if m is None:
            return
        fixed, at = m.group(1) + "]" + m.group(2), len(text)
    try:
        elements = read_line(fixed, line) if read is None else read(fixed, line)
    except (HrnSyntaxError, Mismatch):
        return
    # (a name near a known tag but not one, ``ASouth "Priya"]``, is a bracket
    # typed as a letter, not left out: read, it would be a tag of its own and
    # a second finding)
    if elements and all(isinstance(el, TagEl) and misspelt_tag(el.name) is None for el in elements):
        # (the positions as typed: the bracket put back is taken out again)
        b.feed([TagEl(el.line, min(el.col, at + 1), el.name, el.value_line,
                      el.value_col - (1 if el.value_col > at else 0), el.value, el.name_line,
                      el.name_col - (1 if el.name_col > at else 0))
                for el in elements if isinstance(el, TagEl)])


#: A line that starts as a result line (ignoring case).  This pattern and
#: the next read a line that does not read, compiled then (start-up, issue 22).
_RESULT_WORD = r"[ \t\f]*(?:result|r[ée]sultat)(?![\w])"
#: The first two words of a line: a deal header's keyword (with at most one
#: stray sign inside it: ``d}al``, ``do*ne``) and number.
_HEAD_WORDS = (r"[ \t\f]*([^\W\d_]+(?:[^\s\w][^\W\d_]+)?)"
               rf"(?:[ \t\f]+(?:{TOKENS['NUMERO']}[ \t\f]*)?(\d+)(?!\w|\.\w))?")


#: The first two words of a line as a pass line has them: a keyword, then a
#: seat's word (``pass E:``, ``passe S>O:``), whatever stands between (a
#: no-break space, a stray ``:`` or ``.`` may be what lost the line).
_LOST_PASS = r"\s*([^\W\d_][^\W_]*)\w*[\W_]*([^\W_]\w*)?"

#: The verbs of a pass said by its receiver (``E reçoit de N :``; typed29) ...
_RECEIVED_WORDS: Final = frozenset(RECEIVED_VERBS)
#: ... and its giver, after ``de``/``from`` (runs of distinct classes side by side: linear).
_RECEIVED_FROM: Final = re.compile(r"\s*+\S+\s+\S+\s+(?:de|du|from|d['’])\s*([^\W\d_]\w*)", re.IGNORECASE)
#: A word of a line offered in a message (a player's name to make a seat).
_NAME_IN_LINE: Final = re.compile(r"[^\W\d_][\w'’-]*")
#: What a sheet writes on a moon line for a deal without one (typed22).
_NO_MOON: Final = frozenset(("none", "no", "nobody", "nil", "nope", "aucun", "aucune", "personne",
                             "non", "rien", "néant", "neant", "pas"))
#: A moon line that names no seat: its keyword, maybe a colon and a way
#: (``capot``, ``Capot :``, ``moon add``; french21).
_MOON_ALONE: Final = re.compile(r"[ \t]*(moon|capot|(?:grand[ \t]+)?chelem)[ \t]*(?::[ \t]*)?"
                                r"(?:(?:add|subtract|ajoute|retire)[ \t]*)?$", re.IGNORECASE)

#: A moon line that names its shooter after a preposition (``chelem d'Hervé``,
#: ``capot de Anne``, ``grand chelem pour Yves``, ``moon by Tom``; french24).
_MOON_OF_NAME: Final = re.compile(
    r"[ \t]*(?:(?P<kw>moon|capot|(?:grand[ \t]+)?chelem)[ \t]*:?[ \t]*"
    r"(?:d['\u2019][ \t]*|(?:de|du|par|pour|by|for|of)[ \t]+)"
    # (english24: a player's slang for the moon, ``STM: Bob``, ``moonshot by Bob``)
    r"|(?P<slang>stm|moon[ \t]*-?[ \t]*shot|shot[ \t]+the[ \t]+moon)[ \t]*[-:\u2013\u2014]?[ \t]*"
    r"(?:(?:by|for)[ \t]+)?)(?P<name>[^\W\d_][\w'\u2019-]*)"
    r"[ \t]*[!.]*[ \t]*(?P<remark>\{[^}]*\})?[ \t]*$", re.IGNORECASE)
#: A name and its points on a sheet's line typed without a keyword
#: (``Anne 13,``, ``Hervé : 0``), and a line of them (french21).
#: (A name's hyphen is followed by a letter and the blanks are parted by the
#: signs, so that a line of them is matched one way: no backtracking blow-up.)
_NAME: Final = r"[^\W\d_][^\s\d:=,;-]*(?:-[^\W\d_][^\s\d:=,;-]*)*"
#: (``Bob +26``: a plus sign before the points, as an online game's log writes
#: them; english24) (``Anne 3 pts,``: the points' unit after them, a word
#: that ends there, so ``pts`` before more letters stays a name; typed30)
_POINTS_AFTER: Final = (r"[ \t]*(?:[:=][ \t]*)?([-+]?[0-9]{1,4})[ \t]*"
                        r"(?:(?:pts?|points?)\.?(?![^\W\d_])[ \t]*)?(?:[,;][ \t]*)?")
_NAMED_PAIR: Final = re.compile(f"({_NAME}){_POINTS_AFTER}")
_NAMED_PAIRS: Final = re.compile(rf"[ \t]*(?:{_NAME}{_POINTS_AFTER})+\.?")

#: A line offered whose words stand for seats: a pass, trick, points or moon line.
_SEATED_LINE: Final = re.compile(r"(?:pass|passe|score|marque|total|moon|capot|[0-9]+\.)(?!\w)",
                                 re.IGNORECASE)
#: The dealer in a header offered (``donneur Gwen``): the keyword, then the word
#: that names the dealer (typed32).
_DEALER_NAMED: Final = re.compile(r"((?:donneur|dealer)[ \t]+)([^\W\d_][\w'’-]*)", re.IGNORECASE)
#: A remark in braces, kept as written (a split keeps it as one part).
_BRACED: Final = re.compile(r"(\{[^{}]*\})")


def _one_digit_out(word: str) -> list[str]:
    """*word*, then *word* with each of its digits left out, one at a time
    (``pa8s`` -> ``pa8s``, ``pas``; ``pass9P2`` -> ``pass9P2``, ``passP2``,
    ``pass9P``): a digit typed inside or glued to a keyword is a slip of one
    key, which the keyword guesses must see through as they see through a
    letter's (docs/decisions.md, helper reader5)."""
    return [word] + [word[:i] + word[i + 1:] for i, c in enumerate(word) if c.isdigit()]


#: A deal header whose number is negative (``deal -1``, ``donne n° -5``):
#: its header keyword (group 1) and the number (group 2).
_NEGATIVE_DEAL: Final = re.compile(rf"[ \t\f]*({TOKENS['DEAL']})[ \t\f]+(?:{TOKENS['NUMERO']}[ \t\f]*)?"
                                   r"(-[0-9]+)(?![^\s{;])")


def seat_map(seats: tuple[str, ...]) -> dict[str, str]:
    """Each word that names a seat of a table of *seats* -> that seat: each
    seat as written, and in lower case when no other seat folds to it; West's
    ``O`` at the default seats (a French sheet writes West so: it can mean
    nothing else there, never a guess); the compass words (``Sud``,
    ``ouest``, ``North``, looked up in lower case); and at a table whose
    Seats tag names the compass seats in full (``[Places "Nord Est Sud
    Ouest"]``) their letters (``N: ...`` is Nord's hand, ``O`` or ``W``
    Ouest), as a word names a letter's seat at the default table."""
    found = {s: s for s in seats}
    folded: dict[str, list[str]] = {}
    for s in seats:
        folded.setdefault(s.lower(), []).append(s)
    for key, names in folded.items():
        if len(names) == 1 and key not in found:
            found[key] = names[0]
    if seats == ENGLISH_SEATS:
        found[FRENCH_WEST] = found[FRENCH_WEST.lower()] = "W"
    for word, name in seat_words(seats).items():
        found.setdefault(word, name)
    for letter, name in compass_letters(seats).items():
        found.setdefault(letter, name)
    return found


#: The slips a typist makes on every line of a kind, told once a deal
#: (:meth:`_GameBuilder.line_error`): a trick numbered otherwise than ``1.``,
#: the ten typed ``X`` or ``1O``, ``=`` between a seat and its points.
_HABITS: Final = frozenset(("syntax.trick_dot", "syntax.trick_dot_line", "syntax.ten_x", "syntax.ten_o",
                            "syntax.points_equals"))
#: A deal header whose keyword is written whole and whose number does not read
#: (``donne &``, ``Donne : un``, ``deal #``).
_HEAD_NO_NUMBER: Final = re.compile(r"[ \t]*(?:donne|deal)(?![\w])(?![ \t]*[0-9])", re.IGNORECASE)
#: A deal header with no number at all, or a number's sign and no number
#: (``deal # dealer W``, ``donne n° passe droite``, ``Donne : passe gauche``,
#: ``donne no.``): the keyword, the sign (if any) and the rest of the line.
_HEAD_UNNUMBERED: Final = re.compile(
    r"([ \t]*(?:donne|deal))[ \t]*:?[ \t]*(#|n[°º]|no\.?(?=[ \t]|\Z)|num(?:[ée]ro)?\.?(?=[ \t]|\Z))?"
    r"[ \t]*(?=(?:dealer|donneur|pass|passe)\b|\Z)", re.IGNORECASE)


def unnumbered_header(text: str, number: int) -> tuple[Msg, int, DealEl] | None:
    """The message for a deal header that says no number (``deal #``,
    ``donne n°``, ``donne passe droite``) and its column: the header with
    *number* (the one after the deal before) in place, when that line reads
    (typed25).  The deal is kept under that number (one slip, one finding:
    its hands, tricks and points are read), as ``donne &`` keeps the number
    its message offers (french24), with the dealer and the pass direction
    of the line offered; ``None`` when the line is not such a header or the
    line offered would not read."""
    m = _HEAD_UNNUMBERED.match(text)
    if m is None:
        return None
    rest = text[m.end():].strip()
    if not rest and not m.group(2):
        return None     # (``deal`` alone says nothing of a header but its word: as before)
    written = " ".join(part for part in (m.group(1).strip(), str(number), rest) if part)
    try:
        heads = [el for el in read_line(written, 1) if isinstance(el, DealEl)]
    except (HrnSyntaxError, Mismatch):     # (``deal pass N: …``: not a header either)
        return None
    if len(heads) != 1:
        return None
    sign = m.group(2)
    column = (m.start(2) if sign else len(text) - len(text.lstrip(" \t"))) + 1
    found = quote(sign) if sign else quote(m.group(1).strip())
    return msg("syntax.deal_unnumbered", found=found, written=written), column, heads[0]


def _offered_number(message: str | Msg) -> int:
    """The deal number a header's message offers in its place (``donne &``:
    *écrivez « donne 1 »*; ``donne deux``: *vouliez-vous dire « 2 »*), or -1
    when it offers none."""
    args = dict(message.args) if isinstance(message, Msg) else {}
    written, word = args.get("written"), args.get("word")
    offered = re.match(r"[ \t]*(?:donne|deal)[ \t]+([0-9]+)(?![0-9])", written, re.IGNORECASE) \
        if isinstance(written, str) else None
    if offered is not None:
        number = offered.group(1)
    elif isinstance(word, str) and word.isdigit():
        number = word
    else:
        return -1
    return int(number) if len(number) <= current_limits().digits else -1


def _header_offered(message: str | Msg) -> DealEl | None:
    """The deal header a header's message offers in its place (``donne &``:
    *écrivez « donne 1 donneur O passe gauche »*), read: its dealer and pass
    are the deal's (typed25; french24 kept the number alone)."""
    written = dict(message.args).get("written") if isinstance(message, Msg) else None
    if not isinstance(written, str):
        return None
    try:
        heads = [el for el in read_line(written, 1) if isinstance(el, DealEl)]
    except (HrnSyntaxError, Mismatch):     # (``deal pass N: …``: not a header either)
        return None
    return heads[0] if len(heads) == 1 else None


def _header_number(text: str) -> int | None:
    """Whether a line that does not read is a deal header: ``None`` if not;
    else the deal's number, or -1 when it does not show.  A line is a header
    when it starts with ``deal``/``donne``, or with a word that is one of
    them mistyped (``donn``, ``dael``, ``d}al``) followed by a number: a
    header lost with its number would give its lines to the deal before
    (every hand "a second hand line")."""
    bullet = list_bullet(text)
    if bullet is not None:  # (``• donne 1 ...``: the header behind a list's bullet)
        return _header_number(bullet[2])
    if text.lstrip(" \t\f").startswith(("**", "__")):
        # (``**deal 1** dealer W``: a header in Markdown's bold keeps its deal; english24)
        return _header_number(strip_bold(text))
    said = header_ordinal(text)
    if said is not None:    # ``1re donne``, ``Deuxième donne``: the header written as said
        return int(said) if len(said) <= current_limits().digits else -1
    m = re.match(_HEAD_WORDS, text)
    if m is None:
        return None
    word = re.sub(r"\W", "", m.group(1)).lower()
    digits = m.group(2)
    # (a number over the digits limit is the line's error already: not read here)
    number = int(digits) if digits and len(digits) <= current_limits().digits else -1
    if word in ("deal", "donne"):
        return number
    if word in ("hand", "board") and digits:
        # (``Hand 3 (dealer South, pass across)``: the deal named as a club names
        # it, told by the line's message; its lines stay in that deal, english12)
        return number
    if number < 0 or word in KEYWORDS:
        return None
    return number if closest_keyword(word, ("deal", "donne")) else None


def _player_tag_seats(seats: tuple[str, ...]) -> dict[str, str]:
    """The tag that names each seat's player: ``North``... with four seats,
    ``P1``... otherwise (docs/spec.md, the player tags)."""
    if len(seats) == 4:
        return dict(zip(PLAYER_TAGS_4, seats, strict=True))
    return {f"P{i + 1}": s for i, s in enumerate(seats)}


def _worded(text: str, line: int, seats: tuple[str, ...]) -> HrnSyntaxError:
    """The grammar's words for a line the lexer refused (Lark is loaded
    only when a line needs it).  A line the grammar reads but the lexer
    refused is a bug of the lexer: an internal error, never a guess."""
    from .lark_reader import explain_line

    exc = explain_line(text, line, seats)
    if exc is None:
        raise AssertionError(f"the HRN lexer refused line {line}, which the grammar reads: {text!r}")
    return exc


# 3. Assembly ----------------------------------------------------------------------------


def _other_format_hint(message: str | Msg, head: str) -> str | Msg:
    """*message*, the first syntax error of an input's first game, with the
    hint to read the input as the format its first lines look like
    (:func:`~hearts_notation.io.sniff.looks_like`; ``--from json``), if
    any: JSON in a ``.txt`` file, or on standard input where its first
    bytes could also have been HRN, gave an error a line and no word on
    why."""
    from ..sniff import looks_like

    if isinstance(message, Msg) and message.key == "syntax.chat_prefix":
        return message      # (the chat's ``[06/12/2026 21:04]`` is no other format's: typed22)
    name = looks_like(head)
    if name is None:
        return message
    said = message.arg() if isinstance(message, Msg) else message
    return msg("syntax.other_format", message=said, format=name)


class _Stop(Exception):
    """Raised inside the builder after an error has been recorded."""


def _load_default_rules(spec: RuleSet | str) -> RuleSet | None:
    """The rules of ``--rules``, for games without a ``Rules`` tag: a rule
    set as given, a string (preset, overrides or YAML file) read once;
    ``None`` when the string names no rules (the referee says so)."""
    if isinstance(spec, RuleSet):
        return spec
    return _load_rules_text(spec)


@functools.lru_cache(maxsize=32)
def _load_rules_text(spec: str) -> RuleSet | None:
    try:
        return load_rules(spec)
    except RuleError:
        return None


def _pass_offset(rules: RuleSet, number: int, recorded: str | None, n: int) -> int | None:
    """Seats from giver to receiver in deal *number* recorded as passing
    *recorded* (or nothing), with *n* seats, as the referee applies the
    pass: :func:`~hearts_notation.state.deal_pass`'s, the direction's
    arithmetic taken under the rules adapted to the seats (``None`` for a
    direction that is not one)."""
    direction, offset = deal_pass(rules, number, recorded)
    if not offset or rules.players == n or direction is None:
        return offset
    try:
        rules = with_players(rules, n)
    except RuleError:
        pass
    return rules.pass_offset(direction) % n if n else None


class _DealBuilder:
    """A deal being read: raw facts, checked as they come."""

    __slots__ = ("col", "comments", "dealer", "direction", "field_lines", "hand_pos", "hands", "implied",
                 "line", "lost_line", "lost_passes", "moon",
                 "number", "pass_pos", "passes", "quiet_loss", "score", "score_pos", "total", "total_pos",
                 "tricks", "unfinished", "unfinished_pos")

    def __init__(self, number: int, dealer: str | None, direction: str | None, line: int,
                 col: int) -> None:
        self.number = number
        self.dealer = dealer
        self.direction = direction
        self.line = line
        self.col = col
        self.hands: dict[str, Any] = {}
        self.hand_pos: dict[str, tuple[int, int]] = {}
        self.passes: dict[str, tuple[Any, ...]] = {}
        self.pass_pos: dict[str, tuple[int, int]] = {}
        self.tricks: list[tuple[TrickEl, bool]] = []
        self.score: dict[str, int] | None = None
        self.score_pos: tuple[int, int] | None = None
        self.total: dict[str, int] | None = None
        self.total_pos: tuple[int, int] | None = None
        self.moon: tuple[str, str, int, int] | None = None
        self.unfinished = False
        self.comments: list[str] = []
        self.unfinished_pos = (0, 0)
        #: a trick leaves a seat to the reader (see :meth:`_GameBuilder._close_deal`)
        self.implied = False
        #: a line of the deal did not read, told or not (see the module's
        #: docstring); not :attr:`hearts_notation.model.Deal.damaged`, which
        #: is :attr:`quiet_loss`
        self.lost_line = False
        #: ... one of them without a finding of its own (told once before)
        self.quiet_loss = False
        #: the seats of its pass lines that did not read (``None``: the seat
        #: did not read either; :attr:`hearts_notation.model.Deal.lost_passes`)
        self.lost_passes: list[str | None] = []
        #: the header's fields typed on lines of their own under it, as told
        #: (``donneur : Ouest``; :func:`_header_field_line`, french23)
        self.field_lines: dict[str, str] | None = None


class _GameBuilder:
    """Turns the elements of one game's lines into a :class:`Game`."""

    def __init__(self, visitor: Visitor[Any], source: str, index: int | None,
                 default_rules: RuleSet | str | None, follows: bool = False) -> None:
        self.visitor = visitor
        #: another game of the same input comes before this one (the cutter says)
        self.follows = follows
        self.source = source
        self.index = index
        self.default_rules = default_rules
        # (name, value, the value's line and column, the name's line and column)
        self.tag_list: list[tuple[str, str, int, int, int, int]] = []
        self.tag_at: dict[str, tuple[int, int]] = {}
        self.seats: tuple[str, ...] | None = None
        self.seat_map: dict[str, str] = {}
        self.exact_seats: frozenset[str] = frozenset()
        self.settled = False
        self.tags: dict[str, str] = {}
        self.players: dict[str, str] = {}
        self.rules: str | None = None
        self.seats_tag: tuple[str, ...] | None = None
        self._ruleset: RuleSet | None = None
        self.game_comments: list[str] = []
        self.cur: _DealBuilder | None = None
        self.result: Any = None
        self.result_pos: tuple[int, int] | None = None
        self.errors: list[Finding] = []
        #: the reader's warnings (:attr:`hearts_notation.model.Game.notices`)
        self.notices: list[Finding] = []
        self.failed = False
        #: the rest of the game cannot be read (no usable seats)
        self.halted = False
        #: a deal header whose number did not read: its lines are not kept
        self.skipping = False
        #: line-level errors already told once (no line before a deal header...)
        self.told: set[str] = set()
        #: The line of the last spreadsheet heading told (``| N | E | S | W |``):
        #: a Markdown table's rule row right under it is part of it (english24).
        self.heading_line = 0
        #: The number of the last deal opened (0 before any): a header that
        #: says no number opens the deal after it (typed25).
        self.last_number = 0
        self.pos: Pos | None = None
        #: the game's text (or its logical lines, joined when an error asks:
        #: :meth:`game_text`): the first error of an input's first game says
        #: so when it looks like another format
        self.head = ""
        self.head_lines: list[LogicalLine] = []
        #: where the line being read had marks dropped (:func:`.words.drop_marks`):
        #: its errors' columns are put back to the file's (``None``: no mark)
        self.marks: MarkPlaces | None = None

    def game_text(self) -> str:
        """The game's text, for the messages that look at it whole (another
        format's look, the sheet's language): a game read line by line gave
        it as it came; one read from its logical lines has them joined here,
        on the first error that asks, not for every game read."""
        if not self.head and self.head_lines:
            self.head = "\n".join(ll.text for ll in self.head_lines)
        return self.head

    # errors

    def error(self, message: str | Msg, line: int, column: int, trick: int | None = None,
              seat: str | None = None) -> None:
        """Record a syntax error (the deal being read has then lost a line)."""
        if self.marks is not None:
            column = file_column(self.marks, line, column)
        deal = None
        if self.cur is not None:
            deal = self.cur.number
            self.cur.lost_line = True
        if not self.errors and self.index == 1:
            head = self.game_text()
            if head:
                message = _other_format_hint(message, head)
        key, args = (message.key, message.args) if isinstance(message, Msg) else ("", ())
        text = message.text() if isinstance(message, Msg) else message
        self.errors.append(Finding(code="syntax-error", severity="error", message=text, deal=deal,
                                   trick=trick, seat=seat, line=line, column=column,
                                   key=key, args=args))
        self.failed = True

    def swallowed(self, line: int, column: int, held: int) -> None:
        """A brace comment opened at *line*:*column* holds line *held*,
        which reads as a line of the record: a warning (spec.md, 2.1)."""
        m = msg("finding.unclosed-comment", held=held)
        self.notices.append(Finding(code="unclosed-comment", severity="warning", message=m.text(),
                                    deal=self.cur.number if self.cur is not None else None,
                                    line=line, column=column, key=m.key, args=m.args))

    def fail(self, message: str | Msg, line: int, column: int, trick: int | None = None) -> _Stop:
        self.error(message, line, column, trick)
        return _Stop()

    def line_error(self, message: str | Msg, line: int, column: int, text: str) -> None:
        """A logical line that does not read: report it and go on.  A deal
        header (or a line that is one mistyped: ``donn 2``) closes the deal
        before it and opens a deal of its number that has lost a line, or loses its deal
        when no deal number (1 or more) shows."""
        if isinstance(message, Msg) and message.key in _HABITS and self.cur is not None:
            # (``Pli 1 :``, ``1-`` on every trick line, ``X`` for every ten,
            # ``N=3`` on every points line: a habit of the typist, told at the
            # deal's first such line and its other lines lost quietly, as an
            # unknown seat is: one cause, one finding; french24.  A deal's own,
            # for the editor that reads a deal again alone.)
            # (a trick numbered otherwise, with or without the line to write: one habit)
            habit = "syntax.trick_dot" if message.key == "syntax.trick_dot_line" else message.key
            told = f"{habit}:{self.cur.line}"
            if told in self.told:
                self.cur.lost_line = self.cur.quiet_loss = True
                return
            self.told.add(told)
        if isinstance(message, Msg) and message.key == "syntax.sheet_heading":
            self.heading_line = line
        elif isinstance(message, Msg) and message.key == "syntax.trick_heading" and self.cur is not None:
            # (the rows under a table of tricks' heading, ``1<tab>2♣<tab>3♣…``, are
            # each a trick without its dot: the heading's one cause, told there,
            # so the habit counts as told and the rows are lost quietly; typed30)
            self.heading_line = line
            self.told.add(f"syntax.trick_dot:{self.cur.line}")
        elif self.heading_line and self.heading_line == line - 1 and _TABLE_RULE.fullmatch(text):
            # (``|---|---|---|---|`` under a Markdown table's heading, a forum's
            # score table: the heading's own line, told with it; english24)
            self.heading_line = line
            return
        alone = _MOON_ALONE.match(text) if self.cur is not None else None
        if alone is not None:
            # (« capot » alone after the deal's points: they say who shot)
            message = self._moon_seat_offer(" ".join(alone.group(1).split()), message)
        head = _header_number(text)
        if head == -1 and isinstance(message, Msg) and message.key == "syntax.redeal":
            head = None     # (``donne annulée`` under its header: a remark, the deal goes on)
        if head is None or self.halted:
            if not self.halted and re.match(_RESULT_WORD, text, re.IGNORECASE):
                # A result line ends the deals, read or not (the last deal
                # is whole: the error is not in it).
                try:
                    self._settle()
                except _Stop:
                    pass
                self._close_deal()
            elif self.cur is not None and not self.halted and not self.skipping:
                self._lost_pass_line(text)
            self.error(message, line, column)
            return
        if not self.halted:
            try:
                self._settle()
            except _Stop:
                pass    # (halted: the seats are not usable)
            self._close_deal()
        offered: DealEl | None = None
        if head == -1 and _HEAD_NO_NUMBER.match(text) is not None:
            # (``donne &``, ``donne deux``: a header whose number does not read
            # is the deal of the number its message offers, so that its hands,
            # tricks and points are read and the one slip told once; french24.
            # The line's own: the editor reads a deal again alone and must find
            # what the whole game's read finds.)
            head = _offered_number(message)
            offered = _header_offered(message) if head >= 1 else None
            unnumbered = unnumbered_header(text, self.last_number + 1) if head == -1 else None
            if unnumbered is not None:
                # (``deal #``, ``donne n°``: the deal after the one before, told
                # once with the line to write; typed25.  The editor reads such a
                # game whole: the number is the deals' before, not the line's.)
                message, column, offered = unnumbered
                head = self.last_number + 1
        if head >= 1 and self.result_pos is None and not self.halted:
            at = 1 + len(text) - len(text.lstrip())
            self.cur = _DealBuilder(head, None, None, line,
                                    at if self.marks is None else file_column(self.marks, line, at))
            if offered is not None:
                # (the header offered says the dealer and the pass: the deal's,
                # a dealer that is no seat of the game left out quietly)
                self.cur.direction = offered.direction
                self.cur.dealer = None if offered.dealer is None else self.known_seat(offered.dealer)
            self.skipping = False
        else:
            self.skipping = True
        self.error(message, line, column)

    def _lost_pass_line(self, text: str) -> None:
        """Note on the deal a pass line that does not read (``pas E: KS QH
        JH``, ``passe E: V♥ R♣ X♦``, ``pas. E:``, ``pass :E``), so that its
        seat's pass is not also reported missing: one typo, one finding.  A
        line is a pass line when its first word is ``pass``/``passe``, one of
        them mistyped, or one of them glued to a seat (``passW``); the seat is
        the word after it, resolved as the game names it, quietly (``None``
        when it is not one of the game's)."""
        m = re.match(_LOST_PASS, text)
        if m is None:
            return
        word, name = m.group(1), m.group(2) or ""
        assert self.cur is not None
        if name.lower() in ("pass", "passe", "passes", "passed", "donne", "gives", "gave"):
            # (``Marie passe A♥ 9♣ R♦ à Paul``, ``Nord passe ...``: the giver
            # said first, by seat or player's name; french19; in English,
            # ``East passes K♠ Q♥ J♥ to South``, english21; ``E passed ... to the
            # left``, english24; ``N donne à gauche : ...``, typed27; ``N gives KH
            # AH TH to E``, typed30)
            from ...players import loose_key

            giver = self.known_seat(word) or self.player_seats().get(loose_key(word))
            if giver is not None:
                self.cur.lost_passes.append(giver)
                return
        if name.lower() in _RECEIVED_WORDS:
            # (``E reçoit de N : A♥ 9♣ R♦``, ``S receives from E: ...``: the pass
            # noted by its receiver, the giver named after ``de``/``from``; typed29)
            by = _RECEIVED_FROM.match(text)
            giver = self.known_seat(by.group(1)) if by is not None else None
            if giver is not None:
                self.cur.lost_passes.append(giver)
                return
        seat = self.known_seat(name)
        low = word.lower()
        if low in ("pass", "passe"):
            self.cur.lost_passes.append(seat)
            return
        if low in KEYWORDS:
            return
        glued = self._glued_pass_seat(word) if seat is None else None
        if glued is not None:
            self.cur.lost_passes.append(glued)
            return
        # (a digit in it is a slip, as a letter is: ``pa8s``, ``passe8``)
        if any(closest_keyword(w.lower(), ("pass", "passe")) for w in _one_digit_out(word)):
            self.cur.lost_passes.append(seat)

    def _glued_pass_seat(self, word: str) -> str | None:
        """The seat of ``passW``/``passeN`` (a pass keyword and a seat with no
        space between, a digit typed in it or not: ``pass9E``), or ``None``
        when *word* is not one."""
        glued = self._glued_pass(word)
        return glued[0] if glued is not None else None

    def _glued_pass(self, word: str) -> tuple[str, str] | None:
        """The seat of ``passW``/``pass9E`` and the words meant, as typed
        (``pass W``, ``pass E``), or ``None``."""
        for typed in _one_digit_out(word):
            low = typed.lower()
            for key in ("passe", "pass"):
                rest = typed[len(key):]
                if low.startswith(key) and rest:
                    seat = self.known_seat(rest)
                    if seat is not None:
                        return seat, f"{typed[:len(key)]} {rest}"
        return None

    # seats

    def player_seats(self) -> dict[str, str]:
        """Each player's name, folded as names are compared loosely
        (:func:`hearts_notation.players.loose_key`), and the seat it
        plays: a hand-typed sheet often names a player where the notation
        wants the seat (``marque Anne 3 …``), and the message then says
        which seat to write.  Read from the tags as they stand, so that it
        serves before the deals' tags are judged too."""
        from ...players import loose_key

        names = self.seat_names_for_messages()
        tags = _player_tag_seats(names)
        if names == ENGLISH_SEATS and "West" in tags and text_language(self.game_text()) == "fr":
            # (a French sheet writes West O, which the default seats take:
            # the seat to write is the one the sheet writes)
            tags["West"] = FRENCH_WEST
        found: dict[str, str] = {}
        for value, seat in self.player_names(tags):
            found.setdefault(loose_key(value), seat)
        return found

    def player_names(self, tags: dict[str, str] | None = None) -> list[tuple[str, str]]:
        """Each player's name as its tag writes it and the seat it plays
        (*tags*: each seat tag's seat, as :meth:`player_seats` makes them)."""
        if tags is None:
            tags = _player_tag_seats(self.seat_names_for_messages())
        return [(value.strip(), tags[name]) for name, value, *_ in self.tag_list
                if name in tags and value.strip()]

    def player_initial(self, letter: str) -> tuple[str, str] | None:
        """The one player whose name begins with *letter* (``D`` for Dev),
        and that player's seat, or ``None`` (no such player, or two): a
        scorer who knows the table writes the players' initials where the
        notation wants the seats (english24)."""
        if len(letter) != 1 or not letter.isalpha():
            return None
        found = {(name, seat) for name, seat in self.player_names()
                 if name[:1].casefold() == letter.casefold()}
        return found.pop() if len(found) == 1 else None

    def player_named(self, exc: HrnSyntaxError, text: str, line: int) -> tuple[str | Msg, int]:
        """The message of a line that does not read, and its column, saying
        which seat to write when the accented word refused where a seat
        stands is a player's name (``marque N 3 E 4 Chloé 15 O 4``).  The
        word is read back from the line at the error's position, so that the
        lexer's and the grammar's errors are answered alike.  When the line
        names a player before it in a name the grammar took for a seat
        (``marque Camille 3 Yann 4 Maëlle 15``), the message is about that
        first name, at its column: the sheet named players all along the
        line, and the first slip is the one to tell."""
        message: str | Msg = exc.msg or exc.message
        named = self._named_points(text.split("\n", 1)[0], line) or self._moon_of_name(exc, text)
        if named is not None:
            return named
        if exc.msg is not None and exc.msg.key == "syntax.moon_said_no_seat":
            # (``il a tout pris``, ``he took everything``: the seat from the
            # deal's tricks or points line when they say a moon; typed26)
            keyword = str(dict(exc.msg.args).get("keyword", "moon"))
            return self._moon_seat_offer(keyword, exc.msg), exc.column
        if exc.msg is not None and exc.msg.key == "syntax.points_unit":
            # (``marque Anne 3 pts, Hervé 4 pts, …``: the points line offered with
            # the players' seats, not their names, which would be told next; typed30)
            return self._names_to_seats(exc.msg), exc.column
        if exc.msg is not None and exc.msg.key == "syntax.header_fields":
            # (``Donne 1, Gwen distribue, on passe à gauche``: the header offered with
            # the dealer's seat, not the player's name, which would be told next; typed32)
            return self._dealer_to_seat(exc.msg), exc.column
        if exc.msg is not None and exc.msg.key == "syntax.written_as":
            # (``Donne 1 : Gwen distribue``: a header offered with the dealer by name,
            # made the dealer's seat as with commas; typed33)
            made = self._record_keywords(self._dealer_to_seat(self._names_to_seats(exc.msg)))
            moon = _MOON_OFFERED.fullmatch(str(dict(made.args).get("written", "")))
            error = Msg.of(dict(made.args).get("error", ""))
            if moon is not None and self.known_seat(moon.group(1)) is None and error is not None:
                # (``Yann a fait la lune`` with no player named Yann: ``capot Yann``
                # would not read; the grammar's message alone; french23)
                return error, exc.column
            return made, exc.column
        if exc.msg is None or exc.msg.key != "syntax.seat_ascii":
            return message, exc.column
        rows = text.split("\n")
        row = exc.line - line
        if not 0 <= row < len(rows):
            return message, exc.column
        from ...players import loose_key

        word = ANY_WORD_RE.match(rows[row], exc.column - 1)
        seats = self.player_seats()
        owner = seats.get(loose_key(word.group())) if word else None
        if word is None or owner is None:
            return message, exc.column
        for earlier in ANY_WORD_RE.finditer(rows[row], 0, exc.column - 1):
            seat = seats.get(loose_key(earlier.group()))
            before = rows[row][:earlier.start()]
            if seat is not None and earlier.group() != seat and before.count("{") == before.count("}"):
                return msg("syntax.seat_player", found=quote(earlier.group()), seat=seat), earlier.start() + 1
        return msg("syntax.seat_player", found=quote(word.group()), seat=owner), exc.column

    def _moon_of_name(self, exc: HrnSyntaxError, text: str) -> tuple[Msg, int] | None:
        """A moon line that names its shooter after a preposition, by a name
        that is not a seat (``chelem d'Hervé``, ``capot de Anne``, ``grand
        chelem pour Yves``, ``moon by Tom``; french24): the moon line to
        write with that player's seat, at the line's start, or, when the
        name is no player of the game either, what a moon line holds and
        the seats.  The grammar read ``d`` for a seat and stopped at the
        apostrophe (*on attendait « ajoute » ou « retire »*)."""
        said = _MOON_OF_NAME.match(text)
        if said is None or "\n" in text:
            return None
        word = "moon" if said.group("slang") or said.group("kw").lower() == "moon" else "capot"
        remark = f" {said.group('remark')}" if said.group("remark") else ""
        if self.known_seat(said.group("name")) is not None:
            if exc.msg is None or exc.msg.key == "syntax.written_as":
                return None     # (``capot de S``: the grammar's own offer, ``capot S``)
            # (``chelem d'Est``: the grammar read ``d`` for a seat)
            return msg("syntax.written_as", error=exc.msg.arg(),
                       written=f"{word} {said.group('name')}{remark}"), exc.column
        from ...players import loose_key

        found = quote(" ".join(text.split()))
        seat = self.player_seats().get(loose_key(said.group("name")))
        at = 1 + len(text) - len(text.lstrip())
        if seat is None:
            seats = self.seat_names_for_messages()
            return msg("syntax.moon_nobody", found=found, name=quote(said.group("name")), word=word,
                       seats=("or_list", *(("seat", x) for x in seats))), at
        return msg("syntax.written_as", error=msg("syntax.moon_name", found=found).arg(),
                   written=f"{word} {seat}{remark}"), at

    def _named_points(self, row: str, line: int) -> tuple[Msg, int] | None:
        """A line of players' names and their points with no keyword
        (``Anne 13, Hervé 0, Soizic 8, Yves 5``: a sheet's line typed as
        said; french21): the points line to write, the names made seats,
        at the line's first name.  The grammar, which does not know the
        players, offered the line as a remark in braces."""
        pairs = _NAMED_PAIRS.fullmatch(row)
        if pairs is None:
            return None
        from ...players import loose_key

        seats = self.player_seats()
        said: list[Arg] = []
        for m in _NAMED_PAIR.finditer(row):
            seat = seats.get(loose_key(m.group(1)))
            if seat is None or ("letter", seat) in said:
                return None
            said.extend((("letter", seat), m.group(2).lstrip("+")))
        if len(said) < 4:
            return None
        return msg("syntax.points_keyword", pairs=("space", *said)), 1 + len(row) - len(row.lstrip())

    def _record_keywords(self, said: Msg) -> Msg:
        """*said*, a message that offers a points line, with the keyword of
        the record's language: a score sheet's ``points N 3 ... W 4`` head is
        offered as ``marque`` by the grammar, which reads one line and does
        not know the record's language; an English record is offered
        ``score`` (typed26)."""
        args = dict(said.args)
        written = args.get("written")
        if not isinstance(written, str) or not written.startswith("marque ") \
                or text_language(self.game_text()) != "en":
            return said
        return msg("syntax.written_as", error=args["error"], written=f"score {written[len('marque '):]}")

    def _dealer_to_seat(self, said: Msg) -> Msg:
        """*said*, a message that offers a deal's header, with the dealer
        named by a player's name made that player's seat (``donneur Gwen``:
        ``donneur O``; typed32).  The grammar, which offers the header, knows
        the seats but not the players' names; only the dealer's word is
        changed (a header holds no other name)."""
        from ...players import loose_key

        return self._offer_seated(said, lambda written, seats: _DEALER_NAMED.sub(
            lambda m: m.group(1) + seats.get(loose_key(m.group(2)), m.group(2)), written))

    def _names_to_seats(self, said: Msg) -> Msg:
        """*said*, a message that offers a line to write, with each player's
        name in the line offered made that player's seat (``Marie passe A♥
        9♣ R♦ à Paul``: ``passe N>E : A♥ 9♣ R♦``, not ``passe Marie>Paul``,
        which would not read either; french19).  The grammar, which offers
        the line, knows the seats but not the players' names."""
        from ...players import loose_key

        def seated(written: str, seats: dict[str, str]) -> str:
            if _SEATED_LINE.match(written) is None:
                return written      # (a tag line or a remark in braces offered: names stay)
            return "".join(part if part.startswith("{") else
                           _NAME_IN_LINE.sub(lambda m: seats.get(loose_key(m.group()), m.group()), part)
                           for part in _BRACED.split(written))

        return self._offer_seated(said, seated)

    def _offer_seated(self, said: Msg, seated: Callable[[str, dict[str, str]], str]) -> Msg:
        """*said* with the line it offers (its ``written`` argument) made by
        *seated* from that line and the players' seats (:meth:`player_seats`,
        by :func:`~hearts_notation.players.loose_key`); *said* itself when it
        offers no line, no player is named or nothing changed (the one frame
        of :meth:`_dealer_to_seat` and :meth:`_names_to_seats`)."""
        args = dict(said.args)
        written = args.get("written")
        if not isinstance(written, str):
            return said
        seats = self.player_seats()
        if not seats:
            return said
        made = seated(written, seats)
        if made == written:
            return said
        return msg(said.key, **{**args, "written": made})

    def seat_names_for_messages(self) -> tuple[str, ...]:
        """The seats to name in a message, without judging the tags yet
        (a bad ``Seats`` tag is reported where the deals begin)."""
        if self.seats is not None:
            return self.seats
        n_errors, failed = len(self.errors), self.failed
        try:
            return self._seat_list()
        except _Stop:
            del self.errors[n_errors:]
            self.failed = failed
            return DEFAULT_SEATS[4]

    def _seat_list(self) -> tuple[str, ...]:
        tags = {name: (value, vl, vc) for name, value, vl, vc, _, _ in self.tag_list}
        if "Seats" in tags:
            value, vl, vc = tags["Seats"]
            return self._check_seats(value, vl, vc)
        rules_tag = self._rules_tag()
        if rules_tag is not None:
            return DEFAULT_SEATS[self._tag_rules(rules_tag[1]).players]
        return DEFAULT_SEATS[(self._default_ruleset() or standard()).players]

    def _rules_tag(self) -> tuple[str, str, int, int, int, int] | None:
        """The game's ``Rules`` tag as read (name, value, their places): the
        tag of that name, else the one tag whose name mistypes it
        (``[Rulse "three-players"]``, ``[Rgles "standard"]``) when its value
        reads whole as rules.  Such a tag is the rules: kept as a tag of the
        record's own, the game was read and checked under other rules, and
        a three-player record had every ``P1`` line an unknown seat; its
        name is told (``tag-name``), not its cascade."""
        named = [t for t in self.tag_list if t[0] == "Rules"]
        if named:
            return named[0]
        misspelt = []
        for t in self.tag_list:
            word = misspelt_tag(t[0])
            if word is not None and tag_name(word) == "Rules":
                try:
                    parse_rules(t[1])
                except RuleError:
                    continue
                misspelt.append(t)
        return misspelt[0] if len(misspelt) == 1 else None

    def _default_ruleset(self) -> RuleSet | None:
        """``--rules`` as a rule set (``None``: not given, or not rules)."""
        return _load_default_rules(self.default_rules) if self.default_rules else None

    def _tag_rules(self, spec: str) -> RuleSet:
        """The rules of the record's ``Rules`` tag as the referee checks the
        record under them (:func:`~hearts_notation.rules.lenient_rules`: a
        mistyped preset is the one its did-you-mean names, a bad word is
        dropped), so that the seats read are the seats checked."""
        return lenient_rules(spec, self._default_ruleset()).rules

    def _check_seats(self, value: str, line: int, col: int) -> tuple[str, ...]:
        names = tuple(value.split())
        if not 3 <= len(names) <= 6:
            raise self.fail(msg("syntax.seats_count.#k", k=len(names)), line, col)
        for name in names:
            why = None
            if not SEAT_NAME_RE.fullmatch(name):
                why = "syntax.seats.not_name"
            elif name.lower() in KEYWORDS:
                why = "syntax.seats.keyword"
            elif re.fullmatch(LETTER_CARD, name) or FRENCH_LETTER_RE.fullmatch(name):
                why = "syntax.seats.card"
            if why:
                raise self.fail(msg(why, name=quote(name)), line, col)
        if len(set(names)) != len(names):
            twice = next(s for s in names if names.count(s) > 1)
            raise self.fail(msg("syntax.seats.twice", name=quote(twice)), line, col)
        return names

    def _settle(self) -> None:
        """Tags are over (a deal or a result has begun): fix the seats, the
        players and the rules string."""
        if self.settled:
            return
        self.settled = True
        # (No try/finally around an assignment: mypyc's compiled finally
        # block took the variable as already narrowed to a tuple.)
        try:
            seats = self._seat_list()
        except _Stop:
            self._fill_tags(None)
            self.halted = True
            raise
        self._fill_tags(seats)
        self.seats = seats
        self.exact_seats = frozenset(seats)
        self.seat_map = seat_map(seats)

    def _fill_tags(self, seats: tuple[str, ...] | None) -> None:
        """Sort the tags read into rules, seats, players and the others
        (in the order read); with no usable seat list the player tags stay
        ordinary tags and a bad ``Seats`` tag is dropped (it is an error)."""
        v = self.visitor
        pos = self.pos
        v.begin_game(self.source, self.index, pos.line if pos else 0, pos.column if pos else 0)
        player_tags = _player_tag_seats(seats) if seats is not None else {}
        rules_tag = self._rules_tag()
        for entry in self.tag_list:
            name, value, vl, vc, nl, nc = entry
            if entry == rules_tag:     # (equal, not identical: compiled, the tuples are rebuilt)
                self.rules = value
                v.rules(value, vl, vc)
                if name != "Rules":
                    m = msg("finding.tag-name.rules", name=name, word=misspelt_tag(name) or "Rules")
                    self.notices.append(Finding(code="tag-name", severity="warning", message=m.text(),
                                                line=nl, column=nc, key=m.key, args=m.args))
            elif name == "Seats":
                if seats is not None:
                    self.seats_tag = seats
                    v.seats(seats, vl, vc)
            elif name in player_tags:
                self.players[player_tags[name]] = value
                v.player(player_tags[name], value, name, vl, vc)
            else:
                self.tags[name] = value
                v.tag(name, value, nl, nc)     # (a tag-name warning points at the name)
        if seats is not None:
            self._unnamed_seats(seats, player_tags)

    def _unnamed_seats(self, seats: tuple[str, ...], player_tags: dict[str, str]) -> None:
        """An ``unnamed-seats`` warning for a game that follows another game
        of its input, whose only tags name some of its seats but not all: what a
        player tag typed between two deals of an evening makes (a tag line
        after a deal begins a new game, docs/spec.md, section 2), the
        other seats of that new game left without names.  The games read
        stay as they are; the warning says what was read and what to write.
        Whether a game follows another is the cutter's fact
        (:attr:`.cut.GameText.follows`), not its line number: a first game
        after a prologue of comments is no replacement, and the editor,
        which reads each game from its own text, says the same as ``validate``."""
        if not self.follows or not self.players or len(self.players) >= len(seats):
            return
        if any(entry[0] not in player_tags for entry in self.tag_list):
            return
        first = next(entry for entry in self.tag_list if entry[0] in player_tags)
        unnamed = ", ".join(s for s in seats if s not in self.players)
        m = msg("finding.unnamed-seats", name=first[1], seats=unnamed)
        self.notices.append(Finding(code="unnamed-seats", severity="warning", message=m.text(),
                                    line=first[4], column=first[5], key=m.key, args=m.args))

    def known_seat(self, name: str) -> str | None:
        """The seat *name* names in this game (as written, else in lower
        case), or ``None``: asked quietly, as a lost line's seat is.  The one
        way the reader tells a seat's word: before the seats are settled (a
        message about a line read before the first deal) they are the seats
        the messages name, mapped the same way."""
        found = self.seat_map if self.settled else seat_map(self.seat_names_for_messages())
        got = found.get(name)
        return got if got is not None else found.get(name.lower())

    def seat(self, name: str, line: int, col: int, trick: int | None = None) -> str:
        got = self.known_seat(name)
        if got is not None:
            return got
        seats = self.seats or ()
        from ...players import loose_key

        owner = self.player_seats().get(loose_key(name))
        if owner is not None:
            raise self.fail(msg("syntax.seat_player", found=quote(name), seat=owner), line, col, trick)
        if self.cur is not None:
            # An unknown seat is told at its first line of the deal: the
            # deal's later lines that name it are lost as quietly (one cause,
            # one finding; a record whose seats did not read otherwise gave
            # one error a line).  A deal's own: the editor reads a deal again
            # alone and must find what the whole game's read finds.
            told = f"seat:{self.cur.line}:{name}"
            if told in self.told:
                self.cur.lost_line = self.cur.quiet_loss = True
                raise _Stop()
            self.told.add(told)
        initial = self.player_initial(name)
        if initial is not None:
            # (``2. D 3S M 8S T 4S P 2S``: the players' initials for their seats,
            # told at the deal's first, the deal's other such lines lost quietly,
            # a typist's habit as french24's are; english24)
            if self.cur is not None:
                if f"initial:{self.cur.line}" in self.told:
                    self.cur.lost_line = self.cur.quiet_loss = True
                    raise _Stop()
                self.told.add(f"initial:{self.cur.line}")
            raise self.fail(msg("syntax.seat_initial", found=quote(name), player=person(initial[0]),
                                seat=initial[1]), line, col, trick)
        hint: Arg = ""
        if FRENCH_LETTER_RE.fullmatch(name):
            hint = ("space", "", ("paren", french_letter_message(name).arg()))
        elif re.fullmatch(LETTER_CARD, name):
            hint = msg("syntax.seat_hint.card").arg()
        elif name.upper() == "W" and FRENCH_WEST in seats:
            hint = msg("syntax.seat_hint.west_o", o=FRENCH_WEST).arg()
        elif name.upper() == FRENCH_WEST and "Seats" in self.tag_at:
            hint = msg("syntax.seat_hint.o_default", o=FRENCH_WEST).arg()
        elif re.fullmatch(r"[Jj][1-9]", name) and f"P{name[1]}" in seats:
            # (``J1``: *joueur 1*, a French sheet's player 1, for the seat P1; typed26)
            hint = msg("syntax.seat_hint.joueur", seat=f"P{name[1]}").arg()
        elif "Seats" not in self.tag_at:
            hint = msg("syntax.seat_hint.tag").arg()
        # (the seats as written, ``P1 P2 P3``: each as "seat", the players' names
        # ran into one another, ``Anne (P1) Hervé (P2) Soizic (P3)``; lang26)
        raise self.fail(msg("syntax.unknown_seat", name=quote(name),
                            seats=("space", *(("letter", x) for x in seats)), hint=hint),
                        line, col, trick)

    def _need_deal(self, what: str, line: int, col: int) -> _DealBuilder:
        """The deal a line belongs to; *what* names the line (``syntax.what.*``)."""
        if self.result_pos is not None:
            if "after_result" in self.told:
                raise _Stop()   # (told once: the lines after it are lost with it)
            self.told.add("after_result")
            raise self.fail(msg("syntax.after_result", what=msg(f"syntax.what.{what}").arg(),
                                at=f"{self.result_pos[0]}:{self.result_pos[1]}"), line, col)
        if self.cur is None:
            if "before_deal" in self.told:
                raise _Stop()
            self.told.add("before_deal")
            raise self.fail(msg("syntax.before_deal", what=msg(f"syntax.what.{what}").arg()), line, col)
        return self.cur

    # feeding

    def feed(self, elements: list[Element]) -> None:
        """Take the elements of one logical line (stops at the first error);
        read from a line with marks dropped, their positions are first put
        back to the file's, once (the errors found then are at those)."""
        marks = self.marks
        if marks is None:
            self._feed(elements)
            return
        for el in elements:
            _to_file_columns(el, marks)
        self.marks = None
        try:
            self._feed(elements)
        finally:
            self.marks = marks

    def _feed(self, elements: list[Element]) -> None:
        try:
            for el in elements:
                if self.pos is None:
                    self.pos = Pos(el.line, el.col)
                if isinstance(el, TrickEl):
                    self._trick(el)
                elif isinstance(el, HandEl):
                    self._hand(el)
                elif isinstance(el, PassEl):
                    self._pass(el)
                elif isinstance(el, CommentEl):
                    if self.cur is not None and self.result_pos is None:
                        self.cur.comments.append(el.text)
                    else:
                        self.game_comments.append(el.text)
                elif isinstance(el, DealEl):
                    self._deal(el)
                elif isinstance(el, PointsEl):
                    self._points(el)
                elif isinstance(el, TagEl):
                    self._tag(el)
                elif isinstance(el, MoonEl):
                    self._moon(el)
                elif isinstance(el, StarEl):
                    d = self._need_deal("star", el.line, el.col)
                    d.unfinished = True
                    d.unfinished_pos = (el.line, el.col)
                else:
                    self._result(el)
        except _Stop:
            pass

    def _tag(self, el: TagEl) -> None:
        line, col = el.line, el.col
        name = tag_name(el.name)  # a French tag name is the tag it translates
        if self.settled or self.cur is not None:
            raise self.fail(msg("syntax.tag_late", name=name), line, col)
        if name in self.tag_at:
            first = self.tag_at[name]
            raise self.fail(msg("syntax.tag_twice", name=name, at=f"{first[0]}:{first[1]}"), line, col)
        self.tag_at[name] = (line, col)
        self.tag_list.append((name, el.value, el.value_line, el.value_col, el.name_line, el.name_col))

    def _deal(self, el: DealEl) -> None:
        if self.result_pos is not None:
            self._need_deal("deal", el.line, el.col)
        self._settle()
        self._close_deal()
        if el.number < 1:
            # Deals are numbered from 1 in every format (JSON's ``"number": 0``
            # is refused too): the deal is lost, as one whose number does not
            # read (``deal -1``).
            self.skipping = True
            raise self.fail(msg("syntax.expected", what=msg("record.what.deal_number").arg(),
                                found=quote(str(el.number))), el.line, el.col)
        self.cur = _DealBuilder(el.number, None, el.direction, el.line, el.col)
        if el.dealer is not None:
            # (an unknown dealer costs the header its dealer, not the deal its
            # lines: the deal is opened first, and loses the line to the error)
            self.cur.dealer = self.seat(el.dealer, el.dealer_line, el.dealer_col)

    def _hand(self, el: HandEl) -> None:
        line, col, cards = el.line, el.col, el.cards
        d = self._need_deal("hand", line, col)
        glued = self._glued_pass(el.seat) if self.known_seat(el.seat) is None else None
        if glued is not None:
            # ``passW: QH 4D 9C``, ``pass9E: ...``: a pass line lost, told at
            # its keyword with the words to write (one finding: its seat's
            # pass is not also missing)
            d.lost_passes.append(glued[0])
            raise self.fail(msg("syntax.pass_glued", found=quote(el.seat), word=glued[1]), line, col)
        seat = self.seat(el.seat, line, col)
        if seat in d.hands:
            first = d.hand_pos[seat]
            raise self.fail(msg("syntax.second_hand", seat=("seat", seat), at=f"{first[0]}:{first[1]}"),
                            line, col)
        d.hands[seat] = cards
        d.hand_pos[seat] = (line, col)

    def _pass(self, el: PassEl) -> None:
        line, col = el.line, el.col
        d = self._need_deal("pass", line, col)
        try:
            seat = self.seat(el.seat, el.seat_line, el.seat_col)
        except _Stop:
            d.lost_passes.append(None)  # (the line is lost: its seat's pass is not missing)
            raise
        to = el.to
        if to is not None:
            try:
                to = self.seat(to, el.to_line, el.to_col)
            except _Stop:
                d.lost_passes.append(seat)
                raise
        if seat in d.passes:
            first = d.pass_pos[seat]
            raise self.fail(msg("syntax.second_pass", seat=("seat", seat), at=f"{first[0]}:{first[1]}"),
                            line, col)
        d.passes[seat] = (el.cards, to, el.mark, el.comment, line, col)
        d.pass_pos[seat] = (line, col)

    def _trick(self, el: TrickEl) -> None:
        line, col, number = el.line, el.col, el.number
        d = self._need_deal("trick", line, col)
        expected = len(d.tricks) + 1
        if number != expected:
            if d.lost_line:
                # After a trick lost: not kept (it cannot be checked in turn),
                # but its seats are still checked (a slip of its own is told).
                for k, written in enumerate(el.seats):
                    if written is not None and written not in self.exact_seats:
                        self.seat(written, el.seat_lines[k], el.seat_cols[k], trick=number)
                raise _Stop()
            raise self.fail(msg("syntax.trick_number" if number > 0 else "syntax.trick_number.zero",
                                expected=expected, found=number), line, col, trick=number)
        seats = el.seats
        if self.exact_seats.issuperset(seats):     # every seat named, as the game names it
            d.tricks.append((el, False))
            return
        exact = self.exact_seats
        implied = False     # a card with its seat left to the reader (see _close_deal)
        for s in seats:
            if s is None:
                implied = True
            elif s not in exact:  # unknown, or to be matched case-blind
                named: list[str | None] = []
                for k in range(len(seats)):
                    given: str | None = seats[k]
                    if given is not None:
                        given = self.seat(given, el.seat_lines[k], el.seat_cols[k], trick=number)
                    named.append(given)
                el.seats = named
                implied = None in named
                break
        if implied:
            d.implied = True
        d.tricks.append((el, implied))

    def _points(self, el: PointsEl) -> None:
        kind, line, col = el.kind, el.line, el.col
        d = self._need_deal(kind, line, col)
        if getattr(d, kind) is not None:
            first = getattr(d, kind + "_pos")
            raise self.fail(msg(f"syntax.second_{kind}", at=f"{first[0]}:{first[1]}"), line, col)
        out: dict[str, int] = {}
        for seat, sl, sc, value in zip(el.seats, el.seat_lines, el.seat_cols, el.values, strict=True):
            s = self.seat(seat, sl, sc)
            if s in out:
                raise self.fail(msg(f"syntax.twice_{kind}", seat=("seat", s)), sl, sc)
            out[s] = value
        setattr(d, kind, out)
        setattr(d, kind + "_pos", (line, col))

    def _moon(self, el: MoonEl) -> None:
        d = self._need_deal("moon", el.line, el.col)
        if d.moon is not None:
            raise self.fail(msg("syntax.second_moon", at=f"{d.moon[2]}:{d.moon[3]}"), el.line, el.col)
        if el.choice is None and el.seat.lower() in MOON_CHOICES and el.seat not in self.seat_map:
            # (« capot ajoute »: the way said, the seat left out)
            told = msg("syntax.moon_way_no_seat", found=quote(el.seat))
            raise self.fail(self._moon_seat_offer(None, told, el.seat), el.seat_line, el.seat_col)
        if el.seat.lower() in _NO_MOON and el.seat not in self.seat_map:
            # (``moon: none``, ``capot : aucun``: a sheet's column filled in
            # for every deal; no moon is no line: typed22)
            raise self.fail(msg("syntax.moon_none", found=quote(el.seat)), el.seat_line, el.seat_col)
        seat = self.seat(el.seat, el.seat_line, el.seat_col)
        choice = el.choice
        if choice is None:
            # ``moon S`` alone: the choice the rules in force fix; under
            # ``moon: choose`` the shooter's choice must be written.
            choice = self._ruleset_for_leads().moon
            if choice not in ("add", "subtract"):
                raise self.fail(msg("syntax.moon_choice_needed", seat=("seat", seat), letter=el.seat),
                                el.seat_line, el.seat_col)
        d.moon = (seat, choice, el.line, el.col)

    def _moon_seat_offer(self, keyword: str | None, told: str | Msg, way: str = "") -> str | Msg:
        """*told*, the error of a moon line that names no seat (``capot``,
        ``capot ajoute``), with the line to write when the deal's points
        line, read before it, is a moon's under the rules in force: the
        seat it says shot (french21; offered, not read: the line names
        its seat in the notation, and a points line read wrong, or one
        the scorer will correct, must not name the shooter silently).
        Under a game's tricks, all read, the tricks say the seat first
        (:meth:`_moon_by_tricks`; typed26)."""
        d, seats = self.cur, self.seats
        if d is not None and seats is not None and not way:
            by_tricks = self._moon_by_tricks(d, seats)
            if by_tricks is not None:
                if keyword is None:
                    keyword = "capot" if text_language(self.game_text()) == "fr" else "moon"
                error = told.arg() if isinstance(told, Msg) else told
                return msg("syntax.moon_seat_from_tricks", error=error, deal=d.number,
                           seat=("seat", seats[by_tricks]), keyword=keyword,
                           letter=("letter", seats[by_tricks]))
        if d is None or d.score is None or seats is None or set(d.score) != set(seats):
            return told
        from ...sheets import sheet_shapes

        rules = self._ruleset_for_leads()
        if rules.players != len(seats):
            return told
        shapes = sheet_shapes(rules)
        line = tuple(d.score[s] for s in seats)
        found = shapes.moons.get(line) or shapes.other_moons.get(line)
        if found is None:
            return told
        shooter, meant = found
        if keyword is None:
            keyword = "capot" if text_language(self.game_text()) == "fr" else "moon"
        fixed = rules.moon if rules.moon in ("add", "subtract") else None
        said = MOON_CHOICES.get(way.lower()) if way else None
        if said is not None and said != meant:
            return told     # (the way written is not the points': no seat to offer)
        french = keyword.lower() in KEYWORDS_FR or keyword.lower().startswith("grand")
        written = "" if meant == fixed and not way else f" {way or (WRITE_FR[meant] if french else meant)}"
        at = d.score_pos or (d.line, d.col)
        return msg("syntax.moon_seat_from_points", error=told.arg() if isinstance(told, Msg) else told,
                   deal=d.number, line=at[0], seat=("seat", seats[shooter]),
                   keyword=keyword, letter=("letter", seats[shooter]), way=written)

    def _moon_by_tricks(self, d: _DealBuilder, seats: tuple[str, ...]) -> int | None:
        """The seat that took every heart and Q♠ in the tricks of *d* read so
        far, when they are all the deal's, each seat written, and the rules
        fix the moon's way (``il a tout pris`` under a game's tricks: the
        tricks decide who, and the line offered then needs no way; typed26).
        ``None`` when the tricks do not say."""
        from ...state import moon_shooter

        rules = self._ruleset_for_leads()
        n = len(seats)
        if rules.players != n or rules.moon not in ("add", "subtract") or not d.tricks \
                or len(d.tricks) * n != rules.deck_mask.bit_count():
            return None
        index = {s: i for i, s in enumerate(seats)}
        taken = [0] * n
        for trick, _ in d.tricks:
            named = [self.known_seat(s) if s is not None else None for s in trick.seats]
            if len(trick.cards) != n or any(s not in index for s in named):
                return None
            winner = named[trick_winner(trick.cards)]
            if winner is None:
                return None
            for card in trick.cards:
                taken[index[winner]] |= 1 << card
        return moon_shooter(rules, taken)

    def _result(self, el: ResultEl) -> None:
        line, col = el.line, el.col
        if self.result_pos is not None:
            raise self.fail(msg("syntax.second_result", at=f"{self.result_pos[0]}:{self.result_pos[1]}"),
                            line, col)
        self._settle()
        self._close_deal()
        if el.seats is None:
            self.result = "*"
        else:
            names: list[str] = []
            for s, sl, sc in zip(el.seats, el.seat_lines, el.seat_cols, strict=True):
                name = self.seat(s, sl, sc)
                if name in names:
                    raise self.fail(msg("syntax.result_twice", seat=("seat", name)), sl, sc)
                names.append(name)
            self.result = tuple(names)
        self.result_pos = (line, col)

    # closing

    def _ruleset_for_leads(self) -> RuleSet:
        if self._ruleset is None:
            self._ruleset = (self._tag_rules(self.rules) if self.rules is not None
                             else self._default_ruleset() or standard())
        return self._ruleset

    def _opening_leader(self, d: _DealBuilder) -> int | None:
        """The seat holding the lowest club in play after the pass, when the
        recorded hands and passes show it (else ``None``): the receiver of a
        pass that holds it, else the game state's
        :func:`~hearts_notation.state.opening_leader` of the dealt hands."""
        seats = self.seats or ()
        n = len(seats)
        rules = self._ruleset_for_leads()
        low = CARDS[rules.lowest_club]
        offset = _pass_offset(rules, d.number, d.direction, n)
        idx = {s: i for i, s in enumerate(seats)}
        if offset is not None:
            for seat, p in d.passes.items():
                if low in p[0]:
                    return (idx[seat] + offset) % n     # the pass took it there
        dealt = [None if d.hands.get(s) is None else 1 << low if low in d.hands[s] else 0
                 for s in seats]
        holder = opening_leader(rules, dealt)
        if holder is None:
            return None
        if offset == 0 or seats[holder] in d.passes:
            return holder
        return None

    def _close_deal(self) -> None:
        """Resolve implied seats and send the deal being read as events."""
        d = self.cur
        if d is None:
            return
        if d.implied:
            seats = self.seats or ()
            n = len(seats)
            idx = {s: i for i, s in enumerate(seats)}
            # The trick before (seats resolved), whose winner leads the next
            # trick when its leader is left implied: worked out only then
            # (canonical text names every seat).
            prev: TrickEl | None = None
            for t_i, (t, implied) in enumerate(d.tricks):
                if implied:
                    try:
                        self._imply(d, t, t_i, prev, seats, n, idx)
                    except _Stop:   # (reported) the deal keeps the tricks before it
                        del d.tricks[t_i:]
                        break
                prev = t
        self.last_number = d.number
        v = self.visitor
        v.begin_deal(d.number, d.dealer, d.direction, d.line, d.col)
        for text in d.comments:
            v.comment(text)
        for seat, cards in d.hands.items():
            hl, hc = d.hand_pos[seat]
            v.hand(seat, cards, hl, hc)
        for seat, (cards, to, mark, pcomment, pl, pc) in d.passes.items():
            v.pass_cards(seat, cards, to, mark, pcomment, pl, pc)
        for lost in d.lost_passes:
            v.lost_pass(lost)
        if d.quiet_loss:
            v.damaged()
        trick = v.trick
        for t, _ in d.tricks:
            trick(t.number, t.comment, t.line, t.col, t.seats, t.cards,  # type: ignore[arg-type]
                  t.card_cols, t.card_lines, t.marks, t.comments)
        if d.score is not None:
            assert d.score_pos is not None
            v.points("score", d.score, *d.score_pos)
        if d.total is not None:
            assert d.total_pos is not None
            v.points("total", d.total, *d.total_pos)
        if d.moon is not None:
            v.moon(*d.moon)
        if d.unfinished:
            v.unfinished(*d.unfinished_pos)
        v.end_deal()
        self.cur = None

    def _imply(self, d: _DealBuilder, t: TrickEl, t_i: int, prev: TrickEl | None,
               seats: tuple[str, ...], n: int, idx: dict[str, int]) -> None:
        """Give the bare cards of trick *t* their seats: the leader (the game
        state's opening leader for trick 1, the winner of *prev* after it),
        then clockwise from the seat before."""
        out: list[str | None] = []
        at = -1
        number = t.number
        for k, seat in enumerate(t.seats):
            if seat is None:
                if k == 0:
                    cl, cc = (t.line if t.card_lines is None else t.card_lines[0]), t.card_cols[0]
                    if t_i == 0:
                        leader = self._opening_leader(d)
                        if leader is None:
                            low_name = CARDS[self._ruleset_for_leads().lowest_club].text(unicode=True)
                            raise self.fail(
                                msg("syntax.leader_first", card=("card", low_name),
                                    example=("card", t.cards[0].text(unicode=True))), cl, cc, trick=number)
                    else:
                        assert prev is not None
                        leader = (idx[prev.seats[trick_winner(prev.cards)]]  # type: ignore[index]
                                  if prev.cards else None)
                        if leader is None:
                            why = "syntax.leader_empty" if not prev.cards else "syntax.leader_unknown"
                            raise self.fail(msg(why, trick=number, prev=number - 1), cl, cc,
                                            trick=number)
                    at = leader
                else:
                    at = (at + 1) % n
                out.append(seats[at])
            else:
                at = idx[seat]
                out.append(seat)
        t.seats = out

    def finish(self) -> Any:
        """Send the end of the game to the visitor (the errors found, if
        any) and return what it makes of the game."""
        n_errors = len(self.errors)
        try:
            self._settle()
            self._close_deal()
        except _Stop:
            if n_errors:    # a bad Seats tag after another error: the first one is told
                del self.errors[n_errors:]
        v = self.visitor
        for text in self.game_comments:
            v.comment(text)
        if self.result is not None:
            assert self.result_pos is not None
            v.result(self.result, *self.result_pos)
        for f in self.errors:
            v.syntax_error(f)
        for f in self.notices:
            v.notice(f)
        return v.end_game()
