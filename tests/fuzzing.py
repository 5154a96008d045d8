"""Hostile inputs for the fuzz suite and the fuzz campaign.

The same mutators and the same command table serve the CI fuzz test
(``tests/test_fuzz.py``, a few hundred runs under a time budget) and the long
campaign (``benchmarks/fuzz_campaign.py``, tens of thousands of runs with a
time and memory measurement per run), so a crash the campaign finds can be
replayed in-process from its seed.

Mutations start from the samples, in every format the readers take, because
random bytes alone almost never get past the first line: a mutated real record
reaches the referee, the scoring, the writers and the terminal renderers.
"""

from __future__ import annotations

import random
import re
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from click.testing import CliRunner

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"

#: Control characters that must never reach the output unescaped: C0 except
#: tab and line feed, DEL, and the C1 range (8-bit CSI, OSC, ...).
CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f\x80-\x9f]")
#: What a JSON or CSV output may not carry raw either: tabs (escaped in
#: JSON strings and CSV cells) and the Unicode line separators.
MACHINE_CONTROL = re.compile("[\x00-\x08\x09\x0b-\x1f\x7f\x80-\x9f\u2028\u2029]")

#: Strings a hostile record puts in a name, a tag or a comment.
HOSTILE_TEXT: tuple[str, ...] = (
    "\x1b[2J\x1b[H",                      # clear the screen
    "\x1b]0;pwned\x07",                   # window title
    "\x1b]8;;file:///etc/passwd\x1b\\x\x1b]8;;\x1b\\",  # hyperlink
    "\x9b31m",                            # 8-bit CSI
    "\x9d0;title\x9c",                    # 8-bit OSC
    "[/]", "[link=file:///etc/passwd]x[/link]", "[bold red]",  # rich markup
    "\r\x08\x08\x7f",
    "\u202e\u2066",                       # bidi overrides
    "\x00",
    "\ud800",                             # lone surrogate (encoded as it can)
    "\\ud800", "\\u0000", "\\u001b[2J",   # JSON escapes of the same
    "*alias", "&anchor", "!!python/object:os.system", "<<: *a",
    "9" * 5000,
    "x" * 70_000,
)


def _hostile_bytes(rng: random.Random) -> bytes:
    text = rng.choice(HOSTILE_TEXT)
    return text.encode("utf-8", "surrogatepass")


def _pos(rng: random.Random, data: bytes) -> int:
    return rng.randrange(len(data) + 1)


def flip_bytes(data: bytes, rng: random.Random) -> bytes:
    """Flip a few bits at random places."""
    buf = bytearray(data)
    for _ in range(rng.randint(1, 8)):
        if buf:
            i = rng.randrange(len(buf))
            buf[i] ^= 1 << rng.randrange(8)
    return bytes(buf)


def truncate(data: bytes, rng: random.Random) -> bytes:
    """Cut the record anywhere, even inside a UTF-8 sequence."""
    return data[:_pos(rng, data)]


def duplicate_line(data: bytes, rng: random.Random) -> bytes:
    """Repeat a line (a tag, a trick, a deal header) a few times."""
    lines = data.split(b"\n")
    i = rng.randrange(len(lines))
    lines[i:i] = [lines[i]] * rng.randint(1, 5)
    return b"\n".join(lines)


def delete_line(data: bytes, rng: random.Random) -> bytes:
    lines = data.split(b"\n")
    del lines[rng.randrange(len(lines))]
    return b"\n".join(lines)


def huge_line(data: bytes, rng: random.Random) -> bytes:
    """Insert a line far over the line limit, or a long run of one token."""
    token = rng.choice([b"x", b"AS ", b"9", b"[", b"{", b"\xe2\x99\xa0"])
    size = rng.choice([1_000, 70_000, 300_000])
    i = _pos(rng, data)
    return data[:i] + token * (size // len(token)) + data[i:]


def deep_nesting(data: bytes, rng: random.Random) -> bytes:
    """Deep brackets: JSON arrays/objects, YAML flow, HRN comments."""
    depth = rng.choice([40, 1_100, 20_000])
    opener, closer = rng.choice([(b"[", b"]"), (b'{"a":', b"}"), (b"{", b"}"), (b"- ", b"")])
    i = _pos(rng, data)
    return data[:i] + opener * depth + b"1" + closer * depth + data[i:]


def hostile_text(data: bytes, rng: random.Random) -> bytes:
    """Put control characters, escape sequences or markup inside a quoted
    string (a name, a tag, a comment) or anywhere."""
    payload = _hostile_bytes(rng)
    quotes = [m.end() for m in re.finditer(rb'["{]', data)]
    i = rng.choice(quotes) if quotes and rng.random() < 0.8 else _pos(rng, data)
    return data[:i] + payload + data[i:]


def huge_integer(data: bytes, rng: random.Random) -> bytes:
    """Replace a number by one of thousands of digits (or a negative one)."""
    numbers = list(re.finditer(rb"\d+", data))
    big = rng.choice([b"9" * 5000, b"-1", b"0", b"1" * 19, b"1e999", b"NaN"])
    if not numbers:
        return data + big
    m = rng.choice(numbers)
    return data[:m.start()] + big + data[m.end():]


def yaml_alias(data: bytes, rng: random.Random) -> bytes:
    """A YAML alias bomb, or an alias where a record expects a value."""
    bomb = b'a: &a ["x","x","x","x","x","x","x","x","x"]\n' + b"".join(
        b"%s: &%s [%s]\n" % (bytes([c + 1]), bytes([c + 1]), b",".join([b"*" + bytes([c])] * 9))
        for c in range(ord("a"), ord("i")))
    if rng.random() < 0.5:
        return bomb + data
    return re.sub(rb"(: )(\w+)", rb"\1*\2", data, count=rng.randint(1, 3))


def binary_junk(data: bytes, rng: random.Random) -> bytes:
    """Random bytes (with or without NUL) spliced in."""
    junk = bytes(rng.randrange(1 if rng.random() < 0.5 else 0, 256)
                 for _ in range(rng.randint(1, 64)))
    i = _pos(rng, data)
    return data[:i] + junk + data[i:]


def wrong_encoding(data: bytes, rng: random.Random) -> bytes:
    """The same text in another encoding, with or without a BOM."""
    text = data.decode("utf-8", "replace")
    choice = rng.randrange(5)
    if choice == 0:
        return text.encode("latin-1", "replace")
    if choice == 1:
        return text.encode("utf-16")             # with BOM
    if choice == 2:
        return text.encode("utf-16-le")          # without BOM
    if choice == 3:
        return b"\xef\xbb\xbf" + data            # UTF-8 BOM
    return data.replace(b"\n", b"\r\n") if rng.random() < 0.5 else data.replace(b"\n", b"\r")


def lone_surrogate(data: bytes, rng: random.Random) -> bytes:
    """A lone surrogate, as a JSON escape or as its raw (invalid) UTF-8."""
    payload = rng.choice([b"\\ud800", b"\\udfff", b"\xed\xa0\x80"])
    quotes = [m.end() for m in re.finditer(rb'"', data)] or [0]
    i = rng.choice(quotes)
    return data[:i] + payload + data[i:]


def splice(data: bytes, rng: random.Random) -> bytes:
    """Move a random slice of the record elsewhere in it."""
    if len(data) < 2:
        return data
    a = rng.randrange(len(data))
    b = min(len(data), a + rng.randint(1, 200))
    i = _pos(rng, data)
    return data[:i] + data[a:b] + data[i:]


MUTATORS: tuple[Callable[[bytes, random.Random], bytes], ...] = (
    flip_bytes, truncate, duplicate_line, delete_line, huge_line, deep_nesting,
    hostile_text, huge_integer, yaml_alias, binary_junk, wrong_encoding,
    lone_surrogate, splice,
)


def mutate(data: bytes, rng: random.Random) -> bytes:
    """One to three mutations in a row."""
    for _ in range(rng.choice([1, 1, 1, 2, 3])):
        data = rng.choice(MUTATORS)(data, rng)
    return data


def seeds() -> list[tuple[str, bytes]]:
    """The samples in every format the readers take: (suffix, bytes)."""
    from hearts_notation.io import dumps, read_games

    out: list[tuple[str, bytes]] = []
    for name in ("canonical.hrn", "observer.hrn", "variante-retenue-example.hrn",
                 "three-players.hrn", "commented-example.hrn", "multi-game.hrn"):
        out.append((".hrn", (SAMPLES / name).read_bytes()))
    out.append((".yaml", (SAMPLES / "game.yaml").read_bytes()))
    games = list(read_games(str(SAMPLES / "club-night.json")))[:2]
    out.append((".json", dumps(games[:1], "json").encode()))
    out.append((".jsonl", dumps(games, "jsonl").encode()))
    canonical = list(read_games(str(SAMPLES / "canonical.hrn")))
    out.append((".yaml", dumps(canonical, "yaml").encode()))
    out.append((".json", dumps(canonical, "json").encode()))
    return out


@dataclass(frozen=True)
class Command:
    """One reading command: its arguments before the input file, and
    whether it is affordable only on small inputs (the analysis)."""

    name: str
    args: tuple[str, ...]
    small_only: bool = False
    #: Its standard output is a record (data, written byte for byte as the
    #: writer made it), so only its standard error is text for people.
    data_output: bool = False
    #: Its standard output is JSON or CSV, which escape every control
    #: character (and U+2028/U+2029) themselves: none may appear raw.
    machine: bool = False

    def argv(self, path: str) -> list[str]:
        return [*self.args, path]


COMMANDS: tuple[Command, ...] = (
    Command("validate", ("validate", "--jobs", "1")),
    Command("validate-json", ("validate", "--jobs", "1", "--format", "json"), data_output=True,
            machine=True),
    Command("score", ("score", "--jobs", "1")),
    Command("score-json", ("score", "--jobs", "1", "--format", "json"), data_output=True,
            machine=True),
    Command("score-csv", ("score", "--jobs", "1", "--format", "csv"), data_output=True,
            machine=True),
    Command("convert-hrn", ("convert", "--to", "hrn"), data_output=True),
    Command("convert-json", ("convert", "--to", "json"), data_output=True, machine=True),
    Command("convert-jsonl", ("convert", "--to", "jsonl"), data_output=True, machine=True),
    Command("convert-yaml", ("convert", "--to", "yaml"), data_output=True),
    Command("convert-openspiel", ("convert", "--to", "openspiel-history"), data_output=True),
    Command("fmt", ("fmt",), data_output=True),
    Command("replay", ("replay", "--ascii")),
    Command("replay-narrate", ("replay", "--narrate")),
    Command("annotate", ("annotate", "--fast", "--no-passes", "--samples", "4", "--deal", "1",
                         "--exact-tricks", "4", "--jobs", "1"), small_only=True, data_output=True),
    Command("hint", ("hint", "--fast", "--samples", "4", "--exact-tricks", "4"), small_only=True),
    Command("stats", ("stats", "--jobs", "1")),
    Command("standings", ("standings", "--jobs", "1")),
)

#: Inputs larger than this are not given to annotate/hint (their cost grows
#: with the deal, not with hostility).
SMALL = 8_000


def applicable(commands: Sequence[Command], size: int) -> list[Command]:
    return [c for c in commands if not (c.small_only and size > SMALL)]


@dataclass
class Outcome:
    """What one in-process run did."""

    command: Command
    exit_code: int
    stdout: str
    stderr: str
    error: BaseException | None
    traceback: str | None
    cpu_seconds: float

    def crash(self) -> str | None:
        """What went wrong if the run crashed: an exception escaping, an
        exit status outside 0/1/2 (3 is the last-resort handler's internal
        error), or a traceback printed."""
        if self.traceback is not None:
            return f"exception escaped: {self.error!r}"
        if self.exit_code not in (0, 1, 2):
            return f"exit status {self.exit_code}"
        if "Traceback (most recent call last)" in self.stdout + self.stderr:
            return "traceback printed"
        return None

    def control(self) -> str | None:
        """The first unescaped control character in text meant for people
        (both streams, or standard error only for commands that write a
        record), with its surroundings."""
        if self.command.machine:
            m = MACHINE_CONTROL.search(self.stdout)
            if m is not None:
                return (f"raw control character {m.group()!r} in the JSON/CSV output: "
                        f"{self.stdout[max(0, m.start() - 40):m.start() + 10]!r}")
        text = self.stderr if self.command.data_output else self.stdout + self.stderr
        m = CONTROL.search(text)
        if m is None:
            return None
        return (f"control character {m.group()!r} in the output: "
                f"{text[max(0, m.start() - 40):m.start() + 10]!r}")


def run_in_process(command: Command, path: str) -> Outcome:
    """Run one command on one file through click, as ``hearts`` would,
    with the same last-resort handling as the console script."""
    import traceback

    from hearts_notation.cli import cli

    runner = CliRunner()
    # The CPU of this thread, where the command runs (its jobs are 1): the
    # process's would count any thread an earlier test of the same pytest
    # process left running (the long step once saw a 0.4 CPU-s annotate
    # charged 30.9 s under a load of 10, and not again on the rerun).
    start = time.thread_time()
    res = runner.invoke(cli, command.argv(path), catch_exceptions=True, color=False)
    cpu = time.thread_time() - start
    err = res.stderr if res.stderr_bytes is not None else ""
    tb = None
    if res.exception is not None and not isinstance(res.exception, SystemExit):
        tb = "".join(traceback.format_exception(res.exception))
    return Outcome(command, res.exit_code, res.stdout, err, res.exception, tb, cpu)
