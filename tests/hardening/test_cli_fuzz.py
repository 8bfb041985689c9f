"""Issue 20: fuzzed command lines and replay logs end with exit code 0, 1 or 2 and, when
not 0, a coded message (``HFnnn``) or Click's usage message; never exit 3 (an internal
error), never a traceback, never an escape character of the input on the terminal.

Each example runs in a fresh temporary folder (outputs land there). The quick tests take
a few seconds; the ``slow`` ones (``-m slow``, as CI runs them) try many more examples.
"""

from __future__ import annotations

import os
import re
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from hexforge.core.cli.main import make_cli
from tests.render.helpers import nshex_log_text

CODED = re.compile(r"\bHF\d{3}\b")
USAGE = re.compile(r"^(Usage: |Error: )", re.M)
CLI = make_cli()

TRICKY = [
    "",
    " ",
    "-",
    "=",
    "a=b=c",
    "[/x]",
    "[bold]x",
    ":x:",
    "root:x:0:0",
    "\x1b[31mred",
    "\x9b2J",
    "\u202eevil",
    "nul\x00byte",
    "line\nbreak",
    "Pięści",
    "9" * 5000,
    "-1",
]
PATHS = [
    "",
    ".",
    "out.html",
    "out.svg",
    "out.png",
    "game.jsonl",
    "sub/dir/x.svg",
    "/nonexistent/x.html",
    "/dev/full",
    "/dev/null",
    "[/x].svg",
    "x\x1b[2J.svg",
    "reports",
]
GAMES = ["nshex", "motu", "chess", "", "[/x]", "\x1b[31m"]
SETS = ["armies=smart,vegas", "armies=smart", "army=borgo,smart", "armies", "setup=x", "="]

text = st.one_of(st.sampled_from(TRICKY), st.text(max_size=12))
path = st.one_of(st.sampled_from(PATHS), st.text(max_size=12))
game = st.one_of(st.sampled_from(GAMES), text)
setting = st.one_of(st.sampled_from(SETS), text)


def _options(pairs: Sequence[tuple[str, st.SearchStrategy[str]]]) -> st.SearchStrategy[list[str]]:
    """Some of the given ``--option VALUE`` pairs, in a drawn order."""
    chosen = st.lists(st.sampled_from(range(len(pairs))), unique=True, max_size=len(pairs))

    def build(indexes: list[int]) -> st.SearchStrategy[list[str]]:
        parts = [st.tuples(st.just(pairs[i][0]), pairs[i][1]) for i in indexes]
        return st.tuples(*parts).map(lambda items: [x for item in items for x in item])

    return chosen.flatmap(build)


def _command(words: list[str], pairs: Sequence[tuple[str, st.SearchStrategy[str]]]):  # type: ignore[no-untyped-def]
    return _options(pairs).map(lambda options: [*words, *options])


COMMANDS = st.one_of(
    _command(["play", "-q", "--game", "nshex"], [("--set", setting), ("--log", path)]),
    _command(["play", "-q"], [("--game", game), ("--set", setting), ("--seed", text)]),
    _command(["replay", "game.jsonl"], [("--game", game), ("--set", setting)]),
    st.builds(lambda p: ["replay", p], path),
    st.builds(lambda p, o: ["render", "map", "nshex", "--out", p, *o], path, st.just([])),
    st.builds(lambda n, p: ["render", "map", n, "--out", p], text, path),
    _command(["render", "card", "motu/he-man"], [("--out", path), ("--lang", text)]),
    _command(["render", "replay", "game.jsonl"], [("--out", path), ("--set", setting)]),
    _command(["cards"], [("--game", game), ("--kind", text), ("--lang", text)]),
    _command(["schema", "--game", "nshex"], [("--out", path)]),
    _command(["new", "expansion"], [("--into", path)]).flatmap(
        lambda words: text.map(lambda name: [*words[:2], name, *words[2:]])
    ),
    _command(
        ["simulate", "--games", "1", "--game", "nshex"], [("--set", setting), ("--out", path)]
    ),
    st.lists(st.one_of(text, st.sampled_from(["play", "replay", "render", "--debug", "--set"]))),
)


@contextmanager
def fresh_folder(log: str | None = None) -> Iterator[Path]:
    """A temporary current folder holding ``game.jsonl`` (an nshex game's log)."""
    before = Path.cwd()
    with tempfile.TemporaryDirectory() as folder:
        os.chdir(folder)
        try:
            Path("game.jsonl").write_text(log or nshex_log_text(), encoding="utf-8")
            yield Path(folder)
        finally:
            os.chdir(before)


def check(result: Result, args: Sequence[str]) -> None:
    """Exit 0, 1 or 2; a failure says why with a code or Click's usage message."""
    shown = f"{list(args)!r} ->\n{result.output}"
    assert result.exit_code in (0, 1, 2), shown
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        shown,
        result.exception,
    )
    assert "Traceback" not in result.output, shown
    assert "HF002" not in result.output, shown
    assert "\x1b" not in result.output and "\x9b" not in result.output, shown
    if result.exit_code != 0:
        assert CODED.search(result.output) or USAGE.search(result.output), shown


def invoke(args: Sequence[str]) -> Result:
    return CliRunner().invoke(CLI, list(args))


FAST = settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow], database=None
)
SLOW = settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow], database=None
)


@FAST
@given(COMMANDS)
@example(["play", "-q", "--game", "nshex", "--log", "/dev/full"])  # the cases
@example(["play", "-q", "--game", "nshex", "--log", "/nonexistent/x"])
@example(["play", "-q", "--game", "nshex", "--set", "armies=smart"])
@example(["replay", "game.jsonl", "--game", "chess"])
@example(["render", "map", "nshex", "--out", "/dev/full"])
@example(["play", "--game", "[/x]\x1b[31m"])
def test_fuzzed_command_lines_end_with_a_coded_exit(args: list[str]) -> None:
    with fresh_folder():
        check(invoke(args), args)


@pytest.mark.slow
@SLOW
@given(COMMANDS)
def test_many_fuzzed_command_lines_end_with_a_coded_exit(args: list[str]) -> None:
    with fresh_folder():
        check(invoke(args), args)


def _log_lines() -> list[str]:
    return nshex_log_text().splitlines()


PIECES = [
    b"\xff",
    b"\xc3",
    b"[" * 2000,
    b"{" * 50 + b"}" * 50,
    b"9" * 5000,
    b"-" + b"9" * 200,
    b"\x00",
    b"\x1b[31m",
    b'"',
    b"\n",
    b"\r",
    b"}",
    b"NaN",
    b"1e999",
    b'{"type":"start"}',
    b'{"type":"decision","answer":[]}',
    b"\xe2\x80\xa8",  # U+2028, a line separator to str.splitlines
]


@st.composite
def mutated_logs(draw: st.DrawFn) -> bytes:
    """The log of an nshex game with a few lines cut, swapped or spliced with bytes."""
    lines = [line.encode() for line in _log_lines()]
    lines = lines[: draw(st.integers(1, len(lines)))]
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, len(lines) - 1))
        line = lines[at]
        offset = draw(st.integers(0, len(line)))
        piece = draw(st.one_of(st.sampled_from(PIECES), st.binary(max_size=8)))
        kind = draw(st.sampled_from(["insert", "replace", "drop"]))
        if kind == "insert":
            lines[at] = line[:offset] + piece + line[offset:]
        elif kind == "replace":
            lines[at] = piece
        else:
            del lines[at : at + 1]
            if not lines:
                lines = [piece]
    return b"\n".join(lines) + b"\n"


@FAST
@given(mutated_logs())
@example(b"\xff\n")
@example(b"[" * 100_000 + b"]" * 100_000 + b"\n")
@example(b'{"type":"start","seed":' + b"9" * 5000 + b"}\n")
@example(b"\n" + nshex_log_text().encode())
def test_fuzzed_replay_logs_end_with_a_coded_exit(data: bytes) -> None:
    with fresh_folder() as folder:
        (folder / "game.jsonl").write_bytes(data)
        args = ["replay", "game.jsonl", "-q"]
        check(invoke(args), args)


@pytest.mark.slow
@SLOW
@given(mutated_logs(), st.booleans())
def test_many_fuzzed_replay_logs_end_with_a_coded_exit(data: bytes, render: bool) -> None:
    with fresh_folder() as folder:
        (folder / "game.jsonl").write_bytes(data)
        args = ["render", "replay", "game.jsonl", "--out", "page.html"] if render else []
        args = args or ["replay", "game.jsonl", "-q"]
        result = invoke(args)
        check(result, args)
        if render and result.exit_code != 0:
            assert not (folder / "page.html").exists()
