"""The motu battleground and card pictures, checked by parsing the SVG (docs/render.md)."""

from __future__ import annotations

import re

from hexforge.core.hexgrid import format_coord, parse_coord
from hexforge.core.render import HexLayout, facing_angle
from hexforge.core.render.svg import Svg
from hexforge.core.scenarios import ScenarioAgent, drivers_from_host, load_scenario
from hexforge.plugins.motu.battlefield import Ground, named_map
from hexforge.plugins.motu.render import MotuRenderer
from hexforge.plugins.motu.render_battleground import SIZE, map_svg
from hexforge.plugins.motu.render_card import card_svg
from hexforge.plugins.motu.render_position import position_svg
from tests.plugged import HOST, LIB
from tests.render.helpers import BATTLE, host, tree, with_class

RENDERER = MotuRenderer(HOST)


def _battle() -> Svg:
    drivers, _ = drivers_from_host(host())
    scenario = load_scenario(BATTLE, drivers)
    game = scenario.driver.setup(scenario.setup, scenario.setup_source, 1, ScenarioAgent())
    return position_svg(game.engine)


def _translate(element_transform: str) -> tuple[float, float]:
    match = re.fullmatch(r"translate\(([-\d.]+),([-\d.]+)\)", element_transform)
    assert match is not None, element_transform
    return float(match[1]), float(match[2])


def test_every_hex_of_the_battleground_is_one_polygon_named_by_its_coordinate() -> None:
    """rulebook §Battleground: 30 x 25 hexes, each drawn once with its coordinate."""
    field = named_map("first-game")
    root = tree(map_svg(field))
    hexes = [p for p in root.iter("polygon") if p.get("class") == "hex"]
    assert len(hexes) == 30 * 25
    assert {p.get("data-coord") for p in hexes} == {format_coord(h) for h in field.board}
    labels = {t.text for t in with_class(root, "coord")}
    assert {"A1", "AD25", "C7"} <= labels
    columns = [t.text for t in with_class(root, "column")]
    assert columns[0] == "A" and columns[-1] == "AD" and len(columns) == 30


def test_terrain_kinds_are_coloured_per_hex() -> None:
    """rulebook §Terrain: each portion shows its ground (high, low, difficult, ladder)."""
    field = named_map("grayskull-ramparts")
    root = tree(map_svg(field))
    ground = {p.get("data-coord"): p.get("data-ground") for p in with_class(root, "hex")}
    for hex_, kind in field.ground.items():
        assert ground[format_coord(hex_)] == kind.name.lower()
    assert {"high", "low", "difficult", "ladder", "open"} <= set(ground.values())
    ladders = {g.get("data-coord") for g in with_class(root, "ladder")}
    assert ladders == {format_coord(h) for h, g in field.ground.items() if g is Ground.LADDER}


def test_platforms_objectives_and_deployment_zones() -> None:
    """rulebook §Platforms, §Objectives, §Deployment: every one is drawn where the map says."""
    field = named_map("grayskull-ramparts")
    root = tree(map_svg(field))
    platforms = {
        (p.get("data-coord"), p.get("data-elevation")) for p in with_class(root, "platform")
    }
    assert platforms == {(format_coord(loc.hex), str(loc.level)) for loc in field.platform_at}
    assert ("M6", "1") in platforms
    objectives = {c.get("data-coord") for c in with_class(root, "objective")}
    assert objectives == {format_coord(h) for h in field.objectives}
    zones = {(p.get("data-side"), p.get("data-coord")) for p in with_class(root, "deployment")}
    assert ("masters", "A1") in zones and ("evil", "AD25") in zones
    assert ("masters", "A4") not in zones
    assert len(zones) == 2 * 30 * 3


def test_a_model_is_drawn_at_its_hex_centre_turned_to_its_facing() -> None:
    """rulebook §Facing: the pointer of Man-At-Arms (K8, NE) is rotated 60 degrees."""
    root = tree(_battle())
    units = {g.get("data-id"): g for g in with_class(root, "unit")}
    assert set(units) == {"he-man", "man-at-arms", "orko", "skeletor", "trap-jaw"}
    hexes = {p.get("data-coord"): p for p in with_class(root, "hex")}
    layout_points = hexes["K8"].get("points", "").split()
    xs = [float(p.split(",")[0]) for p in layout_points]
    ys = [float(p.split(",")[1]) for p in layout_points]
    x, y = _translate(units["man-at-arms"].get("transform", ""))
    assert abs(x - sum(xs) / 6) < 0.02 and abs(y - sum(ys) / 6) < 0.02
    assert units["man-at-arms"].get("data-coord") == "K8"
    (facing,) = with_class(units["man-at-arms"], "facing")
    assert facing.get("transform") == f"rotate({facing_angle(1)})" == "rotate(60)"
    (skeletor_facing,) = with_class(units["skeletor"], "facing")
    assert skeletor_facing.get("transform") == "rotate(300)"  # NW


def test_wounds_mana_buffs_debuffs_and_elevation_are_labelled() -> None:
    """rulebook §Health and Wounds, §Mana, §Buffs and Debuffs, §Platforms."""
    root = tree(_battle())
    units = {g.get("data-id"): g for g in with_class(root, "unit")}

    def label(unit: str, kind: str) -> str | None:
        found = with_class(units[unit], kind)
        return found[0].text if found else None

    assert label("he-man", "wounds") == "2/5" and label("he-man", "mana") == "1m"
    assert label("he-man", "buff") == "Quickness" and label("he-man", "debuff") is None
    assert label("skeletor", "debuff") == "Curse" and label("skeletor", "wounds") == "1/5"
    assert label("trap-jaw", "buff") == "Protection" and label("trap-jaw", "mana") is None
    assert units["orko"].get("data-level") == "1" and with_class(units["orko"], "raised")
    assert units["he-man"].get("data-level") == "0" and not with_class(units["he-man"], "raised")
    (mark,) = with_class(root, "mark")
    assert mark.get("data-coord") == "P9"


def test_layout_matches_the_exact_geometry() -> None:
    """Hex centres are the geometry module's centres scaled: neighbours one apothem pair apart."""
    layout = HexLayout(SIZE)
    a, b = layout.centre(parse_coord("C7")), layout.centre(parse_coord("C8"))
    assert abs((b[1] - a[1]) - SIZE * 3**0.5) < 1e-9 and a[0] == b[0]


def test_character_card_shows_stats_weapon_table_costs_and_generated_rules_text() -> None:
    """The He-Man card: stats, the Sword of Power's table, By the Power written from the DSL."""
    root = tree(card_svg(LIB, LIB.cards["motu/he-man"], "en"))
    texts = [t.text for t in root.iter("text")]
    assert texts[0] == "He-Man"
    stats = {e.get("class"): e.text for e in with_class(root, "stat")}
    assert stats["stat strength"] == "5" and stats["stat speed"] == "5/8"
    assert "Sword of Power - melee, 3 pts" in texts
    outcomes = [t.text for t in with_class(root, "outcome")]
    assert outcomes == [
        "Deal 1 wound to target.",
        "Deal 2 wounds to target.",
        "Deal 3 wounds to target.",
    ]
    assert [t.text for t in with_class(root, "outcome-successes")] == ["1+", "3+", "5+"]
    rules = " ".join(t.text or "" for t in with_class(root, "rules"))
    assert "When He-Man knocks out an enemy: Gain 1 mana." in rules


def test_active_skill_costs_and_card_names_in_each_language() -> None:
    """Man-At-Arms' Master Tactician costs 1 AP and 1 mana (rulebook §Use an Active Skill)."""
    for lang, skill, costs in (
        ("en", "Master Tactician", 'active: 1 AP, 1 mana; target ally; range 8"'),
        ("pl", "Mistrz Taktyki", 'aktywna: 1 PA, 1 mana; cel: sojusznik; zasięg 8"'),
        ("de", "Meistertaktiker", 'aktiv: 1 AP, 1 Mana; Ziel: Verbündeter; Reichweite 8"'),
        ("fr", "Maître Tacticien", 'compétence active : 1 PA, 1 mana ; cible : allié ; portée 8"'),
    ):
        picture = RENDERER.render_card("motu/man-at-arms", lang)
        assert picture is not None
        root = tree(picture)
        assert [t.text for t in with_class(root, "skill-name")] == [skill]
        (cost,) = with_class(root, "skill-cost")
        assert cost.text == costs
    german = tree(card_svg(LIB, LIB.cards["motu/arm-cannon"], "de"))
    assert german.findtext("text") == "Armkanone"


def test_every_motu_card_renders_in_every_language() -> None:
    for card_id in RENDERER.card_ids():
        for lang in ("en", "pl", "de", "fr"):
            picture = RENDERER.render_card(card_id, lang)
            assert picture is not None and tree(picture).findtext("title") == card_id
    assert RENDERER.render_card("nshex/smart-cyborg", "en") is None
