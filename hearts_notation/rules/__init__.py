"""Rule sets: data, not code.

A rule set is a flat mapping of the keys of docs/spec.md, section 4.2.  Presets are YAML files
shipped in ``presets/`` (a preset may start from another with ``base:``);
a record or the command line names one with optional ``key=value``
overrides, e.g. ``"standard jack_of_diamonds=-10 target=50"``.  Everything
that needs a rule (referee, scoring, analysis, generator) reads this frozen
object; the legal-card logic itself lives once, in :mod:`hearts_notation.state`.
"""

from __future__ import annotations

import functools
import os
import re
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any

from ..cache import cached  # (at the top: the cache's folder is checked before a fork)
from ..cards import CLUBS, FULL_DECK, CardError, mask_of, parse_card
from ..i18n import Arg, Msg, clip, msg
from ..nearest import close_words
from ..seats import DEFAULT_SEATS, DIRECTIONS
from .words import variants_in_words

if TYPE_CHECKING:   # (pathlib: a rules file only; start-up)
    from pathlib import Path

#: Removed cards and pass cycle that go with each player count (docs/spec.md, section 4.2).
PLAYER_DEFAULTS: dict[int, tuple[tuple[str, ...], tuple[str, ...]]] = {
    3: (("2D",), ("left", "right", "hold")),
    4: ((), DIRECTIONS),
    5: (("2D", "2C"), ("left", "right", "hold")),
    6: (("2D", "3D", "2C", "3C"), DIRECTIONS),
}

_CHOICES: dict[str, tuple[str, ...]] = {
    "opening_lead": ("lowest-club", "any-club"),
    "first_trick_hearts": ("forbidden", "allowed"),
    "first_trick_queen": ("forbidden", "allowed"),
    "hearts_broken_by": ("discard", "any-heart"),
    "hearts_lead": ("broken", "any"),
    "moon": ("add", "subtract", "choose"),
    "tie": ("share", "play-on"),
}


class RuleError(ValueError):
    """A preset, key or value that does not exist; the message names the
    valid choices so that the user can fix the record in one go."""

    def __init__(self, message: str | Msg, key: str | None = None) -> None:
        self.msg = message if isinstance(message, Msg) else None
        super().__init__(message.text() if isinstance(message, Msg) else message)
        self.key = key

    def arg(self) -> Arg:
        """The message as an argument of another (in any language when it has an id)."""
        return self.msg.arg() if self.msg is not None else str(self)

    def text(self, lang: str = "en") -> str:
        """The message in *lang*."""
        return self.msg.text(lang) if self.msg is not None else str(self)


@dataclass(frozen=True)
class RuleSet:
    """The rules in force for a game (every key of docs/spec.md, section 4.2)."""

    name: str = "standard"
    players: int = 4
    removed_cards: tuple[str, ...] = ()
    pass_cycle: tuple[str, ...] = DIRECTIONS
    pass_count: int = 3
    opening_lead: str = "lowest-club"
    first_trick_hearts: str = "forbidden"
    first_trick_queen: str = "forbidden"
    hearts_broken_by: str = "discard"
    queen_breaks_hearts: bool = False
    #: ``broken``: a heart may be led once hearts are broken (or the hand
    #: holds nothing else); ``any``: from the second trick on, at any time
    #: (OpenSpiel's ``must_break_hearts=False``).
    hearts_lead: str = "broken"
    #: A seat to lead before hearts are broken whose only other card is Q♠
    #: may lead a heart instead (OpenSpiel's ``can_lead_hearts_instead_of_qs``).
    lead_hearts_instead_of_queen: bool = False
    jack_of_diamonds: int = 0
    #: Points to each seat that took no trick in a deal nobody shot the
    #: moon in (OpenSpiel's ``avoid_all_tricks_bonus``: -5).
    no_trick_bonus: int = 0
    moon: str = "add"
    target: int = 100
    tie: str = "share"
    #: The overrides applied on top of the preset, as given (for display).
    overrides: tuple[tuple[str, str], ...] = ()

    def __hash__(self) -> int:
        # Rule sets key the per-rules caches of the hot paths (engine,
        # referee): hash the fields once, not on every lookup.
        h: int | None = self.__dict__.get("_hash")
        if h is None:
            h = hash(tuple(getattr(self, f.name) for f in fields(self)))
            self.__dict__["_hash"] = h
        return h

    def __getstate__(self) -> dict[str, Any]:
        # The cached hash is per process (string hashing is salted): a rule
        # set sent to a worker process recomputes it there.
        return {k: v for k, v in self.__dict__.items() if k != "_hash"}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)

    # Derived facts, cheap to ask in hot paths -------------------------------

    @property
    def spec(self) -> str:
        """The ``Rules`` string that names this rule set."""
        return " ".join([self.name, *(f"{k}={v}" for k, v in self.overrides)])

    @property
    def portable_spec(self) -> str:
        """A ``Rules`` string that :func:`parse_rules` reads back to these
        rules, even when they came from a YAML file (whose name is no
        preset): ``standard`` plus every key that differs from it."""
        try:
            if parse_rules(self.spec).to_mapping() == self.to_mapping():
                return self.spec
        except RuleError:
            pass
        base = standard().to_mapping()
        words = ["standard"]
        for key, value in self.to_mapping().items():
            if value != base[key]:
                if isinstance(value, list):
                    text = ",".join(map(str, value))
                elif isinstance(value, bool):
                    text = str(value).lower()
                else:
                    text = str(value)
                if key == "removed_cards" and not value:
                    text = ""
                words.append(f"{key}={text}")
        return " ".join(words)

    @functools.cached_property
    def deck_mask(self) -> int:
        """Bitmask of the cards in play (the deck less the removed cards)."""
        return FULL_DECK & ~mask_of(parse_card(c) for c in self.removed_cards)

    @property
    def moon_ways(self) -> tuple[str, ...]:
        """The ways a moon may be scored under these rules: ``add`` or
        ``subtract``, both under ``moon: choose``.  The one statement of it:
        the score sheets' lines (:mod:`hearts_notation.sheets`) and a
        deal's moon (:func:`hearts_notation.scoring.moon_ways`, which a
        deal's ``moon`` line narrows under ``choose``) both ask it."""
        return ("add", "subtract") if self.moon == "choose" else (self.moon,)

    @property
    def hand_size(self) -> int:
        """Cards dealt to each player (13 with four players)."""
        return (52 - len(self.removed_cards)) // self.players

    @property
    def tricks_per_deal(self) -> int:
        """Tricks in a complete deal: one per card in a hand."""
        return self.hand_size

    @property
    def lowest_club(self) -> int:
        """The lowest club in play: the opening lead under ``lowest-club``."""
        m = self.deck_mask & (0x1FFF << (13 * CLUBS))
        return (m & -m).bit_length() - 1

    @property
    def default_seats(self) -> tuple[str, ...]:
        """Seat names when the record does not rename them."""
        return DEFAULT_SEATS[self.players]

    def pass_offset(self, direction: str) -> int:
        """Seats clockwise from giver to receiver: left 1, right n-1, across n/2.

        Only the arithmetic of a direction's name; which direction applies to
        a deal, and whether cards change hands at all (``hold``,
        ``pass_count: 0``), is :func:`hearts_notation.state.deal_pass`."""
        n = self.players
        return {"left": 1, "right": n - 1, "across": n // 2, "hold": 0}[direction]

    def to_mapping(self) -> dict[str, Any]:
        """The rule keys and values, as a preset YAML file writes them."""
        out: dict[str, Any] = {}
        for f in fields(self):
            if f.name in ("name", "overrides"):
                continue
            v = getattr(self, f.name)
            out[f.name] = list(v) if isinstance(v, tuple) else v
        return out

    def to_yaml(self) -> str:
        """YAML text of the rule set (``hearts rules NAME`` prints this).

        The name comes from a rules file (its ``name:`` or its file name):
        in the comment line it is escaped (``\\x1b``), in a pipe or a file as
        on a terminal, so that it can neither drive a terminal that shows
        the text later nor end the comment and add keys (a newline).
        The mapping is written by the program's one YAML writer
        (:mod:`hearts_notation.io.yamlwrite`), PyYAML's lines of 80 columns,
        lists of words in flow style."""
        from ..io.yamlwrite import dump
        from ..output import escape_controls

        head = f"# {escape_controls(self.spec)}\n"
        return head + dump(self.to_mapping(), default_flow_style=None)


RULE_KEYS: tuple[str, ...] = tuple(
    f.name for f in fields(RuleSet) if f.name not in ("name", "overrides")
)


@functools.cache
def _preset_files() -> dict[str, str]:
    """The text of every shipped preset by name.  Read from the package's
    folder when it is one (every command under a preset reads them all:
    ``importlib.resources`` and the ``zipfile`` it brings cost more than
    the reading); through ``importlib.resources`` when the package is in an
    archive."""
    out: dict[str, str] = {}
    folder = os.path.join(os.path.dirname(__file__), "presets")
    if os.path.isdir(folder):
        for entry in os.scandir(folder):
            if entry.name.endswith(".yaml"):
                with open(entry.path, encoding="utf-8") as fh:
                    out[entry.name[:-5]] = fh.read()
        return out
    from importlib import resources

    for item in resources.files(__package__).joinpath("presets").iterdir():
        if item.name.endswith(".yaml"):
            out[item.name[:-5]] = item.read_text(encoding="utf-8")
    return out


@functools.cache
def _parsed_presets() -> dict[str, tuple[dict[str, Any], str]]:
    """Every shipped preset as parsed from its YAML file (with the text it
    was parsed from).  The parse is kept in the user's cache
    (:mod:`hearts_notation.cache`) as JSON, keyed by every preset's name and
    text, so that a command reading records under a preset does not import
    PyYAML.  The cache checks the digest of the whole entry (the texts it
    was made from and the parsed values) before this believes a value, and
    the values must have the shape YAML gives them (a mapping of key names to
    plain values), else the presets are parsed again."""
    import json

    files = _preset_files()
    names = sorted(files)
    made_from = [part for n in names for part in (n, files[n])]

    def refuse(constant: str) -> Any:
        raise ValueError(f"{constant} in a preset")

    def load(data: bytes) -> dict[str, tuple[dict[str, Any], str]]:
        stored = json.loads(data, parse_constant=refuse)
        if not isinstance(stored, dict) or sorted(stored) != names:
            raise ValueError("not the shipped presets")
        out: dict[str, tuple[dict[str, Any], str]] = {}
        for n in names:
            mapping = stored[n]
            if not isinstance(mapping, dict) or not all(isinstance(k, str) for k in mapping):
                raise ValueError("a preset that is not a mapping of keys")
            out[n] = (mapping, files[n])
        return out

    def build() -> dict[str, tuple[dict[str, Any], str]]:
        import yaml

        return {n: (yaml.safe_load(files[n]) or {}, files[n]) for n in names}

    def dump(parsed: dict[str, tuple[dict[str, Any], str]]) -> bytes:
        values = {n: m for n, (m, _) in parsed.items()}
        text = json.dumps(values, allow_nan=False)
        if json.loads(text) != values:
            raise ValueError("a preset holds a value JSON does not keep")
        return text.encode("utf-8")

    return cached("presets", made_from, load, build, dump)


def preset_names() -> list[str]:
    """Names of the shipped presets, ``standard`` first."""
    names = sorted(_preset_files())
    names.remove("standard")
    return ["standard", *names]


@functools.cache
def preset_mapping(name: str) -> dict[str, Any]:
    """The full key/value mapping of a preset, with ``base:`` resolved."""
    files = _preset_files()
    name = name.lower()
    if name not in files:
        near = closest_preset(name)
        raise RuleError(
            msg("rules.unknown_preset.did_you_mean", name=repr(name), word=near) if near else
            msg("rules.unknown_preset", name=repr(name), presets=", ".join(preset_names())),
            key="preset",
        )
    data = dict(_parsed_presets()[name][0])
    base = data.pop("base", None)
    data.pop("description", None)
    merged = dict(preset_mapping(base)) if base else {}
    merged.update(data)
    return merged


#: French words a player may put in a preset's name -> the English word of
#: the presets' names (``trois-joueurs``: did you mean ``three-players``?).
_PRESET_WORDS_FR: dict[str, str] = {
    "trois": "three", "cinq": "five", "joueurs": "players", "joueur": "players",
    "court": "short", "courte": "short", "valet": "jack", "carreau": "diamonds",
    "carreaux": "diamonds", "dame": "queen", "ouvre": "breaks", "coeurs": "hearts",
    "cœurs": "hearts", "capot": "moon", "chelem": "moon", "choix": "choice",
}


#: How close a name must be to a preset's to be taken as it mistyped: the
#: keywords' ratio (``io/hrn/words.KEYWORD_CUTOFF``), as a mistyped preset is
#: read as the preset it names (docs/decisions.md, helper leftovers3).
PRESET_CUTOFF = 0.7


#: The French names of the game itself, which mean its usual rules: the
#: seeds and the rule pages a club copies call it *la Dame de pique* (a
#: sheet's ``[Règles "dame de pique"]`` is ``standard``, not ``queen-...``).
_GAME_NAMES_FR: frozenset[str] = frozenset({"dame-de-pique", "la-dame-de-pique", "coeurs", "cœurs"})


def closest_preset(name: str) -> str | None:
    """The shipped preset a mistyped or French-worded *name* most likely
    means (``three-player``, ``trois-joueurs`` -> ``three-players``,
    ``dame de pique`` -> ``standard``), or ``None``."""
    names = preset_names()
    name = name.lower()
    if "-".join(re.split(r"[-_ ]+", name)) in _GAME_NAMES_FR:
        return "standard"
    english = "-".join(_PRESET_WORDS_FR.get(w, w) for w in re.split(r"[-_ ]+", name))
    for guess in (name, english):
        hit = close_words(guess, names, cutoff=PRESET_CUTOFF)
        if hit:
            return hit[0]
    return None


@dataclass(frozen=True)
class LenientRules:
    """A record's ``Rules`` string read leniently (:func:`lenient_rules`)."""

    #: The rules the record is read and checked under: the sound part of the string.
    rules: RuleSet
    #: The message of each bad word (an unknown preset, key or value), in order.
    problems: tuple[Arg, ...]
    #: The rules the findings say the record is checked under (``"checked under ..."``).
    under: str
    #: The preset a mistyped preset was taken as (its did-you-mean), else ``None``.
    near: str | None


def _named_in_words(words: list[str]) -> tuple[str, int] | None:
    """The preset that the first words of a ``Rules`` string name together
    (``trois joueurs``, ``dame de pique``, before any ``key=value``), with how
    many words name it; ``None`` when no two or more first words do."""
    size = next((i for i, w in enumerate(words) if "=" in w), len(words))
    for k in range(size, 1, -1):
        near = closest_preset("-".join(words[:k]))
        if near is not None:
            return near, k
    return None


@functools.lru_cache(maxsize=256)
def lenient_rules(spec: str, default: RuleSet | None = None) -> LenientRules:
    """A record's ``Rules`` string (*spec*) read as far as it is sound, for
    both the HRN reader (the seats' names, the pass, who leads) and the
    referee (the rules checked under, and one ``unknown-rule`` finding per
    bad word): one reading, so that the seats a reader gives a record are
    those of the rules the referee checks it under.

    A mistyped preset is the preset its did-you-mean names
    (:func:`closest_preset`: a mistyped ``three-players`` otherwise made
    every ``P1`` line an unknown seat), else *default* (``--rules``; else
    ``standard``); an unknown key or a bad value is dropped; no word at all
    is *default*.  Worked out once per string: every record of a corpus has
    the same.
    """
    fallback = default or standard()
    words = spec.split()
    if not words:
        return LenientRules(fallback, (), fallback.spec, None)
    problems: list[Arg] = []
    near: str | None = None
    if "=" in words[0]:
        base, rest = standard(), words
    else:
        rest = words[1:]
        try:
            base = preset_rules(words[0])
        except RuleError as exc:
            named = _named_in_words(words)
            if named is not None:
                # (``trois joueurs``, ``dame de pique``: a preset named in
                # words was its first word unknown and the others bad keys,
                # checked under standard, every P1 line an unknown seat)
                near, size = named
                rest = words[size:]
                problems.append(msg("rules.unknown_preset.did_you_mean",
                                    name=repr(" ".join(words[:size])), word=near).arg())
            else:
                problems.append(exc.arg())
                near = closest_preset(words[0])
            base = preset_rules(near) if near else fallback
    good: list[tuple[str, str]] = []
    # Each word is checked with the good ones before it, by their last value
    # per key (what apply_overrides keeps of them): the keys are few, so the
    # check stays linear in the words (it applied every good word again for
    # each word, quadratic: 4,000 words of a JSON "rules" string took 8 s).
    latest: dict[str, str] = {}
    for w in rest:
        try:
            pair = split_overrides([w])
            apply_overrides(base, [*latest.items(), *pair])
        except RuleError as exc:
            problems.append(exc.arg())
            continue
        good.extend(pair)
        latest.update(pair)
    if problems:
        said = _said_in_words(spec)
        if said is not None:
            return said
    rules = apply_overrides(base, good) if good else base
    under = rules.spec if rules.spec != fallback.spec or good or base is not fallback else fallback.spec
    return LenientRules(rules, tuple(problems), under, near)


def _said_in_words(spec: str) -> LenientRules | None:
    """*spec* read when its variants are said in words
    (``standard capot soustrait``, :func:`~hearts_notation.rules.words.variants_in_words`):
    the rules meant, one problem that gives the string to write, and that
    string as the rules checked under; ``None`` when the words are not all
    recognised or do not make sound rules."""
    said = variants_in_words(spec)
    if said is None:
        return None
    name, pairs = said
    try:
        base = preset_rules(name)
        rules = apply_overrides(base, pairs) if pairs else base
        # (a variant the preset already has, « on ne passe pas au 4e tour »
        # under standard, is read and not written)
        kept = [(k, v) for k, v in pairs if getattr(apply_overrides(base, [(k, v)]), k) != getattr(base, k)]
    except RuleError:
        return None
    written = " ".join([base.name, *(f"{k}={v}" for k, v in kept)])
    return LenientRules(rules, (msg("rules.in_words", written=written).arg(),), written, None)


def preset_description(name: str) -> str:
    """The one-line description of a preset (for ``hearts rules``)."""
    preset_mapping(name)
    return str(_parsed_presets()[name.lower()][0].get("description", ""))


#: The most digits of a rule's whole number: a game's totals (hundreds of
#: deals of such points) stay within the digits a record's number may have.
_RULE_DIGITS = 9
#: A rule's whole number written as text: decimal digits, a sign, spaces around.
_DECIMAL_TEXT = re.compile(r"\s*[-+]?[0-9]+\s*")


#: How much of an unknown option's name a message quotes: every real name
#: whole (and the escaping tests' 185-character payload), not the 60 KB of
#: a hostile Rules tag (review21).
_NAME_QUOTED = 200


def _coerce(key: str, value: Any) -> Any:
    """Check one rule value and bring it to the dataclass field's type."""
    if key not in RULE_KEYS:
        raise RuleError(
            msg("rules.unknown_option", name=repr(clip(key, _NAME_QUOTED)),
                options=", ".join(RULE_KEYS)),
            key=key,
        )
    if key in _CHOICES:
        v = str(value)
        if v not in _CHOICES[key]:
            raise RuleError(
                msg("rules.bad_choice", key=key, value=clip(v), choices=", ".join(_CHOICES[key])),
                key=key,
            )
        return v
    if key in ("queen_breaks_hearts", "lead_hearts_instead_of_queen"):
        if isinstance(value, bool):
            return value
        low = str(value).lower()
        if low in ("true", "yes", "1", "on"):
            return True
        if low in ("false", "no", "0", "off"):
            return False
        raise RuleError(msg("rules.bad_bool", key=key, value=clip(str(value))), key=key)
    if key in ("players", "pass_count", "jack_of_diamonds", "no_trick_bonus", "target"):
        # A YAML float (``.inf``, ``.nan``, ``1e400``, ``2.5``) is a whole number
        # only when it is one: ``int()`` of infinity raises OverflowError, of
        # 2.5 quietly gives 2.  A text is a whole number in decimal digits:
        # ``int()`` also takes ``1_00`` and other scripts' digits (``٤``).
        try:
            if isinstance(value, bool) or (isinstance(value, float) and not value.is_integer()) \
                    or (isinstance(value, str) and _DECIMAL_TEXT.fullmatch(value) is None):
                iv = None
            else:
                iv = int(value)
        except (TypeError, ValueError, OverflowError):
            iv = None
        if iv is None:
            raise RuleError(msg("rules.bad_int", key=key, value=clip(str(value))), key=key)
        if len(str(abs(iv))) > _RULE_DIGITS:
            # (a jack of 10**23 points made generate write totals its own
            # reader refuses: a record's numbers have at most 18 digits)
            raise RuleError(msg("rules.big_int", key=key, value=str(value)[:20], digits=_RULE_DIGITS),
                            key=key)
        return iv
    items = value if isinstance(value, list | tuple) else [
        x for x in str(value).split(",") if x.strip()
    ]
    if key == "pass_cycle":
        cycle = tuple(str(x).strip() for x in items)
        for d in cycle:
            if d not in DIRECTIONS:
                raise RuleError(
                    msg("rules.bad_direction", value=repr(d), choices=", ".join(DIRECTIONS)),
                    key=key,
                )
        if not cycle:
            raise RuleError(msg("rules.empty_cycle"), key=key)
        return cycle
    # removed_cards
    cards: list[str] = []
    for x in items:
        try:
            card = str(parse_card(str(x).strip()))
        except CardError:
            raise RuleError(msg("rules.bad_card", value=repr(x)), key=key) from None
        if card not in cards:  # a card named twice is removed once
            cards.append(card)
    return tuple(cards)


def _build(name: str, mapping: dict[str, Any], overrides: tuple[tuple[str, str], ...]) -> RuleSet:
    values = {k: _coerce(k, v) for k, v in mapping.items()}
    rs = RuleSet(name=name, overrides=overrides, **values)
    _check(rs)
    return rs


def _check(rs: RuleSet) -> None:
    """Whole-set consistency: the deck divides, the cycle fits the table."""
    if rs.players not in DEFAULT_SEATS:
        raise RuleError(msg("rules.bad_players", n=rs.players), key="players")
    in_play = 52 - len(set(rs.removed_cards))
    if in_play % rs.players:
        raise RuleError(
            msg("rules.not_divide.some" if PLAYER_DEFAULTS[rs.players][0] else "rules.not_divide.none",
                k=in_play, n=rs.players, usual=",".join(PLAYER_DEFAULTS[rs.players][0])),
            key="removed_cards",
        )
    if "across" in rs.pass_cycle and rs.players % 2:
        raise RuleError(
            msg("rules.across_odd", n=rs.players),
            key="pass_cycle",
        )
    if not 0 <= rs.pass_count < rs.hand_size:
        raise RuleError(msg("rules.bad_pass_count", n=rs.pass_count, top=rs.hand_size - 1),
                        key="pass_count")
    if rs.target <= 0:
        raise RuleError(msg("rules.bad_target", n=rs.target), key="target")
    if any(parse_card(c).suit == CLUBS for c in rs.removed_cards) and not (
        rs.deck_mask & 0x1FFF
    ):
        raise RuleError(msg("rules.no_club"), key="removed_cards")


def split_overrides(words: list[str]) -> list[tuple[str, str]]:
    """``key=value`` words as pairs; a word without ``=`` is a :class:`RuleError`."""
    out: list[tuple[str, str]] = []
    for w in words:
        key, sep, value = w.partition("=")
        if not sep or not key:
            raise RuleError(msg("rules.not_pair", word=repr(clip(w))), key=None)
        out.append((key, value))
    return out


def apply_overrides(base: RuleSet, overrides: list[tuple[str, str]] | tuple[tuple[str, str], ...],
                    name: str | None = None) -> RuleSet:
    """*base* with ``key=value`` overrides applied (each checked).

    Overriding ``players`` also brings that player count's usual removed
    cards and pass cycle (docs/spec.md, section 4.2), unless those keys are given too.
    This is how a ``Rules`` string is built on its preset, and how the
    referee keeps the sound part of a string that has a bad word in it.
    """
    mapping = base.to_mapping()
    given: dict[str, str] = {}
    for key, value in overrides:
        _coerce(key, value)  # reject unknown keys and bad values early
        given[key] = value
    if "players" in given:
        n = int(given["players"])
        if n in PLAYER_DEFAULTS:
            removed, cycle = PLAYER_DEFAULTS[n]
            if "removed_cards" not in given:
                mapping["removed_cards"] = list(removed)
            if "pass_cycle" not in given:
                mapping["pass_cycle"] = list(cycle)
    mapping.update(given)
    return _build(name or base.name, mapping, (*base.overrides, *overrides))


@functools.lru_cache(maxsize=512)
def _preset(name: str) -> RuleSet:
    return _build(name, dict(preset_mapping(name)), ())


def preset_rules(name: str) -> RuleSet:
    """The rule set of a shipped preset (names are case-insensitive)."""
    return _preset(name.lower())


@functools.lru_cache(maxsize=512)
def parse_rules(spec: str) -> RuleSet:
    """A rule set from ``"preset key=value ..."`` (the ``Rules`` tag form).

    The preset may be left out (``"target=50"`` builds on ``standard``).
    Overriding ``players`` also brings that player count's usual removed
    cards and pass cycle (docs/spec.md, section 4.2), unless those keys are given too.
    """
    words = spec.split()
    if not words:
        return standard()
    name, rest = (words[0], words[1:]) if "=" not in words[0] else ("standard", words)
    try:
        base = preset_rules(name)
    except RuleError:
        said = _said_in_words(spec)
        if said is not None:
            # (``standard, game to 50``: the preset's comma, then words)
            raise RuleError(msg("rules.in_words.option", written=said.under)) from None
        named = _named_in_words(words) if "=" not in words[0] else None
        if named is None:
            raise
        # (``trois joueurs``: the name the words say together, as the
        # lenient reading takes it, not "unknown 'trois'")
        raise RuleError(msg("rules.unknown_preset.did_you_mean", name=repr(" ".join(words[:named[1]])),
                            word=named[0])) from None
    try:
        overrides = split_overrides(rest)
    except RuleError:
        said = _said_in_words(spec)
        if said is None:
            raise
        # (``--rules "standard capot soustrait"``, ``hearts rules "standard,
        # game to 50"``: the string to type, as the Rules tag is answered)
        raise RuleError(msg("rules.in_words.option", written=said.under)) from None
    if not overrides:
        return base
    try:
        return apply_overrides(base, overrides)
    except RuleError:
        said = _said_in_words(spec)
        if said is None:
            raise
        # (``standard capot=soustrait``: a key written in French, answered
        # with the notation's key, as the Rules tag is; french21)
        raise RuleError(msg("rules.in_words.option", written=said.under)) from None


def with_players(rules: RuleSet, players: int) -> RuleSet:
    """*rules* for another number of players (with that count's usual
    removed cards and pass cycle): what the referee checks a record
    under when its seats do not match the rules' player count."""
    return apply_overrides(rules, [("players", str(players))])


#: A rules file is a few lines; this many bytes is already absurd.
_RULES_FILE_MAX = 1 << 16

#: How deep a rules file may nest: its mapping, a key's list, the list's
#: values, and room to name the key of a nested value.  Deeper nesting is
#: refused at its place while the file is parsed, before anything is
#: composed: PyYAML's pure-Python scanner costs time quadratic in the
#: nesting (every token looks at every open bracket), and its composer
#: recurses once per level.
_RULES_DEPTH = 8


def _yaml_loader() -> Any:
    """libyaml's safe loader (its scanner and parser in C) when PyYAML was
    built with it, else PyYAML's own."""
    import yaml

    return getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _nesting_refused(text: str, arg: str, loader_class: Any) -> None:
    """Raise a :class:`RuleError` at the first value nested more than
    :data:`_RULES_DEPTH` levels, reading the parser's events (no recursion,
    and the parser stops there: time linear in what it read)."""
    import yaml

    depth = 0
    loader = loader_class(text)
    try:
        while loader.check_event():
            event = loader.get_event()
            if isinstance(event, yaml.CollectionStartEvent):
                depth += 1
                if depth > _RULES_DEPTH:
                    mark = event.start_mark      # (a parser's event always has one)
                    raise RuleError(msg("rules.file.nested", file=arg,
                                        line=mark.line + 1 if mark else 0,
                                        column=mark.column + 1 if mark else 0, n=_RULES_DEPTH))
            elif isinstance(event, yaml.CollectionEndEvent):
                depth -= 1
    finally:
        loader.dispose()


def _not_yaml(arg: str, text: str, exc: Exception) -> RuleError:
    """Rules file *arg* (its *text*) is not YAML, as the parser *exc* found:
    at its place (``file:line:column``: the parser's mark, or the reader's
    position of a character YAML does not allow) and in the catalog's words
    for the parser's problem, both as the records' reader finds them
    (:mod:`hearts_notation.io.yamlload`); a problem the catalog does not know
    is left out, since the parser words it in English only."""
    import yaml

    from ..io.yamlload import text_peek, text_placer, yaml_place, yaml_words

    problem: Msg | None = None
    line: int | None = None
    column: int | None = None
    if isinstance(exc, yaml.YAMLError):
        problem = yaml_words(exc, text_peek(text))
        line, column = yaml_place(exc, text_placer(text))
    if line is None or column is None:
        return RuleError(msg("rules.file.yaml_unplaced", file=arg, problem=problem.arg())
                         if problem is not None else msg("rules.file.not_yaml", file=arg))
    if problem is None:
        return RuleError(msg("rules.file.yaml_at", file=arg, line=line, column=column))
    return RuleError(msg("rules.file.yaml", file=arg, line=line, column=column,
                         problem=problem.arg()))


def _rules_file(arg: str, p: Path) -> tuple[dict[str, Any], dict[str, tuple[int, int]]]:
    """The keys of a rules YAML file, checked before any is used: a small
    file (not ``/dev/zero``), UTF-8, no aliases, nesting of a few levels,
    and every value a string, a whole number of a few digits, a boolean or
    a flat list of those -- a nested or huge value is refused with the key
    it is under, at its line and column.  Also the line and column of each
    key's value, so that a value the rules refuse later (``target: abc``)
    is told where it is written."""
    from ..i18n import os_reason

    try:
        with open(p, "rb") as fh:
            raw = fh.read(_RULES_FILE_MAX + 1)
    except OSError as exc:
        raise RuleError(msg("rules.file.unreadable", file=arg, why=os_reason(exc))) from None
    if len(raw) > _RULES_FILE_MAX or b"\0" in raw:
        raise RuleError(msg("rules.file.not_rules", file=arg, size=("num", _RULES_FILE_MAX)))
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise RuleError(msg("rules.file.not_utf8", file=arg)) from None
    import yaml

    from ..io.yamlload import CONSTRUCT_ERRORS, decimal_or_text

    loader_class = _yaml_loader()
    loader = None
    places: dict[str, tuple[int, int]] = {}
    try:
        _nesting_refused(text, arg, loader_class)
        loader = loader_class(text)
        node = loader.get_single_node()
        if node is not None and not isinstance(node, yaml.MappingNode):
            raise RuleError(msg("rules.file.not_mapping", file=arg))
        for key, value in node.value if node is not None else ():
            mark = value.start_mark
            where: dict[str, Arg] = {"file": arg, "line": mark.line + 1, "column": mark.column + 1,
                                     "key": str(key.value)[:200]}
            places.setdefault(str(key.value), (mark.line + 1, mark.column + 1))
            items = value.value if isinstance(value, yaml.SequenceNode) else [value]
            if len(items) > 64 or not all(isinstance(v, yaml.ScalarNode) and len(v.value) <= 200
                                          for v in items):
                raise RuleError(msg("rules.file.value", **where))
            for item in items:
                decimal_or_text(item)       # target: 1:40 is not 100 here
            if isinstance(value, yaml.ScalarNode) and value.tag.endswith(":int") \
                    and len(value.value) > 18:
                raise RuleError(msg("rules.file.number", value=value.value[:20], **where))
        data = loader.construct_document(node) if node is not None else {}
    except yaml.YAMLError as exc:
        raise _not_yaml(arg, text, exc) from None
    except CONSTRUCT_ERRORS as exc:   # a value its YAML type cannot hold (2025-13-45, !!bool x)
        if isinstance(exc, RuleError):
            raise
        raise RuleError(msg("rules.file.yaml_unplaced", file=arg,
                            problem=msg("yaml.bad_value").arg())) from None
    finally:
        if loader is not None:
            loader.dispose()
    if not isinstance(data, dict):
        raise RuleError(msg("rules.file.not_mapping", file=arg))
    return data, places


def load_rules(arg: str) -> RuleSet:
    """Rules from a command-line ``--rules`` value: a preset name, a
    ``"preset key=value"`` string, or the path of a YAML file of keys
    (which may start from a preset with ``base:``)."""
    from pathlib import Path

    p = Path(arg)
    try:
        is_file = p.is_file()
    except (OSError, ValueError):      # a name the system refuses (too long): no file
        is_file = False
    if arg.endswith((".yaml", ".yml")) or (is_file and " " not in arg and "=" not in arg
                                             and arg not in _preset_files()):
        data, places = _rules_file(arg, p)
        base = str(data.pop("base", "standard"))
        data.pop("description", None)
        name = str(data.pop("name", p.stem))
        try:
            mapping = dict(preset_mapping(base))
            mapping.update(data)
            return _build(name, mapping, ())
        except RuleError as exc:
            # a value of the file the rules refuse: told at the file's line and column
            key = "base" if exc.key == "preset" else exc.key
            if key is None or key not in places:
                raise
            line, column = places[key]
            raise RuleError(msg("rules.file.refused", file=arg, line=line, column=column,
                                why=exc.arg()), key=exc.key) from None
    return parse_rules(arg)


def standard() -> RuleSet:
    """The ``standard`` preset (the house rules the project chose)."""
    return _preset("standard")


def preset_player_count(spec: str) -> int:
    """Player count of a ``Rules`` string as :func:`lenient_rules` reads it
    (the referee reports its bad words; readers only need the seat names,
    and they must be those of the rules the referee checks under: a bad
    word beside ``players=3`` once made the seats N E S W)."""
    return lenient_rules(spec).rules.players


__all__ = [
    "PLAYER_DEFAULTS",
    "RULE_KEYS",
    "LenientRules",
    "RuleError",
    "RuleSet",
    "apply_overrides",
    "closest_preset",
    "lenient_rules",
    "load_rules",
    "parse_rules",
    "preset_description",
    "preset_mapping",
    "preset_names",
    "preset_player_count",
    "preset_rules",
    "split_overrides",
    "standard",
    "with_players",
]
