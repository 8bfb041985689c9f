"""The motu cards of the installed pack, and the ruleset their effects compile into.

Cards are loaded through the same pack compiler ``hexforge validate`` uses (so a card the
validator accepts is exactly what the game plays), then every effect text is compiled
under a stable key (docs/motu.md, "Effect keys"). Both are built once per set of plugins
and travel with the game: a :class:`MotuRuleset` carries its library, so game code reads
the cards of the engine it is handed (:func:`library_of`) - there is no process-wide one.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from hexforge.core.engine import (
    Engine,
    Ruleset,
    context_player_orders,
    prop_base,
    roll_off_ruling,
)
from hexforge.core.engine.diagnostics import did_you_mean, fail
from hexforge.core.errors import Diagnostic, HexforgeError, Severity
from hexforge.core.packs.catalogue import Catalogue
from hexforge.core.packs.compiled import CompiledPack
from hexforge.core.packs.crosscheck import cross_check
from hexforge.core.packs.models import Card
from hexforge.core.packs.validate import compile_packs
from hexforge.core.rules import ONCE_PER_TRIGGER, CompiledEffect, Source, Tier
from hexforge.dsl.api import compile_text
from hexforge.dsl.vocabulary import Vocabulary
from hexforge.plugins.catalogue import catalogue_from_host, vocabulary_for
from hexforge.plugins.hookcalls import report
from hexforge.plugins.manager import PluginHost, PluginSet
from hexforge.plugins.motu import codes
from hexforge.plugins.motu.cards import GAME, Fate, Glory, Item, Skill, Token, Weapon
from hexforge.plugins.motu.cards import Character as CharacterCard

STATS = ("health", "toughness", "mind", "power", "perception", "strength")
FISTS = "motu/fists"
"""The rulebook's fists: a melee attack with base strength, 1 success = 1 wound."""


@dataclass(frozen=True, eq=False, slots=True)
class Library:
    """Every motu card by id, and the rule tier of each kind (equal only to itself, so
    what is derived from a library can be cached by it)."""

    cards: Mapping[str, Card]
    tiers: Mapping[str, Tier]
    rulebook: Tier
    problems: tuple[Diagnostic, ...] = ()
    """Why expansion packs were left out (and plugins whose words failed): the game is
    played without them, and commands show these."""

    def card(self, card_id: str, *kinds: str) -> Card:
        """The card ``card_id`` (of one of ``kinds`` when given); HF757 otherwise."""
        found = self.cards.get(card_id)
        if found is None or (kinds and found.kind not in kinds):
            candidates = [c for c, v in self.cards.items() if not kinds or v.kind in kinds]
            what = " or ".join(kinds) or "card"
            raise fail(
                codes.UNKNOWN_CARD,
                f"no motu {what} '{card_id}'",
                hint=did_you_mean(card_id, candidates) or f"known: {', '.join(candidates[:8])}",
            )
        return found

    def token(self, name: str, *kinds: str) -> Card:
        """A buff, debuff or mark named as effect text writes it ('curse', 'serpent mark')."""
        slug = "-".join(name.lower().split()).replace("_", "-")
        return self.card(slug if "/" in slug else f"{GAME}/{slug}", *(kinds or TOKENS))

    def tier(self, card: Card) -> Tier:
        return self.tiers.get(card.kind, self.rulebook)


TOKENS = ("buff", "debuff", "mark")


@dataclass(slots=True, kw_only=True)
class MotuRuleset(Ruleset):
    """The motu ruleset with the card library its effects were compiled from: an engine
    made with it carries its cards to every rule that needs one."""

    library: Library


def library_of(engine: Engine) -> Library:
    """The cards of the game ``engine`` plays (its ruleset's library)."""
    return engine.rules_as(MotuRuleset).library


def library_for(host: PluginHost) -> Library:
    """Every motu pack of ``host``'s plugins (``--plugins``, ``--no-plugins`` and
    ``--pack`` apply through the host); built once per set of plugins. Why packs were left
    out becomes one of the host's ``problems``, for the command to show."""
    lib = _library(PluginSet.of(host))
    report(list(lib.problems), host.problems)
    return lib


def load_library(host: PluginHost) -> Library:
    """Every motu pack of ``host``'s plugins, as ``hexforge validate`` builds them.

    The shipped pack comes first, then the expansions' packs sorted by id, so the result
    never depends on install order; a card with ``replaces:`` stands in for the card it
    replaces, under that card's id (setups and scenarios naming the original get it). An
    expansion pack that does not validate is left out, with its problems in the library's
    ``problems`` (a broken expansion never stops the base game); HexforgeError when the
    base pack itself does not validate.
    """
    catalogue = catalogue_from_host(host)
    packs, problems = _motu_packs(catalogue)
    cards: dict[str, Card] = {}
    replacing: list[Card] = []
    for pack in packs:
        for entry in pack.cards():
            if entry.card.replaces is None:
                cards[entry.card.id] = entry.card
            else:
                replacing.append(entry.card)
    for card in replacing:
        assert card.replaces is not None
        cards[card.replaces] = card.model_copy(update={"id": card.replaces})
    game = catalogue.game(GAME)
    assert game is not None
    return Library(cards, game.kind_tiers, game.tiers[-1], tuple(problems))


@lru_cache(maxsize=8)
def _library(plugins: PluginSet) -> Library:
    return load_library(plugins.host)


def _motu_packs(catalogue: Catalogue) -> tuple[list[CompiledPack], list[Diagnostic]]:
    """The motu packs that validate, base pack first, and why the others were left out:
    a pack with errors of its own, then (again, until none is left) one that a problem
    between the remaining packs (a missing requirement, a clashing id) names."""
    compiled = compile_packs(list(catalogue.installed_packs), catalogue)
    packs = [p for p in compiled if p.manifest is not None and p.manifest.game == GAME]
    packs.sort(key=lambda p: (p.manifest is None or p.manifest.id != GAME, _pack_id(p)))
    problems = list(catalogue.late_problems)
    while True:
        found = {id(p): _errors(p.all_diagnostics()) for p in packs}
        relations = _errors(cross_check(packs, packs, catalogue))
        for pack in packs:
            found[id(pack)] += [d for d in relations if _in(d, pack)]
        broken = [p for p in packs if found[id(p)]]
        if not broken:
            return packs, problems
        if packs[0] in broken and _pack_id(packs[0]) == GAME:
            raise HexforgeError(*found[id(packs[0])])  # no game without its base pack
        problems += [d for p in broken for d in found[id(p)]]
        packs = [p for p in packs if p not in broken]


def _errors(diagnostics: Iterable[Diagnostic]) -> list[Diagnostic]:
    return [d for d in diagnostics if d.severity is Severity.ERROR]


def _in(diagnostic: Diagnostic, pack: CompiledPack) -> bool:
    """Whether ``diagnostic`` is placed in one of ``pack``'s files (relations name the
    file of the pack that makes the clash or lacks the requirement)."""
    where = diagnostic.span.file if diagnostic.span is not None else None
    return where is not None and Path(where).resolve().is_relative_to(Path(pack.root).resolve())


def _pack_id(pack: CompiledPack) -> str:
    return "" if pack.manifest is None else pack.manifest.id


def motu_vocabulary_loaded(lib: Library, host: PluginHost) -> Vocabulary:
    """The vocabulary effects compile under: every plugin's words for motu (expansions'
    verbs included), with a token word for every buff, debuff and mark card loaded."""
    from hexforge.plugins.motu.vocabulary import add_token_words

    vocabulary = vocabulary_for(host, GAME, [])  # failures: the library's problems
    names = {
        kind: sorted(_word(c) for c in lib.cards.values() if c.kind == kind) for kind in TOKENS
    }
    add_token_words(vocabulary, [*names["buff"], *names["debuff"]])
    add_token_words(vocabulary, names["mark"], marks=True)
    return vocabulary


def _word(card: Card) -> str:
    """The word effect text names a token card by: its id's slug, spaced ('serpent mark')."""
    return card.id.split("/", 1)[1].replace("-", " ")


def skill_key(card_id: str, skill: Skill) -> str:
    return f"{card_id}#{skill.id}"


def effect_texts(card: Card) -> Iterator[tuple[str, str, bool]]:
    """``(key, text, passive)`` of every effect text of ``card``, keyed as docs/motu.md says."""
    if isinstance(card, CharacterCard | Item):
        for skill in card.skills:
            yield skill_key(card.id, skill), skill.effect, not (skill.active or skill.disposable)
    elif isinstance(card, Weapon):
        yield f"{card.id}#attack", card.attack, False
        for index, text in enumerate(card.effects):
            yield f"{card.id}#effect{index}", text, False
    elif isinstance(card, Token):
        for index, text in enumerate(card.effects):
            yield f"{card.id}#effect{index}", text, False
        if card.removed is not None:
            yield f"{card.id}#removed", card.removed, False
    elif isinstance(card, Fate) and card.ability is not None:
        yield f"{card.id}#ability", card.ability, False
    elif isinstance(card, Glory) and card.mission is not None:
        yield f"{card.id}#mission", card.mission, False


def _once_per_trigger(effect: CompiledEffect) -> CompiledEffect:
    """Passive skills resolve once per instance of their timing (rulebook §Skills)."""
    hooks = tuple(
        hook if hook.once_per is not None else dataclasses.replace(hook, once_per=ONCE_PER_TRIGGER)
        for hook in effect.hooks
    )
    return dataclasses.replace(effect, hooks=hooks)


def motu_rules(host: PluginHost) -> MotuRuleset:
    """The ruleset of ``host``'s plugins: events, queries, and every card effect of their
    library, compiled (once per set of plugins, as :func:`library_for`)."""
    rules = _ruleset(PluginSet.of(host))
    report(list(rules.library.problems), host.problems)
    return rules


@lru_cache(maxsize=8)
def _ruleset(plugins: PluginSet) -> MotuRuleset:
    from hexforge.plugins.motu.vocabulary import declare_rules

    lib = _library(plugins)
    rules = MotuRuleset(
        orderer=context_player_orders,
        tie_rule=roll_off_ruling,
        entity_kinds={"character", "mark"},
        library=lib,
    )
    declare_rules(rules)
    for stat in STATS:
        rules.declare_query(stat, prop_base(stat), minimum=0)
    rules.declare_query("speed", prop_base("speed"), minimum=0)
    rules.declare_query("focused_speed", prop_base("focused_speed"), minimum=0)
    rules.declare_query("dice", minimum=0)
    rules.declare_query("scope")
    rules.declare_query("free_rerolls", minimum=0)
    rules.declare_query("focus_scope")
    compile_library(rules, lib, motu_vocabulary_loaded(lib, plugins.host))
    return rules


def compile_library(rules: Ruleset, lib: Library, vocabulary: Vocabulary) -> None:
    for card in lib.cards.values():
        source = Source(card.id, lib.tier(card))
        for key, text, passive in effect_texts(card):
            compiled = compile_text(text, vocabulary, source)
            rules.add_effect(key, _once_per_trigger(compiled) if passive else compiled)
