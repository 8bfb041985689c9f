"""Characters in play: created from their cards, with their equipment and tokens as props.

A ``character`` entity's props (its place, its card's stats, cost and equipment, wounds,
mana, tokens, the cards played on it) are listed, read and written by
:mod:`~hexforge.plugins.motu.state` (:class:`~hexforge.plugins.motu.state.UnitState`).
The owner is the force (``masters`` or ``evil``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from hexforge.core.engine import Engine
from hexforge.core.engine.diagnostics import fail
from hexforge.core.hexgrid import Direction, Hex
from hexforge.plugins.motu import codes
from hexforge.plugins.motu.board import CHARACTER
from hexforge.plugins.motu.cards import Character, Item, Weapon
from hexforge.plugins.motu.library import STATS, library_of, skill_key
from hexforge.plugins.motu.state import UnitState, character_props
from hexforge.plugins.motu.state import is_knocked_out as is_knocked_out

C = TypeVar("C", Weapon, Item)


def create_character(
    engine: Engine,
    unit: str,
    card_id: str,
    side: str,
    at: Hex,
    facing: Direction = Direction.N,
    *,
    level: int = 0,
    weapons: Sequence[str] | None = None,
    items: Sequence[str] | None = None,
) -> str:
    """Put a character on the battleground with its card's (or the given) equipment; its
    passive skills and its items' passive skills come into force. A massive model's ``at``
    is its facing hex, the rest of its base lies behind (``battlefield.footprint``)."""
    lib = library_of(engine)
    card = lib.card(card_id, "character")
    assert isinstance(card, Character)
    pack = card.id.split("/", 1)[0]
    weapon_ids = [qualify(pack, w) for w in (card.weapons if weapons is None else weapons)]
    item_ids = [qualify(pack, i) for i in (card.items if items is None else items)]
    for weapon in weapon_ids:
        lib.card(weapon, "weapon")
    for item in item_ids:
        lib.card(item, "item")
    stats = {
        **{stat: getattr(card.stats, stat) for stat in STATS},
        "speed": card.stats.speed,
        "focused_speed": card.stats.focused_speed,
    }
    props = character_props(
        card.id,
        at,
        level,
        facing,
        stats,
        cost=card.cost,
        weapons=weapon_ids,
        items=item_ids,
        base=card.base_size,
    )
    engine.create(CHARACTER, side, id=unit, props=props)
    for card_id in (card.id, *weapon_ids, *item_ids):
        engine.note("card", card=card_id)  # in play, with or without a rule (coverage)
    for holder in (card, *(lib.card(i) for i in item_ids)):
        assert isinstance(holder, Character | Item)
        for skill in holder.skills:
            if not (skill.active or skill.disposable):
                engine.attach(skill_key(holder.id, skill), unit)
    return unit


def qualify(pack: str, ref: str) -> str:
    """A card reference as a full id: a bare slug names a card of the same pack."""
    return ref if "/" in ref else f"{pack}/{ref}"


def character_card(engine: Engine, unit: str) -> Character:
    card = library_of(engine).card(UnitState(engine, unit).card, "character")
    assert isinstance(card, Character)
    return card


def weapons_of(engine: Engine, unit: str) -> list[Weapon]:
    return _equipment(engine, UnitState(engine, unit).weapons, "weapon", Weapon)


def items_of(engine: Engine, unit: str) -> list[Item]:
    return _equipment(engine, UnitState(engine, unit).items, "item", Item)


def _equipment(engine: Engine, card_ids: list[str], kind: str, model: type[C]) -> list[C]:
    """The character's equipment cards ``card_ids``, as ``model`` cards."""
    found = []
    for card_id in card_ids:
        card = library_of(engine).card(card_id, kind)
        assert isinstance(card, model)
        found.append(card)
    return found


def points(engine: Engine, unit: str) -> int:
    """The character's cost plus all its equipment's, used disposables included
    (rulebook §Health and Wounds, §Disposable Items)."""
    weapons = sum(card.cost for card in weapons_of(engine, unit))
    items = sum(card.cost for card in items_of(engine, unit))
    return UnitState(engine, unit).cost + weapons + items


def check_standing(engine: Engine, unit: str) -> None:
    """HF759 when ``unit`` is knocked out: its card and equipment cannot be used."""
    if is_knocked_out(engine, unit) or not engine.entity(unit).in_play:
        raise fail(codes.KNOCKED_OUT, f"{unit} is knocked out", hint="it cannot act any more")
