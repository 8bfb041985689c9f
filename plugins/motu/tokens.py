"""Buff, debuff and mark tokens (rulebook §Buffs and Debuffs, §Marks, §Clear Tokens).

A buff or debuff is a card whose effects are attached to the character while the token
is on it; each character has one buff slot and one debuff slot, and a new token replaces
the old one. A unique token exists once per force: giving it to an ally moves it. When a
token is removed (replaced, cleared at clean-up) its ``removed`` statements run - that is
how Regeneration heals and Curse wounds. A mark is an entity of kind ``mark`` on a hex,
whose effects reach the characters "in reach of" it.
"""

from __future__ import annotations

from collections.abc import Iterator

from hexforge.core.engine import Engine
from hexforge.core.engine.diagnostics import fail
from hexforge.core.hexgrid import Hex, distance, format_coord
from hexforge.plugins.motu import codes
from hexforge.plugins.motu.acting import interrupted_by
from hexforge.plugins.motu.battlefield import (
    Ground,
    Location,
    in_range,
    line_of_sight,
    within_hexes,
)
from hexforge.plugins.motu.board import (
    MARK,
    board_map,
    hexes_of,
    in_sight,
    location,
    locations_of,
    on_board,
    side,
    within,
)
from hexforge.plugins.motu.cards import Buff, Debuff, Mark, Token
from hexforge.plugins.motu.library import library_of
from hexforge.plugins.motu.state import SLOTS, Slot, UnitState, mark_props


def _effect_keys(card: Token) -> list[str]:
    return [f"{card.id}#effect{index}" for index in range(len(card.effects))]


def give_token(engine: Engine, unit: str, name: str) -> None:
    """Give ``unit`` the buff or debuff ``name`` (a card id or its effect-text name)."""
    card = library_of(engine).token(name, *SLOTS)
    assert isinstance(card, Buff | Debuff)
    slot = card.kind
    if card.unique:
        for other in on_board(engine):
            mine = other != unit and side(engine, other) == side(engine, unit)
            if mine and UnitState(engine, other).token(slot) == card.id:
                remove_token(engine, other, slot, "unique")
    holder = UnitState(engine, unit)
    if holder.token(slot) is not None:
        remove_token(engine, unit, slot, "replaced")
    holder.set_token(slot, card.id)
    for key in _effect_keys(card):
        engine.attach(key, unit)
    engine.emit("token_gained", unit=unit, token=card.id, slot=slot)


def remove_token(engine: Engine, unit: str, slot: Slot, reason: str) -> None:
    """Take the token off ``unit``'s ``slot``; its effects end, then its ``removed`` rule runs."""
    holder = UnitState(engine, unit)
    held = holder.token(slot)
    if held is None:
        return
    card = library_of(engine).card(held, slot)
    assert isinstance(card, Buff | Debuff)
    holder.set_token(slot, None)
    keys = set(_effect_keys(card))
    for attachment in engine.attachments(unit):
        if attachment.effect in keys:
            engine.detach(attachment.id)
    engine.emit("token_removed", unit=unit, token=card.id, slot=slot, reason=reason)
    if card.removed is not None and engine.entity(unit).in_play:
        engine.run(f"{card.id}#removed", unit)


def token_slot(engine: Engine, unit: str, name: str) -> Slot | None:
    """The slot in which ``unit`` holds the buff or debuff ``name`` (None: not held)."""
    card = library_of(engine).token(name)
    if isinstance(card, Buff | Debuff) and UnitState(engine, unit).token(card.kind) == card.id:
        return card.kind
    return None


def has_token(engine: Engine, unit: str, name: str) -> bool:
    return token_slot(engine, unit, name) is not None


def marks(engine: Engine) -> list[str]:
    return [e.id for e in engine.entities(MARK)]


def clear_tokens(engine: Engine) -> None:
    """Clean-up step 2 (rulebook §Clear Tokens): every buff, debuff and mark goes."""
    for unit in on_board(engine):
        for slot in SLOTS:
            remove_token(engine, unit, slot, "clean-up")
    for mark in marks(engine):
        engine.leave_play(mark)


def mark_hexes(engine: Engine, unit: str, card: Mark) -> list[Hex]:
    """Where ``unit`` may place ``card``: an empty open hex at standard elevation in range
    and sight; next to the interrupted enemy during an interruption (rulebook §Marks)."""
    return list(_mark_spots(engine, unit, card, ordered=True))


def can_place_mark(engine: Engine, unit: str, card: Mark) -> bool:
    """Whether :func:`mark_hexes` has any hex (stops at the first, nearest first)."""
    return next(_mark_spots(engine, unit, card, ordered=False), None) is not None


def _mark_spots(engine: Engine, unit: str, card: Mark, *, ordered: bool) -> Iterator[Hex]:
    """Range and sight count from any hex of a massive placer's base (rulebook §Massive
    Models, §Determining Range); no mark lies on a base."""
    field = board_map(engine)
    here = locations_of(engine, unit)
    mine = tuple(loc.hex for loc in here)
    taken = {h for e in (*on_board(engine), *marks(engine)) for h in hexes_of(engine, e)}
    taken.update(field.objectives)
    interrupted = interrupted_by(engine, unit)
    # a cheap bound first: hexes d steps apart are at least 0.86 * d - 1.16 hex widths
    # apart at their closest points, so nothing further can be in range
    bound = int((card.range / float(field.hex_inches) + 1.2) / 0.86) + 1
    bound += max(distance(mine[0], h) for h in mine)  # from the base's farthest hex
    near = field.board if interrupted is not None else within_hexes(field, mine[0], bound)
    for hex_ in sorted(near) if ordered else near:
        spot = Location(hex_)
        if hex_ in taken or field.ground[hex_] is not Ground.OPEN or field.under_platform(spot):
            continue
        if interrupted is not None:
            if not any(field.is_adjacent(spot, b) for b in locations_of(engine, interrupted)):
                continue
        elif not in_range(field, mine, (hex_,), card.range):
            continue
        if line_of_sight(field, here, (spot,)):
            yield hex_


def place_mark(engine: Engine, unit: str, name: str, at: Hex | None = None) -> str:
    """Place the mark ``name`` for ``unit``'s force; the player picks the hex (decision
    ``mark_hex``) unless ``at`` is given. An older copy of the force's mark is removed."""
    card = library_of(engine).token(name, "mark")
    assert isinstance(card, Mark)
    legal = mark_hexes(engine, unit, card)
    owner = side(engine, unit)
    if at is None:
        options = [format_coord(h) for h in legal]
        if not options:
            raise fail(codes.BAD_MARK_HEX, f"{unit} has no hex to place {card.id} on")
        chosen = str(engine.decide("mark_hex", owner, options, context={"mark": card.id}))
        at = next(h for h in legal if format_coord(h) == chosen)
    elif at not in legal:
        raise fail(
            codes.BAD_MARK_HEX,
            f"{card.id} cannot be placed on {format_coord(at)}",
            hint="an empty open hex in range and line of sight"
            + (" next to the interrupted enemy" if interrupted_by(engine, unit) else ""),
        )
    for old in marks(engine):
        if UnitState(engine, old).card == card.id and engine.entity(old).owner == owner:
            engine.leave_play(old)
    mark = engine.create(MARK, owner, props=mark_props(card.id, at))
    for key in _effect_keys(card):
        engine.attach(key, mark)
    engine.emit("mark_placed", mark=mark, by=unit, hex=format_coord(at))
    return mark


def in_reach(engine: Engine, character: str, mark: str) -> bool:
    """A character is affected by a mark at the same elevation within the mark's reach and
    in its line of sight, measured as for a ranged attack from the mark."""
    card = library_of(engine).card(UnitState(engine, mark).card, "mark")
    assert isinstance(card, Mark)
    if location(engine, character).level != location(engine, mark).level:
        return False
    return within(engine, mark, character, card.reach) and in_sight(engine, mark, character)
