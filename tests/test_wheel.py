"""Issue 27's install story: the sdist and wheel ``python -m build`` makes (the wheel
built from the sdist, so the sdist is complete) install into a fresh virtual environment
with no hexforge on any registry, and that hexforge plays a game and explains a code from
its own copy of docs/errors.md.

Slow (a build, a virtual environment and an install: about a minute), so it runs only
with HEXFORGE_SLOW_TESTS=1; .ci/run sets it for this file.
"""

from __future__ import annotations

import sys
from pathlib import Path

from tests.processes import SLOW, run_ok

ROOT = Path(__file__).resolve().parent.parent

pytestmark = SLOW


def test_the_built_wheel_installs_in_a_fresh_venv_and_plays(tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    run_ok(sys.executable, "-m", "build", "--outdir", dist, ROOT)
    [wheel] = dist.glob("hexforge-*.whl")
    assert len(list(dist.glob("hexforge-*.tar.gz"))) == 1
    venv = tmp_path / "venv"
    run_ok(sys.executable, "-m", "venv", venv)
    python, hexforge = venv / "bin" / "python", venv / "bin" / "hexforge"
    run_ok(python, "-m", "pip", "install", "--quiet", wheel)
    result = run_ok(hexforge, "play", "--quiet", cwd=tmp_path)
    assert "VP" in result, result
    assert run_ok(hexforge, "explain", "HF311", cwd=tmp_path).startswith("HF311: ")
    shipped = run_ok(
        python,
        "-c",
        "from importlib.resources import files; "
        "print(files('hexforge.core.cli').joinpath('errors.md').read_text(), end='')",
        cwd=tmp_path,
    )
    assert shipped == (ROOT / "docs" / "errors.md").read_text(encoding="utf-8")
    assert "hexforge lsp" in run_ok(hexforge, "lsp", "--help", cwd=tmp_path)
