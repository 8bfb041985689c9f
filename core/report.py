"""Renderers for diagnostics: terminal (rich, colour only on a TTY), JSON, GitHub, SARIF,
and the one safe path by which user text reaches a terminal.

``github`` prints workflow commands (``::error file=...,line=...::message``) that GitHub
Actions turns into annotations on the pull request; ``sarif`` is SARIF 2.1.0 for code
scanning tools. Both are documented in docs/errors.md.

Card names, ids, file names, paths and messages quoting them are user text: a terminal
must show them, not obey them. :func:`printable` writes control characters (``ESC``, the
C1 controls, bidirectional overrides) as visible escapes; :func:`say` prints text through
rich as plain :class:`~rich.text.Text`, so ``[/nope]`` is never read as markup nor
``:x:`` as an emoji code; :func:`make_console` builds consoles with emoji codes off and
:func:`json_safe` keeps such characters out of JSON output too (docs/cli.md, "Output").
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from rich.console import Console
from rich.text import Text

from hexforge.core.errors import Diagnostic, Severity

_STYLE = {Severity.ERROR: "bold red", Severity.WARNING: "bold yellow"}

_CONTROL = (
    "\x00-\x08\x0b-\x1f\x7f-\x9f"  # C0 but tab and newline, DEL, C1 (0x9b is a CSI)
    "\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"  # bidirectional marks and overrides
    "\u2028\u2029\ufeff"  # line and paragraph separators, the byte order mark
)
_UNSAFE = re.compile(f"[{_CONTROL}]")
_UNSAFE_LINE = re.compile(f"[{_CONTROL}\t\n]")
Part = str | tuple[str, str]
"""What :func:`say` prints: user text, or ``(text, style)`` for a styled piece."""


def _escaped(match: re.Match[str]) -> str:
    code = ord(match[0])
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: object, *, one_line: bool = False) -> str:
    """``text`` with every control character written as a visible escape (``\\x1b``,
    ``\\u202e``), so printing it cannot move the cursor, recolour or retitle the terminal,
    or reorder what follows. Tabs and newlines stay, unless ``one_line`` (paths, names)."""
    return (_UNSAFE_LINE if one_line else _UNSAFE).sub(_escaped, str(text))


def safe_text(*parts: Part) -> Text:
    """The parts as one rich :class:`~rich.text.Text`: made :func:`printable`, never read as
    markup or emoji codes; a ``(text, style)`` part is shown in that style."""
    text = Text()
    for part in parts:
        if isinstance(part, tuple):
            text.append(printable(part[0]), style=part[1])
        else:
            text.append(printable(part))
    return text


def say(console: Console, *parts: Part, soft_wrap: bool = False) -> None:
    """Print user text on ``console``: the one way hexforge's commands write text that
    holds names, paths or messages (see :func:`safe_text`)."""
    console.print(safe_text(*parts), soft_wrap=soft_wrap)


def make_console(*, stderr: bool = False) -> Console:
    """A console for hexforge's output: emoji codes off (``root:x:0:0`` stays as written)."""
    return Console(stderr=stderr, emoji=False)


_JSON_UNSAFE = re.compile(
    "[\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029\ufeff]"
)


def json_safe(text: str) -> str:
    """JSON text with the control characters ``json.dumps`` leaves raw (DEL, C1, the
    bidirectional overrides) written as ``\\uXXXX`` escapes: the same values, and nothing a
    terminal would obey. Those characters only occur inside JSON strings."""
    return _JSON_UNSAFE.sub(lambda m: f"\\u{ord(m[0]):04x}", text)


def caret_line(diagnostic: Diagnostic) -> str | None:
    """The ``^^^`` marker under the offending text, or None when there is no span."""
    span, text = diagnostic.span, diagnostic.source_line
    if span is None or text is None:
        return None
    start = max(span.column - 1, 0)
    end = span.end_column - 1 if span.end_line == span.line else len(text)
    width = max(min(end, len(text)) - start, 1)
    return " " * start + "^" * width


def _shown_caret(diagnostic: Diagnostic) -> str | None:
    """:func:`caret_line` for the line as :func:`printable` shows it (an escaped control
    character before the offending text is wider than one column)."""
    caret, text = caret_line(diagnostic), diagnostic.source_line
    if caret is None or text is None:
        return None
    start = len(caret) - len(caret.lstrip(" "))
    end = len(caret)
    before = len(printable(text[:start]))
    width = len(printable(text[start:end]))
    return " " * before + "^" * max(width, 1)


def render_text(diagnostics: Iterable[Diagnostic], console: Console) -> None:
    """Print each diagnostic as ``file:line:col: severity CODE message`` with snippet and
    hint, every piece of it through :func:`say` (no markup, emoji or control characters)."""
    for diagnostic in diagnostics:
        where = f"{diagnostic.span.location()}: " if diagnostic.span else ""
        style = _STYLE[diagnostic.severity]
        heading = f"{diagnostic.severity.value} {diagnostic.code}"
        say(console, where, (heading, style), ": ", diagnostic.message, soft_wrap=True)
        caret = _shown_caret(diagnostic)
        if caret is not None and diagnostic.span is not None and diagnostic.source_line:
            gutter = f"{diagnostic.span.line:>5} | "
            say(console, gutter, diagnostic.source_line, soft_wrap=True)
            say(console, " " * (len(gutter) - 2) + "| ", (caret, style), soft_wrap=True)
        if diagnostic.hint:
            say(console, "  ", ("hint", "cyan"), ": ", diagnostic.hint, soft_wrap=True)


def diagnostic_dict(diagnostic: Diagnostic) -> dict[str, Any]:
    """The JSON shape of one diagnostic (documented in docs/errors.md)."""
    span = diagnostic.span
    return {
        "code": diagnostic.code,
        "severity": diagnostic.severity.value,
        "message": diagnostic.message,
        "file": span.file if span else None,
        "line": span.line if span else None,
        "column": span.column if span else None,
        "end_line": span.end_line if span else None,
        "end_column": span.end_column if span else None,
        "source": diagnostic.source_line,
        "hint": diagnostic.hint,
    }


def render_json(
    diagnostics: Sequence[Diagnostic],
    *,
    tool_version: str | None = None,
    counts: Mapping[str, int] | None = None,
) -> str:
    """All diagnostics as one JSON document with a summary: the counts of errors and
    warnings, plus (when given) the tool's version and what was checked (``counts``), so
    a stored report says which hexforge wrote it and over how much."""
    errors = sum(d.severity is Severity.ERROR for d in diagnostics)
    document: dict[str, Any] = {}
    if tool_version is not None:
        document["tool"] = {"name": "hexforge", "version": tool_version}
    document["diagnostics"] = [diagnostic_dict(d) for d in diagnostics]
    document["errors"] = errors
    document["warnings"] = len(diagnostics) - errors
    document.update(counts or {})
    return json_safe(json.dumps(document, indent=2, ensure_ascii=False))


def _github_data(text: str) -> str:
    text = printable(text)
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _github_property(text: str) -> str:
    return _github_data(text).replace(":", "%3A").replace(",", "%2C")


def render_github(diagnostics: Iterable[Diagnostic]) -> str:
    """One GitHub Actions workflow command per diagnostic (an annotation on the file)."""
    lines = []
    for d in diagnostics:
        properties = []
        span = d.span
        if span is not None and span.file:
            properties.append(f"file={_github_property(span.file)}")
            properties.append(f"line={span.line}")
            properties.append(f"col={span.column}")
            if span.end_line != span.line:
                properties.append(f"endLine={span.end_line}")
            else:
                properties.append(f"endColumn={span.end_column}")
        properties.append(f"title={_github_property(d.code)}")
        message = d.message + (f"\nhint: {d.hint}" if d.hint else "")
        lines.append(f"::{d.severity.value} {','.join(properties)}::{_github_data(message)}")
    return "\n".join(lines)


SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"


def render_sarif(
    diagnostics: Sequence[Diagnostic],
    *,
    tool_version: str,
    rules: Mapping[str, str],
    information_uri: str = "https://github.com/hexforge/hexforge",
    help_texts: Mapping[str, str] | None = None,
) -> str:
    """A SARIF 2.1.0 log with one run; ``rules`` maps codes to titles (the catalogue),
    ``help_texts`` codes to their explanation (``hexforge explain``). Each hexforge
    code's ``helpUri`` is its own row of docs/errors.md; a plugin's code (its own letters)
    has none there, only its help text."""
    used = sorted({d.code for d in diagnostics})
    rule_index = {code: i for i, code in enumerate(used)}
    results = []
    for d in diagnostics:
        result: dict[str, Any] = {
            "ruleId": d.code,
            "ruleIndex": rule_index[d.code],
            "level": d.severity.value,
            "message": {"text": d.message + (f" (hint: {d.hint})" if d.hint else "")},
        }
        span = d.span
        if span is not None and span.file:
            region: dict[str, Any] = {
                "startLine": span.line,
                "startColumn": span.column,
                "endLine": span.end_line,
                "endColumn": span.end_column,
            }
            if d.source_line is not None:
                region["snippet"] = {"text": d.source_line}
            result["locations"] = [
                {
                    "physicalLocation": {
                        "artifactLocation": {"uri": span.file.replace("\\", "/")},
                        "region": region,
                    }
                }
            ]
        results.append(result)
    log = {
        "$schema": SARIF_SCHEMA,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "hexforge",
                        "version": tool_version,
                        "informationUri": information_uri,
                        "rules": [
                            _sarif_rule(code, rules, information_uri, help_texts or {})
                            for code in used
                        ],
                    }
                },
                "results": results,
            }
        ],
    }
    return json_safe(json.dumps(log, indent=2, ensure_ascii=False))


def _sarif_rule(
    code: str, rules: Mapping[str, str], information_uri: str, help_texts: Mapping[str, str]
) -> dict[str, Any]:
    rule: dict[str, Any] = {"id": code, "shortDescription": {"text": rules.get(code, code)}}
    if code.startswith("HF"):
        rule["helpUri"] = f"{information_uri}/blob/main/docs/errors.md#{code.lower()}"
    if code in help_texts:
        rule["help"] = {"text": help_texts[code]}
    return rule
