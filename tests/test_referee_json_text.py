"""A JSON record given as text gets exactly the model path's report.

``report_json_text`` decodes a JSON line with ``json.loads`` and gives it
to the referee's compact check (see the notes in ``referee.py``), which
steps aside for anything it does not judge.  These tests take canonical
lines written by the package, change their *text* in many small ways --
cards, seats, spacing, spellings, duplicate keys, JSON constants -- and
compare every report with the one the model and :func:`check_game` give for
the same text; and they check that the same records written by other tools
(``json.dumps`` defaults, pretty-printed) take the compact check too.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from hearts_notation import referee
from hearts_notation.generate import generate_games
from hearts_notation.io.compact import compact_record
from hearts_notation.io.jsonio import dumps_jsonl
from hearts_notation.io.typed_json import decode_record
from hearts_notation.referee import report_json_text
from hearts_notation.rules import preset_names
from tests.budget import presets


def model_report(text: str, monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """The report of *text* with the compact check switched off."""
    with monkeypatch.context() as m:
        m.setattr(referee, "compact_report", lambda *args, **kwargs: None)
        return report_json_text(text, "t.jsonl", 3, 7)


def compact_way(text: str) -> dict[str, Any] | None:
    """The report of *text* by the typed decoder and the compact check
    alone (``None`` where either steps aside)."""
    record = decode_record(text)
    compact = compact_record(record, 7, text=text) if record is not None else None
    return referee.compact_report(compact, "t.jsonl", 3) if compact is not None else None


def lines_of(preset: str, count: int = 3, seed: int = 11) -> list[str]:
    return dumps_jsonl(list(generate_games(count, seed=seed, rules=preset, bots=("random",)))
                       ).splitlines()


def check(text: str, monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    got = report_json_text(text, "t.jsonl", 3, 7)
    assert got == model_report(text, monkeypatch), text[:300]
    return got


@pytest.mark.parametrize("preset", presets(preset_names()))
def test_clean_lines_take_the_compact_check_whatever_the_spacing(
        preset: str, monkeypatch: pytest.MonkeyPatch) -> None:
    for line in lines_of(preset):
        obj = json.loads(line)
        moon_choice = preset == "moon-choice" and '"moon"' in line
        for text in (line, json.dumps(obj), json.dumps(obj, indent=2), json.dumps(obj, indent="\t")):
            got = check(text, monkeypatch)
            if not moon_choice:
                assert got["valid"] and got["findings"] == []
                assert compact_way(text) == got


def _swap(text: str, pattern: str, rng: random.Random, other: str | None = None) -> str:
    """Swap the texts of two different matches of *pattern* (or of one
    match of *pattern* and one of *other*), chosen at random."""
    spots = [m.span() for m in re.finditer(pattern, text)]
    others = [m.span() for m in re.finditer(other or pattern, text)]
    if not spots or not others:
        return text
    (i, j), (k, m) = rng.choice(spots), rng.choice(others)
    if i > k:
        (i, j), (k, m) = (k, m), (i, j)
    if j > k:
        return text
    return text[:i] + text[k:m] + text[j:k] + text[i:j] + text[m:]


def _pass_changed(text: str) -> str:
    """The first card of the first pass replaced by the first card of the
    second hand (a card the passer was not dealt)."""
    hands = re.search(r'"hands":\{"\w+":\[[^\]]*\],"\w+":\["(..)"', text)
    first = re.search(r'"passes":\{"\w+":\["(..)"', text)
    if not hands or not first:
        return text
    return text[:first.start(1)] + hands[1] + text[first.end(1):]


def _hand_seats_swapped(text: str) -> str:
    return re.sub(r'"hands":\{"(\w+)":(\[[^\]]*\]),"(\w+)":', r'"hands":{"\3":\2,"\1":', text, count=1)


TEXT_MUTATIONS: list[tuple[str, Any]] = [
    ("two played cards swapped", lambda t, r: _swap(t, r'"card":"[^"]+"', r)),
    ("two seats swapped", lambda t, r: _swap(t, r'"seat":"[A-Z0-9]+"', r)),
    ("a hand card swapped with a played card", lambda t, r: _swap(t, r'"..",', r, r'"card":"[^"]+"')),
    ("a dealt card twice", lambda t, r: re.sub(r'(\["(..)",)"..",', r'\1"\2",', t, count=1)),
    ("a passed card changed", lambda t, r: _pass_changed(t)),
    ("hands' seats swapped", lambda t, r: _hand_seats_swapped(t)),
    ("a lower-case card", lambda t, r: re.sub(r'"card":"(.)(.)"', lambda m: f'"card":"{m[1]}{m[2].lower()}"',
                                              t, count=1)),
    ("a ten as 10", lambda t, r: t.replace('"card":"TS"', '"card":"10S"', 1)),
    ("a space in a block", lambda t, r: t.replace('"tricks":[', '"tricks": [', 1)),
    ("a space in every block", lambda t, r: t.replace('"tricks":[', '"tricks": [')),
    ("NaN inside a string", lambda t, r: t.replace('"Round":"', '"Round":"NaN Infinity ', 1)),
    ("a NaN constant", lambda t, r: t.replace('"number":2', '"number":NaN', 1)),
    ("an Infinity player", lambda t, r: t.replace('"players":{', '"players":{"X":Infinity,', 1)),
    ("a -Infinity score", lambda t, r: re.sub(r'"score":\{"(\w+)":\d+', r'"score":{"\1":-Infinity', t,
                                              count=1)),
    ("tricks again after the block", lambda t, r: t.replace('],"score":', '],"tricks":[],"score":', 1)),
    ("hands again after the block", lambda t, r: t.replace('],"score":', '],"hands":{},"score":', 1)),
    ("passes before the block", lambda t, r: t.replace('"hands":{', '"passes":{},"hands":{', 1)),
    ("a block moved into the tags", lambda t, r: _block_into_tags(t)),
    ("an escaped quote before hands", lambda t, r: t.replace('"Round":"', '"Round":"x\\"hands\\":{', 1)),
    ("a score off by one", lambda t, r: re.sub(r'"score":\{"(\w+)":(\d+)',
                                               lambda m: f'"score":{{"{m[1]}":{int(m[2]) + 1}', t, count=1)),
    ("a deal unfinished", lambda t, r: t.replace(',"score":', ',"unfinished":true,"score":', 1)),
    ("a hold deal marked left", lambda t, r: t.replace('"pass":"hold"', '"pass":"left"', 1)),
    ("a trick dropped", lambda t, r: re.sub(r',\{"plays":\[[^\]]*\]\}\]', ']', t, count=1)),
    ("a play dropped", lambda t, r: re.sub(r',\{"seat":"[A-Z0-9]+","card":"[A-Z0-9]+"\}\]', ']', t, count=1)),
    ("a non-ASCII tag", lambda t, r: t.replace('"Round":"', '"Round":"Été ♠ ', 1)),
    ("a seat renamed everywhere", lambda t, r: _rename_seat(t)),
    ("the text cut short", lambda t, r: t[:len(t) // 2]),
    ("trailing garbage", lambda t, r: t + "x"),
    ("trailing spaces", lambda t, r: t + "   "),
]


def _block_into_tags(text: str) -> str:
    start = text.find('"hands":{')
    end = text.find("]}]", start) + 3
    block = text[start:end]
    return text.replace('"tags":{', '"tags":{' + block + ",", 1)


def _rename_seat(text: str) -> str:
    obj = json.loads(text)
    seats = list(referee._fast_rules(obj.get("rules"), None, False).default_seats)  # type: ignore[union-attr]
    old = seats[-1]
    seats[-1] = "O" if len(old) == 1 else "Q" + old[1:]
    out = text.replace(f'"{old}"', f'"{seats[-1]}"')
    return out.replace('"deals":', '"seats":' + json.dumps(seats, separators=(",", ":")) + ',"deals":', 1)


@pytest.mark.parametrize("preset", presets(["standard", "kawu", "jack-of-diamonds", "three-players",
                                            "five-players", "six-players"]))
def test_text_mutations_give_the_model_report(preset: str, monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(preset)
    changed = 0
    for line in lines_of(preset, 2, seed=5):
        for _name, mutate in TEXT_MUTATIONS:
            text = mutate(line, rng)
            changed += text != line
            check(text, monkeypatch)
    assert changed > len(TEXT_MUTATIONS)


def test_renamed_seats_and_non_ascii_stay_on_the_compact_check(monkeypatch: pytest.MonkeyPatch) -> None:
    line = lines_of("standard", 1)[0]
    for text in (_rename_seat(line), line.replace('"Round":"', '"Round":"Été ♠ ', 1)):
        fast = compact_way(text)
        assert fast is not None and fast == model_report(text, monkeypatch)


def test_random_character_changes(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any one character of a canonical line replaced by another that can
    appear in it: the same report as the model path (mostly a finding or a
    syntax error, sometimes still a valid game)."""
    rng = random.Random(2026)
    lines = lines_of("standard", 2, seed=8) + lines_of("five-players", 1, seed=8)
    alphabet = 'NESWP123456789TJQKACDH"[]{},: n'
    valid = 0
    for _ in range(150):
        line = rng.choice(lines)
        start = line.find('"hands":{', rng.randrange(len(line) // 2))
        if start < 0:
            continue
        i = start + rng.randrange(line.find("]}]", start) + 3 - start)
        text = line[:i] + rng.choice(alphabet) + line[i + 1:]
        valid += check(text, monkeypatch)["valid"]
    assert valid < 150


def _play_spots(text: str) -> list[tuple[int, int, str, str]]:
    """(start, end, seat, card) of every play of the first deal, in play order."""
    start = text.find('"tricks":[')
    end = text.find("]}]", start)
    plays = re.finditer(r'"seat":"([A-Z0-9]+)","card":"([A-Z0-9]+)"', text[:end])
    return [(m.start(2), m.end(2), m[1], m[2]) for m in plays if m.start() > start]


def _winners(plays: list[tuple[int, int, str, str]], n: int) -> list[str]:
    order = "23456789TJQKA"
    out = []
    for t in range(0, len(plays), n):
        trick = plays[t:t + n]
        led = trick[0][3][1]
        out.append(max((p for p in trick if p[3][1] == led), key=lambda p: order.index(p[3][0]))[2])
    return out


@pytest.mark.parametrize("preset", ["standard", "five-players"])
def test_cards_not_held_or_played_twice_with_every_trick_won_as_before(
        preset: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The plays that only the check of who holds which card can catch: two
    cards of one suit exchanged between two seats, or one seat's card played
    again in place of another of the same suit, with every trick still won
    by the same seat (so that the order of play stays right)."""
    found = {"exchanged": 0, "twice": 0}
    for line in lines_of(preset, 2, seed=3):
        plays = _play_spots(line)
        n = 5 if preset == "five-players" else 4
        before = _winners(plays, n)
        for i, p in enumerate(plays):
            for j in range(i + n, len(plays)):
                q = plays[j]
                if p[3][1] != q[3][1] or i // n == j // n:
                    continue
                kind = "twice" if p[2] == q[2] else "exchanged"
                if found[kind] >= 12:
                    continue
                changed = list(plays)
                if kind == "twice":
                    changed[j] = (q[0], q[1], q[2], p[3])
                    text = line[:q[0]] + p[3] + line[q[1]:]
                else:
                    changed[i], changed[j] = (p[0], p[1], p[2], q[3]), (q[0], q[1], q[2], p[3])
                    text = line[:p[0]] + q[3] + line[p[1]:q[0]] + p[3] + line[q[1]:]
                if _winners(changed, n) != before:
                    continue
                found[kind] += 1
                got = check(text, monkeypatch)
                assert not got["valid"]
                assert {f["code"] for f in got["findings"]} & {"not-held", "revoke"}
    assert found["exchanged"] >= 5 and found["twice"] >= 5, found


def test_a_removed_card_dealt_and_played_in_place_of_another(monkeypatch: pytest.MonkeyPatch) -> None:
    """With five players 2♦ is out of play: a deal that has it (dealt,
    perhaps passed, and played) instead of another diamond is a deal of
    the wrong deck, although every card is played by its holder."""
    tried = 0
    for line in lines_of("five-players", 3, seed=4):
        end = line.find("]}]", line.find('"tricks":[')) + 3
        for card in ("3D", "4D", "5D", "6D"):
            text = line[:end].replace(f'"{card}"', '"2D"') + line[end:]
            plays = _play_spots(text)
            if _winners(plays, 5) != _winners(_play_spots(line), 5):
                continue
            tried += 1
            got = check(text, monkeypatch)
            assert "removed-card" in {f["code"] for f in got["findings"]}
    assert tried >= 3


def test_a_lone_surrogate_is_left_to_the_decoder(monkeypatch: pytest.MonkeyPatch) -> None:
    line = lines_of("standard", 1)[0].replace('"Round":"', '"Round":"\ud800', 1)
    # A lone surrogate is not text: refused where it is (docs/robustness.md).
    report = check(line, monkeypatch)
    assert not report["valid"] and "lone surrogate" in report["findings"][0]["message"]


@pytest.mark.parametrize("seat", ['["N"]', '{"N": 1}', "7", "null", "true"])
@pytest.mark.parametrize("where", [0, 1])
def test_a_seat_that_is_not_a_string_is_a_finding(seat: str, where: int,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """A play whose seat is not a string (the first of a trick, or another)
    is left to the model's reader, which says so; it once stopped the
    compact check with a TypeError ("cannot be processed")."""
    line = lines_of("standard", 1)[0]
    game = json.loads(line)
    game["deals"][0]["tricks"][2]["plays"][where]["seat"] = json.loads(seat)
    text = json.dumps(game, separators=(",", ":"), ensure_ascii=False)
    assert decode_record(text) is None
    report = check(text, monkeypatch)
    assert not report["valid"] and report["findings"]


def test_no_private_json_internals_and_no_templates() -> None:
    """One referee: nothing of the standard library's private modules, no
    byte templates of the text."""

    # The source file, not inspect.getsource: the module may be the compiled core.
    source = (Path(referee.__file__).parent / "referee.py").read_text(encoding="utf-8")
    assert "json.scanner" not in source and "_KNOWN_LAYOUTS" not in source
    assert "make_scanner" not in source
