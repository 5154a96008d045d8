"""The JSON fast path gives the same report as the model path, or steps aside.

The typed decoder and the compact check (``fast_report`` below) recognise
clean, complete, fully recorded games without the model; for anything else it must return ``None`` so that
:func:`check_game` (the reference) decides.  These tests mutate generated
games in many small ways and compare the two paths on every result.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

from hearts_notation.generate import generate_games
from hearts_notation.io.compact import compact_record
from hearts_notation.io.jsonio import dumps_jsonl, game_from_dict, game_to_dict
from hearts_notation.io.typed_json import decode_record
from hearts_notation.referee import check_game, compact_report, report_json_text
from hearts_notation.rules import preset_names
from tests.budget import presets


def fast_report(obj: Any, source: str | None, index: int | None, line: int | None
                ) -> dict[str, Any] | None:
    """The report of the record *obj* by the one decoder of a clean record
    (msgspec's typed structures) and the compact check, or ``None`` where
    either steps aside."""
    record = decode_record(json.dumps(obj))
    compact = compact_record(record, line) if record is not None else None
    return compact_report(compact, source, index) if compact is not None else None


def slow(obj: Any) -> dict[str, Any]:
    return check_game(game_from_dict(obj, "x.jsonl", 1, line=1)).to_dict()


def same_or_none(obj: Any) -> dict[str, Any] | None:
    fast = fast_report(obj, "x.jsonl", 1, 1)
    if fast is not None:
        assert fast == slow(obj)
    return fast


@pytest.mark.parametrize("preset", preset_names())
def test_clean_generated_games_take_the_fast_path(preset: str) -> None:
    for game in generate_games(4, seed=1, rules=preset, bots=("random",)):
        obj = json.loads(json.dumps(game_to_dict(game)))
        got = same_or_none(obj)
        moon_choice = preset == "moon-choice" and any(d.moon for d in game.deals)
        assert got is not None or moon_choice


def _mutations(obj: dict[str, Any], rng: random.Random) -> list[dict[str, Any]]:
    out = []
    deal_i = rng.randrange(len(obj["deals"]))

    def variant(fn: Any) -> None:
        o = copy.deepcopy(obj)
        fn(o, o["deals"][deal_i])
        out.append(o)

    def swap_plays(o: dict[str, Any], d: dict[str, Any]) -> None:
        t = d["tricks"]
        a, b = rng.randrange(len(t)), rng.randrange(len(t))
        i, j = rng.randrange(len(t[a]["plays"])), rng.randrange(len(t[b]["plays"]))
        pa, pb = t[a]["plays"][i], t[b]["plays"][j]
        pa["card"], pb["card"] = pb["card"], pa["card"]

    def swap_seats(o: dict[str, Any], d: dict[str, Any]) -> None:
        p = d["tricks"][rng.randrange(len(d["tricks"]))]["plays"]
        p[0]["seat"], p[1]["seat"] = p[1]["seat"], p[0]["seat"]

    def bump_score(o: dict[str, Any], d: dict[str, Any]) -> None:
        k = rng.choice(list(d["score"]))
        d["score"][k] += 1

    def bump_total(o: dict[str, Any], d: dict[str, Any]) -> None:
        k = rng.choice(list(d["total"]))
        d["total"][k] -= 1

    def drop_pass(o: dict[str, Any], d: dict[str, Any]) -> None:
        if d.get("passes"):
            d["passes"].pop(rng.choice(list(d["passes"])))

    def renumber(o: dict[str, Any], d: dict[str, Any]) -> None:
        d["number"] = d.get("number", 1) + 1

    def redeal(o: dict[str, Any], d: dict[str, Any]) -> None:
        d["dealer"] = rng.choice(list(d["hands"]))

    def lowercase(o: dict[str, Any], d: dict[str, Any]) -> None:
        p = d["tricks"][0]["plays"][0]
        p["card"] = p["card"].lower()

    def ten(o: dict[str, Any], d: dict[str, Any]) -> None:
        for t in d["tricks"]:
            for p in t["plays"]:
                if p["card"][0] == "T":
                    p["card"] = "10" + p["card"][1]

    def extra_key(o: dict[str, Any], d: dict[str, Any]) -> None:
        d["tricks"][1]["plays"][2]["colour"] = "red"

    def mark(o: dict[str, Any], d: dict[str, Any]) -> None:
        d["tricks"][1]["plays"][2]["mark"] = "?!"

    def bad_mark(o: dict[str, Any], d: dict[str, Any]) -> None:
        d["tricks"][1]["plays"][2]["mark"] = "!!!"

    def drop_trick(o: dict[str, Any], d: dict[str, Any]) -> None:
        d["tricks"].pop()

    def unfinished(o: dict[str, Any], d: dict[str, Any]) -> None:
        d["unfinished"] = True

    def wrong_result(o: dict[str, Any], d: dict[str, Any]) -> None:
        o["result"] = [rng.choice(list(d["hands"]))]

    def star(o: dict[str, Any], d: dict[str, Any]) -> None:
        o["result"] = "*"

    def bool_points(o: dict[str, Any], d: dict[str, Any]) -> None:
        k = next(iter(d["score"]))
        d["score"][k] = bool(d["score"][k])

    def header(o: dict[str, Any], d: dict[str, Any]) -> None:
        d["pass"] = rng.choice(["left", "right", "across", "hold"])

    def bad_rules(o: dict[str, Any], d: dict[str, Any]) -> None:
        o["rules"] = "standard targt=3"

    def hand_hidden(o: dict[str, Any], d: dict[str, Any]) -> None:
        d["hands"][next(iter(d["hands"]))] = None

    def dup_in_hand(o: dict[str, Any], d: dict[str, Any]) -> None:
        h = d["hands"][next(iter(d["hands"]))]
        h[0] = h[1]

    def seats_tag(o: dict[str, Any], d: dict[str, Any]) -> None:
        o["seats"] = list(d["hands"])

    def tags_int(o: dict[str, Any], d: dict[str, Any]) -> None:
        o["tags"] = {"Round": 3}

    for fn in (swap_plays, swap_seats, bump_score, bump_total, drop_pass, renumber, redeal, lowercase,
               ten, extra_key, mark, bad_mark, drop_trick, unfinished, wrong_result, star, bool_points,
               header, bad_rules, hand_hidden, dup_in_hand, seats_tag, tags_int):
        variant(fn)
    return out


@pytest.mark.parametrize("preset", presets(["standard", "kawu", "jack-of-diamonds", "three-players",
                                            "six-players"]))
def test_mutated_games_same_report_or_model_path(preset: str) -> None:
    rng = random.Random(preset)
    taken = 0
    for game in generate_games(5, seed=2, rules=preset, bots=("random",)):
        obj = json.loads(json.dumps(game_to_dict(game)))
        for m in _mutations(obj, rng):
            if same_or_none(m) is not None:
                taken += 1
    assert taken > 0  # harmless mutations (seats tag, marks, 10 for T, ...) stay on the fast path


def test_report_json_text_matches_the_jsonl_reader() -> None:
    games = list(generate_games(3, seed=4, rules="standard", bots=("random",)))
    lines = dumps_jsonl(games).splitlines()
    lines.insert(1, '{"deals": [}')            # not JSON
    lines.insert(2, '{"deals": 3}')            # JSON, not a game
    from hearts_notation.io.jsonio import iter_jsonl

    expected = [check_game(g).to_dict() for g in iter_jsonl(lines, "c.jsonl")]
    got = []
    index = 0
    for lineno, line in enumerate(lines, 1):
        index += 1
        got.append(report_json_text(line, "c.jsonl", index, lineno))
    assert got == expected
    assert [g["valid"] for g in got] == [True, False, False, True, True]
    assert got[1]["findings"][0]["code"] == "syntax-error"
