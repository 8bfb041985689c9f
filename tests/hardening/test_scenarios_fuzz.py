"""Issue 20: scenario files of both games answer any mutation with coded diagnostics.

Hypothesis takes shipped motu and nshex scenarios and rewrites their numbers (huge, negative,
4,301+ digits, ``0x`` literals), their coordinates and their keys, then loads and runs them.
The only outcomes allowed: the file is refused with a :class:`HexforgeError` whose
diagnostics carry codes, or it runs to a result whose errors carry codes - never another
exception, and never HF521 (a driver that raised: a crash dressed as a report).
"""

from __future__ import annotations

import re
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from hexforge.core.errors import HexforgeError
from hexforge.core.scenarios import run_scenario, scenario_from_text
from hexforge.core.scenarios.codes import DRIVER_FAILED
from hexforge.core.scenarios.driver import ScenarioDriver
from tests.plugged import MOTU_DRIVER, NSHEX_DRIVER

ROOT = Path(__file__).parents[1]
DRIVERS: dict[str, ScenarioDriver] = {"motu": MOTU_DRIVER, "nshex": NSHEX_DRIVER}
SOURCES = (
    sorted((ROOT / "motu" / "scenarios").glob("*.scenario.yaml"))[:40]
    + sorted((ROOT / "nshex" / "scenarios").glob("*.scenario.yaml"))[:20]
)
CODE = re.compile(r"HF\d{3}")
NUMBER = re.compile(r"(?<![\w.-])-?\d+(?![\w.])")
COORD = re.compile(r"\b[A-Z]\d{1,2}\b")
KEY = re.compile(r"^(\s*-?\s*)([a-z_]+):", re.MULTILINE)

NUMBERS = st.one_of(
    st.integers(-(2**70), 2**70).map(str),
    st.integers(-3, 40).map(str),
    st.sampled_from(["9" * 4301, "0x" + "f" * 40, "-0", "007", "1e9", "99", "0o17"]),
)
COORDS = st.sampled_from(["A1", "Z99", "A0", "C3", "E5", "Q17", "a1", "9A"])
KEYS = st.sampled_from(["wounds", "mana", "ap", "seed", "round", "hp", "level", "bogus", "at"])


@st.composite
def mutated(draw: st.DrawFn) -> tuple[str, str]:
    """A shipped scenario with some numbers, coordinates and keys replaced."""
    path = draw(st.sampled_from(SOURCES))
    text = path.read_text(encoding="utf-8")
    for pattern, values in ((NUMBER, NUMBERS), (COORD, COORDS)):
        spots = list(pattern.finditer(text))
        if not spots:
            continue
        chosen = draw(st.sets(st.integers(0, len(spots) - 1), max_size=3))
        for index in sorted(chosen, reverse=True):
            spot = spots[index]
            text = text[: spot.start()] + draw(values) + text[spot.end() :]
    rename: bool = draw(st.booleans())
    keys = list(KEY.finditer(text))
    if keys and rename:
        spot = keys[draw(st.integers(0, len(keys) - 1))]
        text = text[: spot.start(2)] + draw(KEYS) + text[spot.end(2) :]
    return path.name, text


@settings(max_examples=120, deadline=None)
@given(mutated())
def test_mutated_scenarios_load_and_run_to_coded_results(case: tuple[str, str]) -> None:
    name, text = case
    try:
        scenario = scenario_from_text(text, DRIVERS, name=name)
    except HexforgeError as error:
        assert error.diagnostics
        for diagnostic in error.diagnostics:
            assert CODE.fullmatch(diagnostic.code), diagnostic
        return
    result = run_scenario(scenario)
    for diagnostic in result.errors:
        assert CODE.fullmatch(diagnostic.code), diagnostic
        assert diagnostic.code != DRIVER_FAILED, (diagnostic.message, text)
