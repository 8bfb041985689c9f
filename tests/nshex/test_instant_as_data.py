"""Issue 22: an instant tile is data. A pack that ships a new instant written only in YAML and
the effect language (no Python, no plugin code besides shipping the folder) plays it in a
scenario, with the same choices, account line and rules as the shipped instants
(docs/nshex.md, "Instant tiles"); a choice listing the wrong kind of thing is HF805."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from hexforge.core.cli.main import make_cli
from hexforge.core.errors import HexforgeError
from hexforge.core.scenarios import result_text, run_scenario, scenario_from_text
from hexforge.plugins.manager import load_plugins
from hexforge.plugins.nshex.driver import NshexDriver
from hexforge.plugins.nshex.rules import nshex_rules
from tests.plugged import PackAt

MANIFEST = """\
id: nshex-extras
name: {en: Extra instants}
version: 0.1.0
game: nshex
languages: [en]
"""

SHOCKWAVE = """\
# A new instant, invented for this test: one of your units shakes every enemy next to it.
- id: nshex-extras/shockwave
  kind: instant
  name: {en: Shockwave}
  text: {en: "One wound to every enemy unit (not an HQ) next to one of your units."}
  provenance: invented
  choose:
    unit: allies free to act
  effect: deal 1 wound to enemies other than HQs around unit
  account: "{player} plays {tile}: a shockwave around {unit}"
"""

SCENARIO = """\
game: nshex
name: a shockwave from a pack's instant wounds every enemy around the chosen unit
setup:
  players: [smart, borgo]
  tiles:
    - {id: golem, tile: smart-golem, owner: smart, at: C3, rotation: 0}
    - {id: cyborg, tile: smart-cyborg, owner: smart, at: A4, rotation: 0}
    - {id: mutant, tile: borgo-mutant, owner: borgo, at: C2, rotation: 3}
    - {id: brawler, tile: borgo-brawler, owner: borgo, at: D3, rotation: 0}
    - {id: claws, tile: borgo-claws, owner: borgo, at: E4, rotation: 0}
    - {id: borgo-hq, tile: borgo-hq, owner: borgo, at: C4}
  hands:
    smart: [nshex-extras/shockwave]
steps:
  - expect:
      - query: actions
        player: smart
        is: [end, discard smart/shockwave, play smart/shockwave]
  - do: turn
    player: smart
    answers:
      - play smart/shockwave
      - golem                # the unit: its neighbours are the mutant, the brawler, the HQ
expect:
  - tile: mutant
    on_board: false          # toughness 0: one wound kills
  - tile: brawler
    wounds: 1                # toughness 1: survives
  - tile: borgo-hq
    wounds: 0                # not an HQ
  - tile: claws
    wounds: 0                # not around the golem
  - player: smart
    discards: [smart/shockwave]
  - happened: {type: nshex, text: "  smart plays smart/shockwave: a shockwave around golem"}
"""


def _pack(where: Path, cards: str) -> Path:
    folder = where / "nshex-extras"
    (folder / "cards").mkdir(parents=True)
    (folder / "pack.yaml").write_text(MANIFEST, encoding="utf-8")
    (folder / "cards" / "instants.yaml").write_text(cards, encoding="utf-8")
    return folder


def test_a_packs_instant_written_in_yaml_and_dsl_plays_in_a_scenario(tmp_path: Path) -> None:
    host = load_plugins([("nshex-extras", PackAt(_pack(tmp_path, SHOCKWAVE)))])
    scenario = scenario_from_text(SCENARIO, {"nshex": NshexDriver(host)}, name="shock.yaml")
    result = run_scenario(scenario)
    assert result.passed, result_text(result)


def test_a_choice_listing_the_wrong_kind_is_hf805(tmp_path: Path) -> None:
    wrong = SHOCKWAVE.replace("unit: allies free to act", "unit: hexes")
    host = load_plugins([("nshex-extras", PackAt(_pack(tmp_path, wrong)))])
    with pytest.raises(HexforgeError) as error:
        nshex_rules(host)
    assert error.value.code == "HF805"
    assert "choice 'unit' must list tiles" in str(error.value)


def test_validate_points_at_a_misspelt_choice_and_effect(tmp_path: Path) -> None:
    """The choices are selectors checked like effect texts: ``hexforge validate`` names the
    file, line and column of each mistake."""
    broken = SHOCKWAVE.replace("allies free", "alies free").replace("1 wound", "1 wond")
    folder = _pack(tmp_path, broken)
    result = CliRunner().invoke(make_cli(), ["validate", str(folder)], terminal_width=200)
    assert result.exit_code == 1
    assert "instants.yaml:8:11: error HF312: unknown selector 'alies free to act'" in result.output
    assert "instants.yaml:9:11: error HF320" in result.output


def test_an_account_naming_no_choice_is_reported_at_its_field(tmp_path: Path) -> None:
    broken = SHOCKWAVE.replace("around {unit}", "around {target}")
    folder = _pack(tmp_path, broken)
    result = CliRunner().invoke(make_cli(), ["validate", str(folder)], terminal_width=200)
    assert result.exit_code == 1
    assert "instants.yaml:10:12: error HF206: 'account': account names target" in (result.output), (
        result.output
    )
