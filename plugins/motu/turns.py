"""Activations and interruptions as the players play them: cards, bonuses and actions
(rulebook §Activate Character, §Resolve Card, §Gain Bonuses, §Perform Actions, §Playing
Additional Cards, §End Activation, §Character Actions, §Interruptions, §Attacks of
Opportunity, §Free Actions, §Side Missions, §Disposable Items, §Effect Timing).

Every choice is a Decision whose options are exactly the legal ones, so any agent - a
random one included - can play: ``action`` (what to do next, ``end`` always legal),
``bonus`` (which bonus of a played card), ``move_to``, ``move_facing``, the order of
attacks of opportunity and overwatch interruptions, ``disposable`` (items used while
being interrupted). The hand lives in ``state.data["hands"][player]`` (``fate``,
``glory``); cards played in an activation go on the character (prop ``played``), cards
played in an interruption to the discard pile, completed side missions face up
(``state.data["completed"]``).
"""

from __future__ import annotations

from hexforge.core.engine import Engine, Frame, Json
from hexforge.core.engine.diagnostics import fail
from hexforge.core.hexgrid import Direction
from hexforge.core.rules import Duration
from hexforge.plugins.motu import codes
from hexforge.plugins.motu.acting import action_cost, open_activation, open_interruption
from hexforge.plugins.motu.attacks import attack, legal_targets, usable_weapons
from hexforge.plugins.motu.battlefield import Location
from hexforge.plugins.motu.board import as_texts, on_board
from hexforge.plugins.motu.cards import Fate, Glory, WeaponType
from hexforge.plugins.motu.library import library_of, skill_key
from hexforge.plugins.motu.mana import gain_mana, mana
from hexforge.plugins.motu.moving import check_destination, destinations, move_model
from hexforge.plugins.motu.skills import (
    skill_target_problem,
    skills_of,
    use_item,
    use_skill,
)
from hexforge.plugins.motu.units import is_knocked_out
from hexforge.plugins.motu.wounds import settle_knockouts

END = "end"
NOBODY = "-"


# ---- the hand --------------------------------------------------------------------------


def pile(engine: Engine, name: str, player: str) -> list[str]:
    """A player's pile (``deck``, ``discard``, ``completed``) or hand part (``fate``,
    ``glory``) as a live list in the state."""
    group = "hands" if name in ("fate", "glory") else name
    found = engine.state.data.setdefault(group, {})
    assert isinstance(found, dict)
    if name in ("fate", "glory"):
        hand = found.setdefault(player, {"fate": [], "glory": []})
        assert isinstance(hand, dict)
        cards = hand[name]
    else:
        cards = found.setdefault(player, [])
    assert isinstance(cards, list)
    return cards  # type: ignore[return-value]


def hand(engine: Engine, player: str) -> list[str]:
    """Every card in the player's hand: fate cards, then glory cards."""
    return [*pile(engine, "fate", player), *pile(engine, "glory", player)]


def take_from_hand(engine: Engine, player: str, card_id: str) -> None:
    for part in ("fate", "glory"):
        cards = pile(engine, part, player)
        if card_id in cards:
            cards.remove(card_id)
            return
    raise fail(codes.NOT_IN_HAND, f"{player} has no '{card_id}' in hand")


def bonuses(engine: Engine, card_id: str) -> list[str]:
    """The bonuses a played card offers (rulebook §Gain Bonuses)."""
    card = library_of(engine).card(card_id, "fate", "glory")
    if isinstance(card, Fate):
        return (["ability"] if card.ability is not None else []) + ["mana"]
    assert isinstance(card, Glory)
    return (["mission"] if card.mission is not None else []) + ["ap"]


def apply_bonus(engine: Engine, unit: str, card_id: str, bonus: str, frame: Frame) -> None:
    """One bonus: +1 mana, +1 AP, the fate card's ability or the glory card's side mission
    (in play until the activation or interruption ends)."""
    engine.note("bonus", unit=unit, card=card_id, bonus=bonus)
    if bonus == "mana":
        gain_mana(engine, unit, 1)
    elif bonus == "ap":
        engine.gain_ap(1, frame)
    else:
        key = f"{card_id}#{'ability' if bonus == 'ability' else 'mission'}"
        compiled = engine.ruleset.effect(key)
        if compiled.hooks or compiled.modifiers or compiled.permissions:
            engine.attach(key, unit, duration=Duration(frame.kind))
        if compiled.run is not None:
            engine.run(key, unit)


def play_card(engine: Engine, unit: str, card_id: str, frame: Frame, bonus: str | None) -> None:
    """Play a card from hand for a bonus (the player picks it when ``bonus`` is None)."""
    player = engine.entity(unit).owner or ""
    take_from_hand(engine, player, card_id)
    played = frame.data.setdefault("played", [])
    assert isinstance(played, list)
    played.append(card_id)
    engine.note("played", player=player, unit=unit, card=card_id)
    if bonus is None:
        bonus = str(
            engine.decide("bonus", player, bonuses(engine, card_id), context={"card": card_id})
        )
    apply_bonus(engine, unit, card_id, bonus, frame)


# ---- actions ---------------------------------------------------------------------------


def legal_actions(engine: Engine, unit: str, frame: Frame) -> list[str]:
    """Every action ``unit`` may take now, as decision options (``end`` first)."""
    options = [END]
    if is_knocked_out(engine, unit):
        return options
    opportunity = bool(frame.data.get("opportunity"))
    activation = frame.kind == "activation"
    ap = frame.ap
    focused = bool(engine.prop(unit, "focus"))
    if activation and not focused and action_cost(frame, "focus") <= ap:
        options.append("focus")
    if not opportunity and action_cost(frame, "move") <= ap:
        if destinations(engine, unit, False):
            options.append("move")
        if focused and destinations(engine, unit, True):
            options.append("move focused")
    for weapon in usable_weapons(engine, unit):
        if opportunity and weapon.type is not WeaponType.MELEE:
            continue
        if action_cost(frame, f"attack:{weapon.type.value}") > ap or weapon.mana > mana(
            engine, unit
        ):
            continue
        for target in legal_targets(engine, unit, weapon):
            options.append(f"attack {weapon.id} {target}")
    if not opportunity:
        options += _skill_options(engine, unit, frame)
    if activation and action_cost(frame, "overwatch") <= ap:
        options.append("overwatch")
    player = engine.entity(unit).owner or ""
    for card_id in hand(engine, player):
        options += [f"card {card_id} {bonus}" for bonus in bonuses(engine, card_id)]
    return options


def _skill_options(engine: Engine, unit: str, frame: Frame | None) -> list[str]:
    """``skill ...`` options (costs payable in ``frame``, not used in it yet) and ``item
    ...`` options (disposable items not flipped); only items without a frame."""
    options = []
    used = as_texts(engine.prop(unit, "used_items"))
    for holder, skill in skills_of(engine, unit):
        key = skill_key(holder.id, skill)
        if skill.disposable:
            if holder.id in used:
                continue
            verb = "item"
        elif skill.cost is not None and frame is not None:
            if frame.used(f"skill:{key}") or skill.cost.ap > frame.ap:
                continue
            if skill.cost.mana > mana(engine, unit):
                continue
            verb = "skill"
        else:
            continue
        targets = [None] if skill.target == "none" else on_board(engine)
        for target in targets:
            if skill_target_problem(engine, unit, skill, target) is None:
                options.append(f"{verb} {key} {target or NOBODY}")
    return options


def perform(engine: Engine, unit: str, frame: Frame, choice: str) -> bool:
    """Carry out one chosen action; False when it ends the activation (overwatch)."""
    verb, *rest = choice.split()
    if verb == "focus":
        focus_action(engine, unit, frame)
    elif verb == "move":
        move_action(engine, unit, frame, focused=bool(rest))
    elif verb == "attack":
        attack(engine, unit, rest[0], rest[1])
    elif verb in ("skill", "item"):
        target = None if rest[1] == NOBODY else rest[1]
        (use_skill if verb == "skill" else use_item)(engine, unit, rest[0], target)
    elif verb == "overwatch":
        overwatch_action(engine, unit, frame)
        return False
    elif verb == "card":
        play_card(engine, unit, rest[0], frame, rest[1])
    settle_knockouts(engine)
    return True


def move_action(
    engine: Engine,
    unit: str,
    frame: Frame,
    *,
    focused: bool,
    free: bool = False,
    to: Location | None = None,
    facing: Direction | None = None,
) -> None:
    """The move action (rulebook §Move): AP (none when free, and then later moves do not
    cost more, §Free Actions), the focus token when the focused speed is used (it may be),
    then the move."""
    if focused and not engine.prop(unit, "focus"):
        raise fail(codes.NOT_FOCUSED, f"{unit} is not focused", hint="focus first")
    if frame.data.get("opportunity"):
        raise fail(codes.NOT_ALLOWED, "an attack of opportunity only attacks")
    if to is not None:
        check_destination(engine, unit, focused, to)  # before anything is paid
    if not free:
        engine.spend_ap(action_cost(frame, "move"), frame)
        frame.bump("move")
    if focused:
        engine.set_prop(unit, "focus", False)
        engine.emit("focus_spent", unit=unit, scope=0)
    move_model(engine, unit, focused, interrupt, to=to, facing=facing)


def focus_action(engine: Engine, unit: str, frame: Frame) -> None:
    """The focus action: one focus token, never a second (rulebook §Focus)."""
    if frame.kind != "activation":
        raise fail(codes.NOT_ALLOWED, "an interruption cannot focus", hint="move, attack or skill")
    if engine.prop(unit, "focus"):
        raise fail(codes.NOT_ALLOWED, f"{unit} is already focused")
    engine.spend_ap(action_cost(frame, "focus"), frame)
    frame.bump("focus")
    engine.set_prop(unit, "focus", True)
    engine.note("focus", unit=unit)


def overwatch_action(engine: Engine, unit: str, frame: Frame) -> None:
    """The overwatch action: a token, and the activation ends (rulebook §Overwatch); the
    caller closes the activation."""
    if frame.kind != "activation":
        raise fail(codes.NOT_ALLOWED, "an interruption cannot go on overwatch")
    engine.spend_ap(action_cost(frame, "overwatch"), frame)
    frame.bump("overwatch")
    engine.set_prop(unit, "overwatch", True)
    engine.note("overwatch_taken", unit=unit)


def act(engine: Engine, unit: str, frame: Frame) -> None:
    """The action loop of an activation or interruption, until the player ends it, the
    character takes overwatch, or it is knocked out."""
    player = engine.entity(unit).owner or ""
    while not is_knocked_out(engine, unit):
        options = legal_actions(engine, unit, frame)
        choice = str(engine.decide("action", player, options, context={"unit": unit}))
        if choice == END or not perform(engine, unit, frame, choice):
            return


# ---- activation and interruption -------------------------------------------------------


def activate(engine: Engine, unit: str, card_id: str) -> None:
    """Activate ``unit`` with the revealed card (rulebook §Activate Character to §End
    Activation): the overwatch token goes back, AP and mana from the card, a bonus,
    'upon activation' effects, actions, then the cards go onto the character."""
    card = library_of(engine).card(card_id, "fate", "glory")
    assert isinstance(card, Fate | Glory)
    if engine.prop(unit, "overwatch"):
        engine.set_prop(unit, "overwatch", False)
    frame = open_activation(engine, unit, ap=card.ap, mana=card.mana)
    frame.data["played"] = [card_id]
    player = engine.entity(unit).owner or ""
    engine.note("activate", player=player, unit=unit, card=card_id)
    bonus = str(engine.decide("bonus", player, bonuses(engine, card_id), context={"card": card_id}))
    apply_bonus(engine, unit, card_id, bonus, frame)
    engine.emit("activated", unit=unit)
    act(engine, unit, frame)
    if not is_knocked_out(engine, unit):
        engine.emit("activation_ended", unit=unit)
    played: list[Json] = list(as_texts(frame.data.get("played")))
    engine.close(frame)
    engine.set_prop(unit, "played", played)
    engine.set_prop(unit, "activated", True)
    settle_knockouts(engine)


def interrupt(engine: Engine, unit: str, interrupted: str, opportunity: bool) -> None:
    """An interruption of ``interrupted`` by ``unit`` (1 AP; an attack of opportunity when
    ``opportunity``). The interrupted character may first use disposable items; cards
    played in it are discarded (completed side missions go face up)."""
    frame = open_interruption(engine, unit, interrupted, opportunity=opportunity)
    engine.note("interrupt", unit=unit, interrupted=interrupted, opportunity=opportunity)
    _disposables(engine, interrupted)
    engine.emit("interruption_started", unit=unit, interrupted=interrupted)
    act(engine, unit, frame)
    if not is_knocked_out(engine, unit):
        engine.emit("interruption_ended", unit=unit)
    player = engine.entity(unit).owner or ""
    engine.close(frame)
    for card_id in as_texts(frame.data.get("played")):
        discard(engine, player, card_id)
    settle_knockouts(engine)


def _disposables(engine: Engine, unit: str) -> None:
    """Disposable items the interrupted character uses before the interruption resolves."""
    if is_knocked_out(engine, unit):
        return
    player = engine.entity(unit).owner or ""
    while options := _skill_options(engine, unit, None):
        choice = str(engine.decide("disposable", player, [END, *options]))
        if choice == END:
            return
        _, key, target = choice.split()
        use_item(engine, unit, key, None if target == NOBODY else target)


def discard(engine: Engine, player: str, card_id: str) -> None:
    """A played card leaves play: a glory card whose side mission was completed stays
    face up in the play area, every other card goes to the discard pile."""
    if card_id in pile(engine, "completed", player):
        return
    pile(engine, "discard", player).append(card_id)
