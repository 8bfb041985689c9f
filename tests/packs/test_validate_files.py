"""``hexforge validate`` checks everything a pack holds and lone files (issue 27): setups
and maps beside the cards, scenario files, and setup, map, scenario and card files of no
pack given by path - each problem with its code, ``file:line:col`` and hint, in every
output format, found by validate instead of later in play."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from hexforge.core.cli.main import make_cli

ROOT = Path(__file__).resolve().parents[2]
SETUP = (ROOT / "content" / "motu" / "setups" / "first-game.yaml").read_text(encoding="utf-8")
MAP = (ROOT / "content" / "motu" / "maps" / "first-game.yaml").read_text(encoding="utf-8")
SCENARIO = (ROOT / "tests" / "motu" / "scenarios" / "melee-attack-fists.scenario.yaml").read_text(
    encoding="utf-8"
)
PACK = """\
id: skirmish
name: {en: Skirmish}
version: 1.0.0
game: motu
requires: {motu: "*"}
"""
CARD = """\
id: skirmish/brute
kind: character
name: {en: Brute}
provenance: invented
faction: evil
stats: {health: 5, toughness: 3, mind: 2, power: 2, perception: 3, strength: 5, speed: 5,
  focused_speed: 8}
cost: 15
weapons: [motu/mace]
"""


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HEXFORGE_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("GITHUB_ACTIONS", raising=False)
    monkeypatch.chdir(tmp_path)


def run(*args: str) -> Result:
    return CliRunner().invoke(make_cli(), ["validate", *args], terminal_width=200)


def _pack(tmp_path: Path, setup: str) -> Path:
    (tmp_path / "skirmish" / "cards").mkdir(parents=True)
    (tmp_path / "skirmish" / "setups").mkdir()
    (tmp_path / "skirmish" / "pack.yaml").write_text(PACK, encoding="utf-8")
    (tmp_path / "skirmish" / "cards" / "brute.yaml").write_text(CARD, encoding="utf-8")
    (tmp_path / "skirmish" / "setups" / "brawl.yaml").write_text(setup, encoding="utf-8")
    return tmp_path / "skirmish"


def _line(text: str, word: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if word in line)


def test_a_setup_in_a_pack_with_an_unknown_key_in_every_format(tmp_path: Path) -> None:
    setup = SETUP.replace("\nmap:", "\nfoo: 1\nmap:", 1)
    _pack(tmp_path, setup)
    text = run("skirmish")
    assert text.exit_code == 1
    line = _line(setup, "foo: 1")
    assert f"skirmish/setups/brawl.yaml:{line}:1: error HF202: unknown field 'foo'" in text.output
    assert "hint: fields here: name, provenance, tags, map" in text.output
    found = json.loads(run("--format", "json", "skirmish").output)
    assert [(d["code"], d["file"], d["line"]) for d in found["diagnostics"]] == [
        ("HF202", "skirmish/setups/brawl.yaml", line)
    ]
    sarif = json.loads(run("--format", "sarif", "skirmish").output)
    [result] = sarif["runs"][0]["results"]
    assert result["ruleId"] == "HF202"
    region = result["locations"][0]["physicalLocation"]["region"]
    assert (region["startLine"], region["startColumn"]) == (line, 1)


def test_a_setup_naming_an_unknown_card_gets_did_you_mean(tmp_path: Path) -> None:
    """The pack's own cards count (a working copy): its brute plays, a misspelt one not."""
    setup = SETUP.replace("card: skeletor,", "card: skirmish/brute,", 1).replace(
        "card: he-man,", "card: he-mna,", 1
    )
    _pack(tmp_path, setup)
    result = run("skirmish")
    line = _line(setup, "he-mna")
    column = setup.splitlines()[line - 1].index("he-mna") + 1
    assert f"brawl.yaml:{line}:{column}: error HF761: no motu character 'motu/he-mna'" in (
        result.output
    )
    assert "did you mean 'motu/he-man'?" in result.output
    assert "1 error," in result.output


def test_an_edited_setup_is_never_answered_from_the_cache(tmp_path: Path) -> None:
    pack = _pack(tmp_path, SETUP)
    assert run("skirmish").exit_code == 0
    (pack / "setups" / "brawl.yaml").write_text(SETUP.replace("\nmap:", "\nfoo: 1\nmap:", 1))
    assert "HF202" in run("skirmish").output


def test_lone_setup_map_and_card_files(tmp_path: Path) -> None:
    (tmp_path / "setup.yaml").write_text(SETUP.replace("card: he-man,", "card: he-mna,", 1))
    (tmp_path / "map.yaml").write_text(MAP.replace("\npieces:", "\npeices: []\npieces:", 1))
    (tmp_path / "card.yaml").write_text(CARD.replace("motu/mace", "motu/mcae"))
    result = run("setup.yaml", "map.yaml", "card.yaml")
    assert result.exit_code == 1
    codes = [line.split(": ")[1] for line in result.output.splitlines() if ": error " in line]
    assert codes == ["error HF213", "error HF701", "error HF761"]
    assert "card.yaml:9:11: error HF213: 'weapons[0]' refers to card 'motu/mcae'" in (result.output)
    assert "did you mean 'motu/mace'?" in result.output
    (tmp_path / "card.yaml").write_text(CARD)
    assert run("card.yaml").exit_code == 0  # its references resolve against motu


def test_a_lone_scenario_names_cards_of_its_game(tmp_path: Path) -> None:
    text = SCENARIO.replace("card: skeletor,", "card: skeletr,", 1)
    (tmp_path / "fists.scenario.yaml").write_text(text, encoding="utf-8")
    result = run("fists.scenario.yaml")
    assert result.exit_code == 1
    line = _line(text, "skeletr")
    assert f"fists.scenario.yaml:{line}:" in result.output
    assert "error HF213: 'setup.units[1].card' names card 'motu/skeletr'" in result.output
    assert "did you mean 'motu/skeletor'?" in result.output


def test_skip_outside_packs_keeps_files_it_can_tell(tmp_path: Path) -> None:
    (tmp_path / "setup.yaml").write_text(SETUP.replace("card: he-man,", "card: he-mna,", 1))
    (tmp_path / "ci.yml").write_text("on: push\njobs: {}\n")
    result = run("--skip-outside-packs", "setup.yaml", "ci.yml")
    assert result.exit_code == 1 and "HF761" in result.output
    assert run("--skip-outside-packs", "ci.yml").exit_code == 0
    assert "HF220" in run("ci.yml").output


def test_shipped_content_validates_setups_and_maps_included() -> None:
    result = run("--strict", str(ROOT / "content" / "motu"))
    assert result.exit_code == 0, result.output
    cards = len(list((ROOT / "content" / "motu" / "cards").rglob("*.yaml")))
    beside = len(list((ROOT / "content" / "motu" / "setups").glob("*.yaml")))
    beside += len(list((ROOT / "content" / "motu" / "maps").glob("*.yaml")))
    assert f"in {cards + 1 + beside} files (1 pack," in result.output
