"""Helper score24's campaign: imperfect records through ``score``, ``standings``,
``stats`` and ``convert``.

Each record of ``tests/data/score24/`` (``make.py`` writes them; the README
says what each is and what should happen) and four logs pyspiel wrote
(``tests/data/interop21/``) go through the four commands in process.  For
each, what every command did is boiled down (its exit status; the totals,
the disagreements and notices ``score`` found, the deals it left unscored;
what ``standings`` and ``stats`` counted; where a refused record was
refused) and compared with ``tests/data/score24/expected.json``: every score
matched or a clear message at file:line:col, exit 2 for unreadable input,
never a traceback (``clirun.run`` checks that).  ``--update-golden``
rewrites the expected outcomes (review the diff: the README says what each
must be).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from clirun import run

DATA = Path(__file__).parent / "data" / "score24"
PYSPIEL = Path(__file__).parent / "data" / "interop21"
EXPECTED = DATA / "expected.json"

#: pyspiel's own files (a user's saves of its runs): read with --from
LOGS = {"crlf-bom.oshist": "openspiel-history", "cut-finished.oshist": "openspiel-history",
        "highest-lowest.oshist": "openspiel-history", "moon-jd.ostext": "openspiel"}

CASES = sorted(p.name for p in DATA.iterdir()
               if p.suffix in (".json", ".jsonl", ".yaml", ".hrn") and p.name != "expected.json")


def _path(name: str) -> str:
    return str((PYSPIEL if name in LOGS else DATA) / name)


def _place(out: str, path: str) -> str | None:
    """The ``line:col`` of the first place *out* names in *path* (none: the
    file as a whole, an unreadable input)."""
    m = re.search(re.escape(path) + r":(\d+):(\d+)", out)
    return f"{m.group(1)}:{m.group(2)}" if m else None


def observe(name: str) -> dict[str, Any]:
    """What each command did with the record *name*."""
    path = _path(name)
    fmt = ["--from", LOGS[name]] if name in LOGS else []
    seen: dict[str, Any] = {}
    code, out = run("score", "--format", "json", *fmt, path)
    seen["score"] = code
    if code == 2:
        seen["refused_at"] = _place(out, path)
        assert out.strip(), name                 # one clear message, never silence
    else:
        doc = json.loads(out)
        seen["games"] = [{
            "totals": g["deals"][-1]["totals"] if g["deals"] else None,
            "finished": g["finished"], "winners": g["winners"],
            "disagreements": sorted({f"{f['code']}@{f['line']}:{f['column']}"
                                     for f in g["disagreements"] if f["severity"] != "info"}),
            "notices": [f"{f['code']}@{f['line']}:{f['column']}" for f in g.get("notices", ())],
            "unscored": [d["number"] for d in g["deals"] if "unscored" in d],
        } for g in doc["games"]]
    for lang in ("en", "fr"):
        table_code, _ = run("score", "--lang", lang, *fmt, path)
        assert table_code == code, (name, lang)
    code, out = run("standings", "--format", "json", *fmt, path)
    seen["standings"] = code
    if code != 2:
        summary = json.loads(out)["summary"]
        seen["standings_counted"] = {k: summary.get(k, 0) for k in
                                     ("games", "deals", "errors", "unscored_deals")}
        seen["standings_notes"] = [n.replace(path, "FILE") for n in json.loads(out)["notes"]
                                   if "seat" not in n]
    code, out = run("stats", "--format", "json", *fmt, path)
    seen["stats"] = code
    if code != 2:
        summary = json.loads(out)["summary"]
        seen["stats_counted"] = {k: summary.get(k, 0) for k in
                                 ("games", "deals", "complete_deals", "sheet_deals",
                                  "unscored_deals", "unread_games", "moons")}
    target = "json" if name.endswith(".hrn") else "hrn"
    code, out = run("convert", *fmt, path, "--to", target)
    seen["convert"] = code
    if code == 2:
        seen["convert_refused_at"] = _place(out, path)
    return seen


@pytest.fixture(scope="module")
def expected(request: pytest.FixtureRequest) -> dict[str, Any]:
    if request.config.getoption("--update-golden"):
        return {}
    found: dict[str, Any] = json.loads(EXPECTED.read_text(encoding="utf-8"))
    return found


@pytest.mark.parametrize("name", [*CASES, *LOGS])
def test_imperfect_record(name: str, expected: dict[str, Any], update_golden: bool) -> None:
    seen = observe(name)
    oracle = json.loads((PYSPIEL / "expected.json").read_text(encoding="utf-8"))
    if name in oracle:
        # a pyspiel log's points are pyspiel's own returns() (interop21's oracle)
        want = oracle[name] if isinstance(oracle[name][0], list) else [oracle[name]]
        assert [list(g["totals"].values()) for g in seen["games"]] == want, name
    if update_golden:
        old = json.loads(EXPECTED.read_text(encoding="utf-8")) if EXPECTED.exists() else {}
        old[name] = seen
        EXPECTED.write_text(json.dumps(dict(sorted(old.items())), indent=1, ensure_ascii=False)
                            + "\n", encoding="utf-8")
        return
    assert seen == expected[name]


def test_every_case_has_its_outcome_and_its_line_in_the_readme() -> None:
    told = json.loads(EXPECTED.read_text(encoding="utf-8"))
    assert sorted(told) == sorted([*CASES, *LOGS])
    readme = (DATA / "README.md").read_text(encoding="utf-8")
    for name in told:
        assert f"`{name}`" in readme, name
