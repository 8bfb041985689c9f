"""Diagnostic codes of play, replay and simulation (HF050-HF099, docs/errors.md)."""

from __future__ import annotations

from hexforge.core.codes import define

UNKNOWN_AGENT = define("HF050", "an agent name no installed plugin provides for the game")
UNKNOWN_GAME = define("HF051", "a game no installed plugin can play")
REPLAY_MISMATCH = define("HF052", "a replayed game's log differs from the recorded log")
BAD_REPLAY_LOG = define("HF053", "a replay log without the play header hexforge writes")
BAD_SIMULATION = define("HF054", "simulation settings that cannot run (games, jobs, backend)")
INVARIANT_BROKEN = define("HF055", "a simulated game broke a rules invariant (--check)")
NO_RAY = define("HF056", "the ray backend without Ray installed or reachable")
UNKNOWN_OPTION = define("HF057", "a game option (--set) the game does not take")
BAD_OPTION = define("HF058", "a game option (--set) that is not KEY=VALUE or does not fit")
PACK_NOT_INSTALLED = define("HF060", "a game log names a pack of its game that is not installed")
