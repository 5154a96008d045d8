"""``hearts lsp`` driven as an editor drives it: a real LSP client
(pytest-lsp, on pygls's client) starts the server over stdio, with the
capabilities VS Code and Neovim announce, and goes through a session:
initialize (in English and in French), open, diagnostics, completion,
hover, change, formatting, outline, definition, code actions, shutdown
and exit.  The scenario of issue 28 is a test of its own: a scorer opens
a French record, types a trick card by card, sees a revoke flagged at the
card, then cleared.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("pygls")
pytest_lsp = pytest.importorskip("pytest_lsp")

from lsprotocol import types  # noqa: E402
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
SERVER = [sys.executable, "-m", "hearts_notation", "lsp"]
FRENCH = (ROOT / "samples" / "feuille-en-francais.hrn").read_text(encoding="utf-8")
CANONICAL = (ROOT / "samples" / "canonical.hrn").read_text(encoding="utf-8")
#: deal 1 of the French sheet up to trick 4 (lines 1-29), the scorer about to write trick 5.
FRENCH_HEAD = "\n".join(FRENCH.split("\n")[:29]) + "\n"
TRICK_LINE = 29      # 0-based line of trick 5 in FRENCH_HEAD + "5. ..."


def _config() -> ClientServerConfig:
    return ClientServerConfig(server_command=SERVER)


#: The position encoding each client agreed with the server at initialize.
ENCODING: dict[int, str] = {}


async def _start(client: LanguageClient, editor: str, locale: str) -> types.InitializeResult:
    result = await client.initialize_session(types.InitializeParams(
        capabilities=client_capabilities(editor), locale=locale,
        initialization_options={"debounce": 0.02}))
    ENCODING[id(client)] = str(result.capabilities.position_encoding or "utf-16")
    return result


def units(client: LanguageClient, text: str) -> int:
    """The length of *text* as the client counts positions (the agreed encoding)."""
    encoding = ENCODING[id(client)]
    if encoding == "utf-8":
        return len(text.encode("utf-8"))
    if encoding == "utf-32":
        return len(text)
    return len(text.encode("utf-16-le")) // 2


@pytest_lsp.fixture(config=_config())
async def english(lsp_client: LanguageClient):  # type: ignore[no-untyped-def]
    await _start(lsp_client, "visual-studio-code", "en-US")
    yield
    await lsp_client.shutdown_session()


@pytest_lsp.fixture(config=_config())
async def french(lsp_client: LanguageClient):  # type: ignore[no-untyped-def]
    await _start(lsp_client, "neovim", "fr-FR")
    yield
    await lsp_client.shutdown_session()


async def _open(client: LanguageClient, uri: str, text: str) -> list[types.Diagnostic]:
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=uri, language_id="hrn", version=1, text=text)))
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    return client.diagnostics[uri]


async def _change(client: LanguageClient, uri: str, version: int, line: int, start: int, end: int,
                  text: str) -> list[types.Diagnostic]:
    """One edit (a keystroke or a paste) on one line, then the diagnostics it brings."""
    rng = types.Range(start=types.Position(line=line, character=start),
                      end=types.Position(line=line, character=end))
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
        content_changes=[types.TextDocumentContentChangePartial(range=rng, text=text)]))
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    return client.diagnostics[uri]


async def _complete(client: LanguageClient, uri: str, line: int, character: int) -> list[str]:
    result = await client.text_document_completion_async(types.CompletionParams(
        text_document=types.TextDocumentIdentifier(uri=uri),
        position=types.Position(line=line, character=character)))
    assert isinstance(result, types.CompletionList)
    return [item.text_edit.new_text if item.text_edit else item.insert_text or item.label
            for item in result.items]


def _errors(diagnostics: list[types.Diagnostic]) -> list[tuple[str, int, int]]:
    return [(str(d.code), d.range.start.line, d.range.start.character) for d in diagnostics
            if d.severity == types.DiagnosticSeverity.Error]


# English, as VS Code drives it ------------------------------------------------------------


@pytest.mark.asyncio
async def test_an_english_session_from_open_to_exit(english: LanguageClient) -> None:
    """Open a record with a revoke: the diagnostic is the referee's finding
    at the card, in English, with its code and severity; completion, hover,
    change, formatting, outline and definition answer; the fixture then
    shuts the server down and makes it exit."""
    uri = "file:///club/thursday.hrn"
    lines = CANONICAL.split("\n")
    k = next(i for i, line in enumerate(lines) if line.startswith("3. N 3C E 5C S 6C W QS"))
    lines[k] = lines[k].replace("E 5C", "E 9S")      # E holds clubs: a revoke
    text = "\n".join(lines)
    found = await _open(english, uri, text)
    revoke = [d for d in found if d.code == "revoke"]
    assert len(revoke) == 1
    d = revoke[0]
    assert d.severity == types.DiagnosticSeverity.Error and d.source == "hearts"
    assert (d.range.start.line, d.range.start.character) == (k, lines[k].index("9S"))
    assert d.range.end.character == d.range.start.character + 2
    # (one slip explains the deal: the referee names the card that fits, referee._play_slip)
    # (in the words ``hearts validate`` prints: the player by name, test_editor12)
    assert d.message.startswith("trick 3 shows Tom (E) playing 9♠, but the deal is consistent only with 5♣")

    # completion in the trick: the legal cards of the seat to play (E must follow clubs)
    assert await _complete(english, uri, k, len("3. N 3C ")) == ["E JC", "E 9C", "E 5C"]
    # hover on the card, then on a tag
    hover = await english.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri),
        position=types.Position(line=k, character=lines[k].index("6C"))))
    assert hover is not None and isinstance(hover.contents, types.MarkupContent)
    assert "Played by S in trick 3" in hover.contents.value
    tag = await english.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri),
        position=types.Position(line=lines.index('[Rules "standard"]'), character=2)))
    assert tag is not None and "the rule set" in str(tag.contents)

    # the change that puts the queen back clears the revoke
    after = await _change(english, uri, 2, k, lines[k].index("9S"), lines[k].index("9S") + 2, "5C")
    assert "revoke" not in [d.code for d in after]

    # formatting is hearts fmt: a header typed with loose spacing comes back canonical
    h = lines.index("deal 1 dealer W pass left")
    await _change(english, uri, 3, h, 4, 5, "   ")
    messy = CANONICAL.replace("deal 1 dealer W pass left", "deal   1 dealer W pass left")
    edits = await english.text_document_formatting_async(types.DocumentFormattingParams(
        text_document=types.TextDocumentIdentifier(uri=uri),
        options=types.FormattingOptions(tab_size=4, insert_spaces=True)))
    fmt = subprocess.run([sys.executable, "-m", "hearts_notation", "fmt", "-"], input=messy,
                         capture_output=True, text=True, encoding="utf-8", check=True).stdout
    assert fmt == CANONICAL
    assert edits is not None and len(edits) == 1 and edits[0].new_text == fmt
    assert edits[0].range.start == types.Position(line=0, character=0)
    assert edits[0].range.end.line == len(lines) - 1

    # the outline: the game, its deals, their tricks
    outline = await english.text_document_document_symbol_async(types.DocumentSymbolParams(
        text_document=types.TextDocumentIdentifier(uri=uri)))
    assert outline is not None
    game = outline[0]
    assert isinstance(game, types.DocumentSymbol) and game.name == "Thursday club night"
    assert [c.name for c in game.children or []][:2] == ["Deal 1", "Deal 2"]
    assert len((game.children or [])[0].children or []) == 13

    # go to definition: from a seat to its player's tag
    where = await english.text_document_definition_async(types.DefinitionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=k, character=3)))
    assert isinstance(where, types.Location)
    assert lines[where.range.start.line].startswith('[North "Margaret"]')


@pytest.mark.asyncio
async def test_code_actions_fix_a_misspelt_keyword_and_add_the_rules(english: LanguageClient) -> None:
    uri = "file:///club/typo.hrn"
    text = "deal 1 dealer N pass left\nN: ?\nE: ?\nS: ?\nW: ?\n1. E 2C S 4C W KC N TC\n*\n\n" \
           "dela 2 dealer E pass right\n"
    found = await _open(english, uri, text)
    syntax = [d for d in found if d.code == "syntax-error"]
    assert syntax and syntax[0].range.start.line == 8
    actions = await english.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri),
        range=types.Range(start=types.Position(line=0, character=0), end=types.Position(line=8, character=4)),
        context=types.CodeActionContext(diagnostics=syntax)))
    assert actions is not None
    titles = [a.title for a in actions if isinstance(a, types.CodeAction)]
    fix = next(a for a in actions if isinstance(a, types.CodeAction) and "'deal'" in a.title)
    assert fix.edit is not None and fix.edit.changes is not None
    (edit,) = fix.edit.changes[uri]
    assert edit.new_text == "deal" and edit.range.start == types.Position(line=8, character=0)
    assert fix.diagnostics and fix.diagnostics[0].code == "syntax-error"
    assert any('[Rules "standard"]' in t for t in titles)


@pytest.mark.asyncio
async def test_positions_are_utf16_code_units(english: LanguageClient) -> None:
    """A character outside the BMP before a card counts two UTF-16 units:
    the revoke is underlined where an editor shows the card."""
    assert ENCODING[id(english)] == "utf-16"    # what VS Code offers
    uri = "file:///club/emoji.hrn"
    lines = CANONICAL.split("\n")
    k = next(i for i, line in enumerate(lines) if line.startswith("3. N 3C E 5C S 6C W QS"))
    lines[k] = lines[k].replace("3. ", "3. {🂡 trois} ").replace("E 5C", "E 9S")
    found = await _open(english, uri, "\n".join(lines))
    (revoke,) = [d for d in found if d.code == "revoke"]
    assert revoke.range.start.character == lines[k].index("9S") + 1


# French, as Neovim drives it --------------------------------------------------------------


@pytest.mark.asyncio
async def test_a_scorer_types_a_french_trick_and_sees_a_revoke_flagged_then_cleared(
        french: LanguageClient) -> None:
    """Open a French sheet in the middle of deal 1, type trick 5 card by
    card with the server's completions, slip (E throws a club on a heart
    lead while holding hearts), see the revoke at the card in French, fix
    it, see it go."""
    uri = "file:///club/dimanche.hrn"
    text = FRENCH_HEAD + "5. \n*\n"
    found = await _open(french, uri, text)
    assert _errors(found) == []
    # West (O) took trick 4 and leads; hearts are open: every card of O's hand
    lead = await _complete(french, uri, TRICK_LINE, 3)
    assert "O D♥" in lead and all(c.startswith("O ") for c in lead)
    line = "5. "
    version = 1
    for typed, legal in (("O D♥ ", ["N 10♥", "N 8♥"]), ("N 10♥ ", ["E A♥", "E 7♥", "E 6♥"])):
        version += 1
        at = units(french, line)
        found = await _change(french, uri, version, TRICK_LINE, at, at, typed)
        line += typed
        assert _errors(found) == []
        assert await _complete(french, uri, TRICK_LINE, units(french, line)) == legal
    version += 1
    at = units(french, line)
    found = await _change(french, uri, version, TRICK_LINE, at, at, "E 6♣")
    (revoke,) = [d for d in found if d.code == "revoke"]
    card = units(french, line + "E ")
    assert (revoke.range.start.line, revoke.range.start.character) == (TRICK_LINE, card)
    assert revoke.range.end.character == units(french, line + "E 6♣")
    assert revoke.severity == types.DiagnosticSeverity.Error
    assert revoke.message.startswith("Yann (E) a joué 6♣ sur une entame à ♥")     # (validate's words)
    # hover on the slip, in French
    hover = await french.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri),
        position=types.Position(line=TRICK_LINE, character=card)))
    assert hover is not None and "Jouée par E au pli 5" in str(hover.contents)
    version += 1
    found = await _change(french, uri, version, TRICK_LINE, card, units(french, line + "E 6♣"), "7♥")
    assert "revoke" not in [d.code for d in found] and _errors(found) == []


@pytest.mark.asyncio
async def test_french_words_in_completions_and_formatting(french: LanguageClient) -> None:
    uri = "file:///club/feuille.hrn"
    found = await _open(french, uri, FRENCH)
    assert _errors(found) == []
    lines = FRENCH.split("\n")
    k = lines.index("donne 1 donneur O passe gauche")
    directions = await _complete(french, uri, k, units(french, "donne 1 donneur O passe "))
    assert directions == ["gauche", "droite", "face", "garde"]
    tags = await _complete(french, uri, 4, 1)
    assert 'Règles "' in tags and 'Événement "' in tags
    # a header typed loosely comes back as hearts fmt writes it, still in French
    await _change(french, uri, 2, k, units(french, "donne "), units(french, "donne "), " ")
    messy = FRENCH.replace("donne 1 donneur O", "donne  1 donneur O", 1)
    edits = await french.text_document_formatting_async(types.DocumentFormattingParams(
        text_document=types.TextDocumentIdentifier(uri=uri),
        options=types.FormattingOptions(tab_size=4, insert_spaces=True)))
    fmt = subprocess.run([sys.executable, "-m", "hearts_notation", "fmt", "--lang", "fr", "-"],
                         input=messy, capture_output=True, text=True, encoding="utf-8",
                         check=True).stdout
    assert "donne 1 donneur O passe gauche" in fmt
    assert edits is not None and len(edits) == 1 and edits[0].new_text == fmt


# Without pygls -------------------------------------------------------------------------------


def test_without_pygls_the_command_says_what_to_install() -> None:
    code = ("import sys; sys.modules['pygls'] = None; sys.argv = ['hearts', 'lsp'];"
            "from hearts_notation.cli import main; main()")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          encoding="utf-8", env={"LANG": "C", "PATH": "/usr/bin:/bin",
                                                 "HEARTS_NOTATION_PURE": "1"}, check=False)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.strip() == ("hearts: the language server needs pygls 2 or later: "
                                   "pip install 'hearts-notation[lsp]'")


# The process: its exit status and nothing but the protocol on stdout -------------------------


def _frame(payload: dict[str, object]) -> bytes:
    import json

    body = json.dumps(payload).encode("utf-8")
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def _frames(data: bytes) -> list[dict[str, object]]:
    import json

    out = []
    while data:
        head, _, rest = data.partition(b"\r\n\r\n")
        assert head.startswith(b"Content-Length: "), data[:80]
        fields = dict(line.split(b": ", 1) for line in head.split(b"\r\n"))
        size = int(fields[b"Content-Length"])
        out.append(json.loads(rest[:size]))
        data = rest[size:]
    return out


@pytest.mark.parametrize(("shutdown", "status"), [(True, 0), (False, 1)])
def test_exit_status_follows_the_protocol(shutdown: bool, status: int) -> None:
    """``exit`` after ``shutdown`` ends the server with status 0, without
    it with 1 (the protocol's rule); standard output carries only frames."""
    messages = [{"jsonrpc": "2.0", "id": 1, "method": "initialize",
                 "params": {"processId": None, "rootUri": None, "capabilities": {}}},
                {"jsonrpc": "2.0", "method": "initialized", "params": {}}]
    if shutdown:
        messages.append({"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
    messages.append({"jsonrpc": "2.0", "method": "exit"})
    done = subprocess.run(SERVER, input=b"".join(_frame(m) for m in messages), capture_output=True,
                          timeout=60, check=False)
    assert done.returncode == status, done.stderr
    replies = _frames(done.stdout)
    (init,) = [r for r in replies if r.get("id") == 1]
    capabilities = init["result"]["capabilities"]  # type: ignore[index]
    for feature in ("completionProvider", "hoverProvider", "documentFormattingProvider",
                    "documentSymbolProvider", "definitionProvider", "codeActionProvider"):
        assert capabilities[feature], feature


# The pause for typing ------------------------------------------------------------------------


def test_a_burst_of_changes_is_checked_once() -> None:
    """Five changes in a row, faster than the pause: one publication, of
    the text as it is after the last one."""
    import asyncio

    from hearts_notation.editor.server import build

    server = build()
    server.debounce = 0.2
    published: list[str] = []
    server.publish = lambda doc: published.append(doc.text)  # type: ignore[method-assign]
    doc = server.open("file:///burst.hrn", "", 1)

    async def burst() -> None:
        for k in range(5):
            doc.text += f"; {k}\n"
            server.schedule(doc)
        await asyncio.sleep(0.6)

    asyncio.run(burst())
    assert published == ["; 0\n; 1\n; 2\n; 3\n; 4\n"]


@pytest_lsp.fixture(config=_config())
async def emacs(lsp_client: LanguageClient):  # type: ignore[no-untyped-def]
    await _start(lsp_client, "emacs", "en")
    yield
    await lsp_client.shutdown_session()


@pytest.mark.asyncio
async def test_emacs_eglot_gets_the_findings_and_the_outline(emacs: LanguageClient) -> None:
    uri = "file:///club/multi.hrn"
    text = (ROOT / "samples" / "multi-game.hrn").read_text(encoding="utf-8")
    found = await _open(emacs, uri, text.replace("[Rules \"short\"]", "[Rules \"shrot\"]", 1))
    (bad,) = [d for d in found if d.code == "unknown-rule"]
    assert bad.range.start.line == 4 and "shrot" in bad.message
    outline = await emacs.text_document_document_symbol_async(types.DocumentSymbolParams(
        text_document=types.TextDocumentIdentifier(uri=uri)))
    assert outline is not None and len(outline) == 3


@pytest_lsp.fixture(config=_config())
async def bad_rules(lsp_client: LanguageClient):  # type: ignore[no-untyped-def]
    await lsp_client.initialize_session(types.InitializeParams(
        capabilities=client_capabilities("neovim"), locale="fr",
        initialization_options={"debounce": 0, "rules": "omnibus"}))
    yield
    await lsp_client.shutdown_session()


@pytest.mark.asyncio
async def test_a_rules_option_that_names_no_rules_is_said_once_and_set_aside(
        bad_rules: LanguageClient) -> None:
    """``rules: "omnibus"`` names no rules: the editor is told once, in its
    language, and documents are still checked (under ``standard``)."""
    found = await _open(bad_rules, "file:///club/sans-regles.hrn",
                        CANONICAL.replace('[Rules "standard"]\n', ""))
    assert _errors(found) == []
    (said,) = bad_rules.messages
    assert said.type == types.MessageType.Warning
    assert said.message.startswith("L'option des règles n'est pas prise (jeu de règles inconnu 'omnibus'")
