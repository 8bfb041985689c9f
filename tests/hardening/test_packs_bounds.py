"""Issue 20, item 2: content that validates clean never hangs a game.

Every number motu content holds has a range declared once (``plugins/motu/cards.py``
``RANGES``): the card models' fields read it, and so do the effect language's stats and
phrases, so ``hexforge validate`` reports a number outside its range at its place; the
movement search does no work proportional to a speed; a ``*.yaml`` that is not a regular
file (a FIFO) is never opened.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from hexforge.core.errors import Diagnostic
from hexforge.core.packs.validate import validate
from hexforge.core.packs.yamlio import LoadResult, load_file
from hexforge.plugins.catalogue import catalogue_from_host
from hexforge.plugins.motu.battlefield import Occupancy, reachable
from hexforge.plugins.motu.cards import RANGES, Character, Stats
from tests.motu.boards import board, model
from tests.plugged import HOST

ROOT = Path(__file__).resolve().parents[2]
CATALOGUE = catalogue_from_host(HOST)
PACK = """\
id: fast
name: {en: Fast}
version: 1.0.0
game: motu
requires: {motu: "*"}
"""
HE_MAN = """\
id: fast/he-man
kind: character
replaces: motu/he-man
name: {en: He-Man}
provenance: invented
faction: masters
stats: {health: 5, toughness: 3, mind: 3, power: 3, perception: 3, strength: 5, speed: SPEED,
  focused_speed: 8}
cost: 19
weapons: [motu/sword-of-power]
skills:
  - id: zoom
    name: {en: Zoom}
    effect: "EFFECT"
"""


def _pack(tmp: Path, effect: str = "speed +1", speed: str = "5") -> Path:
    root = tmp / "fast"
    (root / "cards").mkdir(parents=True)
    (root / "pack.yaml").write_text(PACK)
    card = HE_MAN.replace("EFFECT", effect).replace("SPEED", speed)
    (root / "cards" / "he-man.yaml").write_text(card)
    return root


def _problems(root: Path) -> list[Diagnostic]:
    return list(validate([root], CATALOGUE).diagnostics)


def _where(found: list[Diagnostic]) -> list[tuple[str, int, int]]:
    return [(d.code, d.span.line, d.span.column) for d in found if d.span is not None]


def test_item2_a_huge_speed_in_an_effect_is_reported_where_it_is_written(tmp_path: Path) -> None:
    """The issue's card: a skill ``speed = 99999999999999999999`` passed validate."""
    found = _problems(_pack(tmp_path, "speed = 99999999999999999999"))
    assert _where(found) == [("HF306", 14, 22)]
    assert "99999999999999999999" in found[0].message


@pytest.mark.parametrize(
    ("effect", "column", "words"),
    [
        ("speed = 13", 22, "outside its range 0 to 12"),
        ("speed + 13", 22, "outside its range -12 to 12"),
        ("focused speed = 16", 30, "outside its range 0 to 15"),
        ("while attacking: dice + (2 * 7)", 39, "is 14, outside its range -13 to 13"),
        ("gain 6 mana", 19, "outside its range 0 to 5"),
        ("push target 13 hexes", 26, "outside its range 0 to 12"),
        ("upon activation: deal 13 wounds to self", 36, "outside its range 0 to 12"),
        ("speed of enemies within 37 inches of self -2", 38, "outside its range 0 to 36"),
    ],
)
def test_item2_an_effect_number_outside_its_declared_range_is_hf306(
    tmp_path: Path, effect: str, column: int, words: str
) -> None:
    found = _problems(_pack(tmp_path, effect))
    assert _where(found) == [("HF306", 14, column)], [str(d) for d in found]
    assert words in found[0].message


@pytest.mark.parametrize(
    "effect",
    ["speed = 12", "speed -12", "focused speed = 15", "gain 5 mana", "push target 12 hexes"],
)
def test_item2_numbers_at_the_ends_of_their_ranges_are_valid(tmp_path: Path, effect: str) -> None:
    assert _problems(_pack(tmp_path, effect)) == []


def test_item2_a_card_field_out_of_range_is_hf206_at_the_field(tmp_path: Path) -> None:
    found = _problems(_pack(tmp_path, speed="99999"))
    column = HE_MAN.splitlines()[6].index("SPEED") + 1
    assert _where(found) == [("HF206", 7, column)]
    assert "'stats.speed'" in found[0].message


def test_item2_the_ranges_are_declared_once_and_read_by_the_models() -> None:
    """The card models' fields take their bounds from RANGES (the JSON Schema shows them)."""
    speed = Stats.model_json_schema()["properties"]["speed"]
    assert (speed["minimum"], speed["maximum"]) == RANGES["speed"][:2]
    cost = Character.model_json_schema()["properties"]["cost"]
    assert (cost["minimum"], cost["maximum"]) == RANGES["character_cost"][:2]


def test_item2_the_ranges_table_in_the_docs_is_the_declared_one() -> None:
    page = (ROOT / "docs" / "content.md").read_text(encoding="utf-8")
    rows = dict(re.findall(r"^\| `(\w+)` \| (-?\d+ to -?\d+) \|", page, re.MULTILINE))
    assert rows == {name: f"{low} to {high}" for name, (low, high, _) in RANGES.items()}


def test_item2_movement_does_no_work_proportional_to_the_speed() -> None:
    """reachable() built ``points + 1`` buckets: a speed of 10**20 never finished."""
    field = board(columns=20, rows=20)
    he_man = model("he-man", "masters", "J10")
    occupancy = Occupancy(field, [he_man])
    began = time.perf_counter()
    reach = reachable(field, occupancy, he_man, 10**20)
    assert time.perf_counter() - began < 5
    assert len(reach.costs) == 20 * 20  # the whole board, and no more
    assert reach.points == 10**20 and reach.left(he_man.location) == 10**20
    assert reach.costs == reachable(field, occupancy, he_man, 40).costs


def _cli(*args: str, cache: Path, timeout: float) -> subprocess.CompletedProcess[str]:
    """The command in a process of its own: a hang is a timeout here, not a stuck suite."""
    env = {**os.environ, "HEXFORGE_CACHE_DIR": str(cache)}
    code = "from hexforge.core.cli.main import main; main()"
    return subprocess.run(
        [sys.executable, "-c", code, *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        env=env,
        check=False,
    )


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")
def test_item2_a_fifo_named_yaml_in_a_cards_folder_is_not_read(tmp_path: Path) -> None:
    """validate opened it and waited forever for a writer."""
    root = _pack(tmp_path)
    os.mkfifo(root / "cards" / "pipe.yaml")
    result = _cli("validate", str(root), cache=tmp_path / "cache", timeout=60)
    assert result.returncode == 1, result.stdout + result.stderr
    assert "cards/pipe.yaml:1:1: error HF112" in result.stdout
    assert "FIFO" in result.stdout


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")
def test_item2_a_fifo_pack_yaml_or_yaml_file_is_refused_by_the_loader(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pack.yaml")
    results: list[LoadResult] = []
    # A daemon thread: if the loader blocks on the FIFO again, the test fails, not hangs.
    reader = threading.Thread(
        target=lambda: results.extend([load_file(tmp_path / "pack.yaml"), load_file(tmp_path)]),
        daemon=True,
    )
    reader.start()
    reader.join(timeout=30)
    assert not reader.is_alive(), "the loader blocked on a FIFO"
    fifo, folder = results
    assert fifo.document is None
    assert [d.code for d in fifo.diagnostics] == ["HF112"]
    assert [d.code for d in folder.diagnostics] == ["HF112"]
