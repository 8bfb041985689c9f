"""hexforge simulate: statistics, backends giving identical results, reports, --check."""

from __future__ import annotations

import importlib.util
import json
import os
import sys
from collections.abc import Mapping
from pathlib import Path

import pytest
from click.testing import CliRunner

from hexforge.core.cli.main import make_cli
from hexforge.core.engine import Agent, RandomAgent
from hexforge.core.errors import HexforgeError
from hexforge.core.play import PlayedGame
from hexforge.core.simulate import jobs_for, summarise, wilson
from hexforge.core.simulate.backends import Backend, run_jobs
from hexforge.core.simulate.jobs import check_game
from hexforge.core.simulate.report import report_html, report_json
from hexforge.plugins.nshex.play import NshexRunner
from tests.plugged import HOST


def test_wilson_interval_known_values() -> None:
    """Wilson score interval at 95%: 0/10 -> [0, 0.2775], 5/10 -> [0.2366, 0.7634]."""
    assert wilson(0, 10)[0] == 0.0
    assert wilson(0, 10)[1] == pytest.approx(0.2775, abs=1e-4)
    assert wilson(5, 10) == pytest.approx((0.2366, 0.7634), abs=1e-4)
    assert wilson(10, 10)[1] == pytest.approx(1.0)
    assert wilson(0, 0) == (0.0, 1.0)


def test_jobs_alternate_seats_and_seeds() -> None:
    jobs = jobs_for("nshex", 3, 10, ["heuristic", "random"], {}, False)
    assert [j.seed for j in jobs] == [10, 11, 12]
    assert [j.agents for j in jobs] == [
        ("heuristic", "random"),
        ("random", "heuristic"),
        ("heuristic", "random"),
    ]


def test_one_or_two_processes_give_identical_statistics() -> None:
    jobs = jobs_for("nshex", 6, 3, ["heuristic", "random"], {}, True)
    one = summarise(run_jobs(jobs, workers=1))
    two = summarise(run_jobs(jobs, workers=2))
    assert report_json(one, {}) == report_json(two, {})
    assert one.games == 6
    assert sum(r.count for r in one.seat_wins.values()) + one.draws.count == 6
    assert one.characters, "tiles that acted are counted"


@pytest.mark.skipif(
    os.environ.get("HEXFORGE_RAY_TESTS") != "1" and not importlib.util.find_spec("ray"),
    reason="ray is not installed (.ci/run installs it and sets HEXFORGE_RAY_TESTS=1)",
)
def test_ray_backend_gives_the_local_results() -> None:
    """Same seeds -> same report on local Ray (2 CPUs) as on the process pool."""
    jobs = jobs_for("nshex", 4, 5, ["heuristic", "random"], {}, False)
    local = report_json(summarise(run_jobs(jobs, workers=2)), {})
    ray = report_json(summarise(run_jobs(jobs, workers=2, backend=Backend.RAY)), {})
    assert ray == local


def test_simulate_command_writes_json_and_self_contained_html(tmp_path: Path) -> None:
    args = ["simulate", "--games", "4", "--jobs", "2", "--seed", "2", "--check"]
    result = CliRunner().invoke(make_cli(), [*args, "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert "agent heuristic: wins" in result.output and "95% CI" in result.output
    assert "invariants held in all 4 games" in result.output
    data = json.loads((tmp_path / "report.json").read_text())
    assert data["games"] == 4 and data["settings"]["p2"] == "random"
    assert data["characters"] and data["cards"]
    assert {"pick_rate", "win_rate_when_used", "damage"} <= set(data["characters"][0])
    html = (tmp_path / "report.html").read_text()
    assert html.count("<svg") >= 3
    assert "<script" not in html and "src=" not in html and "href=" not in html


def test_the_html_report_escapes_names() -> None:
    jobs = jobs_for("nshex", 2, 1, ["random", "random"], {}, False)
    html = report_html(summarise(run_jobs(jobs)), {"note": "<b>"})
    assert "<b>" not in html and "&lt;b&gt;" in html


def test_unknown_agent_fails_before_any_game() -> None:
    result = CliRunner().invoke(make_cli(), ["simulate", "--games", "2", "--p1", "genius"])
    assert result.exit_code != 0
    assert "HF050" in result.output


def test_bad_worker_count_is_hf054() -> None:
    with pytest.raises(HexforgeError) as error:
        run_jobs(jobs_for("nshex", 1, 1, ["random", "random"], {}, False), workers=0)
    assert error.value.diagnostics[0].code == "HF054"


def test_the_ray_backend_without_ray_is_hf056(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray -> ImportError
    with pytest.raises(HexforgeError) as error:
        run_jobs(jobs_for("nshex", 1, 1, ["random", "random"], {}, False), backend=Backend.RAY)
    assert error.value.diagnostics[0].code == "HF056"


class _Unsteady:
    """nshex whose second play of a seed differs: what --check must catch."""

    def __init__(self) -> None:
        self.inner = NshexRunner(HOST)
        self.game = "nshex"
        self.calls = 0

    def players(self, options: Mapping[str, str]) -> list[str]:
        return self.inner.players(options)

    def play(
        self, seed: int, agents: Mapping[str, Agent], options: Mapping[str, str]
    ) -> PlayedGame:
        self.calls += 1
        return self.inner.play(seed + self.calls - 1, agents, options)


def test_check_catches_a_game_that_does_not_replay() -> None:
    """HF055: the seed and the answers must give the same log again."""
    runner = _Unsteady()
    job = jobs_for("nshex", 1, 3, ["random", "random"], {}, True)[0]
    players = runner.players({})
    played = runner.play(job.seed, {p: RandomAgent(i) for i, p in enumerate(players)}, {})
    with pytest.raises(HexforgeError) as error:
        check_game(runner, job, played)
    found = error.value.diagnostics[0]
    assert found.code == "HF055"
    assert (
        found.hint == "reproduce with: hexforge play --game nshex --seed 3 --p1 random --p2 random"
    )
