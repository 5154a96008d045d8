"""The puzzle trainer page: one self-contained offline page of puzzles.

Like the replay page (:mod:`hearts_notation.render.html`), it needs no
network (style, script and data inlined), declares a Content-Security-Policy
that allows only its own inline script and style by their SHA-256 hashes,
carries its data as escaped JSON, and its script inserts every text with
``textContent``.  Every word comes from the catalogs (``trainer.*`` and the
theme names ``puzzles.theme.*``); every fact (the legal cards, the answers,
the reasons) from :mod:`hearts_notation.puzzles`: the script holds no rule
and no word.  Progress is kept in the browser's ``localStorage`` by puzzle
id (an id depends only on the position and the card), so next week's page,
made from more games, keeps the progress of the puzzles it shares with this one.

The page contract (docs/puzzles.md; tests and other tools rely on it): each
puzzle is an element with a ``data-puzzle`` attribute (its id); the cards to
choose from are ``button[data-card="QS"]``; after a choice the puzzle element
carries ``data-result="correct"`` or ``"wrong"``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..cards import CARDS, DIAMONDS, HEARTS
from ..i18n import LANGUAGES, card_name, catalog, seat_text
from .html import self_contained_page

#: The reason codes of the analysis (:mod:`hearts_notation.analysis.explain`), the themes.
THEMES: tuple[str, ...] = ("duck", "queen_taken", "moon", "discard_queen", "discard_heart",
                           "lead_high_spade", "lead_void_suit", "bare_high", "on_lead", "keep_low",
                           "moon_spoiled", "queen_bared", "queen_bare_kept", "discard_points",
                           "high_left", "exit_lead", "lead_won", "take_last", "pass_short",
                           "moon_fed", "moon_led", "high_spade_bared", "smoke_queen",
                           "void_lead", "take_sure", "win_high", "other")


def trainer_words(lang: str) -> dict[str, str]:
    """The page's words in *lang* (English where *lang* lacks one)."""
    out = {k[len("trainer."):]: v for k, v in catalog("en").items() if k.startswith("trainer.")}
    out.update({k[len("trainer."):]: v for k, v in catalog(lang).items() if k.startswith("trainer.")})
    return out


def trainer_data(puzzles: Sequence[Mapping[str, Any]], lang: str, title: str) -> dict[str, Any]:
    """The JSON the page's script reads: words, cards, theme names, puzzles."""
    lang = lang if lang in LANGUAGES else "en"
    cards = {}
    for c in CARDS:
        text = c.text(unicode=True, lang=lang)
        code = str(c)
        cards[code] = {"t": text, "r": text[:-1], "s": text[-1], "red": c // 13 in (HEARTS, DIAMONDS),
                       "n": card_name(lang, code[0], code[1])}
    cat = catalog(lang)
    en = catalog("en")
    themes = {t: cat.get(f"puzzles.theme.{t}") or en[f"puzzles.theme.{t}"] for t in THEMES}
    seats = {s for p in puzzles for s in p["seats"]}
    return {
        "lang": lang, "title": title, "words": trainer_words(lang), "cards": cards, "themes": themes,
        "seats_text": {s: seat_text(lang, s) for s in sorted(seats)},
        "puzzles": list(puzzles),
    }


def render_trainer(puzzles: Sequence[Mapping[str, Any]], lang: str = "en",
                   title: str | None = None) -> str:
    """One self-contained HTML page training on *puzzles* (JSON data of
    :func:`hearts_notation.puzzles.game_puzzles`)."""
    if title is None:
        title = trainer_words(lang)["title"]
    return self_contained_page("trainer", title, trainer_data(puzzles, lang, title))
