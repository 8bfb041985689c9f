"""Scope rules and movement permissions as data (issue 21): the rulebook's situational
scope changes are rule cards every character bears at the rulebook tier, situations the
effect language names; cards outrank them by tier, and permissions refuse pushes, pulls,
switches and enemy moves or let a move pass enemies.

The cards come from a temporary pack loaded with ``hexforge --pack`` (a scenario cannot
define cards): items, one tier above the rulebook, each with one passive rule. Each
scenario states the exact scope or place, so it fails if the rule it proves is broken;
the baseline scenarios of the rulebook (``tests/motu/scenarios/scope-modifiers-*``,
``interruptions-scope``, ``attacks-of-opportunity``) prove the rule cards themselves.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from hexforge.core.cli.main import make_cli
from hexforge.plugins.motu.api import motu_rules
from hexforge.plugins.motu.cards import Rule, standing_problem
from tests.plugged import HOST

ITEMS = {
    "hawk-lens": "can ignore cover",
    "rear-guard": "cannot be flanked",
    "ambush-blade": "while flanking: scope +1",
    "anchor-boots": "cannot be pushed",
    "loose-footing": "can be pushed",
    "grip-boots": "cannot be pulled",
    "rooted-stance": "cannot be switched",
    "iron-will": "cannot be moved by enemies",
    "phase-cloak": "can move through enemies",
}
"""Item cards of the pack ``drill``: one passive skill each."""

ITEM = """- id: drill/{slug}
  kind: item
  name: {{en: {slug}}}
  provenance: invented
  type: trinket
  skills:
    - id: rule
      name: {{en: rule}}
      effect: "{effect}"
"""

RULE = """- id: stand/stand-firm
  kind: rule
  name: {en: Stand Firm}
  provenance: invented
  source: rulebook §Push and Pull
  effects:
    - cannot be pushed
"""

BRUTAL = """- id: brutal/brutal-flanks
  kind: rule
  replaces: motu/flank-attacks
  name: {en: Brutal Flanks}
  provenance: invented
  source: rulebook §Flank Attacks
  effects:
    - "while flanking: scope +2"
"""

ARENA = "{name: arena, provenance: invented, size: {columns: 12, rows: 12}, hex_inches: 1.25}"

COVER = """game: motu
name: Cover - the Hawk Lens ignores cover
description: >-
  rulebook §Cover, §Rule Hierarchy: the low wall gives Trap Jaw cover, but an item's
  'can ignore cover' outranks the rulebook's rule: the Flamethrower's scope stays 4.
setup:
  map:
    name: cover
    provenance: invented
    size: {columns: 10, rows: 12}
    hex_inches: 1.25
    pieces:
      - {id: low-wall, kind: low, hexes: [E5, F5]}
  units:
    - {id: stratos, card: stratos, at: E9, items: [drill/hawk-lens]}
    - {id: trap-jaw, card: trap-jaw, at: E3, facing: S}
  active: {unit: stratos, ap: 2}
steps:
  - expect:
      - query: cover
        from: stratos
        to: trap-jaw
        is: true
      - query: scope_changes
        unit: stratos
        weapon: flamethrower
        target: trap-jaw
        is: []
  - do: attack
    unit: stratos
    weapon: flamethrower
    target: trap-jaw
    dice: [4, 4, 1, 1, 1, 1, 1]
expect:
  - happened: {type: test, tester: stratos, role: attack, scope: 4, successes: 2}
  - happened: {type: attack, attacker: stratos, scope: []}
"""

FLANK = """game: motu
name: Flank Attacks - NAME
description: >-
  rulebook §Flank Attacks: He-Man strikes Skeletor from his rear arc (scope 3 by the
  rulebook); DESCRIPTION
setup:
  map: ARENA
  units:
    - {id: he-man, card: he-man, at: E5, items: HE_MAN}
    - {id: skeletor, card: skeletor, at: E4, facing: N, items: SKELETOR}
  active: {unit: he-man, ap: 2}
steps:
  - expect:
      - query: scope_changes
        unit: he-man
        weapon: sword-of-power
        target: skeletor
        is: CHANGES
  - do: attack
    unit: he-man
    weapon: sword-of-power
    target: skeletor
    dice: [3, 2, 1, 1, 1, 1, 1, 1]
expect:
  - happened: {type: test, tester: he-man, role: attack, scope: SCOPE}
"""

FLANKS = {
    "the rulebook's rule": ("[]", "[]", "[flank]", 3, "the rule card adds 1."),
    "cannot be flanked": (
        "[]",
        "[drill/rear-guard]",
        "[]",
        4,
        "Skeletor's item says he cannot be flanked: no flank, scope 4.",
    ),
    "while flanking scope +1": (
        "[drill/ambush-blade]",
        "[]",
        "[flank]",
        2,
        "He-Man's item adds 1 more while flanking: scope 2.",
    ),
}

PUSH = """game: motu
name: Push and Pull - NAME
description: >-
  rulebook §Push and Pull, §Rule Hierarchy: DESCRIPTION
setup:
  map: ARENA
  units:
    - {id: he-man, card: he-man, at: F9}
    - {id: trap-jaw, card: trap-jaw, at: F8, facing: S, items: ITEMS}
    - {id: skeletor, card: skeletor, at: F5, facing: S}
  active: {unit: he-man, ap: 2}
steps:
  - do: push
    unit: trap-jaw
    by: BY
    hexes: 1
    pull: PULL
expect:
  - unit: trap-jaw
    at: WHERE
"""

PUSHES = {
    "pushed": ("[]", "he-man", "false", "F7", "Trap Jaw is pushed away from He-Man."),
    "cannot be pushed": (
        "[drill/anchor-boots]",
        "he-man",
        "false",
        "F8",
        "an item says Trap Jaw cannot be pushed: he stays.",
    ),
    "pulled": ("[]", "skeletor", "true", "F7", "Skeletor pulls Trap Jaw towards him."),
    "cannot be pulled": (
        "[drill/grip-boots]",
        "skeletor",
        "true",
        "F8",
        "an item says Trap Jaw cannot be pulled: he stays.",
    ),
    "pulled although he cannot be pushed": (
        "[drill/anchor-boots]",
        "skeletor",
        "true",
        "F7",
        "a pull is not a push: Trap Jaw, who cannot be pushed, is pulled.",
    ),
    "cannot be moved by enemies": (
        "[drill/iron-will]",
        "he-man",
        "false",
        "F8",
        "Trap Jaw cannot be moved by enemies: He-Man's push fails.",
    ),
    "moved by an ally": (
        "[drill/iron-will]",
        "skeletor",
        "true",
        "F7",
        "Trap Jaw cannot be moved by enemies, but Skeletor is his ally: his pull works.",
    ),
}

SWITCH = """game: motu
name: Switch - NAME
description: >-
  rulebook §Switch, §Rule Hierarchy: DESCRIPTION
setup:
  map: ARENA
  units:
    - {id: he-man, card: he-man, at: E9, facing: N}
    - {id: stratos, card: stratos, at: H9, facing: N, items: ITEMS}
    - {id: skeletor, card: skeletor, at: E2, facing: S}
  active: {unit: he-man, ap: 2}
steps:
  - do: switch
    unit: he-man
    with: stratos
expect:
  - unit: he-man
    at: WHERE
"""

SWITCHES = {
    "switched": ("[]", "H9", "He-Man and Stratos trade places."),
    "cannot be switched": (
        "[drill/rooted-stance]",
        "E9",
        "Stratos cannot be switched: nobody moves.",
    ),
}

THROUGH = """game: motu
name: Move - NAME
description: >-
  rulebook §Move: entering a hex next to Skeletor ends He-Man's move; DESCRIPTION
setup:
  map: ARENA
  units:
    - {id: he-man, card: he-man, at: E9, items: ITEMS}
    - {id: skeletor, card: skeletor, at: E7, facing: S}
  active: {unit: he-man, ap: 2}
steps:
  - do: move
    unit: he-man
    to: E5
    facing: N
    REFUSED
expect:
  - unit: he-man
    at: WHERE
"""

THROUGHS = {
    "enemies stop a move": ("[]", "refused: {code: HF765}", "E9", "he cannot pass him."),
    "can move through enemies": (
        "[drill/phase-cloak]",
        "",
        "E5",
        "an item lets He-Man move through enemies: he walks past Skeletor.",
    ),
}

CLIMB = """game: motu
name: Pushing - NAME
description: >-
  rulebook §Pushing: Skeletor climbs onto the rampart hex Mer-Man stands on, which pushes
  him aside - DESCRIPTION
setup:
  map:
    name: rampart
    provenance: invented
    size: {columns: 12, rows: 12}
    hex_inches: 1.25
    pieces:
      - {id: wall, kind: high, hexes: [H4, H5, H6]}
      - {id: walk, kind: platform, hexes: [H5, H6, G6], elevation: 1}
  units:
    - {id: skeletor, card: skeletor, at: I5, facing: NW}
    - {id: mer-man, card: mer-man, at: H5, level: 1, facing: S, items: ITEMS}
  active: {unit: skeletor, ap: 1}
steps:
  - do: move
    unit: skeletor
    to: H5
    level: 1
    facing: NW
    OUTCOME
expect:
  - unit: mer-man
    at: WHERE
"""

CLIMBS = {
    "the occupant is pushed": (
        "[]",
        "answers: [{choose: H6@1, kind: pushed_to, player: evil}]",
        "H6",
        "to a free place his controller picks.",
    ),
    "the occupant cannot be pushed": (
        "[drill/anchor-boots]",
        "refused: {code: HF765}",
        "H5",
        "but an item says he cannot be pushed, so Skeletor cannot enter his hex.",
    ),
}

GOLDEN = """game: motu
name: Golden Rule - two items disagree whether He-Man can be pushed
description: >-
  rulebook §Golden Rule, §Rule Hierarchy: 'cannot be pushed' and 'can be pushed' are both
  item rules; the players roll off and the winner (WINNER) decides: ANSWER.
setup:
  map: ARENA
  units:
    - id: he-man
      card: he-man
      at: F8
      facing: S
      items: [drill/anchor-boots, drill/loose-footing]
    - {id: trap-jaw, card: trap-jaw, at: F9}
  active: {unit: he-man, ap: 2}
steps:
  - do: push
    unit: he-man
    by: trap-jaw
    hexes: 1
    dice: DICE
    answers:
      - {choose: ANSWER, kind: ruling, player: WINNER}
expect:
  - unit: he-man
    at: WHERE
  - happened: {type: ruling, allowed: ALLOWED}
"""

GOLDENS = {
    "masters allow": ("[6, 2]", "masters", "allow", "F7", "true"),
    "evil deny": ("[1, 5]", "evil", "deny", "F8", "false"),
}

STAND_FIRM = """game: motu
name: Rule Hierarchy - an item's 'can be pushed' outranks a rulebook-tier rule
description: >-
  rulebook §Rule Hierarchy: a rule card makes every character unpushable at the rulebook
  tier; Trap Jaw's item (item tier) says he can be pushed, and he is. He-Man is not.
setup:
  map: ARENA
  units:
    - {id: he-man, card: he-man, at: F9}
    - {id: trap-jaw, card: trap-jaw, at: F8, facing: S, items: [drill/loose-footing]}
    - {id: skeletor, card: skeletor, at: F5, facing: S}
  active: {unit: he-man, ap: 2}
steps:
  - do: push
    unit: trap-jaw
    by: he-man
    hexes: 1
  - do: push
    unit: he-man
    by: trap-jaw
    hexes: 1
expect:
  - unit: trap-jaw
    at: F7
  - unit: he-man
    at: F9
  - happened: {type: push_refused, unit: he-man, reason: cannot be pushed}
"""


def _pack(folder: Path, pack: str, cards: str) -> Path:
    (folder / pack / "cards").mkdir(parents=True)
    (folder / pack / "pack.yaml").write_text(
        f"id: {pack}\nname: {{en: {pack}}}\nversion: 0.1.0\ngame: motu\nrequires: {{motu: '*'}}\n",
        encoding="utf-8",
    )
    (folder / pack / "cards" / "cards.yaml").write_text(cards, encoding="utf-8")
    return folder / pack


@pytest.fixture
def packs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, Path]:
    monkeypatch.setenv("HEXFORGE_CACHE_DIR", str(tmp_path / "cache"))
    items = "\n".join(ITEM.format(slug=s, effect=e) for s, e in ITEMS.items())
    return {
        "drill": _pack(tmp_path, "drill", items),
        "stand": _pack(tmp_path, "stand", RULE),
        "brutal": _pack(tmp_path, "brutal", BRUTAL),
    }


def _passes(folder: Path, text: str, *packs: Path) -> str:
    """Run one scenario with ``packs``; the output when it fails ('' when it passes)."""
    scenario = folder / "rule.scenario.yaml"
    scenario.write_text(text.replace("ARENA", ARENA), encoding="utf-8")
    options = [arg for pack in packs for arg in ("--pack", str(pack))]
    result = CliRunner().invoke(make_cli(), [*options, "test", str(scenario)])
    return "" if result.exit_code == 0 else result.output


def _fill(template: str, **values: str | int) -> str:
    text = template
    for key, value in values.items():
        text = text.replace(key.upper(), str(value))
    return text


def test_a_card_that_ignores_cover_attacks_without_the_cover_penalty(
    tmp_path: Path, packs: dict[str, Path]
) -> None:
    """rulebook §Cover, §Rule Hierarchy: 'can ignore cover' outranks the cover rule."""
    assert _passes(tmp_path, COVER, packs["drill"]) == ""
    # the same attack without the lens has scope 5: the scenario's expectations fail
    assert _passes(tmp_path, COVER.replace(", items: [drill/hawk-lens]", ""), packs["drill"])


@pytest.mark.parametrize("name", FLANKS)
def test_flank_rules(tmp_path: Path, packs: dict[str, Path], name: str) -> None:
    """rulebook §Flank Attacks: the rule card, 'cannot be flanked', 'while flanking'."""
    he_man, skeletor, changes, scope, description = FLANKS[name]
    values: dict[str, str | int] = {"he_man": he_man, "skeletor": skeletor, "scope": scope}
    values["changes"] = changes
    text = _fill(FLANK, name=name, description=description, **values)
    assert _passes(tmp_path, text, packs["drill"]) == ""


@pytest.mark.parametrize("name", PUSHES)
def test_push_and_pull_permissions(tmp_path: Path, packs: dict[str, Path], name: str) -> None:
    """rulebook §Push and Pull ("characters that cannot be pushed"), §Movement Effects."""
    items, by, pull, where, description = PUSHES[name]
    values = {"items": items, "by": by, "pull": pull, "where": where}
    text = _fill(PUSH, name=name, description=description, **values)
    if where == "F8":  # refused: the log says why
        reason = ITEMS[items.strip("[]").split("/")[1]]
        text += f"  - happened: {{type: {'pull' if pull == 'true' else 'push'}_refused, "
        text += f"unit: trap-jaw, reason: {reason}}}\n"
    assert _passes(tmp_path, text, packs["drill"]) == ""


@pytest.mark.parametrize("name", SWITCHES)
def test_switch_permission(tmp_path: Path, packs: dict[str, Path], name: str) -> None:
    """rulebook §Switch: a character that cannot be switched refuses the switch."""
    items, where, description = SWITCHES[name]
    text = _fill(SWITCH, name=name, description=description, items=items, where=where)
    if where == "E9":
        text += "  - happened: {type: switch_refused, reason: stratos cannot be switched}\n"
    assert _passes(tmp_path, text, packs["drill"]) == ""


@pytest.mark.parametrize("name", THROUGHS)
def test_moving_through_enemies(tmp_path: Path, packs: dict[str, Path], name: str) -> None:
    """rulebook §Move: a move ends next to an enemy, unless the mover can move through."""
    items, refused, where, description = THROUGHS[name]
    values = {"items": items, "refused": refused, "where": where}
    text = _fill(THROUGH, name=name, description=description, **values)
    assert _passes(tmp_path, text, packs["drill"]) == ""


@pytest.mark.parametrize("name", CLIMBS)
def test_a_climb_pushes_only_a_character_that_can_be_pushed(
    tmp_path: Path, packs: dict[str, Path], name: str
) -> None:
    """rulebook §Pushing: no climb onto a character that cannot be pushed."""
    items, outcome, where, description = CLIMBS[name]
    values = {"items": items, "outcome": outcome, "where": where}
    text = _fill(CLIMB, name=name, description=description, **values)
    assert _passes(tmp_path, text, packs["drill"]) == ""


@pytest.mark.parametrize("name", GOLDENS)
def test_a_same_tier_conflict_follows_the_golden_rule(
    tmp_path: Path, packs: dict[str, Path], name: str
) -> None:
    """rulebook §Golden Rule: same-tier 'can' and 'cannot' go to a roll-off and a ruling."""
    dice, winner, answer, where, allowed = GOLDENS[name]
    values = {"dice": dice, "winner": winner, "answer": answer, "where": where}
    text = _fill(GOLDEN, allowed=allowed, **values)
    assert _passes(tmp_path, text, packs["drill"]) == ""


def test_a_higher_tier_card_overrides_a_rulebook_tier_rule(
    tmp_path: Path, packs: dict[str, Path]
) -> None:
    """rulebook §Rule Hierarchy: an item's 'can be pushed' beats a rulebook-tier rule."""
    assert _passes(tmp_path, STAND_FIRM, packs["drill"], packs["stand"]) == ""


def test_a_scope_rule_changes_with_one_yaml_card_and_no_python(
    tmp_path: Path, packs: dict[str, Path]
) -> None:
    """rulebook §Flank Attacks, as an expansion rewrites it: a rule card that replaces the
    rulebook's makes a flank attack +2 (scope 2, not 3)."""
    text = _fill(FLANK, name="a house rule", description="an expansion makes it +2.")
    text = _fill(text, he_man="[]", skeletor="[]", changes="[flank]", scope=2)
    assert _passes(tmp_path, text, packs["brutal"]) == ""
    assert _passes(tmp_path, text, packs["drill"])  # without it the rulebook's +1 holds


def test_the_rulebook_scope_rules_are_standing_rule_cards() -> None:
    """rulebook §Scope Modifiers, §Interruptions, §Attacks of Opportunity: five rule cards
    of the motu pack, every one in force for every character without an attachment."""
    rules = motu_rules(HOST)
    cards = [c for c in rules.library.cards.values() if isinstance(c, Rule)]
    assert {c.id for c in cards} >= {
        "motu/flank-attacks",
        "motu/targeting-engaged-models",
        "motu/cover",
        "motu/interruptions",
        "motu/attacks-of-opportunity",
    }
    assert all(
        c.provenance.value == "rulebook" and c.source.startswith("rulebook §") for c in cards
    )
    assert {f"{c.id}#effect0" for c in cards} == set(rules.standing)
    assert all(rules.library.tier(c).name == "rulebook" for c in cards)


@pytest.mark.parametrize(
    "text",
    [
        "when self is wounded: gain 1 mana",
        "gain 1 mana",
        "speed of enemies adjacent to self -1",
        "enemies adjacent to self cannot be pushed",
    ],
)
def test_a_rule_card_holds_only_its_bearers_continuous_rules(text: str) -> None:
    """A rule card is borne by every character: nothing it could not run for itself."""
    assert standing_problem(text) is not None
    assert standing_problem("while flanking: scope +1\ncannot be pushed") is None
