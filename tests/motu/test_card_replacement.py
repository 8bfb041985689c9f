"""``--set replace=OLD:NEW``: a setup with one card swapped, the variant arm of
``hexforge balance ab`` (plugins/motu/variants.py, docs/balance.md)."""

from __future__ import annotations

import pytest

from hexforge.core.engine import RandomAgent
from hexforge.core.errors import HexforgeError
from hexforge.plugins.motu.cards import Character
from hexforge.plugins.motu.play import MotuRunner
from tests.plugged import HOST

RUNNER = MotuRunner(HOST)


def codes_of(options: dict[str, str]) -> list[str]:
    with pytest.raises(HexforgeError) as caught:
        RUNNER.setup(options)
    return [d.code for d in caught.value.diagnostics]


def test_a_fate_card_is_replaced_in_its_deck_and_nowhere_else() -> None:
    setup = RUNNER.setup({"replace": "mighty-blow:rally"})
    fate = setup.decks["masters"].fate
    assert "motu/mighty-blow" not in fate and fate.count("motu/rally") == 2
    assert len(fate) == 20  # the deck keeps its size (rulebook §Preparation Phase)
    assert setup.decks["evil"] == RUNNER.setup({}).decks["evil"]


def test_a_weapon_is_swapped_and_a_character_left_out() -> None:
    setup = RUNNER.setup({"replace": "sword-of-power:mace,stratos:"})
    masters = {e.id: e for e in setup.forces["masters"]}
    assert masters["he-man"].weapons == ["motu/mace"]
    assert "stratos" not in masters


def test_the_holders_of_a_card_are_the_sides_that_use_it() -> None:
    assert RUNNER.card_holders({}, "mighty-blow") == ["masters"]
    assert RUNNER.card_holders({}, "motu/trident") == ["evil"]
    assert RUNNER.card_holders({"replace": "trident:mace"}, "trident") == []


@pytest.mark.parametrize(
    "replace",
    [
        "mighty-blow",  # not OLD:NEW
        "he-man:skeletor",  # another faction's character (rulebook §Forces)
        "mighty-blow:dark-pact",  # an evil fate card in the masters deck
        "mighty-blow:",  # a deck cannot lose a card
        "mighty-blow:sword-of-power",  # a weapon for a fate card
        "orko:man-at-arms",  # orko is not in the first game
    ],
)
def test_a_replacement_the_setup_cannot_take_is_refused(replace: str) -> None:
    codes = codes_of({"replace": replace})
    assert codes and set(codes) <= {"HF776", "HF757"}


def test_the_variant_is_what_the_game_plays() -> None:
    """Ram Man deploys where He-Man would have: the game is played with the swap."""
    agents = {p: RandomAgent(1) for p in RUNNER.players({})}
    played = RUNNER.play(1, agents, {"replace": "he-man:ram-man"})
    cards = {e["card"] for e in played.engine.log.entries() if e["type"] == "card"}
    assert "motu/ram-man" in cards and "motu/he-man" not in cards


def test_random_forces_are_drafted_per_game_within_the_budget() -> None:
    """``--set forces=random:60``: each side drafts its own faction's characters (rulebook
    §Forces: a force is one faction's), with their equipment, within 60 points give or take
    a third; the draft follows the game's seed, so a replay fields the same forces."""
    options = {"setup": "standard", "forces": "random:60"}
    costs = RUNNER.unit_costs()
    lib = RUNNER.rules.library
    drafts = []
    for seed in range(1, 9):
        setup = RUNNER.setup(options, seed)
        assert setup == RUNNER.setup(options, seed)
        for side, force in setup.forces.items():
            assert force and sum(costs[e.card] for e in force) <= 80
            cards = [lib.card(e.card) for e in force]
            assert all(isinstance(c, Character) and c.faction.value == side for c in cards)
            assert all(e.id == e.card.rpartition("/")[2] for e in force)
        drafts.append(tuple(e.card for e in setup.forces["masters"]))
    assert len(set(drafts)) > 3  # forces vary from game to game


def test_a_played_game_reports_the_characters_it_fielded() -> None:
    agents = {p: RandomAgent(3) for p in RUNNER.players({})}
    options = {"setup": "standard", "forces": "random:40"}
    played = RUNNER.play(3, agents, options)
    fielded = RUNNER.fielded(played.engine)
    expected = {(side, e.card) for side, f in RUNNER.setup(options, 3).forces.items() for e in f}
    assert set(fielded) == expected


@pytest.mark.parametrize("forces", ["randomly", "random:", "random:x", "random:0", "all"])
def test_a_forces_option_other_than_random_points_is_refused(forces: str) -> None:
    assert codes_of({"forces": forces}) == ["HF777"]
