"""Activations and interruptions as the players play them (rulebook §Activate Character,
§Gain Bonuses, §Perform Actions, §End Activation, §Interruptions, §Attacks of
Opportunity, §Disposable Items, §Effect Timing).

Every choice is a Decision whose options are exactly the legal ones, so any agent - a
random one included - can play: ``action`` (what to do next, from the action table of
:mod:`~hexforge.plugins.motu.actions`, ``end`` always legal), ``bonus`` (which bonus of
a played card), ``disposable`` (items used while being interrupted), and those the
actions ask. Cards played in an activation go on the character (prop ``played``), cards
played in an interruption to the discard pile (:mod:`~hexforge.plugins.motu.hands`).
"""

from __future__ import annotations

from hexforge.core.engine import Engine, Frame
from hexforge.core.hexgrid import Direction
from hexforge.plugins.motu.acting import open_activation, open_interruption
from hexforge.plugins.motu.actions import ACTIONS, END, Turn, Verb, actions_of
from hexforge.plugins.motu.basic_actions import move
from hexforge.plugins.motu.battlefield import Location
from hexforge.plugins.motu.board import as_texts
from hexforge.plugins.motu.cards import Fate, Glory
from hexforge.plugins.motu.hands import (
    apply_bonus,
    bonuses,
    discard,
    hand,
    pile,
    play_card,
    take_from_hand,
)
from hexforge.plugins.motu.library import library_of
from hexforge.plugins.motu.state import UnitState
from hexforge.plugins.motu.units import is_knocked_out
from hexforge.plugins.motu.wounds import settle_knockouts

__all__ = [  # the hand's functions are used from here by the round procedure and tests
    "act",
    "activate",
    "apply_bonus",
    "bonuses",
    "discard",
    "hand",
    "interrupt",
    "legal_actions",
    "move_action",
    "perform",
    "pile",
    "play_card",
    "take_from_hand",
]


def legal_actions(engine: Engine, unit: str, frame: Frame) -> list[str]:
    """Every action ``unit`` may take now, as decision options (``end`` first)."""
    return [str(choice) for choice in actions_of(engine).legal_options(engine, unit, frame)]


def perform(engine: Engine, unit: str, frame: Frame, option: str) -> bool:
    """Carry out one chosen option; False when it ends the activation or interruption."""
    table = actions_of(engine)
    if not table.carry_out(Turn(engine, unit, frame, interrupt), table.parse(option)):
        return False
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
    """The move action, interrupted as the turn loop interrupts (effects' free moves)."""
    move(engine, unit, frame, interrupt, focused=focused, free=free, to=to, facing=facing)


def act(engine: Engine, unit: str, frame: Frame) -> None:
    """The action loop of an activation or interruption, until the player ends it, the
    character takes overwatch, or it is knocked out."""
    player = engine.entity(unit).owner or ""
    while not is_knocked_out(engine, unit):
        options = legal_actions(engine, unit, frame)
        choice = str(engine.decide("action", player, options, context={"unit": unit}))
        if not perform(engine, unit, frame, choice):
            return


def activate(engine: Engine, unit: str, card_id: str) -> None:
    """Activate ``unit`` with the revealed card (rulebook §Activate Character to §End
    Activation): the overwatch token goes back, AP and mana from the card, a bonus,
    'upon activation' effects, actions, then the cards go onto the character."""
    frame = begin_activation(engine, unit, card_id)
    character = UnitState(engine, unit)
    act(engine, unit, frame)
    if not is_knocked_out(engine, unit):
        engine.emit("activation_ended", unit=unit)
    played = as_texts(frame.data.get("played"))
    engine.close(frame)
    character.played = played
    character.activated = True
    settle_knockouts(engine)


def begin_activation(engine: Engine, unit: str, card_id: str) -> Frame:
    """Open ``unit``'s activation with the revealed card (rulebook §Activate Character,
    §Resolve Card, §Gain Bonuses): the overwatch token goes back, AP and mana from the
    card, its bonus, 'upon activation' effects. The actions follow (:func:`activate`, or a
    scenario's steps)."""
    card = library_of(engine).card(card_id, "fate", "glory")
    assert isinstance(card, Fate | Glory)
    character = UnitState(engine, unit)
    if character.overwatch:
        character.overwatch = False
    frame = open_activation(engine, unit, ap=card.ap, mana=card.mana)
    frame.data["played"] = [card_id]
    player = engine.entity(unit).owner or ""
    engine.note("activate", player=player, unit=unit, card=card_id)
    bonus = str(engine.decide("bonus", player, bonuses(engine, card_id), context={"card": card_id}))
    apply_bonus(engine, unit, card_id, bonus, frame)
    engine.emit("activated", unit=unit)
    return frame


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
    item, table = ACTIONS[Verb.ITEM], actions_of(engine)
    while options := item.legal(engine, unit, None):
        texts = [str(c) for c in (END, *options)]
        choice = table.parse(str(engine.decide("disposable", player, texts)))
        if choice == END:
            return
        table.carry_out(Turn(engine, unit, None, interrupt), choice)
