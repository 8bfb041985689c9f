"""The motu words of the effect language (docs/motu.md, "Vocabulary") and the ruleset's
event declarations. The same :mod:`~hexforge.plugins.motu.events` types go to both, so
cards and procedures agree on every payload field.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

from hexforge.core.engine import Engine, Event, Ruleset
from hexforge.core.rules import EffectContext, EntityId, Window
from hexforge.core.vocabulary import Field
from hexforge.dsl.vocabulary import Vocabulary
from hexforge.plugins.motu import events, rules_text_de, rules_text_fr, rules_text_pl
from hexforge.plugins.motu.acting import acting_frame
from hexforge.plugins.motu.board import (
    CHARACTER,
    adjacent,
    distance_inches,
    enemies,
    engaged_with,
    in_difficult_terrain,
    in_sight,
    on_board,
    within,
)
from hexforge.plugins.motu.cards import bounds
from hexforge.plugins.motu.dicetest import run_test
from hexforge.plugins.motu.library import STATS, library_of
from hexforge.plugins.motu.mana import gain_mana
from hexforge.plugins.motu.permits import PHRASES
from hexforge.plugins.motu.situations import CONDITIONS
from hexforge.plugins.motu.state import PlayerState, UnitState, as_int
from hexforge.plugins.motu.tokens import (
    give_token,
    has_token,
    in_reach,
    place_mark,
    remove_token,
    token_slot,
)
from hexforge.plugins.motu.units import is_knocked_out
from hexforge.plugins.motu.wounds import (
    deal_wounds,
    heal,
    perform_healed,
    perform_knocked_out,
    perform_wounded,
)

C = CHARACTER


def _engine(ctx: EffectContext) -> Engine:
    engine = ctx.game
    assert isinstance(engine, Engine)
    return engine


def _bearer(ctx: EffectContext) -> str:
    assert ctx.bearer is not None
    return ctx.bearer


def _as_character(ctx: EffectContext, entity: str | None) -> str | None:
    """``entity`` if it is a character (a mark's or a rule's bearer is not)."""
    if entity is None:
        return None
    found = _engine(ctx).state.entities.get(entity)
    return entity if found is not None and found.kind == C else None


# ---- nouns, filters, pickers ------------------------------------------------------------


def _standing(ctx: EffectContext) -> list[str]:
    """Characters on the battleground: a target knocked out by an area attack is still
    there until the attack ends (rulebook §AoE Knockouts), so "knocks out an enemy" sees it."""
    return on_board(_engine(ctx))


def _enemies(ctx: EffectContext) -> list[str]:
    engine, me = _engine(ctx), _bearer(ctx)
    return [u for u in _standing(ctx) if enemies(engine, me, u)]


def _allies(ctx: EffectContext) -> list[str]:
    engine, me = _engine(ctx), _bearer(ctx)
    return [u for u in _standing(ctx) if u != me and not enemies(engine, me, u)]


def _guarded(test: Callable[..., bool]) -> Callable[..., bool]:
    """A filter or condition that is false for a missing entity (a picker found none)."""

    def check(ctx: EffectContext, entity: EntityId | None, *args: Any) -> bool:
        if entity is None or any(a is None for a in args):
            return False
        return test(_engine(ctx), entity, *args)

    return check


def _within(ctx: EffectContext, entity: EntityId | None, n: int, anchor: EntityId | None) -> bool:
    """In range of ``anchor`` and in sight of the character resolving the rule: a group
    "within a given range" of a skill is always in its user's sight (rulebook §Targeting
    and Tests)."""
    if entity is None or anchor is None:
        return False
    engine, me = _engine(ctx), _bearer(ctx)
    if not within(engine, entity, anchor, n):
        return False
    return entity == me or in_sight(engine, me, entity)


def _nearest(ctx: EffectContext, found: Sequence[EntityId]) -> EntityId | None:
    engine, me = _engine(ctx), _bearer(ctx)
    if not found:
        return None
    return min(found, key=lambda u: (distance_inches(engine, me, u), u))


# ---- conditions -------------------------------------------------------------------------


def _testing(ctx: EffectContext, role: str) -> bool:
    frame = _engine(ctx).innermost("test")
    return frame is not None and frame.subject == ctx.bearer and frame.data.get("role") == role


def _attacking_with(ctx: EffectContext, kind: str) -> bool:
    frame = _engine(ctx).innermost("attack")
    return frame is not None and frame.subject == ctx.bearer and frame.data.get("type") == kind


# ---- verbs -------------------------------------------------------------------------------


def _deal(ctx: EffectContext, amount: int, target: str | None) -> None:
    if target is not None:
        deal_wounds(_engine(ctx), target, amount, _as_character(ctx, ctx.bearer))


def _heal(ctx: EffectContext, amount: int, target: str | None) -> None:
    if target is not None:
        heal(_engine(ctx), target, amount)


def _give(ctx: EffectContext, target: str | None, token: str) -> None:
    if target is not None and not is_knocked_out(_engine(ctx), target):
        give_token(_engine(ctx), target, token)


def _remove(ctx: EffectContext, token: str, target: str | None) -> None:
    engine = _engine(ctx)
    if target is not None and (slot := token_slot(engine, target, token)) is not None:
        remove_token(engine, target, slot, "removed")


def _add_mana(ctx: EffectContext, amount: int, target: str | None) -> None:
    if target is not None:
        gain_mana(_engine(ctx), target, amount)


def _gain_ap(ctx: EffectContext, amount: int) -> None:
    engine = _engine(ctx)
    engine.gain_ap(amount, acting_frame(engine, _bearer(ctx)))


def _score(ctx: EffectContext, amount: int) -> None:
    engine = _engine(ctx)
    scorer = PlayerState(engine, engine.entity(_bearer(ctx)).owner or "")
    card = ctx.source.card_id
    if _is_glory(engine, card):
        if card in scorer.completed:
            return  # a side mission scores once (rulebook §Side Missions)
        scorer.completed.append(card)
    scorer.vp += amount
    engine.note("vp", player=scorer.name, gained=amount, reason=ctx.source.card_id)


def _move_effect(kind: str) -> Callable[..., None]:
    """A movement effect verb (rulebook §Movement Effects) for the bearer; the round
    procedure's modules are imported late (they import this vocabulary's rules)."""

    def run(ctx: EffectContext, *args: Any) -> None:
        from hexforge.plugins.motu import moving, turns

        engine, me = _engine(ctx), _bearer(ctx)
        if is_knocked_out(engine, me):
            return
        if kind in ("push", "pull"):
            target, hexes = args
            if target is not None and not is_knocked_out(engine, target):
                moving.push(engine, str(target), me, int(hexes), pull=kind == "pull")
        elif kind in ("teleport", "jump"):
            jump = kind == "jump"
            moving.teleport(
                engine, me, int(args[0]), jump=jump, interrupt=turns.interrupt if jump else None
            )
        elif kind == "charge" and args[0] is not None:
            moving.charge(engine, me, str(args[0]), engine.query("speed", me), turns.interrupt)
        elif kind == "towards" and args[0] is not None:
            moving.towards(engine, me, str(args[0]), int(args[1]), turns.interrupt)
        elif kind == "switch" and args[0] is not None:
            moving.switch(engine, me, str(args[0]), turns.interrupt)
        elif kind == "free move":
            frame = acting_frame(engine, me)
            if not frame.data.get("opportunity"):  # an attack of opportunity only attacks
                turns.move_action(engine, me, frame, focused=False, free=True)

    return run


def _is_glory(engine: Engine, card_id: str) -> bool:
    found = library_of(engine).cards.get(card_id)
    return found is not None and found.kind == "glory"


def _adjust(ctx: EffectContext, field: str, amount: int) -> None:
    """Change a number of the test step a ``before`` hook is answering (never below 0)."""
    event = ctx.bindings.get("event")
    if isinstance(event, Event) and field in event.payload:
        event.set(field, max(0, as_int(event[field]) + amount))


def _test(
    ctx: EffectContext, stat: str, bonus: int, defender: EntityId | None, defence: str | None
) -> int:
    """A card's ``test``: the attack test when its bearer is making the innermost attack."""
    engine, me = _engine(ctx), _bearer(ctx)
    attack = engine.innermost("attack")
    role = (
        "attack"
        if attack is not None and attack.subject == me and not engine.innermost("test")
        else "test"
    )
    target = ctx.bindings.get("target")
    result = run_test(
        engine,
        me,
        stat,
        bonus=bonus,
        defender=defender,
        against=defence,
        role=role,
        target=target if isinstance(target, str) else None,
    )
    if role == "attack" and attack is not None:
        attack.data["successes"] = result.successes
    return result.successes


def _choose(ctx: EffectContext, options: Sequence[str]) -> int:
    engine = _engine(ctx)
    player = engine.entity(_bearer(ctx)).owner or engine.players[0]
    answer = engine.decide(
        "choose_one", player, list(options), context={"card": ctx.source.card_id}
    )
    return list(options).index(str(answer))


# ---- the vocabulary ---------------------------------------------------------------------


def _n(name: str, param: str = "amount") -> dict[str, tuple[int, int]]:
    """The bounds of placeholder ``param``: the range ``name`` of the card models."""
    return {param: bounds(name)}


def declare_words(v: Vocabulary) -> None:
    """Every motu word (the hook calls this for game 'motu')."""
    v.self_kind = C
    v.kind(C)
    v.kind("mark")
    v.constant_set("weapon_type", ["melee", "ranged", "spell"])
    # the buffs and debuffs, the marks: words of the loaded cards (game.yaml `words:`), so
    # a misspelt one is HF316 where the card names it, and a pack adds one without code
    v.constant_set("token", (), open=True)
    v.constant_set("mark_name", (), open=True)
    for event in events.ALL:
        v.event(event)
    v.trigger("upon", "activation", "activated", subject="unit")
    v.trigger("at end of", "activation", "activation_ended", subject="unit")
    v.trigger("upon", "interruption", "interruption_started", subject="unit")
    v.trigger("at end of", "interruption", "interruption_ended", subject="unit")
    v.trigger("when", "{target} would be wounded", "wounded", Window.BEFORE)
    v.trigger("when", "{target} is wounded", "wounded")
    v.trigger("when", "{target} is knocked out", "knocked_out")
    v.trigger("when", "{by} knock(s) out {target}", "knocked_out")
    v.trigger("when", "{attacker} attack(s) {target}", "attack_tested")
    v.trigger("when", "{attacker} declare(s) an attack on {target}", "attack_declared")
    v.trigger("when", "{unit} spend(s) focus", "focus_spent")
    # the steps of a test (rulebook §Tests), before they happen, so a card can change them
    v.trigger("when", "{tester} check(s) a stat", "test_stat", Window.BEFORE)
    v.trigger("when", "{tester} roll(s) for a test", "test_roll", Window.BEFORE)
    v.trigger("when", "{tester} count(s) initial successes", "test_initial", Window.BEFORE)
    v.trigger("when", "{tester} count(s) final successes", "test_final", Window.BEFORE)
    v.trigger("when", "{tester} apply/applies successes", "test_resolved", Window.BEFORE)
    v.trigger("when", "{defender} make(s) a defence test", "test_defence")
    v.verb("deal {amount:int} wound(s) to {target:character}", _deal, bounds=_n("wounds"))
    v.verb("remove {amount:int} wound(s) from {target:character}", _heal, bounds=_n("wounds"))
    v.verb("give {target:character} {token:token}", _give)
    v.verb("remove {token:token} from {target:character}", _remove)
    v.verb(
        "gain {amount:int} mana",
        lambda ctx, n: gain_mana(_engine(ctx), _bearer(ctx), n),
        bounds=_n("mana"),
    )
    v.verb("add {amount:int} mana to {target:character}", _add_mana, bounds=_n("mana"))
    v.verb("gain {amount:int} ap", _gain_ap, bounds=_n("ap"))
    v.verb("place mark {mark:mark_name}", lambda ctx, m: place_mark(_engine(ctx), _bearer(ctx), m))
    v.verb(
        "score {amount:int} vp",
        _score,
        bounds=_n("vp"),
        places=("glory.mission",),
        doc="victory points come only from knock-outs, objective tokens and the side "
        "missions of glory cards (rulebook §Scoring): write it in a glory card's mission",
    )
    hexes = _n("hexes", "hexes")
    v.verb("push {target:character} {hexes:int} hex/hexes", _move_effect("push"), bounds=hexes)
    v.verb("pull {target:character} {hexes:int} hex/hexes", _move_effect("pull"), bounds=hexes)
    v.verb("teleport {hexes:int} hex/hexes", _move_effect("teleport"), bounds=hexes)
    v.verb("jump {hexes:int} hex/hexes", _move_effect("jump"), bounds=hexes)
    v.verb("charge {target:character}", _move_effect("charge"))
    v.verb(
        "move towards {target:character} {hexes:int} hex/hexes",
        _move_effect("towards"),
        bounds=hexes,
    )
    v.verb("switch places with {target:character}", _move_effect("switch"))
    v.verb("make a free move", _move_effect("free move"))
    v.verb(
        "roll {amount:int} more dice",
        lambda ctx, n: _adjust(ctx, "count", n),
        bounds=_n("test_dice"),
    )
    v.verb(
        "add {amount:int} success/successes",
        lambda ctx, n: _adjust(ctx, "successes", n),
        bounds=_n("successes"),
    )
    v.condition("attacking", lambda ctx: _testing(ctx, "attack"))
    v.condition("defending", lambda ctx: _testing(ctx, "defence"))
    v.condition("attacking with {type:weapon_type}", _attacking_with)
    v.condition("{who:character} is knocked out", _guarded(lambda e, u: is_knocked_out(e, u)))
    v.condition("{who:character} is focused", _guarded(lambda e, u: UnitState(e, u).focus))
    v.condition("{who:character} is engaged", _guarded(lambda e, u: bool(engaged_with(e, u))))
    v.condition("{who:character} has {token:token}", _guarded(has_token))
    for words, (situation, doc) in CONDITIONS.items():
        v.condition(words, situation, doc=doc)
    v.noun("enemy", "enemies", C, _enemies)
    v.noun("ally", "allies", C, _allies)
    v.noun("character", "characters", C, _standing)
    v.filter("within {n:int} inches of {anchor:character}", _within, bounds=_n("reach", "n"))
    v.filter("adjacent to {anchor:character}", _guarded(lambda e, u, a: adjacent(e, u, a)))
    v.filter("engaged with {anchor:character}", _guarded(lambda e, u, a: a in engaged_with(e, u)))
    v.filter("in difficult terrain", _guarded(in_difficult_terrain))
    v.filter("in sight of {anchor:character}", _guarded(lambda e, u, a: in_sight(e, a, u)))
    v.filter("in reach of {anchor:character}", _guarded(lambda e, u, m: in_reach(e, u, m)))
    v.picker("the nearest", _nearest)
    for name, read in _PROPERTIES.items():
        v.property(C, name, "int", _property(read))
    for stat in (*STATS, "speed"):
        v.property(C, stat, "int", _stat(stat))
    target = (Field("target", C), Field("stat", "text"))
    for stat in STATS:
        v.stat(stat, bounds=bounds("health" if stat == "health" else "stat"))
    v.stat("speed", bounds=bounds("speed"))
    v.stat("focused speed", name="focused_speed", bounds=bounds("focused_speed"))
    v.stat("dice", params=target, doc="dice of a test (the tester's)", bounds=bounds("test_dice"))
    v.stat(
        "scope",
        params=target,
        doc="scope changes of a test: +1 = one lower to succeed",
        bounds=bounds("scope"),
    )
    v.stat("free rerolls", name="free_rerolls", params=target, bounds=bounds("successes"))
    v.stat(
        "focus scope",
        name="focus_scope",
        doc="what spending focus adds to a test's scope",
        bounds=bounds("scope"),
    )
    for permit, (words, doc) in PHRASES.items():
        v.permission(words, permit.value, doc=doc)
    v.binding("target", C)
    for context in ("activation", "interruption", "round", "attack", "test"):
        v.context(context)
    v.test_procedure(_test)
    v.choice_procedure(_choose)
    # the same words in the rulebooks' other languages, for rules text (dsl/text)
    for localised in (rules_text_pl.WORDS, rules_text_de.WORDS, rules_text_fr.WORDS):
        v.localise(localised)


_PROPERTIES: dict[str, Callable[[UnitState], int]] = {
    "wounds": lambda unit: unit.wounds,
    "mana": lambda unit: unit.mana,
    "cost": lambda unit: unit.cost,
}
"""The character properties effect text may read (``wounds of target``)."""


def _property(read: Callable[[UnitState], int]) -> Callable[[EffectContext, Any], int]:
    def value(ctx: EffectContext, entity: Any) -> int:
        return 0 if entity is None else read(UnitState(_engine(ctx), str(entity)))

    return value


def _stat(name: str) -> Callable[[EffectContext, Any], int]:
    def read(ctx: EffectContext, entity: Any) -> int:
        return 0 if entity is None else _engine(ctx).query(name, str(entity))

    return read


@cache
def motu_vocabulary() -> Vocabulary:
    """The motu vocabulary on its own (the plugin hook declares the same words)."""
    vocabulary = Vocabulary()
    declare_words(vocabulary)
    return vocabulary


def declare_rules(rules: Ruleset) -> None:
    """Declare every motu event in the ruleset, with the perform steps of wounds."""
    performs = {
        "wounded": perform_wounded,
        "healed": perform_healed,
        "knocked_out": perform_knocked_out,
    }
    for event in events.ALL:
        rules.declare_event(event, performs.get(event.name))
