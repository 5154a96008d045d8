"""One module per ``hearts`` subcommand; see :mod:`hearts_notation.cli`."""
