"""The round procedure (issue 9): setup, card selection and initiative, double activation,
preparation, interruption cards, forfeit - rulebook sections in each test's name."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from hexforge.core.engine import Decision, Engine, FirstLegalAgent, Json, RandomAgent
from hexforge.core.errors import HexforgeError
from hexforge.plugins.motu.rounds import (
    activation_phase,
    agree_draw,
    forfeit,
    new_game,
    preparation,
    result,
)
from hexforge.plugins.motu.setups import load_setup, shipped_setup
from hexforge.plugins.motu.turns import hand, pile
from tests.plugged import LIB, MOTU

Policy = Callable[[Decision, Engine], Json | None]


class PolicyAgent:
    """Answers with ``policy`` where it has an opinion, else the first legal option."""

    def __init__(self, policy: Policy) -> None:
        self.policy = policy
        self.fallback = FirstLegalAgent()

    def choose(self, decision: Decision, engine: Engine) -> Json:
        answer = self.policy(decision, engine)
        return self.fallback.choose(decision, engine) if answer is None else answer


def _game(policy: Policy, seed: int = 3) -> Engine:
    agent = PolicyAgent(policy)
    return new_game(MOTU, shipped_setup("first-game", LIB), seed, {"masters": agent, "evil": agent})


def _ending(decision: Decision, engine: Engine) -> Json | None:
    """End every activation at once; pass after one card each."""
    if decision.kind == "action":
        return "end"
    return None


def _notes(engine: Engine, kind: str) -> list[dict[str, Json]]:
    return [e for e in engine.log.entries() if e["type"] == kind]


def test_first_game_setup_hands_decks_and_first_player() -> None:
    """rulebook §First Game Setup steps 5-7: twenty shuffled fate cards, five drawn, both
    glory cards in hand; the roll-off winner chooses the first player."""
    engine = _game(lambda d, e: "evil" if d.kind == "first_player" else None)
    for player in ("masters", "evil"):
        assert len(pile(engine, "fate", player)) == 5
        assert len(pile(engine, "glory", player)) == 2
        assert len(pile(engine, "deck", player)) == 15
        assert len(set(hand(engine, player)) | set(pile(engine, "deck", player))) == 22
    assert engine.state.data["first_player"] == "evil"
    assert _notes(engine, "first_player")[0]["player"] == "evil"
    assert len(engine.entities("character")) == 6


def _select(cards: dict[str, str]) -> Policy:
    def policy(decision: Decision, engine: Engine) -> Json | None:
        if decision.kind == "select_card":
            wanted = cards.get(decision.player)
            return wanted if wanted in decision.options else "pass"
        return _ending(decision, engine)

    return policy


@pytest.mark.parametrize(
    ("masters", "evil", "first", "order"),
    [
        ("motu/heroic-charge", "motu/havoc-power", "evil", ["masters", "evil"]),  # 10 vs 1
        ("motu/hold-fast", "motu/savage-rush", "masters", ["evil", "masters"]),  # 1 vs 10
        ("motu/for-eternia", "motu/serpents-fury", "evil", ["evil", "masters"]),  # 8 = 8
        ("motu/for-eternia", "motu/serpents-fury", "masters", ["masters", "evil"]),
    ],
)
def test_select_cards_higher_initiative_first_ties_to_the_first_player(
    masters: str, evil: str, first: str, order: list[str]
) -> None:
    """rulebook §Select Cards: cards are revealed together; the higher initiative activates
    first, a tie goes to the first player; then the opponent activates with theirs."""
    picks = {"masters": masters, "evil": evil}

    def policy(decision: Decision, engine: Engine) -> Json | None:
        if decision.kind == "first_player":
            return first
        return _select(picks)(decision, engine)

    engine = _game(policy)
    for player, card in picks.items():  # put the wanted cards in hand
        fate = pile(engine, "fate", player)
        deck = pile(engine, "deck", player)
        if card not in fate:
            deck.remove(card)
            fate[0] = card
    engine.state.data["round"] = 1
    activation_phase(engine)
    activations = _notes(engine, "activate")
    assert [a["player"] for a in activations[:2]] == order
    selections = [e for e in engine.log.entries() if e["type"] == "decision"]
    assert all(e["hidden"] for e in selections if e["kind"] == "select_card")


def test_double_activation_the_last_character_cannot_go_first() -> None:
    """rulebook §Double Activation: the character a player activated last in a round is not
    offered for that player's first activation of the next round."""
    engine = _game(_select({"masters": "*", "evil": "*"}))
    engine.state.data["last_activated"] = {"masters": "he-man"}
    first_card = pile(engine, "fate", "masters")[0]
    engine.agents["masters"] = PolicyAgent(_select({"masters": first_card}))
    activation_phase(engine)
    asked = [e for e in engine.log.entries() if e["type"] == "decision" and e["kind"] == "activate"]
    assert asked and asked[0]["player"] == "masters"
    assert asked[0]["options"] == ["stratos", "man-at-arms"]  # no he-man


def test_preparation_discards_then_draws_back_to_five() -> None:
    """rulebook §Preparation Phase: discard any number of fate cards, then draw to five."""
    discarded: list[str] = []

    def policy(decision: Decision, engine: Engine) -> Json | None:
        if decision.kind == "discard" and decision.player == "masters" and len(discarded) < 2:
            choice = str(decision.options[1])
            discarded.append(choice)
            return choice
        return "done" if decision.kind == "discard" else None

    engine = _game(policy)
    pile(engine, "fate", "masters").pop()  # one card was played
    preparation(engine)
    assert len(pile(engine, "fate", "masters")) == 5
    assert pile(engine, "discard", "masters") == discarded
    assert len(pile(engine, "deck", "masters")) == 15 - 3
    assert len(pile(engine, "glory", "masters")) == 2  # no new glory cards


def test_preparation_is_skipped_in_the_first_round() -> None:
    """rulebook §Preparation Phase: hands were drawn at setup, so round 1 has no
    preparation; from round 2 on each player may discard and draws back to five."""
    from hexforge.plugins.motu.rounds import play_round

    engine = _game(lambda d, e: "pass" if d.kind == "select_card" else _ending(d, e))
    decisions = _notes(engine, "decision")  # the setup's (first player)

    def kinds_of_round() -> list[str]:
        before = len(decisions)
        decisions[:] = _notes(engine, "decision")
        return [str(d["kind"]) for d in decisions[before:]]

    play_round(engine)
    assert "discard" not in kinds_of_round()
    play_round(engine)
    assert kinds_of_round()[:2] == ["discard", "discard"]  # each player, first player first


def test_after_a_pass_the_opponent_goes_on_alone_until_they_pass() -> None:
    """rulebook §End Activation (passing): a player who passes activates no more this round,
    the opponent goes on selecting cards and activating characters; with no ready
    character left that player passes too and the phase ends."""

    def policy(decision: Decision, engine: Engine) -> Json | None:
        if decision.kind == "select_card" and decision.player == "evil":
            return "pass"
        return _ending(decision, engine)

    engine = _game(policy)
    activation_phase(engine)
    asked = [(d["player"], d["kind"]) for d in _notes(engine, "decision")]
    assert asked.count(("evil", "select_card")) == 1
    assert [a["player"] for a in _notes(engine, "activate")] == ["masters"] * 3
    passes = [(p["player"], p["forced"]) for p in _notes(engine, "pass")]
    assert passes == [("evil", False), ("masters", True)]


def test_activation_puts_the_cards_on_the_character_and_keeps_mana() -> None:
    """rulebook §Resolve Card, §End Activation: AP and mana from the card; played cards go
    onto the character (it is no longer ready); unspent AP are lost, mana stays."""
    card = "motu/sorceress-gift"  # initiative 1, 1 AP, 3 mana

    def policy(decision: Decision, engine: Engine) -> Json | None:
        if decision.kind == "select_card":
            return card if card in decision.options else "pass"
        if decision.kind == "bonus":
            return "mana"
        if decision.kind == "activate":
            return "he-man"
        return _ending(decision, engine)

    engine = _game(policy)
    fate, deck = pile(engine, "fate", "masters"), pile(engine, "deck", "masters")
    if card not in fate:
        deck.remove(card)
        fate[0] = card
    activation_phase(engine)
    assert engine.prop("he-man", "played") == [card]
    assert engine.prop("he-man", "mana") == 4  # 3 from the card, 1 from the bonus
    assert engine.top is None  # the activation closed: its AP are gone


def test_forfeit_and_agreed_draw() -> None:
    """rulebook §Scoring: a player may forfeit (the opponent wins) or both may agree to a
    draw, at any time; a game has one result."""
    engine = _game(_ending)
    forfeit(engine, "evil")
    assert result(engine) == {"winner": "masters", "reason": "evil forfeits"}
    with pytest.raises(HexforgeError) as error:
        agree_draw(engine)
    assert error.value.code == "HF764"
    other = _game(_ending)
    agree_draw(other)
    assert result(other) == {"winner": None, "reason": "agreed draw"}


def test_a_whole_game_is_deterministic() -> None:
    """Same seed and same agents: the same log (docs/engine.md, determinism)."""
    from hexforge.plugins.motu.rounds import play_game

    logs = []
    for _ in range(2):
        agents = {"masters": RandomAgent(5), "evil": RandomAgent(6)}
        engine = new_game(MOTU, shipped_setup("first-game", LIB), 11, agents)
        play_game(engine)
        logs.append(engine.log.text())
    assert logs[0] == logs[1]


SETUP = """\
name: broken
provenance: invented
map: first-game
points: 30
forces:
  masters:
    - {id: he-man, card: he-man}
    - {id: ram, card: skeletor, at: B2}
  evil:
    - {id: skeletor, card: skeletor, at: B2}
decks:
  masters: {fate: [sword-raised], glory: [champion-of-grayskull, dark-conquest]}
  evil: {fate: [], glory: []}
"""


def test_setup_file_problems_are_reported_at_their_lines(tmp_path: Path) -> None:
    """Standard setup limits: a force of at most the setup's points (100 by default), a
    twenty-card fate deck and two glory cards of the force's own faction (HF761-HF763)."""
    path = tmp_path / "broken.yaml"
    path.write_text(SETUP, encoding="utf-8")
    with pytest.raises(HexforgeError) as error:
        load_setup(path, LIB)
    found = {(d.code, d.span.line if d.span else 0) for d in error.value.diagnostics}
    assert ("HF761", 8) in found  # Skeletor is no Masters character
    assert ("HF762", 7) in found  # 19 + 3 + 21 + 3 > 30
    assert ("HF763", 12) in found  # one fate card, not 20; Dark Conquest is Evil's
    assert any("dark-conquest" in d.message for d in error.value.diagnostics)
    assert ("HF763", 13) in found  # no cards at all
    assert ("HF761", 10) in found  # B2 is not in the Evil deployment zone


def test_standard_setup_deploys_characters_without_a_place() -> None:
    """Characters without ``at`` are deployed alternately, first player first, on free
    hexes of their zone (a reading; the Battleground Book is not available)."""
    setup = shipped_setup("first-game", LIB)
    forces = {
        side: tuple(e.model_copy(update={"at": None}) for e in entries)
        for side, entries in setup.forces.items()
    }
    open_setup = type(setup)(setup.name, setup.map, forces, setup.decks)
    agents = {"masters": RandomAgent(1), "evil": RandomAgent(2)}
    engine = new_game(MOTU, open_setup, 4, agents)
    deploys = [e for e in engine.log.entries() if e["type"] == "decision" and e["kind"] == "deploy"]
    assert len(deploys) == 6
    first = engine.state.data["first_player"]
    assert [d["player"] for d in deploys][:2] == [
        first,
        "evil" if first == "masters" else "masters",
    ]
    for entity in engine.entities("character"):
        row = int(str(engine.prop(entity.id, "hex"))[1:].lstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZ"))
        assert (row <= 3) if entity.owner == "masters" else (row >= 23)


def test_activation_returns_the_overwatch_token_and_bonus_comes_before_upon_activation() -> None:
    """rulebook §Overwatch (the token goes back when the character activates), §Effect
    Timing ('upon activation' after the bonus, before any action)."""
    from hexforge.plugins.motu.turns import activate

    engine = _game(lambda d, e: "mana" if d.kind == "bonus" else _ending(d, e))
    engine.set_prop("he-man", "overwatch", True)
    card = pile(engine, "fate", "masters")[0]
    pile(engine, "fate", "masters").remove(card)
    activate(engine, "he-man", card)
    assert engine.prop("he-man", "overwatch") is False
    entries = [
        e["type"] if e["type"] != "event" else e["name"]
        for e in engine.log.entries()
        if e["type"] in ("bonus", "decision") or (e["type"] == "event" and e["name"] == "activated")
    ]
    assert entries.index("bonus") < entries.index("activated")
    actions = [i for i, e in enumerate(engine.log.entries()) if e.get("kind") == "action"]
    activated = next(i for i, e in enumerate(engine.log.entries()) if e.get("name") == "activated")
    assert actions and actions[0] > activated


def test_an_overwatch_action_ends_the_activation() -> None:
    """rulebook §Overwatch: the character takes the token and its activation ends at once."""
    from hexforge.plugins.motu.turns import activate

    engine = _game(
        lambda d, e: "overwatch" if d.kind == "action" and "overwatch" in d.options else None
    )
    card = pile(engine, "fate", "masters")[0]
    pile(engine, "fate", "masters").remove(card)
    activate(engine, "he-man", card)
    assert engine.prop("he-man", "overwatch") is True
    asked = [e for e in engine.log.entries() if e.get("kind") == "action"]
    assert [e["answer"] for e in asked] == ["overwatch"]
    assert engine.prop("he-man", "played") == [card]


def test_double_activation_is_ignored_with_one_character_left() -> None:
    """rulebook §Double Activation: with only one character remaining the rule is ignored."""
    from hexforge.plugins.motu.wounds import deal_wounds

    engine = _game(_select({}))
    for unit in ("stratos", "man-at-arms"):
        deal_wounds(engine, unit, 9)
    engine.state.data["last_activated"] = {"masters": "he-man"}
    first_card = pile(engine, "fate", "masters")[0]
    engine.agents["masters"] = PolicyAgent(_select({"masters": first_card}))
    activation_phase(engine)
    activations = _notes(engine, "activate")
    assert activations[0]["unit"] == "he-man"


def test_unknown_cards_and_setups_are_errors() -> None:
    from hexforge.plugins.motu.turns import take_from_hand

    engine = _game(_ending)
    with pytest.raises(HexforgeError) as error:
        take_from_hand(engine, "masters", "motu/savage-rush")  # an Evil card
    assert error.value.code == "HF760"
    with pytest.raises(HexforgeError) as error:
        shipped_setup("second-game", LIB)
    assert error.value.code == "HF761" and "first-game" in (error.value.diagnostics[0].hint or "")


def test_a_game_log_replays_byte_for_byte() -> None:
    """The log is the replay (docs/engine.md): its seed and answers play the same game."""
    from hexforge.core.engine import ScriptedAgent, replay_answers, replay_seed
    from hexforge.plugins.motu.rounds import play_game

    agents = {"masters": RandomAgent(8), "evil": RandomAgent(9)}
    original = new_game(MOTU, shipped_setup("first-game", LIB), 21, agents)
    play_game(original)
    lines = original.log.lines
    script = ScriptedAgent(replay_answers(lines))
    again = new_game(
        MOTU,
        shipped_setup("first-game", LIB),
        replay_seed(lines),
        {"masters": script, "evil": script},
    )
    play_game(again)
    assert again.log.text() == original.log.text()


@pytest.mark.parametrize(
    ("skeletor", "he_man", "claims"),
    [
        ("I2", "E5", True),  # next to the token, no enemy near
        ("E4", "E5", False),  # condition 1: an enemy next to He-Man
        ("I2", "E3", False),  # condition 2: He-Man is neither on nor next to the token
        ("F6", "E5", False),  # condition 3: an enemy next to the token
        ("I2", "E7", True),  # on the far side of the token: still next to it
    ],
)
def test_claim_objective_tokens_needs_all_four_conditions(
    skeletor: str, he_man: str, claims: bool
) -> None:
    """rulebook §Claim Objective Tokens (the fourth condition, the own deployment zone, is
    in clean-up-objectives-and-points.scenario.yaml)."""
    from hexforge.core.engine import Engine
    from hexforge.core.hexgrid import parse_coord
    from hexforge.plugins.motu.board import use_map
    from hexforge.plugins.motu.rounds import can_claim
    from hexforge.plugins.motu.units import create_character

    game = Engine.new(MOTU, 1, ["masters", "evil"], {})
    use_map(
        game,
        data={
            "name": "arena",
            "provenance": "invented",
            "size": {"columns": 10, "rows": 10},
            "hex_inches": 1.25,
            "objectives": ["E6"],
            "deployment": {"masters": ["A1:J1"], "evil": ["A10:J10"]},
        },
    )
    create_character(game, "he-man", "motu/he-man", "masters", parse_coord(he_man))
    create_character(game, "skeletor", "motu/skeletor", "evil", parse_coord(skeletor))
    assert can_claim(game, "he-man", "E6") is claims
