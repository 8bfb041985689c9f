"""The battle: initiative segments, simultaneous hits, removal of the dead.

Duel rules §Bitwy: segments run from the highest initiative on the board down to 0; in a
segment every unit with that initiative attacks at once. Hits are ``hit`` events deferred
by a simultaneous engine context, so they all land when the segment closes; units killed
in the segment still act in it. Then the dead leave the board (modules and nets stop only
now) and HQ damage is on the track.

Each initiative symbol is one action in the battle (§Inicjatywa), so the segments a unit
acts in are read once, when the battle starts: a bonus gained or lost later in the battle
(its Scout killed, say) moves no action and adds none (docs/nshex.md, "Battle").
"""

from __future__ import annotations

from hexforge.core.engine import Engine
from hexforge.plugins.nshex import position as pos
from hexforge.plugins.nshex.board import facing, ray
from hexforge.plugins.nshex.state import NshexState, TileView
from hexforge.plugins.nshex.tiles import Hq
from hexforge.plugins.nshex.words import SEGMENT

HQ_MELEE = {side: 1 for side in range(6)}


def battle(engine: Engine, reason: str) -> None:
    """Fight one battle on the current board."""
    state = NshexState(engine)
    state.battles += 1
    engine.note("nshex", text=f"battle {state.battles} ({reason})")
    actions = {
        t: pos.initiatives(engine, t) for t in pos.on_board(engine) if pos.is_unit(engine, t)
    }
    top = max((v for values in actions.values() for v in values), default=0)
    for initiative in range(top, -1, -1):
        with engine.context(SEGMENT, simultaneous=True, defer=["hit"]):
            for tile in list(pos.on_board(engine)):
                if (
                    initiative in actions.get(tile, ())
                    and pos.can_act(engine, tile)
                    and not pos.destroyed(engine, tile)
                ):
                    attack(engine, tile)
        remove_dead(engine, f"segment {initiative}")


def attack(engine: Engine, tile: str) -> None:
    """Every attack icon of ``tile`` hits (as deferred ``hit`` events)."""
    view = TileView(engine, tile)
    printed = view.board_card
    is_hq = isinstance(printed, Hq)
    rotation = view.rotation
    melee_bonus = engine.query("melee", tile)
    for side, strength in (HQ_MELEE if is_hq else printed.melee).items():
        target = pos.neighbour(engine, tile, facing(side, rotation))
        if target is None or not pos.is_unit(engine, target):
            continue
        if pos.enemies(engine, tile, target) and not (is_hq and pos.is_hq(engine, target)):
            _hit(engine, tile, target, strength + melee_bonus, "melee")
    for icons, attack_kind in ((printed.ranged, "ranged"), (printed.gauss, "gauss")):
        if not icons:
            continue
        ranged_bonus = engine.query("ranged", tile)
        for side, strength in icons.items():
            direction = facing(side, rotation)
            for hex_ in ray(view.hex, direction):
                target = pos.tile_at(engine, hex_)
                if target is None or not pos.is_unit(engine, target):
                    continue
                if not pos.enemies(engine, tile, target):
                    continue  # shots pass over friends
                armour = pos.sides(engine, target, pos.board_card(engine, target).armour)
                amount = strength + ranged_bonus - (direction.opposite in armour)
                _hit(engine, tile, target, amount, attack_kind)
                if attack_kind == "ranged":
                    break


def _hit(engine: Engine, source: str, target: str, amount: int, attack_kind: str) -> None:
    if amount > 0:
        engine.emit("hit", target=target, source=source, amount=amount, attack=attack_kind)


def remove_dead(engine: Engine, when: str) -> list[str]:
    """Remove every unit whose wounds exceed its toughness (or that was discarded).

    An HQ stays: its damage is its track, and a destroyed HQ no longer attacks.
    """
    dead = [
        t
        for t in pos.on_board(engine)
        if pos.is_unit(engine, t)
        and not pos.is_hq(engine, t)
        and _dead(engine, TileView(engine, t))
    ]
    for tile in dead:
        engine.note(
            "nshex", text=f"  {when}: {tile} at {TileView(engine, tile).coord} is destroyed"
        )
        engine.emit("killed", tile=tile)
    return dead


def _dead(engine: Engine, tile: TileView) -> bool:
    return tile.doomed or tile.wounds > pos.toughness(engine, tile.id)
