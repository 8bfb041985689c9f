"""Renderers for diagnostics: terminal (rich, colour only on a TTY), JSON, GitHub, SARIF.

``github`` prints workflow commands (``::error file=...,line=...::message``) that GitHub
Actions turns into annotations on the pull request; ``sarif`` is SARIF 2.1.0 for code
scanning tools. Both are documented in docs/errors.md.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from rich.console import Console
from rich.markup import escape

from hexforge.core.errors import Diagnostic, Severity

_STYLE = {Severity.ERROR: "bold red", Severity.WARNING: "bold yellow"}


def caret_line(diagnostic: Diagnostic) -> str | None:
    """The ``^^^`` marker under the offending text, or None when there is no span."""
    span, text = diagnostic.span, diagnostic.source_line
    if span is None or text is None:
        return None
    start = max(span.column - 1, 0)
    end = span.end_column - 1 if span.end_line == span.line else len(text)
    width = max(min(end, len(text)) - start, 1)
    return " " * start + "^" * width


def render_text(diagnostics: Iterable[Diagnostic], console: Console) -> None:
    """Print each diagnostic as ``file:line:col: severity CODE message`` with snippet and hint."""
    for diagnostic in diagnostics:
        where = f"{diagnostic.span.location()}: " if diagnostic.span else ""
        style = _STYLE[diagnostic.severity]
        console.print(
            f"{escape(where)}[{style}]{diagnostic.severity.value} {diagnostic.code}[/{style}]: "
            f"{escape(diagnostic.message)}",
            highlight=False,
            soft_wrap=True,
        )
        caret = caret_line(diagnostic)
        if caret is not None and diagnostic.span is not None and diagnostic.source_line:
            gutter = f"{diagnostic.span.line:>5} | "
            console.print(gutter + escape(diagnostic.source_line), highlight=False, soft_wrap=True)
            console.print(
                " " * (len(gutter) - 2) + "| " + f"[{style}]{caret}[/{style}]",
                highlight=False,
                soft_wrap=True,
            )
        if diagnostic.hint:
            console.print(
                f"  [cyan]hint[/cyan]: {escape(diagnostic.hint)}", highlight=False, soft_wrap=True
            )


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


def render_json(diagnostics: Sequence[Diagnostic]) -> str:
    """All diagnostics as one JSON document with a summary."""
    errors = sum(d.severity is Severity.ERROR for d in diagnostics)
    return json.dumps(
        {
            "diagnostics": [diagnostic_dict(d) for d in diagnostics],
            "errors": errors,
            "warnings": len(diagnostics) - errors,
        },
        indent=2,
        ensure_ascii=False,
    )


def _github_data(text: str) -> str:
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
) -> str:
    """A SARIF 2.1.0 log with one run; ``rules`` maps codes to titles (the catalogue)."""
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
                            {
                                "id": code,
                                "shortDescription": {"text": rules.get(code, code)},
                                "helpUri": f"{information_uri}/blob/main/docs/errors.md",
                            }
                            for code in used
                        ],
                    }
                },
                "results": results,
            }
        ],
    }
    return json.dumps(log, indent=2, ensure_ascii=False)
