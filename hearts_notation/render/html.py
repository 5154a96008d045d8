"""The HTML replay: one self-contained page to step through a whole game.

The page shows the table (the felt with the hands as cards on a wide
screen, compact rows of cards on a phone), the current trick, the event and
comment of the current step with its annotation mark, the referee's
findings, the play so far in notation (clickable), the running points and
the game's score table, which fills in as deals end.  Nothing of what is
still to come is shown (no spoilers) unless the reader ticks "show
everything".

Every fact the page shows is computed here, in Python, from
:mod:`hearts_notation.render.story` (itself built on the game walk and the
referee): in particular the cards the seat to move may legally play, which
the page raises while greying the others.  The page's script only displays
these snapshots and decides what is already known at the current step; it
holds no rule of play and no word of any language (the words come from
:mod:`hearts_notation.render.page_strings`).

Safety: the page needs no network (stylesheet, script, icons and data are
inlined) and declares a Content-Security-Policy that forbids everything but
its own inline script and style, allowed by their SHA-256 hashes.  The data
is JSON in a ``<script type="application/json">`` with ``<``, ``>``, ``&``
and the two JavaScript line separators escaped, so no text of the record
can close the element; the script inserts every text with ``textContent``.
The control characters and bidirectional overrides a record's text may hold
are shown as escapes (``\\x1b``, ``\\u202e``) in the data and the title, as
in every other output (:func:`hearts_notation.output.escape_controls`).
"""

from __future__ import annotations

import base64
import hashlib
import re
from collections.abc import Mapping, Sequence
from importlib import resources
from typing import Any

from ..cards import CARDS, Card, cards_of, display_order
from ..i18n import date_text, finding_text, players_in_view, rules_label, seat_label, seats_in_view
from ..model import Finding
from ..output import escape_controls, json_text, markup_text
from .narrate import SECOND_PERSON
from .page_strings import LANGUAGES, page_strings
from .story import DealFact, GameFact, PlayFact

#: Marks that count as mistakes for the next/previous mistake keys.
MISTAKES = ("?!", "?", "??")
#: A player's name longer than this is written once in the page (the game's
#: ``names``) and each text that shows it refers to it (:func:`_refer`): a
#: reference costs about as many characters as a short name, and a long one
#: (a 4 MB name is within the line limit) would otherwise be copied into
#: every step's sentence.
NAME_REF_MIN = 16


def _refer(text: str, names: Sequence[tuple[int, str]]) -> str | list[str | int]:
    """*text* as the page's data holds it: the string itself, or, when it
    shows one of the long *names* (seat index, name; longest first), a list
    of strings and seat indices that the script joins back with the names
    (``said`` in replay.js).  Joined, the list is *text* exactly, wherever a
    name's characters were found (a name inside a word or a comment too),
    so the page shows the same text; only its size changes."""
    parts: list[str | int] = [text]
    for index, name in names:
        if name not in text:
            continue
        split: list[str | int] = []
        for part in parts:
            if isinstance(part, int) or name not in part:
                split.append(part)
                continue
            for k, piece in enumerate(part.split(name)):
                if k:
                    split.append(index)
                split.append(piece)
        parts = split
    if len(parts) == 1:
        return text
    return [p for p in parts if p != ""]


def _refer_names(out: dict[str, Any], g: GameFact) -> None:
    """The game's data *out* with each of its texts that shows a long name
    (step sentences, findings, the moon, the winners, the learner's report)
    referring to the name instead of copying it (:func:`_refer`)."""
    names = sorted(((i, g.name(s)) for i, s in enumerate(g.seats) if len(g.name(s)) > NAME_REF_MIN),
                   key=lambda p: -len(p[1]))
    if not names:
        return

    def said(holder: dict[str, Any], key: str) -> None:
        if isinstance(holder.get(key), str):
            holder[key] = _refer(holder[key], names)

    def findings(fs: list[dict[str, Any]] | None) -> None:
        for f in fs or ():
            said(f, "m")

    findings(out["f"])
    out["winners"] = [_refer(w, names) for w in out["winners"]]
    for d in out["deals"]:
        findings(d.get("f"))
        if d["score"]["moon"] is not None:
            said(d["score"]["moon"], "x")
        for step in d["steps"]:
            said(step, "x")
            findings(step.get("f"))
            if "e" in step:
                said(step["e"], "x")
                findings(step["e"].get("f"))
    report = out.get("report")
    if report:
        for p in report["players"]:
            said(p, "who")
        for c in report["costly"]:
            said(c, "x")


def _asset(name: str) -> str:
    return resources.files(__package__).joinpath(name).read_text(encoding="utf-8")


def record_language(game: GameFact) -> str | None:
    """The language a record is written in, when it says so.

    A ``Language`` (or ``Lang``) tag wins (``fr``, ``fr_FR``, ``French``...);
    otherwise a French table (seats named ``N E S O``) is French.  ``None``
    when the record does not tell.  A record kept in French words
    (:attr:`~hearts_notation.model.Game.language`) is French.
    """
    if game.game.language:
        return game.game.language
    for key in ("Language", "Lang", "Langue"):
        value = (game.game.tags.get(key) or "").strip().lower()
        if value:
            code = {"french": "fr", "français": "fr", "francais": "fr", "english": "en",
                    "anglais": "en"}.get(value, value[:2])
            if code in LANGUAGES:
                return code
    if "O" in game.seats and "W" not in game.seats:
        return "fr"
    return None


def _codes(cards: Sequence[Card]) -> str:
    """Cards as one compact string of two-letter codes (``"QSAS2C"``)."""
    return "".join(str(c) for c in cards)


class _Builder:
    """Turns the facts of the games into the page's JSON data."""

    def __init__(self, lang: str, multi: bool = False) -> None:
        self.multi = multi   # several games: deal labels name their game
        self.lang = lang if lang in LANGUAGES else "en"
        self.t = page_strings(self.lang)
        #: (deal, trick, seat, kind) of the current game's costliest
        #: decisions -> their rank (1 first), to mark their steps.
        self.costly: dict[tuple[int, int | None, str, str], int] = {}

    def number(self, x: float) -> str:
        """A loss with one decimal, written the language's way (3,2 in French)."""
        return f"{x:.1f}".replace(".", self.t["decimal"])

    def show(self, c: Card) -> str:
        return c.text(unicode=True, lang=self.lang)

    def who(self, g: GameFact, seat: str | None) -> str:
        if seat is None:
            return "?"
        if self.second(g, seat):
            return self.t["you"]
        return g.name(seat)

    @staticmethod
    def second(g: GameFact, seat: str | None) -> bool:
        """A player named "Vous"/"You" is addressed in the second person."""
        return seat is not None and g.name(seat).strip().lower() in SECOND_PERSON

    def say(self, g: GameFact, key: str, seat: str | None, **kw: str) -> str:
        """A sentence with its subject, conjugated for "vous"/"you"."""
        if self.second(g, seat) and key + "2" in self.t:
            key += "2"
        return self.t[key].format(who=self.who(g, seat), **kw)

    def hands(self, m: Mapping[str, Sequence[Card] | None]) -> dict[str, str | None]:
        return {s: None if h is None else _codes(display_order(h)) for s, h in m.items()}

    def findings(self, fs: Sequence[Finding]) -> list[dict[str, Any]]:
        """The findings in the page's language (the game's players by name:
        :meth:`game` is built with the game in view)."""
        return [{"s": f.severity, "c": f.code, "m": finding_text(self.lang, f.key, f.args, f.message)}
                for f in fs]

    @staticmethod
    def legal(p: PlayFact | None) -> str | None:
        """The engine's legal cards for the play *p* (``None``: hand unknown)."""
        if p is None or p.legal is None:
            return None
        return _codes(display_order(cards_of(p.legal)))

    def analysis(self, found: Mapping[str, Any] | None, comment: str | None,
                 step: dict[str, Any]) -> None:
        """Attach a decision of ``annotate``'s JSON report to its step: the
        loss (EPL and its standard error), the better cards, the reason.
        The reason is taken out of the record's comment when the record is
        the annotated one (it ends with the same sentence)."""
        if not found:
            return
        why = found.get("comment")
        a: dict[str, Any] = {}
        epl = _real(found.get("epl"))
        if epl is not None and found.get("mark"):
            a["epl"] = self.number(epl)
            a["se"] = self.number(_real(found.get("epl_stderr")) or 0.0)
        best = _listed(found.get("best"))
        if best and found.get("mark"):
            a["best"] = "".join(str(b) for b in best)
        if isinstance(why, str) and why:
            a["why"] = why
            if comment and comment.rstrip().endswith(why):
                rest = comment.rstrip()[: -len(why)].rstrip()
                if rest:
                    step["cm"] = rest
                else:
                    step.pop("cm", None)
        if not step.get("m") and found.get("mark"):
            step["m"] = found["mark"]
        if a:
            step["a"] = a
        key = _decision_key(found)
        rank = self.costly.get(key) if key is not None else None
        if rank is not None:
            step["cost"] = rank

    @staticmethod
    def face_up(found: Mapping[str, Any] | None) -> dict[str, int] | None:
        """The face-up value of each legal card of a decision of the report
        (``annotate``'s ``face_up``), shown only after "Show everything"."""
        fu = None if not found else found.get("face_up")
        if not isinstance(fu, list):
            return None
        return {str(e["card"]): int(e["points"]) for e in fu
                if isinstance(e, dict) and "card" in e and isinstance(e.get("points"), int)}

    def _face_up(self, step: dict[str, Any],
                 decisions: Mapping[tuple[int, int | None, str, str], Mapping[str, Any]],
                 deal: int, trick: int | None, nxt: PlayFact | None) -> None:
        """The face-up values of the decision about to be made (the next
        play, whose legal cards the step shows), under ``fu``."""
        if nxt is None or trick is None:
            return
        fu = self.face_up(decisions.get((deal, trick, nxt.seat, "play")))
        if fu:
            step["fu"] = fu

    def deal(self, g: GameFact, gi: int, df: DealFact,
             decisions: Mapping[tuple[int, int | None, str, str], Mapping[str, Any]]) -> dict[str, Any]:
        t = self.t
        plays = [p for tf in df.tricks for p in tf.plays]
        numbers = [tf.number for tf in df.tricks for _ in tf.plays]
        first = plays[0] if plays else None
        first_trick = numbers[0] if numbers else None
        steps: list[dict[str, Any]] = []
        passing = bool(df.offset)
        passes = sorted(df.passes, key=lambda p: g.seats.index(p.giver) if p.giver in g.seats else 99)
        dealt: dict[str, Sequence[Card] | None] = dict(df.dealt)
        for s in g.seats:
            if dealt.get(s) is None and df.inferred.get(s) and not df.passes and not passing:
                dealt[s] = df.played_from.get(s)
        start: dict[str, Any] = {"k": "deal", "x": t["dealt"].format(n=df.number),
                                 "h": self.hands(dealt)}
        if df.deal.comment:
            start["cm"] = df.deal.comment
        if df.index == 0 and g.game.comment:
            start["cm"] = g.game.comment + ("\n" + start["cm"] if "cm" in start else "")
        if passes:
            start["n"] = passes[0].giver
            start["ph"] = "pass"
        else:
            start["n"] = first.seat if first else None
            start["l"] = self.legal(first)
            self._face_up(start, decisions, df.number, first_trick, first)
        steps.append(start)
        current: dict[str, list[Card] | None] = {
            s: (list(display_order(h)) if h is not None else None) for s, h in dealt.items()}
        for k, p in enumerate(passes):
            hand = current.get(p.giver)
            if hand is not None:
                current[p.giver] = [c for c in hand if c not in p.cards]
            cards = " ".join(self.show(c) for c in p.cards)
            to = self.who(g, p.receiver)
            if self.second(g, p.receiver):
                to = t["you_object"]
            text = (self.say(g, "passes", p.giver, cards=cards, to=to)
                    if p.receiver else self.say(g, "passes_nowhere", p.giver, cards=cards))
            step: dict[str, Any] = {
                "k": "pass", "s": p.giver, "c": _codes(p.cards), "x": text,
                "h": self.hands(current), "ph": "pass",
                "n": passes[k + 1].giver if k + 1 < len(passes) else None,
            }
            if p.receiver:
                step["to"] = p.receiver
            self._notes(step, p.mark, p.comment, p.findings)
            self.analysis(decisions.get((df.number, None, p.giver, "pass")), p.comment, step)
            steps.append(step)
        if passes:
            after: dict[str, Sequence[Card] | None] = {}
            for s in g.seats:
                pf = df.played_from.get(s)
                after[s] = pf if pf is not None else current.get(s)
            received: dict[str, Any] = {"k": "received", "x": t["received"], "h": self.hands(after),
                                        "n": first.seat if first else None, "l": self.legal(first)}
            self._face_up(received, decisions, df.number, first_trick, first)
            steps.append(received)
        i = -1
        for tf in df.tricks:
            for pl in tf.plays:
                i += 1
                nxt = plays[i + 1] if i + 1 < len(plays) else None
                verb = "leads" if pl.lead else ("discards" if pl.discard else "plays")
                step = {"k": "play", "s": pl.seat, "c": str(pl.card), "t": tf.number,
                        "x": self.say(g, verb, pl.seat, card=self.show(pl.card)),
                        "n": nxt.seat if nxt else None}
                legal = self.legal(nxt)
                if legal is not None:
                    step["l"] = legal
                    self._face_up(step, decisions, df.number,
                                  numbers[i + 1] if nxt else None, nxt)
                if pl.breaks_hearts:
                    step["b"] = 1
                if pl.is_queen:
                    step["q"] = 1
                self._notes(step, pl.mark, pl.comment, pl.findings)
                self.analysis(decisions.get((df.number, tf.number, pl.seat, "play")), pl.comment, step)
                if pl is tf.plays[-1] and tf.winner is not None:
                    pts = (t["nopoints"] if tf.points == 0
                           else t["point"] if tf.points == 1 else t["points"].format(n=tf.points))
                    end: dict[str, Any] = {
                        "w": tf.winner, "p": tf.points, "r": [tf.running.get(s, 0) for s in g.seats],
                        "x": f"{self.say(g, 'wins', tf.winner)} ({pts})",
                    }
                    if tf.comment:
                        end["cm"] = tf.comment
                    if tf.findings:
                        end["f"] = self.findings(tf.findings)
                    step["e"] = end
                steps.append(step)
        moon = None
        if df.moon is not None:
            moon = {"seat": df.moon[0], "choice": df.moon[1], "assumed": df.moon[2],
                    "x": t["moon"].format(who=self.who(g, df.moon[0]))}
        label = f"{t['deal']} {df.number}"
        if self.multi:
            label = f"{t['game']} {gi + 1} · {label}"
        out: dict[str, Any] = {
            "label": label, "number": df.number,
            "steps": steps,
            "score": {"points": self._row(g, df.points), "totals": self._row(g, df.totals),
                      "moon": moon},
        }
        if df.direction:
            out["direction"] = t.get(df.direction, df.direction)
        inferred = [s for s in g.seats if df.inferred.get(s)]
        if inferred:
            out["inferred"] = inferred
        if df.findings:
            out["f"] = self.findings(df.findings)   # about the deal: shown at its end
        return out

    @staticmethod
    def _row(g: GameFact, m: Mapping[str, int] | None) -> list[int] | None:
        return None if m is None else [m.get(s, 0) for s in g.seats]

    def _notes(self, step: dict[str, Any], mark: str | None, comment: str | None,
               findings: Sequence[Finding]) -> None:
        if mark:
            step["m"] = mark
        if comment:
            step["cm"] = comment
        if findings:
            step["f"] = self.findings(findings)

    def game(self, gi: int, g: GameFact, decisions: Sequence[Mapping[str, Any]] = (),
             summary: Mapping[str, Any] | None = None) -> dict[str, Any]:
        tags = g.game.tags
        title = " · ".join(date_text(self.lang, tags[k]) if k == "Date" else tags[k]
                           for k in ("Event", "Site", "Date") if tags.get(k)) or \
            (g.game.source or f"{self.t['game']} {gi + 1}")
        index: dict[tuple[int, int | None, str, str], Mapping[str, Any]] = {}
        for d in decisions:
            key = _decision_key(d)
            if key is not None:
                index[key] = d
        self.costly = {}
        report = self.report(g, summary) if summary else None
        out = {
            "title": title, "seats": list(g.seats), "names": {s: g.name(s) for s in g.seats},
            # the seats as the language writes them (O for W) and the rules'
            # preset by its name in that language, as the terminal shows them
            "seatLabels": {s: seat_label(self.lang, s, g.seats) for s in g.seats},
            "rules": rules_label(self.lang, g.rules.spec), "handSize": g.rules.hand_size,
            "f": self.findings(g.findings),      # about the game: shown at its end
            "deals": [self.deal(g, gi, df, index) for df in g.deals],
            "winners": [self.who(g, s) for s in g.winners] if g.finished else [],
        }
        if report:
            out["report"] = report
        _refer_names(out, g)
        return out

    def report(self, g: GameFact, summary: Mapping[str, Any]) -> dict[str, Any] | None:
        """The learner's report of ``annotate``'s JSON (``summary``): per
        player the decisions, the points lost per decision and the
        accuracy; the three costliest decisions, each with its place, mark,
        loss and reason (their steps get ``cost``, to jump to them).  Any
        entry that is not of the report's shape is left out."""
        t = self.t
        players = []
        for p in _listed(summary.get("players")):
            if not isinstance(p, Mapping) or not isinstance(p.get("seat"), str):
                continue
            avg, acc, n = _real(p.get("average_loss")), _real(p.get("accuracy")), p.get("decisions")
            if avg is None or acc is None or not isinstance(n, int):
                continue
            players.append({"who": self.who(g, p["seat"]), "n": n,
                            "avg": f"{avg:.2f}".replace(".", t["decimal"]),
                            "acc": t["percent"].format(n=f"{acc:.0f}")})
        costly: list[dict[str, Any]] = []
        for d in _listed(summary.get("costliest")):
            key = _decision_key(d) if isinstance(d, Mapping) else None
            if key is None or len(costly) >= 3:
                continue
            deal, trick, seat, _ = key
            place = (t["costly_pass"].format(n=deal, who=self.who(g, seat)) if trick is None
                     else t["costly_play"].format(n=deal, t=trick, who=self.who(g, seat)))
            item: dict[str, Any] = {"r": len(costly) + 1, "x": place}
            if isinstance(d.get("mark"), str):
                item["m"] = d["mark"]
            epl = _real(d.get("epl"))
            if epl is not None:
                item["loss"] = t["loss"].format(
                    n=self.number(epl), se=self.number(_real(d.get("epl_stderr")) or 0.0))
            if isinstance(d.get("comment"), str):
                item["why"] = d["comment"]
            self.costly[key] = item["r"]
            costly.append(item)
        if not players and not costly:
            return None
        return {"players": players, "costly": costly}


def _decision_key(d: Mapping[str, Any]) -> tuple[int, int | None, str, str] | None:
    """(deal, trick, seat, kind) of a decision of the JSON report, the
    place of its step in the page (``None`` when not of that shape)."""
    try:
        trick = d.get("trick")
        return (int(d["deal"]), None if trick is None else int(trick), str(d["seat"]),
                str(d["kind"]))
    except (KeyError, TypeError, ValueError, OverflowError):   # (int() of infinity)
        return None


# The report is a file the user gives (``--analysis``): any value may be of
# another type than annotate writes, and is then left out, never an error.


def _listed(v: Any) -> list[Any]:
    """*v* when the report holds a list there, else no item (a number
    there was iterated: "internal error", exit 3)."""
    return v if isinstance(v, list) else []


def _real(v: Any) -> float | None:
    """*v* as a float when the report holds a number there that a float
    holds (a whole number of 400 digits does not), else ``None``."""
    if not isinstance(v, (int, float)):
        return None
    try:
        return float(v)
    except OverflowError:
        return None


def page_data(games: Sequence[GameFact], lang: str = "en",
              analyses: Sequence[Sequence[Mapping[str, Any]]] | None = None,
              summaries: Sequence[Mapping[str, Any] | None] | None = None) -> dict[str, Any]:
    """The JSON the page's script reads: the words, the card names, then
    every game and deal with its steps (snapshots of hands, the trick,
    legal cards, texts, marks).

    *analyses*, when given, holds for each game the ``decisions`` of
    ``hearts annotate --format json``: their loss and better cards are
    shown with the marked cards.  *summaries* holds for each game the
    report's ``summary`` (the learner's report): shown beside the scores.
    """
    b = _Builder(lang, multi=len(games) > 1)
    cards = {str(c): b.show(c) for c in CARDS}
    return {
        "lang": b.lang, "labels": b.t, "cards": cards, "mistakes": list(MISTAKES),
        "games": [_game_in_view(b, i, g, analyses[i] if analyses and i < len(analyses) else (),
                                summaries[i] if summaries and i < len(summaries) else None)
                  for i, g in enumerate(games)],
    }


def _game_in_view(b: _Builder, gi: int, g: GameFact, decisions: Sequence[Mapping[str, Any]],
                  summary: Mapping[str, Any] | None) -> dict[str, Any]:
    """One game's data, its seats shown as the language writes them and the
    players by name in every message about it."""
    with seats_in_view(g.seats), players_in_view(g.names):
        return b.game(gi, g, decisions, summary)


def _json_for_script(data: Any) -> str:
    """JSON that cannot end its ``<script>`` element early nor be read as
    markup: the machine outputs' JSON (:func:`hearts_notation.output.json_text`:
    U+2028/2029, C1 controls, bidirectional overrides as ``\\u`` escapes) with
    ``<``, ``>`` and ``&`` as ``\\u`` escapes too (valid JSON for ``JSON.parse``)."""
    blob = json_text(data, separators=(",", ":"))
    return blob.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def _shown(value: Any) -> Any:
    """*value* (the page's data) with every string's control characters and
    bidirectional overrides written as visible escapes, newlines and tabs
    kept: the script puts these strings on the page as they are
    (``textContent``), and a record's ESC or U+202E must show there as it
    does on the terminal, in the score sheet and in the diagram, not act
    (a name laid out backwards, a "Trojan Source" comment)."""
    if isinstance(value, str):
        return escape_controls(value, keep_layout=True)
    if isinstance(value, dict):
        return {_shown(k): _shown(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_shown(v) for v in value]
    return value


def _sha256(text: str) -> str:
    return "sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii")


def render_html(games: Sequence[GameFact], lang: str = "en", title: str | None = None,
                start: tuple[int, int] = (0, 0),
                analyses: Sequence[Sequence[Mapping[str, Any]]] | None = None,
                summaries: Sequence[Mapping[str, Any] | None] | None = None) -> str:
    """One self-contained HTML page replaying *games*.

    *start* is the (game, deal) index shown first (``--game``/``--deal``);
    *analyses* and *summaries* as for :func:`page_data`.
    """
    data = page_data(games, lang, analyses, summaries)
    data["start"] = {"game": start[0], "deal": start[1]}
    if title is None:
        title = games[0].game.tags.get("Event", "Hearts replay") if games else "Hearts replay"
    return self_contained_page("replay", title, data)


def self_contained_page(name: str, title: str, data: dict[str, Any]) -> str:
    """The page *name* (``replay``, or the puzzle ``trainer``): its template
    ``NAME.html`` with its style and script inline (``NAME.css``,
    ``NAME.js``), which its Content-Security-Policy allows by their hashes
    and nothing else, and *data* (its ``lang`` the page's) as JSON for the
    script."""
    css = "\n" + _asset(f"{name}.css") + "\n"
    js = "\n" + _asset(f"{name}.js") + "\n"
    csp = ("default-src 'none'; "
           f"script-src '{_sha256(js)}'; style-src '{_sha256(css)}'; img-src data:; "
           "base-uri 'none'; form-action 'none'")
    values = {
        "LANG": markup_text(data["lang"]), "TITLE": markup_text(title), "CSP": csp,
        "CSS": css, "JS": js, "DATA": _json_for_script(_shown(data)),
    }
    # One pass over the template: a placeholder written in the record (in a
    # title, a comment) is never substituted, since values are not rescanned.
    return re.sub(r"\{\{(LANG|TITLE|CSP|CSS|JS|DATA)\}\}", lambda m: values[m.group(1)],
                  _asset(f"{name}.html"))
