"""The colours every picture shares, so a side or a terrain kind looks the same everywhere."""

from __future__ import annotations

from collections.abc import Sequence

INK = "#222222"
GRID = "#8a8a8a"
PAPER = "#ffffff"
MUTED = "#666666"

SIDES: tuple[str, ...] = ("#2f6fd0", "#c0392b", "#2e9e5b", "#8e44ad", "#d68910", "#16a085")
"""Player / side colours, in turn order."""

WOUND = "#c0392b"
MANA = "#1f5fbf"
BUFF = "#27ae60"
DEBUFF = "#8e44ad"
OBJECTIVE = "#f1c40f"


def side_colour(index: int) -> str:
    """The colour of the ``index``-th player or side (wraps around)."""
    return SIDES[index % len(SIDES)]


def player_colour(player: str, players: Sequence[str]) -> str:
    """The colour of ``player`` by its place in ``players``; ink for one not among them."""
    return side_colour(players.index(player)) if player in players else INK
