"""Whose activation or interruption a character acts in (rulebook §Activate Character,
§Interruptions): the contexts its own attacks and tests open are not acting frames."""

from __future__ import annotations

from hexforge.core.engine import Engine, FirstLegalAgent
from hexforge.core.hexgrid import parse_coord
from hexforge.plugins.motu.acting import open_activation, own_frame
from hexforge.plugins.motu.board import use_map
from hexforge.plugins.motu.units import create_character
from tests.plugged import MOTU

ARENA = {"name": "arena", "provenance": "invented", "size": {"columns": 6, "rows": 6}}


def test_the_acting_frame_is_the_activation_not_the_attack_inside_it() -> None:
    agent = FirstLegalAgent()
    engine = Engine.new(MOTU, 1, ["masters", "evil"], {"masters": agent, "evil": agent})
    use_map(engine, data={**ARENA, "hex_inches": 1.25})
    create_character(engine, "he-man", "motu/he-man", "masters", parse_coord("C3"))
    activation = open_activation(engine, "he-man", ap=2)
    assert own_frame(engine, "he-man") is activation
    with engine.context("attack", player="masters", subject="he-man"):
        assert own_frame(engine, "he-man") is activation
    assert own_frame(engine, "skeletor") is None
