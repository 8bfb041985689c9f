"""The search agent (issue 25): forked playouts that never escape, a budget in playouts,
seeded and deterministic answers, hidden cards re-dealt, the winning move found."""

from __future__ import annotations

import json
import mmap
import os
import struct
import sys
import threading
import time
import types
from collections.abc import Callable
from dataclasses import replace

import pytest

from hexforge.core.agents import agent_specs, make_agent
from hexforge.core.agents.playout import Job, Plan, Played, playouts, usable_cores
from hexforge.core.agents.search import (
    SEARCH_UNAVAILABLE,
    SearchAgent,
    SearchGame,
    SearchStats,
    seeded_shuffle,
)
from hexforge.core.engine import Agent, Decision, Engine, FirstLegalAgent, Json, Ruleset
from hexforge.core.errors import HexforgeError
from hexforge.core.simulate import jobs_for
from hexforge.core.simulate.backends import Backend, run_jobs
from hexforge.plugins.motu.rounds import PLAYERS, new_game
from hexforge.plugins.motu.search_hooks import DRAW_SHADE, determinise
from hexforge.plugins.motu.search_hooks import value as motu_value
from hexforge.plugins.motu.setups import shipped_setup
from hexforge.plugins.motu.state import MotuState, PlayerState
from hexforge.plugins.nshex.game import new_game as nshex_game
from hexforge.plugins.nshex.game import play_game as play_nshex
from hexforge.plugins.nshex.play import NshexRunner
from hexforge.plugins.nshex.search_hooks import NSHEX_SEARCH
from tests.plugged import HOST

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="the search forks")


# ---- a toy game: one choice that wins at once, one that loses, one that plays on -----------


def toy_value(engine: Engine, player: str) -> float:
    winner = engine.state.data.get("winner")
    return 0.0 if winner is None else 1.0 if winner == player else -1.0


def play_toy(engine: Engine) -> str | None:
    """``a`` picks ``slow`` (a coin game of a few rounds), ``win`` or ``lose``; the game
    ends with an ``over`` entry."""
    answer = engine.decide("pick", "a", ["slow", "lose", "win"])
    data = engine.state.data
    if answer == "slow":
        score = 0
        for _ in range(3):
            call = engine.decide("call", "b", ["high", "low"])
            roll = engine.roll(1, reason="coin")[0]
            score += 1 if (roll > 3) == (call == "high") else -1
        data["winner"] = "b" if score > 0 else "a" if score < -1 else None
    else:
        data["winner"] = "a" if answer == "win" else "b"
    engine.note("over", winner=data["winner"])
    return None if data["winner"] is None else str(data["winner"])


TOY = SearchGame(
    game="toy",
    policy=lambda seed: FirstLegalAgent(),
    value=toy_value,
    end_entries=frozenset({"over"}),
    horizon=50,
)


def toy_engine(seed: int, agents: dict[str, Agent]) -> Engine:
    return Engine.new(Ruleset(), seed, ["a", "b"], agents)


def test_the_search_finds_the_winning_move_the_policy_misses() -> None:
    """The policy (first legal option) would play on; the search wins at once, and every
    playout reported a value (each ended at the game's end entry, inside the child)."""
    agent = SearchAgent(1, TOY, playouts=6, width=3)
    engine = toy_engine(3, {"a": agent, "b": FirstLegalAgent()})
    assert play_toy(engine) == "a"
    assert agent.stats.searched == 1 and agent.stats.changed == 1
    assert 4 <= agent.stats.playouts <= 6 and agent.stats.failed == 0


# ---- strategies: a course of two answers the policy's continuation would undo -------------


class LastLegalAgent:
    """Always the last option: the strategy that goes and pushes."""

    def choose(self, decision: Decision, engine: Engine) -> Json:
        return decision.options[-1]


def play_course(engine: Engine) -> str | None:
    """``a`` may ``stay`` (a draw) or ``go``; having gone, ``stop`` loses and ``push`` wins.
    The first legal option stays; going is worth it only to a player who then pushes."""
    data = engine.state.data
    if engine.decide("first", "a", ["stay", "go"]) == "stay":
        data["winner"] = None
    else:
        data["winner"] = "a" if engine.decide("then", "a", ["stop", "push"]) == "push" else "b"
    engine.note("over", winner=data["winner"])
    return None if data["winner"] is None else str(data["winner"])


def course_agent(strategies: bool) -> SearchAgent:
    game = replace(
        TOY,
        strategies=(lambda decision, engine: [lambda seed: LastLegalAgent()])
        if strategies
        else None,
    )
    return SearchAgent(1, game, playouts=4, width=3)


@pytest.mark.parametrize("strategies", [False, True])
def test_a_strategy_values_a_course_the_policy_would_undo(strategies: bool) -> None:
    """Going, valued with the policy's continuation (which stops), loses: a search of
    answers alone stays. The strategy's arm goes and keeps to its course in its playouts
    (it pushes), so the search with it goes, and wins - deciding again at ``then``."""
    agent = course_agent(strategies)
    engine = toy_engine(1, {"a": agent, "b": FirstLegalAgent()})
    assert play_course(engine) == ("a" if strategies else None)
    assert agent.stats.changed == (2 if strategies else 0)


def last_legal(seed: int) -> Agent:
    return LastLegalAgent()


def play_ways(engine: Engine) -> str:
    """Having gone, ``a`` wins by either way: the way it takes is the log's to tell."""
    if engine.decide("first", "a", ["stay", "go"]) == "stay":
        return "stayed"
    way = str(engine.decide("then", "a", ["left", "right"]))
    engine.state.data["winner"] = "a"
    engine.note("over", winner="a")
    return way


def test_a_course_taken_is_kept_while_no_answer_does_better() -> None:
    """The strategy chosen at ``first`` (go, then the last way) is the first arm at
    ``then``: both ways win, and the tie keeps the course's way, not the policy's."""
    game = replace(TOY, strategies=lambda decision, engine: [last_legal])
    agent = SearchAgent(1, game, playouts=4, width=3)
    engine = toy_engine(1, {"a": agent, "b": FirstLegalAgent()})
    assert play_ways(engine) == "right"


# ---- a secret simultaneous choice: the answer given before is not the search's to see -------


class AnswerAgent:
    """Always ``answer``."""

    def __init__(self, answer: Json) -> None:
        self.answer = answer

    def choose(self, decision: Decision, engine: Engine) -> Json:
        return self.answer


def play_bids(engine: Engine, hidden: bool) -> str | None:
    """``a`` and ``b`` bid 1, 2 or 3 together, ``a`` asked first; ``b`` wins with one more
    than ``a`` (3 beats 2, 2 beats 1, 1 beats 3), ``a`` with one less, else a draw."""
    bid_a, bid_b = engine.decide_together(
        [("bid", "a", [1, 2, 3]), ("bid", "b", [1, 2, 3])], hidden=hidden
    )
    assert isinstance(bid_a, int) and isinstance(bid_b, int)
    ahead = (bid_b - bid_a) % 3
    winner = None if ahead == 0 else "b" if ahead == 1 else "a"
    engine.state.data["winner"] = winner
    engine.note("over", winner=winner)
    return winner


@pytest.mark.parametrize("hidden", [True, False])
def test_a_secret_answer_given_before_is_asked_again_in_playouts(hidden: bool) -> None:
    """``a`` bids 2 in the game; in the playouts the policy bids for it (the first option,
    1). A secret bid is forgotten by every playout and asked again of the policy, so the
    search answers 2, what beats the policy's bid, and draws - had the playouts kept the
    bid they were forked with, the search would see it and answer 3. An open simultaneous
    choice is not secret: the playouts keep ``a``'s bid and the search wins with 3."""
    agent = SearchAgent(1, TOY, playouts=6, width=3)
    engine = toy_engine(1, {"a": AnswerAgent(2), "b": agent})
    assert play_bids(engine, hidden) == (None if hidden else "b")
    bids = [e["answer"] for e in map(json.loads, engine.log.lines) if e["type"] == "decision"]
    assert bids == [2, 2 if hidden else 3]
    assert engine.together == [] and agent.stats.searched == 1


def test_a_playout_never_gets_back_to_the_caller() -> None:
    """Every playout's game ends inside the playout: had a child returned from the game
    into this test, it would have marked the shared page (its pipes are closed)."""
    shared = mmap.mmap(-1, 8)
    parent = os.getpid()
    for seed in range(3):
        agent = SearchAgent(seed, TOY, playouts=8, width=3)
        engine = toy_engine(seed, {"a": agent, "b": FirstLegalAgent()})
        play_toy(engine)
        if os.getpid() != parent:
            shared[0] = 1
            os._exit(0)
        assert 6 <= agent.stats.playouts <= 8 and agent.stats.failed == 0
    assert shared[0] == 0


@pytest.mark.parametrize("workers", [1, 2])
def test_playouts_run_side_by_side_and_a_late_one_is_killed(workers: int) -> None:
    """Jobs ``workers`` at a time, their outcomes in the jobs' order: two that hang are
    killed at the plan's timeout (no value), the others are valued. Each child notes when
    it started in a shared page: side by side, the second hanging job starts before the
    first is killed; one at a time, only after."""
    shared = mmap.mmap(-1, 16)
    engine = toy_engine(1, {"a": FirstLegalAgent(), "b": FirstLegalAgent()})
    plan = Plan(
        player="a",
        policy=lambda seed: FirstLegalAgent(),
        value=toy_value,
        end_entries=frozenset({"over"}),
        horizon=50,
        timeout=0.5,
    )
    jobs = [Job("hang 0", 1), Job("win", 2), Job("hang 1", 3), Job("lose", 4)]
    found = playouts(engine, jobs, plan, workers)
    if not isinstance(found, Played):  # a child, with its job's answer
        if str(found).startswith("hang"):
            struct.pack_into("<d", shared, 8 * int(str(found)[-1]), time.monotonic())
            while True:
                time.sleep(0.01)
        engine.state.data["winner"] = "a" if found == "win" else "b"
        engine.note("over")  # the end entry ends the child with its value
        os._exit(0)
    assert [o.value if o else "not run" for o in found.outcomes] == [None, 1.0, None, -1.0]
    first, second = struct.unpack_from("<dd", shared)
    assert (abs(second - first) < 0.5) == (workers == 2)


class ToyBug(Exception):
    pass


def play_broken_toy(engine: Engine, stop: bool) -> None:
    """``slow`` either stops the game without its end entry (a caller's turn limit) or
    raises (a bug on a path only playouts take); ``win`` ends it properly."""
    answer = engine.decide("pick", "a", ["slow", "lose", "win"])
    if answer == "slow":
        engine.decide("call", "b", ["high", "low"])
        if stop:
            return
        raise ToyBug("a bug on this path")
    engine.state.data["winner"] = "a" if answer == "win" else "b"
    engine.note("over")


@pytest.mark.parametrize("stop", [True, False], ids=["stopped early", "raising"])
def test_a_playout_ends_with_the_frame_that_holds_the_game(stop: bool) -> None:
    """A game stopped early inside a playout returns to the outermost frame holding the
    engine (``run``), whose end ends the child with the position evaluated: the code after
    ``run`` never runs in a child. A raising game's exception passes that frame (its
    traceback keeps the frame alive) into the caller - here pytest, in a child whose
    streams and pipes are closed and whose first file or fork ends it: the playout counts
    as failed, and the search still takes the win."""
    shared = mmap.mmap(-1, 8)
    parent = os.getpid()

    def run() -> SearchAgent:
        agent = SearchAgent(1, TOY, playouts=6, width=3)
        engine = toy_engine(1, {"a": agent, "b": FirstLegalAgent()})
        play_broken_toy(engine, stop)
        return agent

    agent = run()
    if os.getpid() != parent:
        shared[0] = 1
        os._exit(0)
    assert shared[0] == 0
    assert agent.stats.playouts >= 4 and agent.stats.changed == 1
    assert agent.stats.failed == (0 if stop else 2)


def test_the_search_leaves_the_game_untouched() -> None:
    """Playouts run in children: the parent's state is the same before and after."""
    seen: list[str] = []

    class Checking:
        def __init__(self) -> None:
            self.search = SearchAgent(5, TOY, playouts=6, width=3)

        def choose(self, decision: Decision, engine: Engine) -> Json:
            before = engine.state_hash()
            answer = self.search.choose(decision, engine)
            seen.append(engine.state_hash())
            assert engine.state_hash() == before
            return answer

    play_toy(toy_engine(5, {"a": Checking(), "b": FirstLegalAgent()}))
    assert seen


def test_the_budget_counts_playouts_and_the_time_cap_stops_early() -> None:
    counted: list[int] = []

    class Counting:
        def __init__(self, agent: SearchAgent) -> None:
            self.agent = agent

        def choose(self, decision: Decision, engine: Engine) -> Json:
            before = self.agent.stats.playouts
            answer = self.agent.choose(decision, engine)
            counted.append(self.agent.stats.playouts - before)
            return answer

    for budget in (4, 5, 9):
        counted.clear()
        agent = SearchAgent(2, TOY, playouts=budget, width=3)
        play_toy(toy_engine(2, {"a": Counting(agent), "b": Counting(agent)}))
        assert counted and max(counted) <= budget
    capped = SearchAgent(2, TOY, playouts=50, max_ms=0.0, width=3)
    engine = toy_engine(2, {"a": capped, "b": FirstLegalAgent()})
    play_toy(engine)
    assert capped.stats.playouts == 0
    assert '"answer":"slow"' in engine.log.text()  # no playout: the policy's answer


def test_same_seed_same_answers() -> None:
    def log(seed: int) -> str:
        agents: dict[str, Agent] = {
            "a": SearchAgent(seed, TOY, playouts=6, width=3),
            "b": SearchAgent(seed + 1, TOY, playouts=4),
        }
        engine = toy_engine(seed, agents)
        play_toy(engine)
        return engine.log.text()

    assert log(4) == log(4)


def test_an_nshex_game_with_search_is_deterministic() -> None:
    """Same seeds, same budget: the same game, byte for byte (hexforge replay relies on
    the answers being logged; the search's own answers must repeat too) - whether its
    playouts run one at a time or two side by side."""
    rules = NshexRunner(HOST).rules
    specs = agent_specs(HOST.manager, "nshex")

    def log(workers: int = 1) -> tuple[str, SearchStats]:
        search = SearchAgent(11, NSHEX_SEARCH, playouts=4, workers=workers)
        agents: dict[str, Agent] = {"smart": search, "vegas": make_agent(specs, "heuristic", 12)}
        engine = nshex_game(rules, {"smart": "smart", "vegas": "vegas"}, 11, agents)
        play_nshex(engine, turns=2)  # a playout running past turn 2 ends with this frame
        return engine.log.text(), search.stats

    (first, stats), (again, _), (side_by_side, _) = log(), log(), log(workers=2)
    assert first == again == side_by_side
    assert stats.searched >= 2 and stats.failed == 0


def test_search_is_an_agent_of_both_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """Its budget and workers come from the environment; one playout at a time at least."""
    monkeypatch.setenv("HEXFORGE_SEARCH_PLAYOUTS", "12")
    monkeypatch.setenv("HEXFORGE_SEARCH_WORKERS", "3")
    for game in ("motu", "nshex"):
        agent = make_agent(agent_specs(HOST.manager, game), "search", 3)
        assert isinstance(agent, SearchAgent) and (agent.playouts, agent.workers) == (12, 3)
    for name, text, message in [
        ("HEXFORGE_SEARCH_PLAYOUTS", "many", "is not a whole number"),
        ("HEXFORGE_SEARCH_WORKERS", "0", "HEXFORGE_SEARCH_WORKERS must be at least 1"),
    ]:
        monkeypatch.setenv(name, text)
        with pytest.raises(HexforgeError) as raised:
            make_agent(agent_specs(HOST.manager, "motu"), "search", 3)
        assert raised.value.diagnostics[0].code == SEARCH_UNAVAILABLE
        assert message in raised.value.diagnostics[0].message
        monkeypatch.delenv(name)
    agent = make_agent(agent_specs(HOST.manager, "nshex"), "search", 3)
    assert isinstance(agent, SearchAgent) and agent.workers == usable_cores()


def test_the_search_refuses_to_fork_from_a_worker_thread() -> None:
    """hexforge serve runs agents in worker threads: forking there is unsafe (HF065)."""
    agent = SearchAgent(1, TOY, playouts=6, width=3)
    engine = toy_engine(1, {"a": agent, "b": FirstLegalAgent()})
    caught: list[BaseException] = []

    def run() -> None:
        try:
            play_toy(engine)
        except HexforgeError as error:
            caught.append(error)

    worker = threading.Thread(target=run)
    worker.start()
    worker.join()
    assert caught and "worker thread" in str(caught[0])


def test_the_search_refuses_to_run_under_ray(monkeypatch: pytest.MonkeyPatch) -> None:
    """A Ray worker keeps threads of its own (RPC, object store), so forking it is unsafe:
    the agent is refused where Ray runs (HF065), and the ray backend refuses jobs naming it
    before it starts Ray (or needs it installed)."""
    ray = types.ModuleType("ray")
    ray.is_initialized = lambda: True  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "ray", ray)
    with pytest.raises(HexforgeError) as raised:
        SearchAgent(1, TOY, playouts=6)
    assert raised.value.diagnostics[0].code == SEARCH_UNAVAILABLE
    assert "Ray" in str(raised.value)
    monkeypatch.delitem(sys.modules, "ray")
    jobs = jobs_for("nshex", 2, 1, ["search", "heuristic"], {}, False)
    with pytest.raises(HexforgeError) as refused:
        run_jobs(jobs, backend=Backend.RAY)
    assert refused.value.diagnostics[0].code == SEARCH_UNAVAILABLE
    assert "--backend local" in (refused.value.diagnostics[0].hint or "")


# ---- hidden cards -------------------------------------------------------------------------


def test_motu_playouts_re_deal_the_opponents_hand_and_deck() -> None:
    """The searching player's hand stays; the opponent's hand and deck are the same cards
    dealt again, and its own deck is reshuffled - from the seed alone."""
    from hexforge.plugins.motu.library import motu_rules

    rules = motu_rules(HOST)
    first: dict[str, Agent] = dict.fromkeys(PLAYERS, FirstLegalAgent())
    engine = new_game(rules, shipped_setup("first-game", rules.library), 1, first)
    masters, evil = (PlayerState(engine, p) for p in PLAYERS)
    before = (list(masters.fate), list(masters.deck), list(evil.fate), list(evil.deck))
    determinise(engine, "masters", 99)
    after = (list(masters.fate), list(masters.deck), list(evil.fate), list(evil.deck))
    assert after[0] == before[0]
    assert sorted(after[1]) == sorted(before[1]) and after[1] != before[1]
    assert len(after[2]) == len(before[2]) and len(after[3]) == len(before[3])
    assert sorted(after[2] + after[3]) == sorted(before[2] + before[3])
    assert after[2] != before[2]
    again = new_game(rules, shipped_setup("first-game", rules.library), 1, first)
    determinise(again, "masters", 99)
    assert PlayerState(again, "evil").fate == after[2]


def test_motu_values_turn_on_the_victory_margin() -> None:
    """A cut-off game is worth about half a win 20 VP ahead (a points victory's margin) and
    nothing level; a finished draw is worth a little to the side ahead, never a win."""
    from hexforge.plugins.motu.library import motu_rules

    rules = motu_rules(HOST)
    first: dict[str, Agent] = dict.fromkeys(PLAYERS, FirstLegalAgent())
    engine = new_game(rules, shipped_setup("first-game", rules.library), 1, first)
    masters, evil = (PlayerState(engine, p) for p in PLAYERS)
    assert motu_value(engine, "masters") == 0.0
    masters.vp, evil.vp = 30, 10
    assert 0.45 < motu_value(engine, "masters") < 0.55
    assert motu_value(engine, "evil") == -motu_value(engine, "masters")
    MotuState(engine).set_result(None, "draw on points 30-10")
    assert 0 < motu_value(engine, "masters") <= DRAW_SHADE
    assert motu_value(engine, "evil") == -motu_value(engine, "masters")
    MotuState(engine).set_result("evil", "knock-out victory")
    assert motu_value(engine, "evil") == 1.0 and motu_value(engine, "masters") == -1.0


def test_seeded_shuffle_is_a_function_of_the_seed() -> None:
    items = list(range(20))
    shuffled: Callable[[int], list[int]] = lambda seed: seeded_shuffle(items, seed)  # noqa: E731
    assert shuffled(1) == shuffled(1) != shuffled(2)
    assert sorted(shuffled(3)) == items
