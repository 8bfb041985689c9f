"""The grammar cache: tables read back parse exactly as built ones, and any trouble with the
cache directory or file only means the tables are built again."""

from __future__ import annotations

import os
import pickle
from pathlib import Path

import pytest
from lark import Lark

from hexforge.dsl import larkcache
from hexforge.dsl.fastparse import FastParser
from hexforge.dsl.parser import _MAX_FAST_TOKENS, LIMITS, _Indenter

from .toy import CORPUS

GRAMMAR = (Path(larkcache.__file__).parent / "effect.lark").read_text(encoding="utf-8")
OPTIONS = {"parser": "lalr", "strict": True, "maybe_placeholders": True}
TEXTS = [text.rstrip() + "\n" for text in CORPUS]  # as the parser hands them to lark


def _parser() -> Lark:
    return larkcache.cached_lark(GRAMMAR, _Indenter(), **OPTIONS)


def _files(folder: Path) -> list[Path]:
    return sorted((folder / "grammar").glob("*.lark"))


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(larkcache.ENV, str(tmp_path))
    return tmp_path


def test_tables_read_back_parse_as_built_ones(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    built = _parser()
    assert len(_files(folder)) == 1 and not list((folder / "grammar").glob("*.tmp"))

    def no_build(*args: object, **kwargs: object) -> Lark:
        raise AssertionError("built again")

    monkeypatch.setattr(larkcache, "Lark", type("NoBuild", (Lark,), {"__init__": no_build}))
    read = _parser()
    fast = FastParser(read, LIMITS.max_depth, _MAX_FAST_TOKENS)
    for text in TEXTS:
        assert read.parse(text) == built.parse(text)
        assert fast.parse(text) == built.parse(text)


def test_a_changed_grammar_gets_its_own_file(folder: Path) -> None:
    _parser()
    larkcache.cached_lark(GRAMMAR + "\n// changed\n", _Indenter(), **OPTIONS)
    assert len(_files(folder)) == 2


@pytest.mark.parametrize("content", [b"", b"not a pickle", pickle.dumps(os.system)])
def test_a_broken_or_foreign_file_is_built_over(folder: Path, content: bytes) -> None:
    _parser()
    (cached,) = _files(folder)
    cached.write_bytes(content)
    assert _parser().parse(TEXTS[0]) is not None
    assert cached.read_bytes() != content  # written again


def test_an_unwritable_cache_directory_only_costs_the_build(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("a file where the directory would be", encoding="utf-8")
    monkeypatch.setenv(larkcache.ENV, str(blocked))
    assert _parser().parse(TEXTS[0]) is not None
