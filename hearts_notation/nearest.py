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

from collections.abc import Callable, Iterable


def close_words(word: str, choices: Iterable[str], *, cutoff: float, n: int = 1,
                fold: Callable[[str], str] | None = None) -> list[str]:
    """The at most *n* of *choices* nearest to *word* whose ratio (that of
    :func:`difflib.get_close_matches`) is *cutoff* or more, nearest first,
    as *choices* spell them.  With *fold*, both sides are compared folded
    (case, accents: the caller's choice), and of several choices that fold
    alike the first is the one given; without it they are compared as they
    are."""
    # (difflib is imported here, not at the top: only a slip pays for it, not
    # every start-up of the command line)
    from difflib import get_close_matches

    if fold is None:
        return get_close_matches(word, list(choices), n=n, cutoff=cutoff)
    spelt: dict[str, str] = {}
    for choice in choices:
        spelt.setdefault(fold(choice), choice)
    return [spelt[c] for c in get_close_matches(fold(word), list(spelt), n=n, cutoff=cutoff)]
