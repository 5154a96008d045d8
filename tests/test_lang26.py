"""Helper lang26: a French club's eyes on round 26's new messages.

Each test is one fault found by running the club's commands in French on
the records of typed26, interop26 and hostile26 (review26): French that did
not read right, or a quotation left open in both languages.  Each failed
before its fix (docs/decisions.md, "French as a club reads it, round 26
(helper lang26)").
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from clirun import run, write

DATA = Path(__file__).resolve().parent / "data"


def test_a_state_inside_an_object_says_what_to_read_in_french() -> None:
    """``lisez-la`` took *la chaîne de jeu* for what to read: what is read
    with ``--from openspiel-history`` is the file of the history."""
    status, out = run("validate", "--lang", "fr", "--from", "openspiel",
                      str(DATA / "interop26" / "state-in-object.osjson"))
    assert status == 2, out
    assert ("enregistrez l'historique, state.history(), après une ligne portant la chaîne de "
            "jeu, hearts(jd_bonus=True), et lisez le fichier avec --from openspiel-history") in out
    assert "lisez-la" not in out and "d'états contient chaque état seul" in out


def test_a_history_cut_in_a_message_keeps_its_closing_quote() -> None:
    """A numpy-printed history longer than 60 characters was quoted
    ``'[ 1 26 ... 6 1... n'est pas``: the quotation never closed, in French
    and in English.  French: *des nombres sans virgules, comme numpy affiche
    un tableau* (was *tels que numpy imprime un tableau*)."""
    path = str(DATA / "interop26" / "history-numpy.oshist")
    status, out = run("validate", "--lang", "fr", path)
    assert status == 2, out
    assert re.search(r"1:1: '\[ 1 26 45 [0-9 ]+\.\.\.' n'est pas une liste JSON d'actions", out), out
    assert "des nombres sans virgules, comme numpy affiche un tableau" in out
    _, out = run("validate", "--lang", "en", path)
    assert re.search(r"1:1: '\[ 1 26 45 [0-9 ]+\.\.\.' is not a JSON list of actions", out), out


def test_a_hand_line_with_no_seat_reads_as_french() -> None:
    """``commence par la place de qui la tient et deux-points, que le
    lecteur ne devine pas : écrivez cette place, deux-points`` (a bare
    *deux-points* with no article, the relative clause hanging on it)."""
    status, out = run("validate", "--lang", "fr",
                      str(DATA / "typed26" / "en-game-bbo-seatless.hrn"))
    assert status == 1, out
    assert ("une ligne de main commence par la place de qui la tient, suivie d'un deux-points ; "
            "le lecteur ne devine pas cette place : écrivez-la, un deux-points, puis "
            "S:AJT8 H:AKT8 D:Q7 C:Q83 [syntax-error]") in out, out


def test_lists_on_jsonl_lines_are_told_in_french(tmp_path: Path) -> None:
    """``sur une ligne à elle`` (English's *a line of its own* word for
    word) is *sur sa propre ligne*; a file *contient*, not *tient*."""
    from hearts_notation.generate import generate_games
    from hearts_notation.io import dumps

    games = json.loads(dumps(list(generate_games(2, seed=26, max_deals=1)), "json"))
    path = write(tmp_path, "listes.jsonl", (json.dumps(games) + "\n") * 2)
    status, out = run("validate", "--lang", "fr", path)
    assert status == 1, out
    assert out.count("(un fichier .jsonl contient une partie par ligne, chacune un objet ; un "
                     "fichier .json, une partie ou une seule liste de parties : écrivez chaque "
                     "partie de la liste sur sa propre ligne, ou enregistrez la liste dans un "
                     "fichier .json)") == 2, out


def test_a_key_given_twice_says_at_which_line_in_french(tmp_path: Path) -> None:
    """``score`` and its HTML sheet tell a French record's notices: *(donnée
    une première fois ligne 8)* lacked its preposition, *à la ligne 8*."""
    from hearts_notation.generate import generate_games
    from hearts_notation.io import dumps

    text = dumps(list(generate_games(1, seed=26, max_deals=1)), "json")
    assert text.count('"rules": "standard",') == 1
    text = text.replace('"rules": "standard",', '"rules": "standard",\n  "rules": "standard",')
    path = write(tmp_path, "soiree.json", text)
    status, out = run("score", "--lang", "fr", path)
    assert status == 0, out
    assert re.search(r"la clé 'rules' est redonnée ici, avec la même valeur ; n'en gardez "
                     r"qu'une \(donnée une première fois à la ligne \d+\) \[duplicate-key\]",
                     out), out


def test_an_unknown_seat_lists_the_seats_as_written() -> None:
    """``place inconnue 'J1' ; les places sont Anne (P1) Hervé (P2) Soizic
    (P3) (J pour joueur : écrivez P1)``: with the players' names in view the
    seats to write ran into one another, names and parentheses (English
    alike).  The list says the seats as they are written."""
    path = str(DATA / "typed26" / "trois-j1-j2-j3.hrn")
    status, out = run("validate", "--lang", "fr", path)
    assert status == 1, out
    assert ("place inconnue 'J1' ; les places sont P1 P2 P3 (J pour joueur : écrivez P1) "
            "[syntax-error]") in out, out
    _, out = run("validate", "--lang", "en", path)
    assert "the seats are P1 P2 P3 (J is the French 'joueur', player: write P1)" in out, out


def test_a_players_initial_elides_before_the_name_in_french() -> None:
    """« l'initiale de Anne » (typed27's leftover): a player's name given
    as :func:`person` is elided before as a seat shown by its name is
    (« d'Anne »), « de Tom » and « de Yann » kept (a Y before a vowel is
    a consonant); English unchanged."""
    from hearts_notation.i18n import person, render

    def said(lang: str, name: str) -> str:
        return render(lang, "syntax.seat_initial",
                      {"found": f"'{name[0]}'", "player": person(name), "seat": "N"})

    assert "l'initiale d'Anne, pas une place" in said("fr", "Anne")
    assert "l'initiale de Tom," in said("fr", "Tom")
    assert "l'initiale de Yann," in said("fr", "Yann")
    assert said("en", "Anne") == "'A' is Anne's initial, not a seat: write that player's seat, N"
