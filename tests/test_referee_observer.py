"""Observer records: unknown hands inferred from the play (spec §2).

The referee must check everything the known facts allow, say once per deal
and rule what it could not check (``info``), and never give a false error.
"""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pytest

from hearts_notation.cards import parse_card
from hearts_notation.generate import generate_games
from hearts_notation.io import read_games
from hearts_notation.model import Game
from hearts_notation.referee import check_game
from hearts_notation.rules import parse_rules, preset_names
from hearts_notation.walk import walk
from tests.budget import presets

DATA = Path(__file__).parent / "data" / "referee"


def load(name: str) -> Game:
    return next(read_games(str(DATA / name)))


def hide(game: Game, keep: tuple[str, ...] = (), passes: bool = True) -> Game:
    """The game with every hand but *keep* unknown (and the passes of the
    hidden seats dropped unless *passes*)."""
    deals = []
    for d in game.deals:
        hands = {s: (h if s in keep else None) for s, h in d.hands.items()}
        ps = dict(d.passes) if passes else {s: p for s, p in d.passes.items() if s in keep}
        deals.append(dataclasses.replace(d, hands=hands, passes=ps))
    return dataclasses.replace(game, deals=tuple(deals))


def errors(game: Game) -> list[str]:
    return [f.code for f in check_game(game).findings if f.severity != "info"]


def test_seed_004_commented_deal() -> None:
    r = check_game(load("seed-004-observer.hrn"))
    assert r.valid
    infos = [f for f in r.findings if f.severity == "info"]
    codes = [f.code for f in infos]
    assert len(codes) == len(set(codes)), "one info per check, not one per card"
    revoke = next(f for f in infos if f.code == "revoke")
    assert revoke.seat == "E" and revoke.trick == 3 and "tricks 3 and 4" in revoke.message
    assert "score-mismatch" in codes and "incomplete-deal" in codes
    assert r.deals[0].to_dict()["points"] is None


def test_seed_000_example_the_ace_takes_the_queen() -> None:
    game = load("seed-000-example.hrn")
    rules = parse_rules("standard")
    steps = list(walk(game.deals[0], rules, game.seat_names))
    last = steps[-1]
    assert last.trick == 1 and last.winner == 3           # D (W) wins with the ace of clubs
    assert last.points_card_mask == 1 << parse_card("QS")  # and takes the queen: 13 points
    assert not any(s.hearts_broken for s in steps)
    assert check_game(game).valid


def test_inferred_hands_still_prove_a_revoke() -> None:
    # The revoke record with every hand hidden: with the 13 tricks recorded
    # the hands as played are known, so the revoke is still proven, and the
    # message says which later play shows the card was held.
    game = hide(load("revoke.hrn"), passes=False)
    r = check_game(game)
    revoke = [f for f in r.findings if f.code == "revoke"]
    assert len(revoke) == 1 and revoke[0].severity == "error"
    assert "K♣" in revoke[0].message and "on trick" in revoke[0].message
    assert [f.code for f in r.findings if f.severity == "error"] == ["revoke"]


def test_partial_play_proves_a_revoke_by_a_later_play() -> None:
    game = hide(load("revoke.hrn"), passes=False)
    d = game.deals[0]
    cut = dataclasses.replace(d, tricks=d.tricks[:8], unfinished=True, score=None, total=None)
    game = dataclasses.replace(game, deals=(cut,))
    # N discards 6♦ on trick 1 and plays K♣ on trick 6: a club was held.
    assert errors(game) == ["revoke"]


def test_unknown_hand_cannot_play_a_card_another_hand_holds() -> None:
    game = hide(load("not-held.hrn"), keep=("N",), passes=False)
    r = check_game(game)
    assert [f.code for f in r.findings if f.severity == "error"] == ["not-held"]
    assert "W played 6♠, which N holds" in r.findings[[f.code for f in r.findings].index("not-held")].message


def test_card_played_twice_by_unknown_hands() -> None:
    game = hide(load("valid.hrn"), passes=False)
    d = game.deals[0]
    t = list(d.tricks)
    # E plays, on trick 3, the spade S plays there too: both cannot hold it.
    plays = list(t[2].plays)
    plays[1] = dataclasses.replace(plays[1], card=plays[2].card)
    t[2] = dataclasses.replace(t[2], plays=tuple(plays))
    game = dataclasses.replace(game, deals=(dataclasses.replace(d, tricks=tuple(t)), game.deals[1]))
    assert "not-held" in errors(game)


def test_heart_lead_proven_by_later_non_heart() -> None:
    game = hide(load("hearts-not-broken.hrn"), passes=False)
    r = check_game(game)
    assert [f.code for f in r.findings if f.severity == "error"] == ["hearts-not-broken"]


@pytest.mark.parametrize("preset", ["standard", "openspiel", "three-players", "six-players", "moon-choice"])
def test_never_a_false_error_with_partial_knowledge(preset: str) -> None:
    rng = random.Random(preset)
    rules = parse_rules(preset)
    for game in generate_games(6, seed=7, rules=preset, bots=("random",)):
        assert check_game(game).valid
        deals = []
        for d in game.deals:
            keep = {s for s in d.hands if rng.random() < 0.4}
            hands = {s: (h if s in keep else None) for s, h in d.hands.items()}
            if len(keep) == len(d.hands):
                passes = dict(d.passes)
            else:
                passes = {s: p for s, p in d.passes.items() if rng.random() < 0.5}
            tricks = d.tricks
            unfinished = False
            if rng.random() < 0.3:
                k = rng.randrange(len(tricks))
                part = tricks[k].plays[: rng.randrange(len(tricks[k].plays))]
                tricks = tricks[:k] + ((dataclasses.replace(tricks[k], plays=part),) if part else ())
                unfinished = True
            deals.append(dataclasses.replace(d, hands=hands, passes=passes, tricks=tricks,
                                             unfinished=unfinished))
        seen = dataclasses.replace(game, deals=tuple(deals))
        r = check_game(seen)
        bad = [(f.code, f.message) for f in r.findings if f.severity != "info"]
        assert not bad, bad
        for i in range(len(seen.deals)):
            codes = [f.code for f in r.findings if f.deal == seen.deals[i].number]
            assert len(codes) == len(set(codes)), "at most one info per deal and check"
        assert rules.players == len(seen.seat_names)


@pytest.mark.parametrize(("name", "code"), [("first-trick-points.hrn", "first-trick-points"),
                                            ("opening-lead.hrn", "opening-lead"),
                                            ("out-of-turn-leader.hrn", "out-of-turn")])
def test_other_faults_proven_from_the_play_alone(name: str, code: str) -> None:
    game = hide(load(name), passes=False)
    assert errors(game) == [code]


# The compact check of observer records (issue 22, item 7) -----------------------------------


def _observer_texts(preset: str, seed: int) -> list[str]:
    """Generated JSONL records made observers' logs in each shape a log
    takes: every hand ``null`` with the passes kept, the passes dropped
    too, no ``hands`` at all; compact and indented."""
    import json

    from hearts_notation.io.jsonio import dumps_jsonl

    out = []
    for line in dumps_jsonl(list(generate_games(2, seed=seed, rules=preset, bots=("random",)))
                            ).splitlines():
        for shape in ("null", "no-passes", "no-hands"):
            game = json.loads(line)
            for deal in game["deals"]:
                if shape == "no-hands":
                    deal.pop("hands", None)
                else:
                    deal["hands"] = {seat: None for seat in deal["hands"]}
                if shape == "no-passes":
                    deal.pop("passes", None)
            out.append(json.dumps(game, separators=(",", ":")))
            out.append(json.dumps(game, indent=2))
    return out


def _mutants(text: str, rng: random.Random) -> list[str]:
    """*text* with a fault an observer's log may have: two cards of the
    play swapped, a passed card swapped with a played one, two plays of a
    trick swapped, a pass dropped, a recipient named, a seat that is not
    one, a hand known."""
    import json

    out = []
    for kind in range(7):
        game = json.loads(text)
        deal = rng.choice(game["deals"])
        tricks = deal["tricks"]
        if not tricks or not tricks[0]["plays"]:
            continue
        t = rng.randrange(len(tricks))
        plays = tricks[t]["plays"]
        if kind == 0 and len(tricks) > 1:
            u = rng.randrange(len(tricks))
            a, b = plays[0], tricks[u]["plays"][-1]
            a["card"], b["card"] = b["card"], a["card"]
        elif kind == 1 and deal.get("passes"):
            seat = rng.choice(list(deal["passes"]))
            deal["passes"][seat][0] = plays[-1]["card"]
        elif kind == 2 and len(plays) > 1:
            plays[0], plays[1] = plays[1], plays[0]
        elif kind == 3 and deal.get("passes"):
            del deal["passes"][rng.choice(list(deal["passes"]))]
        elif kind == 4 and deal.get("passes"):
            seat = rng.choice(list(deal["passes"]))
            deal["passes"][seat] = {"cards": deal["passes"][seat], "to": rng.choice(list(deal["passes"]))}
        elif kind == 5:
            deal.setdefault("hands", {})["X"] = None
        elif kind == 6:
            deal["hands"] = {seat: None for seat in deal.get("hands", {"N": 0})}
            deal["hands"][next(iter(deal["hands"]))] = [p["card"] for tr in tricks for p in tr["plays"]
                                                        if p["seat"] == next(iter(deal["hands"]))]
        out.append(json.dumps(game, separators=(",", ":")))
    return out


def _model_entry(text: str) -> dict[str, object]:
    """The entry of the model path (the record read with its positions, then
    :func:`check_game`), which the compact check must give too."""
    import json

    from hearts_notation.io.jsonio import JsonLocator, game_from_dict

    game = game_from_dict(json.loads(text), "t.jsonl", 3, line=7, locate=JsonLocator(text, 7))
    return check_game(game).to_dict()


@pytest.mark.parametrize("preset", presets(preset_names()))
def test_observer_records_take_the_compact_check_with_the_same_findings(preset: str) -> None:
    """A clean observer's record is judged by the compact check, its hands
    inferred from the play, with exactly the infos (codes, messages,
    positions) of the card-by-card check; a faulty one is left to the model
    and reads as before."""
    from hearts_notation import referee
    from hearts_notation.io.compact import compact_record
    from hearts_notation.io.typed_json import decode_record

    rng = random.Random(preset)
    judged = 0
    for text in _observer_texts(preset, 5):
        got = referee.report_json_text(text, "t.jsonl", 3, 7)
        assert got == _model_entry(text), text[:200]
        record = decode_record(text)     # (a deal without "hands" is not the typed shape)
        compact = None if record is None else compact_record(record, 7, unknown_hands=True)
        assert compact is not None or record is None
        observed: list[referee.CompactCheck] = []
        fast = None if compact is None else referee.compact_report(compact, "t.jsonl", 3,
                                                                   observed=observed)
        if fast is not None:
            judged += 1
            assert got["valid"]
            assert len(got["findings"]) == sum(  # type: ignore[arg-type]
                1 if order else 2 for _, _, order in (observed[0].noted if observed else ()))
        for mutant in _mutants(text, rng):
            assert referee.report_json_text(mutant, "t.jsonl", 3, 7) == _model_entry(mutant), mutant[:200]
    if preset != "moon-choice":
        assert judged
