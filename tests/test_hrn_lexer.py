"""The reader's lexer reads every line as the grammar does.

``grammar/hearts.lark`` is the normative definition of the syntax; the reader
reads lines with its own hand-written lexer (``hearts_notation.io.hrn.lex``).
Both must give the same elements, the same errors at the same places, for
any line (canonical, hand-typed, commented, token soup, mutated), and the
same games for whole files (generated, ``--unicode``, French, fuzzed).
The lexer's tables and token patterns are checked against the grammar's
terminals.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, example, given
from hypothesis import strategies as st

from hearts_notation.generate import random_game
from hearts_notation.io.hrn.reader import iter_hrn
from hearts_notation.io.hrn.words import CARD_TABLE, TOKENS, card_spelling
from hearts_notation.io.hrn.writer import dumps_hrn
from hearts_notation.rules import parse_rules
from tests.budget import sweep
from tests.hrn_oracle import grammar, lexer_or_error, oracle_games, oracle_or_error, view

SEATS = ("N", "E", "S", "W")


def terminal_pattern(name: str) -> str:
    return str(next(t for t in grammar().terminals if t.name == name).pattern.to_regexp())


def both_ways(text: str, **kw: Any) -> list[Any]:
    ours = [view(g) for g in iter_hrn(text, **kw)]
    theirs = [view(g) for g in oracle_games(text, **kw)]
    assert ours == theirs
    return ours


def agrees(line: str) -> None:
    assert lexer_or_error(line) == oracle_or_error(line), line


# Shared tables -------------------------------------------------------------------------------


def test_card_table_is_the_card_terminal() -> None:
    card_re = re.compile(terminal_pattern("CARD"))
    assert all(card_re.fullmatch(k) for k in CARD_TABLE)
    # Per suit: 19 English rank spellings (T, t, 10, a/A...) x 2 letter cases, and 25 rank
    # spellings with the French R D V x 2 symbols; each bare or with one of 6 marks.
    assert len(CARD_TABLE) == 4 * (19 * 2 + 25 * 2) * 7


CARDISH = st.text(alphabet="0123456789TJQKARDVtjqkardvSHDCshdcXx♠♥♦♣♤♡♢♧!? \t\u00a0\u202f\u3000\u200b\ufe0f",
                  min_size=1, max_size=6)


@given(CARDISH)
@example("D♠\u202f!")
@example("qs\u00a0??")
@example("D♠ !")
@example("D♠\u00a0\u00a0!")
@example("\u00a0!")
@example("D♠\ufe0f\u202f!")
@example("QS\ufe0f")
@example("D♠\ufe0f\ufe0f")
def test_card_table_matches_exactly_the_card_terminal(s: str) -> None:
    """The lexer's card spellings (the table, and a mark after a no-break
    space) are exactly the strings the grammar's CARD terminal reads."""
    assert (re.fullmatch(terminal_pattern("CARD"), s) is not None) == (card_spelling(s) is not None)
    assert s not in CARD_TABLE or card_spelling(s) == CARD_TABLE[s]


def test_a_mark_after_a_no_break_space_is_the_cards_mark() -> None:
    """French typography's narrow no-break space before ``!`` and ``?``
    (spec 2.5) leaves the mark on its card; an ordinary space does not."""
    for space in "\u00a0\u2007\u2009\u200a\u202f\u205f\u3000":
        assert card_spelling(f"D♠{space}!") == card_spelling("D♠!")
        assert card_spelling(f"QS{space}?!") == card_spelling("QS?!")
        agrees(f"1. S 2C W 9C N QS{space}?? E 3C")
        agrees(f"pass N{space}: D♠{space}! A♠ K♥")
    assert card_spelling("D♠ !") is None
    assert card_spelling("D♠\u00a0") is None
    got = lexer_or_error("1. S 2♣ W 9♣ N D♠\u202f!\u00a0E 3♣")
    assert not isinstance(got, str) and got[0][10] == [None, None, "!", None]
    assert "no space" in str(lexer_or_error("1. S 2C W 9C N QS ! E 3C"))


def test_the_token_patterns_are_the_grammars_terminals() -> None:
    terminals = {t.name: t.pattern.to_regexp() for t in grammar().terminals}
    assert {name: terminals[name] for name in TOKENS} == TOKENS
    assert set(terminals) - set(TOKENS) == {"WS", "LINE_COMMENT"}


def test_the_tokens_are_tried_in_the_grammars_order() -> None:
    """Where several tokens may stand, Lark's lexer tries them by priority,
    then by width, then by the length of their pattern."""
    order = sorted(grammar().terminals,
                   key=lambda t: (-t.priority, -t.pattern.max_width, -len(t.pattern.value), t.name))
    assert [t.name for t in order if t.name in TOKENS] == list(TOKENS)


# Line level ----------------------------------------------------------------------------------

CANONICAL_LINES = [
    '[Event "Generated"]', '[Rules "standard"]', '[Note "a \\"b\\" \\\\ c; {d}"]',
    "deal 1 dealer N pass left", "deal 12", "deal 3 pass hold", "deal 4 dealer W",
    "N: QT65.J94.A62.A64", "E: ?", "S: ...", "N: ♠ A Q 4",
    "N: ♠ A D 4  ♥ R 9 3  ♦ V 8 6 2  ♣ 10 7 5", "E: ♠AQ4 ♥ -  ♦J862 ♣t75", "W: ♤ ♡ 2 ♢ ♧",
    "W: -.AKQJT98765432.-.-", "P3: 10.9.8.7",
    "pass N: AC 6S 6D", "pass E>S: 5C JS! TD", "pass W:", "pass N: QS AS",
    "1. S 2C W QC N 6C E AC", "13. N 3H E 2H S 5H W 8S", "4. TD 9D 8D KH", "2. N 4S! E 7S?? S TS",
    "5. S 2♣ W 9♣ N K♣! E 3♣", "6.", "7. n 2c e 3c",
    "score N 0 E 17 S 7 W 2", "total N -26 E +3", "moon S add", "moon S", "capot O {c}", "moon N subtract",
    "*", "result N", "result *", "result N S", "", "   ", "  1. S 2C",
]


def test_canonical_lines_read_as_the_grammar_reads_them() -> None:
    for line in CANONICAL_LINES:
        got = lexer_or_error(line)
        assert not isinstance(got, str), (line, got)
        assert got == oracle_or_error(line), line


#: Lines whose words are not whole tokens, or that are not HRN.
ODD = ["1. S:2C", "1. S {c} 2C", "deal 1 {c} dealer N", "1. S 2C {a\\}b}", "1. S 2C {a{b}",
            "1. S 2C  {c}", "1. S 2C {c}x", "{c}1. S 2C", "1. S 2C{c}", "1. S 2C {c",
            "N: ♠AQ4♥K93", "N: ♠ A Q 4 ♠ K", "1. S\t2C", "deal 1 Dealer N", "1. DS",
            "N: AQ4.K93", "1. S ZZ", "deal: ?", "pass N QS", "score N", "1. S 2C ; note", "deal 1  dealer N"]


def test_odd_lines_read_or_fail_as_the_grammar_says() -> None:
    for line in ODD:
        agrees(line)


#: Lines with brace comments (the lexer must read them as the grammar does).
COMMENTED_LINES = [
    "{Scored at the table.}", "{a} {b}", "{}", "1. {Nothing to lose.} E 2C S 4C W KC N TC",
    "3. N 3C E 5C S 6C W QS! {W dumps the queen on S.}", "1. S 2C {x} {y} W 3C {z}",
    "4. 10♦ {a} 9♦ 8♦ K♥ {b}", "pass N: KH AH TH? {The three top hearts go left.}",
    "pass N>E: QS AS KH {a} {b}", "deal 1 dealer W pass left {c}", "{c} deal 2", "N: AJT8.AKT8.Q7.Q83 {h}",
    "score N 13 E 0 S 13 W 0 {s}", "total N 1 E 2 {t; with a semicolon}", "moon S add {m}",
    "* {unfinished}", "result E {e}", "  {indented} 6. {c}", "N: ? {unknown}", "1. S 2C {\ttab\tinside}",
    "N: ♠ A Q 4 ♥ K 9 3 ♦ J 8 6 2 ♣ T 7 5 {symbols}",
]


def test_commented_lines_read_as_the_grammar_reads_them() -> None:
    for line in COMMENTED_LINES:
        got = lexer_or_error(line)
        assert not isinstance(got, str), (line, got)
        assert got == oracle_or_error(line), line


#: Lines as people type them: other spacing, ``;`` notes, comments on a
#: trick, French words; and the same with a bad value (its column counts).
TYPED_LINES = [
    "donne  1  donneur  N  passe  gauche ; dealt at the club", "  N:  QT9852.T76.3.Q98",
    "1.  E 2C   S 5C  W AC N QC ", "\t2. W JS\tN TS  E 3S S 7S", "pass  N>E:  QS AS KH ; x",
    "score  N 0  E 26 ;", "marque N 0 E 22 S 4 W 0 ;n", "total\fN 1 E 2", "passe N: 5S 6H QS ",
    "1. {trick 1, as played} E 2C  S 5C  W AC  N QC", "12. {a} W 5H {b} N TH  E QH S 9H ; n",
    "3. {c}  2C 3C 4C 5C", "  4. {x} E 2C {y} {z}", "deal 2 ; {not a comment}",
    "donne  1  donneur  N  passe  gauch", "  N:  QT9852.T76.3.Q9X", "pass  N:  QS QS! AS!",
    "deal   123456789012345678901234567890  dealer N", "1.  E 2C  S 5C  W AC  N 1C",
    "score  N  1  E  2x", "pass  N>Z:  QS", "  total  N 1  E +2  S -3", "1. {a} E 2C  S ZZ",
    "9999999999999999999999999. {x} E 2C", "1.  S 2C  W 3C  N 4C  E 5C  S 6C",
]


def test_typed_lines_read_as_the_grammar_reads_them() -> None:
    """The lines of a hand-typed file (read from their words whatever the
    spacing): the same elements and columns, or the same error at the same
    place, as the grammar."""
    for line in TYPED_LINES:
        agrees(line)


_TRICK_WORDS = ["E", "S", "n", "2C", "QS!", "10H", "Q♠", "{c}", "{a b}", "{c;d}", "{ x }", "{a{b}", "{",
                "}", ":", ">", "[", "]", ";", "; n", "deal", "x", "\t", "  ", "E:", "{e}QS"]


@sweep(300, default=100, deadline=None)
@given(st.lists(st.sampled_from(_TRICK_WORDS), max_size=9), st.sampled_from([" ", "  ", "\t", ""]),
       st.sampled_from(["1.", "12.", "  3."]))
def test_trick_lines_with_comments_agree_with_the_grammar(words: list[str], sep: str, head: str) -> None:
    """Trick lines with comments are cut into words with string methods
    (not the token patterns): the same elements, columns and errors as the
    grammar, whatever stands between the words."""
    agrees(head + " " + sep.join(words))


_BODIES = ["c", "x y", " pad ", "", "a;b", "\tq", "é — ok", "QS!", "N 2C", "[x]", '"q"', "  two  spaces "]


@sweep(300, default=100, deadline=None)
@given(st.sampled_from([*CANONICAL_LINES, *COMMENTED_LINES]),
       st.lists(st.tuples(st.integers(0, 30), st.sampled_from(_BODIES)), min_size=1, max_size=3))
def test_the_lexer_agrees_with_comments_between_words(line: str,
                                                                inserts: list[tuple[int, str]]) -> None:
    words = line.split(" ")
    for at, body in inserts:
        words.insert(min(at, len(words)), "{" + body + "}")
    agrees(" ".join(words))


VOCABULARY = [
    "deal", "Deal", "dealer", "pass", "left", "hold", "score", "total", "moon", "add", "result", "*",
    "N", "E", "S", "W", "O", "P1", "n", "X", "QS", "qs", "10H", "TH", "Q♠", "D♠", "DS", "KC!", "2C??",
    "1.", "2.", "13.", "1", "-3", "+4", "?", "!", ":", "N:", "S:", "N>E:", ">", "AQ4.K93.J862.T75",
    "...", "-.-.-.-", "AQ4.K93", "♠", "♠AQ4", "S:AQ4", "♥ K 9", "♠ 10", "♦ -", "♣ D", "4♥",
    "[", "]", '"x"', "[Event", '"v"]', "{c}", ";",
    "}", "deal1", "ZZ",
    # as people type: French words, glued tokens, odd cases and spellings
    "donne", "Donneur", "passe", "gauche", "face", "garde", "marque", "chelem", "ajoute", "retire",
    "résultat", "RÉSULTAT", "resultat", "R♠", "V♥", "d♦", "acroſs", "Qſ", "2♣S", "W:5♦", "{a\\}b}",
    "{a{b}", "; note", "{x\ny}", "1.S", "N:AQ4.K93.J862.T75", "score:", "result*", "\u00a0",
    # a word processor's spaces before a mark (French typography), and a mark typed apart
    "D♠\u202f!", "QS\u00a0??", "\u202f?", "2c\u3000!?", "DS\u00a0!", "♠\u00a0?", "\u00a0:",
    # and inside a suit group or a two-word keyword (the grammar's groups took space and tab only)
    "♠\u00a0A\u202fD", "S:\u00a0A", "A", "D", "10", "à\u00a0gauche", "grand\u00a0chelem",
    # a suit symbol as a phone's emoji keyboard types it (U+FE0F after it)
    "4♠\ufe0f", "D♥\ufe0f!", "D♠\ufe0f\u202f?", "♥\ufe0f K 9", "♣\ufe0fAQ", "\ufe0f", "S\ufe0f",
]


@st.composite
def token_soup(draw: st.DrawFn) -> str:
    words = draw(st.lists(st.sampled_from(VOCABULARY), max_size=8))
    seps = draw(st.lists(st.sampled_from([" ", " ", " ", "  ", "\t", "", "\f", " \r", "\u202f"]),
                         min_size=len(words), max_size=len(words)))
    lead = draw(st.sampled_from(["", "", " ", "  "]))
    return lead + "".join(w + s for w, s in zip(words, seps, strict=True))


@sweep(400, default=100, deadline=None)
@given(token_soup())
@example("pass")        # a keyword alone: no word after it to read (was an IndexError)
@example("score")
def test_the_lexer_agrees_on_token_soup(line: str) -> None:
    # A logical line as the cutter makes it: a ``;`` note ends its line, so
    # no note runs over a newline (a newline stands only inside {braces}).
    assume(re.search(";[^\n]*\n", line) is None)
    agrees(line)


@sweep(300, default=100, deadline=None)
@given(st.sampled_from(CANONICAL_LINES), st.lists(
    st.tuples(st.integers(0, 60), st.sampled_from(["", " ", "\t", ":", ".", "!", "?", "{", "}", ";", "0",
                                                   "1", "C", "S", "N", "-", ">", "*", '"', "♠", "D"])),
    min_size=1, max_size=3))
def test_the_lexer_agrees_on_mutated_lines(line: str, edits: list[tuple[int, str]]) -> None:
    for at, ch in edits:
        at = min(at, len(line))
        line = line[:at] + ch + line[at + 1:] if ch and at % 2 else line[:at] + ch + line[at:]
    agrees(line)


# Whole files ------------------------------------------------------------------------------


def test_generated_games_read_as_the_grammar_reads_them() -> None:
    rng = random.Random(7)
    for spec in ("standard", "three-players", "six-players", "kawu target=50"):
        rules = parse_rules(spec)
        games = [random_game(rules, rng, deals=2) for _ in range(3)]
        text = dumps_hrn(games)
        views = both_ways(text)
        assert [v[0] for v in views] == games


def test_unicode_and_french_text_reads_as_the_grammar_reads_it() -> None:
    rng = random.Random(8)
    games = [random_game(parse_rules("standard"), rng, deals=2) for _ in range(2)]
    for kw in ({"unicode": True}, {"lang": "fr"}):
        views = both_ways(dumps_hrn(games, **kw))
        assert [v[0] for v in views] == games


_FUZZ_ALPHABET = [*" \t\n{}[];:.\"\\!?-*>0123456789ACDHJKNQRSTVWEabcdps♠♥♦♣♤", "deal ", "result N\n",
                  '[Event "x"]\n']
_BASE_TEXT = dumps_hrn([random_game(parse_rules("standard"), random.Random(3), deals=1)])


@sweep(60, default=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.integers(0, len(_BASE_TEXT)), st.sampled_from(_FUZZ_ALPHABET),
                          st.integers(0, 2)), min_size=1, max_size=6))
@example(edits=[(171, "deal ", 0)])     # ('deal pass N: …': an internal Mismatch escaped)
def test_fuzzed_files_read_as_the_grammar_reads_them(edits: list[tuple[int, str, int]]) -> None:
    text = _BASE_TEXT
    for at, s, mode in edits:
        if mode == 0:
            text = text[:at] + s + text[at:]
        elif mode == 1:
            text = text[:at] + s + text[at + len(s):]
        else:
            text = text[:at] + text[at + 1:]
    try:
        both_ways(text)
    except Exception as exc:  # only "no game at all" may escape, and then both ways
        from hearts_notation.io.jsonio import RecordError

        assert isinstance(exc, RecordError)


@pytest.mark.parametrize("word", ["deal", "Donne", "pass", "passe", "score", "marque", "total",
                                  "moon", "capot", "chelem", "result", "resultat", "dealer", "left"])
def test_a_line_keyword_after_a_comment_in_a_trick_is_no_seat(word: str) -> None:
    """Right after a comment in a trick line the grammar reads a line's
    keyword as that keyword (an error there), not as a seat; elsewhere in the
    line such a word is a seat name (found by the token soup above)."""
    for line in (f"1. {{x}} {word} QS", f"1. N QS {{x}} {word} KS", f"1. {{a\\}}b}} {word} R♠ ",
                 f"1. {word} QS", f"1. N QS {word} KS", f"1. {{x}} QS {word} KS"):
        agrees(line)
