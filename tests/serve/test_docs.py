"""docs/serve.md: its Python examples run (a game through the API is hexforge play's game;
the account in Polish, a model's marks against the rules' line of sight, the page's words)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "serve.md"
BLOCK = re.compile(r"^```([\w-]+)\n(.*?)^```", re.MULTILINE | re.DOTALL)


def test_the_python_example_runs() -> None:
    text = DOC.read_text(encoding="utf-8")
    blocks = [
        (text.count("\n", 0, m.start(2)), m[2]) for m in BLOCK.finditer(text) if m[1] == "python"
    ]
    assert len(blocks) == 2
    for line, code in blocks:
        exec(compile("\n" * line + code, str(DOC), "exec"), {"__name__": "serve_md"})


def test_every_code_of_the_web_table_is_explained() -> None:
    errors = (ROOT / "docs" / "errors.md").read_text(encoding="utf-8")
    for code in ("HF080", "HF081", "HF082", "HF083"):
        assert f'<a id="{code.lower()}"></a>{code}' in errors
