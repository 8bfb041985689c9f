"""Invariants every motu position keeps, checked during random games (issue 9)."""

from __future__ import annotations

import json
import random
import weakref
from collections import Counter
from typing import Any

from hexforge.core.engine import Agent, Decision, Engine, Json, RandomAgent
from hexforge.core.hexgrid import distance, parse_coord
from hexforge.plugins.motu.board import as_int, hex_of, location, on_board
from hexforge.plugins.motu.library import library
from hexforge.plugins.motu.turns import pile


def check_position(engine: Engine, *, settled: bool) -> None:
    """Mana 0-5, at most five fate cards in hand, one buff and one debuff at most, no two
    models on one place, AP never negative, VP as the log justifies them; when ``settled``
    (no attack or reaction under way) knocked-out characters are off the board."""
    units = on_board(engine)
    for unit in units:
        assert 0 <= as_int(engine.prop(unit, "mana")) <= 5, (unit, engine.prop(unit, "mana"))
        for slot in ("buff", "debuff"):
            attached = {
                a.effect.split("#")[0]
                for a in engine.attachments(unit)
                if _kind(a.effect.split("#")[0]) == slot
            }
            held = engine.prop(unit, slot)
            assert len(attached) <= 1, (unit, slot, attached)  # one buff, one debuff at most
            assert attached <= {held}, (unit, slot, held, attached)
        if settled:
            assert not engine.prop(unit, "knocked_out"), f"{unit} knocked out but on the board"
    places = Counter(location(engine, unit) for unit in units)
    assert all(n == 1 for n in places.values()), places
    for player in engine.players:
        assert len(pile(engine, "fate", player)) <= 5
    for frame in engine.state.stack:
        assert frame.ap >= 0, frame
    check_vp(engine)


def _kind(card_id: str) -> str | None:
    card = library().cards.get(card_id)
    return None if card is None else card.kind


_SEEN: weakref.WeakKeyDictionary[Engine, tuple[int, Counter[str]]] = weakref.WeakKeyDictionary()


def check_vp(engine: Engine) -> None:
    """Every VP in the state is a ``vp`` note of the log, and nothing else (the log is
    read incrementally: only lines written since the last check)."""
    read, logged = _SEEN.get(engine, (0, Counter[str]()))
    lines = engine.log.lines
    for line in lines[read:]:
        if '"type":"vp"' in line:
            entry = json.loads(line)
            logged[str(entry["player"])] += as_int(entry["gained"])
    _SEEN[engine] = (len(lines), logged)
    vp: Any = engine.state.data.get("vp", {})
    for player in engine.players:
        assert as_int(vp.get(player)) == logged[player], (player, vp, logged)


class CheckingAgent:
    """A random agent that checks the invariants before every decision it answers.

    ``eager`` agents still answer at random, but seldom end an activation while an action
    is possible, prefer attacks and move towards the nearest enemy most of the time: plain
    random agents on the 30 x 25 first-game map rarely meet, and fights are where most
    rules (knock-outs, interruptions, overwatch) happen."""

    def __init__(self, seed: int, *, eager: bool = False) -> None:
        self.random: Agent = RandomAgent(seed)
        self.rng = random.Random(seed)
        self.eager = eager
        self.checked = 0

    def choose(self, decision: Decision, engine: Engine) -> Json:
        check_position(engine, settled=engine.innermost("attack") is None)
        self.checked += 1
        if self.eager:
            answer = self._eager(decision, engine)
            if answer is not None:
                return answer
        return self.random.choose(decision, engine)

    def _eager(self, decision: Decision, engine: Engine) -> Json | None:
        options = [str(o) for o in decision.options]
        if decision.kind == "select_card" and len(options) > 1:
            return self.rng.choice([o for o in options if o != "pass"])
        if decision.kind == "action":
            attacks = [o for o in options if o.startswith(("attack", "skill"))]
            acts = [o for o in options if o.startswith(("move", "focus"))]
            for group, chance in ((attacks, 0.9), (acts, 0.85)):
                if group and self.rng.random() < chance:
                    return self.rng.choice(group)
        if decision.kind == "move_to" and self.rng.random() < 0.8:
            unit = str((decision.context or {}).get("unit", ""))
            foes = [
                u for u in on_board(engine) if engine.entity(u).owner != engine.entity(unit).owner
            ]
            if foes:
                spots = [hex_of(engine, f) for f in foes]
                return min(
                    options,
                    key=lambda o: min(distance(parse_coord(o.split("@")[0]), h) for h in spots),
                )
        return None


def checking_events(engine: Engine) -> list[int]:
    """Check the invariants after every event the engine emits (the knock-out rule only
    once the event's reactions are over and no attack is open); returns a counter."""
    count = [0]
    emit = engine.emit

    def checked(name: str, /, **payload: Json) -> Any:
        event = emit(name, **payload)
        count[0] += 1
        check_position(engine, settled=False)
        return event

    engine.emit = checked  # type: ignore[method-assign]
    return count
