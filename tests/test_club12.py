"""Club score sheets typed by hand, as clubs keep them (sheets12's campaign).

Each sheet here is typed the way a scorer writes it (points only, running
totals only, moons written three ways, three or five players, a tie, a game
stopped at midnight, one player spelt four ways across a season) and its
answer is worked out in the test from the typed figures, not by the code
under test.  The season of 40 evenings with OpenSkill ratings checked
against the ``openskill`` package itself is ``slow`` (the long step).
"""

from __future__ import annotations

import json
import random
from collections import defaultdict
from pathlib import Path

import pytest

from hearts_notation.io import iter_games_text
from hearts_notation.model import Finding
from hearts_notation.referee import GameReport, check_game
from hearts_notation.standings import standings_of, summarise
from tests.clirun import run, write

EN_HEAD = ('[Event "{event}"]\n[Rules "{rules}"]\n'
           '[North "Anne"] [East "Bruno"] [South "Chloé"] [West "Denis"]\n\n')
FR_HEAD = ('[Événement "{event}"]\n[Règles "{rules}"]\n'
           '[Nord "Anne"] [Est "Bruno"] [Sud "Chloé"] [Ouest "Denis"]\n\n')


def check(text: str) -> GameReport:
    games = list(iter_games_text(text, "hrn", "soiree.hrn"))
    assert len(games) == 1 and not games[0].errors, games[0].errors
    return check_game(games[0])


def bad(r: GameReport) -> list[Finding]:
    return [f for f in r.findings if f.severity != "info"]


def typed(head: str, blocks: list[str], word: str = "deal", rules: str = "standard",
          event: str = "Club", tail: str = "") -> str:
    text = head.format(event=event, rules=rules)
    for i, block in enumerate(blocks, 1):
        text += f"{word} {i}\n{block}\n\n"
    return text + tail


def totals_lines(seats: str, totals: list[list[int]]) -> list[str]:
    return ["total " + "  ".join(f"{s} {v}" for s, v in zip(seats.split(), row, strict=True))
            for row in totals]


# --- Running totals only -------------------------------------------------------------------

# Each row a running total as the scorer wrote it (N E S W); deal 4 is E's moon.
RUNNING = [[6, 3, 13, 4], [21, 10, 15, 6], [23, 14, 19, 22], [49, 14, 45, 48],
           [68, 16, 46, 52], [86, 18, 48, 56], [89, 32, 52, 61], [106, 35, 57, 62]]


@pytest.mark.parametrize("head,word,seats", [(EN_HEAD, "deal", "N E S W"),
                                             (FR_HEAD, "donne", "N E S O")])
def test_a_sheet_of_running_totals_only_scores_each_deal_as_the_difference(
        head: str, word: str, seats: str) -> None:
    r = check(typed(head, totals_lines(seats, RUNNING), word, tail="result E\n"))
    assert not bad(r), bad(r)
    assert [f.code for f in r.findings] == ["sheet-unchecked"]
    prev = [0, 0, 0, 0]
    for row, d in zip(RUNNING, r.deals, strict=True):
        assert list(d.points.values()) == [a - b for a, b in zip(row, prev, strict=True)]
        prev = row
    assert r.deals[3].moon is not None and r.deals[3].moon.seat == "E"
    assert r.finished and r.winners == ("E",)


@pytest.mark.parametrize("lang,head,word,seats,expect", [
    ("en", EN_HEAD, "deal", "N E S W",
     "error: Chloé (S)'s total after deal 2 is likely wrong by +10 (written 25, likely 15): "
     "deal 2's points, taken from the running totals, add up to 36 and deal 3's to 16"),
    ("fr", FR_HEAD, "donne", "N E S O",
     "erreur: le total de Chloé (S) après la donne 2 a sans doute un écart de +10 "
     "(noté 25, sans doute 15)"),
])
def test_a_running_total_written_wrong_is_found_at_its_line_and_by_how_much(
        tmp_path: Path, lang: str, head: str, word: str, seats: str, expect: str) -> None:
    rows = [list(r) for r in RUNNING[:4]]
    rows[1][2] += 10                     # S's total after deal 2: 25 for 15
    path = write(tmp_path, "s.hrn", typed(head, totals_lines(seats, rows), word))
    code, out = run("validate", path, "--lang", lang)
    # deal 2's total line is line 9 (4 lines of head and blank, 3 lines a deal);
    # one finding: deal 3, 10 short because of it, is not told again
    assert code == 1 and f"s.hrn:9:1: {expect}" in out, out
    assert out.count("[sheet-sum]") == 1 and "incompl" not in out
    # two totals wrong on one line: no seat to name, each deal's sum is told at its line
    rows[1][3] += 10
    path = write(tmp_path, "s.hrn", typed(head, totals_lines(seats, rows), word))
    code, out = run("validate", path, "--lang", lang)
    assert code == 1 and out.count("[sheet-sum]") == 2, out
    assert "s.hrn:9:1:" in out and "+20" in out and "s.hrn:12:1:" in out and "-20" in out


def test_score_lines_and_totals_only_mixed_in_one_game() -> None:
    blocks = ["score N 6 E 3 S 13 W 4\ntotal N 6 E 3 S 13 W 4",
              "total N 21 E 10 S 15 W 6",
              "score N 2 E 4 S 4 W 16",
              "total N 49 E 14 S 45 W 48"]
    r = check(typed(EN_HEAD, blocks))
    assert not bad(r), bad(r)
    assert [d.points["N"] for d in r.deals] == [6, 15, 2, 26]
    assert r.deals[3].moon is not None and r.deals[3].moon.seat == "E"


def test_totals_only_with_a_moon_line_and_a_deal_pasted_twice() -> None:
    # a moon line naming the wrong seat is told at the moon line (line 7), not the total's
    r = check(typed(FR_HEAD, ["total N 26 E 26 S 0 O 26\ncapot E"], "donne"))
    assert [(f.code, f.line) for f in bad(r)] == [("moon-choice", 7)]
    r = check(typed(FR_HEAD, ["total N 26 E 26 S 0 O 26\ncapot S"], "donne"))
    assert not bad(r) and r.deals[0].moon is not None and r.deals[0].moon.seat == "S"
    # deal 2 pasted twice: counted and checked once (no "adds up to 0" for the copy)
    rows = totals_lines("N E S W", RUNNING[:2])
    r = check(typed(EN_HEAD, rows).replace("deal 2\n", "deal 2\n" + rows[1] + "\n\ndeal 2\n", 1))
    assert [f.code for f in bad(r)] == ["deal-number"], bad(r)


def test_totals_only_with_a_seat_left_out_is_still_refused_at_the_line() -> None:
    r = check(typed(EN_HEAD, ["total N 6 E 3 S 13"]))
    assert any(f.severity == "error" and f.line == 5 for f in r.findings), r.findings


# --- A total that disagrees with the deal lines --------------------------------------------

@pytest.mark.parametrize("lang,head,word,seats,expect", [
    ("en", EN_HEAD, "deal", "N E S W", "Chloé (S)'s total after deal 2 is recorded as 25, but 13 + 2 = 15"),
    ("fr", FR_HEAD, "donne", "N E S O", "le total de Chloé (S) après la donne 2 est noté 25"),
])
def test_a_total_line_that_disagrees_with_the_points_says_which_and_how_much(
        tmp_path: Path, lang: str, head: str, word: str, seats: str, expect: str) -> None:
    w = seats.split()[3]
    blocks = [f"score N 6 E 3 S 13 {w} 4\ntotal N 6 E 3 S 13 {w} 4",
              f"score N 15 E 7 S 2 {w} 2\ntotal N 21 E 10 S 25 {w} 6"]
    path = write(tmp_path, "s.hrn", typed(head, blocks, word))
    code, out = run("validate", path, "--lang", lang)
    assert code == 1 and f"s.hrn:11:1: {'error' if lang == 'en' else 'erreur'}: {expect}" in out, out


# --- Moons written three ways --------------------------------------------------------------

@pytest.mark.parametrize("head,word,moon", [
    (EN_HEAD, "deal", ""), (EN_HEAD, "deal", "moon E\n"), (FR_HEAD, "donne", "capot E\n"),
    (FR_HEAD, "donne", ""), (FR_HEAD, "donne", "grand chelem E\n")])
def test_a_moon_as_a_0_26_line_or_with_its_word(head: str, word: str, moon: str) -> None:
    w = "O" if head is FR_HEAD else "W"
    r = check(typed(head, [f"{moon}score N 26 E 0 S 26 {w} 26"], word))
    assert not bad(r), bad(r)
    assert r.deals[0].moon is not None and r.deals[0].moon.seat == "E"
    assert list(r.deals[0].points.values()) == [26, 0, 26, 26]


def test_a_moon_word_naming_another_seat_is_a_finding(tmp_path: Path) -> None:
    r = check(typed(EN_HEAD, ["moon S\nscore N 26 E 0 S 26 W 26"]))
    assert [f.code for f in bad(r)] == ["moon-choice"]


@pytest.mark.slow
def test_the_moon_said_la_lune_is_refused_with_the_word_to_write(tmp_path: Path) -> None:
    """(slow: the suggestion searches the French words, about 0.3 s.)"""
    # "la lune" is what French players say, not a word of the notation: refused
    # at its place, in French, with the word to write
    path = write(tmp_path, "lune.hrn", typed(FR_HEAD, ["lune E\nscore N 26 E 0 S 26 O 26"], "donne"))
    code, out = run("validate", path)
    assert code == 1 and "lune.hrn:6:1: erreur:" in out and "capot" in out, out


# --- Three and five at a table ---------------------------------------------------------------

def test_three_players_and_five_players() -> None:
    three = ('[Rules "three-players"]\n[P1 "Anne"] [P2 "Bruno"] [P3 "Chloé"]\n\n'
             "deal 1\nscore P1 10 P2 3 P3 13\n\ndeal 2\nscore P1 0 P2 26 P3 26\n")
    r = check(three)
    assert not bad(r), bad(r)
    assert r.deals[-1].totals == {"P1": 10, "P2": 29, "P3": 39}
    five = ('[Rules "five-players"]\n[P1 "A"] [P2 "B"] [P3 "C"] [P4 "D"] [P5 "E"]\n\n'
            "deal 1\nscore P1 13 P2 3 P3 5 P4 4 P5 1\ntotal P1 13 P2 3 P3 5 P4 4 P5 1\n\n"
            "deal 2\ntotal P1 26 P2 6 P3 8 P4 8 P5 4\n")
    r = check(five)
    assert not bad(r), bad(r)
    assert r.deals[1].points == {"P1": 13, "P2": 3, "P3": 3, "P4": 4, "P5": 3}
    r = check(five.replace("P5 1\ntotal", "P5 2\ntotal"))   # 27 handed out: one too many
    assert [f.code for f in bad(r)][:1] == ["sheet-sum"] and "+1" in bad(r)[0].message


# --- The end: ties, midnight ---------------------------------------------------------------

# N reaches 104 at deal 8; E and S end level lowest on 34, W on 36 (by hand:
# E 5 + 4 + 5 * 5 + 0, W 3 + 5 + 5 * 3 + 13).
TIE = (["score N 13 E 5 S 5 W 3", "score N 13 E 4 S 4 W 5"] + ["score N 13 E 5 S 5 W 3"] * 5
       + ["score N 13 E 0 S 0 W 13"])


def test_a_tie_for_lowest_is_shared_and_a_result_naming_one_is_a_finding(tmp_path: Path) -> None:
    blocks = TIE
    r = check(typed(EN_HEAD, blocks, tail="result E S\n"))
    final = r.deals[-1].totals
    assert final == {"N": 104, "E": 34, "S": 34, "W": 36}
    assert r.finished and set(r.winners) == {"E", "S"} and not bad(r), bad(r)
    r = check(typed(EN_HEAD, blocks, tail="result E\n"))
    assert [f.code for f in bad(r)] == ["result-mismatch"]
    path = write(tmp_path, "tie.hrn", typed(EN_HEAD, blocks, tail="result E S\n"))
    code, out = run("standings", path, "--format", "json", "--jobs", "1")
    by = {p["player"]: p for p in json.loads(out)["players"]}
    assert code == 0 and by["Bruno"]["won"] == 1 and by["Bruno"]["shared"] == 1
    assert by["Chloé"]["shared"] == 1 and by["Denis"]["won"] == 0
    # under tie: play-on the tie is not an end: the game is unfinished
    r = check(typed(EN_HEAD, blocks, rules="standard tie=play-on"))
    assert not r.finished


@pytest.mark.parametrize("tail", ["result *\n", "{minuit : on arrête}\n", ""])
def test_a_game_stopped_at_midnight_is_played_not_won(tmp_path: Path, tail: str) -> None:
    path = write(tmp_path, "minuit.hrn", typed(FR_HEAD, ["score N 6 E 3 S 13 O 4",
                                                         "score N 15 E 7 S 2 O 2"], "donne",
                                                tail=tail))
    code, out = run("standings", path, "--format", "json", "--jobs", "1")
    doc = json.loads(out)
    by = {p["player"]: p for p in doc["players"]}
    assert code == 0 and doc["summary"]["finished"] == 0
    assert all(p["won"] == 0 and p["finished"] == 0 and p["games"] == 1 for p in by.values())
    assert by["Anne"]["average_final"] == 21 and by["Denis"]["average_final"] == 6


# --- One player, four spellings --------------------------------------------------------------

def test_one_player_spelt_four_ways_across_a_season(tmp_path: Path) -> None:
    for i, name in enumerate(["Hélène", "helene", "HÉLÈNE", "Léna"], 1):
        write(tmp_path, f"soiree-{i}.hrn",
              f'[Événement "Soirée {i}"]\n[Règles "standard target=20"]\n'
              f'[Nord "{name}"] [Est "Bruno"] [Sud "Chloé"] [Ouest "Denis"]\n\n'
              "donne 1\nscore N 0 E 13 S 13 O 0\n")
    games = [g for f in sorted(tmp_path.glob("*.hrn"))
             for g in iter_games_text(f.read_text(encoding="utf-8"), "hrn", f.name)]
    st = standings_of(summarise(g) for g in games)
    # without help: Hélène, helene and HÉLÈNE are near duplicates, said in words for three
    assert any("Hélène, helene and HÉLÈNE look like one player spelt 3 ways" in t
               for t in st.remarks("en")), st.remarks("en")
    assert any("écrit de 3 façons" in t for t in st.remarks("fr")), st.remarks("fr")
    aliases = write(tmp_path, "joueurs.alias", "Hélène: [Helene, Léna]\n")
    code, out = run("standings", str(tmp_path), "--aliases", aliases, "--ignore-case",
                    "--format", "json", "--jobs", "1")
    doc = json.loads(out)
    by = {p["player"]: p for p in doc["players"]}
    assert code == 0 and by["Hélène"]["games"] == 4 and len(by) == 4, by.keys()
    assert doc["near_duplicates"] == []


# --- A season folder with a page of notes ---------------------------------------------------

def test_a_page_of_notes_in_the_season_folder_makes_no_player(tmp_path: Path) -> None:
    write(tmp_path, "soiree-1.hrn", typed(EN_HEAD, ["score N 0 E 13 S 13 W 0"],
                                          rules="standard target=10"))
    write(tmp_path, "notes.txt", "Notes du club\nPenser à payer la salle.\n")
    code, out = run("standings", str(tmp_path), "--format", "json", "--jobs", "1")
    doc = json.loads(out)
    assert [p["player"] for p in doc["players"]] == ["Anne", "Denis", "Bruno", "Chloé"]
    assert doc["summary"]["games"] == 1 and doc["summary"]["files"] == 2
    assert code == 1 and any("notes.txt, game 1: no deal recorded" in n for n in doc["notes"])
    code, out = run("standings", str(tmp_path), "--lang", "fr", "--jobs", "1")
    # (the remarks are paragraphs wrapped at the terminal's words: lang31)
    assert "notes.txt, partie 1 : aucune donne notée" in " ".join(out.split()), out


def test_a_game_with_an_error_is_named_below_the_standings(tmp_path: Path) -> None:
    path = write(tmp_path, "s.hrn", typed(EN_HEAD, ["score N 6 E 3 S 13 W 5"]))
    code, out = run("standings", path, "--jobs", "1")
    assert code == 1 and "s.hrn, game 1: 1 error in this game (hearts validate" in " ".join(out.split()), out


def test_unreadable_input_is_exit_2_without_a_traceback(tmp_path: Path) -> None:
    code, out = run("standings", str(tmp_path / "absent.hrn"))
    assert code == 2
    aliases = write(tmp_path, "bad.alias", "Anne: [Annie]\nBruno: [Annie]\n")
    path = write(tmp_path, "s.hrn", typed(EN_HEAD, ["score N 6 E 3 S 13 W 4"]))
    code, out = run("standings", path, "--aliases", aliases)
    assert code == 2 and "bad.alias:" in out


# --- Printed sheets -------------------------------------------------------------------------

def test_a_totals_only_sheet_prints_with_its_points(tmp_path: Path) -> None:
    path = write(tmp_path, "s.hrn", typed(FR_HEAD, totals_lines("N E S O", RUNNING[:4]), "donne"))
    out_html = tmp_path / "s.html"
    code, _ = run("score", path, "--format", "html", "-o", str(out_html))
    page = out_html.read_text(encoding="utf-8")
    assert code == 0 and '<html lang="fr">' in page and "(feuille)" in page
    # deal 2's points, 21-6, 10-3, 15-13, 6-4, are on the page
    assert all(f"<td>{v}</td>" in page or f">{v}<" in page for v in (15, 7, 2))


def test_a_totals_only_sheet_is_told_as_a_sheet(tmp_path: Path) -> None:
    path = write(tmp_path, "s.hrn", typed(EN_HEAD, totals_lines("N E S W", RUNNING[:4])))
    code, out = run("replay", "--narrate", path)
    flat = " ".join(out.split())
    assert code == 0 and "only the points of its four deals are known" in flat, out
    # deal 2's points, 21 - 6, 10 - 3, 15 - 13, 6 - 4, and E's moon at deal 4
    assert "Deal 2: Anne 15, Bruno 7, Chloé 2 and Denis 2" in flat and "Bruno shot the moon" in flat
    assert "zero tricks" not in flat


# --- A season of 40 evenings ----------------------------------------------------------------

def _season(tmp: Path) -> list[dict[str, object]]:
    """40 evenings of two games each among six players, lines drawn at random
    (a moon now and then); what each game ends with, worked out here."""
    rng = random.Random(12)
    players = ["Anne", "Bruno", "Chloé", "Denis", "Élodie", "Fañch"]
    truth: list[dict[str, object]] = []
    for ev in range(1, 41):
        texts = []
        for g in range(2):
            who = rng.sample(players, 4)
            totals = [0] * 4
            body = []
            d = 0
            while max(totals) < 100:
                d += 1
                if rng.random() < 0.05:
                    s = rng.randrange(4)
                    pts = [0 if k == s else 26 for k in range(4)]
                else:
                    while True:
                        pts = [0] * 4
                        pts[rng.randrange(4)] += 13
                        for _ in range(13):
                            pts[rng.randrange(4)] += 1
                        if max(pts) < 26:
                            break
                totals = [t + p for t, p in zip(totals, pts, strict=True)]
                line = "  ".join(f"{s} {p}" for s, p in zip("NESO", pts, strict=True))
                body.append(f"donne {d}\nscore {line}\n")
            truth.append({"players": who, "totals": totals, "deals": d})
            tags = " ".join(f'[{t} "{p}"]' for t, p in zip(("Nord", "Est", "Sud", "Ouest"), who,
                                                           strict=True))
            texts.append(f'[Événement "Soirée {ev} partie {g + 1}"]\n[Règles "standard"]\n{tags}\n\n'
                         + "\n".join(body))
        (tmp / f"soiree-{ev:02d}.hrn").write_text("\n\n".join(texts), encoding="utf-8")
    return truth


@pytest.mark.slow
def test_a_season_of_40_evenings_standings_and_ratings(tmp_path: Path) -> None:
    """Standings against a count made here, ratings against the openskill
    package rating the same results in the same order (the files' order)."""
    openskill = pytest.importorskip("openskill.models")
    truth = _season(tmp_path)
    code, out = run("standings", str(tmp_path), "--ratings", "--format", "json", "--jobs", "1")
    assert code == 0, out
    doc = json.loads(out)
    games: dict[str, int] = defaultdict(int)
    won: dict[str, int] = defaultdict(int)
    finals: dict[str, list[int]] = defaultdict(list)
    model = openskill.PlackettLuce()
    rating: dict[str, object] = {}
    for g in truth:
        who, tot = g["players"], g["totals"]
        assert isinstance(who, list) and isinstance(tot, list)
        for p, t in zip(who, tot, strict=True):
            games[p] += 1
            finals[p].append(t)
            won[p] += t == min(tot)
        teams = [[rating.setdefault(p, model.rating(name=p))] for p in who]
        ranks = [1 + sum(1 for u in tot if u < t) for t in tot]
        for p, team in zip(who, model.rate(teams, ranks=ranks), strict=True):
            rating[p] = team[0]
    by = {p["player"]: p for p in doc["players"]}
    assert doc["summary"]["games"] == 80 and doc["summary"]["finished"] == 80
    assert doc["summary"]["deals"] == sum(int(str(g["deals"])) for g in truth)
    for p in games:
        assert by[p]["games"] == games[p] and by[p]["won"] == won[p]
        assert by[p]["average_final"] == round(sum(finals[p]) / len(finals[p]), 2)
    order = sorted(games, key=lambda p: (-won[p], sum(finals[p]) / len(finals[p])))
    assert [p["player"] for p in doc["players"]] == order
    rated = {r["player"]: r for r in doc["ratings"]["players"]}
    assert doc["ratings"]["results"] == 80
    for p, r in rating.items():
        assert rated[p]["mu"] == round(float(r.mu), 2)            # type: ignore[attr-defined]
        assert rated[p]["sigma"] == round(float(r.sigma), 2)      # type: ignore[attr-defined]
