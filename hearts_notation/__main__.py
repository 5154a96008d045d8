"""``python -m hearts_notation`` runs the ``hearts`` command."""

from .cli import main

if __name__ == "__main__":
    main()
