"""The hostile structured inputs of helper hostile11's campaign
(docs/robustness.md, "hostile11"): JSON, JSONL, YAML, OpenSpiel state JSON,
OpenSpiel action histories and playthroughs, each a file's bytes with the
``--from`` it is read with (``None``: the format its name and first bytes
give).  Built from one generated game of one deal, so that each input is
the clean record with one hostile change.

Run by ``tests/test_hostile11.py::test_campaign`` (the long step) and, by
hand, ``python tests/hostile11_inputs.py OUTDIR`` writes them all."""

from __future__ import annotations

import copy
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

#: (name, bytes, extension, --from value or None)
Input = tuple[str, bytes, str, "str | None"]

STATE = (ROOT / "tests/data/interop/terminal.osjson").read_bytes().strip()


def base_record() -> dict[str, Any]:
    """One clean game of one deal, its four players named (the record of
    tests/test_hostile11.py)."""
    from clirun import one_deal_record

    return one_deal_record(11)


def history_of(rec: dict[str, Any]) -> list[int]:
    """The OpenSpiel action history of *rec* under the openspiel preset."""
    from hearts_notation.io import dumps, iter_games_text

    text = json.dumps({**rec, "rules": "openspiel"})
    games = list(iter_games_text(text, "json", "<rec>"))
    out = json.loads(dumps(games, "openspiel-history").splitlines()[0])
    assert isinstance(out, list)
    return out


def _edit(rec: dict[str, Any], f: Callable[[dict[str, Any]], object]) -> dict[str, Any]:
    r = copy.deepcopy(rec)
    f(r)
    return r


def _deal(r: dict[str, Any]) -> dict[str, Any]:
    d = r["deals"][0]
    assert isinstance(d, dict)
    return d


def json_edits(rec: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """Records with one hostile value each, as trees."""
    big = "9" * 10**6
    out: list[tuple[str, dict[str, Any]]] = [
        ("player-X", _edit(rec, lambda r: r["players"].__setitem__("X", "Zed"))),
        ("player-North", _edit(rec, lambda r: r["players"].__setitem__("North", "Zed"))),
        ("hand-X", _edit(rec, lambda r: _deal(r)["hands"].__setitem__("X", _deal(r)["hands"]["N"]))),
        ("pass-X", _edit(rec, lambda r: _deal(r)["passes"].__setitem__("X", ["2C", "3C", "4C"]))),
        ("score-X", _edit(rec, lambda r: _deal(r)["score"].__setitem__("X", 0))),
        ("total-X", _edit(rec, lambda r: _deal(r)["total"].__setitem__("X", 0))),
        ("dealer-X", _edit(rec, lambda r: _deal(r).__setitem__("dealer", "X"))),
        ("play-X", _edit(rec, lambda r: _deal(r)["tricks"][0]["plays"][3].__setitem__("seat", "X"))),
        ("result-X", _edit(rec, lambda r: r.__setitem__("result", ["X"]))),
        ("seats-5", _edit(rec, lambda r: r.__setitem__("seats", ["N", "E", "S", "W", "X"]))),
        ("seats-dup", _edit(rec, lambda r: r.__setitem__("seats", ["N", "N", "S", "W"]))),
        ("seats-1", _edit(rec, lambda r: r.__setitem__("seats", ["N"]))),
        ("seats-empty", _edit(rec, lambda r: r.__setitem__("seats", []))),
        ("seats-num", _edit(rec, lambda r: r.__setitem__("seats", [1, 2, 3, 4]))),
        ("number-str", _edit(rec, lambda r: _deal(r).__setitem__("number", "1"))),
        ("number-float", _edit(rec, lambda r: _deal(r).__setitem__("number", 1.5))),
        ("number-neg", _edit(rec, lambda r: _deal(r).__setitem__("number", -1))),
        ("number-zero", _edit(rec, lambda r: _deal(r).__setitem__("number", 0))),
        ("number-bool", _edit(rec, lambda r: _deal(r).__setitem__("number", True))),
        ("number-huge", _edit(rec, lambda r: _deal(r).__setitem__("number", 10**40))),
        ("score-str", _edit(rec, lambda r: _deal(r)["score"].__setitem__("N", "6"))),
        ("score-float", _edit(rec, lambda r: _deal(r)["score"].__setitem__("N", 6.0))),
        ("score-neg-huge", _edit(rec, lambda r: _deal(r)["score"].__setitem__("N", -10**30))),
        ("card-num", _edit(rec, lambda r: _deal(r)["hands"]["N"].__setitem__(0, 12))),
        ("card-lower", _edit(rec, lambda r: _deal(r)["hands"]["N"].__setitem__(0, "qs"))),
        ("card-list", _edit(rec, lambda r: _deal(r)["hands"]["N"].__setitem__(0, ["Q", "S"]))),
        ("hand-str", _edit(rec, lambda r: _deal(r)["hands"].__setitem__("N", "QS KS"))),
        ("hand-obj", _edit(rec, lambda r: _deal(r)["hands"].__setitem__("N", {"a": 1}))),
        ("hands-list", _edit(rec, lambda r: _deal(r).__setitem__("hands", [[], [], [], []]))),
        ("deals-obj", _edit(rec, lambda r: r.__setitem__("deals", {"0": r["deals"][0]}))),
        ("deals-null", _edit(rec, lambda r: r.__setitem__("deals", None))),
        ("deals-empty", _edit(rec, lambda r: r.__setitem__("deals", []))),
        ("deal-null", _edit(rec, lambda r: r.__setitem__("deals", [None]))),
        ("tricks-str", _edit(rec, lambda r: _deal(r).__setitem__("tricks", "x"))),
        ("plays-null", _edit(rec, lambda r: _deal(r)["tricks"][0].__setitem__("plays", None))),
        ("play-int", _edit(rec, lambda r: _deal(r)["tricks"][0]["plays"].__setitem__(0, 5))),
        ("pass-dir-num", _edit(rec, lambda r: _deal(r).__setitem__("pass", 1))),
        ("pass-dir-bad", _edit(rec, lambda r: _deal(r).__setitem__("pass", "sideways"))),
        ("rules-num", _edit(rec, lambda r: r.__setitem__("rules", 5))),
        ("rules-hostile", _edit(rec, lambda r: r.__setitem__("rules", "standard target=-1 " * 2000))),
        ("rules-unbal", _edit(rec, lambda r: r.__setitem__("rules", "hearts(pass_cards=-1"))),
        ("tags-list", _edit(rec, lambda r: r.__setitem__("tags", ["a"]))),
        ("tag-num", _edit(rec, lambda r: r["tags"].__setitem__("Event", 5))),
        ("tag-name-bad", _edit(rec, lambda r: r["tags"].__setitem__("a b\n", "x"))),
        ("tag-ctrl", _edit(rec, lambda r: r["tags"].__setitem__("Event", "\x1b[31mred\x07\r\x85\u2028"))),
        ("tag-nul", _edit(rec, lambda r: r["tags"].__setitem__("Event", "a\x00b"))),
        ("name-num", _edit(rec, lambda r: r["players"].__setitem__("N", 7))),
        ("name-null", _edit(rec, lambda r: r["players"].__setitem__("N", None))),
        ("name-empty", _edit(rec, lambda r: r["players"].__setitem__("N", ""))),
        ("name-ctrl", _edit(rec, lambda r: r["players"].__setitem__("N", "\x1b]0;pwn\x07\u202e"))),
        ("players-list", _edit(rec, lambda r: r.__setitem__("players", ["a", "b"]))),
        ("result-num", _edit(rec, lambda r: r.__setitem__("result", 1))),
        ("result-bad", _edit(rec, lambda r: r.__setitem__("result", "N wins"))),
        ("language-bad", _edit(rec, lambda r: r.__setitem__("language", "xx"))),
        ("language-num", _edit(rec, lambda r: r.__setitem__("language", 1))),
        ("moon-bad", _edit(rec, lambda r: _deal(r).__setitem__("moon", {"seat": "N", "choice": 5}))),
        ("unknown-key", _edit(rec, lambda r: r.__setitem__("zzz", {"a": [1, 2]}))),
        ("comment-long", _edit(rec, lambda r: _deal(r).__setitem__("comment", "c" * 200_000))),
        ("top-number", _edit(rec, lambda r: r.__setitem__("deals", 10**20))),
    ]
    # a number of a million digits where a deal number belongs, as text
    out.append(("number-1e6-digits-text", _edit(rec, lambda r: _deal(r).__setitem__("number", big))))
    return out


def _raw_number(rec: dict[str, Any], token: str) -> bytes:
    """The record with its deal number written as *token* (not JSON's
    own spelling of a number: ``1e999``, ``NaN``, a million digits)."""
    text = json.dumps(rec)
    marker = '"number": 1,'
    assert marker in text
    return text.replace(marker, f'"number": {token},', 1).encode()


def json_inputs(rec: dict[str, Any]) -> list[Input]:
    """Hostile ``.json`` and ``.jsonl`` files, and the bytes around them."""
    good = json.dumps(rec, indent=1).encode()
    line = json.dumps(rec).encode()
    out: list[Input] = []
    for name, r in json_edits(rec):
        out.append((f"json-{name}", json.dumps(r, indent=1).encode(), "json", None))
    for name, r in json_edits(rec)[:12]:
        out.append((f"jsonl-{name}", line + b"\n" + json.dumps(r).encode() + b"\n", "jsonl", None))
    for token in ("1e999", "-1e999", "NaN", "Infinity", "-Infinity", "-0", "1.0", "1E2",
                  "9" * 5000, "9" * 1_000_000, "-" + "9" * 100_000, "0x10", "01", "+1",
                  "1e-999", "true", "null", '"1"', "[]", "{}"):
        out.append((f"json-number-{token[:12]}-{len(token)}", _raw_number(rec, token), "json",
                    None))
    deep = b"[" * 100_000 + b"]" * 100_000
    out += [
        ("json-deep-100k", deep, "json", None),
        ("json-deep-unclosed", b"[" * 100_000, "json", None),
        ("json-deep-obj", b'{"a":' * 50_000 + b"1" + b"}" * 50_000, "json", None),
        ("json-deep-in-name", good.replace(b'"Ann"', b"[" * 5000 + b"]" * 5000), "json", None),
        ("json-bom", b"\xef\xbb\xbf" + good, "json", None),
        ("json-bom-twice", b"\xef\xbb\xbf\xef\xbb\xbf" + good, "json", None),
        ("json-utf16le", "\ufeff".encode("utf-16-le") + good.decode().encode("utf-16-le"), "json",
         None),
        ("json-utf16be-nobom", good.decode().encode("utf-16-be"), "json", None),
        ("json-utf32", good.decode().encode("utf-32"), "json", None),
        ("json-utf32be-nobom", good.decode().encode("utf-32-be"), "json", None),
        ("json-nul-in-string", good.replace(b'"Ann"', b'"A\\u0000nn"'), "json", None),
        ("json-raw-nul", good.replace(b'"Ann"', b'"A\x00nn"'), "json", None),
        ("json-surrogate", good.replace(b'"Ann"', b'"\\ud800"'), "json", None),
        ("json-surrogate-key", good.replace(b'"Event"', b'"\\udfff"'), "json", None),
        ("json-surrogate-pair-ok", good.replace(b'"Ann"', b'"\\ud83d\\ude00"'), "json", None),
        ("json-surrogate-card", good.replace(b'"2C"', b'"\\ud800"', 1), "json", None),
        ("json-overlong-utf8", good.replace(b'"Ann"', b'"A\xc0\xafnn"'), "json", None),
        ("json-overlong-nul", good.replace(b'"Ann"', b'"A\xc0\x80nn"'), "json", None),
        ("json-cesu-surrogate", good.replace(b'"Ann"', b'"A\xed\xa0\x80nn"'), "json", None),
        ("json-latin1", good.replace(b'"Ann"', b'"Ann\xe9"'), "json", None),
        ("json-truncated", good[: len(good) // 2], "json", None),
        ("json-truncated-in-string", good[: good.index(b'"Ann"') + 2], "json", None),
        ("json-trailing-garbage", good + b"\nxyz", "json", None),
        ("json-trailing-doc", good + b"\n" + good, "json", None),
        ("json-trailing-comma", good[:-1] + b",}", "json", None),
        ("json-comments", b"// c\n" + good, "json", None),
        ("json-single-quotes", good.replace(b'"', b"'"), "json", None),
        ("json-dup-keys", good.replace(b'"players": {', b'"players": {"N": "Zed", ', 1), "json",
         None),
        ("json-dup-top", good[:-1] + b', "deals": []}', "json", None),
        ("json-crlf", good.replace(b"\n", b"\r\n"), "json", None),
        ("json-cr-only", good.replace(b"\n", b"\r"), "json", None),
        ("json-empty", b"", "json", None),
        ("json-ws", b" \n\t\n", "json", None),
        ("json-null", b"null", "json", None),
        ("json-string", b'"x"', "json", None),
        ("json-number", b"5", "json", None),
        ("json-array-of-null", b"[null, 1, \"x\", []]", "json", None),
        ("json-array-empty-objs", b"[{}, {}]", "json", None),
        ("json-million-items", b"[" + b",".join([b"1"] * 200_000) + b"]", "json", None),
        ("json-long-string", good.replace(b'"Ann"', b'"' + b"a" * 20_000_000 + b'"'), "json", None),
        ("json-many-keys", good[:-1] + b"," + b",".join(b'"k%d":1' % i for i in range(200_000))
         + b"}", "json", None),
        ("json-many-players", good.replace(b'"players": {', b'"players": {' + b"".join(
            b'"P%d":"x",' % i for i in range(50_000)), 1), "json", None),
        ("json-as-hrn-name", good, "hrn", None),
        ("json-as-yaml", good, "yaml", None),
        ("jsonl-lines-bad", b"[]\nnull\n\"x\"\n{}\n1\ntrue\n" + line + b"\n", "jsonl", None),
        ("jsonl-crlf", (line + b"\r\n") * 3, "jsonl", None),
        ("jsonl-cr-only", (line + b"\r") * 3, "jsonl", None),
        ("jsonl-blank-lines", b"\n\n" + line + b"\n\n\n" + line, "jsonl", None),
        ("jsonl-truncated-last", line + b"\n" + line[:100], "jsonl", None),
        ("jsonl-pretty", good, "jsonl", None),
        ("jsonl-100mb-line", b'{"tags": {"Event": "' + b"x" * 100_000_000 + b'"}}\n', "jsonl",
         None),
        ("jsonl-garbage-after", line + b" xyz\n", "jsonl", None),
        ("jsonl-two-per-line", line + b" " + line + b"\n", "jsonl", None),
        ("jsonl-nul-line", line + b"\n\x00\x00\n", "jsonl", None),
        ("jsonl-many-empty-objs", b"{}\n" * 20_000, "jsonl", None),
        ("jsonl-bom-each", (b"\xef\xbb\xbf" + line + b"\n") * 2, "jsonl", None),
        ("jsonl-ls-sep", line.replace(b'"Ann"', "\"A\u2028n\u0085n\"".encode()) + b"\n", "jsonl",
         None),
    ]
    return out


def yaml_inputs(rec: dict[str, Any]) -> list[Input]:
    """Hostile YAML records."""
    good = json.dumps(rec, indent=1)
    laughs = ['a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for k in range(1, 10):
        prev = f"*a{k - 1}"
        laughs.append(f"a{k}: &a{k} [{', '.join([prev] * 9)}]")
    bomb = "\n".join(laughs) + "\nplayers: {N: *a9}\n"
    deals_in = json.dumps(rec["deals"])
    out: list[Input] = [
        ("yaml-billion-laughs", bomb.encode(), "yaml", None),
        ("yaml-laughs-in-name", (good.replace('"Ann"', "*a9")[:-1] + "}").encode(), "yaml", None),
        ("yaml-anchor-only", good.replace('"Ann"', '&x "Ann"').encode(), "yaml", None),
        ("yaml-alias-undefined", good.replace('"Ann"', "*nope").encode(), "yaml", None),
        ("yaml-merge", ("players: &p {N: Ann, E: Bob, S: Cy, W: Di}\nx:\n  <<: *p\n"
                        "deals: " + deals_in + "\n").encode(), "yaml", None),
        ("yaml-merge-plain", ("players:\n  <<: {N: Zed}\n  N: Ann\n  E: Bob\n  S: Cy\n  W: Di\n"
                              "deals: " + deals_in + "\n").encode(), "yaml", None),
        ("yaml-python-object", good.replace('"Ann"', "!!python/object/apply:os.system [echo pwned]")
         .encode(), "yaml", None),
        ("yaml-python-name", good.replace('"Ann"', "!!python/name:os.system").encode(), "yaml",
         None),
        ("yaml-python-tuple", good.replace('"Ann"', "!!python/tuple [1, 2]").encode(), "yaml",
         None),
        ("yaml-binary", good.replace('"Ann"', "!!binary aGVsbG8=").encode(), "yaml", None),
        ("yaml-binary-bad", good.replace('"Ann"', "!!binary '!!!'").encode(), "yaml", None),
        ("yaml-set", good.replace('"Ann"', "!!set {a, b}").encode(), "yaml", None),
        ("yaml-omap", good.replace('"Ann"', "!!omap [a: 1]").encode(), "yaml", None),
        ("yaml-timestamp", good.replace('"Ann"', "2001-12-14").encode(), "yaml", None),
        ("yaml-local-tag", good.replace('"Ann"', "!foo Ann").encode(), "yaml", None),
        ("yaml-verbatim-tag", good.replace('"Ann"', "!<tag:x> Ann").encode(), "yaml", None),
        ("yaml-tag-directive", ("%TAG !e! tag:example.com,2000:\n---\n" + good).encode(), "yaml",
         None),
        ("yaml-yaml-directive", ("%YAML 9.9\n---\n" + good).encode(), "yaml", None),
        ("yaml-int-tag-huge", good.replace('"number": 1', '"number": !!int ' + "9" * 100_000)
         .encode(), "yaml", None),
        ("yaml-number-1e6-digits", good.replace('"number": 1', '"number": ' + "9" * 1_000_000)
         .encode(), "yaml", None),
        ("yaml-float-tag", good.replace('"number": 1', '"number": !!float 1e999').encode(), "yaml",
         None),
        ("yaml-nan", good.replace('"number": 1', '"number": .nan').encode(), "yaml", None),
        ("yaml-inf", good.replace('"number": 1', '"number": -.inf').encode(), "yaml", None),
        ("yaml-neg-zero", good.replace('"number": 1', '"number": -0').encode(), "yaml", None),
        ("yaml-sexagesimal", good.replace('"number": 1', '"number": 1:0:0:0:0:0:0').encode(),
         "yaml", None),
        ("yaml-million-items", ("- 1\n" * 1_000_000).encode(), "yaml", None),
        ("yaml-million-dashes", ("- \n" * 1_000_000).encode(), "yaml", None),
        ("yaml-list-key", good.replace('"N": "Ann"', '? [a, b]\n : Ann', 1).encode(), "yaml",
         None),
        ("yaml-map-key", good.replace('"N": "Ann"', '? {a: b}\n : Ann', 1).encode(), "yaml",
         None),
        ("yaml-complex-key-top", ("? [tags]\n: 1\n" + "deals: " + deals_in + "\n").encode(),
         "yaml", None),
        ("yaml-dup-keys", ("players: {N: Ann, N: Zed, E: Bob, S: Cy, W: Di}\ndeals: " + deals_in
                           + "\n").encode(), "yaml", None),
        ("yaml-deep-100k", ("x: " + "[" * 100_000 + "]" * 100_000 + "\n").encode(), "yaml", None),
        ("yaml-deep-unclosed", ("x: " + "[" * 100_000 + "\n").encode(), "yaml", None),
        ("yaml-deep-block", "".join(" " * k + "a:\n" for k in range(3000)).encode(), "yaml",
         None),
        ("yaml-deep-dash", ("- " * 50_000 + "x\n").encode(), "yaml", None),
        ("yaml-multi-doc-bad", (good + "\n---\n[1, 2\n").encode(), "yaml", None),
        ("yaml-doc-scalar", b"--- 5\n", "yaml", None),
        ("yaml-doc-list", b"- a\n- b\n", "yaml", None),
        ("yaml-bom-utf16", good.encode("utf-16"), "yaml", None),
        ("yaml-tabs", good.replace("\n ", "\n\t").encode(), "yaml", None),
        ("yaml-bad-indent", (b"players:\n  N: Ann\n E: Bob\n"), "yaml", None),
        ("yaml-bool-seat", ("players: {yes: Ann, no: Bob, on: Cy, off: Di}\ndeals: " + deals_in
                            + "\n").encode(), "yaml", None),
        ("yaml-null-seat", ("players: {~: Ann}\ndeals: " + deals_in + "\n").encode(), "yaml",
         None),
        ("yaml-nul", good.replace('"Ann"', '"A\\0nn"').encode(), "yaml", None),
        ("yaml-surrogate", good.replace('"Ann"', '"\\ud800"').encode(), "yaml", None),
        ("yaml-ctrl-raw", good.replace('"Ann"', '"A\x1bnn"').encode(), "yaml", None),
        ("yaml-ctrl-escaped", good.replace('"Ann"', '"A\\enn\\a\\x85"').encode(), "yaml", None),
        ("yaml-huge-block-scalar", ("players:\n  N: |\n" + "    x\n" * 3_000_000).encode(),
         "yaml", None),
        ("yaml-long-plain", ("players: {N: " + "a" * 20_000_000 + "}\n").encode(), "yaml", None),
        ("yaml-crlf", good.replace("\n", "\r\n").encode(), "yaml", None),
        ("yaml-cr-only", good.replace("\n", "\r").encode(), "yaml", None),
        ("yaml-truncated", good[: len(good) // 2].encode(), "yaml", None),
        ("yaml-many-docs-empty", b"---\n" * 100_000, "yaml", None),
        ("yaml-player-X", json.dumps(json_edits(rec)[0][1]).encode(), "yaml", None),
    ]
    return out


def openspiel_inputs(rec: dict[str, Any]) -> list[Input]:
    """Hostile OpenSpiel state JSON, action histories and playthroughs."""
    hist = history_of(rec)
    h = json.dumps(hist).encode()
    state = json.loads(STATE)
    st = STATE

    def state_with(**kw: Any) -> bytes:
        return json.dumps({**state, **kw}).encode()

    def pt(game: str = "hearts", history: str | None = None, points: bool = True,
           extra: str = "") -> bytes:
        lines = [f"game: {game}", "", "GameType.name = \"Hearts\"", "",
                 f"History() = {history if history is not None else json.dumps(hist)}", extra]
        if points:
            lines += ["# Points:", "# N: 0", "# E: 0", "# S: 0", "# W: 26"]
        return ("\n".join(lines) + "\n").encode()

    osh = "openspiel-history"
    osj = "openspiel"
    opt = "openspiel-playthrough"
    out: list[Input] = [
        ("os-hist-clean", h + b"\n", "txt", osh),
        ("os-hist-million", json.dumps(list(range(52)) * 20_000).encode() + b"\n", "txt", osh),
        ("os-hist-neg", json.dumps([-1, *hist[1:]]).encode(), "txt", osh),
        ("os-hist-oob", json.dumps([*hist[:5], 10**6, *hist[6:]]).encode(), "txt", osh),
        ("os-hist-huge", json.dumps([*hist[:5], 10**40, *hist[6:]]).encode(), "txt", osh),
        ("os-hist-1e6-digits", b"[1, " + b"9" * 1_000_000 + b"]\n", "txt", osh),
        ("os-hist-float", json.dumps([*hist[:5], 3.5, *hist[6:]]).encode(), "txt", osh),
        ("os-hist-float-int", json.dumps([*hist[:5], 3.0, *hist[6:]]).encode(), "txt", osh),
        ("os-hist-nan", (b"[1, NaN, " + h[1:]), "txt", osh),
        ("os-hist-bool", json.dumps([*hist[:5], True, *hist[6:]]).encode(), "txt", osh),
        ("os-hist-str", json.dumps([*hist[:5], "3", *hist[6:]]).encode(), "txt", osh),
        ("os-hist-nested", json.dumps([*hist[:5], [3], *hist[6:]]).encode(), "txt", osh),
        ("os-hist-deep", b"[" * 100_000 + b"]" * 100_000, "txt", osh),
        ("os-hist-obj", b'{"a": 1}', "txt", osh),
        ("os-hist-empty-list", b"[]\n", "txt", osh),
        ("os-hist-repeat-card", json.dumps([*hist[:60], hist[59], *hist[61:]]).encode(), "txt",
         osh),
        ("os-hist-truncated", h[: len(h) // 2], "txt", osh),
        ("os-hist-trailing", h + b" garbage\n", "txt", osh),
        ("os-hist-crlf", (h + b"\r\n") * 2, "txt", osh),
        ("os-hist-cr-only", (h + b"\r") * 2, "txt", osh),
        ("os-hist-bom", b"\xef\xbb\xbf" + h, "txt", osh),
        ("os-hist-utf16", h.decode().encode("utf-16"), "txt", osh),
        ("os-hist-serialized-bad", b"# Automatically generated by OpenSpiel SerializeGameAndState\n"
         b"[Meta]\nVersion: 1\n\n[Game]\nhearts(pass_cards=-1)\n[State]\n1\n2\n", "txt", osh),
        ("os-hist-serialized-unbal", b"# Automatically generated by OpenSpiel "
         b"SerializeGameAndState\n[Meta]\nVersion: 1\n\n[Game]\nhearts((((\n[State]\n1\n", "txt", osh),
        ("os-hist-serialized-many", b"# Automatically generated by OpenSpiel "
         b"SerializeGameAndState\n[Meta]\nVersion: 1\n\n[Game]\nhearts(" + b",".join(
             b"p%d=1" % i for i in range(1_000_000)) + b")\n[State]\n1\n", "txt", osh),
        ("os-hist-serialized-bigint", b"# Automatically generated by OpenSpiel "
         b"SerializeGameAndState\n[Meta]\nVersion: 1\n\n[Game]\nhearts\n[State]\n" + b"9" * 1_000_000
         + b"\n", "txt", osh),
        ("os-hist-serialized-float", b"# Automatically generated by OpenSpiel "
         b"SerializeGameAndState\n[Meta]\nVersion: 1\n\n[Game]\nhearts\n[State]\n1.5\n-3\n", "txt",
         osh),
        ("os-hist-record", json.dumps(rec).encode(), "txt", osh),
        ("os-state-clean", st, "json", osj),
        ("os-state-hands-disagree", state_with(hands=[["2C"], ["2C"], [], []]), "json", osj),
        ("os-state-points-str", state_with(points=["a", 1, 2, 3]), "json", osj),
        ("os-state-points-nan", st.replace(b'"points":[2.0', b'"points":[NaN'), "json", osj),
        ("os-state-points-inf", st.replace(b'"points":[2.0', b'"points":[1e999'), "json", osj),
        ("os-state-points-huge", st.replace(b'"points":[2.0', b'"points":[' + b"9" * 100_000),
         "json", osj),
        ("os-state-points-short", state_with(points=[1]), "json", osj),
        ("os-state-tricks-bad", state_with(tricks=[[["X", "2C"]]]), "json", osj),
        ("os-state-tricks-deep", state_with(tricks=[[[[[["N", "2C"]]]]]]), "json", osj),
        ("os-state-card-bad", state_with(passed_cards=[["ZZ", "2C", "3C"]] * 4), "json", osj),
        ("os-state-card-num", state_with(passed_cards=[[1, 2, 3]] * 4), "json", osj),
        ("os-state-phase-bad", state_with(phase=5), "json", osj),
        ("os-state-dir-bad", state_with(pass_direction="Sideways"), "json", osj),
        ("os-state-dir-num", state_with(pass_direction=1), "json", osj),
        ("os-state-list", b"[" + st + b"," + st + b"]", "json", osj),
        ("os-state-jsonl", st + b"\n" + st + b"\nnull\n", "json", osj),
        ("os-state-list-of-junk", b"[1, null, \"x\", []]", "json", osj),
        ("os-state-empty-obj", b"{}", "json", osj),
        ("os-state-hands-many", state_with(hands=[["2C"]] * 100_000), "json", osj),
        ("os-state-hand-huge", state_with(hands=[["2C"] * 100_000, [], [], []]), "json", osj),
        ("os-state-surrogate", st.replace(b'"Left"', b'"\\ud800"'), "json", osj),
        ("os-state-deep", b'{"hands":' + b"[" * 100_000 + b"]" * 100_000 + b"}", "json", osj),
        ("os-state-truncated", st[: len(st) // 2], "json", osj),
        ("os-state-trailing", st + b"}}", "json", osj),
        ("os-state-record", json.dumps(rec).encode(), "json", osj),
        ("os-state-bom-utf32", st.decode().encode("utf-32"), "json", osj),
        ("os-state-dup-keys", st[:-1] + b',"phase":"Pass"}', "json", osj),
        ("pt-clean", pt(), "txt", opt),
        ("pt-no-points", pt(points=False), "txt", opt),
        ("pt-no-history", b"game: hearts\n\n# Points:\n# N: 0\n", "txt", opt),
        ("pt-only-game", b"game: hearts\n", "txt", opt),
        ("pt-missing-game", pt()[len(b"game: hearts\n"):], "txt", opt),
        ("pt-other-game", pt(game="chess"), "txt", opt),
        ("pt-pass-neg", pt(game="hearts(pass_cards=-1)"), "txt", opt),
        ("pt-unbalanced", pt(game="hearts(pass_cards=False"), "txt", opt),
        ("pt-unbalanced-close", pt(game="hearts)))"), "txt", opt),
        ("pt-nested-params", pt(game="hearts(a=b(c=d(e=f)))"), "txt", opt),
        ("pt-deep-params", pt(game="hearts" + "(" * 100_000 + ")" * 100_000), "txt", opt),
        ("pt-many-params", pt(game="hearts(" + ",".join(f"p{i}=1" for i in range(1_000_000))
                              + ")"), "txt", opt),
        ("pt-param-huge-int", pt(game="hearts(pass_cards=" + "9" * 100_000 + ")"), "txt", opt),
        ("pt-param-float", pt(game="hearts(jd_bonus=1e999)"), "txt", opt),
        ("pt-param-ctrl", pt(game="hearts(jd_bonus=\x1b[31m)"), "txt", opt),
        ("pt-history-deep", pt(history="[" * 100_000 + "]" * 100_000), "txt", opt),
        ("pt-history-deep-200", pt(history="[" * 200 + "]" * 200), "txt", opt),
        ("pt-history-1e6-digits", pt(history="[" + "9" * 1_000_000 + "]"), "txt", opt),
        ("pt-history-5000-digits", pt(history="[" + "9" * 5000 + "]"), "txt", opt),
        ("pt-history-expr", pt(history="[1+1, 2]"), "txt", opt),
        ("pt-history-call", pt(history="[__import__('os').system('echo x')]"), "txt", opt),
        ("pt-history-strs", pt(history="['a', None, 1.5, {1: 2}]"), "txt", opt),
        ("pt-history-million", pt(history=json.dumps(list(range(52)) * 20_000)), "txt", opt),
        ("pt-history-bytes", pt(history="[b'x' * 10]"), "txt", opt),
        ("pt-history-set", pt(history="[{1, 2}]"), "txt", opt),
        ("pt-history-complex", pt(history="[1j, -1j]"), "txt", opt),
        ("pt-points-huge", pt().replace(b"# W: 26", b"# W: " + b"9" * 1_000_000), "txt", opt),
        ("pt-points-5000", pt().replace(b"# W: 26", b"# W: " + b"9" * 5000), "txt", opt),
        ("pt-points-missing-seat", pt().replace(b"# W: 26\n", b""), "txt", opt),
        ("pt-points-float", pt().replace(b"# W: 26", b"# W: 26.0"), "txt", opt),
        ("pt-crlf", pt().replace(b"\n", b"\r\n"), "txt", opt),
        ("pt-cr-only", pt().replace(b"\n", b"\r"), "txt", opt),
        ("pt-two", pt() + pt(), "txt", opt),
        ("pt-many-games", b"game: hearts\n" * 100_000, "txt", opt),
        ("pt-binary", b"game: hearts\n\x00\x01", "txt", opt),
        ("pt-history-in-json", json.dumps(rec).encode(), "txt", opt),
    ]
    return out


def all_inputs() -> list[Input]:
    """Every input of the campaign."""
    rec = base_record()
    return [*json_inputs(rec), *yaml_inputs(rec), *openspiel_inputs(rec)]


def write_all(folder: Path) -> list[tuple[Path, str | None]]:
    """Write every input into *folder*; the paths with their ``--from``."""
    folder.mkdir(parents=True, exist_ok=True)
    out = []
    for name, data, ext, fmt in all_inputs():
        path = folder / f"{name}.{ext}"
        path.write_bytes(data)
        out.append((path, fmt))
    return out




#: The commands every input goes through ({} is the file; "--from F" added
#: when the input has one).
COMMANDS: tuple[tuple[str, ...], ...] = (
    ("validate", "{}"),
    ("convert", "{}", "--to", "hrn"),
    ("position", "{}"),
)
#: And these for every fifth input (each kind of input meets them).
MORE_COMMANDS: tuple[tuple[str, ...], ...] = (
    ("score", "--format", "json", "{}"),
    ("stats", "{}"),
    ("convert", "{}", "--to", "yaml"),
    ("convert", "{}", "--to", "json"),
    ("convert", "{}", "--to", "jsonl"),
    ("convert", "{}", "--to", "openspiel-history"),
    ("replay", "{}"),
    ("select", "{}", "--to", "jsonl"),
    ("standings", "{}"),
    ("fmt", "--check", "{}"),
    ("annotate", "--fast", "{}"),
    ("puzzles", "--format", "json", "{}"),
    ("solve", "--trick", "12", "{}"),
    ("hint", "{}"),
)


def run_one(args: list[str], timeout: int = 60) -> dict[str, Any]:
    """One run of ``hearts`` under ``ulimit -v 3000000`` and ``timeout``:
    its status, whether it printed a traceback, its peak memory, its first
    error line."""
    import shlex
    import subprocess
    import time

    cmd = (f"ulimit -v 3000000; exec timeout {timeout} {shlex.quote(sys.executable)} "
           f"-m hearts_notation {' '.join(shlex.quote(a) for a in args)}")
    t = time.monotonic()
    p = subprocess.run(["bash", "-c", cmd], capture_output=True, cwd=ROOT)
    err = p.stderr.decode("utf-8", "replace")
    out = p.stdout.decode("utf-8", "replace")
    bad = ("Traceback" in err or "Traceback" in out or "internal error" in err
           or p.returncode not in (0, 1, 2))
    first = next((s for s in err.splitlines() if s.strip()), "")
    return {"args": args, "rc": p.returncode, "bad": bad, "secs": round(time.monotonic() - t, 2),
            "err": first[:300], "tail": err[-600:] if bad else ""}


def campaign(folder: Path, log: Path | None = None) -> list[dict[str, Any]]:
    """Every input through :data:`COMMANDS` (and every fifth through
    :data:`MORE_COMMANDS`); the runs, each a dict of :func:`run_one`."""
    runs = []
    done = set()
    if log is not None and log.exists():     # (a campaign cut short goes on)
        done = {tuple(json.loads(line)["args"]) for line in log.open(encoding="utf-8")}
    for k, (path, fmt) in enumerate(write_all(folder)):
        # the inputs of a million bad records are linear (docs/robustness.md,
        # hostile9: 125 CPU-µs a record): the three commands only
        linear = "million" in path.name
        cmds = COMMANDS + (MORE_COMMANDS if k % 5 == 0 and not linear else ())
        for c in cmds:
            args = [str(path) if a == "{}" else a for a in c]
            if fmt is not None:
                args[1:1] = ["--from", fmt]
            if tuple(args) in done:
                continue
            r = run_one(args)
            runs.append(r)
            if log is not None:
                with log.open("a", encoding="utf-8") as fh:
                    fh.write(json.dumps(r) + "\n")
    return runs


if __name__ == "__main__":
    done = campaign(Path(sys.argv[1]), Path(sys.argv[2]) if len(sys.argv) > 2 else None)
    print(len(done), "runs,", sum(r["bad"] for r in done), "bad")
