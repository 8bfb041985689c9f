"""hexforge play and hexforge replay (issue 13)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from click.testing import CliRunner

from hexforge.core.cli.main import make_cli


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(make_cli(), list(args))
    return result.exit_code, result.output


def test_play_defaults_to_the_motu_first_game_between_heuristics(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    code, out = run("play", "--seed", "3", "--log", str(log))
    assert code == 0, out
    assert "\nround 1\n" in out and "activates with" in out
    # the account, then one result line: the winner, why, and the VP in words
    assert re.search(r"\n(masters|evil|draw): .+ \(VP masters \d+, evil \d+\)\n$", out)
    assert "result:" not in out
    decisions = [json.loads(x) for x in log.read_text().splitlines()]
    assert decisions[0]["players"] == ["masters", "evil"]
    code, out = run("replay", str(log))
    assert code == 0, out
    assert "replayed exactly" in out


def test_replay_names_the_first_differing_line(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    assert (
        run("play", "--game", "nshex", "--p1", "random", "--seed", "2", "--log", str(log))[0] == 0
    )
    lines = log.read_text().splitlines()
    number = next(i for i, x in enumerate(lines) if '"type":"nshex"' in x)
    entry = json.loads(lines[number])
    entry["text"] = "something else"
    lines[number] = json.dumps(entry, sort_keys=True, separators=(",", ":"))
    log.write_text("\n".join(lines) + "\n")
    code, out = run("replay", str(log))
    assert code != 0
    assert "HF052" in out and f"line {number + 1}" in out


def test_play_nshex_heuristic_against_random_and_unknown_game() -> None:
    code, out = run("play", "--game", "nshex", "--p2", "random", "--seed", "5", "-q")
    assert code == 0 and ("HQs" in out), out
    code, out = run("play", "--game", "chess")
    assert code == 2 and "playable: motu, nshex" in out
    code, out = run("play", "--game", "nshex", "--scenario", "x")
    assert code != 0 and "nshex has no scenarios" in out


def test_play_lang_names_cards_in_that_language() -> None:
    """--lang pl: the account names cards by their Polish names in Polish sentences (en:
    English names; never ids). tests/agents/test_account.py checks the sentences."""
    code, english = run("play", "--seed", "3")
    code_pl, polish = run("play", "--seed", "3", "--lang", "pl")
    assert code == code_pl == 0
    assert "He-Man activates with Rally" in english and "motu/" not in english
    assert "aktywuje postać He-Man kartą Zbiórka" in polish and "motu/" not in polish


def test_replay_finds_nshex_armies_from_the_players(tmp_path: Path) -> None:
    log = tmp_path / "mirror.jsonl"
    args = ["play", "--game", "nshex", "--set", "armies=borgo,borgo", "--seed", "4"]
    assert run(*args, "--log", str(log), "-q")[0] == 0
    code, out = run("replay", str(log), "-q")
    assert code == 0 and "replayed exactly" in out, out


def test_replay_of_unknown_players_is_hf053(tmp_path: Path) -> None:
    log = tmp_path / "odd.jsonl"
    log.write_text('{"players":["x","y"],"seed":1,"seq":1,"type":"start"}\n')
    code, out = run("replay", str(log))
    assert code != 0 and "HF053" in out
