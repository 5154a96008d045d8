"""Acceptance probes of 3 December, evening: the defects the afternoon's QA
found and left (a brace comment that swallows the deal after it, duplicate
JSON keys, an OpenSpiel history cut inside a number, broken done markers of
``annotate --out-dir``, the columns of a one-line JSON array), each through
the finished program: its message, its place and its exit status, never a
traceback.

Each test here failed before the fix it names."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.clirun import dealt_not_played, run, write

# annotate --out-dir: a done marker that is not one is work to do again -------------------
#
# A marker with the right key and size but a field missing or of another
# type (an edit, another version, a disk that kept half of it) ended the run
# in an internal error (KeyError in the worker); one planted as a FIFO
# blocked it.


def _corpus(tmp_path: Path) -> tuple[Path, Path]:
    src = tmp_path / "src"
    src.mkdir()
    code, out = run("generate", "--deals-per-game", "1", "--jobs", "1", "--games", "3",
                    "--seed", "3", "-o", str(src / "a.jsonl"))
    assert code == 0, out
    # A fourth game, stopped as its second deal is dealt: the one --deal 2
    # picks, with nothing to analyse (the run stays cheap; every part written).
    with (src / "a.jsonl").open("a", encoding="utf-8") as fh:
        fh.write(dealt_not_played(2, 3, "jsonl"))
    return src, tmp_path / "out"


def _annotate(src: Path, dest: Path) -> dict[str, object]:
    code, out = run("annotate", str(src), "--out-dir", str(dest), "--deal", "2",
                    "--shard-size", "1500", "--format", "json", "--jobs", "1")
    assert code == 0, out
    doc = json.loads(out)
    assert isinstance(doc, dict)
    return doc


def test_broken_done_markers_are_done_again(tmp_path: Path) -> None:
    src, dest = _corpus(tmp_path)
    first = _annotate(src, dest)
    assert first["parts"] == 4 and first["written"] == 4
    markers = sorted(dest.glob("*.done.json"))
    good = json.loads(markers[0].read_text())
    broken = [
        markers[0].read_bytes()[:20],                                   # cut short
        json.dumps({**good, "totals": None}).encode(),                 # wrong type
        json.dumps({**good, "games": "3"}).encode(),
        json.dumps({k: v for k, v in good.items() if k != "totals"}).encode(),
        json.dumps({**good, "totals": {**good["totals"], "epl": "1/0"}}).encode(),
        json.dumps({**good, "totals": {**good["totals"], "seat_epl": {"N": 5}}}).encode(),
        b"\xff\xfe not utf-8",
        b"[" * 100_000,                                                 # deep
        b"[]",
    ]
    for data in broken:
        for m in markers:
            m.write_bytes(data)
        again = _annotate(src, dest)
        assert again["written"] == 4 and again["skipped"] == 0, data[:40]
        assert again["totals"] == first["totals"] and again["complete"] is True
    # A folder in a marker's place: not a marker; it cannot be replaced,
    # which is said in one line (exit 2), the other parts kept.
    assert _annotate(src, dest)["skipped"] == 4
    markers[0].unlink()
    markers[0].mkdir()
    code, out = run("annotate", str(src), "--out-dir", str(dest), "--deal", "2",
                    "--shard-size", "1500", "--jobs", "1")
    assert code == 2
    assert (f"cannot write {markers[0]}: a done marker's name holds something that is not a "
            "file (a folder, a FIFO, a device); remove it") in out


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs")
def test_a_fifo_in_a_markers_place_does_not_block(tmp_path: Path) -> None:
    src, dest = _corpus(tmp_path)
    _annotate(src, dest)
    markers = sorted(dest.glob("*.done.json"))
    markers[1].unlink()
    os.mkfifo(markers[1])
    code, out = run("annotate", str(src), "--out-dir", str(dest), "--deal", "2",
                    "--shard-size", "1500", "--jobs", "1", "--lang", "fr")
    assert code == 2
    assert f"{markers[1]} : le nom d'un marqueur de fin de travail est pris" in out


# HRN: a brace comment that swallowed lines of the record (spec.md 2.1) -------------------
#
# A forgotten ``}`` made the comment run on to the next ``}`` (here the one
# of trick 1's comment): three pass lines and trick 1 went silently into
# the comment; only the consequence (passes missing) was reported.

SAMPLES = Path(__file__).resolve().parent.parent / "samples"


def test_a_comment_that_swallows_record_lines_is_a_warning_at_its_brace(tmp_path: Path) -> None:
    text = (SAMPLES / "commented-example.hrn").read_text(encoding="utf-8")
    cut = text.replace("votre cœur le plus haut.}", "votre cœur le plus haut.", 1)
    assert cut != text
    path = write(tmp_path, "c.hrn", cut)
    code, out = run("validate", path, "--lang", "en")
    assert code == 1
    assert (f"{path}:19:18: warning: the comment opened here with '{{' runs over line 20, which "
            "reads as a line of the record: is its '}' missing? (The lines up to the next '}' are "
            "read as the comment's text) [unclosed-comment]") in out.splitlines()
    code, out = run("validate", path, "--lang", "fr")
    assert (f"{path}:19:18: avertissement: le commentaire ouvert ici par « {{ » couvre la ligne 20, "
            "qui se lit comme une ligne de la feuille : manque-t-il son « } » ? (Les lignes "
            "jusqu'au « } » suivant sont lues comme le texte du commentaire) "
            "[unclosed-comment]") in out.splitlines()
    # Read as written all the same: fmt keeps it (a warning stops nothing).
    code, out = run("fmt", path)
    assert code == 0
    # A trick's comment left open, closed by the next trick's: the line
    # before the raw '{' is a trick line.
    lines = text.split("\n")
    k = next(i for i, t in enumerate(lines) if t.startswith("1. "))
    lines[k] = lines[k].replace("trèfle haut.}", "trèfle haut.", 1)
    path = write(tmp_path, "t.hrn", "\n".join(lines))
    code, out = run("validate", path, "--format", "json")
    found = [f for g in json.loads(out)["games"] for f in g["findings"]
             if f["code"] == "unclosed-comment"]
    assert [(f["line"], f["column"], f["severity"]) for f in found] == [
        (k + 1, lines[k].index("{") + 1, "warning")]
    assert f"line {k + 2}," in found[0]["message"]


def test_a_comment_over_lines_of_prose_has_no_warning(tmp_path: Path) -> None:
    text = (SAMPLES / "commented-example.hrn").read_text(encoding="utf-8")
    prose = text.replace("votre cœur le plus haut.}",
                         "votre cœur le plus haut.\nDeal 3 was worse, see it\n1. good\n"
                         "N: well played}", 1)
    path = write(tmp_path, "p.hrn", prose)
    code, out = run("validate", path)
    assert code == 0 and "unclosed-comment" not in out


# OpenSpiel: a history cut inside its last number -------------------------------------------

INTEROP = Path(__file__).resolve().parent / "data" / "interop"


def test_an_action_history_cut_inside_a_number_is_a_warning(tmp_path: Path) -> None:
    lines = (INTEROP / "game-and-state.oshist").read_text(encoding="utf-8").split("\n")
    state = lines.index("[State]")
    kept = lines[: state + 1 + 53 + 12 + 10]
    assert kept[-1] == "27"
    cut = write(tmp_path, "cut.oshist", "\n".join(kept)[:-1])     # "27" cut to "2"
    code, out = run("validate", "--from", "openspiel-history", cut, "--lang", "en")
    assert code == 1        # (here the "2" is a card not held; often it is legal)
    assert out.splitlines()[0] == (
        f"{cut}:{len(kept)}:1: warning: the input ends inside this number, the deal unfinished: "
        "the history may be cut short here (a whole file ends with a line break) [cut-history]")
    code, out = run("validate", "--from", "openspiel-history", cut, "--lang", "fr")
    assert out.splitlines()[0].endswith(
        "avertissement: l'entrée se termine au milieu de ce nombre, la donne inachevée : "
        "l'historique est peut-être coupé ici (un fichier entier finit par un saut de ligne) "
        "[cut-history]")
    # The same history ending with its line break: no warning.
    whole = write(tmp_path, "whole.oshist", "\n".join(kept) + "\n")
    code, out = run("validate", "--from", "openspiel-history", whole)
    assert code == 0 and "cut-history" not in out
    # A complete history without its last line break: no warning either.
    full = write(tmp_path, "full.oshist",
                 (INTEROP / "game-and-state.oshist").read_text(encoding="utf-8").rstrip("\n"))
    code, out = run("validate", "--from", "openspiel-history", full)
    assert "cut-history" not in out


# A FIFO as input (a named pipe, ``<(...)``): read once, never opened again ------------
#
# ``validate`` opened the path again to quote the lines under its findings,
# and ``fmt`` to look for a byte-order mark: on a FIFO whose writer had
# finished, that open blocked for ever.


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs")
@pytest.mark.parametrize("command", [["validate"], ["fmt"], ["score", "--format", "json"]])
def test_a_fifo_is_read_once(tmp_path: Path, command: list[str]) -> None:
    import subprocess
    import sys
    import threading

    fifo = tmp_path / "in.hrn"
    os.mkfifo(fifo)
    data = (SAMPLES / "multi-game.hrn").read_bytes()

    def feed() -> None:
        with open(fifo, "wb") as fh:
            fh.write(data)

    writer = threading.Thread(target=feed, daemon=True)
    writer.start()
    res = subprocess.run([sys.executable, "-m", "hearts_notation", *command, str(fifo)],
                         capture_output=True, text=True, timeout=120, check=False)
    writer.join(5)
    assert res.returncode == 0, res.stderr
    assert "Traceback" not in res.stderr
    if command == ["validate"]:
        assert res.stdout.splitlines()[-1].startswith("1 file, 3 games, 9 deals")
