"""How a game plugin provides its pictures (hook ``hexforge_renderers``, docs/render.md).

The generic parts (SVG building, PNG export, the replay viewer, the ``hexforge render``
command) live in core; a game supplies a :class:`GameRenderer` that draws its boards,
positions and cards and records a replay's board pictures. Each method answers None for
things that are not its game's, so the command asks every installed renderer in turn.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol, runtime_checkable

from hexforge.core.engine import Engine
from hexforge.core.render.replay import GameLogFile, Replay
from hexforge.core.render.svg import Svg


@runtime_checkable
class GameRenderer(Protocol):
    """One game's drawing."""

    @property
    def game(self) -> str:
        """The game id (as in ``hexforge plugins``)."""
        ...

    def map_names(self) -> Sequence[str]:
        """The names :meth:`render_map` knows (for "did you mean" hints)."""
        ...

    def render_map(self, name: str) -> Svg | None:
        """A named map or board of this game, empty of models; None if not this game's."""
        ...

    def render_position(self, engine: Engine) -> Svg:
        """The board of a game of this game in ``engine`` (a scenario's setup, a replay step)."""
        ...

    def card_ids(self) -> Sequence[str]:
        """The card ids :meth:`render_card` knows."""
        ...

    def render_card(self, card_id: str, language: str) -> Svg | None:
        """A card preview in ``language`` (``en``, ``pl``, ``de``, ``fr``); None if not ours."""
        ...

    def replay(self, log: GameLogFile, options: Mapping[str, str] | None = None) -> Replay | None:
        """The board picture and score after every entry of ``log``; None if not this game's
        log. ``options`` are what the game was played with, as ``hexforge play --set`` and
        ``--scenario`` gave them (the log does not record them). Raises HF907 when replaying
        does not reproduce the log."""
        ...
