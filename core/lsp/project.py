"""One editor buffer checked as ``hexforge validate`` would check it, unsaved text included.

The buffer's pack and every installed pack are compiled from disk (through the pack
cache, so only what changed costs anything); the buffer's own file is then compiled from
its text and put in place of the saved copy, and the cross-file checks (references,
duplicate ids, ``requires``) run over the lot. So an editor shows exactly what validate
will say once the file is saved, at the same positions. A file beside the cards (a setup,
a map: :mod:`hexforge.core.packs.filekinds`), a lone one of a known kind and a scenario
(its setup's cards included) are checked by their kind's check, as validate checks them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from hexforge.core.codes import INTERNAL_ERROR
from hexforge.core.errors import Diagnostic, HexforgeError, Span
from hexforge.core.packs.cache import PackCache
from hexforge.core.packs.catalogue import Catalogue, GameContent
from hexforge.core.packs.compiled import CardEntry, CompiledPack, FileResult
from hexforge.core.packs.compiler import MANIFEST, compile_loaded, validate_manifest
from hexforge.core.packs.crosscheck import cross_check
from hexforge.core.packs.filekinds import FileContext, FileKind, kind_of
from hexforge.core.packs.lonecards import LONE_CARDS, is_cards
from hexforge.core.packs.validate import compile_packs, find_pack_roots
from hexforge.core.packs.words import Named, card_words
from hexforge.core.packs.yamlio import LoadResult, YamlDocument, YamlPath, load_bytes
from hexforge.core.scenarios.checking import read_scenario
from hexforge.core.scenarios.driver import ScenarioDriver
from hexforge.dsl.vocabulary import Vocabulary

SCENARIO_SUFFIX = ".scenario.yaml"
REPORT_URL = "https://github.com/hexforge/hexforge/issues"


@dataclass(frozen=True, slots=True)
class Analysis:
    """What the server knows about one buffer after checking it."""

    diagnostics: tuple[Diagnostic, ...]
    document: YamlDocument | None
    entries: tuple[CardEntry, ...]
    """The valid cards of the buffer (effects with errors included: they still hover)."""
    cards: Mapping[str, CardEntry]
    """Every card the buffer can reference, by id: the installed packs and the workspace's."""
    vocabulary: Vocabulary | None
    models: tuple[tuple[YamlPath, BaseModel, str], ...] = ()
    """Other marked values of the buffer (a scenario's ``setup:``): where the model is
    written, the model, and the pack a bare slug names (hover, definition)."""


class Project:
    """The installed packs plus the workspace folders an editor opened."""

    def __init__(
        self,
        catalogue: Catalogue,
        folders: Sequence[Path] = (),
        cache: PackCache | None = None,
        drivers: Mapping[str, ScenarioDriver] | None = None,
    ) -> None:
        self.catalogue = catalogue
        self.folders = tuple(folders)
        self.cache = cache
        self.drivers = drivers or {}

    def check(self, path: Path, text: str) -> Analysis:
        """:meth:`analyse`, with a bug in it (HF002) reported on the file instead of
        ending the server: the editor keeps its other features."""
        try:
            return self.analyse(path, text)
        except Exception as error:
            message = f"internal error while checking this file: {type(error).__name__}: {error}"
            hint = f"a bug in hexforge, not in the file: please report it at {REPORT_URL}"
            found = Diagnostic(INTERNAL_ERROR, message, Span.point(str(path), 1, 1), hint=hint)
            return Analysis((found,), None, (), {}, None)

    def analyse(self, path: Path, text: str) -> Analysis:
        """Check ``text`` as the content of ``path``; problems of other files are left out."""
        loaded = load_bytes(text.encode("utf-8"), name=str(path))
        if path.name.endswith(SCENARIO_SUFFIX):
            return self._scenario(loaded)
        root = _pack_root(path)
        data = loaded.document.data if loaded.document is not None else None
        if root is None:
            kind = kind_of(path, data, self.catalogue.file_kinds)
            if kind is None and is_cards(data):
                kind = LONE_CARDS
            if kind is None:  # not hexforge's: a workflow or compose file may use anchors
                return Analysis((), loaded.document, (), self._cards([]), None)
            return self._beside(loaded, kind, self._packs(None), None)
        packs = self._packs(root)
        target = next((p for p in packs if _same(Path(p.root), root)), None)
        if path.name == MANIFEST or target is None or target.manifest is None:
            return self._manifest(loaded, packs)
        relative = path.resolve().relative_to(root.resolve())
        card_folders = [(root / f).resolve() for f in target.manifest.cards]
        if not any(path.resolve().is_relative_to(f) for f in card_folders):
            # beside the cards: a setup, a map, or a file validate does not read
            folder = relative.parts[0] if len(relative.parts) > 1 else None
            game_id = target.manifest.game
            kind = kind_of(path, data, self.catalogue.file_kinds, game=game_id, folder=folder)
            if kind is None:  # still hexforge's YAML: its rules hold
                yaml = loaded.diagnostics
                return Analysis(yaml, loaded.document, (), self._cards(packs), None)
            return self._beside(loaded, kind, packs, target)
        game = self.catalogue.game(target.manifest.game)
        if game is None:
            return Analysis(loaded.diagnostics, loaded.document, (), self._cards(packs), None)
        words = _words(packs, game, path, loaded)
        vocabulary = game.vocabulary_with(words)
        result = compile_loaded(loaded, str(path), target.manifest.id, game, words)
        updated = _with_file(target, path, result)
        packs = [updated if p is target else p for p in packs]
        found = [*result.diagnostics, *cross_check(packs, [updated], self.catalogue)]
        mine = tuple(d for d in dict.fromkeys(found) if _about(d, path))
        return Analysis(mine, loaded.document, result.cards, self._cards(packs), vocabulary)

    def cards(self) -> Mapping[str, CardEntry]:
        """Every card of the installed packs and the workspace, for completion."""
        return self._cards(self._packs(None))

    def _packs(self, root: Path | None) -> list[CompiledPack]:
        roots: list[Path] = [] if root is None else [root]
        roots += find_pack_roots(self.folders, [], []) if self.folders else []
        roots += self.catalogue.installed_packs
        unique = list({r.resolve(): r for r in reversed(roots)}.values())[::-1]
        packs = compile_packs(unique, self.catalogue, cache=self.cache)
        given: set[str] = set()
        kept = []
        for pack in packs:  # a working copy stands in for the installed pack of its id
            if pack.id is None or pack.id not in given:
                kept.append(pack)
                given.add(pack.id or "")
        return kept

    def _scenario(self, loaded: LoadResult) -> Analysis:
        """A scenario file, read as ``hexforge test`` reads it (its game's driver checks
        the position and steps) and the cards its setup names looked up; it is not run."""
        packs = self._packs(None)
        found = list(loaded.diagnostics)
        models: tuple[tuple[YamlPath, BaseModel, str], ...] = ()
        if loaded.document is not None and not found:
            context = FileContext(packs, self.catalogue)
            scenario, found = read_scenario(self.drivers, loaded.document, context)
            if scenario is not None:
                models = ((("setup",), scenario.setup, scenario.game),)
        cards = self._cards(packs)
        return Analysis(tuple(found), loaded.document, (), cards, None, models)

    def _beside(
        self,
        loaded: LoadResult,
        kind: FileKind,
        packs: Sequence[CompiledPack],
        pack: CompiledPack | None,
    ) -> Analysis:
        """A file of ``kind`` (a setup, a map, a lone card file), checked by its kind's
        check as validate checks it, against the packs of the workspace and installed."""
        found = list(loaded.diagnostics)
        if loaded.document is not None and not found:
            try:
                found = list(kind.check(loaded.document, FileContext(packs, self.catalogue, pack)))
            except HexforgeError as error:
                found = list(error.diagnostics)
        return Analysis(tuple(found), loaded.document, (), self._cards(packs), None)

    def _manifest(self, loaded: LoadResult, packs: list[CompiledPack]) -> Analysis:
        found = list(loaded.diagnostics)
        if loaded.document is not None and not found:
            found += validate_manifest(loaded.document)[1]
        return Analysis(tuple(found), loaded.document, (), self._cards(packs), None)

    @staticmethod
    def _cards(packs: Iterable[CompiledPack]) -> dict[str, CardEntry]:
        found: dict[str, CardEntry] = {}
        for pack in packs:
            for entry in pack.cards():
                found.setdefault(entry.card.id, entry)
        return found


def _pack_root(path: Path) -> Path | None:
    for parent in path.parents:
        if (parent / MANIFEST).is_file():
            return parent
    return None


def _same(a: Path, b: Path) -> bool:
    return a.resolve() == b.resolve()


def _about(diagnostic: Diagnostic, path: Path) -> bool:
    span = diagnostic.span
    return span is not None and span.file is not None and _same(Path(span.file), path)


def _with_file(pack: CompiledPack, path: Path, result: FileResult) -> CompiledPack:
    """``pack`` with the saved copy of ``path`` replaced by the buffer's ``result``."""
    others = tuple(f for f in pack.files if not _same(Path(f.file), path))
    return replace(pack, files=(*others, result))


def _words(
    packs: Sequence[CompiledPack], game: GameContent, path: Path, loaded: LoadResult
) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The card words (game.yaml ``words:``) of the game's packs, the buffer's cards in
    place of its saved ones."""
    kinds = {kind for names in game.word_kinds.values() for kind in names}
    named: list[Named] = [
        (entry.card.kind, entry.card.replaces or entry.card.id)
        for pack in packs
        if pack.manifest is not None and pack.manifest.game == game.id
        for result in pack.files
        if not _same(Path(result.file), path)
        for entry in result.cards
        if entry.card.kind in kinds
    ]
    data: Any = loaded.document.data if loaded.document is not None else None
    for item in data if isinstance(data, list) else [data]:
        if isinstance(item, dict) and item.get("kind") in kinds:
            card = item.get("replaces") or item.get("id")
            if isinstance(card, str):
                named.append((str(item["kind"]), card))
    return card_words(named, game.word_kinds)
