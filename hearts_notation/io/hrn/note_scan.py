"""Where the ``;`` notes of an HRN text are: a ``;`` outside a ``{brace
comment}`` and outside a quoted tag value starts one, to the end of its line.

One scanner for every reader of notes: ``fmt`` and ``convert`` keep them
(:mod:`.notes`), and the reader tells a ``;`` typed as a list's separator
(``marque N 3 ; E 4``).  It imports nothing of the reader, which imports it.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..line_ends import CR, LINE_BREAKS, may_break_otherwise

__all__ = ["Note", "NoteScanner", "notes_of"]


@dataclass(frozen=True, slots=True)
class Note:
    """A ``;`` note: its line, its text from the ``;`` (trailing blanks
    dropped), whether it is alone on its line, and where the ``;`` is in
    its line (an index from 0: the reader tells a ``;`` typed as a list's
    separator at that column)."""

    line: int
    text: str
    alone: bool
    start: int


class NoteScanner:
    """Finds the ``;`` notes of an HRN text fed a line at a time (or in
    chunks of any size): ``fmt`` reads a file as a stream and takes the
    notes of each game as it goes.  A ``;`` outside a ``{brace comment}``
    and outside a quoted tag value starts a note; a brace comment may span
    lines, a quoted value may not."""

    def __init__(self) -> None:
        self.notes: list[Note] = []
        self.line = 0            # lines done
        self.in_comment = False
        self._rest = ""          # the start of a line not ended yet

    def feed(self, chunk: str) -> None:
        """Scan the complete lines of *chunk* (and of what came before),
        cut where the reader cuts them (:mod:`hearts_notation.io.line_ends`:
        at ``\n``, ``\r\n``, a lone ``\r``, U+2028 and U+2029; a final
        ``\r`` waits for the next chunk, which may begin with its ``\n``)."""
        text = self._rest + chunk if self._rest else chunk
        if may_break_otherwise(text):
            held = CR if text.endswith(CR) else ""
            parts = LINE_BREAKS.split(text[:len(text) - len(held)])
            parts[-1] += held
        else:
            parts = text.split("\n")
        self._rest = parts.pop()
        for part in parts:
            self._scan(part)

    def finish(self) -> list[Note]:
        """Scan the last line (without a newline); every note found."""
        if self._rest:
            for part in LINE_BREAKS.split(self._rest):
                if part:
                    self._scan(part)
            self._rest = ""
        return self.notes

    def _scan(self, line: str) -> None:
        self.line += 1
        in_comment = self.in_comment
        # Most lines hold neither a note nor a comment: skipped whole.
        if in_comment:
            if "}" not in line:
                return
        elif ";" not in line and "{" not in line:
            return
        in_quote = False
        i = 0
        n = len(line)
        while i < n:
            ch = line[i]
            if in_comment:
                if ch == "\\":
                    i += 2
                    continue
                if ch == "}":
                    in_comment = False
            elif in_quote:
                if ch == "\\":
                    i += 2
                    continue
                if ch == '"':
                    in_quote = False
            elif ch == "{":
                in_comment = True
            elif ch == '"':
                in_quote = True
            elif ch == ";":
                self.notes.append(Note(self.line, line[i:].rstrip(), not line[:i].strip(), i))
                break
            i += 1
        self.in_comment = in_comment


def notes_of(text: str) -> list[Note]:
    """The ``;`` notes of an HRN text: a ``;`` outside a ``{brace
    comment}`` and outside a quoted tag value starts one."""
    scanner = NoteScanner()
    scanner.feed(text)
    return scanner.finish()
