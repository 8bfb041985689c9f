"""Issue 20, item 4: user text reaches the terminal only through one safe path.

Card names, kinds, paths and error messages are shown, never obeyed: an escape sequence is
written out as ``\\x1b``, ``[/nope]`` is text and not rich markup, ``:x:`` is not an emoji
code. Every check runs the real command (Click's runner: no terminal, so any ESC in the
output came from the user's text).
"""

from __future__ import annotations

import io
from pathlib import Path

import click
import pytest
from click.testing import CliRunner, Result
from rich.console import Console

from hexforge.core.cli.main import make_cli
from hexforge.core.errors import Diagnostic, Span
from hexforge.core.report import json_safe, make_console, printable, render_text, say
from hexforge.plugins.markers import hookimpl

PACK = """\
id: {id}
name: {{en: "Injected"}}
version: 0.1.0
game: motu
languages: [en]
requires:
  motu: "*"
"""
WEAPON = """\
- id: {id}/sword
  kind: weapon
  name: {{en: "Evil \\e[31mRED\\e[0m \\e]0;pwned\\a [/nope] [bold]x :cross_mark: root:x:0:0"}}
  text: {{en: "x"}}
  provenance: invented
  type: melee
  cost: 3
  attack: |
    test strength against toughness of target:
        1+: deal 1 wound to target
"""
BAD_KINDS = """\
- id: {id}/one
  kind: "weapon\\e[2J\\e]0;pwned\\a"
  name: {{en: "x"}}
  text: {{en: "x"}}
  provenance: invented
- id: {id}/two
  kind: "root:x:0:0 [/nope]"
  name: {{en: "x"}}
  text: {{en: "x"}}
  provenance: invented
"""


def write_pack(root: Path, pack_id: str, cards: str) -> Path:
    folder = root / pack_id
    (folder / "cards").mkdir(parents=True)
    (folder / "pack.yaml").write_text(PACK.format(id=pack_id), encoding="utf-8")
    (folder / "cards" / "cards.yaml").write_text(cards.format(id=pack_id), encoding="utf-8")
    return folder


def run(*args: str, extra: list[tuple[str, object]] | None = None) -> Result:
    return CliRunner().invoke(make_cli(extra or []), list(args))


def test_item4_cards_table_shows_a_name_with_escapes_and_markup_as_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before: ``[/nope]`` in a card name was read as markup (a raw MarkupError traceback)
    and the ESC sequences reached the terminal."""
    monkeypatch.setenv("COLUMNS", "300")
    pack = write_pack(tmp_path, "inj", WEAPON)
    result = run("--pack", str(pack), "cards", "--game", "motu", "--kind", "weapon")
    assert result.exit_code == 0, result.output
    assert result.exception is None
    assert "\x1b" not in result.output and "\x07" not in result.output
    row = next(line for line in result.output.splitlines() if "inj/sword" in line)
    assert "Evil \\x1b[31mRED\\x1b[0m \\x1b]0;pwned\\x07 [/nope] [bold]x" in row
    assert ":cross_mark: root:x:0:0" in row and "❌" not in row


def test_item4_validate_messages_escape_control_characters_and_keep_emoji_codes(
    tmp_path: Path,
) -> None:
    """Before: the ESC of a card kind reached the terminal in the HF207 message, and the
    source line ``kind: "root:x:0:0"`` was shown as ``root❌0:0``."""
    pack = write_pack(tmp_path, "inj", BAD_KINDS)
    result = run("validate", str(pack))
    assert result.exit_code == 1, result.output
    assert "\x1b" not in result.output and "\x07" not in result.output
    assert "HF207: 'weapon\\x1b[2J\\x1b]0;pwned\\x07' is not a card kind" in result.output
    assert "'root:x:0:0 [/nope]' is not a card kind" in result.output
    assert '  kind: "root:x:0:0 [/nope]"' in result.output
    assert "❌" not in result.output


class _Crash:
    """A plugin command that fails with an error message holding markup and escapes."""

    @hookimpl
    def hexforge_cli_commands(self) -> list[click.Command]:
        @click.command("crash")
        def crash() -> None:
            raise OSError("cannot open '/tmp/[/x]/\x1b[31mred' :x:")

        return [crash]


def test_item4_internal_error_message_with_markup_is_printed_not_parsed() -> None:
    """Before: a message with ``[/x]`` (a ``--log`` path) made the internal-error handler
    itself die with a MarkupError traceback."""
    result = run("crash", extra=[("crash", _Crash())])
    assert result.exit_code == 3
    assert "Traceback" not in result.output
    assert "internal error HF002: OSError: cannot open '/tmp/[/x]/\\x1b[31mred' :x:" in (
        result.output
    )
    assert "\x1b" not in result.output


def test_item4_a_path_with_markup_in_a_usage_error_is_shown_as_typed(tmp_path: Path) -> None:
    result = run("play", "--log", str(tmp_path / "[/x]" / "game.jsonl"), "-q")
    assert result.exit_code == 2
    assert "[/x]" in result.output and "Traceback" not in result.output


def test_item4_a_usage_error_quoting_an_escape_shows_it_escaped() -> None:
    result = run("play", "--game", "\x1b[2Jchess")
    assert result.exit_code == 2
    assert "\x1b" not in result.output
    assert "no playable game '\\x1b[2Jchess'" in result.output


def test_item4_printable_escapes_every_control_but_tab_and_newline() -> None:
    assert printable("a\x1bb\x9bc\u202ed\x00\r") == "a\\x1bb\\x9bc\\u202ed\\x00\\x0d"
    assert printable("tab\tand\nline") == "tab\tand\nline"
    assert printable("tab\tand\nline", one_line=True) == "tab\\x09and\\x0aline"
    assert printable("Pięści ⚔") == "Pięści ⚔"


def test_item4_say_prints_markup_and_emoji_codes_literally_even_on_a_default_console() -> None:
    buffer = io.StringIO()
    say(Console(file=buffer, width=200), "[bold]x[/bold] [/nope] :x: \x1b[31m", ("ok", "red"))
    assert buffer.getvalue() == "[bold]x[/bold] [/nope] :x: \\x1b[31mok\n"
    console = make_console()  # hexforge's consoles have emoji codes off, even for markup
    with console.capture() as captured:
        console.print("root:x:0:0")
    assert captured.get() == "root:x:0:0\n"


def test_item4_diagnostic_caret_stays_under_the_text_after_an_escaped_character() -> None:
    line = 'name: "\x1b[1m" kind: bad'
    column = line.index("bad") + 1
    diagnostic = Diagnostic("HF207", "bad kind", Span.point("f.yaml", 3, column, 3), line)
    buffer = io.StringIO()
    render_text([diagnostic], Console(file=buffer, width=200))
    shown, caret = buffer.getvalue().splitlines()[1:3]
    assert "\x1b" not in shown
    assert shown.index("bad") == caret.index("^^^")


def test_item4_json_output_escapes_the_controls_json_dumps_leaves_raw() -> None:
    assert json_safe('{"a": "x\x9by\u202e"}') == '{"a": "x\\u009by\\u202e"}'


def test_item_4_the_terminal_human_escapes_what_it_writes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The human agent prints option texts (card names come from packs) escaped too."""
    from hexforge.core.agents.human import _write

    _write("play \x1b]0;owned\x07 card")
    assert "\x1b" not in capsys.readouterr().out
