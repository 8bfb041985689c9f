"""The nshex render plugin: the :class:`~hexforge.core.render.GameRenderer` of Neuroshima Hex.

A plugin of its own (entry point ``nshex-render``), as an expansion's renderer would be; it
only dispatches. The drawing is in :mod:`~hexforge.plugins.nshex.render_board`, whose
public names are re-exported here, each imported at first use
(:mod:`hexforge.plugins.lazy`): every command loads the plugins, and only ``hexforge
render`` and the viewers draw (docs/cli.md, "Start-up").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from hexforge.plugins.lazy import lazy_exports
from hexforge.plugins.markers import hookimpl

if TYPE_CHECKING:  # what type checkers see; at run time each name is imported when first used
    from hexforge.core.engine import Engine
    from hexforge.core.render import GameLogFile, GameRenderer, Replay, Svg
    from hexforge.plugins.manager import PluginHost
    from hexforge.plugins.nshex.catalogue import NshexRuleset
    from hexforge.plugins.nshex.render_board import armies_of_players as armies_of_players
    from hexforge.plugins.nshex.render_board import board_svg as board_svg
    from hexforge.plugins.nshex.render_board import card_svg as card_svg
    from hexforge.plugins.nshex.render_board import draw_tile as draw_tile
    from hexforge.plugins.nshex.render_board import position_svg as position_svg

__all__ = [
    "BOARD_NAMES",
    "GAME",
    "NshexRenderer",
    "armies_of_players",
    "board_svg",
    "card_svg",
    "draw_tile",
    "hexforge_renderers",
    "position_svg",
]

GAME = "nshex"
BOARD_NAMES = ("nshex", "nshex-board")


class NshexRenderer:
    """The nshex :class:`~hexforge.core.render.GameRenderer` of one set of plugins."""

    game = GAME

    def __init__(self, host: PluginHost) -> None:
        self.host = host

    def _rules(self) -> NshexRuleset:
        from hexforge.plugins.nshex.rules import nshex_rules

        return nshex_rules(self.host)

    def map_names(self) -> Sequence[str]:
        return BOARD_NAMES

    def render_map(self, name: str) -> Svg | None:
        from hexforge.plugins.nshex.render_board import board_svg

        if name not in BOARD_NAMES:
            return None
        return board_svg([], [], "Neuroshima Hex board")

    def render_position(self, engine: Engine) -> Svg:
        from hexforge.plugins.nshex.render_board import position_svg

        return position_svg(engine)

    def card_ids(self) -> Sequence[str]:
        from hexforge.plugins.nshex.tiles import BoardTile, Instant

        cards = self._rules().tiles.cards
        return sorted(k for k, c in cards.items() if isinstance(c, BoardTile | Instant))

    def render_card(self, card_id: str, language: str) -> Svg | None:
        from hexforge.plugins.nshex.render_board import card_svg
        from hexforge.plugins.nshex.tiles import BoardTile, Instant

        card = self._rules().tiles.cards.get(card_id)
        if not isinstance(card, BoardTile | Instant):
            return None
        return card_svg(card, language)

    def replay(self, log: GameLogFile, options: Mapping[str, str] | None = None) -> Replay | None:
        """See :func:`~hexforge.plugins.nshex.render_board.replay_log`."""
        from hexforge.plugins.nshex.render_board import replay_log

        return replay_log(self._rules(), log)


@hookimpl
def hexforge_renderers(host: PluginHost) -> list[GameRenderer]:
    """Registered as its own entry point (pyproject.toml), like an expansion would be."""
    return [NshexRenderer(host)]


__getattr__ = lazy_exports(
    __name__,
    {
        "hexforge.plugins.nshex.render_board": (
            "armies_of_players",
            "board_svg",
            "card_svg",
            "draw_tile",
            "position_svg",
        ),
    },
)
