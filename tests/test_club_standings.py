"""Standings by player, score over many files, identity of players."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from hearts_notation.cli import cli
from hearts_notation.io import iter_games_text
from hearts_notation.players import AliasError, Identity, load_aliases, normalise
from hearts_notation.standings import CSV_COLUMNS, standings_of, summarise

ROOT = Path(__file__).resolve().parents[1]
CLUB = ROOT / "samples" / "club"


def game(players: list[str], lines: list[str], rules: str = "standard", event: str = "t") -> str:
    tags = " ".join(f'[{t} "{p}"]' for t, p in zip(("North", "East", "South", "West"), players,
                                                     strict=True) if p)
    body = "".join(f"deal {i}\nscore {line}\n\n" for i, line in enumerate(lines, 1))
    return f'[Event "{event}"]\n[Rules "{rules}"]\n{tags}\n\n{body}'


# Three games where the players change seats; every game ends after one deal (target 10).
G1 = game(["Anne", "Bruno", "Chloé", "Denis"], ["N 0 E 13 S 13 W 0"], "standard target=10")
G2 = game(["Denis", "Anne", "Bruno", "Chloé"], ["N 13 E 0 S 13 W 0"], "standard target=10")
G3 = game(["Chloé", "Denis", "Anne", "Bruno"], ["N 26 E 0 S 26 W 26"], "standard target=10")


def run(*args: str) -> tuple[int, str]:
    r = CliRunner().invoke(cli, list(args))
    return r.exit_code, r.stdout + (r.stderr or "")


def write(tmp: Path, name: str, text: str) -> Path:
    p = tmp / name
    p.write_text(text, encoding="utf-8")
    return p


def test_players_change_seats(tmp_path: Path) -> None:
    write(tmp_path, "a.hrn", G1 + "\n" + G2)
    sub = tmp_path / "round2"
    sub.mkdir()
    write(sub, "b.hrn", G3)
    code, out = run("standings", str(tmp_path), "--format", "json")
    assert code == 0, out
    doc = json.loads(out)
    by = {p["player"]: p for p in doc["players"]}
    assert doc["summary"]["games"] == 3 and doc["summary"]["files"] == 2
    # G1: Anne 0, Denis 0 win (shared); G2: Anne 0, Chloé 0 win (shared); G3: Denis (E) 0 moon.
    assert by["Anne"]["games"] == 3 and by["Anne"]["won"] == 2 and by["Anne"]["shared"] == 2
    assert by["Anne"]["seats"] == {"N": 1, "E": 1, "S": 1}
    assert by["Denis"]["won"] == 2 and by["Denis"]["moons"] == 1
    assert by["Bruno"]["won"] == 0 and by["Bruno"]["average_final"] == round((13 + 13 + 26) / 3, 2)
    assert by["Chloé"]["deals"] == 3 and by["Chloé"]["points"] == 13 + 0 + 26
    assert by["Chloé"]["average_points_per_deal"] == 13.0
    assert doc["summary"]["finished"] == 3 and doc["summary"]["errors"] == 0
    # Denis and Anne both won two; Denis's average final (0+13+0)/3 is the lower
    assert [p["player"] for p in doc["players"][:2]] == ["Denis", "Anne"]
    h = doc["head_to_head"]
    # Anne against Bruno: G1 0<13 won, G2 0<13 won, G3 26=26 drawn
    assert h["Anne"]["Bruno"] == {"won": 2, "drawn": 1, "lost": 0}
    assert h["Bruno"]["Anne"] == {"won": 0, "drawn": 1, "lost": 2}
    assert h["Anne"]["Denis"] == {"won": 1, "drawn": 1, "lost": 1}


def test_csv_shape_is_utf8_with_names(tmp_path: Path) -> None:
    write(tmp_path, "a.hrn", G1 + "\n" + G2 + "\n" + G3)
    out = tmp_path / "standings.csv"
    code, _ = run("standings", str(tmp_path / "a.hrn"), "--format", "csv", "-o", str(out))
    assert code == 0
    rows = list(csv.reader(io.StringIO(out.read_bytes().decode("utf-8"))))
    assert tuple(rows[0]) == CSV_COLUMNS
    assert len(rows) == 5 and {r[1] for r in rows[1:]} == {"Anne", "Bruno", "Chloé", "Denis"}
    assert [r[0] for r in rows[1:]] == ["1", "2", "3", "4"]
    assert all(r[2] == "true" for r in rows[1:])


def test_score_over_many_files_with_players(tmp_path: Path) -> None:
    write(tmp_path, "a.hrn", G1)
    write(tmp_path, "b.hrn", G2)
    code, out = run("score", str(tmp_path / "a.hrn"), str(tmp_path / "b.hrn"), "--format", "json")
    assert code == 0, out
    doc = json.loads(out)
    assert [g["players"]["N"] for g in doc["games"]] == ["Anne", "Denis"]
    by = {p["player"]: p for p in doc["players"]}
    assert by["Anne"]["games"] == 2 and by["Anne"]["won"] == 2
    code, out = run("score", str(tmp_path), "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert {r["player"] for r in rows if r["seat"] == "E"} == {"Bruno", "Anne"}
    assert all(r["sheet"] == "true" for r in rows)
    code, out = run("score", str(tmp_path))
    assert code == 0 and "Totals per player" in out and "Chloé" in out


def test_unnamed_seats_are_counted_by_seat_with_a_note(tmp_path: Path) -> None:
    write(tmp_path, "a.hrn", game(["Anne", "", "", ""], ["N 0 E 13 S 13 W 0"], "standard target=10")
          + "\n" + game(["", "", "", ""], ["N 13 E 0 S 13 W 0"], "standard target=10"))
    code, out = run("standings", str(tmp_path), "--format", "json")
    doc = json.loads(out)
    by = {p["player"]: p for p in doc["players"]}
    assert by["Anne"]["named"] and by["Anne"]["games"] == 1
    assert not by["E"]["named"] and by["E"]["games"] == 2 and by["N"]["games"] == 1
    assert any("without a player name" in n for n in doc["notes"])
    code, out = run("standings", str(tmp_path))
    assert code == 0 and "without a player name" in out


def test_names_are_normalised_and_case_sensitive_by_default() -> None:
    assert normalise("  Chloe\u0301 ") == "Chloé"
    ident = Identity()
    assert ident.key("Chloé") == ident.key("Chloe\u0301 ")
    assert ident.key("Anne") != ident.key("anne")
    folded = Identity(ignore_case=True)
    assert folded.key("Anne") == folded.key("ANNE") and folded.display(folded.key("anne")) == "Anne"


def test_aliases_merge_spellings(tmp_path: Path) -> None:
    aliases = write(tmp_path, "joueurs.alias", "Gwenaëlle: [Gwen, Gwenn]\nMaëlle: Maelle\n")
    write(tmp_path, "a.hrn", game(["Gwen", "Maelle", "Yann", "Camille"], ["N 0 E 13 S 13 W 0"],
                                  "standard target=10")
          + "\n" + game(["Yann", "Gwenaëlle", "Maëlle", "Camille"], ["N 13 E 0 S 13 W 0"],
                        "standard target=10"))
    code, out = run("standings", str(tmp_path / "a.hrn"), "--format", "json")
    names = {p["player"] for p in json.loads(out)["players"]}
    assert {"Gwen", "Gwenaëlle", "Maelle", "Maëlle"} <= names
    code, out = run("standings", str(tmp_path / "a.hrn"), "--aliases", str(aliases), "--format", "json")
    by = {p["player"]: p for p in json.loads(out)["players"]}
    assert code == 0 and set(by) == {"Gwenaëlle", "Maëlle", "Yann", "Camille"}
    assert by["Gwenaëlle"]["games"] == 2 and by["Gwenaëlle"]["won"] == 2


def test_aliases_file_errors(tmp_path: Path) -> None:
    bad = write(tmp_path, "bad.alias", "Anne: [Nan]\nAnnie: [Nan]\n")
    with pytest.raises(AliasError, match="both 'Anne' and 'Annie'"):
        load_aliases(str(bad))
    broken = write(tmp_path, "broken.alias", "Anne: [Nan\n")
    code, out = run("standings", str(CLUB), "--aliases", str(broken))
    assert code == 2 and "broken.alias:" in out and "Traceback" not in out
    listy = write(tmp_path, "list.alias", "- Anne\n")
    with pytest.raises(AliasError, match="mapping"):
        load_aliases(str(listy))
    code, out = run("standings", str(CLUB), "--aliases", str(tmp_path / "missing.alias"))
    assert code == 2 and "cannot read" in out
    big = tmp_path / "big.alias"
    big.write_text("".join(f"P{i}: [Q{i}]\n" for i in range(6000)), encoding="utf-8")
    with pytest.raises(AliasError, match="more than"):
        load_aliases(str(big))
    unsafe = write(tmp_path, "unsafe.alias", "!!python/object/apply:os.system ['true']\n")
    with pytest.raises(AliasError):
        load_aliases(str(unsafe))


def test_conflict_through_aliases_is_noted_and_counted(tmp_path: Path) -> None:
    aliases = write(tmp_path, "a.alias", "Anne: [Annie]\n")
    write(tmp_path, "a.hrn", game(["Anne", "Annie", "Bruno", "Chloé"], ["N 0 E 13 S 13 W 0"],
                                  "standard target=10"))
    code, out = run("standings", str(tmp_path / "a.hrn"), "--aliases", str(aliases), "--format", "json")
    doc = json.loads(out)
    assert code == 1
    assert any("Anne is named at N and E" in n and "player-conflict" in n for n in doc["notes"])
    assert {p["player"]: p["games"] for p in doc["players"]}["Anne"] == 1


def test_findings_against_a_player_and_exit_status(tmp_path: Path) -> None:
    draft = ROOT / "tests" / "data" / "club" / "soiree-brouillon.hrn"
    code, out = run("standings", str(draft), "--format", "json")
    assert code == 1
    doc = json.loads(out)
    by = {p["player"]: p for p in doc["players"]}
    # The slip in E's total is the scorer's: counted against the sheet, not Yann.
    assert by["Yann"]["findings"] == 0 and by["Camille"]["findings"] == 0
    assert doc["summary"]["sheet_slips"] == 1
    # A revoke is the player's own.
    code, out = run("standings", str(ROOT / "docs" / "fr" / "exemples" / "soiree-erreurs.hrn"),
                    "--format", "json")
    doc = json.loads(out)
    by = {p["player"]: p for p in doc["players"]}
    assert code == 1 and by["Bernard"]["findings"] == 1 and doc["summary"]["sheet_slips"] == 0
    code, out = run("standings", str(tmp_path / "nothing.hrn"))
    assert code == 2 and "Traceback" not in out


def test_the_club_samples() -> None:
    code, out = run("standings", str(CLUB), "--format", "json")
    assert code == 0
    doc = json.loads(out)
    assert doc["summary"]["games"] == 9 and doc["summary"]["files"] == 4
    by = {p["player"]: p for p in doc["players"]}
    # Maëlle is typed decomposed in game 2 of the evening: still one player
    assert by["Maëlle"]["games"] == 3 and by["Maëlle"]["seats"] == {"N": 1, "O": 1, "S": 1}
    assert len(by) == 12 and sum(p["moons"] for p in by.values()) >= 1


def test_standings_in_flat_memory_keeps_only_totals() -> None:
    text = "\n".join([G1, G2, G3] * 50)
    games = list(iter_games_text(text, "hrn", "x.hrn"))
    st = standings_of(summarise(g) for g in games)
    assert st.games == 150 and len(st.players) == 4 and len(st.h2h) == 12
    assert not hasattr(st, "summaries")


def test_readme_shows_the_real_output() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    start = readme.index("$ hearts standings samples/club/\n") + len("$ hearts standings samples/club/\n")
    shown = readme[start:readme.index("```", start)].rstrip("\n")
    r = CliRunner().invoke(cli, ["standings", "samples/club/"], env={"COLUMNS": "100", "NO_COLOR": "1"})
    assert r.exit_code == 0
    real = "\n".join(line.rstrip() for line in r.stdout.split("\n")).rstrip("\n")
    assert shown == real


def test_a_near_duplicate_name_is_warned_with_the_aliases_fix(tmp_path: Path) -> None:
    """Helene and Hélène are counted apart (no guess), with a warning that
    names the --aliases line that merges them, in the run's language."""
    evening = ROOT / "docs" / "fr" / "exemples" / "vendredi-6.hrn"
    copy = tmp_path / "vendredi-6.hrn"
    copy.write_text(evening.read_text(encoding="utf-8").replace("Hélène", "Helene"), encoding="utf-8")
    first = str(ROOT / "docs" / "fr" / "exemples" / "vendredi-5.hrn")
    code, out = run("standings", "--lang", "fr", first, str(copy))
    assert "attention : Hélène et Helene semblent être un même joueur" in " ".join(out.split())
    assert "--aliases FICHIER, FICHIER contenant la ligne : Hélène: [Helene]" in " ".join(out.split())
    assert "1 erreur du marqueur" in out
    code, out = run("standings", "--lang", "en", first, str(copy), "--format", "json")
    assert json.loads(out)["near_duplicates"] == [["Hélène", "Helene"]]
    aliases = tmp_path / "joueurs.alias"
    aliases.write_text("Hélène: [Helene]\n", encoding="utf-8")
    code, out = run("standings", "--aliases", str(aliases), first, str(copy), "--format", "json")
    doc = json.loads(out)
    assert code == 1 and doc["near_duplicates"] == [] and {p["player"] for p in doc["players"]} == {
        "Hélène", "Odile", "Sylvie", "Bernard"}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_standings_fit_80_columns_without_cutting_a_word(lang: str) -> None:
    import os
    import subprocess
    import sys

    env = dict(os.environ)
    env.update({"COLUMNS": "80", "NO_COLOR": "1"})
    r = subprocess.run([sys.executable, "-m", "hearts_notation", "standings", "--lang", lang,
                        str(CLUB)], capture_output=True, text=True, env=env, check=False)
    lines = r.stdout.splitlines()
    start = next(i for i, ln in enumerate(lines) if "Gwen" in ln)
    table = lines[1:start + 12]
    assert all(len(ln) <= 80 for ln in table), "\n".join(table)
    assert "…" not in r.stdout
