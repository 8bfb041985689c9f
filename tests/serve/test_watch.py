"""Watch mode's data (``GET /api/tables/ID/replay``): the replay viewer's frames and stops
of the table's game, with its headlines in the table's language (docs/serve.md)."""

from __future__ import annotations

from pathlib import Path

from hexforge.core.render import read_log_file
from hexforge.core.render.headlines import account_headlines
from hexforge.core.render.viewer import stepper_data
from hexforge.plugins.nshex.play import NshexRunner
from hexforge.plugins.nshex.render import NshexRenderer
from tests.plugged import HOST
from tests.serve.helpers import client, play_on, settled


def test_a_played_game_s_replay_is_the_viewer_s(tmp_path: Path) -> None:
    api = client()
    body = {"game": "nshex", "seed": 3, "agents": ["human", "random"], "lang": "pl"}
    view = play_on(api, api.post("/api/tables", json=body).json())
    assert view["status"] == "over", view["problems"]
    response = api.get(f"/api/tables/{view['id']}/replay")
    assert response.status_code == 200, response.text
    watched = response.json()
    saved = tmp_path / "game.log"
    saved.write_text(api.get(f"/api/tables/{view['id']}/log").text, encoding="utf-8")
    log = read_log_file(saved)
    replay = NshexRenderer(HOST).replay(log)  # what `hexforge render replay` shows
    assert replay is not None
    assert len(watched["frames"]) == len(replay.frames) == len(log.entries)
    assert [f["board"] for f in watched["frames"]] == [f.board for f in replay.frames]
    assert watched["stops"] == {k: list(v) for k, v in replay.stops.items()}
    said = account_headlines(NshexRunner(HOST), replay, "pl")
    assert watched["steps"] == stepper_data(log, replay, said)["steps"]
    last = watched["steps"][-1]["said"][-1]  # the result is the last headline, in Polish
    assert last == view["result"]["summary"] or view["result"]["summary"] in last
    assert 'id="watch-next-round"' in watched["html"] and 'id="next-round"' not in watched["html"]
    assert watched["words"]["step"] == "krok" and "<h2>kości</h2>" in watched["html"]


def test_a_loaded_log_and_a_game_in_progress_are_watched_and_an_unknown_table_is_404(
    tmp_path: Path,
) -> None:
    from tests.render.helpers import nshex_log_text

    api = client()
    text = nshex_log_text(5)
    loaded = api.post("/api/tables/load", json={"log": text, "agents": ["random", "random"]})
    assert loaded.status_code == 201, loaded.text
    view = settled(api, loaded.json())
    watched = api.get(f"/api/tables/{view['id']}/replay").json()
    lines = [line for line in api.get(f"/api/tables/{view['id']}/log").text.splitlines() if line]
    assert len(watched["frames"]) == len(watched["steps"]) == len(lines)
    assert set(watched["stops"]) <= {"round", "action", "attack", "knockout"}
    body = {"game": "nshex", "seed": 3, "agents": ["human", "random"]}
    waiting = play_on(api, api.post("/api/tables", json=body).json(), answers=2)
    assert waiting["status"] == "waiting"
    so_far = api.get(f"/api/tables/{waiting['id']}/replay")
    assert so_far.status_code == 200, so_far.text  # the game so far, to the waiting decision
    lines = [line for line in api.get(f"/api/tables/{waiting['id']}/log").text.splitlines()]
    assert len(so_far.json()["frames"]) == len(lines) and '"result"' not in lines[-1]
    missing = api.get("/api/tables/nothere/replay")
    assert missing.status_code == 404 and missing.json()["errors"][0]["code"] == "HF081"
