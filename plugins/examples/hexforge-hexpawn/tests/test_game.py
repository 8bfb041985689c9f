"""Hexpawn as a user gets it: installed, listed, valid, played, simulated, drawn, replayed
- through the ``hexforge`` command (click's CliRunner, in tests only) and the game runtime.

Run from hexforge's CI (.ci/run) after ``pip install ./plugins/examples/hexforge-hexpawn``;
the scenarios next to this file run with ``hexforge test tests``.
"""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner
from hexforge_hexpawn import CONTENT

from hexforge.core.cli.main import make_cli
from hexforge.core.play import Runtime, random_agents
from hexforge.core.render import parse
from hexforge.plugins.manager import load_plugins

HERE = Path(__file__).parent


def hexforge(*args: str) -> str:
    result = CliRunner().invoke(make_cli(), list(args))
    assert result.exit_code == 0, result.output
    return result.output


def test_the_pack_and_the_game_yaml_validate_strictly() -> None:
    hexforge("validate", "--strict", "--no-cache", str(CONTENT))


def test_plugins_lists_every_hook_the_game_wires() -> None:
    listed = hexforge("plugins", "--verbose")
    table = [line.split("│")[1:6] for line in listed.splitlines() if "hexforge-hexpawn" in line]
    rows = [[cell.strip() for cell in row] for row in table]
    assert ["hexpawn", "hexforge-hexpawn", "0.1.0", "hexpawn", "hexpawn 0.1.0"] in rows
    game = listed[listed.index("hexpawn (hexforge_hexpawn)") :]
    for line in (
        "kinds: hexpawn/pawn",
        "declarations: ",
        "drivers: hexpawn",
        "runners: hexpawn",
        "agents: hexpawn: heuristic",
        "invariants: hexpawn: one pawn per hex, on the board",
        "renderers: hexpawn",
        "codes: HXP001",
    ):
        assert line in game, line


def test_play_tells_a_whole_game_in_sentences() -> None:
    told = hexforge("play", "--game", "hexpawn", "--seed", "1")
    assert "white and black line up, left to right: Pawn, Raider, Scout, Pawn" in told
    assert "white: Pawn white-a steps from A4 to A3" in told
    assert " wins: " in told


def test_the_same_seed_gives_the_same_log_bytes(tmp_path: Path) -> None:
    logs = []
    for name in ("one.jsonl", "two.jsonl"):
        path = tmp_path / name
        hexforge("play", "--game", "hexpawn", "--seed", "7", "--p1", "random", "--log", str(path))
        logs.append(path.read_bytes())
    assert logs[0] == logs[1]
    hexforge("play", "--game", "hexpawn", "--seed", "8", "--p1", "random", "--log", str(path))
    assert path.read_bytes() != logs[0]  # the seed reaches the random agent


def test_the_runtime_replays_a_game_exactly() -> None:
    runtime = Runtime(load_plugins())
    runner = runtime.runner("hexpawn")
    options = {"lineup": "scout,pawn,raider"}
    played = runner.play(5, random_agents(runner.players(options), 5), options)
    again = runtime.replay(played.engine.log.text(), "hexpawn", options)
    assert again.engine.log.text() == played.engine.log.text()
    assert played.account[0] == "white and black line up, left to right: Scout, Pawn, Raider"


def test_simulate_plays_twenty_games() -> None:
    report = hexforge("simulate", "--game", "hexpawn", "--games", "20", "--jobs", "1", "--check")
    assert "20 hexpawn games" in report
    assert "invariants held in all 20 games" in report


def test_render_draws_the_board_a_card_a_scenario_and_a_replay(tmp_path: Path) -> None:
    board = tmp_path / "board.svg"
    hexforge("render", "map", "hexpawn", "--out", str(board))
    assert (
        len([p for p in parse(board.read_text()).iter("polygon") if p.get("class") == "hex"]) == 16
    )
    card = tmp_path / "scout.svg"
    hexforge("render", "card", "hexpawn/scout", "--out", str(card))
    assert "steps: ahead, ahead-left, ahead-right" in card.read_text()
    start = tmp_path / "opening.svg"
    hexforge("render", "map", str(HERE / "opening.scenario.yaml"), "--out", str(start))
    pawns = [g for g in parse(start.read_text()).iter("g") if g.get("class") == "pawn"]
    assert {g.get("data-coord") for g in pawns} == {"A1", "B1", "C1", "A4", "B4", "C4"}
    log, page = tmp_path / "game.jsonl", tmp_path / "game.html"
    hexforge("play", "--game", "hexpawn", "--seed", "2", "--log", str(log), "-q")
    hexforge("render", "replay", str(log), "--out", str(page))
    assert "white: Pawn white-a steps from A4 to A3" in page.read_text()  # the headlines


def test_the_scenarios_pass_through_hexforge_test() -> None:
    assert "0 failed" in hexforge("test", str(HERE))


def test_bad_input_gives_coded_errors_not_tracebacks(tmp_path: Path) -> None:
    unknown = CliRunner().invoke(
        make_cli(), ["play", "--game", "hexpawn", "--set", "lineup=pawn,knight"]
    )
    assert unknown.exit_code == 1 and "Traceback" not in unknown.output
    assert "error HF213: no hexpawn pawn card 'knight'" in unknown.output
    assert "hint: pawn cards: hexpawn/pawn, hexpawn/raider, hexpawn/scout" in unknown.output
    scenario = tmp_path / "bad.scenario.yaml"
    scenario.write_text(
        "game: hexpawn\n"
        "setup:\n"
        "  pawns:\n"
        "    - {id: w, card: paawn, owner: white, at: B3}\n"
        "    - {id: b, card: pawn, owner: black, at: B1}\n"
        "steps:\n"
        "  - do: move\n"
        "    pawn: w\n"
        "    to: B2\n",
        encoding="utf-8",
    )
    failed = CliRunner().invoke(make_cli(), ["test", str(scenario)])
    assert failed.exit_code == 1 and "Traceback" not in failed.output
    assert "bad.scenario.yaml:4:21: error HF213: no hexpawn pawn card 'paawn'" in failed.output
    assert "did you mean 'hexpawn/pawn'?" in failed.output
    scenario.write_text(scenario.read_text().replace("paawn", "pawn").replace("B2", "C2"))
    illegal = CliRunner().invoke(make_cli(), ["test", str(scenario)])
    assert illegal.exit_code == 1 and "Traceback" not in illegal.output
    assert "HF520" in illegal.output and "legal moves: w B3-B2" in illegal.output


def test_a_lineup_of_the_wrong_length_is_the_games_own_code_which_explain_knows() -> None:
    """Hook hexforge_diagnostic_codes: HXP001 is Hexpawn's, declared with its meaning, so
    ``hexforge explain`` answers for it as for hexforge's own codes."""
    short = CliRunner().invoke(make_cli(), ["play", "--game", "hexpawn", "--set", "lineup=pawn"])
    assert short.exit_code == 1 and "Traceback" not in short.output
    assert "error HXP001: a lineup of 1 pawn" in short.output
    explained = hexforge("explain", "hxp001")
    assert explained.splitlines() == [
        "HXP001: a lineup of pawn cards too short or too long for a Hexpawn board",
        "what to do: name 2 to 8 pawn cards, one per column, e.g. --set lineup=pawn,scout,pawn",
        "declared by the plugin 'hexpawn'",
    ]
