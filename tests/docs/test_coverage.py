"""The rules coverage matrix (docs/coverage.yaml -> docs/coverage.md): every section of the
motu rulebook and of the Neuroshima Hex Duel summary has its implementation and tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from hexforge.core.docgen.coverage import load, problems, render, write_coverage
from hexforge.core.docgen.rulebook import (
    MOTU_RULEBOOK,
    NSHEX_SUMMARY,
    RULES_DIR,
    motu_headings,
    nshex_bullets,
)
from hexforge.core.errors import HexforgeError

from .blocks import DOCS

ROOT = DOCS.parent
MATRIX = load(DOCS / "coverage.yaml")
KNOWN_GAPS: set[tuple[str, str]] = set()
"""Sections known to be missing in the code, shown as such on the page; keep this short."""


def test_the_matrix_has_no_problem() -> None:
    assert problems(MATRIX, ROOT, RULES_DIR) == []


def test_only_the_known_gaps_are_gaps() -> None:
    assert {(row.game, row.id) for row in MATRIX.rows if row.gap} == KNOWN_GAPS


def test_both_games_are_covered_section_by_section() -> None:
    motu, nshex = MATRIX.of("motu"), MATRIX.of("nshex")
    assert len(motu) >= 100 and len(nshex) >= 20
    assert sum(1 for row in motu if row.tests) >= 90
    assert all(row.tests for row in nshex if row.flavour is None)


@pytest.mark.skipif(not (RULES_DIR / MOTU_RULEBOOK).is_file(), reason="rule texts not here")
def test_the_sections_are_read_from_the_rule_texts() -> None:
    headings = motu_headings((RULES_DIR / MOTU_RULEBOOK).read_text(encoding="utf-8"))
    assert [row.id for row in MATRIX.of("motu")] == [s.id for s in headings]
    assert "7b Cover" in [s.id for s in headings] and "7e" in [s.id for s in headings]
    bullets = nshex_bullets((RULES_DIR / NSHEX_SUMMARY).read_text(encoding="utf-8"))
    assert len(bullets) == len(MATRIX.of("nshex"))


def test_the_committed_page_is_the_generated_one() -> None:
    assert (DOCS / "coverage.md").read_text(encoding="utf-8") == render(MATRIX)


def _matrix(tmp_path: Path, row: str) -> Path:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "coverage.yaml").write_text(f"toy:\n  source: toy rules\n  sections:\n{row}")
    (tmp_path / "rules.py").write_text("")
    return docs


def test_a_section_without_a_test_fails_at_its_line(tmp_path: Path) -> None:
    docs = _matrix(tmp_path, "  - id: '1'\n    title: Moving\n    implemented: [rules.py]\n")
    with pytest.raises(HexforgeError) as caught:
        write_coverage(docs, None)
    (diagnostic,) = caught.value.diagnostics
    assert diagnostic.code == "HF951" and diagnostic.span is not None
    assert diagnostic.span.line == 4


def test_a_missing_file_fails(tmp_path: Path) -> None:
    row = "  - id: '1'\n    title: Moving\n    implemented: [rules.py]\n    tests: [gone.py]\n"
    with pytest.raises(HexforgeError) as caught:
        write_coverage(_matrix(tmp_path, row), None)
    assert [d.code for d in caught.value.diagnostics] == ["HF952"]


def test_a_row_with_two_states_is_malformed(tmp_path: Path) -> None:
    row = "  - id: '1'\n    title: Credits\n    flavour: credits\n    gap: none\n"
    with pytest.raises(HexforgeError) as caught:
        write_coverage(_matrix(tmp_path, row), None)
    assert [d.code for d in caught.value.diagnostics] == ["HF950"]


def test_a_section_the_rulebook_has_but_the_matrix_lacks_fails(tmp_path: Path) -> None:
    rules = tmp_path / "rules"
    rules.mkdir()
    text = (
        "TABLE OF CONTENTS\n\n1. Overview\tp. 3\t2. Moving\tp. 4\n"
        "a. Components.....\tp. 4\t\t\n\nOVERVIEW\n\nMOVING\n\nCLIMBING\n"
    )
    (rules / MOTU_RULEBOOK).write_text(text)
    assert [s.id for s in motu_headings(text)] == ["1", "1a", "2", "2 Climbing"]
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "coverage.yaml").write_text(
        "motu:\n  source: x\n  sections:\n"
        "  - {id: '1', title: Overview, flavour: premise}\n"
        "  - {id: '1a', title: Components, flavour: box}\n"
        "  - {id: '2', title: Moving, flavour: none yet}\n"
    )
    found = problems(load(docs / "coverage.yaml"), tmp_path, rules)
    assert [d.code for d in found] == ["HF953"]
    assert "2 Climbing" in found[0].message


def test_python_m_docgen_writes_the_pages_or_reports_the_matrix(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from hexforge.core.docgen.__main__ import main

    assert main([str(DOCS)]) == 0
    out = capsys.readouterr().out
    assert "reference/dsl-motu.md" in out and "coverage.md" in out
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "coverage.yaml").write_text((DOCS / "coverage.yaml").read_text(encoding="utf-8"))
    assert main([str(docs)]) == 1  # the files it names are not below tmp_path
    assert "HF952" in capsys.readouterr().err
