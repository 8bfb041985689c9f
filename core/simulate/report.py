"""The balance report: JSON for machines, one self-contained HTML page for people.

The HTML has its charts as inline SVG and no script, font or style sheet from the network,
so it opens offline and can be attached to a CI run as a single file.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from html import escape
from pathlib import Path

from hexforge.core.simulate.stats import Rate, Summary, Usage, wilson
from hexforge.core.simulate.words import count, language, report_word

BAR_WIDTH = 360
LABEL_WIDTH = 200
"""Where the bars start: labels are cut to fit before it (the whole name is the tooltip)."""
MAX_BARS = 12
"""A score distribution with more distinct values than this is shown in bins."""
Row = tuple[str, float, tuple[float, float] | None]
"""A chart bar: label, value, confidence interval (or None)."""


def report_json(summary: Summary, settings: Mapping[str, object]) -> str:
    """The report as JSON text (keys sorted, so equal runs give equal files)."""
    return json.dumps({"settings": dict(settings), **summary.as_json()}, indent=2, sort_keys=True)


def fit_label(label: str, pixels: int, size: int = 12) -> str:
    """``label`` cut with an ellipsis to about ``pixels`` wide at font ``size`` (an average
    glyph is taken as 0.6 em, generous for the sans-serif fonts browsers pick)."""
    room = max(4, int(pixels / (0.6 * size)))
    return label if len(label) <= room else label[: room - 1] + "…"


def _bars(rows: Sequence[Row], unit: str) -> str:
    """A horizontal bar chart: one bar per row, its interval as a whisker, and the value
    written after whichever ends further right, the bar or the whisker (never on it)."""
    height = 22 * len(rows) + 10
    top = max((v for _, v, _ in rows), default=1.0) or 1.0
    scale = 1.0 if unit == "%" else top
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="640" height="{height}">']
    for i, (label, value, interval) in enumerate(rows):
        y = 5 + 22 * i
        width = BAR_WIDTH * value / scale
        shown = f"{100 * value:.1f}%" if unit == "%" else f"{value:g}"
        end = LABEL_WIDTH + width
        parts.append(
            f'<text x="0" y="{y + 15}" font-size="12"><title>{escape(label)}</title>'
            f"{escape(fit_label(label, LABEL_WIDTH - 8))}</text>"
            f'<rect x="{LABEL_WIDTH}" y="{y + 3}" width="{width:.1f}" height="14" fill="#4a7ab5"/>'
        )
        if interval is not None:
            low, high = (LABEL_WIDTH + BAR_WIDTH * b for b in interval)
            end = max(end, high)
            parts.append(
                f'<line x1="{low:.1f}" x2="{high:.1f}" y1="{y + 10}" y2="{y + 10}" '
                'stroke="#222" stroke-width="1.5"/>'
            )
        parts.append(f'<text x="{end + 5:.1f}" y="{y + 15}" font-size="11">{shown}</text>')
    parts.append("</svg>")
    return "".join(parts)


def bins(distribution: Mapping[int, int], most: int = MAX_BARS) -> list[tuple[str, int]]:
    """A score distribution as at most ``most`` bars: each score alone when few, else
    equal bins of a round width (1, 2, 5, 10, 20, 50, ...) labelled ``low-high``."""
    if not distribution:
        return []
    low, high = min(distribution), max(distribution)
    if len(distribution) <= most and high - low < most:
        return [(str(score), n) for score, n in sorted(distribution.items())]
    width = next(w for w in _round_widths() if (high - low) // w + 1 <= most)
    start = low - low % width
    counts: dict[int, int] = {}
    for score, n in distribution.items():
        at = start + (score - start) // width * width
        counts[at] = counts.get(at, 0) + n
    return [(f"{at}-{at + width - 1}", counts.get(at, 0)) for at in range(start, high + 1, width)]


def _round_widths() -> Iterator[int]:
    scale = 1
    while True:
        yield from (scale, 2 * scale, 5 * scale)
        scale *= 10


def _histogram(bars: Sequence[tuple[str, int]], what: str, lang: str) -> str:
    """Vertical bars with their counts above and their bins below, and the axis' name."""
    if not bars:
        return f"<p>{escape(report_word('no_games', lang))}</p>"
    step = max(28, min(60, 560 // len(bars)))
    tall = max(n for _, n in bars) or 1
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{step * len(bars) + 40}" height="190">'
    ]
    for i, (label, n) in enumerate(bars):
        x = 20 + step * i
        h = 120 * n / tall
        parts.append(
            f'<rect x="{x + 2}" y="{140 - h:.1f}" width="{step - 4}" height="{h:.1f}" '
            'fill="#4a7ab5"/>'
            f'<text x="{x + step / 2:.1f}" y="{134 - h:.1f}" font-size="11" '
            f'text-anchor="middle">{n}</text>'
            f'<text x="{x + step / 2:.1f}" y="156" font-size="10" text-anchor="middle">'
            f"{escape(fit_label(label, step - 2, 10))}</text>"
        )
    axis = escape(report_word("axis", lang, what=what))
    parts.append(f'<text x="20" y="180" font-size="11">{axis}</text></svg>')
    return "".join(parts)


def _rate_rows(rates: Mapping[str, Rate]) -> list[Row]:
    return [(name, rate.value, rate.interval) for name, rate in rates.items()]


def report_html(
    summary: Summary,
    settings: Mapping[str, object],
    names: Mapping[str, str] | None = None,
    lang: str = "en",
) -> str:
    """The report as one HTML page with inline SVG charts; ``names``: card and unit ids
    to the names shown, and ``lang`` the language of its words (the chosen one)."""
    named = names or {}
    lang = language(lang)
    heading = report_word("heading", lang, games=count("games", summary.games, lang))
    draw = report_word("draw", lang)
    sections = [
        f"<h1>{escape(heading)}</h1>",
        "<p>" + escape(", ".join(f"{k}={v}" for k, v in settings.items())) + "</p>",
        f"<h2>{escape(report_word('by_agent', lang))}</h2>",
        _bars(_rate_rows(summary.wins), "%"),
        f"<h2>{escape(report_word('by_seat', lang))}</h2>",
        _bars(_rate_rows({**summary.seat_wins, draw: summary.draws}), "%"),
    ]
    for seat, distribution in summary.scores.items():
        sections += [
            f"<h2>{escape(report_word('scores', lang, seat=seat))}</h2>",
            _histogram(bins(distribution), report_word("score", lang), lang),
        ]
    for title, items in (("cards", summary.cards), ("characters", summary.characters)):
        sections.append(f"<h2>{escape(report_word(title, lang))}</h2>")
        sections.append(_usage_table(items, summary.games, named, lang))
    note = escape(report_word("note", lang, command="{command}"))
    sections.append("<p>" + note.format(command="<code>hexforge balance ab</code>") + "</p>")
    body = "\n".join(sections)
    title = escape(report_word("title", lang))
    return (
        f'<!DOCTYPE html>\n<html lang="{lang}"><head><meta charset="utf-8">'
        f"<title>{title}</title>"
        "<style>body{font-family:sans-serif;margin:2em}"
        "table{border-collapse:collapse}td,th{padding:2px 8px;border-bottom:1px solid #ddd;"
        "text-align:right}td:first-child{text-align:left}</style></head><body>\n"
        f"{body}\n</body></html>\n"
    )


def _usage_table(items: Sequence[Usage], games: int, names: Mapping[str, str], lang: str) -> str:
    headings = report_word("columns", lang).split("|")
    rows = ["<table><tr>" + "".join(f"<th>{escape(h)}</th>" for h in headings) + "</tr>"]
    for item in items:
        low, high = wilson(item.wins, item.games)
        picked = item.games / games if games else 0.0
        won = item.wins / item.games if item.games else 0.0
        rows.append(
            f"<tr><td>{escape(names.get(item.name, item.name))}</td><td>{100 * picked:.1f}%</td>"
            f"<td>{100 * won:.1f}%</td><td>{100 * low:.0f}-{100 * high:.0f}%</td>"
            f"<td>{100 * item.lift:+.1f}</td><td>{item.damage}</td></tr>"
        )
    rows.append("</table>")
    return "\n".join(rows)


def write_reports(
    out: Path,
    summary: Summary,
    settings: Mapping[str, object],
    names: Mapping[str, str] | None = None,
    lang: str = "en",
) -> tuple[Path, Path]:
    """``report.json`` and ``report.html`` (its words in ``lang``) in ``out`` (created if
    missing)."""
    out.mkdir(parents=True, exist_ok=True)
    json_path, html_path = out / "report.json", out / "report.html"
    json_path.write_text(report_json(summary, settings) + "\n", encoding="utf-8")
    html_path.write_text(report_html(summary, settings, names, lang), encoding="utf-8")
    return json_path, html_path
