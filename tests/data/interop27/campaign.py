"""Games of three engines other than OpenSpiel through ``hearts`` (helper interop27).

The logs of HeartsGym 0.43, gym-hearts 0.0.3 and games-collection 1.6.1 are converted to HRN
(``convert.py``) and run through the command line: ``validate`` (each finding either
one of the engine's own bugs, told by the log itself, or a disagreement), ``score``
(every deal's points and moon against the engine's), ``convert`` round trips (HRN ->
JSON -> YAML -> HRN, the same text as HRN -> HRN; HeartsGym's and games-collection's
deals -> openspiel-history replayed in pyspiel when it is installed: ``26 - returns()`` the engine's points),
``select --where moon --deals --count`` (the engine's moons), ``replay`` and ``solve`` of
the last trick (the card played is worth the engine's points
for its seat). It prints the counts and each disagreement; exit 1 if there is one.

    python tests/data/interop27/campaign.py tests/data/interop27          # the fixtures
    python tests/data/interop27/make.py /tmp/i27 --deals 60 --games 10 --seed 5 \\
        && python tests/data/interop27/campaign.py /tmp/i27               # new games
"""

from __future__ import annotations

import importlib.util
import json
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
Run = Callable[..., "tuple[int, str]"]


def _convert_module() -> Any:
    spec = importlib.util.spec_from_file_location("interop27_convert", HERE / "convert.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


conv = _convert_module()


def _json(run: Run, *args: str) -> Any:
    code, out = run(*args, "--format", "json")
    assert code in (0, 1), (args, out)
    return json.loads(out)


def engine_bug(game: list[Any], totals: list[list[int]], finding: dict[str, Any]) -> str | None:
    """Which gym-hearts bug explains *finding* (None: none does, a disagreement).

    ``hearts-not-broken``: the engine clears a trick's cards at the *next* step, after
    it has worked out the next leader's legal cards, so a leader is offered the cards
    of the suit led to the trick just taken, or every card when void in it: its
    hearts-broken test (``len(self._playing_cards) == 0``) never runs after the first
    trick. Explained when the leader held no card of the previous trick's led suit.
    ``game-continued`` and ``result-mismatch``: the engine tests the end of the game (a
    score of 100) on the scores before a moon's rollback, so a moon that takes someone
    else past 100 plays on, and a shooter whose 26 would have reached 100 ends a game
    that no total of 100 ends.
    """
    n = finding["deal"]
    if finding["code"] == "hearts-not-broken" and finding["trick"] > 1:
        deal = game[n - 1]
        seat = conv.SEATS.index(finding["seat"])
        before = deal.tricks[: finding["trick"] - 1]
        held = set(deal.hands[seat]) - {c for t in before for s, c in t if s == seat}
        led = before[-1][0][1][1]
        return "stale-lead" if not any(c[1] == led for c in held) else None
    # the deal that ended the game (game-continued: the deal before the one named)
    last = n - 1 if finding["code"] == "game-continued" else len(game)
    if finding["code"] in ("game-continued", "result-mismatch") and last >= 1:
        moon = game[last - 1]
        before = totals[last - 2] if last > 1 else [0, 0, 0, 0]
        pre_moon = [b + (26 if p == 0 else 0) for b, p in zip(before, moon.points, strict=True)]
        ended = max(totals[last - 1]) >= 100
        if sorted(moon.points) == [0, 26, 26, 26] and (max(pre_moon) >= 100) != ended:
            return "end-before-moon"
    return None


def heartsgym_moon_missed(deal: Any) -> bool:
    """HeartsGym's moon bug: one seat took all 26 points and the engine did not score a moon.

    Its ``shootingTheMoon`` is set to the first seat whose trick carries points and to
    -2 ("nobody") at the *next* trick with points, whoever takes it, so only a moon taken
    in one trick would count, and no trick holds 26 points: HeartsGym never scores a moon.
    """
    return sorted(deal.points) == [0, 0, 0, 26] and not deal.moon


def expected_points(deal: Any) -> list[int]:
    """The points the engine meant: HeartsGym's missed moon scored as it intends (add)."""
    if heartsgym_moon_missed(deal):
        return [26 if p == 0 else 0 for p in deal.points]
    return list(deal.points)


def campaign(logdir: Path, work: Path, run: Run, full: bool = True) -> tuple[Counter[str], list[str]]:
    """Every check on the three logs of *logdir*; the counts and the disagreements.

    ``full=False`` stops after validate and score (the cheap part, the default test run's)."""
    counts: Counter[str] = Counter()
    bad: list[str] = []
    hg_text = (logdir / "heartsgym.log").read_text(encoding="utf-8")
    gh_text = (logdir / "gymhearts.log").read_text(encoding="utf-8")
    gc_text = (logdir / "collection.log").read_text(encoding="utf-8")
    hg = [deal for _what, deal in conv.parse_heartsgym(hg_text)]
    gh = [(deals, totals) for _what, deals, totals in conv.parse_gymhearts(gh_text)]
    gc = [(deals, totals, winner) for _what, deals, totals, winner in conv.parse_collection(gc_text)]
    files = {"heartsgym": conv.heartsgym_to_hrn(hg_text), "gymhearts": conv.gymhearts_to_hrn(gh_text),
             "collection": conv.collection_to_hrn(gc_text)}
    engine: dict[str, list[list[Any]]] = {"heartsgym": [[d] for d in hg], "gymhearts": [g for g, _ in gh],
                                          "collection": [g for g, _, _ in gc]}
    counts["engines"] = 3
    counts["games"] = len(hg) + len(gh) + len(gc)
    for name, text in files.items():
        hrn = work / f"{name}.hrn"
        hrn.write_text(text, encoding="utf-8")
        report = _json(run, "validate", str(hrn))
        for g, game in enumerate(report["games"]):
            for f in game["findings"]:
                if name == "gymhearts":
                    why = engine_bug(engine[name][g], gh[g][1], f)
                elif name == "collection":
                    why = tie_to_first(gc[g][1], gc[g][2], f)
                else:
                    missed = heartsgym_moon_missed(engine[name][g][0])
                    why = "moon-never-scored" if missed and f["code"] == "score-mismatch" else None
                if why:
                    counts[f"findings from the engine bug {why}"] += 1
                else:
                    bad.append(f"{name} game {g + 1}: {f['code']} {f['message']}")
        scored = _json(run, "score", str(hrn))
        for g, game in enumerate(scored["games"]):
            for deal, ours in zip(engine[name][g], game["deals"], strict=True):
                counts["deals"] += 1
                pts = [ours["points"][s] for s in conv.SEATS]
                moon = sorted(expected_points(deal)) == [0, 26, 26, 26]
                counts["moons"] += moon
                counts["moons the engine missed"] += name == "heartsgym" and heartsgym_moon_missed(deal)
                if pts != expected_points(deal) or (ours["moon"] is not None) != moon:
                    bad.append(f"{name} game {g + 1} deal {ours['number']}: points {pts} "
                               f"moon {ours['moon']}, the engine's {deal.points} moon {moon}")
                else:
                    counts["scores agreed"] += 1
        if not full:
            continue
        round_trips(run, work, name, counts, bad)
        moons = sum(sorted(expected_points(d)) == [0, 26, 26, 26] for g in engine[name] for d in g)
        code, out = run("select", str(hrn), "--where", "moon", "--deals", "--count")
        counts["selects"] += 1
        if out.split() != [str(moons)]:
            bad.append(f"{name}: select --where moon --deals counts {out.strip()}, the engine {moons}")
        code, out = run("replay", str(hrn), "--game", "1")
        counts["replays"] += 1
        if code != (1 if report["games"][0]["findings"] else 0):
            bad.append(f"{name}: replay exit {code}")
        # solve the last trick of each game's first deal: the card played is worth the
        # engine's points for its seat
        for g in range(len(engine[name])):
            sol = _json(run, "solve", str(hrn), "--game", str(g + 1), "--deal", "1", "--trick", "13")
            deal = engine[name][g][0]
            value = next(c["points"] for c in sol["cards"] if c["card"] == sol["played"])
            counts["solves"] += 1
            if value != expected_points(deal)[conv.SEATS.index(sol["seat"])]:
                bad.append(f"{name} game {g + 1}: solve says {value} for {sol['seat']}, "
                           f"the engine {deal.points}")
    if full:
        bad += legal_sets(logdir, counts)
        bad += gymhearts_legal_sets(logdir, counts)
        bad += _pyspiel_replay(work / "heartsgym.hrn", hg, run, counts)
        bad += _pyspiel_replay(work / "collection.hrn", [d for g in engine["collection"] for d in g],
                               run, counts)
    return counts, bad


def legal_sets(logdir: Path, counts: Counter[str]) -> list[str]:
    """At every card of every logged deal, the engine's legal cards against ours.

    The engine replays the deal from the hands played from (after the pass) with its
    own rule code (games-collection's ``get_valid_plays``, HeartsGym's
    ``isActionValid``); ours is ``GameState.legal_cards`` under the rule keys the
    converter writes. Needs the engines installed (``make.py``); skipped otherwise.
    gym-hearts is left out: its legal cards at a lead are stale by design of its
    bug (``engine_bug``), which the findings already count."""
    from hearts_notation.cards import cards_of, mask_of, parse_card
    from hearts_notation.rules import parse_rules
    from hearts_notation.state import GameState

    def ours_from(rules: str, deal: Any) -> GameState:
        held = [[int(parse_card(c)) for t in deal.tricks for s, c in t if s == seat] for seat in range(4)]
        return GameState(parse_rules(rules), [mask_of(h) for h in held])

    bad: list[str] = []
    try:
        from card_games.common.cards import Card, Suit  # type: ignore[import-not-found]
        from card_games.hearts.game import HeartsGame, HeartsPlayer  # type: ignore[import-not-found]
    except ImportError:
        pass
    else:
        suit = {"S": Suit.SPADES, "H": Suit.HEARTS, "D": Suit.DIAMONDS, "C": Suit.CLUBS}
        text = (logdir / "collection.log").read_text(encoding="utf-8")
        for g, (_what, deals, _totals, _winner) in enumerate(conv.parse_collection(text)):
            for d, deal in enumerate(deals, 1):
                players = [HeartsPlayer(name=n, is_ai=True) for n in conv.COLLECTION_NAMES]
                game = HeartsGame(players)
                ours = ours_from(conv.COLLECTION_RULES, deal)
                for seat in range(4):
                    players[seat].hand = [Card(c[0], suit[c[1]]) for t in deal.tricks
                                          for s, c in t if s == seat]
                for trick in deal.tricks:
                    for seat, card in trick:
                        theirs = sorted(str(c)[0] + conv.PRETTY_SUITS[str(c)[1]]
                                        for c in game.get_valid_plays(players[seat]))
                        mine = sorted(str(c) for c in cards_of(ours.legal_cards()))
                        counts["legal sets compared"] += 1
                        if theirs != mine:
                            bad.append(f"collection game {g + 1} deal {d}: {seat} before {card}: "
                                       f"the engine {theirs}, ours {mine}")
                        game.play_card(players[seat], Card(card[0], suit[card[1]]))
                        ours.play(int(parse_card(card)))
                    game.complete_trick()
    try:
        import warnings

        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            from HeartsGym.Hearts import Card as GymCard  # type: ignore[import-not-found]
            from HeartsGym.Hearts import Hearts
    except ImportError:
        return bad
    suits = {"S": 0, "C": 1, "H": 2, "D": 3}
    numbers = {r: n for n, r in enumerate("23456789TJQKA", 2)}
    logged = conv.parse_heartsgym((logdir / "heartsgym.log").read_text(encoding="utf-8"))
    for k, (_what, deal) in enumerate(logged):
        env = Hearts()
        env.reset()
        hands = [[GymCard(suits[c[1]], numbers[c[0]]) for t in deal.tricks for s, c in t if s == seat]
                 for seat in range(4)]
        env.state.update(hands=hands, currentTrick=[], pastCards=[], scores=[0, 0, 0, 0],
                         currentPlayer=deal.tricks[0][0][0], shootingTheMoon=-1)
        ours = ours_from(conv.HEARTSGYM_RULES, deal)
        for trick in deal.tricks:
            for seat, card in trick:
                hand = env.getCurrentPlayersHand()
                key = env.state["actionKey"]
                theirs = sorted(conv.card(str(hand[key[i]])) for i in range(13) if env.isActionValid(i))
                mine = sorted(str(c) for c in cards_of(ours.legal_cards()))
                counts["legal sets compared"] += 1
                if theirs != mine:
                    bad.append(f"heartsgym deal {k + 1}: {seat} before {card}: "
                               f"the engine {theirs}, ours {mine}")
                at = [conv.card(str(c)) for c in hand].index(card)
                env.step(key.index(at))
                ours.play(int(parse_card(card)))
    return bad


def gymhearts_legal_sets(logdir: Path, counts: Counter[str]) -> list[str]:
    """gym-hearts' legal cards (the ``valid_hand_cards`` its observation hands a bot)
    at every card of its logged games, replayed in the engine from the logged hands
    and plays, against ours: each difference must be its stale lead (``engine_bug``:
    the leader offered the suit led to the previous trick, or every card when void in
    it) or an empty set (its first trick offers nothing to a hand of penalty cards
    only); any other is a disagreement."""
    try:
        import warnings

        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            import gymhearts.env as genv  # type: ignore[import-not-found]
            from gymhearts import strategy
            from treys.card import Card as Treys  # type: ignore[import-not-found]
    except ImportError:
        return []
    from hearts_notation.cards import SUIT_MASKS, cards_of, mask_of, parse_card, parse_suit
    from hearts_notation.rules import parse_rules
    from hearts_notation.state import GameState

    rules = parse_rules(conv.GYMHEARTS_RULES)
    bad: list[str] = []
    text = (logdir / "gymhearts.log").read_text(encoding="utf-8")
    def one_game(g: int, deals: list[Any]) -> None:
        """Replay game *g* (0-based) of the log in the engine, comparing as it goes."""
        pending = iter(deals)
        plays = [p for d in deals for t in d.tricks for p in t]
        at = {"n": 0}
        ours: list[GameState] = []

        class LoggedDeck:
            """The next logged deal's hands, drawn in seat order (``draw`` pops the end)."""

            def __init__(self) -> None:
                deal = next(pending)
                ours.append(GameState(rules, [mask_of(int(parse_card(c)) for c in h) for h in deal.hands]))
                self.cards = [Treys.new(c[0] + c[1].lower()) for h in reversed(deal.hands)
                              for c in reversed(h)]

            def shuffle(self) -> None:
                return None

            def draw(self, n: int) -> list[int]:
                return [self.cards.pop() for _ in range(n)]

        class Replay(strategy.IStrategy):  # type: ignore[misc]
            def move(self, observation: dict[str, Any]) -> int:
                seat, card = plays[at["n"]]
                state = ours[-1]
                theirs = sorted(conv.treys_card(c) for c in observation["valid_hand_cards"])
                mine = sorted(str(c) for c in cards_of(state.legal_cards()))
                counts["gym-hearts legal sets compared"] += 1
                if theirs != mine:
                    hand = state.hands[seat]
                    stale = None
                    if not state.trick and state.tricks_done:
                        led = plays[at["n"] - 4][1]
                        suit = hand & SUIT_MASKS[parse_suit(led[1])]
                        stale = sorted(str(c) for c in cards_of(suit or hand))
                    if theirs == stale:
                        counts["gym-hearts legal sets: stale lead"] += 1
                    elif not theirs:
                        counts["gym-hearts legal sets: none offered"] += 1
                    else:
                        bad.append(f"gymhearts game {g + 1}, card {at['n'] + 1}: the engine {theirs}, "
                                   f"ours {mine}")
                at["n"] += 1
                state.push(int(parse_card(card)))
                return int(Treys.new(card[0] + card[1].lower()))

            def watch(self, observation: dict[str, Any], info: dict[str, Any]) -> None:
                return None

        genv.Deck = LoggedDeck
        env = genv.HeartsEnv()
        env.enable_shooting_the_moon()
        for _ in range(4):
            env.add_player(Replay())
        env.start()
        done = False
        while not done:
            _obs, _rewards, done, _info = env.step(env.move())
        if at["n"] != len(plays):
            bad.append(f"gymhearts game {g + 1}: the engine stopped after {at['n']} of {len(plays)} cards")

    for g, (_what, deals, _totals) in enumerate(conv.parse_gymhearts(text)):
        one_game(g, deals)
    return bad


def tie_to_first(totals: list[list[int]], winner: str | None, finding: dict[str, Any]) -> str | None:
    """games-collection names one winner, the first seat of the lowest total
    (``min(players, key=score)``), where a tie shares the win in the rules' ``tie: share``."""
    if finding["code"] == "result-mismatch" and totals and winner is not None:
        low = min(totals[-1])
        first = conv.SEATS[totals[-1].index(low)]
        if totals[-1].count(low) > 1 and winner == first:
            return "tie-to-first-seat"
    return None


def _pyspiel_replay(hrn: Path, deals: list[Any], run: Run, counts: Counter[str]) -> list[str]:
    """A file's deals written as OpenSpiel histories and replayed in pyspiel."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return []
    out = hrn.with_suffix(".oshist")
    code, text = run("convert", str(hrn), "--to", "openspiel-history", "-o", str(out))
    if code != 0:
        return [f"{hrn.stem}: convert --to openspiel-history: {text}"]
    bad = []
    game = pyspiel.load_game("hearts")  # no game-string line: OpenSpiel's defaults
    histories = []
    for line in out.read_text(encoding="utf-8").splitlines():
        if line.startswith("hearts("):
            game = pyspiel.load_game(line)
        else:
            histories.append((game, json.loads(line)))
    for (game, history), deal in zip(histories, deals, strict=True):
        state = game.new_initial_state()
        for action in history:
            state.apply_action_with_legality_check(action)
        points = [round(26 - r) for r in state.returns()]
        counts["pyspiel replays"] += 1
        if points != expected_points(deal):
            bad.append(f"{hrn.stem}: pyspiel's points {points}, the engine's {deal.points}")
    return bad


def round_trips(run: Run, work: Path, name: str, counts: Counter[str], bad: list[str]) -> None:
    """HRN -> JSON -> YAML -> HRN of ``work/NAME.hrn`` is its HRN -> HRN, and that is
    the file itself (the converters write what `hearts fmt` would): a round trip
    counted in *counts*, each disagreement added to *bad* (rounds 27 and 28)."""
    for fmt, src in (("json", "hrn"), ("yaml", "json"), ("hrn", "yaml")):
        code, out = run("convert", str(work / f"{name}.{src}"), "--to", fmt,
                        "-o", str(work / f"{name}.{fmt}.out"))
        if code != 0:
            bad.append(f"{name}: convert to {fmt}: {out}")
        elif fmt != "hrn":
            (work / f"{name}.{fmt}").write_bytes((work / f"{name}.{fmt}.out").read_bytes())
    hrn = work / f"{name}.hrn"
    run("convert", str(hrn), "--to", "hrn", "-o", str(work / f"{name}.canon.hrn"))
    canon = (work / f"{name}.canon.hrn").read_text(encoding="utf-8")
    if (work / f"{name}.hrn.out").read_text(encoding="utf-8") != canon:
        bad.append(f"{name}: HRN -> JSON -> YAML -> HRN is not HRN -> HRN")
    else:
        counts["round trips"] += 1
    if canon != hrn.read_text(encoding="utf-8"):
        bad.append(f"{name}: the converted HRN is not in canonical form")


def run_campaign(check: Callable[[Path, Run], tuple[Counter[str], list[str]]]) -> int:
    """*check* (a campaign given its work directory and the command runner) run in
    a temporary directory, its counts and disagreements printed: exit 1 on a
    disagreement (the command line of every round's campaign script)."""
    import tempfile

    sys.path.insert(0, str(ROOT))
    from tests.clirun import run

    with tempfile.TemporaryDirectory() as tmp:
        counts, bad = check(Path(tmp), run)
    for key, value in counts.items():
        print(f"{key}: {value}")
    for line in bad:
        print("DISAGREEMENT", line)
    print(f"{len(bad)} disagreements")
    return 1 if bad else 0


def main(argv: list[str]) -> int:
    """Run the campaign on the logs of the directory named; exit 1 on a disagreement."""
    return run_campaign(lambda work, run: campaign(Path(argv[0]), work, run))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
