"""Write the club samples: a French club's evening kept as a score sheet, a
small tournament folder, and the evening's first draft with its mistakes.

Every line of points is drawn at random (seeded) as a real deal could give
it: Q♠ to one seat, the thirteen hearts spread among the seats, now and then
a moon; the running totals are summed and each game stops when a total
reaches the target.  Names, comments and the French style were then fixed
here once and for all.  Run::

    python tests/data/club/make_club.py          # rewrites samples/club/ and tests/data/club/
"""

from __future__ import annotations

import random
import sys
import unicodedata
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def deal_line(rng: random.Random, n: int, moon_rate: float = 0.03) -> tuple[list[int], int | None]:
    """Points of one deal (standard values, moon: add) and the shooter, if any."""
    if rng.random() < moon_rate:
        shooter = rng.randrange(n)
        return [0 if s == shooter else 26 for s in range(n)], shooter
    while True:
        pts = [0] * n
        pts[rng.randrange(n)] += 13
        for _ in range(13):
            pts[rng.randrange(n)] += 1
        if 26 not in pts:
            return pts, None


def sheet_game(rng: random.Random, seats: list[str], target: int, *, totals: bool = True,
               first_number: int = 1, start: list[int] | None = None, max_deals: int = 40,
               moon_at: int | None = None, misadd: tuple[int, int] | None = None
               ) -> tuple[list[str], list[int]]:
    """Deal blocks of a scores-only game, to the target; and the final totals.

    *misadd* ``(deal, seat)``: the scorer adds 10 too many to that seat's
    total at that deal and carries the wrong total on (the draft's mistake)."""
    n = len(seats)
    run = list(start or [0] * n)
    out: list[str] = []
    k = first_number
    while max(run) < target and k < first_number + max_deals:
        pts, shooter = deal_line(rng, n, 0.0 if moon_at is not None else 0.03)
        if moon_at is not None and k == moon_at:
            shooter = min(range(n), key=lambda s: run[s] + rng.random())
            pts = [0 if s == shooter else 26 for s in range(n)]
        run = [a + b for a, b in zip(run, pts, strict=True)]
        block = [f"deal {k}", "score " + "  ".join(f"{s} {p}" for s, p in zip(seats, pts, strict=True))]
        if totals:
            shown = list(run)
            if misadd is not None and k >= misadd[0]:
                shown[misadd[1]] += 10
            block.append("total " + "  ".join(f"{s} {t}" for s, t in zip(seats, shown, strict=True)))
        if shooter is not None:
            block[0] += f"   {{{seats[shooter]} fait la lune !}}"
        out.append("\n".join(block))
        k += 1
    return out, run


def result_line(seats: list[str], run: list[int], target: int) -> str:
    if max(run) < target:
        return "result *"
    low = min(run)
    return "result " + " ".join(s for s, t in zip(seats, run, strict=True) if t == low)


def tags(event: str, rules: str, players: list[str], seats: str | None = None,
         extra: dict[str, str] | None = None) -> str:
    lines = [f'[Event "{event}"]']
    for k, v in (extra or {}).items():
        lines.append(f'[{k} "{v}"]')
    lines.append(f'[Rules "{rules}"]')
    if seats:
        lines.append(f'[Seats "{seats}"]')
    names = " ".join(f'[{t} "{p}"]' for t, p in zip(("North", "East", "South", "West"), players,
                                                       strict=True))
    lines.append(names)
    return "\n".join(lines)


def played_deal() -> str:
    """The first deal of samples/partie-francaise.hrn, played card by card
    (seats N E S O), as written there."""
    lines = (ROOT / "samples" / "partie-francaise.hrn").read_text(encoding="utf-8").split("\n")
    start = next(i for i, line in enumerate(lines) if line.startswith("deal 1"))
    end = next(i for i, line in enumerate(lines) if i > start and line.startswith("total"))
    # (its ; notes speak of the first evening's seats: left out)
    return "\n".join(line.split(";", 1)[0].rstrip() for line in lines[start:end + 1])


def evening(draft: bool) -> str:
    """The Friday evening at the club: three games, French seats N E S O."""
    rng = random.Random(2025_11_21)
    parts = ["; Feuille de marque du club, vendredi 21 novembre 2025, recopiée de la feuille papier.",
             "; Les parties 1 et 3 n'ont que les points ; la partie 2 commence par une donne jouée.", ""]
    seats = ["N", "E", "S", "O"]
    # Game 1: scores only, a moon in deal 4.
    p1 = ["Camille", "Yann", "Maëlle", "Gwen"]
    blocks, run = sheet_game(rng, seats, 100, moon_at=4, misadd=(3, 1) if draft else None)
    parts += [tags("Club de Brest — partie 1", "standard", p1, "N E S O",
                   {"Site": "Brest", "Date": "2025.11.21"}), "",
              "{Table du fond. Gwen marque.}", "", *[b + "\n" for b in blocks],
              result_line(seats, run, 100), "", ""]
    # Game 2: the players change seats; the first deal is played card by card.
    p2 = ["Gwen", "Camille", "Yann", unicodedata.normalize("NFD", "Maëlle")]   # typed on a Mac
    blocks, run = sheet_game(rng, seats, 100, first_number=2, start=[3, 4, 15, 4], moon_at=0)
    parts += [tags("Club de Brest — partie 2", "standard", p2, "N E S O",
                   {"Site": "Brest", "Date": "2025.11.21"}), "",
              "{On tourne les places. Camille note la première donne carte par carte.}", "",
              played_deal() + "\n", *[b + "\n" for b in blocks], result_line(seats, run, 100), "", ""]
    # Game 3: a short game to 50, the points only (no totals written).
    p3 = ["Maëlle", "Gwen", "Camille", "Yann"]
    blocks, run = sheet_game(rng, seats, 50, totals=False, moon_at=0)
    parts += [tags("Club de Brest — partie 3", "short", p3, "N E S O",
                   {"Site": "Brest", "Date": "2025.11.21"}), "",
              "{Une courte à 50 avant de fermer ; seuls les points de chaque donne sont notés.}", "",
              *[b + "\n" for b in blocks], result_line(seats, run, 50), ""]
    return "\n".join(parts)


def tournament(out: Path) -> None:
    """Three rounds, two tables of four; everyone meets new opponents."""
    players = ["Anaïs", "Bastien", "Clémence", "Dorian", "Élodie", "Fabrice", "Gaëlle", "Hervé"]
    rounds = [
        [[0, 1, 2, 3], [4, 5, 6, 7]],
        [[0, 4, 1, 5], [2, 6, 3, 7]],
        [[0, 6, 5, 3], [4, 2, 7, 1]],
    ]
    rng = random.Random(2025_12_06)
    seats = ["N", "E", "S", "W"]
    for r, tables in enumerate(rounds, 1):
        parts = [f"; Tournoi de l'Avent, ronde {r}: deux tables, partie à 100.", ""]
        for t, idx in enumerate(tables, 1):
            names = [players[i] for i in idx]
            blocks, run = sheet_game(rng, seats, 100)
            parts += [tags(f"Tournoi de l'Avent — ronde {r}, table {t}", "standard", names,
                           extra={"Date": "2025.12.06", "Round": str(r), "Table": str(t)}), "",
                      *[b + "\n" for b in blocks], result_line(seats, run, 100), "", ""]
        (out / f"ronde-{r}.hrn").write_text("\n".join(parts).rstrip("\n") + "\n", encoding="utf-8")


def main(argv: list[str]) -> int:
    samples = ROOT / "samples" / "club"
    (samples / "tournoi").mkdir(parents=True, exist_ok=True)
    (samples / "soiree-du-vendredi.hrn").write_text(evening(False), encoding="utf-8")
    tournament(samples / "tournoi")
    data = ROOT / "tests" / "data" / "club"
    data.mkdir(parents=True, exist_ok=True)
    (data / "soiree-brouillon.hrn").write_text(evening(True), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
