"""Changes to a running game that rules of several kinds share: moving and swapping tiles on
the board, and settling the game after a battle (Duel rules §Zwycięstwo).

Both the turn (``game``) and the effect-language verbs of instant tiles (``board_words``)
use them, so they sit below both.
"""

from __future__ import annotations

from hexforge.core.engine import Engine
from hexforge.core.hexgrid import Hex, format_coord
from hexforge.plugins.nshex import position as pos
from hexforge.plugins.nshex.state import NshexState, Result, TileView


def opponent(engine: Engine, player: str) -> str:
    return next(p for p in engine.players if p != player)


def move(engine: Engine, tile: str, hex_: Hex, rotation: int) -> None:
    """Move a board tile (it stays in play: its effects go on)."""
    state, view = NshexState(engine), TileView(engine, tile)
    state.lift(view.at)
    state.put(format_coord(hex_), tile)
    view.coord = format_coord(hex_)
    view.rotation = rotation


def swap(engine: Engine, a: str, b: str) -> None:
    """Two board tiles change hexes, each keeping its rotation."""
    first, second = TileView(engine, a), TileView(engine, b)
    state, a_at, b_at = NshexState(engine), first.at, second.at
    state.put(a_at, b)
    state.put(b_at, a)
    first.coord, second.coord = b_at, a_at


def settle(engine: Engine, *, final: bool = False) -> None:
    """After a battle: an HQ destroyed ends the game (both: a draw); after the Final Battle
    the HQ with more toughness wins (Duel rules §Zwycięstwo)."""
    state = NshexState(engine)
    hqs = state.hqs
    lost = [p for p in engine.players if p in hqs and pos.destroyed(engine, hqs[p])]
    left = {p: pos.hq_left(engine, hqs[p]) for p in engine.players if p in hqs}
    winner: str | None
    if len(lost) == 2:
        winner, reason = None, "both HQs destroyed in one battle"
    elif len(lost) == 1:
        winner, reason = opponent(engine, lost[0]), f"{lost[0]}'s HQ destroyed"
    elif final:
        best = max(left.values(), default=0)
        leaders = [p for p in left if left[p] == best]
        winner = leaders[0] if len(leaders) == 1 else None
        reason = "final battle: more HQ toughness" if winner else "final battle: HQs equal"
    else:
        return
    state.result = Result(winner, reason, left)
    # its own entry type: the account ends before it and the summary line says it
    engine.note("nshex_result", winner=winner, reason=reason, hq=dict(left))
