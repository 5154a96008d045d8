"""JSON/YAML model mapping and unusable-input errors of the io layer."""

import json
import random
from pathlib import Path

import pytest

from hearts_notation.generate import random_game
from hearts_notation.io import InputError, read_games
from hearts_notation.io.jsonio import RecordError, dumps_json, dumps_yaml, game_from_dict, game_to_dict
from hearts_notation.model import Moon, Pass
from hearts_notation.rules import parse_rules, preset_names


@pytest.mark.parametrize("preset", preset_names())
def test_json_round_trip_every_preset(preset: str) -> None:
    game = random_game(parse_rules(preset), random.Random(7), deals=2)
    tree = json.loads(json.dumps(game_to_dict(game)))
    assert game_from_dict(tree) == game


def test_json_accepts_lenient_cards_and_keeps_details() -> None:
    tree = {
        "rules": "standard",
        "deals": [{
            "number": 1,
            "hands": {"N": ["10h", "QS"], "E": None},
            "passes": {"N": {"cards": ["QS", "AS", "KH"], "to": "E", "mark": "!", "comment": "ok"}},
            "tricks": [{"plays": [{"seat": "S", "card": "2C", "mark": "?!", "comment": "hm"}],
                        "comment": "t"}],
            "moon": {"seat": "S", "choice": "subtract"},
        }],
        "result": "*",
    }
    game = game_from_dict(tree)
    deal = game.deals[0]
    assert [str(c) for c in deal.hands["N"] or ()] == ["QS", "TH"]
    assert deal.hands["E"] is None
    assert deal.passes["N"] == Pass("N", deal.passes["N"].cards, "E", "!", "ok")
    assert deal.moon == Moon("S", "subtract")
    assert deal.tricks[0].plays[0].mark == "?!"
    assert game.result == "*"
    again = game_from_dict(json.loads(json.dumps(game_to_dict(game))))
    assert again == game


@pytest.mark.parametrize(
    ("tree", "where", "fragment"),
    [
        ({}, "game", "needs a \"deals\" list"),
        ({"deals": [{"tricks": [{"plays": [{"seat": "N", "card": "ZZ"}]}]}]},
         "deals[0].tricks[0].plays[0].card", "not a card"),
        ({"deals": [{"pass": "sideways"}]}, "deals[0].pass", "not a pass direction"),
        ({"deals": [], "colour": 1}, "game", "unknown field 'colour'"),
        ({"deals": [{"score": {"N": "three"}}]}, "deals[0].score.N", "not a whole number"),
        ({"deals": [{"tricks": [{"plays": [{"seat": "N", "card": "QS", "mark": "!!!"}]}]}]},
         "deals[0].tricks[0].plays[0].mark", "not a mark"),
    ],
)
def test_json_errors_name_the_place(tree: object, where: str, fragment: str) -> None:
    with pytest.raises(RecordError) as info:
        game_from_dict(tree)
    assert info.value.where == where
    assert fragment in info.value.message


def test_yaml_and_json_documents(tmp_path: Path) -> None:
    games = [random_game(parse_rules("standard"), random.Random(s), deals=1) for s in (1, 2)]
    y = tmp_path / "g.yaml"
    y.write_text(dumps_yaml(games), encoding="utf-8")
    assert list(read_games(str(y))) == games
    j = tmp_path / "g.json"
    j.write_text(dumps_json(games), encoding="utf-8")
    assert list(read_games(str(j))) == games


@pytest.mark.parametrize(
    ("content", "fragment"),
    [
        (b"\x00\x01binary", "binary data"),
        (b"[Event \"caf\xe9\"]\n", "not UTF-8"),
        (b"   \n\n", "empty input"),
    ],
)
def test_unusable_input(tmp_path: Path, content: bytes, fragment: str) -> None:
    f = tmp_path / "bad.json"
    f.write_bytes(content)
    with pytest.raises(InputError) as info:
        list(read_games(str(f)))
    assert fragment in str(info.value)
    assert str(info.value).startswith(str(f))


def test_not_utf8_points_at_line_and_column(tmp_path: Path) -> None:
    f = tmp_path / "bad.json"
    f.write_bytes(b'{"deals": [],\n  "tags": {"Event": "caf\xe9"}}')
    with pytest.raises(InputError) as info:
        list(read_games(str(f)))
    assert (info.value.line, info.value.column) == (2, 25)


def test_missing_and_directory(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="no such file"):
        list(read_games(str(tmp_path / "nope.hrn")))
    with pytest.raises(InputError, match="is a directory"):
        list(read_games(str(tmp_path)))


def test_bad_json_syntax_has_position(tmp_path: Path) -> None:
    f = tmp_path / "g.json"
    f.write_text('{"deals": [\n  {"number": 1,}\n]}', encoding="utf-8")
    with pytest.raises(InputError) as info:
        list(read_games(str(f)))
    assert info.value.line == 2
    assert "not valid JSON" in info.value.message
