"""Files keep their owner and their links; nothing is dropped or left silently (issue 29).

Run as root, ``fmt -i`` and ``convert -o`` gave a user's file to root:root
and split its hard links; ``convert X.hrn -o X.hrn`` dropped every ``;``
note without a word; a write killed by SIGKILL left its temporary file
forever, unnamed.  Now the new file takes the old one's owner and group, a
file with several links is refused (status 2, the old text stays under
every name), converting a file over itself warns before it drops notes,
and the next write to a file names the temporaries a killed run left.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "samples" / "canonical.hrn"
OTHER = (54321, 54322)


def hearts(*args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env.update(PYTHONPATH=str(ROOT), HEARTS_NOTATION_CACHE="", LANG="C.UTF-8")
    return subprocess.run([sys.executable, "-m", "hearts_notation", *args], capture_output=True,
                          text=True, env=env, cwd=ROOT, timeout=120)


def _untidy(path: Path) -> Path:
    """The sample with two spaces after each trick number: fmt rewrites it."""
    path.write_text(SAMPLE.read_text(encoding="utf-8").replace("\n1. ", "\n1.  "),
                    encoding="utf-8")
    return path


root_only = pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0,
                               reason="giving a file to another user needs root")


@root_only
@pytest.mark.parametrize("command", ["fmt", "convert"])
def test_rewritten_file_keeps_its_owner_and_group(tmp_path: Path, command: str) -> None:
    target = _untidy(tmp_path / "theirs.hrn")
    os.chown(target, *OTHER)
    os.chmod(target, 0o640)
    args = ["fmt", "-i", str(target)] if command == "fmt" else [
        "convert", str(SAMPLE), "--to", "hrn", "-o", str(target)]
    run = hearts(*args)
    assert run.returncode == 0, run.stderr
    st = target.stat()
    assert (st.st_uid, st.st_gid) == OTHER
    assert st.st_mode & 0o777 == 0o640
    assert target.read_text(encoding="utf-8") == SAMPLE.read_text(encoding="utf-8")


@pytest.mark.parametrize("command", ["fmt", "convert"])
def test_file_with_several_links_is_refused(tmp_path: Path, command: str) -> None:
    target = _untidy(tmp_path / "linked.hrn")
    other = tmp_path / "other-name.hrn"
    os.link(target, other)
    before = target.read_text(encoding="utf-8")
    args = ["fmt", "-i", str(target)] if command == "fmt" else [
        "convert", str(SAMPLE), "--to", "hrn", "-o", str(target)]
    run = hearts(*args)
    assert run.returncode == 2
    assert "it has 2 hard links: replacing it would split them" in run.stderr
    assert target.read_text(encoding="utf-8") == before == other.read_text(encoding="utf-8")
    assert os.path.samefile(target, other)


def test_convert_over_itself_warns_before_dropping_notes(tmp_path: Path) -> None:
    target = tmp_path / "notes.hrn"
    text = SAMPLE.read_text(encoding="utf-8")
    target.write_text(text.replace("\n1. S 2C", "\n1. S 2C ; led by the rule", 1)
                      if "\n1. S 2C" in text else text + "; a closing note\n", encoding="utf-8")
    run = hearts("convert", str(target), "-o", str(target))
    assert run.returncode == 0, run.stderr
    assert run.stderr == (f"hearts: warning: {target} is written over itself without its 1 ; "
                          "notes (they are not part of the record; hearts fmt -i keeps them)\n")
    again = hearts("convert", str(target), "-o", str(target))      # no note left: silent
    assert again.returncode == 0 and again.stderr == ""


def test_temporary_file_of_a_killed_run_is_named(tmp_path: Path) -> None:
    target = tmp_path / "out.json"
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True).stdout.strip()
    stale = tmp_path / f".out.json.{dead}.k1ll3d.tmp"
    stale.write_text("half a record", encoding="utf-8")
    unrelated = tmp_path / ".other.json.1.x.tmp"
    unrelated.write_text("", encoding="utf-8")
    run = hearts("convert", str(SAMPLE), "-o", str(target))
    assert run.returncode == 0
    assert run.stderr == (f"hearts: warning: {stale} was left by an earlier run that was stopped "
                          "before it finished writing; remove it once you no longer need it\n")
    assert stale.exists() and target.exists()          # named, never removed
    assert sorted(p.name for p in tmp_path.iterdir()) == [unrelated.name, stale.name, "out.json"]
