"""The compact form of a game: what the referee's compact check reads.

A reader that has checked a record well enough fills a :class:`CompactGame`
(hands and passes as card bitmasks by seat name, the plays as flat lists,
the recorded score lines as read) instead of building the model; the
referee (:func:`hearts_notation.referee.compact_report`) then replays it on
the game state and, for a clean complete game, writes its report entry
directly.  Anything the compact form does not carry (a comment on a trick,
a mark, a moon line, an unknown hand...) makes the reader give ``None``, and
the caller builds the model for the full referee, which says what is wrong.

:func:`compact_record` is the JSON reader's side (its text goes through
:func:`hearts_notation.io.typed_json.json_compact`): the record of msgspec's
typed decoder (:mod:`hearts_notation.io.typed_json`, the one decoder of a
clean record) straight to the compact form, turning each card name into its
bit with one dictionary look-up.  It is compiled with mypyc
(``_compiled.COMPILED_MODULES``).  It accepts exactly the records the model
path reads without a finding about their shape (tests in
tests/test_referee_fast.py and tests/test_referee_json_text.py compare the two).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any, Final

from ..i18n import LANGUAGES
from .hrn.words import TAG_NAME_RE, misspelt_tag, tag_name
from .limits import current as current_limits


class CompactDeal:
    """One deal in the compact form: hands and passes as bitmasks by seat
    name, the plays as flat lists, the recorded lines as read.

    A reader fills it only with what it has checked itself: each hand and
    pass lists distinct cards (a mask of as many bits as cards listed), and
    ``sizes`` holds the number of cards of each trick.  ``to`` is the
    recipient a pass names (``pass N>E:``), by giver, when the record names
    one: the compact check must judge it like the model path does.
    ``unknown`` names the seats whose hand the record gives as not known
    (``null``; an observer's log), when asked for (:func:`compact_record`):
    their hands are then not in ``hands``."""

    __slots__ = ("cards", "dealer", "direction", "hands", "names", "number", "passes", "score",
                 "sizes", "to", "total", "unknown")

    def __init__(self, number: int | None, dealer: str | None, direction: str | None,
                 hands: dict[str, int], passes: dict[str, int] | None, names: list[str],
                 cards: list[int], sizes: list[int], score: Any, total: Any,
                 to: dict[str, str] | None = None, unknown: list[str] | None = None) -> None:
        self.to = to
        self.unknown = unknown
        self.number = number
        self.dealer = dealer
        self.direction = direction
        self.hands = hands
        self.passes = passes
        self.names = names
        self.cards = cards
        self.sizes = sizes
        self.score = score
        self.total = total


class CompactGame:
    """A game in the compact form (see :class:`CompactDeal`).  ``tags`` are
    the record's other tags as read (``Event``, ``Date``...): the check does
    not read them, ``score`` and ``stats`` name the game by them.
    ``language`` is the record's as the model keeps it (``None`` for
    English), so that a game built from the compact form is the model's."""

    __slots__ = ("deals", "language", "line", "players", "result", "rules", "seats", "tags")

    def __init__(self, rules: str | None, seats: Sequence[str] | None, players: Mapping[str, str],
                 deals: list[CompactDeal], result: Any, line: int | None,
                 tags: Mapping[str, str] | None = None, language: str | None = None) -> None:
        self.rules = rules
        self.seats = seats
        self.players = players
        self.deals = deals
        self.result = result
        self.line = line
        self.tags: Mapping[str, str] = tags if tags is not None else {}
        self.language = language


def _card_numbers() -> dict[str, int]:
    """Every spelling of a card a JSON record may use (``"QS"``, ``"qs"``,
    ``"10H"``...) and its number."""
    out: dict[str, int] = {}
    for s, sl in enumerate("CDHS"):
        for r, rl in enumerate("23456789TJQKA"):
            ranks = [rl, rl.lower()] + (["10"] if rl == "T" else [])
            for rt in ranks:
                out[rt + sl] = out[rt + sl.lower()] = s * 13 + r
    return out


#: Card spelling -> card number (0..51).
CARD_NUMBER: Final[dict[str, int]] = _card_numbers()
#: Card spelling -> its bit, and for a card spelt with three characters (``"10S"``)
#: a bit of its own above the deck's (52 + suit): a list's mask then says how
#: many such spellings it holds (the length of its text) with no look at each
#: name, and two of them in one list are still told apart.
_CARD_BIT_WIDE: Final[dict[str, int]] = {
    k: (1 << v) | ((1 << (52 + v // 13)) if len(k) == 3 else 0) for k, v in CARD_NUMBER.items()}
#: :data:`CARD_NUMBER`, 64 more for a card spelt with three characters.
_CARD_NUMBER_WIDE: Final[dict[str, int]] = {
    k: v + (64 if len(k) == 3 else 0) for k, v in CARD_NUMBER.items()}

_SEAT_RE: Final = re.compile(r"[A-Za-z][A-Za-z0-9]{0,7}")


def seat_ok(v: object) -> bool:
    """A seat name as the records spell them (a letter, then up to 7 letters or digits)."""
    return isinstance(v, str) and v.isascii() and _SEAT_RE.fullmatch(v) is not None


def card_masks(lists: dict[Any, Any], lay: _Layout | None = None) -> dict[str, int] | None:
    """Card lists of a JSON ``hands``/``passes`` object as bitmasks by seat
    name, or ``None`` if one is not a list of distinct card names; with
    *lay*, the object counted in it (at depth 3, its lists at 4)."""
    out: dict[str, int] = {}
    if lay is not None:
        lay.box(3, len(lists))
    for seat, cards in lists.items():
        m = _mask_and_tens(cards)
        if m < 0:
            return None
        out[seat] = m >> 3
        if lay is not None and isinstance(seat, str) and isinstance(cards, list):
            lay.key(seat)
            n = len(cards)
            lay.box(4, n)
            lay.chars += 4 * n + (m & 7)    # '"QS"', '"10S"' one more
    return out


def _mask_and_tens(cards: object) -> int:
    """The bitmask of a JSON list of distinct card names shifted left by
    three bits, and in those three bits the number of cards spelt with three
    characters (``"10S"``: at most four in a list of distinct cards, counted
    for the duplicate-key length check); -1 if *cards* is not such a list
    (not a list, a name that is not a card, a card twice)."""
    if not isinstance(cards, list):
        return -1
    bits = _CARD_BIT_WIDE
    m = 0
    for c in cards:
        if not isinstance(c, str):
            return -1
        b = bits.get(c, 0)
        if not b or m & b:
            return -1
        m |= b
    wide = m >> 52
    tens = 0 if not wide else (wide & 1) + (wide >> 1 & 1) + (wide >> 2 & 1) + (wide >> 3)
    return ((m & 0xFFFFFFFFFFFFF) << 3) | tens       # (the deck's 52 bits)


def _line_ok(line: object) -> bool:
    """A recorded score or total line the model's reader takes: whole
    numbers by name (``true`` and ``false`` are not, though they compare so)."""
    if line is None:
        return True
    if type(line) is not dict:
        return False
    for v in line.values():
        if type(v) is not int:
            return False
    return True


def _tags_ok(tags: dict[Any, Any]) -> bool:
    """Tag names and values the model's reader takes without a finding (a
    misspelt tag name draws a ``tag-name`` warning: the referee says so)."""
    for k, v in tags.items():
        # A name the model's reader refuses or translates (a French tag name)
        # is left to it.
        if (not isinstance(v, str) or TAG_NAME_RE.fullmatch(k) is None or tag_name(k) != k
                or misspelt_tag(k) is not None):
            return False
    return True


def _texts_within_line(rec: Any) -> bool:
    """Whether every text of the record the compact form looks at (tag
    values, names, the rules, the game's and the deals' comments) is within
    the ``line`` limit, as the model's reader asks (:func:`hearts_notation.io.jsonio`'s
    ``_text``): an HRN line must hold each, so a longer one is the model's to refuse."""
    limit = current_limits().line
    for part in (rec.tags, rec.players):
        if part:
            for v in part.values():
                if isinstance(v, str) and len(v) > limit:
                    return False
    for v in (rec.rules, rec.comment):
        if isinstance(v, str) and len(v) > limit:
            return False
    for d in rec.deals or ():
        if isinstance(d.comment, str) and len(d.comment) > limit:
            return False
    return True


class _Layout:
    """The length of a record's text written without repeated keys, as the
    three usual layouts write it, counted while the compact form is made:
    compactly (``hearts``, ``separators=(",", ":")``), with ``json.dumps``'s
    defaults (``", "`` and ``": "``), and indented (``indent=k``, each line
    of an element of an array further indented by the array's).  A text
    without escapes that decodes to the record and has one of these lengths
    names no key twice when compact: a repeated key adds its characters to
    the text, nothing can take characters away.  With white space the
    length only suggests it (a repeated key could stand where white space
    was taken out), which docs/decisions.md accepts for these two layouts;
    any other text is checked by counting its colons (:func:`_keys_once`)."""

    def __init__(self) -> None:
        self.chars = 0      # written compactly
        self.keys = 0       # each key: one ": " in json.dumps's and the indented layouts
        self.commas = 0     # each comma: one ", " in json.dumps's layout
        self.lines = 0      # the line breaks of the indented layout
        self.indents = 0    # its indentation, in steps
        self.exact = True   # False: a value whose text is not known (a float)

    def box(self, depth: int, n: int) -> None:
        """A list or object of *n* members at *depth* (the record at 0):
        its brackets and commas; indented, a line per member and one for
        the closing bracket, each member one step further in."""
        self.chars += 2
        if n:
            self.chars += n - 1
            self.commas += n - 1
            self.lines += n + 1
            self.indents += n * (depth + 1) + depth

    def key(self, name: str) -> None:
        self.keys += 1
        self.chars += len(name) + 3

    def value(self, v: object, depth: int) -> None:
        """Any JSON value the typed decoder leaves as read (a score line,
        the result)."""
        if v is None or v is True:
            self.chars += 4
        elif v is False:
            self.chars += 5
        elif isinstance(v, str):
            self.chars += len(v) + 2
        elif isinstance(v, int) and -999_999 <= v <= 9_999_999:
            self.chars += _width(v)
        elif isinstance(v, list) and depth < 32:
            self.box(depth, len(v))
            for x in v:
                self.value(x, depth + 1)
        elif isinstance(v, dict) and depth < 32:
            self.box(depth, len(v))
            for k, x in v.items():
                self.key(str(k))
                self.value(x, depth + 1)
        else:
            self.exact = False


def _line_chars(lay: _Layout, line: object) -> None:
    """A score or total line (an object of whole numbers by seat, at depth
    3) in *lay*; anything else is left inexact (the compact check refuses it)."""
    if not isinstance(line, dict):
        lay.exact = False
        return
    lay.box(3, len(line))
    for k, v in line.items():
        if isinstance(k, str) and isinstance(v, int) and -999_999 <= v <= 9_999_999:
            lay.keys += 1
            lay.chars += len(k) + 3 + _width(v)
        else:
            lay.exact = False     # (a bool: the compact check refuses it anyway)


def _width(v: int) -> int:
    """The characters of a whole number of a deal written in JSON (from
    -999,999 to 9,999,999: what a deal number or a score line holds)."""
    n = 1
    if v < 0:
        v = -v
        n = 2
    if v >= 10:
        n += 1 if v < 100 else 2 if v < 1000 else 3 if v < 10_000 else 4 if v < 100_000 \
            else 5 if v < 1_000_000 else 6
    return n


def _keys_once(lay: _Layout, rec: Any, text: str) -> bool:
    """Whether the JSON *text* the typed decoder read as *rec* names each
    key once in each object (False: it may not, the model's reader finds
    out: ``duplicate-key``).  Its length against the three usual layouts
    first (:class:`_Layout`, no character read); then, for a text with
    escapes or another layout, its colons: each key is followed by one,
    and the others stand in strings, so a text with no more colons than
    the record's keys and the colons of its tags, names and comments names
    no key twice (a colon written as an escape, ``\\u003a``, is not
    followed: such a text is left to the model's reader)."""
    n = len(text)
    if lay.exact and "\\" not in text:
        if n == lay.chars or n == lay.chars + lay.keys + lay.commas:
            return True
        if text.startswith("{\n"):
            base = n - text.rfind("\n") - 2    # the indentation of the closing brace
            i = 2
            while i < n and text[i] == " ":
                i += 1
            unit = i - 2 - base
            if unit > 0 and n == lay.chars + lay.keys + lay.lines * (1 + base) + unit * lay.indents:
                return True
    if "\\u003" in text:
        return False
    colons = lay.keys
    for s in (rec.rules, rec.comment):
        if isinstance(s, str):
            colons += s.count(":")
    for names in (rec.tags, rec.players):
        if names:
            for k, v in names.items():
                colons += k.count(":") + (v.count(":") if isinstance(v, str) else 0)
    for d in rec.deals:
        if isinstance(d.comment, str):
            colons += d.comment.count(":")
    return text.count(":") <= colons


def compact_record(rec: Any, line: int | None, unknown_hands: bool = False,
                   text: str | None = None) -> CompactGame | None:
    """The compact form of a record decoded by the typed decoder
    (:mod:`hearts_notation.io.typed_json`), or ``None`` when it holds
    anything the compact check does not judge (an unknown hand unless
    *unknown_hands*, a value the model's reader would refuse): then the
    model decides.  The decoder has checked the shape and the types; the
    values (card names, seat names, tag names, numbers) are checked here.
    With *unknown_hands* a hand given as ``null`` is named in the deal's
    ``unknown`` (``hearts validate``'s check infers it from the play:
    :func:`hearts_notation.referee.report_json_text`).  With *text*, the
    JSON the record was decoded from, a text that may name a key twice in
    one object gives ``None`` too (:func:`_keys_once`): the model's reader
    says where."""
    tags = rec.tags
    if tags and not _tags_ok(tags):
        return None
    if not _texts_within_line(rec):
        return None     # (the model's reader refuses the long one, at its field)
    seats = rec.seats
    if seats is not None:
        for s in seats:
            if not seat_ok(s):
                return None
    deals_in: list[Any] = rec.deals
    if not deals_in:
        return None
    language: str | None = rec.language
    if language is not None and language not in LANGUAGES:
        return None     # (the model's reader says where: record.expected_language)
    lay = _Layout()
    top = 1     # the record's members: "deals", and those below
    for name, part in (("tags", tags), ("players", rec.players)):
        if part is not None:
            top += 1
            lay.key(name)
            lay.box(1, len(part))
            for k, v in part.items():
                lay.key(k)
                lay.chars += len(v) + 2
    for name, value in (("rules", rec.rules), ("seats", seats), ("result", rec.result),
                        ("comment", rec.comment), ("language", language)):
        if value is not None:
            top += 1
            lay.key(name)
            lay.value(value, 1)
    lay.box(0, top)
    lay.key("deals")
    lay.box(1, len(deals_in))
    numbers = _CARD_NUMBER_WIDE
    deals: list[CompactDeal] = []
    for d in deals_in:
        number = d.number
        if number is not None and number < 1:
            return None
        # The deal's object at depth 2: "hands" and "tricks", and those below
        # (a key's characters: its name, two quotes and a colon)
        members = 2
        lay.keys += 2
        lay.chars += 17
        dealer, direction, comment = d.dealer, d.direction, d.comment
        if number is not None:
            members += 1
            lay.keys += 1
            if 0 < number < 10_000_000:
                lay.chars += 9 + _width(number)
            else:
                lay.exact = False
        if dealer is not None:
            members += 1
            lay.keys += 1
            lay.chars += 11 + len(dealer)       # "dealer":"N"
        if direction is not None:
            members += 1
            lay.keys += 1
            lay.value(direction, 3)
            lay.chars += 7                      # "pass":
        if comment is not None:
            members += 1
            lay.keys += 1
            lay.chars += 12 + len(comment)      # "comment":"..."
        score, total = d.score, d.total
        if score is not None:
            members += 1
            lay.keys += 1
            lay.chars += 8                      # "score":
            _line_chars(lay, score)
        if total is not None:
            members += 1
            lay.keys += 1
            lay.chars += 8                      # "total":
            _line_chars(lay, total)
        passes_in = d.passes
        if passes_in is not None:
            members += 1
            lay.keys += 1
            lay.chars += 9
        lay.box(2, members)
        unknown: list[str] | None = None
        hands_in: dict[Any, Any] = d.hands
        hands: dict[str, int] | None
        if unknown_hands and None in hands_in.values():
            unknown = []
            hands = {}
            lay.box(3, len(hands_in))
            for seat, hand in hands_in.items():
                if hand is not None or not seat_ok(seat):
                    return None     # (some hands known: the model says what follows)
                unknown.append(seat)
                lay.key(seat)
                lay.chars += 4
        else:
            hands = card_masks(hands_in, lay)
            if hands is None:
                return None
        passes: dict[str, int] | None = None
        if passes_in is not None:
            passes = card_masks(passes_in, lay)
            if passes is None:
                return None
            if not passes_in:
                passes = None
        names: list[str] = []
        cards: list[int] = []
        sizes: list[int] = []
        tricks: list[Any] = d.tricks
        width = 0       # the characters of the plays' seats, and of "10"
        empty = 0       # tricks without a play
        for t in tricks:
            plays: list[Any] = t.plays
            for p in plays:
                player: str = p.seat
                c = numbers.get(p.card, -1)
                if c < 0:
                    return None
                if c >= 64:     # "10S"
                    c -= 64
                    width += 1
                names.append(player)
                cards.append(c)
                width += len(player)
            k = len(plays)
            sizes.append(k)
            if not k:
                empty += 1
        # The tricks, a list at depth 3 of n objects {"plays": [...]} at 4,
        # each list of plays at 5 of k objects {"seat": S, "card": C} at 6:
        # per trick 11 characters (12 empty), a key, 3 lines (2 empty) and 14
        # steps of indentation (9 empty); per play 22 characters and the
        # seat's and card's, 2 keys, 2 commas, 4 lines, 26 steps; a trick's
        # plays one comma fewer.
        n, plays_n = len(tricks), len(names)
        lay.box(3, n)
        lay.chars += 11 * n + empty + 24 * plays_n + width    # (a card: 2 characters, "10S" one more)
        lay.keys += n + 2 * plays_n
        lay.commas += 2 * plays_n - (n - empty)
        lay.lines += 3 * n - empty + 4 * plays_n
        lay.indents += 14 * n - 5 * empty + 26 * plays_n
        if not (_line_ok(score) and _line_ok(total)) or (
                direction is not None and type(direction) is not str):
            return None
        deals.append(CompactDeal(number, d.dealer, direction, hands, passes, names, cards, sizes,
                                 score, total, None, unknown))
    if text is not None and not _keys_once(lay, rec, text):
        return None
    return CompactGame(rec.rules, seats, rec.players or {}, deals, rec.result, line, tags,
                       None if language == "en" else language)

