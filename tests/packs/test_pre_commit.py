"""The pre-commit hook (.pre-commit-hooks.yaml) blocks a staged bad card with no ``args:``.

pre-commit itself is not needed to prove it: a temporary git repository stages files,
and the hook's entry runs as pre-commit runs it - with the staged file names its
``files`` pattern matches appended.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from hexforge.core.packs.yamlio import read_yaml

ROOT = Path(__file__).resolve().parents[2]
HEXFORGE = [sys.executable, "-c", "from hexforge.core.cli.main import main; main()"]
PACK = """\
id: my-heroes
name: {en: My Heroes}
version: 0.1.0
game: motu
requires: {motu: "*"}
"""
CARD = """\
id: my-heroes/guard
kind: character
name: {en: Guard}
provenance: invented
faction: masters
stats: {health: 4, toughness: 3, mind: 2, power: 2, perception: 3, strength: 3, speed: 5,
        focused_speed: 7}
cost: 10
weapons: [motu/sword-of-power]
skills:
  - id: rally
    name: {en: Rally}
    effect: "when self knocks out an enemy: give self quickness"
"""
WORKFLOW = "defaults: &defaults {runs-on: ubuntu-latest}\njobs: {check: *defaults}\n"


def _git(repo: Path, *args: str) -> str:
    done = subprocess.run(["git", *args], cwd=repo, capture_output=True, text=True, check=True)
    return done.stdout


def _hook(repo: Path) -> subprocess.CompletedProcess[str]:
    """Run the hook on what is staged in ``repo``, as pre-commit does."""
    (hook,) = read_yaml(ROOT / ".pre-commit-hooks.yaml").data
    assert "args" not in hook
    staged = _git(repo, "diff", "--cached", "--name-only").split()
    files = [name for name in staged if re.search(hook["files"], name)]
    if not files:
        return subprocess.CompletedProcess([], 0, "", "")
    entry = shlex.split(hook["entry"])
    assert entry[0] == "hexforge"
    env = {**os.environ, "HEXFORGE_CACHE_DIR": str(repo.parent / "cache")}
    command = [*HEXFORGE, *entry[1:], *files]
    return subprocess.run(command, cwd=repo, capture_output=True, text=True, env=env)


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    repo = tmp_path / "repo"
    (repo / "my-heroes" / "cards").mkdir(parents=True)
    (repo / ".github" / "workflows").mkdir(parents=True)
    (repo / "my-heroes" / "pack.yaml").write_text(PACK, encoding="utf-8")
    (repo / "my-heroes" / "cards" / "guard.yaml").write_text(CARD, encoding="utf-8")
    _git(repo, "init", "-q")
    return repo


def test_a_staged_card_with_a_dsl_typo_is_blocked(repo: Path) -> None:
    card = repo / "my-heroes" / "cards" / "guard.yaml"
    card.write_text(CARD.replace("give self", "gvie self"), encoding="utf-8")
    _git(repo, "add", "my-heroes/cards/guard.yaml")
    result = _hook(repo)
    assert result.returncode == 1, result.stdout + result.stderr
    assert "my-heroes/cards/guard.yaml:13:45: error HF311" in result.stdout


def test_a_good_card_and_yaml_outside_packs_pass(repo: Path) -> None:
    (repo / ".github" / "workflows" / "ci.yml").write_text(WORKFLOW, encoding="utf-8")
    _git(repo, "add", ".")
    result = _hook(repo)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 errors, 0 warnings in 2 files (1 pack, 1 card)" in result.stdout


def test_only_yaml_outside_packs_is_left_alone(repo: Path) -> None:
    (repo / ".github" / "workflows" / "ci.yml").write_text(WORKFLOW, encoding="utf-8")
    _git(repo, "add", ".github")
    result = _hook(repo)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no file given is in a content pack" in result.stdout
