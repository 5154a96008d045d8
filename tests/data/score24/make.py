"""Regenerate the records of this folder (helper score24's campaign).

    python tests/data/score24/make.py

Every record is one game of ``samples/canonical.hrn`` cut to its first five
deals under the ``short`` rules (a game to 50: South's 51 ends it after
deal 5, Margaret (N) wins with 25), written as a game site's export, a
script or a person editing by hand would write it, each with one
imperfection (README.md says which, and what ``score``, ``standings``,
``stats`` and ``convert`` do with it; ``expected.json`` holds the
outcomes the test checks).  The text is deterministic: the same files on
every run.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from hearts_notation.io import dumps, read_games

HERE = Path(__file__).parent
ROOT = HERE.parent.parent.parent


def base_hrn() -> str:
    """The first five deals of the canonical sample, under the short rules, with their result."""
    lines = (ROOT / "samples" / "canonical.hrn").read_text(encoding="utf-8").splitlines()
    end = lines.index("deal 6 dealer N pass right")
    text = "\n".join(lines[:end]).rstrip() + "\n\nresult N\n"
    return text.replace('[Rules "standard"]', '[Rules "short"]')


def base_record() -> dict[str, Any]:
    """:func:`base_hrn` as a JSON record (a dict)."""
    path = HERE / "_base.hrn"
    path.write_text(base_hrn(), encoding="utf-8")
    try:
        (game,) = read_games(str(path))
    finally:
        path.unlink()
    rec = json.loads(dumps([game], "jsonl"))
    assert isinstance(rec, dict)
    return rec


def pretty(value: Any, indent: str = "") -> str:
    """JSON as a person reads it: an object or list of plain values on one
    line (a hand, a play, a score), anything deeper one entry a line."""
    def plain(v: Any) -> bool:
        return not isinstance(v, (dict, list)) or not v

    if isinstance(value, dict) and value and not all(plain(v) for v in value.values()):
        inner = indent + "  "
        items = [f"{inner}{json.dumps(k, ensure_ascii=False)}: {pretty(v, inner)}"
                 for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + indent + "}"
    if isinstance(value, list) and value and not all(plain(v) for v in value):
        inner = indent + "  "
        return "[\n" + ",\n".join(inner + pretty(v, inner) for v in value) + "\n" + indent + "]"
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


def write(name: str, text: str | bytes) -> None:
    data = text.encode("utf-8") if isinstance(text, str) else text
    (HERE / name).write_bytes(data)


def main() -> None:
    rec = base_record()
    deals = rec["deals"]
    write("clean.json", pretty(rec) + "\n")

    r = copy.deepcopy(rec)
    for d in r["deals"]:
        d.pop("score", None)
        d.pop("total", None)
    r.pop("result")
    write("no-scores.json", pretty(r) + "\n")

    r = copy.deepcopy(rec)
    r["deals"][2]["score"]["S"] = 15            # 16 taken: a slip of the scorer
    write("score-disagrees.json", pretty(r) + "\n")

    r = copy.deepcopy(rec)
    r["deals"][3]["total"]["E"] = 27            # 1 + 25 + 2 = 28: an addition slip
    write("total-disagrees.json", pretty(r) + "\n")

    r = copy.deepcopy(rec)
    # North took the thirteen hearts but not the queen: no moon, 13 points
    r["deals"][0]["moon"] = {"seat": "N", "choice": "add"}
    write("moon-wrong.json", pretty(r) + "\n")

    r = copy.deepcopy(rec)
    last = r["deals"][4]
    last["tricks"] = last["tricks"][:7]         # the log stops at trick 7
    for k in ("score", "total"):
        last.pop(k)
    r.pop("result")
    write("unfinished.json", pretty(r) + "\n")

    r = copy.deepcopy(rec)
    r["deals"] = r["deals"][:3]
    r["result"] = ["N"]                          # stopped at 42: no one reached 50
    write("ends-early.json", pretty(r) + "\n")

    r = copy.deepcopy(rec)
    del r["deals"][1]["tricks"][4]["plays"][-1]  # a card lost in trick 5 of deal 2
    write("lost-card-scored.json", pretty(r) + "\n")
    for d in r["deals"]:                         # a program's log: the play, no scores
        d.pop("score", None)
        d.pop("total", None)
    r.pop("result")
    write("play-errors.json", pretty(r) + "\n")

    r = copy.deepcopy(rec)
    r = {"id": 81723, "created_at": "2025-11-13T21:40:00Z", **r}
    write("extra-fields.json", pretty(r) + "\n")

    text = pretty(rec).replace('"number": 2,', '"number": "2",', 1)
    write("numbers-as-strings.json", text + "\n")

    text = pretty(rec).replace('"S": 13, "W": 0}', '"S": "13", "W": 0}', 1)
    write("points-as-strings.json", text + "\n")

    write("bom.json", "\ufeff" + pretty(rec) + "\n")
    r = copy.deepcopy(rec)
    r["deals"][2]["score"]["S"] = 15
    write("crlf-disagrees.json", (pretty(r) + "\n").replace("\n", "\r\n"))

    r = copy.deepcopy(rec)
    r["deals"][2]["score"]["S"] = 15
    lines = [json.dumps(rec, ensure_ascii=False), json.dumps(r, ensure_ascii=False)]
    write("bom-crlf.jsonl", "\ufeff" + "\r\n".join(lines) + "\r\n")

    text = pretty(rec).replace('"score": {"N": 13, ', '"score": {"N": 9, "N": 13, ', 1)
    write("duplicate-key.json", text + "\n")

    fr = copy.deepcopy(rec)
    fr["language"] = "fr"
    fr["tags"] = {"Lieu" if k == "Site" else k: v for k, v in fr["tags"].items()}
    fr["players"] = {"N": "Camille", "E": "Tom", "S": "Hélène", "W": "Dev"}
    lines = [json.dumps(fr, ensure_ascii=False), json.dumps(rec, ensure_ascii=False)]
    write("mixed-languages.jsonl", "\n".join(lines) + "\n")

    write("truncated.json", pretty(rec)[:2000])
    write("empty.json", "")
    write("binary.json", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(64)))

    lines = (ROOT / "samples" / "canonical.hrn").read_text(encoding="utf-8").splitlines()
    six = "\n".join(lines[:lines.index("deal 7 dealer E pass across")]).rstrip() + "\n"
    write("played-on.hrn", six.replace('[Rules "standard"]', '[Rules "short"]'))
    mixed = base_hrn().replace('[North "Margaret"]', '[Nord "Margaret"]')
    mixed = mixed.replace("deal 2 dealer N pass right", "donne 2 donneur N passe à droite")
    write("mixed-keywords.hrn", mixed.replace("score N 11", "marque N 11", 1))

    y = dumps([read_games_of(rec)], "yaml")
    write("clean.yaml", y)
    write("crlf-bom.yaml", "\ufeff" + y.replace("\n", "\r\n"))
    r = copy.deepcopy(rec)
    r["deals"][2]["score"]["S"] = 15
    write("score-disagrees.yaml", dumps([read_games_of(r)], "yaml"))
    write("duplicate-key.yaml", y.replace("score: {N: 13, E: 0, S: 13, W: 0}",
                                          "score: {N: 13, E: 0, S: 13, W: 0, N: 9}", 1))
    write("number-as-string.yaml", y.replace("number: 3", "number: '3'", 1))
    assert deals


def read_games_of(rec: dict[str, Any]) -> Any:
    """The model game of a JSON record (a dict)."""
    path = HERE / "_tmp.json"
    path.write_text(json.dumps(rec), encoding="utf-8")
    try:
        (game,) = read_games(str(path))
    finally:
        path.unlink()
    return game


if __name__ == "__main__":
    main()
