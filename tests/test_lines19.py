"""One definition of line ends, and CR LF input as fast as LF (helper lines19).

(a) Which characters end an HRN line is stated once,
    :mod:`hearts_notation.io.line_ends`; the cutter, the note scanner, the
    decoder's seek marks and quoted lines, the cluster planner and the
    editor take it from there.  The editor's ``split_lines`` cut at ``\\n``
    only: a document whose lines end in a lone CR or U+2028 had its
    diagnostics elsewhere than ``hearts validate`` said, and a client's
    change to a document of lone CRs landed at its end.

(b) A CR LF file went through the cutter line by line (1.75x the time of
    its LF twin, compiled): its breaks are ``\\n`` once the text comes in,
    so it takes the block cutter, with the same games, places and lines.

(c) ``hearts validate --from hrn notes.json`` quoted the lines under a
    message by the file's name (JSON: ``\\n`` only), not by the format read.

(d) The editor imported pygments' private ``_TokenType``.

Every test reads a few short texts in this process (one ``hearts
validate`` of a three-line file): cheap.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from hearts_notation.api import validate_text
from hearts_notation.cli import cli
from hearts_notation.editor.document import Checker, apply_change, split_lines
from hearts_notation.editor.features import diagnostics
from hearts_notation.io import line_ends
from hearts_notation.io.hrn import cut
from hearts_notation.io.hrn.cut import cut_games
from hearts_notation.io.hrn.note_scan import NoteScanner
from hearts_notation.io.hrn.words import typed_chunks
from hearts_notation.io.stream import HRN_LINE_BREAKS, InputError
from hearts_notation.io.stream import split_lines as stream_lines

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "hearts_notation"
CANONICAL = (ROOT / "samples" / "canonical.hrn").read_text(encoding="utf-8")

#: Every line end, and what ends none (NEL, a form feed).
MIXED = "a\r\nb\rc\nd\u2028e\u2029f\u0085g\x0ch\r\ri\n\n;j"


# (a) One definition ---------------------------------------------------------------------------


def _lines_by(pattern: re.Pattern[bytes], text: str) -> list[str]:
    data, out, i = text.encode(), [], 0
    for m in pattern.finditer(data):
        out.append(data[i:m.start()].decode())
        i = m.end()
    return [*out, data[i:].decode()]


def test_every_reader_of_hrn_lines_cuts_where_the_definition_cuts() -> None:
    """The cutter's input, the note scanner, the quoted lines' byte pattern,
    the editor: the same lines of a text of every line end."""
    want = line_ends.split_lines(MIXED)
    assert want == ["a", "b", "c", "d", "e", "f\u0085g\x0ch", "", "i", "", ";j"]
    assert [ln.rstrip("\n") for ln in stream_lines(typed_chunks([MIXED]))] == want
    assert _lines_by(HRN_LINE_BREAKS, MIXED) == want
    assert split_lines(MIXED) == want
    scanner = NoteScanner()
    for k in range(0, len(MIXED), 3):       # (chunks that end inside a CR LF)
        scanner.feed(MIXED[k:k + 3])
    assert [(n.line, n.text) for n in scanner.finish()] == [(len(want), ";j")]
    assert line_ends.newline_text(MIXED).split("\n") == want
    assert not line_ends.bytes_break_otherwise(b"a\r\nb\n")
    assert line_ends.bytes_break_otherwise(b"a\r\nb\rc")
    assert line_ends.bytes_break_otherwise("a\u2029b".encode())


#: The modules that once spelled the line ends themselves (the writer: the
#: separators it escapes).
_USERS = ["io/hrn/words.py", "io/stream.py", "io/segments.py", "io/hrn/note_scan.py",
          "io/hrn/cut.py", "io/formats.py", "editor/document.py", "io/hrn/writer.py"]


@pytest.mark.parametrize("module", _USERS)
def test_no_other_module_spells_the_separators(module: str) -> None:
    """U+2028 and U+2029, text or UTF-8, are written in ``line_ends`` only."""
    source = (PACKAGE / module).read_text(encoding="utf-8")
    for spelling in ("\\u2028", "\\u2029", "\u2028", "\u2029", "\\xa8", "\\xa9"):
        assert spelling not in source, (module, spelling)


def _broken(text: str) -> str:
    """The canonical record twice, a revoke in the first, a syntax error
    in the second."""
    return (text.replace("6. N 8C E 9C S 7C W 5S", "6. N 8C E 9C S 5H W 5S", 1) + "\n"
            + text.replace("2. W 3S N 8S E 4S S 2S", "2. W 3S N 8S E 4S S 2S Zz", 1))


@pytest.mark.parametrize("ends", [("\r",), ("\u2028", "\r", "\u2029", "\n")],
                         ids=["lone CR", "mixed"])
def test_the_editor_places_diagnostics_where_validate_does(ends: tuple[str, ...]) -> None:
    """A document whose lines end in lone CRs, or in U+2028, CR, U+2029 and
    LF in turn: every diagnostic at validate's line and column."""
    lines = _broken(CANONICAL).split("\n")
    text = "".join(line + ends[k % len(ends)] for k, line in enumerate(lines))
    cli_found = sorted((f["code"], f["line"] - 1, f["column"] - 1)
                       for f in validate_text(text).findings() if f["line"] is not None)
    assert [(code, line) for code, line, _ in cli_found] == [("revoke", 29), ("syntax-error", 285)]
    editor = sorted((d.code, d.line, d.start) for d in diagnostics(Checker().analyse(text), "en"))
    assert editor == cli_found


def test_a_clients_change_lands_on_its_line_in_a_document_of_lone_crs() -> None:
    """The protocol's lines end at a lone CR too; U+2028 is inside a line
    for a client (it is no protocol line end)."""
    assert apply_change("ab\rcd\ref", (1, 1), (1, 2), "X") == "ab\rcX\ref"
    assert apply_change("ab\r\ncd\ref", (2, 0), (2, 0), "X") == "ab\r\ncd\rXef"
    assert apply_change("a\u2028b\ncd", (1, 0), (1, 1), "X") == "a\u2028b\nXd"


# (b) CR LF takes the block cutter -------------------------------------------------------------


def test_a_crlf_text_is_cut_by_blocks_as_its_lf_twin(monkeypatch: pytest.MonkeyPatch) -> None:
    """No CR LF chunk goes line by line, and the games are the LF file's,
    whatever the chunks (here cut inside a CR LF)."""
    text = CANONICAL * 3
    twin = list(cut_games([text]))

    def refused(*args: object, **kwargs: object) -> None:
        raise AssertionError("a CR LF chunk went line by line")

    monkeypatch.setattr(cut, "_cut_lines", refused)
    crlf = text.replace("\n", "\r\n")
    assert list(cut_games([crlf])) == twin
    at = crlf.index("\r\n", 500) + 1
    assert list(cut_games([crlf[:at], crlf[at:]])) == twin


def test_a_crlf_line_at_the_limit_reads_as_its_lf_twin() -> None:
    """The line-length limit counts the line, not its break: a CR LF line
    of exactly the limit was refused where its LF twin was read."""
    line = "{" + "x" * 198 + "}"
    lf = list(cut_games([CANONICAL + line + "\n"], max_line=200))
    assert list(cut_games([(CANONICAL + line + "\n").replace("\n", "\r\n")], max_line=200)) == lf
    with pytest.raises(InputError):
        list(cut_games([(CANONICAL + line + "x\n").replace("\n", "\r\n")], max_line=200))


def test_a_crlf_file_is_told_at_the_files_places_with_its_lines(tmp_path: Path) -> None:
    """The message's line, column and quoted line are those of the file."""
    lf = tmp_path / "g.hrn"
    lf.write_text(_broken(CANONICAL), encoding="utf-8")
    crlf = tmp_path / "g-crlf.hrn"
    crlf.write_bytes(_broken(CANONICAL).replace("\n", "\r\n").encode())
    runner = CliRunner()
    told = runner.invoke(cli, ["validate", str(lf)]).output.replace(str(lf), "F")
    assert "F:30:16: error:" in told and "F:286:26: error:" in told
    assert "\n    6. N 8C E 9C S 5H W 5S\n" in told and "\n    2. W 3S N 8S E 4S S 2S Zz\n" in told
    assert runner.invoke(cli, ["validate", str(crlf)]).output.replace(str(crlf), "F") == told


# (c) The quoted line follows --from ----------------------------------------------------------


def test_the_quoted_line_follows_the_format_read_not_the_name(tmp_path: Path) -> None:
    """An HRN file of lone CRs named ``.json``, read ``--from hrn``: the
    line under the message is quoted (it was not: its name's JSON counts
    ``\\n`` only)."""
    path = tmp_path / "notes.json"
    path.write_bytes(b'[Event "x"]\r[Bad tag\r')
    result = CliRunner().invoke(cli, ["validate", "--from", "hrn", str(path)])
    assert result.exit_code == 1
    assert f"{path}:2:6:" in result.output and "\n    [Bad tag\n" in result.output


# (d) No private name of pygments -------------------------------------------------------------


@pytest.mark.parametrize("module", sorted(p.name for p in (PACKAGE / "editor").glob("*.py")))
def test_the_editor_takes_no_private_name_of_another_package(module: str) -> None:
    tree = ast.parse((PACKAGE / "editor" / module).read_text(encoding="utf-8"))
    taken = [f"{node.module}.{a.name}" for node in ast.walk(tree)
             if isinstance(node, ast.ImportFrom) and node.level == 0
             and not (node.module or "").startswith("hearts_notation")
             for a in node.names if a.name.startswith("_") and a.name != "__future__"]
    assert taken == []


def test_a_file_read_from_another_format_is_placed_as_the_format_read(tmp_path: Path) -> None:
    """``is_tree_format`` asks the format the file was read as (``--from``),
    as the quoted lines do (io/formats.read_format), not its name's."""
    from hearts_notation.io.formats import input_format, read_format
    from hearts_notation.runners.validate import is_tree_format

    notes = str(tmp_path / "notes.txt")
    assert not is_tree_format(notes)
    assert input_format(notes, "json") == "json"
    assert read_format(notes) == "json" and is_tree_format(notes)
    assert input_format(str(tmp_path / "a.hrn"), "hrn") == "hrn"
    assert is_tree_format(notes)                  # another file's read leaves the note
