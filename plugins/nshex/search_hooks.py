"""What nshex gives the search agent (``--p1 search``, :mod:`hexforge.core.agents.search`).

- the policy: the heuristic (:class:`~hexforge.plugins.nshex.agents.NshexHeuristicAgent`),
  told which tile the player chose to play and where from the game's log (the search may
  have chosen otherwise than the heuristic would have);
- the end: the ``nshex_result`` entry (Duel rules §Zakończenie gry);
- the cut-off: two turns after the decision's (one of each player), 40 decisions at most;
- the evaluation of a game cut off: the HQ toughness difference plus half the hits the
  tiles on the board would trade in a battle now
  (:func:`~hexforge.plugins.nshex.agents.battle_balance`), through ``tanh`` over 6;
- the hidden tiles: the opponent's hand and draw pile are shuffled together and dealt
  again, the player's own pile is shuffled, with the playout's seed;
- every decision with a choice is searched.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import orjson

from hexforge.core.agents.search import SearchGame, seeded_shuffle
from hexforge.core.engine import Decision, Engine, Json
from hexforge.core.hexgrid import Hex
from hexforge.core.hexgrid.board import parse_coord
from hexforge.plugins.nshex import position as pos
from hexforge.plugins.nshex.agents import (
    ROTATIONS,
    NshexHeuristicAgent,
    battle_balance,
    expected_damage,
)
from hexforge.plugins.nshex.state import NshexState
from hexforge.plugins.nshex.tiles import BoardTile

SCALE = 6.0
BATTLE_SHARE = 0.5
_LOOK_BACK = 40
"""Log lines read back for the turn's last action and hex (a placement logs a few)."""


def _opponent(engine: Engine, player: str) -> str:
    return next(p for p in engine.players if p != player)


def value(engine: Engine, player: str) -> float:
    """1 for a won game, -1 lost, 0 drawn; else HQs and the board's battle balance."""
    state = NshexState(engine)
    if state.result is not None:
        winner = state.result.winner
        return 0.0 if winner is None else 1.0 if winner == player else -1.0
    hqs = state.hqs
    mine = pos.hq_left(engine, hqs[player])
    theirs = pos.hq_left(engine, hqs[_opponent(engine, player)])
    balance = battle_balance(engine, player)
    return math.tanh((mine - theirs + BATTLE_SHARE * balance) / SCALE)


def determinise(engine: Engine, player: str, seed: int) -> None:
    """Re-deal the opponent's hand and pile together; shuffle the player's own pile."""
    state = NshexState(engine)
    hand, pile = state.hand(_opponent(engine, player)), state.pile(_opponent(engine, player))
    unseen = seeded_shuffle([*hand, *pile], seed)
    hand[:] = unseen[: len(hand)]
    pile[:] = unseen[len(hand) :]
    own = state.pile(player)
    own[:] = seeded_shuffle(own, seed + 1)


def clock(engine: Engine) -> int:
    return NshexState(engine).turn


@dataclass
class SearchPolicy(NshexHeuristicAgent):
    """The heuristic, reading the tile being placed and its hex from the log, so that it
    follows an answer it did not give itself."""

    def choose(self, decision: Decision, engine: Engine) -> Json:
        if decision.kind in ("hex", "rotation"):
            self._tile, self._at = _placing(engine, decision.player)
        return super().choose(decision, engine)


def _placing(engine: Engine, player: str) -> tuple[str | None, Hex | None]:
    """The tile ``player`` is playing (its last ``action`` answer ``play TILE``) and the
    hex chosen for it, when the last decisions say so."""
    tile: str | None = None
    at: Hex | None = None
    for line in reversed(engine.log.lines[-_LOOK_BACK:]):
        if '"type":"decision"' not in line:
            continue
        entry = orjson.loads(line)
        if entry.get("player") != player:
            continue
        kind, answer = entry.get("kind"), str(entry.get("answer"))
        if kind == "hex" and at is None:
            at = parse_coord(answer)
        elif kind == "action":
            if answer.startswith("play "):
                tile = answer.split(" ", 1)[1]
            break
    return tile, at


def candidates(decision: Decision, engine: Engine, prior: Json) -> list[Json]:
    """Hexes and rotations by the hits the tile would land there; tiles to play before
    ending the turn, discards last."""
    options = list(decision.options)
    if decision.kind == "action":
        rank = {"play": 0, "shift": 1, "end": 2, "discard": 3}
        return sorted(options, key=lambda o: rank.get(str(o).split(" ", 1)[0], 4))
    if decision.kind not in ("hex", "rotation"):
        return options
    tile, at = _placing(engine, decision.player)
    printed = None if tile is None else pos.card(engine, tile)
    if not isinstance(printed, BoardTile):
        return options
    player = decision.player
    if decision.kind == "hex":

        def hits(option: Json) -> float:
            here = parse_coord(str(option))
            return max(expected_damage(engine, player, printed, here, r) for r in ROTATIONS)

        return sorted(options, key=lambda o: -hits(o))
    if at is None:
        return options
    where = at
    return sorted(
        options, key=lambda o: -expected_damage(engine, player, printed, where, int(str(o)))
    )


NSHEX_SEARCH = SearchGame(
    game="nshex",
    policy=SearchPolicy,
    value=value,
    end_entries=frozenset({"nshex_result"}),
    determinise=determinise,
    clock=clock,
    ticks=2,
    horizon=40,
    candidates=candidates,
)
