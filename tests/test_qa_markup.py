"""QA pass of 4 December: a record's control characters in the SVG diagram.

A player's name may hold an ESC (``[North "\\u001b[31mRED"]`` reads as the
character).  The diagram escaped markup only, so the raw ESC went into the
SVG: XML 1.0 cannot hold it, browsers showed a parse error instead of the
picture, and ``hearts diagram -o -`` sent the escape sequence to the
terminal.  Each test here failed before the fix (output.markup_text)."""

from __future__ import annotations

import xml.dom.minidom
from pathlib import Path

from hearts_notation.output import markup_text
from tests.clirun import run, write

SAMPLES = Path(__file__).resolve().parent.parent / "samples"


def _record_with_names(tmp_path: Path) -> str:
    text = (SAMPLES / "canonical.hrn").read_text(encoding="utf-8")
    text = text.replace('[North "Margaret"]', '[North "\\u001b[31mRED\\u0007<b>"]')
    text = text.replace('[East "Tom"]', '[East "x\\u0085y"]')
    return write(tmp_path, "names.hrn", text)


def test_the_svg_of_a_name_with_controls_is_well_formed(tmp_path: Path) -> None:
    path = _record_with_names(tmp_path)
    out = str(tmp_path / "d.svg")
    code, _ = run("diagram", path, "--deal", "1", "--trick", "3", "-o", out)
    assert code == 0
    svg = Path(out).read_text(encoding="utf-8")
    assert "\x1b" not in svg and "\x07" not in svg and "\x85" not in svg
    doc = xml.dom.minidom.parseString(svg.encode("utf-8"))
    title = doc.getElementsByTagName("title")[0].firstChild
    assert title is not None and "\\x1b[31mRED\\x07<b> (N)" in title.data  # type: ignore[attr-defined]


def test_the_svg_on_standard_output_holds_no_escape_sequence(tmp_path: Path) -> None:
    code, out = run("diagram", _record_with_names(tmp_path), "--deal", "1", "--trick", "3",
                    "-o", "-")
    assert code == 0 and "\x1b" not in out and "\\x1b[31mRED" in out


def test_markup_text_escapes_markup_and_controls() -> None:
    assert markup_text('<a href="x">&\x1b\u2028') == "&lt;a href=&quot;x&quot;&gt;&amp;\\x1b\u2028"
