"""The HRN text notation: reader (fast path and Lark grammar), lexer helpers and writer.

``reader`` turns text into games, ``fast`` reads plain canonical lines without
Lark, ``lark_reader`` parses every other line with the grammar, ``lex`` holds
the token-to-value helpers both share, and ``writer`` prints canonical HRN.
"""
