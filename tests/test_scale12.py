"""Speed at scale on hostile-but-legal files (docs/performance.md, bench_scale):
the costs that grew with the file faster than the file, counted rather than
timed, so that the tests neither depend on the machine nor can pass on the
slow code."""

from __future__ import annotations

import difflib
import random
from collections.abc import Callable

import pytest

from hearts_notation.io.hrn.words import KNOWN_TAGS, fold_word, misspelt_tag
from hearts_notation.nearest import close_words


def _difflib_answer(word: str, choices: list[str], cutoff: float, n: int,
                    fold: Callable[[str], str] | None) -> list[str]:
    """What close_words answered before its index: difflib on the whole list."""
    if fold is None:
        return difflib.get_close_matches(word, choices, n=n, cutoff=cutoff)
    spelt: dict[str, str] = {}
    for choice in choices:
        spelt.setdefault(fold(choice), choice)
    return [spelt[c] for c in difflib.get_close_matches(fold(word), list(spelt), n=n, cutoff=cutoff)]


def test_unknown_tags_do_not_each_scan_the_known_tags(monkeypatch: pytest.MonkeyPatch) -> None:
    """100,000 unknown tag names (``[T1 "v"]``...) took 9 s: one difflib
    search per name, a Python loop over every known tag.  Names alike in the
    characters the known tags use share one search; 2,000 of them may not
    cost difflib's quick bound more than a few dozen times (one search was
    about 30 before, so 60,000 here)."""
    calls = 0
    quick = difflib.SequenceMatcher.quick_ratio

    def counted(self: difflib.SequenceMatcher[str]) -> float:
        nonlocal calls
        calls += 1
        return quick(self)

    monkeypatch.setattr(difflib.SequenceMatcher, "quick_ratio", counted)
    assert [misspelt_tag(f"T{i}") for i in range(2000)] == [None] * 2000
    assert calls < 200
    # and a slip is still found
    assert misspelt_tag("Evnet") == "Event"


def test_close_words_answers_as_difflib_on_the_whole_list() -> None:
    """The index only sets aside what difflib's own bound rejects: the same
    answer, order and spelling, on slips, random words, folded or not."""
    rng = random.Random(12)
    choices = [*sorted(KNOWN_TAGS), "pass", "passe", "deal", "donne", "Événement", "evenement"]
    alphabet = "abcdeEinorstuvéÉè 01"
    for _ in range(100):
        word = list(rng.choice(choices))
        for _ in range(rng.randint(0, 3)):
            at = rng.randrange(len(word) + 1)
            if rng.random() < 0.5 or not word:
                word.insert(at, rng.choice(alphabet))
            else:
                word[min(at, len(word) - 1)] = rng.choice(alphabet)
        typed = "".join(word)
        for cutoff, n, fold in ((0.7, 1, fold_word), (0.75, 1, str.lower), (0.6, 3, None)):
            assert close_words(typed, choices, cutoff=cutoff, n=n, fold=fold) \
                == _difflib_answer(typed, choices, cutoff, n, fold), typed


def test_the_index_stays_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hostile input bounded: ever new lists of choices, or ever new words
    against one list, do not grow the did-you-mean's memory without end
    (the bounds made small, so that the test is cheap)."""
    from hearts_notation import nearest

    monkeypatch.setattr(nearest, "MAX_INDEXES", 4)
    monkeypatch.setattr(nearest, "MAX_KEYS", 20)
    for i in range(10):
        close_words("evnet", (f"event{i}", "site"), cutoff=0.7)
    assert nearest.index_sizes()[0] <= 4
    choices = tuple(sorted(KNOWN_TAGS))
    for i in range(60):
        close_words("e" * (i % 6) + "v" * (i // 6), choices, cutoff=0.75, fold=str.lower)
    assert 0 < nearest.index_sizes()[1] <= 20
