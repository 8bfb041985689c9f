"""Items and their skills (rulebook §Items, §Skills): a character carries the equipment its
card or its setup names; an item's skill without a cost is passive, in force while the
item is equipped, and one with an AP or mana cost is an active skill, resolved only when
the character pays for it and uses it.

The items come from a small pack installed beside the games (``kit``).
"""

from __future__ import annotations

from pathlib import Path

from hexforge.core.engine import Engine
from hexforge.core.hexgrid import parse_coord
from hexforge.core.scenarios import result_text, run_scenario, scenario_from_text
from hexforge.plugins import motu
from hexforge.plugins.manager import PluginHost, load_plugins
from hexforge.plugins.motu.api import UnitState, create_character
from hexforge.plugins.motu.board import use_map
from hexforge.plugins.motu.driver import MotuDriver
from tests.plugged import MOTU, PackAt

KIT = """\
- id: kit/swift-boots
  kind: item
  name: {en: Swift Boots}
  provenance: invented
  type: trinket
  skills:
    - id: stride
      name: {en: Stride}
      effect: "speed +2"
- id: kit/war-drum
  kind: item
  name: {en: War Drum}
  provenance: invented
  type: trinket
  skills:
    - id: beat
      name: {en: Beat}
      cost: {ap: 1}
      effect: |
        gain 1 mana
        speed +2
"""
ARENA = {
    "name": "arena",
    "provenance": "invented",
    "size": {"columns": 10, "rows": 10},
    "hex_inches": 1.25,
}


def _host(tmp_path: Path) -> PluginHost:
    root = tmp_path / "kit"
    (root / "cards").mkdir(parents=True)
    (root / "pack.yaml").write_text(
        "id: kit\nname: {en: Kit}\nversion: 1.0.0\ngame: motu\nrequires: {motu: '*'}\n"
    )
    (root / "cards" / "items.yaml").write_text(KIT)
    return load_plugins([("motu", motu.plugin), ("kit", PackAt(root))], autoload=False)


def _passes(host: PluginHost, text: str) -> None:
    scenario = scenario_from_text(text, {"motu": MotuDriver(host)}, name="kit.scenario.yaml")
    result = run_scenario(scenario)
    assert result.passed, result_text(result) + "\n".join(
        f"{d.code} {d.message}" for d in result.errors
    )


def test_an_item_skill_with_a_cost_is_active_and_not_in_force_until_used(
    tmp_path: Path,
) -> None:
    """rulebook §Items, §Skills: the Swift Boots' skill has no cost - passive, always in
    effect: He-Man's speed is 7. The War Drum's skill costs 1 AP - an active skill, which
    Man-At-Arms resolves only by paying for it and using it: until then his speed stays 5;
    used, it costs the AP and gives its mana."""
    _passes(
        _host(tmp_path),
        """game: motu
setup:
  map: {name: arena, provenance: invented, size: {columns: 10, rows: 10}, hex_inches: 1.25}
  units:
    - {id: he-man, card: he-man, at: C5, items: [kit/swift-boots]}
    - {id: man-at-arms, card: man-at-arms, at: E5, items: [kit/war-drum]}
    - {id: skeletor, card: skeletor, at: H9, facing: S}
  active: {unit: man-at-arms, ap: 2}
steps:
  - expect:
      - unit: he-man
        speed: 7
      - unit: man-at-arms
        speed: 5
        mana: 0
  - do: skill
    unit: man-at-arms
    skill: war-drum
expect:
  - unit: man-at-arms
    mana: 1
  - game: {ap: 1}
""",
    )


def test_equipment_named_by_slug_is_a_card_of_the_characters_pack() -> None:
    """rulebook §Character Card, §Items: a character put on the battleground with other
    equipment than its card's carries that equipment; named by its slug, a weapon or item
    is the card of the character's own pack (as the cards themselves name equipment)."""
    engine = Engine.new(MOTU, 1, ["masters", "evil"], {})
    use_map(engine, data=ARENA)
    create_character(
        engine,
        "he-man",
        "motu/he-man",
        "masters",
        parse_coord("C5"),
        weapons=["mace"],
        items=["healing-draught"],
    )
    he_man = UnitState(engine, "he-man")
    assert (he_man.weapons, he_man.items) == (["motu/mace"], ["motu/healing-draught"])
