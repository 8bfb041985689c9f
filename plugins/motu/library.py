"""The motu cards of the installed pack, and the ruleset their effects compile into.

Cards are loaded through the same pack compiler ``hexforge validate`` uses (so a card the
validator accepts is exactly what the game plays), then every effect text is compiled
under a stable key (docs/motu.md, "Effect keys"). Both are built once per set of plugins
and travel with the game: a :class:`MotuRuleset` carries its library, so game code reads
the cards of the engine it is handed (:func:`library_of`) - there is no process-wide one.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from hexforge.core.engine import (
    Engine,
    Ruleset,
    context_player_orders,
    prop_base,
    roll_off_ruling,
)
from hexforge.core.engine.diagnostics import did_you_mean, fail
from hexforge.core.errors import Diagnostic
from hexforge.core.packs.catalogue import GameContent
from hexforge.core.packs.models import Card
from hexforge.core.packs.words import CardWords, card_words, word_of
from hexforge.core.rules import ONCE_PER_TRIGGER, CompiledEffect, Source, Tier
from hexforge.dsl.api import compile_text
from hexforge.dsl.vocabulary import Vocabulary
from hexforge.plugins.catalogue import vocabulary_for
from hexforge.plugins.hookcalls import report
from hexforge.plugins.manager import PluginHost, PluginSet
from hexforge.plugins.motu import codes
from hexforge.plugins.motu.cards import (
    GAME,
    ActionCard,
    Fate,
    Glory,
    Item,
    Rule,
    Skill,
    Token,
    Weapon,
)
from hexforge.plugins.motu.cards import Character as CharacterCard
from hexforge.plugins.motu.parameters import MotuParameters, read_parameters
from hexforge.plugins.packs_of_game import packs_of_host

if TYPE_CHECKING:
    from hexforge.plugins.motu.actions import ActionTable

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
    words: CardWords = ()
    """The effect-language words the cards name (game.yaml ``words:``: tokens, marks)."""
    named: Mapping[str, str] = field(default_factory=dict)
    """The card each of those words names ('serpent mark' -> 'motu/serpent-mark')."""
    parameters: MotuParameters = field(kw_only=True)
    """The game's numbers (game.yaml ``parameters:``); a game reads them, with its setup's
    changes, through :func:`~hexforge.plugins.motu.parameters.parameters_of`."""

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
        """A buff, debuff or mark named as effect text writes it ('curse', 'serpent mark'),
        whichever pack defines it, or by its id."""
        slug = "-".join(name.lower().split()).replace("_", "-")
        if "/" in slug:
            return self.card(slug, *(kinds or TOKENS))
        return self.card(self.named.get(word_of(slug), f"{GAME}/{slug}"), *(kinds or TOKENS))

    def tier(self, card: Card) -> Tier:
        return self.tiers.get(card.kind, self.rulebook)


TOKENS = ("buff", "debuff", "mark")


@dataclass(slots=True, kw_only=True)
class MotuRuleset(Ruleset):
    """The motu ruleset with the card library its effects were compiled from and the
    action table of its plugins and cards: an engine made with it carries both to every
    rule that needs one."""

    library: Library
    actions: ActionTable


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
    """Every motu pack of ``host``'s plugins, as ``hexforge validate`` builds them
    (:func:`~hexforge.plugins.packs_of_game.packs_of_host`): the shipped pack first, then
    the expansions' by id, ``replaces:`` applied. An expansion pack that does not validate
    is left out, with its problems in the library's ``problems`` (a broken expansion never
    stops the base game); HexforgeError when the base pack, or a pack given with
    ``--pack``, does not validate.
    """
    found = packs_of_host(host, GAME)
    game = found.catalogue.game(GAME)
    assert game is not None
    return library_from(found.cards(), game, found.problems)


def library_from(
    cards: Mapping[str, Card], game: GameContent, problems: tuple[Diagnostic, ...] = ()
) -> Library:
    """The library of ``cards`` (by id, ``replaces:`` applied) of the motu game ``game``
    declares: what a game of these cards plays, and what ``hexforge validate`` checks a
    setup file against (:mod:`hexforge.plugins.motu.files`)."""
    named = [(card.kind, card.id) for card in cards.values()]
    kinds = {kind for kinds in game.word_kinds.values() for kind in kinds}
    by_word: dict[str, str] = {}
    for kind, card_id in named:
        if kind in kinds:
            by_word.setdefault(word_of(card_id), card_id)
    words = card_words(named, game.word_kinds)
    assert game.declaration is not None  # the plugin ships its game.yaml
    parameters = read_parameters(Path(game.declaration))
    return Library(
        cards,
        game.kind_tiers,
        game.tiers[-1],
        problems,
        words,
        by_word,
        parameters=parameters,
    )


@lru_cache(maxsize=8)
def _library(plugins: PluginSet) -> Library:
    return load_library(plugins.host)


def motu_vocabulary_loaded(lib: Library, host: PluginHost) -> Vocabulary:
    """The vocabulary effects compile under: every plugin's words for motu (expansions'
    verbs included), with the card words of the library, as ``hexforge validate`` checks
    them."""
    return vocabulary_for(host, GAME, []).with_words(lib.words)  # failures: lib.problems


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
    elif isinstance(card, ActionCard):
        yield f"{card.id}#effect", card.effect, False
    elif isinstance(card, Rule):
        for index, text in enumerate(card.effects):
            yield f"{card.id}#effect{index}", text, False


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
    report([*rules.library.problems, *rules.actions.problems], host.problems)
    return rules


@lru_cache(maxsize=8)
def _ruleset(plugins: PluginSet) -> MotuRuleset:
    from hexforge.plugins.motu.action_cards import action_table
    from hexforge.plugins.motu.vocabulary import declare_rules

    lib = _library(plugins)
    vocabulary = motu_vocabulary_loaded(lib, plugins.host)
    rules = MotuRuleset(
        orderer=context_player_orders,
        tie_rule=roll_off_ruling,
        entity_kinds={"character", "mark"},
        library=lib,
        actions=action_table(plugins.host, lib, vocabulary),
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
    compile_library(rules, lib, vocabulary)
    return rules


def compile_library(rules: Ruleset, lib: Library, vocabulary: Vocabulary) -> None:
    for card in lib.cards.values():
        source = Source(card.id, lib.tier(card))
        for key, text, passive in effect_texts(card):
            compiled = compile_text(text, vocabulary, source)
            if isinstance(card, Rule):  # the rulebook's own: every character bears it
                rules.add_standing(key, compiled)
            else:
                rules.add_effect(key, _once_per_trigger(compiled) if passive else compiled)
