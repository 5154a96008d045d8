"""``hearts fmt``: rewrite HRN records in canonical form, like black.

Without options the canonical text goes to stdout; ``--check`` only says
which files would change (exit 1 if any); ``--in-place`` rewrites the files
that change, each through a temporary file and a rename.

Every file is read and parsed before anything is written: if any file has
a syntax error (or cannot be read), every error is printed, nothing at all
is written (no stdout text, no file rewritten) and the exit status is 2
(docs/spec.md, section 6: "they never leave a partial output").
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import click

from ..i18n import current_language, msg, translate
from ..io import InputError, format_for, write_atomic
from ..io.hrn.notes import keep_notes
from ..io.hrn.writer import dumps_hrn
from ..output import message
from ..rules import RuleSet
from ._common import fail, fail_output
from .convert import Loaded, load, text_options
from .options import lang_option, rules_options
from .report import FmtReport


def hrn_paths(args: tuple[str, ...]) -> Iterator[str]:
    """Files to format: named files as given, directories searched
    recursively for ``.hrn`` files (sorted, hidden files skipped)."""
    for arg in args:
        p = Path(arg)
        if arg != "-" and p.is_dir():
            found = sorted(
                str(f) for f in p.rglob("*.hrn")
                if f.is_file() and not any(part.startswith(".") for part in f.parts[len(p.parts):])
            )
            if not found:
                raise InputError(arg, msg("input.no_hrn"))
            yield from found
        else:
            yield arg


@click.command("fmt", context_settings={"help_option_names": ["-h", "--help"]})
@click.argument("files", nargs=-1, required=True, metavar="FILE...")
@click.option("--check", is_flag=True,
              help="Write nothing; exit 1 and name the files that are not canonical.")
@click.option("--in-place", "-i", "in_place", is_flag=True,
              help="Rewrite the files that change (atomically); '-' still goes to stdout.")
@click.option("--unicode/--ascii", "unicode", default=None,
              help="Suit symbols and 10 (--unicode) or canonical ASCII QS TH (--ascii, the default).")
@lang_option("fr writes the French ranks R D V (roi, dame, valet); implies --unicode.",
             from_locale=False)
@rules_options(force=False, help="Rules assumed for records without a Rules tag, to resolve "
               "implied seats (not written into the record).")
@click.option("-q", "--quiet", is_flag=True, help="No summary; errors only.")
def command(files: tuple[str, ...], check: bool, in_place: bool, unicode: bool | None,
            lang: str, rules: RuleSet | None, quiet: bool) -> FmtReport:
    """Rewrite HRN records (FILE... or '-' for stdin) in canonical form.

    \b
    Examples:
      hearts fmt game.hrn                 print the canonical text
      hearts fmt --check samples/         exit 1 if a file would change
      hearts fmt --in-place games/*.hrn   rewrite the files that change
      hearts fmt --unicode --lang fr partie.hrn

    Directories are searched for .hrn files. A file with a syntax error is
    reported (file:line:col, the line and a caret) and then nothing is
    written at all; the exit status is 2.
    """
    if check and in_place:
        fail(translate(current_language(), "cli.check_in_place"))
    use_unicode, spec = text_options(lang, unicode, rules)

    results: list[tuple[Loaded, str]] = []
    report = FmtReport(check=check)
    try:
        paths = list(hrn_paths(files))
    except InputError as exc:
        fail(exc.text(current_language()))
    for path in paths:
        if path != "-" and format_for(path) != "hrn":
            message(translate(current_language(), "fmt.hrn_only", path=path,
                              format=format_for(path)))
            report.failed += 1
            continue
        loaded = load(path, "hrn", spec)
        if not loaded.ok:
            for error in loaded.errors:
                message(error)
            report.failed += 1
            continue
        # The ';' notes go back next to their elements (io/hrn/notes.py).
        new = keep_notes(loaded.text, loaded.games,
                         dumps_hrn(loaded.games, unicode=use_unicode, lang=lang))
        results.append((loaded, new))
        if check and new.encode("utf-8") != loaded.data and not quiet:
            message(translate(current_language(), "fmt.would", path=path))

    report.changed = sum(1 for loaded, new in results if new.encode("utf-8") != loaded.data)
    report.unchanged = len(results) - report.changed
    report.findings = report.changed if check else 0
    if report.failed:
        message(translate(current_language(), "fmt.nothing_written", line=report.line()))
        return report
    if check:
        if not quiet:
            message(report.line())
        return report
    if in_place:
        for loaded, new in results:
            if loaded.path == "-":
                write_atomic("-", new)
            elif new.encode("utf-8") != loaded.data:
                try:
                    write_atomic(loaded.path, new)
                except OSError as exc:
                    fail_output(exc, loaded.path)
                if not quiet:
                    message(translate(current_language(), "fmt.reformatted", path=loaded.path))
        if not quiet:
            message(report.line())
        return report
    write_atomic("-", "\n".join(new for _, new in results))
    return report
