"""Reading a scenario file into a :class:`Scenario`, every problem at its ``file:line:col``.

The YAML goes through :mod:`hexforge.core.packs.yamlio` (safe, exact positions). The
generic keys are checked here against :data:`TOP_KEYS` and friends (the same tables the
JSON Schema is built from); action and observable names and their arguments are checked
against the game's driver; the ``setup:`` section against the driver's pydantic model.
All problems of a file are reported together.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from hexforge.core import codes as core_codes
from hexforge.core.codes import catalogue
from hexforge.core.errors import Diagnostic, HexforgeError
from hexforge.core.packs.compiled import capped
from hexforge.core.packs.model_errors import model_diagnostics
from hexforge.core.packs.yamlio import YamlDocument, YamlPath, load_file, load_text
from hexforge.core.scenarios import codes
from hexforge.core.scenarios.driver import ScenarioDriver, SetupSource
from hexforge.core.scenarios.drivers import with_packs
from hexforge.core.scenarios.expectations import ExpectationReader
from hexforge.core.scenarios.model import (
    ActionStep,
    Answer,
    CheckStep,
    Refusal,
    Scenario,
    Step,
)
from hexforge.core.scenarios.reading import BAD, describe, did_you_mean

SUFFIX = ".scenario.yaml"

TOP_KEYS: Mapping[str, str] = {
    "game": "the game id (required): which installed game's driver runs the scenario",
    "name": "a title for reports (default: the file name)",
    "description": "what the scenario proves, with the rulebook section it checks",
    "seed": "the seed of the game's dice (default 1), 0 to 9223372036854775807",
    "packs": "content packs the scenario needs, as paths relative to the file (like --pack)",
    "setup": "the position, in the game's own terms (units, map, players, round...)",
    "dice": "forced die results, rolled before any random ones, in order",
    "steps": "actions (with answers, dice, expected refusals) and checks, in order",
    "expect": "expectations that must hold after the last step",
}
STEP_KEYS: Mapping[str, str] = {
    "do": "the action to perform; its arguments are the other keys",
    "answers": "answers to the decisions the action asks, in order",
    "dice": "die results forced just before the action",
    "refused": "the error code the action must fail with (or {code, message})",
    "expect": "a list of expectations checked at this point (a step on its own)",
}
ANSWER_KEYS: Mapping[str, str] = {
    "choose": "the option chosen",
    "kind": "the kind of decision that must be asked (e.g. action)",
    "player": "the player who must be asked",
}
REFUSED_KEYS: Mapping[str, str] = {
    "code": "the diagnostic code, e.g. HF408",
    "message": "text the error message must contain",
}
DEFAULT_SEED = 1
SEEDS = range(0, 2**63)
"""The seeds a scenario may give: what a 64-bit signed integer holds at or above zero (the
same as ``hexforge play --seed`` and a replay log can carry)."""


def load_scenario(
    path: Path, drivers: Mapping[str, ScenarioDriver], *, name: str | None = None
) -> Scenario:
    """Read and check one scenario file; raises :class:`HexforgeError` with every problem."""
    result = load_file(path, name=name)
    if result.document is None or result.diagnostics:
        raise HexforgeError(*result.diagnostics)
    return scenario_from_document(result.document, drivers)


def scenario_from_text(
    text: str, drivers: Mapping[str, ScenarioDriver], *, name: str = "<scenario>"
) -> Scenario:
    """A scenario from YAML text (tests, documentation examples)."""
    result = load_text(text, name=name)
    if result.document is None or result.diagnostics:
        raise HexforgeError(*result.diagnostics)
    return scenario_from_document(result.document, drivers)


def scenario_from_document(doc: YamlDocument, drivers: Mapping[str, ScenarioDriver]) -> Scenario:
    reader = _ScenarioReader(doc)
    scenario = reader.scenario(drivers)
    if reader.problems or scenario is None:
        # At most 25 problems of a file are shown, then how many more (HF230), as validate.
        raise HexforgeError(*capped(reader.problems))
    return scenario


def find_scenarios(paths: Sequence[Path]) -> tuple[list[Path], list[Diagnostic]]:
    """Scenario files named by ``paths`` (folders are searched for ``*.scenario.yaml``)."""
    found: list[Path] = []
    problems: list[Diagnostic] = []
    for path in paths:
        if path.is_dir():
            inside = sorted(path.rglob(f"*{SUFFIX}"))
            if not inside:
                problems.append(
                    Diagnostic(
                        codes.NO_SCENARIOS,
                        f"no scenario files in {path}",
                        hint=f"scenario files are named '*{SUFFIX}'",
                    )
                )
            found.extend(inside)
        elif path.is_file():
            found.append(path)
        else:
            problems.append(
                Diagnostic(
                    core_codes.PATH_NOT_FOUND, f"{path} does not exist", hint="check the path"
                )
            )
    return found, problems


class _ScenarioReader(ExpectationReader):
    """Reads a whole scenario file: the top level, the setup and the steps."""

    def scenario(self, drivers: Mapping[str, ScenarioDriver]) -> Scenario | None:
        root = self.doc.data
        if not isinstance(root, dict):
            self.report(
                codes.NOT_A_SCENARIO,
                f"a scenario file holds a mapping, not {describe(root)}",
                (),
                "start with 'game: <game id>' and add setup, steps and expect",
            )
            return None
        self.unknown_keys(root, (), list(TOP_KEYS), "a scenario")
        if "game" not in root:
            self.report(
                codes.MISSING_KEY,
                "missing required key 'game'",
                (),
                f"add 'game:' with one of: {', '.join(sorted(drivers)) or 'no game installed'}",
            )
            return None
        game = self.text(root["game"], ("game",), "game")
        if game is None:
            return None
        if "packs" in root:
            packed = self.packs(root["packs"], drivers)
            if packed is None:
                return None
            drivers = packed
        driver = drivers.get(game)
        if driver is None:
            hint = did_you_mean(game, sorted(drivers), "games with a scenario driver")
            self.report(codes.NO_DRIVER, f"no scenario driver for game '{game}'", ("game",), hint)
            return None
        file = self.doc.file or "<scenario>"
        name = Path(file).name.removesuffix(SUFFIX)
        if "name" in root:
            name = self.text(root["name"], ("name",), "name") or name
        description = None
        if "description" in root:
            description = self.text(root["description"], ("description",), "description")
        seed = DEFAULT_SEED
        if "seed" in root:
            seed = self.integer(root["seed"], ("seed",), "seed") or DEFAULT_SEED
            if seed not in SEEDS:
                self.report(
                    codes.OUT_OF_RANGE,
                    f"the seed {seed} is outside {SEEDS.start} to {SEEDS.stop - 1:,}",
                    ("seed",),
                    "any whole number from 0 up gives a reproducible game; e.g. 'seed: 7'",
                )
                seed = DEFAULT_SEED
        setup_source = SetupSource(self.doc, ("setup",))
        setup = self.setup(root.get("setup", {}), driver)
        dice = self.dice(root["dice"], ("dice",)) if "dice" in root else ()
        steps = self.steps(root.get("steps", []), driver)
        expect = self.expectations(root.get("expect", []), ("expect",), driver)
        if setup is None:
            return None
        return Scenario(
            file=file,
            name=name,
            description=description,
            game=game,
            seed=seed,
            setup=setup,
            setup_source=setup_source,
            dice=dice,
            dice_at=self.at(("dice",)) if "dice" in root else None,
            steps=tuple(steps),
            expect=tuple(expect),
            driver=driver,
            at=self.at(()),
        )

    def packs(
        self, value: Any, drivers: Mapping[str, ScenarioDriver]
    ) -> Mapping[str, ScenarioDriver] | None:
        """The drivers with the packs ``packs:`` names (paths relative to the file) loaded
        as ``--pack`` loads them; None, with the problem reported, when they cannot be."""
        if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
            self.report(
                codes.WRONG_VALUE,
                f"'packs' is a list of paths, not {describe(value)}",
                ("packs",),
                "e.g. 'packs: [../my-pack]' (relative to this file)",
            )
            return None
        base = Path(self.doc.file).parent if self.doc.file else Path()
        try:
            return with_packs(drivers, [base / path for path in value])
        except HexforgeError as error:
            first = error.diagnostics[0]
            self.report(
                codes.NO_PACKS,
                f"the scenario's packs cannot be loaded: {first.message}",
                ("packs",),
                first.hint,
            )
            return None

    def setup(self, value: Any, driver: ScenarioDriver) -> BaseModel | None:
        model = driver.setup_model
        try:
            return model.model_validate(value if value is not None else {})
        except ValidationError as error:
            self.problems.extend(model_diagnostics(error, self.doc, ("setup",), model))
            return None

    # -- steps ----------------------------------------------------------------------------

    def steps(self, value: Any, driver: ScenarioDriver) -> list[Step]:
        items = self.sequence(value, ("steps",), "steps")
        steps: list[Step] = []
        for index, item in enumerate(items or []):
            step = self.step(item, ("steps", index), driver)
            if step is not None:
                steps.append(step)
        return steps

    def step(self, value: Any, path: YamlPath, driver: ScenarioDriver) -> Step | None:
        step = self.mapping(value, path, "a step")
        if step is None:
            return None
        if "expect" in step:
            extra = [k for k in step if k != "expect"]
            if extra:
                self.report(
                    codes.BAD_STEP,
                    f"a check step holds only 'expect', not '{extra[0]}'",
                    (*path, extra[0]),
                    "put the action in a step of its own before the check",
                    key=True,
                )
                return None
            checks = self.expectations(step["expect"], (*path, "expect"), driver)
            return CheckStep(tuple(checks), self.at(path))
        if "do" not in step:
            self.report(
                codes.BAD_STEP,
                "a step needs 'do: <action>' or 'expect: [...]'",
                path,
                f"actions of this game: {', '.join(a.name for a in driver.actions)}",
            )
            return None
        action_name = self.text(step["do"], (*path, "do"), "do")
        if action_name is None:
            return None
        specs = {a.name: a for a in driver.actions}
        spec = specs.get(action_name)
        if spec is None:
            self.report(
                codes.UNKNOWN_ACTION,
                f"game '{driver.game}' has no action '{action_name}'",
                (*path, "do"),
                did_you_mean(action_name, sorted(specs), "actions"),
            )
            return None
        given = {k: v for k, v in step.items() if k not in STEP_KEYS}
        args = self.arguments(given, path, spec.params, f"action '{spec.name}'", list(STEP_KEYS))
        answers = self.answers(step["answers"], (*path, "answers")) if "answers" in step else ()
        dice = self.dice(step["dice"], (*path, "dice")) if "dice" in step else ()
        refused = self.refusal(step["refused"], (*path, "refused")) if "refused" in step else None
        return ActionStep(spec.name, args, answers, dice, refused, self.at(path))

    def answers(self, value: Any, path: YamlPath) -> tuple[Answer, ...]:
        items = self.sequence(value, path, "answers")
        answers: list[Answer] = []
        for index, item in enumerate(items or []):
            where = (*path, index)
            if isinstance(item, dict):
                self.unknown_keys(item, where, list(ANSWER_KEYS), "an answer")
                if "choose" not in item:
                    self.report(
                        codes.MISSING_KEY,
                        "an answer written as a mapping needs 'choose'",
                        where,
                        "write {choose: <option>, kind: <decision>, player: <who>}",
                    )
                    continue
                kind = self.text(item["kind"], (*where, "kind"), "kind") if "kind" in item else None
                player = (
                    self.text(item["player"], (*where, "player"), "player")
                    if "player" in item
                    else None
                )
                choose = self.json(item["choose"], (*where, "choose"))
                if choose is not BAD:
                    answers.append(Answer(choose, kind, player, self.at((*where, "choose"))))
            else:
                choose = self.json(item, where)
                if choose is not BAD:
                    answers.append(Answer(choose, None, None, self.at(where)))
        return tuple(answers)

    def refusal(self, value: Any, path: YamlPath) -> Refusal | None:
        message = None
        code_path = path
        if isinstance(value, dict):
            self.unknown_keys(value, path, list(REFUSED_KEYS), "refused")
            if "code" not in value:
                self.report(codes.MISSING_KEY, "'refused' needs 'code'", path, "e.g. code: HF408")
                return None
            code_path = (*path, "code")
            if "message" in value:
                message = self.text(value["message"], (*path, "message"), "message")
            value = value["code"]
        if not isinstance(value, str) or value not in catalogue():
            known = sorted(catalogue())
            hint = (
                did_you_mean(value, known, "codes")
                if isinstance(value, str)
                else "write a code such as HF408 (docs/errors.md)"
            )
            self.report(
                codes.BAD_CODE,
                f"{describe(value)} is not a diagnostic code hexforge defines",
                code_path,
                hint if "did you mean" in hint else "see docs/errors.md for the codes",
            )
            return None
        return Refusal(value, message, self.at(code_path))

    # -- expectations ---------------------------------------------------------------------
