"""Playing at the web table through its API, as the page does (tests/serve)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from starlette.testclient import TestClient

from hexforge.core.play import Runtime
from hexforge.core.serve import Tables, create_app
from tests.plugged import HOST

View = dict[str, Any]


def client() -> TestClient:
    return TestClient(create_app(Tables(HOST)))


def settled(api: TestClient, view: View) -> View:
    """The view once the computer agents stopped thinking (a decision waits, or the end)."""
    while view["status"] == "thinking":
        response = api.get(f"/api/tables/{view['id']}?wait={view['version']}")
        assert response.status_code == 200, response.text
        view = response.json()
    return view


def first_choice(decision: View) -> int:
    return 0


def play_on(
    api: TestClient,
    view: View,
    pick: Callable[[View], int] = first_choice,
    answers: int | None = None,
) -> View:
    """Answer the browser's decisions with ``pick`` until the game ends (or ``answers``
    of them are given); the view then."""
    given = 0
    while True:
        view = settled(api, view)
        if view["status"] != "waiting" or (answers is not None and given >= answers):
            return view
        decision = view["decision"]
        body = {"seq": decision["seq"], "index": pick(decision)}
        response = api.post(f"/api/tables/{view['id']}/answer", json=body)
        assert response.status_code == 200, response.text
        view = response.json()
        given += 1


def runtime_log(game: str, seed: int, agents: list[str], options: dict[str, str]) -> str:
    """The log ``hexforge play`` writes for the same game."""
    return Runtime(HOST).play(game, seed, agents, options).engine.log.text()
