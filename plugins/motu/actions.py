"""The actions a character takes while it acts, as one declared table (rulebook §Perform
Actions, §Character Actions, §Free Actions, and each action's own section).

An :class:`Action` says everything about one action: its verb and the words an option
spells after it, its typed parameters (scenario steps take the same ones), the rulebook
section, the cost, what lists its legal options now and what performs it. The turn loop
(:mod:`~hexforge.plugins.motu.turns`) offers :func:`legal_options` and carries out the
chosen one through the table; the scenario driver derives its steps for these actions
from the table and performs them through it; agents read options with :func:`parse`.
Option texts (``attack motu/sword-of-power skeletor``) are recorded in game logs, so
their spelling and their order are part of the replay format.

The table is open: :data:`TABLE` holds the rulebook's actions, and each game's
:class:`ActionTable` (:func:`actions_of`) adds those plugins register through the
``hexforge_actions`` hook and those action cards declare in data
(:mod:`~hexforge.plugins.motu.card_actions`), after the built-in ones in a fixed order.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from hexforge.core.engine import Engine, Frame
from hexforge.core.engine.diagnostics import did_you_mean, fail
from hexforge.core.errors import Diagnostic
from hexforge.core.hexgrid import Direction, Hex
from hexforge.core.scenarios.driver import Args, Kind, Param
from hexforge.plugins.motu import codes
from hexforge.plugins.motu.acting import acting_frame, action_cost
from hexforge.plugins.motu.attacks import attack, legal_targets, usable_weapons
from hexforge.plugins.motu.basic_actions import focus_action, move, overwatch_action
from hexforge.plugins.motu.battlefield import Location
from hexforge.plugins.motu.board import on_board
from hexforge.plugins.motu.cards import WeaponType
from hexforge.plugins.motu.hands import bonuses, card_id, hand, play_card
from hexforge.plugins.motu.library import MotuRuleset, skill_key
from hexforge.plugins.motu.mana import mana
from hexforge.plugins.motu.moving import Interrupt, can_move
from hexforge.plugins.motu.skills import skill_targets, skills_of, use_item, use_skill
from hexforge.plugins.motu.state import UnitState, is_focused
from hexforge.plugins.motu.units import is_knocked_out


class Verb(StrEnum):
    """The first words of the rulebook's actions (an option's verb is any registered
    action's word: these are the ones the game itself defines)."""

    END = "end"
    FOCUS = "focus"
    MOVE = "move"
    ATTACK = "attack"
    SKILL = "skill"
    ITEM = "item"
    OVERWATCH = "overwatch"
    CARD = "card"


class Cost(StrEnum):
    """What an action costs (rulebook §Perform Actions, §Attack, §Use an Active Skill,
    §Free Actions)."""

    NONE = "none"
    REPEAT = "1 AP, +1 per repeat"
    WEAPON_TYPE = "1 AP, +1 per repeat of the weapon type"
    SKILL = "the skill's AP and mana"
    CARD = "the action card's AP and mana"
    CARD_REPEAT = "the action card's AP and mana, +1 AP per repeat"


NOBODY = "-"
"""The word of an optional text left out (a skill without a target)."""


@dataclass(frozen=True, slots=True)
class Choice:
    """One option of the ``action`` decision: a verb and its words, written as the log
    records it (``str(choice)``)."""

    verb: str
    words: tuple[str, ...] = ()

    def __str__(self) -> str:
        return " ".join((self.verb, *self.words))


Lister = Callable[[Engine, str, Frame | None], list[Choice]]
"""The legal choices of ``unit`` now; the frame is None while it is being interrupted."""


@dataclass(frozen=True, slots=True)
class Turn:
    """Who performs an action: the character, its activation or interruption (None for a
    scenario step: looked up when the action needs it) and the interruption procedure a
    move may call (it lives above this table)."""

    engine: Engine
    unit: str
    frame: Frame | None
    interrupt: Interrupt

    def acting(self) -> Frame:
        return self.frame if self.frame is not None else acting_frame(self.engine, self.unit)


Performer = Callable[[Turn, Args], None]


@dataclass(frozen=True, slots=True)
class Action:
    """One action of the table.

    ``params`` are its arguments besides the character, in a scenario step's order;
    ``words`` names those an option spells after the verb (a text, ``-`` when left out;
    a flag, its own name when set, last). Actions whose options are offered together
    share one ``options`` lister, which the turn loop calls once: skills and items stay
    in the order the character holds them. ``ends``: the activation or interruption ends
    after it. ``step``: the ``- do:`` name of its scenario step, when not the verb.
    ``names``: what a game's account calls it, by language (``en`` first; an action
    card's are its card's)."""

    verb: str
    section: str
    cost: Cost
    doc: str
    options: Lister
    perform: Performer
    params: tuple[Param, ...] = ()
    words: tuple[str, ...] = ()
    step: str = ""
    ends: bool = False
    names: Mapping[str, str] = field(default_factory=dict, compare=False)

    @property
    def step_name(self) -> str:
        return self.step or str(self.verb)

    @property
    def word_params(self) -> tuple[Param, ...]:
        by_name = {p.name: p for p in self.params}
        return tuple(by_name[w] for w in self.words)

    @property
    def form(self) -> str:
        """How its options are spelled: ``skill <skill> <target or ->``."""
        shown = [
            f"[{p.name}]" if p.kind is Kind.BOOL else f"<{p.name}{'' if p.required else ' or -'}>"
            for p in self.word_params
        ]
        return " ".join((self.verb, *shown))

    def choice(self, *values: str | bool | None) -> Choice:
        """The option with these word values (a flag by a bool, a text left out by None)."""
        assert len(values) <= len(self.words)
        words: list[str] = []
        for param, value in zip(self.word_params, values, strict=False):
            if param.kind is Kind.BOOL:
                words += [param.name] if value else []
            else:
                words.append(NOBODY if value is None else str(value))
        return Choice(self.verb, tuple(words))

    def args(self, words: tuple[str, ...]) -> dict[str, object]:
        """An option's words as the arguments :attr:`perform` takes."""
        return {
            p.name: True if p.kind is Kind.BOOL else (None if w == NOBODY else w)
            for p, w in zip(self.word_params, words, strict=False)
        }

    def legal(self, engine: Engine, unit: str, frame: Frame | None) -> list[Choice]:
        """This action's legal choices now."""
        return [c for c in self.options(engine, unit, frame) if c.verb == self.verb]

    def fits(self, words: tuple[str, ...]) -> bool:
        params = self.word_params
        if not sum(p.required for p in params) <= len(words) <= len(params):
            return False
        return all(
            p.kind is not Kind.BOOL or w == p.name for p, w in zip(params, words, strict=False)
        )


@dataclass(frozen=True, slots=True)
class ActionTable:
    """The actions of one game, in the order their options are offered: the rulebook's
    (:data:`TABLE`), then those plugins and action cards registered (one verb, one action)."""

    actions: tuple[Action, ...]
    problems: tuple[Diagnostic, ...] = ()
    """Why registered actions were left out (a verb taken twice, a failing plugin)."""
    by_verb: Mapping[str, Action] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "by_verb", {str(a.verb): a for a in self.actions})

    def __getitem__(self, verb: str) -> Action:
        return self.by_verb[verb]

    def parse(self, text: str) -> Choice:
        """The choice an option text spells; HF768 when no action has its verb or its
        words do not fit the action's."""
        verb, *words = text.split() or [""]
        action = self.by_verb.get(verb)
        if action is None:
            known = list(self.by_verb)
            raise fail(
                codes.UNKNOWN_ACTION,
                f"no motu action '{verb}'",
                hint=did_you_mean(verb, known) or f"actions: {', '.join(known)}",
            )
        if not action.fits(tuple(words)):
            raise fail(codes.UNKNOWN_ACTION, f"'{text}' does not fit '{action.form}'")
        return Choice(verb, tuple(words))

    def legal_options(self, engine: Engine, unit: str, frame: Frame) -> list[Choice]:
        """Every action ``unit`` may take now, ``end`` first, in the table's order."""
        if is_knocked_out(engine, unit):
            return [END]
        listers = dict.fromkeys(a.options for a in self.actions)  # shared listers run once
        return [choice for lister in listers for choice in lister(engine, unit, frame)]

    def carry_out(self, turn: Turn, choice: Choice) -> bool:
        """Perform a chosen option; False when it ends the activation or interruption."""
        action = self.by_verb[choice.verb]
        action.perform(turn, action.args(choice.words))
        return not action.ends


def actions_of(engine: Engine) -> ActionTable:
    """The action table of the game ``engine`` plays (its ruleset's)."""
    return engine.rules_as(MotuRuleset).actions


# ---- what each action lists and does ---------------------------------------------------


def _offer_end(engine: Engine, unit: str, frame: Frame | None) -> list[Choice]:
    return [END]


def _offer_focus(engine: Engine, unit: str, frame: Frame | None) -> list[Choice]:
    if frame is None or frame.kind != "activation" or is_focused(engine, unit):
        return []
    return [FOCUS] if action_cost(engine, frame, "focus") <= frame.ap else []


def _offer_move(engine: Engine, unit: str, frame: Frame | None) -> list[Choice]:
    if frame is None or frame.data.get("opportunity"):
        return []
    if action_cost(engine, frame, "move") > frame.ap:
        return []
    found = [MOVE] if can_move(engine, unit, False) else []
    if is_focused(engine, unit) and can_move(engine, unit, True):
        found.append(MOVE_FOCUSED)
    return found


def _offer_attacks(engine: Engine, unit: str, frame: Frame | None) -> list[Choice]:
    """Attacks of opportunity are melee only (rulebook §Attacks of Opportunity)."""
    if frame is None:
        return []
    opportunity = bool(frame.data.get("opportunity"))
    found = []
    for weapon in usable_weapons(engine, unit):
        if opportunity and weapon.type is not WeaponType.MELEE:
            continue
        cost = action_cost(engine, frame, f"attack:{weapon.type.value}")
        if cost > frame.ap or weapon.mana > mana(engine, unit):
            continue
        found += [Choice(Verb.ATTACK, (weapon.id, t)) for t in legal_targets(engine, unit, weapon)]
    return found


def _offer_skills_and_items(engine: Engine, unit: str, frame: Frame | None) -> list[Choice]:
    """Active skills whose cost ``frame`` can pay, not used in it yet, and disposable
    items not flipped (only items without a frame; neither in an attack of opportunity)."""
    if frame is not None and frame.data.get("opportunity"):
        return []
    found = []
    used = UnitState(engine, unit).used_items
    for holder, skill in skills_of(engine, unit):
        key = skill_key(holder.id, skill)
        if skill.disposable:
            if holder.id in used:
                continue
            verb = Verb.ITEM
        elif skill.cost is not None and frame is not None:
            if frame.used(f"skill:{key}") or skill.cost.ap > frame.ap:
                continue
            if skill.cost.mana > mana(engine, unit):
                continue
            verb = Verb.SKILL
        else:
            continue
        targets: list[str | None] = [None] if skill.target == "none" else list(on_board(engine))
        found += [
            Choice(verb, (key, t or NOBODY)) for t in skill_targets(engine, unit, skill, targets)
        ]
    return found


def _offer_overwatch(engine: Engine, unit: str, frame: Frame | None) -> list[Choice]:
    if frame is None or frame.kind != "activation":
        return []
    return [OVERWATCH] if action_cost(engine, frame, "overwatch") <= frame.ap else []


def _offer_cards(engine: Engine, unit: str, frame: Frame | None) -> list[Choice]:
    if frame is None:
        return []
    player = engine.entity(unit).owner or ""
    return [
        Choice(Verb.CARD, (card, bonus))
        for card in hand(engine, player)
        for bonus in bonuses(engine, card)
    ]


def optional_text(value: object) -> str | None:
    """A text argument that may be left out."""
    return None if value is None else str(value)


def _end(turn: Turn, args: Args) -> None:
    """Nothing: whoever runs the activation or interruption closes it."""


def _focus(turn: Turn, args: Args) -> None:
    focus_action(turn.engine, turn.unit, turn.acting())


def _move(turn: Turn, args: Args) -> None:
    to, facing = args.get("to"), args.get("facing")
    move(
        turn.engine,
        turn.unit,
        turn.acting(),
        turn.interrupt,
        focused=bool(args.get("focused")),
        free=bool(args.get("free")),
        to=Location(to, int(args.get("level", 0))) if isinstance(to, Hex) else None,
        facing=None if facing is None else Direction[str(facing)],
    )


def _attack(turn: Turn, args: Args) -> None:
    weapon, target = str(args["weapon"]), str(args["target"])
    attack(turn.engine, turn.unit, weapon, target, free=bool(args.get("free")))


def _skill(turn: Turn, args: Args) -> None:
    use_skill(turn.engine, turn.unit, str(args["skill"]), optional_text(args.get("target")))


def _item(turn: Turn, args: Args) -> None:
    use_item(turn.engine, turn.unit, str(args["item"]), optional_text(args.get("target")))


def _overwatch(turn: Turn, args: Args) -> None:
    overwatch_action(turn.engine, turn.unit, turn.acting())


def _card(turn: Turn, args: Args) -> None:
    card = card_id(str(args["card"]))
    play_card(turn.engine, turn.unit, card, turn.acting(), optional_text(args.get("bonus")))


# ---- the table -------------------------------------------------------------------------

TARGET = Param("target", Kind.TEXT, "the target character", required=False)
TABLE: tuple[Action, ...] = (
    Action(
        Verb.END,
        "§End Activation",
        Cost.NONE,
        "end the unit's activation or interruption",
        _offer_end,
        _end,
        ends=True,
    ),
    Action(Verb.FOCUS, "§Focus", Cost.REPEAT, "the focus action", _offer_focus, _focus),
    Action(
        Verb.MOVE,
        "§Move",
        Cost.REPEAT,
        "the move action; without 'to' the player picks (answers)",
        _offer_move,
        _move,
        (
            Param("to", Kind.HEX, required=False),
            Param("level", Kind.INT, required=False),
            Param("focused", Kind.BOOL, "spend focus for the focused speed", required=False),
            Param("free", Kind.BOOL, "a free move action", required=False),
            Param("facing", Kind.TEXT, choices=tuple(d.name for d in Direction), required=False),
        ),
        words=("focused",),
    ),
    Action(
        Verb.ATTACK,
        "§Attack",
        Cost.WEAPON_TYPE,
        "the attack action with a weapon (id or slug; 'fists')",
        _offer_attacks,
        _attack,
        (
            Param("weapon", Kind.TEXT),
            Param("target", Kind.TEXT),
            Param("free", Kind.BOOL, "a free action", required=False),
        ),
        words=("weapon", "target"),
    ),
    Action(
        Verb.SKILL,
        "§Use an Active Skill",
        Cost.SKILL,
        "use an active skill",
        _offer_skills_and_items,
        _skill,
        (Param("skill", Kind.TEXT), TARGET),
        words=("skill", "target"),
    ),
    Action(
        Verb.ITEM,
        "§Disposable Items",
        Cost.NONE,
        "use a disposable item",
        _offer_skills_and_items,
        _item,
        (Param("item", Kind.TEXT), TARGET),
        words=("item", "target"),
        step="use_item",
    ),
    Action(
        Verb.OVERWATCH,
        "§Overwatch",
        Cost.REPEAT,
        "the overwatch action (the activation ends)",
        _offer_overwatch,
        _overwatch,
        ends=True,
    ),
    Action(
        Verb.CARD,
        "§Playing Additional Cards",
        Cost.NONE,
        "play a card from hand for a bonus (ability, mana, mission, ap)",
        _offer_cards,
        _card,
        (Param("card", Kind.TEXT), Param("bonus", Kind.TEXT, required=False)),
        words=("card", "bonus"),
        step="play_card",
    ),
)
BUILT_IN = ActionTable(TABLE)
"""The rulebook's actions alone (a game's table adds the registered ones)."""
ACTIONS: Mapping[str, Action] = BUILT_IN.by_verb

END = Choice(Verb.END)
FOCUS = Choice(Verb.FOCUS)
MOVE = Choice(Verb.MOVE)
MOVE_FOCUSED = ACTIONS[Verb.MOVE].choice(True)
OVERWATCH = Choice(Verb.OVERWATCH)
