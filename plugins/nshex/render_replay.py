"""Where the replay viewer's buttons stop in a Neuroshima Hex log (``Replay.stops``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from hexforge.core.engine import Json
from hexforge.core.render import STOP_KINDS

STOP_NAMES = {"round": "turn", "action": "tile", "attack": "hit", "knockout": "destroyed"}
"""The viewer's words for the stops in an nshex game."""


def stops(entries: Sequence[Mapping[str, Json]]) -> dict[str, tuple[int, ...]]:
    """Each turn (a round: ``turn 3: borgo``), action (a tile placed, an instant played),
    attack (a hit in a battle) and tile destroyed (a knock-out); nshex has no activations."""
    found: dict[str, list[int]] = {kind: [] for kind in STOP_KINDS if kind != "activation"}
    for index, entry in enumerate(entries):
        kind, text = entry.get("type"), str(entry.get("text", ""))
        if kind == "nshex" and text.startswith("turn "):
            found["round"].append(index)
        elif kind == "nshex" and (" places " in text or " plays " in text):
            found["action"].append(index)
        elif kind == "event" and entry.get("name") == "hit":
            found["attack"].append(index)
        elif kind == "event" and entry.get("name") == "killed":
            found["knockout"].append(index)
    return {kind: tuple(at) for kind, at in found.items()}
