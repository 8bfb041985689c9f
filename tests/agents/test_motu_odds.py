"""The odds of motu tests (hexforge.plugins.motu.dicetest) against hand-computed
probabilities, and the heuristic's use of them: attacks, side missions, overwatch."""

from __future__ import annotations

from fractions import Fraction

import pytest

from hexforge.core.engine import Decision, Engine, Json, RandomAgent
from hexforge.plugins.motu.acting import open_activation
from hexforge.plugins.motu.agents import MotuHeuristicAgent, forecast, missions_in_hand
from hexforge.plugins.motu.attacks import weapon_of
from hexforge.plugins.motu.dicetest import (
    DiceOdds,
    expected_successes,
    net_distribution,
    odds_of,
    success_distribution,
)
from hexforge.plugins.motu.rounds import new_game
from hexforge.plugins.motu.setups import shipped_setup
from tests.plugged import LIB, MOTU


def _close(value: float, exact: Fraction) -> bool:
    return value == pytest.approx(float(exact), abs=1e-9)


def test_one_die_at_the_default_scope() -> None:
    """rulebook §Tests steps 4-9: one die succeeds on 4+ (1/2); a 6 explodes into a die
    that succeeds on 5+ (1/3) and explodes again on 6, so a chain adds 2/5 successes on
    average: E = 1/2 + 1/6 x 2/5 = 17/30. Exactly one success: a 4 or a 5 (1/3), or a 6
    whose explosion die shows 1-4 (1/6 x 2/3) = 4/9."""
    odds = DiceOdds(1, 4)
    dist = success_distribution(odds)
    assert _close(dist[0], Fraction(1, 2))
    assert _close(dist[1], Fraction(4, 9))
    assert _close(expected_successes(odds), Fraction(17, 30))
    assert _close(sum(dist), Fraction(1))


def test_several_dice_and_a_harder_scope() -> None:
    """Three dice at 4+: no success 1/8, mean 3 x 17/30 = 17/10. Two dice at a scope of 6
    (rulebook §Scope: a 6 always succeeds): mean 2 x (1/6 + 1/15) = 7/15."""
    assert _close(success_distribution(DiceOdds(3, 4))[0], Fraction(1, 8))
    assert _close(expected_successes(DiceOdds(3, 4)), Fraction(17, 10))
    assert _close(expected_successes(DiceOdds(2, 6)), Fraction(7, 15))
    assert _close(expected_successes(DiceOdds(0, 4)), Fraction(0))


def test_a_reroll_gives_a_failed_die_a_second_chance() -> None:
    """rulebook §Tests steps 6-7: one die at 4+ with one reroll fails only if both rolls
    fail (1/4); the mean is (1 + 1/2 rerolled dice) x 17/30 = 17/20."""
    odds = DiceOdds(1, 4, rerolls=1)
    assert _close(success_distribution(odds)[0], Fraction(1, 4))
    assert _close(expected_successes(odds), Fraction(17, 20))


def test_the_defence_test_cancels_successes() -> None:
    """rulebook §Defence Tests: one attack die at 6+ against no defence dice keeps a
    success 1/6 of the time; against one defence die at 4+, at least one success survives
    only when the attack rolls more: P = sum over a of P(A = a) x P(D < a)."""
    kept = net_distribution(DiceOdds(1, 6), DiceOdds(0, 4))
    assert _close(sum(kept[1:]), Fraction(1, 6))
    attack, defence = success_distribution(DiceOdds(1, 4)), success_distribution(DiceOdds(1, 4))
    expected = sum(attack[a] * sum(defence[:a]) for a in range(1, len(attack)))
    assert sum(net_distribution(DiceOdds(1, 4), DiceOdds(1, 4))[1:]) == pytest.approx(expected)
    assert _close(net_distribution(DiceOdds(1, 4), DiceOdds(1, 4))[0], 1 - Fraction(expected))


def _first_game() -> Engine:
    agents = {"masters": RandomAgent(1), "evil": RandomAgent(2)}
    return new_game(MOTU, shipped_setup("first-game", LIB), 1, agents)


def test_odds_of_read_the_rules_queries() -> None:
    """rulebook §Tests: dice = the stat plus the weapon's modifier; the focus token adds
    one to the scope (§Spending Focus), each mana one reroll."""
    engine = _first_game()
    assert odds_of(engine, "he-man", "strength") == DiceOdds(5, 4, 0)
    engine.set_prop("he-man", "focus", True)
    engine.set_prop("he-man", "mana", 2)
    assert odds_of(engine, "he-man", "strength", extra_dice=1) == DiceOdds(6, 3, 2)


def _action(engine: Engine, unit: str, options: list[str]) -> str:
    owner = engine.entity(unit).owner or ""
    decision = Decision(1, "action", owner, tuple(options), {"unit": unit})
    return str(MotuHeuristicAgent(0).choose(decision, engine))


def test_a_likely_knockout_plays_the_knockout_mission_first() -> None:
    """rulebook §Side Missions, §Playing Additional Cards: a side mission must be in play
    before its condition is met, and playing a card is free; Trap Jaw with one wound left
    next to He-Man is likely knocked out, so the heuristic plays Champion of Grayskull."""
    engine = _first_game()
    engine.set_prop("trap-jaw", "hex", "O3")
    sword = weapon_of(engine, "he-man", "motu/sword-of-power")
    attack = "attack motu/sword-of-power trap-jaw"
    cards = ["card motu/champion-of-grayskull mission", "card motu/mighty-deed mission"]
    options = ["end", attack, *cards]
    fresh = forecast(engine, "he-man", sword, "trap-jaw")
    assert fresh.knockout == 0.0  # the sword deals 3 wounds at most, Trap Jaw has 4
    engine.set_prop("trap-jaw", "wounds", 3)
    wounded = forecast(engine, "he-man", sword, "trap-jaw")
    assert wounded.knockout > 0.5 and wounded.wounds < fresh.wounds  # 1 wound left to deal
    assert _action(engine, "he-man", options) == cards[0]
    assert _action(engine, "he-man", ["end", attack]) == attack
    missions = {m.card: m for m in missions_in_hand(engine, "masters")}
    assert missions["motu/mighty-deed"].successes == 3
    assert missions["motu/champion-of-grayskull"].successes is None


def test_an_unlikely_mission_is_kept_for_later_but_not_past_the_last_round() -> None:
    """Stratos's fists against Mer-Man seldom keep 3 successes: the mission waits, except
    in the fourth round, when an unplayed glory card would score nothing."""
    engine = _first_game()
    engine.set_prop("mer-man", "hex", "L3")
    attack = "attack motu/fists mer-man"
    options = ["end", attack, "card motu/mighty-deed mission"]
    outlook = forecast(engine, "stratos", weapon_of(engine, "stratos", "motu/fists"), "mer-man")
    assert 0 < outlook.at_least(3) < 0.3
    assert _action(engine, "stratos", options) == attack
    engine.state.data["round"] = 4
    assert _action(engine, "stratos", options) == "card motu/mighty-deed mission"


def test_the_best_expected_attack_is_chosen() -> None:
    """Against two targets the heuristic attacks the one it expects to hurt more: the
    wounded Trap Jaw (two wounds dealt, as likely as one) over a fresh Mer-Man."""
    engine = _first_game()
    engine.set_prop("trap-jaw", "hex", "O3")
    engine.set_prop("trap-jaw", "wounds", 3)
    engine.set_prop("mer-man", "hex", "N3")
    options = ["end", "attack motu/sword-of-power mer-man", "attack motu/sword-of-power trap-jaw"]
    assert _action(engine, "he-man", options) == options[2]


def test_overwatch_when_a_foe_can_come_into_reach_else_focus() -> None:
    """rulebook §Overwatch: a character on an objective with nothing to attack waits on
    overwatch if a foe could come into its reach with its next move; with every foe far
    away it focuses instead (§Focus), ready for a later test."""
    engine = _first_game()
    engine.state.data["objectives"] = ["O2"]
    options = ["end", "focus", "overwatch"]
    assert _action(engine, "he-man", options) == "focus"
    engine.set_prop("trap-jaw", "hex", "O9")
    assert _action(engine, "he-man", options) == "overwatch"


def test_failed_dice_are_rerolled() -> None:
    """rulebook §Tests steps 6-7: the heuristic rerolls a die below the scope, and stops
    when every die succeeds."""
    engine = _first_game()
    agent = MotuHeuristicAgent(0)
    context: dict[str, Json] = {"dice": [5, 2, 6], "scope": 4, "chosen": 0}
    decision = Decision(1, "mana_reroll", "masters", ("done", 1, 2, 3), context)
    assert agent.choose(decision, engine) == 2
    done = Decision(2, "free_reroll", "masters", ("done", 1, 3), {**context, "dice": [5, 4, 6]})
    assert agent.choose(done, engine) == "done"


def test_a_glory_card_activating_a_character_gives_its_mission_when_it_can_be_met() -> None:
    """rulebook §Gain Bonuses, §Side Missions: the card that activates a character gives
    one bonus; the heuristic takes the mission when an attack it can make now is likely
    to meet it, else the extra AP."""
    engine = _first_game()
    open_activation(engine, "he-man", ap=2)
    card = "motu/champion-of-grayskull"
    decision = Decision(1, "bonus", "masters", ("mission", "ap"), {"card": card})
    assert MotuHeuristicAgent(0).choose(decision, engine) == "ap"  # no foe in reach
    engine.set_prop("trap-jaw", "hex", "O3")
    engine.set_prop("trap-jaw", "wounds", 3)
    assert MotuHeuristicAgent(0).choose(decision, engine) == "mission"
