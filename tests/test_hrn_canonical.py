"""The whole-game canonical fast path of the HRN reader agrees with the full
reader: on every game it accepts it sends the same events (compared through
the model they build, positions included), and it accepts the canonical
text the package writes."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from hearts_notation.generate import generate_games
from hearts_notation.io import dumps
from hearts_notation.io.events import GameBuilder
from hearts_notation.io.hrn.canonical import visit_canonical
from hearts_notation.io.hrn.reader import _split_lines, iter_games_lines, iter_logical_lines, visit_game
from hearts_notation.model import Game
from hearts_notation.rules import preset_names

SAMPLES = Path(__file__).resolve().parent.parent / "samples"


def full(text: str, first_line: int = 1, default_rules: str | None = None) -> Game:
    """The full reader (line fast path and grammar), never the canonical path."""
    lines = list(iter_logical_lines(_split_lines(text), first_line))
    return visit_game(lines, GameBuilder(), "t.hrn", 1, default_rules)


def canonical(text: str, first_line: int = 1, default_rules: str | None = None) -> Game | None:
    b = GameBuilder()
    if not visit_canonical(text, b, "t.hrn", first_line, default_rules, 1):
        return None
    return b.end_game()


def same(a: Game, b: Game) -> None:
    assert a == b
    assert (a.pos, a.where, a.errors) == (b.pos, b.where, b.errors)
    for d1, d2 in zip(a.deals, b.deals, strict=True):
        assert (d1.pos, d1.where) == (d2.pos, d2.where)
        assert [p.pos for p in d1.passes.values()] == [p.pos for p in d2.passes.values()]
        for t1, t2 in zip(d1.tricks, d2.tricks, strict=True):
            assert t1.pos == t2.pos and [p.pos for p in t1.plays] == [p.pos for p in t2.plays]


def game_texts(text: str) -> list[tuple[int, str]]:
    return [(lines[0].line, "\n".join(ll.text for ll in lines))
            for lines in iter_games_lines(text.split("\n"))]


@pytest.mark.parametrize("preset", preset_names())
def test_generated_games_take_the_canonical_path(preset: str) -> None:
    text = dumps(list(generate_games(3, seed=4, rules=preset)), "hrn")
    for first, game_text in game_texts(text):
        got = canonical(game_text, first)
        moon = "\nmoon " in game_text
        assert got is not None or moon
        if got is not None:
            same(got, full(game_text, first))


@pytest.mark.parametrize("path", sorted(SAMPLES.glob("*.hrn")), ids=lambda p: p.name)
def test_samples_agree_or_step_aside(path: Path) -> None:
    for first, game_text in game_texts(path.read_text(encoding="utf-8")):
        got = canonical(game_text, first)
        if got is not None:
            same(got, full(game_text, first))


def test_mutations_agree_or_step_aside() -> None:
    """Characters replaced, lines swapped or dropped: whenever the canonical
    path still accepts the text, it reads what the full reader reads
    (syntax errors included: it must then step aside)."""
    rng = random.Random(2026)
    text = dumps(list(generate_games(4, seed=9, rules="standard")), "hrn")
    texts = [t for _, t in game_texts(text)]
    alphabet = "NESWP123456789TJQKACDH.:-*?[] \"\nabcdelpst{;"
    accepted = 0
    for _ in range(600):
        t = rng.choice(texts)
        kind = rng.randrange(3)
        if kind == 0:
            i = rng.randrange(len(t))
            t = t[:i] + rng.choice(alphabet) + t[i + 1:]
        else:
            lines = t.split("\n")
            i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
            if kind == 1:
                lines[i], lines[j] = lines[j], lines[i]
            else:
                del lines[i]
            t = "\n".join(lines)
        got = canonical(t)
        if got is not None:
            accepted += 1
            same(got, full(t))
    assert 50 < accepted < 600


def test_default_rules_name_the_seats() -> None:
    text = dumps(list(generate_games(1, seed=2, rules="three-players")), "hrn")
    first, game_text = game_texts(text)[0]
    bare = "\n".join(line for line in game_text.split("\n") if not line.startswith("[Rules"))
    got = canonical(bare, first, "three-players")
    assert got is not None
    same(got, full(bare, first, "three-players"))


def _cuts(text: str) -> object:
    from hearts_notation.io.stream import RecordError

    try:
        return [(ls[0].line, "\n".join(ll.text for ll in ls))
                for ls in iter_games_lines(text.splitlines(keepends=True))]
    except RecordError as exc:
        return ("error", exc.message, exc.line, exc.column)


def _texts(text: str) -> object:
    from hearts_notation.io.hrn.reader import iter_game_texts
    from hearts_notation.io.stream import RecordError

    try:
        return list(iter_game_texts(text.splitlines(keepends=True)))
    except RecordError as exc:
        return ("error", exc.message, exc.line, exc.column)


def test_game_texts_cut_as_the_logical_lines_do() -> None:
    """iter_game_texts (what the parallel runner ships) cuts every input
    exactly as iter_games_lines does: samples, generated text, and both
    with characters changed (comments opened, lines joined, BOM, CR)."""
    rng = random.Random(5)
    texts = [p.read_text(encoding="utf-8") for p in sorted(SAMPLES.glob("*.hrn"))]
    texts.append(dumps(list(generate_games(3, seed=1)), "hrn"))
    alphabet = '{};"[]\n\r \tdealresult\ufeffN'
    for t in list(texts):
        for _ in range(80):
            i = rng.randrange(len(t))
            texts.append(t[:i] + rng.choice(alphabet) + t[i + 1:])
    texts += ["", "\n\n", "{only a comment}\n", "; a note\n", '\ufeff[Event "x"]\ndeal 1\n',
              'deal 1\r\n[A "b"]\r\ndeal 2\r\n']
    for t in texts:
        assert _texts(t) == _cuts(t), t[:200]


def test_game_texts_from_chunks_cut_as_the_lines_do() -> None:
    """The chunk cutter (one scan per block for plain text) gives the games
    and the errors the line-by-line cutter gives, wherever the blocks end,
    with a line limit that bites or not."""
    from hearts_notation.io import InputError
    from hearts_notation.io.hrn.reader import iter_game_texts_from_chunks
    from hearts_notation.io.stream import RecordError, split_lines

    def run(make: object) -> list[object]:
        out: list[object] = []
        try:
            out.extend(make())  # type: ignore[operator]
        except (RecordError, InputError) as exc:
            out.append(("error", str(exc)))
        return out

    rng = random.Random(9)
    texts = [p.read_text(encoding="utf-8") for p in sorted(SAMPLES.glob("*.hrn"))]
    generated = dumps(list(generate_games(4, seed=2)), "hrn")
    texts += [generated, generated + "\n\n\n", generated.rstrip("\n"), "", "\n \t\n",
              'deal 1\nresult N\n\n[A "b"]\ndeal 2\n']
    alphabet = '{};"[]\n\r \tdealresultDEAL\ufeffN'
    for t in list(texts):
        for _ in range(40):
            if t:
                i = rng.randrange(len(t))
                texts.append(t[:i] + rng.choice(alphabet) + t[i + 1:])
    for t in texts:
        for limit in (1 << 16, 40):
            cuts = sorted(rng.sample(range(1, len(t)), min(len(t) - 1, rng.randrange(6)))) \
                if len(t) > 1 else []
            chunks = [t[a:b] for a, b in zip([0, *cuts], [*cuts, len(t)], strict=True)]
            want = run(lambda: ((ls[0].line, "\n".join(ll.text for ll in ls))
                                for ls in iter_games_lines(split_lines(chunks, "s", limit))))  # noqa: B023
            got = run(lambda: iter_game_texts_from_chunks(chunks, "s", limit))  # noqa: B023
            assert got == want, (t[:200], limit)
