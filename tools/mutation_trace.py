"""A pytest plugin for tools/mutate_rules.py: which lines of the mutated modules each test
executes, so a mutant runs only the tests that reach it (``-p tools.mutation_trace``).

``HEXFORGE_MUTATION_TRACE`` names the modules (repository paths, ``os.pathsep``
separated) and ``HEXFORGE_MUTATION_OUT`` the JSON file written at the end:
``{node id: {"seconds": s, "lines": {module: [line, ...]}}}``, in the order run.
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Generator
from pathlib import Path
from types import FrameType
from typing import Any

import pytest

_MODULES = tuple(m for m in os.environ.get("HEXFORGE_MUTATION_TRACE", "").split(os.pathsep) if m)
_results: dict[str, dict[str, Any]] = {}
_hits: set[tuple[str, int]] = set()
_names: dict[str, str | None] = {}


def _module(filename: str) -> str | None:
    """The traced module a code object's file is, by its repository path's ending."""
    if filename not in _names:
        posix = Path(filename).as_posix()
        _names[filename] = next((m for m in _MODULES if posix.endswith("/" + m)), None)
    return _names[filename]


def _local(frame: FrameType, event: str, arg: object) -> Any:
    if event == "line":
        _hits.add((frame.f_code.co_filename, frame.f_lineno))
    return _local


def _global(frame: FrameType, event: str, arg: object) -> Any:
    if _module(frame.f_code.co_filename) is None:
        return None
    _hits.add((frame.f_code.co_filename, frame.f_lineno))
    return _local


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Generator[None]:
    _hits.clear()
    began = time.perf_counter()
    sys.settrace(_global)
    try:
        yield
    finally:
        sys.settrace(None)
    lines: dict[str, list[int]] = {}
    for filename, line in _hits:
        module = _module(filename)
        if module is not None:
            lines.setdefault(module, []).append(line)
    _results[item.nodeid] = {
        "seconds": round(time.perf_counter() - began, 3),
        "lines": {m: sorted(set(found)) for m, found in lines.items()},
    }


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    out = os.environ.get("HEXFORGE_MUTATION_OUT")
    if out:
        Path(out).write_text(json.dumps(_results), encoding="utf-8")
