"""The events of the motu procedures, shared by the ruleset and the effect vocabulary.

Every step of the test procedure (rulebook §Tests, steps 1-11) is an event cards can hook;
a ``before`` hook may change the step's number (``event.set``). Attacks, wounds, tokens,
mana, skills and the activation/interruption timing words are events too.
"""

from __future__ import annotations

from hexforge.core.vocabulary import EventType, Field

C = "character"
_TEST = (Field("test", "int"), Field("tester", C), Field("stat", "text"))


def _test_step(name: str, field: str, doc: str) -> EventType:
    return EventType(name, (*_TEST, Field(field, "int")), doc)


TEST_STAT = _test_step("test_stat", "value", "step 1: the stat's value (dice before modifiers)")
TEST_DICE = _test_step("test_dice", "dice", "step 2: dice after modifiers (never below 0)")
TEST_SCOPE = _test_step("test_scope", "scope", "step 3: the lowest result that succeeds")
TEST_ROLL = _test_step("test_roll", "count", "step 4: the normal roll")
TEST_INITIAL = _test_step("test_initial", "successes", "step 5: initial successes")
TEST_FREE = _test_step("test_free_rerolls", "rerolls", "step 6: how many free rerolls")
TEST_MANA = _test_step("test_mana_rerolls", "limit", "step 7: how many mana rerolls at most")
TEST_EXPLODE = _test_step("test_explode", "explosions", "step 8: sixes that explode")
TEST_FINAL = _test_step("test_final", "successes", "step 9: final successes")
TEST_DEFENCE = EventType(
    "test_defence",
    (*_TEST, Field("defender", C), Field("against", "text")),
    "step 10: the defence test",
)
TEST_RESOLVED = _test_step("test_resolved", "successes", "step 11: successes applied")

ATTACK_DECLARED = EventType(
    "attack_declared",
    (Field("attacker", C), Field("target", C), Field("weapon", "text"), Field("type", "text")),
)
ATTACK_TESTED = EventType(
    "attack_tested",
    (
        Field("attacker", C),
        Field("target", C),
        Field("weapon", "text"),
        Field("successes", "int"),
    ),
    "after the defence test and the weapon's outcome: extra effects (rulebook §Extra Effects)",
)
ATTACK_ENDED = EventType("attack_ended", (Field("attacker", C), Field("weapon", "text")))
WOUNDED = EventType("wounded", (Field("target", C), Field("amount", "int"), Field("source", C)))
HEALED = EventType("healed", (Field("target", C), Field("amount", "int")))
KNOCKED_OUT = EventType("knocked_out", (Field("target", C), Field("by", C)))
REMOVED = EventType("removed_from_board", (Field("unit", C),))
TOKEN_GAINED = EventType(
    "token_gained", (Field("unit", C), Field("token", "text"), Field("slot", "text"))
)
TOKEN_REMOVED = EventType(
    "token_removed",
    (Field("unit", C), Field("token", "text"), Field("slot", "text"), Field("reason", "text")),
)
MARK_PLACED = EventType(
    "mark_placed", (Field("mark", "mark"), Field("by", C), Field("hex", "text"))
)
MANA_GAINED = EventType("mana_gained", (Field("unit", C), Field("amount", "int")))
MANA_SPENT = EventType("mana_spent", (Field("unit", C), Field("amount", "int")))
FOCUS_SPENT = EventType("focus_spent", (Field("unit", C), Field("scope", "int")))
SKILL_USED = EventType("skill_used", (Field("unit", C), Field("skill", "text"), Field("target", C)))
ITEM_USED = EventType("item_used", (Field("unit", C), Field("item", "text")))
ACTION_TAKEN = EventType(
    "action_taken",
    (Field("unit", C), Field("action", "text"), Field("target", C)),
    "an action card's action, before its effect resolves",
)
ACTIVATED = EventType("activated", (Field("unit", C),), "'upon activation' (§Effect Timing)")
ACTIVATION_ENDED = EventType("activation_ended", (Field("unit", C),))
INTERRUPTION_STARTED = EventType(
    "interruption_started", (Field("unit", C), Field("interrupted", C))
)
INTERRUPTION_ENDED = EventType("interruption_ended", (Field("unit", C),))

ALL: tuple[EventType, ...] = (
    TEST_STAT,
    TEST_DICE,
    TEST_SCOPE,
    TEST_ROLL,
    TEST_INITIAL,
    TEST_FREE,
    TEST_MANA,
    TEST_EXPLODE,
    TEST_FINAL,
    TEST_DEFENCE,
    TEST_RESOLVED,
    ATTACK_DECLARED,
    ATTACK_TESTED,
    ATTACK_ENDED,
    WOUNDED,
    HEALED,
    KNOCKED_OUT,
    REMOVED,
    TOKEN_GAINED,
    TOKEN_REMOVED,
    MARK_PLACED,
    MANA_GAINED,
    MANA_SPENT,
    FOCUS_SPENT,
    SKILL_USED,
    ITEM_USED,
    ACTIVATED,
    ACTIVATION_ENDED,
    INTERRUPTION_STARTED,
    INTERRUPTION_ENDED,
    ACTION_TAKEN,
)
