"""What every nshex position keeps (hook ``hexforge_invariants``; ``hexforge simulate
--check`` and tests/nshex/test_random_games.py check them while games run).

Checked between steps and at the end only: inside an event a tile may be half moved."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from hexforge.core.engine import Engine
from hexforge.core.simulate.invariants import Invariant, Moment
from hexforge.plugins.nshex import position as pos
from hexforge.plugins.nshex.board import COORDS
from hexforge.plugins.nshex.state import NshexState, TileView
from hexforge.plugins.nshex.tiles import ARMY_SIZE

HAND = 3
"""Duel rules §Przebieg gry: a player holds at most three tiles."""


def board_matches_tiles(engine: Engine, moment: Moment) -> Iterator[str]:
    """The board lies on the 19 hexes and agrees with the tiles' ``hex`` (both ways)."""
    if moment is Moment.EVENT:
        return
    board = NshexState(engine).board
    for coord in sorted(set(board) - set(COORDS)):
        yield f"the board has a tile on {coord}, which is not a hex of the board"
    for coord, tile in board.items():
        view = TileView(engine, tile)
        if view.coord != coord:
            yield f"{tile} is on {coord} of the board but its hex is {view.coord}"
        if not view.in_play:
            yield f"{tile} is on {coord} but not in play"
    for tile, entity in engine.state.entities.items():
        if entity.in_play and board.get(str(TileView(engine, tile).coord)) != tile:
            yield f"{tile} is in play on {TileView(engine, tile).coord} but not on the board there"


def tiles_conserved(engine: Engine, moment: Moment) -> Iterator[str]:
    """Every tile is in exactly one place (board, hand, pile, discards); hands hold at most
    three; each player owns an army of 34 tiles and the HQ, whose toughness is 0-20."""
    if moment is Moment.EVENT:
        return
    state = NshexState(engine)
    places: Counter[str] = Counter(state.board.values())
    for player in engine.players:
        hand = state.hand(player)
        if len(hand) > HAND:
            yield f"{player} holds {len(hand)} tiles"
        places.update(hand + state.pile(player) + state.discards(player))
        hq = state.hq(player)
        if not TileView(engine, hq).on_board:  # before the setup puts it on the board
            places[hq] += 1
        owned = sum(t.owner == player for t in engine.state.entities.values())
        if owned != ARMY_SIZE + 1:
            yield f"{player} owns {owned} tiles, not {ARMY_SIZE + 1}"
        left = pos.hq_left(engine, hq)
        if not 0 <= left <= pos.HQ_TOUGHNESS:
            yield f"{player}'s HQ has {left} toughness left"
    for tile, count in sorted(places.items()):
        if count > 1:
            yield f"{tile} is in {count} places"
    for tile in sorted(set(engine.state.entities) - set(places)):
        yield f"{tile} is nowhere"


def result_agrees(engine: Engine, moment: Moment) -> Iterator[str]:
    """Duel rules §Zwycięstwo: the result agrees with the HQs (a destroyed HQ loses, else
    more toughness after the Final Battle wins and equal is a draw); no battle follows the
    last tile but the Final Battle (or a full board's), and there is one Final Battle."""
    if moment is not Moment.END:
        return
    state = NshexState(engine)
    result = state.result
    if result is None:
        yield "the game ended without a result"
        return
    left = {p: pos.hq_left(engine, state.hq(p)) for p in engine.players}
    if result.hq != left:
        yield f"the result gives HQs {result.hq} but they have {left}"
    destroyed = [p for p in engine.players if left[p] == 0]
    if len(destroyed) == 2:
        expected = None
    elif destroyed:
        expected = next(p for p in engine.players if p != destroyed[0])
    elif state.last_drawn is None:
        yield "the game ended before the Final Battle"
        return
    else:
        leaders = [p for p in engine.players if left[p] == max(left.values())]
        expected = leaders[0] if len(leaders) == 1 else None
    if result.winner != expected:
        yield f"the winner is {result.winner}, the HQs say {expected}"
    texts = [str(e["text"]) for e in engine.log.entries() if e["type"] == "nshex"]
    last = next((i for i, t in enumerate(texts) if "drew the last tile" in t), len(texts))
    for text in texts[last:]:
        if text.startswith("battle ") and not ("final battle" in text or "board is full" in text):
            yield f"a battle after the last tile was drawn: {text}"
    finals = sum("final battle" in t for t in texts if t.startswith("battle "))
    if finals > 1:
        yield f"{finals} final battles"


def only_the_active_player_plays(engine: Engine, moment: Moment) -> Iterator[str]:
    """Duel rules §Przygotowanie do gry: tiles are played only in their owner's turn, so
    every decision after the setup belongs to the player whose turn it is."""
    if moment is not Moment.END:
        return
    active = None
    for entry in engine.log.entries():
        if entry["type"] == "nshex" and str(entry["text"]).startswith("turn "):
            active = str(entry["text"]).split(": ")[1]
        elif entry["type"] == "decision" and entry["kind"] != "hq" and entry["player"] != active:
            yield f"decision {entry['number']} is {entry['player']}'s in {active}'s turn"


TITLES: dict[str, dict[str, str]] = {
    "board matches tiles": {
        "pl": "plansza zgodna z żetonami",
        "de": "Spielplan passt zu den Plättchen",
        "fr": "plateau conforme aux tuiles",
    },
    "tiles conserved": {
        "pl": "żetony nie giną ani nie przybywają",
        "de": "Plättchen gehen weder verloren noch kommen hinzu",
        "fr": "tuiles ni perdues ni ajoutées",
    },
    "result agrees": {
        "pl": "wynik zgodny ze sztabami",
        "de": "Ergebnis passt zu den Hauptquartieren",
        "fr": "résultat conforme aux QG",
    },
    "only the active player plays": {
        "pl": "gra tylko aktywny gracz",
        "de": "nur der aktive Spieler spielt",
        "fr": "seul le joueur actif joue",
    },
}
"""Each invariant's name in pl/de/fr."""

INVARIANTS = tuple(
    Invariant("nshex", name := check.__name__.replace("_", " "), check, TITLES[name])
    for check in (board_matches_tiles, tiles_conserved, result_agrees, only_the_active_player_plays)
)
"""nshex's invariants, named after their functions (``tiles conserved``, ...)."""
