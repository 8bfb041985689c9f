"""The rules coverage matrix: docs/coverage.yaml checked and written as docs/coverage.md.

Each row is a section of a game's rules with the modules implementing it and the tests
proving it, or one of: ``flavour`` (no rule in it; the reason), ``see`` (a summary whose
rules are the listed sections), ``gap`` (known to be missing; what is missing). Problems
are diagnostics at the row's line, so a broken matrix fails the docs build and tests/docs.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.error import YAMLError

from hexforge.core.docgen import codes
from hexforge.core.docgen.rulebook import (
    MOTU_RULEBOOK,
    NSHEX_SUMMARY,
    RULES_DIR,
    motu_headings,
    nshex_bullets,
)
from hexforge.core.errors import Diagnostic, HexforgeError, Span

COVERAGE_FILE = "coverage.yaml"
COVERAGE_PAGE = "coverage.md"
_KEYS = frozenset({"id", "title", "starts", "implemented", "tests", "flavour", "see", "gap"})
_STATES = ("implemented", "flavour", "see", "gap")


@dataclass(frozen=True, slots=True)
class Row:
    """One section; exactly one of the states is set (``implemented`` with ``tests``)."""

    game: str
    id: str
    title: str
    line: int
    starts: str | None = None
    implemented: tuple[str, ...] = ()
    tests: tuple[str, ...] = ()
    flavour: str | None = None
    see: tuple[str, ...] = ()
    gap: str | None = None


@dataclass(frozen=True, slots=True)
class Matrix:
    file: str
    lines: tuple[str, ...]
    sources: dict[str, str]
    rows: tuple[Row, ...]

    def of(self, game: str) -> list[Row]:
        return [row for row in self.rows if row.game == game]


def load(path: Path) -> Matrix:
    """Read the matrix; a malformed file raises HF950 at the offending line."""
    text = path.read_text(encoding="utf-8")
    lines = tuple(text.splitlines())
    try:
        data = YAML().load(text)
    except YAMLError as exc:
        raise _error(codes.BAD_COVERAGE, f"not YAML: {exc}", str(path), lines, 1) from None
    if not isinstance(data, dict):
        raise _error(codes.BAD_COVERAGE, "expected a mapping of games", str(path), lines, 1)
    rows: list[Row] = []
    sources: dict[str, str] = {}
    for game, block in data.items():
        line = _line_of(data, game)
        if not isinstance(block, dict) or not isinstance(block.get("sections"), list):
            raise _error(codes.BAD_COVERAGE, f"{game}: needs 'sections'", str(path), lines, line)
        sources[game] = str(block.get("source", ""))
        for entry in block["sections"]:
            rows.append(_row(str(game), entry, str(path), lines))
    return Matrix(str(path), lines, sources, tuple(rows))


def _line_of(node: Any, key: object | None = None) -> int:
    """The 1-based line of a ruamel node (or of one of its keys); 1 when unknown."""
    lc = getattr(node, "lc", None)
    if lc is None:
        return 1
    return int(lc.key(key)[0] if key is not None else lc.line) + 1


def _row(game: str, entry: Any, file: str, lines: tuple[str, ...]) -> Row:
    line = _line_of(entry)
    if not isinstance(entry, dict) or "id" not in entry or "title" not in entry:
        raise _error(codes.BAD_COVERAGE, "a section needs 'id' and 'title'", file, lines, line)
    unknown = sorted(set(entry) - _KEYS)
    if unknown:
        raise _error(codes.BAD_COVERAGE, f"unknown keys {unknown}", file, lines, line)
    states = [key for key in _STATES if key in entry]
    if len(states) != 1:
        message = f"section {entry['id']!r} needs exactly one of {', '.join(_STATES)}"
        raise _error(codes.BAD_COVERAGE, message, file, lines, line)
    return Row(
        game=game,
        id=str(entry["id"]),
        title=str(entry["title"]),
        line=line,
        starts=None if entry.get("starts") is None else str(entry["starts"]),
        implemented=tuple(str(x) for x in entry.get("implemented") or ()),
        tests=tuple(str(x) for x in entry.get("tests") or ()),
        flavour=None if entry.get("flavour") is None else str(entry["flavour"]),
        see=tuple(str(x) for x in entry.get("see") or ()),
        gap=None if entry.get("gap") is None else str(entry["gap"]),
    )


def problems(matrix: Matrix, root: Path, rules_dir: Path | None) -> list[Diagnostic]:
    """Rows without tests, missing files, unknown ``see`` ids and, when the rule texts are
    at ``rules_dir``, sections the matrix does not list (or lists but the texts lack)."""
    found = list(_row_problems(matrix, root))
    if rules_dir is not None and rules_dir.is_dir():
        found += _section_problems(matrix, rules_dir)
    return found


def _row_problems(matrix: Matrix, root: Path) -> Iterator[Diagnostic]:
    ids = {(row.game, row.id) for row in matrix.rows}
    for row in matrix.rows:
        at = (matrix.file, matrix.lines, row.line)
        if row.flavour is not None and not row.flavour.strip():
            yield _diagnostic(codes.BAD_COVERAGE, f"{row.id}: flavour needs a reason", *at)
        if row.gap is not None and not row.gap.strip():
            yield _diagnostic(codes.BAD_COVERAGE, f"{row.id}: a gap says what is missing", *at)
        for other in row.see:
            if (row.game, other) not in ids:
                yield _diagnostic(codes.BAD_COVERAGE, f"{row.id}: 'see' names {other!r}", *at)
        plain = row.flavour is None and not row.see and row.gap is None
        if plain and (not row.implemented or not row.tests):
            message = f"{row.game} {row.id} {row.title}: no implementation or no test"
            yield _diagnostic(codes.UNTESTED_SECTION, message, *at)
        for name in (*row.implemented, *row.tests):
            if not (root / name).exists():
                message = f"{row.game} {row.id}: {name} does not exist"
                yield _diagnostic(codes.MISSING_FILE, message, *at)


def _section_problems(matrix: Matrix, rules_dir: Path) -> list[Diagnostic]:
    found: list[Diagnostic] = []
    motu_file = rules_dir / MOTU_RULEBOOK
    if motu_file.is_file():
        expected = [s.id for s in motu_headings(motu_file.read_text(encoding="utf-8"))]
        listed = [row.id for row in matrix.of("motu")]
        if listed != expected:
            missing = [s for s in expected if s not in listed]
            extra = [s for s in listed if s not in expected]
            message = f"motu sections differ from the rulebook: missing {missing}, extra {extra}"
            if not missing and not extra:
                message = "motu sections are not in the rulebook's order"
            found.append(_diagnostic(codes.SECTIONS_DIFFER, message, matrix.file, matrix.lines, 1))
    summary = rules_dir / NSHEX_SUMMARY
    if summary.is_file():
        rows = matrix.of("nshex")
        for bullet in nshex_bullets(summary.read_text(encoding="utf-8")):
            matched = [row.id for row in rows if row.starts and bullet.startswith(row.starts)]
            if len(matched) != 1:
                message = f"nshex topic {bullet[:40]!r}... is matched by {matched or 'no row'}"
                found.append(
                    _diagnostic(codes.SECTIONS_DIFFER, message, matrix.file, matrix.lines, 1)
                )
    return found


def render(matrix: Matrix) -> str:
    """The matrix as a page: one table per game, then the known gaps."""
    out = [
        "# Rules coverage",
        "",
        "Every section of the rules, where it is implemented and which tests prove it. "
        "Generated from `docs/coverage.yaml`; `tests/docs` fails when a section has no "
        "test, names a file that does not exist, or when the section list no longer "
        "matches the rule texts (motu: the rulebook's contents and headings; nshex: the "
        "topics of the English summary of the Duel rules). Scenario files are described "
        "in [scenarios](scenarios.md). Whether the tests really prove the rules is "
        "checked by mutating the rule modules ([mutation testing](mutation.md)); "
        "`docs/mutation-report.yaml` lists the mutants each row's tests kill.",
        "",
    ]
    titles = {"motu": "Masters of the Universe: Battleground", "nshex": "Neuroshima Hex Duel"}
    for game in dict.fromkeys(row.game for row in matrix.rows):
        rows = matrix.of(game)
        tested = sum(1 for row in rows if row.tests)
        out += [
            f"## {titles.get(game, game)} (`{game}`)",
            "",
            f"Source: {matrix.sources.get(game, '')}. {len(rows)} sections, {tested} with "
            "tests; the others are marked below.",
            "",
            "| section | implemented in | tests |",
            "| --- | --- | --- |",
        ]
        for row in rows:
            out.append(f"| {_label(row)} | {_implemented(row)} | {_tests(row)} |")
        out.append("")
    return "\n".join(out)


def _label(row: Row) -> str:
    """``7e Area Attacks``; a heading inside a part as ``7b / Cover``; topics by title."""
    if row.id == row.title or row.starts is not None:
        return row.title
    part, _, rest = row.id.partition(" ")
    return f"{part} / {row.title}" if rest else f"{row.id} {row.title}"


def _implemented(row: Row) -> str:
    if row.flavour is not None:
        return f"no rule: {row.flavour}"
    if row.see:
        return "summary of " + ", ".join(row.see)
    if row.gap is not None:
        return f"**not yet**: {row.gap}"
    return "<br>".join(f"`{name}`" for name in row.implemented)


def _tests(row: Row) -> str:
    return "<br>".join(f"`{name}`" for name in row.tests) or "-"


def write_coverage(docs_dir: Path, rules_dir: Path | None = RULES_DIR) -> Path:
    """Check docs/coverage.yaml (HexforgeError with every problem) and write coverage.md."""
    matrix = load(docs_dir / COVERAGE_FILE)
    found = problems(matrix, docs_dir.parent, rules_dir)
    if found:
        raise HexforgeError(*found)
    page = docs_dir / COVERAGE_PAGE
    text = render(matrix)
    if not page.exists() or page.read_text(encoding="utf-8") != text:
        page.write_text(text, encoding="utf-8")
    return page


def _diagnostic(
    code: str, message: str, file: str, lines: tuple[str, ...], line: int
) -> Diagnostic:
    source = lines[line - 1] if 0 < line <= len(lines) else None
    return Diagnostic(
        code,
        message,
        Span.point(file, line, 1, len(source or "")),
        source,
        "see the header of docs/coverage.yaml and docs/coverage.md",
    )


def _error(code: str, message: str, file: str, lines: tuple[str, ...], line: int) -> HexforgeError:
    return HexforgeError(_diagnostic(code, message, file, lines, line))
