"""Hostile input, campaign 10 (docs/robustness.md, "Unicode, names and
sizes (helper hostile10)"): keys in other Unicode forms, bidirectional and
zero-width characters, formula-like names, extreme sizes and numbers, file
names with newlines and escape sequences, through every command that reads
a file.

Each test fails on the code before the fix it holds; click's runner runs
the commands in-process (:func:`tests.clirun.run`: no traceback escapes).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.clirun import run

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "samples" / "canonical.hrn"


# A file name with a newline ---------------------------------------------------------------


def _named(tmp_path: Path, name: str, source: Path = SAMPLE) -> str:
    path = tmp_path / name
    shutil.copyfile(source, path)
    return str(path)


@pytest.mark.parametrize("command", [
    ("position",),                      # deal complete: no seat to move
    ("hint",),                          # deal complete: nothing to advise
    ("diagram", "-o", "{out}.svg"),
    ("replay", "--deal", "99"),         # no such deal
    ("solve", "--deal", "99"),          # no such deal
])
def test_a_file_name_with_a_newline_stays_on_one_line(tmp_path: Path,
                                                      command: tuple[str, ...]) -> None:
    """A name the system allows (``a\\nb.hrn``) was printed raw in the
    commands' own messages: ``message`` keeps a message's line breaks, so the
    name came out over two lines (``a`` then ``b.hrn: deal 1 is complete``),
    the second one looking like a message of its own.  It is one field,
    shown with its newline as ``\\x0a``, as ``validate`` shows it."""
    path = _named(tmp_path, "a\nb.hrn")
    args = [a.format(out=tmp_path / "d") for a in command]
    status, out = run(*args, path)
    assert status == 2
    assert "a\\x0ab.hrn" in out
    assert not any(line.startswith("b.hrn") for line in out.splitlines()), out


def test_an_unreadable_file_with_a_newline_in_its_name(tmp_path: Path) -> None:
    """The reader's own error (``InputError``: a JSON file with garbage after
    the record) names the file on one line too, in every command that stops
    on it."""
    path = tmp_path / "nl\nfake.json"
    path.write_text('{"deals": []}\ngarbage\n', encoding="utf-8")
    for command in (("score",), ("convert", "--to", "yaml"), ("replay",), ("position",)):
        status, out = run(*command, str(path))
        assert status == 2
        first = out.splitlines()[0]
        assert first.startswith(str(tmp_path)) and "nl\\x0afake.json:2:1:" in first, out


def test_fmt_names_a_file_it_does_not_rewrite_on_one_line(tmp_path: Path) -> None:
    path = _named(tmp_path, "x\ny.json", SAMPLE)
    status, out = run("fmt", "--check", path)
    assert status == 2
    assert "x\\x0ay.json: fmt rewrites HRN text only" in out


# Controls rich's Text drops -----------------------------------------------------------------


def _game_with(tmp_path: Path, name: str, comment: str) -> str:
    import json

    status, text = run("convert", str(SAMPLE), "--to", "json")
    assert status == 0
    game = json.loads(text)
    game = game[0] if isinstance(game, list) else game
    game["players"]["N"] = name
    game["tags"]["Event"] = name
    game["deals"][0]["comment"] = comment
    path = tmp_path / "g.json"
    path.write_text(json.dumps(game), encoding="utf-8")
    return str(path)


def test_the_terminal_replay_shows_bel_and_backspace_as_escapes(tmp_path: Path) -> None:
    """rich's ``Text`` drops BEL, BS, VT, FF and CR from what it is given,
    before the console's escaping sees it: a player named ``A\\x07B\\x08C``
    showed as ``ABC`` in the replay's title, its seat line and in
    ``standings`` (another name than the record's, nothing escaped), and a
    comment ``c\\x07d`` as ``cd``.  They show as escapes, as on every other
    output."""
    path = _game_with(tmp_path, "A\x07B\x08C", "c\x07\rd")
    status, out = run("replay", path, "--deal", "1")
    assert status in (0, 1)
    assert "A\\x07B\\x08C · " in out and "N A\\x07B\\x08C" in out
    assert "c\\x07\\x0dd" in out
    assert "ABC" not in out and "\x07" not in out
    status, out = run("standings", path)
    assert "A\\x07B\\x08C" in out and "ABC" not in out


# Keys and values that print as another word ---------------------------------------------------


@pytest.mark.parametrize(("edit", "shown"), [
    (lambda g: {("d\u0435als" if k == "deals" else k): v for k, v in g.items()},
     "unknown field 'd\\u0435als'"),                      # Cyrillic ie
    (lambda g: {("\uff54\uff41\uff47\uff53" if k == "tags" else k): v for k, v in g.items()},
     "unknown field '\\uff54\\uff41\\uff47\\uff53'"),     # full-width
    (lambda g: {("rules\u0301" if k == "rules" else k): v for k, v in g.items()},
     "unknown field 'rules\\u0301'"),                     # a combining accent
    (lambda g: {**g, "players": {"\u039d": "Ann"}},
     "'\\u039d' is not a seat name"),                     # Greek capital nu
    (lambda g: {**g, "deals": [{**g["deals"][0], "number": "\uff11"}]},
     "'\\uff11' is not a deal number"),                   # full-width one
    (lambda g: {**g, "deals": [{**g["deals"][0], "pass": "l\u0435ft"}]},
     "'l\\u0435ft' is not a pass direction"),
    (lambda g: {**g, "tags": {"E\u0301vent": "x"}},
     "'E\\u0301vent' is not a tag name"),                 # NFD: prints as Évent
])
def test_a_lookalike_key_or_value_is_quoted_with_its_odd_characters_escaped(
        tmp_path: Path, edit: object, shown: str) -> None:
    """A key typed with a Cyrillic ``е`` was refused as ``unknown field
    'dеals'; expected one of ... "deals"``: two words that print alike, the
    reader's refusal a riddle.  The characters that pass for others (Cyrillic
    and Greek letters, full-width forms, combining marks) are quoted as
    ``\\u`` escapes; other text stays as typed (``'Ñ' is not a seat``)."""
    import json

    status, text = run("convert", str(SAMPLE), "--to", "json")
    game = json.loads(text)
    game = game[0] if isinstance(game, list) else game
    path = tmp_path / "g.json"
    path.write_text(json.dumps(edit(game), ensure_ascii=False), encoding="utf-8")  # type: ignore[operator]
    status, out = run("validate", str(path))
    assert status == 1
    assert shown in out, out


def test_a_latin_letter_outside_ascii_stays_as_typed(tmp_path: Path) -> None:
    import json

    status, text = run("convert", str(SAMPLE), "--to", "json")
    game = json.loads(text)
    game = game[0] if isinstance(game, list) else game
    game["deals"][0]["pass"] = "à gauche"
    path = tmp_path / "g.json"
    path.write_text(json.dumps(game, ensure_ascii=False), encoding="utf-8")
    status, out = run("validate", str(path))
    assert status == 1 and "'à gauche' is not a pass direction" in out, out


# Formula cells of a CSV report ------------------------------------------------------------------


@pytest.mark.parametrize("name", [" =2.hrn", "\uff0b3.hrn", "\u3000@x.hrn"])
def test_a_file_name_that_a_spreadsheet_runs_is_quoted_in_csv(tmp_path: Path, name: str,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """A cell starting with blanks before ``=`` (a file named `` =2.hrn``:
    an import that trims blanks runs it) or with a full-width ``＋`` was
    written as it stands; it gets the apostrophe every formula-like cell
    gets (player names are trimmed before, file names are not)."""
    import csv
    import io

    _named(tmp_path, name)
    monkeypatch.chdir(tmp_path)
    status, out = run("score", "--format", "csv", name)
    assert status == 0
    rows = list(csv.reader(io.StringIO(out)))
    assert {row[0] for row in rows[1:]} == {"'" + name}
