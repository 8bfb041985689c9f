"""``hexforge cards`` (docs/cli.md): the motu pack's cards as a localised table."""

from __future__ import annotations

import re
from pathlib import Path

from click.testing import CliRunner

from hexforge.core.cli.cards_cmd import HEADERS, card_rows, localised
from hexforge.core.cli.main import make_cli
from hexforge.core.packs.models import Localised
from tests.plugged import LIB

ROOT = Path(__file__).resolve().parents[2]


def _documented() -> tuple[list[str], list[list[str]]]:
    """The command line and the table rows docs/cli.md shows for ``hexforge cards``."""
    text = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    section = text.split("### `hexforge cards", 1)[1]
    command = re.search(r"```sh\n\$ hexforge (.+)\n```", section)
    assert command is not None
    table = section.split("<!-- cards-example -->", 1)[1].strip().split("\n\n", 1)[0]
    rows = [[c.strip() for c in line.strip("|").split("|")] for line in table.splitlines()]
    return command.group(1).split(), [rows[0], *rows[2:]]


def test_the_documented_example_prints_the_documented_rows() -> None:
    args, (header, *rows) = _documented()
    result = CliRunner().invoke(
        make_cli(), ["--no-plugins", *args], terminal_width=200, env={"COLUMNS": "200"}
    )
    assert result.exit_code == 0, result.output
    assert header == list(HEADERS["pl"])
    for heading in header:
        assert heading in result.output
    lines = result.output.splitlines()
    for row in rows:
        assert any(all(cell in line for cell in row) for line in lines), row
    # the ten characters of issue 10 and the massive Stone Colossus (issue 21)
    assert "hexforge cards (11)" in result.output


def test_the_kinds_filter_and_the_language_change_the_table() -> None:
    result = CliRunner().invoke(
        make_cli(),
        ["cards", "--game", "motu", "--kind", "weapon", "--lang", "fr"],
        terminal_width=200,
    )
    assert result.exit_code == 0, result.output
    assert "Épée du Pouvoir" in result.output and "Sword of Power" not in result.output
    assert "he-man" not in result.output


def test_no_matching_card_is_a_usage_error() -> None:
    result = CliRunner().invoke(make_cli(), ["cards", "--kind", "dragon"])
    assert result.exit_code == 2
    assert "no cards of kind 'dragon'" in result.output


def test_a_missing_translation_shows_the_english_marked() -> None:
    assert localised(Localised(en="Grayskull", pl="Zamek"), "pl") == "Zamek"
    assert localised(Localised(en="Grayskull"), "de") == "Grayskull (en)"


def test_rows_are_sorted_by_kind_then_id() -> None:
    cards = [
        LIB.card("motu/skeletor"),
        LIB.card("motu/fists"),
        LIB.card("motu/he-man"),
    ]
    rows = card_rows(cards, "en")
    assert [r.id for r in rows] == ["motu/he-man", "motu/skeletor", "motu/fists"]
    assert rows[0].cost == "19" and rows[2].cost == "0"


def test_kinds_and_provenance_are_worded_in_the_language() -> None:
    """motu names its kinds in each rulebook's words (plugins/motu/terms.py); --kind still
    takes the kind id."""
    result = CliRunner().invoke(
        make_cli(),
        ["cards", "--game", "motu", "--kind", "fate", "--lang", "de"],
        terminal_width=200,
    )
    assert result.exit_code == 0, result.output
    assert "Schicksalskarte" in result.output and " fate " not in result.output
    assert "Community" in result.output or "erfunden" in result.output
    english = CliRunner().invoke(make_cli(), ["cards", "--kind", "buff"], terminal_width=200)
    assert " buff " in english.output and "rulebook" in english.output


def test_the_provenance_shows_the_parts_from_elsewhere() -> None:
    """A character's numbers are community data and its skills invented: the table says
    both (docs/motu-content.md, "Provenance policy"); a card wholly of one source shows
    its provenance alone."""
    rows = card_rows([LIB.card("motu/he-man"), LIB.card("motu/enhancement")], "en")
    assert [r.provenance for r in rows] == ["rulebook", "community (skills-invented)"]
    polish = card_rows([LIB.card("motu/sword-of-power")], "pl")
    assert polish[0].provenance == "podręcznik (cost-community)"
