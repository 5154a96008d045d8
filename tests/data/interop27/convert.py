"""Turn the logs of two other Hearts engines into HRN records (test-only, helper interop27).

The logs are what ``make.py`` saves (see its docstring): HeartsGym's ``env.log`` text and
gym-hearts' ``render()`` text with its ``step`` ``info`` dicts. This is no product reader:
the formats are the engines' ad-hoc prints, kept here to feed real games from independent
software through ``hearts``. Each engine's rules are written as the rule keys that play
them (docs/interop.md, "Checked against other engines, round 27"); the points each engine
logged become the deals' ``score`` lines (and gym-hearts' running scores the ``total``
lines), so that ``hearts validate`` reports a ``score-mismatch`` wherever an engine and
our referee disagree.

    python tests/data/interop27/convert.py heartsgym.log > heartsgym.hrn
    python tests/data/interop27/convert.py gymhearts.log > gymhearts.hrn
"""

from __future__ import annotations

import json
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

SEATS = "NESW"
SUITS = "SHDC"
RANKS = "AKQJT98765432"

#: The rules each engine plays, as rule keys (docs/decisions.md, interop27).
HEARTSGYM_RULES = "openspiel pass_cycle=hold first_trick_hearts=allowed first_trick_queen=allowed"
GYMHEARTS_RULES = "openspiel pass_cycle=hold queen_breaks_hearts=false"
COLLECTION_RULES = "openspiel"  # passes left, right, across, none; Q♠ breaks hearts
COLLECTION_NAMES = ("North", "East", "South", "West")
PASS_TO = {"LEFT": 1, "RIGHT": 3, "ACROSS": 2}

_ANSI = re.compile(r"\x1b\[[0-9;]*m")
_HEADER = re.compile(r"^=== (?P<what>.*) ===$", re.M)
_PLAY = re.compile(r"Player (\d) plays: (\w+)")
_TRICK = re.compile(r"Player (\d) wins the trick and gets (\d+) point")
_REWARD = re.compile(r"Reward: \[([^\]]*)\]")
_TREYS_SUITS = {1: "S", 2: "H", 4: "D", 8: "C"}
PRETTY_SUITS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}


@dataclass
class Deal:
    """One deal as an engine logged it: tricks as (seat, card) lists, the points logged."""

    tricks: list[list[tuple[int, str]]] = field(default_factory=list)
    points: list[int] = field(default_factory=list)
    hands: list[list[str]] | None = None
    moon: bool = False
    direction: str = "hold"
    passes: list[list[str]] | None = None


def card(text: str) -> str:
    """HeartsGym's ``10h``/``qs``/``2c`` as ``TH``/``QS``/``2C``."""
    rank, suit = text[:-1].upper(), text[-1].upper()
    return ("T" if rank == "10" else rank) + suit


def treys_card(value: int) -> str:
    """A treys card integer (gym-hearts' ``action``) as ``TH``: rank bits 8-11, suit 12-15."""
    return "23456789TJQKA"[(value >> 8) & 0xF] + _TREYS_SUITS[(value >> 12) & 0xF]


def _hand_text(cards: list[str]) -> str:
    """A hand in HRN's ``spades.hearts.diamonds.clubs`` form, high to low."""
    return ".".join(
        "".join(sorted((c[0] for c in cards if c[1] == s), key=RANKS.index)) for s in SUITS
    )


def _tricks(plays: list[tuple[int, str]]) -> list[list[tuple[int, str]]]:
    return [plays[i : i + 4] for i in range(0, len(plays), 4)]


def parse_heartsgym(text: str) -> list[tuple[str, Deal]]:
    """Each ``=== ... ===`` section of a HeartsGym log as (its header, the deal)."""
    out = []
    parts = _HEADER.split(text)
    for what, body in zip(parts[1::2], parts[2::2], strict=True):
        body = _ANSI.sub("", body)
        deal = Deal(tricks=_tricks([(int(p), card(c)) for p, c in _PLAY.findall(body)]))
        rewards = _REWARD.search(body)
        if rewards:  # 1 - score/26, as floats
            deal.points = [round(26 * (1 - float(r))) for r in rewards.group(1).split(",")]
        deal.moon = "Over The MOON!" in body
        out.append((what, deal))
    return out


def parse_gymhearts(text: str) -> list[tuple[str, list[Deal], list[list[int]]]]:
    """Each game of a gym-hearts log: (its header, its deals, the running scores rendered)."""
    out = []
    parts = _HEADER.split(text)
    for what, body in zip(parts[1::2], parts[2::2], strict=True):
        deals: list[Deal] = []
        totals: list[list[int]] = []
        plays: list[tuple[int, str]] = []
        lines = body.splitlines()
        i = 0
        while i < len(lines):
            line = lines[i]
            if line.startswith("--------GAME-------"):
                hands: list[list[str]] = []
                scores: list[int] = []
                while not lines[i].startswith("--------BOARD"):
                    if lines[i].startswith("player "):
                        hands.append(
                            [r + PRETTY_SUITS[s] for r, s in re.findall(r"\[(\w)(\S)\]", lines[i + 1])]
                        )
                        scores.append(int(lines[i + 2].split(":")[1]))
                    i += 1
                if deals:  # the running scores after the deal just played
                    totals.append(scores)
                if any(hands):
                    deals.append(Deal(hands=hands))
            elif line.startswith("{"):
                info = json.loads(line)
                plays.append((info["current_player_id"], treys_card(info["action"])))
                if len(plays) == 52:
                    deals[-1 if len(deals) == len(totals) + 1 else -2].tricks = _tricks(plays)
                    plays = []
            i += 1
        previous = [0, 0, 0, 0]
        for deal, total in zip(deals, totals, strict=False):  # a cut log: one deal more
            deal.points = [t - p for t, p in zip(total, previous, strict=True)]
            previous = total
        out.append((what, deals, totals))
    return out


def _pretty(text: str) -> str:
    """games-collection's ``Q♠`` as ``QS``."""
    return text[0] + PRETTY_SUITS[text[1]]


def parse_collection(text: str) -> list[tuple[str, list[Deal], list[list[int]], str | None]]:
    """Each game of a games-collection log: (header, deals, running scores, winner's seat).

    A deal's hands as dealt are rebuilt: the cards a seat played, less the three it
    received, plus the three it passed (the ``pass_history:`` line the harness adds)."""
    seat_of = {name: k for k, name in enumerate(COLLECTION_NAMES)}
    out = []
    parts = _HEADER.split(text)
    for what, body in zip(parts[1::2], parts[2::2], strict=True):
        deals: list[Deal] = []
        totals: list[list[int]] = []
        winner = None
        plays: list[tuple[int, str]] = []
        in_scores = False
        scores: list[int] = []
        for line in body.splitlines():
            if line.startswith("ROUND ") and line[6:].isdigit():
                deals.append(Deal())
                plays = []
            elif line.startswith("Passing direction: "):
                deals[-1].direction = line.split(": ")[1].lower().replace("none", "hold")
            elif m := re.match(r"(\w+) plays (\S\S)$", line):
                plays.append((seat_of[m.group(1)], _pretty(m.group(2))))
                if len(plays) == 52:
                    deals[-1].tricks = _tricks(plays)
            elif m := re.match(r"  (\w+) +(?:(\d+) points|SHOT THE MOON!)", line):
                if not in_scores:
                    deals[-1].points.append(int(m.group(2) or 0))
                    deals[-1].moon |= m.group(2) is None
                else:
                    scores.append(int(m.group(2)))
            elif line.startswith("pass_history: "):
                given = json.loads(line.split(": ", 1)[1])
                deals[-1].passes = [[_pretty(c) for c in given[n]] for n in COLLECTION_NAMES]
            elif line == "SCORES":
                in_scores, scores = True, []
            elif in_scores and line.startswith("====") and scores:
                in_scores = False
                if len(totals) < len(deals):
                    totals.append(scores)
            elif m := re.match(r"Winner: (\w+) with", line):
                winner = SEATS[seat_of[m.group(1)]]
        for deal in deals:
            held = [[c for t in deal.tricks for s, c in t if s == seat] for seat in range(4)]
            if deal.passes is not None:
                step = PASS_TO[deal.direction.upper()]
                for seat in range(4):
                    got = set(deal.passes[(seat - step) % 4])
                    held[seat] = [c for c in held[seat] if c not in got] + deal.passes[seat]
            deal.hands = held
        out.append((what, deals, totals, winner))
    return out


def collection_to_hrn(text: str) -> str:
    """A games-collection log as HRN: a game per section, passes, totals and its winner."""
    games = []
    for what, deals, totals, winner in parse_collection(text):
        head = [f'[Event "{what}"]', f'[Rules "{COLLECTION_RULES}"]',
                '[Source "games-collection 1.6.1"]', ""]
        body: list[str] = []
        for n, (deal, total) in enumerate(zip(deals, totals, strict=False), 1):
            body += [*_deal_lines(n, deal, total), ""]
        body.append(f"result {winner}" if winner else "result *")
        games.append("\n".join(head + body) + "\n")
    return "\n".join(games)


def _deal_lines(number: int, deal: Deal, total: list[int] | None) -> list[str]:
    hands = deal.hands
    if hands is None:  # every card is played: a seat's hand is what it played
        hands = [[c for t in deal.tricks for s, c in t if s == seat] for seat in range(4)]
    lines = [f"deal {number} pass {deal.direction}"]
    lines += [f"{SEATS[s]}: {_hand_text(hands[s])}" for s in range(4)]
    if deal.passes is not None:
        lines += [f"pass {SEATS[s]}: " + " ".join(deal.passes[s]) for s in range(4)]
    for k, trick in enumerate(deal.tricks, 1):
        lines.append(f"{k}. " + " ".join(f"{SEATS[s]} {c}" for s, c in trick))
    if deal.points:
        lines.append("score " + " ".join(f"{SEATS[s]} {p}" for s, p in enumerate(deal.points)))
    if total is not None:
        lines.append("total " + " ".join(f"{SEATS[s]} {p}" for s, p in enumerate(total)))
    return lines


def heartsgym_to_hrn(text: str) -> str:
    """A HeartsGym log as HRN: a one-deal game per section, no result (as OpenSpiel's)."""
    games = []
    for what, deal in parse_heartsgym(text):
        head = [f'[Event "{what}"]', f'[Rules "{HEARTSGYM_RULES}"]', '[Source "HeartsGym 0.43"]', ""]
        games.append("\n".join(head + _deal_lines(1, deal, None)) + "\n")
    return "\n".join(games)


def gymhearts_to_hrn(text: str) -> str:
    """A gym-hearts log as HRN: a game per section, its deals, running totals and result."""
    games = []
    for what, deals, totals in parse_gymhearts(text):
        head = [f'[Event "{what}"]', f'[Rules "{GYMHEARTS_RULES}"]', '[Source "gym-hearts 0.0.3"]', ""]
        body: list[str] = []
        for n, (deal, total) in enumerate(zip(deals, totals, strict=False), 1):
            body += [*_deal_lines(n, deal, total), ""]
        if len(totals) == len(deals):  # the engine said done: the lowest total wins
            low = min(totals[-1])
            body.append("result " + " ".join(SEATS[s] for s, t in enumerate(totals[-1]) if t == low))
        games.append("\n".join(head + body).rstrip("\n") + "\n")
    return "\n".join(games)


def main(argv: list[str]) -> int:
    """Convert the log named (its name says which engine) to HRN on standard output."""
    path = Path(argv[0])
    text = path.read_text(encoding="utf-8")
    convert = (gymhearts_to_hrn if "gym-hearts" in text[:200] else
               collection_to_hrn if "games-collection" in text[:200] else heartsgym_to_hrn)
    sys.stdout.write(convert(text))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
