"""Map files: loading, and every validation error at its file:line:col (issue 7)."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest

from hexforge.core.errors import HexforgeError
from hexforge.core.hexgrid import Hex
from hexforge.plugins.motu.battlefield import (
    STANDARD_COLUMNS,
    STANDARD_ROWS,
    Ground,
    Map,
    MapSpec,
    TerrainKind,
    TerrainPiece,
    load_map,
    map_from_text,
    named_map,
    shipped_maps,
)

ROOT = Path(__file__).resolve().parents[2]
MAPS = sorted((ROOT / "content" / "motu" / "maps").glob("*.yaml"))

HEAD = "name: t\nsize: {columns: 10, rows: 10}\nhex_inches: 1\n"


def _error(text: str) -> HexforgeError:
    with pytest.raises(HexforgeError) as caught:
        map_from_text(text, name="bad.yaml")
    return caught.value


@pytest.mark.parametrize(
    ("body", "code", "line", "token", "needle"),
    [
        (
            "pieces:\n  - {id: a, kind: low, hexes: [C3, C4]}\n"
            "  - {id: b, kind: high, hexes: [C4, C5]}\n",
            "HF704",
            6,
            "C4, C5",
            "overlaps piece 'a' at C4",
        ),
        ("pieces:\n  - {id: a, kind: low, hexes: [C3, Z40]}\n", "HF703", 5, "Z40", "off the board"),
        (
            "pieces:\n  - {id: a, kind: platform, hexes: [C3, C4]}\n",
            "HF705",
            5,
            "[C3",
            "not attached",
        ),
        (
            "pieces:\n  - {id: w, kind: high, hexes: [C3]}\n"
            "  - {id: p, kind: platform, hexes: [C3]}\n"
            "  - {id: l, kind: ladder, hexes: [H8]}\n",
            "HF706",
            7,
            "[H8]",
            "touches no platform",
        ),
        (
            "pieces:\n  - {id: a, kind: hgih, hexes: [C3]}\n",
            "HF707",
            5,
            "hgih",
            "unknown terrain kind",
        ),
        (
            "pieces:\n  - {id: a, kind: low, hexs: [C3]}\n",
            "HF701",
            5,
            "hexs",
            "unknown field 'hexs'",
        ),
        ("pieces:\n  - {id: a, kind: low, hexes: [7C]}\n", "HF700", 5, "7C", "'7C' is not a board"),
        (
            "pieces:\n  - {id: a, kind: low, hexes: [C3, C7]}\n",
            "HF710",
            5,
            "[C3",
            "not one connected",
        ),
        (
            "pieces:\n  - {id: a, kind: low, hexes: [C3]}\nobjectives: [C3]\n",
            "HF711",
            6,
            "C3]",
            "on 'a'",
        ),
        (
            "pieces:\n  - {id: a, kind: low, hexes: [C3]}\n  - {id: a, kind: low, hexes: [E3]}\n",
            "HF709",
            6,
            "a, kind",
            "already used",
        ),
        (
            "deployment:\n  masters: ['A1:J2']\n  evil: ['A2:J3']\n",
            "HF711",
            6,
            "'A2:J3'",
            "both 'masters' and 'evil'",
        ),
        (
            "pieces:\n  - {id: w, kind: high, hexes: [C3]}\n"
            "  - {id: p, kind: platform, hexes: [C4, D4]}\n"
            "  - {id: l, kind: ladder, hexes: [D4]}\n",
            "HF712",
            7,
            "D4]",
            "under a platform",
        ),
        (
            "pieces:\n  - {id: a, kind: column, hexes: [C3, C4]}\n",
            "HF708",
            5,
            "[C3",
            "exactly one hex",
        ),
    ],
)
def test_map_errors_point_at_the_entry(
    body: str, code: str, line: int, token: str, needle: str
) -> None:
    """Each validation rule reports its code at the offending entry, with the line to show."""
    error = _error(HEAD + body)
    first = error.diagnostics[0]
    assert first.code == code
    assert needle in first.message
    assert first.span is not None and first.span.file == "bad.yaml"
    text = (HEAD + body).splitlines()[line - 1]
    assert (first.span.line, first.span.column) == (line, text.index(token) + 1)
    assert first.source_line == text


def test_did_you_mean_hints() -> None:
    """A misspelt kind or field gets a suggestion."""
    kind = _error(HEAD + "pieces:\n  - {id: a, kind: hgih, hexes: [C3]}\n").diagnostics[0]
    assert kind.hint == "did you mean 'high'?"
    field = _error(HEAD + "pieces:\n  - {id: a, kind: low, hexs: [C3]}\n").diagnostics[0]
    assert field.hint == "did you mean 'hexes'?"


def test_missing_fields_and_bad_size() -> None:
    assert _error("name: t\nsize: {columns: 10, rows: 10}\n").code == "HF701"
    assert _error("name: t\nsize: {columns: 0, rows: 10}\nhex_inches: 1\n").code == "HF702"
    assert _error("name: t\nsize: {columns: 5, rows: 5}\nhex_inches: -1\n").code == "HF702"


def test_every_problem_is_reported_at_once() -> None:
    text = HEAD + "pieces:\n  - {id: a, kind: low, hexes: [Z40]}\nobjectives: [Z41]\n"
    assert [d.code for d in _error(text).diagnostics] == ["HF703", "HF703"]


def test_a_map_built_in_python_is_validated_too() -> None:
    spec = MapSpec(
        "py",
        5,
        5,
        Fraction(1),
        (TerrainPiece("p", TerrainKind.PLATFORM, (Hex(1, 1),), elevation=1),),
    )
    with pytest.raises(HexforgeError) as caught:
        Map(spec)
    assert caught.value.code == "HF705"
    assert caught.value.diagnostics[0].span is None


@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.stem)
def test_shipped_maps_load(path: Path) -> None:
    """content/motu/maps: every shipped map is valid and has the standard size."""
    field = load_map(path)
    assert (field.columns, field.rows) == (STANDARD_COLUMNS, STANDARD_ROWS)
    assert len(field.objectives) == 5
    assert set(field.deployment) == {"masters", "evil"}


def test_first_game_map_has_the_rulebook_pieces() -> None:
    """§First Game Setup: 6 high 4-hex, 4 high 3-hex, 2 mixed 4-hex, 2 low 3-hex, 4 low 2-hex,
    2 columns, 5 objective tokens."""
    field = load_map(ROOT / "content" / "motu" / "maps" / "first-game.yaml")
    pieces = Counter((p.kind.value, len(p.hexes)) for p in field.spec.pieces)
    assert pieces == {
        ("high", 4): 6,
        ("high", 3): 4,
        ("mixed", 4): 2,
        ("low", 3): 2,
        ("low", 2): 4,
        ("column", 1): 2,
    }
    assert field.ground[field.spec.pieces[0].hexes[0]] is Ground.HIGH


def test_named_maps() -> None:
    """Scenarios name shipped maps; a typo gets HF713 with a suggestion."""
    assert "first-game" in shipped_maps()
    assert named_map("first-game") is named_map("first-game")
    with pytest.raises(HexforgeError) as caught:
        named_map("first-gme")
    assert caught.value.code == "HF713"
    assert caught.value.diagnostics[0].hint == "did you mean 'first-game'?"
