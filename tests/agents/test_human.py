"""The terminal human agent, driven by scripted input lines (no TTY), and undo by replay."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from hexforge.core.agents import HumanAgent, UndoSession
from hexforge.core.agents.human import HELP, QuitRequest
from hexforge.core.engine import Agent, Decision, FirstLegalAgent, ScriptedAgent
from hexforge.core.engine.log import replay_answers
from hexforge.plugins.nshex.agents import board_summary
from hexforge.plugins.nshex.play import NshexRunner
from tests.plugged import HOST


class Terminal:
    """Scripted input lines (then ``then`` forever) and the captured output."""

    def __init__(self, lines: list[str], then: str | None = None) -> None:
        self.lines: Iterator[str] = iter(lines)
        self.then = then
        self.out: list[str] = []

    def read(self, prompt: str) -> str:
        line = next(self.lines, self.then)
        if line is None:
            raise AssertionError("the agent asked for more input than scripted")
        return line

    def write(self, text: str) -> None:
        self.out.append(text)


def decision(*options: str) -> Decision:
    return Decision(1, "action", "p1", tuple(options), {"unit": "he-man"})


def test_numbered_options_help_and_bad_input() -> None:
    terminal = Terminal(["h", "banana", "9", "2"])
    agent = HumanAgent(terminal.read, terminal.write)
    answer = agent.choose(decision("end", "move", "focus"), None)  # type: ignore[arg-type]
    assert answer == "move"
    assert "  1. end" in terminal.out and "  3. focus" in terminal.out
    assert "p1: action (unit=he-man)" in terminal.out
    assert HELP in terminal.out
    assert terminal.out.count("type a number from 1 to 3 or an option as shown, or h for help") == 2


def test_quit_and_undo_with_nothing_to_undo() -> None:
    terminal = Terminal(["u", "q"])
    with pytest.raises(QuitRequest):
        HumanAgent(terminal.read, terminal.write).choose(decision("a", "b"), None)  # type: ignore[arg-type]
    assert "nothing to undo in this activation" in terminal.out


def test_undo_replays_the_game_up_to_the_humans_previous_choice() -> None:
    """Undo = the same seed and the recorded answers minus the human's last one: the human
    is asked that decision again and the finished game is one consistent game."""
    runner = NshexRunner(HOST)
    smart, vegas = runner.players({})
    # smart: HQ on option 1; turn 1: option 3 (play its tile), then undo at the hex
    # decision, which asks 'action' again; then option 1 ('end') for everything else.
    terminal = Terminal(["1", "3", "u", "1"], then="1")
    human = HumanAgent(terminal.read, terminal.write, summary=board_summary)
    session = UndoSession({smart: human, vegas: FirstLegalAgent()})
    played = session.run(lambda seats: runner.play(4, seats, {}))
    assert session.restarts == 1
    actions = [
        e
        for e in played.engine.log.entries()
        if e["type"] == "decision" and e["kind"] == "action" and e["player"] == smart
    ]
    assert actions[0]["answer"] == "end"  # the undone 'play' is gone
    assert any(line.startswith("HQ life") for line in terminal.out)  # the board summary
    lines = played.engine.log.text().splitlines()
    again: dict[str, Agent] = dict.fromkeys((smart, vegas), ScriptedAgent(replay_answers(lines)))
    assert runner.play(4, again, {}).engine.log.text().splitlines() == lines


def test_undo_cannot_reach_past_another_players_choice() -> None:
    session = UndoSession({})
    session.history = [("p1", "a"), ("p2", "b")]
    assert not session.can_undo("p1")
    assert session.can_undo("p2")
