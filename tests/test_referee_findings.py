"""Every finding code of spec §5 on a hand-made record (tests/data/referee/).

Each record has one deliberate mistake.  The test states the complete list of
errors and warnings the referee must give for it (code, severity, deal,
trick, seat, card, line), so that both a missed finding and a follow-on
error fail, and checks that the message names the evidence.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from hearts_notation.io import read_games
from hearts_notation.io.hrn.reader import parse_game
from hearts_notation.referee import GameReport, check_game

DATA = Path(__file__).parent / "data" / "referee"

# file -> [(code, severity, deal, trick, seat, card, line)], message fragments
CASES: dict[str, tuple[list[tuple[str, str, int | None, int | None, str | None, str | None, int | None]],
                       list[str]]] = {
    "valid.hrn": ([], []),
    "syntax-error.hrn": ([("syntax-error", "error", 1, None, None, None, 17)], ["7X"]),
    "unknown-rule-preset.hrn": ([("unknown-rule", "error", None, None, None, None, 2)],
                                ["'stadnard'", "did you mean 'standard'?", "checked under standard"]),
    "unknown-rule-key.hrn": ([("unknown-rule", "error", None, None, None, None, 2)],
                             ["'targt'", "valid options:", "target"]),
    "unknown-rule-value.hrn": ([("unknown-rule", "error", None, None, None, None, 2)],
                               ["moon=maybe", "add, subtract, choose"]),
    # (N's 8♠ typed as E's 9♠: N plays 8♠, so N's copy is the slip; one finding)
    "duplicate-card.hrn": ([("duplicate-card", "error", 1, None, "N", "9S", 5)],
                           ["N's hand lists 9♠, which E holds too", "no hand holds 8♠",
                            "9♠ is taken as a slip for 8♠"]),
    # (one hand short of the card no hand holds: one finding that names it)
    "hand-size.hrn": ([("hand-size", "error", 1, None, "N", "3C", 5)],
                      ["N was dealt 12 cards", "each hand has 13", "no hand holds 3♣"]),
    # (a card of N's typed as another it holds: one finding that names both)
    "missing-cards.hrn": ([("duplicate-card", "error", 1, None, "N", "6C", 5)],
                          ["N's hand lists 6♣ twice, and no hand holds 3♣: taken as N's"]),
    # (two hands each with a card twice: which missing card is whose, nothing says)
    "missing-cards-two.hrn": ([("missing-cards", "error", 1, None, None, "3C", 4),
                               ("duplicate-card", "error", 1, None, "N", "6C", 5),
                               ("duplicate-card", "error", 1, None, "E", "TC", 6)],
                              ["no hand holds A♣ 3♣", "N's hand lists 6♣ twice",
                               "E's hand lists 10♣ twice"]),
    "removed-card.hrn": ([("missing-cards", "error", 1, None, None, "4D", 5),
                          ("removed-card", "error", 1, None, "P3", "2D", 8)],
                         ["P3's hand holds 2♦, which is out of play with 3 players"]),
    "removed-card-played.hrn": ([("removed-card", "error", 1, 6, "P3", "2D", 17)],
                                ["P3 played 2♦, which is out of play with 3 players"]),
    "deal-number.hrn": ([("deal-number", "error", 3, None, None, None, 29)],
                        ["deal 3 follows deal 1: expected deal 2"]),
    "dealer-rotation.hrn": ([("dealer-rotation", "warning", 2, None, "E", None, 29)],
                            ["after S dealt deal 1, W deals"]),
    "pass-direction-header.hrn": ([("pass-direction", "error", 2, None, None, None, 29)],
                                  ["marked pass left", "makes deal 2 pass right"]),
    "pass-direction-missing.hrn": ([("pass-direction", "error", 1, None, "W", None, 4)],
                                   ["no pass is recorded for W"]),
    "pass-direction-recipient.hrn": ([("pass-direction", "error", 1, None, "N", None, 9)],
                                     ["N passed to S", "N gives to E"]),
    "pass-count.hrn": ([("pass-count", "error", 1, None, "N", None, 9)],
                       ["N passed 2 cards; the rules pass 3"]),
    "pass-not-held.hrn": ([("pass-not-held", "error", 1, None, "N", "5D", 9)],
                          ["N passed 5♦, which N was not dealt"]),
    "out-of-turn.hrn": ([("out-of-turn", "error", 1, 3, "S", "5S", 15)],
                        ["after N it is E's turn"]),
    "out-of-turn-unfinished.hrn": ([("out-of-turn", "error", 2, 12, "E", "4H", 49)],
                                   ["after W it is N's turn"]),
    "out-of-turn-leader.hrn": ([("out-of-turn", "error", 1, 4, "E", "TC", 16)],
                               ["E led trick 4, but N won trick 3 and leads"]),
    "not-held.hrn": ([("not-held", "error", 1, 3, "W", "6S", 15)], ["W played 6♠, which N holds"]),
    "opening-lead.hrn": ([("opening-lead", "error", 1, 1, "S", "4C", 13)],
                         ["S led 4♣ to the first trick while holding 2♣"]),
    "revoke.hrn": ([("revoke", "error", 1, 1, "N", "6D", 13)],
                   ["N played 6♦ on a ♣ lead while holding K♣"]),
    "first-trick-points.hrn": ([("first-trick-points", "error", 1, 1, "N", "AH", 15)],
                               ["N discarded A♥ on the first trick while holding A♠"]),
    "hearts-not-broken.hrn": ([("hearts-not-broken", "error", 1, 6, "N", "KH", 20)],
                              ["N led K♥ before hearts were broken while holding 10♠"]),
    "trick-size.hrn": ([("trick-size", "error", 1, 7, None, None, 19)], ["trick 7 has 3 cards"]),
    "incomplete-deal.hrn": ([("incomplete-deal", "error", 2, None, None, None, 48)],
                            ["deal 2 has 11 complete tricks", "*"]),
    "incomplete-deal-unfinished.hrn": ([], []),
    "score-mismatch.hrn": ([("score-mismatch", "error", 1, None, "W", None, 26)],
                           ["W's score for deal 1 is recorded as 1, but W took 0 points"]),
    "total-mismatch.hrn": ([("total-mismatch", "error", 2, None, "N", None, 52)],
                           ["N's total after deal 2 is recorded as 4, but 0 + 3 = 3"]),
    "moon-choice-no-moon.hrn": ([("moon-choice", "error", 1, None, "S", None, 28)],
                                ["S did not shoot the moon"]),
    "moon-choice-not-allowed.hrn": ([("moon-choice", "error", 1, None, "S", None, 29)],
                                    ["moon: add", "S had no choice"]),
    "result-mismatch.hrn": ([("result-mismatch", "error", None, None, None, None, 54)],
                            ["declares E", "N wins with 3"]),
    "result-ok.hrn": ([], []),
    "game-continued.hrn": ([("game-continued", "error", 2, None, None, None, 29)],
                           ["ended after deal 1", "S reached 23", "N and W share the win"]),
    "tie-share.hrn": ([], []),
    "tie-play-on.hrn": ([], []),
    "tie-play-on-too-early.hrn": ([("result-mismatch", "error", None, None, None, None, None)],
                                  ["tie: play-on"]),
    "three-players.hrn": ([], []),
    "queen-does-not-open-hearts.hrn": ([], []),
    "heart-lead-does-not-open-hearts.hrn": ([], []),
    "moon-jack-of-diamonds.hrn": ([], []),
    "seed-004-observer.hrn": ([], []),
    "seed-000-example.hrn": ([], []),
    "sheet-sum.hrn": ([("sheet-sum", "error", 3, None, None, None, 14)],
                      ["deal 3's points add up to 25, but a deal hands out 26 (78 after a moon)"]),
    "sheet-moon.hrn": ([("sheet-moon", "error", 2, None, "E", None, 10)],
                       ["E took all 26 penalty points in deal 2: that is a moon, which the rules "
                        "(moon: add) score N 26, E 0, S 26, W 26"]),
    "sheet-points.hrn": ([("sheet-points", "error", 2, None, None, None, 10)],
                         ["deal 2's line (N 10, E 6, S 5, W 5) adds up to 26, but no play of the "
                          "cards gives it"]),
    "player-conflict.hrn": ([("player-conflict", "error", None, None, "S", None, 3)],
                            ["Anne is named at two seats of this game: N ('Anne') and S (' Anne')"]),
    "tag-name.hrn": ([("tag-name", "warning", None, None, None, None, 1)], ["Evnet", "Event"]),
    "sheet-mixed.hrn": ([], ["deals 1 and 2 are kept as a score sheet"]),
}


def report(name: str, **kw: object) -> GameReport:
    games = list(read_games(str(DATA / name)))
    assert len(games) == 1
    return check_game(games[0], **kw)  # type: ignore[arg-type]


def test_every_data_file_is_a_case() -> None:
    assert {p.name for p in DATA.glob("*.hrn")} == set(CASES)


@pytest.mark.parametrize("name", sorted(CASES))
def test_findings(name: str) -> None:
    expected, fragments = CASES[name]
    r = report(name)
    got = [(f.code, f.severity, f.deal, f.trick, f.seat, None if f.card is None else str(f.card), f.line)
           for f in r.findings if f.severity != "info"]
    want = [e if e[6] is not None else (*e[:6], got[i][6] if i < len(got) else None)
            for i, e in enumerate(expected)]
    assert sorted(got, key=str) == sorted(want, key=str)
    assert r.valid == (not any(e[1] == "error" for e in expected))
    text = " | ".join(f.message for f in r.findings)
    for fragment in fragments:
        assert fragment in text


@pytest.mark.parametrize(("trick", "finding"), [
    ("12. N 7H E 4H", ("out-of-turn", "N", "7H", "N led trick 12, but W won trick 11 and leads")),
    ("12. W KD W 4H", ("out-of-turn", "W", "4H", "W plays a second card in trick 12")),
    ("12. W KD N 7H", None),
])
def test_the_order_of_an_unfinished_last_trick_is_checked(
        trick: str, finding: tuple[str, str, str, str] | None) -> None:
    # A short last trick is no trick-size fault, but its cards still come in turn.
    text = (DATA / "out-of-turn-unfinished.hrn").read_text(encoding="utf-8").replace(
        "12. W KD E 4H", trick)
    r = check_game(parse_game(text, "t.hrn", 1, None, 1))
    got = [(f.code, f.seat, str(f.card), f.message) for f in r.findings if f.severity != "info"]
    assert got == ([] if finding is None else [finding])


SPEC_CODES = {
    "syntax-error", "unknown-rule", "duplicate-card", "hand-size", "missing-cards", "removed-card",
    "deal-number", "dealer-rotation", "pass-direction", "pass-count", "pass-not-held", "out-of-turn",
    "not-held", "opening-lead", "revoke", "first-trick-points", "hearts-not-broken", "trick-size",
    "incomplete-deal", "score-mismatch", "total-mismatch", "moon-choice", "result-mismatch",
    "game-continued", "sheet-sum", "sheet-moon", "sheet-points", "player-conflict", "tag-name",
}


def test_every_code_of_spec_section_5_is_exercised() -> None:
    seen = {e[0] for expected, _ in CASES.values() for e in expected}
    assert seen == SPEC_CODES


def test_finding_shape_is_spec_section_6() -> None:
    r = report("revoke.hrn")
    d = r.to_dict()
    assert list(d) == ["source", "index", "line", "valid", "findings", "deals", "finished", "winners",
                       "players", "seats"]
    f = d["findings"][0]
    assert set(f) == {"code", "severity", "deal", "trick", "seat", "card", "line", "column", "message",
                      "message_id", "args"}
    assert f["card"] == "6D" and f["column"] == 16
    assert f["message_id"] == "finding.revoke" and f["args"]["seat"] == ["seat", "N"]
    assert list(d["deals"][0]) == ["number", "points", "moon", "totals"]


def test_syntax_error_game_does_not_stop_the_next(tmp_path: Path) -> None:
    bad = (DATA / "syntax-error.hrn").read_text(encoding="utf-8")
    good = (DATA / "valid.hrn").read_text(encoding="utf-8")
    f = tmp_path / "two.hrn"
    f.write_text(bad + "\n" + good, encoding="utf-8")
    reports = [check_game(g) for g in read_games(str(f))]
    assert [r.valid for r in reports] == [False, True]


def test_a_mistyped_preset_is_checked_under_the_one_it_is_close_to(tmp_path: Path) -> None:
    """'stadnard' is checked under the preset its did-you-mean names, not the
    default: a mistyped three-players must keep the record's P1 P2 P3 seats."""
    r = report("unknown-rule-preset.hrn", default_rules="kawu")
    assert r.rules is not None and r.rules.name == "standard"
    assert "checked under standard" in r.findings[0].message


def test_unknown_rule_keeps_the_sound_overrides(tmp_path: Path) -> None:
    text = (DATA / "valid.hrn").read_text(encoding="utf-8").replace(
        '[Rules "standard"]', '[Rules "standard target=25 colour=red"]')
    f = tmp_path / "r.hrn"
    f.write_text(text, encoding="utf-8")
    r = check_game(next(read_games(str(f))))
    assert r.rules is not None and r.rules.target == 25
    assert [x.code for x in r.findings] == ["unknown-rule"]
    assert "checked under standard target=25" in r.findings[0].message
    assert r.finished and r.winners == ("N",)


def test_force_rules_wins_over_the_tag() -> None:
    r = report("queen-does-not-open-hearts.hrn")
    assert r.valid
    forced = report("queen-does-not-open-hearts.hrn", default_rules="standard", force_rules=True)
    assert [f.code for f in forced.findings if f.severity == "error"] == ["hearts-not-broken"]
    # --rules without --force-rules only applies to records without a tag
    unforced = report("queen-does-not-open-hearts.hrn", default_rules="standard")
    assert unforced.valid
