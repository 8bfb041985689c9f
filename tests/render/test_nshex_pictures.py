"""Neuroshima Hex pictures: the 19-hex board and tiles turned by their rotation (docs/nshex.md)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from hexforge.core.scenarios import ScenarioAgent, drivers_from_host, load_scenario
from hexforge.plugins.nshex.board import COORDS
from hexforge.plugins.nshex.render import NshexRenderer, position_svg
from tests.plugged import HOST
from tests.render.helpers import NSHEX_POSITION, host, tree, with_class

RENDERER = NshexRenderer(HOST)


def _position_root() -> ET.Element:
    drivers, _ = drivers_from_host(host())
    scenario = load_scenario(NSHEX_POSITION, drivers)
    game = scenario.driver.setup(scenario.setup, scenario.setup_source, 1, ScenarioAgent())
    return tree(position_svg(game.engine))


def test_the_empty_board_has_the_nineteen_hexes() -> None:
    picture = RENDERER.render_map("nshex")
    assert picture is not None
    root = tree(picture)
    assert sorted(p.get("data-coord") or "" for p in with_class(root, "hex")) == sorted(COORDS)
    assert RENDERER.render_map("first-game") is None


def test_a_tile_is_rotated_and_its_side_icons_face_the_rotated_directions() -> None:
    """docs/nshex.md "The board": side s of a tile with rotation r faces (s + r) mod 6."""
    root = _position_root()
    tiles = {g.get("data-id"): g for g in with_class(root, "tile")}
    assert set(tiles) == {"smart/hq", "vegas/hq", "smart/cyborg", "smart/golem"}
    cyborg = tiles["smart/cyborg"]
    assert cyborg.get("data-coord") == "C3" and cyborg.get("data-rotation") == "2"
    (turned,) = with_class(cyborg, "rotated")
    assert turned.get("transform", "").endswith("rotate(120)")
    # The Cyborg prints ranged 1 on sides 0 and 1 and armour on side 0 (its card).
    ranged = {(i.get("data-side"), i.get("data-faces")) for i in with_class(cyborg, "ranged")}
    assert ranged == {("0", "SE"), ("1", "S")}
    armour = {(i.get("data-side"), i.get("data-faces")) for i in with_class(cyborg, "armour")}
    assert armour == {("0", "SE")}
    (initiative,) = with_class(cyborg, "initiative")
    assert initiative.text == "2"


def test_hq_toughness_left_and_wounds_are_shown() -> None:
    """Duel rules §Sztab: an HQ has 20 toughness; damage lowers it."""
    root = _position_root()
    tiles = {g.get("data-id"): g for g in with_class(root, "tile")}
    assert with_class(tiles["vegas/hq"], "hq-left")[0].text == "HQ 17"
    assert with_class(tiles["smart/hq"], "hq-left")[0].text == "HQ 20"
    assert with_class(tiles["smart/golem"], "wounds")[0].text == "1 wound"
    faces = {g.get("data-id"): with_class(g, "tile-face")[0].get("stroke") for g in tiles.values()}
    assert faces["smart/hq"] == faces["smart/cyborg"] != faces["vegas/hq"]


def test_tile_cards_render_with_their_names() -> None:
    picture = RENDERER.render_card("nshex/smart-cyborg", "en")
    assert picture is not None
    root = tree(picture)
    assert with_class(root, "card-name")[0].text == "Cyborg"
    assert {i.get("data-faces") for i in with_class(root, "ranged")} == {"N", "NE"}
    for card_id in RENDERER.card_ids():
        assert RENDERER.render_card(card_id, "pl") is not None
    assert RENDERER.render_card("motu/he-man", "en") is None
