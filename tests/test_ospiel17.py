"""Helper ospiel17: OpenSpiel input at the referee's speed, and a key named
twice in OpenSpiel's state JSON.

* A state whose JSON names a key twice in one object (``"phase"`` twice,
  ``"points"`` twice in the second state of a file one a line) was read
  silently with the last value, where the records' readers report the key
  (docs/spec.md 5.2): it is now refused at the repeated key,
  ``file:line:col``, exit 2, in both catalogs, the states before it read.
* The history reader was made about twice as fast (card ids checked a
  history at a time, shared plays, msgspec's typed decoder for a line that is
  one list of integers): the faults it tells, their order and their places
  are pinned here, so that a faster path cannot tell another fault first.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from clirun import run, write

from hearts_notation.io.openspiel import iter_openspiel, iter_openspiel_history
from hearts_notation.io.stream import RecordError

DATA = Path(__file__).parent / "data" / "interop"
TERMINAL = (DATA / "terminal.osjson").read_text(encoding="utf-8").strip()


def _history() -> list[int]:
    """The finished deal of terminal.osjson as OpenSpiel's history (its
    writer, then read back: the reader's input of every test below)."""
    from hearts_notation.io.openspiel import dumps_openspiel_history

    game = next(iter_openspiel(TERMINAL, "t"))
    history: list[int] = json.loads(dumps_openspiel_history([game]).splitlines()[-1])
    return history


# A key named twice in a state ---------------------------------------------------------


def test_state_key_given_twice_is_refused_at_the_key(tmp_path: Path) -> None:
    pretty = json.dumps(json.loads(TERMINAL), indent=1)
    text = pretty.replace('"phase":', '"phase": "Play",\n "phase":', 1)
    lines = text.splitlines()
    row = next(i for i, line in enumerate(lines, 1) if line.startswith(' "phase": "GameOver"'))
    with pytest.raises(RecordError) as err:
        list(iter_openspiel(text, "s.json"))
    assert (err.value.line, err.value.column) == (row, 2)
    assert err.value.msg.key == "os.duplicate_key"
    code, out = run("validate", "--from", "openspiel", write(tmp_path, "s.json", text))
    assert code == 2
    assert f"s.json:{row}:2: " in out and 'the key "phase" is given again' in out


def test_state_key_twice_in_the_second_state_keeps_the_first(tmp_path: Path) -> None:
    second = TERMINAL.replace('"points":[', '"points":[0,0,0,0],"points":[', 1)
    assert second != TERMINAL
    text = TERMINAL + "\n" + second + "\n"
    games = []
    with pytest.raises(RecordError) as err:
        for g in iter_openspiel(text, "s.json"):
            games.append(g)
    assert len(games) == 1
    again = second.index('"points"', second.index('"points"') + 1)
    assert (err.value.line, err.value.column) == (2, again + 1)
    path = write(tmp_path, "s.json", text)
    code, out = run("validate", "--from", "openspiel", path)
    assert code == 2 and "state 2: " in out and "1 valid game" in out


def test_state_key_twice_french(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    text = TERMINAL.replace('"hands":[', '"hands":[[],[],[],[]],"hands":[', 1)
    monkeypatch.setenv("LC_ALL", "fr_FR.UTF-8")
    code, out = run("validate", "--from", "openspiel", write(tmp_path, "s.json", text))
    assert code == 2
    assert 'la clé "hands" est redonnée ici' in out


def test_nested_key_twice_names_its_object() -> None:
    obj = json.loads(TERMINAL)
    text = json.dumps([obj, obj])
    # a list of states: "phase" given twice in its second element
    k = text.index('"phase"', text.index('"phase"') + 1)
    text = text[:k] + '"phase": "GameOver", ' + text[k:]
    with pytest.raises(RecordError) as err:
        list(iter_openspiel(text, "s.json"))
    assert str(err.value.where) == "state 2"
    assert err.value.column == k + 1 + len('"phase": "GameOver", ')


def test_same_key_in_two_objects_is_no_repeat() -> None:
    # "N" seats in every trick, "phase" once per state: nothing is repeated
    assert len(list(iter_openspiel(TERMINAL + "\n" + TERMINAL, "s.json"))) == 2


# The history reader: its faults, their order, their places ------------------------------


def _error(text: str) -> tuple[str | None, int | None, int | None]:
    with pytest.raises(RecordError) as err:
        list(iter_openspiel_history(text, "h"))
    return err.value.msg.key, err.value.line, err.value.column


def test_history_reads_as_before() -> None:
    h = _history()
    (game,) = iter_openspiel_history(json.dumps(h), "h")
    deal = game.deals[0]
    assert len(deal.tricks) == 13 and not deal.unfinished
    assert [p.seat for p in deal.tricks[0].plays] == ["S", "W", "N", "E"]
    assert str(deal.tricks[0].plays[0].card) == "2C"
    assert deal.hands["N"] is not None and len(deal.hands["N"]) == 13


@pytest.mark.parametrize(("change", "key"), [
    # a card dealt twice before a value that is no card id: the first is told
    (lambda h: [*h[:5], h[2], *h[6:10], 52, *h[11:]], "os.dealt_twice"),
    (lambda h: [*h[:5], 52, *h[6:10], h[2], *h[11:]], "os.not_card_id.deal"),
    (lambda h: [*h[:7], True, *h[8:]], "os.not_card_id.deal"),
    (lambda h: [*h[:60], 1.0, *h[61:]], "os.not_card_id.pass"),
    (lambda h: [*h[:100], -1, *h[101:]], "os.not_card_id.play"),
    # actions past the 13th trick, and a bad id among them: the end is told
    (lambda h: [*h, 5, 99], "os.after_end.#n"),
    (lambda h: h[:40], "os.truncated"),
])
def test_history_faults_first_in_order(change: Callable[[list[int]], list[object]],
                                       key: str) -> None:
    h = _history()
    changed = change(h)
    got, line, column = _error(json.dumps(changed))
    assert (got, line) == (key, 1)
    # the column of the fault's action in the one-line list
    k = next((i for i, (a, b) in enumerate(zip(changed, h, strict=False))
              if type(a) is not type(b) or a != b), len(h))
    if key == "os.truncated":
        k = len(changed) - 1
    elif key == "os.after_end.#n":
        k = len(h)
    text = json.dumps(changed)
    starts = [i + 1 for i, ch in enumerate(text) if ch in "[,"]
    assert column == starts[k] + (text[starts[k]] == " ") + 1


def test_history_line_msgspec_refuses_what_json_reads_otherwise() -> None:
    h = _history()
    lines = [json.dumps(h), json.dumps([*h[:7], True, *h[8:]]), json.dumps(h)]
    # one a line: the second line's value is read by loads_record, told at its action
    with pytest.raises(RecordError) as err:
        list(iter_openspiel_history("\n".join(lines) + "\n", "h"))
    assert err.value.msg.key == "os.not_card_id.deal" and err.value.line == 2
    assert err.value.column == lines[1].index("true") + 1
    # a number of 5,000 digits: the records' limit, at its place
    text = json.dumps(h) + "\n[1, " + "9" * 5000 + "]\n"
    games = []
    with pytest.raises(RecordError) as err:
        for g in iter_openspiel_history(text, "h"):
            games.append(g)
    assert len(games) == 1 and err.value.line == 2
