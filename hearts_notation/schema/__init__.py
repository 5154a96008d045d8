"""The JSON Schemas (draft 2020-12) of what the program writes for other programs,
shipped with the package so that a reader can check its input with any tool.

- ``record.schema.json``: a game record (docs/spec.md, section 3.2), what ``convert``,
  ``generate``, ``select``, ``annotate -o`` and ``match -o`` write as JSON, JSONL or YAML;
- one schema per command's ``--format json`` (or ``jsonl``) report:
  ``validate``, ``score``, ``stats``, ``standings``, ``rules``, ``position``, ``hint``,
  ``solve``, ``annotate``, ``match`` and ``puzzles`` (docs/cli.md, "Machine output").
- ``annotate-corpus.schema.json`` and ``annotate-manifest.schema.json``: the summary
  ``annotate --out-dir DEST --format json`` prints and the ``DEST/manifest.json`` it writes.

Each file stands alone (no reference to another file), so that any validator can use
it without a registry; the definitions several share (a card, a seat, a finding) are
repeated, and tests/test_contract8.py keeps the copies equal.  Load one with
``importlib.resources.files("hearts_notation.schema").joinpath("validate.schema.json")``.
"""
