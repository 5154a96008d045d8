"""Start-up: what a short command loads, and the per-user cache behind it.

``hearts --version`` is answered before click and rich are imported; a
``hearts validate`` of plain HRN loads neither rich, PyYAML, Lark nor
multiprocessing; the Lark tables and the parsed rule presets come from the
user's cache (docs/performance.md, "Start-up").  The speed itself is measured
by ``benchmarks/bench_startup.py``, not here; these tests check the causes.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hearts_notation import cache
from hearts_notation.version import version_text
from tests.budget import sweep

ROOT = Path(__file__).resolve().parent.parent


def _plain_record(path: Path) -> Path:
    """One complete generated game, canonical HRN without comments (the fast reader's)."""
    from hearts_notation.generate import generate_games
    from hearts_notation.io.hrn.writer import dumps_hrn

    path.write_text(dumps_hrn(generate_games(1, seed=7, max_deals=3)), encoding="utf-8")
    return path

HEAVY = ("click", "rich", "yaml", "lark", "multiprocessing")


def _run(code: str, *args: str, cache_dir: Path | None = None, clean: bool = False,
         **env: str) -> subprocess.CompletedProcess[str]:
    """*code* run by a fresh interpreter with the checkout on the path.
    *clean*: as in a wheel install, without ``site`` (``-S``: a development
    environment's path files import ``typing``, ``zipfile``... for their
    import hooks), the dependencies' folder on the path."""
    import site

    full = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", cache.CACHE_ENV)}
    full["PYTHONPATH"] = os.pathsep.join([str(ROOT), *(site.getsitepackages() if clean else ())])
    full[cache.CACHE_ENV] = str(cache_dir) if cache_dir is not None else ""
    full.update(env)
    return subprocess.run([sys.executable, *(["-S"] if clean else []), "-c", code, *args],
                          capture_output=True, text=True, env=full, cwd=ROOT, timeout=120)


def _probe(argv: list[str], report: str, cache_dir: Path | None = None, prelude: str = "",
           clean: bool = False) -> tuple[str, str]:
    """``hearts`` run with *argv* in a fresh interpreter (:func:`_run`),
    after *prelude*: the command's output, and the value of the Python
    expression *report* evaluated when it is done (printed after a marker)."""
    code = (f"{prelude}import sys\nfrom hearts_notation.cli import main\n"
            "try:\n    main(sys.argv[1:])\nexcept SystemExit:\n    pass\n"
            f"sys.stdout.flush()\nprint('\\nPROBE', {report})\n")
    run = _run(code, *argv, cache_dir=cache_dir, clean=clean)
    out, _, value = run.stdout.rpartition("\nPROBE ")
    assert value, run.stderr
    return out, value


def _loaded_after(argv: list[str], cache_dir: Path | None = None) -> tuple[set[str], str]:
    out, mods = _probe(argv, "' '.join(sorted({m.split('.')[0] for m in sys.modules}))", cache_dir)
    return set(mods.split()), out


def test_importing_the_package_loads_only_the_core_switch() -> None:
    run = _run("import sys, hearts_notation as h\n"
               "print(sorted(m for m in sys.modules if m.startswith('hearts_notation')))\n"
               "print(h.Game.__name__, h.RuleSet.__name__, h.parse_card('QS'), h.validate_file.__name__)")
    assert run.returncode == 0, run.stderr
    first, second = run.stdout.splitlines()
    assert first == "['hearts_notation', 'hearts_notation._compiled']"
    assert second.startswith("Game RuleSet ") and second.endswith(" validate_file")


def test_lazy_names_are_the_real_ones() -> None:
    import hearts_notation as hn
    from hearts_notation import model, rules

    assert hn.Game is model.Game and hn.load_rules is rules.load_rules
    assert set(hn.__all__) <= set(dir(hn))
    with pytest.raises(AttributeError):
        _ = hn.no_such_name  # type: ignore[attr-defined]


def test_version_is_answered_before_click_loads() -> None:
    mods, out = _loaded_after(["--version"])
    assert not mods & set(HEAVY), mods & set(HEAVY)
    assert out == version_text()


def _loaded_clean(argv: list[str], cache_dir: Path) -> set[str]:
    """The modules a command loads as in a wheel install (:func:`_run`'s *clean*)."""
    return set(_probe(argv, "' '.join(sorted(sys.modules))", cache_dir, clean=True)[1].split())


def test_version_imports_not_even_typing(tmp_path: Path) -> None:
    """``hearts --version`` imports the package, its core switch and the
    version text: not even ``typing`` or ``collections`` (``TYPE_CHECKING =
    False`` in ``hearts_notation/__init__.py`` and ``_compiled.py``)."""
    mods = _loaded_clean(["--version"], tmp_path)
    assert not mods & {"typing", "collections", "hearts_notation.model", "click"}, mods
    # (the compiled core is told from the file endings the import system
    # gives, without importing the importlib package: issue 22)
    from hearts_notation import _compiled

    if _compiled.compiled_in_use():
        assert not mods & {"importlib", "importlib.machinery", "warnings"}, mods


def test_extension_suffixes_are_importlibs() -> None:
    """The endings the core switch looks for are ``importlib.machinery``'s."""
    import importlib.machinery

    from hearts_notation import _compiled

    assert _compiled.extension_suffixes() == tuple(importlib.machinery.EXTENSION_SUFFIXES)


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_validate_imports_only_what_its_path_needs(tmp_path: Path, fmt: str) -> None:
    """The presets are read from the package's folder (no
    ``importlib.resources``, no ``zipfile``); a small JSON report is held in
    memory and standard input is not read, so ``tempfile`` (with ``shutil``,
    ``bz2``, ``lzma``, ``random``) is not imported; nothing that words a
    finding (``diagnostics``) is loaded for a clean file."""
    record = _plain_record(tmp_path / "small.hrn")
    _loaded_clean(["rules", "standard"], tmp_path / "cache")           # fills the preset cache
    mods = _loaded_clean(["validate", "--format", fmt, str(record)], tmp_path / "cache")
    assert "hearts_notation.referee" in mods
    assert not mods & {"zipfile", "importlib.resources"}, mods
    assert not mods & {"tempfile", "bz2", "lzma", "random", "hearts_notation.diagnostics"}, mods


#: What ``validate`` of a small clean HRN file must not load (issue 22's start-up
#: target): the terminal styling, YAML, the grammar, the cluster engine, the
#: JSON decoders (msgspec, and the typed decoder's module the referee
#: imports only for a JSON record), the analysis, the worker pool, the finding renderer, the
#: temporary-file machinery, pathlib (with urllib.parse and ipaddress), locale
#: (click's gettext looking for message catalogs: the catalogs answer it),
#: mypy_extensions (nothing of it runs), and the referee's paths for records
#: with findings: the JSON model reader, score sheets, misordered passes; and
#: the shard planners of a cluster run, and the counts its workers reduce a
#: batch to (runners.counted); importlib.util (only --help asks whether a
#: command's module is there: a command is imported straight away); the
#: presentation context (its dataclass; the run's language is hearts_notation.language's);
#: html (its entity table: only the HTML and SVG outputs escape markup); and
#: what other commands run, none of it on validate's path: the renderers and
#: the record walk, the library API, the generator and bots, the editor, the
#: writers, the Lark reader of a bad line, OpenSpiel, the corpus statistics and
#: standings, the query language, csv, subprocesses, asyncio.
NOT_FOR_A_CLEAN_FILE = ("rich", "yaml", "lark", "dask", "distributed", "msgspec", "multiprocessing",
                        "hearts_notation.analysis", "hearts_notation.diagnostics", "tempfile",
                        "pathlib", "urllib", "ipaddress", "locale", "mypy_extensions",
                        "hearts_notation.io.jsonio", "hearts_notation.sheets", "hearts_notation.misorder",
                        "hearts_notation.io.segments", "hearts_notation.runners.counted",
                        "importlib.util", "hearts_notation.io.typed_json",
                        "hearts_notation.presentation", "html",
                        "hearts_notation.render", "hearts_notation.walk", "hearts_notation.api",
                        "hearts_notation.generate", "hearts_notation.bots", "hearts_notation.editor",
                        "hearts_notation.io.hrn.writer", "hearts_notation.io.hrn.lark_reader",
                        "hearts_notation.io.openspiel", "hearts_notation.stats",
                        "hearts_notation.standings", "hearts_notation.select", "hearts_notation.query",
                        "csv", "subprocess", "asyncio", "concurrent")


@pytest.mark.parametrize("fmt", ["json", "text"])
@pytest.mark.parametrize("sample", ["canonical.hrn", "generated"])
def test_clean_validate_stays_light(tmp_path: Path, fmt: str, sample: str) -> None:
    """``hearts validate`` of a clean canonical HRN file (the commented
    sample, and a generated game) imports none of :data:`NOT_FOR_A_CLEAN_FILE`
    (a package or any of its submodules), with the preset cache warm as from
    the second run on."""
    record = (ROOT / "samples" / "canonical.hrn" if sample == "canonical.hrn"
              else _plain_record(tmp_path / "small.hrn"))
    _loaded_clean(["rules", "standard"], tmp_path / "cache")           # fills the preset cache
    mods = _loaded_clean(["validate", "--format", fmt, str(record)], tmp_path / "cache")
    heavy = sorted(m for m in mods for h in NOT_FOR_A_CLEAN_FILE if m == h or m.startswith(h + "."))
    assert not heavy, heavy
    assert {"click", "hearts_notation.referee", "hearts_notation.io.hrn.reader"} <= mods


@pytest.mark.parametrize("argv", [["score", "--format", "json", "SAMPLE"],
                                  ["stats", "--format", "json", "SAMPLE"],
                                  ["standings", "--format", "csv", "SAMPLE"],
                                  ["rules", "standard"], ["rules", "--format", "json"],
                                  ["position", "--deal", "3", "SAMPLE"]])
def test_output_without_a_table_loads_no_rich(tmp_path: Path, argv: list[str]) -> None:
    """rich (``rich.table`` alone is about 14 ms of a start, 1.5x a bare
    interpreter; ``rich.progress`` 24 ms) is imported by the functions that
    draw a table or a progress bar, not at the top of the command: JSON, CSV,
    a rule set as YAML and a position string are written without it, as is
    the presentation context where no table needs it (issue 22)."""
    argv = [str(ROOT / "samples" / "canonical.hrn") if a == "SAMPLE" else a for a in argv]
    mods = _loaded_clean(argv, tmp_path / "cache")
    assert "hearts_notation.cli" in mods
    absent = ("rich",) if argv[0] == "position" else ("rich", "hearts_notation.presentation")
    heavy = sorted(m for m in mods for h in absent if m == h or m.startswith(h + "."))
    assert not heavy, heavy


def _lazy_patterns() -> dict[str, str]:
    """The package's regular expressions that a clean file never needs, kept
    as pattern text and compiled by the path that uses them (start-up, issue
    22): the line-by-line cutter's (a clean file is cut by the block cutter),
    the escapes of comments and tag values, signed points, the checks of a
    ``Seats`` tag and of a tag name, the reader's look at a line that does
    not read, and ``--lang`` read back for a usage error."""
    from hearts_notation import clickwords
    from hearts_notation.io.hrn import cut, lex, reader, words

    return {"cut._SPECIAL": cut._SPECIAL, "cut._IN_COMMENT": cut._IN_COMMENT,
            "cut._IN_STRING": cut._IN_STRING, "cut._KIND": cut._KIND,
            "cut._TAG_START": cut._TAG_START, "lex._COMMENT_ESCAPE": lex._COMMENT_ESCAPE,
            "lex._TAG_ESCAPE": lex._TAG_ESCAPE, "TOKENS['POINTS']": words.TOKENS["POINTS"],
            "reader._RESULT_WORD": reader._RESULT_WORD, "reader._HEAD_WORDS": reader._HEAD_WORDS,
            "words.LETTER_CARD": words.LETTER_CARD,
            "words._NUMBERED_TAG": words._NUMBERED_TAG, "clickwords._LANG_ARG": clickwords._LANG_ARG}


def _patterns_used(argv: list[str], cache_dir: Path) -> set[str]:
    """The pattern texts a command hands to :mod:`re` (any of its functions),
    from the package's import on."""
    watch = ("import json, re\nseen = set()\n"
             "def watch(name):\n"
             "    inner = getattr(re, name)\n"
             "    def watched(pattern, *args, **kwargs):\n"
             "        seen.add(getattr(pattern, 'pattern', pattern))\n"
             "        return inner(pattern, *args, **kwargs)\n"
             "    setattr(re, name, watched)\n"
             "for name in ('compile', 'match', 'fullmatch', 'search', 'sub', 'subn', 'split',\n"
             "             'findall', 'finditer'):\n"
             "    watch(name)\n")
    _, used = _probe(argv, "json.dumps(sorted(p for p in seen if isinstance(p, str)))", cache_dir,
                     prelude=watch)
    return set(json.loads(used))


def test_clean_validate_compiles_no_pattern_it_does_not_use(tmp_path: Path) -> None:
    """A clean canonical HRN file (the commented sample, a generated game)
    compiles none of :func:`_lazy_patterns`; a record that needs them (carriage
    returns, a ``Seats`` tag, escapes, a result line that does not read, a
    mistyped tag, ``--lang`` given) does, through the same probe."""
    lazy = _lazy_patterns()
    assert all(isinstance(p, str) for p in lazy.values())
    record = _plain_record(tmp_path / "small.hrn")
    for path in (ROOT / "samples" / "canonical.hrn", record):
        used = _patterns_used(["validate", str(path)], tmp_path / "cache")
        assert not {name for name, p in lazy.items() if p in used}, path
    text = record.read_text(encoding="utf-8").replace("\n", "\r\n", 3)
    text = text.replace("[Event ", '[Seats "N E S W"]\n[Evnet "a \\"b\\""]\n[Event ', 1)
    text = text.replace("\nresult", "\n{a \\} comment}\nresult N E S W W\nresult", 1)
    messy = tmp_path / "messy.hrn"
    messy.write_text(text, encoding="utf-8", newline="")
    used = _patterns_used(["validate", "--lang", "en", str(messy)], tmp_path / "cache")
    assert {name for name, p in lazy.items() if p in used} >= {
        "cut._SPECIAL", "cut._IN_STRING", "cut._KIND", "lex._TAG_ESCAPE",
        "words.LETTER_CARD", "words._NUMBERED_TAG"}, used


@sweep(full=2000, default=200, deadline=None)
@given(st.text(alphabet="/.ab\\", max_size=12))
def test_path_names_read_as_pathlib_reads_them(name: str) -> None:
    """The reading path names files without :mod:`pathlib` (start-up): its
    spelling of a name, and of its extension, are pathlib's."""
    from pathlib import Path

    from hearts_notation.io.formats import format_for
    from hearts_notation.io.stream import path_suffix, path_text

    assert path_text(name) == str(Path(name))
    assert path_suffix(name) == Path(name).suffix
    for given_name in (name + ".HRN", name + ".jsonl", name + "x.yaml"):
        assert path_suffix(given_name) == Path(given_name).suffix
        assert format_for(given_name) == format_for(str(Path(given_name)))


@sweep(full=2000, default=200, deadline=None)
@given(st.text(alphabet=st.sampled_from("aé ♠\t\n\x00\x1b\x7f\x85\x9f\xa0\u2028\u2029\ud800\udfff"
                                       "\ufeff\U0001f0a1"), max_size=8))
def test_string_method_shortcuts_agree_with_the_patterns(text: str) -> None:
    """``escape_controls`` and ``json_safe`` answer most text by a string
    method and compile their patterns only when that cannot tell (start-up):
    the same results as the patterns alone."""
    import re

    from hearts_notation import output

    def by_pattern(pattern: str, escape: Callable[[re.Match[str]], str]) -> str:
        return re.sub(pattern, escape, text)

    assert output.escape_controls(text) == by_pattern(output._CONTROLS, output._escape)
    assert output.escape_controls(text, keep_layout=True) == by_pattern(
        output._CONTROLS_BUT_LAYOUT, output._escape)
    assert output.json_safe(text) == by_pattern(output._JSON_UNSAFE, output._json_escape)


def test_the_collector_waits_for_the_command_and_skips_the_exit(tmp_path: Path) -> None:
    """The garbage collector is paused while the program loads (no
    collection before the command's module is loaded), back on for the
    command's work and after it, and the interpreter's exit does not walk
    every object the run made (``gc.freeze`` at exit): together about as
    much CPU as starting Python after a small validate.  The output is whole."""
    record = _plain_record(tmp_path / "small.hrn")
    code = ("import atexit, gc, sys\n"
            "early = []\n"
            "atexit.register(lambda: print('at exit, frozen:', gc.get_freeze_count() > 0))\n"
            "from hearts_notation.cli import main\n"
            "gc.callbacks.append(lambda phase, info: phase == 'start' and early.append(\n"
            "    'hearts_notation.commands.validate' not in sys.modules))\n"
            "try:\n    main(sys.argv[1:])\nexcept SystemExit as exc:\n"
            "    print('collections before the command:', sum(early), 'after:', early.count(False),\n"
            "          'on:', gc.isenabled(), 'status', exc.code)\n")
    run = _run(code, "validate", str(record), cache_dir=tmp_path / "cache")
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert lines[0] == "1 file, 1 game, 3 deals: 1 valid game; 0 errors, 0 warnings, 0 infos"
    assert lines[1].startswith("collections before the command: 0 after: ")
    assert lines[1].endswith(" on: True status 0")
    assert lines[2:] == ["at exit, frozen: True"]
    # A command line that loads no command gets its collector back too.
    helped = _run("import gc, sys\nfrom hearts_notation.cli import main\n"
                  "try:\n    main(['--help'])\nexcept SystemExit:\n    print('on:', gc.isenabled())\n")
    assert helped.stdout.splitlines()[-1] == "on: True"


def test_a_large_json_report_still_spills_to_a_file(monkeypatch: pytest.MonkeyPatch) -> None:
    """Past the memory hold, the JSON report's entries go to a temporary
    file, and the report reads the same."""
    import io

    from hearts_notation.commands import validate

    def report(hold: int) -> str:
        monkeypatch.setattr(validate, "_HOLD_IN_MEMORY", hold)
        spool = validate._Spool()
        for i in range(3):
            spool.add({"source": "x.hrn", "index": i + 1, "findings": [], "deals": []})
        assert (spool.file is not None) == (hold == 0)
        out = io.StringIO()
        spool.write_report(validate.Summary(games=3), out)  # type: ignore[arg-type]
        return out.getvalue()

    assert report(0) == report(1 << 20)
    assert json.loads(report(0))["games"][2]["index"] == 3


def test_a_command_module_is_imported_without_looking_for_it_first(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The group imports a command's module straight away (no
    ``importlib.util.find_spec`` before it, start-up): a module that is not
    there is no command, as ``--help`` lists it; a module that is there but
    imports something missing is an error, not a missing command."""
    import click

    from hearts_notation import app

    monkeypatch.setitem(app.COMMANDS, "gone", ("no_such_command_module", "x"))
    group = app.cli
    ctx = click.Context(group)
    assert group.get_command(ctx, "gone") is None
    assert "gone" not in group.list_commands(ctx)
    assert group.get_command(ctx, "validate") is not None

    def missing_dependency(name: str) -> None:
        raise ModuleNotFoundError("No module named 'no_such_dependency'", name="no_such_dependency")

    monkeypatch.setattr(app.importlib, "import_module", missing_dependency)
    with pytest.raises(ModuleNotFoundError, match="no_such_dependency"):
        group.get_command(ctx, "validate")


def test_version_text_is_clicks() -> None:
    from click.testing import CliRunner

    from hearts_notation.app import cli

    result = CliRunner().invoke(cli, ["--version"])
    assert result.exit_code == 0
    assert result.output == version_text()
    assert version_text().startswith("hearts, version ") and "core: " in version_text()


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_small_plain_validate_loads_no_heavy_module(tmp_path: Path, fmt: str) -> None:
    record = _plain_record(tmp_path / "small.hrn")
    warm = tmp_path / "cache"
    _loaded_after(["rules", "standard"], cache_dir=warm)         # fills the preset cache
    mods, out = _loaded_after(["validate", "--format", fmt, str(record)], cache_dir=warm)
    assert not mods & {"rich", "yaml", "lark", "multiprocessing"}, mods
    if fmt == "json":
        assert json.loads(out)["summary"]["valid_games"] == 1
    else:
        assert out == "1 file, 1 game, 3 deals: 1 valid game; 0 errors, 0 warnings, 0 infos\n"


def test_validate_does_not_create_dataclasses_it_does_not_use(tmp_path: Path) -> None:
    """``hearts validate`` imports the exit statuses and the base report
    (hearts_notation.commands._status), not the module of the reports of
    other commands, and its unit of work (hearts_notation.runners.validate),
    not the library API with its result types: each dataclass created at
    import costs start-up time."""
    record = _plain_record(tmp_path / "small.hrn")
    out, loaded = _probe(["validate", str(record)],
                         "' '.join(sorted(m for m in sys.modules if m.startswith('hearts_notation')))",
                         tmp_path / "cache")
    mods = set(loaded.split())
    assert {"hearts_notation.commands._status", "hearts_notation.runners.validate"} <= mods, mods
    assert not mods & {"hearts_notation.commands.report", "hearts_notation.api"}, mods
    assert out.endswith("1 valid game; 0 errors, 0 warnings, 0 infos\n")


def test_commented_sample_is_read_without_the_grammar(tmp_path: Path) -> None:
    """Brace comments and marks between words (samples/canonical.hrn, what
    ``hearts annotate`` writes) take the line fast path: neither Lark nor the
    grammar's stand-alone parser is loaded (a few milliseconds to load, and
    more to build the lexer's regular expressions on the first lines)."""
    out, loaded = _probe(["validate", str(ROOT / "samples" / "canonical.hrn")],
                         "sorted(m for m in sys.modules if 'lark' in m)", tmp_path)
    assert loaded.strip() == "[]", loaded
    assert out == "1 file, 1 game, 10 deals: 1 valid game; 0 errors, 0 warnings, 0 infos\n"


def test_plain_summary_is_what_rich_prints(tmp_path: Path) -> None:
    record = _plain_record(tmp_path / "small.hrn")
    _, plain = _loaded_after(["validate", str(record)])
    forced = _run("import sys\nfrom hearts_notation.cli import main\nmain(sys.argv[1:])",
                  "validate", str(record), FORCE_COLOR="1", NO_COLOR="1")
    # With FORCE_COLOR rich prints it (NO_COLOR keeps it to bold alone).
    assert forced.stdout.replace("\x1b[1m", "").replace("\x1b[0m", "") == plain


def _restamp(entry: Path, key: bytes | None = None) -> None:
    """Give *entry* another made-from key (*key*, else a changed one) and a
    digest that matches: an entry made from other sources, as another
    version of the grammar, of Lark or of the presets would leave."""
    head, _, payload = entry.read_bytes().partition(b"\n")
    magic, kind, old, _ = head.split(b" ")
    new = key if key is not None else bytes(reversed(old))
    whole = cache.digest(magic, kind.decode(), new.decode(), payload)
    entry.write_bytes(b" ".join((magic, kind, new, whole.encode())) + b"\n" + payload)


def test_lark_tables_come_from_the_cache(tmp_path: Path) -> None:
    """The first run keeps the grammar's parse tables in the cache, as JSON;
    later runs make the parser of them without building the grammar (here
    building is made to fail, and parsing still works).  A damaged entry is
    rebuilt with a warning; an entry made from another grammar (or Lark, or
    Python) is rebuilt silently; with no cache nothing is written."""
    code = ("import sys\nimport lark\n"
            "if sys.argv[1:] == ['nobuild']:\n"
            "    def boom(*a, **k):\n        raise RuntimeError('built')\n"
            "    lark.Lark.__init__ = boom\n"
            "from hearts_notation.io.hrn.lark_reader import explain_line\n"
            "print(explain_line('1. S 2C W 5C N JC E 6C {a comment}', 3, ('N','E','S','W')))\n"
            "exc = explain_line('1. S 2C W 5C N JC E {a comment}', 3, ('N','E','S','W'))\n"
            "print(type(exc).__name__, exc)\n")
    first = _run(code, cache_dir=tmp_path)
    assert first.returncode == 0 and first.stderr == "", first.stderr
    [entry] = tmp_path.glob("lark-tables-py*.cache")
    assert entry.read_bytes().startswith(cache.MAGIC + b" lark-tables ")
    json.loads(entry.read_bytes().partition(b"\n")[2])
    assert first.stdout.startswith("None\n") and "HrnSyntaxError 3:" in first.stdout
    second = _run(code, "nobuild", cache_dir=tmp_path)
    assert second.stdout == first.stdout and second.stderr == "", second.stderr
    # A damaged entry is rewritten, with one warning, and the same results.
    entry.write_text("garbage(", encoding="utf-8")
    third = _run(code, cache_dir=tmp_path)
    assert third.stdout == first.stdout
    assert third.stderr.startswith("hearts: warning: the cache entry ") and third.stderr.count("\n") == 1
    assert entry.read_bytes().startswith(cache.MAGIC)
    # An entry made from another grammar (or Lark, or Python) is replaced, silently.
    _restamp(entry)
    stale = _run(code, "nobuild", cache_dir=tmp_path)
    assert "RuntimeError" in stale.stderr              # (it had to build the parser again)
    fourth = _run(code, cache_dir=tmp_path)
    assert fourth.stdout == first.stdout and fourth.stderr == ""
    assert _run(code, "nobuild", cache_dir=tmp_path).stdout == first.stdout
    # No cache: nothing written, same result (the lark package builds the parser).
    none = tmp_path / "none"
    off = _run(code, HOME=str(none), XDG_CACHE_HOME=str(none), cache_dir=None)
    assert off.stdout == first.stdout
    assert not none.exists()


def test_cached_tables_parse_as_built_ones(tmp_path: Path) -> None:
    """The parser made from the cached tables and a parser built by the lark
    package read the same lines and word the same errors, line by line, on
    the samples and on broken lines."""
    code = (
        "import sys, json, pathlib\n"
        "from hearts_notation.io.hrn import lark_reader as lr\n"
        "out = []\n"
        "lines = [l for p in sorted(pathlib.Path('samples').glob('*.hrn'))\n"
        "         for l in p.read_text(encoding='utf-8').splitlines() if l.strip()]\n"
        "lines += ['1. S 2C W 5C N', '[Event \"x', 'pass N: QS KS', 'score N 3 E', 'deal 2 dealer',\n"
        "          'N: SAKQ.H.D.C', '1. S 2C W 5C N JC E 6C {x} ?! extra']\n"
        "for i, l in enumerate(lines, 1):\n"
        "    exc = lr.explain_line(l, i, ('N','E','S','W'))\n"
        "    out.append(f'{type(exc).__name__}: {exc}')\n"
        "print(json.dumps(out))\n")
    _run("from hearts_notation.io.hrn.lark_reader import parser; parser()", cache_dir=tmp_path)
    assert list(tmp_path.glob("lark-tables-py*.cache"))
    cached_run = _run(code, cache_dir=tmp_path)
    built = _run(code)
    assert cached_run.returncode == 0 and built.returncode == 0, cached_run.stderr + built.stderr
    assert cached_run.stdout == built.stdout and cached_run.stderr == ""
    assert "HrnSyntaxError" in built.stdout and "NoneType" in built.stdout


def test_preset_cache_follows_the_preset_files(tmp_path: Path) -> None:
    code = ("import sys\nfrom hearts_notation.rules import preset_rules\n"
            "r = preset_rules('openspiel'); print(r.hearts_broken_by, r.target)\n"
            "print('yaml' in sys.modules)")
    first = _run(code, cache_dir=tmp_path)
    assert first.stdout.splitlines() == ["any-heart 100", "True"]
    second = _run(code, cache_dir=tmp_path)
    assert second.stdout.splitlines() == ["any-heart 100", "False"]
    # An entry made from other preset texts (a preset edited since) is not
    # believed, even with its values changed and a digest that matches.
    [entry] = tmp_path.glob("presets-py*.cache")
    head, _, payload = entry.read_bytes().partition(b"\n")
    stored = json.loads(payload)
    stored["openspiel"]["target"] = 55
    entry.write_bytes(head + b"\n" + json.dumps(stored).encode("utf-8"))
    _restamp(entry)
    third = _run(code, cache_dir=tmp_path)
    assert third.stdout.splitlines() == ["any-heart 100", "True"] and third.stderr == ""


def test_cache_dir_follows_the_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv(cache.CACHE_ENV, str(tmp_path / "c"))
    assert cache.cache_dir() == str(tmp_path / "c")
    for off in ("", "0"):
        monkeypatch.setenv(cache.CACHE_ENV, off)
        assert cache.cache_dir() is None and cache.entry_path("x") is None
    monkeypatch.delenv(cache.CACHE_ENV)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache.cache_dir() == str(tmp_path / "xdg" / "hearts-notation")


def test_unwritable_cache_is_ignored(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv(cache.CACHE_ENV, str(blocked / "sub"))
    assert cache.trusted_dir() is None
    assert cache.cached("x", ["y"], lambda b: b.decode(), lambda: "built", str.encode) == "built"
    assert cache.read_entry("x", ["y"]) is None
