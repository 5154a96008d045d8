"""The shared command-line options (hearts_notation/commands/options.py):
the same name, type and error in every command, values arriving typed."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from hearts_notation.cli import COMMANDS, cli
from hearts_notation.commands.options import INPUT_FORMAT_NAMES
from hearts_notation.i18n import locale_language
from hearts_notation.io import INPUT_FORMATS
from hearts_notation.rules import RuleSet

SAMPLE = str(Path(__file__).parent / "data" / "referee" / "valid.hrn")


def test_input_format_names_match_the_readers() -> None:
    assert tuple(INPUT_FORMAT_NAMES) == tuple(INPUT_FORMATS)


@pytest.mark.parametrize(("env", "lang"), [
    ({}, "en"),
    ({"LANG": "fr_FR.UTF-8"}, "fr"),
    ({"LANG": "fr_FR.UTF-8", "LC_MESSAGES": "en_GB.UTF-8"}, "en"),
    ({"LANG": "en_US.UTF-8", "LC_ALL": "fr_CA.UTF-8"}, "fr"),
    ({"LC_ALL": "", "LANG": "fr_BE@euro"}, "fr"),
    ({"LANG": "C"}, "en"),
    ({"LANG": "POSIX"}, "en"),
    ({"LANG": "de_DE.UTF-8"}, "en"),
])
def test_locale_language(env: dict[str, str], lang: str) -> None:
    assert locale_language(env) == lang


def test_every_command_has_lang() -> None:
    runner = CliRunner()
    for name in COMMANDS:
        result = runner.invoke(cli, [name, "--help"])
        assert result.exit_code == 0, name
        assert "--lang" in result.output, name


def test_rules_option_arrives_as_a_ruleset(monkeypatch: pytest.MonkeyPatch) -> None:
    import hearts_notation.commands.validate as validate

    seen: list[object] = []
    real = validate.iter_reports

    def spy(paths, fmt, rules, force, jobs=1, progress=None, engine=None, **kwargs):  # type: ignore[no-untyped-def]
        seen.append(rules)
        return real(paths, fmt, rules, force, jobs, progress, engine, **kwargs)

    monkeypatch.setattr(validate, "iter_reports", spy)
    result = CliRunner().invoke(cli, ["validate", "-j", "1", "--rules", "standard target=50", SAMPLE])
    assert result.exit_code == 0, result.output
    assert isinstance(seen[0], RuleSet) and seen[0].target == 50


@pytest.mark.parametrize("name", ["validate", "score", "stats", "replay", "annotate", "hint"])
def test_bad_rules_and_force_without_rules_are_usage_errors(name: str) -> None:
    runner = CliRunner()
    bad = runner.invoke(cli, [name, "--rules", "nope", SAMPLE])
    assert bad.exit_code == 2 and "valid presets" in bad.output and "--rules" in bad.output
    lone = runner.invoke(cli, [name, "--force-rules", SAMPLE])
    assert lone.exit_code == 2 and "--force-rules needs --rules" in lone.output


def test_jobs_zero_means_every_core() -> None:
    from hearts_notation.commands.options import _jobs
    from hearts_notation.runners.pool import default_jobs

    assert _jobs(None, None, 0) == default_jobs()  # type: ignore[arg-type]
    assert _jobs(None, None, 3) == 3  # type: ignore[arg-type]


def test_lang_default_follows_the_locale(tmp_path: object) -> None:
    runner = CliRunner()
    fr = runner.invoke(cli, ["replay", "--narrate", SAMPLE], env={"LC_ALL": "fr_FR.UTF-8"})
    en = runner.invoke(cli, ["replay", "--narrate", SAMPLE], env={"LC_ALL": "C"})
    explicit = runner.invoke(cli, ["replay", "--narrate", "--lang", "fr", SAMPLE], env={"LC_ALL": "C"})
    assert fr.exit_code == en.exit_code == explicit.exit_code == 0
    assert fr.output == explicit.output != en.output
