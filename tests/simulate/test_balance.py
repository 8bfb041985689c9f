"""``hexforge balance``: docs/balance.md's commands run and print what the page shows, and
the command's errors are coded."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from hexforge.core.cli.main import make_cli
from tests.docs.blocks import DOCS, run_sh_blocks

PAGE = DOCS / "balance.md"


def test_the_commands_of_balance_md_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every sh block runs in one folder; a text block right after it lists lines the
    output must contain (the worked example on the shipped first game)."""
    monkeypatch.chdir(tmp_path)
    ran = run_sh_blocks(PAGE)
    assert ran == 5
    report = json.loads((tmp_path / "report" / "balance.json").read_text(encoding="utf-8"))
    assert [arm["label"] for arm in report["arms"]] == [
        "with Mighty Blow",
        "with Rally in its place",
    ]
    assert report["arms"][1]["options"] == {"replace": "mighty-blow:rally"}
    assert set(report["changes"]) == {"masters"}


@pytest.mark.parametrize(
    ("args", "code"),
    [
        (["ab", "--card", "mighty-blow", "--instead", "dark-pact"], "HF776"),
        (["ab", "--card", "no-such-card"], "HF757"),
        (["mirror", "--agent", "nobody"], "HF050"),
    ],
)
def test_a_bad_experiment_is_a_coded_error_before_any_game(args: list[str], code: str) -> None:
    result = CliRunner().invoke(make_cli(), ["balance", *args, "--games", "2"])
    assert result.exit_code != 0
    assert code in result.output and "Traceback" not in result.output


def test_the_roster_json_holds_what_balance_md_names(tmp_path: Path) -> None:
    """docs/balance.md: ``edge``, ``per_point`` and per unit ``worth``, ``excess`` and
    ``fair_cost`` (null while a point's worth is unsure), each with its ``ci95``."""
    args = ["balance", "roster", "--scenario", "standard", "--games", "6"]
    result = CliRunner().invoke(make_cli(), [*args, "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    report = json.loads((tmp_path / "balance.json").read_text(encoding="utf-8"))
    assert isinstance(report["edge"], float) and set(report["per_point"]) == {"value", "ci95"}
    unit = report["powers"][0]
    assert {"worth", "excess", "fair_cost", "cost", "games"} <= set(unit)
    assert set(unit["worth"]) == {"value", "ci95"} == set(unit["excess"])
    low = report["per_point"]["ci95"][0]
    assert (unit["fair_cost"] is None) == (low <= 0)
