"""``python -m hearts_notation`` runs the ``hearts`` command.

The package's ``__init__``, which Python imports first, ends a Ctrl-C that
comes while it runs (:func:`hearts_notation.interrupt.interrupted_while_run_as_module`);
the import of :mod:`hearts_notation.cli` here, before :func:`~hearts_notation.cli.main`'s
own guard, is guarded as well: ``hearts: interrupted``, status 130.
"""

if __name__ == "__main__":
    try:
        from .cli import main
    except KeyboardInterrupt:
        import signal

        signal.signal(signal.SIGINT, signal.SIG_IGN)   # (a second Ctrl-C while it is told)
        from .interrupt import interrupted

        interrupted(True)
    main()
