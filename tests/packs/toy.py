"""A toy game plugin for the content-pack tests: card kinds unit, weapon and scenario.

The real motu and nshex kinds come with their games; these models exercise every field
shape the validator has to handle (nested models, lists of references, effect texts,
number ranges, a mapping of lists).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from hexforge.core.games import GameInfo
from hexforge.core.packs.catalogue import CardKind, Catalogue, build_catalogue
from hexforge.core.packs.models import Card, CardRef, Effect, card_ref
from hexforge.core.vocabulary import EventType
from hexforge.core.vocabulary import Field as DslField
from hexforge.dsl.vocabulary import Vocabulary
from hexforge.plugins.markers import hookimpl

FIXTURES = Path(__file__).parent / "fixtures"
GAME_FILE = FIXTURES / "toy" / "game.yaml"


class Stats(BaseModel):
    """A unit's numbers."""

    model_config = ConfigDict(extra="forbid", frozen=True, use_attribute_docstrings=True)

    health: int = Field(ge=1, le=10)
    """Wounds the unit can take."""
    speed: int = Field(ge=0, le=12)
    """Hexes the unit moves."""
    strength: int = Field(default=1, ge=0, le=10)
    """Dice in melee."""


class Unit(Card):
    """A unit card."""

    kind: Literal["unit"]
    stats: Stats
    """The unit's stats."""
    weapons: list[Annotated[str, card_ref("weapon")]] = Field(default_factory=list)
    """Weapons the unit starts with."""
    effects: list[Effect] = Field(default_factory=list)
    """The unit's skills as effect texts."""
    rival: CardRef | None = None
    """A card of any kind the unit is drawn to."""


class Weapon(Card):
    """A weapon card."""

    kind: Literal["weapon"]
    range: int = Field(ge=1, le=16)
    """Range in hexes."""
    dice: int = Field(default=0, ge=-2, le=2)
    """Dice modifier."""
    effects: list[Effect] = Field(default_factory=list)
    """What the weapon does."""


class Scenario(Card):
    """A scenario: the forces of each side."""

    kind: Literal["scenario"]
    forces: dict[str, list[Annotated[str, card_ref("unit")]]]
    """Per side, the units it fields."""
    weapons: list[Annotated[str, card_ref("weapon")]] = Field(default_factory=list)
    """Weapons handed out at the start."""


KINDS = [CardKind("toy", "unit", Unit), CardKind("toy", "weapon", Weapon)]
KINDS.append(CardKind("toy", "scenario", Scenario))


class ToyPlugin:
    """The toy game as a plugin object (registered by tests with make_cli / load_plugins)."""

    @hookimpl
    def hexforge_games(self) -> list[GameInfo]:
        return [GameInfo("toy", "Toy", "the content-pack test game")]

    @hookimpl
    def hexforge_game_declarations(self) -> list[Path]:
        return [GAME_FILE]

    @hookimpl
    def hexforge_card_kinds(self) -> list[CardKind]:
        return list(KINDS)

    @hookimpl
    def hexforge_dsl_vocabulary(self, game: str, vocabulary: Vocabulary) -> None:
        if game == "toy":
            declare_words(vocabulary)


def _nothing(*args: object) -> None:
    """Implementations are never run by the validator: it only checks effect texts."""


def declare_words(v: Vocabulary) -> None:
    """The few effect words the fixtures use."""
    v.kind("unit")
    v.event(EventType("activated", (DslField("unit", "unit"),)))
    v.trigger("upon", "activation", "activated", subject="unit")
    v.verb("gain {n:int} mana", _nothing)
    v.condition("attacking", lambda ctx: False)
    v.stat("dice")
    v.permission("be pushed", "push")


def toy_words() -> Vocabulary:
    vocabulary = Vocabulary()
    declare_words(vocabulary)
    return vocabulary


def toy_catalogue(packs: list[Path] | None = None) -> Catalogue:
    """The toy game alone, as the validator sees it, with the DSL tests' toy vocabulary."""
    return build_catalogue(["toy"], [GAME_FILE], KINDS, packs or [], lambda game: toy_words())
