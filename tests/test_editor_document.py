"""The language server's answers, computed without a client
(:mod:`hearts_notation.editor.document` and ``features``): positions in
every encoding, diagnostics that are exactly ``validate``'s findings, the
incremental re-check (only the game an edit touches is read again; by deal:
tests/test_editor_deals.py),
completion, hover, outline, definition, fixes and formatting."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from hearts_notation.api import validate_text
from hearts_notation.cli import cli
from hearts_notation.editor.document import (
    Checker,
    Style,
    apply_change,
    from_units,
    lex_lines,
    style_of,
    to_units,
)
from hearts_notation.editor.features import (
    code_actions,
    complete,
    definition,
    diagnostics,
    format_text,
    hover,
    symbols,
)

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = sorted((ROOT / "samples").rglob("*.hrn"))
CANONICAL = (ROOT / "samples" / "canonical.hrn").read_text(encoding="utf-8")
MULTI = (ROOT / "samples" / "multi-game.hrn").read_text(encoding="utf-8")
FRENCH = (ROOT / "samples" / "feuille-en-francais.hrn").read_text(encoding="utf-8")


def line_of(text: str, start: str) -> int:
    """The 0-based line of *text* that starts with *start*."""
    return next(i for i, line in enumerate(text.split("\n")) if line.startswith(start))


# Positions ------------------------------------------------------------------------------------


def test_columns_in_every_encoding() -> None:
    line = "3. {🂡} N 3C ♥"
    k = line.index("N")
    assert to_units(line, k, "utf-32") == k
    assert to_units(line, k, "utf-16") == k + 1           # the card symbol is two UTF-16 units
    assert to_units(line, k, "utf-8") == len(line[:k].encode("utf-8"))
    for encoding in ("utf-8", "utf-16", "utf-32"):
        assert from_units(line, to_units(line, k, encoding), encoding) == k
        assert from_units(line, 10_000, encoding) == len(line)


def test_changes_apply_as_a_client_sends_them() -> None:
    text = "1. {🂡} N 2C\n2. E\n"
    assert apply_change(text, (0, 8), (0, 9), "W", "utf-16") == "1. {🂡} W 2C\n2. E\n"
    assert apply_change(text, (0, 14), (1, 2), "", "utf-8") == "1. {🂡} N 2C E\n"
    assert apply_change(text, (5, 0), (5, 0), "x", "utf-16") == text + "x"
    assert apply_change(text, None, None, "new") == "new"


# Diagnostics: validate's findings, in place --------------------------------------------------


def _as_validate(text: str, lang: str = "en") -> list[tuple[str, str, int, int, str]]:
    analysis = Checker().analyse(text)
    return sorted((d.code, d.severity, d.line, d.start, d.message)
                  for d in diagnostics(analysis, lang))


def _validate(text: str) -> list[tuple[str, str, int, int, str]]:
    out = []
    for f in validate_text(text).findings():
        if f["line"] is not None:
            out.append((f["code"], f["severity"], f["line"] - 1, (f["column"] or 1) - 1, f["message"]))
    return sorted(out)


def _broken_multi() -> str:
    """multi-game.hrn with a revoke in game 1 and a syntax error in game 2."""
    lines = MULTI.split("\n")
    k = line_of(MULTI, "deal 2 dealer E")
    lines[k] = lines[k].replace("deal", "dela")
    return "\n".join(lines).replace("3. S AS W QS N KS E JS", "3. S AS W 2C N KS E JS", 1)


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: str(p.relative_to(ROOT)))
def test_diagnostics_are_the_findings_of_validate(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert [x for x in _as_validate(text) if x[2] >= 0] == _validate(text)


def test_diagnostics_of_a_broken_file_match_validate_in_both_languages() -> None:
    text = _broken_multi()
    mine = _as_validate(text)
    assert {c for c, *_ in mine} >= {"syntax-error"}
    assert mine == _validate(text)
    french = _as_validate(text, "fr")
    assert [x[:4] for x in french] == [x[:4] for x in mine]
    assert any(m.startswith("on attendait") for *_, m in french)


def test_an_edit_checks_only_the_game_it_touches() -> None:
    checker = Checker()
    checker.analyse(MULTI)
    assert checker.checked == 3
    # a card changed in game 2: game 2 alone is read and refereed again
    text = MULTI.replace("2. W 7C N 9C E 3C S AC", "2. W 7C N 9C E 3D S AC", 1)
    assert text != MULTI
    analysis = checker.analyse(text)
    assert checker.checked == 4
    assert _validate(text) == sorted((d.code, d.severity, d.line, d.start, d.message)
                                     for d in diagnostics(analysis, "en"))
    # two lines typed at the top of game 1: game 1 again; games 2 and 3 only move
    moved = "; ma feuille\n; jeudi\n" + text
    analysis = checker.analyse(moved)
    assert checker.checked == 5
    assert [p.first_line for p in analysis.games][1:] == [
        p.first_line + 2 for p in checker.analyse(text).games][1:]
    assert _validate(moved) == sorted((d.code, d.severity, d.line, d.start, d.message)
                                      for d in diagnostics(checker.analyse(moved), "en"))


def test_a_message_that_names_a_line_names_it_in_the_document() -> None:
    """Each game is read from its own first line; the reader's messages that
    name another place (``the first is at 12:1``) name the document's line."""
    k = line_of(MULTI, "deal 2 dealer E")
    lines = MULTI.split("\n")
    hand = next(i for i in range(k, len(lines)) if lines[i].startswith("N:"))
    lines.insert(hand + 1, lines[hand])
    text = "\n".join(lines)
    mine = _as_validate(text)
    assert mine == _validate(text)
    assert any(f"at {hand + 1}:1" in m for *_, m in mine)
    assert any(f"{hand + 1}:1" in m for *_, m in _as_validate(text, "fr"))


def test_a_file_being_started_is_not_an_error() -> None:
    for text in ("", "\n\n", "; notes\n", "{a comment}\n"):
        analysis = Checker().analyse(text)
        assert analysis.games == [] and diagnostics(analysis, "en") == []
    long = Checker().analyse("x" * 70_000)
    (d,) = diagnostics(long, "en")
    assert d.code == "syntax-error" and "HEARTS_MAX_LINE" in d.message


# Completion -----------------------------------------------------------------------------------


def _labels(text: str, line: int, column: int, lang: str = "en") -> list[str]:
    checker = Checker()
    return [i.insert for i in complete(checker.analyse(text), checker, line, column, lang)]


def test_completion_in_a_trick_is_the_legal_cards_in_the_records_style() -> None:
    k = line_of(CANONICAL, "3. N 3C E 5C")
    assert _labels(CANONICAL, k, len("3. N 3C ")) == ["E JC", "E 9C", "E 5C"]
    # a seat already typed: the card only, for that seat
    assert _labels(CANONICAL, k, len("3. N 3C E ")) == ["JC", "9C", "5C"]
    # a card being typed is replaced
    lines = CANONICAL.split("\n")
    lines[k] = "3. N 3C E 5"
    checker = Checker()
    analysis = checker.analyse("\n".join(lines))
    items = complete(analysis, checker, k, len("3. N 3C E 5"), "en")
    assert [i.insert for i in items] == ["JC", "9C", "5C"]
    assert items[0].replace is not None and items[0].replace.column == len("3. N 3C E ")
    assert items[0].replace.end_column == len("3. N 3C E 5")
    # the seat being typed
    lines[k] = "3. N 3C E"
    assert _labels("\n".join(lines), k, len("3. N 3C E")) == ["E JC", "E 9C", "E 5C"]
    # the leader of trick 1: the holder of 2C, and only 2C
    assert _labels(CANONICAL, line_of(CANONICAL, "1. {"), len("1. ")) == ["E 2C"]
    # a French record: French ranks and symbols, O for West
    f = line_of(FRENCH, "5. O D♥")
    lead = _labels(FRENCH, f, len("5. "))
    assert "O D♥" in lead and all(i.startswith("O ") for i in lead)
    assert _labels(FRENCH, f, len("5. O D♥ ")) == ["N 10♥", "N 8♥"]


def test_completion_with_bare_cards_and_with_hands_unknown() -> None:
    text = CANONICAL.replace("2. W 3S N 8S E 4S S 2S", "2. 3S 8S 4S 2S", 1)
    k = line_of(text, "2. 3S")
    assert _labels(text, k, len("2. 3S ")) == ["AS", "JS", "TS", "8S"]   # N follows: bare, as the line
    observer = (ROOT / "samples" / "observer.hrn").read_text(encoding="utf-8")
    k = line_of(observer, "2. S 6S")
    assert _labels(observer, k, len("2. ")) == []              # S's hand is not known
    assert _labels(observer, k, len("2. S 6S W 5S ")) == ["N 9S", "N 8S", "N 7S", "N 4S"]


def test_completion_of_keywords_tags_directions_seats() -> None:
    deal = line_of(CANONICAL, "deal 1 dealer W")
    assert _labels(CANONICAL, deal, len("deal 1 dealer W pass ")) == [
        "left", "right", "across", "hold"]
    assert _labels(CANONICAL, deal, len("deal 1 dealer ")) == ["N ", "E ", "S ", "W "]
    lines = CANONICAL.split("\n")
    first = line_of(CANONICAL, "1. {")
    typing = "\n".join([*lines[:first + 1], ""])
    start = _labels(typing, first + 1, 0)
    assert start[0] == "2. " and "deal " in start and "score " in start
    assert _labels(CANONICAL, 0, 1)[:3] == ['Event "', 'Site "', 'Date "']
    assert _labels(FRENCH, line_of(FRENCH, "[Lieu"), 1)[:3] == ['Événement "', 'Lieu "', 'Date "']
    assert _labels(FRENCH, line_of(FRENCH, "donne 1"), len("donne 1 donneur O passe ")) == [
        "gauche", "droite", "face", "garde"]
    moon = CANONICAL.replace("total N 13 E 0 S 13 W 0", "total N 13 E 0 S 13 W 0\nmoon S ", 1)
    assert _labels(moon, line_of(moon, "moon S"), len("moon S ")) == ["add", "subtract"]
    assert _labels(CANONICAL, line_of(CANONICAL, "{Scored"), 3) == []          # in a comment


# Hover, outline, definition --------------------------------------------------------------------


def _hover(text: str, line: int, column: int, lang: str = "en") -> str:
    checker = Checker()
    found = hover(checker.analyse(text), checker, line, column, lang)
    assert found is not None
    return found[0]


def test_hover_on_a_card_tells_its_story() -> None:
    k = line_of(CANONICAL, "2. E 2D S 4D W QS!")
    story = _hover(CANONICAL, k, CANONICAL.split("\n")[k].index("QS"))
    assert story.split("\n\n") == [
        "**Q♠**", "Dealt to W.", "Played by W in trick 2; the trick went to S.",
        "Points of this deal after trick 2: N 0 · E 0 · S 13 · W 0.",
        "Totals before this deal: N 13 · E 0 · S 13 · W 0."]
    passed = line_of(CANONICAL, "pass N: KH AH TH?")
    story = _hover(CANONICAL, passed, len("pass N: K"))
    assert story.split("\n\n")[:4] == ["**K♥**", "Dealt to N.", "Passed by N.",
                                        "Held by E after the pass."]
    french = _hover(CANONICAL, k, CANONICAL.split("\n")[k].index("QS"), "fr")
    assert french.startswith("**D♠**") and "Jouée par O au pli 2 ; le pli est allé à S." in french


def test_hover_on_a_tag_and_a_seat() -> None:
    assert "the rule set" in _hover(CANONICAL, line_of(CANONICAL, "[Rules"), 2)
    assert "les noms des places" in _hover(FRENCH.replace("[Règles", '[Places "N E S O"]\n[Règles'),
                                           line_of(FRENCH, "[Règles"), 2, "fr")
    assert _hover(CANONICAL, line_of(CANONICAL, "1. {"), len("1. {Nothing can be lost on the first "
                                                            "trick.} E")) == "E: Tom"


def test_outline_and_definition() -> None:
    checker = Checker()
    analysis = checker.analyse(MULTI)
    outline = symbols(analysis, checker, "en")
    assert [g.name for g in outline] == ["Lunch league"] * 3
    assert [d.name for d in outline[0].children] == [f"Deal {n}" for n in range(1, 7)]
    assert [t.name for t in outline[0].children[0].children][:2] == ["Trick 1", "Trick 2"]
    assert outline[0].children[0].children[0].detail == "2♣ 3♣ 8♣ 7♣"
    assert outline[1].line == line_of(MULTI.split("\n", 160)[-1], "[Event") + 160 or outline[1].line > 150
    k = line_of(MULTI, "1. N 2C E 3C")
    target = definition(analysis, checker, k, len("1. N 2C "))
    assert target is not None
    assert analysis.lines[target.line][target.column:target.end_column] == '[East "Bilal"]'


# Fixes and formatting --------------------------------------------------------------------------


def test_code_actions() -> None:
    text = FRENCH.replace('[Règles "standard"]\n', "").replace("donne 2 ", "donn 2 ", 1)
    checker = Checker()
    analysis = checker.analyse(text)
    actions = code_actions(analysis, checker, 0, len(analysis.lines), "fr")
    rules = next(a for a in actions if "Règles" in a.title)
    (edit,) = rules.edits
    assert edit.text == '[Règles "standard"]\n'
    assert analysis.lines[edit.line - 1].startswith("[Ouest")
    fix = next(a for a in actions if a.codes == ("syntax-error",))
    assert fix.title == "Remplacer « donn » par « donne »" and fix.edits[0].text == "donne"


def test_format_is_hearts_fmt_in_the_records_style() -> None:
    for name, options in (("partie-francaise.hrn", ["--unicode"]), ("feuille-en-francais.hrn", []),
                          ("observer.hrn", [])):
        text = (ROOT / "samples" / name).read_text(encoding="utf-8")
        style = style_of(text)
        got, errors = format_text(text, style, None)
        out = CliRunner().invoke(cli, ["fmt", *options, str(ROOT / "samples" / name)])
        assert errors == [] and got == out.stdout
    assert style_of(FRENCH) == Style("fr", True, "fr")
    assert style_of(CANONICAL) == Style("en", False, "en")
    partie = (ROOT / "samples" / "partie-francaise.hrn").read_text(encoding="utf-8")
    assert style_of(partie, lex_lines(partie)) == Style("fr", True, "en")
    broken, errors = format_text("deal 1\n1. N ZZ\n", Style(), None, "club.hrn")
    assert broken is None and errors and errors[0].startswith("club.hrn:2:")


@pytest.mark.parametrize("name", ["feuille-en-francais.hrn", "multi-game.hrn", "three-players.hrn",
                                  "observer.hrn"])
def test_every_answer_holds_on_a_record_being_typed(name: str) -> None:
    """A record cut anywhere (as it is while being typed): every feature
    answers, at the cut and elsewhere, without raising."""
    import random

    text = (ROOT / "samples" / name).read_text(encoding="utf-8")
    rng = random.Random(name)
    for cut in sorted(rng.sample(range(len(text)), 25)):
        typed = text[:cut]
        checker = Checker()
        analysis = checker.analyse(typed)
        diagnostics(analysis, "fr")
        symbols(analysis, checker, "en")
        lines = analysis.lines
        for line, column in ((len(lines) - 1, len(lines[-1])), (len(lines) // 2, 3), (0, 0)):
            column = min(column, len(lines[line]))
            complete(analysis, checker, line, column, "en")
            hover(analysis, checker, line, column, "fr")
            definition(analysis, checker, line, column)
        code_actions(analysis, checker, 0, len(lines), "en")


def test_a_record_with_crlf_line_ends() -> None:
    text = _broken_multi().replace("\n", "\r\n")
    assert _as_validate(text) == _validate(text)
    k = line_of(CANONICAL, "3. N 3C E 5C")
    assert _labels(CANONICAL.replace("\n", "\r\n"), k, len("3. N 3C ")) == ["E JC", "E 9C", "E 5C"]
