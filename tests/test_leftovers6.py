"""Leftovers6: French elision before a Y, a JSON number named as typed, and
two cards glued in a trick line (each test cheap, well under a CPU-second)."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from hearts_notation.cli import cli
from hearts_notation.i18n import catalog, elides_before, msg, players_in_view
from tests.hrn_oracle import lexer_or_error, oracle_or_error

ROOT = Path(__file__).resolve().parent.parent


def test_elision_before_y_only_when_a_consonant_follows() -> None:
    """*d'Yves*, *d'Yvonne*, but *de Yann*, *de Yolande*: a Y before a vowel
    is a consonant; one rule for the catalogs and the narration."""
    letters = catalog("fr")["narrate.elide"]
    assert elides_before(letters, "Yves") and elides_before(letters, "Yvonne")
    assert not elides_before(letters, "Yann") and not elides_before(letters, "Yolande")
    assert elides_before(letters, "Ada") and not elides_before(letters, "Bo")
    assert not elides_before(catalog("en")["narrate.elide"], "Ada")
    hands = msg("finding.missing-cards.other", who=("and", ("seat", "E"), ("seat", "S")))
    with players_in_view({"E": "Yann", "S": "Bo"}):
        assert "de Yann (E) et Bo (S)" in hands.text("fr")
    with players_in_view({"E": "Yves", "S": "Bo"}):
        assert "d'Yves (E) et Bo (S)" in hands.text("fr")


def test_a_json_number_is_named_as_typed(tmp_path: Path) -> None:
    """``"N": 1e400`` is read as Infinity and ``1E2`` as ``100.0``: the
    message names what the record says, in both languages and both JSON
    readers (a whole file, a JSONL line)."""
    for suffix in (".json", ".jsonl"):
        for typed in ("1e400", "1E2"):
            path = tmp_path / f"big{suffix}"
            path.write_text('{"deals": [{"number": 1, "score": {"N": ' + typed + "}}]}\n",
                            encoding="utf-8")
            en = CliRunner().invoke(cli, ["validate", str(path)])
            assert f":1:41: error: deals[0].score.N: {typed} is not a whole number of points" \
                in en.output
            fr = CliRunner().invoke(cli, ["validate", "--lang", "fr", str(path)])
            assert f"{typed} n'est pas un nombre entier de points" in fr.output
            assert "Infinity" not in en.output + fr.output and "100.0" not in en.output


def test_two_cards_glued_in_a_trick_line_are_one_syntax_error(tmp_path: Path) -> None:
    """``2. O 4♠ N 6♠9♠ 7♠`` (a space typed over) was read as two plays and
    gave no error here (the seats implied), ``E A♠QS 4♥`` five cards and a
    card played twice: now one syntax error at the second card, in the
    record's language, and the grammar's oracle agrees."""
    text = (ROOT / "samples" / "feuille-en-francais.hrn").read_text(encoding="utf-8")
    slipped = text.replace("2. O 4♠ N 6♠ E 9♠ S 7♠", "2. O 4♠ N 6♠9♠ S 7♠", 1)
    assert slipped != text
    path = tmp_path / "colle.hrn"
    path.write_text(slipped, encoding="utf-8")
    fr = CliRunner().invoke(cli, ["validate", str(path)])
    assert fr.exit_code == 1
    errors = [ln for ln in fr.output.splitlines() if ": erreur: " in ln]
    assert errors == [f"{path}:27:13: erreur: il manque une espace entre les cartes '6♠' et '9♠' : "
                      "chaque carte d'un pli s'écrit à part [syntax-error]"]
    en = CliRunner().invoke(cli, ["validate", "--lang", "en", str(path)])
    assert "27:13: error: a space is missing between the cards '6♠' and '9♠'" in en.output
    for line in ("11. W R♦ N V♦ E A♠QS 4♥", "1. 2♣!3♣ 4♣ 5♣", "1. N 2♣ E 3♣{x}4♣ 5♣",
                 "1. N 2♣ E 3♣ 4♣ 5♣", "1. N 2♣ E 3♣S 4♣ W 5♣"):
        assert lexer_or_error(line) == oracle_or_error(line), line
    assert "space is missing" in str(lexer_or_error("11. W R♦ N V♦ E A♠QS 4♥"))
    assert "space is missing" in str(lexer_or_error("1. 2♣!3♣ 4♣ 5♣"))
    assert "space is missing" not in str(lexer_or_error("1. N 2♣ E 3♣{x}4♣ 5♣"))


def test_a_trick_asked_of_a_deal_with_none_says_so(tmp_path: Path) -> None:
    """``--trick 5`` of a deal stopped in its passes said *elle en a 0*:
    now *n'a encore aucun pli noté* (and *no trick recorded yet*), status 2."""
    text = (ROOT / "samples" / "feuille-en-francais.hrn").read_text(encoding="utf-8")
    path = tmp_path / "passes.hrn"
    path.write_text(text[:text.index("\n1. ") + 1], encoding="utf-8")
    fr = CliRunner().invoke(cli, ["position", "--deal", "1", "--trick", "5", str(path)])
    assert fr.exit_code == 2
    assert "--trick 5 : la donne 1 n'a encore aucun pli noté" in fr.output
    en = CliRunner().invoke(cli, ["position", "--lang", "en", "--deal", "1", "--trick", "5",
                                  str(path)])
    assert "--trick 5: deal 1 has no trick recorded yet" in en.output


def test_que_is_elided_before_a_players_name() -> None:
    """*une carte, qu'Ada (E) a en main*, as *d'Ada*; *que Yann*; a seat
    letter keeps *que E* (a letter is spelt, not read as a word)."""
    m = msg("finding.not-held.holds", seat=("seat", "N"), card=("card", "Q♠"),
            holder=("seat", "E"))
    with players_in_view({"E": "Ada", "N": "Bo"}):
        assert m.text("fr") == "Bo (N) a joué D♠, qu'Ada (E) a en main"
    with players_in_view({"E": "Yann", "N": "Bo"}):
        assert m.text("fr") == "Bo (N) a joué D♠, que Yann (E) a en main"
    assert m.text("fr") == "N a joué D♠, que E a en main"
    assert m.text("en") == "N played Q♠, which E holds"
