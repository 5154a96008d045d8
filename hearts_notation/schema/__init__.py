"""The JSON Schema of a record, shipped with the package (docs/spec.md, section 3.2).

Load it with ``importlib.resources.files("hearts_notation.schema")
.joinpath("record.schema.json")``.
"""
