"""``hexforge validate``: check content packs, every problem in one run, for people and CI.

Problems of the installed plugins themselves (one that does not load, a bad or failing
hook, a conflict between two) are part of the report: named, counted, and exit 1; shown
once (the group leaves them to this command, see ``REPORT_PLUGIN_PROBLEMS`` in main.py).

Exit codes: 0 clean (warnings allowed unless ``--strict``), 1 content errors, 2 usage.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import replace
from functools import cache
from importlib.metadata import version
from pathlib import Path
from typing import TypeVar

import click
from rich.console import Console

from hexforge.core.cli.explain_cmd import sarif_help
from hexforge.core.cli.state import get_state
from hexforge.core.errors import Diagnostic, ExitCode
from hexforge.core.packs.cache import PackCache
from hexforge.core.packs.catalogue import Catalogue
from hexforge.core.packs.validate import (
    Progress,
    ValidationReport,
    in_a_pack,
    lone_kind,
    validate,
)
from hexforge.core.report import render_github, render_json, render_sarif, render_text
from hexforge.core.scenarios.checking import scenario_kind
from hexforge.core.scenarios.driver import ScenarioDriver
from hexforge.core.scenarios.drivers import drivers_from_host
from hexforge.plugins.catalogue import catalogue_from_host
from hexforge.plugins.manager import PluginHost
from hexforge.plugins.survey import survey

FORMATS = ("text", "json", "github", "sarif")
MACHINE_FORMATS = ("json", "sarif")
"""Formats read by programs: the plugins' load problems also go to stderr for people.
(In the others the report itself shows them; the group does not print them for validate.)"""
T = TypeVar("T")


def plugin_problems(host: PluginHost) -> list[Diagnostic]:
    """What is wrong with the installed plugins themselves, each naming its plugin: one
    that failed to load (HF601), a bad hook implementation (HF602), an unknown name in
    ``--plugins`` (HF604), a hook that raised (HF603), two plugins registering the same
    thing (HF605). The other plugins' packs are validated all the same."""
    return [*host.problems, *survey(host).problems]


def default_format() -> str:
    """``github`` inside GitHub Actions, ``text`` elsewhere."""
    return "github" if os.environ.get("GITHUB_ACTIONS") == "true" else "text"


@click.command("validate")
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@click.option(
    "--format",
    "fmt",
    type=click.Choice(FORMATS),
    default=None,
    help="Output format (default: github when GITHUB_ACTIONS=true, else text).",
)
@click.option("--strict", is_flag=True, help="Fail (exit 1) on warnings too.")
@click.option(
    "--skip-outside-packs",
    is_flag=True,
    help="Skip PATHS in no pack (a hook's staged CI or config YAML) instead of HF220.",
)
@click.option("--no-cache", is_flag=True, help="Compile every pack afresh; do not use the cache.")
@click.option(
    "--jobs",
    "-j",
    type=click.IntRange(min=1),
    default=None,
    help="Worker processes for packs with many files (default 1).",
)
def validate_command(
    paths: Sequence[Path],
    fmt: str | None,
    strict: bool,
    skip_outside_packs: bool,
    no_cache: bool,
    jobs: int | None,
) -> None:
    """Check content packs: YAML, card models, effects, ids, references, translations.

    PATHS are pack folders, folders holding packs, files inside a pack, or files of no
    pack that validate can tell the kind of (a setup, a map, a scenario, a card file);
    without PATHS, every installed pack is checked, setups, maps and scenarios beside its
    cards included. All problems are reported in one run. The pre-commit hook passes the
    staged YAML files with --skip-outside-packs: the packs holding them are checked whole
    (ids and references cross files), other YAML files are left alone.
    """
    state = get_state()
    catalogue = with_scenarios(catalogue_from_host(state.plugins), state.plugins)
    if skip_outside_packs and paths:
        kinds = catalogue.file_kinds
        paths = [p for p in paths if in_a_pack(p) or (p.is_file() and lone_kind(p, kinds))]
        if not paths:  # only files of no pack were given: nothing of hexforge's to check
            click.echo("0 errors, 0 warnings: no file given is in a content pack")
            return
    cache = None if no_cache else PackCache.default()
    fmt = fmt or default_format()
    with progress_bar(state.err, fmt == "text") as progress:
        report = validate(list(paths), catalogue, cache=cache, jobs=jobs, progress=progress)
    if report.usage:
        render_text(report.usage, state.err)
        raise click.exceptions.Exit(ExitCode.USAGE)
    found = [
        *plugin_problems(state.plugins),
        *catalogue.problems,
        *catalogue.late_problems,
        *report.diagnostics,
    ]
    diagnostics = list(dict.fromkeys(found))  # a hook failure both lists find is shown once
    if fmt in MACHINE_FORMATS and state.plugins.problems:
        render_text(state.plugins.problems, state.err)  # stdout is for a program: tell people
    _render(diagnostics, report, fmt, state.out, state.plugins)
    failed = any(d.severity.value == "error" for d in diagnostics) or (strict and diagnostics)
    raise click.exceptions.Exit(ExitCode.CONTENT if failed else ExitCode.OK)


def with_scenarios(catalogue: Catalogue, host: PluginHost) -> Catalogue:
    """``catalogue`` checking scenario files too (``*.scenario.yaml``, with the games'
    scenario drivers: read as ``hexforge test`` reads them, not run)."""

    @cache
    def drivers() -> Mapping[str, ScenarioDriver]:  # made for the first scenario checked
        found, _ = drivers_from_host(host)  # a failing driver hook is hexforge test's to show
        return found

    return replace(catalogue, file_kinds=(*catalogue.file_kinds, scenario_kind(drivers)))


@contextmanager
def progress_bar(console: Console, wanted: bool) -> Iterator[Progress | None]:
    """A bar of the card files compiled, on ``console`` (stderr) when it is a terminal and
    the report is for people: a long run shows it is moving; in CI, pipes and machine
    formats nothing is drawn. It is gone once the run ends (transient)."""
    if not wanted or not console.is_terminal:
        yield None
        return
    import rich.progress  # only for a terminal: a CI run does not import it

    with rich.progress.Progress(console=console, transient=True) as bar:
        task = bar.add_task("validating card files", total=None)

        def advance(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        yield advance


def _render(
    diagnostics: Sequence[Diagnostic],
    report: ValidationReport,
    fmt: str,
    out: Console,
    host: PluginHost,
) -> None:
    """Machine formats go out verbatim (click.echo); only ``text`` goes through rich."""
    if fmt == "json":
        counts = {"packs": report.packs, "files": report.files, "cards": report.cards}
        click.echo(render_json(diagnostics, tool_version=version("hexforge"), counts=counts))
    elif fmt == "sarif":
        titles, help_texts = sarif_help(host)
        sarif = render_sarif(
            diagnostics, tool_version=version("hexforge"), rules=titles, help_texts=help_texts
        )
        click.echo(sarif)
    else:
        if fmt == "github":
            text = render_github(diagnostics)
            if text:
                click.echo(text)
        else:
            render_text(diagnostics, out)
        click.echo(_summary(diagnostics, report))


def _summary(diagnostics: Sequence[Diagnostic], report: ValidationReport) -> str:
    errors = sum(d.severity.value == "error" for d in diagnostics)
    warnings = len(diagnostics) - errors
    cached = f"; {report.cached} from cache" if report.cached else ""
    return (
        f"{_count(errors, 'error')}, {_count(warnings, 'warning')} in "
        f"{_count(report.files, 'file')} ({_count(report.packs, 'pack')}, "
        f"{_count(report.cards, 'card')}{cached})"
    )


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"
