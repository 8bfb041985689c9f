"""Issue 20, items 9 and 11: malformed replay logs are coded errors read within limits,
and replay's and render replay's other refusals are what docs/cli.md says.

Item 9: invalid UTF-8 (HF421; HF902 for ``render replay``), a line nested 100,000 deep,
a huge integer, a line or a file past the size limits (HF422) - never exit 3, and
``/dev/zero`` is refused after reading at most the size limit, not read until memory runs
out. Item 11: ``replay --game chess`` is a usage error (exit 2); ``render replay`` of a
log no installed game plays is HF904, exit 1, and writes no page.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from hexforge.core.cli.main import make_cli
from hexforge.core.engine import log as game_log
from hexforge.core.engine.log import read_log, read_log_text
from hexforge.core.errors import HexforgeError
from tests.render.helpers import nshex_log_text, write_nshex_log

START = '{"players":["smart","vegas"],"seed":1,"seq":1,"type":"start"}'


def run(*args: str) -> Result:
    return CliRunner().invoke(make_cli(), list(args))


def both(path: Path, tmp_path: Path) -> tuple[Result, Result]:
    """``hexforge replay`` and ``hexforge render replay`` of ``path``."""
    return run("replay", str(path)), run(
        "render", "replay", str(path), "--out", str(tmp_path / "page.html")
    )


def malformed(tmp_path: Path, name: str, data: bytes) -> Path:
    path = tmp_path / name
    path.write_bytes(data)
    return path


def assert_coded(result: Result, code: str) -> None:
    assert result.exit_code == 1, result.output
    assert code in result.output, result.output
    assert "Traceback" not in result.output and "HF002" not in result.output


def test_item9_invalid_utf8_is_coded(tmp_path: Path) -> None:
    """Before: exit 3 (UnicodeDecodeError) for ``hexforge replay``."""
    path = malformed(tmp_path, "bad.jsonl", START.encode() + b'\n{"type":"x\xff"}\n')
    replay, render = both(path, tmp_path)
    assert_coded(replay, "HF421")
    assert "line 2" in replay.output and "0xff" in replay.output
    assert_coded(render, "HF902")
    assert not (tmp_path / "page.html").exists()


def test_item9_a_line_nested_100000_deep_is_hf422(tmp_path: Path) -> None:
    """Before: exit 3 (RecursionError)."""
    deep = b"[" * 100_000 + b"]" * 100_000
    path = malformed(tmp_path, "deep.jsonl", START.encode() + b"\n" + deep + b"\n")
    for result in both(path, tmp_path):
        assert_coded(result, "HF422")
        assert "deeper than" in result.output


def test_item9_a_huge_integer_is_hf422(tmp_path: Path) -> None:
    """Before: exit 3 (Python's limit on the digits of an int)."""
    huge = b'{"players":["smart","vegas"],"seed":' + b"9" * 5000 + b',"type":"start"}\n'
    path = malformed(tmp_path, "huge.jsonl", huge)
    for result in both(path, tmp_path):
        assert_coded(result, "HF422")
        assert "digits" in result.output


def test_item9_a_line_past_the_length_limit_is_hf422(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(game_log, "MAX_LINE_CHARS", 1000)
    line = '{"type":"x","text":"' + "a" * 2000 + '"}'
    path = malformed(tmp_path, "long.jsonl", f"{START}\n{line}\n".encode())
    for result in both(path, tmp_path):
        assert_coded(result, "HF422")
        assert "longer than 1000 characters" in result.output
        assert "a" * 1500 not in result.output  # the line is not quoted whole


def test_item9_a_file_past_the_size_limit_is_hf422(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(game_log, "MAX_LOG_BYTES", 10_000)
    path = write_nshex_log(tmp_path)
    for result in both(path, tmp_path):
        assert_coded(result, "HF422")
        assert "larger than" in result.output


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_item9_dev_zero_is_refused_not_read_without_end(tmp_path: Path) -> None:
    """Before: ``replay /dev/zero`` read until the process was killed for memory."""
    result = run("replay", "/dev/zero")
    assert_coded(result, "HF422")
    render = run("render", "replay", "/dev/zero", "--out", str(tmp_path / "page.html"))
    assert_coded(render, "HF422")


def test_item9_a_folder_is_an_unreadable_log(tmp_path: Path) -> None:
    with pytest.raises(HexforgeError) as error:
        read_log_text(tmp_path)
    assert error.value.code == "HF421"


def test_item9_brackets_inside_strings_are_not_nesting() -> None:
    """The nesting limit counts lists and objects, not brackets in text."""
    text = "[" * 40 + "{" * 40
    entries = read_log([START, f'{{"type":"note","text":"{text}","n":-{"1" * 90}}}'])
    assert entries[1]["text"] == text


def test_item9_a_blank_first_line_does_not_break_replay(tmp_path: Path) -> None:
    path = tmp_path / "blank.jsonl"
    path.write_text("\n" + nshex_log_text(), encoding="utf-8")
    result = run("replay", str(path), "-q")
    assert result.exit_code != 3, result.output
    assert "Traceback" not in result.output and "HF002" not in result.output


def test_item11_replay_of_an_unknown_game_is_a_usage_error(tmp_path: Path) -> None:
    """Before: exit 1 (the log was read first); docs/cli.md says exit 2 like play."""
    log = write_nshex_log(tmp_path)
    result = run("replay", str(log), "--game", "chess")
    assert result.exit_code == 2, result.output
    assert "no playable game 'chess'" in result.output and "motu, nshex" in result.output


def test_item11_render_replay_of_no_known_game_is_hf904_and_writes_no_page(
    tmp_path: Path,
) -> None:
    """Before: an empty viewer page was written and the exit code was 0."""
    log = tmp_path / "odd.jsonl"
    log.write_text('{"players":["x","y"],"seed":1,"seq":1,"type":"start"}\n', encoding="utf-8")
    page = tmp_path / "page.html"
    result = run("render", "replay", str(log), "--out", str(page))
    assert result.exit_code == 1, result.output
    assert "HF904" in result.output and "players: x, y" in result.output
    assert not page.exists()
