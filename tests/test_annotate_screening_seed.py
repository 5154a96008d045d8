"""What ``--seed`` seeds (issue 24, docs/analysis.md "The screening seeded by
the position"): the screening and race, which call a card best, draw their
worlds from the position alone, so every seed compares the card played with
the same best card; the held-out verifications still draw theirs from
``--seed``, whose Monte Carlo error ``bench_stability.py`` measures."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from hearts_notation.analysis.annotate import AnalysisOptions, GameTask, analyse_game
from hearts_notation.analysis.evaluate import FAST
from hearts_notation.io import read_games

DATA = Path(__file__).parent / "data" / "analysis"


def test_the_screening_is_the_positions_and_the_verification_the_seeds() -> None:
    g = next(read_games(str(DATA / "moon_stop.hrn")))
    runs = []
    for seed in (3, 4):
        # FAST with a small screening and verification, no face-up solves:
        # cheap enough for the README's command.
        cheap = dataclasses.replace(FAST, samples=8, race=8, verify=128, exact_tricks=3,
                                    dd_tricks=0, dd_nodes=0, seed=seed)
        opts = AnalysisOptions(eval=cheap, passes=False)
        runs.append(analyse_game(GameTask(g, opts, only_deal=1)).decisions)
    a, b = runs
    assert len(a) == len(b) > 10
    # The same screening under both seeds: the same candidates, figures and best.
    assert [(d.choices, d.best) for d in a] == [(d.choices, d.best) for d in b]
    # Other held-out worlds: the verified losses differ.
    verified = [(x.epl, y.epl) for x, y in zip(a, b, strict=True)
                if x.verified_worlds and y.verified_worlds and not (x.epl_stderr == y.epl_stderr == 0)]
    assert verified
    assert any(ea != eb for ea, eb in verified)
