"""JSON Schemas of scenario files for editors, built from the format's key tables and each
driver's actions, observables and setup model (never written by hand).

``scenario.schema.json`` accepts any game (setup and arguments unchecked);
``<game>.scenario.schema.json`` knows the game's actions, their arguments, its subjects
and properties, and its ``setup:`` model. ``hexforge schema --out DIR`` writes them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from hexforge.core.scenarios.driver import (
    ID_LESS_SUBJECTS,
    QUERY_SUBJECT,
    Kind,
    Observable,
    Param,
    ScenarioDriver,
)
from hexforge.core.scenarios.expectations import LOG_KEYS, QUERY_EXPECTED
from hexforge.core.scenarios.loader import ANSWER_KEYS, REFUSED_KEYS, SEEDS, STEP_KEYS, TOP_KEYS
from hexforge.core.scenarios.model import Op

DIALECT = "https://json-schema.org/draft/2020-12/schema"
COORDINATE_PATTERN = r"^[A-Za-z]{1,3}[1-9][0-9]{0,3}$"
Schema = dict[str, Any]


def scenario_schemas(drivers: Iterable[ScenarioDriver]) -> dict[str, Schema]:
    """File name -> schema: the generic one and one per game with a driver."""
    out = {"scenario.schema.json": scenario_schema(None)}
    for driver in sorted(drivers, key=lambda d: d.game):
        out[f"{driver.game}.scenario.schema.json"] = scenario_schema(driver)
    return out


def scenario_schema(driver: ScenarioDriver | None) -> Schema:
    """The schema of a scenario file for ``driver``'s game (None: any game)."""
    defs: Schema = {}
    if driver is None:
        setup: Schema = {"type": "object"}
        steps: list[Schema] = [_action_step(None, [])]
        expectation: Schema = {"anyOf": [*_log_forms(), {"type": "object", "minProperties": 1}]}
        game: Schema = {"type": "string"}
        title = "hexforge scenario file (any game)"
    else:
        setup = driver.setup_model.model_json_schema(ref_template="#/$defs/{model}")
        defs.update(setup.pop("$defs", {}))
        steps = [_action_step(a.name, a.params, a.doc) for a in driver.actions]
        expectation = {"anyOf": [*_log_forms(), *_observations(driver.observables)]}
        game = {"const": driver.game}
        title = f"hexforge {driver.game} scenario file"
    defs["expectation"] = expectation
    expect_list = {"type": "array", "items": {"$ref": "#/$defs/expectation"}}
    check_step = _object({"expect": _doc(expect_list, STEP_KEYS["expect"])}, ["expect"])
    properties = {
        "game": game,
        "name": {"type": "string"},
        "description": {"type": "string"},
        "seed": {"type": "integer", "minimum": SEEDS.start, "maximum": SEEDS.stop - 1},
        "packs": {"type": "array", "items": {"type": "string"}},
        "setup": setup,
        "dice": _dice(),
        "steps": {"type": "array", "items": {"anyOf": [*steps, check_step]}},
        "expect": expect_list,
    }
    return {
        "$schema": DIALECT,
        "title": title,
        **_object({k: _doc(v, TOP_KEYS[k]) for k, v in properties.items()}, ["game"]),
        "$defs": defs,
    }


def _doc(schema: Schema, description: str) -> Schema:
    return {**schema, "description": description}


def _object(
    properties: Mapping[str, Schema], required: Sequence[str], closed: bool = True
) -> Schema:
    schema: Schema = {"type": "object", "properties": dict(properties), "required": list(required)}
    if closed:
        schema["additionalProperties"] = False
    return schema


def _dice() -> Schema:
    return {"type": "array", "items": {"type": "integer", "minimum": 1}}


def _value(kind: Kind, many: bool = False, choices: Sequence[str] = ()) -> Schema:
    one: Schema = {
        Kind.INT: {"type": "integer"},
        Kind.BOOL: {"type": "boolean"},
        Kind.TEXT: {"type": "string"},
        Kind.HEX: {"type": "string", "pattern": COORDINATE_PATTERN},
        Kind.JSON: {},
    }[kind]
    if choices:
        one = {"enum": list(choices)}
    return {"type": "array", "items": one} if many else one


def _param(param: Param) -> Schema:
    return _doc(_value(param.kind, param.many, param.choices), param.doc or param.name)


def _action_step(name: str | None, params: Sequence[Param], doc: str = "") -> Schema:
    answer = {
        "anyOf": [
            {"type": ["string", "integer", "boolean", "array", "null"]},
            _object(
                {k: {} if k == "choose" else {"type": "string"} for k in ANSWER_KEYS}, ["choose"]
            ),
        ]
    }
    refused = {
        "anyOf": [
            {"type": "string", "pattern": r"^HF\d{3}$"},
            _object({k: {"type": "string"} for k in REFUSED_KEYS}, ["code"]),
        ]
    }
    properties: dict[str, Schema] = {
        "do": _doc({"const": name} if name else {"type": "string"}, doc or STEP_KEYS["do"]),
        "answers": _doc({"type": "array", "items": answer}, STEP_KEYS["answers"]),
        "dice": _doc(_dice(), STEP_KEYS["dice"]),
        "refused": _doc(refused, STEP_KEYS["refused"]),
    }
    properties.update({p.name: _param(p) for p in params})
    required = ["do", *(p.name for p in params if p.required)]
    return _object(properties, required, closed=name is not None)


def _expected(observable: Observable) -> Schema:
    value = _value(observable.kind, observable.many)
    item = _value(observable.kind) if observable.many else value
    ops: dict[Op, Schema] = {
        Op.EQUALS: value,
        Op.NOT: value,
        Op.AT_LEAST: {"type": "integer"},
        Op.AT_MOST: {"type": "integer"},
        Op.CONTAINS: item,
        Op.LACKS: item,
        Op.SIZE: {"type": "integer", "minimum": 0},
    }
    operators = {**_object({op.value: s for op, s in ops.items()}, []), "minProperties": 1}
    return _doc({"anyOf": [value, operators]}, observable.doc)


def _observations(observables: Sequence[Observable]) -> list[Schema]:
    forms: list[Schema] = []
    subjects = sorted({o.subject for o in observables if o.subject != QUERY_SUBJECT})
    for subject in subjects:
        props = {o.name: _expected(o) for o in observables if o.subject == subject}
        if subject in ID_LESS_SUBJECTS:
            forms.append(_object({subject: _object(props, [])}, [subject]))
        else:
            forms.append(_object({subject: {"type": "string"}, **props}, [subject]))
    for query in (o for o in observables if o.subject == QUERY_SUBJECT):
        properties = {
            QUERY_SUBJECT: {"const": query.name},
            QUERY_EXPECTED: _expected(query),
            **{p.name: _param(p) for p in query.params},
        }
        required = [QUERY_SUBJECT, QUERY_EXPECTED, *(p.name for p in query.params if p.required)]
        forms.append(_object(properties, required))
    return forms


def _log_forms() -> list[Schema]:
    pattern: Schema = {"type": "object", "minProperties": 1}
    return [
        _object(
            {
                "happened": _doc(pattern, LOG_KEYS["happened"]),
                "times": _doc({"type": "integer", "minimum": 0}, LOG_KEYS["times"]),
            },
            ["happened"],
        ),
        _object({"not_happened": _doc(pattern, LOG_KEYS["not_happened"])}, ["not_happened"]),
        _object(
            {"in_order": _doc({"type": "array", "items": pattern}, LOG_KEYS["in_order"])},
            ["in_order"],
        ),
    ]
