"""The HTML replay: one self-contained page to step through a game.

The page shows the table with the hands as cards, the current trick in the
middle, the comment, mark or referee finding of the current card beside the
table, the running points and a score table, with buttons and the arrow
keys to step through every pass and every card, forward and back, and a
deal picker when the record holds several deals or games.

Every fact the page shows is computed here, in Python, from
:mod:`hearts_notation.render.story` (itself built on
:func:`hearts_notation.walk.walk` and the referee): in particular the cards
the seat to move may legally play, which the page marks while greying the
others, as card-game sites do.  The page's script only displays these
snapshots; there is no second copy of the rules in JavaScript.

The page needs no network: the stylesheet, the script and the data are
inlined (the data as JSON in a ``<script type="application/json">``, with
``<`` escaped so that no comment text can close the element), and the
script inserts every text with ``textContent``, never as HTML.
"""

from __future__ import annotations

import html
import json
from collections.abc import Sequence
from importlib import resources
from typing import Any

from ..cards import Card, cards_of, display_order
from ..model import Finding
from .narrate import SECOND_PERSON
from .story import DealFact, GameFact, PlayFact

_LABELS: dict[str, dict[str, str]] = {
    "en": {
        "deal": "Deal", "game": "Game", "trick": "Trick", "step": "Step",
        "start": "Start", "back": "Back", "forward": "Forward", "end": "End",
        "dealt": "Deal {n}: the hands as dealt", "received": "The passes are made: the hands in play",
        "passes": "{who} passes {cards} to {to}", "passes_nowhere": "{who} passes {cards}",
        "leads": "{who} leads {card}", "plays": "{who} plays {card}", "discards": "{who} discards {card}",
        "wins": "{who} wins the trick", "points": "{n} points", "point": "1 point",
        "passes2": "{who} pass {cards} to {to}", "leads2": "{who} lead {card}",
        "plays2": "{who} play {card}", "discards2": "{who} discard {card}",
        "wins2": "{who} win the trick", "passes_nowhere2": "{who} pass {cards}",
        "nopoints": "no points", "broken": "Hearts are broken.", "queen": "The queen of spades falls.",
        "running": "Points this deal", "scores": "Scores", "total": "Total",
        "legal": "legal for {who}", "tomove": "To play: {who}", "topass": "To pass: {who}",
        "finished": "Deal over", "moon": "{who} shot the moon", "help":
            "← → step · Home/End first/last · the seat to move has its legal cards raised",
        "picker": "Deal", "comment": "Comment", "findings": "Referee",
        "nothing": "No comment on this card.", "hold": "no passing", "pass": "pass",
        "left": "left", "right": "right", "across": "across", "unknown": "hand not known",
        "inferred": "from the play", "score_deal": "Deal {n} score",
    },
    "fr": {
        "deal": "Donne", "game": "Partie", "trick": "Pli", "step": "Étape",
        "start": "Début", "back": "Reculer", "forward": "Avancer", "end": "Fin",
        "dealt": "Donne {n} : les mains distribuées", "received": "L'échange est fait : les mains en jeu",
        "passes": "{who} passe {cards} à {to}", "passes_nowhere": "{who} passe {cards}",
        "leads": "{who} entame {card}", "plays": "{who} joue {card}", "discards": "{who} défausse {card}",
        "wins": "{who} remporte le pli", "points": "{n} points", "point": "1 point",
        "passes2": "{who} passez {cards} à {to}", "leads2": "{who} entamez {card}",
        "plays2": "{who} jouez {card}", "discards2": "{who} défaussez {card}",
        "wins2": "{who} remportez le pli", "passes_nowhere2": "{who} passez {cards}",
        "nopoints": "sans point", "broken": "Les cœurs sont ouverts.",
        "queen": "La dame de pique tombe.",
        "running": "Points de la donne", "scores": "Scores", "total": "Total",
        "legal": "cartes jouables pour {who}", "tomove": "À jouer : {who}", "topass": "À passer : {who}",
        "finished": "Donne terminée", "moon": "{who} fait capot", "help":
            "← → pas à pas · Début/Fin · les cartes jouables du joueur au trait sont levées",
        "picker": "Donne", "comment": "Commentaire", "findings": "Arbitre",
        "nothing": "Pas de commentaire sur cette carte.", "hold": "pas d'échange", "pass": "passe",
        "left": "à gauche", "right": "à droite", "across": "en face", "unknown": "main inconnue",
        "inferred": "d'après le jeu", "score_deal": "Score de la donne {n}",
    },
}


def _asset(name: str) -> str:
    return resources.files(__package__).joinpath(name).read_text(encoding="utf-8")


class _Builder:
    """Turns the facts of the games into the page's JSON data."""

    def __init__(self, lang: str, multi: bool = False) -> None:
        self.multi = multi   # several games: deal labels name their game
        self.lang = lang if lang in _LABELS else "en"
        self.t = _LABELS[self.lang]

    def card(self, c: Card) -> str:
        return str(c)

    def show(self, c: Card) -> str:
        return c.text(unicode=True, lang=self.lang)

    def who(self, g: GameFact, seat: str | None) -> str:
        if seat is None:
            return "?"
        if self.second(g, seat):
            return "Vous" if self.lang == "fr" else "You"
        return g.name(seat)

    @staticmethod
    def second(g: GameFact, seat: str | None) -> bool:
        """A player named "Vous"/"You" is addressed in the second person."""
        return seat is not None and g.name(seat).strip().lower() in SECOND_PERSON

    def say(self, g: GameFact, key: str, seat: str | None, **kw: str) -> str:
        """A label with its subject, conjugated for "vous"/"you"."""
        if self.second(g, seat) and key + "2" in self.t:
            key += "2"
        return self.t[key].format(who=self.who(g, seat), **kw)

    def hands(self, m: dict[str, tuple[Card, ...] | None]) -> dict[str, list[str] | None]:
        return {s: None if h is None else [self.card(c) for c in display_order(h)] for s, h in m.items()}

    def findings(self, fs: Sequence[Finding]) -> list[dict[str, Any]]:
        return [{"severity": f.severity, "code": f.code, "message": f.message,
                 "line": f.line, "column": f.column} for f in fs]

    @staticmethod
    def legal(p: PlayFact | None) -> list[str] | None:
        if p is None or p.legal is None:
            return None
        return [str(c) for c in display_order(cards_of(p.legal))]

    def deal(self, g: GameFact, gi: int, df: DealFact) -> dict[str, Any]:
        t = self.t
        plays = [p for tf in df.tricks for p in tf.plays]
        first = plays[0] if plays else None
        steps: list[dict[str, Any]] = []
        passing = df.direction not in (None, "hold") and g.rules.pass_count > 0
        passes = sorted(df.passes, key=lambda p: g.seats.index(p.giver) if p.giver in g.seats else 99)
        dealt = self.hands(dict(df.dealt))
        for s in g.seats:
            if dealt.get(s) is None and df.inferred.get(s) and not df.passes and not passing:
                dealt[s] = self.hands({s: df.played_from.get(s)})[s]
        start: dict[str, Any] = {
            "kind": "deal", "text": t["dealt"].format(n=df.number), "hands": dealt,
            "comment": df.deal.comment, "findings": self.findings(df.findings),
        }
        if passes:
            start["next"] = passes[0].giver
            start["legal"] = None
            start["phase"] = "pass"
        else:
            start["next"] = first.seat if first else None
            start["legal"] = self.legal(first)
            start["phase"] = "play"
        steps.append(start)
        current = {s: (list(h) if h is not None else None) for s, h in dealt.items()}
        for k, p in enumerate(passes):
            hand = current.get(p.giver)
            if hand is not None:
                gone = {self.card(c) for c in p.cards}
                current[p.giver] = [c for c in hand if c not in gone]
            cards = " ".join(self.show(c) for c in p.cards)
            to = self.who(g, p.receiver)
            if self.second(g, p.receiver):
                to = "vous" if self.lang == "fr" else "you"
            text = (self.say(g, "passes", p.giver, cards=cards, to=to)
                    if p.receiver else self.say(g, "passes_nowhere", p.giver, cards=cards))
            next_giver = passes[k + 1].giver if k + 1 < len(passes) else None
            steps.append({
                "kind": "pass", "seat": p.giver, "to": p.receiver,
                "cards": [self.card(c) for c in p.cards], "mark": p.mark, "comment": p.comment,
                "findings": self.findings(p.findings), "text": text,
                "hands": {s: (list(h) if h is not None else None) for s, h in current.items()},
                "next": next_giver, "legal": None, "phase": "pass",
            })
        if passes:
            after: dict[str, list[str] | None] = {}
            for s in g.seats:
                pf = df.played_from.get(s)
                after[s] = [self.card(c) for c in pf] if pf is not None else current.get(s)
            steps.append({
                "kind": "received", "text": t["received"], "hands": after, "findings": [],
                "next": first.seat if first else None, "legal": self.legal(first), "phase": "play",
            })
        i = -1
        for tf in df.tricks:
            for pl in tf.plays:
                i += 1
                nxt = plays[i + 1] if i + 1 < len(plays) else None
                verb = "leads" if pl.lead else ("discards" if pl.discard else "plays")
                step: dict[str, Any] = {
                    "kind": "play", "seat": pl.seat, "card": self.card(pl.card), "trick": tf.number,
                    "pos": pl.position, "mark": pl.mark, "comment": pl.comment,
                    "findings": self.findings(pl.findings),
                    "text": self.say(g, verb, pl.seat, card=self.show(pl.card)),
                    "broken": pl.breaks_hearts, "queen": pl.is_queen,
                    "next": nxt.seat if nxt else None, "legal": self.legal(nxt), "phase": "play",
                    "end": None,
                }
                if pl is tf.plays[-1] and tf.winner is not None:
                    pts = (t["nopoints"] if tf.points == 0
                           else t["point"] if tf.points == 1 else t["points"].format(n=tf.points))
                    step["end"] = {
                        "winner": tf.winner, "points": tf.points, "running": dict(tf.running),
                        "text": f"{self.say(g, 'wins', tf.winner)} ({pts})",
                        "comment": tf.comment, "findings": self.findings(tf.findings),
                    }
                steps.append(step)
        moon = None
        if df.moon is not None:
            moon = {"seat": df.moon[0], "choice": df.moon[1], "assumed": df.moon[2],
                    "text": t["moon"].format(who=self.who(g, df.moon[0]))}
        label = f"{t['deal']} {df.number}"
        if self.multi:
            label = f"{t['game']} {gi + 1} · {label}"
        return {
            "label": label, "game": gi, "number": df.number, "dealer": df.dealer,
            "direction": df.direction, "steps": steps,
            "inferred": dict(df.inferred),
            "score": {"points": df.points, "totals": df.totals, "moon": moon,
                      "recorded": dict(df.deal.score) if df.deal.score is not None else None},
        }

    def game(self, gi: int, g: GameFact) -> dict[str, Any]:
        tags = g.game.tags
        title = " · ".join(tags[k] for k in ("Event", "Site", "Date") if tags.get(k)) or \
            (g.game.source or f"{self.t['game']} {gi + 1}")
        return {
            "title": title, "seats": list(g.seats), "names": {s: g.name(s) for s in g.seats},
            "rules": g.rules.spec, "handSize": g.rules.hand_size, "comment": g.game.comment,
            "findings": self.findings(g.findings),
            "deals": [self.deal(g, gi, df) for df in g.deals],
            "winners": list(g.winners) if g.finished else [],
        }


def page_data(games: Sequence[GameFact], lang: str = "en") -> dict[str, Any]:
    """The JSON the page's script reads: labels, then every game and deal
    with its steps (snapshots of hands, the trick, legal cards, texts)."""
    b = _Builder(lang, multi=len(games) > 1)
    return {"lang": b.lang, "labels": b.t, "games": [b.game(i, g) for i, g in enumerate(games)]}


def render_html(games: Sequence[GameFact], lang: str = "en", title: str | None = None,
                start: tuple[int, int] = (0, 0)) -> str:
    """One self-contained HTML page replaying *games*.

    *start* is the (game, deal) index shown first (``--game``/``--deal``).
    """
    data = page_data(games, lang)
    data["start"] = {"game": start[0], "deal": start[1]}
    blob = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    # Nothing inside the JSON may close the <script> element or open a comment.
    blob = blob.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    if title is None:
        title = games[0].game.tags.get("Event", "Hearts replay") if games else "Hearts replay"
    page = _asset("replay.html")
    # Substitute the data last, so that nothing in it is taken for a placeholder.
    for key, value in (("{{LANG}}", html.escape(data["lang"])), ("{{TITLE}}", html.escape(title)),
                       ("/*{{CSS}}*/", _asset("replay.css")), ("/*{{JS}}*/", _asset("replay.js"))):
        page = page.replace(key, value)
    return page.replace("{{DATA}}", blob)
