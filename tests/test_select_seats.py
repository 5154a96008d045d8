"""``hearts select --where 'queen == Gwen'``: an unquoted word is a seat
(docs/select.md, the grammar), and a player's name goes in quotes.  A seat
that no default table has and no game read has is a bad query (exit 2, the
column, did you mean "Gwen"), not a silent empty answer."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from clirun import run, write

from hearts_notation.query import odd_seats, parse_query

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
MULTI = str(SAMPLES / "multi-game.hrn")       # players Ana, Bilal, Chen, Dora


def test_the_odd_seats_of_a_query() -> None:
    tree = parse_query('queen == Gwen or moon == n or points(p3) > 1 or winner == "Ana" '
                       'or mark(?, Tom) or total(Gwen) > 3')
    assert odd_seats(tree) == {"Gwen": 9, "Tom": 75}
    assert odd_seats(parse_query("moon == O and holds(W, QS)")) == {}


@pytest.mark.parametrize("where", [
    "queen == Dora", "moon == Dora", "winner == Dora", "points(Dora) > 0", "total(Dora) > 0",
    "holds(Dora, QS)", "count(Dora, S) > 1", "void(Dora, C)", "mark(?, Dora)",
    "non dame == Dora", "lune == Dora ou gagnant == Dora",
])
def test_a_name_without_its_quotes_is_refused(where: str) -> None:
    status, out = run("select", MULTI, "--where", where, "--count")
    assert status == 2, out
    column = where.index("Dora") + 1
    assert (f"hearts: bad --where expression at column {column}: no game read has a seat Dora "
            "(a seat is N, E, S, W or O, P1..., or one a Seats tag names; a player's name goes "
            'in quotes) (did you mean "Dora"?)') in out
    assert out.splitlines()[-1] == " " * (column + 1) + "^"


def test_in_french_and_nothing_written(tmp_path: Path) -> None:
    out_file = tmp_path / "out.hrn"
    out_file.write_text("kept\n", encoding="utf-8")
    status, out = run("select", MULTI, "--lang", "fr", "--where", "dame == Dora", "-o",
                      str(out_file))
    assert status == 2
    assert ("expression --where incorrecte à la colonne 9 : aucune partie lue n'a de place "
            "Dora" in out) and '(vouliez-vous dire "Dora" ?)' in out
    assert out_file.read_text(encoding="utf-8") == "kept\n"


def test_the_quoted_name_and_the_seats_still_work() -> None:
    assert run("select", MULTI, "--where", 'queen == "Dora"', "--count") == (0, "1\n")
    assert run("select", MULTI, "--where", "queen == W", "--count") == (0, "1\n")
    assert run("select", MULTI, "--where", "queen == w", "--count") == (0, "1\n")
    three = str(SAMPLES / "three-players.hrn")
    assert run("select", three, "--where", "queen == p3", "--count") == \
        run("select", three, "--where", "queen == P3", "--count")


def test_a_seat_a_seats_tag_names_is_a_seat(tmp_path: Path) -> None:
    text = (SAMPLES / "multi-game.hrn").read_text(encoding="utf-8")
    renamed = text.replace('[Rules "', '[Seats "N E S Gwen"]\n[Rules "', 1)
    first_game_end = renamed.index("\n[Event", 10)
    body = re.sub(r"(?<![\w\"])W(?![\w\"])", "Gwen", renamed[:first_game_end])
    path = write(tmp_path, "gwen.hrn", body + renamed[first_game_end:])
    status, out = run("validate", path)
    assert status == 0, out
    # Gwen is a seat of the first game: no error, whatever the other games seat
    status, out = run("select", path, "--where", "queen == Gwen or queen == W", "--count")
    assert status == 0, out
    assert run("select", path, "--where", "queen == Gwen", "--count")[0] == 0
    assert run("select", path, "--where", "points(Gwen) >= 0", "--count") == (0, "1\n")


@pytest.mark.parametrize("suffix", [".hrn", ".jsonl"])
def test_the_did_you_mean_writes_the_name_as_the_record_does(tmp_path: Path, suffix: str) -> None:
    """``Chloe`` unquoted, where a game's player is ``Chloé``: the hint quotes
    the player's name with its accent (a quoted ``"Chloe"`` would match
    nobody), on the model's path and on the compact form's alike."""
    text = (SAMPLES / "partie-francaise.hrn").read_text(encoding="utf-8").replace(
        "Maëlle", "Chloé")
    path = tmp_path / "chloe.hrn"
    path.write_text(text, encoding="utf-8")
    if suffix == ".jsonl":
        converted = tmp_path / "chloe.jsonl"
        assert run("convert", str(path), "--to", "jsonl", "-o", str(converted))[0] == 0
        path = converted
    status, out = run("select", str(path), "--where", "queen == chloe", "--count")
    assert status == 2, out
    assert '(did you mean "Chloé"?)' in out
    assert run("select", str(path), "--where", 'queen == "Chloé"', "--count") == (0, "1\n")
