"""``hearts diagram``: a point of a record (or a position string) as a hand diagram.

Bridge-style (:mod:`hearts_notation.diagram`): the seat to move at the
bottom, the other hands around the table when known (``--mover-only`` hides
them), the trick in the middle, names, points taken, and the mark of the card
played there in an annotated record.  SVG is written by the package; PNG
goes through CairoSVG, the optional extra ``hearts-notation[png]``.
"""

from __future__ import annotations

import click

from ..clickwords import HelpCommand
from ..diagram import PngError, diagram_svg, svg_to_png
from ..i18n import translate
from ..output import message, write_atomic, write_atomic_bytes, write_stdout
from ..rules import RuleSet
from ._common import fail, fail_output
from ._status import Report
from .options import (
    format_option,
    input_format_option,
    lang_option,
    refuse_empty_outputs,
    refuse_reports_over_inputs,
    rules_options,
)
from .position import point_options, point_position


@click.command("diagram", cls=HelpCommand, help="help.diagram")
@refuse_empty_outputs("out")
@refuse_reports_over_inputs("file", "out")
@click.argument("file")
@point_options
@click.option("-o", "--output", "out", default="-", show_default=True, metavar="FILE",
              help="help.diagram.out")
@click.option("--mover-only", is_flag=True, help="help.diagram.mover_only")
@lang_option("help.diagram.lang")
@format_option(["svg", "png"], None, "help.diagram.fmt_out")
@rules_options()
@input_format_option()
def command(file: str, game_no: int | None, deal: int | None, trick: int | None,
            card: int | None, out: str, mover_only: bool, lang: str, fmt_out: str | None,
            rules: RuleSet | None, force_rules: bool, fmt_in: str | None) -> Report:
    """``hearts diagram``: its page (what it does, its options) is the
    catalogs' ``help.diagram`` and ``help.diagram.*``, in the run's language."""
    fmt = fmt_out
    if fmt is None:
        low = out.lower()
        fmt = "png" if low.endswith(".png") else "svg" if low.endswith(".svg") or out == "-" else None
        if fmt is None:
            fail(translate(lang, "diagram.cli.format", out=out))
    if fmt == "png" and out == "-":
        # (said before the record is read and drawn: it was said after,
        # as "cannot tell the format from the name", with --format png given)
        fail(translate(lang, "diagram.cli.png_stdout"))
    names: dict[str, str | None] | None = None
    played: tuple[int, str | None] | None = None
    found = point_position(file, fmt_in, rules, force_rules, game_no, deal, trick, card, lang, True)
    if found is None:
        return Report(unusable=1)
    pos, rp = found
    if rp is not None:
        # (by the position's seats: a French record's West is "O" in its
        # tags and "W" in the position; keyed by the record's, Gwen at "O"
        # was drawn as a bare "O": lang31)
        names = {seat: rp.game.players.get(written)
                 for seat, written in zip(pos.seats, rp.seats, strict=True)}
        d = len(rp.cut.deals)
        full = rp.game.deals[d - 1]
        cut = rp.cut.deals[-1]
        t = len(cut.tricks)
        k = len(cut.tricks[-1].plays) if cut.tricks else 0
        if t and k < len(full.tricks[t - 1].plays) and cut.tricks[-1].plays == full.tricks[t - 1].plays[:k]:
            p = full.tricks[t - 1].plays[k]
            played = (p.card, p.mark)
        elif t < len(full.tricks):
            p = full.tricks[t].plays[0]
            played = (p.card, p.mark)
    svg = diagram_svg(pos, lang, names, played, mover_only)
    try:
        if fmt == "svg":
            if out == "-":
                write_stdout(svg)
            else:
                write_atomic(out, svg)
                message(translate(lang, "diagram.cli.written", out=out))
        else:
            try:
                data = svg_to_png(svg)
            except PngError as exc:
                fail(exc.text(lang))
            write_atomic_bytes(out, data)
            message(translate(lang, "diagram.cli.written", out=out))
    except OSError as exc:
        fail_output(exc, out)
    return Report()

