"""JSON and YAML forms of a game (spec §3, ``record.schema.json``).

Both are the same tree of dicts and lists; this module maps that tree to the
model and back.  Reading is lenient where the spec says so (``"10H"``,
lower-case cards, a pass given as a bare list) and strict about everything
else: a value of the wrong type is a :class:`RecordError` that names the
place in the document (``deals[0].tricks[2].plays[1].card``).
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from typing import Any

import yaml

from ..cards import Card, CardError, display_order, parse_card
from ..model import (
    DIRECTIONS,
    MARKS,
    Deal,
    Game,
    Moon,
    Pass,
    Play,
    Pos,
    Trick,
)


class RecordError(ValueError):
    """A JSON/YAML document that is not a record of the schema.

    ``where`` is a path into the document; ``line``/``column`` are set when
    the position in the file is known (JSONL line, YAML node, JSON syntax).
    """

    def __init__(self, message: str, where: str = "", line: int | None = None,
                 column: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.where = where
        self.line = line
        self.column = column

    def __str__(self) -> str:
        return f"{self.where}: {self.message}" if self.where else self.message


_SEAT_OK = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")


def _seat(v: Any, where: str) -> str:
    if not isinstance(v, str) or not v or not v[0].isalpha() or len(v) > 8 or not set(v) <= _SEAT_OK:
        raise RecordError(f"{v!r} is not a seat name (a letter then up to 7 letters or digits)", where)
    return v


def _card(v: Any, where: str) -> Card:
    if not isinstance(v, str):
        raise RecordError(f"{v!r} is not a card (write \"QS\", \"TH\")", where)
    try:
        card = parse_card(v)
    except CardError:
        raise RecordError(f"{v!r} is not a card (write \"QS\", \"TH\", \"10H\")", where) from None
    if v[-1] not in "SHDCshdc":
        raise RecordError(f"{v!r}: JSON cards use suit letters S H D C", where)
    return card


def _cards(v: Any, where: str) -> tuple[Card, ...]:
    if not isinstance(v, list):
        raise RecordError(f"expected a list of cards, found {type(v).__name__}", where)
    return tuple(_card(x, f"{where}[{i}]") for i, x in enumerate(v))


def _opt_str(v: Any, where: str) -> str | None:
    if v is None or isinstance(v, str):
        return v
    raise RecordError(f"expected a string or null, found {type(v).__name__}", where)


def _mark(v: Any, where: str) -> Any:
    if v is None:
        return None
    if v not in MARKS:
        raise RecordError(f"{v!r} is not a mark; use one of {' '.join(MARKS)}", where)
    return v


def _points(v: Any, where: str) -> dict[str, int] | None:
    if v is None:
        return None
    if not isinstance(v, dict):
        raise RecordError("expected an object of seat: points", where)
    out: dict[str, int] = {}
    for k, x in v.items():
        if not isinstance(x, int) or isinstance(x, bool):
            raise RecordError(f"{x!r} is not a whole number of points", f"{where}.{k}")
        out[_seat(k, f"{where}.{k}")] = x
    return out


def _obj(v: Any, where: str, allowed: frozenset[str]) -> Mapping[str, Any]:
    if not isinstance(v, dict):
        raise RecordError(f"expected an object, found {type(v).__name__}", where)
    extra = set(v) - allowed
    if extra:
        raise RecordError(
            f"unknown field {sorted(extra)[0]!r}; expected one of {', '.join(sorted(allowed))}", where
        )
    return v


_GAME_KEYS = frozenset({"tags", "rules", "seats", "players", "deals", "result", "comment"})
_DEAL_KEYS = frozenset({"number", "dealer", "pass", "hands", "passes", "tricks", "score", "total",
                        "moon", "unfinished", "comment"})


def game_from_dict(d: Any, source: str | None = None, index: int | None = None,
                   line: int | None = None) -> Game:
    """Build a :class:`Game` from the JSON/YAML tree of one game."""
    g = _obj(d, "game", _GAME_KEYS)
    if "deals" not in g:
        raise RecordError("a game needs a \"deals\" list", "game")
    tags_in = g.get("tags") or {}
    if not isinstance(tags_in, dict):
        raise RecordError("expected an object of tag: value", "tags")
    tags: dict[str, str] = {}
    for k, v in tags_in.items():
        if not isinstance(v, str):
            raise RecordError(f"tag values are strings, found {type(v).__name__}", f"tags.{k}")
        tags[str(k)] = v
    rules = _opt_str(g.get("rules"), "rules")
    seats_in = g.get("seats")
    seats: tuple[str, ...] | None = None
    if seats_in is not None:
        if not isinstance(seats_in, list) or not 3 <= len(seats_in) <= 6:
            raise RecordError("expected a list of 3 to 6 seat names", "seats")
        seats = tuple(_seat(s, f"seats[{i}]") for i, s in enumerate(seats_in))
        if len(set(seats)) != len(seats):
            raise RecordError("seat names must differ", "seats")
    players_in = g.get("players") or {}
    if not isinstance(players_in, dict):
        raise RecordError("expected an object of seat: name", "players")
    players = {_seat(k, f"players.{k}"): str(v) for k, v in players_in.items()}
    deals_in = g["deals"]
    if not isinstance(deals_in, list):
        raise RecordError("expected a list of deals", "deals")
    deals = tuple(_deal(x, f"deals[{i}]") for i, x in enumerate(deals_in))
    res = g.get("result")
    result: Any
    if res is None or res == "*":
        result = res
    elif isinstance(res, list):
        result = tuple(_seat(s, f"result[{i}]") for i, s in enumerate(res))
    else:
        raise RecordError("expected a list of winning seats, \"*\" or null", "result")
    return Game(
        tags=tags, rules=rules, seats=seats, players=players, deals=deals, result=result,
        comment=_opt_str(g.get("comment"), "comment"), source=source, index=index,
        pos=Pos(line, 1) if line else None,
    )


def _deal(d: Any, where: str) -> Deal:
    x = _obj(d, where, _DEAL_KEYS)
    number = x.get("number")
    if number is not None and (not isinstance(number, int) or isinstance(number, bool) or number < 1):
        raise RecordError(f"{number!r} is not a deal number (1, 2, ...)", f"{where}.number")
    dealer = x.get("dealer")
    if dealer is not None:
        dealer = _seat(dealer, f"{where}.dealer")
    direction = x.get("pass")
    if direction is not None and direction not in DIRECTIONS:
        raise RecordError(f"{direction!r} is not a pass direction; use {', '.join(DIRECTIONS)}",
                          f"{where}.pass")
    hands_in = x.get("hands") or {}
    if not isinstance(hands_in, dict):
        raise RecordError("expected an object of seat: cards", f"{where}.hands")
    hands: dict[str, tuple[Card, ...] | None] = {}
    for seat, cards in hands_in.items():
        w = f"{where}.hands.{seat}"
        hands[_seat(seat, w)] = None if cards is None else tuple(display_order(_cards(cards, w)))
    passes_in = x.get("passes") or {}
    if not isinstance(passes_in, dict):
        raise RecordError("expected an object of seat: cards", f"{where}.passes")
    passes: dict[str, Pass] = {}
    for seat, p in passes_in.items():
        w = f"{where}.passes.{seat}"
        s = _seat(seat, w)
        if isinstance(p, list):
            passes[s] = Pass(seat=s, cards=_cards(p, w))
        else:
            po = _obj(p, w, frozenset({"cards", "to", "mark", "comment"}))
            if "cards" not in po:
                raise RecordError("a pass needs \"cards\"", w)
            to = po.get("to")
            passes[s] = Pass(
                seat=s, cards=_cards(po["cards"], f"{w}.cards"),
                to=None if to is None else _seat(to, f"{w}.to"),
                mark=_mark(po.get("mark"), f"{w}.mark"),
                comment=_opt_str(po.get("comment"), f"{w}.comment"),
            )
    tricks_in = x.get("tricks") or []
    if not isinstance(tricks_in, list):
        raise RecordError("expected a list of tricks", f"{where}.tricks")
    tricks = []
    for i, t in enumerate(tricks_in):
        w = f"{where}.tricks[{i}]"
        to = _obj(t, w, frozenset({"plays", "comment"}))
        plays_in = to.get("plays")
        if not isinstance(plays_in, list):
            raise RecordError("a trick needs a \"plays\" list", w)
        plays = []
        for j, p in enumerate(plays_in):
            wp = f"{w}.plays[{j}]"
            po = _obj(p, wp, frozenset({"seat", "card", "mark", "comment"}))
            if "seat" not in po or "card" not in po:
                raise RecordError("a play needs \"seat\" and \"card\"", wp)
            plays.append(Play(
                seat=_seat(po["seat"], f"{wp}.seat"), card=_card(po["card"], f"{wp}.card"),
                mark=_mark(po.get("mark"), f"{wp}.mark"),
                comment=_opt_str(po.get("comment"), f"{wp}.comment"),
            ))
        tricks.append(Trick(plays=tuple(plays), comment=_opt_str(to.get("comment"), f"{w}.comment")))
    moon_in = x.get("moon")
    moon = None
    if moon_in is not None:
        mo = _obj(moon_in, f"{where}.moon", frozenset({"seat", "choice"}))
        if mo.get("choice") not in ("add", "subtract") or "seat" not in mo:
            raise RecordError("a moon is {\"seat\": S, \"choice\": \"add\"|\"subtract\"}", f"{where}.moon")
        moon = Moon(seat=_seat(mo["seat"], f"{where}.moon.seat"), choice=mo["choice"])
    unfinished = x.get("unfinished", False)
    if not isinstance(unfinished, bool):
        raise RecordError("expected true or false", f"{where}.unfinished")
    return Deal(
        number=number, dealer=dealer, direction=direction, hands=hands, passes=passes,
        tricks=tuple(tricks), score=_points(x.get("score"), f"{where}.score"),
        total=_points(x.get("total"), f"{where}.total"), moon=moon, unfinished=unfinished,
        comment=_opt_str(x.get("comment"), f"{where}.comment"),
    )


def game_to_dict(game: Game) -> dict[str, Any]:
    """The JSON tree of a game, fields in the order of spec §3.

    Absent facts are left out rather than written as null, except
    ``hands`` entries written as unknown (``null``) so that a record reads
    back the same.
    """
    out: dict[str, Any] = {}
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
            for p in t.plays:
                pd: dict[str, Any] = {"seat": p.seat, "card": str(p.card)}
                if p.mark is not None:
                    pd["mark"] = p.mark
                if p.comment is not None:
                    pd["comment"] = p.comment
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


# Reading and writing whole documents -----------------------------------------


def _json_error(exc: json.JSONDecodeError) -> RecordError:
    return RecordError(f"not valid JSON: {exc.msg}", line=exc.lineno, column=exc.colno)


def iter_json(text: str, source: str | None = None) -> Iterator[Game]:
    """Games of a ``.json`` document: one game object or an array of them."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise _json_error(exc) from None
    items = data if isinstance(data, list) else [data]
    for i, item in enumerate(items, 1):
        try:
            yield game_from_dict(item, source, i)
        except RecordError as exc:
            exc.where = f"game {i}: {exc.where}" if len(items) > 1 else exc.where
            raise


def iter_jsonl(lines: Iterator[str] | list[str], source: str | None = None) -> Iterator[Game]:
    """Games of a ``.jsonl`` document, one per non-blank line (streamed)."""
    index = 0
    for lineno, line in enumerate(lines, 1):
        if not line.strip():
            continue
        index += 1
        try:
            data = json.loads(line)
        except json.JSONDecodeError as exc:
            raise RecordError(f"not valid JSON: {exc.msg}", line=lineno, column=exc.colno) from None
        try:
            yield game_from_dict(data, source, index, line=lineno)
        except RecordError as exc:
            exc.line = lineno
            raise


def iter_yaml(text: str, source: str | None = None) -> Iterator[Game]:
    """Games of a YAML document stream: each document a game or a list of games."""
    try:
        docs = list(yaml.safe_load_all(text))
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        problem = getattr(exc, "problem", None) or str(exc)
        raise RecordError(
            f"not valid YAML: {problem}",
            line=mark.line + 1 if mark is not None else None,
            column=mark.column + 1 if mark is not None else None,
        ) from None
    index = 0
    for doc in docs:
        if doc is None:
            continue
        for item in doc if isinstance(doc, list) else [doc]:
            index += 1
            yield game_from_dict(item, source, index)


def dumps_json(games: list[Game]) -> str:
    """A ``.json`` document: one object for one game, else an array."""
    trees = [game_to_dict(g) for g in games]
    data: Any = trees[0] if len(trees) == 1 else trees
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def dumps_jsonl(games: list[Game]) -> str:
    """A ``.jsonl`` document, one compact game per line."""
    return "".join(
        json.dumps(game_to_dict(g), ensure_ascii=False, separators=(",", ":")) + "\n" for g in games
    )


def dumps_yaml(games: list[Game]) -> str:
    """A YAML stream, one document per game."""
    return yaml.safe_dump_all(
        [game_to_dict(g) for g in games], sort_keys=False, allow_unicode=True,
        default_flow_style=None, width=100,
    )
