"""``hearts fmt``: rewrite HRN records in canonical form, like black.

Without options the canonical text goes to stdout; ``--check`` only says
which files would change (exit 1 if any); ``--in-place`` rewrites the files
that change, each through a temporary file and a rename.

Every file is read and parsed before anything is written: if any file has
a syntax error (or cannot be read), every error is printed, nothing at all
is written (no stdout text, no file rewritten) and the exit status is 2
(docs/spec.md, section 6: "they never leave a partial output").

Files (and standard input) are read as a stream, a game at a time, by
:func:`hearts_notation.formatting.format_file` (the service, shared with
the editor): the canonical texts are written out once every file is known
good.  Memory does not grow with the size of a file (``docs/robustness.md``).
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import click

from ..clickwords import HelpCommand
from ..folders import folder_files
from ..formatting import HELD_IN_MEMORY, Formatted, format_file
from ..i18n import current_language, msg, translate
from ..io import InputError, input_format, write_atomic_iter
from ..io.stream import is_directory
from ..output import message, safe
from ..rules import RuleSet
from ._common import fail, fail_output, named_once, tell_passed
from .convert import text_options
from .options import lang_option, rules_options
from .report import FmtReport


def hrn_paths(args: tuple[str, ...]) -> Iterator[str]:
    """Files to format: named files as given, directories searched
    recursively for ``.hrn`` files as every command searches a folder
    (:func:`hearts_notation.folders.folder_files`: sorted, hidden files
    and folders skipped)."""
    for arg in args:
        if arg != "-" and is_directory(arg):
            passed: list[str] = []
            found = folder_files(arg, (".hrn",), passed)
            tell_passed(passed)
            if not found:
                raise InputError(arg, msg("input.no_hrn"))
            yield from found
        else:
            yield arg


@click.command("fmt", cls=HelpCommand, help="help.fmt",
               context_settings={"help_option_names": ["-h", "--help"]})
@click.argument("files", nargs=-1, required=True, metavar="FILE...")
@click.option("--check", is_flag=True,
              help="help.fmt.check")
@click.option("--in-place", "-i", "in_place", is_flag=True,
              help="help.fmt.in_place")
@click.option("--unicode/--ascii", "unicode", default=None,
              help="help.fmt.unicode")
@lang_option("help.fmt.lang",
             from_locale=False)
@rules_options(force=False, help="help.fmt.rules")
@click.option("-q", "--quiet", is_flag=True, help="help.fmt.quiet")
def command(files: tuple[str, ...], check: bool, in_place: bool, unicode: bool | None,
            lang: str | None, rules: RuleSet | None, quiet: bool) -> FmtReport:
    """``hearts fmt``: its page (what it does, its options) is the
    catalogs' ``help.fmt`` and ``help.fmt.*``, in the run's language."""
    if check and in_place:
        fail(translate(current_language(), "cli.check_in_place"))
    use_unicode, lang, spec = text_options(lang, unicode, rules)

    report = FmtReport(check=check)
    try:
        paths = list(named_once(hrn_paths(files)))
    except InputError as exc:
        fail(exc.text(current_language()))
    results: list[Formatted] = []
    budget = [HELD_IN_MEMORY]
    #: each file to rewrite as it was when its reading began (file_state)
    seen: dict[str, tuple[int, ...] | None] = {}
    try:
        for path in paths:
            kind = input_format(path)
            if kind != "hrn":
                message(translate(current_language(), "fmt.hrn_only", path=safe(path), format=kind))
                report.failed += 1
                continue
            if in_place and path != "-":
                seen[path] = file_state(path)
            done = format_file(path, spec, use_unicode, lang, not check and not report.failed,
                               budget)
            if not done.ok:
                for error in done.errors:
                    message(error)
                report.failed += 1
                # Nothing will be written: the canonical texts held so far go.
                for earlier in results:
                    earlier.discard()
                continue
            if in_place and not done.changed and done.path != "-":
                done.discard()
            results.append(done)
            if check and done.changed and not quiet:
                message(translate(current_language(), "fmt.would", path=safe(path)))

        report.changed = sum(1 for done in results if done.changed)
        report.unchanged = len(results) - report.changed
        report.findings = report.changed if check else 0
        for done in results:
            if done.changed and done.path in seen and file_state(done.path) != seen[done.path]:
                # (an editor saved it while it was read: the canonical text
                # of the old one would have replaced the edit without a word)
                message(translate(current_language(), "fmt.changed_meanwhile", path=safe(done.path)))
                report.changed -= 1
                report.failed += 1
        if report.failed:
            message(translate(current_language(), "fmt.nothing_written", line=report.line()))
            return report
        if check:
            if not quiet:
                message(report.line())
            return report
        if in_place:
            for done in results:
                if done.path == "-":
                    write_atomic_iter("-", done.blocks())
                elif done.changed:
                    try:
                        write_atomic_iter(done.path, done.blocks())
                    except OSError as exc:
                        fail_output(exc, done.path)
                    if not quiet:
                        message(translate(current_language(), "fmt.reformatted", path=done.path))
            if not quiet:
                message(report.line())
            return report
        write_atomic_iter("-", _joined(results))
        return report
    finally:
        for done in results:
            done.discard()


def file_state(path: str) -> tuple[int, ...] | None:
    """What tells a file's contents changed without reading it again: its
    device, inode (a file replaced by a rename, as editors save), size and
    modification time; ``None`` when it cannot be looked at (gone)."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)


def _joined(results: list[Formatted]) -> Iterator[str]:
    """The canonical texts of every input, one blank line apart."""
    for k, done in enumerate(results):
        if k:
            yield "\n"
        yield from done.blocks()
