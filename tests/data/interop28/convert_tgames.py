"""Test-only converter: a t_games Hearts log (``make_tgames.py``) to HRN.

Not a product reader: the log is what t_games tells its human player, an ad hoc
print. Each game's option string becomes rule keys (``rules_of``); each deal's hands
are the harness's ``dealt:`` line, its passes the cards a seat was dealt and no longer
held at the first card (``played from:``), its plays the game's ``lead with`` /
``played`` lines and the human seat's ``(human NAME) plays``; the engine's points for
the deal are the change of its ``Overall Scores`` (``score`` lines) and those scores the
``total`` lines; the result is every seat the game says ``wins with``. Seats are named
N, E, S, W in the game's order of play.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
SEATS = "NESW"
STEP_NAME = {0: "hold", 1: "left", 2: "across", 3: "right"}
_HEADER = re.compile(r"^=== (?P<what>.*) ===$", re.M)
_PLAY = re.compile(r"^(?:(.+) lead with the (\w\w)\.|(.+) played the (\w\w)\."
                   r"|\(human (.+)\) plays (\w\w))$")  # a bot's name may be two words: "Mary Lou"


def rules_of(options: str) -> str:
    """The rule keys a t_games option string plays (docs/decisions.md, interop28).

    Always: no first-trick rule in t_games (``do_play`` checks only following suit and
    leading a heart), so points may fall on the first trick; ``low-club`` is the
    opening lead (every variant here sets it). ``break-hearts``: only a heart breaks;
    ``all-break``: Q♠ too. ``pass-dir``: ``lran`` is left, right, across, hold,
    ``left-right`` alternates, ``not`` holds. ``moon=old`` adds 26 to the others,
    ``new`` takes 26 off the shooter; ``bonus=jd`` is J♦ -10; ``no-tricks=K`` is -K to
    a seat that took no trick; ``end=N`` the target."""
    words = dict(w.split("=", 1) if "=" in w else (w, "") for w in options.split())
    keys = ["openspiel", "first_trick_hearts=allowed", "first_trick_queen=allowed"]
    assert "low-club" in words, "a variant without low-club: the dealer's left leads"
    keys.append("queen_breaks_hearts=" + ("true" if "all-break" in words else "false"))
    keys += {"lran": [], "left-right": ["pass_cycle=left,right"], "not": ["pass_cycle=hold"]}[
        words.get("pass-dir", "right")]
    if words.get("moon", "old") in ("new", "n"):
        keys.append("moon=subtract")
    if words.get("bonus", "").upper() == "JD":
        keys.append("jack_of_diamonds=-10")
    if "no-tricks" in words:
        keys.append(f"no_trick_bonus=-{words['no-tricks']}")
    if "end" in words:
        keys.append(f"target={words['end']}")
    return " ".join(keys)


@dataclass
class Deal:
    """One deal as the log tells it."""

    hands: list[list[str]]
    played_from: list[list[str]] = field(default_factory=list)
    plays: list[tuple[int, str]] = field(default_factory=list)
    raw: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    moon: str | None = None
    total: list[int] | None = None

    @property
    def passes(self) -> list[list[str]] | None:
        gave = [[c for c in self.hands[s] if c not in self.played_from[s]] for s in range(4)]
        return gave if any(gave) else None

    @property
    def direction(self) -> str:
        gave = self.passes
        if gave is None:
            return "hold"
        for step in (1, 2, 3):
            if all(set(gave[s]) <= set(self.played_from[(s + step) % 4]) for s in range(4)):
                return STEP_NAME[step]
        raise ValueError("passes in no direction")


@dataclass
class Game:
    """One game: its header, options, seat names, deals and the seats that win."""

    what: str
    options: str
    names: list[str]
    deals: list[Deal]
    winners: list[str]


def parse(text: str) -> list[Game]:
    """Every game of a t_games log."""
    games = []
    parts = _HEADER.split(text)
    for what, body in zip(parts[1::2], parts[2::2], strict=True):
        options = what.split("options=", 1)[1]
        names: list[str] = []
        deals: list[Deal] = []
        order: list[str] = []
        winners: list[str] = []
        in_scores = False
        for line in body.splitlines():
            if line.startswith("seats: "):
                order = line[7:].split(" | ")
                names = names or order
            elif line.startswith("dealt: "):
                by_name = dict(zip(order, line[7:].split(" | "), strict=True))
                deals.append(Deal([by_name[n].split() for n in names]))
                in_scores = False
            elif line.startswith("played from: "):
                by_name = dict(zip(order, line[13:].split(" | "), strict=True))
                deals[-1].played_from = [by_name[n].split() for n in names]
            elif m := _PLAY.match(line):
                who, card = next((m.group(k), m.group(k + 1)) for k in (1, 3, 5) if m.group(k))
                deals[-1].plays.append((names.index(who), card))
            elif m := re.match(r"(.+) had .*, for (-?\d+) points? this round\.$", line):
                deals[-1].raw[names.index(m.group(1))] = int(m.group(2))
            elif m := re.match(r"(.+) shot the moon!$", line):
                deals[-1].moon = SEATS[names.index(m.group(1))]
            elif line == "Overall Scores:":
                in_scores, deals[-1].total = True, [0, 0, 0, 0]
            elif in_scores and (m := re.match(r"(.+): (-?\d+)$", line)):
                assert deals[-1].total is not None
                deals[-1].total[names.index(m.group(1))] = int(m.group(2))
            elif m := re.match(r"(.+) wins with", line):
                winners.append(SEATS[names.index(m.group(1))])
        games.append(Game(what, options, names, deals, winners))
    return games


def points(game: Game) -> list[list[int]]:
    """The engine's points of each deal: the change of its overall scores."""
    out, before = [], [0, 0, 0, 0]
    for deal in game.deals:
        assert deal.total is not None
        out.append([a - b for a, b in zip(deal.total, before, strict=True)])
        before = deal.total
    return out


def _hand(cards: list[str]) -> str:
    """A hand in HRN's ``spades.hearts.diamonds.clubs`` form, high to low."""
    return ".".join("".join(sorted((c[0] for c in cards if c[1] == s), key="AKQJT98765432".index))
                    for s in "SHDC")


def game_hrn(game: Game) -> str:
    """One t_games game as HRN."""
    lines = [f'[Event "{game.what}"]', f'[Rules "{rules_of(game.options)}"]',
             '[Source "t_games fd55054 (ichabod801/t_games)"]', ""]
    for n, (deal, pts) in enumerate(zip(game.deals, points(game), strict=True), 1):
        lines.append(f"deal {n} pass {deal.direction}")
        lines += [f"{SEATS[s]}: {_hand(deal.hands[s])}" for s in range(4)]
        if deal.passes is not None:
            lines += [f"pass {SEATS[s]}: " + " ".join(deal.passes[s]) for s in range(4)]
        for k in range(13):
            trick = deal.plays[4 * k: 4 * k + 4]
            lines.append(f"{k + 1}. " + " ".join(f"{SEATS[s]} {c}" for s, c in trick))
        lines.append("score " + " ".join(f"{SEATS[s]} {p}" for s, p in enumerate(pts)))
        assert deal.total is not None
        lines.append("total " + " ".join(f"{SEATS[s]} {p}" for s, p in enumerate(deal.total)))
        lines.append("")
    lines.append("result " + " ".join(game.winners))
    return "\n".join(lines) + "\n"


def to_hrn(text: str) -> str:
    """A t_games log as HRN: a game per section."""
    return "\n".join(game_hrn(game) for game in parse(text))


if __name__ == "__main__":
    sys.stdout.write(to_hrn(Path(sys.argv[1]).read_text(encoding="utf-8")))
