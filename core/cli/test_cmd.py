"""``hexforge test``: run scenario files and print what failed, then ``N passed, N failed``.

Without PATHS it runs the project's ``[tool.hexforge.test]`` paths (its pyproject.toml,
:mod:`hexforge.core.scenarios.project`), else the current folder; the project's plugins
are loaded besides ``--plugin``.

Exit codes: 0 every scenario passed, 1 any failed or could not be run (a bad file is
reported with its diagnostics, and the other files still run).
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Sequence
from pathlib import Path

import click

from hexforge.core.cli.state import get_state
from hexforge.core.errors import ExitCode
from hexforge.core.report import render_text, say
from hexforge.core.scenarios import (
    Coverage,
    drivers_from_host,
    find_scenarios,
    result_text,
    run_file,
    summary,
)
from hexforge.core.scenarios.project import project_settings
from hexforge.plugins.manager import PluginHost


def add_plugins(host: PluginHost, modules: Sequence[str], root: Path | None = None) -> None:
    """Import each module named ``--plugin`` and register it, as pytest's ``-p`` does.

    The current folder (or the project's, ``root``) is importable first, so a project's
    own test drivers (``tests.scenarios.toy_driver``) load without installing them.
    """
    folder = str(root or Path.cwd())
    if modules and folder not in sys.path and (root is not None or "" not in sys.path):
        sys.path.insert(0, folder)
    for name in modules:
        try:
            module = importlib.import_module(name)
        except ImportError as error:
            message = f"cannot import {name!r}: {error}"
            raise click.BadParameter(message, param_hint="--plugin") from error
        if not host.manager.is_registered(module):  # the project's plugin given again
            host.register(name, module)


@click.command("test")
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@click.option("--coverage", is_flag=True, help="List the cards and effects no scenario exercised.")
@click.option(
    "--plugin",
    "-p",
    "plugins",
    multiple=True,
    metavar="MODULE",
    help="Also load this module as a hexforge plugin (e.g. a test game's driver).",
)
@click.option("--verbose", "-v", is_flag=True, help="Name every scenario that passed too.")
def test_command(
    paths: Sequence[Path], coverage: bool, plugins: Sequence[str], verbose: bool
) -> None:
    """Run scenario files: PATHS are files or folders searched for '*.scenario.yaml'
    (default: the project's [tool.hexforge.test] paths, else the current folder). Ends
    with the line 'N passed, N failed'."""
    state = get_state()
    project = project_settings(Path.cwd())
    if project is not None:
        add_plugins(state.plugins, project.plugins, project.root)
    add_plugins(state.plugins, plugins)
    drivers, problems = drivers_from_host(state.plugins)
    default = list(project.paths) if project is not None and project.paths else [Path(".")]
    files, missing = find_scenarios(list(paths) or default)
    render_text([*problems, *missing], state.err)
    results = [run_file(path, drivers) for path in files]
    totals = Coverage()
    out = state.out
    for result in results:
        if result.usage is not None:
            totals.add(result.usage)
        if verbose and result.passed:
            say(out, f"passed {result.file} ({result.name})", soft_wrap=True)
        elif not result.passed:
            report = result_text(result)
            if result.failures:
                say(out, report, soft_wrap=True)
            else:
                say(out, report.splitlines()[0], soft_wrap=True)
                render_text(result.errors, out)
    if coverage:
        for line in totals.report():
            say(out, line, soft_wrap=True)
    say(out, summary(results), soft_wrap=True)
    failed = bool(missing or problems) or not all(r.passed for r in results)
    raise click.exceptions.Exit(ExitCode.CONTENT if failed else ExitCode.OK)
