"""What the web table shows beyond the game itself (docs/serve.md): the game's own account
in the chosen language, the marks of a hovered model and of an attack choice compared
with the motu rules' own sight, range and cover functions, the page's words in each
language, and a server that answers while agents think."""

from __future__ import annotations

import time
from typing import Any

import pytest
from starlette.testclient import TestClient

from hexforge.core.engine import Decision, Engine, Json
from hexforge.core.hexgrid import format_coord
from hexforge.core.play import Runtime
from hexforge.core.serve import GameSpec, Tables, create_app
from hexforge.core.serve.words import LANGUAGE_ORDER, words
from hexforge.plugins.motu.attacks import scope_changes, usable_weapons
from hexforge.plugins.motu.board import (
    adjacent,
    hexes_of,
    in_sight,
    on_board,
    within,
)
from hexforge.plugins.motu.cards import WeaponType
from hexforge.plugins.motu.situations import Situation
from tests.plugged import HOST
from tests.serve.helpers import client, settled


@pytest.fixture(scope="module")
def api() -> TestClient:
    return client()


# -- the account --------------------------------------------------------------------------


@pytest.mark.parametrize(("game", "seed", "word"), [("motu", 3, "runda 1"), ("nshex", 5, "Sztab")])
def test_the_log_is_the_game_s_own_account_in_polish(
    api: TestClient, game: str, seed: int, word: str
) -> None:
    agents = ["random", "first"]
    body = {"game": game, "seed": seed, "agents": agents, "lang": "pl"}
    view = settled(api, api.post("/api/tables", json=body).json())
    assert view["status"] == "over"
    runtime = Runtime(HOST)
    played = runtime.play(game, seed, agents, {})
    told = runtime.runner(game).narration(played.engine, "pl")  # type: ignore[attr-defined]
    assert view["account"] == [list(line) for line in told]
    assert any(word in text for text, _ in view["account"])
    assert view["result"]["account"] == [text for text, _ in told]
    said = runtime.runner(game).outcome(played.engine, "pl")  # type: ignore[attr-defined]
    assert view["result"]["summary"] == said


def test_a_game_in_german_tells_its_attacks_in_german(api: TestClient) -> None:
    body = {"game": "motu", "seed": 3, "agents": ["random", "heuristic"], "lang": "de"}
    view = settled(api, api.post("/api/tables", json=body).json())
    texts = [text for text, _ in view["account"]]
    assert any(text.startswith("Runde 1") for text in texts), texts[:5]
    assert any("greift" in text and "an" in text for text in texts)  # X greift Y mit Z an


# -- marks: a hovered model, an attack choice ------------------------------------------------


class _Stop(Exception):
    pass


def _at_an_attack(seed: int) -> tuple[Engine, Decision]:
    """A motu game (masters random, evil heuristic) stopped at the masters' first action
    decision that offers an attack: its engine and that decision."""
    runtime = Runtime(HOST)
    seated = runtime.seat("motu", ["masters", "evil"], ["random", "heuristic"], seed)
    found: list[tuple[Engine, Decision]] = []

    class Watch:
        def __init__(self, player: str) -> None:
            self.player = player

        def choose(self, decision: Decision, engine: Engine) -> Json:
            attacks = [o for o in decision.options if str(o).startswith("attack ")]
            if self.player == "masters" and decision.kind == "action" and attacks:
                found.append((engine, decision))
                raise _Stop
            return seated[self.player].choose(decision, engine)

    with pytest.raises(_Stop):
        runtime.runner("motu").play(seed, {p: Watch(p) for p in seated}, {})
    return found[0]


@pytest.fixture(scope="module")
def attack_position(api: TestClient) -> tuple[Engine, Decision, dict[str, Any]]:
    """The position of :func:`_at_an_attack` loaded at the table, waiting for the browser."""
    engine, decision = _at_an_attack(45)
    body = {"log": engine.log.text(), "agents": ["human", "heuristic"], "lang": "en"}
    loaded = api.post("/api/tables/load", json=body)
    assert loaded.status_code == 201, loaded.text
    view = settled(api, loaded.json())
    assert view["status"] == "waiting" and view["decision"]["seq"] == decision.seq
    return engine, decision, view


def test_a_hovered_model_s_marks_are_the_rules_sight_range_and_cover(
    api: TestClient, attack_position: tuple[Engine, Decision, dict[str, Any]]
) -> None:
    engine, decision, view = attack_position
    marks = api.get(f"/api/tables/{view['id']}/marks").json()
    assert marks["board_version"] == view["board_version"]
    units = marks["units"]
    assert set(units) == set(on_board(engine))
    unit = str(decision.context["unit"])
    mine = units[unit]
    ranged = [w for w in usable_weapons(engine, unit) if w.type is not WeaponType.MELEE]
    assert ranged, "the attacker has a ranged or spell weapon"
    longest = max(w.range or 0 for w in ranged)
    checked = 0
    for other in on_board(engine):
        if other == unit or len(hexes_of(engine, other)) > 1:
            continue
        tags = mine.get(format_coord(hexes_of(engine, other)[0]), [])
        seen = in_sight(engine, unit, other)
        assert ("sight" in tags) == seen, (other, tags)
        in_range = within(engine, unit, other, longest)
        assert ("range" in tags) == in_range, (other, tags)
        assert ("melee" in tags) == adjacent(engine, unit, other), (other, tags)
        covered = Situation.COVER in scope_changes(engine, unit, ranged[0], other)
        assert ("cover" in tags) == (seen and in_range and covered), (other, tags)
        checked += 1
    assert checked >= 4
    assert sum("sight" in tags for tags in mine.values()) > 20  # empty hexes too


def test_an_attack_choice_marks_its_target_and_the_target_s_cover(
    attack_position: tuple[Engine, Decision, dict[str, Any]],
) -> None:
    engine, decision, view = attack_position
    options = view["decision"]["options"]
    attacks = [o for o in options if o["text"].startswith("attack ")]
    assert attacks and all(not o["marks"] for o in options if o not in attacks)
    unit = str(decision.context["unit"])
    weapons = {w.id: w for w in usable_weapons(engine, unit)}
    for option in attacks:
        _, weapon_id, target = option["text"].split()
        situations = scope_changes(engine, unit, weapons[weapon_id], target)
        (hex_,) = hexes_of(engine, target)
        tags = option["marks"][format_coord(hex_)]
        assert tags[0] == "target"
        assert ("cover" in tags) == (Situation.COVER in situations), (option["text"], tags)
        assert ("flank" in tags) == (Situation.FLANK in situations), (option["text"], tags)


def test_marks_are_not_served_for_a_board_the_browser_is_not_looking_at(
    api: TestClient,
) -> None:
    body = {"game": "nshex", "seed": 2, "agents": ["human", "random"]}
    view = settled(api, api.post("/api/tables", json=body).json())
    marks = api.get(f"/api/tables/{view['id']}/marks").json()
    assert marks == {"board_version": view["board_version"], "units": {}}  # nshex: no marks
    assert all(o["marks"] == {} for o in view["decision"]["options"])
    assert api.get("/api/tables/nope/marks").status_code == 404


# -- the page's words -------------------------------------------------------------------


def test_the_page_s_words_in_german(api: TestClient) -> None:
    german = api.get("/api/words?lang=de").json()
    assert german["lang"] == "de"
    assert german["words"]["new_game"] == "Neues Spiel"
    assert german["words"]["cover"] == "in Deckung"
    assert api.get("/api/words").json()["words"]["new_game"] == "New game"
    refused = api.get("/api/words?lang=xx")
    assert refused.status_code == 400 and refused.json()["errors"][0]["code"] == "HF080"


def test_every_word_the_page_names_is_in_every_language(api: TestClient) -> None:
    import re

    page = api.get("/").text + api.get("/static/app.js").text
    named = set(re.findall(r'data-word(?:-title|-placeholder)?="(\w+)"', page))
    named |= set(re.findall(r"\bword\(\"(\w+)\"\)", page))
    assert {"new_game", "save", "load", "log", "result", "undo", "seed"} <= named
    named |= {"thinking", "waiting", "over", "failed"}  # word(view.status)
    named |= {"sight", "range", "melee", "cover", "target", "flank", "area", "hit"}  # marks
    english = words("en")
    assert named <= set(english)
    for lang in LANGUAGE_ORDER:
        table = words(lang)
        assert set(table) == set(english)
        if lang != "en":  # translated, not English left in place (but a shared word)
            same = [k for k in named if table[k] == english[k] and k not in ("fit",)]
            assert len(same) <= 1, (lang, same)


# -- agents think without blocking the server -------------------------------------------


class _Busy:
    """An agent that thinks hard (pure Python, holding the interpreter) before it takes
    the first choice."""

    def __init__(self) -> None:
        self.decisions = 0

    def choose(self, decision: Decision, engine: Engine) -> Json:
        deadline = time.perf_counter() + 0.02
        while time.perf_counter() < deadline:
            sum(range(200))
        self.decisions += 1
        return decision.options[0]


def test_the_server_answers_while_agents_think() -> None:
    """Two agents thinking hard in the table's worker thread: requests are answered while
    they play on (the threads share the interpreter, which switches every few ms). Counted
    in decisions, not seconds, so a loaded machine cannot fail it: a server that waited
    for the game would answer only once it is over."""
    tables = Tables(HOST)
    api = TestClient(create_app(tables))
    api.get("/api/lobby")  # the lobby is worked out once, at the first request
    busy = _Busy()
    runner = tables.runtime.runner("motu")
    seats = {"masters": "busy", "evil": "busy"}
    spec = GameSpec("motu", 1, {}, seats, {"masters": busy, "evil": busy})
    table = tables._open(runner, spec)
    statuses: list[str] = []
    first = busy.decisions
    while busy.decisions < first + 5 and len(statuses) < 1000:
        statuses.append(api.get(f"/api/tables/{table.id}").json()["status"])
        assert api.get(f"/api/tables/{table.id}/board").status_code == 200
        api.get("/api/lobby")
    table.close()
    assert busy.decisions >= first + 5, "the agents did not play on while requests came"
    assert set(statuses) == {"thinking"}  # every answer came while the game went on
