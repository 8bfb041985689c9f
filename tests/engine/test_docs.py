"""docs/engine.md's examples run, in order, in one namespace: the docs cannot rot."""

from __future__ import annotations

import re
from pathlib import Path

DOC = Path(__file__).resolve().parents[2] / "docs" / "engine.md"
BLOCK = re.compile(r"^```python\n(.*?)^```", re.MULTILINE | re.DOTALL)


def test_every_python_example_in_engine_md_runs() -> None:
    text = DOC.read_text(encoding="utf-8")
    blocks = list(BLOCK.finditer(text))
    assert len(blocks) >= 12
    namespace: dict[str, object] = {"__name__": "engine_md"}
    for block in blocks:
        line = text.count("\n", 0, block.start(1))
        code = compile("\n" * line + block.group(1), str(DOC), "exec")
        exec(code, namespace)


def test_engine_md_is_linked_from_the_docs_index_and_the_readme() -> None:
    root = DOC.parents[1]
    assert "(engine.md)" in (root / "docs" / "index.md").read_text(encoding="utf-8")
    assert "(docs/engine.md)" in (root / "README.md").read_text(encoding="utf-8")
