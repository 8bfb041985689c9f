"""The nshex tiles and armies, read from the content pack, and the ruleset that carries
them into a game (:class:`NshexRuleset`, read back with :func:`tiles_of`).

``hexforge validate`` checks the same files through the generic pack pipeline; a game only
needs the validated models, so this reads them directly.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

from pydantic import Field, TypeAdapter
from ruamel.yaml import YAML

from hexforge.core.engine import Engine, Ruleset
from hexforge.core.errors import HexforgeError
from hexforge.core.packs.models import Card
from hexforge.plugins.nshex.codes import BAD_ARMY, UNKNOWN_TILE
from hexforge.plugins.nshex.tiles import Army, BoardTile, Ground, Hq, Instant, Module, Soldier

PACK = "nshex"
ARMY_SIZE = 34
_CARD = TypeAdapter[Any](
    Annotated[Hq | Soldier | Module | Ground | Instant | Army, Field(discriminator="kind")]
)


@dataclass(frozen=True, eq=False, slots=True)
class Tiles:
    """Every tile and army of the installed content, by id."""

    cards: dict[str, Card]

    def tile(self, card_id: str) -> BoardTile | Instant:
        card = self.cards.get(qualified(card_id))
        if not isinstance(card, BoardTile | Instant):
            raise _unknown("tile", card_id, [k for k, c in self.cards.items() if _is_tile(c)])
        return card

    def army(self, army_id: str) -> Army:
        card = self.cards.get(qualified(army_id))
        if not isinstance(card, Army):
            raise _unknown("army", army_id, self.armies())
        return card

    def armies(self) -> list[str]:
        return [k.split("/")[1] for k, c in self.cards.items() if isinstance(c, Army)]

    def pile(self, army_id: str) -> tuple[str, list[str]]:
        """The army's HQ id and its 34 other tiles (ids, in composition order)."""
        army = self.army(army_id)
        pile = [qualified(e.tile) for e in army.tiles for _ in range(e.count)]
        if len(pile) != ARMY_SIZE:
            raise HexforgeError.single(
                BAD_ARMY,
                f"army {army.id} has {len(pile)} tiles besides its HQ",
                hint=f"an army holds exactly {ARMY_SIZE} tiles plus the HQ",
            )
        return qualified(army.hq), pile


def qualified(card_id: str) -> str:
    """``smart-hq`` -> ``nshex/smart-hq``; ids with a pack stay as written."""
    return card_id if "/" in card_id else f"{PACK}/{card_id}"


def _is_tile(card: Card) -> bool:
    return isinstance(card, BoardTile | Instant)


def _unknown(what: str, card_id: str, known: list[str]) -> HexforgeError:
    return HexforgeError.single(
        UNKNOWN_TILE,
        f"unknown nshex {what} '{card_id}'",
        hint="known: " + ", ".join(sorted(known)),
    )


@dataclass(slots=True, kw_only=True)
class NshexRuleset(Ruleset):
    """The nshex ruleset with the tiles its effects were compiled from: an engine made
    with it carries its tiles to every rule that needs one."""

    tiles: Tiles


def tiles_of(engine: Engine) -> Tiles:
    """The tiles of the game ``engine`` plays (its ruleset's)."""
    return engine.rules_as(NshexRuleset).tiles


def load(folder: Path) -> Tiles:
    """Read every card file under ``folder`` (already checked by ``hexforge validate``)."""
    yaml = YAML(typ="safe")
    cards: dict[str, Card] = {}
    for path in sorted(folder.rglob("*.yaml")):
        data = yaml.load(path.read_text(encoding="utf-8"))
        for item in data if isinstance(data, list) else [data]:
            card = _CARD.validate_python(item)
            cards[card.id] = card
    return Tiles(cards)
