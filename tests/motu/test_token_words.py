"""Token words come from the loaded cards of every pack (issue 21): a pack adds a buff with
one YAML card and no code, in ``hexforge validate`` and in play alike (rulebook §Buffs and
Debuffs, §Marks; game.yaml ``words:``, docs/content.md)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from hexforge.core.cli.main import make_cli
from hexforge.core.packs.cache import PackCache
from hexforge.core.packs.validate import validate
from hexforge.core.scenarios import result_text, run_scenario, scenario_from_text
from hexforge.plugins import motu
from hexforge.plugins.catalogue import catalogue_from_host
from hexforge.plugins.manager import PluginHost, load_plugins
from hexforge.plugins.motu.driver import MotuDriver
from hexforge.plugins.motu.library import load_library, motu_vocabulary_loaded
from hexforge.plugins.packs_of_game import loaded_vocabulary
from tests.plugged import PackAt

FURY = """- id: furies/fury
  kind: buff
  name: {en: Fury}
  provenance: invented
  effects:
    - "while defending: scope +1"
- id: furies/fury-rising
  kind: fate
  name: {en: Fury Rising}
  provenance: invented
  initiative: 5
  ap: 2
  mana: 0
  ability: give self fury
"""

RAGE = """- id: rage/rage-call
  kind: fate
  name: {en: Rage Call}
  provenance: invented
  initiative: 5
  ap: 2
  mana: 0
  ability: give self WORD
"""

PLAY = """game: motu
name: a buff of an expansion pack, given by a card of another pack
setup:
  map: {name: arena, provenance: invented, size: {columns: 8, rows: 8}, hex_inches: 1.25}
  units:
    - {id: he-man, card: he-man, at: E5, mana: 0}
    - {id: skeletor, card: skeletor, at: B2, mana: 0}
  hands: {masters: [rage/rage-call]}
  active: {unit: he-man, ap: 2}
steps:
  - do: play_card
    unit: he-man
    card: rage/rage-call
    bonus: ability
expect:
  - unit: he-man
    buff: furies/fury
"""


def _pack(root: Path, pack: str, cards: str, requires: str = "{motu: '*'}") -> Path:
    (root / pack / "cards").mkdir(parents=True)
    (root / pack / "pack.yaml").write_text(
        f"id: {pack}\nname: {{en: X}}\nversion: 1.0.0\ngame: motu\nrequires: {requires}\n",
        encoding="utf-8",
    )
    (root / pack / "cards" / "cards.yaml").write_text(cards, encoding="utf-8")
    return root / pack


def _host(*folders: Path) -> PluginHost:
    extra = [(folder.name, PackAt(folder)) for folder in folders]
    return load_plugins([("motu", motu.plugin), *extra], autoload=False)


def _codes(paths: list[Path], host: PluginHost, cache: PackCache | None = None) -> list[str]:
    report = validate(paths, catalogue_from_host(host), cache=cache)
    return [f"{d.code} {d.message} {d.hint}" for d in report.diagnostics]


def test_a_new_buff_card_is_a_word_of_its_own_pack(tmp_path: Path) -> None:
    furies = _pack(tmp_path, "furies", FURY)
    assert _codes([furies], _host(furies)) == []


def test_a_token_of_another_pack_is_a_word_where_that_pack_loads(tmp_path: Path) -> None:
    """rage requires furies and gives fury: clean; without furies loaded, HF316."""
    furies = _pack(tmp_path, "furies", FURY)
    rage = _pack(tmp_path, "rage", RAGE.replace("WORD", "fury"), "{motu: '*', furies: '*'}")
    assert _codes([rage], _host(furies, rage)) == []
    alone = _codes([rage], _host(rage))
    assert any(line.startswith("HF316 'fury' is not a token") for line in alone), alone


def test_a_misspelt_new_token_is_hf316_at_its_line_with_a_hint(tmp_path: Path) -> None:
    furies = _pack(tmp_path, "furies", FURY)
    rage = _pack(tmp_path, "rage", RAGE.replace("WORD", "furry"), "{motu: '*', furies: '*'}")
    result = CliRunner().invoke(
        make_cli(),
        ["--no-plugins", "--pack", str(furies), "validate", "--no-cache", str(rage)],
    )
    assert result.exit_code == 1, result.output
    assert "cards.yaml:8:22: error HF316: 'furry' is not a token" in result.output
    assert "did you mean 'fury'?" in result.output


def test_cached_results_follow_the_words_of_the_other_packs(tmp_path: Path) -> None:
    """The cache key of a pack covers the words of the run: renaming the buff in furies
    makes the unchanged rage pack's `give self fury` an error, not a stale clean entry."""
    cache = PackCache(tmp_path / "cache")
    furies = _pack(tmp_path, "furies", FURY)
    rage = _pack(tmp_path, "rage", RAGE.replace("WORD", "fury"), "{motu: '*', furies: '*'}")
    assert _codes([rage], _host(furies, rage), cache) == []
    cards = furies / "cards" / "cards.yaml"
    cards.write_text(
        FURY.replace("furies/fury\n", "furies/wrath\n").replace("self fury", "self wrath")
    )
    found = _codes([rage], _host(furies, rage), cache)
    assert any("'fury' is not a token" in line and "wrath" in line for line in found), found


def test_play_uses_the_words_of_every_loaded_pack(tmp_path: Path) -> None:
    """A card of one pack gives the buff another pack defines, in a played scenario."""
    furies = _pack(tmp_path, "furies", FURY)
    rage = _pack(tmp_path, "rage", RAGE.replace("WORD", "fury"), "{motu: '*', furies: '*'}")
    host = _host(furies, rage)
    assert "fury" in motu_vocabulary_loaded(load_library(host), host).constants["token"]
    assert (
        loaded_vocabulary(host, "motu").constants["token"]
        == (motu_vocabulary_loaded(load_library(host), host).constants["token"])
    )
    scenario = scenario_from_text(PLAY, {"motu": MotuDriver(host)}, name="fury.scenario.yaml")
    result = run_scenario(scenario)
    assert result.passed, result_text(result)


@pytest.mark.parametrize("kind", ["debuff", "mark"])
def test_debuff_and_mark_cards_are_words_too(tmp_path: Path, kind: str) -> None:
    extra = "  unique: true\n" if kind == "debuff" else "  range: 3\n  reach: 1\n"
    card = f"- id: hexes/doom\n  kind: {kind}\n  name: {{en: Doom}}\n  provenance: invented\n"
    hexes = _pack(tmp_path, "hexes", card + extra)
    host = _host(hexes)
    words = dict(load_library(host).words)
    assert "doom" in words["mark_name" if kind == "mark" else "token"]
