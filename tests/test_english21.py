"""Hand-typed English records, second round (helper english21): 60 records
typed as English-speaking players type them (cards in words, ``the
Queen``, lowercase ``qs``/``10h``, ``XH``; tricks ``#2``, ``T2:``,
``Trick 3:``, ``2)``, a winner after them; names for seats; scores ``N 13,
E 0``, ``North 13``, ``Totals:``; smart quotes, tabs, ``(end)``, a record
quoted from an e-mail), in ``tests/data/english21/`` (its README says who
types each and what comes of it).  Each is read as the same game as its
clean form (the first deal of ``samples/canonical.hrn``), or refused once,
at its line and column, with what to write.  docs/spec.md 2.11;
docs/robustness.md, "english21".  In process, about 35 small reads: cheap.
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
DATA = ROOT / "tests" / "data" / "english21"
_FULL = (ROOT / "samples" / "canonical.hrn").read_text(encoding="utf-8")
#: The canonical record's tags and first deal (its comments and marks kept), unfinished.
SHEET = _FULL[:_FULL.index("deal 2 ")].rstrip() + "\n\nresult *\n"

#: The records read as the clean record.
SAME = ["04_lowercase_cards", "05_10h_lower", "14_score_commas", "15_score_north_colon",
        "19_tabs", "29_one_paren", "34_qh_spaced_10", "35_lower_seat_names",
        "40_hand_colon_lower", "x01_north_hand_words", "x10_pass_colon_list",
        "x11_trick_names_colon", "x12_trick_no_seats"]

#: The score-sheet records (``tests/data/french20/sheet-clean.hrn`` typed otherwise) read as it.
SAME_SHEET = ["s01_moon_colon_east", "s05_moon_lower_word", "s06_score_north_colon_words",
              "s09_score_tabs", "s14_score_lower_n"]
SHEET_CLEAN = (ROOT / "tests" / "data" / "french20" / "sheet-clean.hrn").read_text(encoding="utf-8")

#: The records refused: where, and what the one error says (in part).
REFUSED = {
    "x02_name_hand": ("17:1", "'Margaret' is a player's name, not a seat: write that player's seat, N"),
    "x05_final": ("39:1", "found 'Final :'; write it 'total N 13, E 0, S 13, W 0'"),
    "x13_winner_arrow": ("26:24", "'-> N': a trick's winner is not written"),
    "s02_east_shot_moon": ("15:1", "found 'East shot the moon'; write it 'moon East'"),
    "s04_moon_dash": ("15:1", "found 'Moon - East'; write it 'moon East'"),
    "s07_score_names": ("10:7", "'Alice' is a player's name, not a seat: write that player's seat, N"),
    "s08_running_totals": ("11:1", "found 'Running totals'; did you mean 'total'?"),
    "s12_moon_by": ("15:1", "found 'Moon shot by East'; write it 'moon East'"),
    "s16_score_name_colon": ("10:1", "as in 'score N 3 E 4 S 15 W 4'"),
    "s17_moon_26": ("15:1", "found 'East: moon'; write it 'moon East'"),
    "s19_pass_sentence_hand": ("10:1", "found 'North passes'; write it 'pass North>East: A♥ 9♣ K♦'"),
    "s20_score_dash": ("10:8", "'N-3': a dash between a seat and its points reads as a minus, and no deal "
                       "takes points from every seat: write 'score N 3 E 4 S 15 W 4'"),
    "s22_moon_exclaim": ("15:1", "found 'moon E!'; write it 'moon E'"),
    "s24_nested_quote": ("1:1", "'>>': this record is quoted as an e-mail quotes it"),
    "s25_tilde_fence": ("1:1", "'~~~text': a Markdown code fence is not part of the record"),
    "01_queen_of_spades_words": ("27:21", "'queen of spades': a card is written as its rank and suit, "
                                 "such as Q♠"),
    # (a trick led in clubs: the queen said alone is either, told with both since typed27)
    "02_the_queen": ("27:21", "'the Queen': a card is written as its rank and suit; this trick was led in ♣, "
                              "where the queen said alone may be either: write her suit, Q♣ if she follows, "
                              "Q♠ if she is the queen of spades"),
    "03_ten_of_hearts": ("36:12", "'ten of hearts': a card is written as its rank and suit, such as 10♥"),
    "06_X_ten": ("36:12", "'XH': the ten is written 10 or T (10♥, TH), not X"),
    "07_trick_won_by": ("26:24", "'— won by North': a trick's winner is not written, "
                        "it follows from the cards"),
    "08_N_wins": ("26:26", "'N wins': a trick's winner is not written"),
    "09_hash_number": ("26:1", "found '#2'; write it '2. W 3S N 8S E 4S S 2S'"),
    "10_T1_colon": ("26:1", "a trick line starts with its number and a dot, as in '2.'"),
    "11_trick_3_colon_words": ("27:1", "a trick line starts with its number and a dot, as in '3.'"),
    "12_name_for_seat": ("26:4", "'Dev' is a player's name, not a seat: write that player's seat, W"),
    "13_pass_sentence": ("22:1", "found 'East passes'; write it 'pass East>South: K♠ Q♥ J♥'"),
    "22_md_fence": ("1:1", "'```': a Markdown code fence is not part of the record (told once): remove "
                    "this line and the fence that closes the record"),
    "41_pass_sentence_names": ("22:1", "found 'Tom passes'; write it 'pass E>S: KS QH JH'"),
    "16_scores_line_nokw": ("38:1", "as in 'score N 13 E 0 S 13 W 0'"),
    "18_smart_quotes": ("1:8", "a tag value is written between straight quotes"),
    "20_end_line": ("42:1", "'(end)': a remark is written in braces"),
    "21_email_quote": ("1:1", "'>': this record is quoted as an e-mail quotes it, '>' at the start of each "
                       "line (told once): remove the quote from every line, as in "
                       "'[Event \"Thursday club night\"]'"),
    "24_running_totals_forum": ("39:13", "a remark is written in braces"),
    "25_suit_words_hand": ("18:4", "found 'Spades'; did you mean '♠'?"),
    "27_trick_won_paren_seat": ("28:24", "'(East wins)': a remark is written in braces"),
    "28_Q_of_spades": ("27:21", "'Q of spades': a card is written as its rank and suit, such as Q♠"),
    "30_smart_single": ("1:8", "a tag value is written between straight quotes"),
    "32_score_north_5": ("38:1", "as in 'score North 13 East 0 South 13 West 0'"),
    "33_moon_shot_sentence": ("40:1", "found 'South shot the moon'; write it 'moon South'"),
    "36_end_paren": ("43:1", "'(end of record)': a remark is written in braces"),
    "37_trick_dash_won": ("26:24", "'- N': a trick's winner is not written, it follows from the cards"),
    "38_total_after_colon_north": ("39:1", "write it 'total N 13, E 0, S 13, W 0'"),
}


def _read(name: str) -> str:
    return (DATA / f"{name}.hrn").read_text(encoding="utf-8")


def _errors(text: str, lang: str = "en") -> list[tuple[str, str]]:
    return [(f"{f.line}:{f.column}", render(lang, f.key, f.args))
            for game in iter_hrn(text) for f in game.errors]


def test_every_record_is_listed() -> None:
    """Each record of the directory is in one table, and in the README."""
    names = {p.stem for p in DATA.glob("*.hrn")}
    assert names == set(SAME) | set(SAME_SHEET) | set(REFUSED)
    readme = (DATA / "README.md").read_text(encoding="utf-8")
    assert all(f"{n}.hrn" in readme for n in names)


@pytest.mark.parametrize("name", SAME)
def test_a_record_that_reads_is_the_same_game(name: str) -> None:
    games = list(iter_hrn(_read(name)))
    assert [f.message for g in games for f in g.errors] == []
    assert dumps_hrn(games) == dumps_hrn(list(iter_hrn(SHEET)))


@pytest.mark.parametrize("name", SAME_SHEET)
def test_a_score_sheet_that_reads_is_the_same_game(name: str) -> None:
    games = list(iter_hrn(_read(name)))
    assert [f.message for g in games for f in g.errors] == []
    assert dumps_hrn(games) == dumps_hrn(list(iter_hrn(SHEET_CLEAN)))


#: The whole line a message offers to write instead.
_OFFERED = re.compile(r"(?:write it|as in|write) '(.+)'\Z")


@pytest.mark.parametrize("name", ["s02_east_shot_moon", "s04_moon_dash", "s12_moon_by", "s17_moon_26",
                                  "s20_score_dash", "s22_moon_exclaim", "13_pass_sentence",
                                  "07_trick_won_by", "09_hash_number"])
def test_the_line_a_message_offers_reads(name: str) -> None:
    """The line offered, put in the record for the one typed, reads: the
    record is then the same game as its clean form."""
    text = _read(name)
    where, _ = REFUSED[name]
    [(_, said)] = _errors(text)
    offered = _OFFERED.search(said)
    if offered is None:     # (a winner after the plays: the line without it)
        assert "a trick's winner is not written" in said
        return
    lines = text.split("\n")
    lines[int(where.split(":")[0]) - 1] = offered.group(1)
    fixed = "\n".join(lines)
    assert _errors(fixed) == []
    if name == "13_pass_sentence":  # (the receiver is kept, ``pass East>South:``, and checked)
        return
    clean = SHEET_CLEAN if name.startswith("s") else SHEET
    assert dumps_hrn(list(iter_hrn(fixed))) == dumps_hrn(list(iter_hrn(clean)))


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_a_record_refused_is_told_once_where_it_went_wrong(name: str) -> None:
    where, said = REFUSED[name]
    errors = _errors(_read(name))
    assert len(errors) == 1, errors
    assert errors[0][0] == where
    assert said in errors[0][1]


def test_a_quoted_record_is_read_without_its_quote() -> None:
    """The quote is told once; the lines are read (the deal is there), and
    what else is wrong is told at its own column in the file."""
    text = _read("21_email_quote")
    games = list(iter_hrn(text))
    assert [len(d.tricks) for g in games for d in g.deals] == [13]
    slipped = text.replace("> 9. N TS", "> 9. N XS", 1)
    assert [e[0] for e in _errors(slipped)] == ["1:1", "33:8"]


def test_a_fenced_record_is_one_game_told_once() -> None:
    """The fence that closes the record, after its ``result`` line, is no
    game of its own (it was a second game and a second error), whichever
    cutter cuts the text (with comments, and without: the block cutter)."""
    text = _read("22_md_fence")
    games = list(iter_hrn(text))
    assert len(games) == 1 and [len(d.tricks) for d in games[0].deals] == [13]
    plain = "\n".join(ln for ln in text.split("\n") if "{" not in ln and ";" not in ln)
    assert "{" not in plain and ";" not in plain
    assert len(list(iter_hrn(plain))) == 1
    assert _errors(text, "fr")[0][1].startswith("'```' : une clôture de bloc de code Markdown")


def test_the_quote_is_told_in_french() -> None:
    assert _errors(_read("21_email_quote"), "fr") == [(
        "1:1", "'>' : ce relevé est cité comme un courriel le cite, « > » au début de chaque ligne "
        "(signalé une fois) : retirez la citation de chaque ligne, comme dans "
        "« [Event \"Thursday club night\"] »")]


def test_a_winner_after_a_dash_is_told_in_french() -> None:
    assert _errors(_read("37_trick_dash_won"), "fr") == [(
        "26:24", "'- N' : le gagnant d'un pli ne s'écrit pas, il se déduit des cartes ; une remarque "
        "s'écrit entre accolades {…} ou après « ; »")]


def test_validate_refuses_a_quoted_record_with_one_error(tmp_path: Path) -> None:
    path = tmp_path / "mail.hrn"
    path.write_text(_read("21_email_quote"), encoding="utf-8")
    result = CliRunner().invoke(cli, ["validate", "--lang", "en", str(path)])
    assert result.exit_code != 0
    assert f"{path}:1:1: error: '>': this record is quoted" in result.output
    assert "1 error," in result.output


@pytest.mark.parametrize("name", ["13_pass_sentence", "41_pass_sentence_names"])
def test_a_pass_said_as_a_sentence_is_one_finding(name: str, tmp_path: Path) -> None:
    """The giver's pass, told at its line, is not also reported missing by
    the referee (``pass-direction``): one slip, one finding."""
    path = tmp_path / f"{name}.hrn"
    path.write_text(_read(name), encoding="utf-8")
    result = CliRunner().invoke(cli, ["validate", "--lang", "en", str(path)])
    assert "no pass is recorded" not in result.output
    assert "; 1 error," in result.output
