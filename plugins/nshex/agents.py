"""Computer agents for nshex: a heuristic that places tiles for the most expected damage.

Battles decide the game by HQ damage (Duel rules, "Bitwa"), so a tile is worth the hits it
would land on enemies from where it stands: melee on the adjacent enemy of a side, ranged on
the first enemy down a side's line, gauss on every enemy down it, HQ hits counted double.
The agent remembers which tile it chose to play or shift, then picks the hex and rotation
scoring best for that tile - the hits it would deal plus the hits its nets would hold (a
netted enemy cannot act: each adjacent enemy on a net side keeps the hits it would deal);
modules without attacks go next to the own HQ, which they protect and boost. A Battle (any
instant that fights a battle) is played only when the tiles on the board would deal the
opponent more hits than they take; everything else it plays rather than idles: a turn
ended with tiles left in hand gives the opponent the board.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from hexforge.core.engine import Decision, Engine, Json, RandomAgent
from hexforge.core.hexgrid import Hex, distance
from hexforge.core.hexgrid.board import parse_coord
from hexforge.core.play import per_player
from hexforge.dsl import ast
from hexforge.plugins.nshex import position as pos
from hexforge.plugins.nshex.board import facing, ray
from hexforge.plugins.nshex.state import NshexState, TileView
from hexforge.plugins.nshex.tiles import BoardTile, Instant

ROTATIONS = range(6)
BATTLE = ("fight", "a", "battle")
"""The statement of an instant that starts a battle (the Battle tile's effect)."""


def _enemy_at(engine: Engine, player: str, hex_: Hex) -> str | None:
    tile = pos.tile_at(engine, hex_)
    if tile is None or pos.controller(engine, tile) == player:
        return None
    return tile


def _worth(engine: Engine, tile: str) -> float:
    return 2.0 if pos.is_hq(engine, tile) else 1.0


def expected_damage(
    engine: Engine, player: str, printed: BoardTile, at: Hex, rotation: int
) -> float:
    """Hits ``printed`` would deal from ``at`` turned by ``rotation`` in the next battle."""
    total = 0.0
    for side, strength in printed.melee.items():
        foe = _enemy_at(engine, player, at.neighbour(facing(int(side), rotation)))
        if foe is not None:
            total += strength * _worth(engine, foe)
    for side, strength in printed.ranged.items():
        for hex_ in ray(at, facing(int(side), rotation)):
            foe = _enemy_at(engine, player, hex_)
            if foe is not None:
                total += strength * _worth(engine, foe)
                break
    for side, strength in printed.gauss.items():
        for hex_ in ray(at, facing(int(side), rotation)):
            foe = _enemy_at(engine, player, hex_)
            if foe is not None:
                total += strength * _worth(engine, foe)
    return total


def net_hold(engine: Engine, player: str, printed: BoardTile, at: Hex, rotation: int) -> float:
    """Hits the enemies ``printed``'s nets would hold from ``at`` turned by ``rotation``:
    a netted tile cannot act (rulebook: Sieć), so each adjacent enemy on a net side keeps
    the hits it would deal from where it stands."""
    held = 0.0
    for side in printed.net:
        foe = _enemy_at(engine, player, at.neighbour(facing(int(side), rotation)))
        foe_printed = None if foe is None else pos.card(engine, foe)
        if foe is None or not isinstance(foe_printed, BoardTile):
            continue
        view = TileView(engine, foe)
        owner = pos.controller(engine, foe)
        held += expected_damage(engine, owner, foe_printed, view.hex, view.rotation)
    return held


def placement_value(
    engine: Engine, player: str, printed: BoardTile, at: Hex, rotation: int
) -> float:
    """What placing ``printed`` there is worth: the hits it would deal and those its nets
    would hold."""
    return expected_damage(engine, player, printed, at, rotation) + net_hold(
        engine, player, printed, at, rotation
    )


def _hq_hex(engine: Engine, player: str, mine: bool) -> Hex | None:
    for owner, hq in NshexState(engine).hqs.items():
        view = TileView(engine, hq)
        if (owner == player) == mine and view.on_board:
            return view.hex
    return None


@cache
def fights_a_battle(effect: str) -> bool:
    """Whether an instant's effect starts a battle (any instant that says so, not only the
    base armies' Battle tile)."""
    from hexforge.dsl.parser import parse  # Lark: imported by the first game, not at start

    clauses = parse(effect).clauses
    return any(isinstance(c, ast.Do) and c.phrase.words() == BATTLE for c in clauses)


def battle_balance(engine: Engine, player: str) -> float:
    """Hits a battle now would let ``player``'s tiles deal, less those the opponent's would
    deal back, as the tiles stand (HQ hits counted double; initiative is left out)."""
    balance = 0.0
    for tile in NshexState(engine).board.values():
        view = TileView(engine, tile)
        printed = pos.card(engine, tile)
        if not view.on_board or not isinstance(printed, BoardTile):
            continue
        owner = pos.controller(engine, tile)
        hits = expected_damage(engine, owner, printed, view.hex, view.rotation)
        balance += hits if owner == player else -hits
    return balance


@dataclass
class NshexHeuristicAgent:
    """The nshex heuristic (``--p1 heuristic``); see the module docstring for its plan."""

    seed: int = 0
    _tile: str | None = field(init=False, default=None)
    _at: Hex | None = field(init=False, default=None)

    def choose(self, decision: Decision, engine: Engine) -> Json:
        options = [str(o) for o in decision.options]
        answer: Json = None
        if decision.kind == "hq":
            answer = self._hq(engine, decision.player, options)
        elif decision.kind == "action":
            answer = self._action(engine, decision.player, options)
        elif decision.kind == "hex":
            answer = self._hex(engine, decision.player, options)
        elif decision.kind == "rotation":
            answer = self._rotation(engine, decision.player, decision.options)
        if answer is not None and answer in decision.options:
            return answer
        return RandomAgent(self.seed).choose(decision, engine)

    def _hq(self, engine: Engine, player: str, options: list[str]) -> str:
        """Own HQ away from the enemy HQ (fewer lines onto it), else near the centre."""
        enemy = _hq_hex(engine, player, mine=False)
        if enemy is None:
            return min(options, key=lambda c: distance(parse_coord(c), parse_coord("C3")))
        return max(options, key=lambda c: distance(parse_coord(c), enemy))

    def _action(self, engine: Engine, player: str, options: list[str]) -> str:
        """The tile worth most; a battle that would hurt ``player`` more than the opponent
        is kept in hand (the turn ends instead, when it may)."""
        plays = [o for o in options if o.startswith("play ")]
        self._tile = None
        if not plays:
            return "end"
        value = {o: self._play_value(engine, player, o.split(" ", 1)[1]) for o in plays}
        choice = max(plays, key=value.__getitem__)
        if value[choice] <= 0 and "end" in options:
            return "end"
        self._tile = choice.split(" ", 1)[1]
        return choice

    def _play_value(self, engine: Engine, player: str, tile: str) -> float:
        printed = pos.card(engine, tile)
        if isinstance(printed, BoardTile):
            return 1.0 + sum(printed.melee.values()) + sum(printed.ranged.values())
        if isinstance(printed, Instant) and fights_a_battle(printed.effect):
            balance = battle_balance(engine, player)
            return 1.0 + balance if balance > 0 else -1.0
        return 0.5

    def _printed(self, engine: Engine) -> BoardTile | None:
        if self._tile is None:
            return None
        printed = pos.card(engine, self._tile)
        return printed if isinstance(printed, BoardTile) else None

    def _hex(self, engine: Engine, player: str, options: list[str]) -> str | None:
        printed = self._printed(engine)
        if printed is None:
            return None
        own = _hq_hex(engine, player, mine=True)

        def score(coord: str) -> float:
            at = parse_coord(coord)
            best = max(placement_value(engine, player, printed, at, r) for r in ROTATIONS)
            near_home = 0.0 if own is None else 0.1 * distance(at, own)
            return best - near_home

        chosen = max(options, key=score)
        self._at = parse_coord(chosen)
        return chosen

    def _rotation(self, engine: Engine, player: str, options: tuple[Json, ...]) -> Json:
        printed, at = self._printed(engine), self._at
        if printed is None or at is None:
            return None
        rotations = [int(str(o)) for o in options]
        best = max(rotations, key=lambda r: placement_value(engine, player, printed, at, r))
        return options[rotations.index(best)]


def board_summary(engine: Engine, player: str) -> str:
    """Every tile on the board with its controller and rotation, the HQs' life, the hand."""
    state = NshexState(engine)
    lines = [f"HQ life {per_player({p: pos.hq_left(engine, hq) for p, hq in state.hqs.items()})}"]
    for coord, tile in sorted(state.board.items()):
        rotation = TileView(engine, tile).rotation
        lines.append(f"  {coord}: {tile} ({pos.controller(engine, tile)}) r{rotation}")
    lines.append(f"hand: {', '.join(state.hand(player))}")
    return "\n".join(lines)
