"""``hexforge explain CODE``: what a diagnostic code means and what to do, offline.

The text is docs/errors.md itself, shipped in the package (``errors.md`` here is a link
the build copies as a file), so the command, the docs and SARIF's rule help never differ.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from importlib.resources import files

import click

from hexforge.core.cli.state import get_state
from hexforge.core.codes import UNKNOWN_CODE
from hexforge.core.errors import Diagnostic, ExitCode, HexforgeError
from hexforge.core.report import say
from hexforge.plugins.plugin_codes import plugin_codes

DOCS_URL = "https://github.com/hexforge/hexforge/blob/main/docs"
_ROW = re.compile(r'^\| (?:<a id="hf\d{3}"></a>)?(HF\d{3}) \| (.*) \| (.*) \|$', re.MULTILINE)
_LINK = re.compile(r"\[([^\]]+)\]\(([^)#]*)(#[^)]*)?\)")


@dataclass(frozen=True, slots=True)
class Explanation:
    """One row of docs/errors.md: the code, what it means, what to do."""

    code: str
    meaning: str
    action: str

    @property
    def url(self) -> str:
        """The code's row on the errors page (each row has an anchor of the code)."""
        return f"{DOCS_URL}/errors.md#{self.code.lower()}"

    def text(self) -> str:
        """For a terminal or SARIF's plain help: links written as their target's path."""
        return f"{self.code}: {_plain(self.meaning)}\nwhat to do: {_plain(self.action)}"


@cache
def explanations() -> dict[str, Explanation]:
    """Every documented code, read from the shipped copy of docs/errors.md."""
    page = files("hexforge.core.cli").joinpath("errors.md").read_text(encoding="utf-8")
    return {m[1]: Explanation(m[1], m[2].strip(), m[3].strip()) for m in _ROW.finditer(page)}


def _plain(markdown: str) -> str:
    return _LINK.sub(_path, markdown)


def _path(link: re.Match[str]) -> str:
    """``[cli.md](cli.md#x)`` as ``docs/cli.md#x``; other link texts keep their words."""
    text, page, anchor = link[1], link[2] or "errors.md", link[3] or ""
    target = f"docs/{page}{anchor}"
    return target if text == page else f"{text} ({target})"


@click.command("explain")
@click.argument("code")
def explain_command(code: str) -> None:
    """Explain the diagnostic CODE (HF311, hf311 or 311): what it means and what to do."""
    wanted = code.strip().upper()
    wanted = f"HF{wanted}" if wanted.isdigit() else wanted
    state = get_state()
    found = explanations().get(wanted)
    if found is not None:
        say(state.out, found.text(), soft_wrap=True)
        say(state.out, f"more: {found.url}", soft_wrap=True)
        return
    declared = plugin_codes(state.plugins)
    if wanted not in declared:
        raise HexforgeError(_unknown(code, declared), exit_code=ExitCode.USAGE)
    plugin, doc = declared[wanted]
    say(state.out, Explanation(doc.code, doc.meaning, doc.action).text(), soft_wrap=True)
    say(state.out, f"declared by the plugin {plugin!r}", soft_wrap=True)


def _unknown(code: str, declared: Iterable[str]) -> Diagnostic:
    known = [*explanations(), *declared]
    near = difflib.get_close_matches(code.strip().upper(), known, n=3)
    hint = (
        f"did you mean {', '.join(near)}?"
        if near
        else "codes look like HF311; 'hexforge validate' prints them, docs/errors.md lists them"
    )
    return Diagnostic(
        UNKNOWN_CODE, f"'{code}' is not a diagnostic code of hexforge or its plugins", hint=hint
    )
