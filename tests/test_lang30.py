"""Helper lang30: English and French as read, round 30.

lang29's leftovers, each fixed at its source: ``solve``'s text wrapped by
the program (its cards-and-values list aligned, a tie's note hanging under
itself); ``annotate``'s numbered reasons hanging under their text; a
generated bot's seat said once in its label; an ISO ``Date`` tag read as
a date in words.  Each test failed on main a8df6538 (docs/decisions.md,
"French as a club reads it, round 30 (helper lang30)")."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from rich.console import Console

from hearts_notation.render.breaks import print_paragraph
from tests.narrow_run import narrow

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = Path(__file__).resolve().parent / "data" / "lang30"


def _golden(name: str, got: str, update: bool) -> None:
    path = GOLDEN / name
    if update:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(got, encoding="utf-8")
        return
    assert got == path.read_text(encoding="utf-8")


def _fits(got: str, columns: int) -> None:
    """Every line of the output (past the command and its status) within
    *columns*, none opening with a closing sign nor ending with a space."""
    lines = got.split("\n")[2:]
    assert max(len(line) for line in lines) <= columns, got
    assert not [line for line in lines if re.match(r" *[:;!?%»]", line)], got
    assert not [line for line in lines if line.endswith(" ")], got


@pytest.mark.parametrize("columns", [40, 80])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_solve_s_text_is_wrapped_by_the_program(
        lang: str, columns: int, update_golden: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """``solve``'s text was written whole: the position's line (*Pli 9,
    carte 1 : à Cleo (O) de jouer ; chaque carte …*, 91 columns) and the
    tie notes ran past a narrow terminal's edge.  Wrapped at words now, the
    cards and values in aligned columns, a tie's note hanging under itself."""
    got = narrow(["solve", "--trick", "9", "--lang", lang, "samples/observer.hrn"], columns,
                 monkeypatch)
    _fits(got, columns)
    _golden(f"solve-observer-9.{lang}.{columns}.txt", got, update_golden)


@pytest.mark.parametrize("columns", [40, 80])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_replay_s_comments_hang_under_themselves(
        lang: str, columns: int, update_golden: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """``replay``'s comments (the game's, a deal's, a pass's, a card's)
    were printed whole: cut by the terminal mid-word, their next lines at
    column 0.  Wrapped at words now, under the comment's start; the passes'
    table no longer cuts its heads (*don…*, *reç…* at 40 columns) and is
    titled *Échanges* in French, as ``stats`` and ``annotate`` call them."""
    got = narrow(["replay", "--lang", lang, "samples/commented-example.hrn"], columns, monkeypatch)
    comments = [line for line in got.split("\n") if re.match(r" {3}[NO]: | {5}[NESO] \S+ {2}", line)]
    assert comments and all(len(line) <= columns for line in comments), got
    assert "…" not in got
    assert ("Échanges\n" in got) == (lang == "fr")
    _golden(f"replay-commented.{lang}.{columns}.txt", got, update_golden)


def test_a_paragraph_hangs_under_its_head() -> None:
    """A numbered reason of ``annotate`` (and a card's value in ``solve``)
    followed by a sentence: its next lines start under the sentence, not
    at column 0; beside a head too wide for a sentence, at column 0."""
    console = Console(width=30, record=True, color_system=None, force_terminal=False)
    sentence = "Priya (S), dernière à jouer, a fourni 2♠ sous le 8 ; R♠ prenait le pli"
    print_paragraph(console, sentence, head="12. ")
    assert console.export_text() == (
        "12. Priya (S), dernière à\n"
        "    jouer, a fourni 2♠ sous le\n"
        "    8 ; R♠ prenait le pli\n")
    print_paragraph(console, sentence, head=" " * 20)
    assert console.export_text().split("\n")[1] == "dernière à jouer, a fourni 2♠"


@pytest.mark.parametrize(("lang", "west", "turn"), [
    ("en", "W heuristic", "Deal 1, trick 6: heuristic (S) to play"),
    ("fr", "O heuristic", "Donne 1, pli 6 : à heuristic (S) de jouer"),
])
def test_a_generated_bot_s_seat_is_said_once(lang: str, west: str, turn: str) -> None:
    """``hearts generate`` names its bots ``heuristic S``: beside the seat
    they read *heuristic S (S)*, *S heuristic S*, and in French *O
    heuristic W* (the seat twice, in two languages).  The seat once now,
    the record's names kept as written."""
    from click.testing import CliRunner

    from hearts_notation.cli import cli
    from hearts_notation.i18n import name_beside_seat
    from hearts_notation.presentation import Presentation

    game = ROOT / "tests" / "data" / "position" / "game.hrn"
    out = CliRunner().invoke(cli, ["replay", "--lang", lang, str(game)],
                             env={"COLUMNS": "100", "NO_COLOR": "1"}).output
    assert f"{west}\n" in out.split("\n", 2)[1] + "\n", out
    assert "heuristic W" not in out.split("\n\n", 1)[0], out
    svg = CliRunner().invoke(cli, ["diagram", "--lang", lang, str(game), "--deal", "1",
                                   "--trick", "6", "--card", "3"]).output
    assert turn in svg
    pres = Presentation(lang, ("N", "E", "S", "W"), {"S": "heuristic S", "N": "Ann S"})
    assert pres.who("S") == "heuristic (S)"
    assert pres.who("N") == "Ann S (N)"          # another seat's letter is part of a name
    assert name_beside_seat("S", "S") == "S"
    assert name_beside_seat("Le S", "S") == "Le"


@pytest.mark.parametrize(("typed", "en", "fr"), [
    ("2026-11-16", "16 November 2026", "16 novembre 2026"),
    ("2025.09.01", "1 September 2025", "1er septembre 2025"),
    ("2026-02-30", "2026-02-30", "2026-02-30"),                 # no such day: as typed
    ("dimanche 16 novembre", "dimanche 16 novembre", "dimanche 16 novembre"),
    ("2026-11", "2026-11", "2026-11"),
])
def test_a_date_tag_is_read_as_a_date(typed: str, en: str, fr: str) -> None:
    """A ``Date`` tag was shown as typed: *2025.11.16* in a French
    replay's header and score sheet.  A calendar date is shown in words;
    free-form dates as typed, and the record keeps the tag as written."""
    from hearts_notation.i18n import date_text

    assert date_text("en", typed) == en
    assert date_text("fr", typed) == fr


def test_a_french_replay_and_score_sheet_say_the_date_in_words(tmp_path: Path) -> None:
    """``replay`` and ``score --format html`` of the French sample."""
    from click.testing import CliRunner

    from hearts_notation.cli import cli

    sample = str(ROOT / "samples" / "partie-francaise.hrn")
    head = CliRunner().invoke(cli, ["replay", "--lang", "fr", sample],
                              env={"COLUMNS": "100", "NO_COLOR": "1"}).output.split("\n")[0]
    assert head == "Partie du dimanche · Brest · 16 novembre 2025"
    sheet = tmp_path / "sheet.html"
    CliRunner().invoke(cli, ["score", "--lang", "fr", "--format", "html", "-o", str(sheet), sample])
    assert '<p class="meta">16 novembre 2025 · Brest' in sheet.read_text(encoding="utf-8")


def test_a_card_a_verb_plays_takes_its_article_in_french() -> None:
    """*Margaret (N) a entamé 3♣ … ; D♦ valait mieux*, *a fourni 2♠ sous
    le 8*: the card a verb takes had no article where the same sentence
    says *sous le 8*.  Now « a entamé le 3♣ », « l'A♠ », « la D♠ »;
    English unchanged."""
    from hearts_notation.analysis.explain import PlayFacts, explain_play, le_card
    from hearts_notation.cards import mask_of, parse_card

    def m(*cards: str) -> int:
        return mask_of(parse_card(t) for t in cards)

    assert [le_card(int(parse_card(x)), "fr") for x in ("AS", "QS", "3C", "TD")] == [
        "l'A♠", "la D♠", "le 3♣", "le 10♦"]
    assert le_card(int(parse_card("QS")), "en") == "Q♠"
    f = PlayFacts(seat="W", card=parse_card("6S"), best=parse_card("QS"), epl=2.5, dd_loss=3,
                  hand=m("6S", "QS", "5C"), legal=m("6S", "QS"), trick=(("S", parse_card("JS")),),
                  queen_out=False, out=m("AS", "KS", "2C"), worlds=100)
    assert explain_play(f, "fr").text.startswith("O a fourni le 6♠, ")
    assert explain_play(f).text.startswith("W followed with 6♠, ")
    discard = PlayFacts(seat="W", card=parse_card("KD"), best=parse_card("KH"), epl=2.5, dd_loss=3,
                        hand=m("KH", "KD", "5D"), legal=m("KH", "KD", "5D"),
                        trick=(("S", parse_card("2C")),), queen_out=False, worlds=100)
    assert explain_play(discard, "fr").text.endswith(" (a joué le R♦).")
    assert explain_play(discard).text.endswith(" (played K♦).")


@pytest.mark.parametrize("command", ["diagram", "puzzles"])
def test_an_output_file_is_called_a_file_in_the_help(command: str) -> None:
    """``diagram`` and ``puzzles`` showed ``-o, --output TEXTE`` (click's
    default name for a string) where every other command says FICHIER."""
    from click.testing import CliRunner

    from hearts_notation.cli import cli

    page = CliRunner().invoke(cli, [command, "--help"],
                              env={"LANG": "fr_FR.UTF-8", "COLUMNS": "100"}).output
    assert "-o, --output FICHIER" in page, page


def test_the_french_catalog_elides_with_one_apostrophe() -> None:
    """*demande d’examiner* (``solve.error.limit``) was the catalog's one
    typographic apostrophe among some two thousand straight ones (*d'un*,
    *l'as*): a reader sees two signs for one, and a search for *d'examiner*
    misses it."""
    from hearts_notation.i18n import fr

    assert [k for k, v in fr.MESSAGES.items() if "’" in v] == []
