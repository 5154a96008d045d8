"""``hearts solve``: the command line, its JSON and JSONL, its errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from hearts_notation.cli import cli
from hearts_notation.generate import generate_games
from hearts_notation.io import dumps

ROOT = Path(__file__).resolve().parent.parent
OBSERVER = str(ROOT / "samples" / "observer.hrn")


def run(*args: str, input: str | None = None) -> tuple[int, str, str]:
    r = CliRunner().invoke(cli, list(args), input=input, catch_exceptions=False)
    return r.exit_code, r.stdout, r.stderr


def test_json_gives_every_legal_card_with_its_points() -> None:
    code, out, _ = run("solve", OBSERVER, "--trick", "10", "--format", "json")
    assert code == 0
    doc = json.loads(out)
    assert (doc["deal"], doc["trick"], doc["card_in_trick"], doc["seat"]) == (1, 10, 1, "N")
    assert {e["card"] for e in doc["cards"]} == {"9S", "8S", "7S", "4H"}
    assert all(isinstance(e["points"], int) and "tie_sensitive" in e for e in doc["cards"])
    assert doc["value"] == min(e["points"] for e in doc["cards"])
    assert set(doc["best"]) == {e["card"] for e in doc["cards"] if e["points"] == doc["value"]}
    assert doc["played"] == "9S" and doc["nodes"] > 0 and doc["cpu_seconds"] >= 0


def test_paranoid_model_has_no_tie_flags() -> None:
    """Paranoid values do not depend on how indifferent seats break ties
    (there are none: the others all maximise the mover's points)."""
    _, out, _ = run("solve", OBSERVER, "--trick", "11", "--format", "json", "--model", "paranoid")
    doc = json.loads(out)
    assert doc["model"] == "paranoid"
    assert all("tie_sensitive" not in e for e in doc["cards"])


def test_all_solves_every_decision_and_stdin_reads_hrn() -> None:
    text = dumps(list(generate_games(1, seed=5, max_deals=1)), "hrn")
    code, out, _ = run("solve", "-", "--all", "--trick", "10", "--card", "2", input=text)
    assert code == 2    # --all and --card together: a usage error
    # every decision from trick 10 on, where the record stops included
    code, out, _ = run("solve", "-", "--all", "--trick", "10", "--format", "json",
                       input=_stop_at(text, 13))
    assert code == 0, out
    doc = json.loads(out)
    positions = doc["positions"]
    assert len(positions) == 3 * 4 + 1
    assert positions[-1]["played"] is None and positions[-1]["trick"] == 13
    assert [(p["trick"], p["card_in_trick"]) for p in positions[:5]] == [
        (10, 1), (10, 2), (10, 3), (10, 4), (11, 1)]


def _stop_at(text: str, trick: int) -> str:
    """The record with its tricks from *trick* on removed (and no score)."""
    out = []
    for line in text.splitlines():
        head = line.split(".", 1)[0]
        if head.isdigit() and int(head) >= trick:
            continue
        if line.startswith(("score", "total", "result", "moon")):
            continue
        out.append(line)
    return "\n".join(out) + "\n"


def test_default_point_is_where_the_record_stops() -> None:
    text = _stop_at(dumps(list(generate_games(1, seed=5, max_deals=1)), "hrn"), 12)
    code, out, _ = run("solve", "-", "--format", "json", input=text)
    assert code == 0
    doc = json.loads(out)
    assert (doc["trick"], doc["card_in_trick"], doc["played"]) == (12, 1, None)


def test_jsonl_one_line_per_deal_with_jobs(tmp_path: Path) -> None:
    games = list(generate_games(2, seed=11, max_deals=2))
    path = tmp_path / "corpus.jsonl"
    path.write_text(dumps(games, "jsonl"), encoding="utf-8")
    code, out, _ = run("solve", str(path), "--format", "jsonl", "--trick", "11", "--jobs", "2")
    assert code == 0
    lines = [json.loads(x) for x in out.splitlines()]
    assert len(lines) == sum(len(g.deals) for g in games)
    assert all(x["trick"] == 11 and x["cards"] for x in lines)
    assert [(x["game"], x["deal"]) for x in lines] == sorted((x["game"], x["deal"]) for x in lines)


@pytest.mark.parametrize(("args", "why"), [
    (["--trick", "14"], "no card 1 of trick 14"),
    (["--deal", "3"], "no deal 3"),
])
def test_a_point_that_does_not_exist_is_exit_2(args: list[str], why: str) -> None:
    code, out, err = run("solve", OBSERVER, *args)
    assert code == 2 and not out
    assert why in err and "Traceback" not in err


def test_unknown_hands_are_exit_2() -> None:
    code, out, err = run("solve", str(ROOT / "samples" / "variante-retenue-example.hrn"))
    assert code == 2 and not out
    assert "every hand must be known" in err


def test_card_needs_trick() -> None:
    code, _, err = run("solve", OBSERVER, "--card", "2")
    assert code == 2 and "--card needs --trick" in err


def test_french_text() -> None:
    code, out, _ = run("solve", OBSERVER, "--trick", "12", "--lang", "fr")
    assert code == 0
    assert "modèle égoïste" in out and "meilleure" in out and "à Cleo (O) de jouer" in out


@pytest.mark.parametrize("lang, word", [("en", "--max-nodes"), ("fr", "augmentez --max-nodes")])
def test_a_position_past_the_node_limit_is_one_line_and_exit_2(lang: str, word: str) -> None:
    """The opening lead of a finished deal needs far more search than a
    command line should wait for by surprise: past --max-nodes the command
    stops at once with one line naming the option (never hours of CPU)."""
    code, out, err = run("solve", OBSERVER, "--max-nodes", "500", "--lang", lang)
    assert code == 2, out
    assert word in err and "500" in err
    assert "Traceback" not in err


def test_max_nodes_high_enough_gives_the_same_values_as_no_limit() -> None:
    _, limited, _ = run("solve", OBSERVER, "--trick", "11", "--format", "json", "--max-nodes", "1000000")
    _, free, _ = run("solve", OBSERVER, "--trick", "11", "--format", "json", "--max-nodes", "0")
    assert json.loads(limited)["cards"] == json.loads(free)["cards"]


@pytest.mark.slow
def test_jsonl_on_a_dask_cluster_is_the_local_output(tmp_path: Path) -> None:
    """``--engine dask`` (a local cluster of --jobs workers) gives the same
    lines as the local processes, in the same order (CPU figures aside)."""
    games = list(generate_games(2, seed=11, max_deals=2))
    path = tmp_path / "corpus.jsonl"
    path.write_text(dumps(games, "jsonl"), encoding="utf-8")

    def lines(*extra: str) -> list[dict[str, object]]:
        code, out, _ = run("solve", str(path), "--format", "jsonl", "--trick", "11", *extra)
        assert code == 0
        got = [json.loads(x) for x in out.splitlines()]
        for x in got:
            x.pop("cpu_seconds")
        return got

    local = lines("--jobs", "1")
    assert len(local) == sum(len(g.deals) for g in games)
    assert lines("--engine", "dask", "--jobs", "2") == local
