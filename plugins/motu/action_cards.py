"""The action table of a game: the actions plugins register through the
``hexforge_actions`` hook - the motu plugin's own first, the rulebook's
(:data:`~hexforge.plugins.motu.actions.TABLE`), then expansions' - and those action
cards declare in data.

An action card (:class:`~hexforge.plugins.motu.cards.ActionCard`) becomes an
:class:`~hexforge.plugins.motu.actions.Action` like any other: offered while a character
acts when its ``when`` condition holds and its cost can be paid, paid as the rulebook's
actions are (AP, +1 per repeat in the frame unless the card says otherwise; mana as an
active skill's), targeted as an active skill is (line of sight, range; while interrupting
an enemy target must be the interrupted character: rulebook §Use an Active Skill,
§Interruptions), never in an attack of opportunity (an attack alone: §Attacks of
Opportunity); then its effect resolves for the acting character. Movement its effect
makes goes through the movement effects, which trigger overwatch and attacks of
opportunity as for any other movement.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from hexforge.core.engine import Engine, Frame
from hexforge.core.engine.diagnostics import fail
from hexforge.core.errors import Diagnostic
from hexforge.core.rules import EffectContext, Source
from hexforge.core.scenarios.driver import Args
from hexforge.dsl.api import Condition, compile_condition
from hexforge.dsl.vocabulary import Vocabulary
from hexforge.plugins.hookcalls import each_item
from hexforge.plugins.manager import PluginHost
from hexforge.plugins.motu import codes
from hexforge.plugins.motu.actions import (
    TARGET,
    Action,
    ActionTable,
    Choice,
    Cost,
    Turn,
    optional_text,
)
from hexforge.plugins.motu.attacks import face
from hexforge.plugins.motu.board import on_board
from hexforge.plugins.motu.cards import GAME, ActionCard
from hexforge.plugins.motu.library import Library
from hexforge.plugins.motu.mana import check_mana, mana, spend_mana
from hexforge.plugins.motu.skills import target_problem
from hexforge.plugins.motu.units import check_standing

SECTION = "§Perform Actions"


def action_table(host: PluginHost, lib: Library, vocabulary: Vocabulary) -> ActionTable:
    """Every action of ``host``'s motu game: the plugins' (in plugin order, so the motu
    plugin's rulebook actions first), then the action cards' (by card id). A verb taken
    already is HF771 for the later one, which is left out; a plugin whose hook fails
    (HF603) is left out - both among the table's ``problems``, which commands show."""
    problems: list[Diagnostic] = []
    found: list[Action] = []
    hook = host.manager.hook.hexforge_actions
    registered = [c.result for c in each_item(hook, problems, kind=Action, game=GAME)]
    cards = [c for c in lib.cards.values() if isinstance(c, ActionCard)]
    for action in [*registered, *(card_action(c, lib, vocabulary) for c in sorted(cards, key=_id))]:
        taken = next((a for a in found if a.verb == action.verb), None)
        if taken is None:
            found.append(action)
            continue
        problems.append(
            Diagnostic(
                codes.DUPLICATE_ACTION,
                f"two motu actions are called '{action.verb}' ({taken.doc}; {action.doc}); "
                "the second is left out",
                hint="give the action card another 'word', or rename the registered action",
            )
        )
    return ActionTable(tuple(found), tuple(problems))


def _id(card: ActionCard) -> str:
    return card.id


def card_action(card: ActionCard, lib: Library, vocabulary: Vocabulary) -> Action:
    """The action ``card`` declares (its ``when`` compiled once, here)."""
    source = Source(card.id, lib.tier(card))
    when = None if card.when is None else compile_condition(card.when, vocabulary, source)
    rule = _CardRule(card, source, when)
    return Action(
        rule.verb,
        SECTION,
        Cost.CARD_REPEAT if card.repeat else Cost.CARD,
        f"{card.name.en} ({card.id})",
        rule.options,
        rule.perform,
        (TARGET,) if card.target != "none" else (),
        words=("target",) if card.target != "none" else (),
        ends=card.ends,
    )


@dataclass(frozen=True, slots=True)
class _CardRule:
    """What an action card's options and performance read: the card, its source, its
    compiled ``when``."""

    card: ActionCard
    source: Source
    when: Condition | None

    @property
    def verb(self) -> str:
        return self.card.word or self.card.id.split("/", 1)[1]

    @property
    def key(self) -> str:
        """The counter and flag of the card in an acting frame."""
        return f"action:{self.card.id}"

    def cost(self, frame: Frame) -> int:
        return self.card.cost.ap + (frame.count(self.key) if self.card.repeat else 0)

    def options(self, engine: Engine, unit: str, frame: Frame | None) -> list[Choice]:
        if frame is None or self.frame_problem(engine, unit, frame) is not None:
            return []
        targets: Iterable[str | None] = [None] if self.card.target == "none" else on_board(engine)
        return [
            Choice(self.verb, () if target is None else (target,))
            for target in targets
            if self.target_problem(engine, unit, target) is None
        ]

    def frame_problem(self, engine: Engine, unit: str, frame: Frame) -> str | None:
        """Why the action cannot be taken in ``frame`` whatever its target, or None."""
        if frame.data.get("opportunity"):
            return "an attack of opportunity is an attack alone"
        if frame.kind == "interruption" and not self.card.interruptions:
            return "it is not taken while interrupting"
        if self.card.once and frame.used(self.key):
            return f"it was already taken in this {frame.kind}"
        if self.cost(frame) > frame.ap:
            return f"it costs {self.cost(frame)} AP and {frame.ap} are left"
        if self.card.cost.mana > mana(engine, unit):
            return f"it costs {self.card.cost.mana} mana"
        return None

    def target_problem(self, engine: Engine, unit: str, target: str | None) -> str | None:
        """Why ``target`` (None: no target) does not fit, or the ``when`` that fails."""
        card = self.card
        problem = target_problem(engine, unit, card.target, card.range, target, card.id)
        if problem is not None:
            return problem
        if self.when is None:
            return None
        context = EffectContext(engine, self.source, unit, {"target": target})
        return None if self.when(context) else f"its condition does not hold: {card.when}"

    def perform(self, turn: Turn, args: Args) -> None:
        engine, unit = turn.engine, turn.unit
        check_standing(engine, unit)
        frame = turn.acting()
        target = optional_text(args.get("target"))
        problem = self.frame_problem(engine, unit, frame) or self.target_problem(
            engine, unit, target
        )
        if problem is not None:
            raise fail(codes.NOT_ALLOWED, f"{unit} cannot take '{self.verb}': {problem}")
        check_mana(engine, unit, self.card.cost.mana, self.card.id)
        engine.spend_ap(self.cost(frame), frame)
        spend_mana(engine, unit, self.card.cost.mana, self.card.id)
        frame.bump(self.key)
        frame.mark(self.key)
        if target is not None and target != unit:
            face(engine, unit, target, melee=False)
        engine.emit("action_taken", unit=unit, action=self.card.id, target=target)
        engine.run(f"{self.card.id}#effect", unit, target=target)
