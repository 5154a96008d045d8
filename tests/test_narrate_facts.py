"""The narration never contradicts the record: every fact it states is re-read
against the record through the game state.

Over 2,000 generated deals (1,000 in the README's run: tests/budget.py;
several rule presets, 3 to 6 players), some of them broken on purpose (a
revoke, a card played out of turn, a wrong pass, points on the first trick,
hearts led unbroken, a wrong score), the
narrator tells each deal in English and in French and hands back the facts
it stated (:class:`hearts_notation.render.narrate.Told`): who led, who
played, who won and with how many points, who was void or still held a
suit, where hearts broke, who shot the moon, each deal's points and the
totals.  This test replays the record card by card in a
:class:`~hearts_notation.state.GameState` of its own (hands as dealt, the
passes applied, each card pushed by the seat that played it) and checks
every fact against that replay, checks that each fact's paragraph names
its player and card, and that every card, every trick and every error the
referee found is told.  A second group of checks reads the French text for
elision ("l'A♥", "la D♥", "le 5♦", "d'Ada") and for plurals.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from dataclasses import replace

import pytest

from hearts_notation.cards import CARDS, HEARTS, QUEEN_OF_SPADES, SUIT_MASKS, Card, mask_of
from hearts_notation.generate import generate_games
from hearts_notation.model import Deal, Game, Pass, Trick
from hearts_notation.referee import check_game
from hearts_notation.render.narrate import FACT_KINDS, Narrator, Told, narrate_facts
from hearts_notation.render.story import GameFact, build_game
from hearts_notation.rules import RuleSet
from hearts_notation.state import GameState, apply_passes, deal_pass, raw_points
from tests.budget import long_beyond, sized

#: The corpus is a sweep (tests/budget.py): half its games in the README's run, all of
#: them (over 2,000 deals) in the long step of .ci/run (HEARTS_TEST_SWEEPS=full).
pytestmark = pytest.mark.sweep

#: (preset, games, deals per game at most): the games of the full sweep, half of them
#: in the README's run (each preset still gets every fault: one game in three has one,
#: in turn)
PRESETS = [(preset, sized(games, games // 2), deals) for preset, games, deals in [
    ("standard", 165, 5), ("kawu", 45, 4), ("queen-breaks-hearts", 45, 4),
    ("jack-of-diamonds", 45, 4), ("moon-choice", 45, 4), ("three-players", 45, 4),
    ("five-players", 40, 4), ("six-players", 40, 4),
]]
#: Names with vowels (elision: "d'Ada") and a reader told in the second person.
NAMES = ["Vous", "Ada", "Bo", "Émile", "Josette", "Hugo"]
FAULTS = ["revoke", "out-of-turn", "pass-count", "first-trick-points", "hearts-not-broken",
          "score-mismatch"]


# Building the corpus --------------------------------------------------------------------

def _swap_cards(deal: Deal, seat: str, a: int, b: int) -> Deal:
    """*seat*'s cards of tricks *a* and *b* exchanged."""
    tricks = list(deal.tricks)
    ca = next(p.card for p in tricks[a].plays if p.seat == seat)
    cb = next(p.card for p in tricks[b].plays if p.seat == seat)
    for i, new in ((a, cb), (b, ca)):
        tricks[i] = Trick(tuple(replace(p, card=new) if p.seat == seat else p
                                for p in tricks[i].plays))
    return replace(deal, tricks=tuple(tricks), score=None, total=None)


def _swaps(deal: Deal) -> Iterator[tuple[int, int, str, int]]:
    """(trick a, trick b, seat, position in a) of every pair of a seat's plays."""
    for a, ta in enumerate(deal.tricks):
        for pos, p in enumerate(ta.plays):
            for b in range(a + 1, len(deal.tricks)):
                yield a, b, p.seat, pos


def _codes(game: Game, index: int) -> set[str]:
    report = check_game(game)
    number = game.deals[index].number
    return {f.code for f in report.findings if f.deal == number and f.severity == "error"}


def _with_deal(game: Game, index: int, deal: Deal) -> Game:
    deals = list(game.deals)
    deals[index] = deal
    return replace(game, deals=tuple(deals), result=None)


def inject(game: Game, index: int, fault: str, rng: random.Random) -> Game | None:
    """*game* with deal *index* broken so that the referee finds *fault*, or None."""
    deal = game.deals[index]
    if fault in ("revoke", "first-trick-points", "hearts-not-broken"):
        cands = list(_swaps(deal))
        rng.shuffle(cands)
        for a, b, seat, pos in cands[:400]:
            if fault == "first-trick-points" and a != 0:
                continue
            if fault == "hearts-not-broken" and (pos != 0 or a == 0):
                continue
            if fault == "revoke" and pos == 0:
                continue
            new = _with_deal(game, index, _swap_cards(deal, seat, a, b))
            if fault in _codes(new, index):
                return new
        return None
    if fault == "out-of-turn":
        t = rng.randrange(1, len(deal.tricks))
        plays = list(deal.tricks[t].plays)
        plays[1], plays[2] = plays[2], plays[1]
        tricks = list(deal.tricks)
        tricks[t] = Trick(tuple(plays))
        return _with_deal(game, index, replace(deal, tricks=tuple(tricks), score=None, total=None))
    if fault == "pass-count":
        if not deal.passes:
            return None
        seat = rng.choice(sorted(deal.passes))
        p = deal.passes[seat]
        passes = dict(deal.passes)
        passes[seat] = Pass(seat=seat, cards=p.cards[:-1])
        return _with_deal(game, index, replace(deal, passes=passes, score=None, total=None))
    if fault == "score-mismatch" and deal.score:
        seat = rng.choice(sorted(deal.score))
        score = dict(deal.score)
        score[seat] += 5
        return _with_deal(game, index, replace(deal, score=score))
    return None


def observer(game: Game) -> Game:
    """*game* as an observer records it: no hands, no passes, only the play."""
    return replace(game, deals=tuple(replace(d, hands={}, passes={}) for d in game.deals))


def corpus() -> list[tuple[str, Game]]:
    """The generated games, about one in three with a fault injected in one deal,
    one in six written by an observer (the true hands are in :func:`truths`)."""
    rng = random.Random(11)
    out: list[tuple[str, Game]] = []
    for preset, count, max_deals in PRESETS:
        for k, game in enumerate(generate_games(count, seed=1100 + len(out), rules=preset,
                                                bots=("random",), max_deals=max_deals)):
            seats = game.seat_names
            names = NAMES[k % 2:] + NAMES[:k % 2]
            game = replace(game, players={s: names[i % len(names)] for i, s in enumerate(seats)})
            label = preset
            if k % 3 == 1:
                fault = FAULTS[(k // 3) % len(FAULTS)]
                broken = inject(game, rng.randrange(len(game.deals)), fault, rng)
                if broken is not None:
                    game, label = broken, f"{preset}+{fault}"
            elif k % 6 == 2:
                TRUTH[len(out)] = game
                game, label = observer(game), f"{preset}+observer"
            out.append((label, game))
    return out


#: Corpus index -> the game with its hands, for the records written by an observer.
TRUTH: dict[int, Game] = {}


@pytest.fixture(scope="module")
def games() -> list[tuple[str, GameFact]]:
    return [(label, build_game(g)) for label, g in corpus()]


@pytest.fixture(scope="module")
def truths(games: list[tuple[str, GameFact]]) -> dict[int, GameFact]:
    """What the observer's narration is checked against: the hands as they were."""
    return {i: build_game(g) for i, g in TRUTH.items()}


def test_the_corpus_is_large_and_holds_every_injected_fault(games: list[tuple[str, GameFact]]
                                                           ) -> None:
    deals = sum(len(g.deals) for _, g in games)
    assert deals >= sized(2000, 1000), deals
    labels = {label.partition("+")[2] for label, _ in games}
    assert set(FAULTS) | {"observer"} <= labels, set(FAULTS) - labels
    codes = {f.code for _, g in games for f in g.all_findings}
    assert {"revoke", "out-of-turn", "pass-count", "first-trick-points", "hearts-not-broken",
            "score-mismatch"} <= codes


# Re-reading the facts ----------------------------------------------------------------------

class Replay:
    """What the record says, card by card, as a GameState of the test's own sees it."""

    def __init__(self, gf: GameFact) -> None:
        self.gf = gf
        self.rules: RuleSet = gf.rules
        self.seats = gf.seats
        self.idx = {s: i for i, s in enumerate(self.seats)}
        #: (deal index, trick, seat) -> (card, hand before, known, led suit, fault, broken before,
        #:  broken after, hand after, best card of the led suit before this play)
        self.plays: dict[tuple[int, int, str], tuple[Card, int, bool, int | None, str | None,
                                                     bool, bool, int, Card | None]] = {}
        self.winners: dict[tuple[int, int], tuple[str, Card, int]] = {}
        self.running: dict[tuple[int, int, str], int] = {}
        self.states: dict[int, GameState] = {}
        self.leaders: dict[tuple[int, int], tuple[str, Card]] = {}
        for i, deal in enumerate(gf.game.deals):
            self.replay_deal(i, deal)

    def played_from(self, deal: Deal) -> list[int | None]:
        n = len(self.seats)
        dealt = [mask_of(deal.hands[s]) if deal.hands.get(s) else None for s in self.seats]
        direction = deal_pass(self.rules, deal.number or 1, deal.direction).direction or "hold"
        offset = self.rules.pass_offset(direction) if self.rules.pass_count else 0
        given = [mask_of(deal.passes[s].cards) if s in deal.passes else None for s in self.seats]
        if not offset:
            given = [0] * n
        return apply_passes(dealt, given, offset)

    def replay_deal(self, i: int, deal: Deal) -> None:
        if not deal.tricks or not deal.tricks[0].plays:
            return
        first = self.idx[deal.tricks[0].plays[0].seat]
        gs = GameState(self.rules, self.played_from(deal), leader=first)
        running = dict.fromkeys(self.seats, 0)
        for t, trick in enumerate(deal.tricks, start=1):
            best: Card | None = None
            self.leaders[i, t] = (trick.plays[0].seat, trick.plays[0].card)
            cards: list[int] = []
            for play in trick.plays:
                s = self.idx[play.seat]
                c = int(play.card)
                hand, known, led, broken = gs.hands[s], gs.known[s], gs.led_suit, gs.broken
                fault = gs.is_legal(c, s) if known else None
                winner = gs.push(c, s)
                self.plays[i, t, play.seat] = (play.card, hand, known, led, fault, broken,
                                               gs.broken, gs.hands[s], best)
                if led is None or (play.card.suit == led and (best is None or play.card > best)):
                    best = play.card
                cards.append(c)
                if winner is not None:
                    w = self.seats[winner]
                    pts = raw_points(self.rules, mask_of(CARDS[x] for x in cards))
                    running[w] += pts
                    self.winners[i, t] = (w, best or play.card, pts)
                    for seat in self.seats:
                        self.running[i, t, seat] = running[seat]
        self.states[i] = gs


def check(told: Told, r: Replay) -> str | None:
    """Why *told* is false for the record, or None when the record bears it out."""
    i, t, seat = told.deal, told.trick, told.seat
    deal = r.gf.game.deals[i] if i >= 0 else None
    kind = told.kind
    if kind in ("lead", "play", "void", "void-after", "holds", "fault", "broken", "queen", "duck",
                "forced-lead"):
        assert t is not None and seat is not None and told.card is not None
        got = r.plays.get((i, t, seat))
        if got is None or got[0] != told.card:
            return "no such play in the record"
        card, hand, known, led, fault, before, after, hand_after, best = got
        if kind == "lead" and r.leaders[i, t] != (seat, card):
            return "not the lead"
        if kind == "play" and r.leaders[i, t][0] == seat:
            return "told as a follow but it is the lead"
        if kind == "void" and known and hand & SUIT_MASKS[told.suit or 0]:
            return "told void but the hand holds the suit"
        if kind == "void-after" and (not known or hand_after & SUIT_MASKS[told.suit or 0]):
            return "told void after the play but the suit is still held"
        if kind == "holds":
            if told.suit is not None and not hand & SUIT_MASKS[told.suit] and known:
                return "told holding the suit, but it is not held"
            if any(not hand >> c & 1 for c in told.cards):
                return "told holding cards the hand does not hold"
        if kind == "fault" and known and fault != told.code:
            return f"told {told.code}, the state says {fault}"
        if kind == "broken" and (before or not after):
            return "told as breaking hearts"
        if kind == "queen" and card != QUEEN_OF_SPADES:
            return "not the queen"
        if kind == "forced-lead" and (t != 1 or card != r.rules.lowest_club or fault is not None):
            return "told as the forced opening lead"
        if kind == "duck":
            if led is None or card.suit != led or best is None or card > best:
                return "not under the best card"
            if known and not any(hand >> c & 1 for c in range(best + 1, 13 * (led + 1))):
                return "told ducking, but could not beat the trick"
        return None
    if kind == "win":
        got_w = r.winners.get((i, t or 0))
        if got_w is None or got_w[0] != seat or got_w[1] != told.card or got_w[2] != told.value:
            return f"the trick's winner, card and points are {got_w}"
        return None
    if kind == "running":
        return None if r.running.get((i, t or 0, seat or "")) == told.value else "running points"
    if kind == "hand":
        assert deal is not None and seat is not None
        return None if set(deal.hands.get(seat) or ()) == set(told.cards) else "hand"
    if kind == "pass":
        assert deal is not None and seat is not None
        p = deal.passes.get(seat)
        if p is None or tuple(p.cards) != told.cards:
            return "pass cards"
        if told.other is not None and p.to is None:
            direction = deal_pass(r.rules, deal.number or 1, deal.direction).direction or "hold"
            n = len(r.seats)
            want = r.seats[(r.idx[seat] + r.rules.pass_offset(direction)) % n]
            if want != told.other:
                return f"pass receiver {want}"
        return None
    gs = r.states.get(i)
    if kind == "stopped":
        assert deal is not None
        return None if len(deal.tricks) == told.value else "tricks played"
    if gs is None:
        return "no play to check against"
    taken = gs.taken
    if kind == "hearts-taken":
        n = (taken[r.idx[seat or ""]] & SUIT_MASKS[HEARTS]).bit_count()
        return None if n == told.value else f"hearts taken {n}"
    if kind == "queen-taken":
        return None if taken[r.idx[seat or ""]] >> QUEEN_OF_SPADES & 1 else "queen taken"
    if kind == "taken-so-far":
        return None if raw_points(r.rules, taken[r.idx[seat or ""]]) == told.value else "taken"
    if kind == "moon":
        s = gs.moon_shooter()
        return None if s is not None and r.seats[s] == seat else "moon"
    if kind == "no-moon":
        return None if gs.moon_shooter() is None else "a moon was shot"
    if kind == "deal-points":
        options = {gs.points("add")[r.idx[seat or ""]], gs.points("subtract")[r.idx[seat or ""]]}
        if r.rules.moon != "choose" or gs.moon_shooter() is None:
            options = {gs.points()[r.idx[seat or ""]]}
        return None if told.value in options else f"deal points {options}"
    return None


def _totals_ok(facts: list[Told], r: Replay) -> str | None:
    """Each told total is the sum of the deal points told so far."""
    sums: dict[str, int] = {}
    by_deal: dict[int, dict[str, int]] = {}
    for f in facts:
        if f.kind == "deal-points" and f.seat is not None and f.value is not None:
            by_deal.setdefault(f.deal, {})[f.seat] = f.value
    for f in facts:
        if f.kind != "total" or f.seat is None:
            continue
        want = sum(by_deal.get(d, {}).get(f.seat, 0) for d in range(f.deal + 1))
        if all(d in by_deal for d in range(f.deal + 1)) and want != f.value:
            return f"total of {f.seat} after deal {f.deal + 1}: told {f.value}, sum {want}"
        sums[f.seat] = want
    return None


def _words(n: Narrator, told: Told) -> list[tuple[str, ...]]:
    """What the paragraph of *told* must show (any one of each tuple): the
    player (unless told as "you") and the card played."""
    out: list[tuple[str, ...]] = []
    if told.seat is not None and told.kind != "finding" and not n.w.second(told.seat):
        out.append((n.w.who(told.seat),))
    if told.card is not None and told.kind in ("lead", "play", "void", "holds", "fault", "duck"):
        out.append((n.w.bare(told.card), n.w.the_named(told.card)))
    return out


@pytest.mark.parametrize("lang", long_beyond(["en", "fr"]))
def test_every_told_fact_is_true_to_the_record(games: list[tuple[str, GameFact]],
                                               truths: dict[int, GameFact], lang: str) -> None:
    problems: list[str] = []
    kinds: set[str] = set()
    for i, (label, gf) in enumerate(games):
        narrator = Narrator(gf, lang)
        paras = narrator.game_text()
        facts = narrator.facts
        r = Replay(truths.get(i, gf))
        for f in facts:
            kinds.add(f.kind)
            assert f.kind in FACT_KINDS, f.kind
            why = check(f, r)
            if why:
                problems.append(f"{label} deal {f.deal + 1} trick {f.trick}: {f} -- {why}")
            for words in _words(narrator, f):
                if not any(w in paras[f.para] for w in words):
                    problems.append(f"{label}: {words!r} missing from the paragraph of {f}:"
                                    f" {paras[f.para]}")
        why_total = _totals_ok(facts, r)
        if why_total:
            problems.append(f"{label}: {why_total}")
        # Every card and every finished trick is told; every error is told.
        plays = {(f.deal, f.trick, f.seat) for f in facts if f.kind in ("lead", "play")}
        wins = {(f.deal, f.trick) for f in facts if f.kind == "win"}
        errors = {(f.deal, f.trick, f.seat, f.code) for f in facts
                  if f.kind in ("finding", "fault")}
        for key in r.plays:
            if key not in plays:
                problems.append(f"{label}: play {key} not told")
        for key_w in r.winners:
            if key_w not in wins:
                problems.append(f"{label}: winner of {key_w} not told")
        for df in gf.deals:
            for fd in df.all_findings:
                if fd.severity == "error" and (df.index, fd.trick, fd.seat, fd.code) not in errors:
                    problems.append(f"{label}: finding {fd.code} at {fd.trick} {fd.seat} not told")
    assert not problems, "\n".join(problems[:20]) + f"\n({len(problems)} problems)"
    assert {"lead", "play", "win", "void", "holds", "fault", "broken", "deal-points", "total",
            "hearts-taken", "queen-taken", "finding", "running", "duck"} <= kinds, kinds


# The French text ---------------------------------------------------------------------------

#: (what is wrong, pattern) in French narration
FRENCH_MISTAKES: list[tuple[str, Callable[[str], list[str]]]] = [
    ("an ace takes l'", lambda t: re.findall(r"\b(?:le|la) A[♣♦♥♠]", t)),
    ("a queen takes la", lambda t: re.findall(r"\ble D[♣♦♥♠]", t)),
    ("only a queen takes la", lambda t: re.findall(r"\bla (?:10|[2-9VRA])[♣♦♥♠]", t)),
    ("de + le is du", lambda t: re.findall(r"\bde (?:le|les)\b", t)),
    ("à + le is au", lambda t: re.findall(r"\bà (?:le|les)\b", t)),
    ("de before a vowel elides", lambda t: re.findall(r"\bde (?:Ada|Émile|Hugo)\b", t)),
    ("du before an ace", lambda t: re.findall(r"\bdu A[♣♦♥♠]", t)),
    ("one is singular", lambda t: re.findall(r"\b(?:un|1) (?:points|cœurs|plis|cartes|autres)\b", t)),
    ("two and more are plural", lambda t: re.findall(
        r"\b(?:deux|trois|quatre|cinq|six|sept|huit|neuf|dix|onze|douze|treize|[2-9]|\d\d) "
        r"(?:point|cœur|pli|carte|autre)\b(?!s)", t)),
    ("no English narration", lambda t: re.findall(
        r"\b(?:the|and|leads|plays|wins|takes|discards|hearts|trick|points in all|deal's)\b", t)),
]
ENGLISH_MISTAKES: list[tuple[str, Callable[[str], list[str]]]] = [
    ("one is singular", lambda t: re.findall(r"\bone (?:points|hearts|tricks|cards)\b", t)),
    ("two and more are plural", lambda t: re.findall(
        r"\b(?:two|three|four|five|six|seven|eight|nine|ten|[2-9]|\d\d) "
        r"(?:point|heart|trick|card)\b(?!s)", t)),
    ("no French narration", lambda t: re.findall(
        r"\b(?:entame|joue|remporte|ramasse|pli|donne|cœurs|défausse|Irrégularité)\b", t)),
]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_grammar_elision_and_plurals(games: list[tuple[str, GameFact]], lang: str) -> None:
    rules = FRENCH_MISTAKES if lang == "fr" else ENGLISH_MISTAKES
    found: list[str] = []
    seen = 0
    for label, gf in games[::3]:
        paras, _ = narrate_facts(gf, lang)
        # Quoted comments are the annotator's words; the rules' preset name is an identifier.
        text = "\n".join(re.sub(r"(Rules|Règles) : [\w-]+", "", p) for p in paras
                         if not p.startswith(("«", "“", "Generated")))
        seen += len(text)
        for what, rule in rules:
            hits = rule(text)
            if hits:
                found.append(f"{label}: {what}: {hits[:3]}")
    assert seen > 100_000
    assert not found, "\n".join(found[:20])


def test_french_elision_is_in_the_text(games: list[tuple[str, GameFact]]) -> None:
    """The right forms do occur: l'A♥, la D♠, le 5♦, du 2♣, de l'A, d'Ada, un point."""
    text = "\n".join("\n".join(narrate_facts(gf, "fr")[0]) for _, gf in games[:40])
    for pattern in (r"\bl'A[♣♦♥♠]", r"\bla D[♦♥♣]", r"\ble (?:[2-9]|10|V|R)[♣♦♥♠]",
                    r"\bd'(?:Ada|Émile|Hugo)\b", r"\bun point\b", r"\b[2-9] points\b",
                    r"\bvous (?:entamez|jouez|fournissez|remportez)\b"):
        assert re.search(pattern, text), pattern
