"""Simultaneous resolution windows: effects collected, applied together at the close.

Neuroshima Hex (shared/rules/README.md, Battle): units with the same initiative act at the
same time; hits are collected and dead units are removed only after the segment.
"""

from __future__ import annotations

from hexforge.core.engine import Engine
from tests.engine.support import entries, fired, happened, hp, position
from tests.engine.toygame import UnitSpec, volley


def test_hits_land_together_so_a_unit_killed_in_the_window_still_shoots() -> None:
    engine, _ = position(
        [UnitSpec("n2", "north", 3, 1, 1, "ranged"), UnitSpec("s2", "south", 5, 1, 1, "ranged")]
    )
    volley(engine)
    assert not engine.entity("n2").in_play and not engine.entity("s2").in_play
    assert (hp(engine, "n2"), hp(engine, "s2")) == (0, 0)
    # attacks are not deferred (only "damage" is): both are performed before any damage.
    assert happened(engine) == ["attack", "attack", "damage", "defeated", "damage", "defeated"]
    assert [e["name"] for e in entries(engine, "deferred")] == ["damage", "damage"]


def test_without_the_window_the_first_hit_would_kill_before_the_second_shot() -> None:
    """The control case: the same shots emitted one by one outside any window."""
    engine, _ = position(
        [UnitSpec("n2", "north", 3, 1, 1, "ranged"), UnitSpec("s2", "south", 5, 1, 1, "ranged")]
    )
    engine.emit("damage", source="n2", target="s2", amount=1)
    assert not engine.entity("s2").in_play
    assert engine.entity("n2").in_play


def test_after_hooks_of_a_window_are_collected_then_resolved_as_one_batch() -> None:
    """n2 is shot by s2 and s3, s2 by n2: all three hits are performed first, then the three
    rage triggers resolve together (default order: tier, then timestamp)."""
    engine, _ = position(
        [
            UnitSpec("n2", "north", 3, 3, 1, "ranged", ("toy/rage",)),
            UnitSpec("s2", "south", 5, 3, 1, "ranged", ("toy/rage",)),
            UnitSpec("s3", "south", 6, 3, 1, "ranged"),
        ]
    )
    volley(engine)
    kinds = [(e["type"], e.get("name"), e.get("bearer")) for e in engine.log.entries()]
    performed = [i for i, k in enumerate(kinds) if k[:2] == ("event", "damage")]
    triggered = [i for i, k in enumerate(kinds) if k[0] == "trigger"]
    assert len(performed) == 3 and len(triggered) == 3
    assert max(performed) < min(triggered)
    assert [kinds[i][2] for i in triggered] == ["n2", "n2", "s2"]
    assert (engine.prop("n2", "rage"), engine.prop("s2", "rage")) == (2, 1)


def test_before_hooks_run_when_the_event_is_emitted_inside_the_window() -> None:
    engine, _ = position(
        [
            UnitSpec("n2", "north", 3, 3, 1, "ranged"),
            UnitSpec("s2", "south", 5, 3, 1, "ranged", ("toy/shield",)),
        ]
    )
    volley(engine)
    cancelled = entries(engine, "cancelled")
    deferred = entries(engine, "deferred")
    assert len(cancelled) == 1 and len(deferred) == 1  # s2's shield stopped n2's shot early
    assert cancelled[0]["seq"] < deferred[0]["seq"]  # type: ignore[operator]
    assert (hp(engine, "n2"), hp(engine, "s2")) == (2, 3)
    assert fired(engine) == ["toy/shield"]


def test_a_window_snapshotted_while_open_lands_its_events_after_restore() -> None:
    engine, _ = position(
        [UnitSpec("n2", "north", 3, 3, 1, "ranged"), UnitSpec("s2", "south", 5, 3, 1, "ranged")]
    )
    engine.open("segment", simultaneous=True, defer=["damage"])
    engine.emit("damage", source="n2", target="s2", amount=2)
    restored = Engine.restore(engine.ruleset, engine.snapshot())
    assert hp(restored, "s2") == 3
    restored.close()
    assert hp(restored, "s2") == 1
    assert [e["name"] for e in entries(restored, "event")] == ["damage"]
