"""Neuroshima Hex Duel: 200 seeded random games with invariant checks, and their figures.

Prints games and decisions per CPU-second with the invariants checked at every decision (the same
checks as tests/nshex/test_random_games.py), games/s without checks, and how the games
ended. Run from the repository root: ``python benchmarks/nshex.py [GAMES]``.
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hexforge.core.engine import RandomAgent
from hexforge.plugins.nshex.game import new_game, play_game
from hexforge.plugins.nshex.play import players_for
from tests.nshex.random_games import PAIRINGS, play_checked
from tests.plugged import NSHEX


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    start = time.process_time()
    outcomes = [play_checked(seed)[1] for seed in range(games)]
    checked = time.process_time() - start
    decisions = sum(o.decisions for o in outcomes)
    start = time.process_time()
    for seed in range(games):
        armies = PAIRINGS[seed % len(PAIRINGS)]
        players = players_for(armies)
        agents = {p: RandomAgent(seed * 7 + i) for i, p in enumerate(players)}
        play_game(new_game(NSHEX, dict(zip(players, armies, strict=True)), seed, agents))
    plain = time.process_time() - start
    print(f"{games} games with invariant checks: {checked:.2f} CPU-s ({games / checked:.1f}/CPU-s)")
    print(f"  {decisions} agent decisions checked ({decisions / checked:.0f}/CPU-s)")
    print(f"{games} games without checks: {plain:.2f} CPU-s ({games / plain:.1f}/CPU-s)")
    turns = sum(o.turns for o in outcomes) / games
    battles = sum(o.battles for o in outcomes) / games
    print(f"per game: {turns:.1f} turns, {battles:.1f} battles")
    ends = Counter(o.reason.split(";")[0] for o in outcomes)
    for reason, count in ends.most_common():
        print(f"  {count:4d}  {reason}")


if __name__ == "__main__":
    main()
