"""What a game's runner may tell the web table beyond playing: the account in a language,
the result line, and marks on the board's hexes - each an optional runner method
(docs/plugins.md, :class:`~hexforge.core.play.GameRunner`), so the table stays
game-agnostic and a game without them is shown with what the engine's log says.

* ``narration(engine, lang)``: the game told as ``(text, style)`` lines;
* ``outcome(engine, lang)``: the result in one sentence;
* ``inspect(engine)``: for each model on the board (its id, the SVG's ``data-id``), the
  hexes to mark when it is hovered or selected, as ``{coordinate: [tags]}`` (motu: in
  sight, in range, in reach, in cover from it);
* ``option_marks(engine, decision)``: the same for each choice of a decision (motu: an
  attack's target with its cover or a flank, an area template).

They run in the table's worker thread, the only thread that touches the engine, and must
not change the game (no decisions, no log entries).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hexforge.core.engine import Decision, Engine, Json
from hexforge.core.play import GameRunner

Marks = dict[str, list[str]]
"""Board coordinate -> the tags of the hex (``sight``, ``cover``, ...)."""


def _method(runner: GameRunner, name: str) -> Any:
    found = getattr(runner, name, None)
    return found if callable(found) else None


def narration(runner: GameRunner, engine: Engine, lang: str) -> list[tuple[str, str]] | None:
    """The game's account in ``lang`` as (text, style) lines; None when the game tells
    none."""
    told = _method(runner, "narration")
    if told is None:
        return None
    return [(str(text), str(style)) for text, style in told(engine, lang)]


def outcome(runner: GameRunner, engine: Engine, lang: str) -> str | None:
    said = _method(runner, "outcome")
    found = said(engine, lang) if said is not None else None
    return str(found) if found is not None else None


def unit_marks(runner: GameRunner, engine: Engine) -> dict[str, Marks]:
    """Model id -> its marks (empty when the game offers none)."""
    inspect = _method(runner, "inspect")
    if inspect is None:
        return {}
    found: Mapping[object, Mapping[object, object]] = inspect(engine)
    return {str(unit): _marks(marks) for unit, marks in found.items()}


def option_marks(runner: GameRunner, engine: Engine, decision: Decision) -> list[Marks]:
    """The marks of each choice of ``decision`` (one per choice, empty ones when the game
    offers none)."""
    marked = _method(runner, "option_marks")
    found = list(marked(engine, decision)) if marked is not None else []
    if len(found) != len(decision.options):
        return [{} for _ in decision.options]
    return [_marks(marks) for marks in found]


def _marks(marks: Mapping[object, object]) -> Marks:
    return {str(coord): [str(tag) for tag in _list(tags)] for coord, tags in marks.items()}


def _list(value: object) -> list[Json]:
    return list(value) if isinstance(value, list | tuple) else [str(value)]
