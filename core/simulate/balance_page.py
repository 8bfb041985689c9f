"""The page a designer reads beside ``balance.json``: the experiment's sentences, as the
terminal printed them in the chosen language, and its figures as interval charts.

Each chart is a *forest plot*: a row per figure, its estimate as a dot on a whisker
spanning its 95% interval, a dashed line where nothing changes (no change in win rate, a
unit priced right), the label cut to fit its column (the whole label is the tooltip) and
the figure written in its own column right of the plot, so no text lies on a whisker, a
dot, the dashed line or another text. Inline SVG and no script, as the simulation report:
the page opens offline and attaches to a CI run as one file.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from hexforge.core.simulate.report import LABEL_WIDTH, fit_label
from hexforge.core.simulate.stats import Estimate

PLOT_WIDTH = 360
ROW = 24


@dataclass(frozen=True, slots=True)
class Interval:
    """One row of a chart: a label and its figure with the figure's 95% interval."""

    label: str
    figure: Estimate


@dataclass(frozen=True, slots=True)
class Chart:
    """A forest plot: its title, rows, whether the figures are rates (shown in percent)
    and where nothing changes (a dashed line; None: none)."""

    title: str
    rows: tuple[Interval, ...]
    percent: bool = False
    centre: float | None = None


def _shown(value: float, percent: bool, signed: bool) -> str:
    if percent:
        return f"{100 * value:+.1f}" if signed else f"{100 * value:.1f}"
    return f"{value:+.2f}"


def interval_chart(chart: Chart) -> str:
    """The chart as inline SVG (module docstring)."""
    rows = chart.rows
    ends = [e for r in rows for e in (r.figure.low, r.figure.high, r.figure.value)]
    if chart.centre is not None:
        ends.append(chart.centre)
    low, high = min(ends, default=0.0), max(ends, default=1.0)
    if high - low < 1e-9:
        low, high = low - 0.5, high + 0.5
    pad = (high - low) * 0.04
    low, high = low - pad, high + pad

    def x(value: float) -> float:
        return LABEL_WIDTH + PLOT_WIDTH * (value - low) / (high - low)

    signed = chart.centre is not None
    unit = "%" if chart.percent else ""
    height = ROW * len(rows) + 30
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{LABEL_WIDTH + PLOT_WIDTH + 230}"']
    parts.append(f' height="{height}">')
    if chart.centre is not None:
        at = x(chart.centre)
        parts.append(
            f'<line x1="{at:.1f}" x2="{at:.1f}" y1="4" y2="{height - 24}" stroke="#999" '
            'stroke-dasharray="4 3"/>'
            f'<text x="{at:.1f}" y="{height - 8}" font-size="10" text-anchor="middle">'
            f"{_shown(chart.centre, chart.percent, False)}{unit}</text>"
        )
    for i, row in enumerate(rows):
        y = 6 + ROW * i
        shown = row.figure
        figure = (
            f"{_shown(shown.value, chart.percent, signed)}{unit} "
            f"({_shown(shown.low, chart.percent, signed)} … "
            f"{_shown(shown.high, chart.percent, signed)})"
        )
        parts.append(
            f'<text x="0" y="{y + 14}" font-size="12"><title>{escape(row.label)}</title>'
            f"{escape(fit_label(row.label, LABEL_WIDTH - 8))}</text>"
            f'<line x1="{x(shown.low):.1f}" x2="{x(shown.high):.1f}" y1="{y + 10}" '
            f'y2="{y + 10}" stroke="#222" stroke-width="1.5"/>'
            f'<circle cx="{x(shown.value):.1f}" cy="{y + 10}" r="4" fill="#4a7ab5"/>'
            f'<text x="{LABEL_WIDTH + PLOT_WIDTH + 12}" y="{y + 14}" font-size="11">'
            f"{escape(figure)}</text>"
        )
    parts.append("</svg>")
    return "".join(parts)


def balance_html(title: str, lines: Sequence[str], charts: Sequence[Chart], lang: str) -> str:
    """The whole page: ``lines`` (the printed sentences) then each chart under its title."""
    body = [f"<h1>{escape(lines[0] if lines else title)}</h1>"]
    body += [f"<p>{escape(line)}</p>" for line in lines[1:]]
    for chart in charts:
        body += [f"<h2>{escape(chart.title)}</h2>", interval_chart(chart)]
    return (
        f'<!DOCTYPE html>\n<html lang="{escape(lang)}"><head><meta charset="utf-8">'
        f"<title>{escape(title)}</title>"
        "<style>body{font-family:sans-serif;margin:2em}h1{font-size:1.4em}h2{font-size:1.15em}"
        "p{margin:0.3em 0}</style></head><body>\n" + "\n".join(body) + "\n</body></html>\n"
    )
