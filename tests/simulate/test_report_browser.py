"""The simulation report in a real browser (Chromium, as the replay viewer's tests drive
it): no label overlaps another label, a bar or a whisker, and the page's screenshot is
taken - the check a designer's eye would make (issue 25)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hexforge.core.simulate.jobs import GameRecord
from hexforge.core.simulate.report import bins, write_reports
from hexforge.core.simulate.stats import summarise
from tests.render.test_viewer_browser import browser  # noqa: F401  (the shared fixture)

LONG = "motu/a-card-with-a-name-far-longer-than-the-label-column-allows"


def records() -> list[GameRecord]:
    """Forty games: scores spread over 0-95 (binned), a winner rate near 1 (a whisker
    reaching the right edge), long and short card names."""
    found = []
    for i in range(40):
        winner = "masters" if i % 10 else "evil"
        found.append(
            GameRecord(
                i,
                i + 1,
                ("masters", "evil"),
                ("heuristic", "random") if i % 2 == 0 else ("random", "heuristic"),
                winner,
                ((i * 7) % 96, (i * 11) % 50),
                (("masters", LONG), ("evil", "motu/trident"), ("masters", f"motu/c{i % 3}")),
                (("masters", "he-man"),),
                (("he-man", i % 4),),
                100,
                1000,
            )
        )
    return found


OVERLAPS = """
const boxes = [];
for (const svg of document.querySelectorAll('svg')) {
  for (const el of svg.querySelectorAll('text, rect, line, circle')) {
    const r = el.getBoundingClientRect();
    if (r.width > 0 || r.height > 0)
      boxes.push([el.tagName, el.textContent, r.left, r.top, r.right, r.bottom]);
  }
}
const hits = [];
for (let i = 0; i < boxes.length; i++) {
  if (boxes[i][0] !== 'text') continue;
  for (let j = 0; j < boxes.length; j++) {
    if (i === j || (boxes[j][0] === 'text' && j < i)) continue;
    const [, ta, l1, t1, r1, b1] = boxes[i];
    const [tag, tb, l2, t2, r2, b2] = boxes[j];
    if (l1 < r2 - 0.5 && l2 < r1 - 0.5 && t1 < b2 - 0.5 && t2 < b1 - 0.5) hits.push([ta, tag, tb]);
  }
}
return [boxes.length, hits];
"""


def test_the_report_has_no_overlapping_labels(browser: Any, tmp_path: Path) -> None:  # noqa: F811
    summary = summarise(records())
    names = {LONG: LONG.split("/")[1].replace("-", " ").title(), "motu/trident": "Trójząb"}
    _, html = write_reports(tmp_path, summary, {"game": "motu"}, names)
    browser.get(html.as_uri())
    counted, hits = browser.execute_script(OVERLAPS)
    assert counted > 50
    assert hits == []
    assert "Trójząb" in browser.page_source  # cards by the chosen language's names
    shot = tmp_path / "report.png"
    assert browser.save_screenshot(str(shot)) and shot.stat().st_size > 10_000


def test_scores_are_binned_into_round_widths() -> None:
    spread = {score: 1 for score in range(0, 96, 3)}
    shown = bins(spread)
    assert len(shown) <= 12 and shown[0][0] == "0-9" and sum(n for _, n in shown) == 32
    apart = bins({20: 3, 40: 1})  # two scores far apart: empty bins between them show the gap
    assert len(apart) == 11 and apart[0] == ("20-21", 3) and apart[-1] == ("40-41", 1)
    assert bins({1: 2, 3: 1}) == [("1", 2), ("3", 1)]
