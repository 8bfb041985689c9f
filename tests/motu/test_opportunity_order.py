"""rulebook §Attacks of Opportunity: the enemies engaged with a character that leaves its
hex interrupt it one after another, in the order their controller picks - and only while
they still can: one felled or left behind by an earlier interruption is not offered."""

from __future__ import annotations

import pytest

from hexforge.core.engine import Engine, ScriptedAgent
from hexforge.core.hexgrid import Direction, parse_coord
from hexforge.plugins.motu.board import use_map
from hexforge.plugins.motu.moving import opportunity_attacks
from hexforge.plugins.motu.units import create_character
from tests.plugged import MOTU

ARENA = {
    "name": "arena",
    "provenance": "invented",
    "size": {"columns": 10, "rows": 10},
    "hex_inches": 1.25,
}


def _orders(engine: Engine) -> list[list[str]]:
    """The options of each opportunity_order decision logged (forced ones included)."""
    found = []
    for entry in engine.log.entries():
        if entry["type"] == "decision" and entry["kind"] == "opportunity_order":
            options = entry["options"]
            assert isinstance(options, list)
            found.append([str(option) for option in options])
    return found


@pytest.mark.parametrize("fate", ["knocked out", "pushed away", "unharmed"])
def test_an_enemy_felled_or_left_behind_meanwhile_is_not_offered(fate: str) -> None:
    """He-Man leaves Skeletor and Trap Jaw; evil lets Skeletor strike first. If that
    strike fells Trap Jaw or carries He-Man out of his reach, Trap Jaw is neither asked
    about nor strikes; unharmed and still adjacent, he strikes second."""
    engine = Engine.new(MOTU, 1, ["masters", "evil"], {"evil": ScriptedAgent(["skeletor"])})
    use_map(engine, data=ARENA)
    create_character(engine, "he-man", "motu/he-man", "masters", parse_coord("E5"))
    create_character(engine, "skeletor", "motu/skeletor", "evil", parse_coord("E4"), Direction.S)
    create_character(engine, "trap-jaw", "motu/trap-jaw", "evil", parse_coord("E6"))
    struck: list[str] = []

    def interrupt(engine: Engine, enemy: str, unit: str, opportunity: bool) -> None:
        struck.append(enemy)
        if enemy == "skeletor" and fate == "knocked out":
            engine.set_prop("trap-jaw", "knocked_out", True)
        elif enemy == "skeletor" and fate == "pushed away":
            engine.set_prop("he-man", "hex", "E3")  # next to Skeletor, away from Trap Jaw

    opportunity_attacks(engine, "he-man", interrupt)
    if fate == "unharmed":
        assert struck == ["skeletor", "trap-jaw"]
        assert _orders(engine) == [["skeletor", "trap-jaw"], ["trap-jaw"]]
    else:
        assert struck == ["skeletor"]
        assert _orders(engine) == [["skeletor", "trap-jaw"]]
