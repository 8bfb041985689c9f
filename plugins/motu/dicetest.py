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

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import accumulate
from operator import mul

from hexforge.core.engine import Engine, Frame, Json
from hexforge.plugins.motu.mana import mana, spend_mana
from hexforge.plugins.motu.parameters import MotuParameters, parameters_of
from hexforge.plugins.motu.situations import SITUATIONS, Situation
from hexforge.plugins.motu.state import UnitState, as_int

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


def threshold(scope: int, numbers: MotuParameters) -> int:
    """The lowest die result that succeeds on the initial roll (a 6 always, a 1 never:
    the parameters ``worst_scope`` and ``best_scope``)."""
    return min(max(scope, numbers.best_scope), numbers.worst_scope)


def spend_focus(engine: Engine, unit: str) -> int:
    """Spend ``unit``'s focus token on a test, which it must do when focused; returns the
    scope it adds (``focus_scope``, 1 unless an effect cancels it - the token goes anyway)."""
    holder = UnitState(engine, unit)
    if not holder.focus:
        return 0
    holder.focus = False
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
    adds the weapon's dice and the focus spent for the whole action), ``defence`` or
    ``test``. Situational scope (flank, cover, interrupting...) comes from the rulebook's
    rule cards on the ``scope`` query, like any card's modifier.
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
        changes = engine.query("scope", tester, base=0, **args)
        if attack is not None:
            changes += _data_int(attack, "focus")
        else:
            changes += spend_focus(engine, tester)
        numbers = parameters_of(engine)
        scope = _step(engine, "test_scope", common, "scope", numbers.default_scope - changes)
        needed = threshold(scope, numbers)
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
        limit = min(numbers.max_mana_rerolls, mana(engine, tester), len(dice))
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
        final = _count(dice, needed) + sum(1 for d in explosions if d >= numbers.explosion)
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


@dataclass(frozen=True, slots=True)
class DiceOdds:
    """What a coming test will roll: ``dice`` against ``needed`` (the lowest succeeding
    result), with up to ``rerolls`` failed dice rolled again (free and mana rerolls)."""

    dice: int
    needed: int
    rerolls: int = 0


def odds_of(
    engine: Engine,
    tester: str,
    stat: str,
    *,
    extra_dice: int = 0,
    situations: Sequence[Situation] = (),
    target: str | None = None,
    rerolls: int | None = None,
) -> DiceOdds:
    """The odds of ``tester``'s next test of ``stat`` from the queries :func:`run_test` asks
    (steps 1-3 and 6-7), without running it: ``extra_dice`` (a weapon's modifier) as an
    attack's context adds them, the ``situations`` of the coming attack (which the rules'
    conditions see as the queries' argument), the focus token if the tester holds one,
    and ``rerolls`` (default: the free rerolls plus the mana it could spend, at most
    five). Modifiers that hold only inside a running test (the
    ``attacking``/``defending`` conditions) are not seen."""
    args: dict[str, Json] = {"stat": stat, "target": target, SITUATIONS: list(situations)}
    value = engine.query(stat, tester)
    dice = max(0, engine.query("dice", tester, base=value + extra_dice, **args))
    changes = engine.query("scope", tester, base=0, **args)
    if UnitState(engine, tester).focus:
        changes += engine.query("focus_scope", tester, base=1)
    numbers = parameters_of(engine)
    if rerolls is None:
        free = engine.query("free_rerolls", tester, base=0, **args)
        rerolls = free + min(numbers.max_mana_rerolls, mana(engine, tester))
    needed = threshold(numbers.default_scope - changes, numbers)
    return DiceOdds(dice, needed, max(0, rerolls))


MAX_SUCCESSES = 40
"""Distributions are cut here: the chance of more successes is negligible (< 1e-12)."""


def expected_successes(odds: DiceOdds) -> float:
    """The mean number of successes of a test (rulebook §Tests, steps 4-9): every final die
    succeeds on ``needed``+ and each six explodes into a chain whose dice succeed on 5+ and
    explode on 6 (a chain adds 2/5 successes on average). Rerolled dice are dice rolled
    again, so the mean is (dice + expected rerolled dice) x (hit chance + 1/6 x 2/5)."""
    return sum(k * p for k, p in enumerate(success_distribution(odds)))


@cache
def success_distribution(odds: DiceOdds) -> tuple[float, ...]:
    """P(successes = k) for k = 0, 1, ... of a test with these odds (steps 4-9): the
    initial roll, up to ``rerolls`` failed dice rolled again, the sixes' explosions."""
    hit = (7 - odds.needed) / 6
    plain, six, fail = hit - 1 / 6, 1 / 6, 1 - hit
    # (plain successes, sixes, failures) after the initial roll, then after the rerolls
    rolled: dict[tuple[int, int, int], float] = {(0, 0, 0): 1.0}
    for _ in range(odds.dice):
        rolled = _roll_one(rolled, plain, six, fail)
    final: dict[tuple[int, int, int], float] = {}
    for (a, b, f), chance in rolled.items():
        again: dict[tuple[int, int, int], float] = {(a, b, f): chance}
        for _ in range(min(odds.rerolls, f)):
            again = {(x, y, z - 1): q for (x, y, z), q in again.items()}
            again = _roll_one(again, plain, six, fail)
        for key, q in again.items():
            final[key] = final.get(key, 0.0) + q
    result = [0.0] * (MAX_SUCCESSES + 1)
    for (a, b, _), chance in final.items():
        for extra, q in enumerate(_chains(b)):
            total = min(a + b + extra, MAX_SUCCESSES)
            result[total] += chance * q
    return tuple(result)


@cache
def net_distribution(attack: DiceOdds, defence: DiceOdds) -> tuple[float, ...]:
    """P(successes applied = k) after the defence test cancels some (step 10-11): ``k``
    applied is the attack scoring ``c + k`` against ``c`` saves; none, the attack scoring
    no more than the saves. Sums of products in C rather than a double loop in Python, and
    once per pair of odds: the heuristic asks for every attack option it weighs (issue 24)."""
    hits, saves = success_distribution(attack), success_distribution(defence)
    at_least = list(accumulate(reversed(saves)))[::-1]  # P(saves >= c)
    none = sum(map(mul, hits, at_least))
    return (none, *(sum(map(mul, hits[k:], saves)) for k in range(1, len(hits))))


def _roll_one(
    dist: dict[tuple[int, int, int], float], plain: float, six: float, fail: float
) -> dict[tuple[int, int, int], float]:
    """One more die: a plain success, a six or a failure."""
    out: dict[tuple[int, int, int], float] = {}
    for (a, b, f), p in dist.items():
        for key, q in (((a + 1, b, f), plain), ((a, b + 1, f), six), ((a, b, f + 1), fail)):
            if q > 0:
                out[key] = out.get(key, 0.0) + p * q
    return out


@cache
def _chains(sixes: int) -> tuple[float, ...]:
    """P(k successes) from the explosion chains of ``sixes`` sixes (step 8)."""
    if sixes == 0:
        return (1.0,)
    one = _chain()
    rest = _chains(sixes - 1)
    out = [0.0] * (MAX_SUCCESSES + 1)
    for i, p in enumerate(one):
        for j, q in enumerate(rest):
            out[min(i + j, MAX_SUCCESSES)] += p * q
    return tuple(out)


@cache
def _chain() -> tuple[float, ...]:
    """One explosion die and its own explosions: 1-4 nothing, 5 one success, 6 one success
    and another die."""
    out = [0.0] * (MAX_SUCCESSES + 1)
    sixes_so_far = 1.0  # the chance of reaching the k-th die of the chain
    for k in range(MAX_SUCCESSES):
        out[k] += sixes_so_far * 4 / 6
        out[k + 1] += sixes_so_far * 1 / 6
        sixes_so_far /= 6
    return tuple(out)


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
