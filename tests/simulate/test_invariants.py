"""Invariant checking (``hexforge simulate --check``, hook ``hexforge_invariants``): the
games' own invariants catch broken positions as HF055, and the mode cannot silently pass."""

from __future__ import annotations

import re
import types
from pathlib import Path

import pytest
from click.testing import CliRunner

from hexforge.core.agents import AgentSpec
from hexforge.core.cli.main import make_cli
from hexforge.core.engine import Decision, Engine, Json, RandomAgent
from hexforge.core.errors import HexforgeError
from hexforge.core.simulate import jobs_for
from hexforge.core.simulate.backends import run_jobs
from hexforge.core.simulate.invariants import InvariantChecker, Moment, invariants_for
from hexforge.plugins.manager import load_plugins
from hexforge.plugins.markers import hookimpl
from hexforge.plugins.motu.board import on_board
from hexforge.plugins.motu.invariants import INVARIANTS as MOTU
from hexforge.plugins.motu.rounds import new_game, play_round
from hexforge.plugins.motu.setups import shipped_setup
from hexforge.plugins.nshex import position as pos
from hexforge.plugins.nshex.invariants import INVARIANTS as NSHEX
from tests.nshex.random_games import play_checked
from tests.plugged import LIB
from tests.plugged import MOTU as MOTU_RULES

ROOT = Path(__file__).resolve().parents[2]


def _motu_round_one() -> Engine:
    engine = new_game(
        MOTU_RULES,
        shipped_setup("first-game", LIB),
        4,
        {"masters": RandomAgent(1), "evil": RandomAgent(2)},
    )
    play_round(engine)
    return engine


def _broken(invariants: object, game: str, engine: Engine, moment: Moment) -> str:
    checker = InvariantChecker(invariants, game, 4)  # type: ignore[arg-type]
    with pytest.raises(HexforgeError) as error:
        checker.check(engine, moment)
    found = error.value.diagnostics[0]
    assert found.code == "HF055" and found.hint is not None
    assert found.hint.startswith(f"reproduce with: hexforge play --game {game} --seed 4")
    return found.message


def test_the_installed_games_contribute_their_invariants_through_the_hook() -> None:
    manager = load_plugins().manager
    assert invariants_for(manager, "motu") == list(MOTU)
    assert invariants_for(manager, "nshex") == list(NSHEX)


def test_a_sound_motu_position_passes_and_broken_ones_are_named() -> None:
    """rulebook §Mana (0-5), §Movement (one model per place), §Scoring (VP as logged)."""
    engine = _motu_round_one()
    InvariantChecker(MOTU, "motu", 4).check(engine, Moment.STEP)  # sound: no error
    unit = on_board(engine)[0]
    engine.set_prop(unit, "mana", 6)
    message = _broken(MOTU, "motu", engine, Moment.STEP)
    assert message.startswith("motu seed 4: invariant 'mana in range' broken at the step")
    assert f"{unit} has 6 mana" in message
    engine.set_prop(unit, "mana", 0)
    other = on_board(engine)[1]
    engine.set_prop(other, "hex", engine.prop(unit, "hex"))
    engine.set_prop(other, "level", engine.prop(unit, "level"))
    assert "invariant 'one model per place'" in _broken(MOTU, "motu", engine, Moment.STEP)


def test_vp_not_justified_by_the_log_is_caught() -> None:
    engine = _motu_round_one()
    vp = engine.state.data["vp"]
    assert isinstance(vp, dict) and isinstance(vp["evil"], int)
    vp = {**vp, "evil": vp["evil"] + 3}
    engine.state.data["vp"] = vp
    assert "invariant 'vp as logged'" in _broken(MOTU, "motu", engine, Moment.STEP)


def test_broken_nshex_positions_are_named() -> None:
    """Duel rules §Przebieg gry (three tiles in hand), §Zwycięstwo (the result)."""
    engine, _ = play_checked(3)
    data = pos.game_data(engine)
    player = engine.players[0]
    data["hands"][player] = data["hands"][player] + data["piles"][player][:4]
    message = _broken(NSHEX, "nshex", engine, Moment.STEP)
    assert "invariant 'tiles conserved'" in message and "holds" in message
    assert "in 2 places" in message
    engine, _ = play_checked(3)
    result = pos.game_data(engine)["result"]
    result["winner"] = "nobody"
    assert "invariant 'result agrees'" in _broken(NSHEX, "nshex", engine, Moment.END)
    InvariantChecker(NSHEX, "nshex", 4).check(engine, Moment.STEP)  # END-only invariant


class _Saboteur:
    """Plays at random, but at its third decision pushes a character's mana to 9: a rules
    bug ``--check`` must catch."""

    def __init__(self, seed: int) -> None:
        self.random = RandomAgent(seed)
        self.answered = 0

    def choose(self, decision: Decision, engine: Engine) -> Json:
        self.answered += 1
        if self.answered == 3:
            engine.set_prop(on_board(engine)[0], "mana", 9)
        return self.random.choose(decision, engine)


@hookimpl
def hexforge_agents() -> list[AgentSpec]:
    return [AgentSpec("motu", "saboteur", "corrupts the mana of a character", _Saboteur)]


def test_simulate_check_catches_a_corrupted_game_and_says_how_to_replay_it() -> None:
    plugin = types.ModuleType("saboteur")
    plugin.hexforge_agents = hexforge_agents  # type: ignore[attr-defined]
    cli = make_cli([("saboteur", plugin)])
    args = ["simulate", "--game", "motu", "--games", "2", "--seed", "7"]
    args += ["--p1", "saboteur", "--p2", "random"]
    unchecked = CliRunner().invoke(cli, args)
    assert unchecked.exit_code == 0, unchecked.output  # the bug goes unnoticed without --check
    checked = CliRunner().invoke(cli, [*args, "--check"])
    assert checked.exit_code != 0
    text = " ".join(checked.output.split())
    assert "HF055" in text and "motu seed 7: invariant 'mana in range' broken after" in text
    assert re.search(
        r"broken after (event '\w+'|decision \d+) \(log line \d+\): \S+ has 9 mana", text
    )
    assert "reproduce with: hexforge play --game motu --seed 7 --p1 saboteur --p2 random" in text


def _docs_plugin() -> types.ModuleType:
    """The example plugin of docs/plugins.md, section hexforge_invariants."""
    page = (ROOT / "docs" / "plugins.md").read_text(encoding="utf-8")
    section = page.split("### `hexforge_invariants(", 1)[1].split("\n### ", 1)[0]
    code = re.findall(r"```python\n(.*?)```", section, re.DOTALL)[0]
    module = types.ModuleType("plugins_md_invariants")
    exec(compile(code, "docs/plugins.md", "exec"), module.__dict__)
    return module


def test_the_documented_expansion_invariant_is_checked_by_simulate() -> None:
    plugin = _docs_plugin()
    host = load_plugins([("hq-watch", plugin)])
    names = [i.name for i in invariants_for(host.manager, "nshex")]
    assert names == [*(i.name for i in NSHEX), "HQs stay on the board"]
    args = ["simulate", "--game", "nshex", "--games", "3", "--p2", "random", "--check"]
    result = CliRunner().invoke(make_cli([("hq-watch", plugin)]), args)
    assert result.exit_code == 0, result.output
    assert "HQs stay on the board" in " ".join(result.output.split())
    german = CliRunner().invoke(make_cli([("hq-watch", plugin)]), ["--lang", "de", *args])
    assert "Hauptquartiere bleiben auf dem Spielplan" in " ".join(german.output.split())
    engine, _ = play_checked(2)
    hq = pos.game_data(engine)["hq"][engine.players[1]]
    del pos.game_data(engine)["board"][str(engine.prop(hq, "hex"))]
    message = _broken(invariants_for(host.manager, "nshex")[-1:], "nshex", engine, Moment.END)
    assert "invariant 'HQs stay on the board'" in message and hq in message


def test_a_broken_game_in_a_worker_process_is_reported_not_hung() -> None:
    """The pool carries a worker's HF055 back (an exception that does not pickle would
    leave the pool waiting for ever)."""
    plugin = types.ModuleType("saboteur")
    plugin.hexforge_agents = hexforge_agents  # type: ignore[attr-defined]
    host = load_plugins([("saboteur", plugin)])
    jobs = jobs_for("motu", 2, 7, ["saboteur", "random"], {}, True)
    with pytest.raises(HexforgeError) as error:
        run_jobs(jobs, workers=2, plugins=host)
    assert error.value.diagnostics[0].code == "HF055"
    assert "invariant 'mana in range'" in error.value.diagnostics[0].message
