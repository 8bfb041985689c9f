"""Shared helpers of the rendering tests: parsed pictures, the plugin host, a game log."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from functools import cache
from pathlib import Path

from hexforge.core.play import random_agents
from hexforge.core.render import Svg, parse
from hexforge.plugins.manager import PluginHost, load_plugins
from hexforge.plugins.nshex.play import NshexRunner
from tests.plugged import HOST

HERE = Path(__file__).parent
BATTLE = HERE / "battle.yaml"
NSHEX_POSITION = HERE / "nshex-position.yaml"


def tree(picture: Svg) -> ET.Element:
    """The picture as the file holds it, parsed back (namespace stripped from tags)."""
    return parse(picture.text())


def with_class(root: ET.Element, name: str) -> list[ET.Element]:
    """Elements whose ``class`` attribute lists ``name``."""
    return [e for e in root.iter() if name in (e.get("class") or "").split()]


@cache
def host() -> PluginHost:
    return load_plugins()


@cache
def nshex_log_text(seed: int = 3) -> str:
    """The JSON-lines log of a whole nshex game with random agents."""
    runner = NshexRunner(HOST)
    played = runner.play(seed, random_agents(runner.players({}), seed), {})
    return played.engine.log.text()


def write_nshex_log(folder: Path, seed: int = 3) -> Path:
    path = folder / f"nshex-{seed}.jsonl"
    path.write_text(nshex_log_text(seed), encoding="utf-8")
    return path


@cache
def motu_game(seed: int = 2) -> tuple[str, dict[str, int]]:
    """The log of a whole motu game with random agents, and its final VP."""
    from hexforge.plugins.motu.play import MotuRunner

    runner = MotuRunner(HOST)
    played = runner.play(seed, random_agents(runner.players({}), seed), {})
    vp = played.engine.state.data["vp"]
    assert isinstance(vp, dict)
    return played.engine.log.text(), {str(k): v for k, v in vp.items() if isinstance(v, int)}
