"""Pictures of Neuroshima Hex: the 19-hex board, tiles with their side icons, replays
(the drawing behind :mod:`hexforge.plugins.nshex.render`, the render plugin).

A tile is drawn in its own frame (side 0 at the top, docs/nshex.md "The board") inside a
group rotated by ``60 * rotation`` degrees, so an icon printed on side ``s`` appears on the
board edge ``(s + r) % 6`` exactly as the rules read it; names and numbers sit in an
unrotated group above so they stay upright. Every icon is a ``<g class="icon KIND">`` with
``data-side`` (printed side) and ``data-faces`` (board direction after rotation).
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Hashable, Sequence

from hexforge.core.engine import Engine
from hexforge.core.hexgrid import Hex, format_coord
from hexforge.core.render import (
    FrameRecorder,
    GameLogFile,
    HexLayout,
    LegendEntry,
    Replay,
    Score,
    Svg,
    coordinate_label,
    el,
    fitted,
    fmt,
    hex_polygon,
    label,
    legend,
    line,
    localised,
    ordered_score,
    palette,
    play_logged,
    points,
    replay_agent,
    replaying,
)
from hexforge.plugins.nshex.board import HEXES, facing
from hexforge.plugins.nshex.catalogue import NshexRuleset, Tiles
from hexforge.plugins.nshex.render import GAME
from hexforge.plugins.nshex.render_replay import STOP_NAMES, stops
from hexforge.plugins.nshex.state import NshexState, TileView
from hexforge.plugins.nshex.tiles import BoardTile, Ground, Hq, Instant, Module, Soldier

SIZE = 56.0
MARGIN = 24.0
TILE_FILL = "#f7f3e8"
GROUND_FILL = "#d9ccb0"


def _angle(side: int) -> float:
    return 60.0 * side


def _side_point(radius: float, side: int, along: float = 0.0) -> tuple[float, float]:
    """A point ``radius`` from the centre towards side ``side`` (tile frame, y down),
    shifted ``along`` the edge (clockwise positive)."""
    a = math.radians(_angle(side))
    x, y = radius * math.sin(a), -radius * math.cos(a)
    return x + along * math.cos(a), y + along * math.sin(a)


def _icon(parent: ET.Element, kind: str, side: int, rotation: int) -> ET.Element:
    return el(
        parent,
        "g",
        class_=f"icon {kind}",
        data_side=side,
        data_faces=facing(side, rotation).name,
    )


def draw_tile(
    parent: ET.Element,
    layout: HexLayout,
    hex_: Hex,
    tile: BoardTile,
    rotation: int,
    *,
    colour: str,
    tile_id: str,
    wounds: int = 0,
    hq_left: int | None = None,
) -> ET.Element:
    """One board tile on ``hex_`` turned by ``rotation``; returns its outer group."""
    x, y = layout.centre(hex_)
    size = layout.size
    apothem = size * 0.866
    outer = el(
        parent,
        "g",
        class_=f"tile {tile.kind}",
        data_id=tile_id,
        data_card=tile.id,
        data_coord=format_coord(hex_),
        data_rotation=rotation,
    )
    hex_polygon(
        outer,
        layout,
        hex_,
        fill=GROUND_FILL if isinstance(tile, Ground) else TILE_FILL,
        class_="tile-face",
        stroke=colour,
        inset=0.94,
        stroke_width=fmt(size * 0.07),
    )
    turned = el(
        outer,
        "g",
        class_="rotated",
        transform=f"translate({fmt(x)},{fmt(y)}) rotate({60 * rotation})",
    )
    _side_icons(turned, tile, rotation, apothem, colour)
    upright = el(outer, "g", class_="labels", transform=f"translate({fmt(x)},{fmt(y)})")
    _labels(upright, tile, size, wounds, hq_left)
    return outer


def _side_icons(
    turned: ET.Element, tile: BoardTile, rotation: int, apothem: float, colour: str
) -> None:
    for side, strength in sorted(tile.melee.items()):
        icon = _icon(turned, "melee", side, rotation)
        for k in range(strength):
            shift = (k - (strength - 1) / 2) * apothem * 0.22
            tip = _side_point(apothem * 0.92, side, shift)
            left = _side_point(apothem * 0.62, side, shift - apothem * 0.09)
            right = _side_point(apothem * 0.62, side, shift + apothem * 0.09)
            el(icon, "polygon", points=points([tip, left, right]), fill=colour)
    for kind, table in (("ranged", tile.ranged), ("gauss", tile.gauss)):
        for side, strength in sorted(table.items()):
            icon = _icon(turned, kind, side, rotation)
            for k in range(strength):
                shift = (k - (strength - 1) / 2) * apothem * 0.2
                a = _side_point(apothem * 0.55, side, shift)
                b = _side_point(apothem * 0.92, side, shift)
                width = apothem * (0.16 if kind == "gauss" else 0.07)
                colour = palette.INK if kind == "ranged" else "#6c3483"
                line(icon, a, b, stroke=colour, width=width)
    for side in sorted(tile.armour):
        icon = _icon(turned, "armour", side, rotation)
        a = _side_point(apothem * 0.86, side, -apothem * 0.42)
        b = _side_point(apothem * 0.86, side, apothem * 0.42)
        line(icon, a, b, stroke="#7f8c8d", width=apothem * 0.12)
    for side in sorted(tile.net):
        icon = _icon(turned, "net", side, rotation)
        cx, cy = _side_point(apothem * 0.72, side)
        r = apothem * 0.13
        el(
            icon,
            "circle",
            cx=fmt(cx),
            cy=fmt(cy),
            r=fmt(r),
            fill="none",
            stroke="#16a085",
            stroke_width=fmt(r * 0.45),
        )
        line(icon, (cx - r, cy), (cx + r, cy), stroke="#16a085", width=r * 0.3)
    if not isinstance(tile, Hq):
        for side in sorted(tile.links):
            icon = _icon(turned, "link", side, rotation)
            cx, cy = _side_point(apothem * 0.8, side)
            el(
                icon,
                "rect",
                x=fmt(cx - apothem * 0.07),
                y=fmt(cy - apothem * 0.07),
                width=fmt(apothem * 0.14),
                height=fmt(apothem * 0.14),
                fill="#2980b9",
                transform=f"rotate({fmt(_angle(side))},{fmt(cx)},{fmt(cy)})",
            )


def _labels(
    upright: ET.Element, tile: BoardTile, size: float, wounds: int, hq_left: int | None
) -> None:
    name = tile.name.en
    short = name if len(name) <= 11 else name[:10] + "."
    label(upright, short, 0, size * 0.1, size * 0.2, class_="tile-name", fill=palette.INK)
    top = -size * 0.18
    if isinstance(tile, Soldier) and tile.initiative:
        initiative = "/".join(str(i) for i in tile.initiative)
        label(
            upright, initiative, 0, top, size * 0.24, class_="initiative", fill="#b9770e", bold=True
        )
    if hq_left is not None:
        label(
            upright,
            f"HQ {hq_left}",
            0,
            top,
            size * 0.24,
            class_="hq-left",
            fill=palette.WOUND,
            bold=True,
        )
    extra = tile.toughness if isinstance(tile, Soldier | Module) else 0
    if extra:
        label(
            upright, f"+{extra}", 0, size * 0.6, size * 0.18, class_="toughness", fill=palette.MUTED
        )
    if wounds and hq_left is None:
        text = f"{wounds} wound{'s' * (wounds != 1)}"
        label(upright, text, 0, size * 0.38, size * 0.17, class_="wounds", fill=palette.WOUND)


ICON_LEGEND = (
    LegendEntry("melee (blades, in the side's colour)", palette.MUTED),
    LegendEntry("ranged (lines), gauss (thick)", palette.INK),
    LegendEntry("armour (bar on the edge)", "#7f8c8d"),
    LegendEntry("net", "#16a085", shape="circle"),
    LegendEntry("link (module reach)", "#2980b9"),
)


def board_svg(
    placed: Sequence[tuple[Hex, BoardTile, int, str, str, int, int | None]],
    players: Sequence[str],
    title: str,
) -> Svg:
    """The board with ``placed`` tiles: (hex, card, rotation, tile id, player, wounds,
    HQ toughness left or None)."""
    layout, width, height = fitted(HEXES, SIZE, MARGIN)
    legend_width = 270.0
    picture = Svg.new(width + legend_width, max(height, 160.0 + 18 * len(players)), title)
    grid = picture.group("board")
    for hex_ in HEXES:
        hex_polygon(grid, layout, hex_, fill="#ecebe4")
        coordinate_label(grid, layout, hex_)
    tiles = picture.group("tiles")
    for hex_, card, rotation, tile_id, player, wounds, hq_left in placed:
        colour = palette.player_colour(player, players)
        draw_tile(
            tiles,
            layout,
            hex_,
            card,
            rotation,
            colour=colour,
            tile_id=tile_id,
            wounds=wounds,
            hq_left=hq_left,
        )
    entries = [LegendEntry(p, palette.side_colour(i)) for i, p in enumerate(players)]
    legend(picture.root, width, MARGIN, [*entries, *ICON_LEGEND])
    return picture


def position_svg(engine: Engine) -> Svg:
    """The board of a running nshex game."""
    from hexforge.plugins.nshex import position as pos

    placed = []
    state = NshexState(engine)
    hqs = set(state.hqs.values())
    for tile in pos.on_board(engine):
        view = TileView(engine, tile)
        hq_left = pos.hq_left(engine, tile) if tile in hqs else None
        placed.append(
            (
                view.hex,
                view.board_card,
                view.rotation,
                tile,
                pos.controller(engine, tile),
                view.wounds,
                hq_left,
            )
        )
    return board_svg(placed, list(engine.players), f"Neuroshima Hex, turn {state.turn}")


def _key(engine: Engine) -> Hashable:
    from hexforge.plugins.nshex import position as pos

    views = (TileView(engine, tile) for tile in pos.on_board(engine))
    return tuple(
        (view.id, view.at, view.rotation, view.wounds, pos.controller(engine, view.id))
        for view in views
    )


def _score(engine: Engine) -> Score:
    from hexforge.plugins.nshex import position as pos

    hqs = NshexState(engine).hqs
    return ordered_score({p: pos.hq_left(engine, t) for p, t in hqs.items()}, engine.players)


def armies_of_players(tiles: Tiles, players: Sequence[str]) -> dict[str, str]:
    """Player -> army, undoing ``players_for`` (``borgo-1`` plays ``borgo``)."""
    known = set(tiles.armies())
    return {p: p if p in known else p.rsplit("-", 1)[0] for p in players}


def card_svg(card: BoardTile | Instant, language: str) -> Svg:
    """A tile preview: the tile unrotated, its name in ``language`` and its kind."""
    from hexforge.plugins.nshex.position import HQ_TOUGHNESS

    layout = HexLayout(80.0, 150.0, 120.0)
    picture = Svg.new(300, 260, card.id)
    name = localised(card.name, language)
    label(picture.root, name, 150, 26, 18, class_="card-name", fill=palette.INK, bold=True)
    slug = card.id.rpartition("/")[2]
    detail = card.kind if isinstance(card, BoardTile) else f"instant: {slug}"
    label(picture.root, detail, 150, 246, 13, class_="card-kind", fill=palette.MUTED)
    group = picture.group("tiles")
    centre = Hex(0, 0)
    if isinstance(card, BoardTile):
        draw_tile(
            group,
            layout,
            centre,
            card,
            0,
            colour=palette.SIDES[0],
            tile_id=card.id,
            hq_left=HQ_TOUGHNESS if isinstance(card, Hq) else None,
        )
    else:
        hex_polygon(
            group,
            layout,
            centre,
            fill=TILE_FILL,
            class_="tile-face",
            stroke=palette.SIDES[0],
            inset=0.94,
        )
        el(
            group,
            "text",
            slug,
            x=150,
            y=126,
            font_size=18,
            text_anchor="middle",
            fill=palette.INK,
        )
    return picture


def replay_log(rules: NshexRuleset, log: GameLogFile) -> Replay | None:
    """A whole game's log replayed into the viewer's steps (the armies are the log's
    players, so no option is needed); None for a log that is not an nshex game's."""
    from hexforge.plugins.nshex.game import new_game, play_game

    if not any(entry.get("type") == GAME for entry in log.entries):
        return None
    armies = armies_of_players(rules.tiles, log.players)
    agent = replay_agent(log)
    with replaying(log):  # the start line records the logged setup
        engine = new_game(rules, armies, log.seed, {p: agent for p in armies})
    recorder = FrameRecorder(engine, _key, position_svg, _score)
    recorder.attach()
    play_logged(log, engine, play_game)
    frames = tuple(recorder.frames)
    turns = stops(log.entries)
    return Replay(
        GAME,
        recorder.boards,
        frames,
        "HQ toughness",
        stops=turns,
        stop_names=STOP_NAMES,
        engine=engine,
    )
