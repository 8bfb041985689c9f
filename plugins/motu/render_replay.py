"""A motu game log replayed for the viewer: one battleground picture per changed step.

The log does not name the setup the game was played with, so a replay is tried from the
one given (``--set setup=``) or from each shipped setup until one reproduces the log.
Terrain never changes during a game: it is drawn once as the replay's background and each
step holds only the models and marks.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from hexforge.core.engine import Engine, ScriptedAgent, replay_answers
from hexforge.core.errors import Diagnostic, HexforgeError
from hexforge.core.render import (
    FrameRecorder,
    GameLogFile,
    Replay,
    Score,
    Svg,
    check_same_log,
    ordered_score,
)
from hexforge.core.render.codes import REPLAY_DIVERGED
from hexforge.plugins.motu.render_battleground import SIDES, Layer
from hexforge.plugins.motu.render_position import position_key, position_svg
from hexforge.plugins.motu.state import MotuState

if TYPE_CHECKING:
    from hexforge.plugins.motu.library import MotuRuleset
    from hexforge.plugins.motu.setups import GameSetup

GAME = "motu"


def _pieces(engine: Engine) -> Svg:
    return position_svg(engine, Layer.PIECES)


def _vp(engine: Engine) -> Score:
    return ordered_score(MotuState(engine).vp, SIDES)


def replay_setup(rules: MotuRuleset, log: GameLogFile, setup: GameSetup) -> Replay:
    """Replay ``log`` as a game of ``setup``, recording every step's picture."""
    from hexforge.plugins.motu.rounds import new_game, play_game

    agent = ScriptedAgent(replay_answers(log.lines))
    engine = new_game(rules, setup, log.seed, {p: agent for p in SIDES})
    recorder = FrameRecorder(engine, position_key, _pieces, _vp)
    recorder.attach()
    try:
        play_game(engine)
    except HexforgeError:
        check_same_log(log, engine.log.lines)  # report where it went elsewhere, if it did
        raise
    check_same_log(log, engine.log.lines)
    terrain = position_svg(engine, Layer.TERRAIN).text(standalone=False)
    return Replay(GAME, recorder.boards, tuple(recorder.frames), "VP", terrain)


def replay_log(
    rules: MotuRuleset, log: GameLogFile, options: Mapping[str, str] | None = None
) -> Replay | None:
    """A whole game's log (``hexforge play --game motu``), replayed from the setup option
    (a shipped setup's name or a setup file, as ``hexforge play --set setup=``) or, as
    the log does not name it, from each shipped setup in turn until one reproduces it;
    HF907 if none does. None for a log that is not a motu game's."""
    if log.players != list(SIDES) or not any(e.get("type") == "round" for e in log.entries):
        return None
    from hexforge.plugins.motu import CONTENT
    from hexforge.plugins.motu.play import chosen_setup

    chosen = (options or {}).get("setup")
    if chosen is not None:
        return replay_setup(rules, log, chosen_setup(chosen, rules.library))
    names = sorted(p.stem for p in (CONTENT / "setups").glob("*.yaml"))
    names.sort(key=lambda n: n != "first-game")
    failures: list[HexforgeError] = []
    for name in names:
        try:
            return replay_setup(rules, log, chosen_setup(name, rules.library))
        except HexforgeError as error:
            failures.append(error)
    untried = Diagnostic(
        REPLAY_DIVERGED,
        f"the log replays from none of the shipped setups ({', '.join(names)})",
        hint="a game of a setup file (an expansion's, say) replays with --scenario PATH "
        "or --set setup=PATH, as it was played",
    )
    raise HexforgeError(*failures[0].diagnostics, untried)
