"""Polish structure words, in the Polish rulebook's terms: "podczas aktywacji", "na koniec
aktywacji" (§Effect Timing), "test siły przeciwko wytrzymałości" (§Defence Tests),
"5 lub więcej sukcesów" (§Attack), "raz na aktywację" (§Active Skills)."""

from __future__ import annotations

from hexforge.dsl.ast import ArithOp, CompareOp, LogicOp, TriggerForm
from hexforge.dsl.text.forms import Forms, forms
from hexforge.dsl.text.structure import Structure


def plural(n: int) -> int:
    """CLDR: 1 punkt, 2-4 punkty (not 12-14), 5 punktów."""
    n = abs(n)
    if n == 1:
        return 0
    return 1 if n % 10 in (2, 3, 4) and n % 100 not in (12, 13, 14) else 2


CASES = ("nom", "gen", "dat", "acc", "ins")
"""The cases the Polish structure words and the games' Polish tables use, in this order."""
_THIS = {
    "m": ("ten", "tego", "temu", "tego", "tym"),
    "f": ("ta", "tej", "tej", "tę", "tą"),
    "n": ("to", "tego", "temu", "to", "tym"),
}


def noun(gender: str, singular: tuple[str, ...], plural: tuple[str, ...], each: str) -> Forms:
    """A selector noun's forms from its cases (:data:`CASES` order): ``a.<case>`` and
    ``one.<case>`` singular (Polish has no article), ``all.<case>`` plural, ``this.<case>``
    with "ten/ta/to", ``count`` (plural genitive) and ``each`` (after "dla")."""
    slots = {"each": each, "count": plural[1], "gender": gender}
    for number, words in (("a", singular), ("one", singular), ("all", plural)):
        slots.update({f"{number}.{case}": w for case, w in zip(CASES, words, strict=True)})
    for case, this, word in zip(CASES, _THIS[gender], singular, strict=True):
        slots[f"this.{case}"] = f"{this} {word}"
    return forms(singular[0], **slots)


def unit(gender: str, nom: str, gen: str, dat: str, acc: str, ins: str) -> Forms:
    """A name's forms in each case (``cel``, ``celu``, ``celowi``, ``cel``, ``celem``)."""
    return forms(nom, gen=gen, dat=dat, acc=acc, ins=ins, gender=gender)


def _proper(name: str) -> Forms:
    return forms(name)  # a card's name is not declined: the game's table may do better


STRUCTURE = Structure(
    lang="pl",
    plural=plural,
    heads={
        TriggerForm.UPON: "Podczas",
        TriggerForm.AT_END_OF: "Na koniec",
        TriggerForm.WHEN: "Gdy",
    },
    once_per=" (raz na {context@acc})",
    trigger_context=forms("zdarzenie", acc="zdarzenie", gender="n"),
    trigger_if=", jeśli {condition}",
    colon=": ",
    while_="Dopóki {condition}",
    logic={LogicOp.AND: "i", LogicOp.OR: "lub"},
    can="może {action}",
    cannot="nie może {action}",
    can_who="{who@all.nom} mogą {action@pl}",
    cannot_who="{who@all.nom} nie mogą {action@pl}",
    set_stat="{stat} wynosi {amount}",
    change_stat="{stat} {amount}",
    aura_stat="{stat} {who@all.gen}",
    if_="Jeśli {condition}",
    otherwise="W przeciwnym razie",
    unless="Chyba że {condition}",
    for_each="Dla {selection@each}",
    choose_one="Wybierz jedno",
    test="Test {stat@gen}{bonus}{against}",
    against=" przeciwko {stat@dat} {unit@gen}",
    row="{n} {n#sukces|sukcesy|sukcesów}",
    row_or_more="{n} lub więcej sukcesów",
    compare={
        CompareOp.EQ: "{left} to {right}",
        CompareOp.NE: "{left} to nie {right}",
        CompareOp.LT: "{left} wynosi mniej niż {right}",
        CompareOp.LE: "{left} wynosi co najwyżej {right}",
        CompareOp.GT: "{left} wynosi więcej niż {right}",
        CompareOp.GE: "{left} wynosi co najmniej {right}",
    },
    arith={ArithOp.ADD: "+", ArithOp.SUB: "-", ArithOp.MUL: "*"},
    not_="nie jest tak, że {condition}",
    count="liczba {selection@count}",
    prop="{prop} {owner@gen}",
    is_there="{unit} jest {filters}",
    is_not_there="{unit} nie jest {filters}",
    is_a="{unit} jest {noun@one.ins} {filters}",
    serial_comma=False,
    lower_after_colon=True,
    proper=_proper,
    self_default=forms(
        "ta postać",
        gen="tej postaci",
        dat="tej postaci",
        acc="tę postać",
        ins="tą postacią",
        gender="f",
    ),
)
