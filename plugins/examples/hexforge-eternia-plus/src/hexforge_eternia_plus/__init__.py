"""The Eternia Plus expansion for motu: its content pack, the effect words it adds and the
invariant its unique buff keeps.

hexforge finds this module through the entry point in pyproject.toml and calls the hook
implementations below (docs/plugins.md). The hooks only register things; when an effect
runs is decided by the game's timing engine.
"""

from __future__ import annotations

from pathlib import Path

from hexforge.core.packs.filekinds import FileKind
from hexforge.core.simulate.invariants import Invariant
from hexforge.dsl.vocabulary import Vocabulary
from hexforge.plugins.markers import hookimpl
from hexforge_eternia_plus.invariants import INVARIANTS
from hexforge_eternia_plus.verbs import siphon_mana
from hexforge_eternia_plus.warbands import WARBANDS

PACK = Path(__file__).parent / "pack"


@hookimpl
def hexforge_content_packs() -> list[Path]:
    return [PACK]


@hookimpl
def hexforge_file_kinds() -> list[FileKind]:
    return [WARBANDS]


@hookimpl
def hexforge_invariants() -> list[Invariant]:
    return list(INVARIANTS)


@hookimpl
def hexforge_dsl_vocabulary(game: str, vocabulary: Vocabulary) -> None:
    if game != "motu":
        return
    vocabulary.verb(
        "siphon {amount:int} mana from {target:character}",
        siphon_mana,
        doc="the target loses up to AMOUNT mana and the bearer gains what it lost",
    )
