"""Effect texts are checked by the DSL, with errors placed in the YAML file."""

from __future__ import annotations

from pathlib import Path

import pytest

from hexforge.core.packs.compiler import compile_file
from tests.packs.toy import toy_catalogue

CARD = """\
id: fx/rock
kind: unit
name: {{en: Rock}}
provenance: invented
stats: {{health: 9, speed: 1}}
effects:
{effects}
"""


def compile_effects(tmp_path: Path, effects: str) -> list[tuple[str, int, int, int]]:
    path = tmp_path / "rock.yaml"
    path.write_text(CARD.format(effects=effects), encoding="utf-8")
    game = toy_catalogue().games["toy"]
    result = compile_file(path, "rock.yaml", "fx", game)
    return [
        (d.code, d.span.line, d.span.column, d.span.end_column)
        for d in result.diagnostics
        if d.span is not None
    ]


@pytest.mark.parametrize(
    ("effects", "expected"),
    [
        ("  - gian 1 mana", ("HF311", 7, 5, 9)),
        ('  - "upon activation: gian 1 mana"', ("HF311", 7, 23, 27)),
        ("  - 'upon activation: gian 1 mana'", ("HF311", 7, 23, 27)),
        ("  - |\n    upon activation:\n        gian 1 mana", ("HF311", 9, 9, 13)),
        ("  - >\n    while attacking:\n      dise +1", ("HF314", 9, 7, 11)),
    ],
    ids=["plain", "double-quoted", "single-quoted", "literal-block", "folded-block"],
)
def test_dsl_errors_point_into_the_yaml_file(
    tmp_path: Path, effects: str, expected: tuple[str, int, int, int]
) -> None:
    assert compile_effects(tmp_path, effects) == [expected]


def test_valid_effects_are_clean(tmp_path: Path) -> None:
    effects = '  - "upon activation: gain 1 mana"\n  - |\n    while attacking: dice +1'
    assert compile_effects(tmp_path, effects) == []


def test_every_effect_of_a_card_is_checked(tmp_path: Path) -> None:
    effects = '  - "upon activation: gian 1 mana"\n  - "while attackin: dice +1"'
    assert [code for code, *_ in compile_effects(tmp_path, effects)] == ["HF311", "HF313"]


def test_an_unquoted_colon_makes_a_mapping_and_the_hint_says_quote(tmp_path: Path) -> None:
    """YAML reads ``- upon activation: gain 1 mana`` as a mapping; authors need quotes."""
    path = tmp_path / "rock.yaml"
    path.write_text(CARD.format(effects="  - upon activation: gain 1 mana"), encoding="utf-8")
    result = compile_file(path, "rock.yaml", "fx", toy_catalogue().games["toy"])
    (diagnostic,) = result.diagnostics
    assert diagnostic.code == "HF203" and diagnostic.span is not None
    assert (diagnostic.span.line, diagnostic.span.column) == (7, 5)
    assert diagnostic.message == "'effects[0]' must be text, not a mapping"
    assert diagnostic.hint is not None and "quote" in diagnostic.hint


def test_permissions_are_listed_by_action_id_and_conditions_count() -> None:
    """Same-tier conflicts (rulebook §Rule Hierarchy) compare the vocabulary's action ids;
    a `while` rule is conditional, so only unconditional rules can conflict statically."""
    from hexforge.core.packs.effects import _permissions
    from tests.packs.toy import toy_words

    words = toy_words()
    assert [(a, ok, cond) for a, ok, cond, _ in _permissions("cannot be pushed", words)] == [
        ("push", False, False)
    ]
    conditional = _permissions("while attacking: can be pushed", words)
    assert [(a, ok, cond) for a, ok, cond, _ in conditional] == [("push", True, True)]
