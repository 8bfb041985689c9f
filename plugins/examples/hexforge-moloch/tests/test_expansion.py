"""The Moloch army as a user gets it: installed, listed, valid, playable.

Run from hexforge's CI (.ci/run) after ``pip install ./plugins/examples/hexforge-moloch``;
the scenarios next to this file run with ``hexforge test tests``.
"""

from __future__ import annotations

from click.testing import CliRunner
from hexforge_moloch import PACK

from hexforge.core.cli.main import make_cli
from hexforge.plugins.manager import load_plugins
from hexforge.plugins.nshex.api import nshex_rules


def test_the_pack_validates_strictly() -> None:
    result = CliRunner().invoke(make_cli(), ["validate", "--strict", "--no-cache", str(PACK)])
    assert result.exit_code == 0, result.output


def test_the_army_is_played_against_a_duel_army() -> None:
    args = ["play", "--game", "nshex", "--seed", "3", "--set", "armies=moloch,smart"]
    result = CliRunner().invoke(make_cli(), args)
    assert result.exit_code == 0, result.output
    assert "moloch puts the HQ" in result.output
    assert "final battle" in result.output or "HQ destroyed" in result.output


def test_moloch_is_among_the_armies() -> None:
    assert "moloch" in nshex_rules(load_plugins()).tiles.armies()
