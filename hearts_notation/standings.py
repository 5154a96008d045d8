"""Standings by player over any number of games and files.

A club's question is not "how did North do" but "how did Camille do this
season", and Camille sits North one evening and West the next.  Each game is
refereed (:func:`hearts_notation.referee.check_game`, so sheet deals and
played deals count alike) and boiled down to a small, picklable
:class:`GameSummary` in the worker processes; :class:`Standings` then adds
the summaries up by player, keyed by the name in the seat tags as
:class:`hearts_notation.players.Identity` compares them.  Only the totals
per player and the head-to-head counts are kept, so a corpus of any size
runs in flat memory (``benchmarks/bench_club.py``).

Decisions (docs/club.md):

* a seat with no name is counted under its seat letter (``N``, ``E``, ...)
  across the games where it has no name, and the output says so;
* a game won is a game whose winners (under the rules' tie rule, by the
  referee) include the player: a shared win counts as a win, and is also
  counted apart (``shared``); an unfinished game is played, not won;
* head to head, in each game two players shared, the lower final total
  wins the pair, equal totals draw;
* Q♠ is counted over the deals whose tricks are recorded (a score sheet
  does not say who took it); ``queen_deals`` says over how many;
* findings against a player are the errors and warnings of the referee
  that name that player's seat and concern the play; a slip of the scorer
  (a total that does not add up, an impossible sheet line, a wrong result:
  :data:`SCORER_CODES`) is the sheet's, counted apart (``sheet_slips``).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from .cards import QS_BIT
from .i18n import LANGUAGES, Msg, catalog, count, join_list, msg, translate
from .model import Finding, Game
from .players import Identity, near_duplicates
from .referee import check_game
from .rules import RuleSet
from .scoring import DealScore, count_order, game_over
from .sheets import SHEET_CODES

#: The findings about what the scorer wrote (points, totals, moon lines,
#: the result), not about how a player played: counted against the sheet.
SCORER_CODES: frozenset[str] = frozenset({"score-mismatch", "total-mismatch", "moon-choice",
                                          "result-mismatch", "game-continued", *SHEET_CODES})



#: Players in a cross-table (a row and a column each): past this many, the
#: table holds the first ones in the standings, with a note; the JSON
#: report keeps every pair that met (docs/club.md).
CROSS_TABLE_MAX = 200

@dataclass(frozen=True, slots=True)
class SeatLine:
    """One seat of one game, as the standings need it."""

    seat: str
    name: str | None
    final: int
    points: int
    moons: int
    queens: int
    findings: int
    won: bool


@dataclass(frozen=True, slots=True)
class GameSummary:
    """One game boiled down for the standings (small and picklable)."""

    source: str | None
    index: int | None
    event: str | None
    date: str | None
    rules: str
    finished: bool
    shared: bool
    deals: int
    queen_deals: int
    sheet_deals: int
    errors: int
    seats: tuple[SeatLine, ...]
    #: errors and warnings about what the scorer wrote (:data:`SCORER_CODES`)
    slips: int = 0
    #: no deal recorded at all (a page of notes read as a record): counted for no one
    empty: bool = False
    #: deals played to their end left out because their play has errors
    #: (:func:`hearts_notation.scored.unscored_count`: ``score``'s "not scored")
    unscored: int = 0
    #: a JSON or YAML record refused whole (a syntax error: no deal read):
    #: the line and column of its first syntax error, so that the note
    #: does not say "no deal recorded" of a record of many
    unread: tuple[int | None, int | None] | None = None


def summarise(game: Game, default_rules: RuleSet | None = None, force: bool = False) -> GameSummary:
    """Referee one game and keep what the standings count (worker side of
    ``--jobs``: a pure top-level function of picklable arguments)."""
    from .scored import unscored_count

    report = check_game(game, default_rules, force)
    seats = tuple(report.deals[0].totals) if report.deals else tuple(
        game.seats or (report.rules.default_seats if report.rules else ()))
    return summary_of(game, report.rules, seats, report.deals, report.finished, report.winners,
                      report.findings, unscored_count(game, report.rules, report.deals))


def summary_of(game: Game, rules: RuleSet | None, seats: Sequence[str], deals: Sequence[DealScore],
               finished: bool, winners: Sequence[str], found: Iterable[Finding],
               unscored: int = 0) -> GameSummary:
    """A game's summary from its scores and findings (``hearts score`` has
    them without the referee's replay; ``standings`` from the referee).
    The deals are taken in the order they add up (a record's deals out of
    order: :func:`hearts_notation.scoring.count_order`).  *unscored*: how
    many deals were played to their end but have no points, their play
    having errors (:func:`hearts_notation.scored.unscored_count`)."""
    deals = [deals[i] for i in count_order([d.number for d in deals])]
    end = len(deals) - 1
    if finished and rules is not None:
        # the totals when the game ended (deals recorded after it are a finding, not a score)
        end = next((i for i, d in enumerate(deals)
                    if d.scored and game_over(rules, list(d.totals.values())) is not None), end)
    scored = [d for d in deals[: end + 1] if d.scored]
    last = deals[end].totals if deals else {s: 0 for s in seats}
    played = [d for d in scored if d.complete and d.taken]
    findings: dict[str, int] = {}
    errors = 0
    slips = 0
    for f in found:
        if f.severity == "error":
            errors += 1
        if f.severity == "info":
            continue
        if f.code in SCORER_CODES:
            slips += 1
        elif f.seat is not None:
            findings[f.seat] = findings.get(f.seat, 0) + 1
    unread = None
    if not deals:
        from .runners.validate import is_tree_format

        # (a JSON or YAML record refused whole; a page of notes in HRN has
        # no deal indeed: "no deal recorded" says it)
        first = next((f for f in found if f.code == "syntax-error"), None)
        if first is not None and is_tree_format(game.source):
            unread = (first.line, first.column)
    lines = []
    for k, s in enumerate(seats):
        lines.append(SeatLine(
            seat=s,
            name=game.players.get(s),
            final=last.get(s, 0),
            points=sum(d.points.get(s, 0) for d in scored),
            moons=sum(1 for d in scored if d.moon is not None and d.moon.seat == s),
            queens=sum(1 for d in played if k < len(d.taken) and d.taken[k] & QS_BIT),
            findings=findings.get(s, 0),
            won=s in winners,
        ))
    return GameSummary(
        source=game.source, index=game.index, event=game.tags.get("Event"), date=game.tags.get("Date"),
        rules=rules.spec if rules else "standard",
        finished=finished, shared=len(winners) > 1, deals=len(scored),
        queen_deals=len(played), sheet_deals=sum(1 for d in scored if d.sheet), errors=errors,
        seats=tuple(lines), slips=slips, empty=not deals, unscored=unscored, unread=unread)


@dataclass
class PlayerStats:
    """What the standings count for one player."""

    name: str
    named: bool = True
    games: int = 0
    won: int = 0
    shared: int = 0
    finished: int = 0
    final_sum: int = 0
    deals: int = 0
    points: int = 0
    moons: int = 0
    queens: int = 0
    queen_deals: int = 0
    findings: int = 0
    seats: dict[str, int] = field(default_factory=dict)

    def absorb(self, other: PlayerStats) -> None:
        """Add the other's counts (the same player, from other games)."""
        self.games += other.games
        self.won += other.won
        self.shared += other.shared
        self.finished += other.finished
        self.final_sum += other.final_sum
        self.deals += other.deals
        self.points += other.points
        self.moons += other.moons
        self.queens += other.queens
        self.queen_deals += other.queen_deals
        self.findings += other.findings
        for seat, k in other.seats.items():
            self.seats[seat] = self.seats.get(seat, 0) + k

    @property
    def average_final(self) -> float:
        return self.final_sum / self.games if self.games else 0.0

    @property
    def average_points(self) -> float:
        return self.points / self.deals if self.deals else 0.0

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape of one player's line."""
        return {
            "player": self.name,
            "named": self.named,
            "games": self.games,
            "won": self.won,
            "shared": self.shared,
            "finished": self.finished,
            "average_final": round(self.average_final, 2),
            "deals": self.deals,
            "points": self.points,
            "average_points_per_deal": round(self.average_points, 2),
            "moons": self.moons,
            "queen_of_spades": self.queens,
            "queen_deals": self.queen_deals,
            "findings": self.findings,
            "seats": dict(sorted(self.seats.items())),
        }


#: Words of the tables for people (``--lang``); JSON and CSV keys stay English.
#: The words of the standings tables, per language (from the catalogs'
#: ``standings.*`` messages).
LABELS: dict[str, dict[str, str]] = {
    lang: {k[len("standings."):]: v for k, v in catalog(lang).items() if k.startswith("standings.")}
    for lang in LANGUAGES
}


#: Columns of the CSV, in order (one line per player).
CSV_COLUMNS: tuple[str, ...] = ("rank", "player", "named", "games", "won", "shared", "finished",
                                "average_final", "deals", "points", "average_points_per_deal",
                                "moons", "queen_of_spades", "queen_deals", "findings")


@dataclass
class Standings:
    """Summaries added up by player (see the module docstring)."""

    identity: Identity = field(default_factory=Identity)
    players: dict[str, PlayerStats] = field(default_factory=dict)
    #: head to head: (row key, column key) -> [won, drawn, lost] of the row player
    h2h: dict[tuple[str, str], list[int]] = field(default_factory=dict)
    games: int = 0
    finished: int = 0
    deals: int = 0
    sheet_deals: int = 0
    errors: int = 0
    #: the scorer's slips (:data:`SCORER_CODES`), counted against the sheets
    sheet_slips: int = 0
    #: deals played to their end but left out, their play having errors
    #: (:attr:`GameSummary.unscored`; ``score``'s "not scored")
    unscored: int = 0
    files: set[str] = field(default_factory=set)
    unnamed: set[str] = field(default_factory=set)
    notes: list[Msg] = field(default_factory=list)
    max_notes: int = 50
    dropped_notes: int = 0
    #: each game's players and final totals, in order, for ``--ratings``
    #: (``None``: not kept; a batch keeps them for the client to rate)
    results: list[tuple[tuple[str, int], ...]] | None = None

    def note(self, text: Msg) -> None:
        """Keep a note, a message that each language renders (bounded: a
        huge corpus must not grow the memory)."""
        if len(self.notes) < self.max_notes:
            self.notes.append(text)
        else:
            self.dropped_notes += 1

    def add(self, g: GameSummary) -> None:
        """Count one game.

        A game with errors is named in a note (the exit status 1 says that
        something is wrong; the note says where, and which file to
        validate).  A record with no deal at all (a page of notes in the
        season's folder, a header typed before an evening that did not
        happen) is nothing of a game: it is not counted for anyone -- its
        seats would otherwise be four players ``N E S W`` with a game
        played and a rating -- and a note says so."""
        self.errors += g.errors
        self.sheet_slips += g.slips
        self.unscored += g.unscored
        if g.source is not None:
            self.files.add(g.source)
        where_msg = msg("sheet.game", source=g.source or "-", index=g.index or 1).arg()
        if g.empty and g.unread is not None:
            # a record refused whole: where, not "no deal recorded"
            from .diagnostics import location

            self.note(msg("standings.unread", where=where_msg, source=g.source or "-",
                          place=location(g.source, *g.unread)))
            return
        if g.empty:
            self.note(msg("standings.no_deal", where=where_msg, source=g.source or "-"))
            return
        if g.errors:
            self.note(msg("standings.errors.#n", where=where_msg, source=g.source or "-", n=g.errors))
        self.games += 1
        self.finished += g.finished
        self.deals += g.deals
        self.sheet_deals += g.sheet_deals
        here: list[tuple[str, SeatLine]] = []
        for line in g.seats:
            key = self.identity.key(line.name)
            named = bool(key)
            if not named:
                key = "\0" + line.seat           # cannot clash with a written name
                self.unnamed.add(line.seat)
            prev = next((s for k, s in here if k == key), None)
            if prev is not None:
                self.note(msg("standings.conflict", where=where_msg,
                              name=self.identity.display(key), seat=("seat", prev.seat),
                              seat2=("seat", line.seat)))
                self.errors += 1
                continue
            here.append((key, line))
            p = self.players.get(key)
            if p is None:
                p = self.players[key] = PlayerStats(
                    self.identity.display(key) if named else line.seat, named)
            p.games += 1
            p.finished += g.finished
            p.won += line.won
            p.shared += line.won and g.shared
            p.final_sum += line.final
            p.deals += g.deals
            p.points += line.points
            p.moons += line.moons
            p.queens += line.queens
            p.queen_deals += g.queen_deals
            p.findings += line.findings
            p.seats[line.seat] = p.seats.get(line.seat, 0) + 1
        if self.results is not None:
            self.results.append(tuple((self.players[k].name, line.final) for k, line in here))
        for a, la in here:
            for b, lb in here:
                if a == b:
                    continue
                cell = self.h2h.setdefault((a, b), [0, 0, 0])
                cell[0 if la.final < lb.final else 1 if la.final == lb.final else 2] += 1

    def merge(self, other: Standings) -> Standings:
        """The standings of both, as a new value (neither is changed).

        Associative, with an empty ``Standings`` (of the same identity) as
        its identity: the standings of shards merged in input order are
        those of adding their games one by one -- the same players in the
        same first-seen order (which breaks ties in :meth:`ranked`), the
        same head-to-head counts, the same first notes.  Both operands
        must compare names the same way (one :class:`Identity`)."""
        out = Standings(self.identity, max_notes=self.max_notes)
        out += self
        out += other
        return out

    def __iadd__(self, other: Standings) -> Standings:
        self.games += other.games
        self.finished += other.finished
        self.deals += other.deals
        self.sheet_deals += other.sheet_deals
        self.errors += other.errors
        self.sheet_slips += other.sheet_slips
        self.unscored += other.unscored
        self.files |= other.files
        self.unnamed |= other.unnamed
        for key, theirs in other.players.items():
            mine = self.players.get(key)
            if mine is None:
                mine = self.players[key] = PlayerStats(theirs.name, theirs.named)
            mine.absorb(theirs)
        for pair, cell in other.h2h.items():
            here = self.h2h.setdefault(pair, [0, 0, 0])
            for k in range(3):
                here[k] += cell[k]
        # The first max_notes notes of the whole sequence: the other's
        # kept notes are its first ones, and its dropped ones come after.
        for text in other.notes:
            self.note(text)
        self.dropped_notes += other.dropped_notes
        if self.results is not None and other.results:
            self.results.extend(other.results)
        return self

    def near_duplicates(self) -> list[tuple[str, ...]]:
        """Players' names that differ only by case, accents or spacing
        (``Helene`` and ``Hélène``): most likely one player, to merge with
        ``--aliases``."""
        return near_duplicates(p.name for p in self.players.values() if p.named)

    def ranked(self) -> list[tuple[str, PlayerStats]]:
        """Players in standing order: games won, then the lower average final
        score, then more games, then the name."""
        return sorted(self.players.items(),
                      key=lambda kv: (-kv[1].won, kv[1].average_final, -kv[1].games, kv[1].name))

    def unnamed_note(self, lang: str = "en") -> str | None:
        """The note about seats without a name, if any, in *lang*."""
        if not self.unnamed:
            return None
        seats = sorted(self.unnamed)
        return msg("standings.unnamed.#k", seats=("comma", *(("seat", x) for x in seats)),
                   k=len(seats)).text(lang)

    def note_texts(self, lang: str = "en") -> list[str]:
        """Every note in *lang*: the seats without a name, the notes kept,
        and how many more were left out."""
        out = [m.text(lang) for m in self.notes]
        un = self.unnamed_note(lang)
        if un:
            out.insert(0, un)
        if self.dropped_notes:
            out.append(msg("standings.more_notes.#n", n=self.dropped_notes).text(lang))
        return out

    def cross_table(self, limit: int | None = CROSS_TABLE_MAX
                    ) -> tuple[list[str], list[list[tuple[int, int, int] | None]]]:
        """Names in standing order and, row by row, (won, drawn, lost) of the
        row player against the column player (``None`` on the diagonal or
        when they never met).

        A table has a row and a column per player, so past *limit* players
        (:data:`CROSS_TABLE_MAX`) only the first *limit* in the standings
        are in it: 6,000 names would make 36 million cells (gigabytes, a
        page of hundreds of megabytes).  Every pair that met is still in
        :meth:`to_dict` (``head_to_head``, only pairs that met)."""
        keys = [k for k, _ in self.ranked()][:limit]
        names = [self.players[k].name for k in keys]
        rows: list[list[tuple[int, int, int] | None]] = []
        for a in keys:
            row: list[tuple[int, int, int] | None] = []
            for b in keys:
                cell = self.h2h.get((a, b))
                row.append(None if a == b or cell is None else (cell[0], cell[1], cell[2]))
            rows.append(row)
        return names, rows

    def head_to_head(self) -> dict[str, dict[str, dict[str, int]]]:
        """Every pair of players that met: row player -> column player ->
        won, drawn, lost, in standing order.  Built from the pairs that met
        (a few per game), never from every pair of players."""
        ranked = self.ranked()
        rank = {k: i for i, (k, _) in enumerate(ranked)}
        out: dict[str, dict[str, dict[str, int]]] = {p.name: {} for _, p in ranked}
        for (a, b), c in sorted(self.h2h.items(), key=lambda kv: (rank[kv[0][0]], rank[kv[0][1]])):
            out.setdefault(self.players[a].name, {})[self.players[b].name] = {
                "won": c[0], "drawn": c[1], "lost": c[2]}
        return out

    def cross_table_note(self, lang: str = "en") -> str | None:
        """What the cross-table leaves out, when it is capped."""
        if len(self.players) <= CROSS_TABLE_MAX:
            return None
        return msg("standings.cross_table_capped", n=("num", CROSS_TABLE_MAX),
                   total=("num", len(self.players))).text(lang)

    def summary_line(self, lang: str = "en") -> str:
        """"9 games (9 finished), 93 deals (...), 4 files", each count with its
        language's plural ("1 partie (0 terminée)", not "1 parties")."""
        return translate(lang, "standings.summary",
                         games=count(lang, "summary.games", self.games),
                         finished=count(lang, "standings.finished", self.finished),
                         deals=count(lang, "summary.deals", self.deals),
                         sheet_deals=count(lang, "standings.sheet_deals", self.sheet_deals),
                         files=count(lang, "summary.files", len(self.files)))

    def _summary(self) -> dict[str, Any]:
        out = {"files": len(self.files), "games": self.games, "finished": self.finished,
               "deals": self.deals, "sheet_deals": self.sheet_deals, "errors": self.errors,
               "sheet_slips": self.sheet_slips, "players": len(self.players)}
        if self.unscored:
            # (only then, as score's summary: a season without such a deal
            # has the summary it always had)
            out["unscored_deals"] = self.unscored
        return out

    def to_dict(self) -> dict[str, Any]:
        """The JSON document of ``hearts standings --format json``."""
        notes = self.note_texts("en")
        return {
            "summary": self._summary(),
            "players": [{"rank": i, **p.to_dict()} for i, (_, p) in enumerate(self.ranked(), 1)],
            "head_to_head": self.head_to_head(),
            "notes": notes,
            "near_duplicates": [list(g) for g in self.near_duplicates()],
        }

    def json_pieces(self, more: dict[str, Any] | None = None) -> Iterator[str]:
        """The text of ``json_text({**self.to_dict(), **more}, indent=2)``
        (:func:`hearts_notation.output.json_text`), a player and a row of the
        head-to-head at a time: with thousands of players the document is
        never built whole (its dictionaries and the JSON encoder's pieces
        cost about 8 KB a player)."""
        from .output import json_text

        def value(v: Any, prefix: str) -> str:
            return json_text(v, indent=2).replace("\n", "\n" + prefix)

        ranked = self.ranked()
        if len({p.name for _, p in ranked}) != len(ranked):
            # Two players shown by one name (a seat without a name, ``N``, and
            # a player called N): the document's dictionary merges their rows.
            yield json_text({**self.to_dict(), **(more or {})}, indent=2)
            return
        yield '{\n  "summary": ' + value(self._summary(), "  ")
        yield ',\n  "players": ['
        for i, (_, p) in enumerate(ranked, 1):
            yield ("\n    " if i == 1 else ",\n    ") + value({"rank": i, **p.to_dict()}, "    ")
        yield "\n  ]" if ranked else "]"
        # head_to_head(), row by row: every player in standing order, the
        # players it met in standing order.
        rank = {k: i for i, (k, _) in enumerate(ranked)}
        pairs = sorted(self.h2h, key=lambda ab: (rank[ab[0]], rank[ab[1]]))
        yield ',\n  "head_to_head": {'
        at = 0
        for i, (key, p) in enumerate(ranked):
            row: dict[str, dict[str, int]] = {}
            while at < len(pairs) and pairs[at][0] == key:
                c = self.h2h[pairs[at]]
                row[self.players[pairs[at][1]].name] = {"won": c[0], "drawn": c[1], "lost": c[2]}
                at += 1
            yield ("\n    " if i == 0 else ",\n    ") + json_text(p.name) + ": " + value(row, "    ")
        yield "\n  }" if ranked else "}"
        tail: dict[str, Any] = {"notes": self.note_texts("en"),
                                "near_duplicates": [list(g) for g in self.near_duplicates()],
                                **(more or {})}
        for k, v in tail.items():
            yield ",\n  " + json_text(k) + ": " + value(v, "  ")
        yield "\n}"

    def remarks(self, lang: str) -> list[str]:
        """What people are told below the standings, in *lang*: the deals
        left out because their play has errors (``score``'s "not scored"),
        the scorer's slips counted against the sheets, and the names that look
        like one player with the ``--aliases`` line that merges them."""
        out = self.note_texts(lang)
        if self.unscored:
            out.append(count(lang, "standings.unscored", self.unscored))
        if self.sheet_slips:
            out.append(count(lang, "standings.sheet_slips", self.sheet_slips))
        for group in self.near_duplicates():
            # The spelling with the most accents is the likely one.
            best = max(group, key=lambda n: sum(1 for c in n if ord(c) > 127))
            others = ", ".join(n for n in group if n != best)
            many = {"k": len(group)} if len(group) > 2 else {}
            out.append(translate(lang, "standings.near_duplicate.many" if many else
                                 "standings.near_duplicate", names=join_list(lang, list(group)),
                                 line=f"{best}: [{others}]", **many))
        return out

    def csv_rows(self) -> Iterator[list[object]]:
        """Rows of the CSV (header first), one per player."""
        yield list(CSV_COLUMNS)
        for i, (_, p) in enumerate(self.ranked(), 1):
            d = p.to_dict()
            d["rank"] = i
            d["named"] = str(p.named).lower()
            yield [d[c] for c in CSV_COLUMNS]


def standings_batch(batch: Any, identity: Identity, default_rules: RuleSet | None = None,
                    force: bool = False, keep_results: bool = False) -> Standings | Any:
    """Worker side of ``standings``: the standings of one batch of games
    (:class:`hearts_notation.io.batches.Batch`), a partial result the client
    merges in input order (:meth:`Standings.merge`), so that only one small
    value per batch travels back whatever the engine; an unreadable input
    comes back as its :class:`~hearts_notation.io.InputError`."""
    from .io.batches import Batch, batch_games
    from .runners.pool import gc_paused

    if not isinstance(batch, Batch):
        return batch.error
    st = Standings(identity, results=[] if keep_results else None)
    with gc_paused():
        for game in batch_games(batch):
            st.add(summarise(game, default_rules, force))
    return st


def standings_of(summaries: Iterable[GameSummary], identity: Identity | None = None) -> Standings:
    """Add up summaries (in order) into standings."""
    st = Standings(identity or Identity())
    for g in summaries:
        st.add(g)
    return st


__all__ = ["CSV_COLUMNS", "LABELS", "SCORER_CODES", "GameSummary", "PlayerStats", "SeatLine",
           "Standings", "standings_batch", "standings_of", "summarise", "summary_of"]
