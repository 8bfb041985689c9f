"""Whole-game simulation speed, scaling, the per-game cost split and the heuristics' strength.

Prints, for motu random, motu heuristic and nshex random games on one core: games per
CPU-second and CPU milliseconds per game besides the wall time, timed on fresh seeds
(the warm-up batch - plugins loaded, content compiled, per-map memos filled - uses other
seeds, so no game is timed twice); the ratio to Fireplace, the closest Python peer; the
same batch on 1 and 2 worker processes (``hexforge simulate``'s local backend); where a
game's time goes, by module bucket under cProfile (geometry, DSL hooks and timing engine,
dice, log, game rules, the rest); and the heuristic agents' win rates against random over
seeded games in both seats. Run from the repository root:
``python benchmarks/simulate.py [GAMES]`` (default 100 for the win rates).
"""

from __future__ import annotations

import cProfile
import pstats
import sys
import time

from hexforge.core.simulate import jobs_for, summarise, wilson
from hexforge.core.simulate.backends import run_jobs

BUCKETS = (
    # Exact line-of-sight arithmetic runs on fractions.Fraction: geometry too.
    (
        "geometry",
        ("core/hexgrid/", "plugins/motu/battlefield/", "plugins/nshex/board", "fractions"),
    ),
    (
        "DSL hooks and timing",
        (
            "hexforge/dsl/",
            "core/engine/engine",
            "core/engine/events",
            "core/engine/hierarchy",
            "core/engine/index",
            "core/engine/queries",
            "core/engine/ruleset",
        ),
    ),
    ("dice", ("core/engine/dice",)),
    ("log", ("core/engine/log", "core/engine/jsonvalue", "/json/")),
    ("game rules", ("/plugins/motu/", "/plugins/nshex/")),
    ("engine state", ("core/engine/",)),
    ("pydantic and stdlib copies", ("pydantic", "copy.py")),
)


FIREPLACE = (1.75, 2.16)
"""Fireplace (Hearthstone in Python, the closest peer) random games per CPU-second, measured
on this 2-core machine in the same window as issue 24's figures (its Game loop with random
legal plays, fresh seeds)."""

WARM_UP_SEED, TIMED_SEED = 1, 100_000
"""Warm-up and timed batches never share a seed: a timed game is never one the process
has already played (memos keyed by position would flatter it)."""


def games_per_second(game: str, games: int, workers: int, seed: int = TIMED_SEED) -> float:
    """Wall-clock games per second of ``workers`` processes (for the scaling line)."""
    jobs = jobs_for(game, games, seed, ["random", "random"], {}, False)
    start = time.perf_counter()
    run_jobs(jobs, workers=workers)
    return games / (time.perf_counter() - start)


def cpu_rate(game: str, games: int, agents: tuple[str, str]) -> tuple[float, float, float]:
    """Games per CPU-second, CPU ms per game and wall seconds of ``games`` fresh-seed games
    in this process (CPU time: the machine's other load does not count)."""
    jobs = jobs_for(game, games, TIMED_SEED, list(agents), {}, False)
    cpu, wall = time.process_time(), time.perf_counter()
    run_jobs(jobs, workers=1)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    return games / cpu, 1000 * cpu / games, wall


def cost_split(game: str, games: int) -> dict[str, float]:
    """Share of the total time (own time of functions) per module bucket."""
    jobs = jobs_for(game, games, 1, ["random", "random"], {}, False)
    run_jobs(jobs[:1])  # plugins loaded and content compiled outside the profile
    profile = cProfile.Profile()
    profile.enable()
    run_jobs(jobs)
    profile.disable()
    stats = pstats.Stats(profile)
    shares: dict[str, float] = {}
    table: dict[tuple[str, int, str], tuple[int, int, float, float, object]] = stats.stats  # type: ignore[attr-defined]
    for (path, _, _), (_, _, own, _, _) in table.items():
        name = path.replace("\\", "/")
        bucket = next((b for b, keys in BUCKETS if any(k in name for k in keys)), "other")
        shares[bucket] = shares.get(bucket, 0.0) + own
    total = sum(shares.values()) or 1.0
    return {
        bucket: shares.get(bucket, 0.0) / total for bucket in [*(b for b, _ in BUCKETS), "other"]
    }


def heuristic_rate(game: str, games: int) -> tuple[int, int, float, float]:
    records = run_jobs(jobs_for(game, games, 1, ["heuristic", "random"], {}, False), workers=2)
    rate = summarise(records).wins["heuristic"]
    low, high = wilson(rate.count, rate.total)
    return rate.count, rate.total, low, high


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    for game, batch in (("motu", 40), ("nshex", 120)):
        # warm-up on other seeds: plugins and content compiled, the per-map sight and cover
        # memos filled (forked workers inherit them, so both scaling runs have them)
        games_per_second(game, batch, 1, WARM_UP_SEED)
        kinds = [("random", "random")] + ([("heuristic", "heuristic")] if game == "motu" else [])
        for agents in kinds:
            rate, per_game, wall = cpu_rate(game, batch, agents)
            low, high = rate / FIREPLACE[1], rate / FIREPLACE[0]
            print(
                f"{game}: {agents[0]} games: {rate:.1f} games per CPU-second "
                f"({per_game:.0f} ms CPU a game, {wall:.2f} s wall for {batch}); "
                f"x{low:.1f}-x{high:.1f} Fireplace's {FIREPLACE[0]}-{FIREPLACE[1]}"
            )
        one = games_per_second(game, batch, 1)
        two = games_per_second(game, batch, 2)
        print(f"{game}: 1 -> 2 processes: {one:.1f} -> {two:.1f} games/s (x{two / one:.2f})")
        split = cost_split(game, 10)
        print(f"{game}: cost split: " + ", ".join(f"{k} {100 * v:.0f}%" for k, v in split.items()))
    for game in ("motu", "nshex"):
        wins, total, low, high = heuristic_rate(game, games)
        print(
            f"{game}: heuristic beats random in {wins}/{total} = {100 * wins / total:.1f}% "
            f"(95% CI {100 * low:.1f}-{100 * high:.1f}%), seats alternating"
        )


if __name__ == "__main__":
    main()
