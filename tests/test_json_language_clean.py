"""A record that says its language (``"language": "fr"``, docs/spec.md section 3)
takes the clean typed path as an English one does: the typed decoder declares the
field (``io/shape.py``'s CLEAN), the compact form carries it to the game built
from it, the duplicate-key test counts it, and an unknown code still goes to the
model's reader, which says where (``record.expected_language``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from hearts_notation.app import cli
from hearts_notation.generate import generate_games
from hearts_notation.io import dumps
from hearts_notation.io.compact import compact_record
from hearts_notation.io.typed_json import decode_record, json_compact
from hearts_notation.scored import clean_game


@pytest.fixture(scope="module")
def tree() -> dict[str, Any]:
    """One complete clean game of two deals, as the model's writer gives it."""
    loaded: dict[str, Any] = json.loads(dumps(list(generate_games(1, seed=5, max_deals=2)),
                                              "jsonl"))
    return loaded


def _french(tree: dict[str, Any], code: object = "fr") -> dict[str, Any]:
    return {"language": code, **tree}


def _layouts(tree: dict[str, Any]) -> dict[str, str]:
    return {"compact": json.dumps(tree, separators=(",", ":")), "dumps": json.dumps(tree),
            "indent2": json.dumps(tree, indent=2), "tabs": json.dumps(tree, indent="\t")}


@pytest.mark.parametrize(("code", "kept"), [("fr", "fr"), ("en", None)])
def test_a_record_with_its_language_is_clean_in_every_layout(
        tree: dict[str, Any], code: str, kept: str | None) -> None:
    """(``"language": null``, like any field given as ``null``, is left to
    the model's reader: the layout's length does not count such a key.)"""
    for name, text in _layouts(_french(tree, code)).items():
        compact, typed = json_compact(text, 1)
        assert typed and compact is not None, name
        assert compact.language == kept, name
        clean = clean_game(compact, "p.jsonl", 1, None, False)
        assert clean is not None and clean.game.language == kept, name


@pytest.mark.parametrize("code", ["de", "FR", "", 3, ["fr"]])
def test_an_unknown_language_goes_to_the_model(tree: dict[str, Any], code: object) -> None:
    text = json.dumps(_french(tree, code), separators=(",", ":"))
    assert json_compact(text, 1)[0] is None


@pytest.mark.parametrize("second", ['"fr"', '"en"'])
def test_the_language_given_twice_is_not_clean(tree: dict[str, Any], second: str) -> None:
    for name, text in _layouts(_french(tree)).items():
        head = text[:text.index('"fr"') + 4]
        twice = head + (", " if name != "compact" else ",") + '"language": ' + second \
            + text[len(head):]
        rec = decode_record(twice)
        assert rec is not None, name
        assert compact_record(rec, 1, text=twice) is None, name


def _findings(path: Path) -> tuple[int, list[Any]]:
    r = CliRunner().invoke(cli, ["validate", "--lang", "en", "--format", "json", str(path)],
                           catch_exceptions=False)
    return r.exit_code, [(g["index"], g["line"], g["valid"], g["findings"])
                         for g in json.loads(r.stdout)["games"]]


def test_validate_says_the_same_of_french_records(tmp_path: Path, tree: dict[str, Any]) -> None:
    """The clean path's verdicts, and the model's located errors: an unknown
    code where it stands, a repeated key at its second occurrence."""
    fr = json.dumps(_french(tree), separators=(",", ":"))
    lines = [fr, json.dumps(tree, separators=(",", ":")),
             fr.replace('"fr"', '"xx"', 1),
             fr.replace('"language":"fr"', '"language":"fr","language":"en"', 1),
             fr.replace('"language":"fr"', '"language":"fr","language":"fr"', 1)]
    path = tmp_path / "p.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, games = _findings(path)
    assert code == 1
    assert [g[2] for g in games] == [True, True, False, False, True]
    assert games[0][3] == games[1][3] == []
    (bad,) = games[2][3]
    assert (bad["code"], bad["line"], bad["column"]) == ("syntax-error", 3, 13)
    assert "expected the code of a language" in bad["message"]
    (twice,) = games[3][3]
    assert (twice["code"], twice["severity"], twice["line"], twice["column"]) == \
        ("duplicate-key", "error", 4, 18)
    (same,) = games[4][3]
    assert (same["code"], same["severity"], same["column"]) == ("duplicate-key", "warning", 18)
