"""Positions built by hand for the reason detectors' tests
(tests/test_analysis_reasons.py, tests/test_coach28.py): a card and a mask
from their tokens, and a play's facts with every field a detector does not
look at given a neutral value."""

from __future__ import annotations

from hearts_notation.analysis.explain import PlayFacts
from hearts_notation.cards import mask_of, parse_card


def c(t: str) -> int:
    """The card of token *t* (``QS``)."""
    return parse_card(t)


def m(*tokens: str) -> int:
    """The mask of the cards of *tokens*."""
    return mask_of(parse_card(t) for t in tokens)


def facts(**kw: object) -> PlayFacts:
    """W's play of K♠ where 7♠ was best (EPL 4.0, no face-up loss), Q♠ out,
    48 worlds, with *kw* in place of any of those."""
    base: dict[str, object] = dict(seat="W", card=c("KS"), best=c("7S"), epl=4.0, dd_loss=None,
                                   hand=m("KS", "7S"), legal=m("KS", "7S"), trick=(),
                                   queen_out=True, worlds=48)
    base.update(kw)
    return PlayFacts(**base)  # type: ignore[arg-type]
