"""Issue 20, item 7: ``--set`` takes only the options the game's runner declares (HF057,
with a "did you mean"), and a malformed one is HF058; both usage errors (exit 2)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from hexforge.core.cli.main import make_cli
from hexforge.core.errors import HexforgeError
from hexforge.core.play import Runtime
from tests.plugged import HOST
from tests.render.helpers import write_nshex_log


def run(*args: str) -> Result:
    return CliRunner().invoke(make_cli(), list(args))


def test_item7_a_misspelt_option_is_hf057_with_did_you_mean_not_ignored() -> None:
    """Before: ``--set army=borgo,smart`` was ignored and Smart played Vegas (exit 0)."""
    result = run("play", "--game", "nshex", "--set", "army=borgo,smart", "-q")
    assert result.exit_code == 2, result.output
    assert "HF057" in result.output and "did you mean 'armies'?" in result.output
    assert "HQs" not in result.output
    motu = run("play", "--set", "setpu=first-game", "-q")
    assert motu.exit_code == 2 and "HF057" in motu.output and "'setup'" in motu.output


def test_item7_an_option_giving_one_army_is_hf058_not_an_internal_error() -> None:
    """Before: ``--set armies=smart`` was exit 3 (the seats did not match the players)."""
    for value in ("armies=smart", "armies=smart,vegas,borgo"):
        result = run("play", "--game", "nshex", "--set", value, "-q")
        assert result.exit_code == 2, result.output
        assert "HF058" in result.output and "armies:" in result.output


@pytest.mark.parametrize("value", ["armies", "=smart", "armies=", " = "])
def test_item7_a_malformed_set_is_hf058(value: str) -> None:
    result = run("play", "--game", "nshex", "--set", value, "-q")
    assert result.exit_code == 2, result.output
    assert "HF058" in result.output


def test_item7_an_option_given_twice_is_hf058() -> None:
    args = ["--set", "armies=borgo,smart", "--set", "armies=smart,vegas"]
    result = run("play", "--game", "nshex", *args, "-q")
    assert result.exit_code == 2 and "HF058" in result.output and "twice" in result.output


def test_item7_simulate_replay_and_render_replay_check_options_too(tmp_path: Path) -> None:
    simulate = run("simulate", "--game", "nshex", "--games", "1", "--set", "army=borgo,smart")
    assert simulate.exit_code == 2 and "HF057" in simulate.output
    one = run("simulate", "--game", "nshex", "--games", "1", "--set", "armies=smart")
    assert one.exit_code == 2 and "HF058" in one.output
    log = write_nshex_log(tmp_path)
    replay = run("replay", str(log), "--set", "army=smart,vegas")
    assert replay.exit_code == 2 and "HF057" in replay.output
    page = tmp_path / "page.html"
    render = run("render", "replay", str(log), "--out", str(page), "--set", "armis=x")
    assert render.exit_code == 2 and "HF057" in render.output
    assert not page.exists()


def test_item7_declared_options_play_as_before() -> None:
    result = run("play", "--game", "nshex", "--set", "armies=borgo,smart", "--seed", "2", "-q")
    assert result.exit_code == 0, result.output
    assert "borgo" in result.output or "smart" in result.output


@dataclass(frozen=True)
class _Undeclared:
    """A runner of a plugin written before ``options`` existed: its options are unchecked."""

    game: str = "undeclared"


def test_item7_runtime_checks_the_runners_declaration() -> None:
    runtime = Runtime(HOST)
    with pytest.raises(HexforgeError) as error:
        runtime.check_options("nshex", {"amries": "smart,vegas"})
    assert error.value.code == "HF057" and error.value.exit_code == 2
    assert error.value.diagnostics[0].hint == "did you mean 'armies'?"
    runtime.check_options("nshex", {"armies": "smart,vegas"})
    runtime.check_options("motu", {"setup": "first-game"})
    runtime._runners = {**runtime.runners, "undeclared": _Undeclared()}  # type: ignore[dict-item]
    runtime.check_options("undeclared", {"anything": "goes"})
    declared: Mapping[str, str] = runtime.runners["nshex"].options  # type: ignore[attr-defined]
    assert set(declared) == {"armies"}
