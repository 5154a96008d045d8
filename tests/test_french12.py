"""Hand-typed French records, as a club's secretary types them at the end
of an evening from the paper score sheet and the notes taken during the
deals, in a text editor, a word processor ("Save as text"), a phone or an
e-mail (helper french12): a word processor's invisible marks (soft hyphen
U+00AD, zero-width joiners inside a word), a DOS editor's final Ctrl-Z,
``total cumulé``, a list's bullets and numbers before a line, a hand's
suit groups parted by ``;``, a header followed by ``maldonne``, tricks
numbered ``n°3`` or ``3°``, ``dame de ♠``, ``passe N à gauche :``,
``report``/``sous-total``/``points`` lines, a remark typed as a line of its
own, ``d’Artagnan`` and ``d'Artagnan``.  Each form is read as the same
game as the sheet written the notation's way, or refused at its line and
column, in French, with the form to write (docs/notation.md, "Typed by
hand, in French").  The forms of french8 to 11 are not tried again.  Every
test reads a sample of two deals or one line, in this process: cheap (the
commands on every generated variant are the long step's,
:func:`test_the_campaign_through_every_command`).
"""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner

from hearts_notation.cli import cli
from hearts_notation.i18n import render
from hearts_notation.io.hrn.reader import iter_hrn, read_hrn_chunks
from hearts_notation.io.hrn.writer import dumps_hrn
from hearts_notation.players import Identity, near_duplicates
from tests.french_sheet import SHEET, canonical

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data" / "french12"
EVENING = DATA / "soiree-secretaire.hrn"
EXPECTED = DATA / "soiree-secretaire.attendu.hrn"
NB, NNB, SHY, ZWJ = "\u00a0", "\u202f", "\u00ad", "\u200d"
#: What the reader says it expected at the start of a line, in French.
_START = ('on attendait une ligne comme [Tag "valeur"], donne 1, N: AQ4'
          '.K93.J862.T75, passe N: ..., 1. S 2♣ ..., marque ..., total ..., capot ..., * ou résultat ..., ')

#: (the sheet's line, as the secretary's tools typed it): read as the same game.
READ = [
    ("donne 1 donneur O passe gauche", f"don{SHY}ne 1 don{SHY}neur O pas{SHY}se gau{SHY}che"),
    ("marque N 3 E 4 S 15 O 4", f"mar{SHY}que N 3 E 4 S 15 O 4"),
    ('[Ouest "Gwen"]', f'[Ouest "Gw{SHY}en"]'),
    ('[Lieu "Brest"]', f'[Li{SHY}eu "Brest"]'),
    ('[Ouest "Gwen"]', f'[Ouest "Gw{ZWJ}en"]'),
    ("5. O D♥ N 10♥ E 7♥ S R♣", f"5. O D{ZWJ}♥ N 10♥ E 7♥ S R♣"),
    ("5. O D♥ N 10♥ E 7♥ S R♣", f"5. O D{SHY}♥ N 10♥ E 7♥ S R♣"),
    ("N: ♠ D 10 8 6  ♥ A 8  ♦ R 8 7 6 3  ♣ 9 2", f"N: ♠ D 10 8 6  ♥ A 8  ♦ R 8 7 6{SHY} 3  ♣ 9 2"),
    ("donne 1 donneur O passe gauche", "donne\u200c 1 donneur O passe gauche"),
    ("total N 4 E 4 S 39 O 5", "total cumulé N 4 E 4 S 39 O 5"),
    ("total N 4 E 4 S 39 O 5", f"Total cumulé{NB}: N 4, E 4, S 39, O 5"),
    ("total N 3 E 4 S 15 O 4", "TOTAL CUMULE N 3 E 4 S 15 O 4"),
    ("total N 3 E 4 S 15 O 4", "total cumulés\tN 3\tE 4\tS 15\tO 4"),
    ("résultat *", "résultat *\x1a"),
    ("résultat *", "résultat *\n\x1a\x1a\n\n"),
]

#: (the sheet's line, as typed, where the one error is, what it says in French)
REFUSED = [
    # bullet_header
    ('donne 1 donneur O passe gauche',
     '• donne 1 donneur O passe gauche',
     '16:1', "'•' est une puce de liste de traitement de texte, pas un mot de la notation : "
      'écrivez la ligne sans elle, « donne 1 donneur O passe gauche »'),
    # dash_trick
    ('3. E 2♠ S 3♠ O 5♠ N A♠',
     '– 3. E 2♠ S 3♠ O 5♠ N A♠',
     '28:1', "'–' est une puce de liste de traitement de texte, pas un mot de la notation : "
      'écrivez la ligne sans elle, « 3. E 2♠ S 3♠ O 5♠ N A♠ »'),
    # bullet_tag
    ('[Lieu "Brest"]',
     '•\t[Lieu "Brest"]',
     '5:1', "'•' est une puce de liste de traitement de texte, pas un mot de la notation : "
      'écrivez la ligne sans elle, « [Lieu "Brest"] »'),
    # emdash_score
    ('marque N 3 E 4 S 15 O 4',
     '— marque N 3 E 4 S 15 O 4',
     '39:1', "'—' est une puce de liste de traitement de texte, pas un mot de la notation : "
      'écrivez la ligne sans elle, « marque N 3 E 4 S 15 O 4 »'),
    # hand_semicolons
    ('N: ♠ D 10 8 6  ♥ A 8  ♦ R 8 7 6 3  ♣ 9 2',
     'N: ♠ D 10 8 6 ; ♥ A 8 ; ♦ R 8 7 6 3 ; ♣ 9 2',
     '18:15', "« ; » commence une note, qui n'est pas lue : '♥ A 8 ; ♦ R 8 7 6 3 ; ♣…' manque "
      'à cette ligne (écrivez-le sans le « ; »)'),
    # tag_nbsp_colon
    ('[Lieu "Brest"]',
     '[Lieu\xa0: "Brest"]',
     '5:7', 'on attendait une valeur de balise entre guillemets comme "Club", trouvé \':\' ; '
      'écrivez « [Lieu "Brest"] »'),
    # header_maldonne
    ('donne 2 donneur N passe droite',
     'donne 2 donneur N passe droite maldonne',
     # (french24: what a misdeal's words are told with, the same line offered)
     '42:32', "'maldonne' : une donne redonnée s'écrit une fois, telle qu'elle a été jouée, "
      "et une remarque à son sujet s'écrit entre accolades : "
      'écrivez « donne 2 donneur N passe droite {maldonne} »'),
    # header_refaire
    ('donne 2 donneur N passe droite',
     'donne 2 donneur N passe droite — à refaire',
     '42:32', "on attendait un {commentaire} ou la fin de la ligne, trouvé '—' ; écrivez « "
      'donne 2 donneur N passe droite {à refaire} »'),
    # trick_numero
    ('3. E 2♠ S 3♠ O 5♠ N A♠',
     'n°3 E 2♠ S 3♠ O 5♠ N A♠',
     '28:1', _START + "trouvé 'n°3' ; écrivez « 3. E 2♠ S 3♠ O 5♠ N A♠ »"),
    # trick_numero_colon
    ('3. E 2♠ S 3♠ O 5♠ N A♠',
     'n° 3 : E 2♠ S 3♠ O 5♠ N A♠',
     '28:1', _START + "trouvé 'n° 3 :' ; écrivez « 3. E 2♠ S 3♠ O 5♠ N A♠ »"),
    # trick_degree
    ('3. E 2♠ S 3♠ O 5♠ N A♠',
     '3° E 2♠ S 3♠ O 5♠ N A♠',
     '28:1', _START + "trouvé '3°' ; écrivez « 3. E 2♠ S 3♠ O 5♠ N A♠ »"),
    # card_dame_de_symbol
    ('N D♠! {N se',
     'N dame de ♠! {N se',
     '31:28', "'dame de ♠' : une carte s'écrit avec sa hauteur et sa couleur, comme D♠"),
    # card_10_de_symbol
    ('5. O D♥ N 10♥ E 7♥ S R♣',
     '5. O D♥ N 10 de ♥ E 7♥ S R♣',
     '30:11', "'10 de ♥' : une carte s'écrit avec sa hauteur et sa couleur, comme 10♥"),
    # pass_a_gauche
    ('passe N: A♥ 9♣ R♦',
     'passe N à gauche : A♥ 9♣ R♦',
     '22:9', "on attendait « > » ou « : », trouvé 'à gauche' ; écrivez « passe N : A♥ 9♣ R♦ "
      '{Je garde la dame : quatre piques la protègent.} »'),
    # pass_en_face
    ('passe E: V♥ R♣ D♦',
     'passe E en face : V♥ R♣ D♦',
     '23:9', "on attendait « > » ou « : », trouvé 'en face' ; écrivez « passe E : V♥ R♣ D♦ »"),
    # report
    ('total N 4 E 4 S 39 O 5',
     'report N 4 E 4 S 39 O 5',
     '65:1', "'report' : le report d'une colonne ou d'une page à l'autre n'est pas une ligne "
      "de la notation : le total cumulé s'écrit sur la ligne « total » de la donne, "
      'une seule par donne, « total N 4 E 4 S 39 O 5 »'),
    # sous_total
    ('total N 4 E 4 S 39 O 5',
     'sous-total : N 4, E 4, S 39, O 5',
     '65:1', _START + "trouvé 'sous-total' ; écrivez « total N 4, E 4, S 39, O 5 »"),
    # points_head
    ('marque N 3 E 4 S 15 O 4',
     'points N 3 E 4 S 15 O 4',
     '39:1', _START + "trouvé 'points' ; écrivez « marque N 3 E 4 S 15 O 4 »"),
    # list_number_header
    ('donne 1 donneur O passe gauche',
     '1) donne 1 donneur O passe gauche',
     '16:1', "'1)' : une ligne de la feuille ne commence pas par un numéro de ligne (copié "
      'avec la feuille ?) : écrivez la ligne sans lui, « donne 1 donneur O passe '
      'gauche »'),
    # numero_header
    ('donne 2 donneur N passe droite',
     'n°2 donne 2 donneur N passe droite',
     '42:1', "'n°2' : une ligne de la feuille ne commence pas par un numéro de ligne (copié "
      'avec la feuille ?) : écrivez la ligne sans lui, « donne 2 donneur N passe '
      'droite »'),
    # header_degree
    ('donne 1 donneur O passe gauche',
     'donne 1° donneur O passe gauche',
     '16:8', 'on attendait « donneur », « passe », un {commentaire} ou la fin de la ligne, '
      "trouvé '°' ; écrivez « donne 1 donneur O passe gauche »"),
    # capot_par
    ('résultat *',
     'capot par S\nrésultat *',
     '67:11', 'on attendait « ajoute » ou « retire », un {commentaire} ou la fin de la ligne, '
      "trouvé 'S' ; écrivez « capot S »"),
    # prose_line
    ('résultat *',
     'Éric remplace Gwen à partir de la donne 3\nrésultat *',
     '67:1', _START + "trouvé 'Éric' ; écrivez « {Éric remplace Gwen à partir de la donne 3} »"),
    # prose_dame
    ('total N 3 E 4 S 15 O 4',
     'total N 3 E 4 S 15 O 4\nla dame pour Sud',
     '41:1', _START + "trouvé 'la' ; écrivez « {la dame pour Sud} »"),
    # hand_dashes
    ('N: ♠ D 10 8 6  ♥ A 8  ♦ R 8 7 6 3  ♣ 9 2',
     'N: ♠ D-10-8-6  ♥ A-8  ♦ R-8-7-6-3  ♣ 9-2',
     '18:12', "« - » marque une chicane et ne peut pas côtoyer des hauteurs : les hauteurs d'une couleur "
     "se séparent par des espaces, ♠ D 10 8 6"),
    # hand_slashes
    ('N: ♠ D 10 8 6  ♥ A 8  ♦ R 8 7 6 3  ♣ 9 2',
     'N: ♠ D 10 8 6 / ♥ A 8 / ♦ R 8 7 6 3 / ♣ 9 2',
     '18:15', "on attendait une hauteur, un autre groupe de couleur (♠AD4 ou S:AQ4), un {commentaire} ou "
     "la fin de la ligne, trouvé '/' ; écrivez « N: ♠ D 10 8 6  ♥ A 8  ♦ R 8 7 6 3  ♣ 9 2 »"),
    # moon_in_points
    ('marque N 1 E 0 S 24 O 1',
     'marque N 26 E 26 S 0 O 26 capot',
     '64:27', "'capot' : un capot s'écrit sur une ligne à lui, après la ligne de marque : « capot S »"),
    # hand_no_colon
    ('O: ♠ A 5 4  ♥ 10 9 5 4 3 2  ♦ A 10  ♣ A 4',
     'Ouest\t♠ A 5 4\t♥ 10 9 5 4 3 2\t♦ A 10\t♣ A 4',
     '21:7', "on attendait « : », trouvé '♠ A 5 4' ; écrivez « Ouest : ♠ A 5 4  ♥ 10 9 5 4 3 2  ♦ A 10  "
     "♣ A 4 »"),
    # ctrl_z_inside
    ('résultat *',
     '\x1arésultat *',
     '67:1', 'un Ctrl-Z (0x1A, la marque de fin de fichier des éditeurs DOS) termine le '
      'fichier : le texte qui le suit ne fait pas partie de la feuille ; supprimez le '
      'Ctrl-Z, ou ce qui le suit'),
]


def _errors(text: str) -> list[tuple[str, str]]:
    """Each error of *text* read: where, and what it says in French."""
    return [(f"{f.line}:{f.column}", render("fr", f.key, f.args))
            for game in iter_hrn(text) for f in game.errors]


@pytest.mark.parametrize(("written", "typed"), READ)
def test_a_form_typed_by_hand_reads_as_the_sheet(written: str, typed: str) -> None:
    assert written in SHEET
    assert canonical(SHEET.replace(written, typed, 1)) == canonical(SHEET)


@pytest.mark.parametrize(("written", "typed", "where", "said"), REFUSED)
def test_a_form_the_notation_does_not_read_is_told_in_french(written: str, typed: str, where: str,
                                                             said: str) -> None:
    """One error, at the form's place, saying what to write instead: the
    line is lost, not read as something else, and its deal keeps its
    lines (a header behind a bullet or a list's number too)."""
    assert written in SHEET
    assert _errors(SHEET.replace(written, typed, 1)) == [(where, said)]


#: The whole line a message offers to write instead.
_OFFERED = re.compile(r"(?:écrivez|ligne sans (?:elle|lui),) « (.+) »\Z|(?:« total » .*), « (.+) »\Z")


@pytest.mark.parametrize(("written", "typed", "said"), [
    (w, t, s) for w, t, _, s in REFUSED if _OFFERED.search(s)])
def test_the_line_a_message_offers_reads(written: str, typed: str, said: str) -> None:
    """Never offer a line the reader refuses: the line a message says to
    write, put in the sheet for the one typed, reads without a syntax error,
    and where the typed line only slipped, it is the sheet's own line."""
    text = SHEET.replace(written, typed, 1)
    ((where, message),) = _errors(text)
    offered = _OFFERED.search(message)
    assert offered is not None, message
    line = offered.group(1) or offered.group(2)
    lines = text.split("\n")
    lines[int(where.split(":")[0]) - 1] = line
    assert [f.message for g in iter_hrn("\n".join(lines)) for f in g.errors] == [], lines
    if "\n" not in typed and line.count("{") == typed.count("{"):
        # (a line offered for a slip of the sheet's own line is that line: the same game)
        assert canonical("\n".join(lines)) == canonical(SHEET), line


@pytest.mark.parametrize(("typed", "said"), [
    ("• donne 1", "'•' is a word processor's list bullet, no part of the notation: write the line "
     "without it, 'donne 1'"),
    ("report N 4 E 4 S 39 W 5", "'report': a total carried over from one column or page to the next is no "
     "line of the notation: the running total goes on the deal's 'total' line, one per deal, "
     "'total N 4 E 4 S 39 W 5'"),
    ("\x1a*", "a Ctrl-Z (0x1A, the end-of-file mark of DOS editors) ends the file"),
])
def test_the_messages_speak_english_to_an_english_reader(typed: str, said: str) -> None:
    (game,) = list(iter_hrn("deal 1\n" + typed + "\n"))
    assert said in render("en", game.errors[0].key, game.errors[0].args), game.errors[0].message


def test_a_ctrl_z_at_a_block_end_ends_the_text_only_when_nothing_follows() -> None:
    """A file is read block by block: a Ctrl-Z that ends one block is the
    end of the text only if the next blocks hold blanks alone."""
    text = SHEET.replace("résultat *", "résultat *\x1a")
    cut = text.index("\x1a") + 1
    (game,) = list(read_hrn_chunks([text[:cut], "\n", ""]))
    assert not game.errors
    (game,) = list(read_hrn_chunks([text[:cut], "\n; plus\n"]))
    assert [f.key for f in game.errors] == ["syntax.dos_eof"]


def test_a_joiner_between_two_emoji_stays_in_the_comment() -> None:
    """A zero-width joiner makes one picture of two emoji (a family): kept
    in a comment; one inside a word is dropped."""
    family = "\U0001f468\u200d\U0001f469\u200d\U0001f467"
    (game,) = list(iter_hrn(SHEET.replace("{Les cœurs sont ouverts.}", f"{{{family} ou{ZWJ}verts}}")))
    assert not game.errors
    assert f"{{{family} ouverts}}" in canonical(SHEET.replace("{Les cœurs sont ouverts.}",
                                                               f"{{{family} ou{ZWJ}verts}}"))


def test_a_typographic_apostrophe_is_the_same_player() -> None:
    """A word processor turns ``'`` into ``’`` as it is typed: ``Sylvie
    d’Artagnan`` and ``Sylvie d'Artagnan`` are one player, ``Jean‑Pierre``
    (no-break hyphen) and ``Jean-Pierre`` too; the case still counts."""
    who = Identity()
    assert who.key("Sylvie d’Artagnan") == who.key("Sylvie d'Artagnan")
    assert who.key("Jean\u2011Pierre") == who.key("Jean-Pierre")
    assert who.key("ODILE") != who.key("Odile")
    assert near_duplicates(["Odile", "ODILE", "N’Diaye", "N'Diaye"]) == [("Odile", "ODILE")]


def test_the_secretarys_evening_reads_as_the_sheet_it_stands_for() -> None:
    """tests/data/french12/soiree-secretaire.hrn: nine deals of a score sheet
    typed in a word processor and saved as text (byte-order mark, CRLF, a
    final Ctrl-Z, no-break spaces before the colons, ``total cumulé``, soft
    hyphens, a joiner in a name, tabs, ``grand chelem :``, remarks with
    emoji, a replacement said in a comment): read as the expected sheet."""
    raw = EVENING.read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf") and raw.endswith(b"\r\n\x1a") and SHY.encode() in raw
    typed = raw.decode("utf-8-sig")
    assert canonical(typed) == canonical(EXPECTED.read_text(encoding="utf-8"))


def test_the_evening_through_validate_score_and_standings() -> None:
    """The finished program on the evening: valid, the same score table as
    the expected sheet's (in French), and the same four players in the
    standings (``Syl\u200dvie`` is Sylvie)."""
    runner = CliRunner()
    out = runner.invoke(cli, ["validate", "--lang", "fr", str(EVENING)])
    assert out.exit_code == 0 and "1 partie valide ; 0 erreur" in out.output, out.output
    typed = runner.invoke(cli, ["score", "--lang", "fr", str(EVENING)])
    expected = runner.invoke(cli, ["score", "--lang", "fr", str(EXPECTED)])
    assert typed.exit_code == expected.exit_code == 0
    assert typed.output.replace(str(EVENING), "F") == expected.output.replace(str(EXPECTED), "F")
    assert "capot" in typed.output and "Hélène" in typed.output
    standings = runner.invoke(cli, ["standings", "--format", "json", str(EVENING), str(EXPECTED)])
    assert standings.exit_code == 0, standings.output
    board = json.loads(standings.output)
    assert sorted(p["player"] for p in board["players"]) == ["Bernard N’Diaye", "Hélène", "Odile", "Sylvie"]
    assert [p["games"] for p in board["players"]] == [2, 2, 2, 2] and board["near_duplicates"] == []


def test_the_campaign_through_every_command(tmp_path: Path) -> None:
    """The long step: every form above and the evening through ``validate``,
    ``score``, ``fmt``, ``convert --to json``, ``replay`` and ``standings``
    (``annotate --fast`` on three): a read form gives what the sheet gives,
    a refused one is told at its place in French by each command, never a
    traceback, never exit 3."""
    runner = CliRunner()
    commands = [["validate"], ["score"], ["fmt"], ["convert", "--to", "json"], ["replay"], ["standings"]]
    sheet = tmp_path / "canon.hrn"
    sheet.write_text(SHEET, encoding="utf-8")
    want = {tuple(a): runner.invoke(cli, [*a, "--lang", "fr", str(sheet)]).output.replace(str(sheet), "F")
            for a in commands}
    path = tmp_path / "feuille.hrn"
    for written, typed in READ:
        path.write_text(SHEET.replace(written, typed, 1), encoding="utf-8")
        for args in commands:
            result = runner.invoke(cli, [*args, "--lang", "fr", str(path)], catch_exceptions=False)
            assert result.exit_code in (0, 1), (args, typed, result.output)
            if args[0] in ("score", "convert", "standings", "replay"):
                assert result.output.replace(str(path), "F") == want[tuple(args)], (args, typed)
    for i, (written, typed, where, said) in enumerate(REFUSED):
        path.write_text(SHEET.replace(written, typed, 1), encoding="utf-8")
        runs = commands + ([["annotate", "--fast", "--no-passes", "--samples", "4"]] if i % 9 == 0 else [])
        for args in runs:
            result = runner.invoke(cli, [*args, "--lang", "fr", str(path)], catch_exceptions=False)
            assert result.exit_code in (1, 2), (args, typed, result.output)
            shown = said.replace("\x1a", "\\x1a")
            assert f"feuille.hrn:{where}: erreur: {shown}" in result.output or args == ["standings"], (
                args, typed, result.output)
    for args in [*commands, ["annotate", "--fast", "--no-passes", "--samples", "4"]]:
        result = runner.invoke(cli, [*args, "--lang", "fr", str(EVENING)], catch_exceptions=False)
        assert result.exit_code == 0, (args, result.output)


def test_a_record_holding_those_marks_on_purpose_round_trips() -> None:
    """A comment or a name that holds a soft hyphen or a joiner on purpose (a
    JSON record, a library's game) is written with them escaped, so that the
    reader, which drops them as typing artefacts, reads back the same text."""
    (game,) = list(iter_hrn(SHEET))
    marked = ["\u00ad", f"Gw{SHY}en", f"a{ZWJ}b", "\U0001f468\u200d\U0001f469"]
    game = replace(game, comment=" ".join(marked), tags={**game.tags, "Site": f"Br{SHY}est{ZWJ}"})
    written = dumps_hrn([game])
    assert SHY not in written and "\\u00ad" in written
    (back,) = list(iter_hrn(written))
    assert back.comment == game.comment and back.tags["Site"] == game.tags["Site"]
