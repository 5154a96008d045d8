"""Hand-typed English records (helper english12): what a club scorer, a
home player, a teacher or a researcher copying a log types away from the
notation (cards ``Q of S``, ``♠Q``, ``1H``; hands ``Spades: A K 4``,
``S-AKQ``, ``AJT8/AKT8/Q7/Q83``; a deal ``Hand 3 (dealer South, pass
across)``; a pass ``N passes KH AH TH to E``; a record pasted with its line
numbers; remarks after ``#`` or in ``[...]``; a tag ``[Event: "..."]``),
each refused at its line and column with the form to write, in English and
in French; a line a message offers reads; the forms that read are the same
game as the record.  docs/notation.md, "Typed by hand, in English";
docs/robustness.md, "english12".  Every test reads the first deal of
``samples/canonical.hrn``, in process: cheap.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from hearts_notation.cli import cli
from hearts_notation.i18n import render
from hearts_notation.io.hrn.reader import iter_hrn
from hearts_notation.io.hrn.writer import dumps_hrn

ROOT = Path(__file__).resolve().parent.parent
_FULL = (ROOT / "samples" / "canonical.hrn").read_text(encoding="utf-8")
#: The canonical record's tags and first deal (its comments and marks kept), unfinished.
SHEET = _FULL[:_FULL.index("deal 2 ")].rstrip() + "\n\nresult *\n"

DEAL = "deal 1 dealer W pass left"
HAND_N = "N: AJT8.AKT8.Q7.Q83"
PASS_N = "pass N: KH AH TH?"
TRICK_1 = "1. {Nothing can be lost on the first trick.} E 2C S 4C W KC N TC"
TRICK_3 = "3. N 3C E 5C S 6C W QS!"
TRICK_9 = "9. N TS E AH S QH W 6S"
EVENT = '[Event "Thursday club night"]'


def _errors(text: str, lang: str = "en") -> list[tuple[str, str]]:
    """Each error of *text* read: where, and what it says in *lang*."""
    return [(f"{f.line}:{f.column}", render(lang, f.key, f.args))
            for game in iter_hrn(text) for f in game.errors]


def _canonical(text: str) -> str:
    games = list(iter_hrn(text))
    assert [f.message for g in games for f in g.errors] == []
    return dumps_hrn(games)


#: (the line as the record writes it, as a person types it, where, what the error says)
REFUSED = [
    # cards
    (TRICK_3, "3. N 3C E 5C S 6C W Q of S", "27:21",
     "'Q of S': a card is written as its rank and suit, such as Q♠"),
    (TRICK_9, "9. N Ten of Spades E AH S QH W 6S", "33:6",
     "'Ten of Spades': a card is written as its rank and suit, such as 10♠"),
    (TRICK_9, "9. N TS E AH S QH W six of spades", "33:21",
     "'six of spades': a card is written as its rank and suit, such as 6♠"),
    (TRICK_3, "3. N 3C E 5C S 6C W ♠Q", "27:21",
     "expected a card such as QS or 10♥, found '♠Q'; did you mean 'Q♠'?"),
    (TRICK_3, "3. N C3 E 5C S 6C W QS", "27:6",
     "expected a card such as QS or 10♥, found 'C3'; did you mean '3C'?"),
    (TRICK_3, "3. N 3C E 5C S 6C W ＱＳ", "27:21",
     "expected a card such as QS or 10♥, found 'ＱＳ'; did you mean 'QS'?"),
    (TRICK_3, "3. N 3-C E 5C S 6C W QS", "27:6",
     "expected a card such as QS or 10♥, found '3-C'; did you mean '3C'?"),
    (TRICK_9, "9. N TS E 1H S QH W 6S", "33:11",
     "'1H': there is no rank 1: write the ace AH, or the ten 10H"),
    (TRICK_3, "3. N 3C E 5C S 6C W Q\u200bS", "27:21",
     "found a special space (U+200B: a no-break, thin or zero-width space, as a word processor puts "
     "before : or ?) where the notation wants an ordinary space or a word: type an ordinary space"),
    # hands
    (HAND_N, "N: Spades: A J 10 8 Hearts: A K 10 8 Diamonds: Q 7 Clubs: Q 8 3", "17:4",
     "expected a hand: '?', PBN such as AQ4.K93.J862.T75, suit groups such as ♠AQ4 ♥K93 or S:AQ4 "
     "H:K93, or cards such as A♠ Q♠, found 'Spades: A J 10 8 Hearts…'; write it "
     "'N: S:AJT8 H:AKT8 D:Q7 C:Q83'"),
    (HAND_N, "N: S-AJT8 H-AKT8 D-Q7 C-Q83", "17:4", "write it 'N: S:AJT8 H:AKT8 D:Q7 C:Q83'"),
    (HAND_N, "N: S AJT8 H AKT8 D Q7 C Q83", "17:4", "write it 'N: S:AJT8 H:AKT8 D:Q7 C:Q83'"),
    (HAND_N, "N: AJT8/AKT8/Q7/Q83", "17:4", "write it 'N: AJT8.AKT8.Q7.Q83'"),
    (HAND_N, "N: AJT8 AKT8 Q7 Q83", "17:4", "write it 'N: AJT8.AKT8.Q7.Q83'"),
    (HAND_N, "N: AJT8 . AKT8 . Q7 . Q83", "17:4", "write it 'N: AJT8.AKT8.Q7.Q83'"),
    # deal headers
    (DEAL, "Hand 1 (dealer West, pass left)", "15:1",
     "found 'Hand 1'; write it 'deal 1 dealer West pass left'"),
    (DEAL, "Board 1 dealer W pass left", "15:1", "found 'Board 1'; write it 'deal 1 dealer W pass left'"),
    (DEAL, "Deal 1, West deals, pass left", "15:7",
     "',': the fields of a deal's header are parted by blanks only, as in 'Deal 1 dealer West pass left'"),
    # passes
    (PASS_N, "N passes KH AH TH to E", "21:1", "found 'N passes'; write it 'pass N>E: KH AH TH'"),
    (PASS_N, "pass N: KH AH TH to E", "21:18",
     "expected a card such as QS or 10♥, a {comment} or the end of the line, found 'to E'; "
     "write it 'pass N>E: KH AH TH'"),
    (PASS_N, "pass N to E: KH AH TH", "21:8", "found 'to'; write it 'pass N>E: KH AH TH'"),
    (PASS_N, "N -> E: KH AH TH", "21:1", "found 'N -> E:'; write it 'pass N>E: KH AH TH'"),
    (PASS_N, "N: pass KH AH TH", "21:4", "found 'pass'; write it 'pass N: KH AH TH'"),
    (PASS_N, "Pass: N -> KH AH TH", "21:5", "found 'Pass: N ->'; write it 'pass N: KH AH TH'"),
    # tricks and remarks
    (TRICK_9, "9. N TS EAH S QH W 6S", "33:9",
     "expected a seat (N, E, S, W), found 'EAH'; did you mean 'E AH'?"),
    ("score N 13 E 0 S 13 W 0", "score N13 E 0 S 13 W 0", "38:7", "found 'N13'; did you mean 'N 13'?"),
    (TRICK_1, "1. E 2C S 4C W KC* N TC", "25:18",
     "'KC*': a trick's winner is not written, it follows from the cards; a remark goes in braces {…} "
     "or after ';'"),
    (TRICK_9, "9. N TS E AH S QH W 6S # the queen falls", "33:24",
     "'# the queen falls': a remark is written in braces, {like this} (it is kept), or after ';' to "
     "the end of the line (it is not read)"),
    (TRICK_9, "9. N TS E AH S QH W 6S [queen falls]", "33:24", "'[queen falls]': a remark is written"),
    (TRICK_9, "% the queen falls\n" + TRICK_9, "33:1", "'% the queen falls': a remark is written"),
    # tags
    (EVENT, '[Event: "Thursday club night"]', "1:7",
     "expected a quoted tag value such as \"Club\", found ':'; write it '[Event \"Thursday club night\"]'"),
    (EVENT, "[Event Thursday club night]", "1:8",
     "found 'Thursday'; write it '[Event \"Thursday club night\"]'"),
    # a line number pasted with the line
    (TRICK_9, "33 " + TRICK_9, "33:1",
     "'33': a line of the record does not start with a line number (copied with the record?): write "
     "the line without it, '9. N TS E AH S QH W 6S'"),
    (EVENT, "1: " + EVENT, "1:1", "write the line without it, '[Event \"Thursday club night\"]'"),
]


@pytest.mark.parametrize(("written", "typed", "where", "said"), REFUSED)
def test_a_form_typed_by_hand_is_told_with_the_form_to_write(written: str, typed: str, where: str,
                                                              said: str) -> None:
    """One error, at the form's place, saying what to write instead: the
    line is lost, not read as something else (nor the deal's other lines)."""
    assert written in SHEET
    errors = _errors(SHEET.replace(written, typed, 1))
    if written == PASS_N:    # (the pass line lost, the deal has no pass for N: a second error)
        errors = [e for e in errors if "no pass is recorded" not in e[1]]
    assert len(errors) == 1, errors
    assert errors[0][0] == where
    assert said in errors[0][1]


#: The whole line a message offers to write instead.
_OFFERED = re.compile(r"(?:write it|as in|without it,) '(.+)'\Z")


@pytest.mark.parametrize(("written", "typed", "said"), [
    (w, t, s) for w, t, _, s in REFUSED if _OFFERED.search(s) and "\n" not in t])
def test_the_line_a_message_offers_reads(written: str, typed: str, said: str) -> None:
    """Never offer a line the reader refuses: the line offered, put in the
    record for the one typed, reads without an error."""
    offered = _OFFERED.search(said)
    assert offered is not None
    lines = SHEET.replace(written, typed, 1).split("\n")
    at = next(i for i, ln in enumerate(lines) if typed in ln)
    lines[at] = lines[at].replace(typed, offered.group(1))
    assert _errors("\n".join(lines)) == [], offered.group(1)


def test_the_new_messages_are_told_in_french() -> None:
    """The catalogs say english12's messages in both languages."""
    errors = _errors(SHEET.replace(TRICK_9, "9. N TS E 1H S QH W 6S", 1), "fr")
    assert errors == [("33:11", "'1H' : il n'y a pas de hauteur 1 : écrivez l'as AH, ou le dix 10H")]
    errors = _errors(SHEET.replace(EVENT, "01 " + EVENT, 1), "fr")
    assert errors == [("1:1", "'01' : une ligne de la feuille ne commence pas par un numéro de ligne "
                       "(copié avec la feuille ?) : écrivez la ligne sans lui, "
                       "« [Event \"Thursday club night\"] »")]


def test_a_hand_header_keeps_its_deal() -> None:
    """``Hand 1 (...)`` loses its header line only: the deal keeps its
    hands, passes and tricks (it was one error per hand line, and no deal)."""
    games = list(iter_hrn(SHEET.replace(DEAL, "Hand 1 (dealer West, pass left)", 1)))
    assert [d.number for d in games[0].deals] == [1]
    assert len(games[0].deals[0].tricks) == 13


#: (the line as the record writes it, as a person types it): read as the same game.
READ = [
    (TRICK_9, "9. N 10s E ah S q♥ W 6♠"),
    (TRICK_9, "9. N tS E aH S qH W 6s"),
    (TRICK_9, "9.\tN TS\tE AH\tS QH\tW 6S   "),
    (HAND_N, "N: AS, JS, TS, 8S, AH, KH, TH, 8H, QD, 7D, QC, 8C, 3C"),
    (HAND_N, "N: S: AJT8, H: AKT8, D: Q7, C: Q83"),
    (HAND_N, "N: AJ108.AK108.Q7.Q83"),
    (HAND_N, "n: ajt8.akt8.q7.q83"),
    (HAND_N, "North: AJT8.AKT8.Q7.Q83"),
    (DEAL, "DEAL 1 DEALER WEST PASS LEFT"),
    (DEAL, "deal 1 dealer: W pass: left"),
    ("score N 13 E 0 S 13 W 0", "score: N 13, E 0, S 13, W 0"),
    ("score N 13 E 0 S 13 W 0", "score N: 13 E: 0 S: 13 W: 0"),
    ("result *", "result: *"),
]


@pytest.mark.parametrize(("written", "typed"), READ)
def test_a_form_the_notation_reads_is_the_same_game(written: str, typed: str) -> None:
    assert written in SHEET
    assert _canonical(SHEET.replace(written, typed, 1)) == _canonical(SHEET)


def test_a_record_typed_with_crlf_tabs_and_a_bom_is_the_same_game() -> None:
    typed = "\ufeff" + SHEET.replace("\n", "   \r\n").replace("N: AJT8", "N:\tAJT8")
    assert _canonical(typed) == _canonical(SHEET)


def test_the_commands_say_where_and_exit_2(tmp_path: Path) -> None:
    """The one subprocess-free run through a command: ``convert`` exits 2
    with the file, line and column, and no traceback."""
    path = tmp_path / "typed.hrn"
    path.write_text(SHEET.replace(PASS_N, "N passes KH AH TH to E", 1), encoding="utf-8")
    result = CliRunner().invoke(cli, ["convert", "--to", "json", str(path)])
    assert result.exit_code == 2
    assert f"{path}:21:1: error: " in result.output
    assert "write it 'pass N>E: KH AH TH'" in result.output


#: Every fourth refused form goes through every command (the long step).
_THROUGH = [REFUSED[i] for i in range(0, len(REFUSED), 4)]


def test_every_command_on_the_typed_forms(tmp_path: Path) -> None:
    """``validate``, ``score``, ``fmt``, ``convert --to json``, ``replay``
    and ``annotate --fast --no-passes`` on the record and on refused forms,
    as a scorer runs them: the record is read (exit 0), a refused form is
    told at its place by each (exit 1 for validate, 2 for the others),
    never a traceback, never exit 3."""
    runner = CliRunner()
    commands = [["validate"], ["score"], ["fmt"], ["convert", "--to", "json"], ["replay"],
                ["annotate", "--fast", "--no-passes", "--samples", "4"]]
    path = tmp_path / "typed.hrn"
    path.write_text(SHEET, encoding="utf-8")
    for args in commands:
        result = runner.invoke(cli, [*args, str(path)], catch_exceptions=False)
        assert result.exit_code == 0, (args, result.output)
    for written, typed, where, said in _THROUGH:
        path.write_text(SHEET.replace(written, typed, 1), encoding="utf-8")
        for args in commands:
            result = runner.invoke(cli, [*args, str(path)], catch_exceptions=False)
            assert result.exit_code == (1 if args == ["validate"] else 2), (args, typed, result.output)
            assert f"typed.hrn:{where}: error: " in result.output, (args, typed, result.output)
            # (the terminal names each seat's player, "Margaret (N)", where
            # the finding's own text says "N": compare the words, seats as seats)
            shown = re.sub(r"\b[A-Z][a-z]+ \(([NESW])\)", r"\1", result.output)
            assert said in shown, (args, typed, result.output)
