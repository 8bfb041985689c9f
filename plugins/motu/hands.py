"""The cards in a player's hand and what playing one gives (rulebook §Resolve Card, §Gain
Bonuses, §Playing Additional Cards, §Side Missions).

The hand (``fate``, ``glory``) and the piles ``deck``, ``discard`` and ``completed``
(glory cards whose side mission was met, face up) are a player's
(:class:`~hexforge.plugins.motu.state.PlayerState`). Both the turn loop and the action
table play cards, so this sits below them.
"""

from __future__ import annotations

from enum import StrEnum

from hexforge.core.engine import Engine, Frame
from hexforge.core.engine.diagnostics import did_you_mean, fail
from hexforge.core.rules import Duration
from hexforge.plugins.motu import codes
from hexforge.plugins.motu.cards import GAME, Fate, Glory
from hexforge.plugins.motu.library import library_of
from hexforge.plugins.motu.mana import gain_mana
from hexforge.plugins.motu.state import HAND_PARTS, PlayerState


class Bonus(StrEnum):
    """The bonuses of a played card: a fate card's ability or +1 mana, a glory card's
    side mission or +1 AP (rulebook §Gain Bonuses)."""

    ABILITY = "ability"
    MANA = "mana"
    MISSION = "mission"
    AP = "ap"


def card_id(name: str) -> str:
    """A card's id from its id or its slug in the motu pack (``first-blood``), the way
    scenario files name cards."""
    return name if "/" in name else f"{GAME}/{name}"


def pile(engine: Engine, name: str, player: str) -> list[str]:
    """A player's pile (``deck``, ``discard``, ``completed``) or hand part (``fate``,
    ``glory``) as a live list in the state."""
    return PlayerState(engine, player).pile(name)


def hand(engine: Engine, player: str) -> list[str]:
    """Every card in the player's hand: fate cards, then glory cards."""
    return PlayerState(engine, player).hand


def take_from_hand(engine: Engine, player: str, card_id: str) -> None:
    held = PlayerState(engine, player)
    for part in HAND_PARTS:
        cards = held.pile(part)
        if card_id in cards:
            cards.remove(card_id)
            return
    raise fail(codes.NOT_IN_HAND, f"{player} has no '{card_id}' in hand")


def bonuses(engine: Engine, card_id: str) -> list[str]:
    """The bonuses a played card offers, as decision options (rulebook §Gain Bonuses)."""
    card = library_of(engine).card(card_id, "fate", "glory")
    if isinstance(card, Fate):
        offered = ([Bonus.ABILITY] if card.ability is not None else []) + [Bonus.MANA]
    else:
        assert isinstance(card, Glory)
        offered = ([Bonus.MISSION] if card.mission is not None else []) + [Bonus.AP]
    return [b.value for b in offered]


def bonus_of(text: str) -> Bonus:
    """The bonus a text names; HF770 when none does."""
    try:
        return Bonus(text)
    except ValueError:
        raise fail(
            codes.UNKNOWN_BONUS,
            f"a played card has no bonus '{text}'",
            hint=did_you_mean(text, [b.value for b in Bonus]) or "ability, mana, mission or ap",
        ) from None


def apply_bonus(engine: Engine, unit: str, card_id: str, bonus: str, frame: Frame) -> None:
    """One bonus: +1 mana, +1 AP, the fate card's ability or the glory card's side mission
    (in play until the activation or interruption ends)."""
    chosen = bonus_of(bonus)
    engine.note("bonus", unit=unit, card=card_id, bonus=bonus)
    match chosen:
        case Bonus.MANA:
            gain_mana(engine, unit, 1)
        case Bonus.AP:
            engine.gain_ap(1, frame)
        case Bonus.ABILITY | Bonus.MISSION:
            key = f"{card_id}#{chosen.value}"
            compiled = engine.ruleset.effect(key)
            if compiled.hooks or compiled.modifiers or compiled.permissions:
                engine.attach(key, unit, duration=Duration(frame.kind))
            if compiled.run is not None:
                engine.run(key, unit)


def play_card(engine: Engine, unit: str, card_id: str, frame: Frame, bonus: str | None) -> None:
    """Play a card from hand for a bonus (the player picks it when ``bonus`` is None)."""
    if bonus is not None:
        bonus_of(bonus)  # refused before the card leaves the hand
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


def discard(engine: Engine, player: str, card_id: str) -> None:
    """A played card leaves play: a glory card whose side mission was completed stays
    face up in the play area, every other card goes to the discard pile."""
    cards = PlayerState(engine, player)
    if card_id in cards.completed:
        return
    cards.discard.append(card_id)
