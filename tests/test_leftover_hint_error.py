"""``HintError`` is an ``i18n.MessageError`` (issue 22, one helper): it
keeps its catalog message and words it in any language as the shared base
does, with no ``__init__``/``text`` mechanics of its own; the messages are
the same as before (English by ``str``, French by ``text("fr")``), and it
is still a ``ValueError`` for callers that caught that."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from hearts_notation.analysis.hint import HintError
from hearts_notation.cli import cli
from hearts_notation.i18n import MessageError

SAMPLE = Path(__file__).resolve().parent.parent / "samples" / "canonical.hrn"


def test_hint_error_is_a_message_error() -> None:
    exc = HintError("complete", deal=10)
    assert isinstance(exc, MessageError) and isinstance(exc, ValueError)
    assert exc.msg.key == "hint.complete"
    assert str(exc) == "deal 10 is complete: nothing to advise (start the next deal)"
    assert exc.text("fr") == ("la donne 10 est complète : rien à conseiller "
                              "(commencez la donne suivante)")


@pytest.mark.parametrize(("lang", "expected"), [
    ("en", f"{SAMPLE}: deal 10 is complete: nothing to advise (start the next deal)\n"),
    ("fr", f"{SAMPLE} : la donne 10 est complète : rien à conseiller "
           "(commencez la donne suivante)\n"),
])
def test_hint_on_a_complete_record(lang: str, expected: str) -> None:
    result = CliRunner().invoke(cli, ["hint", "--lang", lang, str(SAMPLE)])
    assert result.exit_code == 2
    assert result.output == expected
