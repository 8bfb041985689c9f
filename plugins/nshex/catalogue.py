"""The nshex tiles and armies of a set of plugins, and the ruleset that carries them into
a game (:class:`NshexRuleset`, read back with :func:`tiles_of`).

The tiles are read through the same pack compiler ``hexforge validate`` uses
(:mod:`hexforge.plugins.packs_of_game`): every nshex pack of the plugins - the shipped one,
expansions' packs, a ``--pack`` folder standing in for one of them - so a tile the
validator accepts is exactly what the game plays, and a pack it rejects is never played
(an installed expansion's is left out with its problems; the shipped pack, or a pack
given with ``--pack``, that fails is an error).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from hexforge.core.engine import Engine, Ruleset
from hexforge.core.errors import Diagnostic, HexforgeError
from hexforge.core.packs.models import Card
from hexforge.plugins.manager import PluginHost
from hexforge.plugins.nshex.codes import BAD_ARMY, UNKNOWN_TILE
from hexforge.plugins.nshex.tiles import ARMY_SIZE, Army, BoardTile, Instant
from hexforge.plugins.packs_of_game import packs_of_host

if TYPE_CHECKING:
    from hexforge.plugins.nshex.abilities import TileAbility
    from hexforge.plugins.nshex.instants import CompiledInstant

PACK = "nshex"


@dataclass(frozen=True, eq=False, slots=True)
class Tiles:
    """Every tile and army of a set of plugins' nshex packs, by id."""

    cards: dict[str, Card]
    problems: tuple[Diagnostic, ...] = ()
    """Why expansion packs were left out (and plugins whose words failed): the game is
    played without them, and commands show these."""

    def tile(self, card_id: str) -> BoardTile | Instant:
        card = self.cards.get(card_id)  # a game's tiles carry full ids
        if card is None:
            card = self.cards.get(qualified(card_id))
        if not isinstance(card, BoardTile | Instant):
            raise _unknown("tile", card_id, [k for k, c in self.cards.items() if _is_tile(c)])
        return card

    def army(self, army_id: str) -> Army:
        """The army ``army_id``: a full id, or the name :meth:`armies` lists (the shipped
        pack's army of that name, else the first expansion's)."""
        card = self.cards.get(qualified(army_id))
        if isinstance(card, Army):
            return card
        named = (c for c in self.cards.values() if isinstance(c, Army))
        found = next((c for c in named if c.id.split("/")[1] == army_id), None)
        if found is None:
            raise _unknown("army", army_id, self.armies())
        return found

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
    with it carries its tiles to every rule that needs one, and the compiled instants."""

    tiles: Tiles
    instants: dict[str, CompiledInstant] = field(default_factory=dict)
    """Instant card id -> its choices, condition and effect (``instants.py``)."""
    abilities: dict[str, TileAbility] = field(default_factory=dict)
    """The registered tile abilities by name (``abilities.py``)."""
    problems: tuple[Diagnostic, ...] = ()
    """Plugins whose abilities were left out (a failing ``hexforge_actions``), for commands
    to show with the tiles' problems."""


def tiles_of(engine: Engine) -> Tiles:
    """The tiles of the game ``engine`` plays (its ruleset's)."""
    return engine.rules_as(NshexRuleset).tiles


def load_tiles(host: PluginHost) -> Tiles:
    """Every nshex pack of ``host``'s plugins (``--plugins``, ``--no-plugins`` and
    ``--pack`` apply through the host), as ``hexforge validate`` builds them, with
    ``replaces:`` applied (:func:`~hexforge.plugins.packs_of_game.game_packs`): an
    installed expansion's pack that does not validate is left out, named in ``problems``;
    HexforgeError with every problem when the shipped pack (or a copy standing in for it)
    or a ``--pack`` folder does not."""
    found = packs_of_host(host, PACK)
    return Tiles(found.cards(), found.problems)
