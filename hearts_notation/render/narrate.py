"""A deal told in prose, in French or English, like the commented games of rule books.

The narration is built from the facts of :mod:`hearts_notation.render.story`
(who leads, who follows, who ducks, who discards and so shows a void, who
wins, who takes points, when hearts are broken, where the queen falls, a
moon) and weaves in the record's own comments, marks and the referee's
findings at the card they concern.

To read as prose rather than as a table in sentences, consecutive plain
plays share one sentence ("Cleo joue le 9♣, vous le R♣ et Ada le 3♣"), a
card with something to say ends its sentence, quiet tricks share a
paragraph, and every kind of sentence has several phrasings.  The phrasing
is chosen from a hash of the place in the game (deal, trick, seat, kind),
never at random, and the same phrasing is not used twice in a row: the
same record always gives the same text.

A player named "Vous" (or "You") is told in the second person, as the seed
does ("Vous entamez le 4♠, votre seul pique").
"""

from __future__ import annotations

import textwrap
import zlib
from collections.abc import Sequence
from typing import ClassVar

from ..cards import (
    CLUBS,
    DIAMONDS,
    HEARTS,
    QUEEN_OF_SPADES,
    SPADES,
    SUIT_MASKS,
    Card,
    cards_of,
    display_order,
)
from ..engine import penalty_total
from ..model import Finding
from .story import DealFact, GameFact, PlayFact, TrickFact

#: "n'a" / "n'avez" (apostrophes cannot sit inside an f-string expression).
NEG_HAVE = {False: "n'a", True: "n'avez"}
#: Names that mean "the reader": told in the second person.
SECOND_PERSON = frozenset({"vous", "you", "toi", "moi", "me"})

_FR_NUMBERS = (
    "zéro un deux trois quatre cinq six sept huit neuf dix onze douze treize quatorze "
    "quinze seize dix-sept dix-huit dix-neuf vingt vingt-et-un vingt-deux vingt-trois "
    "vingt-quatre vingt-cinq vingt-six"
).split()
_EN_NUMBERS = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen "
    "fourteen fifteen sixteen seventeen eighteen nineteen twenty twenty-one twenty-two "
    "twenty-three twenty-four twenty-five twenty-six"
).split()
_FR_ORDINALS = (
    "premier deuxième troisième quatrième cinquième sixième septième huitième neuvième "
    "dixième onzième douzième treizième quatorzième quinzième seizième dix-septième"
).split()
_EN_ORDINALS = (
    "first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth "
    "thirteenth fourteenth fifteenth sixteenth seventeenth"
).split()


def _cap(text: str) -> str:
    """First letter upper case (sentences may start with "vous", "le 2♣")."""
    return text[:1].upper() + text[1:] if text else text


def _end(text: str) -> str:
    """A comment as a sentence: trimmed, with final punctuation."""
    text = " ".join(text.split())
    if text and text[-1] not in ".!?…»\"'":
        text += "."
    return _cap(text)


class Voice:
    """Words of one language; the narrator decides what to say."""

    lang = "en"
    #: lemma -> (third person, second person) forms, per language.
    VERBS: ClassVar[dict[str, tuple[str, str]]] = {}

    def __init__(self, game: GameFact, unicode: bool = True) -> None:
        self.game = game
        self.unicode = unicode

    # People -----------------------------------------------------------------
    def second(self, seat: str) -> bool:
        """Whether *seat* is "you"."""
        return self.game.name(seat).strip().lower() in SECOND_PERSON

    def who(self, seat: str) -> str:
        """Subject form of a seat: the player's name, or "you"."""
        raise NotImplementedError

    def v(self, seat: str, lemma: str) -> str:
        """Subject and verb: ``Bo entame`` / ``vous entamez``."""
        return f"{self.who(seat)} {self.vf(seat, lemma)}"

    def vf(self, seat: str, lemma: str) -> str:
        """The verb alone, conjugated for *seat* (third or second person)."""
        forms = self.VERBS[lemma]
        return forms[1] if self.second(seat) else forms[0]

    # Cards ------------------------------------------------------------------
    def bare(self, card: Card) -> str:
        """``R♣``/``K♣`` (letters in ASCII mode)."""
        return card.text(unicode=self.unicode, lang=self.lang)

    def the(self, card: Card) -> str:
        """The card with its article."""
        raise NotImplementedError

    def cards(self, cards: Sequence[Card]) -> str:
        """A list of cards with articles: "le R♣, le V♥ et le 8♣"."""
        return self.join([self.the(c) for c in cards])

    def hand(self, cards: Sequence[Card]) -> str:
        """A hand as the seed writes it: ``♠ A D 4, ♥ R 9 3, ...``."""
        groups = []
        for suit in (SPADES, HEARTS, DIAMONDS, CLUBS):
            ranks = [self.bare(c)[:-1] for c in display_order(cards) if c.suit == suit]
            sym = ("♣♦♥♠" if self.unicode else "CDHS")[suit]
            groups.append(f"{sym} {' '.join(ranks) if ranks else '—'}")
        return ", ".join(groups)

    def join(self, items: Sequence[str]) -> str:
        """``a, b and c``."""
        raise NotImplementedError


class French(Voice):
    """French words: R/D/V ranks, "entame", "défausse", "passe dessous"."""

    lang = "fr"
    SUITS = ("trèfle", "carreau", "cœur", "pique")
    SUITS_PL = ("trèfles", "carreaux", "cœurs", "piques")
    VERBS: ClassVar[dict[str, tuple[str, str]]] = {  # lemma: (third, second person)
        "entamer": ("entame", "entamez"), "jouer": ("joue", "jouez"),
        "fournir": ("fournit", "fournissez"), "défausser": ("défausse", "défaussez"),
        "remporter": ("remporte", "remportez"), "prendre": ("prend", "prenez"),
        "ramasser": ("ramasse", "ramassez"), "passer": ("passe", "passez"),
        "avoir": ("a", "avez"), "recevoir": ("reçoit", "recevez"), "être": ("est", "êtes"),
        "suivre": ("suit", "suivez"), "donner": ("donne", "donnez"),
        "pouvoir": ("peut", "pouvez"), "marquer": ("marque", "marquez"),
        "faire": ("fait", "faites"), "gagner": ("gagne", "gagnez"),
        "se débarrasser": ("se débarrasse", "vous débarrassez"),
        "lâcher": ("lâche", "lâchez"), "monter": ("monte", "montez"),
        "conserver": ("conserve", "conservez"),
    }

    def who(self, seat: str) -> str:
        return "vous" if self.second(seat) else self.game.name(seat)

    def poss(self, seat: str) -> str:
        return "votre" if self.second(seat) else "son"

    def the(self, card: Card) -> str:
        if card == QUEEN_OF_SPADES:
            return f"la {self.bare(card)}"
        if card.rank == 12:
            return f"l'{self.bare(card)}"
        if card.rank == 10:
            return f"la {self.bare(card)}"
        return f"le {self.bare(card)}"

    def of(self, card: Card) -> str:
        """``du 2♣``, ``de la D♠``, ``de l'A♠``."""
        t = self.the(card)
        return "du " + t[3:] if t.startswith("le ") else "de " + t

    def owned(self, seat: str, card: Card) -> str:
        """``votre R♣`` / ``le 10♦ de Bo``."""
        if self.second(seat):
            return f"votre {self.bare(card)}"
        return f"{self.the(card)} {self.de(self.game.name(seat))}"

    @staticmethod
    def de(name: str) -> str:
        """``de Bo``, ``d'Ada`` (elision before a vowel)."""
        return f"d'{name}" if name[:1].lower() in "aeiouyhàâéèêîôû" else f"de {name}"

    def join(self, items: Sequence[str]) -> str:
        items = [i for i in items if i]
        if len(items) <= 1:
            return "".join(items)
        return ", ".join(items[:-1]) + " et " + items[-1]

    def num(self, n: int) -> str:
        return _FR_NUMBERS[n] if 0 <= n < len(_FR_NUMBERS) else str(n)

    def points(self, n: int) -> str:
        if n == 1:
            return "un point"
        if n == -1:
            return "moins un point"
        return f"{n} points"

    def ordinal(self, n: int) -> str:
        return _FR_ORDINALS[n - 1] if 1 <= n <= len(_FR_ORDINALS) else f"{n}e"


class English(Voice):
    """English words."""

    lang = "en"
    SUITS = ("club", "diamond", "heart", "spade")
    SUITS_PL = ("clubs", "diamonds", "hearts", "spades")
    VERBS: ClassVar[dict[str, tuple[str, str]]] = {  # lemma: (third, second person)
        "lead": ("leads", "lead"), "play": ("plays", "play"), "follow": ("follows", "follow"),
        "discard": ("discards", "discard"), "win": ("wins", "win"), "take": ("takes", "take"),
        "pick up": ("picks up", "pick up"), "pass": ("passes", "pass"), "have": ("has", "have"),
        "receive": ("receives", "receive"), "be": ("is", "are"), "hold": ("holds", "hold"),
        "duck": ("ducks", "duck"), "throw": ("throws", "throw"), "score": ("scores", "score"),
        "get rid of": ("gets rid of", "get rid of"), "shoot": ("shoots", "shoot"),
        "give": ("gives", "give"), "keep": ("keeps", "keep"), "deal": ("deals", "deal"),
    }

    def who(self, seat: str) -> str:
        return "you" if self.second(seat) else self.game.name(seat)

    def the(self, card: Card) -> str:
        return f"the {self.bare(card)}"

    def of(self, card: Card) -> str:
        """``of the 2♣`` (the French voice's ``du 2♣``)."""
        return f"of {self.the(card)}"

    def poss(self, seat: str) -> str:
        """``your`` / ``their``."""
        return "your" if self.second(seat) else "their"

    def owned(self, seat: str, card: Card) -> str:
        if self.second(seat):
            return f"your {self.bare(card)}"
        return f"{self.game.name(seat)}'s {self.bare(card)}"

    def join(self, items: Sequence[str]) -> str:
        items = [i for i in items if i]
        if len(items) <= 1:
            return "".join(items)
        return ", ".join(items[:-1]) + " and " + items[-1]

    def num(self, n: int) -> str:
        return _EN_NUMBERS[n] if 0 <= n < len(_EN_NUMBERS) else str(n)

    def points(self, n: int) -> str:
        return "one point" if n == 1 else f"{n} points"

    def ordinal(self, n: int) -> str:
        return _EN_ORDINALS[n - 1] if 1 <= n <= len(_EN_ORDINALS) else f"{n}th"


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
        self.fr = lang == "fr"
        self.w: French | English = French(game, unicode) if self.fr else English(game, unicode)
        self._last: dict[str, int] = {}

    # Deterministic variety -----------------------------------------------------
    def pick(self, key: str, where: Sequence[object], options: Sequence[str]) -> str:
        """One of *options*, chosen by the place in the game, never the same
        as the last time this kind of sentence was said."""
        n = len(options)
        h = zlib.crc32(("|".join(map(str, (key, *where)))).encode("utf-8")) % n
        if n > 1 and self._last.get(key) == h:
            h = (h + 1) % n
        self._last[key] = h
        return options[h]

    # Whole game ----------------------------------------------------------------
    def game_text(self, deals: Sequence[DealFact] | None = None) -> list[str]:
        """Paragraphs of the whole game (or of the chosen deals)."""
        g = self.g
        paras: list[str] = []
        title = g.game.tags.get("Event")
        if title:
            paras.append(title)
        if g.game.comment:
            paras.append(_end(g.game.comment))
        paras.append(self.table_sentence())
        for f in g.findings:
            s = self.finding_sentence(f, None)
            if s:
                paras.append(s)
        chosen = list(deals) if deals is not None else list(g.deals)
        for df in chosen:
            paras.extend(self.deal_text(df))
        if chosen and chosen[-1] is g.deals[-1]:
            end = self.game_end()
            if end:
                paras.append(end)
        return paras

    def table_sentence(self) -> str:
        w, g = self.w, self.g
        people = [w.who(s) if w.second(s) else g.name(s) for s in g.seats]
        n = len(g.seats)
        rules = g.rules.spec
        if self.fr:
            s = (f"{_cap(w.num(n))} joueurs, dans l'ordre du jeu : {w.join(people)}. "
                 f"Règles : {rules}.")
        else:
            s = f"{_cap(w.num(n))} players, in playing order: {w.join(people)}. Rules: {rules}."
        return s

    def game_end(self) -> str | None:
        g, w = self.g, self.w
        if not g.finished or not g.winners:
            return None
        pts = [f"{w.who(s)} {g.totals.get(s, 0)}" for s in g.seats]
        win = w.join([w.who(s) for s in g.winners])
        if self.fr:
            verb = "gagnent" if len(g.winners) > 1 else ("gagnez" if w.second(g.winners[0]) else "gagne")
            return _cap(f"la partie est finie ({w.join(pts)}) : {win} {verb}, avec le total le plus bas.")
        verb = "win" if len(g.winners) > 1 or w.second(g.winners[0]) else "wins"
        return _cap(f"the game is over ({w.join(pts)}): {win} {verb} with the lowest total.")

    # One deal ------------------------------------------------------------------
    def deal_text(self, df: DealFact) -> list[str]:
        paras = [self.deal_header(df)]
        if df.deal.comment:
            paras.append(_end(df.deal.comment))
        hands = self.hands_sentence(df)
        if hands:
            paras.append(hands)
        passes = self.passes_text(df)
        if passes:
            paras.append(passes)
        for f in df.findings:
            if f.code in ("score-mismatch", "total-mismatch", "moon-choice", "result-mismatch",
                          "game-continued"):
                continue
            s = self.finding_sentence(f, None)
            if s:
                paras.append(s)
        quiet: list[str] = []
        for t in df.tricks:
            text, is_quiet = self.trick_text(df, t)
            if is_quiet:
                quiet.append(text)
                if len(quiet) == 3:
                    paras.append(" ".join(quiet))
                    quiet = []
                continue
            if quiet:
                paras.append(" ".join(quiet))
                quiet = []
            paras.append(text)
        if quiet:
            paras.append(" ".join(quiet))
        paras.append(self.deal_end(df))
        for f in df.findings:
            if f.code in ("score-mismatch", "total-mismatch", "moon-choice", "result-mismatch",
                          "game-continued"):
                s = self.finding_sentence(f, None)
                if s:
                    paras.append(s)
        return paras

    def deal_header(self, df: DealFact) -> str:
        w = self.w
        dealer = df.dealer
        direction = df.direction
        n_pass = self.g.rules.pass_count
        if self.fr:
            head = f"Donne {df.number}"
            if dealer:
                head += f", donnée par {w.who(dealer)}"
            if direction == "hold" or not n_pass:
                head += " ; pas d'échange à cette donne."
            elif direction:
                where = {"left": "à sa gauche", "right": "à sa droite",
                         "across": "au joueur d'en face"}[direction]
                head += f" ; chacun passe {w.num(n_pass)} cartes {where}."
            else:
                head += "."
            return head
        head = f"Deal {df.number}"
        if dealer:
            head += f", dealt by {w.who(dealer)}"
        if direction == "hold" or not n_pass:
            head += "; no cards are passed on this deal."
        elif direction:
            where = {"left": "to the left", "right": "to the right", "across": "across"}[direction]
            head += f"; everyone passes {w.num(n_pass)} cards {where}."
        else:
            head += "."
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
        if me is not None and df.dealt.get(me):
            hand = df.dealt[me]
            assert hand is not None
            return _cap(f"{'votre main' if self.fr else 'your hand'} : {w.hand(hand)}."
                        if self.fr else f"your hand: {w.hand(hand)}.")
        known = [(s, h) for s, h in df.dealt.items() if h]
        if not known:
            played = [s for s, h in df.played_from.items() if h]
            if played and all(df.inferred.get(s) for s in played):
                parts = [f"{w.who(s)} {w.hand(df.played_from[s] or ())}" for s in played]
                if self.fr:
                    return _cap(f"les mains ne sont pas notées ; d'après le jeu, on joue avec : "
                                f"{'; '.join(parts)}.")
                return _cap(f"the hands were not recorded; from the play they held: {'; '.join(parts)}.")
            return ("Les mains ne sont pas connues : on suit le jeu en observateur."
                    if self.fr else "The hands are not known: we follow the play as an observer.")
        parts = []
        for s, h in known:
            assert h is not None
            parts.append(f"{w.who(s)} {w.hand(h)}")
        if self.fr:
            return _cap(f"les mains : {'; '.join(parts)}.")
        return _cap(f"the hands: {'; '.join(parts)}.")

    def passes_text(self, df: DealFact) -> str | None:
        w = self.w
        if df.direction == "hold" or not self.g.rules.pass_count:
            return None
        me = self.you()
        out: list[str] = []
        passes = list(df.passes)
        if me is not None:
            passes.sort(key=lambda p: (p.giver != me, p.receiver != me))
        for p in passes:
            if p.receiver == me and me is not None and p.giver != me:
                side = self._side(p.giver, me)
                if self.fr:
                    s = f"de {w.who(p.giver)}{side}, vous recevez {w.cards(p.cards)}"
                else:
                    s = f"from {w.who(p.giver)}{side} you receive {w.cards(p.cards)}"
            else:
                to = w.who(p.receiver) if p.receiver else None
                if self.fr:
                    s = f"{w.v(p.giver, 'passer')} {w.cards(p.cards)}" + (f" à {to}" if to else "")
                else:
                    s = f"{w.v(p.giver, 'pass')} {w.cards(p.cards)}" + (f" to {to}" if to else "")
            if p.mark:
                s += f" {self.mark_text(p.mark)}"
            out.append(_cap(s) + ".")
            if p.comment:
                out.append(_end(p.comment))
            for f in p.findings:
                fs = self.finding_sentence(f, None)
                if fs:
                    out.append(fs)
        missing = [s for s in self.g.seats if s not in {p.giver for p in df.passes}]
        if missing and df.passes:
            out.append("Les autres passes ne sont pas notées." if self.fr
                       else "The other passes were not recorded.")
        elif missing:
            out.append("Les passes ne sont pas notées." if self.fr else "The passes were not recorded.")
        if me is not None and df.played_from.get(me) and df.passes:
            hand = df.played_from[me]
            assert hand is not None
            out.append(_cap(f"vous avez maintenant {w.hand(hand)}." if self.fr
                            else f"you now hold {w.hand(hand)}."))
        return " ".join(out) if out else None

    def _side(self, giver: str, me: str) -> str:
        seats = self.g.seats
        n = len(seats)
        d = (seats.index(giver) - seats.index(me)) % n
        if self.fr:
            return {1: ", à votre gauche", n - 1: ", à votre droite"}.get(
                d, ", en face" if n % 2 == 0 and d == n // 2 else "")
        return {1: " on your left", n - 1: " on your right"}.get(
            d, " across the table" if n % 2 == 0 and d == n // 2 else "")

    # One trick -----------------------------------------------------------------
    def trick_text(self, df: DealFact, t: TrickFact) -> tuple[str, bool]:
        """The sentences of one trick, and whether it was a quiet one (no
        points, no comment, nothing special) that may share a paragraph."""
        clauses = [self.lead_clause(df, t, t.plays[0])] if t.plays else []
        for p in t.plays[1:]:
            clauses.append(self.follow_clause(df, t, p))
        sentences = [_end(t.comment)] if t.comment else []
        sentences += self.assemble(clauses)
        sentences.append(self.win_sentence(df, t))
        for f in t.findings:
            s = self.finding_sentence(f, None)
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
        conj = " et " if self.fr else " and "
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

    def play_after(self, p: PlayFact) -> list[str]:
        """The sentences that follow a card: its comment and findings."""
        after = []
        if p.comment:
            after.append(_end(p.comment))
        for f in p.findings:
            s = self.finding_sentence(f, p)
            if s:
                after.append(s)
        return after

    def lead_clause(self, df: DealFact, t: TrickFact, p: PlayFact) -> _Clause:
        w = self.w
        seat, card = p.seat, p.card
        where = (df.number, t.number, seat)
        mark = f" {self.mark_text(p.mark)}" if p.mark else ""
        if t.number == 1:
            if self.fr:
                text = self.pick("lead1", where, [
                    f"{w.v(seat, 'avoir')} {w.the(card)}{mark} et {w.vf(seat, 'entamer')} le premier pli",
                    f"{w.who(seat)}, qui {w.vf(seat, 'avoir')} {w.the(card)}, {w.vf(seat, 'entamer')} "
                    f"le premier pli{mark}",
                ])
            else:
                text = self.pick("lead1", where, [
                    f"{w.v(seat, 'hold')} {w.the(card)}{mark} and so {w.vf(seat, 'lead')} to the first trick",
                    f"{w.who(seat)}, with {w.the(card)}, {w.vf(seat, 'lead')} to the first trick{mark}",
                ])
        else:
            prev = df.tricks[t.number - 2] if t.number >= 2 else None
            took = prev is not None and prev.winner == seat
            ordinal = w.ordinal(t.number)
            last = t.number == self.g.rules.tricks_per_deal
            if self.fr:
                intro = self.pick("lead-intro", where, [
                    "", "", f"au {'dernier' if last else ordinal} pli, ",
                    "ensuite, " if took else "", "puis ",
                ])
                card_txt = w.the(card) if card != QUEEN_OF_SPADES else "la dame de pique"
                text = f"{intro}{w.v(seat, 'entamer')} {card_txt}{mark}"
            else:
                intro = self.pick("lead-intro", where, [
                    "", "", f"on the {'last' if last else ordinal} trick ",
                    "next " if took else "", "then ",
                ])
                card_txt = w.the(card) if card != QUEEN_OF_SPADES else "the queen of spades"
                text = f"{intro}{w.v(seat, 'lead')} {card_txt}{mark}"
                if intro.startswith("on the"):
                    text = intro + w.v(seat, "lead") + f" {card_txt}{mark}"
        heavy = bool(p.mark) or t.number == 1
        left = self.g.rules.tricks_per_deal - t.number
        tell_void = p.singleton or (p.runs_out and w.second(seat))
        if p.hand is not None and p.runs_out and tell_void and t.number > 1 and left >= 3:
            suit = card.suit
            if self.fr:
                what = f"{w.poss(seat)} seul {w.SUITS[suit]}" if p.singleton else \
                    f"{w.poss(seat)} dernier {w.SUITS[suit]}"
                state = ("vous êtes désormais coupe" if w.second(seat)
                         else f"{w.who(seat)} est désormais coupe") + f" à {w.SUITS[suit]}"
                text += f", {what} : {state}"
            else:
                what = ("your only " if w.second(seat) else "a singleton ") + w.SUITS[suit] \
                    if p.singleton else ("your last " if w.second(seat) else "the last ") + w.SUITS[suit]
                state = f"{w.who(seat)} {w.vf(seat, 'be')} now void in {w.SUITS_PL[suit]}"
                text += f", {what}; {state}"
            heavy = True
        if p.breaks_hearts:
            text += self.hearts_broken_tail(p)
            heavy = True
        return _Clause(text, heavy, self.play_after(p))

    def follow_clause(self, df: DealFact, t: TrickFact, p: PlayFact) -> _Clause:
        w = self.w
        seat, card = p.seat, p.card
        where = (df.number, t.number, seat)
        mark = f" {self.mark_text(p.mark)}" if p.mark else ""
        heavy = bool(p.mark) or p.is_queen
        elided: str | None = None
        led = p.led_suit if p.led_suit is not None else card.suit
        if p.discard:
            heavy = True
            what = w.the(card)
            if card == QUEEN_OF_SPADES:
                what = "la dame de pique" if self.fr else "the queen of spades"
            if self.fr:
                suit = w.SUITS[led]
                if p.shows_void:
                    text = self.pick("void", where, [
                        f"{w.who(seat)} {NEG_HAVE[w.second(seat)]} pas de {suit} "
                        f"et {w.vf(seat, 'défausser')} {what}",
                        f"{w.who(seat)}, sans {suit}, {w.vf(seat, 'défausser')} {what}",
                        f"{w.who(seat)} ne {w.vf(seat, 'pouvoir')} pas fournir à {suit} "
                        f"et {w.vf(seat, 'défausser')} {what}",
                    ])
                else:
                    text = self.pick("discard", where, [
                        f"{w.who(seat)}, toujours coupe à {suit}, {w.vf(seat, 'défausser')} {what}",
                        f"{w.v(seat, 'défausser')} {what}",
                        f"{w.who(seat)} {'vous défaussez' if w.second(seat) else 'se défausse'} "
                        f"{w.of(card) if card != QUEEN_OF_SPADES else 'de la dame de pique'}",
                    ])
            else:
                suit = w.SUITS_PL[led]
                if p.shows_void:
                    text = self.pick("void", where, [
                        f"{w.who(seat)} {'have' if w.second(seat) else 'has'} no {suit} "
                        f"and {w.vf(seat, 'discard')} {what}",
                        f"{w.who(seat)}, out of {suit}, {w.vf(seat, 'throw')} {what}",
                        f"{w.who(seat)} cannot follow and {w.vf(seat, 'discard')} {what}",
                    ])
                else:
                    text = self.pick("discard", where, [
                        f"{w.who(seat)}, still void in {suit}, {w.vf(seat, 'discard')} {what}",
                        f"{w.v(seat, 'discard')} {what}",
                        f"{w.v(seat, 'throw')} {what}",
                    ])
            text += mark
        elif p.ducks:
            if self.fr:
                text = self.pick("duck", where, [
                    f"{w.who(seat)} {'passez' if w.second(seat) else 'passe'} dessous avec {w.the(card)}",
                    f"{w.v(seat, 'jouer')} {w.the(card)} en dessous",
                ]) + mark
            else:
                text = self.pick("duck", where, [
                    f"{w.v(seat, 'duck')} with {w.the(card)}",
                    f"{w.v(seat, 'play')} under with {w.the(card)}",
                ]) + mark
        else:
            if self.fr:
                verb = self.pick("follow", where, ["jouer", "jouer", "fournir"])
                if card == QUEEN_OF_SPADES:
                    text = f"{w.v(seat, verb)} la dame de pique{mark}"
                else:
                    text = f"{w.v(seat, verb)} {w.the(card)}{mark}"
                if verb == "jouer" and not mark and card != QUEEN_OF_SPADES:
                    elided = f"{w.who(seat)} {w.the(card)}"
            else:
                verb = self.pick("follow", where, ["play", "play", "follow with"])
                if verb == "follow with":
                    text = f"{w.who(seat)} {w.vf(seat, 'follow')} with "
                else:
                    text = f"{w.v(seat, 'play')} "
                text += ("the queen of spades" if card == QUEEN_OF_SPADES else w.the(card)) + mark
                if verb == "play" and not mark and card != QUEEN_OF_SPADES:
                    elided = f"{w.who(seat)} {w.the(card)}"
        if p.is_queen and not p.discard:
            text += self.pick("queen", where, [" : la dame tombe", " — la dame tombe"]) if self.fr \
                else self.pick("queen", where, [": the queen falls", " — down comes the queen"])
        if p.breaks_hearts:
            text += self.hearts_broken_tail(p)
            heavy = True
        after = self.play_after(p)
        return _Clause(text, heavy, after, elided if not (heavy or after) else None)

    def hearts_broken_tail(self, p: PlayFact) -> str:
        where = (p.trick, p.seat)
        if p.card == QUEEN_OF_SPADES:
            return (" : la dame ouvre les cœurs" if self.fr else "; the queen breaks hearts")
        if self.fr:
            return self.pick("broken", where, [
                " : c'est le premier cœur, les cœurs sont ouverts",
                " ; les cœurs sont ouverts",
            ])
        return self.pick("broken", where, [
            ": the first heart, so hearts are broken",
            "; hearts are now broken",
        ])

    def win_sentence(self, df: DealFact, t: TrickFact) -> str:
        w = self.w
        if not t.complete or t.winner is None or t.winning_card is None:
            return ("Le pli s'arrête là." if self.fr else "The trick stops there.")
        seat, card = t.winner, t.winning_card
        where = (df.number, t.number, seat)
        before = t.running[seat] - t.points
        pts = t.points
        has_queen = any(c == QUEEN_OF_SPADES for c in t.penalty_cards)
        if self.fr:
            if pts == 0:
                return _cap(self.pick("win0", where, [
                    f"{w.v(seat, 'remporter')} le pli, sans point.",
                    f"{w.owned(seat, card)} remporte le pli, qui ne coûte rien.",
                    f"le pli est pour {w.who(seat)}, sans point.",
                    f"{w.v(seat, 'prendre')} la main sans point.",
                ]))
            if before > 0 and not has_queen:
                more = f"{w.points(pts)} de plus"
                total = f" ({before + pts} en tout)"
                return _cap(self.pick("winmore", where, [
                    f"{w.owned(seat, card)} gagne, et {w.who(seat)} {w.vf(seat, 'ramasser')} {more}{total}.",
                    f"{w.v(seat, 'remporter')} le pli et {w.vf(seat, 'ramasser')} {more}{total}.",
                ]))
            what = w.points(pts)
            if has_queen:
                what = (f"la dame et {w.num(pts - 13)} cœur{'s' if pts > 14 else ''} : {pts} points"
                        if pts > 13 else "la dame de pique et ses 13 points")
            return _cap(self.pick("winpts", where, [
                f"{w.v(seat, 'ramasser')} {what}.",
                f"{w.v(seat, 'remporter')} le pli et {w.vf(seat, 'ramasser')} {what}.",
                f"le pli revient à {w.who(seat)}, qui {w.vf(seat, 'ramasser')} {what}.",
            ]) + (f" {_cap(w.who(seat))} en {'êtes' if w.second(seat) else 'est'} à {before + pts}."
                  if before > 0 else ""))
        if pts == 0:
            return _cap(self.pick("win0", where, [
                f"{w.v(seat, 'win')} the trick, no points.",
                f"{w.owned(seat, card)} takes the trick, which costs nothing.",
                f"the trick goes to {w.who(seat)}, without points.",
                f"{w.v(seat, 'take')} the lead without points.",
            ]))
        if before > 0 and not has_queen:
            more = "one more point" if pts == 1 else f"{pts} more points"
            total = f" ({before + pts} in all)"
            return _cap(self.pick("winmore", where, [
                f"{w.owned(seat, card)} wins, and {w.who(seat)} {w.vf(seat, 'pick up')} {more}{total}.",
                f"{w.v(seat, 'win')} the trick and {w.vf(seat, 'take')} {more}{total}.",
            ]))
        what = w.points(pts)
        if has_queen:
            what = (f"the queen and {w.num(pts - 13)} heart{'s' if pts > 14 else ''}: {pts} points"
                    if pts > 13 else "the queen of spades and her 13 points")
        return _cap(self.pick("winpts", where, [
            f"{w.v(seat, 'take')} {what}.",
            f"{w.v(seat, 'win')} the trick and {w.vf(seat, 'pick up')} {what}.",
            f"the trick goes to {w.who(seat)}, with {what}.",
        ]) + (f" That makes {before + pts} for {w.who(seat)}." if before > 0 else ""))

    # End of a deal ---------------------------------------------------------------
    def deal_end(self, df: DealFact) -> str:
        w, g = self.w, self.g
        if not df.complete or df.points is None:
            played = len(df.tricks)
            if self.fr:
                s = (f"La donne s'arrête après {w.num(played) if played <= 26 else played} "
                     f"pli{'s' if played > 1 else ''} : la partie est en cours.")
                taken = [f"{w.who(seat)} {n}" for seat, n in df.taken_raw.items() if n]
                if taken:
                    s += f" Points ramassés jusqu'ici : {w.join(taken)}."
            else:
                s = (f"The deal stops after {w.num(played) if played <= 26 else played} "
                     f"trick{'s' if played != 1 else ''}: the game is in progress.")
                taken = [f"{w.who(seat)} {n}" for seat, n in df.taken_raw.items() if n]
                if taken:
                    s += f" Points taken so far: {w.join(taken)}."
            return s
        parts = []
        pts = df.points
        for seat in g.seats:
            parts.append(f"{w.who(seat)} {pts.get(seat, 0)}")
        full = penalty_total(g.rules)
        total = sum(pts.values())
        out: list[str] = []
        if df.moon is not None:
            shooter, choice, assumed = df.moon
            if self.fr:
                verb = "avez" if w.second(shooter) else "a"
                s = f"{_cap(w.who(shooter))} {verb} fait capot : tous les cœurs et la dame de pique !"
                if choice == "subtract":
                    s += f" {_cap(w.who(shooter))} retranche {full} points"
                    s += " (choix supposé)." if assumed else "."
                else:
                    s += f" {_cap(w.who(shooter))} marque 0 et chaque adversaire {full}"
                    s += " (choix supposé)." if assumed else "."
            else:
                s = f"{_cap(w.who(shooter))} shot the moon: every heart and the queen of spades!"
                if choice == "subtract":
                    s += f" {_cap(w.who(shooter))} {w.vf(shooter, 'take')} {full} points off"
                else:
                    s += f" {_cap(w.who(shooter))} {w.vf(shooter, 'score')} 0 and everyone else {full}"
                s += " (choice assumed)." if assumed else "."
            out.append(s)
        takers = self._takers(df)
        if self.fr:
            s = f"Les scores de la donne : {w.join(parts)}"
            if df.moon is None and total == full:
                s += f" — {w.num(full)} points au total, comme à chaque donne"
            out.append(s + ".")
            if takers:
                out.append(takers)
            if df.moon is None and total == full:
                out.append("Personne ne les a tous pris : personne n'a fait capot.")
        else:
            s = f"The deal's scores: {w.join(parts)}"
            if df.moon is None and total == full:
                s += f" — {w.num(full)} points in all, as in every deal"
            out.append(s + ".")
            if takers:
                out.append(takers)
            if df.moon is None and total == full:
                out.append("Nobody took them all, so nobody shot the moon.")
        if df.totals is not None and len(g.deals) > 1:
            tot = w.join([f"{w.who(s)} {df.totals.get(s, 0)}" for s in g.seats])
            out.append(f"Totaux : {tot}." if self.fr else f"Running totals: {tot}.")
        return " ".join(out)

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
            if self.fr:
                n = f"{w.num(h)} cœur{'s' if h > 1 else ''}" if i == 0 else w.num(h)
                parts.append(f"{w.v(seat, 'prendre')} {n}" if i == 0 else f"{w.who(seat)} {n}")
            else:
                n = f"{w.num(h)} heart{'s' if h > 1 else ''}" if i == 0 else w.num(h)
                parts.append(f"{w.v(seat, 'take')} {n}" if i == 0 else f"{w.who(seat)} {n}")
        if queen_to is not None:
            h = hearts.get(queen_to, 0)
            total = 13 + h
            if self.fr:
                with_ = "la dame" + (f" et {w.num(h)} cœur{'s' if h > 1 else ''}" if h else "")
                if parts:
                    parts.append(f"{w.who(queen_to)}, avec {with_}, {total}")
                else:
                    parts.append(f"{w.v(queen_to, 'prendre')} {with_}")
            else:
                with_ = "the queen" + (f" and {w.num(h)} heart{'s' if h > 1 else ''}" if h else "")
                if parts:
                    parts.append(f"{w.who(queen_to)}, with {with_}, {total}")
                else:
                    parts.append(f"{w.v(queen_to, 'take')} {with_}")
        if not parts:
            return None
        if len(parts) > 2:
            sep = ", et " if self.fr else ", and "
            return _cap(", ".join(parts[:-1]) + sep + parts[-1]) + "."
        return _cap(w.join(parts)) + "."

    # Marks and findings ----------------------------------------------------------
    def mark_text(self, mark: str) -> str:
        if self.fr:
            return {"!": "(bon coup)", "!!": "(coup brillant)", "?": "(une erreur)",
                    "??": "(une grosse erreur)", "!?": "(coup intéressant)",
                    "?!": "(coup douteux)"}.get(mark, f"({mark})")
        return {"!": "(a good play)", "!!": "(a brilliant play)", "?": "(a mistake)",
                "??": "(a blunder)", "!?": "(an interesting try)",
                "?!": "(a dubious play)"}.get(mark, f"({mark})")

    def finding_sentence(self, f: Finding, p: PlayFact | None) -> str | None:
        """A referee's finding as a sentence; ``info`` findings (checks the
        record did not allow) are left to ``hearts validate``."""
        if f.severity == "info":
            return None
        w = self.w
        if self.fr and p is not None:
            seat, card = p.seat, p.card
            held = p.hand
            led = p.led_suit
            if f.code == "revoke" and led is not None and held is not None:
                could = [c for c in display_order(cards_of(held & SUIT_MASKS[led]))]
                return (f"Irrégularité : {w.who(seat)} devait fournir à {w.SUITS[led]}, "
                        f"avec {w.cards(could[:3])} en main [{f.code}].")
            if f.code == "not-held":
                return f"Irrégularité : {w.who(seat)} n'a pas {w.the(card)} en main [{f.code}]."
            if f.code == "out-of-turn":
                return f"Irrégularité : ce n'était pas à {w.who(seat)} de jouer [{f.code}]."
            if f.code == "hearts-not-broken":
                return (f"Irrégularité : les cœurs n'étaient pas ouverts, et {w.who(seat)} "
                        f"pouvait entamer autre chose [{f.code}].")
            if f.code == "first-trick-points":
                return (f"Irrégularité : ni cœur ni dame de pique au premier pli quand on peut "
                        f"jouer autre chose [{f.code}].")
            if f.code == "opening-lead":
                return f"Irrégularité : l'entame devait être le plus petit trèfle [{f.code}]."
        head = {"error": "Irrégularité", "warning": "Remarque"} if self.fr else \
            {"error": "The referee objects", "warning": "The referee notes"}
        return f"{head.get(f.severity, f.severity)} : {f.message} [{f.code}]." if self.fr else \
            f"{head.get(f.severity, f.severity)}: {f.message} [{f.code}]."


def narrate(game: GameFact, lang: str = "fr", unicode: bool = True,
            deals: Sequence[DealFact] | None = None, width: int | None = None) -> str:
    """The game (or the chosen deals) told in prose; paragraphs separated by
    blank lines, wrapped at *width* columns when given."""
    paras = Narrator(game, lang, unicode).game_text(deals)
    if width:
        paras = [textwrap.fill(p, width=width, break_long_words=False, break_on_hyphens=False)
                 for p in paras]
    return "\n\n".join(paras) + "\n"

