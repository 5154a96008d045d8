"""Hand diagrams: a point of a deal drawn as bridge sites draw a deal, in SVG.

The seat to move is at the bottom (the position as it saw it), the others
around the table clockwise; each known hand is written by suit (the suit's
symbol, then its ranks high to low), a hand not known as its number of
cards; the trick in progress is in the middle; each seat shows its name and
the points it has taken; the title says the deal, the trick, who is to play
and, from an annotated record, the card played there with its mark.

Everything comes from a :class:`~hearts_notation.position.Position` and its
game state (no rule here); every text is escaped (``output.markup_text``: markup and control
characters, which XML cannot hold), and
every word comes from the catalogs (``diagram.*``).  The SVG is plain (no
script, no external reference, system fonts), legible on a phone (it scales
to the width) and in print.  :func:`svg_to_png` turns it into a PNG through
CairoSVG, the optional extra ``hearts-notation[png]`` (docs/decisions.md).
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from .cards import CARDS, DIAMONDS, HEARTS, SUIT_SYMBOLS
from .i18n import Arg, MessageError, count, msg, name_beside_seat, seat_text, translate
from .output import markup_text as escape
from .position import Position
from .state import raw_points

#: The drawing's size (user units; it scales to the width it is given).
WIDTH = 640
HEIGHT = 600
#: The order of the suits in a hand, top to bottom (as bridge diagrams: ♠ ♥ ♦ ♣).
SUIT_ROWS = (3, 2, 1, 0)
RED = "#c0392b"
INK = "#1d1d1f"


class PngError(MessageError, RuntimeError):
    """A PNG cannot be made (CairoSVG missing or failing): a catalog message."""

    def __init__(self, key: str, **args: Arg) -> None:
        super().__init__(msg(f"diagram.{key}", **args))


def _rank(card: int, lang: str) -> str:
    text = CARDS[card].text(unicode=True, lang=lang)
    return text[:-1]


def _text(x: float, y: float, s: str, size: int = 20, anchor: str = "middle", weight: str = "normal",
          fill: str = INK) -> str:
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" text-anchor="{anchor}" '
            f'font-weight="{weight}" fill="{fill}">{escape(s)}</text>')


def diagram_svg(pos: Position, lang: str = "en", names: Mapping[str, str | None] | None = None,
                played: tuple[int, str | None] | None = None, mover_only: bool = False) -> str:
    """The SVG of *pos*.

    *names*: the players by seat (a seat without one shows its letter);
    *played*: the card played at this point in the record and its mark;
    *mover_only*: hide the other hands even when the position knows them.
    """
    seats = pos.seats
    n = len(seats)
    gs = pos.state()
    counts = [pos.rules.hand_size - pos.played_by(s).bit_count() for s in range(n)]
    points = [raw_points(pos.rules, t) for t in gs.taken]

    def label(s: int) -> str:
        name = (names or {}).get(seats[s])
        letter = seat_text(lang, seats[s])
        if not name or name == seats[s]:
            return letter
        return translate(lang, "presentation.who", name=name_beside_seat(name, seats[s]), seat=letter)

    # No fixed width or height: the picture takes the width it is given (a
    # phone's screen, a page column) and keeps its proportions (viewBox).
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
           f'role="img" font-family="DejaVu Sans, Segoe UI, Arial, sans-serif">']
    title = translate(lang, "diagram.title", deal=pos.deal, trick=gs.tricks_done + 1,
                      who=label(pos.seat))
    out.append(f"<title>{escape(title)}</title>")
    out.append(f'<rect width="{WIDTH}" height="{HEIGHT}" fill="#ffffff"/>')
    out.append(_text(WIDTH / 2, 30, title, 22, weight="bold"))
    if played is not None:
        card, mark = played
        line = translate(lang, "diagram.played", card=CARDS[card].text(unicode=True, lang=lang),
                         mark=mark or "")
        out.append(_text(WIDTH / 2, 56, line.strip(), 18, fill=RED if mark else INK))
    # The table in the middle, the trick on it.
    cx, cy = WIDTH / 2, HEIGHT / 2 + 20
    # A bigger table and a wider ring of cards for five or six seats.
    tw, th, rx, ry = (220, 170, 62, 42) if n <= 4 else (270, 210, 92, 68)
    out.append(f'<rect x="{cx - tw / 2}" y="{cy - th / 2}" width="{tw}" height="{th}" rx="18" '
               f'fill="#1f6b45"/>')
    positions = []
    for s in range(n):
        k = (s - pos.seat) % n
        angle = math.pi / 2 + 2 * math.pi * k / n          # the mover at the bottom, then clockwise
        positions.append((math.cos(angle), math.sin(angle)))
    for seat, card in zip(gs.trick_seats, gs.trick, strict=True):
        dx, dy = positions[seat]
        x, y = cx + dx * rx, cy + dy * ry
        colour = RED if card // 13 in (HEARTS, DIAMONDS) else INK
        out.append(f'<rect x="{x - 22:.1f}" y="{y - 30:.1f}" width="44" height="60" rx="5" '
                   f'fill="#fdfdf8" stroke="#9aa0a6"/>')
        out.append(_text(x, y - 4, _rank(card, lang), 20, weight="bold", fill=colour))
        out.append(_text(x, y + 20, SUIT_SYMBOLS[card // 13], 20, fill=colour))
    if not gs.trick:
        out.append(_text(cx, cy + 6, translate(lang, "diagram.lead", who=label(pos.seat)), 15,
                         fill="#d7eadf"))
    # The hands around the table: each a left-aligned block (name, points,
    # then one row per suit: its symbol, then its ranks high to low).
    for s in range(n):
        dx, dy = positions[s]
        hand = pos.hands[s] if (s == pos.seat or not mover_only) else None
        rows: list[tuple[int, str]] = []
        if hand is not None:
            for suit in SUIT_ROWS:
                ranks = [c for c in range(suit * 13 + 12, suit * 13 - 1, -1) if hand >> c & 1]
                rows.append((suit, " ".join(_rank(c, lang) for c in ranks) or "—"))
        head = label(s)
        lines = [head, translate(lang, "diagram.points", n=points[s])]
        hidden = count(lang, "diagram.hidden", counts[s])     # 1 card, 1 carte (lang25)
        width = max([len(t) * 10.5 for t in lines] + [len(r) * 11 + 30 for _, r in rows]
                    + ([len(hidden) * 9.5] if hand is None else []))
        height = 44 + (24 * len(rows) if rows else 24)
        if abs(dx) > 0.5:       # beside the table
            x = cx + tw / 2 + 12 if dx > 0 else cx - tw / 2 - 12 - width
            top = cy - height / 2 + 14 + dy * 160
        else:                   # above or below it
            x = cx - width / 2 + dx * 120
            top = 96 if dy < 0 else cy + th / 2 + 22
        x = max(6.0, min(x, WIDTH - 6 - width))
        out.append(_text(x, top, head, 18, "start", "bold", "#1a5fb4" if s == pos.seat else INK))
        out.append(_text(x, top + 20, lines[1], 14, "start", fill="#5f6570"))
        if hand is None:
            out.append(_text(x, top + 44, hidden, 17, "start"))
            continue
        for row, (suit, text) in enumerate(rows):
            colour = RED if suit in (HEARTS, DIAMONDS) else INK
            yy = top + 46 + row * 24
            out.append(_text(x, yy, SUIT_SYMBOLS[suit], 19, "start", fill=colour))
            out.append(_text(x + 26, yy, text, 19, "start"))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def svg_to_png(svg: str, scale: float = 2.0) -> bytes:
    """The SVG as a PNG (*scale* times its size) through CairoSVG; a
    :class:`PngError` saying how to install it when it is missing."""
    try:
        import cairosvg
    except ImportError:
        raise PngError("png_missing") from None
    try:
        data = cairosvg.svg2png(bytestring=svg.encode("utf-8"), scale=scale)
    except (ValueError, OSError) as exc:
        raise PngError("png_failed", why=str(exc)) from None
    if not isinstance(data, bytes):
        raise PngError("png_failed", why="no image")
    return data
