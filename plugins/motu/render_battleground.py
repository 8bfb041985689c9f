"""The motu battleground picture: terrain, deployment zones, coordinates, models and marks.

It shows every terrain kind (rulebook §Terrain), platforms with their elevation, ladders,
objective tokens, both deployment zones, coordinates, and each model with its facing (a
pointer through the edge it faces, rulebook §Facing), wounds, mana, buff and debuff
(rulebook §Buffs and Debuffs) and marks. It draws views (:class:`UnitView`,
:class:`MarkView`), not the engine, so a test or a doc can draw a position by hand.

SVG classes tests and the replay viewer rely on: ``hex`` (``data-coord``, ``data-ground``),
``deployment`` (``data-side``), ``platform`` (``data-elevation``), ``objective``,
``unit`` (``data-id``, ``data-coord``, ``data-level``; its ``facing`` child carries the
rotation), ``base`` (each hex of a massive model's base: ``data-id``, ``data-coord``),
``wounds``, ``mana``, ``buff``, ``debuff``, ``mark``.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from hexforge.core.hexgrid import Direction, Hex, column_letters, format_coord, from_offset
from hexforge.core.render import (
    HexLayout,
    LegendEntry,
    Svg,
    coordinate_label,
    el,
    facing_marker,
    fitted,
    fmt,
    hex_polygon,
    label,
    legend,
    palette,
    points,
)

if TYPE_CHECKING:
    from hexforge.plugins.motu.battlefield import Map

SIDES = ("masters", "evil")
SIZE = 22.0
MARGIN = 30.0

GROUND_FILL = {
    "open": "#eef2e0",
    "difficult": "#b9c98a",
    "ladder": "#c9a173",
    "low": "#a7a39a",
    "high": "#4d5157",
}
GROUND_LABEL = {
    "open": "open ground",
    "difficult": "difficult terrain",
    "ladder": "ladder",
    "low": "low obstacle (portion)",
    "high": "high obstacle (portion)",
}
PLATFORM_FILL = "#d9a45b"


@dataclass(frozen=True, slots=True)
class UnitView:
    """What the picture shows of one model."""

    id: str
    label: str
    side: str
    hex: Hex
    level: int
    facing: Direction
    wounds: int
    health: int
    mana: int
    buff: str | None = None
    debuff: str | None = None
    knocked_out: bool = False
    base: tuple[Hex, ...] = ()
    """A massive model's base, facing hex first (rulebook §Massive Models); empty for a
    one-hex model. The marker stands on the facing hex, the base is drawn under it."""


@dataclass(frozen=True, slots=True)
class MarkView:
    """A mark token on the battleground."""

    id: str
    label: str
    side: str
    hex: Hex


def side_colour(side: str) -> str:
    return palette.player_colour(side, SIDES)


class Layer(StrEnum):
    """Which parts of the battleground a picture holds (a replay draws terrain once)."""

    ALL = "all"
    TERRAIN = "terrain"
    """Terrain, zones, objectives, coordinates and the legend: what never moves."""
    PIECES = "pieces"
    """Models and marks only, on a transparent picture of the same size."""


def map_svg(
    field: Map,
    units: Sequence[UnitView] = (),
    marks: Sequence[MarkView] = (),
    *,
    title: str | None = None,
    layer: Layer = Layer.ALL,
) -> Svg:
    """The battleground ``field`` with ``units`` and ``marks`` on it."""
    layout, width, height = fitted(field.board, SIZE, MARGIN)
    legend_width = 240.0
    picture = Svg.new(
        width + legend_width,
        max(height, 420.0),
        title or f"motu map {field.name}",
        background=layer is not Layer.PIECES,
    )
    if layer is not Layer.PIECES:
        _ground(picture, layout, field)
        _axes(picture, layout, field)
        _legend(picture, width, field)
    if layer is not Layer.TERRAIN:
        _marks(picture, layout, marks)
        _units(picture, layout, units)
    return picture


def _ground(picture: Svg, layout: HexLayout, field: Map) -> None:
    grid = picture.group("terrain")
    for hex_ in sorted(field.board):
        ground = field.ground[hex_].name.lower()
        piece = field.piece_at.get(hex_)
        polygon = hex_polygon(grid, layout, hex_, fill=GROUND_FILL[ground], data_ground=ground)
        if piece is not None:
            polygon.set("data-piece", piece.id)
        if ground == "ladder":
            _ladder(grid, layout, hex_)
    zones = picture.group("deployment-zones")
    for side, hexes in sorted(field.deployment.items()):
        for hex_ in hexes:
            hex_polygon(
                zones,
                layout,
                hex_,
                fill=side_colour(side),
                class_="deployment",
                stroke="none",
                fill_opacity="0.22",
                data_side=side,
            )
    raised = picture.group("platforms")
    for loc, piece in sorted(field.platform_at.items()):
        hex_polygon(
            raised,
            layout,
            loc.hex,
            fill=PLATFORM_FILL,
            class_="platform",
            stroke="#8a5a1c",
            inset=0.82,
            fill_opacity="0.85",
            data_elevation=str(loc.level),
            data_piece=piece.id,
        )
        x, y = layout.centre(loc.hex)
        label(
            raised,
            f"+{loc.level}",
            x + SIZE * 0.45,
            y + SIZE * 0.62,
            SIZE * 0.36,
            class_="elevation",
            fill="#5a3a0c",
        )
    tokens = picture.group("objectives")
    for hex_ in field.objectives:
        x, y = layout.centre(hex_)
        el(
            tokens,
            "circle",
            class_="objective",
            data_coord=format_coord(hex_),
            cx=fmt(x),
            cy=fmt(y),
            r=fmt(SIZE * 0.42),
            fill=palette.OBJECTIVE,
            stroke=palette.INK,
        )
        el(tokens, "circle", cx=fmt(x), cy=fmt(y), r=fmt(SIZE * 0.15), fill=palette.INK)
    labels = picture.group("coordinates")
    for hex_ in sorted(field.board):
        coordinate_label(labels, layout, hex_)


def _ladder(parent: ET.Element, layout: HexLayout, hex_: Hex) -> None:
    x, y = layout.centre(hex_)
    w, h = SIZE * 0.28, SIZE * 0.55
    group = el(
        parent,
        "g",
        class_="ladder",
        data_coord=format_coord(hex_),
        stroke="#5a3a0c",
        stroke_width=fmt(SIZE * 0.07),
    )
    for dx in (-w, w):
        el(group, "line", x1=fmt(x + dx), y1=fmt(y - h), x2=fmt(x + dx), y2=fmt(y + h))
    for k in range(4):
        ry = y - h + (k + 0.5) * 2 * h / 4
        el(group, "line", x1=fmt(x - w), y1=fmt(ry), x2=fmt(x + w), y2=fmt(ry))


def _axes(picture: Svg, layout: HexLayout, field: Map) -> None:
    """Column letters above the board and row numbers left of it (docs/coordinates.md)."""
    axes = picture.group("axes")
    size = SIZE * 0.5
    for column in range(field.columns):
        x, y = layout.centre(from_offset(column, 0))
        letters = column_letters(column)
        label(axes, letters, x, y - SIZE * 1.05, size, class_="axis column", fill=palette.INK)
    for row in range(field.rows):
        x, y = layout.centre(from_offset(0, row))
        label(
            axes,
            str(row + 1),
            x - SIZE * 1.15,
            y + SIZE * 0.18,
            size,
            class_="axis row",
            fill=palette.INK,
            anchor="end",
        )


def _marks(picture: Svg, layout: HexLayout, marks: Sequence[MarkView]) -> None:
    group = picture.group("marks")
    for mark in marks:
        x, y = layout.centre(mark.hex)
        r = SIZE * 0.55
        el(
            group,
            "polygon",
            class_="mark",
            data_id=mark.id,
            data_coord=format_coord(mark.hex),
            points=points([(x, y - r), (x + r, y), (x, y + r), (x - r, y)]),
            fill=side_colour(mark.side),
            stroke=palette.INK,
        )
        label(
            group,
            mark.label,
            x,
            y + r + SIZE * 0.3,
            SIZE * 0.32,
            class_="mark-label",
            fill=palette.INK,
        )


def _bases(parent: ET.Element, layout: HexLayout, units: Sequence[UnitView]) -> None:
    """The hexes of massive models' bases, under the markers."""
    for unit in units:
        colour = "#9a9a9a" if unit.knocked_out else side_colour(unit.side)
        for hex_ in unit.base:
            hex_polygon(
                parent,
                layout,
                hex_,
                fill=colour,
                class_="base",
                stroke=palette.INK,
                inset=0.94,
                fill_opacity="0.45",
                data_id=unit.id,
            )


def _units(picture: Svg, layout: HexLayout, units: Sequence[UnitView]) -> None:
    massive = [unit for unit in units if unit.base]
    if massive:  # no empty group: pictures without massive models stay as they were
        _bases(picture.group("bases"), layout, massive)
    group = picture.group("units")
    for unit in units:
        colour = "#9a9a9a" if unit.knocked_out else side_colour(unit.side)
        marker = facing_marker(
            group,
            layout,
            unit.hex,
            int(unit.facing),
            colour=colour,
            marker_id=unit.id,
            radius=SIZE * 0.5,
        )
        marker.set("data-level", str(unit.level))
        marker.set("data-facing", unit.facing.name)
        if unit.level:
            el(
                marker,
                "circle",
                class_="raised",
                cx=0,
                cy=0,
                r=fmt(SIZE * 0.62),
                fill="none",
                stroke="#ffffff",
                stroke_width=fmt(SIZE * 0.08),
            )
        label(
            marker,
            unit.label,
            0,
            SIZE * 0.14,
            SIZE * 0.36,
            class_="unit-label",
            fill="#ffffff",
            bold=True,
        )
        if unit.knocked_out:
            label(
                marker, "KO", 0, -SIZE * 0.6, SIZE * 0.4, class_="knocked-out", fill=palette.WOUND
            )
        _badges(marker, unit)


def _badges(marker: ET.Element, unit: UnitView) -> None:
    small = SIZE * 0.34
    right = SIZE * 0.62
    counters = [("wounds", f"{unit.wounds}/{unit.health}", -SIZE * 0.3, palette.WOUND)]
    if unit.mana:
        counters.append(("mana", f"{unit.mana}m", SIZE * 0.1, palette.MANA))
    for kind, text, y, colour in counters:
        label(marker, text, right, y, small, class_=kind, fill=colour, anchor="start", bold=True)
    low = SIZE * 0.95
    for kind, name, colour in (
        ("buff", unit.buff, palette.BUFF),
        ("debuff", unit.debuff, palette.DEBUFF),
    ):
        if name is not None:
            label(marker, name, 0, low, small, class_=kind, fill=colour, bold=True)
            low += SIZE * 0.36


def _legend(picture: Svg, x: float, field: Map) -> None:
    present = {"open", *(g.name.lower() for g in field.ground.values())}
    grounds = [g for g in GROUND_FILL if g in present]
    entries = [LegendEntry(GROUND_LABEL[g], GROUND_FILL[g]) for g in grounds]
    if field.platform_at:
        entries.append(LegendEntry("platform (+elevation)", PLATFORM_FILL))
    if field.objectives:
        entries.append(LegendEntry("objective", palette.OBJECTIVE, shape="circle"))
    for side in sorted(field.deployment):
        entries.append(LegendEntry(f"{side} deployment zone", side_colour(side)))
    entries += [
        LegendEntry("model: pointer = facing", palette.SIDES[0], shape="circle"),
        LegendEntry("wounds/health", palette.WOUND),
        LegendEntry("mana", palette.MANA),
        LegendEntry("buff", palette.BUFF),
        LegendEntry("debuff", palette.DEBUFF),
    ]
    bottom = legend(picture.root, x + 10, MARGIN, entries)
    el(
        picture.root,
        "text",
        f"{field.name}: {field.columns} x {field.rows} hexes",
        class_="map-name",
        x=fmt(x + 10),
        y=fmt(bottom + 16),
        font_size=12,
        fill=palette.MUTED,
    )
