"""The one game cutter of HRN text (:func:`hearts_notation.io.hrn.cut.cut_games`).

Every HRN input is cut by it: a string, lines, a file read block by block,
standard input, the batches of ``--jobs``, the shards of a cluster run and
the editor's buffer.  The tests check it against a reference written from
the spec's rule (docs/spec.md, section 2: a ``result`` line ends a game, a
tag line after a deal begins the next, comments after the last game belong
to it; section 2.25: so do a game's heading after a deal and a deal 1 again
in a game that has one), over the samples, generated text and both with characters changed,
wherever the blocks end; and that every input kind reads the same games.
"""

from __future__ import annotations

import io
import random
import re
import subprocess
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path

import pytest

from hearts_notation.generate import generate_games
from hearts_notation.io import InputError, dumps, read_games
from hearts_notation.io.hrn.cut import GameText, LogicalLine, cut_games, game_lines, iter_logical_lines
from hearts_notation.io.hrn.reader import build_game, iter_hrn, parse_game
from hearts_notation.io.hrn.words import deal_header_number
from hearts_notation.io.stream import RecordError, split_lines
from tests.budget import sized

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
ROOT = SAMPLES.parent


#: The closed comments and blanks a deal header may follow on its line.
_BEFORE_HEADER = re.compile(r"(?:[ \t\f\r\n]|\{(?:[^\\}]|\\.)*\}|;[^\n]*)*")


def reference_cut(lines: Iterable[str]) -> Iterator[list[LogicalLine]]:
    """The spec's rule over logical lines, written plainly: the games'
    logical lines (what the cutter must agree with)."""
    games: list[list[LogicalLine]] = []
    cur: list[LogicalLine] = []
    substantive = seen_deal = False
    top, one = 0, False     # the game's highest deal number; whether it has a deal 1
    tail: list[LogicalLine] = []
    for ll in iter_logical_lines(lines):
        restart = False
        if ll.kind == "deal":
            number = deal_header_number(_BEFORE_HEADER.sub("", ll.text, count=1), top)
            restart = number == 1 and top >= 2 and one     # (2.25: the evening's next game)
            top, one = max(top, number or 0), one or number == 1
        if (ll.kind in ("tag", "heading") and seen_deal) or restart:
            games.append(cur)
            cur, substantive, seen_deal = [], False, False
            top, one = (1, True) if restart else (0, False)
        cur.append(ll)
        if ll.kind in ("blank", "comment"):
            continue
        substantive = True
        if ll.kind == "deal":
            seen_deal = True
        elif ll.kind == "result":
            games.append(cur)
            cur, substantive, seen_deal = [], False, False
            top, one = 0, False
    if substantive:
        games.append(cur)
    else:
        tail = cur
    if games:
        games[-1].extend(tail)
    elif any(ll.kind == "comment" for ll in tail):
        first = next(ll for ll in tail if ll.kind == "comment")
        last = [ll for ll in tail if ll.kind == "comment"][-1]
        if last.unclosed is not None:   # a '{' never closed: named where it opened
            raise RecordError("unterminated comment", line=last.unclosed[0], column=last.unclosed[1])
        raise RecordError("only comments", line=first.line,
                          column=len(first.text) - len(first.text.lstrip()) + 1)
    yield from games


def _reference(text: str, limit: int = 1 << 16) -> object:
    """Each game's first line, text and logical lines (runaway comments'
    stops included), or the error."""
    try:
        # (a lone CR, U+2028 and U+2029 are line breaks: typed16)
        lines = re.sub("\r(?!\n)|[\u2028\u2029]", "\n", text)
        return [(g[0].line, "\n".join(ll.text for ll in g), g)
                for g in reference_cut(split_lines([lines], "s", limit))]
    except (RecordError, InputError) as exc:
        return ("error", getattr(exc, "line", None), getattr(exc, "column", None))


class _Same:
    def __eq__(self, other: object) -> bool:
        return True

    __hash__ = None     # type: ignore[assignment]


_SAME = _Same()


def _cut(chunks: list[str], limit: int = 1 << 16) -> object:
    try:
        # (a game read alone drops a byte-order mark it begins with: not compared)
        return [(g.line, g.text, game_lines(g) if g.text[:1] != "\ufeff" else _SAME)
                for g in cut_games(chunks, "s", limit)]
    except (RecordError, InputError) as exc:
        return ("error", getattr(exc, "line", None), getattr(exc, "column", None))


def _texts(seed: int, changes: int) -> list[str]:
    rng = random.Random(seed)
    texts = [p.read_text(encoding="utf-8") for p in sorted(SAMPLES.glob("*.hrn"))]
    generated = dumps(list(generate_games(4, seed=seed)), "hrn")
    texts += [generated, generated + "\n\n\n", generated.rstrip("\n"), "", "\n \t\n",
              "{only a comment}\n", "; a note\n", '\ufeff[Event "x"]\ndeal 1\n',
              'deal 1\r\n[A "b"]\r\ndeal 2\r\n', 'deal 1\nresult N\n\n[A "b"]\ndeal 2\n']
    # As people type it: comments closed on their line (on tricks, before a
    # deal header or a tag, alone after the last game), ``;`` notes.
    typed = re.sub(r"(?m)^(\d+\.) ", r"\1 {a trick} ", generated)
    typed = re.sub(r"(?m)^deal (\d+)", r"{a deal} donne \1 ; note", typed)
    typed = re.sub(r"(?m)^\[Event", "{a game} [Event", typed)
    texts += [typed, typed + "{after the last game}\n; and a note\n", "{c}\n; n\n\n",
              typed.replace("{a trick}", "{a {trick}")]
    alphabet = '{};"[]\n\r \tdealresultDEAL\ufeffN'
    for t in list(texts):
        for _ in range(changes):
            if t:
                i = rng.randrange(len(t))
                texts.append(t[:i] + rng.choice(alphabet) + t[i + 1:])
    return texts


def _chunks(t: str, rng: random.Random) -> list[str]:
    cuts = sorted(rng.sample(range(1, len(t)), min(len(t) - 1, rng.randrange(6)))) if len(t) > 1 else []
    return [t[a:b] for a, b in zip([0, *cuts], [*cuts, len(t)], strict=True)]


@pytest.mark.sweep
def test_the_cutter_cuts_as_the_spec_says_wherever_the_blocks_end() -> None:
    """Samples, generated text and both with characters changed (comments
    opened, lines joined, BOM, CR), cut whole and in random blocks, with a
    line limit that bites or not: the reference's games and errors, and
    each game alone reads into the logical lines a whole read gives it.
    Twenty changed texts of each in the README's run, forty in the long
    step (tests/budget.py)."""
    rng = random.Random(9)
    for t in _texts(9, sized(40, 20)):
        for limit in (1 << 16, 40):
            want = _reference(t, limit)
            assert _cut([t], limit) == want, (t[:200], limit)
            assert _cut(_chunks(t, rng), limit) == want, (t[:200], limit)


GAME = '[Event "G{n}"]\ndeal 1\n1: 2C 3C 4C 5C\nresult N\n'


@pytest.mark.parametrize("eol", ["\n", "\r\n"])
@pytest.mark.parametrize("bom", ["", "\ufeff"])
def test_crlf_bom_and_comments_holding_a_bracket(eol: str, bom: str) -> None:
    """A comment that holds ``[`` (even a whole tag, not at a line's start)
    does not begin a game; CRLF reads as LF; a BOM is dropped on line 1."""
    text = bom + eol.join([
        '[Event "A"] { see [Event "B"] below }',
        "deal 1 ; [not a tag]",
        "{ a comment",
        '  that spans [Site "x"] lines }',
        "result N",
        '[Event "B"]',
        "deal 1",
        "result S",
        "",
    ])
    games = list(cut_games([text]))
    assert [g.line for g in games] == [1, 6]
    assert games[0].text.startswith('[Event "A"]')      # no BOM, no \r
    assert "\r" not in games[0].text + games[1].text
    assert games[0].text.split("\n")[3] == '  that spans [Site "x"] lines }'
    assert [g.tags["Event"] for g in iter_hrn(text)] == ["A", "B"]
    # every block size gives the same games
    for size in (1, 2, 3, 7, 64):
        assert list(cut_games([text[i:i + size] for i in range(0, len(text), size)])) == games


def test_a_game_split_across_blocks_is_one_game() -> None:
    """Blocks that end inside a game, inside a line, inside a keyword and
    right after a ``result`` give the games of the whole text."""
    text = "".join(GAME.format(n=n) + "\n" for n in range(5))
    whole = list(cut_games([text]))
    assert [g.line for g in whole] == [1, 5, 10, 15, 20]     # (a blank line starts the next)
    for k in range(1, len(text)):
        assert list(cut_games([text[:k], text[k:]])) == whole, k
    at = text.index("result", 30) + 3                   # in the middle of "result"
    assert list(cut_games([text[:at], text[at:]])) == whole


def test_a_runaway_comment_is_stopped_at_the_next_games_tag_for_every_reader() -> None:
    """A ``{`` never closed runs into the next game's tag: the cut game
    says where (``stop``), so its lone text reads with the same error as
    the whole input (the workers, the shards and the referee read it so)."""
    text = '[Event "a"]\ndeal 1 {oops\n[Event "b"]\ndeal 1\nresult N\n'
    first, second = cut_games([text])
    assert first == GameText(1, '[Event "a"]\ndeal 1 {oops', 3) and second.stop == 0
    whole = list(iter_hrn(text))
    assert "before the tag at line 3" in whole[0].errors[0].message
    alone = [parse_game(g.text, "-", g.line, None, i, g.stop) for i, g in enumerate((first, second), 1)]
    assert alone == whole
    assert [build_game(game_lines(g), "-", i) for i, g in enumerate((first, second), 1)] == whole


def _games_of(text: str, tmp_path: Path) -> dict[str, list[object]]:
    """The games of *text* through every way in: a string, lines, a file,
    standard input, the batches of ``--jobs`` and the shards of a cluster."""
    from hearts_notation.io.batches import batch_games
    from hearts_notation.runners.local import iter_batches
    from hearts_notation.runners.shards import plan_file, shard_batches

    def key(games: Iterable[object]) -> list[object]:
        return [(g.pos, g.tags, len(g.deals), [e.message for e in g.errors])  # type: ignore[attr-defined]
                for g in games]

    path = tmp_path / "in.hrn"
    path.write_bytes(text.encode("utf-8"))
    out: dict[str, list[object]] = {
        "string": key(iter_hrn(text, str(path))),
        "lines": key(iter_hrn(io.StringIO(text, newline=""), str(path))),
        "file": key(read_games(str(path))),
    }
    batches = [b for b in iter_batches([str(path)], games_per_batch=2)]
    out["--jobs batches"] = key(g for b in batches for g in batch_games(b))  # type: ignore[arg-type]
    plan = plan_file(str(path), None, 64, 1)
    assert not isinstance(plan, InputError) and len(plan) > 1
    out["shards"] = key(g for s in plan for b in shard_batches(s, None, 1) for g in batch_games(b))
    code = ("import sys\nfrom hearts_notation.io import read_games\n"
            "for g in read_games('-'):\n"
            "    print(repr((g.pos.line, g.tags, len(g.deals), [e.message for e in g.errors])))\n")
    done = subprocess.run([sys.executable, "-c", code], input=text.encode("utf-8"), cwd=ROOT,
                          capture_output=True, check=True)
    out["stdin"] = done.stdout.decode("utf-8").splitlines()
    return out


def test_every_input_kind_reads_the_same_games(tmp_path: Path) -> None:
    """A string, lines, a file, standard input, ``--jobs`` batches and
    cluster shards (what ``--engine dask`` reads) give the same games,
    CRLF, BOM, a comment holding ``[`` and a runaway comment included."""
    text = "\ufeff" + "\r\n".join([
        '[Event "A"] {about [Event "B"]}', "deal 1", "1: 2C 3C 4C 5C", "result N", "",
        '[Event "B"]', "deal 1 {never closed", '[Event "C"]', "deal 1", "result S",
        '[Event "D"]', "deal 1", "1: 2C 3C 4C 5C", "; the end [really]", "result W", "",
    ])
    got = _games_of(text, tmp_path)
    want = got["string"]
    assert len(want) == 4
    assert "before the tag at line 8" in str(want[1])
    stdin = got.pop("stdin")
    assert stdin == [repr((g[0].line, *g[1:])) for g in want]   # type: ignore[index,union-attr]
    for kind, games in got.items():
        assert games == want, kind
