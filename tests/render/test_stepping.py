"""The replay viewer's stops and headlines (issue 26), found from real logs: rounds,
activations, actions, attacks and knock-outs of a motu game, turns, hits and destroyed
tiles of an nshex game; the headlines are the account's sentences, the result last."""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

from hexforge.core.play import Runtime
from hexforge.core.render import STOP_KINDS, GameLogFile, Replay, read_log_file, replay_html
from hexforge.core.render.headlines import account_headlines
from hexforge.plugins.motu.play import MotuRunner
from hexforge.plugins.motu.render import MotuRenderer
from hexforge.plugins.nshex.play import NshexRunner
from hexforge.plugins.nshex.render import NshexRenderer
from tests.plugged import HOST
from tests.render.helpers import write_nshex_log


@cache
def heuristic_motu_log() -> str:
    """``hexforge play --seed 4``'s game: fourteen attacks, one knock-out, four rounds."""
    return Runtime(HOST).play("motu", 4, ["heuristic", "heuristic"], {}).engine.log.text()


def _motu(tmp_path: Path) -> tuple[GameLogFile, Replay]:
    path = tmp_path / "motu.jsonl"
    path.write_text(heuristic_motu_log(), encoding="utf-8")
    log = read_log_file(path)
    replay = MotuRenderer(HOST).replay(log)
    assert replay is not None
    return log, replay


def test_motu_stops_are_its_rounds_activations_actions_attacks_and_knockouts(
    tmp_path: Path,
) -> None:
    log, replay = _motu(tmp_path)
    entries = log.entries
    stops = replay.stops
    assert tuple(stops) == STOP_KINDS
    for kind, at in stops.items():
        assert list(at) == sorted(set(at)), kind
    rounds = [entries[i]["round"] for i in stops["round"]]
    assert rounds == list(range(1, len(rounds) + 1)) and len(rounds) >= 2
    assert [i for i, e in enumerate(entries) if e["type"] == "activate"] == list(
        stops["activation"]
    )
    assert all(entries[i]["type"] == "attack" for i in stops["attack"]) and stops["attack"]
    assert len(stops["attack"]) == sum(1 for e in entries if e["type"] == "attack")
    knocked = [
        i for i, e in enumerate(entries) if e["type"] == "event" and e["name"] == "knocked_out"
    ]
    assert knocked  # one character is knocked out
    assert list(stops["knockout"]) == knocked
    for i in stops["action"]:
        entry = entries[i]
        assert entry["type"] == "interrupt" or (
            entry["kind"] == "action" and entry["answer"] != "end"
        )
    # every activation lies in a round: after the first round begins
    assert stops["activation"][0] > stops["round"][0]


def test_nshex_stops_are_turns_tiles_hits_and_destroyed_tiles(tmp_path: Path) -> None:
    log = read_log_file(write_nshex_log(tmp_path))
    replay = NshexRenderer(HOST).replay(log)
    assert replay is not None
    stops, entries = replay.stops, log.entries
    assert "activation" not in stops and replay.stop_names["round"] == "turn"
    page = replay_html(log, replay, title="nshex")
    assert 'id="at-round" data-name="turn"' in page and 'id="next-activation"' not in page
    turns = [str(entries[i]["text"]) for i in stops["round"]]
    assert turns and all(t.startswith("turn ") for t in turns)
    assert all(entries[i].get("name") == "hit" for i in stops["attack"]) and stops["attack"]
    assert all(entries[i].get("name") == "killed" for i in stops["knockout"])


def test_headlines_are_the_account_one_entry_at_a_time_with_the_result_last(
    tmp_path: Path,
) -> None:
    log, replay = _motu(tmp_path)
    runner = MotuRunner(HOST)
    said = account_headlines(runner, replay, "en")
    assert said is not None and len(said) == len(log.entries)
    engine = replay.engine
    assert engine is not None
    account = [text.strip() for text, _ in runner.narration(engine, "en")]
    result = runner.outcome(engine, "en")
    assert [t for entry in said for t in entry] == [*account, result]
    assert said[-1][-1] == result
    german = account_headlines(runner, replay, "de")
    assert german is not None and german[-1][-1] == runner.outcome(engine, "de")
    page = replay_html(log, replay, title="motu", headlines=said)
    found = re.search(r'id="replay-data">(.*?)</script>', page, re.S)
    assert found is not None
    data = json.loads(found[1])
    assert data["stops"]["round"] == list(replay.stops["round"])
    assert data["steps"][-1]["said"][-1] == result
    assert 'id="next-round"' in page and 'id="prev-attack"' in page


def test_nshex_headlines_are_its_notes_and_hits(tmp_path: Path) -> None:
    log = read_log_file(write_nshex_log(tmp_path))
    replay = NshexRenderer(HOST).replay(log)
    runner = NshexRunner(HOST)
    said = account_headlines(runner, replay, "en")
    assert said is not None and replay is not None and replay.engine is not None
    account = [text.strip() for text, _ in runner.narration(replay.engine, "en")]
    assert [t for entry in said for t in entry] == [*account, runner.outcome(replay.engine, "en")]
