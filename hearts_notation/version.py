"""What ``hearts --version`` prints: the version and which core runs.

A leaf of the command line: :mod:`hearts_notation.cli` answers
``--version`` with it before click is imported, and
:mod:`hearts_notation.app` gives click's own ``--version`` the same text,
without either importing the other's module for it.
"""

from __future__ import annotations


def version_text() -> str:
    """What ``hearts --version`` prints."""
    from . import __version__, _compiled

    return f"hearts, version {__version__}\n{_compiled.description()}\n"
