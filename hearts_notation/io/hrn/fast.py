"""A line fast path for the common, plain lines of HRN text.

Lark's LALR parser costs about 80 µs for a trick line; a file of ten
thousand deals has a quarter of a million lines.  Most lines of real files,
and every line of canonical text (docs/spec.md, section 2: ASCII, PBN hands, ``SEAT CARD``
pairs, one element per line), are plain: single spaces between words, no
comment, no tab.  :func:`fast_line` reads such a line with ``str.split`` and
table look-ups, and returns exactly the element list the grammar would give
(same tuples, same positions).  Brace comments are read too when they stand
between words, one blank either side, and hold no backslash, brace or line
break (what ``hearts annotate`` and people write): before the line, after
it, after a trick's number or after a card.  For anything it is not sure about it returns
``None`` and the caller asks the grammar, so the grammar stays the one
definition of the syntax: the fast path may only ever *agree* with it.  The
differential tests (``tests/test_hrn_fastpath.py``) check that on generated
and fuzzed input.

It also never raises: every error message comes from the grammar path.
"""

from __future__ import annotations

import re
from typing import Any, Final

from ..limits import current as current_limits
from .lex import (
    CARD_TABLE,
    FRENCH_LETTER_RE,
    SEAT_RE,
    Element,
    HrnSyntaxError,
    comment_text,
    group_cards,
    join_comments,
    pass_mark,
    pbn_cards,
    tag_value,
)
from .words import KEYWORDS_FR

#: Same language as the grammar's PBN terminal (a test compares them).
PBN_PATTERN: Final = (r"(?:-|(?:10|[2-9TJQKA])*)(?:\.(?:-|(?:10|[2-9TJQKA])*)){3}")
_PBN_RE: Final = re.compile(PBN_PATTERN, re.IGNORECASE)
_TAG_RE: Final = re.compile(r'\[([A-Za-z0-9_]+) ("(?:[^"\\\n]|\\.)*")\]')
#: A hand line in suit-symbol groups as ``--unicode`` writes it: one blank
#: between ranks (or none), one or two between groups.  Each group is then
#: exactly one SYMBOL_GROUP token of the grammar.
_SYMBOL_GROUP: Final = r"[♠♥♦♣♤♡♢♧](?: ?(?:10|[2-9TJQKARDVtjqkardv]|-))*"
_SYMBOL_HAND_RE: Final = re.compile(
    rf"([A-Za-z][A-Za-z0-9]*): ({_SYMBOL_GROUP}(?:  ?{_SYMBOL_GROUP})*)")
_GROUP_RE: Final = re.compile(_SYMBOL_GROUP)
_POINTS_RE: Final = re.compile(r"[+-]?[0-9]+")
#: Anything that needs the real lexer: comments, tabs, odd blanks, brackets,
#: quotes, several spaces in a row.
_NEEDS_GRAMMAR: Final = re.compile(r'[{};\t\r\f\n\v"\[\]]|  ')
#: Words the grammar reads as keywords at the start of a line.
_LINE_KEYWORDS: Final = frozenset({"deal", "pass", "score", "total", "moon", "result", *KEYWORDS_FR})
_DIRECTIONS: Final = frozenset({"left", "right", "across", "hold"})


def _is_int(s: str) -> bool:
    # (ASCII digits only: str.isdigit alone also takes other scripts' digits;
    # a long number is left to the grammar path, which applies the limit)
    return len(s) <= 9 and s.isascii() and s.isdigit()


_SEAT_MEMO: dict[str, bool] = {}


def _seat(s: str) -> bool:
    """Whether the grammar reads *s* as a seat name wherever a seat or a
    card may stand (a card spelling is never a seat)."""
    ok = _SEAT_MEMO.get(s)
    if ok is None:
        ok = SEAT_RE.fullmatch(s) is not None and FRENCH_LETTER_RE.fullmatch(s) is None \
            and s not in CARD_TABLE
        if len(_SEAT_MEMO) < 4096:
            _SEAT_MEMO[s] = ok
    return ok


def fast_line(text: str, line: int) -> list[Element] | None:
    """Elements of a plain line, or ``None`` when the grammar must decide."""
    s = text.rstrip(" ")
    if not s:
        return []
    indent = 0
    if s[0] == " ":
        t = s.lstrip(" ")
        indent = len(s) - len(t)
        s = t
    return _plain(s, line, indent)


def _plain(s: str, line: int, indent: int) -> list[Element] | None:
    """:func:`fast_line` of *s*, stripped, that starts at column ``indent + 1``."""
    if s[0] == "[":
        m = _TAG_RE.fullmatch(s)
        if m is None:
            return None
        name = m.group(1)
        return [("tag", line, indent + 1, name, line, indent + 3 + len(name), tag_value(m.group(2)))]
    hm = _SYMBOL_HAND_RE.fullmatch(s)
    if hm is not None:
        return _symbol_hand(hm, line, indent)
    if _NEEDS_GRAMMAR.search(s) is not None:
        return _commented(s, line, indent) if "{" in s else None
    toks = s.split(" ")
    if len(toks) > 2 * current_limits().cards + 2:
        return None  # the grammar path refuses the line in words
    head = toks[0]
    try:
        if head[-1] == "." and _is_int(head[:-1]):
            return _trick(toks, line, indent)
        if head == "deal":
            return _deal(toks, line, indent)
        if head == "pass":
            return _pass(toks, line, indent)
        if head == "score" or head == "total":
            return _points(head, toks, line, indent)
        if head == "moon":
            if len(toks) == 3 and _seat(toks[1]) and toks[2] in ("add", "subtract"):
                return [("moon", line, indent + 1, toks[1], line, indent + 6, toks[2])]
            return None
        if head == "result":
            return _result(toks, line, indent)
        if head == "*":
            return [("star", line, indent + 1)] if len(toks) == 1 else None
        if head[-1] == ":" and len(toks) == 2:
            return _hand(toks, line, indent)
    except HrnSyntaxError:
        return None  # the grammar path will say it, in its words
    return None


#: Characters that send a brace comment to the grammar: escapes, a brace
#: inside, a line break (the comment spans lines).
_COMMENT_DECLINE: Final = re.compile(r"[\\{\n\r]")


def _commented(s: str, line: int, indent: int) -> list[Element] | None:
    """Elements of a line with brace comments, or ``None``.

    The line is cut into words and comments, each followed by one blank
    (or the end); a comment must hold no backslash, brace or line break.
    Comments before the first word are comment elements first (the
    grammar's ``start: COMMENT* _element?``); a trick line keeps the
    comments after its number and after each card; any other line takes
    them only after its last word, where they are comment elements (a pass
    line joins them into its own comment)."""
    words: list[tuple[str, int]] = []      # (word, column)
    comments: list[tuple[int, int, str]] = []   # (index of the next word, column, text)
    i = 0
    n = len(s)
    while i < n:
        if s[i] == "{":
            j = s.find("}", i)
            if j < 0 or _COMMENT_DECLINE.search(s, i + 1, j) is not None:
                return None
            comments.append((len(words), indent + 1 + i, comment_text(s[i:j + 1])))
            i = j + 1
        else:
            j = s.find(" ", i)
            if j < 0:
                j = n
            word = s[i:j]
            if _NEEDS_GRAMMAR.search(word) is not None:
                return None
            words.append((word, indent + 1 + i))
            i = j
        if i < n:                            # one blank, then a word or a comment
            if s[i] != " " or i + 1 >= n or s[i + 1] == " ":
                return None
            i += 1
    out: list[Element] = [("comment", line, col, text) for at, col, text in comments if at == 0]
    if not words:
        return out
    head, head_col = words[0]
    if len(words) > 2 * current_limits().cards + 2:
        return None
    if head[-1] == "." and _is_int(head[:-1]):
        trick = _commented_trick(words, comments, line)
        if trick is None:
            return None
        out.append(trick)
        return out
    last = len(words)
    if any(0 < at < last for at, _, _ in comments):
        return None                          # a comment between words: the grammar decides
    first = head_col - indent - 1
    end = words[-1][1] - indent - 1 + len(words[-1][0])
    elements = _plain(s[first:end], line, head_col - 1)
    if elements is None:
        return None
    trailing = [(line, col, text) for at, col, text in comments if at == last]
    if head == "pass":
        el = elements[0]
        return [*out, (*el[:-1], join_comments([text for _, _, text in trailing]))]
    out.extend(elements)
    out.extend(("comment", ln, col, text) for ln, col, text in trailing)
    return out


def _commented_trick(words: list[tuple[str, int]], comments: list[tuple[int, int, str]],
                     line: int) -> Element | None:
    """A trick line's element with its comments: those between the number
    and the first play are the trick's, those after a card the play's."""
    after: dict[int, list[str]] = {}
    for at, _, text in comments:
        if at > 0:
            after.setdefault(at - 1, []).append(text)  # after word number at - 1
    head, head_col = words[0]
    plays: list[tuple[Any, ...]] = []
    seat: str | None = None
    sc = 0
    table = CARD_TABLE
    memo = _SEAT_MEMO
    for k in range(1, len(words)):
        tok, col = words[k]
        if seat is not None and k - 1 in after:
            return None                      # a comment between a seat and its card
        hit = table.get(tok)
        if hit is not None:
            card, mark = hit
            note = join_comments(after.get(k, []))
            if seat is None:
                plays.append((None, 0, 0, card, mark, note, line, col))
            else:
                plays.append((seat, line, sc, card, mark, note, line, col))
                seat = None
        elif seat is None and (memo.get(tok) or _seat(tok)):
            seat, sc = tok, col
        else:
            return None
    if seat is not None:
        return None
    return ("trick", line, head_col, int(head[:-1]), join_comments(after.get(0, [])), tuple(plays))


def _trick(toks: list[str], line: int, indent: int) -> list[Element] | None:
    col = indent + 1 + len(toks[0]) + 1
    if len(toks) % 2:
        # ``SEAT CARD`` pairs (canonical text): what the loop below makes of
        # them, a pair at a time (a card spelling is never a seat).
        table = CARD_TABLE
        memo = _SEAT_MEMO
        pairs: list[tuple[Any, ...]] = []
        c = col
        for st, ct in zip(toks[1::2], toks[2::2], strict=True):
            hit = table.get(ct)
            if hit is None or st in table or not (memo.get(st) or _seat(st)):
                break
            pairs.append((st, line, c, hit[0], hit[1], None, line, c + len(st) + 1))
            c += len(st) + len(ct) + 2
        else:
            return [("trick", line, indent + 1, int(toks[0][:-1]), None, tuple(pairs))]
    return _trick_tokens(toks, line, indent, col)


def _trick_tokens(toks: list[str], line: int, indent: int, col: int) -> list[Element] | None:
    """A trick line without comments that is not plain ``SEAT CARD`` pairs
    (a card with no seat, say): read by the commented-line reader with no
    comment, so that one loop decides what a trick's words may be."""
    words: list[tuple[str, int]] = [(toks[0], indent + 1)]
    for tok in toks[1:]:
        words.append((tok, col))
        col += len(tok) + 1
    trick = _commented_trick(words, [], line)
    return None if trick is None else [trick]


def _deal(toks: list[str], line: int, indent: int) -> list[Element] | None:
    n = len(toks)
    if n < 2 or not _is_int(toks[1]):
        return None
    dealer: str | None = None
    dl = dc = 0
    direction: str | None = None
    i = 2
    col = indent + 1 + 5 + len(toks[1]) + 1
    if i < n and toks[i] == "dealer":
        if i + 1 >= n or not _seat(toks[i + 1]) or toks[i + 1].lower() in ("pass", "dealer"):
            return None
        dealer, dl, dc = toks[i + 1], line, col + 7
        col += 7 + len(toks[i + 1]) + 1
        i += 2
    if i < n and toks[i] == "pass":
        if i + 1 >= n or toks[i + 1] not in _DIRECTIONS:
            return None
        direction = toks[i + 1]
        i += 2
    if i != n:
        return None
    return [("deal", line, indent + 1, int(toks[1]), dealer, dl, dc, direction)]


def _pass(toks: list[str], line: int, indent: int) -> list[Element] | None:
    if len(toks) < 2 or toks[1][-1:] != ":":
        return None
    who = toks[1][:-1]
    sc = indent + 6
    to: str | None = None
    tl = tc = 0
    if ">" in who:
        giver, _, to = who.partition(">")
        if not _seat(giver) or not _seat(to):
            return None
        tl, tc = line, sc + len(giver) + 1
        who = giver
    elif not _seat(who):
        return None
    cards = []
    marks: list[tuple[str, int, int]] = []
    col = indent + 6 + len(toks[1]) + 1
    for tok in toks[2:]:
        hit = CARD_TABLE.get(tok)
        if hit is None:
            return None
        cards.append(hit[0])
        if hit[1] is not None:
            marks.append((hit[1], line, col + len(tok) - len(hit[1])))
        col += len(tok) + 1
    return [("pass", line, indent + 1, who, line, sc, to, tl, tc, tuple(cards), pass_mark(marks), None)]


def _points(kind: str, toks: list[str], line: int, indent: int) -> list[Element] | None:
    n = len(toks)
    if n < 3 or n % 2 == 0:
        return None
    pairs = []
    col = indent + 1 + len(kind) + 1
    for i in range(1, n, 2):
        seat, value = toks[i], toks[i + 1]
        if not _seat(seat) or len(value) > 9 or _POINTS_RE.fullmatch(value) is None:
            return None
        pairs.append((seat, line, col, int(value)))
        col += len(seat) + len(value) + 2
    return [(kind, line, indent + 1, tuple(pairs))]


def _result(toks: list[str], line: int, indent: int) -> list[Element] | None:
    if len(toks) < 2:
        return None
    if toks[1] == "*":
        return [("result", line, indent + 1, None)] if len(toks) == 2 else None
    seats = []
    col = indent + 8
    for tok in toks[1:]:
        if not _seat(tok):
            return None
        seats.append((tok, line, col))
        col += len(tok) + 1
    return [("result", line, indent + 1, tuple(seats))]


def _symbol_hand(m: re.Match[str], line: int, indent: int) -> list[Element] | None:
    seat = m.group(1)
    if not _seat(seat) or seat.lower() in _LINE_KEYWORDS:
        return None
    seen: dict[int, tuple[int, int]] = {}
    cards: list[Any] = []
    start = m.start(2)
    try:
        for g in _GROUP_RE.finditer(m.group(0), start):
            cards.extend(group_cards(g.group(), line, indent + 1 + g.start(), seen))
    except HrnSyntaxError:
        return None
    return [("hand", line, indent + 1, seat, tuple(cards))]


def _hand(toks: list[str], line: int, indent: int) -> list[Element] | None:
    seat = toks[0][:-1]
    if not _seat(seat) or seat.lower() in _LINE_KEYWORDS:
        return None
    body = toks[1]
    if body == "?":
        return [("hand", line, indent + 1, seat, None)]
    if _PBN_RE.fullmatch(body) is None:
        return None
    return [("hand", line, indent + 1, seat, pbn_cards(body, line, indent + len(toks[0]) + 2))]
