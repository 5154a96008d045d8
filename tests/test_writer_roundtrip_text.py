"""Writers emit only what the readers read back: any tag value, player name
and comment a record can hold goes through HRN, JSON, JSONL and YAML and
comes back exactly (escaped where a format needs it), and what no format
can hold is refused where it is read."""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path

from hypothesis import HealthCheck, example, given
from hypothesis import strategies as st

from hearts_notation.io import dumps, iter_games_text, read_games
from hearts_notation.model import Game
from tests.budget import sweep

ROOT = Path(__file__).parent.parent
BASE = next(read_games(str(ROOT / "samples" / "canonical.hrn")))
FORMATS = ("hrn", "json", "jsonl", "yaml")

TEXT = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"),
               max_size=30)
TAG_NAME = st.from_regex(r"X[A-Za-z0-9_À-ÖØ-öø-ÿ]{0,8}", fullmatch=True)   # HRN's letters


def _through_json(game: Game) -> Game:
    """The game as the JSON reader makes it (the form every reader gives)."""
    back = list(iter_games_text(dumps([game], "json"), "json", "t"))
    assert not back[0].errors, back[0].errors
    return back[0]


#: What no HRN file holds raw: C0 controls but tab and line feed, DEL, C1
#: controls, the Unicode line and paragraph separators (written \uXXXX).
RAW_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029]")


def _roundtrips(game: Game) -> None:
    ref = _through_json(game)
    for fmt in FORMATS:
        text = dumps([ref], fmt)
        if fmt in ("hrn", "json", "jsonl"):
            # Plain text that is safe to show: no control character raw.
            assert RAW_CONTROL.search(text) is None, (fmt, text[:400])
        back = list(iter_games_text(text, fmt, "t"))
        assert len(back) == 1 and not back[0].errors, (fmt, back[0].errors, text[:400])
        assert dataclasses.replace(back[0], source="t") == dataclasses.replace(ref, source="t"), fmt
        assert dumps(back, "json") == dumps([ref], "json"), fmt


@sweep(60, default=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tags=st.dictionaries(TAG_NAME, TEXT, max_size=4), event=TEXT,
       names=st.lists(TEXT, min_size=4, max_size=4), comments=st.lists(TEXT, min_size=4,
                                                                        max_size=4))
# NEL and the Unicode line/paragraph separators: PyYAML mangles them unquoted
@example(tags={}, event="", names=["", "", "", ""], comments=["", "", "", "0\x850"])
@example(tags={"T": "a\u2028b"}, event="\u2029", names=["\x85", "", "", ""], comments=["", "", "", ""])
# A comment line that looks like a tag line; terminal escape sequences
@example(tags={"Xa": "\x1b]0;title\x07"}, event="\x1b[2J\x9b31m",
         names=["\x7f", "\t", "a\x0bb", "\\u0041"],
         comments=['a\n[Event "x"]', "x\n  [", "\x1b[31mred", "\\u0000 \\ud800 \\}"])
def test_tags_names_and_comments_round_trip(tags: dict[str, str], event: str, names: list[str],
                                            comments: list[str]) -> None:
    deal = BASE.deals[0]
    trick = dataclasses.replace(deal.tricks[0], comment=comments[2])
    play = dataclasses.replace(trick.plays[1], comment=comments[3])
    trick = dataclasses.replace(trick, plays=(trick.plays[0], play, *trick.plays[2:]))
    deal = dataclasses.replace(deal, comment=comments[1], tricks=(trick, *deal.tricks[1:]))
    game = dataclasses.replace(
        BASE, tags={"Event": event, **tags}, comment=comments[0],
        players=dict(zip(("N", "E", "S", "W"), names, strict=True)), deals=(deal,), result=None)
    _roundtrips(game)


def test_the_reproducers() -> None:
    # A line break in a tag value and in a name, a quote, a backslash, spaces.
    game = dataclasses.replace(BASE, tags={"Event": "a\nb", "Site": 'say "hi" \\ there  '},
                               players={"N": "Jean Paul", "E": "x\r\ny", "S": " ", "W": ""})
    _roundtrips(game)
    text = dumps([_through_json(game)], "hrn")
    assert '[Event "a\\nb"]' in text and '[North "Jean Paul"]' in text


def test_what_no_format_holds_is_refused_where_it_is() -> None:
    for bad, where in ((json.dumps({"tags": {"": "x"}, "deals": []}), "tags."),
                       (json.dumps({"tags": {"\u0000": "x"}, "deals": []}), "tags."),
                       (json.dumps({"tags": {"My Tag": "x"}, "deals": []}), "tags.My Tag"),
                       (json.dumps({"tags": {"Event": "a\u0000b"}, "deals": []}), "tags.Event"),
                       ('{"players": {"N": "\\udc00"}, "deals": []}', "players.N")):
        for fmt in ("json", "jsonl"):
            games = list(iter_games_text(bad, fmt, "t"))
            assert games[0].errors and games[0].errors[0].message.startswith(where), bad


def test_control_characters_are_escaped_in_hrn_and_read_back() -> None:
    """docs/spec.md, section 2.1: ``\\uXXXX`` in a tag value or a brace
    comment stands for U+XXXX; the writer escapes control characters so."""
    game = dataclasses.replace(BASE, tags={"Event": "\x1b[2Jclear"}, comment="bell\x07 \x85 end",
                               players={"N": "\x9b", "E": "e", "S": "s", "W": "w"})
    text = dumps([_through_json(game)], "hrn")
    assert '[Event "\\u001b[2Jclear"]' in text and '[North "\\u009b"]' in text
    assert "{bell\\u0007 \\u0085 end}" in text
    back = next(iter(iter_games_text(text, "hrn", "t")))
    assert back.tags["Event"] == "\x1b[2Jclear" and back.players["N"] == "\x9b"
    assert back.comment == "bell\x07 \x85 end"
    # A NUL or a lone surrogate is no character of a text: the escape stays as written.
    hand = '[Event "a\\u0000b\\udc00"]\n{c\\u0000}\n'
    back = next(iter(iter_games_text(hand, "hrn", "t")))
    assert back.tags["Event"] == "a\\u0000b\\udc00" and back.comment == "c\\u0000"
