"""Writing a picture to a file: SVG as text, PNG through resvg (the ``png`` extra).

PNG goes through ``resvg-py``: a wheel with the Rust resvg renderer inside and no system
libraries to install (cairo-based converters need libcairo from the OS), so
``pip install hexforge[png]`` is the whole setup on every platform.
"""

from __future__ import annotations

from pathlib import Path

from hexforge.core.errors import HexforgeError
from hexforge.core.render.codes import BAD_OUTPUT, PNG_UNAVAILABLE
from hexforge.core.render.svg import Svg

PICTURE_SUFFIXES = (".svg", ".png")


def svg_to_png(svg: str, zoom: float = 1.0) -> bytes:
    """Rasterise SVG text; HF905 when the ``png`` extra (resvg-py) is not installed."""
    try:
        import resvg_py
    except ImportError:
        raise HexforgeError.single(
            PNG_UNAVAILABLE,
            "PNG export needs the resvg-py package",
            hint="pip install 'hexforge[png]', or write an .svg file",
        ) from None
    data: bytes = bytes(resvg_py.svg_to_bytes(svg_string=svg, zoom=zoom, background="#ffffff"))
    return data


def check_suffix(out: Path, suffixes: tuple[str, ...]) -> str:
    """The lower-case suffix of ``out`` when it is one of ``suffixes``; HF903 otherwise."""
    suffix = out.suffix.lower()
    if suffix not in suffixes:
        raise HexforgeError.single(
            BAD_OUTPUT,
            f"cannot write '{out.name}': unknown file type '{out.suffix or '(none)'}'",
            hint=f"name the output file with one of: {', '.join(suffixes)}",
        )
    return suffix


def write_picture(picture: Svg, out: Path) -> None:
    """Write ``picture`` as SVG or PNG, chosen by the file's suffix (HF903 for others)."""
    suffix = check_suffix(out, PICTURE_SUFFIXES)
    text = picture.text()
    if suffix == ".png":
        out.write_bytes(svg_to_png(text, zoom=2.0))
    else:
        out.write_text(text, encoding="utf-8")
