"""The open bot protocol, the side of hearts: an external bot as a process.

A bot written in any language is a program that reads JSON objects, one
per line, on its standard input and answers some of them, one JSON object
per line, on its standard output (docs/bots.md, protocol ``hearts-bot/1``).
hearts sends ``hello`` once, then per deal ``deal``, ``pass`` (answer
``{"cards": [...]}``), ``passed``, ``play`` (answer ``{"card": "QS"}``),
``trick`` and ``deal_end``; only ``pass`` and ``play`` are answered.

This module only moves lines and measures time: it knows nothing of the
rules.  Everything a bad bot can do to it ends as a :class:`BotFault` with a
kind (``timeout``, ``crash``, ``malformed``) that the match runner
(:mod:`hearts_notation.match`) records against the bot before it plays the
documented replacement card itself.  A bot that timed out or crashed is
stopped; the runner starts a fresh process at the next deal.
"""

from __future__ import annotations

import contextlib
import json
import os
import select
import selectors
import shlex
import shutil
import signal
import subprocess
import time
from typing import Any

from .i18n import Msg, msg
from .runners.pool import sigpipe_ignored

#: The version of the protocol, sent in ``hello`` (docs/bots.md).
PROTOCOL = "hearts-bot/1"

#: The longest answer line read from a bot; a longer one is malformed.
MAX_LINE = 1 << 16

#: Seconds a bot is given to exit after its input is closed.
EXIT_GRACE = 1.0

#: Seconds added to the first answer of a freshly started bot, for its
#: start-up (an interpreter, a model to load): ``--move-time`` is per move.
START_GRACE = 10.0


class BotFault(Exception):
    """Something a bot did wrong: *kind* is ``timeout``, ``crash``,
    ``malformed`` or ``illegal``; *detail* says what (a catalog message,
    for the report).  ``timeout`` and ``crash`` leave the bot unusable until
    the next deal."""

    def __init__(self, kind: str, detail: Msg) -> None:
        super().__init__(f"{kind}: {detail.text()}")
        self.kind = kind
        self.detail = detail

    @property
    def fatal(self) -> bool:
        """Whether the bot cannot be asked again in this deal."""
        return self.kind in ("timeout", "crash")


def command_argv(command: str) -> list[str]:
    """The argument list of a ``cmd:`` player (POSIX shell words, no shell)."""
    return shlex.split(command)


def command_problem(command: str) -> Msg | None:
    """Why *command* cannot be started, checked before the match begins (a
    command-line problem, exit 2), or ``None``."""
    try:
        argv = command_argv(command)
    except ValueError as exc:
        return msg("bot.bad_words", why=str(exc))
    if not argv:
        return msg("bot.empty")
    exe = argv[0]
    if os.sep in exe:
        if os.path.isdir(exe):
            return msg("bot.is_folder", exe=exe)
        if not os.path.isfile(exe):
            return msg("bot.no_file", exe=exe)
        if not os.access(exe, os.X_OK):
            return msg("bot.not_executable", exe=exe)
        return None
    return None if shutil.which(exe) else msg("bot.not_found", exe=exe)


class ExternalBot:
    """One running bot program, spoken to in JSON lines.

    :meth:`ask` sends a message and waits for one answer line at most
    *move_time* seconds; :meth:`tell` sends a message that needs no answer.
    Lines the bot wrote before a question (late answers, chatter) are
    dropped, so that one stray line does not shift every later answer.
    """

    def __init__(self, command: str, move_time: float) -> None:
        self.command = command
        self.move_time = move_time
        self.proc: subprocess.Popen[bytes] | None = None
        self._buf = b""
        #: the rest of a line refused as too long is still to come (skipped)
        self._overlong = False
        self._sel: selectors.BaseSelector | None = None
        self._grace = 0.0
        #: the fault that ended the program while it was being written to
        #: (said at its next question: :meth:`tell` from ``inform`` is silent)
        self._broken: BotFault | None = None

    # Life ------------------------------------------------------------------------

    @property
    def alive(self) -> bool:
        """Whether the process is running."""
        return self.proc is not None and self.proc.poll() is None

    def start(self, hello: dict[str, Any]) -> None:
        """Start the program and send *hello*; a program that cannot start is
        a ``crash``."""
        try:
            # In a session of its own: Ctrl-C stops hearts, which then closes
            # the bot's input, rather than killing the bot in mid-answer.
            self.proc = subprocess.Popen(command_argv(self.command), stdin=subprocess.PIPE,
                                         stdout=subprocess.PIPE, stderr=None, bufsize=0,
                                         start_new_session=True)
        except OSError as exc:
            self.proc = None
            raise BotFault("crash", msg("bot.cannot_start", why=exc.strerror or str(exc))) from None
        assert self.proc.stdout is not None and self.proc.stdin is not None
        os.set_blocking(self.proc.stdout.fileno(), False)
        os.set_blocking(self.proc.stdin.fileno(), False)
        self._broken = None
        self._sel = selectors.DefaultSelector()
        self._sel.register(self.proc.stdout, selectors.EVENT_READ)
        self._buf = b""
        self._overlong = False
        self._grace = START_GRACE
        self.tell(hello)

    def stop(self, grace: float = EXIT_GRACE) -> None:
        """Close the bot's input, give it *grace* seconds to exit (0 after a
        fault: a hung bot is not waited for), then kill it."""
        proc = self.proc
        if proc is None:
            return
        self.proc = None
        if self._sel is not None:
            self._sel.close()
            self._sel = None
        try:
            if proc.stdin is not None:
                proc.stdin.close()
        except OSError:
            pass
        try:
            proc.wait(grace)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        # The processes the bot started (a shell's children, a helper it
        # forked) are in its process group (its own session, see
        # :meth:`start`): they go with it, rather than outlive the match.
        with contextlib.suppress(OSError):
            os.killpg(proc.pid, signal.SIGKILL)
        if proc.stdout is not None:
            proc.stdout.close()

    # Messages --------------------------------------------------------------------

    def tell(self, message: dict[str, Any]) -> None:
        """Send one message; a bot that closed its input is a ``crash``, one
        that does not read it (its pipe full for *move_time* seconds) a
        ``timeout``, and the program is stopped.

        The pipe is written without blocking: a bot that printed answers
        without reading its input (64 KiB of messages, a few deals) held
        hearts in ``write`` for ever, past every ``--move-time``."""
        if self._broken is not None:
            raise self._broken
        proc = self.proc
        if proc is None or proc.stdin is None:
            raise BotFault("crash", msg("bot.not_running"))
        data = memoryview((json.dumps(message, separators=(",", ":")) + "\n").encode())
        fd = proc.stdin.fileno()
        deadline = time.monotonic() + self.move_time + self._grace
        try:
            with sigpipe_ignored():     # a bot that exited: a crash, not hearts killed by SIGPIPE
                while data:
                    try:
                        data = data[os.write(fd, data):]
                    except BlockingIOError:
                        left = deadline - time.monotonic()
                        if left <= 0:
                            self._broken = BotFault("timeout", msg("bot.not_reading",
                                                                   s=f"{self.move_time:g}"))
                            self.stop(0.0)
                            raise self._broken from None
                        select.select([], [fd], [], left)
        except (BrokenPipeError, ConnectionResetError, ValueError):
            raise BotFault("crash", self._exit_text()) from None

    def ask(self, message: dict[str, Any]) -> dict[str, Any]:
        """Send *message* and return the bot's answer (a JSON object)."""
        self._drain()
        self.tell(message)
        grace, self._grace = self._grace, 0.0
        line = self._read_line(time.monotonic() + self.move_time + grace)
        try:
            answer = json.loads(line)
        except (ValueError, RecursionError):   # ([[[[... nested past the decoder: malformed too)
            raise BotFault("malformed", msg("bot.not_json", text=_clip(line))) from None
        if not isinstance(answer, dict):
            raise BotFault("malformed", msg("bot.not_object", text=_clip(line)))
        return answer

    def _exit_text(self) -> Msg:
        proc = self.proc
        code = proc.poll() if proc is not None else None
        return msg("bot.closed") if code is None else msg("bot.exited", code=code)

    def _drain(self) -> None:
        """Drop what the bot wrote when nobody asked: all of it that has
        arrived (the rest of a line refused as too long included, to its end
        if that has come), up to 64 reads (a bot that chatters without end
        gets its next question all the same)."""
        for _ in range(64):
            if self._overlong and b"\n" in self._buf:
                self._overlong = False
            self._buf = b""
            if not self._fill(0.0) or not self._buf:
                return

    def _fill(self, timeout: float) -> bool:
        """Read what is available within *timeout* seconds; ``False`` at
        end of output (the bot closed it or died)."""
        proc = self.proc
        if proc is None or proc.stdout is None or self._sel is None:
            return False
        if not self._sel.select(max(0.0, timeout)):
            return True
        try:
            chunk = os.read(proc.stdout.fileno(), 65536)
        except BlockingIOError:
            return True
        if not chunk:
            return False
        self._buf += chunk
        return True

    def _read_line(self, deadline: float) -> str:
        while b"\n" not in self._buf or self._overlong:
            if self._overlong:
                # The rest of a line refused as too long is not the answer
                # to this question: it is skipped up to its end.
                end = self._buf.find(b"\n")
                self._buf = b"" if end < 0 else self._buf[end + 1:]
                self._overlong = end < 0
                if not self._overlong:
                    continue
            if len(self._buf) > MAX_LINE:
                self._buf = b""
                self._overlong = True
                raise BotFault("malformed", msg("bot.too_long", n=MAX_LINE))
            left = deadline - time.monotonic()
            if left <= 0:
                raise BotFault("timeout", msg("bot.timeout", s=f"{self.move_time:g}"))
            if not self._fill(left):
                proc = self.proc
                if proc is not None:
                    try:
                        proc.wait(EXIT_GRACE)
                    except subprocess.TimeoutExpired:
                        pass
                raise BotFault("crash", self._exit_text())
        line, _, self._buf = self._buf.partition(b"\n")
        try:
            return line.decode("utf-8").strip()
        except UnicodeDecodeError:
            raise BotFault("malformed", msg("bot.not_utf8")) from None


def _clip(text: str, width: int = 60) -> str:
    return repr(text if len(text) <= width else text[:width] + "...")


__all__ = ["EXIT_GRACE", "MAX_LINE", "PROTOCOL", "START_GRACE", "BotFault", "ExternalBot", "command_argv",
           "command_problem"]
