"""A game read and refereed deal by deal, so that an edit checks again only
the deals it touched.

The language server checks a document after every pause in typing; a
20-deal game read and refereed whole costs tens of milliseconds in pure
Python, most of it the reader.  Here a game's text is cut where the reader
itself cuts it (its logical lines, :func:`~hearts_notation.io.hrn.cut.iter_logical_lines`):

- the **header**, the lines before the first ``deal`` line (tags, comments);
- one **segment** per deal, from its ``deal`` line to the next ``deal`` or
  ``result`` line (the comments between two deals belong to the deal before,
  as the reader files them);
- the **tail**, the ``result`` line and the comments after it.

Each segment is read by the one reader (:func:`~hearts_notation.io.hrn.reader.build_game`)
from the header's lines and its own, and the game is put together from the
deals read; each deal is judged by the one referee
(:func:`~hearts_notation.referee.check_game`, through its *memo* hook), and
the game-wide checks (deal numbers, dealers, the running totals and the
scores, the end of the game) are made again every time: they are cheap, and
an edit of deal *k* may change what is said of every later deal.

**What is kept.**  A read is kept by the text of the header and of the
segment: a deal whose lines did not change is not read again, only moved to
its new first line (its positions shifted) when lines were added or removed
above it.  A check is kept by the same texts and by everything else the
referee's check of a deal depends on (:data:`~hearts_notation.referee.DealMemo`:
the rules, the seats, the deal's number, whether its header was flagged,
whether it is the last deal of an unfinished or cut game); its findings are
moved with the deal.  So a change in the header (a tag, the ``Rules``)
reads and checks every deal again; a card typed in deal *k* reads and
checks deal *k* alone.  What is kept comes from the games of the previous
version of the document only, so memory follows the document.

**Exactly the reader's game.**  The game put together is the reader's game
of the whole text, positions and all (``tests/test_editor_deals.py`` checks
it and the findings after random edits).  Where the pieces could not say
the same -- a syntax error in the header, an unclosed comment, a game with
no tag before its first deal, a line over the length limit, a segment that
does not read as one deal (a mistyped ``deal`` line) -- :func:`check_by_deal`
answers ``None`` and the game is read whole.  A syntax error costs its line,
as in the reader: the deal that holds it is read with its error, and the
deals after it (and the result) are read as ever.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from itertools import pairwise

from ..io.hrn.cut import BLANKS, LogicalLine, iter_logical_lines
from ..io.hrn.reader import build_game
from ..io.hrn.words import LanguageSniffer
from ..io.limits import current as current_limits
from ..io.stream import RecordError
from ..model import Deal, Finding, Game, Pos
from ..referee import DealResult, GameReport, check_game
from ..rules import RuleSet

__all__ = ["Parts", "Pool", "Tally", "check_by_deal", "moved_deal", "moved_finding"]


# Moving what was read and found -----------------------------------------------------------


def _at(pos: Pos | None, delta: int) -> Pos | None:
    return None if pos is None else Pos(pos.line + delta, pos.column)


def moved_deal(deal: Deal, delta: int) -> Deal:
    """*deal* with every position *delta* lines further down (the deal's
    lines moved as a whole: columns stay)."""
    if not delta:
        return deal
    replace = dataclasses.replace
    return replace(
        deal,
        passes={s: replace(p, pos=_at(p.pos, delta)) for s, p in deal.passes.items()},
        tricks=tuple(replace(t, pos=_at(t.pos, delta),
                             plays=tuple(replace(p, pos=_at(p.pos, delta)) for p in t.plays))
                     for t in deal.tricks),
        moon=None if deal.moon is None else replace(deal.moon, pos=_at(deal.moon.pos, delta)),
        pos=_at(deal.pos, delta),
        where={k: Pos(v.line + delta, v.column) for k, v in deal.where.items()})


def moved_finding(f: Finding, delta: int) -> Finding:
    """*f* (and the findings it sums up) *delta* lines further down."""
    if not delta:
        return f
    return dataclasses.replace(f, line=None if f.line is None else f.line + delta,
                               details=tuple(moved_finding(d, delta) for d in f.details))


# What is kept from one version of a game to the next --------------------------------------


#: A kept read: the game read from the header and one segment, and the line
#: (1-based, in the game's text) the segment started on then.
Read = tuple[Game, int]
#: A kept check: the deal's findings, the cards each seat took, and the
#: line the segment started on then.
Check = tuple[list[Finding], list[int] | None, int]


@dataclass
class Parts:
    """What a game checked deal by deal keeps for the next version of the
    document: its header's text, the read of each of its segments and the
    check of each of its deals, by their texts."""

    header: str
    reads: dict[str, Read] = field(default_factory=dict)
    checks: dict[tuple[Hashable, str], Check] = field(default_factory=dict)


class Pool:
    """The parts of the games of the previous version of a document, where
    a game being checked takes the deals it shares with them."""

    def __init__(self, parts: Iterable[Parts] = ()) -> None:
        self.reads: dict[tuple[str, str], Read] = {}
        self.checks: dict[tuple[str, Hashable, str], Check] = {}
        for p in parts:
            for text, read in p.reads.items():
                self.reads[(p.header, text)] = read
            for (key, text), check in p.checks.items():
                self.checks[(p.header, key, text)] = check


@dataclass
class Tally:
    """How many deals have been read and refereed (the tests use it to see
    that an edit checks only the deals it touched)."""

    read: int = 0
    checked: int = 0


# The game, piece by piece -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Segment:
    """One deal's lines: their text, their first line (1-based), and the
    reader's logical lines for them."""

    text: str
    first_line: int
    lines: Sequence[LogicalLine]


def _cut(text: str) -> tuple[str, list[LogicalLine], list[_Segment], list[LogicalLine]] | None:
    """The header's text and logical lines, the deals' segments and the
    tail's logical lines of a game's text; ``None`` when the game is to be
    read whole (see the module docstring)."""
    physical = text.split("\n")
    limits = current_limits()
    limit = limits.line
    if len(text) > limits.record or (len(text) > limit and max(map(len, physical)) > limit):
        return None     # (a game longer than the record limit: the reader refuses it whole)
    try:
        lls = list(iter_logical_lines(physical))
    except RecordError:
        return None
    starts: list[int] = []
    tail = len(lls)
    for i, ll in enumerate(lls):
        if ll.unclosed is not None:
            return None
        kind = ll.kind
        if kind in ("deal", "result") and ll.text.lstrip(BLANKS).startswith("{"):
            # A comment that ends on the deal's or the result's line: the
            # whole read decides which deal it belongs to; so it is read whole.
            return None
        if i > tail:
            if kind not in ("blank", "comment"):
                return None
        elif kind == "deal":
            starts.append(i)
        elif kind == "result":
            tail = i
        elif kind == "tag" and starts:
            return None
    if not starts or not any(ll.kind == "tag" for ll in lls[:starts[0]]):
        return None         # (without a tag, where the game begins may be its first deal)
    bounds = [*starts, tail]
    segments = []
    for a, b in pairwise(bounds):
        first = lls[a].line
        last = lls[b].line - 1 if b < len(lls) else len(physical)
        segments.append(_Segment("\n".join(physical[first - 1:last]), first, lls[a:b]))
    header = "\n".join(physical[:lls[starts[0]].line - 1])
    return header, lls[:starts[0]], segments, lls[tail:]


def check_by_deal(text: str, source: str, rules: RuleSet | str | None, pool: Pool,
                  tally: Tally, follows: bool = False) -> tuple[Game, GameReport, Parts] | None:
    """One game's text read and refereed deal by deal, taking from *pool*
    the deals whose text it already holds: the game (exactly the reader's),
    the referee's report (exactly :func:`check_game`'s), and the parts to
    keep; ``None`` when the game is to be read whole.  *tally* counts the
    deals read and refereed; *follows*: another game of the document comes
    before this one (:attr:`hearts_notation.io.hrn.cut.GameText.follows`:
    the header's ``unnamed-seats`` warning, as the whole read gives it)."""
    cut = _cut(text)
    if cut is None:
        return None
    header_text, header, segments, tail = cut
    head = build_game(list(header), source, 1, rules, follows)
    if head.errors or head.deals:
        return None
    parts = Parts(header_text)
    deals: list[Deal] = []
    errors: list[Finding] = []          # the syntax errors of the deals, in the order read
    notices: list[Finding] = []         # the reader's warnings of the deals, likewise
    for seg in segments:
        got = parts.reads.get(seg.text) or pool.reads.get((header_text, seg.text))
        if got is None:
            tally.read += 1
            got = (build_game([*header, *seg.lines], source, 1, rules, follows), seg.first_line)
        read, line = got
        if len(read.deals) != 1:        # a deal line mistyped, or one whose number is lost
            return None
        if any(f.key == "syntax.deal_unnumbered" for f in read.errors):
            return None     # (``deal #``: numbered after the deal before, which a segment lacks)
        if not read.errors and not read.notices:
            # (an error's or a warning's message may name a line: read again, never moved)
            parts.reads[seg.text] = got
        delta = seg.first_line - line
        deals.append(moved_deal(read.deals[0], delta))
        errors.extend(moved_finding(f, delta) if delta else f for f in read.errors)
        # (the segment was read after the header: the header's own warnings,
        # an unclosed comment among its tags, are told once, by ``head``)
        notices.extend(read.notices[len(head.notices):])
    frame = build_game([*header, *tail], source, 1, rules, follows) if tail else head
    # the header's warnings, the deals', then those after the last deal: the
    # order of the whole read (the frame reads the header again before its tail)
    tail_notices = frame.notices[len(head.notices):]
    game = dataclasses.replace(frame, deals=tuple(deals), errors=(*errors, *frame.errors),
                               notices=(*head.notices, *notices, *tail_notices))
    sniffer = LanguageSniffer()
    sniffer.feed(text)
    lang = sniffer.finish()
    if lang not in (None, "en"):
        game = dataclasses.replace(game, language=lang)

    def memo(di: int, deal: Deal, key: Hashable, referee: Callable[[], DealResult]) -> DealResult:
        seg = segments[di]
        kept = parts.checks.get((key, seg.text)) or pool.checks.get((header_text, key, seg.text))
        if kept is None:
            tally.checked += 1
            found, taken = referee()
            kept = (found, taken, seg.first_line)
        parts.checks[(key, seg.text)] = kept
        found, taken, line = kept
        delta = seg.first_line - line
        return [moved_finding(f, delta) for f in found] if delta else list(found), taken

    return game, check_game(game, rules, memo=memo), parts
