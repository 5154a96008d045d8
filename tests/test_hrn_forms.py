"""The HRN reader on every form of spec §2: tags, headers, hands, passes,
tricks, marks, comments, scores, results, several games per file.

Every text is read twice, with the line fast path and with the grammar
alone, and the two readings must agree to the last position.
"""

from __future__ import annotations

from typing import Any

import pytest

from hearts_notation.cards import display_order, parse_card
from hearts_notation.io.hrn.reader import iter_hrn, parse_game
from hearts_notation.model import Game, Pos
from tests.hrn_oracle import oracle_game, oracle_games


def view(game: Game) -> Any:
    """Everything about a game, positions included (they are not part of ==)."""
    return (
        game, game.errors, game.pos, dict(game.where), game.index,
        [(d.pos, dict(d.where), d.moon.pos if d.moon else None,
          [p.pos for p in d.passes.values()],
          [(t.pos, [p.pos for p in t.plays]) for t in d.tricks]) for d in game.deals],
    )


def read(text: str, **kw: Any) -> Game:
    """One game, read by the reader and by the grammar; the readings must be identical."""
    fast = parse_game(text, **kw)
    slow = oracle_game(text, **kw)
    assert view(fast) == view(slow)
    return fast


def read_all(text: str, **kw: Any) -> list[Game]:
    fast = list(iter_hrn(text, **kw))
    slow = list(oracle_games(text, **kw))
    assert [view(g) for g in fast] == [view(g) for g in slow]
    return fast


def cards(*names: str) -> tuple[Any, ...]:
    return tuple(display_order(parse_card(n) for n in names))


NORTH = cards("AS", "QS", "4S", "KH", "9H", "3H", "JD", "8D", "6D", "2D", "TC", "7C", "5C")


def ok(game: Game) -> Game:
    assert game.errors == (), game.errors
    return game


# Tags -----------------------------------------------------------------------------------


def test_tags_escapes_order_and_special_tags() -> None:
    g = ok(read('[Event "Le \\"grand\\" tournoi \\\\ 2026"]\n'
                '[Zeta "z"] [Alpha "a; {not a comment}"]\n'
                '[Rules "standard target=50"]\n'
                '[Seats "N E S O"]\n'
                '[North "Vous"]\n[West "Cleo"]\n'
                '[Path "C:\\temp"]\n'
                'deal 1\n'))
    assert g.tags == {"Event": 'Le "grand" tournoi \\ 2026', "Zeta": "z",
                      "Alpha": "a; {not a comment}", "Path": "C:\\temp"}
    assert list(g.tags) == ["Event", "Zeta", "Alpha", "Path"]
    assert g.rules == "standard target=50"
    assert g.seats == ("N", "E", "S", "O")
    assert g.players == {"N": "Vous", "O": "Cleo"}


def test_tag_spacing_is_free() -> None:
    g = ok(read('  [ Event   "x" ]   [Site "y"]\t; a line comment\n'))
    assert g.tags == {"Event": "x", "Site": "y"}


def test_player_tags_for_three_players() -> None:
    g = ok(read('[Rules "three-players"]\n[P1 "Ann"]\n[P3 "Cy"]\n[North "not a seat here"]\n'
                'deal 1\nP3: ?\n'))
    assert g.players == {"P1": "Ann", "P3": "Cy"}
    assert g.tags == {"North": "not a seat here"}
    assert list(g.deals[0].hands) == ["P3"]


def test_p_tags_in_a_four_player_game_are_ordinary_tags() -> None:
    g = ok(read('[P1 "x"]\n[South "Bo"]\ndeal 1\n'))
    assert g.players == {"S": "Bo"} and g.tags == {"P1": "x"}


def test_default_rules_decide_the_seats() -> None:
    g = ok(read("deal 1\nP2: ?\n", default_rules="five-players"))
    assert list(g.deals[0].hands) == ["P2"] and g.seats is None and g.rules is None
    # The game's own Rules tag wins over the default.
    g = read('[Rules "standard"]\ndeal 1\nP2: ?\n', default_rules="five-players")
    assert g.errors[0].message.startswith("unknown seat 'P2'; the seats are N E S W")


# Deal headers ---------------------------------------------------------------------------


@pytest.mark.parametrize(("line", "number", "dealer", "direction"), [
    ("deal 1", 1, None, None),
    ("deal 7 dealer W", 7, "W", None),
    ("deal 2 pass hold", 2, None, "hold"),
    ("deal 3 dealer N pass across", 3, "N", "across"),
    ("Deal 4 DEALER e Pass Right", 4, "E", "right"),
    ("  deal   5   dealer  S   pass\tleft  ", 5, "S", "left"),
])
def test_deal_header(line: str, number: int, dealer: str | None, direction: str | None) -> None:
    d = ok(read(line + "\n")).deals[0]
    assert (d.number, d.dealer, d.direction) == (number, dealer, direction)
    assert d.pos == Pos(1, line.index(line.split()[0]) + 1)


# Hands ----------------------------------------------------------------------------------


@pytest.mark.parametrize("hand", [
    "AQ4.K93.J862.T75",
    "aq4.k93.j862.t75",
    "AQ4.K93.J862.1075",
    "♠ A Q 4  ♥ K 9 3  ♦ J 8 6 2  ♣ 10 7 5",
    "♠ A D 4  ♥ R 9 3  ♦ V 8 6 2  ♣ 10 7 5",
    "♠AQ4 ♥K93 ♦J862 ♣T75",
    "♠AQ4♥K93♦J862♣T75",
    "♤ A Q 4 ♡ K 9 3 ♢ J 8 6 2 ♧ T 7 5",
    "♣ 10 7 5 ♦ J 8 6 2 ♠ a d 4 ♥ r 9 3",
    "S:AQ4 H:K93 D:J862 C:T75",
    "s:aq4 h: K 9 3 d:J862 c:1075",
    "S:AQ4 ♥K93 D:J862 ♣ 10 7 5",
    "A♠ Q♠ 4♠ K♥ 9♥ 3♥ J♦ 8♦ 6♦ 2♦ 10♣ 7♣ 5♣",
    "AS QS 4S KH 9H 3H JD 8D 6D 2D TC 7C 5C",
    "5C 7C 10C 2D 6D 8D JD 3H 9H KH 4S QS AS",
    "A♠ D♠ 4♠ R♥ 9♥ 3♥ V♦ 8♦ 6♦ 2♦ 10♣ 7♣ 5♣",
    "a♤ qs 4♠ kh 9♡ 3H jd 8♢ 6D 2d t♧ 7c 5♣",
])
def test_every_hand_form_reads_the_same_cards(hand: str) -> None:
    d = ok(read(f"deal 1\nN: {hand}\n")).deals[0]
    assert d.hands == {"N": NORTH}
    assert d.where["hand:N"] == Pos(2, 1)


@pytest.mark.parametrize(("hand", "expected"), [
    ("AQ4..J862.T75", cards("AS", "QS", "4S", "JD", "8D", "6D", "2D", "TC", "7C", "5C")),
    ("AQ4.-.J862.T75", cards("AS", "QS", "4S", "JD", "8D", "6D", "2D", "TC", "7C", "5C")),
    ("...", ()),
    ("♠ A Q 4 ♥ - ♦ J 8 6 2 ♣ T 7 5", cards("AS", "QS", "4S", "JD", "8D", "6D", "2D", "TC", "7C", "5C")),
    ("♠ A Q 4 ♥ ♦ J 8 6 2 ♣ T 7 5", cards("AS", "QS", "4S", "JD", "8D", "6D", "2D", "TC", "7C", "5C")),
    ("S:AQ4 H: D:J862 C:-", cards("AS", "QS", "4S", "JD", "8D", "6D", "2D")),
    ("S:AQ4 H:- D:J862", cards("AS", "QS", "4S", "JD", "8D", "6D", "2D")),
])
def test_voids(hand: str, expected: tuple[Any, ...]) -> None:
    assert ok(read(f"deal 1\nN: {hand}\n")).deals[0].hands["N"] == expected


def test_unknown_hand_and_missing_hand() -> None:
    d = ok(read("deal 1\nE: ?\nS: ? {nobody saw it}\n")).deals[0]
    assert d.hands == {"E": None, "S": None}
    assert d.hand("N") is None and "N" not in d.hands
    assert d.comment == "nobody saw it"


def test_hands_are_stored_in_display_order() -> None:
    d = ok(read("deal 1\nN: 2C AS 3H KD\n")).deals[0]
    assert [str(c) for c in d.hands["N"] or ()] == ["AS", "3H", "KD", "2C"]


def test_hand_with_renamed_seat_and_lowercase_seat() -> None:
    g = ok(read('[Seats "N E S O"]\ndeal 1\no: ?\nn: ?\n'))
    assert list(g.deals[0].hands) == ["O", "N"]


# Passes ---------------------------------------------------------------------------------


def test_pass_lines() -> None:
    d = ok(read("deal 1 pass left\n"
                "pass N: Q♠ A♠ K♥ {Tenir la dame avec deux piques est dangereux.}\n"
                "pass E>S: 2C 3C 4C\n"
                "pass S: qs?! {why} AH {so} KH\n"
                "pass W : 5C 6C 7C\n")).deals[0]
    n, e, s, w = (d.passes[x] for x in "NESW")
    assert n.cards == (parse_card("QS"), parse_card("AS"), parse_card("KH"))
    assert n.comment == "Tenir la dame avec deux piques est dangereux." and n.mark is None
    assert e.to == "S" and e.comment is None
    assert s.mark == "?!" and s.comment == "why\nso"
    assert w.cards[0] == parse_card("5C")
    assert n.pos == Pos(2, 1) and w.pos == Pos(5, 1)


# Tricks ---------------------------------------------------------------------------------


def test_trick_pairs_colons_marks_and_comments() -> None:
    d = ok(read("deal 1\n"
                "1. S 2♣ W 9♣ N K♣! {Premier pli : aucun point possible.} E 3♣\n"
                "2. N:4S E:7S! S : TS W: JS?\n"
                "3. {la dame tombe} W 5D!! N 6D?? E QS!? S AD?!\n")).deals[0]
    t1, t2, t3 = d.tricks
    assert [(p.seat, str(p.card)) for p in t1.plays] == [("S", "2C"), ("W", "9C"), ("N", "KC"), ("E", "3C")]
    assert t1.plays[2].mark == "!" and t1.plays[2].comment == "Premier pli : aucun point possible."
    assert [p.mark for p in t2.plays] == [None, "!", None, "?"]
    assert t3.comment == "la dame tombe"
    assert [p.mark for p in t3.plays] == ["!!", "??", "!?", "?!"]
    assert t1.pos == Pos(2, 1) and t1.plays[0].pos == Pos(2, 6) and t3.plays[3].pos == Pos(4, 43)


def test_several_comments_on_one_card_are_joined() -> None:
    t = ok(read("deal 1\n1. {a} {b} S 2C {c} {d}\n")).deals[0].tricks[0]
    assert t.comment == "a\nb" and t.plays[0].comment == "c\nd"


DEAL_HANDS = ("N: AQ4.K93.J862.T75\n"
              "E: KJ5.AQJ.AKQ.AKQJ\n"
              "S: T9876.T87.T97.32\n"
              "W: 32.6542.543.9864\n")


def test_bare_cards_follow_the_opening_leader_then_the_winner() -> None:
    d = ok(read("deal 1 pass hold\n" + DEAL_HANDS +
                "1. 2C 4C 5C AC\n"        # S holds 2C: S W N E; E wins with AC
                "2. 2S 3S 4S 5S\n"        # E leads: E S W N; N wins with 4S? no: led S, highest 5S by E
                "3. N 6D 7D\n"            # explicit first seat, the rest clockwise
                )).deals[0]
    assert [p.seat for p in d.tricks[0].plays] == ["S", "W", "N", "E"]
    assert [p.seat for p in d.tricks[1].plays] == ["E", "S", "W", "N"]
    assert [p.seat for p in d.tricks[2].plays] == ["N", "E"]


def test_opening_leader_after_the_pass() -> None:
    # S holds 2C and passes it left (to W): W leads.
    d = ok(read("deal 1 pass left\n" + DEAL_HANDS + "pass S: 2C 3C TD\n1. 2C 5C 6C 7C\n")).deals[0]
    assert [p.seat for p in d.tricks[0].plays] == ["W", "N", "E", "S"]
    # S keeps 2C (its pass is known): S leads.
    d = ok(read("deal 1 pass left\n" + DEAL_HANDS + "pass S: 3C TD 9D\n1. 2C 5C 6C 7C\n")).deals[0]
    assert d.tricks[0].plays[0].seat == "S"
    # The direction comes from the rules' pass cycle when the header omits it.
    d = ok(read("deal 2\n" + DEAL_HANDS + "pass S: 2C 3C TD\n1. 2C 5C 6C 7C\n")).deals[0]
    assert d.tricks[0].plays[0].seat == "E"  # deal 2 passes right: S -> E
    # The one unknown hand holds 2C when the three known ones do not.
    d = ok(read("deal 1 pass hold\nN: AQ4.K93.J862.T75\nE: ?\nW: 32.6542.543.9864\n"
                "S: T9876.T87.T97.3\n1. 2C 3C 4C 5C\n")).deals[0]
    assert d.tricks[0].plays[0].seat == "E"
    # The lowest club in play leads with removed cards (five players: 2C out, 3C leads).
    d = ok(read('[Rules "five-players"]\ndeal 3 pass hold\nP4: 3C 4C\n1. 3C 5C 6C 7C 8C\n')).deals[0]
    assert [p.seat for p in d.tricks[0].plays] == ["P4", "P5", "P1", "P2", "P3"]


def test_opening_leader_after_an_across_pass_of_an_odd_table() -> None:
    # Across with three seats goes one seat on, as the rule set (and so the
    # referee) applies it: P2 passes 2C to P3, who leads.  The reader once had
    # its own offset table, which knew no across pass for an odd table and
    # took the dealt holder (P2) for the leader.
    text = ('[Rules "three-players"]\n[Seats "P1 P2 P3"]\ndeal 1 pass across\n'
            "P1: AKJ5.KQ65.KJT964.K54\nP2: 98742.T9872.Q.JT9632\nP3: QT63.AJ43.A8753.AQ87\n"
            "pass P1: KH QH KC\npass P2: 2C QD TC\npass P3: AH JH AC\n1. 2C 7C 5C\n")
    d = ok(read(text)).deals[0]
    assert [p.seat for p in d.tricks[0].plays] == ["P3", "P1", "P2"]


# Scores, moon, unfinished, result ---------------------------------------------------------


def test_score_total_moon_star_result() -> None:
    g = ok(read("deal 1\n"
                "score N 0 E 26 S:26 W +26 {moon}\n"
                "total N -26 E 0 S 0 W 0\n"
                "moon N subtract\n"
                "*\n"
                "result N\n"))
    d = g.deals[0]
    assert d.score == {"N": 0, "E": 26, "S": 26, "W": 26}
    assert d.total == {"N": -26, "E": 0, "S": 0, "W": 0}
    assert d.moon is not None and (d.moon.seat, d.moon.choice, d.moon.pos) == ("N", "subtract", Pos(4, 1))
    assert d.unfinished and d.comment == "moon"
    assert d.where["score"] == Pos(2, 1) and d.where["total"] == Pos(3, 1)
    assert d.where["unfinished"] == Pos(5, 1)
    assert g.result == ("N",) and g.where["result"] == Pos(6, 1)


@pytest.mark.parametrize(("line", "result"), [
    ("result S", ("S",)), ("result N S", ("N", "S")), ("result *", "*"), ("RESULT w", ("W",)),
])
def test_results(line: str, result: Any) -> None:
    assert ok(read(f"deal 1\n{line}\n")).result == result


# Comments ---------------------------------------------------------------------------------


def test_comment_attachment() -> None:
    g = ok(read("{about the game}\n"
                '[Event "x"] {on a tag line: the game too}\n'
                "deal 1 dealer N {on the header: the deal}\n"
                "{own line after the header: the deal}\n"
                "N: ? {after a hand: the deal}\n"
                "pass N: 2C 3C 4C {the pass}\n"
                "1. {the trick} S 5C {the play}\n"
                "score N 1 {after a score: the deal}\n"
                "result N {after the result: the game}\n"
                "{after the last game: that game}\n"))
    d = g.deals[0]
    assert g.comment == ("about the game\non a tag line: the game too\nafter the result: the game\n"
                         "after the last game: that game")
    assert d.comment == ("on the header: the deal\nown line after the header: the deal\n"
                         "after a hand: the deal\nafter a score: the deal")
    assert d.passes["N"].comment == "the pass"
    assert d.tricks[0].comment == "the trick" and d.tricks[0].plays[0].comment == "the play"


def test_multiline_comment_escapes_and_line_comments() -> None:
    g = ok(read("deal 1\n"
                "1. S 2C {first line\n"
                "   a closing brace \\} and a backslash \\\\ and \\n kept;\n"
                "   see [Event \"not a tag\"]\n"
                "   result N} W 3C ; gone {not a comment\n"
                "2. N 4S\n"))
    t1, t2 = g.deals[0].tricks
    assert t1.plays[0].comment == ("first line\n   a closing brace } and a backslash \\ and \\n kept;\n"
                                   "   see [Event \"not a tag\"]\n   result N")
    assert t1.plays[1].pos == Pos(5, 16)
    assert t2.pos == Pos(6, 1)
    assert g.result is None


def test_spec_example_file() -> None:
    from pathlib import Path

    path = Path(__file__).parent / "data" / "hrn" / "spec-example.hrn"
    (g,) = read_all(path.read_text(encoding="utf-8"))
    assert ok(g).players == {"N": "Vous", "E": "Ada", "S": "Bo", "W": "Cleo"}
    d = g.deals[0]
    assert d.hands["N"] == NORTH and d.hands["E"] is None
    assert [p.seat for p in d.tricks[3].plays] == ["S", "W", "N", "E"]  # S won trick 3 with A♦
    assert d.unfinished and g.result == "*" and d.comment == "Première donne."


def test_empty_comment_is_kept_empty() -> None:
    assert ok(read("deal 1\n1. S 2C {}\n")).deals[0].tricks[0].plays[0].comment == ""


# Several games ------------------------------------------------------------------------------


def test_games_split_on_result_and_on_tags_after_a_deal() -> None:
    text = ("\ufeff[Event \"A\"]\ndeal 1\nresult N\n"
            "\n; between games\n"
            "{about B}\n[Event \"B\"]\ndeal 1\n1. S 2C\n"
            "[Event \"C\"]\n[Site \"here\"]\ndeal 1\n"
            "deal 2\nresult *\n"
            "deal 1\nresult S\n")
    games = read_all(text, source="club.hrn")
    assert [g.tags.get("Event") for g in games] == ["A", "B", "C", None]
    assert [g.index for g in games] == [1, 2, 3, 4]
    assert [g.pos for g in games] == [Pos(1, 1), Pos(6, 1), Pos(10, 1), Pos(15, 1)]
    assert games[1].comment == "about B" and games[1].result is None
    assert [len(g.deals) for g in games] == [1, 1, 2, 1]
    assert all(g.source == "club.hrn" and not g.errors for g in games)


def test_crlf_and_bom() -> None:
    text = "\ufeff[Event \"A\"]\r\ndeal 1\r\nN: AQ4.K93.J862.T75\r\n1. S 2C\r\n"
    g = read_all(text)[0]
    assert g.tags == {"Event": "A"} and g.deals[0].hands["N"] == NORTH
    assert g.deals[0].tricks[0].plays[0].pos == Pos(4, 6)


def test_iterable_of_lines_gives_the_same_games() -> None:
    text = "[Event \"A\"]\ndeal 1\n1. S 2C {a\nb}\nresult N\n[Event \"B\"]\ndeal 1\n"
    from_lines = list(iter_hrn(text.splitlines(keepends=True)))
    assert [view(g) for g in from_lines] == [view(g) for g in iter_hrn(text)]


def test_parse_game_first_line_offsets_positions() -> None:
    g = parse_game("deal 1\n1. S 2C\n", first_line=41)
    assert g.deals[0].pos == Pos(41, 1) and g.deals[0].tricks[0].plays[0].pos == Pos(42, 6)
    bad = parse_game("deal 1\n1. S ZZ\n", first_line=41)
    assert (bad.errors[0].line, bad.errors[0].column) == (42, 6)
