"""Cover on maps rebuilt from the rulebook's figures (§Cover, §Cover and Elevation)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from hexforge.core.hexgrid import CENTRE, Hex, crossing, distance, format_coord, from_offset
from hexforge.plugins.motu.battlefield import Occupancy, Occupant, in_cover
from tests.motu.boards import H, L, board, model


def _crossed(a: str, b: str, away: int = 2) -> str:
    """A hex on the centre line from ``a`` to ``b``, at least ``away`` steps from ``a``."""
    cells = crossing(H(a), CENTRE, H(b), CENTRE).cells
    return format_coord(next(c for c in cells if distance(c, H(a)) >= away and c != H(b)))


def test_stratos_picks_targets_by_cover() -> None:
    """§Cover: Skeletor in the open has no cover; Trap Jaw behind a low obstacle has;
    Evil-Lyn behind He-Man has."""
    he_man_at = _crossed("F2", "B10")
    field = board(("low", ["F6", "F7"]), columns=12, rows=12)
    stratos = model("stratos", "masters", "F2")
    skeletor = model("skeletor", "evil", "I6")
    trap_jaw = model("trap-jaw", "evil", "F9")
    evil_lyn = model("evil-lyn", "evil", "B10")
    he_man = model("he-man", "masters", he_man_at)
    occupancy = Occupancy(field, [stratos, skeletor, trap_jaw, evil_lyn, he_man])
    origin = stratos.location
    assert not in_cover(field, occupancy, origin, skeletor)
    assert in_cover(field, occupancy, origin, trap_jaw)
    assert in_cover(field, occupancy, origin, evil_lyn)
    without = Occupancy(field, [stratos, evil_lyn])
    assert not in_cover(field, without, origin, evil_lyn)


def test_pieces_next_to_the_attacker_give_no_cover() -> None:
    """§Cover: obstacles and characters adjacent to the attacker's hex are ignored."""
    field = board(("low", ["F3"]), columns=12, rows=12)
    stratos = model("stratos", "masters", "F2")
    trap_jaw = model("trap-jaw", "evil", "F9")
    assert not in_cover(field, Occupancy(field, [stratos, trap_jaw]), stratos.location, trap_jaw)
    open_field = board(columns=12, rows=12)
    he_man = model("he-man", "masters", "F3")
    occupancy = Occupancy(open_field, [stratos, trap_jaw, he_man])
    assert not in_cover(open_field, occupancy, stratos.location, trap_jaw)
    ally_further = model("he-man", "masters", "F4")
    occupancy = Occupancy(open_field, [stratos, trap_jaw, ally_further])
    assert in_cover(open_field, occupancy, stratos.location, trap_jaw)


def test_difficult_terrain_and_ladders_give_no_cover() -> None:
    """§Cover: a line through only difficult terrain, ladders or tokens gives no cover."""
    field = board(
        ("difficult", ["F5", "F6"]),
        ("high", ["H6", "H7"]),
        ("platform", ["H6", "H7"]),
        ("ladder", ["G7"]),
        columns=12,
        rows=12,
    )
    stratos = model("stratos", "masters", "F2")
    trap_jaw = model("trap-jaw", "evil", "F9")
    assert not in_cover(field, Occupancy(field, [stratos, trap_jaw]), stratos.location, trap_jaw)
    mer_man = model("mer-man", "evil", "G10")
    line = crossing(H("G3"), CENTRE, H("G10"), CENTRE).cells
    assert H("G7") in line
    attacker = model("stratos", "masters", "G3")
    assert not in_cover(field, Occupancy(field, [attacker, mer_man]), attacker.location, mer_man)


def test_a_lower_attacker_always_leaves_the_target_in_cover() -> None:
    """§Cover and Elevation: shooting up at a higher target, the target is in cover."""
    field = board(("high", ["F2", "F3"]), ("platform", ["F2", "F3", "G3"]), columns=12, rows=12)
    skeletor = model("skeletor", "evil", "G3", level=1)
    stratos = model("stratos", "masters", "G6")
    occupancy = Occupancy(field, [skeletor, stratos])
    assert in_cover(field, occupancy, stratos.location, skeletor)
    assert not in_cover(field, occupancy, skeletor.location, stratos)


def test_from_a_platform_only_high_obstacles_give_cover() -> None:
    """§Cover and Elevation: Trap Jaw behind a high wall is in cover; Skeletor behind a wall
    next to the hexes under Stratos's platform is not; Evil-Lyn behind a low wall is not."""
    low_at = _crossed("F3", "J10", away=3)
    field = board(
        ("high", ["F2", "F3"]),
        ("platform", ["F2", "F3", "G3"]),
        ("high", ["F7"]),
        ("column", ["H3"]),  # next to G3, which is under the platform
        ("low", [low_at]),
        columns=12,
        rows=12,
    )
    stratos = model("stratos", "masters", "F3", level=1)
    trap_jaw = model("trap-jaw", "evil", "F10")
    skeletor = model("skeletor", "evil", "K4")
    evil_lyn = model("evil-lyn", "evil", "J10")
    assert H("H3") in crossing(H("F3"), CENTRE, H("K4"), CENTRE).cells
    occupancy = Occupancy(field, [stratos, trap_jaw, skeletor, evil_lyn])
    origin = stratos.location
    assert in_cover(field, occupancy, origin, trap_jaw)
    assert not in_cover(field, occupancy, origin, skeletor)
    assert not in_cover(field, occupancy, origin, evil_lyn)


def test_from_a_platform_characters_below_give_no_cover() -> None:
    """§Cover and Elevation: from a platform only a high obstacle puts a lower target in cover."""
    field = board(("high", ["F2", "F3"]), ("platform", ["F2", "F3"]), columns=12, rows=12)
    stratos = model("stratos", "masters", "F3", level=1)
    he_man = model("he-man", "masters", "F7")
    trap_jaw = model("trap-jaw", "evil", "F10")
    occupancy = Occupancy(field, [stratos, he_man, trap_jaw])
    assert not in_cover(field, occupancy, stratos.location, trap_jaw)


def test_a_massive_target_ignores_pieces_next_to_any_of_its_hexes() -> None:
    """§Massive Models - Cover: obstacles adjacent to any hex of the massive model are ignored."""
    field = board(("low", ["F8"]), columns=12, rows=14)
    stratos = model("stratos", "masters", "F2")
    single = model("beast", "evil", "F10")
    assert in_cover(field, Occupancy(field, [stratos, single]), stratos.location, single)
    beast = Occupant("beast", "evil", (H("F9"), H("F10")))
    assert not in_cover(field, Occupancy(field, [stratos, beast]), stratos.location, beast)


def test_a_line_along_an_edge_needs_both_sides_to_give_cover() -> None:
    """Exact geometry: a centre line between two hexes is covered only when both would cover."""
    stratos, target = model("stratos", "masters", "C6"), model("skeletor", "evil", "I6")
    assert crossing(H("C6"), CENTRE, H("I6"), CENTRE).edges  # runs along F5|F6 and others
    open_field = board(columns=12, rows=12)
    one = Occupancy(open_field, [stratos, target, model("orko", "masters", "F5")])
    assert not in_cover(open_field, one, stratos.location, target)
    two = Occupancy(
        open_field,
        [stratos, target, model("orko", "masters", "F5"), model("ram-man", "masters", "F6")],
    )
    assert in_cover(open_field, two, stratos.location, target)
    mixed = board(("low", ["F6"]), columns=12, rows=12)
    both = Occupancy(mixed, [stratos, target, model("orko", "masters", "F5")])
    assert in_cover(mixed, both, stratos.location, target)


_cells = st.tuples(st.integers(0, 9), st.integers(0, 9))


@settings(max_examples=150, deadline=None)
@given(
    _cells,
    _cells,
    st.lists(st.sampled_from(["low", "high", "model", "none"]), min_size=6, max_size=6),
)
def test_cover_never_comes_from_pieces_next_to_the_attacker(
    a: tuple[int, int], b: tuple[int, int], fills: list[str]
) -> None:
    """§Cover: whatever stands next to the attacker, it never puts the target in cover."""
    attacker_hex, target_hex = from_offset(*a), from_offset(*b)
    near: list[Hex] = [n for n in attacker_hex.neighbours() if 0 <= n.q < 10 and n != target_hex]
    near = [n for n in near if 0 <= n.r + (n.q - (n.q & 1)) // 2 < 10]
    pieces = [
        (fill, [format_coord(h)])
        for h, fill in zip(near, fills, strict=False)
        if fill in ("low", "high")
    ]
    field = board(*pieces, columns=10, rows=10)
    if attacker_hex == target_hex:
        return
    others = [
        model(f"m{i}", "x", format_coord(h))
        for i, (h, fill) in enumerate(zip(near, fills, strict=False))
        if fill == "model"
    ]
    attacker = Occupant("attacker", "a", (attacker_hex,))
    target = Occupant("target", "b", (target_hex,))
    occupancy = Occupancy(field, [attacker, target, *others])
    assert not in_cover(field, occupancy, attacker.location, target)
    assert L(format_coord(attacker_hex)) == attacker.location
