"""Analysis of recorded play: which passes and cards cost points, and why.

* :mod:`.state` — the moon bookkeeping of the exact search (positions are
  :class:`~hearts_notation.state.GameState`);
* :mod:`.exact` — the exact solver with all hands known (max^n and paranoid):
  ``hearts solve``, the decisions solved exactly, the play-outs' tails,
  ``dd_loss``;
* :mod:`.faceup` — the face-up values of a deal's plays (``dd_loss``);
* :mod:`.sampler` — hidden hands consistent with one seat's knowledge, drawn
  uniformly without rejection;
* :mod:`.context` — a recorded deal as a sequence of decisions;
* :mod:`.playout` — heuristic play-outs finished by the exact solver;
* :mod:`.evaluate` — perfect-information Monte Carlo over the sampled deals;
* :mod:`.explain` — the sentences behind the marks (English, French);
* :mod:`.annotate` — the per-game job, the record written back, the report;
* :mod:`.hint` — the best cards where an unfinished record stops.

Every rule of play comes from :mod:`hearts_notation.state`.  See
``docs/analysis.md``.
"""
