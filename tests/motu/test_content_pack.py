"""The motu content pack (issue 10, docs/motu-content.md): roster, equipment, decks,
translations and provenance, checked against the facts in /work/shared/rules/README.md."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TypeVar

import pytest
from click.testing import CliRunner

from hexforge.core.cli.main import make_cli
from hexforge.plugins.motu.cards import Character, Fate, Glory, Item, Weapon
from hexforge.plugins.motu.setups import shipped_setup
from tests.plugged import LIB

ROOT = Path(__file__).resolve().parents[2]
FACTS = ROOT.parent / "shared" / "rules" / "README.md"
LANGUAGES = ("en", "pl", "de", "fr")
STATS = ("health", "toughness", "mind", "power", "perception", "strength")


C = TypeVar("C")


def _cards(kind: type[C]) -> list[C]:
    return [c for c in LIB.cards.values() if isinstance(c, kind)]


def _faction(card: Fate | Glory) -> str | None:
    return next((t for t in card.tags if t in ("masters", "evil")), None)


def test_the_ten_characters_have_the_spreadsheets_stats_and_costs() -> None:
    """README.md's table (community data, rulebook §Characters): stats, speeds and costs
    (of every character but the invented ones, such as the massive Stone Colossus)."""
    if not FACTS.exists():
        pytest.skip("the card data facts are not beside the repository")
    rows = re.findall(r"^\| ([A-Z][\w -]+) \| (\d.*) \|$", FACTS.read_text(), re.MULTILINE)
    table = {name: [c.strip() for c in cells.split("|")] for name, cells in rows}
    characters = {c.name.en: c for c in _cards(Character) if c.provenance != "invented"}
    assert set(characters) == set(table)
    for name, cells in table.items():
        card = characters[name]
        *stats, speeds, cost = cells
        assert [getattr(card.stats, s) for s in STATS] == [int(v) for v in stats], name
        assert f"{card.stats.speed} / {card.stats.focused_speed}" == speeds, name
        assert card.cost == int(cost), name
        assert card.provenance == "community", name


def test_every_character_has_a_skill_and_each_faction_active_and_passive_ones() -> None:
    characters = _cards(Character)
    assert all(c.skills for c in characters), [c.id for c in characters if not c.skills]
    for faction in ("masters", "evil"):
        skills = [s for c in characters if c.faction == faction for s in c.skills]
        assert any(s.cost is not None for s in skills) and any(s.cost is None for s in skills)


def test_invented_skills_on_community_cards_say_so() -> None:
    """The provenance policy (docs/motu-content.md): community stats, invented skills."""
    for card in _cards(Character):
        if card.skills and card.provenance != "invented":
            assert "skills-invented" in card.tags, card.id


def test_weapons_cover_every_type_and_areas_and_number_twenty_or_more() -> None:
    weapons = _cards(Weapon)
    assert len(weapons) >= 20
    assert {w.type for w in weapons} == {"melee", "ranged", "spell"}
    assert sum(w.area is not None for w in weapons) >= 2
    first_game = {
        "sword-of-power",
        "flamethrower",
        "arm-cannon",
        "mace",
        "havoc-staff",
        "magic-blast",
        "trident",
        "hook-attachment",
    }
    assert {f"motu/{w}" for w in first_game} <= {w.id for w in weapons}


def test_items_number_twelve_or_more_of_every_type_with_disposables_and_the_ring() -> None:
    items = _cards(Item)
    assert len(items) >= 12
    assert {i.type for i in items} == {"trinket", "shield", "armour"}
    assert sum(any(s.disposable for s in i.skills) for i in items) >= 3
    assert "motu/grayskull-ring" in {i.id for i in items}


def test_each_faction_has_twenty_fate_cards_and_at_least_four_glory_cards() -> None:
    for faction in ("masters", "evil"):
        fate = [c for c in _cards(Fate) if _faction(c) == faction]
        glory = [c for c in _cards(Glory) if _faction(c) == faction]
        assert len(fate) == 20, faction
        assert len(glory) >= 4, faction
        assert all(1 <= c.initiative <= 10 and 0 <= c.ap <= 4 for c in fate)
        assert all(1 <= c.initiative <= 11 and 10 <= c.vp <= 30 for c in glory)


def test_every_name_is_in_the_four_languages() -> None:
    for card in LIB.cards.values():
        assert not card.name.missing(LANGUAGES), card.id
        for skill in getattr(card, "skills", []):
            assert not skill.name.missing(LANGUAGES), f"{card.id}#{skill.id}"


@pytest.mark.parametrize("name", ["first-game", "standard"])
def test_the_shipped_setups_are_full_100_point_forces_or_less(name: str) -> None:
    setup = shipped_setup(name, LIB)
    cards = LIB
    for force in setup.forces.values():
        total = 0
        for entry in force:
            total += cards.card(entry.card).cost  # type: ignore[attr-defined]
            for ref in (*(entry.weapons or ()), *(entry.items or ())):
                total += cards.card(ref).cost  # type: ignore[attr-defined]
        assert total <= 100, name


def test_the_standard_game_plays_to_the_end_the_same_way_twice() -> None:
    args = ["play", "--game", "motu", "--set", "setup=standard", "--seed", "1", "-q"]
    first = CliRunner().invoke(make_cli(), args)
    second = CliRunner().invoke(make_cli(), args)
    assert first.exit_code == 0, first.output
    assert first.output == second.output
    assert re.search(r"VP masters \d+, evil \d+", first.output)
