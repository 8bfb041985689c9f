"""French structure words, in the French rulebook's terms: "à l'activation", "à la fin de
l'activation" (§Effect Timing), "test de force contre la résistance" (§Defence Tests),
"5 réussites ou plus" (§Attack), "une fois par activation" (§Active Skills). A colon takes
a space before it, as French typography wants."""

from __future__ import annotations

from hexforge.dsl.ast import ArithOp, CompareOp, LogicOp, TriggerForm
from hexforge.dsl.text.forms import Forms, forms
from hexforge.dsl.text.structure import Structure

_VOWELS = tuple("aeiouàâéèêëîïôûùAEIOUÀÂÉÈÊËÎÏÔÛÙ")


def plural(n: int) -> int:
    """CLDR: 0 and 1 take the singular (0 point, 1 point, 2 points)."""
    return 0 if abs(n) in (0, 1) else 1


def of(words: str) -> str:
    """``de`` before ``words``, elided before a vowel: de He-Man, d'Orko."""
    return f"d'{words}" if words.startswith(_VOWELS) else f"de {words}"


def _proper(name: str) -> Forms:
    return forms(name, dat=f"à {name}", gen=of(name))


STRUCTURE = Structure(
    lang="fr",
    plural=plural,
    heads={
        TriggerForm.UPON: "À",
        TriggerForm.AT_END_OF: "À la fin de",
        TriggerForm.WHEN: "Quand",
    },
    once_per=" (une fois par {context})",
    trigger_context=forms("déclenchement"),
    trigger_if=", si {condition}",
    colon=" : ",
    while_="Tant que {condition}",
    logic={LogicOp.AND: "et", LogicOp.OR: "ou"},
    can="peut {action}",
    cannot="ne peut pas {action}",
    can_who="{who@all.nom} peuvent {action@pl}",
    cannot_who="{who@all.nom} ne peuvent pas {action@pl}",
    set_stat="{stat@def} est de {amount}",
    change_stat="{stat} {amount}",
    aura_stat="{stat@def} {who@all.gen}",
    if_="Si {condition}",
    otherwise="Sinon",
    unless="Sauf si {condition}",
    for_each="Pour {selection@each}",
    choose_one="Choisissez-en un",
    test="Test de {stat}{bonus}{against}",
    against=" contre {stat@def} {unit@gen}",
    row="{n} {n#réussite|réussites}",
    row_or_more="{n} {n#réussite|réussites} ou plus",
    compare={
        CompareOp.EQ: "{left} est {right}",
        CompareOp.NE: "{left} n'est pas {right}",
        CompareOp.LT: "{left} est {left/inférieur|inférieure} à {right}",
        CompareOp.LE: "{left} est d'au plus {right}",
        CompareOp.GT: "{left} est {left/supérieur|supérieure} à {right}",
        CompareOp.GE: "{left} est d'au moins {right}",
    },
    arith={ArithOp.ADD: "+", ArithOp.SUB: "-", ArithOp.MUL: "*"},
    not_="il est faux que {condition}",
    count="le nombre {selection@count}",
    prop="{prop} {owner@gen}",
    is_there="{unit} est {filters}",
    is_not_there="{unit} n'est pas {filters}",
    is_a="{unit} est {noun@a.nom} {filters}",
    serial_comma=False,
    lower_after_colon=True,
    proper=_proper,
    self_default=forms("ce personnage", dat="à ce personnage", gen="de ce personnage"),
)
