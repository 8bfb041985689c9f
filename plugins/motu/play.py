"""``hexforge play --game motu``: a whole game of a shipped setup (``--set setup=NAME``,
default ``first-game``) or of a setup file (``--set setup=PATH``, e.g. one an expansion
ships) between the given agents."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType

from hexforge.core.engine import Agent, Engine
from hexforge.core.play import PlayedGame, per_player
from hexforge.plugins.manager import PluginHost
from hexforge.plugins.motu.library import Library, MotuRuleset, library_for, motu_rules
from hexforge.plugins.motu.narration import narrate, outcome
from hexforge.plugins.motu.rounds import PLAYERS, new_game, play_game
from hexforge.plugins.motu.setups import GameSetup, load_setup, shipped_setup
from hexforge.plugins.motu.state import MotuState

DEFAULT_SETUP = "first-game"
OPTIONS: Mapping[str, str] = MappingProxyType(
    {
        "setup": f"a shipped setup (content/motu/setups, default {DEFAULT_SETUP}) "
        "or a setup file ending in .yaml"
    }
)
"""The ``--set`` options a motu game takes (``--scenario`` is ``setup``)."""


def account(engine: Engine) -> tuple[str, ...]:
    """The game's readable lines in English (:mod:`~hexforge.plugins.motu.narration`)."""
    return tuple(text for text, _ in narrate(engine, "en"))


def chosen_setup(name: str, lib: Library) -> GameSetup:
    """A setup file when ``name`` is a path (it ends in ``.yaml``), else a shipped setup."""
    if name.endswith((".yaml", ".yml")):
        return load_setup(Path(name), lib)
    return shipped_setup(name, lib)


@dataclass(frozen=True, slots=True)
class MotuRunner:
    """The motu :class:`~hexforge.core.play.GameRunner` of one set of plugins: their cards,
    compiled at the first game."""

    host: PluginHost
    game = "motu"
    scenario_option = "setup"
    options = OPTIONS

    @property
    def rules(self) -> MotuRuleset:
        return motu_rules(self.host)

    def scores(self, engine: Engine) -> dict[str, int]:
        """Victory points per player (for ``hexforge simulate``)."""
        return MotuState(engine).vp

    def card_names(self, lang: str) -> dict[str, str]:
        """Card id -> its name in ``lang`` (English where untranslated), for ``--lang``."""
        cards = library_for(self.host).cards
        return {i: getattr(c.name, lang, None) or c.name.en for i, c in cards.items()}

    def narration(self, engine: Engine, lang: str) -> list[tuple[str, str]]:
        """The account in ``lang`` as (text, rich style) lines, for ``hexforge play``."""
        return narrate(engine, lang)

    def outcome(self, engine: Engine, lang: str) -> str | None:
        """The result line in ``lang`` (``hexforge play --lang``)."""
        return outcome(engine, lang)

    def players(self, options: Mapping[str, str]) -> list[str]:
        return list(PLAYERS)

    def play(
        self, seed: int, agents: Mapping[str, Agent], options: Mapping[str, str]
    ) -> PlayedGame:
        rules = self.rules
        setup = chosen_setup(options.get("setup", DEFAULT_SETUP), rules.library)
        engine = new_game(rules, setup, seed, agents)
        outcome = play_game(engine)
        winner = outcome["winner"]
        assert winner is None or isinstance(winner, str)
        summary = f"{winner or 'draw'}: {outcome['reason']} (VP {per_player(MotuState(engine).vp)})"
        return PlayedGame(engine, account(engine), winner, summary)
