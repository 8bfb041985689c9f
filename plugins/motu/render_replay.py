"""A motu game log replayed for the viewer: one battleground picture per changed step.

A log records the setup it was played with (its ``start`` entry: docs/play.md), so the
replay builds that setup from the options (``setup``, ``replace``, ``forces``) as the
runner does. An old log does not name it: the replay is tried from the one given
(``--set setup=``) or from each shipped setup until one reproduces the log. Terrain never
changes during a game: it is drawn once as the replay's background and each step holds
only the models and marks.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from hexforge.core.engine import Engine, Json
from hexforge.core.errors import Diagnostic, HexforgeError
from hexforge.core.render import (
    STOP_KINDS,
    FrameRecorder,
    GameLogFile,
    Replay,
    Score,
    Svg,
    ordered_score,
    play_logged,
    replay_agent,
    replaying,
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

    agent = replay_agent(log)
    with replaying(log):  # the start line records the logged setup
        engine = new_game(rules, setup, log.seed, {p: agent for p in SIDES})
    recorder = FrameRecorder(engine, position_key, _pieces, _vp)
    recorder.attach()
    play_logged(log, engine, play_game)
    terrain = position_svg(engine, Layer.TERRAIN).text(standalone=False)
    frames = tuple(recorder.frames)
    return Replay(GAME, recorder.boards, frames, "VP", terrain, stops(log.entries), engine=engine)


def stops(entries: Sequence[Mapping[str, Json]]) -> dict[str, tuple[int, ...]]:
    """Where the viewer's buttons stop in a motu log: each round, activation, action (an
    action chosen, other than ending the activation, or an interruption), attack and
    knock-out (``Replay.stops``)."""
    found: dict[str, list[int]] = {kind: [] for kind in STOP_KINDS}
    for index, entry in enumerate(entries):
        kind = entry.get("type")
        if kind == "round":
            found["round"].append(index)
        elif kind == "activate":
            found["activation"].append(index)
        elif kind == "interrupt" or (
            kind == "decision" and entry.get("kind") == "action" and entry.get("answer") != "end"
        ):
            found["action"].append(index)
        elif kind == "attack":
            found["attack"].append(index)
        elif kind == "event" and entry.get("name") == "knocked_out":
            found["knockout"].append(index)
    return {kind: tuple(at) for kind, at in found.items()}


def replay_log(
    rules: MotuRuleset, log: GameLogFile, options: Mapping[str, str] | None = None
) -> Replay | None:
    """A whole game's log (``hexforge play --game motu``), replayed from the setup the
    options choose (the logged ones, or those given: a shipped setup's name or a setup
    file, as ``hexforge play --set setup=``, with ``replace`` and ``forces``) or, for an
    old log that names none, from each shipped setup in turn until one reproduces it;
    HF907 if none does. None for a log that is not a motu game's."""
    if log.players != list(SIDES) or not any(e.get("type") == "round" for e in log.entries):
        return None
    from hexforge.plugins.motu import CONTENT
    from hexforge.plugins.motu.play import chosen_setup, setup_of

    given = dict(options or {})
    if given or log.setup is not None:  # the setup is known: build it as the runner does
        return replay_setup(rules, log, setup_of(rules.library, given, log.seed))
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
