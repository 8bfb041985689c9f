"""``hexforge play --game nshex``: a whole game between two armies (``--set armies=a,b``)."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING

from hexforge.core.engine import Agent, Engine, GameLog
from hexforge.core.play import PlayedGame, per_player
from hexforge.core.play.logsetup import recording

if TYPE_CHECKING:
    from hexforge.plugins.manager import PluginHost
    from hexforge.plugins.nshex.catalogue import NshexRuleset, Tiles

DEFAULT_ARMIES = ("smart", "vegas")
OPTIONS: Mapping[str, str] = MappingProxyType(
    {"armies": "two armies, comma-separated, e.g. smart,vegas (the default) or borgo,borgo"}
)
"""The ``--set`` options an nshex game takes. The game's modules are imported by the
runner's methods, when an nshex game is played: the runners of every game are made to
find the one ``--game`` names (docs/cli.md, "Start-up")."""


def players_for(armies: tuple[str, ...]) -> list[str]:
    """Players are named after their armies (``borgo-1``, ``borgo-2`` for a mirror match)."""
    if len(set(armies)) == len(armies):
        return list(armies)
    return [f"{army}-{i + 1}" for i, army in enumerate(armies)]


def armies_of(tiles: Tiles, options: Mapping[str, str]) -> tuple[str, ...]:
    text = options.get("armies")
    armies = DEFAULT_ARMIES if text is None else tuple(a.strip() for a in text.split(","))
    for army in armies:
        tiles.army(army)  # HF802 for an unknown army
    return armies


def account(engine: Engine) -> tuple[str, ...]:
    """The game's readable lines: the ``nshex`` notes of its log and the battles' hits."""
    from hexforge.plugins.nshex.narration import narrate

    return tuple(text for text, _ in narrate(engine, "en"))


@dataclass(frozen=True, slots=True)
class NshexRunner:
    """The nshex :class:`~hexforge.core.play.GameRunner` of one set of plugins."""

    host: PluginHost
    game = "nshex"
    options = OPTIONS

    @property
    def rules(self) -> NshexRuleset:
        from hexforge.plugins.nshex.rules import nshex_rules

        return nshex_rules(self.host)

    def scores(self, engine: Engine) -> dict[str, int]:
        """HQ toughness left per player (for ``hexforge simulate``)."""
        from hexforge.plugins.nshex import position as pos
        from hexforge.plugins.nshex.state import NshexState

        hqs = NshexState(engine).hqs
        return {p: pos.hq_left(engine, hq) for p, hq in hqs.items()}

    def options_for_players(self, players: list[str]) -> dict[str, str] | None:
        """The options a logged game with these players was played with (``hexforge
        replay``), or None when they are not armies."""
        armies = [p.rsplit("-", 1)[0] if p[-2:] in ("-1", "-2") else p for p in players]
        if not set(armies) <= set(self.rules.tiles.armies()):
            return None
        return {"armies": ",".join(armies)}

    def players(self, options: Mapping[str, str]) -> list[str]:
        return players_for(armies_of(self.rules.tiles, options))

    def narration(self, engine: Engine, lang: str) -> list[tuple[str, str]]:
        """The account in ``lang`` (en, pl; others get English) as (text, style) lines."""
        from hexforge.plugins.nshex.narration import narrate

        return narrate(engine, lang)

    def headlines(self, engine: Engine, lang: str) -> list[tuple[str, ...]]:
        """Per log entry, its lines of the account in ``lang`` (the replay viewer's
        headlines): each line of the account comes from one entry."""
        from hexforge.plugins.nshex.narration import narrate

        one = copy.copy(engine)  # the same game, its log one entry at a time
        found: list[tuple[str, ...]] = []
        for line in engine.log.lines:
            one.log = GameLog()
            one.log.lines.append(line)
            found.append(tuple(text for text, _ in narrate(one, lang)))
        return found

    def outcome(self, engine: Engine, lang: str) -> str | None:
        """The result line in ``lang`` (``hexforge play --lang pl``)."""
        from hexforge.plugins.nshex.narration import outcome

        return outcome(engine, lang)

    def play(
        self, seed: int, agents: Mapping[str, Agent], options: Mapping[str, str]
    ) -> PlayedGame:
        from hexforge.plugins.nshex.game import new_game, play_game

        rules = self.rules
        armies = armies_of(rules.tiles, options)
        with recording(self.host, self.game, options):  # the log records the setup
            engine = new_game(
                rules, dict(zip(players_for(armies), armies, strict=True)), seed, agents
            )
        result = play_game(engine)
        assert result is not None
        summary = f"{result.winner or 'draw'}: {result.reason} (HQs {per_player(result.hq)})"
        return PlayedGame(engine, result.winner, summary, account)
