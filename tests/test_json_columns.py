"""Every element of a ``.json`` array is placed at its own line *and column*.

An array written on one line (``json.dumps(games)``, what many programs
write) has every element on line 1: a finding in the second game must name
the column of its card on that line, not the column the card has within
its element.  Before, the cut kept each element's first line only, so the
findings of every element but the first pointed into the first one (and
the first one's were one column short, the ``[`` not counted).

The oracle here is independent of the reader: each element's text is found
in the document by ``str.index`` and its place counted from the start.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from hearts_notation.generate import generate_games
from hearts_notation.io import dumps
from hearts_notation.io.jsonio import iter_json_elements
from tests.clirun import run, write


def _place(doc: str, pos: int) -> tuple[int, int]:
    return doc.count("\n", 0, pos) + 1, pos - doc.rfind("\n", 0, pos)


def _chunks(doc: str, sizes: list[int]) -> list[str]:
    out, pos, k = [], 0, 0
    while pos < len(doc):
        out.append(doc[pos:pos + sizes[k % len(sizes)]])
        pos += sizes[k % len(sizes)]
        k += 1
    return out


def _documents() -> list[str]:
    records: list[Any] = [{"deals": [], "n": k, "tags": {"Event": "x" * (k * 37 % 300)}}
                          for k in range(60)]
    return [
        json.dumps(records),                                  # one line
        json.dumps(records, separators=(",", ":")),
        json.dumps(records, indent=2),
        "[\n" + ",\n".join(json.dumps(r) for r in records) + "\n]\n",
        # several elements a line, lines of different lengths
        "[" + ",\n  ".join(", ".join(json.dumps(r) for r in records[i:i + 3])
                           for i in range(0, 60, 3)) + "]",
        "  \n\t" + json.dumps(records[0]),                    # one document, not at column 1
    ]


@pytest.mark.parametrize("doc", _documents(), ids=lambda d: f"doc{len(d)}")
def test_each_element_has_the_line_and_column_where_it_starts(doc: str) -> None:
    rng = random.Random(len(doc))
    for sizes in ([len(doc) + 1], [1 << 10], [7, 3], [rng.randint(1, 500) for _ in range(6)]):
        at = 0
        for text, line, column, _ in iter_json_elements(_chunks(doc, sizes)):
            at = doc.index(text, at)
            assert (line, column) == _place(doc, at), sizes
            at += len(text)


def _one_line_games(tmp_path: Path) -> tuple[str, list[dict[str, Any]]]:
    games = list(generate_games(3, seed=7, max_deals=2))
    records: list[dict[str, Any]] = json.loads(dumps(games, "json"))
    return str(tmp_path), records


def test_findings_of_a_one_line_array_name_their_column_on_the_line(tmp_path: Path) -> None:
    _, records = _one_line_games(tmp_path)
    # a card played twice in the second game (the model's path), and a card
    # that is not one in the third (a syntax error of the record)
    plays2 = records[1]["deals"][0]["tricks"][2]["plays"]
    plays2[1]["card"] = records[1]["deals"][0]["tricks"][0]["plays"][0]["card"]
    records[2]["deals"][0]["tricks"][1]["plays"][2]["card"] = "ZZ"
    doc = json.dumps(records)
    path = write(tmp_path, "one-line.json", doc)
    code, out = run("validate", path, "--format", "json", "--jobs", "1")
    assert code == 1
    report = json.loads(out)
    found = {g["index"]: g["findings"] for g in report["games"] if g["findings"]}
    assert set(found) == {2, 3}

    # the second game: its not-held finding is at its card's "card" value
    start2 = doc.index(json.dumps(records[1]))
    card = json.dumps(plays2[1])
    value = doc.index(card, start2) + card.index('"card"')
    held = [f for f in found[2] if f["code"] == "not-held"]
    assert held, found[2]
    line, column = held[0]["line"], held[0]["column"]
    assert line == 1 and start2 < column - 1 < start2 + len(json.dumps(records[1]))
    assert doc[column - 1:].startswith(('"card"', '"' + plays2[1]["card"]))
    assert abs((column - 1) - value) <= len(card)

    # the third game: the syntax error is at "ZZ" on the line
    syntax = [f for f in found[3] if f["code"] == "syntax-error"]
    assert syntax and syntax[0]["line"] == 1
    assert doc[syntax[0]["column"] - 1:].startswith('"ZZ"'), doc[syntax[0]["column"] - 5:][:20]

    # the text output prints the same places, and the same with two jobs
    code, text = run("validate", path, "--jobs", "1")
    assert f"{path}:1:{syntax[0]['column']}: error:" in text
    assert f"{path}:1:{column}: error:" in text
    code, out2 = run("validate", path, "--format", "json", "--jobs", "2")
    assert [g["findings"] for g in json.loads(out2)["games"]] == \
        [g["findings"] for g in report["games"]]


def test_broken_json_in_a_later_element_is_placed_on_the_line(tmp_path: Path) -> None:
    """A value JSON cannot read (a bare word) inside the third element of a one-line
    array: the error names its column in the file, not in the element."""
    _, records = _one_line_games(tmp_path)
    doc = json.dumps(records)
    start3 = doc.index(json.dumps(records[2]))
    bad = doc[:start3] + doc[start3:].replace('"rules"', '"rules": tru, "x"', 1)
    path = write(tmp_path, "nan.json", bad)
    code, out = run("validate", path, "--format", "json", "--jobs", "1")
    assert code == 1
    found = [f for g in json.loads(out)["games"] for f in g["findings"]]
    assert [f["code"] for f in found] == ["syntax-error"] and found[0]["line"] == 1
    assert bad[found[0]["column"] - 1:].startswith("tru"), bad[found[0]["column"] - 1:][:20]
