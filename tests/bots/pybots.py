"""Python bots for ``py:`` players in tests/test_match.py (imported by module name)."""


class Raising:
    """Raises at every play: a crash fault each deal."""

    def pass_cards(self, rules, hand, count, rng):  # type: ignore[no-untyped-def]
        return [c for c in range(52) if hand >> c & 1][:count]

    def play(self, view, rng):  # type: ignore[no-untyped-def]
        raise RuntimeError("boom")



class Plain:
    """The lowest legal card, with the built-in bots' two methods."""

    def pass_cards(self, rules, hand, count, rng):  # type: ignore[no-untyped-def]
        return [c for c in range(52) if hand >> c & 1][-count:]

    def play(self, view, rng):  # type: ignore[no-untyped-def]
        legal = view.legal
        return (legal & -legal).bit_length() - 1
