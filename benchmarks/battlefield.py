"""How fast the motu battlefield answers its hot-path questions (issue 7).

Prints line-of-sight queries and reachable-set computations per CPU second on the
standard 30 x 25 battleground with terrain, platforms and ladders, three ways:

* cold: a fresh map (its memos empty) and no segment shapes known to the process;
* memoised: the same questions again on the same map (for movement, cold means every
  reachable set searched afresh with the map's static move tables warm, memoised the
  same sets again: the map remembers the last few hundred by who stands where).

Run: ``python benchmarks/battlefield.py [--queries N]``.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from pathlib import Path

from hexforge.core.hexgrid.geometry import forget_shapes
from hexforge.plugins.motu.battlefield import (
    Location,
    Map,
    Occupancy,
    Occupant,
    in_cover,
    load_map,
    reachable,
    sees,
)

MAP = (
    Path(__file__).resolve().parent.parent / "content" / "motu" / "maps" / "grayskull-ramparts.yaml"
)


def _rate(count: int, work: Callable[[], None]) -> float:
    """``count`` per CPU second of ``work`` (CPU time: the machine's other load does not
    count)."""
    start = time.process_time()
    work()
    return count / (time.process_time() - start)


def _places(field: Map) -> list[Location]:
    return [loc for loc in field.locations if field.standable(loc)]


def sight(queries: int) -> None:
    rng = random.Random(7)
    field = load_map(MAP)
    places = _places(field)
    pairs = [(rng.choice(places), rng.choice(places)) for _ in range(queries)]

    def run(on: Map) -> Callable[[], None]:
        def work() -> None:
            for a, b in pairs:
                sees(on, a, b)

        return work

    forget_shapes()
    cold = _rate(queries, run(field))
    warm = _rate(queries, run(field))
    seen = sum(sees(field, a, b) for a, b in pairs)
    print(f"line of sight   ({queries} random pairs, {seen} in sight)")
    print(f"  cold           {cold:>12,.0f} queries/s")
    print(f"  memoised       {warm:>12,.0f} queries/s")


def _crowd(field: Map, rng: random.Random, count: int) -> list[Occupant]:
    spots = rng.sample([loc for loc in _places(field) if loc.level == 0], count)
    return [
        Occupant(f"m{i}", "masters" if i % 2 else "evil", (loc.hex,), loc.level)
        for i, loc in enumerate(spots)
    ]


def movement(computations: int) -> None:
    rng = random.Random(11)
    field = load_map(MAP)
    crowd = _crowd(field, rng, 10)
    occupancy = Occupancy(field, crowd)
    jobs = [(rng.choice(crowd), rng.choice((5, 8))) for _ in range(computations)]

    def run(on: Map, occ: Occupancy, search: bool) -> Callable[[], None]:
        remembered = on.memo("reach")

        def work() -> None:
            for mover, speed in jobs:
                if search:  # every set searched afresh (the static move tables stay warm)
                    remembered.clear()
                reachable(on, occ, mover, speed)

        return work

    forget_shapes()
    cold = _rate(computations, run(field, occupancy, True))
    warm = _rate(computations, run(field, occupancy, False))
    sizes = [len(reachable(field, occupancy, m, s).costs) for m, s in jobs[:50]]
    print(f"reachable sets  ({computations} moves at speed 5 or 8, 10 models on the map,")
    print(f"                 {sum(sizes) / len(sizes):.0f} locations reached on average)")
    print(f"  cold           {cold:>12,.0f} computations/s")
    print(f"  memoised       {warm:>12,.0f} computations/s")


def cover(queries: int) -> None:
    rng = random.Random(13)
    field = load_map(MAP)
    crowd = _crowd(field, rng, 10)
    occupancy = Occupancy(field, crowd)
    pairs = [(rng.choice(crowd), rng.choice(crowd)) for _ in range(queries)]
    pairs = [(a, b) for a, b in pairs if a is not b]

    def run() -> None:
        for a, b in pairs:
            in_cover(field, occupancy, a.location, b)

    forget_shapes()
    cold = _rate(len(pairs), run)
    warm = _rate(len(pairs), run)
    print(f"cover           ({len(pairs)} attacker/target pairs)")
    print(f"  cold           {cold:>12,.0f} queries/s")
    print(f"  memoised       {warm:>12,.0f} queries/s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--queries", type=int, default=5000)
    args = parser.parse_args()
    print(f"map: {MAP.name} (30 x 25 hexes, platforms and ladders)")
    sight(args.queries)
    movement(max(args.queries // 10, 50))
    cover(args.queries)


if __name__ == "__main__":
    main()
