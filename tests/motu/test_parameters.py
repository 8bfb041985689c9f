"""The game's numbers are data (issue 21): ``parameters:`` of content/motu/game.yaml,
changed per game by a setup file; each parameter is read where the rules use it."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
from annotated_types import Ge, Le
from click.testing import CliRunner

from hexforge.core.cli.main import make_cli
from hexforge.core.engine import Engine, RandomAgent
from hexforge.core.errors import HexforgeError
from hexforge.core.packs.yamlio import load_text
from hexforge.core.simulate.invariants import Moment
from hexforge.plugins.motu.acting import action_cost
from hexforge.plugins.motu.dicetest import odds_of, run_test, threshold
from hexforge.plugins.motu.invariants import fate_hand_limit, mana_in_range, vp_as_logged
from hexforge.plugins.motu.mana import gain_mana
from hexforge.plugins.motu.parameters import CHANGES, MotuParameters, parameters_of, read_parameters
from hexforge.plugins.motu.rounds import PLAYERS, finish, new_game, play_game, preparation
from hexforge.plugins.motu.setups import setup_from_document, shipped_setup
from hexforge.plugins.motu.state import MotuState, PlayerState, UnitState
from tests.plugged import LIB, MOTU

ROOT = Path(__file__).resolve().parents[2]
GAME_YAML = ROOT / "content" / "motu" / "game.yaml"
SETUP = ROOT / "content" / "motu" / "setups" / "first-game.yaml"


def _game(seed: int = 1, **changes: Any) -> Engine:
    """A first game ready for round 1, with the setup changing ``changes``."""
    setup = dataclasses.replace(shipped_setup("first-game", LIB), parameters=changes)
    agents = {player: RandomAgent(seed) for player in PLAYERS}
    return new_game(MOTU, setup, seed, agents)


def _problems(text: str) -> list[str]:
    with pytest.raises(HexforgeError) as error:
        setup_from_document(_document(text), LIB)
    return [
        f"{d.span.line}:{d.span.column} {d.code} {d.message} {d.hint}"
        for d in error.value.diagnostics
        if d.span
    ]


def _document(text: str) -> Any:
    document = load_text(text, name="variant.yaml").document
    assert document is not None
    return document


def _variant(parameters: str) -> str:
    return SETUP.read_text(encoding="utf-8") + f"parameters: {parameters}\n"


# -- the data and its documentation -----------------------------------------------------


def test_game_yaml_gives_every_parameter_with_the_rulebook_numbers() -> None:
    shipped = read_parameters(GAME_YAML)
    assert shipped == LIB.parameters
    assert (shipped.rounds, shipped.hand, shipped.objective_vp, shipped.victory_margin) == (
        4,
        5,
        20,
        20,
    )
    assert (shipped.mana_cap, shipped.default_scope, shipped.explosion) == (5, 4, 5)


def _rows(parameters: MotuParameters) -> list[str]:
    rows = []
    for name, info in MotuParameters.model_fields.items():
        low = next(m.ge for m in info.metadata if isinstance(m, Ge))
        high = next(m.le for m in info.metadata if isinstance(m, Le))
        about = " ".join((info.description or "").split())
        rows.append(f"| `{name}` | {getattr(parameters, name)} | {low}-{high} | {about} |")
    return rows


def test_docs_list_every_parameter_as_the_model_documents_it() -> None:
    """docs/motu.md, "Game parameters": one row per field of the model, with its value,
    range and rulebook section."""
    page = (ROOT / "docs" / "motu.md").read_text(encoding="utf-8")
    table = page.split("<!-- parameters -->\n", 1)[1].split("\n\n", 1)[0].splitlines()[2:]
    assert table == _rows(LIB.parameters)
    assert all(re.search(r"rulebook §", row) for row in table)


# -- bad values are coded errors at their lines ------------------------------------------


@pytest.mark.parametrize(
    ("name", "value", "code"),
    [("rounds", "0", "HF206"), ("rounds", "four", "HF203"), ("default_scope", "7", "HF206")],
)
def test_a_bad_parameter_in_game_yaml_is_a_coded_error_at_its_line(
    tmp_path: Path, name: str, value: str, code: str
) -> None:
    text = re.sub(rf"(?m)^  {name}: .*$", f"  {name}: {value}", GAME_YAML.read_text("utf-8"))
    path = tmp_path / "game.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(HexforgeError) as error:
        read_parameters(path)
    (problem,) = error.value.diagnostics
    assert problem.code == code and name in problem.message
    assert problem.hint
    if code == "HF206":
        low, high = (1, 12) if name == "rounds" else (2, 6)
        assert f"'{name}' is a whole number from {low} to {high}" in problem.hint
        assert "docs/motu.md, 'Game parameters'" in problem.hint
    assert problem.span is not None and problem.span.file == str(path)
    assert text.splitlines()[problem.span.line - 1] == f"  {name}: {value}"


def test_a_misspelt_parameter_in_game_yaml_is_named_with_a_hint(tmp_path: Path) -> None:
    path = tmp_path / "game.yaml"
    path.write_text(GAME_YAML.read_text("utf-8").replace("  rounds:", "  roundz:"), "utf-8")
    with pytest.raises(HexforgeError) as error:
        read_parameters(path)
    found = {d.code: f"{d.message} {d.hint}" for d in error.value.diagnostics}
    assert "did you mean 'rounds'?" in found["HF202"] and "rounds" in found["HF201"]


def test_scope_bounds_out_of_order_are_refused() -> None:
    lines = _problems(_variant("{best_scope: 5}"))
    assert any("HF20" in line and "best_scope <= default_scope" in line for line in lines), lines


def test_a_bad_parameter_in_a_setup_is_a_coded_error_at_its_line() -> None:
    text = _variant("{rounds: 0, hand: three, mana_capp: 3}")
    line = text.count("\n")
    found = _problems(text)
    assert any(p.startswith(f"{line}:") and "HF206" in p and "rounds" in p for p in found), found
    assert any("HF203" in p and "hand" in p for p in found), found
    assert any("HF202" in p and "did you mean 'mana_cap'?" in p for p in found), found


# -- a setup changes them for one game ------------------------------------------------------


def test_a_setup_keeps_only_the_parameters_it_changes() -> None:
    setup = setup_from_document(_document(_variant("{rounds: 2, hand: 5}")), LIB)
    assert setup.parameters == {"rounds": 2}
    assert shipped_setup("first-game", LIB).parameters == {}


def test_a_game_with_the_shipped_numbers_writes_no_parameters_into_its_state() -> None:
    """So default games stay byte-identical (tests/architecture/test_same_games.py)."""
    assert CHANGES not in _game().state.data
    assert _game(rounds=2).state.data[CHANGES] == {"rounds": 2}


def test_rounds_a_quick_game_of_two_rounds_ends_after_round_two() -> None:
    """rulebook §Check for Victory, with ``rounds: 2`` (a variant)."""
    longer = 0
    for seed in (1, 2, 3):
        quick, default = _game(seed, rounds=2), _game(seed)
        play_game(quick)
        play_game(default)
        assert MotuState(quick).round <= 2 and MotuState(quick).result is not None
        longer += MotuState(default).round > 2
    assert longer  # the same games without the change go on


def test_hexforge_play_plays_a_setup_file_of_two_rounds(tmp_path: Path) -> None:
    """A variant is one YAML file: `--set setup=quick.yaml` with `parameters: {rounds: 2}`."""
    quick = tmp_path / "quick.yaml"
    quick.write_text(_variant("{rounds: 2}"), encoding="utf-8")
    for setup, most in ((str(quick), 2), ("first-game", 4)):
        result = CliRunner().invoke(
            make_cli(), ["play", "--game", "motu", "--seed", "2", "--set", f"setup={setup}"]
        )
        assert result.exit_code == 0, result.output
        rounds = [line for line in result.output.splitlines() if re.match(r"round \d+$", line)]
        assert rounds and len(rounds) <= most
        if setup != "first-game":
            assert len(rounds) == 2 or "knock" in result.output.splitlines()[-1]


def test_hand_players_draw_up_to_the_hand_size() -> None:
    """rulebook §First Game Setup: the opening hand, here three cards."""
    for hand, engine in ((3, _game(hand=3)), (5, _game())):
        assert [len(PlayerState(engine, p).fate) for p in PLAYERS] == [hand, hand]


def test_hand_the_preparation_phase_draws_back_to_the_hand_size() -> None:
    """rulebook §Preparation Phase: discard any, then draw back up - to three here."""
    engine = _game(hand=3)
    for player in PLAYERS:
        PlayerState(engine, player).fate.pop()
    preparation(engine)
    assert [len(PlayerState(engine, p).fate) for p in PLAYERS] == [3, 3]


def test_mana_cap_bounds_mana_gained() -> None:
    """rulebook §Mana, with ``mana_cap: 3``."""
    for cap, engine in ((3, _game(mana_cap=3)), (5, _game())):
        UnitState(engine, "he-man").mana = 0
        assert gain_mana(engine, "he-man", 9) == cap
        assert UnitState(engine, "he-man").mana == cap


def _points(engine: Engine, vp: Mapping[str, int], claimed: int) -> Any:
    for player in PLAYERS:
        PlayerState(engine, player).vp = vp[player]
    PlayerState(engine, "masters").claimed = claimed
    finish(engine, None, "points", on_points=True)
    return MotuState(engine)


def test_objective_vp_and_victory_margin_score_the_end() -> None:
    """rulebook §Scoring (objective tokens), §Check for Victory (the margin)."""
    game = _points(_game(objective_vp=7, victory_margin=5), {"masters": 0, "evil": 0}, 1)
    assert game.player("masters").vp == 7 and game.result["winner"] == "masters"
    game = _points(_game(), {"masters": 0, "evil": 0}, 1)
    assert game.player("masters").vp == 20 and game.result["winner"] == "masters"
    game = _points(_game(), {"masters": 10, "evil": 0}, 0)
    assert game.result["winner"] is None
    game = _points(_game(victory_margin=10), {"masters": 10, "evil": 0}, 0)
    assert game.result["winner"] == "masters"


def test_the_invariants_check_the_games_own_numbers() -> None:
    """mana 0 to ``mana_cap``, at most ``hand`` fate cards, ``objective_vp`` per token
    (seed 2 claims one objective token)."""
    small = _game(mana_cap=3, hand=3)
    UnitState(small, "he-man").mana = 4
    PlayerState(small, "masters").fate.append("motu/rally")
    assert list(mana_in_range(small, Moment.STEP)) == ["he-man has 4 mana"]
    assert list(fate_hand_limit(small, Moment.STEP)) == ["masters holds 4 fate cards"]
    assert not list(mana_in_range(_game(), Moment.STEP))
    engine = _game(2, objective_vp=7)
    play_game(engine)
    assert sum('"type":"objective"' in line for line in engine.log.lines) == 1
    assert list(vp_as_logged(engine, Moment.END)) == []


def test_scope_parameters_set_the_result_needed() -> None:
    """rulebook §Scope: default 4, a 6 always and a 1 never succeed - as parameters."""
    default, easy = _game(), _game(default_scope=3)
    for engine in (default, easy):
        UnitState(engine, "he-man").mana = 0
    assert (
        odds_of(easy, "he-man", "strength").needed
        == odds_of(default, "he-man", "strength").needed - 1
    )
    numbers = LIB.parameters
    assert threshold(9, numbers) == 6 and threshold(-3, numbers) == 2
    wide = numbers.model_copy(update={"best_scope": 1, "worst_scope": 5})
    assert threshold(9, wide) == 5 and threshold(-3, wide) == 1


def _test_with(engine: Engine, *dice: int) -> int:
    UnitState(engine, "he-man").mana = 0
    UnitState(engine, "he-man").focus = False
    count = odds_of(engine, "he-man", "strength").dice
    rolled = [*dice, *[1] * count][:count]
    engine.force_dice(*rolled, 4)  # the six explodes into a 4
    return run_test(engine, "he-man", "strength").final


def test_explosion_sets_what_exploded_dice_succeed_on() -> None:
    """rulebook §Tests, step 9: explosion dice succeed on 5+ - or 4+ as a parameter."""
    assert _test_with(_game(), 6) == 1
    assert _test_with(_game(explosion=4), 6) == 2


def test_default_scope_sets_the_result_a_test_needs() -> None:
    """rulebook §Scope, step 3: results of 3 fail at scope 4 and succeed at scope 3."""
    assert _test_with(_game(), *[3] * 9) == 0
    assert (
        _test_with(_game(default_scope=3), *[3] * 9) == odds_of(_game(), "he-man", "strength").dice
    )


def test_max_mana_rerolls_limits_the_mana_rerolls() -> None:
    """rulebook §Tests, step 7: up to five mana rerolls - two as a parameter."""
    for limit, engine in ((2, _game(max_mana_rerolls=2)), (5, _game())):
        UnitState(engine, "he-man").mana = 5
        assert odds_of(engine, "he-man", "strength").rerolls == limit
        start = len(engine.log.lines)
        run_test(engine, "he-man", "strength")
        asked = [line for line in engine.log.lines[start:] if '"test_mana_rerolls"' in line]
        assert len(asked) == 1 and f'"limit":{limit},' in asked[0]


def test_action_ap_and_repeat_ap_price_the_actions() -> None:
    """rulebook §Perform Actions: 1 AP, +1 per repeat - or 2 AP, +2 per repeat."""
    for (first, step), engine in (((2, 2), _game(action_ap=2, repeat_ap=2)), ((1, 1), _game())):
        with engine.context("activation", player="masters", subject="he-man") as frame:
            assert action_cost(engine, frame, "move") == first
            frame.bump("move")
            assert action_cost(engine, frame, "move") == first + step
    assert parameters_of(_game(repeat_ap=0)).action_cost(3) == 1
