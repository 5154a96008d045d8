"""French in the notation: keywords, tag names and O for West, read and written.

A French sheet (``donne 1 donneur O passe gauche``, ``[Nord "Camille"]``,
``marque``, ``résultat``) is the same game as its English spelling; ``fmt
--lang fr`` writes it back in French, and the round trip is exact.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from hearts_notation.cli import cli
from hearts_notation.io.hrn.lark_reader import grammar_text
from hearts_notation.io.hrn.reader import iter_hrn
from hearts_notation.io.hrn.words import DIRECTIONS, KEYWORDS_FR, MOON_CHOICES, TAG_NAMES_FR, WRITE_FR
from hearts_notation.io.hrn.writer import dumps_hrn

SAMPLE = Path(__file__).resolve().parents[1] / "samples" / "feuille-en-francais.hrn"

ENGLISH = """\
[Event "Jeudi"]
[Rules "standard"]
[North "Camille"] [East "Yann"] [South "Maëlle"] [West "Gwen"]

deal 1 dealer W pass right
N: AQ4.K93.J862.T75
E: KJ9.QJ7.Q94.K863
S: 873.A84.K75.QJ94
W: T652.T652.AT3.A2
score N 0 E 26 S 0 W 0
moon E add

result *
"""

FRENCH = """\
[Événement "Jeudi"]
[Règles "standard"]
[Nord "Camille"] [Est "Yann"] [Sud "Maëlle"] [Ouest "Gwen"]

donne 1 donneur O passe droite
N: AQ4.K93.J862.T75
E: KJ9.QJ7.Q94.K863
S: 873.A84.K75.QJ94
O: T652.T652.AT3.A2
marque N 0 E 26 S 0 O 0
chelem E ajoute

résultat *
"""


def read(text: str) -> list[object]:
    return list(iter_hrn(text, "x.hrn"))


def test_french_and_english_spellings_are_the_same_game() -> None:
    fr, en = read(FRENCH), read(ENGLISH)
    assert fr == en
    game = fr[0]
    assert game.tags["Event"] == "Jeudi"  # type: ignore[attr-defined]
    assert game.players["W"] == "Gwen"  # type: ignore[attr-defined]
    assert game.deals[0].dealer == "W"  # type: ignore[attr-defined]
    assert game.deals[0].direction == "right"  # type: ignore[attr-defined]


def test_french_writer_round_trips() -> None:
    games = read(ENGLISH)
    fr = dumps_hrn(games, lang="fr")  # type: ignore[arg-type]
    assert "donne 1 donneur O passe droite" in fr
    assert "O: ♠ 10 6 5 2" in fr
    assert "marque N 0 E 26 S 0 O 0" in fr
    assert "capot E ajoute" in fr      # the word the French output itself says
    assert '[Nord "Camille"]' in fr and '[Règles "standard"]' in fr
    assert fr.rstrip().endswith("résultat *")
    assert read(fr) == games
    # and back to English, byte for byte the canonical form
    assert dumps_hrn(read(fr)) == dumps_hrn(games)  # type: ignore[arg-type]


@pytest.mark.parametrize("word", sorted({*DIRECTIONS, *MOON_CHOICES, *KEYWORDS_FR}))
def test_every_french_word_is_in_the_grammar(word: str) -> None:
    """words.py and grammar/hearts.lark cannot drift apart."""
    gap = "[ \\t\\u00a0\\u2007\\u2009\\u200a\\u202f\\u205f\\u3000]+"     # (the grammar's blanks)
    assert word.replace(" ", gap) in grammar_text().replace("r[ée]sultat", "résultat resultat")


def test_every_written_french_word_reads_back() -> None:
    readable = {*DIRECTIONS, *MOON_CHOICES, *KEYWORDS_FR, "total"}
    tags = set(TAG_NAMES_FR)
    for english, french in WRITE_FR.items():
        assert french.lower() in readable or french in tags or french == english, (english, french)


def test_mixed_languages_in_one_record() -> None:
    text = ENGLISH.replace("deal 1 dealer W pass right", "donne 1 dealer O pass droite")
    assert read(text) == read(ENGLISH)


def test_a_french_tag_and_its_english_twin_are_one_tag_given_twice() -> None:
    text = '[Event "a"]\n[Evenement "b"]\n\ndeal 1\n'
    game = read(text)[0]
    errors = [f.message for f in game.errors]  # type: ignore[attr-defined]
    assert any("tag Event is given twice" in m for m in errors), errors


def test_o_is_west_only_with_the_default_seats() -> None:
    bad = read('[Seats "P1 P2 P3 P4"]\n\ndeal 1 dealer O\n')[0]
    message = bad.errors[0].message  # type: ignore[attr-defined]
    assert "unknown seat 'O'" in message and "default seats N E S W" in message
    # a record that names its seats N E S O keeps O as the seat's own name
    own = read('[Seats "N E S O"]\n\ndeal 1 dealer O\n')[0]
    assert not own.errors and own.deals[0].dealer == "O"  # type: ignore[attr-defined]


def test_french_sample_validates_scores_and_round_trips(tmp_path: Path) -> None:
    runner = CliRunner()
    assert runner.invoke(cli, ["validate", str(SAMPLE)]).exit_code == 0
    score = runner.invoke(cli, ["score", str(SAMPLE), "--format", "json"])
    assert score.exit_code == 0, score.output
    out = tmp_path / "out.hrn"
    fmt = runner.invoke(cli, ["fmt", "--lang", "fr", str(SAMPLE)])
    assert fmt.exit_code == 0, fmt.output
    out.write_text(fmt.output, encoding="utf-8")
    assert read(out.read_text(encoding="utf-8")) == read(SAMPLE.read_text(encoding="utf-8"))
    assert "donne 2 donneur N passe droite" in fmt.output


def test_french_keyword_line_error_has_a_location() -> None:
    game = read("donne 1 donneur O passe nulle-part\n")[0]
    err = game.errors[0]  # type: ignore[attr-defined]
    assert (err.line, err.column) == (1, 25)
