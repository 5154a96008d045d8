"""Helper lang28: French (and English) as a club reads it, round 28.

A narrow terminal first: rich broke a table's lines at any space, so a
French cell or title could open a line with ``: aucun point`` or ``%`` and
a grouped number (``1 948``, a narrow no-break space) could end one line
and start the next.  The program's console now keeps those spaces
(:func:`hearts_notation.render.breaks.kept`); the golden outputs below, taken
at 40 columns (20 for ``stats``), are the French commands that wrapped
wrong before.  Each test failed before its fix (docs/decisions.md, "French
as a club reads it, round 28 (helper lang28)").
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from hearts_notation.cli import cli
from tests.narrow_run import narrow

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = Path(__file__).resolve().parent / "data" / "lang28"

#: A line of a table (or of anything rich wrapped) that opens with a sign
#: French sets off with a space before it.
_OPENS_WITH_CLOSING = re.compile(r"(?m)(?:^|[│┃]) *[:;!?%»]")



NARROW = [
    # the rule sets' descriptions: "par défaut" / ": tout cœur", "kawu" / ": un cœur"
    ("rules-list.fr.txt", 40, ["rules", "--lang", "fr"]),
    # an unfinished deal's note: "inachevée" / ": aucun point"
    ("score-several.fr.txt", 40, ["score", "--lang", "fr", "samples/multi-game.hrn",
                                  "samples/three-players.hrn"]),
    # the rate of moons: "3,9" / "%"
    ("stats-samples.fr.txt", 20, ["stats", "--lang", "fr", "samples/"]),
]


@pytest.mark.parametrize(("golden", "columns", "args"), NARROW, ids=[c[0] for c in NARROW])
def test_a_narrow_french_table_never_opens_a_line_with_a_closing_sign(
        golden: str, columns: int, args: list[str], update_golden: bool,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The French output at a narrow terminal, byte for byte: no line of a
    table begins with ``:``, ``;``, ``%`` or ``»``."""
    got = narrow(args, columns, monkeypatch)
    path = GOLDEN / golden
    if update_golden:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(got, encoding="utf-8")
        return
    assert not _OPENS_WITH_CLOSING.search(got.split("\n", 2)[2]), got
    assert got == path.read_text(encoding="utf-8")


def test_the_ratings_header_keeps_mu_minus_three_sigma_on_one_line(
        update_golden: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """``standings --ratings`` at 40 columns: the header ``μ − 3σ`` was cut
    after its minus (and ``± σ`` could be), in both languages; the catalogs
    now join them with no-break spaces."""
    pytest.importorskip("openskill")
    args = ["standings", "--ratings", "--lang", "fr", "tests/data/match/duplicate.jsonl"]
    got = narrow(args, 40, monkeypatch)
    path = GOLDEN / "standings-ratings.fr.txt"
    if update_golden:
        path.write_text(got, encoding="utf-8")
        return
    assert "μ\u00a0−\u00a03σ" in got, got
    assert got == path.read_text(encoding="utf-8")


@pytest.mark.parametrize("width", [12, 14])
def test_a_grouped_number_is_never_cut_at_its_narrow_space(width: int) -> None:
    """A cell ``total 19 948`` (the count grouped the French way, U+202F)
    in a column narrower than the whole: before, rich left ``19`` on one
    line and ``948`` on the next (it measured and broke at any space)."""
    from hearts_notation.output import console
    from hearts_notation.render.fit import WordTable

    out = console(width=width, no_color=True)
    table = WordTable(show_header=False)
    table.add_column()
    table.add_row("total 19\u202f948")
    with out.capture() as captured:
        out.print(table)
    text = captured.get()
    assert "19\u202f948" in text, text


@pytest.mark.parametrize(("args", "width"), [
    (["--help"], 60),                       # "standings ... sur de nombreuses parties" / ": victoires"
    (["position", "--help"], 40),           # "(0 pour la fin de la donne" / ": la"
    (["score", "--help"], 80),              # "pour les programmes" / "; html pour"
    (["generate", "--help"], 100),          # "par défaut" / ": une nouvelle, notée"
])
def test_a_french_help_page_never_opens_a_line_with_a_closing_sign(
        args: list[str], width: int) -> None:
    """click wraps a help page at ordinary spaces, so French's spaced
    ``:``, ``;`` and ``»`` opened lines even at 80 columns; the page's
    text is the same, its lines broken elsewhere."""
    env = {"LANG": "fr_FR.UTF-8", "LC_ALL": "", "LC_MESSAGES": "", "LANGUAGE": ""}
    result = CliRunner().invoke(cli, args, prog_name="hearts", terminal_width=width, env=env)
    assert result.exit_code == 0, result.output
    opening = [line for line in result.output.splitlines() if re.match(r" *[:;!?%»]", line)]
    assert not opening, result.output
    assert "\ue000" not in result.output
    assert re.sub(r"\s+", " ", result.output).count(" : ") >= 1


@pytest.mark.parametrize(("sample", "columns"), [("canonical.hrn", 100), ("multi-game.hrn", 60),
                                                 ("observer.hrn", 100)])
def test_a_french_narration_never_opens_a_line_with_a_closing_sign(
        sample: str, columns: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """``replay --narrate`` wraps its paragraphs itself (textwrap, at the
    terminal's width up to 100): *Personne ne les a tous pris* / *:
    personne n'a fait capot*, *… ouverts* / *; les cœurs* before."""
    got = narrow(["replay", "--narrate", "--lang", "fr", f"samples/{sample}"], columns,
                  monkeypatch)
    lines = got.split("\n")[2:]
    assert not [line for line in lines if re.match(r" *[:;!?%»]", line)], got
    assert max(len(line) for line in lines) <= columns
    assert " : " in got


def test_the_rules_usage_line_names_its_argument_in_french() -> None:
    """``hearts rules --help`` in French: *Usage : hearts rules [OPTIONS]
    [NAME]*, the one metavar with no catalog word, while the page's own
    text says *hearts rules NOM*."""
    env = {"LANG": "fr_FR.UTF-8", "LC_ALL": "", "LC_MESSAGES": "", "LANGUAGE": ""}
    result = CliRunner().invoke(cli, ["rules", "--help"], prog_name="hearts", env=env)
    assert result.exit_code == 0, result.output
    assert result.output.startswith("Usage : hearts rules [OPTIONS] [NOM]\n"), result.output
    result = CliRunner().invoke(cli, ["rules", "--help"], prog_name="hearts",
                                env={**env, "LANG": "C"})
    assert result.output.startswith("Usage: hearts rules [OPTIONS] [NAME]\n"), result.output


def test_a_mistyped_option_s_suggestions_read_as_french() -> None:
    """click's *Did you mean one of: …?* said *Vouliez-vous dire l'une de :
    '--format', '--from' ?*, a *de* with no noun after it."""
    result = CliRunner().invoke(cli, ["validate", "--lang", "fr", "--fo", "x.hrn"])
    assert result.exit_code == 2
    said = result.output + (result.stderr if result.stderr_bytes is not None else "")
    assert "(Vouliez-vous dire l'une de celles-ci : '--format', '--from'" in said, said
