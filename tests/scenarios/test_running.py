"""Scenarios that must fail do fail, with a report a person can act on (issue 6).

Each kind of failure is provoked on Skirmish and its report checked: what failed, where in
the file (with the caret line), expected against actual, and the last log entries.
"""

from __future__ import annotations

import pytest

from hexforge.core.scenarios import Args, Problem
from tests.scenarios import toy_driver
from tests.scenarios.support import DUEL, report, run


def test_a_failed_expectation_names_it_with_expected_actual_line_and_log() -> None:
    text = report(DUEL + "expect:\n  - unit: n1\n    hp: 3\n")
    assert text.splitlines() == [
        "FAILED case.scenario.yaml (case)",
        "  case.scenario.yaml:11:9: expectation failed: unit n1 hp",
        "     11 |     hp: 3",
        "        |         ^",
        "    expected: 3",
        "    actual:   4",
        "  last log entries:",
        '    #1 start {"players":["north","south"],"seed":1}',
        '    #2 create {"entity":"n1","kind":"unit","owner":"north"}',
        '    #3 create {"entity":"s1","kind":"unit","owner":"south"}',
        '    #4 open {"ap":0,"frame":"f1","kind":"round","player":null,"subject":null}',
        '    #5 open {"ap":2,"frame":"f2","kind":"activation","player":"north","subject":"n1"}',
    ]


def test_every_failed_expectation_of_the_check_is_reported() -> None:
    result = run(DUEL + "expect:\n  - unit: n1\n    hp: 3\n    at: D1\n  - unit: s1\n    hp: 4\n")
    assert [(f.message, f.expected, f.actual) for f in result.failures] == [
        ("unit n1 hp", "3", "4"),
        ("unit n1 at", '"D1"', '"E1"'),
    ]


def test_the_log_tail_shows_the_last_entries_only() -> None:
    steps = "steps:\n" + "  - do: damage\n    source: s1\n    target: n1\n    amount: 0\n" * 8
    result = run(DUEL + steps + "expect:\n  - unit: n1\n    hp: 3\n")
    assert len(result.log_tail) == 12
    assert result.log_tail[-1].startswith("#13 event damage")


def test_an_action_refused_unexpectedly_fails_at_its_step_with_the_games_reason() -> None:
    text = report(DUEL + "steps:\n  - do: move\n    unit: n1\n    to: G1\n")
    assert "case.scenario.yaml:10:5: action refused: 'move' failed: HF520 n1 cannot move 6 now" in (
        text
    )
    assert "hint: legal now: end, move:3, attack:s1, rally, guard" in text


def test_an_action_that_should_be_refused_but_is_performed_fails() -> None:
    text = report(DUEL + "steps:\n  - do: rally\n    unit: n1\n    refused: HF520\n")
    assert (
        "case.scenario.yaml:12:14: action was not refused: 'rally' should have been refused "
        "with HF520, but it was performed"
    ) in text
    assert "expected: refused with HF520" in text and "actual:   performed" in text


def test_a_refusal_with_another_code_fails_showing_both() -> None:
    text = report(DUEL + "steps:\n  - do: move\n    unit: n1\n    to: G1\n    refused: HF408\n")
    assert "refused with another error: 'move' was refused, but not with HF408" in text
    assert "expected: HF408" in text and "actual:   HF520 n1 cannot move 6 now" in text


def test_a_refusal_with_another_message_fails() -> None:
    step = "  - do: move\n    unit: n1\n    to: G1\n    refused: {code: HF520, message: fly}\n"
    text = report(DUEL + "steps:\n" + step)
    assert "'move' was refused with HF520, but the message differs" in text
    assert 'expected: a message containing "fly"' in text


def test_the_expected_refusal_passes_and_the_scenario_goes_on() -> None:
    step = "  - do: move\n    unit: n1\n    to: G1\n    refused: {code: HF520, message: move 6}\n"
    result = run(DUEL + "steps:\n" + step + "  - do: rally\n    unit: n1\n")
    assert result.passed


BATTLE = """\
game: skirmish
setup:
  units:
    - {id: n1, side: north, at: E1, hp: 4}
    - {id: s1, side: south, at: F1, hp: 4}
  phase: activate
steps:
  - do: activate
    unit: s1
"""


def test_a_decision_without_an_answer_names_the_decision_and_its_options() -> None:
    text = report(BATTLE)
    assert (
        "case.scenario.yaml:8:5: decision without an answer: decision #1 'action' for south "
        "was asked, but the step has no answer left"
    ) in text
    assert 'hint: add it under \'answers:\'; legal options: "end", "move:6", "attack:n1"' in text


@pytest.mark.parametrize(
    ("answer", "column", "expected"),
    [
        ("fly", 15, 'legal options: "end", "move:6", "attack:n1", "rally", "guard"'),
        ("{choose: end, kind: unit}", 24, "'unit' decision"),
        ("{choose: end, player: north}", 24, "decision for north"),
    ],
)
def test_an_answer_that_does_not_fit_points_at_the_answer(
    answer: str, column: int, expected: str
) -> None:
    result = run(BATTLE + f"    answers: [{answer}]\n")
    (failure,) = result.failures
    assert failure.problem is Problem.BAD_ANSWER
    assert (failure.at.span.line, failure.at.span.column) == (10, column)
    assert failure.expected == expected
    assert failure.actual is not None and "decision #1 'action' for south" in failure.actual


def test_answers_left_over_after_a_step_fail_at_the_first_unused_one() -> None:
    result = run(BATTLE + "    answers: [end, rally]\n")
    (failure,) = result.failures
    assert failure.problem is Problem.UNUSED_ANSWERS
    assert failure.message == "1 of the step's answers was never asked for"
    assert (failure.at.span.line, failure.at.span.column) == (10, 20)
    assert failure.actual == '["rally"]'


def test_forced_dice_never_rolled_fail_at_the_dice() -> None:
    result = run(DUEL + "dice: [6, 2]\n")
    (failure,) = result.failures
    assert failure.problem is Problem.UNUSED_DICE
    assert failure.message == "2 forced dice were never rolled"
    assert failure.at.span.line == 9 and failure.actual == "[6,2]"


def test_dice_forced_by_a_step_are_rolled_in_that_step() -> None:
    steps = "steps:\n  - do: attack\n    unit: n1\n    target: s1\n    dice: [2]\n"
    result = run(DUEL + steps + "expect:\n  - unit: s1\n    hp: 4\n")
    assert result.passed  # a 2 misses (melee hits on 3+)
    result = run(DUEL + steps.replace("[2]", "[2, 5]") + "expect:\n  - unit: s1\n    hp: 4\n")
    assert [f.problem for f in result.failures] == [Problem.UNUSED_DICE]
    assert result.failures[0].at.span.line == 10  # the step that forced them


def test_an_observation_the_game_cannot_make_fails_with_its_reason() -> None:
    (failure,) = run(DUEL + "expect:\n  - unit: n11\n    hp: 1\n").failures
    assert failure.problem is Problem.OBSERVE
    assert failure.message == "unit n11 hp: HF404 no entity 'n11'"
    assert failure.hint == "did you mean 'n1'?"


class _Explosive(toy_driver.SkirmishDriver):
    game = "explosive"

    def setup(self, *args: object) -> toy_driver.SkirmishGame:
        game = super().setup(*args)  # type: ignore[arg-type]
        return _ExplosiveGame(game.engine)


class _ExplosiveGame(toy_driver.SkirmishGame):
    def perform(self, action: str, args: Args) -> None:
        if action == "end":
            raise RuntimeError("boom")
        super().perform(action, args)


def test_a_driver_crash_in_a_step_is_a_failure_of_that_step() -> None:
    result = run(
        DUEL.replace("skirmish", "explosive") + "steps:\n  - do: end\n    unit: n1\n", _Explosive()
    )
    (failure,) = result.failures
    assert failure.problem is Problem.CRASH
    assert failure.message == "'end' raised RuntimeError: boom"
    assert failure.hint is not None and "not in this file" in failure.hint


def test_a_failed_check_stops_the_scenario() -> None:
    text = DUEL + (
        "steps:\n  - expect:\n      - unit: n1\n        hp: 9\n"
        "  - do: rally\n    unit: n1\n"
        "expect:\n  - unit: s1\n    hp: 0\n"
    )
    result = run(text)
    assert [f.message for f in result.failures] == ["unit n1 hp"]
    assert not any("rally" in line for line in result.log_tail)


@pytest.mark.parametrize(
    ("expected", "passes"),
    [
        ("4", True),
        ("{equals: 4}", True),
        ("{not: 4}", False),
        ("{not: 3}", True),
        ("{at_least: 4}", True),
        ("{at_least: 5}", False),
        ("{at_most: 3}", False),
        ("{at_least: 1, at_most: 4}", True),
    ],
)
def test_number_matchers(expected: str, passes: bool) -> None:
    assert run(DUEL + f"expect:\n  - unit: n1\n    hp: {expected}\n").passed is passes


@pytest.mark.parametrize(
    ("expected", "passes"),
    [
        ("[n1]", True),
        ("[n1, n2]", False),
        ("{contains: n1}", True),
        ("{contains: s1}", False),
        ("{lacks: s1}", True),
        ("{lacks: n1}", False),
        ("{size: 1}", True),
        ("{size: 2}", False),
        ("{size: 1, contains: n1}", True),
    ],
)
def test_list_matchers(expected: str, passes: bool) -> None:
    assert run(DUEL + f"expect:\n  - player: north\n    units: {expected}\n").passed is passes


def test_a_wrong_size_shows_the_expected_size_and_the_list() -> None:
    """Players' hand size (issue 6) is checked as the size of the hand's list."""
    text = report(DUEL + "expect:\n  - player: north\n    units: {size: 2}\n")
    assert "expectation failed: player north units" in text
    assert "    expected: size 2" in text and '    actual:   ["n1"]' in text


def test_text_contains_looks_for_a_part_of_the_text() -> None:
    assert run(DUEL + "expect:\n  - unit: n1\n    weapon: {contains: mel}\n").passed
    assert not run(DUEL + "expect:\n  - unit: n1\n    weapon: {lacks: mel}\n").passed


def test_json_equality_is_exact_true_is_not_one() -> None:
    assert not run(DUEL + "expect:\n  - game: {ap: true}\n").passed
    assert run(DUEL + "expect:\n  - game: {ap: 2}\n").passed


HIT = DUEL + "dice: [6]\nsteps:\n  - do: attack\n    unit: n1\n    target: s1\n"


@pytest.mark.parametrize(
    ("expectation", "passes"),
    [
        ("happened: {event: damage, target: s1, amount: 2}", True),
        ("happened: {event: damage, target: n1}", False),
        ("happened: {type: roll, results: [6]}", True),
        ("happened: {type: event, payload: {target: s1}}", True),
        ("happened: {event: damage}\n    times: 1", True),
        ("happened: {event: damage}\n    times: 2", False),
        ("happened: {type: roll}\n    times: 0", False),
        ("not_happened: {event: defeated}", True),
        ("not_happened: {event: attack}", False),
        ("in_order: [{event: attack}, {type: roll}, {event: damage}]", True),
        ("in_order: [{event: damage}, {event: attack}]", False),
    ],
)
def test_log_expectations(expectation: str, passes: bool) -> None:
    assert run(HIT + f"expect:\n  - {expectation}\n").passed is passes


def test_a_missing_event_is_reported_with_the_similar_ones() -> None:
    (failure,) = run(HIT + "expect:\n  - happened: {event: damage, target: n1}\n").failures
    assert failure.message == 'log: 0 entries match {"event":"damage","target":"n1"}'
    assert failure.expected == "at least one entry"
    assert failure.actual is not None
    assert 'event damage {"amount":2,"source":"n1","target":"s1"}' in failure.actual


def test_a_wrong_count_and_an_unwanted_event_are_reported() -> None:
    (count,) = run(HIT + "expect:\n  - happened: {event: damage}\n    times: 2\n").failures
    assert (count.expected, count.actual) == ("exactly 2", "1")
    (unwanted,) = run(HIT + "expect:\n  - not_happened: {event: attack}\n").failures
    assert unwanted.message == 'log: 1 entries match {"event":"attack"}, none should'
    assert unwanted.actual is not None and "event attack" in unwanted.actual


def test_an_order_broken_points_at_the_pattern_not_found() -> None:
    text = HIT + "expect:\n  - in_order:\n      - {event: damage}\n      - {event: attack}\n"
    (failure,) = run(text).failures
    assert failure.at.span.line == 17
    assert failure.message.startswith('log: no entry matches {"event":"attack"} after entry #')
    assert failure.expected == '{"event":"damage"} then {"event":"attack"}'


def test_same_seed_and_answers_give_the_same_log() -> None:
    text = DUEL.replace("game: skirmish", "game: skirmish\nseed: 8") + (
        "steps:\n  - do: attack\n    unit: n1\n    target: s1\n"
        "  - do: attack\n    unit: n1\n    target: s1\n    refused: HF520\n"
    )
    first, second = run(text), run(text)
    assert first.passed and first.log_tail == second.log_tail
