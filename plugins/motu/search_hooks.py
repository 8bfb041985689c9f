"""What motu gives the search agent (``--p1 search``, :mod:`hexforge.core.agents.search`).

- the policy: the heuristic (:class:`~hexforge.plugins.motu.agents.MotuHeuristicAgent`)
  plays both seats of a playout and proposes the first candidate;
- the end: the ``result`` entry (rulebook §Check for Victory, §Scoring);
- the cut-off: the end of the round the decision is in (its clean-up claims objective
  tokens and checks for victory), 80 decisions at most;
- the evaluation of a game cut off: the VP each side would score now - its VP, its
  claimed objective tokens (20 VP each at the end) and half the points of each enemy
  character by the share of its health lost (a knock-out scores all of them) - their
  difference against the 20 VP a points victory needs (a difference of 20 is worth about
  0.5, one of 0 nothing); a finished draw is worth a little to the side ahead on VP, so
  drawn playouts still rank the answers (rulebook §Check for Victory: under the margin,
  a draw);
- the hidden cards (rulebook §Select Cards: the hand is secret, the decks shuffled): the
  opponent's fate hand and deck are shuffled together and dealt again, the player's own
  deck is shuffled, with the playout's seed;
- the decisions searched: activations, actions and moves - where the heuristic's choices
  decide fights and objectives; not the bonuses, facings and discards (searching them too
  would halve the playouts of the rest for the same time), the rerolls (a failed die is
  always worth rerolling) nor the secret card selection;
- the strategies: while a character acts, the heuristic with that character aimed at each
  objective token left and at each enemy standing (``MotuHeuristicAgent.aim``), which keeps
  to its aim through the playout - the heuristic alone heads every character for the
  nearest objective, and a move elsewhere valued with its continuation is walked back at
  the character's next decision;
- the budget: 24 playouts a searched decision, shared by the heuristic's answer (or the
  course, the strategy chosen before while it is offered), the strategies and the other
  answers, eight at most (``width``), by sequential halving - one playout each, two more
  each for the best four, four more each for the best two - the first arm replaced only
  when another's mean value is ``margin`` 0.05 better. A playout to the round's end costs
  about 13 ms of CPU, half of it the kernel's (the fork, the child's exit and the copies of
  the parent's pages it writes to), the rest the heuristic playing both seats. About half
  the decisions the agent is asked are searched, and the playouts run two at a time on a
  2-core machine, so it answers in about 0.1 s per decision asked (docs/agents.md: widths 2,
  4 and 8, margins 0, 0.05 and 0.1 and budgets 14, 24 and 28 measured against each other).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from hexforge.core.agents.search import SearchGame, seeded_shuffle
from hexforge.core.engine import Agent, Decision, Engine, Json
from hexforge.plugins.motu.agents import (
    MotuHeuristicAgent,
    _foes,
    goal_distance,
    label_distance,
)
from hexforge.plugins.motu.board import on_board
from hexforge.plugins.motu.parameters import parameters_of
from hexforge.plugins.motu.state import MotuState, PlayerState, UnitState
from hexforge.plugins.motu.units import is_knocked_out, points

SEARCHED = frozenset({"activate", "action", "move_to"})
AIMED = frozenset({"action", "move_to"})
"""The decisions of an acting character, where the search tries its aims."""
VP_SPREAD = 15.0
"""How many VP around the victory margin a cut-off game's value turns over (:func:`value`)."""
DRAW_SHADE = 0.3
"""The most a draw is worth (to the side ahead on VP): drawn playouts still tell the search
which answer came nearer a win."""
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
    """A finished game: 1 won, -1 lost, a draw by how near its VP came to a win (at most
    ``DRAW_SHADE``). A game cut off: the chance-like value of the outlooks' difference
    ``d`` against the victory margin ``m``, ``(tanh((d - m) / k) + tanh((d + m) / k)) / 2``
    with ``k = VP_SPREAD`` - about 0.5 at ``d = m``, steepest where a draw turns into a win."""
    result = MotuState(engine).result
    margin = parameters_of(engine).victory_margin
    other = _opponent(engine, player)
    if result is not None:
        winner = result.get("winner")
        if winner is not None:
            return 1.0 if winner == player else -1.0
        ahead = PlayerState(engine, player).vp - PlayerState(engine, other).vp
        return DRAW_SHADE * math.tanh(ahead / margin)
    difference = outlook(engine, player) - outlook(engine, other)
    return (
        math.tanh((difference - margin) / VP_SPREAD) + math.tanh((difference + margin) / VP_SPREAD)
    ) / 2


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
    to_goal = goal_distance(engine, decision.player)
    return sorted(decision.options, key=lambda option: label_distance(to_goal, str(option)))


@dataclass(frozen=True, slots=True)
class Aim:
    """A strategy: the heuristic with ``unit`` heading for ``target`` (equal aims are one
    strategy, so the search knows the course it took when offered it again)."""

    unit: str
    target: str

    def __call__(self, seed: int) -> Agent:
        return MotuHeuristicAgent(seed, aim=(self.unit, self.target))


def strategies(decision: Decision, engine: Engine) -> list[Callable[[int], Agent]]:
    """While a character acts (its actions and moves): the heuristic with that character
    aimed at each objective token left, then at each enemy standing (module docstring)."""
    if decision.kind not in AIMED:
        return []
    unit = str(decision.context.get("unit"))
    targets = [*MotuState(engine).objectives, *_foes(engine, decision.player)]
    return [Aim(unit, target) for target in targets]


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
    strategies=strategies,
    playouts=24,
    margin=0.05,
    width=8,
)
