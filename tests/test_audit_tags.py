"""Tag names a club sheet types (accented, French) keep their meaning through
every format: the HRN reader takes ``[Arbitré "..."]`` as a tag of the
record's own, so its writer and the JSON/YAML readers must take the same
name; and a French tag name in a JSON ``tags`` object is the tag it
translates, as in HRN (its writer prints ``Lieu`` back, which HRN reads as
``Site``)."""

from __future__ import annotations

import json

from hearts_notation.io import dumps, iter_games_text

HRN = '[Événement "Soirée"]\n[Arbitré "Odile"]\n[équipe "x"]\n\ndonne 1\n*\n'


def test_accented_tag_names_go_through_every_format() -> None:
    game = next(iter(iter_games_text(HRN, "hrn", "t")))
    assert game.tags == {"Event": "Soirée", "Arbitré": "Odile", "équipe": "x"}
    for fmt in ("hrn", "json", "jsonl", "yaml"):
        back = list(iter_games_text(dumps([game], fmt), fmt, "t"))
        assert not back[0].errors, (fmt, back[0].errors)
        assert back[0].tags == game.tags, fmt
    assert '[Arbitré "Odile"]' in dumps([game], "hrn")


def test_a_french_tag_name_in_json_is_the_tag_it_translates() -> None:
    text = json.dumps({"tags": {"Lieu": "Brest", "Nord": "Anne"}, "deals": []})
    game = next(iter(iter_games_text(text, "json", "t")))
    assert not game.errors and game.tags == {"Site": "Brest", "North": "Anne"}
    again = next(iter(iter_games_text(dumps([game], "hrn"), "hrn", "t")))
    assert not again.errors and again.tags.get("Site") == "Brest"


def test_a_tag_given_twice_through_its_french_name_is_refused_at_its_key() -> None:
    text = json.dumps({"tags": {"Lieu": "Brest", "Site": "Paris"}, "deals": []})
    game = next(iter(iter_games_text(text, "json", "t")))
    assert game.errors and game.errors[0].message.startswith("tags.Site")
    assert "tags.Lieu" in game.errors[0].message
