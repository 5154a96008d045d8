"""The wheel carries the grammar, the presets and the schema: the program works from
an installed wheel, not only from the source tree.

The wheel is built pure (``HEARTS_NOTATION_PURE=1``, a few seconds) unless the run is
CI's compiled run (``HEARTS_NOTATION_EXPECT_CORE=compiled``), which builds it with
mypyc and checks that the installed wheel runs the compiled core."""

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.slow
def test_wheel_ships_grammar_and_presets_and_runs(tmp_path: Path) -> None:
    if shutil.which("pip") is None and not (Path(sys.executable).parent / "pip").exists():
        pytest.skip("pip is not available")
    wheel_dir = tmp_path / "wheel"
    compiled = os.environ.get("HEARTS_NOTATION_EXPECT_CORE") == "compiled"
    build_env = {k: v for k, v in os.environ.items() if k != "HEARTS_NOTATION_PURE"}
    if not compiled:
        build_env["HEARTS_NOTATION_PURE"] = "1"
    build = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q",
         "-w", str(wheel_dir), str(ROOT)],
        capture_output=True, text=True, env=build_env,
    )
    if build.returncode != 0:
        pytest.skip(f"cannot build a wheel here: {build.stderr.strip()[-300:]}")
    wheel = next(wheel_dir.glob("hearts_notation-*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    assert "hearts_notation/grammar/hearts.lark" in names
    assert "hearts_notation/rules/presets/standard.yaml" in names
    for schema in ("record", "match", "puzzles", "validate", "score", "stats", "standings",
                   "rules", "position", "hint", "solve", "annotate"):
        assert f"hearts_notation/schema/{schema}.schema.json" in names
    for asset in ("replay.html", "replay.css", "replay.js"):
        assert f"hearts_notation/render/{asset}" in names

    # Install the wheel's files into a private directory and run from elsewhere,
    # with the source tree kept off sys.path.
    target = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(target)
    if compiled:
        assert any(n.startswith("hearts_notation/_core__mypyc.") for n in names), names
        assert any(n.startswith("hearts_notation/state.") and n.endswith(".so") for n in names)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "HEARTS_NOTATION_PURE")}
    env["PYTHONPATH"] = str(target)
    sample = tmp_path / "g.hrn"
    sample.write_text(
        '[Event "wheel"]\n\ndeal 1 dealer N pass hold\n'
        "1. N 2C E 3C S 4C W 5C\n*\n",
        encoding="utf-8",
    )
    code = (
        "import hearts_notation, sys;"
        "assert 'site' in hearts_notation.__file__, hearts_notation.__file__;"
        "from hearts_notation.io import read_games;"
        "from hearts_notation import _compiled;"
        "g = list(read_games(sys.argv[1]));"
        "print(len(g), len(g[0].deals[0].tricks), g[0].errors, _compiled.compiled_in_use())"
    )
    run = subprocess.run([sys.executable, "-c", code, str(sample)],
                         capture_output=True, text=True, env=env, cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == f"1 1 () {compiled}"
