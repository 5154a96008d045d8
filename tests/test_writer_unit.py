"""Unit tests of the canonical HRN writer (model -> text), no reader needed."""

from __future__ import annotations

import random

import pytest

from hearts_notation.cards import parse_card
from hearts_notation.generate import random_game
from hearts_notation.io import dumps, iter_games_text
from hearts_notation.io.hrn.writer import (
    dumps_hrn,
    escape_comment,
    escape_tag,
    game_to_hrn,
    hand_text,
    player_tag,
)
from hearts_notation.model import Deal, Game, Moon, Pass, Play, Trick
from hearts_notation.rules import parse_rules, preset_names


def cards(text: str) -> tuple:  # type: ignore[type-arg]
    return tuple(parse_card(t) for t in text.split())


HAND_N = cards("AS QS 4S KH 9H 3H JD 8D 6D 2D TC 7C 5C")


def trick(*pairs: str, comment: str | None = None) -> Trick:
    plays = []
    for p in pairs:
        seat, card = p.split()
        mark = None
        for m in ("!!", "??", "!?", "?!", "!", "?"):
            if card.endswith(m):
                card, mark = card[: -len(m)], m
                break
        plays.append(Play(seat=seat, card=parse_card(card), mark=mark))  # type: ignore[arg-type]
    return Trick(plays=tuple(plays), comment=comment)


# Cards and hands ------------------------------------------------------------------


def test_hand_ascii_is_pbn_dotted_spades_first() -> None:
    assert hand_text(HAND_N) == "AQ4.K93.J862.T75"


def test_hand_order_does_not_matter() -> None:
    shuffled = list(HAND_N)
    random.Random(3).shuffle(shuffled)
    assert hand_text(shuffled) == "AQ4.K93.J862.T75"


def test_void_is_an_empty_pbn_group() -> None:
    hand = cards("AS QS 4S JD 8D 6D 2D TC 7C 5C 4C 3C 2C")
    assert hand_text(hand) == "AQ4..J862.T75432"
    assert hand_text(cards("2C 3C")) == "...32"
    assert hand_text(cards("AS")) == "A..."


def test_hand_unicode_is_spaced_suit_groups_with_10() -> None:
    assert hand_text(HAND_N, unicode=True) == "♠ A Q 4  ♥ K 9 3  ♦ J 8 6 2  ♣ 10 7 5"
    hand = cards("AS QS 4S JD 8D 6D 2D TC 7C 5C 4C 3C 2C")
    assert hand_text(hand, unicode=True) == "♠ A Q 4  ♥ -  ♦ J 8 6 2  ♣ 10 7 5 4 3 2"


def test_hand_french_ranks() -> None:
    assert hand_text(HAND_N, lang="fr") == "♠ A D 4  ♥ R 9 3  ♦ V 8 6 2  ♣ 10 7 5"


def test_hand_with_a_duplicate_keeps_every_card() -> None:
    hand = cards("AS AS KH")
    assert hand_text(hand) == "AS AS KH"


def test_escapes() -> None:
    assert escape_comment(r"a } b \ c") == r"a \} b \\ c"
    assert escape_comment("plain") == "plain"
    assert escape_tag('say "hi" \\o/') == r'say \"hi\" \\o/'


def test_player_tags() -> None:
    assert [player_tag(i, 4) for i in range(4)] == ["North", "East", "South", "West"]
    assert [player_tag(i, 3) for i in range(3)] == ["P1", "P2", "P3"]


# Whole games ------------------------------------------------------------------


def full_game() -> Game:
    deal = Deal(
        number=1, dealer="W", direction="left", comment="The deal of seed 004.",
        hands={"E": None, "N": HAND_N},
        passes={"W": Pass(seat="W", cards=cards("KC JH 8C")),
                "N": Pass(seat="N", cards=cards("QS AS KH"), to="E", mark="!",
                          comment="Tenir la dame {avec deux piques} est dangereux.")},
        tricks=(
            trick("S 2C", "W 9C", "N KC!", "E 3C", comment="Premier pli"),
            Trick(plays=(Play("N", parse_card("4S"), comment="devenir coupe"),
                         Play("E", parse_card("7S"), mark="?!"),
                         Play("S", parse_card("TS")), Play("W", parse_card("JS")))),
        ),
        score={"W": 3, "N": 3, "E": 4, "S": 16},
        total={"N": 3, "E": 4, "S": 16, "W": 3},
        moon=Moon("S", "add"),
        unfinished=True,
    )
    return Game(
        tags={"Annotator": "me", "Date": "2026.10.18", "Custom": 'a "quoted" \\ value',
              "Event": "Partie commentée"},
        rules="standard",
        players={"W": "Cleo", "N": "Vous", "E": "Ada", "S": "Bo"},
        deals=(deal,),
        result=("S",),
        comment="Game comment",
    )


EXPECTED = r"""[Event "Partie commentée"]
[Date "2026.10.18"]
[Rules "standard"]
[North "Vous"]
[East "Ada"]
[South "Bo"]
[West "Cleo"]
[Annotator "me"]
[Custom "a \"quoted\" \\ value"]

{Game comment}

deal 1 dealer W pass left
{The deal of seed 004.}
N: AQ4.K93.J862.T75
E: ?
pass N>E: QS AS KH! {Tenir la dame {avec deux piques\} est dangereux.}
pass W: KC JH 8C
1. {Premier pli} S 2C W 9C N KC! E 3C
2. N 4S {devenir coupe} E 7S?! S TS W JS
score N 3 E 4 S 16 W 3
total N 3 E 4 S 16 W 3
moon S add
*

result S
"""


def test_full_game_canonical_text() -> None:
    assert game_to_hrn(full_game()) == EXPECTED


def test_unicode_and_french() -> None:
    text = game_to_hrn(full_game(), unicode=True)
    assert "pass N>E: Q♠ A♠ K♥! {" in text
    assert "N: ♠ A Q 4  ♥ K 9 3  ♦ J 8 6 2  ♣ 10 7 5" in text
    assert "2. N 4♠ {devenir coupe} E 7♠?! S 10♠ W J♠" in text
    fr = game_to_hrn(full_game(), lang="fr")
    assert fr == game_to_hrn(full_game(), unicode=True, lang="fr")
    # French keywords and West as O (Ouest) under lang="fr"
    assert "passe N>E: D♠ A♠ R♥! {" in fr
    assert "1. {Premier pli} S 2♣ O 9♣ N R♣! E 3♣" in fr
    assert text.isascii() is False and game_to_hrn(full_game()).replace("é", "").isascii()


def test_unknown_language_is_refused() -> None:
    with pytest.raises(ValueError):
        game_to_hrn(full_game(), lang="de")


def test_direction_from_the_pass_cycle_when_omitted() -> None:
    deals = tuple(Deal(number=n) for n in (1, 2, 3, 4, 5))
    text = game_to_hrn(Game(deals=deals))
    heads = [line for line in text.splitlines() if line.startswith("deal")]
    assert heads == ["deal 1 pass left", "deal 2 pass right", "deal 3 pass across",
                     "deal 4 pass hold", "deal 5 pass left"]
    kawu = game_to_hrn(Game(rules="standard pass_cycle=left,right,right,hold", deals=deals))
    assert "deal 3 pass right" in kawu
    three = game_to_hrn(Game(rules="three-players", deals=deals))
    assert "deal 3 pass hold" in three


def test_bad_rules_leave_the_direction_out() -> None:
    text = game_to_hrn(Game(rules="nonsense", deals=(Deal(number=2, dealer="N"),)))
    assert "deal 2 dealer N\n" in text


def test_missing_deal_number_is_its_position() -> None:
    text = game_to_hrn(Game(deals=(Deal(), Deal())))
    assert "deal 1 pass left" in text and "deal 2 pass right" in text


def test_renamed_seats_and_player_tags_by_position() -> None:
    g = Game(seats=("N", "E", "S", "O"), players={"O": "Gwen", "N": "Camille"},
             deals=(Deal(number=1, score={"O": 1, "S": 2, "E": 3, "N": 20}),))
    text = game_to_hrn(g)
    assert '[Seats "N E S O"]\n[North "Camille"]\n[West "Gwen"]\n' in text
    assert "score N 20 E 3 S 2 O 1" in text


def test_three_players_use_p_tags() -> None:
    g = Game(rules="three-players", players={"P2": "Hugo", "P1": "Inès"}, deals=())
    assert game_to_hrn(g) == '[Rules "three-players"]\n[P1 "Inès"]\n[P2 "Hugo"]\n'


def test_result_forms() -> None:
    assert game_to_hrn(Game(result="*")) == "result *\n"
    assert game_to_hrn(Game(result=("N", "S"))) == "result N S\n"


def test_games_are_separated_by_one_blank_line() -> None:
    a = Game(tags={"Event": "A"}, deals=(Deal(number=1),), result=("N",))
    b = Game(tags={"Event": "B"}, deals=(Deal(number=1),))
    text = dumps_hrn([a, b])
    assert "result N\n\n[Event \"B\"]\n" in text
    assert "\n\n\n" not in text and text.endswith("\n") and not text.endswith("\n\n")


def test_a_tagless_game_after_an_open_one_gets_an_event_tag() -> None:
    """Without a result line or a tag there is nothing to tell two games
    apart on reading, so the writer adds PGN's unknown Event."""
    a = Game(deals=(Deal(number=1),))
    b = Game(deals=(Deal(number=1),))
    text = dumps_hrn([a, b])
    assert text.count('[Event "?"]') == 1
    assert dumps_hrn([Game(deals=(Deal(number=1),), result="*"), b]).count("[Event") == 0


def test_special_tags_in_the_tag_map_are_not_written_twice() -> None:
    g = Game(tags={"Rules": "kawu", "North": "Ann", "Seats": "N E S W", "X": "y"}, deals=())
    text = game_to_hrn(g)
    assert text == '[Rules "kawu"]\n[Seats "N E S W"]\n[North "Ann"]\n[X "y"]\n'


def test_every_preset_writes_deterministically() -> None:
    for name in preset_names():
        rules = parse_rules(name)
        a = dumps_hrn([random_game(rules, random.Random(7), deals=2)])
        b = dumps_hrn([random_game(rules, random.Random(7), deals=2)])
        assert a == b
        assert a.isascii()
        n_tricks = sum(1 for line in a.splitlines() if line[:1].isdigit())
        assert n_tricks == 2 * rules.tricks_per_deal


def test_json_round_trip_gives_the_same_text() -> None:
    for name in preset_names():
        game = random_game(parse_rules(name), random.Random(len(name) * 101), deals=3)
        text = dumps_hrn([game])
        again = list(iter_games_text(dumps([game], "json"), "json", "x.json"))
        assert again == [game]
        assert dumps_hrn(again) == text
        yaml_again = list(iter_games_text(dumps([game], "yaml"), "yaml", "x.yaml"))
        assert dumps_hrn(yaml_again) == text


def test_full_game_survives_json() -> None:
    game = full_game()
    again = list(iter_games_text(dumps([game], "json"), "json", "x.json"))
    assert game_to_hrn(again[0]) == EXPECTED


def test_a_dealless_open_game_before_another_is_closed() -> None:
    """Tags of two games with no deal between them would merge on reading:
    the first, unfinished by definition, gets ``result *``."""
    a = Game(tags={"Event": "A"})
    b = Game(tags={"Event": "B"}, deals=(Deal(number=1),))
    text = dumps_hrn([a, b])
    assert text.startswith('[Event "A"]\n\nresult *\n\n[Event "B"]\n')
    assert dumps_hrn([a]) == '[Event "A"]\n'  # alone, nothing to separate


def test_pieces_join_to_the_document() -> None:
    from hearts_notation.io.hrn.writer import iter_hrn_pieces

    gs = [Game(tags={"Event": str(i)}, deals=(Deal(number=1),)) for i in range(3)]
    pieces = list(iter_hrn_pieces(iter(gs)))
    assert len(pieces) == 3
    assert "".join(pieces) == dumps_hrn(gs)


def test_tag_values_and_names_always_read_back() -> None:
    g = Game(tags={"Event": "two\nlines", "My Tag!": "x"}, deals=())
    text = game_to_hrn(g)
    # A line break is escaped and reads back as itself (the JSON reader
    # refuses tag names HRN cannot write; a model built by hand is still
    # written readably, the name adapted).
    assert '[Event "two\\nlines"]' in text
    assert '[My_Tag_ "x"]' in text
    (back,) = iter_games_text(text, "hrn", "t")
    assert back.tags["Event"] == "two\nlines"


def test_comment_padding_is_not_written() -> None:
    g = Game(comment="  spaced  ", deals=())
    assert game_to_hrn(g) == "{spaced}\n"
