"""Formats own their hooks: the runners (``hearts_notation/runners/``) never
test a format's name; how a format is cut, parsed, planned into shards and
split into raw records is named by its registry entry (io/formats.py)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from hearts_notation.io.batches import Batch, raw_records
from hearts_notation.io.formats import FORMATS
from hearts_notation.runners.local import iter_batches
from tests import package_source

RUNNERS = Path(__file__).resolve().parent.parent / "hearts_notation" / "runners"
SAMPLES = Path(__file__).resolve().parent.parent / "samples"


def test_no_runner_compares_a_format_name() -> None:
    named: list[str] = []
    for path in sorted(RUNNERS.glob("*.py")):
        for node in ast.walk(package_source.tree(path)):
            if isinstance(node, ast.Compare):
                for side in (node.left, *node.comparators):
                    for c in ast.walk(side):
                        if isinstance(c, ast.Constant) and c.value in FORMATS:
                            named.append(f"{path.name}:{node.lineno} {c.value!r}")
    assert named == []


@pytest.mark.parametrize("name", sorted(FORMATS))
def test_every_hook_a_registry_entry_names_exists(name: str) -> None:
    f = FORMATS[name]
    for hook in (f.cutter, f.batch_parser, f.planner, f.record_splitter):
        hook()   # resolves the "module:name" reference, or None
    assert (f.cut is None) == (f.parse is None)
    if f.plan is not None or f.records is not None:
        assert f.cut is not None


@pytest.mark.parametrize("sample", ["multi-game.hrn", "club-night.json"])
def test_raw_records_are_the_games_of_the_batch(sample: str) -> None:
    batches = [b for b in iter_batches([str(SAMPLES / sample)], games_per_batch=2)
               if isinstance(b, Batch)]
    assert batches
    from hearts_notation.io.batches import batch_games

    for b in batches:
        found = raw_records(b)
        assert found is not None
        _, records = found
        games = batch_games(b)
        assert [r.index for r in records] == list(range(b.first_index, b.first_index + len(games)))


def test_the_local_engine_tells_the_records_language_as_the_command_line_does(
        tmp_path: Path) -> None:
    """``Engine.records_language`` on the local engine is the command
    line's choice (``paths_language``): the first HRN record's language,
    ``None`` for English or no HRN record; a Dask worker runs the same."""
    from hearts_notation.language import paths_language
    from hearts_notation.runners.local import LocalEngine

    french = str(SAMPLES / "feuille-en-francais.hrn")
    folder = tmp_path / "fr"
    folder.mkdir()
    (folder / "a.hrn").write_bytes((SAMPLES / "feuille-en-francais.hrn").read_bytes())
    engine = LocalEngine(1)
    for paths, want in (([french], "fr"), ([str(folder)], "fr"),
                        ([str(SAMPLES / "multi-game.hrn"), french], None),
                        ([str(SAMPLES / "game.yaml"), french], "fr"), (["-"], None)):
        assert engine.records_language(paths) == want == paths_language(paths), paths
