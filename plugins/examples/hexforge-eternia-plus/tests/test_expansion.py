"""The example expansion as a user gets it: installed, listed, valid, its verb working.

Run from hexforge's CI (.ci/run) after ``pip install ./plugins/examples/hexforge-eternia-plus``.
"""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner
from hexforge_eternia_plus import PACK
from hexforge_eternia_plus.invariants import VERDANT_WARD
from hexforge_eternia_plus.invariants import one_verdant_ward_per_force as CHECK
from hexforge_eternia_plus.verbs import siphon_mana

from hexforge.core.cli.main import make_cli
from hexforge.core.engine import Engine, RandomAgent
from hexforge.core.hexgrid import Hex
from hexforge.core.rules import EffectContext, Source, Tier
from hexforge.core.simulate.invariants import Moment, invariants_for
from hexforge.dsl.api import compile_text
from hexforge.plugins.catalogue import vocabulary_for
from hexforge.plugins.manager import load_plugins
from hexforge.plugins.motu.api import (
    PLAYERS,
    UnitState,
    create_character,
    load_setup,
    motu_rules,
    new_game,
    play_game,
)

RULES = motu_rules(load_plugins())
"""The motu ruleset of the installed plugins (this expansion's cards included)."""

VERB = "siphon {amount:int} mana from {target:character}"


def test_hexforge_plugins_lists_the_pack_the_verb_and_the_replacement() -> None:
    result = CliRunner().invoke(make_cli(), ["plugins", "--verbose"])
    assert result.exit_code == 0, result.output
    assert "eternia-plus 0.1.0" in result.output
    assert f"motu: {VERB}" in result.output
    assert "eternia-plus/stratos replaces motu/stratos" in result.output


def test_the_pack_validates_strictly() -> None:
    result = CliRunner().invoke(make_cli(), ["validate", "--strict", "--no-cache", str(PACK)])
    assert result.exit_code == 0, result.output


def test_the_setup_and_the_scenarios_validate_too() -> None:
    """Files of no pack: the setup beside the pack and the scenario files, checked alone
    (their fields, their cards - this expansion's among them - and the setup's decks)."""
    tests = Path(__file__).parent
    args = ["validate", "--strict", "--no-cache", str(PACK.parent / "setups"), str(tests)]
    result = CliRunner().invoke(make_cli(), args)
    assert result.exit_code == 0, result.output
    assert "0 errors, 0 warnings in 7 files (0 packs, 0 cards)" in result.output


def test_no_plugins_leaves_the_expansion_out() -> None:
    result = CliRunner().invoke(make_cli(), ["--no-plugins", "plugins"])
    assert result.exit_code == 0, result.output
    assert "eternia-plus" in result.output.split("not loaded")[-1]


def test_a_second_replacement_of_stratos_is_reported_naming_both(tmp_path: Path) -> None:
    """Two packs replacing one card is an error, whatever the install order."""
    rival = tmp_path / "rival"
    (rival / "cards").mkdir(parents=True)
    (rival / "pack.yaml").write_text(
        "id: rival\nname: {en: Rival}\nversion: 1.0.0\ngame: motu\n"
        "requires: {motu: '*', eternia-plus: '*'}\n"
    )
    card = (PACK / "cards" / "errata.yaml").read_text().replace("eternia-plus/", "rival/")
    (rival / "cards" / "errata.yaml").write_text(card)
    result = CliRunner().invoke(
        make_cli(), ["validate", "--no-cache", str(rival), str(PACK)], terminal_width=200
    )
    assert result.exit_code == 1
    assert "HF216" in result.output and "'motu/stratos' is already replaced by" in result.output


def test_the_verb_extends_the_motu_vocabulary() -> None:
    vocabulary = vocabulary_for(load_plugins(), "motu")
    assert VERB in [verb.template.text for verb in vocabulary.verbs]
    effect = compile_text(
        "siphon 2 mana from target", vocabulary, Source("eternia-plus/moss-man", Tier(1, "x"))
    )
    assert effect is not None


def _duel() -> Engine:
    players = ["masters", "evil"]
    engine = Engine.new(RULES, 1, players, {p: RandomAgent(1) for p in players})
    create_character(engine, "skeletor", "motu/skeletor", "evil", Hex(0, 0))
    create_character(engine, "he-man", "motu/he-man", "masters", Hex(3, 0))
    return engine


def test_spore_drain_takes_no_more_mana_than_the_target_has() -> None:
    engine = _duel()
    engine.set_prop("he-man", "mana", 1)
    source = Source("eternia-plus/moss-man", Tier(1, "character"))
    siphon_mana(EffectContext(engine, source, "skeletor"), 2, "he-man")
    assert engine.prop("he-man", "mana") == 0
    assert engine.prop("skeletor", "mana") == 1


def test_spore_drain_never_lifts_mana_above_five() -> None:
    """rulebook §Mana: a character holds at most five mana; what it cannot hold is lost."""
    engine = _duel()
    engine.set_prop("he-man", "mana", 3)
    engine.set_prop("skeletor", "mana", 4)
    source = Source("eternia-plus/moss-man", Tier(1, "character"))
    siphon_mana(EffectContext(engine, source, "skeletor"), 2, "he-man")
    assert engine.prop("he-man", "mana") == 1
    assert engine.prop("skeletor", "mana") == 5


SETUP = PACK.parent / "setups" / "moss-man-skirmish.yaml"


def test_moss_man_plays_a_whole_motu_game_and_acts() -> None:
    """The first game's setup with Moss Man in Stratos' place (rulebook §First Game Setup),
    played to the end by random agents: Moss Man activates and takes actions (which ones
    the random agents choose depends on every action the installed plugins offer)."""
    setup = load_setup(SETUP, RULES.library)
    agents = {player: RandomAgent(7 + i) for i, player in enumerate(PLAYERS)}
    engine = new_game(RULES, setup, 7, agents)
    play_game(engine)
    entries = list(engine.log.entries())
    activations = [e for e in entries if e["type"] == "activate"]
    assert any(e["unit"] == "moss-man" for e in activations)
    acted = ("moved", "played", "focus", "overwatch_taken")
    assert any(e["type"] in acted and e.get("unit") == "moss-man" for e in entries)


def test_hexforge_play_takes_the_expansion_setup_file() -> None:
    args = ["play", "--game", "motu", "--seed", "7", "--set", f"setup={SETUP}"]
    result = CliRunner().invoke(make_cli(), args)
    assert result.exit_code == 0, result.output
    assert "Moss Man activates" in result.output
    assert "(VP masters " in result.output


def test_the_errata_stands_in_for_the_base_stratos() -> None:
    """``replaces:``: the game plays the expansion's Stratos wherever motu/stratos is named."""
    stratos = RULES.library.card("motu/stratos", "character")
    assert stratos.id == "motu/stratos"
    assert stratos.cost == 16
    assert "eternia-plus/stratos" not in RULES.library.cards


def test_the_expansions_own_file_kind_is_validated(tmp_path: Path) -> None:
    """Hook hexforge_file_kinds: the pack's warband is checked with the cards (0 errors);
    a warband given alone naming an unknown character is HF213 at its line and column."""
    result = CliRunner().invoke(make_cli(), ["validate", "--strict", str(PACK)])
    assert result.exit_code == 0, result.output
    lone = tmp_path / "strays.yaml"
    lone.write_text("name: Strays\nmembers: [eternia-plus/moss-man, eternia-plus/mos-man]\n")
    result = CliRunner().invoke(make_cli(), ["validate", str(lone)])
    assert result.exit_code == 1
    assert "strays.yaml:2:34: error HF213: no motu character 'eternia-plus/mos-man'" in (
        result.output
    ), result.output


def test_the_unique_ward_is_an_invariant_simulate_checks() -> None:
    """Hook hexforge_invariants: two characters of one force holding Verdant Ward (a unique
    buff, rulebook §Buffs and Debuffs) break the expansion's invariant; ``simulate --check``
    checks it and names it in the reader's language."""
    (ward,) = [i for i in invariants_for(load_plugins().manager, "motu") if i.check is CHECK]
    setup = load_setup(SETUP, RULES.library)
    engine = new_game(RULES, setup, 7, {p: RandomAgent(1) for p in PLAYERS})
    first, second = (e.id for e in engine.entities("character", owner=PLAYERS[0])[:2])
    UnitState(engine, first).set_token("buff", VERDANT_WARD)
    assert list(ward.check(engine, Moment.STEP)) == []
    UnitState(engine, second).set_token("buff", VERDANT_WARD)
    (message,) = ward.check(engine, Moment.STEP)
    assert first in message and second in message
    args = ["--lang", "de", "simulate", "--game", "motu", "--games", "2", "--check"]
    result = CliRunner().invoke(make_cli(), [*args, "--set", f"setup={SETUP}"])
    assert result.exit_code == 0, result.output
    assert "höchstens eine Verdant Ward pro Streitmacht" in " ".join(result.output.split())
