"""JSON and YAML forms of a game (docs/spec.md, section 3, ``record.schema.json``).

Both are the same tree of dicts and lists; this module maps that tree to the
model and back.  Reading is lenient where the spec says so (``"10H"``,
lower-case cards, a pass given as a bare list) and strict about everything
else: a value of the wrong type is a :class:`RecordError` that names the
place in the document (``deals[0].tricks[2].plays[1].card``).
"""

from __future__ import annotations

import bisect
import functools
import json
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from itertools import accumulate
from typing import Any, Final

from ..cards import (
    SUIT_FROM_CHAR,
    SUIT_LETTERS,
    Card,
    CardError,
    display_order,
    parse_card,
    parse_rank,
)
from ..i18n import LANGUAGES, Arg, Msg, msg
from ..model import (
    DIRECTIONS,
    MARKS,
    Deal,
    Finding,
    Game,
    Moon,
    Pass,
    Play,
    Pos,
    Positions,
    Trick,
    players_in_rules,
)
from ..output import json_safe
from ..seats import DEFAULT_SEATS
from .hrn.words import DIRECTIONS as HRN_DIRECTIONS
from .hrn.words import MOON_CHOICES as HRN_MOON_CHOICES
from .hrn.words import SEAT_WORDS, TAG_NAME_RE, closest_keyword, direction_shorthand, fold_word, tag_name
from .limits import current as current_limits
from .limits import limit_message
from .shape import (
    DEAL_KEYS,
    GAME_KEYS,
    MOON_KEYS,
    PASS_KEYS,
    PLAY_KEYS,
    TRICK_KEYS,
    JsonFloat,
)
from .stream import BOM_CHAR, LineFeed
from .stream import RecordError as RecordError

_SURROGATE = re.compile(r"[\ud800-\udfff]")   # raw: mypyc refuses surrogates in literals


def _show(v: Any) -> Arg:
    """A value for a message (an argument of the catalogs), bounded: a
    string cut at 40 characters, a long number by its digits, a list or
    object by its type (a YAML alias bomb printed whole would take
    gigabytes)."""
    if isinstance(v, str):
        text = _lookalikes_shown(repr(v[:40]))
        return text + "..." if len(v) > 40 else text
    if isinstance(v, JsonFloat):
        # as typed: 1e400 (read as Infinity), 1E2 (100.0)
        return v.text if len(v.text) <= 30 else msg("value.long_number").arg()
    if isinstance(v, bool) or v is None or isinstance(v, float):
        # as the record spells it: true, null, NaN (not Python's True, None,
        # nan); YAML's floats (JSON's are a JsonFloat, above)
        return json.dumps(v)
    if isinstance(v, int):
        digits = len(str(abs(v))) if v.bit_length() < 1000 else None
        return repr(v) if digits is not None and digits <= 30 else msg("value.long_number").arg()
    return json_type(v)


def _lookalike(c: str) -> bool:
    """Whether *c* passes for another character in a refused key or value,
    where the notation expects ASCII (a field's name, a seat, a card, a
    number, a pass direction, a tag's name): a Cyrillic or Greek letter (the
    ``е`` of ``dеals``, the ``Ν`` of a seat), a character that Unicode's
    compatibility form makes ASCII (full-width ``ｄｅａｌｓ``, ``１``,
    mathematical letters, ligatures) or a combining mark (the accent of
    ``E`` + U+0301, which prints as ``É``)."""
    import unicodedata

    if unicodedata.combining(c):
        return True
    name = unicodedata.name(c, "")
    if name.startswith(("CYRILLIC", "GREEK")):
        return True
    plain = unicodedata.normalize("NFKC", c)
    return plain != c and plain.isascii()


def _lookalikes_shown(text: str) -> str:
    """*text* (a quoted value of a message) with each character that passes
    for another (:func:`_lookalike`) written as its ``\\uXXXX`` escape: a
    key typed with a Cyrillic ``е`` was refused as ``unknown field 'dеals';
    expected one of ... "deals"``, two words that print alike.  Other
    characters (``à gauche``, a name in any script) stay as typed."""
    if text.isascii():
        return text
    return "".join((f"\\u{ord(c):04x}" if ord(c) < 0x10000 else f"\\U{ord(c):08x}")
                   if _lookalike(c) else c for c in text)


def json_type(v: Any) -> Arg:
    """What kind of JSON/YAML value *v* is ("a list"), as a message argument."""
    kind = {"list": "list", "dict": "object", "str": "string", "int": "number",
            "float": "number", "JsonFloat": "number", "bool": "boolean", "NoneType": "null",
            # YAML's other types (an unquoted 2025-11-16, !!binary, !!omap, !!set)
            "date": "date", "datetime": "date", "bytes": "binary", "tuple": "list",
            "set": "set"}.get(type(v).__name__)
    return msg(f"value.{kind}").arg() if kind else msg("value.other", type=type(v).__name__).arg()


def _key(k: Any) -> str:
    """A key as it appears in a ``where`` path (bounded, like :func:`_show`);
    a YAML key read as a boolean or null is named as JSON and YAML write
    it (``players.null``, not Python's ``players.None``)."""
    if isinstance(k, str) and len(k) <= 40:
        return k
    if k is None or isinstance(k, bool):
        return _SCALAR_WORDS[k]
    text = repr(k)[:40] if not isinstance(k, int) or k.bit_length() < 100 else "..."
    return text


#: The words of the keys YAML reads as a boolean or null, in a ``where``.
_SCALAR_WORDS: Final[dict[bool | None, str]] = {True: "true", False: "false", None: "null"}


def _text(v: Any, where: str) -> str:
    """A string of the record (tag value, player name, comment): a string,
    and Unicode text -- a lone surrogate (``"\\ud800"`` in JSON) cannot be
    written to a terminal or a UTF-8 file, so it is refused here, where the
    record says where it is, rather than failing later."""
    if not isinstance(v, str):
        raise RecordError(msg("record.expected_string", found=_show(v)), where)
    limit = current_limits().line
    if len(v) > limit:
        # Every text of a record is written on an HRN line (a tag, a comment:
        # docs/robustness.md), so one format's record is every format's; and
        # a name of 16 MB came back 75 times in a replay page (7 GB).
        raise RecordError(limit_message("limit.what.text_length", "line", limit,
                                        size=("num", len(v))), where)
    if "\x00" in v:
        raise RecordError(msg("record.nul"), where)
    if not v.isascii() and _SURROGATE.search(v) is not None:
        bad = _SURROGATE.search(v)
        assert bad is not None
        raise RecordError(msg("record.surrogate", code=f"\\u{ord(bad.group()):04x}"), where)
    return v


#: A whole number written as a string, ``"13"``: told with the number to
#: write (not read: a JSON number and a string are different values, and
#: the schema says which one a field holds).
#: (A leading zero is not one: YAML's ``010`` is made the text ``'010'``,
#: and written without quotes it is what the writer wrote.)
_QUOTED_WHOLE: Final = re.compile(r"\s*-?(?:0|[1-9][0-9]{0,17})\s*")

def _card_meant(v: str) -> str | None:
    """The card a string written suit first, or with a suit symbol, means,
    in the record's spelling (``"♠Q"`` -> ``"QS"``), or None (the suits by
    :data:`hearts_notation.cards.SUIT_FROM_CHAR`, the readers' own table)."""
    text = v.strip()
    if len(text) < 2:
        return None
    first = SUIT_FROM_CHAR.get(text[0].upper())
    last = SUIT_FROM_CHAR.get(text[-1])
    if first is not None:
        flipped = text[1:] + SUIT_LETTERS[first]
    elif last is not None:
        flipped = text[:-1] + SUIT_LETTERS[last]
    else:
        return None
    card = _LETTER_CARDS.get(flipped.upper())
    return None if card is None else str(card)


def _whole(v: Any, where: str, what: str) -> int:
    """A whole number of the record, within the ``digits`` limit; *what*
    is the catalog id of what it should be (``record.what.points``)."""
    if not isinstance(v, int) or isinstance(v, bool):
        if isinstance(v, str) and _QUOTED_WHOLE.fullmatch(v):
            # "13": a site's code that writes every value as a string
            raise RecordError(msg("record.quoted_number", value=_show(v),
                                  what=msg(what).arg(), number=v.strip()), where)
        # (shown before the test below: compiled, a value narrowed to float
        # is a plain float, without the text a JsonFloat keeps, "1e1")
        shown = _show(v)
        if isinstance(v, float) and v.is_integer() and abs(v) < 1e18:
            # 1e1, 13.0: a whole number as a program's float writes it (JavaScript's
            # 1e21, Python's 13.0): told with the number to write
            raise RecordError(msg("record.whole_written", value=shown, what=msg(what).arg(),
                                  number=str(int(v))), where)
        raise RecordError(msg("record.is_not", value=shown, what=msg(what).arg()), where)
    limit = current_limits().digits
    if v.bit_length() > 3.33 * limit and len(str(abs(v))) > limit:
        raise RecordError(limit_message("limit.what.digits", "digits", limit), where)
    return v


def _count(v: list[Any], where: str, what: str) -> None:
    limit = current_limits().cards
    if len(v) > limit:
        raise RecordError(limit_message(f"limit.what.cards.{what}", "cards", limit,
                                        n=("num", len(v))), where)


_SEAT_OK = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")


#: Seat names already found well formed (at most a few thousand, so that a
#: stream of odd names cannot grow the set): a record names the same four
#: seats some twenty times a deal.
_GOOD_SEATS: set[str] = set()


def _seat(v: Any, where: str) -> str:
    if isinstance(v, str) and v in _GOOD_SEATS:
        return v
    if not isinstance(v, str) or not v or not v[0].isalpha() or len(v) > 8 or not set(v) <= _SEAT_OK:
        raise RecordError(msg("record.not_seat", value=_show(v)), where)
    if len(_GOOD_SEATS) < 4096:
        _GOOD_SEATS.add(v)
    return v


def _card(v: Any, where: str) -> Card:
    if not isinstance(v, str):
        if type(v) is int and 0 <= v <= 51:
            # a deck numbered 0..51: programs number it differently (OpenSpiel
            # suit by suit from the clubs, others rank by rank), so no order
            # is assumed (decisions.md, json22)
            raise RecordError(msg("record.card_number", value=_show(v)), where)
        raise RecordError(msg("record.not_card", value=_show(v)), where)
    try:
        card = parse_card(v)
    except CardError:
        card = None
    if card is None or v[-1] not in "SHDCshdc":
        meant = _card_meant(v)
        if meant is not None:
            raise RecordError(msg("record.card_meant", value=_show(v), card=meant), where)
        if card is None:
            raise RecordError(msg("record.not_card_10", value=_show(v)), where)
        raise RecordError(msg("record.suit_letters", value=_show(v)), where)
    return card


def _letter_cards() -> dict[str, Card]:
    """Every spelling :func:`_card` accepts (letter suits, either case, ``T``
    or ``10``), to the card: the common case read by one dictionary look-up."""
    out: dict[str, Card] = {}
    for rank in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "T", "J", "Q", "K", "A"):
        for r in {rank, rank.lower()}:
            for suit in "SHDCshdc":
                out[r + suit] = parse_card(r + suit)
    return out


#: ``"QS"`` -> the card, for every spelling a JSON record may use.
_LETTER_CARDS: Final[dict[str, Card]] = _letter_cards()


#: The longest text read for the cards it lists (a hand of 13 written
#: ``"♠AK4 ♥..."`` or ``"AS KS 4H ..."`` is under 60 characters).
_CARDS_TEXT_MAX: Final = 200


def _cards_in_text(v: str) -> list[Card] | None:
    """The cards a string lists, as a site or a person writes a hand in one
    string: each card apart (``"AS KS 4H"``, commas allowed) or each suit's
    ranks after its suit (``"♠AK4 ♥QJ"``, ``"S:AK4 H:QJ"``); None when it is
    no such list (then the message names no list to write)."""
    if len(v) > _CARDS_TEXT_MAX:
        return None
    tokens = v.replace(",", " ").split()
    if not tokens:
        return None
    known = _LETTER_CARDS
    if all(t in known for t in tokens):
        return [known[t] for t in tokens]
    out: list[Card] = []
    for t in tokens:
        suit = SUIT_FROM_CHAR.get(t[0].upper())
        ranks = t[1:].lstrip(":").replace("10", "T")
        if suit is None or not ranks:
            return None
        for r in ranks:
            try:
                out.append(Card(suit * 13 + parse_rank(r)))
            except CardError:
                return None
    return out


def _cards(v: Any, where: str) -> tuple[Card, ...]:
    if not isinstance(v, list):
        listed = _cards_in_text(v) if isinstance(v, str) else None
        if listed is not None and len(listed) <= 13:
            # one string for the hand or the pass: told with the list to write
            raise RecordError(msg("record.cards_as_text", found=_show(v),
                                  cards=", ".join(f'"{c}"' for c in listed)), where)
        raise RecordError(msg("record.expected_cards", found=_show(v)), where)
    _count(v, where, "list")
    known = _LETTER_CARDS
    out: list[Card] = []
    for x in v:
        c = known.get(x) if isinstance(x, str) else None
        if c is None:   # not a card: the slow path names the element and what is wrong
            return tuple(_card(x, f"{where}[{i}]") for i, x in enumerate(v))
        out.append(c)
    return tuple(out)


def _opt_str(v: Any, where: str) -> str | None:
    if v is None:
        return v
    if not isinstance(v, str):
        raise RecordError(msg("record.expected_string_or_null", found=_show(v)), where)
    return _text(v, where)


def _comment(v: Any, where: str) -> str | None:
    """A comment, as every reader keeps it: without leading or trailing
    white space and with ``\\r\\n`` read as ``\\n`` (an HRN brace comment
    cannot hold either), so that a comment read from any format is written
    and read back the same in every other."""
    text = _opt_str(v, where)
    if text is None:
        return None
    if "\r\n" in text:
        text = text.replace("\r\n", "\n")
    return text.strip()


def _mark(v: Any, where: str) -> Any:
    if v is None:
        return None
    if not isinstance(v, str) or v not in MARKS:
        raise RecordError(msg("record.not_mark", value=_show(v), marks=" ".join(MARKS)), where)
    return v


def _points(v: Any, where: str) -> dict[str, int] | None:
    if v is None:
        return None
    if not isinstance(v, dict):
        raise RecordError(msg("record.expected_points"), where)
    out: dict[str, int] = {}
    bits = 3.33 * current_limits().digits
    for k, x in v.items():
        if type(x) is int and x.bit_length() <= bits and isinstance(k, str) and k in _GOOD_SEATS:
            out[k] = x      # (the checks below, without building their messages' path)
            continue
        w = f"{where}.{_key(k)}"
        out[_seat(k, w)] = _whole(x, w, "record.what.points")
    return out


#: The keys of a record in French (folded: lower case, no accents) -> the
#: key meant: a record's keys are English whatever its language (the
#: schema's), so a French sheet's program writing ``"donnes"`` is told the
#: key to write rather than guessed at.
_FRENCH_KEYS: Final = {
    "donnes": "deals", "plis": "tricks", "mains": "hands", "joueurs": "players",
    "places": "seats", "sieges": "seats", "regles": "rules", "etiquettes": "tags",
    "commentaire": "comment", "resultat": "result", "langue": "language",
    "numero": "number", "donneur": "dealer", "passe": "pass", "sens": "pass",
    "cartes": "cards", "coups": "plays", "carte": "card", "place": "seat",
    "siege": "seat", "joueur": "seat", "lune": "moon", "choix": "choice",
    "inachevee": "unfinished", "marque": "mark", "vers": "to", "points": "score",
}


def _key_meant(k: Any, allowed: frozenset[str]) -> str | None:
    """The key of *allowed* an unknown key means: the same in another case
    (``"Tricks"``, ``"HANDS"``), or its French (``"plis"``), else None."""
    if not isinstance(k, str) or len(k) > 40:
        return None
    low = k.lower()
    if low in allowed:
        return low
    meant = _FRENCH_KEYS.get(fold_word(k))
    return meant if meant in allowed else None


def _players_form(v: Any, seats: tuple[str, ...] | None, rules: str | None) -> Msg:
    """The message of ``players`` that is no object: for a list of names
    (in seat order, as a site keeps its table), the object to write, each
    name at its seat; else the form alone."""
    order = seats or DEFAULT_SEATS.get(players_in_rules(rules), ())
    if (isinstance(v, list) and len(v) == len(order) and len(v) > 0
            and all(isinstance(x, str) and len(x) <= 40 for x in v)):
        written = json.dumps(dict(zip(order, v, strict=True)), ensure_ascii=False)
        return msg("record.players_list", players=written)
    return msg("record.expected_players")


class UnknownField(RecordError):
    """A key the schema does not have: told at the key's own line (its
    value's place), not at the object that holds it, which for a game is the
    file's first line (a site's ``"id"`` or ``"version"`` among 2,000 lines
    of tricks)."""

    def __init__(self, message: Msg, where: str | Msg, field: str) -> None:
        super().__init__(message, where)
        self.field = field


def _obj(v: Any, where: str | Msg, allowed: frozenset[str]) -> Mapping[str, Any]:
    if not isinstance(v, dict):
        raise RecordError(msg("record.expected_object", found=json_type(v)), where)
    extra = [k for k in v if k not in allowed]
    if extra:
        if extra[0] == "games" and allowed == GAME_KEYS and isinstance(v["games"], list):
            # {"games": [...]}, as a site's export or this package's reports wrap them
            raise UnknownField(msg("record.games_key"), where, "games")
        meant = _key_meant(extra[0], allowed)
        if meant is not None:
            # "Tricks", "HANDS", "plis": the key meant, in the one spelling read
            raise UnknownField(msg("record.key_meant", field=_show(extra[0]), key=meant),
                               where, extra[0])
        # (a game's: a site's own data about the game, an id, a version, a time)
        key = "record.unknown_game_field" if allowed == GAME_KEYS else "record.unknown_field"
        raise UnknownField(msg(key, field=_show(extra[0]),
                               allowed=("or_list", *(f'"{k}"' for k in sorted(allowed)))),
                           where, extra[0] if isinstance(extra[0], str) else "")
    return v


#: Where a value of a record is: a path into the tree (``("deals", 0,
#: "tricks", 2, "plays", 1, "card")``) to its line and column, or None.
Locate = Callable[[tuple[Any, ...]], "Pos | None"]


def _records_field(d: Any) -> tuple[str, bool] | None:
    """The key of an object that is no game (it has no ``deals``) whose value
    is a game (``False``) or a list of games (``True``), as a site's export
    wraps them; None if there is none."""
    if not isinstance(d, dict) or "deals" in d:
        return None
    for key, value in d.items():
        several = isinstance(value, list)
        first = value[0] if several and value else value
        if isinstance(key, str) and isinstance(first, dict) and "deals" in first:
            return key, several
    return None


def game_from_dict(d: Any, source: str | None = None, index: int | None = None,
                   line: int | None = None, locate: Locate | None = None,
                   plays: bool = True, text: str | None = None, column: int = 1,
                   notices: tuple[Finding, ...] = ()) -> Game:
    """Build a :class:`Game` from the JSON/YAML tree of one game.

    With *locate* (:class:`JsonLocator`, :func:`yaml_locator`) the deals,
    tricks, plays, passes and score lines carry their source positions, so
    that the referee's findings name the line and column of the very card,
    as they do for HRN; with *plays* false the tricks and plays do not (the
    referee needs them only when its card-by-card replay runs,
    :attr:`hearts_notation.referee.GameReport.on_cards`).  *text*, the
    record's JSON starting at *line*, *column*, is looked at for keys named
    twice in one object (:func:`json_repeated_keys`); *notices* are the
    reader's own (a YAML document's repeated keys)."""
    top = msg("record.top")     # the game object itself ("game")
    try:
        g = _obj(d, top, GAME_KEYS)
    except RecordError as exc:
        from .sniff import openspiel_state

        if isinstance(d, dict) and openspiel_state(d):
            # (a file named .json holds OpenSpiel's state: the suffix chose
            # this reader; standard input's first bytes would have chosen its own)
            raise RecordError(msg("record.openspiel_state", message=exc.msg.arg()), top) from None
        wrapper = _records_field(d)
        if wrapper is not None:
            # a site's export that wraps its games: {"id": 17, "game": {...}},
            # {"exported": "...", "games": [...]} (told at that key, not at the first other)
            key, several = wrapper
            said = (msg("record.games_key") if key == "games" and several else
                    msg("record.games_in_field" if several else "record.game_in_field",
                        field=_show(key)))
            raise UnknownField(said, top, key) from None
        from .sniff import history_field, state_field

        wrapped = state_field(d)
        if wrapped is not None:
            # a script's log of a pyspiel run, {"game": ..., "state": {...}}
            raise UnknownField(msg("record.openspiel_state_in_object", field=_show(wrapped)), top,
                               wrapped) from None
        held = history_field(d)
        if held is not None:
            # a script's log of a pyspiel run, {"game": ..., "history": [...]}
            raise UnknownField(msg("record.openspiel_history", field=_show(held)), top,
                               held) from None
        if isinstance(d, list):
            # games listed where one game stands: a JSON array on a line of
            # a .jsonl file (with other lines), a list in a JSON list
            raise RecordError(msg("record.game_list", message=exc.msg.arg()), top) from None
        raise
    if "deals" not in g:
        raise RecordError(msg("record.needs_deals"), top)
    tags_in = g.get("tags") or {}
    if not isinstance(tags_in, dict):
        raise RecordError(msg("record.expected_tags"), "tags")
    tags: dict[str, str] = {}
    written: dict[str, str] = {}    # tag -> the key that gave it
    for k, v in tags_in.items():
        w = f"tags.{_key(k)}"
        if not isinstance(k, str) or TAG_NAME_RE.fullmatch(k) is None:
            raise RecordError(msg("record.not_tag", value=_show(k)), w)
        if not isinstance(v, str):
            raise RecordError(msg("record.tag_string", found=_show(v)), w)
        # A French tag name is the tag it translates, as in HRN (its writer
        # prints ``Lieu`` back as the ``Site`` its reader makes of it).
        name = tag_name(k)
        if name in written:
            raise RecordError(msg("syntax.tag_twice", name=name, at=f"tags.{_key(written[name])}"), w)
        written[name] = k
        tags[name] = _text(v, w)
    rules = _opt_str(g.get("rules"), "rules")
    seats_in = g.get("seats")
    seats: tuple[str, ...] | None = None
    if seats_in is not None:
        if not isinstance(seats_in, list) or not 3 <= len(seats_in) <= 6:
            raise RecordError(msg("record.expected_seats"), "seats")
        seats = tuple(_seat(s, f"seats[{i}]") for i, s in enumerate(seats_in))
        if len(set(seats)) != len(seats):
            raise RecordError(msg("record.seats_differ"), "seats")
    players_in = g.get("players") or {}
    if not isinstance(players_in, dict):
        raise RecordError(_players_form(players_in, seats, rules), "players")
    players = {_seat(k, f"players.{_key(k)}"): _text(v, f"players.{_key(k)}")
               for k, v in players_in.items()}
    deals_in = g["deals"]
    if not isinstance(deals_in, list):
        raise RecordError(msg("record.expected_deals"), "deals")
    if seats is None:
        _refuse_seat_words(deals_in, rules)
    if seats is None and len(players_in) > 1 and _seat_meant(next(iter(players_in))) \
            and all(_seat_meant(k) for k in players_in) and players_in_rules(rules) == 4:
        # every player at a seat written out ("north": "Ann", ...): told once,
        # as the hands are (a single such key stays the referee's player-conflict)
        first = next(iter(players_in))
        raise RecordError(msg("record.seat_word", seat=_show(first),
                              letter=_seat_meant(first) or ""), f"players.{_key(first)}")
    deals = tuple(_deal(x, f"deals[{i}]", i, locate, plays) for i, x in enumerate(deals_in))
    res = g.get("result")
    result: Any
    if res is None or res == "*":
        result = res
    elif isinstance(res, list):
        result = tuple(_seat(s, f"result[{i}]") for i, s in enumerate(res))
    else:
        raise RecordError(msg("record.expected_result"), "result")
    pos = Pos(line, 1) if line else None
    where: dict[str, Pos] = {}
    if locate is not None:
        pos = locate(()) or pos
        for key, name in (("rules", "Rules"), ("seats", "Seats"), ("result", "result")):
            at = locate((key,)) if key in g else None
            if at is not None:
                where[name] = at
        for seat in players:       # player-conflict points at the name
            at = locate(("players", seat))
            if at is not None:
                where[f"player:{seat}"] = at
        for tag, key in written.items():   # tag-name points at the tag's name, as in HRN
            at = locate(("tags", KEY_AT, key)) or locate(("tags", key))
            if at is not None:
                where[tag] = at
    if text is not None:
        notices = (*notices, *json_repeated_keys(d, text, line, column))
    return Game(
        tags=tags, rules=rules, seats=seats, players=players, deals=deals, result=result,
        comment=_comment(g.get("comment"), "comment"), source=source, index=index,
        pos=pos, where=where, notices=notices, language=_language(g.get("language")),
    )


#: The default seats in lower case, as a script that lower-cases every string writes them.
_SEAT_LOWER: Final = {"n": "N", "e": "E", "s": "S", "w": "W"}


def _seat_meant(k: Any) -> str | None:
    """The default seat a key written out (``"North"``) or in lower case
    (``"n"``) names, or None."""
    if not isinstance(k, str):
        return None
    # (the HRN reader's table, French words included: only a refusal's
    # hint is drawn from it, so "Nord" in a JSON record is told "write N",
    # never read as N: decisions.md, json22)
    return _SEAT_LOWER.get(k) or SEAT_WORDS.get(k.lower())


def _refuse_seat_words(deals_in: list[Any], rules: str | None) -> None:
    """Refuse once a four-player record without ``seats`` whose first deal
    holds its hands (else its first play) under seats written out,
    ``"North"``, ``"east"``, or in lower case, ``"n"``: a site's own names
    for N E S W.  Each is a well-formed seat name of another game, so the
    referee would tell every hand, pass, play and score of every deal (69
    findings for one deal), none saying the one thing to change.  A record
    that names its seats (``"seats": ["North", ...]``) keeps them."""
    if players_in_rules(rules) != 4:
        return
    for i, deal in enumerate(deals_in):
        if not isinstance(deal, dict):
            return
        hands = deal.get("hands")
        if isinstance(hands, dict) and hands:
            keys = list(hands)
            first_meant = _seat_meant(keys[0])
            if first_meant is not None and all(_seat_meant(k) for k in keys):
                raise RecordError(msg("record.seat_word", seat=_show(keys[0]),
                                      letter=first_meant),
                                  f"deals[{i}].hands.{_key(keys[0])}")
            return
        tricks = deal.get("tricks")
        if isinstance(tricks, list) and tricks and isinstance(tricks[0], dict):
            first = tricks[0].get("plays")
            if isinstance(first, list) and first and isinstance(first[0], dict):
                seat = first[0].get("seat")
                letter = _seat_meant(seat)
                if letter is not None:
                    raise RecordError(msg("record.seat_word", seat=_show(seat), letter=letter),
                                      f"deals[{i}].tricks[0].plays[0].seat")
            return


def _language(v: Any) -> str | None:
    """The record's ``language`` (a catalog's code), kept on the model as
    HRN's reader keeps it: ``None`` for English or absent, so that a record
    converted from French HRN to JSON and back stays French."""
    if v is None or v == "en":
        return None
    if not isinstance(v, str) or v not in LANGUAGES:
        raise RecordError(msg("record.expected_language", found=_show(v),
                              languages=", ".join(LANGUAGES)), "language")
    return v


def _deal(d: Any, where: str, k: int = 0, locate: Locate | None = None,
          plays_located: bool = True) -> Deal:
    x = _obj(d, where, DEAL_KEYS)

    def at(*path: Any) -> Pos | None:
        return locate(("deals", k, *path)) if locate is not None else None

    # the positions of the tricks and plays (with *locate*, unless not asked)
    play_at = at if plays_located else _nowhere
    locate_plays = locate is not None and plays_located

    number = x.get("number")
    if number is not None and _whole(number, f"{where}.number", "record.what.deal_number") < 1:
        raise RecordError(msg("record.is_not", value=repr(number),
                              what=msg("record.what.deal_number").arg()), f"{where}.number")
    dealer = x.get("dealer")
    if dealer is not None:
        dealer = _seat(dealer, f"{where}.dealer")
    direction: Any = x.get("pass")
    if direction is not None and direction not in DIRECTIONS:
        raise RecordError(_not_direction(direction), f"{where}.pass")
    hands_in = x.get("hands") or {}
    if not isinstance(hands_in, dict):
        raise RecordError(msg("record.expected_hands"), f"{where}.hands")
    hands: dict[str, tuple[Card, ...] | None] = {}
    for seat, cards in hands_in.items():
        w = f"{where}.hands.{_key(seat)}"
        hands[_seat(seat, w)] = None if cards is None else tuple(display_order(_cards(cards, w)))
    passes_in = x.get("passes") or {}
    if not isinstance(passes_in, dict):
        raise RecordError(msg("record.expected_hands"), f"{where}.passes")
    passes: dict[str, Pass] = {}
    for seat, p in passes_in.items():
        w = f"{where}.passes.{_key(seat)}"
        s = _seat(seat, w)
        if p is None:
            # An exporter's null for a pass it did not see: the seat's pass is
            # not recorded, as when its key is absent (HRN: no `pass E:` line;
            # the referee then says so), as a null hand is a hand not known.
            continue
        if isinstance(p, list) or isinstance(p, str):
            # (a string: one card, or the cards in one string, told by _cards)
            passes[s] = Pass(seat=s, cards=_cards(p, w), pos=at("passes", seat))
        else:
            po = _obj(p, w, PASS_KEYS)
            if "cards" not in po:
                raise RecordError(msg("record.pass_needs_cards"), w)
            to = po.get("to")
            passes[s] = Pass(
                seat=s, cards=_cards(po["cards"], f"{w}.cards"),
                to=None if to is None else _seat(to, f"{w}.to"),
                mark=_mark(po.get("mark"), f"{w}.mark"),
                comment=_comment(po.get("comment"), f"{w}.comment"), pos=at("passes", seat),
            )
    tricks_in = x.get("tricks") or []
    if not isinstance(tricks_in, list):
        raise RecordError(msg("record.expected_tricks"), f"{where}.tricks")
    tricks = []
    trick_limit = current_limits().cards
    good_seats = _GOOD_SEATS         # the seat names already found well formed
    for i, t in enumerate(tricks_in):
        plays_in = t.get("plays") if isinstance(t, dict) and len(t) == 1 else None
        if isinstance(plays_in, list) and len(plays_in) <= trick_limit:
            tobj: Mapping[str, Any] = t     # {"plays": [...]}: the checks below hold
        else:
            if isinstance(t, list):
                # a list of cards or of plays: the form to write, not "an object"
                raise RecordError(msg("record.trick_is_list"), f"{where}.tricks[{i}]")
            tobj = _obj(t, f"{where}.tricks[{i}]", TRICK_KEYS)
            plays_in = tobj.get("plays")
            if not isinstance(plays_in, list):
                raise RecordError(msg("record.trick_needs_plays"), f"{where}.tricks[{i}]")
            _count(plays_in, f"{where}.tricks[{i}].plays", "trick")
        plays = []
        for j, p in enumerate(plays_in):
            # The common shape first: {"seat", "card"} with a well-formed seat and card
            # (the checks below, without building their messages' paths).
            if isinstance(p, dict) and len(p) == 2:
                ps, pc = p.get("seat"), p.get("card")
                if not locate_plays and isinstance(ps, str) and isinstance(pc, str):
                    # a play without position, seen before: shared (immutable)
                    shared = _SHARED_PLAYS.get(ps, _NO_PLAYS).get(pc)
                    if shared is not None:
                        plays.append(shared)
                        continue
                card = _LETTER_CARDS.get(pc) if isinstance(pc, str) else None
                if card is not None and isinstance(ps, str) and (ps in good_seats or (
                        0 < len(ps) <= 8 and ps[0].isalpha() and set(ps) <= _SEAT_OK)):
                    if len(good_seats) < 4096:
                        good_seats.add(ps)
                    if not locate_plays:
                        shared = Play(seat=ps, card=card)
                        by_card = _SHARED_PLAYS.get(ps)
                        if by_card is None and len(_SHARED_PLAYS) < 64:
                            by_card = _SHARED_PLAYS[ps] = {}
                        if by_card is not None and isinstance(pc, str) and len(by_card) < 256:
                            by_card[pc] = shared
                        plays.append(shared)
                        continue
                    plays.append(Play(seat=ps, card=card,
                                      pos=play_at("tricks", i, "plays", j, "card")))
                    continue
            wp = f"{where}.tricks[{i}].plays[{j}]"
            po = _obj(p, wp, PLAY_KEYS)
            if "seat" not in po or "card" not in po:
                raise RecordError(msg("record.play_needs"), wp)
            plays.append(Play(
                seat=_seat(po["seat"], f"{wp}.seat"), card=_card(po["card"], f"{wp}.card"),
                mark=_mark(po.get("mark"), f"{wp}.mark"),
                comment=_comment(po.get("comment"), f"{wp}.comment"),
                pos=play_at("tricks", i, "plays", j, "card"),
            ))
        comment = tobj.get("comment")
        tricks.append(Trick(plays=tuple(plays),
                            comment=None if comment is None else
                            _comment(comment, f"{where}.tricks[{i}].comment"),
                            pos=play_at("tricks", i)))
    moon_in = x.get("moon")
    moon = None
    if moon_in is not None:
        mo = _obj(moon_in, f"{where}.moon", MOON_KEYS)
        if "seat" not in mo:
            raise RecordError(msg("record.moon_shape"), f"{where}.moon")
        if mo.get("choice") not in ("add", "subtract"):    # placed at the choice written
            meant = _word_meant(mo.get("choice"), HRN_MOON_CHOICES)
            raise RecordError(msg("record.moon_shape") if meant is None else
                              msg("record.moon_choice_near", value=_show(mo["choice"]),
                                  word=f'"{meant}"'),
                              f"{where}.moon.choice" if "choice" in mo else f"{where}.moon")
        moon = Moon(seat=_seat(mo["seat"], f"{where}.moon.seat"), choice=mo["choice"],
                    pos=at("moon"))
    unfinished = x.get("unfinished")
    if unfinished is None:
        unfinished = False      # null reads as absent, as for the deal's other fields
    elif not isinstance(unfinished, bool):
        if unfinished in ("true", "false"):
            raise RecordError(msg("record.quoted_bool", value=unfinished), f"{where}.unfinished")
        raise RecordError(msg("record.expected_bool"), f"{where}.unfinished")
    deal_where: Mapping[str, Pos] = {}
    if locate is not None:
        # where its other lines are, looked up when a finding asks
        wanted: dict[str, tuple[Any, ...]] = {"hand:" + seat: ("deals", k, "hands", seat)
                                              for seat in hands}
        for key in ("score", "total", "moon", "unfinished", "pass"):
            if key in x:
                wanted[key] = ("deals", k, key)
        deal_where = Positions(locate, wanted)
    return Deal(
        number=number, dealer=dealer, direction=direction, hands=hands, passes=passes,
        tricks=tuple(tricks), score=_points(x.get("score"), f"{where}.score"),
        total=_points(x.get("total"), f"{where}.total"), moon=moon, unfinished=unfinished,
        comment=_comment(x.get("comment"), f"{where}.comment"), pos=at(), where=deal_where,
    )


#: The plays without mark, comment or position, one object per seat and card
#: as written (``"QS"``, ``"qs"``), by seat then card: a record read without
#: the positions of its plays shares them, and a play seen before is one
#: look-up per name, its checks made when it was first read.  (At most 64
#: seats of 256 spellings, so that a stream of odd names cannot grow the table.)
_SHARED_PLAYS: dict[str, dict[str, Play]] = {}
_NO_PLAYS: Final[dict[str, Play]] = {}


def _word_meant(value: Any, words: Mapping[str, str]) -> str | None:
    """The record's word (a value of *words*, the HRN reader's table of a
    keyword's spellings, French ones included) that *value* most likely
    means: the same word in another case or without its accents, a French
    word, or a slip of one of them; ``None`` when it is near none (or is no
    short string)."""
    if not isinstance(value, str) or len(value) > 40:
        return None
    meant = words.get(fold_word(value))
    if meant is None:
        near = closest_keyword(value, words)
        meant = words[near] if near is not None else None
    return meant


def _not_direction(value: Any) -> Msg:
    """What is wrong with a deal's ``pass`` *value*, with the direction it
    most likely means when it is a string: the same word in another case
    (``Left``, ``HOLD``), the French word a French sheet uses (``gauche``,
    ``à gauche``, ``en face``: the HRN reader's words, :data:`HRN_DIRECTIONS`),
    or a slip of one of them (``lfet``, ``gauchee``), or a sheet's shorthand
    (``à g.``, ``pas de passe``: :func:`~.hrn.words.direction_shorthand`).  A record's ``pass`` is
    the English word in lower case (docs/spec.md, section 3.1), which the
    writers put; a program or a person writing it otherwise is told the word."""
    directions = ("or_list", *(f'"{d}"' for d in DIRECTIONS))
    short = direction_shorthand(value) if isinstance(value, str) and len(value) <= 40 else None
    meant = HRN_DIRECTIONS[short] if short is not None else _word_meant(value, HRN_DIRECTIONS)
    if meant is None:
        return msg("record.not_direction", value=_show(value), directions=directions)
    return msg("record.not_direction_near", value=_show(value), word=f'"{meant}"',
               directions=directions)


def _nowhere(*path: Any) -> Pos | None:
    """No position (the tricks and plays of a game read without them)."""
    return None


# Source positions of the values of a record ------------------------------------------

#: A JSON string on one line.  (The loop unrolled: a run of plain characters
#: between escapes is one charset repeat for the regular-expression engine,
#: not one alternation per character.)  The repeats are possessive (``*+``):
#: what one takes is never given back, which no match of these patterns
#: needs (a run of spaces is followed by a bracket or a quote, a string's
#: characters by its closing quote, a list's items by its closing bracket),
#: and the engine then has no backtracking state to keep or to try when a
#: pattern fails: the scan of a deal's tricks costs about half as much.
_JSTRING = r'"[^"\\\n]*+(?:\\.[^"\\\n]*+)*+"'
#: Optional white space, possessive.
_W = r'\s*+'
#: A play as the records write it, ``{"seat": "N", "card": "QS"}`` (its
#: seat's and card's strings in groups 1 and 2).
_PLAY = (r'\{' + _W + r'"seat"' + _W + ':' + _W + '(' + _JSTRING + ')' + _W + ',' + _W
         + r'"card"' + _W + ':' + _W + '(' + _JSTRING + ')' + _W + r'\}')
_PLAY_RE = re.compile(_PLAY)
#: ... with its seat and card written without escapes, as every writer does: a
#: trick of such plays is one token; a trick with an escape in a play is walked
#: value by value instead, which gives the same positions.
_PLAIN_STRING = r'"[^"\\\n]*+"'
_PLAY_PLAIN = (r'\{' + _W + r'"seat"' + _W + ':' + _W + _PLAIN_STRING + _W + ',' + _W
               + r'"card"' + _W + ':' + _W + _PLAIN_STRING + _W + r'\}')
#: A key without escapes and a plain value (a string without escapes, a
#: number, ``null``, ``true``, ``false``).
_PAIR = _PLAIN_STRING + _W + ':' + _W + r'(?:' + _PLAIN_STRING + r'|[^\s{}\[\],:"]++)'
#: The plays of a trick, all such (a JSON array).
_PLAYS_PLAIN = (r'\[' + _W + r'(?:' + _PLAY_PLAIN + r'(?:' + _W + ',' + _W + _PLAY_PLAIN
                + r')*+)?+' + _W + r'\]')
#: A trick of such plays and nothing else (its plays in group 1).
_TRICK_RE = re.compile(r'\{' + _W + r'"plays"' + _W + ':' + _W + '(' + _PLAYS_PLAIN + ')' + _W
                       + r'\}')
_TRICK_PLAIN = r'\{' + _W + r'"plays"' + _W + ':' + _W + _PLAYS_PLAIN + _W + r'\}'
#: The same written compact, without white space (as ``hearts`` and
#: ``json.dumps(separators=(",", ":"))`` write JSONL): a subset of the forms
#: above, tried first in a token, which it then ends where they would.  A
#: deal's tricks are most of a record's text, and the regular-expression
#: engine reads them at less than half the cost without an optional run of
#: spaces to try between each two of their characters' groups.
_PLAY_COMPACT = r'\{"seat":' + _PLAIN_STRING + r',"card":' + _PLAIN_STRING + r'\}'
_TRICK_COMPACT = (r'\{"plays":\[(?:' + _PLAY_COMPACT + r'(?:,' + _PLAY_COMPACT + r')*+)?+\]\}')
_PAIR_COMPACT = _PLAIN_STRING + r':(?:' + _PLAIN_STRING + r'|[^\s{}\[\],:"]++)'
_TOKEN = re.compile(
    # a deal's tricks, all such, one token (most of a record): group "ts"
    r'(?P<ts>\[' + _TRICK_COMPACT + r'(?:,' + _TRICK_COMPACT + r')*+\]'
    + r'|\[' + _W + _TRICK_PLAIN + r'(?:' + _W + ',' + _W + _TRICK_PLAIN + r')*+' + _W
    + r'\])'
    # a trick of such plays and nothing else, one token: its plays, group "t"
    + r'|\{' + _W + r'"plays"' + _W + ':' + _W + r'(?P<t>' + _PLAYS_PLAIN + r')' + _W + r'\}'
    # a play, one token
    + r'|\{' + _W + r'"seat"' + _W + ':' + _W + r'(?P<p>' + _JSTRING + r')' + _W + ',' + _W
    + r'"card"' + _W + ':' + _W + r'(?P<c>' + _JSTRING + r')' + _W + r'\}'
    # a list of plain strings (a hand, a pass), one token: group "l"
    + r'|(?P<l>\[' + _PLAIN_STRING + r'(?:,' + _PLAIN_STRING + r')*+\]'
    + r'|\[' + _W + _PLAIN_STRING + r'(?:' + _W + ',' + _W + _PLAIN_STRING + r')*+' + _W + r'\])'
    # an object of plain strings, numbers and nulls (hands unknown, a score
    # line, tags), one token: group "f"
    + r'|(?P<f>\{' + _PAIR_COMPACT + r'(?:,' + _PAIR_COMPACT + r')*+\}'
    + r'|\{' + _W + _PAIR + r'(?:' + _W + ',' + _W + _PAIR + r')*+' + _W + r'\})'
    + r'|' + _JSTRING + r'|[{}\[\]]|[^\s{}\[\],:"]++')
#: A key and its value in such an object (its text in group 1, the value
#: in group 2): each match takes a whole pair, so that the next one starts
#: at the next key, whatever the strings hold.
_PAIR_RE = re.compile(r'"([^"\\\n]*+)"' + _W + ':' + _W + r'("[^"\\\n]*+"|[^\s{}\[\],:"]++)')
#: A string of a list of plain strings.
_STRING_RE = re.compile(_PLAIN_STRING)
#: A line end, for the line of a place.
_NEWLINE = re.compile("\n")


#: In a locator's path, ``(object, KEY_AT, key)`` is where *key* itself is
#: written in that object of the game (its tags, its players), not its value:
#: a misspelt tag name is pointed at by its name.
KEY_AT: Final = "\0key"


class JsonLocator:
    """The line and column of every value of one JSON text, by path.

    Built on demand (a regular-expression pass over the text, about as
    costly as decoding it), for records whose findings should name the
    card they are about; *first_line* is the line the text starts on.
    The pass goes only as far into the text as the paths asked need (it
    stops at the value asked, and goes on from there for the next): an
    error placed early in a huge document (an OpenSpiel history of 10^6
    actions wrong at its 106th) indexes what comes before it, not the
    whole document (197 MB peak for 3.8 MB before).
    """

    def __init__(self, text: str, first_line: int = 1, first_column: int = 1) -> None:
        self.text = text
        self.first_line = first_line
        self.first_column = first_column
        self._paths: dict[tuple[Any, ...], int] = {}
        #: the pass over the text, paused soon after the value last asked for
        self._scan: Iterator[None] | None = None
        self._scanned = False
        #: the offsets of the text's line ends, listed as far as a place was asked
        self._newlines: list[int] = []
        self._lines_to = 0
        #: the span of each trick's plays, read only when a path in it is asked
        self._tricks: dict[tuple[Any, ...], tuple[int, int]] = {}
        #: the span of each deal's tricks, likewise (a record read without
        #: the positions of its plays asks none)
        self._deal_tricks: dict[tuple[Any, ...], tuple[int, int]] = {}
        #: the span of each list of plain strings (a hand, a pass) and of each
        #: object of plain values (a score line, the hands unknown, the tags),
        #: likewise: the referee asks where a pass or a score line is, seldom
        #: where a card of it or a seat's score is
        self._lists: dict[tuple[Any, ...], tuple[int, int]] = {}
        self._pairs: dict[tuple[Any, ...], tuple[int, int]] = {}

    def _index(self) -> Iterator[None]:
        """The pass over the text: each value's place entered in the paths,
        pausing every 32 values for the caller to look for the path it asks
        (and stop there if it is found)."""
        paths = self._paths
        count = 0
        # Each frame: [is_object, path, next key or index, expecting a key]
        stack: list[list[Any]] = []
        path: tuple[Any, ...] = ()
        text = self.text
        # The separators are not tokens: the text is JSON that decoded, so in an
        # object keys and values alternate, and in an array each value is the
        # next index (half as many tokens to walk as with ``,`` and ``:``).
        for m in _TOKEN.finditer(text):
            tok = m.group()
            c = tok[0]
            if c == "}" or c == "]":
                if stack:
                    stack.pop()
                continue
            if c == "," or c == ":":    # (a tokenizer that gives them: nothing to do)
                continue
            if stack:
                frame = stack[-1]
                if frame[0]:
                    if frame[3]:
                        frame[2] = tok[1:-1] if c == '"' else tok
                        frame[3] = False
                        if len(frame[1]) == 1:      # a tag's or a player's name (KEY_AT)
                            paths.setdefault((*frame[1], KEY_AT, frame[2]), m.start())
                        continue
                    frame[3] = True                 # after this value, a key
                    path = (*frame[1], frame[2])
                else:
                    path = (*frame[1], frame[2])
                    frame[2] += 1                   # after this value, the next index
            else:
                path = ()
            if len(path) <= 8:
                paths.setdefault(path, m.start())
            if len(tok) > 1 and (c == "{" or c == "["):
                # a whole trick, play or list of strings: its values' places
                if len(path) >= 8:
                    pass
                elif m.start("ts") >= 0:
                    # its tricks' places are read when one is asked
                    self._deal_tricks.setdefault(path, (m.start(), m.end()))
                elif c == "{" and m.start("f") >= 0:
                    # its keys and values are read when one is asked
                    self._pairs.setdefault(path, (m.start(), m.end()))
                elif c == "{" and m.start("t") >= 0:
                    at = (*path, "plays")
                    paths.setdefault(at, m.start("t"))
                    # its plays' places are read when one is asked (a finding
                    # on a card): most located records need none
                    self._tricks.setdefault(at, (m.start("t"), m.end("t")))
                elif c == "{":
                    paths.setdefault((*path, "seat"), m.start("p"))
                    paths.setdefault((*path, "card"), m.start("c"))
                else:
                    # its strings' places are read when one is asked
                    self._lists.setdefault(path, (m.start(), m.end()))
                count += 1
                if not count & 31:
                    yield
                continue
            if c == "{":
                stack.append([True, path, None, True])
            elif c == "[":
                stack.append([False, path, 0, False])
            count += 1
            if not count & 31:
                yield

    def _matches(self, spans: dict[tuple[Any, ...], tuple[int, int]], at: tuple[Any, ...],
                 pattern: re.Pattern[str]) -> list[re.Match[str]]:
        """The matches of *pattern* in the span kept in *spans* for the value
        at *at*, taken out (each span is read once); none when it was read
        or never kept."""
        span = spans.pop(at, None)
        if span is None:
            return []
        return list(pattern.finditer(self.text, span[0], span[1]))

    def _tricks_of(self, paths: dict[tuple[Any, ...], int], at: tuple[Any, ...]) -> None:
        """The places of the tricks of the list at *at* (each as the index
        walk would take it: a trick token)."""
        for i, trick in enumerate(self._matches(self._deal_tricks, at, _TRICK_RE)):
            here = (*at, i)
            if len(here) <= 8:
                paths.setdefault(here, trick.start())
            if len(here) < 8:
                plays = (*here, "plays")
                paths.setdefault(plays, trick.start(1))
                self._tricks.setdefault(plays, (trick.start(1), trick.end(1)))

    def _pairs_of(self, paths: dict[tuple[Any, ...], int], at: tuple[Any, ...]) -> None:
        """The places of the keys and values of the object of plain values
        at *at* (and, in the game's tags and players, of the keys themselves,
        :data:`KEY_AT`)."""
        for pair in self._matches(self._pairs, at, _PAIR_RE):
            key = pair.group(1)
            if len(at) == 1:
                paths.setdefault((*at, KEY_AT, key), pair.start())
            paths.setdefault((*at, key), pair.start(2))

    def _strings_of(self, paths: dict[tuple[Any, ...], int], at: tuple[Any, ...]) -> None:
        """The places of the strings of the list of plain strings at *at*."""
        for k, string in enumerate(self._matches(self._lists, at, _STRING_RE)):
            paths.setdefault((*at, k), string.start())

    def _plays(self, paths: dict[tuple[Any, ...], int], at: tuple[Any, ...]) -> None:
        """The places of the plays of the trick whose ``plays`` is at *at*."""
        for j, play in enumerate(self._matches(self._tricks, at, _PLAY_RE)):
            here = (*at, j)
            if len(here) <= 8:
                paths.setdefault(here, play.start())
            if len(here) < 8:
                paths.setdefault((*here, "seat"), play.start(1))
                paths.setdefault((*here, "card"), play.start(2))

    def __call__(self, path: tuple[Any, ...]) -> Pos | None:
        offset = self._paths.get(path)
        if offset is None:
            offset = self._offset(path)
        if offset is None and not self._scanned:
            # the pass goes on until it has entered the path or a value
            # holding it (a list or trick read as one token): asked at each
            # pause, it stops there
            if self._scan is None:
                self._scan = self._index()
            for _ in self._scan:
                offset = self._offset(path)
                if offset is not None:
                    break
            else:
                self._scanned = True
                offset = self._offset(path)
        if offset is None:
            return None
        if offset >= self._lines_to:
            # (listed to twice as far each time: one pass over the text in all)
            end = max(offset + 1, 2 * self._lines_to, 4096)
            self._newlines.extend(m.start() for m in _NEWLINE.finditer(self.text, self._lines_to,
                                                                        end))
            self._lines_to = end
        newlines = self._newlines
        if not newlines or offset < newlines[0]:
            return Pos(self.first_line, self.first_column + offset)
        k = bisect.bisect_left(newlines, offset)
        if k == 0:
            return Pos(self.first_line, self.first_column + offset)
        return Pos(self.first_line + k, offset - self._newlines[k - 1])

    def _offset(self, path: tuple[Any, ...]) -> int | None:
        """The offset of the value at *path* among those the pass has
        entered so far (reading the lists and tricks kept as one token on
        the way), or None."""
        paths = self._paths
        offset = paths.get(path)
        if offset is None and path:
            # a value of a list or an object read as one token, not read yet
            head = path[:-1]
            if head in self._lists:
                self._strings_of(paths, head)
                offset = paths.get(path)
            elif head in self._pairs:
                self._pairs_of(paths, head)
                offset = paths.get(path)
            elif len(path) > 2 and path[-2] == KEY_AT and path[:-2] in self._pairs:
                self._pairs_of(paths, path[:-2])
                offset = paths.get(path)
        if offset is None and self._deal_tricks:
            # inside a deal's tricks not read yet: (..., i[, "plays"[, j[, key]]])
            for cut in range(1, min(len(path), 5)):
                if path[:-cut] in self._deal_tricks:
                    self._tricks_of(paths, path[:-cut])
                    offset = paths.get(path)
                    break
        if offset is None and self._tricks:
            # inside a trick whose plays are not read yet: (..., "plays", j[, key])
            for cut in (1, 2):
                if len(path) > cut and path[-cut - 1] == "plays" and path[:-cut] in self._tricks:
                    self._plays(paths, path[:-cut])
                    offset = paths.get(path)
                    break
        return offset


#: YAML's tags for the values a bare word may resolve to besides a string,
#: and the catalog's name for what YAML made of it.
_YAML_NOT_STR: Final = {
    "tag:yaml.org,2002:bool": "value.boolean", "tag:yaml.org,2002:null": "value.null",
    "tag:yaml.org,2002:int": "value.number", "tag:yaml.org,2002:float": "value.number",
    "tag:yaml.org,2002:timestamp": "value.date_only"}

#: A YAML document's bare words read as something else than a string:
#: path -> (the word as written, the catalog's name for what YAML read).
BareWords = dict[tuple[Any, ...], tuple[str, str]]


def yaml_locator(node: Any, bare: BareWords | None = None) -> Locate:
    """The positions of the values of a composed YAML node, by path; with
    *bare*, also the source text of each plain (unquoted) scalar that YAML
    resolved to something other than a string (``off`` -> false, ``~`` ->
    null, ``1`` -> 1), by path, for the reader to tell (or take as written
    where a name is meant, :func:`_yaml_names`)."""
    import yaml

    paths: dict[tuple[Any, ...], Pos] = {}
    stack: list[tuple[Any, tuple[Any, ...]]] = [(node, ())]
    while stack:
        n, path = stack.pop()
        paths[path] = Pos(n.start_mark.line + 1, n.start_mark.column + 1)
        if isinstance(n, yaml.ScalarNode):
            if bare is not None and not n.style and n.value not in ("", "~") \
                    and n.tag in _YAML_NOT_STR:
                bare[path] = (n.value, _YAML_NOT_STR[n.tag])
            continue
        if len(path) >= 8:
            continue
        if isinstance(n, yaml.SequenceNode):
            stack.extend((child, (*path, i)) for i, child in enumerate(n.value))
        elif isinstance(n, yaml.MappingNode):
            stack.extend((v, (*path, k.value)) for k, v in n.value
                         if isinstance(k, yaml.ScalarNode))
            if bare is not None:
                _bare_keys(n, path, paths, bare)
            if len(path) == 1:          # a tag's or a player's name (KEY_AT)
                for k, _v in n.value:
                    if isinstance(k, yaml.ScalarNode):
                        paths[(*path, KEY_AT, k.value)] = Pos(k.start_mark.line + 1,
                                                              k.start_mark.column + 1)
    return paths.get


def _bare_keys(n: Any, path: tuple[Any, ...], paths: dict[tuple[Any, ...], Pos],
               bare: BareWords) -> None:
    """Note the keys of the YAML mapping *n* that YAML read as a boolean (a
    seat named ``NO`` or ``ON``: ``hands: {NO: [...]}``) or null (``~``), at
    the key, under the name the reader's ``where`` gives them
    (``hands.false``, ``players.null``)."""
    for k, _v in n.value:
        if k.style:
            continue
        read = _YAML_NOT_STR.get(k.tag)
        if read == "value.boolean":
            word = k.value.lower()
            if word in _YAML_TRUE or word in _YAML_FALSE:
                named = (*path, _SCALAR_WORDS[word in _YAML_TRUE])
                paths[named] = Pos(k.start_mark.line + 1, k.start_mark.column + 1)
                bare[named] = (k.value, read)
        elif read == "value.null":
            # ``~: Ann`` or ``null: Ann``: ``players.null``, at the key
            named = (*path, _SCALAR_WORDS[None])
            paths[named] = Pos(k.start_mark.line + 1, k.start_mark.column + 1)
            bare[named] = (k.value or "~", read)


#: YAML 1.1's boolean words (PyYAML's resolver), lower case.
_YAML_TRUE: Final = frozenset(("yes", "true", "on"))
_YAML_FALSE: Final = frozenset(("no", "false", "off"))


def _yaml_names(item: Any, bare: BareWords) -> None:
    """Take a player's name and a tag's value as written when YAML read a
    bare word as something else: ``North: Yes``, ``Round: 1``, ``Event:
    2025-11-16`` are a name and text, since only a string can be meant
    there (null, ``~``, stays null: the value left out).  Other keys (a
    seat, a pass direction, a card) are not guessed at: there the reader
    says what YAML read (:func:`record_error_game`)."""
    if not isinstance(item, dict):
        return
    for key in ("players", "tags"):
        values = item.get(key)
        if not isinstance(values, dict):
            continue
        for name, value in values.items():
            if value is not None and not isinstance(value, (str, list, dict)):
                written = bare.get((key, name))
                if written is not None:
                    values[name] = written[0]


# Keys given twice in one object ----------------------------------------------------
#
# JSON does not forbid an object that names a key twice, and every decoder
# reads one of the values silently: msgspec and ``json.loads`` the last,
# other readers the first.  Such a record says two things (docs/spec.md,
# section 5.2, ``duplicate-key``): the readers find every repeated key and
# the referee reports it at the repeated key.  Finding them exactly takes a
# walk over the text's tokens, a hundred times the cost of decoding, so it
# runs only when a cheap test on the decoded record says the text may
# hold more keys than the record (:func:`may_repeat_keys`; the typed
# decoder's clean path has its own, ``io/compact.py``).

#: A token of a JSON text for the walk: a string, a bracket, a comma or a
#: colon, or a number or literal.
_WALK_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*+"|[{}\[\],:]|[^\s{}\[\],:"]++')


def may_repeat_keys(tree: Any, text: str) -> bool:
    """Whether the JSON *text* that decoded to *tree* may name a key twice
    in one object: False only when it cannot.

    Every key of the text is followed by one colon, and a colon elsewhere
    stands in a string.  The text's strings are the tree's plus those of
    the values a repeated key dropped, so the text holds more colons than
    the tree written compactly exactly when a key is repeated -- unless a
    colon of a string is written as an escape (``\\u003a``), which the
    test does not try to follow (then it says maybe).  Two counts at C
    speed and the C encoder: a few microseconds a deal, on the readers'
    path into the model only (the clean path has a cheaper test)."""
    if "\\u003" in text:
        return True
    try:
        compact = json.dumps(tree, ensure_ascii=False, separators=(",", ":"),
                             check_circular=False)
    except (ValueError, TypeError, RecursionError):
        return True         # (a number Python will not write: the walk decides)
    return text.count(":") > compact.count(":")


def _same_value(text: str, a: tuple[int, int], b: tuple[int, int]) -> bool:
    """Whether the values at spans *a* and *b* of *text* are the same JSON
    value (``1`` and ``1.0``, ``true`` and ``1`` are not; an object's keys
    in another order are)."""
    try:
        left = json.dumps(json.loads(text[a[0]:a[1]]), sort_keys=True)
        right = json.dumps(json.loads(text[b[0]:b[1]]), sort_keys=True)
    except (ValueError, TypeError, RecursionError):
        return False
    return left == right


def repeated_keys(text: str) -> list[tuple[int, str, tuple[Any, ...], bool, int]]:
    """Every key of the JSON *text* named a second (or later) time in the
    same object: its offset in *text*, its name, the path of the object
    (``("deals", 0, "passes")``), whether its value is the same as the
    first one's, and the offset of the key's first naming in its object (a
    message names both lines).  *text* is one JSON value that decoded (the
    walk trusts its syntax and its nesting, checked by the decoder)."""
    out: list[tuple[int, str, tuple[Any, ...], bool, int]] = []
    # Each frame: [is_object, path, spans by key, key pending, index, start]
    stack: list[list[Any]] = []
    for m in _WALK_TOKEN.finditer(text):
        tok = m.group()
        c = tok[0]
        if c == "," or c == ":":
            continue
        frame = stack[-1] if stack else None
        if c == "}" or c == "]":
            done = stack.pop()
            if done[0]:
                for key, spans in done[2].items():
                    for off, span in spans[1:]:
                        out.append((off, key, done[1], _same_value(text, spans[0][1], span),
                                    spans[0][0]))
            _close_value(stack, done[5], m.end())
            continue
        if frame is not None and frame[0] and frame[3] is None:
            # a key of an object
            key = json.loads(tok) if "\\" in tok else tok[1:-1]
            frame[3] = (key, m.start())
            continue
        if frame is None:
            path: tuple[Any, ...] = ()
        elif frame[0]:
            path = (*frame[1], frame[3][0])
        else:
            path = (*frame[1], frame[4])
        if c == "{" or c == "[":
            stack.append([c == "{", path, {}, None, 0, m.start()])
            continue
        _close_value(stack, m.start(), m.end())
    out.sort()
    return out


def _close_value(stack: list[list[Any]], start: int, end: int) -> None:
    """A value of the innermost container of *stack* ends at *end*: an
    object's key gets its span, an array its next index."""
    if not stack:
        return
    frame = stack[-1]
    if frame[0]:
        key, at = frame[3]
        frame[2].setdefault(key, []).append((at, (start, end)))
        frame[3] = None
    else:
        frame[4] += 1


def where_of(path: tuple[Any, ...]) -> str | Msg:
    """A path into a record as its messages name it (``deals[0].passes``;
    the game itself, ``()``, as the catalog says it)."""
    if not path:
        return msg("record.top")
    out = ""
    for step in path:
        out += f"[{step}]" if isinstance(step, int) else (f".{_key(step)}" if out else _key(step))
    return out


def repeated_key_finding(key: str, where: str | Msg, same: bool, line: int,
                         column: int | None, first: int | None = None) -> Finding:
    """The finding of a key named twice in one object (docs/spec.md, 5.2):
    an error when the values differ (readers that keep the first value and
    those that keep the last read two different games), a warning when
    they are the same.  *first*, the line of the key's first naming, is
    told too when it is another line (json22: the person who keeps one
    must find both)."""
    m = msg("finding.duplicate-key-same" if same else "finding.duplicate-key",
            key=_show(key), where=where.arg() if isinstance(where, Msg) else where)
    if first is not None and first != line:
        m = msg("finding.duplicate-key.first", told=m.arg(), line=("num", first))
    return Finding(code="duplicate-key", severity="warning" if same else "error",
                   message=m.text(), line=line, column=column, key=m.key, args=m.args)


#: The last record text asked about and its findings: the referee reads a
#: record into the model up to three times (without positions, then with).
_REPEATS_SEEN: list[Any] = [None, ()]


def json_repeated_keys(tree: Any, text: str, line: int | None,
                       column: int = 1) -> tuple[Finding, ...]:
    """The ``duplicate-key`` findings of the JSON *text* of one record
    (which decoded to *tree*), placed in the file (*text* starts at
    *line*, *column*); none, at the cost of the cheap test, for a text
    that names no key twice."""
    if _REPEATS_SEEN[0] is text:
        found: tuple[Finding, ...] = _REPEATS_SEEN[1]
        return found
    found = ()
    if may_repeat_keys(tree, text):
        out = []
        for off, key, path, same, first in repeated_keys(text):
            at_line = 1 + text.count("\n", 0, off)
            at_column = off - text.rfind("\n", 0, off)
            row, col = text_place(line, column, at_line, at_column)
            first_row, _ = text_place(line, column, 1 + text.count("\n", 0, first), 1)
            out.append(repeated_key_finding(key, where_of(path), same, row, col, first_row))
        found = tuple(out)
    _REPEATS_SEEN[0], _REPEATS_SEEN[1] = text, found
    return found


def game_to_dict(game: Game) -> dict[str, Any]:
    """The JSON tree of a game, fields in the order of docs/spec.md, section 3.

    Absent facts are left out rather than written as null, except
    ``hands`` entries written as unknown (``null``) so that a record reads
    back the same.
    """
    out: dict[str, Any] = {}
    if game.language is not None and game.language != "en":
        # First, so that the run's language is found in a file's first bytes
        # (hearts_notation.language.paths_language) however long the game.
        out["language"] = game.language
    if game.tags:
        out["tags"] = dict(game.tags)
    if game.rules is not None:
        out["rules"] = game.rules
    if game.seats is not None:
        out["seats"] = list(game.seats)
    if game.players:
        out["players"] = dict(game.players)
    if game.comment is not None:
        out["comment"] = game.comment
    out["deals"] = [deal_to_dict(d) for d in game.deals]
    if game.result is not None:
        out["result"] = game.result if game.result == "*" else list(game.result)
    return out


def deal_to_dict(deal: Deal) -> dict[str, Any]:
    """The JSON tree of one deal."""
    d: dict[str, Any] = {}
    if deal.number is not None:
        d["number"] = deal.number
    if deal.dealer is not None:
        d["dealer"] = deal.dealer
    if deal.direction is not None:
        d["pass"] = deal.direction
    if deal.comment is not None:
        d["comment"] = deal.comment
    if deal.hands:
        d["hands"] = {s: None if h is None else [str(c) for c in h] for s, h in deal.hands.items()}
    if deal.passes:
        passes: dict[str, Any] = {}
        for s, p in deal.passes.items():
            cards = [str(c) for c in p.cards]
            if p.to is None and p.mark is None and p.comment is None:
                passes[s] = cards
            else:
                po: dict[str, Any] = {"cards": cards}
                if p.to is not None:
                    po["to"] = p.to
                if p.mark is not None:
                    po["mark"] = p.mark
                if p.comment is not None:
                    po["comment"] = p.comment
                passes[s] = po
        d["passes"] = passes
    if deal.tricks:
        tricks = []
        for t in deal.tricks:
            plays = []
            for pl in t.plays:
                pd: dict[str, Any] = {"seat": pl.seat, "card": str(pl.card)}
                if pl.mark is not None:
                    pd["mark"] = pl.mark
                if pl.comment is not None:
                    pd["comment"] = pl.comment
                plays.append(pd)
            td: dict[str, Any] = {"plays": plays}
            if t.comment is not None:
                td["comment"] = t.comment
            tricks.append(td)
        d["tricks"] = tricks
    if deal.score is not None:
        d["score"] = dict(deal.score)
    if deal.total is not None:
        d["total"] = dict(deal.total)
    if deal.moon is not None:
        d["moon"] = {"seat": deal.moon.seat, "choice": deal.moon.choice}
    if deal.unfinished:
        d["unfinished"] = True
    return d


# Reading documents, streamed ----------------------------------------------------
#
# Readers take text as one string or as an iterable of chunks/lines (from
# ``hearts_notation.io.iter_text_chunks``), and yield games one at a time.
# A game whose JSON is well formed but is not a record of the schema comes
# back as a game with a ``syntax-error`` finding, like an HRN game that does
# not parse, so that one bad record in a million does not stop the others
# (docs/spec.md, section 5); a document whose JSON or YAML syntax is broken cannot be read
# past the break and raises :class:`RecordError` with the line and column.


def error_game(message: str | Msg, source: str | None, index: int | None,
               line: int | None, column: int | None = None) -> Game:
    """A game that could not be read, carrying one ``syntax-error`` (its
    message a catalog id and arguments, so that it is told in any language)."""
    if isinstance(message, Msg):
        finding = Finding("syntax-error", "error", message.text(), line=line, column=column,
                          key=message.key, args=message.args)
    else:
        finding = Finding("syntax-error", "error", message, line=line, column=column)
    return Game(errors=(finding,), source=source, index=index,
                pos=Pos(line, column or 1) if line else None)


def game_prefix(index: int | None, in_array: bool) -> Msg | None:
    """"game 3" in front of the errors of an element of a JSON array."""
    return msg("record.game", n=index) if in_array and index is not None else None


#: One step of a ``where`` path: ``.key`` (or the first key) or ``[index]``.
_PATH_STEP = re.compile(r"\.?([A-Za-z0-9_]+)|\[(\d+)\]")


def _path_of(where: str) -> tuple[Any, ...] | None:
    """The path into the tree that a ``where`` names (``deals[0].hands.N``
    -> ``("deals", 0, "hands", "N")``; ``game`` -> ``()``), or None.  A
    step that is not a plain name (a key such as ``"\\ud800"`` or ``"a b"``)
    ends the path: the place is then the object that holds it."""
    if where == "game":
        return ()
    path: list[Any] = []
    pos = 0
    while pos < len(where):
        m = _PATH_STEP.match(where, pos)
        if m is None or (pos and m.group(1) is not None and where[pos] != ".") or (
                m.end() < len(where) and where[m.end()] not in ".["):
            break
        path.append(m.group(1) if m.group(1) is not None else int(m.group(2)))
        pos = m.end()
    return tuple(path) if path else None


def record_error_game(exc: RecordError, source: str | None, index: int | None,
                      line: int | None, in_array: bool = False,
                      locate: Locate | None = None,
                      bare: BareWords | None = None) -> Game:
    """The game of a record that is not one: its ``syntax-error`` names the
    place (``game 3: deals[0].hands: ...``) and, with *locate*, the line and
    column of the faulty value.  When the faulty value is a YAML bare word
    read as a boolean, null or number (*bare*, :func:`yaml_locator`), the
    message says so and how to quote it: ``pass: off`` is false to YAML,
    and "false is not a pass direction" alone leaves the writer puzzled."""
    column = None
    path = _path_of(exc.where) if exc.where else None
    if locate is not None and path is not None:
        pos = None
        if isinstance(exc, UnknownField) and exc.field:
            pos = locate((*path, exc.field))
        if pos is None:
            pos = locate(path)
        if pos is not None:
            line, column = pos.line, pos.column
    message = exc.located(game_prefix(index, in_array))
    word = bare.get(path) if bare is not None and path is not None else None
    # A number or a date is never a seat, a card or a direction quoted or
    # not (and a date's own words say to quote it): only a word YAML made a
    # boolean or null is hinted at, where quoting gives the word back.
    if word is not None and word[1] in ("value.boolean", "value.null"):
        message = msg("record.yaml_bare_word", message=message.arg(), word=word[0],
                      read=msg(word[1]).arg())
    return error_game(message, source, index, line, column)


def _game_or_error(item: Any, source: str | None, index: int, line: int | None,
                   in_array: bool = False, locate: Locate | None = None,
                   text: str | None = None, column: int = 1,
                   notices: tuple[Finding, ...] = (),
                   bare: BareWords | None = None) -> Game:
    """The game of a decoded record, or its syntax error at the faulty value
    (located in *text*, the record's JSON starting at *line*, *column*, when
    no *locate* is given); its keys named twice are looked for in *text*;
    *bare* is a YAML document's bare words (:func:`record_error_game`)."""
    try:
        return game_from_dict(item, source, index, line=line, locate=locate, text=text,
                              column=column, notices=notices)
    except RecordError as exc:
        if locate is None and text is not None:
            locate = JsonLocator(text, line or 1, column)
        return record_error_game(exc, source, index, line, in_array, locate, bare)


#: Python's words for broken JSON (the start of ``JSONDecodeError.msg``) ->
#: the catalog's.
_JSON_PROBLEMS: Final = (
    ("Expecting value", "json.expecting_value"),
    ("Expecting property name", "json.expecting_name"),
    ("Expecting ':' delimiter", "json.expecting_colon"),
    ("Expecting ',' delimiter", "json.expecting_comma"),
    ("Expecting ']' at the end", "json.expecting_bracket"),
    ("Extra data", "json.extra_data"),
    ("Unterminated string", "json.unterminated_string"),
    ("Invalid control character", "json.control_character"),
    ("Invalid \\uXXXX escape", "json.invalid_u_escape"),
    ("Invalid \\escape", "json.invalid_escape"),
    ("Illegal trailing comma", "json.trailing_comma"),
)


def _hand_edited(problem: str, before: str, after: str) -> Msg | None:
    """What a person who edits JSON by hand (or a program that writes it
    as JavaScript would) put where the decoder stopped, told with the form
    to write, or None: a comment (``//``, ``/*``), a comma before a closing
    bracket, a comma after a whole record (a ``.jsonl`` line that ends with
    ``,``, records of a ``.json`` file not in a list).  *before* is the
    text just before the place, *after* its first characters.  The
    decoder's own words ("Expecting value") name none of these."""
    if after[:2] in ("//", "/*"):
        return msg("json.comment")
    if after[:1] == "#" and problem.startswith(("Expecting value", "Expecting property name")):
        # a shell's, YAML's or Python's comment line: a log a script heads
        # with "# exported ...", or a .jsonl file with a commented-out line
        return msg("json.hash_comment")
    if problem.startswith(("Expecting value", "Expecting property name")) \
            and after[:1] in ("]", "}") and before.rstrip().endswith(","):
        return msg("json.comma_before_close", close=after[:1])
    if problem.startswith("Extra data") and after[:1] == ",":
        return msg("json.comma_after_record")
    return None


def json_syntax(problem: str, head: str | None = None, after: str = "",
                before: str = "", reading: str = "") -> Msg:
    """"not valid JSON: ..." for the decoder's words *problem*, told by
    the catalog (the decoder's English kept only for words it does not know).
    Extra data that opens a value (*after*, the character the decoder
    stopped at, is ``{`` or ``[``) is a second record after the first: the
    message says how records go in a ``.json`` and a ``.jsonl`` file.
    With *head*, the input's beginning when the decoder stopped at its very
    first character: if that looks like another format (a YAML record in a
    ``.json`` or ``.jsonl`` file, ``deals:``), the message says to read it
    with ``--from`` (as the HRN reader's, ``syntax.other_format``), unless
    that is the format being read, *reading* (an OpenSpiel history's broken
    list was told to be read with ``--from openspiel-history``, the reader
    that told it; interop26)."""
    said: Msg | None = None
    if problem.startswith("Extra data") and after[:1] in ("{", "["):
        return msg("record.json", problem=msg("json.second_value").arg())
    edited = _hand_edited(problem, before, after)
    if edited is not None:
        return msg("record.json", problem=edited.arg())
    for start, key in _JSON_PROBLEMS:
        if problem.startswith(start):
            said = msg("record.json", problem=msg(key).arg())
            break
    if said is None:
        said = msg("record.json", problem=problem)
    if head is not None:
        from .sniff import looks_like, looks_like_hrn

        name = looks_like(head) or ("hrn" if looks_like_hrn(head) else None)
        if name is not None and name not in ("json", "jsonl", reading):
            return msg("record.other_format", message=said.arg(), format=name)
    return said


def _at_start(doc: str, pos: int) -> str | None:
    """The beginning of *doc* when *pos* is on its first line that is not
    blank (the decoder refused the input's very first value, or stopped
    inside it: an HRN tag ``[Event "..."]`` stops it at its second
    character), else None."""
    return doc[:4096] if "\n" not in doc[:pos].lstrip() else None


def json_problem(exc: BaseException, reading: str = "") -> tuple[Msg, int, int]:
    """The message, line and column of a JSON text that cannot be decoded:
    broken syntax, nesting deeper than the interpreter can follow (a
    ``RecursionError``, about a thousand levels; no record needs more than
    six) or a number of more than 4,300 digits (Python refuses to convert
    it), or past the ``depth`` limit (:func:`loads_record`).  Line and
    column are 1, 1 when the decoder does not say.  *reading*: the format
    being read, never the one a syntax error's hint names (:func:`json_syntax`)."""
    if isinstance(exc, RecordError):
        return exc.located(), exc.line or 1, exc.column or 1
    if isinstance(exc, json.JSONDecodeError):
        if exc.msg.startswith("Extra data"):
            # A JSONL file with lone CR line ends (old Mac) is one line: the
            # second record is "extra data" after a CR; say what it is.
            cr = exc.doc.rfind("\r", 0, exc.pos)
            if cr >= 0 and exc.doc[cr:exc.pos].isspace() and "\n" not in exc.doc[cr:exc.pos]:
                return msg("input.lone_cr"), exc.lineno, exc.colno - (exc.pos - cr)
        return (json_syntax(exc.msg, _at_start(exc.doc, exc.pos), exc.doc[exc.pos:exc.pos + 2],
                            exc.doc[max(0, exc.pos - 64):exc.pos], reading),
                exc.lineno, exc.colno)
    if isinstance(exc, RecursionError):
        return msg("record.json_here", what=msg("json.too_deep").arg()), 1, 1
    return msg("record.json_here", what=msg("json.too_many_digits").arg()), 1, 1


#: What :func:`json.loads` raises on text it cannot decode.
JSON_ERRORS = (ValueError, RecursionError)

#: Bytes other than brackets, quotes and backslashes: deleted by the quick
#: nesting check (:func:`json_too_deep`), which looks at structure only.
_NOT_STRUCTURE = bytes(c for c in range(256) if c not in b'[]{}"\\')
#: Braces read as brackets by the quick check: one kind of pair to peel
#: (a brace closed by a bracket is a syntax error the decoder reports).
_ONE_KIND = bytes.maketrans(b"{}", b"[]")
#: A string literal, an opening or a closing bracket (the exact scan).  The
#: string's runs are possessive: ``(?:[^"\\]|\\.)*`` kept a backtracking
#: point per character, 150 bytes each, so a 4 MB name cost 600 MB in every
#: command that reads JSON (and 1.8 GB in ``replay --html``).
_JSON_TOKEN = re.compile(r'"(?:[^"\\]++|\\.)*+"|([\[{])|[\]}]')


def json_too_deep(text: str, start: int = 0, end: int | None = None) -> int | None:
    """The offset in *text* of the first ``[`` or ``{`` nested deeper than
    the ``depth`` limit in ``text[start:end]``, or None.

    JSON is checked before (or instead of) being decoded: Python's decoder
    recurses once per level and gives up with a ``RecursionError`` near a
    thousand, and a record needs six.  The quick check keeps only brackets
    and quotes (a C-speed byte deletion), drops the empty string literals
    this leaves and peels innermost bracket pairs away ``depth`` times:
    anything left is nesting past the limit (or a syntax error).  Only then,
    or when a string holds a bracket or an escape, does the exact scan run
    (string literals skipped), which also finds the offset of the culprit.
    """
    limit = current_limits().depth
    piece = text[start:end] if start or end is not None else text
    data = piece.encode("utf-8", "surrogatepass")
    if b"\\" not in data:
        rest = data.translate(_ONE_KIND, _NOT_STRUCTURE).replace(b'""', b"")
        if b'"' not in rest:
            for _ in range(limit):
                if not rest:
                    return None
                rest = rest.replace(b"[]", b"")   # one level per pass
            if not rest:
                return None
    depth = 0
    for m in _JSON_TOKEN.finditer(piece):
        if m.group(1) is not None:
            depth += 1
            if depth > limit:
                return start + m.start()
        elif m.group() in ("]", "}"):
            depth -= 1
    return None


def json_depth_message() -> Msg:
    """The words of a JSON value nested past the ``depth`` limit (as YAML's)."""
    return limit_message("limit.what.json_nesting", "depth", current_limits().depth)


def loads_record(text: str) -> Any:
    """:func:`json.loads` of one record's text (a JSONL line, an element
    of a ``.json`` array), its nesting checked first against the ``depth``
    limit: a value nested too deeply raises :class:`RecordError` with the
    line and column (in *text*, from 1) of the bracket that goes over.
    Raises what :data:`JSON_ERRORS` names (:func:`json_problem` words it)."""
    deep = json_too_deep(text)
    if deep is not None:
        line = 1 + text.count("\n", 0, deep)
        raise RecordError(json_depth_message(), line=line,
                          column=deep - text.rfind("\n", 0, deep))
    try:
        return json.loads(text, parse_float=JsonFloat)
    except ValueError as exc:
        at = None if isinstance(exc, json.JSONDecodeError) else long_number(text)
        if at is None:
            raise
        raise RecordError(msg("record.json_here", what=msg("json.too_many_digits").arg()),
                          line=1 + text.count("\n", 0, at),
                          column=at - text.rfind("\n", 0, at)) from None


def long_number(text: str, start: int = 0) -> int | None:
    """The offset of the first number in *text* (from *start*) with more
    digits than Python converts (``sys.get_int_max_str_digits``, 4,300 by
    default), which the decoder refuses without saying where; or None."""
    import sys

    limit = sys.get_int_max_str_digits()
    if not limit:
        return None
    found = re.compile(f"[0-9]{{{limit + 1},}}").search(text, start)
    return None if found is None else found.start()


class _TooDeep:
    """An element of a ``.json`` document nested past the limit: read past
    (its end is known) and reported as that game's syntax error."""

    __slots__ = ("error",)

    def __init__(self, error: RecordError) -> None:
        self.error = error


_WS = " \t\r\n"
#: A decode error this close to the end of the buffer may only mean that
#: the buffer stops in the middle of a value: read more and retry.
_EDGE = 16


#: How far ahead the layout's closing line is looked for, and after how many
#: proposals not confirmed a document is cut by decoding alone.
_LAYOUT_WINDOW = 1 << 22
_LAYOUT_MISSES = 4


class OverLimit:
    """The place of an element of a JSON array over the ``record`` limit,
    in the elements a cut gives (:func:`iter_json_elements`): the element
    was read past, never held whole (:meth:`_JsonStream.skip_value`), and
    :attr:`error` tells it; the document's reading goes on with the next
    element, and the first such error is raised once it ends (round 35).
    Its consumer counts it as a game (the next element keeps its number)
    and asks ``isinstance(text, OverLimit)``."""

    __slots__ = ("error",)

    def __init__(self, error: RecordError) -> None:
        self.error: Final = error


class _OverRecord(RecordError):
    """:meth:`_JsonStream._within_record`'s refusal: the value at the
    stream's position is over the ``record`` limit (an array's element is
    then read past, :meth:`_JsonStream.skip_value`)."""


#: The rest of a JSON string from inside it, up to its closing quote (not
#: taken) or a backslash that ends the text (its escaped character not read
#: yet); unrolled and possessive, so that a string of megabytes is one quick
#: match that keeps nothing to go back to (a plain ``*`` kept some state for
#: each escape: 20 MB for 160,000 of them).
_STRING_REST: Final = re.compile(r'[^"\\]*+(?:\\.[^"\\]*+)*+', re.DOTALL)
#: A whole JSON string.
_STRING: Final = re.compile(r'"[^"\\]*+(?:\\.[^"\\]*+)*+"', re.DOTALL)
#: What is not a bracket (outside strings).
_NOT_BRACKET: Final = re.compile(r"[^\[\]{}]+")
#: A string or a bracket: the tokens that place the bracket that ends a value.
_STRING_OR_BRACKET: Final = re.compile(r'"[^"\\]*+(?:\\.[^"\\]*+)*+"|[\[\]{}]', re.DOTALL)
#: What a scalar that is not a string is made of (a number, a literal).
_SCALAR: Final = re.compile(r"[^,\]}\s\[{\"]*")
_DEPTH_STEP: Final = {"[": 1, "{": 1, "]": -1, "}": -1}
#: A quote escaped by a backslash (an odd run of them before it).
_ESCAPED_QUOTE: Final = re.compile(r'(?<!\\)(?:\\\\)*\\"')
#: Characters looked at a time when reading past a value.
_SKIP_SLICE = 1 << 20


@functools.lru_cache(maxsize=8)
def _closing(indent: str) -> re.Pattern[str]:
    """The line that most likely closes an object opened after *indent*."""
    return re.compile(re.escape("\n" + indent + "}"))


class _JsonStream:
    """A sliding window over a chunked JSON text, for
    :meth:`json.JSONDecoder.raw_decode` one value at a time.

    Consumed text is dropped as the reader moves on, so the window holds
    the value being decoded and at most a chunk more; positions in the
    whole document are kept (``line``/``column`` of any offset).
    """

    def __init__(self, chunks: Iterable[str], feed: LineFeed | None = None,
                 decode: bool = False) -> None:
        self._chunks = iter(chunks)
        self._feed = feed   # told the newlines read so far before each chunk
        self._decode = decode   # confirm a layout's end by the typed decoder first
        #: the typed decoder's record of the last element cut (``raw``), when
        #: it confirmed the element's end (*decode*); else ``None``
        self.record: Any = None
        #: where the last value decoded (not *raw*) starts in ``buf``, or its
        #: text when the window was compacted past it: the text a refused
        #: record's faulty field is located in (:meth:`last_text`)
        self._last_start = 0
        self._last_text: str | None = None
        self.buf = ""
        self.pos = 0
        self.eof = False
        self._line = 1      # line number at buf[0]
        self._col = 0       # characters before buf[0] on that line
        self._mark = 0      # an offset in buf whose line is known...
        self._mark_line = 1     # ...this one, so that lines are counted once
        #: where the line of ``_mark`` starts, less one: the offset in buf of
        #: the newline before it, or -1 less the characters of that line
        #: dropped before buf[0] (the column of ``_mark`` is ``_mark - _mark_nl``)
        self._mark_nl = -1
        self._decoder = json.JSONDecoder(parse_float=JsonFloat)
        self._verify: Any = None
        self._typed: Any = None
        self._misses = 0    # layout proposals not confirmed

    def fill(self, want: int = 1) -> bool:
        """Read at least *want* more characters (fewer at the end of the
        input), dropping the consumed text; False if nothing was left."""
        if self.eof:
            return False
        # (the value at ``pos`` refused before the window grows on: a 200 MB
        # game held 800 MB)
        self._within_record(len(self.buf))
        parts: list[str] = []
        got = 0
        feed = self._feed
        if feed is not None:
            # Lines up to the mark are known; only the text after it is counted.
            feed.newlines = self._mark_line - 1 + self.buf.count("\n", self._mark)
        while got < want:
            if feed is not None and parts:
                feed.newlines += parts[-1].count("\n")
            chunk = next(self._chunks, None)
            if chunk is None:
                self.eof = True
                break
            parts.append(chunk)
            got += len(chunk)
        if not parts:
            return False
        if self.pos:
            self._compact()
        parts.insert(0, self.buf)
        self.buf = "".join(parts)
        return True

    def place(self, offset: int) -> tuple[int, int]:
        """The 1-based line and column of *offset* (not before the last one
        asked): the newlines are counted from the last offset asked, not
        from the start of the buffer, so a document of many values is
        counted once (counting from the start each time made cutting a
        pretty-printed array quadratic in the buffer), and the start of the
        line is kept with them, so a long one-line array is not searched
        back for its last newline at every element (an element of it starts
        far from column 1)."""
        if offset < self._mark:
            return self.where(offset)
        buf = self.buf
        newlines = buf.count("\n", self._mark, offset)
        if newlines:
            self._mark_line += newlines
            self._mark_nl = buf.rfind("\n", self._mark, offset)
        self._mark = offset
        return self._mark_line, offset - self._mark_nl

    def where(self, offset: int) -> tuple[int, int]:
        """1-based line and column of *offset* in the buffer."""
        nl = self.buf.count("\n", 0, offset)
        if nl:
            return self._line + nl, offset - self.buf.rfind("\n", 0, offset)
        return self._line, self._col + offset + 1

    def peek(self) -> str:
        """The next character that is not white space ('' at the end)."""
        while True:
            buf, pos, n = self.buf, self.pos, len(self.buf)
            while pos < n and buf[pos] in _WS:
                pos += 1
            self.pos = pos
            if pos < n:
                return buf[pos]
            if not self.fill():
                return ""

    def error(self, message: str, offset: int | None = None) -> RecordError:
        at = self.pos if offset is None else offset
        line, col = self.where(at)
        # the window holds the input from its start: the hint of another format
        head = _at_start(self.buf, at) if self._line == 1 and self._col == 0 else None
        return RecordError(json_syntax(message, head, self.buf[at:at + 2],
                                       self.buf[max(0, at - 64):at]), line=line, column=col)

    def _within_record(self, end: int) -> None:
        """Refuse the value that starts at ``pos`` when it reaches *end* past
        the ``record`` limit: a game of a ``.json`` document (an element of
        its array, or the document) is bounded as a JSONL line is, so that
        every format holds the same games and memory stays bounded."""
        limit = current_limits().record
        if end - self.pos > limit:
            line, column = self.where(self.pos)
            raise _OverRecord(limit_message("limit.what.game_length", "record", limit),
                              line=line, column=column)

    def skip_value(self) -> None:
        """Read past the value at ``pos`` (an element over the ``record``
        limit), the text read past dropped as it goes, so that a value of
        gigabytes costs the memory of a chunk (:meth:`_value_end`)."""
        self.record = None
        self._value_end(keep=False)

    def _value_end(self, keep: bool) -> int | None:
        """Where the value at ``pos`` ends, by the bracket and string state
        of the text, a slice of at most :data:`_SKIP_SLICE` characters at a
        time: the strings of a slice are taken out and its brackets counted
        by regular expressions and ``str.count``; only the slice where the
        depth may come back to 0 is walked bracket by bracket (from 0 the
        depth is known by :func:`itertools.accumulate`), and the token of
        the end found by a scan of that slice alone.  A value that is not
        valid JSON ends where its brackets say (the reading goes on from
        there: the error, if any, is the decoder's or the next element's);
        one that never ends ends the input (``None``).

        Without *keep* (:meth:`skip_value`) the text read past is dropped
        as it goes and ``pos`` is left at the end.  With *keep*
        (:meth:`value`, before it decodes a value cut by the window's end)
        the value's text stays whole in the window, ``pos`` stays at its
        start, the end is returned, and the window grows by no more than
        the ``record`` limit allows: a value that passes it is refused
        (:class:`_OverRecord`) when the window holds the limit's worth of
        it, never decoded.  Decoding the window over and over, twice as
        large each time, built the tree of a prefix of twice the limit
        before refusing it: 185 MB held for a 16 MiB limit (round 36)."""
        pos = self.pos
        first = self.buf[pos]
        depth = 1 if first in "[{" else 0
        in_string = first == '"'
        escaped = False
        pos += 1
        # (with *keep* the value is most often a game cut by a chunk's end:
        # the slices start small, so that finding its end costs about its
        # own length, and grow to :data:`_SKIP_SLICE`)
        span = (1 << 12) if keep else _SKIP_SLICE

        def more(at: int) -> int | None:
            # More text for the scan at *at*: the offset it has then, or
            # None at the end of the input.
            if not keep:
                self.pos = at
                self._compact()
                return self.pos if self.fill() else None
            # (the window's own check refuses the value past the limit)
            got = len(self.buf) - self.pos
            before = self.pos
            # (twice the text each time, so a value cut by many small chunks
            # is scanned and joined O(log n) times, but never much past the
            # limit)
            if not self.fill(max(1, min(got, current_limits().record + 1 - got))):
                return None
            return at - before + self.pos

        if not depth and not in_string:     # a number or a literal: to its first stop
            while True:
                pos = _SCALAR.match(self.buf, pos).end()  # type: ignore[union-attr]
                if pos < len(self.buf):
                    break
                after = more(pos)
                if after is None:
                    pos = len(self.buf)
                    break
                pos = after
            if not keep:
                self.pos = pos
            return pos
        while True:
            buf = self.buf
            size = len(buf)
            if pos >= size:
                after = more(pos)
                if after is None:
                    if not keep:
                        self.pos = len(self.buf)
                    return None
                pos = after
                continue
            if in_string:
                if escaped:
                    pos += 1
                    escaped = False
                    continue
                pos = _STRING_REST.match(buf, pos).end()  # type: ignore[union-attr]
                if pos < size:
                    if buf[pos] == '"':
                        in_string = False
                        pos += 1
                        if not depth:
                            if not keep:
                                self.pos = pos
                            return pos
                    else:                   # a backslash that ends the text
                        escaped = True
                        pos += 1
                continue
            stop = min(size, pos + span)
            span = min(2 * span, _SKIP_SLICE)
            piece = buf[pos:stop]
            # Whether the slice ends inside a string: the parity of its
            # quotes that are not escaped (it starts outside one).  If it
            # does, it is cut at that string's opening quote, so that every
            # quote left opens a string that closes in it: taking the
            # strings out is then one linear pass (a string left open made
            # the expression try again from each of its escaped quotes).
            opened = -1
            quotes = piece.count('"')
            if quotes and '\\"' in piece:
                quotes -= len(_ESCAPED_QUOTE.findall(piece))
            if quotes % 2:
                opened = len(piece)
                while True:
                    opened = piece.rfind('"', 0, opened)
                    k = opened - 1
                    while k >= 0 and piece[k] == "\\":
                        k -= 1
                    if (opened - 1 - k) % 2 == 0:
                        break
                piece = piece[:opened]
            brackets = _NOT_BRACKET.sub("", _STRING.sub("", piece))
            closes = brackets.count("]") + brackets.count("}")
            if closes >= depth:
                steps = list(accumulate(map(_DEPTH_STEP.__getitem__, brackets), initial=depth))
                if 0 in steps:
                    end = self._nth_bracket_end(pos, pos + len(piece), steps.index(0))
                    if not keep:
                        self.pos = end
                    return end
                depth = steps[-1]
            else:
                depth += len(brackets) - 2 * closes
            if opened >= 0:
                in_string = True
                pos += opened + 1
            else:
                pos = stop

    def _nth_bracket_end(self, start: int, stop: int, n: int) -> int:
        """Where the *n*-th bracket outside strings of ``buf[start:stop]``
        ends (the one that closes the value being read past)."""
        seen = 0
        for m in _STRING_OR_BRACKET.finditer(self.buf, start, stop):
            if self.buf[m.start()] != '"':
                seen += 1
                if seen == n:
                    return m.end()
        raise AssertionError("the bracket counted is in the slice")

    def error_message(self, message: Msg) -> RecordError:
        """*message* (a catalog entry, not the decoder's English) at the
        current position."""
        line, col = self.where(self.pos)
        return RecordError(message, line=line, column=col)

    def value(self, raw: bool = False) -> tuple[Any, int, int]:
        """Decode the value at the current position; returns it (or with
        *raw* its text) with its first line and column.  Reads more text while the
        value is cut off by the end of the window."""
        if raw:
            self.record = None
            element = self._layout_element()
            if element is not None:
                self._within_record(self.pos + len(element))
                line, column = self.place(self.pos)
                self.pos += len(element)
                if self.pos > (1 << 20) and self.pos > len(self.buf) // 2:
                    self._compact()
                return element, line, column
        scanned = False
        if len(self.buf) - self.pos > _LAYOUT_WINDOW:
            # (a window grown by the layout's search for a long element: its
            # end found by its brackets before any decode, as below)
            scanned = True
            end = self._value_end(keep=True)
            if end is not None:
                self._within_record(end)
        while True:
            try:
                value, end = self._decoder.raw_decode(self.buf, self.pos)
            except (RecursionError, ValueError) as exc:
                if not isinstance(exc, json.JSONDecodeError):
                    message, _, _ = json_problem(exc)
                    at = self.pos
                    if isinstance(exc, RecursionError):
                        deep = json_too_deep(self.buf, self.pos)
                        if deep is not None:
                            message, at = json_depth_message(), deep
                    else:
                        at = long_number(self.buf, self.pos) or self.pos
                    line, col = self.where(at)
                    raise RecordError(message, line=line, column=col) from None
                near_end = exc.pos >= len(self.buf) - _EDGE or exc.msg.startswith("Unterminated string")
                # A value cut by the window's end: its end is found by its
                # brackets first, the window grown to hold it whole (or the
                # value refused at the record limit, never decoded), then it
                # is decoded once more (round 36: decoding a window twice as
                # large each time built the tree of twice the limit's text).
                # A value of up to a MiB (or an eighth of the limit) is
                # decoded again on a window twice as large, as before: the
                # scan costs twice a decode on a dense one-line element, and
                # the tree of such a prefix is bounded by that size and a
                # chunk, not by the limit.
                got = len(self.buf) - self.pos
                small = min(_SKIP_SLICE, current_limits().record // 8)
                if near_end and not scanned and got > small:
                    scanned = True
                    end = self._value_end(keep=True)
                    if end is not None:
                        self._within_record(end)
                    continue
                if near_end and self.fill(max(got, min(1 << 16, small))):
                    continue
                raise self.error(exc.msg, exc.pos) from None
            if end == len(self.buf) and not isinstance(value, dict | list) and self.fill(1 << 16):
                continue  # a number may go on in the next chunk
            self._within_record(end)
            line, column = self.place(self.pos)
            if not raw and isinstance(value, dict | list):
                deep = json_too_deep(self.buf, self.pos, end)
                if deep is not None:
                    dline, dcol = self.where(deep)
                    value = _TooDeep(RecordError(json_depth_message(), line=dline, column=dcol))
            if raw:
                value = self.buf[self.pos:end]
            else:
                self._last_start, self._last_text = self.pos, None
            self.pos = end
            if self.pos > (1 << 20) and self.pos > len(self.buf) // 2:
                if not raw:
                    self._last_text = self.buf[self._last_start:end]
                self._compact()
            return value, line, column

    def last_text(self) -> str:
        """The JSON text of the value :meth:`value` returned last (not *raw*):
        where a refused record's faulty value, or a key named twice, is."""
        if self._last_text is not None:
            return self._last_text
        return self.buf[self._last_start:self.pos]

    def _layout_element(self) -> str | None:
        """The text of the object at the current position when the layout
        shows where it ends and msgspec confirms it, else ``None`` (then
        ``raw_decode`` finds the end).  Only for cutting an array into
        element texts (``raw``).

        An object that starts its own line after an indentation ``I`` (a
        pretty-printed array: ``json.dumps(indent=...)``, jq, editors) most
        likely ends at the next line holding ``I}``: that candidate is
        found by a literal search and checked by msgspec's decoder into
        ``msgspec.Raw``, which checks the whole text is one JSON value
        without building it (the text of one value has one end, so a
        confirmed candidate is the end ``raw_decode`` finds).  That is a
        few times cheaper than ``raw_decode``, which builds the value only
        for the worker to decode it again.  When the
        candidate is not confirmed (another layout, a syntax error, text
        still to read), the caller decodes as before: the layout only
        proposes, it never decides.  A document whose layout is another
        (the line never comes, or comes but does not close the object) stops
        being proposed to after a few misses, so that it costs no more than
        a few searches; the search reads at most :data:`_LAYOUT_WINDOW`
        ahead.

        When the stream decodes (*decode*, one job: the elements are checked in
        this process, :func:`iter_json_records`), the candidate goes to the
        typed decoder first: a record it makes is the confirmation (msgspec
        decodes exactly one JSON value, so the candidate is the end
        ``raw_decode`` finds) and is kept in :attr:`record` for the
        referee, which then does not decode the text again.  The structure
        check runs only when the typed decoder refuses the text (a record
        it does not describe, or a candidate the layout got wrong), so every
        cut is the one the check alone makes."""
        verify = self._verify
        if verify is None:
            from .typed_json import decode_record, raw_value_check

            verify = self._verify = raw_value_check()
            if self._decode:
                self._typed = decode_record
        if verify is False:
            return None
        if self._misses >= _LAYOUT_MISSES:
            self._verify = False
            return None
        buf, pos = self.buf, self.pos
        if pos >= len(buf) or buf[pos] != "{":
            return None
        start = buf.rfind("\n", max(0, pos - 256), pos) + 1
        if not start or (start < pos and not buf[start:pos].isspace()):
            return None     # not at the start of a line (a one-line array)
        # (A regular expression of a literal finds it several times faster
        # than str.find, which steps through the many lines that start
        # like it.)
        close = _closing(buf[start:pos])
        # (past the ``record`` limit the guess gives up before the window
        # grows, and the decoder finds where the element really ends: the
        # window's own check refused a 1 KB game when a one-line element,
        # whose end the guess never finds, was followed by more than the
        # limit's worth of text, HEARTS_MAX_RECORD below a read's 1 MiB:
        # round 29)
        window = min(_LAYOUT_WINDOW, current_limits().record)
        while True:
            found = close.search(self.buf, self.pos)
            if found is not None:
                break
            if len(self.buf) - self.pos > window or not self.fill(
                    max(len(self.buf) - self.pos, 1 << 16)):
                self._misses += 1
                return None
        text = self.buf[self.pos:found.end()]
        typed = self._typed
        if typed is not None:
            record = typed(text)
            if record is not None:
                self.record = record
                return text
        if not verify(text):
            self._misses += 1
            return None
        return text

    def _compact(self) -> None:
        """Drop the consumed text, keeping the line and column of what
        stays.  The lines up to the last offset :meth:`place` was asked
        are known already: only the newlines after it are counted (counting
        the whole dropped text again cost as much as all of place's counts
        on a pretty-printed array)."""
        buf, pos, mark = self.buf, self.pos, self._mark
        if 0 < mark <= pos:
            nl = self._mark_line - self._line + buf.count("\n", mark, pos)
        else:
            nl = buf.count("\n", 0, pos)
        if nl:
            self._line += nl
            self._col = pos - buf.rfind("\n", 0, pos) - 1
        else:
            self._col += pos
        self.buf = buf[pos:]
        self.pos = 0
        self._mark = 0
        self._mark_line = self._line
        self._mark_nl = -1 - self._col


#: A trick's JSON text as an array's first element: ``{"plays": ...``.
_TRICK_TEXT: Final = re.compile(r'\{\s*"plays"\s*:')


def _a_trick(item: Any) -> bool:
    """Whether an array's first element (its tree, or with ``raw`` its
    text) is a trick object rather than a game: ``{"plays": [...]}``."""
    if isinstance(item, str):
        return _TRICK_TEXT.match(item) is not None
    return isinstance(item, dict) and "plays" in item and "deals" not in item


def _json_items(text: str | Iterable[str] | _JsonStream, raw: bool,
                feed: LineFeed | None = None) -> Iterator[tuple[Any, int, int, bool]]:
    """The top-level values of a ``.json`` document: its elements if it is
    an array, else the document itself; each with its first line and
    column and whether it came from an array.  With *raw*, each value is its JSON
    text instead of the decoded tree.  *text* may be a stream already made."""
    if isinstance(text, _JsonStream):
        stream = text
    else:
        stream = _JsonStream((text,) if isinstance(text, str) else text, feed)
    first = stream.peek()
    if first == "":
        raise stream.error("Expecting value")
    if first != "[":
        item, line, column = stream.value(raw)
        if stream.peek() != "":
            raise stream.error("Extra data")
        yield item, line, column, False
        return
    stream.pos += 1
    if stream.peek() == "]":
        # ``[]`` holds no game: unusable input, as a blank HRN file is (an
        # exporter that found nothing to write; docs/robustness.md)
        raise stream.error_message(msg("input.empty_array"))
    # An element over the ``record`` limit is read past and given as an
    # :class:`OverLimit`; the first one's error is raised once the document
    # ends (or breaks: the first problem in it is told), after the elements
    # that follow it (round 35).
    first_error: RecordError | None = None
    try:
        item, line, column = _element(stream, raw)
        if isinstance(item, OverLimit):
            first_error = item.error
        elif _a_trick(item):
            # a list of tricks alone (a site's "download the hand" button):
            # told once, not once a trick as a game without deals
            raise RecordError(msg("record.tricks_only"), line=line, column=column)
        while True:
            yield item, line, column, True
            c = stream.peek()
            if c == ",":
                stream.pos += 1
                if stream.peek() == "]":
                    raise stream.error("Expecting value")
                item, line, column = _element(stream, raw)
                if first_error is None and isinstance(item, OverLimit):
                    first_error = item.error
                continue
            if c == "]":
                stream.pos += 1
                break
            raise stream.error("Expecting ',' delimiter" if c else "Expecting ']' at the end")
        if stream.peek() != "":
            raise stream.error("Extra data")
    except RecordError:
        if first_error is not None:
            raise first_error from None
        raise
    if first_error is not None:
        raise first_error


def _element(stream: _JsonStream, raw: bool) -> tuple[Any, int, int]:
    """The next element of an array (:meth:`_JsonStream.value`), or an
    :class:`OverLimit` in its place when it is over the ``record`` limit
    (read past: :meth:`_JsonStream.skip_value`), with its first line and
    column."""
    try:
        return stream.value(raw)
    except _OverRecord as exc:
        stream.skip_value()
        return OverLimit(exc), exc.line or 1, exc.column or 1


def iter_json(text: str | Iterable[str], source: str | None = None) -> Iterator[Game]:
    """Games of a ``.json`` document: one game object or an array of them.

    *text* is the whole document or an iterable of its chunks; an array is
    read element by element (no whole-document parse), so a JSON array of
    a million games takes the memory of one.
    """
    stream = _JsonStream((text,) if isinstance(text, str) else text)
    for index, (item, line, column, in_array) in enumerate(_json_items(stream, raw=False), 1):
        if isinstance(item, OverLimit):
            continue        # (told once the document ends: _json_items)
        if isinstance(item, _TooDeep):
            yield error_game(item.error.located(game_prefix(index, in_array)), source, index,
                             item.error.line, item.error.column)
            continue
        try:
            game = game_from_dict(item, source, index, line=line, text=stream.last_text(),
                                  column=column)
        except RecordError as exc:
            # the faulty field's line and column, as the other readers give
            # them (the element's text is still in the stream's window)
            game = record_error_game(exc, source, index, line, in_array,
                                     JsonLocator(stream.last_text(), line or 1, column))
        yield game


def iter_json_elements(text: str | Iterable[str], feed: LineFeed | None = None
                       ) -> Iterator[tuple[str | OverLimit, int, int, bool]]:
    """The JSON text of each game of a ``.json`` document, with its first
    line and column and whether the document is an array: the cheap cut that lets
    worker processes do the decoding (:mod:`hearts_notation.runners`).
    *feed*: the chunks' decoder takes its line count from this cut
    (:class:`~hearts_notation.io.stream.LineFeed`).  An element over the
    ``record`` limit is an :class:`OverLimit` in its place, and the first
    one's error is raised once the document ends."""
    return _json_items(text, raw=True, feed=feed)


def iter_json_compact(text: str | Iterable[str], feed: LineFeed | None = None
                      ) -> Iterator[tuple[str | OverLimit, int, int, bool, Any]]:
    """:func:`iter_json_elements` for a cut whose elements are checked in
    this process (one job): each element also with the compact form
    (:func:`~hearts_notation.io.compact.compact_record`) of the typed
    decoder's record of its text when the cut made that record on the way
    (its confirmation of a pretty-printed element's end,
    :meth:`_JsonStream._layout_element`), else ``None`` (then the checker
    decodes the text itself).  The record is turned into the compact form at
    once and dropped: a batch of records decoded before the first is checked
    no longer fits the processor's cache (measured 1-2 us per deal slower).
    The texts, lines and errors are those of :func:`iter_json_elements`."""
    from .compact import compact_record

    stream = _JsonStream((text,) if isinstance(text, str) else text, feed, decode=True)
    for element, line, column, in_array in _json_items(stream, raw=True):
        record = stream.record
        if isinstance(element, OverLimit):
            stream.record = None
            yield element, line, column, in_array, None
        elif record is None:
            yield element, line, column, in_array, None
        else:
            stream.record = None
            yield element, line, column, in_array, compact_record(record, line, text=element)


def json_element_game(text: str, source: str | None, index: int, line: int,
                      in_array: bool = True, column: int = 1) -> Game:
    """The game of one element found by :func:`iter_json_elements`, as
    :func:`iter_json` would have read it; *column* is the element's first
    column on *line*."""
    try:
        data = loads_record(text)
    except RecordError as exc:
        return error_game(exc.located(game_prefix(index, in_array)), source, index,
                          *text_place(line, column, exc.line, exc.column))
    return _game_or_error(data, source, index, line, in_array, text=text, column=column)


def located_game(text: str, source: str | None, index: int, line: int, column: int = 1) -> Game:
    """The game of one JSON record's *text* (starting at *line*, *column*),
    read with the places of its values but its plays' (its deals, hands,
    passes, score, total and moon lines, its result), as ``validate`` reads
    a record that has findings (:func:`hearts_notation.referee.report_json_text`):
    ``score`` names the line and column of a score that disagrees, not the
    record's first line.  *text* is a record that read as a game without
    them (its positions change nothing else)."""
    data = loads_record(text)
    return game_from_dict(data, source, index, line=line,
                          locate=JsonLocator(text, line or 1, column), plays=False, text=text,
                          column=column)


def text_place(line: int | None, column: int, at_line: int | None,
               at_column: int | None) -> tuple[int, int | None]:
    """The line and column in the file of a place (*at_line*, *at_column*,
    from 1) in a record's text that starts at *line*, *column*: on the
    text's first line the columns count from the record's start."""
    first = line or 1
    if at_line is None or at_line <= 1:
        return first, None if at_column is None else at_column + column - 1
    return first + at_line - 1, at_column


def iter_jsonl(lines: Iterable[str], source: str | None = None, first_line: int = 1,
               first_index: int = 1) -> Iterator[Game]:
    """Games of a ``.jsonl`` document, one per non-blank line (streamed).

    Each line is a record of its own: a line that is not JSON, or not a
    game, comes back as a game with a ``syntax-error`` at that line, and
    the lines after it are read as usual.  *first_line* and *first_index*
    place a slice of a file (:mod:`hearts_notation.runners`).
    """
    index = first_index - 1
    loads = loads_record
    for lineno, line in enumerate(lines, first_line):
        if line[:1] == BOM_CHAR:
            line = line.lstrip(BOM_CHAR)    # (see :data:`BOM_CHAR`)
        if not line or line.isspace():
            continue
        index += 1
        try:
            data = loads(line)
        except JSON_ERRORS as exc:
            message, at_line, column = json_problem(exc)
            if at_line > 1:
                # past the line's end (the decoder counts its line break):
                # the record is cut there, as the typed path places it
                column = len(line.rstrip("\r\n")) + 1
            yield error_game(message, source, index, lineno, column)
            continue
        yield _game_or_error(data, source, index, lineno, text=line)


def _yaml_loader() -> Any:
    """libyaml's parser when PyYAML was built with it (about 10x faster),
    else the pure-Python one, with a composer that bounds nesting while it
    composes (libyaml's own overflows the C stack on deep nesting); both
    read a stream incrementally; the first alias of a document is noted
    where it stands (:class:`hearts_notation.io.yamlload.RecordLoader`)."""
    from .yamlload import RecordLoader

    return RecordLoader


#: YAML's tags of a whole number and of a merge key (``<<``).
_YAML_INT: Final = "tag:yaml.org,2002:int"
_YAML_MERGE: Final = "tag:yaml.org,2002:merge"


def _check_yaml_node(root: Any) -> None:
    """Refuse YAML aliases and merge keys in a composed document, walking
    its nodes once (iteratively: no recursion to exhaust); a whole number
    not written in decimal is made the text it is written as
    (:func:`hearts_notation.io.yamlload.decimal_or_text`).

    An alias (``*name``) repeats a node: a 6 KB document of nested aliases
    stands for billions of strings (the "billion laughs"), and a record
    never needs one, so the first is refused at its place, and so is a merge
    key (``<<``), which merges a mapping into another and lets a key given
    twice pass unseen.  Nesting beyond the ``depth`` limit is refused while
    the document is composed, at its first over-deep value
    (:class:`hearts_notation.io.yamlload.RecordLoader`'s ``deep_at``)."""
    import yaml

    from .yamlload import decimal_or_text

    digits = current_limits().digits
    seen: set[int] = set()
    stack: list[Any] = [root]
    while stack:
        node = stack.pop()
        if id(node) in seen:
            mark = node.start_mark
            raise RecordError(msg("record.yaml_alias"), line=mark.line + 1,
                              column=mark.column + 1)
        seen.add(id(node))
        if isinstance(node, yaml.ScalarNode):
            # ``number: 1:20`` (80 in YAML 1.1) is refused as the text written
            if node.tag == _YAML_INT and decimal_or_text(node) \
                    and len(node.value.lstrip("+-")) > digits:
                mark = node.start_mark
                raise RecordError(limit_message("limit.what.digits", "digits", digits),
                                  line=mark.line + 1, column=mark.column + 1)
        elif isinstance(node, yaml.SequenceNode):
            stack.extend(node.value)
        elif isinstance(node, yaml.MappingNode):
            for key, value in node.value:
                if key.tag == _YAML_MERGE:
                    # ``<<: {N: Ann}`` then ``N: Bob``: the merged key is
                    # overridden silently, past the duplicate-key check
                    mark = key.start_mark
                    raise RecordError(msg("record.yaml_merge"), line=mark.line + 1,
                                      column=mark.column + 1)
                stack.append(key)
                stack.append(value)


def _yaml_repeats(root: Any, repeats: list[tuple[Any, Any, bool]]) -> tuple[Finding, ...]:
    """The ``duplicate-key`` findings of the keys named twice in the
    mappings under the YAML node *root* (one game), from the loader's list
    of (mapping, key node, same value) -- the path of each mapping found by
    one walk of the game's nodes, only when there are some."""
    if not repeats:
        return ()
    import yaml

    wanted = {id(mapping) for mapping, _, _ in repeats}
    paths: dict[int, tuple[Any, ...]] = {}
    stack: list[tuple[Any, tuple[Any, ...]]] = [(root, ())]
    while stack:
        n, path = stack.pop()
        if id(n) in wanted:
            paths[id(n)] = path
        if isinstance(n, yaml.SequenceNode):
            stack.extend((child, (*path, i)) for i, child in enumerate(n.value))
        elif isinstance(n, yaml.MappingNode):
            stack.extend((v, (*path, k.value)) for k, v in n.value
                         if isinstance(k, yaml.ScalarNode))
    out = []
    for mapping, key, same in repeats:
        at = paths.get(id(mapping))
        if at is not None:
            first = next((k.start_mark.line + 1 for k, _ in mapping.value
                          if isinstance(k, yaml.ScalarNode) and k.value == key.value), None)
            out.append(repeated_key_finding(key.value, where_of(at), same,
                                            key.start_mark.line + 1, key.start_mark.column + 1,
                                            first))
    return tuple(out)


def _yaml_refusal(exc: Any, place: Any, peek: Any, first: bool) -> RecordError:
    """:func:`~hearts_notation.io.yamlload.yaml_error` of *exc*, and, when
    the parser stopped in or after the input's first document (*first*) and its
    beginning is plainly HRN (:func:`~hearts_notation.io.sniff.looks_like_hrn`),
    the hint to read it so, as the JSON reader gives: an HRN record saved
    as ``.yaml`` was "did not find expected <document start>" at 2:1
    alone (round 25).  The beginning is what the parser was handed, up to
    4,096 characters (*peek*: the pieces it keeps)."""
    from .sniff import looks_like_hrn
    from .yamlload import yaml_error

    error = yaml_error(exc, place, peek)
    if not first or peek is None:
        return error
    chars: list[str] = []
    for i in range(4096):
        c = peek(i)
        if c is None:
            break
        chars.append(c)
    if not looks_like_hrn("".join(chars)):
        return error
    return RecordError(msg("record.other_format_yaml", message=error.msg.arg(), format="hrn"),
                       line=error.line, column=error.column)


#: The message ids of a JSON or YAML document broken partway (a syntax
#: error of the record, not an unreadable input: ``hearts_notation.api``).
SYNTAX_KEYS: Final = frozenset({"record.json", "record.json_here", "record.yaml",
                                "record.yaml_here", "record.other_format",
                                "record.other_format_yaml"})


def iter_yaml(text: str | Iterable[str], source: str | None = None) -> Iterator[Game]:
    """Games of a YAML document stream: each document a game or a list of
    games, composed one document at a time.

    Aliases are refused and nesting is bounded (:func:`_check_yaml_node`)
    before a document is built; a number too long for Python, or a
    document nested past what the parser can follow, is a syntax error at
    its place, like broken YAML."""
    import yaml

    from .yamlload import (
        CONSTRUCT_ERRORS,
        LeftDeep,
        OverRecord,
        PlacedChunks,
        move_error,
        move_marks,
        moved_mark,
        next_document,
        text_peek,
        text_placer,
    )

    stream: Any
    if isinstance(text, str):
        stream, place, peek = text, text_placer(text), text_peek(text)
    else:
        stream = PlacedChunks(text)
        place, peek = stream.place, stream.peek
    try:
        # The pure-Python reader reads (and may refuse) its first block here.
        loader = _yaml_loader()(stream)
    except yaml.YAMLError as exc:
        raise _yaml_refusal(exc, place, peek, True) from None
    index = 0
    documents = 0
    #: the first document over the ``record`` limit, read past (round 35):
    #: raised once the stream ends, or breaks (the first problem is told)
    too_long: RecordError | None = None
    try:
        while True:
            node: Any = None
            try:
                if not loader.check_node():
                    if index == 0:
                        # only comments, empty documents or nulls: unusable
                        # input, as an HRN file of comments is (it used to
                        # pass as a corpus of no game, status 0)
                        raise RecordError(msg("input.no_yaml_game" if documents
                                              else "input.only_comments"))
                    break
                documents += 1
                node = loader.get_node()
                if isinstance(stream, PlacedChunks):
                    stream.new_document()
                if node is None:
                    continue
                shift = loader.line_shift
                if shift:
                    # read on after a document nested too deep: lines from there
                    move_marks(node, shift)
                alias_at = moved_mark(loader.alias_at, shift)
                deep_at = moved_mark(loader.deep_at, shift)
                over = loader.deep_message() if deep_at is not None else None
                loader.alias_at = loader.deep_at = None
                if alias_at is not None:
                    # refused at the alias itself, not at its anchor (_check_yaml_node's)
                    index += 1
                    yield error_game(msg("record.yaml_alias"), source, index,
                                     alias_at.line + 1, alias_at.column + 1)
                    continue
                if deep_at is not None:
                    # nested past the depth limit: refused at its first
                    # over-deep value, as the composer refuses a document
                    # nested past what it follows (yamlload.RecordLoader)
                    index += 1
                    yield error_game(over or "", source, index, deep_at.line + 1,
                                     deep_at.column + 1)
                    continue
                try:
                    _check_yaml_node(node)
                except RecordError as exc:
                    # This document is refused; the next ones are read.
                    index += 1
                    yield error_game(exc.located(), source, index, exc.line, exc.column)
                    continue
                loader.repeats = []
                doc = loader.construct_document(node)
            except OverRecord as long:
                # A document over the limit: its place kept, the stream read
                # on from the next document's marker by a new parser (the
                # lines passed over are not held), as after a document
                # nested too deep.  It counts as a game: the next keep
                # their numbers.
                if too_long is None:
                    too_long = RecordError(long.msg, line=long.line, column=long.column)
                index += 1
                found = next_document(long.head, long.chunks, long.head_line, long.mid_line)
                if found is None:
                    break
                loader.dispose()
                stream = PlacedChunks(long.chunks, found[0], found[1] + 1)
                place, peek = stream.place, stream.peek
                loader = _yaml_loader()(stream)
                loader.line_shift = found[1]
                continue
            except yaml.YAMLError as exc:
                if too_long is not None:
                    raise too_long from None
                raise _yaml_refusal(move_error(exc, loader.line_shift), place, peek,
                                    documents <= 1) from None
            except LeftDeep as left:
                # nested too deep to pass over (or broken inside its
                # over-deep value): refused at its first over-deep value,
                # the stream read on from the next document's marker by a
                # new parser, its lines counted from there (round 28)
                rest: tuple[str, Iterator[str]] | None = (
                    stream.rest(left.index) if isinstance(stream, PlacedChunks)
                    else (stream[left.index:], iter(())))
                found = (next_document(rest[0], rest[1], left.stop_line, left.mid_line)
                         if rest is not None else None)
                if rest is None or found is None:
                    raise (left.last or left) from None
                index += 1
                yield error_game(left.msg, source, index, left.line, left.column)
                loader.dispose()
                stream = PlacedChunks(rest[1], found[0], found[1] + 1)
                place, peek = stream.place, stream.peek
                loader = _yaml_loader()(stream)
                loader.line_shift = found[1]
                continue
            except (RecursionError, *CONSTRUCT_ERRORS) as exc:
                if isinstance(exc, RecordError):
                    raise
                mark = node.start_mark if node is not None else None
                # Python's limit on the digits of an int is one ValueError; the
                # others are values their tag cannot hold (``2025-13-45``,
                # ``!!int "abc"``), which are not about digits at all.
                what = msg("yaml.too_deep" if isinstance(exc, RecursionError)
                           else "json.too_many_digits" if "Exceeds the limit" in str(exc)
                           else "yaml.bad_value")
                raise RecordError(
                    msg("record.yaml_here", what=what.arg()),
                    line=mark.line + 1 if mark is not None else None,
                    column=mark.column + 1 if mark is not None else None,
                ) from None
            if doc is None:
                continue
            if isinstance(doc, list):
                nodes = node.value if isinstance(node, yaml.SequenceNode) else [node] * len(doc)
                items = list(zip(doc, nodes, strict=False))
            else:
                items = [(doc, node)]
            for item, item_node in items:
                index += 1
                bare: BareWords = {}
                locate = yaml_locator(item_node, bare)
                if bare:
                    _yaml_names(item, bare)
                yield _game_or_error(item, source, index, item_node.start_mark.line + 1, False,
                                     locate=locate,
                                     notices=_yaml_repeats(item_node, loader.repeats),
                                     bare=bare)
    except RecordError:
        if too_long is not None:
            raise too_long from None
        raise
    finally:
        loader.dispose()
    if too_long is not None:
        raise too_long


# Writing documents -------------------------------------------------------------
#
# ``piece_*`` give the text of one game inside a document (the i-th, from 0),
# so that a stream of games can be written as it is produced; the pieces
# joined equal the ``dumps_*`` text of the same games.


def dumps_json(games: list[Game]) -> str:
    """A ``.json`` document: one object for one game, else an array."""
    trees = [game_to_dict(g) for g in games]
    data: Any = trees[0] if len(trees) == 1 else trees
    return json_safe(json.dumps(data, ensure_ascii=False, indent=2)) + "\n"


def piece_json(game: Game, i: int) -> str:
    """The *i*-th element of a ``.json`` array, with its leading comma."""
    text = json_safe(json.dumps(game_to_dict(game), ensure_ascii=False, indent=2))
    body = "  " + text.replace("\n", "\n  ")
    return body if i == 0 else ",\n" + body


def dumps_jsonl(games: list[Game]) -> str:
    """A ``.jsonl`` document, one compact game per line."""
    return "".join(piece_jsonl(g, i) for i, g in enumerate(games))


def piece_jsonl(game: Game, i: int = 0) -> str:
    """One line of a ``.jsonl`` document."""
    return json_safe(json.dumps(game_to_dict(game), ensure_ascii=False, separators=(",", ":"))) + "\n"


def dumps_yaml(games: list[Game]) -> str:
    """A YAML stream, one document per game (:mod:`.yamlwrite`: PyYAML's
    safe dumper's text, the same on every machine, written faster)."""
    from .yamlwrite import dump_records

    return dump_records(game_to_dict(g) for g in games)


def piece_yaml(game: Game, i: int) -> str:
    """The *i*-th document of a YAML stream (``---`` between documents)."""
    from .yamlwrite import dump_record

    text = dump_record(game_to_dict(game))
    return text if i == 0 else "---\n" + text
