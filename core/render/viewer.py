"""The replay viewer: one self-contained HTML file (inline CSS, JS and SVG; no network).

The page holds every distinct board picture once (hidden ``<div class="board">``) and one
JSON record per log entry: its text, category, board index, score and, for dice and
decisions, their details. A short script shows one step at a time: the stepper
(``static/stepper.js`` and ``stepper.css``), inlined here and loaded by the web table's
watch mode (docs/serve.md) over the same markup (:func:`stepper_markup`, ids prefixed) and
data (:func:`stepper_data`): the two share one front end.

Controls: Right/Down arrow next step, Left/Up previous, Home first, End last, PageDown /
PageUp ten steps; buttons and the slider do the same, clicking a log line jumps to it.
The game's stops (``Replay.stops``) step by round (R), activation (C), action (A) and
jump to attacks (F) and knock-outs (K), Shift going back. Above the board, the headline:
the account's latest sentences (the result at the end). The board zooms with the wheel,
``+`` / ``-`` / ``0`` and its buttons, and pans by dragging.
The address fragment ``#step=N`` (1-based) opens step N and follows the current step, so
a link points at a moment of the game.
"""

from __future__ import annotations

import html
import json
from collections.abc import Mapping, Sequence
from importlib.resources import files
from typing import Any

from hexforge.core.engine.jsonvalue import Json
from hexforge.core.render.describe import RANDOMNESS, category, describe
from hexforge.core.render.replay import STOP_KINDS, GameLogFile, Replay

PAGE_CSS = """
*{box-sizing:border-box}
body{margin:0;font-family:"DejaVu Sans",Verdana,Arial,sans-serif;color:#222;background:#f4f4f0}
header{padding:8px 14px;background:#2b2b2b;color:#fff}
header h1{font-size:18px;margin:0}
header .meta{font-size:12px;color:#ccc}
"""
"""The viewer page's own styles; the stepper's are ``static/stepper.css``."""


def stepper_asset(name: str) -> str:
    """The shared front end's ``stepper.js`` or ``stepper.css`` (``static/``): inlined by
    the viewer page, served by the web table's watch mode."""
    return files("hexforge.core.render").joinpath("static", name).read_text(encoding="utf-8")


STOP_NAMES = {
    "round": ("round", "r"),
    "activation": ("activation", "c"),
    "action": ("action", "a"),
    "attack": ("attack", "f"),
    "knockout": ("knock-out", "k"),
}
"""Each stop kind's button label and key (Shift+key goes back)."""


def _script_json(value: Any) -> str:
    """JSON safe inside a ``<script>`` element (no ``</script>`` can appear)."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")


def _steps(
    log: GameLogFile, replay: Replay | None, headlines: Sequence[Sequence[str]] | None
) -> list[dict[str, Json]]:
    steps: list[dict[str, Json]] = []
    dice_at = decision_at = said_at = -1
    for index, entry in enumerate(log.entries):
        kind = category(entry)
        step: dict[str, Json] = {"text": describe(entry), "category": kind, "board": -1}
        said = list(headlines[index]) if headlines is not None else []
        if said:
            said_at = index
            step["said"] = list[Json](said)
        step["said_at"] = said_at
        if entry.get("type") in RANDOMNESS:
            dice_at = index
            step["dice"] = _dice(entry)
        if kind == "decision":
            decision_at = index
            options = entry.get("options")
            step["decision"] = {
                "player": str(entry.get("player")),
                "kind": str(entry.get("kind")),
                "options": [_option(o) for o in options] if isinstance(options, list) else [],
                "answer": _option(entry.get("answer")),
                "forced": bool(entry.get("forced")),
            }
        step["dice_at"] = dice_at
        step["decision_at"] = decision_at
        score: list[Json] = []
        if replay is not None:
            frame = replay.frames[index]
            step["board"] = frame.board
            score = [[player, value] for player, value in frame.score]
        step["score"] = score
        steps.append(step)
    return steps


def _dice(entry: dict[str, Json]) -> list[Json]:
    """The numbers a randomness entry shows as dice (a shuffle shows none)."""
    results = entry.get("results")
    if isinstance(results, list):
        return results
    if entry.get("type") == "random":
        return [entry.get("value")]
    return []


def _option(value: Json) -> str:
    return value if isinstance(value, str) else json.dumps(value, separators=(",", ":"))


def _log_item(index: int, step: Mapping[str, Json]) -> str:
    """A line of the log list: the account's sentences of the entry, or the entry."""
    said = step.get("said")
    if isinstance(said, list) and said:
        text, kind = " ".join(str(t) for t in said), f"{step['category']} said"
    else:
        text, kind = str(step["text"]), str(step["category"])
    esc = html.escape
    return f'<li class="{kind}" data-step="{index + 1}">{index + 1:>4} {esc(text)}</li>'


def _stop_buttons(replay: Replay | None, p: str) -> str:
    stops = replay.stops if replay is not None else {}
    buttons = []
    for kind in STOP_KINDS:
        if kind not in stops:
            continue
        name, key = STOP_NAMES[kind]
        name = html.escape(replay.stop_names.get(kind, name) if replay is not None else name)
        buttons.append(
            f'<span class="stop"><button id="{p}prev-{kind}" data-kind="{kind}" data-way="prev" '
            f'title="Shift+{key.upper()}: previous {name}">&#x25C0;</button>'
            f'<span id="{p}at-{kind}" data-name="{name}">{name}</span>'
            f'<button id="{p}next-{kind}" data-kind="{kind}" data-way="next" '
            f'title="{key.upper()}: next {name}">&#x25B6;</button></span>'
        )
    return f'<div id="{p}stops" class="st-stops">{"".join(buttons)}</div>\n' if buttons else ""


def stepper_data(
    log: GameLogFile, replay: Replay | None, headlines: Sequence[Sequence[str]] | None = None
) -> dict[str, Json]:
    """What the stepper script reads: one step per log entry and the stops (kind -> the
    indices of the entries that begin one)."""
    stops = {k: list[Json](v) for k, v in (replay.stops if replay is not None else {}).items()}
    return {"steps": list[Json](_steps(log, replay, headlines)), "stops": dict[str, Json](stops)}


STEPPER_WORDS: Mapping[str, str] = {
    "home": "Home",
    "end": "End",
    "entry": "log entry",
    "dice": "dice",
    "decision": "decision",
    "log": "log",
    "fit": "fit",
    "zoom_hint": "wheel to zoom, drag to pan",
    "step": "step",
    "no_dice": "no dice rolled yet",
    "no_decision": "no decision yet",
    "chooses": "chooses",
    "forced": "forced",
    "no_score": "no score for this game",
}
"""The stepper's own words in English (the markup's; the script's from ``step`` on); the
web table gives them in its language."""


def stepper_markup(
    log: GameLogFile,
    replay: Replay | None,
    data: Mapping[str, Json],
    prefix: str = "",
    words: Mapping[str, str] | None = None,
) -> str:
    """The stepper's elements (controls, stops, headline, board, panels, log), their ids
    prefixed by ``prefix``: the viewer page's body and the web table's watch mode; its
    labels are ``words`` (keys of :data:`STEPPER_WORDS`, English where missing)."""
    p, esc = prefix, html.escape
    w = {**STEPPER_WORDS, **(words or {})}
    steps = data["steps"]
    assert isinstance(steps, list)
    boards: Sequence[str] = replay.boards if replay is not None else ()
    board_html = (
        "".join(
            f'<div class="replay-board" data-board="{i}" hidden>{svg}</div>'
            for i, svg in enumerate(boards)
        )
        or f'<p class="none" id="{p}no-board">no board pictures for this log\'s game</p>'
    )
    if replay is not None and replay.background is not None:
        board_html = (
            f'<div class="stack"><div class="replay-background">{replay.background}</div>'
            f"{board_html}</div>"
        )
    log_items = "".join(_log_item(i, s) for i, s in enumerate(steps) if isinstance(s, dict))
    zoom_bar = (
        f'<div id="{p}zoom-bar" class="st-zoom-bar">'
        f'<button id="{p}zoom-out" title="-">&#x2212;</button>'
        f'<span id="{p}zoom-label">100%</span><button id="{p}zoom-in" title="+">+</button>'
        f'<button id="{p}zoom-fit" title="0">{esc(w["fit"])}</button>'
        f'<span class="none">{esc(w["zoom_hint"])}</span></div>'
    )
    score_label = replay.score_label if replay is not None else "score"

    def panel(name: str, title: str, inner: str = "", tag: str = "div") -> str:
        return (
            f'<div class="panel"><h2>{esc(title)}</h2>'
            f'<{tag} id="{p}{name}" class="st-{name}">{inner}</{tag}></div>'
        )

    return (
        f'<div id="{p}controls" class="st-controls">'
        f'<button id="{p}first" title="Home">{esc(w["home"])}</button>'
        f'<button id="{p}prev" title="Left arrow">&#x25C0;</button>'
        f'<button id="{p}next" title="Right arrow">&#x25B6;</button>'
        f'<button id="{p}last" title="End">{esc(w["end"])}</button>'
        f'<input id="{p}slider" class="st-slider" type="range" min="1" '
        f'max="{max(len(steps), 1)}" value="1">'
        f'<span id="{p}step-label" class="st-step-label"></span></div>\n'
        f"{_stop_buttons(replay, p)}"
        f'<div id="{p}headline" class="st-headline" data-at="0"></div>\n'
        f'<div class="st-main"><section id="{p}board-area" class="st-board-area">{zoom_bar}'
        f'<div id="{p}board-view" class="st-board-view">'
        f'<div id="{p}board-zoom" class="st-board-zoom">{board_html}</div></div></section>\n'
        f'<section id="{p}side" class="st-side">'
        + panel("current", w["entry"])
        + panel("score", score_label)
        + panel("dice", w["dice"])
        + panel("decision", w["decision"])
        + panel("log", w["log"], log_items, "ol")
        + "</section></div>\n"
    )


def replay_html(
    log: GameLogFile,
    replay: Replay | None,
    *,
    title: str,
    headlines: Sequence[Sequence[str]] | None = None,
) -> str:
    """The viewer page for ``log``; ``replay`` (a game's pictures) may be None.
    ``headlines`` (one entry per log entry, :mod:`~hexforge.core.render.headlines`) are
    the account's sentences shown above the board; without them a step shows its entry."""
    data = stepper_data(log, replay, headlines)
    steps = data["steps"]
    assert isinstance(steps, list)
    esc = html.escape
    game = replay.game if replay is not None else "unknown game"
    meta = (
        f"{esc(game)} &middot; seed {log.seed} &middot; players {esc(', '.join(log.players))}"
        f" &middot; {len(steps)} steps"
    )
    start = (
        "HexforgeStepper({data:JSON.parse(document.getElementById('replay-data')"
        ".textContent),hash:true});"
    )
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{esc(title)}</title><style>{PAGE_CSS}{stepper_asset('stepper.css')}</style>"
        "</head>\n"
        f'<body class="stepper" data-step="0"><header><h1>{esc(title)}</h1>'
        f'<div class="meta">{meta}</div></header>\n'
        f"{stepper_markup(log, replay, data)}"
        f'<script type="application/json" id="replay-data">{_script_json(data)}'
        f"</script>\n<script>{stepper_asset('stepper.js')}\n{start}</script></body></html>\n"
    )
