"""Hand-typed and pasted input found by the probes of 5 December (helper
input5), each told with its place and what to write instead; see also
tests/test_mark_spaces.py and tests/test_editor_jsonrpc.py."""

from __future__ import annotations

from pathlib import Path

from tests.clirun import run, write

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
