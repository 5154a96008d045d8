"""Editor support for HRN records: a Pygments lexer (:mod:`.lexer`), the
document model a language server needs (:mod:`.document`), what it answers
(:mod:`.features`) and the server itself (:mod:`.server`, ``hearts lsp``).

Nothing here reads or judges a record on its own: records are cut, read and
refereed by the library's one reader and one referee, and the rules of play
are asked of :class:`~hearts_notation.state.GameState`.  Importing this
package costs nothing; pygls is imported only by :mod:`.server`.
"""
