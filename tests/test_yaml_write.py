"""The YAML writer (``hearts convert --to yaml``, :mod:`hearts_notation.io.yamlwrite`)
writes what PyYAML's pure-Python safe dumper writes, byte for byte, on every
machine, without PyYAML's event machinery.

The reference is PyYAML's dumper itself (:func:`reference_dump`, the
tests' oracle: the writer has no path through it): records
generated under the presets, records whose tags, names, marks and comments
are hostile strings (quotes, colons, ``#``, leading spaces, line breaks,
control characters, unicode, long lines, words YAML reads as another type),
and free trees of the same types.  Each must come out the same, and read back
with ``yaml.safe_load`` as the tree written.  The long step runs more seeds
and every preset (tests/budget.py).
"""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner

from hearts_notation.app import cli
from hearts_notation.generate import generate_games, random_game
from hearts_notation.io import iter_games_text
from hearts_notation.io.jsonio import game_to_dict, piece_yaml
from hearts_notation.io.yamlwrite import YAML_OPTIONS, dump_record
from hearts_notation.model import Game
from hearts_notation.rules import parse_rules, preset_names
from tests.budget import long_beyond, sized
from tests.yaml_oracle import OddBreakDumper

ROOT = Path(__file__).resolve().parent.parent


def reference_dump(tree: object) -> str:
    """The document PyYAML's pure safe dumper writes with the records'
    settings (odd line breaks double-quoted)."""
    text: str = yaml.dump(tree, Dumper=OddBreakDumper, **YAML_OPTIONS)
    return text

#: Strings that make PyYAML choose a style, quote, escape, fold or wrap.
ATOMS = [
    "", " ", "a", "N", "2C", "QS", "yes", "No", "on", "~", "null", "007", "0x1F", "1e3", "1.5",
    ".inf", "2026-12-05", "2026.12.05", "12:30", "-", "- a", "-a", "? x", "?x", ": x", "a: b",
    "a:b", "a #b", "a#b", "#c", "'", "it's", '"', "[x]", "{x}", "x, y", "&a", "*a", "!t", "|",
    ">", "%", "@", "`", "---", "...", "\t", "a\tb", "\n", "a\nb", "a\n\nb", " a", "a ", "a \nb",
    "a\n b", "\x85", "\u2028", "\u2029", "\ufeff", "é", "Gwenaëlle", "日本", "😀", "\x00", "\x07",
    "\x1b", "\x7f", "\xa0", "\ue000", "\\", "=", "<<", "x" * 130, "Hélène Dupont-Moreau",
    "r\r\n", "\r",
]


def hostile(rng: random.Random) -> str:
    """One atom, or atoms joined by spaces, breaks or commas (long lines)."""
    if rng.random() < 0.4:
        return rng.choice(ATOMS)
    words = [rng.choice([*ATOMS, "word", "word", "word", "longerword" * rng.randint(1, 4)])
             for _ in range(rng.choice([2, 3, 5, 10, 25]))]
    return rng.choice([" ", " ", "", "  ", "\n", ", "]).join(words)


def free_tree(rng: random.Random, depth: int = 0) -> Any:
    """A tree of the record's types: mappings of strings, lists, strings,
    integers, booleans and None."""
    k = rng.random()
    if depth > 2 or k < 0.45:
        return rng.choice([hostile(rng), hostile(rng), rng.choice([0, 1, -5, 26, 10**30]),
                           rng.random() < 0.5, None])
    if k < 0.7:
        return [free_tree(rng, depth + 1) for _ in range(rng.choice([0, 2, 5, 14]))]
    return {hostile(rng): free_tree(rng, depth + 1) for _ in range(rng.choice([0, 2, 6]))}


def hostile_record(rng: random.Random) -> dict[str, Any]:
    """A one-deal record with hostile tags, names, marks and comments."""
    game = random_game(parse_rules("standard"), rng)
    deal = game.deals[0]
    tricks = tuple(dataclasses.replace(t, comment=hostile(rng) if rng.random() < 0.3 else None,
                                       plays=tuple(dataclasses.replace(
                                           p, comment=hostile(rng) if rng.random() < 0.1 else None,
                                           mark=rng.choice([None, "!", "?!", "??"]))
                                           for p in t.plays))
                   for t in deal.tricks)
    deal = dataclasses.replace(deal, tricks=tricks, comment=hostile(rng))
    return game_to_dict(dataclasses.replace(
        game, deals=(deal,), comment=hostile(rng),
        tags={hostile(rng) or "Event": hostile(rng) for _ in range(4)},
        players={s: hostile(rng) for s in "NESW"}))


def same_as_pyyaml(tree: Any) -> None:
    written = dump_record(tree)
    assert written == reference_dump(tree)
    assert yaml.safe_load(written) == tree


@pytest.mark.sweep
@pytest.mark.parametrize("seed", range(sized(2000, 12)))
def test_free_trees_are_written_as_pyyaml_writes_them(seed: int) -> None:
    rng = random.Random(seed)
    same_as_pyyaml({hostile(rng) or "k": free_tree(rng) for _ in range(rng.randint(1, 4))})


@pytest.mark.sweep
@pytest.mark.parametrize("seed", range(sized(300, 3)))
def test_records_with_hostile_strings_are_written_as_pyyaml_writes_them(seed: int) -> None:
    same_as_pyyaml(hostile_record(random.Random(seed)))


@pytest.mark.parametrize("preset", long_beyond(["standard", *sorted(set(preset_names()) - {"standard"})]))
def test_generated_games_are_written_as_pyyaml_writes_them(preset: str) -> None:
    for game in generate_games(1, seed=7, rules=preset, max_deals=None if preset != "standard" else 2):
        same_as_pyyaml(game_to_dict(game))


def test_the_edges_of_the_width_and_of_a_simple_key() -> None:
    """Folding and wrapping happen past column 100, a key longer than 122
    characters is written after ``? ``: each side of each edge."""
    for n in (121, 122, 123, 124):
        same_as_pyyaml({"k" * n: "v", "m": {"y" * n: ["a"]}, "l": [{"w" * n: {"z": 1}}]})
    for col in (99, 100, 101):
        for s in ("a b c d", "it's a b", "a\x01 b c", "word " * 30):
            same_as_pyyaml({"tags": {"x" * col: s, "y": s}, "c": "q" * col + " " + s,
                            "l": ["p" * col, s, s]})


def test_what_no_tree_of_the_program_holds_is_refused() -> None:
    """A float, a tuple, a key that is not a string, an object given twice
    (PyYAML would write an anchor) or a tree that holds itself: a mistake of
    the program, refused, never handed to a second writer (yaml16)."""
    shared = ["QS", "AH"]
    loop: list[Any] = []
    loop.append(loop)
    for tree in [{"a": 1.5}, {"a": ("x", 2)}, {1: "x"}, {"a": [{None: 1}]}]:
        with pytest.raises(TypeError):
            dump_record(tree)  # type: ignore[arg-type]
    for tree in [{"a": shared, "b": shared}, {"a": [{"b": shared}, shared]}, {"l": loop}]:
        with pytest.raises(ValueError, match="met twice"):
            dump_record(tree)
    assert dump_record({}) == reference_dump({}) == "{}\n"


def test_no_event_of_pyyaml_is_emitted_for_a_record(monkeypatch: pytest.MonkeyPatch) -> None:
    """The speed: a record is written without PyYAML's representer,
    serializer and emitter (a few dozen calls per card), so its text cannot
    depend on whether PyYAML has its C emitter either."""
    game = next(generate_games(1, seed=3, max_deals=1))
    expected = reference_dump(game_to_dict(game))

    def refuse(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("PyYAML's emitter was used")

    monkeypatch.setattr(yaml.emitter.Emitter, "emit", refuse)
    assert piece_yaml(game, 0) == expected
    assert piece_yaml(game, 1) == "---\n" + expected


def test_convert_to_yaml_writes_the_stream_pyyaml_writes(tmp_path: Path) -> None:
    source = ROOT / "samples" / "commented-example.hrn"
    out = tmp_path / "out.yaml"
    run = CliRunner().invoke(cli, ["convert", str(source), "--to", "yaml", "-o", str(out)])
    assert run.exit_code == 0, run.output
    text = out.read_text(encoding="utf-8")
    games: list[Game] = list(iter_games_text(source.read_text(encoding="utf-8"), "hrn", str(source)))
    assert text == yaml.dump_all([game_to_dict(g) for g in games], Dumper=yaml.SafeDumper,
                                 sort_keys=False, allow_unicode=True, default_flow_style=None,
                                 width=100)
    assert [game_to_dict(g) for g in iter_games_text(text, "yaml", "out.yaml")] == [
        game_to_dict(g) for g in games]
