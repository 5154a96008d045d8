"""Hand-typed and pasted input found by the probes of 5 December (helper
input5), each told with its place and what to write instead; see also
tests/test_mark_spaces.py and tests/test_editor_jsonrpc.py."""

from __future__ import annotations

from pathlib import Path

from hearts_notation.io import read_games
from tests.clirun import run, write

ROOT = Path(__file__).resolve().parent.parent

HISTORY = [1, 4, 0, 2, 1, 21, 10, 3, 9, 24, 11, 5]


def test_an_openspiel_history_pasted_on_one_line_is_named(tmp_path: Path) -> None:
    """``state.history_str()`` prints ``1, 4, 0, ...``: it was read as one
    action, "'1, 4, 0, ...' is not a pass direction action"."""
    path = write(tmp_path, "h.txt", "\n  " + ", ".join(map(str, HISTORY)) + "\n")
    code, out = run("validate", "--from", "openspiel-history", path, "--lang", "en")
    assert code == 2
    assert out.splitlines()[0] == (
        f"{path}:2:3: history 1: several actions on one line ('1, 4, 0, 2, 1, 21, 10, 3, 9, 24, 11, 5', "
        "as state.history_str() prints them): write the history as a JSON list, [1, ...], or one action "
        "a line")
    path = write(tmp_path, "s.txt", " ".join(map(str, HISTORY)) + "\n")
    code, out = run("convert", "--from", "openspiel-history", path, "--to", "hrn", "--lang", "fr")
    assert code == 2
    assert out.splitlines()[0] == (
        f"{path}:1:1: historique 1 : plusieurs actions sur une ligne ('1 4 0 2 1 21 10 3 9 24 11 5', "
        "comme state.history_str() les écrit) : écrivez l'historique en liste JSON, [1, ...], ou une "
        "action par ligne")
    # one action a line, and a word that is no action, read as before
    path = write(tmp_path, "w.txt", "hello world\n")
    _code, out = run("validate", "--from", "openspiel-history", path, "--lang", "en")
    assert "'hello world' is not a pass direction action" in out


def test_suit_symbols_typed_on_a_phone_read_as_symbols(tmp_path: Path) -> None:
    """A phone's emoji keyboard types ``♠️`` (U+2660 U+FE0F): every card and
    suit group of the sheet so typed reads as the sheet does (it was "found
    '\ufe0f'", an invisible character quoted, on every line); the editor's
    highlighter agrees."""
    from pygments.token import Error

    from hearts_notation.editor.lexer import HrnLexer

    sheet = (ROOT / "samples" / "feuille-en-francais.hrn").read_text(encoding="utf-8")
    phone = sheet
    for suit in "♠♥♦♣":
        phone = phone.replace(suit, suit + "\ufe0f")
    assert phone.count("\ufe0f") > 100
    glued, typed = write(tmp_path, "a.hrn", sheet), write(tmp_path, "b.hrn", phone)
    assert [g.deals for g in read_games(typed)] == [g.deals for g in read_games(glued)]
    assert run("validate", typed, "--lang", "fr")[0] == 0
    assert [v for k, v in HrnLexer().get_tokens(phone) if k in Error] == []
    # one selector, right after a suit symbol; two, or one after a letter, stay errors
    path = write(tmp_path, "c.hrn", phone.replace("N 6♠\ufe0f", "N 6♠\ufe0f\ufe0f", 1))
    code, out = run("validate", path, "--lang", "en")
    assert code == 1 and "found '\ufe0f'" in out
