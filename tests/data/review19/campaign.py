"""review19's campaign: hostile files through every command of ``hearts``.

Run by hand (not by pytest): ``python tests/data/review19/campaign.py [GROUP...]``
from the repository, with the ``hearts`` command of the venv on PATH.  Each
run has ``timeout 20`` and ``ulimit -v 2000000``; a line is printed for every
run whose outcome is suspect: a traceback, status 3 or another than 0/1/2,
a time-out, a status 2 with nothing said, or a message without a place.
``GROUP`` is one of ``odd`` (empty, BOM, NUL, bad UTF-8, UTF-16, odd but
well-formed records), ``huge`` (sizes), ``paths`` (directories, FIFOs,
/dev/zero, output paths); default: all."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
SAMPLE = (ROOT / "samples" / "canonical.hrn").read_text(encoding="utf-8")
YAML = (ROOT / "samples" / "game.yaml").read_text(encoding="utf-8")

#: command -> extra arguments (the input path is appended)
COMMANDS: dict[str, list[str]] = {
    "validate": [], "score": [], "convert": ["--to", "json"], "fmt": ["--check"],
    "replay": [], "annotate": ["--fast", "--samples", "2", "--deal", "1"],
    "hint": [], "position": [], "diagram": ["-o", "-"], "puzzles": ["--fast", "--format", "json"],
    "solve": [], "stats": [], "standings": [], "select": ["--count"],
}

#: the commands with ``-o FILE``
WRITERS = {"convert", "annotate", "select", "puzzles", "score", "standings"}


def one_deal_json() -> dict[str, object]:
    out = subprocess.run(["hearts", "convert", "--to", "json", str(ROOT / "samples/canonical.hrn")],
                         capture_output=True, text=True, check=True).stdout
    game: dict[str, object] = json.loads(out)
    if isinstance(game, list):
        game = game[0]
    return game


def odd_inputs(d: Path) -> list[Path]:
    files: dict[str, bytes] = {
        "empty.hrn": b"", "bom.hrn": b"\xef\xbb\xbf", "blank.hrn": b"  \n\t\n  \r\n",
        "nul.hrn": b"\x00" * 100, "nulmid.hrn": SAMPLE[:500].encode() + b"\x00" + SAMPLE[500:].encode(),
        "badname.hrn": SAMPLE.replace("Margaret", "Marg\udcffret").encode("utf-8", "surrogateescape"),
        "badcomment.hrn": SAMPLE.replace("Scored at", "Sc\udcfe\udcffred at").encode(
            "utf-8", "surrogateescape"),
        "utf16bom.hrn": SAMPLE.encode("utf-16"), "utf16le.hrn": SAMPLE.encode("utf-16-le"),
        "utf16be.hrn": SAMPLE.encode("utf-16-be"),
        "empty.json": b"", "bom.json": b"\xef\xbb\xbf", "nul.json": b"\x00",
        "utf16.json": json.dumps(one_deal_json()).encode("utf-16"),
        "empty.yaml": b"", "bom.yaml": b"\xef\xbb\xbf", "utf16.yaml": YAML.encode("utf-16"),
        "badname.yaml": YAML.replace("Jules", "J\udcffles").encode("utf-8", "surrogateescape"),
        "null.json": b"null", "list-null.json": b"[null]", "num.json": b"3", "str.json": b'"x"',
        "nulls.yaml": b"~\n", "emptyjsonl.jsonl": b"\n\n\n",
    }
    game = one_deal_json()
    def variant(name: str, change) -> None:  # type: ignore[no-untyped-def]
        g = json.loads(json.dumps(game))
        change(g)
        files[name] = json.dumps(g).encode()
    variant("nodeals.json", lambda g: g.update(deals=[]))
    variant("notricks.json", lambda g: [d.update(tricks=[]) for d in g["deals"]])
    variant("unknownkeys.json", lambda g: (g.update(zzz=1), g["deals"][0].update(qqq=[1, 2])))
    variant("badscore.json", lambda g: g["deals"][0].update(score={"N": 99, "E": 0, "S": 0, "W": 0}))
    variant("selfpass.json", lambda g: g["deals"][0].update({"pass": "self"}))
    variant("duphands.json",
            lambda g: g["deals"][0]["hands"].__setitem__("E", list(g["deals"][0]["hands"]["N"])))
    variant("3seats.json", lambda g: g.update(players={"N": "a", "E": "b", "S": "c"}))
    variant("5players.json", lambda g: g.update(players={"N": "a", "E": "b", "S": "c", "W": "d", "X": "e"}))
    for key in ("rules", "players", "deals", "tags", "comment"):
        variant(f"null-{key}.json", lambda g, k=key: g.update({k: None}))
    for key in ("number", "dealer", "pass", "hands", "passes", "tricks", "score", "total"):
        variant(f"null-deal-{key}.json", lambda g, k=key: g["deals"][0].update({k: None}))
    variant("null-hand.json", lambda g: g["deals"][0]["hands"].update(N=None))
    variant("null-card.json", lambda g: g["deals"][0]["hands"]["N"].__setitem__(0, None))
    variant("null-play.json", lambda g: g["deals"][0]["tricks"][0]["plays"].__setitem__(0, None))
    variant("null-playcard.json", lambda g: g["deals"][0]["tricks"][0]["plays"][0].update(card=None))
    variant("null-trick.json", lambda g: g["deals"][0]["tricks"].__setitem__(0, None))
    files["0deals.hrn"] = SAMPLE.split("deal 1")[0].encode()
    files["0tricks.hrn"] = SAMPLE.split("1. {Nothing")[0].encode()
    files["selfpass.hrn"] = SAMPLE.replace("deal 1 dealer W pass left", "deal 1 dealer W pass self").encode()
    files["dupcards.hrn"] = SAMPLE.replace("E: K94.QJ64.T5.J952", "E: AJT8.AKT8.Q7.Q83").encode()
    files["badscore.hrn"] = SAMPLE.replace("score N 13 E 0 S 13 W 0", "score N 99 E 0 S 13 W 0").encode()
    files["3pl.hrn"] = (ROOT / "samples/three-players.hrn").read_bytes()
    files["6pl.hrn"] = SAMPLE.replace('[Rules "standard"]', '[Rules "six-players"]').encode()
    files["5pl.hrn"] = SAMPLE.replace('[Rules "standard"]', '[Rules "five-players"]').encode()
    out = []
    for name, data in files.items():
        (d / name).write_bytes(data)
        out.append(d / name)
    return out


def huge_inputs(d: Path) -> list[Path]:
    out = []
    def write(name: str, chunks) -> None:  # type: ignore[no-untyped-def]
        with open(d / name, "wb") as f:
            for c in chunks:
                f.write(c)
        out.append(d / name)
    write("line50mb.hrn", (b"{" + b"x" * (50 * 2**20) + b"}\n",))
    write("line50mb-tag.hrn", (b'[Event "' + b"x" * (50 * 2**20) + b'"]\n',))
    write("line50mb.json", (b'{"comment": "' + b"x" * (50 * 2**20) + b'"}',))
    one = (b'[Rules "standard"]\ndeal 1 dealer N\nN: AKQJT98765432...\nE: .AKQJT98765432..\n'
           b'S: ..AKQJT98765432.\nW: ...AKQJT98765432\n1. N 2C E AS S AD W AH\n\n')
    write("games1e5.hrn", (one * 1000 for _ in range(100)))
    write("nest.json", (b"[" * 10000 + b"]" * 10000,))
    write("nestobj.json", (b'{"a":' * 10000 + b"1" + b"}" * 10000,))
    write("nest.yaml", (b"[" * 10000 + b"]" * 10000,))
    write("nestmap.yaml", ("".join("  " * i + "a:\n" for i in range(3000)).encode(),))
    laughs = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for i, c in enumerate("bcdefghi"):
        prev = "abcdefghi"[i]
        laughs.append(f"{c}: &{c} [" + ",".join([f"*{prev}"] * 9) + "]")
    write("laughs.yaml", [("\n".join(laughs) + "\n").encode()])
    write("bignum.json", (b'{"deals": [{"number": ' + b"9" * 10**6 + b"}]}",))
    write("bignum2.json", (b"1" * 10**6,))
    write("cards1e6.json", (b'{"deals": [{"number": 1, "hands": {"N": [' + b'"2C",' * 10**6 + b'"3C"]}}]}',))
    write("cards1e6.hrn", (b"deal 1 dealer N\nN: " + b"AKQJ" * 250000 + b"...\n",))
    return out


SUSPECT = re.compile(r"Traceback|Error:|Exception")


def run(cmd: list[str], t: int = 20, stdin: str | None = None) -> tuple[int, str, str, float]:
    start = time.monotonic()
    full = ["bash", "-c", f'ulimit -v 2000000; exec timeout {t} "$@" {stdin or ""}', "x", *cmd]
    p = subprocess.run(full, capture_output=True)
    return (p.returncode, p.stdout[-300:].decode(errors="replace"),
            p.stderr[-3000:].decode(errors="replace"), time.monotonic() - start)


def check(label: str, cmd: list[str], **kw) -> None:  # type: ignore[no-untyped-def]
    rc, _, err, took = run(cmd, **kw)
    bad = []
    if rc not in (0, 1, 2):
        bad.append(f"rc={rc}")
    if SUSPECT.search(err):
        bad.append("traceback?")
    if rc == 2 and not err.strip():
        bad.append("silent")
    flag = "!!" if bad else "  "
    if bad or os.environ.get("VERBOSE"):
        print(f"{flag} {label:50s} rc={rc} {took:5.1f}s {' '.join(bad)}\n"
              f"     {err.strip()[-600:]}", flush=True)


def main() -> None:
    groups = sys.argv[1:] or ["odd", "huge", "paths"]
    with tempfile.TemporaryDirectory() as tmp:
        d = Path(tmp)
        if "odd" in groups:
            for f in odd_inputs(d):
                for c, extra in COMMANDS.items():
                    check(f"{c} {f.name}", ["hearts", c, *extra, str(f)])
        if "huge" in groups:
            for f in huge_inputs(d):
                for c in ("validate", "score", "convert", "fmt", "select", "stats", "position", "replay"):
                    check(f"{c} {f.name}", ["hearts", c, *COMMANDS[c], str(f)], t=60)
                f.unlink()
        if "paths" in groups:
            good = d / "g.hrn"
            good.write_text(SAMPLE)
            os.mkfifo(d / "fifo.hrn")
            (d / "dangling.hrn").symlink_to(d / "nowhere.hrn")
            (d / "dir.hrn").mkdir()
            ro = d / "ro.json"
            ro.write_text("{}")
            ro.chmod(0o444)
            for c, extra in COMMANDS.items():
                for p in ("/dev/zero", str(d / "dir.hrn"), str(d / "dangling.hrn"), "/dev/null"):
                    check(f"{c} {p}", ["hearts", c, *extra, p])
                fifo = f'(sleep 1; : > {d}/fifo.hrn) & exec hearts {c} {" ".join(extra)} {d}/fifo.hrn'
                check(f"{c} fifo(empty writer)", ["bash", "-c", fifo])
                for o in (str(d / "missing" / "x.json"), str(ro), "/dev/full", str(good)):
                    if "-o" in extra or c not in WRITERS:
                        continue
                    check(f"{c} -o {o}", ["hearts", c, *extra, "-o", o, str(good)])
                check(f"{c} >&-", ["bash", "-c", f"hearts {c} {' '.join(extra)} {good} >&-"])
                check(f"{c} >/dev/full", ["bash", "-c", f"hearts {c} {' '.join(extra)} {good} >/dev/full"])


if __name__ == "__main__":
    main()
