"""The site builds with warnings as errors (broken links, anchors, pages missing from the
navigation), the generated reference pages included - as CI builds it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from .blocks import DOCS


def test_mkdocs_build_strict(tmp_path: Path) -> None:
    pytest.importorskip("mkdocs", reason="the docs extra: pip install 'hexforge[docs]'")
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(tmp_path)],
        cwd=DOCS.parent,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "reference" / "dsl-motu" / "index.html").is_file()
    assert (tmp_path / "tutorial" / "index.html").is_file()
