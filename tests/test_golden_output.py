"""Golden-output tests: the human output of the commands on the shipped samples,
byte for byte, in English and French.

The expected outputs live in ``tests/golden/`` and change only with
``pytest --update-golden`` (then read the diff before committing).  Each
command runs in-process with a fixed terminal width (100 columns), no colour
and no locale from the environment, so the bytes do not depend on who runs it.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from hearts_notation.cli import cli
from tests.budget import long_unless

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = Path(__file__).resolve().parent / "golden"
SAMPLES = sorted(p.name for p in (ROOT / "samples").glob("*.hrn") if ".fmt." not in p.name)

CASES: list[tuple[str, list[str]]] = []
for _name in SAMPLES:
    _stem = _name.removesuffix(".hrn")
    for _lang in ("en", "fr"):
        CASES += [
            (f"validate/{_stem}.{_lang}.txt", ["validate", "--lang", _lang, f"samples/{_name}"]),
            (f"score/{_stem}.{_lang}.txt", ["score", "--lang", _lang, f"samples/{_name}"]),
            (f"narrate/{_stem}.{_lang}.txt",
             ["replay", "--narrate", "--lang", _lang, f"samples/{_name}"]),
        ]
        CASES.append((f"replay/{_stem}.{_lang}.txt", ["replay", "--lang", _lang, f"samples/{_name}"]))
for _lang in ("en", "fr"):
    CASES += [
        (f"stats/samples.{_lang}.txt", ["stats", "--lang", _lang, "samples/"]),
        (f"standings/club.{_lang}.txt", ["standings", "--lang", _lang, "samples/club"]),
        (f"score/several.{_lang}.txt",
         ["score", "--lang", _lang, "samples/multi-game.hrn", "samples/three-players.hrn"]),
        (f"rules/list.{_lang}.txt", ["rules", "--lang", _lang]),
        # The analysis is deterministic for a fixed seed: --fast keeps it short.
        (f"hint/club-night-trick-6.{_lang}.txt",
         ["hint", "--fast", "--seed", "1", "--lang", _lang, "tests/data/hint/club-night-trick-6.hrn"]),
        (f"hint/observer.{_lang}.txt", ["hint", "--lang", _lang, "samples/observer.hrn"]),
        (f"annotate/partie-francaise.{_lang}.txt",
         ["annotate", "--fast", "--seed", "1", "--deal", "1", "--unicode", "--lang", _lang,
          "samples/partie-francaise.hrn"]),
        (f"annotate/canonical.{_lang}.txt",
         ["annotate", "--fast", "--seed", "1", "--deal", "1", "--lang", _lang, "samples/canonical.hrn"]),
        # A finished match, resumed: nothing is played, the results are read from its records.
        (f"match/duplicate.{_lang}.txt",
         ["match", "-p", "heuristic", "-p", "random", "-p", "cmd:python3 examples/bots/duck.py",
          "-p", "analysis:samples=4", "--deals", "4", "--duplicate", "--resume",
          "-o", "tests/data/match/duplicate.jsonl", "--lang", _lang]),
        (f"standings/match-ratings.{_lang}.txt",
         ["standings", "--ratings", "--lang", _lang, "tests/data/match/duplicate.jsonl"]),
        # hearts solve: the exact values (selfish, with the tie flags; paranoid).
        (f"solve/observer-trick-9.{_lang}.txt",
         ["solve", "--trick", "9", "--lang", _lang, "samples/observer.hrn"]),
        (f"solve/canonical-paranoid.{_lang}.txt",
         ["solve", "--trick", "10", "--card", "2", "--model", "paranoid", "--lang", _lang,
          "samples/canonical.hrn"]),
        # With -o the record goes to the file and the terminal gets the summary tables.
        (f"annotate/canonical-summary.{_lang}.txt",
         ["annotate", "--fast", "--seed", "1", "--deal", "1", "--lang", _lang, "-o", "/dev/null",
          "samples/canonical.hrn"]),
        # select: --explain (a score sheet cannot say who took Q♠) and --count --by-deal.
        (f"select/explain.{_lang}.txt",
         ["select", "--lang", _lang, "--where", 'queen == E or moon == "Yann"', "--explain",
          "samples/club/soiree-du-vendredi.hrn", "samples/multi-game.hrn"]),
        (f"select/by-deal.{_lang}.txt",
         ["select", "--lang", _lang, "--where", "points(N) >= 13", "--count", "--by-deal",
          "samples/multi-game.hrn", "samples/multi-game.hrn"]),
    ]
# Positions (issue 25): a point of a record, a hint from a position string, an error's column.
for _lang in ("en", "fr"):
    CASES += [
        (f"position/game-trick-5.{_lang}.txt",
         ["position", "--lang", _lang, "tests/data/position/game.hrn", "--deal", "1", "--trick", "5",
          "--card", "2"]),
        (f"position/error.{_lang}.txt", ["position", "--lang", _lang, "standard_1_N_C2XJQ_DAHJK-HASQA_"]),
        (f"hint/position.{_lang}.txt",
         ["hint", "--fast", "--seed", "1", "--lang", _lang,
          "standard_1_N_CJQDJH29AS4QA_DAHJK-HASQA_N2C5CTCAC.W5D6D8DQD.S2S9S6SKH.WJSTSJH8S.W6C"]),
        # The summary line in each language, on --fast: the puzzles themselves
        # (the default analysis) are tests/test_puzzles.py's, made once a run by
        # conftest's puzzle_set_text (2.2 -> 0.5 CPU-s a case, pure; issue 22).
        (f"puzzles/queen-duck.{_lang}.txt",
         ["puzzles", "--fast", "--lang", _lang, "tests/data/puzzles/queen-duck.annotated.hrn",
          "-o", "/dev/null"]),
    ]
# A French sheet typed by hand with slips (issue 23): every slip at its line, in one run,
# in French without being asked and in English when asked.
CASES += [
    ("validate/vendredi-12.fr.txt", ["validate", "docs/fr/exemples/vendredi-12.hrn"]),
    ("validate/vendredi-12.en.txt", ["validate", "--lang", "en", "docs/fr/exemples/vendredi-12.hrn"]),
]
# Hand-typed French club sheets (BOM, CRLF, seats in full, grand chelem; slips): French
# without being asked, each slip at its line (tests/test_fr_club.py).
CASES += [
    ("validate/etoile-propre.txt", ["validate", "tests/data/fr_club/etoile-propre.hrn"]),
    ("score/etoile-propre.txt", ["score", "tests/data/fr_club/etoile-propre.hrn"]),
    ("validate/etoile-erreurs.txt", ["validate", "tests/data/fr_club/etoile-erreurs.hrn"]),
]
CASES.append(("select/deals.txt", ["select", "--deals", "--where", 'queen == "Bilal" and number <= 3',
                                   "samples/multi-game.hrn"]))


#: Cases left to the long campaign (tests/budget.py): each analyses a deal that a case
#: kept in the default run analyses too (canonical.en, canonical-summary.en show the
#: same deals in the other language or layout).  The two canonical cases kept are in
#: the same language, so they share one analysis (conftest's ``shared_analyses``):
#: the record and the summary tables are both checked for one analysis's CPU.  French
#: annotate output of a record written in French, with --unicode (partie-francaise.fr,
#: 4.7 CPU-s pure): tests/test_docs_fr_guide.py checks the same command's output
#: whole, byte for byte (``annotate --fast --lang fr --unicode exemples/soiree.hrn``:
#: the summary, the passes' and the plays' comments), in the default run.
LONG_GOLDEN = {"annotate/partie-francaise.en.txt", "annotate/canonical.fr.txt",
               "annotate/canonical-summary.fr.txt", "annotate/partie-francaise.fr.txt"}


@pytest.mark.parametrize(("golden", "args"), long_unless(CASES, lambda c: c[0] not in LONG_GOLDEN,
                                                          several=True),
                         ids=[c[0] for c in CASES])
@pytest.mark.usefixtures("shared_analyses")
def test_golden(golden: str, args: list[str], update_golden: bool,
                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "100")
    monkeypatch.setenv("TERM", "dumb")
    result = CliRunner().invoke(cli, args, catch_exceptions=False)
    got = f"$ hearts {' '.join(args)}\n[exit {result.exit_code}]\n{result.output}"
    path = GOLDEN / golden
    if update_golden:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(got, encoding="utf-8")
        return
    assert path.exists(), f"no golden file {golden}: run pytest --update-golden"
    assert got == path.read_text(encoding="utf-8")


def test_every_golden_file_is_checked() -> None:
    """A golden file no case produces any more is a stale file, not a test."""
    known = {c[0] for c in CASES}
    stale = {str(p.relative_to(GOLDEN)) for p in GOLDEN.rglob("*.txt")} - known
    assert not stale, sorted(stale)
