"""``hearts position``: a point of a record as a one-line position string.

The position (docs/spec.md, section 9) is what the seat to move knows at
``--deal D --trick T --card K`` (default: where the record stops): its hand,
its pass, every card played so far.  ``--all-hands`` adds the other hands
when the record knows them (a perfect-information position); ``--format
json`` writes its JSON twin.  The helpers below are how ``hint``,
``puzzles`` and ``diagram`` take either a record and a point or a position
string in place of the file.
"""

from __future__ import annotations

from dataclasses import dataclass

import click

from ..analysis.annotate import totals_before
from ..clickwords import HelpCommand
from ..i18n import MessageError, players_in_view, seats_in_view, translate
from ..model import Game
from ..output import json_text, message, safe, write_stdout
from ..position import PointError, Position, cut_game, position_at
from ..referee import game_seats, resolve_rules
from ..rules import RuleSet
from ._common import fail, is_position, read_position
from ._status import Report
from .annotate import read_record
from .options import (
    format_option,
    input_format_option,
    lang_option,
    point_option,
    require_deal,
    rules_options,
)


@dataclass(frozen=True, slots=True)
class RecordPoint:
    """A point of a record: the game cut there, its rules and seats."""

    game: Game
    cut: Game
    rules: RuleSet
    seats: tuple[str, ...]

    def say(self, file: str, exc: MessageError, lang: str, key: str = "position.cli.error") -> str:
        """Why the point has no position (or no hint), in the record's view:
        its seats as the record writes them (O for W in French) and its
        players named (``à Gwen (O) de jouer``), as every other message
        about the record names them."""
        with seats_in_view(self.seats), players_in_view(self.game.players):
            return translate(lang, key, file=safe(file), why=exc.text(lang))

    def position(self, with_hands: bool = True) -> Position:
        """The position at the point (:class:`PointError` if none)."""
        totals = totals_before(self.cut, self.rules, self.seats, len(self.cut.deals) - 1)
        return position_at(self.cut, self.rules, self.seats, totals, with_hands)


def record_point(file: str, fmt_in: str | None, rules: RuleSet | None, force_rules: bool,
                 game_no: int | None, deal: int | None, trick: int | None, card: int | None,
                 lang: str) -> RecordPoint:
    """The game of *file* (``--game``, default the last) cut at the point
    (:func:`hearts_notation.position.cut_game`); a point the record does not
    reach is one line and exit 2."""
    games, _ = read_record(file, fmt_in, rules, force_rules)
    if game_no is not None and not 1 <= game_no <= len(games):
        fail(translate(lang, "hint.bad_game", n=game_no, k=len(games)))
    game = games[(game_no or len(games)) - 1]
    require_deal(deal, 1, len(game.deals), file)
    ruleset = resolve_rules(game, rules, force_rules)
    seats, ruleset, _ = game_seats(game, ruleset)
    try:
        cut = cut_game(game, deal, trick, card, len(seats))
    except PointError as exc:
        fail(translate(lang, "position.cli.error", file=safe(file), why=exc.text(lang)))
    return RecordPoint(game, cut, ruleset, seats)


def point_position(file: str, fmt_in: str | None, rules: RuleSet | None, force_rules: bool,
                   game_no: int | None, deal: int | None, trick: int | None, card: int | None,
                   lang: str, with_hands: bool) -> tuple[Position, RecordPoint | None] | None:
    """The position FILE gives, with the record's point it was taken at: a
    position string is read as one (no point), a record is cut at the point
    (:func:`record_point`).  ``None`` when the point has no position (the
    reason is printed: exit 2).  ``position`` and ``diagram`` both ask this."""
    if is_position(file):
        return read_position(file, lang), None
    rp = record_point(file, fmt_in, rules, force_rules, game_no, deal, trick, card, lang)
    try:
        return rp.position(with_hands), rp
    except PointError as exc:
        message(rp.say(file, exc, lang))
        return None


def point_options(f: click.decorators.FC) -> click.decorators.FC:
    """``--game``, ``--deal``, ``--trick``, ``--card``: a point of a record."""
    for opt in reversed([
        point_option("--game", "game_no", "help.position.game_no"),
        point_option("--deal", "deal", "help.position.deal"),
        point_option("--trick", "trick", "help.position.trick"),
        point_option("--card", "card", "help.position.card"),
    ]):
        f = opt(f)
    return f


@click.command("position", cls=HelpCommand, help="help.position")
@click.argument("file")
@point_options
@click.option("--all-hands", is_flag=True,
              help="help.position.all_hands")
@lang_option("help.position.lang")
@format_option(["text", "json"], "text", "help.position.fmt_out")
@rules_options()
@input_format_option()
def command(file: str, game_no: int | None, deal: int | None, trick: int | None,
            card: int | None, all_hands: bool, lang: str, fmt_out: str, rules: RuleSet | None,
            force_rules: bool, fmt_in: str | None) -> Report:
    """``hearts position``: its page (what it does, its options) is the
    catalogs' ``help.position`` and ``help.position.*``, in the run's language."""
    found = point_position(file, fmt_in, rules, force_rules, game_no, deal, trick, card, lang, all_hands)
    if found is None:
        return Report(unusable=1)
    pos = found[0]
    if fmt_out == "json":
        write_stdout(json_text(pos.to_dict(), indent=2) + "\n")
    else:
        write_stdout(pos.format() + "\n")
    return Report()
