"""The HRN grammar (``hearts.lark``), installed as ``hearts_notation.grammar``.

This folder is the single definition of the text syntax; the wheel ships it
inside the package (see ``pyproject.toml``, ``package-dir``).
"""
