"""A deal told in prose, in any language with a catalog, like the commented games of rule books.

The narration is built from the facts of :mod:`hearts_notation.render.story`
(who leads, who follows, who ducks, who discards and so shows a void, who
wins, who takes points, when hearts are broken, where the queen falls, a
moon) and weaves in the record's own comments (quoted: they are the
annotator's words, in the annotator's language), marks and the referee's
findings at the card they concern.

Every word comes from the ``narrate.*`` messages of the catalogs of
:mod:`hearts_notation.i18n`; the code chooses which sentence to say and
fills it, never which language to say it in.  A template names the
person-dependent words it needs as ``{v_<lemma>}`` placeholders (``{v_lead}``
is "leads" or "lead", "entame" or "entamez"), filled for the subject of the
sentence from ``narrate.verb.<lemma>`` ("third person|second person").

To read as prose rather than as a table in sentences, consecutive plain
plays share one sentence ("Cleo joue le 9♣, vous le R♣ et Ada le 3♣"), a
card with something to say ends its sentence, quiet tricks share a
paragraph, and every kind of sentence has several phrasings.  The phrasing
is chosen from a hash of the place in the game (deal, trick, seat, kind),
never at random, and the same phrasing is not used twice in a row: the
same record always gives the same text.

The narration never contradicts the record: a discard from a hand that
still holds the led suit is told as a revoke (not as a void), a first lead
by the wrong seat is not told as forced by the 2♣, and each rule broken is
said where it happened.  Alongside the text the narrator keeps the
:class:`Told` facts it stated (who led, who won, points, void claims, the
moon), so that a test can re-read each one against the record
(``tests/test_narrate_facts.py``).

A player named "Vous" (or "You") is told in the second person, as the seed
does ("Vous entamez le 4♠, votre seul pique").
"""

from __future__ import annotations

import re
import textwrap
import zlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..cards import (
    HEARTS,
    QUEEN_OF_SPADES,
    SUIT_MASKS,
    Card,
    cards_of,
    display_order,
)
from ..i18n import (
    LANGUAGES,
    Arg,
    card_ascii,
    card_letters,
    catalog,
    elides_before,
    kept_spaces,
    placeholders,
    plain_spaces,
    plural_rule,
    render,
    rules_label,
)
from ..model import Finding
from ..seats import PASSING_DIRECTIONS
from ..state import penalty_total
from .story import DealFact, GameFact, PlayFact, TrickFact

_SUIT_LETTERS = "CDHS"
_RANK_LETTERS = "23456789TJQKA"
_SYMBOLS = "♣♦♥♠"
#: Findings about the score, told after the deal's scores rather than before its tricks.
SCORE_CODES = frozenset({"score-mismatch", "total-mismatch", "moon-choice", "result-mismatch",
                         "game-continued"})


def _second_person_names() -> frozenset[str]:
    """Names that mean "the reader", from every catalog ("vous", "you", ...)."""
    names: set[str] = set()
    for lang in LANGUAGES:
        names.update(catalog(lang)["narrate.you_names"].split())
    return frozenset(names)


#: Names that mean "the reader": told in the second person.
SECOND_PERSON = _second_person_names()


def _sheet_deal(df: DealFact) -> bool:
    """A deal kept as a score sheet: its points from its score line, no
    card of it recorded (told as the sheet's line, not as a deal stopped
    before its first trick); its line is a ``score`` line or, for a sheet
    of running totals alone, its ``total`` line (hearts_notation.sheets)."""
    d = df.deal
    return (df.points is not None and (d.score is not None or d.total is not None) and not d.tricks
            and not any(d.hands.values()) and not d.passes)


def _cap(text: str) -> str:
    """First letter upper case (sentences may start with "vous", "le 2♣")."""
    return text[:1].upper() + text[1:] if text else text


def _end(text: str) -> str:
    """A comment as a sentence: trimmed, with final punctuation."""
    text = " ".join(text.split())
    if text and text[-1] not in ".!?…»\"'”":
        text += "."
    return _cap(text)


@dataclass(frozen=True, slots=True)
class Told:
    """One fact the narration states, to be checked against the record.

    ``kind`` says what is claimed (see :data:`FACT_KINDS`); ``deal`` is the
    deal's index in the game (0-based), ``trick`` 1-based.  ``para`` is the
    paragraph of the narration that says it.
    """

    kind: str
    deal: int
    trick: int | None = None
    seat: str | None = None
    card: Card | None = None
    suit: int | None = None
    value: int | None = None
    cards: tuple[Card, ...] = ()
    code: str | None = None
    other: str | None = None
    para: int = -1


#: What each kind of :class:`Told` claims.
FACT_KINDS: dict[str, str] = {
    "lead": "seat led card to trick",
    "play": "seat played card to trick (not leading)",
    "forced-lead": "seat held the opening card and so led it to the first trick",
    "void": "seat held no card of suit when playing card",
    "void-after": "after playing card, seat holds no card of suit",
    "holds": "seat held cards (of suit, when given) when playing card",
    "duck": "seat played under the best card so far while holding a higher card of the led suit",
    "fault": "the play of card by seat breaks the rule named by code",
    "broken": "card, played by seat, breaks hearts",
    "queen": "seat played the queen of spades to trick",
    "win": "seat won trick with card; the trick holds value raw points",
    "running": "after trick, seat has taken value raw points in the deal",
    "hand": "seat was dealt cards",
    "pass": "seat passed cards to other (other None: not told)",
    "hearts-taken": "seat took value hearts in the deal",
    "queen-taken": "seat took the queen of spades in the deal",
    "moon": "seat took every heart and the queen of spades",
    "no-moon": "nobody took every penalty card",
    "deal-points": "seat scores value points for the deal",
    "taken-so-far": "seat has taken value raw points in an unfinished deal",
    "total": "seat's running total after the deal is value",
    "stopped": "the deal stops after value tricks",
    "finding": "the referee's finding code is told",
}


class Voice:
    """Words of one language, from its catalog; the narrator decides what to say."""

    def __init__(self, game: GameFact, lang: str, unicode: bool = True) -> None:
        self.game = game
        self.lang = lang
        self.unicode = unicode
        self.m = catalog(lang)
        self.is_one = plural_rule(lang)
        self.numbers = self.m["narrate.numbers"].split()
        self.ordinals = self.m["narrate.ordinals"].split()
        self.elide = self.m["narrate.elide"]

    def t(self, key: str, seat: str | None = None, **args: object) -> str:
        """Message ``narrate.<key>``, its ``{who}`` and ``{v_*}`` words for *seat*."""
        template = self.m[f"narrate.{key}"]
        for name in placeholders(template):
            if name in args:
                continue
            if name.startswith("v_"):
                assert seat is not None, (key, name)
                args[name] = self.vf(seat, name[2:])
            elif name == "who":
                assert seat is not None, key
                args[name] = self.who(seat)
            elif name == "poss":
                assert seat is not None, key
                args[name] = self.vf(seat, "poss")
        return template.format(**args)

    def plural(self, key: str, amount: int, seat: str | None = None, **args: object) -> str:
        """``narrate.<key>.one`` or ``.other`` by the language's plural rule for *amount*."""
        return self.t(f"{key}.{'one' if self.is_one(amount) else 'other'}", seat, **args)

    # People -----------------------------------------------------------------
    def second(self, seat: str) -> bool:
        """Whether *seat* is "you"."""
        return self.game.name(seat).strip().lower() in SECOND_PERSON

    def name(self, seat: str) -> str:
        """The player's name, else the seat in the language (O for W in French)."""
        n = self.game.names.get(seat)
        if n:
            return n
        key = f"seat.{seat}"
        return self.m[key] if key in self.m else seat

    def who(self, seat: str) -> str:
        """Subject form of a seat: the player's name, or "you"."""
        return self.m["narrate.you"] if self.second(seat) else self.name(seat)

    def vf(self, seat: str, lemma: str) -> str:
        """The verb (or person word) *lemma*, for *seat* (third or second person)."""
        third, _, second = self.m[f"narrate.verb.{lemma}"].partition("|")
        return second if self.second(seat) else third

    def elided(self, word: str) -> bool:
        """Whether the language elides before *word* (``d'Ada``)."""
        return elides_before(self.elide, word)

    def of_name(self, seat: str) -> str:
        """``de Bo`` / ``d'Ada`` / ``of Bo``."""
        n = self.who(seat)
        return self.t("of_name.elided" if self.elided(n) else "of_name", name=n)

    def from_name(self, seat: str) -> str:
        """``de Cleo`` / ``d'Ada`` / ``from Cleo``."""
        n = self.who(seat)
        return self.t("from_name.elided" if self.elided(n) else "from_name", name=n)

    # Cards ------------------------------------------------------------------
    def bare(self, card: Card) -> str:
        """``R♣``/``K♣`` (letters in ASCII mode, where French ranks cannot be written)."""
        if not self.unicode:
            return card_ascii(self.lang, str(card))
        return self.m[f"rank.{_RANK_LETTERS[card.rank]}"] + _SYMBOLS[card.suit]

    def the(self, card: Card) -> str:
        """The card with its article: ``le 5♦``, ``la D♥``, ``l'A♥``, ``the 5♦``."""
        return self.t(f"the.{_RANK_LETTERS[card.rank]}", card=self.bare(card))

    def the_named(self, card: Card) -> str:
        """As :meth:`the`, but the queen of spades by her name."""
        return self.t("qs") if card == QUEEN_OF_SPADES else self.the(card)

    def of(self, card: Card) -> str:
        """``du 2♣``, ``de la D♠``, ``de l'A♠``, ``of the 2♣``."""
        return self.t(f"of.{_RANK_LETTERS[card.rank]}", card=self.bare(card))

    def cards(self, cards: Sequence[Card]) -> str:
        """A list of cards with articles: "le R♣, le V♥ et le 8♣"."""
        return self.join([self.the(c) for c in cards])

    def some_cards(self, cards: Sequence[Card], limit: int = 3) -> str:
        """At most *limit* cards, then "and 2 more"."""
        shown = list(cards[:limit])
        words = [self.the(c) for c in shown]
        if len(cards) > limit:
            words.append(self.plural("more_cards", len(cards) - limit, n=len(cards) - limit))
        return self.join(words)

    def owned(self, seat: str, card: Card) -> str:
        """``votre R♣`` / ``le 10♦ de Bo`` / ``Bo's 10♦``."""
        if self.second(seat):
            return self.t("owned.you", card=self.bare(card))
        style = self.m["narrate.owned.style"]
        return self.t(f"owned.{style}", card=self.bare(card), the_card=self.the(card),
                      name=self.who(seat), of_name=self.of_name(seat))

    def hand(self, cards: Sequence[Card]) -> str:
        """A hand as the seed writes it: ``♠ A D 4, ♥ R 9 3, ...``; the spaces
        inside a suit are no-break spaces, so a wrapped line never parts a
        suit from its ranks."""
        groups = []
        for suit in (3, 2, 1, 0):
            ranks = [self.bare(c)[:-1] for c in display_order(cards) if c.suit == suit]
            sym = _SYMBOLS[suit] if self.unicode else card_ascii(self.lang, "2" + _SUIT_LETTERS[suit])[1:]
            groups.append("\u00a0".join([sym, *(ranks or ["—"])]))
        return ", ".join(groups)

    def suit(self, kind: str, suit: int) -> str:
        """A suit's word for a context (``suit``, ``suits``, ``suit_void``)."""
        return self.m[f"narrate.{kind}.{_SUIT_LETTERS[suit]}"]

    def join(self, items: Sequence[str], key: str = "list.and") -> str:
        """``a, b and c`` (``key`` ``list.or``: ``a, b or c``)."""
        items = [i for i in items if i]
        if len(items) <= 1:
            return "".join(items)
        return self.t(key, head=", ".join(items[:-1]), last=items[-1])

    def num(self, n: int) -> str:
        """A small number in words ("trois"), else in digits."""
        return self.numbers[n] if 0 <= n < len(self.numbers) else str(n)

    def points(self, n: int) -> str:
        """``un point``, ``13 points``."""
        return self.t("points.1") if n == 1 else self.t("points.n", n=n)

    def ordinal(self, n: int) -> str:
        """``premier``, ``second``, ..."""
        return self.ordinals[n - 1] if 1 <= n <= len(self.ordinals) else self.t("ordinal.n", n=n)

    def quote(self, text: str) -> str:
        """A comment of the record, quoted: the annotator's own words."""
        if self.unicode:
            return self.t("quote", text=_end(text))
        # --ascii: the comment's cards as the narration's (plain_spaces comes after the fill)
        return self.t("quote.ascii", text=_end(card_letters(text, self.lang)))


class _Clause:
    """A piece of a sentence about one card, and what must follow it."""

    __slots__ = ("after", "elided", "heavy", "text")

    def __init__(self, text: str, heavy: bool = False, after: Sequence[str] = (),
                 elided: str | None = None) -> None:
        self.text = text
        self.heavy = heavy
        self.after = list(after)
        self.elided = elided   # a shorter form when it repeats the previous verb


class Narrator:
    """Tells a game deal by deal; see the module docstring for the method."""

    def __init__(self, game: GameFact, lang: str = "fr", unicode: bool = True) -> None:
        self.g = game
        self.lang = lang if lang in LANGUAGES else "en"
        self.w = Voice(game, self.lang, unicode)
        self._last: dict[str, int] = {}
        #: the facts stated, each with the index of its paragraph
        self.facts: list[Told] = []
        self._pending: list[Told] = []
        self._deal = -1

    # Facts -------------------------------------------------------------------
    def told(self, kind: str, **fields: object) -> None:
        """Remember a fact the sentence being written states."""
        self._pending.append(Told(kind, self._deal, **fields))  # type: ignore[arg-type]

    def _take(self) -> list[Told]:
        out, self._pending = self._pending, []
        return out

    def _emit(self, paras: list[str], text: str | None, facts: Sequence[Told] = ()) -> None:
        """Add a paragraph and give its facts its index."""
        if not text:
            return
        i = len(paras)
        for f in facts:
            self.facts.append(Told(f.kind, f.deal, f.trick, f.seat, f.card, f.suit, f.value,
                                   f.cards, f.code, f.other, i))
        paras.append(text)

    # Deterministic variety -----------------------------------------------------
    def pick(self, key: str, where: Sequence[object], n: int) -> int:
        """One of *n* phrasings, chosen by the place in the game, never the
        same as the last time this kind of sentence was said."""
        h = zlib.crc32(("|".join(map(str, (key, *where)))).encode("utf-8")) % n
        if n > 1 and self._last.get(key) == h:
            h = (h + 1) % n
        self._last[key] = h
        return h

    def variant(self, key: str, where: Sequence[object], n: int, seat: str | None = None,
                **args: object) -> str:
        """Phrasing ``narrate.<key>.<i>`` for the chosen *i* of *n*."""
        return self.w.t(f"{key}.{self.pick(key, where, n)}", seat, **args)

    # Whole game ----------------------------------------------------------------
    def game_text(self, deals: Sequence[DealFact] | None = None) -> list[str]:
        """Paragraphs of the whole game (or of the chosen deals)."""
        g = self.g
        paras: list[str] = []
        self.facts = []
        title = g.game.tags.get("Event")
        if title:
            paras.append(title)
        if g.game.comment:
            paras.append(self.w.quote(g.game.comment))
        paras.append(self.table_sentence())
        for f in g.findings:
            s = self.finding_sentence(f)
            self._emit(paras, s, self._take())
        chosen = list(deals) if deals is not None else list(g.deals)
        sheet = [df for df in chosen if _sheet_deal(df)]
        if sheet:
            # "the points of its one deals" -> "of its one deal" (issue 23)
            form = "sheet.intro" if len(sheet) > 1 else "sheet.intro_one"
            self._emit(paras, self.w.t(form, count=self.w.num(len(sheet))))
        run: list[DealFact] = []
        for df in chosen:
            if _sheet_deal(df):
                run.append(df)
                if len(run) == 3 or df.moon is not None:
                    self.sheet_text(run, paras)
                    run = []
                continue
            if run:
                self.sheet_text(run, paras)
                run = []
            self.deal_text(df, paras)
        if run:
            self.sheet_text(run, paras)
        if chosen and chosen[-1] is g.deals[-1]:
            self._emit(paras, self.game_end())
        return paras

    def table_sentence(self) -> str:
        w, g = self.w, self.g
        people = [w.who(s) for s in g.seats]
        return _cap(w.t("table", count=w.num(len(g.seats)), people=w.join(people),
                        rules=rules_label(self.w.lang, g.rules.spec)))

    def game_end(self) -> str | None:
        g, w = self.g, self.w
        if not g.finished or not g.winners:
            return None
        pts = w.join([f"{w.who(s)} {g.totals.get(s, 0)}" for s in g.seats])
        win = w.join([w.who(s) for s in g.winners])
        if len(g.winners) > 1:
            return _cap(w.t("game_end.many", totals=pts, winners=win))
        return _cap(w.t("game_end.one", g.winners[0], totals=pts, winners=win))

    # Deals kept as a score sheet ------------------------------------------------
    def sheet_text(self, deals: Sequence[DealFact], paras: list[str]) -> None:
        """A few deals of a score sheet in one paragraph: each deal's points
        (a moon by its shooter's name), the running totals after them, and
        the sheet's slips (a total that does not add up) as the scorer's,
        not as an irregularity of play."""
        w, g = self.w, self.g
        out: list[str] = []
        slips: list[str] = []
        for df in deals:
            self._deal = df.index
            pts = df.points or {}
            if df.moon is not None:
                shooter, choice, _assumed = df.moon
                self.told("moon", seat=shooter)
                full = penalty_total(g.rules)
                how = (w.t("moon.subtract", shooter, full=full) if choice == "subtract" else
                       w.t("moon.add", shooter, full=full, own=pts.get(shooter, 0)))
                out.append(_cap(w.t("sheet.moon", shooter, n=df.number, how=how)))
            else:
                parts = []
                for seat in g.seats:
                    self.told("deal-points", seat=seat, value=pts.get(seat, 0))
                    parts.append(f"{w.who(seat)} {pts.get(seat, 0)}")
                out.append(w.t("sheet.deal", n=df.number, list=w.join(parts)))
            for f in df.findings:
                if f.severity != "info":
                    slips.append(self.finding_sentence(f, "sheet.slip") or "")
        last = deals[-1]
        if last.totals is not None and len(g.deals) > 1:
            out.append(self.totals_sentence(last.totals))
        out.extend(s_ for s_ in slips if s_)
        self._emit(paras, " ".join(out), self._take())

    # One deal ------------------------------------------------------------------
    def deal_text(self, df: DealFact, paras: list[str]) -> None:
        """Append the paragraphs of one deal to *paras*."""
        self._deal = df.index
        self._emit(paras, self.deal_header(df))
        if df.deal.comment:
            self._emit(paras, self.w.quote(df.deal.comment))
        hands = self.hands_sentence(df)
        self._emit(paras, hands, self._take())
        passes = self.passes_text(df)
        self._emit(paras, passes, self._take())
        for f in df.findings:
            if f.code in SCORE_CODES:
                continue
            self._emit(paras, self.finding_sentence(f), self._take())
        quiet: list[str] = []
        quiet_facts: list[Told] = []
        for t in df.tricks:
            text, is_quiet = self.trick_text(df, t)
            facts = self._take()
            if is_quiet:
                quiet.append(text)
                quiet_facts.extend(facts)
                if len(quiet) == 3:
                    self._emit(paras, " ".join(quiet), quiet_facts)
                    quiet, quiet_facts = [], []
                continue
            if quiet:
                self._emit(paras, " ".join(quiet), quiet_facts)
                quiet, quiet_facts = [], []
            self._emit(paras, text, facts)
        if quiet:
            self._emit(paras, " ".join(quiet), quiet_facts)
        end = self.deal_end(df)
        self._emit(paras, end, self._take())
        for f in df.findings:
            if f.code in SCORE_CODES:
                self._emit(paras, self.finding_sentence(f), self._take())

    def deal_header(self, df: DealFact) -> str:
        w = self.w
        head = w.t("deal.head", n=df.number)
        if df.dealer:
            head += w.t("deal.dealt_by", who=w.who(df.dealer))
        n_pass = self.g.rules.pass_count
        if df.offset == 0:
            head += w.t("deal.hold")
        elif df.direction in PASSING_DIRECTIONS:
            head += w.plural(f"deal.pass.{df.direction}", n_pass, count=w.num(n_pass))
        else:
            head += w.t("deal.plain")
        return head

    def you(self) -> str | None:
        """The seat told in the second person, if any."""
        for s in self.g.seats:
            if self.w.second(s):
                return s
        return None

    def hands_sentence(self, df: DealFact) -> str | None:
        w = self.w
        me = self.you()
        sep = w.t("hands.sep")
        if me is not None and df.dealt.get(me):
            hand = df.dealt[me]
            assert hand is not None
            self.told("hand", seat=me, cards=tuple(hand))
            return _cap(w.t("hands.you", hand=w.hand(hand)))
        known = [(s, h) for s, h in df.dealt.items() if h]
        if not known:
            played = [s for s, h in df.played_from.items() if h]
            if played and all(df.inferred.get(s) for s in played):
                parts = [f"{w.who(s)} {w.hand(df.played_from[s] or ())}" for s in played]
                return _cap(w.t("hands.inferred", hands=sep.join(parts)))
            return w.t("hands.unknown")
        parts = []
        for s, h in known:
            assert h is not None
            self.told("hand", seat=s, cards=tuple(h))
            parts.append(f"{w.who(s)} {w.hand(h)}")
        return _cap(w.t("hands.all", hands=sep.join(parts)))

    def passes_text(self, df: DealFact) -> str | None:
        w = self.w
        if df.offset == 0:
            if not df.passes:
                return None
        me = self.you()
        out: list[str] = []
        passes = list(df.passes)
        if me is not None:
            passes.sort(key=lambda p: (p.giver != me, p.receiver != me))
        for p in passes:
            self.told("pass", seat=p.giver, cards=tuple(p.cards), other=p.receiver)
            if p.receiver == me and me is not None and p.giver != me:
                s = w.t("pass.receive", giver=w.who(p.giver), from_giver=w.from_name(p.giver),
                        side=self._side(p.giver, me), cards=w.cards(p.cards))
            elif p.receiver:
                s = w.t("pass.give", p.giver, cards=w.cards(p.cards), to=w.who(p.receiver))
            else:
                s = w.t("pass.give_nowhere", p.giver, cards=w.cards(p.cards))
            if p.mark:
                s += f" {self.mark_text(p.mark)}"
            out.append(_cap(s) + ".")
            if p.comment:
                out.append(w.quote(p.comment))
            for f in p.findings:
                fs = self.finding_sentence(f)
                if fs:
                    out.append(fs)
        if df.offset != 0:
            missing = [s for s in self.g.seats if s not in {p.giver for p in df.passes}]
            if missing and df.passes:
                out.append(w.t("pass.others_missing"))
            elif missing:
                out.append(w.t("pass.missing"))
        if me is not None and df.played_from.get(me) and df.passes:
            hand = df.played_from[me]
            assert hand is not None
            out.append(_cap(w.t("pass.now", hand=w.hand(hand))))
        return " ".join(out) if out else None

    def _side(self, giver: str, me: str) -> str:
        seats = self.g.seats
        n = len(seats)
        d = (seats.index(giver) - seats.index(me)) % n
        if d == 1:
            return self.w.t("side.left")
        if d == n - 1:
            return self.w.t("side.right")
        if n % 2 == 0 and d == n // 2:
            return self.w.t("side.across")
        return ""

    # One trick -----------------------------------------------------------------
    def trick_text(self, df: DealFact, t: TrickFact) -> tuple[str, bool]:
        """The sentences of one trick, and whether it was a quiet one (no
        points, no comment, nothing special) that may share a paragraph."""
        clauses = [self.lead_clause(df, t, t.plays[0])] if t.plays else []
        for p in t.plays[1:]:
            clauses.append(self.follow_clause(df, t, p))
        sentences = [self.w.quote(t.comment)] if t.comment else []
        sentences += self.assemble(clauses)
        sentences.append(self.win_sentence(df, t))
        for f in t.findings:
            s = self.finding_sentence(f)
            if s:
                sentences.append(s)
        quiet = (not any(c.heavy or c.after for c in clauses) and t.points == 0
                 and not t.comment and not t.findings and t.complete)
        return " ".join(s for s in sentences if s), quiet

    def assemble(self, clauses: list[_Clause]) -> list[str]:
        """Sentences from clauses: plain ones share a sentence (at most three),
        a heavy one closes its sentence, and what follows a card (its comment,
        a finding) comes right after that sentence."""
        out: list[str] = []
        group: list[str] = []
        prev_verb: str | None = None
        conj = self.w.t("list.and", head="", last="")
        for c in clauses:
            text = c.text
            if group and c.heavy and conj in text:
                out.append(_cap(self.w.join(group)) + ".")
                group = []
                prev_verb = None
            if group and c.elided and prev_verb == "same":
                text = c.elided
            group.append(text)
            prev_verb = "same" if c.elided else None
            if c.heavy or c.after or len(group) == 3:
                out.append(_cap(self.w.join(group)) + ".")
                out.extend(c.after)
                group = []
                prev_verb = None
        if group:
            out.append(_cap(self.w.join(group)) + ".")
        return out

    def play_after(self, p: PlayFact, told_codes: frozenset[str] = frozenset()) -> list[str]:
        """The sentences that follow a card: its comment and findings (but
        those already told in the card's own sentence)."""
        after = []
        if p.comment:
            after.append(self.w.quote(p.comment))
        for f in p.findings:
            if f.code in told_codes:
                self.told("finding", trick=p.trick, seat=p.seat, card=p.card, code=f.code)
                continue
            s = self.finding_sentence(f)
            if s:
                after.append(s)
        return after

    def _fault(self, p: PlayFact, code: str) -> bool:
        return any(f.code == code and f.severity == "error" for f in p.findings)

    def _fault_tail(self, p: PlayFact) -> tuple[str, frozenset[str]]:
        """The words that tell a broken rule of play in the card's own
        sentence, and the finding codes they tell."""
        w = self.w
        seat, card, hand = p.seat, p.card, p.hand
        if p.revoke and p.led_suit is not None:
            led = p.led_suit
            self.told("fault", trick=p.trick, seat=seat, card=card, code="revoke")
            if hand is not None:
                held = tuple(display_order(cards_of(hand & SUIT_MASKS[led])))
                self.told("holds", trick=p.trick, seat=seat, card=card, suit=led, cards=held)
                return (w.t("tail.revoke", seat, suits=w.suit("suits", led),
                            cards=w.some_cards(held)), frozenset({"revoke"}))
            self.told("holds", trick=p.trick, seat=seat, card=card, suit=led)
            return w.t("tail.revoke.unknown", seat, suits=w.suit("suits", led)), frozenset({"revoke"})
        if hand is None or p.legal is None or not p.illegal:
            return "", frozenset()
        legal = tuple(display_order(cards_of(p.legal)))
        if p.discard and p.trick == 1 and self._fault(p, "first-trick-points"):
            self.told("fault", trick=p.trick, seat=seat, card=card, code="first-trick-points")
            self.told("holds", trick=p.trick, seat=seat, card=card, cards=legal)
            return (w.t("tail.first_trick", seat, cards=w.some_cards(legal)),
                    frozenset({"first-trick-points"}))
        if p.lead and p.trick == 1 and self._fault(p, "opening-lead"):
            self.told("fault", trick=p.trick, seat=seat, card=card, code="opening-lead")
            self.told("holds", trick=p.trick, seat=seat, card=card, cards=legal)
            return (w.t("tail.opening", cards=w.join([w.the(c) for c in legal[:3]], "list.or")),
                    frozenset({"opening-lead"}))
        if p.lead and self._fault(p, "hearts-not-broken"):
            self.told("fault", trick=p.trick, seat=seat, card=card, code="hearts-not-broken")
            self.told("holds", trick=p.trick, seat=seat, card=card, cards=legal)
            return (w.t("tail.hearts", seat, cards=w.some_cards(legal)),
                    frozenset({"hearts-not-broken"}))
        return "", frozenset()

    def lead_clause(self, df: DealFact, t: TrickFact, p: PlayFact) -> _Clause:
        w = self.w
        seat, card = p.seat, p.card
        where = (df.number, t.number, seat)
        mark = f" {self.mark_text(p.mark)}" if p.mark else ""
        self.told("lead", trick=t.number, seat=seat, card=card)
        tail, told_codes = self._fault_tail(p)
        if t.number == 1:
            # "holds the 2♣ and so leads" only when that is why this seat leads.
            forced = (card == self.g.rules.lowest_club and not tail
                      and (p.hand is None or bool(p.hand >> card & 1))
                      and not any(f.code in ("out-of-turn", "not-held") for f in p.findings))
            if forced:
                self.told("forced-lead", trick=1, seat=seat, card=card)
                text = self.variant("lead1", where, 2, seat, card=w.the(card), mark=mark)
            else:
                text = w.t("lead1.free", seat, card=w.the(card), mark=mark)
        else:
            prev = df.tricks[t.number - 2] if t.number >= 2 else None
            took = prev is not None and prev.winner == seat
            last = t.number == self.g.rules.tricks_per_deal
            i = self.pick("lead-intro", where, 5)
            if i == 3 and not took:
                intro = ""
            else:
                ordinal = w.t("last") if last else w.ordinal(t.number)
                intro = w.t(f"intro.{i}", ordinal=ordinal)
            text = w.t("lead", seat, intro=intro, card=w.the_named(card), mark=mark)
        text += tail
        heavy = bool(p.mark) or t.number == 1 or bool(tail)
        left = self.g.rules.tricks_per_deal - t.number
        tell_void = p.singleton or (p.runs_out and w.second(seat))
        if p.hand is not None and p.runs_out and tell_void and t.number > 1 and left >= 3:
            suit = card.suit
            word = w.suit("suit", suit)
            only = w.t("only" if p.singleton else "last_one", seat, suit=word)
            text += w.t("now_void", seat, only=only, suit=w.suit("suit_void", suit))
            self.told("void-after", trick=t.number, seat=seat, card=card, suit=suit)
            heavy = True
        if p.breaks_hearts:
            text += self.hearts_broken_tail(p)
            heavy = True
        return _Clause(text, heavy, self.play_after(p, told_codes))

    def follow_clause(self, df: DealFact, t: TrickFact, p: PlayFact) -> _Clause:
        w = self.w
        seat, card = p.seat, p.card
        where = (df.number, t.number, seat)
        mark = f" {self.mark_text(p.mark)}" if p.mark else ""
        heavy = bool(p.mark) or p.is_queen
        elided: str | None = None
        led = p.led_suit if p.led_suit is not None else card.suit
        self.told("play", trick=t.number, seat=seat, card=card)
        tail, told_codes = self._fault_tail(p)
        what = w.the_named(card)
        if p.discard:
            heavy = True
            if p.revoke:
                # Told as what it is: a discard while holding the led suit.
                text = w.t("discard.1", seat, card=what)
            elif p.shows_void:
                self.told("void", trick=t.number, seat=seat, card=card, suit=led)
                text = self.variant("void", where, 3, seat, suit=w.suit("suit_void", led), card=what)
            else:
                i = self.pick("discard", where, 3)
                if i == 0:
                    self.told("void", trick=t.number, seat=seat, card=card, suit=led)
                text = w.t(f"discard.{i}", seat, suit=w.suit("suit_void", led), card=what,
                           of_card=w.t("of_qs") if card == QUEEN_OF_SPADES else w.of(card))
            text += mark
        elif p.ducks:
            self.told("duck", trick=t.number, seat=seat, card=card)
            text = self.variant("duck", where, 2, seat, card=w.the(card)) + mark
        else:
            i = self.pick("follow", where, 3)
            text = w.t(f"follow.{i}", seat, card=what) + mark
            if i < 2 and not mark and card != QUEEN_OF_SPADES:
                elided = w.t("follow.elided", seat, card=w.the(card))
        text += tail
        if tail:
            heavy = True
        if p.is_queen and not p.discard:
            text += self.variant("queen", where, 2)
        if p.is_queen:
            self.told("queen", trick=t.number, seat=seat, card=card)
        if p.breaks_hearts:
            text += self.hearts_broken_tail(p)
            heavy = True
        after = self.play_after(p, told_codes)
        return _Clause(text, heavy, after, elided if not (heavy or after) else None)

    def hearts_broken_tail(self, p: PlayFact) -> str:
        self.told("broken", trick=p.trick, seat=p.seat, card=p.card)
        if p.card == QUEEN_OF_SPADES:
            return self.w.t("broken.queen")
        return self.variant("broken", (p.trick, p.seat), 2)

    def _trick_what(self, t: TrickFact) -> str:
        """The points of a trick as its cards give them: "la dame et deux cœurs : 15 points"."""
        w = self.w
        hearts = sum(1 for c in t.penalty_cards if c.suit == HEARTS)
        queen = any(c == QUEEN_OF_SPADES for c in t.penalty_cards)
        others = [c for c in t.penalty_cards if c.suit != HEARTS and c != QUEEN_OF_SPADES]
        if not queen and not others:
            return w.points(t.points)
        if queen and not hearts and not others and t.points == 13:
            return w.t("what.queen")
        parts = []
        if queen:
            parts.append(w.t("what.the_queen"))
        if hearts:
            parts.append(w.plural("hearts", hearts, n=w.num(hearts)))
        parts.extend(w.the(c) for c in others)
        return w.t("what.sum", cards=w.join(parts), points=w.points(t.points))

    def win_sentence(self, df: DealFact, t: TrickFact) -> str:
        w = self.w
        if not t.complete or t.winner is None or t.winning_card is None:
            return w.t("trick_stops")
        seat, card = t.winner, t.winning_card
        where = (df.number, t.number, seat)
        before = t.running[seat] - t.points
        pts = t.points
        self.told("win", trick=t.number, seat=seat, card=card, value=pts)
        has_queen = any(c == QUEEN_OF_SPADES for c in t.penalty_cards)
        owned = w.owned(seat, card)
        if pts == 0 and not t.penalty_cards:
            return _cap(self.variant("win0", where, 4, seat, owned=owned))
        if before > 0 and not has_queen and pts > 0 and len(t.penalty_cards) == pts:
            self.told("running", trick=t.number, seat=seat, value=before + pts)
            more = w.plural("more", pts, n=w.num(pts) if pts == 1 else pts)
            return _cap(self.variant("winmore", where, 2, seat, owned=owned, more=more,
                                     total=before + pts))
        text = _cap(self.variant("winpts", where, 3, seat, what=self._trick_what(t)))
        if before != 0:
            self.told("running", trick=t.number, seat=seat, value=before + pts)
            text += " " + _cap(w.t("now_at", seat, total=before + pts))
        return text

    # End of a deal ---------------------------------------------------------------
    def deal_end(self, df: DealFact) -> str:
        w, g = self.w, self.g
        if not df.complete or df.points is None:
            played = len(df.tricks)
            self.told("stopped", value=played)
            s = w.plural("stops", played, count=w.num(played))
            taken = []
            for seat, n in df.taken_raw.items():
                if n:
                    self.told("taken-so-far", seat=seat, value=n)
                    taken.append(f"{w.who(seat)} {n}")
            if taken:
                s += w.t("taken_so_far", list=w.join(taken))
            return s
        parts = []
        pts = df.points
        for seat in g.seats:
            self.told("deal-points", seat=seat, value=pts.get(seat, 0))
            parts.append(f"{w.who(seat)} {pts.get(seat, 0)}")
        full = penalty_total(g.rules)
        total = sum(pts.values())
        out: list[str] = []
        if df.moon is not None:
            shooter, choice, assumed = df.moon
            self.told("moon", seat=shooter)
            s = _cap(w.t("moon", shooter))
            if choice == "subtract":
                s += " " + _cap(w.t("moon.subtract", shooter, full=full))
            else:
                s += " " + _cap(w.t("moon.add", shooter, full=full, own=df.points.get(shooter, 0)))
            s += w.t("moon.assumed") if assumed else "."
            out.append(s)
        takers = self._takers(df)
        s = w.t("scores", list=w.join(parts))
        even = df.moon is None and total == full
        if even:
            s += w.t("scores.full", count=w.num(full))
        out.append(s + ".")
        if takers:
            out.append(takers)
        if even:
            self.told("no-moon")
            out.append(w.t("no_moon"))
        if df.totals is not None and len(g.deals) > 1:
            out.append(self.totals_sentence(df.totals))
        return " ".join(out)

    def totals_sentence(self, totals: Mapping[str, int]) -> str:
        """The running totals after a deal, every seat's (each one told):
        the end of a played deal's paragraph and of a score sheet's."""
        w = self.w
        tot = []
        for s_ in self.g.seats:
            self.told("total", seat=s_, value=totals.get(s_, 0))
            tot.append(f"{w.who(s_)} {totals.get(s_, 0)}")
        return w.t("totals", list=w.join(tot))

    def _takers(self, df: DealFact) -> str | None:
        """Who took what: "Ada prend quatre cœurs, et Bo la dame et trois cœurs"."""
        w = self.w
        hearts: dict[str, int] = {}
        queen_to = df.queen[2] if df.queen else None
        for t in df.tricks:
            if t.winner is None:
                continue
            hearts[t.winner] = hearts.get(t.winner, 0) + sum(1 for c in t.penalty_cards if c.suit == HEARTS)
        plain = [seat for seat in self.g.seats if hearts.get(seat) and seat != queen_to]
        parts = []
        for i, seat in enumerate(plain):
            h = hearts[seat]
            self.told("hearts-taken", seat=seat, value=h)
            if i == 0:
                parts.append(w.t("takers.first", seat, hearts=w.plural("hearts", h, n=w.num(h))))
            else:
                parts.append(w.t("takers.next", who=w.who(seat), n=w.num(h)))
        if queen_to is not None:
            h = hearts.get(queen_to, 0)
            self.told("queen-taken", seat=queen_to)
            self.told("hearts-taken", seat=queen_to, value=h)
            with_ = w.t("what.the_queen")
            if h:
                with_ = w.t("takers.and", head=with_, hearts=w.plural("hearts", h, n=w.num(h)))
            if parts:
                parts.append(w.t("takers.queen_next", who=w.who(queen_to), with_=with_,
                                 total=13 + h))
            else:
                parts.append(w.t("takers.first", queen_to, hearts=with_))
        if not parts:
            return None
        if len(parts) > 2:
            return _cap(w.t("list.and3", head=", ".join(parts[:-1]), last=parts[-1])) + "."
        return _cap(w.join(parts)) + "."

    # Marks and findings ----------------------------------------------------------
    def mark_text(self, mark: str) -> str:
        key = f"narrate.mark.{mark}"
        return self.w.m[key] if key in self.w.m else f"({mark})"

    def finding_sentence(self, f: Finding, key: str | None = None) -> str | None:
        """A referee's finding as a sentence, in the referee's words (translated);
        ``info`` findings (checks the record did not allow) are left to
        ``hearts validate``."""
        if f.severity == "info":
            return None
        self.told("finding", trick=f.trick, seat=f.seat, card=f.card, code=f.code)
        if f.key:
            args = tuple((k, self._named(v)) for k, v in f.args)
            message = self._elide(render(self.lang, f.key, args))
        else:
            message = f.text(self.lang)
        if key is None and f.severity == "error":
            # a slip of the scorer (a total, a score line) is the sheet's, not
            # a player's irregularity (issue 23), on a sheet or a deal of cards
            from ..standings import SCORER_CODES

            key = "sheet.slip" if f.code in SCORER_CODES else "finding.error"
        elif key is None:
            key = "finding.warning"
        return self.w.t(key, message=" ".join(message.split()).rstrip("."))

    def _named(self, value: Arg) -> Arg:
        """A finding's argument with each seat shown by its player's name, as
        the rest of the narration does (a seat told as "you" keeps its letter:
        the referee's sentences are in the third person)."""
        if isinstance(value, tuple) and value:
            if (value[0] == "seat" and len(value) == 2 and isinstance(value[1], str)
                    and self.g.names.get(value[1]) and not self.w.second(value[1])):
                return self.g.names[value[1]]
            if value[0] == "msg" and len(value) == 3 and isinstance(value[2], tuple):
                pairs: list[Arg] = []
                for pair in value[2]:
                    if isinstance(pair, tuple) and len(pair) == 2:
                        pairs.append((pair[0], self._named(pair[1])))
                    else:
                        pairs.append(pair)
                return ("msg", value[1], tuple(pairs))
            return tuple(self._named(v) for v in value)
        return value

    def _elide(self, text: str) -> str:
        """Elision before the players' names (``de Ada`` -> ``d'Ada``), from the
        catalog's ``narrate.elisions`` ("de=d' que=qu'"; none in English)."""
        pairs = [p.split("=", 1) for p in self.w.m["narrate.elisions"].split()]
        for name in set(self.g.names.values()):
            if not name or not self.w.elided(name):
                continue
            for full, short in pairs:
                text = re.sub(rf"\b{re.escape(full)} {re.escape(name)}\b", short + name, text)
        return text


def narrate(game: GameFact, lang: str = "fr", unicode: bool = True,
            deals: Sequence[DealFact] | None = None, width: int | None = None) -> str:
    """The game (or the chosen deals) told in prose; paragraphs separated by
    blank lines, wrapped at *width* columns when given.  Without *unicode*
    (``--ascii``) no no-break space nor dash is left (:func:`plain_spaces`)."""
    paras = Narrator(game, lang, unicode).game_text(deals)
    if width:
        paras = [_fill(p, width) for p in paras]
    text = "\n\n".join(paras) + "\n"
    # --ascii: the spaces kept while the lines were broken, plain now
    return text if unicode else plain_spaces(text)


def _fill(text: str, width: int) -> str:
    """*text* wrapped at *width* columns between words, never before ``:``,
    ``;``, ``?``, ``!``, ``%`` or ``»`` nor after ``«`` (French's spaced
    signs, :func:`~hearts_notation.i18n.kept_spaces`): a private-use
    character the paragraph does not hold (a comment quoted in it could
    hold one) stands for those spaces while textwrap breaks the lines."""
    mark = next(chr(k) for k in range(0xE000, 0xF900) if chr(k) not in text)
    return textwrap.fill(kept_spaces(text, mark), width=width, break_long_words=False,
                         break_on_hyphens=False).replace(mark, " ")


def narrate_facts(game: GameFact, lang: str = "fr", unicode: bool = True
                  ) -> tuple[list[str], list[Told]]:
    """The paragraphs of the narration and the facts they state (each fact's
    ``para`` is the index of its paragraph): what a test re-reads against
    the record."""
    n = Narrator(game, lang, unicode)
    paras = n.game_text()
    return paras, n.facts


__all__ = ["FACT_KINDS", "SECOND_PERSON", "Narrator", "Told", "Voice", "narrate", "narrate_facts"]
