"""Write the generated reference pages from the live registry, hooks, commands and models."""

from __future__ import annotations

import inspect
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hexforge.core.cli.main import make_cli
from hexforge.core.docgen import pages
from hexforge.core.docgen.dslref import entries
from hexforge.core.packs.schema import schemas
from hexforge.core.scenarios.drivers import drivers_from_host
from hexforge.core.scenarios.schema import scenario_schemas
from hexforge.plugins import hookspecs
from hexforge.plugins.catalogue import catalogue_from_host
from hexforge.plugins.manager import PluginHost, PluginSelection, load_plugins
from hexforge.plugins.packs_of_game import loaded_vocabulary

REFERENCE = "reference"
"""The folder below docs/ the pages go to (not committed: built for each site)."""


def built_in_host() -> PluginHost:
    """Only the built-in games: the site documents hexforge, not what happens to be installed."""
    return load_plugins(selection=PluginSelection.choose((), none=True, environ={}))


def hook_specs() -> list[tuple[str, Callable[..., Any]]]:
    """The hook specifications in source order."""
    found = [
        (name, value)
        for name, value in vars(hookspecs).items()
        if name.startswith("hexforge_") and inspect.isfunction(value)
    ]
    return sorted(found, key=lambda item: item[1].__code__.co_firstlineno)


def reference_pages(host: PluginHost) -> dict[str, str]:
    """Relative path (below docs/reference) -> text, for every generated file."""
    out: dict[str, str] = {}
    for game in host.games():
        found = entries(loaded_vocabulary(host, game.id))
        out[f"dsl-{game.id}.md"] = pages.dsl_page(game.id, game.name, found)
    out["hooks.md"] = pages.hook_page(hook_specs())
    out["cli.md"] = pages.cli_page(make_cli())
    drivers, _ = drivers_from_host(host)
    found_schemas = {**schemas(catalogue_from_host(host)), **scenario_schemas(drivers.values())}
    out["schemas.md"] = pages.schema_page(found_schemas)
    for name, schema in found_schemas.items():
        out[f"schemas/{name}"] = json.dumps(schema, indent=2) + "\n"
    out["index.md"] = _index(host)
    return out


def _index(host: PluginHost) -> str:
    lines = ["# Reference", "", "Generated from the code on every docs build.", ""]
    for game in host.games():
        lines.append(f"- [DSL reference: {game.name}](dsl-{game.id}.md)")
    lines += [
        "- [Hook reference](hooks.md)",
        "- [CLI reference](cli.md)",
        "- [JSON Schema reference](schemas.md)",
        "",
    ]
    return "\n".join(lines)


def write_reference(docs_dir: Path, host: PluginHost | None = None) -> list[Path]:
    """Write every generated page below ``docs_dir/reference``; returns the files written.

    Files are only rewritten when their text changed, so ``mkdocs serve`` does not loop.
    """
    written: list[Path] = []
    for name, text in reference_pages(host or built_in_host()).items():
        path = docs_dir / REFERENCE / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
        written.append(path)
    return written
