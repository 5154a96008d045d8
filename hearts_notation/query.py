"""The query language of ``hearts select --where``: tokens, grammar, tree.

A hand-written tokenizer and a recursive-descent parser (never ``eval``):
the grammar is small and an error must say exactly where it is, what was
expected there and, for a misspelt predicate, what was probably meant
(``docs/select.md`` has the grammar and examples)::

    expr      := or
    or        := and ("or" and)*
    and       := unary ("and" unary)*
    unary     := "not" unary | "(" expr ")" | predicate
    predicate := NAME ["(" arg ("," arg)* ")"] [OP value]
    OP        := "==" | "=" | "!=" | "<" | "<=" | ">" | ">=" | "~"

What a predicate means, which arguments and comparisons it takes, is in
:data:`PREDICATES`; evaluating the tree against games is
:mod:`hearts_notation.select`'s job.  This module knows cards, suits and
marks only as the notation writes them (``QS``, ``Q♠``, French ``D♠``), so
a query reads like a record.
"""

from __future__ import annotations

import re
from typing import Literal

from .cards import SUIT_MASKS, Card, CardError, parse_card, parse_suit
from .i18n import Arg, Msg, msg, translate
from .model import MARKS
from .nearest import close_words

#: The finding codes of docs/spec.md, section 5.2 (a test keeps the two in step).
FINDING_CODES: tuple[str, ...] = (
    "syntax-error", "unknown-rule", "duplicate-card", "hand-size", "missing-cards",
    "removed-card", "deal-number", "dealer-rotation", "pass-direction", "pass-count",
    "pass-not-held", "out-of-turn", "not-held", "pass-mismatch", "opening-lead", "revoke",
    "first-trick-points", "hearts-not-broken", "trick-size", "incomplete-deal",
    "score-mismatch", "total-mismatch", "moon-choice", "result-mismatch", "game-continued",
    "sheet-unchecked", "sheet-sum", "sheet-moon", "sheet-points", "player-conflict",
    "tag-name", "unclosed-comment", "duplicate-key", "cut-history", "unnamed-seats",
)
SEVERITIES: tuple[str, ...] = ("info", "warning", "error")

#: How much of a query is accepted (characters, and predicates in it).
MAX_QUERY = 4000
MAX_PREDICATES = 200
#: How deep ``not`` and parentheses nest: the parser and every walk of the
#: tree recurse once a level, and 500 parentheses (or 990 ``not``) within
#: the 4,000 characters ran past Python's stack ("internal error", exit 3).
MAX_DEPTH = 100

Scope = Literal["deal", "game"]
Kind = Literal["seat", "card", "suit", "code", "mark", "tag", "name", "expr", "after_pass"]


class _Value:
    """Base of the query's small value classes (a predicate's table entry,
    a token, the tree's nodes): equality, hashing and a repr made from
    their slots, what ``@dataclass(frozen=True, slots=True)`` would
    generate, without the half millisecond per class the decorator costs
    at import (``hearts select`` imports this module at every start; the
    query is parsed once).  The values are not changed after they are made."""

    __slots__: tuple[str, ...] = ()
    #: the slots equality and hashing look at (all of them unless said)
    _compare: tuple[str, ...] | None = None

    def _key(self) -> tuple[object, ...]:
        return tuple(getattr(self, n) for n in (self._compare or self.__slots__))

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and isinstance(other, _Value) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash((type(self).__name__, *self._key()))

    def __repr__(self) -> str:
        fields = ", ".join(f"{n}={getattr(self, n)!r}" for n in self.__slots__)
        return f"{type(self).__name__}({fields})"


class Spec(_Value):
    """What a predicate takes: its arguments (the last ones may be left
    out), the comparisons it allows and the kind of value compared, whether
    it may stand without a comparison, and whether it is about one deal
    (``deal``: it holds for a game when it holds for one of its deals) or
    about the game."""

    __slots__ = ("args", "bare", "ops", "optional", "scope", "value")

    def __init__(self, args: tuple[Kind, ...], optional: int, ops: tuple[str, ...], value: str,
                 bare: bool, scope: Scope) -> None:
        self.args = args
        self.optional = optional
        self.ops = ops
        self.value = value
        self.bare = bare
        self.scope = scope


_EQ = ("==", "!=")
_ORD = ("==", "!=", "<", "<=", ">", ">=")

PREDICATES: dict[str, Spec] = {
    "moon": Spec((), 0, _EQ, "who", True, "deal"),
    "queen": Spec((), 0, _EQ, "who", False, "deal"),
    "points": Spec(("seat",), 0, _ORD, "int", False, "deal"),
    "number": Spec((), 0, _ORD, "int", False, "deal"),
    "holds": Spec(("seat", "card", "after_pass"), 1, (), "", True, "deal"),
    "count": Spec(("seat", "suit", "after_pass"), 1, _ORD, "int", False, "deal"),
    "void": Spec(("seat", "suit", "after_pass"), 1, (), "", True, "deal"),
    "mark": Spec(("mark", "seat"), 1, (), "", True, "deal"),
    "deal": Spec(("expr",), 0, (), "", True, "deal"),
    "total": Spec(("seat",), 0, _ORD, "int", False, "game"),
    "winner": Spec((), 0, _EQ, "who", True, "game"),
    "finding": Spec(("code",), 0, (), "", True, "game"),
    "valid": Spec((), 0, (), "", True, "game"),
    "severity": Spec((), 0, _ORD, "severity", False, "game"),
    "tag": Spec(("tag",), 0, ("==", "!=", "~"), "text", True, "game"),
    "date": Spec((), 0, _ORD, "date", False, "game"),
    "rules": Spec((), 0, ("==", "!=", "~"), "rules", False, "game"),
    "players": Spec((), 0, _ORD, "int", False, "game"),
    "player": Spec(("name",), 0, (), "", True, "game"),
}

#: The French names of the predicates and words, as the notation reads French keywords
#: (``donne``, ``passe``): a French query reads ``lune == "Hélène" et dame == O``.
FRENCH_WORDS: dict[str, str] = {
    "lune": "moon", "capot": "moon", "dame": "queen", "numéro": "number", "numero": "number",
    "tient": "holds",
    "compte": "count", "vide": "void", "marque": "mark", "donne": "deal", "gagnant": "winner",
    "constat": "finding", "valide": "valid", "gravité": "severity", "gravite": "severity",
    "étiquette": "tag", "etiquette": "tag", "règles": "rules", "regles": "rules",
    "joueurs": "players", "joueur": "player",
    "et": "and", "ou": "or", "non": "not",
    "après_passe": "after_pass", "apres_passe": "after_pass",
    "avertissement": "warning", "erreur": "error",
}

#: Other words a suit may be given by (the notation's letters and symbols
#: come from :func:`hearts_notation.cards.parse_suit`).
_SUIT_WORDS: dict[str, int] = {
    "clubs": 0, "diamonds": 1, "hearts": 2, "spades": 3,
    "trèfle": 0, "trefle": 0, "carreau": 1, "cœur": 2, "coeur": 2, "pique": 3,
}

# Tokens ---------------------------------------------------------------------------------

_SUITS = "♠♥♦♣♤♡♢♧"
_TOKEN = re.compile(
    r"(?P<space>\s+)"
    r"|(?P<string>\"(?:[^\"\\]|\\.)*\"|'(?:[^'\\]|\\.)*')"
    rf"|(?P<word>(?:10|[2-9])[{_SUITS}SHDCshdc](?![\w{_SUITS}])"
    rf"|(?:[^\W\d]|[{_SUITS}])[\w{_SUITS}-]*)"
    r"|(?P<number>-?\d+(?:\.\d+)*)"
    r"|(?P<op>==|!=|<=|>=|=|<|>|~)"
    r"|(?P<punct>[(),])"
    r"|(?P<mark>[!?]{1,2})"
)


class Token(_Value):
    """One token: its kind, text (a string's value, unquoted) and place."""

    __slots__ = ("end", "kind", "start", "text")

    def __init__(self, kind: str, text: str, start: int, end: int) -> None:
        self.kind = kind
        self.text = text
        self.start = start
        self.end = end


class QueryError(ValueError):
    """A query that cannot be used: where (0-based offset in the query),
    and why, as a catalog message (:meth:`text` in any language); *hint*
    is the did-you-mean, if any."""

    def __init__(self, query: str, offset: int, message: Msg, hint: str | None = None) -> None:
        super().__init__(f"{offset}: {message.text()}")
        self.query = query
        self.offset = offset
        self.msg = message
        self.hint = hint

    def text(self, lang: str = "en") -> str:
        """The error in *lang*, on three lines: what is wrong and where, the
        query, a caret under the place."""
        from .diagnostics import caret_lines  # (at the error only: not at every start)

        head = translate(lang, "select.error", column=self.offset + 1, why=self.msg.text(lang))
        if self.hint:
            head += translate(lang, "select.did_you_mean", hint=self.hint)

        # (the query quoted as a file's line is: a window round the column
        # when it is long; the whole of a 100,000-character one, and 4,000
        # spaces before its caret, went to the terminal: review 23)
        one_line = self.query.replace("\n", " ").replace("\t", " ")
        return "\n".join([head, *caret_lines([one_line], 1, self.offset + 1, indent="  ")])


#: How close a word of a query must be to a known one to be suggested: looser
#: than the notation's keywords (0.7), as a suggestion in a query's error
#: changes nothing read, and a query's words are long (``trick_winner``).
QUERY_CUTOFF = 0.6


def _found(tok: Token | None) -> Arg:
    if tok is None:
        return ("msg", "select.found.end", ())
    return ("msg", "select.found.token", (("token", tok.text if tok.kind != "string"
                                                   else f'"{tok.text}"'),))


def tokenize(query: str) -> list[Token]:
    """The tokens of *query*, or a :class:`QueryError` at the first
    character that starts none."""
    if len(query) > MAX_QUERY:
        raise QueryError(query, MAX_QUERY, msg("select.too_long", n=("num", MAX_QUERY)))
    out: list[Token] = []
    i = 0
    while i < len(query):
        m = _TOKEN.match(query, i)
        if m is None:
            if query[i] in "\"'":
                raise QueryError(query, i, msg("select.unclosed_string"))
            raise QueryError(query, i, msg("select.bad_character", char=repr(query[i])))
        kind = m.lastgroup or ""
        if kind != "space":
            text = m.group()
            if kind == "string":
                # \" \' and \\ only: any other backslash is the text's own, so
                # that "game \d" is the pattern game \d (it was game d, and a
                # documented escape of patterns matched nothing, silently).
                text = re.sub(r"\\([\"'\\])", r"\1", text[1:-1])
            out.append(Token(kind, text, m.start(), m.end()))
        i = m.end()
    return out


# The tree -------------------------------------------------------------------------------


class Who(_Value):
    """A seat as written (``S``, ``O``) or a player's name (``"Hélène"``),
    and where it stands in the query (*start*, 0-based; not compared)."""

    __slots__ = ("is_name", "start", "text")
    _compare = ("text", "is_name")

    def __init__(self, text: str, is_name: bool, start: int = -1) -> None:
        self.text = text
        self.is_name = is_name
        self.start = start


class Pred(_Value):
    """One predicate: its name, arguments, comparison and value, and its
    place in the query (for errors and ``--explain``; the text as written,
    *source*, does not count in equality)."""

    __slots__ = ("args", "end", "name", "op", "source", "start", "value")
    _compare = ("name", "args", "op", "value", "start", "end")

    def __init__(self, name: str, args: tuple[object, ...], op: str | None, value: object,
                 start: int, end: int, source: str = "") -> None:
        self.name = name
        self.args = args
        self.op = op
        self.value = value
        self.start = start
        self.end = end
        self.source = source

    @property
    def scope(self) -> Scope:
        """``deal`` or ``game`` (:class:`Spec`)."""
        return PREDICATES[self.name].scope


class Not(_Value):
    """``not X``."""

    __slots__ = ("item",)

    def __init__(self, item: Node) -> None:
        self.item = item


class And(_Value):
    """``X and Y and ...``."""

    __slots__ = ("items",)

    def __init__(self, items: tuple[Node, ...]) -> None:
        self.items = items


class Or(_Value):
    """``X or Y or ...``."""

    __slots__ = ("items",)

    def __init__(self, items: tuple[Node, ...]) -> None:
        self.items = items


Node = Pred | Not | And | Or


def predicates(node: Node) -> list[Pred]:
    """Every predicate of a tree, in the order written (``deal(...)``'s too)."""
    if isinstance(node, Pred):
        inner = [p for a in node.args if isinstance(a, Pred | Not | And | Or) for p in predicates(a)]
        return [node, *inner]
    if isinstance(node, Not):
        return predicates(node.item)
    return [p for item in node.items for p in predicates(item)]


# The parser ---------------------------------------------------------------------------


def _english(word: str) -> str:
    """A keyword as the parser knows it: lower case, French words in English."""
    low = word.lower()
    return FRENCH_WORDS.get(low, low)


def _is_seat_word(text: str) -> bool:
    """A seat name as the notation allows it: an ASCII letter, then up to
    seven ASCII letters or digits (docs/spec.md, section 3.1).  A word with
    an accent is no seat: ``queen == Maëlle`` is an error that says a
    player's name goes in quotes, not a seat that matches nothing."""
    return re.fullmatch(r"[A-Za-z][A-Za-z0-9]{0,7}", text) is not None


#: The seats of the rules' default tables (docs/spec.md, section 2.3), upper case:
#: a query's unquoted seat among them is a seat of some game whatever its record.
_DEFAULT_SEATS: frozenset[str] = frozenset({"N", "E", "S", "W", "O", "P1", "P2", "P3", "P4", "P5",
                                            "P6"})


def odd_seats(tree: Node | None) -> dict[str, int]:
    """The seats *tree* names unquoted that no default table has (not N, E,
    S, W, O, P1...P6), each with its first place in the query (0-based).

    By the grammar an unquoted word is a seat (a record's ``Seats`` tag may
    name its seats so), and a player's name goes in quotes; but a name
    written without them (``queen == Gwen``) then matched nothing, silently.
    ``hearts select`` refuses such a seat when no game it read has it
    (:func:`odd_seat_error`)."""
    out: dict[str, int] = {}
    if tree is None:
        return out
    for p in predicates(tree):
        for x in (*p.args, p.value):
            if isinstance(x, Who) and not x.is_name and x.text.upper() not in _DEFAULT_SEATS:
                out.setdefault(x.text, x.start)
    return out


def odd_seat_error(query: str, seat: str, start: int, name: str | None = None) -> QueryError:
    """The error of a seat *seat* of the query that no game read has: a
    player's name goes in quotes (the did-you-mean quotes it, as *name*
    writes it when a game's player is so called: ``Chloe`` -> ``"Chloé"``),
    a default seat mistyped in its case is named as written (``p3``: ``P3``)."""
    up = seat.upper()
    hint = up if up in _DEFAULT_SEATS else f'"{name or seat}"'
    return QueryError(query, max(start, 0), msg("select.no_such_seat", seat=seat), hint)


class DateValue(_Value):
    """A date of a query: ``2026.11.01``, ``2026.11`` or ``2026``."""

    __slots__ = ("parts",)

    def __init__(self, parts: tuple[int, ...]) -> None:
        self.parts = parts


def parse_date(text: str) -> DateValue | None:
    """``YYYY[.MM[.DD]]`` (dots or dashes) as numbers, or ``None``."""
    parts = re.split(r"[.\-/]", text.strip())
    if not 1 <= len(parts) <= 3 or not all(p.isdigit() for p in parts):
        return None
    numbers = tuple(int(p) for p in parts)
    if (len(numbers) > 1 and not 1 <= numbers[1] <= 12) or (len(numbers) > 2
                                                             and not 1 <= numbers[2] <= 31):
        return None     # no month 13, no day 40: a typing slip, said as such
    return DateValue(numbers)


class _Parser:
    def __init__(self, query: str) -> None:
        self.query = query
        self.tokens = tokenize(query)
        self.i = 0
        self.count = 0
        #: the ``not`` and parentheses open around the current token
        self.depth = 0

    def peek(self) -> Token | None:
        return self.tokens[self.i] if self.i < len(self.tokens) else None

    def at(self) -> int:
        tok = self.peek()
        return tok.start if tok is not None else len(self.query)

    def fail(self, expected: str, hint: str | None = None, tok: Token | None = None,
             **args: Arg) -> QueryError:
        tok = tok if tok is not None else self.peek()
        offset = tok.start if tok is not None else len(self.query)
        what = msg(f"select.expected.{expected}", **args)
        return QueryError(self.query, offset,
                          msg("select.expected", what=what.arg(), found=_found(tok)), hint)

    def word(self, text: str) -> bool:
        tok = self.peek()
        return tok is not None and tok.kind == "word" and _english(tok.text) == text

    def expect_punct(self, char: str, expected: str) -> Token:
        tok = self.peek()
        if tok is None or tok.kind != "punct" or tok.text != char:
            raise self.fail(expected)
        self.i += 1
        return tok

    def parse(self) -> Node:
        if not self.tokens:
            raise self.fail("predicate")
        node = self.expr()
        if self.peek() is not None:
            raise self.fail("operator")
        return node

    def expr(self) -> Node:
        items = [self.conj()]
        while self.word("or"):
            self.i += 1
            items.append(self.conj())
        return items[0] if len(items) == 1 else Or(tuple(items))

    def conj(self) -> Node:
        items = [self.unary()]
        while self.word("and"):
            self.i += 1
            items.append(self.unary())
        return items[0] if len(items) == 1 else And(tuple(items))

    def unary(self) -> Node:
        tok = self.peek()
        if tok is None or not (self.word("not") or (tok.kind == "punct" and tok.text == "(")):
            return self.predicate()
        if self.depth >= MAX_DEPTH:
            raise QueryError(self.query, tok.start, msg("select.too_deep", n=MAX_DEPTH))
        self.depth += 1
        self.i += 1
        if tok.kind == "word":          # not
            node: Node = Not(self.unary())
        else:
            node = self.expr()
            self.expect_punct(")", "close_paren")
        self.depth -= 1
        return node

    def predicate(self) -> Pred:
        tok = self.peek()
        if tok is None or tok.kind != "word" or _english(tok.text) in ("and", "or", "not"):
            raise self.fail("predicate")
        name = _english(tok.text)
        spec = PREDICATES.get(name)
        if spec is None:
            words = [*PREDICATES, *(w for w, e in FRENCH_WORDS.items() if e in PREDICATES)]
            close = close_words(tok.text.lower(), words, cutoff=QUERY_CUTOFF)
            raise QueryError(self.query, tok.start,
                             msg("select.unknown_predicate", name=tok.text,
                                 known=("msg", "select.predicates", ())),
                             close[0] if close else None)
        self.count += 1
        if self.count > MAX_PREDICATES:
            raise QueryError(self.query, tok.start, msg("select.too_many", n=MAX_PREDICATES))
        self.i += 1
        args: list[object] = []
        nxt = self.peek()
        if spec.args and nxt is not None and nxt.kind == "punct" and nxt.text == "(":
            self.i += 1
            for k, kind in enumerate(spec.args):
                if k >= len(spec.args) - spec.optional and self._closing():
                    break
                if k:
                    self.expect_punct(",", "comma_or_close" if k >= len(spec.args) - spec.optional
                                      else "comma")
                args.append(self.argument(kind, name))
            self.expect_punct(")", "close_paren")
        elif spec.args:
            raise self.fail("open_paren", name=tok.text)
        op: str | None = None
        value: object = None
        nxt = self.peek()
        if nxt is not None and nxt.kind == "op":
            if nxt.text == "=":
                op = "=="
            else:
                op = nxt.text
            if op not in spec.ops:
                if not spec.ops:
                    raise QueryError(self.query, nxt.start, msg("select.no_comparison", name=tok.text))
                raise QueryError(self.query, nxt.start,
                                 msg("select.bad_operator", op=nxt.text, name=tok.text,
                                     ops=("or_list", *spec.ops)))
            self.i += 1
            value = self.value(spec.value, op)
        elif not spec.bare:
            raise self.fail("comparison", name=tok.text, ops=("or_list", *spec.ops))
        end = self.tokens[self.i - 1].end
        return Pred(name, tuple(args), op, value, tok.start, end, self.query[tok.start:end])

    def _closing(self) -> bool:
        tok = self.peek()
        return tok is not None and tok.kind == "punct" and tok.text == ")"

    def argument(self, kind: Kind, name: str) -> object:
        if kind == "expr":
            return self.expr()
        tok = self.peek()
        if tok is None:
            raise self.fail(kind)
        if kind in ("seat", "name"):
            if tok.kind == "string" and tok.text.strip():
                self.i += 1
                return Who(tok.text, True, tok.start)
            if tok.kind == "word" and _is_seat_word(tok.text) and kind == "seat":
                self.i += 1
                return Who(tok.text, False, tok.start)
            if tok.kind == "word" and kind == "name":
                self.i += 1
                return Who(tok.text, True, tok.start)
            raise self.fail(kind)
        if kind == "card":
            if tok.kind == "word":
                try:
                    card: Card = parse_card(tok.text)
                except CardError:
                    raise self.fail("card") from None
                self.i += 1
                return card
            raise self.fail("card")
        if kind == "suit":
            if tok.kind == "word":
                suit = _SUIT_WORDS.get(tok.text.lower())
                if suit is None and len(tok.text) == 1:
                    try:
                        suit = parse_suit(tok.text)
                    except CardError:
                        suit = None
                if suit is not None:
                    self.i += 1
                    return SUIT_MASKS[suit]
            raise self.fail("suit")
        if kind == "after_pass":
            if self.word("after_pass"):
                self.i += 1
                return True
            raise self.fail("after_pass")
        if kind == "mark":
            if tok.kind == "mark" and tok.text in MARKS:
                self.i += 1
                return tok.text
            raise self.fail("mark", marks=" ".join(MARKS))
        if kind == "code":
            if tok.kind == "word" and tok.text.lower() in FINDING_CODES:
                self.i += 1
                return tok.text.lower()
            close = close_words(tok.text.lower(), FINDING_CODES, cutoff=QUERY_CUTOFF) \
                if tok.kind == "word" else []
            raise self.fail("code", close[0] if close else None)
        # a tag name
        if tok.kind in ("word", "string") and re.fullmatch(r"[A-Za-z0-9_]+", tok.text):
            self.i += 1
            return tok.text
        raise self.fail("tag")

    def value(self, kind: str, op: str) -> object:
        tok = self.peek()
        if tok is None:
            raise self.fail(kind if kind != "text" or op != "~" else "regex")
        if kind == "who":
            if tok.kind == "string" and tok.text.strip():
                self.i += 1
                return Who(tok.text, True, tok.start)
            if tok.kind == "word" and _is_seat_word(tok.text):
                self.i += 1
                return Who(tok.text, False, tok.start)
            raise self.fail("who")
        if kind == "int":
            if tok.kind == "number" and re.fullmatch(r"-?\d+", tok.text):
                self.i += 1
                return int(tok.text)
            raise self.fail("int")
        if kind == "severity":
            if tok.kind == "word" and _english(tok.text) in SEVERITIES:
                self.i += 1
                return SEVERITIES.index(_english(tok.text))
            close = close_words(tok.text.lower(), SEVERITIES, cutoff=QUERY_CUTOFF) \
                if tok.kind == "word" else []
            raise self.fail("severity", close[0] if close else None)
        if kind == "date":
            date = parse_date(tok.text) if tok.kind in ("number", "string") else None
            if date is None:
                raise self.fail("date")
            self.i += 1
            return date
        if kind == "rules" and op != "~":
            if tok.kind not in ("word", "string"):
                raise self.fail("rules")
            from .rules import RuleError, parse_rules

            try:
                rules = parse_rules(tok.text)       # a spec, never a file named by a query
            except RuleError as exc:
                raise QueryError(self.query, tok.start,
                                 msg("select.bad_rules", why=exc.arg())) from None
            self.i += 1
            return rules
        # text: a string (or a word), compiled when it is a pattern
        if tok.kind not in ("string", "word", "number"):
            raise self.fail("regex" if op == "~" else "text")
        self.i += 1
        if op != "~":
            return tok.text
        # (imported here: the regular expressions' module is not loaded by a query without one)
        from .saferegex import Pattern, PatternError, compile_pattern

        try:
            pattern: Pattern = compile_pattern(tok.text)
        except PatternError as exc:
            offset = tok.start + (1 if tok.kind == "string" else 0) + exc.offset
            raise QueryError(self.query, min(offset, tok.end),
                             msg("select.bad_regex", why=msg(exc.key, **exc.args_).arg())) from None
        return pattern


def parse_query(query: str) -> Node:
    """The tree of a ``--where`` expression, or a :class:`QueryError`."""
    return _Parser(query).parse()


__all__ = ["FINDING_CODES", "FRENCH_WORDS", "PREDICATES", "SEVERITIES", "And", "DateValue", "Not",
           "Or", "Pred", "QueryError", "Spec", "Token", "Who", "odd_seat_error", "odd_seats",
           "parse_date", "parse_query", "predicates", "tokenize"]
