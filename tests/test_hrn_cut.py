"""The game cutters of the HRN reader cut every input alike: the logical
lines of each game (:func:`iter_games_lines`), the text of each game
(:func:`iter_game_texts`, what the parallel runner ships to its workers) and
the text of each game from a file read block by block
(:func:`iter_game_texts_from_chunks`)."""

from __future__ import annotations

import random
from pathlib import Path

from hearts_notation.generate import generate_games
from hearts_notation.io import dumps
from hearts_notation.io.hrn.reader import iter_games_lines

SAMPLES = Path(__file__).resolve().parent.parent / "samples"


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
