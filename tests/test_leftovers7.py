"""Leftovers7: the one-typo search follows the moon rule in force, French
pass directions as club sheets abbreviate them, the replay page names each
player once, and records as other programs write them (each test cheap,
well under a CPU-second)."""

from __future__ import annotations

import dataclasses
import json
import tempfile
from pathlib import Path
from typing import Any

import pytest

from hearts_notation.api import validate_text
from tests.clirun import run, write

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data"


# (a) referee._score_fits: a moon scored only the way the rules allow ------------------------------

def _moon_with_slip(rules: str) -> str:
    """tests/data/replay/moon.hrn (S shoots the moon) with S's A♥ of trick 8
    typed as N's 3♥ and the score line written the *subtract* way."""
    text = (DATA / "replay" / "moon.hrn").read_text(encoding="utf-8")
    for old, new in (('[Rules "standard pass_cycle=hold"]', f'[Rules "{rules} pass_cycle=hold"]'),
                     ("8. S A♥", "8. S 3♥"),
                     ("score N 26 E 26 S 0 W 26", "score N 0 E 0 S -26 W 0"),
                     ("total N 26 E 26 S 0 W 26", "total N 0 E 0 S -26 W 0")):
        assert old in text
        text = text.replace(old, new, 1)
    return text


def _errors(text: str) -> list[tuple[str, int | None, str]]:
    found = [f for e in validate_text(_moon_with_slip(text)).entries for f in e["findings"]]
    return [(f["code"], f["line"], f["message"]) for f in found if f["severity"] == "error"]


def test_the_one_typo_search_scores_a_moon_as_the_rules_in_force() -> None:
    """Under ``moon: choose`` the score line ``S -26`` fits the corrected
    play (A♥): the typo is the one finding.  Under ``standard`` (moon adds)
    it fits no reading of the deal, so no "consistent only with A♥" is said
    (it was, next to the score-mismatch saying A♥ gives N 26)."""
    chosen = _errors("moon-choice")
    assert [(c, ln) for c, ln, _ in chosen] == [("not-held", 20)], chosen
    assert "consistent only with A♥" in chosen[0][2]
    added = _errors("standard")
    assert not any("consistent only" in m for _, _, m in added), added
    assert ("not-held", 20) in [(c, ln) for c, ln, _ in added]
    assert "score-mismatch" in [c for c, _, _ in added]


# (b) a French pass direction as a club sheet shortens it ----------------------------------------

FRENCH = (ROOT / "samples" / "feuille-en-francais.hrn").read_text(encoding="utf-8")
DEAL_1 = "donne 1 donneur O passe gauche"


@pytest.mark.parametrize(("typed", "word"), [
    ("à g.", "à gauche"), ("à dr.", "à droite"), ("g.", "gauche"), ("dr.", "droite"),
    ("en f.", "en face"), ("Dte", "droite"), ("pas de passe", "garde"),
    ("sans échange", "garde"), ("pas d\u2019échange", "garde"), ("aucun échange", "garde"),
])
def test_a_shortened_pass_direction_is_answered_with_the_word(typed: str, word: str) -> None:
    """The whole shorthand is quoted, at its column, with the word meant,
    in both languages (``pas de passe`` was "found 'pas'", no suggestion)."""
    assert DEAL_1 in FRENCH
    text = FRENCH.replace(DEAL_1, f"donne 1 donneur O passe {typed} {{noté vite}}", 1)
    for lang, said in (("fr", f"trouvé '{typed}' ; vouliez-vous dire « {word} » ?"),
                       ("en", f"found '{typed}'; did you mean '{word}'?")):
        with tempfile.TemporaryDirectory(prefix="leftovers7-") as tmp:
            _, out = run("validate", "--format", "json", "--lang", lang, write(Path(tmp), "t.hrn", text))
        found = [f for g in json.loads(out)["games"] for f in g["findings"] if f["severity"] == "error"]
        assert [(f["code"], f["line"], f["column"]) for f in found] == [("syntax-error", 16, 25)]
        message = found[0].get("message_translated", found[0]["message"])
        assert message.endswith(said), message


@pytest.mark.parametrize(("typed", "word"), [
    ("garde", "passe garde"), ("sans échange", "passe garde"), ("pas de passe", "passe garde"),
    ("à gauche", "passe à gauche"), ("dr.", "passe droite"),
])
def test_a_direction_without_its_pass_keyword_is_answered_with_both(typed: str, word: str) -> None:
    """``donne 1 donneur O garde``: the keyword left out; the suggestion is
    the keyword and the direction (``pas de passe`` was answered ``passe``,
    which would have given ``passe de passe``)."""
    text = FRENCH.replace(DEAL_1, f"donne 1 donneur O {typed}", 1)
    with tempfile.TemporaryDirectory(prefix="leftovers7-") as tmp:
        _, out = run("validate", "--format", "json", "--lang", "fr", write(Path(tmp), "t.hrn", text))
    found = [f for g in json.loads(out)["games"] for f in g["findings"] if f["severity"] == "error"]
    assert [(f["code"], f["line"], f["column"]) for f in found] == [("syntax-error", 16, 19)], found
    assert found[0]["message_translated"].endswith(f"trouvé '{typed}' ; vouliez-vous dire « {word} » ?")


def test_a_shortened_pass_direction_in_json_names_the_direction() -> None:
    """The JSON reader asks the same table: ``"pass": "pas de passe"`` is
    refused with ``did you mean "hold"?``."""
    for typed, meant in (("à g.", "left"), ("pas de passe", "hold"), ("en f.", "across")):
        record = json.dumps({"deals": [{"number": 1, "pass": typed}]}, ensure_ascii=False)
        found = [f["message"] for e in validate_text(record, "json").entries for f in e["findings"]]
        assert any(f'did you mean "{meant}"?' in m for m in found), found


# (c) the replay page writes each long name once ----------------------------------------------------

REPLAY = DATA / "replay"
#: Long names, one inside another (the longest is referred to first).
LONG = {"N": "Nora-" * 80, "E": "Emil Emilienne " * 30, "S": "Nora-" * 80 + "Sami", "W": "W"}


def _resolved(value: Any, names: list[str], key: str = "") -> Any:
    """The page data as the script shows it (``said`` in replay.js): each
    text (``x``, a finding's ``m``, ``who``, a winner) that is a list of
    strings and seat indices joined with the names."""
    if key in ("x", "m", "who", "winner") and isinstance(value, list):
        return "".join(names[p] if isinstance(p, int) else p for p in value)
    if isinstance(value, list):
        return [_resolved(v, names, "winner" if key == "winners" else "") for v in value]
    if isinstance(value, dict):
        return {k: _resolved(v, names, k) for k, v in value.items()}
    return value


def _data(record: str, analysis: str | None = None) -> dict[str, Any]:
    from hearts_notation.io import read_games
    from hearts_notation.render.html import page_data
    from hearts_notation.render.story import build_game

    games = [dataclasses.replace(g, players={**g.players, **LONG})
             for g in read_games(str(REPLAY / record))]
    report = json.loads((REPLAY / analysis).read_text(encoding="utf-8")) if analysis else None
    return page_data([build_game(g) for g in games], "fr",
                     [g["decisions"] for g in report["games"]] if report else None,
                     [g.get("summary") for g in report["games"]] if report else None)


@pytest.mark.parametrize(("record", "analysis"), [
    ("findings.hrn", None), ("moon.hrn", None),
    ("commented-annotated.hrn", "commented-annotated.json"),
])
def test_the_replay_page_names_each_long_name_once_and_shows_the_same(
        record: str, analysis: str | None, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each long name is in the page's data once (the game's ``names``);
    the texts, joined back as the script joins them, are the texts written
    with the names inline (the page before), steps, findings, the moon, the
    winners and the learner's report alike."""
    from hearts_notation.render import html

    referred = _data(record, analysis)
    monkeypatch.setattr(html, "NAME_REF_MIN", 10 ** 9)
    inline = _data(record, analysis)
    for g in referred["games"]:
        names = [g["names"][s] for s in g["seats"]]
        assert _resolved(g, names) == inline["games"][referred["games"].index(g)]
    blob = json.dumps(referred, ensure_ascii=False)
    for seat in ("N", "E"):
        assert blob.count(LONG[seat]) == 1 + (seat == "N"), seat    # (N's is inside S's)
    assert blob.count(LONG["S"]) == 1
    assert len(blob) < len(json.dumps(inline, ensure_ascii=False)) / 2



# 2. Records as other programs write them ------------------------------------------------------------

INTEROP = DATA / "interop"


def _validate(tmp: Path, name: str, text: str, *args: str) -> tuple[int, str]:
    with tempfile.TemporaryDirectory(prefix="leftovers7-") as d:
        return run("validate", *args, write(Path(d), name, text))


def test_nan_or_infinite_points_in_an_openspiel_state_are_named_not_an_internal_error() -> None:
    """``"points": [NaN, ...]`` (Python's JSON reads NaN and Infinity) was
    exit 3, *cannot convert float NaN to integer*; now unusable input at the
    number, named as typed."""
    state = json.loads((INTEROP / "terminal.osjson").read_text(encoding="utf-8"))
    text = json.dumps(state)
    for typed in ("NaN", "Infinity", "1e400"):
        bad = text.replace('"points": [2.0', f'"points": [{typed}', 1)
        assert bad != text
        status, out = _validate(Path(), "s.json", bad, "--from", "openspiel")
        assert status == 2, out
        assert f"points[0]: expected a whole number of points, found {typed}" in out
        assert ":1:" in out.split("points[0]")[0]
    # a whole number past the records' digits limit, as the JSON reader refuses it
    status, out = _validate(Path(), "s.json", text.replace('"points": [2.0', '"points": [' + "9" * 40, 1),
                            "--from", "openspiel")
    assert status == 2 and "points[0]: a number's length in digits is over the limit" in out, out


def test_openspiel_points_that_disagree_are_found_at_the_points() -> None:
    """The ``score-mismatch`` of a state's points is at its ``"points"``
    value (it was at the state's first character, 1:1 of a pretty file)."""
    state = json.loads((INTEROP / "terminal.osjson").read_text(encoding="utf-8"))
    state["points"][1] += 1
    text = json.dumps(state, indent=1)
    line = text[: text.index('"points"')].count("\n") + 1
    status, out = _validate(Path(), "s.json", text, "--from", "openspiel")
    assert status == 1 and f"s.json:{line}:12: error: E's score for deal 1 is recorded as" in out, out


def test_a_cut_last_line_keeps_the_states_and_histories_before_it() -> None:
    """States (or histories) one a line whose last line was cut: the games
    before it are read and checked, and the cut line is one syntax error
    at its place (the whole file was one error, every game dropped)."""
    lines = (INTEROP / "states-lines.osjson").read_text(encoding="utf-8").splitlines()
    text = "\n".join(lines[:-1]) + "\n" + lines[-1][: len(lines[-1]) // 2]
    status, out = _validate(Path(), "s.jsonl", text, "--from", "openspiel")
    assert status == 1, out
    assert f"1 file, {len(lines)} games, {len(lines) - 1} deals" in out
    assert f"s.jsonl:{len(lines)}:" in out and "not valid JSON" in out
    history = (INTEROP / "history.oshist").read_text(encoding="utf-8")
    status, out = _validate(Path(), "h.txt", history + history[: len(history) // 2],
                            "--from", "openspiel-history")
    assert status == 1 and "1 file, 2 games, 1 deal" in out, out


def test_playthroughs_one_after_the_other_are_each_a_game() -> None:
    """``cat a.txt b.txt``: each ``game:`` line starts a playthrough (only
    the last one's history and points were read, the first dropped)."""
    from hearts_notation.io.playthrough import iter_openspiel_playthrough

    one = "\n".join(["game: hearts", "", "History() = " + (INTEROP / "history.oshist")
                      .read_text(encoding="utf-8").strip(), ""])
    two = one.replace("game: hearts", "game: hearts(jd_bonus=True)")
    games = list(iter_openspiel_playthrough(one + two))
    assert [g.index for g in games] == [1, 2]
    assert [g.tags["Source"] for g in games] == ["OpenSpiel hearts()", "OpenSpiel hearts(jd_bonus=True)"]
    assert games[1].pos is not None and games[1].pos.line == 6    # (its History() line)


def test_openspiel_errors_without_a_place_get_a_column() -> None:
    """A blank line inside ``[State]``, a comment line before a history:
    ``file:LINE:COL:`` like every other message."""
    gs = (INTEROP / "game-and-state.oshist").read_text(encoding="utf-8")
    at = gs.index("[State]\n") + len("[State]\n")
    lines = gs[:at].count("\n")
    blank = gs[:at] + "1\n\n28\n"
    status, out = _validate(Path(), "g.txt", blank, "--from", "openspiel-history")
    assert status == 2 and f"g.txt:{lines + 3}:1: the [State] section holds one history" in out, out
    status, out = _validate(Path(), "c.txt", "# my run\n[1, 2]\n", "--from", "openspiel-history")
    assert status == 2 and "c.txt:1:1: no [Game] section" in out, out


def test_serialized_games_and_states_one_after_the_other_are_each_a_game() -> None:
    """``cat a.txt b.txt`` of two ``serialize_game_and_state`` texts: a game
    each, under the parameters its own ``[Game]`` names (the second was
    refused: *a blank line inside [State]*)."""
    from hearts_notation.io.openspiel import iter_openspiel_history

    gs = (INTEROP / "game-and-state.oshist").read_text(encoding="utf-8")
    games = list(iter_openspiel_history(gs + gs.replace("hearts(jd_bonus=True)", "hearts()")))
    assert [g.tags["Source"] for g in games] == ["OpenSpiel hearts(jd_bonus=True)", "OpenSpiel hearts()"]
    assert games[0].deals[0].tricks == games[1].deals[0].tricks
    status, out = _validate(Path(), "g.txt", gs + gs, "--from", "openspiel-history")
    assert status == 0 and "2 games, 2 deals: 2 valid games" in out, out


def test_a_serialized_history_with_windows_line_ends_is_sniffed_on_standard_input() -> None:
    """One action a line, CRLF: standard input's first bytes say OpenSpiel
    as they do with LF (it was read as HRN: a syntax error per action)."""
    ser = (INTEROP / "serialized.oshist").read_text(encoding="utf-8")
    for text in (ser, ser.replace("\n", "\r\n")):
        status, out = run("validate", "-", input=text.encode("utf-8"))
        assert status == 0 and "1 valid game" in out, out


def test_a_hearts_record_read_as_openspiel_says_to_read_it_with_from_json() -> None:
    """``--from openspiel`` or ``--from openspiel-history`` on a record of
    ours: the message says what it is and how to read it (it said *missing
    field 'phase'*, or to read it as OpenSpiel's state JSON)."""
    record = (ROOT / "samples" / "game.yaml").read_text(encoding="utf-8")
    import yaml

    text = json.dumps(yaml.safe_load(record), ensure_ascii=False)
    for fmt in ("openspiel", "openspiel-history"):
        for lang, said in (("en", "this is a hearts record (its field 'tags'), not OpenSpiel's output: "
                                  "read it with --from json"),
                           ("fr", "c'est une partie au format hearts (son champ 'tags'), pas une sortie "
                                  "d'OpenSpiel : lisez-la avec --from json")):
            status, out = _validate(Path(), "r.json", text, "--from", fmt, "--lang", lang)
            assert status == 2 and f"r.json:1:1: {said}" in out, out


def test_two_records_one_after_the_other_say_how_records_go() -> None:
    """Two game objects pasted one after the other (no list, no line
    break): "a second value after the first", not the decoder's "Extra
    data", by the whole-document reader and the line reader alike."""
    record = json.dumps({"deals": [{"number": 1}]})
    for name, text in (("two.json", record + record), ("two.jsonl", record + record + "\n")):
        for lang, said in (("en", "not valid JSON: a second value after the first (a .json file holds"),
                           ("fr", "JSON non valide : une deuxième valeur après la première (un fichier")):
            status, out = _validate(Path(), name, text, "--lang", lang)
            assert status == 1 and f"{name}:1:{len(record) + 1}:" in out and said in out, out
    status, out = _validate(Path(), "x.json", record + " x")
    assert "not valid JSON: Extra data" in out, out


def test_a_yaml_record_with_windows_line_ends_is_sniffed_on_standard_input() -> None:
    """``deals:`` or ``---`` then CR LF (PyYAML's dump on Windows, a BOM
    first or not): YAML, as with LF (it was read as HRN, an error per line)."""
    kept = (ROOT / "samples" / "game.yaml").read_text(encoding="utf-8")
    deals = kept[kept.index("deals:"):]     # (the file opens with tags:)
    for text in (kept, deals, "---\n" + deals, "\ufeff" + deals):
        _, out = run("validate", "-", input=text.replace("\n", "\r\n").encode("utf-8"))
        assert "[syntax-error]" not in out and "1 game, 3 deals" in out, out


def test_an_openspiel_state_in_a_json_file_says_to_read_it_with_from_openspiel() -> None:
    """The ``.json`` suffix picks the record reader; its "unknown field"
    says what the file is, in both languages."""
    state = (INTEROP / "terminal.osjson").read_text(encoding="utf-8")
    status, out = _validate(Path(), "s.json", state)
    assert status == 1 and "(this is OpenSpiel's state JSON, not a record: read it with --from openspiel)" \
        in out, out
    status, out = _validate(Path(), "s.json", state, "--lang", "fr")
    assert "(c'est l'état JSON d'OpenSpiel, pas une partie : lisez-le avec --from openspiel)" in out, out



def test_states_and_histories_one_after_another_are_each_read() -> None:
    """Pretty-printed one after the other, or with no line break between:
    every document is a game (the pretty stream was refused at 1:2, the
    first line ``{`` read alone), and an error names its line and column."""
    states = [json.loads(x) for x in (INTEROP / "states-lines.osjson").read_text(encoding="utf-8")
              .splitlines() if x.strip()]
    for joined in ("".join(json.dumps(x, indent=2) + "\n" for x in states),
                   "".join(json.dumps(x) for x in states)):
        status, out = _validate(Path(), "s.json", joined, "--from", "openspiel")
        assert status == 0 and f"{len(states)} games, {len(states)} deals" in out, out
    states[1]["tricks"][0][0][1] = "ZZ"
    pretty = "".join(json.dumps(x, indent=2) + "\n" for x in states)
    line = pretty[: pretty.index('"ZZ"')].count("\n") + 1
    status, out = _validate(Path(), "s.json", pretty, "--from", "openspiel")
    assert status == 2 and f"s.json:{line}:9: state 2, tricks[0][0][1]: 'ZZ'" in out, out
    history = json.loads((INTEROP / "history.oshist").read_text(encoding="utf-8"))
    status, out = _validate(Path(), "h.txt", json.dumps(history) + json.dumps(history),
                            "--from", "openspiel-history")
    assert status == 0 and "2 games" in out, out


@pytest.mark.browser
@pytest.mark.long      # (two pages stepped through in Chromium: a few CPU-seconds)
def test_the_replay_page_with_long_names_reads_the_same_in_a_browser(
        driver: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every step of the annotated deal (with its learner's report) and of
    the findings deal shows the same event, findings, winners and report
    whether the long names are referred to or written inline."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    from hearts_notation.io import read_games, write_atomic
    from hearts_notation.render import html
    from hearts_notation.render.story import build_game
    from tests.test_replay_browser import DESKTOP, assert_clean, open_page, press

    def walk_page(record: str, analysis: str | None, inline: bool) -> list[tuple[str, ...]]:
        if inline:
            monkeypatch.setattr(html, "NAME_REF_MIN", 10 ** 9)
        report = json.loads((REPLAY / analysis).read_text(encoding="utf-8")) if analysis else None
        games = [build_game(dataclasses.replace(g, players={**g.players, **LONG}))
                 for g in read_games(str(REPLAY / record))]
        page = html.render_html(games, "fr", analyses=[g["decisions"] for g in report["games"]]
                                if report else None,
                                summaries=[g.get("summary") for g in report["games"]] if report else None)
        monkeypatch.undo()
        out = tmp_path / f"{record}-{inline}.html"
        write_atomic(str(out), page)
        open_page(driver, out.as_uri(), DESKTOP)
        seen = []
        for _ in range(sum(len(html.page_data(games)["games"][0]["deals"][0]["steps"]) for _ in (0,))):
            seen.append(tuple(driver.find_element(By.ID, i).text
                              for i in ("event", "findings", "winners", "report")))
            press(driver, Keys.ARROW_RIGHT)
        assert_clean(driver, out.as_uri())
        return seen

    for record, analysis in (("commented-annotated.hrn", "commented-annotated.json"),
                             ("findings.hrn", None)):
        referred = walk_page(record, analysis, inline=False)
        assert any(LONG["E"].strip() in "".join(s) for s in referred)
        assert referred == walk_page(record, analysis, inline=True)
