"""A ``py:`` player for tests/test_review23.py (imported by module name): it
plays the lowest legal card and, while it plays, deletes the file named by
``REVIEW23_UNLINK`` (the match's own output: a folder removed mid-match)."""

import os


class Unlinker:
    """The lowest legal card; the match's output file deleted at each play."""

    def pass_cards(self, rules, hand, count, rng):  # type: ignore[no-untyped-def]
        return [c for c in range(52) if hand >> c & 1][-count:]

    def play(self, view, rng):  # type: ignore[no-untyped-def]
        gone = os.environ.get("REVIEW23_UNLINK", "")
        if gone and os.path.exists(gone):
            os.unlink(gone)
        legal = view.legal
        return (legal & -legal).bit_length() - 1
