"""Issue 20, item 3: an integer of 4,301 digits or more is a coded error, never exit 3.

Python's ``int()`` refuses to convert more than 4,300 digits (``ValueError: Exceeds the
limit``), and ``str()`` refuses to print such an int (a ``0x`` literal makes one without
the limit). Every place a number is read counts its digits first: the YAML loader (card
fields, pack.yaml, scenarios, setups: HF113), the effect parser (HF306), pack versions.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from hexforge.core.cli.main import make_cli
from hexforge.core.errors import HexforgeError
from hexforge.core.packs.validate import validate
from hexforge.core.packs.yamlio import load_text
from hexforge.core.scenarios.loader import scenario_from_text
from hexforge.plugins.catalogue import catalogue_from_host
from tests.plugged import HOST, MOTU_DRIVER

ROOT = Path(__file__).resolve().parents[2]
CATALOGUE = catalogue_from_host(HOST)
HUGE = "9" * 4301
HEX = "0x" + "f" * 4000


@pytest.fixture(autouse=True)
def _cache_in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HEXFORGE_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("GITHUB_ACTIONS", raising=False)


def _cli(*args: str) -> Result:
    return CliRunner().invoke(make_cli(), list(args))


def _fate_pack(tmp: Path, initiative: str, ap: str, ability: str) -> Path:
    root = tmp / "big"
    (root / "cards").mkdir(parents=True)
    (root / "pack.yaml").write_text(
        "id: big\nname: {en: Big}\nversion: 1.0.0\ngame: motu\nrequires: {motu: '*'}\n"
    )
    (root / "cards" / "fate.yaml").write_text(
        "id: big/fate\nkind: fate\nname: {en: Fate}\nprovenance: invented\n"
        f'initiative: {initiative}\nap: {ap}\nmana: 1\nability: "{ability}"\n'
    )
    return root


@pytest.mark.parametrize(
    ("line", "value"),
    [(5, HUGE), (6, HEX), (5, "-" + HUGE), (5, "9223372036854775808"), (6, "0o" + "7" * 30)],
)
def test_item3_a_huge_integer_in_a_card_field_is_hf113_at_its_place(
    tmp_path: Path, line: int, value: str
) -> None:
    initiative, ap = (value, "1") if line == 5 else ("3", value)
    report = validate([_fate_pack(tmp_path, initiative, ap, "gain 1 mana")], CATALOGUE)
    assert [(d.code, d.span.line, d.span.column) for d in report.diagnostics if d.span] == [
        ("HF113", line, len("initiative: " if line == 5 else "ap: ") + 1)
    ]
    assert len(report.diagnostics[0].message) < 200  # the number is abridged


def test_item3_the_largest_int64_is_read_and_then_the_field_range_applies() -> None:
    result = load_text(f"a: {2**63 - 1}\nb: {-(2**63)}\nc: 0x7fffffffffffffff\n")
    assert result.ok and result.document is not None
    assert result.document.data == {"a": 2**63 - 1, "b": -(2**63), "c": 2**63 - 1}


def test_item3_validate_with_huge_numbers_everywhere_exits_1_not_3(tmp_path: Path) -> None:
    root = _fate_pack(tmp_path, HUGE, HEX, f"gain {HUGE} mana")
    result = _cli("validate", str(root))
    assert result.exit_code == 1, result.output
    assert "HF113" in result.output and "Traceback" not in result.output


def test_item3_a_huge_number_in_an_effect_is_hf306(tmp_path: Path) -> None:
    root = _fate_pack(tmp_path, "3", "1", f"gain {HUGE} mana")
    report = validate([root], CATALOGUE)
    assert [(d.code, d.span.line, d.span.column) for d in report.diagnostics if d.span] == [
        ("HF306", 8, len('ability: "gain ') + 1)
    ]


def test_item3_a_pack_version_with_a_huge_number_is_reported(tmp_path: Path) -> None:
    """parse_version ran int() on it when another pack required it (exit 3)."""
    (tmp_path / "p2").mkdir()
    (tmp_path / "p2" / "pack.yaml").write_text(
        f"id: p2\nname: {{en: P}}\nversion: 1.0.{HUGE}\ngame: motu\n"
    )
    (tmp_path / "p3").mkdir()
    (tmp_path / "p3" / "pack.yaml").write_text(
        f"id: p3\nname: {{en: P}}\nversion: 1.0.0\ngame: motu\nrequires: {{p2: '>=1.{HUGE}'}}\n"
    )
    report = validate([tmp_path / "p3", tmp_path / "p2"], CATALOGUE)
    codes = sorted(d.code for d in report.diagnostics)
    assert codes == ["HF206", "HF224"], [str(d)[:200] for d in report.diagnostics]


def test_item3_a_huge_scenario_seed_is_a_coded_error() -> None:
    with pytest.raises(HexforgeError) as raised:
        scenario_from_text(f"game: motu\nseed: {HUGE}\n", {"motu": MOTU_DRIVER})
    assert [d.code for d in raised.value.diagnostics] == ["HF113"]


@pytest.mark.parametrize("seed", ["-1", str(2**63)])
def test_item3_a_seed_outside_its_range_is_reported(seed: str) -> None:
    with pytest.raises(HexforgeError) as raised:
        scenario_from_text(
            f"game: motu\nseed: {seed}\nsetup: {{map: first-game}}\n", {"motu": MOTU_DRIVER}
        )
    assert [d.code for d in raised.value.diagnostics] == ["HF513" if seed == "-1" else "HF113"]


def test_item3_hexforge_test_and_render_with_a_huge_seed_exit_1(tmp_path: Path) -> None:
    scenario = tmp_path / "big.scenario.yaml"
    scenario.write_text(f"game: motu\nseed: {HUGE}\nsetup: {{map: first-game}}\n")
    tested = _cli("test", str(scenario))
    assert tested.exit_code == 1 and "HF113" in tested.output, tested.output
    drawn = _cli("render", "map", str(scenario), "--out", str(tmp_path / "x.svg"))
    assert drawn.exit_code == 1 and "HF113" in drawn.output, drawn.output


def test_item3_play_with_a_setup_holding_a_huge_number_exits_1(tmp_path: Path) -> None:
    setup = (ROOT / "content" / "motu" / "setups" / "first-game.yaml").read_text()
    path = tmp_path / "setup.yaml"
    path.write_text(setup.replace("map: first-game", f"map: first-game\npoints: {HUGE}"))
    result = _cli("play", "-q", "--set", f"setup={path}")
    assert result.exit_code == 1, result.output
    assert "HF113" in result.output


def test_item3_no_reader_of_numbers_converts_unbounded_digits() -> None:
    """The loader's result is the same whatever the number's length beyond the limit."""
    for digits in (20, 4300, 4301, 100_000):
        result = load_text(f"a: {'1' * digits}\n")
        assert [d.code for d in result.diagnostics] == ["HF113"]
