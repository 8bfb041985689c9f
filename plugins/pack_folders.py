"""``hexforge --pack PATH``: play, test and list a pack that is not installed (the plugin the
option registers; the option itself is the command line's).

A content author's pack folder becomes part of the run exactly as if an installed plugin
shipped it (hook ``hexforge_content_packs``), so ``hexforge test`` and ``hexforge play``
use its cards the way they use an installed expansion's. PATH is what ``hexforge
validate`` accepts: a pack folder, a folder holding packs, or a file inside a pack; a
path that does not exist (HF001) or holds no pack (HF220) is a usage error. Such a pack
stands in for an installed pack with its id, so the working copy of an installed
expansion can be played.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from hexforge.core.errors import Diagnostic, ExitCode, HexforgeError
from hexforge.core.packs.compiler import load_manifest
from hexforge.core.packs.validate import find_pack_roots
from hexforge.plugins.markers import hookimpl

PLUGIN_NAME = "--pack"
"""The name the packs are registered under (``hexforge plugins`` lists it)."""


@dataclass(frozen=True, slots=True)
class PackFolders:
    """A plugin shipping the given pack folders (absolute, so the working folder may change).

    Frozen, so two runs with the same folders are the same plugin and share what is built
    from the plugins (motu's card library).
    """

    folders: tuple[Path, ...]

    @hookimpl
    def hexforge_content_packs(self) -> list[Path]:
        return list(self.folders)

    def stand_in(self, packs: Sequence[Path]) -> list[Path]:
        """Every plugin's ``packs`` with these folders standing in for the installed copy
        of the same pack - the same folder (an editable install) or the same pack id (a
        working copy) - as a path given to ``hexforge validate`` does."""
        ours = {pack_id(folder) for folder in self.folders} - {None}
        kept: dict[Path, Path] = {}
        for pack in packs:
            where = pack.resolve()
            if where in kept or (where not in self.folders and pack_id(pack) in ours):
                continue
            kept[where] = pack
        return list(kept.values())


def pack_id(folder: Path) -> str | None:
    """The id the ``pack.yaml`` of ``folder`` declares, or None when it declares none."""
    doc, _ = load_manifest(folder, str(folder))
    found = doc.data.get("id") if doc is not None and isinstance(doc.data, dict) else None
    return found if isinstance(found, str) else None


def pack_folders(paths: Sequence[Path]) -> PackFolders:
    """The packs at ``paths``; HexforgeError (usage) with every bad path."""
    usage: list[Diagnostic] = []
    problems: list[Diagnostic] = []
    roots = find_pack_roots(paths, usage, problems)
    if usage or problems:
        raise HexforgeError(*usage, *problems, exit_code=ExitCode.USAGE)
    return PackFolders(tuple(root.resolve() for root in roots))
