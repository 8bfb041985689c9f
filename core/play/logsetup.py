"""What a game was set up with, recorded at the start of its log so that the log replays
alone (docs/play.md, "hexforge replay LOG").

A game played by a runner records, in its ``start`` entry, ``setup``: the game id, the
runner options it was played with (``setup=``, ``replace=``, ``forces=``, ``armies=``),
the hexforge version, the packs of the game in use (id -> version) and the plugins from
outside hexforge (name -> version, null when unknown)::

    {"players":["masters","evil"],"seed":3,"seq":1,"setup":{"game":"motu",
     "hexforge":"0.1.0","options":{"setup":"standard"},"packs":{"motu":"0.1.0"},
     "plugins":{}},"type":"start"}

A replay gives the logged setup back to the engine unchanged (so the start line repeats
whatever the installed versions) and plays with its game and options; a pack the log
names that is not installed is HF060 at the log's first line. An old log without the
entry replays as before, with the options given again.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from functools import lru_cache
from importlib import metadata

from hexforge.core.agents.codes import PACK_NOT_INSTALLED
from hexforge.core.engine import Json
from hexforge.core.engine.log import logged_setup
from hexforge.core.errors import Diagnostic, HexforgeError, Span
from hexforge.plugins.manager import PluginHost
from hexforge.plugins.pack_folders import PLUGIN_NAME

OWN_DISTRIBUTION = "hexforge"


def setup_record(host: PluginHost, game: str, options: Mapping[str, str]) -> dict[str, Json]:
    """The ``setup`` a game of ``game`` with ``options`` records in its log."""
    plugins: dict[str, Json] = {
        record.name: record.version
        for record in host.plugins
        if record.distribution != OWN_DISTRIBUTION and record.name != PLUGIN_NAME
    }
    packs: dict[str, Json] = dict(installed_packs(host, game))
    return {
        "game": game,
        "options": {key: options[key] for key in sorted(options)},
        "hexforge": _own_version(),
        "packs": packs,
        "plugins": plugins,
    }


@contextmanager
def recording(host: PluginHost, game: str, options: Mapping[str, str]) -> Iterator[None]:
    """Games started inside record :func:`setup_record` - unless a replay around them gives
    the logged setup (or none, for an old log): that one is kept."""
    with logged_setup(setup_record(host, game, options), keep=True):
        yield


def installed_packs(host: PluginHost, game: str) -> tuple[tuple[str, str], ...]:
    """(id, version) of each pack of ``game`` a game of ``host``'s plugins plays with (the
    base pack first), or none when the packs cannot be read (the game reports that); the
    packs the game itself plays (compiled once per set of plugins)."""
    from hexforge.plugins.packs_of_game import packs_of_host

    try:
        found = packs_of_host(host, game).packs
    except HexforgeError:
        return ()
    return tuple(
        (pack.manifest.id, pack.manifest.version) for pack in found if pack.manifest is not None
    )


@lru_cache(maxsize=1)
def _own_version() -> str | None:
    try:
        return metadata.version(OWN_DISTRIBUTION)
    except metadata.PackageNotFoundError:  # pragma: no cover - run from a bare checkout
        return None


def logged(start: Mapping[str, Json]) -> dict[str, Json] | None:
    """The setup a log's ``start`` entry records, or None (a log written before it did)."""
    setup = start.get("setup")
    return setup if isinstance(setup, dict) else None


def logged_game(setup: Mapping[str, Json] | None) -> str | None:
    game = setup.get("game") if setup is not None else None
    return game if isinstance(game, str) else None


def logged_options(setup: Mapping[str, Json] | None) -> dict[str, str]:
    """The runner options the logged game was played with (none for an old log)."""
    options = setup.get("options") if setup is not None else None
    if not isinstance(options, dict):
        return {}
    return {str(key): str(value) for key, value in options.items()}


def check_packs(
    host: PluginHost, setup: Mapping[str, Json] | None, file: str, line: int = 1
) -> None:
    """HF060 at the log's ``start`` line when the log names a pack of its game that is not
    installed (``hexforge --pack DIR`` stands in for an installed one)."""
    game = logged_game(setup)
    packs = setup.get("packs") if setup is not None else None
    if game is None or not isinstance(packs, dict):
        return
    here = dict(installed_packs(host, game))
    missing = [f"{pack} {version}" for pack, version in packs.items() if pack not in here]
    if missing:
        raise HexforgeError(
            Diagnostic(
                PACK_NOT_INSTALLED,
                f"the game was played with the {game} pack(s) {', '.join(missing)}, "
                "which are not installed",
                Span.point(file, line, 1),
                None,
                "install the expansion that ships the pack, or give its folder: "
                "'hexforge --pack DIR replay LOG'",
            )
        )


def version_notes(host: PluginHost, setup: Mapping[str, Json] | None) -> str:
    """`` (the log was written with pack motu 0.1.0, installed 0.2.0)`` when a logged
    pack's or hexforge's version differs from the installed one, else nothing: a hint for
    a replay that differs."""
    game = logged_game(setup)
    if setup is None or game is None:
        return ""
    here = dict(installed_packs(host, game))
    packs = setup.get("packs")
    notes = [
        f"pack {pack} {version}, installed {here[pack]}"
        for pack, version in (packs.items() if isinstance(packs, dict) else ())
        if pack in here and here[pack] != version
    ]
    written = setup.get("hexforge")
    if written is not None and written != _own_version():
        notes.append(f"hexforge {written}, installed {_own_version()}")
    return f" (the log was written with {'; '.join(notes)})" if notes else ""
