"""The scenario files under tests/scenarios run on Skirmish, whose driver lives here."""

from __future__ import annotations

import pytest

from tests.scenarios import toy_driver


def pytest_hexforge_plugins(config: pytest.Config) -> list[tuple[str, object]]:
    return [("skirmish", toy_driver)]
