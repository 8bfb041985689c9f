"""Issue 22, provenance honesty (docs/nshex.md, "Armies and provenance"): the instant tiles
whose name and gist are community data but whose details are hexforge's readings say so
with the tag ``details-invented``; those designed by hexforge altogether are ``invented``."""

from __future__ import annotations

from hexforge.core.packs.models import Provenance
from tests.plugged import TILES

READINGS = ("move", "push-back", "sniper", "grenade", "bomb")


def test_community_instants_with_our_readings_carry_details_invented() -> None:
    for slug in READINGS:
        card = TILES.tile(slug)
        assert card.provenance is Provenance.COMMUNITY, slug
        assert "details-invented" in card.tags, slug


def test_only_those_carry_the_tag_and_our_own_designs_are_invented() -> None:
    tagged = sorted(k.split("/")[1] for k, c in TILES.cards.items() if "details-invented" in c.tags)
    assert tagged == sorted(READINGS)
    for slug in ("rotation", "castling"):
        assert TILES.tile(slug).provenance is Provenance.INVENTED
    assert TILES.tile("battle").provenance is Provenance.RULEBOOK
