"""``hexforge serve``: the web table - play the installed games in the browser
(docs/serve.md). The server itself is :mod:`hexforge.core.serve`; this is its shell."""

from __future__ import annotations

import os
import sys
import webbrowser

import click

from hexforge.core.cli.state import get_state
from hexforge.core.report import render_text, say

LOCAL_HOSTS = ("127.0.0.1", "localhost", "::1")


@click.command("serve")
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    help="The address to listen on; the default lets in only this machine.",
)
@click.option(
    "--port",
    type=click.IntRange(0, 65535),
    default=8765,
    show_default=True,
    help="The port (0: any free port).",
)
@click.option("--no-browser", is_flag=True, help="Do not open the page in a web browser.")
def serve_command(host: str, port: int, no_browser: bool) -> None:
    """Serve the web table: play any installed game in the browser, against an agent or
    hot-seat.

    Choose the game, the agent of each seat (human: you, in the browser; two humans:
    hot-seat), the setup and the seed on the page; click a choice, or the hex or model it
    names, to answer a decision. Save downloads the game log; load replays one to where it
    stopped. Stop the server with Ctrl+C.
    """
    from hexforge.core.serve import Tables, address, listen, run  # starlette only here

    state = get_state()
    tables = Tables(state.plugins)
    sock = listen(host, port)  # HF083 when the port is taken
    url = address(sock)
    local = host in LOCAL_HOSTS
    allowed = [host, "127.0.0.1", "localhost", "[::1]"] if local else None

    def ready() -> None:
        render_text(tables.problems, state.err)
        if local:
            say(state.out, f"hexforge serve: {url} (this machine only; --host to change)")
        else:
            say(state.out, f"hexforge serve: {url} - listening on {host}, open to the network")
        say(state.out, "Ctrl+C stops the server.")
        if not no_browser and _graphical():
            webbrowser.open(url)

    try:
        run(tables, sock, allowed, ready)
    except KeyboardInterrupt:
        pass
    finally:
        sock.close()
    say(state.out, "hexforge serve: stopped")


def _graphical() -> bool:
    """Whether a web browser can open a window: never start a text-mode browser in the
    terminal the server runs in (a Linux machine without a display)."""
    if sys.platform.startswith("linux"):
        return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    return True
