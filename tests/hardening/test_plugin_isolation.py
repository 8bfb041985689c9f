"""Issue 20, items 1 and 11: a broken expansion never stops the built-in games - a plugin
that exits at import or in a hook, a vocabulary hook that raises, a pack with a bad card -
and a pack given with ``--pack`` stands in for the installed one without false errors."""

from __future__ import annotations

import shutil
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest
from click.testing import CliRunner

from hexforge.core.cli.main import make_cli
from hexforge.dsl.vocabulary import Vocabulary
from hexforge.plugins import manager
from hexforge.plugins.manager import load_plugins
from hexforge.plugins.markers import hookimpl
from hexforge.plugins.motu import CONTENT

BAD_CARD = """- id: broken/glimmer
  kind: buff
  name: {en: Glimmer}
  provenance: invented
  effects:
    - "while defending: scoop +1"
"""


class Exiting:
    """A plugin whose hooks call ``sys.exit`` or raise."""

    @hookimpl
    def hexforge_cli_commands(self) -> list[object]:
        raise SystemExit(7)

    @hookimpl
    def hexforge_dsl_vocabulary(self, game: str, vocabulary: Vocabulary) -> None:
        raise RuntimeError("no words today")


class BrokenPack:
    """An expansion shipping a motu pack with a card that does not validate."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    @hookimpl
    def hexforge_content_packs(self) -> list[Path]:
        return [self.folder]


def _broken_pack(tmp_path: Path) -> Path:
    folder = tmp_path / "broken"
    (folder / "cards").mkdir(parents=True)
    (folder / "pack.yaml").write_text(
        "id: broken\nname: {en: Broken}\nversion: 1.0.0\ngame: motu\nrequires: {motu: '*'}\n"
    )
    (folder / "cards" / "glimmer.yaml").write_text(BAD_CARD)
    return folder


def _run(*args: str, plugins: list[tuple[str, object]]) -> tuple[int, str]:
    result = CliRunner().invoke(make_cli(plugins), list(args), terminal_width=200)
    return result.exit_code, result.output


def test_item_1_a_plugin_exiting_at_import_is_named_and_the_games_stay(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    class Exits(EntryPoint):
        def load(self) -> object:
            raise SystemExit(4)

    found = [*manager._entry_points(), Exits("zzz-exits", "zzz_exits", "hexforge")]
    monkeypatch.setattr(manager, "_entry_points", lambda: found)
    host = load_plugins()
    assert [p.code for p in host.problems] == ["HF601"]
    assert "'zzz-exits'" in host.problems[0].message and "SystemExit" in host.problems[0].message
    assert {"motu", "nshex"} <= {game.id for game in host.games()}


def test_item_1_a_hook_calling_sys_exit_or_raising_words_stops_no_base_game() -> None:
    code, out = _run("play", "--game", "motu", "--seed", "2", "-q", plugins=[("exits", Exiting())])
    assert code == 0, out
    assert "plugin 'exits' failed in hexforge_cli_commands: SystemExit: 7" in out
    assert "(VP masters " in out


def test_item_1_a_bad_expansion_card_leaves_its_pack_out_not_the_base_game(tmp_path: Path) -> None:
    plugins: list[tuple[str, object]] = [("broken", BrokenPack(_broken_pack(tmp_path)))]
    code, out = _run("play", "--game", "motu", "--seed", "2", "-q", plugins=plugins)
    assert code == 0, out
    assert "(VP masters " in out
    picture = tmp_path / "he.svg"
    code, out = _run("render", "card", "motu/he-man", "--out", str(picture), plugins=plugins)
    assert code == 0, out
    assert "<svg" in picture.read_text()


def test_item_11_a_pack_copy_stands_in_without_false_errors(tmp_path: Path) -> None:
    copy = tmp_path / "motu"
    shutil.copytree(CONTENT, copy)
    code, out = _run("--pack", str(copy), "plugins", plugins=[])
    assert code == 0, out
    assert "HF212" not in out and "HF221" not in out
    assert "motu (set aside for --pack)" in out


def test_item_1_the_command_names_the_pack_it_left_out(tmp_path: Path) -> None:
    """The packs are read when the game first plays, after the command started: what it
    leaves out is still shown (on stderr) once the command is done."""
    plugins: list[tuple[str, object]] = [("broken", BrokenPack(_broken_pack(tmp_path)))]
    code, out = _run("play", "--game", "motu", "--seed", "3", "-q", plugins=plugins)
    assert code == 0, out
    assert "scoop" in out and out.count("glimmer.yaml") == 1
