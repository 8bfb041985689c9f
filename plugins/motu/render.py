"""The motu render plugin: the :class:`~hexforge.core.render.GameRenderer` of motu.

A plugin of its own (entry point ``motu-render``), as an expansion's renderer would be; it
only dispatches. The drawing is in the ``render_*`` modules next to it:
:mod:`~hexforge.plugins.motu.render_battleground` (the battleground picture),
:mod:`~hexforge.plugins.motu.render_position` (a running game's models and marks),
:mod:`~hexforge.plugins.motu.render_card` and :mod:`~hexforge.plugins.motu.render_card_layout`
(card previews), :mod:`~hexforge.plugins.motu.render_replay` (the replay viewer's steps).
Their public names are re-exported here, where tests and docs have always found them, each
imported at first use (:mod:`hexforge.plugins.lazy`): every command loads the plugins, and
only ``hexforge render`` and the viewers draw (docs/cli.md, "Start-up").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from hexforge.plugins.lazy import lazy_exports
from hexforge.plugins.markers import hookimpl

if TYPE_CHECKING:  # what type checkers see; at run time each name is imported when first used
    from hexforge.core.engine import Engine
    from hexforge.core.render import GameLogFile, GameRenderer, Replay, Svg
    from hexforge.dsl.text import GameWords
    from hexforge.plugins.manager import PluginHost
    from hexforge.plugins.motu.render_battleground import SIDES as SIDES
    from hexforge.plugins.motu.render_battleground import SIZE as SIZE
    from hexforge.plugins.motu.render_battleground import Layer as Layer
    from hexforge.plugins.motu.render_battleground import MarkView as MarkView
    from hexforge.plugins.motu.render_battleground import UnitView as UnitView
    from hexforge.plugins.motu.render_battleground import map_svg as map_svg
    from hexforge.plugins.motu.render_battleground import side_colour as side_colour
    from hexforge.plugins.motu.render_card import card_svg as card_svg
    from hexforge.plugins.motu.render_card_layout import CARD_WIDTH as CARD_WIDTH
    from hexforge.plugins.motu.render_card_layout import FRAME as FRAME
    from hexforge.plugins.motu.render_card_layout import PADDING as PADDING
    from hexforge.plugins.motu.render_position import marks_of as marks_of
    from hexforge.plugins.motu.render_position import position_key as position_key
    from hexforge.plugins.motu.render_position import position_svg as position_svg
    from hexforge.plugins.motu.render_position import units_of as units_of
    from hexforge.plugins.motu.render_replay import replay_setup as replay_setup

__all__ = [
    "CARD_WIDTH",
    "FRAME",
    "GAME",
    "PADDING",
    "SIDES",
    "SIZE",
    "Layer",
    "MarkView",
    "MotuRenderer",
    "UnitView",
    "card_svg",
    "hexforge_renderers",
    "map_svg",
    "marks_of",
    "position_key",
    "position_svg",
    "replay_setup",
    "side_colour",
    "units_of",
]

GAME = "motu"


class MotuRenderer:
    """The motu :class:`~hexforge.core.render.GameRenderer` of one set of plugins (their
    cards)."""

    game = GAME

    def __init__(self, host: PluginHost) -> None:
        self.host = host
        self._words: dict[str, GameWords | None] = {}

    def map_names(self) -> Sequence[str]:
        from hexforge.plugins.motu.battlefield import shipped_maps

        return sorted(shipped_maps())

    def render_map(self, name: str) -> Svg | None:
        from hexforge.plugins.motu.battlefield import named_map, shipped_maps
        from hexforge.plugins.motu.render_battleground import map_svg

        if name not in shipped_maps():
            return None
        return map_svg(named_map(name))

    def render_position(self, engine: Engine) -> Svg:
        from hexforge.plugins.motu.render_position import position_svg

        return position_svg(engine)

    def card_ids(self) -> Sequence[str]:
        from hexforge.plugins.motu.library import library_for

        return sorted(library_for(self.host).cards)

    def render_card(self, card_id: str, language: str) -> Svg | None:
        from hexforge.plugins.motu.library import library_for
        from hexforge.plugins.motu.render_card import card_svg

        lib = library_for(self.host)
        card = lib.cards.get(card_id)
        return None if card is None else card_svg(lib, card, language, self.words(language))

    def words(self, language: str) -> GameWords | None:
        """The loaded plugins' motu words in ``language`` for rules text (expansions'
        included), read once per renderer."""
        if language not in self._words:
            from hexforge.plugins.catalogue import vocabulary_for

            self._words[language] = vocabulary_for(self.host, GAME, []).texts.get(language)
        return self._words[language]

    def replay(self, log: GameLogFile, options: Mapping[str, str] | None = None) -> Replay | None:
        """See :func:`~hexforge.plugins.motu.render_replay.replay_log`."""
        from hexforge.plugins.motu.library import motu_rules
        from hexforge.plugins.motu.render_replay import replay_log

        return replay_log(motu_rules(self.host), log, options)


@hookimpl
def hexforge_renderers(host: PluginHost) -> list[GameRenderer]:
    """Registered as its own entry point (pyproject.toml), like an expansion would be."""
    return [MotuRenderer(host)]


__getattr__ = lazy_exports(
    __name__,
    {
        "hexforge.plugins.motu.render_battleground": (
            "SIDES",
            "SIZE",
            "Layer",
            "MarkView",
            "UnitView",
            "map_svg",
            "side_colour",
        ),
        "hexforge.plugins.motu.render_card": ("card_svg",),
        "hexforge.plugins.motu.render_card_layout": ("CARD_WIDTH", "FRAME", "PADDING"),
        "hexforge.plugins.motu.render_position": (
            "marks_of",
            "position_key",
            "position_svg",
            "units_of",
        ),
        "hexforge.plugins.motu.render_replay": ("replay_setup",),
    },
)
