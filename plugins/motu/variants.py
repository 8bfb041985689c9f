"""A setup with one card swapped: the variant arm of a balance experiment.

``--set replace=OLD:NEW`` (several pairs separated by commas) plays a setup with every use
of card OLD - in a fate or glory deck, as a character, weapon or item of a force - taken
by card NEW of the same kind; ``OLD:`` (no NEW) leaves it out (a character's whole entry).
``hexforge balance ab`` plays the same seeds with and without the swap. ``--set
forces=random:N`` drafts each side's force at random up to N points, seeded by the game,
for ``hexforge balance roster`` (docs/balance.md).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from hexforge.core.engine.diagnostics import fail
from hexforge.core.packs.models import Card
from hexforge.plugins.motu import codes
from hexforge.plugins.motu.cards import Character
from hexforge.plugins.motu.library import Library
from hexforge.plugins.motu.setups import Deck, ForceEntry, GameSetup, full_id


@dataclass(frozen=True, slots=True)
class Swap:
    """Card ``old`` played as card ``new`` (None: left out)."""

    old: str
    new: str | None


def swaps_of(text: str, lib: Library) -> tuple[Swap, ...]:
    """The swaps ``OLD:NEW,...`` names; an unknown card, a NEW of another kind than OLD's,
    or a pair that is not ``OLD:NEW`` is HF776."""
    swaps = []
    for pair in (p.strip() for p in text.split(",")):
        old, colon, new = (part.strip() for part in pair.partition(":"))
        if not colon or not old:
            raise fail(
                codes.BAD_REPLACEMENT,
                f"'{pair}' is not OLD:NEW",
                hint="e.g. --set replace=mighty-blow:rally (or mighty-blow: to leave it out)",
            )
        old_card = lib.card(full_id(old))
        if new:
            lib.card(full_id(new), old_card.kind)
        swaps.append(Swap(full_id(old), full_id(new) if new else None))
    return tuple(swaps)


def swapped(setup: GameSetup, swaps: tuple[Swap, ...], lib: Library) -> GameSetup:
    """``setup`` with the swaps made; HF776 for a card the setup does not use, a NEW card
    the holding side could not field (another faction's character, a deck card without
    the side's tag), or a deck card left out (a deck holds a fixed number, rulebook
    §Preparation Phase)."""
    for swap in swaps:
        sides = holders(setup, swap.old, lib)
        if not sides:
            raise fail(
                codes.BAD_REPLACEMENT,
                f"setup '{setup.name}' does not use card '{swap.old}'",
                hint="the card to replace must be in a deck or a force of the setup",
            )
        _check_fits(setup, swap, sides, lib)
        setup = replace(
            setup,
            forces={
                side: tuple(e for entry in force if (e := _entry(entry, swap, lib)) is not None)
                for side, force in setup.forces.items()
            },
            decks={
                side: Deck(fate=_cards(deck.fate, swap), glory=_cards(deck.glory, swap))
                for side, deck in setup.decks.items()
            },
        )
    return setup


def _check_fits(setup: GameSetup, swap: Swap, sides: list[str], lib: Library) -> None:
    in_deck = any(swap.old in (*setup.decks[side].fate, *setup.decks[side].glory) for side in sides)
    if swap.new is None:
        if in_deck:
            raise fail(
                codes.BAD_REPLACEMENT,
                f"'{swap.old}' is a deck card: a deck cannot do without it",
                hint=f"name a card to play in its place: {swap.old}:OTHER",
            )
        return
    new = lib.card(swap.new)
    for side in sides:
        faction = getattr(new, "faction", None)
        fits = faction.value == side if faction is not None else True
        if in_deck:
            fits = side in getattr(new, "tags", ())
        if not fits:
            raise fail(
                codes.BAD_REPLACEMENT,
                f"{side} cannot field '{swap.new}' in place of '{swap.old}'",
                hint=f"replace it with a card of the {side}",
            )


def holders(setup: GameSetup, card: str, lib: Library) -> list[str]:
    """The sides whose force (characters, their weapons and items, the characters' own
    when the setup lists none) or decks use ``card``."""
    sides = {side for side, deck in setup.decks.items() if card in (*deck.fate, *deck.glory)}
    for side, force in setup.forces.items():
        if any(card in (e.card, *_gear(e, lib)) for e in force):
            sides.add(side)
    return sorted(sides)


def _gear(entry: ForceEntry, lib: Library) -> tuple[str, ...]:
    """The weapons and items ``entry`` takes into the game (its character's when the setup
    lists none)."""
    character = lib.card(entry.card)
    weapons = entry.weapons if entry.weapons is not None else getattr(character, "weapons", [])
    items = entry.items if entry.items is not None else getattr(character, "items", [])
    return tuple(full_id(c) for c in (*weapons, *items))


def _cards(cards: list[str], swap: Swap) -> list[str]:
    if swap.new is None:
        return [c for c in cards if c != swap.old]
    return [swap.new if c == swap.old else c for c in cards]


def _entry(entry: ForceEntry, swap: Swap, lib: Library) -> ForceEntry | None:
    if entry.card == swap.old:
        return None if swap.new is None else entry.model_copy(update={"card": swap.new})
    character = lib.card(entry.card)
    update = {}
    for what in ("weapons", "items"):
        listed = getattr(entry, what)
        cards = [full_id(c) for c in (getattr(character, what, []) if listed is None else listed)]
        if swap.old in cards:  # the character's own list made explicit, then swapped
            update[what] = _cards(cards, swap)
    return entry.model_copy(update=update)


RANDOM = "random"


def random_points(text: str) -> int:
    """The points of ``--set forces=random:N`` (``random`` alone: 60, about three
    characters, so forces vary from game to game); anything else is HF777."""
    word, colon, points = text.partition(":")
    if word != RANDOM or (colon and not points.isdigit()) or (points and int(points) < 1):
        raise fail(
            codes.BAD_FORCES,
            f"forces '{text}' is not random or random:POINTS",
            hint="e.g. --set forces=random:60 (each side drafts characters up to 60 points)",
        )
    return int(points) if points else RANDOM_POINTS


RANDOM_POINTS = 60


def random_forces(setup: GameSetup, lib: Library, seed: int, points: int) -> GameSetup:
    """``setup`` with each side's force drawn at random from its faction's characters (any
    installed pack's), each with its own equipment, added in a seeded random order while
    the force stays within its budget (rulebook §Scoring counts characters and their
    equipment). Each side's budget is ``points`` give or take a third, drawn per game, so
    the games also tell what a point of force is worth. Units are named after their cards,
    so a record tells who was fielded."""
    rng = random.Random(seed)
    forces = {}
    for side in sorted(setup.forces):
        budget = points + rng.randint(-(points // 3), points // 3)
        roster = sorted(
            (c for c in lib.cards.values() if isinstance(c, Character) and c.faction.value == side),
            key=lambda c: c.id,
        )
        rng.shuffle(roster)
        chosen: list[ForceEntry] = []
        total = 0
        for character in roster:
            cost = force_cost(character, lib)
            if total + cost <= budget:
                total += cost
                slug = character.id.rpartition("/")[2]
                chosen.append(ForceEntry.model_validate({"id": slug, "card": character.id}))
        forces[side] = tuple(chosen)
    return replace(setup, forces=forces)


def force_cost(card: Card, lib: Library) -> int:
    """A character's points with its own equipment (what a random force pays for it)."""
    gear = (*getattr(card, "weapons", ()), *getattr(card, "items", ()))
    cost = int(getattr(card, "cost", 0))
    return cost + sum(int(getattr(lib.card(full_id(g)), "cost", 0)) for g in gear)
