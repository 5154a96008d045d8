"""``hearts validate``: exit codes, the text form and the JSON report of spec §6."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from hearts_notation.cli import cli
from hearts_notation.generate import generate_games
from hearts_notation.io.jsonio import dumps_jsonl

DATA = Path(__file__).parent / "data" / "referee"


def run(*args: str, input: str | bytes | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, ["validate", *args], input=input)
    return result.exit_code, result.stdout, result.stderr


def test_clean_record_exits_0() -> None:
    code, out, err = run(str(DATA / "valid.hrn"))
    assert code == 0, out + err
    assert "1 file, 1 game, 2 deals: 1 valid game; 0 errors, 0 warnings, 0 infos" in out


def test_error_is_compiler_style_with_caret_and_exits_1() -> None:
    code, out, _ = run(str(DATA / "revoke.hrn"))
    assert code == 1
    lines = out.splitlines()
    head = next(i for i, text in enumerate(lines) if "[revoke]" in text)
    assert lines[head].endswith("revoke.hrn:13:16: error: N played 6♦ on a ♣ lead while holding "
                                "K♣ Q♣ 7♣ 6♣ and 1 more [revoke]")
    assert lines[head + 1].strip() == "1. S 2C W 9C N 6D E AC"
    assert lines[head + 2].index("^") == lines[head + 1].index("6D")
    assert "\x1b[" not in out   # no colour when not a terminal


def test_warnings_and_infos_exit_0() -> None:
    code, out, _ = run(str(DATA / "dealer-rotation.hrn"), str(DATA / "seed-004-observer.hrn"))
    assert code == 0
    assert "warning:" in out and "info:" in out


def test_json_report_is_exactly_spec_section_6(tmp_path: Path) -> None:
    code, out, _ = run("--format", "json", str(DATA / "valid.hrn"), str(DATA / "revoke.hrn"),
                       str(DATA / "dealer-rotation.hrn"))
    assert code == 1
    doc = json.loads(out)
    assert list(doc) == ["summary", "games"]
    assert doc["summary"] == {"files": 3, "games": 3, "deals": 6, "valid_games": 2, "errors": 1,
                              "warnings": 1, "infos": 0,
                              "codes": {"dealer-rotation": 1, "revoke": 1}}
    g = doc["games"][1]
    assert list(g) == ["source", "index", "line", "valid", "findings", "deals", "finished", "winners",
                       "players", "seats"]
    assert g["source"].endswith("revoke.hrn") and g["index"] == 1 and g["line"] == 1
    assert g["findings"] == [{"code": "revoke", "severity": "error", "deal": 1, "trick": 1, "seat": "N",
                              "card": "6D", "line": 13, "column": 16,
                              "message": "N played 6♦ on a ♣ lead while holding K♣ Q♣ 7♣ 6♣ and 1 more"}]
    assert g["deals"][0] == {"number": 1, "points": {"N": 0, "E": 3, "S": 23, "W": 0}, "moon": None,
                             "totals": {"N": 0, "E": 3, "S": 23, "W": 0}}
    assert g["finished"] is False and g["winners"] == []


def test_directory_is_searched_recursively(tmp_path: Path) -> None:
    sub = tmp_path / "a" / "b"
    sub.mkdir(parents=True)
    (sub / "one.hrn").write_text((DATA / "valid.hrn").read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "notes.txt.bak").write_text("ignored", encoding="utf-8")
    code, out, _ = run("--format", "json", str(tmp_path))
    assert code == 0 and json.loads(out)["summary"]["files"] == 1


def test_unreadable_input_is_reported_and_the_others_still_checked(tmp_path: Path) -> None:
    binary = tmp_path / "x.hrn"
    binary.write_bytes(b"\x00\x01binary")
    code, out, err = run("--format", "json", str(tmp_path / "missing.hrn"), str(binary),
                         str(DATA / "revoke.hrn"))
    assert code == 2
    assert "missing.hrn: no such file" in err and "binary" in err
    assert "Traceback" not in err
    doc = json.loads(out)
    assert doc["summary"]["files"] == 1 and doc["summary"]["errors"] == 1


def test_not_utf8_exits_2(tmp_path: Path) -> None:
    f = tmp_path / "latin.hrn"
    f.write_bytes('[Event "Café"]\n'.encode("latin-1"))
    code, _, err = run(str(f))
    assert code == 2 and "not UTF-8" in err


def test_stdin(tmp_path: Path) -> None:
    text = (DATA / "revoke.hrn").read_text(encoding="utf-8")
    code, out, _ = run("-", input=text)
    assert code == 1
    assert "-:13:16: error:" in out and "1. S 2C W 9C N 6D E AC" in out
    code, out, _ = run("--format", "json", "-", input=text)
    assert json.loads(out)["games"][0]["source"] == "-"


def test_jsonl_bad_line_is_a_finding_and_the_next_line_is_checked(tmp_path: Path) -> None:
    games = list(generate_games(2, seed=3))
    lines = dumps_jsonl(games).splitlines()
    f = tmp_path / "c.jsonl"
    f.write_text("\n".join([lines[0], '{"deals": [', lines[1]]) + "\n", encoding="utf-8")
    code, out, _ = run("--format", "json", str(f))
    assert code == 1
    doc = json.loads(out)
    assert [g["valid"] for g in doc["games"]] == [True, False, True]
    assert doc["games"][1]["findings"][0]["code"] == "syntax-error"
    assert doc["games"][1]["line"] == 2


def test_jobs_give_the_same_report(tmp_path: Path) -> None:
    f = tmp_path / "c.jsonl"
    f.write_text(dumps_jsonl(list(generate_games(40, seed=5, rules="kawu"))), encoding="utf-8")
    one = run("--format", "json", "--jobs", "1", str(f), str(DATA / "revoke.hrn"))
    two = run("--format", "json", "--jobs", "2", str(f), str(DATA / "revoke.hrn"))
    assert one == two and one[0] == 1


def test_rules_options() -> None:
    code, _, err = run("--rules", "nope", str(DATA / "valid.hrn"))
    assert code == 2 and "valid presets" in err
    code, _, err = run("--force-rules", str(DATA / "valid.hrn"))
    assert code == 2
    # the tag wins without --force-rules, --rules wins with it
    assert run(str(DATA / "queen-does-not-open-hearts.hrn"), "--rules", "standard")[0] == 0
    assert run(str(DATA / "queen-does-not-open-hearts.hrn"), "--rules", "standard",
               "--force-rules")[0] == 1


def test_rules_apply_to_records_without_a_tag(tmp_path: Path) -> None:
    text = (DATA / "three-players.hrn").read_text(encoding="utf-8").replace('[Rules "three-players"]\n', "")
    f = tmp_path / "t.hrn"
    f.write_text(text, encoding="utf-8")
    assert run(str(f))[0] == 1                       # read as standard: 4 seats expected
    assert run("--rules", "three-players", str(f))[0] == 0


def test_quiet_prints_errors_only() -> None:
    code, out, _ = run("--quiet", str(DATA / "seed-004-observer.hrn"), str(DATA / "revoke.hrn"))
    assert code == 1
    assert "error:" in out and "info:" not in out and "valid game" not in out


def test_bad_command_line_exits_2() -> None:
    assert run()[0] == 2
    assert run("--format", "xml", str(DATA / "valid.hrn"))[0] == 2


def test_samples_validate() -> None:
    samples = Path(__file__).parent.parent / "samples"
    code, out, err = run(str(samples))
    assert code == 0, out + err


def test_broken_json_document_is_a_syntax_error_not_unreadable(tmp_path: Path) -> None:
    f = tmp_path / "bad.json"
    f.write_text('[{"deals": []},\n {"deals": [}]\n', encoding="utf-8")
    code, out, err = run("--format", "json", str(f))
    assert code == 1 and not err
    finding = json.loads(out)["games"][-1]["findings"][0]
    assert (finding["code"], finding["line"], finding["column"]) == ("syntax-error", 2, 13)
