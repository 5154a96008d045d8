"""``hearts lsp`` as a demanding editor drives it, against ``hearts validate``
and ``hearts fmt`` on the same text.

One real server process for the module (standard input and output, a
small JSON-RPC client here, as VS Code, Neovim or Helix talk to it),
initialized with an English locale, documents opened in it one by one:

- a diagnostic is where ``validate`` puts the finding (lines from 0,
  columns in UTF-16 units: emoji, suit symbols, combining accents, CRLF
  line ends, a byte-order mark before it on the line) and in the words
  ``validate`` prints: the player by name (``Yann (E)``), a French record's
  findings in French in an English session, control characters escaped;
- edits with ranges past the end, ends before starts, overlapping changes
  in one message, a range splitting a surrogate pair, a stale version: the
  text the server follows is the one the rules of docs/editors.md give, and
  its diagnostics are ``validate``'s of that text;
- the protocol's corners: a request before ``initialize`` and one after
  ``shutdown`` answered for that whatever their parameters, ``"params":
  null`` on ``shutdown`` and ``exit`` (Emacs's eglot sends it) taken;
- formatting is ``hearts fmt`` (``--unicode`` for a record in symbols) and
  loses no comment nor unknown tag of a hand-typed sheet; a sheet that
  cannot be read is left alone, with the formatter's message in its words;
- a record with thousands of findings publishes ``maxDiagnostics`` of them
  and one information.
"""

from __future__ import annotations

import json
import queue
import re
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from hearts_notation.cli import cli

pytest.importorskip("pygls")

ROOT = Path(__file__).resolve().parent.parent
SERVER = [sys.executable, "-m", "hearts_notation", "lsp"]
CANONICAL = (ROOT / "samples" / "canonical.hrn").read_text(encoding="utf-8")
#: The most diagnostics the module's session publishes for a document.
MOST = 4

#: A sheet typed by hand in French: an emoji and a combining accent in its
#: notes, an unknown tag (Arbitre), a note in braces over two lines, hands
#: in three spellings, and E's slip: 9♦ on a club lead while holding clubs.
FRENCH = """\
; Soirée du 5 décembre 😀 — feuille tapée à la main
[Événement "Soirée ♠♥"]   ; le nom
[Lieu "Brest"]
[Arbitre "Zoé"]    ; une étiquette inconnue
[Règles "standard"]
[Nord "Camille"] [Est "Yann"] [Sud "Maëlle"] [Ouest "Gwen"]
{Un commentaire
sur deux lignes, avec 🂡 et é\u0301}

donne 1 donneur O passe gauche
N: ♠ D 10 8 6  ♥ A 8  ♦ R 8 7 6 3  ♣ 9 2      ; 😀 é\u0301 ma main
E: ♠V92 ♥V76 ♦D94 ♣R1063
S: ♠R73 ♥RD ♦V52 ♣DV875
O: A♠ 5♠ 4♠ 10♥ 9♥ 5♥ 4♥ 3♥ 2♥ A♦ 10♦ A♣ 4♣
passe N: A♥ 9♣ R♦   {je garde la dame}
passe E: V♥ R♣ D♦
passe S: R♠ D♥ R♥
passe O: A♠ 10♥ A♦
1. N 2♣ {😀} E 9♦ S 5♣ O A♣  ; 😀😀 premier pli
2. 4♠ 6♠ 9♠ 7♠
"""

#: The canonical sample with an emoji line above it and N's slip in trick 1
#: (3♠, which W holds): one ``not-held`` naming two players.
ENGLISH = "; 😀😀 ♠♥ é\u0301\n" + CANONICAL.replace("N TC\n2. W 3S", "N 3S\n2. W 3S", 1)


# The client ------------------------------------------------------------------------------------


class Client:
    """A JSON-RPC client over the server's standard input and output."""

    def __init__(self) -> None:
        self.process = subprocess.Popen(SERVER, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, cwd=ROOT)
        self.replies: queue.SimpleQueue[dict[str, Any] | None] = queue.SimpleQueue()
        self.kept: list[dict[str, Any]] = []
        self.last_id = 100
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        out = self.process.stdout
        assert out is not None
        while True:
            size = None
            while (line := out.readline()) not in (b"\r\n", b""):
                name, _, value = line.partition(b":")
                if name.strip().lower() == b"content-length":
                    size = int(value)
            if not line or size is None:
                self.replies.put(None)
                return
            self.replies.put(json.loads(out.read(size)))

    def send(self, message: dict[str, Any]) -> None:
        body = json.dumps(message).encode("utf-8")
        stdin = self.process.stdin
        assert stdin is not None
        stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        stdin.flush()

    def notify(self, method: str, params: Any) -> None:
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def wait(self, wanted: Callable[[dict[str, Any]], bool], timeout: float = 60) -> dict[str, Any]:
        """The first message from the server that is *wanted* (the others kept)."""
        for k, message in enumerate(self.kept):
            if wanted(message):
                return self.kept.pop(k)
        end = time.monotonic() + timeout
        while True:
            message = self.replies.get(timeout=max(0.01, end - time.monotonic()))
            assert message is not None, "the server went away"
            if wanted(message):
                return message
            self.kept.append(message)

    def request(self, method: str, params: Any, **extra: Any) -> dict[str, Any]:
        self.last_id += 1
        number = self.last_id
        self.send({"jsonrpc": "2.0", "id": number, "method": method, "params": params, **extra})
        return self.wait(lambda m: m.get("id") == number and "method" not in m)

    def diagnostics(self, uri: str, version: int) -> list[dict[str, Any]]:
        found = self.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                          and m["params"]["uri"] == uri and m["params"].get("version") == version)
        diagnostics: list[dict[str, Any]] = found["params"]["diagnostics"]
        return diagnostics

    def open(self, uri: str, text: str) -> list[dict[str, Any]]:
        self.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "hrn",
                                                              "version": 1, "text": text}})
        return self.diagnostics(uri, 1)

    def change(self, uri: str, version: int, changes: list[dict[str, Any]]) -> list[dict[str, Any]]:
        self.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version},
                                               "contentChanges": changes})
        return self.diagnostics(uri, version)


#: What the server answered before ``initialize`` (set up by the fixture).
EARLY: list[dict[str, Any]] = []


@pytest.fixture(scope="module")
def server() -> Iterator[Client]:
    client = Client()
    # Before initialize, a hover whose parameters do not have its shape.
    client.send({"jsonrpc": "2.0", "id": 1, "method": "textDocument/hover", "params": {}})
    EARLY.append(client.wait(lambda m: m.get("id") == 1))
    client.request("initialize", {"processId": None, "rootUri": None, "capabilities": {},
                                  "locale": "en-US",
                                  "initializationOptions": {"debounce": 0, "maxDiagnostics": MOST}})
    client.notify("initialized", {})
    yield client
    if client.process.poll() is None:
        client.process.kill()
    client.process.wait(30)
    for stream in (client.process.stdin, client.process.stdout, client.process.stderr):
        if stream is not None:
            stream.close()


# The oracles: hearts validate and hearts fmt, as a terminal runs them -----------------------------


def _units(line: str, column: int) -> int:
    """A code-point column of *line* in UTF-16 code units."""
    return len(line[:column].encode("utf-16-le", "surrogatepass")) // 2


def validate(tmp_path: Path, text: str) -> list[tuple[int, int, str, str]]:
    """``hearts validate FILE``'s findings in the words it prints (the locale
    English, so the record's language decides), as (0-based line, UTF-16
    column, code, message)."""
    path = tmp_path / "record.hrn"
    path.write_bytes(text.encode("utf-8"))
    done = CliRunner(env={"LC_ALL": None, "LC_MESSAGES": None, "LANG": "C.UTF-8"}).invoke(
        cli, ["validate", "--jobs", "1", str(path)])
    lines = text.split("\n")
    out = []
    for found in re.finditer(r"^.*record\.hrn:(\d+):(\d+): \w+: (.*) \[([a-z-]+)\]$", done.output, re.M):
        line, column = int(found[1]) - 1, int(found[2]) - 1
        out.append((line, _units(lines[line], column), found[4], found[3]))
    return sorted(out)


def served(diagnostics: list[dict[str, Any]]) -> list[tuple[int, int, str, str]]:
    return sorted((d["range"]["start"]["line"], d["range"]["start"]["character"], d["code"], d["message"])
                  for d in diagnostics)


# Diagnostics: validate's findings, places and words ------------------------------------------------


@pytest.mark.parametrize("name", ["french", "french-crlf-bom", "english-crlf"])
def test_diagnostics_are_validates_at_its_places_in_its_words(server: Client, tmp_path: Path,
                                                               name: str) -> None:
    text = {"french": FRENCH, "french-crlf-bom": "\ufeff" + FRENCH.replace("\n", "\r\n"),
            "english-crlf": ENGLISH.replace("\n", "\r\n")}[name]
    found = served(server.open(f"file:///{name}.hrn", text))
    assert found == validate(tmp_path, text)
    if name.startswith("french"):
        # The slip after an emoji on its line, at its UTF-16 column; in French,
        # the player by name, although the editor speaks English.
        k, line = next((k, ln) for k, ln in enumerate(text.split("\n")) if "} E 9♦" in ln)
        assert (k, _units(line, line.index("9♦")), "revoke") == found[0][:3]
        assert found[0][3].startswith("Yann (E) a joué 9♦ sur une entame à ♣")
    else:
        assert [m for *_, m in found] == ["Margaret (N) played 3♠, which Dev (W) holds"]


def test_a_byte_order_mark_sent_by_the_client_is_a_character_of_the_first_line(
        server: Client, tmp_path: Path) -> None:
    """``validate`` counts the first line's columns after the mark (the file's
    bytes); the editor that sends the mark shows it as a character of the
    line, and the word is one unit further."""
    text = '\ufeff[Event "x"] dela 1\n'
    (found,) = served(server.open("file:///bom.hrn", text))
    (said,) = validate(tmp_path, text)
    assert found[:2] == (0, text.index("dela")) == (0, said[1] + 1)
    assert found[2:] == said[2:]


def test_control_characters_are_shown_as_escapes(server: Client, tmp_path: Path) -> None:
    text = ENGLISH.replace('[North "Margaret"]', '[North "Mar\x1bgaret\x07"]')
    found = served(server.open("file:///escape.hrn", text))
    assert found == validate(tmp_path, text)
    assert found[0][3].startswith("Mar\\x1bgaret\\x07 (N) played 3♠")


def test_a_record_with_many_findings_publishes_the_first_and_says_so(server: Client) -> None:
    text = "".join(f"deal {k}\n" for k in range(1, 20))         # 38 findings
    found = server.open("file:///many.hrn", text)
    assert len(found) == MOST + 1
    last = found[-1]
    assert (last["code"], last["severity"]) == ("too-many", 3)
    assert last["range"]["start"]["line"] == 2       # where the first one not shown is
    assert last["message"].startswith(f"Only the first {MOST} of this document's 38 findings")


# Edits: the text followed, and validate's findings of it -------------------------------------------


def _range(line: int, start: int, end_line: int, end: int) -> dict[str, Any]:
    return {"start": {"line": line, "character": start}, "end": {"line": end_line, "character": end}}


def test_odd_edits_follow_the_text_and_give_validates_findings(server: Client, tmp_path: Path) -> None:
    """Each edit, as the rules of docs/editors.md apply it (the expected text
    written out here), then the diagnostics ``validate`` gives that text."""
    uri = "file:///edits.hrn"
    text = "; 😀x\n" + ENGLISH
    server.open(uri, text)
    steps: list[tuple[list[dict[str, Any]], str]] = [
        # a range starting inside the emoji (its second UTF-16 unit) lands after it
        ([{"range": _range(0, 3, 0, 3), "text": "Z"}], text.replace("; 😀x", "; 😀Zx", 1)),
        # a range past the last line: the end of the text
        ([{"range": _range(10**6, 5, 10**6 + 3, 9), "text": "\n; tail"}], "\n; tail"),
        # an end before its start: the text goes in at the start
        ([{"range": _range(1, 0, 0, 0), "text": "; e\n"}], "insert-line-1"),
        # two changes in one message, the second over what the first left
        ([{"range": _range(0, 0, 2, 0), "text": ""},
          {"range": _range(0, 0, 0, 0), "text": "; a\n; b\n; c\n"}], "swap-head"),
        # CRLF inserted, and a column far past the end of a line
        ([{"range": _range(1, 2**31 - 1, 1, 2**31 - 1), "text": " ; c\r\n; d"}], "crlf"),
    ]
    expected = text
    for version, (changes, how) in enumerate(steps, 2):
        lines = expected.split("\n")
        if how == "\n; tail":
            expected += how
        elif how == "insert-line-1":
            expected = "\n".join([*lines[:1], "; e", *lines[1:]])
        elif how == "swap-head":
            expected = "; a\n; b\n; c\n" + "\n".join(lines[2:])
        elif how == "crlf":
            lines[1] += " ; c\r\n; d"
            expected = "\n".join(lines)
        else:
            expected = how
        found = served(server.change(uri, version, changes))
        assert found == validate(tmp_path, expected), how
        assert [c for _, _, c, _ in found] == ["not-held"]
    # The slip moved down by the lines the edits added above it.
    assert found[0][0] == _slip(text) + 3 == _slip(expected)
    # A stale version is applied in order all the same (the client's order is the text's).
    found = served(server.change(uri, 3, [{"range": _range(0, 0, 0, 0), "text": "; old\n"}]))
    assert found[0][0] == _slip(expected) + 1


def _slip(text: str) -> int:
    """The line of N's slip (3♠ in trick 1)."""
    return next(k for k, line in enumerate(text.split("\n")) if "N 3S" in line)


# The protocol's corners --------------------------------------------------------------------------


def test_a_request_before_initialize_is_refused_for_that_whatever_its_parameters(server: Client) -> None:
    (early,) = EARLY
    assert early["error"]["code"] == -32002
    assert "comes before initialize" in early["error"]["message"]


# Formatting: hearts fmt ------------------------------------------------------------------------------


def _format(server: Client, uri: str) -> Any:
    return server.request("textDocument/formatting", {"textDocument": {"uri": uri},
                                                      "options": {"tabSize": 4, "insertSpaces": True}})


def fmt(tmp_path: Path, text: str, *options: str) -> tuple[int, str]:
    path = tmp_path / "record.hrn"
    path.write_bytes(text.encode("utf-8"))
    done = CliRunner(env={"LC_ALL": None, "LC_MESSAGES": None, "LANG": "C.UTF-8"}).invoke(
        cli, ["fmt", *options, str(path)])
    return done.exit_code, done.output


def test_formatting_is_hearts_fmt_and_keeps_every_note(server: Client, tmp_path: Path) -> None:
    uri = "file:///french.hrn"      # (opened by the first test; opened again here if alone)
    server.open(uri, "\ufeff" + FRENCH.replace("\n", "\r\n"))
    (edit,) = _format(server, uri)["result"]
    status, canonical = fmt(tmp_path, "\ufeff" + FRENCH.replace("\n", "\r\n"), "--unicode")
    assert status == 0 and edit["newText"] == canonical
    # The whole document is replaced: its last line, its end.
    assert edit["range"]["end"] == {"line": FRENCH.count("\n"), "character": 0}
    for kept in ("; Soirée du 5 décembre 😀", "; le nom", '[Arbitre "Zoé"] ; une étiquette inconnue',
                 "{Un commentaire\nsur deux lignes, avec 🂡 et é\u0301}", "; 😀 é\u0301 ma main",
                 "{je garde la dame}", "{😀}", "; 😀😀 premier pli"):
        assert kept in canonical


def test_a_sheet_that_cannot_be_read_is_left_alone_with_the_formatters_words(server: Client,
                                                                            tmp_path: Path) -> None:
    uri = "file:///broken.hrn"
    text = FRENCH.replace("donne 1", "donne x")
    server.open(uri, text)
    assert _format(server, uri)["result"] is None
    shown = server.wait(lambda m: m.get("method") == "window/showMessage"
                        and "broken.hrn" in m["params"]["message"])["params"]["message"]
    status, said = fmt(tmp_path, text, "--unicode")
    assert status == 2
    # the French sheet's error in French inside a French sentence (the session is English)
    assert shown.startswith("La feuille ne peut être mise en forme")
    assert "broken.hrn:10:7: erreur: on attendait un numéro de donne, trouvé 'x'" in shown
    assert "record.hrn:10:7: erreur: on attendait un numéro de donne, trouvé 'x'" in said


# The end of the session ------------------------------------------------------------------------------


def test_shutdown_and_exit_with_null_params_end_the_session(server: Client) -> None:
    """Last: ``shutdown`` and ``exit`` with ``"params": null`` (eglot); a
    request in between is refused as after shutdown, though its parameters
    do not have its method's shape."""
    assert server.request("shutdown", None) == {"jsonrpc": "2.0", "id": server.last_id, "result": None}
    late = server.request("textDocument/hover", {})
    assert late["error"]["code"] == -32600 and "comes after shutdown" in late["error"]["message"]
    server.send({"jsonrpc": "2.0", "method": "exit", "params": None})
    assert server.process.wait(30) == 0
