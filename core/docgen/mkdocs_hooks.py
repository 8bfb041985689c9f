"""MkDocs hook (mkdocs.yml ``hooks``): regenerate the reference pages before each build,
so the site always shows the words, hooks and commands of the code it is built from."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hexforge.core.docgen.build import write_reference
from hexforge.core.docgen.coverage import write_coverage


def on_pre_build(config: Any) -> None:
    docs = Path(str(config["docs_dir"]))
    write_reference(docs)
    write_coverage(docs)
