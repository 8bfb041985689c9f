"""Compiled effects run against the toy game: hooks, modifiers, permissions and statements."""

from __future__ import annotations

import pytest

from hexforge.core.errors import HexforgeError
from hexforge.core.rules import CompiledEffect, EffectContext, ModifierOp, Reach, Window
from hexforge.dsl.api import check_text, compile_text

from .toy import SOURCE, ToyGame, context, toy_game, toy_vocabulary


def _compile(text: str) -> CompiledEffect:
    return compile_text(text, toy_vocabulary(), SOURCE)


def _run(text: str, game: ToyGame, **bindings: object) -> None:
    effect = _compile(text)
    assert effect.run is not None
    effect.run(context(game, **bindings))


def _holds(condition: object, ctx: EffectContext) -> bool:
    assert callable(condition)
    return bool(condition(ctx))


def test_upon_activation_fires_only_for_the_bearers_own_activation() -> None:
    """rulebook §Activate character: 'upon activation' effects belong to the activated character."""
    (hook,) = _compile("upon activation: gain 1 mana").hooks
    game = toy_game()
    assert (hook.event, hook.window) == ("activated", Window.AFTER)
    assert _holds(hook.condition, context(game, unit="h"))
    assert not _holds(hook.condition, context(game, unit="a"))
    hook.action(context(game, unit="h"))
    assert game.log == [("gain mana", 1)]


def test_at_end_of_activation_maps_to_its_event() -> None:
    (hook,) = _compile("at end of activation: remove curse from self").hooks
    game = toy_game()
    assert hook.event == "activation_ended"
    hook.action(context(game, unit="h"))
    assert game.log == [("remove", "curse", "h")]


def test_when_pattern_checks_every_payload_field() -> None:
    (hook,) = _compile("when self knocks out an enemy with melee: score 10 vp").hooks
    game = toy_game()
    assert hook.event == "knocked_out"
    assert _holds(hook.condition, context(game, attacker="h", target="s", weapon="melee"))
    assert not _holds(hook.condition, context(game, attacker="h", target="a", weapon="melee"))
    assert not _holds(hook.condition, context(game, attacker="h", target="s", weapon="ranged"))
    assert not _holds(hook.condition, context(game, attacker="a", target="s", weapon="melee"))


def test_when_if_condition_reads_the_payload() -> None:
    (hook,) = _compile("when self is wounded if event.amount > 1: gain (amount - 1) mana").hooks
    game = toy_game()
    assert _holds(hook.condition, context(game, target="h", amount=3))
    assert not _holds(hook.condition, context(game, target="h", amount=1))
    hook.action(context(game, target="h", amount=3))
    assert game.log == [("gain mana", 2)]


def test_would_be_wounded_is_a_before_hook() -> None:
    (hook,) = _compile("when self would be wounded: gain 1 ap").hooks
    assert hook.window is Window.BEFORE


def test_weapon_ability_modifies_dice_against_targets_in_difficult_terrain() -> None:
    """rulebook §Attack: the Trident adds a die against a target in difficult terrain."""
    (modifier,) = _compile("while target in difficult terrain: dice +1").modifiers
    game = toy_game()
    assert (modifier.query, modifier.op, modifier.source) == ("dice", ModifierOp.ADD, SOURCE)
    assert _holds(modifier.condition, context(game, target="e"))
    assert not _holds(modifier.condition, context(game, target="s"))
    assert modifier.amount(context(game)) == 1


def test_minus_and_set_modifiers() -> None:
    minus, setting = _compile("speed -2\nspeed = count(enemies within 2 of self) * 2").modifiers
    game = toy_game()
    assert (minus.op, minus.amount(context(game)), minus.condition) == (ModifierOp.ADD, -2, None)
    assert (setting.op, setting.amount(context(game))) == (ModifierOp.SET, 2)


def test_permissions_carry_their_condition() -> None:
    effect = _compile("cannot be pushed\nwhile attacking: can move through enemies")
    forbid, allow = effect.permissions
    assert (forbid.action, forbid.allowed, forbid.condition) == ("push", False, None)
    assert (allow.action, allow.allowed) == ("move_through_enemies", True)
    game = toy_game()
    assert not _holds(allow.condition, context(game))
    game.attacking = True
    assert _holds(allow.condition, context(game))


@pytest.mark.parametrize(
    ("successes", "wounds"), [(0, 0), (1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (8, 3)]
)
def test_sword_of_power_applies_only_the_highest_outcome_reached(
    successes: int, wounds: int
) -> None:
    """rulebook §Attack / §Tests step 11: 1-2 successes 1 wound, 3-4: 2, 5+: 3; one row."""
    game = toy_game()
    game.successes = [successes]
    _run(
        "test strength against toughness of target:\n"
        "    1+: deal 1 wound to target\n"
        "    3+: deal 2 wounds to target\n"
        "    5+: deal 3 wounds to target\n",
        game,
        target="s",
    )
    assert game.units["s"].wounds == wounds
    assert game.tests == [("strength", 0, "s", "toughness")]


@pytest.mark.parametrize(("successes", "log"), [(1, []), (2, ["curse"]), (3, []), (4, ["w"])])
def test_exact_rows_apply_only_to_their_count(successes: int, log: list[str]) -> None:
    game = toy_game()
    game.successes = [successes]
    _run(
        "test power +1 against mind of target:\n"
        "    2: give target curse\n"
        "    4+: deal 2 wounds to target\n",
        game,
        target="s",
    )
    assert game.tests == [("power", 1, "s", "mind")]
    expected = {"curse": ("give", "s", "curse"), "w": ("deal", 2, "s")}
    assert game.log == [expected[item] for item in log]


def test_successes_are_bound_inside_the_table() -> None:
    game = toy_game()
    game.successes = [4]
    _run("test power -1:\n    1+: gain successes mana\n", game)
    assert game.tests == [("power", -1, None, None)]
    assert game.log == [("gain mana", 4)]


def test_for_each_binds_it_and_filters_by_distance() -> None:
    game = toy_game()
    _run("for each enemy within 2 of self: deal 1 wound to it", game)
    assert game.log == [("deal", 1, "s")]


def test_plural_selector_argument_and_picker() -> None:
    game = toy_game()
    _run("push enemies away 1\ncharge the nearest enemy\ncharge the nearest ally", game)
    assert game.log == [("push away", ("s", "e"), 1), ("charge", "s"), ("charge", "a")]


def test_choose_one_asks_the_game_with_rules_text_labels() -> None:
    game = toy_game()
    game.choices = [1]
    _run("choose one: gain 1 ap | gain 1 mana", game)
    assert game.log == [("choose", ("Gain 1 ap", "Gain 1 mana")), ("gain mana", 1)]


def test_if_else_and_unless() -> None:
    game = toy_game()
    text = "if target.wounds >= 2: gain 1 ap\nelse: gain 1 mana\nunless attacking: score 1 vp"
    _run(text, game, target="s")
    game.units["s"].wounds = 2
    game.attacking = True
    _run(text, game, target="s")
    assert game.log == [("gain mana", 1), ("score", 1), ("gain ap", 1)]


def test_conditions_with_filters_nouns_and_buffs() -> None:
    game = toy_game()
    game.units["h"].buffs.add("enhancement")
    _run(
        "if target is an enemy in difficult terrain: gain 1 ap\n"
        "if target adjacent to self: gain 2 ap\n"
        "if self has enhancement and not self is knocked out: gain 3 ap\n",
        game,
        target="e",
    )
    assert game.log == [("gain ap", 1), ("gain ap", 3)]


def test_once_per_limits_a_hook() -> None:
    """rulebook §Use an active skill: some rules work once per activation (Hook.once_per)."""
    (hook,) = _compile("when self is wounded once per round: gain 1 mana").hooks
    assert hook.once_per == "round"
    (again,) = _compile("when self is wounded once per trigger if amount > 0: gain 1 ap").hooks
    assert again.once_per == "trigger"


def test_an_aura_modifier_reaches_the_selected_subjects() -> None:
    (modifier,) = _compile("speed of enemies within 2 of self -1").modifiers
    game = toy_game()
    assert (modifier.query, modifier.reach) == ("speed", Reach.ANY)
    assert _holds(modifier.condition, context(game, subject="s"))
    assert not _holds(modifier.condition, context(game, subject="e"))  # too far
    assert not _holds(modifier.condition, context(game, subject="a"))  # an ally
    assert modifier.amount(context(game, subject="s")) == -1


def test_an_aura_permission_with_a_while_condition() -> None:
    (permission,) = _compile(
        "while attacking: enemies adjacent to self cannot be pushed"
    ).permissions
    game = toy_game()
    game.units["s"].position = 1
    assert (permission.action, permission.allowed, permission.reach) == ("push", False, Reach.ANY)
    assert not _holds(permission.condition, context(game, subject="s"))
    game.attacking = True
    assert _holds(permission.condition, context(game, subject="s"))
    assert not _holds(permission.condition, context(game, subject="h"))


def test_an_amount_may_read_the_subject_of_an_aura() -> None:
    (modifier,) = _compile("power of allies adjacent to self +subject.wounds").modifiers
    game = toy_game()
    game.units["a"].wounds = 2
    assert modifier.amount(context(game, subject="a")) == 2


def test_a_text_placeholder_takes_the_words_as_written() -> None:
    vocabulary = toy_vocabulary()
    vocabulary.verb("say {words:text}", lambda ctx, words: ctx.game.log.append(("say", words)))
    game = toy_game()
    effect = compile_text("say he has the power", vocabulary, SOURCE)
    assert effect.run is not None
    effect.run(context(game))
    assert game.log == [("say", "he has the power")]


def test_a_name_the_game_did_not_bind_is_a_clear_error() -> None:
    game = toy_game()
    with pytest.raises(HexforgeError) as raised:
        _run("push target 1", game)
    assert raised.value.code == "HF330"


def test_a_bad_choice_from_the_game_is_a_clear_error() -> None:
    game = toy_game()
    game.choices = [5]
    with pytest.raises(HexforgeError) as raised:
        _run("choose one: gain 1 ap | gain 1 mana", game)
    assert raised.value.code == "HF331"


def test_python_attributes_are_out_of_reach() -> None:
    """The DSL reads only registered properties: dunder names are unknown properties."""
    codes = [d.code for d in check_text("if target.__class__ == self: x", toy_vocabulary())]
    assert codes[0] == "HF317"
