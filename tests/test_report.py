"""Diagnostic rendering for terminals and JSON (issue 2, error model)."""

from __future__ import annotations

import io
import json

from rich.console import Console

from hexforge.core.errors import Diagnostic, HexforgeError, Severity, Span
from hexforge.core.report import caret_line, render_json, render_text

DIAG = Diagnostic(
    "HF001",
    "unknown verb 'gian'",
    Span("cards/he-man.yaml", 12, 20, 12, 24),
    "  upon activation: gian 1 mana",
    "did you mean 'gain'?",
)


def test_caret_marks_the_offending_text() -> None:
    caret = caret_line(DIAG)
    assert caret == " " * 19 + "^^^^"
    assert DIAG.source_line is not None
    assert DIAG.source_line[19:23] == "gian"


def test_text_has_location_code_snippet_and_hint_without_colour_off_tty() -> None:
    buffer = io.StringIO()
    render_text([DIAG], Console(file=buffer, width=200))
    text = buffer.getvalue()
    assert "cards/he-man.yaml:12:20: error HF001: unknown verb 'gian'" in text
    assert "   12 |   upon activation: gian 1 mana" in text
    assert "\x1b[" not in text
    assert "hint: did you mean 'gain'?" in text


def test_text_uses_colour_on_a_terminal() -> None:
    buffer = io.StringIO()
    render_text([DIAG], Console(file=buffer, force_terminal=True, width=200))
    assert "\x1b[" in buffer.getvalue()


def test_json_shape() -> None:
    warning = Diagnostic("HF002", "careful", severity=Severity.WARNING)
    data = json.loads(render_json([DIAG, warning]))
    assert data["errors"] == 1 and data["warnings"] == 1
    first = data["diagnostics"][0]
    assert (first["file"], first["line"], first["column"]) == ("cards/he-man.yaml", 12, 20)
    assert first["hint"] == "did you mean 'gain'?"
    assert data["diagnostics"][1]["line"] is None


def test_error_message_names_location_and_code() -> None:
    error = HexforgeError(DIAG)
    assert str(error) == "cards/he-man.yaml:12:20: HF001 unknown verb 'gian'"
    assert error.code == "HF001"
