"""Every command, odd-but-valid and hostile uses (helper cmds16; docs/robustness.md,
"Every command and its outputs (helper cmds16)").

Each default-run test fails on the code before its fix; the sweep of every command
(formats, languages, outputs, standard input) is in the long step (tests/conftest.py,
LONG_TESTS), as it runs some two hundred processes.
"""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
from importlib.resources import files
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from tests.clirun import run

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"
FOUR_RANDOM = ("-p", "random", "-p", "random", "-p", "random", "-p", "random")


# hearts match -o: a write that fails in the middle of a match ------------------------------


def _full_disk_at_record(monkeypatch: pytest.MonkeyPatch, target: Path, record: int) -> None:
    """``os.write`` to *target*'s descriptor takes half of record *record* (1-based),
    then fails as a full disk does; other descriptors are written as usual."""
    real_write = os.write
    calls = {"n": 0}

    def write(fd: int, data: Any) -> int:
        try:
            name = os.readlink(f"/proc/self/fd/{fd}")
        except OSError:
            name = ""
        if name != str(target):
            return real_write(fd, data)
        calls["n"] += 1
        if calls["n"] == record:
            real_write(fd, bytes(data)[: len(data) // 2])
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_write(fd, data)

    monkeypatch.setattr(os, "write", write)


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="needs /proc")
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_match_file_full_mid_match_names_it_and_keeps_whole_records(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    """The match file filling up at the third record was told as "cannot write standard
    output", and left half a record at its end; now the message names the file, says
    how many records are kept, and the file holds those whole records only."""
    out = tmp_path / "m.jsonl"
    _full_disk_at_record(monkeypatch, out, 3)
    status, text = run("match", "-n", "4", "--seed", "1", *FOUR_RANDOM, "-o", str(out),
                       "--jobs", "1", "--lang", lang)
    assert status == 2
    assert str(out) in text
    assert ("standard output" not in text) and ("sortie standard" not in text)
    assert ("no space left on device" in text.lower()) if lang == "en" else ("plus de place" in text)
    assert "--resume" in text and " 2 " in text
    lines = out.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 2
    for line in lines:
        json.loads(line)


def test_match_file_in_a_missing_folder_is_told_in_the_catalogs_words(tmp_path: Path) -> None:
    """The system's English ("No such file or directory") was shown in French too."""
    out = tmp_path / "nowhere" / "m.jsonl"
    status, text = run("match", "-n", "1", "--seed", "1", *FOUR_RANDOM, "-o", str(out),
                       "--lang", "fr")
    assert status == 2
    assert "No such file" not in text
    assert f"impossible d'écrire {out}" in text and "introuvable" in text


# The schemas of annotate --out-dir's outputs ----------------------------------------------


def _schema(name: str) -> dict[str, Any]:
    text = files("hearts_notation.schema").joinpath(f"{name}.schema.json").read_text("utf-8")
    doc: dict[str, Any] = json.loads(text)
    return doc


TOTALS = {"deals": 2, "decisions": 40, "forced": 6, "marks": {"?!": 3}, "epl": 4.5,
          "average_epl": 0.11, "seats": {"N": {"decisions": 10, "epl": 1.0, "average_epl": 0.1}}}


@pytest.mark.parametrize("name", ["annotate-corpus", "annotate-manifest"])
def test_annotate_out_dir_outputs_have_standalone_schemas(name: str) -> None:
    """``annotate --out-dir --format json`` and DEST/manifest.json are documented machine
    outputs (docs/cluster.md) that had no schema (annotate.schema.json refuses the
    summary). Each new schema stands alone and repeats annotate's definitions exactly."""
    doc = _schema(name)
    jsonschema.Draft202012Validator.check_schema(doc)
    assert doc["$id"] == f"https://hearts-notation.org/schema/{name}.schema.json"
    annotate = _schema("annotate")
    for key in ("totals", "seat"):
        assert doc["$defs"][key] == annotate["$defs"][key]
    assert "$ref\": \"http" not in json.dumps(doc)
    cli_md = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    assert f"hearts_notation/schema/{name}.schema.json" in cli_md


def test_annotate_out_dir_schemas_take_the_documented_shapes_and_refuse_others() -> None:
    summary = {"output": "dest", "files": 1, "parts": 1, "written": 1, "skipped": 0,
               "not_written": 0, "complete": True, "games": 1, "deals": 2, "totals": TOTALS}
    jsonschema.validate(summary, _schema("annotate-corpus"))
    part = {"part": "part-000001-000001.hrn", "source": "a.hrn", "done": True, "start": 0,
            "end": None, "games": 1, "deals": 2, "bytes": 10, "sha256": "0" * 64}
    manifest = {"layout": "hearts-annotate-parts/1", "complete": True,
                "files": [{"source": "a.hrn", "parts": 1}], "parts": [part],
                "games": 1, "deals": 2, "totals": TOTALS}
    jsonschema.validate(manifest, _schema("annotate-manifest"))
    for bad, name in (({**summary, "extra": 1}, "annotate-corpus"),
                      ({**summary, "written": -1}, "annotate-corpus"),
                      ({**manifest, "layout": "other"}, "annotate-manifest"),
                      ({**manifest, "parts": [{**part, "sha256": "x"}]}, "annotate-manifest")):
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(bad, _schema(name))


def test_annotate_out_dir_real_outputs_follow_their_schemas(tmp_path: Path) -> None:
    """(long step: an analysis) The summary and the manifest of a real run."""
    src = tmp_path / "in"
    src.mkdir()
    text = (SAMPLES / "canonical.hrn").read_text(encoding="utf-8")
    (src / "a.hrn").write_text(text, encoding="utf-8")
    dest = tmp_path / "dest"
    status, out = run("annotate", str(src), "--out-dir", str(dest), "--fast", "--samples", "2",
                      "--deal", "1", "--format", "json", "--jobs", "1")
    assert status == 0, out
    jsonschema.validate(json.loads(out[out.index("{"):]), _schema("annotate-corpus"))
    manifest = json.loads((dest / "manifest.json").read_text(encoding="utf-8"))
    jsonschema.validate(manifest, _schema("annotate-manifest"))


# The sweep of every command (long step) ---------------------------------------------------


def _hearts(args: list[str], cwd: Path, stdin: bytes | None = None,
            shell_tail: str = "") -> subprocess.CompletedProcess[bytes]:
    env = dict(os.environ, LC_ALL="C.UTF-8")
    if shell_tail:
        cmd = " ".join([sys.executable, "-m", "hearts_notation", *args]) + shell_tail
        return subprocess.run(cmd, shell=True, cwd=cwd, env=env, capture_output=True,
                              input=stdin, timeout=300, check=False)
    return subprocess.run([sys.executable, "-m", "hearts_notation", *args], cwd=cwd, env=env,
                          capture_output=True, input=stdin, timeout=300, check=False)


def _clean(proc: subprocess.CompletedProcess[bytes], what: str) -> None:
    err = proc.stderr.decode("utf-8", "replace")
    assert proc.returncode in (0, 1, 2), (what, proc.returncode, err)
    for word in ("Traceback", "Exception ignored", "internal error", "erreur interne"):
        assert word not in err, (what, err)


def test_every_command_every_format_output_and_language(tmp_path: Path) -> None:
    """(long step) Every reading command in each of its formats, both languages, on
    4-, 3-, 5- and 6-player games, an observer's record, a deal stopped mid-way, a
    French record, an empty file and comments only; then each output to /dev/full, a
    closed pipe, a folder and a missing folder: statuses 0, 1, 2, never a traceback."""
    work = tmp_path
    for args in (["-n", "1", "--seed", "1", "-o", "g4.hrn"],
                 ["-n", "1", "--seed", "2", "--rules", "three-players", "-o", "g3.hrn"],
                 ["-n", "1", "--seed", "3", "--rules", "five-players", "-o", "g5.json"],
                 ["-n", "1", "--seed", "4", "--rules", "six-players", "-o", "g6.jsonl"]):
        _clean(_hearts(["generate", *args], work), "generate")
    lines = (work / "g4.hrn").read_text(encoding="utf-8").splitlines()
    (work / "mid.hrn").write_text("\n".join(lines[:20]) + "\n", encoding="utf-8")   # deal 1, trick 6
    for name in ("observer.hrn", "partie-francaise.hrn"):
        (work / name).write_bytes((SAMPLES / name).read_bytes())
    (work / "empty.hrn").write_text("", encoding="utf-8")
    (work / "comments.hrn").write_text("; only a comment\n", encoding="utf-8")
    inputs = ["g4.hrn", "g3.hrn", "g5.json", "g6.jsonl", "mid.hrn", "observer.hrn",
              "partie-francaise.hrn", "empty.hrn", "comments.hrn"]
    uses = [["validate", "--format", "json"], ["validate"], ["score", "--format", "csv"],
            ["score", "--format", "html"], ["stats", "--format", "json"], ["standings"],
            ["fmt"], ["replay", "--narrate"], ["replay", "--ascii"], ["position", "--format", "json"],
            ["select", "--count", "--where", "moon"]]
    for lang in ("en", "fr"):
        for f in inputs:
            for use in uses:
                _clean(_hearts([use[0], f, *use[1:], "--lang", lang], work), f"{use} {f} {lang}")
    outputs = [["score", "g4.hrn", "--format", "csv", "-o"], ["standings", "g4.hrn", "-o"],
               ["replay", "g4.hrn", "--html"], ["select", "g6.jsonl", "-o"],
               ["generate", "-n", "1", "-o"], ["diagram", "mid.hrn", "--format", "svg", "-o"]]
    for use in outputs:
        for target in ("/dev/full", str(work), str(work / "nowhere" / "x.out")):
            proc = _hearts([*use, target, "--lang", "fr"], work)
            _clean(proc, f"{use} {target}")
            assert proc.returncode == 2
        _clean(_hearts([*use, "-"], work, shell_tail=" | head -c 10 > /dev/null"), f"{use} pipe")
    for f in ("g4.hrn", "mid.hrn", "g6.jsonl"):
        data = (work / f).read_bytes()
        for use in (["validate"], ["score"], ["stats"], ["fmt"], ["select"], ["position"]):
            named = _hearts([use[0], f], work)
            piped = _hearts([use[0], "-"], work, stdin=data)
            _clean(piped, f"{use} - < {f}")
            assert piped.returncode == named.returncode, (use, f)
