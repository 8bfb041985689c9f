"""The rules of Hexpawn on hexforge's engine: the board, the legal moves, a turn, the end.

White moves first, then the players alternate. A move is one pawn stepping in one of its
card's ``moves`` to an empty hex, or taking an enemy pawn in one of its ``captures``
(diagonally forward only). A player wins when a pawn of theirs reaches the far row,
when every enemy pawn is taken, or when the opponent has no legal move on their turn.

Every choice is an engine decision (kind ``move``; options are texts such as
``white-b B4-B3``, a step, and ``white-b B4xC3``, a capture), so any agent - random,
first, scripted, human, the game's greedy one - plays it, and a game's log replays byte
for byte from its seed and answers. The position is engine state only (each pawn an
entity whose ``at`` prop is its hex; a taken pawn leaves play; the turn and the result in
``state.data``), so a snapshot between turns continues exactly.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from hexforge.core.engine import Agent, Engine, Event, Json, Ruleset
from hexforge.core.errors import HexforgeError
from hexforge.core.hexgrid import (
    Direction,
    Hex,
    column_letters,
    format_coord,
    from_offset,
    parse_coord,
    to_offset,
)
from hexforge.core.packs.codes import OUT_OF_RANGE, UNKNOWN_REFERENCE
from hexforge.core.scenarios import ILLEGAL_ACTION
from hexforge.core.vocabulary import EventType, Field
from hexforge.plugins.manager import PluginHost, PluginSet
from hexforge.plugins.packs_of_game import packs_of_host
from hexforge_hexpawn.cards import Pawn
from hexforge_hexpawn.codes import BAD_LINEUP

GAME = "hexpawn"
PAWN = "pawn"
"""The entity kind of a pawn on the board."""
PLAYERS = ("white", "black")
"""White starts on the bottom row and moves first; black starts on the top row."""
DEFAULT_LINEUP = ("pawn", "raider", "scout", "pawn")
"""Each side's pawn cards from left to right (white's view), one per column."""
ROWS = 4
MIN_COLUMNS, MAX_COLUMNS = 2, 8
STEPS: Mapping[str, Mapping[str, Direction]] = {
    "white": {"ahead": Direction.N, "ahead-left": Direction.NW, "ahead-right": Direction.NE},
    "black": {"ahead": Direction.S, "ahead-left": Direction.SE, "ahead-right": Direction.SW},
}
"""A card's directions as board directions, seen from each side: black faces south, so
its left is east."""


@dataclass(slots=True, kw_only=True)
class HexpawnRuleset(Ruleset):
    """The Hexpawn ruleset with the pawn cards of a set of plugins: an engine made with it
    carries them to every rule (:func:`pawn_of`)."""

    pawns: Mapping[str, Pawn] = field(default_factory=dict)
    """Every pawn card of the game's packs, by id."""

    def pawn_card(self, card_id: str) -> Pawn:
        """The pawn card ``card_id`` (``hexpawn/pawn``, or ``pawn`` for the base pack's);
        HF213 naming the known ones."""
        full = card_id if "/" in card_id else f"{GAME}/{card_id}"
        card = self.pawns.get(full)
        if card is None:
            slugs = {key.rpartition("/")[2]: key for key in self.pawns}
            close = difflib.get_close_matches(full.rpartition("/")[2], list(slugs), n=1)
            raise HexforgeError.single(
                UNKNOWN_REFERENCE,
                f"no hexpawn pawn card '{card_id}'",
                hint=f"did you mean '{slugs[close[0]]}'?"
                if close
                else "pawn cards: " + ", ".join(sorted(self.pawns)),
            )
        return card

    def lineup(self, card_ids: Sequence[str]) -> list[Pawn]:
        """The cards of a lineup, one per column: HF213 for an unknown pawn, the game's own
        HXP001 for a lineup too short or too long for a board."""
        cards = [self.pawn_card(card_id) for card_id in card_ids]
        if not MIN_COLUMNS <= len(cards) <= MAX_COLUMNS:
            raise HexforgeError.single(
                BAD_LINEUP,
                f"a lineup of {len(cards)} pawn{'' if len(cards) == 1 else 's'}",
                hint=f"Hexpawn is played on {MIN_COLUMNS} to {MAX_COLUMNS} columns, "
                "one pawn a side in each",
            )
        return cards


def hexpawn_rules(host: PluginHost) -> HexpawnRuleset:
    """The ruleset of ``host``'s plugins, with the pawn cards of every hexpawn pack that
    validates (built once per set of plugins)."""
    return _ruleset(PluginSet.of(host))


@lru_cache(maxsize=8)
def _ruleset(plugins: PluginSet) -> HexpawnRuleset:
    cards = packs_of_host(plugins.host, GAME).cards()
    rules = HexpawnRuleset(
        entity_kinds={PAWN},
        pawns={key: card for key, card in sorted(cards.items()) if isinstance(card, Pawn)},
    )
    stepped = EventType("stepped", (Field("pawn", PAWN), Field("to", "text")))
    captured = EventType("captured", (Field("pawn", PAWN), Field("by", PAWN)))
    rules.declare_event(stepped, perform=_put)
    rules.declare_event(captured, perform=_take)
    return rules


def _put(engine: Engine, event: Event) -> None:
    engine.set_prop(str(event["pawn"]), "at", event["to"])


def _take(engine: Engine, event: Event) -> None:
    engine.leave_play(str(event["pawn"]))


@dataclass(frozen=True, slots=True)
class Board:
    """The hexes of a board of ``columns`` x ``rows`` (columns A.., rows 1..)."""

    columns: int
    rows: int = ROWS

    def coords(self) -> list[str]:
        """Every hex, row by row from the top, left to right."""
        return [
            format_coord(from_offset(column, row))
            for row in range(self.rows)
            for column in range(self.columns)
        ]

    def holds(self, hex_: Hex) -> bool:
        column, row = to_offset(hex_)
        return 0 <= column < self.columns and 0 <= row < self.rows

    def home(self, player: str) -> list[str]:
        """Where ``player``'s pawns start, left to right: white's bottom row, black's top."""
        row = self.rows - 1 if player == PLAYERS[0] else 0
        return [format_coord(from_offset(column, row)) for column in range(self.columns)]

    def far_row(self, player: str, coord: str) -> bool:
        """Whether ``coord`` is on the row ``player`` wins by reaching: no hex lies ahead."""
        return not self.holds(parse_coord(coord).neighbour(STEPS[player]["ahead"]))


@dataclass(frozen=True, slots=True)
class Move:
    """One legal move: ``pawn`` from ``start`` to ``end``, taking ``taken`` (or None)."""

    player: str
    pawn: str
    start: str
    end: str
    taken: str | None = None

    @property
    def text(self) -> str:
        """The option an agent chooses: ``white-b B4-B3`` (a step), ``white-b B4xC3``."""
        return f"{self.pawn} {self.start}{'-' if self.taken is None else 'x'}{self.end}"


def rules_of(engine: Engine) -> HexpawnRuleset:
    return engine.rules_as(HexpawnRuleset)


def pawn_of(engine: Engine, pawn: str) -> Pawn:
    """The card of the pawn ``pawn`` of a running game."""
    return rules_of(engine).pawn_card(str(engine.prop(pawn, "card")))


def game_data(engine: Engine) -> dict[str, Json]:
    data = engine.state.data[GAME]
    assert isinstance(data, dict)
    return data


def board_of(engine: Engine) -> Board:
    data = game_data(engine)
    return Board(int(str(data["columns"])), int(str(data["rows"])))


def pawns(engine: Engine, player: str | None = None) -> list[str]:
    """The pawns on the board (of ``player``), in the order they were set up."""
    return [entity.id for entity in engine.entities(PAWN, player)]


def position(engine: Engine) -> dict[str, str]:
    """Hex -> the pawn on it."""
    return {str(engine.prop(pawn, "at")): pawn for pawn in pawns(engine)}


def opponent(player: str) -> str:
    return PLAYERS[1 - PLAYERS.index(player)]


def to_move(engine: Engine) -> str:
    return PLAYERS[int(str(game_data(engine)["turn"])) % 2]


def result(engine: Engine) -> tuple[str, str] | None:
    """(winner, reason) once the game is over, else None."""
    data = game_data(engine)
    winner, reason = data.get("winner"), data.get("reason")
    return None if winner is None else (str(winner), str(reason))


def new_engine(
    rules: HexpawnRuleset,
    seed: int,
    agents: Mapping[str, Agent] | None = None,
    columns: int = len(DEFAULT_LINEUP),
    turn: int = 0,
) -> Engine:
    """An engine with an empty board of ``columns`` x :data:`ROWS`; ``turn`` moves were
    made already (odd: black is to move)."""
    if not MIN_COLUMNS <= columns <= MAX_COLUMNS:
        raise HexforgeError.single(
            OUT_OF_RANGE,
            f"a board of {columns} columns",
            hint=f"Hexpawn is played on {MIN_COLUMNS} to {MAX_COLUMNS} columns",
        )
    engine = Engine.new(rules, seed, list(PLAYERS), agents)
    engine.state.data[GAME] = {
        "columns": columns,
        "rows": ROWS,
        "turn": turn,
        "winner": None,
        "reason": None,
    }
    engine.changed()
    return engine


def add_pawn(engine: Engine, player: str, card_id: str, pawn: str, at: str) -> str:
    """Put a new pawn of card ``card_id`` on the empty hex ``at`` (the caller checks)."""
    card = rules_of(engine).pawn_card(card_id)
    created = engine.create(PAWN, player, id=pawn, props={"card": card.id, "at": at})
    engine.note("card", card=card.id)  # a card in play without effects, for coverage
    return created


def new_game(
    rules: HexpawnRuleset,
    seed: int,
    agents: Mapping[str, Agent] | None = None,
    lineup: Sequence[str] = DEFAULT_LINEUP,
) -> Engine:
    """The starting position: each side's ``lineup`` of pawn cards on its home row, left
    to right as white sees it (black's mirror the same cards column by column)."""
    cards = rules.lineup(lineup)
    engine = new_engine(rules, seed, agents, len(cards))
    board = board_of(engine)
    for player in PLAYERS:
        for column, (card, at) in enumerate(zip(cards, board.home(player), strict=True)):
            add_pawn(engine, player, card.id, f"{player}-{column_letters(column).lower()}", at)
    names = ", ".join(str(card.name.en) for card in cards)
    engine.note(GAME, text=f"white and black line up, left to right: {names}")
    return engine


def legal_moves(engine: Engine, player: str) -> list[Move]:
    """Every move ``player`` may make now, pawn by pawn in set-up order, each pawn's steps
    then its captures in its card's order."""
    board, taken = board_of(engine), position(engine)
    found: list[Move] = []
    for pawn in pawns(engine, player):
        card, start = pawn_of(engine, pawn), str(engine.prop(pawn, "at"))
        here = parse_coord(start)
        for step in card.moves:
            end = here.neighbour(STEPS[player][step])
            if board.holds(end) and format_coord(end) not in taken:
                found.append(Move(player, pawn, start, format_coord(end)))
        for step in card.captures:
            end = here.neighbour(STEPS[player][step])
            enemy = taken.get(format_coord(end))
            if enemy is not None and engine.entity(enemy).owner != player:
                found.append(Move(player, pawn, start, format_coord(end), enemy))
    return found


def make_move(engine: Engine, move: Move) -> None:
    """Carry out a legal ``move``, tell it, pass the turn and settle the end."""
    name = str(pawn_of(engine, move.pawn).name.en)
    if move.taken is None:
        text = f"{move.player}: {name} {move.pawn} steps from {move.start} to {move.end}"
    else:
        victim = str(pawn_of(engine, move.taken).name.en)
        engine.emit("captured", pawn=move.taken, by=move.pawn)
        text = (
            f"{move.player}: {name} {move.pawn} takes {opponent(move.player)}'s {victim} "
            f"{move.taken} on {move.end}"
        )
    engine.emit("stepped", pawn=move.pawn, to=move.end)
    engine.note(GAME, text=text)
    data = game_data(engine)
    data["turn"] = int(str(data["turn"])) + 1
    engine.changed()
    _settle(engine, move)


def _settle(engine: Engine, move: Move) -> None:
    """The three ways the mover wins, checked after each move."""
    enemy = opponent(move.player)
    if board_of(engine).far_row(move.player, move.end):
        _end(engine, move.player, f"{move.pawn} reached the far row on {move.end}")
    elif not pawns(engine, enemy):
        _end(engine, move.player, f"every {enemy} pawn is taken")
    elif not legal_moves(engine, enemy):
        _end(engine, move.player, f"{enemy} has no legal move")


def _end(engine: Engine, winner: str, reason: str) -> None:
    data = game_data(engine)
    data["winner"], data["reason"] = winner, reason
    engine.changed()
    engine.note(GAME, text=f"{winner} wins: {reason}")


def find_move(engine: Engine, pawn: str, end: str) -> Move:
    """The legal move of ``pawn`` to ``end`` for the player to move; HF520 naming the
    legal moves when there is none (an unknown pawn, a pawn of the other side, a hex it
    cannot reach, the game over)."""
    _refuse_when_over(engine)
    player = to_move(engine)
    moves = legal_moves(engine, player)
    for move in moves:
        if move.pawn == pawn and move.end == end:
            return move
    if pawn not in pawns(engine, player):
        mine = ", ".join(pawns(engine, player))
        why = f"{player} is to move and has no pawn '{pawn}' on the board (pawns: {mine})"
    else:
        why = f"{pawn} cannot move to {end}"
    raise HexforgeError.single(
        ILLEGAL_ACTION,
        why,
        hint="legal moves: " + (", ".join(m.text for m in moves) or "none"),
    )


def _refuse_when_over(engine: Engine) -> None:
    over = result(engine)
    if over is not None:
        raise HexforgeError.single(
            ILLEGAL_ACTION, f"the game is over: {over[0]} won", hint="expect the result"
        )


def turn(engine: Engine) -> None:
    """The player to move chooses one of their legal moves (an engine decision); a player
    with none loses (possible only in a position set up by hand)."""
    _refuse_when_over(engine)
    player = to_move(engine)
    moves = legal_moves(engine, player)
    if not moves:
        _end(engine, opponent(player), f"{player} has no legal move")
        return
    answer = engine.decide("move", player, [move.text for move in moves])
    make_move(engine, next(move for move in moves if move.text == answer))


def play_game(engine: Engine) -> tuple[str, str]:
    """Play on from wherever the game is to its end; the winner and why. It ends: every
    move takes a pawn nearer its far row."""
    over = result(engine)
    while over is None:
        turn(engine)
        over = result(engine)
    return over
