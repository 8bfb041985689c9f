"""Mutated card files give hexforge diagnostics, never a traceback (Hypothesis)."""

from __future__ import annotations

import re
import tempfile
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from hexforge.core.packs.compiler import compile_file
from hexforge.core.packs.validate import validate
from tests.packs.toy import FIXTURES, toy_catalogue

SOURCES = [
    FIXTURES / "good" / "base" / "cards" / "units.yaml",
    FIXTURES / "good" / "base" / "cards" / "weapons" / "sword.yaml",
    FIXTURES / "good" / "base" / "cards" / "duel.yaml",
]
GAME = toy_catalogue().games["toy"]
CODE = re.compile(r"HF\d{3}")

# Bytes that matter to YAML, to the DSL, and to decoding.
PIECES = [
    b":",
    b": ",
    b"-",
    b"- ",
    b"[",
    b"]",
    b"{",
    b"}",
    b'"',
    b"'",
    b"\t",
    b"&a ",
    b"*a",
    b"!!str ",
    b"#",
    b"|",
    b">",
    b"\n",
    b" ",
    b"  ",
    b"%",
    b"@",
    b"`",
    b"?",
    b",",
    b"\x00",
    b"\xff",
    b"\xc3",
    b"\x07",
    b"\r",
    b"---\n",
    b"...\n",
    b"<<: ",
    b"~",
    b"null",
    b"true",
    b"1e9",
    b"-0",
    b"0x1f",
    b"kind: weapon",
    b"id: x/y",
    b"stats",
    b"effects",
    b"upon",
    b"while",
    b"cannot",
    b"\xe2\x80\xa8",
]


@st.composite
def mutated(draw: st.DrawFn) -> bytes:
    data = bytearray(SOURCES[draw(st.integers(0, len(SOURCES) - 1))].read_bytes())
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(data)))
        action = draw(st.sampled_from(["insert", "delete", "replace"]))
        piece = draw(st.sampled_from(PIECES))
        if action == "insert":
            data[at:at] = piece
        elif action == "delete":
            data[at : at + draw(st.integers(1, 8))] = b""
        else:
            data[at : at + len(piece)] = piece
    return bytes(data)


@settings(max_examples=150, deadline=None)
@given(mutated())
def test_mutated_card_files_only_ever_give_diagnostics(content: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "card.yaml"
        path.write_bytes(content)
        result = compile_file(path, "card.yaml", "base", GAME)
    for diagnostic in result.diagnostics:
        assert CODE.fullmatch(diagnostic.code), diagnostic
        assert diagnostic.span is not None and diagnostic.span.file == "card.yaml", diagnostic
        assert diagnostic.span.line >= 1 and diagnostic.span.column >= 1, diagnostic
        assert diagnostic.message


@settings(max_examples=25, deadline=None)
@given(mutated())
def test_mutated_packs_validate_without_traceback(content: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        (root / "cards").mkdir()
        (root / "pack.yaml").write_bytes((FIXTURES / "good" / "base" / "pack.yaml").read_bytes())
        for source in SOURCES:
            (root / "cards" / source.name).write_bytes(source.read_bytes())
        (root / "cards" / "mutant.yaml").write_bytes(content)
        report = validate([root], toy_catalogue())
    assert all(CODE.fullmatch(d.code) for d in report.diagnostics)
