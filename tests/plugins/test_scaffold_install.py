"""Issue 11 acceptance: generate an expansion, pip install it into a fresh virtual
environment, and it shows in ``hexforge plugins``, validates and passes its own tests
(pytest, and ``hexforge test`` on its scenario, which fields its character), and its
character plays in a whole game of its setup file.

Slow (a virtual environment and two pip installs, about 30-60 s), so it runs only with
HEXFORGE_SLOW_TESTS=1; .ci/run sets it for this file.
"""

from __future__ import annotations

import sys
from pathlib import Path

from tests.processes import SLOW, run_ok

ROOT = Path(__file__).resolve().parents[2]

pytestmark = SLOW


def test_a_generated_expansion_installs_lists_validates_and_passes_its_tests(
    tmp_path: Path,
) -> None:
    venv = tmp_path / "venv"
    run_ok(sys.executable, "-m", "venv", venv)
    python, hexforge = venv / "bin" / "python", venv / "bin" / "hexforge"
    run_ok(python, "-m", "pip", "install", "--quiet", f"{ROOT}[test]")
    package = tmp_path / "hexforge-moonrise"
    run_ok(hexforge, "new", "expansion", "moonrise", "--into", package)
    run_ok(python, "-m", "pip", "install", "--quiet", f"{package}[test]")

    listing = run_ok(hexforge, "plugins", "--verbose", "--format", "json")
    assert '"hexforge-moonrise"' in listing and "siphon {amount:int} mana" in listing
    assert "moonrise 0.1.0" in listing
    run_ok(hexforge, "validate", "--strict", "--no-cache")
    run_ok(
        hexforge, "validate", "--strict", "--no-cache", "src/hexforge_moonrise/pack", cwd=package
    )
    lone = ["src/hexforge_moonrise/setups", "tests"]  # the setup and scenario: no pack's files
    run_ok(hexforge, "validate", "--strict", "--no-cache", *lone, cwd=package)
    tests = run_ok(python, "-m", "pytest", "-q", "-p", "no:cacheprovider", cwd=package)
    assert "5 passed" in tests  # four Python tests and the scenario
    scenarios = run_ok(hexforge, "test", "--verbose", cwd=package)
    assert "passed tests/mana-leech.scenario.yaml" in scenarios
    assert scenarios.strip().splitlines()[-1] == "1 passed, 0 failed"
    setup = "setup=src/hexforge_moonrise/setups/skirmish.yaml"
    game = run_ok(hexforge, "play", "--game", "motu", "--seed", "1", "--set", setup, cwd=package)
    assert "Mana Leech activates" in game and "(VP masters " in game
    hidden = run_ok(hexforge, "--no-plugins", "plugins")
    assert "not loaded (--plugins/--no-plugins): moonrise" in hidden
