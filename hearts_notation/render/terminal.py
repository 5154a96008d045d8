"""The terminal replay: hands, passes, then the play trick by trick.

The layout follows what card players read at a glance: the hands as dealt
in a compass diagram (North on top, as in bridge columns; a row of hands
for 3, 5 or 6 players), the passes given and received, then one line per
trick in OpenSpiel's staggered table (one column per seat, repeated, so
that each trick starts under its leader and reads left to right in play
order), with the winner, the trick's points and the running points.
Comments, marks and the referee's findings (in red, under the card they
concern) come right under their trick; the deal's score and the totals end
each deal.

The functions return rich renderables and never print, so the command can
page them (``--step``) and tests can render them to plain text.  Colour is
decided by the console (only on a TTY, ``NO_COLOR`` respected).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from rich.cells import cell_len
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ..cards import CLUBS, DIAMONDS, HEARTS, SPADES, Card, display_order
from ..i18n import (
    LANGUAGES,
    card_ascii,
    card_letters,
    date_text,
    finding_text,
    name_beside_seat,
    plain_spaces,
    players_in_view,
    render,
    rules_label,
    seat_label,
    seats_in_view,
    translate,
)
from ..model import Finding
from ..output import escape_controls
from ..seats import PASSING_DIRECTIONS
from .breaks import Hanging
from .fit import WordTable
from .story import DealFact, GameFact, PlayFact, TrickFact

if TYPE_CHECKING:
    from rich.console import Console, ConsoleOptions, RenderResult

#: The words of the replay: catalog ids ``replay.<word>`` (spaces as ``_``).
_WORDS = (
    'deal', 'dealer', 'pass', 'hold', 'rules', 'passes', 'gives', 'to', 'receives', 'from',
    'tricks', 'won', 'pts', 'broken', 'queen', 'score', 'taken', 'points', 'recorded', 'total',
    'unknown', 'inferred', 'moon', 'assumed', 'winners', 'not over', 'incomplete', 'findings',
    *PASSING_DIRECTIONS, 'unrecorded',
)
_CELL = 5        # width of one card cell in the trick table
_INDENT = "    "  # a trick line's parts after the first, under its cards (past "12. ")
_SEV_STYLE = {"error": "bold red", "warning": "yellow", "info": "cyan"}



def _comment(text: str) -> str:
    """A record's comment as the terminal shows it: its control characters
    as escapes (``\\x07``), its line breaks kept.  Record text is escaped
    before it becomes a rich ``Text``: ``Text`` drops BEL, BS, VT, FF and CR
    from what it is given (and the wrapping makes blanks of the rest), so
    that ``A\\x07B`` showed as ``AB``, not as typed; the console's own
    escaping (:class:`hearts_notation.output.SafeConsole`) sees only what is
    left.  Names and titles go through :func:`escape_controls` as one
    field."""
    return escape_controls(text, keep_layout=True)

class TerminalReplay:
    """Builds the renderables of a game for the terminal."""

    def __init__(self, game: GameFact, unicode: bool = True, lang: str = "en") -> None:
        self.g = game
        self.unicode = unicode
        self.lang = lang if lang in LANGUAGES else "en"
        self.t = {w: translate(self.lang, "replay." + w.replace(" ", "_")) for w in _WORDS}
        self.sep = " · " if unicode else " | "
        if not unicode:
            # Plain ASCII output: no suit symbols or dashes anywhere.
            self.t["broken"] = translate(self.lang, "replay.broken_ascii")
            self.t["queen"] = card_ascii(self.lang, "QS")

    # Small pieces ---------------------------------------------------------------
    def card_text(self, card: Card) -> str:
        """A card as shown: ``Q♠``, ``D♠`` (French), ``QS`` (ASCII), ``DP`` (French ASCII)."""
        if not self.unicode:
            return card_ascii(self.lang, str(card))
        return card.text(unicode=True, lang=self.lang)

    @staticmethod
    def card_style(card: Card) -> str:
        """Red for hearts and diamonds, as printed on the cards."""
        return "red" if card.suit in (HEARTS, DIAMONDS) else ""

    def card(self, card: Card, extra: str = "") -> Text:
        """A card as coloured text."""
        style = " ".join(x for x in (self.card_style(card), extra) if x)
        return Text(self.card_text(card), style=style)

    def cards(self, cards: Sequence[Card]) -> Text:
        """Cards separated by spaces."""
        out = Text()
        for i, c in enumerate(cards):
            if i:
                out.append(" ")
            out.append_text(self.card(c))
        return out

    def hand(self, cards: Sequence[Card] | None, inferred: bool = False) -> Text:
        """A hand on four lines, one per suit (spades first)."""
        if cards is None:
            return Text(self.t["unknown"], style="dim")
        out = Text()
        symbols = "♣♦♥♠" if self.unicode else [translate(self.lang, f"ascii.suit.{s}") for s in "CDHS"]
        for k, suit in enumerate((SPADES, HEARTS, DIAMONDS, CLUBS)):
            if k:
                out.append("\n")
            ranks = [self.card_text(c)[:-1] for c in display_order(cards) if c.suit == suit]
            style = "red" if suit in (HEARTS, DIAMONDS) else None
            out.append(symbols[suit], style=style)
            out.append(" " + (" ".join(ranks) if ranks else ("—" if self.unicode else "-")))
        if inferred:
            out.append("\n" + self.t["inferred"], style="dim italic")
        return out

    def seat(self, seat: str) -> str:
        """A seat as the language writes it (O for West in French; names as written)."""
        return seat_label(self.lang, seat, self.g.seats)

    def who(self, seat: str) -> Text:
        """``N Vous`` with the seat in bold."""
        out = Text(self.seat(seat), style="bold")
        name = self.g.names.get(seat)
        if name and name != seat:
            out.append(f" {escape_controls(name_beside_seat(name, seat))}")
        return out

    def finding_parts(self, f: Finding, indent: str = "   ") -> tuple[Text, Text]:
        """A finding as a red (or yellow, cyan) note: its head (the
        indent, the sign and the severity) and its sentence (the message,
        its code and its line)."""
        sign = {"error": "✗", "warning": "!", "info": "i"}.get(f.severity, "•")
        if not self.unicode:
            sign = {"error": "x", "warning": "!", "info": "i"}.get(f.severity, "*")
        style = _SEV_STYLE.get(f.severity)
        head = Text(indent)
        # (the language's colon: « i info : … » in French; lang31)
        head.append(translate(self.lang, "replay.finding_head", sign=sign,
                              severity=translate(self.lang, f"severity.{f.severity}")), style=style)
        with seats_in_view(self.g.seats), players_in_view(self.g.names):   # names first
            text = finding_text(self.lang, f.key, f.args, f.message) if f.key else f.text(self.lang)
        body = Text(f"{escape_controls(text, keep_layout=True)} [{f.code}]", style=style or "")
        if f.line is not None:
            body.append("  " + translate(self.lang, "replay.line", n=f.line), style="dim")
        if not self.unicode:        # (--ascii: the kept spaces plain, as the comments' are)
            body = Text(plain_spaces(body.plain), style=style or "")
            if f.line is not None:
                body.stylize("dim", len(body.plain) - len(plain_spaces(
                    translate(self.lang, "replay.line", n=f.line))))
        return head, body

    def finding_line(self, f: Finding, indent: str = "   ") -> Hanging:
        """A finding as a paragraph hanging under its sentence's start: printed
        whole, a finding of 180 cells was cut by a 40-column terminal
        (round 31, lang31)."""
        return Hanging(*self.finding_parts(f, indent))

    # The game ------------------------------------------------------------------------
    def game_header(self) -> RenderableType:
        """Title line, rules and players."""
        g = self.g
        tags = g.game.tags
        title = Text()
        # (a calendar date in words, « 16 novembre 2025 »: lang30)
        parts = [date_text(self.lang, tags[k]) if k == "Date" else tags[k]
                 for k in ("Event", "Site", "Date") if tags.get(k)]
        title.append(escape_controls(self.sep.join(parts) or (g.game.source or "game")),
                     style="bold")
        line = Text(f"{self.t['rules']} {rules_label(self.lang, g.rules.spec)}{self.sep}",
                    style="dim")
        for i, s in enumerate(g.seats):
            if i:
                line.append(self.sep, style="dim")
            line.append_text(self.who(s))
        # (each wrapped at words, under itself: at 40 columns the terminal cut
        # *règles standard · N Camille · … · O Gwen* mid-name; lang31)
        rows: list[RenderableType] = [Hanging(Text(), title), Hanging(Text(), line)]
        if g.game.comment:
            rows.append(Hanging(Text(), Text(self.comment(g.game.comment), style="italic")))
        rows.extend(self.finding_line(f, "") for f in g.findings)
        return Group(*rows)

    def comment(self, text: str) -> str:
        """A record's comment as shown (:func:`_comment`); with ``--ascii``
        its cards in the screen's letters and its kept spaces and dashes
        plain, as the rest of the board (round 35)."""
        text = _comment(text)
        return text if self.unicode else plain_spaces(card_letters(text, self.lang))

    def deal_header(self, df: DealFact) -> Text:
        t = self.t
        out = Text(f"{t['deal']} {df.number}", style="bold underline")
        if df.dealer:
            out.append(f"{self.sep}{t['dealer']} ")
            out.append_text(self.who(df.dealer))
        if df.offset == 0:
            out.append(f"{self.sep}{t['hold']}")
        elif df.direction:
            out.append(f"{self.sep}{t['pass']} {t.get(df.direction, df.direction)}")
        return out

    def hands(self, df: DealFact) -> RenderableType:
        """The hands as dealt: a compass for four players, else a row."""
        seats = self.g.seats

        def cell(s: str) -> Text:
            head = self.who(s)
            head.append("\n")
            inferred = df.dealt.get(s) is None and df.inferred.get(s, False)
            hand = df.dealt.get(s) if df.dealt.get(s) is not None else (
                df.played_from.get(s) if inferred else None)
            head.append_text(self.hand(hand, inferred))
            return head

        if len(seats) == 4:
            n, e, s, w = seats
            centre = Text(f"{self.t['deal']} {df.number}", style="dim")
            if df.direction:
                centre.append(f"\n{self.t['pass']} {self.t.get(df.direction, df.direction)}"
                              if df.direction != "hold" else f"\n{self.t['hold']}", style="dim")
            return Compass(cell(n), cell(w), centre, cell(e), cell(s))
        return HandRow([cell(s) for s in seats])

    def passes(self, df: DealFact) -> RenderableType | None:
        """The cards each seat gave and received."""
        if df.offset == 0:
            return None
        t = self.t
        if not df.passes:
            return Text(f"{t['passes']}: {t['unrecorded']}", style="dim")
        # (a WordTable: rich cut its heads at 40 columns, « don… », « reç… »; lang30)
        table = WordTable(box=None, show_header=True, header_style="bold", pad_edge=False,
                          padding=(0, 2), title=None)
        for col in ("", t["gives"], t["to"], t["receives"], t["from"]):
            table.add_column(col)
        given = {p.giver: p for p in df.passes}
        received = {p.receiver: p for p in df.passes if p.receiver}
        notes: list[RenderableType] = []
        for s in self.g.seats:
            g = given.get(s)
            r = received.get(s)
            if g is None and r is None:
                continue
            gives = self.cards(g.cards) if g else Text("?", style="dim")
            if g is not None and g.mark:
                gives.append(g.mark, style="bold")
            table.add_row(self.who(s), gives, self.who(g.receiver) if g and g.receiver else Text(""),
                          self.cards(r.cards) if r else Text("?", style="dim"),
                          self.who(r.giver) if r else Text(""))
            if g is not None and g.comment:
                note = Text("   ")
                note.append(f"{self.seat(s)}: ", style="bold")
                notes.append(Hanging(note, Text(self.comment(g.comment), style="italic")))
            if g is not None:
                notes.extend(self.finding_line(f) for f in g.findings)
        return Group(Text(t["passes"], style="bold"), table, *notes)

    def trick_header(self) -> TrickLine:
        """Column heads of the staggered trick table."""
        seats = self.g.seats
        n = len(seats)
        out = Text("    ", style="bold")
        for j in range(2 * n - 1):
            out.append(self.seat(seats[j % n]).ljust(_CELL), style="bold")
        rest = Text(f"{self.t['won']:<14}{self.t['pts']:>4}  ", style="bold")
        for s in seats:
            rest.append(f"{self.seat(s):>4}", style="bold")
        return TrickLine(out, rest)

    def trick(self, df: DealFact, tf: TrickFact) -> RenderableType:
        """One trick: the staggered row, then its comments and findings."""
        seats = self.g.seats
        n = len(seats)
        row = Text(f"{tf.number:>2}. ")
        lead_i = seats.index(tf.leader) if tf.leader in seats else 0
        cells: list[Text | None] = [None] * (2 * n - 1)
        for p in tf.plays:
            j = lead_i + p.position
            if 0 <= j < len(cells):
                cells[j] = self.play_cell(tf, p)
        for c in cells:
            if c is None:
                row.append(" " * _CELL)
            else:
                pad = _CELL - c.cell_len
                row.append_text(c)
                row.append(" " * max(pad, 1))
        result = Text()
        if tf.winner is not None:
            won = self.who(tf.winner)
            won.truncate(13)
            result.append_text(won)
            result.append(" " * (14 - won.cell_len))
            result.append(f"{tf.points:>4}  ", style="bold" if tf.points else "dim")
            for s in seats:
                v = tf.running.get(s, 0)
                result.append(f"{v:>4}", style=None if v else "dim")
        notes = []
        if df.hearts_broken and df.hearts_broken[0] == tf.number:
            notes.append(self.t["broken"])
        if df.queen and df.queen[0] == tf.number:
            notes.append(self.t["queen"])
        said = Text("  " + " ".join(notes), style="magenta") if notes else Text()
        lines: list[RenderableType] = [TrickLine(row, result, said)]
        for p in tf.plays:
            if p.comment:
                note = Text("     ")
                note.append(f"{self.seat(p.seat)} ", style="bold")
                note.append_text(self.card(p.card))
                if p.mark:
                    note.append(p.mark, style="bold")
                note.append("  ")
                lines.append(Hanging(note, Text(self.comment(p.comment), style="italic")))
            for f in p.findings:
                line = Text("     ")
                line.append(f"{self.seat(p.seat)} ", style="bold red")
                line.append(self.card_text(p.card), style="bold red")
                head, body = self.finding_parts(f, "  ")
                line.append_text(head)
                lines.append(Hanging(line, body))
        if tf.comment:
            lines.append(Hanging(Text("     "), Text(self.comment(tf.comment), style="italic")))
        lines.extend(self.finding_line(f, "     ") for f in tf.findings)
        return Group(*lines)

    def play_cell(self, tf: TrickFact, p: PlayFact) -> Text:
        """One card in the trick row: bold if it won, red on a finding,
        italic for a discard, with its mark."""
        styles = []
        if p.findings and any(f.severity == "error" for f in p.findings):
            styles.append("bold reverse red")
        elif tf.winner == p.seat:
            styles.append("bold")
        if p.discard:
            styles.append("italic")
        out = self.card(p.card, " ".join(styles))
        if p.mark:
            out.append(p.mark, style="bold")
        return out

    def score(self, df: DealFact) -> RenderableType:
        """The deal's points (after the moon), recorded points and totals."""
        t = self.t
        table = WordTable(box=None, show_header=True, header_style="bold", pad_edge=False,
                          padding=(0, 2))
        table.add_column("")
        table.add_column(t["taken"], justify="right")
        table.add_column(t["points"], justify="right")
        if df.deal.score is not None:
            table.add_column(t["recorded"], justify="right")
        table.add_column(t["total"], justify="right")
        for s in self.g.seats:
            cells: list[RenderableType] = [self.who(s), str(df.taken_raw.get(s, 0))]
            dash = "—" if self.unicode else "-"
            cells.append(str(df.points.get(s, 0)) if df.points is not None else dash)
            if df.deal.score is not None:
                rec = df.deal.score.get(s)
                mismatch = df.points is not None and rec is not None and rec != df.points.get(s)
                cells.append(Text(dash if rec is None else str(rec), style="bold red" if mismatch else ""))
            cells.append(str(df.totals.get(s, 0)) if df.totals is not None else dash)
            table.add_row(*cells)
        title = Text(f"{t['score']}{self.sep}{t['deal'].lower()} {df.number}", style="bold")
        rows: list[RenderableType] = [title, table]
        if df.moon is not None:
            shooter, choice, assumed = df.moon
            line = self.who(shooter)
            way = render(self.lang, "seat.as_is", {"seat": ("moon", choice)})
            line.append(f" {t['moon']} ({way}{', ' + t['assumed'] if assumed else ''})",
                        style="bold magenta")
            rows.append(line)
        if not df.complete:
            rows.append(Text(t["incomplete"], style="dim"))
        rows.extend(self.finding_line(f, "") for f in df.findings)
        return Group(*rows)

    def game_footer(self) -> RenderableType | None:
        """Winners once the game is over."""
        g = self.g
        if g.finished and g.winners:
            out = Text(f"{self.t['winners']}: ", style="bold green")
            for i, s in enumerate(g.winners):
                if i:
                    out.append(", ")
                out.append_text(self.who(s))
            return out
        if len(g.deals) > 1 and g.totals:
            return Text(self.t["not over"], style="dim")
        return None

    # Whole deals ---------------------------------------------------------------------
    def deal_parts(self, df: DealFact) -> Iterator[tuple[str, RenderableType]]:
        """The pieces of one deal in order, each tagged ``head``, ``trick``
        or ``end`` so that ``--step`` can pause before each trick."""
        yield "head", Hanging(Text(), self.deal_header(df))
        if df.deal.comment:
            yield "head", Hanging(Text(), Text(self.comment(df.deal.comment), style="italic"))
        yield "head", self.hands(df)
        passes = self.passes(df)
        if passes is not None:
            yield "head", passes
        if df.tricks:
            yield "head", Text(self.t["tricks"], style="bold")
            yield "head", self.trick_header()
        for tf in df.tricks:
            yield "trick", self.trick(df, tf)
        yield "end", self.score(df)


class Compass:
    """Four hands around the deal's number, as a card table seats them:
    three columns 14 cells wide 4 apart (50 cells) where there is room;
    on a narrower terminal 1 apart, the deal's number and its pass wrapped
    to the room the side hands leave: 40 columns hold the compass
    rather than the terminal cutting every line of it (round 31, lang31).
    A hand is never wrapped; each column is as wide as its widest line."""

    #: The cells the roomy layout takes: three columns of 14, two gaps of 4.
    ROOMY = 3 * 14 + 2 * 4

    def __init__(self, north: Text, west: Text, centre: Text, east: Text, south: Text) -> None:
        self.north, self.west, self.centre, self.east, self.south = north, west, centre, east, south

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        roomy = options.max_width >= self.ROOMY
        centre = self.centre
        if not roomy:
            # the middle column gets what the side hands leave, its words
            # wrapped to that by hand (a grid would wrap the hands instead)
            def widest(t: Text) -> int:
                return max((cell_len(line) for line in t.plain.split("\n")), default=0)

            room = options.max_width - widest(self.west) - widest(self.east) - 2
            longest = max((cell_len(w) for w in centre.plain.split()), default=1)
            centre = Text("\n").join(centre.wrap(console, max(room, longest)))
        grid = Table.grid(padding=(0, 4 if roomy else 1))
        for _ in range(3):
            grid.add_column(min_width=14 if roomy else None, no_wrap=True)
        grid.add_row("", self.north, "")
        grid.add_row(self.west, centre, self.east)
        grid.add_row("", self.south, "")
        yield grid


class HandRow:
    """The hands of a game of three, five or six side by side, 3 cells
    apart, each column at least 12 wide; where that is too wide, 1 apart at
    their own width, and where even that is too wide, as many hands a row
    as fit, the next under them.  A hand is never wrapped (at 40 columns
    three hands were 42 cells and *♦ R V 10 9 6 4* lost its *4* to the next
    line: round 31, lang31)."""

    def __init__(self, hands: list[Text]) -> None:
        self.hands = hands

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        room = options.max_width
        widths = [max((cell_len(line) for line in h.plain.split("\n")), default=0)
                  for h in self.hands]
        roomy = sum(max(w, 12) for w in widths) + 3 * (len(widths) - 1) <= room
        rows: list[list[int]] = [[]]
        for k, w in enumerate(widths):
            if rows[-1] and sum(widths[i] for i in rows[-1]) + w + len(rows[-1]) > room:
                rows.append([])
            rows[-1].append(k)
        if roomy:
            rows = [list(range(len(widths)))]
        for row in rows:
            grid = Table.grid(padding=(0, 3 if roomy else 1))
            for _ in row:
                grid.add_column(min_width=12 if roomy else None, no_wrap=True)
            grid.add_row(*[self.hands[k] for k in row])
            yield grid


class TrickLine:
    """A line of the trick table: the trick's cards (its staggered cells),
    then the winner with the points and the running totals, then its notes
    (*hearts broken*), on one line when the terminal has room for them;
    else each part that does not fit on a line of its own, under the cards
    past the trick's number.  At 40 columns the 77-cell line was wrapped by
    the terminal mid-figure (round 31, lang31)."""

    def __init__(self, *parts: Text) -> None:
        self.parts = [p for p in parts if p.cell_len]

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        room = options.max_width
        line = Text()
        for part in self.parts:
            if line.cell_len and line.cell_len + part.cell_len > room:
                line.rstrip()
                yield line
                line = Text(_INDENT)
                part = part[len(part.plain) - len(part.plain.lstrip()):]
            line.append_text(part)
        yield line


def render_game(game: GameFact, deals: Sequence[DealFact] | None = None, unicode: bool = True,
                lang: str = "en") -> Iterator[tuple[str, RenderableType]]:
    """Every piece of the replay of *game* (or of the chosen deals), tagged
    ``game``, ``head``, ``trick``, ``end`` or ``blank``."""
    tr = TerminalReplay(game, unicode, lang)
    yield "game", tr.game_header()
    chosen = list(deals) if deals is not None else list(game.deals)
    for df in chosen:
        yield "blank", Text("")
        yield from tr.deal_parts(df)
    footer = tr.game_footer()
    if footer is not None and chosen and chosen[-1] is game.deals[-1]:
        yield "blank", Text("")
        yield "end", footer
