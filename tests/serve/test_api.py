"""The web table's HTTP and WebSocket API (hexforge serve, docs/serve.md), through
Starlette's TestClient: whole games, determinism against ``hexforge play``, save and load,
undo, and every bad request answered with a diagnostic, never a traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from hexforge.core.engine import Json
from hexforge.core.play import Runtime
from hexforge.core.serve import Tables, create_app
from tests.plugged import HOST
from tests.serve.helpers import client, play_on, runtime_log, settled

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def api() -> TestClient:
    return client()


def test_the_lobby_lists_both_games_their_agents_options_and_setups(api: TestClient) -> None:
    lobby = api.get("/api/lobby").json()
    games = {game["id"]: game for game in lobby["games"]}
    assert {"motu", "nshex"} <= set(games)
    motu = games["motu"]
    assert motu["players"] == ["masters", "evil"]
    assert {"human", "random", "first", "heuristic"} <= {a["name"] for a in motu["agents"]}
    setup = next(option for option in motu["options"] if option["name"] == "setup")
    assert "first-game" in setup["values"]
    assert games["nshex"]["options"][0]["name"] == "armies"
    assert lobby["languages"] == ["en", "pl", "de", "fr"]


def test_the_page_and_its_assets_are_served(api: TestClient) -> None:
    page = api.get("/")
    assert page.status_code == 200 and "hexforge table" in page.text
    assert "boardClick" in api.get("/static/app.js").text
    assert api.get("/static/app.css").headers["content-type"].startswith("text/css")
    assert api.get("/static/secrets.txt").status_code == 404


@pytest.mark.parametrize(
    ("game", "seed", "agents"),
    [("motu", 3, ["random", "heuristic"]), ("nshex", 5, ["random", "first"])],
)
def test_a_game_between_agents_is_the_game_hexforge_play_plays(
    api: TestClient, game: str, seed: int, agents: list[str]
) -> None:
    created = api.post("/api/tables", json={"game": game, "seed": seed, "agents": agents})
    assert created.status_code == 201
    view = settled(api, created.json())
    assert view["status"] == "over" and view["result"]["summary"]
    saved = api.get(f"/api/tables/{view['id']}/log")
    assert saved.headers["content-disposition"] == f'attachment; filename="{game}-seed{seed}.log"'
    assert saved.text == runtime_log(game, seed, agents, {})


@pytest.mark.parametrize("game", ["motu", "nshex"])
def test_a_browser_seat_answering_by_index_plays_the_same_game_as_its_agent(
    api: TestClient, game: str
) -> None:
    body = {"game": game, "seed": 2, "agents": ["human", "random"]}
    view = api.post("/api/tables", json=body).json()
    waiting = settled(api, view)
    assert waiting["status"] == "waiting"
    assert waiting["seats"][waiting["decision"]["player"]] == "human"
    first = api.get(f"/api/tables/{view['id']}/board")
    assert first.headers["content-type"].startswith("image/svg+xml")
    assert "data-coord" in first.text
    over = play_on(api, view)  # always the first choice: the "first" agent
    assert over["status"] == "over" and over["result"]["account"]
    assert over["decision"] is None
    saved = api.get(f"/api/tables/{view['id']}/log").text
    assert saved == runtime_log(game, 2, ["first", "random"], {})


def test_hot_seat_both_players_answer_in_the_browser(api: TestClient) -> None:
    view = api.post("/api/tables", json={"game": "nshex", "seed": 4, "agents": ["human"] * 2})
    players = set()

    def pick(decision: dict[str, object]) -> int:
        players.add(decision["player"])
        return 0

    over = play_on(api, view.json(), pick)
    assert players == {"smart", "vegas"}
    assert api.get(f"/api/tables/{over['id']}/log").text == runtime_log(
        "nshex", 4, ["first", "first"], {}
    )


def test_a_saved_game_loads_at_the_decision_it_was_saved_at_and_plays_on(
    api: TestClient,
) -> None:
    options = {"setup": "first-game"}
    body = {"game": "motu", "seed": 6, "agents": ["human", "random"], "options": options}
    view = play_on(api, api.post("/api/tables", json=body).json(), answers=5)
    saved = api.get(f"/api/tables/{view['id']}/log").text
    loaded = api.post("/api/tables/load", json={"log": saved, "agents": ["human", "random"]})
    assert loaded.status_code == 201, loaded.text
    again = settled(api, loaded.json())
    assert again["status"] == "waiting" and again["seed"] == 6
    assert again["decision"]["seq"] == view["decision"]["seq"]
    assert again["decision"]["options"] == view["decision"]["options"]
    assert api.get(f"/api/tables/{again['id']}/log").text == saved
    play_on(api, again)  # on from the loaded point: the game the first agent plays
    whole = api.get(f"/api/tables/{again['id']}/log").text
    assert whole == runtime_log("motu", 6, ["first", "random"], options)


def test_a_log_loaded_with_other_options_is_hf052(api: TestClient) -> None:
    body = {"game": "motu", "seed": 1, "agents": ["random", "random"]}
    view = settled(api, api.post("/api/tables", json=body).json())
    saved = api.get(f"/api/tables/{view['id']}/log").text
    request = {"log": saved, "agents": ["human", "random"], "options": {"setup": "standard"}}
    assert _error(api.post("/api/tables/load", json=request)) == (400, "HF052")


def test_a_setup_that_does_not_load_is_the_game_s_own_error(api: TestClient) -> None:
    body = {"game": "motu", "agents": ["human", "random"], "options": {"setup": "nosuch"}}
    status, code = _error(api.post("/api/tables", json=body))
    assert status == 400 and code.startswith("HF7")


def test_undo_takes_back_the_last_choice_of_the_player(api: TestClient) -> None:
    body = {"game": "nshex", "seed": 3, "agents": ["human", "random"]}
    view = settled(api, api.post("/api/tables", json=body).json())
    table = view["id"]
    assert view["decision"]["can_undo"] is False
    refused = api.post(f"/api/tables/{table}/undo")
    assert refused.status_code == 400 and refused.json()["errors"][0]["code"] == "HF082"
    answered = view["decision"]
    for _ in range(20):  # until the browser's player answers twice in a row
        answered = view["decision"]
        view = play_on(api, view, answers=1)
        if view["decision"]["can_undo"]:
            break
    assert view["decision"]["can_undo"] is True
    undone = settled(api, api.post(f"/api/tables/{table}/undo").json())
    assert undone["decision"]["seq"] == answered["seq"]
    assert undone["decision"]["options"] == answered["options"]
    assert undone["decision"]["can_undo"] is False  # the other player's choice came before


def test_updates_come_over_the_websocket(api: TestClient) -> None:
    body = {"game": "nshex", "seed": 8, "agents": ["human", "first"]}
    view = settled(api, api.post("/api/tables", json=body).json())
    with api.websocket_connect(f"/api/tables/{view['id']}/updates") as socket:
        now = socket.receive_json()
        assert now["version"] == view["version"] and now["status"] == "waiting"
        decision = now["decision"]
        api.post(f"/api/tables/{view['id']}/answer", json={"seq": decision["seq"], "index": 0})
        later = socket.receive_json()
        while later["status"] == "thinking":
            later = socket.receive_json()
        assert later["decision"]["seq"] > decision["seq"]


def test_a_websocket_for_an_unknown_table_gets_hf081(api: TestClient) -> None:
    with api.websocket_connect("/api/tables/nope/updates") as socket:
        assert socket.receive_json()["errors"][0]["code"] == "HF081"


def _error(response: object) -> tuple[int, str]:
    status = response.status_code  # type: ignore[attr-defined]
    body = response.json()  # type: ignore[attr-defined]
    assert "Traceback" not in json.dumps(body)
    return status, body["errors"][0]["code"]


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"game": "chess"}, 400, "HF051"),
        ({"game": 7}, 400, "HF080"),
        ({}, 400, "HF080"),
        ({"game": "motu", "agents": ["human", "genius"]}, 400, "HF050"),
        ({"game": "motu", "agents": ["human"]}, 400, "HF058"),
        ({"game": "motu", "agents": "human"}, 400, "HF080"),
        ({"game": "motu", "options": {"setpu": "first-game"}}, 400, "HF057"),
        ({"game": "motu", "options": {"setup": 3}}, 400, "HF080"),
        ({"game": "motu", "seed": "one"}, 400, "HF080"),
        ({"game": "motu", "lang": "xx"}, 400, "HF080"),
    ],
)
def test_a_bad_new_game_is_a_diagnostic(
    api: TestClient, body: dict[str, object], status: int, code: str
) -> None:
    assert _error(api.post("/api/tables", json=body)) == (status, code)


def test_bad_answers_are_hf082_and_unknown_tables_hf081(api: TestClient) -> None:
    body = {"game": "nshex", "seed": 1, "agents": ["human", "random"]}
    view = settled(api, api.post("/api/tables", json=body).json())
    answer = f"/api/tables/{view['id']}/answer"
    seq = view["decision"]["seq"]
    assert _error(api.post(answer, json={"seq": seq, "index": 999})) == (400, "HF082")
    assert _error(api.post(answer, json={"seq": seq, "index": -1})) == (400, "HF082")
    assert _error(api.post(answer, json={"seq": seq + 1, "index": 0})) == (400, "HF082")
    assert _error(api.post(answer, json={"seq": seq, "index": "0"})) == (400, "HF080")
    assert _error(api.post(answer, content=b"{not json")) == (400, "HF080")
    assert _error(api.post(answer, json=[seq, 0])) == (400, "HF080")
    assert _error(api.get("/api/tables/nope")) == (404, "HF081")
    assert _error(api.get(f"/api/tables/{view['id']}?wait=soon")) == (400, "HF080")
    assert _error(api.get("/api/cards/motu/nobody")) == (404, "HF901")
    assert _error(api.post("/api/tables/load", json={"log": "not a log"}))[0] == 400
    assert api.delete(f"/api/tables/{view['id']}").status_code == 200


def test_a_bug_is_hf002_with_status_500_and_no_traceback() -> None:
    tables = Tables(HOST)

    def broken() -> dict[str, Json]:
        raise RuntimeError("boom")

    tables.lobby = broken  # type: ignore[method-assign]
    api = TestClient(create_app(tables), raise_server_exceptions=False)
    assert _error(api.get("/api/lobby")) == (500, "HF002")


def test_other_host_names_are_refused_when_hosts_are_given() -> None:
    api = TestClient(create_app(Tables(HOST), allowed_hosts=["127.0.0.1"]))
    assert api.get("/api/lobby").status_code == 400  # Host: testserver (DNS rebinding)
    assert api.get("/api/lobby", headers={"host": "127.0.0.1"}).status_code == 200


def test_a_pack_given_with_pack_is_played_at_the_table() -> None:
    """``hexforge --pack FOLDER serve``: the pack's army is in the game (the example
    expansion's Moloch, data only, given by path as the group's ``--pack`` does)."""
    from hexforge.plugins.manager import load_plugins
    from hexforge.plugins.pack_folders import PLUGIN_NAME, pack_folders

    folder = ROOT / "plugins/examples/hexforge-moloch/src/hexforge_moloch/pack"
    host = load_plugins([(PLUGIN_NAME, pack_folders([folder]))])
    api = TestClient(create_app(Tables(host)))
    options = {"armies": "moloch,vegas"}
    body = {"game": "nshex", "seed": 2, "agents": ["human", "random"], "options": options}
    view = settled(api, api.post("/api/tables", json=body).json())
    assert view["status"] == "waiting" and view["decision"]["player"] == "moloch"
    over = play_on(api, view)
    assert over["status"] == "over"
    played = Runtime(host).play("nshex", 2, ["first", "random"], options)
    assert api.get(f"/api/tables/{view['id']}/log").text == played.engine.log.text()


@pytest.mark.parametrize(
    ("method", "path", "status"),
    [("GET", "/api/games", 404), ("DELETE", "/api/lobby", 405), ("GET", "/nothing", 404)],
)
def test_a_route_that_does_not_exist_is_a_coded_json_error(
    api: TestClient, method: str, path: str, status: int
) -> None:
    """A request to a server gets a clear error, never Starlette's bare "Not Found"."""
    response = api.request(method, path)
    assert response.status_code == status
    (error,) = response.json()["errors"]
    assert error["code"] == "HF080" and path in error["message"]
