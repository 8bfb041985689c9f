"""An effect the game runs as an action must hold a statement (HF328).

motu runs an active or disposable skill's effect when the skill is used (rulebook §Use an
Active Skill, §Disposable Items), a weapon's attack when it attacks (§Attack), an action
card's effect when it is taken (§Perform Actions) and a token's ``removed`` when it is
removed (§Buffs and Debuffs; a weapon's attack must start with its test, HF206, before
this check). An effect there with only rules in force (``speed +2``)
passed ``validate --strict`` and failed with HF403 the first time it was used; now the
card model says which fields run (``Action``, ``effect_run_when``) and validation refuses
it at the effect's position. A passive skill's effect is in force, not run, and may hold
only rules.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from hexforge.core.errors import Diagnostic
from hexforge.core.packs.validate import validate
from hexforge.dsl.api import check_text
from hexforge.plugins.catalogue import catalogue_from_host
from hexforge.plugins.motu.vocabulary import motu_vocabulary
from tests.plugged import HOST

CATALOGUE = catalogue_from_host(HOST)
PACK = "id: runs\nname: {en: Runs}\nversion: 1.0.0\ngame: motu\nrequires: {motu: '*'}\n"
HERO = """\
id: runs/hero
kind: character
name: {en: Hero}
provenance: invented
faction: masters
stats: {health: 5, toughness: 3, mind: 3, power: 3, perception: 3, strength: 5, speed: 5,
  focused_speed: 8}
cost: 19
skills:
  - id: sprint
    name: {en: Sprint}
SKILL
"""
ACTION = """\
id: runs/brace
kind: action
name: {en: Brace}
provenance: invented
effect: "EFFECT"
"""
BUFF = """\
id: runs/glow
kind: buff
name: {en: Glow}
provenance: invented
effects: ["speed +1"]
removed: "EFFECT"
"""
RULE_ONLY = "speed +2"
STATEMENT = "gain 1 mana"


def _validate(tmp: Path, text: str) -> list[Diagnostic]:
    root = tmp / "runs"
    (root / "cards").mkdir(parents=True)
    (root / "pack.yaml").write_text(PACK)
    (root / "cards" / "card.yaml").write_text(text)
    return list(validate([root], CATALOGUE).diagnostics)


def _hf328(found: list[Diagnostic]) -> list[tuple[int, int, str]]:
    return [
        (d.span.line, d.span.column, d.source_line or "")
        for d in found
        if d.code == "HF328" and d.span is not None
    ]


def _skill(*lines: str) -> str:
    return HERO.replace("SKILL", "\n".join(f"    {line}" for line in lines))


@pytest.mark.parametrize(
    "card",
    [
        _skill("cost: {ap: 1}", f'effect: "{RULE_ONLY}"'),
        _skill("disposable: true", f'effect: "{RULE_ONLY}"'),
    ],
    ids=["active", "disposable"],
)
def test_a_skill_used_as_an_action_needs_a_statement(tmp_path: Path, card: str) -> None:
    """§Use an Active Skill, §Disposable Items: the skill's effect is run when it is used."""
    found = _validate(tmp_path, card)
    assert _hf328(found) == [(13, 14, f'    effect: "{RULE_ONLY}"')]
    assert all("Traceback" not in d.message for d in found)


def test_a_passive_skill_may_hold_only_rules_in_force(tmp_path: Path) -> None:
    """§Skills: a passive skill's effect is in force while its bearer is on the battleground."""
    assert _validate(tmp_path, _skill(f'effect: "{RULE_ONLY}"')) == []


def test_an_active_skill_with_a_statement_is_valid(tmp_path: Path) -> None:
    assert _validate(tmp_path, _skill("cost: {ap: 1}", f'effect: "{STATEMENT}"')) == []


@pytest.mark.parametrize(
    ("template", "line", "column"),
    [(ACTION, 5, 10), (BUFF, 6, 11)],
    ids=["action card (§Perform Actions)", "token removed (§Buffs and Debuffs)"],
)
def test_every_field_the_game_runs_needs_a_statement(
    tmp_path: Path, template: str, line: int, column: int
) -> None:
    found = _validate(tmp_path, template.replace("EFFECT", RULE_ONLY))
    assert [(at[0], at[1]) for at in _hf328(found)] == [(line, column)]


def test_the_dsl_checks_a_running_effect_only_when_asked() -> None:
    """The DSL knows no game: the caller says the text runs; a text with an error already
    gets that error alone, not HF328 besides."""
    vocabulary = motu_vocabulary()
    assert [d.code for d in check_text(RULE_ONLY, vocabulary, runs=True)] == ["HF328"]
    assert check_text(RULE_ONLY, vocabulary) == []
    assert check_text(STATEMENT, vocabulary, runs=True) == []
    assert [d.code for d in check_text("gian 1 mana", vocabulary, runs=True)] == ["HF311"]
    hint = check_text(RULE_ONLY, vocabulary, runs=True)[0].hint or ""
    assert "statement" in hint
