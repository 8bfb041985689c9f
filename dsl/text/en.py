"""English structure words: the rulebook's ``Upon activation:``, ``At the end of
activation:``, ``3 or more successes:``. English writes the game's words as the author
wrote them (the effect language is English), so it needs no game table."""

from __future__ import annotations

from hexforge.dsl.ast import ArithOp, CompareOp, LogicOp, TriggerForm
from hexforge.dsl.text.forms import Forms, forms
from hexforge.dsl.text.structure import Structure


def _proper(name: str) -> Forms:
    return forms(name)


STRUCTURE = Structure(
    lang="en",
    plural=lambda n: 0 if abs(n) == 1 else 1,
    heads={
        TriggerForm.UPON: "Upon",
        TriggerForm.AT_END_OF: "At the end of",
        TriggerForm.WHEN: "When",
    },
    once_per=" (once per {context})",
    trigger_context=forms("trigger"),
    trigger_if=", if {condition}",
    colon=": ",
    while_="While {condition}",
    logic={LogicOp.AND: "and", LogicOp.OR: "or"},
    can="can {action}",
    cannot="cannot {action}",
    can_who="{who} can {action}",
    cannot_who="{who} cannot {action}",
    set_stat="{stat} is {amount}",
    change_stat="{stat} {amount}",
    aura_stat="{stat} of {who}",
    if_="If {condition}",
    otherwise="Otherwise",
    unless="Unless {condition}",
    for_each="For each {selection}",
    choose_one="Choose one",
    test="Test {stat}{bonus}{against}",
    against=" against {stat} of {unit}",
    row="{n} {n#success|successes}",
    row_or_more="{n} or more successes",
    compare={
        CompareOp.EQ: "{left} is {right}",
        CompareOp.NE: "{left} is not {right}",
        CompareOp.LT: "{left} is less than {right}",
        CompareOp.LE: "{left} is at most {right}",
        CompareOp.GT: "{left} is more than {right}",
        CompareOp.GE: "{left} is at least {right}",
    },
    arith={ArithOp.ADD: "+", ArithOp.SUB: "-", ArithOp.MUL: "*"},
    not_="not {condition}",
    count="the number of {selection}",
    prop="{owner}'s {prop}",
    is_there="{unit} {filters}",
    is_not_there="not {unit} {filters}",
    is_a="{unit} is {noun} {filters}",
    serial_comma=True,
    lower_after_colon=False,
    proper=_proper,
    self_default=forms("this character"),
)
