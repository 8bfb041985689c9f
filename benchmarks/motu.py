"""Masters of the Universe: Battleground: 200 seeded random first games with invariant
checks, and their figures.

Prints games/s with the invariants checked after every event and before every decision
(the same checks as tests/motu/test_random_games.py), games/s without checks, and how the
games ended. Run from the repository root: ``python benchmarks/motu.py [GAMES]``.
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hexforge.core.engine import RandomAgent
from hexforge.plugins.motu.rounds import new_game, play_game
from hexforge.plugins.motu.setups import shipped_setup
from tests.motu.random_games import play_checked
from tests.plugged import LIB, MOTU


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    start = time.perf_counter()
    played = [play_checked(seed) for seed in range(games)]
    checked = time.perf_counter() - start
    outcomes = [outcome for _, outcome in played]
    decisions = sum(o.decisions for o in outcomes)
    events = sum(o.events for o in outcomes)
    start = time.perf_counter()
    for seed in range(games):
        agents = {"masters": RandomAgent(seed * 7 + 1), "evil": RandomAgent(seed * 7 + 2)}
        play_game(new_game(MOTU, shipped_setup("first-game", LIB), seed, agents))
    plain = time.perf_counter() - start
    print(f"{games} games with invariant checks: {checked:.2f} s ({games / checked:.1f} games/s)")
    print(f"  {decisions} decisions and {events} events checked")
    print(f"{games} games without checks: {plain:.2f} s ({games / plain:.1f} games/s)")
    knockouts = sum(
        sum(1 for e in engine.log.entries() if e["type"] == "event" and e["name"] == "knocked_out")
        for engine, _ in played
    )
    interruptions = sum(
        sum(1 for e in engine.log.entries() if e["type"] == "interrupt") for engine, _ in played
    )
    print(f"in all: {knockouts} knock-outs, {interruptions} interruptions")
    ends = Counter(o.reason.split(" ")[0] + (" win" if o.winner else "") for o in outcomes)
    for reason, count in ends.most_common():
        print(f"  {count:4d}  {reason}")


if __name__ == "__main__":
    main()
