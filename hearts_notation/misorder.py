"""Logs from other programs: one finding when the plays fit another pass.

A log written by another program sometimes numbers its deals in another
order than the pass cycle, or passes in another order: the cards each seat
passed are then delivered to the wrong neighbour, and every card a
receiver plays from the pass is "not held" -- dozens of ``not-held``
errors for one deal (72 in one misordered file) that hide the one thing to
say.

When a deal has several ``not-held`` errors, the referee's own deal check
is run again with each other pass direction of the rules; if the plays fit
one of them (no card played that was not held), the deal's ``not-held``
errors become the *details* of one ``pass-mismatch`` finding that names
the direction the plays fit, the deals of the cycle that pass that way,
and the evidence (how many cards were not held each way).  Nothing here
decides a rule of play: the re-check is the referee's own deal check,
with another direction, handed in by the referee as a factory of deal
checks (so this module does not import the referee: no import circle).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from .i18n import Arg, msg
from .model import Deal, Finding
from .seats import PASSING_DIRECTIONS
from .state import deal_pass

if TYPE_CHECKING:
    from .rules import RuleSet

#: ``not-held`` errors in a deal from which another direction is tried
#: (one or two are a mistyped card, not a misordered log).
THRESHOLD = 3

CODE = "pass-mismatch"


class DealCheck(Protocol):
    """What the referee's deal check offers here: a replay of the deal
    with a given pass direction, giving its findings."""

    def run(self, direction: str | None, header_flagged: bool = False) -> list[Finding]: ...


def _not_held(found: list[Finding]) -> list[Finding]:
    return [f for f in found if f.code in ("not-held", "pass-not-held")]


def explain(rules: RuleSet, deal: Deal, number: int, direction: str | None,
            header_flagged: bool, found: list[Finding],
            new_check: Callable[[], DealCheck]) -> list[Finding]:
    """The deal's findings, with its ``not-held`` errors folded into one
    ``pass-mismatch`` finding when the plays fit another pass direction
    (else *found* unchanged).  *rules*, *number*, *direction* and
    *header_flagged* are those the referee checked the deal with;
    *new_check* makes a fresh deal check of the same deal."""
    bad = [f for f in found if f.code == "not-held"]
    if len(bad) < THRESHOLD or not deal.passes:
        return found
    used = deal_pass(rules, number, direction).direction
    if used is None:    # (never with a deal number: the cycle says)
        return found
    fits: list[tuple[str, list[Finding]]] = []
    for alt in dict.fromkeys((*rules.pass_cycle, *PASSING_DIRECTIONS)):
        if alt == used or alt == "hold":
            continue
        try:
            again = new_check().run(alt, header_flagged)
        except (ValueError, KeyError, IndexError):
            continue        # a direction these rules cannot pass (across with 3 players)
        if not _not_held(again):
            fits.append((alt, again))
    if len(fits) != 1:      # none, or ambiguous: the per-card errors say more
        return found
    alt, again = fits[0]
    cycle = len(rules.pass_cycle) or 1
    deals = [k for k in range(1, cycle + 1) if deal_pass(rules, k).direction == alt]
    d_alt, d_used = ("dir", alt), ("dir", used)
    of_cycle: Arg = msg(f"misorder.cycle.{'one' if len(deals) == 1 else 'other'}",
                        cycle=("comma", *(("dir", d) for d in rules.pass_cycle)),
                        deals=("comma", *deals), direction=d_alt).arg() if deals else ""
    m = msg("finding.pass-mismatch", deal=number, alt=d_alt, used=d_used, used2=d_used, k=len(bad),
            alt2=d_alt, cycle=of_cycle)
    pos = deal.pos
    head = Finding(CODE, "error", m.text(), deal=number,
                   line=pos.line if pos else None, column=pos.column if pos else None,
                   details=tuple(bad), key=m.key, args=m.args)
    # The infos of the failed replay (hands not fully known...) are not
    # true of the replay that fits: keep only those it gives too.
    rest = [f for f in found if f.code != "not-held" and (f.severity != "info" or f in again)]
    return [head, *rest]


__all__ = ["CODE", "THRESHOLD", "explain"]
