"""Running commands in a subprocess for the slow install tests (a fresh venv, a built
wheel, a generated expansion): a failure shows the command and both of its outputs."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

SLOW = pytest.mark.skipif(
    not os.environ.get("HEXFORGE_SLOW_TESTS"), reason="slow: set HEXFORGE_SLOW_TESTS=1"
)
"""Marks a module of install tests: .ci/run sets HEXFORGE_SLOW_TESTS=1 for them."""


def run_ok(*args: str | Path, cwd: Path | None = None) -> str:
    """The standard output of the command ``args``, which must succeed."""
    done = subprocess.run(
        [str(a) for a in args], cwd=cwd, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, f"{args}\n{done.stdout}\n{done.stderr}"
    return done.stdout
