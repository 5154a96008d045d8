"""``hearts replay``: options, selection, exit codes, atomic HTML output."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from hearts_notation.cli import cli

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = str(ROOT / "samples" / "commented-example.hrn")
DATA = ROOT / "tests" / "data" / "replay"


def run(*args: str) -> tuple[int, str, str]:
    r = CliRunner().invoke(cli, ["replay", *args])
    return r.exit_code, r.stdout, r.stderr


def test_terminal_replay_exit_0() -> None:
    code, out, _ = run(SAMPLE)
    assert code == 0
    assert "Deal 1" in out and "13." in out and "Score" in out


def test_narrate_french() -> None:
    code, out, _ = run(SAMPLE, "--narrate", "--lang", "fr")
    assert code == 0
    text = " ".join(out.split())
    assert "Bo a le 2♣ et entame le premier pli" in text
    assert "les cœurs sont ouverts" in text


def test_findings_exit_1_and_shown() -> None:
    code, out, _ = run(str(DATA / "findings.hrn"))
    assert code == 1
    assert "[revoke]" in out and "[score-mismatch]" in out


def test_deal_and_game_selection() -> None:
    multi = str(ROOT / "samples" / "multi-game.hrn")
    code, out, _ = run(multi, "--game", "1", "--deal", "2")
    assert code == 0
    assert "Deal 2" in out and "Deal 1 " not in out
    code, _, err = run(multi, "--game", "99")
    assert code == 2 and "no game 99" in err
    code, _, err = run(SAMPLE, "--deal", "7")
    assert code == 2 and "no deal 7" in err


def test_unusable_input_exit_2(tmp_path: Path) -> None:
    code, _, err = run(str(tmp_path / "missing.hrn"))
    assert code == 2 and "no such file" in err
    code, _, err = run(SAMPLE, "--rules", "nonsense-preset")
    assert code == 2 and "--rules" in err
    code, _, _ = run(SAMPLE, "--lang", "de")
    assert code == 2


def test_step_is_ignored_without_a_terminal() -> None:
    code, out, err = run(SAMPLE, "--step")
    assert code == 0 and "13." in out and "any key" not in err


def test_html_written_atomically(tmp_path: Path) -> None:
    out = tmp_path / "replay.html"
    out.write_text("old", encoding="utf-8")
    code, _, err = run(SAMPLE, "--html", str(out), "--lang", "fr")
    assert code == 0 and f"{out} écrit" in err   # the run speaks French
    page = out.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and 'lang="fr"' in page
    assert not list(tmp_path.glob(".replay.html.*"))     # no temporary file left behind
    # An unwritable destination fails cleanly and leaves nothing half-written.
    code, _, err = run(SAMPLE, "--html", str(tmp_path / "no" / "dir" / "x.html"))
    assert code == 2 and "cannot write" in err


def test_rules_option_for_records_without_a_rules_tag(tmp_path: Path) -> None:
    text = (DATA / "three-players.hrn").read_text(encoding="utf-8")
    bare = tmp_path / "bare.hrn"
    bare.write_text("\n".join(ln for ln in text.splitlines() if not ln.startswith("[Rules")),
                    encoding="utf-8")
    code, out, _ = run(str(bare), "--rules", "three-players")
    assert code == 0 and "17." in out


def test_html_language_from_the_record_or_lang(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "page.html"
    annotated = str(DATA / "commented-annotated.hrn")      # has [Language "fr"]
    assert run(annotated, "--html", str(out))[0] == 0
    assert 'lang="fr"' in out.read_text(encoding="utf-8")
    assert run(annotated, "--html", str(out), "--lang", "en")[0] == 0
    assert 'lang="en"' in out.read_text(encoding="utf-8")
    assert run(SAMPLE, "--html", str(out))[0] == 0           # no Language tag: the locale's, else en
    assert 'lang="en"' in out.read_text(encoding="utf-8")
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    assert run(SAMPLE, "--html", str(out))[0] == 0
    assert 'lang="fr"' in out.read_text(encoding="utf-8")


def test_html_with_annotate_report(tmp_path: Path) -> None:
    out = tmp_path / "page.html"
    code, _, err = run(str(DATA / "commented-annotated.hrn"), "--html", str(out),
                       "--analysis", str(DATA / "commented-annotated.json"))
    assert code == 0, err
    page = out.read_text(encoding="utf-8")
    assert '"epl":"3,2"' in page and '"best":"AC"' in page
    # Unusable reports and a report without a page: exit 2, one clear line.
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    code, _, err = run(SAMPLE, "--html", str(out), "--analysis", str(bad))
    assert code == 2 and "bad.json" in err and "Traceback" not in err
    bad.write_text('{"deals": []}', encoding="utf-8")
    code, _, err = run(SAMPLE, "--html", str(out), "--analysis", str(bad))
    assert code == 2 and "games" in err
    code, _, err = run(SAMPLE, "--html", str(out), "--analysis", str(tmp_path / "missing.json"))
    assert code == 2 and err == f"hearts: {tmp_path / 'missing.json'}: no such file\n"
    code, _, err = run(SAMPLE, "--analysis", str(DATA / "commented-annotated.json"))
    assert code == 2 and "--html" in err
