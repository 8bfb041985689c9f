"""The fenced blocks of the documentation pages, with where they are."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

DOCS = Path(__file__).resolve().parents[2] / "docs"


@dataclass(frozen=True, slots=True)
class Block:
    doc: str
    line: int
    lang: str
    body: str
    before: str
    """The line above the opening fence (markers like ``<!-- example: x -->``)."""

    @property
    def first(self) -> str:
        return self.body.split("\n", 1)[0]


def blocks(path: Path) -> list[Block]:
    """Every fenced block of one page (fences of three backticks at the line start)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    found: list[Block] = []
    start: int | None = None
    for index, line in enumerate(lines):
        if not line.startswith("```"):
            continue
        if start is None:
            start = index
            continue
        found.append(
            Block(
                path.name,
                start + 1,
                lines[start][3:].strip(),
                "\n".join(lines[start + 1 : index]) + "\n",
                lines[start - 1] if start else "",
            )
        )
        start = None
    assert start is None, f"{path.name}:{start}: a fence is never closed"
    return found


def pages() -> list[Path]:
    """The hand-written pages (docs/reference/ is generated and tested on its own)."""
    return sorted(DOCS.glob("*.md"))


def run_sh_blocks(path: Path) -> int:
    """Run a page's ``sh`` blocks in order with hexforge's CLI (in the current folder); a
    ``text`` block right after one lists lines its output must contain. The number run."""
    import shlex

    from click.testing import CliRunner

    from hexforge.core.cli.main import make_cli

    found = blocks(path)
    ran = 0
    for i, block in enumerate(found):
        if block.lang != "sh":
            continue
        args = shlex.split(block.body.strip())
        assert args[0] == "hexforge", (block.line, args)
        result = CliRunner().invoke(make_cli(), args[1:])
        assert result.exit_code == 0, (block.line, result.output)
        after = found[i + 1] if i + 1 < len(found) else None
        if after is not None and after.lang == "text":
            for expected in after.body.strip().splitlines():
                assert expected in result.output, (block.line, expected, result.output)
        ran += 1
    return ran
