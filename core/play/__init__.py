"""The game runtime (docs/architecture.md): set up and play whole games of the installed
games with agents, record and replay them - below the command line, so simulate's workers,
the scenario runner and a web server use exactly what ``hexforge play`` uses."""

from hexforge.core.play.runner import GameRunner, PlayedGame, per_player
from hexforge.core.play.runtime import (
    Runtime,
    card_names,
    first_difference,
    localised,
    random_agents,
    seat_agents,
)

__all__ = [
    "GameRunner",
    "PlayedGame",
    "Runtime",
    "card_names",
    "first_difference",
    "localised",
    "per_player",
    "random_agents",
    "seat_agents",
]
