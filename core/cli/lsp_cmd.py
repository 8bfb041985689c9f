"""``hexforge lsp``: run the language server for hexforge YAML over stdin and stdout."""

from __future__ import annotations

import click

from hexforge.core.cli.state import get_state
from hexforge.core.packs.cache import PackCache
from hexforge.core.scenarios.drivers import drivers_from_host
from hexforge.plugins.catalogue import catalogue_from_host


@click.command("lsp")
@click.option(
    "--stdio",
    is_flag=True,
    help="Talk LSP over stdin and stdout (the only transport; accepted for editors that pass it).",
)
@click.option("--no-cache", is_flag=True, help="Compile packs afresh; do not use the pack cache.")
def lsp_command(stdio: bool, no_cache: bool) -> None:
    """Run the language server for card, pack and other hexforge YAML files.

    Editors start it and talk to it over stdin and stdout: diagnostics as you type,
    completion of effect words and card ids, hover with rules text, go to definition,
    quick fixes (docs/editors.md).
    """
    from hexforge.core.lsp.server import make_server  # pygls loads only for this command

    state = get_state()
    catalogue = catalogue_from_host(state.plugins)
    drivers, _ = drivers_from_host(state.plugins)  # their problems: hexforge test reports them
    make_server(catalogue, None if no_cache else PackCache.default(), drivers).start_io()
