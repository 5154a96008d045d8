"""Leftovers of the last sessions, each a "one path per concern" or "one
typo, one finding" debt (docs/decisions.md, "helper leftovers4").

A record's ``Rules`` string is read leniently in one place,
``rules.lenient_rules``, which the HRN reader (for the seats' names) and the
referee (for the rules checked under) both take: where they read it apart,
a string with a bad word could give the reader N E S W while the referee
checked three players, and every ``P1`` line was an unknown seat.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from hearts_notation.api import validate_text
from hearts_notation.io.hrn.reader import parse_game
from hearts_notation.io.hrn.words import closest_keyword, misspelt_tag
from hearts_notation.referee import game_seats, rules_with_findings
from hearts_notation.rules import lenient_rules, parse_rules, preset_rules
from tests.clirun import run, write

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
THREE = (SAMPLES / "three-players.hrn").read_text(encoding="utf-8")


def _findings(text: str, rules: str | None = None) -> list[tuple[str, int, int]]:
    out = validate_text(text, rules=rules, source="t.hrn")
    return [(f["code"], f["line"], f["column"]) for f in out.findings() if f["severity"] != "info"]


def _typo(text: str, line: str, typed: str) -> str:
    assert line in text
    return text.replace(line, typed, 1)


# 1. One lenient reading of a Rules string ------------------------------------------------


def test_a_mistyped_preset_is_the_one_its_did_you_mean_names() -> None:
    read = lenient_rules("three-playres target=50")
    assert read.near == "three-players"
    assert read.rules == parse_rules("three-players target=50")
    assert len(read.problems) == 1
    assert read.under == "three-players target=50"


def test_a_sound_string_has_no_problem_and_no_guess() -> None:
    read = lenient_rules("kawu target=50")
    assert (read.rules, read.problems, read.near) == (parse_rules("kawu target=50"), (), None)


def test_a_word_close_to_nothing_falls_back_on_the_default() -> None:
    three = preset_rules("three-players")
    read = lenient_rules("xyzzy", three)
    assert (read.rules, read.near, read.under) == (three, None, "three-players")
    assert lenient_rules("xyzzy").rules == preset_rules("standard")
    assert lenient_rules("  ", three).rules == three     # no word: the default


@pytest.mark.parametrize(("spec", "rules"), [
    ("standard players=3 foo=1", None),   # a bad key beside a good one
    ("players=3 foo=1", None),            # no preset, a bad key
    ("xyzzy players=3", None),            # a preset close to nothing, a good key
    ("xyzzy", "three-players"),           # close to nothing: --rules
    ("", "three-players"),                # empty: --rules
    ("three-playres", None),              # close to a preset
])
def test_the_reader_reads_the_seats_the_referee_checks(spec: str, rules: str | None) -> None:
    """Each was the rules' one error plus an unknown seat a line (10 in
    all) when the reader kept only a string that parsed whole."""
    text = _typo(THREE, '[Rules "three-players"]', f'[Rules "{spec}"]')
    game = parse_game(text, "t.hrn", default_rules=parse_rules(rules) if rules else None)
    checked, _ = rules_with_findings(game, parse_rules(rules) if rules else None)
    assert checked.players == 3 and game_seats(game, checked)[0] == ("P1", "P2", "P3")
    if rules is None:      # (the model's own answer, without --rules)
        assert game.seat_names == ("P1", "P2", "P3")
    expected = [("unknown-rule", 3, 8)] if spec.strip() and spec != "three-players" else []
    assert _findings(text, rules) == expected


# 2. One "close to one of these keywords" ---------------------------------------------------


def test_a_word_close_to_a_keyword_is_found_folded() -> None:
    assert closest_keyword("Passé", ("pass", "passe")) == "passe"     # accent aside
    assert closest_keyword("à drote", ["à droite", "a droite"]) == "à droite"
    assert closest_keyword("d}al".replace("}", ""), ("deal", "donne")) == "deal"
    assert closest_keyword("trick", ("deal", "donne")) is None


def test_a_tag_name_must_be_nearer_than_a_keyword() -> None:
    """``[Status]`` may be a club's own tag: 0.73 from ``Seats`` is a
    keyword's slip, not a tag name's."""
    assert closest_keyword("Status", ["Seats"]) == "Seats"
    assert misspelt_tag("Status") is None
    assert misspelt_tag("Rulse") == "Rules"
    assert misspelt_tag("Evnement") == "Événement"      # the accented spelling suggested


# 5. One typo, one finding ------------------------------------------------------------------

CANONICAL = (SAMPLES / "canonical.hrn").read_text(encoding="utf-8")
FRENCH = (SAMPLES / "partie-francaise.hrn").read_text(encoding="utf-8")


@pytest.mark.parametrize(("text", "line", "typed", "at", "card"), [
    (CANONICAL, "N: AJT8.AKT8.Q7.Q83", "N: AJT8.AKT8.Q7.Q93", 17, "9C"),     # N's 8♣ typed as E's 9♣
    (CANONICAL, "E: K94.QJ64.T5.J952", "E: K94.QJ64.T5.J852", 18, "8C"),     # E's 9♣ typed as N's 8♣
    (FRENCH, "N: ♠ D 10 8 6  ♥ A 8", "N: ♠ D 10 9 6  ♥ A 8", 16, "9S"),
], ids=["later-hand-right", "later-hand-wrong", "french"])
def test_a_card_typed_as_another_hands_is_one_finding_at_the_hand_that_has_it_wrong(
        text: str, line: str, typed: str, at: int, card: str) -> None:
    """The hand whose play (or pass) shows the card no hand holds is the one
    that has the other copy wrong: one duplicate-card there, not also
    missing-cards (and, before leftovers3, what the play then showed)."""
    found = validate_text(_typo(text, line, typed), source="t.hrn").findings()
    assert [(f["code"], f["line"], f["card"]) for f in found if f["severity"] != "info"] \
        == [("duplicate-card", at, card)]


def test_a_card_typed_as_another_hands_the_play_does_not_show_is_told_as_before() -> None:
    """Deal 1 without its passes and tricks: nothing shows which copy is the slip."""
    text = _typo(CANONICAL, "N: AJT8.AKT8.Q7.Q83", "N: AJT8.AKT8.Q7.Q93")
    start, end = text.index("pass N: KH AH TH?"), text.index("score N 13 E 0 S 13 W 0")
    text = text[:start] + text[end:]
    codes = [f["code"] for f in validate_text(text, source="t.hrn").findings()]
    assert "missing-cards" in codes and codes.count("duplicate-card") == 1


@pytest.mark.parametrize(("text", "line", "typed", "at", "card"), [
    (CANONICAL, "N: AJT8.AKT8.Q7.Q83", "N: AJT8.AKT8.Q7.Q832", 17, "2C"),    # E's 2♣ added to N
    (CANONICAL, "W: Q765.7.AK9642.AT", "W: Q765.7.AK9642.AT2", 20, "2C"),    # ... to W (after E)
    (FRENCH, "N: ♠ D 10 8 6  ♥ A 8", "N: ♠ D 10 8 6 2  ♥ A 8", 16, "2S"),
], ids=["earlier-hand", "later-hand", "french"])
def test_a_card_added_to_a_hand_is_one_finding(text: str, line: str, typed: str, at: int,
                                              card: str) -> None:
    """14 cards, one of them another whole hand's: one hand-size at the long
    hand, not also duplicate-card and (N holding 2♣) out-of-turn."""
    found = validate_text(_typo(text, line, typed), source="t.hrn").findings()
    assert [(f["code"], f["line"], f["card"]) for f in found if f["severity"] != "info"] \
        == [("hand-size", at, card)]


@pytest.fixture
def _language_kept() -> Iterator[None]:
    """A French command sets the run's language; the tests after it that
    word a message through the library expect the one they started with."""
    from hearts_notation.i18n import current_language, set_language

    before = current_language()
    try:
        yield
    finally:
        set_language(before)


@pytest.mark.usefixtures("_language_kept")
def test_the_one_findings_say_what_was_meant_in_french(tmp_path: Path) -> None:
    typed = _typo(FRENCH, "N: ♠ D 10 8 6  ♥ A 8", "N: ♠ D 10 9 6  ♥ A 8")
    status, out = run("validate", "--lang", "fr", write(tmp_path, "a.hrn", typed))
    assert status == 1 and "t.hrn" not in out
    assert "a.hrn:16:1: erreur: la main de Camille (N) porte 9♠, que Yann (E) tient aussi" in out
    assert "on lit 8♠ à la place de 9♠" in out and "missing-cards" not in out
    added = _typo(FRENCH, "N: ♠ D 10 8 6  ♥ A 8", "N: ♠ D 10 8 6 2  ♥ A 8")
    status, out = run("validate", "--lang", "fr", write(tmp_path, "b.hrn", added))
    assert "b.hrn:16:1: erreur: Camille (N) a reçu 14 cartes ; à 4 joueurs chaque main en a 13, " \
           "et 2♠ est à Yann (E), dont la main est complète [hand-size]" in out
    assert "duplicate-card" not in out


def _pasted(text: str, first: str, after: str) -> str:
    """*text* with the deal from *first* up to *after* pasted twice."""
    a, b = text.index(first), text.index(after)
    return text[:b] + text[a:b] + text[b:]


@pytest.mark.parametrize(("text", "first", "after", "at", "line"), [
    (CANONICAL, "deal 1 dealer W", "deal 2 dealer N", 41, 15),
    (FRENCH, "deal 1 dealer O", "; Deuxième donne", 40, 14),
], ids=["english", "french"])
def test_a_deal_pasted_twice_is_one_finding_and_counted_once(text: str, first: str, after: str,
                                                             at: int, line: int) -> None:
    """Not also a total-mismatch for each seat it would have doubled."""
    from hearts_notation.api import score
    from hearts_notation.io import iter_games_text

    pasted = _pasted(text, first, after)
    found = [f for f in validate_text(pasted, source="t.hrn").findings() if f["severity"] != "info"]
    assert [(f["code"], f["line"]) for f in found] == [("deal-number", at)]
    assert f"the deal at line {line} again, word for word" in found[0]["message"]
    plain = score(next(iter(iter_games_text(text, "hrn", "t.hrn"))))
    twice = score(next(iter(iter_games_text(pasted, "hrn", "t.hrn"))))
    assert twice.totals == plain.totals and twice.winners == plain.winners
    assert [d.copy for d in twice.score.deals[:3]] == [False, True, False]


def test_a_deal_pasted_then_changed_is_no_copy() -> None:
    """A second deal 1 that differs (a card played otherwise) is a deal
    misnumbered, its totals checked as before."""
    pasted = _pasted(CANONICAL, "deal 1 dealer W", "deal 2 dealer N")
    second = pasted.index("deal 1 dealer W", pasted.index("deal 1 dealer W") + 1)
    changed = pasted[:second] + pasted[second:].replace("score N 13 E 0 S 13 W 0",
                                                        "score N 13 E 0 S 13 W 0 {again}", 1)
    codes = [f["code"] for f in validate_text(changed, source="t.hrn").findings()]
    assert codes.count("deal-number") == 1 and "total-mismatch" in codes


@pytest.mark.parametrize(("text", "line", "typed", "at", "word"), [
    (CANONICAL, "score N 13 E 0 S 13 W 0", "score N 13 E 0 S 1x3 W 0", (38, 18), "1x3"),
    (CANONICAL, "score N 13 E 0 S 13 W 0", "score N 13 E 0 W 0 S 1x3", (38, 22), "1x3"),
    (CANONICAL, "total N 13 E 0 S 13 W 0", "total N 13 E 0 S 13w W 0", (39, 18), "13w"),
    (FRENCH, "score N 3  E 4  S 15  O 4", "score N 3  E 4  S 1q5  O 4", (37, 19), "1q5"),
], ids=["middle", "last", "total", "french"])
def test_points_with_a_letter_glued_on_are_one_finding_at_the_points(
        text: str, line: str, typed: str, at: tuple[int, int], word: str) -> None:
    """``S 1x3``: the grammar reads ``1`` and a seat ``x3``; the error was at
    the next seat (``found 'W'``), one word past the slip."""
    found = list(validate_text(_typo(text, line, typed), source="t.hrn").findings())
    assert [(f["code"], f["line"], f["column"]) for f in found if f["severity"] != "info"] \
        == [("syntax-error", *at)]
    assert found[0]["message"] == f"expected a number of points, found '{word}'"


@pytest.mark.usefixtures("_language_kept")
def test_points_glued_say_so_in_french(tmp_path: Path) -> None:
    typed = _typo(FRENCH, "score N 3  E 4  S 15  O 4", "score N 3  E 4  S 1q5  O 4")
    status, out = run("validate", "--lang", "fr", write(tmp_path, "e.hrn", typed))
    assert status == 1 and "e.hrn:37:19: erreur: " in out and "'1q5'" in out


@pytest.mark.usefixtures("_language_kept")
@pytest.mark.parametrize(("text", "tag", "typed", "at"), [
    (THREE, '[Rules "three-players"]', '[Rulse "three-players"]', (3, 2)),
    (FRENCH, '[Rules "standard"]', '[Rgles "standard"]', (7, 2)),
], ids=["english", "french"])
def test_a_misspelt_rules_tag_name_is_one_warning_and_the_rules(
        tmp_path: Path, text: str, tag: str, typed: str, at: tuple[int, int]) -> None:
    """``[Rulse "three-players"]``: its value reads whole as rules and the
    record names no other, so it is the rules (the seats P1 P2 P3, three
    players); its name is the one finding. Kept as a tag of the record's
    own, it gave 11 (an unknown seat a line)."""
    found = list(validate_text(_typo(text, tag, typed), source="t.hrn").findings())
    assert [(f["code"], f["severity"], f["line"], f["column"]) for f in found] \
        == [("tag-name", "warning", *at)]
    assert "it is read as the rules" in found[0]["message"]
    status, out = run("fmt", write(tmp_path, "r.hrn", _typo(text, tag, typed)))
    assert status == 0 and tag in out and typed not in out      # fmt mends the name
    status, out = run("validate", "--lang", "fr", write(tmp_path, "r.hrn", _typo(text, tag, typed)))
    assert "elle est lue comme les règles [tag-name]" in out


@pytest.mark.parametrize("typed", [
    '[Rulse "three-playres"]',      # the value is no rules string: an own tag
    '[Rulse "three-players"]\n[Rules "three-players"]',     # a Rules tag beside it
])
def test_a_misspelt_rules_tag_name_is_not_the_rules_when_unsure(typed: str) -> None:
    text = _typo(THREE, '[Rules "three-players"]', typed)
    game = parse_game(text, "t.hrn")
    assert "Rulse" in game.tags
    codes = [f["code"] for f in validate_text(text, source="t.hrn").findings()]
    assert "tag-name" in codes


@pytest.mark.parametrize(("text", "line", "typed", "at", "card"), [
    (CANONICAL, "N: AJT8.AKT8.Q7.Q83", "N: AJT8.AKT8.Q7.Q88", 17, "8C"),     # 3♣ typed as 8♣
    (FRENCH, "N: ♠ D 10 8 6  ♥ A 8", "N: ♠ D 10 8 8  ♥ A 8", 16, "8S"),
], ids=["english", "french"])
def test_a_card_typed_as_another_of_its_own_hand_is_one_finding(
        text: str, line: str, typed: str, at: int, card: str) -> None:
    """One duplicate-card at the hand that names the card no hand holds,
    not also missing-cards (the mutations of the samples found it)."""
    found = list(validate_text(_typo(text, line, typed), source="t.hrn").findings())
    assert [(f["code"], f["line"], f["card"]) for f in found if f["severity"] != "info"] \
        == [("duplicate-card", at, card)]
    assert "and no hand holds" in found[0]["message"]
