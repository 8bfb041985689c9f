"""The search agent against the heuristic (issue 25's target: >= 65% of seat-swapped games
at <= 0.1 s per decision).

Plays GAMES games of one game between ``search`` (a budget of PLAYOUTS playouts per searched
decision) and ``heuristic``, the search taking the first seat in even games and the second in
odd ones (game i has seed SEED + i), and prints each game's result, then the search's wins,
draws and losses, its win rate with the 95% Wilson interval (draws count as not won), and
the CPU seconds per decision - of this process and of the playouts' forked children, per
searched decision (mean and the slowest) and per decision asked. Run from the repository
root: ``python benchmarks/search.py motu|nshex [GAMES] [PLAYOUTS] [SEED]``.
"""

from __future__ import annotations

import sys
import time

from hexforge.core.agents.search import SearchAgent, SearchGame, SearchStats
from hexforge.core.play.runtime import Runtime
from hexforge.core.simulate import wilson
from hexforge.plugins.manager import load_plugins


def search_game(game: str) -> SearchGame:
    if game == "motu":
        from hexforge.plugins.motu.search_hooks import MOTU_SEARCH

        return MOTU_SEARCH
    from hexforge.plugins.nshex.search_hooks import NSHEX_SEARCH

    return NSHEX_SEARCH


def main(game: str, games: int, playouts: int, first_seed: int) -> None:
    runtime = Runtime(load_plugins())
    runner = runtime.runner(game)
    players = runner.players({})
    hooks = search_game(game)
    total = SearchStats()
    won = drawn = 0
    wall = time.perf_counter()
    for i in range(games):
        seed = first_seed + i
        seats = runtime.seat(game, players, ["heuristic", "heuristic"], seed)
        mine = players[i % 2]
        agent = SearchAgent(seed * 1000 + 1 + i % 2, hooks, playouts=playouts, margin=hooks.margin)
        seats[mine] = agent
        played = runner.play(seed, seats, {})
        won += played.winner == mine
        drawn += played.winner is None
        stats = agent.stats
        for name in ("decisions", "searched", "playouts", "failed", "changed"):
            setattr(total, name, getattr(total, name) + getattr(stats, name))
        total.cpu += stats.cpu
        total.child_cpu += stats.child_cpu
        total.slowest = max(total.slowest, stats.slowest)
        outcome = "won" if played.winner == mine else "drew" if played.winner is None else "lost"
        line = f"game {i + 1} seed {seed}: search as {mine} {outcome} - {played.summary}"
        print(line, flush=True)
    low, high = wilson(won, games)
    searched = max(total.searched, 1)
    spent = total.cpu + total.child_cpu
    print(
        f"{game}: search ({playouts} playouts) against heuristic, {games} games, seats swapped\n"
        f"search won {won}, drew {drawn}, lost {games - won - drawn}: win rate "
        f"{100 * won / games:.1f}% (95% interval {100 * low:.1f}-{100 * high:.1f}%)\n"
        f"CPU per searched decision {1000 * spent / searched:.1f} ms (slowest "
        f"{1000 * total.slowest:.1f} ms; {1000 * total.child_cpu / searched:.1f} ms of it in "
        f"playouts), per decision asked {1000 * spent / max(total.decisions, 1):.1f} ms; "
        f"{total.searched} of {total.decisions} decisions searched, {total.playouts} playouts "
        f"({total.failed} failed), {total.changed} answers differing from the heuristic's; "
        f"wall {time.perf_counter() - wall:.0f} s"
    )


if __name__ == "__main__":
    args = sys.argv[1:]
    main(
        args[0] if args else "motu",
        int(args[1]) if len(args) > 1 else 20,
        int(args[2]) if len(args) > 2 else 8,
        int(args[3]) if len(args) > 3 else 1,
    )
