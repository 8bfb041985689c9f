"""A whole game: setup, four rounds, clean-up and victory (rulebook §First Game Setup,
§Playing the Game, §Preparation Phase, §Activation Phase, §Select Cards, §Double
Activation, §Clean-Up Phase, §Claim Objective Tokens, §Check for Victory, §Scoring,
§Ready Characters and Gain Mana).

``new_game(setup, seed, agents)`` builds the engine (decks shuffled, five fate cards and
both glory cards in hand, the roll-off winner picks the first player, characters without
a place deployed alternately), ``play_game(engine)`` plays rounds until a result, which
is also in ``state.data["result"]`` (``winner`` - None for a draw - and ``reason``).
"""

from __future__ import annotations

from collections.abc import Mapping

from hexforge.core.engine import Agent, Engine, Json
from hexforge.core.engine.diagnostics import fail
from hexforge.core.hexgrid import Direction, format_coord, parse_coord
from hexforge.plugins.motu import codes
from hexforge.plugins.motu.battlefield import Location
from hexforge.plugins.motu.board import (
    adjacent,
    as_int,
    as_texts,
    board_map,
    enemies,
    hex_of,
    on_board,
    use_map,
)
from hexforge.plugins.motu.cards import Fate, Glory
from hexforge.plugins.motu.library import Library, MotuRuleset, library_of
from hexforge.plugins.motu.mana import gain_mana
from hexforge.plugins.motu.setups import GameSetup
from hexforge.plugins.motu.tokens import clear_tokens
from hexforge.plugins.motu.turns import activate, discard, hand, pile, take_from_hand
from hexforge.plugins.motu.units import create_character, is_knocked_out

PLAYERS = ["masters", "evil"]
ROUNDS = 4
HAND = 5
OBJECTIVE_VP = 20
MARGIN = 20
PASS = "pass"


def new_game(
    rules: MotuRuleset, setup: GameSetup, seed: int, agents: Mapping[str, Agent]
) -> Engine:
    """A game of ``rules`` ready for round 1 (rulebook §First Game Setup steps 1-7)."""
    engine = Engine.new(rules, seed, list(PLAYERS), dict(agents))
    use_map(engine, name=setup.map)
    field = board_map(engine)
    engine.state.data.update(
        {
            "round": 0,
            "phase": "setup",
            "vp": {p: 0 for p in PLAYERS},
            "objectives": [format_coord(h) for h in field.objectives],
            "claimed": {p: 0 for p in PLAYERS},
            "last_activated": {},
            "result": None,
        }
    )
    for player in PLAYERS:
        pile(engine, "deck", player).extend(
            engine.shuffle(setup.decks[player].fate, reason=f"{player} fate deck")
        )
        pile(engine, "glory", player).extend(setup.decks[player].glory)
        draw(engine, player, HAND)
    winner = engine.roll_off(PLAYERS, reason="first player")
    first = str(engine.decide("first_player", winner, list(PLAYERS)))
    engine.state.data["first_player"] = first
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
    standard deployment is not in our text)."""
    order = turn_order(engine)
    field = board_map(engine)
    while any(waiting.values()):
        for player in order:
            if not waiting[player]:
                continue
            entry = setup.forces[player][waiting[player].pop(0)]
            taken = {hex_of(engine, u) for u in on_board(engine)}
            free = [
                format_coord(h)
                for h in field.deployment.get(player, ())
                if h not in taken and field.standable(Location(h, 0))
            ]
            at = str(engine.decide("deploy", player, sorted(free), context={"unit": entry.id}))
            create_character(
                engine,
                entry.id,
                entry.card,
                player,
                parse_coord(at),
                Direction[entry.facing or ("S" if player == "masters" else "N")],
                weapons=entry.weapons,
                items=entry.items,
            )


def turn_order(engine: Engine) -> list[str]:
    first = str(engine.state.data["first_player"])
    return [first, *(p for p in PLAYERS if p != first)]


def draw(engine: Engine, player: str, up_to: int) -> None:
    """Draw fate cards until the hand holds ``up_to`` (fewer when the deck runs out: the
    rulebook has no reshuffle)."""
    deck, fate = pile(engine, "deck", player), pile(engine, "fate", player)
    while len(fate) < up_to and deck:
        fate.append(deck.pop(0))


def result(engine: Engine) -> dict[str, Json] | None:
    found = engine.state.data.get("result")
    return found if isinstance(found, dict) else None


def finish(engine: Engine, winner: str | None, reason: str, *, on_points: bool = False) -> None:
    """End the game; objective tokens are worth 20 VP each at its end (§Scoring). With
    ``on_points`` the VP decide: a 20 VP margin wins, anything less is a draw."""
    if result(engine) is not None:
        raise fail(codes.GAME_OVER, "the game is already over")
    for player in PLAYERS:
        claimed = as_int(_dict(engine, "claimed").get(player))
        if claimed:
            tokens = f"{claimed} objective token{'s' * (claimed != 1)}"
            _add_vp(engine, player, OBJECTIVE_VP * claimed, tokens)
    vp = _dict(engine, "vp")
    if on_points:
        a, b = (as_int(vp.get(p)) for p in PLAYERS)
        winner = None if abs(a - b) < MARGIN else PLAYERS[0] if a > b else PLAYERS[1]
        reason = f"{'points victory' if winner else 'draw on points'} {a}-{b}"
    engine.state.data["result"] = {"winner": winner, "reason": reason}
    engine.note("result", winner=winner, reason=reason, vp=dict(vp))


def forfeit(engine: Engine, player: str) -> None:
    """A player forfeits: the opponent wins (rulebook §Scoring)."""
    finish(engine, next(p for p in PLAYERS if p != player), f"{player} forfeits")


def agree_draw(engine: Engine) -> None:
    """Both players agree to end the game in a draw (rulebook §Scoring)."""
    finish(engine, None, "agreed draw")


def _dict(engine: Engine, key: str) -> dict[str, Json]:
    found = engine.state.data.setdefault(key, {})
    assert isinstance(found, dict)
    return found


def _add_vp(engine: Engine, player: str, amount: int, reason: str) -> None:
    vp = _dict(engine, "vp")
    vp[player] = as_int(vp.get(player)) + amount
    engine.note("vp", player=player, gained=amount, reason=reason)


def standing(engine: Engine, player: str) -> list[str]:
    return [
        u
        for u in on_board(engine)
        if engine.entity(u).owner == player and not is_knocked_out(engine, u)
    ]


def ready(engine: Engine, player: str) -> list[str]:
    """Characters with no card on them (rulebook §Activate Character)."""
    return [u for u in standing(engine, player) if not as_texts(engine.prop(u, "played"))]


# ---- the game ---------------------------------------------------------------------------


def play_game(engine: Engine) -> dict[str, Json]:
    """Play rounds until the game has a result; returns it."""
    while True:
        found = result(engine)
        if found is not None:
            return found
        play_round(engine)


def play_round(engine: Engine) -> None:
    data = engine.state.data
    data["round"] = as_int(data.get("round")) + 1
    engine.note("round", round=data["round"])
    frame = engine.open("round", player=turn_order(engine)[0])
    if as_int(data["round"]) > 1:
        preparation(engine)
    activation_phase(engine)
    if result(engine) is None:
        clean_up(engine)
    engine.close(frame)


def preparation(engine: Engine) -> None:
    """Discard any fate cards, then draw back to five (rulebook §Preparation Phase)."""
    engine.state.data["phase"] = "preparation"
    for player in turn_order(engine):
        while pile(engine, "fate", player):
            options: list[Json] = ["done", *pile(engine, "fate", player)]
            answer = str(engine.decide("discard", player, options))
            if answer == "done":
                break
            take_from_hand(engine, player, answer)
            pile(engine, "discard", player).append(answer)
        draw(engine, player, HAND)


def initiative(lib: Library, card_id: str) -> int:
    card = lib.card(card_id, "fate", "glory")
    assert isinstance(card, Fate | Glory)
    return card.initiative


def activation_phase(engine: Engine) -> None:
    """Select cards hidden, reveal, activate by initiative (ties: the first player), until
    both players pass (rulebook §Activation Phase)."""
    engine.state.data["phase"] = "activation"
    passed: set[str] = set()
    first_activation = {p: True for p in PLAYERS}
    while result(engine) is None:
        for player in PLAYERS:
            if player not in passed and not (ready(engine, player) and hand(engine, player)):
                passed.add(player)
                engine.note("pass", player=player, forced=True)
        selecting = [p for p in turn_order(engine) if p not in passed]
        if not selecting:
            return
        answers = engine.decide_together(
            [("select_card", p, [*hand(engine, p), PASS]) for p in selecting]
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
            _activate_one(engine, player, revealed[player], first_activation)


def _activate_one(engine: Engine, player: str, card_id: str, first: dict[str, bool]) -> None:
    options = ready(engine, player)
    last = _dict(engine, "last_activated").get(player)
    if first[player] and len(standing(engine, player)) > 1 and last in options:
        options = [u for u in options if u != last] or options  # §Double Activation
    if not options:
        discard(engine, player, card_id)  # every ready character fell meanwhile
        return
    unit = str(engine.decide("activate", player, list(options), context={"card": card_id}))
    first[player] = False
    _dict(engine, "round_last")[player] = unit
    activate(engine, unit, card_id)


# ---- clean-up ---------------------------------------------------------------------------


def clean_up(engine: Engine) -> None:
    """Claim objectives, clear tokens, check victory, ready characters and gain mana."""
    engine.state.data["phase"] = "clean-up"
    claim_objectives(engine)
    clear_tokens(engine)
    check_victory(engine)
    for unit in on_board(engine):
        if not engine.prop(unit, "activated") and not as_texts(engine.prop(unit, "played")):
            gain_mana(engine, unit, 1)
    for entity in engine.entities("character", in_play=None):
        for card_id in as_texts(engine.prop(entity.id, "played")):
            discard(engine, entity.owner or "", card_id)
        engine.set_prop(entity.id, "played", [])
        engine.set_prop(entity.id, "activated", False)
    last = _dict(engine, "last_activated")
    last.clear()
    last.update(_dict(engine, "round_last"))
    _dict(engine, "round_last").clear()


def can_claim(engine: Engine, unit: str, objective: str) -> bool:
    """The four conditions of rulebook §Claim Objective Tokens."""
    field = board_map(engine)
    spot = parse_coord(objective)
    here = hex_of(engine, unit)
    player = engine.entity(unit).owner or ""
    foes = [
        u for u in on_board(engine) if enemies(engine, unit, u) and not is_knocked_out(engine, u)
    ]
    if any(adjacent(engine, unit, foe) for foe in foes):
        return False
    if not (here == spot or field.is_adjacent(Location(here, 0), Location(spot, 0))):
        return False
    if any(hex_of(engine, f) == spot or _next_to(engine, f, spot) for f in foes):
        return False
    return spot not in field.deployment.get(player, ())


def _next_to(engine: Engine, unit: str, spot: object) -> bool:
    from hexforge.core.hexgrid import are_neighbours

    assert spot is not None
    return are_neighbours(hex_of(engine, unit), spot)  # type: ignore[arg-type]


def claim_objectives(engine: Engine) -> None:
    objectives = engine.state.data.get("objectives")
    assert isinstance(objectives, list)
    for objective in list(objectives):
        for player in turn_order(engine):
            claimants = [
                u for u in standing(engine, player) if can_claim(engine, u, str(objective))
            ]
            if claimants:
                objectives.remove(objective)
                claimed = _dict(engine, "claimed")
                claimed[player] = as_int(claimed.get(player)) + 1
                engine.note("objective", player=player, unit=claimants[0], hex=objective)
                break


def check_victory(engine: Engine) -> None:
    """Knock-out victory, or after round 4 a points victory with a 20 VP margin, else a
    draw (rulebook §Check for Victory)."""
    down = [p for p in PLAYERS if not standing(engine, p)]
    if len(down) == 2:
        finish(engine, None, "both forces knocked out")
    elif down:
        finish(engine, next(p for p in PLAYERS if p not in down), "knock-out victory")
    elif as_int(engine.state.data.get("round")) >= ROUNDS:
        finish(engine, None, "points", on_points=True)
