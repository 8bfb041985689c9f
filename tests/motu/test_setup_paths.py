"""``hexforge play --game motu --set setup=PATH``: a setup file (an expansion's, say) is
played like a shipped one, and a bad path is a clear error, not a traceback."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from hexforge.core.cli.main import make_cli
from hexforge.plugins.motu import CONTENT
from hexforge.plugins.motu.library import motu_vocabulary_loaded
from tests.plugged import HOST, LIB

FIRST_GAME = CONTENT / "setups" / "first-game.yaml"


def _play(*options: str) -> str:
    result = CliRunner().invoke(make_cli(), ["play", "--game", "motu", "--seed", "3", *options])
    assert result.exit_code == 0, result.output
    return result.output


def test_a_setup_file_plays_as_the_shipped_setup_of_the_same_content(tmp_path: Path) -> None:
    copy = tmp_path / "mine.yaml"
    copy.write_text(FIRST_GAME.read_text(encoding="utf-8"), encoding="utf-8")
    assert _play("--set", f"setup={copy}") == _play("--set", "setup=first-game")


def test_a_missing_setup_file_is_reported_by_path(tmp_path: Path) -> None:
    missing = tmp_path / "nowhere.yaml"
    args = ["play", "--game", "motu", "--set", f"setup={missing}"]
    result = CliRunner().invoke(make_cli(), args)
    assert result.exit_code != 0
    assert "nowhere.yaml" in result.output
    assert "Traceback" not in result.output


def test_every_loaded_token_card_is_a_word_effect_text_can_name() -> None:
    """Token words follow the loaded buff, debuff and mark cards (an expansion's too)."""
    vocabulary = motu_vocabulary_loaded(LIB, HOST)
    cards = LIB.cards.values()
    for kind, key in (("buff", "token"), ("debuff", "token"), ("mark", "mark_name")):
        for card in (c for c in cards if c.kind == kind):
            assert card.id.split("/")[1].replace("-", " ") in vocabulary.constants[key]
