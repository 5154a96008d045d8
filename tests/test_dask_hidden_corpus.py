"""Issue 30's "Done when": on a scheduler and two workers started as
separate processes, every command gives the local engine's bytes with the
corpus visible only to the workers.

The client runs in a mount namespace of its own where the corpus's folder
is covered by an empty tmpfs (:func:`tests.test_dask_failures.hidden_from_client`):
it cannot open, list or sniff a byte of it, while the ``dask scheduler``
and the two ``dask worker`` processes, started in the machine's namespace,
see it.  Each command (its default text output, and its JSON where it has
one) must print what ``--engine local --jobs 1`` prints on a client that
sees the corpus: standard output, standard error and the exit status.  No
``--lang`` is given: the language of the messages (chosen from the first
HRN record when the locale is English) must come out the same too.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("distributed")

from tests.test_dask_failures import ROOT, Scheduler, can_hide, hearts, hidden_from_client

SAMPLES = ROOT / "samples"


@pytest.fixture(scope="module")
def hidden(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder to hide, holding the corpus: JSONL with findings and a
    record cut short, an English HRN file with findings (the carets), a
    JSON and a YAML record, and the French club's folder."""
    if not can_hide():
        pytest.skip("no mount namespace here (unshare -m)")
    top = tmp_path_factory.mktemp("hidden")
    data = top / "league"
    data.mkdir()
    code, _, err = hearts("generate", "--games", "120", "--deals-per-game", "1", "--seed", "3",
                          "--jobs", "1", "-o", str(top / "gen.jsonl"))
    assert code == 0, err
    lines = (top / "gen.jsonl").read_text(encoding="utf-8").splitlines(keepends=True)
    lines[5] = lines[5].replace('"card":"2C"', '"card":"3C"', 1)
    lines[9] = lines[9][: len(lines[9]) // 2] + "\n"
    (data / "a.jsonl").write_text("".join(lines), encoding="utf-8")
    hrn = (SAMPLES / "multi-game.hrn").read_text(encoding="utf-8")
    (data / "b.hrn").write_text(hrn.replace("1. W 2C", "1. W 3C", 1), encoding="utf-8")
    shutil.copy(SAMPLES / "club-night.json", data / "c.json")
    shutil.copy(SAMPLES / "game.yaml", data / "d.yaml")
    shutil.copytree(SAMPLES / "club", top / "club")
    (top / "fr").mkdir()
    shutil.copy(SAMPLES / "feuille-en-francais.hrn", top / "fr" / "feuille.hrn")
    (data / "few.jsonl").write_text("".join(lines[:8]), encoding="utf-8")
    (top / "gen.jsonl").unlink()
    return top


@pytest.fixture(scope="module")
def cluster() -> Iterator[Scheduler]:
    sched = Scheduler()
    try:
        sched.add_worker()
        sched.add_worker()
        yield sched
    finally:
        sched.stop()


def commands(top: Path) -> dict[str, list[str]]:
    data, club = str(top / "league"), str(top / "club")
    return {
        "validate": ["validate", data],
        "validate-json": ["validate", data, "--format", "json"],
        "stats": ["stats", data],
        "stats-json": ["stats", data, "--format", "json"],
        "score": ["score", f"{data}/a.jsonl", f"{data}/b.hrn"],
        "score-json": ["score", f"{data}/a.jsonl", "--format", "json"],
        "standings": ["standings", club],
        "standings-json": ["standings", club, "--format", "json"],
        "annotate": ["annotate", f"{club}/soiree-du-vendredi.hrn", "--fast", "--samples", "2",
                     "--exact-tricks", "0"],
        "annotate-json": ["annotate", f"{data}/b.hrn", "--fast", "--samples", "2",
                          "--exact-tricks", "0", "--deal", "1", "--format", "json"],
        "generate": ["generate", "--games", "6", "--seed", "4", "--format", "jsonl"],
    }


@pytest.mark.slow
@pytest.mark.parametrize("name", list(commands(Path("x"))))
def test_every_command_on_a_corpus_only_the_workers_see(hidden: Path, cluster: Scheduler,
                                                         name: str) -> None:
    args = commands(hidden)[name]
    local = hearts(*args, "--engine", "local", "--jobs", "1")
    assert local[0] in (0, 1, 2) and "Traceback" not in local[2], local
    got = hidden_from_client(hidden, *args, "--engine", "dask", "--scheduler", cluster.address,
                             "--shard-size", "20000")
    assert got == local
    if name == "validate":              # the findings' carets came from the workers
        assert "^" in local[1] and "b.hrn:" in local[1]


@pytest.mark.slow
@pytest.mark.parametrize("name", ["validate", "stats", "score"])
def test_the_language_of_a_record_only_the_workers_see(hidden: Path, cluster: Scheduler,
                                                       name: str) -> None:
    """Without ``--lang`` and in an English locale, the messages speak the
    first record's language: a worker reads it (the client cannot), before
    the command prints anything; ``--lang`` and a French locale still
    decide first."""
    args = [name, str(hidden / "fr")]
    local = hearts(*args, "--jobs", "1")
    assert local[0] == 0 and any(w in local[1] for w in ("fichier", "donne")), local
    dask = ("--engine", "dask", "--scheduler", cluster.address)
    assert hidden_from_client(hidden, *args, *dask) == local
    english = hearts(*args, "--jobs", "1", "--lang", "en")
    assert english != local
    assert hidden_from_client(hidden, *args, *dask, "--lang", "en") == english


@pytest.mark.slow
def test_annotate_out_dir_on_a_corpus_only_the_workers_see(hidden: Path, cluster: Scheduler,
                                                           tmp_path: Path) -> None:
    """``annotate --out-dir``: the corpus and the destination are the
    workers' alone; the folder written is the local engine's, byte for
    byte, and so is the summary."""
    data = hidden / "league"
    dest = hidden / "annotated"         # the same name both times: markers digest it
    args = ["annotate", f"{data}/few.jsonl", f"{data}/b.hrn", "--out-dir", str(dest), "--fast",
            "--samples", "1", "--exact-tricks", "0", "--no-passes", "--deal", "1",
            "--shard-size", "3000"]
    local = hearts(*args, "--jobs", "1")
    assert local[0] in (0, 2) and "Traceback" not in local[2], local
    written = {p.name: p.read_bytes() for p in dest.iterdir()}
    assert len(written) > 3
    shutil.rmtree(dest)
    try:
        got = hidden_from_client(hidden, *args, "--engine", "dask", "--scheduler", cluster.address)
        assert got == local
        assert {p.name: p.read_bytes() for p in dest.iterdir()} == written
    finally:
        shutil.rmtree(dest, ignore_errors=True)
