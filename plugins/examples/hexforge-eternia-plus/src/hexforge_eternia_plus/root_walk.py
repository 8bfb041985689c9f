"""Root Walk, a motu action in Python (hook ``hexforge_actions``): what an action card
cannot say, since its effect language has no word for "stand where a mark lies".

Invented rule (no printed card): while Moss Man activates and his force's Root Mark lies
on the battleground, he may sink into the roots and rise from the mark - he is placed on
its hex, keeping his facing, and the mark is spent. It costs AP as the rulebook's actions
do (rulebook §Perform Actions: 1 AP, one more for each repeat in the activation). He is
placed, not moved: neither overwatch nor attacks of opportunity answer it, so the roots
carry him away even from an enemy he is engaged with. He rises only where no model
stands; next to a massive model (whose base may cover the hexes around its own) the roots
stay shut. Never in an interruption: the roots take a whole activation's calm.
"""

from __future__ import annotations

from hexforge.core.engine import Engine, Frame
from hexforge.core.engine.diagnostics import fail
from hexforge.core.hexgrid import Hex, distance, format_coord, parse_coord
from hexforge.core.scenarios import Args, Kind, Param
from hexforge.plugins.motu.api import Action, Choice, Cost, Turn, UnitState, parameters_of

WORD = "root-walk"
"""The action's word: its options are ``root-walk <hex of the mark>``."""
ACTION_ID = "eternia-plus/root-walk"
"""How the log's ``action_taken`` event names it (an action card names itself so too)."""
KEY = f"action:{ACTION_ID}"
"""Its repeat counter in the activation."""
WALKERS = frozenset({"eternia-plus/moss-man"})
"""The characters whose card allows the walk."""
ROOT_MARK = "eternia-plus/root-mark"
NOT_ALLOWED = "HF767"
"""motu's code for an action not allowed now (docs/errors.md), which scenarios expect."""


def _cost(engine: Engine, frame: Frame) -> int:
    return parameters_of(engine).action_cost(frame.count(KEY))


def _mark_on(engine: Engine, unit: str, at: Hex | None) -> str | None:
    """The Root Mark of ``unit``'s force (on ``at`` when given), if it lies on the board."""
    owner = engine.entity(unit).owner
    for mark in engine.entities("mark", owner=owner):
        state = UnitState(engine, mark.id)
        if state.card == ROOT_MARK and (at is None or state.hex == at):
            return mark.id
    return None


def _taken(engine: Engine, at: Hex) -> str | None:
    """The model standing on ``at``, or whose base may cover it (a massive base of N hexes
    lies within N - 1 steps of its facing hex), or None."""
    for character in engine.entities("character"):
        state = UnitState(engine, character.id)
        if distance(state.hex, at) < state.base:
            return character.id
    return None


def problem(engine: Engine, unit: str, frame: Frame) -> str | None:
    """Why ``unit`` cannot take Root Walk in ``frame`` whatever the hex, or None."""
    walker = UnitState(engine, unit)
    if walker.card not in WALKERS:
        return "only Moss Man walks the roots"
    if walker.knocked_out:
        return "it is knocked out"
    if frame.kind != "activation":
        return "never while interrupting"
    if _cost(engine, frame) > frame.ap:
        return f"it costs {_cost(engine, frame)} AP and {frame.ap} are left"
    if _mark_on(engine, unit, None) is None:
        return "no Root Mark of his force lies on the battleground"
    return None


def _offer(engine: Engine, unit: str, frame: Frame | None) -> list[Choice]:
    """While Moss Man activates and can pay: one option, to his force's Root Mark's hex,
    unless a model stands there."""
    if frame is None or problem(engine, unit, frame) is not None:
        return []
    mark = _mark_on(engine, unit, None)
    assert mark is not None
    at = UnitState(engine, mark).hex
    return [] if _taken(engine, at) is not None else [Choice(WORD, (format_coord(at),))]


def _walk(turn: Turn, args: Args) -> None:
    """Pay, announce the action, then place Moss Man on the mark's hex and spend the mark."""
    engine, unit = turn.engine, turn.unit
    frame = turn.acting()
    to = args["to"]
    at = to if isinstance(to, Hex) else parse_coord(str(to))
    why = problem(engine, unit, frame)
    mark = _mark_on(engine, unit, at)
    if why is None and mark is None:
        why = f"no Root Mark of his force lies on {format_coord(at)}"
    blocker = _taken(engine, at)
    if why is None and blocker is not None:
        why = f"{blocker} stands on or beside {format_coord(at)}"
    if why is not None or mark is None:
        raise fail(NOT_ALLOWED, f"{unit} cannot take '{WORD}': {why}", hint="see legal_actions")
    engine.spend_ap(_cost(engine, frame), frame)
    frame.bump(KEY)
    engine.emit("action_taken", unit=unit, action=ACTION_ID, target=None)
    walker = UnitState(engine, unit)
    if walker.knocked_out:  # an answer to the action knocked him out: he stays down
        return
    start = walker.hex
    walker.hex, walker.level = at, UnitState(engine, mark).level
    engine.leave_play(mark)
    engine.note("root_walk", unit=unit, start=format_coord(start), hex=format_coord(at))


ROOT_WALK = Action(
    WORD,
    "§Perform Actions (invented: Eternia Plus)",
    Cost.REPEAT,
    "Moss Man rises from his force's Root Mark, which is spent (eternia-plus)",
    _offer,
    _walk,
    (Param("to", Kind.HEX, "the hex of his force's Root Mark"),),
    words=("to",),
    names={
        "en": "Root Walk",
        "pl": "Marsz Korzeni",
        "de": "Wurzelgang",
        "fr": "Marche des racines",
    },
)
