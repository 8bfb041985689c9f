"""The page ``hexforge balance --out`` writes beside balance.json, in a real browser
(Chromium): its sentences in the chosen language, its forest plots with no text on a
whisker, a dot, the dashed line or another text, and a screenshot taken (issue 25's
"reports a designer reads")."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from hexforge.core.cli.main import make_cli
from tests.render.test_viewer_browser import browser  # noqa: F401  (the shared fixture)
from tests.simulate.test_report_browser import OVERLAPS

RUNS = {
    "roster": (["balance", "roster", "--scenario", "standard", "--games", "12"], "en"),
    "ab": (["balance", "ab", "--card", "mighty-blow", "--instead", "rally", "--games", "4"], "pl"),
    "mirror": (["balance", "mirror", "--games", "4"], "de"),
}
SEEN = {
    "roster": ["Orko (masters)", "a point is worth"],
    "ab": ["z kartą Potężny Cios: masters", "Zmiana odsetka wygranych z pierwszego"],
    "mirror": ["Siegquoten mit ihren 95%-Intervallen", "unentschieden"],
}
"""Words each page must show: localised card names and chart titles."""


@pytest.mark.parametrize("experiment", sorted(RUNS))
def test_the_balance_page_has_no_overlapping_text(
    browser: Any,  # noqa: F811
    tmp_path: Path,
    experiment: str,
) -> None:
    args, lang = RUNS[experiment]
    out = tmp_path / "report"
    result = CliRunner().invoke(make_cli(), ["--lang", lang, *args, "--out", str(out)])
    assert result.exit_code == 0, result.output
    page = out / "balance.html"
    assert str(page) in result.output.replace("\n", "")
    browser.get(page.as_uri())
    counted, hits = browser.execute_script(OVERLAPS)
    assert counted >= 12
    assert hits == []
    source = browser.page_source
    for words in SEEN[experiment]:
        assert words in source, words
    shot = tmp_path / f"{experiment}.png"
    assert browser.save_screenshot(str(shot)) and shot.stat().st_size > 10_000
