"""The motu scenario driver: positions, actions and observables in the game's own words.

The pieces are declared in their own modules: the ``setup:`` model and the position it
builds (:mod:`~hexforge.plugins.motu.driver_setup`), the steps' actions, each beside its
handler, those a character takes while acting derived from the turn loop's action table
(:mod:`~hexforge.plugins.motu.driver_steps`), and the observables, each beside its reader
(:mod:`~hexforge.plugins.motu.driver_queries`). An unknown action or observable is an
error with a code (HF768, HF769), never a silent default.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

from pydantic import BaseModel

from hexforge.core.engine import Agent, Engine, Json
from hexforge.core.scenarios import ActionSpec, Args, Observable, SetupSource
from hexforge.plugins.manager import PluginHost
from hexforge.plugins.motu import driver_queries, driver_steps
from hexforge.plugins.motu.driver_queries import OBSERVABLES
from hexforge.plugins.motu.driver_setup import MotuSetup, build_game
from hexforge.plugins.motu.driver_steps import ACTIONS
from hexforge.plugins.motu.library import library_for, motu_rules

__all__ = ["ACTIONS", "GAME", "OBSERVABLES", "MotuDriver", "MotuGame"]

GAME = "motu"


@dataclass(frozen=True, slots=True)
class MotuGame:
    """A motu game set up from a scenario: steps and expectations go through the action
    table and the observables of the driver modules."""

    engine: Engine

    def perform(self, action: str, args: Args) -> None:
        driver_steps.perform(self.engine, action, args)

    def observe(self, subject: str, name: str, target: str | None, args: Args) -> Json:
        return driver_queries.observe(self.engine, subject, name, target, args)


class MotuDriver:
    """The motu :class:`~hexforge.core.scenarios.ScenarioDriver` of one set of plugins
    (their cards, compiled at the first scenario)."""

    game = GAME
    setup_model = MotuSetup
    observables: Sequence[Observable] = OBSERVABLES

    def __init__(self, host: PluginHost) -> None:
        self.host = host

    @cached_property
    def actions(self) -> Sequence[ActionSpec]:
        """The steps scenarios may take: the fixed ones, then one for each action the
        plugins and action cards add (read when the first scenario is loaded)."""
        table = motu_rules(self.host).actions
        return (*ACTIONS, *(step.spec for step in driver_steps.registered_steps(table)))

    def setup(self, setup: BaseModel, where: SetupSource, seed: int, agent: Agent) -> MotuGame:
        assert isinstance(setup, MotuSetup)
        return MotuGame(build_game(self.host, setup, where, seed, agent))

    def cards(self) -> Sequence[str]:
        return sorted(library_for(self.host).cards)
