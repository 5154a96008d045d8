"""Helper lang25: a French club's eyes on every command's output.

Each test is one fault found by running a club's commands in French: a
number, a word or a line a person reads that was English, or French that
did not read right.  Each failed before its fix (see docs/decisions.md,
"French as a club reads it (helper lang25)").
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from clirun import run, write

NNBSP = "\u202f"


def _season(games: int = 10) -> str:
    """*games* score-sheet games in which North takes every point: North's
    points over the season pass a thousand (104 a game)."""
    one = ['[Event "Club"]', '[North "Anne"]', '[East "Bruno"]', '[South "Chloé"]',
           '[West "Denis"]', ""]
    for d, way in enumerate(("left", "right", "across", "hold"), 1):
        one += [f"deal {d} pass {way}", "score N 26 E 0 S 0 W 0",
                f"total N {26 * d} E 0 S 0 W 0", ""]
    return "\n".join(one * games)


def test_score_player_totals_group_thousands_in_french(tmp_path: Path) -> None:
    """score's per-player table wrote ``1040`` where a French reader writes
    ``1 040`` (and ``104,0`` came from a separate decimal-only path)."""
    path = write(tmp_path, "saison.hrn", _season())
    _, out = run("score", "--lang", "fr", path)
    assert f"1{NNBSP}040" in out and "1040" not in out
    _, out = run("score", "--lang", "en", path)
    assert "1,040" in out


def _long_game() -> str:
    """One score-sheet game played to 1000: North ends on 1014."""
    lines = ['[Event "Club"]', '[Rules "standard target=1000"]', '[North "Anne"]',
             '[East "Bruno"]', '[South "Chloé"]', '[West "Denis"]', ""]
    ways = ("left", "right", "across", "hold")
    for d in range(1, 40):
        lines += [f"deal {d} pass {ways[(d - 1) % 4]}", "score N 26 E 0 S 0 W 0",
                  f"total N {26 * d} E 0 S 0 W 0", ""]
    return "\n".join(lines)


def test_standings_numbers_group_thousands_in_french(tmp_path: Path) -> None:
    """standings' cells were ``str(n)`` and ``f"{x:.1f}"``: ``1014,0`` for
    ``1 014,0``."""
    path = write(tmp_path, "longue.hrn", _long_game())
    _, out = run("standings", "--lang", "fr", path)
    assert f"1{NNBSP}014,0" in out and "1014,0" not in out


def test_three_winners_are_listed_not_chained(tmp_path: Path) -> None:
    """score's outcome line chained every winner with « et »: ``Bruno (E)
    et Chloé (S) et Denis (O) gagnent``, English ``... and ... and ...``."""
    path = write(tmp_path, "longue.hrn", _long_game())
    _, out = run("score", "--lang", "fr", path)
    assert "Bruno (E), Chloé (S) et Denis (O) gagnent" in out
    _, out = run("score", "--lang", "en", path)
    assert "Bruno (E), Chloé (S) and Denis (W) win" in out


def test_suit_given_twice_names_the_suit_as_a_suit(tmp_path: Path) -> None:
    """``♣ est donnée deux fois`` made the symbol feminine (un trèfle): the
    message now says ``la couleur ♣ est donnée deux fois``."""
    path = write(tmp_path, "main.hrn", "donne 1 donneur O passe gauche\n"
                 "N: ♠ D 10 8 6 ♥ A 8 ♦ R 8 7 6 3 ♣ 9 2 ♣ 9\n")
    _, out = run("validate", "--lang", "fr", path)
    assert "la couleur ♣ est donnée deux fois dans cette main" in out


def test_openspiel_preset_agrees_with_both_cards() -> None:
    """``tout cœur ou la dame de pique joué`` agreed with one of its two
    subjects only; each is said with its own participle."""
    _, out = run("rules", "--lang", "fr", "openspiel")
    assert "tout cœur joué, ou la dame de pique jouée, ouvre les cœurs" in out
    assert "la dame de pique joué ouvre" not in out


def test_puzzles_help_names_the_title_the_page_gets() -> None:
    """``puzzles --help`` promised the title « Apprenez de vos parties »
    while the page is titled « Apprendre de ses parties »."""
    from hearts_notation.i18n import translate

    _, out = run("puzzles", "--lang", "fr", "--help")
    said = " ".join(out.split())
    assert f"« {translate('fr', 'trainer.title')} »" in said


SAMPLES = Path(__file__).resolve().parents[1] / "samples"


def _page_games(path: str) -> list[dict[str, Any]]:
    page = Path(path).read_text(encoding="utf-8")
    m = re.search(r'<script type="application/json" id="replay-data">(.*?)</script>', page, re.S)
    assert m is not None
    games: list[dict[str, Any]] = json.loads(m.group(1))["games"]
    return games


def test_replay_page_writes_west_as_the_french_record_does(tmp_path: Path) -> None:
    """The HTML replay of a French record wrote ``W Gwen`` (subtitle, seat
    boxes, running scores, print view) where the record and the terminal
    replay say ``O``: the page's data now carry each seat's label in the
    page's language, and the page shows it."""
    out = str(tmp_path / "r.html")
    run("replay", "--lang", "fr", str(SAMPLES / "feuille-en-francais.hrn"), "--html", out)
    game = _page_games(out)[0]
    assert game["seatLabels"] == {"N": "N", "E": "E", "S": "S", "W": "O"}
    assert "seatText(g, s)" in Path(out).read_text(encoding="utf-8")
    run("replay", "--lang", "en", str(SAMPLES / "feuille-en-francais.hrn"), "--html", out)
    assert _page_games(out)[0]["seatLabels"]["W"] == "W"


def test_replay_page_and_score_name_the_preset_in_french(tmp_path: Path) -> None:
    """``three-players`` was shown as typed on the HTML replay and in
    score's caption, where the terminal replay and the score sheet say
    « à trois joueurs »."""
    out = str(tmp_path / "r.html")
    record = str(SAMPLES / "three-players.hrn")
    run("replay", "--lang", "fr", record, "--html", out)
    assert _page_games(out)[0]["rules"] == "à trois joueurs"
    _, text = run("score", "--lang", "fr", record)
    assert "règles : à trois joueurs" in text
    _, text = run("score", "--lang", "en", record)
    assert "rules: three-players" in text


def test_diagram_counts_one_hidden_card_in_the_singular() -> None:
    """``--mover-only`` at the last trick drew ``1 cartes (cachées)`` (and
    ``1 cards (hidden)``): the count now takes the language's plural rule."""
    record = str(SAMPLES / "feuille-en-francais.hrn")
    args = ("diagram", record, "--deal", "1", "--trick", "13", "--mover-only", "-o", "-")
    _, svg = run(*args, "--lang", "fr")
    assert "1 carte (cachée)" in svg and "1 cartes" not in svg
    _, svg = run(*args, "--lang", "en")
    assert "1 card (hidden)" in svg and "1 cards" not in svg


def test_interrupted_after_one_game_is_singular(tmp_path: Path, monkeypatch: Any) -> None:
    """Ctrl-C after the first game said ``hearts : interrompu après 1
    parties`` (``interrupted after 1 games``), its prefix spaced unlike
    every other ``hearts:`` line of the run."""
    import hearts_notation.commands.validate as validate_command

    reports = validate_command.iter_reports

    def first_then_ctrl_c(*args: Any, **kwargs: Any) -> Any:
        for entry in reports(*args, **kwargs):
            yield entry
            raise KeyboardInterrupt

    monkeypatch.setattr(validate_command, "iter_reports", first_then_ctrl_c)
    record = str(SAMPLES / "feuille-en-francais.hrn")
    _, out = run("validate", "--lang", "fr", "--jobs", "1", record)
    assert "hearts: interrompu après 1 partie\n" in out
    _, out = run("validate", "--lang", "en", "--jobs", "1", record)
    assert "hearts: interrupted after 1 game\n" in out


def test_french_lines_name_the_program_as_every_other_line() -> None:
    """Four French lines began ``hearts : `` where the program prefixes
    every other line of the run with ``hearts: `` (an interrupted match,
    generate's last line): one prefix in a run's output."""
    from hearts_notation.i18n import catalog

    spaced = sorted(k for k, v in catalog("fr").items() if v.startswith("hearts : "))
    assert spaced == []


def test_help_notes_space_their_semicolon_in_french() -> None:
    """The bracketed notes after an option's help were joined by click's
    ``"; "`` in French pages too (``[par défaut : 0; x>=0]``), where every
    other French semicolon has its space before it."""
    _, out = run("validate", "--lang", "fr", "--help")
    said = " ".join(out.split())
    assert "[par défaut : 0 ; x>=0]" in said and "0; x>=0" not in said
    _, out = run("validate", "--lang", "en", "--help")
    assert "[default: 0; x>=0]" in " ".join(out.split())


def test_standings_page_groups_thousands_in_french(tmp_path: Path) -> None:
    """standings' HTML page wrote its counts as ``str(n)`` (``1000`` games)
    beside averages in the language's format: every cell now is."""
    game = ('[Rules "standard target=10"]\n[North "Anne"]\n[East "Bruno"]\n[South "Chloé"]\n'
            '[West "Denis"]\n\ndeal 1 pass left\nscore N 13 E 13 S 0 W 0\n\n')
    path = write(tmp_path, "mille.hrn", game * 1000)
    out = str(tmp_path / "classement.html")
    run("standings", "--lang", "fr", "--jobs", "1", "--format", "html", "-o", out, path)
    page = Path(out).read_text(encoding="utf-8")
    assert f"<td>1{NNBSP}000</td>" in page and "<td>1000</td>" not in page


def test_a_player_line_counts_its_points_in_french() -> None:
    """annotate's player line said « 2,40 point perdu » whatever the
    average; French says the singular below 2 only (fr.is_one); English
    keeps "points" for every average shown with decimals."""
    from hearts_notation.analysis.annotate import GameSummary, PlayerSummary

    def line(avg: float, lang: str) -> str:
        summary = GameSummary((PlayerSummary("N", 10, avg, 90.0, {}),), ())
        [said] = summary.lines(lang)
        return said

    assert "2,40 points perdus en moyenne" in line(2.4, "fr")
    assert "1,99 point perdu en moyenne" in line(1.99, "fr")
    assert "0,50 point perdu en moyenne" in line(0.5, "fr")
    assert "1.00 points lost per decision" in line(1.0, "en")
    assert "2.40 points lost per decision" in line(2.4, "en")


def test_a_moon_by_a_stranger_lists_the_seats_as_a_list() -> None:
    """The seats a moon line may name were joined by spaces, « (N E S O) »:
    now the language's list, « (N, E, S ou O) »."""
    from record_campaign import findings

    game = ('[Rules "standard"]\n[North "Anne"]\n[East "Hervé"]\n[South "Soizic"]\n'
            '[West "Yves"]\n\ndeal 1 pass left\ncapot de Gwen\n')
    said = [text for _, text in findings(game, "fr")]
    assert any("(N, E, S ou O)" in s for s in said), said
