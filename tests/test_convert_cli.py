"""``hearts convert`` through click's test runner: formats, stdin/stdout,
exit codes, and the all-or-nothing promise on syntax errors."""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from hearts_notation.cli import cli
from hearts_notation.commands.convert import default_output_format
from hearts_notation.generate import random_game
from hearts_notation.io import dumps, iter_games_text
from hearts_notation.io.hrn.writer import dumps_hrn
from hearts_notation.model import Game
from hearts_notation.rules import RuleError, load_rules, parse_rules

SAMPLES = Path(__file__).resolve().parent.parent / "samples"


def games(n: int = 2, preset: str = "standard", seed: int = 1) -> list[Game]:
    rng = random.Random(seed)
    return [random_game(parse_rules(preset), rng, deals=2) for _ in range(n)]


def run(*args: str, input: str | bytes | None = None):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(cli, ["convert", *args], input=input, catch_exceptions=False)


def test_json_to_hrn_on_stdout_by_default(tmp_path: Path) -> None:
    gs = games()
    src = tmp_path / "g.json"
    src.write_text(dumps(gs, "json"), encoding="utf-8")
    r = run(str(src))
    assert r.exit_code == 0, r.output
    assert r.stdout == dumps_hrn(gs)


@pytest.mark.parametrize("ext,fmt", [(".json", "json"), (".jsonl", "jsonl"), (".yaml", "yaml"),
                                     (".hrn", "hrn")])
def test_format_from_output_extension(tmp_path: Path, ext: str, fmt: str) -> None:
    gs = games()
    src = tmp_path / "g.json"
    src.write_text(dumps(gs, "json"), encoding="utf-8")
    out = tmp_path / f"out{ext}"
    r = run(str(src), "-o", str(out))
    assert r.exit_code == 0, r.output
    assert r.stdout == ""
    assert out.read_text(encoding="utf-8") == dumps(gs, fmt)


def test_to_overrides_extension_and_stdin_stdout() -> None:
    gs = games(1)
    r = run("-", "--from", "json", "--to", "yaml", input=dumps(gs, "json"))
    assert r.exit_code == 0, r.output
    back = list(iter_games_text(r.stdout, "yaml", "-"))
    assert back == gs


def test_unicode_and_french_output(tmp_path: Path) -> None:
    gs = games(1)
    src = tmp_path / "g.yaml"
    src.write_text(dumps(gs, "yaml"), encoding="utf-8")
    r = run(str(src), "--to", "hrn", "--unicode")
    assert r.exit_code == 0
    assert r.stdout == dumps_hrn(gs, unicode=True)
    fr = run(str(src), "--lang", "fr")
    assert fr.exit_code == 0
    assert fr.stdout == dumps_hrn(gs, unicode=True, lang="fr")
    assert "♠" in fr.stdout


def test_french_with_ascii_is_a_usage_error(tmp_path: Path) -> None:
    src = tmp_path / "g.json"
    src.write_text(dumps(games(1), "json"), encoding="utf-8")
    r = run(str(src), "--lang", "fr", "--ascii")
    assert r.exit_code == 2
    assert "--lang fr" in r.stderr


def test_rules_option_fills_games_without_rules(tmp_path: Path) -> None:
    g = games(1, "kawu")[0]
    data = dumps([Game(tags=g.tags, deals=g.deals)], "json")
    src = tmp_path / "g.json"
    src.write_text(data, encoding="utf-8")
    r = run(str(src), "--rules", "kawu")
    assert r.exit_code == 0
    assert '[Rules "kawu"]' in r.stdout
    # A record that has its own rules keeps them.
    src.write_text(dumps([g], "json"), encoding="utf-8")
    r = run(str(src), "--rules", "short")
    assert '[Rules "kawu"]' in r.stdout


def test_bad_rules_option(tmp_path: Path) -> None:
    src = tmp_path / "g.json"
    src.write_text(dumps(games(1), "json"), encoding="utf-8")
    r = run(str(src), "--rules", "nope")
    assert r.exit_code == 2
    assert "unknown rules preset" in r.stderr


def test_rules_spec_of_a_yaml_file(tmp_path: Path) -> None:
    f = tmp_path / "club.yaml"
    f.write_text("base: standard\njack_of_diamonds: -10\ntarget: 50\n", encoding="utf-8")
    # --rules arrives as a RuleSet (commands/options.py); what convert
    # writes into a record is its portable spec.
    spec = load_rules(str(f)).portable_spec
    expected = parse_rules("standard jack_of_diamonds=-10 target=50")
    assert parse_rules(spec).to_mapping() == expected.to_mapping()
    assert load_rules("kawu target=50").portable_spec == "kawu target=50"
    with pytest.raises(RuleError):
        load_rules("kawu target=x")


def test_default_output_format() -> None:
    assert default_output_format("hrn", None) == "json"
    assert default_output_format("json", None) == "hrn"
    assert default_output_format("yaml", "-") == "hrn"
    assert default_output_format("hrn", "x.yml") == "yaml"
    assert default_output_format("json", "x.txt") == "hrn"


def test_broken_json_game_writes_nothing_and_keeps_the_output(tmp_path: Path) -> None:
    good = json.loads(dumps(games(1), "json"))
    bad = {"deals": [{"number": 1, "tricks": [{"plays": [{"seat": "N", "card": "ZZ"}]}]}]}
    src = tmp_path / "g.json"
    src.write_text(json.dumps([good, bad, {"deals": 7}]), encoding="utf-8")
    out = tmp_path / "out.hrn"
    out.write_text("precious\n", encoding="utf-8")
    r = run(str(src), "-o", str(out))
    assert r.exit_code == 2
    assert out.read_text(encoding="utf-8") == "precious\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.json", "out.hrn"]  # no temp file left
    assert "'ZZ' is not a card" in r.stderr
    assert "game 3" in r.stderr  # every error, not only the first
    assert "2 syntax errors" in r.stderr
    assert r.stdout == ""


def test_broken_json_on_stdout_prints_nothing() -> None:
    r = run("-", "--from", "json", input='{"deals": [')
    assert r.exit_code == 2
    assert r.stdout == ""
    assert r.stderr.startswith("-:1:")


def test_unusable_inputs(tmp_path: Path) -> None:
    r = run(str(tmp_path / "missing.json"))
    assert r.exit_code == 2 and "no such file" in r.stderr
    binary = tmp_path / "x.hrn"
    binary.write_bytes(b"\x00\x01\x02")
    r = run(str(binary))
    assert r.exit_code == 2 and "binary" in r.stderr
    empty = tmp_path / "e.json"
    empty.write_text("[]", encoding="utf-8")
    r = run(str(empty))
    assert r.exit_code == 2 and "no game" in r.stderr


def test_bad_format_choice_is_a_usage_error(tmp_path: Path) -> None:
    r = run("x.hrn", "--to", "pdf")
    assert r.exit_code == 2


def test_unwritable_output(tmp_path: Path) -> None:
    src = tmp_path / "g.json"
    src.write_text(dumps(games(1), "json"), encoding="utf-8")
    r = run(str(src), "-o", str(tmp_path / "no" / "such" / "dir.hrn"))
    assert r.exit_code == 2
    assert "cannot write" in r.stderr


BROKEN_HRN = """[Event "one"]

deal 1 dealer N pass left
1. S 2C W 9C N KX E 3C

[Event "two"]

deal 1
1. N ZZ
"""


def test_hrn_syntax_errors_are_all_reported_with_carets(tmp_path: Path) -> None:
    src = tmp_path / "broken.hrn"
    src.write_text(BROKEN_HRN, encoding="utf-8")
    out = tmp_path / "out.json"
    out.write_text('{"precious": true}\n', encoding="utf-8")
    r = run(str(src), "-o", str(out))
    assert r.exit_code == 2
    assert out.read_text(encoding="utf-8") == '{"precious": true}\n'
    assert sorted(p.name for p in tmp_path.iterdir()) == ["broken.hrn", "out.json"]
    lines = r.stderr.splitlines()
    assert lines[0].startswith(f"{src}:4:16: error: ") and lines[0].endswith("[syntax-error]")
    assert lines[1] == "    1. S 2C W 9C N KX E 3C"
    assert lines[2] == "    " + " " * 15 + "^"
    assert any(line.startswith(f"{src}:9:6: error: ") for line in lines)
    assert lines[-1] == f"hearts: 2 syntax errors in {src}; nothing written"


def test_hrn_on_stdin_to_json_on_stdout() -> None:
    text = (SAMPLES / "canonical.hrn").read_text(encoding="utf-8")
    r = run("-", input=text)
    assert r.exit_code == 0, r.output
    back = list(iter_games_text(r.stdout, "json", "-"))
    assert dumps_hrn(back) == text
    bad = run("-", input=BROKEN_HRN)
    assert bad.exit_code == 2 and bad.stdout == ""
    assert "-:4:16:" in bad.stderr and "    1. S 2C W 9C N KX E 3C" in bad.stderr


def test_text_json_text_through_the_cli(tmp_path: Path) -> None:
    for name in ("canonical.hrn", "multi-game.hrn", "partie-francaise.hrn"):
        src = SAMPLES / name
        j = tmp_path / (name + ".json")
        h = tmp_path / (name + ".hrn")
        assert run(str(src), "-o", str(j)).exit_code == 0
        assert run(str(j), "-o", str(h)).exit_code == 0
        first = h.read_text(encoding="utf-8")
        assert run(str(h), "-o", str(j)).exit_code == 0
        assert run(str(j), "-o", str(h)).exit_code == 0
        assert h.read_text(encoding="utf-8") == first
        if name != "partie-francaise.hrn":
            assert first == src.read_text(encoding="utf-8")


def test_output_over_its_own_input(tmp_path: Path) -> None:
    src = tmp_path / "g.hrn"
    shutil.copy(SAMPLES / "partie-francaise.hrn", src)
    r = run(str(src), "-o", str(src), "--to", "hrn")
    assert r.exit_code == 0
    assert src.read_text(encoding="utf-8") == dumps_hrn(list(iter_games_text(
        (SAMPLES / "partie-francaise.hrn").read_text(encoding="utf-8"), "hrn", "x")))


def test_openspiel_history_export_errors_exit_2(tmp_path: Path) -> None:
    r = run(str(SAMPLES / "observer.hrn"), "--to", "openspiel-history")
    assert r.exit_code == 2
    assert "hand" in r.stderr and r.stdout == ""
    ok = run(str(SAMPLES / "canonical.hrn"), "--to", "openspiel-history")
    # (a standard record replays in hearts(qs_breaks_hearts=False): its game string first)
    assert ok.exit_code == 0 and ok.stdout.startswith("hearts(qs_breaks_hearts=False)\n[")
