"""The ``setup:`` section of a motu scenario: its model and the position it builds.

``setup:`` takes a map (a shipped map's name or an inline map), the characters with their
card, side, hex (a massive model's facing hex: its base lies behind, turned with its
facing), facing, equipment and tokens, the marks on the board, the VP so far, and
the character acting now (an activation, or an interruption of an enemy). A problem the
model cannot see (an unknown card, a position off the map) is placed in the file.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Annotated, Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field

from hexforge.core.engine import Agent, Engine
from hexforge.core.engine.diagnostics import did_you_mean
from hexforge.core.errors import HexforgeError
from hexforge.core.hexgrid import Direction, format_coord
from hexforge.core.packs.models import card_ref
from hexforge.core.scenarios import OUT_OF_RANGE, WRONG_VALUE, Coordinate, SetupSource, hex_of
from hexforge.plugins.manager import PluginHost
from hexforge.plugins.motu import codes
from hexforge.plugins.motu.acting import open_activation, open_interruption
from hexforge.plugins.motu.battlefield import map_from_document, named_map
from hexforge.plugins.motu.board import board_map, occupancy, use_map
from hexforge.plugins.motu.cards import Character, Faction
from hexforge.plugins.motu.hands import card_id, pile
from hexforge.plugins.motu.library import library_of, motu_rules
from hexforge.plugins.motu.massive import check_base
from hexforge.plugins.motu.parameters import parameters_of
from hexforge.plugins.motu.setups import GLORY_CARDS
from hexforge.plugins.motu.state import MotuState, Phase, UnitState
from hexforge.plugins.motu.tokens import give_token, place_mark
from hexforge.plugins.motu.units import create_character

PLAYERS = [Faction.MASTERS.value, Faction.EVIL.value]
T = TypeVar("T")


class _Setup(BaseModel):
    model_config = ConfigDict(extra="forbid")


class UnitSetup(_Setup):
    """One character of ``setup.units``."""

    id: str = Field(min_length=1)
    card: Annotated[str, card_ref("character")] = Field(
        description="its character card: 'motu/he-man' or 'he-man'"
    )
    side: Literal["masters", "evil"] | None = Field(None, description="default: its faction")
    at: Coordinate = Field(description="its hex; a massive model's facing hex")
    level: int = Field(0, ge=0, description="1 on a platform")
    facing: Literal["N", "NE", "SE", "S", "SW", "NW"] = "N"
    weapons: list[Annotated[str, card_ref("weapon")]] | None = Field(
        None, description="default: the card's weapons"
    )
    items: list[Annotated[str, card_ref("item")]] | None = Field(
        None, description="default: the card's items"
    )
    wounds: int = Field(0, ge=0)
    mana: int = Field(0, ge=0, le=5)
    focus: bool = False
    overwatch: bool = False
    buff: str | None = None
    debuff: str | None = None


class MarkSetup(_Setup):
    """A mark already on the battleground."""

    card: str = Field(description="its mark: 'motu/serpent-mark', or as effect text names it")
    side: Literal["masters", "evil"]
    at: Coordinate


class ActiveSetup(_Setup):
    """The character acting now: activating, or interrupting the enemy ``interrupts``."""

    unit: str
    ap: int = Field(2, ge=0)
    interrupts: str | None = None
    opportunity: bool = Field(False, description="an attack of opportunity (scope +1)")


class MotuSetup(_Setup):
    """The ``setup:`` section of a motu scenario."""

    map: str | dict[str, Any] = Field(description="a shipped map's name, or a map inline")
    units: list[UnitSetup] = Field(default_factory=list)
    marks: list[MarkSetup] = Field(default_factory=list)
    round: int = Field(1, ge=1, le=4)
    phase: Literal["preparation", "activation", "clean-up"] = "activation"
    vp: dict[str, int] = Field(default_factory=dict)
    active: ActiveSetup | None = None
    hands: dict[Literal["masters", "evil"], list[Annotated[str, card_ref("fate", "glory")]]] = (
        Field(default_factory=dict, description="fate and glory cards in each player's hand")
    )
    decks: dict[Literal["masters", "evil"], list[Annotated[str, card_ref("fate")]]] = Field(
        default_factory=dict, description="each player's fate deck, top card first"
    )
    last_activated: dict[Literal["masters", "evil"], str] = Field(
        default_factory=dict,
        description="the unit each player activated last in the previous round",
    )
    first_player: Literal["masters", "evil"] = "masters"
    claimed: dict[str, int] = Field(default_factory=dict, description="objectives claimed")


def build_game(
    host: PluginHost, setup: MotuSetup, where: SetupSource, seed: int, agent: Agent
) -> Engine:
    """The position of ``setup``, in a game with ``host``'s cards, every player answered
    by ``agent``."""
    engine = Engine.new(motu_rules(host), seed, PLAYERS, {p: agent for p in PLAYERS})
    if isinstance(setup.map, str):
        _guard(where, ("map",), lambda: named_map(str(setup.map)))
        use_map(engine, name=setup.map)
    else:
        map_from_document(where.document, (*where.path, "map"))  # every problem, placed
        use_map(engine, data=setup.map)
    MotuState.resume(
        engine,
        round=setup.round,
        phase=Phase(setup.phase),
        vp=setup.vp,
        first_player=setup.first_player,
        claimed=setup.claimed,
        objectives=[format_coord(h) for h in board_map(engine).objectives],
    )
    for player, cards in setup.hands.items():
        for index, name in enumerate(cards):
            path = ("hands", player, index)
            found = _guard(
                where, path, partial(library_of(engine).card, card_id(name), "fate", "glory")
            )
            _own_card(where, path, player, found.id, found.tags)
            held = pile(engine, found.kind, player)
            held.append(found.id)
            _hand_size(engine, where, path, player, found.kind, len(held))
    for player, cards in setup.decks.items():
        for index, name in enumerate(cards):
            path = ("decks", player, index)
            found = _guard(where, path, partial(library_of(engine).card, card_id(name), "fate"))
            _own_card(where, path, player, found.id, found.tags)
            pile(engine, "deck", player).append(found.id)
    for index, unit in enumerate(setup.units):
        _unit(engine, unit, index, where)
    _guard(where, ("units",), lambda: occupancy(engine))
    for index, mark in enumerate(setup.marks):
        owner = next(
            (u.id for u in setup.units if (u.side or _faction(engine, u)) == mark.side), None
        )
        if owner is None:
            raise where.error(
                WRONG_VALUE, f"no {mark.side} character to own the mark", ("marks", index)
            )
        _guard(
            where,
            ("marks", index, "card"),
            partial(place_mark, engine, owner, mark.card, hex_of(mark.at)),
        )
    for player, name in setup.last_activated.items():
        if name not in engine.state.entities:
            raise where.error(
                WRONG_VALUE,
                f"no unit '{name}'",
                ("last_activated", player),
                hint=did_you_mean(name, engine.state.entities),
            )
        MotuState(engine).last_activated[player] = name
    engine.open("round")
    if setup.active is not None:
        _active(engine, setup.active, where)
    return engine


def _own_card(
    where: SetupSource, path: tuple[str | int, ...], player: str, card: str, tags: list[str]
) -> None:
    """HF773 for a card of the other faction's deck (its tags name only the other side):
    a player holds and draws only its own (rulebook §First Game Setup)."""
    other = next(p for p in PLAYERS if p != player)
    if other in tags and player not in tags:
        raise where.error(
            codes.IMPOSSIBLE_HAND,
            f"{card} is a card of the {other} force: {player} cannot hold or draw it",
            path,
            hint=f"give {player} its own cards (their tags include '{player}')",
        )


def _hand_size(
    engine: Engine, where: SetupSource, path: tuple[str | int, ...], player: str, kind: str, n: int
) -> None:
    """HF773 for more fate cards than a player draws up to (the parameter ``hand``, five)
    or more glory cards than it is dealt (two): rulebook §Preparation Phase."""
    most = parameters_of(engine).hand if kind == "fate" else GLORY_CARDS
    if n > most:
        raise where.error(
            codes.IMPOSSIBLE_HAND,
            f"{player} holds {n} {kind} cards; a hand holds at most {most}",
            path,
            hint=f"at most {most} {kind} cards in a hand (rulebook §Preparation Phase)",
        )


def _faction(engine: Engine, unit: UnitSetup) -> str:
    card = library_of(engine).card(card_id(unit.card), "character")
    assert isinstance(card, Character)
    return card.faction.value


def _guard(where: SetupSource, path: tuple[str | int, ...], call: Callable[[], T]) -> T:
    """``call()``, with an error it raises placed at ``path`` of the section."""
    try:
        return call()
    except HexforgeError as error:
        first = error.diagnostics[0]
        raise where.error(error.code, first.message, path, hint=first.hint) from None


def _unit(engine: Engine, unit: UnitSetup, index: int, where: SetupSource) -> None:
    at = ("units", index)
    if unit.id in engine.state.entities:
        raise where.error(WRONG_VALUE, f"two units are called '{unit.id}'", (*at, "id"))
    side: str = unit.side or _guard(where, (*at, "card"), lambda: _faction(engine, unit))
    for kind, listed in (("weapon", unit.weapons), ("item", unit.items)):
        for position, name in enumerate(listed or ()):  # an unknown id is shown where it is
            found = partial(library_of(engine).card, card_id(name), kind)
            _guard(where, (*at, f"{kind}s", position), found)
    _guard(
        where,
        (*at, "card"),
        lambda: create_character(
            engine,
            unit.id,
            card_id(unit.card),
            side,
            hex_of(unit.at),
            Direction[unit.facing],
            level=unit.level,
            weapons=None if unit.weapons is None else [card_id(w) for w in unit.weapons],
            items=None if unit.items is None else [card_id(i) for i in unit.items],
        ),
    )
    if UnitState(engine, unit.id).base > 1:
        _guard(where, (*at, "at"), partial(check_base, engine, unit.id))
    health = engine.query("health", unit.id)
    if unit.wounds >= health:  # rulebook §Health and Wounds: at its health it is knocked out
        raise where.error(
            OUT_OF_RANGE,
            f"'{unit.id}' has {health} health: {unit.wounds} wounds would knock it out before "
            "the scenario starts",
            (*at, "wounds"),
            hint=f"give it 0 to {health - 1} wounds; a knocked-out character is not on the "
            "battleground",
        )
    character = UnitState(engine, unit.id)
    character.wounds = unit.wounds
    character.mana = unit.mana
    character.focus = unit.focus
    character.overwatch = unit.overwatch
    for slot in ("buff", "debuff"):
        token = getattr(unit, slot)
        if token is not None:
            _guard(where, (*at, slot), partial(library_of(engine).token, token, slot))
            give_token(engine, unit.id, token)


def _active(engine: Engine, active: ActiveSetup, where: SetupSource) -> None:
    for name, path in (
        (active.unit, ("active", "unit")),
        (active.interrupts, ("active", "interrupts")),
    ):
        if name is not None and name not in engine.state.entities:
            raise where.error(
                WRONG_VALUE,
                f"no unit '{name}'",
                path,
                hint=did_you_mean(name, engine.state.entities),
            )
    if active.interrupts is None:
        open_activation(engine, active.unit, active.ap)
        return
    open_activation(engine, active.interrupts, 0)
    open_interruption(
        engine, active.unit, active.interrupts, opportunity=active.opportunity, ap=active.ap
    )
