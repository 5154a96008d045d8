"""The former name of :mod:`hearts_notation.state`, kept so that code
written against it goes on importing: every rule of play lives in
:mod:`hearts_notation.state`, and this module only re-exports its names
(new code imports from ``state``)."""

from __future__ import annotations

from .state import (
    CLUB_MASK,
    FAULT_CODES,
    GameState,
    IllegalPlayError,
    apply_passes,
    breaks_hearts,
    deal_points,
    first_trick_safe,
    legal_plays,
    moon_shooter,
    opening_leader,
    opening_leads,
    penalty_total,
    play_fault,
    raw_points,
    replay_exact,
    replay_tricks,
    trick_winner,
)

__all__ = [
    "CLUB_MASK",
    "FAULT_CODES",
    "GameState",
    "IllegalPlayError",
    "apply_passes",
    "breaks_hearts",
    "deal_points",
    "first_trick_safe",
    "legal_plays",
    "moon_shooter",
    "opening_leader",
    "opening_leads",
    "penalty_total",
    "play_fault",
    "raw_points",
    "replay_exact",
    "replay_tricks",
    "trick_winner",
]
