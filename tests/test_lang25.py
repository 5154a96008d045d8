"""Helper lang25: a French club's eyes on every command's output.

Each test is one fault found by running a club's commands in French: a
number, a word or a line a person reads that was English, or French that
did not read right.  Each failed before its fix (see docs/decisions.md,
"French as a club reads it (helper lang25)").
"""

from __future__ import annotations

from pathlib import Path

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
