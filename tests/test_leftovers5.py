"""A French club secretary's hand-typed records (docs/decisions.md, "helper
leftovers5"): what is valid French HRN reads with no finding, and each slip
is one finding at its word that says what was expected there, in English and
in French.

The campaign edited samples/feuille-en-francais.hrn the way a sheet is typed
by hand (lower-case seats and ranks, ``passe à gauche`` with or without its
accent or with no-break spaces, full seat names, Windows line ends, notes,
three players, ...); the slips below are the ones whose message was wrong
or fell on the wrong word before."""

from __future__ import annotations

import json
import re
import tempfile
from pathlib import Path

import pytest

from tests.clirun import run, write

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
FRENCH = (SAMPLES / "feuille-en-francais.hrn").read_text(encoding="utf-8")
HAND_E = "E: ♠ V 9 2  ♥ V 7 6  ♦ D 9 4  ♣ R 10 6 3"
SCORE_1 = "marque N 3 E 4 S 15 O 4"


def _findings(text: str, lang: str) -> list[tuple[str, int, int, str]]:
    """The findings but infos of ``hearts validate --format json --lang LANG``."""
    with tempfile.TemporaryDirectory(prefix="leftovers5-") as tmp:
        _, out = run("validate", "--format", "json", "--lang", lang, write(Path(tmp), "t.hrn", text))
    found = [f for g in json.loads(out)["games"] for f in g["findings"]]
    return [(f["code"], f["line"], f["column"], f.get("message_translated", f["message"]))
            for f in found if f["severity"] != "info"]


def _typo(line: str, typed: str) -> str:
    assert line in FRENCH
    return FRENCH.replace(line, typed, 1)


@pytest.mark.parametrize("text", [
    re.sub(r"^([NESO]):", lambda m: m.group(1).lower() + ":", FRENCH, flags=re.M),
    _typo("donne 1 donneur O passe gauche", "donne 1 donneur Ouest passe\u00a0à\u00a0gauche"),
    _typo("donne 1 donneur O passe gauche", "DONNE 1 DONNEUR O PASSE A GAUCHE"),
    _typo("1. N 2♣ E 3♣ S 5♣ O A♣", "1. Nord 2♣ est 3♣ Sud 5♣ ouest a♣   ; noté par Maëlle"),
    _typo("passe S>O:", "passe s > o :"),
    _typo(SCORE_1, "Marque n: 3 e: 4 s: 15 o: 4"),
    "\ufeff" + FRENCH.replace("\n", "\r\n"),
], ids=["lower-seats", "nbsp-direction", "upper-keywords", "full-seat-names", "spaced-arrow",
        "score-colons", "bom-crlf"])
def test_valid_french_as_typed_reads_with_no_finding(text: str) -> None:
    assert _findings(text, "fr") == []


@pytest.mark.parametrize(("line", "typed", "at", "en", "fr"), [
    # a French rank in the dotted form: the message named R D V among the
    # ranks it had just refused
    (HAND_E, "E: V92.V76.D94.R1063", (19, 4),
     "'V' is a French rank, which the dotted form", "'V' est une hauteur française, que la forme à points"),
    # a word after some points that is no seat: the error fell on the next seat
    # (a unit, the points' own: french10 says so, with the line to write)
    (SCORE_1, "marque N 3 pts E 4 S 15 O 4", (39, 12),
     "'pts': points are written as the number alone, with no unit",
     "'pts' : les points s'écrivent en nombre seul, sans unité"),
    (SCORE_1, "marque N 3 pas E 4 S 15 O 4", (39, 12),
     "expected a seat (",
     "on attendait une place (Camille (N), Yann (E), Maëlle (S), Gwen (O)), trouvé 'pas'"),
    # the letter O typed for the zero of 10: "expected a card", no hint
    ("5. O D♥ N 10♥", "5. O D♥ N 1O♥", (30, 11),
     "'1O♥': the ten is written with the digit zero", "'1O♥' : le dix s'écrit avec le chiffre zéro"),
    ("N: ♠ D 10 8 6", "N: ♠ D 1o 8 6", (18, 8),
     "'1o': the ten is written with the digit zero", "'1o' : le dix s'écrit avec le chiffre zéro"),
], ids=["dotted-french-rank", "unit-after-points", "word-after-points", "ten-letter-o",
        "ten-letter-o-group"])
def test_a_slip_is_one_finding_at_its_word(line: str, typed: str, at: tuple[int, int],
                                           en: str, fr: str) -> None:
    text = _typo(line, typed)
    for lang, words in (("en", en), ("fr", fr)):
        found = _findings(text, lang)
        assert [(c, ln, col) for c, ln, col, _ in found] == [("syntax-error", *at)], found
        assert found[0][3].startswith(words), found[0][3]
        assert "'pts'" in found[0][3] or "pts" not in typed


def test_a_seat_whose_points_are_left_out_keeps_the_error_at_the_missing_points() -> None:
    """``N 3 S E 4``: S is a seat of the game, so the points are what is missing."""
    found = _findings(_typo(SCORE_1, "marque N 3 E 4 S O 4"), "en")
    assert [(c, ln, col) for c, ln, col, _ in found] == [("syntax-error", 39, 18)], found
    assert "a number of points, found 'O'" in found[0][3]


def test_a_plain_wrong_rank_in_the_dotted_form_lists_the_dotted_ranks() -> None:
    found = _findings(_typo(HAND_E, "E: K92.J76.Q94.X1063"), "fr")
    assert [(c, ln, col) for c, ln, col, _ in found] == [("syntax-error", 19, 16)], found
    assert "A K Q J T 10" in found[0][3] and "R D V" not in found[0][3]


# One did-you-mean (hearts_notation/nearest.py) ---------------------------------------------


def _one_edit(word: str) -> list[str]:
    """*word* with one letter deleted, doubled or replaced by 'x', or two swapped."""
    out = []
    for i in range(len(word)):
        out += [word[:i] + word[i + 1:], word[:i] + word[i] + word[i:], word[:i] + "x" + word[i + 1:]]
        if i + 1 < len(word):
            out.append(word[:i] + word[i + 1] + word[i] + word[i + 2:])
    return out


def _old_folded(word: str, keywords: list[str], cutoff: float) -> str | None:
    """What words.closest_keyword computed with its own difflib call."""
    from difflib import get_close_matches

    from hearts_notation.io.hrn.words import fold_word

    spelt: dict[str, str] = {}
    for k in keywords:
        spelt.setdefault(fold_word(k), k)
    close = get_close_matches(fold_word(word), list(spelt), n=1, cutoff=cutoff)
    return spelt[close[0]] if close else None


def test_every_caller_suggests_what_its_own_difflib_call_did() -> None:
    """The reader's keywords (folded), the presets, the query's words and the
    editor's vocabulary: one-edit slips of each get the suggestion the
    caller's own ``difflib`` call gave before the one helper."""
    from difflib import get_close_matches

    from hearts_notation.editor import features
    from hearts_notation.io.hrn.words import KEYWORD_CUTOFF, KEYWORDS_FR, closest_keyword
    from hearts_notation.nearest import close_words
    from hearts_notation.query import FINDING_CODES, QUERY_CUTOFF
    from hearts_notation.rules import closest_preset, preset_names

    keywords = sorted(set(KEYWORDS_FR) | set(KEYWORDS_FR.values()))
    presets = list(preset_names())
    vocabulary = list(features._VOCABULARY)
    checked = 0
    for word in keywords + presets + list(FINDING_CODES) + vocabulary:
        for slip in _one_edit(word)[::5]:  # (a fifth of them: a cheap test)
            assert closest_keyword(slip, keywords) == _old_folded(slip, keywords, KEYWORD_CUTOFF)
            old_preset = get_close_matches(slip.lower(), presets, n=1, cutoff=0.7)
            if old_preset or "-" not in slip:  # (else its French words are put in English first)
                assert closest_preset(slip) == (old_preset[0] if old_preset else None)
            assert close_words(slip.lower(), FINDING_CODES, cutoff=QUERY_CUTOFF) == \
                get_close_matches(slip.lower(), FINDING_CODES, n=1, cutoff=0.6)
            assert close_words(slip.lower(), vocabulary, n=3, cutoff=features.FIX_CUTOFF) == \
                get_close_matches(slip.lower(), vocabulary, n=3, cutoff=0.6)
            checked += 1
    assert checked > 500
    assert closest_preset("trois-joueurs") == "three-players"
    assert closest_keyword("Passé", ("pass", "passe")) == "passe"


def test_a_d_in_the_dotted_form_is_not_called_a_french_rank() -> None:
    """``D`` is also the letter of diamonds: no guess that it is the queen."""
    found = _findings(_typo(HAND_E, "E: D92.V76.D94.R1063"), "en")
    assert [(c, ln, col) for c, ln, col, _ in found] == [("syntax-error", 19, 4)], found
    assert found[0][3].startswith("'D' is not a rank"), found[0][3]


# A card or seat mistyped in a trick line (referee._play_slip) ---------------------------------

CANONICAL = (SAMPLES / "canonical.hrn").read_text(encoding="utf-8")
THREE = (SAMPLES / "three-players.hrn").read_text(encoding="utf-8")
PARTIE = (SAMPLES / "partie-francaise.hrn").read_text(encoding="utf-8")


@pytest.mark.parametrize(("text", "line", "typed", "at", "code", "en", "fr"), [
    # a seat typed as another: E "plays" W's 2♦, then N and E out of turn
    (CANONICAL, "4. S 3D W 2D N 7D E TD", "4. S 3D e 2D N 7D E TD", (28, 11), "not-held",
     "trick 4 shows E playing 2♦, but the deal is consistent only if W played it",
     "le pli 4 montre Tom (E) jouant 2♦, mais la donne n'est cohérente que si c'est Dev (O) qui l'a joué"),
    # a card typed as another seat's: W "plays" E's J♠, then E leads out of turn
    (FRENCH, "2. O 4♠ N 6♠ E 9♠ S 7♠", "2. O V♠ N 6♠ E 9♠ S 7♠", (27, 6), "not-held",
     "trick 2 shows W playing J♠, but the deal is consistent only with 4♠ in its place",
     "le pli 2 montre Gwen (O) jouant V♠, mais la donne n'est cohérente qu'avec 4♠ à sa place"),
    # a card of the seat's own hand: a revoke, and the card's second play
    (THREE, "10. P3 QC P1 KS P2 TC", "10. P3 QC P1 KS P2 Td", (53, 20), "revoke",
     "trick 10 shows P2 playing 10♦, but the deal is consistent only with 10♣ in its place",
     "le pli 10 montre Hugo (P2) jouant 10♦, mais la donne n'est cohérente qu'avec 10♣ à sa place"),
    # one play error, and the score and total lines it would contradict
    (PARTIE, "5. O 5♠ N 8♠ E 4♠ S 7♠", "5. O 5♠ N Q♠ E 4♠ S 7♠", (54, 11), "not-held",
     "trick 5 shows N playing Q♠, but the deal is consistent only with 8♠ in its place",
     "le pli 5 montre Camille (N) jouant D♠, mais la donne n'est cohérente qu'avec 8♠ à sa place"),
], ids=["seat", "card-of-another", "card-of-its-own", "score-cascade"])
def test_a_slip_in_a_trick_line_is_one_finding_at_the_play(
        text: str, line: str, typed: str, at: tuple[int, int], code: str, en: str, fr: str) -> None:
    """(The English message of the JSON report names the seats bare.)"""
    assert line in text
    slipped = text.replace(line, typed, 1)
    for lang, words in (("en", en), ("fr", fr)):
        found = _findings(slipped, lang)
        assert [(c, ln, col) for c, ln, col, _ in found] == [(code, *at)], found
        assert found[0][3].startswith(words), found[0][3]


def test_two_slips_in_two_trick_lines_keep_their_findings() -> None:
    """No one change explains both: the findings stay as the replay gives them."""
    text = FRENCH.replace("2. O 4♠ N 6♠ E 9♠ S 7♠", "2. O V♠ N 6♠ E 9♠ S 7♠", 1)
    text = text.replace("5. O D♥ N 10♥ E 7♥ S R♣", "5. O D♥ N 10♥ E 7♥ S 8♣", 1)
    found = _findings(text, "en")
    assert len(found) >= 2 and not any("consistent only" in f[3] for f in found), found


def test_a_game_whose_first_line_is_a_lone_bracket_is_not_taken_for_json() -> None:
    """A record whose ``[`` was cut from its tag by a line break: the first
    error gives no "looks like json" hint, read line by line or whole
    (the reader's two paths took the first line alone, or the text)."""
    from hearts_notation.io.hrn.reader import iter_hrn
    from tests.hrn_oracle import oracle_games, view

    text = "[\n" + CANONICAL[1:]
    ours = [view(g) for g in iter_hrn(text)]
    assert ours == [view(g) for g in oracle_games(text)]
    assert "json" not in _findings(text, "en")[0][3]


@pytest.mark.parametrize(("text", "line", "typed", "at", "said"), [
    # a French sheet writes West O (the default seats take it): the seat to write is O
    (FRENCH, "donne 1 donneur O passe gauche", "donne 1 donneur Gwen passe gauche", (16, 17),
     "'Gwen' est un nom de joueur, pas une place : écrivez sa place, O"),
    (CANONICAL, "pass W: AC TC AD", "pass Dev: AC TC AD", (24, 6),
     "'Dev' is a player's name, not a seat: write that player's seat, W"),
], ids=["french-west", "english-west"])
def test_a_players_name_for_west_is_answered_with_the_seat_the_sheet_writes(
        text: str, line: str, typed: str, at: tuple[int, int], said: str) -> None:
    assert line in text
    lang = "fr" if text is FRENCH else "en"
    found = _findings(text.replace(line, typed, 1), lang)
    assert [(c, ln, col) for c, ln, col, _ in found] == [("syntax-error", *at)], found
    assert found[0][3] == said
