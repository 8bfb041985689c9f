"""What each loaded plugin registers, hook by hook: the data of ``hexforge plugins``.

Every hook implementation is called on its own, so a plugin whose hook raises is named
(HF603) and the others are still listed. Vocabularies are built game by game in load
order, as :func:`hexforge.dsl.vocabulary.vocabulary_for` builds them, and the words each
plugin added are told apart by comparing before and after its hook. Two plugins declaring
the same verb, condition, trigger phrase or stat for one game, or the same game, card
kind, runner, renderer, command or agent of one game, are reported (HF605): which one is
used must not depend on install order.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from hexforge.core.errors import Diagnostic
from hexforge.core.packs.filekinds import FileKind
from hexforge.dsl.vocabulary import Vocabulary
from hexforge.plugins.hookcalls import PLUGIN_FAILURES, each_item, hook_failed
from hexforge.plugins.manager import PluginHost
from hexforge.plugins.plugin_codes import REGISTRATION_CONFLICT, CodeDoc


@dataclass(slots=True)
class Registrations:
    """Everything one plugin registered, as names (for listings and JSON)."""

    games: list[str] = field(default_factory=list)
    declarations: list[str] = field(default_factory=list)
    kinds: list[str] = field(default_factory=list)
    packs: list[str] = field(default_factory=list)
    pack_folders: list[Path] = field(default_factory=list)
    verbs: list[str] = field(default_factory=list)
    conditions: list[str] = field(default_factory=list)
    events: list[str] = field(default_factory=list)
    triggers: list[str] = field(default_factory=list)
    nouns: list[str] = field(default_factory=list)
    stats: list[str] = field(default_factory=list)
    procedures: list[str] = field(default_factory=list)
    drivers: list[str] = field(default_factory=list)
    runners: list[str] = field(default_factory=list)
    renderers: list[str] = field(default_factory=list)
    actions: list[str] = field(default_factory=list)
    """Actions of a game's action table (``motu: root-walk``), hook ``hexforge_actions``."""
    agents: list[str] = field(default_factory=list)
    invariants: list[str] = field(default_factory=list)
    files: list[str] = field(default_factory=list)
    """Kinds of files beside the cards (``motu: setup``), hook ``hexforge_file_kinds``."""
    commands: list[str] = field(default_factory=list)
    replaces: list[str] = field(default_factory=list)
    codes: list[str] = field(default_factory=list)
    """The plugin's own diagnostic codes (``HXP001``), hook ``hexforge_diagnostic_codes``."""

    def as_json(self) -> dict[str, list[str]]:
        """Every non-folder field, for ``--format json``."""
        return {
            name: list(getattr(self, name)) for name in self.__slots__ if name != "pack_folders"
        }


@dataclass(slots=True)
class Survey:
    """Per plugin name, its registrations; and the problems found while asking."""

    by_plugin: dict[str, Registrations]
    problems: list[Diagnostic] = field(default_factory=list)


def survey(host: PluginHost) -> Survey:
    """Ask every hook of every loaded plugin what it registers."""
    result = Survey({record.name: Registrations() for record in host.plugins})
    hooks = host.manager.hook

    def each(
        hook: Any,
        store: Callable[[Registrations, Any], None],
        kind: type[Any] = object,
        **arguments: object,
    ) -> None:
        for item in each_item(hook, result.problems, kind=kind, host=host, **arguments):
            store(result.by_plugin.setdefault(item.plugin, Registrations()), item.result)

    each(hooks.hexforge_games, lambda r, g: r.games.append(g.id))
    each(hooks.hexforge_game_declarations, lambda r, p: r.declarations.append(str(p)))
    each(hooks.hexforge_card_kinds, lambda r, k: r.kinds.append(f"{k.game}/{k.kind}"))
    each(hooks.hexforge_content_packs, lambda r, p: r.pack_folders.append(Path(p)))
    each(hooks.hexforge_scenario_drivers, lambda r, d: r.drivers.append(d.game))
    each(hooks.hexforge_game_runners, lambda r, g: r.runners.append(g.game))
    each(hooks.hexforge_renderers, lambda r, g: r.renderers.append(g.game))
    each(hooks.hexforge_agents, lambda r, a: r.agents.append(f"{a.game}: {a.name}"))
    each(hooks.hexforge_invariants, lambda r, i: r.invariants.append(f"{i.game}: {i.name}"))
    each(hooks.hexforge_file_kinds, lambda r, k: r.files.append(f"{k.game}: {k.name}"), FileKind)
    each(hooks.hexforge_cli_commands, lambda r, c: r.commands.append(str(c.name)))
    each(hooks.hexforge_diagnostic_codes, lambda r, c: r.codes.append(c.code), CodeDoc)
    games = [game.id for game in host.games()]
    for game in games:
        _vocabulary(host, game, result)
        each(hooks.hexforge_actions, partial(_store_action, game), game=game)
    result.problems.extend(_duplicates(result))
    return result


def _store_action(game: str, registrations: Registrations, action: Any) -> None:
    """A game's action by its word: a motu ``Action``'s verb, an nshex ``TileAbility``'s
    name (each game has its own kind of action)."""
    word = getattr(action, "verb", None) or getattr(action, "name", None) or action
    registrations.actions.append(f"{game}: {word}")


UNIQUE = ("games", "kinds", "runners", "renderers", "agents", "commands", "codes")
"""Registrations only one plugin may make: a second would win or lose by load order."""


def _duplicates(result: Survey) -> list[Diagnostic]:
    first: dict[tuple[str, str], str] = {}
    problems = []
    for plugin, registrations in result.by_plugin.items():
        for family in UNIQUE:
            for name in getattr(registrations, family):
                owner = first.setdefault((family, name), plugin)
                if owner != plugin:
                    problems.append(
                        Diagnostic(
                            REGISTRATION_CONFLICT,
                            f"plugins {owner!r} and {plugin!r} both register the "
                            f"{family[:-1]} {name!r}",
                            hint="install order must not decide which one is used: "
                            "uninstall one plugin, or rename what it registers",
                        )
                    )
    return problems


_WORDS: tuple[tuple[str, str, Callable[[Any], str]], ...] = (
    ("verbs", "verbs", lambda v: v.template.text),
    ("conditions", "conditions", lambda c: c.template.text),
    ("triggers", "triggers", lambda t: f"{t.form.value} {t.template.text}"),
    ("nouns", "nouns", lambda n: n.singular),
    ("stats", "stats", lambda s: " ".join(s.words)),
)


def _snapshot(vocabulary: Vocabulary) -> dict[str, list[str]]:
    words = {name: [show(x) for x in getattr(vocabulary, attr)] for name, attr, show in _WORDS}
    words["events"] = list(vocabulary.events)
    words["procedures"] = [
        name
        for name, impl in (("test", vocabulary.test), ("choice", vocabulary.choose))
        if impl is not None
    ]
    return words


def _vocabulary(host: PluginHost, game: str, result: Survey) -> None:
    """The words each plugin adds to ``game``, and the words two plugins both declare."""
    vocabulary = Vocabulary()
    owners: dict[tuple[str, str], str] = {}
    for impl in host.manager.hook.hexforge_dsl_vocabulary.get_hookimpls():
        before = _snapshot(vocabulary)
        try:
            impl.function(game=game, vocabulary=vocabulary)
        except PLUGIN_FAILURES as exc:  # named; the later plugins' words are still listed
            result.problems.append(hook_failed(impl.plugin_name, "hexforge_dsl_vocabulary", exc))
            continue
        after = _snapshot(vocabulary)
        found = result.by_plugin.setdefault(impl.plugin_name, Registrations())
        for family, words in after.items():
            added = _added(before[family], words)
            getattr(found, family).extend(f"{game}: {word}" for word in added)
            for word in added:
                first = owners.setdefault((family, word), impl.plugin_name)
                if first != impl.plugin_name and family != "procedures":
                    result.problems.append(_conflict(game, family, word, first, impl.plugin_name))


def _added(before: list[str], after: list[str]) -> list[str]:
    """The entries of ``after`` beyond ``before`` (declarations only ever append)."""
    return after[len(before) :]


def _conflict(game: str, family: str, word: str, first: str, second: str) -> Diagnostic:
    return Diagnostic(
        REGISTRATION_CONFLICT,
        f"plugins {first!r} and {second!r} both declare the {family[:-1]} {word!r} "
        f"for game {game!r}",
        hint="install order must not decide which one a card gets: rename one of them, "
        "or uninstall one plugin",
    )


def names(items: Iterable[str]) -> str:
    """A comma-separated listing, '-' when empty."""
    return ", ".join(items) or "-"
