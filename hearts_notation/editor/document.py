"""An open document as the language server sees it: its games, read and
refereed, kept from one keystroke to the next.

A document is cut into games by the one game cutter (every HRN input
takes it, :func:`hearts_notation.io.hrn.cut.cut_games`), then each game's text is read by the one reader
(:func:`hearts_notation.io.hrn.reader.read_hrn_chunks`, what
:func:`hearts_notation.io.iter_games_text` runs for HRN) and judged by the one referee
(:func:`hearts_notation.referee.check_game`, what ``validate`` and
:func:`hearts_notation.api.validate_text` run).  Nothing here checks a rule.

**Incremental.**  A game is read and refereed once per distinct text: the
:class:`Checker` keeps each game's result keyed by its text, with its
positions counted from the game's own first line.  After an edit, the cut
(a scan of the lines, milliseconds for a long file) finds the games again;
every game whose text did not change is taken from the cache and only
moved to its new first line.  A game whose text changed is read and
refereed deal by deal (:mod:`.deals`): the deals whose lines did not
change are taken from its previous version, moved if lines were added
above them, so typing a card in one deal reads and checks that deal alone;
the game-wide checks (numbers, dealers, running totals, scores, the end)
are made again on the whole game, and a change of a tag checks every deal.
A game is read with the cutter's word on whether another game comes
before it (:attr:`hearts_notation.io.hrn.cut.GameText.follows`, part of the
cache's key): the reader's ``unnamed-seats`` warning then comes as
``validate`` gives it, though the game is read from its own text.

**Positions.**  The library counts lines from 1 and columns in characters
(code points) from 1; the Language Server Protocol counts both from 0, and
columns in UTF-16 code units unless the client chose another encoding.
:func:`to_units` and :func:`from_units` convert, line by line.  The
reader's lines are not quite the client's: a U+2028 or U+2029 ends one for
the reader, not for the protocol; :class:`Positions` is the one conversion
between the two (lsp22).
"""

from __future__ import annotations

import dataclasses
import re
from bisect import bisect_left, bisect_right
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import cached_property

from ..cards import SYMBOL_SUIT_CHARS
from ..i18n import Msg
from ..io import InputError, RecordError, iter_games_text
from ..io.hrn.cut import GameText, cut_games
from ..io.hrn.reader import read_hrn_chunks
from ..io.hrn.words import LanguageSniffer, text_language
from ..io.line_ends import CR, PROTOCOL_BREAKS, SEPARATORS
from ..io.line_ends import split_lines as split_hrn_lines
from ..model import Finding, Game
from ..referee import GameReport, check_game
from ..rules import RuleSet
from .deals import Parts, Pool, Tally, check_by_deal
from .lexer import CARD_TOKEN, HAND_TOKEN, HrnLexer

__all__ = ["Analysis", "CheckedGame", "Checker", "Placed", "Positions", "Problem", "Style", "Token",
           "TokenKind",
           "apply_change", "from_units", "lex_lines", "split_lines", "style_of", "to_units", "within"]


# Positions ---------------------------------------------------------------------------------


def split_lines(text: str) -> list[str]:
    """The lines of *text* as the HRN reader numbers them (the one
    definition, :func:`hearts_notation.io.line_ends.split_lines`: at
    ``\\n``, ``\\r\\n``, a lone ``\\r``, U+2028 and U+2029), without their
    breaks: a finding's ``line:col`` names the line ``hearts validate``
    names.  Cut at ``\\n`` only, a document whose lines end in a lone CR was
    one line, every diagnostic on it (lines19)."""
    return split_hrn_lines(text)


def _units(s: str, encoding: str) -> int:
    """The length of *s* in the code units of *encoding* (``utf-16``,
    ``utf-8`` or ``utf-32``, the LSP's position encodings), counted by the
    codec (a loop over the characters cost 1.5 s per request on a line of
    ten million)."""
    if encoding == "utf-32":
        return len(s)
    if encoding == "utf-8":
        return len(s.encode("utf-8", "surrogatepass"))
    return len(s.encode("utf-16-le", "surrogatepass")) // 2


def to_units(line: str, column: int, encoding: str = "utf-16") -> int:
    """A 0-based code-point *column* of *line* as a count of code units."""
    return _units(line[:max(0, column)], encoding)


def from_units(line: str, units: int, encoding: str = "utf-16") -> int:
    """The 0-based code-point column of *line* at *units* code units (a
    position inside a character, or past the end, lands on its boundary
    after it; a negative one on the line's start).

    A line of one unit per character (ASCII; UTF-16 without astral
    characters) maps at once; another is searched by halves, each step a
    prefix measured by the codec (:func:`_units`).  A loop over the
    characters cost 6 s per request on a line of ten million characters."""
    units = max(0, units)
    if encoding == "utf-32" or line.isascii() or _units(line, encoding) == len(line):
        return min(units, len(line))
    lo, hi = 0, len(line)
    while lo < hi:
        mid = (lo + hi) // 2
        if _units(line[:mid], encoding) >= units:
            hi = mid
        else:
            lo = mid + 1
    return lo


class Positions:
    """The one conversion between the reader's places and a client's, made
    once per version of a document (:attr:`Analysis.positions`).

    The reader's lines (:func:`split_lines`) end at ``\\n``, ``\\r\\n``, a
    lone ``\\r``, U+2028 and U+2029; the protocol's only at the first three
    (:data:`~hearts_notation.io.line_ends.PROTOCOL_BREAKS`): a client's line
    is one reader line or several joined by a separator.  Every position
    the server sends is the reader's (0-based line, code-point column)
    turned into the client's (line, code units) by :meth:`to_client`, and
    every position it reads is turned back by :meth:`to_reader`: a
    diagnostic after a U+2028 was one line lower a separator than the
    client shows it (review22), a hover or a completion there asked about
    the wrong line.  NEL, the vertical tab, the form feed and the file,
    group and record separators (which Python's ``str.splitlines`` ends
    lines at) end a line for neither: they are characters of it here.

    A text without a separator (the usual one: ASCII text is looked at no
    further) maps each line to itself.  Otherwise each separator is noted
    once, found at C speed: the reader's line it opens (``_opens``), the
    client's line it lies on (``_on``); the code units of the client's line
    before the reader's line it opens are counted once per encoding asked
    (``_units_at``; UTF-32's are the code points).  A place then
    costs a bisection and the codec's count of one reader's line, as it
    did before (a line of ten million characters: milliseconds)."""

    __slots__ = ("_on", "_opens", "_units_at", "lines")

    def __init__(self, text: str, lines: Sequence[str]) -> None:
        #: the reader's lines (:func:`split_lines` of the text)
        self.lines = lines
        self._opens: list[int] = []
        self._on: list[int] = []
        self._units_at: dict[str, list[int]] = {}
        if text.isascii() or not any(s in text for s in SEPARATORS):
            return
        cr = CR in text
        breaks = 0          # the protocol's line breaks before the separator
        last = 0            # where the counting stopped
        for k, m in enumerate(_SEPARATOR.finditer(text)):
            at = m.start()
            breaks += text.count("\n", last, at)
            if cr:
                breaks += text.count(CR, last, at) - text.count("\r\n", last, at)
            last = at
            self._opens.append(breaks + k + 1)
            self._on.append(breaks)

    @property
    def client_lines(self) -> int:
        """How many lines the client counts in the text."""
        return len(self.lines) - len(self._opens)

    def _units_before(self, encoding: str) -> list[int]:
        """The code units of *encoding* before each separator's reader's
        line on its client's line (counted once per encoding)."""
        found = self._units_at.get(encoding)
        if found is None:
            sep = _units(SEPARATORS[0], encoding)
            found = []
            for k, opens in enumerate(self._opens):
                before = opens - 1
                start = found[-1] if k and self._opens[k - 1] == before else 0
                found.append(start + _units(self.lines[before], encoding) + sep)
            self._units_at[encoding] = found
        return found

    def to_client(self, line: int, column: int, encoding: str = "utf-16") -> tuple[int, int]:
        """The reader's 0-based *line* and code-point *column* as the
        client's line and code units (a line past the text: the client's
        line after its last, column 0)."""
        if line >= len(self.lines):
            return self.client_lines, 0
        units = to_units(self.lines[line], column, encoding)
        if not self._opens:
            return line, units
        k = bisect_right(self._opens, line) - 1     # (the separators up to this line: k + 1)
        if k >= 0 and self._opens[k] == line:
            units += self._units_before(encoding)[k]
        return line - (k + 1), units

    def to_reader(self, line: int, units: int, encoding: str = "utf-16") -> tuple[int, int]:
        """The client's 0-based *line* and *units* as the reader's line and
        code-point column (a line past the text: the end of its last line;
        a position inside a separator: the end of the line it ends)."""
        line = max(0, line)
        if line >= self.client_lines:
            return len(self.lines) - 1, len(self.lines[-1])
        if not self._opens:
            return line, from_units(self.lines[line], units, encoding)
        a = bisect_left(self._on, line)
        b = bisect_right(self._on, line, a)
        before = self._units_before(encoding)
        k = bisect_right(before, units, a, b) - 1
        if k < a:       # (on the reader's line that starts the client's: line + a)
            return line + a, from_units(self.lines[line + a], units, encoding)
        return self._opens[k], from_units(self.lines[self._opens[k]], units - before[k], encoding)


#: A separator of :data:`~hearts_notation.io.line_ends.SEPARATORS`.
_SEPARATOR = re.compile("[" + "".join(SEPARATORS) + "]")


#: How much text :func:`_line_start` counts the line breaks of at once.
_CHUNK = 1 << 16


def _line_start(text: str, line: int) -> int | None:
    """Where 0-based *line* of *text* starts, or ``None`` when the text has
    fewer lines, lines counted as the client counts them
    (:data:`~hearts_notation.io.line_ends.PROTOCOL_BREAKS`: ``\\n``,
    ``\\r\\n`` and a lone ``\\r``; counted at ``\\n`` only, an edit of a
    document of lone CRs landed at its end).  The line breaks are counted
    by ``str.count`` a chunk at a time, then found one by one in the last
    chunk: splitting the whole text into lines for every change cost 8 ms a
    change on a 1 MB document (2,000 changes in one message: 16 CPU-s) and
    0.3 s on 50 MB.  Text with a carriage return pays two counts more a
    chunk."""
    cr = CR in text
    pos, left, size = 0, line, len(text)
    while left > 0:
        stop = min(pos + _CHUNK, size)
        if cr and text.startswith("\r\n", stop - 1):
            stop += 1       # (a CR LF is not cut in two: one break)
        found = text.count("\n", pos, stop)
        if cr:
            found += text.count(CR, pos, stop) - text.count("\r\n", pos, stop)
        if found >= left:
            break
        if stop >= size:
            return None
        left -= found
        pos = stop
    for _ in range(left):
        pos = _line_end(text, pos, cr)[1]
    return pos


def _line_end(text: str, pos: int, cr: bool) -> tuple[int, int]:
    """Where the line that holds *pos* ends in *text* (its break's start
    and end; the text's end twice when it has none), as the client counts
    lines (*cr*: the text holds a carriage return)."""
    if not cr:
        at = text.find("\n", pos)
        return (len(text), len(text)) if at < 0 else (at, at + 1)
    m = PROTOCOL_BREAKS.search(text, pos)
    return (len(text), len(text)) if m is None else (m.start(), m.end())


def apply_change(text: str, start: tuple[int, int] | None, end: tuple[int, int] | None,
                 new_text: str, encoding: str = "utf-16") -> str:
    """*text* with the range from *start* to *end* (0-based line and
    code-unit column, as a client sends them) replaced by *new_text*; no
    range replaces the whole text (a full-document change).  A position
    past the last line is the end of the text; an end before the start
    inserts at the start."""
    if start is None or end is None:
        return new_text

    def offset(pos: tuple[int, int]) -> int:
        line, units = pos
        first = _line_start(text, line)
        if first is None:
            return len(text)
        stop = _line_end(text, first, CR in text)[0]
        return first + from_units(text[first:stop], units, encoding)

    a, b = offset(start), offset(end)
    return text[:a] + new_text + text[max(a, b):]


# The style of a record -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Style:
    """How a record is written: its cards with French ranks (``D♠``) or
    English ones, with suit symbols or letters (``lang``, ``unicode``), and
    its keywords and tag names in French (``donne``, ``Règles``) or English
    (``words``).  Completions answer in the record's own style; formatting
    writes the canonical text in its language (``lang``)."""

    lang: str = "en"
    unicode: bool = False
    words: str = "en"


#: A token's type as the lexer gives it.  Pygments' token types are tuples
#: of their names (``Name.Constant`` is ``("Name", "Constant")``, documented
#: in its "Builtin Tokens" page) and their class is private
#: (``pygments.token._TokenType``; the package has no public name for it,
#: not even ``pygments.token.TokenType``): the editor names them by what they
#: are.
TokenKind = tuple[str, ...]


def within(kind: TokenKind, *parents: TokenKind) -> bool:
    """Whether a token type is one of *parents* or a subtype of one
    (``Comment.Single`` is within ``Comment``): its names start with the
    parent's, pygments' own rule (``Comment.Single in Comment``)."""
    return any(kind[:len(p)] == p for p in parents)


@dataclass(frozen=True, slots=True)
class Token:
    """One token of the lexer: where it starts in the game's text (0-based
    line and code-point column, relative to the game's first line), its type
    and text."""

    line: int
    column: int
    kind: TokenKind
    text: str

    @property
    def end(self) -> int:
        """The column just after the token (tokens never span lines here)."""
        return self.column + len(self.text)


def lex_lines(text: str) -> list[list[Token]]:
    """The tokens of *text*, line by line (a multi-line token is split at
    its line breaks, so that every token lies on one line)."""
    out: list[list[Token]] = [[]]
    col = 0
    for _, kind, value in HrnLexer().get_tokens_unprocessed(text):
        parts = value.split("\n")
        for k, part in enumerate(parts):
            if k:
                out.append([])
                col = 0
            if part:
                out[-1].append(Token(len(out) - 1, col, kind, part))
                col += len(part)
    return out


def style_of(text: str, tokens: Sequence[Sequence[Token]] | None = None) -> Style:
    """The style of a record: its words in the language the library says
    the record is kept in (:func:`~hearts_notation.io.hrn.words.text_language`,
    what ``fmt`` and ``convert`` keep); French cards when a rank is French;
    symbols when a card or a hand uses them (*tokens*: the lexer's, when
    already made)."""
    ranks = unicode = False
    for line in lex_lines(text) if tokens is None else tokens:
        for t in line:
            if within(t.kind, CARD_TOKEN, HAND_TOKEN) and any(c in SYMBOL_SUIT_CHARS for c in t.text):
                unicode = True
                ranks = ranks or any(c in "RDVrdv" for c in t.text)
    words = text_language(text)
    lang = "fr" if ranks or words == "fr" else "en"
    return Style(lang, unicode or lang == "fr", words or lang)


# Games ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Problem:
    """Input that cannot be used at all (a line over the length limit,
    text that is not a record...): the message and where, when known."""

    message: Msg | str
    line: int | None
    column: int | None

    def text(self, lang: str) -> str:
        """The message in *lang*."""
        return self.message.text(lang) if isinstance(self.message, Msg) else self.message

    @staticmethod
    def of(exc: InputError | RecordError) -> Problem:
        """The problem an exception of the reader or the cutter reports."""
        if isinstance(exc, RecordError):
            return Problem(exc.located(), exc.line, exc.column)
        return Problem(exc.msg or exc.message, exc.line, exc.column)


@dataclass
class CheckedGame:
    """One game's text, read and refereed once.  Positions in ``game``,
    ``report`` and ``problem`` count lines from the text's first line (1)."""

    text: str
    game: Game | None
    report: GameReport | None
    problem: Problem | None = None
    #: what was kept of its deals, for the next version of the game (:mod:`.deals`)
    parts: Parts | None = None

    @cached_property
    def tokens(self) -> list[list[Token]]:
        """The lexer's tokens, line by line (0-based lines of the text)."""
        return lex_lines(self.text)

    @cached_property
    def style(self) -> Style:
        """The game's style (French or English, symbols or letters)."""
        return style_of(self.text, self.tokens)

    @property
    def line_count(self) -> int:
        """How many lines the game's text covers."""
        return self.text.count("\n") + 1


@dataclass(frozen=True, slots=True)
class Placed:
    """A checked game where it now stands in the document: its text starts
    on line ``first_line`` (1-based), and it is game ``index`` of the file."""

    checked: CheckedGame
    first_line: int
    index: int

    @property
    def last_line(self) -> int:
        """The last line (1-based) of the game's text."""
        return self.first_line + self.checked.line_count - 1

    def absolute(self, line: int) -> int:
        """A line of the game's text (1-based, relative) in the document."""
        return line + self.first_line - 1

    def relative(self, line: int) -> int:
        """A line of the document (1-based) in the game's text."""
        return line - self.first_line + 1


@dataclass
class Analysis:
    """One version of a document: its lines and its games, or the problem
    that makes it unusable."""

    text: str
    games: list[Placed] = field(default_factory=list)
    problem: Problem | None = None

    @cached_property
    def lines(self) -> list[str]:
        """The document's lines (see :func:`split_lines`)."""
        return split_lines(self.text)

    @cached_property
    def positions(self) -> Positions:
        """The conversion of the document's places to a client's and back
        (:class:`Positions`), made once for this version of the text."""
        return Positions(self.text, self.lines)

    def game_at(self, line: int) -> Placed | None:
        """The game whose text covers *line* (1-based): the last game that
        starts at or before it (blank lines after a game's text are where
        its next line is typed)."""
        found: Placed | None = None
        for placed in self.games:
            if placed.first_line <= line:
                found = placed
        return found

    def findings(self) -> Iterator[tuple[Placed, Finding]]:
        """Every finding of every game, in the document's order (positions
        still relative to each game: see :meth:`Placed.absolute`)."""
        for placed in self.games:
            if placed.checked.report is not None:
                for f in placed.checked.report.findings:
                    yield placed, f


#: What the cutter says of a text that holds no game yet.
_NOT_YET = frozenset({"input.empty", "input.only_comments"})


class Checker:
    """Reads and referees documents, keeping what it has already checked.

    *rules* apply to records without a ``Rules`` tag (``--rules``); the
    cache holds the games of the last analysis only, so memory follows the
    document.  ``checked`` counts the games read and refereed so far, and
    ``deals`` the deals read and refereed (the tests use them to see that
    an edit checks only the game, and in it the deals, that it touches).
    """

    def __init__(self, rules: RuleSet | str | None = None, source: str = "<document>") -> None:
        self.rules = rules
        self.source = source
        self.checked = 0
        self.deals = Tally()
        #: each game's result, keyed by its text and whether a game comes before it
        self._cache: dict[tuple[str, bool], CheckedGame] = {}

    def analyse(self, text: str) -> Analysis:
        """The games of *text*, read and refereed (unchanged games from the cache).

        A byte-order mark that starts the text (a client may send the one
        of a file saved with it) is read as a blank: the reader drops a mark
        where a file starts, and its columns of the first line then counted
        from after it, one to the left of where the editor, which shows the
        mark as a character of the line, has the word (an unknown keyword on
        the first line was underlined from the blank before it; hovers and
        completions there looked one character off).  A blank keeps every
        column, and the lines the positions are converted on keep the mark."""
        out = Analysis(text)
        if text.startswith("\ufeff"):
            text = " " + text[1:]
        try:
            cut = self._cut(text)
        except (InputError, RecordError) as exc:
            self._cache = {}
            problem = Problem.of(exc)
            # A file being started (blank, or comments only) is not yet an error.
            if not (isinstance(problem.message, Msg) and problem.message.key in _NOT_YET):
                out.problem = problem
            return out
        cache: dict[tuple[str, bool], CheckedGame] = {}
        pool: Pool | None = None        # the deals of the games as they were
        for index, game in enumerate(cut, 1):
            key = (game.text, game.follows)
            checked = cache.get(key) or self._cache.get(key)
            if checked is None:
                if pool is None:
                    pool = Pool(c.parts for c in self._cache.values() if c.parts is not None)
                checked = self.check(game.text, pool, game.follows)
            cache[key] = checked
            out.games.append(Placed(checked, game.line, index))
        self._cache = cache
        return out

    def _cut(self, text: str) -> list[GameText]:
        """Each game of *text*, as the one game cutter gives it."""
        return list(cut_games((text,), self.source))

    def read(self, text: str) -> Game | None:
        """The first game of *text* as the reader reads it, without the
        referee (``None`` for text that holds no game or cannot be read):
        what completion and the outline need of a game cut short."""
        try:
            return next(iter_games_text(text, "hrn", self.source, self.rules), None)
        except InputError:
            return None

    def check(self, text: str, pool: Pool | None = None, follows: bool = False) -> CheckedGame:
        """One game's text read by the reader and judged by the referee,
        deal by deal (the deals *pool* holds are not read nor checked
        again), or whole when it cannot be taken deal by deal; *follows*:
        another game of the document comes before it (the cutter's
        :attr:`~hearts_notation.io.hrn.cut.GameText.follows`)."""
        self.checked += 1
        done = check_by_deal(text, self.source, self.rules, pool or Pool(), self.deals, follows)
        if done is not None:
            game, report, parts = done
            return CheckedGame(text, game, report, parts=parts)
        # (the HRN reader of :func:`hearts_notation.io.iter_games_text`, told
        # whether a game comes before: the language taken from the text likewise)
        sniffer = LanguageSniffer()
        try:
            games = list(read_hrn_chunks(sniffer.tap((text,)), self.source, self.rules,
                                         after_game=follows))
        except RecordError as exc:
            return CheckedGame(text, None, None, Problem.of(exc))
        if not games:
            return CheckedGame(text, None, None)
        game = games[0]
        lang = sniffer.language
        if lang not in (None, "en") and game.language != lang:
            game = dataclasses.replace(game, language=lang)
        return CheckedGame(text, game, check_game(game, self.rules))
