"""The language server's positions are the protocol's lines (lsp22).

The reader ends a line at U+2028 and U+2029 too (docs/spec.md 2.1.1); the
Language Server Protocol only at ``\\n``, ``\\r\\n`` and ``\\r``.  A diagnostic
after a separator was one line lower a separator than the client shows it
(review22).  The expected places here are counted as a client counts them,
by the protocol's own rule written out (``_CLIENT_LINES``), not by the
server's code.  Cheap: the server in-process, its frames captured, no
process started.
"""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from typing import Any

import pytest
from lsp_frames import FrameCapture

pytest.importorskip("pygls")

from hearts_notation.editor import server as lsp

ROOT = Path(__file__).resolve().parent.parent
#: The canonical record's header and first deal (the rest costs reading time, no place).
CANONICAL = (ROOT / "samples" / "canonical.hrn").read_text(encoding="utf-8").split("\ndeal 2 ")[0] + "\n"
URI = "file:///club/separators.hrn"
#: A client's lines: the protocol ends them at these three only.
_CLIENT_LINES = re.compile("\r\n|\r|\n")
#: Trick 6 of deal 1 as recorded, and with a revoke (S holds clubs).
TRICK = "6. N 8C E 9C S 7C W 5S"
SLIP = "6. N 8C E 9C S 5H W 5S"
#: A note that ends in U+2028 on the trick's own line: the trick's cards
#: are, for the client, on the note's line, after an emoji (two UTF-16
#: units, four UTF-8 bytes) and the separator (one unit, three bytes).
NOTE = "{Tom \u00e9 \U0001f600 slip}\u2028"


def _document(trick: str) -> str:
    """The canonical record, its first 16 lines ended in turn by U+2028,
    CR LF, U+2029, LF, a lone CR; a NEL and a form feed (line ends for
    ``str.splitlines``, for neither the reader nor the protocol) in the
    note of line 13; *trick* after a note that ends in U+2028."""
    lines = CANONICAL.split("\n")
    ends = ("\u2028", "\r\n", "\u2029", "\n", "\r", "\u2028")
    head = "".join(line + ends[k % len(ends)] for k, line in enumerate(lines[:16]))
    text = head + "\n".join(lines[16:])
    text = text.replace("{Scored at", "{Sc\x85ored\x0c at", 1)
    assert text.count(TRICK) == 1
    return text.replace(TRICK, NOTE + trick, 1)


def _units(text: str, encoding: str) -> int:
    return len(text.encode("utf-8")) if encoding == "utf-8" else len(text.encode("utf-16-le")) // 2


def _client_place(text: str, found: str, encoding: str) -> tuple[int, int]:
    """Where *found* starts, as a client counts: its line, its code units."""
    for k, line in enumerate(_CLIENT_LINES.split(text)):
        if found in line:
            return k, _units(line[:line.index(found)], encoding)
    raise AssertionError(found)


class _Session:
    """An initialized server and what it said."""

    def __init__(self, encoding: str) -> None:
        self.server = lsp.build("en")
        self.out = FrameCapture()
        self.server.protocol.set_writer(self.out)
        self.ids = 0
        reply = self.request("initialize", {
            "capabilities": {"general": {"positionEncodings": [encoding]}},
            "initializationOptions": {"debounce": 0}})
        assert reply["result"]["capabilities"]["positionEncoding"] == encoding
        self.send({"method": "initialized", "params": {}})

    def send(self, message: dict[str, Any]) -> list[dict[str, Any]]:
        protocol = self.server.protocol
        protocol.handle_message(protocol.structure_message({"jsonrpc": "2.0", **message}))
        return self.out.frames()

    def request(self, method: str, params: dict[str, Any]) -> dict[str, Any]:
        self.ids += 1
        (reply,) = [f for f in self.send({"id": self.ids, "method": method, "params": params})
                    if f.get("id") == self.ids]
        return reply

    def diagnostics(self, frames: list[dict[str, Any]]) -> list[dict[str, Any]]:
        (published,) = [f for f in frames if f.get("method") == "textDocument/publishDiagnostics"]
        found: list[dict[str, Any]] = published["params"]["diagnostics"]
        return found


def _at(line: int, character: int) -> dict[str, int]:
    return {"line": line, "character": character}


@pytest.mark.parametrize("encoding", ["utf-16", "utf-8"])
def test_a_diagnostic_after_line_separators_is_where_the_client_shows_the_slip(encoding: str) -> None:
    """The revoke's range is on ``5H`` as the client counts lines and
    units; a hover there is the card's, with the same range; a definition
    from the seat before it is found (a position read, then one sent)."""
    text = _document(SLIP)
    session = _Session(encoding)
    found = session.diagnostics(session.send({"method": "textDocument/didOpen", "params": {
        "textDocument": {"uri": URI, "languageId": "hrn", "version": 1, "text": text}}}))
    (revoke,) = [d for d in found if d["code"] == "revoke"]
    line, character = _client_place(text, "5H W 5S", encoding)
    assert revoke["range"] == {"start": _at(line, character), "end": _at(line, character + 2)}
    hovered = session.request("textDocument/hover", {"textDocument": {"uri": URI},
                                                     "position": _at(line, character + 1)})
    assert hovered["result"]["range"] == revoke["range"]
    seat = session.request("textDocument/definition", {"textDocument": {"uri": URI},
                                                       "position": _at(line, character - 1)})
    tag_line, tag_start = _client_place(text, '[South "Priya"]', encoding)
    assert seat["result"]["range"]["start"] == _at(tag_line, tag_start)


@pytest.mark.parametrize("encoding", ["utf-16", "utf-8"])
def test_a_change_after_line_separators_edits_the_text_the_client_means(encoding: str) -> None:
    """A client's change of ``7C`` to ``5H`` on the trick, given as a
    range on the client's line: the server's text is the client's, and the
    revoke it then finds is on the card the change wrote."""
    text = _document(TRICK)
    session = _Session(encoding)
    clean = session.diagnostics(session.send({"method": "textDocument/didOpen", "params": {
        "textDocument": {"uri": URI, "languageId": "hrn", "version": 1, "text": text}}}))
    assert not [d for d in clean if d["severity"] == 1]
    line, character = _client_place(text, "7C W 5S", encoding)

    async def change() -> list[dict[str, Any]]:
        frames = session.send({"method": "textDocument/didChange", "params": {
            "textDocument": {"uri": URI, "version": 2},
            "contentChanges": [{"range": {"start": _at(line, character), "end": _at(line, character + 2)},
                                "text": "5H"}]}})
        for _ in range(100):
            await asyncio.sleep(0.005)
            frames += session.out.frames()
            if frames:
                break
        return frames

    found = session.diagnostics(asyncio.run(change()))
    assert session.server.documents[URI].text == _document(SLIP)
    (revoke,) = [d for d in found if d["code"] == "revoke"]
    assert revoke["range"] == {"start": _at(line, character), "end": _at(line, character + 2)}


def test_the_outline_and_formatting_ranges_are_the_clients_lines() -> None:
    """The document's symbols and the formatting edit end on the client's
    last line, not the reader's (one further a separator)."""
    text = _document(TRICK)
    session = _Session("utf-16")
    session.send({"method": "textDocument/didOpen", "params": {
        "textDocument": {"uri": URI, "languageId": "hrn", "version": 1, "text": text}}})
    client = _CLIENT_LINES.split(text)
    (game,) = session.request("textDocument/documentSymbol", {"textDocument": {"uri": URI}})["result"]
    deal_line, _ = _client_place(text, "deal 1 dealer W", "utf-16")
    assert game["children"][0]["range"]["start"]["line"] == deal_line
    assert game["range"]["end"]["line"] <= len(client) - 1
    (edit,) = session.request("textDocument/formatting", {
        "textDocument": {"uri": URI}, "options": {"tabSize": 4, "insertSpaces": True}})["result"]
    assert edit["range"]["end"] == _at(len(client) - 1, _units(client[-1], "utf-16"))


@pytest.mark.parametrize("encoding", ["utf-16", "utf-8"])
def test_a_code_action_after_line_separators_fixes_the_word_the_client_shows(encoding: str) -> None:
    """A misspelt keyword on a client's line after a note ended by U+2028:
    the fix is offered for the range the client asks (the diagnostic's),
    its edit on the word, with the diagnostic it fixes."""
    text = ("deal 1 dealer N pass left\u2028N: ?\u2029E: ?\r\nS: ?\rW: ?\n1. E 2C S 4C W KC N TC\n*\n\n"
            "{\u00e9 \U0001f600}\u2028dela 2 dealer E pass right\n")
    session = _Session(encoding)
    found = session.diagnostics(session.send({"method": "textDocument/didOpen", "params": {
        "textDocument": {"uri": URI, "languageId": "hrn", "version": 1, "text": text}}}))
    (syntax,) = [d for d in found if d["code"] == "syntax-error"]
    line, character = _client_place(text, "dela 2", encoding)
    assert syntax["range"]["start"] == _at(line, character)
    actions = session.request("textDocument/codeAction", {
        "textDocument": {"uri": URI}, "range": syntax["range"],
        "context": {"diagnostics": [syntax]}})["result"]
    fix = next(a for a in actions if "'deal'" in a["title"])
    (edit,) = fix["edit"]["changes"][URI]
    assert edit == {"range": {"start": _at(line, character), "end": _at(line, character + 4)},
                    "newText": "deal"}
    assert fix["diagnostics"] == [syntax]


def test_every_place_goes_to_the_clients_line_and_back() -> None:
    """Each reader's place of a text of every line end (and of NEL, form
    feed, file separator: characters of a line for both) is the client's
    place counted by the protocol's rule, and comes back unchanged; past
    the end and inside a separator land at a line's end."""
    from hearts_notation.editor.document import Positions, split_lines

    text = "a\u2028b\U0001f600c\u2029\u2029d\r\ne\x85f\x0cg\x1ch\rij\u2028\n\u2028k"
    reader = split_lines(text)
    assert reader == ["a", "b\U0001f600c", "", "d", "e\x85f\x0cg\x1ch", "ij", "", "", "k"]
    client = _CLIENT_LINES.split(text)
    assert len(client) == 4
    places = Positions(text, reader)
    starts = [0, *(m.end() for m in re.finditer("\r\n|[\r\n\u2028\u2029]", text))]
    for k, (line, start) in enumerate(zip(reader, starts, strict=True)):
        for column in range(len(line) + 1):
            at = start + column
            client_line = len(_CLIENT_LINES.findall(text, 0, at)) if at else 0
            line_start = max(text.rfind("\n", 0, at), text.rfind("\r", 0, at)) + 1
            for encoding in ("utf-16", "utf-8", "utf-32"):
                units = _units(text[line_start:at], encoding) if encoding != "utf-32" else at - line_start
                assert places.to_client(k, column, encoding) == (client_line, units), (k, column, encoding)
                assert places.to_reader(client_line, units, encoding) == (k, column)
    assert places.to_client(len(reader), 0) == (len(client), 0)
    assert places.to_reader(len(client), 3) == (len(reader) - 1, 1)
    assert places.to_reader(0, 2, "utf-8") == (0, 1)      # (inside the U+2028 after "a")
