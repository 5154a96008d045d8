"""Acceptance probes of 3 December: hostile files and hand-typed French records
through the finished program, each with the message a person reads (golden
text, English and French), its place and its exit status, never a traceback.

Each test here failed before the fix it names."""

from __future__ import annotations

from pathlib import Path

from hearts_notation.io import read_games
from tests.clirun import run, write

# YAML: what the constructor refuses is told by the catalogs -------------------------
#
# A date that is no date (or ``!!int "abc"``) used to be reported as "a number
# has too many digits (over 4,300)", and a ``!!python/...`` tag or a list used
# as a key in PyYAML's English words under --lang fr.


def test_yaml_value_its_type_cannot_hold_is_not_called_too_many_digits(tmp_path: Path) -> None:
    path = write(tmp_path, "d.yaml", "tags: {Date: 2025-13-45}\ndeals: []\n")
    code, out = run("validate", path, "--lang", "en")
    assert code == 1
    assert out.splitlines()[0] == (
        f"{path}:1:1: error: not valid YAML here: a value its YAML type cannot hold "
        "(a date or a number written wrong) [syntax-error]"
    )
    code, out = run("validate", path, "--lang", "fr")
    assert out.splitlines()[0] == (
        f"{path}:1:1: erreur: YAML non valide ici : une valeur que son type YAML ne peut pas "
        "contenir (une date ou un nombre mal écrit) [syntax-error]"
    )
    path = write(tmp_path, "i.yaml", 'deals: [{number: !!int "abc"}]\n')
    code, out = run("convert", path, "--to", "json")
    assert code == 2 and "too many digits" not in out and "a value its YAML type cannot hold" in out


def test_yaml_python_tag_and_unhashable_key_in_both_languages(tmp_path: Path) -> None:
    path = write(tmp_path, "t.yaml", 'deals: !!python/object/apply:os.system ["true"]\n')
    code, out = run("validate", path, "--lang", "fr")
    assert code == 1
    assert out.splitlines()[0] == (
        f"{path}:1:8: erreur: YAML non valide : une étiquette YAML qu'une partie n'emploie pas "
        "(comme !!python/...) ; écrivez des valeurs simples [syntax-error]"
    )
    code, out = run("validate", path, "--lang", "en")
    assert out.splitlines()[0] == (
        f"{path}:1:8: error: not valid YAML: a tag a record does not use (such as !!python/...); "
        "write plain values [syntax-error]"
    )
    path = write(tmp_path, "k.yaml", "players: {? [a, b] : c}\ndeals: []\n")
    code, out = run("validate", path, "--lang", "fr")
    assert out.splitlines()[0] == (
        f"{path}:1:13: erreur: YAML non valide : une liste ou un dictionnaire employé comme clé ; "
        "les clés sont des valeurs simples [syntax-error]"
    )


# Lone CR line ends (old Mac editors) ---------------------------------------------------
#
# Only LF ends an HRN line, so such a file is one long line: it used to be "no game
# found: the input holds only comments" (a file that opens with a ``;`` note) or an
# "expected ..., found 'deal'" far along line 1.

FRENCH_DEAL = """[Événement "Soirée"]
[Nord "Odile"]

donne 1 donneur E passe gauche
N: ?
"""


def test_lone_cr_line_ends_read_as_line_ends(tmp_path: Path) -> None:
    """An old Mac's lone CR ends a line (typed16: it was refused, "save the
    file with LF"): the file reads as its LF twin, after a note too; CR LF
    reads as before."""
    want = run("convert", write(tmp_path, "lf.hrn", "; feuille du jeudi\n" + FRENCH_DEAL),
               "--to", "json")
    path = write(tmp_path, "cr.hrn", ("; feuille du jeudi\n" + FRENCH_DEAL).replace("\n", "\r"))
    assert run("convert", path, "--to", "json") == want
    path = write(tmp_path, "crlf.hrn", FRENCH_DEAL.replace("\n", "\r\n") + "*\r\n")
    assert run("validate", path)[0] == 0


# A word processor's French typography ---------------------------------------------------
#
# LibreOffice and Word put a (narrow) no-break space before ``:`` ``;`` ``!`` ``?`` and
# turn "..." into « ... »; the message used to say "found ' '" (the no-break space
# printed as a blank) and "found '«'" with no hint.  The visible ones are blanks now
# (docs/spec.md 2.1); a zero-width space, which no one sees, is still named.


def test_no_break_spaces_are_blanks_and_a_zero_width_one_is_named(tmp_path: Path) -> None:
    path = write(tmp_path, "nbsp.hrn", FRENCH_DEAL.replace("N: ?", "N\u202f:\u00a0?")
                 + "1.\u202fN 2♣ {la\u00a0carte\u202f!}\n*\n")
    code, out = run("validate", path, "--lang", "fr")
    assert code == 0, out
    (game,) = read_games(path)
    assert game.deals[0].tricks[0].plays[0].comment == "la\u00a0carte\u202f!"   # a comment keeps its own
    path = write(tmp_path, "zwsp.hrn", FRENCH_DEAL + "1.\u200bN 2♣\n*\n")
    code, out = run("validate", path, "--lang", "fr")
    assert code == 1
    assert out.splitlines()[:3] == [
        f"{path}:6:3: erreur: trouvé une espace spéciale (U+200B : une espace insécable, fine ou "
        "sans chasse, comme un traitement de texte en met devant : ou ?) là où la notation veut "
        "une espace ordinaire ou un mot : tapez une espace ordinaire [syntax-error]",
        "    1.\u200bN 2♣",
        "      ^",
    ]


def test_typographic_quotes_in_a_tag_are_named(tmp_path: Path) -> None:
    path = write(tmp_path, "q.hrn", FRENCH_DEAL.replace('"Odile"', "« Odile »") + "*\n")
    code, out = run("validate", path, "--lang", "fr")
    assert code == 1
    assert out.splitlines()[0] == (
        f"{path}:2:7: erreur: trouvé '«' : une valeur de balise s'écrit entre guillemets droits, "
        '"Club", pas « » ni “ ” : écrivez [Nord "Odile"] [syntax-error]'
    )
    path = write(tmp_path, "q2.hrn", FRENCH_DEAL.replace('"Odile"', "“Odile”") + "*\n")
    code, out = run("validate", path, "--lang", "en")
    assert out.splitlines()[0] == (
        f"{path}:2:7: error: found '“Odile”]': a tag value is written between straight quotes, "
        '"Club", not « » or “ ”: write [Nord "Odile"] [syntax-error]'
    )


# A folder where a file is wanted ------------------------------------------------------
#
# The language of the messages is sniffed from the first HRN record of the paths given;
# for a folder it walked the whole tree (``sorted(rglob)``) before ``replay /`` could
# say "is a directory": ten seconds and more on a real machine.


def test_the_language_sniff_stops_early_in_a_big_folder(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from hearts_notation import language

    (tmp_path / "b").mkdir()
    write(tmp_path / "b", "z.hrn", FRENCH_DEAL)
    write(tmp_path, "b.hrn", '[Event "x"]\n')
    write(tmp_path, "a.txt", "")
    # the first record in sorted path order, as before (b/z.hrn sorts before b.hrn)
    assert language.paths_language([str(tmp_path)]) == "fr"
    code, out = run("replay", str(tmp_path))
    assert code == 2 and out.splitlines()[0] == f"{tmp_path}: est un dossier, pas un fichier de partie"
    monkeypatch.setattr(language, "_SNIFF_ENTRIES", 2)
    assert language.paths_language([str(tmp_path)]) is None


# A refused JSON record is located in every command ------------------------------------
#
# ``validate`` and ``score`` named the faulty field's line and column; ``convert``,
# ``replay``, ``position``, ``diagram`` (the model's reader of ``.json``) gave
# ``file:line`` of the game only, without the column and the caret.


def test_json_field_error_has_its_column_in_convert_and_replay(tmp_path: Path) -> None:
    path = write(tmp_path, "b.json", '{"deals":[{"number": true, "unfinished": "yes"}]}\n')
    for command in (["convert", path, "--to", "hrn"], ["replay", path], ["position", path]):
        code, out = run(*command, "--lang", "en")
        assert code == 2
        assert out.splitlines()[:3] == [
            f"{path}:1:22: error: deals[0].number: true is not a deal number (1, 2, ...) [syntax-error]",
            '    {"deals":[{"number": true, "unfinished": "yes"}]}',
            "                         ^",
        ], command


def test_json_field_error_is_located_past_the_first_megabyte(tmp_path: Path) -> None:
    import json

    from hearts_notation.io.jsonio import iter_json

    game = json.loads(Path(__file__).parent.parent.joinpath("samples", "club-night.json").read_text())
    games = (game if isinstance(game, list) else [game]) * 200
    bad = json.loads(json.dumps(games[-1]))
    bad["deals"][-1]["dealer"] = "<b>"
    text = json.dumps([*games, bad], indent=2, ensure_ascii=False)
    assert len(text) > 2 << 20
    path = write(tmp_path, "big.json", text)
    at = text.index('"<b>"')
    line, column = text.count("\n", 0, at) + 1, at - text.rfind("\n", 0, at)
    errors = [f for g in read_games(path) for f in g.errors]
    assert [(f.line, f.column) for f in errors] == [(line, column)]
    # the whole text at once: the window is compacted past the records before it
    errors = [f for g in iter_json(text, path) for f in g.errors]
    assert [(f.line, f.column) for f in errors] == [(line, column)]
    _code, out = run("validate", path, "--jobs", "1")
    assert f"{path}:{line}:{column}: error: game {len(games) + 1}: deals[" in out


# Values quoted as the record spells them ------------------------------------------------
#
# Messages quoted JSON and YAML values in Python's spelling: "True is not a deal
# number", "nan", "inf" for 1e400, and named YAML's types by Python's ("found a date",
# "found a bytes", "found a tuple").  A JSON number is named as typed (1e400, not the
# Infinity it is read as: leftovers6).


def test_json_values_are_quoted_in_json_spelling(tmp_path: Path) -> None:
    for value, shown in (("true", "true"), ("NaN", "NaN"), ("1e400", "1e400"), ("1.5", "1.5")):
        path = write(tmp_path, "v.json", '{"deals":[{"number": ' + value + "}]}")
        code, out = run("validate", path, "--lang", "en")
        assert code == 1
        assert out.splitlines()[0] == (
            f"{path}:1:22: error: deals[0].number: {shown} is not a deal number (1, 2, ...) [syntax-error]"
        )


def test_yaml_date_and_binary_are_named(tmp_path: Path) -> None:
    # A tag's value is text, so an unquoted date is taken as written (yaml5);
    # where a seat is meant, the date is named.
    path = write(tmp_path, "d.yaml", "tags: {Date: 2025-11-16}\ndeals:\n- dealer: 2025-11-16\n")
    code, out = run("validate", path, "--lang", "fr")
    assert code == 1
    assert out.splitlines()[0] == (
        f"{path}:3:11: erreur: deals[0].dealer : une date (écrivez-la entre guillemets pour la "
        "garder en texte) n'est pas un nom de place : une lettre de A à Z, puis jusqu'à 7 lettres "
        "de A à Z ou chiffres, sans accent [syntax-error]"
    )
    path = write(tmp_path, "b.yaml", "tags: {Event: !!binary aGVsbG8=}\ndeals: []\n")
    code, out = run("validate", path, "--lang", "en")
    assert out.splitlines()[0] == (
        f"{path}:1:15: error: tags.Event: tag values are strings, found binary data [syntax-error]"
    )
    path = write(tmp_path, "o.yaml", "deals: !!omap [a: 1]\n")
    code, out = run("validate", path, "--lang", "en")
    assert out.splitlines()[0] == (
        f"{path}:1:16: error: deals[0]: expected an object, found a list [syntax-error]"
    )


# Plurals in the standings' heading -------------------------------------------------------
#
# "Classement — 1 parties (0 terminées), 2 donnes (...), 1 fichiers": the heading was
# one format string with the plural written into it, in the table and the HTML page.


def test_standings_heading_counts_in_each_language(tmp_path: Path) -> None:
    path = write(tmp_path, "s.hrn", FRENCH_DEAL + "*\n")
    code, out = run("standings", path, "--lang", "fr")
    assert code in (0, 1), out
    assert out.splitlines()[0] == (
        "Classement — 1 partie (0 terminée), 0 donne (0 sur feuille de marque), 1 fichier"
    )
    _code, out = run("standings", path, "--lang", "en")
    assert out.splitlines()[0] == "Standings — 1 game (0 finished), 0 deals (0 from score sheets), 1 file"
    out_file = tmp_path / "s.html"
    run("standings", path, "--lang", "fr", "--format", "html", "-o", str(out_file))
    assert (
        '<p class="meta">1 partie (0 terminée), 0 donne (0 sur feuille de marque), 1 fichier</p>'
        in out_file.read_text()
    )


def test_jsonl_with_lone_cr_line_ends_is_named(tmp_path: Path) -> None:
    record = '{"tags":{"Event":"Soirée"},"deals":[]}'
    path = write(tmp_path, "cr.jsonl", record + "\r" + record + "\r")
    for command in ("validate", "convert"):
        _code, out = run(command, path, "--lang", "en")
        assert out.splitlines()[0] == (
            f"{path}:1:{len(record) + 1}: error: the lines end with a lone carriage return (CR, old Mac "
            "line ends), and only a line feed (LF) ends a line: save the file with LF or CR LF line ends "
            "[syntax-error]"
        ), command
    # other data after a record is still "Extra data"
    path = write(tmp_path, "x.jsonl", record + " x\n")
    assert "not valid JSON: Extra data" in run("validate", path, "--lang", "en")[1]


# The language server's input is bounded ---------------------------------------------------
#
# ``Content-Length: 99999999999999`` made pygls allocate the body: "hearts: internal
# error: MemoryError", exit 3; a body that is not JSON printed pygls's traceback.


def _lsp(data: bytes, *args: str) -> tuple[int, str]:
    import subprocess
    import sys

    proc = subprocess.run(
        [sys.executable, "-m", "hearts_notation", "lsp", *args], input=data, capture_output=True, timeout=60
    )
    return proc.returncode, proc.stderr.decode()


def test_lsp_message_over_the_limit_is_one_line_and_status_2() -> None:
    code, err = _lsp(b"Content-Length: 99999999999999\r\n\r\n{}", "--lang", "fr")
    assert code == 2
    assert err == (
        "hearts: un message de l'éditeur annonce 99\u202f999\u202f999\u202f999\u202f999 octets, "
        "au-delà de la limite de 268\u202f435\u202f456 (pour l'augmenter, "
        "réglez HEARTS_MAX_DOCUMENT) ; le serveur s'arrête\n"
    )


def test_lsp_broken_message_is_logged_without_traceback() -> None:
    code, err = _lsp(b'Content-Length: 5\r\n\r\n{"a":')
    assert code == 1  # the client went away without shutdown
    assert "Traceback" not in err
    assert err == ("hearts lsp: message 1 from the editor is refused: its body is not valid JSON "
                   "(line 1, column 6)\n")   # in the catalogs' words (tests/test_editor_jsonrpc.py)


# replay --analysis reads its report as every reader reads ----------------------------------
#
# A deeply nested file ended in "internal error: RecursionError" (exit 3); /dev/zero was
# read whole until the system killed the process (137).


def test_replay_analysis_report_is_read_bounded(tmp_path: Path) -> None:
    record = str(Path(__file__).parent.parent / "samples" / "commented-example.hrn")
    page = str(tmp_path / "r.html")
    deep = write(tmp_path, "deep.json", "[" * 100_000 + "]" * 100_000)
    code, out = run("replay", record, "--html", page, "--analysis", deep, "--lang", "en")
    assert code == 2
    assert out.splitlines()[0] == (
        f"hearts: {deep}:1:33: not a JSON report of 'hearts annotate --format json': the nesting of "
        "JSON values is over the limit of 32 (set HEARTS_MAX_DEPTH to raise it)"
    )
    code, out = run("replay", record, "--html", page, "--analysis", "/dev/zero", "--lang", "en")
    assert code == 2
    assert out.splitlines()[0] == (
        "hearts: /dev/zero: binary data, not a text record (NUL byte at offset 0); expected UTF-8 text"
    )


# --aliases from a device ------------------------------------------------------------------
#
# The size was checked by stat (0 for /dev/zero), then the file read whole: "internal
# error: MemoryError", exit 3, or the system's out-of-memory killer.


def test_aliases_from_dev_zero_is_refused_at_once(tmp_path: Path) -> None:
    path = write(tmp_path, "s.hrn", FRENCH_DEAL + "*\n")
    code, out = run("standings", path, "--aliases", "/dev/zero", "--lang", "en")
    assert code == 2
    assert out.splitlines()[0] == (
        "hearts: /dev/zero: binary data, not a text record (NUL byte at offset 0); expected UTF-8 text"
    )


# A bot (independent software) answering JSON nested past the decoder -----------------------
#
# json.loads raised RecursionError, not the ValueError the protocol caught: "internal
# error: RecursionError", exit 3, instead of a malformed answer replaced and reported.


def test_bot_answer_nested_too_deep_is_a_malformed_fault(tmp_path: Path) -> None:
    import sys

    bot = write(
        tmp_path,
        "deep.py",
        (
            "import sys\n"
            "for line in sys.stdin:\n"
            "    sys.stdout.write('[' * 5000 + ']' * 5000 + '\\n'); sys.stdout.flush()\n"
        ),
    )
    out_file = str(tmp_path / "m.jsonl")
    code, out = run(
        "match",
        "-p",
        f"cmd:{sys.executable} {bot}",
        "-p",
        "heuristic",
        "-p",
        "heuristic",
        "-p",
        "heuristic",
        "--deals",
        "1",
        "-o",
        out_file,
        "--lang",
        "en",
    )
    assert code == 1, out
    assert "malformed answer" in out
    assert Path(out_file).read_text().count("\n") == 1


# OpenSpiel exports from independent software -----------------------------------------------
#
# The state JSON and history readers decoded with json.loads unchecked: deep brackets
# were "internal error: RecursionError" and a number of 5,000 digits "internal error:
# ValueError: Exceeds the limit (4300 digits)", exit 3.


def test_openspiel_readers_refuse_deep_and_long_numbers_at_their_place(tmp_path: Path) -> None:
    deep = write(tmp_path, "deep.json", "[" * 100_000 + "]" * 100_000)
    for fmt in ("openspiel", "openspiel-history"):
        code, out = run("validate", deep, "--from", fmt, "--lang", "en")
        assert code == 2, fmt
        assert out.splitlines()[0] == (
            f"{deep}:1:33: the nesting of JSON values is over the limit of 32 (set HEARTS_MAX_DEPTH "
            "to raise it)"
        ), fmt
    lines = write(tmp_path, "h.oshist", "[1, 2]\n" + "[" * 100_000 + "\n")
    code, out = run("convert", lines, "--from", "openspiel-history", "--to", "json", "--lang", "en")
    assert code == 2 and out.splitlines()[0].startswith(f"{lines}:2:33: the nesting of JSON values")
    big = write(tmp_path, "big.json", '{"deals": [{"number": 1' + "0" * 5000 + "}]}")
    code, out = run("convert", big, "--from", "openspiel", "--to", "json", "--lang", "en")
    assert code == 2
    assert "not valid JSON here: a number has too many digits (over 4,300)" in out
    assert "internal error" not in out
