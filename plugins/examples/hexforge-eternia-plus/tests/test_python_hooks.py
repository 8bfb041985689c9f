"""The hooks this expansion answers in Python: an action (Root Walk, ``hexforge_actions``),
an agent that uses it (``grove``, ``hexforge_agents``) and a command (``hexforge
warbands``, ``hexforge_cli_commands``), each as a user meets it once the package is
installed. Run from hexforge's CI (.ci/run) with the rest of the expansion's tests.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from hexforge_eternia_plus import PACK
from hexforge_eternia_plus.root_walk import ROOT_MARK, ROOT_WALK

from hexforge.core.cli.main import make_cli
from hexforge.core.engine import Engine, Frame, RandomAgent
from hexforge.core.errors import HexforgeError
from hexforge.core.hexgrid import Direction, Hex, parse_coord
from hexforge.plugins.manager import load_plugins
from hexforge.plugins.motu.api import (
    Choice,
    Turn,
    UnitState,
    actions_of,
    create_character,
    motu_rules,
)

RULES = motu_rules(load_plugins())
SETUP = PACK.parent / "setups" / "moss-man-skirmish.yaml"


def _no_interruption(*args: object, **kwargs: object) -> None:
    raise AssertionError("Root Walk places Moss Man: nothing may interrupt it")


def _board(ap: int = 3, kind: str = "activation") -> tuple[Engine, Frame]:
    """Moss Man acting (``kind``) beside Skeletor, his force's Root Mark on E8."""
    players = ["masters", "evil"]
    engine = Engine.new(RULES, 1, players, {p: RandomAgent(1) for p in players})
    create_character(engine, "moss-man", "eternia-plus/moss-man", "masters", parse_coord("E5"))
    create_character(engine, "skeletor", "motu/skeletor", "evil", parse_coord("E4"), Direction.S)
    engine.create("mark", "masters", props={"card": ROOT_MARK, "hex": "E8", "level": 0})
    frame = engine.open(kind, player="masters", subject="moss-man", ap=ap)
    return engine, frame


def _walk(engine: Engine, frame: Frame, to: str = "E8") -> None:
    ROOT_WALK.perform(Turn(engine, "moss-man", frame, _no_interruption), {"to": to})


def test_the_game_offers_root_walk_beside_the_rulebooks_actions() -> None:
    """Hook hexforge_actions: the action is in the game's table, and its one option goes
    to the mark's hex (the scenario root-walk.scenario.yaml sees it among every legal
    action on a map)."""
    engine, frame = _board()
    assert actions_of(engine)["root-walk"] is ROOT_WALK
    assert ROOT_WALK.legal(engine, "moss-man", frame) == [Choice("root-walk", ("E8",))]


def test_root_walk_places_moss_man_spends_the_mark_and_costs_as_a_repeated_action() -> None:
    engine, frame = _board(ap=3)
    _walk(engine, frame)
    assert UnitState(engine, "moss-man").hex == parse_coord("E8")
    assert engine.entities("mark") == []
    assert frame.ap == 2
    engine.create("mark", "masters", props={"card": ROOT_MARK, "hex": "E5", "level": 0})
    _walk(engine, frame, "E5")  # the second walk of the activation costs 2 AP
    assert frame.ap == 0 and UnitState(engine, "moss-man").hex == parse_coord("E5")


def test_the_walk_is_refused_onto_a_model_or_beside_a_massive_one() -> None:
    engine, frame = _board()
    create_character(engine, "he-man", "motu/he-man", "masters", parse_coord("E8"))
    assert ROOT_WALK.legal(engine, "moss-man", frame) == []
    with pytest.raises(HexforgeError, match="he-man stands on or beside E8") as refused:
        _walk(engine, frame)
    assert refused.value.code == "HF767"
    engine, frame = _board()
    create_character(engine, "titan", "eternia-plus/bramble-titan", "masters", parse_coord("F8"))
    assert ROOT_WALK.legal(engine, "moss-man", frame) == []


@pytest.mark.parametrize(
    ("who", "kind", "ap", "why"),
    [
        ("skeletor", "activation", 3, "only Moss Man walks the roots"),
        ("moss-man", "interruption", 1, "never while interrupting"),
        ("moss-man", "activation", 0, "it costs 1 AP and 0 are left"),
    ],
)
def test_the_walk_is_not_offered_when_it_should_not_be(
    who: str, kind: str, ap: int, why: str
) -> None:
    engine, _ = _board()
    frame = engine.open(kind, player=engine.entity(who).owner, subject=who, ap=ap)
    assert ROOT_WALK.legal(engine, who, frame) == []
    with pytest.raises(HexforgeError, match=why):
        ROOT_WALK.perform(Turn(engine, who, frame, _no_interruption), {"to": Hex(4, 7)})


def test_plugins_verbose_lists_the_action_the_agent_and_the_command() -> None:
    result = CliRunner().invoke(make_cli(), ["plugins", "--verbose"], terminal_width=200)
    assert result.exit_code == 0, result.output
    mine = result.output.split("eternia-plus (hexforge_eternia_plus)")[1]
    assert "actions: motu: root-walk" in mine
    assert "agents: motu: grove" in mine
    assert "commands: warbands" in mine


def test_the_grove_agent_plays_whole_games_and_walks_the_roots() -> None:
    """Hook hexforge_agents: the stock heuristic never takes an action it never saw; the
    grove agent plays as it does and takes Root Snare and Root Walk, so a simulation
    exercises the expansion's content."""
    grove: list[str] = []
    heuristic: list[str] = []
    for seed in ("1", "2", "3"):
        args = ["play", "--game", "motu", "--seed", seed, "--set", f"setup={SETUP}"]
        for agent, accounts in (("grove", grove), ("heuristic", heuristic)):
            result = CliRunner().invoke(make_cli(), [*args, "--p1", agent])
            assert result.exit_code == 0, result.output
            assert "(VP masters " in result.output
            accounts.append(result.output)
    assert any("Moss Man uses Root Snare" in account for account in grove)
    assert any("Moss Man takes the action Root Walk" in a for a in grove)
    assert not any("Root Walk" in account for account in heuristic)


def test_the_account_names_root_walk_in_the_readers_language() -> None:
    """The action's ``names``: an account in Polish says Marsz Korzeni, never its id."""
    args = ["--lang", "pl", "play", "--game", "motu", "--seed", "1", "--set", f"setup={SETUP}"]
    result = CliRunner().invoke(make_cli(), [*args, "--p1", "grove"])
    assert result.exit_code == 0, result.output
    assert "Moss Man wykonuje akcję Marsz Korzeni" in result.output
    assert "root-walk" not in result.output


def test_simulate_with_the_grove_agent_keeps_every_invariant() -> None:
    args = ["simulate", "--game", "motu", "--p1", "grove", "--games", "4", "--check"]
    result = CliRunner().invoke(make_cli(), [*args, "--set", f"setup={SETUP}"])
    assert result.exit_code == 0, result.output
    assert "invariants held in all 4 games" in " ".join(result.output.split())


GROVE = "guardians-of-the-grove"


@pytest.mark.parametrize(
    ("lang", "sentence"),
    [
        (
            "en",
            "The warband Guardians of the Grove (guardians-of-the-grove) fields Moss Man (17 "
            "points), Bramble Titan (26 points) and He-Man (19 points): 62 points in all.",
        ),
        (
            "de",
            "Die Schar Hüter des Hains (guardians-of-the-grove) stellt Moss Man (17 Punkte), "
            "Bramble Titan (26 Punkte) und He-Man (19 Punkte): insgesamt 62 Punkte.",
        ),
        ("pl", "Drużyna Strażnicy Gaju (guardians-of-the-grove) wystawia Moss Man (17 pkt),"),
    ],
)
def test_warbands_tells_each_warband_in_the_global_language(lang: str, sentence: str) -> None:
    """Hook hexforge_cli_commands: ``--lang`` comes from get_state(), as for every command;
    He-Man's points are read from the installed cards."""
    for args in (["--lang", lang, "warbands"], ["--lang", lang, "warbands", GROVE]):
        result = CliRunner().invoke(make_cli(), args)
        assert result.exit_code == 0, result.output
        assert sentence in " ".join(result.output.split())


def test_warbands_reads_a_warband_file_and_reports_its_problems(tmp_path: Path) -> None:
    good = tmp_path / "pair.yaml"
    good.write_text("name: Pair\nmembers: [eternia-plus/moss-man, motu/stratos]\n")
    result = CliRunner().invoke(make_cli(), ["warbands", str(good)])
    assert result.exit_code == 0, result.output
    assert "The warband Pair (pair) fields Moss Man (17 points) and Stratos (16 points)" in (
        " ".join(result.output.split())
    )  # the errata's Stratos, one point cheaper
    bad = tmp_path / "strays.yaml"
    bad.write_text("name: Strays\nmembers: [eternia-plus/moss-man, eternia-plus/mos-man]\n")
    result = CliRunner().invoke(make_cli(), ["warbands", str(bad)])
    assert result.exit_code == 1
    assert "strays.yaml:2:34: error HF213: no motu character 'eternia-plus/mos-man'" in (
        result.output
    ), result.output
    empty = tmp_path / "empty.yaml"
    empty.write_text("name: Nobody\nmembers: []\n")
    result = CliRunner().invoke(make_cli(), ["warbands", str(empty)])
    assert result.exit_code == 1 and "HF202" in result.output, result.output


@pytest.mark.parametrize("argument", ["guardians", "no/such/file.yaml", ""])
def test_warbands_names_an_unknown_argument_with_a_code(argument: str) -> None:
    result = CliRunner().invoke(make_cli(), ["warbands", argument])
    assert result.exit_code == 2
    assert f"error HF001: no warband '{argument}' and no such file" in result.output
    assert GROVE in result.output and "Traceback" not in result.output
