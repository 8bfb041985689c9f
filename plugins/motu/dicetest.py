"""The test procedure (rulebook §Tests, §Defence Tests, §Scope, §Spending Focus).

:func:`run_test` follows the rulebook's eleven steps; each step is an event (``test_stat``,
``test_dice``, ``test_scope``, ``test_roll``, ``test_initial``, ``test_free_rerolls``,
``test_mana_rerolls``, ``test_explode``, ``test_final``, ``test_defence``,
``test_resolved``) whose ``before`` hooks may change the step's number. A test runs in an
engine context of kind ``test`` (``frame.data``: role, stat, dice), so the conditions
``attacking`` and ``defending`` know which test a modifier is asked for.

Scope is kept the rulebook's way round: a scope *increase* lowers the result needed. The
``scope`` query is the sum of the changes (base 0, "+1" = easier); the lowest succeeding
result is ``4 - changes``, and whatever the scope, a 6 succeeds and a 1 fails.
"""

from __future__ import annotations

from dataclasses import dataclass

from hexforge.core.engine import Engine, Frame, Json
from hexforge.plugins.motu.acting import frame_scope
from hexforge.plugins.motu.board import as_int
from hexforge.plugins.motu.mana import mana, spend_mana

DEFAULT_SCOPE = 4
MAX_MANA_REROLLS = 5
EXPLOSION_SUCCESS = 5
"""Dice rolled by explosions succeed on 5+, whatever modifies the scope (step 9)."""
DONE = "done"


@dataclass(frozen=True, slots=True)
class TestResult:
    """What a test came to: ``successes`` are what is applied (after the defence test)."""

    successes: int
    final: int
    cancelled: int
    scope: int
    dice: tuple[int, ...]
    explosions: tuple[int, ...]


def threshold(scope: int) -> int:
    """The lowest die result that succeeds on the initial roll (a 6 always, a 1 never)."""
    return min(max(scope, 2), 6)


def spend_focus(engine: Engine, unit: str) -> int:
    """Spend ``unit``'s focus token on a test, which it must do when focused; returns the
    scope it adds (``focus_scope``, 1 unless an effect cancels it - the token goes anyway)."""
    if not engine.prop(unit, "focus"):
        return 0
    engine.set_prop(unit, "focus", False)
    gained = engine.query("focus_scope", unit, base=1)
    engine.emit("focus_spent", unit=unit, scope=gained)
    return gained


def run_test(
    engine: Engine,
    tester: str,
    stat: str,
    *,
    bonus: int = 0,
    defender: str | None = None,
    against: str | None = None,
    role: str = "test",
    target: str | None = None,
) -> TestResult:
    """Resolve a test of ``tester``'s ``stat`` (plus ``bonus`` dice); with ``against``, the
    ``defender`` makes a defence test whose successes cancel this test's.

    ``role`` is ``attack`` (the attack test of the innermost ``attack`` context, whose data
    adds the weapon's dice, the situational scope and the focus spent for the whole
    action), ``defence`` or ``test``.
    """
    player = engine.entity(tester).owner or engine.players[0]
    number = engine.state.next("test")
    attack = engine.innermost("attack") if role == "attack" else None
    common: dict[str, Json] = {"test": number, "tester": tester, "stat": stat}
    with engine.context("test", player=player, subject=tester) as frame:
        frame.data.update({"role": role, "stat": stat, "target": target})
        args = {"stat": stat, "target": target}
        # 1. check stat
        value = _step(engine, "test_stat", common, "value", engine.query(stat, tester))
        # 2. modifiers: stat +/- test bonus, weapon dice, card modifiers; never below 0
        extra = _data_int(attack, "dice")
        dice_count = engine.query("dice", tester, base=value + bonus + extra, **args)
        dice_count = max(0, _step(engine, "test_dice", common, "dice", dice_count))
        # 3. scope: default 4, every change cumulative
        changes = engine.query("scope", tester, base=0, **args) + frame_scope(engine, tester)
        if attack is not None:
            changes += _data_int(attack, "scope") + _data_int(attack, "focus")
        else:
            changes += spend_focus(engine, tester)
        scope = _step(engine, "test_scope", common, "scope", DEFAULT_SCOPE - changes)
        needed = threshold(scope)
        # 4. normal roll
        count = _step(engine, "test_roll", common, "count", dice_count)
        dice = _roll(engine, max(0, count), f"{tester} tests {stat}", player)
        frame.data["dice"] = list(dice)
        # 5. initial successes
        _step(engine, "test_initial", common, "successes", _count(dice, needed))
        # 6. free rerolls, all at once
        free = engine.query("free_rerolls", tester, base=0, **args)
        free = _step(engine, "test_free_rerolls", common, "rerolls", free)
        dice = _reroll(engine, frame, dice, free, "free_reroll", player, needed)
        # 7. mana rerolls: up to five mana, one die each, all at once
        limit = min(MAX_MANA_REROLLS, mana(engine, tester), len(dice))
        limit = _step(engine, "test_mana_rerolls", common, "limit", limit)
        dice = _reroll(engine, frame, dice, limit, "mana_reroll", player, needed, pay=tester)
        # 8. exploding dice: every six rolls one more die, and so on
        sixes = sum(1 for d in dice if d == 6)
        sixes = _step(engine, "test_explode", common, "explosions", sixes)
        explosions: list[int] = []
        pending = max(0, sixes)
        while pending:
            rolled = _roll(engine, pending, f"{tester}'s dice explode", player)
            explosions.extend(rolled)
            pending = sum(1 for d in rolled if d == 6)
        frame.data["explosions"] = list(explosions)
        # 9. final successes: initial dice against the scope, explosion dice on 5+
        final = _count(dice, needed) + sum(1 for d in explosions if d >= EXPLOSION_SUCCESS)
        final = _step(engine, "test_final", common, "successes", final)
        # 10. defence test
        cancelled = 0
        if defender is not None and against is not None:
            engine.emit("test_defence", **common, defender=defender, against=against)
            cancelled = run_test(engine, defender, against, role="defence").successes
        # 11. apply successes
        applied = _step(engine, "test_resolved", common, "successes", max(0, final - cancelled))
        engine.note(
            "test",
            tester=tester,
            stat=stat,
            role=role,
            scope=needed,
            dice=list(dice),
            explosions=list[Json](explosions),
            final=final,
            cancelled=cancelled,
            successes=applied,
        )
    return TestResult(applied, final, cancelled, needed, tuple(dice), tuple(explosions))


def current_test(engine: Engine) -> Frame | None:
    return engine.innermost("test")


def _data_int(frame: Frame | None, key: str) -> int:
    if frame is None:
        return 0
    return as_int(frame.data.get(key))


def _step(engine: Engine, name: str, common: dict[str, Json], field: str, value: int) -> int:
    """Emit one step's event; ``before`` hooks may have changed its number."""
    event = engine.emit(name, **common, **{field: value})
    return as_int(event[field])


def _count(dice: list[int], needed: int) -> int:
    return sum(1 for d in dice if d >= needed)


def _roll(engine: Engine, count: int, reason: str, player: str) -> list[int]:
    return engine.roll(count, reason=reason, player=player) if count > 0 else []


def _reroll(
    engine: Engine,
    frame: Frame,
    dice: list[int],
    limit: int,
    kind: str,
    player: str,
    needed: int,
    pay: str | None = None,
) -> list[int]:
    """The player picks up to ``limit`` dice (1-based positions, or ``done``), one
    decision per die; then they are all rerolled at once. Mana rerolls cost one each."""
    chosen: list[int] = []
    while len(chosen) < min(limit, len(dice)):
        options: list[Json] = [DONE, *(i + 1 for i in range(len(dice)) if i not in chosen)]
        context: dict[str, Json] = {"dice": list(dice), "scope": needed, "chosen": len(chosen)}
        answer = engine.decide(kind, player, options, context=context)
        if answer == DONE:
            break
        chosen.append(as_int(answer) - 1)
    if not chosen:
        return dice
    if pay is not None:
        spend_mana(engine, pay, len(chosen), "rerolls")
    results = engine.roll(len(chosen), reason=kind.replace("_", " "), player=player)
    rerolled = list(dice)
    for position, result in zip(sorted(chosen), results, strict=True):
        rerolled[position] = result
    frame.data["dice"] = list(rerolled)
    return rerolled
