"""The YAML loader of the readers: libyaml's parser with a composer that
bounds nesting while it composes.

libyaml's own composer (``CSafeLoader``) recurses in C for every level of
nesting and does not check Python's recursion limit: about 30,000 unclosed
``[`` or ``{`` (a 60 KB line, or one bracket per line) overflow the C stack
and kill the interpreter with a segmentation fault, before the reader can
look at the document.  PyYAML's Python composer over libyaml's parser keeps
the C parser's speed for scanning and refuses a document nested past
:data:`HARD_DEPTH` levels at its place, as a syntax error.  The records'
loader (:class:`RecordLoader`) refuses a document nested over the ``depth``
limit at its first over-deep value and passes over that value without
composing it (up to :data:`PASS_OVER_DEPTH` levels; deeper, the reader
leaves the parser there and starts a new one at the next document's
marker: :class:`LeftDeep`), so that the next documents of the stream are
read.

No writer lives here: :mod:`hearts_notation.io.yamlwrite` is the only one,
and the PyYAML dumper it is checked against is the tests' oracle
(tests/yaml_oracle.py).  This module is not compiled with mypyc: its classes
derive from PyYAML's (one from libyaml's extension type), which native
classes cannot, and mypyc refuses classes nested in functions.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from typing import Any

import yaml
from yaml.composer import Composer
from yaml.constructor import SafeConstructor
from yaml.resolver import Resolver

from ..i18n import Msg, msg, yaml_problem
from .limits import current as current_limits
from .limits import limit_message
from .stream import RecordError

#: Nesting the composer follows before refusing the document: far above a
#: record's six levels and the ``depth`` limit's default, and far below what
#: Python's recursion limit allows (two frames per level).
HARD_DEPTH = 200
#: Nesting the records' loader reads past (without composing) to refuse a
#: document over the depth limit and read the next ones: libyaml's scanner
#: pays for every open flow level at every token (4 MB of documents 1,000
#: levels deep read in 21 s, 199 deep in 16 s; one document 100,000 deep
#: took a minute), its parser memory for every open level, block or flow.
#: Deeper, the parser is left there and the stream read on from the next
#: document's marker (``---`` or ``...`` opening a line) by a new one
#: (round 28; before, the stream's reading ended at the document).
PASS_OVER_DEPTH = 1000

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


class LeftDeep(RecordError):
    """A document nested too deep to pass over (or broken inside its
    over-deep value): its error (the nesting's words, at its first
    over-deep value), and the character index and line (from 0) where the
    parser was left, from which the reader looks for the next document
    (:func:`next_document`), and whether that is past its line's start;
    when no document follows, the stream ends with ``last``."""

    index = 0
    stop_line = 0
    mid_line = False
    #: the error the stream ends with when no document follows
    last: RecordError | None = None


class OverRecord(RecordError):
    """A document over the ``record`` limit (:meth:`PlacedChunks.read`): its
    error, at the place the reading went over, and where to look for the
    next document from (:func:`next_document`): ``head``, the text not
    handed to the parser yet, which starts on line ``head_line`` (from 0),
    ``mid_line`` unless at a line's start, and ``chunks``, the rest of the
    stream (round 35: the documents after it are read)."""

    head = ""
    head_line = 0
    mid_line = False
    chunks: Iterator[str] = iter(())


class RecordLoader(BoundedLoader):  # type: ignore[misc,valid-type,unused-ignore]
    """The records' loader: :class:`BoundedLoader` noting where the first
    alias (``*name``) of the document being composed stands, in
    ``alias_at`` (a mark, or None), for the reader to refuse the document
    there.  Composed, an alias is the very node of its anchor, so a check of
    the composed tree can only point at the anchor (``&gm``), lines away from
    the ``*gm`` to write out.  Composing shares the node, so a document of
    nested aliases costs no more than its text.  (An aliases file of player
    names reads YAML aliases: :class:`BoundedLoader`.)"""

    alias_at: Any = None
    #: Where the first value nested deeper than the ``depth`` limit
    #: (``HEARTS_MAX_DEPTH``) of the document being composed stands (a
    #: mark, or None): the reader refuses the document there, with the
    #: limit's message.
    deep_at: Any = None
    #: The ``depth`` limit, read once when the reader starts.
    depth_limit: int = HARD_DEPTH
    #: Whether ``deep_at`` is where the composer's own bound (HARD_DEPTH)
    #: was passed, the ``depth`` limit being higher.
    deep_hard: bool = False
    #: The line (from 0) of the file the stream starts on, when read on
    #: after a document nested too deep (:class:`LeftDeep`): the marks' lines
    #: are counted from the stream's start (:func:`move_marks`).
    line_shift: int = 0

    def __init__(self, stream: Any) -> None:
        super().__init__(stream)
        self.depth_limit = current_limits().depth

    def compose_node(self, parent: Any, index: Any) -> Any:
        loader: Any = self  # check_event and peek_event are the parser's
        if self.alias_at is None and loader.check_event(yaml.AliasEvent):
            self.alias_at = loader.peek_event().start_mark
        if self._level >= self.depth_limit or self._level >= HARD_DEPTH:
            # Over the depth limit (or past what the composer follows, with
            # the limit higher): the document is refused at its first
            # over-deep value, and this value is passed over, its events
            # read without composing them (a loop, no recursion); the next
            # documents are read.  Past HARD_DEPTH the composer raised,
            # which ended the stream's reading: every later document lost
            # (round 26).
            if self.deep_at is None:
                self.deep_at = loader.peek_event().start_mark
                self.deep_hard = self._level < self.depth_limit
            return self._passed_over()
        return super().compose_node(parent, index)

    def deep_message(self) -> Msg:
        """The words of ``deep_at`` for its document's finding: the
        ``depth`` limit's, or, that limit being higher, the composer's own
        bound's (as a syntax error of the YAML)."""
        if self.deep_hard:
            return msg("record.yaml_here", what=msg("yaml.nested_more", n=HARD_DEPTH).arg())
        return limit_message("limit.what.yaml_nesting", "depth", self.depth_limit)

    def _left_deep(self, mark: Any) -> LeftDeep:
        """The :class:`LeftDeep` of the document being passed over, the
        parser stopped at *mark*."""
        deep, shift = self.deep_at, self.line_shift
        left = LeftDeep(self.deep_message(), line=deep.line + shift + 1, column=deep.column + 1)
        left.index, left.stop_line, left.mid_line = mark.index, mark.line + shift, mark.column > 0
        # the last document: the stream ends there, as before round 28
        what = (msg("yaml.nested_more", n=HARD_DEPTH) if self.deep_hard
                else limit_message("limit.what.yaml_nesting", "depth", self.depth_limit))
        left.last = RecordError(msg("record.yaml_here", what=what.arg()),
                                line=left.line, column=left.column)
        return left

    def _passed_over(self) -> Any:
        """Read the events of the node that comes next, however deep,
        without composing them (a loop, no recursion), and stand a null in
        its place: its document is refused (``deep_at``) and the stream is
        read on at the next one.  Past :data:`PASS_OVER_DEPTH` flow levels,
        or broken inside the value, :class:`LeftDeep` says where the
        parser was left, for the reader to go on at the next document."""
        loader: Any = self
        depth = self._level
        start = depth
        while True:
            try:
                event = loader.get_event()
            except yaml.YAMLError as exc:
                # broken inside the over-deep value (brackets never closed):
                # told by the nesting found first, read on after it
                mark = getattr(exc, "problem_mark", None) or self.deep_at
                raise self._left_deep(mark) from None
            if isinstance(event, (yaml.SequenceStartEvent, yaml.MappingStartEvent)):
                depth += 1
                if depth > PASS_OVER_DEPTH:
                    # libyaml's scanner pays for every open flow level at
                    # every token (100,000 levels: a minute), its parser
                    # about 100 bytes for every open level (4 million block
                    # levels: 470 MB): the parser is left here
                    raise self._left_deep(event.start_mark)
            elif isinstance(event, (yaml.SequenceEndEvent, yaml.MappingEndEvent)):
                depth -= 1
            if depth <= start:
                return yaml.ScalarNode("tag:yaml.org,2002:null", "", event.start_mark,
                                       event.end_mark)


def moved_mark(mark: Any, lines: int) -> Any:
    """*mark* (libyaml's, read-only) *lines* further down."""
    if mark is None or not lines:
        return mark
    return yaml.Mark(mark.name, mark.index, mark.line + lines, mark.column,
                     None, None)  # type: ignore[arg-type]  # (no buffer: no snippet)


def move_marks(root: Any, lines: int) -> None:
    """Count the lines of the marks of a composed document from *lines*
    (from 0) on, for a parser started there (:class:`LeftDeep`): every node
    once, iteratively (an alias's node is the node it names: moved once)."""
    seen: set[int] = set()
    stack = [root]
    while stack:
        node = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        node.start_mark = moved_mark(node.start_mark, lines)
        node.end_mark = moved_mark(node.end_mark, lines)
        if isinstance(node, yaml.MappingNode):
            for key, value in node.value:
                stack.append(key)
                stack.append(value)
        elif isinstance(node, yaml.SequenceNode):
            stack.extend(node.value)


def move_error(exc: yaml.YAMLError, lines: int) -> yaml.YAMLError:
    """*exc* of a parser started at line *lines* (from 0), its marks'
    lines counted from there (a reader's error is placed by its position
    in the stream, which :class:`PlacedChunks` counts from there)."""
    if lines and isinstance(exc, yaml.MarkedYAMLError):
        exc.problem_mark = moved_mark(exc.problem_mark, lines)
        exc.context_mark = moved_mark(exc.context_mark, lines)
    return exc


#: A document marker opening a line: ``---`` (the next document starts
#: there) or ``...`` (it starts on the next line).
_MARKER = re.compile(r"^(?:---|\.\.\.)(?=[ \t\r\n]|$)", re.M)


def next_document(head: str, chunks: Iterator[str], line: int,
                  mid_line: bool) -> tuple[str, int] | None:
    """The text from the next document of a stream on, and its line (from
    0): *head* is the text from where the parser was left (on *line*,
    *mid_line* unless at a line's start), *chunks* the rest of the stream,
    read on from where this stops.  The lines passed over are looked at one
    chunk at a time, never held (a document of 16 MB of brackets)."""
    buf, ended = head, False
    while True:
        if mid_line:
            nl = buf.find("\n")
            if nl >= 0:
                buf, mid_line, line = buf[nl + 1:], False, line + 1
        if not mid_line:
            m = _MARKER.search(buf)
            if m is not None and (m.end() < len(buf) or ended):
                line += buf.count("\n", 0, m.start())
                if buf.startswith("---", m.start()):
                    return buf[m.start():], line
                buf, mid_line = buf[m.end():], True
                continue
            cut = buf.rfind("\n") + 1
            line += buf.count("\n", 0, cut)
            # the line begun: its first characters tell a marker
            buf = buf[cut:cut + 8]
        else:
            buf = ""
        if ended:
            return None
        chunk = next(chunks, None)
        if chunk is None:
            ended = True
        else:
            buf += chunk


#: The tags YAML 1.1 gives a bare word other than text (``Yes``, ``007``,
#: ``1.50``, ``2025-11-16``); null (``~``, ``null``, nothing) is left null.
_WORD_TAGS = frozenset(f"tag:yaml.org,2002:{t}" for t in ("bool", "int", "float", "timestamp"))
_STR_TAG = "tag:yaml.org,2002:str"


def words_as_text(node: Any) -> None:
    """Make every bare word of the composed *node* that YAML resolved to a
    boolean, number or date text again, as written, before it is
    constructed: for a file whose every value is a name (an aliases file),
    where ``Yes: [yes]`` or ``007`` mean the names, and ``str()`` of the
    value (``True``, ``7``) would not give them back.  Only a word whose
    type YAML guessed is retagged: an explicit tag (``!!bool x``) is kept,
    and refused where its type cannot hold the word."""
    resolver: Any = Resolver()    # (PyYAML is untyped)
    resolve = resolver.resolve
    stack = [node]
    while stack:
        n = stack.pop()
        if isinstance(n, yaml.ScalarNode):
            if not n.style and n.tag in _WORD_TAGS \
                    and resolve(yaml.ScalarNode, n.value, (True, False)) == n.tag:
                n.tag = _STR_TAG
        elif isinstance(n, yaml.SequenceNode):
            stack.extend(n.value)
        elif isinstance(n, yaml.MappingNode):
            for k, v in n.value:
                stack.append(k)
                stack.append(v)


#: A whole number as JSON and YAML 1.2 write it: decimal, no leading zero.
_DECIMAL = re.compile(r"[-+]?(?:0|[1-9][0-9]*)")
_INT_TAG = "tag:yaml.org,2002:int"


def decimal_or_text(node: Any) -> bool:
    """Whether the composed scalar *node*, a whole number to YAML, is one
    written in decimal; if not, make it the text it is written as.

    YAML 1.1 (PyYAML's resolver) reads other spellings as whole numbers
    too: base 60 (``1:20`` is 80), ``1_000``, ``0x10``, ``0b10`` and a
    leading zero as octal (``010`` is 8).  No one means them in a record or
    a rules file, and one taken silently changes the record (``number:
    1:20`` was deal 80, ``target: 1:40`` a game to 100): kept as the text
    written, the field that wants a number refuses it and quotes it, as
    JSON refuses ``0x10`` and ``010``.  A word that is a whole number only
    by its explicit tag (``!!int abc``) is left to the constructor, which
    refuses it (``yaml.bad_value``)."""
    if node.tag != _INT_TAG or _DECIMAL.fullmatch(node.value) is not None:
        return True
    resolver: Any = Resolver()    # (PyYAML is untyped)
    if not node.style and resolver.resolve(yaml.ScalarNode, node.value, (True, False)) == _INT_TAG:
        node.tag = _STR_TAG
    return False


# Broken YAML, located and worded -------------------------------------------------------

#: The parser's errors by kind, for a problem the catalogs have no words for:
#: the message names the kind of fault in the run's language rather than
#: quoting the parser's English (PyYAML and libyaml word their problems in
#: English only, and new versions add new words).
_KINDS: tuple[tuple[type[yaml.YAMLError], str], ...] = (
    (yaml.reader.ReaderError, "yaml.kind.reader"),
    (yaml.scanner.ScannerError, "yaml.kind.scanner"),
    (yaml.parser.ParserError, "yaml.kind.parser"),
    (yaml.composer.ComposerError, "yaml.kind.composer"),
    (yaml.constructor.ConstructorError, "yaml.kind.constructor"),
)


#: What PyYAML's safe constructor raises, besides its ``YAMLError``, on an
#: explicitly tagged value its type cannot hold: ``!!int abc`` and
#: ``2025-13-45`` a ``ValueError``, ``!!bool x`` a ``KeyError``,
#: ``!!timestamp x`` an ``AttributeError`` (every reader of YAML catches
#: them as a bad value, ``yaml.bad_value``: they were internal errors, exit 3).
CONSTRUCT_ERRORS = (ValueError, LookupError, AttributeError)


#: The character at a character index of a text, or ``None`` when not known.
Peek = Callable[[int], "str | None"]


def text_peek(text: str) -> Peek:
    """The :data:`Peek` of a whole text."""
    def peek(index: int) -> str | None:
        return text[index] if 0 <= index < len(text) else None
    return peek


def _tab_at(exc: yaml.YAMLError, peek: Peek | None) -> bool:
    """Whether the scanner stopped on a tab.  libyaml says only "found
    character that cannot start any token" of a tab used as indentation
    (PyYAML names the character, libyaml does not), and a person who
    indents with the tab key needs to hear that YAML wants spaces."""
    if not isinstance(exc, yaml.scanner.ScannerError) or exc.problem_mark is None:
        return False
    if exc.problem and "tab" in exc.problem:
        return True
    return peek is not None and peek(exc.problem_mark.index) == "\t"


def yaml_words(exc: yaml.YAMLError, peek: Peek | None = None) -> Msg | None:
    """The catalogs' words for what the parser said (its problem, then its
    context; a reader error's reason), or ``None`` when they have none.  A
    scanner stopped on a tab (*peek* reads the character) is told that
    YAML indents with spaces (:func:`_tab_at`)."""
    if _tab_at(exc, peek):
        return msg("yaml.tab_indent")
    if isinstance(exc, yaml.MarkedYAMLError):
        return yaml_problem(exc.problem, exc.context)
    if isinstance(exc, yaml.reader.ReaderError):
        return yaml_problem(exc.reason)
    return yaml_problem(str(exc))


def yaml_kind(exc: yaml.YAMLError) -> Msg:
    """The catalogs' name for the kind of *exc* (a character YAML does not
    allow, a token, the structure, an anchor, a value): what a message says
    of a problem :func:`yaml_words` does not know."""
    for kind, key in _KINDS:
        if isinstance(exc, kind):
            return msg(key)
    return msg("yaml.kind.other")


#: Where a text holds a reader's position: (position, whether it counts
#: UTF-8 bytes) -> (line, column) from 1, or ``None`` when not known.
Placer = Callable[[int, bool], "tuple[int, int] | None"]


def text_placer(text: str) -> Placer:
    """The :data:`Placer` of a whole text."""
    def place(position: int, in_bytes: bool) -> tuple[int, int] | None:
        head = _head(text, position, in_bytes)
        if head is None:
            return None
        return head.count("\n") + 1, len(head) - head.rfind("\n")
    return place


def _head(piece: str, position: int, in_bytes: bool) -> str | None:
    """The first *position* characters (UTF-8 bytes with *in_bytes*) of *piece*."""
    if in_bytes:
        raw = piece.encode("utf-8", "surrogatepass")
        if position > len(raw):
            return None
        return raw[:position].decode("utf-8", "ignore")
    return piece[:position] if position <= len(piece) else None


def yaml_place(exc: yaml.YAMLError, place: Placer | None = None) -> tuple[int | None, int | None]:
    """The line and column (from 1) of *exc* in the text: its problem mark
    (else its context mark), or for a reader error (a character YAML does
    not allow, which has no mark) its position, which PyYAML counts in
    characters and libyaml in UTF-8 bytes, through *place*."""
    if isinstance(exc, yaml.MarkedYAMLError):
        mark = exc.problem_mark or exc.context_mark
        if mark is not None:
            return mark.line + 1, mark.column + 1
        return None, None
    if isinstance(exc, yaml.reader.ReaderError) and place is not None \
            and isinstance(exc.position, int) and exc.position >= 0:
        at = place(exc.position, exc.encoding != "unicode")
        if at is not None:
            return at
    return None, None


def yaml_error(exc: yaml.YAMLError, place: Placer | None = None,
               peek: Peek | None = None) -> RecordError:
    """A record's broken YAML as a syntax error: "not valid YAML: ..." in
    the catalogs' words for the parser's problem, else for its kind, at its
    line and column (:func:`yaml_place`) when the parser says where."""
    line, column = yaml_place(exc, place)
    words = yaml_words(exc, peek) or yaml_kind(exc)
    return RecordError(msg("record.yaml", problem=words.arg()), line=line, column=column)


class PlacedChunks:
    """A file-like ``read(size)`` over text chunks for the YAML parser, which
    keeps where the last pieces it handed out stand in the text, so that a
    reader error (a character YAML does not allow, placed by its position
    only) is placed at its line and column without the text kept whole."""

    def __init__(self, chunks: Iterable[str], head: str = "", line: int = 1) -> None:
        self._chunks = iter(chunks)
        self._buf = head
        self._at = 0
        #: (characters before, bytes before, line, column, piece): the last
        #: few pieces, and at least the last 64 K characters handed out (the
        #: parser is behind what it was handed by its buffer at most)
        self._kept: list[tuple[int, int, int, int, str]] = []
        self._chars = self._bytes = 0
        self._line, self._column = line, 1
        #: characters handed out when the last document was composed
        self._document_start = 0

    def new_document(self) -> None:
        """A document was composed: the ``record`` limit counts afresh from
        what has been handed out so far (the parser's read-ahead included,
        so a document is never counted longer than it is)."""
        self._document_start = self._chars

    def read(self, size: int = -1) -> str:
        # (the text not handed out yet is self._buf from self._at: a piece
        # handed out is not cut off the buffer's front, which copied the
        # rest of a large chunk at every read)
        while size < 0 or len(self._buf) - self._at < size:
            chunk = next(self._chunks, None)
            if chunk is None:
                break
            self._buf = self._buf[self._at:] + chunk
            self._at = 0
        if size < 0:
            out, self._buf, self._at = self._buf[self._at:], "", 0
        else:
            out = self._buf[self._at:self._at + size]
            self._at += len(out)
        limit = current_limits().record
        if self._chars + len(out) - self._document_start > limit:
            # One YAML document is one game, bounded as a JSONL line is: a
            # 200 MB document was composed whole (480 MB).  Told where the
            # reading went over, before the parser holds more.
            over = self._document_start + limit - self._chars
            head = out[:max(over, 0)]
            breaks = head.count("\n")
            line = self._line + breaks
            column = len(head) - head.rfind("\n") if breaks else self._column + len(head)
            over_error = OverRecord(limit_message("limit.what.game_length", "record", limit),
                                    line=line, column=column)
            # (the reading goes on from here, at the next document: the text
            # not handed out is its head, the parser's state is dropped)
            over_error.head = out + self._buf[self._at:]
            over_error.head_line = self._line - 1
            over_error.mid_line = self._column != 1
            over_error.chunks = self._chunks
            self._buf, self._at = "", 0
            raise over_error
        self._kept.append((self._chars, self._bytes, self._line, self._column, out))
        kept = self._kept
        while len(kept) > 3 and self._chars - kept[1][0] >= 1 << 16:
            del kept[0]
        self._chars += len(out)
        self._bytes += len(out.encode("utf-8", "surrogatepass"))
        breaks = out.count("\n")
        if breaks:
            self._line += breaks
            self._column = len(out) - out.rfind("\n")
        else:
            self._column += len(out)
        return out

    def rest(self, index: int) -> tuple[str, Iterator[str]] | None:
        """The text from character *index* on, as far as it was handed out or
        read ahead, and the chunks after it; None if *index* is before the
        pieces kept."""
        for k, (chars, _nbytes, _line, _column, piece) in enumerate(self._kept):
            if chars <= index < chars + len(piece):
                head = piece[index - chars:] + "".join(p[4] for p in self._kept[k + 1:])
                return head + self._buf[self._at:], self._chunks
        if index == self._chars:
            return self._buf[self._at:], self._chunks
        return None

    def peek(self, index: int) -> str | None:
        """The :data:`Peek` of the text handed out (its last pieces)."""
        for chars, _nbytes, _line, _column, piece in reversed(self._kept):
            if index >= chars:
                return piece[index - chars] if index - chars < len(piece) else None
        return None

    def place(self, position: int, in_bytes: bool) -> tuple[int, int] | None:
        """The :data:`Placer` of the text handed out (its last pieces)."""
        for chars, nbytes, line, column, piece in reversed(self._kept):
            start = nbytes if in_bytes else chars
            if position >= start:
                head = _head(piece, position - start, in_bytes)
                if head is None:
                    return None
                breaks = head.count("\n")
                if breaks:
                    return line + breaks, len(head) - head.rfind("\n")
                return line, column + len(head)
        return None
