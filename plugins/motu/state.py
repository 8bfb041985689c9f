"""A typed view of a motu game over the engine's state.

The engine keeps a game as plain JSON - ``state.data`` for the game, entity props for each
character and mark - so that a snapshot restores it exactly. This module is the one place
that knows those keys and their types: :class:`MotuState` (round, phase, objectives,
result...), :class:`PlayerState` (hand, piles, VP, claimed objectives) and
:class:`UnitState` (a character's props; a mark has ``card``, ``hex`` and ``level``).

The views keep no copy: every read goes to the state and every write into it (props
through :meth:`Engine.set_prop`, as the procedures always wrote them), so a view is made
where it is needed and dropped, and a snapshot or a restore never sees one. Containers the
procedures change in place (piles, hand parts, the activation memory) are the state's own
lists and dicts, created on first access as they always were; numbers are read without
creating anything. The hottest reads (:func:`hex_of`, :func:`level_of`, :func:`facing_of`,
:func:`is_knocked_out`, tens of thousands per game, and :func:`is_focused`, read for every
action listed) are functions that make no view. The map, ``state.data["map"]``, is
:mod:`~hexforge.plugins.motu.board`'s.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from enum import StrEnum
from typing import Generic, Literal, Self, TypeVar, cast, overload

from hexforge.core.engine import Engine, Json
from hexforge.core.hexgrid import Direction, Hex, format_coord, parse_coord

Slot = Literal["buff", "debuff"]
"""A character's token slots (rulebook §Buffs and Debuffs): one of each."""
SLOTS: tuple[Slot, Slot] = ("buff", "debuff")
HAND_PARTS = ("fate", "glory")
"""The parts of a player's hand, by card kind: fate cards first."""
T = TypeVar("T")


class Phase(StrEnum):
    """The phase a game is in (rulebook §Playing the Game); ``setup`` before round 1."""

    SETUP = "setup"
    PREPARATION = "preparation"
    ACTIVATION = "activation"
    CLEAN_UP = "clean-up"


def as_int(value: object) -> int:
    """A JSON number from the state, 0 when absent (state values are untyped JSON)."""
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def as_texts(value: object) -> list[str]:
    """A JSON list of texts from the state, empty when absent."""
    return [str(item) for item in value] if isinstance(value, list) else []


# ---- the hot reads: no view object -------------------------------------------------------


def hex_of(engine: Engine, entity: str) -> Hex:
    """Where a character or a mark stands."""
    return parse_coord(str(engine.entity(entity).props.get("hex")))


def level_of(engine: Engine, entity: str) -> int:
    """Its elevation level (0: the ground)."""
    return as_int(engine.entity(entity).props.get("level", 0))


def facing_of(engine: Engine, unit: str) -> Direction:
    """The edge of its hex the model faces."""
    return Direction[str(engine.entity(unit).props.get("facing", "N"))]


def base_of(engine: Engine, unit: str) -> int:
    """How many hexes its base covers (rulebook §Massive Models): 1 unless massive."""
    return as_int(engine.entity(unit).props.get("base", 1))


def is_knocked_out(engine: Engine, unit: str) -> bool:
    return bool(engine.entity(unit).props.get("knocked_out", False))


def is_focused(engine: Engine, unit: str) -> bool:
    """Whether it holds a focus token (read for every action listed)."""
    return bool(engine.entity(unit).props.get("focus"))


# ---- a character ---------------------------------------------------------------------------


def character_props(
    card: str,
    at: Hex,
    level: int,
    facing: Direction,
    stats: Mapping[str, int],
    *,
    cost: int,
    weapons: Sequence[str],
    items: Sequence[str],
    base: int = 1,
) -> dict[str, Json]:
    """The props of a character coming onto the battleground: its place, its card's stats
    (the bases of the stat queries), cost and equipment, and no wound, mana or token yet.
    The order is part of the snapshot. A massive model's ``base`` (hexes covered) is kept
    too, its ``hex`` being the facing hex; an ordinary model has no ``base`` prop, so the
    snapshots of games without massive models are unchanged."""
    return {
        "card": card,
        "hex": format_coord(at),
        "level": level,
        "facing": facing.name,
        **({"base": base} if base > 1 else {}),
        **stats,
        "cost": cost,
        "weapons": list[Json](weapons),
        "items": list[Json](items),
        "used_items": [],
        "wounds": 0,
        "mana": 0,
        "focus": False,
        "overwatch": False,
        "buff": None,
        "debuff": None,
        "knocked_out": False,
        "played": [],
        "activated": False,
    }


def mark_props(card: str, at: Hex) -> dict[str, Json]:
    """The props of a mark token: its card and hex (marks lie on the ground)."""
    return {"card": card, "hex": format_coord(at), "level": 0}


class _Fixed(Generic[T]):
    """A prop of :class:`UnitState` set when the character is created, read typed."""

    __slots__ = ("_default", "_name", "_read")

    def __init__(self, read: Callable[[Json], T], default: Json = None) -> None:
        self._read = read
        self._default = default
        self._name = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self._name = name

    @overload
    def __get__(self, unit: None, owner: type) -> Self: ...
    @overload
    def __get__(self, unit: UnitState, owner: type) -> T: ...
    def __get__(self, unit: UnitState | None, owner: type) -> T | Self:
        if unit is None:
            return self
        return self._read(unit._props.get(self._name, self._default))


class _Prop(_Fixed[T]):
    """A prop of :class:`UnitState` the rules change: written as JSON with
    :meth:`Engine.set_prop`, the write the procedures always made."""

    __slots__ = ("_write",)

    def __init__(
        self, read: Callable[[Json], T], write: Callable[[T], Json], default: Json = None
    ) -> None:
        super().__init__(read, default)
        self._write = write

    def __set__(self, unit: UnitState, value: T) -> None:
        unit._engine.set_prop(unit.id, self._name, self._write(value))


def _same(value: Json) -> Json:
    return value


def _texts(value: list[str]) -> Json:
    return list[Json](value)


def _card(value: Json) -> str | None:
    return None if value is None else str(value)


def _hex(value: Json) -> Hex:
    return parse_coord(str(value))


def _direction(value: Json) -> Direction:
    return Direction[str(value)]


def _direction_name(value: Direction) -> Json:
    return value.name


class UnitState:
    """A character's props as typed attributes (``unit.wounds += 1``), each declared once
    with its JSON conversion; writes go through :meth:`Engine.set_prop`. Cheap to make:
    one entity lookup."""

    __slots__ = ("_engine", "_props", "id")

    def __init__(self, engine: Engine, unit: str) -> None:
        self._engine = engine
        self._props = engine.entity(unit).props
        self.id = unit

    card = _Fixed(str)
    cost = _Fixed(as_int)
    weapons = _Fixed(as_texts)
    items = _Fixed(as_texts)
    hex = _Prop(_hex, format_coord)
    level = _Prop(as_int, _same, 0)
    facing = _Prop(_direction, _direction_name, "N")
    """The edge of its hex the model faces (a massive model: of its facing hex)."""
    base = _Fixed(as_int, 1)
    """The hexes its base covers (rulebook §Massive Models): 1 unless massive."""
    wounds = _Prop(as_int, _same)
    mana = _Prop(as_int, _same)
    focus = _Prop(bool, _same)
    """Whether it holds a focus token."""
    overwatch = _Prop(bool, _same)
    """Whether it holds an overwatch token."""
    buff = _Prop(_card, _same)
    debuff = _Prop(_card, _same)
    knocked_out = _Prop(bool, _same, False)
    used_items = _Prop(as_texts, _texts)
    """Disposable items used (face down; they still count for points)."""
    played = _Prop(as_texts, _texts)
    """Cards on its card this round: it is not ready (rulebook §Activate Character)."""
    activated = _Prop(bool, _same)
    """Whether it activated this round (it gains no mana at clean-up)."""

    def token(self, slot: Slot) -> str | None:
        """The buff or debuff card it holds in ``slot``."""
        return _card(self._props.get(slot))

    def set_token(self, slot: Slot, card_id: str | None) -> None:
        self._engine.set_prop(self.id, slot, card_id)


# ---- a player ----------------------------------------------------------------------------


class PlayerState:
    """A player's hand, piles, VP and claimed objective tokens. The hand parts and piles
    are the state's own lists: appending to one changes the game."""

    __slots__ = ("_data", "name")

    def __init__(self, engine: Engine, player: str) -> None:
        self._data = engine.state.data
        self.name = player

    # The casts of this module name their types as text: a subscripted type would be
    # built at each call, and the hand is read for every action listed.
    def _group(self, key: str) -> dict[str, Json]:
        return cast("dict[str, Json]", self._data.setdefault(key, {}))

    def _hand(self) -> dict[str, list[str]]:
        hand = self._group("hands").setdefault(self.name, {"fate": [], "glory": []})
        return cast("dict[str, list[str]]", hand)

    def _pile(self, key: str) -> list[str]:
        return cast("list[str]", self._group(key).setdefault(self.name, []))

    def pile(self, name: str) -> list[str]:
        """A hand part (``fate``, ``glory``) or a pile (``deck``, ``discard``,
        ``completed``) by name."""
        return self._hand()[name] if name in HAND_PARTS else self._pile(name)

    @property
    def fate(self) -> list[str]:
        """Fate cards in hand."""
        return self._hand()["fate"]

    @property
    def glory(self) -> list[str]:
        """Glory cards in hand."""
        return self._hand()["glory"]

    @property
    def hand(self) -> list[str]:
        """Every card in hand, fate cards first (a new list)."""
        hand = self._hand()
        return [*hand["fate"], *hand["glory"]]

    @property
    def deck(self) -> list[str]:
        """The fate deck, top card first."""
        return self._pile("deck")

    @property
    def discard(self) -> list[str]:
        return self._pile("discard")

    @property
    def completed(self) -> list[str]:
        """Glory cards whose side mission was met: face up, never discarded."""
        return self._pile("completed")

    def _number(self, key: str) -> int:
        found = self._data.get(key)
        return as_int(found.get(self.name)) if isinstance(found, dict) else 0

    @property
    def vp(self) -> int:
        return self._number("vp")

    @vp.setter
    def vp(self, value: int) -> None:
        self._group("vp")[self.name] = value

    @property
    def claimed(self) -> int:
        """Objective tokens claimed (worth 20 VP each at the end, rulebook §Scoring)."""
        return self._number("claimed")

    @claimed.setter
    def claimed(self, value: int) -> None:
        self._group("claimed")[self.name] = value


# ---- the game ------------------------------------------------------------------------------


class MotuState:
    """The game's own data as typed attributes; ``player(name)`` and ``unit(id)`` are the
    views of one player and one character."""

    __slots__ = ("_data", "_engine")

    def __init__(self, engine: Engine) -> None:
        self._engine = engine
        self._data = engine.state.data

    @classmethod
    def start(cls, engine: Engine, objectives: list[str]) -> MotuState:
        """Write a new game into ``engine``'s state: round 0, no VP, the map's objective
        tokens (the piles and hands come with the first card dealt)."""
        players = engine.players
        engine.state.data.update(
            {
                "round": 0,
                "phase": Phase.SETUP.value,
                "vp": {p: 0 for p in players},
                "objectives": list[Json](objectives),
                "claimed": {p: 0 for p in players},
                "last_activated": {},
                "result": None,
            }
        )
        return cls(engine)

    @classmethod
    def resume(
        cls,
        engine: Engine,
        *,
        round: int,
        phase: Phase,
        vp: Mapping[str, int],
        first_player: str,
        claimed: Mapping[str, int],
        objectives: list[str],
    ) -> MotuState:
        """Write a game under way into ``engine``'s state (a scenario's position): its
        round and phase, VP and claimed objective tokens so far, the first player and the
        objective tokens on the map, no result."""
        engine.state.data.update(
            {
                "round": round,
                "phase": phase.value,
                "vp": dict[str, Json](vp),
                "first_player": first_player,
                "claimed": dict[str, Json](claimed),
                "objectives": list[Json](objectives),
                "result": None,
            }
        )
        return cls(engine)

    def player(self, name: str) -> PlayerState:
        return PlayerState(self._engine, name)

    def unit(self, unit: str) -> UnitState:
        return UnitState(self._engine, unit)

    @property
    def round(self) -> int:
        """The round being played, 1 to 4 (0 before the first)."""
        return as_int(self._data.get("round"))

    @round.setter
    def round(self, value: int) -> None:
        self._data["round"] = value

    @property
    def phase(self) -> Phase:
        return Phase(str(self._data.get("phase", Phase.SETUP.value)))

    @phase.setter
    def phase(self, value: Phase) -> None:
        self._data["phase"] = value.value

    @property
    def first_player(self) -> str:
        """Who won the roll-off's choice: first in turn order, wins initiative ties."""
        return str(self._data["first_player"])

    @first_player.setter
    def first_player(self, player: str) -> None:
        self._data["first_player"] = player

    @property
    def objectives(self) -> list[str]:
        """Objective tokens still on the battleground (the state's list: claiming one
        removes it)."""
        found = self._data.get("objectives")
        return cast("list[str]", found) if isinstance(found, list) else []

    @property
    def vp(self) -> dict[str, int]:
        """VP per player, in the state's order (a new dict)."""
        found = self._data.get("vp")
        return {p: as_int(v) for p, v in found.items()} if isinstance(found, dict) else {}

    @property
    def last_activated(self) -> dict[str, str]:
        """Who each player activated last in the previous round (§Double Activation)."""
        return cast("dict[str, str]", self._data.setdefault("last_activated", {}))

    @property
    def round_last(self) -> dict[str, str]:
        """Who each player activated last so far in this round."""
        return cast("dict[str, str]", self._data.setdefault("round_last", {}))

    @property
    def result(self) -> dict[str, Json] | None:
        """``{"winner": player or None, "reason": ...}`` once the game is over."""
        found = self._data.get("result")
        return found if isinstance(found, dict) else None

    def set_result(self, winner: str | None, reason: str) -> None:
        self._data["result"] = {"winner": winner, "reason": reason}
