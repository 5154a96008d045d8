"""The oracle of the YAML writer: PyYAML's pure-Python safe dumper, with
strings that hold an odd line break written double-quoted so that they read
back exactly.

:mod:`hearts_notation.io.yamlwrite` is the program's only YAML writer
(docs/decisions.md, "One YAML writer (yaml16)"); it must write what
``yaml.dump(tree, Dumper=OddBreakDumper, **YAML_OPTIONS)`` writes, byte for
byte.  The dumper is kept here, outside the package, since only the checks
use it: the tests (tests/test_yaml16.py, tests/test_yaml_write.py) and the
YAML rows of benchmarks/bench_interop.py (its anchor, the writer before
yamlwrite), which import it as ``tests.yaml_oracle`` as
benchmarks/fuzz_campaign.py imports ``tests.fuzzing``.  Its list of odd
breaks is written again here on purpose: an oracle that took the writer's
would agree with the writer's mistakes.
"""

from __future__ import annotations

from typing import Any

import yaml

#: Line breaks other than ``\n`` that PyYAML's plain and single-quoted styles
#: fold or drop; a string holding one is written double-quoted, where YAML
#: has escapes for them (\N, \L, \P).
ODD_BREAKS = ("\x85", "\u2028", "\u2029")


class OddBreakDumper(yaml.SafeDumper):
    """PyYAML's safe dumper, with strings that hold an odd line break written
    double-quoted so that they read back exactly."""


def _represent_str(dumper: yaml.SafeDumper, value: str) -> Any:
    style = '"' if any(b in value for b in ODD_BREAKS) else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


OddBreakDumper.add_representer(str, _represent_str)
