"""A mark typed after a word processor's no-break space (docs/spec.md 2.5).

LibreOffice and Word, set to French, put a narrow no-break space (U+202F) or
a no-break space (U+00A0) before ``!`` and ``?``: ``D♠ !`` on a sheet a
person would call correct.  Such a space between a card and its mark keeps
the mark on its card, through every command and the editor; an ordinary
space there stays the ``mark_space`` error, in either language.  (The lexer
and the grammar agree on these spellings: tests/test_hrn_lexer.py.)
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from hearts_notation.io import read_games
from tests.clirun import run, write

ROOT = Path(__file__).resolve().parent.parent
FRENCH = (ROOT / "samples" / "feuille-en-francais.hrn").read_text(encoding="utf-8")
ENGLISH = (ROOT / "samples" / "canonical.hrn").read_text(encoding="utf-8")


def _spaced(text: str) -> str:
    """The sheet as a French word processor types it: a no-break space
    before every mark (narrow before ``!``, plain no-break before ``?``)."""
    for mark in ("?!", "!", "?"):
        for card in ("R♥", "D♠", "QS", "TH"):
            space = "\u202f" if mark == "!" else "\u00a0"
            text = text.replace(f"{card}{mark} ", f"{card}{space}{mark} ")
    return text


@pytest.mark.parametrize(("sample", "lang"), [(FRENCH, "fr"), (ENGLISH, "en")], ids=["fr", "en"])
def test_validate_score_replay_read_the_marks_as_glued(tmp_path: Path, sample: str, lang: str) -> None:
    spaced = _spaced(sample)
    assert spaced.count("\u202f!") >= 1 and spaced.count("\u00a0?") >= 1
    glued = write(tmp_path, "glued.hrn", sample)
    path = write(tmp_path, "spaced.hrn", spaced)
    for command in (["validate"], ["score"], ["replay"], ["fmt"], ["convert", "--to", "json"]):
        want = run(*command, glued, "--lang", lang)
        got = run(*command, path, "--lang", lang)
        assert got == (want[0], want[1].replace(glued, path)), command
    assert got[0] == 0
    assert [g.deals for g in read_games(path)] == [g.deals for g in read_games(glued)]
    marks = [p.mark for g in read_games(path) for d in g.deals for t in d.tricks for p in t.plays if p.mark]
    assert marks and set(marks) <= {"!", "?"}


def test_an_ordinary_space_before_a_mark_is_the_mark_space_error(tmp_path: Path) -> None:
    path = write(tmp_path, "f.hrn", FRENCH.replace("N D♠! {N se", "N D♠ ! {N se"))
    code, out = run("validate", path, "--lang", "fr")
    assert code == 1
    assert out.splitlines()[:3] == [
        f"{path}:31:31: erreur: une annotation suit sa carte sans espace (comme R♣!), trouvé '!' "
        "[syntax-error]",
        "    6. {La dame tombe.} O 4♣ N D♠ ! {N se défausse de la dame sur S.} E 6♣ S 7♣",
        "                                  ^",
    ]
    path = write(tmp_path, "e.hrn", ENGLISH.replace("W QS! {W dumps", "W QS\u00a0\u00a0! {W dumps", 1))
    code, out = run("validate", path, "--lang", "en")
    assert code == 1
    assert out.splitlines()[0] == (
        f"{path}:27:25: error: a mark goes right after its card, with no space (as in KC!), "
        "found '!' [syntax-error]")


def _frame(payload: dict[str, object]) -> bytes:
    body = json.dumps(payload).encode("utf-8")
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def _published(texts: list[str]) -> list[list[dict[str, object]]]:
    """The diagnostics ``hearts lsp`` publishes on opening each of *texts*
    (one session, a French client)."""
    messages: list[dict[str, object]] = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize",
         "params": {"processId": None, "rootUri": None, "capabilities": {}, "locale": "fr"}},
        {"jsonrpc": "2.0", "method": "initialized", "params": {}}]
    for k, text in enumerate(texts):
        messages.append({"jsonrpc": "2.0", "method": "textDocument/didOpen",
                         "params": {"textDocument": {"uri": f"file:///{k}.hrn", "languageId": "hrn",
                                                     "version": 1, "text": text}}})
    messages += [{"jsonrpc": "2.0", "id": 2, "method": "shutdown"}, {"jsonrpc": "2.0", "method": "exit"}]
    done = subprocess.run([sys.executable, "-m", "hearts_notation", "lsp"],
                          input=b"".join(_frame(m) for m in messages), capture_output=True, timeout=60,
                          check=False)
    assert done.returncode == 0, done.stderr
    data, out = done.stdout, {}
    while data:
        head, _, rest = data.partition(b"\r\n\r\n")
        size = int(head.split(b"Content-Length: ", 1)[1].split(b"\r\n", 1)[0])
        message = json.loads(rest[:size])
        if message.get("method") == "textDocument/publishDiagnostics":
            out[message["params"]["uri"]] = message["params"]["diagnostics"]
        data = rest[size:]
    return [out[f"file:///{k}.hrn"] for k in range(len(texts))]


def test_the_editor_takes_the_spaced_mark_and_flags_the_typed_space() -> None:
    pytest.importorskip("pygls")
    spaced, typed = _published([_spaced(FRENCH), FRENCH.replace("N D♠! {N se", "N D♠ ! {N se")])
    assert spaced == []
    (diag,) = typed
    assert diag["range"]["start"] == {"line": 30, "character": 30}  # type: ignore[index]
    assert diag["message"].startswith("une annotation suit sa carte sans espace")  # type: ignore[index]
