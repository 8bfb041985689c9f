"""What the motu heuristic thinks a card's bonus is worth now (issue 25).

A played fate card gives +1 mana or its ability (rulebook §Gain Bonuses); the heuristic used
to take the mana every time. Here each bonus gets a value in expected wounds, the unit the
heuristic scores attacks in: a mana is a reroll of a failed die (about a third of a
success) and worth nothing at the cap; an action point is a move or an attack. An ability
is read from its effect text, by the patterns of the shipped cards; one the heuristic cannot
read is worth nothing, so the mana stays the choice it was.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache, cached_property

from hexforge.core.engine import Engine
from hexforge.core.errors import HexforgeError
from hexforge.plugins.motu.board import distance_inches, on_board
from hexforge.plugins.motu.cards import Fate, WeaponType
from hexforge.plugins.motu.hands import Bonus
from hexforge.plugins.motu.library import library_of
from hexforge.plugins.motu.mana import mana
from hexforge.plugins.motu.parameters import parameters_of
from hexforge.plugins.motu.state import UnitState
from hexforge.plugins.motu.units import is_knocked_out

MANA_WORTH = 0.3
"""A mana below the cap: one more reroll of a failed die, about a third of a success."""
AP_WORTH = 1.0
"""An action point: a move towards the goal or another attack."""
BUFF_WORTH = 0.5
"""A buff that helps what the character is about to do (attack, defend, move)."""
DEBUFF_WORTH = 0.3
"""A debuff on one enemy near the character."""


class Outlook:
    """What the character faces now, as the heuristic sees it: the weapon types it can
    attack with at once, whether a foe could reach it, whether it still has to move. Each
    is worked out when a rule first asks (most bonuses need none of them, and the
    heuristic's time counts, issue 24)."""

    def __init__(
        self,
        attack_types: Callable[[], frozenset[WeaponType]],
        threatened: Callable[[], bool],
        moving: Callable[[], bool],
    ) -> None:
        self._attack_types, self._threatened, self._moving = attack_types, threatened, moving

    @classmethod
    def known(cls, attack_types: frozenset[WeaponType], threatened: bool, moving: bool) -> Outlook:
        """An outlook given outright (tests, callers that have worked it out)."""
        return cls(lambda: attack_types, lambda: threatened, lambda: moving)

    @cached_property
    def attack_types(self) -> frozenset[WeaponType]:
        return self._attack_types()

    @cached_property
    def threatened(self) -> bool:
        return self._threatened()

    @cached_property
    def moving(self) -> bool:
        return self._moving()


def _mana_worth(engine: Engine, unit: str, amount: int = 1) -> float:
    room = parameters_of(engine).mana_cap - mana(engine, unit)
    return MANA_WORTH * max(0, min(amount, room))


def _near(engine: Engine, unit: str, inches: float, enemies: bool) -> list[str]:
    """Standing characters of the other side (``enemies``) or of ``unit``'s own, but for
    ``unit``, within ``inches`` of it."""
    owner = engine.entity(unit).owner
    return [
        u
        for u in on_board(engine)
        if u != unit
        and (engine.entity(u).owner != owner) == enemies
        and not is_knocked_out(engine, u)
        and distance_inches(engine, unit, u) <= inches
    ]


Rule = Callable[[re.Match[str], Engine, str, Outlook], float]


def _gain_ap(found: re.Match[str], engine: Engine, unit: str, outlook: Outlook) -> float:
    return AP_WORTH * int(found.group(1))


def _gain_mana(found: re.Match[str], engine: Engine, unit: str, outlook: Outlook) -> float:
    return _mana_worth(engine, unit, int(found.group(1)))


def _heal(found: re.Match[str], engine: Engine, unit: str, outlook: Outlook) -> float:
    return float(min(int(found.group(1)), UnitState(engine, unit).wounds))


def _buff(found: re.Match[str], engine: Engine, unit: str, outlook: Outlook) -> float:
    """A buff replaces the one held (one buff slot, §Buffs): only worth it on a free slot."""
    if UnitState(engine, unit).buff is not None:
        return 0.0
    match found.group(1):
        case "regeneration":  # heals a wound at the clean-up
            return 0.8 if UnitState(engine, unit).wounds else 0.0
        case "enhancement":
            return BUFF_WORTH if outlook.attack_types else 0.0
        case "protection":
            return BUFF_WORTH if outlook.threatened else 0.0
        case "quickness":
            return BUFF_WORTH if outlook.moving else 0.0
    return 0.0


def _attack_bonus(found: re.Match[str], engine: Engine, unit: str, outlook: Outlook) -> float:
    kind = found.group(1)
    usable = (
        outlook.attack_types
        if kind is None
        else {t for t in outlook.attack_types if t.value == kind}
    )
    return BUFF_WORTH if usable else 0.0


def _free_move(found: re.Match[str], engine: Engine, unit: str, outlook: Outlook) -> float:
    return AP_WORTH if outlook.moving else 0.0


def _debuff_near(found: re.Match[str], engine: Engine, unit: str, outlook: Outlook) -> float:
    return DEBUFF_WORTH * len(_near(engine, unit, float(found.group(1)), enemies=True))


def _mana_near(found: re.Match[str], engine: Engine, unit: str, outlook: Outlook) -> float:
    allies = _near(engine, unit, float(found.group(1)), enemies=False)
    return sum(_mana_worth(engine, a, int(found.group(2))) for a in allies)


RULES: tuple[tuple[re.Pattern[str], Rule], ...] = (
    (re.compile(r"gain (\d+) ap"), _gain_ap),
    (re.compile(r"gain (\d+) mana"), _gain_mana),
    (re.compile(r"remove (\d+) wounds? from self"), _heal),
    (re.compile(r"give self (\w+)"), _buff),
    (re.compile(r"while attacking(?: with (\w+))?: (?:dice|free rerolls) \+1"), _attack_bonus),
    (re.compile(r"make a free move"), _free_move),
    (re.compile(r"for each enemy within (\d+) inches of self:\s*give it \w+"), _debuff_near),
    (re.compile(r"for each ally within (\d+) inches of self:\s*add (\d+) mana to it"), _mana_near),
)
"""The abilities the heuristic can value, by their effect text; a defence bonus (it lasts
only the activation, when few attacks come) and pushes are left at nothing."""


def ability_worth(engine: Engine, unit: str, card_id: str, outlook: Outlook) -> float:
    """The value of ``card_id``'s ability for ``unit`` now (0 for none or an unread one)."""
    try:
        card = library_of(engine).card(card_id, "fate")
    except HexforgeError:
        return 0.0
    if not isinstance(card, Fate) or card.ability is None:
        return 0.0
    return effect_worth(engine, unit, str(card.ability), outlook)


def effect_worth(engine: Engine, unit: str, text: str, outlook: Outlook) -> float:
    """The value of an effect text (a card's ability, a disposable item's) for ``unit``
    now, by :data:`RULES` (0 for one the heuristic cannot read)."""
    read = _read(text)
    return 0.0 if read is None else read[1](read[0], engine, unit, outlook)


@cache
def _read(text: str) -> tuple[re.Match[str], Rule] | None:
    """The rule that values an ability text and what it read there, once per text (the
    heuristic asks at every action while spare cards are in hand, issue 24)."""
    for pattern, rule in RULES:
        found = pattern.fullmatch(text.strip())
        if found is not None:
            return found, rule
    return None


def bonus_worth(engine: Engine, unit: str, card_id: str, bonus: str, outlook: Outlook) -> float:
    """The value of taking ``bonus`` of ``card_id`` for ``unit`` now (a side mission is the
    heuristic's own call: nothing here)."""
    match bonus:
        case Bonus.MANA:
            return _mana_worth(engine, unit)
        case Bonus.AP:
            return AP_WORTH
        case Bonus.ABILITY:
            return ability_worth(engine, unit, card_id, outlook)
    return 0.0
