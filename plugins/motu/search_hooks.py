"""What motu gives the search agent (``--p1 search``, :mod:`hexforge.core.agents.search`).

- the policy: the heuristic (:class:`~hexforge.plugins.motu.agents.MotuHeuristicAgent`)
  plays both seats of a playout and proposes the first candidate;
- the end: the ``result`` entry (rulebook §Check for Victory, §Scoring);
- the cut-off: the end of the round the decision is in (its clean-up claims objective
  tokens and checks for victory), 80 decisions at most;
- the evaluation of a game cut off: the VP each side would score now - its VP, its
  claimed objective tokens (20 VP each at the end) and half the points of each enemy
  character by the share of its health lost (a knock-out scores all of them) - their
  difference through ``tanh`` over 40 VP (a points victory needs a 20 VP margin);
- the hidden cards (rulebook §Select Cards: the hand is secret, the decks shuffled): the
  opponent's fate hand and deck are shuffled together and dealt again, the player's own
  deck is shuffled, with the playout's seed;
- the decisions searched: activations, bonuses, actions, moves and their facing,
  discards, deployment; not the rerolls (a failed die is always worth rerolling) nor the
  secret card selection;
- the budget: 6 playouts a searched decision (a playout to the round's end costs about
  15 ms of CPU, most of it the forked child's first writes to the parent's pages).
"""

from __future__ import annotations

import math
from functools import partial

from hexforge.core.agents import AgentSpec
from hexforge.core.agents.search import SearchAgent, SearchGame, seeded_shuffle
from hexforge.core.engine import Decision, Engine, Json
from hexforge.plugins.motu.agents import MotuHeuristicAgent, _goal_distance, _hex
from hexforge.plugins.motu.board import on_board
from hexforge.plugins.motu.parameters import parameters_of
from hexforge.plugins.motu.state import MotuState, PlayerState, UnitState
from hexforge.plugins.motu.units import is_knocked_out, points

SEARCHED = frozenset({"activate", "bonus", "action", "move_to", "move_facing", "discard"})
VP_SCALE = 40.0
"""VP differences are worth ``tanh(difference / VP_SCALE)``."""
WOUND_SHARE = 0.5
"""The share of a character's points its lost health counts for, before a knock-out."""


def _opponent(engine: Engine, player: str) -> str:
    return next(p for p in engine.players if p != player)


def outlook(engine: Engine, player: str) -> float:
    """The VP ``player`` has and may count on now (module docstring)."""
    held = PlayerState(engine, player)
    score = float(held.vp + parameters_of(engine).objective_vp * held.claimed)
    for unit in on_board(engine):
        if engine.entity(unit).owner in (None, player) or is_knocked_out(engine, unit):
            continue
        health = max(1, engine.query("health", unit))
        score += (
            WOUND_SHARE
            * points(engine, unit)
            * min(UnitState(engine, unit).wounds, health)
            / health
        )
    return score


def value(engine: Engine, player: str) -> float:
    """1 for a won game, -1 lost, 0 drawn; else the outlooks' difference through tanh."""
    result = MotuState(engine).result
    if result is not None:
        winner = result.get("winner")
        return 0.0 if winner is None else 1.0 if winner == player else -1.0
    difference = outlook(engine, player) - outlook(engine, _opponent(engine, player))
    return math.tanh(difference / VP_SCALE)


def determinise(engine: Engine, player: str, seed: int) -> None:
    """Re-deal what ``player`` cannot see: the opponent's fate hand and deck together,
    and the order of the player's own deck."""
    other = PlayerState(engine, _opponent(engine, player))
    hand, deck = other.fate, other.deck
    unseen = seeded_shuffle([*hand, *deck], seed)
    hand[:] = unseen[: len(hand)]
    deck[:] = unseen[len(hand) :]
    own = PlayerState(engine, player).deck
    own[:] = seeded_shuffle(own, seed + 1)


def clock(engine: Engine) -> int:
    return MotuState(engine).round


def searched(decision: Decision, engine: Engine) -> bool:
    return decision.kind in SEARCHED


def candidates(decision: Decision, engine: Engine, prior: Json) -> list[Json]:
    """Move destinations nearest the heuristic's goal first; other decisions in order."""
    if decision.kind != "move_to":
        return list(decision.options)
    to_goal = _goal_distance(engine, decision.player)

    def score(option: Json) -> int:
        spot = _hex(str(option))
        return 999 if spot is None else to_goal(spot)

    return sorted(decision.options, key=score)


MOTU_SEARCH = SearchGame(
    game="motu",
    policy=MotuHeuristicAgent,
    value=value,
    end_entries=frozenset({"result"}),
    determinise=determinise,
    clock=clock,
    ticks=1,
    horizon=80,
    candidates=candidates,
    searched=searched,
    playouts=6,
)


def search_spec() -> AgentSpec:
    """``--p1 search`` for motu."""
    return AgentSpec(
        "motu",
        "search",
        "Monte Carlo search over the heuristic's best moves (HEXFORGE_SEARCH_PLAYOUTS; "
        "Linux and macOS, not at the web table)",
        partial(SearchAgent.from_env, game=MOTU_SEARCH),
    )
