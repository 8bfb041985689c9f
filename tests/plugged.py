"""The installed plugins and what the games build from them, shared by the tests: the
motu ruleset with its card library, the nshex ruleset with its tiles."""

from __future__ import annotations

from pathlib import Path

from hexforge.plugins.manager import load_plugins
from hexforge.plugins.markers import hookimpl
from hexforge.plugins.motu.api import motu_rules
from hexforge.plugins.motu.driver import MotuDriver
from hexforge.plugins.nshex.driver import NshexDriver
from hexforge.plugins.nshex.rules import nshex_rules

HOST = load_plugins()
MOTU = motu_rules(HOST)
LIB = MOTU.library
NSHEX = nshex_rules(HOST)
TILES = NSHEX.tiles
MOTU_DRIVER = MotuDriver(HOST)
NSHEX_DRIVER = NshexDriver(HOST)


class PackAt:
    """An expansion that ships one pack folder and nothing else (tests install it beside
    the games with ``load_plugins([..., ("name", PackAt(folder))])``)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    @hookimpl
    def hexforge_content_packs(self) -> list[Path]:
        return [self.folder]


WISP = """- id: glade/wisp
  kind: character
  name: {en: Wisp}
  provenance: invented
  faction: masters
  stats: {health: 3, toughness: 2, mind: 4, power: 4, perception: 3, strength: 1,
    speed: 6, focused_speed: 9}
  cost: 12
  skills:
    - id: flicker
      name: {en: Flicker}
      cost: {ap: 1}
      effect: gain 2 mana
"""
"""A motu character of a test expansion pack ``glade``: the --pack and logged-setup tests."""
