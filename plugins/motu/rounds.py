"""A whole game: setup, four rounds, clean-up and victory (rulebook §First Game Setup,
§Playing the Game, §Preparation Phase, §Activation Phase, §Select Cards, §Double
Activation, §Clean-Up Phase, §Claim Objective Tokens, §Check for Victory, §Scoring,
§Ready Characters and Gain Mana).

``new_game(setup, seed, agents)`` builds the engine (decks shuffled, five fate cards and
both glory cards in hand, the roll-off winner picks the first player, characters without
a place deployed alternately), ``play_game(engine)`` plays rounds until a result, which
is also ``MotuState(engine).result`` (``winner`` - None for a draw - and ``reason``).
"""

from __future__ import annotations

from collections.abc import Mapping

from hexforge.core.engine import Agent, Engine, Json
from hexforge.core.engine.diagnostics import fail
from hexforge.core.hexgrid import Direction, format_coord, parse_coord
from hexforge.plugins.motu import codes
from hexforge.plugins.motu.battlefield import Location, footprint
from hexforge.plugins.motu.board import (
    adjacent,
    board_map,
    enemies,
    hexes_of,
    locations_of,
    on_board,
    use_map,
)
from hexforge.plugins.motu.cards import Character, Fate, Glory
from hexforge.plugins.motu.library import Library, MotuRuleset, library_of
from hexforge.plugins.motu.mana import gain_mana
from hexforge.plugins.motu.parameters import CHANGES, parameters_of
from hexforge.plugins.motu.setups import GameSetup
from hexforge.plugins.motu.state import MotuState, Phase, PlayerState, UnitState
from hexforge.plugins.motu.tokens import clear_tokens
from hexforge.plugins.motu.turns import activate, discard, take_from_hand
from hexforge.plugins.motu.units import create_character, is_knocked_out

PLAYERS = ["masters", "evil"]
PASS = "pass"


def new_game(
    rules: MotuRuleset, setup: GameSetup, seed: int, agents: Mapping[str, Agent]
) -> Engine:
    """A game of ``rules`` ready for round 1 (rulebook §First Game Setup steps 1-7)."""
    engine = Engine.new(rules, seed, list(PLAYERS), dict(agents))
    use_map(engine, name=setup.map)
    game = MotuState.start(engine, [format_coord(h) for h in board_map(engine).objectives])
    if setup.parameters:  # a variant's numbers (none: the state is as it always was)
        engine.state.data[CHANGES] = dict[str, Json](setup.parameters)
    hand = parameters_of(engine).hand
    for player in PLAYERS:
        cards = game.player(player)
        cards.deck.extend(engine.shuffle(setup.decks[player].fate, reason=f"{player} fate deck"))
        cards.glory.extend(setup.decks[player].glory)
        draw(engine, player, hand)
    winner = engine.roll_off(PLAYERS, reason="first player")
    first = str(engine.decide("first_player", winner, list(PLAYERS)))
    game.first_player = first
    engine.note("first_player", player=first, chosen_by=winner)
    waiting: dict[str, list[int]] = {p: [] for p in PLAYERS}
    for player in PLAYERS:
        for index, entry in enumerate(setup.forces[player]):
            if entry.at is None:
                waiting[player].append(index)
                continue
            create_character(
                engine,
                entry.id,
                entry.card,
                player,
                parse_coord(entry.at),
                Direction[entry.facing or ("S" if player == "masters" else "N")],
                level=entry.level,
                weapons=entry.weapons,
                items=entry.items,
            )
    _deploy(engine, setup, waiting)
    return engine


def _deploy(engine: Engine, setup: GameSetup, waiting: dict[str, list[int]]) -> None:
    """Characters without a place: the players place them one at a time, first player
    first, on free hexes of their deployment zone (a reading: the Battleground Book's
    standard deployment is not in our text). A massive model's whole base, at its
    facing, must lie on free hexes of the zone (rulebook §Massive Models)."""
    order = turn_order(engine)
    field = board_map(engine)
    while any(waiting.values()):
        for player in order:
            if not waiting[player]:
                continue
            entry = setup.forces[player][waiting[player].pop(0)]
            facing = Direction[entry.facing or ("S" if player == "masters" else "N")]
            card = library_of(engine).card(entry.card, "character")
            assert isinstance(card, Character)
            zone = field.deployment.get(player, ())
            members = frozenset(zone)
            taken = {h for u in on_board(engine) for h in hexes_of(engine, u)}
            free = [
                format_coord(h)
                for h in zone
                if all(
                    b in members and b not in taken and field.standable(Location(b, 0))
                    for b in footprint(h, facing, card.base_size)
                )
            ]
            at = str(engine.decide("deploy", player, sorted(free), context={"unit": entry.id}))
            create_character(
                engine,
                entry.id,
                entry.card,
                player,
                parse_coord(at),
                facing,
                weapons=entry.weapons,
                items=entry.items,
            )


def turn_order(engine: Engine) -> list[str]:
    first = MotuState(engine).first_player
    return [first, *(p for p in PLAYERS if p != first)]


def draw(engine: Engine, player: str, up_to: int) -> None:
    """Draw fate cards until the hand holds ``up_to`` (fewer when the deck runs out: the
    rulebook has no reshuffle)."""
    cards = PlayerState(engine, player)
    deck, fate = cards.deck, cards.fate
    while len(fate) < up_to and deck:
        fate.append(deck.pop(0))


def result(engine: Engine) -> dict[str, Json] | None:
    return MotuState(engine).result


def finish(engine: Engine, winner: str | None, reason: str, *, on_points: bool = False) -> None:
    """End the game; objective tokens are worth 20 VP each at its end (§Scoring). With
    ``on_points`` the VP decide: a 20 VP margin wins, anything less is a draw (the
    parameters ``objective_vp`` and ``victory_margin``)."""
    game = MotuState(engine)
    numbers = parameters_of(engine)
    if game.result is not None:
        raise fail(codes.GAME_OVER, "the game is already over")
    for player in PLAYERS:
        claimed = game.player(player).claimed
        if claimed:
            tokens = f"{claimed} objective token{'s' * (claimed != 1)}"
            _add_vp(engine, player, numbers.objective_vp * claimed, tokens)
    if on_points:
        a, b = (game.player(p).vp for p in PLAYERS)
        margin = numbers.victory_margin
        winner = None if abs(a - b) < margin else PLAYERS[0] if a > b else PLAYERS[1]
        reason = f"{'points victory' if winner else 'draw on points'} {a}-{b}"
    game.set_result(winner, reason)
    engine.note("result", winner=winner, reason=reason, vp=dict[str, Json](game.vp))


def forfeit(engine: Engine, player: str) -> None:
    """A player forfeits: the opponent wins (rulebook §Scoring)."""
    finish(engine, next(p for p in PLAYERS if p != player), f"{player} forfeits")


def agree_draw(engine: Engine) -> None:
    """Both players agree to end the game in a draw (rulebook §Scoring)."""
    finish(engine, None, "agreed draw")


def _add_vp(engine: Engine, player: str, amount: int, reason: str) -> None:
    PlayerState(engine, player).vp += amount
    engine.note("vp", player=player, gained=amount, reason=reason)


def standing(engine: Engine, player: str) -> list[str]:
    return [
        u
        for u in on_board(engine)
        if engine.entity(u).owner == player and not is_knocked_out(engine, u)
    ]


def ready(engine: Engine, player: str) -> list[str]:
    """Characters with no card on them (rulebook §Activate Character)."""
    return [u for u in standing(engine, player) if not UnitState(engine, u).played]


# ---- the game ---------------------------------------------------------------------------


def play_game(engine: Engine) -> dict[str, Json]:
    """Play rounds until the game has a result; returns it."""
    while True:
        found = result(engine)
        if found is not None:
            return found
        play_round(engine)


def play_round(engine: Engine) -> None:
    game = MotuState(engine)
    game.round += 1
    engine.note("round", round=game.round)
    frame = engine.open("round", player=turn_order(engine)[0])
    if game.round > 1:
        preparation(engine)
    activation_phase(engine)
    if result(engine) is None:
        clean_up(engine)
    engine.close(frame)


def preparation(engine: Engine) -> None:
    """Discard any fate cards, then draw back to five (rulebook §Preparation Phase)."""
    MotuState(engine).phase = Phase.PREPARATION
    for player in turn_order(engine):
        cards = PlayerState(engine, player)
        while cards.fate:
            options: list[Json] = ["done", *cards.fate]
            answer = str(engine.decide("discard", player, options))
            if answer == "done":
                break
            take_from_hand(engine, player, answer)
            cards.discard.append(answer)
        draw(engine, player, parameters_of(engine).hand)


def initiative(lib: Library, card_id: str) -> int:
    card = lib.card(card_id, "fate", "glory")
    assert isinstance(card, Fate | Glory)
    return card.initiative


def activation_phase(engine: Engine) -> None:
    """Select cards hidden, reveal, activate by initiative (ties: the first player), until
    both players pass (rulebook §Activation Phase)."""
    MotuState(engine).phase = Phase.ACTIVATION
    passed: set[str] = set()
    while result(engine) is None:
        for player in PLAYERS:
            if player not in passed and not (
                ready(engine, player) and PlayerState(engine, player).hand
            ):
                passed.add(player)
                engine.note("pass", player=player, forced=True)
        selecting = [p for p in turn_order(engine) if p not in passed]
        if not selecting:
            return
        answers = engine.decide_together(
            [("select_card", p, [*PlayerState(engine, p).hand, PASS]) for p in selecting]
        )
        revealed: dict[str, str] = {}
        for player, answer in zip(selecting, answers, strict=True):
            if answer == PASS:
                passed.add(player)
                engine.note("pass", player=player, forced=False)
            else:
                revealed[player] = str(answer)
                take_from_hand(engine, player, str(answer))
        if revealed:
            engine.note("reveal", cards=dict[str, Json](revealed))
        first = turn_order(engine)[0]
        for player in sorted(
            revealed, key=lambda p: (-initiative(library_of(engine), revealed[p]), p != first)
        ):
            _activate_one(engine, player, revealed[player])


def activatable(engine: Engine, player: str) -> list[str]:
    """The ready characters ``player`` may activate now: not, as its first activation of
    the round, the one it activated last in the previous round, unless it has only one
    character left (rulebook §Activate Character, §Double Activation)."""
    options = ready(engine, player)
    game = MotuState(engine)
    last = game.last_activated.get(player)
    first = player not in game.round_last
    if first and len(standing(engine, player)) > 1 and last in options:
        options = [u for u in options if u != last] or options
    return options


def _activate_one(engine: Engine, player: str, card_id: str) -> None:
    options = activatable(engine, player)
    if not options:
        discard(engine, player, card_id)  # every ready character fell meanwhile
        return
    unit = str(engine.decide("activate", player, list(options), context={"card": card_id}))
    MotuState(engine).round_last[player] = unit
    activate(engine, unit, card_id)


# ---- clean-up ---------------------------------------------------------------------------


def clean_up(engine: Engine) -> None:
    """Claim objectives, clear tokens, check victory, ready characters and gain mana."""
    game = MotuState(engine)
    game.phase = Phase.CLEAN_UP
    claim_objectives(engine)
    clear_tokens(engine)
    check_victory(engine)
    for unit in on_board(engine):
        character = UnitState(engine, unit)
        if not character.activated and not character.played:
            gain_mana(engine, unit, 1)
    for entity in engine.entities("character", in_play=None):
        character = UnitState(engine, entity.id)
        for card_id in character.played:
            discard(engine, entity.owner or "", card_id)
        character.played = []
        character.activated = False
    last = game.last_activated
    last.clear()
    last.update(game.round_last)
    game.round_last.clear()


def can_claim(engine: Engine, unit: str, objective: str) -> bool:
    """The four conditions of rulebook §Claim Objective Tokens; any hex of a massive base
    counts as the model's (rulebook §Massive Models - Adjacency). The token lies at
    standard elevation, and a model at another elevation is neither in nor adjacent to
    its hex (rulebook §Elevation: hexes at different elevations are not adjacent)."""
    field = board_map(engine)
    spot = Location(parse_coord(objective))
    player = engine.entity(unit).owner or ""
    foes = [
        u for u in on_board(engine) if enemies(engine, unit, u) and not is_knocked_out(engine, u)
    ]

    def near(model: str) -> bool:
        return any(at == spot or field.is_adjacent(at, spot) for at in locations_of(engine, model))

    if any(adjacent(engine, unit, foe) for foe in foes):
        return False
    if not near(unit) or any(near(foe) for foe in foes):
        return False
    return spot.hex not in field.deployment.get(player, ())


def claim_objectives(engine: Engine) -> None:
    objectives = MotuState(engine).objectives
    for objective in list(objectives):
        for player in turn_order(engine):
            claimants = [u for u in standing(engine, player) if can_claim(engine, u, objective)]
            if claimants:
                objectives.remove(objective)
                PlayerState(engine, player).claimed += 1
                engine.note("objective", player=player, unit=claimants[0], hex=objective)
                break


def check_victory(engine: Engine) -> None:
    """Knock-out victory, or after round 4 (the parameter ``rounds``) a points victory
    with a 20 VP margin, else a draw (rulebook §Check for Victory)."""
    down = [p for p in PLAYERS if not standing(engine, p)]
    if len(down) == 2:
        finish(engine, None, "both forces knocked out")
    elif down:
        finish(engine, next(p for p in PLAYERS if p not in down), "knock-out victory")
    elif MotuState(engine).round >= parameters_of(engine).rounds:
        finish(engine, None, "points", on_points=True)
