"""A mistyped French keyword with an accent (``marqué``, ``résulta``,
``donnée``) is quoted whole in the syntax error, with its "did you mean";
the word used to be cut at its first accented letter ("found 'marqu'")."""

from __future__ import annotations

from hearts_notation.io import iter_games_text


def _error(text: str) -> str:
    game = next(iter(iter_games_text(text, "hrn", "t")))    # (English: the catalogs' default)
    assert game.errors, text
    return game.errors[0].message


def test_accented_words_are_quoted_whole() -> None:
    said = _error("donne 1\nN: ?\nmarqué N 3\n")
    assert "found 'marqué'" in said and "'marque'" in said, said
    said = _error("donne 1\nN: ?\nrésulta N\n")
    assert "found 'résulta'" in said and "'résultat'" in said, said
    said = _error("donnée 1 passe gauche\n*\n")
    assert "'donnée'" in said and "'donne'" in said, said
