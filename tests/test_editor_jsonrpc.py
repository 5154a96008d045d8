"""``hearts lsp`` fed messages that are not JSON-RPC, as real bytes on its
standard input.

A list body, a missing ``jsonrpc``, a number, broken JSON, bytes that are
not UTF-8, a header without ``Content-Length``, a length that is no number,
parameters of the wrong shape: each is refused in the catalogs' words (in
the client's language), answered as JSON-RPC says (an error with ``id``
null, -32700 for what is not JSON, -32600 for what is no request; a request
whose parameters do not fit is answered with its own ``id``), said in one
line on standard error, and the server goes on serving: the requests after
them are answered and ``shutdown``/``exit`` end it with status 0.  pygls's
own words ("'list' object has no attribute 'jsonrpc'", "Unable to handle
message", "Error in server") and tracebacks never show.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

pytest.importorskip("pygls")

SERVER = [sys.executable, "-m", "hearts_notation", "lsp"]


def _frame(body: bytes) -> bytes:
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def _json(payload: dict[str, object]) -> bytes:
    return _frame(json.dumps(payload).encode("utf-8"))


#: (what is sent, the code of the error answered (None: no answer), the id answered)
BAD: list[tuple[bytes, int | None, object]] = [
    # no header at all (first: after a length that cannot be read, what follows is skipped
    # up to the next header)
    (b'{"jsonrpc": "2.0", "id": 8, "method": "shutdown"}', -32700, None),
    (_frame(b'[{"jsonrpc": "2.0", "id": 5, "method": "shutdown"}]'), -32600, None),
    (_frame(b'{"id": 5, "method": "initialized"}'), -32600, None),
    (_frame(b"42"), -32600, None),
    (_frame(b'{"jsonrpc": "2.0", "id": 5, "method": '), -32700, None),
    (_frame(b'{"jsonrpc": "2.0", "method": "x\xff"}'), -32700, None),
    (_frame(b'{"jsonrpc": "1.0", "id": 5, "method": "shutdown"}'), -32600, None),
    (_frame(b'{"jsonrpc": "2.0", "id": 5, "method": 7}'), -32600, None),
    (_frame(b'{"jsonrpc": "2.0", "id": 5, "method": "textDocument/hover", "params": 5}'), -32600, None),
    (_frame(b'{"jsonrpc": "2.0", "id": 5}'), -32600, None),
    (_json({"jsonrpc": "2.0", "id": 6, "method": "textDocument/hover", "params": {}}), -32602, 6),
    (_json({"jsonrpc": "2.0", "id": 7, "method": "hearts/nothing"}), -32601, 7),
    (_json({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"x": 1}}), None, None),
    (b"Content-Type: application/vscode-jsonrpc\r\n\r\n{}", -32700, None),
    (b"Content-Length: many\r\n\r\n{}", -32700, None),
]

#: Why each is refused, in English (the server says "message N from the editor is refused: ...").
ENGLISH = [
    "expected a header 'Content-Length: N' before it, found "
    "'{\"jsonrpc\": \"2.0\", \"id\": 8, \"method\": \"s...'; the server skips to the next Content-Length",
    "it is a list of messages (a JSON-RPC batch), which the "
    "Language Server Protocol does not use; expected one object",
    'it has no "jsonrpc": "2.0" member',
    "expected a JSON object, found a number",
    "its body is not valid JSON (line 1, column 39)",
    "its body is not UTF-8 text (byte 31)",
    'expected "jsonrpc": "2.0" in it, found "1.0"',
    'its "method" is 7, expected a string',
    'its "params" is 5, expected an object or a list',
    'it has neither a "method" (a request or a notification) nor '
    'an "id" with a "result" or an "error" (a response)',
    "the parameters of textDocument/hover do not have the shape "
    "the protocol gives them",
    "hearts/nothing is not a method this server answers",
    "the parameters of textDocument/didOpen do not have the shape "
    "the protocol gives them",
    "expected a header 'Content-Length: N' before it, found "
    "'Content-Type: application/vscode-jsonrpc'; the server skips to the next Content-Length",
    "its Content-Length is 'many', not a number of bytes; the "
    "server skips to the next Content-Length",
]


def _session(locale: str) -> tuple[int, list[dict[str, object]], str]:
    """A session: initialize, every bad message, a good request, shutdown,
    exit; the exit status, the messages sent back, standard error."""
    data = _json({"jsonrpc": "2.0", "id": 1, "method": "initialize",
                  "params": {"processId": None, "rootUri": None, "capabilities": {}, "locale": locale}})
    data += b"".join(bad for bad, _, _ in BAD)
    data += _json({"jsonrpc": "2.0", "method": "textDocument/didOpen",
                   "params": {"textDocument": {"uri": "file:///a.hrn", "languageId": "hrn", "version": 1,
                                               "text": "deal 1\n1. S 2C\n"}}})
    data += _json({"jsonrpc": "2.0", "id": 2, "method": "textDocument/documentSymbol",
                   "params": {"textDocument": {"uri": "file:///a.hrn"}}})
    data += _json({"jsonrpc": "2.0", "id": 3, "method": "shutdown"})
    data += _json({"jsonrpc": "2.0", "method": "exit"})
    done = subprocess.run(SERVER, input=data, capture_output=True, timeout=60, check=False)
    out, replies = done.stdout, []
    while out:
        head, _, rest = out.partition(b"\r\n\r\n")
        assert head.startswith(b"Content-Length: "), out[:80]
        size = int(head.split(b"\r\n")[0].split(b": ")[1])
        replies.append(json.loads(rest[:size]))
        out = rest[size:]
    return done.returncode, replies, done.stderr.decode("utf-8")


def _errors(replies: list[dict[str, object]]) -> list[tuple[object, object]]:
    return [(r["id"], r["error"]["code"]) for r in replies if "error" in r]  # type: ignore[index]


def test_bad_messages_are_refused_in_english_and_the_server_goes_on() -> None:
    status, replies, err = _session("en-US")
    assert status == 0, err
    said_en = [f"message {k} from the editor is refused: {why}" for k, why in enumerate(ENGLISH, 2)]
    assert err.splitlines() == [f"hearts lsp: {line}" for line in said_en]
    assert _errors(replies) == [(msg_id, code) for _, code, msg_id in BAD if code is not None]
    said = [r["error"]["message"] for r in replies if "error" in r]  # type: ignore[index]
    assert said == [line for line, (_, code, _) in zip(said_en, BAD, strict=True) if code is not None]
    # the server still serves: the document opened after them is read, its outline answered
    assert {r.get("id") for r in replies if "result" in r} == {1, 2, 3}
    (outline,) = [r["result"] for r in replies if r.get("id") == 2]
    assert outline
    for raw in ("Traceback", "has no attribute", "Unable to", "Error in server", "Invalid Params"):
        assert raw not in err and all(raw not in str(r) for r in replies), raw


def test_bad_messages_are_refused_in_french() -> None:
    status, replies, err = _session("fr-FR")
    assert status == 0, err
    lines = err.splitlines()
    assert len(lines) == len(BAD)
    assert lines[1] == ("hearts lsp: le message 3 de l'éditeur est refusé : c'est une liste de messages "
                        "(un lot JSON-RPC), que le Language Server Protocol n'emploie pas ; un seul objet "
                        "est attendu")
    assert lines[4] == ("hearts lsp: le message 6 de l'éditeur est refusé : son contenu n'est pas du JSON "
                        "valide (ligne 1, colonne 39)")
    assert lines[14] == ("hearts lsp: le message 16 de l'éditeur est refusé : son Content-Length vaut "
                         "'many', qui n'est pas un nombre d'octets ; le serveur passe au Content-Length "
                         "suivant")
    said = [r["error"]["message"] for r in replies if "error" in r]  # type: ignore[index]
    assert said[1] == lines[1].removeprefix("hearts lsp: ")
    assert _errors(replies) == [(msg_id, code) for _, code, msg_id in BAD if code is not None]


def test_a_lone_surrogate_in_the_text_is_told_not_raised_when_formatting() -> None:
    """JSON can carry ``\\ud800`` (half a surrogate pair, no character);
    formatting such a text ended in "UnicodeEncodeError: 'utf-8' codec can't
    encode..." as the request's answer.  It is now fmt's own message, at the
    character."""
    from hearts_notation.editor.document import Style
    from hearts_notation.editor.features import format_text

    assert format_text("deal 1 \ud800 x", Style(), None, "a.hrn") == (
        None, ["a.hrn:1:8: not UTF-8 text (byte 0xed); save the file as UTF-8"])


def test_a_request_after_shutdown_is_answered_with_an_error() -> None:
    """The protocol: after ``shutdown`` only ``exit`` is taken, and a request
    is answered with InvalidRequest (pygls logged its own words and never
    answered, so the editor waited)."""
    data = _json({"jsonrpc": "2.0", "id": 1, "method": "initialize",
                  "params": {"processId": None, "rootUri": None, "capabilities": {}, "locale": "en"}})
    data += _json({"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
    data += _json({"jsonrpc": "2.0", "id": 3, "method": "textDocument/hover",
                   "params": {"textDocument": {"uri": "file:///a.hrn"},
                              "position": {"line": 0, "character": 0}}})
    data += _json({"jsonrpc": "2.0", "method": "exit"})
    done = subprocess.run(SERVER, input=data, capture_output=True, timeout=60, check=False)
    assert done.returncode == 0
    said = ("message 3 from the editor is refused: textDocument/hover comes after shutdown, when the server "
            "takes nothing but exit")
    assert done.stderr.decode() == f"hearts lsp: {said}\n"
    last = json.loads(done.stdout[done.stdout.rindex(b"\r\n\r\n") + 4:])
    assert last == {"jsonrpc": "2.0", "id": 3, "error": {"code": -32600, "message": said}}
