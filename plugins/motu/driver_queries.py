"""What a motu scenario's expectations can look at, each observable declared beside the
function that reads it, in one table keyed by subject and name.

Units' tokens, stats and cards, players' points and piles, the game's round, context and
marks, and queries of the battlefield and the rules (sight, cover, range, legal targets,
costs). An unknown name is HF769, never a silent default.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from enum import StrEnum

from hexforge.core.engine import Engine, Frame, Json
from hexforge.core.engine.diagnostics import did_you_mean, fail
from hexforge.core.hexgrid import Hex, format_coord
from hexforge.core.scenarios import ILLEGAL_ACTION, Args, Kind, Observable, Param
from hexforge.plugins.motu import codes
from hexforge.plugins.motu.acting import action_cost, current_acting, own_frame
from hexforge.plugins.motu.attacks import legal_targets, scope_changes, weapon_of
from hexforge.plugins.motu.battlefield import Location, in_cover, in_range, is_flank, reachable
from hexforge.plugins.motu.board import (
    board_map,
    engaged_with,
    hex_of,
    hexes_of,
    in_sight,
    location,
    occupancy,
    occupant,
)
from hexforge.plugins.motu.cards import STAT_NAMES
from hexforge.plugins.motu.driver_declared import Declared, beside
from hexforge.plugins.motu.driver_setup import PLAYERS
from hexforge.plugins.motu.driver_steps import UNIT
from hexforge.plugins.motu.hands import hand, pile
from hexforge.plugins.motu.skills import usable_skills
from hexforge.plugins.motu.state import MotuState, PlayerState, UnitState
from hexforge.plugins.motu.tokens import marks
from hexforge.plugins.motu.turns import legal_actions
from hexforge.plugins.motu.wounds import victory_points


class Subject(StrEnum):
    """Whose property an expectation names (docs/scenarios.md, Expectations)."""

    UNIT = "unit"
    PLAYER = "player"
    GAME = "game"
    QUERY = "query"


Reader = Callable[[Engine, str, Args], Json]
"""The current value: the engine, the subject's id ('' for the game and queries), the
query's arguments."""

Reading = Declared[Observable, Reader]
"""One observable and how to read it."""


def _prop(name: str, kind: Kind, doc: str, *, many: bool = False) -> Reading:
    """A unit's property as the state holds it."""
    return Declared(
        Observable("unit", name, kind, doc, many=many),
        lambda engine, unit, args: engine.entity(unit).props.get(name),
    )


def _stat(name: str, doc: str) -> Reading:
    """A unit's stat with every modifier (the engine's query)."""
    return Declared(
        Observable("unit", name, Kind.INT, doc),
        lambda engine, unit, args: engine.query(name, unit),
    )


def _pile(name: str, doc: str) -> Reading:
    return Declared(
        Observable("player", name, Kind.TEXT, doc, many=True),
        lambda engine, player, args: list[Json](pile(engine, name, player)),
    )


def _game(
    name: str, kind: Kind, doc: str, read: Callable[[MotuState], Json], *, many: bool = False
) -> Reading:
    """The game's own record of ``name``."""
    return Declared(
        Observable("game", name, kind, doc, many=many),
        lambda engine, _, args: read(MotuState(engine)),
    )


@beside(Observable("unit", "at", Kind.HEX, "its hex"))
def _at(engine: Engine, unit: str, args: Args) -> Json:
    return format_coord(hex_of(engine, unit))


@beside(
    Observable("unit", "base", Kind.HEX, "the hexes its base covers, facing hex first", many=True)
)
def _base(engine: Engine, unit: str, args: Args) -> Json:
    return [format_coord(h) for h in hexes_of(engine, unit)]


@beside(Observable("unit", "in_play", Kind.BOOL, "its model is on the battleground"))
def _in_play(engine: Engine, unit: str, args: Args) -> Json:
    return engine.entity(unit).in_play


@beside(Observable("unit", "cards", Kind.TEXT, "attached effects, oldest first", many=True))
def _cards(engine: Engine, unit: str, args: Args) -> Json:
    return [a.effect for a in engine.attachments(unit)]


@beside(Observable("player", "vp", Kind.INT, "victory points"))
def _vp(engine: Engine, player: str, args: Args) -> Json:
    return victory_points(engine, player)


@beside(Observable("player", "hand", Kind.TEXT, "cards in hand: fate, then glory", many=True))
def _hand(engine: Engine, player: str, args: Args) -> Json:
    return list[Json](hand(engine, player))


@beside(Observable("game", "active_player", Kind.JSON, "the player activating now, or null"))
def _active_player(engine: Engine, _: str, args: Args) -> Json:
    frame = next((f for f in reversed(engine.state.stack) if f.kind == "activation"), None)
    return None if frame is None else frame.player


@beside(Observable("player", "claimed", Kind.INT, "objective tokens claimed"))
def _claimed(engine: Engine, player: str, args: Args) -> Json:
    return PlayerState(engine, player).claimed


@beside(Observable("game", "ap", Kind.JSON, "AP left in the innermost activation or interruption"))
def _ap(engine: Engine, _: str, args: Args) -> Json:
    frame = current_acting(engine)
    return None if frame is None else frame.ap


@beside(Observable("game", "context", Kind.JSON, "the innermost open context's kind"))
def _context(engine: Engine, _: str, args: Args) -> Json:
    top = engine.top
    return None if top is None else top.kind


@beside(Observable("game", "marks", Kind.TEXT, "marks on the board: card@hex", many=True))
def _marks(engine: Engine, _: str, args: Args) -> Json:
    placed = [UnitState(engine, m) for m in marks(engine)]
    return [f"{mark.card}@{format_coord(mark.hex)}" for mark in placed]


FROM_TO = (Param("from", Kind.TEXT), Param("to", Kind.TEXT))


@beside(Observable("query", "sees", Kind.BOOL, "line of sight between two characters", FROM_TO))
def _sees(engine: Engine, _: str, args: Args) -> Json:
    return in_sight(engine, str(args["from"]), str(args["to"]))


@beside(Observable("query", "cover", Kind.BOOL, "'to' is in cover from 'from'", FROM_TO))
def _cover(engine: Engine, _: str, args: Args) -> Json:
    field, models = board_map(engine), occupancy(engine)
    return in_cover(
        field, models, location(engine, str(args["from"])), occupant(engine, str(args["to"]))
    )


@beside(Observable("query", "flank", Kind.BOOL, "'from' stands in the rear arc of 'to'", FROM_TO))
def _flank(engine: Engine, _: str, args: Args) -> Json:
    return is_flank(hex_of(engine, str(args["from"])), occupant(engine, str(args["to"])))


@beside(
    Observable(
        "query",
        "in_range",
        Kind.BOOL,
        "within so many inches",
        (*FROM_TO, Param("inches", Kind.INT)),
    )
)
def _in_range(engine: Engine, _: str, args: Args) -> Json:
    field, inches = board_map(engine), int(args["inches"])
    a, b = hexes_of(engine, str(args["from"])), hexes_of(engine, str(args["to"]))
    return in_range(field, a, b, inches)


@beside(
    Observable(
        "query", "engaged", Kind.TEXT, "the enemies engaged with the unit", (UNIT,), many=True
    )
)
def _engaged(engine: Engine, _: str, args: Args) -> Json:
    return list(engaged_with(engine, str(args["unit"])))


@beside(
    Observable(
        "query",
        "path_cost",
        Kind.JSON,
        "movement points to reach a place with a move (null: unreachable)",
        (
            UNIT,
            Param("to", Kind.HEX),
            Param(
                "level",
                Kind.INT,
                "the place's elevation: 0 the ground (default), 1 a platform",
                False,
            ),
            Param("focused", Kind.BOOL, required=False),
        ),
    )
)
def _path_cost(engine: Engine, _: str, args: Args) -> Json:
    unit = str(args["unit"])
    speed = engine.query("focused_speed" if args.get("focused") else "speed", unit)
    reach = reachable(board_map(engine), occupancy(engine), occupant(engine, unit), speed)
    to = args["to"]
    assert isinstance(to, Hex)
    return reach.costs.get(Location(to, int(args.get("level", 0))))


@beside(
    Observable(
        "query",
        "legal_targets",
        Kind.TEXT,
        "whom the unit may attack with the weapon now",
        (UNIT, Param("weapon", Kind.TEXT)),
        many=True,
    )
)
def _legal_targets(engine: Engine, _: str, args: Args) -> Json:
    unit = str(args["unit"])
    return list(legal_targets(engine, unit, weapon_of(engine, unit, str(args["weapon"]))))


@beside(
    Observable(
        "query",
        "scope_changes",
        Kind.TEXT,
        "situational scope changes of an attack (flank, target engaged, cover)",
        (UNIT, Param("weapon", Kind.TEXT), Param("target", Kind.TEXT)),
        many=True,
    )
)
def _scope_changes(engine: Engine, _: str, args: Args) -> Json:
    unit = str(args["unit"])
    weapon = weapon_of(engine, unit, str(args["weapon"]))
    return [c.value for c in scope_changes(engine, unit, weapon, str(args["target"]))]


@beside(
    Observable(
        "query",
        "attack_cost",
        Kind.INT,
        "AP the next attack with a weapon type costs (a unit not acting: its first)",
        (UNIT, Param("type", Kind.TEXT, choices=("melee", "ranged", "spell"))),
    )
)
def _attack_cost(engine: Engine, _: str, args: Args) -> Json:
    frame = _frame(engine, args)
    return action_cost(engine, frame, f"attack:{args['type']}")


def _frame(engine: Engine, args: Args) -> Frame:
    """The unit's own activation or interruption; for a unit not acting, an activation
    with ``ap`` AP (2 by default) that is never opened - nothing is logged or changed -
    so a query tells what it could do if it were activated now."""
    unit = str(args["unit"])
    found = own_frame(engine, unit)
    if found is not None:
        return found
    owner = engine.entity(unit).owner
    return Frame("query", "activation", player=owner, subject=unit, ap=int(args.get("ap", 2)))


@beside(
    Observable(
        "query",
        "legal_actions",
        Kind.TEXT,
        "the options the unit's action decision offers now (its frame's), 'end' first; for "
        "a unit not acting, those of an activation with 'ap' AP (default 2)",
        (UNIT, Param("ap", Kind.INT, "AP of the activation a unit not acting is given", False)),
        many=True,
    )
)
def _legal_actions(engine: Engine, _: str, args: Args) -> Json:
    return list(legal_actions(engine, str(args["unit"]), _frame(engine, args)))


@beside(
    Observable("query", "legal_skills", Kind.TEXT, "active skills usable now", (UNIT,), many=True)
)
def _legal_skills(engine: Engine, _: str, args: Args) -> Json:
    return list(usable_skills(engine, str(args["unit"])))


READINGS: tuple[Reading, ...] = (
    _prop("wounds", Kind.INT, "wound tokens"),
    _prop("mana", Kind.INT, "mana tokens"),
    _at,
    _base,
    _prop("level", Kind.INT, "0 standard elevation, 1 platform"),
    _prop("facing", Kind.TEXT, "the edge it faces: N, NE, SE, S, SW, NW"),
    _prop("buff", Kind.JSON, "its buff card, or null"),
    _prop("debuff", Kind.JSON, "its debuff card, or null"),
    _prop("knocked_out", Kind.BOOL, "knocked out"),
    _in_play,
    _prop("focus", Kind.BOOL, "holds a focus token"),
    _prop("overwatch", Kind.BOOL, "holds an overwatch token"),
    _prop("used_items", Kind.TEXT, "disposable items flipped", many=True),
    _cards,
    *(_stat(s, f"{s} with every modifier") for s in STAT_NAMES),
    _stat("speed", "speed with every modifier"),
    _stat("focused_speed", "focused speed with every modifier"),
    _vp,
    _hand,
    _pile("fate", "fate cards in hand"),
    _pile("glory", "glory cards in hand"),
    _pile("deck", "the fate deck, top card first"),
    _pile("discard", "the discard pile"),
    _pile("completed", "glory cards face up"),
    _claimed,
    _prop("played", Kind.TEXT, "cards on the character card", many=True),
    _game("result", Kind.JSON, "winner and reason, once the game is over", lambda g: g.result),
    _game(
        "objectives",
        Kind.TEXT,
        "objective tokens still on the board",
        lambda g: list[Json](g.objectives),
        many=True,
    ),
    _ap,
    _context,
    _game("round", Kind.INT, "the round", lambda g: g.round),
    _game("phase", Kind.TEXT, "the phase: preparation, activation, clean-up", lambda g: g.phase),
    _game(
        "first_player",
        Kind.TEXT,
        "first in turn order, wins initiative ties",
        lambda g: g.first_player,
    ),
    _active_player,
    _marks,
    _sees,
    _cover,
    _flank,
    _in_range,
    _engaged,
    _path_cost,
    _legal_targets,
    _scope_changes,
    _attack_cost,
    _legal_actions,
    _legal_skills,
)
BY_KEY: Mapping[tuple[str, str], Reading] = {(r.spec.subject, r.spec.name): r for r in READINGS}
OBSERVABLES = tuple(r.spec for r in READINGS)


def observe(engine: Engine, subject: str, name: str, target: str | None, args: Args) -> Json:
    """The current value of an observable; HF769 when there is none of that name, and an
    error for an unknown unit or player."""
    found = BY_KEY.get((subject, name))
    if found is None:
        names = [n for s, n in BY_KEY if s == subject]
        what, known = (name, names) if names else (subject, [s.value for s in Subject])
        raise fail(
            codes.UNKNOWN_QUERY,
            f"no motu {subject} observable '{name}'",
            hint=did_you_mean(what, known) or f"known: {', '.join(known)}",
        )
    subject_id = target or ""
    match subject:
        case Subject.UNIT:
            engine.entity(subject_id)
        case Subject.PLAYER if subject_id not in engine.players:
            raise fail(
                ILLEGAL_ACTION, f"no player {target!r}", hint=did_you_mean(subject_id, PLAYERS)
            )
    return found.run(engine, subject_id, args)
