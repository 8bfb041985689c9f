"""The balance report: JSON for machines, one self-contained HTML page for people.

The HTML has its charts as inline SVG and no script, font or style sheet from the network,
so it opens offline and can be attached to a CI run as a single file.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from html import escape
from pathlib import Path

from hexforge.core.simulate.stats import Rate, Summary, Usage, wilson

BAR_WIDTH = 360
Row = tuple[str, float, tuple[float, float] | None]
"""A chart bar: label, value, confidence interval (or None)."""


def report_json(summary: Summary, settings: Mapping[str, object]) -> str:
    """The report as JSON text (keys sorted, so equal runs give equal files)."""
    return json.dumps({"settings": dict(settings), **summary.as_json()}, indent=2, sort_keys=True)


def _bars(rows: Sequence[Row], unit: str) -> str:
    """A horizontal bar chart: one bar per row, with its confidence interval as a whisker."""
    height = 22 * len(rows) + 10
    top = max((v for _, v, _ in rows), default=1.0) or 1.0
    scale = 1.0 if unit == "%" else top
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="640" height="{height}">']
    for i, (label, value, interval) in enumerate(rows):
        y = 5 + 22 * i
        width = BAR_WIDTH * value / scale
        shown = f"{100 * value:.1f}%" if unit == "%" else f"{value:g}"
        parts.append(
            f'<text x="0" y="{y + 15}" font-size="12">{escape(label[:28])}</text>'
            f'<rect x="200" y="{y + 3}" width="{width:.1f}" height="14" fill="#4a7ab5"/>'
            f'<text x="{205 + width:.1f}" y="{y + 15}" font-size="11">{shown}</text>'
        )
        if interval is not None:
            low, high = (200 + BAR_WIDTH * b for b in interval)
            parts.append(
                f'<line x1="{low:.1f}" x2="{high:.1f}" y1="{y + 10}" y2="{y + 10}" '
                'stroke="#222" stroke-width="1.5"/>'
            )
    parts.append("</svg>")
    return "".join(parts)


def _rate_rows(rates: Mapping[str, Rate]) -> list[Row]:
    return [(name, rate.value, wilson(rate.count, rate.total)) for name, rate in rates.items()]


def report_html(summary: Summary, settings: Mapping[str, object]) -> str:
    """The report as one HTML page with inline SVG charts."""
    sections = [
        f"<h1>hexforge simulation: {summary.games} games</h1>",
        "<p>" + escape(", ".join(f"{k}={v}" for k, v in settings.items())) + "</p>",
        "<h2>Win rate by agent (95% Wilson interval)</h2>",
        _bars(_rate_rows(summary.wins), "%"),
        "<h2>Win rate by seat, and draws</h2>",
        _bars(_rate_rows({**summary.seat_wins, "draw": summary.draws}), "%"),
    ]
    for seat, distribution in summary.scores.items():
        rows: list[Row] = [
            (str(score), float(n), None) for score, n in sorted(distribution.items())
        ]
        sections += [f"<h2>Score distribution: {escape(seat)}</h2>", _bars(rows, "games")]
    for title, items in (("Cards", summary.cards), ("Characters and tiles", summary.characters)):
        sections.append(f"<h2>{title}</h2>")
        sections.append(_usage_table(items, summary.games))
    body = "\n".join(sections)
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        "<title>hexforge simulation</title><style>body{font-family:sans-serif;margin:2em}"
        "table{border-collapse:collapse}td,th{padding:2px 8px;border-bottom:1px solid #ddd;"
        "text-align:right}td:first-child{text-align:left}</style></head><body>\n"
        f"{body}\n</body></html>\n"
    )


def _usage_table(items: Sequence[Usage], games: int) -> str:
    rows = [
        "<table><tr><th>name</th><th>pick rate</th><th>win rate when used</th>"
        "<th>95% interval</th><th>damage dealt</th></tr>"
    ]
    for item in items:
        low, high = wilson(item.wins, item.games)
        picked = item.games / games if games else 0.0
        won = item.wins / item.games if item.games else 0.0
        rows.append(
            f"<tr><td>{escape(item.name)}</td><td>{100 * picked:.1f}%</td>"
            f"<td>{100 * won:.1f}%</td><td>{100 * low:.0f}-{100 * high:.0f}%</td>"
            f"<td>{item.damage}</td></tr>"
        )
    rows.append("</table>")
    return "\n".join(rows)


def write_reports(out: Path, summary: Summary, settings: Mapping[str, object]) -> tuple[Path, Path]:
    """``report.json`` and ``report.html`` in ``out`` (created if missing)."""
    out.mkdir(parents=True, exist_ok=True)
    json_path, html_path = out / "report.json", out / "report.html"
    json_path.write_text(report_json(summary, settings) + "\n", encoding="utf-8")
    html_path.write_text(report_html(summary, settings), encoding="utf-8")
    return json_path, html_path
