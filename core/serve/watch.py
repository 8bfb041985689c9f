"""The watch mode: a table's game so far (played here or loaded, over or not) stepped through as the
replay viewer steps through a log, by the same front end (docs/serve.md, docs/render.md).

The table's log is replayed by its game's renderer into the viewer's frames and stops
(``hexforge.core.render.replay``), with the account's headlines in the table's language;
the page gets them with the stepper's markup (``hexforge.core.render.viewer``) and drives
them with the viewer's own script (``static/stepper.js`` of ``hexforge.core.render``).
"""

from __future__ import annotations

import threading

from hexforge.core.engine import Json
from hexforge.core.engine.log import read_log
from hexforge.core.render.headlines import account_headlines
from hexforge.core.render.replay import GameLogFile
from hexforge.core.render.viewer import stepper_data, stepper_markup
from hexforge.core.serve.table import Table
from hexforge.core.serve.tables import MAX_TABLES, Tables
from hexforge.core.serve.words import words

PREFIX = "watch-"
"""The watch mode's element ids begin with it (the table's own page has ``log``, ``dice``)."""

_cache: dict[tuple[str, int, str], dict[str, Json]] = {}
"""The latest replay of each table, by (table, log lines, language): replayed once."""
_lock = threading.Lock()


def replay_view(tables: Tables, table: Table) -> dict[str, Json]:
    """The table's game so far for the stepper: ``frames`` (the board picture and score
    after each log entry, as the viewer records them), ``stops`` (kind -> the indices of
    the entries that begin one), ``steps`` (what each step shows, the headlines in the
    table's language), ``html`` (the stepper's markup, ids prefixed ``watch-``), ``words``
    (the stepper's, in the table's language). A game still being played shows its log as
    last published - always where the game asked a player (docs/serve.md) - so its replay
    stops there (:func:`hexforge.core.render.replay.play_logged`)."""
    text = table.log_text()
    lines = tuple(line for line in text.splitlines() if line.strip())
    key = (table.id, len(lines), table.spec.lang)
    with _lock:
        cached = _cache.get(key)
    if cached is not None:
        return cached
    name = f"{table.spec.game}-seed{table.spec.seed}.log"
    log = GameLogFile(name, lines, tuple(read_log(list(lines), file=name)))
    renderer = tables.renderer(table.spec.game)
    replay = renderer.replay(log, table.spec.options) if renderer is not None else None
    runner = tables.runtime.runners.get(table.spec.game)
    said = account_headlines(runner, replay, table.spec.lang)
    data = stepper_data(log, replay, said)
    page = words(table.spec.lang)  # the stepper's words: the page's "st_" ones
    told: dict[str, Json] = {k[3:]: v for k, v in page.items() if k.startswith("st_")}
    frames: list[Json] = (
        [{"board": f.board, "score": [[p, v] for p, v in f.score]} for f in replay.frames]
        if replay is not None
        else []
    )
    view: dict[str, Json] = {
        "id": table.id,
        "game": table.spec.game,
        "lang": table.spec.lang,
        "frames": frames,
        "stops": data["stops"],
        "steps": data["steps"],
        "html": stepper_markup(log, replay, data, PREFIX, {k: str(v) for k, v in told.items()}),
        "prefix": PREFIX,
        "words": told,
    }
    with _lock:
        for old in [k for k in _cache if k[0] == table.id]:
            del _cache[old]
        _cache[key] = view
        while len(_cache) > MAX_TABLES:  # of tables closed since
            del _cache[next(iter(_cache))]
    return view
