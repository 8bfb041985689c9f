"""Markdown for the generated reference pages (DSL per game, hooks, CLI, schemas)."""

from __future__ import annotations

import inspect
import json
from collections.abc import Callable, Iterable
from typing import Any

import click

from hexforge.core.docgen.dslref import FAMILIES, Entry

EXAMPLE_FENCE = "effect"
"""The fence of a generated DSL example; tests/docs checks each against its game."""


def dsl_page(game: str, title: str, found: Iterable[Entry]) -> str:
    """The DSL reference of ``game``: one section per family of words."""
    by_family: dict[str, list[Entry]] = {}
    for entry in found:
        by_family.setdefault(entry.family, []).append(entry)
    lines = [
        f"# DSL reference: {title} (`{game}`)",
        "",
        "Generated from the game's vocabulary registry (`loaded_vocabulary(host, "
        f'"{game}")`: built-in plugins only, with the words of their cards); every example '
        "below is checked against that vocabulary by `tests/docs`. How the language works: "
        "[the effect language](../dsl.md).",
        "",
    ]
    for family in FAMILIES:
        entries = by_family.get(family)
        if not entries:
            continue
        lines += [f"## {family.capitalize()}", ""]
        for entry in entries:
            lines += [f"### `{entry.signature}`", ""]
            if entry.doc:
                lines += [entry.doc, ""]
            if entry.hook is not None:
                lines += [
                    "No effect phrase names this event; a plugin's Python rule reacts to it "
                    "with a hook ([engine](../engine.md#events)):",
                    "",
                    "```python",
                    entry.hook,
                    "```",
                    "",
                ]
            elif entry.example is None:
                lines += ["No example: the game's words cannot spell one.", ""]
            else:
                lines += [f"```{EXAMPLE_FENCE}", entry.example, "```", ""]
    return "\n".join(lines)


def hook_page(specs: Iterable[tuple[str, Callable[..., Any]]]) -> str:
    """Every hook specification with its signature and docstring."""
    lines = [
        "# Hook reference",
        "",
        "Generated from `hexforge.plugins.hookspecs`: the whole API a game or an expansion "
        "plugs into. How to write a plugin: [plugins](../plugins.md).",
        "",
    ]
    for name, function in specs:
        signature = inspect.signature(function, eval_str=False)
        lines += [
            f"## `{name}`",
            "",
            "```text",
            f"{name}{signature}",
            "```",
            "",
            inspect.cleandoc(function.__doc__ or "(undocumented)"),
            "",
        ]
    return "\n".join(lines)


def cli_page(group: click.Group) -> str:
    """Every command of the ``hexforge`` group (hexforge's and the built-in games'),
    recursively, with its options."""
    lines = [
        "# CLI reference",
        "",
        "Generated from the Click commands (built-in ones and the built-in plugins'). "
        "Exit codes and global behaviour: [the command line](../cli.md).",
        "",
    ]
    ctx = click.Context(group, info_name="hexforge")
    ctx.params["no_plugins"] = True  # the built-in commands only, whatever is installed
    with ctx:
        lines += _command(ctx, group, "hexforge", 2)
    return "\n".join(lines)


def _command(ctx: click.Context, command: click.Command, path: str, depth: int) -> list[str]:
    lines = [f"{'#' * depth} `{path}`", ""]
    if command.help:
        lines += [inspect.cleandoc(command.help), ""]
    lines += ["```text", f"{path} {' '.join(command.collect_usage_pieces(ctx))}", "```", ""]
    rows = [_option_row(ctx, p) for p in command.get_params(ctx) if p.get_help_record(ctx)]
    arguments = [p for p in command.params if isinstance(p, click.Argument)]
    if arguments:
        lines += ["Arguments: " + ", ".join(f"`{a.make_metavar(ctx)}`" for a in arguments), ""]
    if rows:
        lines += ["| option | meaning |", "| --- | --- |", *rows, ""]
    if isinstance(command, click.Group):
        for name in command.list_commands(ctx):
            sub = command.get_command(ctx, name)
            if sub is None or sub.hidden:
                continue
            sub_ctx = click.Context(sub, info_name=name, parent=ctx)
            lines += _command(sub_ctx, sub, f"{path} {name}", min(depth + 1, 4))
    return lines


def _option_row(ctx: click.Context, param: click.Parameter) -> str:
    record = param.get_help_record(ctx)
    assert record is not None
    names, text = record
    return f"| `{names}` | {_cell(text)} |"


def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")


def schema_page(found: dict[str, dict[str, Any]]) -> str:
    """Each JSON Schema: where it applies, its top-level fields, a link to the file."""
    lines = [
        "# JSON Schema reference",
        "",
        "Generated from the models, exactly what `hexforge schema --out DIR` writes. Point "
        "an editor at a file with a first line like "
        "`# yaml-language-server: $schema=motu.cards.schema.json`. The formats themselves: "
        "[content](../content.md), [scenarios](../scenarios.md).",
        "",
    ]
    for name, schema in sorted(found.items()):
        lines += [f"## `{name}`", ""]
        if schema.get("title") or schema.get("description"):
            lines += [_cell(str(schema.get("description") or schema.get("title"))), ""]
        lines += [f"Download: [schemas/{name}](schemas/{name})", ""]
        properties: dict[str, Any] = schema.get("properties", {})
        if properties:
            required = set(schema.get("required", []))
            lines += ["| field | type | required | meaning |", "| --- | --- | --- | --- |"]
            for field, spec in properties.items():
                kind = _type_of(spec)
                mark = "yes" if field in required else ""
                lines.append(
                    f"| `{field}` | {kind} | {mark} | {_cell(spec.get('description', ''))} |"
                )
            lines.append("")
    return "\n".join(lines)


def _type_of(spec: dict[str, Any]) -> str:
    if "type" in spec:
        kind = spec["type"]
        return " or ".join(kind) if isinstance(kind, list) else str(kind)
    if "$ref" in spec:
        return str(spec["$ref"]).rsplit("/", 1)[-1]
    for key in ("anyOf", "oneOf"):
        if key in spec:
            return " or ".join(_type_of(s) for s in spec[key])
    if "enum" in spec:
        return "one of " + ", ".join(json.dumps(v) for v in spec["enum"])
    return "any"
