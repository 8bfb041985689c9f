"""A game's own words in one language, for rules text: the localisation of its vocabulary.

The effect language is written in English words the game declared (its vocabulary); rules
text in another language needs each declaration said in that language. A game gives one
:class:`GameWords` per language (``Vocabulary.localise(lang, words)``), keyed by what it
declared:

- ``triggers``: ``"<form> <template>"`` (``"upon activation"``, ``"when {target} is
  wounded"``) -> the whole trigger (``"podczas aktywacji"``);
- ``verbs``, ``conditions``, ``filters``: the declared template -> the localised one, with
  the same placeholder names (:mod:`hexforge.dsl.text.forms` syntax: ``{target@dat}``,
  ``{amount#ranę|rany|ran}``, ``{who/m|f|n}``; ``{self}`` is the bearer);
- ``nouns``: ``"enemy/enemies"`` -> the noun's forms in the slots the language's structure
  uses (``each``, ``count``, ``all.<case>``, ``a.<case>``, ``one.<case>``, ``the.<case>``);
- ``pickers``: the picker's words -> a template per case, placing ``{noun@...}``;
- ``stats``, ``permissions``, ``properties``, ``contexts``, ``constants``: the declared
  words -> their forms;
- ``names``: a name an effect may use (``target``, ``it``, ``successes``, payload fields,
  ``self`` when the caller gives no bearer) -> its forms;
- ``kinds``: the entity kinds, so a placeholder of a kind is read as a unit or a selection
  and one of a constant set as a constant.

Constants named by content (token names from cards) are added with :meth:`with_constants`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any

from hexforge.dsl.text.forms import Forms


@dataclass(frozen=True, slots=True)
class GameWords:
    """A game's words in one language (see the module docs for each table)."""

    lang: str
    kinds: frozenset[str] = frozenset()
    triggers: Mapping[str, str] = field(default_factory=dict)
    verbs: Mapping[str, str] = field(default_factory=dict)
    conditions: Mapping[str, str] = field(default_factory=dict)
    filters: Mapping[str, str] = field(default_factory=dict)
    nouns: Mapping[str, Forms] = field(default_factory=dict)
    pickers: Mapping[str, Forms] = field(default_factory=dict)
    stats: Mapping[str, Forms] = field(default_factory=dict)
    permissions: Mapping[str, Forms] = field(default_factory=dict)
    properties: Mapping[str, Forms] = field(default_factory=dict)
    contexts: Mapping[str, Forms] = field(default_factory=dict)
    constants: Mapping[str, Forms] = field(default_factory=dict)
    names: Mapping[str, Forms] = field(default_factory=dict)

    def merged(self, other: GameWords) -> GameWords:
        """These words and ``other``'s (an expansion's, given after its game's); an entry of
        both is ``other``'s."""
        tables: dict[str, Any] = {
            name: MappingProxyType({**getattr(self, name), **getattr(other, name)})
            for name in _TABLES
        }
        return replace(self, kinds=self.kinds | other.kinds, **tables)

    def with_constants(self, constants: Mapping[str, Forms]) -> GameWords:
        """These words and ``constants`` (the words of loaded cards, such as token names)."""
        return replace(self, constants=MappingProxyType({**self.constants, **constants}))


_TABLES = tuple(name for name in GameWords.__slots__ if name not in ("lang", "kinds"))
