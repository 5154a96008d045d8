"""Findings from JSON, JSONL and YAML records say where they are (issue:
locations everywhere): the line -- and the column of the deal, trick or
card when there is one -- as for HRN, in the report and in the text
output (``file:line:col:``), for every finding code of the referee corpus."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

import hearts_notation as hn
from hearts_notation.cli import cli
from hearts_notation.io import dumps, read_games

DATA = Path(__file__).parent / "data" / "referee"
CORPUS = sorted(DATA.glob("*.hrn"))


def _corpus_games() -> list:  # type: ignore[type-arg]
    games = []
    for path in CORPUS:
        games.extend(g for g in read_games(str(path)) if not g.errors)
    return games


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    games = _corpus_games()
    root = tmp_path_factory.mktemp("corpus")
    out = {}
    for fmt in ("hrn", "jsonl", "json", "yaml"):
        out[fmt] = root / f"corpus.{fmt}"
        out[fmt].write_text(dumps(games, fmt), encoding="utf-8")
    return out


@pytest.mark.parametrize("fmt", ["jsonl", "json", "yaml"])
def test_every_finding_names_its_place(corpus: dict[str, Path], fmt: str) -> None:
    # The reference: the model path of the referee on the HRN text.
    from hearts_notation.referee import check_game

    hrn = hn.api.Validation([check_game(g).to_dict() for g in read_games(str(corpus["hrn"]))])
    ours = hn.validate_file(str(corpus[fmt]))
    codes = {f["code"] for f in hrn.findings()}
    assert len(codes) >= 20                      # the corpus covers the referee's codes
    assert {f["code"] for f in ours.findings()} == codes
    for entry_hrn, entry in zip(hrn.entries, ours.entries, strict=True):
        assert entry["line"] is not None and entry["index"] == entry_hrn["index"]
        key = lambda f: (f["code"], f["deal"] or 0, f["trick"] or 0, f["seat"] or "",  # noqa: E731
                         f["message"])
        assert sorted(map(key, entry["findings"])) == sorted(map(key, entry_hrn["findings"]))
        pairs = zip(sorted(entry_hrn["findings"], key=key), sorted(entry["findings"], key=key),
                    strict=True)
        for f_hrn, f in pairs:
            assert f["line"] is not None, (fmt, f)
            assert f["line"] >= entry["line"]
            if f_hrn["column"] is not None and f_hrn["column"] > 1:
                # Placed on its deal, trick or card, not only on its game.
                assert f["column"] is not None and (f["column"] > 1 or f["line"] > entry["line"]), \
                    (fmt, f, f_hrn)


def test_jsonl_card_column_points_at_the_card(corpus: dict[str, Path]) -> None:
    lines = corpus["jsonl"].read_text(encoding="utf-8").splitlines()
    res = hn.validate_file(str(corpus["jsonl"]))
    checked = 0
    for f in res.findings():
        if f["card"] is not None and f["trick"] is not None and f["seat"] is not None:
            text = lines[f["line"] - 1]
            at = text[f["column"] - 1:]
            card = f["card"]
            if at.startswith('"') and at[1:].startswith(card):
                checked += 1
    assert checked >= 5


@pytest.mark.parametrize("fmt", ["jsonl", "json", "yaml"])
def test_text_output_prints_file_line_col(corpus: dict[str, Path], fmt: str) -> None:
    res = CliRunner().invoke(cli, ["validate", str(corpus[fmt]), "--jobs", "1"])
    heads = [ln for ln in res.stdout.splitlines() if ": error: " in ln or ": warning: " in ln
             or ": info: " in ln]
    assert heads
    pattern = re.compile(re.escape(str(corpus[fmt])) + r":\d+:\d+: (error|warning|info): ")
    assert all(pattern.match(h) for h in heads), [h for h in heads if not pattern.match(h)][:3]


def test_json_report_has_lines_for_jsonl(corpus: dict[str, Path]) -> None:
    res = CliRunner().invoke(cli, ["validate", str(corpus["jsonl"]), "--format", "json",
                                   "--jobs", "2"])
    doc = json.loads(res.stdout)
    found = [f for g in doc["games"] for f in g["findings"]]
    assert found and all(f["line"] is not None and f["column"] is not None for f in found)


def test_score_findings_on_jsonl_have_lines(corpus: dict[str, Path]) -> None:
    for game in read_games(str(corpus["jsonl"])):
        for f in hn.score(game).findings:
            assert f.line is not None


def _paths(value: object, path: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    """Every path into a decoded JSON value, at most 8 steps deep."""
    out = [path]
    if len(path) < 8:
        if isinstance(value, dict):
            for k, v in value.items():
                out.extend(_paths(v, (*path, k)))
        elif isinstance(value, list):
            for i, v in enumerate(value):
                out.extend(_paths(v, (*path, i)))
    return out


def test_the_locator_reads_tricks_and_plays_whole_at_the_same_places(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The JSON locator reads a trick of plain plays, a play and a list of
    strings as one token each (the hot path of an observer's record); every
    value is found where the token-by-token reading finds it."""
    from hearts_notation.generate import generate_games
    from hearts_notation.io import jsonio

    game = jsonio.game_to_dict(next(iter(generate_games(1, seed=3, bots=("random",)))))
    deal = game["deals"][0]
    deal["tricks"][0]["plays"][1]["mark"] = "!"
    first = deal["tricks"][1]["plays"][0]
    deal["tricks"][1]["plays"][0] = {"card": first["card"], "seat": first["seat"]}
    deal["tricks"][2]["comment"] = 'a "quote" and {"seat":"N","card":"2C"}'
    deal["tricks"].append({"plays": []})
    deal["hands"]["N"] = None
    game["tags"]["Event"] = '{"plays":[{"seat":"N","card":"2C"}]}'
    deep = {"deals": [{"tricks": [{"plays": [[[{"seat": "N", "card": "2C"}]]]}]}]}
    texts = [json.dumps(game), json.dumps(game, separators=(",", ":")),
             json.dumps(game, indent=2), json.dumps([game, game], indent="\t"), json.dumps(deep)]
    plain = re.compile(r'"(?:[^"\\\n]|\\.)*"|[{}\[\],:]|[^\s{}\[\],:"]+')
    for text in texts:
        paths = _paths(json.loads(text))
        whole = jsonio.JsonLocator(text, 3, 5)
        found = [whole(p) for p in paths]
        with monkeypatch.context() as m:
            m.setattr(jsonio, "_TOKEN", plain)
            by_token = jsonio.JsonLocator(text, 3, 5)
            assert found == [by_token(p) for p in paths]
            slow = _places(text, plain=True)
        assert all(pos is not None for pos in found)
        assert _places(text) == slow


def _places(text: str, plain: bool = False) -> list[object]:
    """The places of every deal, pass, trick and play of the model read from
    *text* with its locator (a record), or [] (not a record)."""
    from hearts_notation.io import jsonio

    obj = json.loads(text)
    if not isinstance(obj, dict) or "tags" not in obj:
        return []
    game = jsonio.game_from_dict(obj, locate=jsonio.JsonLocator(text, 3, 5))
    out: list[object] = []
    for deal in game.deals:
        out.append(deal.pos)
        out.extend(p.pos for p in deal.passes.values())
        for trick in deal.tricks:
            out.append(trick.pos)
            out.extend(play.pos for play in trick.plays)
    assert plain or all(place is not None for place in out)
    return out
