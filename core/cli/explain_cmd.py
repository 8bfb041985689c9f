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
from hexforge.core.codes import catalogue as code_catalogue
from hexforge.core.errors import Diagnostic, ExitCode, HexforgeError
from hexforge.core.report import say
from hexforge.plugins.manager import PluginHost
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


def plugin_explanations(host: PluginHost) -> dict[str, tuple[str, Explanation]]:
    """The codes the plugins of ``host`` declare (hook ``hexforge_diagnostic_codes``), each
    with the plugin that declared it and its explanation."""
    return {
        code: (plugin, Explanation(code, doc.meaning, doc.action))
        for code, (plugin, doc) in plugin_codes(host).items()
    }


def sarif_help(host: PluginHost) -> tuple[dict[str, str], dict[str, str]]:
    """Every code's title and help text for SARIF: hexforge's from the catalogue and
    docs/errors.md, the plugins' from their declarations, naming the plugin."""
    titles = dict(code_catalogue())
    texts = {code: found.text() for code, found in explanations().items()}
    for code, (plugin, found) in plugin_explanations(host).items():
        titles[code] = found.meaning
        texts[code] = f"{found.text()}\ndeclared by the plugin {plugin!r}"
    return titles, texts


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
    declared = plugin_explanations(state.plugins)
    if wanted not in declared:
        raise HexforgeError(_unknown(code, declared), exit_code=ExitCode.USAGE)
    plugin, found = declared[wanted]
    say(state.out, found.text(), soft_wrap=True)
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
