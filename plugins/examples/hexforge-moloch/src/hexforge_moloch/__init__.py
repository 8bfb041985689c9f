"""The Moloch army for Neuroshima Hex on hexforge, shipped as data.

hexforge finds this module through the entry point in pyproject.toml. It only ships its
content pack: every tile, the three rules no Duel army has (the HQ's toughness aura, the
Hunter-Killer's ambush, the Shockwave instant) and the army's composition are YAML in the
effect language, written with the words the nshex game declares (docs/nshex.md).
"""

from __future__ import annotations

from pathlib import Path

from hexforge.plugins.markers import hookimpl

PACK = Path(__file__).parent / "pack"


@hookimpl
def hexforge_content_packs() -> list[Path]:
    return [PACK]
