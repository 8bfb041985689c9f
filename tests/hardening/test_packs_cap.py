"""Issue 20, item 11 (part): a broken file is a screenful, and ``requires`` cycles are
reported.

The 25-problems-per-file cap covered only the YAML stage: one 800 KB file of broken
cards printed 200,009 errors. Now every stage of a file (YAML, models, effects, cross-file
checks) counts towards the same 25, then one HF230 line says how many more there are. A
pack that requires itself, or a cycle of packs requiring each other, is HF229.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from hexforge.core.errors import Severity
from hexforge.core.packs.validate import validate
from tests.packs.toy import ToyPlugin, toy_catalogue

MANIFEST = "id: {id}\nname: {{en: P}}\nversion: 1.0.0\ngame: toy\n"


@pytest.fixture(autouse=True)
def _cache_in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HEXFORGE_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("GITHUB_ACTIONS", raising=False)


def _pack(tmp: Path, pack_id: str = "big", requires: str = "", **files: str) -> Path:
    root = tmp / pack_id
    (root / "cards").mkdir(parents=True)
    manifest = MANIFEST.format(id=pack_id) + (f"requires: {requires}\n" if requires else "")
    (root / "pack.yaml").write_text(manifest)
    for name, text in files.items():
        (root / "cards" / f"{name}.yaml").write_text(text)
    return root


def _units(count: int, broken: str) -> str:
    """``count`` unit cards, each with the problem ``broken`` makes."""
    return "".join(
        f"- id: big/u{i}\n  kind: unit\n  name: {{en: U}}\n  provenance: invented\n"
        f"  stats: {{health: 3, speed: 4}}\n{broken}"
        for i in range(count)
    )


def test_item11_model_errors_of_one_file_are_capped_at_25_plus_a_count(tmp_path: Path) -> None:
    root = _pack(tmp_path, units=_units(2000, "  strenght: 1\n"))
    report = validate([root], toy_catalogue())
    codes = [d.code for d in report.diagnostics]
    assert codes == ["HF202"] * 25 + ["HF230"]
    last = report.diagnostics[-1]
    assert last.message == "1975 more problems in this file (only the first 25 are shown)"
    assert last.severity is Severity.ERROR
    assert last.span is not None and last.span.file is not None
    assert last.span.file.endswith("units.yaml")


def test_item11_the_cap_counts_cross_file_problems_of_the_file_too(tmp_path: Path) -> None:
    """20 model errors and 20 unknown references in one file: 25 shown, 15 counted."""
    broken = _units(20, "  strenght: 1\n")
    dangling = _units(20, "  weapons: [nothing]\n").replace("big/u", "big/w")
    root = _pack(tmp_path, units=broken + dangling)
    report = validate([root], toy_catalogue())
    assert [d.code for d in report.diagnostics].count("HF230") == 1
    assert len(report.diagnostics) == 26
    assert report.diagnostics[-1].message.startswith("15 more problems in this file")


def test_item11_each_file_has_its_own_cap_and_small_files_are_untouched(tmp_path: Path) -> None:
    root = _pack(
        tmp_path,
        a=_units(30, "  strenght: 1\n"),
        b=_units(3, "  strenght: 1\n").replace("big/u", "big/b"),
    )
    report = validate([root], toy_catalogue())
    by_file: dict[str, list[str]] = {}
    for d in report.diagnostics:
        assert d.span is not None and d.span.file is not None
        by_file.setdefault(Path(d.span.file).name, []).append(d.code)
    assert by_file == {"a.yaml": ["HF202"] * 25 + ["HF230"], "b.yaml": ["HF202"] * 3}


def test_item11_the_command_prints_a_screenful_and_the_count(tmp_path: Path) -> None:
    from hexforge.core.cli.main import make_cli

    root = _pack(tmp_path, units=_units(500, "  strenght: 1\n"))
    result = CliRunner().invoke(make_cli([("toy", ToyPlugin())]), ["validate", str(root)])
    assert result.exit_code == 1
    assert result.output.count("error HF202") == 25
    assert "error HF230: 475 more problems in this file" in result.output
    assert len(result.output.splitlines()) < 200


def test_item11_a_pack_requiring_itself_is_hf229(tmp_path: Path) -> None:
    root = _pack(tmp_path, "loop", requires="{loop: '*'}")
    report = validate([root], toy_catalogue())
    assert [(d.code, d.span.line, d.span.column) for d in report.diagnostics if d.span] == [
        ("HF229", 5, 12)
    ]
    assert report.diagnostics[0].message == "pack 'loop' requires itself"


def test_item11_a_cycle_of_requires_is_hf229_in_every_pack_of_it(tmp_path: Path) -> None:
    a = _pack(tmp_path, "a", requires="{b: '*'}")
    b = _pack(tmp_path, "b", requires="{c: '*'}")
    c = _pack(tmp_path, "c", requires="{a: '*'}")
    report = validate([a, b, c], toy_catalogue())
    found = sorted(
        (Path(d.span.file or "").parent.name if d.span else "", d.message)
        for d in report.diagnostics
    )
    assert [d.code for d in report.diagnostics] == ["HF229"] * 3
    assert found[0] == (
        "a",
        "pack 'a' requires itself through other packs: 'a' -> 'b' -> 'c' -> 'a'",
    )


def test_item11_requires_without_a_cycle_are_fine(tmp_path: Path) -> None:
    a = _pack(tmp_path, "a", requires="{b: '*', c: '*'}")
    b = _pack(tmp_path, "b", requires="{c: '*'}")
    c = _pack(tmp_path, "c")
    assert validate([a, b, c], toy_catalogue()).diagnostics == ()


def test_item11_a_scenario_file_is_capped_the_same_way() -> None:
    from hexforge.core.errors import HexforgeError
    from hexforge.core.scenarios.loader import scenario_from_text
    from tests.plugged import MOTU_DRIVER

    steps = "".join(f"  - {{do: fly{i}}}\n" for i in range(40))
    with pytest.raises(HexforgeError) as raised:
        scenario_from_text(
            f"game: motu\nsetup: {{map: first-game}}\nsteps:\n{steps}", {"motu": MOTU_DRIVER}
        )
    codes = [d.code for d in raised.value.diagnostics]
    assert codes == ["HF506"] * 25 + ["HF230"]
    assert raised.value.diagnostics[-1].message.startswith("15 more problems in this file")
