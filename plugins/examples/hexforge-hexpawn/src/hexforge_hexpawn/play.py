"""``hexforge play --game hexpawn``: a whole game between two agents (hook
``hexforge_game_runners``, ``GamePlugin``'s ``runner`` part).

Option ``lineup``: each side's pawn cards from left to right, comma-separated
(``--set lineup=pawn,scout,pawn``); its length is the board's width. The rules are
imported by the runner's methods, when a game of Hexpawn is played: every command makes
the runners of every game to find the one ``--game`` names.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING

from hexforge.core.engine import Agent, Engine
from hexforge.core.play import PlayedGame, per_player
from hexforge.core.play.logsetup import recording
from hexforge.plugins.manager import PluginHost

if TYPE_CHECKING:
    from hexforge_hexpawn.rules import HexpawnRuleset

GAME = "hexpawn"
OPTIONS: Mapping[str, str] = MappingProxyType(
    {"lineup": "each side's pawn cards left to right, e.g. pawn,raider,scout,pawn (the default)"}
)


def lineup_of(options: Mapping[str, str]) -> tuple[str, ...]:
    """The ``lineup`` option as card ids (the default lineup without it)."""
    from hexforge_hexpawn.rules import DEFAULT_LINEUP

    text = options.get("lineup")
    return DEFAULT_LINEUP if text is None else tuple(p.strip() for p in text.split(","))


def account(engine: Engine) -> tuple[str, ...]:
    """The game's readable lines: the ``hexpawn`` notes of its log, in order."""
    return tuple(str(entry["text"]) for entry in engine.log.entries() if entry["type"] == GAME)


@dataclass(frozen=True, slots=True)
class HexpawnRunner:
    """The Hexpawn :class:`~hexforge.core.play.GameRunner` of one set of plugins."""

    host: PluginHost
    game = GAME
    options = OPTIONS

    @property
    def rules(self) -> HexpawnRuleset:
        from hexforge_hexpawn.rules import hexpawn_rules

        return hexpawn_rules(self.host)

    def players(self, options: Mapping[str, str]) -> list[str]:
        from hexforge_hexpawn.rules import PLAYERS

        self.rules.lineup(lineup_of(options))  # HF213, HXP001 before the agents are seated
        return list(PLAYERS)

    def scores(self, engine: Engine) -> dict[str, int]:
        """Pawns left per player (for ``hexforge simulate``)."""
        from hexforge_hexpawn.rules import PLAYERS, pawns

        return {player: len(pawns(engine, player)) for player in PLAYERS}

    def headlines(self, engine: Engine, lang: str) -> list[tuple[str, ...]]:
        """Per log entry, the account's sentence it holds (English in every language):
        the replay viewer's headlines."""
        del lang
        return [
            (str(entry["text"]),) if entry["type"] == GAME else () for entry in engine.log.entries()
        ]

    def play(
        self, seed: int, agents: Mapping[str, Agent], options: Mapping[str, str]
    ) -> PlayedGame:
        from hexforge_hexpawn.rules import new_game, pawns, play_game

        with recording(self.host, self.game, options):  # the log records the setup
            engine = new_game(self.rules, seed, agents, lineup_of(options))
        winner, reason = play_game(engine)
        left = {player: len(pawns(engine, player)) for player in engine.players}
        return PlayedGame(engine, winner, f"{winner}: {reason} (pawns {per_player(left)})", account)
