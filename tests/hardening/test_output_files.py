"""Issue 20, item 6: an output that cannot be written is a coded usage error found before
the work starts (HF003, exit 2), and an error while writing is coded too (HF004, exit 1);
never an internal error (exit 3), never a whole game played for nothing."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from hexforge.core.cli.main import make_cli
from tests.render.helpers import write_nshex_log

DEVICE = "/dev/full" if os.path.exists("/dev/full") else os.devnull


def run(*args: str) -> Result:
    return CliRunner().invoke(make_cli(), list(args))


def bad_files(tmp_path: Path) -> list[str]:
    """Files no command can write: missing folder, empty path, a device, a folder."""
    a_file = tmp_path / "a-file"
    a_file.write_text("x", encoding="utf-8")
    return [
        str(tmp_path / "nonexistent" / "x.out"),
        "",
        DEVICE,
        str(tmp_path),
        str(a_file / "inside.out"),
    ]


def assert_refused(result: Result) -> None:
    assert result.exit_code == 2, result.output
    assert "HF003" in result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize("index", range(5))
def test_item6_play_log_that_cannot_be_written_is_refused_before_the_game(
    tmp_path: Path, index: int
) -> None:
    """Before: exit 3 after the whole game had been played."""
    result = run("play", "--game", "nshex", "--log", bad_files(tmp_path)[index])
    assert_refused(result)
    assert "HQs" not in result.output  # no game was played


@pytest.mark.parametrize("index", range(5))
def test_item6_render_out_that_cannot_be_written_is_refused(tmp_path: Path, index: int) -> None:
    out = bad_files(tmp_path)[index].replace(".out", ".svg")
    assert_refused(run("render", "map", "nshex", "--out", out))
    assert_refused(run("render", "card", "motu/he-man", "--out", out))


def test_item6_render_replay_out_is_refused_before_replaying(tmp_path: Path) -> None:
    log = write_nshex_log(tmp_path)
    result = run("render", "replay", str(log), "--out", str(tmp_path / "no" / "x.html"))
    assert_refused(result)
    result = run("render", "replay", str(log), "--out", DEVICE)
    assert_refused(result)


def test_item6_folders_that_cannot_be_written_are_refused(tmp_path: Path) -> None:
    """schema --out, simulate --out and new expansion --into take folders (created when
    missing): a file, a device or an empty path is HF003."""
    a_file = tmp_path / "a-file"
    a_file.write_text("x", encoding="utf-8")
    for bad in ("", str(a_file), str(a_file / "below"), DEVICE):
        assert_refused(run("schema", "--out", bad))
        assert_refused(run("simulate", "--game", "nshex", "--games", "1", "--out", bad))
        assert_refused(run("new", "expansion", "eternia-x", "--into", bad))


def test_item6_a_new_output_folder_is_still_created(tmp_path: Path) -> None:
    out = tmp_path / "deep" / "schemas"
    result = run("schema", "--out", str(out), "--game", "nshex")
    assert result.exit_code == 0, result.output
    assert any(out.iterdir())


def test_item6_a_write_error_while_writing_is_hf004(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A disk that fills up after the checks: HF004, exit 1, not an internal error."""

    def full(self: Path, *args: object, **kwargs: object) -> int:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(self))

    monkeypatch.setattr(Path, "write_text", full)
    monkeypatch.setattr(Path, "write_bytes", full)
    for args in (
        ("render", "map", "nshex", "--out", str(tmp_path / "m.svg")),
        ("play", "--game", "nshex", "-q", "--log", str(tmp_path / "g.jsonl")),
        ("schema", "--out", str(tmp_path / "schemas")),
        ("new", "expansion", "eternia-x", "--into", str(tmp_path / "exp")),
    ):
        result = run(*args)
        assert result.exit_code == 1, (args, result.output)
        assert "HF004" in result.output and "No space left on device" in result.output


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_item6_writing_to_dev_full_is_never_exit_3(tmp_path: Path) -> None:
    result = run("render", "map", "nshex", "--out", "/dev/full")
    assert result.exit_code == 2 and "device" in result.output
