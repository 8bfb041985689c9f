"""Computer agents for motu: a heuristic player that knows what wins the game.

Victory in a first game comes from objective tokens (20 VP each, rulebook §Scoring), from
knocking out enemy characters and from side missions (§Side Missions), so the heuristic
plays every card it can (a pass forfeits the round's actions, §Select Cards), activates the
character with the most to gain, and attacks whenever a legal target exists, picking the
attack with the most expected wounds: the odds come from the test procedure's own rules
(:func:`~hexforge.plugins.motu.dicetest.odds_of`: dice, scope with flank, engaged target,
cover and focus, rerolls, exploding sixes, the defence test; §Tests, §Scope Modifiers) and
the weapon's outcome table. Before an attack that may meet a side mission it holds, it
plays the glory card for its mission (free, §Playing Additional Cards). A fate card gives
its ability rather than a mana when :mod:`.agent_cards` values it higher (§Gain Bonuses),
and the fate cards no ready character needs this round are played for their best bonus
during an activation (issue 25). Otherwise it walks
towards the nearest objective it can claim or the nearest foe; once there, it goes on
overwatch (§Overwatch) when a foe could come into its weapons' range or reach with its
next move, and focuses when none could. Failed dice are rerolled (free and mana rerolls,
§Tests steps 6-7). Decisions it has no opinion about fall back to a seeded random choice
(a function of the seed and the decision number, so replays and undo restarts agree).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, partial

from hexforge.core.engine import Decision, Engine, Json, RandomAgent
from hexforge.core.errors import HexforgeError
from hexforge.core.hexgrid import Hex, distance
from hexforge.core.hexgrid.board import parse_coord
from hexforge.core.hexgrid.coords import direction_to, ring
from hexforge.plugins.motu.acting import current_acting
from hexforge.plugins.motu.actions import (
    ACTIONS,
    END,
    FOCUS,
    MOVE,
    MOVE_FOCUSED,
    OVERWATCH,
    Choice,
    Verb,
    actions_of,
)
from hexforge.plugins.motu.agent_cards import Outlook, bonus_worth, effect_worth
from hexforge.plugins.motu.attacks import legal_targets, scope_changes, usable_weapons, weapon_of
from hexforge.plugins.motu.board import as_int, board_map, distance_inches, hex_of, on_board
from hexforge.plugins.motu.cards import Fate, Glory, Weapon, WeaponType
from hexforge.plugins.motu.dicetest import DONE, net_distribution, odds_of
from hexforge.plugins.motu.hands import Bonus, bonuses, hand
from hexforge.plugins.motu.library import Library, library_of, skill_key
from hexforge.plugins.motu.mana import mana
from hexforge.plugins.motu.rounds import ready
from hexforge.plugins.motu.skills import skills_of
from hexforge.plugins.motu.state import MotuState, PlayerState, UnitState, is_focused
from hexforge.plugins.motu.units import is_knocked_out

PASS = "pass"
_ATTACK_WORD = f"{Verb.ATTACK} "
_MISSION_WORD = f" {Bonus.MISSION.value}"
_ITEM_WORD = f"{Verb.ITEM} "


@cache
def _hex(label: str) -> Hex | None:
    """The hex of a destination label (``'O23'`` or ``'O23^1'`` for a level); labels recur
    in every move decision, so they are read once (issue 24)."""
    try:
        return parse_coord(label.split("^")[0].split("@")[0])
    except HexforgeError:  # a label the heuristic cannot read scores nothing
        return None


def _foes(engine: Engine, player: str) -> list[str]:
    return [
        u
        for u in on_board(engine)
        if engine.entity(u).owner not in (None, player) and not is_knocked_out(engine, u)
    ]


def _objectives(engine: Engine, player: str) -> list[Hex]:
    """Objective hexes still on the board - a token in ``player``'s own deployment zone
    too, which it cannot claim (rulebook §Claim Objective Tokens): no shipped map puts
    one there."""
    return [parse_coord(o) for o in MotuState(engine).objectives]


def goal_distance(engine: Engine, player: str) -> Callable[[Hex], int]:
    """How far a hex is from the nearest objective (claiming needs to be on or next to
    it, rulebook §Claim Objective Tokens) or else the nearest standing foe; the goals are
    read once for all the hexes a decision scores. In motu's API: an agent built on the
    heuristic walks towards the same goals."""
    goals = _objectives(engine, player)
    if goals:
        return partial(_claim_distance, tuple(goals))
    foes = [hex_of(engine, f) for f in _foes(engine, player)]
    return lambda here: min((distance(here, f) for f in foes), default=0)


def _claim_distance(goals: tuple[Hex, ...], here: Hex) -> int:
    """Steps from ``here`` to claiming the nearest of ``goals`` (being next to one is
    enough)."""
    return max(0, min(distance(here, g) for g in goals) - 1)


def label_distance(to_goal: Callable[[Hex], int], label: str) -> int:
    """``to_goal`` of a destination label's hex, 999 for a label the heuristic cannot read."""
    spot = _hex(label)
    return 999 if spot is None else to_goal(spot)


@cache
def _label_claim_distance(goals: tuple[Hex, ...], label: str) -> int:
    """:func:`_claim_distance` of a destination label (999 for one the heuristic cannot
    read): the objectives change seldom and the labels recur, so each pair is scored once
    (issue 24)."""
    return label_distance(partial(_claim_distance, goals), label)


def _card_value(lib: Library, card_id: str) -> float:
    """How much an activation with this card is worth: AP drive moves and attacks, mana
    pays for magic weapons and skills, initiative decides who acts first."""
    try:
        card = lib.card(card_id, "fate", "glory")
    except HexforgeError:  # an unknown card is merely unattractive
        return 0.0
    if isinstance(card, Fate):
        return 3.0 * card.ap + 1.5 * card.mana + 0.2 * card.initiative
    if isinstance(card, Glory):
        return 1.0
    return 0.0


_TEST = re.compile(r"test (\w+) against (\w+)")
_ROW = re.compile(r"(\d+)\+:\s*deal (\d+) wounds? to target")
_DEFAULT_STATS = {
    WeaponType.MELEE: ("strength", "toughness"),
    WeaponType.RANGED: ("perception", "toughness"),
    WeaponType.SPELL: ("power", "mind"),
}
KNOCKOUT_WORTH = 3.0
"""A knock-out is worth this many wounds more: it scores the victim's cost and removes it."""


@dataclass(frozen=True, slots=True)
class AttackForecast:
    """What an attack is expected to do: mean wounds (no more than the target has left),
    the chance it knocks the target out, and the chance of keeping each number of
    successes after the defence test."""

    wounds: float
    knockout: float
    kept: tuple[float, ...]

    def at_least(self, successes: int) -> float:
        return sum(self.kept[successes:])

    @property
    def value(self) -> float:
        return self.wounds + KNOCKOUT_WORTH * self.knockout


@cache
def _test_of(text: str, kind: WeaponType) -> tuple[str, str, tuple[tuple[int, int], ...]]:
    """A weapon's attack test (stat, defence stat) and outcome rows (successes, wounds),
    read from its attack text; the rulebook's stats by weapon type when the text differs."""
    found = _TEST.search(text)
    stat, against = found.groups() if found else _DEFAULT_STATS[kind]
    rows = tuple(sorted((int(n), int(w)) for n, w in _ROW.findall(text)))
    return stat, against, rows


def forecast(engine: Engine, unit: str, weapon: Weapon, target: str) -> AttackForecast:
    """The expected outcome of ``unit`` attacking ``target`` with ``weapon`` now (rulebook
    §Attack, §Tests, §Defence Tests): the attack's odds with the weapon's dice and the
    situational scope, against the target's defence test, through the outcome table."""
    stat, against, rows = _test_of(weapon.attack, weapon.type)
    situations = scope_changes(engine, unit, weapon, target)
    spare = max(0, mana(engine, unit) - weapon.mana)
    free = engine.query("free_rerolls", unit, base=0, stat=stat, target=target)
    attack = odds_of(
        engine,
        unit,
        stat,
        extra_dice=weapon.dice,
        situations=situations,
        target=target,
        rerolls=free + min(5, spare),
    )
    defence = odds_of(engine, target, against)
    kept = net_distribution(attack, defence)
    left = max(1, engine.query("health", target) - UnitState(engine, target).wounds)
    return _outcome(kept, rows, left)


@cache
def _outcome(
    kept: tuple[float, ...], rows: tuple[tuple[int, int], ...], left: int
) -> AttackForecast:
    """The forecast of a distribution of kept successes through the outcome ``rows``
    against a target with ``left`` wounds to go: a pure function of few distinct
    arguments, asked for every attack option (issue 24)."""
    wounds = knockout = 0.0
    for successes, chance in enumerate(kept):
        dealt = max((w for n, w in rows if n <= successes), default=0) if rows else successes
        wounds += chance * min(dealt, left)
        knockout += chance if dealt >= left else 0.0
    return AttackForecast(wounds, knockout, kept)


def _aim(engine: Engine, unit: str, choice: Choice) -> tuple[Weapon, str] | None:
    """The weapon and enemy of an attack option (None for a weapon the query does not
    know, e.g. a borrowed one, or one aimed at allies)."""
    args = ACTIONS[Verb.ATTACK].args(choice.words)
    weapon_id, target = str(args["weapon"]), str(args["target"])
    try:
        weapon = weapon_of(engine, unit, weapon_id)
    except HexforgeError:
        return None
    return None if weapon.targets == "allies" else (weapon, target)


def _attack_forecast(engine: Engine, unit: str, choice: Choice) -> AttackForecast | None:
    """The forecast of an attack option (None when :func:`_aim` finds no enemy)."""
    aimed = _aim(engine, unit, choice)
    return None if aimed is None else forecast(engine, unit, *aimed)


@dataclass(frozen=True, slots=True)
class Mission:
    """A side mission the heuristic can aim for: a knock-out, or an attack keeping at
    least ``successes`` successes (the missions of the shipped glory cards)."""

    card: str
    vp: int
    successes: int | None
    """None: the mission asks for a knock-out."""

    def chance(self, outlook: AttackForecast) -> float:
        if self.successes is None:
            return outlook.knockout
        return outlook.at_least(self.successes)


_MISSION_SUCCESSES = re.compile(r"successes >= (\d+)")


def missions_in_hand(engine: Engine, player: str) -> list[Mission]:
    """The side missions of the glory cards in ``player``'s hand that the heuristic knows
    how to meet (rulebook §Side Missions)."""
    return missions_of(library_of(engine), hand(engine, player))


def missions_of(lib: Library, cards: list[str]) -> list[Mission]:
    """The side missions among ``cards``: a knock-out, or ``successes >= N``."""
    found = []
    for card_id in cards:
        card = lib.cards.get(card_id)
        if isinstance(card, Glory) and card.mission is not None:
            needs = _MISSION_SUCCESSES.search(card.mission)
            if needs is not None:
                found.append(Mission(card_id, card.vp, int(needs.group(1))))
            elif "knocks out" in card.mission:
                found.append(Mission(card_id, card.vp, None))
    return found


MISSION_CHANCE = 0.3
"""Play a side mission before an attack that meets it at least this often (any chance in
the last round: an unplayed glory card scores nothing)."""
LAST_ROUND = 4


@dataclass
class MotuHeuristicAgent:
    """The motu heuristic (``--p1 heuristic``); see the module docstring for its plan."""

    seed: int = 0
    aim: tuple[str, str] | None = None
    """``(character, target)``: that character heads for ``target`` - an objective token's
    hex or an enemy character - rather than for the nearest objective; the search agent's
    strategies (:func:`hexforge.plugins.motu.search_hooks.strategies`). A target claimed or
    knocked out leaves the usual goal."""

    def _aimed(self, engine: Engine, unit: str) -> Callable[[Hex], int] | None:
        """How far a hex is from ``unit``'s aim - from claiming the objective, or from
        standing next to the enemy - or None without one."""
        if self.aim is None or self.aim[0] != unit:
            return None
        target = self.aim[1]
        if target in engine.state.entities and not is_knocked_out(engine, target):
            there = hex_of(engine, target)
            return lambda here: max(0, distance(here, there) - 1)
        spot = _hex(target)
        if spot is not None and target in MotuState(engine).objectives:
            return partial(_claim_distance, (spot,))
        return None

    def choose(self, decision: Decision, engine: Engine) -> Json:
        options = [str(o) for o in decision.options]
        handler = getattr(self, f"_{decision.kind}", None)
        if handler is not None:
            answer = handler(decision, engine, options)
            if answer in options:
                return decision.options[options.index(answer)]
        return RandomAgent(self.seed).choose(decision, engine)

    def _first_player(self, decision: Decision, engine: Engine, options: list[str]) -> str:
        return decision.player

    def _select_card(self, decision: Decision, engine: Engine, options: list[str]) -> str:
        cards = [o for o in options if o != PASS]
        return max(cards, key=partial(_card_value, library_of(engine))) if cards else PASS

    def _activate(self, decision: Decision, engine: Engine, options: list[str]) -> str:
        to_goal = goal_distance(engine, decision.player)
        return min(options, key=lambda u: (self._aimed(engine, u) or to_goal)(hex_of(engine, u)))

    def _bonus(self, decision: Decision, engine: Engine, options: list[str]) -> str:
        """A glory card's side mission when the activated character can meet it now,
        else +1 AP (glory) or +1 mana (fate)."""
        frame = current_acting(engine)
        card = str(decision.context.get("card"))
        if Bonus.MISSION in options and frame is not None and frame.subject is not None:
            mission = next(
                (m for m in missions_of(library_of(engine), [card]) if m.card == card), None
            )
            unit = frame.subject
            outlooks = [_attack_forecast(engine, unit, o) for o in _attack_options(engine, unit)]
            if mission is not None and any(
                o is not None and mission.chance(o) >= MISSION_CHANCE for o in outlooks
            ):
                return Bonus.MISSION.value
        if Bonus.ABILITY in options and frame is not None and frame.subject is not None:
            unit, outlook = frame.subject, _outlook(engine, decision.player, frame.subject)
            mine = partial(bonus_worth, engine, unit, card)
            if mine(Bonus.ABILITY, outlook) > mine(Bonus.MANA, outlook):
                return Bonus.ABILITY.value
        for preferred in (Bonus.AP, Bonus.MANA, Bonus.ABILITY, Bonus.MISSION):
            if preferred in options:
                return preferred.value
        return options[0]

    def _action(self, decision: Decision, engine: Engine, options: list[str]) -> str:
        unit = str(decision.context.get("unit"))
        table = actions_of(engine)
        choices = set(options)  # option texts: only attacks need parsing (issue 24)
        item = _disposable_item(engine, decision.player, unit, options)
        if item is not None:
            return item
        spare = _spare_card(engine, decision.player, unit, choices)
        if spare is not None:
            return spare
        aimed = [
            (c, a)
            for o in options
            if o.startswith(_ATTACK_WORD)
            and (a := _aim(engine, unit, c := table.parse(o))) is not None
        ]
        missions = any(o.endswith(_MISSION_WORD) for o in options)
        if len(aimed) == 1 and not missions:  # nothing to compare: no forecast (issue 24)
            return str(aimed[0][0])
        attacks = [(c, forecast(engine, unit, *a)) for c, a in aimed]
        if attacks:
            best, outlook = max(attacks, key=lambda a: a[1].value)
            mission = self._mission_for(engine, decision.player, outlook, choices)
            return str(best if mission is None else _mission_choice(mission))
        to_goal = self._aimed(engine, unit) or goal_distance(engine, decision.player)
        if to_goal(hex_of(engine, unit)) > 0:
            for move in (MOVE_FOCUSED, MOVE):
                if str(move) in choices:
                    return str(move)
            if str(FOCUS) in choices and not _foes_adjacent(engine, decision.player, unit):
                return str(FOCUS)
        if str(OVERWATCH) in choices and _threatened(engine, decision.player, unit):
            return str(OVERWATCH)
        if str(FOCUS) in choices:
            return str(FOCUS)
        return str(OVERWATCH if str(OVERWATCH) in choices else END)

    def _mission_for(
        self, engine: Engine, player: str, outlook: AttackForecast, choices: set[str]
    ) -> Mission | None:
        """The side mission worth playing before an attack with this outlook: the most
        expected VP among those likely enough (any chance in the last round)."""
        last = MotuState(engine).round >= LAST_ROUND
        playable = [
            m
            for m in missions_in_hand(engine, player)
            if str(_mission_choice(m)) in choices
            and (m.chance(outlook) >= MISSION_CHANCE or (last and m.chance(outlook) > 0))
        ]
        return max(playable, key=lambda m: m.vp * m.chance(outlook), default=None)

    def _reroll(self, decision: Decision, engine: Engine, options: list[str]) -> str:
        """Reroll a failed die while rerolls last (rulebook §Tests steps 6-7)."""
        dice = decision.context.get("dice")
        needed = as_int(decision.context.get("scope"))
        if isinstance(dice, list):
            for position in options:
                if position != DONE and as_int(dice[int(position) - 1]) < needed:
                    return position
        return DONE

    _free_reroll = _reroll
    _mana_reroll = _reroll

    def _move_to(self, decision: Decision, engine: Engine, options: list[str]) -> str:
        aimed = self._aimed(engine, str(decision.context.get("unit")))
        if aimed is not None:
            return min(options, key=partial(label_distance, aimed))
        goals = tuple(_objectives(engine, decision.player))
        if goals:
            return min(options, key=partial(_label_claim_distance, goals))
        return min(options, key=partial(label_distance, goal_distance(engine, decision.player)))

    def _move_facing(self, decision: Decision, engine: Engine, options: list[str]) -> str:
        unit = str(decision.context.get("unit"))
        here = hex_of(engine, unit)
        foes = sorted(
            _foes(engine, decision.player), key=lambda f: distance(here, hex_of(engine, f))
        )
        for foe in foes[:1]:
            there = hex_of(engine, foe)
            step = min(
                (n for n in _neighbours(here)), key=lambda n: distance(n, there), default=None
            )
            direction = None if step is None else direction_to(here, step)
            if direction is not None and direction.name in options:
                return direction.name
        return options[0]

    def _discard(self, decision: Decision, engine: Engine, options: list[str]) -> str:
        return (
            "done"
            if "done" in options
            else min(options, key=partial(_card_value, library_of(engine)))
        )


def _attack_options(engine: Engine, unit: str) -> list[Choice]:
    """An attack for every usable weapon and legal target now, whatever it costs."""
    attack = ACTIONS[Verb.ATTACK]
    return [
        attack.choice(w.id, t)
        for w in usable_weapons(engine, unit)
        for t in legal_targets(engine, unit, w)
    ]


def _spare_card(engine: Engine, player: str, unit: str, choices: set[str]) -> str | None:
    """Play a fate card no ready character needs this round for its best bonus, when that
    is worth anything (§Playing Additional Cards). The preparation phase draws the hand
    back to five, and a deck holds enough for five a round, so a card left over is only
    a choice of cards given up; the best cards by :func:`_card_value` stay for the
    activations to come."""
    fate = PlayerState(engine, player).fate
    keep = len(ready(engine, player))
    if len(fate) <= keep:
        return None
    lib = library_of(engine)
    spare = sorted(fate, key=partial(_card_value, lib), reverse=True)[keep:]
    outlook = _outlook(engine, player, unit)
    best, worth = None, 0.0
    for card in spare:
        for bonus in bonuses(engine, card):
            option = str(ACTIONS[Verb.CARD].choice(card, bonus))
            value = bonus_worth(engine, unit, card, bonus, outlook)
            if option in choices and value > worth:
                best, worth = option, value
    return best


ITEM_WORTH = 0.5
"""Use a disposable item (a free action, once: rulebook §Disposable Items) as soon as its
effect is worth this much - a wound healed, two mana below the cap: waiting cannot make it
worth more, and a mana crystal used with room for one mana would waste the other."""


def _disposable_item(engine: Engine, player: str, unit: str, options: list[str]) -> str | None:
    """The first disposable item offered whose effect, read as a card's ability is
    (:func:`~hexforge.plugins.motu.agent_cards.effect_worth`), is worth ``ITEM_WORTH`` now."""
    offered = [o for o in options if o.startswith(_ITEM_WORD)]
    if not offered:
        return None
    held = {skill_key(h.id, s): s for h, s in skills_of(engine, unit) if s.disposable}
    outlook = _outlook(engine, player, unit)
    table = actions_of(engine)
    for option in offered:
        skill = held.get(table.parse(option).words[0])
        if skill is not None and effect_worth(engine, unit, skill.effect, outlook) >= ITEM_WORTH:
            return option
    return None


def _outlook(engine: Engine, player: str, unit: str) -> Outlook:
    """What ``unit`` faces now, for valuing card bonuses (:mod:`.agent_cards`)."""

    def attack_types() -> frozenset[WeaponType]:
        weapons = usable_weapons(engine, unit)
        return frozenset(w.type for w in weapons if legal_targets(engine, unit, w))

    return Outlook(
        attack_types,
        partial(_threatened, engine, player, unit),
        lambda: goal_distance(engine, player)(hex_of(engine, unit)) > 0,
    )


def _mission_choice(mission: Mission) -> Choice:
    """Playing the mission's glory card for its side mission."""
    return ACTIONS[Verb.CARD].choice(mission.card, Bonus.MISSION.value)


def _threatened(engine: Engine, player: str, unit: str) -> bool:
    """A standing foe could come into ``unit``'s reach with its next move: within a
    ranged weapon's range, or near enough to be engaged with one move of ``unit``
    (the conditions that make overwatch interrupt, rulebook §Overwatch; sight and arcs
    are left to the rules when the foe moves)."""
    hexes = float(board_map(engine).hex_inches)
    weapons = usable_weapons(engine, unit)
    reach = max((float(w.range) for w in weapons if w.range is not None), default=0.0)
    speed = engine.query("focused_speed" if is_focused(engine, unit) else "speed", unit)
    reach = max(reach, (speed + 1) * hexes)
    return any(
        distance_inches(engine, unit, foe) - engine.query("speed", foe) * hexes <= reach
        for foe in _foes(engine, player)
    )


def _foes_adjacent(engine: Engine, player: str, unit: str) -> bool:
    here = hex_of(engine, unit)
    return any(distance(here, hex_of(engine, f)) <= 1 for f in _foes(engine, player))


def _neighbours(here: Hex) -> list[Hex]:
    return ring(here, 1)
