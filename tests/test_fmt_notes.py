"""``fmt`` keeps ``;`` notes in place (black never drops a comment): a note
after an element stays at the end of that element's canonical line, a note
on its own line stays on its own line before the element that followed it,
and formatting twice gives the text of formatting once."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import example, given, settings
from hypothesis import strategies as st

from hearts_notation.cli import cli
from hearts_notation.io import iter_games_text
from hearts_notation.io.hrn.notes import keep_notes, notes_of
from hearts_notation.io.hrn.writer import dumps_hrn

ROOT = Path(__file__).parent.parent
SOURCE = """; a file note
[Event "Club"]   ; the event
[Site "Semi;colon"]
; before the deal
deal 1 dealer W pass left ; header note
N: AJT8.AKT8.Q7.Q83
E: K94.QJ64.T5.J952
S: 32.9532.J83.K764
W: Q765.7.AK9642.AT
pass N: KH AH TH ; passing
pass E: KS QH JH
pass S: KC 3S JD
pass W: AC TC AD
1.   E 2C S 4C W KC N TC ; first trick {not a comment ; really}
; between tricks
2. W 3S {a ; in a comment} N 8S E 4S S 2S
*
; at the end
"""


def fmt(text: str) -> str:
    games = list(iter_games_text(text, "hrn", "t"))
    return keep_notes(text, games, dumps_hrn(games))


def test_notes_are_found_outside_comments_and_quotes() -> None:
    notes = notes_of(SOURCE)
    assert [n.text for n in notes] == ["; a file note", "; the event", "; before the deal",
                                       "; header note", "; passing",
                                       "; first trick {not a comment ; really}",
                                       "; between tricks", "; at the end"]
    assert [n.alone for n in notes] == [True, False, True, False, False, False, True, True]


def test_fmt_keeps_every_note_in_place(tmp_path: Path) -> None:
    path = tmp_path / "g.hrn"
    path.write_text(SOURCE, encoding="utf-8")
    res = CliRunner().invoke(cli, ["fmt", str(path)])
    assert res.exit_code == 0, res.output
    out = res.stdout
    lines = out.splitlines()
    assert lines[0] == "; a file note"
    assert '[Event "Club"] ; the event' in lines
    assert lines[lines.index("deal 1 dealer W pass left ; header note") - 1] == "; before the deal"
    assert "pass N: KH AH TH ; passing" in lines
    assert "1. E 2C S 4C W KC N TC ; first trick {not a comment ; really}" in lines
    assert lines[lines.index("; between tricks") + 1].startswith("2. W 3S")
    assert lines[-1] == "; at the end"
    # The record is unchanged, and a second run changes nothing.
    assert list(iter_games_text(out, "hrn", "t")) == list(iter_games_text(SOURCE, "hrn", "t"))
    path.write_text(out, encoding="utf-8")
    check = CliRunner().invoke(cli, ["fmt", "--check", str(path)])
    assert check.exit_code == 0, check.output


def test_samples_keep_their_notes_and_stay_put() -> None:
    for sample in sorted((ROOT / "samples").glob("*.hrn")):
        text = sample.read_text(encoding="utf-8")
        once = fmt(text)
        assert fmt(once) == once, sample.name
        assert len(notes_of(once)) == len(notes_of(text)), sample.name


WORDS = st.sampled_from(["x", "{y}", "z;", '"q"', "é"])


@settings(max_examples=40, deadline=None)
@given(where=st.lists(st.integers(min_value=0, max_value=17), max_size=6),
       alone=st.lists(st.booleans(), min_size=6, max_size=6),
       words=st.lists(WORDS, min_size=6, max_size=6))
def test_no_note_is_ever_lost(where: list[int], alone: list[bool], words: list[str]) -> None:
    lines = SOURCE.replace(";", "").splitlines()
    lines = [ln.split(" {not")[0] for ln in lines]
    lines = [ln for ln in lines if ln.strip() and not ln.startswith(" ")]
    text_lines = list(lines)
    for k, at in enumerate(sorted(set(where))):
        note = f"; note {k} {words[k]}"
        at = min(at, len(text_lines) - 1)
        if alone[k]:
            text_lines.insert(at, note)
        else:
            text_lines[at] = text_lines[at] + " " + note
    text = "\n".join(text_lines) + "\n"
    if next(iter(iter_games_text(text, "hrn", "t"))).errors:
        return
    once = fmt(text)
    assert sorted(n.text for n in notes_of(once)) == sorted(n.text for n in notes_of(text))
    assert fmt(once) == once


def _stream_fmt(tmp_path: Path, text: str) -> str:
    """``fmt`` on a file: it reads the file as a stream, a game at a time,
    and deals each game its notes (commands/fmt.py)."""
    path = tmp_path / "s.hrn"
    path.write_text(text, encoding="utf-8")
    res = CliRunner().invoke(cli, ["fmt", str(path)])
    assert res.exit_code == 0, res.output
    return res.stdout


GAME = SOURCE.replace('[Site "Semi;colon"]\n', "").replace("*\n", "result N\n")


@settings(max_examples=40, deadline=None)
@given(where=st.lists(st.integers(min_value=0, max_value=60), max_size=8),
       alone=st.lists(st.booleans(), min_size=8, max_size=8), games=st.integers(1, 3))
# A note alone between two games, a blank line before the second: the second
# game's header, one blank line after it, whether fmt sees one game or all.
@example(where=[14], alone=[True] + [False] * 7, games=2)
@example(where=[0, 15], alone=[True, True] + [False] * 6, games=2)
def test_streamed_fmt_places_notes_as_the_whole_text_does(tmp_path_factory: pytest.TempPathFactory,
                                                          where: list[int], alone: list[bool],
                                                          games: int) -> None:
    """Between games, at the start and at the end: each note lands where
    :func:`keep_notes` over the whole text puts it, although ``fmt`` sees
    only a game or two at a time."""
    bare = [ln if ln.startswith("2.") else ln.split(" ;")[0]
            for ln in GAME.split("\n") if ln and not ln.startswith(";")]
    lines = ["", *bare] * games
    for k, at in enumerate(sorted(set(where))[:8]):
        at = min(at, len(lines))
        if alone[k] or at == len(lines):
            lines.insert(at, f"; note {k}")
        else:
            lines[at] = lines[at] + f" ; note {k}"
    text = "\n".join(lines) + "\n"
    parsed = list(iter_games_text(text, "hrn", "t"))
    assert len(parsed) == games and not any(g.errors for g in parsed)
    assert _stream_fmt(tmp_path_factory.mktemp("f"), text) == fmt(text)


def test_streamed_fmt_on_standard_input_and_check() -> None:
    text = "\n\n".join([GAME] * 3)
    res = CliRunner().invoke(cli, ["fmt", "-"], input=text)
    assert res.exit_code == 0 and res.stdout == fmt(text)
    res = CliRunner().invoke(cli, ["fmt", "--check", "-"], input=fmt(text))
    assert res.exit_code == 0, res.output
    # A byte order mark is a change, although the text reads the same.
    res = CliRunner().invoke(cli, ["fmt", "--check", "-"], input="\ufeff" + fmt(text))
    assert res.exit_code == 1, res.output
