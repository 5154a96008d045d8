"""Helper lang29: French (and English) as a club reads it, round 29.

lang28's leftovers, each fixed at its source: an analysis reason's count of
deals grouped the language's way (« 2 048 donnes simulées »); seconds with
the language's decimal mark (« 2,5 s »); West counted once by ``stats``
over English and French records; sentences (``hint``'s advice, the worlds
line) wrapped by the program at words rather than cut by the terminal.
Each test failed before its fix (docs/decisions.md, "French as a club
reads it, round 29 (helper lang29)")."""

from __future__ import annotations

import json
import os
import re
import threading
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from click.testing import CliRunner
from lsp_frames import FrameCapture

from hearts_notation.analysis.explain import PlayFacts, explain_play
from hearts_notation.cards import mask_of, parse_card
from hearts_notation.cli import cli
from hearts_notation.editor import server as lsp
from hearts_notation.i18n import render, translate
from tests.narrow_run import narrow

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = Path(__file__).resolve().parent / "data" / "lang29"


def _m(*cards: str) -> int:
    return mask_of(parse_card(t) for t in cards)


@pytest.mark.parametrize(("worlds", "en", "fr"), [
    (2048, "(2,048 sampled deals)", "(2\u202f048 donnes simulées)"),
    (1, "(1 sampled deal)", "(1 donne simulée)"),
])
def test_an_analysis_reason_counts_its_deals_the_language_s_way(
        worlds: int, en: str, fr: str) -> None:
    """The reason from the simulations said *(2048 donnes simulées)* (and
    *1 sampled deals*): the count is a counted message now, grouped and
    in the singular or plural as each language says it."""
    f = PlayFacts(seat="W", card=parse_card("9C"), best=parse_card("2C"), epl=2.5, dd_loss=3,
                  hand=_m("9C", "2C"), legal=_m("9C", "2C"),
                  trick=(("S", parse_card("5D")),), queen_out=False, worlds=worlds)
    assert en in explain_play(f).text
    assert fr in explain_play(f, "fr").text


def test_a_solve_node_limit_is_grouped() -> None:
    """``solve --max-nodes 5000`` past its limit: *plus de 5000 nœuds*
    before, « 5 000 » now (and "5,000")."""
    runner = CliRunner()
    for lang, shown in (("fr", "5\u202f000"), ("en", "5,000")):
        result = runner.invoke(cli, ["solve", "--lang", lang, "--max-nodes", "5000",
                                     str(ROOT / "samples" / "observer.hrn")])
        assert result.exit_code == 2, result.output
        said = result.output + (result.stderr if result.stderr_bytes is not None else "")
        assert f" {shown} " in said, said


@pytest.mark.parametrize(("x", "en", "fr"), [
    (2.5, "2.5", "2,5"), (30.0, "30", "30"), (0.25, "0.25", "0,25"),
    (1800.75, "1,800.75", "1\u202f800,75"), (1e-05, "0.00001", "0,00001"),
])
def test_seconds_are_shown_with_the_language_s_decimal_mark(x: float, en: str, fr: str) -> None:
    """A number with decimals as a message argument (the seconds of a Dask
    wait, of a stalled editor message): *2.5* in French before."""
    from hearts_notation.i18n import decimal

    assert render("en", "engine.no_workers", {"address": "a", "seconds": decimal(x)}).count(
        f" {en} s ") == 1
    assert render("fr", "engine.no_workers", {"address": "a", "seconds": decimal(x)}).count(
        f" {fr} s ") == 1
    # (a finding's arguments go through JSON: the value survives it)
    assert tuple(json.loads(json.dumps(decimal(x)))) == decimal(x)


def test_a_dask_wait_says_its_seconds_in_french() -> None:
    """No worker within ``--wait-workers 2.5``: *en 2.5 s* before."""
    pytest.importorskip("distributed")
    from hearts_notation.runners.dask_engine import DaskEngine
    from hearts_notation.runners.errors import EngineUnavailable

    def never(*_args: Any, **_kwargs: Any) -> None:
        raise TimeoutError

    fake = SimpleNamespace(client=SimpleNamespace(wait_for_workers=never), address="tcp://h:8786")
    with pytest.raises(EngineUnavailable) as caught:
        DaskEngine._check_workers(fake, 2.5)  # type: ignore[arg-type]
    assert "aucun worker Dask ne s'est joint en 2,5 s" in caught.value.text("fr")
    assert "within 2.5 s" in caught.value.text("en")


class _HangUp(FrameCapture):
    """The editor's end of the pipe: closed once the server has answered."""

    def __init__(self, fd: int) -> None:
        super().__init__()
        self.fd: int | None = fd
        self.timer = threading.Timer(5.0, self.hang_up)
        self.timer.start()

    def write(self, data: bytes) -> None:
        super().write(data)
        self.hang_up()

    def hang_up(self) -> None:
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None
        self.timer.cancel()


def test_a_stalled_editor_message_says_its_seconds_in_french() -> None:
    """A body that stops coming, told to a French editor: *rien pendant
    0.05 secondes* before."""
    body = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "initialize",
                       "params": {"capabilities": {}}}).encode()
    read_fd, write_fd = os.pipe()
    os.write(write_fd, b"Content-Length: %d\r\n\r\n" % (len(body) + 30) + body)
    editor = _HangUp(write_fd)
    with os.fdopen(read_fd, "rb", buffering=0) as source:
        server = lsp.build("fr")
        server.protocol.set_writer(editor)
        reader = lsp.FrameReader(source, 1 << 20, server, stall=0.05)
        assert reader.message() is None
    editor.hang_up()
    (refusal,) = editor.frames()
    assert "puis rien pendant 0,05 secondes" in refusal["error"]["message"], refusal


def _stats(args: list[str]) -> str:
    result = CliRunner().invoke(cli, ["stats", *args], catch_exceptions=False,
                                env={"COLUMNS": "100", "NO_COLOR": "1", "TERM": "dumb"})
    assert result.exit_code == 0, result.output
    return result.output


_MIXED = [str(ROOT / "samples" / "partie-francaise.hrn"), str(ROOT / "samples" / "canonical.hrn")]


@pytest.mark.parametrize(("lang", "west"), [("fr", "O"), ("en", "W")])
def test_stats_counts_west_once_over_english_and_french_records(lang: str, west: str) -> None:
    """A French record's West is ``O``, an English one's ``W``: the seats
    table listed both (W 10 deals, O 2); now one row of 12, labelled the
    output language's way.  The JSON keeps the records' own names, as its
    schema says (``$defs.seat``: "the record's own names; never translated")."""
    out = _stats(["--lang", lang, *_MIXED])
    assert re.search(rf"│ {west} +│ +12 │ +77 │", out), out
    assert not re.search(r"│ [WO] +│ +(10|2) │", out), out
    doc = json.loads(_stats(["--format", "json", *_MIXED]))
    assert set(doc["seats"]) == {"N", "E", "S", "W", "O"}
    assert doc["seats"]["W"]["deals"] + doc["seats"]["O"]["deals"] == 12
    # A corpus with a table whose own seats are named otherwise (``O`` may then
    # be anyone): its rows stay as written, West is not guessed.
    from hearts_notation.commands.stats import render_tables

    row = {"deals": 1, "points": 2, "average_points": 2.0, "queen_taken": 0, "moons": 0,
           "wins": 0}
    doc["seats"] = {s: row for s in ("Ann", "W", "O")}
    (seats,) = [t for t in render_tables(doc, lang) if t.title == translate(lang, "stats.seats")]
    assert [*seats.columns[0].cells] == ["Ann", "W", "O"]



def test_hint_s_advice_wraps_at_words_in_french_at_40_columns(
        update_golden: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """``hint``'s head line, advice and worlds line were printed whole and
    cut by the terminal at its last column (*ne devra* / *it pas*); the
    program wraps them at words now, never before « : » or « ; », with no
    space left at a line's end."""
    args = ["hint", "--fast", "--seed", "1", "--lang", "fr", "tests/data/hint/club-night-trick-6.hrn"]
    got = narrow(args, 40, monkeypatch)
    path = GOLDEN / "hint-club-night.fr.txt"
    if update_golden:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(got, encoding="utf-8")
        return
    lines = got.split("\n")[2:]
    assert max(len(line) for line in lines) <= 40, got
    assert not [line for line in lines if re.match(r" *[:;!?%»]", line) or line.endswith(" ")], got
    assert got == path.read_text(encoding="utf-8")
