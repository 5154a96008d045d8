"""Printable score sheets: the page a club pins on the wall.

``hearts score --format html`` writes one sheet per game (the deal-by-deal
table with points, running totals, moons and the findings marked), and
``hearts standings --format html`` the standings and the cross-table.  The
print stylesheet sets A4 pages and a page break after each game, so that a
browser's "Print to PDF" gives one clean page per game (tested by printing
with headless Chromium, tests/test_club_print.py).

Every piece of record text (names, events, comments, file names, finding
messages) goes through :func:`~hearts_notation.output.markup_text`: a record is data, never markup.
The page is self-contained (no script, no external file).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..i18n import date_text, players_in_view, rules_label, seat_label, seats_in_view, translate
from ..model import Finding, Game
from ..output import markup_text as escape
from ..presentation import Presentation
from ..rules import RuleSet
from ..scoring import GameScore
from ..standings import LABELS, Standings

_CSS = """
:root { --ink: #111; --soft: #666; --rule: #999; --moon: #1d4ed8; --bad: #b91c1c; }
* { box-sizing: border-box; }
body { font-family: "DejaVu Sans", "Helvetica Neue", Arial, sans-serif; color: var(--ink);
       margin: 1.5rem; font-size: 11pt; }
h1 { font-size: 16pt; margin: 0 0 .2rem; }
h2 { font-size: 12pt; margin: 1rem 0 .4rem; }
p.meta { color: var(--soft); margin: 0 0 .6rem; }
table { border-collapse: collapse; margin: .3rem 0 .6rem; }
th, td { border: 1px solid var(--rule); padding: .12rem .45rem; text-align: right; }
th { background: #eee; white-space: nowrap; }
td.text, th.text { text-align: left; white-space: nowrap; }
td.total { font-weight: bold; }
tr.moon td { color: var(--moon); }
tr.flagged td { background: #fde8e8; }
td.flag { color: var(--bad); font-weight: bold; text-align: center; }
.outcome { font-weight: bold; margin: .4rem 0; }
ol.findings { margin: .2rem 0 0 1.2rem; padding: 0; font-size: 9.5pt; }
ol.findings li.error { color: var(--bad); }
ol.findings li.warning { color: #92400e; }
ol.findings li.info { color: var(--soft); }
p.notices { font-size: 9.5pt; margin: .4rem 0 0; }
ul.notices { margin: .2rem 0 0 1.2rem; padding: 0; font-size: 9.5pt; overflow-wrap: anywhere; }
ul.notices li.error { color: var(--bad); }
ul.notices li.warning { color: #92400e; }
p.legend { font-size: 9pt; color: var(--soft); }
section.sheet { break-after: page; page-break-after: always; }
section.long table { font-size: 8pt; }
section.very-long table { font-size: 6pt; }
section.very-long td, section.very-long th { padding: 0 .3rem; }
section.sheet:last-of-type { break-after: auto; page-break-after: auto; }
@page { size: A4; margin: 12mm; }
@media print {
  body { margin: 0; font-size: 10pt; }
  th { background: #eee !important; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  tr.flagged td { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  section.sheet { break-inside: avoid-page; }
}
"""


def _doc(title: str, body: str, lang: str = "en") -> str:
    return (f'<!DOCTYPE html>\n<html lang="{escape(lang)}">\n<head>\n<meta charset="utf-8">\n'
            f"<title>{escape(title)}</title>\n<style>{_CSS}</style>\n</head>\n<body>\n{body}</body>\n</html>\n")


@dataclass(frozen=True)
class SheetGame:
    """What one game's sheet shows: the game (tags, names), its rules,
    scores and findings, and which deals cannot be scored because their
    play has errors (:func:`hearts_notation.scored.unscored_reasons`; the
    sheet must not call such a deal merely "not scored"), and what the
    record's reader found suspect in its text with *notices* (``score``'s
    sheet: the game's :attr:`~hearts_notation.model.Game.notices`, as its
    table tells them; not ``replay``'s sheet, as not its terminal one)."""

    game: Game
    rules: RuleSet
    score: GameScore
    findings: Sequence[Finding]
    unscored: Sequence[str | None] = ()
    notices: bool = False


def game_section(sg: SheetGame, lang: str = "en") -> str:
    """One game's sheet, a ``<section>`` (one printed page), in *lang*:
    the players by name with their seat as the language writes it (``O``
    for West in French), the winner by name, the moons and the findings in
    the language's words (:class:`~hearts_notation.presentation.Presentation`)."""
    seats = sg.score.seats
    pres = Presentation.of_game(lang, sg.game, seats)
    with seats_in_view(seats), players_in_view(sg.game.players):
        return _section(sg, pres)


def _section(sg: SheetGame, pres: Presentation) -> str:
    game, score, rules = sg.game, sg.score, sg.rules
    seats = score.seats
    where = pres.t("sheet.game", source=game.source or "-", index=game.index or 1)
    title = game.tags.get("Event") or where
    date = game.tags.get("Date")
    meta = [m for m in (date and date_text(pres.lang, date), game.tags.get("Site"),
                        pres.t("score.rules", spec=rules_label(pres.lang, rules.spec)), where) if m]
    by_deal: dict[int | None, list[tuple[int, Finding]]] = {}
    shown = [f for f in sg.findings if f.severity != "info" or f.code == "sheet-unchecked"]
    for k, f in enumerate(shown, 1):
        by_deal.setdefault(f.deal, []).append((k, f))
    size = " long" if len(score.deals) > 30 else ""
    size = " very-long" if len(score.deals) > 48 else size
    out = [f'<section class="sheet{size}">', f"<h1>{escape(title)}</h1>",
           f'<p class="meta">{escape(" · ".join(meta))}</p>', "<table>", "<thead><tr>",
           f'<th class="text">{escape(pres.t("score.col.deal"))}</th>']
    out += [f"<th>{escape(pres.who(s))}</th>" for s in seats]
    out.append(f'<th class="text">{escape(pres.t("score.col.moon"))}</th>')
    out += [f"<th>Σ {escape(pres.seat(s))}</th>" for s in seats]
    out.append('<th class="text">!</th></tr></thead><tbody>')
    for i, d in enumerate(score.deals):
        marks = [k for k, f in by_deal.get(d.number, []) if f.severity != "info"]
        cls = [c for c, on in (("moon", d.moon is not None), ("flagged", bool(marks))) if on]
        attr = f' class="{" ".join(cls)}"' if cls else ""
        pts = ([escape(pres.number(d.points[s])) for s in seats] if d.scored else ["—"] * len(seats))
        moon = ""
        if d.moon is not None:
            moon = _moon_text(pres, d.moon.seat, d.moon.choice, d.points)
        elif not d.scored:
            broken = i < len(sg.unscored) and sg.unscored[i] is not None
            moon = pres.t("score.play_errors" if broken else "sheet.not_scored")
        kind = " " + pres.t("sheet.kind") if d.sheet else ""
        row = [f"<tr{attr}>", f'<td class="text">{d.number}{escape(kind)}</td>']
        row += [f"<td>{p}</td>" for p in pts]
        row.append(f'<td class="text">{escape(moon)}</td>')
        row += [f'<td class="total">{escape(pres.number(d.totals[s]))}</td>' for s in seats]
        row.append(f'<td class="flag">{escape(" ".join(f"[{k}]" for k in marks))}</td></tr>')
        out.append("".join(row))
    out.append("</tbody></table>")
    out.append(f'<p class="outcome">{escape(_outcome_text(score, rules, pres))}</p>')
    if shown:
        out.append('<ol class="findings">')
        for k, f in sorted(((k, f) for fs in by_deal.values() for k, f in fs), key=lambda kf: kf[0]):
            at = pres.t("score.at_deal", deal=f.deal) if f.deal is not None else ""
            out.append(f'<li class="{escape(f.severity)}" value="{k}">'
                       f'{escape(pres.t("severity." + f.severity))} '
                       f"{escape(at + pres.text(f))} [{escape(f.code)}]</li>")
        out.append("</ol>")
    if sg.notices and game.notices:
        out.append(_notices(game, pres))
    out.append(f'<p class="legend">{escape(pres.t("sheet.legend"))}</p>')
    out.append("</section>")
    return "\n".join(out) + "\n"


def _notices(game: Game, pres: Presentation) -> str:
    """The reader's notices of *game* (a key given twice...), each line as
    ``score``'s text tells it under the table (file:line:col, severity,
    message, code: :func:`hearts_notation.scored.notice_lines`, one
    wording), escaped, under a title that says why they are on a sheet:
    the points shown are those of the value the reader kept."""
    from ..scored import notice_lines

    told = notice_lines(game, pres.lang)
    items = "".join(f'<li class="{escape(f.severity)}">{escape(t)}</li>'
                    for f, t in zip(game.notices, told, strict=True))
    return (f'<p class="notices">{escape(pres.t("sheet.notices"))}</p>\n'
            f'<ul class="notices">{items}</ul>')


def _moon_text(pres: Presentation, shooter: str, choice: str, points: dict[str, int]) -> str:
    """A moon in the sheet's moon column: who shot it, by name, and how it
    was scored, in the language's words."""
    if choice == "subtract":
        n = -points.get(shooter, 0)
    else:
        n = max((p for s, p in points.items() if s != shooter), default=0)
    key = f"sheet.moon.{choice}" if choice in ("add", "subtract") else "sheet.moon.add"
    return pres.t(key, who=pres.name(shooter), n=pres.number(n))


def _outcome_text(score: GameScore, rules: RuleSet, pres: Presentation) -> str:
    if score.finished and score.end is not None:
        totals = score.deals[score.end].totals
        form = "other" if len(score.winners) > 1 else "one"
        return pres.t(f"score.win.{form}", who=pres.names_and(score.winners),
                      total=pres.number(totals[score.winners[0]]),
                      deal=score.deals[score.end].number)
    last = score.last
    if last is None:
        return pres.t("score.no_deal")
    totals = last.totals
    top = max(totals.values())
    if top >= rules.target:
        return pres.t("score.tied", tie=pres.t(f"rules.tie.{rules.tie}"))
    return pres.t("score.not_over", top=pres.number(top), target=pres.number(rules.target))


def score_sheets_html(games: Iterable[SheetGame], title: str | None = None,
                      lang: str = "en") -> Iterable[str]:
    """The whole document in *lang*, in pieces (one per game: written as a
    stream)."""
    head = _doc(title if title is not None else translate(lang, "score.sheets"), "@@BODY@@", lang)
    before, after = head.split("@@BODY@@")
    yield before
    for sg in games:
        yield game_section(sg, lang)
    yield after


def standings_html(st: Standings, title: str = "Standings", lang: str = "en") -> str:
    """The standings and the cross-table as one printable page."""
    words = LABELS.get(lang, LABELS["en"])
    data = st.to_dict()
    out = ['<section class="sheet">', f"<h1>{escape(title)}</h1>",
           f'<p class="meta">{escape(st.summary_line(lang))}</p>',
           "<table><thead><tr><th>#</th>", f'<th class="text">{escape(words["player"])}</th>']
    cols = ("games", "won", "shared", "average_final", "average_points_per_deal", "moons",
            "queen_of_spades", "findings")
    out += [f"<th>{escape(words[k])}</th>" for k in cols]
    out.append("</tr></thead><tbody>")
    pres = Presentation(lang)
    # every number as the terminal shows it, in the language's number format (1 040)
    digits = {"average_final": 1, "average_points_per_deal": 2}
    for p in data["players"]:
        name = p["player"] if p["named"] else seat_label(lang, p["player"])
        shown = [pres.number(p[k], digits.get(k, 0)) for k in cols]
        out.append(f"<tr><td>{p['rank']}</td><td class=\"text\">{escape(name)}</td>"
                   + "".join(f"<td>{escape(v)}</td>" for v in shown) + "</tr>")
    out.append("</tbody></table>")
    names, rows = st.cross_table()
    out.append(f"<h2>{escape(words['h2h'])}</h2><table><thead><tr>"
               '<th class="text"></th>')
    out += [f"<th>{escape(n)}</th>" for n in names]
    out.append("</tr></thead><tbody>")
    for n, row in zip(names, rows, strict=True):
        cells = "".join(f"<td>{'·' if c is None else escape(f'{c[0]}–{c[1]}–{c[2]}')}</td>" for c in row)
        out.append(f'<tr><th class="text">{escape(n)}</th>{cells}</tr>')
    out.append("</tbody></table>")
    capped = st.cross_table_note(lang)
    if capped is not None:
        out.append(f"<p>{escape(capped)}</p>")
    remarks = st.remarks(lang)
    if remarks:
        out.append('<ol class="findings">' + "".join(f'<li class="info">{escape(t)}</li>'
                                                     for t in remarks) + "</ol>")
    out.append("</section>")
    return _doc(title, "\n".join(out) + "\n", lang)


__all__ = ["SheetGame", "game_section", "score_sheets_html", "standings_html"]
