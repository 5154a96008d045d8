"""The HRN text notation: reader, lexer, the notation's words, and writer.

``reader`` cuts text into games and assembles each game's elements into
events, ``lex`` reads a logical line into typed ``elements``, ``words`` holds
the keywords and the card syntax, ``lark_reader`` words the syntax errors
with the grammar (``grammar/hearts.lark``), and ``writer`` prints canonical HRN.
"""
