"""Pictures: SVG boards and cards, PNG export, and the self-contained HTML replay viewer.

Generic building blocks live here; games draw their own boards and cards through the
``hexforge_renderers`` hook (:class:`GameRenderer`). Guide: docs/render.md.
"""

from __future__ import annotations

from hexforge.core.render.board import (
    LegendEntry,
    coordinate_label,
    facing_marker,
    hex_polygon,
    legend,
)
from hexforge.core.render.hexes import HexLayout, facing_angle, fitted
from hexforge.core.render.output import check_suffix, svg_to_png, write_picture
from hexforge.core.render.renderer import GameRenderer
from hexforge.core.render.replay import (
    STOP_KINDS,
    FrameRecorder,
    GameLogFile,
    Replay,
    ReplayFrame,
    Score,
    check_same_log,
    ordered_score,
    play_logged,
    read_log_file,
    replay_agent,
    replaying,
)
from hexforge.core.render.svg import Svg, el, fmt, label, line, parse, points
from hexforge.core.render.text import localised, words, wrap
from hexforge.core.render.viewer import replay_html

__all__ = [
    "STOP_KINDS",
    "FrameRecorder",
    "GameLogFile",
    "GameRenderer",
    "HexLayout",
    "LegendEntry",
    "Replay",
    "ReplayFrame",
    "Score",
    "Svg",
    "check_same_log",
    "check_suffix",
    "coordinate_label",
    "el",
    "facing_angle",
    "facing_marker",
    "fitted",
    "fmt",
    "hex_polygon",
    "label",
    "legend",
    "line",
    "localised",
    "ordered_score",
    "parse",
    "play_logged",
    "points",
    "read_log_file",
    "replay_agent",
    "replay_html",
    "replaying",
    "svg_to_png",
    "words",
    "wrap",
    "write_picture",
]
