"""The examples of docs/plugins.md that issue 19 added run as written: playing through the
game runtime, wiring a game with ``GamePlugin``, calling a hook with ``each_item``, and the
motu API's ruleset that carries its card library."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

PAGE = (Path(__file__).resolve().parents[2] / "docs" / "plugins.md").read_text(encoding="utf-8")


def blocks(heading: str) -> list[str]:
    """The python blocks under ``heading`` (up to the next heading of any level)."""
    section = PAGE.split(heading, 1)[1]
    section = re.split(r"\n#{2,3} ", section, maxsplit=1)[0]
    return re.findall(r"```python\n(.*?)```", section, re.DOTALL)


SECTIONS = [
    ("### `hexforge_game_runners(", 1),
    ("## Wiring a game, calling a hook", 2),
    ("## The game APIs", 1),
]


@pytest.mark.parametrize(("heading", "count"), SECTIONS, ids=[h for h, _ in SECTIONS])
def test_the_examples_run(heading: str, count: int) -> None:
    found = blocks(heading)
    assert len(found) == count
    for code in found:
        exec(compile(code, "docs/plugins.md", "exec"), {})
