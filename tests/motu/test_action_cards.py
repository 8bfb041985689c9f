"""Actions open to expansions (issue 21): action cards in a pack and actions a plugin
registers through ``hexforge_actions`` join the rulebook's in the turn loop, the scenario
driver and the agents, paid, targeted and interrupted as the rulebook's actions are
(rulebook §Perform Actions, §Use an Active Skill, §Interruptions, §Attacks of Opportunity).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from hexforge.core.packs.validate import validate
from hexforge.core.scenarios import Args, result_text, run_scenario, scenario_from_text
from hexforge.plugins import motu
from hexforge.plugins.catalogue import catalogue_from_host
from hexforge.plugins.manager import PluginHost, load_plugins
from hexforge.plugins.markers import hookimpl
from hexforge.plugins.motu.actions import Action, Choice, Cost, Turn
from hexforge.plugins.motu.driver import MotuDriver
from hexforge.plugins.motu.library import motu_rules
from tests.plugged import PackAt

TRENCH = """\
- id: trench/dig-in
  kind: action
  name: {en: Dig In}
  provenance: invented
  when: "not self is engaged"
  effect: "give self protection"
- id: trench/rally
  kind: action
  name: {en: Rally}
  provenance: invented
  cost: {ap: 1, mana: 1}
  repeat: false
  once: true
  target: ally
  range: 6
  effect: "add 2 mana to target"
- id: trench/hold-fast
  kind: action
  word: hold
  name: {en: Hold Fast}
  provenance: invented
  cost: {ap: 0}
  repeat: false
  interruptions: false
  ends: true
  effect: "give self protection"
"""
ARENA = "{name: arena, provenance: invented, size: {columns: 10, rows: 10}, hex_inches: 1.25}"


def _pack(tmp_path: Path, cards: str = TRENCH) -> Path:
    root = tmp_path / "trench"
    (root / "cards").mkdir(parents=True)
    (root / "pack.yaml").write_text(
        "id: trench\nname: {en: Trench}\nversion: 1.0.0\ngame: motu\nrequires: {motu: '*'}\n"
    )
    (root / "cards" / "actions.yaml").write_text(cards)
    return root


def _host(tmp_path: Path, *extra: tuple[str, object], cards: str = TRENCH) -> PluginHost:
    pack = PackAt(_pack(tmp_path, cards))
    return load_plugins([("motu", motu.plugin), ("trench", pack), *extra], autoload=False)


def _run(host: PluginHost, body: str, units: str) -> str:
    text = f"game: motu\nsetup:\n  map: {ARENA}\n  units:\n{units}{body}"
    scenario = scenario_from_text(text, {"motu": MotuDriver(host)}, name="trench.scenario.yaml")
    result = run_scenario(scenario)
    assert result.passed, result_text(result) + "\n".join(
        f"{d.code} {d.message}" for d in result.errors
    )
    return result_text(result)


ALONE = "    - {id: he, card: he-man, at: C5}\n    - {id: sk, card: skeletor, at: H9, facing: S}\n"
ENGAGED = (
    "    - {id: he, card: he-man, at: C5}\n    - {id: sk, card: skeletor, at: C4, facing: S}\n"
)


def test_an_action_card_is_offered_taken_and_paid_like_a_basic_action(tmp_path: Path) -> None:
    """Rulebook §Perform Actions: an action costs 1 AP and 1 more each repeat in the
    activation - Dig In at 1 AP, then 2, so with 2 AP it is offered once."""
    _run(
        _host(tmp_path),
        """  active: {unit: he, ap: 2}
steps:
  - expect:
      - query: legal_actions
        unit: he
        is: {contains: dig-in}
  - do: dig-in
    unit: he
  - expect:
      - unit: he
        buff: motu/protection
      - game:
          ap: 1
      - query: legal_actions
        unit: he
        is: {lacks: dig-in}
  - do: dig-in
    unit: he
    refused: {code: HF767, message: costs 2 AP and 1 are left}
""",
        ALONE,
    )


def test_an_action_cards_condition_decides_when_it_is_offered(tmp_path: Path) -> None:
    """Dig In says ``not self is engaged``: He-Man next to Skeletor cannot dig in."""
    _run(
        _host(tmp_path),
        """  active: {unit: he, ap: 2}
steps:
  - expect:
      - query: legal_actions
        unit: he
        is: {lacks: dig-in}
  - do: dig-in
    unit: he
    refused: {code: HF767, message: "its condition does not hold: not self is engaged"}
""",
        ENGAGED,
    )


def test_a_targeted_action_card_needs_a_target_in_range_and_is_once_per_activation(
    tmp_path: Path,
) -> None:
    """Rally targets an ally within 6 inches, costs 1 AP and 1 mana whatever was done
    before (``repeat: false``) and is taken once (``once: true``), as an active skill."""
    units = (
        "    - {id: he, card: he-man, at: C5, mana: 1}\n"
        "    - {id: ram, card: ram-man, at: D5}\n"
        "    - {id: stratos, card: stratos, at: J1}\n"
    )
    _run(
        _host(tmp_path),
        """  active: {unit: he, ap: 3}
steps:
  - expect:
      - query: legal_actions
        unit: he
        is: {contains: rally ram}
      - query: legal_actions
        unit: he
        is: {lacks: rally stratos}
  - do: rally
    unit: he
    target: stratos
    refused: {code: HF767, message: out of range}
  - do: rally
    unit: he
    target: ram
  - expect:
      - unit: ram
        mana: 2
      - unit: he
        mana: 0
      - game:
          ap: 2
  - do: rally
    unit: he
    target: ram
    refused: {code: HF767, message: already taken}
""",
        units,
    )


def test_an_action_card_that_ends_the_activation_is_not_taken_while_interrupting(
    tmp_path: Path,
) -> None:
    """Hold Fast ends the activation (as overwatch does) and is not offered to an
    interrupting character; in an attack of opportunity only a melee attack is
    (rulebook §Attacks of Opportunity)."""
    host = _host(tmp_path)
    _run(
        host,
        """  active: {unit: he, ap: 1}
steps:
  - do: hold
    unit: he
  - expect:
      - game:
          context: round
      - unit: he
        buff: motu/protection
""",
        ALONE,
    )
    _run(
        host,
        """  active: {unit: sk, ap: 1, interrupts: he}
steps:
  - expect:
      - query: legal_actions
        unit: sk
        is: {lacks: hold}
      - query: legal_actions
        unit: sk
        is: {contains: dig-in}
""",
        ALONE,
    )
    _run(
        host,
        """  active: {unit: sk, ap: 1, interrupts: he, opportunity: true}
steps:
  - expect:
      - query: legal_actions
        unit: sk
        is: {lacks: dig-in}
""",
        ENGAGED,
    )


def _stand(turn: Turn, args: Args) -> None:
    turn.engine.spend_ap(1, turn.acting())
    turn.engine.set_prop(turn.unit, "mana", 5)


def _offer_stand(engine: object, unit: str, frame: object) -> list[Choice]:
    return [Choice("stand")] if frame is not None else []


STAND = Action("stand", "§Perform Actions", Cost.REPEAT, "stand tall", _offer_stand, _stand)


class _Registers:
    """A plugin that registers one action in Python."""

    def __init__(self, *actions: object) -> None:
        self.actions = list(actions)

    @hookimpl
    def hexforge_actions(self, game: str) -> list[object]:
        return self.actions if game == "motu" else []


def test_a_plugin_registers_an_action_through_the_hook(tmp_path: Path) -> None:
    """The same table: offered after the rulebook's and the cards' actions come next,
    and a scenario step takes its name."""
    host = _host(tmp_path, ("stand", _Registers(STAND)))
    verbs = [str(a.verb) for a in motu_rules(host).actions.actions]
    assert verbs[:8] == ["end", "focus", "move", "attack", "skill", "item", "overwatch", "card"]
    assert verbs[8:] == ["stand", "dig-in", "hold", "rally"]
    _run(
        host,
        """  active: {unit: he, ap: 2}
steps:
  - do: stand
    unit: he
expect:
  - unit: he
    mana: 5
""",
        ALONE,
    )


def test_an_action_word_taken_twice_is_hf771_and_the_later_one_is_left_out(
    tmp_path: Path,
) -> None:
    clash = (
        TRENCH
        + """- id: trench/move
  kind: action
  name: {en: Sidestep}
  provenance: invented
  effect: "gain 1 mana"
"""
    )
    host = _host(tmp_path, ("stand", _Registers(STAND, STAND)), cards=clash)
    table = motu_rules(host).actions
    assert [str(a.verb) for a in table.actions].count("move") == 1
    assert table["move"].section == "§Move"
    found = [d for d in host.problems if d.code == "HF771"]
    assert len(found) == 2
    assert any("'move'" in d.message and "Sidestep" in d.message for d in found)
    assert any("'stand'" in d.message for d in found)


def test_a_plugin_returning_something_else_than_actions_is_hf603(tmp_path: Path) -> None:
    host = _host(tmp_path, ("odd", _Registers("stand")))
    verbs = [str(a.verb) for a in motu_rules(host).actions.actions]
    assert "stand" not in verbs and "dig-in" in verbs
    assert any(d.code == "HF603" and "hexforge_actions" in d.message for d in host.problems)


@pytest.mark.parametrize(
    ("field", "expected"),
    [
        ('when: "self is engagd"', ("HF313", "did you mean '<who> is engaged'?")),
        ('when: "self has fury"', ("HF316", "'fury' is not a token")),
        ("when: |\n    self is engaged\n    self is focused", ("HF302", "one line")),
        ("target: foe", ("HF204", "allowed values: none, enemy, ally, character")),
    ],
)
def test_a_bad_action_card_is_reported_where_it_is_written(
    tmp_path: Path, field: str, expected: tuple[str, str]
) -> None:
    """A condition is checked as one: its problems point into the file, with a hint."""
    card = f"""- id: trench/odd
  kind: action
  name: {{en: Odd}}
  provenance: invented
  {field}
  effect: "gain 1 mana"
"""
    host = _host(tmp_path, cards=card)
    report = validate([tmp_path / "trench"], catalogue_from_host(host))
    code, text = expected
    found = [d for d in report.diagnostics if d.code == code]
    assert found, report.diagnostics
    shown = f"{found[0].message} {found[0].hint}"
    assert text in shown, shown
    assert found[0].span is not None and str(found[0].span.file).endswith("actions.yaml")
    assert found[0].span.line >= 5
