"""The pictures README.md and docs/render.md show, and how they are made.

``python -m tests.render.docs_images`` writes them to docs/images/; the tests draw them
again and compare, so a committed picture can never disagree with the code.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from hexforge.core.cli.render_cmd import renderers
from hexforge.core.render import Svg
from hexforge.core.scenarios import ScenarioAgent, drivers_from_host, load_scenario
from hexforge.plugins.motu.render_card import card_svg
from tests.plugged import LIB
from tests.render.helpers import BATTLE, NSHEX_POSITION, host

IMAGES_DIR = Path(__file__).resolve().parents[2] / "docs" / "images"


def _position(path: Path) -> Svg:
    drivers, _ = drivers_from_host(host())
    scenario = load_scenario(path, drivers)
    game = scenario.driver.setup(scenario.setup, scenario.setup_source, 1, ScenarioAgent())
    renderer = next(r for r in renderers(host()) if r.game == scenario.game)
    picture: Svg = renderer.render_position(game.engine)
    return picture


IMAGES: dict[str, Callable[[], Svg]] = {
    "battle.svg": lambda: _position(BATTLE),
    "he-man.en.svg": lambda: card_svg(LIB, LIB.cards["motu/he-man"], "en"),
    "man-at-arms.de.svg": lambda: card_svg(LIB, LIB.cards["motu/man-at-arms"], "de"),
    "nshex.svg": lambda: _position(NSHEX_POSITION),
}
"""File name under docs/images/ -> how to draw it."""


def main() -> None:
    IMAGES_DIR.mkdir(exist_ok=True)
    for name, draw in IMAGES.items():
        (IMAGES_DIR / name).write_text(draw().text(), encoding="utf-8")
        print(f"wrote docs/images/{name}")


if __name__ == "__main__":
    main()
