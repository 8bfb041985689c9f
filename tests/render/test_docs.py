"""docs/render.md runs and the committed pictures are what the code draws today."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.render.docs_images import IMAGES, IMAGES_DIR

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "render.md"
BLOCK = re.compile(r"^```([\w-]+)\n(.*?)^```", re.MULTILINE | re.DOTALL)


def test_every_python_example_runs() -> None:
    text = DOC.read_text(encoding="utf-8")
    blocks = [
        (text.count("\n", 0, m.start(2)), m[2]) for m in BLOCK.finditer(text) if m[1] == "python"
    ]
    assert blocks
    namespace: dict[str, object] = {"__name__": "render_md"}
    for line, code in blocks:
        exec(compile("\n" * line + code, str(DOC), "exec"), namespace)


@pytest.mark.parametrize("name", sorted(IMAGES))
def test_committed_picture_is_up_to_date(name: str) -> None:
    committed = (IMAGES_DIR / name).read_text(encoding="utf-8")
    assert IMAGES[name]().text() == committed, (
        f"docs/images/{name} is stale: run 'python -m tests.render.docs_images'"
    )


def test_readme_and_docs_show_the_pictures() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    shown = set(re.findall(r"\]\((docs/images/[\w.-]+)\)", readme))
    assert {"docs/images/battle.svg", "docs/images/he-man.en.svg"} <= shown
    in_doc = set(re.findall(r"\]\(images/([\w.-]+)\)", DOC.read_text(encoding="utf-8")))
    assert in_doc == set(IMAGES)
    for path in shown:
        assert (ROOT / path).is_file()


def test_the_shell_examples_name_real_files() -> None:
    text = DOC.read_text(encoding="utf-8")
    consoles = [m[2] for m in BLOCK.finditer(text) if m[1] == "console"]
    assert len(consoles) == 2
    for console in consoles:
        for path in re.findall(r"(tests/\S+\.yaml)", console):
            assert (ROOT / path).is_file()


def test_the_replay_viewer_example_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The viewer section's commands: a game, then its page with German headlines, set up
    from the log alone; the last headline is the result."""
    import json
    import shlex

    from click.testing import CliRunner

    from hexforge.core.cli.main import make_cli

    monkeypatch.chdir(tmp_path)
    text = DOC.read_text(encoding="utf-8")
    (console,) = [m[2] for m in BLOCK.finditer(text) if m[1] == "console" and "--lang de" in m[2]]
    for line in console.splitlines():
        args = shlex.split(line.removeprefix("$ "))
        assert args[0] == "hexforge"
        result = CliRunner().invoke(make_cli(), args[1:])
        assert result.exit_code == 0, (line, result.output)
    page = (tmp_path / "game.html").read_text(encoding="utf-8")
    found = re.search(r'id="replay-data">(.*?)</script>', page, re.DOTALL)
    assert found is not None
    last = json.loads(found[1])["steps"][-1]["said"][-1]
    assert last.startswith("Masters of the Universe gewinnt: Sieg durch Punkte 63-42")
