"""Words that change with their place in a sentence, and the templates that place them.

A :data:`Forms` maps a slot to words: a case (``nom``, ``gen``, ``dat``, ``acc``, ``ins``)
or any name a language's writer and a game's word table agree on (``each``: what follows
"for each"; ``all.gen``: a plural selection in the genitive; ``a.acc``: an indefinite noun
in the accusative). ``gender`` (``m``, ``f``, ``n``) is not a slot but the grammatical
gender other words agree with. A slot a form lacks is its ``nom``.

Templates (a language's structure words, a game's localised phrases) are text with fields:

- ``{name}``: the argument ``name`` in its ``nom`` form;
- ``{name@slot}``: in the form ``slot``;
- ``{name#one|few|many}``: the plural form that goes with the number ``name`` (the
  language's plural rule picks the index; a number only known in play takes the last form);
- ``{name/m|f|n}``: the word agreeing with the gender of ``name`` (``m`` when it has none).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

Forms = Mapping[str, str]
"""Slot -> words; ``gender`` -> ``m``/``f``/``n``."""

PluralRule = Callable[[int], int]
"""The index of the plural form that goes with a number."""

_SPACES = re.compile(r"(?<=\S)  +(?=\S)")
_FIELD = re.compile(r"\{([a-z_][a-z0-9_]*)(?:@([a-z_.]+)|#([^}]*)|/([^}]*))?\}")


def forms(nom: str, **slots: str) -> Forms:
    """A read-only form table: ``forms("cel", gen="celu", gender="m")``."""
    return MappingProxyType({"nom": nom, **slots})


def form(words: Forms, slot: str = "nom") -> str:
    """``words`` in ``slot``, else in the nominative."""
    found = words.get(slot)
    return found if found is not None else words.get("nom", "")


@dataclass(frozen=True, slots=True)
class Arg:
    """One argument of a template: its forms and, for a number, its value when known."""

    words: Forms
    number: int | None = None
    counted: bool = field(default=False)  # a number, known or not

    @classmethod
    def text(cls, text: str) -> Arg:
        return cls(forms(text))

    @classmethod
    def count(cls, text: str, number: int | None) -> Arg:
        return cls(forms(text), number, counted=True)


def fill(template: str, args: Mapping[str, Arg], plural: PluralRule) -> str:
    """``template`` with each field replaced by its argument's words."""

    def field_of(match: re.Match[str]) -> str:
        name, slot, counted, gendered = match.groups()
        arg = args.get(name)
        if arg is None:
            return match.group(0)
        if counted is not None:
            choices = counted.split("|")
            index = len(choices) - 1 if arg.number is None else plural(arg.number)
            return choices[min(index, len(choices) - 1)]
        if gendered is not None:
            choices = gendered.split("|")
            index = "mfn".find(arg.words.get("gender", "m"))
            return choices[min(max(index, 0), len(choices) - 1)]
        return form(arg.words, slot or "nom")

    return _SPACES.sub(" ", _FIELD.sub(field_of, template))


def fields(template: str) -> set[str]:
    """The argument names a template uses."""
    return {match.group(1) for match in _FIELD.finditer(template)}
