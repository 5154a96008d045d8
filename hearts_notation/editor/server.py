"""``hearts lsp``: the Language Server Protocol over standard input and output.

Built on pygls (the optional extra ``[lsp]``).  The server keeps each open
document's text (it applies the client's incremental changes itself, with
lines cut at the protocol's line ends: ``\\n``, ``\\r\\n``, a lone ``\\r``), a
:class:`~hearts_notation.editor.document.Checker` per document (the games
already read and refereed), and answers with
:mod:`hearts_notation.editor.features`.

- **Language.**  The words shown are in ``initializationOptions.lang``, or
  the client's language when it is French (``initialize``'s ``locale``:
  ``fr``, ``fr-FR``...), else in the language each record is kept in, as
  ``hearts validate`` chooses (:meth:`HrnServer.lang_of`).
- **Diagnostics** are pushed on open, and after each change once the
  typing has paused for ``initializationOptions.debounce`` seconds
  (default 0.1): a burst of keystrokes is checked once, and only the deals
  the burst touched are read and refereed again (:mod:`.deals`).
- **Positions** are converted to and from the encoding negotiated at
  ``initialize`` (UTF-16 unless the client offers another), and from the
  reader's lines to the protocol's (a U+2028 or U+2029 ends a line for the
  reader only), in one place: :class:`~.document.Positions`, made once per
  version of a document.
- ``initializationOptions.rules`` applies to records without a ``Rules``
  tag, as ``--rules`` does on the command line.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import io
import json
import logging
import os
import re
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from lsprotocol import types
from pygls.exceptions import FeatureRequestError, JsonRpcException
from pygls.lsp.server import LanguageServer
from pygls.protocol import LanguageServerProtocol, lsp_method

from .. import __version__
from ..i18n import LANGUAGES, Msg, decimal, msg, set_language, translate
from ..io.hrn.words import text_language
from ..output import OutputError, escape_controls, standard_output_problem
from ..rules import RuleError, load_rules
from .document import Analysis, Checker, Positions, Style, apply_change
from .features import (
    Action,
    Diag,
    Edit,
    Item,
    Symbol,
    code_actions,
    complete,
    definition,
    diagnostics,
    format_text,
    hover,
    symbols,
)

__all__ = ["STALL_SECONDS", "FrameReader", "HrnServer", "MessageTooLong", "serve"]

_SEVERITY = {"error": types.DiagnosticSeverity.Error, "warning": types.DiagnosticSeverity.Warning,
             "info": types.DiagnosticSeverity.Information}
_ITEM_KIND = {"card": types.CompletionItemKind.Value, "keyword": types.CompletionItemKind.Keyword,
              "trick": types.CompletionItemKind.Keyword, "tag": types.CompletionItemKind.Property,
              "direction": types.CompletionItemKind.EnumMember,
              "choice": types.CompletionItemKind.EnumMember,
              "seat": types.CompletionItemKind.Variable}
_SYMBOL_KIND = {"game": types.SymbolKind.Module, "deal": types.SymbolKind.Namespace,
                "trick": types.SymbolKind.Event}


#: How much of a document's beginning tells its language: what ``hearts``
#: reads of a file to choose a run's (64 KiB; characters here, not bytes).
_SNIFF = 64 << 10


def client_language(locale: str | None, default: str = "en") -> str:
    """The catalog language of an LSP locale (``fr``, ``fr-CA``, ``en-US``...)."""
    if not locale:
        return default
    lang = locale.replace("_", "-").split("-", 1)[0].lower()
    return lang if lang in LANGUAGES else "en"


@dataclass
class OpenDocument:
    """What the server keeps of one open document."""

    uri: str
    text: str
    version: int | None
    checker: Checker
    #: the longest text checked as it is typed (characters; :attr:`HrnServer.check_limit`)
    limit: int = 1 << 21
    analysis: Analysis | None = None
    pending: asyncio.Task[None] | None = field(default=None, repr=False)
    #: (the text, the language it says) of :meth:`language`
    _language: tuple[str, str] | None = field(default=None, repr=False)

    @property
    def too_large(self) -> bool:
        """Whether the text is over the limit: kept, changed as the client
        says, but neither read nor refereed."""
        return len(self.text) > self.limit

    def language(self) -> str:
        """The language the record is kept in, as the command line tells
        a file's (its first line that says one, within its first 64 KiB, a
        byte-order mark set aside; English when none says), looked up once
        per text."""
        if self._language is None or self._language[0] is not self.text:
            head = self.text[:_SNIFF].removeprefix("\ufeff").replace("\r", "\n")
            self._language = (self.text, text_language(head) or "en")
        return self._language[1]

    def current(self) -> Analysis:
        """The analysis of the text as it is now (made once per text); a
        text over the limit has none (no game: no diagnostic, completion,
        hover or outline from it)."""
        if self.analysis is None or self.analysis.text != self.text:
            self.analysis = Analysis(self.text) if self.too_large else self.checker.analyse(self.text)
        return self.analysis


#: JSON-RPC's error codes for a message the server cannot take.
PARSE_ERROR = -32700
INVALID_REQUEST = -32600
METHOD_NOT_FOUND = -32601
INVALID_PARAMS = -32602
#: The position encodings the server counts in (the protocol's three).
POSITION_ENCODINGS = ("utf-8", "utf-16", "utf-32")

#: A column past the end of any line (the protocol's largest ``uinteger``).
_LINE_END = (1 << 31) - 1

#: The protocol's code for a request before ``initialize``.
SERVER_NOT_INITIALIZED = -32002


class _Refused:
    """A message whose parameters pygls could not give the shape of its
    method (:meth:`_HrnProtocol.structure_message`): answered by
    :meth:`_HrnProtocol.handle_message` in the server's words."""

    __slots__ = ("code", "method", "msg_id", "request")

    def __init__(self, data: dict[str, Any], code: int) -> None:
        self.request = "id" in data
        self.msg_id = data.get("id")
        self.method = str(data.get("method"))
        self.code = code


class _Late:
    """A refused message (:class:`_Refused`) that comes before ``initialize``
    or after ``shutdown``: answered for that, as a well-shaped one is."""

    __slots__ = ("id", "method")

    def __init__(self, refused: _Refused) -> None:
        self.method = refused.method
        self.id = refused.msg_id if refused.request else None


class _HrnProtocol(LanguageServerProtocol):
    """pygls's protocol, with the messages it cannot structure answered
    rather than logged with a traceback.

    A message that is well-formed JSON-RPC (:class:`FrameReader` checks that)
    may still carry parameters that are not its method's (``hover`` with
    ``{}``), or ask a method the server does not know without parameters:
    pygls logged the traceback and showed "Error in server: Invalid Params",
    and the request was never answered, so the editor waited for it."""

    def structure_message(self, data: dict[str, Any]) -> Any:
        """The message as pygls types it, or a :class:`_Refused` (pygls calls
        this for every JSON object of a message, as ``json.loads``'s hook)."""
        if "jsonrpc" not in data:
            return data
        with _quiet(logging.getLogger("pygls.protocol.json_rpc")):
            try:
                return super().structure_message(data)
            except JsonRpcException:
                known = self.get_message_type(str(data.get("method", ""))) is not None
                return _Refused(data, INVALID_PARAMS if known or "method" not in data else METHOD_NOT_FOUND)

    #: the server this protocol serves (set by :class:`HrnServer`)
    hrn: HrnServer | None = None

    # The server keeps its own text of each open document (HrnServer.documents,
    # changed by document.apply_change): pygls's workspace kept a second copy,
    # with a change routine that cost 31 ms a change on a 1 MB document (2,000
    # changes: 16 CPU-s, against 0.3 for the server's own).  These three
    # replace pygls's built-in handlers of the same methods and only call the
    # server's features, as those do after updating the workspace.

    @lsp_method(types.TEXT_DOCUMENT_DID_OPEN)
    def lsp_text_document__did_open(self, params: types.DidOpenTextDocumentParams) -> Any:
        """The server's didOpen, without pygls's copy of the text."""
        if (handler := self.fm.features.get(types.TEXT_DOCUMENT_DID_OPEN)) is not None:
            yield handler, (params,), None

    @lsp_method(types.TEXT_DOCUMENT_DID_CHANGE)
    def lsp_text_document__did_change(self, params: types.DidChangeTextDocumentParams) -> Any:
        """The server's didChange, without pygls's copy of the text."""
        if (handler := self.fm.features.get(types.TEXT_DOCUMENT_DID_CHANGE)) is not None:
            yield handler, (params,), None

    @lsp_method(types.TEXT_DOCUMENT_DID_CLOSE)
    def lsp_text_document__did_close(self, params: types.DidCloseTextDocumentParams) -> Any:
        """The server's didClose (pygls holds no copy to drop)."""
        if (handler := self.fm.features.get(types.TEXT_DOCUMENT_DID_CLOSE)) is not None:
            yield handler, (params,), None

    def handle_message(self, message: Any) -> None:
        server = self.hrn
        assert server is not None
        if isinstance(message, _Refused):
            if not message.request and message.method.startswith("$/") and message.code == METHOD_NOT_FOUND:
                return      # (the protocol lets a server ignore these)
            if message.method != types.EXIT and (server.shut_down or (
                    not server.initialized and message.method != types.INITIALIZE)):
                # The session's state first, as for a well-shaped message: a
                # request after ``shutdown`` is InvalidRequest and one before
                # ``initialize`` ServerNotInitialized whatever its parameters
                # (a hover with ``{}`` after shutdown was answered -32602).
                self.handle_message(_Late(message))
                return
            problem = (msg("lsp.input.params_shape", method=message.method) if message.code == INVALID_PARAMS
                       else msg("lsp.input.unknown_method", method=message.method))
            server.refuse(problem, message.code if message.request else None, message.msg_id)
            return
        method = getattr(message, "method", None)
        if method is None or method == types.EXIT:
            super().handle_message(message)         # a response of the client, or exit
            return
        msg_id = getattr(message, "id", None)       # (a notification has none)
        if server.shut_down:
            # The protocol: a request after ``shutdown`` is answered with an
            # error (pygls logged "Server shutting down. No more requests!"
            # and left it unanswered).
            server.refuse(msg("lsp.input.after_shutdown", method=method),
                          INVALID_REQUEST if msg_id is not None else None, msg_id)
            return
        if server.initialized and method == types.INITIALIZE:
            # (the protocol: initialize is sent once; a second one would
            # change the language and rules of a session under way)
            server.refuse(msg("lsp.input.initialize_twice"), INVALID_REQUEST if msg_id is not None else None,
                          msg_id)
            return
        if not server.initialized and method != types.INITIALIZE:
            # The protocol: before ``initialize`` a request is answered with
            # -32002 and a notification dropped (pygls answered a hover with
            # null, and ran didOpen: the document was checked in the
            # server's default language and rules, not the client's).
            if msg_id is not None:
                server.refuse(msg("lsp.input.not_initialized", method=method),
                              SERVER_NOT_INITIALIZED, msg_id)
            return
        if method == types.CANCEL_REQUEST:
            cancelled = getattr(getattr(message, "params", None), "id", None)
            if isinstance(cancelled, bool) or not isinstance(cancelled, int | str):
                # (the converter let ``"id": []`` or ``{}`` through, and
                # pygls's look-up of it failed: "unhashable type: 'list'",
                # shown to the user as the server's failure; review 23)
                server.refuse(msg("lsp.input.params_shape", method=method),
                              INVALID_PARAMS if msg_id is not None else None, msg_id)
                return
            # Cancelling a request already answered is the common case: pygls
            # logged it as a warning, in English, for every one.
            with _quiet(logging.getLogger("pygls.protocol.json_rpc")):
                super().handle_message(message)
            return
        if self.fm.builtin_features.get(method) is None and self.fm.features.get(method) is None:
            # A method no feature answers: -32601 in the server's words for a
            # request (pygls answered "Method Not Found: ..." in English and
            # logged it twice), and for a notification one line on standard
            # error, none for the ``$/`` ones, which the protocol lets a
            # server ignore.
            if msg_id is not None or not method.startswith("$/"):
                server.refuse(msg("lsp.input.unknown_method", method=method),
                              METHOD_NOT_FOUND if msg_id is not None else None, msg_id)
            return
        if method == types.INITIALIZE:
            # pygls logs "Unknown `PositionEncoding`s: (...)" in English when
            # the client offers none it knows, and for an empty list, which
            # the protocol allows; the server says the first in its own
            # words (``initialize`` below), and nothing for the second.
            with _quiet(logging.getLogger("pygls.capabilities")):
                super().handle_message(message)
            return
        super().handle_message(message)


@contextlib.contextmanager
def _quiet(logger: logging.Logger) -> Iterator[None]:
    """*logger* silent for the duration (what it would say is said in the
    server's words instead)."""
    drop = logging.Filter("\0")       # a name no logger has: every record dropped
    logger.addFilter(drop)
    try:
        yield
    finally:
        logger.removeFilter(drop)


class HrnServer(LanguageServer):
    """The HRN language server: one per editor session."""

    def __init__(self) -> None:
        super().__init__("hearts-lsp", __version__,
                         text_document_sync_kind=types.TextDocumentSyncKind.Incremental,
                         protocol_cls=_HrnProtocol)
        assert isinstance(self.protocol, _HrnProtocol)
        self.protocol.hrn = self
        self.lang = "en"
        #: ``lang`` was chosen (``initializationOptions.lang``, or ``hearts lsp
        #: --lang`` for a client that sends no locale): every message is in
        #: it.  Otherwise an English session speaks of each record in the
        #: language the record is kept in (:meth:`lang_of`), as ``validate`` does
        self.lang_given = False
        self.rules: str | None = None
        self.debounce = 0.1
        self.documents: dict[str, OpenDocument] = {}
        #: the client asked for ``shutdown`` (the exit status is then 0)
        self.shut_down = False
        #: the client's ``initialize`` was answered: other messages are taken
        self.initialized = False
        #: the longest document checked as it is typed, in characters
        #: (``initializationOptions.checkLimit``): checking holds about a
        #: hundred times the text (a 4 MB record of 800 games: 450 MB and
        #: 11 CPU-s; 50 MB took 3 GB), so a larger one is kept and followed
        #: but not checked, and the editor is told so once per change
        self.check_limit = 1 << 21
        #: the most diagnostics published for one document
        #: (``initializationOptions.maxDiagnostics``): a record of 50,000
        #: empty deals has 100,000 findings, 25 MB of JSON sent again after
        #: every pause in typing, which an editor's problem list cannot take;
        #: the first ones are sent, and one information where the others start
        self.max_diagnostics = 1000
        #: the most characters the open documents' texts hold in all
        #: (:meth:`followed`; the ``document`` limit, set by :func:`serve`)
        self.document_limit = 1 << 28
        #: the documents holding an analysis, least recently used first,
        #: with their lengths (:meth:`analysis`)
        self._held: dict[str, int] = {}
        #: the messages read from the client so far (a refused one is named by its rank)
        self.received = 0

    # Messages that cannot be taken --------------------------------------------------------

    def refuse(self, problem: Msg, code: int | None, msg_id: Any = None) -> None:
        """Say why the client's latest message is not taken: one line on
        standard error (the editor's log of the server) and, unless *code*
        is ``None`` (a notification, which JSON-RPC never answers), an error
        response with the same words (``id`` null when the message's own
        could not be read)."""
        text = msg("lsp.input.refused", n=("num", self.received), problem=problem.arg()).text(self.lang)
        with contextlib.suppress(OSError):
            sys.stderr.write(f"hearts lsp: {text}\n")
            sys.stderr.flush()
        if code is None:
            return
        body = json.dumps({"jsonrpc": "2.0", "id": msg_id, "error": {"code": code, "message": text}})
        data = body.encode("utf-8")
        writer = self.protocol.writer
        if writer is not None:      # (one write: a whole frame, never mixed with pygls's own)
            writer.write(b"Content-Length: %d\r\n\r\n" % len(data) + data)

    def report_server_error(self, error: Exception, source: Any) -> None:
        """An error of the server's own (a bug), shown in the editor in the
        server's words, not pygls's "Error in server: ..."."""
        if source is FeatureRequestError:
            return      # a request's failure is in its answer already
        self.window_show_message(types.ShowMessageParams(
            type=types.MessageType.Error,
            message=msg("lsp.server_error", error=f"{type(error).__name__}: {error}").text(self.lang)))

    # Positions ----------------------------------------------------------------------------

    @property
    def encoding(self) -> str:
        """The position encoding agreed with the client (``utf-16`` by default)."""
        return str(self.workspace.position_encoding or "utf-16")

    # Every place sent goes through :meth:`position`, every place read through
    # :meth:`cursor`: both ask the document version's :class:`Positions`, the
    # one conversion between the reader's lines and the protocol's (lsp22).

    def position(self, places: Positions, line: int, column: int) -> types.Position:
        """The reader's (0-based line, code-point column) as the client counts it."""
        line, units = places.to_client(line, column, self.encoding)
        return types.Position(line=line, character=units)

    def span(self, places: Positions, e: Edit) -> types.Range:
        """An :class:`Edit`'s span as a protocol range."""
        return types.Range(start=self.position(places, e.line, e.column),
                           end=self.position(places, e.end_line, e.end_column))

    def cursor(self, places: Positions, pos: types.Position) -> tuple[int, int]:
        """A client position as the reader's (0-based line, code-point column)."""
        return places.to_reader(pos.line, pos.character, self.encoding)

    # Documents ----------------------------------------------------------------------------

    def open(self, uri: str, text: str, version: int | None) -> OpenDocument:
        """Start following a document."""
        doc = OpenDocument(uri, text, version, self.checker(uri), self.check_limit)
        self.documents[uri] = doc
        return doc

    def followed(self, doc: OpenDocument) -> bool:
        """Whether *doc* is still followed: the texts of the open documents
        hold at most the ``document`` limit of characters in all
        (``HEARTS_MAX_DOCUMENT``, the limit of one message).  Changes that
        insert a megabyte each, or documents opened by the hundred, grew the
        server's memory without end; the document that goes over is no
        longer followed (its text dropped, one error said on it, its later
        changes ignored) until the editor opens it again."""
        total = sum(len(d.text) for d in self.documents.values())
        if total <= self.document_limit:
            return True
        self.documents.pop(doc.uri, None)
        self.forget(doc.uri)
        if doc.pending is not None:
            doc.pending.cancel()
        where = types.Range(start=types.Position(line=0, character=0),
                            end=types.Position(line=0, character=0))
        text = msg("lsp.not_followed", size=("num", total),
                   limit=("num", self.document_limit)).text(self.lang_of(doc))
        self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(
            uri=doc.uri, diagnostics=[types.Diagnostic(range=where, message=text,
                                                       severity=types.DiagnosticSeverity.Error,
                                                       code="not-followed", source="hearts")]))
        return False

    def forget(self, uri: str) -> None:
        """A closed document holds no analysis any more."""
        self._held.pop(uri, None)

    def checker(self, uri: str) -> Checker:
        """A fresh checker for the document at *uri* (nothing checked yet)."""
        return Checker(self.rules, uri.rsplit("/", 1)[-1] or "<document>")

    def analysis(self, doc: OpenDocument) -> Analysis:
        """The analysis of *doc* as it is now, the documents whose analyses
        are kept bounded: the most recently used ones, up to twice
        ``checkLimit`` characters in all.  The analyses of the others (and
        their checkers' caches) are let go, made again when asked for.  A
        client that opened a hundred documents each under the limit held a
        hundred analyses, some 250 MB each."""
        analysis = doc.current()
        held = self._held
        held.pop(doc.uri, None)
        held[doc.uri] = len(doc.text) if doc.analysis is not None and not doc.too_large else 0
        total = sum(held.values())
        for uri in list(held):
            if total <= 2 * self.check_limit or uri == doc.uri:
                break
            total -= held.pop(uri)
            other = self.documents.get(uri)
            if other is not None:
                other.analysis = None
                other.checker = self.checker(uri)
        return analysis

    def change(self, doc: OpenDocument, params: types.DidChangeTextDocumentParams) -> None:
        """Apply a client's changes to the text, in order."""
        for change in params.content_changes:
            if isinstance(change, types.TextDocumentContentChangePartial):
                doc.text = apply_change(doc.text, (change.range.start.line, change.range.start.character),
                                        (change.range.end.line, change.range.end.character),
                                        change.text, self.encoding)
            else:
                doc.text = change.text
        doc.version = params.text_document.version

    def lang_of(self, doc: OpenDocument) -> str:
        """The language of the words said about *doc* (diagnostics, hovers,
        details, titles): the one chosen for the session (:attr:`lang_given`,
        or the client's locale when it is not English), else the language
        the record is kept in, as ``hearts validate`` chooses it
        (:func:`hearts_notation.language.run_language`: ``--lang``, a
        locale that is not English, the record's first line that says a
        language within its first 64 KiB, English).  A French sheet opened
        in an English VS Code was underlined in English while ``validate``
        in the same terminal said the same findings in French."""
        if self.lang_given or self.lang != "en":
            return self.lang
        return doc.language()

    def too_large(self, doc: OpenDocument) -> str:
        """What the editor is told of a document over the limit."""
        return msg("lsp.too_large", size=("num", len(doc.text)),
                   limit=("num", doc.limit)).text(self.lang_of(doc))

    def publish(self, doc: OpenDocument) -> None:
        """Send the findings of the document as it is now (for a document
        over the limit, one information that it is not checked)."""
        if doc.too_large:
            where = types.Range(start=types.Position(line=0, character=0),
                                end=types.Position(line=0, character=0))
            found = [types.Diagnostic(range=where, message=self.too_large(doc),
                                      severity=types.DiagnosticSeverity.Information,
                                      code="too-large", source="hearts")]
            self.text_document_publish_diagnostics(
                types.PublishDiagnosticsParams(uri=doc.uri, diagnostics=found, version=doc.version))
            return
        analysis = self.analysis(doc)
        places = analysis.positions
        every = diagnostics(analysis, self.lang_of(doc), shown=True)
        found = [self.diagnostic(doc.uri, places, d) for d in every[:self.max_diagnostics]]
        if len(every) > self.max_diagnostics:
            rest = self.diagnostic(doc.uri, places, every[self.max_diagnostics])
            found.append(types.Diagnostic(
                range=rest.range, severity=types.DiagnosticSeverity.Information, code="too-many",
                source="hearts", message=msg("lsp.too_many", shown=("num", self.max_diagnostics),
                                             count=("num", len(every))).text(self.lang_of(doc))))
        self.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(uri=doc.uri, diagnostics=found, version=doc.version))

    def diagnostic(self, uri: str, places: Positions, d: Diag) -> types.Diagnostic:
        """A finding as a protocol diagnostic, its words as ``validate``
        prints them: a control character of the record (an ESC or a NUL in
        a player's name or a card) shown as an escape (``\\x1b``), where the
        editor drew it raw or cut the message at it."""
        related = [types.DiagnosticRelatedInformation(
            location=types.Location(uri=uri, range=self.span(places, Edit(ln, a, ln, b, ""))),
            message=escape_controls(message)) for ln, a, b, message in d.related]
        return types.Diagnostic(range=self.span(places, Edit(d.line, d.start, d.line, d.end, "")),
                                message=escape_controls(d.message), severity=_SEVERITY[d.severity],
                                code=d.code, source="hearts", related_information=related or None)

    def schedule(self, doc: OpenDocument) -> None:
        """Publish once the typing pauses (an earlier wait is cancelled)."""
        if doc.pending is not None:
            doc.pending.cancel()
        doc.pending = asyncio.ensure_future(self._publish_later(doc))

    async def _publish_later(self, doc: OpenDocument) -> None:
        await asyncio.sleep(self.debounce)
        doc.pending = None
        if self.documents.get(doc.uri) is doc:
            self.publish(doc)

    # Answers ------------------------------------------------------------------------------

    def item(self, places: Positions, it: Item) -> types.CompletionItem:
        """A completion as the protocol's item."""
        edit = None
        if it.replace is not None:
            edit = types.TextEdit(range=self.span(places, it.replace), new_text=it.insert)
        return types.CompletionItem(label=it.label, kind=_ITEM_KIND.get(it.kind), detail=it.detail,
                                    sort_text=it.sort or None, filter_text=it.insert,
                                    insert_text=None if edit else it.insert, text_edit=edit)

    def symbol(self, places: Positions, s: Symbol) -> types.DocumentSymbol:
        """An outline entry as the protocol's document symbol."""
        whole = self.span(places, Edit(s.line, 0, s.end_line, s.end_column, ""))
        first = self.span(places, Edit(s.line, 0, s.line, len(places.lines[s.line]), ""))
        return types.DocumentSymbol(name=s.name, kind=_SYMBOL_KIND[s.kind], range=whole,
                                    selection_range=first, detail=s.detail or None,
                                    children=[self.symbol(places, c) for c in s.children] or None)

    def action(self, uri: str, places: Positions, a: Action,
               offered: Sequence[types.Diagnostic]) -> types.CodeAction:
        """A fix as the protocol's code action (with the diagnostics it fixes)."""
        edits = [types.TextEdit(range=self.span(places, e), new_text=e.text) for e in a.edits]
        line = edits[0].range.start.line        # (the client's line of the first edit)
        fixed = [d for d in offered if d.code in a.codes and d.range.start.line == line]
        return types.CodeAction(title=a.title, kind=types.CodeActionKind.QuickFix,
                                diagnostics=fixed or None,
                                edit=types.WorkspaceEdit(changes={uri: edits}))


def document_style(analysis: Analysis) -> Style:
    """The style of a document: that of its first game (English, letters
    for a document with no game yet)."""
    return analysis.games[0].checked.style if analysis.games else Style()


def build(lang: str = "en", given: bool = False) -> HrnServer:
    """The server with its features registered; *lang* until the client's
    ``initialize`` says otherwise (*given*: ``hearts lsp --lang`` was on the
    command line, and holds for every record when the client sends no
    locale)."""
    server = HrnServer()
    server.lang = lang
    server.lang_given = given

    @server.feature(types.INITIALIZE)
    def initialize(ls: HrnServer, params: types.InitializeParams) -> None:
        options: Any = params.initialization_options or {}
        if not isinstance(options, dict):
            options = {}
        given = options.get("lang")
        ls.lang_given = (isinstance(given, str)
                         and given.replace("_", "-").split("-", 1)[0].lower() in LANGUAGES) or (
            ls.lang_given and not params.locale)
        ls.lang = client_language(options.get("lang") or params.locale, ls.lang)
        set_language(ls.lang)
        general = params.capabilities.general
        offered = general.position_encodings if general is not None else None
        if offered and not any(e in POSITION_ENCODINGS for e in offered):
            named = ", ".join(_value(e) for e in list(offered)[:5]) + (", ..." if len(offered) > 5 else "")
            with contextlib.suppress(OSError):
                sys.stderr.write("hearts lsp: " + msg("lsp.encoding.unknown", offered=named).text(ls.lang)
                                 + "\n")
        rules = options.get("rules")
        ls.rules = rules if isinstance(rules, str) and rules.strip() else None
        if ls.rules is not None:
            try:
                load_rules(ls.rules)
            except RuleError as exc:    # said once, not at every check
                ls.rules = None
                ls.window_show_message(types.ShowMessageParams(
                    type=types.MessageType.Warning,
                    message=msg("lsp.rules.bad", problem=exc.arg()).text(ls.lang)))
        debounce = options.get("debounce")
        if isinstance(debounce, int | float) and 0 <= debounce <= 5:
            ls.debounce = float(debounce)
        limit = options.get("checkLimit")
        if isinstance(limit, int) and not isinstance(limit, bool) and limit > 0:
            ls.check_limit = limit
        most = options.get("maxDiagnostics")
        if isinstance(most, int) and not isinstance(most, bool) and most > 0:
            ls.max_diagnostics = most
        ls.initialized = True

    @server.feature(types.SHUTDOWN)
    def shutdown(ls: HrnServer, params: None) -> None:
        ls.shut_down = True
        for doc in ls.documents.values():
            if doc.pending is not None:
                doc.pending.cancel()

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: HrnServer, params: types.DidOpenTextDocumentParams) -> None:
        item = params.text_document
        doc = ls.open(item.uri, item.text, item.version)
        if ls.followed(doc):
            ls.publish(doc)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    async def did_change(ls: HrnServer, params: types.DidChangeTextDocumentParams) -> None:
        doc = ls.documents.get(params.text_document.uri)
        if doc is None:
            return
        ls.change(doc, params)
        if ls.followed(doc):
            ls.schedule(doc)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: HrnServer, params: types.DidCloseTextDocumentParams) -> None:
        doc = ls.documents.pop(params.text_document.uri, None)
        ls.forget(params.text_document.uri)
        if doc is not None and doc.pending is not None:
            doc.pending.cancel()
        ls.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(uri=params.text_document.uri, diagnostics=[]))

    @server.feature(types.TEXT_DOCUMENT_COMPLETION,
                    types.CompletionOptions(trigger_characters=[" ", "[", "."]))
    def completion(ls: HrnServer, params: types.CompletionParams) -> types.CompletionList | None:
        doc = ls.documents.get(params.text_document.uri)
        if doc is None:
            return None
        analysis = ls.analysis(doc)
        line, column = ls.cursor(analysis.positions, params.position)
        items = complete(analysis, doc.checker, line, column, ls.lang_of(doc))
        return types.CompletionList(is_incomplete=False,
                                    items=[ls.item(analysis.positions, it) for it in items])

    @server.feature(types.TEXT_DOCUMENT_HOVER)
    def on_hover(ls: HrnServer, params: types.HoverParams) -> types.Hover | None:
        doc = ls.documents.get(params.text_document.uri)
        if doc is None:
            return None
        analysis = ls.analysis(doc)
        line, column = ls.cursor(analysis.positions, params.position)
        found = hover(analysis, doc.checker, line, column, ls.lang_of(doc))
        if found is None:
            return None
        text, span = found
        return types.Hover(contents=types.MarkupContent(kind=types.MarkupKind.Markdown,
                                                        value=escape_controls(text, keep_layout=True)),
                           range=ls.span(analysis.positions, span))

    @server.feature(types.TEXT_DOCUMENT_DEFINITION)
    def on_definition(ls: HrnServer, params: types.DefinitionParams) -> types.Location | None:
        doc = ls.documents.get(params.text_document.uri)
        if doc is None:
            return None
        analysis = ls.analysis(doc)
        line, column = ls.cursor(analysis.positions, params.position)
        target = definition(analysis, doc.checker, line, column)
        if target is None:
            return None
        return types.Location(uri=doc.uri, range=ls.span(analysis.positions, target))

    @server.feature(types.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
    def on_symbols(ls: HrnServer, params: types.DocumentSymbolParams
                   ) -> list[types.DocumentSymbol] | None:
        doc = ls.documents.get(params.text_document.uri)
        if doc is None:
            return None
        analysis = ls.analysis(doc)
        return [ls.symbol(analysis.positions, s) for s in symbols(analysis, doc.checker, ls.lang_of(doc))]

    @server.feature(types.TEXT_DOCUMENT_FORMATTING)
    def on_format(ls: HrnServer, params: types.DocumentFormattingParams
                  ) -> list[types.TextEdit] | None:
        doc = ls.documents.get(params.text_document.uri)
        if doc is None:
            return None
        if doc.too_large:
            ls.window_show_message(types.ShowMessageParams(type=types.MessageType.Warning,
                                                           message=ls.too_large(doc)))
            return None
        analysis = ls.analysis(doc)
        text, errors = format_text(doc.text, document_style(analysis), ls.rules,
                                   doc.uri.rsplit("/", 1)[-1], ls.lang_of(doc))
        if text is None:
            ls.window_show_message(types.ShowMessageParams(
                type=types.MessageType.Warning,
                message=escape_controls(translate(ls.lang_of(doc), "lsp.format.failed",
                                                  error=errors[0] if errors else ""), keep_layout=True)))
            return None
        if text == doc.text:
            return []
        lines = analysis.lines      # (the analysis of doc.text as it is: ls.analysis)
        end = Edit(0, 0, len(lines) - 1, len(lines[-1]), text)
        return [types.TextEdit(range=ls.span(analysis.positions, end), new_text=text)]

    @server.feature(types.TEXT_DOCUMENT_CODE_ACTION,
                    types.CodeActionOptions(code_action_kinds=[types.CodeActionKind.QuickFix]))
    def on_code_action(ls: HrnServer, params: types.CodeActionParams
                       ) -> list[types.CodeAction] | None:
        doc = ls.documents.get(params.text_document.uri)
        if doc is None:
            return None
        analysis = ls.analysis(doc)
        # (the client's lines of the range, whole: every reader's line on them)
        places = analysis.positions
        first = places.to_reader(params.range.start.line, 0, ls.encoding)[0]
        last = places.to_reader(params.range.end.line, _LINE_END, ls.encoding)[0]
        found = code_actions(analysis, doc.checker, first, last, ls.lang_of(doc))
        return [ls.action(doc.uri, analysis.positions, a, params.context.diagnostics) for a in found]

    return server


class MessageTooLong(Exception):
    """A client's message announces a body over the ``document`` limit
    (``Content-Length: 99999999999999``): pygls would allocate it and end
    in a MemoryError; the command says so in one line instead."""

    def __init__(self, size: int, limit: int) -> None:
        super().__init__(size, limit)
        self.size = size
        self.limit = limit


#: The longest header line read at once (a line longer is no header).
_HEADER_LINE = 1 << 16
#: A header's name (HTTP's token): a line of JSON sent without its header is none.
_HEADER_NAME = re.compile(rb"[!#$%&'*+\-.^_`|~0-9A-Za-z]+")
#: A body is read in pieces of this size as they come (:meth:`FrameReader._body`).
_BODY_CHUNK = 1 << 16
#: A ``Content-Length`` header inside a body: no JSON text holds one.
_NEXT_HEADER = re.compile(rb"content-length[ \t]*:[ \t]*[0-9]+[ \t]*\r?\n", re.IGNORECASE)
#: How far back over the seam of two pieces a header is looked for.
_NEXT_HEADER_REACH = 64
#: Seconds a message begun (a header line started, a body announced) may
#: go without a byte before it is refused as stalled (:class:`FrameReader`).
#: An editor writes a frame at once, and even a 50 MB ``didOpen`` through a
#: pipe keeps coming in pieces: ten seconds of nothing in the middle of a
#: message is a client that lied about its length, not a slow one.
STALL_SECONDS = 10.0


class _Stalled(Exception):
    """No byte came for :data:`STALL_SECONDS` in the middle of a message."""


class FrameReader:
    """Standard input cut into the protocol's messages, each checked and
    parsed once before the server handles it (:meth:`message`).

    *source* is a binary stream; *limit* the longest body taken (the
    ``document`` limit); *server* the one that refuses what is no message
    (:meth:`HrnServer.refuse`); *stall* the seconds a message begun may go
    without a byte (:data:`STALL_SECONDS`).  The stall is watched when
    *source* is an unbuffered file (:class:`io.RawIOBase` with a
    descriptor, as :func:`serve` opens standard input): a buffered stream
    may hold bytes its descriptor no longer shows.  Public, for the tests
    and any program that drives the server in process (tests/lsp_frames.py
    writes the other end).

    pygls took any bytes: a header without ``Content-Length`` made it read
    the body as headers and lose the next message too, and a body that was
    not one JSON-RPC object (a list, ``42``, no ``"jsonrpc"``, broken JSON)
    ended in "'list' object has no attribute 'jsonrpc'" shown to the user,
    a traceback on standard error and no answer.  Here a message is a
    header block with a ``Content-Length`` (any case, other headers
    ignored) and that many bytes of UTF-8 JSON holding one object with
    ``"jsonrpc": "2.0"`` and a string ``method`` (or an ``id`` with a
    ``result`` or an ``error``), ``params`` an object or a list, ``id`` a
    number or a string.  A message that is not is refused as JSON-RPC says
    (:meth:`HrnServer.refuse`: an error with ``id`` null, -32700 for what
    is not JSON, -32600 for what is no request) and the next one is read;
    after a header block without a usable length the input is read on to
    the next ``Content-Length`` line.  A length over the ``document`` limit
    ends the session (:class:`MessageTooLong`): no message can be read past
    it.  A message that stops coming in its middle (its header block
    begun, or its body short of its length) for *stall* seconds is refused
    (-32700) and the input read on (review 23: a ``Content-Length`` larger
    than a body followed by nothing waited for ever while the editor waited
    for its answer); between messages the input may stay quiet for as long
    as the editor likes.

    The body is decoded and parsed once, here, and the parsed object is
    what the server handles (pygls's own loop parsed it a second time: a
    50 MB ``didOpen`` held its bytes, its text and two parsed copies at
    once: 135 MB over the session's own memory, 88 MB now).  The bytes are let go once decoded, the text once
    parsed."""

    def __init__(self, source: Any, limit: int, server: HrnServer, stall: float = STALL_SECONDS) -> None:
        self._raw = source
        self._limit = limit
        self._server = server
        self._stall = stall
        #: the descriptor whose stall is watched (``None``: not watched)
        # (POSIX: select() watches pipes there, not on Windows)
        self._fd = _descriptor(source) if isinstance(source, io.RawIOBase) and os.name == "posix" else None
        #: bytes read and not yet taken (a line read past a header block
        #: that starts the next one, the rest of a piece read for a line)
        self._back: bytes | None = None

    def message(self) -> Any:
        """The next message that is JSON-RPC, as pygls types it (refusing
        the others on the way), or ``None`` at the end of the input (the
        client went away, perhaps in the middle of a message)."""
        while True:
            try:
                size = self._header()
            except _Stalled:
                self._stalled(None, 0)
                continue
            if size is None:
                return None
            if size < 0:
                continue            # refused; the input is read on from the next header
            if size > self._limit:
                raise MessageTooLong(size, self._limit)
            text = self._body(size)
            if text is None:
                return None
            if isinstance(text, str):
                value, problem, code = _check_message(text)
                del text
                if problem is None:
                    return self._server.protocol.structure_message(value)
            else:
                problem, code = text, PARSE_ERROR
            self._server.refuse(problem, code)

    def _stalled(self, size: int | None, got: int) -> Msg:
        """The message that stopped coming, counted and worded (the
        refusal of a stalled header block is sent here; a body's is the
        caller's, as every body's)."""
        self._server.received += 1
        seconds = decimal(self._stall)    # « 2,5 secondes » in French (lang29)
        if size is None:
            self._server.refuse(msg("lsp.input.stalled_header", seconds=seconds), PARSE_ERROR)
        return msg("lsp.input.stalled_body", size=("num", size or 0), got=("num", got), seconds=seconds)

    def _read(self, size: int, midway: bool) -> bytes:
        """Up to *size* bytes as they come (``b""`` at the end of the
        input); in the middle of a message (*midway*), :class:`_Stalled`
        when none comes for the stall's seconds."""
        if midway and self._fd is not None:
            import select

            ready, _, _ = select.select([self._fd], [], [], self._stall)
            if not ready:
                raise _Stalled
        read = getattr(self._raw, "read1", None) or self._raw.read
        chunk: bytes | None = read(size)
        return chunk or b""

    def _body(self, size: int) -> str | Msg | None:
        """The next *size* bytes as text (the bytes dropped at once), why
        they are not UTF-8, are shorter than announced or stopped coming,
        or ``None`` when the input ends before them.

        The bytes are read as they come, and a ``Content-Length`` header
        among them (the name, a number and a raw line break, which no JSON
        text holds: inside a string the line break is refused, outside one
        the name is) ends a body whose header announced more than was
        sent: that body is refused as short (-32700) and the header read as
        the next message's.  Read whole before, such a lie took the next
        message into its body (both refused: a ``shutdown`` went
        unanswered) or, announcing more than ever came, waited for bytes
        while the editor waited for an answer."""
        parts: list[bytes] = []
        got = 0
        while got < size:
            if self._back is not None:      # (what a lie before read past its body)
                chunk, self._back = self._back[:size - got], self._back[size - got:] or None
            else:
                try:
                    chunk = self._read(min(size - got, _BODY_CHUNK), midway=True)
                except _Stalled:
                    return self._stalled(size, got)
            if not chunk:
                return None         # the client went away in the middle of a message
            # (the window reaches back over the pieces' seam: a header cut by it)
            window = (parts[-1][-_NEXT_HEADER_REACH:] if parts else b"") + chunk
            # (no raw line break, no header: a compact body, the usual one,
            # is looked through at memchr's speed, not the pattern's 20 ns a byte)
            found = _NEXT_HEADER.search(window) if b"\n" in chunk else None
            if found is not None:
                cut = got - (len(window) - len(chunk)) + found.start()
                whole = b"".join(parts) + chunk + (self._back or b"")
                self._back = whole[cut:]
                self._server.received += 1
                return msg("lsp.input.short_body", size=("num", size), found=("num", cut))
            parts.append(chunk)
            got += len(chunk)
        body = b"".join(parts)
        del parts
        self._server.received += 1
        try:
            return body.decode("utf-8")
        except UnicodeDecodeError as exc:
            return msg("lsp.input.not_utf8", offset=("num", exc.start))

    def _line(self, midway: bool = False) -> bytes:
        """The next line, its line break kept, cut at :data:`_HEADER_LINE`
        bytes (``b""`` at the end of the input).  A line begun, or any line
        when *midway* (a header block begun), is watched for a stall."""
        line = self._back or b""
        self._back = None
        while True:
            end = line.find(b"\n", 0, _HEADER_LINE) + 1
            if end or len(line) >= _HEADER_LINE:
                end = end or _HEADER_LINE
                line, self._back = line[:end], line[end:] or None
                return line
            try:
                chunk = self._read(_BODY_CHUNK, midway=midway or bool(line))
            except _Stalled:
                self._back = line or None
                raise
            if not chunk:
                return line
            line += chunk

    def _header(self) -> int | None:
        """The ``Content-Length`` of the next header block; -1 when the
        block has none that can be read (refused, and the input skipped to
        the next ``Content-Length`` line); ``None`` at the end.
        :class:`_Stalled` when the block stops coming once begun (what came
        of it is dropped)."""
        size: int | None = None
        bad: Msg | None = None
        first = b""                 # the block's first line, to quote
        while True:
            try:
                line = self._line(midway=bool(first))
            except _Stalled:
                self._back = None   # (the block's beginning: no message)
                raise
            if not line:
                return None
            if not line.strip():
                if not first:
                    continue        # blank lines between messages
                break
            first = first or line
            name, colon, value = line.partition(b":")
            if not colon or len(line) >= _HEADER_LINE or _HEADER_NAME.fullmatch(name) is None:
                bad = msg("lsp.input.no_length", found=_shown(line))
                break
            if name.strip().lower() == b"content-length":
                digits = value.strip()
                if digits.isdigit() and len(digits) <= 18:
                    size = int(digits)
                else:
                    bad = msg("lsp.input.bad_length", found=_shown(digits))
        if bad is None and size is not None:
            return size
        self._server.received += 1
        self._server.refuse(bad or msg("lsp.input.no_length", found=_shown(first)), PARSE_ERROR)
        self._skip(line[1:])
        return -1

    def _skip(self, line: bytes) -> None:
        """Read on from *line* (the rest of the line refused) to the next
        ``Content-Length`` header: a body sent without its length ends where
        the next header starts, on the same line when no line break
        follows it."""
        while True:
            at = line.lower().find(b"content-length:")
            if at >= 0:
                self._back = line[at:] + (self._back or b"")
                return
            try:
                line = self._line()
            except _Stalled:
                self._back = None   # (a line of no message that stopped: dropped, as the rest)
                continue
            if not line:
                return


def _shown(data: bytes) -> str:
    """Bytes of the input for a message: quoted, cut at 40 characters."""
    text = data.decode("utf-8", "replace").rstrip("\r\n")
    return repr(text[:40] + ("..." if len(text) > 40 else ""))


def _check_message(text: str) -> tuple[Any, Msg | None, int]:
    """*text* parsed, and why it is not one JSON-RPC message (``None`` when
    it is) with the error code JSON-RPC gives that."""
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        where = {"line": ("num", exc.lineno), "column": ("num", exc.colno)}
        return None, msg("lsp.input.not_json", **where), PARSE_ERROR
    except (ValueError, RecursionError):    # a number past Python's digits, nesting past the stack
        return None, msg("lsp.input.unreadable_json"), PARSE_ERROR
    problem, code = _check_value(value)
    return value, problem, code


def _check_value(value: Any) -> tuple[Msg | None, int]:
    """Why the parsed *value* is not one JSON-RPC message (``None`` when it
    is), and the error code JSON-RPC gives that."""
    from ..io.jsonio import json_type

    if isinstance(value, list):
        return msg("lsp.input.batch"), INVALID_REQUEST
    if not isinstance(value, dict):
        return msg("lsp.input.not_object", found=json_type(value)), INVALID_REQUEST
    if "jsonrpc" not in value:
        return msg("lsp.input.no_jsonrpc_member"), INVALID_REQUEST
    version = value["jsonrpc"]
    if version != "2.0":
        return msg("lsp.input.no_jsonrpc", found=_value(version)), INVALID_REQUEST
    if "method" in value:
        if not isinstance(value["method"], str):
            return msg("lsp.input.bad_method", found=_value(value["method"])), INVALID_REQUEST
        if "params" in value and value["params"] is None:
            # ``"params": null`` is how some clients write "no parameters"
            # (Emacs's jsonrpc.el for ``shutdown`` and ``exit``, serializers
            # that keep a nil field): taken as absent, as pygls takes it.
            # Refused, a ``shutdown`` went unanswered and the editor waited
            # for it, then ``exit`` too, and the server lived on.
            del value["params"]
        if "params" in value and not isinstance(value["params"], dict | list):
            return msg("lsp.input.bad_params", found=_value(value["params"])), INVALID_REQUEST
    elif "id" not in value or ("result" not in value and "error" not in value):
        return msg("lsp.input.no_method"), INVALID_REQUEST
    msg_id = value.get("id")
    if (msg_id is None and "id" in value and "method" in value) or (
            msg_id is not None and (isinstance(msg_id, bool) or not isinstance(msg_id, int | str))):
        # (a request's id is a number or a string in the protocol: a null
        # one cannot be told from the id of an unreadable message's error)
        return msg("lsp.input.bad_id", found=_value(msg_id)), INVALID_REQUEST
    return None, 0


def _value(value: Any) -> str:
    """A JSON value for a message, as JSON spells it, cut at 40 characters."""
    text = json.dumps(value, ensure_ascii=False)
    return text[:40] + ("..." if len(text) > 40 else "")


class _OneLine(logging.Handler):
    """pygls's log on standard error (the editor's log of the server), one
    line a record, never a traceback (a message that cannot be read is
    refused in the server's own words: :class:`FrameReader`)."""

    def emit(self, record: logging.LogRecord) -> None:
        with contextlib.suppress(Exception):
            first = record.getMessage().split("\n", 1)[0]
            sys.stderr.write(f"hearts lsp: {first}\n")


class _Output:
    """Standard output for pygls: each frame written and flushed at once.

    A write the client can no longer take ends the session (*lost* is
    called): the editor closed its end of the pipe (EPIPE; SIGPIPE is
    ignored while the server runs, :func:`serve`, so the write fails rather
    than the process dying with status 141 and not a word), or the output
    cannot be written at all (a full disk).  pygls logged the broken pipe
    with a traceback and went on reading; the server now stops at once,
    quietly: nobody is left to answer."""

    def __init__(self, stream: Any, lost: Any) -> None:
        self._stream = stream
        self._lost = lost
        #: a write failed: nothing more is written
        self.broken = False

    def write(self, data: bytes) -> None:
        if self.broken or self._stream.closed:
            return
        try:
            self._stream.write(data)
            self._stream.flush()
        except OSError:
            self.broken = True
            self._lost()

    def close(self) -> None:
        with contextlib.suppress(OSError):      # (a frame left unwritten in the buffer)
            self._stream.close()


async def _session(server: HrnServer, frames: FrameReader, out: Any) -> None:
    """Hand the server the client's messages one by one until the input
    ends, the client's ``exit`` (pygls raises :class:`SystemExit`), or a
    write the client cannot take (:class:`_Output`).

    The messages are read by a thread of their own, one when the session
    asks for it (the next is not read before the last one is handled, as
    pygls's loop did), and a daemon: when the client closed standard
    output but not standard input, the session ends without waiting for a
    read that may never return (pygls's reading threads were joined at its
    shut-down)."""
    import queue
    import threading

    from pygls.exceptions import JsonRpcInternalError

    loop = asyncio.get_running_loop()
    lost = asyncio.Event()

    def on_lost() -> None:
        with contextlib.suppress(RuntimeError):     # (the session's loop closed already)
            loop.call_soon_threadsafe(lost.set)

    writer = _Output(out, on_lost)
    server.protocol.set_writer(writer)
    asks: queue.SimpleQueue[asyncio.Future[Any]] = queue.SimpleQueue()

    def settle(answer: asyncio.Future[Any], item: Any) -> None:
        if answer.done():
            return
        if isinstance(item, MessageTooLong):
            answer.set_exception(item)
        else:
            answer.set_result(item)

    def read() -> None:
        while True:
            answer = asks.get()
            try:
                item: Any = frames.message()
            except MessageTooLong as exc:
                item = exc
            try:
                loop.call_soon_threadsafe(settle, answer, item)
            except RuntimeError:
                return                  # the session ended meanwhile
            if item is None or isinstance(item, MessageTooLong):
                return

    threading.Thread(target=read, name="hearts-lsp-input", daemon=True).start()
    gone = asyncio.ensure_future(lost.wait())
    try:
        while not lost.is_set():
            answer: asyncio.Future[Any] = loop.create_future()
            asks.put(answer)
            await asyncio.wait({answer, gone}, return_when=asyncio.FIRST_COMPLETED)
            if not answer.done():
                break                   # the client is gone
            message = answer.result()
            if message is None:
                break                   # the end of the input
            try:
                server.protocol.handle_message(message)
            except Exception as exc:    # (a fault of one message: said in the editor, the session goes on)
                server.report_server_error(exc, JsonRpcInternalError)
    finally:
        gone.cancel()


def _descriptor(stream: Any) -> int | None:
    """The descriptor of a standard stream, or ``None`` for one the program
    was started without (:func:`hearts_notation.output.guard_standard_streams`
    put a stand-in there, which has none)."""
    try:
        fd: int = stream.fileno()
    except (io.UnsupportedOperation, ValueError):
        return None
    return fd


def serve(lang: str = "en", given: bool = False) -> bool:
    """Run the server on standard input and output until the client exits;
    whether the client asked for ``shutdown`` before (the protocol's exit
    status is 0 then, else 1: also when the input ends without ``exit``, or
    the editor closes its end of standard output).

    The protocol goes out on a duplicate of standard output's descriptor,
    which pygls closes at ``exit``; ``sys.stdout`` itself points to standard
    error meanwhile, so that nothing printed by mistake can corrupt the
    protocol's stream.  Standard input is read through a duplicate too: the
    reading thread may still wait on it when the session ends, and the
    interpreter's own ``sys.stdin`` must stay free for its shut-down."""
    import signal

    from ..io.limits import current as current_limits

    server = build(lang, given)
    pygls_log = logging.getLogger("pygls")
    if not any(isinstance(h, _OneLine) for h in pygls_log.handlers):
        pygls_log.addHandler(_OneLine(logging.WARNING))
        pygls_log.propagate = False
    out_fd = _descriptor(sys.stdout)
    if out_fd is None:
        # Started with standard output closed (``>&-``): nobody to talk to,
        # said as every command says it (it took hearts down with status 3).
        raise OutputError("-", standard_output_problem() or msg("output.stream_closed"), errno.EBADF)
    out = os.fdopen(os.dup(out_fd), "wb")
    server.document_limit = current_limits().document
    in_fd = _descriptor(sys.stdin)      # (closed: descriptor 0 reads /dev/null, guard_standard_streams)
    # (unbuffered: the reader keeps its own bytes, and watches the
    # descriptor for a message that stops coming, FrameReader)
    frames = FrameReader(os.fdopen(os.dup(0 if in_fd is None else in_fd), "rb", buffering=0),
                         current_limits().document, server)
    sigpipe = signal.signal(signal.SIGPIPE, signal.SIG_IGN) if hasattr(signal, "SIGPIPE") else None
    try:
        with contextlib.suppress(KeyboardInterrupt, SystemExit), contextlib.redirect_stdout(sys.stderr):
            asyncio.run(_session(server, frames, out))
    finally:
        with contextlib.suppress(OSError):      # (before SIGPIPE is back: a frame may be left unwritten)
            out.close()
        if sigpipe is not None:
            signal.signal(signal.SIGPIPE, sigpipe)
    return server.shut_down
