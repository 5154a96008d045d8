"""The notation's words and card syntax: keywords in English and in French,
the spellings of cards, ranks, suits and marks, and the token patterns of the
reader's lexer, in one place.

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

import re
from bisect import bisect_right
from collections.abc import Callable, Iterable, Iterator
from typing import Final

from ...cards import CARDS, RANK_FRENCH, RANK_LETTERS, SUIT_LETTERS, Card
from ...nearest import close_words
from ..line_ends import CR, may_break_otherwise, newline_text

#: A pass direction as written (lower case) -> its meaning.
DIRECTIONS: Final[dict[str, str]] = {
    "left": "left", "right": "right", "across": "across", "hold": "hold",
    "gauche": "left", "droite": "right", "face": "across", "garde": "hold",
    "à gauche": "left", "à droite": "right", "en face": "across",
    "a gauche": "left", "a droite": "right",    # (typed without the accent)
}

#: How a club sheet shortens a pass direction or says "no pass" in words
#: (``à g.``, ``dr.``, ``en f.``, ``pas de passe``, ``sans échange``: the
#: French rule pages name the fourth deal *sans échange*, *aucun échange*,
#: *pas de passe*), folded as :func:`direction_shorthand` folds them -> the
#: direction as the notation writes it.  Not read as directions (a record
#: writes the word whole, docs/spec.md, section 2.10): each is answered with
#: the word to write, by the HRN reader's message and by the JSON reader's.
DIRECTION_SHORTHANDS: Final[dict[str, str]] = {
    **dict.fromkeys(("g", "gche", "gau", "gauch"), "gauche"),
    **dict.fromkeys(("a g", "a gche", "a gau", "a gauch"), "à gauche"),
    **dict.fromkeys(("d", "dr", "dt", "dte", "drt", "drte", "droit"), "droite"),
    **dict.fromkeys(("a d", "a dr", "a dt", "a dte", "a drt", "a drte", "a droit"), "à droite"),
    **dict.fromkeys(("f", "fce", "fa"), "face"),
    **dict.fromkeys(("en f", "en fce", "en fa", "en fac"), "en face"),
    # (``passe à la droite``, ``vers la gauche``: the direction said in a sentence)
    **dict.fromkeys(("a la gauche", "vers la gauche", "sur la gauche"), "à gauche"),
    **dict.fromkeys(("a la droite", "vers la droite", "sur la droite"), "à droite"),
    # (``passe au voisin de gauche``, ``à son voisin de droite``: the rule pages'
    # own wording, shared/seeds 002, "donner les cartes à son voisin de gauche")
    **dict.fromkeys(("au voisin de gauche", "a son voisin de gauche", "a votre voisin de gauche",
                     "voisin de gauche", "au joueur de gauche"), "à gauche"),
    **dict.fromkeys(("au voisin de droite", "a son voisin de droite", "a votre voisin de droite",
                     "voisin de droite", "au joueur de droite"), "à droite"),
    **dict.fromkeys(("au voisin d'en face", "a son voisin d'en face", "a votre voisin d'en face",
                     "voisin d'en face", "au joueur d'en face", "d'en face"), "en face"),
    **dict.fromkeys(("pas de passe", "sans passe", "aucune passe", "pas d'echange",
                     "pas echange", "sans echange", "aucun echange", "gardee", "garder",
                     # (``passe : aucune``, ``on garde``: the hold said as a sentence)
                     "aucune", "aucun", "sans", "on garde", "on garde tout"), "garde"),
    # (english24: the hold as English players say it, ``no pass``, ``keeper``,
    # ``hold hand``, ``pass none``; answered with ``hold``)
    **dict.fromkeys(("no pass", "no passing", "no passes", "nopass", "none", "keeper", "keepers",
                     "keep", "keeper hand", "hold hand", "holdhand", "hold hands", "hold'em",
                     "holdem"), "hold"),
}
#: A deal header written as the deal is said, its number an ordinal before
#: the keyword (``1re donne``, ``2e donne``, ``3ème donne``, ``1st deal``):
#: not a header of the notation, answered with the header meant
#: (``donne 1``); group 1 the number, group 2 the keyword.  Read with
#: ``re.IGNORECASE``, only of a line that does not read.
ORDINAL_HEADER: Final = (r"[ \t\f]*(\d+)[ \t\f]*(?:re|ère|ere|er|ème|eme|è|e|nde|nd|de|st|rd|th)\.?"
                         r"[ \t\f]+(deal|donne)(?!\w)")

#: An ordinal said in words before ``donne`` or ``pli`` (``Première donne``,
#: ``deuxième pli``, ``third deal``), folded as :func:`fold_word` folds it
#: (no accent) -> its number.  Not a header of the notation either: answered
#: with the header meant, and the deal keeps its lines (:func:`header_ordinal`).
ORDINAL_WORDS: Final[dict[str, int]] = {
    "premiere": 1, "premier": 1, "first": 1, "deuxieme": 2, "seconde": 2, "second": 2,
    "troisieme": 3, "third": 3, "quatrieme": 4, "fourth": 4, "cinquieme": 5, "fifth": 5,
    "sixieme": 6, "sixth": 6, "septieme": 7, "seventh": 7, "huitieme": 8, "eighth": 8,
    "neuvieme": 9, "ninth": 9, "dixieme": 10, "tenth": 10,
}
_ORDINAL_WORD_HEADER: Final = re.compile(r"[ \t\f]*([^\W\d_]+)[ \t\f]+(deal|donne)(?!\w)", re.IGNORECASE)
#: The deal said as the last one (``Dernière donne``, ``last deal``): the deal
#: after the one before it (typed33), in the fold of :func:`fold_word`.
LAST_WORDS: Final = frozenset(("derniere", "last", "final"))


def header_written(text: str, before: int) -> str | None:
    """*text*, a deal header said as the deal is said (``Première donne``,
    ``Deuxième donne``, ``3e donne``, ``1st deal``; ``Dernière donne``, the
    deal after deal *before*, none when no deal came before), with that head
    written as the notation writes it (``donne 1``) and padded with spaces,
    so that every column after it is where it stands in the file; ``None``
    when the line does not start so.  The reader reads a line so written
    when the grammar refused the line as typed (typed33: french12 only told
    ``1re donne``, which says the number as plainly as ``donne 1``)."""
    m = re.match(ORDINAL_HEADER, text, re.IGNORECASE)
    if m is not None:
        number, keyword = m.group(1), m.group(2)
    else:
        said = _said_number_header(text)
        if said is not None:
            # (typed34: ``donne II``, ``donne deux``, ``deal two`` say the
            # number as plainly as ``donne 2``: read, as the ordinals are;
            # french21 and typed22 told them, *vouliez-vous dire « 2 »*)
            m, n = said
            number, keyword = str(n), m.group(1)
        else:
            m = _ORDINAL_WORD_HEADER.match(text)
            if m is None:
                return None
            word = fold_word(m.group(1))
            said_n = (before + 1 if before > 0 else None) if word in LAST_WORDS else ORDINAL_WORDS.get(word)
            if said_n is None:
                return None
            number, keyword = str(said_n), m.group(2)
    start = len(text) - len(text.lstrip(" \t\f"))
    head = f"{keyword} {number}"
    if len(head) > m.end() - start:
        return None
    if prose_after(text, m.end()):
        return None
    return text[:start] + head.ljust(m.end() - start) + text[m.end():]


#: The first word after a said deal header's head (``Première donne de la
#: soirée``): group 1.
_PROSE_AFTER: Final = re.compile(r"[ \t\f,:]*([^\W\d_]+)(?!\w)")


def prose_after(text: str, end: int) -> bool:
    """Whether the said deal header ending at *end* in *text* goes on as a
    sentence (``Première donne de la soirée, Anne a oublié de battre``): not
    a header then, for the reader (:func:`header_written`,
    :func:`header_ordinal`) and the cutter alike; read as one it made a deal
    of no line and the deal 1 after it a copy, told twice (typed35)."""
    after = _PROSE_AFTER.match(text, end)
    if after is None or fold_word(after.group(1)) not in PROSE_WORDS:
        return False
    # (``3e donne en face``, ``Third deal in across``, ``Première donne de
    # Gwen``: a header with a slip, whose deal keeps its lines while the slip
    # is told; only words that say none of a header's fields, three or more,
    # make a sentence)
    rest = text[end:].split("{", 1)[0].split(";", 1)[0]
    return len(rest.split()) >= 3 and _FIELD_WORD.search(rest) is None

#: A word that says a deal header's field (its pass, its dealer), in a
#: header typed with a slip after its said head (``3e donne en face``).
_FIELD_WORD: Final = re.compile(
    r"(?<!\w)(?:pass(?:e|es|ing)?|donneur|dealer|deals|distribue|gauche|droite|face|garde|gard[ée]e"
    r"|left|right|across|hold|keeper|keep)(?!\w)", re.IGNORECASE)
#: The words that go on a sentence after ``Première donne``, ``First deal``,
#: folded (:func:`fold_word`), and never begin a header's field (``donneur``,
#: ``passe``, a direction, a remark): such a line is prose, told as a line
#: of no element, not read as a header (typed35).
PROSE_WORDS: Final = frozenset(("de", "du", "des", "la", "le", "les", "of", "the", "was", "is",
                                "est", "fut", "avec", "with", "ce", "cette", "this", "that", "et",
                                "and", "ou", "or", "en", "in", "pour", "for", "qui", "where"))


#: A deal header as the notation writes it, up to its number (``donne 3``).
_WRITTEN_HEADER: Final = re.compile(r"[ \t\f]*(?:deal|donne)[ \t\f]+(\d+)(?!\w)", re.IGNORECASE)


def deal_header_number(text: str, before: int) -> int | None:
    """The number of the deal whose header *text* is, as the reader reads it
    (written ``donne 3``, or said: ``Première donne``, ``1re donne``,
    ``donne II``, ``Dernière donne`` after deal *before*: the same
    :func:`header_written`), or ``None`` when *text* is no deal header with
    a number.  The cutter sees a deal where the reader does, so a game of
    deals said as ordinals ends where the record shows a new one
    (typed34: a tag line after such deals, a deal 1 after higher ones)."""
    m = _WRITTEN_HEADER.match(header_written(text, before) or text)
    return None if m is None or len(m.group(1)) > 9 else int(m.group(1))


#: A game's heading on a line of its own, as a secretary heads each game of
#: an evening typed in one file (``Partie 2``, ``Partie n° 2 :``, ``2e partie``,
#: ``Deuxième partie``, ``Game 2``, ``Second game``): group 1 the words before
#: the noun (an ordinal), the rest the heading's number.
_GAME_HEADING: Final = re.compile(
    r"[ \t\f]*+(?:(?:partie|game)[ \t\f]*+(?:n[°o]\.?|#)?[ \t\f]*+\d{1,3}"
    r"|\d{1,3}[ \t\f]*+(?:re|ère|ere|e|ème|eme|de|nde|nd|st|rd|th)\.?[ \t\f]++(?:partie|game)"
    r"|([^\W\d_]++)[ \t\f]++(?:partie|game))(?![\w])[ \t\f]*+[:.\-\u2013\u2014]?[ \t\f]*+",
    re.IGNORECASE)


def game_heading(text: str) -> bool:
    """Whether *text* is a game's heading on a line of its own (``Partie
    2``, ``Deuxième partie``, ``Game 2``, ``Last game``): the evening's next
    game begins there.  The cutter begins a game at it (after a deal), and
    the reader tells it, once, with the heading in braces to write (a new
    game begins with its tags; typed34).  The one recogniser of both."""
    m = _GAME_HEADING.fullmatch(text)
    if m is None:
        return False
    word = m.group(1)
    return word is None or fold_word(word) in ORDINAL_WORDS or fold_word(word) in LAST_WORDS



#: A game's heading without its number (``Partie``, ``Game :``), as a
#: secretary marks the games of an evening typed in one file (typed35).
_BARE_HEADING: Final = re.compile(
    r"[ \t\f]*+(?:partie|game)[ \t\f]*+[:.\-\u2013\u2014]?[ \t\f]*+", re.IGNORECASE)


def bare_heading(text: str) -> bool:
    """Whether *text* is a game's heading without its number (``Partie``,
    ``Game:``).  It begins no game for the cutter (it numbers nothing; the
    next game begins at its tags or its deal 1 again, as without it), but
    the reader tells it as :func:`game_heading`'s, once, with the line in
    braces to write, where the grammar said *expected ':'* (typed35)."""
    return _BARE_HEADING.fullmatch(text) is not None


#: A number written in Roman numerals, as a club's sheet numbers its deals
#: and tricks (``donne II``, ``IV.``; french21): up to 39, the value.
_ROMAN: Final = re.compile(r"(X{0,3})(IX|IV|V?I{0,3})", re.IGNORECASE)
_ROMAN_UNITS: Final[dict[str, int]] = {"": 0, "i": 1, "ii": 2, "iii": 3, "iv": 4, "v": 5, "vi": 6,
                                       "vii": 7, "viii": 8, "ix": 9}
#: A deal header numbered in Roman numerals: the keyword, the numeral.
ROMAN_HEADER: Final = re.compile(r"[ \t\f]*(deal|donne)[ \t\f]+([IVXivx]+)(?![\w.])", re.IGNORECASE)


def roman_number(word: str) -> int | None:
    """The value of *word* written in Roman numerals (``IV`` -> 4, any
    case), or ``None`` (``IIII``, ``VX`` and the empty word are none)."""
    m = _ROMAN.fullmatch(word)
    if not word or m is None:
        return None
    return 10 * len(m.group(1)) + _ROMAN_UNITS[m.group(2).lower()]


#: A number said in words, as a secretary writes a deal's or a trick's number
#: (``donne deux``, ``deal two``, ``pli trois``, ``trick three``; typed22), in
#: lower case without accents: up to twenty, which covers a trick's number and
#: most evenings' deals.
NUMBER_WORDS: Final[dict[str, int]] = {
    "un": 1, "une": 1, "one": 1, "deux": 2, "two": 2, "trois": 3, "three": 3, "quatre": 4, "four": 4,
    "cinq": 5, "five": 5, "six": 6, "sept": 7, "seven": 7, "huit": 8, "eight": 8, "neuf": 9, "nine": 9,
    "dix": 10, "ten": 10, "onze": 11, "eleven": 11, "douze": 12, "twelve": 12, "treize": 13,
    "thirteen": 13, "quatorze": 14, "fourteen": 14, "quinze": 15, "fifteen": 15, "seize": 16,
    "sixteen": 16, "dix-sept": 17, "seventeen": 17, "dix-huit": 18, "eighteen": 18, "dix-neuf": 19,
    "nineteen": 19, "vingt": 20, "twenty": 20,
}
#: A deal header or a trick numbered by a number in words: the noun, the word.
NUMBER_WORD_LINE: Final = re.compile(r"[ \t\f]*(deal|donne|pli|levée|levee|trick)[ \t\f]+"
                                     r"([^\W\d_]+(?:-[^\W\d_]+)?)(?![\w.])", re.IGNORECASE)


def number_word(word: str) -> int | None:
    """The number a word says (``trois``, ``Three``, ``dix-sept``), or ``None``."""
    return NUMBER_WORDS.get(fold_word(word))


def _said_number_header(text: str) -> tuple[re.Match[str], int] | None:
    """The match and the number of a deal header numbered in Roman numerals
    or by a number in words (``donne II``, ``donne deux``, ``deal two``), or
    ``None``: the keyword is the match's group 1."""
    roman = ROMAN_HEADER.match(text)
    if roman is not None:
        n = roman_number(roman.group(2))
        if n:
            return roman, n
    said = NUMBER_WORD_LINE.match(text)
    if said is not None and said.group(1).lower() in ("deal", "donne"):
        n = number_word(said.group(2))
        if n is not None:
            return said, n
    return None


def header_ordinal(text: str) -> str | None:
    """The number, in digits, of a deal header written as the deal is said,
    its ordinal before the keyword (``1re donne``, ``Première donne``,
    ``third deal``), or ``None`` when *text* does not start so: the reader
    keeps the deal's lines in that deal while it tells the header's slip."""
    m = re.match(ORDINAL_HEADER, text, re.IGNORECASE)
    if m is not None:
        return None if prose_after(text, m.end()) else m.group(1)
    said = _said_number_header(text)
    if said is not None:
        # (``donne II``, ``donne deux``, ``deal two``: french21, typed22)
        return None if prose_after(text, said[0].end()) else str(said[1])
    m = _ORDINAL_WORD_HEADER.match(text)
    n = ORDINAL_WORDS.get(fold_word(m.group(1))) if m is not None else None
    return None if n is None or m is None or prose_after(text, m.end()) else str(n)



def prose_header(text: str) -> bool:
    """Whether *text* is a sentence that starts as a said deal header does
    (``Première donne de la soirée, …``, ``First deal of the night …``;
    :func:`prose_after`): the reader tells it once as a remark, in braces
    to write, where the grammar offered the header (typed35)."""
    said = _said_number_header(text)
    word = _ORDINAL_WORD_HEADER.match(text)
    if word is not None and fold_word(word.group(1)) not in ORDINAL_WORDS \
            and fold_word(word.group(1)) not in LAST_WORDS:
        word = None
    heads = (re.match(ORDINAL_HEADER, text, re.IGNORECASE), said[0] if said else None, word)
    return any(m is not None and prose_after(text, m.end()) for m in heads)

#: At most this many words make a shorthand (``pas d'échange``, ``pas de passe``,
#: ``à son voisin de gauche``).
SHORTHAND_WORDS: Final = 5


def direction_shorthand(typed: str) -> str | None:
    """The pass direction, as the notation writes it, that a sheet's
    shorthand *typed* stands for (``à g.`` -> ``à gauche``, ``Sans
    échange`` -> ``garde``), or ``None``.  Compared in lower case, without
    accents or periods, a typographic apostrophe as a straight one."""
    return DIRECTION_SHORTHANDS.get(fold_word(typed.replace(".", " ").replace("\u2019", "'")))


#: A moon choice as written (lower case) -> its meaning.
MOON_CHOICES: Final[dict[str, str]] = {
    "add": "add", "subtract": "subtract",
    "ajoute": "add", "retire": "subtract",
}

#: French line keywords (lower case) -> the English keyword they stand for.
KEYWORDS_FR: Final[dict[str, str]] = {
    "donne": "deal", "donneur": "dealer", "passe": "pass", "marque": "score",
    "chelem": "moon", "capot": "moon", "résultat": "result", "resultat": "result",
}

#: French tag names -> the tag of docs/spec.md they stand for (with and
#: without accents, as typed on a French or an English keyboard).
TAG_NAMES_FR: Final[dict[str, str]] = {
    "Événement": "Event", "Evénement": "Event", "Evenement": "Event",
    "Évènement": "Event", "Evènement": "Event",     # (the 1990 spelling)
    "Lieu": "Site", "Manche": "Round", "Annotateur": "Annotator",
    "Règles": "Rules", "Regles": "Rules", "Places": "Seats",
    "Nord": "North", "Est": "East", "Sud": "South", "Ouest": "West",
}

#: What the French writer prints for each English word and tag name.
WRITE_FR: Final[dict[str, str]] = {
    "deal": "donne", "dealer": "donneur", "pass": "passe", "score": "marque",
    "total": "total", "moon": "capot", "result": "résultat",
    "left": "gauche", "right": "droite", "across": "face", "hold": "garde",
    "add": "ajoute", "subtract": "retire",
    "Event": "Événement", "Site": "Lieu", "Round": "Manche", "Annotator": "Annotateur",
    "Rules": "Règles", "Seats": "Places",
    "North": "Nord", "East": "Est", "South": "Sud", "West": "Ouest",
}

#: The default four seats, and West's letter on a French sheet (Ouest).
ENGLISH_SEATS: Final = ("N", "E", "S", "W")
FRENCH_WEST: Final = "O"
#: The default seats written out in full, in either language (lower case):
#: a club sheet writes ``Sud`` or ``Ouest`` where the notation's letter
#: stands; with the default seats these words can mean nothing else.
SEAT_WORDS: Final[dict[str, str]] = {
    "north": "N", "east": "E", "south": "S", "west": "W",
    "nord": "N", "est": "E", "sud": "S", "ouest": "W",
}


#: A word of letters of any script (and digits) where a seat may stand: a
#: seat name with an accent (``Nörd``) is refused whole, saying that seat
#: names are ASCII, when no keyword is near it (``donné``: did you mean
#: ``donne``), and a player's name there (``Chloé``) is answered with the
#: player's seat.
ANY_WORD_RE: Final = re.compile(r"[^\W\d_][^\W_]*")


#: A row that heads a deal's hands typed in four columns, as a bridge
#: diagram or a spreadsheet lays them out (``Nord  Est  Sud  Ouest``,
#: ``North<tab>East<tab>South<tab>West``, ``N E S W``; typed22).
_GRID_HEAD: Final = re.compile(r"[ \t]*(?:(?:north|east|south|west|nord|est|sud|ouest|[NESWO])"
                               r"(?:[ \t]*:)?(?:[ \t]+|\Z)){4}\Z", re.IGNORECASE)
_GRID_SUIT: Final = re.compile("[♠♥♦♣♤♡♢♧]\ufe0f?[^♠♥♦♣♤♡♢♧]*")
_GRID_RANKS: Final = re.compile(r"(?:[AKQJTakqjt2-9]|10|-)+")
_OUTLINED: Final = str.maketrans("♤♡♢♧", "♠♥♦♣")


def hand_grid(head: str, rows: list[str]) -> list[str] | None:
    """The four hand lines that the *rows* under *head*, a row of the four
    seats, stand for when they hold a deal's hands in four columns, one row
    a suit (``♠ D 10 8 6    ♠ V 9 2 ...``, or cells of ranks parted by tabs or
    spaces, spades to clubs: ``AJT8<tab>K94<tab>...``); ``None`` otherwise.
    The lines are offered, not read (typed22): which column is whose is the
    layout's, and a column slipped by one blank would give a card to another
    seat."""
    if _GRID_HEAD.match(head) is None or len(rows) < 4:
        return None
    words = head.replace(":", " ").split()
    letters = ["O" if w.lower() in ("o", "ouest") else SEAT_WORDS.get(w.lower(), w.upper()) for w in words]
    if sorted(letters) not in (["E", "N", "S", "W"], ["E", "N", "O", "S"]):
        return None
    columns: list[list[str]] = [[], [], [], []]
    kinds = set()
    for row in rows[:4]:
        labelled = _grid_labelled(row)
        if labelled is not None:
            # (``♠<tab>D 10 8 6<tab>V 9 2<tab>…``: the suit once, at the row's
            # head, then each seat's ranks; typed30)
            kinds.add("symbols")
            for i, cell in enumerate(labelled):
                columns[i].append(cell)
            continue
        cells = [c.strip() for c in _GRID_SUIT.findall(row.translate(_OUTLINED))]
        if len(cells) == 4 and len({c[:1] for c in cells}) == 1:
            kinds.add("symbols")
        else:
            cells = [c for c in re.split(r"\t+|[ ]{2,}", row.strip()) if c]
            if len(cells) != 4 or not all(_GRID_RANKS.fullmatch(c.replace(" ", "")) for c in cells):
                return None
            kinds.add("ranks")
        for i, cell in enumerate(cells):
            columns[i].append(cell)
    if len(kinds) != 1:
        return None
    symbols = "symbols" in kinds
    if symbols and len({c[:1] for c in columns[0]}) != 4:
        return None     # (a suit twice, or left out: no hand to offer)
    if symbols:
        return [f"{seat}: " + "  ".join(col) for seat, col in zip(letters, columns, strict=True)]
    return [f"{seat}: " + ".".join(c.replace(" ", "").replace("-", "") for c in col)
            for seat, col in zip(letters, columns, strict=True)]


def _grid_labelled(row: str) -> list[str] | None:
    """The four cells of a row of hands in columns that names its suit once,
    at its head (``♠<tab>D 10 8 6<tab>V 9 2<tab>R 7 3<tab>A 5 4``, ``Pique``,
    ``Spades`` or ``S`` there), each written as the suit and its ranks, or
    ``None``.  The cells are parted by tabs or by two blanks or more: a
    single blank parts a cell's own ranks (``D 10 8 6``), so a row spaced so
    is no grid's."""
    m = _GRID_LABEL.match(row)
    if m is None:
        return None
    symbol = m.group(1) or _ROW_NAME[m.group(2)[:2].lower()]
    symbol = symbol.translate(_OUTLINED)
    cells = [c for c in _GRID_CELLS.split(row[m.end():].strip(" \t")) if c]
    if len(cells) != 4 or not all(_GRID_FIGURES.fullmatch(c) for c in cells):
        return None
    return [f"{symbol} {' '.join(c.split())}" for c in cells]


def seat_words(seats: tuple[str, ...]) -> dict[str, str]:
    """The seats written in full (:data:`SEAT_WORDS`, lower case) -> the seat
    they name, at a table whose seats are the compass letters: the default
    ``N E S W``, or ``N E S O`` as a French sheet's ``[Places]`` names them;
    none at any other table (``Est`` may be a player's seat name there)."""
    if seats == ENGLISH_SEATS:
        return dict(SEAT_WORDS)
    if seats == (*ENGLISH_SEATS[:3], FRENCH_WEST):
        return {w: FRENCH_WEST if s == "W" else s for w, s in SEAT_WORDS.items()}
    return {}


def compass_letters(seats: tuple[str, ...]) -> dict[str, str]:
    """The compass letters (lower case, ``o`` for West too) -> the seat they
    name, at a table whose seats are the four compass seats written in full
    (``Nord Est Sud Ouest``, ``North East South West``, any case): there a
    letter can name nothing else, as a word at the default table (spec 2.3);
    none at any other table."""
    letters = [SEAT_WORDS.get(s.lower()) for s in seats]
    if len(seats) != 4 or set(letters) != {"N", "E", "S", "W"}:
        return {}
    out = {letter.lower(): seat for letter, seat in zip(letters, seats, strict=True) if letter}
    out[FRENCH_WEST.lower()] = out["w"]
    return out


#: English line keywords that say a record is written in English ("total"
#: is the same word in both languages, so it says nothing).
_KEYWORDS_EN: Final = frozenset({"deal", "dealer", "pass", "score", "moon", "result"})
#: English tag names that say a record is written in English (Date and the
#: other tags both languages spell alike say nothing), in lower case, and the
#: French ones (tag names are read in any case: :func:`tag_name`).
_TAGS_EN: Final = frozenset(w.lower() for w, fr in WRITE_FR.items() if w[:1].isupper() and fr != w)
_TAGS_FR: Final = frozenset(w.lower() for w in TAG_NAMES_FR)


#: The keywords only English writes and only French writes (lower case;
#: ``total`` is both languages' word): the language of a line's words.
_WORDS_EN: Final = frozenset(w for w, fr in WRITE_FR.items() if w.islower() and fr != w)
_WORDS_FR: Final = frozenset(
    {*KEYWORDS_FR, *DIRECTIONS, *MOON_CHOICES, "donneur"} - _WORDS_EN - {"total"})


def words_language(text: str) -> str | None:
    """``"fr"`` or ``"en"`` when the keywords among the words of *text* are
    all of one language (``capot S soustrait``: French), else ``None``; for
    the reader's "did you mean" to offer a word of the line's own language."""
    found: set[str] = set()
    for word in text.lower().split():
        if word in _WORDS_FR:
            found.add("fr")
        elif word in _WORDS_EN:
            found.add("en")
    return found.pop() if len(found) == 1 else None


#: The verbs of a pass said by its receiver (``E reçoit de N : …``, ``S
#: receives from E: …``; typed29): the reader's pattern that tells the line
#: (:mod:`.lark_reader`) and its note of the giver's pass as said
#: (:mod:`.reader`) read the same words.
RECEIVED_VERBS: Final = ("reçoit", "recoit", "reçu", "recu", "receives", "received", "gets", "got")


#: A chat's export before each line (typed22): WhatsApp on a phone,
#: ``[06/12/2026 21:04] Hervé: `` or ``[21:04, 06/12/2026] Hervé: ``, on
#: Android ``06/12/2026 21:04 - Hervé: `` or ``12/6/26, 9:04 PM - Bob: ``;
#: the date, the time and the sender up to the first colon.
CHAT_PREFIX: Final = re.compile(
    r"(?:\[[0-9][0-9/.,:h \u202f-]{3,24}(?:[AaPp]\.?[Mm]\.?)?\]"
    r"|[0-9]{1,4}[/.-][0-9]{1,2}[/.-][0-9]{1,4},?[ \u202f]+[0-9]{1,2}[:h][0-9]{2}(?::[0-9]{2})?"
    r"(?:[ \u202f]?[AaPp]\.?[Mm]\.?)?[ \t]+[-\u2013])"
    r"[ \t\u202f]*[^\W\d][^:\n]{0,39}:[ \t]?")


def line_language(line: str) -> str | None:
    """``"fr"`` or ``"en"`` when *line* starts with a word only one
    language writes (a tag name such as ``[Événement`` or ``[Event``, a
    line keyword such as ``donne`` or ``deal``) and, for a keyword line,
    when most of its keywords are in that language, else ``None``.

    This is no reader: it looks at the first word of a line only, to tell
    which language a record is kept in (the reader takes both languages
    alike and keeps the English meaning)."""
    text = line.lstrip()
    if text[:1] == ">" or (text[:1] == "[" and text[1:2].isdigit()) or "/" in text[1:3]:
        # (a record quoted from an e-mail, or copied from a chat: its lines
        # say their language past the quote, the date and the sender; typed22)
        chat = CHAT_PREFIX.match(text)
        text = text[chat.end():].lstrip() if chat is not None else text.lstrip("> \t")
    if text.startswith("["):
        name = text[1:].split(None, 1)[0] if len(text) > 1 else ""
        name = name.split('"', 1)[0].lower()
        if name in _TAGS_FR:
            return "fr"
        return "en" if name in _TAGS_EN else None
    word = text.split(None, 1)[0].lower() if text else ""
    if word not in KEYWORDS_FR and word not in _KEYWORDS_EN:
        return None
    # A keyword line says the language most of its keywords are in: a French
    # sheet's ``deal 1 donneur O passe gauche`` (one English word among
    # three French ones) is French, and its messages are in French; a line
    # whose keywords are as many in each language says nothing.
    fr = en = 0
    for w in text.split("{", 1)[0].split(";", 1)[0].lower().split():
        if w in _WORDS_FR:
            fr += 1
        elif w in _WORDS_EN:
            en += 1
    if fr == en:
        return None
    return "fr" if fr > en else "en"


def text_language(text: str) -> str | None:
    """The language of a record's text: that of its first line that says
    (:func:`line_language`), ``None`` when no line does (the lines as the
    reader cuts them: :func:`typed_chunks`)."""
    text = newline_text(text)
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
        text = newline_text(self._tail + chunk)
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


#: The tags the notation and the tools give a meaning to (docs/spec.md:
#: sections 2.3 and 2.9), and tags common enough in records to be taken as
#: meant (a name near one of these is taken as it mistyped: :func:`misspelt_tag`).
KNOWN_TAGS: Final = frozenset({
    "Event", "Site", "Date", "Round", "Rules", "Seats", "North", "East", "South", "West",
    "Annotator", "Match", "Seed", "Seating", "Faults", "Table", "Source", "Note", "Language",
    "SelectedFrom", "SelectedGame", "SelectedDeal",
    *TAG_NAMES_FR,
})
#: The known tags by their name in lower case: a tag name is read in any case
#: (docs/spec.md, section 2.10: ``[event]``, ``[LIEU]`` are ``Event``, ``Site``).
_KNOWN_BY_LOWER: Final = {t.lower(): t for t in KNOWN_TAGS}
#: Tags that list the players in one value, which the notation writes seat
#: by seat (``[Joueurs "Sylvie Bernard ..."]``).
PLAYER_LIST_TAGS: Final = frozenset({"joueurs", "joueur", "players", "player"})
#: The tag to suggest for a name typed without its accents.
_ACCENTED_TAG: Final = {"Evénement": "Événement", "Evenement": "Événement", "Regles": "Règles"}
_NUMBERED_TAG: Final = r"P[1-9]|Bot[A-Za-z0-9]+"
#: The known tags in order, sorted once: :func:`misspelt_tag` asks for every
#: unknown name, and 100,000 of them in one file sorted 100,000 times.
_KNOWN_SORTED: Final = tuple(sorted(KNOWN_TAGS))


#: How close a word must be to a keyword to be taken as it mistyped
#: (:func:`difflib.get_close_matches`' ratio): what the reader's did-you-mean
#: and its "is this lost line a header, a pass line?" ask.
KEYWORD_CUTOFF: Final = 0.7
#: The same for a tag's name, stricter: a tag may be the record's own (any
#: name, docs/spec.md), which a warning would wrongly call a slip
#: (``[Status]``, 0.73 from ``Seats``), while a line near a keyword that does
#: not read is lost whatever it was meant to say.
TAG_CUTOFF: Final = 0.75


def fold_word(word: str) -> str:
    """*word* in lower case without its accents and with its blanks made
    single (``Passé`` -> ``passe``): a slip on an accent is the nearest slip
    of all (``passé`` is nearer ``passe`` than ``pass`` once folded)."""
    import unicodedata

    plain = unicodedata.normalize("NFKD", word.lower())
    return " ".join("".join(c for c in plain if not unicodedata.combining(c)).split())


def closest_keyword(word: str, keywords: Iterable[str], cutoff: float = KEYWORD_CUTOFF,
                    fold: Callable[[str], str] = fold_word) -> str | None:
    """The one of *keywords* that *word* most likely mistypes, as *keywords*
    spell it (the first of the spellings that *fold* alike), or ``None``
    when none is within *cutoff*; both compared folded (:func:`fold_word`:
    case, accents and blanks aside).  The one "close to one of these words"
    of the notation: the did-you-mean of a line that does not read, the
    reader's guess at what a lost line was (a header? a pass line?), a
    misspelt tag name (:func:`misspelt_tag`, which folds case only)."""
    close = close_words(word, keywords, cutoff=cutoff, fold=fold)
    return close[0] if close else None


def misspelt_tag(name: str) -> str | None:
    """The known tag a tag name that is none most likely mistypes
    (``Evnet`` -> ``Event``, ``Ouets`` -> ``Ouest``, ``event`` -> ``Event``),
    or ``None``: a known tag in any case (``event``), or a tag of the
    record's own (``Scorer``) that is near no known one."""
    if name.lower() in _KNOWN_BY_LOWER or re.fullmatch(_NUMBERED_TAG, name, re.IGNORECASE):
        return None
    if name.lower() in PLAYER_LIST_TAGS:
        return "North"      # the players are written seat by seat
    # (case only: the known tags hold spellings that differ by an accent,
    # ``Événement``, ``Évènement``, ``Evénement``; the one nearest as typed
    # is the one to suggest)
    tag = closest_keyword(name, _KNOWN_SORTED, TAG_CUTOFF, str.lower)
    return _ACCENTED_TAG.get(tag, tag) if tag is not None else None


def tag_name(name: str) -> str:
    """The tag of docs/spec.md that *name* stands for: a known tag in any
    case (``event``, ``EVENT`` -> ``Event``; ``p3`` -> ``P3``), French names
    mapped (``lieu`` -> ``Site``), any other name unchanged (``Scorer``).

    Tag names are read in any case as keywords are (docs/spec.md, section
    2.10): a club that types ``[rules "moon-choice"]`` means the rules, and
    the tag used to be kept as the record's own, its meaning lost behind a
    ``tag-name`` warning."""
    known = _KNOWN_BY_LOWER.get(name.lower())
    if known is not None:
        return TAG_NAMES_FR.get(known, known)
    if len(name) == 2 and name[0] == "p" and name[1] in "123456789":
        return name.upper()
    return name


def seat_display(seats: tuple[str, ...], lang: str) -> dict[str, str]:
    """How to print each seat: in French, the default West ``W`` is ``O``;
    seats a record names itself (``Seats`` tag) are never renamed."""
    if lang == "fr" and seats == ENGLISH_SEATS:
        return {"W": FRENCH_WEST}
    return {}


# Card syntax ---------------------------------------------------------------------------

#: The annotation marks, longest first (the order the card pattern tries them).
MARK_SPELLINGS: Final = ("!!", "??", "!?", "?!", "!", "?")
#: Suit symbols (filled and outlined) and letters -> suit index (clubs 0 .. spades 3).
SUIT_SYMBOLS: Final = {"♣": 0, "♦": 1, "♥": 2, "♠": 3, "♧": 0, "♢": 1, "♡": 2, "♤": 3}
LETTER_SUITS: Final = {"C": 0, "D": 1, "H": 2, "S": 3}
#: English rank spellings (upper case) -> rank index (2 = 0 .. A = 12), and the French R D V.
RANKS: Final = {ch: i for i, ch in enumerate(RANK_LETTERS)} | {"10": 8}
FRENCH_RANKS: Final = {"V": 9, "D": 10, "R": 11}

#: Words that begin a line or fill a fixed place; never seat names.
KEYWORDS: Final = frozenset({
    "deal", "dealer", "pass", "score", "total", "moon", "result",
    *DIRECTIONS, *MOON_CHOICES, *KEYWORDS_FR,
})
#: The words that begin a line (lower case) -> the line's keyword terminal.
LINE_KEYWORDS: Final[dict[str, str]] = {
    "deal": "DEAL", "donne": "DEAL", "pass": "PASS", "passe": "PASS",
    "score": "SCORE", "marque": "SCORE", "total": "TOTAL", "moon": "MOON", "chelem": "MOON", "capot": "MOON",
    "result": "RESULT", "résultat": "RESULT", "resultat": "RESULT",
}
#: The word after ``total`` that a French score sheet heads its running
#: total with (``total cumulé``): the same line as ``total``.
TOTAL_CUMUL_RE: Final = re.compile(r"(?i:cumul[ée]e?s?)")
#: ``cumul`` alone, as a club's sheet heads its running totals (``Cumul : N 3 E 4 …``):
#: the words the lexer takes for ``total`` at a line's head (typed33), checked
#: against the recomputed scores as ``total`` is.
CUMUL_WORDS: Final = frozenset(("cumul", "cumuls", "cumulé", "cumule", "cumulés", "cumules",
                                "cumulée", "cumulee", "cumulées", "cumulees"))
#: The keyword of a deal header's dealer (lower case).
DEALER_WORDS: Final = frozenset({"dealer", "donneur"})

#: A seat name as the SEAT token reads it.
SEAT_RE: Final = re.compile(r"[A-Za-z][A-Za-z0-9]*")
#: A seat name the reader accepts in a ``Seats`` tag (as the JSON reader).
SEAT_NAME_RE: Final = re.compile(r"[A-Za-z][A-Za-z0-9]{0,7}")
#: The spaces that may stand between a card and its mark: the no-break and
#: thin spaces a word processor puts before ``!`` and ``?`` (French
#: typography: ``D♠`` U+202F ``!``), which are blanks of the notation elsewhere
#: (``grammar/hearts.lark``'s ``WS``).  An ordinary space may not: ``D♠ !``
#: typed so is the ``mark_space`` error (docs/spec.md, section 2.5).
MARK_SPACES: Final = "\u00a0\u2007\u2009\u200a\u202f\u205f\u3000"
#: A French rank with a letter suit (``DS``): refused as ambiguous (docs/spec.md, section 2).
FRENCH_LETTER_RE: Final = re.compile(f"[RDVrdv][SHDCshdc](?:[{MARK_SPACES}]?(?:!!|\\?\\?|!\\?|\\?!|!|\\?))?")
#: A word that reads as a letter card (never a seat name): for the checks
#: of a ``Seats`` tag and the hints of an error, compiled there, on first use
#: (start-up, issue 22).
LETTER_CARD: Final = r"(?:10|[2-9TJQKAtjqka])[SHDCshdc]"

#: The end of a keyword: no letter (of any script), digit or ``_`` after it,
#: so that ``passé`` or ``lefté`` is a mistyped word, quoted whole with its
#: "did you mean", not ``pass`` followed by a stray ``é``.
_KW_END: Final = r"(?!\w)"
_MARK: Final = f"(?:[{MARK_SPACES}]?(?:!!|\\?\\?|!\\?|\\?!|!|\\?))?"
_SYMBOL_CLASS: Final = "[♠♥♦♣♤♡♢♧]"
#: The emoji presentation selector, which a phone's emoji keyboard puts after
#: a suit symbol (``♠️`` is U+2660 U+FE0F): part of the symbol where it stands
#: right after one (a card, a suit group), nowhere else.
EMOJI: Final = "\ufe0f"
#: The blanks inside a token (``♠ A D 4``, ``à gauche``, ``grand chelem``):
#: those between tokens, the no-break and thin spaces among them (the
#: grammar's ``WS``; docs/spec.md 2.1), tab and space.
_GAP: Final = f"[ \t{MARK_SPACES}]"

#: The regular expression of every token of a line, as ``grammar/hearts.lark``
#: states it (a test compares each with the grammar's own terminal): the
#: reader's lexer is built from these, in the order below, which is the
#: order in which they are tried where several may stand (keywords before
#: cards and hands, cards before seats: ``QS`` is always a card).
#: The characters of a tag name, in every format: HRN's grammar reads them,
#: its writer keeps them, and the JSON and YAML readers take the same names, so
#: that a tag read anywhere is written everywhere and read back (an accented
#: ``[Arbitré "..."]`` used to be written ``[Arbitr_]`` and refused in JSON).
TAG_NAME_CHARS: Final = "A-Za-z0-9_À-ÖØ-öø-ÿ"

#: The minus sign (U+2212) a word processor puts for a typed ``-``: where
#: points stand (the POINTS token) it is a minus (typed27).
MINUS_SIGN: Final = "\u2212"


def points_value(text: str) -> int:
    """The whole number a POINTS token says (``-6``, ``+26``, ``−6`` with
    the minus sign): the one conversion, so that every reading of a points
    line (the lexer, the messages that offer a line) agrees."""
    return int(text.replace(MINUS_SIGN, "-"))


TOKENS: Final[dict[str, str]] = {
    "DIRECTION": (f"(?i:(?:left|right|across|hold|gauche|droite|face|garde|à{_GAP}+gauche|à{_GAP}+droite"
                  f"|a{_GAP}+gauche|a{_GAP}+droite"
                  f"|en{_GAP}+face){_KW_END})"),
    # (``total cumulé``: the column of a French score sheet that keeps the running total;
    # ``Cumul :`` alone heads the same line on a club's sheet, read as ``total``: typed33)
    "TOTAL": f"(?i:(?:total(?:{_GAP}+cumul[ée]e?s?)?|cumul(?:[ée]e?)?s?){_KW_END})",
    "MOON": f"(?i:(?:moon|(?:grand{_GAP}+)?chelem|capot){_KW_END})",
    "MOON_CHOICE": rf"(?i:(?:add|subtract|ajoute|retire){_KW_END})",
    "RESULT": rf"(?i:(?:result|r[ée]sultat){_KW_END})",
    "DEALER": rf"(?i:(?:dealer|donneur){_KW_END})",
    "SCORE": rf"(?i:(?:score|marque){_KW_END})",
    "DEAL": rf"(?i:(?:deal|donne){_KW_END})",
    "PASS": rf"(?i:(?:pass|passe){_KW_END})",
    # (``donne n°1``, ``nº 1``, ``no 1``: the French "numéro" before the number)
    "NUMERO": r"(?i:n(?:[°º]|o(?![^\W\d_])))",
    "LETTER_GROUP": (f"(?i:[SHDC]:(?:(?:,?{_GAP}+|,)(?:10|[2-9TJQKA]|-)(?![:♠♥♦♣♤♡♢♧]|[SHDC](?!:))"
                     r"|(?:10|[2-9TJQKA]|-)(?!:))*)"),
    "SYMBOL_GROUP": (f"(?i:[♠♥♦♣♤♡♢♧]{EMOJI}?(?:(?:,?{_GAP}+|,)(?:10|[2-9TJQKARDV]|-)(?![:♠♥♦♣♤♡♢♧])"
                     r"|(?:10|[2-9TJQKARDV]|-)(?!:))*)"),
    "PBN": r"(?i:(?:-|(?:10|[2-9TJQKA])*)(?:\.(?:-|(?:10|[2-9TJQKA])*)){3}(?![A-Za-z0-9.]))",
    # (the symbol branch first, as Lark orders a terminal's alternatives: the longer first)
    "CARD": (rf"(?:(?i:(?:10|[2-9TJQKARDV]){_SYMBOL_CLASS}{EMOJI}?{_MARK})"
             rf"|(?i:(?:10|[2-9TJQKA])[SHDC]{_MARK}(?![A-Za-z0-9])))"),
    "FRENCH_LETTER_CARD": rf"(?i:[RDV][SHDC]{_MARK}(?![A-Za-z0-9]))",
    "SEAT": r"[A-Za-z][A-Za-z0-9]*(?!\w)",
    "TAG_NAME": f"[{TAG_NAME_CHARS}]+",
    "COMMENT": r"(?s:\{(?:[^\\}]|\\.)*\})",
    "TAG_VALUE": '"(?:[^"\\\\\n]|\\\\.)*"',
    # (U+2212, a word processor's minus sign, read as "-": a score is where it stands; typed27)
    "POINTS": "[+\\-\u2212]?[0-9]+",
    "TRICK_NUMBER": r"[0-9]+[.)]",
    "INT": r"[0-9]+",
    "STAR": r"\*",
    "TAG_OPEN": r"\[",
    "UNKNOWN": r"\?",
    "_COLON": ":",
    "_COMMA": ",",
    "_GT": ">",
    "_PERIOD": r"\.",
    "_RSQB": r"\]",
}
#: A whole tag name (:data:`TAG_NAME_CHARS`), for the readers and writers of
#: every format.
TAG_NAME_RE: Final = re.compile(TOKENS["TAG_NAME"])
#: One character that a tag name cannot hold.
NOT_TAG_NAME_CHAR_RE: Final = re.compile(f"[^{TAG_NAME_CHARS}]")
#: What the lexer skips between tokens: blanks and ``;`` notes.
IGNORED: Final = r"(?:[ \t\f\r]+|;[^\n]*)*"


def _build_card_table() -> dict[str, tuple[Card, str | None]]:
    """Every spelling of a card token (with a glued mark) -> (card, mark).

    The keys are exactly the strings the CARD token matches as a whole; a
    test checks that against the grammar's own regular expression.
    """
    table: dict[str, tuple[Card, str | None]] = {}
    for card in CARDS:
        rank, suit = card % 13, card // 13
        ranks_en = {RANK_LETTERS[rank], RANK_LETTERS[rank].lower()}
        if rank == 8:
            ranks_en |= {"10"}
        ranks_fr = ranks_en | {RANK_FRENCH[rank], RANK_FRENCH[rank].lower()}
        letters = {SUIT_LETTERS[suit], SUIT_LETTERS[suit].lower()}
        symbols = {s for s, v in SUIT_SYMBOLS.items() if v == suit}
        spellings = {r + s for r in ranks_en for s in letters} | {r + s for r in ranks_fr for s in symbols}
        for sp in spellings:
            table[sp] = (card, None)
            for m in MARK_SPELLINGS:
                table[sp + m] = (card, m)
    return table


#: Card token text -> (card, mark or None).
CARD_TABLE: Final = _build_card_table()


def card_spelling(text: str) -> tuple[Card, str | None] | None:
    """The card and mark a CARD token's text stands for (``None`` when it
    is no card): a look-up in :data:`CARD_TABLE`, or, for a mark after a
    no-break space (:data:`MARK_SPACES`: ``D♠\u202f!``), the table's glued
    spelling, and a suit symbol followed by U+FE0F (:data:`EMOJI`) as the
    symbol alone.  The table does not list these spellings: seven times
    as many keys, built at every start-up, for a spelling only a word
    processor makes and the lexer meets only past the table's miss."""
    hit = _spaced_mark(text)
    if hit is None:
        at = text.find(EMOJI)
        if at > 1 and text[at - 1] in SUIT_SYMBOLS:     # ``D♠️``: the symbol's emoji form
            hit = _spaced_mark(text[:at] + text[at + 1:])
    return hit


def _spaced_mark(text: str) -> tuple[Card, str | None] | None:
    """:data:`CARD_TABLE`'s entry for *text*, or for *text* with one space
    of :data:`MARK_SPACES` before its mark taken out."""
    hit = CARD_TABLE.get(text)
    if hit is None:
        head = text.rstrip("!?")
        if head != text and head[-1:] in MARK_SPACES and len(head) > 1:
            hit = CARD_TABLE.get(head[:-1] + text[len(head):])
    return hit


#: What :func:`typed_chunks` drops: a soft hyphen, and a zero-width joiner or
#: non-joiner touching a letter or a digit (``Gw\u200den``, ``D\u200d♥``): a word
#: processor's or a phone keyboard's invisible mark inside a word, no part of
#: what the writer typed.  Between two emoji (``👨\u200d👩``) a joiner joins them
#: into one picture and is kept.
_DROPPED_MARK: Final = re.compile(r"\u00ad|(?<=[^\W_])[\u200c\u200d]+|[\u200c\u200d]+(?=[^\W_])")


def escape_dropped_marks(text: str) -> str:
    """*text* (a comment's body or a tag's value) with the marks the reader
    drops as typing artefacts (:func:`typed_chunks`) written ``\\uXXXX``, so
    that a record's text holding one on purpose (a JSON name, a library's
    comment) reads back exactly: the escape is read after the marks are
    dropped.  Text without them is returned as it is."""
    if SOFT_HYPHEN not in text and "\u200c" not in text and "\u200d" not in text:
        return text
    return _DROPPED_MARK.sub(lambda m: "".join(f"\\u{ord(c):04x}" for c in m.group()), text)


#: What may follow a DOS end-of-file mark (Ctrl-Z, 0x1A) at the end of a text.
_EOF_TAIL: Final = " \t\r\n\x1a"
SOFT_HYPHEN: Final = "\u00ad"
DOS_EOF: Final = "\x1a"


def typed_chunks(chunks: Iterable[str]) -> Iterator[str]:
    """*chunks* of a record with every line break ``\n`` (the one
    definition, :mod:`hearts_notation.io.line_ends`: a file whose lines end
    in a lone carriage return, or a word processor's line and paragraph
    separators, was one line, "no game found"; a CR LF's ``\r`` sent every
    chunk to the cutter's line-by-line path, 1.75x the time of the same
    file with ``\n``), and without the DOS end-of-file mark Ctrl-Z (0x1A)
    that ends the text (with only blanks after it: one that text follows
    stays, and is told where it is).  A chunk that ends in ``\r`` waits for
    the next one's first character (a ``\n`` makes one break of the two).
    Columns are unchanged (a break is no column of its line), and the line
    numbers are the file's: each break is one ``\n``.

    The soft hyphen and the joiners a word processor puts inside a word are
    *not* dropped here but line by line by the reader (:func:`drop_marks`),
    which puts every position it reports back where the character stands in
    the file: dropped here, every column after one on its line was one to
    the left of the character the message named (typed16)."""
    held = ""
    for chunk in chunks:
        if held:
            chunk, held = held + chunk, ""
        if may_break_otherwise(chunk):
            if chunk.endswith(CR):
                chunk, held = chunk[:-1], CR
            chunk = newline_text(chunk)
        if DOS_EOF in chunk:
            body = chunk.rstrip(_EOF_TAIL)
            if DOS_EOF in chunk[len(body):]:
                # The end of the text, or a mark that text follows: the next
                # chunk decides (held until then).
                chunk, held = body, chunk[len(body):] + held
        if chunk:
            yield chunk
    if held:
        yield newline_text(held.replace(DOS_EOF, ""))


def has_dropped_marks(text: str) -> bool:
    """Whether *text* holds a soft hyphen or a joiner (what :func:`drop_marks`
    may drop): three scans at C speed, none for ASCII text."""
    return not text.isascii() and (SOFT_HYPHEN in text or "\u200d" in text or "\u200c" in text)


#: Where :func:`drop_marks` dropped marks: for each line number, the index in
#: the line as read (0-based, marks dropped) of the character each mark stood
#: before, once per mark, in order.
MarkPlaces = dict[int, list[int]]


def drop_marks(text: str, line: int) -> tuple[str, MarkPlaces]:
    """*text* (a logical line, its first line numbered *line*) without the
    invisible marks a word processor or a phone keyboard puts inside a word
    (:data:`_DROPPED_MARK`: the soft hyphen, ``don\u00adneur`` is
    ``donneur``; a zero-width joiner touching a letter), and where they
    stood (:func:`file_column` puts a column back).  None of them shows on
    the screen, so a sheet holding them reads as the sheet the secretary
    sees; its positions are those of the file (an editor counts the mark)."""
    places: MarkPlaces = {}
    parts: list[str] = []
    at = 0
    for m in _DROPPED_MARK.finditer(text):
        parts.append(text[at:m.start()])
        at = m.end()
        ln = line + text.count("\n", 0, m.start())
        start = text.rfind("\n", 0, m.start()) + 1
        # (the marks dropped before it on its line)
        before = len(places.get(ln, ()))
        index = m.start() - start - before
        places.setdefault(ln, []).extend([index] * len(m.group()))
    parts.append(text[at:])
    return "".join(parts), places


def file_column(places: MarkPlaces, line: int, column: int) -> int:
    """The 1-based *column* of *line* in text read without its marks
    (:func:`drop_marks`) as a column of the file: the character there,
    counting the marks before it (a mark belongs to the character after it)."""
    marks = places.get(line)
    if not marks or column < 1:
        return column
    return column + bisect_right(marks, column - 1)


#: A list's bullet at the start of a line, as a word processor puts it
#: before each paragraph of a list and keeps when the sheet is saved as text
#: (``•\t``, ``–``, ``▪``), or a hyphen followed by a blank: group 1 is the
#: bullet, the text after the match the line as the notation writes it.
_LIST_BULLET: Final = re.compile(
    "[ \t\f]*([•◦▪▫‣●○■□►▸➢➤✓✔–—]|-(?=[ \t\u00a0]))[ \t\f\u00a0\u202f]*")


#: Markdown's bold marks (``**deal 1**``, ``__score__``), as a chat or a forum
#: shows a line in bold (english24).
BOLD_MARK: Final = re.compile(r"\*\*|__")


def strip_bold(text: str) -> str:
    """*text* without Markdown's bold marks, taken off until none is left
    (``_**_`` and ``**__deal 1__**`` lose every mark, whichever pair is
    found first).  One helper for the reader's deal header and the grammar
    reader's bold line, so that the two readers agree on what a line in bold
    says (typed25: they took ``_**_`` apart differently)."""
    while True:
        bare = BOLD_MARK.sub("", text)
        if bare == text:
            return bare
        text = bare


def list_bullet(text: str) -> tuple[int, str, str] | None:
    """``(column, bullet, rest)`` when *text* starts with a list's bullet
    (:data:`_LIST_BULLET`): its column (from 1), the bullet, and the line
    without it; ``None`` otherwise.  Not read as part of the line (a bullet
    means nothing in the notation, and ``-`` is a void suit or a minus
    sign): the reader answers with the line to write, and a deal header
    behind a bullet keeps its deal's lines."""
    m = _LIST_BULLET.match(text)
    if m is None:
        m = _LIST_NUMBER.match(text)
        if m is None or ((m.group(2) or "").lower() not in LINE_KEYWORDS and m.group(3) is None):
            return None     # (``3. E 2♠``, ``3) E 2♠``: a trick's number, not a list's)
    if not text[m.end():].strip():
        return None
    return m.start(1) + 1, m.group(1), text[m.end():]


#: A line numbered as a list's item (``1) donne 1 ...``, ``n°1 donne 1``,
#: ``2° marque ...``): group 1 the number as typed; the line after it must
#: start with a line's keyword (group 2) or a tag (group 3), since ``3.`` and
#: ``3)`` number a trick.
_LIST_NUMBER: Final = re.compile(
    "[ \t\f]*((?:n[°º][ \t]*)?[0-9]+[ \t]*[)°º.:]?|n[°º][ \t]*[0-9]+)[ \t\f\u00a0]+"
    r"(?=([^\W\d_]+)|(\[))", re.IGNORECASE)


#: A suit as a hand copied from a diagram begins a line with it: its symbol
#: (outlined or not, perhaps with the emoji selector), its English letter, or
#: its name in English or French (docs/spec.md, "A hand one suit per line").
_ROW_SUIT: Final = (r"(?:([♠♥♦♣♤♡♢♧])\ufe0f?|(spades?|hearts?|diamonds?|clubs?|piques?|c(?:œ|oe)urs?|"
                    r"carreaux?|tr[èe]fles?|[SHDC])(?![^\W\d_]))")
#: Its ranks: figures in either language, glued or apart, or ``-`` (a void).
_ROW_RANKS: Final = r"(-|(?:(?:10|[2-9TJQKARDV])[ \t]*)*)"
#: One suit and its ranks (group 1 the symbol, 2 the letter or name, 3 the ranks).
_ROW_GROUP: Final = re.compile(rf"[ \t]*{_ROW_SUIT}[ \t]*:?[ \t]*{_ROW_RANKS}[ \t]*", re.IGNORECASE)
#: A line a hand written one suit per line goes on with: perhaps its seat
#: again and a colon (group 1), then one suit and its ranks.  A suit's name
#: and its colon (``pique : D 10 8 6``, ``Spades: A J``) is the row's suit,
#: not a seat said again (typed30: the row was taken for another seat's, and
#: the hand told a line at a time); a letter before a colon stays a seat
#: (``S: ♥ A 8`` under South's line).
_ROW_LINE: Final = re.compile(r"[ \t]*(?:(?!(?:spades?|hearts?|diamonds?|clubs?|piques?|coeurs?|carreaux?"
                              rf"|trefles?)[ \t]*:)([A-Za-z][A-Za-z0-9]*)[ \t]*:)?[ \t]*(?={_ROW_SUIT})",
                              re.IGNORECASE)
#: The head of a hand line: its seat and colon (group 1 the seat).
_ROW_HEAD: Final = re.compile(r"[ \t]*([A-Za-z][A-Za-z0-9]*)[ \t]*:[ \t]*")
_ROW_SYMBOL: Final = {"♤": "♠", "♡": "♥", "♢": "♦", "♧": "♣"}
#: A grid's row that names its suit once, at its head, a tab or two blanks
#: after it (:func:`_grid_labelled`; typed30).
_GRID_LABEL: Final = re.compile(rf"[ \t]*{_ROW_SUIT}[ \t]*:?(?=\t|  )", re.IGNORECASE)
#: What parts the cells of such a row: tabs, or two blanks or more.
_GRID_CELLS: Final = re.compile(r"[ ]*\t[ \t]*|[ ]{2,}")
#: A cell of such a row: ranks in either language, glued or spaced, or ``-``.
_GRID_FIGURES: Final = re.compile(r"-|(?:(?:10|[2-9TJQKARDV])[ ]?)+")
#: A suit's letter or name by its first two letters, in lower case.
_ROW_NAME: Final = {"s": "♠", "h": "♥", "d": "♦", "c": "♣", "sp": "♠", "he": "♥", "di": "♦", "cl": "♣",
                    "pi": "♠", "cœ": "♥", "co": "♥", "ca": "♦", "tr": "♣"}


def _row_groups(text: str, at: int, lower: bool = False) -> list[tuple[str, str]] | None:
    """The suits of *text* from *at* on, each ``(symbol, ranks)``, when it
    holds only suit groups (``♠ D 10 8 6  ♥ A 8``, ``H A 8``, ``Pique : D 10``);
    ``None`` otherwise.  A suit's letter in lower case (``s AJT8``) is read
    only with *lower*: in a row under a seat's line, where a suit begins
    the row and nothing else can be meant (typed31: a sheet typed without
    the shift key); elsewhere ``s`` is South's letter, not spades'."""
    out: list[tuple[str, str]] = []
    while at < len(text):
        m = _ROW_GROUP.match(text, at)
        if m is None or m.end() == at:
            return None
        if m.group(1) is not None:
            symbol = _ROW_SYMBOL.get(m.group(1), m.group(1))
        elif len(m.group(2)) == 1 and m.group(2) not in "SHDC" and not (lower and len(out) == 0):
            return None     # (a lower-case letter is no suit: ``s``, ``h``; but a row's first)
        else:
            symbol = _ROW_NAME[m.group(2)[:2].lower()]
        out.append((symbol, " ".join(m.group(3).split())))
        at = m.end()
    return out


#: A suit's name in a hand line (:func:`hand_suits_written`).
_SUIT_NAME: Final = (r"(?:spades?|hearts?|diamonds?|clubs?|piques?|c(?:œ|oe)urs?|carreaux?|tr[èe]fles?)"
                     r"(?![^\W\d_])")
#: One suit group of a hand line: its symbol (group 1) or its name, perhaps
#: with a colon (2: ``Cœurs : A 8``), its ranks, or ``-``.  A rank is no suit
#: name's first letter (``trèfles`` is no ``T`` and ``R``); every run is
#: possessive: linear on a long line.
_SAID_GROUP: Final = re.compile(rf"[ \t]*+(?:([♠♥♦♣♤♡♢♧])\ufe0f?|({_SUIT_NAME}(?:[ \t]*+:)?))[ \t]*+"
                                rf"(?:-|(?:(?!{_SUIT_NAME})(?:10|[2-9TJQKARDV])[ \t]*+)*+)",
                                re.IGNORECASE)


def hand_suits_written(text: str) -> str | None:
    """*text*, a hand line written with suit symbols where a suit is said by
    its name (``N: ♠ A R 7  cœurs D 10 4  ♦ …``, ``coeurs``, ``Hearts``), with
    each name written as its symbol and padded with spaces, so that every
    column is where it stands in the file; ``None`` when the line is not a
    hand line of suit groups only, or names no suit, or shows no symbol.
    The name stands where a suit's symbol stands, its ranks after it: it can
    mean that suit only (typed33; typed32 told it, *vouliez-vous dire « ♥ »*).
    The cards are the ranks as typed: none is guessed."""
    head = _ROW_HEAD.match(text)
    if head is None:
        return None
    out: list[str] = []
    at, kept = head.end(), 0
    symbols = False
    while at < len(text) and text[at] != "{":      # (a remark may end the line)
        m = _SAID_GROUP.match(text, at)
        if m is None or m.end() == at:
            return None
        if m.group(1) is not None:
            symbols = True
        else:       # (a suit's name, and its colon: the symbol in its place)
            a, z = m.span(2)
            out += [text[kept:a], _ROW_NAME[m.group(2)[:2].lower()].ljust(z - a)]
            kept = z
        at = m.end()
    if not out or not symbols:
        return None
    return "".join(out) + text[kept:]


def suit_rows(head: str, rows: list[str]) -> tuple[str, int] | None:
    """A hand copied from a diagram, one suit per line: *head* is a hand
    line (``N: ♠ D 10 8 6``), *rows* the physical lines after it; the hand
    on one line as the notation writes it (``N: ♠ D 10 8 6  ♥ A 8  ...``) and
    how many of *rows* it took, or ``None``.

    The rows are taken only when nothing else can be meant: each of them
    begins with a suit (symbol, letter or name) and holds only that suit's
    ranks (and perhaps a ``{comment}``, put at the end of the joined line),
    after the same seat again or no seat; the head names fewer than
    four suits and no suit comes twice; a row that begins with a suit and
    does not read so takes none.  Anything else is read line by line as
    before (a run of lines that begin with a suit is then told once, at its
    first, with the form to write: :func:`suit_row`)."""
    m = _ROW_HEAD.match(head)
    if m is None:
        return None
    seat = m.group(1).lower()
    comments: list[str] = []
    head_end = _row_end(head, comments)
    groups = _row_groups(head[:head_end], m.end())
    if groups is None or len(groups) >= 4:
        return None
    taken = 0
    for row in rows:
        r = _ROW_LINE.match(row)
        if r is None or (r.group(1) is not None and r.group(1).lower() != seat):
            break
        more = _row_groups(row[:_row_end(row, comments)], r.end(), True)
        if more is None or len(more) != 1:
            return None     # (a row that begins with a suit but says more, or no ranks)
        groups.extend(more)
        taken += 1
    suits = [s for s, _ in groups]
    if not taken or len(set(suits)) != len(suits):
        return None
    hand = "  ".join(f"{s} {r}".rstrip() for s, r in groups)
    return " ".join((head[:m.end()].rstrip(" \t"), hand, *comments)), taken


#: A ``{comment}`` that ends a row of a hand copied one suit per line.
_ROW_COMMENT: Final = re.compile(r"[ \t]*(\{[^{}\\]*\})[ \t]*\Z")


def _row_end(text: str, comments: list[str]) -> int:
    """Where the suit group of a row ends: before a ``{comment}`` that ends
    the line (put in *comments*, for the end of the joined line)."""
    c = _ROW_COMMENT.search(text) if text.endswith(("}", "} ", "}\t")) else None
    if c is None:
        return len(text)
    comments.append(c.group(1))
    return c.start()


def suit_row(text: str) -> bool:
    """Whether *text* begins with a suit, no seat before it: a line of a
    hand copied one suit per line, which the reader tells once a run."""
    m = _ROW_LINE.match(text)
    return m is not None and m.group(1) is None
