"""Hostile files from other programs through the commands (the input6
campaign, docs/robustness.md): each test is a defect the campaign found,
run in-process through click's runner, cheap (well under a CPU-second).
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from hearts_notation.cli import cli
from hearts_notation.language import record_language

SAMPLES = Path(__file__).resolve().parent.parent / "samples"


def run(*args: str, input: str | bytes | None = None):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(cli, list(args), input=input, catch_exceptions=False)


# Files that hold no game: unusable input in every format -------------------------

NO_GAME = [
    ("comments.yaml", "# only a comment\n\n", "no game found: the input holds only comments"),
    ("docs.yaml", "---\n---\n", "no game found: the YAML documents are empty"),
    ("null.yaml", "~\n", "no game found: the YAML documents are empty"),
    ("list.yaml", "[]\n", "no game found: the YAML documents are empty"),
    ("empty.json", "[\n  ]\n", "empty.json:2:3: no game found: the array is empty"),
]


@pytest.mark.parametrize(("name", "text", "said"), NO_GAME)
@pytest.mark.parametrize("command", [["validate"], ["score"], ["convert", "--to", "hrn"],
                                     ["replay", "--ascii"]])
def test_a_file_without_a_game_is_unusable(tmp_path: Path, command: list[str], name: str,
                                           text: str, said: str) -> None:
    """A YAML file of comments or empty documents and a JSON ``[]`` passed
    as a corpus of no game, status 0 (an HRN file of comments is refused):
    now refused the same way, status 2."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    r = run(*command, str(path))
    assert r.exit_code == 2, r.output
    assert said in r.stderr
    assert "Traceback" not in r.output


def test_a_file_without_a_game_in_french(tmp_path: Path) -> None:
    (tmp_path / "a.json").write_text("[]", encoding="utf-8")
    (tmp_path / "b.yaml").write_text("---\n", encoding="utf-8")
    r = run("validate", "--lang", "fr", str(tmp_path / "a.json"), str(tmp_path / "b.yaml"),
            str(SAMPLES / "game.yaml"))
    assert r.exit_code == 2
    assert "a.json:1:2: aucune partie trouvée : le tableau est vide" in r.stderr
    assert "b.yaml: aucune partie trouvée : les documents YAML sont vides" in r.stderr
    assert "1 partie" in r.stdout       # validate went on with the good file


# The language sniff in linear time ------------------------------------------------

def test_language_sniff_of_blank_head_is_linear() -> None:
    """``\\s*\\[?\\s*`` let two runs of blanks share a head of blank lines in
    every way: 64 KiB of newlines (a JSONL file of empty lines) cost 9
    CPU-seconds before anything was read."""
    start = time.process_time()
    assert record_language("\n" * (64 << 10)) is None
    assert time.process_time() - start < 0.2
    assert record_language('\n [ \n {"language": "fr", "deals": []}]') == "fr"


def test_a_jsonl_file_of_empty_lines(tmp_path: Path) -> None:
    path = tmp_path / "e.jsonl"
    path.write_text("\n" * 200_000, encoding="utf-8")
    start = time.process_time()
    r = run("validate", str(path))
    assert time.process_time() - start < 1.0
    assert r.exit_code == 2 and "e.jsonl: empty input: no game found" in r.stderr


# Long strings in JSON in bounded memory ---------------------------------------------

@pytest.mark.parametrize("body", ["A" * 2_000_000, "\\n" * 1_000_000, "\\u00e9x" * 300_000],
                         ids=["plain", "escapes", "mixed"])
def test_nesting_check_of_a_long_string_keeps_no_state_per_character(body: str) -> None:
    """The exact nesting scan (run when a record holds a backslash, as any
    accented name escaped by ``ensure_ascii`` does) matched strings with
    ``(?:[^"\\\\]|\\\\.)*``, a backtracking point per character: a 4 MB name
    cost 600 MB in validate, score, convert..."""
    import tracemalloc

    from hearts_notation.io.jsonio import json_too_deep

    text = '{"tags": {"Event": "Soir\\u00e9e"}, "players": {"N": "' + body + '"}, "deals": [[[]]]}'
    tracemalloc.start()
    try:
        assert json_too_deep(text) is None
        assert tracemalloc.get_traced_memory()[1] < 16 << 20
    finally:
        tracemalloc.stop()
    assert json_too_deep('{"a": "' + body + '", "b": ' + "[" * 40 + "]" * 40 + "}") is not None


# A report written over the record it is about -------------------------------------

@pytest.mark.parametrize("command", [
    ["score", "--format", "json", "{in}", "-o", "{out}"],
    ["replay", "{in}", "--html", "{out}"],
    ["diagram", "{in}", "-o", "{out}"],
    ["puzzles", "{in}", "-o", "{out}"],
], ids=["score", "replay", "diagram", "puzzles"])
def test_a_report_over_its_own_input_is_refused(tmp_path: Path, command: list[str]) -> None:
    """``score --format json g.hrn -o g.hrn`` replaced the record with its
    report (status 0, the games lost); now refused before any work, the
    record untouched, through a symbolic link or another spelling too."""
    record = tmp_path / "g.hrn"
    record.write_bytes((SAMPLES / "multi-game.hrn").read_bytes())
    before = record.read_bytes()
    (tmp_path / "link.hrn").symlink_to(record)
    for out in (str(record), str(tmp_path / "link.hrn"), f"{tmp_path}/./g.hrn"):
        args = [a.replace("{in}", str(record)).replace("{out}", out) for a in command]
        r = run(*args)
        assert r.exit_code == 2, r.output
        assert f"hearts: cannot write {out}: it is an input of this command ({record})" in r.stderr
        assert record.read_bytes() == before


def test_a_report_over_its_input_in_french_and_a_record_over_itself(tmp_path: Path) -> None:
    record = tmp_path / "g.hrn"
    record.write_bytes((SAMPLES / "canonical.hrn").read_bytes())
    r = run("score", "--lang", "fr", str(record), "-o", str(record))
    assert r.exit_code == 2
    assert "c'est un fichier que cette commande lit" in r.stderr
    # a record rewritten over itself is still the record: allowed
    assert run("convert", str(record), "-o", str(record)).exit_code == 0
    assert run("select", str(record), "-o", str(record)).exit_code == 0
    assert run("score", str(record)).exit_code == 0


# A pass direction in another case or in French -------------------------------------

@pytest.mark.parametrize(("written", "meant"), [
    ("Left", "left"), ("LEFT", "left"), ("Hold", "hold"), ("gauche", "left"),
    ("à gauche", "left"), ("À droite", "right"), ("en face", "across"), ("garde", "hold"),
    ("lfet", "left"),
])
def test_a_pass_direction_gets_its_did_you_mean(tmp_path: Path, written: str, meant: str) -> None:
    """``pass: Left`` (YAML or JSON, from a program that capitalises, or a
    French sheet's ``gauche``) listed the four words and no suggestion."""
    import json

    record = json.loads((SAMPLES / "club-night.json").read_text(encoding="utf-8"))
    record["deals"][0]["pass"] = written
    path = tmp_path / "p.json"
    path.write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")
    r = run("validate", str(path))
    assert r.exit_code == 1
    assert (f"deals[0].pass: {written!r} is not a pass direction: did you mean \"{meant}\"? "
            "(a record's pass is \"left\", \"right\", \"across\" or \"hold\", in lower case)"
            in r.stdout)


def test_a_pass_direction_in_yaml_in_french_and_a_word_near_none(tmp_path: Path) -> None:
    text = (SAMPLES / "game.yaml").read_text(encoding="utf-8").replace("pass: left", "pass: Gauche", 1)
    path = tmp_path / "p.yaml"
    path.write_text(text, encoding="utf-8")
    r = run("validate", "--lang", "fr", str(path))
    assert r.exit_code == 1
    assert ("deals[0].pass : 'Gauche' n'est pas un sens de passe : vouliez-vous dire \"left\" ?"
            in r.stdout)
    path.write_text(text.replace("pass: Gauche", "pass: sideways"), encoding="utf-8")
    r = run("validate", str(path))
    assert "'sideways' is not a pass direction; use \"left\", \"right\", \"across\" or \"hold\"" in r.stdout


# Bidirectional overrides are shown, not obeyed --------------------------------------

def test_a_right_to_left_override_in_a_name_is_escaped(tmp_path: Path) -> None:
    """A never-closed U+202E in a name turned the rest of the table's line
    backwards on a terminal that shows bidirectional text; it is now shown
    as ``\\u202e`` wherever control characters are (the table, CSV, HTML),
    while the records keep it."""
    import json

    record = json.loads((SAMPLES / "club-night.json").read_text(encoding="utf-8"))
    record["players"]["N"] = "Evil\u202eNAME\u2066x"
    path = tmp_path / "b.json"
    path.write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")
    for args in (["score", str(path)], ["score", "--format", "csv", str(path)],
                 ["score", "--format", "html", str(path)]):
        out = run(*args).stdout
        assert "Evil\\u202eNAME\\u2066x" in out and "\u202e" not in out and "\u2066" not in out
    # JSON (reports and records) escapes them too; the value is the same
    converted = run("convert", "--to", "jsonl", str(path)).stdout
    assert "\u202e" not in converted and "\\u202e" in converted
    assert json.loads(converted)["players"]["N"] == "Evil\u202eNAME\u2066x"
    report = run("score", "--format", "json", str(path)).stdout
    assert "\u202e" not in report and "\\u202e" in report
    assert "Evil\u202eNAME\u2066x" in json.dumps(json.loads(report), ensure_ascii=False)


# A game of a .json document is bounded as a JSONL line is ----------------------------

@pytest.mark.parametrize("size", [1_500, 50_000], ids=["just-over", "far-over"])
def test_a_json_game_over_the_record_limit_is_refused(tmp_path: Path, size: int) -> None:
    """A .json game was read whole whatever its size (a 200 MB game held
    800 MB; the JSONL line and the writers stop at ``HEARTS_MAX_RECORD``):
    now refused at the game's first character, status 2."""
    import json

    from hearts_notation.io.limits import Limits, set_limits

    game = json.loads((SAMPLES / "club-night.json").read_text(encoding="utf-8"))
    small = {"deals": game["deals"][:1]}
    big = {"tags": {"Event": "x" * size}, "deals": game["deals"][:1]}
    path = tmp_path / "a.json"
    path.write_text(json.dumps([small, big]), encoding="utf-8")
    at = len(json.dumps([small, big]).split(', {"tags"')[0]) + 3
    set_limits(Limits(record=max(1_000, len(json.dumps(small)) + 10)))
    try:
        r = run("validate", "--jobs", "1", str(path))
        assert r.exit_code == 2
        assert f"a.json:1:{at}: a game's length in characters is over the limit of" in r.stderr
        assert "(set HEARTS_MAX_RECORD to raise it)" in r.stderr
        path.write_text(json.dumps([small, small]), encoding="utf-8")
        r = run("validate", "--jobs", "1", str(path))
        assert r.exit_code in (0, 1) and "over the limit" not in r.output
    finally:
        set_limits(None)


def test_a_yaml_game_over_the_record_limit_is_refused(tmp_path: Path) -> None:
    """A YAML document was composed whole whatever its size (a 200 MB game
    held 480 MB); the reader now stops where it goes over ``record``, while
    documents each within it pass however many there are."""
    from hearts_notation.io.limits import Limits, set_limits

    game = (SAMPLES / "game.yaml").read_text(encoding="utf-8")
    path = tmp_path / "a.yaml"
    path.write_text(("---\n" + game) * 12, encoding="utf-8")       # 12 games, 48 KB
    set_limits(Limits(record=20_000))
    try:
        r = run("validate", "--jobs", "1", str(path))
        assert r.exit_code == 0 and "12 games" in r.stdout
        long_game = game.replace("Kitchen table", "x" * 30_000)
        path.write_text("---\n" + game + "---\n" + long_game, encoding="utf-8")
        r = run("validate", "--jobs", "1", str(path))
        assert r.exit_code == 2
        assert ("a.yaml:" in r.stderr and "a game's length in characters is over the limit of "
                "20,000 (set HEARTS_MAX_RECORD to raise it)" in r.stderr)
    finally:
        set_limits(None)


# A file that is no record says what it is --------------------------------------------

@pytest.mark.parametrize(("head", "kind"), [
    (b"PK\x03\x04\x14\x00\x00\x00", "a ZIP archive (as .docx, .xlsx and .odt files are)"),
    (b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n", "a PDF document"),
    (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "a PNG image"),
    (b"\x1f\x8b\x08\x00\x00\x00", "a file compressed with gzip (decompress it first)"),
], ids=["zip", "pdf", "png", "gzip"])
def test_a_known_kind_of_file_is_named(tmp_path: Path, head: bytes, kind: str) -> None:
    """A ZIP, a PDF, an image given as a record said "binary data (NUL byte
    at offset 5)" or "not UTF-8 text (byte 0xe2)" at 2:2: true, but not what
    the file is."""
    path = tmp_path / "sheet.hrn"
    path.write_bytes(head + bytes(range(256)))
    said = f"{kind}, not a text record; expected UTF-8 text: export or save the record as text"
    for args in (["validate", str(path)], ["convert", str(path)], ["score", "-"]):
        r = run(*args, input=path.read_bytes() if args[-1] == "-" else None)
        assert r.exit_code == 2
        assert said in r.stderr
    r = run("validate", "--lang", "fr", str(path))
    assert "pas une feuille en texte ; on attendait du texte UTF-8" in r.stderr


# Every text of a record fits an HRN line ---------------------------------------------

@pytest.mark.parametrize("field", ["players", "tags", "comment"])
def test_a_text_longer_than_a_line_is_refused_at_its_field(tmp_path: Path, field: str) -> None:
    """A 1 MB name in a JSON record was read (an HRN line cannot hold it:
    convert --to hrn refused it only when writing) and came back 75 times in
    a replay page (1 MB: 470 MB of memory).  Now refused at its field by the
    model's reader, and left to it by validate's compact check."""
    import json
    import random

    from hearts_notation.generate import random_game
    from hearts_notation.io import dumps
    from hearts_notation.io.limits import Limits, set_limits
    from hearts_notation.rules import parse_rules

    # (a plain record, as programs write them: the one validate's compact
    # check takes; a record with escapes goes the model's way anyway)
    game = random_game(parse_rules("standard"), random.Random(1), deals=1)
    record = json.loads(dumps([game], "jsonl"))
    record.setdefault("players", {})
    long_text = "x" * 1_500
    if field == "players":
        record["players"]["N"], where = long_text, "players.N"
    elif field == "tags":
        record["tags"]["Event"], where = long_text, "tags.Event"
    else:
        record["comment"], where = long_text, "comment"
    path = tmp_path / "long.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    said = f"{where}: a text of 1,500 characters is over the limit of 1,000 (set HEARTS_MAX_LINE"
    set_limits(Limits(line=1_000))
    try:
        r = run("validate", "--jobs", "1", str(path))
        assert r.exit_code == 1 and said in r.stdout
        r = run("replay", str(path), "--html", str(tmp_path / "page.html"))
        assert r.exit_code == 2 and said in r.stderr
        assert not (tmp_path / "page.html").exists()
    finally:
        set_limits(None)
    assert run("validate", "--jobs", "1", str(path)).exit_code == 0


def test_a_tree_record_with_a_text_longer_than_a_line_is_not_written() -> None:
    """The JSON, JSONL and YAML writers write only what their reader takes
    back: a name over the ``line`` limit stops the write, naming it."""
    import dataclasses
    import random

    from hearts_notation.generate import random_game
    from hearts_notation.io import dumps
    from hearts_notation.io.limits import Limits, set_limits
    from hearts_notation.output import OutputError
    from hearts_notation.rules import parse_rules

    game = random_game(parse_rules("standard"), random.Random(1), deals=1)
    game = dataclasses.replace(game, players={"N": "y" * 1_200})
    set_limits(Limits(line=1_000))
    try:
        for fmt in ("json", "jsonl", "yaml"):
            with pytest.raises(OutputError) as caught:
                dumps([game], fmt)
            assert str(caught.value) == (
                f"cannot write {fmt.upper()}: game 1: the name of N: a text of 1,200 characters "
                "is over the limit of 1,000 (set HEARTS_MAX_LINE to raise it); the file would "
                "not read back")
    finally:
        set_limits(None)


# Encodings as files arrive from Windows and phones -----------------------------------

_FRENCH_NOTE = "; Soirée : Dame de pique gardée à gauche\n"


def test_a_windows_1252_sheet_is_refused_at_its_letter(tmp_path: Path) -> None:
    """A French sheet saved in Windows-1252 said "not UTF-8 text (byte 0xe9)":
    the letter is now named, so the user sees which word, and why."""
    text = (SAMPLES / "canonical.hrn").read_text(encoding="utf-8")
    path = tmp_path / "feuille.hrn"
    path.write_bytes((_FRENCH_NOTE + text).encode("cp1252"))
    r = run("validate", str(path))
    assert r.exit_code == 2
    assert ("feuille.hrn:1:7: not UTF-8 text (byte 0xe9, the letter é in Windows-1252 or "
            "Latin-1, as an old editor saves it); save the file as UTF-8") in r.stderr
    r = run("convert", "--lang", "fr", str(path))
    assert r.exit_code == 2 and "(octet 0xe9, la lettre é en Windows-1252 ou Latin-1" in r.stderr


@pytest.mark.parametrize("encoding", ["utf-8-sig", "utf-16", "utf-16-be-bom", "crlf"])
def test_a_french_sheet_from_windows_reads_as_the_same_games(tmp_path: Path, encoding: str) -> None:
    text = _FRENCH_NOTE + (SAMPLES / "canonical.hrn").read_text(encoding="utf-8")
    if encoding == "utf-16-be-bom":
        data = b"\xfe\xff" + text.encode("utf-16-be")
    elif encoding == "crlf":
        data = text.replace("\n", "\r\n").encode("utf-8")
    else:
        data = text.encode(encoding)
    path = tmp_path / "feuille.hrn"
    path.write_bytes(data)
    (tmp_path / "plain.hrn").write_text(text, encoding="utf-8")
    r = run("convert", "--to", "jsonl", str(path))
    assert r.exit_code == 0, r.stderr
    assert r.stdout == run("convert", "--to", "jsonl", str(tmp_path / "plain.hrn")).stdout


@pytest.mark.parametrize(("written", "meant"), [("Add", "add"), ("ajoute", "add"),
                                                ("Retire", "subtract"), ("substract", "subtract")])
def test_a_moon_choice_gets_its_did_you_mean(tmp_path: Path, written: str, meant: str) -> None:
    import json

    record = json.loads((SAMPLES / "club-night.json").read_text(encoding="utf-8"))
    record["deals"][0]["moon"] = {"seat": "N", "choice": written}
    path = tmp_path / "m.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    r = run("validate", str(path))
    assert r.exit_code == 1
    assert (f"deals[0].moon.choice: {written!r} is not a moon choice: did you mean \"{meant}\"?"
            in r.stdout)
