"""How ``hexforge render`` draws Hexpawn (``GamePlugin``'s ``renderer`` part, hook
``hexforge_renderers``): the board, a position, a pawn card and a replayed game.

This module is imported only when the renderers are asked for, and its drawing imports at
first use: every command loads the plugins, and only ``hexforge render`` and the viewers
draw.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from hexforge.core.engine import Engine
    from hexforge.core.render import GameLogFile, Replay, Score, Svg
    from hexforge.plugins.manager import PluginHost
    from hexforge_hexpawn.cards import Pawn
    from hexforge_hexpawn.rules import Board, HexpawnRuleset

GAME = "hexpawn"
BOARD_NAMES = ("hexpawn",)
HEX_SIZE = 36.0
MARGIN = 24.0


def board_svg(board: Board, pieces: Mapping[str, tuple[str, str, str]], title: str) -> Svg:
    """The board with ``pieces`` (hex -> pawn id, owner, card name) on it: each hex named
    by ``data-coord``, each pawn a disc (class ``pawn``, ``data-id``, ``data-coord``,
    ``data-owner``) in its side's colour with its card's initial."""
    from hexforge.core.hexgrid import parse_coord
    from hexforge.core.render import Svg as Picture
    from hexforge.core.render import coordinate_label, el, fitted, fmt, hex_polygon, label
    from hexforge.core.render.palette import PAPER, player_colour
    from hexforge_hexpawn.rules import PLAYERS

    hexes = [parse_coord(coord) for coord in board.coords()]
    layout, width, height = fitted(hexes, HEX_SIZE, MARGIN)
    picture = Picture.new(width, height, title)
    grid = picture.group("board")
    for hex_ in hexes:
        hex_polygon(grid, layout, hex_, fill="#f4efe3")
        coordinate_label(grid, layout, hex_)
    units = picture.group("pawns")
    for coord, (pawn, owner, name) in sorted(pieces.items()):
        x, y = layout.centre(parse_coord(coord))
        group = el(units, "g", class_="pawn", data_id=pawn, data_coord=coord, data_owner=owner)
        colour = player_colour(owner, PLAYERS)
        el(group, "circle", cx=fmt(x), cy=fmt(y), r=fmt(HEX_SIZE * 0.5), fill=colour)
        label(group, name[:1], x, y + HEX_SIZE * 0.18, HEX_SIZE * 0.5, class_="name", fill=PAPER)
    return picture


def position_svg(engine: Engine) -> Svg:
    """The pawns of a running game on its board."""
    from hexforge_hexpawn import rules

    pieces = {
        str(engine.prop(pawn, "at")): (
            pawn,
            str(engine.entity(pawn).owner),
            str(rules.pawn_of(engine, pawn).name.en),
        )
        for pawn in rules.pawns(engine)
    }
    over = rules.result(engine)
    title = f"Hexpawn, {rules.to_move(engine)} to move" if over is None else f"{over[0]} won"
    return board_svg(rules.board_of(engine), pieces, title)


def card_svg(card: Pawn) -> Svg:
    """A pawn card: its name, steps, captures and printed text (English)."""
    from hexforge.core.render import Svg as Picture
    from hexforge.core.render import label
    from hexforge.core.render.palette import INK, MUTED

    lines = [
        f"steps: {', '.join(card.moves)}",
        f"takes: {', '.join(card.captures) or 'never'}",
        *([] if card.text is None else [card.text.en]),
    ]
    picture = Picture.new(320, 60 + 20 * len(lines), str(card.name.en))
    group = picture.group("card", data_id=card.id)
    label(group, str(card.name.en), 16, 32, 20, class_="name", fill=INK, anchor="start", bold=True)
    for index, text in enumerate(lines):
        label(group, text, 16, 60 + 20 * index, 13, class_="rule", fill=MUTED, anchor="start")
    return picture


def _key(engine: Engine) -> Hashable:
    from hexforge_hexpawn import rules

    return (tuple(sorted(rules.position(engine).items())), rules.result(engine))


def _score(engine: Engine) -> Score:
    from hexforge.core.render import ordered_score
    from hexforge_hexpawn import rules

    left = {player: len(rules.pawns(engine, player)) for player in rules.PLAYERS}
    return ordered_score(left, rules.PLAYERS)


def stops(entries: Sequence[Mapping[str, object]]) -> dict[str, tuple[int, ...]]:
    """Where the viewer's buttons stop: each move (an action), each capture (a
    knock-out); Hexpawn has no rounds, activations or attacks."""
    moves = [
        i for i, e in enumerate(entries) if e.get("type") == "event" and e.get("name") == "stepped"
    ]
    taken = [
        i for i, e in enumerate(entries) if e.get("type") == "event" and e.get("name") == "captured"
    ]
    return {"action": tuple(moves), "knockout": tuple(taken)}


class HexpawnRenderer:
    """The Hexpawn :class:`~hexforge.core.render.GameRenderer` of one set of plugins."""

    game = GAME

    def __init__(self, host: PluginHost) -> None:
        self.host = host

    def _rules(self) -> HexpawnRuleset:
        from hexforge_hexpawn.rules import hexpawn_rules

        return hexpawn_rules(self.host)

    def map_names(self) -> Sequence[str]:
        return BOARD_NAMES

    def render_map(self, name: str) -> Svg | None:
        from hexforge_hexpawn.rules import DEFAULT_LINEUP, Board

        if name not in BOARD_NAMES:
            return None
        return board_svg(Board(len(DEFAULT_LINEUP)), {}, "Hexpawn board")

    def render_position(self, engine: Engine) -> Svg:
        return position_svg(engine)

    def card_ids(self) -> Sequence[str]:
        return sorted(self._rules().pawns)

    def render_card(self, card_id: str, language: str) -> Svg | None:
        del language  # the pawns are written in English only
        card = self._rules().pawns.get(card_id)
        return None if card is None else card_svg(card)

    def replay(self, log: GameLogFile, options: Mapping[str, str] | None = None) -> Replay | None:
        """The logged game played again from its seed, answers and recorded lineup, with
        the board after every log entry; None for a log that is not a Hexpawn game's."""
        from hexforge.core.render import (
            FrameRecorder,
            Replay,
            play_logged,
            replay_agent,
            replaying,
        )
        from hexforge_hexpawn.play import lineup_of
        from hexforge_hexpawn.rules import PLAYERS, new_game, play_game

        setup = log.setup or {}
        if setup.get("game", GAME) != GAME or log.players != list(PLAYERS):
            return None
        logged = setup.get("options")
        given = logged if isinstance(logged, dict) else (options or {})
        agent = replay_agent(log)
        with replaying(log):  # the start line records the logged setup
            engine = new_game(
                self._rules(),
                log.seed,
                dict.fromkeys(PLAYERS, agent),
                lineup_of({str(k): str(v) for k, v in given.items()}),
            )
        recorder = FrameRecorder(engine, _key, position_svg, _score)
        recorder.attach()
        play_logged(log, engine, play_game)
        return Replay(
            GAME,
            recorder.boards,
            tuple(recorder.frames),
            "pawns",
            stops=stops(log.entries),
            stop_names={"action": "move", "knockout": "capture"},
            engine=engine,
        )
