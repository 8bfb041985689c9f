"""The typed view of a motu game (plugins/motu/state.py): it reads and writes the engine's
JSON state and keeps nothing of its own, so snapshots, restores and logs are what they
were when the rules read string-keyed props."""

from __future__ import annotations

import pytest

from hexforge.core.engine import Engine, FirstLegalAgent, Json
from hexforge.core.errors import HexforgeError
from hexforge.core.hexgrid import Direction, parse_coord
from hexforge.plugins.motu.api import MotuState, Phase, PlayerState, UnitState
from hexforge.plugins.motu.board import use_map
from hexforge.plugins.motu.rounds import new_game, play_game
from hexforge.plugins.motu.setups import shipped_setup
from hexforge.plugins.motu.state import (
    SLOTS,
    facing_of,
    hex_of,
    is_knocked_out,
    level_of,
)
from hexforge.plugins.motu.tokens import give_token, place_mark
from hexforge.plugins.motu.units import character_card, create_character
from tests.plugged import LIB, MOTU

ARENA = {
    "name": "arena",
    "provenance": "invented",
    "size": {"columns": 10, "rows": 10},
    "hex_inches": 1.25,
}


def _arena() -> Engine:
    engine = Engine.new(MOTU, 1, ["masters", "evil"], {})
    use_map(engine, data=ARENA)
    create_character(engine, "he-man", "motu/he-man", "masters", parse_coord("C5"))
    create_character(engine, "skeletor", "motu/skeletor", "evil", parse_coord("C4"), Direction.S)
    return engine


def _first_game(seed: int = 5) -> Engine:
    agent = FirstLegalAgent()
    return new_game(MOTU, shipped_setup("first-game", LIB), seed, {"masters": agent, "evil": agent})


def test_a_unit_reads_its_props_typed() -> None:
    engine = _arena()
    he_man = UnitState(engine, "he-man")
    assert (he_man.card, he_man.hex, he_man.level, he_man.facing) == (
        "motu/he-man",
        parse_coord("C5"),
        0,
        Direction.N,
    )
    assert he_man.cost == character_card(engine, "he-man").cost
    assert he_man.weapons == ["motu/sword-of-power"] and he_man.items == []
    assert (he_man.wounds, he_man.mana, he_man.focus, he_man.overwatch) == (0, 0, False, False)
    assert (he_man.buff, he_man.debuff, he_man.knocked_out) == (None, None, False)
    assert (he_man.used_items, he_man.played, he_man.activated) == ([], [], False)


def test_unit_writes_are_set_props_of_the_same_json() -> None:
    """Each attribute writes the JSON value the procedures wrote with ``set_prop``."""
    engine = _arena()
    he_man = UnitState(engine, "he-man")
    he_man.wounds += 2
    he_man.mana = 3
    he_man.focus = he_man.overwatch = he_man.activated = True
    he_man.hex, he_man.level, he_man.facing = parse_coord("D6"), 1, Direction.SE
    he_man.played = ["motu/rally"]
    he_man.used_items = ["motu/healing-draught"]
    he_man.set_token("buff", "motu/quickness")
    props = engine.entity("he-man").props
    written: dict[str, Json] = {
        "wounds": 2,
        "mana": 3,
        "focus": True,
        "overwatch": True,
        "activated": True,
        "hex": "D6",
        "level": 1,
        "facing": "SE",
        "played": ["motu/rally"],
        "used_items": ["motu/healing-draught"],
        "buff": "motu/quickness",
    }
    assert {name: props[name] for name in written} == written
    assert (he_man.hex, he_man.level, he_man.facing) == (parse_coord("D6"), 1, Direction.SE)
    assert (hex_of(engine, "he-man"), level_of(engine, "he-man")) == (parse_coord("D6"), 1)
    assert facing_of(engine, "he-man") is Direction.SE


def test_writes_are_checked_as_json() -> None:
    """Writes go through ``Engine.set_prop``, which refuses what a snapshot could not hold."""
    with pytest.raises(HexforgeError) as caught:
        UnitState(_arena(), "he-man").mana = 1.5  # type: ignore[assignment]
    assert caught.value.code == "HF415"


def test_token_slots_and_marks() -> None:
    engine = _arena()
    give_token(engine, "skeletor", "curse")
    skeletor = MotuState(engine).unit("skeletor")
    assert [skeletor.token(slot) for slot in SLOTS] == [None, "motu/curse"]
    assert skeletor.debuff == "motu/curse"
    mark = place_mark(engine, "he-man", "serpent mark", parse_coord("E5"))
    assert (UnitState(engine, mark).card, hex_of(engine, mark)) == (
        "motu/serpent-mark",
        parse_coord("E5"),
    )
    assert not is_knocked_out(engine, "skeletor")


def test_a_new_game_has_the_layout_it_always_had() -> None:
    """``MotuState.start`` writes the keys in their old order (the order is part of the
    snapshot); decks and hands come with the first cards dealt, the first player after."""
    engine = _first_game()
    assert list(engine.state.data) == [
        "map",
        "round",
        "phase",
        "vp",
        "objectives",
        "claimed",
        "last_activated",
        "result",
        "deck",
        "hands",
        "first_player",
    ]
    state = MotuState(engine)
    assert (state.round, state.phase, state.result) == (0, Phase.SETUP, None)
    assert state.vp == {"masters": 0, "evil": 0}
    assert state.first_player in ("masters", "evil")
    assert state.objectives == engine.state.data["objectives"]
    masters = state.player("masters")
    assert (len(masters.fate), len(masters.glory), len(masters.deck)) == (5, 2, 15)
    assert masters.hand == [*masters.fate, *masters.glory]


def test_piles_and_hands_are_the_states_own_lists() -> None:
    engine = _first_game()
    masters = PlayerState(engine, "masters")
    masters.fate.append(masters.deck.pop(0))
    hands = engine.state.data["hands"]
    assert isinstance(hands, dict)
    assert hands["masters"] == {"fate": masters.fate, "glory": masters.glory}
    assert len(masters.fate) == 6
    masters.discard.append("motu/rally")
    assert engine.state.data["discard"] == {"masters": ["motu/rally"]}


def test_numbers_are_read_without_creating_anything() -> None:
    """A read of a number creates no key (the old ``.get`` reads did not); the first write
    creates its group, as ``setdefault`` did."""
    engine = _arena()
    evil = PlayerState(engine, "evil")
    state = MotuState(engine)
    assert (evil.vp, evil.claimed, state.round, state.vp, state.objectives) == (0, 0, 0, {}, [])
    assert state.result is None and state.phase is Phase.SETUP
    assert "vp" not in engine.state.data and "claimed" not in engine.state.data
    evil.vp += 7
    evil.claimed += 1
    assert engine.state.data["vp"] == {"evil": 7} and engine.state.data["claimed"] == {"evil": 1}


def test_game_attributes_write_plain_json() -> None:
    engine = _first_game()
    state = MotuState(engine)
    state.round += 1
    state.phase = Phase.CLEAN_UP
    state.round_last["masters"] = "he-man"
    state.set_result(None, "agreed draw")
    data = engine.state.data
    assert (data["round"], data["phase"], data["round_last"]) == (
        1,
        "clean-up",
        {"masters": "he-man"},
    )
    assert type(data["phase"]) is str  # the enum's value, not the enum
    assert state.result == {"winner": None, "reason": "agreed draw"}


def test_views_keep_nothing_across_snapshot_and_restore() -> None:
    """A view reads whatever state its engine holds: a restored engine's views read the
    restored values, and writing through a view changes the next snapshot."""
    engine = _first_game(seed=9)
    play_game(engine)
    restored = Engine.restore(MOTU, engine.snapshot())
    assert restored.snapshot() == engine.snapshot()
    for view in (MotuState(engine), MotuState(restored)):
        assert view.result is not None and view.phase is Phase.CLEAN_UP and view.round >= 1
    assert MotuState(restored).vp == MotuState(engine).vp
    for unit in ("he-man", "skeletor"):
        assert UnitState(restored, unit).wounds == UnitState(engine, unit).wounds
    mana = UnitState(engine, "he-man").mana
    UnitState(restored, "he-man").mana = mana + 1
    assert restored.snapshot() != engine.snapshot()
    assert UnitState(engine, "he-man").mana == mana
