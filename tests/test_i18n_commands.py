"""Every command, run with --lang fr (and with LANG=fr_FR.UTF-8) on the shipped
samples, prints no English word a player would read; with --lang en, no
French word.  The record's own words (comments, tag values, player names,
seat names) are the record's, not the program's, and are left out of the
check, as are the notation's identifiers (rule keys, presets, finding codes).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from hearts_notation.io import InputError, read_games
from hearts_notation.rules import RULE_KEYS, preset_names
from tests.budget import long_unless

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "samples").glob("*.hrn"))

#: English words a player would read (not words French writes the same:
#: "points", "total", "info", "corpus", "code", "description", "passes").
ENGLISH = frozenset("""
    trick tricks player players error errors expected deal deals lead leads led hearts spades
    clubs diamonds score warning warnings found played plays holding holds passed pass
    hand hands seat seats game games rules the and which not could with was were is are of but
    after before none no by recorded record checked known check each out turn first shoot shot
    took taken winner winners wins win won share shared moon moons valid file files total_points
    average avg decision decisions accuracy lost why card cards mark dealer rank ranks left right
    across hold unknown queen jack king ace over finished complete seat direction severity count
    count findings players print override expected object objects list string field unknown
    missing cannot write wrote read nesting limit value values number digits empty history
    state section whole interrupted directory should must needs invalid delimiter expecting
    data extra
""".split())

#: The notation's keywords and tag names (English and French), written into
#: a record in the record's own language whatever the messages' language.
NOTATION_WORDS = frozenset("""
    deal dealer pass score total moon result left right across hold add subtract
    event site round annotator rules seats north east south west
    donne donneur passe marque chelem capot résultat gauche droite face garde ajoute retire
    événement lieu manche annotateur règles places nord est sud ouest
""".split())

#: French words that have no business in an English output.
FRENCH = frozenset("""
    donne donnes pli plis joueur joueurs erreur erreurs avertissement attendu entame entamé cœur
    cœurs pique trèfle carreau marque partie parties main mains carte cartes règles le la les et
    mais aucun aucune pas une à avec après avant qui que est sont au aux par pour de du des sa
    ses irrégularité capot capots feuille place places gagnées donneur remporté gauche droite
    face moyenne décision précision fichier fichiers victoires sens constats attendait trouvé
    valide champ manquant chaîne liste objet dépasse imbrication historique lecture écrit
    interrompu dossier
""".split())

_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?")
#: Identifiers the same in every language: file paths, rule keys and codes
#: (with - _ =), [codes], commands, paths into a JSON/YAML document
#: (deals[0].hands), literals in double quotes (what one types: "left",
#: "deals") and OpenSpiel's History().
_IDENT = re.compile(r"\S*/\S*|[\w.]+(?:[-_=][\w.,-]+)+|\[[\w-]+\]|\bhearts [a-z]+"
                    r"|\w+(?:\[\d+\])+(?:\.\w+(?:\[\d+\])*)*|\"[^\"\n]*\"|\w+\(\)")


def _record_lines(paths: list[str]) -> set[str]:
    """The lines of the records (quoted under a finding, or a record written out)."""
    out: set[str] = set()
    for path in paths:
        p = ROOT / path
        for f in (sorted(p.rglob("*.hrn")) if p.is_dir() else [p]):
            out.update(ln.strip() for ln in f.read_text(encoding="utf-8").splitlines())
    return out


def _record_words(paths: list[str]) -> set[str]:
    """The words that come from the records themselves."""
    out: set[str] = set()

    def add(text: str | None) -> None:
        if text:
            out.update(w.lower() for w in _WORD.findall(text))

    for path in paths:
        p = ROOT / path
        files = sorted(p.rglob("*.hrn")) if p.is_dir() else [p]
        for f in files:
            try:
                games = list(read_games(str(f)))
            except InputError:
                continue            # a record that does not read: its lines still count
            for g in games:
                for v in g.tags.values():
                    add(v)
                for name in g.players.values():
                    add(name)
                add(g.comment)
                for s in g.seats or ():
                    add(s)
                for d in g.deals:
                    add(d.comment)
                    for pa in d.passes.values():
                        add(pa.comment)
                    for t in d.tricks:
                        add(t.comment)
                        for pl in t.plays:
                            add(pl.comment)
    return out


def _words(text: str, record: set[str]) -> set[str]:
    text = _IDENT.sub(" ", text)
    text = re.sub(r"[\w-]+", lambda m: " " if m.group(0) in _IDENTIFIERS else m.group(0), text)
    return {w.lower() for w in _WORD.findall(text)} - record


#: The notation's identifiers and the program's name, the same in every language.
_IDENTIFIERS = frozenset([*RULE_KEYS, *preset_names(), "hearts"])


def _run(args: list[str], lang: str | None, env: dict[str, str] | None = None
         ) -> subprocess.CompletedProcess[str]:
    base = dict(os.environ)
    base.update({"NO_COLOR": "1", "COLUMNS": "160", **(env or {})})
    cmd = [sys.executable, "-m", "hearts_notation", args[0], *(["--lang", lang] if lang else []),
           *args[1:]]
    return subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, env=base, check=False)


def _unfinished(tmp: Path) -> str:
    """The canonical sample cut after trick 5 of its first deal (for hint)."""
    lines = (ROOT / "samples" / "canonical.hrn").read_text(encoding="utf-8").splitlines()
    cut = next(i for i, ln in enumerate(lines) if ln.startswith("6. "))
    path = tmp / "unfinished.hrn"
    path.write_text("\n".join(lines[:cut]) + "\n", encoding="utf-8")
    return str(path)


def _commands(tmp: Path) -> Iterator[tuple[list[str], list[str]]]:
    """(command line, the record paths whose words it may print)."""
    for s in SAMPLES:
        yield ["validate", s], [s]
        yield ["score", s], [s]
        yield ["replay", s], [s]
        yield ["replay", "--narrate", s], [s]
    yield ["validate", "samples/club"], ["samples/club"]
    # A French club evening (docs/fr/exemples): two sheets and a deal typed
    # card by card, French by their own words unless --lang says otherwise.
    evening = ["docs/fr/exemples/vendredi-5.hrn", "docs/fr/exemples/vendredi-6.hrn"]
    for e in evening:
        yield ["score", e], [e]
        yield ["replay", "--narrate", e], [e]
    yield ["validate", *evening, "docs/fr/exemples/soiree-erreurs.hrn"], [
        *evening, "docs/fr/exemples/soiree-erreurs.hrn"]
    yield ["standings", *evening], evening
    yield ["stats", *evening], evening
    yield ["fmt", "--check", *evening], evening
    yield ["stats", "samples/"], ["samples/"]
    yield ["standings", "samples/club"], ["samples/club"]
    yield ["score", "samples/multi-game.hrn", "samples/three-players.hrn"], [
        "samples/multi-game.hrn", "samples/three-players.hrn"]
    yield ["rules"], []
    yield ["annotate", "--fast", "--seed", "1", "--deal", "1", "--unicode",
           "samples/partie-francaise.hrn"], [
        "samples/partie-francaise.hrn"]
    unfinished = _unfinished(tmp)
    yield ["hint", "--fast", "--seed", "1", unfinished], [unfinished]
    yield ["hint", "samples/observer.hrn"], ["samples/observer.hrn"]
    yield ["validate", "tests/data/referee/syntax-error.hrn"], ["tests/data/referee/syntax-error.hrn"]
    yield ["score", "tests/data/referee/syntax-error.hrn"], ["tests/data/referee/syntax-error.hrn"]
    yield from _bad_input_commands(tmp)


#: Records that cannot be read, one per reader and kind of fault (the
#: record's own words in them are listed in BAD_WORDS).
BAD_INPUTS = {
    "schema.json": '{"deals": [{"number": 1, "pass": "sideways", "hands": 3}]}\n',
    "hands.json": '[{"deals": []}, {"deals": [{"hands": {"N": ["ZZ"]}}]}]\n',
    "broken.json": '{"deals": [\n',
    "deep.json": '{"deals": ' + "[" * 40 + "]" * 40 + "}\n",
    "schema.yaml": "deals:\n  - number: 1\n    pass: sideways\n",
    "broken.yaml": "deals: [\n  a: b: c\n",
    "alias.yaml": "a: &x [1]\ndeals: *x\n",
    "mixed.jsonl": '{"deals": []}\n{"deals": [}\n{"tags": 3, "deals": []}\n{"colour": 1, "deals": []}\n',
}
BAD_WORDS = {"sideways", "zz", "colour", "x"}
#: OpenSpiel inputs: (file name, text, --from).
BAD_OPENSPIEL = [
    ("state.json", '{"phase": "Play", "pass_direction": "Sideways"}\n', "openspiel"),
    ("history.txt", '[1, 2, "x"]\n', "openspiel-history"),
    ("serialized.txt", "[Game]\nchess()\n[State]\n1\n", "openspiel-history"),
    ("play.txt", "game: hearts\nHistory() = [1, 2,\n", "openspiel-playthrough"),
]


def _bad_input_commands(tmp: Path) -> Iterator[tuple[list[str], list[str]]]:
    for name, text in BAD_INPUTS.items():
        path = tmp / name
        path.write_text(text, encoding="utf-8")
        for command in ("validate", "score", "replay", "stats"):
            yield [command, str(path)], [str(path)]
        yield ["convert", str(path), "--to", "hrn"], [str(path)]
    for name, text, fmt in BAD_OPENSPIEL:
        path = tmp / name
        path.write_text(text, encoding="utf-8")
        yield ["validate", "--from", fmt, str(path)], []
        yield ["score", "--from", fmt, str(path)], []
    yield ["convert", "samples/three-players.hrn", "--to", "openspiel-history"], []
    yield ["fmt", str(tmp / "schema.json")], []
    yield ["generate", "--bots", "clever", "--games", "1", "-o", str(tmp / "g.hrn")], []
    yield ["annotate", "--thresholds", "3,2,1", "samples/canonical.hrn"], []
    yield ["replay", "--analysis", str(tmp / "schema.json"), "samples/canonical.hrn"], []
    yield ["score", "samples/canonical.hrn", "-o", str(tmp / "no-such-dir" / "out.txt")], []
    yield ["replay", "--ascii", "samples/canonical.hrn"], ["samples/canonical.hrn"]
    yield ["replay", "--narrate", "--ascii", "samples/canonical.hrn"], ["samples/canonical.hrn"]


@pytest.mark.slow
@pytest.mark.parametrize(("lang", "foreign", "env"), [
    ("fr", ENGLISH, None), (None, ENGLISH, {"LANG": "fr_FR.UTF-8"}), ("en", FRENCH, None)])
def test_every_command_speaks_one_language(tmp_path: Path, lang: str | None,
                                           foreign: frozenset[str], env: dict[str, str] | None
                                           ) -> None:
    bad = []
    for args, records in _commands(tmp_path):
        r = _run(args, lang, env)
        assert r.returncode in (0, 1, 2), (args, r.stderr)
        record = _record_words(records) | BAD_WORDS
        if args[0] == "annotate" and "-o" not in args:
            # The record written out keeps its own language (docs/notation.md):
            # its keywords and tag names are the record's, not the messages'.
            record |= NOTATION_WORDS
        lines = _record_lines(records)
        for stream in (r.stdout, r.stderr):
            for line in stream.splitlines():
                if line.strip() in lines:
                    continue
                found = _words(line, record) & foreign
                if found:
                    bad.append((" ".join(args), sorted(found), line))
    assert bad == [], "\n".join(f"{a}: {w}: {ln}" for a, w, ln in bad[:40])


def test_bad_input_in_french_is_exit_2_with_its_place_in_french(tmp_path: Path) -> None:
    """A record that does not parse: exit 2, file:line:col and the message in French."""
    bad = tmp_path / "cassee.hrn"
    bad.write_text("donne 1 donneur N passe gauche\nN: AKQ.JT9.876.5432\n1. N 2♣ E 7X\n",
                   encoding="utf-8")
    for args in (["score", str(bad)], ["replay", str(bad)], ["fmt", str(bad)]):
        r = _run(args, None, {"LANG": "fr_FR.UTF-8"})
        assert r.returncode == 2, (args, r.stderr)
        assert f"{bad}:3:" in r.stderr and "erreur" in r.stderr, r.stderr
        assert "on attendait" in r.stderr or "trouvé" in r.stderr, r.stderr
        assert "Traceback" not in r.stderr and "expected" not in r.stderr


@pytest.mark.parametrize("name", long_unless(sorted(BAD_INPUTS),
                                             lambda n: n in ("broken.json", "schema.yaml", "mixed.jsonl")))
def test_bad_json_and_yaml_in_french_keep_their_place(tmp_path: Path, name: str) -> None:
    """validate counts a broken record as a finding (exit 1), score refuses
    it (exit 2); both say where (file:line, and the column when the
    reader knows it) and what, in French, never with a traceback."""
    path = tmp_path / name
    path.write_text(BAD_INPUTS[name], encoding="utf-8")
    for command, status in (("validate", 1), ("score", 2)):
        r = _run([command, str(path)], None, {"LANG": "fr_FR.UTF-8"})
        assert r.returncode == status, (command, r.stdout, r.stderr)
        out = r.stdout + r.stderr
        assert re.search(re.escape(str(path)) + r":\d+(:\d+)?: ", out), out
        assert "Traceback" not in out, out
        assert re.search(r"non valide|on attendait|n'est pas|dépasse|alias YAML|champ inconnu", out), out
        assert not re.search(r"\b(expected|not valid|found|Expecting|is over the limit)\b", out), out


def test_machine_output_keeps_english_and_adds_the_french(tmp_path: Path) -> None:
    """validate --format json --lang fr: the stable English message and
    code, and the French one beside them."""
    import json

    path = tmp_path / "schema.json"
    path.write_text(BAD_INPUTS["schema.json"], encoding="utf-8")
    r = _run(["validate", str(path), "--format", "json"], "fr")
    f = json.loads(r.stdout)["games"][0]["findings"][0]
    assert f["code"] == "syntax-error"
    assert f["message"].startswith("deals[0].pass: 'sideways' is not a pass direction")
    assert f["message_translated"].startswith("deals[0].pass : 'sideways' n'est pas un sens de passe")


@pytest.mark.parametrize("name, value", [("schema.json", '"sideways"'), ("schema.yaml", "sideways"),
                                         ("mixed.jsonl", "3")])
def test_a_record_error_points_at_the_faulty_value(tmp_path: Path, name: str, value: str) -> None:
    """validate names the line and column of the value that is not of the
    schema (here the pass direction, the tags), as it does for a card."""
    path = tmp_path / name
    text = BAD_INPUTS[name]
    path.write_text(text, encoding="utf-8")
    offset = text.index(value)
    line = text.count("\n", 0, offset) + 1
    column = offset - (text.rfind("\n", 0, offset) + 1) + 1
    r = _run(["validate", str(path)], "fr")
    assert f"{path}:{line}:{column}: erreur: " in r.stdout, r.stdout
