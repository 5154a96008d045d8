"""Regular expressions that cannot run away: a Thompson NFA (a Pike VM).

``hearts select --where 'tag(Event) ~ "Quimper"'`` takes a pattern from the
command line, maybe from a web form in front of a corpus of millions of
games.  Python's :mod:`re` backtracks: ``(a|a)*b`` or ``.*.*.*x`` against a
long tag value takes exponential or high-polynomial time.  This module
compiles the usual subset of the syntax into a small automaton and runs
every alternative at once, so a search costs at most (length of the text) x
(size of the program) steps, whatever the pattern; the program's size is
bounded (:data:`MAX_PROGRAM`), so the time is linear in the text.

The syntax: literals, ``.``, classes ``[a-z]`` ``[^...]``, the escapes
``\\d \\w \\s \\D \\W \\S \\b`` and escaped punctuation, ``^`` ``$``,
groups ``( )`` ``(?: )``, ``|``, the quantifiers ``* + ? {m} {m,} {m,n}``
(a lazy ``?`` after one is accepted: only whether the text matches counts),
and ``(?i)`` at the start for a match that ignores case.  Back-references
and look-arounds, which no automaton can run in linear time, are refused
with a :class:`PatternError` saying where.  A search finds the pattern
anywhere in the text (as :func:`re.search`); ``^``/``$`` anchor it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

#: Characters of a pattern, and instructions of a compiled program, at most.
MAX_PATTERN = 1000
MAX_PROGRAM = 5000
#: The largest count of a ``{m,n}`` quantifier.
MAX_REPEAT = 100

# Instructions: (op, a, b).
_CHAR, _ANY, _CLASS, _SPLIT, _JMP, _MATCH, _BOL, _EOL, _WORDB, _NWORDB = range(10)


class PatternError(ValueError):
    """A pattern this module does not run: *offset* is the 0-based place in
    the pattern, *key* the message id (``select.regex.*``) of what is wrong."""

    def __init__(self, offset: int, key: str, **args: str) -> None:
        super().__init__(f"{key} at {offset}")
        self.offset = offset
        self.key = key
        self.args_ = args


@dataclass(frozen=True, slots=True)
class _Class:
    ranges: tuple[tuple[str, str], ...]
    kinds: tuple[str, ...]     # "d", "w", "s" (and upper case for their negation)
    negate: bool

    def test(self, c: str, fold: bool) -> bool:
        found = _in_class(self, c) or (fold and (_in_class(self, c.lower())
                                                  or _in_class(self, c.upper())))
        return found != self.negate


def _kind(k: str, c: str) -> bool:
    low = k.lower()
    if low == "d":
        r = c.isdigit()
    elif low == "w":
        r = c.isalnum() or c == "_"
    else:
        r = c.isspace()
    return r if k == low else not r


def _in_class(cls: _Class, c: str) -> bool:
    return any(lo <= c <= hi for lo, hi in cls.ranges) or any(_kind(k, c) for k in cls.kinds)


# Parsing to a tree: ("lit", c) ("any",) ("class", _Class) ("bol",) ("eol",) ("wordb", neg)
# ("cat", [..]) ("alt", [..]) ("rep", node, min, max or -1)


class _Parser:
    def __init__(self, pattern: str) -> None:
        self.p = pattern
        self.i = 0

    def peek(self) -> str:
        return self.p[self.i] if self.i < len(self.p) else ""

    def alt(self) -> tuple[object, ...]:
        items = [self.concat()]
        while self.peek() == "|":
            self.i += 1
            items.append(self.concat())
        return items[0] if len(items) == 1 else ("alt", items)

    def concat(self) -> tuple[object, ...]:
        items: list[tuple[object, ...]] = []
        while self.peek() not in ("", "|", ")"):
            items.append(self.repeat())
        return ("cat", items)

    def repeat(self) -> tuple[object, ...]:
        node = self.atom()
        if self._quantifier_here():
            if node[0] in ("bol", "eol", "wordb"):
                raise PatternError(self.i, "select.regex.nothing_to_repeat")
            lo, hi = self.quantifier()
            if self.peek() == "?":      # lazy: the same for a yes/no search
                self.i += 1
            if self._quantifier_here():
                raise PatternError(self.i, "select.regex.nothing_to_repeat")
            node = ("rep", node, lo, hi)
        return node

    def _quantifier_here(self) -> bool:
        c = self.peek()
        return c in ("*", "+", "?") or (c == "{" and self._looks_like_count())

    def _looks_like_count(self) -> bool:
        j = self.p.find("}", self.i)
        body = self.p[self.i + 1:j] if j > 0 else ""
        return bool(body) and all(ch.isdigit() or ch == "," for ch in body)

    def quantifier(self) -> tuple[int, int]:
        c = self.p[self.i]
        self.i += 1
        if c == "*":
            return 0, -1
        if c == "+":
            return 1, -1
        if c == "?":
            return 0, 1
        j = self.p.find("}", self.i)
        body = self.p[self.i:j] if j >= 0 else ""
        lo_s, comma, hi_s = body.partition(",")
        if j < 0 or not lo_s.isdigit() or (hi_s and not hi_s.isdigit()):
            raise PatternError(self.i - 1, "select.regex.bad_count")
        lo = int(lo_s)
        hi = (int(hi_s) if hi_s else -1) if comma else lo
        if lo > MAX_REPEAT or hi > MAX_REPEAT or (hi >= 0 and hi < lo):
            raise PatternError(self.i - 1, "select.regex.bad_count")
        self.i = j + 1
        return lo, hi

    def atom(self) -> tuple[object, ...]:
        c = self.peek()
        at = self.i
        self.i += 1
        if c == "(":
            if self.p.startswith("?:", self.i):
                self.i += 2
            elif self.peek() == "?":
                raise PatternError(at, "select.regex.unsupported", what=self.p[at:at + 3])
            node = self.alt()
            if self.peek() != ")":
                raise PatternError(self.i, "select.regex.unclosed_group")
            self.i += 1
            return node
        if c in ("*", "+", "?", "{") and not (c == "{" and not self._count_at(at)):
            raise PatternError(at, "select.regex.nothing_to_repeat")
        if c == ".":
            return ("any",)
        if c == "^":
            return ("bol",)
        if c == "$":
            return ("eol",)
        if c == "[":
            return ("class", self.klass())
        if c == "\\":
            return self.escape(at, in_class=False)
        return ("lit", c)

    def _count_at(self, at: int) -> bool:
        save = self.i
        self.i = at
        try:
            return self._looks_like_count()
        finally:
            self.i = save

    def escape(self, at: int, in_class: bool) -> tuple[object, ...]:
        if self.i >= len(self.p):
            raise PatternError(at, "select.regex.trailing_backslash")
        c = self.p[self.i]
        self.i += 1
        if c in "dwsDWS":
            return ("class", _Class((), (c,), False))
        if c == "b" and not in_class:
            return ("wordb", False)
        if c == "B" and not in_class:
            return ("wordb", True)
        if c.isdigit() or (c.isalpha() and c not in "ntrf"):
            raise PatternError(at, "select.regex.unsupported", what="\\" + c)
        return ("lit", {"n": "\n", "t": "\t", "r": "\r", "f": "\f"}.get(c, c))

    def klass(self) -> _Class:
        start = self.i - 1
        negate = self.peek() == "^"
        if negate:
            self.i += 1
        ranges: list[tuple[str, str]] = []
        kinds: list[str] = []
        first = True
        while True:
            if self.i >= len(self.p):
                raise PatternError(start, "select.regex.unclosed_class")
            c = self.p[self.i]
            if c == "]" and not first:
                self.i += 1
                break
            first = False
            at = self.i
            self.i += 1
            if c == "\\":
                node = self.escape(at, in_class=True)
                if node[0] == "class":
                    kinds.extend(node[1].kinds)  # type: ignore[attr-defined]
                    continue
                c = str(node[1])
            if self.peek() == "-" and self.i + 1 < len(self.p) and self.p[self.i + 1] != "]":
                self.i += 1
                hi = self.p[self.i]
                self.i += 1
                if hi == "\\":
                    node = self.escape(self.i - 1, in_class=True)
                    if node[0] != "lit":
                        raise PatternError(self.i - 2, "select.regex.bad_range")
                    hi = str(node[1])
                if hi < c:
                    raise PatternError(at, "select.regex.bad_range")
                ranges.append((c, hi))
            else:
                ranges.append((c, c))
        return _Class(tuple(ranges), tuple(kinds), negate)


class _Compiler:
    def __init__(self, fold: bool) -> None:
        self.prog: list[tuple[int, object, int]] = []
        self.fold = fold

    def emit(self, op: int, a: object = None, b: int = 0) -> int:
        if len(self.prog) >= MAX_PROGRAM:
            raise PatternError(0, "select.regex.too_big")
        self.prog.append((op, a, b))
        return len(self.prog) - 1

    def node(self, n: tuple[object, ...]) -> None:
        kind = n[0]
        if kind == "lit":
            c = str(n[1])
            self.emit(_CHAR, c.lower() if self.fold else c)
        elif kind == "any":
            self.emit(_ANY)
        elif kind == "class":
            self.emit(_CLASS, n[1])
        elif kind == "bol":
            self.emit(_BOL)
        elif kind == "eol":
            self.emit(_EOL)
        elif kind == "wordb":
            self.emit(_NWORDB if n[1] else _WORDB)
        elif kind == "cat":
            for x in n[1]:  # type: ignore[attr-defined]
                self.node(x)
        elif kind == "alt":
            self.alt(list(n[1]))  # type: ignore[call-overload]
        else:
            self.rep(n[1], int(n[2]), int(n[3]))  # type: ignore[arg-type, call-overload]

    def alt(self, items: list[tuple[object, ...]]) -> None:
        if len(items) == 1:
            self.node(items[0])
            return
        split = self.emit(_SPLIT, 0, 0)
        self.node(items[0])
        jmp = self.emit(_JMP, 0)
        second = len(self.prog)
        self.alt(items[1:])
        self.prog[split] = (_SPLIT, split + 1, second)
        self.prog[jmp] = (_JMP, len(self.prog), 0)

    def rep(self, node: tuple[object, ...], lo: int, hi: int) -> None:
        for _ in range(lo):
            self.node(node)
        if hi < 0:                       # x*: L: split L+1, out; x; jmp L
            split = self.emit(_SPLIT, 0, 0)
            self.node(node)
            self.emit(_JMP, split)
            self.prog[split] = (_SPLIT, split + 1, len(self.prog))
            return
        holes: list[int] = []
        for _ in range(hi - lo):         # x?: split L+1, out; x
            holes.append(self.emit(_SPLIT, 0, 0))
            self.node(node)
        for h in holes:
            self.prog[h] = (_SPLIT, h + 1, len(self.prog))


#: The sets of instructions a pattern's memo keeps (:class:`_Memo`) before it
#: starts again: a few hundred bytes to a few kilobytes each.
MAX_STATES = 2000
#: The steps it keeps (one per set and character met: a text of many
#: different characters, in another script, makes many).
MAX_STEPS = 100_000


class _Memo:
    """The automaton's steps already taken, for :meth:`Pattern.search`.

    Simulating the automaton costs (length of the text) x (instructions
    alive) steps: linear, but a pattern such as ``(.{0,100}){20}x`` keeps
    some two thousand instructions alive, and one search of a tag of
    65,000 characters took 71 CPU-seconds (a corpus of such records, hours).
    Most texts take the automaton through few distinct *sets* of live
    instructions, and the characters fall in few *kinds* (those that pass
    the same of the pattern's tests: for ``.`` and ``x``, an ``x``, a line
    break, anything else), so each set is numbered once, each character's
    kind is worked out once, and each step from a set on a kind (with what
    the next place looks like to ``$`` and ``\\b``) is remembered: a step
    taken before costs two dictionary look-ups, in any script.  The
    memo is bounded (:data:`MAX_STATES` sets and :data:`MAX_STEPS` steps,
    then it starts again), so a text that keeps finding new sets or
    characters costs what the simulation costs.  It
    is the pattern's own (kept across the records of a run) and is not
    pickled: a worker process starts with an empty one."""

    __slots__ = ("accepting", "generation", "ids", "kinds", "sets", "steps", "tests")

    def __init__(self) -> None:
        #: how many times the memo started again (a number taken before
        #: belongs to an older generation, and names another set now)
        self.generation = 0
        self.ids: dict[tuple[int, ...], int] = {}
        self.sets: list[tuple[int, ...]] = []
        self.accepting: list[bool] = []
        self.steps: dict[tuple[int, int, bool, bool], int] = {}
        #: the pattern's distinct tests of a character (made at the first search)
        self.tests: list[tuple[int, object]] | None = None
        #: each character met, as the tests it passes (a bit each) and
        #: whether it is a word character (the last bit)
        self.kinds: dict[str, int] = {}

    def __reduce__(self) -> tuple[type[_Memo], tuple[()]]:
        return (_Memo, ())

    def restart(self) -> None:
        """Forget every set and step (a new generation)."""
        self.generation += 1
        self.ids.clear()
        self.sets.clear()
        self.accepting.clear()
        self.steps.clear()

    def number(self, live: list[int], program: tuple[tuple[int, object, int], ...]) -> int:
        """The number of the set of instructions *live* (numbered if new)."""
        key = tuple(sorted(live))
        found = self.ids.get(key)
        if found is not None:
            return found
        if len(self.sets) >= MAX_STATES:
            self.restart()
        n = len(self.sets)
        self.ids[key] = n
        self.sets.append(key)
        self.accepting.append(any(program[pc][0] == _MATCH for pc in key))
        return n


@dataclass(frozen=True, slots=True)
class Pattern:
    """A compiled pattern: :meth:`search` runs in time linear in the text."""

    text: str
    program: tuple[tuple[int, object, int], ...]
    fold: bool
    #: the steps already taken (not compared, not pickled)
    memo: _Memo = field(default_factory=_Memo, compare=False, repr=False)

    def search(self, s: str) -> bool:
        """Whether the pattern matches somewhere in *s*."""
        prog = self.program
        memo = self.memo
        # What the next place looks like matters only to $ and \\b.
        ends = any(op == _EOL for op, _, _ in prog)
        words = any(op in (_WORDB, _NWORDB) for op, _, _ in prog)
        n = len(s)
        live: list[int] = []
        self._add(live, set(), 0, True, n == 0, False, n > 0 and _kind("w", s[0]))
        state = memo.number(live, prog)
        if memo.accepting[state]:
            return True
        kinds = memo.kinds
        for i, c in enumerate(s):
            at_end = ends and i + 1 == n
            word = words and i + 1 < n and _kind("w", s[i + 1])
            kind = kinds.get(c)
            if kind is None:
                kind = self._kind_of(c)
            key = (state, kind, at_end, word)
            got = memo.steps.get(key)
            if got is None:
                generation = memo.generation
                live = self._step(memo.sets[state], c, i + 1 == n, i + 1 < n and _kind("w", s[i + 1]))
                if len(memo.steps) >= MAX_STEPS:
                    memo.restart()
                got = memo.number(live, prog)
                if memo.generation == generation:   # (else *state* names another set now)
                    memo.steps[key] = got
            state = got
            if memo.accepting[state]:
                return True
        return False

    def _kind_of(self, c: str) -> int:
        """*c* as the tests of the pattern it passes (one bit each) and
        whether it is a word character: characters of one kind take the
        automaton from a set of instructions to the same set."""
        memo = self.memo
        fold = self.fold
        if memo.tests is None:
            found: dict[object, tuple[int, object]] = {}
            for op, a, _ in self.program:
                if op in (_CHAR, _ANY, _CLASS):
                    found.setdefault(a if op == _CHAR else (op, id(a)), (op, a))
            memo.tests = list(found.values())
        lc = c.lower() if fold else c
        kind = 0
        for bit, (op, a) in enumerate(memo.tests):
            if (op == _CHAR and a == lc) or (op == _ANY and c != "\n") or \
                    (op == _CLASS and a.test(c, fold)):  # type: ignore[attr-defined]
                kind |= 1 << bit
        if _kind("w", c):
            kind |= 1 << len(memo.tests)
        if len(memo.kinds) >= MAX_STEPS:
            memo.kinds.clear()      # (a kind never changes: nothing else to forget)
        memo.kinds[c] = kind
        return kind

    def _step(self, live: tuple[int, ...], c: str, at_end: bool, word_next: bool) -> list[int]:
        """The instructions alive after *c*, from those alive before it."""
        prog = self.program
        fold = self.fold
        lc = c.lower() if fold else c
        word = _kind("w", c)
        nxt: list[int] = []
        seen: set[int] = set()
        for pc in live:
            op, a, _ = prog[pc]
            if (op == _CHAR and a == lc) or (op == _ANY and c != "\n") or \
                    (op == _CLASS and a.test(c, fold)):  # type: ignore[attr-defined]
                self._add(nxt, seen, pc + 1, False, at_end, word, word_next)
        self._add(nxt, seen, 0, False, at_end, word, word_next)     # a match may start at the next place
        return nxt

    def _add(self, out: list[int], seen: set[int], pc: int, at_start: bool, at_end: bool,
             before: bool, after: bool) -> None:
        """*pc* and the instructions it reaches without reading, at a place
        that is the start or the end of the text or not, with a word
        character *before* it or *after* it or not."""
        stack = [pc]
        prog = self.program
        while stack:
            pc = stack.pop()
            if pc in seen:
                continue
            seen.add(pc)
            op, a, b = prog[pc]
            if op == _JMP:
                stack.append(int(a))  # type: ignore[call-overload]
            elif op == _SPLIT:
                stack.append(b)
                stack.append(int(a))  # type: ignore[call-overload]
            elif op == _BOL:
                if at_start:
                    stack.append(pc + 1)
            elif op == _EOL:
                if at_end:
                    stack.append(pc + 1)
            elif op in (_WORDB, _NWORDB):
                if (before != after) == (op == _WORDB):
                    stack.append(pc + 1)
            else:
                out.append(pc)


def compile_pattern(pattern: str) -> Pattern:
    """The pattern compiled, or :class:`PatternError` (where, and why)."""
    if len(pattern) > MAX_PATTERN:
        raise PatternError(MAX_PATTERN, "select.regex.too_big")
    fold = pattern.startswith("(?i)")
    body = pattern[4:] if fold else pattern
    parser = _Parser(body)
    try:
        tree = parser.alt()
        if parser.i < len(body):          # a ")" with no "("
            raise PatternError(parser.i, "select.regex.unbalanced")
    except PatternError as exc:
        exc.offset += 4 if fold else 0
        raise
    comp = _Compiler(fold)
    comp.node(tree)
    comp.emit(_MATCH)
    return Pattern(pattern, tuple(comp.prog), fold)


__all__ = ["MAX_PATTERN", "MAX_PROGRAM", "Pattern", "PatternError", "compile_pattern"]
