"""What the web table shows on hover: the hexes a character sees, reaches with its weapons
and where a model would be in cover from it, and what an attack choice would meet (the
target's cover, a flank, an area attack's template) - docs/serve.md, "On the page".

Read-only, and geometry only: everything here is the battlefield's own functions
(:mod:`~hexforge.plugins.motu.battlefield`: line of sight, range, cover, facing) applied
to the position, never a rule that consults permissions (those may log a ruling or even
ask a decision, which would change the game). So a card that lets an attacker ignore
cover or forbids a flank is not reflected: the marks are what the battleground says.

A mark is a hex's board coordinate (``C7``) with its tags:

* ``sight``: some location on the hex is in the character's line of sight (the one a
  model stands on, else the highest one it sees, is the one ``cover`` is about);
* ``range``: within the range of its longest ranged or spell weapon;
* ``melee``: adjacent at its elevation (where its melee attacks reach);
* ``cover``: in sight and range, and a one-hex model there (or the model standing there)
  would be in cover from its ranged attacks;
* for an attack choice: ``target`` (the target's hexes, with ``cover`` and ``flank`` when
  the attack would be one), ``area`` (an area attack's template around the target) and
  ``hit`` (the other characters it would hit).
"""

from __future__ import annotations

from collections.abc import Sequence

from hexforge.core.engine import Decision, Engine, Json
from hexforge.core.hexgrid import Hex, distance, format_coord
from hexforge.plugins.motu.attacks import area_targets, usable_weapons
from hexforge.plugins.motu.battlefield import (
    Location,
    in_cover,
    in_range,
    is_flank,
    line_of_sight,
    single,
)
from hexforge.plugins.motu.board import (
    board_map,
    hex_of,
    hexes_of,
    location,
    locations_of,
    occupancy,
    occupant,
    on_board,
)
from hexforge.plugins.motu.cards import Weapon, WeaponType

Marks = dict[str, list[str]]
"""Board coordinate -> tags, in the order the module text lists them."""


def inspect_unit(engine: Engine, unit: str) -> Marks:
    """The marks of ``unit``: what it sees, reaches and where cover from it is."""
    field = board_map(engine)
    board = occupancy(engine)
    mine = locations_of(engine, unit)
    own = hexes_of(engine, unit)
    origin = location(engine, unit)
    ranges = [w.range for w in usable_weapons(engine, unit) if w.range is not None]
    longest = max(ranges, default=None)
    reach = {loc.hex for here in mine for loc in field.adjacent[here]}
    marks: Marks = {}
    for hex_ in sorted(field.board):
        if hex_ in own:
            continue
        tags: list[str] = []
        places = [Location(hex_, level) for level in reversed(field.levels_at[hex_])]
        places.sort(key=lambda loc: board.at(loc) is None)  # a model's place first
        seen = next((loc for loc in places if line_of_sight(field, mine, (loc,))), None)
        if seen is not None:
            tags.append("sight")
        ranged = longest is not None and in_range(field, own, (hex_,), longest)
        if ranged:
            tags.append("range")
        if hex_ in reach:
            tags.append("melee")
        if seen is not None and ranged and field.standable(seen):
            there = board.at(seen)
            model = there if there is not None else single("", "", hex_, seen.level)
            if in_cover(field, board, origin, model):
                tags.append("cover")
        if tags:
            marks[format_coord(hex_)] = tags
    return marks


def inspect(engine: Engine) -> dict[str, Marks]:
    """The marks of every character standing on the battleground, by its id."""
    return {unit: inspect_unit(engine, unit) for unit in on_board(engine)}


def option_marks(engine: Engine, decision: Decision) -> list[Marks]:
    """The marks of each choice of ``decision``: an attack's target (with its cover and a
    flank), its area template and whom it would hit; nothing for other choices."""
    unit = decision.context.get("unit")
    if decision.kind != "action" or not isinstance(unit, str):
        return [{} for _ in decision.options]
    weapons = {w.id: w for w in usable_weapons(engine, unit)}
    return [_attack_marks(engine, unit, weapons, option) for option in decision.options]


def _attack_marks(engine: Engine, unit: str, weapons: dict[str, Weapon], option: Json) -> Marks:
    words = str(option).split()
    if len(words) != 3 or words[0] != "attack" or words[1] not in weapons:
        return {}
    weapon, target = weapons[words[1]], words[2]
    if target not in on_board(engine):
        return {}
    marks: Marks = {}
    if weapon.area is not None:
        level = location(engine, target).level
        centre = hexes_of(engine, target)
        field = board_map(engine)
        for hex_ in sorted(field.board):
            near = min(distance(hex_, c) for c in centre) <= weapon.area
            if near and level in field.levels_at[hex_]:
                marks[format_coord(hex_)] = ["area"]
        for other in area_targets(engine, unit, weapon, target):
            _tag(marks, hexes_of(engine, other), "hit")
    victim = occupant(engine, target)
    tags = ["target"]
    if weapon.type is not WeaponType.MELEE:
        covered = in_cover(board_map(engine), occupancy(engine), location(engine, unit), victim)
        if covered:
            tags.append("cover")
    if is_flank(hex_of(engine, unit), victim):
        tags.append("flank")
    for tag in tags:
        _tag(marks, victim.hexes, tag)
    return marks


def _tag(marks: Marks, hexes: Sequence[Hex], tag: str) -> None:
    for hex_ in hexes:
        found = marks.setdefault(format_coord(hex_), [])
        if tag not in found:
            found.append(tag)
