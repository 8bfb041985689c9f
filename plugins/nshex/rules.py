"""The nshex ``Ruleset``: events with their perform steps, stat queries, tile effects.

Card effects are compiled from the content pack with the game's vocabulary and registered
under the card id; a net is a built-in effect (``NET``): a permission with
``Reach.ANY`` that forbids the held enemy to act (docs/engine.md, "Neuroshima Hex").
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import lru_cache

from hexforge.core.engine import Engine, Event
from hexforge.core.engine.diagnostics import did_you_mean
from hexforge.core.errors import Diagnostic, HexforgeError
from hexforge.core.packs.models import Card
from hexforge.core.rules import CompiledEffect, EffectContext, Permission, Reach, Source, Tier
from hexforge.dsl.api import compile_text
from hexforge.dsl.vocabulary import Vocabulary
from hexforge.plugins.hookcalls import each_item, report
from hexforge.plugins.manager import PluginHost, PluginSet
from hexforge.plugins.nshex import position as pos
from hexforge.plugins.nshex.abilities import TileAbility
from hexforge.plugins.nshex.board_words import NO_PLACEMENT, declare
from hexforge.plugins.nshex.catalogue import PACK as GAME
from hexforge.plugins.nshex.catalogue import NshexRuleset, load_tiles
from hexforge.plugins.nshex.codes import UNKNOWN_ABILITY
from hexforge.plugins.nshex.instants import compile_instant
from hexforge.plugins.nshex.state import NshexState, TileView
from hexforge.plugins.nshex.tiles import BoardTile, Instant
from hexforge.plugins.nshex.words import ACT, EVENTS, PLACE, STATS, TILE

TILE_TIER = Tier(2, "tile")
NET = "nshex:net"
_NET_SOURCE = Source(NET, TILE_TIER)
_NO_PLACEMENT_SOURCE = Source(NO_PLACEMENT, TILE_TIER)


def _hit(engine: Engine, event: Event) -> None:
    amount = event["amount"]
    assert isinstance(amount, int)
    TileView(engine, str(event["target"])).wounds += amount


def lift(engine: Engine, tile: str) -> None:
    """Take a tile off the board (it leaves play: its effects end)."""
    view = TileView(engine, tile)
    if view.coord is not None:
        NshexState(engine).lift(view.coord)
    view.coord = None
    view.wounds = 0
    view.doomed = False
    if view.in_play:
        engine.leave_play(tile)


def _killed(engine: Engine, event: Event) -> None:
    tile = str(event["tile"])
    lift(engine, tile)
    NshexState(engine).discards(TileView(engine, tile).owner).append(tile)


def _returned(engine: Engine, event: Event) -> None:
    tile = str(event["tile"])
    lift(engine, tile)
    NshexState(engine).pile(TileView(engine, tile).owner).insert(0, tile)


def _no_bonus(engine: Engine, subject: str | None, args: Mapping[str, object]) -> int:
    """Stats are bonuses to the printed icons: 0 until modules and abilities add some."""
    return 0


def _netted(ctx: EffectContext) -> bool:
    """The net's condition: the asked subject is held by the bearer's net."""
    subject = ctx.bindings["subject"]
    return ctx.bearer is not None and pos.nets(ctx.game, ctx.bearer, str(subject))


def _opponents_tile(ctx: EffectContext) -> bool:
    """The tile asked about belongs to the other player than the bearer's owner."""
    subject, bearer = ctx.bindings["subject"], ctx.bearer
    assert bearer is not None
    return TileView(ctx.game, str(subject)).owner != TileView(ctx.game, bearer).owner


def vocabulary() -> Vocabulary:
    words = Vocabulary()
    declare(words)
    return words


def nshex_rules(host: PluginHost) -> NshexRuleset:
    """The ruleset of ``host``'s plugins with every tile's effects, and the tiles of all
    their nshex packs (built once per set of plugins,
    :func:`~hexforge.plugins.nshex.catalogue.load_tiles`). Why packs were left out becomes
    one of the host's ``problems``, for the command to show."""
    rules = _ruleset(PluginSet.of(host))
    report([*rules.tiles.problems, *rules.problems], host.problems)
    return rules


def registered_abilities(host: PluginHost) -> tuple[dict[str, TileAbility], list[Diagnostic]]:
    """The tile abilities ``host``'s plugins register (``hexforge_actions`` for ``nshex``),
    by name, the first of a name winning; and the failures of plugins left out."""
    problems: list[Diagnostic] = []
    hook = host.manager.hook.hexforge_actions
    found: dict[str, TileAbility] = {}
    for item in each_item(hook, problems, kind=TileAbility, game=GAME):
        found.setdefault(item.result.name, item.result)
    return found, problems


def _check_abilities(cards: Iterable[Card], abilities: dict[str, TileAbility]) -> None:
    """HF806 for a tile naming an ability no plugin registers."""
    for card in cards:
        if not isinstance(card, BoardTile):
            continue
        for name in card.abilities:
            if name not in abilities:
                raise HexforgeError.single(
                    UNKNOWN_ABILITY,
                    f"{card.id} names the ability '{name}', which no plugin registers",
                    hint=did_you_mean(name, abilities) or "known: " + ", ".join(sorted(abilities)),
                )


@lru_cache(maxsize=8)
def _ruleset(plugins: PluginSet) -> NshexRuleset:
    tiles = load_tiles(plugins.host)
    abilities, problems = registered_abilities(plugins.host)
    _check_abilities(tiles.cards.values(), abilities)
    rules = NshexRuleset(
        entity_kinds={TILE}, tiles=tiles, abilities=abilities, problems=tuple(problems)
    )
    performs = {"hit": _hit, "killed": _killed, "returned": _returned}
    for event in EVENTS:
        rules.declare_event(event, perform=performs.get(event.name))
    for stat in STATS:
        rules.declare_query(stat, _no_bonus)
    rules.add_effect(
        NET,
        CompiledEffect(
            _NET_SOURCE,
            permissions=(
                Permission(
                    ACT,
                    False,
                    _NET_SOURCE,
                    condition=_netted,
                    reach=Reach.ANY,
                ),
            ),
        ),
    )
    rules.add_effect(
        NO_PLACEMENT,
        CompiledEffect(
            _NO_PLACEMENT_SOURCE,
            permissions=(
                Permission(
                    PLACE,
                    False,
                    _NO_PLACEMENT_SOURCE,
                    condition=_opponents_tile,
                    reach=Reach.ANY,
                ),
            ),
        ),
    )
    words = vocabulary()
    for card_id, card in tiles.cards.items():
        if isinstance(card, BoardTile) and card.effects:
            rules.add_effect(card_id, compile_card(card, words))
        elif isinstance(card, Instant):
            rules.instants[card_id] = compile_instant(card, words, Source(card_id, TILE_TIER))
    return rules


def compile_card(card: BoardTile, words: Vocabulary) -> CompiledEffect:
    """One compiled effect holding all of a tile's effect texts."""
    source = Source(card.id, TILE_TIER)
    parts = [compile_text(text, words, source) for text in card.effects]
    return CompiledEffect(
        source,
        hooks=tuple(h for p in parts for h in p.hooks),
        modifiers=tuple(m for p in parts for m in p.modifiers),
        permissions=tuple(q for p in parts for q in p.permissions),
    )
