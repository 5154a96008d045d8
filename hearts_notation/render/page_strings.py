"""The HTML replay page's own words: the ``page.*`` messages of the catalogs.

Everything the page says in its own voice (button titles, headings, the
sentences of each step, the names of the marks) is a catalog message
(:mod:`hearts_notation.i18n`, ids ``page.<key>``) handed to the page through
:func:`page_strings`; the page's script holds no word of any language.  A
language that lacks a key shows the English words rather than a blank (the
catalog test keeps that from happening in a shipped language).

Placeholders are ``{who}``, ``{card}``, ``{cards}``, ``{to}``, ``{n}``, ``{se}``:
the page formats them itself, so translators may move them freely.
"""

from __future__ import annotations

from ..i18n import LANGUAGES, catalog

#: Message id -> text, per language (from the catalogs).  English is the reference.
STRINGS: dict[str, dict[str, str]] = {
    lang: {k[len("page."):]: v for k, v in catalog(lang).items() if k.startswith("page.")}
    for lang in LANGUAGES
}


def page_strings(lang: str) -> dict[str, str]:
    """Every word of the page in *lang*, English where *lang* lacks one."""
    out = dict(STRINGS["en"])
    out.update(STRINGS.get(lang, {}))
    return out


__all__ = ["LANGUAGES", "STRINGS", "page_strings"]
