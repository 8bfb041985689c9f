"""The game's numbers as data: ``parameters:`` of ``content/motu/game.yaml`` (docs/motu.md,
"Game parameters"), which a setup file may change for one game (a variant, a quick game).

:class:`MotuParameters` is the one model of them: its fields are the parameters, each
documented with its range and rulebook section, and ``game.yaml`` must give every one.
A game reads them through its engine (:func:`parameters_of`): the library's, with the
setup's changes, which are written into the game state only when a setup makes some - so
a game with the shipped numbers is the same game, log for log, as before they were data.
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

from annotated_types import Ge, Le
from pydantic import ConfigDict, Field, ValidationError, model_validator

from hexforge.core.engine import Engine
from hexforge.core.errors import Diagnostic, HexforgeError
from hexforge.core.packs.fielddocs import Documented
from hexforge.core.packs.model_errors import model_diagnostics
from hexforge.core.packs.yamlio import YamlDocument, YamlPath, read_yaml

CHANGES = "parameters"
"""The key of the game state holding a setup's changes (absent when it makes none)."""


class MotuParameters(Documented):
    """The numbers of a motu game: every field is a parameter of ``game.yaml``."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    rounds: int = Field(ge=1, le=12)
    """Rounds a game lasts at most (rulebook §Check for Victory: four)."""
    hand: int = Field(ge=1, le=10)
    """Fate cards a player draws up to, at setup and in each preparation phase (rulebook
    §First Game Setup, §Preparation Phase: five)."""
    objective_vp: int = Field(ge=0, le=100)
    """VP for each objective token a player claims (rulebook §Claim Objective Tokens: 20)."""
    victory_margin: int = Field(ge=1, le=200)
    """The VP lead that wins on points at the game's end; less is a draw (rulebook §Check
    for Victory: 20)."""
    mana_cap: int = Field(ge=1, le=10)
    """The most mana a character holds (rulebook §Mana: five)."""
    default_scope: int = Field(ge=2, le=6)
    """The lowest die result a test succeeds on before scope changes (rulebook §Scope: 4)."""
    best_scope: int = Field(ge=1, le=6)
    """The lowest result that can ever succeed, whatever the scope (rulebook §Scope: a 1
    always fails, so 2)."""
    worst_scope: int = Field(ge=1, le=6)
    """The result that always succeeds, whatever the scope (rulebook §Scope: a 6)."""
    explosion: int = Field(ge=1, le=6)
    """The result an explosion die succeeds on, whatever the scope (rulebook §Tests, step
    9: 5+)."""
    max_mana_rerolls: int = Field(ge=0, le=10)
    """The most dice a test may reroll with mana (rulebook §Tests, step 7: five)."""
    action_ap: int = Field(ge=0, le=5)
    """The AP an action costs the first time in an activation or interruption (rulebook
    §Perform Actions: 1)."""
    repeat_ap: int = Field(ge=0, le=5)
    """The AP each repeat of the same action adds - the same weapon type for attacks
    (rulebook §Perform Actions, §Attack: 1)."""

    @model_validator(mode="after")
    def _scope_bounds_in_order(self) -> MotuParameters:
        if not self.best_scope <= self.default_scope <= self.worst_scope:
            raise ValueError("best_scope <= default_scope <= worst_scope must hold")
        return self

    def action_cost(self, repeats: int) -> int:
        """The AP of an action already performed ``repeats`` times in the same frame."""
        return self.action_ap + self.repeat_ap * repeats


def read_parameters(path: Path) -> MotuParameters:
    """The ``parameters:`` of the ``game.yaml`` at ``path``; HexforgeError with every
    problem at its line (HF201 missing, HF202 unknown, HF203 wrong type, HF206 out of
    range), so a changed number is checked where it is written."""
    doc = read_yaml(path)
    data = doc.data.get(CHANGES) if isinstance(doc.data, dict) else None
    return validated(data if data is not None else {}, doc, (CHANGES,))


def validated(data: object, doc: YamlDocument, at: YamlPath) -> MotuParameters:
    """``data`` as parameters, or HexforgeError with the problems placed at ``at`` in
    ``doc``."""
    try:
        return MotuParameters.model_validate_json(json.dumps(data))
    except ValidationError as error:
        found = model_diagnostics(error, doc, at, MotuParameters)
        raise HexforgeError(*(_hinted(d) for d in found)) from None


def _hinted(problem: Diagnostic) -> Diagnostic:
    """``problem`` with a hint: the range of the parameter it names, and where all are."""
    if problem.hint:
        return problem
    hint = "the game parameters: docs/motu.md, 'Game parameters'"
    named = re.match(r"'(\w+)'", problem.message)
    info = MotuParameters.model_fields.get(named.group(1)) if named else None
    if named and info:
        low = next(m.ge for m in info.metadata if isinstance(m, Ge))
        high = next(m.le for m in info.metadata if isinstance(m, Le))
        hint = f"'{named.group(1)}' is a whole number from {low} to {high}; {hint}"
    return dataclasses.replace(problem, hint=hint)


def changed(
    base: MotuParameters, changes: Mapping[str, Any], doc: YamlDocument, at: YamlPath
) -> dict[str, Any]:
    """A setup's ``changes`` checked against the parameters' model (as ``game.yaml``'s,
    problems at ``at`` in ``doc``); only those that differ from ``base`` are kept."""
    whole = validated({**base.model_dump(), **changes}, doc, at)
    return {k: v for k, v in whole.model_dump().items() if getattr(base, k) != v}


def parameters_of(engine: Engine) -> MotuParameters:
    """The parameters of the game ``engine`` plays: its library's, changed by its setup."""
    from hexforge.plugins.motu.library import library_of

    base = library_of(engine).parameters
    changes = engine.state.data.get(CHANGES)
    if not isinstance(changes, dict) or not changes:
        return base
    return _changed(base, json.dumps(changes, sort_keys=True))


@lru_cache(maxsize=32)
def _changed(base: MotuParameters, changes: str) -> MotuParameters:
    return base.model_copy(update=json.loads(changes))
