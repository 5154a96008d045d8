"""Hand-typed English records, round 24 (helper english24): what club and
online players type that no round had tried -- the moon by a player's slang
(``STM E``, ``STM: Bob``, ``moonshot by Bob``, ``Moon-shot - East``), the
hold said as they say it (``no pass``, ``keeper``, ``hold hand``, ``pass
none``), the queen of spades by a nickname (``Black Maria``, ``QoS``, ``the
lady``), and, checked as they were already read or told: a notes app's
capitals, the white suit symbols (``Q♤``), BBO's ``S: AJT8 H: ...``, lower
case suit letters, ``+3`` points, smart dashes, ``1 0``, ``Q-S``, a chat's
sender line, a file saved in Windows-1252.  The records are in
``tests/data/english24/`` (its README says who types each and what comes of
it); each reads as its clean twin, or is told once at its line and column,
in English and French (``messages.golden.txt``), with the form to write.
docs/spec.md 2.15.  In process, about 30 small reads and one CLI run: cheap.
"""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from record_campaign import Campaign, CampaignTests, campaign_parameters, findings, same_record

from hearts_notation.cli import cli
from hearts_notation.io.hrn.reader import iter_hrn

#: The clean twins: typed22's English game (Leeds; Margaret, Tom, Priya,
#: Dev) and English score sheet (Riverside; Alice, Bob, Carol, Dave).
CLEAN = ("game-clean", "sheet-clean")
_SHEETS = frozenset(("stm-seat", "stm-name", "moonshot-by-name", "moon-shot-dash", "no-pass", "keeper",
                     "hold-hand", "pass-none", "score-plus", "md-score-table", "bold-score-line",
                     "discord-bold-sender", "slack-sender", "reactions-mid-sheet", "names-plus-points",
                     "total-arrows", "total-arrows-ascii", "name-stm", "stm-stranger",
                     "slashed-seats-score", "slashed-seats-total", "moon-paren-remark"))


def _twin(name: str) -> str:
    return "sheet-clean" if name in _SHEETS else "game-clean"


_SAME = ("bbo-suit-colons", "lower-suit-letters", "notes-autocap", "score-plus", "white-spade-trick",
        "white-suits-hand", "emoji-suits-trick", "emoji-suits-hand", "seat-words-commas")

#: Records refused: the line:col of each finding (errors and warnings).
_REFUSED = {
    # told since this round (on main: no form, a hand of a seat "STM", the
    # line offered in braces, "found 'Black'", "found 'the'")
    "stm-seat": ["15:1"], "stm-name": ["15:1"], "moonshot-by-name": ["15:1"], "moon-shot-dash": ["15:1"],
    "no-pass": ["13:8"], "keeper": ["13:8"], "hold-hand": ["13:8"], "pass-none": ["13:13"],
    "black-maria": ["27:21"], "qos": ["27:21"], "the-lady": ["27:21"],
    # (on main: two errors each -- a second for the giver's missing pass, or for
    # a Markdown table's rule row, or a hand before any deal -- and a line
    # offered that did not read, or none)
    "passed-three-left": ["21:1"], "passed-to-the-left": ["22:1"], "bold-deal-header": ["15:1"],
    "bold-score-line": ["14:1"],
    "initials-every-trick": ["25:46"], "initial-hand": ["17:1"],
    # (on main: the sender's line offered in braces, or with a `*` result, and
    # the reactions "found '👍'", no form)
    "discord-header": ["1:1"], "discord-bold-sender": ["1:1"], "slack-sender": ["1:1"],
    "reactions-after-result": ["43:1"], "reactions-mid-sheet": ["12:1"],
    "names-plus-points": ["14:1"],
    "total-arrows": ["16:11"], "total-arrows-ascii": ["16:12"],
    "name-stm": ["15:1"], "stm-stranger": ["15:1"],
    "slashed-seats-score": ["10:8"], "slashed-seats-total": ["16:9"],
    "o-for-q-trick": ["27:21"], "o-for-q-pass": ["22:12"],
    # (the heading and the row each their own error, as french23's ruled sheet;
    # the rule row under the heading is the heading's: not told)
    "md-score-table": ["10:1", "12:1"],
    # told as before (checked: these forms stay told once, with what to write)
    "q-dash-s": ["27:21"], "queen-of-spades-caps": ["27:21"], "bbo-suit-letters": ["17:4"],
    "smart-dash-header": ["15:8"], "em-dash-trick": ["26:9"], "suit-words-trick": ["28:6"],
    "ten-spaced": ["17:10"], "heart-emoji": ["32:6"], "moon-paren-remark": ["15:8"],
}

#: What this round's slips are told with now (each said something else on main).
_NEW = {"stm-seat": "write it 'moon E'", "stm-name": "not the player's name; write it 'moon E'",
       "moonshot-by-name": "not the player's name; write it 'moon E'",
       "moon-shot-dash": "write it 'moon East'", "no-pass": "found 'no pass'; did you mean 'pass hold'?",
       "keeper": "did you mean 'pass hold'?", "hold-hand": "found 'hold hand'; did you mean 'pass hold'?",
       "pass-none": "did you mean 'hold'?", "black-maria": "'Black Maria': a card is written",
       "qos": "'QoS': a card is written as its rank and suit, such as Q♠",
       "the-lady": "'the lady': a card is written as its rank and suit, such as Q♠",
       "passed-three-left": "write it 'pass North: KH AH TH'",
       "passed-to-the-left": "write it 'pass E: KS QH JH'",
       "bold-deal-header": "'**': Markdown's bold marks are not part of the record; "
                           "write 'deal 1 dealer W pass left'",
       "bold-score-line": "write 'score N 26 E 0 S 26 W 26'",
       "initials-every-trick": "'T' is Tom's initial, not a seat: write that player's seat, E",
       "initial-hand": "'M' is Margaret's initial, not a seat: write that player's seat, N",
       "discord-header": "'Margaret — Today at 9:04 PM': a chat's line naming who wrote and when is not "
                         "part of the record: remove this line",
       "discord-bold-sender": "a chat's line naming who wrote and when", "slack-sender": "remove this line",
       "reactions-after-result": "'👍 3 😂 1': a chat's reactions are not part of the record: "
                                 "remove this line",
       "reactions-mid-sheet": "a chat's reactions are not part of the record",
       "names-plus-points": "as in 'score N 26 E 0 S 26 W 26'",
       "total-arrows": "found '→'; write it 'total N 29 E 4 S 41 W 30'",
       "total-arrows-ascii": "found '->'; write it 'total N 29 E 4 S 41 W 30'",
       "name-stm": "found 'Bob STM'; write it 'moon E'",
       "stm-stranger": "'Eve' is neither a seat nor a player of this game",
       "slashed-seats-score": "found '/E/S/W'; write it 'score N 3 E 4 S 15 W 4'",
       "slashed-seats-total": "write it 'total N 29 E 4 S 41 W 30'",
       "o-for-q-trick": "found 'OS!'; did you mean 'QS!'?", "o-for-q-pass": "found 'OH'; did you mean 'QH'?"}

#: Records told "remove this line": without the line told, each is its twin.
REMOVED = ["discord-header", "discord-bold-sender", "slack-sender", "reactions-after-result",
           "reactions-mid-sheet"]

#: Records whose message offers a whole line ("write it '...'") that, put in
#: place of the line told, reads with no finding.
_OFFERED = ["stm-seat", "stm-name", "moonshot-by-name", "moon-shot-dash", "passed-three-left",
            "passed-to-the-left", "bold-deal-header", "bold-score-line", "total-arrows", "total-arrows-ascii",
            "name-stm", "slashed-seats-score", "slashed-seats-total"]


ENGLISH24 = Campaign(
    "english24", _twin, _REFUSED, same=dict.fromkeys(_SAME, ()), new=_NEW, offered=_OFFERED,
    offered_twin=("stm-name", "moonshot-by-name", "name-stm", "bold-deal-header", "bold-score-line",
                  "total-arrows", "total-arrows-ascii", "slashed-seats-score", "slashed-seats-total"),
    clean=CLEAN, others=("latin1-curly-quotes",), lang="en")

pytest_generate_tests = campaign_parameters


class TestEnglish24(CampaignTests):
    campaign = ENGLISH24


def _read(name: str) -> str:
    return ENGLISH24.read(name)


def _findings(text: str, lang: str = "en") -> list[tuple[str, str]]:
    return findings(text, lang)


@pytest.mark.parametrize("name", REMOVED)
def test_without_the_chat_line_told_the_record_is_its_twin(name: str) -> None:
    text = _read(name)
    [(at, _)] = _findings(text)
    lines = text.split("\n")
    del lines[int(at.split(":")[0]) - 1]
    fixed = "\n".join(lines)
    assert same_record(fixed, _read(_twin(name)))


def test_a_reaction_is_told_and_a_suit_symbol_alone_is_not_one() -> None:
    """``🎉`` on a line of its own is a chat's reaction; ``♥ 10 8`` is a
    hand's suit (typed16), not a reaction."""
    said = _findings(_read("sheet-clean").replace("deal 2 pass right", "🎉\ndeal 2 pass right"))
    assert [at for at, _ in said] == ["13:1"] and "reactions" in said[0][1]
    text = _read("game-clean").replace("N: AJT8.AKT8.Q7.Q83", "♥ 10 8")
    assert all("reactions" not in said for _, said in _findings(text))


def test_a_deal_header_in_bold_keeps_its_deal() -> None:
    """``**deal 1** dealer W pass left``: the deal is read with its hands,
    passes and 13 tricks (on main the line read as ``*`` and the deal was lost)."""
    [game] = iter_hrn(_read("bold-deal-header"))
    [deal] = game.deals
    assert deal.number == 1 and len(deal.tricks) == 13 and len(deal.hands) == 4


def test_a_markdown_rule_row_is_the_headings_alone() -> None:
    """``|---|---|`` right under a heading told is not told again (on main, a
    second error); with no heading above it, it is a line that does not read."""
    assert [at for at, _ in _findings(_read("md-score-table"))] == ["10:1", "12:1"]
    text = _read("sheet-clean").replace("score N 3 E 4 S 15 W 4", "|---|---|---|---|")
    assert [at for at, _ in _findings(text)] == ["10:1"]


def test_an_initial_is_its_players_unless_two_players_share_it() -> None:
    """``D`` with Dev alone is Dev's seat; with a Dev and a Dave at the table
    it names no one: the unknown seat's message, as before."""
    [(_, said)] = _findings(_read("initial-hand").replace("M: AJT8", "D: AJT8"))
    assert said.endswith("'D' is Dev's initial, not a seat: write that player's seat, W")
    text = _read("initial-hand").replace('[East "Tom"]', '[East "Dave"]').replace("M: AJT8", "D: AJT8")
    [(at, said)] = _findings(text)
    assert at == "17:1" and said.startswith("unknown seat 'D'")


def test_a_file_saved_in_windows_1252_is_unusable_input_told_at_its_byte() -> None:
    """Curly quotes saved as Windows-1252 (0x92, 0x93): not UTF-8, exit 2,
    the file, line and column of the first such byte, no traceback."""
    path = ENGLISH24.data / "latin1-curly-quotes.hrn"
    result = CliRunner().invoke(cli, ["validate", "--lang", "en", str(path)])
    assert result.exit_code == 2
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert f"{path}:13:10: not UTF-8 text (byte 0x92); save the file as UTF-8" in result.output
