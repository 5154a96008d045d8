"""The help pages in the run's language, from the catalogs (issue 24).

Every text of a page is a catalog id resolved when the page is formatted
(:class:`hearts_notation.clickwords.HelpCommand`): the English pages are the
ones click printed before (golden files pinned before the change), and a
French run (``--lang fr``, or a French locale) reads a wholly French page.
All in process (CliRunner): a page costs a few milliseconds.
"""

from __future__ import annotations

import re
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from hearts_notation.app import COMMANDS, cli
from hearts_notation.i18n import catalog

GOLDEN = Path(__file__).parent / "data" / "help24" / "golden"
FRENCH_SHEET = str(Path(__file__).parent.parent / "samples" / "feuille-en-francais.hrn")
ENGLISH = {"LANG": "C", "LC_ALL": "", "LC_MESSAGES": "", "LANGUAGE": ""}
FRENCH = {"LANG": "fr_FR.UTF-8", "LC_ALL": "", "LC_MESSAGES": "", "LANGUAGE": ""}


def _page(args: list[str], env: dict[str, str], width: int = 80) -> str:
    result = CliRunner().invoke(cli, args, prog_name="hearts", terminal_width=width, env=env)
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize(("args", "env", "golden"), [
    (["--help"], ENGLISH, "hearts.en.txt"),
    (["score", "--help"], ENGLISH, "score.en.txt"),
    (["--help"], FRENCH, "hearts.fr.txt"),
    (["score", "--lang", "fr", "--help"], ENGLISH, "score.fr.txt"),
    (["score", "--help", "--lang=fr"], ENGLISH, "score.fr.txt"),     # --help is eager
    (["score", "--help"], FRENCH, "score.fr.txt"),                   # the locale's language
    (["score", "--lang", "en", "--help"], FRENCH, "score.en.txt"),   # --lang wins
    (["score", FRENCH_SHEET, "--help"], ENGLISH, "score.fr.txt"),    # a French record's
])
def test_page_matches_its_golden_file(args: list[str], env: dict[str, str], golden: str) -> None:
    assert _page(args, env) == (GOLDEN / golden).read_text(encoding="utf-8")


def test_a_french_page_leaves_the_english_one_as_it_was() -> None:
    """The page's texts are swapped for their words while it is formatted
    and back afterwards: a French page does not leak into the next one."""
    _page(["score", "--help"], FRENCH)
    _page(["--help"], FRENCH)
    assert _page(["score", "--help"], ENGLISH) == (GOLDEN / "score.en.txt").read_text(encoding="utf-8")
    assert _page(["--help"], ENGLISH) == (GOLDEN / "hearts.en.txt").read_text(encoding="utf-8")


def _words(text: str) -> str:
    return " ".join(text.split())


def _commands() -> list[tuple[str, click.Command]]:
    ctx = click.Context(cli)
    out = []
    for name in COMMANDS:
        command = cli.get_command(ctx, name)
        assert command is not None
        out.append((name, command))
    return out


@pytest.mark.parametrize("name", list(COMMANDS))
def test_every_text_of_a_page_is_a_catalog_id(name: str) -> None:
    """A help text given to click as English words would stay English on a
    French page: every description, short line and option help (and its
    ``[default: ...]`` words) is an id both catalogs have."""
    command = dict(_commands())[name]
    en, fr = catalog("en"), catalog("fr")
    texts = [command.help, COMMANDS[name][1]]
    for param in command.params:
        if isinstance(param, click.Option):
            texts.append(param.help)
            if isinstance(param.show_default, str):
                texts.append(param.show_default)
    for text in texts:
        assert text is not None and text.startswith("help."), (name, text)
        assert text in en and text in fr, (name, text)


@pytest.mark.parametrize("name", list(COMMANDS))
def test_no_english_left_on_a_french_page(name: str) -> None:
    """The French page of every command has none of the English page's
    sentences (compared as runs of words: the lines wrap differently)."""
    french = _words(_page([name, "--help"], FRENCH, width=200))
    english = _page([name, "--help"], ENGLISH, width=200)
    assert "Usage : " in french and "Options :" in french
    en, fr = catalog("en"), catalog("fr")
    said = [key for key in en if key.startswith(("help.", "click."))
            and _words(en[key]) in _words(english) and en[key] != fr[key]]
    assert said                                     # (the English page is made of them)
    for key in said:
        sentence = _words(en[key])
        if len(sentence.split()) >= 3:              # ("Options", "FILE": compared below)
            assert sentence not in french, (name, key)
    for word in ("Usage:", "Options:", "Show this message", "default:", "[OPTIONS] FILE"):
        assert word not in french, (name, word)
    # every upper-case word on the usage line (a metavar) has French words
    page = _page([name, "--help"], FRENCH, width=200).splitlines()
    shown = [page[0]] + [line.strip().split("  ")[0] for line in page if line.startswith("  -")]
    for metavar in re.findall(r"\b[A-Z][A-Z_]+(?: RANGE)?\b", " ".join(shown)):
        key = f"help.metavar.{metavar}"
        assert key not in en or fr[key] == metavar, (name, metavar)


def test_the_help_ids_of_the_catalogs_agree() -> None:
    """Both catalogs have the same help ids (tests/test_i18n_catalogs.py
    checks every id; this names the page's own)."""
    en = {k for k in catalog("en") if k.startswith("help.")}
    fr = {k for k in catalog("fr") if k.startswith("help.")}
    assert en == fr and len(en) > 150


def test_shell_completion_describes_in_words() -> None:
    """Click's shell completion shows an option's help and a command's line
    beside each choice: words of the run's language, never an id."""
    from hearts_notation.clickwords import remember_arguments

    remember_arguments(["--lang", "fr"])
    try:
        ctx = click.Context(cli, info_name="hearts")
        commands = {item.value: item.help for item in cli.shell_complete(ctx, "sc")}
        assert commands == {"score": catalog("fr")["help.score.short"]}
        score = cli.get_command(ctx, "score")
        assert score is not None
        options = {item.value: item.help
                   for item in score.shell_complete(click.Context(score), "--for")}
        assert options == {"--format": catalog("fr")["help.score.fmt_out"],
                           "--force-rules": catalog("fr")["help.common.force_rules"]}
    finally:
        remember_arguments([])
