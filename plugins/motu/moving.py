"""Moving models: the move action's destinations, overwatch triggers and movement effects
(rulebook §Move, §Overwatch, §Interruptions, §Movement Effects).

A move is declared (its AP paid), engaged enemies make their attacks of opportunity, then
the player picks a destination among those the battlefield's reachable set allows - while
interrupting only hexes nearer the interrupted character and in its sight, for every
movement effect too (:func:`interruption_allows`) - and may turn the model. When the move
ends, every enemy on overwatch whose conditions hold interrupts, in the order their
controller picks. Teleports, pushes and pulls trigger neither; a switch triggers attacks
of opportunity only; jumps, charges and moves towards something, otherwise moves, trigger
both.
"""

from __future__ import annotations

from collections.abc import Callable

from hexforge.core.engine import Engine
from hexforge.core.engine.diagnostics import fail
from hexforge.core.hexgrid import (
    Direction,
    Hex,
    beyond,
    distance,
    format_coord,
    line_steps,
    parse_coord,
)
from hexforge.plugins.motu import codes
from hexforge.plugins.motu.acting import interrupted_by
from hexforge.plugins.motu.attacks import face, usable_weapons
from hexforge.plugins.motu.battlefield import (
    Ground,
    Location,
    engaging_ends,
    jump_destinations,
    line_of_sight,
    partly_in_front,
    push_options,
    reachable,
)
from hexforge.plugins.motu.battlefield.movement import Reach
from hexforge.plugins.motu.board import (
    board_map,
    enemies,
    engaged_with,
    hex_of,
    hexes_of,
    in_sight,
    location,
    locations_of,
    occupancy,
    occupant,
    on_board,
    within,
)
from hexforge.plugins.motu.cards import Character
from hexforge.plugins.motu.library import library_of
from hexforge.plugins.motu.massive import turn, turns
from hexforge.plugins.motu.permits import Permit, allowed, movement_refusal
from hexforge.plugins.motu.state import UnitState, base_of
from hexforge.plugins.motu.units import is_knocked_out

FACINGS = [d.name for d in Direction]
Interrupt = Callable[[Engine, str, str, bool], None]
"""``interrupt(engine, unit, interrupted, opportunity)``: the round procedure's interruption."""


def speed_of(engine: Engine, unit: str, focused: bool) -> int:
    return engine.query("focused_speed" if focused else "speed", unit)


def reach_of(engine: Engine, unit: str, focused: bool) -> Reach:
    return _reach(engine, unit, speed_of(engine, unit, focused))


def _reach(engine: Engine, unit: str, points: int) -> Reach:
    """Where a move of ``unit`` with ``points`` can get, as the permissions say: no climb
    onto a model ``unit`` may not push (``cannot be pushed``, ``cannot be moved by
    enemies``); no stop next to enemies for one that ``can move through enemies``."""
    return reachable(
        board_map(engine),
        occupancy(engine),
        occupant(engine, unit),
        points,
        pushable=lambda other: movement_refusal(engine, Permit.PUSH, other, unit) is None,
        through_enemies=allowed(engine, Permit.MOVE_THROUGH_ENEMIES, unit),
    )


def destinations(engine: Engine, unit: str, focused: bool) -> list[Location]:
    """Where a move action of ``unit`` may end now, climbing onto (or down to) an occupied
    hex included: its occupant is pushed aside first (rulebook §Pushing, see :func:`arrive`).

    While interrupting, the move must bring it nearer the interrupted character and end
    in that character's sight (rulebook §Interruptions)."""
    reach = reach_of(engine, unit, focused)
    here = location(engine, unit)
    found = interruption_allows(engine, unit, [loc for loc in reach.costs if loc != here])
    return sorted(found, key=lambda loc: (format_coord(loc.hex), loc.level))


def can_move(engine: Engine, unit: str, focused: bool) -> bool:
    """Whether :func:`destinations` has any place: the same test, stopped at the first place
    found and without sorting (offering the move action is asked at every decision)."""
    here = location(engine, unit)
    ends = (loc for loc in reach_of(engine, unit, focused).costs if loc != here)
    interrupted = interrupted_by(engine, unit)
    if interrupted is None:
        return any(True for _ in ends)
    return any(_towards(engine, here, end, interrupted) for end in ends)


def interruption_allows(engine: Engine, unit: str, ends: list[Location]) -> list[Location]:
    """The places of ``ends`` a movement of ``unit`` may end at: all of them, except
    while it interrupts, when every movement (the move action and every movement effect)
    must end nearer the interrupted character and in its sight (rulebook
    §Interruptions)."""
    interrupted = interrupted_by(engine, unit)
    if interrupted is None:
        return ends
    here = location(engine, unit)
    return [end for end in ends if _towards(engine, here, end, interrupted)]


def _towards(engine: Engine, start: Location, end: Location, other: str) -> bool:
    """Nearer ``other`` and in its sight, to and from any hex of a massive ``other``."""
    theirs = locations_of(engine, other)

    def gap(loc: Location) -> int:
        return min(distance(loc.hex, t.hex) for t in theirs)

    return gap(end) < gap(start) and line_of_sight(board_map(engine), theirs, (end,))


def place(engine: Engine, unit: str, where: Location) -> None:
    placed = UnitState(engine, unit)
    placed.hex, placed.level = where.hex, where.level


def choose_facing(engine: Engine, unit: str) -> None:
    """After a move the player may turn the model to any of the six edges; a massive
    model only to the turns of its base that fit where it stands (:func:`massive.turns`)."""
    player = engine.entity(unit).owner or ""
    if base_of(engine, unit) == 1:
        answer = engine.decide("move_facing", player, FACINGS, context={"unit": unit})
        UnitState(engine, unit).facing = Direction[str(answer)]
        return
    options = turns(engine, unit)
    names = [d.name for d in options]
    chosen = Direction[str(engine.decide("move_facing", player, names, context={"unit": unit}))]
    turn(engine, unit, chosen, options[chosen])


def move_model(
    engine: Engine,
    unit: str,
    focused: bool,
    interrupt: Interrupt,
    *,
    to: Location | None = None,
    facing: Direction | None = None,
) -> bool:
    """Resolve a declared move: attacks of opportunity, the destination (``to``, or the
    player's pick), the facing (``facing``, or the player's pick), then overwatch.
    Returns False when the mover was knocked out before it could move; HF765 when ``to``
    cannot be reached."""
    opportunity_attacks(engine, unit, interrupt)
    if is_knocked_out(engine, unit):
        return False
    options = destinations(engine, unit, focused)
    labels = [_label(loc) for loc in options]
    if to is not None:
        check_destination(engine, unit, focused, to)
        where = to
    elif not options:
        return True
    else:
        player = engine.entity(unit).owner or ""
        answer = engine.decide("move_to", player, list(labels), context={"unit": unit})
        where = options[labels.index(str(answer))]
    arrive(engine, unit, focused, where)
    engine.note("moved", unit=unit, to=_label(where))
    if facing is None:
        choose_facing(engine, unit)
    elif base_of(engine, unit) > 1:
        _turn_to(engine, unit, facing)
    else:
        UnitState(engine, unit).facing = facing
    overwatch_interruptions(engine, unit, interrupt)
    return True


def arrive(engine: Engine, unit: str, focused: bool, where: Location) -> None:
    """Put ``unit`` at ``where``. When its last step climbs onto (or down to) a hex a
    character stands on, that character is pushed first to a free place sharing an edge
    with its hex, picked by its controller, keeping its facing (rulebook §Pushing)."""
    last = reach_of(engine, unit, focused).path(where)[-1]
    if last.push is not None:
        pushed = last.push
        options = push_options(board_map(engine), occupancy(engine), occupant(engine, pushed))
        labels = [_label(loc) for loc in options]
        player = engine.entity(pushed).owner or ""
        answer = engine.decide("pushed_to", player, labels, context={"unit": pushed, "by": unit})
        place(engine, pushed, options[labels.index(str(answer))])
        engine.note("pushed", unit=pushed, by=unit, to=str(answer))
    place(engine, unit, where)


def _turn_to(engine: Engine, unit: str, facing: Direction) -> None:
    """HF775 unless the massive ``unit`` can turn to ``facing`` where it stands."""
    options = turns(engine, unit)
    if facing not in options:
        raise fail(
            codes.BASE_DOES_NOT_FIT,
            f"{unit}'s base cannot turn to face {facing.name} here",
            hint="it can face: " + ", ".join(d.name for d in options),
        )
    turn(engine, unit, facing, options[facing])


def check_destination(engine: Engine, unit: str, focused: bool, to: Location) -> None:
    """HF765 unless a move of ``unit`` may end at ``to`` now."""
    _check_place(unit, to, destinations(engine, unit, focused))


def _check_place(unit: str, to: Location, options: list[Location]) -> None:
    """HF765 unless ``to`` is one of the places ``options`` a movement may end at."""
    if to not in options:
        raise fail(
            codes.ILLEGAL_MOVE,
            f"{unit} cannot move to {_label(to)}",
            hint="reachable now: " + (", ".join(_label(o) for o in options[:20]) or "nowhere"),
        )


def _label(loc: Location) -> str:
    return format_coord(loc.hex) + (f"@{loc.level}" if loc.level else "")


def opportunity_attacks(engine: Engine, unit: str, interrupt: Interrupt) -> None:
    """Engaged enemies interrupt a character about to leave its hex, melee only, in the
    order their controller picks (rulebook §Attacks of Opportunity)."""
    waiting = engaged_with(engine, unit)
    while not is_knocked_out(engine, unit):
        engaged = engaged_with(engine, unit)  # an earlier interruption may fell or move one
        waiting = [w for w in waiting if w in engaged and not is_knocked_out(engine, w)]
        if not waiting:
            return
        player = engine.entity(waiting[0]).owner or ""
        enemy = str(
            engine.decide("opportunity_order", player, list(waiting), context={"unit": unit})
        )
        waiting.remove(enemy)
        interrupt(engine, enemy, unit, True)


def watching(engine: Engine, watcher: str, mover: str) -> bool:
    """``watcher`` must interrupt ``mover`` ending a move (rulebook §Overwatch): on
    overwatch, mover in sight and partly in its front arc, and in a weapon's range or
    reachable for engagement with one move (focused speed when focused)."""
    on_watch = UnitState(engine, watcher)
    if not on_watch.overwatch or on_watch.knocked_out:
        return False
    if not enemies(engine, watcher, mover) or not in_sight(engine, watcher, mover):
        return False
    if not partly_in_front(occupant(engine, watcher), hexes_of(engine, mover)):
        return False
    for weapon in usable_weapons(engine, watcher):
        if weapon.range is not None and within(engine, watcher, mover, weapon.range):
            return True
    if mover in engaged_with(engine, watcher):
        return True
    reach = reach_of(engine, watcher, on_watch.focus)
    return bool(engaging_ends(board_map(engine), reach, occupant(engine, mover)))


def overwatch_interruptions(engine: Engine, mover: str, interrupt: Interrupt) -> None:
    """Every enemy on overwatch that must interrupt does, in its controller's order; the
    conditions are checked again before each one (an earlier one may change them)."""
    while not is_knocked_out(engine, mover):
        ready = [w for w in on_board(engine) if watching(engine, w, mover)]
        if not ready:
            return
        player = engine.entity(ready[0]).owner or ""
        watcher = str(engine.decide("overwatch_order", player, ready, context={"unit": mover}))
        UnitState(engine, watcher).overwatch = False  # the token goes back to the supply
        engine.note("overwatch", unit=watcher, interrupts=mover)
        interrupt(engine, watcher, mover, False)


# ---- movement effects (rulebook §Movement Effects) ----------------------------------------


def towards(
    engine: Engine, unit: str, other: str, points: int, interrupt: Interrupt | None = None
) -> None:
    """Move by the shortest route towards ``other`` (as a move: it stops next to enemies),
    then face it; the cheapest reachable place nearest ``other`` is taken. Otherwise a move
    (rulebook §Towards), so with ``interrupt`` it causes attacks of opportunity first and
    overwatch interruptions at its end."""
    if not _leave(engine, unit, interrupt):
        return
    reach = _reach(engine, unit, points)
    there, here = hex_of(engine, other), location(engine, unit)
    ends = [loc for loc in reach.costs if not any(s.push for s in reach.path(loc))]
    best = min(
        [here, *interruption_allows(engine, unit, ends)],
        key=lambda loc: (distance(loc.hex, there), reach.costs[loc], format_coord(loc.hex)),
    )
    place(engine, unit, best)
    face(engine, unit, other, melee=False)
    _arrive(engine, unit, interrupt)


def charge(
    engine: Engine, unit: str, other: str, points: int, interrupt: Interrupt | None = None
) -> bool:
    """Move to a hex next to ``other`` by the shortest route and face it; False (no move)
    when no such hex is in reach (rulebook §Charge). Interruptions as for :func:`towards`."""
    if not charge_ends(engine, unit, other, points):
        return False
    if not _leave(engine, unit, interrupt):
        return False
    reach = _reach(engine, unit, points)
    ends = charge_ends(engine, unit, other, points, reach)
    if not ends or is_knocked_out(engine, other):
        return False
    best = min(ends, key=lambda loc: (reach.costs[loc], format_coord(loc.hex)))
    place(engine, unit, best)
    face(engine, unit, other, melee=True)
    _arrive(engine, unit, interrupt)
    return True


def charge_ends(
    engine: Engine, unit: str, other: str, points: int, reach: Reach | None = None
) -> list[Location]:
    """The places next to ``other`` a charge of ``unit`` with ``points`` may end at (none:
    the charge cannot be made, rulebook §Charge)."""
    found = reach or _reach(engine, unit, points)
    ends = engaging_ends(board_map(engine), found, occupant(engine, other))
    return interruption_allows(engine, unit, list(ends))


def _leave(engine: Engine, unit: str, interrupt: Interrupt | None) -> bool:
    """Attacks of opportunity before a move effect; False when the mover fell."""
    if interrupt is not None:
        opportunity_attacks(engine, unit, interrupt)
    return not is_knocked_out(engine, unit)


def _arrive(engine: Engine, unit: str, interrupt: Interrupt | None) -> None:
    if interrupt is not None:
        overwatch_interruptions(engine, unit, interrupt)


def teleport(
    engine: Engine,
    unit: str,
    points: int,
    *,
    jump: bool = False,
    interrupt: Interrupt | None = None,
    to: Location | None = None,
) -> None:
    """Teleport or jump up to ``points`` hexes, ignoring models, obstacles, elevation and
    enemies; the player picks the place (``to``: given, HF765 when not legal) and the
    facing. A teleport causes neither attacks of opportunity nor overwatch (rulebook
    §Teleport); a jump is otherwise a move (§Jump says no more), so with ``interrupt`` it
    causes both."""
    if not _leave(engine, unit, interrupt if jump else None):
        return
    found = jump_destinations(board_map(engine), occupancy(engine), occupant(engine, unit), points)
    allowed_ends = interruption_allows(engine, unit, list(found))
    options = sorted(allowed_ends, key=lambda loc: (format_coord(loc.hex), loc.level))
    if to is not None:
        _check_place(unit, to, options)
        where = to
    elif not options:
        return
    else:
        labels = [_label(loc) for loc in options]
        player = engine.entity(unit).owner or ""
        answer = engine.decide("jump_to" if jump else "teleport_to", player, labels)
        where = options[labels.index(str(answer))]
    place(engine, unit, where)
    choose_facing(engine, unit)
    _arrive(engine, unit, interrupt if jump else None)


def push(engine: Engine, unit: str, by: str, hexes: int, *, pull: bool = False) -> int:
    """Push (or pull) ``unit`` along the straight line from ``by``; it stops before a
    terrain piece (difficult terrain included), a model or the board's edge; a model
    pushed off elevated ground climbs down for free (its controller picks where, the hex
    along the line when it can) and stops there. No rotation, no interruptions (rulebook
    §Push and Pull). Returns the hexes moved; the log's ``pushed``/``pulled`` entry says
    how many and where the model ended.

    A massive model is never pushed or pulled (rulebook §Massive Models - Pushing and
    Pulling), nor one a permission protects (``cannot be pushed``, ``cannot be pulled``,
    ``cannot be moved by enemies``): it stays and the log says why
    (``push_refused``/``pull_refused``)."""
    if base_of(engine, unit) > 1:
        engine.note("pull_refused" if pull else "push_refused", unit=unit, by=by, reason="massive")
        return 0
    refusal = movement_refusal(engine, Permit.PULL if pull else Permit.PUSH, unit, by)
    if refusal is not None:
        engine.note("pull_refused" if pull else "push_refused", unit=unit, by=by, reason=refusal)
        return 0
    moved = _push_steps(engine, unit, by, hexes, pull)
    where = _label(location(engine, unit))
    engine.note("pulled" if pull else "pushed", unit=unit, by=by, to=where, hexes=moved)
    return moved


def _push_steps(engine: Engine, unit: str, by: str, hexes: int, pull: bool) -> int:
    """Move ``unit`` hex by hex along the push (or pull); the hexes it moved."""
    moved = 0
    for _ in range(hexes):
        here, other = hex_of(engine, unit), hex_of(engine, by)
        level = location(engine, unit).level
        if pull:
            line = line_steps(here, other)
            options = [h for h in line[1] if h != other] if len(line) > 2 else []
        else:
            options = list(_beyond(other, here))
        free = [h for h in options if _free(engine, h, level)]
        if not free:
            if level > 0 and options and not any(_platform(engine, h, level) for h in options):
                moved += _climb_down(engine, unit, options)
            return moved
        target = free[0]
        if len(free) > 1:
            player = engine.entity(by).owner or ""
            labels = [format_coord(h) for h in free]
            target = parse_coord(str(engine.decide("push_line", player, labels)))
        place(engine, unit, Location(target, level))
        moved += 1
    return moved


def _platform(engine: Engine, hex_: Hex, level: int) -> bool:
    return board_map(engine).exists(Location(hex_, level))


def _climb_down(engine: Engine, unit: str, along: list[Hex]) -> int:
    """The free climb down of a model pushed off elevated ground: onto the hex along the
    push when free, else where its controller picks; 0 when there is no room."""
    landing = push_options(board_map(engine), occupancy(engine), occupant(engine, unit))
    ground = [loc for loc in landing if loc.level < location(engine, unit).level]
    straight = [loc for loc in ground if loc.hex in along]
    choices = straight or ground
    if not choices:
        return 0
    labels = [_label(loc) for loc in choices]
    player = engine.entity(unit).owner or ""
    answer = engine.decide("climb_down_to", player, labels)
    place(engine, unit, choices[labels.index(str(answer))])
    return 1


def _beyond(origin: Hex, here: Hex) -> tuple[Hex, ...]:
    steps = beyond(origin, here, 1)
    return steps[0] if steps else ()


def _free(engine: Engine, hex_: Hex, level: int) -> bool:
    """No terrain piece (at standard elevation: open ground only) and no model's base (a
    massive base included, at any level) in ``hex_`` (rulebook §Push and Pull)."""
    field = board_map(engine)
    if not field.standable(Location(hex_, level)):
        return False
    if level == 0 and field.ground[hex_] is not Ground.OPEN:
        return False
    return all(hex_ not in hexes_of(engine, other) for other in on_board(engine))


def switch(engine: Engine, a: str, b: str, interrupt: Interrupt) -> None:
    """Two characters trade places without turning; engaged enemies of each may make
    attacks of opportunity first, overwatch is not triggered (rulebook §Switch).

    A massive model never trades places with a non-massive one (rulebook §Massive Models -
    Switching): then nothing moves and the log says why (``switch_refused``). Two massive
    models trade their whole bases, facings included, so both must have bases of the same
    size (a reading: otherwise neither fits the other's place; ``reason: base``). A
    permission may forbid it too: ``cannot be switched`` of either, ``cannot be moved by
    enemies`` of ``b`` when ``a`` is its enemy (the reason is the permission's phrase).
    While ``a`` interrupts, ``b``'s place must be one it may move to (``reason:
    interrupting``, rulebook §Interruptions).
    """
    if is_massive(engine, a) != is_massive(engine, b):
        engine.note("switch_refused", unit=a, other=b, reason="massive")
        return
    if base_of(engine, a) != base_of(engine, b):
        engine.note("switch_refused", unit=a, other=b, reason="base")
        return
    for moved in (a, b):
        refusal = movement_refusal(engine, Permit.SWITCH, moved, a)
        if refusal is not None:
            engine.note("switch_refused", unit=a, other=b, reason=f"{moved} {refusal}")
            return
    if not interruption_allows(engine, a, [location(engine, b)]):
        engine.note("switch_refused", unit=a, other=b, reason="interrupting")
        return
    for unit in (a, b):
        opportunity_attacks(engine, unit, interrupt)
    if is_knocked_out(engine, a) or is_knocked_out(engine, b):
        return
    where_a, where_b = location(engine, a), location(engine, b)
    place(engine, a, where_b)
    place(engine, b, where_a)
    if base_of(engine, a) > 1:
        first, second = UnitState(engine, a), UnitState(engine, b)
        first.facing, second.facing = second.facing, first.facing


def is_massive(engine: Engine, unit: str) -> bool:
    """Whether ``unit``'s character card is a massive model (rulebook §Massive Models)."""
    card = library_of(engine).card(UnitState(engine, unit).card, "character")
    return isinstance(card, Character) and card.massive
