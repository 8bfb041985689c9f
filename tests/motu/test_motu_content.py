"""The shipped motu content validates strictly, and card rules are checked (rulebook
§Attack: a weapon's test fits its type)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from hexforge.plugins.motu.cards import Weapon
from tests.plugged import LIB, MOTU

BASE = {"id": "motu/x", "kind": "weapon", "name": {"en": "X"}, "provenance": "invented"}


def test_every_card_effect_compiles_under_its_key() -> None:
    rules = MOTU
    lib = LIB
    assert "motu/fists#attack" in rules.effects
    assert "motu/man-at-arms#master-tactician" in rules.effects
    assert {c.kind for c in lib.cards.values()} >= {"character", "weapon", "item", "buff"}


def test_validate_strict_is_clean_on_the_shipped_pack() -> None:
    from click.testing import CliRunner

    from hexforge.core.cli.main import make_cli
    from hexforge.plugins.motu import CONTENT

    result = CliRunner().invoke(make_cli(), ["validate", "--strict", "--no-cache", str(CONTENT)])
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize(
    ("fields", "problem"),
    [
        (
            {
                "type": "melee",
                "attack": "test perception against toughness of target:\n"
                "    1+: deal 1 wound to target",
            },
            "must start with 'test strength",
        ),
        (
            {
                "type": "ranged",
                "attack": "test perception against toughness of target:\n"
                "    1+: deal 1 wound to target",
            },
            "needs a range",
        ),
        (
            {
                "type": "melee",
                "range": 3,
                "attack": "test strength against toughness of target:"
                "\n    1+: deal 1 wound to target",
            },
            "has no range",
        ),
        (
            {
                "type": "ranged",
                "range": 8,
                "mana": 1,
                "attack": "test perception against "
                "toughness of target:\n    1+: deal 1 wound to target",
            },
            "only spells",
        ),
        (
            {
                "type": "spell",
                "range": 8,
                "targets": "allies",
                "attack": "test mind:\n    1+: gain 1 mana",
            },
            "power test",
        ),
    ],
)
def test_weapon_rules_are_checked(fields: dict[str, object], problem: str) -> None:
    with pytest.raises(ValidationError, match=problem):
        Weapon.model_validate({**BASE, **fields})


def test_passive_skills_resolve_once_per_trigger_and_active_ones_run() -> None:
    """rulebook §Skills: a passive skill resolves once per instance of its timing; an
    active skill's effect is plain statements, run when the skill is used."""
    rules = MOTU
    passive = rules.effect("motu/he-man#by-the-power")
    assert [hook.once_per for hook in passive.hooks] == ["trigger"]
    lucky = rules.effect("motu/lucky-charm#good-fortune")
    assert [hook.once_per for hook in lucky.hooks] == ["activation"]  # its own limit stays
    active = rules.effect("motu/man-at-arms#master-tactician")
    assert active.run is not None and not active.hooks
