"""``hearts solve`` of a record with no deal (tags only, ``"deals": []``):
exit 2 with "there is no deal 1 to solve" in the record's language, not an
internal error (it indexed the first deal of an empty tuple)."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from hearts_notation.cli import cli


def test_solve_a_record_without_deals(tmp_path: Path) -> None:
    for name, text, said in (("a.json", '{"deals": []}', "there is no deal 1 to solve"),
                             ("b.yaml", "tags: {Event: a}\ndeals: []\n", "there is no deal 1"),
                             ("c.hrn", '[Événement "x"]\n', "il n'y a pas de donne 1")):
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        res = CliRunner().invoke(cli, ["solve", str(path)])
        assert res.exit_code == 2, (name, res.output)
        assert said in res.output and "internal error" not in res.output, res.output
