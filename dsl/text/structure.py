"""The structure words of one language: everything rules text says that is no game's word.

A :class:`Structure` holds the templates (:mod:`hexforge.dsl.text.forms` syntax) the writer
puts the game's words into: trigger conditions, ``while``, ``if``/``otherwise``,
``unless``, ``for each``, ``choose one``, tests and their success rows, comparisons,
``can``/``cannot``, modifiers. Each language module (``en``, ``pl``, ``de``, ``fr``)
declares one; a game's own words come from its :class:`~hexforge.dsl.text.words.GameWords`.

Fields the templates receive: ``condition``, ``body``, ``context`` (a ``once per`` context's
forms), ``who`` (a selection's or a unit's forms), ``action`` (a permission's forms),
``stat`` (a stat's forms), ``amount``, ``unit``, ``selection``, ``n`` (a number of
successes), ``left``/``right``, ``owner``/``prop``, ``filters``, ``noun``, ``self`` (the
bearer, in every template).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from hexforge.dsl.ast import ArithOp, CompareOp, LogicOp, TriggerForm
from hexforge.dsl.text.forms import Forms, PluralRule


def capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


@dataclass(frozen=True, slots=True)
class Structure:
    """One language's structure words (the field docs give the English)."""

    lang: str
    plural: PluralRule
    heads: Mapping[TriggerForm, str]
    """A trigger the game's words do not name: ``Upon``, ``At the end of``, ``When``."""
    once_per: str  # " (once per {context})"
    trigger_context: Forms  # the context of ``once per trigger``: "trigger"
    trigger_if: str  # ", if {condition}"
    colon: str  # ": "
    while_: str  # "While {condition}"
    logic: Mapping[LogicOp, str]  # "and", "or"
    can: str  # "can {action}"
    cannot: str  # "cannot {action}"
    can_who: str  # "{who} can {action}"
    cannot_who: str  # "{who} cannot {action}"
    set_stat: str  # "{stat} is {amount}"
    change_stat: str  # "{stat} {amount}" (the amount keeps its sign: +1, -2)
    aura_stat: str  # "{stat} of {who}": a stat of the entities a selection finds
    if_: str  # "If {condition}"
    otherwise: str  # "Otherwise"
    unless: str  # "Unless {condition}"
    for_each: str  # "For each {selection}"
    choose_one: str  # "Choose one"
    test: str  # "Test {stat}{bonus}{against}"
    against: str  # " against {stat} of {unit}"
    row: str  # "{n} {n#success|successes}"
    row_or_more: str  # "{n} or more successes"
    compare: Mapping[CompareOp, str]  # "{left} is at least {right}"
    arith: Mapping[ArithOp, str]  # "+", "-", "*"
    not_: str  # "not {condition}"
    count: str  # "the number of {selection}"
    prop: str  # "{owner}'s {prop}"
    is_there: str  # "{unit} {filters}": a unit where filters say
    is_not_there: str  # "not {unit} {filters}"
    is_a: str  # "{unit} is {noun} {filters}"
    serial_comma: bool  # "a, b, or c" (English) or "a, b or c"
    lower_after_colon: bool  # "Gdy ...: zyskaj 1 manę." (Polish, French), not English, German
    proper: Callable[[str], Forms]
    """A name written as it is (a card's name) in every slot the language's templates use."""
    self_default: Forms  # the bearer when the caller names none: "this character"

    def sentence(self, text: str) -> str:
        """One statement: capitalised, with a full stop."""
        return capitalised(text) + "."

    def join(self, items: list[str], op: LogicOp) -> str:
        word = self.logic[op]
        if len(items) <= 2:
            return f" {word} ".join(items)
        comma = "," if self.serial_comma else ""
        return ", ".join(items[:-1]) + f"{comma} {word} {items[-1]}"
