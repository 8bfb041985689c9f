"""The nshex parts of the human at the terminal (``hexforge play --game nshex --p1 human``,
docs/play.md): a preview of each rotation of the tile being placed or shifted - where its
melee, ranged and gauss icons, armour and nets point from the chosen hex, and the first
unit each attack would meet there."""

from __future__ import annotations

from hexforge.core.engine import Engine, Json
from hexforge.core.hexgrid import Hex
from hexforge.core.hexgrid.board import parse_coord
from hexforge.plugins.nshex import position as pos
from hexforge.plugins.nshex.board import facing, on_board, ray
from hexforge.plugins.nshex.tiles import BoardTile


def placing(engine: Engine) -> tuple[str, str, str] | None:
    """The tile being placed or shifted, the hex chosen for it and its player, from the
    log's last decisions (an ``action`` answered ``play TILE`` or ``shift TILE``, then a
    ``hex``)."""
    coord: str | None = None
    for entry in reversed(engine.log.entries()):
        if entry["type"] != "decision":
            continue
        if entry["kind"] == "hex" and coord is None:
            coord = str(entry["answer"])
        elif entry["kind"] == "action":
            verb, _, tile = str(entry["answer"]).partition(" ")
            found = verb in ("play", "shift") and coord is not None
            return (tile, str(coord), str(entry["player"])) if found else None
    return None


def preview(engine: Engine, tile: str, coord: str, rotation: int, player: str) -> str:
    """What ``tile`` of ``player`` on ``coord`` with ``rotation`` faces, and the enemy
    units its attacks would hit there: ``melee 1 N -> vegas/hq; ranged 1 SE``."""
    printed = pos.card(engine, tile)
    if not isinstance(printed, BoardTile):
        return ""
    here = parse_coord(coord)

    def enemies(hexes: list[Hex]) -> list[str]:
        found = [pos.tile_at(engine, h) for h in hexes if on_board(h)]
        return [
            t
            for t in found
            if t is not None and t != tile and pos.is_unit(engine, t)
            if pos.controller(engine, t) != player
        ]

    parts: list[str] = []
    attacks = (("melee", printed.melee), ("ranged", printed.ranged), ("gauss", printed.gauss))
    for kind, icons in attacks:
        for side, strength in sorted(icons.items()):
            direction = facing(side, rotation)
            line = [here.neighbour(direction)] if kind == "melee" else list(ray(here, direction))
            hit = enemies(line)
            hit = hit if kind == "gauss" else hit[:1]
            target = f" -> {', '.join(hit)}" if hit else ""
            parts.append(f"{kind} {strength} {direction.name}{target}")
    for kind, sides in (("armour", printed.armour), ("net", printed.net)):
        if sides:
            parts.append(f"{kind} " + " ".join(facing(s, rotation).name for s in sorted(sides)))
    return "; ".join(parts)


def option_label(engine: Engine, option: Json, lang: str) -> str:
    """A rotation option with the preview of the tile being placed; others as they are."""
    if isinstance(option, int) and not isinstance(option, bool):
        found = placing(engine)
        if found is not None:
            tile, coord, player = found
            shown = preview(engine, tile, coord, option, player)
            return f"r{option} - {shown}" if shown else f"r{option}"
    return str(option)
