"""The grammar as the reader's oracle: ``grammar/hearts.lark`` read by Lark.

The reader reads HRN lines with its own lexer (``hearts_notation.io.hrn.lex``).
The grammar stays the normative definition of the syntax, so the tests read
the same text a second way: Lark parses each logical line into a tree and
the transformer below makes of it the same typed elements, with the same
value helpers; the reader's assembler then turns them into games
(:func:`oracle_games`).  Both ways must give the same games, errors and
positions (``tests/test_hrn_lexer.py``).

A line's bad values are reported after its syntax, in the order the
grammar's rules complete (children before their rule, left to right), as
Lark's tree transformer visits them.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator
from itertools import pairwise
from typing import Any

from lark import Lark, Token, Transformer
from lark.exceptions import UnexpectedInput

from hearts_notation.cards import Card
from hearts_notation.io.events import GameBuilder
from hearts_notation.io.hrn.cut import cut_games, game_lines
from hearts_notation.io.hrn.elements import (
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
from hearts_notation.io.hrn.lark_reader import explain_line, grammar_text
from hearts_notation.io.hrn.lex import (
    HrnSyntaxError,
    card_token,
    check_cards,
    comment_text,
    glued_cards,
    group_cards,
    in_display_order,
    join_comments,
    pass_mark,
    pbn_cards,
    tag_value,
)
from hearts_notation.io.hrn.lex import number as number_of
from hearts_notation.io.hrn.reader import visit_game
from hearts_notation.io.hrn.words import DIRECTIONS, MOON_CHOICES
from hearts_notation.model import Game
from hearts_notation.rules import RuleSet

SEATS = ("N", "E", "S", "W")


def _fold(text: str) -> str:
    folded = text.lower().replace("ſ", "s").replace("ı", "i").replace("i̇", "i").replace("İ", "i")
    return " ".join(folded.split())


class _Elements(Transformer[Token, Any]):
    """A line's parse tree -> the reader's elements (``base``: its first line)."""

    def __init__(self, base: int) -> None:
        super().__init__()
        self.base = base

    def _at(self, tok: Token) -> tuple[int, int]:
        return (tok.line or 1) + self.base - 1, tok.column or 1

    def _comments(self, toks: list[Any]) -> list[Element]:
        return [CommentEl(*self._at(t), comment_text(t.value)) for t in toks
                if isinstance(t, Token) and t.type == "COMMENT"]

    def start(self, children: list[Any]) -> list[Element]:
        out: list[Element] = []
        for ch in children:
            if isinstance(ch, Token):
                out.append(CommentEl(*self._at(ch), comment_text(ch.value)))
            else:
                out.extend(ch)
        return out

    def tag(self, children: list[Token]) -> Element:
        bracket, name, value = children
        return TagEl(*self._at(bracket), name.value, *self._at(value), tag_value(value.value),
                     *self._at(name))

    def tag_line(self, children: list[Any]) -> list[Element]:
        return [c for c in children if not isinstance(c, Token)] + self._comments(children)

    def deal_line(self, children: list[Token]) -> list[Element]:
        ln, col = self._at(children[0])
        # (the number is the INT: a French sheet's "n°" may stand before it)
        num = next(t for t in children if t.type == "INT")
        number = number_of(num.value, *self._at(num))
        dealer: str | None = None
        dl = dc = 0
        direction: str | None = None
        for i, t in enumerate(children):
            if t.type == "DEALER":
                dealer = children[i + 1].value
                dl, dc = self._at(children[i + 1])
            elif t.type == "DIRECTION":
                direction = DIRECTIONS[_fold(t.value)]
        return [DealEl(ln, col, number, dealer, dl, dc, direction), *self._comments(children)]

    def suit_groups(self, children: list[Token]) -> tuple[str, tuple[Card, ...]]:
        seen: dict[int, tuple[int, int]] = {}
        cards: list[Card] = []
        for t in children:
            cards.extend(group_cards(t.value, *self._at(t), seen))
        check_cards(len(cards), "hand", *self._at(children[0]))
        return ("cards", in_display_order(cards))

    def card_list(self, children: list[Token]) -> tuple[str, tuple[Card, ...]]:
        cards = []
        for t in children:
            ln, col = self._at(t)
            card, mark = card_token(t.value, ln, col)
            if mark is not None:
                from hearts_notation.i18n import msg

                raise HrnSyntaxError(msg("syntax.mark_in_hand"), ln, col + len(t.value) - len(mark))
            cards.append(card)
        check_cards(len(cards), "hand", *self._at(children[0]))
        return ("cards", in_display_order(cards))

    def hand_line(self, children: list[Any]) -> list[Element]:
        seat = children[0]
        hand = children[1]
        cards: tuple[Card, ...] | None
        if isinstance(hand, Token):
            cards = None if hand.type == "UNKNOWN" else pbn_cards(hand.value, *self._at(hand))
        else:
            cards = hand[1]
        return [HandEl(*self._at(seat), seat.value, cards), *self._comments(children[2:])]

    def pass_line(self, children: list[Token]) -> list[Element]:
        ln, col = self._at(children[0])
        seat = children[1]
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
        return [PassEl(ln, col, seat.value, *self._at(seat), to, tl, tc, tuple(cards), pass_mark(marks),
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
        return (seat, sl, sc, card, mark, join_comments([comment_text(t.value) for t in children[i + 1:]]),
                cl, cc, tok.value, tok.start_pos, tok.end_pos)

    def trick_line(self, children: list[Any]) -> list[Element]:
        num = children[0]
        ln, col = self._at(num)
        comments = [comment_text(ch.value) for ch in children[1:] if isinstance(ch, Token)]
        plays = [ch for ch in children[1:] if not isinstance(ch, Token)]
        for before, after in pairwise(plays):
            if after[9] == before[10]:
                raise glued_cards(before[8], after[8], after[6], after[7])
        check_cards(len(plays), "trick", ln, col)
        lines = [p[6] for p in plays]
        marks = [p[4] for p in plays]
        notes = [p[5] for p in plays]
        return [TrickEl(ln, col, number_of(num.value, ln, col), join_comments(comments),
                        [p[0] for p in plays], [p[1] for p in plays], [p[2] for p in plays],
                        [p[3] for p in plays], [p[7] for p in plays],
                        None if lines.count(ln) == len(lines) else lines,
                        None if marks.count(None) == len(marks) else marks,
                        None if notes.count(None) == len(notes) else notes)]

    def _points(self, kind: str, children: list[Token]) -> list[Element]:
        ln, col = self._at(children[0])
        toks = [t for t in children[1:] if t.type != "COMMENT"]
        seats = toks[::2]
        return [PointsEl(kind, ln, col, [t.value for t in seats], [self._at(t)[0] for t in seats],
                         [self._at(t)[1] for t in seats],
                         [number_of(v.value, *self._at(v)) for v in toks[1::2]]),
                *self._comments(children)]

    def score_line(self, children: list[Token]) -> list[Element]:
        return self._points("score", children)

    def total_line(self, children: list[Token]) -> list[Element]:
        return self._points("total", children)

    def moon_line(self, children: list[Token]) -> list[Element]:
        kw, seat = children[:2]
        rest = children[2:]
        choice = None
        if rest and rest[0].type == "MOON_CHOICE":     # (``moon S`` alone: the rules' choice)
            choice = MOON_CHOICES[_fold(rest[0].value)]
            rest = rest[1:]
        return [MoonEl(*self._at(kw), seat.value, *self._at(seat), choice), *self._comments(rest)]

    def star_line(self, children: list[Token]) -> list[Element]:
        return [StarEl(*self._at(children[0])), *self._comments(children[1:])]

    def result_line(self, children: list[Token]) -> list[Element]:
        ln, col = self._at(children[0])
        if children[1].type == "SEAT":
            seats = [t for t in children[1:] if t.type == "SEAT"]
            return [ResultEl(ln, col, [t.value for t in seats], [self._at(t)[0] for t in seats],
                             [self._at(t)[1] for t in seats]), *self._comments(children[1:])]
        return [ResultEl(ln, col, None, [], []), *self._comments(children[1:])]


@functools.cache
def grammar() -> Lark:
    """The grammar, compiled by the ``lark`` package (no cache)."""
    return Lark(grammar_text(), parser="lalr", lexer="contextual", propagate_positions=False,
                maybe_placeholders=False)


def oracle_line(text: str, line: int, seats: tuple[str, ...] = SEATS) -> list[Element]:
    """The elements of one logical line as the grammar reads it, or
    :class:`HrnSyntaxError` (a syntax error worded as the reader words it,
    or a bad value)."""
    try:
        tree = grammar().parse(text)
    except UnexpectedInput:
        worded = explain_line(text, line, seats)     # the words the reader uses
        assert worded is not None
        raise worded from None
    try:
        out: list[Element] = _Elements(line).transform(tree)
    except Exception as exc:     # Lark wraps the value helpers' errors
        inner = getattr(exc, "orig_exc", exc)
        if isinstance(inner, HrnSyntaxError):
            raise inner from None
        raise
    return out


def oracle_games(text: str | Iterable[str], source: str = "-",
                 default_rules: RuleSet | str | None = None) -> Iterator[Game]:
    """:func:`~hearts_notation.io.hrn.reader.iter_hrn` with every line read by the grammar."""
    chunks = [text] if isinstance(text, str) else (ln if ln.endswith("\n") else ln + "\n" for ln in text)
    for index, cut in enumerate(cut_games(chunks, source), 1):
        yield visit_game(game_lines(cut), GameBuilder(), source, index, default_rules, read=oracle_line)


def plain(elements: list[Element]) -> list[Any]:
    """Elements with their sequences as lists, for comparing."""
    out: list[Any] = []
    for el in elements:
        if isinstance(el, TrickEl):
            out.append((el.line, el.col, el.number, el.comment, list(el.seats), list(el.seat_lines),
                        list(el.seat_cols), list(el.cards), list(el.card_cols), el.card_lines,
                        None if el.marks is None else list(el.marks),
                        None if el.comments is None else list(el.comments)))
        else:
            out.append(el)
    return out


def lexer_or_error(text: str, line: int = 1) -> Any:
    """What the reader's lexer makes of a line: its elements, or the error
    the reader reports for it (worded by the grammar when it does not read)."""
    from hearts_notation.io.hrn.lex import Mismatch, read_line

    try:
        return plain(read_line(text, line))
    except HrnSyntaxError as exc:
        return f"error: {exc}"
    except Mismatch:
        exc = explain_line(text, line, SEATS)
        assert exc is not None, f"the lexer refused a line the grammar reads: {text!r}"
        return f"error: {exc}"


def oracle_or_error(text: str, line: int = 1) -> Any:
    """What the grammar makes of a line: its elements, or its error."""
    try:
        return plain(oracle_line(text, line))
    except HrnSyntaxError as exc:
        return f"error: {exc}"


def view(game: Game) -> Any:
    """A game with every position it holds (positions are left out of a game's equality)."""
    return (
        game, game.errors, game.pos, dict(game.where),
        [(d.pos, dict(d.where), d.moon.pos if d.moon else None, [p.pos for p in d.passes.values()],
          [(t.pos, [p.pos for p in t.plays]) for t in d.tricks]) for d in game.deals],
    )


def oracle_game(text: str, source: str = "-", first_line: int = 1,
                default_rules: RuleSet | str | None = None, index: int | None = 1) -> Game:
    """:func:`~hearts_notation.io.hrn.reader.parse_game` with every line read by the grammar."""
    from hearts_notation.io.hrn.cut import iter_logical_lines, split_text

    lines = list(iter_logical_lines(split_text(text), first_line))
    return visit_game(lines, GameBuilder(), source, index, default_rules, read=oracle_line)
