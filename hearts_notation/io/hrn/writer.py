"""The canonical HRN writer: a :class:`~hearts_notation.model.Game` as text.

Every writer of the text form goes through here (``fmt``, ``convert``,
``annotate -o``), so there is exactly one canonical layout (docs/spec.md, section 2):

* tags first, in the order Event, Site, Date, Round, Rules, Seats, the
  player names, then the other tags in the order they were read;
* the game comment on its own line before the first deal;
* each deal as a paragraph: ``deal N dealer SEAT pass DIR``, the deal
  comment, hand lines in seat order, pass lines, one line per trick with
  ``SEAT CARD`` pairs, then ``score``, ``total``, ``moon`` and ``*``;
* ``result`` last, and one blank line between paragraphs and games.

ASCII by default (``QS``, ``TH``; hands in PBN dotted form, an empty
group for a void, as PBN itself writes it).  ``unicode=True`` writes suit
symbols and ``10``, and hands as suit groups (``♠ A Q 4  ♥ K 9 3 ...``)
because a dotted hand cannot hold ``10`` or a French rank unambiguously;
``lang="fr"`` writes the French ranks R, D, V, which only exist with
symbols, so it implies ``unicode``; ``lang=None`` writes each game in the
language it was kept in (:attr:`~hearts_notation.model.Game.language`).

It runs over millions of deals (``generate``, ``convert`` of a corpus), so
card and hand spellings come from precomputed tables and each line is
built with one ``join``; nothing here re-parses or validates a record.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import replace
from functools import lru_cache

from ...cards import CARDS, RANK_FRENCH, RANK_LETTERS, SUIT_SYMBOLS, display_order
from ...i18n import card_letters
from ...model import PLAYER_TAGS_4, Deal, Game, Pass, Trick, deal_numbers
from ..limits import current as current_limits
from ..line_ends import SEPARATORS
from .cut import mark_runs
from .words import NOT_TAG_NAME_CHAR_RE, TAG_NAME_RE, WRITE_FR, escape_dropped_marks, seat_display

#: Tags written first, in this order (docs/spec.md, section 2, canonical form).
FIRST_TAGS: tuple[str, ...] = ("Event", "Site", "Date", "Round")
#: Spades, hearts, diamonds, clubs: the suit order of a written hand, as
#: (bit offset of the suit in a card mask, suit symbol).
_HAND_SUITS: tuple[tuple[int, str], ...] = ((39, SUIT_SYMBOLS[3]), (26, SUIT_SYMBOLS[2]),
                                            (13, SUIT_SYMBOLS[1]), (0, SUIT_SYMBOLS[0]))


def _style(unicode: bool, lang: str) -> tuple[bool, str]:
    """The effective (unicode, lang): French ranks need suit symbols."""
    if lang == "fr":
        return True, "fr"
    if lang != "en":
        raise ValueError(f"unknown language {lang!r}; use en or fr")
    return unicode, "en"


@lru_cache(maxsize=4)
def _card_table(unicode: bool, lang: str) -> tuple[str, ...]:
    """Text of each of the 52 cards in one style."""
    return tuple(c.text(unicode, lang) for c in CARDS)


@lru_cache(maxsize=4)
def _suit_table(unicode: bool, lang: str) -> tuple[str, ...]:
    """Ranks of a 13-bit suit mask, high to low: ``"AQ4"`` in ASCII (one
    PBN group), ``"A D 4"`` with symbols (spaced, since ``10`` has two
    characters); the void is ``""`` in ASCII and ``"-"`` with symbols."""
    if unicode:
        names = [("10" if r == "T" else r) for r in (RANK_FRENCH if lang == "fr" else RANK_LETTERS)]
        sep, void = " ", "-"
    else:
        names, sep, void = list(RANK_LETTERS), "", ""
    table: list[str] = []
    for m in range(1 << 13):
        ranks = [names[r] for r in range(12, -1, -1) if m >> r & 1]
        table.append(sep.join(ranks) if ranks else void)
    return tuple(table)


#: Characters a record's text may hold that an HRN file does not show raw:
#: the C0 controls but tab and line feed, DEL, the C1 controls and the
#: Unicode line and paragraph separators (taken from :mod:`..line_ends`,
#: where the reader's line ends are defined: a separator the reader would
#: end a line at is one the writer must not write raw).  Written
#: ``\\uXXXX`` (docs/spec.md, section 2.1): a file of records stays plain
#: text that ``cat`` or an editor shows safely (no escape sequence acts on a
#: terminal), and reads back as the same text.
_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f" + "".join(SEPARATORS) + "]")
#: A line of a comment that starts with ``[`` (after blanks) could read as a
#: tag line, which ends an open comment: its ``[`` is written ``\\u005b``.
_BRACKET_LINE = re.compile(r"\n([ \t]*)\[")


def _unicode_escape(m: re.Match[str]) -> str:
    return f"\\u{ord(m.group()):04x}"


def keep_marks(text: str) -> str:
    """*text* with the combining marks of each run that the reader would
    compose (:func:`.cut.compose_marks`: ``e`` and U+0301 read as ``é``)
    written ``\\uXXXX``, so that the text reads back exactly as it was
    (an escape is read after the line is composed).  Text in composed form
    is returned as it is."""
    if text.isascii() or unicodedata.is_normalized("NFC", text):
        return text
    return "".join(
        run[0] + "".join(f"\\u{ord(c):04x}" if ord(c) <= 0xFFFF else c for c in run[1:])
        if len(run) > 1 and unicodedata.normalize("NFC", run) != run else run
        for run in mark_runs(text))


def escape_comment(text: str) -> str:
    """A brace comment's body with ``\\`` and ``}`` escaped, and control
    characters but tab and line break as ``\\uXXXX`` (docs/spec.md, section 2).

    Leading and trailing white space is dropped: the reader does not keep
    it (``{ text }`` is the comment ``text``), so writing it would make the
    output differ from its own canonical form.
    """
    text = text.strip()
    if "\\" in text or "}" in text:
        text = text.replace("\\", "\\\\").replace("}", "\\}")
    text = escape_dropped_marks(keep_marks(text))
    if _UNSAFE.search(text) is not None:
        text = _UNSAFE.sub(_unicode_escape, text)
    if "\n" in text and _BRACKET_LINE.search(text) is not None:
        text = _BRACKET_LINE.sub(lambda m: "\n" + m.group(1) + "\\u005b", text)
    return text


def escape_tag(value: str) -> str:
    """A tag value with PGN escapes (``\\"``, ``\\\\``).

    A tag is one line, so a line break in a value (possible in JSON) is
    written ``\\n`` (``\\r`` for a carriage return), and the other control
    characters but tab ``\\uXXXX``, which the reader reads back as the same
    character: every value round-trips exactly.
    """
    if "\\" in value or '"' in value:
        value = value.replace("\\", "\\\\").replace('"', '\\"')
    if "\n" in value or "\r" in value:
        value = value.replace("\n", "\\n").replace("\r", "\\r")
    value = escape_dropped_marks(keep_marks(value))
    if _UNSAFE.search(value) is not None:
        value = _UNSAFE.sub(_unicode_escape, value)
    return value


def tag_name(name: str) -> str:
    """A tag name as the grammar reads it (``words.TAG_NAME_CHARS``: letters,
    accented ones too, digits, ``_``); any other character (a record built
    by a library user) becomes ``_``."""
    if TAG_NAME_RE.fullmatch(name) is not None:
        return name
    return NOT_TAG_NAME_CHAR_RE.sub("_", name) or "_"


def _comment(text: str) -> str:
    return "{" + escape_comment(text) + "}"


def comment_lines(text: str) -> list[str]:
    """A comment that stands on its own line (a game's, a deal's) as the
    lines that write it: one ``{...}`` as a rule, several when that one,
    a logical line, would be longer than the ``line`` limit (the reader
    refuses it: :func:`.cut.iter_logical_lines`).  A deal of 100,000
    comment lines, each its own ``{...}``, is read as one comment of
    100,000 lines (comments on one element are joined with a line break,
    docs/spec.md, section 2.6); written back as one brace comment it would
    not read again (round 29).  The comment is cut between its lines, each
    piece as long as the limit allows, and the reader joins the pieces back
    into the same text.  A cut is made where neither line next to it has
    blanks at that end (the reader strips a comment's outer blanks) when
    the piece allows one.  A single line over the limit cannot be cut: it
    is written whole and the writers' guard refuses it
    (:func:`..formats.readable_hrn`)."""
    body = escape_comment(text)
    limit = current_limits().line
    if len(body) + 2 <= limit or "\n" not in body:
        return ["{" + body + "}"]
    room = limit - 2
    lines = body.split("\n")
    out: list[str] = []
    start = 0
    while start < len(lines):
        size = len(lines[start])
        end = start + 1
        while end < len(lines) and size + 1 + len(lines[end]) <= room:
            size += 1 + len(lines[end])
            end += 1
        if end < len(lines):
            # Move the cut back to a clean one (no blank on either side of it).
            clean = end
            while clean > start + 1 and not _clean_cut(lines[clean - 1], lines[clean]):
                clean -= 1
            if _clean_cut(lines[clean - 1], lines[clean]):
                end = clean
        out.append("{" + "\n".join(lines[start:end]) + "}")
        start = end
    return out


def _clean_cut(before: str, after: str) -> bool:
    """Whether a comment cut between the lines *before* and *after* reads
    back as the same text: neither is blank at the cut (the reader strips a
    comment's outer blanks, so the line break alone is restored)."""
    return (bool(before) and bool(after) and not before[-1].isspace()
            and not after[0].isspace())


def hand_text(cards: Sequence[int], unicode: bool = False, lang: str = "en") -> str:
    """One hand as written on a hand line.

    ASCII: PBN dotted, spades first (``AQ4.K93.J862.T75``, ``AQ4..J862.T75``
    with a heart void).  With symbols: suit groups separated by two spaces
    (``♠ A D 4  ♥ R 9 3  ♦ V 8 6 2  ♣ 10 7 5``), ``-`` for a void.  A hand
    that holds a card twice (a broken record) is written card by card so
    that the referee still sees the duplicate.
    """
    unicode, lang = _style(unicode, lang)
    mask = 0
    for c in cards:
        mask |= 1 << c
    if mask.bit_count() != len(cards):
        table = _card_table(unicode, lang)
        return " ".join(table[c] for c in display_order(CARDS[c] for c in cards))
    groups = _suit_table(unicode, lang)
    if unicode:
        return "  ".join(sym + " " + groups[(mask >> off) & 0x1FFF] for off, sym in _HAND_SUITS)
    return ".".join(groups[(mask >> off) & 0x1FFF] for off, _ in _HAND_SUITS)


def _ordered(keys: Iterable[str], seats: Sequence[str]) -> list[str]:
    """*keys* in seat order, then any keys that are not seats in the order
    given (a broken record is written as read, not silently dropped)."""
    present = list(keys)
    known = set(present)
    out = [s for s in seats if s in known]
    if len(out) != len(present):
        seat_set = set(seats)
        out.extend(k for k in present if k not in seat_set)
    return out


class _Words:
    """The keywords, tag names and seat letters of one language: English as
    the model holds them, or French (*donne*, *passe gauche*, ``O`` for the
    default West) as a French sheet writes them."""

    __slots__ = ("french", "seats")

    def __init__(self, lang: str, seats: Sequence[str]) -> None:
        self.french = lang == "fr"
        self.seats = seat_display(tuple(seats), lang)

    def __call__(self, word: str) -> str:
        """A keyword or tag name in this language."""
        return WRITE_FR.get(word, word) if self.french else word

    def seat(self, seat: str) -> str:
        """A seat as this language writes it."""
        return self.seats.get(seat, seat)


def _points_line(word: str, points: Mapping[str, int], seats: Sequence[str], words: _Words) -> str:
    parts = [words(word)]
    for s in _ordered(points, seats):
        parts.append(words.seat(s))
        parts.append(str(points[s]))
    return " ".join(parts)


@lru_cache(maxsize=256)
def _cycle_direction(rules: str, number: int) -> str | None:
    """Pass direction of deal *number* under a Rules string, or ``None``
    when the string names no valid rule set (the referee reports it)."""
    from ...rules import RuleError, parse_rules
    from ...state import deal_pass

    try:
        return deal_pass(parse_rules(rules), number).direction
    except RuleError:
        return None


def player_tag(position: int, n_seats: int) -> str:
    """The tag that names the player at seat *position* (0-based, clockwise):
    North/East/South/West with four seats, ``P1``..``Pn`` otherwise."""
    if n_seats == 4:
        return PLAYER_TAGS_4[position]
    return f"P{position + 1}"


def _tag_lines(game: Game, seats: Sequence[str], words: _Words) -> list[str]:
    tags = game.tags
    out: list[str] = []
    for name in FIRST_TAGS:
        if name in tags:
            out.append(f'[{words(name)} "{escape_tag(tags[name])}"]')
    rules = game.rules if game.rules is not None else tags.get("Rules")
    if rules is not None:
        out.append(f'[{words("Rules")} "{escape_tag(rules)}"]')
    if game.seats is not None:
        out.append(f'[{words("Seats")} "{escape_tag(" ".join(game.seats))}"]')
    elif "Seats" in tags:
        out.append(f'[{words("Seats")} "{escape_tag(tags["Seats"])}"]')
    player_tags = {player_tag(i, len(seats)) for i in range(len(seats))}
    players = game.players
    for i, seat in enumerate(seats):
        tag = player_tag(i, len(seats))
        player = players.get(seat)
        if player is None:
            player = tags.get(tag)
        if player is not None:
            out.append(f'[{words(tag)} "{escape_tag(player)}"]')
    # A player recorded for a seat that is not at the table (broken JSON)
    # keeps its name under the seat's own name rather than being lost.
    for seat, name in players.items():
        if seat not in seats and seat not in tags:
            out.append(f'[{seat} "{escape_tag(name)}"]')
    skip = {*FIRST_TAGS, "Rules", "Seats", *player_tags}
    for name, value in tags.items():
        if name not in skip:
            out.append(f'[{words(tag_name(name))} "{escape_tag(value)}"]')
    return out


def _pass_line(p: Pass, cards: tuple[str, ...], words: _Words) -> str:
    seat = words.seat(p.seat)
    head = f"{words('pass')} {seat}>{words.seat(p.to)}:" if p.to is not None else f"{words('pass')} {seat}:"
    parts = [head]
    parts.extend(cards[c] for c in p.cards)
    if p.mark is not None:
        if len(parts) > 1:
            parts[-1] += p.mark
        else:  # a mark on a pass of no cards has nowhere to sit but the colon
            parts[0] += p.mark
    if p.comment is not None:
        parts.append(_comment(p.comment))
    return " ".join(parts)


_TRICK_NUMBERS: tuple[str, ...] = tuple(f"{k}." for k in range(32))


def _trick_line(k: int, trick: Trick, cards: tuple[str, ...], words: _Words) -> str:
    parts = [_TRICK_NUMBERS[k] if k < 32 else f"{k}."]
    if trick.comment is not None:
        parts.append(_comment(trick.comment))
    for p in trick.plays:
        card = cards[p.card] if p.mark is None else cards[p.card] + p.mark
        seat = words.seat(p.seat)
        if p.comment is None:
            parts.append(f"{seat} {card}")
        else:
            parts.append(f"{seat} {card} {_comment(p.comment)}")
    return " ".join(parts)


def deal_lines(deal: Deal, number: int, game: Game, seats: Sequence[str],
               unicode: bool = False, lang: str = "en") -> list[str]:
    """The lines of one deal (no blank lines), *number* being its number as
    the referee and the scorer count it (:func:`hearts_notation.model.deal_numbers`):
    the header of a deal recorded without one (JSON, YAML) says it, so that
    the text reads back as the same deal (its place in the game would be
    another deal, with maybe another pass direction)."""
    unicode, lang = _style(unicode, lang)
    cards = _card_table(unicode, lang)
    words = _Words(lang, seats)
    head = [f"{words('deal')} {number}"]
    if deal.dealer is not None:
        head.append(f"{words('dealer')} {words.seat(deal.dealer)}")
    direction = deal.direction
    if direction is None:
        direction = _cycle_direction(game.rules or "standard", number)  # type: ignore[assignment]
    if direction is not None:
        head.append(f"{words('pass')} {words(direction)}")
    out = [" ".join(head)]
    if deal.comment is not None:
        out.extend(comment_lines(deal.comment))
    hands = deal.hands
    if hands:
        for s in _ordered(hands, seats):
            h = hands[s]
            shown = words.seat(s)
            out.append(f"{shown}: ?" if h is None else f"{shown}: {hand_text(h, unicode, lang)}")
    passes = deal.passes
    if passes:
        for s in _ordered(passes, seats):
            out.append(_pass_line(passes[s], cards, words))
    for k, trick in enumerate(deal.tricks, 1):
        out.append(_trick_line(k, trick, cards, words))
    if deal.score is not None:
        out.append(_points_line("score", deal.score, seats, words))
    if deal.total is not None:
        out.append(_points_line("total", deal.total, seats, words))
    if deal.moon is not None:
        out.append(f"{words('moon')} {words.seat(deal.moon.seat)} {words(deal.moon.choice)}")
    if deal.unfinished:
        out.append("*")
    return out


def iter_game_lines(game: Game, unicode: bool = False, lang: str = "en",
                    separate: bool = False, close: bool = False) -> Iterator[str]:
    """The lines of one game in canonical form, blank lines included.

    Two flags keep a file of several games readable as the same games
    (a ``result`` line ends a game, and a tag line after a deal starts
    one; nothing else does, docs/spec.md, section 2):

    *separate* is set when this game follows an open one (no ``result``)
    that has deals: a game with no tag at all would then run into the
    previous one, so it gets ``[Event "?"]``, PGN's "unknown".

    *close* is set when this game is open, has no deal, and another game
    follows: its tags would merge with the next game's, so it is written
    with ``result *`` (a game without a deal is unfinished).
    """
    seats = game.seat_names
    words = _Words(_style(unicode, lang)[1], seats)
    tags = _tag_lines(game, seats, words)
    if separate and not tags:
        tags = ['[Event "?"]']
    paragraphs: list[list[str]] = []
    if tags:
        paragraphs.append(tags)
    if game.comment is not None:
        paragraphs.append(comment_lines(game.comment))
    for deal, number in zip(game.deals, deal_numbers(game.deals), strict=True):
        paragraphs.append(deal_lines(deal, number, game, seats, unicode, lang))
    result = game.result
    if result is None and close:
        result = "*"
    if result is not None:
        word = words("result")
        paragraphs.append([f"{word} *" if result == "*" else " ".join((word, *map(words.seat, result)))])
    for i, para in enumerate(paragraphs):
        if i:
            yield ""
        yield from para


def game_to_hrn(game: Game, unicode: bool = False, lang: str = "en") -> str:
    """One game as canonical HRN text, ending with a newline."""
    return "\n".join(iter_game_lines(game, unicode, lang)) + "\n"


def iter_hrn_pieces(games: Iterable[Game], unicode: bool = False, lang: str | None = "en"
                    ) -> Iterator[str]:
    """The canonical text of any number of games, one piece per game.

    The pieces joined are one HRN document: games separated by one blank
    line, with the separation fixes of :func:`iter_game_lines` where two
    games could otherwise not be told apart.  Games may come from a
    generator; only one game is held ahead (to know whether another
    follows), so writing a million games takes the memory of two.
    """
    it = iter(games)
    game = next(it, None)
    open_previous = False
    first = True
    while game is not None:
        following = next(it, None)
        close = following is not None and game.result is None and not game.deals
        style = _style(unicode, record_language(game, lang))
        text = "\n".join(iter_game_lines(game, *style, open_previous, close)) + "\n"
        yield text if first else "\n" + text
        first = False
        open_previous = game.result is None and not close
        game = following


def record_language(game: Game, lang: str | None) -> str:
    """The language to write *game* in: *lang* when one is asked for, else
    the language the record was kept in (a French record stays French),
    English for a record that does not say."""
    return lang if lang is not None else (game.language or "en")


def writes_symbols(game: Game, unicode: bool, lang: str | None) -> bool:
    """Whether *game* written with *unicode* and *lang* (as
    :func:`iter_hrn_pieces` takes them) shows its cards with suit symbols:
    what the comments a command adds must match (round 35, ascii35)."""
    return _style(unicode, record_language(game, lang))[0]


def comments_as_written(games: Iterable[Game], unicode: bool, lang: str | None) -> Iterator[Game]:
    """*games* with the cards of their comments written as the writer will
    write their cards (:func:`writes_symbols`): in letters (``JH``) when the
    record's cards are letters.  ``annotate`` adds comments whose sentences
    name cards with suit symbols (``J♥``); a record written in letters (no
    ``--unicode``) must read one way, so every comment of it does
    (round 35, ascii35).  ``fmt`` and ``convert`` keep comments as typed."""
    for game in games:
        yield game if writes_symbols(game, unicode, lang) else _lettered(game)


def _lettered(game: Game) -> Game:
    """*game* with every comment's cards in letters (:func:`card_letters`)."""
    def fix(text: str | None) -> str | None:
        return None if text is None else card_letters(text)

    deals = []
    for deal in game.deals:
        passes = {k: replace(p, comment=fix(p.comment)) for k, p in deal.passes.items()}
        tricks = tuple(replace(t, comment=fix(t.comment),
                               plays=tuple(replace(p, comment=fix(p.comment)) for p in t.plays))
                       for t in deal.tricks)
        deals.append(replace(deal, comment=fix(deal.comment), passes=passes, tricks=tricks))
    return replace(game, comment=fix(game.comment), deals=tuple(deals))


def dumps_hrn(games: Iterable[Game], unicode: bool = False, lang: str | None = "en") -> str:
    """Any number of games as one canonical HRN document."""
    return "".join(iter_hrn_pieces(games, unicode, lang))


__all__ = [
    "FIRST_TAGS",
    "comment_lines",
    "comments_as_written",
    "deal_lines",
    "dumps_hrn",
    "escape_comment",
    "escape_tag",
    "game_to_hrn",
    "hand_text",
    "iter_game_lines",
    "iter_hrn_pieces",
    "player_tag",
    "record_language",
    "tag_name",
    "writes_symbols",
]
