"""Scenario throughput: loading and running the example scenario files on Skirmish.

Loading (YAML with positions, checks against the driver) and running (setup, steps,
expectations, coverage recording) are timed separately. Run from the repository root:
``python benchmarks/scenarios.py``.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # for tests.scenarios.toy_driver

from hexforge.core.scenarios import load_scenario, run_scenario  # noqa: E402
from tests.scenarios.toy_driver import DRIVER  # noqa: E402

ROUNDS = 200


def main() -> None:
    files = sorted((ROOT / "tests" / "scenarios" / "examples").glob("*.scenario.yaml"))
    drivers = {DRIVER.game: DRIVER}
    start = time.perf_counter()
    scenarios = [load_scenario(path, drivers) for _ in range(ROUNDS) for path in files]
    loaded = time.perf_counter() - start
    start = time.perf_counter()
    results = [run_scenario(scenario) for scenario in scenarios]
    ran = time.perf_counter() - start
    assert all(result.passed for result in results)
    count = len(scenarios)
    print(f"{len(files)} example files x {ROUNDS} = {count} scenarios")
    print(f"load: {count / loaded:,.0f} files/s ({loaded / count * 1000:.2f} ms each)")
    print(f"run:  {count / ran:,.0f} scenarios/s ({ran / count * 1000:.2f} ms each)")


if __name__ == "__main__":
    main()
