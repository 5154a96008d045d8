"""Writers emit only what the readers read back: any tag value, player name
and comment a record can hold goes through HRN, JSON, JSONL and YAML and
comes back exactly (escaped where a format needs it), and what no format
can hold is refused where it is read."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from hearts_notation.io import dumps, iter_games_text, read_games
from hearts_notation.model import Game

ROOT = Path(__file__).parent.parent
BASE = next(read_games(str(ROOT / "samples" / "canonical.hrn")))
FORMATS = ("hrn", "json", "jsonl", "yaml")

TEXT = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"),
               max_size=30)
TAG_NAME = st.from_regex(r"X[A-Za-z0-9_]{0,8}", fullmatch=True)


def _through_json(game: Game) -> Game:
    """The game as the JSON reader makes it (the form every reader gives)."""
    back = list(iter_games_text(dumps([game], "json"), "json", "t"))
    assert not back[0].errors, back[0].errors
    return back[0]


def _roundtrips(game: Game) -> None:
    ref = _through_json(game)
    for fmt in FORMATS:
        text = dumps([ref], fmt)
        back = list(iter_games_text(text, fmt, "t"))
        assert len(back) == 1 and not back[0].errors, (fmt, back[0].errors, text[:400])
        assert dataclasses.replace(back[0], source="t") == dataclasses.replace(ref, source="t"), fmt
        assert dumps(back, "json") == dumps([ref], "json"), fmt


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tags=st.dictionaries(TAG_NAME, TEXT, max_size=4), event=TEXT,
       names=st.lists(TEXT, min_size=4, max_size=4), comments=st.lists(TEXT, min_size=4,
                                                                        max_size=4))
# NEL and the Unicode line/paragraph separators: PyYAML mangles them unquoted
@example(tags={}, event="", names=["", "", "", ""], comments=["", "", "", "0\x850"])
@example(tags={"T": "a\u2028b"}, event="\u2029", names=["\x85", "", "", ""], comments=["", "", "", ""])
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
