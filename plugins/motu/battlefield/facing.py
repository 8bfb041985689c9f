"""Facing, front and rear arcs, flank attacks (rulebook §Basic Concepts - Model, §Flank
Attacks, §Ranged Attack, §Massive Models - Facing).

A model faces one edge of its hex. Its front and rear arcs are the two half-planes of the
line through its centre perpendicular to that facing; a hex whose centre lies exactly on
that line is in neither arc (the rulebook's "halfway" hexes), so an attack from it is not
a flank attack. For a flat-topped hex the dividing line runs through two opposite corners:
the three hexes across the facing's side are front, the three behind are rear, and the
first halfway hexes are two steps away, straight out from those corners.

A massive model faces with one of its own hexes (its *facing hex*); its arcs are split by
the line through the centre of its base (the centroid of its hexes) perpendicular to the
direction from that centre to the facing hex's centre. For a one-hex model the same rule
with the facing hex replaced by the faced neighbour gives the arcs above, so one function
serves both.

All tests are exact integer arithmetic in the scaled frame (see hexforge.core.hexgrid).
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import Enum
from fractions import Fraction

from hexforge.core.hexgrid import (
    Direction,
    Hex,
    are_neighbours,
    centre,
    centre_distance2,
    metric_dot,
)
from hexforge.plugins.motu.battlefield.occupancy import Occupant


class Arc(Enum):
    FRONT = "front"
    REAR = "rear"
    HALFWAY = "halfway"


def arc_of(body: tuple[Hex, ...], facing: Hex, other: Hex) -> Arc:
    """Which arc of a model with ``body`` hexes facing ``facing`` the hex ``other`` is in.

    ``facing`` is the faced neighbour for a one-hex model, the facing hex for a massive one.
    """
    n = len(body)
    sx = sum(centre(h)[0] for h in body)
    sy = sum(centre(h)[1] for h in body)
    fx, fy = centre(facing)
    px, py = centre(other)
    side = metric_dot(n * px - sx, n * py - sy, n * fx - sx, n * fy - sy)
    return Arc.FRONT if side > 0 else Arc.REAR if side < 0 else Arc.HALFWAY


def _facing_of(model: Occupant) -> Hex:
    if model.facing is None:
        raise ValueError(f"model '{model.id}' has no facing")
    return model.facing


def model_arc(model: Occupant, other: Hex) -> Arc:
    """The arc of ``model`` that hex ``other`` is in."""
    return arc_of(model.hexes, _facing_of(model), other)


def is_flank(origin: Hex, target: Occupant) -> bool:
    """An attack from ``origin`` is a flank attack on ``target`` (§Flank Attacks).

    ``origin`` is the attacker's hex (a massive attacker's facing hex; for the additional
    targets of an area attack, the initial target's hex).
    """
    return model_arc(target, origin) is Arc.REAR


def partly_in_front(model: Occupant, other: Iterable[Hex]) -> bool:
    """Some part of a base on ``other`` hexes is in ``model``'s front arc (§Overwatch).

    A base is narrower than its hex, and no hex centre lies closer to the dividing line
    than half a hex without lying on it, so a base reaches into the front arc exactly when
    its hex is in the front arc or halfway.
    """
    return any(model_arc(model, h) is not Arc.REAR for h in other)


def facing_hex(hex_: Hex, direction: Direction) -> Hex:
    """The neighbour a one-hex model on ``hex_`` faces when it faces ``direction``."""
    return hex_.neighbour(direction)


def melee_facing(attacker: Hex, target: Iterable[Hex]) -> tuple[Direction, ...]:
    """Directions that face an adjacent target (any of a massive target's hexes)."""
    hexes = set(target)
    return tuple(d for d in Direction if attacker.neighbour(d) in hexes)


def ranged_facing(attacker: Hex, target: Iterable[Hex]) -> tuple[Direction, ...]:
    """Directions towards the adjacent hex whose centre is nearest the target (§Ranged Attack).

    More than one direction means a tie: the attacker's controller chooses.
    """
    hexes = tuple(target)
    scores = [min(centre_distance2(attacker.neighbour(d), t) for t in hexes) for d in Direction]
    best = min(scores)
    return tuple(d for d, score in zip(Direction, scores, strict=True) if score == best)


def face_target(attacker: Hex, target: Iterable[Hex]) -> tuple[Direction, ...]:
    """Facing a target: face it when adjacent, else the nearest adjacent hex (ties: choose)."""
    hexes = tuple(target)
    return melee_facing(attacker, hexes) or ranged_facing(attacker, hexes)


# -- massive models ----------------------------------------------------------------------


def rotations(body: tuple[Hex, ...]) -> list[tuple[int, tuple[Hex, ...]]]:
    """The turns of a massive base about its centre that land on whole hexes.

    Returns ``(sixths turned clockwise, rotated hexes in the same order)``, starting with
    ``(0, body)``. A round seven-hex base turns freely, a three-hex base in thirds, a
    two-hex base in halves.
    """
    n = len(body)
    sx = sum(centre(h)[0] for h in body)
    sy = sum(centre(h)[1] for h in body)
    found = [(0, body)]
    vectors = [(Fraction(n * centre(h)[0] - sx), Fraction(n * centre(h)[1] - sy)) for h in body]
    for k in range(1, 6):
        vectors = [((x - 3 * y) / 2, (x + y) / 2) for x, y in vectors]  # 60 degrees clockwise
        turned = [_hex_at((sx + x) / n, (sy + y) / n) for x, y in vectors]
        if all(h is not None for h in turned):
            found.append((k, tuple(h for h in turned if h is not None)))
    return found


def _hex_at(x: Fraction, y: Fraction) -> Hex | None:
    if x.denominator != 1 or y.denominator != 1 or x.numerator % 3:
        return None
    q = x.numerator // 3
    if (y.numerator - q) % 2:
        return None
    return Hex(q, (y.numerator - q) // 2)


def massive_turns(
    body: tuple[Hex, ...], facing: Hex, target: Iterable[Hex]
) -> list[tuple[tuple[Hex, ...], Hex]]:
    """How a massive model may turn to face a target (§Massive Models - Facing).

    Options are ``(new body, new facing hex)``: its facing hex ends next to the target
    when that is possible, otherwise next to the hex nearest the target; several options
    mean the controller chooses. The caller checks that the new body fits the battlefield.
    """
    hexes = tuple(target)
    index = body.index(facing)
    scored = []
    for _, turned in rotations(body):
        front = turned[index]
        outside = [n for n in front.neighbours() if n not in turned]
        score = min(centre_distance2(n, t) for n in outside for t in hexes)
        if any(are_neighbours(front, t) for t in hexes):
            score = -1
        scored.append((score, turned, front))
    best = min(score for score, _, _ in scored)
    return [(turned, front) for score, turned, front in scored if score == best]
