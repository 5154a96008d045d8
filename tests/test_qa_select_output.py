"""QA pass of 4 December: ``select -o FILE`` with an input that cannot be read.

The run exits 2, but it replaced FILE with the other inputs' matches (or
with nothing at all when the only input was unreadable): a file kept from
an earlier run was lost although the run failed.  Now the file is left as
it was, as ``convert`` and ``score`` leave it; standard output still gets
the records as they are found.  The first test failed before the fix."""

from __future__ import annotations

from pathlib import Path

from tests.clirun import run, write

SAMPLES = Path(__file__).resolve().parent.parent / "samples"


def test_an_unreadable_input_leaves_the_output_file_as_it_was(tmp_path: Path) -> None:
    bad = tmp_path / "bad.hrn"
    bad.write_bytes(b"[Event \x00\xff]\n")
    out = write(tmp_path, "kept.hrn", "ORIGINAL\n")
    code, text = run("select", str(bad), str(SAMPLES / "canonical.hrn"), "--where", "valid",
                     "-o", out, "--lang", "en")
    assert code == 2
    assert Path(out).read_text(encoding="utf-8") == "ORIGINAL\n"
    assert text.splitlines()[-1] == (
        f"hearts: {out}: nothing written, 1 input could not be read (the file is left as it was)")
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []
    code, text = run("select", str(tmp_path / "missing.hrn"), str(bad), "--where", "valid",
                     "-o", out, "--lang", "fr")
    assert code == 2 and Path(out).read_text(encoding="utf-8") == "ORIGINAL\n"
    assert text.splitlines()[-1] == (
        f"hearts: {out} : rien n'est écrit, 2 entrées n'ont pas pu être lues "
        "(le fichier reste tel qu'il était)")


def test_the_good_inputs_still_reach_standard_output(tmp_path: Path) -> None:
    bad = tmp_path / "bad.hrn"
    bad.write_bytes(b"\x00")
    code, text = run("select", str(bad), str(SAMPLES / "canonical.hrn"), "--where", "valid")
    assert code == 2 and '[Event "Thursday club night"]' in text


def test_a_good_run_still_replaces_the_file(tmp_path: Path) -> None:
    out = write(tmp_path, "new.hrn", "ORIGINAL\n")
    code, _ = run("select", str(SAMPLES / "canonical.hrn"), "--where", "valid", "-o", out)
    assert code == 0
    assert Path(out).read_text(encoding="utf-8").startswith('[Event "Thursday club night"]')
