"""Drawing pieces every hex board picture uses: hex polygons, coordinates, markers, a legend.

Every hex polygon carries ``data-coord`` (its board coordinate, docs/coordinates.md) and
every marker a ``data-id``, so tests and the replay viewer find things by name instead of
by position in the document.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Sequence
from dataclasses import dataclass

from hexforge.core.hexgrid import Hex, format_coord
from hexforge.core.render import palette
from hexforge.core.render.hexes import HexLayout, facing_angle
from hexforge.core.render.svg import el, fmt, points


def hex_polygon(
    parent: ET.Element,
    layout: HexLayout,
    hex_: Hex,
    *,
    fill: str,
    class_: str = "hex",
    stroke: str = palette.GRID,
    inset: float = 1.0,
    **attrs: str | float | None,
) -> ET.Element:
    """One hex as a polygon named by its coordinate."""
    return el(
        parent,
        "polygon",
        class_=class_,
        points=points(layout.inset(hex_, inset)),
        fill=fill,
        stroke=stroke,
        data_coord=format_coord(hex_),
        **attrs,
    )


def coordinate_label(parent: ET.Element, layout: HexLayout, hex_: Hex) -> ET.Element:
    """The hex's coordinate in small print near its top edge."""
    x, y = layout.centre(hex_)
    return el(
        parent,
        "text",
        format_coord(hex_),
        class_="coord",
        x=fmt(x),
        y=fmt(y - layout.size * 0.55),
        font_size=fmt(layout.size * 0.28),
        text_anchor="middle",
        fill=palette.MUTED,
    )


def facing_marker(
    parent: ET.Element,
    layout: HexLayout,
    hex_: Hex,
    facing: int,
    *,
    colour: str,
    marker_id: str,
    radius: float,
    class_: str = "unit",
) -> ET.Element:
    """A disc at the hex's centre with a pointer through the edge it faces.

    The group is ``translate(centre) rotate(60 * facing)``; the pointer is drawn pointing
    up, so the rotation alone says where the model looks.
    """
    x, y = layout.centre(hex_)
    group = el(
        parent,
        "g",
        class_=class_,
        data_id=marker_id,
        data_coord=format_coord(hex_),
        transform=f"translate({fmt(x)},{fmt(y)})",
    )
    turned = el(group, "g", class_="facing", transform=f"rotate({facing_angle(facing)})")
    el(turned, "circle", cx=0, cy=0, r=fmt(radius), fill=colour, stroke=palette.INK)
    tip = radius * 1.8
    el(
        turned,
        "polygon",
        class_="pointer",
        points=points([(0, -tip), (radius * 0.55, -radius * 0.7), (-radius * 0.55, -radius * 0.7)]),
        fill=palette.INK,
    )
    return group


@dataclass(frozen=True, slots=True)
class LegendEntry:
    """One line of a legend: a swatch and what it means."""

    label: str
    fill: str
    stroke: str = palette.GRID
    shape: str = "rect"


def legend(parent: ET.Element, x: float, y: float, entries: Sequence[LegendEntry]) -> float:
    """Draw a legend column at ``(x, y)``; returns the y below its last line."""
    group = el(parent, "g", class_="legend")
    line = 18.0
    for index, entry in enumerate(entries):
        top = y + index * line
        if entry.shape == "circle":
            el(
                group,
                "circle",
                cx=fmt(x + 7),
                cy=fmt(top + 7),
                r=6,
                fill=entry.fill,
                stroke=entry.stroke,
            )
        else:
            el(
                group,
                "rect",
                x=fmt(x),
                y=fmt(top),
                width=14,
                height=14,
                fill=entry.fill,
                stroke=entry.stroke,
            )
        el(
            group,
            "text",
            entry.label,
            x=fmt(x + 20),
            y=fmt(top + 11),
            font_size=12,
            fill=palette.INK,
        )
    return y + len(entries) * line
