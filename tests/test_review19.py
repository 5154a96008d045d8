"""review19: an adversarial review with hostile files and outside programs'
logs through every command (the campaign: tests/data/review19/campaign.py,
run by hand).  Each test failed on main at 4c6a4ce and names the bug it pins."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from hearts_notation.commands.options import pattern_inputs
from hearts_notation.io.formats import EXTENSIONS
from hearts_notation.output import OutputError, refuse_report_over_input
from tests.interrupting import interrupted_at

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "samples" / "canonical.hrn"


def test_report_over_a_record_a_file_url_pattern_reads_is_refused(tmp_path: Path) -> None:
    """``hearts score 'file:///.../club/*.hrn' -o .../club/a.hrn`` replaced
    the record it had just read: the refusal passed over a ``file://``
    pattern (review17's leftover).  The pattern's files, listed as the
    command lists them (``commands.options.pattern_inputs``, the lister the
    commands pass), are compared now; a hidden folder the pattern does not
    read stays writable, and a pattern matching nothing passes."""
    club = tmp_path / "club"
    (club / ".old").mkdir(parents=True)
    shutil.copyfile(SAMPLE, club / "a.hrn")
    shutil.copyfile(SAMPLE, club / ".old" / "b.hrn")
    uri = club.as_uri()
    for pattern in (uri + "/*.hrn", uri + "/?.hrn", uri + "/[a]*"):
        with pytest.raises(OutputError):
            refuse_report_over_input(str(club / "a.hrn"), [pattern], EXTENSIONS, pattern_inputs)
    for pattern in (uri + "/*/*.hrn", uri + "/*.json"):
        refuse_report_over_input(str(club / ".old" / "b.hrn"), [pattern], EXTENSIONS, pattern_inputs)
        refuse_report_over_input(str(club / "a.hrn"), [uri + "/*.json"], EXTENSIONS, pattern_inputs)


@pytest.mark.parametrize(("target", "lang", "said"), [
    ("hearts_notation._compiled", "C", "hearts: interrupted\n"),
    ("hearts_notation", "fr_FR.UTF-8", "hearts: interrompu\n"),
])
def test_a_ctrl_c_while_the_package_loads_is_one_line_and_status_130(
        target: str, lang: str, said: str) -> None:
    """A Ctrl-C in the package's ``__init__`` (the choice of the compiled
    core) came before ``cli.main``'s guard: a traceback and death by
    SIGINT.  The console script's entry point (``hearts_notation_start``,
    pyproject's ``[project.scripts]``) imports the package inside its
    guard.  (Two interpreters, about 0.1 CPU-s each.)"""
    res = interrupted_at(target, "hearts_notation_start", "--version", lang=lang)
    assert (res.returncode, res.stderr, res.stdout) == (130, said, "")


def test_the_console_script_is_the_guarded_entry_point() -> None:
    """``hearts`` is installed from ``[project.scripts]``: it must name the
    entry point outside the package, shipped as a module of the
    distribution."""
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert config["project"]["scripts"]["hearts"] == "hearts_notation_start:main"
    assert "hearts_notation_start" in config["tool"]["setuptools"]["py-modules"]


@pytest.mark.slow       # two analyses interrupted once their workers write (several CPU-s)
@pytest.mark.parametrize("signum", ["SIGINT", "SIGTERM"])
def test_an_interrupted_corpus_run_leaves_no_temporary_file(tmp_path: Path, signum: str) -> None:
    """``annotate CORPUS --out-dir DEST`` stopped by Ctrl-C or SIGTERM
    while its workers wrote parts left one ``.part-…PID.XXXX.tmp`` per
    worker in DEST (the workers are killed at once, SIGKILL, and cannot
    remove their own), which the next run named, one warning each.  The
    run removes what its killed workers left; the parts already written
    stay whole, each with its marker."""
    import os
    import signal
    import subprocess
    import time

    corpus = tmp_path / "in"
    corpus.mkdir()
    for k in range(6):
        shutil.copyfile(SAMPLE, corpus / f"g{k}.hrn")
    dest = tmp_path / "out"
    proc = subprocess.Popen(
        ["hearts", "annotate", "--fast", "--jobs", "2", str(corpus), "--out-dir", str(dest)],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=tmp_path,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and proc.poll() is None:
        if dest.is_dir() and sum(n.endswith(".tmp") for n in os.listdir(dest)) >= 2:
            break
        time.sleep(0.02)
    assert proc.poll() is None, "the run ended before its workers wrote"
    proc.send_signal(getattr(signal, signum))
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == (130 if signum == "SIGINT" else -signal.SIGTERM), err
    left = sorted(os.listdir(dest))
    assert [n for n in left if n.endswith(".tmp")] == []
    parts = [n for n in left if n.startswith("part-") and not n.endswith(".done.json")]
    assert all(f"{n}.done.json" in left for n in parts)
