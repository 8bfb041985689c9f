"""docs/dsl.md cannot rot: every example is checked and compiled against the toy game."""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace

import pytest

from hexforge.core.errors import Severity
from hexforge.dsl.api import check_text, compile_text
from hexforge.dsl.parser import parse
from hexforge.dsl.pretty import pretty
from hexforge.dsl.vocabulary import Vocabulary
from hexforge.plugins.catalogue import vocabulary_for
from hexforge.plugins.manager import load_plugins
from hexforge.plugins.markers import hookimpl

from .toy import SOURCE, toy_vocabulary

DOC = Path(__file__).resolve().parents[2] / "docs" / "dsl.md"
_BLOCK = re.compile(r"^```([\w-]+)\n(.*?)^```", re.MULTILINE | re.DOTALL)


def _blocks(kind: str) -> list[str]:
    return [body for name, body in _BLOCK.findall(DOC.read_text()) if name == kind]


def test_the_page_has_examples_of_each_kind() -> None:
    assert len(_blocks("effect")) >= 15
    assert len(_blocks("effect-error")) >= 5


@pytest.mark.parametrize("text", _blocks("effect"))
def test_every_example_checks_compiles_and_round_trips(text: str) -> None:
    errors = [d for d in check_text(text, toy_vocabulary()) if d.severity is Severity.ERROR]
    assert errors == []
    compile_text(text, toy_vocabulary(), SOURCE)
    assert parse(pretty(parse(text))) == parse(text)


@pytest.mark.parametrize("text", _blocks("effect-error"))
def test_every_error_example_reports_its_code(text: str) -> None:
    expected = re.match(r"# (HF\d{3})\n", text)
    assert expected is not None, "an effect-error block starts with '# HFnnn'"
    codes = [d.code for d in check_text(text, toy_vocabulary())]
    assert expected.group(1) in codes


def test_the_plugin_example_adds_a_verb() -> None:
    (source,) = [b for b in _blocks("python") if b.startswith("from hexforge.dsl.vocabulary")]
    namespace: dict[str, object] = {}
    exec(compile(source, str(DOC), "exec"), namespace)  # the page's own example code

    plugin = SimpleNamespace(hexforge_dsl_vocabulary=namespace["hexforge_dsl_vocabulary"])

    @hookimpl
    def base_game(game: str, vocabulary: Vocabulary) -> None:
        vocabulary.kind("unit")
        vocabulary.binding("target", "unit")

    base = SimpleNamespace(hexforge_dsl_vocabulary=base_game)
    host = load_plugins([("toy", base), ("doc-example", plugin)], autoload=False)
    vocabulary = vocabulary_for(host, "toy")
    assert check_text("freeze target 2", vocabulary) == []
    assert [d.code for d in check_text("freeze target 2", vocabulary_for(host, "x"))] == ["HF311"]


def test_the_rules_text_example_runs() -> None:
    """The rules text example of the page: English, Polish, German and French (issue 27)."""
    text = DOC.read_text(encoding="utf-8")
    marker = text.index("<!-- example: rules text -->")
    (source,) = [b for b in _blocks("python") if b in text[marker:]][:1]
    line = text.count("\n", 0, text.index(source))
    exec(compile("\n" * line + source, str(DOC), "exec"), {"__name__": "dsl_md"})
