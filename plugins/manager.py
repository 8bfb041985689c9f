"""Builds the plugin manager: built-in games and installed expansions, loaded the same way.

Nothing happens at import time; :func:`load_plugins` is called by the CLI (and tests).
A plugin that fails to import, or whose hook implementations do not match the
specifications, is reported by name and left out; the others keep working.

Built-in games (entry points of the ``hexforge`` distribution) always load, and load
first, so an expansion's hooks see the words and kinds of the game they extend. External
plugins load unless :class:`PluginSelection` says otherwise (``--plugins``,
``--no-plugins``, or the environment variable ``HEXFORGE_DISABLE_PLUGIN_AUTOLOAD``).
"""

from __future__ import annotations

import difflib
import os
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib.metadata import EntryPoint, entry_points
from typing import cast

import click
import pluggy

from hexforge.core import codes
from hexforge.core.errors import Diagnostic, HexforgeError
from hexforge.core.games import GameInfo
from hexforge.plugins import hookspecs
from hexforge.plugins.hookcalls import PLUGIN_FAILURES, each_item, items_of, report
from hexforge.plugins.markers import ENTRY_POINT_GROUP, PROJECT
from hexforge.plugins.plugin_codes import UNKNOWN_PLUGIN

AUTOLOAD_ENV = "HEXFORGE_DISABLE_PLUGIN_AUTOLOAD"
"""Set (to anything but empty) to load no external plugin unless ``--plugins`` names it."""
BUILT_IN_DISTRIBUTION = "hexforge"


@dataclass(frozen=True, slots=True)
class PluginSelection:
    """Which external plugins load; built-in games always do.

    ``only`` names plugins (entry-point or distribution names) to load even when
    autoloading is off; ``autoload`` loads every other installed one too.
    """

    only: tuple[str, ...] = ()
    autoload: bool = True

    @classmethod
    def choose(
        cls,
        only: Sequence[str] = (),
        *,
        none: bool = False,
        environ: Mapping[str, str] | None = None,
    ) -> PluginSelection:
        """``--plugins`` / ``--no-plugins`` and the environment, as the CLI passes them."""
        env = os.environ if environ is None else environ
        names = tuple(n.strip() for text in only for n in text.split(",") if n.strip())
        autoload = not none and not names and not env.get(AUTOLOAD_ENV)
        return cls(names, autoload)

    def wants(self, entry_point: EntryPoint) -> bool:
        """Whether ``entry_point`` is loaded under this selection."""
        dist = entry_point.dist.name if entry_point.dist is not None else None
        if dist == BUILT_IN_DISTRIBUTION:
            return True
        return self.autoload or entry_point.name in self.only or dist in self.only


@dataclass(frozen=True, slots=True)
class PluginRecord:
    """One registered plugin as ``hexforge plugins`` lists it."""

    name: str
    module: str
    distribution: str | None
    version: str | None


@dataclass(slots=True)
class PluginHost:
    """The loaded plugin manager with what was registered and what failed."""

    manager: pluggy.PluginManager
    plugins: list[PluginRecord] = field(default_factory=list)
    problems: list[Diagnostic] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    """Installed external plugins left out by the selection (not an error)."""

    def games(self) -> list[GameInfo]:
        """Every game the plugins provide, in plugin registration order; a plugin whose
        hook fails (a game.yaml that does not name its game, HF606) is one of the host's
        ``problems`` and the other games stay."""
        problems: list[Diagnostic] = []
        found = [
            cast(GameInfo, item.result)
            for item in each_item(self.manager.hook.hexforge_games, problems, kind=GameInfo)
        ]
        report(problems, self.problems)
        return found

    def cli_commands(self) -> list[click.Command]:
        """Every command the plugins add to the ``hexforge`` group; a plugin whose hook
        fails is one of the host's ``problems`` (HF603) and the other commands stay."""
        found: list[Diagnostic] = []
        hook = self.manager.hook.hexforge_cli_commands
        commands = items_of(hook, found, click.Command)
        report(found, self.problems)
        return commands

    def register(self, name: str, plugin: object, *, entry_point: EntryPoint | None = None) -> bool:
        """Register ``plugin`` under ``name`` after checking its hooks; report and skip if bad."""
        problem = _check_hook_names(self.manager, name, plugin)
        if problem is not None:
            self.problems.append(problem)
            return False
        try:
            self.manager.register(plugin, name=name)
        except (pluggy.PluginValidationError, ValueError) as exc:
            self.problems.append(
                Diagnostic(
                    codes.PLUGIN_UNKNOWN_HOOK,
                    f"plugin {name!r} was rejected: {exc}",
                    hint="compare the hook implementation's arguments with docs/plugins.md",
                )
            )
            return False
        dist = entry_point.dist if entry_point is not None else None
        self.plugins.append(
            PluginRecord(
                name=name,
                module=getattr(plugin, "__name__", type(plugin).__name__),
                distribution=dist.name if dist is not None else None,
                version=dist.version if dist is not None else None,
            )
        )
        return True


def _check_hook_names(
    manager: pluggy.PluginManager, name: str, plugin: object
) -> Diagnostic | None:
    """A diagnostic for the first hook implementation whose name has no specification."""
    known = sorted(n for n in dir(hookspecs) if n.startswith(f"{PROJECT}_"))
    for attribute in dir(plugin):
        opts = manager.parse_hookimpl_opts(plugin, attribute)
        if opts is None:
            continue
        hook_name = opts.get("specname") or attribute
        if hook_name in known:
            continue
        close = difflib.get_close_matches(hook_name, known, n=1)
        hint = f"did you mean {close[0]!r}?" if close else "see docs/plugins.md for the hooks"
        return Diagnostic(
            codes.PLUGIN_UNKNOWN_HOOK,
            f"plugin {name!r} implements {hook_name!r}, which is not a hexforge hook",
            hint=hint,
        )
    return None


def _entry_points() -> Iterable[EntryPoint]:
    """Built-in games first, then external plugins, each by name."""

    def order(ep: EntryPoint) -> tuple[bool, str]:
        dist = ep.dist.name if ep.dist is not None else None
        return (dist != BUILT_IN_DISTRIBUTION, ep.name)

    return sorted(entry_points(group=ENTRY_POINT_GROUP), key=order)


def _unknown_names(selection: PluginSelection, found: Sequence[EntryPoint]) -> list[Diagnostic]:
    """A problem for each name ``--plugins`` gave that no installed plugin has."""
    known = {ep.name for ep in found} | {ep.dist.name for ep in found if ep.dist is not None}
    problems = []
    for name in selection.only:
        if name in known:
            continue
        close = difflib.get_close_matches(name, sorted(known), n=1)
        hint = f"did you mean {close[0]!r}?" if close else "'hexforge plugins' lists them"
        problems.append(
            Diagnostic(UNKNOWN_PLUGIN, f"no installed plugin is named {name!r}", hint=hint)
        )
    return problems


def load_plugins(
    extra: Sequence[tuple[str, object]] = (),
    *,
    autoload: bool = True,
    selection: PluginSelection | None = None,
) -> PluginHost:
    """Create the manager, load entry-point plugins (built-in games included) and ``extra``.

    ``autoload=False`` loads no entry point at all (tests); ``selection`` chooses among
    the external plugins (default: :meth:`PluginSelection.choose` with no options).
    """
    manager = pluggy.PluginManager(PROJECT)
    manager.add_hookspecs(hookspecs)
    host = PluginHost(manager)
    chosen = selection if selection is not None else PluginSelection.choose()
    if autoload:
        found = list(_entry_points())
        host.problems.extend(_unknown_names(chosen, found))
        for entry_point in found:
            if not chosen.wants(entry_point):
                host.skipped.append(entry_point.name)
                continue
            if manager.has_plugin(entry_point.name):
                host.problems.append(
                    Diagnostic(
                        codes.PLUGIN_IMPORT_FAILED,
                        f"two installed plugins are both named {entry_point.name!r}",
                        hint="uninstall one of them",
                    )
                )
                continue
            try:
                plugin = entry_point.load()
            except PLUGIN_FAILURES as exc:  # a broken plugin (even sys.exit) stops no other
                host.problems.append(
                    Diagnostic(
                        codes.PLUGIN_IMPORT_FAILED,
                        f"plugin {entry_point.name!r} ({entry_point.value}) failed to load: "
                        f"{type(exc).__name__}: {exc}",
                        hint="reinstall the plugin or report the problem to its authors",
                    )
                )
                continue
            host.register(entry_point.name, plugin, entry_point=entry_point)
    for name, plugin in extra:
        host.register(name, plugin)
    try:
        manager.check_pending()
    except pluggy.PluginValidationError as exc:  # a hook added by hand after registration
        raise HexforgeError.single(codes.PLUGIN_UNKNOWN_HOOK, str(exc)) from exc
    return host


def with_plugin(host: PluginHost, name: str, plugin: object) -> PluginHost:
    """A new host with ``host``'s plugins, in their order, and ``plugin`` under ``name`` in
    place of any plugin of that name (a scenario's ``packs:``): ``host`` and whoever uses
    it are left as they are."""
    manager = pluggy.PluginManager(PROJECT)
    manager.add_hookspecs(hookspecs)
    found = PluginHost(manager, problems=list(host.problems), skipped=list(host.skipped))
    for registered_name, registered in host.manager.list_name_plugin():
        if registered is not None and registered_name != name:
            manager.register(registered, name=registered_name)
    found.plugins = [record for record in host.plugins if record.name != name]
    found.register(name, plugin)
    return found


@dataclass(frozen=True, eq=False, slots=True)
class PluginSet:
    """A host, equal to every host with the same plugin objects under the same names: what
    a game builds from the plugins (its card library, its compiled ruleset) is cached by
    this key, so it is built once per set of plugins, not once per command or game."""

    host: PluginHost
    key: tuple[tuple[str, object], ...]

    @classmethod
    def of(cls, host: PluginHost) -> PluginSet:
        names = host.manager.list_name_plugin()
        return cls(host, tuple((name, _identity(plugin)) for name, plugin in names))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, PluginSet) and other.key == self.key

    def __hash__(self) -> int:
        return hash(self.key)


def _identity(plugin: object) -> object:
    """The plugin itself when hashable (modules, frozen dataclasses: equal means the same
    plugin), else its id - not reused while the cached entry keeps its host alive."""
    try:
        hash(plugin)
    except TypeError:
        return id(plugin)
    return plugin
