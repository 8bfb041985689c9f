"""The effect-language words instant tiles are written in (docs/nshex.md, "Instant tiles"):
hexes and rotations as things to select, selectors over the board, and verbs that change
it - ``deal N wounds to``, ``destroy``, ``move``, ``push``, ``rotate``, ``swap``, ``fight a
battle``, ``the opponent places no tiles next turn``.

They are declared through the same ``hexforge_dsl_vocabulary`` hook an expansion uses
(:func:`declare`, nshex's ``words`` part), on top of the tile words of
:mod:`hexforge.plugins.nshex.words`, so an expansion writes new instants with them as data.
Options a player picks from are selections: a filter with an order lists them in that
order (``around X``: clockwise from north), every other selection in board order.
"""

from __future__ import annotations

from hexforge.core.engine import Engine
from hexforge.core.hexgrid import Direction, Hex, direction_to
from hexforge.core.rules import Duration, EffectContext, EntityId
from hexforge.dsl.vocabulary import Vocabulary
from hexforge.plugins.nshex import position as pos
from hexforge.plugins.nshex import rules_text_pl, words
from hexforge.plugins.nshex.battle import battle
from hexforge.plugins.nshex.board import COORDS, ray
from hexforge.plugins.nshex.moves import move, opponent, settle, swap
from hexforge.plugins.nshex.state import NshexState, TileView, hex_named
from hexforge.plugins.nshex.words import TILE, TURN

HEX = "hex"
ROTATION = "rotation"
ROTATIONS = tuple(str(r) for r in range(6))
NO_PLACEMENT = "nshex:no-placement"
"""Terror's rule (a built-in effect of the ruleset): forbids placing the opponent's tiles."""
CHOICES = {"unit": TILE, "target": TILE, "hex": HEX, "rotation": ROTATION}
"""The names an instant's choices bind, with what they hold: they are the ``decision``
kinds the agents answer (docs/nshex.md)."""


def _engine(ctx: EffectContext) -> Engine:
    engine = ctx.game
    assert isinstance(engine, Engine)
    return engine


def _tiles(ctx: EffectContext) -> list[EntityId]:
    return list(pos.on_board(_engine(ctx)))


def _hexes(ctx: EffectContext) -> tuple[str, ...]:
    return COORDS


def _rotations(ctx: EffectContext) -> tuple[str, ...]:
    return ROTATIONS


def _tile_hex(engine: Engine, tile: EntityId | None) -> Hex | None:
    return None if tile is None else pos.hex_on_board(engine, tile)


def _around(ctx: EffectContext, here: Hex | None, anchor: EntityId | None) -> int | None:
    """The direction (0-5 clockwise from north) in which ``here`` touches ``anchor``."""
    there = _tile_hex(_engine(ctx), anchor)
    if here is None or there is None:
        return None
    found = direction_to(there, here)
    return None if found is None else int(found)


def _tile_around(ctx: EffectContext, tile: EntityId, anchor: EntityId) -> bool:
    return _around(ctx, _tile_hex(_engine(ctx), tile), anchor) is not None


def _tile_around_order(ctx: EffectContext, tile: EntityId, anchor: EntityId) -> int:
    return _around(ctx, _tile_hex(_engine(ctx), tile), anchor) or 0


def _hex_around(ctx: EffectContext, coord: EntityId, anchor: EntityId) -> bool:
    return _around(ctx, hex_named(coord), anchor) is not None


def _hex_around_order(ctx: EffectContext, coord: EntityId, anchor: EntityId) -> int:
    return _around(ctx, hex_named(coord), anchor) or 0


def _behind(ctx: EffectContext, coord: EntityId, target: EntityId, pusher: EntityId) -> int | None:
    """Which of the three hexes beyond ``target``, away from ``pusher``, ``coord`` is (0-2,
    counter-clockwise first), or None."""
    engine = _engine(ctx)
    start, middle = _tile_hex(engine, pusher), _tile_hex(engine, target)
    if start is None or middle is None:
        return None
    away = direction_to(start, middle)
    if away is None:
        return None
    beyond = [middle.neighbour(away.turned(t)) for t in (-1, 0, 1)]
    here = hex_named(coord)
    return beyond.index(here) if here in beyond else None


def _is_behind(ctx: EffectContext, coord: EntityId, target: EntityId, pusher: EntityId) -> bool:
    return _behind(ctx, coord, target, pusher) is not None


def _behind_order(ctx: EffectContext, coord: EntityId, target: EntityId, pusher: EntityId) -> int:
    return _behind(ctx, coord, target, pusher) or 0


def _near_centre(ctx: EffectContext, tile: EntityId, centre: EntityId) -> int | None:
    """-1 for the tile on ``centre``, the direction for one around it, else None."""
    here, middle = _tile_hex(_engine(ctx), tile), hex_named(centre)
    if here is None:
        return None
    if here == middle:
        return -1
    found = direction_to(middle, here)
    return None if found is None else int(found)


def _on_or_around(ctx: EffectContext, tile: EntityId, centre: EntityId) -> bool:
    return _near_centre(ctx, tile, centre) is not None


def _on_or_around_order(ctx: EffectContext, tile: EntityId, centre: EntityId) -> int:
    found = _near_centre(ctx, tile, centre)
    return -1 if found is None else found


def _line(ctx: EffectContext, tile: EntityId, anchor: EntityId) -> tuple[int, int] | None:
    """(direction, distance) of ``tile`` on one of the six straight lines from ``anchor``."""
    engine = _engine(ctx)
    here, start = _tile_hex(engine, tile), _tile_hex(engine, anchor)
    if here is None or start is None or here == start:
        return None
    for direction in Direction:
        for steps, hex_ in enumerate(ray(start, direction), start=1):
            if hex_ == here:
                return int(direction), steps
    return None


def _in_line(ctx: EffectContext, tile: EntityId, anchor: EntityId) -> bool:
    return _line(ctx, tile, anchor) is not None


def _in_line_order(ctx: EffectContext, tile: EntityId, anchor: EntityId) -> tuple[int, int]:
    return _line(ctx, tile, anchor) or (0, 0)


def _empty(ctx: EffectContext, coord: EntityId) -> bool:
    return coord not in NshexState(_engine(ctx)).board


def _turns(ctx: EffectContext, rotation: EntityId, tile: EntityId) -> bool:
    """A rotation other than the tile's own."""
    return int(rotation) != TileView(_engine(ctx), tile).rotation


def _slug(ctx: EffectContext) -> str:
    """What the rule's card is called in the log: ``nshex/sniper`` -> ``sniper``."""
    return ctx.source.card_id.rpartition("/")[2]


def _deal(ctx: EffectContext, amount: int, targets: tuple[EntityId, ...]) -> None:
    """One ``hit`` event per target (armour never helps: it is no shot)."""
    engine, attack = _engine(ctx), _slug(ctx)
    for target in targets:
        engine.emit("hit", target=target, source=ctx.bearer, amount=amount, attack=attack)


def _destroy(ctx: EffectContext, target: EntityId) -> None:
    """Marks the tile to leave with the dead when the instant is resolved."""
    TileView(_engine(ctx), target).doomed = True


def _move(ctx: EffectContext, tile: EntityId, coord: EntityId, rotation: EntityId) -> None:
    move(_engine(ctx), tile, hex_named(coord), int(rotation))


def _push(ctx: EffectContext, tile: EntityId, coord: EntityId) -> None:
    engine = _engine(ctx)
    move(engine, tile, hex_named(coord), TileView(engine, tile).rotation)


def _rotate(ctx: EffectContext, tile: EntityId, rotation: EntityId) -> None:
    TileView(_engine(ctx), tile).rotation = int(rotation)


def _swap(ctx: EffectContext, a: EntityId, b: EntityId) -> None:
    swap(_engine(ctx), a, b)


def _owner(ctx: EffectContext) -> str:
    assert ctx.bearer is not None
    return TileView(_engine(ctx), ctx.bearer).owner


def _fight(ctx: EffectContext) -> None:
    """A battle (Duel rules §Bitwy), then the game may be over; the turn ends."""
    engine = _engine(ctx)
    battle(engine, f"{_owner(ctx)} played {ctx.bearer}")
    settle(engine)


def _no_placement(ctx: EffectContext) -> None:
    """Terror: a rule on the played tile, from now to the end of the opponent's next turn
    (an engine duration, however many are played)."""
    engine = _engine(ctx)
    waiting = Duration(TURN, player=opponent(engine, _owner(ctx)))
    engine.attach(NO_PLACEMENT, ctx.bearer, duration=waiting)


def _nobody_drew_last(ctx: EffectContext) -> bool:
    return NshexState(_engine(ctx)).last_drawn is None


def declare(vocabulary: Vocabulary) -> None:
    """All nshex words: the tile words, then the board words (the ``words`` part)."""
    words.declare(vocabulary)
    v = vocabulary
    v.kind(HEX)
    v.kind(ROTATION)
    for name, kind in CHOICES.items():
        v.binding(name, kind)
    v.binding("hq", TILE)
    v.noun("tile", "tiles", TILE, _tiles, doc="every tile on the board, ground tiles too")
    v.noun("hex", "hexes", HEX, _hexes, doc="the 19 hexes of the board")
    v.noun("rotation", "rotations", ROTATION, _rotations, doc="the six rotations, 0-5")
    v.picker(
        "the first",
        lambda ctx, found: found[0] if found else None,
        doc="the first of a selection in its order (board order, or a filter's)",
    )
    v.filter("free to act", lambda ctx, tile: pos.can_act(_engine(ctx), tile), kind=TILE)
    v.filter(
        "other than HQ(s)",
        lambda ctx, tile: not pos.is_hq(_engine(ctx), tile),
        kind=TILE,
        doc="every tile but the HQs",
    )
    v.filter(
        "around {anchor:tile}",
        _tile_around,
        kind=TILE,
        order=_tile_around_order,
        doc="next to the anchor, listed clockwise from north",
    )
    v.filter(
        "around {anchor:tile}",
        _hex_around,
        kind=HEX,
        order=_hex_around_order,
        doc="the hexes next to the anchor, clockwise from north",
    )
    v.filter(
        "in line with {anchor:tile}",
        _in_line,
        kind=TILE,
        order=_in_line_order,
        doc="on one of the six straight lines from the anchor; by line clockwise from "
        "north, nearest first",
    )
    v.filter("that is/are empty", _empty, kind=HEX, doc="no tile stands on it")
    v.filter(
        "behind {target:tile} from {pusher:tile}",
        _is_behind,
        kind=HEX,
        order=_behind_order,
        doc="the three hexes beyond the target, away from the pusher next to it",
    )
    v.filter(
        "near {centre:hex}",
        _on_or_around,
        kind=TILE,
        order=_on_or_around_order,
        doc="on the hex or next to it; the centre first, then clockwise from north",
    )
    v.filter("that turn {tile:tile}", _turns, kind=ROTATION, doc="other than its rotation")
    v.verb(
        "deal {amount:int} wound(s) to {targets:tile*}",
        _deal,
        bounds={"amount": (0, 20)},
        doc="hits that are no attack: armour does not help",
    )
    v.verb("destroy {target:tile}", _destroy, doc="the tile leaves with the dead")
    v.verb(
        "move {tile:tile} to {hex:hex} turned to {rotation:rotation}",
        _move,
        doc="the tile keeps its wounds and its effects",
    )
    v.verb("push {tile:tile} to {hex:hex}", _push, doc="moved, keeping its rotation")
    v.verb("rotate {tile:tile} to {rotation:rotation}", _rotate)
    v.verb("swap {a:tile} with {b:tile}", _swap, doc="they change hexes, keeping rotations")
    v.verb("fight a battle", _fight, doc="a battle now (§Bitwy); it ends the turn")
    v.verb(
        "the opponent places no tiles next turn",
        _no_placement,
        doc="from now to the end of the opponent's next turn (Terror)",
    )
    v.condition("nobody has drawn their last tile", _nobody_drew_last)
    # the same words in Polish, the language of the Duel rules, for rules text (dsl/text)
    v.localise(rules_text_pl.WORDS)
