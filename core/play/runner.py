"""What a game plugin provides to be played whole: a :class:`GameRunner`, and the
:class:`PlayedGame` it returns (hook ``hexforge_game_runners``, docs/plugins.md)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable

from hexforge.core.engine import Agent, Engine


@dataclass(frozen=True, slots=True)
class PlayedGame:
    """A finished game: the engine (state and log), the outcome, a readable account."""

    engine: Engine
    winner: str | None
    """The winning player, or None for a draw."""
    summary: str
    """One line: who won and why."""
    tell: Callable[[Engine], tuple[str, ...]] = field(repr=False, compare=False)
    """How the game's account is written (read through :attr:`account`)."""

    @property
    def account(self) -> tuple[str, ...]:
        """The game's readable lines in English, written when asked for: a simulation of
        thousands of games reads none of them (narrating cost 7% of a heuristic game)."""
        return self.tell(self.engine)


def per_player(values: Mapping[str, object]) -> str:
    """``masters 53, evil 20``: a per-player figure (VP, HQ toughness) as people write it."""
    return ", ".join(f"{player} {value}" for player, value in values.items())


@runtime_checkable
class GameRunner(Protocol):
    """How a game plugin runs a full game (hook ``hexforge_game_runners``).

    A runner is made for one set of plugins (the hook receives the ``host``), so the cards
    it plays with are those plugins' cards: there is no process-wide library.

    Optional attributes the runtime reads when present: ``options``, the ``--set`` options
    the game takes (a mapping of name -> description; any other key is HF057, a usage
    error with a "did you mean"), ``scenario_option`` (the option ``--scenario`` sets),
    the methods ``options_for_players``, ``card_names``, ``narration(engine, lang)``
    (the account in a language as ``(text, rich style)`` lines: ``hexforge play`` and the
    human at the terminal), ``outcome(engine, lang)`` (the result line in a language) and
    ``headlines(engine, lang)`` (per log entry, the account's sentences it completes: the
    replay viewer's headlines), ``inspect(engine)`` and ``option_marks(engine, decision)``
    (the hexes the web table marks when a model or a choice is hovered, docs/serve.md);
    for ``hexforge balance ab`` ``replace_option`` (the option that swaps a card in a
    setup) with the method ``card_holders(options, card)``, for ``hexforge balance
    roster`` ``draft_option`` with the methods ``fielded(engine)`` and ``unit_costs()``
    (docs/balance.md).
    """

    @property
    def game(self) -> str:
        """The game id (``--game``)."""
        ...

    def players(self, options: Mapping[str, str]) -> list[str]:
        """The players of a game with these ``--set`` options, in turn order."""
        ...

    def play(
        self, seed: int, agents: Mapping[str, Agent], options: Mapping[str, str]
    ) -> PlayedGame:
        """Play a whole game; ``agents`` answer every player's decisions. The game's
        log records its setup (start the engine inside
        :func:`hexforge.core.play.logsetup.recording`)."""
        ...
