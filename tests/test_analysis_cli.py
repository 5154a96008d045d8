"""``hearts annotate`` and ``hearts hint`` through click's test runner."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from hearts_notation.cli import cli
from hearts_notation.io import read_games

DATA = Path(__file__).parent / "data" / "analysis"
#: The command's wiring is what this module checks, not the verdicts: the plays
#: only, one screening deal per decision (the decisions are still screened,
#: verified, and solved exactly near the end, where W's ?? at trick 12 is
#: exact): 1.4 CPU-s an analysis of queen_duck.hrn instead of 3.2 with 8
#: deals, pure (issue 22; docs/testing.md, "The budget").  The same options as
#: tests/test_analysis_quality.py::test_annotate_json_has_the_summary_and_the_confidence,
#: which shares the analysis (conftest's ``shared_analyses``).
FAST = ["--fast", "--samples", "1", "--no-passes"]


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


@pytest.mark.usefixtures("shared_analyses")
def test_annotate_prints_the_annotated_record() -> None:
    r = run("annotate", str(DATA / "queen_duck.hrn"), *FAST)
    assert r.exit_code == 0, r.output
    assert "12. S JS W KS?? {W could duck with 7S under the jack; KS took the queen.}" in r.stdout
    assert r.stderr == ""          # no progress bar when stderr is not a terminal


@pytest.mark.usefixtures("shared_analyses")
def test_annotate_json_report() -> None:
    r = run("annotate", str(DATA / "queen_duck.hrn"), *FAST, "--format", "json")
    assert r.exit_code == 0, r.output
    rep = json.loads(r.stdout)
    (game,) = rep["games"]
    marked = [d for d in game["decisions"] if d["mark"] == "??" and d["trick"] == 12]
    assert marked and marked[0]["card"] == "KS" and marked[0]["dd_loss"] == 13


@pytest.mark.usefixtures("shared_analyses")
def test_annotate_writes_the_record_and_prints_a_summary(tmp_path: Path) -> None:
    out = tmp_path / "out.json"
    r = run("annotate", str(DATA / "queen_duck.hrn"), *FAST, "-o", str(out))
    assert r.exit_code == 0, r.output
    assert "Decisions that cost points" in r.stdout
    (g,) = read_games(str(out))
    ks = g.deals[0].tricks[11].plays[1]
    assert ks.mark == "??" and ks.comment is not None


def test_annotate_in_french_with_symbols(tmp_path: Path) -> None:
    """The French comment of a play, whole (West is O, as a French score sheet
    writes it): the README's run checks it here, on the command's output;
    test_analysis_annotate.py::test_french_comments, the same analysis through
    the API, runs in the long step (tests/conftest.py's LONG_TESTS)."""
    src = tmp_path / "q.hrn"
    shutil.copy(DATA / "queen_duck.hrn", src)
    r = run("annotate", str(src), *FAST, "--lang", "fr", "--unicode")
    assert r.exit_code == 0, r.output
    assert "12. S V♠ O R♠?? {O pouvait passer sous le valet avec 7♠ ; R♠ a pris la dame.}" in r.stdout


def test_annotate_thresholds_option() -> None:
    r = run("annotate", str(DATA / "queen_duck.hrn"), *FAST, "--format", "json",
            "--thresholds", "20,30,40")
    assert r.exit_code == 0
    assert not any(d["mark"] for d in json.loads(r.stdout)["games"][0]["decisions"])
    bad = run("annotate", str(DATA / "queen_duck.hrn"), "--thresholds", "3,2")
    assert bad.exit_code == 2 and "--thresholds" in bad.stderr


def test_annotate_unusable_input(tmp_path: Path) -> None:
    r = run("annotate", str(tmp_path / "missing.hrn"))
    assert r.exit_code == 2 and "no such file" in r.stderr
    broken = tmp_path / "broken.hrn"
    broken.write_text('[Rules "standard"]\n\ndeal 1\nN: AK.QZ\n', encoding="utf-8")
    r = run("annotate", str(broken), "-o", str(tmp_path / "o.hrn"))
    assert r.exit_code == 2 and "broken.hrn:4:" in r.stderr
    assert not (tmp_path / "o.hrn").exists()
    r = run("annotate", str(DATA / "queen_duck.hrn"), "--rules", "nonsense")
    assert r.exit_code == 2 and "--rules" in r.stderr


UNFINISHED = """[Rules "standard"]

deal 2 dealer N pass right
N: K53.9763.K5.K532
E: Q964.T5.AJ94.A86
S: AJT8.AQ4.QT3.QT9
W: 72.KJ82.8762.J74
pass N: KS 3S 7H
pass E: QS 9S 8C
pass S: AH QH 3D
pass W: KH 2H 6D
1. N 2C E 6C S 9C W JC
2. W 7D N KD E 9D S QD
3. N 5S E 6S S 8S W 2S
4. S TC W 4C N KC E AC
5. E 4S S TS W 3S N 9S
6. S QC W 7C N 8C E QH
7. S 2H W 8H N 3H E TH
8. E 5H S 4H W 7H N 9H
9. N 5C E AD S AS W 2D
10. N 3C E AH S TD W 8D
11. N 6H E JD S KH W JH
12. S JS
*

result *
"""


def test_hint_for_the_seat_to_move(tmp_path: Path) -> None:
    src = tmp_path / "u.hrn"
    src.write_text(UNFINISHED, encoding="utf-8")
    r = run("hint", str(src), "--format", "json")
    assert r.exit_code == 0, r.output
    h = json.loads(r.stdout)
    assert h["seat"] == "W" and h["trick"] == 12 and h["kind"] == "play"
    assert [c["card"] for c in h["choices"]] == ["7S", "KS"]
    assert h["choices"][0]["epl"] == 0 and h["choices"][1]["epl"] == 13
    assert h["best"] == ["7S"]
    assert "7♠" in h["comment"] and "ducks under the jack" in h["comment"]
    text = run("hint", str(src))
    assert text.exit_code == 0 and "W to play" in text.stdout and "7♠" in text.stdout


def test_hint_before_the_pass(tmp_path: Path) -> None:
    src = tmp_path / "p.hrn"
    src.write_text('[Rules "standard"]\n\ndeal 1 dealer W pass left\n'
                   'N: AQ4.K93.J862.T75\n*\n\nresult *\n', encoding="utf-8")
    r = run("hint", str(src), "--format", "json", "--fast")
    assert r.exit_code == 0, r.output
    h = json.loads(r.stdout)
    assert h["kind"] == "pass" and h["seat"] == "N" and len(h["best"]) == 3
    assert all(len(c["cards"]) == 3 for c in h["choices"])
    assert h["choices"][0]["epl"] == 0


def test_hint_on_a_finished_deal_says_why() -> None:
    r = run("hint", str(DATA / "queen_duck.hrn"))
    assert r.exit_code == 2 and "complete" in r.stderr


def _broken_trick(tmp_path: Path, old: str, new: str) -> Path:
    text = UNFINISHED.replace(old, new)
    assert text != UNFINISHED
    path = tmp_path / "bad.hrn"
    path.write_text(text, encoding="utf-8")
    return path


def test_malformed_tricks_are_refused_not_analysed(tmp_path: Path) -> None:
    """A trick of 5 cards or of 1 card, a card out of turn, a skipped seat
    in the trick in progress and a trick line of 12,000 or 300,000 cards: annotate
    and hint exit 2 with file:line:col, at once, and analyse nothing."""
    cases = [
        ("5. E 4S S TS W 3S N 9S", "5. E 4S S TS W 3S N 9S E 2S", "bad.hrn:16:1:", "5 cards"),
        ("5. E 4S S TS W 3S N 9S", "5. E 4S", "bad.hrn:16:1:", "1 card;"),
        ("7. S 2H W 8H N 3H E TH", "7. S 2H N 3H W 8H E TH", "bad.hrn:18:", "out of turn"),
        ("12. S JS", "12. S JS N QS", "bad.hrn:23:", "W's turn"),
        ("12. S JS", "12. S JS " + " ".join(["W 7S"] * 30), "bad.hrn:23:1:", "31 cards"),
        # Over the reader's cards limit: refused by the reader, with its place and the limit.
        ("12. S JS", "12. S JS " + " ".join(["W 7S"] * 12_000), "bad.hrn:23:1:", "HEARTS_MAX_CARDS"),
        # Over the reader's line limit: refused by the reader, still exit 2 with a place.
        ("12. S JS", "12. S JS " + " ".join(["W 7S"] * 300_000), "bad.hrn:23:", ""),
    ]
    for old, new, where, what in cases:
        src = _broken_trick(tmp_path, old, new)
        for cmd in ("annotate", "hint"):
            r = run(cmd, str(src), *(FAST if cmd == "annotate" else ["--fast"]))
            assert r.exit_code == 2, (cmd, new[:40], r.output)
            assert where in r.stderr and what in r.stderr, (cmd, r.stderr[:300])
            assert "Traceback" not in r.output


@pytest.mark.usefixtures("shared_analyses")
def test_annotate_writes_the_html_replay_with_the_learners_report(tmp_path: Path) -> None:
    """``annotate --html``: the replay page of the annotated record, with
    each mark's loss, the learner's report and the costliest decisions
    (the page of ``replay --html --analysis``, without the JSON step)."""
    import re

    out = tmp_path / "notes.html"
    r = run("annotate", str(DATA / "queen_duck.hrn"), *FAST, "--html", str(out))
    assert r.exit_code == 0, r.output
    page = out.read_text(encoding="utf-8")
    assert "Content-Security-Policy" in page
    m = re.search(r'id="replay-data">(.*?)</script>', page, re.S)
    assert m
    game = json.loads(m.group(1))["games"][0]
    rep = game["report"]
    assert {p["who"] for p in rep["players"]} >= {"W"} and all("%" in p["acc"] for p in rep["players"])
    assert rep["costly"][0]["x"] == "Deal 2, trick 12, W" and rep["costly"][0]["m"] == "??"
    step = next(s for d in game["deals"] for s in d["steps"] if s.get("cost") == 1)
    assert step["s"] == "W" and step["c"] == "KS" and step["a"]["why"].startswith("W could duck")
    # The record still goes to stdout; an unwritable page is exit 2.
    assert "W KS??" in r.stdout
    bad = run("annotate", str(DATA / "queen_duck.hrn"), *FAST, "--html", str(tmp_path / "no" / "x.html"))
    assert bad.exit_code == 2
