"""Files beside the cards - a game's setups and maps, scenario files - and lone files.

``hexforge validate`` checks everything a pack holds, not only its cards: every YAML file
of a pack folder outside its card folders whose kind is known is read and checked by that
kind's check, and a file given by path that is in no pack is checked on its own when its
kind can be told. What a file is, and how it is checked, is declared as a
:class:`FileKind`: a game's kinds come from its plugin (hook ``hexforge_file_kinds``,
``GamePlugin(files=...)``), so this module knows no game; the scenario kind is added by the
commands that know the scenario drivers (:mod:`hexforge.core.scenarios.checking`).

A file is of a kind when its name ends with the kind's ``suffix``, when it lies in one of
the kind's ``folders`` of a pack of the kind's game, or when it is a mapping holding every
one of the kind's ``keys`` (how a lone file's kind is told).
"""

from __future__ import annotations

import hashlib
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hexforge.core.errors import Diagnostic, HexforgeError
from hexforge.core.packs.catalogue import Catalogue
from hexforge.core.packs.compiled import CardEntry, CompiledPack
from hexforge.core.packs.yamlio import YamlDocument, load_file

ANY_GAME = "*"
"""The game of a kind whose files name their own game (a scenario's ``game:``)."""

_SKIP = {".git", ".hg", ".venv", "venv", "node_modules", "__pycache__", ".tox"}


@dataclass(frozen=True, slots=True)
class FileContext:
    """What a file's check may read: every pack of the run, compiled (the installed packs
    included), the catalogue, and the pack holding the file (None for a lone file)."""

    packs: Sequence[CompiledPack]
    catalogue: Catalogue
    pack: CompiledPack | None = None

    def packs_of(self, game: str) -> list[CompiledPack]:
        """The packs of ``game``, as the game plays them: its base pack (the one whose id is
        the game's) first, then the others by id; a pack whose id is taken is left out."""
        found: dict[str, CompiledPack] = {}
        for pack in self.packs:
            if pack.manifest is not None and pack.manifest.game == game:
                found.setdefault(pack.manifest.id, pack)
        return sorted(found.values(), key=lambda p: (p.id != game, p.id or ""))

    def cards_of(self, game: str) -> dict[str, CardEntry]:
        """Every card of ``game``'s packs by id (the first pack's, when two have one id)."""
        cards: dict[str, CardEntry] = {}
        for pack in self.packs_of(game):
            for entry in pack.cards():
                cards.setdefault(entry.card.id, entry)
        return cards


FileCheck = Callable[[YamlDocument, FileContext], Sequence[Diagnostic]]
"""Checks one file: its document (read safely, with positions) in the run's context;
returns every problem, each placed in the file."""


@dataclass(frozen=True, slots=True)
class FileKind:
    """A kind of YAML file beside the cards: how to recognise it and how to check it."""

    game: str
    """The game whose packs hold such files (:data:`ANY_GAME`: the file names its game)."""
    name: str
    """What the file is, for messages and ``hexforge plugins`` (``setup``, ``map``)."""
    check: FileCheck = field(compare=False)
    folders: tuple[str, ...] = ()
    """Folders of a pack (relative to its ``pack.yaml``) whose YAML files are of this kind."""
    keys: tuple[str, ...] = ()
    """Top-level keys every file of this kind has: a lone file holding them all is one."""
    suffix: str | None = None
    """A file name ending that makes a file of this kind anywhere (``.scenario.yaml``)."""

    def signature(self) -> str:
        """What identifies the kind in cache keys (its check is code: the plugins' stamp)."""
        return f"{self.game}|{self.name}|{','.join(self.folders)}|{','.join(self.keys)}|" + (
            self.suffix or ""
        )


def kind_of(
    path: Path,
    data: Any,
    kinds: Sequence[FileKind],
    *,
    game: str | None = None,
    folder: str | None = None,
) -> FileKind | None:
    """The kind of the file ``path`` holding ``data``: in a pack of ``game`` whose top
    folder (relative to pack.yaml) is ``folder``, or a lone file (``game`` None)."""
    fitting = [k for k in kinds if game is None or k.game in (game, ANY_GAME)]
    for kind in fitting:
        if kind.suffix is not None and path.name.endswith(kind.suffix):
            return kind
    for kind in fitting:
        if folder is not None and folder in kind.folders:
            return kind
    if isinstance(data, dict):
        for kind in fitting:
            if kind.keys and all(key in data for key in kind.keys):
                return kind
    return None


def _peek(path: Path) -> Any:
    result = load_file(path)
    return None if result.document is None else result.document.data


def pack_files(pack: CompiledPack, kinds: Sequence[FileKind]) -> list[tuple[Path, FileKind]]:
    """The files of ``pack`` beside its cards whose kind is known, in path order. Files in
    its card folders, hidden folders and ``pack.yaml`` are not; neither is a link leading
    out of the pack (HF228 is reported for card files only: these are not read)."""
    if pack.manifest is None:
        return []
    game = pack.manifest.game
    if not any(k.game in (game, ANY_GAME) for k in kinds):
        return []
    root = Path(pack.root)
    inside = root.resolve()
    card_folders = {(root / folder).resolve() for folder in pack.manifest.cards}
    found: list[tuple[Path, FileKind]] = []
    for path in _yaml_files(root):
        resolved = path.resolve()
        if path.parent == root and path.name in ("pack.yaml", "game.yaml"):
            continue
        if not resolved.is_relative_to(inside) or any(
            resolved.is_relative_to(f) for f in card_folders
        ):
            continue
        relative = path.relative_to(root)
        folder = relative.parts[0] if len(relative.parts) > 1 else None
        cheap = kind_of(path, None, kinds, game=game, folder=folder)
        kind = cheap or kind_of(path, _peek(path), kinds, game=game, folder=folder)
        if kind is not None:
            found.append((path, kind))
    return found


def _yaml_files(root: Path) -> Iterator[Path]:
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if d not in _SKIP and not d.startswith("."))
        for name in sorted(filenames):
            if name.endswith((".yaml", ".yml")):
                yield Path(dirpath) / name


def check_file(path: Path, kind: FileKind, context: FileContext) -> list[Diagnostic]:
    """Read ``path`` and check it as a file of ``kind``; every problem, none raised."""
    result = load_file(path, name=_display(path))
    if result.document is None or result.diagnostics:
        return list(result.diagnostics)
    try:
        return list(kind.check(result.document, context))
    except HexforgeError as error:
        return list(error.diagnostics)


def files_key(files: Sequence[tuple[Path, FileKind]]) -> str:
    """A hash of the files' kinds and contents, and of the code checking them, for the key
    of a whole run (a cached result follows an edit of a loader too)."""
    digest = hashlib.sha256()
    for path, kind in files:
        digest.update(f"{path}\0{kind.signature()}\0{_code_stamp(kind)}\0".encode())
        try:
            digest.update(hashlib.sha256(path.read_bytes()).digest())
        except OSError:
            digest.update(b"unreadable")
    return digest.hexdigest()


def _code_stamp(kind: FileKind) -> str:
    """Size and mtime of the sources beside the module of ``kind``'s check."""
    check: Any = kind.check
    module = sys.modules.get(getattr(check, "func", check).__module__)
    where = getattr(module, "__file__", None)
    if where is None:
        return ""
    stamps = []
    for source in sorted(Path(where).parent.glob("*.py")):
        try:
            stat = source.stat()
        except OSError:
            continue
        stamps.append(f"{source.name}:{stat.st_size}:{stat.st_mtime_ns}")
    return ",".join(stamps)


def _display(path: Path) -> str:
    """How a file is named in reports: relative to the working directory when inside it."""
    try:
        relative = os.path.relpath(path)
    except ValueError:
        return str(path)
    return str(path.resolve()) if relative.startswith("..") else relative
