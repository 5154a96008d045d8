"""Two reader gaps of the 2026-12-06 campaigns (docs/robustness.md, "reader13").

A player tag typed between two deals (a replacement mid-evening, sheets12)
begins a new game whose other seats have no names: the game is read as
before, and an ``unnamed-seats`` warning at the tag says so and what to
write.  ``deal -1`` is told as ``deal 0`` is, at the header (hostile10).
Every check is an exact message, in English and in French, in process.
"""

from __future__ import annotations

from pathlib import Path

from tests.clirun import run, write

REPLACED = ('[Event "x"] [Rules "standard"] [North "Anne"] [East "Bob"] [South "Carl"] [West "Dora"]\n'
            "deal 1\nscore N 6 E 3 S 13 W 4\n"
            '[West "Eve"]\n'
            "deal 2\nscore N 10 E 6 S 4 W 6\n")

UNNAMED_EN = ("rep.hrn:4:2: warning: this tag begins a new game (a tag line after a deal does), and its "
              "other seats (N, E, S) have no names: for a player who comes in during the game, keep the "
              "seat's name and say who came in in a comment ({Eve comes in}); for a new game, repeat the "
              "other players' tags [unnamed-seats]")
UNNAMED_FR = ("rep.hrn:4:2: avertissement: cette balise commence une nouvelle partie (une ligne de balise "
              "après une donne le fait), et ses autres places (N, E, S) n'ont pas de nom : pour un joueur "
              "qui arrive en cours de partie, gardez le nom de la place et dites qui arrive dans un "
              "commentaire ({Eve arrive}) ; pour une nouvelle partie, répétez les balises des autres "
              "joueurs [unnamed-seats]")


def _lines(out: str, code: str) -> list[str]:
    return [line.split("/")[-1] for line in out.splitlines() if line.endswith(f"[{code}]")]


def test_replacement_tag_is_told_in_english_and_french(tmp_path: Path) -> None:
    path = write(tmp_path, "rep.hrn", REPLACED)
    code, out = run("validate", path)
    assert _lines(out, "unnamed-seats") == [UNNAMED_EN]
    assert "2 games" in out      # the games read are unchanged: the tag still begins a game
    code_fr, out_fr = run("validate", path, "--lang", "fr")
    assert _lines(out_fr, "unnamed-seats") == [UNNAMED_FR]
    assert (code, code_fr) == (1, 1)     # (deal 2's sheet-points error, as before)


def test_replacement_tag_in_the_json_report(tmp_path: Path) -> None:
    import json

    path = write(tmp_path, "rep.hrn", REPLACED)
    _, out = run("validate", path, "--format", "json")
    report = json.loads(out)
    found = [(g["index"], f["line"], f["column"], f["severity"])
             for g in report["games"] for f in g["findings"] if f["code"] == "unnamed-seats"]
    assert found == [(2, 4, 2, "warning")]


def test_full_tags_or_first_game_draw_no_warning(tmp_path: Path) -> None:
    # A second game that names every seat, and a first game naming one seat
    # (an observer's own record), are not replacements.
    again = REPLACED.replace('[West "Eve"]', '[North "Anne"] [East "Bob"] [South "Carl"] [West "Eve"]')
    one = '[North "Anne"]\ndeal 1\nscore N 6 E 3 S 13 W 4\n'
    with_event = REPLACED.replace('[West "Eve"]', '[Event "y"] [West "Eve"]')
    for text in (again, one, with_event):
        _, out = run("validate", write(tmp_path, "ok.hrn", text))
        assert "[unnamed-seats]" not in out, text


def test_negative_deal_number_told_as_deal_zero(tmp_path: Path) -> None:
    for header, found, column in (("deal -1", "-1", 1), ("deal -5", "-5", 1), ("donne -1", "-1", 1),
                                  ("  deal -1", "-1", 3), ("deal 0", "0", 1)):
        path = write(tmp_path, "d.hrn", f'[Event "x"]\n{header}\nscore N 6 E 3 S 13 W 4\n')
        code, out = run("validate", path)
        assert code == 1
        assert _lines(out, "syntax-error") == [
            f"d.hrn:2:{column}: error: expected a deal number (1, 2, ...), found '{found}' [syntax-error]"]
        _, out_fr = run("validate", path, "--lang", "fr")
        assert _lines(out_fr, "syntax-error") == [
            f"d.hrn:2:{column}: erreur: on attendait un numéro de donne (1, 2, ...), trouvé '{found}' "
            "[syntax-error]"]
