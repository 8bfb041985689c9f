"""Two entries of one list inside a card with one id (two skills ``rally``) are HF219 at
the second, naming the first's line (issue 27): nothing that names an entry by its id
could tell them apart."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from hexforge.core.cli.main import make_cli
from tests.packs.test_pre_commit import CARD, PACK


def test_two_skills_with_one_id_are_hf219(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HEXFORGE_CACHE_DIR", str(tmp_path / "cache"))
    pack = tmp_path / "my-heroes"
    (pack / "cards").mkdir(parents=True)
    (pack / "pack.yaml").write_text(PACK, encoding="utf-8")
    second = (
        '  - id: rally\n    name: {en: Rally Again}\n    effect: "upon activation: gain 1 mana"\n'
    )
    (pack / "cards" / "guard.yaml").write_text(CARD + second, encoding="utf-8")
    result = CliRunner().invoke(make_cli(), ["validate", str(pack)])
    assert result.exit_code == 1, result.output
    assert "guard.yaml:14:9: error HF219: two entries of 'skills' have the id 'rally'" in (
        result.output
    )
    assert "hint: the first is on line 11; give each entry its own id" in result.output
