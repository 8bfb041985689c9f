"""State: stable ids, a lossless JSON round trip, snapshots, the state hash."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hexforge.core.engine import (
    Attachment,
    Engine,
    Entity,
    Frame,
    GameState,
    Ruleset,
    dump_state,
    load_state,
    state_hash,
)
from hexforge.core.engine.state import PendingEvent
from hexforge.core.errors import HexforgeError
from tests.engine.support import position
from tests.engine.toygame import STANDARD

names = st.text(min_size=1, max_size=8)
maybe_name = st.none() | names
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=10),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)
props = st.dictionaries(st.text(max_size=6), json_values, max_size=4)
entities = st.builds(Entity, names, names, maybe_name, st.booleans(), props)
attachments = st.builds(
    Attachment, names, names, maybe_name, maybe_name, st.integers(0, 10**6), maybe_name, maybe_name
)
pending = st.builds(PendingEvent, st.integers(1, 10**6), names, props)
frames = st.builds(
    Frame,
    names,
    names,
    maybe_name,
    maybe_name,
    st.integers(0, 9),
    st.dictionaries(names, st.integers(0, 9), max_size=3),
    st.lists(names, max_size=3),
    st.booleans(),
    st.none() | st.lists(names, max_size=3),
    st.lists(pending, max_size=2),
    props,
)
states = st.builds(
    GameState,
    st.integers(0, 2**64 - 1),
    st.integers(0, 2**64 - 1),
    st.lists(names, min_size=1, max_size=3),
    st.dictionaries(names, entities, max_size=4),
    st.dictionaries(names, attachments, max_size=4),
    st.lists(frames, max_size=3),
    st.lists(st.integers(1, 6), max_size=4),
    st.dictionaries(names, st.integers(1, 99), max_size=4),
    st.dictionaries(names, st.booleans(), max_size=2),
    props,
)


@settings(max_examples=100, deadline=None)
@given(states)
def test_json_round_trip_is_lossless(state: GameState) -> None:
    text = dump_state(state)
    back = load_state(text)
    assert back == state
    assert list(back.entities) == list(state.entities)  # creation order survives
    assert list(back.attachments) == list(state.attachments)
    assert dump_state(back) == text
    assert state_hash(back) == state_hash(state)


def test_snapshot_and_restore_give_the_same_state_and_hash() -> None:
    engine, _ = position(STANDARD)
    engine.open("round")
    engine.attach("toy/rally", "n1")
    text = engine.snapshot()
    restored = Engine.restore(engine.ruleset, text)
    assert restored.state == engine.state
    assert restored.state_hash() == engine.state_hash()
    assert restored.query("strength", "n1") == engine.query("strength", "n1") == 3
    restored.set_prop("n1", "hp", 1)
    assert restored.state_hash() != engine.state_hash()


def test_the_hash_changes_with_any_part_of_the_state() -> None:
    engine, _ = position(STANDARD)
    before = engine.state_hash()
    engine.roll(1)
    assert engine.state_hash() != before


def test_bad_snapshots_are_hf414_with_a_position() -> None:
    rules = Ruleset()
    with pytest.raises(HexforgeError) as error:
        Engine.restore(rules, '{"format": "hexforge-engine-state",\n  "version": 1,, }')
    diagnostic = error.value.diagnostics[0]
    assert diagnostic.code == "HF414"
    assert diagnostic.span is not None and (diagnostic.span.line, diagnostic.span.column) == (2, 16)
    assert diagnostic.source_line == '  "version": 1,, }'
    for text, fragment in [
        ("[]", "is not a hexforge engine state"),
        ('{"format": "hexforge-engine-state", "version": 9}', "version 9"),
        ('{"format": "hexforge-engine-state", "version": 1, "state": {}}', "malformed"),
    ]:
        with pytest.raises(HexforgeError, match=fragment):
            Engine.restore(rules, text)


def test_values_stored_in_the_state_must_be_json() -> None:
    engine, _ = position(STANDARD)
    with pytest.raises(HexforgeError) as error:
        engine.set_prop("n1", "pos", (1, 2))  # type: ignore[arg-type]
    assert error.value.code == "HF415"
    with pytest.raises(HexforgeError, match=r"n1.odds\[1\] is a float"):
        engine.set_prop("n1", "odds", [1, 0.5])  # type: ignore[list-item]


def test_entity_ids_are_stable_and_unique() -> None:
    engine, _ = position(STANDARD)
    assert engine.create("token") == "token-1"
    assert engine.create("token") == "token-2"
    with pytest.raises(HexforgeError) as error:
        engine.create("unit", id="n1")
    assert error.value.code == "HF403"
    with pytest.raises(HexforgeError) as error:
        engine.entity("n3")
    assert error.value.code == "HF404"
    with pytest.raises(HexforgeError) as error:
        engine.attach("toy/rallye", "n1")
    assert error.value.code == "HF405"
    assert error.value.diagnostics[0].hint == "did you mean 'toy/rally'?"
