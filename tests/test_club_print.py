"""Printable score sheets: HTML escaping, and one A4 page per game when
printed to PDF by headless Chromium (skipped without chromium or poppler)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from hearts_notation.cli import cli

ROOT = Path(__file__).resolve().parents[1]
EVENING = ROOT / "samples" / "club" / "soiree-du-vendredi.hrn"
DRAFT = ROOT / "tests" / "data" / "club" / "soiree-brouillon.hrn"


def run(*args: str) -> tuple[int, str]:
    r = CliRunner().invoke(cli, list(args))
    return r.exit_code, r.stdout + (r.stderr or "")


HOSTILE = ('[Event "<script>alert(1)</script>"]\n[Rules "standard target=10"]\n'
           '[North "<b>Anne</b>"] [East "Bruno & Co"] [South "\\"Chloé\\""] [West "Denis"]\n\n'
           "deal 1\nscore N 0 E 13 S 13 W 0\n")


def test_record_text_is_escaped(tmp_path: Path) -> None:
    src = tmp_path / "x.hrn"
    src.write_text(HOSTILE, encoding="utf-8")
    for cmd in (["score", str(src), "--format", "html"], ["standings", str(src), "--format", "html"]):
        code, out = run(*cmd)
        assert code == 0, out
        assert "<script>" not in out and "<b>Anne" not in out
        assert "&lt;b&gt;Anne&lt;/b&gt;" in out and "Bruno &amp; Co" in out
    code, out = run("score", str(src), "--format", "html")
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in out


def test_sheet_marks_moons_and_findings(tmp_path: Path) -> None:
    code, out = run("score", str(DRAFT), "--format", "html")
    assert code == 1
    assert out.count('<section class="sheet') == 3
    assert 'class="flagged"' in out and "[2]" in out and "recorded as 24, but 10 + 4 = 14" in out
    assert "Yann (E)&#x27;s total after deal 3" in out          # names first
    assert 'class="moon"' in out and "☾ Yann: others +26" in out
    assert "@page { size: A4" in out and "break-after: page" in out


def _print(html: Path, pdf: Path) -> None:
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None or shutil.which("pdftotext") is None or shutil.which("pdfinfo") is None:
        pytest.skip("needs chromium and poppler-utils (pdftotext, pdfinfo)")
    try:
        subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu",
                        "--disable-background-networking", "--no-pdf-header-footer",
                        f"--user-data-dir={pdf.parent / 'profile'}",
                        f"--print-to-pdf={pdf}", html.as_uri()],
                       check=True, capture_output=True, timeout=180)
    except (subprocess.CalledProcessError, subprocess.TimeoutExpired) as exc:
        pytest.skip(f"chromium could not print here: {exc}")
    assert pdf.exists() and pdf.stat().st_size > 1000


def _info(pdf: Path) -> dict[str, str]:
    out = subprocess.run(["pdfinfo", str(pdf)], check=True, capture_output=True, text=True).stdout
    return {k.strip(): v.strip() for k, v in (line.split(":", 1) for line in out.splitlines() if ":" in line)}


def _text(pdf: Path, page: int) -> str:
    return subprocess.run(["pdftotext", "-layout", "-f", str(page), "-l", str(page), str(pdf), "-"],
                          check=True, capture_output=True, text=True).stdout


def test_print_to_pdf_one_a4_page_per_game(tmp_path: Path) -> None:
    html = tmp_path / "sheets.html"
    code, _out = run("score", str(DRAFT), "--format", "html", "-o", str(html))
    assert code == 1 and html.exists()
    pdf = tmp_path / "sheets.pdf"
    _print(html, pdf)
    info = _info(pdf)
    assert info["Pages"] == "3"
    w, h = (float(x) for x in re.findall(r"[\d.]+", info["Page size"])[:2])
    assert abs(w - 595) < 2 and abs(h - 842) < 2          # A4 in points
    code, out = run("score", str(DRAFT), "--format", "json")
    games = json.loads(out)["games"]
    for page, g in enumerate(games, 1):
        event = f"partie {page}"
        final = next(d["totals"] for d in g["deals"] if min(d["totals"].values()) >= 0
                     and max(d["totals"].values()) >= (50 if page == 3 else 100))
        w = g["winners"]
        names = [f"{g['players'][s]}" for s in w]
        winner = f"{names[0]} wins with {final[w[0]]}" if len(w) == 1 else " and ".join(names)
        text = _text(pdf, page)
        assert f"Club de Brest — {event}" in text and winner in text
        others = {"partie 1", "partie 2", "partie 3"} - {event}
        assert not any(f"Club de Brest — {o}" in text for o in others)
    first = _text(pdf, 1)
    assert "Camille (N)" in first and "Yann (E)" in first and "☾ Yann: others +26" in first
    assert "recorded as 24, but 10 + 4 = 14" in first


def test_print_standings_to_one_page(tmp_path: Path) -> None:
    html = tmp_path / "standings.html"
    code, _ = run("standings", str(ROOT / "samples" / "club"), "--format", "html", "-o", str(html),
                  "--title", "Saison 2025")
    assert code == 0
    pdf = tmp_path / "standings.pdf"
    _print(html, pdf)
    assert _info(pdf)["Pages"] == "1"
    text = _text(pdf, 1)
    assert "Saison 2025" in text and "Head to head" in text and "Clémence" in text
