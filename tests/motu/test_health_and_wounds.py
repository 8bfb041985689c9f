"""Wounds and knock-outs as an expansion meets them (rulebook §Health and Wounds).

A character gains as many wound tokens as the wounds it is dealt; an effect that prevents
wounds before they are placed (a ``when ... would be wounded`` hook changing the amount)
leaves only the rest, none when it prevents them all. A knocked-out character's model is
removed from the battleground, and its card and equipment stop working from then on: a
card of its own still reacts to the removal itself, as the cards of a character react to
its knock-out. Until the attack that knocked it out ends its model stays on the board, but
it is out of the game already: nothing can target it.

The expansion here (``guard``) adds what no rulebook card needs: a verb that prevents
wounds and a trigger phrase for the removal; its pack (``kit``) has items using them, and
two more: a free move when the bearer knocks out an enemy, and a salve for an ally.
"""

from __future__ import annotations

from pathlib import Path

from hexforge.core.engine import Event
from hexforge.core.rules import EffectContext
from hexforge.core.scenarios import result_text, run_scenario, scenario_from_text
from hexforge.dsl.vocabulary import Vocabulary
from hexforge.plugins import motu
from hexforge.plugins.manager import PluginHost, load_plugins
from hexforge.plugins.markers import hookimpl
from hexforge.plugins.motu.driver import MotuDriver
from tests.plugged import PackAt

KIT = """\
- id: kit/buckler
  kind: item
  name: {en: Buckler}
  provenance: invented
  type: shield
  skills:
    - id: block
      name: {en: Block}
      effect: "when self would be wounded: prevent 1 wound"
- id: kit/last-stand-banner
  kind: item
  name: {en: Last Stand Banner}
  provenance: invented
  type: trinket
  skills:
    - id: rally
      name: {en: Rally}
      effect: |
        when self is removed from the battleground:
            for each ally within 3 inches of self:
                give it protection
- id: kit/pursuit-charm
  kind: item
  name: {en: Pursuit Charm}
  provenance: invented
  type: trinket
  skills:
    - id: pursue
      name: {en: Pursue}
      effect: "when self knocks out an enemy: make a free move"
- id: kit/healing-salve
  kind: item
  name: {en: Healing Salve}
  provenance: invented
  type: trinket
  skills:
    - id: salve
      name: {en: Salve}
      cost: {ap: 1}
      target: ally
      range: 8
      effect: "remove 1 wound from target"
"""

ARENA = "{name: arena, provenance: invented, size: {columns: 10, rows: 10}, hex_inches: 1.25}"


class Guard:
    """The expansion's words: ``prevent N wounds`` in a hook before a wound is placed, and
    ``when X is removed from the battleground``."""

    @hookimpl
    def hexforge_dsl_vocabulary(self, game: str, vocabulary: Vocabulary) -> None:
        if game == "motu":
            vocabulary.verb(
                "prevent {amount:int} wound(s)", self.prevent, bounds={"amount": (1, 9)}
            )
            vocabulary.trigger(
                "when", "{unit} is removed from the battleground", "removed_from_board"
            )

    @staticmethod
    def prevent(ctx: EffectContext, amount: int) -> None:
        event = ctx.bindings.get("event")
        if isinstance(event, Event) and event.name == "wounded":
            event.set("amount", max(0, int(str(event["amount"])) - amount))


def _host(tmp_path: Path) -> PluginHost:
    root = tmp_path / "kit"
    (root / "cards").mkdir(parents=True)
    (root / "pack.yaml").write_text(
        "id: kit\nname: {en: Kit}\nversion: 1.0.0\ngame: motu\nrequires: {motu: '*'}\n"
    )
    (root / "cards" / "items.yaml").write_text(KIT)
    plugins = [("motu", motu.plugin), ("guard", Guard()), ("kit", PackAt(root))]
    return load_plugins(plugins, autoload=False)


def _passes(host: PluginHost, text: str) -> None:
    scenario = scenario_from_text(text, {"motu": MotuDriver(host)}, name="kit.scenario.yaml")
    result = run_scenario(scenario)
    assert result.passed, result_text(result) + "\n".join(
        f"{d.code} {d.message}" for d in result.errors
    )


def test_prevented_wounds_are_not_gained(tmp_path: Path) -> None:
    """rulebook §Health and Wounds: He-Man's Buckler prevents one wound of each wounding.
    Of 1 wound dealt none is left: he gains no wound token. Of 3 wounds dealt, 2 are
    left: he gains 2 tokens."""
    _passes(
        _host(tmp_path),
        f"""game: motu
setup:
  map: {ARENA}
  units:
    - {{id: he-man, card: he-man, at: C5, items: [kit/buckler]}}
    - {{id: skeletor, card: skeletor, at: H9, facing: S}}
steps:
  - do: wound
    unit: he-man
    amount: 1
    source: skeletor
  - expect:
      - unit: he-man
        wounds: 0
  - do: wound
    unit: he-man
    amount: 3
    source: skeletor
expect:
  - unit: he-man
    wounds: 2
    knocked_out: false
""",
    )


def test_a_knocked_out_characters_own_card_reacts_to_its_removal(tmp_path: Path) -> None:
    """rulebook §Health and Wounds: He-Man is knocked out and his model is removed from
    the battleground. His Last Stand Banner reacts to that removal - his equipment works
    until the model leaves - and gives Man-At-Arms, an ally within 3 inches, Protection;
    then He-Man is off the board."""
    _passes(
        _host(tmp_path),
        f"""game: motu
setup:
  map: {ARENA}
  units:
    - {{id: he-man, card: he-man, at: C5, wounds: 4, items: [kit/last-stand-banner]}}
    - {{id: man-at-arms, card: man-at-arms, at: D5}}
    - {{id: skeletor, card: skeletor, at: H9, facing: S}}
steps:
  - do: wound
    unit: he-man
    amount: 1
    source: skeletor
expect:
  - unit: he-man
    knocked_out: true
    in_play: false
  - unit: man-at-arms
    buff: motu/protection
  - in_order:
      - {{event: knocked_out, target: he-man}}
      - {{event: removed_from_board, unit: he-man}}
      - {{event: token_gained, unit: man-at-arms, token: motu/protection}}
""",
    )


def test_a_knocked_out_character_is_no_target_while_its_model_stays(tmp_path: Path) -> None:
    """rulebook §Health and Wounds, §Overwatch, §Interruptions: He-Man knocks out Skeletor;
    his Pursuit Charm moves him at once, while the attack - and Skeletor's model - is not
    over yet. Trap Jaw's overwatch interrupts the move; Skeletor, in his sight and range,
    is knocked out, so Trap Jaw's Healing Salve has no ally to target: it is not among
    his actions."""
    _passes(
        _host(tmp_path),
        """game: motu
setup:
  map: {name: arena, provenance: invented, size: {columns: 12, rows: 12}, hex_inches: 1.25}
  units:
    - {id: he-man, card: he-man, at: E6, facing: N, items: [kit/pursuit-charm]}
    - {id: skeletor, card: skeletor, at: E5, facing: S, wounds: 4}
    - id: trap-jaw
      card: trap-jaw
      at: H6
      facing: SW
      overwatch: true
      items: [kit/healing-salve]
  active: {unit: he-man, ap: 2}
steps:
  - do: attack
    unit: he-man
    weapon: sword-of-power
    target: skeletor
    dice: [4, 4, 1, 1, 1, 1, 1, 1]
    answers:
      - {choose: kit/pursuit-charm, kind: order_triggers, player: masters}
      - {choose: E8, kind: move_to, player: masters}
      - {choose: N, kind: move_facing, player: masters}
      - {choose: end, kind: action, player: evil}
expect:
  - in_order:
      - {event: knocked_out, target: skeletor}
      - {type: overwatch, unit: trap-jaw, interrupts: he-man}
      - type: decision
        kind: action
        player: evil
        options:
          - end
          - move
          - attack motu/laser-attachment he-man
          - skill motu/trap-jaw#grappling-hook he-man
      - {event: attack_ended, attacker: he-man}
  - unit: skeletor
    knocked_out: true
    in_play: false
""",
    )
