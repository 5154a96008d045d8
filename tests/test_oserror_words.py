"""The system's reasons for a failed read or write come from the catalogs in
both languages: a French run once said ``Bad file descriptor`` inside a
French message (review 22 found ENXIO missing).  A closed descriptor (EBADF) is
told by the output's own words, "it is closed (the program was started
without it)", not by a catalog word here (tests/test_user_input_faults.py)."""

from __future__ import annotations

import errno

import pytest

from hearts_notation.i18n import os_reason, translate

#: Every errno name the catalogs word, with a French word that must differ
#: from the system's English.
_NAMES = ("ENOENT", "EACCES", "ENOSPC", "ENXIO", "EMFILE", "ENFILE",
          "ENODEV", "EAGAIN", "EINVAL", "ESTALE")


@pytest.mark.parametrize("name", _NAMES)
def test_every_common_reason_is_worded_in_both_languages(name: str) -> None:
    code = getattr(errno, name)
    reason = os_reason(OSError(code, "system text"))
    assert reason == ("msg", f"oserror.{name}", ())
    english = translate("en", f"oserror.{name}")
    french = translate("fr", f"oserror.{name}")
    assert english and french and english != french


def test_an_unknown_reason_keeps_the_system_text() -> None:
    assert os_reason(OSError(errno.EDOM, "Numerical argument out of domain")) == (
        "Numerical argument out of domain")
