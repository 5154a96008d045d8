"""A French club evening typed by hand from docs/fr/ (issue 23, the audit):
two evenings of score sheets (the second with the seats changed and
"Helene" typed without its accent, tests/data/french-audit/jeudi-*.hrn), a
copy of the second with a scorer's slips, and one deal typed card by card
with a revoke and a slip in a total (donne-odile.hrn).  Every command a
scorer runs on them speaks French (with ``--lang fr``, with
``LANG=fr_FR.UTF-8`` and, the records being French, without either), names
the players, fits 80 columns without cutting a word, and writes numbers
the French way; each defect the audit found has its test here.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from hearts_notation.cli import cli
from hearts_notation.i18n import msg, players_in_view, render

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data" / "french-audit"
EVENING_1 = str(DATA / "jeudi-3.hrn")
EVENING_2 = str(DATA / "jeudi-10.hrn")
SLIPS = str(DATA / "jeudi-10-fautes.hrn")
DEAL = str(DATA / "donne-odile.hrn")
ALL = [EVENING_1, EVENING_2, DEAL]

#: English words a French player would notice (the finding codes in
#: brackets and the record's own lines are left out before the check).
ENGLISH_WORDS = re.compile(
    r"\b(deal|deals|moon|wins|win|sheet|rules|error|warning|total after|recorded as|game|games|"
    r"add|subtract|shot|running|finding|below|not scored|Referee|player|players|played|holding|"
    r"choose|share|play-on|to play|hidden)\b")
#: The same, the other way (an English output has no French word).
FRENCH_WORDS = re.compile(
    r"\b(donne|donnes|capot|capots|feuille|joueur|joueurs|erreur|règles|partie|parties|"
    r"renonce|répartitions?|gagne|ajoute|entame|marque)\b")


def _hearts(*args: str, monkeypatch: pytest.MonkeyPatch, lang_env: str | None = None
            ) -> tuple[str, int]:
    """A command as a scorer runs it on an 80-column terminal (no colour)."""
    if lang_env:
        monkeypatch.setenv("LANG", lang_env)
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("NO_COLOR", "1")
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    return result.output, result.exit_code


def _record_lines() -> set[str]:
    return {ln.strip() for p in [*ALL, SLIPS] for ln in Path(p).read_text("utf-8").splitlines()}


def _record_texts() -> list[str]:
    """The records' own words: tag values and comments."""
    out: list[str] = []
    for p in [*ALL, SLIPS]:
        text = Path(p).read_text("utf-8")
        out += re.findall(r'"([^"]+)"', text) + re.findall(r"\{([^}]+)\}", text)
    return sorted(set(out), key=len, reverse=True)


def _program_text(out: str) -> str:
    """What the program wrote, without the record's own lines quoted under
    a finding, its tag values and comments, the finding codes and the paths."""
    record = _record_lines()
    lines = [ln for ln in out.splitlines() if ln.strip() not in record]
    text = " ".join(" ".join(lines).split())
    for own in _record_texts():
        text = text.replace(" ".join(own.split()), " ")
    text = re.sub(r"\[[\w-]+\]", " ", text)
    text = re.sub(r"\b\w+(?:-\w+)+\b", " ", text)     # codes and rule keys: identifiers
    return re.sub(r"\S*/\S*", " ", text)


COMMANDS = [
    ["validate", *ALL],
    ["validate", SLIPS],
    ["score", *ALL],
    ["stats", *ALL],
    ["standings", *ALL],
    ["replay", DEAL],
    ["replay", EVENING_2],
    ["replay", "--narrate", DEAL],
    ["replay", "--narrate", EVENING_1],
    ["hint", "--fast", "--seed", "1", "--deal", "1", "--trick", "10", DEAL],
    ["select", *ALL, "--deals", "--where", "capot", "--count"],
    ["select", *ALL, "--where", 'dame == "Odile"', "--explain"],
    ["fmt", "--check", EVENING_1],
]


@pytest.mark.parametrize("how", ["record", "--lang", "LANG"])
@pytest.mark.parametrize("args", COMMANDS, ids=lambda a: " ".join(x for x in a if "/" not in x))
def test_every_command_speaks_french_on_80_columns(args: list[str], how: str,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """French words only, whichever way French is asked for (or not asked:
    the records are French), and tables that fit 80 columns without an
    ellipsis cutting a word."""
    if how == "--lang":
        args = [args[0], "--lang", "fr", *args[1:]]
    out, status = _hearts(*args, monkeypatch=monkeypatch,
                          lang_env="fr_FR.UTF-8" if how == "LANG" else None)
    assert status in (0, 1), out
    text = _program_text(out)
    assert ENGLISH_WORDS.search(text) is None, (ENGLISH_WORDS.search(text), out)
    assert "…" not in out, out
    table = [ln for ln in out.splitlines() if ln[:1] in "┏┃┡│└┌├"]
    assert all(len(ln) <= 80 for ln in table), out


@pytest.mark.parametrize("args", COMMANDS, ids=lambda a: " ".join(x for x in a if "/" not in x))
def test_every_command_speaks_english_when_asked(args: list[str],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    if args[0] == "select" and "capot" in args:
        args = [*args[:args.index("capot")], "moon", *args[args.index("capot") + 1:]]
    if args[0] == "select" and "--explain" in args:
        args = [a.replace("dame", "queen") for a in args]
    out, status = _hearts(args[0], "--lang", "en", *args[1:], monkeypatch=monkeypatch)
    assert status in (0, 1), out
    text = _program_text(out)
    assert FRENCH_WORDS.search(text) is None, (FRENCH_WORDS.search(text), out)
    assert "…" not in out, out


def test_the_players_table_wraps_its_headers_between_words(monkeypatch: pytest.MonkeyPatch
                                                           ) -> None:
    """score over several files ends with the totals per player; on 80
    columns its French headers wrap ("points au / total"), never "capo…"."""
    out, _ = _hearts("score", *ALL, monkeypatch=monkeypatch)
    tail = out[out.index("Totaux par joueur"):]
    assert "capots" in tail and "moy. finale" in tail, tail
    assert re.search(r"│ Sylvie +│ +3 │ +1 │ +138 │ +46,0 │ +18 │ +1 │", tail), tail
    assert all(len(ln) <= 80 for ln in tail.splitlines()), tail
    out, _ = _hearts("stats", *ALL, monkeypatch=monkeypatch)
    assert "détenteur" in out and "a pris D♠" in out and "détente…" not in out, out


def test_standings_page_writes_numbers_the_french_way(monkeypatch: pytest.MonkeyPatch,
                                                      tmp_path: Path) -> None:
    """The standings page has the terminal's figures in the language's
    number format (37,7 and 6,28, not 37.67)."""
    page = tmp_path / "classement.html"
    _, status = _hearts("standings", *ALL, "--format", "html", "-o", str(page),
                        monkeypatch=monkeypatch)
    assert status == 1
    html = page.read_text("utf-8")
    assert '<html lang="fr">' in html
    assert "<td>37,7</td>" in html and "<td>6,28</td>" in html, html
    assert re.search(r"<td>\d+\.\d+</td>", html) is None
    _hearts("standings", "--lang", "en", *ALL, "--format", "html", "-o", str(page),
            monkeypatch=monkeypatch)
    assert "<td>37.7</td>" in page.read_text("utf-8")


def test_standings_warn_of_helene_and_name_the_aliases_fix(monkeypatch: pytest.MonkeyPatch
                                                           ) -> None:
    out, _ = _hearts("standings", *ALL, monkeypatch=monkeypatch)
    assert ("attention : Hélène et Helene semblent être un même joueur écrit de deux façons"
            in out), out
    assert "--aliases FICHIER" in out and "Hélène: [Helene]" in out
    # the slip in Odile's total is the sheet's, not a player's
    assert "1 erreur du marqueur" in out
    assert re.search(r"^ +\d Odile +3 .* 0 *$", out, re.M), out


def test_a_revoke_is_called_a_renonce_and_the_slip_the_sheets(monkeypatch: pytest.MonkeyPatch
                                                              ) -> None:
    """validate names the revoke as French players do; the narration of the
    deal typed card by card calls the slip in the total the sheet's, not an
    irregularity of a player (issue 23: "calls the scorer's slip an
    Irrégularité")."""
    out, status = _hearts("validate", DEAL, monkeypatch=monkeypatch)
    assert status == 1
    assert ("donne-odile.hrn:25:16: erreur: Bernard (E) a joué 6♥ sur une entame à ♣ en ayant "
            "en main 3♣ : c'est une renonce [revoke]") in out, out
    assert "donne-odile.hrn:32:1: erreur: le total d'Odile (O) après la donne 1 est noté 32" in out
    story, _ = _hearts("replay", "--narrate", DEAL, monkeypatch=monkeypatch)
    flat = " ".join(story.split())
    assert "La feuille se trompe : le total d'Odile après la donne 1 est noté 32" in flat, flat
    assert "Irrégularité : le total" not in flat
    assert "c'est une renonce" in flat
    story, _ = _hearts("replay", "--narrate", "--lang", "en", DEAL, monkeypatch=monkeypatch)
    assert "The sheet has a slip: Odile's total after deal 1" in " ".join(story.split())


def test_the_terminal_replay_names_the_players_in_its_findings(monkeypatch: pytest.MonkeyPatch
                                                               ) -> None:
    out, _ = _hearts("replay", DEAL, monkeypatch=monkeypatch)
    # (the screen's French colon, « erreur : », since lang31; validate's
    # file:line:col: form keeps "erreur:" for the editors)
    assert "✗ erreur : Bernard (E) a joué 6♥ sur une entame à ♣" in out, out
    assert "✗ erreur : le total d'Odile (O) après la donne 1 est noté 32" in out, out
    out, _ = _hearts("replay", "--lang", "en", DEAL, monkeypatch=monkeypatch)
    assert "✗ error: Bernard (E) played 6♥ on a ♣ lead" in out, out


def test_hint_names_the_player_and_counts_its_deals(monkeypatch: pytest.MonkeyPatch) -> None:
    out, _ = _hearts("hint", "--fast", "--seed", "1", "--deal", "1", "--trick", "10", DEAL,
                     monkeypatch=monkeypatch)
    assert out.startswith("Donne 1, pli 10 : à Odile (O) de jouer"), out
    assert "4 répartitions des cartes cachées, résolues exactement" in out
    assert "(s)" not in out
    # the sentence gives the number of the table
    # (the advice is wrapped at the console's width: lang29)
    assert re.search(r"│ 7♥ +│ +14,0 │", out), out
    assert "7♥ coûterait 14,0 points de plus" in " ".join(out.split()), out
    out, _ = _hearts("hint", "--lang", "en", "--fast", "--seed", "1", "--deal", "1", "--trick",
                     "10", DEAL, monkeypatch=monkeypatch)
    assert out.startswith("Deal 1, trick 10: Odile (W) to play"), out
    assert "4 deals of the hidden cards, solved exactly" in out


def test_select_reads_capot_and_lists_its_words_in_french(monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    """The French output says "capot": the query reads it (as "lune"), and
    a mistyped word is answered with the French words, not the English."""
    out, status = _hearts("select", *ALL, "--deals", "--where", "capot", "--count",
                          monkeypatch=monkeypatch)
    assert (status, out.strip()) == (0, "3")
    out, _ = _hearts("select", *ALL, "--deals", "--where", "lune", "--count",
                     monkeypatch=monkeypatch)
    assert out.strip() == "3"
    out, status = _hearts("select", EVENING_1, "--where", "capto", monkeypatch=monkeypatch)
    assert status == 2
    assert "les prédicats sont capot (ou lune), dame, points, numéro, tient" in out, out
    assert "vouliez-vous dire capot ?" in out
    assert ENGLISH_WORDS.search(_program_text(out).replace("capto", "")) is None, out
    out, _ = _hearts("select", "--lang", "en", EVENING_1, "--where", "mon",
                     monkeypatch=monkeypatch)
    assert "the predicates are moon, queen, points, number, holds" in out, out


def test_the_rules_are_told_in_words_in_french(monkeypatch: pytest.MonkeyPatch) -> None:
    """A sheet line that is a moon the rules score otherwise names the rule
    in French ("capot : ajoute"), not the rules file's key ("moon: add");
    the impossible line is explained by its real cause."""
    out, status = _hearts("validate", SLIPS, monkeypatch=monkeypatch)
    assert status == 1
    assert "c'est un capot, que les règles (capot : ajoute) comptent Helene (N) 26" in out, out
    assert "moon:" not in out
    assert ("fait 26, mais aucun jeu des cartes ne la donne : personne n'a pris les 13 points "
            "de la D♠ (un des chiffres doit valoir au moins 13)") in out
    out, _ = _hearts("validate", "--lang", "en", SLIPS, monkeypatch=monkeypatch)
    assert "which the rules (moon: add) score Helene (N) 26" in out
    assert render("fr", "score.tied", {"tie": render("fr", "rules.tie.play-on")}) == (
        "pas terminée : le plus petit total est à égalité (égalité : on rejoue une donne)")


def test_a_list_of_players_after_de_is_elided() -> None:
    """``de Ada (E), Bo (S)`` is ``d'Ada (E), Bo (S)``, as for one player."""
    m = msg("finding.pass-direction.missing_info", deal=1, direction=("dir", "left"),
            who=("and", ("seat", "E"), ("seat", "S")))
    with players_in_view({"E": "Ada", "S": "Bo"}):
        assert "aucun échange n'est noté pour Ada (E) et Bo (S)" in m.text("fr")
    hands = msg("finding.missing-cards.other",
                who=("and", ("seat", "E"), ("seat", "S"), ("seat", "W")))
    with players_in_view({"E": "Ada", "S": "Bo", "W": "Cleo"}):
        assert "les mains distribuées d'Ada (E), Bo (S) et Cleo (O)" in hands.text("fr")
    with players_in_view({"E": "Bernard", "S": "Bo"}):
        assert "de Bernard (E)" in hands.text("fr")


def test_the_evening_is_printed_in_french_with_names(monkeypatch: pytest.MonkeyPatch,
                                                     tmp_path: Path) -> None:
    """The two evenings and the deal, printed to PDF by Chromium and read
    back with pdftotext: French, the players by name, West headed O."""
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None or shutil.which("pdftotext") is None:
        pytest.skip("needs chromium and poppler-utils (pdftotext)")
    html = tmp_path / "soirees.html"
    _, status = _hearts("score", *ALL, "--format", "html", "-o", str(html),
                        monkeypatch=monkeypatch)
    assert status == 1 and html.exists()
    pdf = tmp_path / "soirees.pdf"
    try:
        subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu",
                        "--disable-background-networking", "--no-pdf-header-footer",
                        f"--user-data-dir={tmp_path / 'profile'}", f"--print-to-pdf={pdf}",
                        html.as_uri()], check=True, capture_output=True, timeout=180)
    except (subprocess.CalledProcessError, subprocess.TimeoutExpired) as exc:
        pytest.skip(f"chromium could not print here: {exc}")
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], check=True,
                          capture_output=True, text=True).stdout
    flat = " ".join(text.split())
    assert "Bernard gagne avec 46" in flat and "Sylvie gagne avec 59" in flat, flat
    assert "Odile (O)" in flat and "Helene (N)" in flat and "☾ Bernard : autres +26" in flat
    assert "le total d'Odile (O) après la donne 1 est noté 32, mais 0 + 23 = 23" in flat
    assert ENGLISH_WORDS.search(re.sub(r"\[[\w-]+\]", " ", flat)) is None, \
        ENGLISH_WORDS.search(flat)


def _command_line(*args: str, lang_env: str | None = None) -> subprocess.CompletedProcess[str]:
    """``hearts ARGS`` as a console script runs it (click's own errors included)."""
    import os
    import sys

    env = dict(os.environ)
    env.update({"NO_COLOR": "1", "COLUMNS": "80", **({"LANG": lang_env} if lang_env else {})})
    return subprocess.run([sys.executable, "-m", "hearts_notation", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, check=False)


@pytest.mark.parametrize(("args", "lang_env", "said"), [
    (["validate", "--foo", EVENING_1], "fr_FR.UTF-8",
     "Erreur : option inconnue '--foo'. (Vouliez-vous dire l'une de celles-ci : '--format', "
     "'--from' ?)"),
    (["validate", "--lang", "fr", "--foo", "x.hrn"], None, "Erreur : option inconnue '--foo'."),
    (["replay", "-o", "x.html", DEAL], None, "Erreur : option inconnue '-o'."),
    (["score", "--format", "xyz", EVENING_1], "fr_FR.UTF-8",
     "Erreur : valeur incorrecte pour '--format' : 'xyz' n'est pas l'une des valeurs 'table', "
     "'json', 'csv', 'html'."),
    (["validate"], "fr_FR.UTF-8", "Erreur : il manque l'argument 'CHEMIN...'."),
    (["replay", DEAL, EVENING_1], None, "Erreur : argument en trop ("),
    (["hint", "--deal", "x", DEAL], None, "Erreur : valeur incorrecte pour '--deal' : 'x' n'est "
     "pas un nombre valide."),
])
def test_click_usage_errors_speak_the_run_language(args: list[str], lang_env: str | None,
                                                    said: str) -> None:
    """A mistyped option or value is told in French like every other message
    of the run: with LANG=fr_FR.UTF-8, with --lang fr, or on a French record."""
    r = _command_line(*args, lang_env=lang_env)
    assert r.returncode == 2, r.stderr
    assert said in r.stderr, r.stderr
    assert f"Essayez « hearts {args[0]} --help » pour l'aide." in r.stderr, r.stderr
    assert "Error" not in r.stderr and "Try " not in r.stderr


def test_click_usage_errors_stay_english_when_asked() -> None:
    r = _command_line("validate", "--lang", "en", "--foo", EVENING_1, lang_env="fr_FR.UTF-8")
    assert "Error: No such option '--foo'." in r.stderr, r.stderr
    assert "Try 'hearts validate --help' for help." in r.stderr
    r = _command_line("validate", "--foo", "x.hrn")
    assert "Error: No such option '--foo'." in r.stderr, r.stderr
    # the help page speaks the run's language too (issue 24: it was click's English)
    r = _command_line("validate", "--help", lang_env="fr_FR.UTF-8")
    assert "Afficher cette aide et quitter." in r.stdout
    r = _command_line("validate", "--lang", "en", "--help", lang_env="fr_FR.UTF-8")
    assert "Show this message and exit." in r.stdout


def test_no_french_message_guesses_a_players_gender() -> None:
    """"Sylvie a joué", never "il" for Sylvie: a French message that names a
    player uses "il"/"elle" only impersonally ("il faut", "il lui reste", "il
    restait") or
    for a thing (la dame, la donne, the others as "ils")."""
    from hearts_notation.i18n import catalog, placeholders

    players = {"seat", "holder", "who", "who2", "seat2", "next", "prev_seat", "next_seat"}
    personal = re.compile(r"\b(il|elle)\b(?!\s+(en\s+)?faut|\s+(lui\s+)?rest(e|ait)\b|\s+y a)")
    things = {"explain.lead_high_spade"}        # "elle" is the queen of spades there
    guessed = [key for key, text in catalog("fr").items()
               if key not in things and placeholders(text) & players and personal.search(text)]
    assert guessed == []


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize(("total", "games", "deals", "seconds"), [
    (100_000, 12_345, 98_765, 3723), (10, 1, 3, 10), (None, 123_456, 987_654, 40_000)])
def test_the_progress_line_keeps_its_times_whole_on_80_columns(
        lang: str, total: int | None, games: int, deals: int, seconds: float,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Big counts in French ("12 345 parties 98 765 donnes") leave the
    elapsed and remaining times whole: the other unit's rate goes first,
    then the bar narrows ("0:06:…" was the issue)."""
    import io
    import time

    from rich.console import Console

    from hearts_notation.i18n import current_language, set_language
    from hearts_notation.progress import CorpusProgress

    monkeypatch.setenv("COLUMNS", "80")
    before = current_language()
    set_language(lang)
    try:
        bar = CorpusProgress("annotate", total=total, unit="deals", enabled=True)
        bar.start()
        bar._start = time.perf_counter() - seconds
        bar.advance(games, deals)
        bar._refresh(force=True)
        progress = bar._progress
        assert progress is not None
        out = Console(width=80, file=io.StringIO(), record=True, color_system=None)
        out.print(progress.make_tasks_table(progress.tasks))
        bar.stop()
    finally:
        set_language(before)
    line = out.export_text().strip()
    assert "…" not in line, line
    assert re.search(r"\d:\d\d:\d\d( -:--:--| \d:\d\d:\d\d)?$", line), line
    counted = f"{games:,}".replace(",", "\u202f" if lang == "fr" else ",")
    assert counted in line, line


#: How each form the French reader advertises ("on attendait une ligne comme
#: ...") goes on, as the French guide writes it.
_ADVERTISED = {
    '[Tag "valeur"]': '[Tag "valeur"]', "donne 1": "donne 1",
    "N: AQ4.K93.J862.T75": "N: AQ4.K93.J862.T75", "passe N: ...": "passe N: D♠ A♠ A♥",
    "1. S 2♣ ...": "1. N 2♣", "marque ...": "marque N 6 E 4 S 13 O 3",
    "total ...": "total N 6 E 4 S 13 O 3", "capot ...": "capot S", "*": "*",
    "résultat ...": "résultat S",
}


def test_every_form_the_french_reader_advertises_reads() -> None:
    """Never advertise a form the reader refuses: each line the French
    syntax message offers as an example is read without a syntax error."""
    from hearts_notation.i18n import translate
    from hearts_notation.io.hrn.reader import iter_hrn
    from hearts_notation.referee import check_game

    listed = translate("fr", "expect.line_start").removeprefix("une ligne comme ")
    forms = [f for part in listed.split(", ") for f in part.split(" ou ")]
    assert sorted(forms) == sorted(_ADVERTISED), forms
    for form in forms:
        line = _ADVERTISED[form]
        head = "" if line.startswith(("[", "donne")) else "donne 1\n"
        text = head + line + "\n"
        codes = [f.code for g in iter_hrn(text) for f in check_game(g).findings]
        assert "syntax-error" not in codes, (form, codes)


def test_every_test_the_promises_page_names_exists() -> None:
    """docs/fr/promesses.md maps each bullet of issue 23 to its tests: each
    file::test it names is a test of that file."""
    page = (ROOT / "docs" / "fr" / "promesses.md").read_text("utf-8")
    named: list[tuple[str, str]] = []
    for cell in re.findall(r"\| ([^|]*`tests/[^|]*)\|\s*$", page, re.M):
        current = ""
        for ref in re.findall(r"`([^`]+)`", cell):
            path, _, name = ref.rpartition("::")
            current = path or current
            named.append((current, name))
    assert len(named) > 30
    for path, name in named:
        text = (ROOT / path).read_text("utf-8")
        assert re.search(rf"^def {re.escape(name)}\(", text, re.M), (path, name)


def test_hint_on_a_sheet_says_it_is_a_sheet(monkeypatch: pytest.MonkeyPatch) -> None:
    """A score sheet has no cards to advise on: hint says so, not that "the
    seats still to pass have no known hand"."""
    out, status = _hearts("hint", EVENING_1, monkeypatch=monkeypatch)
    assert status == 2
    assert ("la donne 9 est tenue sur une feuille de marque : ses cartes ne sont pas notées, "
            "il n'y a rien à conseiller") in out, out
    out, _ = _hearts("hint", "--lang", "en", EVENING_1, monkeypatch=monkeypatch)
    assert "deal 9 is kept as a score sheet: its cards are not recorded" in out, out


def test_a_sheet_of_one_deal_is_told_in_the_singular(monkeypatch: pytest.MonkeyPatch,
                                                     tmp_path: Path) -> None:
    """"seuls les points de ses un donnes" was the narration of a one-deal
    sheet; a moon the player chose to take off is told so."""
    sheet = tmp_path / "choix.hrn"
    sheet.write_text('[Événement "Choix"]\n[Règles "moon-choice"]\n[Nord "Sylvie"]\n[Est "Bernard"]\n'
                     '[Sud "Hélène"]\n[Ouest "Odile"]\n\ndonne 1\ncapot S retire\n'
                     "marque N 0 E 0 S -26 O 0\ntotal N 0 E 0 S -26 O 0\n", encoding="utf-8")
    out, status = _hearts("replay", "--narrate", str(sheet), monkeypatch=monkeypatch)
    flat = " ".join(out.split())
    assert status == 0, out
    assert "seuls les points de son unique donne sont connus" in flat, flat
    assert "Hélène a fait capot à la donne 1 : Hélène retranche 26 points." in flat
    out, _ = _hearts("replay", "--narrate", "--lang", "en", str(sheet), monkeypatch=monkeypatch)
    assert "only the points of its one deal are known" in " ".join(out.split())


def test_a_sheet_deal_is_marked_by_its_number_not_in_the_moon_column(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Under "capot" the table says who shot the moon, and nothing else: a
    deal kept by its score line is marked "(feuille)" after its number, as on
    the printed sheet ("feuille de marque" under "capot" misled)."""
    out, _ = _hearts("score", EVENING_1, monkeypatch=monkeypatch)
    assert re.search(r"│ +1 \(feuille\) │ +4 │ +15 │ +2 │ +5 │ +│", out), out
    assert re.search(r"│ +4 \(feuille\) │ +26 │ +0 │ +26 │ +26 │ Bernard ajoute +│", out), out
    assert "feuille de marque │" not in out
    out, _ = _hearts("score", "--lang", "en", EVENING_1, monkeypatch=monkeypatch)
    assert re.search(r"│ +4 \(sheet\) │ +26 │ +0 │ +26 │ +26 │ Bernard add +│", out), out
