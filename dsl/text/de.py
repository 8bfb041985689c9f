"""German structure words, in the German rulebook's terms: "bei Aktivierung", "am Ende der
Aktivierung" (§Effect Timing), "Probe ... gegen Zähigkeit" (§Defence Tests), "5 oder mehr
Erfolge" (§Attack), "einmal pro Aktivierung" (§Active Skills: 1x).

A condition always follows a conjunction (falls, solange, außer wenn, wenn), so every
condition template, the game's included, puts its verb last: "solange He-Man angreift".
"""

from __future__ import annotations

from hexforge.dsl.ast import ArithOp, CompareOp, LogicOp, TriggerForm
from hexforge.dsl.text.forms import Forms, forms
from hexforge.dsl.text.structure import Structure


def plural(n: int) -> int:
    return 0 if abs(n) == 1 else 1


def _proper(name: str) -> Forms:
    genitive = f"{name}'" if name.endswith(("s", "x", "z", "ß")) else f"{name}s"
    return forms(name, acc=name, dat=name, gen=genitive, von=f"von {name}")


STRUCTURE = Structure(
    lang="de",
    plural=plural,
    heads={
        TriggerForm.UPON: "Bei",
        TriggerForm.AT_END_OF: "Am Ende von",
        TriggerForm.WHEN: "Wenn",
    },
    once_per=" (einmal pro {context})",
    trigger_context=forms("Auslöser"),
    trigger_if=", falls {condition}",
    colon=": ",
    while_="Solange {condition}",
    logic={LogicOp.AND: "und", LogicOp.OR: "oder"},
    can="kann {action}",
    cannot="kann nicht {action}",
    can_who="{who@all.nom} können {action@pl}",
    cannot_who="{who@all.nom} können nicht {action@pl}",
    set_stat="{stat@def} beträgt {amount}",
    change_stat="{stat} {amount}",
    aura_stat="{stat@def} {who@all.gen}",
    if_="Falls {condition}",
    otherwise="Sonst",
    unless="Außer wenn {condition}",
    for_each="Für {selection@each}",
    choose_one="Wähle eins",
    test="Probe auf {stat}{bonus}{against}",
    against=" gegen {stat} {unit@gen}",
    row="{n} {n#Erfolg|Erfolge}",
    row_or_more="{n} oder mehr Erfolge",
    compare={
        CompareOp.EQ: "{left} {right} ist",
        CompareOp.NE: "{left} nicht {right} ist",
        CompareOp.LT: "{left} kleiner als {right} ist",
        CompareOp.LE: "{left} höchstens {right} ist",
        CompareOp.GT: "{left} größer als {right} ist",
        CompareOp.GE: "{left} mindestens {right} ist",
    },
    arith={ArithOp.ADD: "+", ArithOp.SUB: "-", ArithOp.MUL: "*"},
    not_="nicht zutrifft, dass {condition}",
    count="die Anzahl der {selection@count}",
    prop="{prop} {owner@gen}",
    is_there="{unit} {filters} ist",
    is_not_there="{unit} nicht {filters} ist",
    is_a="{unit} {noun@a.nom} {filters} ist",
    serial_comma=False,
    lower_after_colon=False,
    proper=_proper,
    self_default=forms(
        "dieser Charakter",
        acc="diesen Charakter",
        dat="diesem Charakter",
        gen="dieses Charakters",
        von="von diesem Charakter",
        gender="m",
    ),
)
