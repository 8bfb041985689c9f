"""The tile kinds of Neuroshima Hex Duel as pydantic card models.

Icons are stored per tile side (0-5, clockwise from the tile's top; docs/nshex.md), never
per board direction: the rotation chosen at placement turns them (``board.facing``).
Rules the icons cannot say are effect texts (docs/dsl.md) or registered abilities;
an instant tile is its choices and its effect, in the effect language.
"""

from __future__ import annotations

from enum import StrEnum
from string import Formatter
from typing import Annotated, Literal

from pydantic import ConfigDict, Field, ValidationInfo, field_validator

from hexforge.core.packs.catalogue import CardKind
from hexforge.core.packs.fielddocs import Documented
from hexforge.core.packs.models import Card, Condition, Effect, Selection, Slug, card_ref

SideNumber = Annotated[int, Field(ge=0, le=5)]
Initiative = Annotated[int, Field(ge=0, le=5)]
ALL_SIDES = [0, 1, 2, 3, 4, 5]
ARMY_SIZE = 34
"""The tiles of an army besides its HQ; the army model checks its counts, so ``hexforge
validate`` reports another total (HF206 on ``tiles``)."""


class BoardTile(Card):
    """Fields every framed tile shares: icons per side and effect texts."""

    melee: dict[SideNumber, Annotated[int, Field(ge=1, le=3)]] = Field(default_factory=dict)
    """Melee strength per tile side: hits the adjacent enemy on that side."""
    ranged: dict[SideNumber, Annotated[int, Field(ge=1, le=2)]] = Field(default_factory=dict)
    """Ranged strength per side: hits the first enemy in that line, passing over friends."""
    gauss: dict[SideNumber, Annotated[int, Field(ge=1, le=2)]] = Field(default_factory=dict)
    """Gauss cannon strength per side: hits every enemy in that line."""
    armour: list[SideNumber] = Field(default_factory=list)
    """Sides with armour: a ranged hit through them is 1 weaker."""
    net: list[SideNumber] = Field(default_factory=list)
    """Sides with a net: the adjacent enemy there cannot act."""
    links: list[SideNumber] = Field(default_factory=list)
    """Sides through which this tile's effects reach (module icons)."""
    abilities: list[Slug] = Field(default_factory=list)
    """Registered tile abilities by name (``takeover``, ``transporter``; docs/nshex.md)."""
    effects: list[Effect] = Field(default_factory=list)
    """Other rules, in the effect language (docs/dsl.md, docs/nshex.md)."""


class Hq(BoardTile):
    """An army's headquarters: 20 toughness, initiative 0, melee 1 on every side."""

    kind: Literal["hq"]
    links: list[SideNumber] = Field(default_factory=lambda: list(ALL_SIDES))


class Soldier(BoardTile):
    """A soldier: attacks in battle at its initiative(s)."""

    kind: Literal["soldier"]
    initiative: Annotated[list[Initiative], Field(max_length=2)]
    """Up to two initiative values: the segments it acts in (none: it never attacks)."""
    toughness: Annotated[int, Field(ge=0, le=3)] = 0
    """Extra toughness icons: the number of wounds it survives."""
    mobility: bool = False
    """May move one hex and/or turn in its owner's turn."""


class Module(BoardTile):
    """A module: its effects reach connected friendly units through its link sides."""

    kind: Literal["module"]
    toughness: Annotated[int, Field(ge=0, le=3)] = 0
    """Extra toughness icons."""


class Ground(BoardTile):
    """A ground tile: occupies a hex, is not a unit (never hit, shots pass over it)."""

    kind: Literal["ground"]


class Choice(StrEnum):
    """A name an instant's choice binds; it is also the kind of the decision asked, which
    agents answer (``unit`` and ``target`` hold tiles, ``hex`` a hex, ``rotation`` 0-5)."""

    UNIT = "unit"
    TARGET = "target"
    HEX = "hex"
    ROTATION = "rotation"


ACCOUNT_NAMES = frozenset({"player", "tile", "opponent"})
"""Names an instant's ``account`` may use besides its choices."""


class Instant(Card):
    """A frameless tile: resolved when played, then discarded (docs/nshex.md, "Instant
    tiles"). The player picks each choice in order, from the options its selector lists
    that leave every later choice an option; then ``effect`` runs with the choices bound."""

    kind: Literal["instant"]
    choose: dict[Choice, Selection] = Field(default_factory=dict)
    """Name -> the selector its options come from, in the order they are asked."""
    when: Condition | None = None
    """When it may be played at all (besides its choices having options)."""
    effect: Effect
    """What it does: effect-language statements, the choices bound by name."""
    account: str = "{player} plays {tile}"
    """The game account's line, ``{player}``, ``{tile}``, ``{opponent}`` and the choices
    filled in."""

    @field_validator("account")
    @classmethod
    def _account_names(cls, account: str, info: ValidationInfo) -> str:
        choices: dict[Choice, str] = info.data.get("choose", {})
        allowed = ACCOUNT_NAMES | {str(c) for c in choices}
        try:
            used = {name for _, name, _, _ in Formatter().parse(account) if name}
        except ValueError as exc:
            raise ValueError(f"account is not a valid template: {exc}") from None
        unknown = sorted(used - allowed)
        if unknown:
            raise ValueError(
                f"account names {', '.join(unknown)}; it may use {', '.join(sorted(allowed))}"
            )
        return account


class ArmyEntry(Documented):
    """How many copies of one tile an army holds."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    tile: Annotated[str, card_ref("soldier", "module", "ground", "instant")]
    """The tile's id."""
    count: Annotated[int, Field(ge=1, le=34)]
    """How many copies."""


class Army(Card):
    """An army: its HQ and the 34 other tiles of its draw pile."""

    kind: Literal["army"]
    hq: Annotated[str, card_ref("hq")]
    """The army's HQ tile."""
    tiles: list[ArmyEntry]
    """The draw pile's tiles with their counts (34 in all)."""

    @field_validator("tiles")
    @classmethod
    def _holds_an_army(cls, tiles: list[ArmyEntry]) -> list[ArmyEntry]:
        total = sum(entry.count for entry in tiles)
        if total != ARMY_SIZE:
            raise ValueError(
                f"the army holds {total} tiles besides its HQ, not {ARMY_SIZE} (fix the counts)"
            )
        return tiles


Tile = Hq | Soldier | Module | Ground | Instant
CARD_KINDS = [
    # Polish names as the Duel rulebook words them (Sztab, Żołnierze, Moduły, Żetony
    # Natychmiastowe, armia); it has no word for ground tiles, nor German or French text
    CardKind("nshex", "hq", Hq, {"pl": "sztab"}),
    CardKind("nshex", "soldier", Soldier, {"pl": "żołnierz"}),
    CardKind("nshex", "module", Module, {"pl": "moduł"}),
    CardKind("nshex", "ground", Ground),
    CardKind("nshex", "instant", Instant, {"pl": "żeton natychmiastowy"}),
    CardKind("nshex", "army", Army, {"pl": "armia"}),
]
