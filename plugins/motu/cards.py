"""The motu card kinds (rulebook §Characters, §Attack, §Items, §Buffs and Debuffs, §Marks).

Each kind is a pydantic model registered through ``hexforge_card_kinds``; rules text is
written in the effect language (fields typed :data:`Effect`), so ``hexforge validate``
checks it against the motu vocabulary. Which text runs when is the procedures' business
(docs/motu.md): a weapon's ``attack`` runs as its attack test, its ``effects`` only during
its own attacks, a skill's ``effect`` when it is used (active) or while its bearer is on
the battleground (passive).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields
from enum import StrEnum
from typing import Annotated, Any, Literal

from pydantic import (
    ConfigDict,
    Field,
    StringConstraints,
    ValidationInfo,
    field_validator,
    model_validator,
)
from pydantic_core import PydanticUndefined

from hexforge.core.packs.catalogue import CardKind
from hexforge.core.packs.fielddocs import Documented
from hexforge.core.packs.models import (
    Action,
    Card,
    Condition,
    Effect,
    Localised,
    Slug,
    card_ref,
    effect_run_when,
)
from hexforge.plugins.motu.terms import LANGUAGES, term

GAME = "motu"


class Faction(StrEnum):
    """The two forces (rulebook §Force); also the sides of a scenario."""

    MASTERS = "masters"
    EVIL = "evil"


class WeaponType(StrEnum):
    """Melee, ranged or spell (rulebook §Attack): decides the test and the targeting rules."""

    MELEE = "melee"
    RANGED = "ranged"
    SPELL = "spell"


ATTACK_TESTS: dict[WeaponType, str] = {
    WeaponType.MELEE: "test strength against toughness of target",
    WeaponType.RANGED: "test perception against toughness of target",
    WeaponType.SPELL: "test power against mind of target",
}
"""The attack test of each weapon type (rulebook §Melee Attack, §Ranged Attack, §Spell Attack)."""

STAT_NAMES = ("health", "toughness", "mind", "power", "perception", "strength")

RANGES: Mapping[str, tuple[int, int, str]] = {
    "health": (1, 12, "a character's health"),
    "stat": (0, 10, "toughness, mind, power, perception, strength"),
    "speed": (0, 12, "speed"),
    "focused_speed": (0, 15, "focused speed"),
    "character_cost": (0, 100, "a character's points"),
    "equipment_cost": (0, 50, "a weapon's or item's points"),
    "ap": (0, 5, "action points: a skill's cost, a fate or glory card's, `gain N ap`"),
    "mana": (0, 5, "mana: a skill's or spell's cost, a fate or glory card's, `gain N mana`"),
    "range": (1, 36, "inches: a weapon's, skill's or mark's range"),
    "reach": (0, 36, "inches: a mark's reach, `within N inches of`"),
    "weapon_dice": (-3, 3, "dice a weapon adds to (or takes from) its attack test"),
    "area": (1, 6, "hexes around an area attack's target"),
    "initiative": (1, 12, "a fate or glory card's initiative"),
    "vp": (0, 50, "a glory card's victory points, `score N vp`"),
    "wounds": (0, 12, "`deal N wounds`, `remove N wounds`"),
    "hexes": (0, 12, "`push`, `pull`, `teleport`, `jump`, `move towards` N hexes"),
    "test_dice": (0, 13, "the `dice` of a test, `roll N more dice`"),
    "successes": (0, 13, "`free rerolls`, `add N successes`"),
    "scope": (-5, 5, "`scope`, `focus scope`: changes to the result a die needs"),
}
"""The range of every number motu content holds, (lowest, highest, what): declared once,
read by the card models' fields below and by the effect language's stats and phrases
(``vocabulary.py``), so ``hexforge validate`` reports a number outside its range at its
place - HF206 in a field, HF306 in an effect - and the game never meets one (rulebook
§Characters, §Tests, §Attack, §Mana, §Scoring; docs/content.md lists them)."""


def bounds(name: str) -> tuple[int, int]:
    """The range named ``name`` in :data:`RANGES`, as (lowest, highest)."""
    low, high, _ = RANGES[name]
    return low, high


def _bounded(name: str, default: Any = PydanticUndefined) -> Any:
    """A pydantic field holding a number of the range ``name`` (required without default)."""
    low, high = bounds(name)
    return Field(default, ge=low, le=high)


Targets = Literal["none", "enemy", "ally", "character"]
"""What a skill or an action card targets (rulebook §Targeting and Tests)."""


class _Model(Documented):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Stats(_Model):
    """A character's stats as printed on its card (rulebook §Tests)."""

    health: int = _bounded("health")
    """Wounds that knock the character out."""
    toughness: int = _bounded("stat")
    """Dice of defence tests against physical attacks."""
    mind: int = _bounded("stat")
    """Dice of defence tests against spells and skills."""
    power: int = _bounded("stat")
    """Dice of spell attack tests."""
    perception: int = _bounded("stat")
    """Dice of ranged attack tests."""
    strength: int = _bounded("stat")
    """Dice of melee attack tests."""
    speed: int = _bounded("speed")
    """Movement points of a move action."""
    focused_speed: int = _bounded("focused_speed")
    """Movement points of a move action that spends the focus token."""


class Cost(_Model):
    """The cost of an active skill: AP, mana or both (rulebook §Use an Active Skill)."""

    ap: int = _bounded("ap", 0)
    """Action points."""
    mana: int = _bounded("mana", 0)
    """Mana tokens."""


class Skill(_Model):
    """A skill of a character or an item (rulebook §Skills, §Disposable Items).

    With a ``cost`` it is active (an action, once per activation or interruption); with
    ``disposable`` it is a free single-use action; otherwise it is passive and its
    ``effect`` is in force while the bearer is on the battleground.
    """

    id: Slug
    """The skill's id within its card, e.g. 'master-tactician'."""
    name: Localised
    """The skill's name."""
    cost: Cost | None = None
    """AP and mana to use it; present for active skills only."""
    disposable: bool = False
    """A single-use free action; the item is flipped once used."""
    target: Targets = "none"
    """What it targets: a target needs line of sight and turns the user to face it."""
    range: int | None = _bounded("range", None)
    """Maximum distance in inches to the target or mark hex, if limited."""
    effect: Annotated[str, effect_run_when("acts")]
    """What it does, in the effect language ('target' is bound for targeted skills): the
    statements of an active or disposable skill are run when it is used (so it needs one,
    HF328), a passive skill's rules are in force."""

    @property
    def active(self) -> bool:
        return self.cost is not None

    @property
    def acts(self) -> bool:
        """Used as an action (active or disposable): its effect is run, not kept in force."""
        return self.active or self.disposable

    @model_validator(mode="after")
    def _one_kind(self) -> Skill:
        if self.disposable and self.cost is not None:
            raise ValueError("a disposable skill is a free action: it has no cost")
        return self


class Character(Card):
    """A character card (rulebook §Characters); its equipment is listed by reference."""

    kind: Literal["character"]
    faction: Faction
    """The force it fights for."""
    stats: Stats
    """Its stats."""
    cost: int = _bounded("character_cost")
    """Points (victory points for the opponent when knocked out, rulebook §Health and Wounds)."""
    weapons: list[Annotated[str, card_ref("weapon")]] = Field(default_factory=list)
    """Weapons it is equipped with."""
    items: list[Annotated[str, card_ref("item")]] = Field(default_factory=list)
    """Items it is equipped with."""
    skills: list[Skill] = Field(default_factory=list)
    """Its skills."""
    massive: bool = False
    """A massive model, whose base covers several hexes (rulebook §Massive Models)."""
    base: Literal[2, 3, 7] | None = None
    """How many hexes a massive model's base covers (default 3; the rulebook names no
    shapes, docs/motu-battlefield.md shows them)."""

    @property
    def base_size(self) -> int:
        """The hexes its base covers: 1 for an ordinary model."""
        return (self.base or 3) if self.massive else 1

    @model_validator(mode="after")
    def _base_is_massive(self) -> Character:
        if self.base is not None and not self.massive:
            raise ValueError("only a massive model has a bigger base: add 'massive: true'")
        return self


class Weapon(Card):
    """A weapon card (rulebook §Attack): its type, dice modifier, range and outcome table."""

    kind: Literal["weapon"]
    type: WeaponType
    """melee, ranged or spell."""
    cost: int = _bounded("equipment_cost", 0)
    """Points."""
    dice: int = _bounded("weapon_dice", 0)
    """Dice added to (or taken from) the attack test."""
    range: int | None = _bounded("range", None)
    """Maximum range in inches (ranged and spell weapons)."""
    mana: int = _bounded("mana", 0)
    """Mana spent to cast it (spells, rulebook §Mana Costs)."""
    area: int | None = _bounded("area", None)
    """Blast radius in hexes around the initial target (rulebook §Area Attacks)."""
    targets: Literal["enemies", "allies"] = "enemies"
    """Whom it may target: beneficial spells target allies (rulebook §Targeting Allies)."""
    attack: Action
    """The attack test and its outcome table, e.g. 'test strength against toughness of
    target:' then rows '1+: deal 1 wound to target'."""
    effects: list[Effect] = Field(default_factory=list)
    """Abilities in force only during this weapon's own attacks."""

    @model_validator(mode="after")
    def _fits_type(self) -> Weapon:
        header = " ".join(self.attack.split(":", 1)[0].split())
        expected = ATTACK_TESTS[self.type]
        beneficial = self.type is WeaponType.SPELL and self.targets == "allies"
        if not beneficial and header != expected:
            raise ValueError(
                f"a {self.type.value} weapon's attack must start with '{expected}:' "
                "(rulebook §Attack)"
            )
        if beneficial and not header.startswith("test power"):
            raise ValueError("a beneficial spell's attack must be a power test ('test power:')")
        if self.type is not WeaponType.MELEE and self.range is None:
            raise ValueError(f"a {self.type.value} weapon needs a range in inches")
        if self.type is WeaponType.MELEE and self.range is not None:
            raise ValueError("a melee weapon has no range: it attacks engaged enemies")
        if self.type is not WeaponType.SPELL and self.mana:
            raise ValueError("only spells have a mana cost")
        return self


class Item(Card):
    """An item card: a trinket, shield or armour with skills (rulebook §Items)."""

    kind: Literal["item"]
    type: Literal["trinket", "shield", "armour"]
    """The item type."""
    cost: int = _bounded("equipment_cost", 0)
    """Points; a used disposable item still counts."""
    skills: list[Skill] = Field(min_length=1)
    """Its skills (passive, active or disposable)."""


class Token(Card):
    """Common to buffs, debuffs and marks: rules in force while the token is in play."""

    unique: bool = False
    """A unique token: each force has at most one copy in play (rulebook §Buffs and Debuffs)."""
    effects: list[Effect] = Field(default_factory=list)
    """Rules in force while the token is in play."""
    removed: Action | None = None
    """Statements run when the token is removed (Regeneration, Curse)."""


class Buff(Token):
    """A buff (rulebook §Buffs and Debuffs): at most one per character."""

    kind: Literal["buff"]


class Debuff(Token):
    """A debuff (rulebook §Buffs and Debuffs): at most one per character."""

    kind: Literal["debuff"]


class Mark(Token):
    """A mark token (rulebook §Marks): placed on an empty hex, affects characters near it."""

    kind: Literal["mark"]
    unique: bool = True
    """Marks are always one copy per force."""
    range: int = _bounded("range")
    """How far from the placing character it may be placed, in inches."""
    reach: int = _bounded("reach")
    """How far from the mark a character is affected, in inches ('in reach of self')."""


class Fate(Card):
    """A fate card (rulebook §Select Cards, §Gain Bonuses); played by issue 9's rounds."""

    kind: Literal["fate"]
    initiative: int = _bounded("initiative")
    """Initiative value."""
    ap: int = _bounded("ap")
    """Action points the activated character gains."""
    mana: int = _bounded("mana")
    """Mana the activated character gains."""
    ability: Effect | None = None
    """The bonus ability (instead of one extra mana)."""


class Glory(Card):
    """A glory card with a side mission (rulebook §Side Missions)."""

    kind: Literal["glory"]
    initiative: int = _bounded("initiative")
    """Initiative value."""
    ap: int = _bounded("ap")
    """Action points the activated character gains."""
    mana: int = _bounded("mana")
    """Mana the activated character gains."""
    vp: int = _bounded("vp")
    """Victory points for completing the side mission."""
    mission: Effect | None = None
    """The side mission, in the effect language; its ``score N vp`` gives the card's
    ``vp`` (rulebook §Scoring: a side mission gains the VP on its glory card)."""

    @field_validator("mission")
    @classmethod
    def _scores_its_vp(cls, mission: str | None, info: ValidationInfo) -> str | None:
        vp = info.data.get("vp")
        if mission is None or not isinstance(vp, int):
            return mission
        for amount in scored(mission):
            if amount != vp:
                written = "a computed number" if amount is None else f"{amount} VP"
                raise ValueError(
                    f"the side mission scores {written}, but the card gives {vp} (its 'vp'): "
                    f"write 'score {vp} vp' (rulebook §Scoring)"
                )
        return mission


def scored(effect: str) -> list[int | None]:
    """The amounts of the ``score N vp`` statements of ``effect`` (None where the amount
    is computed, not written); empty when the text does not parse (validate reports it)."""
    from hexforge.core.errors import HexforgeError
    from hexforge.dsl import ast
    from hexforge.dsl.api import parse_text

    try:
        tree = parse_text(effect)
    except HexforgeError:
        return []
    found: list[int | None] = []
    pending: list[object] = [tree]
    while pending:
        node = pending.pop()
        if isinstance(node, ast.Do):
            atoms = node.phrase.atoms
            words = [a.text if isinstance(a, ast.Word) else None for a in atoms]
            if len(atoms) == 3 and words[0] == "score" and words[2] == "vp":
                amount = atoms[1]
                found.append(amount.value if isinstance(amount, ast.Num) else None)
        elif isinstance(node, tuple):
            pending.extend(node)
        elif isinstance(node, ast.Node):
            pending.extend(getattr(node, f.name) for f in fields(node))
    return found


class ActionCard(Card):
    """An action every character may take while it acts, declared in data (rulebook
    §Perform Actions: actions cost AP; §Character Actions). The game offers it beside the
    rulebook's actions, under the card's ``word``; it is paid, targeted and interrupted
    as an active skill is (rulebook §Use an Active Skill, §Interruptions), then its
    ``effect`` resolves for the acting character (``target`` bound when it has one)."""

    kind: Literal["action"]
    word: Slug | None = None
    """The word an option of it starts with (``dig-in``); default: the card id's slug."""
    cost: Cost = Field(default_factory=lambda: Cost(ap=1))
    """What it costs each time; default 1 AP."""
    repeat: bool = True
    """Each repeat in the same activation or interruption costs 1 AP more, as the basic
    actions do (rulebook §Perform Actions); false: always the same cost."""
    once: bool = False
    """At most once per activation or interruption, as an active skill."""
    interruptions: bool = True
    """Also offered while interrupting (never in an attack of opportunity, which is an
    attack alone: rulebook §Attacks of Opportunity)."""
    target: Targets = "none"
    """What it targets: a target needs line of sight and turns the character to face it."""
    range: int | None = _bounded("range", None)
    """Maximum distance in inches to the target, if limited."""
    when: Condition | None = None
    """When it may be taken, a condition on the acting character (``self`` - and
    ``target`` for a targeted action): ``not self is engaged``."""
    effect: Action
    """What it does, in the effect language (run when the action is taken)."""
    ends: bool = False
    """The activation or interruption ends after it (as overwatch ends it)."""


class Rule(Card):
    """A rule of the rulebook written as data (rulebook §Rule Hierarchy: the lowest tier):
    every character bears its ``effects`` all game long, without being attached, so any
    card rule overrides it and an expansion's card may ``replaces:`` it. The situational
    scope changes (§Scope Modifiers, §Interruptions) are such rules."""

    kind: Literal["rule"]
    source: Annotated[str, StringConstraints(pattern=r"^rulebook §\S")]
    """Where the rulebook says it, e.g. 'rulebook §Flank Attacks'."""
    effects: list[Effect] = Field(min_length=1)
    """Modifiers and permissions of the character bearing it, alone or under ``while``
    (``while flanking: scope +1``); a trigger, a statement or a rule reaching others has no
    one to run for."""

    @field_validator("effects")
    @classmethod
    def _continuous(cls, effects: list[str]) -> list[str]:
        for text in effects:
            problem = standing_problem(text)
            if problem is not None:
                raise ValueError(problem)
        return effects


def standing_problem(effect: str) -> str | None:
    """Why ``effect`` cannot be a rule every character bears (None: it can): only its
    own modifiers and permissions, alone or under ``while``. A text that does not parse
    passes here (validate reports it)."""
    from hexforge.core.errors import HexforgeError
    from hexforge.dsl import ast
    from hexforge.dsl.api import parse_text

    try:
        tree = parse_text(effect)
    except HexforgeError:
        return None
    for clause in tree.clauses:
        rules = clause.rules if isinstance(clause, ast.While) else (clause,)
        for rule in rules:
            if not isinstance(rule, ast.ModifierRule | ast.PermissionRule):
                return "a rule holds only modifiers and permissions, no triggers or statements"
            if isinstance(rule, ast.PermissionRule):
                reaching = rule.subject is not None
            else:
                reaching = any(isinstance(a, ast.Word) and a.text == "of" for a in rule.stat.atoms)
            if reaching:
                return "a rule speaks of the character bearing it: no selector reaching others"
    return None


CARD_KINDS: list[CardKind] = [
    CardKind(GAME, kind, model, {lang: term(kind, lang) for lang in LANGUAGES})
    for kind, model in (
        ("character", Character),
        ("weapon", Weapon),
        ("item", Item),
        ("fate", Fate),
        ("glory", Glory),
        ("buff", Buff),
        ("debuff", Debuff),
        ("mark", Mark),
        ("action", ActionCard),
        ("rule", Rule),
    )
]
"""The motu card kinds, each named in the rulebooks' words (plugins/motu/terms.py)."""
