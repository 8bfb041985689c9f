"""What every position of a game with this expansion keeps (hook ``hexforge_invariants``;
``hexforge simulate --check`` checks it while games run)."""

from __future__ import annotations

from collections.abc import Iterator

from hexforge.core.engine import Engine
from hexforge.core.simulate.invariants import Invariant, Moment
from hexforge.plugins.motu.api import UnitState

VERDANT_WARD = "eternia-plus/verdant-ward"


def one_verdant_ward_per_force(engine: Engine, moment: Moment) -> Iterator[str]:
    """rulebook §Buffs and Debuffs: a unique token is one copy per force, and the pack's
    Verdant Ward is unique - no two characters of one player hold it at once."""
    holders: dict[str, list[str]] = {}
    for character in engine.entities("character"):
        if UnitState(engine, character.id).token("buff") == VERDANT_WARD:
            holders.setdefault(character.owner or "", []).append(character.id)
    for player, units in sorted(holders.items()):
        if len(units) > 1:
            yield f"{player} holds {len(units)} Verdant Wards: {', '.join(units)}"


INVARIANTS = [
    Invariant(
        "motu",
        "one Verdant Ward per force",
        one_verdant_ward_per_force,
        {  # the card is named in English only (the pack's languages: en)
            "pl": "najwyżej jedna Verdant Ward na siły gracza",
            "de": "höchstens eine Verdant Ward pro Streitmacht",
            "fr": "une Verdant Ward au plus par force",
        },
    )
]
