"""Fuzzing every reading command in-process (CI-sized).

Mutated samples in every format (bit flips, truncation, repeated and huge
lines, deep nesting, escape sequences and markup in names, tags and comments,
YAML aliases, huge integers, lone surrogates, binary junk, other encodings)
go through validate, score, convert to each format, fmt, replay, replay
--narrate, annotate --fast and hint (small inputs), stats and standings.
Every run must end with status 0, 1 or 2 and no traceback, within a bounded
CPU time, and print no raw control character where people read it.

Hypothesis runs derandomized with a fixed number of examples, so CI is
reproducible; the long campaign with time and memory per run is
``benchmarks/fuzz_campaign.py``.  The reproducers of the issue that were not
already covered by ``test_reader_limits.py`` and the analysis tests are in
``tests/data/fuzz/``.
"""

from __future__ import annotations

import importlib.util
import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests import fuzzing as F

SEEDS = F.seeds()
DATA = Path(__file__).parent / "data" / "fuzz"
#: Whether terminal escaping (every user string's control characters
#: escaped) is on this branch: before it is, only crashes are checked.
ESCAPING = importlib.util.find_spec("hearts_notation.output") is not None
#: CPU seconds one run may take: the campaign's 10 s, halved, on the small
#: samples (a run takes well under a second).
RUN_BUDGET = 5.0

FUZZ = settings(max_examples=25, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def check(outcome: F.Outcome, path: Path) -> None:
    data = path.read_bytes()
    where = f"{outcome.command.name} on {data[:300]!r}"
    crash = outcome.crash()
    assert crash is None, f"{where}: {crash}\n{outcome.traceback or ''}"
    assert outcome.cpu_seconds < RUN_BUDGET, f"{where}: {outcome.cpu_seconds:.1f} CPU-s"
    if ESCAPING:
        control = outcome.control()
        assert control is None, f"{where}: {control}"


def run_all(tmp_path: Path, suffix: str, data: bytes) -> None:
    path = tmp_path / f"fuzzed{suffix}"
    path.write_bytes(data)
    for command in F.applicable(F.COMMANDS, len(data)):
        check(F.run_in_process(command, str(path)), path)


@FUZZ
@given(seed=st.sampled_from(range(len(SEEDS))), rng=st.integers(0, 2**32 - 1))
def test_mutated_samples_every_command(tmp_path_factory: pytest.TempPathFactory,
                                       seed: int, rng: int) -> None:
    suffix, data = SEEDS[seed]
    run_all(tmp_path_factory.mktemp("fuzz"), suffix, F.mutate(data, random.Random(rng)))


#: Text where the readers take free text: names, tags, comments.
hostile = st.one_of(
    st.sampled_from(F.HOSTILE_TEXT[:12]),
    st.text(st.characters(codec="utf-8", exclude_categories=["Cs"]), max_size=30),
    st.text(st.characters(min_codepoint=0, max_codepoint=0x9f), max_size=12),
)


@FUZZ
@given(name=hostile, tag=hostile, comment=hostile)
def test_hostile_strings_in_names_tags_comments(tmp_path_factory: pytest.TempPathFactory,
                                                name: str, tag: str, comment: str) -> None:
    """A valid JSON record whose free text is hostile: read, checked,
    scored, replayed, narrated and converted without a crash or a raw
    control character on the terminal."""
    record = json.loads(SEEDS[7][1])
    game = record[0] if isinstance(record, list) else record
    game.setdefault("players", {})
    first = next(iter(game["players"]), "N")
    game["players"][first] = name
    game.setdefault("tags", {})["Event"] = tag
    game["comment"] = comment
    run_all(tmp_path_factory.mktemp("hostile"), ".json", json.dumps(record).encode())


#: The corpus's reproducers are about the terminal (markup and escape
#: sequences in names, tags, comments and quoted lines).
needs_escaping = pytest.mark.skipif(not ESCAPING, reason="terminal escaping not on this branch")


@needs_escaping
@pytest.mark.parametrize("path", sorted(DATA.iterdir()), ids=lambda p: p.name)
def test_regression_corpus_every_command(tmp_path: Path, path: Path) -> None:
    """Each reproducer through every command: no crash, bounded time."""
    run_all(tmp_path, path.suffix, path.read_bytes())


@needs_escaping
def test_markup_in_event_does_not_crash_score() -> None:
    """``[Event "[/]"]`` used to raise rich's MarkupError in ``score``;
    ``[link=...]`` drew a hyperlink.  Both are plain text."""
    for name in ("markup-event.hrn", "link-event.hrn"):
        out = F.run_in_process(F.Command("score", ("score", "--jobs", "1")), str(DATA / name))
        assert out.crash() is None, out.traceback
        assert out.exit_code == 0
        assert "\x1b]8;" not in out.stdout


@needs_escaping
@pytest.mark.parametrize("args", [("replay", "--ascii"), ("replay", "--narrate"),
                                  ("score", "--jobs", "1"), ("validate", "--jobs", "1")])
def test_escape_sequences_in_names_are_escaped(args: tuple[str, ...]) -> None:
    """Escape sequences in names and comments reach the terminal escaped."""
    for name in ("escape-names.hrn", "escape-in-error.hrn"):
        out = F.run_in_process(F.Command(args[0], args), str(DATA / name))
        assert out.crash() is None, out.traceback
        assert out.control() is None, out.control()


def test_mutators_change_their_input() -> None:
    """Every mutator does something on a real record (else the fuzz
    test would silently test the samples only)."""
    data = SEEDS[0][1]
    for mutator in F.MUTATORS:
        changed = any(mutator(data, random.Random(i)) != data for i in range(5))
        assert changed, mutator.__name__
