"""What every Hexpawn position keeps (hook ``hexforge_invariants``, ``GamePlugin``'s
``invariants`` part; ``hexforge simulate --game hexpawn --check`` checks them)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from hexforge.core.engine import Engine
from hexforge.core.hexgrid import parse_coord
from hexforge.core.simulate.invariants import Invariant, Moment


def one_pawn_per_hex(engine: Engine, moment: Moment) -> Iterator[str]:
    """Every pawn in play stands on a hex of the board, and no two on one hex."""
    from hexforge_hexpawn import rules

    if moment is Moment.EVENT:  # inside a capture the taker has not stepped yet
        return
    board = rules.board_of(engine)
    places = Counter(str(engine.prop(pawn, "at")) for pawn in rules.pawns(engine))
    for coord, count in sorted(places.items()):
        if not board.holds(parse_coord(coord)):
            yield f"a pawn stands on {coord}, off the board"
        if count > 1:
            yield f"{count} pawns stand on {coord}"


def a_winner_at_the_end(engine: Engine, moment: Moment) -> Iterator[str]:
    """A finished game has a winner and a reason (Hexpawn has no draw)."""
    from hexforge_hexpawn import rules

    if moment is Moment.END and rules.result(engine) is None:
        yield "the game ended without a winner"


INVARIANTS = (
    Invariant("hexpawn", "one pawn per hex, on the board", one_pawn_per_hex),
    Invariant("hexpawn", "every game has a winner", a_winner_at_the_end),
)
"""What the hook ``hexforge_invariants`` returns."""
