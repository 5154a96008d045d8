"""The library API: what the command line does, callable from a script at
the same speed.

``validate_file``/``validate_text`` run the very path of ``hearts
validate`` (raw records cut into batches, the referee on each, worker
processes with ``jobs``), ``read_games`` is the streaming reader every
command uses, and ``score`` is what ``hearts score`` computes for a game.
They are exported from the package (``hearts_notation.validate_file``...)
and imported on first use, so ``import hearts_notation`` stays cheap.

The examples use :data:`EXAMPLE`, a tiny record (one deal seen by an
observer: only the cards played are known, and it stops after one trick):

>>> result = validate_text(EXAMPLE)
>>> result.valid, result.games, result.deals, result.errors
(True, 1, 1, 0)
>>> sorted({f["code"] for f in result.findings()})
['incomplete-deal', 'missing-cards', 'pass-direction']
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .runners.validate import is_tree_format, syntax_entry, validate_batch

if TYPE_CHECKING:
    from .model import Finding, Game
    from .rules import RuleSet
    from .scoring import GameScore

#: A small HRN record for the examples of this module's docstrings.
EXAMPLE = """[Rules "standard"]
deal 1 pass left
N: ?
E: ?
S: ?
W: ?
1. S 2C W 5C N JC E 6C
*
"""

#: The repository's sample records (the examples read them when run from a checkout).
SAMPLES = Path(__file__).resolve().parent.parent / "samples"

__all__ = ["Scored", "Validation", "read_games", "score", "validate_batch", "validate_file",
           "validate_text"]


def _worded(key: str, **args: Any) -> str:
    """The catalog's message *key* in the run's language: what a caller's
    wrong argument is told with (:class:`TypeError`, :class:`ValueError`)."""
    from .i18n import current_language, msg

    return msg(key, **args).text(current_language())


def _refuse_type(key: str, value: object, **args: Any) -> TypeError:
    """A :class:`TypeError` in the catalogs' words, naming *value*'s type."""
    return TypeError(_worded(key, found=type(value).__name__, **args))


def _rules(rules: RuleSet | str | None) -> RuleSet | None:
    """A :class:`RuleSet` from a rule set, a preset or ``"preset k=v"``
    string or a YAML file name (``None`` stays ``None``: each record's own
    ``Rules`` tag, else standard).  Anything else is a :class:`TypeError`
    here (an ``int`` went on to fail deep in the reader, "str object
    expected; got int"); a string that names no rules is a
    :class:`~hearts_notation.rules.RuleError` (a :class:`ValueError`)."""
    from .rules import RuleSet as _RuleSet

    if rules is None or isinstance(rules, _RuleSet):
        return rules
    if not isinstance(rules, str):
        raise _refuse_type("api.rules_type", rules)
    from .rules import load_rules

    return load_rules(rules)


def _format(fmt: object) -> str | None:
    """*fmt* checked: ``None`` or the name of an input format (``--from``'s
    names).  A name that is none is a :class:`ValueError` at the call, as
    ``--from xml`` is a usage error at the command line (it was an
    "unreadable" input of the report, or an ``InputError`` of the reader,
    for every file given)."""
    from .io.formats import FORMATS

    if fmt is None:
        return None
    if not isinstance(fmt, str):
        raise _refuse_type("api.fmt_type", fmt, known=("or_list", *FORMATS))
    if fmt not in FORMATS:
        raise ValueError(_worded("input.unknown_format", name=repr(fmt), known=("or_list", *FORMATS)))
    return fmt


def _path(path: object, name: str = "path") -> str:
    """A file name given as ``str`` or ``os.PathLike`` (``pathlib.Path``),
    as the readers take it; anything else is a :class:`TypeError` (``None``
    or a list went on to "expected str, bytes or os.PathLike object" deep in
    the reader)."""
    import os

    if isinstance(path, os.PathLike):
        path = os.fspath(path)
    if not isinstance(path, str):
        raise _refuse_type("api.path_type", path, name=name)
    return path


def _jobs(jobs: object) -> int:
    """*jobs* as ``--jobs`` takes it: a whole number, 0 for every core."""
    from .runners.pool import default_jobs

    if isinstance(jobs, bool) or not isinstance(jobs, int):
        raise _refuse_type("api.jobs_type", jobs)
    if jobs < 0:
        raise ValueError(_worded("api.jobs_negative", jobs=("num", jobs)))
    return jobs or default_jobs()


@dataclass
class Validation:
    """The referee's report on some records: one entry per game (the
    ``games`` of ``hearts validate --format json``, plain data) and the
    counts of its summary.

    ``unreadable`` holds the inputs that could not be read at all (missing,
    binary, not UTF-8...), as the messages ``hearts`` prints for them.
    """

    entries: list[dict[str, Any]] = field(default_factory=list)
    unreadable: list[str] = field(default_factory=list)

    def add(self, entry: dict[str, Any]) -> None:
        """Keep one game's entry in the shape of the printed report (the
        message ids and arguments the findings travel with are left out)."""
        from .i18n import public_finding

        for f in entry["findings"]:
            public_finding(f, "en")
        self.entries.append(entry)

    @property
    def games(self) -> int:
        """The number of games read."""
        return len(self.entries)

    @property
    def deals(self) -> int:
        """The number of deals read."""
        return sum(len(e["deals"]) for e in self.entries)

    @property
    def errors(self) -> int:
        """Findings of severity ``error`` (rule broken, record unreadable)."""
        return sum(f["severity"] == "error" for e in self.entries for f in e["findings"])

    @property
    def valid(self) -> bool:
        """True when every input was read and no game has an error."""
        return not self.unreadable and all(e["valid"] for e in self.entries)

    def findings(self) -> Iterator[dict[str, Any]]:
        """Every finding of every game, in order (each with its ``code``,
        ``severity``, ``message``, ``line``, ``column``, ``deal``...)."""
        for e in self.entries:
            yield from e["findings"]


# Validation ------------------------------------------------------------------------------


def iter_validate(paths: Iterable[str], rules: RuleSet | str | None = None, *,
                  fmt: str | None = None, force_rules: bool = False,
                  jobs: int = 1) -> Iterator[dict[str, Any] | Exception]:
    """Report entries of every game of every file, in order, streamed (flat
    memory); an unreadable file yields its ``InputError`` in its place and
    the next file is read.  What ``validate_file`` collects."""
    from .io import InputError
    from .runners.local import iter_batches
    from .runners.pool import map_ordered

    if isinstance(paths, str | bytes) or not isinstance(paths, Iterable):
        # (a single name was read as its letters, each "no such file")
        raise _refuse_type("api.paths_type", paths)
    paths = [_path(p, "paths") for p in paths]
    fmt = _format(fmt)
    jobs = _jobs(jobs)
    ruleset = _rules(rules)
    # One job: the batches are checked here, so the cut may decode them too.
    batches = iter_batches(paths, fmt, ruleset, games_per_batch=32, errors="yield",
                           decode=jobs == 1)
    work = partial(validate_batch, rules=ruleset, force=force_rules)
    per_file: dict[str, int] = {}
    for group in map_ordered(work, batches, jobs, 1, None):
        for entry in group:
            if isinstance(entry, InputError):
                broken = syntax_entry(entry, per_file.get(entry.source, 0) + 1, ruleset,
                                      force_rules)
                if broken is not None:
                    entry = broken
            if isinstance(entry, dict):
                per_file[entry["source"]] = per_file.get(entry["source"], 0) + 1
            yield entry


def validate_file(path: str, rules: RuleSet | str | None = None, *, fmt: str | None = None,
                  force_rules: bool = False, jobs: int = 1) -> Validation:
    """Check every card of every deal of a record file (any format, chosen
    by its extension or *fmt*) and recompute its scores: the report of
    ``hearts validate``.

    *rules* apply to records without a ``Rules`` tag (to all with
    *force_rules*); *jobs* worker processes share the work (the report is
    the same whatever their number).

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     p = Path(d, "club.hrn")
    ...     _ = p.write_text(EXAMPLE.replace("E 6C", "E 5C"), encoding="utf-8")
    ...     result = validate_file(str(p))
    >>> result.valid
    False
    >>> [(f["code"], f["line"], f["column"]) for f in result.findings() if f["severity"] == "error"]
    [('not-held', 7, 21)]
    """
    out = Validation()
    for entry in iter_validate([_path(path)], rules, fmt=fmt, force_rules=force_rules, jobs=jobs):
        if isinstance(entry, dict):
            out.add(entry)
        else:
            out.unreadable.append(str(entry))
    return out


def validate_text(text: str, fmt: str = "hrn", rules: RuleSet | str | None = None, *,
                  force_rules: bool = False, source: str = "<text>") -> Validation:
    """:func:`validate_file` for a record held as a string (*source* names
    it in the findings).

    *fmt* ``None`` reads the text in the format its beginning shows, HRN
    when it could be HRN: what ``hearts validate -`` does with standard
    input given no ``--from``.

    >>> validate_text('{"deals": [{"tricks": [{"plays": 3}]}]}', "jsonl").valid
    False
    >>> validate_text('{"deals": [{"tricks": [{"plays": 3}]}]}', None).valid
    False
    """
    from .io import InputError, iter_games_text
    from .io.sniff import sniff_format
    from .referee import validate_game

    if not isinstance(text, str):
        raise _refuse_type("api.text_type", text)
    if not isinstance(source, str):
        raise _refuse_type("api.path_type", source, name="source")
    fmt = _format(fmt) or sniff_format(text[:4096]) or "hrn"
    ruleset = _rules(rules)
    out = Validation()
    try:
        for game in iter_games_text(text, fmt, source, ruleset):
            out.add(validate_game(game, ruleset, force_rules))
    except InputError as exc:
        broken = syntax_entry(exc, len(out.entries) + 1, ruleset, force_rules)
        if broken is None:
            out.unreadable.append(str(exc))
        else:
            out.add(broken)
    return out


# Reading and scoring ---------------------------------------------------------------------


def read_games(path: str, fmt: str | None = None,
               rules: RuleSet | str | None = None) -> Iterator[Game]:
    """The games of a record file (or ``-``), one at a time, streamed.

    A game that does not parse comes back with its ``errors``; input that
    cannot be read at all raises :class:`~hearts_notation.io.InputError`
    (``str()`` gives ``file:line:col: message``).

    >>> games = list(read_games(str(SAMPLES / "multi-game.hrn")))
    >>> len(games), games[0].tags["Event"], len(games[0].deals)
    (3, 'Lunch league', 6)
    """
    from .io import read_games as _read

    ruleset = _rules(rules)
    return _read(_path(path), _format(fmt), ruleset)


@dataclass(frozen=True)
class Scored:
    """What ``hearts score`` says of one game: the rules used, the
    recomputed scores (every deal's points, the running totals, the end of
    the game and its winners) and where the record disagrees with them."""

    rules: RuleSet
    score: GameScore
    findings: list[Finding]

    @property
    def totals(self) -> dict[str, int]:
        """The running totals after the last deal (0 each with no deal)."""
        last = self.score.last
        if last is None:
            return dict.fromkeys(self.score.seats, 0)
        return dict(last.totals)

    @property
    def winners(self) -> tuple[str, ...]:
        """The seats that won, if the game is over."""
        return self.score.winners

    @property
    def agrees(self) -> bool:
        """True when the record's own scores, moon and result agree."""
        return not any(f.severity == "error" for f in self.findings)


def score(game: Game, rules: RuleSet | str | None = None, *, force_rules: bool = False) -> Scored:
    """Recompute the points of every deal of *game* and compare them with
    the record's ``score``, ``total``, ``moon`` and ``result`` lines.

    >>> game = next(read_games(str(SAMPLES / "canonical.hrn")))
    >>> s = score(game)
    >>> s.totals
    {'N': 51, 'E': 33, 'S': 104, 'W': 72}
    >>> s.agrees
    True
    """
    from .model import Game as _Game
    from .referee import game_seats, rules_with_findings
    from .scoring import score_findings, score_game
    from .sheets import club_findings

    if not isinstance(game, _Game):
        raise _refuse_type("api.game_type", game)
    ruleset, found = rules_with_findings(game, _rules(rules), force_rules)
    seats, ruleset, more = game_seats(game, ruleset)
    result = score_game(game, ruleset, seats)
    checks = club_findings(game, ruleset, seats) + score_findings(game, ruleset, result)
    found = [*game.errors, *found, *more] + [f for _, _, f in sorted(checks, key=lambda c: c[:2])]
    if game.pos is not None and is_tree_format(game.source):
        found = [f if f.line is not None else dataclasses.replace(f, line=game.pos.line, column=1)
                 for f in found]
    return Scored(ruleset, result, found)
