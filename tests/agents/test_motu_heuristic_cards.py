"""The motu heuristic's card bonuses (issue 25): a fate card's ability when it is worth more
than the mana (rulebook §Gain Bonuses), and the fate cards no ready character needs played
during an activation (§Playing Additional Cards)."""

from __future__ import annotations

from hexforge.core.engine import Decision, Engine, RandomAgent
from hexforge.plugins.motu.acting import open_activation
from hexforge.plugins.motu.actions import actions_of
from hexforge.plugins.motu.agent_cards import AP_WORTH, MANA_WORTH, Outlook, bonus_worth
from hexforge.plugins.motu.agents import MotuHeuristicAgent
from hexforge.plugins.motu.hands import bonuses
from hexforge.plugins.motu.rounds import new_game
from hexforge.plugins.motu.setups import shipped_setup
from hexforge.plugins.motu.state import PlayerState
from tests.plugged import LIB, MOTU

QUIET = Outlook.known(frozenset(), threatened=False, moving=False)


def _first_game() -> Engine:
    agents = {"masters": RandomAgent(1), "evil": RandomAgent(2)}
    return new_game(MOTU, shipped_setup("first-game", LIB), 1, agents)


def _bonus(engine: Engine, card: str) -> str:
    decision = Decision(1, "bonus", "masters", ("ability", "mana"), {"card": card})
    return str(MotuHeuristicAgent(0).choose(decision, engine))


def test_an_ability_worth_more_than_a_mana_is_taken() -> None:
    """Royal Command's +1 AP beats +1 mana; Sorceress Gift's +1 mana is the mana bonus
    again (the mana stays the choice); Second Wind heals only a wounded character; at the
    mana cap a mana is worth nothing, so For Eternia's attack die wins once a foe is in
    reach and the mana while none is."""
    engine = _first_game()
    open_activation(engine, "he-man", ap=2)
    engine.set_prop("he-man", "mana", 0)
    assert _bonus(engine, "motu/royal-command") == "ability"
    assert _bonus(engine, "motu/sorceress-gift") == "mana"
    assert _bonus(engine, "motu/second-wind") == "mana"
    engine.set_prop("he-man", "wounds", 2)
    assert _bonus(engine, "motu/second-wind") == "ability"
    assert _bonus(engine, "motu/for-eternia") == "mana"
    engine.set_prop("he-man", "mana", 5)
    engine.set_prop("trap-jaw", "hex", "O3")
    assert _bonus(engine, "motu/for-eternia") == "ability"


def test_bonus_worth_reads_the_shipped_abilities() -> None:
    engine = _first_game()
    engine.set_prop("he-man", "mana", 4)

    def worth(card: str, bonus: str) -> float:
        return bonus_worth(engine, "he-man", card, bonus, QUIET)

    assert worth("motu/royal-command", "ability") == AP_WORTH
    assert worth("motu/royal-command", "mana") == MANA_WORTH
    assert worth("motu/mighty-blow", "ability") == 0.0  # no melee attack to make
    engine.set_prop("he-man", "mana", 5)
    assert worth("motu/royal-command", "mana") == 0.0  # at the cap (§Mana)
    assert worth("motu/heroic-charge", "ability") == 0.0  # no move to make
    moving = Outlook.known(frozenset(), threatened=False, moving=True)
    assert bonus_worth(engine, "he-man", "motu/heroic-charge", "ability", moving) == AP_WORTH


def _card_options(engine: Engine) -> list[str]:
    hand = PlayerState(engine, "masters").hand
    return [f"card {c} {b}" for c in hand for b in bonuses(engine, c)]


def test_a_fate_card_no_ready_character_needs_is_played() -> None:
    """Five fate cards and three ready characters: two are spare, and the weakest (by the
    AP it would activate with) is played for its best bonus, here Sorceress Gift's mana (its
    ability gives a mana too), not Dazzling Light with no enemy near; a hand the activations
    still need is kept."""
    engine = _first_game()
    open_activation(engine, "he-man", ap=2)
    engine.set_prop("he-man", "mana", 0)
    hand = PlayerState(engine, "masters").fate
    hand[:] = [
        "motu/hold-fast",
        "motu/battle-ready",
        "motu/brave-heart",
        "motu/sorceress-gift",
        "motu/dazzling-light",
    ]
    options = ["end", "focus", "move", *_card_options(engine)]
    decision = Decision(1, "action", "masters", tuple(options), {"unit": "he-man"})
    answer = str(MotuHeuristicAgent(0).choose(decision, engine))
    assert answer in ("card motu/sorceress-gift mana", "card motu/sorceress-gift ability")
    del hand[3:]
    options = ["end", "focus", "move", *_card_options(engine)]
    decision = Decision(2, "action", "masters", tuple(options), {"unit": "he-man"})
    assert not str(MotuHeuristicAgent(0).choose(decision, engine)).startswith("card")


def _standard() -> Engine:
    """The standard setup: Ram Man carries a Healing Draught, Evil-Lyn a Mana Crystal."""
    agents = {"masters": RandomAgent(1), "evil": RandomAgent(2)}
    return new_game(MOTU, shipped_setup("standard", LIB), 1, agents)


def _acts(engine: Engine, unit: str) -> str:
    """What the heuristic does first in ``unit``'s activation, from the real options."""
    frame = open_activation(engine, unit, ap=2)
    options = tuple(str(c) for c in actions_of(engine).legal_options(engine, unit, frame))
    owner = str(engine.entity(unit).owner)
    return str(
        MotuHeuristicAgent(0).choose(Decision(1, "action", owner, options, {"unit": unit}), engine)
    )


def test_a_disposable_item_is_used_once_it_is_worth_its_effect() -> None:
    """rulebook §Disposable Items (a free action, once): Ram Man drinks the Healing Draught
    only when wounded; Evil-Lyn shatters the Mana Crystal while two mana fit below the cap
    (§Mana: five at most), not with room for one."""
    engine = _standard()
    assert not _acts(engine, "ram-man").startswith("item")
    engine.set_prop("ram-man", "wounds", 1)
    assert _acts(engine, "ram-man") == "item motu/healing-draught#quaff -"
    engine = _standard()
    engine.set_prop("evil-lyn", "mana", 3)
    assert _acts(engine, "evil-lyn") == "item motu/mana-crystal#shatter -"
    engine.set_prop("evil-lyn", "mana", 4)
    assert not _acts(engine, "evil-lyn").startswith("item")
