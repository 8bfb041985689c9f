"""``hexforge schema``: JSON Schemas made from the models agree with the validator."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema  # type: ignore[import-untyped]
import pytest
from click.testing import CliRunner

from hexforge.core.cli.main import make_cli
from hexforge.core.packs.yamlio import read_yaml
from tests.packs.toy import FIXTURES, ToyPlugin

GOOD = FIXTURES / "good"
BAD = FIXTURES / "bad"


@pytest.fixture(scope="module")
def schemas(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, Any]]:
    out = tmp_path_factory.mktemp("schemas")
    result = CliRunner().invoke(
        make_cli([("toy", ToyPlugin())]), ["schema", "--out", str(out), "--game", "toy"]
    )
    assert result.exit_code == 0, result.output
    return {p.name: json.loads(p.read_text()) for p in out.glob("*.json")}


def test_files_per_kind_combined_pack_and_game(schemas: dict[str, dict[str, Any]]) -> None:
    cards = {
        "pack.schema.json",
        "game.schema.json",
        "toy.cards.schema.json",
        "toy.unit.card.schema.json",
        "toy.weapon.card.schema.json",
        "toy.scenario.card.schema.json",
    }
    assert cards <= set(schemas)
    assert {n for n in schemas if n.startswith("toy.")} == cards - {
        "pack.schema.json",
        "game.schema.json",
    }
    for schema in schemas.values():
        jsonschema.Draft202012Validator.check_schema(schema)


def test_descriptions_come_from_the_models(schemas: dict[str, dict[str, Any]]) -> None:
    unit = schemas["toy.unit.card.schema.json"]["$defs"]
    card = unit["card"]
    assert "pack/slug" in card["properties"]["id"]["description"]
    assert card["properties"]["provenance"]["description"].startswith("Where the data comes")
    assert unit["Stats"]["properties"]["speed"]["description"] == "Hexes the unit moves."
    effects = card["properties"]["effects"]["items"]
    assert "effect language" in effects["description"]


def test_good_cards_and_manifests_pass_the_schemas(schemas: dict[str, dict[str, Any]]) -> None:
    cards = jsonschema.Draft202012Validator(schemas["toy.cards.schema.json"])
    packs = jsonschema.Draft202012Validator(schemas["pack.schema.json"])
    files = sorted(GOOD.rglob("*.yaml"))
    assert len(files) == 7
    for path in files:
        data = read_yaml(path).data
        validator = packs if path.name == "pack.yaml" else cards
        assert list(validator.iter_errors(data)) == [], path


@pytest.mark.parametrize(
    "fixture",
    [
        "HF202-unknown-field",
        "HF203-wrong-type",
        "HF204-not-allowed",
        "HF205-bad-form",
        "HF206-out-of-range",
        "HF201-missing-field",
    ],
)
def test_cards_the_models_reject_fail_the_schema_too(
    schemas: dict[str, dict[str, Any]], fixture: str
) -> None:
    data = read_yaml(BAD / fixture / "cards" / "hero.yaml").data
    assert list(jsonschema.Draft202012Validator(schemas["toy.cards.schema.json"]).iter_errors(data))


def test_game_declarations_pass_their_schema(schemas: dict[str, dict[str, Any]]) -> None:
    validator = jsonschema.Draft202012Validator(schemas["game.schema.json"])
    root = Path(__file__).resolve().parents[2] / "content"
    for path in [*root.glob("*/game.yaml"), FIXTURES / "toy" / "game.yaml"]:
        assert list(validator.iter_errors(read_yaml(path).data)) == [], path


def test_unknown_game_is_a_usage_error(tmp_path: Path) -> None:
    result = CliRunner().invoke(make_cli(), ["schema", "--out", str(tmp_path), "--game", "chess"])
    assert result.exit_code == 2
