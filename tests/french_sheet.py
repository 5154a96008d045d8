"""The French score sheet the hand-typing tests retype (test_french8,
test_french9, test_french10): the sample, its canonical form, and a command
run on a typed copy of it, written once for the three campaigns."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from hearts_notation.cli import cli
from hearts_notation.io.hrn.lark_reader import explain_line
from hearts_notation.io.hrn.reader import iter_hrn
from hearts_notation.io.hrn.writer import dumps_hrn

ROOT = Path(__file__).resolve().parent.parent
#: samples/feuille-en-francais.hrn as shipped: what each test retypes.
SHEET = (ROOT / "samples" / "feuille-en-francais.hrn").read_text(encoding="utf-8")
SEATS = ("N", "E", "S", "W")


def canonical(text: str) -> str:
    """*text* read without an error and written back the notation's way (in
    French): two typings of one sheet are the same game when this agrees."""
    games = list(iter_hrn(text))
    assert all(not g.errors for g in games), [f.message for g in games for f in g.errors]
    return dumps_hrn(games, lang="fr")


def run_on(text: str, tmp_path: Path, *args: str) -> tuple[str, int]:
    """``hearts ARGS feuille.hrn`` on *text* written to a file (as a player
    saves it): the output and the exit status."""
    path = tmp_path / "feuille.hrn"
    path.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(cli, [*args, str(path)], catch_exceptions=False)
    return result.output, result.exit_code


def assert_told_at(line: str, column: int, said: str) -> None:
    """The grammar's explanation of *line* (a line that does not read) is
    at *column* and says *said*: where a slip is told, and in what words."""
    exc = explain_line(line, 1, SEATS)
    assert exc is not None
    assert exc.column == column and said in str(exc), str(exc)
