"""The one "did you mean" of the package: the words of a list nearest to a
word typed where one of them was expected.

The HRN reader (a keyword, a tag name: ``io/hrn/words.closest_keyword``),
the rule sets (a preset's name: ``rules.closest_preset``), the selection
queries (a function, a finding's code, a severity: ``query``) and the
editor's quick fixes (``editor/features``) all answer a slip with a
suggestion.  Each once called :func:`difflib.get_close_matches` on its own,
with its own folding of case; this leaf module is the one place that does,
so a change of how words are compared (a cutoff's meaning, the folding of
accents) is made once.  It imports nothing of the package, so that the
rules, which may not import the readers, and the readers, which import the
rules, can both use it.  Each caller keeps its own cutoff, for its own
reason (said where it is set).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable
from typing import Final

#: How many lists of choices (with their cutoff and folding) keep an index
#: (:class:`_Choices`): the package has a handful (the keywords, the known
#: tags, the presets, the query's words); a caller passing ever new lists
#: must not grow memory without bound.
MAX_INDEXES: Final = 64
#: How many words' candidate lists one index remembers before it forgets
#: them all: a file of 100,000 unknown tag names has as many words, but
#: few distinct keys (:meth:`_Choices.candidates`).
MAX_KEYS: Final = 4096


class _Choices:
    """One list of choices made ready for many words.

    :func:`difflib.get_close_matches` compares a word with every choice and
    discards most by their ``quick_ratio``: the size of the multiset
    intersection of their characters, ``2 * M / (len(word) + len(choice))``.
    That pass is a Python loop over each choice's characters, for every
    word: 100,000 unknown tag names in one file (``[T1 "v"]``...) spent
    9 s there (docs/performance.md, bench_scale).  M depends only on the
    characters of the word that occur in some choice: the key
    (those characters sorted, the word's length) decides which choices pass,
    so it is computed once per key and the survivors, in their order, go to
    :func:`difflib.get_close_matches` itself, which answers exactly as on
    the whole list (a choice dropped here is one it would drop)."""

    __slots__ = ("counts", "cutoff", "folded", "known", "other", "spelt")

    def __init__(self, choices: tuple[str, ...], cutoff: float,
                 fold: Callable[[str], str] | None) -> None:
        spelt: dict[str, str] = {}
        for choice in choices:
            spelt.setdefault(fold(choice) if fold is not None else choice, choice)
        #: folded choice -> the first spelling of it (without *fold*, itself)
        self.spelt = spelt
        #: the choices compared (folded, without repeats when folded; as
        #: given, repeats included, without *fold*, as difflib is given them)
        self.folded: tuple[str, ...] = tuple(spelt) if fold is not None else choices
        self.counts = [Counter(c) for c in self.folded]
        alphabet = sorted(set("".join(self.folded)))
        #: the characters no choice has (none of them can match), or None
        #: when the choices have no character at all
        self.other = re.compile("[^" + "".join(re.escape(c) for c in alphabet) + "]+") \
            if alphabet else None
        self.cutoff = cutoff
        self.known: dict[tuple[str, int], list[str]] = {}

    def candidates(self, word: str) -> list[str]:
        """The choices whose ``quick_ratio`` with *word* reaches the cutoff,
        in their order: the same test and the same float as difflib's."""
        kept = "".join(sorted(self.other.sub("", word))) if self.other is not None else ""
        key = (kept, len(word))
        hit = self.known.get(key)
        if hit is not None:
            return hit
        have = Counter(kept)
        out: list[str] = []
        for choice, counts in zip(self.folded, self.counts, strict=True):
            matches = sum(min(n, have[c]) for c, n in counts.items() if c in have)
            length = len(choice) + len(word)
            # (difflib's _calculate_ratio, to the bit)
            ratio = 2.0 * matches / length if length else 1.0
            if ratio >= self.cutoff:
                out.append(choice)
        if len(self.known) >= MAX_KEYS:
            self.known.clear()
        self.known[key] = out
        return out


_INDEXES: dict[tuple[tuple[str, ...], float, Callable[[str], str] | None], _Choices] = {}


def _index(choices: tuple[str, ...], cutoff: float,
           fold: Callable[[str], str] | None) -> _Choices:
    """The index of *choices* compared at *cutoff* under *fold*, made once."""
    key = (choices, cutoff, fold)
    index = _INDEXES.get(key)
    if index is None:
        if len(_INDEXES) >= MAX_INDEXES:
            _INDEXES.clear()
        index = _INDEXES[key] = _Choices(choices, cutoff, fold)
    return index


def index_sizes() -> tuple[int, int]:
    """How many lists of choices are indexed, and the most keys one of them
    remembers: what :data:`MAX_INDEXES` and :data:`MAX_KEYS` bound."""
    return len(_INDEXES), max((len(i.known) for i in _INDEXES.values()), default=0)


def close_words(word: str, choices: Iterable[str], *, cutoff: float, n: int = 1,
                fold: Callable[[str], str] | None = None) -> list[str]:
    """The at most *n* of *choices* nearest to *word* whose ratio (that of
    :func:`difflib.get_close_matches`) is *cutoff* or more, nearest first,
    as *choices* spell them.  With *fold*, both sides are compared folded
    (case, accents: the caller's choice), and of several choices that fold
    alike the first is the one given; without it they are compared as they
    are.  The answer is difflib's on the whole list; only the choices its
    quick bound would reject are set aside first (:class:`_Choices`), so
    that a file of many unknown words costs a lookup per word."""
    index = _index(tuple(choices), cutoff, fold)
    probe = fold(word) if fold is not None else word
    candidates = index.candidates(probe)
    if not candidates and n > 0 and 0.0 <= cutoff <= 1.0:
        # (the usual answer to an unknown word: difflib would build its
        # matcher only to compare it with nothing; a bad n or cutoff still
        # goes to difflib for its ValueError)
        return []
    # (difflib is imported here, not at the top: only a slip pays for it, not
    # every start-up of the command line, nor every unknown word)
    from difflib import get_close_matches

    found = get_close_matches(probe, candidates, n=n, cutoff=cutoff)
    return [index.spelt[c] for c in found]
