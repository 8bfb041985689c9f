"""rulebook §Massive Models - Switching: a massive model never trades places with a
non-massive one; two massive models (or two ordinary ones) still switch, two massive
ones only with bases of one size (a reading: each takes the other's whole base).

The content's one massive character is the Stone Colossus (``beast`` here is a plain
reference to it); the tests add copies of it, ``titan`` with the same three-hex base and
``brute`` with a two-hex one, to the loaded cards for the test only."""

from __future__ import annotations

import pytest

from hexforge.core.scenarios import result_text, run_scenario, scenario_from_text
from hexforge.plugins.motu.cards import Character
from hexforge.plugins.motu.library import motu_rules
from tests.plugged import HOST, MOTU_DRIVER

SCENARIO = """game: motu
name: Massive Models - Switching
setup:
  map: {{name: arena, provenance: invented, size: {{columns: 12, rows: 12}}, hex_inches: 1.25}}
  units:
    - {{id: mover, card: {mover}, at: E5, facing: N}}
    - {{id: other, card: {other}, at: H8, facing: SE}}
  active: {{unit: mover, ap: 2}}
steps:
  - do: switch
    unit: mover
    with: other
expect:
  - unit: mover
    at: {mover_ends}
  - unit: other
    at: {other_ends}
  - {seen}: {{type: switch_refused, unit: mover, other: other{reason}}}
"""


@pytest.fixture(autouse=True)
def _massive_characters(monkeypatch: pytest.MonkeyPatch) -> None:
    # The library the driver's games are built on now: rulesets are cached per set of
    # plugins (a few at a time), so the one tests.plugged made first may be gone.
    lib = motu_rules(HOST).library
    colossus = lib.card("motu/stone-colossus", "character")
    assert isinstance(colossus, Character)
    for name, base in (("beast", 3), ("titan", 3), ("brute", 2)):
        card = colossus.model_copy(update={"id": f"motu/{name}", "base": base, "skills": []})
        monkeypatch.setitem(lib.cards, card.id, card)


def _run(mover: str, other: str, *, switched: bool, reason: str = "") -> None:
    text = SCENARIO.format(
        mover=mover,
        other=other,
        mover_ends="H8" if switched else "E5",
        other_ends="E5" if switched else "H8",
        seen="not_happened" if switched else "happened",
        reason=f", reason: {reason}" if reason else "",
    )
    scenario = scenario_from_text(text, {"motu": MOTU_DRIVER}, name="switching.scenario.yaml")
    result = run_scenario(scenario)
    assert result.passed, result_text(result)


@pytest.mark.parametrize(("mover", "other"), [("beast", "he-man"), ("he-man", "beast")])
def test_massive_models_switching_never_with_a_non_massive_model(mover: str, other: str) -> None:
    _run(mover, other, switched=False, reason="massive")


@pytest.mark.parametrize(("mover", "other"), [("beast", "titan"), ("he-man", "stratos")])
def test_massive_models_switching_with_a_model_of_the_same_kind(mover: str, other: str) -> None:
    _run(mover, other, switched=True)


def test_massive_models_switching_needs_bases_of_one_size() -> None:
    _run("beast", "brute", switched=False, reason="base")
