"""Attacks (rulebook §Attack, §Melee/§Ranged/§Spell Attack, §Scope Modifiers, §Area Attacks).

:func:`attack` checks the target, pays the AP (rising per weapon type within the
activation or interruption) and a spell's mana, turns the attacker to face the target and
opens an ``attack`` context. The weapon's ``effects`` are attached for that context only
(abilities work only during their own attack); its ``attack`` text - the attack test and
the outcome table - runs once per target. The situations of each target (flank, engaged
target, cover, measured from the initial target for the extra targets of an area attack:
:mod:`~hexforge.plugins.motu.situations`) and the focus spent for the whole action live in
the context's data: the rulebook's scope rules (rule cards) test the situations, the test
procedure adds the focus. ``attack_tested`` follows each test with the successes left
after the defence test (extra effects, §Extra Effects). Characters knocked out meanwhile
leave the board when the attack ends (§AoE Knockouts).
"""

from __future__ import annotations

from hexforge.core.engine import Engine, Frame, Json
from hexforge.core.engine.diagnostics import fail
from hexforge.core.hexgrid import Direction, distance
from hexforge.core.rules import Duration
from hexforge.plugins.motu import codes
from hexforge.plugins.motu.acting import acting_frame, action_cost, interrupted_by, own_frame
from hexforge.plugins.motu.battlefield import in_cover, is_flank, melee_facing, ranged_facing
from hexforge.plugins.motu.board import (
    board_map,
    enemies,
    engaged_with,
    hex_of,
    hexes_of,
    in_sight,
    location,
    occupancy,
    occupant,
    on_board,
    within,
)
from hexforge.plugins.motu.cards import Weapon, WeaponType
from hexforge.plugins.motu.dicetest import spend_focus
from hexforge.plugins.motu.library import FISTS, library_of
from hexforge.plugins.motu.mana import check_mana, spend_mana
from hexforge.plugins.motu.massive import face_massive
from hexforge.plugins.motu.permits import Permit, allowed
from hexforge.plugins.motu.situations import Situation, can_flank, ignores_cover
from hexforge.plugins.motu.state import UnitState, as_int, base_of
from hexforge.plugins.motu.units import check_standing, is_knocked_out, weapons_of
from hexforge.plugins.motu.wounds import settle_knockouts


def usable_weapons(engine: Engine, unit: str) -> list[Weapon]:
    """The equipped weapons, plus fists when no melee weapon is equipped (§Melee Attack)."""
    weapons = weapons_of(engine, unit)
    if not any(w.type is WeaponType.MELEE for w in weapons):
        fists = library_of(engine).card(FISTS, "weapon")
        assert isinstance(fists, Weapon)
        weapons.append(fists)
    return weapons


def weapon_of(engine: Engine, unit: str, name: str) -> Weapon:
    """The usable weapon ``name`` (its id, or its slug within the motu pack)."""
    weapons = usable_weapons(engine, unit)
    for weapon in weapons:
        if name in (weapon.id, weapon.id.split("/", 1)[1]):
            return weapon
    raise fail(
        codes.UNKNOWN_WEAPON,
        f"{unit} has no weapon '{name}'",
        hint="its weapons: " + ", ".join(w.id for w in weapons),
    )


def target_problem(engine: Engine, unit: str, weapon: Weapon, target: str) -> str | None:
    """Why ``unit`` cannot attack ``target`` with ``weapon`` now (None: it can)."""
    if target == unit or is_knocked_out(engine, target) or not engine.entity(target).in_play:
        return f"{target} cannot be targeted"
    hostile = enemies(engine, unit, target)
    if weapon.targets == "allies" and hostile:
        return f"{weapon.id} targets allies, and {target} is an enemy"
    if weapon.targets == "enemies" and not hostile:
        return f"{target} is not an enemy"
    interrupted = interrupted_by(engine, unit)
    if hostile and interrupted is not None and target != interrupted:
        return f"an interruption attacks only the interrupted {interrupted}"
    frame = own_frame(engine, unit)  # not acting: whom it could attack once activated
    if frame is not None and frame.data.get("opportunity") and weapon.type is not WeaponType.MELEE:
        return "an attack of opportunity is a melee attack"
    if not allowed(engine, Permit.TARGET, target, attacker=unit):
        return f"{target} cannot be targeted (a card forbids it)"
    if weapon.type is WeaponType.MELEE:
        return None if target in engaged_with(engine, unit) else f"{target} is not engaged"
    if engaged_with(engine, unit):
        return f"{unit} is engaged and cannot make a {weapon.type.value} attack"
    assert weapon.range is not None
    if not within(engine, unit, target, weapon.range):
        return f"{target} is out of range ({weapon.range} inches)"
    if not in_sight(engine, unit, target):
        return f"{target} is not in line of sight"
    return None


def legal_targets(engine: Engine, unit: str, weapon: Weapon) -> list[str]:
    return [t for t in on_board(engine) if target_problem(engine, unit, weapon, t) is None]


def face(engine: Engine, unit: str, target: str, *, melee: bool) -> None:
    """Turn ``unit`` to face ``target`` (the controller picks between equal hexes); any
    hex of a massive target will do, a massive attacker turns its base (rulebook §Massive
    Models - Facing)."""
    if base_of(engine, unit) > 1:
        face_massive(engine, unit, target)
        return
    here, there = hex_of(engine, unit), hexes_of(engine, target)
    options = melee_facing(here, there) if melee else ranged_facing(here, there)
    if not options:
        return
    names: list[Json] = [d.name for d in options]
    turning = UnitState(engine, unit)
    current = turning.facing.name
    if current in names and len(names) > 1:
        names = [current, *[n for n in names if n != current]]
    owner = engine.entity(unit).owner or ""
    chosen = engine.decide("facing", owner, names, context={"unit": unit, "target": target})
    turning.facing = Direction[str(chosen)]


def scope_changes(
    engine: Engine, unit: str, weapon: Weapon, target: str, origin: str | None = None
) -> list[Situation]:
    """The situations of ``unit``'s attack on ``target`` (flank, engaged target, cover)
    measured from ``origin``: the attacker, or the initial target for an area attack's
    other targets. The rule cards turn them into scope changes; permissions keep them from
    arising (``cannot be flanked``, ``can ignore cover``)."""
    field = board_map(engine)
    victim = occupant(engine, target)
    source = unit if origin is None else origin
    found = []
    flank_from = hex_of(engine, source)
    if is_flank(flank_from, victim) and can_flank(engine, unit, target):
        found.append(Situation.FLANK)
    if weapon.type is WeaponType.RANGED and engaged_with(engine, target):
        found.append(Situation.TARGET_ENGAGED)
    if weapon.type is not WeaponType.MELEE:
        board = occupancy(engine)
        covered = in_cover(field, board, location(engine, source), victim)
        if covered and not ignores_cover(engine, unit, target):
            found.append(Situation.COVER)
    return found


def attack(
    engine: Engine, unit: str, weapon_name: str, target: str, *, free: bool = False
) -> list[int]:
    """The attack action: every check first, then costs, facing and the tests.

    Returns the successes applied against each target (the initial one first). A ``free``
    attack costs no AP and does not raise later costs (rulebook §Free Actions).
    """
    check_standing(engine, unit)
    frame = acting_frame(engine, unit)
    weapon = weapon_of(engine, unit, weapon_name)
    problem = target_problem(engine, unit, weapon, target)
    if problem is not None:
        raise fail(
            codes.ILLEGAL_TARGET,
            problem,
            hint="legal targets: " + (", ".join(legal_targets(engine, unit, weapon)) or "none"),
        )
    key = f"attack:{weapon.type.value}"
    cost = 0 if free else action_cost(engine, frame, key)
    if weapon.mana:
        check_mana(engine, unit, weapon.mana, weapon.id)
    if cost:
        engine.spend_ap(cost, frame)
        frame.bump(key)
    if weapon.mana:
        spend_mana(engine, unit, weapon.mana, weapon.id)
    face(engine, unit, target, melee=weapon.type is WeaponType.MELEE)
    return _resolve(engine, unit, weapon, target)


def _resolve(engine: Engine, unit: str, weapon: Weapon, target: str) -> list[int]:
    owner = engine.entity(unit).owner
    applied = []
    with engine.context("attack", player=owner, subject=unit) as frame:
        frame.data.update({"weapon": weapon.id, "type": weapon.type.value, "initial": target})
        frame.data["focus"] = spend_focus(engine, unit)
        for index in range(len(weapon.effects)):
            engine.attach(f"{weapon.id}#effect{index}", unit, duration=Duration("attack"))
        engine.emit(
            "attack_declared",
            attacker=unit,
            target=target,
            weapon=weapon.id,
            type=weapon.type.value,
        )
        applied.append(_one_target(engine, frame, unit, weapon, target, unit))
        if weapon.area is not None:
            for other in _area_order(engine, unit, weapon, target):
                applied.append(_one_target(engine, frame, unit, weapon, other, target))
        engine.emit("attack_ended", attacker=unit, weapon=weapon.id)
    settle_knockouts(engine)
    return applied


def _one_target(
    engine: Engine, frame: Frame, unit: str, weapon: Weapon, target: str, origin: str
) -> int:
    changes = scope_changes(engine, unit, weapon, target, origin)
    frame.data.update(
        {
            "target": target,
            "dice": weapon.dice,
            "changes": [c.value for c in changes],
            "successes": 0,
        }
    )
    engine.note(
        "attack", attacker=unit, target=target, weapon=weapon.id, scope=frame.data["changes"]
    )
    engine.run(f"{weapon.id}#attack", unit, target=target)
    successes = as_int(frame.data.get("successes"))
    engine.emit(
        "attack_tested", attacker=unit, target=target, weapon=weapon.id, successes=successes
    )
    return successes


def area_targets(engine: Engine, unit: str, weapon: Weapon, initial: str) -> list[str]:
    """The other characters an area attack must hit: within the area of the initial target,
    in its line of sight and at its elevation - allies too (rulebook §Area Attacks). The
    attacker itself is not hit (a reading of the rule: it makes the attack). A massive
    model's hexes count from and to any of its hexes (rulebook §Massive Models)."""
    assert weapon.area is not None
    centre, level = hexes_of(engine, initial), location(engine, initial).level
    return [
        other
        for other in on_board(engine)
        if other not in (unit, initial)
        and not is_knocked_out(engine, other)
        and min(distance(a, b) for a in centre for b in hexes_of(engine, other)) <= weapon.area
        and location(engine, other).level == level
        and in_sight(engine, initial, other)
    ]


def _area_order(engine: Engine, unit: str, weapon: Weapon, initial: str) -> list[str]:
    """The attacker's controller orders the additional targets (decision ``area_target``)."""
    remaining = area_targets(engine, unit, weapon, initial)
    ordered = []
    owner = engine.entity(unit).owner or ""
    while remaining:
        options: list[Json] = list(remaining)
        chosen = str(engine.decide("area_target", owner, options, context={"weapon": weapon.id}))
        ordered.append(chosen)
        remaining.remove(chosen)
    return ordered
