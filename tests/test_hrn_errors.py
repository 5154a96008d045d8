"""Syntax errors the way a compiler reports them: exact line and column, a
message in words (never a Lark terminal name), what was salvaged, and the
next game read afresh."""

from __future__ import annotations

import re
from typing import Any

import pytest

from hearts_notation.io import InputError, iter_games_text
from hearts_notation.io.hrn.reader import iter_hrn, parse_game
from hearts_notation.io.jsonio import RecordError
from hearts_notation.model import Finding, Game
from tests.hrn_oracle import oracle_game

#: Lark's own vocabulary must never reach a user.
LARK_WORDS = re.compile(r"__ANON|\$END|\b[A-Z]+_[A-Z_]+\b|\bRSQB\b|\bLSQB\b|\bCOLON\b|Token\(|Tree\(")


def errors_of(text: str, **kw: Any) -> tuple[Game, Finding]:
    """The game and its one error, the same when the grammar reads the lines."""
    fast = parse_game(text, **kw)
    slow = oracle_game(text, **kw)
    assert fast.errors == slow.errors and fast == slow
    assert len(fast.errors) == 1, fast.errors
    f = fast.errors[0]
    assert f.code == "syntax-error" and f.severity == "error"
    assert not LARK_WORDS.search(f.message), f.message
    return fast, f


def where(text: str, **kw: Any) -> tuple[int | None, int | None, str]:
    _, f = errors_of(text, **kw)
    return f.line, f.column, f.message


# What the grammar refuses -------------------------------------------------------------------

ASCII_SEAT = ("a letter A–Z, then up to 7 letters A–Z or digits, no accents "
              "(a player's name goes in a tag: [North \"Jörg\"])")

GRAMMAR_CASES = [
    ("deal 1\n1. S 2C W ZZ\n", 2, 11, "expected a card such as QS or 10♥, found 'ZZ'"),
    ("deal 1\n1. 1X\n", 2, 4,
     "expected a seat (N, E, S, W), a card such as QS or 10♥, a {comment} or the end of the line, "
     "found '1X'"),
    ("deal 1\n1. S DS\n", 2, 6,
     "'DS' mixes a French rank with a letter suit, which is ambiguous; write D♠ (French ranks R, D, V "
     "take a suit symbol) or QS"),
    ("deal 1\n1. rh 2C\n", 2, 4,
     "'rh' mixes a French rank with a letter suit, which is ambiguous; write R♥ (French ranks R, D, V "
     "take a suit symbol) or KH"),
    ("deal 1\nN: S:A D 4\n", 2, 8,
     "French ranks (R, D, V) are written only in suit-symbol groups such as ♠ A D 4; found 'D'"),
    ("deal 1\n1. S 2C !\n", 2, 9, "a mark goes right after its card, with no space (as in KC!), found '!'"),
    ("deal 1\nN: AQ4.K93.J862\n", 2, 4,
     "a PBN hand has four suits separated by three dots (spades.hearts.diamonds.clubs); found 2 dots"),
    ("deal 1\nN: AQ4.KX3.J862.T75\n", 2, 9,
     "'X' is not a rank (ranks: A K Q J T 10 9 8 7 6 5 4 3 2; '-' for a void)"),
    ("deal 1\nN: AQ4.K93.J862.T7D\n", 2, 19,
     "'D' is not a rank (ranks: A K Q J T 10 9 8 7 6 5 4 3 2; '-' for a void)"),
    ('[Event "abc]\n', 1, 8, "unterminated tag value: the '\"' at 1:8 has no closing '\"'"),
    ("[Event]\n", 1, 7, "expected a quoted tag value such as \"Club\", found ']'"),
    ('[Event "x"\n', 1, 11, "expected ']' to close the tag, found the end of the line"),
    ("deal 1\n1. S 2C }\n", 2, 9, "a '}' with no '{' before it (write \\} for a brace inside a comment)"),
    ("deal 1\n1 S 2C\n", 2, 1,
     "a trick line starts with its number and a dot, as in '1.': write it '1. S 2C'"),
    ("scroe N 3\n", 1, 1,
     "expected a line such as [Tag \"value\"], deal 1, N: AQ4.K93.J862.T75, pass N: ..., 1. S 2C ..., "
     "score ..., total ..., moon ..., * or result ..., found 'scroe'; did you mean 'score'?"),
    ("deal 1\nN: ♠ A Q 4  ♥ K 9 3  ♦ 2  ♣ 5\n   ♥ 6\n", 3, 4,
     "a line cannot begin with a suit: a hand is written on one line, after its seat "
     "(N: ♠ A Q 4 ♥ K 9 3 ...)"),
    ("deal 1 dealer W pass sideways\n", 1, 22,
     "expected a pass direction (left, right, across, hold), found 'sideways'"),
    ("deal\n", 1, 5, "expected a deal number, found the end of the line"),
    # (``deal one`` reads as ``deal 1`` since typed34: a word that says no number is told)
    ("deal zero\n", 1, 6, "expected a deal number, found 'zero'"),
    ("deal 1\nmoon S both\n", 2, 8,
     "expected 'add' or 'subtract', a {comment} or the end of the line, found 'both'"),
    ("deal 1\nresult\n", 2, 7, "expected a seat (N, E, S, W) or '*', found the end of the line"),
    ("deal 1\nN AQ4.K93.J862.T75\n", 2, 3, "expected ':', found 'AQ4.K93.J862.T75'"),
    ("deal 1\nN:\n", 2, 3,
     "expected a hand: '?', PBN such as AQ4.K93.J862.T75, suit groups such as ♠AQ4 ♥K93 or S:AQ4 H:K93, "
     "or cards such as A♠ Q♠, found the end of the line"),
    ("deal 1\nN: ♠ A Q 4 Z\n", 2, 12,
     "expected a rank, another suit group (♠AQ4 or S:AQ4), a {comment} or the end of the line, found 'Z'"),
    ("deal 1\nN: ♠AQ4 K♥\n", 2, 9,
     "expected a rank, another suit group (♠AQ4 or S:AQ4), a {comment} or the end of the line, found 'K♥'"),
    ("deal 1\nN: QS!\n", 2, 6, "a mark belongs on a played or passed card, not on a card of a hand"),
    ("deal 1\npass N: QS! AS? KH\n", 2, 15, "a pass takes one mark; put it on one card only"),
    ("deal 1\nN: ♠AQ4 ♥K93 ♠K\n", 2, 14, "♠ is given twice in this hand (first at 2:4)"),
    ("deal 1\nN: ♠ A - ♥ K\n", 2, 8, "'-' marks a void suit and cannot stand beside ranks"),
    ("deal 1\nscore N\n", 2, 8, "expected ':' or a number of points, found the end of the line"),
    ("deal 1\npass N QS AS KH\n", 2, 8, "expected '>' or ':', found 'QS'"),
    # the ten typed X, as some hand-kept sheets do
    ("deal 1\nN: ♠ Q X 8\n", 2, 8, "'X': the ten is written 10 or T (10♥, TH), not X"),
    ("deal 1\n1. N 2C E X♥\n", 2, 11, "'X♥': the ten is written 10 or T (10♥, TH), not X"),
    ("deal 1\npass N: xs! 3H 4H\n", 2, 9, "'xs!': the ten is written 10 or T (10♥, TH), not X"),
    # seat names are ASCII: an accented one is quoted whole and the message says so
    ("deal 1 dealer Nörd pass left\n", 1, 15, "'Nörd' is not a seat name: " + ASCII_SEAT),
    ("deal 1\nNörd: ?\n", 2, 1, "'Nörd' is not a seat name: " + ASCII_SEAT),
    ("deal 1\n1. S 2C Wé 3C\n", 2, 9, "'Wé' is not a seat name: " + ASCII_SEAT),
    # a player's name typed where the seat stands: the message names the seat
    ('[South "Chloé"]\ndeal 1\nscore N 3 E 4 Chloé 15 W 4\n', 3, 15,
     "'Chloé' is a player's name, not a seat: write that player's seat, S"),
    ("Événement Brest\n", 1, 1,
     "expected a line such as [Tag \"value\"], deal 1, N: AQ4.K93.J862.T75, pass N: ..., 1. S 2C ..., "
     "score ..., total ..., moon ..., * or result ..., found 'Événement'"),
]


@pytest.mark.parametrize(("text", "line", "column", "message"), GRAMMAR_CASES)
def test_grammar_errors(text: str, line: int, column: int, message: str) -> None:
    assert where(text) == (line, column, message)


def test_unterminated_comment_points_at_the_brace_and_the_rest_still_reads() -> None:
    text = ('[Event "A"]\ndeal 1\n1. S 2C {never closed\n2. N 3C\n'
            '[Event "B"]\ndeal 1\n1. S 2C\n')
    a, b = list(iter_hrn(text))
    assert [(f.line, f.column, f.message) for f in a.errors] == [
        (3, 9, "unterminated comment: '{' at 3:9 has no '}' before the tag at line 5")]
    # The line with the brace is lost; trick 2 after it cannot be checked in
    # turn, so deal 1 is kept without tricks (and cut short for the referee).
    assert a.tags == {"Event": "A"} and [(d.number, d.tricks) for d in a.deals] == [(1, ())]
    assert b.errors == () and b.tags == {"Event": "B"} and len(b.deals[0].tricks) == 1


# What the assembler refuses -------------------------------------------------------------------

ASSEMBLY_CASES = [
    ("deal 1\n1. S 2C X 3C\n", 2, 9,
     "unknown seat 'X'; the seats are N E S W (other seat names need a [Seats \"...\"] tag)"),
    ('[Seats "N E S O"]\ndeal 1 dealer W\n', 2, 15,
     "unknown seat 'W'; the seats are N E S O (this game's Seats tag names West O, as on a French sheet)"),
    ('[Seats "P1 P2 P3 P4"]\ndeal 1 dealer O\n', 2, 15,
     "unknown seat 'O'; the seats are P1 P2 P3 P4 (O means West only with the default seats N E S W)"),
    ('[North "Anne"] [East "Bruno"]\ndeal 1\nscore anne 3 E 4 S 15 W 4\n', 3, 7,
     "'anne' is a player's name, not a seat: write that player's seat, N"),
    # (a record kept in French, its first tag says: West is written O there)
    ('[Ouest "Dédé"]\ndeal 1\n1. S 2C DEDE 3C\n', 3, 9,
     "'DEDE' is a player's name, not a seat: write that player's seat, O"),
    ('[West "Dédé"]\ndeal 1\n1. S 2C DEDE 3C\n', 3, 9,
     "'DEDE' is a player's name, not a seat: write that player's seat, W"),
    ("deal 1\nX: ?\n", 2, 1,
     "unknown seat 'X'; the seats are N E S W (other seat names need a [Seats \"...\"] tag)"),
    ("deal 1\npass N>Q: 2C 3C 4C\n", 2, 8,
     "unknown seat 'Q'; the seats are N E S W (other seat names need a [Seats \"...\"] tag)"),
    ("deal 1\nscore N 1 E 2 Z 3\n", 2, 15,
     "unknown seat 'Z'; the seats are N E S W (other seat names need a [Seats \"...\"] tag)"),
    ("deal 1\nmoon P1 add\n", 2, 6,
     "unknown seat 'P1'; the seats are N E S W (other seat names need a [Seats \"...\"] tag)"),
    ("deal 1\nresult N Y\n", 2, 10,
     "unknown seat 'Y'; the seats are N E S W (other seat names need a [Seats \"...\"] tag)"),
    ("deal 1\n1. DS 2C\n", 2, 4,
     "'DS' mixes a French rank with a letter suit, which is ambiguous; write D♠ (French ranks R, D, V "
     "take a suit symbol) or QS"),
    ("deal 1\nN: ?\nE: ?\nN: AQ4.K93.J862.T75\n", 4, 1, "a second hand line for N (the first is at 2:1)"),
    ("deal 1\npass N: 2C\npass N: 3C\n", 3, 1, "a second pass line for N (the first is at 2:1)"),
    ("deal 1\nscore N 1\nscore N 2\n", 3, 1, "a second score line in this deal (the first is at 2:1)"),
    ("deal 1\ntotal N 1\ntotal N 2\n", 3, 1, "a second total line in this deal (the first is at 2:1)"),
    ("deal 1\nmoon N add\nmoon N add\n", 3, 1, "a second moon line in this deal (the first is at 2:1)"),
    ("deal 1\nscore N 1 E 2 N 3\n", 2, 15, "N is given twice in this score line"),
    ("deal 1\nresult N N\n", 2, 10, "N is named twice in the result"),
    ("deal 1\n1. S 2C\n3. N 3C\n", 3, 1,
     "expected trick 2, found trick 3 (trick numbers run 1, 2, 3 ... in each deal)"),
    ("deal 1\n2. S 2C\n", 2, 1,
     "expected trick 1, found trick 2 (trick numbers run 1, 2, 3 ... in each deal)"),
    ("deal 1\n1. 2C 3C 4C 5C\n", 2, 4,
     "cannot tell who leads trick 1: the hands and passes recorded do not show who holds 2♣ after the "
     "pass; write the seat before the card (as in S 2♣)"),
    ("deal 1\n1. S 2C\n2.\n3. 4C\n", 4, 4,
     "cannot tell who leads trick 3: trick 2 has no cards; write the seat before the card"),
    ("N: ?\n", 1, 1, "a hand line before any deal; a deal begins with a header such as "
                     "'deal 1 dealer N pass left'"),
    ("1. S 2C\n", 1, 1, "a trick before any deal; a deal begins with a header such as "
                        "'deal 1 dealer N pass left'"),
    ("*\n", 1, 1, "'*' (an unfinished deal) before any deal; a deal begins with a header such as "
                  "'deal 1 dealer N pass left'"),
    ("deal 1\nresult N\ndeal 2\n", 3, 1,
     "a deal after the result line (2:1); a new game begins with its tags"),
    ("deal 1\nresult N\nresult S\n", 3, 1, "a second result line (the first is at 2:1)"),
    ('deal 1\n[Event "late"]\n', 2, 1,
     "tag [Event] after the first deal; tags come before the deals (a new game begins with its tags)"),
    ('[Event "a"]\n[Event "b"]\n', 2, 1, "tag Event is given twice (first at 1:1)"),
    ('[Seats "N E"]\ndeal 1\n', 1, 8,
     "the Seats tag names 2 seats; a game has 3 to 6 seats, listed clockwise"),
    ('[Seats "N E S 4W"]\ndeal 1\n', 1, 8,
     "Seats tag: '4W' is not a seat name: a letter A–Z, then up to 7 letters A–Z or digits, no accents"),
    ('[Seats "N E S pass"]\ndeal 1\n', 1, 8, "Seats tag: 'pass' is a keyword of the notation"),
    ('[Seats "N E S QS"]\ndeal 1\n', 1, 8, "Seats tag: 'QS' reads as a card"),
    ('[Seats "N E S N"]\ndeal 1\n', 1, 8, "Seats tag: 'N' is named twice"),
]


@pytest.mark.parametrize(("text", "line", "column", "message"), ASSEMBLY_CASES)
def test_assembly_errors(text: str, line: int, column: int, message: str) -> None:
    assert where(text) == (line, column, message)


def test_error_finding_names_the_deal_and_trick() -> None:
    _, f = errors_of("deal 4\n1. S 2C X 3C\n")
    assert (f.deal, f.trick) == (4, 1)
    _, f = errors_of("deal 2\n1. S 2C\n5. N 3C\n")
    assert (f.deal, f.trick) == (2, 5)


# Salvage and resynchronisation -----------------------------------------------------------------


def test_a_syntax_error_costs_its_line_not_the_game() -> None:
    text = ('[Event "A"]\n[North "Ann"]\n{intro}\n'
            "deal 1\nN: ?\n1. S 2C\nscore N 0\n"
            "deal 2\n1. S 2C W ZZ\n"
            "deal 3\n1. S 2C\nresult N\n"
            '[Event "B"]\ndeal 1\nresult S\n')
    a, b = list(iter_hrn(text))
    assert a.tags == {"Event": "A"} and a.players == {"N": "Ann"} and a.comment == "intro"
    # The bad trick line is lost; its deal and every deal after it are read.
    assert [(d.number, len(d.tricks)) for d in a.deals] == [(1, 1), (2, 0), (3, 1)]
    assert a.result == ("N",)
    assert [(f.line, f.column, f.deal) for f in a.errors] == [(9, 11, 2)]
    assert b.errors == () and b.tags == {"Event": "B"} and b.result == ("S",)


def test_an_error_in_the_tags_keeps_the_other_tags() -> None:
    g, f = errors_of('[Event "A"]\n[Site "x\n[Date "y"]\ndeal 1\n')
    assert g.tags == {"Event": "A", "Date": "y"} and (f.line, f.column) == (2, 7)


def test_a_bad_seats_tag_keeps_the_other_tags() -> None:
    g, _ = errors_of('[Event "A"]\n[Seats "N E"]\n[North "Ann"]\ndeal 1\n')
    assert g.tags == {"Event": "A", "North": "Ann"} and g.seats is None and g.deals == ()


def test_every_game_after_a_broken_one_reads() -> None:
    good = '[Event "ok"]\ndeal 1\n1. S 2C W 3C N 4C E 5C\nresult N\n'
    bad = '[Event "bad"]\ndeal 1\n1. S 2C W QQ\nresult N\n'
    games = list(iter_hrn(good + bad + good + bad + good))
    assert [bool(g.errors) for g in games] == [False, True, False, True, False]
    assert [g.errors[0].line for g in games if g.errors] == [7, 15]


def test_broken_file_reports_each_game_at_the_spot() -> None:
    from pathlib import Path

    path = Path(__file__).parent / "data" / "hrn" / "broken.hrn"
    games = list(iter_hrn(path.read_text(encoding="utf-8"), str(path)))
    got = [(g.tags["Event"], [(f.line, f.column, f.message.split(";")[0].split(":")[0]) for f in g.errors])
           for g in games]
    assert got == [
        ("good before", []),
        ("unknown card", [(11, 16, "expected a card such as QS or 10♥, found '8X'")]),
        ("French rank with a letter suit", [(17, 9, "'DS' mixes a French rank with a letter suit, which is "
                                                    "ambiguous")]),
        ("unterminated comment", [(22, 9, "unterminated comment")]),
        ("trick numbers", [(28, 1, "expected trick 2, found trick 3 "
                                   "(trick numbers run 1, 2, 3 ... in each deal)")]),
        ("duplicate hand", [(33, 1, "a second hand line for E (the first is at 32")]),
        ("implied seats", [(37, 4, "cannot tell who leads trick 1")]),
        ("good after", []),
    ]
    assert games[-1].seats == ("N", "E", "S", "O") and games[-1].result == "*"


# Inputs with no game -------------------------------------------------------------------------


def test_only_comments_is_an_input_error() -> None:
    with pytest.raises(RecordError, match="no game found: the input holds only comments") as exc:
        list(iter_hrn("\n; nothing\n  {really nothing}\n"))
    assert (exc.value.line, exc.value.column) == (2, 1)
    with pytest.raises(InputError) as exc2:
        list(iter_games_text("{just a remark}\n", "hrn", "notes.hrn"))
    assert str(exc2.value) == "notes.hrn:1:1: no game found: the input holds only comments"


@pytest.mark.parametrize(("text", "where"), [("{a remark never closed\n", "1:1"),
                                             ("{closed}\n  {a} {open\n", "2:7"),
                                             ("; {in a note}\n\n{x\\}y\n", "3:1")])
def test_a_comment_never_closed_is_named_not_only_comments(text: str, where: str) -> None:
    """A file that is one ``{`` never closed is not "only comments": the
    message says where the unterminated comment opened."""
    with pytest.raises(InputError) as exc:
        list(iter_games_text(text, "hrn", "notes.hrn"))
    assert str(exc.value) == f"notes.hrn:{where}: unterminated comment: '{{' at {where} has no '}}'"


def test_blank_input_is_an_input_error() -> None:
    with pytest.raises(RecordError, match="empty input"):
        list(iter_hrn("\n  \n"))


# Did you mean: a mistyped keyword, direction or moon choice (issue 23) ----------------------


@pytest.mark.parametrize(("text", "word"), [
    ("socre N 3\n", "score"), ("deal 1 dealr N\n", "dealer"), ("deal 1 pass lfet\n", "left"),
    ("donne 1 passe gauch\n", "gauche"), ("deal 1\nmoon S ad\n", "add"),
    ("donne 1\nchelme S ajoute\n", "chelem"), ("resutl N\n", "result"), ("deal 1\nmarqeu N 3\n", "marque"),
])
def test_a_mistyped_word_is_named(text: str, word: str) -> None:
    _, f = errors_of(text)
    assert f.message.endswith(f"; did you mean '{word}'?"), f.message
    assert f.text("fr").endswith(f" ; vouliez-vous dire « {word} » ?")


@pytest.mark.parametrize("text", ["zzz N 3\n", "deal 1 pass sideways\n", "deal 1\nN: XX\n"])
def test_no_guess_without_a_close_word(text: str) -> None:
    _, f = errors_of(text)
    assert "did you mean" not in f.message


def test_capot_is_a_moon_keyword() -> None:
    game = parse_game("donne 1\nN: ?\ncapot S ajoute\n")
    assert not game.errors and game.deals[0].moon is not None
    assert (game.deals[0].moon.seat, game.deals[0].moon.choice) == ("S", "add")


@pytest.mark.parametrize(("words", "direction"), [
    ("passe à gauche", "left"), ("passe  À   droite", "right"), ("passe en face", "across"),
    ("pass en\tface", "across"),
])
def test_french_directions_in_two_words(words: str, direction: str) -> None:
    game = parse_game(f"donne 1 {words} ; note\nN: ?\n")
    assert not game.errors and game.deals[0].direction == direction
    assert game == oracle_game(f"donne 1 {words} ; note\nN: ?\n")
