"""The content models: cards (common fields), pack manifests and game declarations.

Models are pydantic v2 with ``extra="forbid"``, so a misspelt key is an error, not a
silently ignored line. A game plugin defines one :class:`Card` subclass per card kind,
narrowing ``kind`` to a ``Literal`` and adding its own fields; effect texts are typed
:data:`Effect` and references to other cards :data:`CardRef` (or ``Annotated[str,
Ref("weapon")]`` for a reference to one kind), so the validator can check them without
knowing the game. Field docstrings become the JSON Schema descriptions editors show.

Data is validated in pydantic's strict JSON mode: YAML ``"5"`` is text, never the number
5, and ``true`` is never 1, exactly as the exported JSON Schema says.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from enum import StrEnum
from typing import Annotated, Literal

from annotated_types import GroupedMetadata
from pydantic import (
    ConfigDict,
    Field,
    JsonValue,
    StringConstraints,
    field_validator,
    model_validator,
)

from hexforge.core.packs.fielddocs import Documented

Language = Literal["en", "pl", "de", "fr"]
"""Languages of card names and texts; ``en`` is always required."""

SLUG_PATTERN = r"^[a-z0-9]+(-[a-z0-9]+)*$"
ID_PATTERN = r"^[a-z0-9]+(-[a-z0-9]+)*/[a-z0-9]+(-[a-z0-9]+)*$"
REF_PATTERN = r"^([a-z0-9]+(-[a-z0-9]+)*/)?[a-z0-9]+(-[a-z0-9]+)*$"
VERSION_PATTERN = r"^[0-9]+(\.[0-9]+){0,2}$"
WORD_SET_PATTERN = r"^[a-z][a-z0-9_]*$"
VERSION_PART_DIGITS = 9
"""Each number of a version has at most this many digits (0 to 999,999,999)."""

PATTERN_HELP: dict[str, str] = {
    SLUG_PATTERN: "lowercase letters, digits and single hyphens, e.g. 'he-man'",
    ID_PATTERN: "'pack/slug' in lowercase letters, digits and hyphens, e.g. 'motu/he-man'",
    REF_PATTERN: "a card id 'pack/slug', or just 'slug' for a card of the same pack",
    VERSION_PATTERN: "a version like '1.2.0'",
    WORD_SET_PATTERN: "an effect-language type name: lowercase letters, digits, '_'",
}
"""What each pattern means, in words, for error messages."""

Slug = Annotated[str, StringConstraints(pattern=SLUG_PATTERN)]
CardId = Annotated[str, StringConstraints(pattern=ID_PATTERN)]
VersionText = Annotated[str, StringConstraints(pattern=VERSION_PATTERN)]


@dataclass(frozen=True, slots=True)
class EffectText:
    """Marks a text field as effect DSL, checked against the game's vocabulary;
    ``condition``: the field holds one condition (what may follow ``if``), not an effect;
    ``selection``: one selector (what may follow ``for each``); ``runs``: the game runs the
    field's statements as an action, so it must hold one (HF328) - True, or the name of a
    boolean attribute of the model holding the field that says when (a skill that runs only
    when it has a cost)."""

    condition: bool = False
    selection: bool = False
    runs: bool | str = False


@dataclass(frozen=True, slots=True)
class Ref:
    """Marks a text field as a reference to another card, optionally of given kinds."""

    kinds: tuple[str, ...] = ()


Effect = Annotated[
    str,
    EffectText(),
    StringConstraints(min_length=1),
    Field(description="Effect text in the hexforge effect language (see docs/dsl.md)."),
]
Action = Annotated[
    str,
    EffectText(runs=True),
    StringConstraints(min_length=1),
    Field(
        description="Effect text the game runs as an action: it must hold a statement "
        "(see docs/dsl.md)."
    ),
]
Condition = Annotated[
    str,
    EffectText(condition=True),
    StringConstraints(min_length=1),
    Field(description="A condition in the hexforge effect language: what may follow 'if'."),
]
Selection = Annotated[
    str,
    EffectText(selection=True),
    StringConstraints(min_length=1),
    Field(description="A selector in the hexforge effect language: what may follow 'for each'."),
]
CardRef = Annotated[
    str,
    Ref(),
    StringConstraints(pattern=REF_PATTERN),
    Field(description="Another card's id ('pack/slug', or 'slug' within the same pack)."),
]


def card_ref(*kinds: str) -> GroupedMetadata:
    """Metadata for a reference to cards of ``kinds``: ``Annotated[str, card_ref("weapon")]``."""
    return _RefMetadata(Ref(kinds))


def effect_run_when(flag: str) -> GroupedMetadata:
    """Metadata for an effect the game runs as an action only when the model holding it
    says so through its boolean attribute ``flag``: ``Annotated[str,
    effect_run_when("acts")]`` (a skill's effect, run when the skill has a cost)."""
    return _RunWhenMetadata(EffectText(runs=flag))


@dataclass(frozen=True, slots=True)
class _RunWhenMetadata(GroupedMetadata):
    """An :class:`EffectText` that runs when ``flag`` holds, as pydantic metadata."""

    marker: EffectText

    def __iter__(self) -> Iterator[object]:
        yield self.marker
        yield StringConstraints(min_length=1)
        yield Field(
            description="Effect text in the hexforge effect language (see docs/dsl.md); "
            f"run as an action when '{self.marker.runs}' holds, so then it must hold a "
            "statement."
        )


@dataclass(frozen=True, slots=True)
class _RefMetadata(GroupedMetadata):
    """A :class:`Ref` with the reference pattern and a description, as pydantic metadata."""

    ref: Ref

    def __iter__(self) -> Iterator[object]:
        kinds = " or ".join(repr(k) for k in self.ref.kinds) or "any kind"
        yield self.ref
        yield StringConstraints(pattern=REF_PATTERN)
        yield Field(description=f"The id of a card of kind {kinds} ('pack/slug' or 'slug').")


class Provenance(StrEnum):
    """Where a card's data comes from; guesses are never presented as official."""

    RULEBOOK = "rulebook"
    COMMUNITY = "community"
    INVENTED = "invented"


class Localised(Documented):
    """A text in several languages; English is required, the others optional."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    en: Annotated[str, StringConstraints(min_length=1)]
    """English (required)."""
    pl: Annotated[str, StringConstraints(min_length=1)] | None = None
    """Polish."""
    de: Annotated[str, StringConstraints(min_length=1)] | None = None
    """German."""
    fr: Annotated[str, StringConstraints(min_length=1)] | None = None
    """French."""

    def missing(self, languages: tuple[str, ...]) -> list[str]:
        """The languages of ``languages`` this text has no translation for."""
        return [lang for lang in languages if getattr(self, lang, None) is None]


class Card(Documented):
    """The fields every card of every game has; kinds subclass it with their own fields."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: CardId
    """The card's id, 'pack/slug'; the pack part is the id of the pack that holds it."""
    kind: str
    """The card kind, one of the kinds the game declares (e.g. 'weapon')."""
    name: Localised
    """The card's name in each language."""
    text: Localised | None = None
    """The rules text as printed, in each language (the effects say what it does)."""
    provenance: Provenance
    """Where the data comes from: 'rulebook', 'community' (unverified) or 'invented'."""
    tags: list[Slug] = Field(default_factory=list)
    """Free labels for search and filters, e.g. 'heroic-warrior'."""
    replaces: Annotated[str, StringConstraints(pattern=ID_PATTERN)] | None = None
    """The id of a card of another pack that this card overrides, e.g. 'motu/he-man'."""

    @model_validator(mode="after")
    def _tags_are_unique(self) -> Card:
        repeated = sorted({t for t in self.tags if self.tags.count(t) > 1})
        if repeated:
            raise ValueError(f"tag {repeated[0]!r} is listed twice")
        return self


class PackManifest(Documented):
    """``pack.yaml``: what a content pack is, which game it is for and what it needs."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: Slug
    """The pack id; every card id in the pack starts with it ('<id>/<slug>')."""
    name: Localised
    """The pack's name in each language."""
    version: VersionText
    """The pack's version, e.g. '1.0.0'."""
    game: Slug
    """The game the pack is for (a game id from 'hexforge plugins', e.g. 'motu')."""
    requires: dict[str, str] = Field(default_factory=dict)
    """Other packs this one needs, with a version range: {motu: '>=1.0, <2'}."""
    languages: list[Language] = Field(default_factory=lambda: list[Language](["en"]))
    """The languages the pack is translated into; missing translations are warnings."""
    cards: list[str] = Field(default_factory=lambda: ["cards"])
    """Folders (relative to pack.yaml) whose .yaml files hold cards."""
    description: Localised | None = None
    """What the pack holds, in each language."""

    @model_validator(mode="after")
    def _english_is_listed(self) -> PackManifest:
        if "en" not in self.languages:
            raise ValueError("languages must include 'en', which every card has")
        return self

    @field_validator("version")
    @classmethod
    def _version_parts_are_bounded(cls, version: str) -> str:
        if any(len(part) > VERSION_PART_DIGITS for part in version.split(".")):
            raise ValueError(f"each number of a version has at most {VERSION_PART_DIGITS} digits")
        return version


class TierDeclaration(Documented):
    """One level of a game's rule hierarchy and the card kinds whose rules sit on it."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: Slug
    """The tier's name, e.g. 'character'."""
    kinds: list[Slug] = Field(default_factory=list)
    """The card kinds on this tier."""
    description: str | None = None
    """What the tier covers."""


class GameDeclaration(Documented):
    """``game.yaml``: a game's card kinds and rule tiers, declared as data."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    game: Slug
    """The game id, as its plugin declares it."""
    name: str | None = None
    """The game's name (``hexforge plugins`` lists it); a ``GamePlugin`` reads it here."""
    description: str | None = None
    """One line on what the game is."""
    tiers: Annotated[list[TierDeclaration], Field(min_length=1)]
    """The rule hierarchy, highest tier first: a rule of a higher tier overrides lower ones."""
    source: str | None = None
    """Where the hierarchy comes from (e.g. 'rulebook §Rule Hierarchy')."""
    words: dict[
        Annotated[str, StringConstraints(pattern=WORD_SET_PATTERN)],
        Annotated[list[Slug], Field(min_length=1)],
    ] = Field(default_factory=dict)
    """Effect-language constant sets whose words are cards: ``{token: [buff, debuff]}``
    makes every buff and debuff card of every loaded pack a word of the set ``token``,
    spelled as its id's slug with spaces ('motu/serpent-mark' -> 'serpent mark'), so a
    pack adds words without code."""
    parameters: dict[str, JsonValue] = Field(default_factory=dict)
    """The game's numbers (rounds, hand size...): the game plugin checks them with its own
    model (motu: docs/motu.md, "Game parameters")."""

    @model_validator(mode="after")
    def _kinds_in_one_tier(self) -> GameDeclaration:
        seen: dict[str, str] = {}
        for tier in self.tiers:
            for kind in tier.kinds:
                if kind in seen:
                    raise ValueError(f"kind {kind!r} is in tiers {seen[kind]!r} and {tier.id!r}")
                seen[kind] = tier.id
        for name, kinds in self.words.items():
            unknown = [kind for kind in kinds if kind not in seen]
            if unknown:
                raise ValueError(f"words {name!r} names kind {unknown[0]!r}, which no tier lists")
        return self
