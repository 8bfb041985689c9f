"""The language server's checks in-process, for what an LSP session cannot provoke."""

from __future__ import annotations

from pathlib import Path

from hexforge.core.lsp.project import Analysis, Project
from hexforge.core.packs.catalogue import Catalogue


class Broken(Project):
    """A project whose check has a bug."""

    def analyse(self, path: Path, text: str) -> Analysis:
        raise RuntimeError("boom")


def test_a_bug_is_hf002_on_the_file_and_the_server_goes_on(tmp_path: Path) -> None:
    path = tmp_path / "card.yaml"
    analysis = Broken(Catalogue({})).check(path, "id: x\n")
    [found] = analysis.diagnostics
    assert found.code == "HF002" and "RuntimeError: boom" in found.message
    assert found.span is not None and found.span.file == str(path)
    assert found.hint is not None and "report it" in found.hint
