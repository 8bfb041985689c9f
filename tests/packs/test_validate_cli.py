"""``hexforge validate`` as CI runs it: formats, exit codes, --strict, the cache."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from hexforge.core.cli.main import make_cli
from tests.packs.toy import FIXTURES, ToyPlugin

GOOD = FIXTURES / "good"
BAD = FIXTURES / "bad"


@pytest.fixture(autouse=True)
def _cache_in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Never touch the real per-user cache; never inherit CI's GITHUB_ACTIONS."""
    monkeypatch.setenv("HEXFORGE_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("GITHUB_ACTIONS", raising=False)


def run(*args: str) -> Result:
    return CliRunner().invoke(make_cli([("toy", ToyPlugin())]), ["validate", *args])


def test_clean_packs_exit_0_with_a_summary() -> None:
    result = run(str(GOOD))
    assert result.exit_code == 0, result.output
    assert "0 errors, 0 warnings in 7 files (2 packs, 6 cards)" in result.output


def test_errors_exit_1_with_location_code_caret_and_hint() -> None:
    result = run(str(BAD / "HF202-unknown-field"))
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert lines[0].endswith(
        "cards/hero.yaml:10:3: error HF202: unknown field 'strenght' in 'stats'"
    )
    assert lines[1] == "   10 |   strenght: 4"
    assert lines[2] == "      |   ^^^^^^^^"
    assert lines[3] == "  hint: did you mean 'strength'?"


def test_all_problems_of_all_files_in_one_run(tmp_path: Path) -> None:
    pack = tmp_path / "pack"
    shutil.copytree(BAD / "HF213-unknown-reference", pack)
    broken = (BAD / "HF202-unknown-field" / "cards" / "hero.yaml").read_text()
    (pack / "cards" / "other.yaml").write_text(broken.replace("bad/hero", "bad/other"))
    data = json.loads(run("--format", "json", str(pack)).output)
    assert sorted(d["code"] for d in data["diagnostics"]) == ["HF202", "HF213"]


def test_warnings_pass_unless_strict() -> None:
    folder = str(BAD / "HF217-missing-translation")
    assert run(folder).exit_code == 0
    assert run("--strict", folder).exit_code == 1


def test_missing_path_is_a_usage_error() -> None:
    result = run("no/such/folder")
    assert result.exit_code == 2
    assert "HF001" in result.output


def test_unknown_format_is_a_usage_error() -> None:
    assert run("--format", "xml", str(GOOD)).exit_code == 2


def test_json_has_positions() -> None:
    result = run("--format", "json", str(BAD / "HF206-out-of-range"))
    data = json.loads(result.output)
    (diagnostic,) = data["diagnostics"]
    assert (diagnostic["code"], diagnostic["line"], diagnostic["column"]) == ("HF206", 8, 11)
    assert data["errors"] == 1 and data["warnings"] == 0


def test_github_annotations_are_the_default_in_actions(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GITHUB_ACTIONS", "true")
    result = run(str(BAD / "HF202-unknown-field"))
    first = result.output.splitlines()[0]
    assert first.startswith("::error file=")
    assert ",line=10,col=3,endColumn=11,title=HF202::unknown field 'strenght' in 'stats'" in first
    assert first.endswith("%0Ahint: did you mean 'strength'?")


def test_sarif_2_1_0() -> None:
    result = run("--format", "sarif", str(BAD / "HF217-missing-translation"))
    assert result.exit_code == 0
    log = json.loads(result.output)
    assert log["version"] == "2.1.0"
    (run_,) = log["runs"]
    assert run_["tool"]["driver"]["name"] == "hexforge"
    assert [r["id"] for r in run_["tool"]["driver"]["rules"]] == ["HF217"]
    (finding,) = run_["results"]
    assert (finding["ruleId"], finding["level"], finding["ruleIndex"]) == ("HF217", "warning", 0)
    region = finding["locations"][0]["physicalLocation"]["region"]
    assert (region["startLine"], region["startColumn"]) == (4, 1)
    uri = finding["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
    assert uri.endswith("HF217-missing-translation/cards/hero.yaml")


def test_cached_results_are_identical_and_follow_edits(tmp_path: Path) -> None:
    pack = tmp_path / "pack"
    shutil.copytree(BAD / "HF213-unknown-reference", pack)
    cold = run("--format", "json", str(pack))
    warm = run("--format", "json", str(pack))
    fresh = run("--format", "json", "--no-cache", str(pack))
    assert cold.output == warm.output == fresh.output
    assert list((tmp_path / "cache" / "packs").glob("*.json"))
    assert "1 from cache" in run(str(pack)).output
    hero = pack / "cards" / "hero.yaml"
    hero.write_text(hero.read_text().replace("bad/swrod", "bad/sword"))
    assert run(str(pack)).exit_code == 0


def test_a_damaged_cache_entry_is_a_miss(tmp_path: Path) -> None:
    first = run("--format", "json", str(GOOD)).output
    for entry in (tmp_path / "cache" / "packs").glob("*.json"):
        entry.write_text("{not json")
    assert run("--format", "json", str(GOOD)).output == first


def test_without_paths_every_installed_pack_is_validated() -> None:
    result = CliRunner().invoke(make_cli(), ["validate"])
    assert result.exit_code == 0, result.output
    assert "(2 packs," in result.output


def test_a_file_inside_a_pack_validates_its_pack() -> None:
    result = run(str(BAD / "HF213-unknown-reference" / "cards" / "sword.yaml"))
    assert result.exit_code == 1
    assert "HF213" in result.output


def test_worker_processes_give_the_same_report(tmp_path: Path) -> None:
    """Large packs may be compiled in worker processes; the report must not change."""
    from hexforge.core.packs.validate import PARALLEL_FROM, validate
    from tests.packs.toy import toy_catalogue

    pack = tmp_path / "big"
    shutil.copytree(GOOD / "base", pack)
    source = (BAD / "HF202-unknown-field" / "cards" / "hero.yaml").read_text()
    for number in range(PARALLEL_FROM):
        text = source.replace("bad/hero", f"base/hero-{number}")
        (pack / "cards" / f"hero-{number}.yaml").write_text(text)
    serial = validate([pack], toy_catalogue(), jobs=1)
    parallel = validate([pack], toy_catalogue(), jobs=2)
    assert parallel == serial
    assert serial.errors == PARALLEL_FROM


def test_an_unchanged_run_is_answered_whole_from_the_cache(tmp_path: Path) -> None:
    """A run over the same packs is stored whole; a run with other problems is not, so a
    later run cannot be served diagnostics that belonged to different arguments."""
    first = run("--format", "json", str(GOOD)).output
    assert len(list((tmp_path / "cache" / "packs").glob("run-*.json"))) == 1
    assert run("--format", "json", str(GOOD)).output == first
    empty = tmp_path / "empty"
    empty.mkdir()
    mixed = run("--format", "json", str(GOOD), str(empty))
    assert "HF220" in mixed.output
    assert run("--format", "json", str(GOOD)).output == first
