"""Tag names are read in any case, as docs/spec.md says of every keyword and
tag name (sections 2.2 and 2.10): ``[event]``, ``[EVENT]``, ``[ÉVÉNEMENT]``,
``[lieu]`` are the tags ``Event`` and ``Site`` with their meaning, through
every format and back.  They used to be kept as tags of the record's own,
with a ``tag-name`` warning, and their meaning lost (``[rules "..."]``)."""

from __future__ import annotations

import json

import pytest

from hearts_notation.io import dumps, iter_games_text
from hearts_notation.referee import check_game

DEAL = "\ndeal 1\nN: ?\n*\n"


@pytest.mark.parametrize(("written", "tag"), [
    ("event", "Event"), ("EVENT", "Event"), ("Événement", "Event"), ("ÉVÉNEMENT", "Event"),
    ("evenement", "Event"), ("lieu", "Site"), ("SITE", "Site"), ("p3", "P3"), ("annotateur", "Annotator"),
])
def test_a_known_tag_in_any_case_is_that_tag_through_json_and_back(written: str, tag: str) -> None:
    game = next(iter(iter_games_text(f'[{written} "Club"]\n{DEAL}', "hrn", "t")))
    assert game.tags == {tag: "Club"}
    assert not [f for f in check_game(game).findings if f.code == "tag-name"]
    text = dumps([game], "json")
    assert json.loads(text)["tags"] == {tag: "Club"}
    back = next(iter(iter_games_text(text, "json", "t")))
    assert back.tags == {tag: "Club"}
    assert f'[{tag} "Club"]' in dumps([back], "hrn")


def test_a_tag_with_a_meaning_keeps_it_in_lower_case() -> None:
    game = next(iter(iter_games_text('[rules "moon-choice"]\n[north "Anne"]\n' + DEAL, "hrn", "t")))
    assert not game.errors and game.rules == "moon-choice" and game.players == {"N": "Anne"}


def test_a_tag_and_its_other_case_are_one_tag_given_twice() -> None:
    game = next(iter(iter_games_text('[Event "a"]\n[event "b"]\n' + DEAL, "hrn", "t")))
    assert game.errors and game.errors[0].message.startswith("tag Event is given twice")
    text = json.dumps({"tags": {"Site": "Brest", "LIEU": "Paris"}, "deals": []})
    game = next(iter(iter_games_text(text, "json", "t")))
    assert game.errors and game.errors[0].message.startswith("tags.LIEU")


def test_a_tag_of_the_records_own_keeps_its_case() -> None:
    game = next(iter(iter_games_text('[scorer "Odile"]\n' + DEAL, "hrn", "t")))
    assert game.tags == {"scorer": "Odile"}
    assert '[scorer "Odile"]' in dumps([game], "hrn")


def test_an_unclosed_comment_stops_at_an_accented_tag() -> None:
    text = '[Event "a"]\n\ndeal 1\nN: ?\n{ oops\n*\n\n[Événement "b"]\n' + DEAL
    games = list(iter_games_text(text, "hrn", "t"))
    assert len(games) == 2 and games[1].tags == {"Event": "b"}
    assert "before the tag at line 8" in games[0].errors[0].message
