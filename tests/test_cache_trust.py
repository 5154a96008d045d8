"""The per-user cache can never run planted code nor change the rules (issue 29, items 1-3).

Each test plants something in the cache folder that ``hearts`` reads at
start-up (a Python module, a pickle whose ``__reduce__`` writes a marker
file, a FIFO, preset values edited to ``jack_of_diamonds: -10``,
``target: 50``), in every entry: the names the cache uses and the names
earlier versions used (a stand-alone parser module that was imported, Lark's
``cache=`` pickle that was unpickled before its digest was compared, a
presets entry whose values were believed).  Then ``hearts validate`` runs on
the samples (which need the grammar's tables and the presets) in a
subprocess, and the test checks that the marker never appears, that the
findings are those of a run without any cache (the rules unchanged), and
that a tampered entry is reported by one warning line on standard error.
The folder's owner and mode are checked the same way: a world-writable
folder and a folder of another user (``os.chown``, when run as root).
"""

from __future__ import annotations

import hashlib
import json
import os
import pickle
import stat
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from hearts_notation import cache
from tests.budget import long_beyond

ROOT = Path(__file__).resolve().parent.parent
#: A record with a syntax error: its message is worded with the grammar, whose
#: tables come from the cache (the samples themselves are read without it).
BROKEN = ROOT / "tests" / "data" / "cache_trust_broken.hrn"
#: What each run validates: canonical.hrn, whose written totals count J♦ (a tampered
#: ``jack_of_diamonds`` or ``target`` believed would change its findings), and the
#: broken record.  Every sample was validated before: each run then started a
#: pool of workers: 0.15 CPU-s more a run, for about 25 runs in the module (issue 22).
SAMPLES = [str(ROOT / "samples" / "canonical.hrn"), str(BROKEN)]
PY = f"py{sys.version_info[0]}.{sys.version_info[1]}"
OTHER_UID = 54321
TAMPERED = {"jack_of_diamonds": -10, "target": 50}
MAGIC = b"hearts-notation-cache/2"       # (cache.MAGIC; spelled out so that earlier versions run this)


class _Plant:
    """Unpickling this runs code: it writes the marker file."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (exec, (f"open({str(self.marker)!r}, 'w').write('ran')",))


def _code(marker: Path) -> str:
    return f"open({str(marker)!r}, 'w').write('ran')\n"


def _run(cache_dir: Path | str, *args: str,
         lang: str = "C.UTF-8") -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", cache.CACHE_ENV, "LANGUAGE", "LC_ALL", "LC_MESSAGES")}
    env.update(PYTHONPATH=str(ROOT), LANG=lang, **{cache.CACHE_ENV: str(cache_dir)})
    return subprocess.run([sys.executable, "-m", "hearts_notation", *(args or ("validate", *SAMPLES))],
                          capture_output=True, text=True, env=env, cwd=ROOT, timeout=120)


@pytest.fixture(scope="module")
def clean() -> subprocess.CompletedProcess[str]:
    """``hearts validate`` of the samples with the cache off: what every run must print."""
    run = _run("")
    assert run.returncode == 1, run.stderr
    assert run.stderr == ""
    assert " 1 error, 0 warnings" in run.stdout         # the broken record's, only
    assert "expected a card such as QS" in run.stdout
    return run


def _same_findings(run: subprocess.CompletedProcess[str],
                   clean: subprocess.CompletedProcess[str]) -> None:
    assert run.returncode == clean.returncode, run.stderr
    assert run.stdout == clean.stdout


def _warnings(run: subprocess.CompletedProcess[str]) -> list[str]:
    lines = run.stderr.splitlines()
    assert all(line.startswith("hearts: warning: ") for line in lines), run.stderr
    return lines


def _presets() -> dict[str, str]:
    return {p.stem: p.read_text(encoding="utf-8")
            for p in sorted((ROOT / "hearts_notation" / "rules" / "presets").glob("*.yaml"))}


def _old_presets_entry() -> bytes:
    """The presets entry as earlier versions wrote it (each preset's values
    and text), with ``standard``'s values tampered: those versions compared
    the texts and believed the values."""
    stored = {name: [yaml.safe_load(text) or {}, text] for name, text in _presets().items()}
    stored["standard"][0].update(TAMPERED)
    return json.dumps(stored).encode("utf-8")


def _old_grammar_entry_name() -> str:
    """The name earlier versions gave Lark's ``cache=`` pickle."""
    import lark

    from hearts_notation.io.hrn.lark_reader import grammar_text

    h = hashlib.sha256()
    for part in ("lark-grammar", sys.version, grammar_text(), lark.__version__):
        h.update(part.encode("utf-8", "surrogatepass"))
        h.update(b"\0")
    return f"lark-grammar-{h.hexdigest()[:32]}"


def _entries(folder: Path) -> dict[str, Path]:
    return {"lark": folder / f"lark-tables-{PY}.cache", "presets": folder / f"presets-{PY}.cache"}


def _forge(entry: Path, change: dict[str, object] | None = None) -> None:
    """Rewrite an entry written by the program with ``standard``'s values
    changed and its digest *recomputed*: a forgery only someone able to
    write the folder can make (the folder checks are what stop it)."""
    head, _, payload = entry.read_bytes().partition(b"\n")
    if not head.startswith(MAGIC + b" "):
        return        # (no such entry: an earlier version of the program runs the test)
    magic, kind, key, _ = head.split(b" ")
    values = json.loads(payload)
    values["standard"].update(change or TAMPERED)
    new = json.dumps(values).encode("utf-8")
    whole = cache.digest(magic, kind.decode(), key.decode(), new)
    entry.write_bytes(b" ".join((magic, kind, key, whole.encode())) + b"\n" + new)


def _filled(folder: Path) -> dict[str, Path]:
    run = _run(folder)
    assert run.returncode == 1 and run.stderr == "", run.stderr
    entries = _entries(folder)
    for entry in entries.values():     # (missing when an earlier version runs the test)
        if not entry.is_file():
            entry.write_bytes(b"not an entry\n")
    return entries


def _plant_old_module(folder: Path, marker: Path) -> None:
    (folder / f"lark-standalone-{PY}.py").write_text(_code(marker), encoding="utf-8")


@pytest.mark.parametrize("variant", ["module", "pickle"])
def test_planted_code_and_pickles_never_run(tmp_path: Path, variant: str,
                                            clean: subprocess.CompletedProcess[str]) -> None:
    folder = tmp_path / "cache"
    folder.mkdir(mode=0o700)
    marker = tmp_path / "marker"
    entries = _entries(folder)
    pickled = b"x\n" + pickle.dumps(_Plant(marker))
    if variant == "module":
        # Earlier versions imported this module before checking anything.
        _plant_old_module(folder, marker)
        entries["lark"].write_text(_code(marker), encoding="utf-8")
        entries["presets"].write_bytes(pickled)
    else:
        # Earlier versions fell back to Lark's own cache when the module could
        # not be written (a folder in its place), and Lark unpickled it.
        (folder / f"lark-standalone-{PY}.py").mkdir()
        (folder / _old_grammar_entry_name()).write_bytes(pickled)
        entries["lark"].write_bytes(pickled)
        entries["presets"].write_text(_code(marker), encoding="utf-8")
    run = _run(folder)
    assert not marker.exists(), "code planted in the cache ran"
    _same_findings(run, clean)
    warned = _warnings(run)
    assert len(warned) == 2 and all("was ignored and is rebuilt" in w for w in warned), warned
    # Rebuilt: the next run is silent and still clean.
    again = _run(folder)
    _same_findings(again, clean)
    assert again.stderr == "" and not marker.exists()
    assert all(p.read_bytes().startswith(MAGIC + b" ") for p in entries.values())
    assert cache.MAGIC == MAGIC


def test_tampered_presets_never_change_the_rules(tmp_path: Path,
                                                 clean: subprocess.CompletedProcess[str]) -> None:
    folder = tmp_path / "cache"
    folder.mkdir(mode=0o700)
    entries = _filled(folder)
    (folder / f"presets-{PY}").write_bytes(_old_presets_entry())   # believed by earlier versions
    # Values edited in the entry, its digest left as written.
    head, _, payload = entries["presets"].read_bytes().partition(b"\n")
    if head.startswith(MAGIC + b" "):
        values = json.loads(payload)
        values["standard"].update(TAMPERED)
        entries["presets"].write_bytes(head + b"\n" + json.dumps(values).encode("utf-8"))
    run = _run(folder)
    _same_findings(run, clean)
    [warned] = _warnings(run)
    assert str(entries["presets"]) in warned and "digest" in warned
    rules = _run(folder, "rules", "standard")
    assert rules.returncode == 0 and rules.stderr == ""
    assert "target: 100" in rules.stdout and "jack_of_diamonds: 0" in rules.stdout


def test_warning_is_in_the_run_language(tmp_path: Path,
                                        clean: subprocess.CompletedProcess[str]) -> None:
    folder = tmp_path / "cache"
    folder.mkdir(mode=0o700)
    entries = _filled(folder)
    (folder / f"presets-{PY}").write_bytes(_old_presets_entry())
    entries["presets"].write_bytes(b"garbage")
    run = _run(folder, lang="fr_FR.UTF-8")
    assert run.returncode == 1, run.stderr
    [warned] = run.stderr.splitlines()
    assert warned.startswith("hearts: attention : l'entrée de cache ")
    assert " 1 erreur," in run.stdout


def test_world_writable_folder_is_not_believed(tmp_path: Path,
                                               clean: subprocess.CompletedProcess[str]) -> None:
    folder = tmp_path / "cache"
    folder.mkdir(mode=0o700)
    marker = tmp_path / "marker"
    entries = _filled(folder)
    _forge(entries["presets"])               # consistent: only the folder's mode gives it away
    _plant_old_module(folder, marker)
    (folder / f"presets-{PY}").write_bytes(_old_presets_entry())
    os.chmod(folder, 0o777)
    run = _run(folder)
    assert not marker.exists(), "code planted in the cache ran"
    _same_findings(run, clean)
    [warned] = _warnings(run)
    assert str(folder) in warned and "other users could write in it" in warned
    assert stat.S_IMODE(os.stat(folder).st_mode) == 0o700
    again = _run(folder)                     # made private and rebuilt: believed again
    _same_findings(again, clean)
    assert again.stderr == ""


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0,
                    reason="giving a folder to another user needs root")
def test_folder_of_another_user_is_not_used(tmp_path: Path,
                                            clean: subprocess.CompletedProcess[str]) -> None:
    folder = tmp_path / "cache"
    folder.mkdir(mode=0o700)
    marker = tmp_path / "marker"
    entries = _filled(folder)
    _forge(entries["presets"])
    _plant_old_module(folder, marker)
    (folder / f"presets-{PY}").write_bytes(_old_presets_entry())
    forged = entries["presets"].read_bytes()
    os.chown(folder, OTHER_UID, OTHER_UID)
    run = _run(folder)
    assert not marker.exists(), "code planted in the cache ran"
    _same_findings(run, clean)
    [warned] = _warnings(run)
    assert str(folder) in warned and "belongs to another user" in warned
    assert entries["presets"].read_bytes() == forged       # nothing written there either
    assert os.stat(folder).st_uid == OTHER_UID


@pytest.mark.parametrize("how", long_beyond(["other-owner", "writable", "symlink", "fifo"], keep=2))
def test_entry_that_fails_its_checks_is_rebuilt(tmp_path: Path, how: str,
                                                clean: subprocess.CompletedProcess[str]) -> None:
    folder = tmp_path / "cache"
    folder.mkdir(mode=0o700)
    entries = _filled(folder)
    presets = entries["presets"]
    _forge(presets)
    if how == "other-owner":
        if not hasattr(os, "geteuid") or os.geteuid() != 0:
            pytest.skip("giving a file to another user needs root")
        os.chown(presets, OTHER_UID, OTHER_UID)
        why = "belongs to another user"
    elif how == "writable":
        os.chmod(presets, 0o666)
        why = "other users could write it"
    elif how == "symlink":
        outside = tmp_path / "outside"
        presets.rename(outside)
        presets.symlink_to(outside)
        why = "not a regular file"
    else:
        presets.unlink()
        os.mkfifo(presets)
        why = "not a regular file"
    # Earlier versions believed this one (or, for the FIFO, waited on it forever).
    old = folder / f"presets-{PY}"
    if how == "fifo":
        old.unlink(missing_ok=True)
        os.mkfifo(old)
    else:
        old.write_bytes(_old_presets_entry())
    run = _run(folder)
    _same_findings(run, clean)
    [warned] = _warnings(run)
    assert str(presets) in warned and why in warned
    st = os.lstat(presets)
    assert stat.S_ISREG(st.st_mode) and st.st_uid == os.geteuid()
    assert stat.S_IMODE(st.st_mode) == 0o600
    again = _run(folder)
    _same_findings(again, clean)
    assert again.stderr == ""


def test_cache_folder_is_created_private(tmp_path: Path) -> None:
    folder = tmp_path / "new" / "cache"
    run = _run(folder, "rules", "standard")
    assert run.returncode == 0 and run.stderr == "", run.stderr
    assert stat.S_IMODE(os.stat(folder).st_mode) == 0o700
    for entry in folder.iterdir():
        assert stat.S_IMODE(os.stat(entry).st_mode) == 0o600


def test_nothing_in_the_package_imports_or_unpickles_from_the_cache() -> None:
    """The cache and its two readers decode JSON only: they import no
    ``pickle``/``marshal``/module loader, call no ``exec``/``eval``, and give
    Lark no ``cache=`` (which unpickles)."""
    import ast

    banned_modules = {"pickle", "marshal", "shelve", "runpy", "importlib.util",
                      "importlib.machinery", "lark.tools", "lark.tools.standalone"}
    banned_calls = {"exec", "eval", "exec_module", "spec_from_file_location", "load_module",
                    "gen_standalone"}
    for path in (ROOT / "hearts_notation" / "cache.py",
                 ROOT / "hearts_notation" / "io" / "hrn" / "lark_reader.py",
                 ROOT / "hearts_notation" / "rules" / "__init__.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                assert not {a.name for a in node.names} & banned_modules, (path.name, node.lineno)
            elif isinstance(node, ast.ImportFrom):
                names = {node.module or ""} | {f"{node.module}.{a.name}" for a in node.names}
                assert not names & banned_modules, (path.name, node.lineno)
            elif isinstance(node, ast.Call):
                func = node.func
                name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
                assert name not in banned_calls, (path.name, node.lineno)
                assert "cache" not in {k.arg for k in node.keywords}, (path.name, node.lineno)
