"""The first game's content and the token words of effect text (issue 9)."""

from __future__ import annotations

import re
from pathlib import Path

from click.testing import CliRunner

from hexforge.core.cli.main import make_cli
from hexforge.core.packs.yamlio import load_text
from hexforge.plugins.motu.library import motu_vocabulary_loaded
from hexforge.plugins.motu.setups import setup_from_document, shipped_setup
from tests.plugged import HOST, LIB

DOCS = Path(__file__).resolve().parents[2] / "docs"


def _words(kinds: tuple[str, ...]) -> set[str]:
    return {
        card.id.split("/", 1)[1].replace("-", " ")
        for card in LIB.cards.values()
        if card.kind in kinds
    }


def test_token_words_are_the_token_cards() -> None:
    """game.yaml `words:`: the buffs and debuffs are `token`, the marks `mark_name`."""
    constants = motu_vocabulary_loaded(LIB, HOST).constants
    assert set(constants["token"]) == _words(("buff", "debuff"))
    assert set(constants["mark_name"]) == _words(("mark",))
    assert {"quickness", "serpent venom"} <= set(constants["token"])


def test_a_mistyped_token_is_an_error_at_its_line(tmp_path: Path) -> None:
    """`give self quicknes` names no buff: HF316 where the card says it, with a hint."""
    (tmp_path / "cards").mkdir()
    (tmp_path / "pack.yaml").write_text(
        "id: typo-pack\nname: {en: Typo}\nversion: 0.1.0\ngame: motu\n", encoding="utf-8"
    )
    (tmp_path / "cards" / "fate.yaml").write_text(
        "- id: typo-pack/hasty\n  kind: fate\n  name: {en: Hasty}\n  provenance: invented\n"
        "  initiative: 5\n  ap: 2\n  mana: 0\n  ability: give self quicknes\n",
        encoding="utf-8",
    )
    result = CliRunner().invoke(make_cli(), ["validate", "--no-cache", str(tmp_path)])
    assert result.exit_code == 1, result.output
    assert "fate.yaml:8:22: error HF316: 'quicknes' is not a token" in result.output
    assert "did you mean 'quickness'?" in result.output


def test_first_game_decks_are_twenty_fate_and_two_glory_cards_per_faction() -> None:
    """rulebook §First Game Setup step 5, with the card data ranges of the rules README:
    fate initiative 1-10, AP 0-4, mana 0-4; glory initiative 1-11, 10-30 VP."""
    setup = shipped_setup("first-game", LIB)
    for side in ("masters", "evil"):
        deck = setup.decks[side]
        assert len(deck.fate) == len(set(deck.fate)) == 20
        assert len(deck.glory) == 2
        for card_id in deck.fate:
            card = LIB.card(card_id, "fate")
            assert card.provenance == "invented" and side in card.tags
            assert 1 <= card.initiative <= 10 and 0 <= card.ap <= 4 and 0 <= card.mana <= 4  # type: ignore[attr-defined]
        for card_id in deck.glory:
            card = LIB.card(card_id, "glory")
            assert 1 <= card.initiative <= 11 and 10 <= card.vp <= 30  # type: ignore[attr-defined]
    names = {side: {e.card for e in setup.forces[side]} for side in ("masters", "evil")}
    assert names == {
        "masters": {"motu/he-man", "motu/stratos", "motu/man-at-arms"},
        "evil": {"motu/skeletor", "motu/mer-man", "motu/trap-jaw"},
    }


def test_the_setup_example_of_the_docs_loads() -> None:
    text = (DOCS / "motu.md").read_text(encoding="utf-8")
    (block,) = [
        b for b in re.findall(r"```yaml\n(.*?)```", text, re.DOTALL) if b.startswith("name:")
    ]
    document = load_text(block, name="docs/motu.md").document
    assert document is not None
    setup = setup_from_document(document, LIB)
    assert setup.decks == shipped_setup("first-game", LIB).decks
    assert [e.at for e in setup.forces["masters"]] == ["O2", None]


def test_hexforge_play_motu_plays_a_whole_game() -> None:
    result = CliRunner().invoke(make_cli(), ["play", "--game", "motu", "--seed", "3"])
    assert result.exit_code == 0, result.output
    lines = result.output.strip().splitlines()
    assert lines[0] == "seed 3"
    assert lines[1] == "round 1" or "first player" in lines[1]
    assert lines[-1].split(":")[0] in ("masters", "evil", "draw")
    assert lines[-1].endswith(")") and "(VP masters " in lines[-1]
    assert sum("(VP " in line for line in lines) == 1  # the result is said once
