"""The search agent against the heuristic (issue 25's target: >= 65% of seat-swapped games
at <= 0.1 s per decision on the project's 2-core machine).

Plays GAMES games of one game between ``search`` (a budget of PLAYOUTS playouts per searched
decision, WORKERS of them at a time) and ``heuristic``, the search taking the first seat in
even games and the second in odd ones (game i has seed SEED + i), and prints each game's
result, then the search's wins, draws and losses, its win rate with the 95% Wilson interval
(draws count as not won), and the time per decision the search was asked: wall-clock (the
budget) and CPU - of this process and of the playouts' forked children - besides the
slowest decision and the figures per searched decision. A draw is neither half a win nor
left out: the win rate is wins over all games played, the target's reading of "beat".

The games are played one after the other by default, each search running its playouts on
every core (WORKERS: all the process may use), so the wall time per decision is what a
player waiting for the search sees. JOBS worker processes may share the games instead (each
game is the same in any process and with any WORKERS: its seats are seeded by its seed, the
budget counts playouts); the wall time per decision then grows with the contention. Run
from the repository root: ``python benchmarks/search.py motu|nshex [GAMES] [PLAYOUTS] [SEED]
[JOBS] [WORKERS]`` (PLAYOUTS: the game's default budget when left out).
"""

from __future__ import annotations

import multiprocessing
import sys
import time
from dataclasses import dataclass
from functools import partial

from hexforge.core.agents.playout import usable_cores
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


@dataclass(frozen=True, slots=True)
class Played:
    """One benchmark game, as a worker hands it back."""

    line: str
    won: bool
    drawn: bool
    stats: SearchStats


_RUNTIME: list[Runtime] = []


def play_one(game: str, playouts: int, workers: int, first_seed: int, i: int) -> Played:
    """Game ``i``: seed ``first_seed + i``, the search in the first seat when ``i`` is even."""
    if not _RUNTIME:
        _RUNTIME.append(Runtime(load_plugins()))
    runtime = _RUNTIME[0]
    runner = runtime.runner(game)
    players = runner.players({})
    hooks = search_game(game)
    seed = first_seed + i
    seats = runtime.seat(game, players, ["heuristic", "heuristic"], seed)
    mine = players[i % 2]
    agent = SearchAgent(
        seed * 1000 + 1 + i % 2, hooks, playouts, None, hooks.width, hooks.margin, workers
    )
    seats[mine] = agent
    played = runner.play(seed, seats, {})
    outcome = "won" if played.winner == mine else "drew" if played.winner is None else "lost"
    line = f"game {i + 1} seed {seed}: search as {mine} {outcome} - {played.summary}"
    return Played(line, played.winner == mine, played.winner is None, agent.stats)


def main(
    game: str, games: int, playouts: int | None, first_seed: int, jobs: int, workers: int
) -> None:
    """Play the games (over ``jobs`` processes: each game is the same in any of them) and
    print them in order, then the totals."""
    budget = search_game(game).playouts if playouts is None else playouts
    total = SearchStats()
    won = drawn = 0
    wall = time.perf_counter()
    play = partial(play_one, game, budget, workers, first_seed)
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        for result in pool.imap(play, range(games)):
            won += result.won
            drawn += result.drawn
            stats = result.stats
            for name in ("decisions", "searched", "playouts", "failed", "changed"):
                setattr(total, name, getattr(total, name) + getattr(stats, name))
            total.cpu += stats.cpu
            total.child_cpu += stats.child_cpu
            total.slowest = max(total.slowest, stats.slowest)
            total.wall += stats.wall
            print(result.line, flush=True)
    low, high = wilson(won, games)
    asked = max(total.decisions, 1)
    searched = max(total.searched, 1)
    spent = total.cpu + total.child_cpu
    print(
        f"{game}: search ({budget} playouts, {workers} at a time) against heuristic, {games} "
        f"games (seeds {first_seed}-{first_seed + games - 1}), seats swapped, {jobs} at a "
        f"time\n"
        f"search won {won}, drew {drawn}, lost {games - won - drawn}: win rate "
        f"{100 * won / games:.1f}% (95% interval {100 * low:.1f}-{100 * high:.1f}%; a draw "
        f"counts as not won)\n"
        f"per decision asked: wall {1000 * total.wall / asked:.1f} ms, CPU "
        f"{1000 * spent / asked:.1f} ms (the playouts' children "
        f"{1000 * total.child_cpu / asked:.1f} ms); slowest decision {1000 * total.slowest:.0f}"
        f" ms wall; per searched decision: wall {1000 * total.wall / searched:.1f} ms, CPU "
        f"{1000 * spent / searched:.1f} ms\n"
        f"{total.searched} of {total.decisions} decisions searched, {total.playouts} playouts "
        f"({total.failed} failed), {total.changed} answers differing from the heuristic's; "
        f"wall {time.perf_counter() - wall:.0f} s"
    )


if __name__ == "__main__":
    args = sys.argv[1:]
    main(
        args[0] if args else "motu",
        int(args[1]) if len(args) > 1 else 20,
        int(args[2]) if len(args) > 2 else None,
        int(args[3]) if len(args) > 3 else 1,
        int(args[4]) if len(args) > 4 else 1,
        int(args[5]) if len(args) > 5 else usable_cores(),
    )
