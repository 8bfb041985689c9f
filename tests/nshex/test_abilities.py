"""Issue 22: tile abilities are registered building blocks. nshex registers ``takeover`` and
``transporter`` through the general ``hexforge_actions`` hook; an expansion registers a new
one the same way and names it on its tiles, and a tile naming an ability nobody registers
is HF806 (docs/nshex.md, "Tile abilities")."""

from __future__ import annotations

from pathlib import Path

import pytest

from hexforge.core.engine import Engine
from hexforge.core.errors import HexforgeError
from hexforge.core.scenarios import result_text, run_scenario, scenario_from_text
from hexforge.plugins.manager import load_plugins
from hexforge.plugins.markers import hookimpl
from hexforge.plugins.nshex.api import TileAbility
from hexforge.plugins.nshex.driver import NshexDriver
from hexforge.plugins.nshex.rules import nshex_rules

MANIFEST = "id: nshex-pads\nname: {en: Pads}\nversion: 0.1.0\ngame: nshex\nlanguages: [en]\n"
PAD = """\
- id: nshex-pads/jump-pad
  kind: module
  name: {en: Jump Pad}
  text: {en: "Any of your tiles may be placed onto it; the pad is then discarded."}
  provenance: invented
  abilities: [jump-pad]
"""


def _any_tile(engine: Engine, holder: str, tile: str) -> bool:
    return True


class Pads:
    """An expansion: a pack with the Jump Pad, and the ability it names."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    @hookimpl
    def hexforge_content_packs(self) -> list[Path]:
        return [self.folder]

    @hookimpl
    def hexforge_actions(self, game: str) -> list[object]:
        if game != "nshex":
            return []
        return [TileAbility("jump-pad", "any own tile may be placed onto it", carries=_any_tile)]


def _pack(where: Path, cards: str) -> Path:
    folder = where / "nshex-pads"
    (folder / "cards").mkdir(parents=True)
    (folder / "pack.yaml").write_text(MANIFEST, encoding="utf-8")
    (folder / "cards" / "pads.yaml").write_text(cards, encoding="utf-8")
    return folder


SCENARIO = """\
game: nshex
name: a module is placed onto an own jump pad, which is discarded
setup:
  players: [smart, borgo]
  tiles:
    - {id: pad, tile: nshex-pads/jump-pad, owner: smart, at: C3}
  hands:
    smart: [smart-officer]
steps:
  - do: turn
    player: smart
    answers: [play smart/smart-officer, C3, 0]   # then only "end" is left: forced
expect:
  - tile: smart/smart-officer
    at: C3
  - tile: pad
    on_board: false
  - player: smart
    discards: [pad]
"""


def test_an_expansions_ability_is_registered_and_played(tmp_path: Path) -> None:
    host = load_plugins([("nshex-pads", Pads(_pack(tmp_path, PAD)))])
    rules = nshex_rules(host)
    assert {"takeover", "transporter", "jump-pad"} <= set(rules.abilities)
    scenario = scenario_from_text(SCENARIO, {"nshex": NshexDriver(host)}, name="pad.yaml")
    result = run_scenario(scenario)
    assert result.passed, result_text(result)


def test_a_tile_naming_an_unregistered_ability_is_hf806(tmp_path: Path) -> None:
    host = load_plugins(
        [("nshex-pads", Pads(_pack(tmp_path, PAD.replace("jump-pad]", "teleporter]"))))]
    )
    with pytest.raises(HexforgeError) as error:
        nshex_rules(host)
    assert error.value.code == "HF806"
    assert "nshex-pads/jump-pad names the ability 'teleporter'" in str(error.value)
    assert error.value.diagnostics[0].hint == "did you mean 'transporter'?"
