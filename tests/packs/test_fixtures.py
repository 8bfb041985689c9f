"""One bad fixture per diagnostic code: each reports exactly its code, file, line and column.

A fixture is a folder under fixtures/bad named after its code, holding one or more packs.
Comments ``# expect: HFnnn line:col`` in its files say which diagnostics the file must
produce; the run must produce exactly those (no more), so a wrong position, a missing
check or a spurious error all fail.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from hexforge.core.codes import catalogue
from hexforge.core.errors import Severity
from hexforge.core.packs.validate import ValidationReport, validate
from tests.packs.toy import FIXTURES, toy_catalogue

BAD = FIXTURES / "bad"
GOOD = FIXTURES / "good"
EXPECT = re.compile(rb"#\s*expect:\s*(HF\d{3})\s+(\d+):(\d+)")
FOLDERS = sorted(p for p in BAD.iterdir() if p.is_dir())

TESTED_ELSEWHERE = {
    "HF102": "test_yamlio.py::test_ten_megabyte_file_is_refused_without_reading_it",
    "HF112": "tests/hardening/test_packs_bounds.py (a FIFO cannot be kept in git)",
    "HF219": "test_duplicate_entries.py (toy cards hold no lists of entries with ids)",
    "HF227": "test_catalogue.py (plugin registrations, not files)",
    "HF230": "tests/hardening/test_packs_cap.py (it caps the other codes' problems)",
}

Found = set[tuple[str, str, int, int]]


def expectations(folder: Path) -> Found:
    found: Found = set()
    for path in sorted(folder.rglob("*")):
        if path.is_file():
            for match in EXPECT.finditer(path.read_bytes()):
                code, line, column = match.groups()
                name = path.relative_to(folder).as_posix()
                found.add((code.decode(), name, int(line), int(column)))
    return found


def run(folder: Path, monkeypatch: pytest.MonkeyPatch) -> ValidationReport:
    monkeypatch.chdir(folder)
    args = folder / "args"
    paths = [Path(a) for a in args.read_text().split()] if args.exists() else [Path(".")]
    return validate(paths, toy_catalogue(), cache=None)


def reported(report: ValidationReport) -> Found:
    return {
        (d.code, d.span.file or "", d.span.line, d.span.column)
        for d in report.diagnostics
        if d.span is not None
    }


@pytest.mark.parametrize("folder", FOLDERS, ids=[f.name for f in FOLDERS])
def test_bad_fixture_reports_exactly_its_code_at_its_position(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    expected = expectations(folder)
    assert expected, f"{folder.name} has no '# expect:' comment"
    assert {code for code, *_ in expected} == {folder.name[:5]}
    report = run(folder, monkeypatch)
    assert reported(report) == expected, [str(d) for d in report.diagnostics]
    for diagnostic in report.diagnostics:
        assert diagnostic.source_line is not None, diagnostic
        assert diagnostic.hint or diagnostic.code in ("HF201", "HF206"), diagnostic


def test_every_yaml_and_content_code_has_a_fixture() -> None:
    codes = {c for c in catalogue() if c.startswith(("HF1", "HF2"))}
    covered = {f.name[:5] for f in FOLDERS} | set(TESTED_ELSEWHERE)
    assert codes - covered == set()
    assert covered - codes == set()


def test_good_packs_are_clean(monkeypatch: pytest.MonkeyPatch) -> None:
    report = run(GOOD, monkeypatch)
    assert report.diagnostics == ()
    assert (report.packs, report.cards) == (2, 6)


def test_warnings_are_warnings(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("HF210-empty-file", "HF217-missing-translation"):
        report = run(BAD / name, monkeypatch)
        assert {d.severity for d in report.diagnostics} == {Severity.WARNING}


def test_messages_say_what_to_do(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rewritten for authors: the field's path in words and a 'did you mean'."""
    messages = {}
    for name in (
        "HF202-unknown-field",
        "HF204-not-allowed",
        "HF207-unknown-kind",
        "HF213-unknown-reference",
        "HF225-unknown-game",
        "HF201-missing-field",
    ):
        (diagnostic,) = run(BAD / name, monkeypatch).diagnostics
        messages[name[:5]] = (diagnostic.message, diagnostic.hint)
    assert messages["HF202"] == ("unknown field 'strenght' in 'stats'", "did you mean 'strength'?")
    assert messages["HF204"][1] == "did you mean 'invented'?"
    assert messages["HF207"] == ("'unti' is not a card kind of game toy", "did you mean 'unit'?")
    assert messages["HF213"][1] == "did you mean 'bad/sword'?"
    assert messages["HF225"][1] == "did you mean 'toy'?"
    assert messages["HF201"][0] == "missing required field 'speed' in 'stats'"
    assert messages["HF201"][1] is not None and "Hexes the unit moves" in messages["HF201"][1]
