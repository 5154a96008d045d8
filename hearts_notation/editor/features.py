"""What the language server answers, computed from an :class:`~.document.Analysis`.

Every answer is plain data with positions as the library counts them
inside a line (code points), 0-based lines; :mod:`.server` turns them into
the protocol's types and code units.  Keeping the answers free of pygls
lets the tests call them directly, and keeps one meaning per feature:

- diagnostics are the referee's findings, as ``validate`` reports them;
- completion in a trick offers the cards :meth:`GameState.legal_cards`
  allows the seat to play, nothing computed here;
- hover on a card follows the deal with :func:`hearts_notation.walk.walk`
  (the one replay of a recorded deal) and the game's scores from the
  referee's report;
- formatting is ``hearts fmt``'s formatter on the document's text.

The words shown come from the catalogs (``lsp.*`` ids) in the client's
language; the cards and keywords inserted follow the *record's* style
(:class:`~.document.Style`): a French record gets ``D♠`` and ``passe``
whatever the editor's language.
"""

from __future__ import annotations

import contextlib
import dataclasses
import re
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from pygments.token import Comment, Keyword, Name, Punctuation, String, Whitespace

from ..cards import Card, CardError, cards_of, display_order, parse_card
from ..diagnostics import finding_message
from ..i18n import (
    Arg,
    Args,
    Msg,
    card_text,
    catalog,
    finding_text,
    moved_places,
    players_in_view,
    seat_text,
    seats_in_view,
    translate,
)
from ..io.hrn.words import (
    DIRECTIONS,
    ENGLISH_SEATS,
    FRENCH_WEST,
    KEYWORDS_FR,
    MOON_CHOICES,
    WRITE_FR,
    compass_letters,
    seat_display,
    seat_words,
    tag_name,
)
from ..model import PLAYER_TAGS_4, Deal, Finding, Game, deal_numbers
from ..nearest import close_words
from ..output import markdown_text
from ..referee import game_seats, resolve_rules
from ..rules import RuleSet
from ..state import GameState, opening_leader, raw_points
from ..walk import deal_hands, seat_index, walk
from .document import Analysis, Checker, Placed, Style, Token, within
from .lexer import CARD_TOKEN, SEAT_TOKEN, TRICK_TOKEN

__all__ = ["Action", "Diag", "Edit", "Item", "Symbol", "code_actions", "complete", "definition",
           "diagnostics", "format_text", "hover", "symbols"]

#: The tags of docs/spec.md, section 2.2, in the order a record lists them.
SPEC_TAGS: tuple[str, ...] = ("Event", "Site", "Date", "Round", "Rules", "Seats", "North", "East",
                              "South", "West", "Source", "Annotator")
#: The line keywords in the order of a deal (English; French from WRITE_FR).
LINE_KEYWORDS: tuple[str, ...] = ("deal", "pass", "score", "total", "moon", "result")


# The answers ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Diag:
    """A finding placed in the document: 0-based line, code-point columns."""

    line: int
    start: int
    end: int
    severity: str
    code: str
    message: str
    #: (line, start, end, message) of the findings this one sums up
    related: tuple[tuple[int, int, int, str], ...] = ()


@dataclass(frozen=True, slots=True)
class Edit:
    """Replace the text from (line, column) to (end_line, end_column)."""

    line: int
    column: int
    end_line: int
    end_column: int
    text: str


@dataclass(frozen=True, slots=True)
class Item:
    """One completion: what the list shows (*label*), what goes in
    (*insert*, replacing *replace* when set), and its kind."""

    label: str
    insert: str
    kind: str
    detail: str = ""
    replace: Edit | None = None
    sort: str = ""


@dataclass
class Symbol:
    """An entry of the outline: a game, a deal or a trick, with its lines."""

    name: str
    kind: str
    line: int
    end_line: int
    end_column: int
    detail: str = ""
    children: list[Symbol] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class Action:
    """A code action: a title and the edits it makes; *codes* are the
    findings it fixes (empty for one offered on its own)."""

    title: str
    edits: tuple[Edit, ...]
    codes: tuple[str, ...] = ()


# Diagnostics ---------------------------------------------------------------------------------


#: A word of a line: up to a blank or a bracket (``str.isspace``'s blanks: ``\s``).
_WORD = re.compile(r"[^\s{};\[]*")


def _word_end(line: str, start: int) -> int:
    """Where the word at *start* ends: a card with its mark, a keyword, a
    seat (at least one character, so that the mark shows).  Matched by a
    regular expression: a loop over the characters cost 4 s on a line of
    ten million."""
    match = _WORD.match(line, start)
    end = match.end() if match is not None else start
    return max(end, min(start + 1, len(line)))


def _place(analysis: Analysis, line: int | None, column: int | None) -> tuple[int, int, int]:
    """A 1-based (line, column) of the library as a 0-based line and the
    code-point span of the word there."""
    lines = analysis.lines
    ln = min(max(1, line or 1), len(lines)) - 1
    text = lines[ln].rstrip("\r")
    if column is None:
        first = len(text) - len(text.lstrip())
        return ln, first, max(len(text), first + 1)
    start = min(max(0, column - 1), len(text))
    return ln, start, _word_end(text, start)


def _finding_at(analysis: Analysis, placed: Placed, f: Finding) -> tuple[int, int, int]:
    if f.line is None:
        game = placed.checked.game
        first = game.pos.line if game is not None and game.pos is not None else 1
        return _place(analysis, placed.absolute(first), None)
    return _place(analysis, placed.absolute(f.line), f.column)


def _message(f: Finding, lang: str, placed: Placed) -> str:
    """A finding's message in *lang*.  A game is read from its own text,
    its first line numbered 1: the messages that name another place of the
    game (``the first is at 12:1``, ``before the tag at line 30``, a comment
    that ``runs over line 14``: the arguments :data:`~hearts_notation.i18n.PLACE_ARGS`
    declares) are made to name it in the document, as ``validate`` does."""
    args = moved_places(f.key, f.args, placed.first_line - 1)
    if args is f.args:
        return finding_message(f, lang)
    return finding_text(lang, f.key, args, f.message)


def diagnostics(analysis: Analysis, lang: str, shown: bool = False) -> list[Diag]:
    """Every finding of the referee on every game, and what makes the
    document or a game unreadable, in *lang*: in the words of ``validate
    --format json`` (the seats as letters), or with *shown* in those
    ``validate`` prints for a person, which the editor shows: a seat named
    as the game names it (W stays W in a French message where O is another
    seat), with its player where the record names one (``Yann (E) a joué
    9♦``), and the findings a summing-up one replaced by their seats alone.
    The editor said ``E played`` where the terminal said ``Yann (E)``, on
    the same line."""
    out: list[Diag] = []
    if analysis.problem is not None:
        p = analysis.problem
        ln, a, b = _place(analysis, p.line, p.column)
        out.append(Diag(ln, a, b, "error", "syntax-error", p.text(lang)))
    for placed in analysis.games:
        problem = placed.checked.problem
        if problem is not None:
            ln, a, b = _place(analysis, placed.absolute(problem.line or 1), problem.column)
            out.append(Diag(ln, a, b, "error", "syntax-error", problem.text(lang)))
    for placed in analysis.games:
        report = placed.checked.report
        if report is None or not report.findings:
            continue
        game = report.game
        with (seats_in_view(game.seat_names) if shown else contextlib.nullcontext()), \
                players_in_view(game.players if shown else {}):
            for f in report.findings:
                ln, a, b = _finding_at(analysis, placed, f)
                message = _message(f, lang, placed)
                with players_in_view({}):
                    related = tuple((*_finding_at(analysis, placed, d), _message(d, lang, placed))
                                    for d in f.details)
                out.append(Diag(ln, a, b, f.severity, f.code, message, related))
    return out


# Reading the model ---------------------------------------------------------------------------


def _model(placed: Placed, checker: Checker) -> Game | None:
    """The game as read; for a game the reader stopped in (a syntax error
    while typing), the game read from its text up to the line of the first
    error, so that the outline, the hovers and the completions stay."""
    checked = placed.checked
    game = checked.game
    if game is None or not game.errors:
        return game
    first = min((f.line for f in game.errors if f.line is not None), default=None)
    if first is None or first <= 1:
        return None
    before = checker.read("\n".join(checked.text.split("\n")[:first - 1]))
    return before if before is not None and not before.errors else None


def _rules_and_seats(game: Game, checker: Checker) -> tuple[RuleSet, tuple[str, ...]]:
    rules = resolve_rules(game, checker.rules)
    seats, rules, _ = game_seats(game, rules)
    return rules, seats


def _deal_at(game: Game, line: int) -> tuple[int, Deal] | None:
    """The deal whose lines hold *line* (1-based, relative to the game)."""
    found: tuple[int, Deal] | None = None
    for i, deal in enumerate(game.deals):
        if deal.pos is not None and deal.pos.line <= line:
            found = (i, deal)
    return found


def _seat_of(name: str, seats: Sequence[str]) -> int | None:
    """The index of the seat a record writes *name* (any case; ``O`` for
    West at a French table with the default seats; a word at the default
    table, a letter at a table of compass words, as the reader takes them)."""
    lowered = [s.lower() for s in seats]
    if name.lower() in lowered:
        return lowered.index(name.lower())
    if tuple(seats) == ENGLISH_SEATS and name.upper() == FRENCH_WEST:
        return ENGLISH_SEATS.index("W")
    full = seat_words(tuple(seats)).get(name.lower()) or compass_letters(tuple(seats)).get(name.lower())
    if full is not None:
        return tuple(seats).index(full)
    return None


def _player_tag(position: int, n: int) -> str:
    """The tag naming the player at seat *position* (docs/spec.md, section 2.2)."""
    return PLAYER_TAGS_4[position] if n == 4 else f"P{position + 1}"


def _token_at(tokens: Sequence[Token], column: int) -> Token | None:
    """The token under the cursor: the word it is in or at the end of
    (an editor's cursor stands between characters), else the token that
    starts there."""
    for t in tokens:
        if t.column < column <= t.end and not within(t.kind, Whitespace):
            return t
    for t in tokens:
        if t.column <= column < t.end:
            return t
    return None


def _significant(tokens: Sequence[Token]) -> list[Token]:
    return [t for t in tokens if not within(t.kind, Whitespace, Comment)]


def _line_tokens(placed: Placed, line: int) -> list[Token]:
    """The tokens of the document's 0-based *line* (inside *placed*; none
    for a blank line after its text)."""
    rel = line - (placed.first_line - 1)
    tokens = placed.checked.tokens
    return tokens[rel] if 0 <= rel < len(tokens) else []


def _card_label(card: Card, style: Style) -> str:
    return card.text(style.unicode, style.lang)


def _word(english: str, style: Style) -> str:
    """A keyword or tag name in the record's words."""
    return WRITE_FR.get(english, english) if style.words == "fr" else english


def _seat_label(seat: str, seats: Sequence[str], style: Style) -> str:
    """A seat as the record writes it (``O`` for West in a French record)."""
    return seat_display(tuple(seats), style.lang).get(seat, seat)


# Completion ----------------------------------------------------------------------------------


def complete(analysis: Analysis, checker: Checker, line: int, column: int, lang: str) -> list[Item]:
    """What may be typed at (line, column): in a trick, the legal cards of
    the seat to play; in a tag, the tag names; after ``pass`` in a deal
    header, the directions; after a moon line's seat, the choices; at the
    start of a line, the keywords and the next trick number."""
    placed = analysis.game_at(line + 1)
    if placed is None:
        return _line_start_items(Style(), None, None, lang)
    style = placed.checked.style
    tokens = _line_tokens(placed, line)
    under = _token_at(tokens, column)
    if under is not None and _inside_text(under, column):
        return []
    partial = under if under is not None and under.column < column and _is_word(under) else None
    before = [t for t in _significant(tokens) if t.end <= (partial.column if partial else column)]
    replace = (Edit(line, partial.column, line, partial.end, "") if partial is not None else None)
    if before and before[0].kind is Punctuation and before[0].text == "[":
        return _tag_items(style, lang, replace) if before[-1].text == "[" else []
    if before and before[0].kind is TRICK_TOKEN:
        return _card_items(placed, checker, line, column, before, partial, lang)
    if before and within(before[0].kind, Keyword):
        return _keyword_followers(before, style, lang, replace, placed, checker, line)
    if not before:
        game = _model(placed, checker)
        return _line_start_items(style, game, placed.relative(line + 1), lang, replace, checker.rules)
    return []


def _inside_text(t: Token, column: int) -> bool:
    """Whether the cursor is inside a comment or a tag value (not just
    before its opening, nor just after its closing brace or quote)."""
    if not within(t.kind, Comment, String) or column <= t.column:
        return False
    return column < t.end or t.text[-1:] not in ('}', '"')


def _is_word(t: Token) -> bool:
    return not within(t.kind, Whitespace, Comment, Punctuation)


def _line_start_items(style: Style, game: Game | None, rel_line: int | None, lang: str,
                      replace: Edit | None = None, rules: RuleSet | str | None = None) -> list[Item]:
    detail = translate(lang, "lsp.complete.keyword")
    items = [Item(_word(k, style), _word(k, style) + " ", "keyword", detail, replace, f"1{i}")
             for i, k in enumerate(LINE_KEYWORDS)]
    if game is not None and rel_line is not None:
        found = _deal_at(game, rel_line)
        k = len(found[1].tricks) + 1 if found is not None else 0
        if found is not None and k <= resolve_rules(game, rules).tricks_per_deal:
            items.insert(0, Item(f"{k}.", f"{k}. ", "trick", translate(lang, "lsp.complete.trick"),
                                 replace, "0"))
    return items


def _tag_items(style: Style, lang: str, replace: Edit | None) -> list[Item]:
    detail = translate(lang, "lsp.complete.tag")
    out = []
    for i, tag in enumerate(SPEC_TAGS):
        name = _word(tag, style)
        out.append(Item(name, f'{name} "', "tag", detail, replace, f"{i:02d}"))
    return out


def _keyword_followers(before: list[Token], style: Style, lang: str, replace: Edit | None,
                       placed: Placed, checker: Checker, line: int) -> list[Item]:
    """After ``pass`` in a deal header: the directions; after ``moon SEAT``:
    the choices; after ``dealer``: the seats."""
    first = KEYWORDS_FR.get(before[0].text.lower(), before[0].text.lower())
    last = KEYWORDS_FR.get(before[-1].text.lower(), before[-1].text.lower())
    if first == "deal" and last == "pass":
        # The one-word forms, as the writer prints them (``passe à gauche`` reads too).
        words = [w for w, meaning in DIRECTIONS.items()
                 if (w == meaning) == (style.words == "en") and " " not in w]
        detail = translate(lang, "lsp.complete.direction")
        return [Item(w, w, "direction", detail, replace, f"{i}") for i, w in enumerate(words)]
    if first == "moon" and len(before) == 2 and before[1].kind is SEAT_TOKEN:
        words = [w for w, meaning in MOON_CHOICES.items() if (w == meaning) == (style.words == "en")]
        detail = translate(lang, "lsp.complete.choice")
        return [Item(w, w, "choice", detail, replace, f"{i}") for i, w in enumerate(words)]
    if last in ("dealer", "moon") or (first in ("score", "total", "result")
                                      and before[-1].kind not in (SEAT_TOKEN,)):
        game = _model(placed, checker)
        if game is None:
            return []
        _, seats = _rules_and_seats(game, checker)
        detail = translate(lang, "lsp.complete.seat")
        return [Item(_seat_label(s, seats, style), _seat_label(s, seats, style) + " ", "seat",
                     detail, replace, f"{i}") for i, s in enumerate(seats)]
    return []


def _card_items(placed: Placed, checker: Checker, line: int, column: int, before: list[Token],
                partial: Token | None, lang: str) -> list[Item]:
    """The legal cards of the seat to play in the trick being typed: the
    game is read up to the cursor (the card being typed, and the seat typed
    before it, left out) and its deal followed by a :class:`GameState`."""
    checked = placed.checked
    style = checked.style
    rel = line - (placed.first_line - 1)
    typed = before[-1] if len(before) > 1 and before[-1].kind is SEAT_TOKEN else None
    start = typed.column if typed is not None else (partial.column if partial is not None else column)
    text_lines = checked.text.split("\n")
    game = checker.read("\n".join([*text_lines[:rel], text_lines[rel][:start]]))
    if game is None or game.errors or not game.deals or not game.deals[-1].tricks:
        return []
    rules, seats = _rules_and_seats(game, checker)
    with_seat = typed is None and _seat_style(checked.tokens, rel, before)
    if (typed is None and partial is not None and partial.kind is SEAT_TOKEN
            and _seat_of(partial.text, seats) is not None):
        typed, with_seat = partial, True        # the seat being typed: "E" -> "E 3♣"
    deal = game.deals[-1]
    trick = deal.tricks[-1]
    if len(trick.plays) >= len(seats):
        return []
    hands = deal_hands(deal, rules, seats, deal_numbers(game.deals)[-1])
    lead = opening_leader(rules, hands.played_from)
    state = GameState(rules, hands.played_from, lead if lead is not None else -1)
    for _ in walk(dataclasses.replace(deal, tricks=deal.tricks[:-1]), rules, seats, hands, state):
        pass
    idx = seat_index(seats)
    for play in trick.plays:
        state.follow(play.card, idx[play.seat])
    seat = _seat_of(typed.text, seats) if typed is not None else state.to_play
    if seat is None or seat < 0 or not state.known[seat]:
        return []
    name = _seat_label(seats[seat], seats, style)
    detail = translate(lang, "lsp.complete.legal", seat=seat_text(lang, seats[seat]))
    replace = None if partial is None else Edit(line, partial.column, line, partial.end, "")
    out = []
    for i, card in enumerate(display_order(cards_of(state.legal_cards(seat)))):
        label = _card_label(card, style)
        insert = f"{name} {label}" if with_seat else label
        out.append(Item(label, insert, "card", detail, replace, f"{i:02d}"))
    return out


def _seat_style(tokens: Sequence[Sequence[Token]], rel: int, before: list[Token]) -> bool:
    """Whether the trick being typed writes a seat before each card: as its
    own line does so far, else as the trick line before it, else yes (the
    safer form, docs/notation.md)."""
    if len(before) > 1:
        return any(t.kind is SEAT_TOKEN for t in before[1:])
    for k in range(rel - 1, -1, -1):
        sig = _significant(tokens[k])
        if sig and sig[0].kind is TRICK_TOKEN:
            return any(t.kind is SEAT_TOKEN for t in sig[1:])
        if sig and within(sig[0].kind, Keyword):
            break
    return True


# Hover ---------------------------------------------------------------------------------------


def hover(analysis: Analysis, checker: Checker, line: int, column: int, lang: str
          ) -> tuple[str, Edit] | None:
    """Markdown about what is under the cursor, and its span: a card (who
    held it, its trick and who took it, the points so far), a tag (what it
    means), a seat (its player)."""
    placed = analysis.game_at(line + 1)
    if placed is None:
        return None
    under = _token_at(_line_tokens(placed, line), column)
    if under is None:
        return None
    span = Edit(line, under.column, line, under.end, "")
    if under.kind is Name.Tag:
        return _tag_meaning(under.text, lang), span
    game = _model(placed, checker)
    if game is None:
        return None
    if under.kind is SEAT_TOKEN:
        _, seats = _rules_and_seats(game, checker)
        seat = _seat_of(under.text, seats)
        if seat is None or seats[seat] not in game.players:
            return None
        return translate(lang, "lsp.hover.player", seat=seat_text(lang, seats[seat]),
                         name=markdown_text(game.players[seats[seat]])), span
    if under.kind is CARD_TOKEN:
        try:
            card = parse_card(under.text)
        except CardError:
            return None
        text = _card_story(placed, game, checker, line, card, lang)
        return (text, span) if text else None
    return None


def _tag_meaning(name: str, lang: str) -> str:
    tag = tag_name(name)
    key = f"lsp.tag.{tag}"
    if key in catalog(lang):
        return f"**{name}**: {translate(lang, key)}"
    if tag[:1] == "P" and tag[1:].isdigit():
        return f"**{name}**: {translate(lang, 'lsp.tag.player', n=tag[1:])}"
    return f"**{name}**: {translate(lang, 'lsp.tag.other')}"


def _points(lang: str, seats: Sequence[str], values: Sequence[int]) -> str:
    return " · ".join(f"{seat_text(lang, s)} {v}" for s, v in zip(seats, values, strict=True))


def _card_story(placed: Placed, game: Game, checker: Checker, line: int, card: Card,
                lang: str) -> str:
    found = _deal_at(game, placed.relative(line + 1))
    if found is None:
        return ""
    di, deal = found
    rules, seats = _rules_and_seats(game, checker)
    hands = deal_hands(deal, rules, seats, deal_numbers(game.deals)[di])
    out = [f"**{card_text(lang, card.text(True))}**"]
    dealt = [i for i, h in enumerate(hands.dealt) if h is not None and h >> card & 1]
    held = [i for i, h in enumerate(hands.played_from) if h is not None and h >> card & 1]
    if dealt:
        out.append(translate(lang, "lsp.hover.dealt", seat=seat_text(lang, seats[dealt[0]])))
    for seat, p in deal.passes.items():
        if card in p.cards:
            out.append(translate(lang, "lsp.hover.passed_to" if p.to else "lsp.hover.passed",
                                 seat=seat_text(lang, seat), to=seat_text(lang, p.to or "")))
    if held and (not dealt or held != dealt):
        out.append(translate(lang, "lsp.hover.held", seat=seat_text(lang, seats[held[0]])))
    if not dealt and not held:
        out.append(translate(lang, "lsp.hover.unknown_holder"))
    state = GameState(rules, hands.played_from, -1)
    played: tuple[int, int] | None = None
    for step in walk(deal, rules, seats, hands, state):
        if step.play.card == card and played is None:
            played = (step.trick, step.seat)
        if played is not None and step.trick == played[0] and step.winner is not None:
            out.append(translate(lang, "lsp.hover.played", seat=seat_text(lang, seats[played[1]]),
                                 trick=played[0] + 1, winner=seat_text(lang, seats[step.winner])))
            taken = [raw_points(rules, t) for t in state.taken]
            out.append(translate(lang, "lsp.hover.points", trick=played[0] + 1,
                                 points=_points(lang, seats, taken)))
            break
    else:
        if played is not None:
            out.append(translate(lang, "lsp.hover.played_open", seat=seat_text(lang, seats[played[1]]),
                                 trick=played[0] + 1))
        else:
            out.append(translate(lang, "lsp.hover.not_played"))
    report = placed.checked.report
    if report is not None and report.game is game and 0 < di <= len(report.deals):
        totals = report.deals[di - 1].totals
        out.append(translate(lang, "lsp.hover.totals",
                             points=_points(lang, seats, [totals.get(s, 0) for s in seats])))
    return "\n\n".join(out)


# Outline, definition -------------------------------------------------------------------------


def symbols(analysis: Analysis, checker: Checker, lang: str) -> list[Symbol]:
    """Games, their deals and their tricks, for the editor's outline."""
    out: list[Symbol] = []
    for placed in analysis.games:
        game = _model(placed, checker)
        last = _last_content_line(analysis, placed.first_line - 1, placed.last_line - 1)
        first = placed.first_line - 1
        if game is not None and game.pos is not None:
            first = placed.absolute(game.pos.line) - 1
        name = (game.tags.get("Event") if game is not None else None) or translate(
            lang, "lsp.symbol.game", n=placed.index)
        top = Symbol(name, "game", first, last, len(analysis.lines[last]))
        out.append(top)
        if game is None:
            continue
        starts = [placed.absolute(d.pos.line) - 1 for d in game.deals if d.pos is not None]
        placed_deals = [(d, n) for d, n in zip(game.deals, deal_numbers(game.deals), strict=True)
                        if d.pos is not None]
        for k, (deal, number) in enumerate(placed_deals):
            start = starts[k]
            end = starts[k + 1] - 1 if k + 1 < len(starts) else last
            end = _last_content_line(analysis, start, end)
            sym = Symbol(translate(lang, "lsp.symbol.deal", n=number), "deal", start,
                         end, len(analysis.lines[end]))
            top.children.append(sym)
            for t, trick in enumerate(deal.tricks):
                if trick.pos is None:
                    continue
                ln = placed.absolute(trick.pos.line) - 1
                cards = " ".join(p.card.text(True) for p in trick.plays)
                sym.children.append(Symbol(translate(lang, "lsp.symbol.trick", n=t + 1), "trick", ln,
                                           ln, len(analysis.lines[ln]), cards))
    return out


def _last_content_line(analysis: Analysis, first: int, last: int) -> int:
    """The last line from *first* to *last* (0-based) that is not blank."""
    k = min(last, len(analysis.lines) - 1)
    while k > first and not analysis.lines[k].strip():
        k -= 1
    return k


def definition(analysis: Analysis, checker: Checker, line: int, column: int) -> Edit | None:
    """From a seat to the tag that names its player (else the ``Seats`` tag)."""
    placed = analysis.game_at(line + 1)
    if placed is None:
        return None
    under = _token_at(_line_tokens(placed, line), column)
    game = _model(placed, checker)
    if under is None or under.kind is not SEAT_TOKEN or game is None:
        return None
    _, seats = _rules_and_seats(game, checker)
    seat = _seat_of(under.text, seats)
    if seat is None:
        return None
    pos = game.where.get(_player_tag(seat, len(seats))) or game.where.get("Seats")
    if pos is None:
        return None
    ln = placed.absolute(pos.line) - 1
    text = analysis.lines[ln]
    start = text.rfind("[", 0, pos.column)
    end = text.find("]", pos.column - 1)
    return Edit(ln, max(start, 0), ln, end + 1 if end >= 0 else len(text), "")


# Code actions --------------------------------------------------------------------------------


#: How close a word must be to a keyword for the editor to offer it as a
#: fix: looser than the reader's 0.7 (``KEYWORD_CUTOFF``), as a quick fix is
#: offered, not applied, and the person picks among up to three.
FIX_CUTOFF = 0.6
#: Words the reader knows at the start of a line or in a header (both languages).
_VOCABULARY: tuple[str, ...] = tuple(sorted(
    set(KEYWORDS_FR) | set(KEYWORDS_FR.values()) | {"total"} | set(DIRECTIONS) | set(MOON_CHOICES)))


def _flat_args(args: Args) -> dict[str, Arg]:
    """A finding's message arguments with those of the message it wraps (a
    syntax error with the reader's "did you mean" holds the error itself as
    a nested message ``("msg", id, args)``), the outer ones first."""
    out: dict[str, Arg] = {}
    for name, value in args:
        nested = Msg.of(value)
        if nested is not None:
            for inner, v in _flat_args(nested.args).items():
                out.setdefault(inner, v)
        out[name] = value
    return out


def code_actions(analysis: Analysis, checker: Checker, line: int, end_line: int, lang: str
                 ) -> list[Action]:
    """Fixes for the lines *line* to *end_line* (0-based): a keyword the
    reader did not know replaced by the nearest it knows; a ``Rules`` tag
    for a game that has none (the rules it is checked under, made explicit)."""
    out: list[Action] = []
    for placed, f in analysis.findings():
        if f.code != "syntax-error" or f.line is None or f.column is None:
            continue
        ln = placed.absolute(f.line) - 1
        if not line <= ln <= end_line:
            continue
        args = _flat_args(f.args)
        found = args.get("found")
        if not isinstance(found, str):
            continue
        word = found.strip("'\"")
        text = analysis.lines[ln]
        if text[f.column - 1:f.column - 1 + len(word)] != word:
            continue
        # The reader's own "did you mean" first, for whatever it quoted (a
        # club's shorthand ``à g.`` or ``pas d'échange`` too); else the
        # nearest words it knows, for a word or a two-word keyword
        # mistyped (``à drote``), never for other text.
        told = args.get("word")
        if isinstance(told, str):
            choices = [told]
        elif "".join(word.split()).isalpha():
            choices = close_words(word.lower(), _VOCABULARY, n=3, cutoff=FIX_CUTOFF)
        else:
            continue
        for better in choices:
            edit = Edit(ln, f.column - 1, ln, f.column - 1 + len(word), better)
            out.append(Action(translate(lang, "lsp.action.did_you_mean", found=word, word=better),
                              (edit,), (f.code,)))
    for placed in analysis.games:
        if placed.last_line - 1 < line or placed.first_line - 1 > end_line:
            continue
        game = _model(placed, checker)
        if game is None or game.rules is not None:
            continue
        rules = resolve_rules(game, checker.rules)
        tag = _word("Rules", placed.checked.style)
        at = _after_tags(placed)
        edit = Edit(at, 0, at, 0, f'[{tag} "{rules.spec}"]\n')
        out.append(Action(translate(lang, "lsp.action.rules", tag=f'[{tag} "{rules.spec}"]'), (edit,)))
    return out


def _after_tags(placed: Placed) -> int:
    """The 0-based document line after the game's last tag line (its first
    line with something on it when it has no tag)."""
    first: int | None = None
    after: int | None = None
    for k, tokens in enumerate(placed.checked.tokens):
        sig = _significant(tokens)
        if not sig:
            continue
        if first is None:
            first = k
        if sig[0].kind is Punctuation and sig[0].text == "[":
            after = k + 1
        elif within(sig[0].kind, Keyword):
            break
    k = after if after is not None else (first or 0)
    return placed.first_line - 1 + k


# Formatting ----------------------------------------------------------------------------------


def format_text(text: str, style: Style, rules: str | None, name: str = "record.hrn",
                lang: str = "en") -> tuple[str | None, list[str]]:
    """``hearts fmt`` on *text* (``--unicode`` when the record writes suit
    symbols): its canonical text, each game in the language it is kept in,
    or ``None`` and the formatter's error messages, in *lang*."""
    from ..formatting import format_file

    with tempfile.TemporaryDirectory(prefix="hearts-lsp-") as tmp:
        path = Path(tmp, Path(name).name or "record.hrn")
        if path.suffix != ".hrn":
            path = path.with_suffix(".hrn")
        # (a lone surrogate, which JSON carries and UTF-8 cannot, is written as
        # the bytes the reader then refuses at its place, not raised here)
        path.write_text(text, encoding="utf-8", errors="surrogatepass", newline="")
        done = format_file(str(path), rules, style.unicode, None, True, [1 << 26], lang)
        if not done.ok:
            return None, [e.replace(str(path), Path(name).name) for e in done.errors]
        return "".join(done.blocks()), []
