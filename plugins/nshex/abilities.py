"""Tile abilities: rules of a tile that the effect language cannot say, registered by name.

Some tile rules are not effects on the running game but change how the game reads the
board: who a tile fights for (the Vegas takeover) or where a tile from the hand may be put
(the Smart Transporter). Each is a :class:`TileAbility`, registered through the general
``hexforge_actions(game)`` hook for the game ``nshex`` - nshex registers its own two there
(its ``actions`` part), and an expansion registers more the same way; a tile names them in
its ``abilities`` list (docs/nshex.md, "Tile abilities").
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from hexforge.core.engine import Engine
from hexforge.core.hexgrid import Direction
from hexforge.plugins.nshex import position as pos
from hexforge.plugins.nshex.state import TileView
from hexforge.plugins.nshex.tiles import Soldier

Controls = Callable[[Engine, str, str, Direction], bool]
"""``controls(engine, holder, subject, direction)``: does ``holder`` make the enemy
``subject``, next to it in ``direction``, fight for the holder's owner?"""
Carries = Callable[[Engine, str, str], bool]
"""``carries(engine, holder, tile)``: may ``tile`` from its owner's hand be put onto the
holder's hex (the holder then goes to the discards)?"""


@dataclass(frozen=True, slots=True)
class TileAbility:
    """A named tile rule with the board questions it answers (None: it does not)."""

    name: str
    doc: str
    controls: Controls | None = None
    carries: Carries | None = None


def _takeover(engine: Engine, holder: str, subject: str, direction: Direction) -> bool:
    """Vegas (rules README): enemy soldiers touching the holder through one of its links
    fight for its owner, unless the holder is caught in a net (nets read by printed owner,
    so the two rules never ask each other in a circle)."""
    if not isinstance(TileView(engine, subject).card, Soldier):
        return False
    taker = TileView(engine, holder)
    if direction not in pos.faces(taker, taker.board_card.links):
        return False
    return not pos.printed_net_on(engine, taker, taker.owner)


def _transports(engine: Engine, holder: str, tile: str) -> bool:
    """Smart (rules README): another own soldier may be placed onto the Transporter."""
    return isinstance(TileView(engine, tile).card, Soldier)


ABILITIES = (
    TileAbility(
        "takeover",
        "enemy soldiers touching it through its links fight for its owner (Vegas)",
        controls=_takeover,
    ),
    TileAbility(
        "transporter",
        "another own soldier may be placed onto its hex; it is then discarded (Smart)",
        carries=_transports,
    ),
)
"""nshex's own abilities (the ``actions`` part of its plugin)."""
