"""A game of Neuroshima Hex Duel on the engine: setup, turns, tiles, the end.

Duel rules §Przygotowanie do gry, §Przebieg gry, §Zagrywanie żetonów, §Zakończenie gry,
§Zwycięstwo. Every choice is an engine decision, so agents (random, scripted) play it and
a log replays it. A turn asks ``action`` decisions whose options are texts:
``end``, ``discard <tile>``, ``play <tile>``, ``shift <tile>`` (a mobile soldier); the
details (``hex``, ``rotation``, ``unit``, ``target``) are asked next, each with only legal
options.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from hexforge.core.engine import Agent, Engine
from hexforge.core.hexgrid import Hex, format_coord, parse_coord
from hexforge.plugins.nshex import instants
from hexforge.plugins.nshex import position as pos
from hexforge.plugins.nshex.battle import battle, remove_dead
from hexforge.plugins.nshex.board import AROUND, COORDS, HEXES
from hexforge.plugins.nshex.catalogue import NshexRuleset
from hexforge.plugins.nshex.moves import move, opponent, settle
from hexforge.plugins.nshex.rules import NET, lift
from hexforge.plugins.nshex.state import NshexState, Result, TileView
from hexforge.plugins.nshex.tiles import BoardTile, Ground, Instant, Soldier
from hexforge.plugins.nshex.words import PLACE, TILE, TURN

HAND = 3
ROTATIONS = [0, 1, 2, 3, 4, 5]


def new_engine(
    rules: NshexRuleset,
    players: Sequence[str],
    seed: int,
    agents: Mapping[str, Agent] | None = None,
) -> Engine:
    """An engine of ``rules`` with empty game data for ``players`` (first moves first)."""
    engine = Engine.new(rules, seed, list(players), agents)
    NshexState.start(engine, players)
    return engine


def create_tile(engine: Engine, player: str, card_id: str, tile_id: str) -> str:
    return engine.create(TILE, player, id=tile_id, props=TileView.new_props(card_id), in_play=False)


def place(engine: Engine, tile: str, hex_: Hex, rotation: int) -> None:
    """Put a board tile on an empty hex in a rotation; its effects start at once."""
    coord = format_coord(hex_)
    NshexState(engine).put(coord, tile)
    view = TileView(engine, tile)
    view.coord = coord
    view.rotation = rotation
    engine.enter_play(tile)
    printed = view.board_card
    if printed.id in engine.ruleset.effects:
        engine.attach(printed.id, tile)
    else:
        engine.note("card", card=printed.id)  # for scenario coverage (docs/scenarios.md)
    if printed.net:
        engine.attach(NET, tile)
    engine.emit("placed", tile=tile)


def new_game(
    rules: NshexRuleset,
    armies: Mapping[str, str],
    seed: int,
    agents: Mapping[str, Agent] | None = None,
) -> Engine:
    """A game between ``armies`` (player -> army id, first player first): piles shuffled."""
    engine = new_engine(rules, list(armies), seed, agents)
    state = NshexState(engine)
    tiles = rules.tiles
    for player, army in armies.items():
        hq, pile = tiles.pile(army)
        state.hqs[player] = create_tile(engine, player, hq, f"{player}/hq")
        ids = []
        seen: dict[str, int] = {}
        for card_id in pile:
            slug = card_id.split("/")[1].removeprefix(f"{army}-")
            seen[slug] = seen.get(slug, 0) + 1
            suffix = f"-{seen[slug]}" if seen[slug] > 1 else ""
            ids.append(create_tile(engine, player, card_id, f"{player}/{slug}{suffix}"))
        state.pile(player).extend(engine.shuffle(ids, reason=f"{player}'s pile"))
    return engine


def empty_hexes(engine: Engine) -> list[str]:
    """The coordinates of the empty hexes, in board order."""
    board = NshexState(engine).board
    return [c for c in COORDS if c not in board]


def place_hqs(engine: Engine) -> None:
    """Setup: the first player puts their HQ on any hex, then the other (HQs may touch)."""
    for player in engine.players:
        hq = NshexState(engine).hq(player)
        if TileView(engine, hq).on_board:
            continue
        options = empty_hexes(engine)
        coord = str(engine.decide("hq", player, options))
        place(engine, hq, parse_coord(coord), 0)
        engine.note("nshex", text=f"{player} puts the HQ on {coord}")


def play_game(engine: Engine, turns: int | None = None) -> Result | None:
    """Play on from wherever the game is (HQ placement first) for ``turns`` more turns, or
    to the end; returns the result (None while unfinished). The progress is all in
    ``state.data``, so a snapshot between turns continues exactly."""
    state = NshexState(engine)
    if any(not TileView(engine, hq).on_board for hq in state.hqs.values()):
        place_hqs(engine)
    played = 0
    while state.result is None and (turns is None or played < turns):
        turn(engine, engine.players[state.turn % 2])
        played += 1
    return state.result


def turn(engine: Engine, player: str) -> None:
    """One turn of ``player`` (Duel rules §Przebieg gry), then the Final Battle if it is due."""
    state = NshexState(engine)
    state.turn += 1
    number = state.turn
    opening = number <= 2
    engine.note("nshex", text=f"turn {number}: {player}")
    draw(engine, player, number if opening else HAND)
    hand = state.hand(player)
    if not opening and len(hand) == HAND:
        tile = str(engine.decide("discard", player, list(hand)))
        discard(engine, player, tile)
    state.shifted.clear()
    with engine.context(TURN, player=player):
        while state.result is None:
            choice = str(engine.decide("action", player, actions(engine, player)))
            if choice == "end" or perform(engine, player, choice):
                break
    if state.result is None and state.final_after == player:
        battle(engine, "final battle")
        settle(engine, final=True)


def draw(engine: Engine, player: str, up_to: int) -> None:
    state = NshexState(engine)
    pile, hand = state.pile(player), state.hand(player)
    drawn = []
    while len(hand) < up_to and pile:
        drawn.append(pile.pop(0))
        hand.append(drawn[-1])
    if drawn:
        engine.note("nshex", text=f"  {player} draws {', '.join(drawn)}")
    if not pile and drawn and state.last_drawn is None:
        state.last_drawn = player
        state.final_after = opponent(engine, player)
        engine.note("nshex", text=f"  {player} drew the last tile: the Final Battle is near")


def discard(engine: Engine, player: str, tile: str) -> None:
    state = NshexState(engine)
    state.hand(player).remove(tile)
    state.discards(player).append(tile)
    engine.note("nshex", text=f"  {player} discards {tile}")


def full(engine: Engine) -> bool:
    return len(NshexState(engine).board) == len(HEXES)


# ---- what a player may do -----------------------------------------------------------------


def actions(engine: Engine, player: str) -> list[str]:
    """The legal ``action`` options of ``player`` now."""
    options = ["end"]
    for tile in NshexState(engine).hand(player):
        options.append(f"discard {tile}")
        if playable(engine, tile):
            options.append(f"play {tile}")
    for tile in own_tiles(engine, player):
        if shift_targets(engine, tile):
            options.append(f"shift {tile}")
    return options


def own_tiles(engine: Engine, player: str) -> list[str]:
    """Board tiles fighting for ``player`` that are free to act (not netted): asked for
    the turn's options and again for each tile in hand, so kept per engine version."""
    return list(pos.remembered(engine, ("own", player), lambda: _own_tiles(engine, player)))


def _own_tiles(engine: Engine, player: str) -> tuple[str, ...]:
    return tuple(
        t
        for t in pos.on_board(engine)
        if pos.controller(engine, t) == player
        and not isinstance(pos.card(engine, t), Ground)
        and pos.can_act(engine, t)
    )


def shift_targets(engine: Engine, tile: str) -> list[str]:
    """A mobile soldier's moves this turn: stay and turn, or one hex to an empty one."""
    printed = pos.board_card(engine, tile)
    if not (isinstance(printed, Soldier) and printed.mobility):
        return []
    if tile in NshexState(engine).shifted:
        return []
    here = TileView(engine, tile).at
    board = NshexState(engine).board
    return [here, *(c for _, c in AROUND[here] if c not in board)]


def targets(engine: Engine, player: str, tile: str) -> list[str]:
    """Where a board tile in hand can be placed now (empty: it cannot be)."""
    printed = pos.card(engine, tile)
    if not isinstance(printed, BoardTile) or not engine.allowed(PLACE, tile):
        return []
    found = empty_hexes(engine)
    abilities = engine.rules_as(NshexRuleset).abilities
    found += [
        TileView(engine, t).at
        for t in own_tiles(engine, player)
        if any(
            (carries := abilities[name].carries) is not None and carries(engine, t, tile)
            for name in pos.board_card(engine, t).abilities
        )
    ]
    return found


def playable(engine: Engine, tile: str) -> bool:
    """Can the tile in hand be played now (placed, or an instant with options)?"""
    printed = pos.card(engine, tile)
    if isinstance(printed, BoardTile):
        return bool(targets(engine, TileView(engine, tile).owner, tile))
    return instants.playable(engine, _instant(engine, printed), tile)


def _instant(engine: Engine, printed: Instant) -> instants.CompiledInstant:
    return engine.rules_as(NshexRuleset).instants[printed.id]


# ---- doing it -------------------------------------------------------------------------------


def perform(engine: Engine, player: str, choice: str) -> bool:
    """Carry out an ``action`` answer; True when the turn ends (a battle was fought)."""
    verb, _, tile = choice.partition(" ")
    state = NshexState(engine)
    if verb == "discard":
        discard(engine, player, tile)
        return False
    if verb == "shift":
        coord = str(engine.decide("hex", player, shift_targets(engine, tile)))
        rotation = int(str(engine.decide("rotation", player, ROTATIONS)))
        state.shifted.append(tile)
        move(engine, tile, parse_coord(coord), rotation)
        engine.note("nshex", text=f"  {player} shifts {tile} to {coord} r{rotation}")
        return False
    printed = pos.card(engine, tile)
    if isinstance(printed, BoardTile):
        return play_board_tile(engine, player, tile)
    state.hand(player).remove(tile)
    state.discards(player).append(tile)
    engine.note("card", card=printed.id)
    return instants.play(engine, _instant(engine, printed), player, tile)


def play_board_tile(engine: Engine, player: str, tile: str) -> bool:
    coord = str(engine.decide("hex", player, targets(engine, player, tile)))
    rotation = int(str(engine.decide("rotation", player, ROTATIONS)))
    state = NshexState(engine)
    state.hand(player).remove(tile)
    hex_ = parse_coord(coord)
    carrier = pos.tile_at(engine, hex_)
    if carrier is not None:
        engine.note("nshex", text=f"  {player}'s {carrier} carries {tile} in and is discarded")
        lift(engine, carrier)
        state.discards(player).append(carrier)
    place(engine, tile, hex_, rotation)
    engine.note("nshex", text=f"  {player} places {tile} on {coord} r{rotation}")
    remove_dead(engine, "placed")  # a reaction to the placement may have killed a unit
    if full(engine):
        battle(engine, "the board is full")
        settle(engine)
        return True
    return False
