"""One-line positions: a point of a deal as a short, typeable, URL-safe string.

What FEN is to chess: everything the seat to move knows at one point of a
deal, on one line (docs/spec.md, section 9)::

    standard_3_S_C4TD5JSQ9AH7K_SQHAK-C3D24_N2C3C9CKC.EAD2D5D4D_

The fields, separated by ``_``: the rules, the deal number, the seat to
move, its hand now, its pass (given ``-`` received), every trick played so
far (each its leader's seat then its cards), and optionally the other hands
(for perfect-information positions) and the game's totals before the deal.
:meth:`Position.to_dict` is its JSON twin.

A position is read and checked by replaying it on a
:class:`~hearts_notation.state.GameState` (who wins each trick, who is to
move, hearts broken, what each seat took): this module adds no rule of
play.  :func:`position_at` takes a position out of a record;
:meth:`Position.deal_record` turns one back into a deal of the model, which
is how ``hint`` analyses a position exactly as it analyses the record it came
from (the same deal number, the same seat's knowledge, so the same seed and
the same answer).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from .cards import CARDS, RANK_LETTERS, SUIT_LETTERS, CardError, cards_of, parse_card
from .i18n import Arg, MessageError, Msg, msg
from .model import Deal, Game, Pass, Play, Trick, deal_numbers
from .rules import RuleError, RuleSet, parse_rules, preset_names
from .sheets import cards_unrecorded
from .state import GameState, deal_pass, led_suit, raw_points

if TYPE_CHECKING:
    from .analysis.context import DealContext

#: The field separator, and the separator of tricks and of lists inside a field.
SEP = "_"
SUB = "."
#: A hand or a side of the pass that is not known.
UNKNOWN = "x"

#: The ranks in the order a hand lists them (low to high) and the suits (C D H S, the deck's order).
_RANKS = RANK_LETTERS
_SUITS = SUIT_LETTERS

#: What a string must start with to be taken for a position rather than a file name.
_SHAPE = re.compile(r"^[A-Za-z][A-Za-z0-9-]*(~[A-Za-z0-9.-]*)*_[0-9]+_")


class PositionError(ValueError):
    """A position string that cannot be read: the 1-based column where the
    trouble is and the catalog message saying what was expected there."""

    def __init__(self, column: int, key: str, **args: Arg) -> None:
        self.column = column
        self.msg = msg(f"position.{key}", **args)
        super().__init__(self.text())

    def text(self, lang: str = "en") -> str:
        """``position:1:COL: what was expected`` in *lang*."""
        return msg("position.error", col=self.column, why=self.msg.arg()).text(lang)


def looks_like_position(text: str) -> bool:
    """Whether a command-line argument is meant as a position string rather
    than a file name: it starts with ``rules_number_``.  (A file of that
    name, if one exists, is still read as a file by the commands.)"""
    return bool(_SHAPE.match(text))


def seat_letter(rules: RuleSet, seat: int) -> str:
    """The one-character seat name of a position: N E S W at four, else 1..n."""
    name = rules.default_seats[seat]
    return name[1:] if name.startswith("P") else name


def cards_text(mask: int) -> str:
    """A set of cards by suit: the suit letter then its ranks, low to high
    (``C4TD5J``); suits in the deck's order, empty suits left out."""
    out = []
    for s in range(4):
        ranks = "".join(_RANKS[r] for r in range(13) if mask >> (s * 13 + r) & 1)
        if ranks:
            out.append(_SUITS[s] + ranks)
    return "".join(out)


@dataclass(frozen=True, slots=True)
class Position:
    """A point of a deal as the seat to move knows it (see the module doc).

    ``hand`` is the mover's hand now; ``given``/``received`` its pass
    (``None`` when not known; 0 on a hold deal); ``tricks`` every trick
    played so far as (leader seat, cards), the last one possibly not
    finished; ``hands`` every seat's hand now where known (the mover's
    always); ``totals`` the game's totals before the deal, when written.
    """

    rules: RuleSet
    deal: int
    seat: int
    hand: int
    given: int | None
    received: int | None
    tricks: tuple[tuple[int, tuple[int, ...]], ...]
    hands: tuple[int | None, ...]
    totals: tuple[int, ...] | None = None

    # -- derived facts (all from the game state) -------------------------------------

    @property
    def seats(self) -> tuple[str, ...]:
        """The seat names (the rules' default seats)."""
        return self.rules.default_seats

    @property
    def direction(self) -> str:
        """The pass direction of the deal (by the rules' cycle)."""
        direction, offset = deal_pass(self.rules, self.deal)
        return direction if offset and direction else "hold"

    @property
    def offset(self) -> int:
        """Seats from giver to receiver (0 on a hold deal)."""
        return deal_pass(self.rules, self.deal).offset or 0

    def plays(self) -> list[tuple[int, int]]:
        """Every card played so far as (seat, card), in order."""
        n = self.rules.players
        return [((leader + k) % n, c) for leader, cards in self.tricks for k, c in enumerate(cards)]

    def played_by(self, seat: int) -> int:
        """The cards *seat* has played so far (a mask)."""
        m = 0
        for s, c in self.plays():
            if s == seat:
                m |= 1 << c
        return m

    def played_from(self) -> list[int | None]:
        """Each seat's hand after the pass, where known."""
        return [None if h is None else h | self.played_by(s) for s, h in enumerate(self.hands)]

    def state(self) -> GameState:
        """The game state at this point: the tricks replayed from the first
        card (hands not known are taken as holding what they play)."""
        first = self.tricks[0][0] if self.tricks else self.seat
        gs = GameState(self.rules, self.played_from(), first)
        for _, cards in self.tricks:
            for c in cards:
                gs.push(c)
        return gs

    def voids(self) -> list[int]:
        """For each seat, the suits (a 4-bit mask) it has shown void of by
        not following them."""
        out = [0] * self.rules.players
        for leader, cards in self.tricks:
            led = led_suit(cards)
            for k, c in enumerate(cards[1:], start=1):
                if led is not None and c // 13 != led:
                    out[(leader + k) % self.rules.players] |= 1 << led
        return out

    def dealt(self) -> int | None:
        """The mover's hand as dealt (its pass undone), when the pass is known."""
        if self.given is None or self.received is None:
            return None
        return (self.hand | self.played_by(self.seat)) & ~self.received | self.given

    # -- text and JSON ---------------------------------------------------------------

    def format(self) -> str:
        """The position string (docs/spec.md, section 9)."""
        rules = self.rules
        spec = _rules_text(rules)
        if self.offset == 0:
            pass_text = ""
        else:
            pass_text = (UNKNOWN if self.given is None else cards_text(self.given)) + "-" + (
                UNKNOWN if self.received is None else cards_text(self.received))
        plays = SUB.join(seat_letter(rules, leader) + "".join(str(CARDS[c]) for c in cards)
                         for leader, cards in self.tricks)
        fields = [spec, str(self.deal), seat_letter(rules, self.seat), cards_text(self.hand),
                  pass_text, plays]
        others = [s for s in self.order() if s != self.seat]
        if any(self.hands[s] is not None for s in others):
            fields.append(SUB.join(UNKNOWN if self.hands[s] is None else cards_text(self.hands[s] or 0)
                                   or "-" for s in others))
        elif self.totals is not None:
            fields.append("")
        if self.totals is not None:
            fields.append(SUB.join(str(t) for t in self.totals))
        return SEP.join(fields)

    def order(self) -> list[int]:
        """The seats clockwise from the mover (the order of the other hands)."""
        n = self.rules.players
        return [(self.seat + k) % n for k in range(n)]

    def to_dict(self) -> dict[str, Any]:
        """The JSON twin of the string (with the derived facts spelled out:
        the seat of every card, the voids shown, hearts broken, points taken)."""
        seats = self.seats
        gs = self.state()

        def cl(mask: int | None) -> list[str] | None:
            return None if mask is None else [str(CARDS[c]) for c in range(52) if mask >> c & 1]

        return {
            "position": self.format(),
            "rules": self.rules.portable_spec,
            "deal": self.deal,
            "direction": self.direction,
            "to_move": seats[self.seat],
            "hand": cl(self.hand),
            "pass": None if self.offset == 0 else {"given": cl(self.given),
                                                   "received": cl(self.received)},
            "tricks": [{"leader": seats[leader],
                        "plays": [{"seat": seats[(leader + k) % len(seats)], "card": str(CARDS[c])}
                                  for k, c in enumerate(cards)]} for leader, cards in self.tricks],
            "hands": {seats[s]: cl(h) for s, h in enumerate(self.hands)},
            "voids": {seats[s]: [_SUITS[x] for x in range(4) if v >> x & 1]
                      for s, v in enumerate(self.voids()) if v},
            "hearts_broken": gs.broken,
            "taken_points": {seats[s]: raw_points(gs.rules, t) for s, t in enumerate(gs.taken)},
            "legal": cl(gs.legal_cards()),
            "totals": None if self.totals is None else dict(zip(seats, self.totals, strict=True)),
        }

    # -- back to a record ------------------------------------------------------------

    def deal_record(self) -> Deal:
        """The deal as a record would hold it up to this point: the mover's
        hand as dealt, its pass and the pass it received, the tricks, and
        the other hands when they are known (on a hold deal, where the hand
        dealt is the hand played from).  ``hint`` analyses this deal."""
        seats = self.seats
        n = len(seats)
        hands: dict[str, tuple[Any, ...] | None] = {}
        passes: dict[str, Pass] = {}
        dealt = self.dealt() if self.offset else self.hand | self.played_by(self.seat)
        for s in range(n):
            if s == self.seat:
                hands[seats[s]] = None if dealt is None else tuple(cards_of(dealt))
            elif self.offset == 0 and self.hands[s] is not None:
                hands[seats[s]] = tuple(cards_of((self.hands[s] or 0) | self.played_by(s)))
        if self.offset:
            if self.given is not None:
                passes[seats[self.seat]] = Pass(seats[self.seat], tuple(cards_of(self.given)))
            giver = (self.seat - self.offset) % n
            if self.received is not None:
                passes[seats[giver]] = Pass(seats[giver], tuple(cards_of(self.received)))
        tricks = tuple(Trick(tuple(Play(seats[(leader + k) % n], CARDS[c])
                                   for k, c in enumerate(cards))) for leader, cards in self.tricks)
        return Deal(number=self.deal, direction=self.direction, hands=hands,  # type: ignore[arg-type]
                    passes=passes, tricks=tricks, unfinished=True)


def position_game(pos: Position, source: str = "position", played_from: bool = False) -> Game:
    """A record of one deal standing for *pos* (:meth:`Position.deal_record`),
    for the commands that read records: ``annotate`` analyses in it the
    decisions the mover's side shows (its pass, its cards so far).

    With *played_from* (a perfect-information position, for an exact
    solver), every hand is written as the hand played from, on a deal
    without a pass: the passes of the other seats are not in the position,
    and what is left to play does not depend on them.
    :class:`ValueError` if a hand is not known."""
    deal = pos.deal_record()
    if played_from:
        hands = pos.played_from()
        if any(h is None for h in hands):
            raise ValueError("a hand of the position is not known")
        deal = replace(deal, direction="hold", passes={},
                       hands={s: tuple(cards_of(h or 0)) for s, h in zip(pos.seats, hands, strict=True)})
    return Game(rules=pos.rules.portable_spec, deals=(deal,), result="*", source=source, index=1)


def _rules_text(rules: RuleSet) -> str:
    """The rules field: the preset name, then ``~key.value`` for each
    override (``-`` for ``_`` in keys, list items separated by ``.``)."""
    spec = rules.portable_spec.split()
    out = spec[0]
    for word in spec[1:]:
        key, _, value = word.partition("=")
        out += "~" + key.replace("_", "-") + "".join("." + v for v in value.split(",") if v)
    return out


# -- reading ---------------------------------------------------------------------------------


def parse_position(text: str) -> Position:
    """Read a position string; :class:`PositionError` (with the column)
    when it is not one.  The tricks are replayed on a game state: each
    trick must be led by the winner of the one before, the mover must be
    the seat to move, every card in play at most once, and the hands the
    size the play leaves them."""
    fields: list[tuple[int, str]] = []
    start = 0
    for part in text.split(SEP):
        fields.append((start + 1, part))
        start += len(part) + 1
    if not 6 <= len(fields) <= 8:
        raise PositionError(1, "fields", k=len(fields))
    col, rtext = fields[0]
    rules = _parse_rules(col, rtext)
    n = rules.players
    col, dtext = fields[1]
    if not dtext.isdigit() or int(dtext) < 1 or dtext.startswith("0"):
        raise PositionError(col, "deal", found=dtext)
    deal = int(dtext)
    letters = [seat_letter(rules, s) for s in range(n)]
    col, stext = fields[2]
    if stext not in letters:
        raise PositionError(col, "seat", found=stext, seats=" ".join(letters))
    seat = letters.index(stext)
    seen: dict[int, int] = {}

    def take(mask_col: list[tuple[int, int]]) -> int:
        m = 0
        for c, at in mask_col:
            if not rules.deck_mask >> c & 1:
                raise PositionError(at, "not_in_deck", card=("card", str(CARDS[c])))
            if c in seen:
                raise PositionError(at, "twice", card=("card", str(CARDS[c])), first=seen[c])
            seen[c] = at
            m |= 1 << c
        return m

    col, htext = fields[3]
    hand = take(_parse_hand(col, htext))
    if not hand:
        raise PositionError(col, "empty_hand")
    probe = Position(rules, deal, seat, hand, 0, 0, (), tuple(hand if s == seat else None
                                                                for s in range(n)))
    col, ptext = fields[4]
    given: int | None = 0
    received: int | None = 0
    if probe.offset == 0:
        if ptext:
            raise PositionError(col, "hold", deal=deal)
    else:
        g, dash, r = ptext.partition("-")
        if not dash:
            raise PositionError(col, "pass", found=ptext)
        given = None if g == UNKNOWN else _parse_hand_mask(col, g, rules)
        received = None if r == UNKNOWN else _parse_hand_mask(col + len(g) + 1, r, rules)
        for side, at, m in ((g, col, given), (r, col + len(g) + 1, received)):
            if m is not None and m.bit_count() != rules.pass_count:
                raise PositionError(at, "pass_count", n=rules.pass_count, k=m.bit_count(),
                                    found=side)
    col, ttext = fields[5]
    tricks: list[tuple[int, tuple[int, ...]]] = []
    tcol = col
    if ttext:
        for part in ttext.split(SUB):
            if not part or part[0] not in letters:
                raise PositionError(tcol, "leader_letter", seats=" ".join(letters),
                                    found=part[:1])
            cards = _parse_cards(tcol + 1, part[1:])
            take(cards)
            tricks.append((letters.index(part[0]), tuple(c for c, _ in cards)))
            tcol += len(part) + 1
    others: list[int | None] = [None] * n
    others[seat] = hand
    totals: tuple[int, ...] | None = None
    if len(fields) >= 7:
        col, otext = fields[6]
        if otext:
            parts = otext.split(SUB)
            if len(parts) != n - 1:
                raise PositionError(col, "others", n=n - 1, k=len(parts))
            ocol = col
            for k, part in enumerate(parts, start=1):
                s = (seat + k) % n
                if part != UNKNOWN:
                    others[s] = take(_parse_hand(ocol, part)) if part != "-" else 0
                ocol += len(part) + 1
    if len(fields) == 8:
        col, ttext2 = fields[7]
        nums = ttext2.split(SUB)
        if len(nums) != n or not all(re.fullmatch(r"-?[0-9]+", x) for x in nums):
            raise PositionError(col, "totals", n=n, found=ttext2)
        totals = tuple(int(x) for x in nums)
    pos = Position(rules, deal, seat, hand, given, received, tuple(tricks), tuple(others), totals)
    _check(pos, fields, seen)
    return pos


def _check(pos: Position, fields: list[tuple[int, str]], seen: dict[int, int]) -> None:
    """The tricks replayed on a game state: leaders, trick sizes, the seat to
    move, hand sizes and the pass's consistency with the mover's hand."""
    rules = pos.rules
    n = rules.players
    letters = [seat_letter(rules, s) for s in range(n)]
    col = fields[5][0]
    gs: GameState | None = None
    for t, (leader, cards) in enumerate(pos.tricks):
        if gs is None:
            # The first leader as written: a record may open wrongly (the
            # referee says so); a position keeps what was played.
            gs = GameState(rules, [None] * n, leader)
        elif gs.to_play != leader:
            raise PositionError(col, "leader", trick=t + 1, want=letters[gs.to_play],
                                found=letters[leader])
        last = t == len(pos.tricks) - 1
        if len(cards) > n or (len(cards) < n and not last) or not cards:
            raise PositionError(col, "trick_size", trick=t + 1, n=n, k=len(cards))
        for c in cards:
            gs.push(c)
        col += 1 + len(cards) * 2 + 1
    if gs is not None and gs.tricks_done >= rules.tricks_per_deal:
        raise PositionError(fields[5][0], "finished")
    to_play = gs.to_play if gs is not None else pos.seat
    if to_play != pos.seat:
        raise PositionError(fields[2][0], "turn", want=letters[to_play], found=letters[pos.seat])
    if gs is None and not pos.hand >> rules.lowest_club & 1:
        raise PositionError(fields[3][0], "opening", card=("card", str(CARDS[rules.lowest_club])),
                            seat=("seat", pos.seats[pos.seat]))
    for s in range(n):
        h = pos.hands[s]
        want = rules.hand_size - pos.played_by(s).bit_count()
        if h is not None and h.bit_count() != want:
            at = fields[3][0] if s == pos.seat else fields[6][0]
            raise PositionError(at, "hand_size", seat=("seat", pos.seats[s]), n=want,
                                k=h.bit_count())
    col = fields[4][0]
    mine = pos.hand | pos.played_by(pos.seat)
    if pos.received is not None and pos.received & ~mine:
        raise PositionError(col, "received", seat=("seat", pos.seats[pos.seat]))
    if pos.given is not None and pos.given & mine:
        raise PositionError(col, "given", seat=("seat", pos.seats[pos.seat]))


def _parse_rules(col: int, text: str) -> RuleSet:
    parts = text.split("~")
    name = parts[0]
    if name.lower() not in preset_names():
        raise PositionError(col, "rules", found=name, names=" ".join(preset_names()))
    words = [name]
    at = col + len(name) + 1
    for part in parts[1:]:
        key, *items = part.split(SUB)
        words.append(f"{key.replace('-', '_')}={','.join(items)}")
        at += len(part) + 1
    try:
        return parse_rules(" ".join(words))
    except RuleError as exc:
        raise PositionError(col, "bad_rules", why=exc.arg()) from None


def _parse_hand(col: int, text: str) -> list[tuple[int, int]]:
    """Cards written by suit (``C4TD5J``), with the column of each."""
    out: list[tuple[int, int]] = []
    suit = -1
    for i, ch in enumerate(text):
        if ch in _SUITS:
            suit = _SUITS.index(ch)
        elif ch in _RANKS and suit >= 0:
            out.append((suit * 13 + _RANKS.index(ch), col + i))
        elif suit < 0:
            raise PositionError(col + i, "suit", found=ch)
        else:
            raise PositionError(col + i, "rank", found=ch)
    return out


def _parse_hand_mask(col: int, text: str, rules: RuleSet) -> int:
    m = 0
    for c, at in _parse_hand(col, text):
        if not rules.deck_mask >> c & 1:
            raise PositionError(at, "not_in_deck", card=("card", str(CARDS[c])))
        m |= 1 << c
    return m


def _parse_cards(col: int, text: str) -> list[tuple[int, int]]:
    """Cards written one after the other, rank then suit (``2C3C9C``)."""
    out: list[tuple[int, int]] = []
    for i in range(0, len(text), 2):
        token = text[i:i + 2]
        if len(token) != 2 or token[0] not in _RANKS or token[1] not in _SUITS:
            raise PositionError(col + i, "card", found=token)
        try:
            out.append((int(parse_card(token)), col + i))
        except CardError:
            raise PositionError(col + i, "card", found=token) from None
    return out


# -- out of a record --------------------------------------------------------------------------


class PointError(MessageError, ValueError):
    """A point (deal, trick, card) a record does not reach, or where the
    seat to move's hand is not known: a catalog message."""

    def __init__(self, key: str, **args: Arg) -> None:
        super().__init__(msg(f"position.point.{key}", **args))

    @classmethod
    def said(cls, message: Msg) -> PointError:
        """The error saying *message* (one of :func:`no_move`'s)."""
        error = cls.__new__(cls)
        MessageError.__init__(error, message)
        return error


def no_move(ctx: DealContext, rules: RuleSet, number: int) -> Msg:
    """Why no seat is to move where a deal's record stops (*ctx*'s
    ``next_point()`` is ``None``), the one wording of ``position``,
    ``diagram`` and ``hint``: the deal is complete, or no card is played
    and no recorded hand holds the card that opens it, so who leads is not
    known (a deal with no hands: a misdeal's; never "complete", round 35)."""
    if ctx.complete:
        return msg("position.point.no_move", deal=number)
    from .analysis.explain import card_text

    return msg("position.point.leader", deal=number, card=("card", card_text(rules.lowest_club)))


def cut_game(game: Game, deal: int | None, trick: int | None, card: int | None,
             players: int = 0) -> Game:
    """*game* stopped just before card *card* (1-based, default 1) of trick
    *trick* of its *deal*-th deal (1-based; default the last deal, and its
    end when no trick is given): the record ``hint`` reads to advise that
    point.  :class:`PointError` when the record does not reach it.

    The point where a deal's record stops (the card after the last one
    recorded: the next trick's lead after a whole trick, the next card of a
    trick in progress) is a point too, as ``hearts solve`` counts it: with
    *players* (the game's number of seats) known, ``--trick 5`` of a record
    stopped after four tricks is that point, not "no trick 5 recorded"."""
    if not game.deals:
        raise PointError("no_deal")
    d = deal if deal is not None else len(game.deals)
    if not 1 <= d <= len(game.deals):
        raise PointError("deal", deal=d, k=len(game.deals))
    dl = game.deals[d - 1]
    if trick is None:
        if card is not None:
            raise PointError("card_alone")
        return replace(game, deals=game.deals[:d], result=None)
    k = card if card is not None else 1
    if players and _stops_at(dl, trick, k, players):
        return replace(game, deals=(*game.deals[:d - 1], replace(
            dl, score=None, total=None, moon=None, unfinished=True)), result=None)
    if not 1 <= trick <= len(dl.tricks):
        # (a deal stopped before its first trick has none: "it has 0" reads badly)
        if not dl.tricks:
            raise PointError("trick_none", deal=d, trick=trick)
        raise PointError("trick", deal=d, trick=trick, k=len(dl.tricks))
    plays = dl.tricks[trick - 1].plays
    if not 1 <= k <= len(plays):
        raise PointError("card", trick=trick, card=k, k=len(plays))
    tricks = list(dl.tricks[:trick - 1])
    if k > 1:
        tricks.append(replace(dl.tricks[trick - 1], plays=plays[:k - 1]))
    cut = replace(dl, tricks=tuple(tricks), score=None, total=None, moon=None, unfinished=True)
    return replace(game, deals=(*game.deals[:d - 1], cut), result=None)


def _stops_at(deal: Deal, trick: int, card: int, players: int) -> bool:
    """Whether card *card* of trick *trick* is the point *deal*'s record stops
    at: the lead of the trick after the last whole one, or the card after
    the last one of a trick in progress; after a deal's last trick the
    position says there is no move left)."""
    tricks = deal.tricks
    done = not tricks or len(tricks[-1].plays) >= players
    if done:
        return trick == len(tricks) + 1 and card == 1
    return trick == len(tricks) and card == len(tricks[-1].plays) + 1


def position_at(game: Game, rules: RuleSet, seats: Sequence[str], totals: Sequence[int] | None,
                with_hands: bool = True) -> Position:
    """The position where *game* (cut by :func:`cut_game`) stops, from the
    seat to move's side; the other hands too when the record knows them
    (*with_hands*).  *totals* (before the deal) are written under
    ``moon: choose``, where they decide how a moon would be scored.
    :class:`PointError` when the point has no seat to move with a known hand."""
    from .analysis.context import DealContext, malformed_trick

    deal = game.deals[-1]
    number = deal_numbers(game.deals)[-1]
    if cards_unrecorded(deal, rules, seats):
        raise PointError("sheet", deal=number)
    bad = malformed_trick(deal, rules, seats, number)
    if bad is not None:
        raise PointError("malformed", why=msg(bad.key, **dict(bad.args)).arg())
    ctx = DealContext(deal, rules, seats, number)
    waiting = ctx.waiting_passes()
    if waiting:
        raise PointError("in_passes", deal=number, seat=("seat", seats[waiting[0]]))
    point = ctx.next_point()
    if point is None:
        raise PointError.said(no_move(ctx, rules, number))
    me = point.seat
    hand = point.hands[me]
    if hand is None:
        raise PointError("hand_unknown", seat=("seat", seats[me]))
    n = len(seats)
    given = ctx.given[me] if ctx.offset else 0
    received = ctx.given[(me - ctx.offset) % n] if ctx.offset else 0
    tricks: list[tuple[int, tuple[int, ...]]] = []
    for q in ctx.points:
        assert q.card is not None
        if not q.trick:
            tricks.append((q.seat, (q.card,)))
        else:
            tricks[-1] = (tricks[-1][0], (*tricks[-1][1], q.card))
    hands = tuple(h if (s == me or with_hands) else None for s, h in enumerate(point.hands))
    tot = tuple(totals) if totals is not None and rules.moon == "choose" else None
    return Position(rules, number, me, hand, given, received, tuple(tricks), hands, tot)
