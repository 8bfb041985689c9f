"""The safe YAML loader: data, exact positions, and every refusal with its own code."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from hexforge.core.errors import HexforgeError
from hexforge.core.packs import yamlio
from hexforge.core.packs.yamlio import load_bytes, load_file, load_text, read_yaml

CARD = """\
id: toy/he-man
name:
  en: He-Man
tags: [hero, masters]
effects:
  - "upon activation: gain 1 mana"
  - |
    while attacking: dice +1
"""


def test_plain_data_and_positions_of_keys_items_and_values() -> None:
    result = load_text(CARD, name="card.yaml")
    assert result.ok and result.document is not None
    doc = result.document
    assert doc.data["name"] == {"en": "He-Man"}
    assert doc.data["tags"] == ["hero", "masters"]
    assert doc.data["effects"][1] == "while attacking: dice +1\n"
    key = doc.span(("name", "en"), key=True)
    value = doc.span(("name", "en"))
    assert (key.line, key.column, value.line, value.column) == (3, 3, 3, 7)
    assert (value.end_line, value.end_column) == (3, 13)
    item = doc.span(("tags", 1))
    assert (item.line, item.column, item.end_column) == (4, 14, 21)
    block = doc.node(("effects", 1))
    assert block is not None and block.style == "|"
    assert (block.value.line, block.value.column) == (7, 5)
    assert doc.node(("effects", 0)) is not None
    assert doc.source_line(3) == "  en: He-Man"


def test_folded_scalars_have_no_fold_markers() -> None:
    """ruamel's round-trip scanner marks folds with BEL; the loader must not leak them."""
    doc = read_yaml_text("a: >\n  one\n  two\n\n  three\n")
    assert doc.data["a"] == "one two\nthree\n"


def test_missing_path_falls_back_to_the_nearest_written_ancestor() -> None:
    doc = read_yaml_text(CARD)
    assert doc.span(("name", "pl")) == doc.span(("name",))
    assert doc.span(("name", "pl"), key=True) == doc.span(("name",), key=True)


def test_yaml_1_2_core_schema_scalars() -> None:
    doc = read_yaml_text('a: yes\nb: 0x1f\nc: 1.5\nd: ~\ne: "1"\nf: true\n1: key\n')
    assert doc.data == {"a": "yes", "b": 31, "c": 1.5, "d": None, "e": "1", "f": True, "1": "key"}


def read_yaml_text(text: str) -> yamlio.YamlDocument:
    result = load_text(text, name="t.yaml")
    assert result.ok and result.document is not None, result.diagnostics
    return result.document


@pytest.mark.parametrize(
    ("text", "code", "line", "column"),
    [
        ("a: 1\nb: c: d\n", yamlio.SYNTAX_ERROR, 2, 5),
        ("a:\n  b: 1\n\tc: 2\n", yamlio.TAB_INDENT, 3, 1),
        ("a: 1\nb: !!python/object:os.system x\n", yamlio.TAG_NOT_ALLOWED, 2, 4),
        ("a: &x 1\n", yamlio.ANCHOR_NOT_ALLOWED, 1, 4),
        ("a: 1\nb: *x\n", yamlio.ANCHOR_NOT_ALLOWED, 2, 4),
        ("a: 1\nb: 2\na: 3\n", yamlio.DUPLICATE_KEY, 3, 1),
        ("a: 1\n---\nb: 2\n", yamlio.MULTIPLE_DOCUMENTS, 2, 1),
        ('a: "x\x07"\n', yamlio.NON_PRINTABLE, 1, 6),
        ("a: 1\n? [x, y]\n: 2\n", yamlio.KEY_NOT_TEXT, 2, 3),
        ("a: " + "[" * 70 + "]" * 70 + "\n", yamlio.TOO_DEEP, 1, 67),
    ],
)
def test_each_refusal_has_its_code_and_position(
    text: str, code: str, line: int, column: int
) -> None:
    result = load_text(text, name="bad.yaml")
    first = result.diagnostics[0]
    assert (first.code, first.span and (first.span.line, first.span.column)) == (
        code,
        (line, column),
    ), first
    assert first.source_line is not None and first.hint


def test_aliases_are_reported_at_the_alias() -> None:
    result = load_text("a: &x 1\nb: *x\n", name="bad.yaml")
    found = [(d.code, d.span and (d.span.line, d.span.column)) for d in result.diagnostics]
    assert found == [(yamlio.ANCHOR_NOT_ALLOWED, (1, 4)), (yamlio.ANCHOR_NOT_ALLOWED, (2, 4))]


def test_invalid_utf8_points_at_the_byte() -> None:
    result = load_bytes(b'a: 1\nname: "Ork\xf3"\n', name="bad.yaml")
    (diagnostic,) = result.diagnostics
    assert diagnostic.code == yamlio.INVALID_UTF8 and result.document is None
    assert diagnostic.span is not None
    assert (diagnostic.span.line, diagnostic.span.column) == (2, 11)


def test_utf8_bom_is_accepted() -> None:
    result = load_bytes("\ufeffa: 1\n".encode(), name="bom.yaml")
    assert result.ok and result.document is not None and result.document.data == {"a": 1}


def alias_bomb(levels: int = 9) -> str:
    lines = ['a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for i in range(1, levels):
        lines.append(f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]")
    return "\n".join(lines) + "\n"


def test_alias_bomb_is_refused_before_expansion_and_fast() -> None:
    start = time.perf_counter()
    result = load_text(alias_bomb(), name="bomb.yaml")
    elapsed = time.perf_counter() - start
    assert result.diagnostics[0].code == yamlio.ANCHOR_NOT_ALLOWED
    assert elapsed < 0.2


def test_ten_megabyte_file_is_refused_without_reading_it(tmp_path: Path) -> None:
    big = tmp_path / "big.yaml"
    big.write_bytes(b"a: " + b"x" * 10_000_000 + b"\n")
    start = time.perf_counter()
    result = load_file(big, name="big.yaml")
    elapsed = time.perf_counter() - start
    (diagnostic,) = result.diagnostics
    assert diagnostic.code == yamlio.FILE_TOO_LARGE
    assert diagnostic.span is not None and diagnostic.span.file == "big.yaml"
    assert elapsed < 0.1


def test_read_yaml_raises_with_every_problem(tmp_path: Path) -> None:
    path = tmp_path / "x.yaml"
    path.write_text("a: &x 1\na: 2\n", encoding="utf-8")
    with pytest.raises(HexforgeError) as caught:
        read_yaml(path)
    codes = [d.code for d in caught.value.diagnostics]
    assert codes == [yamlio.ANCHOR_NOT_ALLOWED, yamlio.DUPLICATE_KEY]
