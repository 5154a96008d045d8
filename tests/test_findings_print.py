"""``hearts validate``'s text output written without rich is rich's, byte for byte.

To a pipe or a file the printer writes each finding itself (a console print
per finding cost more than the finding: docs/performance.md, "Printing
findings"); a finding whose text holds a tab still goes through rich, which
expands it.  Here the same report entries go through both ways and the texts
are compared: names in view, a caret under a line with a tab, a summing-up
finding with its details, hostile names with control characters, English and
French, ``--quiet``.
"""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path
from typing import Any

import pytest

from hearts_notation.commands.validate import TextPrinter, iter_reports
from hearts_notation.output import console

sys.path.insert(0, str(Path(__file__).parent))
from test_misorder import misordered_game

DATA = Path(__file__).parent / "data"


@pytest.fixture(scope="module")
def inputs(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """Records whose findings exercise every part of the printed text."""
    folder = tmp_path_factory.mktemp("findings")
    revoke = (DATA / "referee" / "revoke.hrn").read_text(encoding="utf-8")
    hostile = '[North "Ève\x1b[31mX\x07"]\n[West "Ωmega\u200b"]\n' + "\n".join(
        line.replace(" ", "\t", 1) if line[:2].rstrip(".").isdigit() else line
        for line in revoke.split("\n"))
    (folder / "tabs.hrn").write_text(hostile, encoding="utf-8")
    (folder / "swapped.jsonl").write_text(
        json.dumps(misordered_game("right,left,across,hold")) + "\n", encoding="utf-8")
    named = folder / "ctl\x1bname.hrn"
    named.write_text(revoke, encoding="utf-8")
    paths = [str(folder / "tabs.hrn"), str(folder / "swapped.jsonl"), str(named)]
    paths += [str(DATA / "referee" / n) for n in ("score-mismatch.hrn", "seed-004-observer.hrn",
                                                   "syntax-error.hrn", "dealer-rotation.hrn")]
    paths.append(str(DATA / "french-audit" / "jeudi-10-fautes.hrn"))
    return paths


def _printed(paths: list[str], lang: str, quiet: bool, plain: bool,
             monkeypatch: pytest.MonkeyPatch) -> str:
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    printer = TextPrinter(quiet, lang)
    printer._plain = plain
    if not plain:
        printer._console = console(file=out)      # not a terminal: no colour
    entries: list[Any] = list(iter_reports(paths, None, None, False))
    for entry in entries:
        printer.add(entry)
    printer.flush()
    return out.getvalue()


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("quiet", [False, True])
def test_plain_text_is_what_rich_writes(inputs: list[str], lang: str, quiet: bool,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    plain = _printed(inputs, lang, quiet, True, monkeypatch)
    rich = _printed(inputs, lang, quiet, False, monkeypatch)
    assert plain == rich
    assert "\x1b" not in plain and "\x07" not in plain
    assert "[not-held]" in plain and "[revoke]" in plain and "ctl\\x1bname.hrn:13:16" in plain
    assert "Ève\\x1b[31mX\\x07 (N)" in plain


def test_tabs_are_expanded_as_rich_does(inputs: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    plain = _printed(inputs[:1], "en", False, True, monkeypatch)
    assert "\t" not in plain
    assert "    1.  S 2C W 9C N 6D E AC\n" + " " * 20 + "^\n" in plain
