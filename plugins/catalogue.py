"""What the loaded plugins declare, gathered: games, card kinds, rule tiers, content packs
and, per game, the effect-language vocabulary. ``hexforge validate``, the games' card
libraries and every other command read content through :func:`catalogue_from_host`."""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import replace
from os import PathLike
from pathlib import Path

import pluggy

from hexforge.core.errors import Diagnostic
from hexforge.core.games import GameInfo
from hexforge.core.packs.catalogue import CardKind, Catalogue, build_catalogue
from hexforge.core.packs.filekinds import FileKind
from hexforge.dsl.vocabulary import Vocabulary
from hexforge.plugins.hookcalls import each_item, each_plugin, items_of, report
from hexforge.plugins.manager import PluginHost
from hexforge.plugins.pack_folders import PLUGIN_NAME, PackFolders

PATHS = (str, PathLike)
"""What a hook naming files or folders may return for each."""


def catalogue_from_host(host: PluginHost) -> Catalogue:
    """Games, kinds, tiers, packs and (on demand) vocabularies from the loaded plugins.

    Problems found later, while a game's vocabulary is built for the first effect text,
    are appended to the catalogue's ``late_problems`` list. A ``--pack`` folder stands in
    for an installed pack with its id (:meth:`PackFolders.stand_in`).
    """
    problems: list[Diagnostic] = []
    hooks = host.manager.hook
    declarations = _paths(hooks.hexforge_game_declarations, problems)
    kinds = items_of(hooks.hexforge_card_kinds, problems, CardKind)
    packs = _paths(hooks.hexforge_content_packs, problems)
    given = host.manager.get_plugin(PLUGIN_NAME)
    if isinstance(given, PackFolders):
        packs = given.stand_in(packs)
    games = [game.id for game in items_of(hooks.hexforge_games, problems, GameInfo)]
    files = items_of(hooks.hexforge_file_kinds, problems, FileKind)
    late: list[Diagnostic] = []
    catalogue = build_catalogue(
        games,
        declarations,
        kinds,
        packs,
        _vocabularies(host, late),
        _code_stamp(host),
        files,
    )
    return replace(catalogue, problems=(*problems, *catalogue.problems), late_problems=late)


def _paths(hook: pluggy.HookCaller, problems: list[Diagnostic]) -> list[Path]:
    return [Path(c.result) for c in each_item(hook, problems, kind=PATHS)]


def vocabulary_for(
    host: PluginHost, game: str, problems: list[Diagnostic] | None = None
) -> Vocabulary:
    """The vocabulary of ``game``: every plugin's ``hexforge_dsl_vocabulary`` in load order.

    Base games register first and expansions after them, so an expansion extends what
    its game declared. A hook that raises names its plugin (HF603, or the vocabulary's own
    code): with ``problems`` the vocabulary is built again without that plugin's words
    (half a declaration is never kept) and the problem is reported there; without, raised.
    """
    found: list[Diagnostic] = []
    left_out: set[str] = set()
    hook = host.manager.hook.hexforge_dsl_vocabulary
    while True:
        vocabulary, failed = Vocabulary(), set[str]()
        calls = each_plugin(
            hook, found, skip=left_out, failed=failed, game=game, vocabulary=vocabulary
        )
        for _ in calls:  # each hook's work is what it did to the vocabulary
            pass
        if not failed or problems is None:
            break
        left_out |= failed
    report(found, problems)
    return vocabulary


def _code_stamp(host: PluginHost) -> str:
    """Size and mtime of every plugin's source files, so cached results follow code edits."""
    stamps = []
    for record in host.plugins:
        where = getattr(sys.modules.get(record.module), "__file__", None)
        if where is None:
            continue
        path = Path(where)
        sources = sorted(path.parent.rglob("*.py")) if path.name == "__init__.py" else [path]
        for source in sources:
            stat = source.stat()
            stamps.append(f"{source}:{stat.st_size}:{stat.st_mtime_ns}")
    return "\n".join(stamps)


def _vocabularies(
    host: PluginHost, problems: list[Diagnostic]
) -> Callable[[str], Vocabulary | None]:
    """Per game, the DSL vocabulary effect texts are checked against: without the words of
    a plugin whose hook failed (its problem is reported, the others' cards still checked)."""

    def vocabulary(game: str) -> Vocabulary | None:
        return vocabulary_for(host, game, problems)

    return vocabulary
