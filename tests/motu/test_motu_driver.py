"""The motu scenario driver reports bad setups in the file, with the game's codes."""

from __future__ import annotations

import pytest

from hexforge.core.scenarios import result_text, run_scenario, scenario_from_text
from tests.plugged import MOTU_DRIVER

HEAD = """game: motu
setup:
  map: {map}
  units:
"""
ARENA = "{name: arena, provenance: invented, size: {columns: 8, rows: 8}, hex_inches: 1.25}"


def _report(units: str, map_: str = ARENA, extra: str = "") -> str:
    text = HEAD.format(map=map_) + units + extra
    result = run_scenario(scenario_from_text(text, {"motu": MOTU_DRIVER}, name="bad.scenario.yaml"))
    assert not result.passed
    lines = [
        f"{d.span.location() if d.span else ''}: {d.code} {d.message} {d.hint}"
        for d in result.errors
    ]
    return result_text(result) + "\n".join(lines)


@pytest.mark.parametrize(
    ("units", "map_", "extra", "expected"),
    [
        (
            "    - {id: h, card: he-mann, at: C3}\n",
            ARENA,
            "",
            ["HF757", "bad.scenario.yaml:5:21", "motu/he-man"],
        ),
        (
            "    - {id: h, card: he-man, at: C3}\n    - {id: s, card: skeletor, at: C3}\n",
            ARENA,
            "",
            ["HF721", "both on C3"],
        ),
        ("    - {id: h, card: he-man, at: C3}\n", "first-gam", "", ["HF713", "first-game"]),
        ("    - {id: h, card: he-man, at: C3, buff: curse}\n", ARENA, "", ["HF757", "buff"]),
        (  # the caret is under the unknown weapon, not under 'card:'
            "    - {id: h, card: he-man, at: C3, weapons: [sword-of-power, swrod]}\n",
            ARENA,
            "",
            ["HF757", "bad.scenario.yaml:5:63", "no motu weapon 'motu/swrod'"],
        ),
        (
            "    - {id: h, card: he-man, at: C3, items: [grayskull-rnig]}\n",
            ARENA,
            "",
            ["HF757", "bad.scenario.yaml:5:45", "no motu item 'motu/grayskull-rnig'"],
        ),
        (
            "    - {id: h, card: skeletor, at: C3}\n",
            ARENA,
            "  marks:\n    - {card: serpent-mark, side: evil, at: C3}\n",
            ["HF756", "C3"],
        ),
        (
            "    - {id: h, card: he-man, at: C3}\n",
            ARENA,
            "  active: {unit: hh}\n",
            ["no unit 'hh'"],
        ),
        (  # issue 20 item 11: a 5-health character with 99 wounds
            "    - {id: h, card: he-man, at: C3, wounds: 99}\n",
            ARENA,
            "",
            ["HF513", "bad.scenario.yaml:5:45", "5 health: 99 wounds", "0 to 4 wounds"],
        ),
        (  # rulebook §Preparation Phase: a hand holds at most five fate cards
            "    - {id: h, card: he-man, at: C3}\n",
            ARENA,
            "  hands:\n    masters: [rally, steady-aim, keen-eyes, mighty-blow, swift-stride,"
            " for-eternia, sword-raised]\n",
            ["HF773", "bad.scenario.yaml:7:", "masters holds 6 fate cards; a hand holds at most 5"],
        ),
        (  # two glory cards are dealt, and no more are gained
            "    - {id: h, card: he-man, at: C3}\n",
            ARENA,
            "  hands:\n    masters: [mighty-deed, giant-slayer, champion-of-grayskull]\n",
            ["HF773", "masters holds 3 glory cards; a hand holds at most 2"],
        ),
        (  # rulebook §First Game Setup: each player has its own force's cards
            "    - {id: h, card: he-man, at: C3}\n",
            ARENA,
            "  hands:\n    masters: [rally, cold-aim]\n",
            ["HF773", "bad.scenario.yaml:7:22", "motu/cold-aim is a card of the evil force"],
        ),
        (
            "    - {id: h, card: he-man, at: C3}\n",
            ARENA,
            "  decks:\n    evil: [sword-raised]\n",
            ["HF773", "motu/sword-raised is a card of the masters force: evil cannot"],
        ),
        (  # rulebook §Health and Wounds: at its health it is knocked out, so 5 is too many
            "    - {id: h, card: he-man, at: C3, wounds: 5}\n",
            ARENA,
            "",
            ["5 health: 5 wounds would knock it out"],
        ),
    ],
)
def test_bad_setups_are_reported_where_written(
    units: str, map_: str, extra: str, expected: list[str]
) -> None:
    report = _report(units, map_, extra)
    for text in expected:
        assert text in report, report


def test_a_setup_may_leave_a_character_one_wound_from_its_health() -> None:
    """Rulebook §Health and Wounds: 4 wounds on 5 health is a character still standing."""
    text = HEAD.format(map=ARENA) + "    - {id: h, card: he-man, at: C3, wounds: 4}\n"
    text += "expect:\n  - unit: h\n    wounds: 4\n"
    result = run_scenario(scenario_from_text(text, {"motu": MOTU_DRIVER}, name="ok.scenario.yaml"))
    assert result.passed, result_text(result)


def test_a_shipped_map_can_be_named() -> None:
    text = HEAD.format(map="first-game") + "    - {id: h, card: he-man, at: C3}\n"
    text += "expect:\n  - unit: h\n    at: C3\n    strength: 5\n"
    result = run_scenario(scenario_from_text(text, {"motu": MOTU_DRIVER}, name="ok.scenario.yaml"))
    assert result.passed, result_text(result)
