"""Bad nshex scenario setups and content are errors with codes and places (docs/errors.md)."""

from __future__ import annotations

import pytest

from hexforge.core.errors import HexforgeError
from hexforge.core.packs.validate import validate
from hexforge.core.scenarios import run_scenario, scenario_from_text
from hexforge.plugins.catalogue import catalogue_from_host
from hexforge.plugins.manager import load_plugins
from hexforge.plugins.nshex import CONTENT
from tests.plugged import NSHEX_DRIVER, TILES

SETUP = """game: nshex
setup:
  players: [smart, vegas]
  tiles:
    - {id: a, tile: smart-ripper, owner: smart, at: C3}
    - {id: b, tile: %s, owner: vegas, at: %s}
"""


@pytest.mark.parametrize(
    ("tile", "at", "code", "line", "hint"),
    [
        ("vegas-guardian", "F3", "HF801", 6, "A2, A3"),
        ("vegas-gardian", "C2", "HF802", 6, "nshex/vegas-guardian"),
        ("vegas-guardian", "C3", "HF804", 6, None),
    ],
)
def test_a_bad_setup_points_at_the_entry(
    tile: str, at: str, code: str, line: int, hint: str | None
) -> None:
    scenario = scenario_from_text(SETUP % (tile, at), {"nshex": NSHEX_DRIVER}, name="x.yaml")
    result = run_scenario(scenario)
    (problem,) = result.errors
    assert problem.code == code
    assert problem.span is not None and problem.span.line == line
    assert hint is None or (problem.hint is not None and hint in problem.hint)


def test_an_unknown_army_lists_the_known_ones() -> None:
    with pytest.raises(HexforgeError) as caught:
        TILES.pile("moloch")
    assert caught.value.code == "HF802"
    assert caught.value.diagnostics[0].hint == "known: borgo, smart, vegas"


def test_every_army_holds_an_hq_and_34_tiles() -> None:
    for army in TILES.armies():
        hq, pile = TILES.pile(army)
        assert TILES.tile(hq).kind == "hq" and len(pile) == 34


def test_the_shipped_pack_validates_clean() -> None:
    """Tiles, armies (references to tiles of the right kinds) and every effect text."""
    catalogue = catalogue_from_host(load_plugins())
    report = validate([CONTENT], catalogue)
    assert report.diagnostics == ()
