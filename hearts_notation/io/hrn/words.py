"""The notation's words in English and in French, in one table.

French players keep their sheets in French (*donne*, *passe gauche*, ``O``
for Ouest), so the reader takes either language's keywords and tag names and
the writer can print either.  The model keeps the English form (the keyword
meanings and the tag names of docs/spec.md): a record typed in French and the
same record typed in English are the same game.

The grammar (``grammar/hearts.lark``) spells the same keyword alternatives;
``tests/test_french_notation.py`` checks that it accepts every word listed
here, so the two cannot drift apart.
"""

from __future__ import annotations

from typing import Final

#: A pass direction as written (lower case) -> its meaning.
DIRECTIONS: Final[dict[str, str]] = {
    "left": "left", "right": "right", "across": "across", "hold": "hold",
    "gauche": "left", "droite": "right", "face": "across", "garde": "hold",
}

#: A moon choice as written (lower case) -> its meaning.
MOON_CHOICES: Final[dict[str, str]] = {
    "add": "add", "subtract": "subtract",
    "ajoute": "add", "retire": "subtract",
}

#: French line keywords (lower case) -> the English keyword they stand for.
KEYWORDS_FR: Final[dict[str, str]] = {
    "donne": "deal", "donneur": "dealer", "passe": "pass", "marque": "score",
    "chelem": "moon", "résultat": "result", "resultat": "result",
}

#: French tag names -> the tag of docs/spec.md they stand for (with and
#: without accents, as typed on a French or an English keyboard).
TAG_NAMES_FR: Final[dict[str, str]] = {
    "Événement": "Event", "Evénement": "Event", "Evenement": "Event",
    "Lieu": "Site", "Manche": "Round", "Annotateur": "Annotator",
    "Règles": "Rules", "Regles": "Rules", "Places": "Seats",
    "Nord": "North", "Est": "East", "Sud": "South", "Ouest": "West",
}

#: What the French writer prints for each English word and tag name.
WRITE_FR: Final[dict[str, str]] = {
    "deal": "donne", "dealer": "donneur", "pass": "passe", "score": "marque",
    "total": "total", "moon": "chelem", "result": "résultat",
    "left": "gauche", "right": "droite", "across": "face", "hold": "garde",
    "add": "ajoute", "subtract": "retire",
    "Event": "Événement", "Site": "Lieu", "Round": "Manche", "Annotator": "Annotateur",
    "Rules": "Règles", "Seats": "Places",
    "North": "Nord", "East": "Est", "South": "Sud", "West": "Ouest",
}

#: The default four seats, and West's letter on a French sheet (Ouest).
ENGLISH_SEATS: Final = ("N", "E", "S", "W")
FRENCH_WEST: Final = "O"


def tag_name(name: str) -> str:
    """The tag of docs/spec.md that *name* stands for (French names mapped,
    any other name unchanged)."""
    return TAG_NAMES_FR.get(name, name)


def seat_display(seats: tuple[str, ...], lang: str) -> dict[str, str]:
    """How to print each seat: in French, the default West ``W`` is ``O``;
    seats a record names itself (``Seats`` tag) are never renamed."""
    if lang == "fr" and seats == ENGLISH_SEATS:
        return {"W": FRENCH_WEST}
    return {}
