"""``hexforge plugins``: what is installed and what each plugin registers.

The default listing gives each plugin's distribution, version, games and packs;
``--verbose`` adds everything else it registers (kinds, verbs, events, drivers, runners,
renderers, actions, agents, invariants, commands) and the cards its packs replace. Problems (a
broken plugin, two plugins declaring the same word) are printed too and make the exit
code 1.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence

import click
from rich.table import Table

from hexforge.core.cli.state import get_state
from hexforge.core.errors import Diagnostic, ExitCode
from hexforge.core.packs import codes as pack_codes
from hexforge.core.packs.catalogue import Catalogue
from hexforge.core.packs.crosscheck import cross_check
from hexforge.core.packs.validate import compile_packs
from hexforge.core.report import json_safe, printable, render_text, safe_text, say
from hexforge.plugins.catalogue import catalogue_from_host
from hexforge.plugins.pack_folders import pack_id
from hexforge.plugins.survey import Registrations, names, survey

VERBOSE_ROWS = (
    "kinds",
    "declarations",
    "events",
    "triggers",
    "verbs",
    "conditions",
    "nouns",
    "stats",
    "procedures",
    "drivers",
    "runners",
    "renderers",
    "actions",
    "agents",
    "invariants",
    "files",
    "commands",
    "codes",
    "replaces",
)


@click.command("plugins")
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
    help="Output format: a table for people, or JSON with skipped plugins and problems.",
)
@click.option(
    "--verbose", "-v", is_flag=True, help="Everything each plugin registers, and its replaces."
)
def plugins_command(fmt: str, verbose: bool) -> None:
    """List installed plugins: versions, games, packs and what each registers."""
    state = get_state()
    host = state.plugins
    found = survey(host)
    problems: list[Diagnostic] = list(found.problems)  # load problems: printed at load
    problems.extend(_packs(catalogue_from_host(host), found.by_plugin, with_cards=verbose))
    if fmt == "json":
        rows = [
            {
                "name": r.name,
                "module": r.module,
                "distribution": r.distribution,
                "version": r.version,
                **found.by_plugin[r.name].as_json(),
            }
            for r in host.plugins
        ]
        payload = {
            "plugins": rows,
            "skipped": host.skipped,
            "problems": [d.message for d in [*host.problems, *problems]],
        }
        click.echo(json_safe(json.dumps(payload, indent=2, ensure_ascii=False)))
    else:
        table = Table(title="hexforge plugins")
        for column in ("plugin", "distribution", "version", "games", "packs"):
            table.add_column(column)
        for r in host.plugins:
            reg = found.by_plugin[r.name]
            cells = [r.name, r.distribution or "-", r.version or "-"]
            cells += [names(reg.games), names(reg.packs)]
            table.add_row(*(safe_text(printable(cell, one_line=True)) for cell in cells))
        state.out.print(table)
        if verbose:
            for r in host.plugins:
                _details(r.name, r.module, found.by_plugin[r.name])
        if host.skipped:
            say(state.out, f"not loaded (--plugins/--no-plugins): {', '.join(host.skipped)}")
        render_text(problems, state.err)
    if problems or host.problems:
        raise click.exceptions.Exit(ExitCode.CONTENT)


def _details(name: str, module: str, reg: Registrations) -> None:
    out = get_state().out
    say(out, f"\n{name} ({module})", soft_wrap=True)
    for row in VERBOSE_ROWS:
        items: Sequence[str] = getattr(reg, row)
        if items:
            say(out, f"  {row}: {names(items)}", soft_wrap=True)


RELATIONS = frozenset(
    {
        pack_codes.MISSING_PACK,
        pack_codes.PACK_VERSION,
        pack_codes.BAD_VERSION_RANGE,
        pack_codes.DUPLICATE_PACK,
        pack_codes.DUPLICATE_ID,
        pack_codes.OVERRIDE_WITHOUT_REPLACES,
        pack_codes.BAD_REPLACEMENT,
    }
)
"""Problems between the installed packs (``requires``, ids, replacements): reported here
as they are at load; the packs' other problems are ``hexforge validate``'s."""


def _packs(
    catalogue: Catalogue, by_plugin: Mapping[str, Registrations], *, with_cards: bool
) -> list[Diagnostic]:
    """Fill each plugin's ``packs`` ('id version') and, with ``with_cards``, ``replaces``;
    the unreadable manifests and the problems between packs. A pack a ``--pack`` folder
    stands in for is listed as set aside, and is not compared with its stand-in."""
    played = {folder.resolve() for folder in catalogue.installed_packs}
    owners = []
    for reg in by_plugin.values():
        for folder in reg.pack_folders:
            if folder.resolve() in played:
                owners.append((reg, folder))
            else:
                reg.packs.append(f"{pack_id(folder) or folder} (set aside for --pack)")
    compiled = compile_packs([folder for _, folder in owners], catalogue)
    problems: list[Diagnostic] = []
    for (reg, _), pack in zip(owners, compiled, strict=True):
        if pack.manifest is None:
            reg.packs.append(f"{pack.root} (unreadable)")
            problems.extend(pack.diagnostics)
            continue
        reg.packs.append(f"{pack.manifest.id} {pack.manifest.version}")
        if with_cards:
            reg.replaces.extend(
                f"{entry.card.id} replaces {entry.card.replaces}"
                for entry in pack.cards()
                if entry.card.replaces is not None
            )
    relations = cross_check(compiled, compiled, catalogue)
    return [*problems, *(d for d in relations if d.code in RELATIONS)]
