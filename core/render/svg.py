"""A small SVG document builder: elements, text, deterministic output.

Why our own: the pictures are plain shapes and text, and tests parse them with
``xml.etree``; building them as ``ElementTree`` elements gives correct escaping and a
stable attribute order (insertion order), so the same input gives the same bytes, which
the committed documentation images rely on (tests regenerate and compare them).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Mapping
from dataclasses import dataclass

SVG_NS = "http://www.w3.org/2000/svg"
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"

Attr = str | int | float


def fmt(value: float) -> str:
    """A coordinate with at most two decimals and no trailing zeros (stable, compact)."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _attrs(attrs: Mapping[str, Attr | None]) -> dict[str, str]:
    result: dict[str, str] = {}
    for key, value in attrs.items():
        if value is None:
            continue
        name = key.rstrip("_").replace("_", "-")
        result[name] = fmt(value) if isinstance(value, float) else str(value)
    return result


def el(
    parent: ET.Element, tag: str, text: str | None = None, /, **attrs: Attr | None
) -> ET.Element:
    """Append a child element; ``class_``/``font_size`` become ``class``/``font-size``."""
    child = ET.SubElement(parent, tag, _attrs(attrs))
    if text is not None:
        child.text = text
    return child


def points(corners: list[tuple[float, float]]) -> str:
    """The ``points`` attribute of a polygon."""
    return " ".join(f"{fmt(x)},{fmt(y)}" for x, y in corners)


@dataclass
class Svg:
    """An SVG picture under construction: ``root`` is the ``<svg>`` element."""

    root: ET.Element

    @classmethod
    def new(cls, width: float, height: float, title: str, *, background: bool = True) -> Svg:
        """An empty picture; ``background=False`` leaves it transparent (an overlay)."""
        root = ET.Element(
            "svg",
            _attrs(
                {
                    "xmlns": SVG_NS,
                    "width": fmt(width),
                    "height": fmt(height),
                    "viewBox": f"0 0 {fmt(width)} {fmt(height)}",
                    "font-family": FONT,
                }
            ),
        )
        el(root, "title", title)
        if background:
            el(
                root,
                "rect",
                class_="background",
                x=0,
                y=0,
                width=fmt(width),
                height=fmt(height),
                fill="#ffffff",
            )
        return cls(root)

    @property
    def width(self) -> float:
        return float(self.root.get("width", "0"))

    @property
    def height(self) -> float:
        return float(self.root.get("height", "0"))

    def group(self, class_: str, **attrs: Attr | None) -> ET.Element:
        return el(self.root, "g", class_=class_, **attrs)

    def text(self, *, standalone: bool = True) -> str:
        """The document; ``standalone=False`` omits the XML declaration (inline in HTML)."""
        body = ET.tostring(self.root, encoding="unicode")
        return ('<?xml version="1.0" encoding="UTF-8"?>\n' + body + "\n") if standalone else body


def parse(text: str) -> ET.Element:
    """Parse SVG text (tests, the replay builder) with the SVG namespace stripped from tags."""
    root = ET.fromstring(text)
    for node in root.iter():
        if node.tag.startswith("{"):
            node.tag = node.tag.split("}", 1)[1]
    return root


def label(
    parent: ET.Element,
    text: str,
    x: float,
    y: float,
    size: float,
    *,
    class_: str,
    fill: str,
    anchor: str = "middle",
    bold: bool = False,
) -> ET.Element:
    """A line of text at ``(x, y)`` (the baseline), centred unless ``anchor`` says otherwise."""
    return el(
        parent,
        "text",
        text,
        class_=class_,
        x=fmt(x),
        y=fmt(y),
        font_size=fmt(size),
        text_anchor=anchor,
        font_weight="bold" if bold else None,
        fill=fill,
    )


def line(
    parent: ET.Element,
    a: tuple[float, float],
    b: tuple[float, float],
    *,
    stroke: str,
    width: float,
) -> ET.Element:
    """A straight stroke from ``a`` to ``b``."""
    return el(
        parent,
        "line",
        x1=fmt(a[0]),
        y1=fmt(a[1]),
        x2=fmt(b[0]),
        y2=fmt(b[1]),
        stroke=stroke,
        stroke_width=fmt(width),
    )
