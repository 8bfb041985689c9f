"""Safe YAML loading with the exact position of every key, item and value.

Every YAML file hexforge reads (cards, pack manifests, game declarations, maps,
scenarios) goes through this module, so they all share the same safety rules and the same
error codes. Typical use::

    from hexforge.core.packs.yamlio import read_yaml

    doc = read_yaml(path)  # raises HexforgeError with every problem found
    hexes = doc.data["hexes"]  # plain dict / list / str / int / float / bool / None
    span = doc.span(("hexes", 3, "terrain"))  # where that value is written
    raise HexforgeError(doc.diagnostic(CODE, "unknown terrain", ("hexes", 3, "terrain")))

or :func:`load_file` / :func:`load_bytes` for a :class:`LoadResult` that never raises.

Why not ``YAML().load``: the document is built here from parser events, so
nothing the author wrote is ever expanded or executed. The events carry the start and end
mark of every node, which is all the position information the round-trip loader keeps
(``.lc``) and more; the round-trip *scanner* would also collect comments, which nothing
here needs and which costs a third of the parsing time (and it marks folds in ``>``
scalars with BEL characters). The events come from libyaml when PyYAML's C extension is
installed (a plain card file reads about 25 times faster) and from ruamel.yaml's pure
parser otherwise, or whenever libyaml would read a file differently (:func:`load_text`):
the documents and diagnostics are the same either way. The data is plain JSON
types (what pydantic and JSON Schema expect), and positions live in a side table keyed by
path (``("weapons", 0, "range")``) with start *and* end of each key and value, for carets.

Rejected, each with its own code and position: invalid UTF-8 (HF101), files over a size
limit (HF102, checked before reading), syntax errors (HF103), tabs in indentation
(HF104), tags such as ``!!python/object`` (HF105), anchors and aliases (HF106; refused as
events, before any expansion, so an alias bomb costs nothing), duplicate keys (HF107),
more than one document (HF108), non-printable characters (HF109), keys that are not plain
text (HF110), nesting deeper than :data:`MAX_DEPTH` (HF111), paths that are not regular
files - a FIFO, a device, a folder - refused before they are opened for reading (HF112), and
integers outside :data:`MIN_INT`..:data:`MAX_INT` (HF113; their digits are counted before
any conversion, so a number of a million digits costs nothing).

Scalars follow the YAML 1.2 core schema: only ``true``/``false`` are booleans (``yes``,
``no``, ``on`` stay text), ``null``/``~``/empty is None, and quoted or block scalars are
always text. Mapping keys are always text (``1: x`` has the key ``"1"``).
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

# ruamel.yaml is imported only when a file needs the pure parser (a fresh process that
# reads its packs from the cache, or libyaml's every file, spares ~15 ms of start-up).
try:  # libyaml through PyYAML's C extension: optional, the pure parser stands in
    from yaml import YAMLError as _CError  # type: ignore[import-untyped]
    from yaml import events as _c_events_module
    from yaml._yaml import CParser as _CParser  # type: ignore[import-untyped]
except ImportError:  # pragma: no cover - PyYAML without libyaml, or no PyYAML
    _CParser = None

    class _CError(Exception):  # type: ignore[no-redef]
        """Never raised: stands for PyYAML's errors when PyYAML is missing."""


from hexforge.core.errors import Diagnostic, HexforgeError, Severity, Span
from hexforge.core.packs.yamlerrors import (
    ANCHOR_NOT_ALLOWED,
    DUPLICATE_KEY,
    FILE_TOO_LARGE,
    INT_OUT_OF_RANGE,
    INVALID_UTF8,
    KEY_NOT_TEXT,
    MULTIPLE_DOCUMENTS,
    NON_PRINTABLE,
    NOT_A_FILE,
    SYNTAX_ERROR,
    TAB_INDENT,
    TAG_NOT_ALLOWED,
    TOO_DEEP,
    abridged,
    bad_utf8,
    non_printable,
    syntax_error,
    too_large,
    unsupported_version,
)
from hexforge.core.packs.yamlscalars import MAX_INT, MIN_INT, TOO_BIG, resolve

__all__ = [
    "ANCHOR_NOT_ALLOWED",
    "DUPLICATE_KEY",
    "FILE_TOO_LARGE",
    "INT_OUT_OF_RANGE",
    "INVALID_UTF8",
    "KEY_NOT_TEXT",
    "LIBYAML",
    "MAX_BYTES",
    "MAX_DEPTH",
    "MAX_DIAGNOSTICS",
    "MAX_INT",
    "MIN_INT",
    "MULTIPLE_DOCUMENTS",
    "NON_PRINTABLE",
    "NOT_A_FILE",
    "SYNTAX_ERROR",
    "TAB_INDENT",
    "TAG_NOT_ALLOWED",
    "TOO_DEEP",
    "LoadResult",
    "NodeInfo",
    "PathKey",
    "YamlDocument",
    "YamlPath",
    "load_bytes",
    "load_file",
    "load_text",
    "not_a_file",
    "read_yaml",
]
# The codes (HF101-HF113) live in yamlerrors; they are named here too, where every reader
# of YAML looks for them.

MAX_BYTES = 1_000_000
"""Default size limit: a card file is a few hundred bytes; a megabyte is already absurd."""

MAX_DEPTH = 64
"""Default nesting limit, so that later recursive code can never hit Python's stack."""

MAX_DIAGNOSTICS = 25
"""A file stops being read after this many problems (one broken file, not a wall of text);
``hexforge validate`` shows at most this many per file from all its stages together."""

PathKey = str | int
YamlPath = tuple[PathKey, ...]


@dataclass(frozen=True, slots=True)
class NodeInfo:
    """Where one node is written: its value and, for a mapping entry, its key.

    ``style`` is the scalar style as ruamel reports it: None for plain, ``'``, ``"``,
    ``|`` or ``>``; ``"map"`` / ``"seq"`` for collections. Effect-text checkers need it
    to map positions inside the text back into the file.
    """

    value: Span
    key: Span | None
    style: str | None


@dataclass(frozen=True, slots=True)
class YamlDocument:
    """A loaded file: plain ``data`` plus the position of every node, by path."""

    file: str | None
    text: str
    data: Any
    nodes: Mapping[YamlPath, NodeInfo]
    lines: tuple[str, ...]
    """The file's lines without line ends."""

    def source_line(self, line: int) -> str | None:
        """The text of 1-based ``line``, for the caret under a diagnostic."""
        return self.lines[line - 1] if 0 < line <= len(self.lines) else None

    def node(self, path: YamlPath) -> NodeInfo | None:
        """The node at ``path`` exactly, or None when nothing is written there."""
        return self.nodes.get(tuple(path))

    def span(self, path: YamlPath, *, key: bool = False) -> Span:
        """Where ``path`` is written: its value, or its key when ``key`` is true.

        A path that does not exist (a missing field) falls back to its nearest written
        ancestor, so "missing key" points at the mapping that should hold it.
        """
        path = tuple(path)
        while path:
            info = self.nodes.get(path)
            if info is not None:
                return info.key if key and info.key is not None else info.value
            path = path[:-1]
        root = self.nodes.get(())
        return root.value if root is not None else Span.point(self.file, 1, 1)

    def diagnostic(
        self,
        code: str,
        message: str,
        path: YamlPath = (),
        *,
        key: bool = False,
        hint: str | None = None,
        severity: Severity = Severity.ERROR,
    ) -> Diagnostic:
        """A diagnostic placed at ``path`` (see :meth:`span`) with its source line."""
        span = self.span(path, key=key)
        return Diagnostic(code, message, span, self.source_line(span.line), hint, severity)


@dataclass(frozen=True, slots=True)
class LoadResult:
    """The outcome of loading one file: a document when it is usable, and the problems.

    ``document`` is None when the file could not be read into data at all; when it is set
    but ``diagnostics`` is not empty, the data is a best effort (aliases read as None,
    the first of duplicate keys kept) that callers should not validate further.
    """

    document: YamlDocument | None
    diagnostics: tuple[Diagnostic, ...]

    @property
    def ok(self) -> bool:
        """True when the file loaded without any problem."""
        return self.document is not None and not self.diagnostics


def read_yaml(path: Path, *, name: str | None = None, max_bytes: int = MAX_BYTES) -> YamlDocument:
    """Load ``path`` or raise :class:`HexforgeError` with every problem found in it."""
    result = load_file(path, name=name, max_bytes=max_bytes)
    if result.document is None or result.diagnostics:
        raise HexforgeError(*result.diagnostics)
    return result.document


def load_file(path: Path, *, name: str | None = None, max_bytes: int = MAX_BYTES) -> LoadResult:
    """Load one file; ``name`` is how diagnostics call it (default: the path as given).

    The size is checked before anything is read, so a huge file costs one ``stat``.
    """
    shown = name if name is not None else str(path)
    try:
        kind = path.stat().st_mode
        if not stat.S_ISREG(kind):  # a FIFO would block the read forever, a device too
            return LoadResult(None, (not_a_file(shown, kind),))
        # Opened without blocking and checked again: the path may have changed meanwhile.
        descriptor = os.open(path, os.O_RDONLY | _NONBLOCK)
        with os.fdopen(descriptor, "rb") as handle:
            opened = os.fstat(handle.fileno())
            if not stat.S_ISREG(opened.st_mode):
                return LoadResult(None, (not_a_file(shown, opened.st_mode),))
            if opened.st_size > max_bytes:
                return LoadResult(None, (too_large(shown, opened.st_size, max_bytes),))
            raw = handle.read(max_bytes + 1)
    except OSError as exc:
        message = f"cannot read the file: {exc.strerror or exc}"
        return LoadResult(None, (Diagnostic(SYNTAX_ERROR, message, Span.point(shown, 1, 1)),))
    return load_bytes(raw, name=shown, max_bytes=max_bytes)


_NONBLOCK = getattr(os, "O_NONBLOCK", 0)


def not_a_file(name: str | None, mode: int) -> Diagnostic:
    """HF112 for a path whose ``st_mode`` is ``mode``: hexforge reads regular files only."""
    what = (
        "a folder"
        if stat.S_ISDIR(mode)
        else "a FIFO (named pipe)"
        if stat.S_ISFIFO(mode)
        else "a socket"
        if stat.S_ISSOCK(mode)
        else "a device"
        if stat.S_ISCHR(mode) or stat.S_ISBLK(mode)
        else "not a regular file"
    )
    return Diagnostic(
        NOT_A_FILE,
        f"'{name}' is {what}, not a regular file; it is not read",
        Span.point(name, 1, 1),
        None,
        "hexforge reads only regular files; remove it or rename it without .yaml",
    )


def load_bytes(raw: bytes, *, name: str | None = None, max_bytes: int = MAX_BYTES) -> LoadResult:
    """Load YAML from bytes (UTF-8, an optional BOM allowed)."""
    if len(raw) > max_bytes:
        return LoadResult(None, (too_large(name, len(raw), max_bytes),))
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        return LoadResult(None, (bad_utf8(raw, exc, name),))
    return load_text(text.removeprefix("\ufeff"), name=name)


def load_text(text: str, *, name: str | None = None, max_depth: int = MAX_DEPTH) -> LoadResult:
    """Load YAML from text already decoded.

    libyaml reads it when PyYAML's C extension is there (about 25 times faster); a file it
    refuses, or whose document has any problem, or that holds an empty value (the only
    node whose position libyaml reports differently), is read again by ruamel.yaml's pure
    parser, so every diagnostic is ruamel's, whichever parser is installed.
    """
    if _CParser is not None and _libyaml_reads_alike(text):
        composer = _Composer(text, name, max_depth)
        composer.libyaml = True
        try:
            composer.run(_c_events(text))
        except (_Stop, _Fallback, _CError):
            pass
        else:
            if not composer.problems:
                return LoadResult(_document(composer, name, text), ())
    return _load_pure(text, name, max_depth)


def _libyaml_reads_alike(text: str) -> bool:
    """False for text whose events libyaml places otherwise than ruamel: with a character
    of :data:`_PURE_ONLY`, or a comment on a last line without a line break (ruamel ends
    the collections after the comment, libyaml before)."""
    return not _PURE_ONLY.intersection(text) and "#" not in text[text.rfind("\n") + 1 :]


def _load_pure(text: str, name: str | None, max_depth: int) -> LoadResult:
    """Load with ruamel.yaml's pure-Python parser: the reference for every diagnostic."""
    from ruamel.yaml import YAML
    from ruamel.yaml import events as ruamel_events
    from ruamel.yaml.error import MarkedYAMLError, YAMLError
    from ruamel.yaml.reader import ReaderError

    if ruamel_events.ScalarEvent not in _KINDS:
        _KINDS.update(_kinds(ruamel_events))
    composer = _Composer(text, name, max_depth)
    try:
        composer.run(YAML(typ="safe", pure=True).parse(text))
    except _Stop:
        pass
    except ReaderError as exc:
        composer.problems.append(non_printable(text, exc, name))
        return LoadResult(None, tuple(composer.problems))
    except MarkedYAMLError as exc:
        composer.problems.append(syntax_error(text, exc, name))
        return LoadResult(None, tuple(composer.problems))
    except YAMLError as exc:  # ruamel errors without a position
        composer.problems.append(Diagnostic(SYNTAX_ERROR, str(exc), Span.point(name, 1, 1)))
        return LoadResult(None, tuple(composer.problems))
    except AssertionError:  # ruamel asserts the %YAML version instead of raising an error
        composer.problems.append(unsupported_version(text, name))
        return LoadResult(None, tuple(composer.problems))
    problems = tuple(sorted(composer.problems, key=_where))
    if composer.fatal:
        return LoadResult(None, problems)
    return LoadResult(_document(composer, name, text), problems)


def _document(composer: _Composer, name: str | None, text: str) -> YamlDocument:
    return YamlDocument(name, text, composer.root, composer.nodes, tuple(composer.lines))


def _c_events(text: str) -> Iterator[Any]:
    """libyaml's events for ``text`` (the same classes and marks as ruamel's, from PyYAML;
    marks count characters, not bytes)."""
    assert _CParser is not None
    parser = _CParser(text)
    try:
        while parser.check_event():
            yield parser.get_event()
    finally:
        parser.dispose()


def _where(diagnostic: Diagnostic) -> tuple[int, int]:
    span = diagnostic.span
    return (span.line, span.column) if span is not None else (0, 0)


_FLOW_STYLES = (None, "'", '"')
_BLOCK_STYLES = ("|", ">")
_PURE_ONLY = frozenset("\t\ufeff\x85\u2028\u2029")
"""Characters that libyaml reads otherwise than ruamel: a tab inside a line (ruamel
refuses some that libyaml takes), a byte order mark after the start (ruamel does not count
it as a column) and NEL, LS, PS (line breaks to libyaml, text to ruamel's YAML 1.2)."""


class _Stop(Exception):
    """Raised inside the composer to stop reading a file (too many or fatal problems)."""


class _Fallback(Exception):
    """Raised inside the composer when libyaml's events cannot stand for ruamel's."""


@dataclass(slots=True)
class _Frame:
    """A collection being built: its container, path, start, end so far and pending key."""

    container: dict[str, Any] | list[Any]
    path: YamlPath
    line: int
    column: int
    style: str
    end: tuple[int, int] | None = None
    key: str | None = None
    key_span: Span | None = None
    skip: bool = False  # the pending key is a duplicate or not text: read, do not store
    indent: int = -1  # 0-based column of the innermost block collection (this or above)
    flow: bool = False  # written in [...] or {...}
    seen: dict[str, Span] = field(default_factory=dict)


class _Composer:
    """Builds plain data and the position table from parser events, refusing unsafe ones."""

    def __init__(self, text: str, name: str | None, max_depth: int) -> None:
        self.name = name
        self.max_depth = max_depth
        self.lines = text.splitlines()
        self.problems: list[Diagnostic] = []
        self.nodes: dict[YamlPath, NodeInfo] = {}
        self.stack: list[_Frame] = []
        self.root: Any = None
        self.fatal = False
        self.documents = 0
        self.libyaml = False
        """True when the events are libyaml's, which :class:`_Fallback` may refuse."""

    def run(self, events: Iterator[Any]) -> None:
        """Build from ruamel's events, or libyaml's (which PyYAML gives as classes of its
        own, plain scalars with the style ``''``)."""
        for event in events:
            kind = _KINDS.get(type(event))
            if kind is _SCALAR:
                self.scalar(event)
            elif kind is _MAP or kind is _SEQ:
                self.start(event, kind is _MAP)
            elif kind is _END:
                self.end(event)
            elif kind is _ALIAS:
                span = self.span(event.start_mark, event.end_mark)
                self.report(
                    ANCHOR_NOT_ALLOWED,
                    f"alias '*{event.anchor}' is not allowed",
                    span,
                    "write the value out in full; hexforge files never share nodes",
                )
                self.add(None, span, None)
            elif kind is _DOCUMENT:
                self.documents += 1
                if self.documents > 1:
                    self.fatal = True
                    self.report(
                        MULTIPLE_DOCUMENTS,
                        "a second YAML document starts here",
                        self.span(event.start_mark, event.end_mark, minimum=3),
                        "put one document in each file (a list of cards is one document)",
                    )
                    raise _Stop

    # -- positions -------------------------------------------------------------------------

    def span(self, start: Any, end: Any, *, minimum: int = 1) -> Span:
        """A span from ruamel marks (0-based) to 1-based lines and columns."""
        line, column = start.line + 1, start.column + 1
        if end.line > start.line or (end.line == start.line and end.column > start.column):
            return Span(self.name, line, column, end.line + 1, end.column + 1)
        return Span.point(self.name, line, column, minimum)

    def line_text(self, line: int) -> str:
        return self.lines[line - 1] if 0 < line <= len(self.lines) else ""

    def report(self, code: str, message: str, span: Span, hint: str | None) -> None:
        self.problems.append(Diagnostic(code, message, span, self.line_text(span.line), hint))
        if len(self.problems) >= MAX_DIAGNOSTICS:
            raise _Stop

    def check_properties(self, event: Any) -> None:
        """Tags and anchors on a node, each reported where it is written."""
        line, column = event.start_mark.line + 1, event.start_mark.column + 1
        text = self.line_text(line)
        if event.tag is not None and not _is_implicit(event):
            at = text.find("!", column - 1)
            at = at + 1 if at >= 0 else column
            self.report(
                TAG_NOT_ALLOWED,
                f"YAML tag '{_short_tag(str(event.tag))}' is not allowed",
                Span.point(self.name, line, at, _token_width(text, at)),
                "remove the tag; hexforge reads plain text, numbers, lists and mappings",
            )
        if event.anchor is not None:
            at = text.find("&" + event.anchor, column - 1)
            at = at + 1 if at >= 0 else column
            self.report(
                ANCHOR_NOT_ALLOWED,
                f"anchor '&{event.anchor}' is not allowed",
                Span.point(self.name, line, at, len(event.anchor) + 1),
                "write the value out in full; hexforge files never share nodes",
            )

    # -- building --------------------------------------------------------------------------

    def pending_key(self) -> bool:
        """True when the next node is a mapping key."""
        return bool(self.stack) and self.stack[-1].style == "map" and self.stack[-1].key is None

    def start(self, event: Any, is_map: bool) -> None:
        self.check_properties(event)
        line, column = event.start_mark.line + 1, event.start_mark.column + 1
        if self.pending_key():
            self.report(
                KEY_NOT_TEXT,
                "a mapping key must be plain text, not a list or a mapping",
                Span.point(self.name, line, column),
                "write the key as a word, e.g. 'name:'",
            )
            frame = self.stack[-1]
            frame.key, frame.skip = "", True
            path: YamlPath = (*frame.path, "?")
        else:
            path = self.child_path()
        if len(path) >= self.max_depth:
            self.fatal = True
            self.report(
                TOO_DEEP,
                f"nesting is deeper than {self.max_depth} levels",
                Span.point(self.name, line, column),
                "flatten the structure; no hexforge file needs this depth",
            )
            raise _Stop
        container: dict[str, Any] | list[Any] = {} if is_map else []
        flow = bool(event.flow_style)
        indent = self.indent() if flow else column - 1
        style = "map" if is_map else "seq"
        self.stack.append(_Frame(container, path, line, column, style, indent=indent, flow=flow))

    def end(self, event: Any) -> None:
        frame = self.stack.pop()
        if frame.end is not None and event.start_mark.line + 1 != frame.end[0]:
            end_line, end_column = frame.end  # a block collection ends with its last child
        else:
            end_line, end_column = event.end_mark.line + 1, event.end_mark.column + 1
        span = Span(self.name, frame.line, frame.column, end_line, end_column)
        if self.libyaml and frame.flow and frame.line != end_line:
            self.check_continued(frame.line, end_line)  # a flow collection on several lines
        self.attach(frame.container, frame.path, span, frame.style)

    def indent(self) -> int:
        """The 0-based column of the innermost block collection; -1 at the top."""
        return self.stack[-1].indent if self.stack else -1

    def check_header(self, line: int, column: int) -> None:
        """Fall back to ruamel when a block scalar's header (``|``, ``>-``, ``|2+``) is
        not followed by a space or the line's end: libyaml takes ``>-#``, ruamel not."""
        text = self.lines[line] if line < len(self.lines) else ""
        rest = text[column + 1 :].lstrip("+-0123456789")
        if rest and rest[0] != " ":
            raise _Fallback

    def check_continued(self, first: int, last: int) -> None:
        """Fall back to ruamel when a flow node's continuation line is not indented more
        than its block collection: libyaml takes it, ruamel refuses it or counts its
        columns on from the line before."""
        limit = self.indent()
        for line in self.lines[first:last]:
            stripped = line.lstrip(" ")
            if stripped and len(line) - len(stripped) <= limit:
                raise _Fallback

    def scalar(self, event: Any) -> None:
        style = event.style or None  # libyaml's plain style is ''
        if self.libyaml:
            start, end = event.start_mark, event.end_mark
            if style is None and not event.value and start.index == end.index:
                raise _Fallback  # an empty value: libyaml places it after the ':', ruamel later
            if start.line != end.line and style in _FLOW_STYLES:
                self.check_continued(start.line + 1, end.line + 1)
            elif style in _BLOCK_STYLES:
                self.check_header(start.line, start.column)
        self.check_properties(event)
        span = self.span(event.start_mark, event.end_mark)
        if self.pending_key():
            frame = self.stack[-1]
            key = event.value
            first = frame.seen.get(key)
            frame.key, frame.key_span, frame.skip = key, span, first is not None
            if first is not None:
                self.report(
                    DUPLICATE_KEY,
                    f"key '{key}' appears twice in this mapping",
                    span,
                    f"the first '{key}' is on line {first.line}; keep one of them",
                )
            else:
                frame.seen[key] = span
            return
        plain = style is None and (event.tag is None or _is_implicit(event))
        value = resolve(event.value) if plain else event.value
        if value is TOO_BIG:
            self.report(
                INT_OUT_OF_RANGE,
                f"the integer {abridged(event.value)} is outside the range hexforge files "
                f"hold ({MIN_INT:,} to {MAX_INT:,})",
                span,
                "write a number the field's range allows (hexforge schema lists the ranges), "
                "or quote it to make it text",
            )
            value = None
        self.add(value, span, style)

    def add(self, value: Any, span: Span, style: str | None) -> None:
        """Attach a finished scalar (or alias placeholder) to the current collection."""
        if self.pending_key():
            self.report(
                KEY_NOT_TEXT,
                "a mapping key must be plain text",
                span,
                "write the key as a word, e.g. 'name:'",
            )
            frame = self.stack[-1]
            frame.key, frame.skip = "", True
            return
        self.attach(value, self.child_path(), span, style)

    def attach(self, value: Any, path: YamlPath, span: Span, style: str | None) -> None:
        if not self.stack:
            self.root = value
            self.nodes[path] = NodeInfo(span, None, style)
            return
        frame = self.stack[-1]
        frame.end = (span.end_line, span.end_column)
        if isinstance(frame.container, list):
            frame.container.append(value)
            self.nodes[path] = NodeInfo(span, None, style)
            return
        key, key_span, skip = frame.key, frame.key_span, frame.skip
        frame.key, frame.key_span, frame.skip = None, None, False
        if skip or key is None:
            return
        frame.container[key] = value
        self.nodes[path] = NodeInfo(span, key_span, style)

    def child_path(self) -> YamlPath:
        if not self.stack:
            return ()
        frame = self.stack[-1]
        if isinstance(frame.container, list):
            return (*frame.path, len(frame.container))
        return (*frame.path, frame.key if frame.key is not None else "")


_SCALAR, _MAP, _SEQ, _END, _ALIAS, _DOCUMENT = "scalar", "map", "seq", "end", "alias", "doc"


def _kinds(events: Any) -> dict[type, str]:
    """What the composer does with each event class of ``events``, ruamel's or PyYAML's
    module (the same class names)."""
    return {
        events.ScalarEvent: _SCALAR,
        events.MappingStartEvent: _MAP,
        events.SequenceStartEvent: _SEQ,
        events.MappingEndEvent: _END,
        events.SequenceEndEvent: _END,
        events.AliasEvent: _ALIAS,
        events.DocumentStartEvent: _DOCUMENT,
    }


LIBYAML = _CParser is not None
"""True when libyaml reads files (PyYAML with its C extension is installed)."""
_KINDS: dict[type, str] = _kinds(_c_events_module) if LIBYAML else {}
"""Event classes the composer knows; ruamel's join when the pure parser first runs."""


def _token_width(text: str, column: int) -> int:
    rest = text[column - 1 :]
    return len(rest.split(None, 1)[0]) if rest.strip() else 1


def _is_implicit(event: Any) -> bool:
    """True when the event's tag was resolved by the parser, not written by the author."""
    implicit = getattr(event, "implicit", None)
    if isinstance(implicit, tuple):
        return False
    return bool(implicit) and event.tag is None


def _short_tag(tag: str) -> str:
    return "!!" + tag.removeprefix("tag:yaml.org,2002:") if tag.startswith("tag:") else tag
