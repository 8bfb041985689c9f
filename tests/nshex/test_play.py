"""``hexforge play --game nshex`` and the ``hexforge_game_runners`` hook (docs/cli.md,
docs/plugins.md): a whole game, its account, the result, a log that replays it."""

from __future__ import annotations

import re
from pathlib import Path

from click.testing import CliRunner

from hexforge.core.cli.main import make_cli
from hexforge.core.engine import (
    ScriptedAgent,
    logged_setup,
    read_log,
    replay_answers,
    replay_seed,
)
from hexforge.plugins.nshex.game import new_game, play_game
from tests.plugged import NSHEX

ROOT = Path(__file__).resolve().parents[2]


def _play(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(make_cli(), ["play", *args])
    return result.exit_code, result.stdout, result.stderr


def test_play_prints_an_account_and_the_result_and_writes_a_replayable_log(
    tmp_path: Path,
) -> None:
    log = tmp_path / "game.jsonl"
    code, out, _ = _play("--game", "nshex", "--seed", "3", "--log", str(log))
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "seed 3"
    assert lines[1] == "smart puts the HQ on " + lines[1].split()[-1]
    assert any(re.fullmatch(r"    \S+ hits \S+: \d+ \(\w+\)", line) for line in lines)
    assert any(line.startswith("battle ") for line in lines)
    hqs = r"\(HQs (smart|vegas) \d+, (smart|vegas) \d+\)"
    assert re.fullmatch(r"(smart|vegas|draw): .+ " + hqs, lines[-1])
    recorded = log.read_text(encoding="utf-8").splitlines()
    assert read_log(recorded)[0]["players"] == ["smart", "vegas"]
    script = ScriptedAgent(replay_answers(recorded))
    setup = read_log(recorded)[0]["setup"]  # the log records its setup (docs/play.md)
    assert isinstance(setup, dict) and setup["game"] == "nshex"
    with logged_setup(setup):
        again = new_game(
            NSHEX,
            {"smart": "smart", "vegas": "vegas"},
            replay_seed(recorded),
            {"smart": script, "vegas": script},
        )
    play_game(again)
    assert again.log.lines == recorded


def test_the_same_seed_plays_the_same_game() -> None:
    first = _play("--game", "nshex", "--seed", "9", "--set", "armies=borgo,borgo")
    assert first == _play("--game", "nshex", "--seed", "9", "--set", "armies=borgo,borgo")
    assert "borgo-1" in first[1] and "borgo-2" in first[1]


def test_play_refuses_an_unknown_game_option_or_army() -> None:
    code, _, err = _play("--game", "chess")
    assert code == 2 and "playable: motu, nshex" in err
    code, _, err = _play("--game", "nshex", "--set", "armies")
    assert code == 2 and "KEY=VALUE" in err
    code, _, err = _play("--game", "nshex", "--set", "armies=smart,moloch")
    assert code == 1 and "HF802" in err and "borgo, smart, vegas" in err


def test_the_runner_example_of_plugins_md_runs() -> None:
    page = (ROOT / "docs" / "plugins.md").read_text(encoding="utf-8")
    section = page.split("### `hexforge_game_runners", 1)[1].split("\n### ", 1)[0]
    (code,) = re.findall(r"```python\n(.*?)```", section, re.DOTALL)
    exec(compile(code, "plugins.md", "exec"), {})


def test_tiles_of_a_new_game_are_named_after_their_card_numbered_from_the_second_copy() -> None:
    """A pile's tiles are ``<player>/<slug>``, then ``-2``, ``-3`` for further copies of
    one card (game logs and scenarios name tiles so)."""
    engine = new_game(NSHEX, {"smart": "smart", "vegas": "vegas"}, 1)
    tiles = sorted(e for e in engine.state.entities if e.startswith("vegas/"))
    slugs = {t.split("/")[1].rsplit("-", 1)[0] for t in tiles if t.endswith("-2")}
    assert slugs, tiles
    for slug in slugs:
        assert f"vegas/{slug}" in tiles and f"vegas/{slug}-1" not in tiles
    assert "vegas/hq" in tiles
