"""A ``Rules`` tag whose variants a club's secretary wrote in words.

``[Règles "standard capot soustrait"]``, ``[Rules "standard, game to 50"]``:
the notation's rules are a preset then ``key=value`` words (docs/rules.md),
and the lenient reading (:func:`hearts_notation.rules.lenient_rules`) told
each word of such a phrase as one more ``unknown-rule`` error (« 'capot'
n'est pas de la forme clé=valeur », then 'soustrait'), none saying what to
write, and checked the sheet under ``standard``, so that a sheet scored
with the moon subtracted drew a ``sheet-sum`` error on every deal.

This module only recognises the phrases the scoring guide and the club
sheets use for the keys docs/rules.md lists (the moon subtracted or added,
the jack of diamonds at -10, a game to 50, the queen breaking hearts, no
passing at all; "no passing on the fourth deal", which ``standard``
already does) and gives back the ``Rules`` string to write.  The referee
tells the tag once with that string and checks the game under it, and the
reader reads its ``capot E`` lines by it (:func:`hearts_notation.rules.lenient_rules`): the secretary meant
those rules, and one error at the tag, not one per deal, is the slip.  A
phrase not in the table is not guessed at: ``None``.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Final

#: A variant said in words (the text lower-cased, accents and ``œ`` taken
#: off, one space between words) and the ``key=value`` pairs it means; a
#: ``{n}`` value is the phrase's number.  French first, then English.
_PHRASES: Final[tuple[tuple[re.Pattern[str], tuple[tuple[str, str], ...]], ...]] = tuple(
    (re.compile(pattern), pairs) for pattern, pairs in (
        (r"(?:le )?capot (?:est )?(?:soustrait|retire|en moins|a -26|-26|moins 26)", (("moon", "subtract"),)),
        (r"(?:le )?capot (?:est )?(?:ajoute|donne 26 aux autres|\+26|a \+26)", (("moon", "add"),)),
        (r"(?:le )?capot (?:est )?(?:au choix|a choisir|choisi)", (("moon", "choose"),)),
        (r"(?:le )?(?:valet de carreau|valet|v♦|vd|j♦) (?:a |= ?)?(?:-10|moins 10)(?: points?)?",
         (("jack_of_diamonds", "-10"),)),
        (r"(?:partie|jeu|on joue) (?:en|a|jusqu'a) (?P<n>[0-9]{1,4})(?: points?)?", (("target", "{n}"),)),
        (r"(?:en|jusqu'a) (?P<n>[0-9]{1,4}) points?", (("target", "{n}"),)),
        (r"(?:on ne passe pas|pas de passe|pas d'echange|on garde) (?:au|a la) "
         r"(?:4e|4eme|quatrieme) (?:tour|donne)", ()),
        (r"(?:on ne passe pas|pas de passe|sans passe|sans echange|pas d'echange)", (("pass_count", "0"),)),
        (r"la dame (?:de pique |d♠ )?(?:casse|ouvre|brise) les coeurs", (("queen_breaks_hearts", "true"),)),
        # English
        (r"(?:shoot(?:ing)? the )?moon (?:subtracts?|is subtracted|minus 26|-26)(?: from the shooter)?",
         (("moon", "subtract"),)),
        (r"(?:shoot(?:ing)? the )?moon (?:adds?|is added|\+26)(?: to the others)?", (("moon", "add"),)),
        (r"(?:shoot(?:ing)? the )?moon (?:is )?(?:the shooter's choice|choice|choose)",
         (("moon", "choose"),)),
        (r"(?:the )?(?:jack of diamonds|jack|j♦|jd) (?:is |= ?|at )?(?:-10|minus 10)(?: points?)?",
         (("jack_of_diamonds", "-10"),)),
        (r"(?:game|play|played|we play) (?:to|up to) (?P<n>[0-9]{1,4})(?: points?)?", (("target", "{n}"),)),
        (r"(?:no pass(?:ing)?|hold) (?:on|in) (?:the )?(?:4th|fourth) (?:hand|deal|round)", ()),
        (r"no pass(?:ing)?", (("pass_count", "0"),)),
        (r"(?:the )?(?:queen(?: of spades)?|q♠) breaks hearts", (("queen_breaks_hearts", "true"),)),
    )
)
#: A key written in French (``capot=soustrait``: the key and its value
#: lower-cased, without accents, ``_`` or ``-`` as a space) and the
#: notation's key with the meaning of each French value (``None``: the
#: value is a number, kept).  A secretary who writes the strict form in
#: French means these keys (french21); a key not here is not guessed at.
_FRENCH_KEYS: Final[dict[str, tuple[str, dict[str, str] | None]]] = {
    **dict.fromkeys(("capot", "chelem", "grand chelem", "lune"), ("moon", {
        "soustrait": "subtract", "retire": "subtract", "moins": "subtract", "-26": "subtract",
        "ajoute": "add", "plus": "add", "+26": "add",
        "choix": "choose", "au choix": "choose", "choisi": "choose", "a choisir": "choose"})),
    **dict.fromkeys(("valet", "valet de carreau", "vd", "v♦"), ("jack_of_diamonds", None)),
    **dict.fromkeys(("partie", "partie en", "cible", "objectif", "but", "fin", "limite", "points"),
                    ("target", None)),
    **dict.fromkeys(("joueurs", "nombre de joueurs"), ("players", None)),
    **dict.fromkeys(("la dame casse les coeurs", "dame casse les coeurs", "dame casse coeurs",
                     "dame ouvre les coeurs"), ("queen_breaks_hearts", {
                         "oui": "true", "vrai": "true", "non": "false", "faux": "false"})),
}
#: A whole number as a French key's value (``valet=-10``, ``partie=50``).
_NUMBER: Final = re.compile(r"[-+]?[0-9]{1,4}")


def _english_key(key: str, value: str) -> tuple[str, str]:
    """The notation's ``key=value`` for one pair written with a French key
    (``capot=soustrait``: ``moon=subtract``), else the pair as written."""
    meant = _FRENCH_KEYS.get(_plain(key.replace("_", " ").replace("-", " ")))
    if meant is None:
        return key, value
    english, values = meant
    plain = _plain(value.replace("_", " "))
    if values is None:
        return (english, str(int(plain))) if _NUMBER.fullmatch(plain) else (key, value)
    return (english, values[plain]) if plain in values else (key, value)


#: What parts two variants in a phrase: a comma, a semicolon, a slash, a
#: period, a plus sign between spaces, ``et`` / ``and``.
_CLAUSES: Final = re.compile(r"\s*(?:[,;/]|\.(?=\s|$)|\s\+\s|\s(?:et|and)\s)\s*")
#: The most characters of a ``Rules`` string looked at (a hostile tag is
#: told by the lenient reading as it always was).
_MOST: Final = 200


def _plain(text: str) -> str:
    """*text* lower-cased, without accents (``é``, ``à``), ``œ`` as ``oe``
    and typographic apostrophes straight: the phrases are matched on it."""
    text = text.lower().replace("œ", "oe").replace("\u2019", "'")
    decomposed = unicodedata.normalize("NFD", text)
    return " ".join("".join(c for c in decomposed if not unicodedata.combining(c)).split())


def _clause_pairs(clause: str) -> tuple[tuple[str, str], ...] | None:
    """The ``key=value`` pairs one clause means: the clause itself when it
    is ``key=value`` words, else the phrase it is; ``None`` when neither."""
    words = clause.split()
    if words and all("=" in w and not w.startswith("=") for w in words):
        return tuple(_english_key(k, v) for k, _, v in (w.partition("=") for w in words))
    plain = _plain(clause)
    for pattern, pairs in _PHRASES:
        found = pattern.fullmatch(plain)
        if found is not None:
            number = found.groupdict().get("n") or ""
            return tuple((k, v.replace("{n}", str(int(number)) if number else "")) for k, v in pairs)
    return None


def variants_in_words(spec: str) -> tuple[str, list[tuple[str, str]]] | None:
    """The preset and the ``key=value`` pairs *spec* means, when *spec* is a
    preset's name then variants some of which are said in words (or parted
    by commas), every one recognised; ``None`` for anything else (a sound
    string, a phrase not in the table: the lenient reading tells those).
    The caller checks the name and the pairs
    (:func:`hearts_notation.rules.lenient_rules`)."""
    if len(spec) > _MOST:
        return None
    head, _, rest = spec.strip().partition(" ")
    name = head.rstrip(",;:.")
    if not name or "=" in name or not rest.strip():
        return None
    pairs: list[tuple[str, str]] = []
    for clause in _CLAUSES.split(rest.strip()):
        if not clause:
            continue
        read = _clause_pairs(clause)
        if read is None:
            return None
        pairs.extend(read)
    return name, pairs
