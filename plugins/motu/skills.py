"""Skills and items (rulebook §Use an Active Skill, §Skills, §Targeting and Tests, §Items,
§Disposable Items).

An active skill (a cost in AP and/or mana) is an action: once per activation or
interruption (a flag in the acting frame), its cost paid before it resolves. A targeted
skill needs line of sight (and range, when it has one) and turns the user to face the
target as a ranged attack does; while interrupting, an enemy target must be the
interrupted character. A disposable item's skill is a free action the character may use
while acting or while being interrupted; the item is flipped (``used_items``) and still
counts for points. Passive skills are attached when the character enters play.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from hexforge.core.engine import Engine
from hexforge.core.engine.diagnostics import fail
from hexforge.plugins.motu import codes
from hexforge.plugins.motu.acting import acting_frame, current_acting, interrupted_by, own_frame
from hexforge.plugins.motu.attacks import face
from hexforge.plugins.motu.board import enemies, in_sight, on_board, within
from hexforge.plugins.motu.cards import Character, Item, Mark, Skill, Targets
from hexforge.plugins.motu.library import library_of, skill_key
from hexforge.plugins.motu.mana import check_mana, spend_mana
from hexforge.plugins.motu.moving import charge_ends
from hexforge.plugins.motu.state import UnitState
from hexforge.plugins.motu.tokens import can_place_mark
from hexforge.plugins.motu.units import (
    character_card,
    check_standing,
    is_knocked_out,
    items_of,
)


def skills_of(engine: Engine, unit: str) -> list[tuple[Character | Item, Skill]]:
    """Every skill of the character's card and of its equipped items."""
    holders: list[Character | Item] = [character_card(engine, unit), *items_of(engine, unit)]
    return [(holder, skill) for holder in holders for skill in holder.skills]


def find_skill(engine: Engine, unit: str, name: str) -> tuple[Character | Item, Skill]:
    """The skill ``name`` (its id, or ``item-slug#skill-id``, or an item's id or slug)."""
    found = skills_of(engine, unit)
    for holder, skill in found:
        slug = holder.id.split("/", 1)[1]
        if name in (skill.id, skill_key(holder.id, skill), f"{slug}#{skill.id}"):
            return holder, skill
        if isinstance(holder, Item) and name in (holder.id, slug) and len(holder.skills) == 1:
            return holder, skill
    raise fail(
        codes.UNKNOWN_SKILL,
        f"{unit} has no skill '{name}'",
        hint="its skills: " + ", ".join(skill_key(h.id, s) for h, s in found),
    )


_PLACES_MARK = re.compile(r"place mark ([a-z][a-z -]*[a-z])")


def mark_problem(engine: Engine, unit: str, skill: Skill) -> str | None:
    """A skill that places a mark needs an empty hex for it in range and sight, next to
    the interrupted enemy while interrupting (rulebook §Marks, §Interruptions): without
    one the skill cannot be used."""
    found = _PLACES_MARK.search(skill.effect)
    if found is None:
        return None
    card = library_of(engine).token(found.group(1), "mark")
    assert isinstance(card, Mark)
    return None if can_place_mark(engine, unit, card) else f"no empty hex to place {card.id} on"


_CHARGES_TARGET = re.compile(r"(?<![a-z])charge target(?![a-z])")


def charge_problem(engine: Engine, unit: str, skill: Skill, target: str | None) -> str | None:
    """A skill that charges its target needs a place next to it the charge can reach at
    the user's speed (rulebook §Charge: the charge ends next to the target); without one
    the skill is neither offered nor paid for."""
    if target is None or not _CHARGES_TARGET.search(skill.effect):
        return None
    if charge_ends(engine, unit, target, engine.query("speed", unit)):
        return None
    return f"a charge of {unit} cannot end next to {target}"


def skill_target_problem(engine: Engine, unit: str, skill: Skill, target: str | None) -> str | None:
    problem = mark_problem(engine, unit, skill)
    if problem is not None:
        return problem
    found = target_problem(engine, unit, skill.target, skill.range, target, "the skill")
    return found if found is not None else charge_problem(engine, unit, skill, target)


def skill_targets(
    engine: Engine, unit: str, skill: Skill, targets: Sequence[str | None]
) -> list[str | None]:
    """The ``targets`` :func:`skill_target_problem` finds no problem with, its mark test
    (the same for every target) made once: the skills offered at every decision."""
    if mark_problem(engine, unit, skill) is not None:
        return []
    return [
        target
        for target in targets
        if target_problem(engine, unit, skill.target, skill.range, target, "the skill") is None
        and charge_problem(engine, unit, skill, target) is None
    ]


def target_problem(
    engine: Engine, unit: str, wanted: Targets, reach: int | None, target: str | None, what: str
) -> str | None:
    """Why ``target`` cannot be the target of ``what`` (a skill, an action card) that
    ``unit`` uses, or None: its kind of target, line of sight and range, and while
    interrupting an enemy target must be the interrupted character (rulebook §Targeting
    and Tests, §Interruptions)."""
    if wanted == "none":
        return None if target is None else f"{what} takes no target"
    if target is None:
        return f"{what} needs a target ({wanted})"
    if is_knocked_out(engine, target) or not engine.entity(target).in_play:
        return f"{target} cannot be targeted"
    hostile = enemies(engine, unit, target)
    if wanted == "enemy" and not hostile:
        return f"{target} is not an enemy"
    if wanted == "ally" and (hostile or target == unit):
        return f"{target} is not an ally"
    interrupted = interrupted_by(engine, unit)
    if hostile and interrupted is not None and target != interrupted:
        return f"while interrupting, an enemy target must be {interrupted}"
    if target != unit and not in_sight(engine, unit, target):
        return f"{target} is not in line of sight"
    if reach is not None and not within(engine, unit, target, reach):
        return f"{target} is out of range ({reach} inches)"
    return None


def use_skill(engine: Engine, unit: str, name: str, target: str | None = None) -> None:
    """The use-an-active-skill action."""
    check_standing(engine, unit)
    frame = acting_frame(engine, unit)
    holder, skill = find_skill(engine, unit, name)
    key = skill_key(holder.id, skill)
    if skill.cost is None:
        raise fail(
            codes.UNKNOWN_SKILL,
            f"{key} is not an active skill",
            hint="passive skills are always in force; disposable items use 'use_item'",
        )
    if frame.used(f"skill:{key}"):
        raise fail(
            codes.SKILL_USED,
            f"{key} was already used in this {frame.kind}",
            hint="each active skill resolves once per activation or interruption",
        )
    _check_target(engine, unit, skill, target)
    check_mana(engine, unit, skill.cost.mana, key)
    engine.spend_ap(skill.cost.ap, frame)
    spend_mana(engine, unit, skill.cost.mana, key)
    frame.mark(f"skill:{key}")
    _resolve(engine, unit, key, skill, target)


def use_item(engine: Engine, unit: str, name: str, target: str | None = None) -> None:
    """Use a disposable item: a free action while acting or while being interrupted."""
    check_standing(engine, unit)
    holder, skill = find_skill(engine, unit, name)
    key = skill_key(holder.id, skill)
    if not skill.disposable:
        raise fail(codes.UNKNOWN_SKILL, f"{key} is not disposable", hint="use it with 'skill'")
    user = UnitState(engine, unit)
    if holder.id in user.used_items:
        raise fail(codes.ITEM_USED, f"{holder.id} was already used", hint="it is face down")
    if not _may_use_disposable(engine, unit):
        raise fail(
            codes.NOT_ACTING,
            f"{unit} can use a disposable item only while acting or being interrupted",
        )
    _check_target(engine, unit, skill, target)
    user.used_items = [*user.used_items, holder.id]
    engine.emit("item_used", unit=unit, item=holder.id)
    _resolve(engine, unit, key, skill, target)


def usable_skills(engine: Engine, unit: str) -> list[str]:
    """The active skills ``unit`` could still use in its current frame (costs aside); for
    a unit not acting, those it could use once activated (every active skill)."""
    frame = own_frame(engine, unit)
    return [
        skill_key(h.id, s)
        for h, s in skills_of(engine, unit)
        if s.active and (frame is None or not frame.used(f"skill:{skill_key(h.id, s)}"))
    ]


def _may_use_disposable(engine: Engine, unit: str) -> bool:
    frame = current_acting(engine)
    if frame is None:
        return False
    return frame.subject == unit or frame.data.get("interrupted") == unit


def _check_target(engine: Engine, unit: str, skill: Skill, target: str | None) -> None:
    problem = skill_target_problem(engine, unit, skill, target)
    if problem is not None:
        legal = [
            t for t in on_board(engine) if skill_target_problem(engine, unit, skill, t) is None
        ]
        raise fail(
            codes.ILLEGAL_TARGET, problem, hint="legal targets: " + (", ".join(legal) or "none")
        )


def _resolve(engine: Engine, unit: str, key: str, skill: Skill, target: str | None) -> None:
    if target is not None and target != unit:
        face(engine, unit, target, melee=False)
    engine.emit("skill_used", unit=unit, skill=key, target=target)
    engine.run(key, unit, target=target)
