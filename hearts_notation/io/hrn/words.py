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

from collections.abc import Iterable, Iterator
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


#: English line keywords that say a record is written in English ("total"
#: is the same word in both languages, so it says nothing).
_KEYWORDS_EN: Final = frozenset({"deal", "dealer", "pass", "score", "moon", "result"})
#: English tag names that say a record is written in English (Date and the
#: other tags both languages spell alike say nothing).
_TAGS_EN: Final = frozenset(w for w, fr in WRITE_FR.items() if w[:1].isupper() and fr != w)


def line_language(line: str) -> str | None:
    """``"fr"`` or ``"en"`` when *line* starts with a word only one
    language writes (a tag name such as ``[Événement`` or ``[Event``, a
    line keyword such as ``donne`` or ``deal``), else ``None``.

    This is no reader: it looks at the first word of a line only, to tell
    which language a record is kept in (the reader takes both languages
    alike and keeps the English meaning)."""
    text = line.lstrip()
    if text.startswith("["):
        name = text[1:].split(None, 1)[0] if len(text) > 1 else ""
        name = name.split('"', 1)[0]
        if name in TAG_NAMES_FR:
            return "fr"
        return "en" if name in _TAGS_EN else None
    word = text.split(None, 1)[0].lower() if text else ""
    if word in KEYWORDS_FR:
        return "fr"
    return "en" if word in _KEYWORDS_EN else None


def text_language(text: str) -> str | None:
    """The language of a record's text: that of its first line that says
    (:func:`line_language`), ``None`` when no line does."""
    start, size = 0, len(text)
    while start < size:      # line by line, without splitting the whole text
        end = text.find("\n", start)
        if end < 0:
            end = size
        found = line_language(text[start:end])
        if found is not None:
            return found
        start = end + 1
    return None


class LanguageSniffer:
    """Tells the language of a text read as a stream of chunks (the reader
    keeps the English meaning of every word, so the record's own language
    is taken on the way): stops looking at the first line that says."""

    __slots__ = ("_tail", "language")

    def __init__(self) -> None:
        self.language: str | None = None
        self._tail = ""

    def feed(self, chunk: str) -> None:
        """Look at the complete lines of *chunk* (with what was left of the
        previous one), until the language is known."""
        if self.language is not None:
            return
        text = self._tail + chunk
        cut = text.rfind("\n")
        self._tail = text[cut + 1:][-4096:]
        if cut >= 0:
            self.language = text_language(text[:cut])

    def finish(self) -> str | None:
        """The language, once the whole text has been seen."""
        if self.language is None and self._tail:
            self.language = line_language(self._tail)
            self._tail = ""
        return self.language

    def tap(self, chunks: Iterable[str]) -> Iterator[str]:
        """*chunks* passed through, looked at on the way."""
        for chunk in chunks:
            self.feed(chunk)
            yield chunk
        self.finish()


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
