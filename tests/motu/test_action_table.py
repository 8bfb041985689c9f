"""The declared action table (issue 19): the turn loop, the scenario driver and the agents
read one table; an unknown action, query or bonus is an error with a code (HF768-HF770)
and a "did you mean", never a silent default."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from hexforge.core.engine import Engine, FirstLegalAgent
from hexforge.core.errors import HexforgeError
from hexforge.core.hexgrid import Direction, parse_coord
from hexforge.core.scenarios import Kind
from hexforge.plugins.motu import codes
from hexforge.plugins.motu.acting import open_activation
from hexforge.plugins.motu.actions import ACTIONS, BUILT_IN, TABLE, Choice, Verb
from hexforge.plugins.motu.board import use_map
from hexforge.plugins.motu.driver import ACTIONS as STEPS
from hexforge.plugins.motu.driver import MotuGame
from hexforge.plugins.motu.hands import hand, pile
from hexforge.plugins.motu.turns import legal_actions
from hexforge.plugins.motu.units import create_character
from tests.plugged import MOTU

ARENA = {
    "name": "arena",
    "provenance": "invented",
    "size": {"columns": 10, "rows": 10},
    "hex_inches": 1.25,
}
DOCS = Path(__file__).resolve().parents[2] / "docs"


def _game() -> Engine:
    """He-Man (a disposable item held before an item with an active skill) facing
    Skeletor next to him, in He-Man's activation with 2 AP and 1 mana."""
    agent = FirstLegalAgent()
    engine = Engine.new(MOTU, 1, ["masters", "evil"], {"masters": agent, "evil": agent})
    use_map(engine, data=ARENA)
    items = ["motu/healing-draught", "motu/power-armour"]
    create_character(engine, "he-man", "motu/he-man", "masters", parse_coord("C5"), items=items)
    create_character(engine, "skeletor", "motu/skeletor", "evil", parse_coord("C4"), Direction.S)
    engine.set_prop("he-man", "mana", 1)
    open_activation(engine, "he-man", ap=2)
    return engine


parse = BUILT_IN.parse


def _refused(call: object, *args: object) -> HexforgeError:
    with pytest.raises(HexforgeError) as error:
        call(*args)  # type: ignore[operator]
    return error.value


def test_every_verb_has_one_action_and_its_words_are_parameters() -> None:
    assert [a.verb for a in TABLE] == list(Verb)
    for action in TABLE:
        names = [p.name for p in action.params]
        assert set(action.words) <= set(names), action.verb
        flags = [p.kind is Kind.BOOL for p in action.word_params]
        assert True not in flags[:-1], f"{action.verb}: a flag is the last word"


def test_the_driver_derives_the_turn_actions_steps_from_the_table() -> None:
    """Where a scenario step is a turn action, its name, doc and parameters are the
    table's (the character first)."""
    steps = {s.name: s for s in STEPS}
    for action in TABLE:
        step = steps[action.step_name]
        assert step.doc == action.doc
        assert step.params[0].name == "unit" and step.params[1:] == action.params


def test_options_read_back_through_the_table() -> None:
    """Every legal option parses to a choice that spells it again, and its words are the
    arguments its action performs with."""
    engine = _game()
    frame = engine.top
    assert frame is not None
    options = legal_actions(engine, "he-man", frame)
    assert options[0] == "end" and "attack motu/sword-of-power skeletor" in options
    for option in options:
        assert str(parse(option)) == option
    attack = parse("attack motu/sword-of-power skeletor")
    assert ACTIONS[Verb.ATTACK].args(attack.words) == {
        "weapon": "motu/sword-of-power",
        "target": "skeletor",
    }
    assert ACTIONS[Verb.SKILL].args(("motu/power-armour#power-gain", "-")) == {
        "skill": "motu/power-armour#power-gain",
        "target": None,
    }
    assert str(ACTIONS[Verb.MOVE].choice(True)) == "move focused"
    assert ACTIONS[Verb.MOVE].args(("focused",)) == {"focused": True}


def test_skills_and_items_are_offered_in_the_order_the_character_holds_them() -> None:
    """One lister serves both actions: He-Man's own skill, then the disposable item held
    first, then the armour's active skill (the order games were logged with)."""
    engine = _game()
    frame = engine.top
    assert frame is not None
    options = legal_actions(engine, "he-man", frame)
    assert [o for o in options if parse(o).verb in (Verb.SKILL, Verb.ITEM)] == [
        "skill motu/he-man#heroic-leap skeletor",
        "item motu/healing-draught#quaff -",
        "skill motu/power-armour#power-gain -",
    ]
    assert ACTIONS[Verb.ITEM].legal(engine, "he-man", None) == [
        Choice(Verb.ITEM, ("motu/healing-draught#quaff", "-"))
    ]


@pytest.mark.parametrize(
    ("option", "expected"),
    [
        ("atack motu/sword-of-power skeletor", "did you mean 'attack'?"),
        ("", "actions: end, focus"),
        ("attack motu/sword-of-power", "does not fit 'attack <weapon> <target>'"),
        ("move quickly", "does not fit 'move [focused]'"),
        ("end now", "does not fit 'end'"),
    ],
)
def test_an_option_no_action_has_is_hf768(option: str, expected: str) -> None:
    error = _refused(parse, option)
    assert error.code == codes.UNKNOWN_ACTION
    found = error.diagnostics[0]
    assert expected in f"{found.message} {found.hint}"


def test_an_unknown_scenario_action_is_hf768_with_a_hint() -> None:
    game = MotuGame(_game())
    error = _refused(game.perform, "atack", {"unit": "he-man"})
    assert error.code == codes.UNKNOWN_ACTION
    assert "'atack'" in error.diagnostics[0].message
    assert error.diagnostics[0].hint == "did you mean 'attack'?"


@pytest.mark.parametrize(
    ("subject", "name", "target", "hint"),
    [
        ("query", "legal_skill", None, "did you mean 'legal_skills'?"),
        ("unit", "woundz", "he-man", "did you mean 'wounds'?"),
        ("player", "wounds", "masters", "known: vp, hand"),
        ("units", "wounds", "he-man", "did you mean 'unit'?"),
    ],
)
def test_an_unknown_observable_is_hf769_not_a_default(
    subject: str, name: str, target: str | None, hint: str
) -> None:
    """An unknown query used to answer with the usable skills, an unknown property of a
    unit with null."""
    game = MotuGame(_game())
    error = _refused(game.observe, subject, name, target, {"unit": "he-man"})
    assert error.code == codes.UNKNOWN_QUERY
    assert name in error.diagnostics[0].message
    assert hint in str(error.diagnostics[0].hint)


def test_known_observables_still_read_through_the_table() -> None:
    game = MotuGame(_game())
    assert game.observe("unit", "at", "he-man", {}) == "C5"
    assert game.observe("unit", "mana", "he-man", {}) == 1
    assert game.observe("query", "legal_skills", None, {"unit": "he-man"}) == [
        "motu/he-man#heroic-leap",
        "motu/power-armour#power-gain",
    ]
    assert game.observe("game", "ap", None, {}) == 2


def test_a_card_played_for_a_bonus_it_cannot_have_is_hf770_and_stays_in_hand() -> None:
    engine = _game()
    pile(engine, "glory", "masters").append("motu/first-blood")
    game = MotuGame(engine)
    error = _refused(
        game.perform, "play_card", {"unit": "he-man", "card": "first-blood", "bonus": "manna"}
    )
    assert error.code == codes.UNKNOWN_BONUS
    assert error.diagnostics[0].hint == "did you mean 'mana'?"
    assert hand(engine, "masters") == ["motu/first-blood"]
    game.perform("play_card", {"unit": "he-man", "card": "first-blood", "bonus": "ap"})
    assert game.observe("game", "ap", None, {}) == 3


def test_docs_list_every_action_with_its_form_section_and_cost() -> None:
    """docs/motu.md's action table says what the table holds."""
    text = (DOCS / "motu.md").read_text(encoding="utf-8")
    rows = set(re.findall(r"^\| `([^`]+)` \| (.+?) \| (.+?) \| (.+?) \|$", text, re.MULTILINE))
    listed = {form: (section, cost) for form, _, section, cost in rows}
    for action in TABLE:
        assert listed.get(action.form) == (action.section, action.cost.value), action.form
