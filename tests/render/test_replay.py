"""The replay builder: one frame per log entry, exact replays, self-contained HTML."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from hexforge.core.engine import Engine, RandomAgent, Ruleset
from hexforge.core.errors import HexforgeError
from hexforge.core.render import parse, read_log_file, replay_html
from hexforge.core.render.describe import describe
from hexforge.plugins.motu.render import MotuRenderer
from hexforge.plugins.nshex.render import NshexRenderer
from tests.plugged import HOST
from tests.render.helpers import motu_game, nshex_log_text, with_class, write_nshex_log


def _data(page: str) -> dict[str, list[dict[str, object]]]:
    match = re.search(r'<script type="application/json" id="replay-data">(.*?)</script>', page)
    assert match is not None
    loaded: dict[str, list[dict[str, object]]] = json.loads(match[1])
    return loaded


def test_an_nshex_replay_has_a_frame_per_log_entry_and_hq_scores(tmp_path: Path) -> None:
    log = read_log_file(write_nshex_log(tmp_path))
    replay = NshexRenderer(HOST).replay(log)
    assert replay is not None
    assert len(replay.frames) == len(log.entries)
    assert replay.frames[0].board == 0 and replay.frames[-1].board == len(replay.boards) - 1
    # Every tile placement changes the picture: one board per distinct position.
    placed = sum(1 for e in log.entries if e.get("type") == "enter")
    assert 2 <= len(replay.boards) <= placed + len(log.entries)
    last = dict(replay.frames[-1].score)
    assert set(last) == {"smart", "vegas"} and all(0 <= v <= 20 for v in last.values())
    first_hq = next(i for i, e in enumerate(log.entries) if e.get("type") == "enter")
    assert replay.frames[first_hq - 1].board != replay.frames[first_hq].board


def test_an_edited_log_does_not_replay(tmp_path: Path) -> None:
    """HF907: the pictures would be of another game, so the builder refuses."""
    lines = nshex_log_text().splitlines()
    index = next(i for i, line in enumerate(lines) if '"kind":"rotation"' in line)
    entry = json.loads(lines[index])
    entry["answer"] = (entry["answer"] + 1) % 6
    lines[index] = json.dumps(entry, separators=(",", ":"), sort_keys=True)
    path = tmp_path / "edited.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(HexforgeError) as caught:
        NshexRenderer(HOST).replay(read_log_file(path))
    (diagnostic,) = caught.value.diagnostics
    assert diagnostic.code == "HF907"
    # The edited answer is itself replayed; the first differing line is what follows it.
    assert diagnostic.span is not None and index + 1 < diagnostic.span.line <= index + 10
    assert diagnostic.source_line == lines[diagnostic.span.line - 1]


def test_a_log_without_start_or_json_is_refused_with_its_position(tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"type":"start","seed":1,"players":[]}\n{"type": oops}\n', encoding="utf-8")
    with pytest.raises(HexforgeError) as caught:
        read_log_file(bad)
    assert caught.value.code == "HF420" and caught.value.diagnostics[0].span is not None
    assert caught.value.diagnostics[0].span.line == 2
    headless = tmp_path / "headless.jsonl"
    headless.write_text('{"type":"roll","seq":1}\n', encoding="utf-8")
    with pytest.raises(HexforgeError) as caught:
        read_log_file(headless)
    assert caught.value.code == "HF902"
    with pytest.raises(HexforgeError) as caught:
        read_log_file(tmp_path / "missing.jsonl")
    assert caught.value.code == "HF902"


def generic_log(path: Path) -> Path:
    """An engine game of no installed renderer: decisions and dice, no board."""
    engine = Engine.new(Ruleset(), 7, ["light", "dark"], {"dark": RandomAgent(1)})
    for _ in range(3):
        engine.decide("amount", "dark", [1, 2, 3])
        engine.roll(2, reason="damage", player="dark")
    path.write_text(engine.log.text(), encoding="utf-8")
    return path


def test_the_page_is_self_contained_and_describes_every_entry(tmp_path: Path) -> None:
    log = read_log_file(write_nshex_log(tmp_path))
    page = replay_html(log, NshexRenderer(HOST).replay(log), title="nshex")
    assert "http://" not in page.replace("http://www.w3.org/2000/svg", "")
    assert "https://" not in page and " src=" not in page and "<link" not in page
    steps = _data(page)["steps"]
    assert len(steps) == len(log.entries) == page.count("<li ")
    assert steps[0]["text"] == "game starts: seed 3, players smart, vegas"
    notes = [s for s in steps if s["category"] == "note"]
    assert notes and all(isinstance(s["text"], str) for s in notes)


def test_generic_log_shows_dice_and_decisions_without_a_board(tmp_path: Path) -> None:
    log = read_log_file(generic_log(tmp_path / "generic.jsonl"))
    page = replay_html(log, None, title="generic")
    steps = _data(page)["steps"]
    rolls = [i for i, s in enumerate(steps) if s["category"] == "dice"]
    decisions = [i for i, s in enumerate(steps) if s["category"] == "decision"]
    assert len(rolls) == 3 and len(decisions) == 3
    roll = log.entries[rolls[0]]
    assert steps[rolls[0]]["dice"] == roll["results"]
    assert steps[rolls[0]]["text"] == describe(roll)
    assert str(steps[rolls[0]]["text"]).startswith("roll 2d6 for dark: ")
    assert steps[rolls[0]]["decision_at"] == decisions[0]
    assert 'id="no-board"' in page


def test_a_motu_replay_draws_terrain_once_and_models_per_step(tmp_path: Path) -> None:
    """rulebook §Victory: the score beside the board is each force's VP."""
    text, vp = motu_game()
    path = tmp_path / "motu.jsonl"
    path.write_text(text, encoding="utf-8")
    log = read_log_file(path)
    replay = MotuRenderer(HOST).replay(log)
    assert replay is not None and replay.score_label == "VP"
    assert len(replay.frames) == len(log.entries)
    assert dict(replay.frames[-1].score) == vp
    assert replay.background is not None
    background = parse(replay.background)
    assert len(with_class(background, "hex")) == 750 and not with_class(background, "unit")
    for board in replay.boards:
        root = parse(board)
        assert not with_class(root, "hex") and not with_class(root, "background")
    moved = next(i for i, e in enumerate(log.entries) if e["type"] == "moved")
    unit, to = log.entries[moved]["unit"], log.entries[moved]["to"]
    after = parse(replay.boards[replay.frames[moved].board])
    (marker,) = [g for g in with_class(after, "unit") if g.get("data-id") == unit]
    assert marker.get("data-coord") == to
    page = replay_html(log, replay, title="motu")
    assert page.count('class="replay-background"') == 1 and len(page) < 2_000_000


def _waiting_cut(lines: list[str], kind: str) -> int:
    """The index of the middle-most unforced ``kind`` decision line: a log cut there is
    the log of the game waiting for that answer."""
    found = [
        i
        for i, line in enumerate(lines)
        if f'"kind":"{kind}"' in line and '"forced":false' in line and '"type":"decision"' in line
    ]
    return found[len(found) // 2]


@pytest.mark.parametrize("game", ["motu", "nshex"])
def test_a_game_in_progress_replays_to_where_it_waits(tmp_path: Path, game: str) -> None:
    """A table watched mid-game (docs/serve.md): the log of a game waiting for an answer
    replays to its last line, a frame per entry; the same log cut inside a step (its next
    rolls already written) is no game in progress but a log cut short (HF907)."""
    text = motu_game()[0] if game == "motu" else nshex_log_text()
    lines = text.splitlines()
    cut = _waiting_cut(lines, "action" if game == "motu" else "rotation")
    renderer = MotuRenderer(HOST) if game == "motu" else NshexRenderer(HOST)
    waiting = tmp_path / "waiting.jsonl"
    waiting.write_text("\n".join(lines[:cut]) + "\n", encoding="utf-8")
    log = read_log_file(waiting)
    replay = renderer.replay(log)
    assert replay is not None and len(replay.frames) == len(log.entries) == cut
    whole = renderer.replay(read_log_file(_written(tmp_path / "whole.jsonl", text)))
    assert whole is not None and replay.frames == whole.frames[:cut]
    inside = next(  # between two entries of one step: the game went on without asking
        i for i in range(cut + 1, len(lines)) if '"type":"decision"' not in lines[i - 1] + lines[i]
    )
    torn = _written(tmp_path / "torn.jsonl", "\n".join(lines[:inside]) + "\n")
    with pytest.raises(HexforgeError) as caught:
        renderer.replay(read_log_file(torn))
    assert caught.value.code == "HF907"


def _written(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path
