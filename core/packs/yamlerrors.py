"""The codes of YAML loading and what an author reads when a file cannot be parsed.

Kept apart from :mod:`hexforge.core.packs.yamlio` (which builds the document): these are
the messages - the line shown, the caret's column, a hint in the author's words - for the
problems ruamel.yaml raises or the size and encoding checks find before it runs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hexforge.core.codes import define
from hexforge.core.errors import Diagnostic, Span

if TYPE_CHECKING:  # ruamel is imported only when a file needs it (yamlio)
    from ruamel.yaml.error import MarkedYAMLError
    from ruamel.yaml.reader import ReaderError

INVALID_UTF8 = define("HF101", "file is not valid UTF-8")
FILE_TOO_LARGE = define("HF102", "file is larger than the size limit")
SYNTAX_ERROR = define("HF103", "YAML syntax error")
TAB_INDENT = define("HF104", "tab character where YAML allows only spaces")
TAG_NOT_ALLOWED = define("HF105", "YAML tags are not allowed")
ANCHOR_NOT_ALLOWED = define("HF106", "YAML anchors and aliases are not allowed")
DUPLICATE_KEY = define("HF107", "duplicate key in a mapping")
MULTIPLE_DOCUMENTS = define("HF108", "more than one YAML document in a file")
NON_PRINTABLE = define("HF109", "non-printable character")
KEY_NOT_TEXT = define("HF110", "mapping key is not plain text")
TOO_DEEP = define("HF111", "nesting deeper than the limit")
NOT_A_FILE = define("HF112", "not a regular file")
INT_OUT_OF_RANGE = define("HF113", "integer outside the range hexforge files hold")


def abridged(text: str) -> str:
    """A number as a message shows it: a long one by its first digits and its length."""
    return text if len(text) <= 24 else f"{text[:12]}... ({len(text):,} characters)"


def too_large(name: str | None, size: int, limit: int) -> Diagnostic:
    return Diagnostic(
        FILE_TOO_LARGE,
        f"file is {size:,} bytes; the limit is {limit:,}",
        Span.point(name, 1, 1),
        None,
        "split the content into several files",
    )


def bad_utf8(raw: bytes, exc: UnicodeDecodeError, name: str | None) -> Diagnostic:
    before = raw[: exc.start]
    line = before.count(b"\n") + 1
    line_start = before.rfind(b"\n") + 1
    line_end = raw.find(b"\n", exc.start)
    line_bytes = raw[line_start : line_end if line_end >= 0 else len(raw)]
    column = len(before[line_start:].decode("utf-8")) + 1
    shown = line_bytes.decode("utf-8", errors="replace").rstrip("\r")
    utf16 = raw.startswith((b"\xff\xfe", b"\xfe\xff"))
    return Diagnostic(
        INVALID_UTF8,
        f"byte 0x{raw[exc.start]:02x} at offset {exc.start} is not valid UTF-8",
        Span.point(name, line, column),
        shown,
        "the file looks like UTF-16; save it as UTF-8"
        if utf16
        else "save the file as UTF-8 (most editors have an 'encoding' menu)",
    )


def _position(text: str, index: int) -> tuple[int, int]:
    """1-based line and column of character ``index`` in ``text``."""
    line = text.count("\n", 0, index) + 1
    column = index - (text.rfind("\n", 0, index) + 1) + 1
    return line, column


def _line_of(text: str, line: int) -> str:
    lines = text.splitlines()
    return lines[line - 1] if 0 < line <= len(lines) else ""


def non_printable(text: str, exc: ReaderError, name: str | None) -> Diagnostic:
    line, column = _position(text, exc.position)
    character = exc.character if isinstance(exc.character, str) else chr(exc.character)
    return Diagnostic(
        NON_PRINTABLE,
        f"non-printable character U+{ord(character):04X} is not allowed",
        Span.point(name, line, column),
        _line_of(text, line).replace(character, " "),
        "delete it; it is often left by a copy from a PDF or a word processor",
    )


def syntax_error(text: str, exc: MarkedYAMLError, name: str | None) -> Diagnostic:
    mark = exc.problem_mark or exc.context_mark
    line, column = (mark.line + 1, mark.column + 1) if mark is not None else (1, 1)
    source = _line_of(text, line)
    problem = exc.problem or exc.context or "the file is not valid YAML"
    tab_at = _tab_column(source, column)
    if tab_at is not None:
        return Diagnostic(
            TAB_INDENT,
            "tab character in indentation; YAML indents with spaces only",
            Span.point(name, line, tab_at),
            source,
            "replace the tab with spaces (set your editor to insert spaces for YAML)",
        )
    hint = None
    if exc.context and exc.context_mark is not None and exc.context_mark is not mark:
        hint = f"{exc.context} at line {exc.context_mark.line + 1}"
    return Diagnostic(
        SYNTAX_ERROR,
        _author_message(problem),
        Span.point(name, line, column),
        source,
        hint or _syntax_hint(problem),
    )


def unsupported_version(text: str, name: str | None) -> Diagnostic:
    """HF103 for a ``%YAML`` directive of a version YAML readers do not know (ruamel
    asserts it rather than raising a marked error)."""
    lines = text.splitlines()
    line = next((n for n, t in enumerate(lines, 1) if t.startswith("%YAML")), 1)
    return Diagnostic(
        SYNTAX_ERROR,
        "unsupported YAML version in the %YAML directive",
        Span.point(name, line, 1, len("%YAML")),
        _line_of(text, line),
        "write '%YAML 1.2', or remove the line",
    )


def _tab_column(source: str, column: int) -> int | None:
    """The column of a tab that caused the error: at the error, or in the indentation."""
    if 0 < column <= len(source) and source[column - 1] == "\t":
        return column
    indent = len(source) - len(source.lstrip(" \t"))
    tab = source.find("\t", 0, indent)
    return tab + 1 if tab >= 0 else None


def _author_message(problem: str) -> str:
    return problem.replace("\n", " ").strip()


_HINTS = (
    ("mapping values are not allowed", "quote the value if it contains ': ' (a colon and space)"),
    ("could not find expected ':'", "a key needs a colon after it, e.g. 'name: value'"),
    ("expected <block end>", "check the indentation of this line against the lines above"),
    ("found unexpected end of stream", "a quote or bracket is not closed"),
    ("found undefined alias", "anchors and aliases are not allowed; write the value out"),
)


def _syntax_hint(problem: str) -> str:
    for needle, hint in _HINTS:
        if needle in problem:
            return hint
    return "check the indentation and quoting around this position"
