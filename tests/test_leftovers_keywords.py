"""A mistyped keyword, English or French, in any case and with or without
an accent, is quoted whole at its line and column with the nearest word of
the notation (``passé droite``: found 'passé'; did you mean 'passe'?).

A keyword used to end at the first letter outside ASCII, so ``passé`` read
as ``pass`` and a stray ``é`` ("found 'é'", no suggestion), and words were
compared with their accents (``passé`` nearer ``pass`` than ``passe``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from hearts_notation.editor.document import Checker
from hearts_notation.editor.features import code_actions
from tests.clirun import run, write
from tests.test_hrn_errors import errors_of

HEAD = '[Event "x"]\n\n'


@pytest.mark.parametrize(("line", "col", "found", "word"), [
    ("deal 1 dealer N passé droite", 17, "passé", "passe"),
    ("deal 1 dealer N PASSÉ droite", 17, "PASSÉ", "passe"),
    ("deal 1 dealer N pase right", 17, "pase", "pass"),
    ("donne 1 donneur N pase droite", 19, "pase", "passe"),
    ("donne 1 donneur N passe drouate", 25, "drouate", "droite"),
    ("donne 1 donneur N passe droité", 25, "droité", "droite"),
    ("deal 1 dealer N pass lefté", 22, "lefté", "left"),
    ("deal 1 dealer N pass à drote", 22, "à drote", "à droite"),
    ("donne 1 donneur N passe en fac", 25, "en fac", "en face"),
    ("donne 1 donneur N passe à\t drote", 25, "à\t drote", "à droite"),
    ("deal 1 déaler N", 8, "déaler", "dealer"),
    ("donne 1 DONNEÜR N", 9, "DONNEÜR", "donneur"),
    ("donné 1", 1, "donné", "donne"),
    ("RÉSULTA N", 1, "RÉSULTA", "résultat"),
    ("grand chelme S ajoute", 1, "grand chelme", "grand chelem"),
])
def test_a_mistyped_keyword_is_quoted_whole_with_a_suggestion(line: str, col: int, found: str,
                                                               word: str) -> None:
    _, f = errors_of(HEAD + line + "\n")
    assert (f.line, f.column) == (3, col), f
    assert f.message.endswith(f", found '{found}'; did you mean '{word}'?"), f.message
    assert f.text("fr").endswith(f", trouvé '{found}' ; vouliez-vous dire « {word} » ?"), f.text("fr")


def test_the_cli_says_where_and_exits_2(tmp_path: Path) -> None:
    path = write(tmp_path, "passe.hrn", HEAD + "deal 1 dealer N passé droite\nN: ?\n")
    code, out = run("fmt", path)
    assert code == 2
    assert "passe.hrn:3:17: error: expected 'pass', a {comment} or the end of the line, " \
           "found 'passé'; did you mean 'passe'?" in out, out
    code, out = run("validate", "--lang", "fr", path)
    assert code == 1     # (a syntax error is a finding of validate: docs/spec.md, section 6)
    assert "passe.hrn:3:17: erreur: on attendait « passe », un {commentaire} ou la fin de la ligne, " \
           "trouvé 'passé' ; vouliez-vous dire « passe » ?" in out, out


def test_the_editor_offers_the_fix_of_a_two_word_keyword() -> None:
    checker = Checker()
    analysis = checker.analyse(HEAD + "donne 1 donneur N passe à drote\nN: ?\n")
    fix = next(a for a in code_actions(analysis, checker, 0, len(analysis.lines), "fr")
               if a.codes == ("syntax-error",))
    assert fix.title == "Remplacer « à drote » par « à droite »"
    (edit,) = fix.edits
    assert (edit.line, edit.column, edit.end_column, edit.text) == (2, 24, 31, "à droite")
