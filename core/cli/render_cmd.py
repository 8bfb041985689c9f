"""``hexforge render``: pictures of maps, positions and cards, and HTML replays.

``render map NAME|SCENARIO --out F.svg|.png``, ``render card ID [--lang xx] --out
F.svg|.png`` and ``render replay LOG [--scenario S] [--set KEY=VALUE] --out F.html``.
The drawing is the games' (hook ``hexforge_renderers``); this command finds the renderer
that knows the name, card or log and writes the file. Guide: docs/render.md.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import cast

import click

from hexforge.core.cli.output import OutputPath, writing
from hexforge.core.cli.play_cmd import parse_settings
from hexforge.core.cli.state import LANGUAGES, get_state
from hexforge.core.engine.diagnostics import did_you_mean
from hexforge.core.errors import Diagnostic, HexforgeError
from hexforge.core.play import Runtime
from hexforge.core.play.logsetup import check_packs, logged, logged_game, logged_options
from hexforge.core.render import (
    GameRenderer,
    Svg,
    check_suffix,
    read_log_file,
    replay_html,
    write_picture,
)
from hexforge.core.render.codes import NO_RENDERER, UNKNOWN_CARD, UNKNOWN_LANGUAGE, UNKNOWN_MAP
from hexforge.core.render.headlines import account_headlines
from hexforge.core.render.output import PICTURE_SUFFIXES
from hexforge.core.report import render_text, say
from hexforge.plugins.hookcalls import each_item
from hexforge.plugins.manager import PluginHost

SCENARIO_SUFFIXES = (".yaml", ".yml")
HTML_SUFFIXES = (".html", ".htm")


def renderers(host: PluginHost) -> list[GameRenderer]:
    """Every installed game's renderer, in plugin registration order; a plugin whose
    hook fails is reported on stderr (HF603) and the others still draw."""
    problems: list[Diagnostic] = []
    hook = host.manager.hook.hexforge_renderers
    found = [
        cast(GameRenderer, c.result)
        for c in each_item(hook, problems, kind=GameRenderer, host=host)
    ]
    if problems:
        render_text(problems, get_state().err)
    return found


def map_picture(host: PluginHost, name: str) -> Svg:
    """A named map, or the position a scenario file sets up (HF900, HF904)."""
    installed = renderers(host)
    if name.lower().endswith(SCENARIO_SUFFIXES):
        return _scenario_picture(host, installed, Path(name))
    for renderer in installed:
        picture = renderer.render_map(name)
        if picture is not None:
            return picture
    known = [n for r in installed for n in r.map_names()]
    raise HexforgeError.single(
        UNKNOWN_MAP,
        f"no map or board called '{name}'",
        hint=did_you_mean(name, known)
        or f"known: {', '.join(known) or 'none'}; or give a scenario file (.yaml)",
    )


def _scenario_picture(host: PluginHost, installed: Sequence[GameRenderer], path: Path) -> Svg:
    from hexforge.core.scenarios import ScenarioAgent, drivers_from_host, load_scenario

    drivers, problems = drivers_from_host(host)
    if problems:
        raise HexforgeError(*problems)
    scenario = load_scenario(path, drivers)
    renderer = renderer_for_game(installed, scenario.game)
    game = scenario.driver.setup(
        scenario.setup, scenario.setup_source, scenario.seed, ScenarioAgent()
    )
    return renderer.render_position(game.engine)


def renderer_for_game(installed: Sequence[GameRenderer], game: str) -> GameRenderer:
    """The renderer of ``game`` among ``installed``; HF904 when none draws it."""
    for renderer in installed:
        if renderer.game == game:
            return renderer
    raise HexforgeError.single(
        NO_RENDERER,
        f"no installed plugin draws game '{game}'",
        hint="games with renderers: " + (", ".join(r.game for r in installed) or "none"),
    )


def card_picture(host: PluginHost, card_id: str, language: str) -> Svg:
    """A card preview in ``language`` (HF901 unknown card, HF906 unknown language)."""
    if language not in LANGUAGES:
        raise HexforgeError.single(
            UNKNOWN_LANGUAGE,
            f"no language '{language}'",
            hint=f"use one of: {', '.join(LANGUAGES)}",
        )
    installed = renderers(host)
    known = [c for r in installed for c in r.card_ids()]
    if "/" not in card_id:
        matches = [c for c in known if c.endswith("/" + card_id)]
        card_id = matches[0] if len(matches) == 1 else card_id
    for renderer in installed:
        picture = renderer.render_card(card_id, language)
        if picture is not None:
            return picture
    raise HexforgeError.single(
        UNKNOWN_CARD,
        f"no card '{card_id}'",
        hint=did_you_mean(card_id, known) or "give a card id such as 'motu/he-man'",
    )


def replay_page(
    host: PluginHost,
    log_path: Path,
    scenario: str | None = None,
    settings: Sequence[str] = (),
    lang: str = "en",
) -> str:
    """The HTML replay viewer for a game log (HF902, HF420-HF422, HF907 for bad logs),
    replayed with the setup its ``start`` entry records (HF060 for a pack that is not
    installed) or, for an old log, with the options the game was played with (``--set``,
    checked against the game's options: HF057; ``--scenario`` under the name the game's
    runner reads it by, as for ``hexforge play``); options given win over the logged
    ones. The headlines are the game's account in ``lang`` (HF906 for an unknown one). A
    log no installed game replays is HF904: no page."""
    if lang not in LANGUAGES:
        raise HexforgeError.single(
            UNKNOWN_LANGUAGE, f"no language '{lang}'", hint=f"use one of: {', '.join(LANGUAGES)}"
        )
    given = parse_settings(settings)
    log = read_log_file(log_path)
    setup = logged(log.start)
    check_packs(host, setup, log.path)  # HF060
    runtime = Runtime(host)
    runners = runtime.runners
    game = logged_game(setup)
    if given or game:
        try:
            runner = runtime.runner(game) if game else runtime.game_of(log.players)[0]
        except HexforgeError:
            pass  # no game has these players: no renderer replays it either (HF904 below)
        else:
            runtime.check_options(runner.game, {**logged_options(setup), **given})
    installed = renderers(host)
    for renderer in installed:
        if game is not None and renderer.game != game:
            continue
        options = {**logged_options(setup), **given}
        key = getattr(runners.get(renderer.game), "scenario_option", None)
        if scenario is not None and isinstance(key, str):
            options[key] = scenario
        replay = renderer.replay(log, options)
        if replay is not None:
            said = account_headlines(runners.get(replay.game), replay, lang)
            title = f"{replay.game} replay: {log_path.name}"
            return replay_html(log, replay, title=title, headlines=said)
    raise HexforgeError.single(
        NO_RENDERER,
        f"no installed game replays '{log_path.name}' (players: {', '.join(log.players)})",
        hint="games with renderers: "
        + (", ".join(r.game for r in installed) or "none")
        + "; is the game's plugin installed?",
    )


@click.group("render")
def render_command() -> None:
    """Draw maps, positions and cards (SVG or PNG) and game replays (HTML)."""


OUT = click.option(
    "--out",
    "out",
    required=True,
    type=OutputPath(),
    help="The file to write: .svg or .png.",
)


@render_command.command("map")
@click.argument("name")
@OUT
def render_map_command(name: str, out: Path) -> None:
    """Draw the map NAME (e.g. first-game, nshex) or the position of a scenario file."""
    state = get_state()
    check_suffix(out, PICTURE_SUFFIXES)
    picture = map_picture(state.plugins, name)
    with writing(out):
        write_picture(picture, out)
    say(state.out, f"wrote {out}")


@render_command.command("card")
@click.argument("card_id", metavar="ID")
@click.option("--lang", "language", help="Language of names and texts (default: --lang).")
@OUT
def render_card_command(card_id: str, language: str | None, out: Path) -> None:
    """Draw a preview of the card ID (e.g. motu/he-man)."""
    state = get_state()
    check_suffix(out, PICTURE_SUFFIXES)
    picture = card_picture(state.plugins, card_id, language or state.lang)
    with writing(out):
        write_picture(picture, out)
    say(state.out, f"wrote {out}")


@render_command.command("replay")
@click.argument("log", type=click.Path(dir_okay=False, path_type=Path))
@click.option(
    "--out",
    "out",
    required=True,
    type=OutputPath(),
    help="The HTML file to write.",
)
@click.option("--scenario", help="The scenario or setup (only for a log that records none).")
@click.option("--set", "settings", multiple=True, metavar="KEY=VALUE", help="A game option.")
@click.option("--lang", "language", help="Language of the account's headlines (default: --lang).")
def render_replay_command(
    log: Path, out: Path, scenario: str | None, settings: Sequence[str], language: str | None
) -> None:
    """Write one self-contained HTML page that steps through the game LOG (set up as the
    log records; an older log needs --scenario / --set as given to hexforge play)."""
    state = get_state()
    check_suffix(out, HTML_SUFFIXES)
    page = replay_page(state.plugins, log, scenario, settings, language or state.lang)
    with writing(out):
        out.write_text(page, encoding="utf-8")
    say(state.out, f"wrote {out}")
