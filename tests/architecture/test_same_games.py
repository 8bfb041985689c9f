"""Refactoring never changes a game (issue 19): ``hexforge play --seed 1..5`` of both games
gives the same log and the same account, byte for byte, as when the hashes were stored.

The hashes in ``play_hashes.json`` were taken at ee531bd, before the play runtime moved out
of the CLI. A change that is meant to alter games (a rule fixed, a card changed) updates them
on purpose: ``python tests/architecture/test_same_games.py`` rewrites the file.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from hexforge.core.cli.main import make_cli

HASHES = Path(__file__).with_name("play_hashes.json")
GAMES = [(game, seed) for game in ("motu", "nshex") for seed in range(1, 6)]


def played(game: str, seed: int, log: Path) -> dict[str, str]:
    """The sha256 of the log and of the printed account of one full game."""
    args = ["play", "--game", game, "--seed", str(seed), "--log", str(log)]
    result = CliRunner().invoke(make_cli(), args)
    assert result.exit_code == 0, result.output
    return {
        "log": hashlib.sha256(log.read_bytes()).hexdigest(),
        "account": hashlib.sha256(result.output.encode("utf-8")).hexdigest(),
    }


@pytest.mark.parametrize(("game", "seed"), GAMES, ids=[f"{g}-{s}" for g, s in GAMES])
def test_play_gives_the_stored_log_and_account(game: str, seed: int, tmp_path: Path) -> None:
    stored = json.loads(HASHES.read_text(encoding="utf-8"))[f"{game} {seed}"]
    assert played(game, seed, tmp_path / "game.jsonl") == stored


if __name__ == "__main__":  # pragma: no cover - rewrites the stored hashes on purpose
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        table = {f"{g} {s}": played(g, s, Path(folder) / "g.jsonl") for g, s in GAMES}
    HASHES.write_text(json.dumps(table, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    sys.exit(0)
