"""The examples of docs/motu.md run as written; its tables name what the code has."""

from __future__ import annotations

import re
from pathlib import Path

from hexforge.core.codes import catalogue
from hexforge.core.packs.yamlio import load_text
from hexforge.core.scenarios import result_text, run_scenario, scenario_from_text
from hexforge.plugins.motu.cards import Buff, Debuff, Weapon
from hexforge.plugins.motu.driver import ACTIONS, OBSERVABLES
from tests.plugged import LIB, MOTU_DRIVER

DOCS = Path(__file__).resolve().parents[2] / "docs"
TEXT = (DOCS / "motu.md").read_text(encoding="utf-8")


def _blocks(language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", TEXT, flags=re.DOTALL)


def test_python_examples_run_in_order() -> None:
    namespace: dict[str, object] = {}
    for index, code in enumerate(_blocks("python")):
        exec(compile(code, f"docs/motu.md#python{index}", "exec"), namespace)


def test_scenario_examples_pass() -> None:
    scenarios = [b for b in _blocks("yaml") if b.startswith("game: motu")]
    assert scenarios
    for text in scenarios:
        result = run_scenario(
            scenario_from_text(text, {"motu": MOTU_DRIVER}, name="doc.scenario.yaml")
        )
        assert result.passed, result_text(result)


def test_card_examples_are_the_shipped_cards() -> None:
    """The cards shown on the page say what the pack's cards say (rulebook §Attack,
    §Buffs and Debuffs)."""
    models: dict[str, type[Weapon | Buff | Debuff]] = {
        "weapon": Weapon,
        "buff": Buff,
        "debuff": Debuff,
    }
    shown = [b for b in _blocks("yaml") if b.startswith("- id:")]
    assert len(shown) == 2
    for text in shown:
        doc = load_text(text).document
        assert doc is not None
        (data,) = doc.data
        card = models[data["kind"]].model_validate(data)
        shipped = LIB.card(card.id)
        # the names and texts are the translations (tests/motu/test_translations.py)
        localised = {"name", "text"}
        assert card.model_dump(exclude=localised) == shipped.model_dump(exclude=localised)


def test_codes_are_documented_and_actions_listed() -> None:
    errors = (DOCS / "errors.md").read_text(encoding="utf-8")
    for code in (c for c in catalogue() if "HF750" <= c <= "HF799"):
        assert f'<a id="{code.lower()}"></a>{code} |' in errors, code  # its row, anchored
    for action in ACTIONS:
        assert f"`{action.name}`" in TEXT, action.name
    stats = {"health", "toughness", "mind", "power", "perception", "strength"}
    for observable in OBSERVABLES:
        assert observable.name in stats or f"`{observable.name}`" in TEXT, observable.name
