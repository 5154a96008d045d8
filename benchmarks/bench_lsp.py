"""How fast ``hearts lsp`` answers an edit (issue 28: within 200 ms for a 20-deal game).

    python benchmarks/bench_lsp.py [--quick]

The document is one game of 20 deals as a French scorer types it (French
words, ranks and suit symbols, a ``{comment}`` on every trick: the reader's
slow case), and a file of 30 such games.  An edit changes one card of one
trick, as a keystroke would.

* **analysis CPU**: the server's work after an edit (the document cut into
  games, in the game the edit touched the deal it touched read and refereed
  and the game-wide checks made, the rest taken from the cache), CPU time
  of this process, median of the edits; anchor:
  ``validate_text`` of the whole document, the library checking it once.
* **round trip**: a real client over stdio (pygls's ``LanguageClient``)
  sends ``didChange`` and waits for ``publishDiagnostics``, wall clock,
  median and worst of the edits; the server's pause for typing (the
  debounce, 0.1 s by default) is set to 0 here and comes on top.  Anchor:
  in the same session, a tag changed (``[Lieu ...]``), after which every
  deal is read and refereed again: the whole game checked, through the
  same server and client.  Measured with the server in pure Python, and
  again with the compiled core when it is built beside the sources
  (``pip install -e .`` without ``HEARTS_NOTATION_PURE``).
"""

from __future__ import annotations

import asyncio
import os
import re
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from rows import row1 as _row
from rows import switches

from hearts_notation.api import validate_text
from hearts_notation.editor.document import Checker
from hearts_notation.generate import generate_games
from hearts_notation.io import dumps

Row = dict[str, Any]
TARGET_MS = 200.0


def _load() -> str:
    try:
        return "load average " + " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return ""


def _core() -> str:
    return "pure Python" if os.environ.get("HEARTS_NOTATION_PURE") else "core as installed"


def french_games(count: int, deals: int = 20) -> str:
    """*count* generated games of *deals* deals, written in French as a
    scorer types them: a comment on every trick."""
    games = list(generate_games(count, seed=28, rules="standard target=1000", max_deals=deals))
    text = dumps(games, "hrn", unicode=True, lang="fr")
    return re.sub(r"^(\d+)\. ", r"\1. {noté} ", text, flags=re.M)


def edits(text: str, n: int) -> list[tuple[int, int, str, str]]:
    """*n* one-card edits: (line, column, old card, new card) on trick lines
    spread over the document (the card swapped for another of its suit)."""
    lines = text.split("\n")
    tricks = [i for i, line in enumerate(lines) if re.match(r"\d+\. ", line)]
    out = []
    for k in range(n):
        i = tricks[(k * 37) % len(tricks)]
        m = list(re.finditer(r"(?<= )(10|[2-9VDRA])([♠♥♦♣])", lines[i]))[-1]
        new = ("2" if m.group(1) != "2" else "3") + m.group(2)
        out.append((i, m.start(), m.group(0), new))
    return out


def _apply(text: str, edit: tuple[int, int, str, str]) -> str:
    lines = text.split("\n")
    i, col, old, new = edit
    lines[i] = lines[i][:col] + new + lines[i][col + len(old):]
    return "\n".join(lines)


def analysis_cpu(text: str, count: int) -> tuple[float, float]:
    """Median CPU ms of the server's analysis after an edit, and of
    ``validate_text`` on the edited document (the anchor)."""
    checker = Checker()
    checker.analyse(text)
    mine, whole = [], []
    for edit in edits(text, count):
        changed = _apply(text, edit)
        t0 = time.process_time()
        checker.analyse(changed)
        t1 = time.process_time()
        validate_text(changed)
        t2 = time.process_time()
        mine.append(1000 * (t1 - t0))
        whole.append(1000 * (t2 - t1))
        checker.analyse(text)          # back, for the next edit
    return statistics.median(mine), statistics.median(whole)


async def _round_trips(text: str, count: int, pure: bool) -> tuple[list[float], list[float]]:
    """Wall ms from ``didChange`` to ``publishDiagnostics``: for *count*
    card edits (each made, then undone), and for as many tag edits (the
    anchor: every deal checked again), the server in pure Python or with
    the compiled core."""
    from lsprotocol import types
    from pygls.lsp.client import LanguageClient

    client = LanguageClient("bench-lsp", "1")
    published = asyncio.Event()

    @client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def _published(params: types.PublishDiagnosticsParams) -> None:
        published.set()

    env = {k: v for k, v in os.environ.items() if k != "HEARTS_NOTATION_PURE"}
    if pure:
        env["HEARTS_NOTATION_PURE"] = "1"
    await client.start_io(sys.executable, "-m", "hearts_notation", "lsp", env=env)
    await client.initialize_async(types.InitializeParams(
        capabilities=types.ClientCapabilities(), locale="fr",
        initialization_options={"debounce": 0}))
    client.initialized(types.InitializedParams())
    uri = "file:///bench/partie.hrn"
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=uri, language_id="hrn", version=1, text=text)))
    await published.wait()
    version = 1
    current = text

    async def change(step: tuple[int, int, str, str]) -> float:
        nonlocal version, current
        i, col, old, new = step
        version += 1
        units = len(current.split("\n")[i][:col].encode("utf-16-le")) // 2
        published.clear()
        t0 = time.perf_counter()
        client.text_document_did_change(types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
            content_changes=[types.TextDocumentContentChangePartial(
                range=types.Range(start=types.Position(line=i, character=units),
                                  end=types.Position(line=i, character=units + len(old))),
                text=new)]))
        await published.wait()
        current = _apply(current, step)
        return 1000 * (time.perf_counter() - t0)

    cards = []
    for edit in edits(text, count):
        for step in (edit, (edit[0], edit[1], edit[3], edit[2])):     # the card changed, then back
            cards.append(await change(step))
    lines = text.split("\n")
    tag = next(i for i, line in enumerate(lines) if line.startswith("[Lieu "))
    col = lines[tag].index('"') + 1
    tags = []
    for k in range(count):
        old = "hearts-notation" if k % 2 == 0 else "le club"
        new = "le club" if k % 2 == 0 else "hearts-notation"
        tags.append(await change((tag, col, old, new)))
    await client.shutdown_async(None)
    client.exit(None)
    await client.stop()
    return cards, tags


def _compiled_available() -> bool:
    """Whether a server started without ``HEARTS_NOTATION_PURE`` runs the
    compiled core (built beside the sources and current)."""
    import subprocess

    env = {k: v for k, v in os.environ.items() if k != "HEARTS_NOTATION_PURE"}
    done = subprocess.run([sys.executable, "-c", "import hearts_notation._compiled as c; "
                           "print(c.description())"], env=env, capture_output=True, text=True)
    return done.stdout.strip().startswith("core: compiled")


def run(quick: bool = False) -> list[Row]:
    rows: list[Row] = []
    one = french_games(1)
    many = french_games(4 if quick else 30)
    n = 5 if quick else 20
    deals_one = one.count("\ndonne ") + one.startswith("donne ")
    cpu, anchor = analysis_cpu(one, n)
    rows.append(_row(f"one edit in a {deals_one}-deal game: analysis", cpu, "ms CPU",
                     "validate_text of the whole document", anchor, f"<= {TARGET_MS:.0f} ms",
                     f"French, a comment on every trick; median of {n} edits; {_core()}; {_load()}"))
    games = many.count("[Événement")
    cpu, anchor = analysis_cpu(many, n)
    rows.append(_row(f"one edit in a file of {games} such games: analysis", cpu, "ms CPU",
                     "validate_text of the whole document", anchor, "only the game edited is checked",
                     f"median of {n} edits"))
    try:
        import pygls  # noqa: F401
    except ImportError:
        return rows
    for pure in (True, False):
        if not pure and not _compiled_available():
            break
        core = "pure Python" if pure else "compiled core"
        cards, tags = asyncio.run(_round_trips(one, n, pure))
        rows.append(_row(f"didChange to publishDiagnostics, {deals_one}-deal game, a card ({core})",
                         statistics.median(cards), "ms wall",
                         "a tag changed: every deal checked again", statistics.median(tags),
                         f"<= {TARGET_MS:.0f} ms",
                         f"median; pygls client over stdio, debounce 0 (0.1 s by default comes on top); "
                         f"{len(cards)} card edits, worst {max(cards):.0f} ms; {len(tags)} tag edits, "
                         f"worst {max(tags):.0f} ms; {_load()}"))
    return rows


def main() -> None:
    rows = run(quick=switches(__doc__, "--quick")["--quick"])
    print(f"{'benchmark':62} {'value':>9}  {'unit':8} {'anchor':>8} {'ratio':>7}  target")
    for r in rows:
        print(f"{r['name']!s:62} {r['value']!s:>9}  {r['unit']!s:8} {r['anchor_value']!s:>8} "
              f"{r['ratio']!s:>7}  {r['target']}")


if __name__ == "__main__":
    main()
