"""Setup files are honest about where their data comes from (docs/motu-content.md,
"Provenance policy"): one that says ``provenance: rulebook`` uses only rulebook data."""

from __future__ import annotations

from pathlib import Path

import pytest

from hexforge.core.errors import HexforgeError
from hexforge.core.packs.yamlio import load_text
from hexforge.plugins.motu.battlefield import named_map
from hexforge.plugins.motu.setups import setup_from_document
from tests.plugged import LIB

SETUPS = Path(__file__).resolve().parents[2] / "content" / "motu" / "setups"


def _load(text: str) -> None:
    document = load_text(text, name="setup.yaml").document
    assert document is not None
    setup_from_document(document, LIB)


@pytest.mark.parametrize("path", sorted(SETUPS.glob("*.yaml")), ids=lambda p: p.stem)
def test_a_shipped_setup_claiming_rulebook_uses_only_rulebook_data(path: Path) -> None:
    """Every shipped setup loads with its provenance checked, and one that says
    ``rulebook`` names a rulebook map and only cards wholly from the rulebook."""
    text = path.read_text(encoding="utf-8")
    _load(text)
    if "\nprovenance: rulebook\n" in text:
        document = load_text(text, name=path.name).document
        assert document is not None
        assert named_map(str(document.data["map"])).spec.provenance == "rulebook"


def test_the_first_game_is_invented_with_the_rulebooks_forces() -> None:
    """rulebook §First Game Setup names the forces and their equipment; the decks, the
    map's layout and the models' places are the project's own."""
    text = (SETUPS / "first-game.yaml").read_text(encoding="utf-8")
    assert "\nprovenance: invented\ntags: [forces-rulebook]\n" in text


def test_claiming_rulebook_with_invented_data_is_hf772_at_its_line() -> None:
    """The first game relabelled ``rulebook`` is refused: its map and its fate cards are
    invented, its characters' numbers community data, the Sword of Power's cost too."""
    text = (SETUPS / "first-game.yaml").read_text(encoding="utf-8")
    text = text.replace("invented\ntags: [forces-rulebook]\n", "rulebook\n")
    with pytest.raises(HexforgeError) as caught:
        _load(text)
    found = [d for d in caught.value.diagnostics if d.code == "HF772"]
    messages = " / ".join(d.message for d in found)
    assert "map first-game is invented data" in messages
    assert "motu/he-man is community data" in messages
    assert "motu/sword-of-power is partly not the rulebook's (cost-community)" in messages
    assert "motu/sword-raised is invented data" in messages
    lines = text.splitlines()
    first = next(d for d in found if "motu/he-man" in d.message)
    assert first.span is not None and "he-man" in lines[first.span.line - 1]
