"""Instant tiles as data: their choices, when they may be played, what they do.

An instant (docs/nshex.md, "Instant tiles") is compiled once per ruleset from its card:
each choice a selector of the effect language, ``when`` a condition, ``effect`` statements.
Playing one asks the choices in order - each lists only the options that leave every later
choice an option, so a tile is offered only when it can be played through - writes the
account line, runs the effect with the choices bound, and removes what it killed. No
instant has code of its own: a new one is YAML with the words of ``board_words`` (or an
expansion's words).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from hexforge.core.engine import Engine, Json
from hexforge.core.errors import HexforgeError
from hexforge.core.rules import Action as Statements
from hexforge.core.rules import EffectContext, Source
from hexforge.dsl.api import Condition as CompiledCondition
from hexforge.dsl.api import compile_condition, compile_text
from hexforge.dsl.selections import Selection, compile_selection
from hexforge.dsl.vocabulary import Vocabulary
from hexforge.plugins.nshex.battle import remove_dead
from hexforge.plugins.nshex.board_words import CHOICES, ROTATION
from hexforge.plugins.nshex.codes import BAD_INSTANT
from hexforge.plugins.nshex.moves import opponent
from hexforge.plugins.nshex.state import NshexState, TileView
from hexforge.plugins.nshex.tiles import Instant


@dataclass(frozen=True, slots=True)
class Pick:
    """One choice of an instant: the name it binds and what lists its options."""

    name: str
    options: Selection
    numbers: bool
    """Rotations are offered as the numbers 0-5, the way the turn offers them."""


@dataclass(frozen=True, slots=True)
class CompiledInstant:
    """An instant card compiled once per ruleset: its choices in order, its condition, its
    statements and its account template."""

    source: Source
    picks: tuple[Pick, ...]
    when: CompiledCondition | None
    run: Statements | None
    account: str


def compile_instant(card: Instant, words: Vocabulary, source: Source) -> CompiledInstant:
    """The card's texts compiled against ``words``; HF805 for a choice whose selector
    lists something else than its name holds (a ``hex`` choice of tiles)."""
    picks = []
    for choice, text in card.choose.items():
        name = str(choice)
        try:
            select, _ = compile_selection(text, words, kind=CHOICES[name])
        except HexforgeError as error:
            raise HexforgeError.single(
                BAD_INSTANT,
                f"{card.id}: choice '{name}' must list {CHOICES[name]}s: "
                + "; ".join(d.message for d in error.diagnostics),
                hint="unit and target list tiles, hex hexes, rotation rotations",
            ) from None
        picks.append(Pick(name, select, CHOICES[name] == ROTATION))
    when = None if card.when is None else compile_condition(card.when, words, source)
    run = compile_text(card.effect, words, source).run
    return CompiledInstant(source, tuple(picks), when, run, card.account)


def _context(engine: Engine, instant: CompiledInstant, tile: str) -> EffectContext:
    """The instant's context: the tile itself is ``self``, ``hq`` its player's HQ."""
    owner = TileView(engine, tile).owner
    hq = NshexState(engine).hqs.get(owner)
    on_board = hq is not None and TileView(engine, hq).on_board
    return EffectContext(engine, instant.source, tile, {"hq": hq if on_board else None})


def _options(instant: CompiledInstant, ctx: EffectContext, index: int) -> list[str]:
    pick = instant.picks[index]
    return [o for o in pick.options(ctx) if _open(instant, ctx.bind(**{pick.name: o}), index + 1)]


def _open(instant: CompiledInstant, ctx: EffectContext, index: int) -> bool:
    """Can the choices from ``index`` on all be made?"""
    if index == len(instant.picks):
        return True
    pick = instant.picks[index]
    return any(_open(instant, ctx.bind(**{pick.name: o}), index + 1) for o in pick.options(ctx))


def playable(engine: Engine, instant: CompiledInstant, tile: str) -> bool:
    """May the tile be played now: its ``when`` holds and every choice has an option."""
    ctx = _context(engine, instant, tile)
    return (instant.when is None or instant.when(ctx)) and _open(instant, ctx, 0)


def play(engine: Engine, instant: CompiledInstant, player: str, tile: str) -> bool:
    """Resolve an instant tile (already on the discard pile); True when a battle was fought
    (the turn ends)."""
    ctx = _context(engine, instant, tile)
    for index, pick in enumerate(instant.picks):
        listed = _options(instant, ctx, index)
        offered: Sequence[Json] = [int(o) for o in listed] if pick.numbers else listed
        answer = engine.decide(pick.name, player, list(offered))
        ctx = ctx.bind(**{pick.name: str(answer)})
    names = {"player": player, "tile": tile, "opponent": opponent(engine, player)}
    names.update({p.name: str(ctx.bindings[p.name]) for p in instant.picks})
    engine.note("nshex", text="  " + instant.account.format(**names))
    state = NshexState(engine)
    battles = state.battles
    if instant.run is not None:
        instant.run(ctx)
    remove_dead(engine, instant.source.card_id.rpartition("/")[2])
    return state.battles != battles
