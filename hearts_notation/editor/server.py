"""``hearts lsp``: the Language Server Protocol over standard input and output.

Built on pygls (the optional extra ``[lsp]``).  The server keeps each open
document's text (it applies the client's incremental changes itself, with
lines cut at ``\\n`` as the reader cuts them), a
:class:`~hearts_notation.editor.document.Checker` per document (the games
already read and refereed), and answers with
:mod:`hearts_notation.editor.features`.

- **Language.**  The words shown are in the client's language
  (``initialize``'s ``locale``: French for ``fr``, ``fr-FR``..., English
  otherwise), or ``initializationOptions.lang``.
- **Diagnostics** are pushed on open, and after each change once the
  typing has paused for ``initializationOptions.debounce`` seconds
  (default 0.1): a burst of keystrokes is checked once, and only the deals
  the burst touched are read and refereed again (:mod:`.deals`).
- **Positions** are converted to and from the encoding negotiated at
  ``initialize`` (UTF-16 unless the client offers another).
- ``initializationOptions.rules`` applies to records without a ``Rules``
  tag, as ``--rules`` does on the command line.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from lsprotocol import types
from pygls.lsp.server import LanguageServer

from .. import __version__
from ..i18n import LANGUAGES, msg, set_language, translate
from ..rules import RuleError, load_rules
from .document import Analysis, Checker, Style, apply_change, from_units, split_lines, to_units
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

__all__ = ["HrnServer", "serve"]

_SEVERITY = {"error": types.DiagnosticSeverity.Error, "warning": types.DiagnosticSeverity.Warning,
             "info": types.DiagnosticSeverity.Information}
_ITEM_KIND = {"card": types.CompletionItemKind.Value, "keyword": types.CompletionItemKind.Keyword,
              "trick": types.CompletionItemKind.Keyword, "tag": types.CompletionItemKind.Property,
              "direction": types.CompletionItemKind.EnumMember,
              "choice": types.CompletionItemKind.EnumMember,
              "seat": types.CompletionItemKind.Variable}
_SYMBOL_KIND = {"game": types.SymbolKind.Module, "deal": types.SymbolKind.Namespace,
                "trick": types.SymbolKind.Event}


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
    analysis: Analysis | None = None
    pending: asyncio.Task[None] | None = field(default=None, repr=False)

    def current(self) -> Analysis:
        """The analysis of the text as it is now (made once per text)."""
        if self.analysis is None or self.analysis.text != self.text:
            self.analysis = self.checker.analyse(self.text)
        return self.analysis


class HrnServer(LanguageServer):
    """The HRN language server: one per editor session."""

    def __init__(self) -> None:
        super().__init__("hearts-lsp", __version__,
                         text_document_sync_kind=types.TextDocumentSyncKind.Incremental)
        self.lang = "en"
        self.rules: str | None = None
        self.debounce = 0.1
        self.documents: dict[str, OpenDocument] = {}
        #: the client asked for ``shutdown`` (the exit status is then 0)
        self.shut_down = False

    # Positions ----------------------------------------------------------------------------

    @property
    def encoding(self) -> str:
        """The position encoding agreed with the client (``utf-16`` by default)."""
        return str(self.workspace.position_encoding or "utf-16")

    def position(self, lines: Sequence[str], line: int, column: int) -> types.Position:
        """A (0-based line, code-point column) as the client counts it."""
        if line >= len(lines):
            return types.Position(line=len(lines), character=0)
        return types.Position(line=line, character=to_units(lines[line], column, self.encoding))

    def span(self, lines: Sequence[str], e: Edit) -> types.Range:
        """An :class:`Edit`'s span as a protocol range."""
        return types.Range(start=self.position(lines, e.line, e.column),
                           end=self.position(lines, e.end_line, e.end_column))

    def cursor(self, lines: Sequence[str], pos: types.Position) -> tuple[int, int]:
        """A client position as (0-based line, code-point column)."""
        if pos.line >= len(lines):
            return len(lines) - 1, len(lines[-1])
        return pos.line, from_units(lines[pos.line], pos.character, self.encoding)

    # Documents ----------------------------------------------------------------------------

    def open(self, uri: str, text: str, version: int | None) -> OpenDocument:
        """Start following a document."""
        name = uri.rsplit("/", 1)[-1] or "<document>"
        doc = OpenDocument(uri, text, version, Checker(self.rules, name))
        self.documents[uri] = doc
        return doc

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

    def publish(self, doc: OpenDocument) -> None:
        """Send the findings of the document as it is now."""
        analysis = doc.current()
        lines = analysis.lines
        found = [self.diagnostic(doc.uri, lines, d) for d in diagnostics(analysis, self.lang)]
        self.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(uri=doc.uri, diagnostics=found, version=doc.version))

    def diagnostic(self, uri: str, lines: Sequence[str], d: Diag) -> types.Diagnostic:
        """A finding as a protocol diagnostic."""
        related = [types.DiagnosticRelatedInformation(
            location=types.Location(uri=uri, range=self.span(lines, Edit(ln, a, ln, b, ""))),
            message=message) for ln, a, b, message in d.related]
        return types.Diagnostic(range=self.span(lines, Edit(d.line, d.start, d.line, d.end, "")),
                                message=d.message, severity=_SEVERITY[d.severity], code=d.code,
                                source="hearts", related_information=related or None)

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

    def item(self, lines: Sequence[str], it: Item) -> types.CompletionItem:
        """A completion as the protocol's item."""
        edit = None
        if it.replace is not None:
            edit = types.TextEdit(range=self.span(lines, it.replace), new_text=it.insert)
        return types.CompletionItem(label=it.label, kind=_ITEM_KIND.get(it.kind), detail=it.detail,
                                    sort_text=it.sort or None, filter_text=it.insert,
                                    insert_text=None if edit else it.insert, text_edit=edit)

    def symbol(self, lines: Sequence[str], s: Symbol) -> types.DocumentSymbol:
        """An outline entry as the protocol's document symbol."""
        whole = self.span(lines, Edit(s.line, 0, s.end_line, s.end_column, ""))
        first = self.span(lines, Edit(s.line, 0, s.line, len(lines[s.line]), ""))
        return types.DocumentSymbol(name=s.name, kind=_SYMBOL_KIND[s.kind], range=whole,
                                    selection_range=first, detail=s.detail or None,
                                    children=[self.symbol(lines, c) for c in s.children] or None)

    def action(self, uri: str, lines: Sequence[str], a: Action,
               offered: Sequence[types.Diagnostic]) -> types.CodeAction:
        """A fix as the protocol's code action (with the diagnostics it fixes)."""
        edits = [types.TextEdit(range=self.span(lines, e), new_text=e.text) for e in a.edits]
        first = a.edits[0]
        fixed = [d for d in offered if d.code in a.codes and d.range.start.line == first.line]
        return types.CodeAction(title=a.title, kind=types.CodeActionKind.QuickFix,
                                diagnostics=fixed or None,
                                edit=types.WorkspaceEdit(changes={uri: edits}))


def document_style(analysis: Analysis) -> Style:
    """The style of a document: that of its first game (English, letters
    for a document with no game yet)."""
    return analysis.games[0].checked.style if analysis.games else Style()


def build(lang: str = "en") -> HrnServer:
    """The server with its features registered; *lang* until the client's
    ``initialize`` says otherwise."""
    server = HrnServer()
    server.lang = lang

    @server.feature(types.INITIALIZE)
    def initialize(ls: HrnServer, params: types.InitializeParams) -> None:
        options: Any = params.initialization_options or {}
        if not isinstance(options, dict):
            options = {}
        ls.lang = client_language(options.get("lang") or params.locale, ls.lang)
        set_language(ls.lang)
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

    @server.feature(types.SHUTDOWN)
    def shutdown(ls: HrnServer, params: None) -> None:
        ls.shut_down = True
        for doc in ls.documents.values():
            if doc.pending is not None:
                doc.pending.cancel()

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: HrnServer, params: types.DidOpenTextDocumentParams) -> None:
        item = params.text_document
        ls.publish(ls.open(item.uri, item.text, item.version))

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    async def did_change(ls: HrnServer, params: types.DidChangeTextDocumentParams) -> None:
        doc = ls.documents.get(params.text_document.uri)
        if doc is None:
            return
        ls.change(doc, params)
        ls.schedule(doc)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: HrnServer, params: types.DidCloseTextDocumentParams) -> None:
        doc = ls.documents.pop(params.text_document.uri, None)
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
        analysis = doc.current()
        line, column = ls.cursor(analysis.lines, params.position)
        items = complete(analysis, doc.checker, line, column, ls.lang)
        return types.CompletionList(is_incomplete=False,
                                    items=[ls.item(analysis.lines, it) for it in items])

    @server.feature(types.TEXT_DOCUMENT_HOVER)
    def on_hover(ls: HrnServer, params: types.HoverParams) -> types.Hover | None:
        doc = ls.documents.get(params.text_document.uri)
        if doc is None:
            return None
        analysis = doc.current()
        line, column = ls.cursor(analysis.lines, params.position)
        found = hover(analysis, doc.checker, line, column, ls.lang)
        if found is None:
            return None
        text, span = found
        return types.Hover(contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value=text),
                           range=ls.span(analysis.lines, span))

    @server.feature(types.TEXT_DOCUMENT_DEFINITION)
    def on_definition(ls: HrnServer, params: types.DefinitionParams) -> types.Location | None:
        doc = ls.documents.get(params.text_document.uri)
        if doc is None:
            return None
        analysis = doc.current()
        line, column = ls.cursor(analysis.lines, params.position)
        target = definition(analysis, doc.checker, line, column)
        if target is None:
            return None
        return types.Location(uri=doc.uri, range=ls.span(analysis.lines, target))

    @server.feature(types.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
    def on_symbols(ls: HrnServer, params: types.DocumentSymbolParams
                   ) -> list[types.DocumentSymbol] | None:
        doc = ls.documents.get(params.text_document.uri)
        if doc is None:
            return None
        analysis = doc.current()
        return [ls.symbol(analysis.lines, s) for s in symbols(analysis, doc.checker, ls.lang)]

    @server.feature(types.TEXT_DOCUMENT_FORMATTING)
    def on_format(ls: HrnServer, params: types.DocumentFormattingParams
                  ) -> list[types.TextEdit] | None:
        doc = ls.documents.get(params.text_document.uri)
        if doc is None:
            return None
        analysis = doc.current()
        text, errors = format_text(doc.text, document_style(analysis), ls.rules,
                                   doc.uri.rsplit("/", 1)[-1])
        if text is None:
            ls.window_show_message(types.ShowMessageParams(
                type=types.MessageType.Warning,
                message=translate(ls.lang, "lsp.format.failed", error=errors[0] if errors else "")))
            return None
        if text == doc.text:
            return []
        lines = split_lines(doc.text)
        end = Edit(0, 0, len(lines) - 1, len(lines[-1]), text)
        return [types.TextEdit(range=ls.span(lines, end), new_text=text)]

    @server.feature(types.TEXT_DOCUMENT_CODE_ACTION,
                    types.CodeActionOptions(code_action_kinds=[types.CodeActionKind.QuickFix]))
    def on_code_action(ls: HrnServer, params: types.CodeActionParams
                       ) -> list[types.CodeAction] | None:
        doc = ls.documents.get(params.text_document.uri)
        if doc is None:
            return None
        analysis = doc.current()
        found = code_actions(analysis, doc.checker, params.range.start.line, params.range.end.line,
                             ls.lang)
        return [ls.action(doc.uri, analysis.lines, a, params.context.diagnostics) for a in found]

    return server


class MessageTooLong(Exception):
    """A client's message announces a body over the ``document`` limit
    (``Content-Length: 99999999999999``): pygls would allocate it and end
    in a MemoryError; the command says so in one line instead."""

    def __init__(self, size: int, limit: int) -> None:
        super().__init__(size, limit)
        self.size = size
        self.limit = limit


class _BoundedInput:
    """Standard input for pygls with its reads bounded: a header line is
    read at most 64 KiB at a time, a body at most the ``document`` limit
    (larger is :class:`MessageTooLong`)."""

    def __init__(self, raw: Any, limit: int) -> None:
        self._raw = raw
        self._limit = limit

    def readline(self) -> bytes:
        line: bytes = self._raw.readline(1 << 16)
        return line

    def read(self, n: int) -> bytes:
        if n > self._limit:
            raise MessageTooLong(n, self._limit)
        data: bytes = self._raw.read(n)
        return data


class _OneLine(logging.Handler):
    """pygls's log on standard error (the editor's log of the server), one
    line a record: a message that cannot be read (broken JSON) is answered to
    the client and logged without its traceback."""

    def emit(self, record: logging.LogRecord) -> None:
        with contextlib.suppress(Exception):
            sys.stderr.write(f"hearts lsp: {record.getMessage()}\n")


def serve(lang: str = "en") -> bool:
    """Run the server on standard input and output until the client exits;
    whether the client asked for ``shutdown`` before (the protocol's exit
    status is 0 then, else 1).

    The protocol goes out on a duplicate of standard output's descriptor,
    which pygls closes at ``exit``; ``sys.stdout`` itself points to standard
    error meanwhile, so that nothing printed by mistake can corrupt the
    protocol's stream."""
    from ..io.limits import current as current_limits

    server = build(lang)
    pygls_log = logging.getLogger("pygls")
    if not any(isinstance(h, _OneLine) for h in pygls_log.handlers):
        pygls_log.addHandler(_OneLine(logging.WARNING))
        pygls_log.propagate = False
    out = os.fdopen(os.dup(sys.stdout.fileno()), "wb")
    stdin: Any = _BoundedInput(sys.stdin.buffer, current_limits().document)
    with contextlib.suppress(KeyboardInterrupt), contextlib.redirect_stdout(sys.stderr):
        server.start_io(stdin, out)
    if not out.closed:
        out.close()
    return server.shut_down
