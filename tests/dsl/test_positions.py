"""DSL spans map to the YAML file's line and column for every scalar style."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from ruamel.yaml import YAML

from hexforge.core.errors import Span
from hexforge.dsl.api import check_text
from hexforge.dsl.positions import ScalarPosition, ScalarStyle, map_diagnostic, map_span

from .toy import toy_vocabulary

CARD = """\
id: toy/he-man
plain: gian 1 mana
single: 'gain 1 mana
  and also gian'
double: "score \\t 1 vp \\
  then gian"
literal: |
  upon activation:
      gian 1 mana
folded: >
  upon activation:
      gian 1 mana
"""


def _scalar(key: str) -> tuple[ScalarPosition, str]:
    data = YAML().load(CARD)
    line, column = data.lc.value(key)
    return ScalarPosition.at("card.yaml", CARD.splitlines(), line, column), str(data[key])


def _file_text(span: Span) -> str:
    lines = CARD.splitlines()
    assert span.line == span.end_line
    return lines[span.line - 1][span.column - 1 : span.end_column - 1]


@pytest.mark.parametrize(
    ("key", "style"),
    [
        ("plain", ScalarStyle.PLAIN),
        ("single", ScalarStyle.SINGLE_QUOTED),
        ("double", ScalarStyle.DOUBLE_QUOTED),
        ("literal", ScalarStyle.LITERAL),
        ("folded", ScalarStyle.FOLDED),
    ],
)
def test_style_is_read_from_the_source(key: str, style: ScalarStyle) -> None:
    assert _scalar(key)[0].style is style


@pytest.mark.parametrize("key", ["plain", "single", "double", "literal", "folded"])
def test_every_occurrence_of_a_word_maps_onto_that_word_in_the_file(key: str) -> None:
    scalar, value = _scalar(key)
    for number, line in enumerate(value.split("\n"), start=1):
        start = line.find("gian")
        if start < 0:
            continue
        span = map_span(Span(None, number, start + 1, number, start + 5), scalar)
        assert span.file == "card.yaml"
        assert _file_text(span) == "gian"


def test_a_checker_diagnostic_lands_on_the_misspelled_verb_in_a_literal_block() -> None:
    scalar, value = _scalar("literal")
    (diagnostic,) = check_text(value, toy_vocabulary())
    mapped = map_diagnostic(diagnostic, scalar)
    assert mapped.span == Span("card.yaml", 9, 7, 9, 11)
    assert mapped.source_line == "      gian 1 mana"


def test_end_of_line_positions_map_just_past_the_last_character() -> None:
    scalar, _ = _scalar("literal")
    span = map_span(Span(None, 1, 17, 1, 18), scalar)
    assert (span.line, span.column) == (8, 19)


def test_a_diagnostic_without_span_points_at_the_scalar() -> None:
    from hexforge.core.errors import Diagnostic

    scalar, _ = _scalar("plain")
    mapped = map_diagnostic(Diagnostic("HF302", "x"), scalar)
    assert mapped.span == Span("card.yaml", 2, 8, 2, 9)


_TEXT = st.text(alphabet="abc ':\\\"#", min_size=1, max_size=30).filter(lambda s: s.strip())


@settings(max_examples=100, deadline=None)
@given(_TEXT, st.sampled_from(["double", "single", "literal", "folded", "plain"]))
def test_each_value_character_maps_to_the_source_character_it_came_from(
    text: str, style: str
) -> None:
    """Round trip through ruamel: dump the text in a style, load it, map each character."""
    import io

    from ruamel.yaml.scalarstring import (
        DoubleQuotedScalarString,
        FoldedScalarString,
        LiteralScalarString,
        SingleQuotedScalarString,
    )

    wrap = {
        "double": DoubleQuotedScalarString,
        "single": SingleQuotedScalarString,
        "literal": LiteralScalarString,
        "folded": FoldedScalarString,
        "plain": str,
    }[style]
    yaml = YAML()
    buffer = io.StringIO()
    yaml.dump({"effect": wrap(text.strip())}, buffer)
    source = buffer.getvalue()
    data = yaml.load(source)
    line, column = data.lc.value("effect")
    scalar = ScalarPosition.at(None, source.splitlines(), line, column)
    value = str(data["effect"])
    lines = source.splitlines()
    for number, value_line in enumerate(value.split("\n"), start=1):
        for index, char in enumerate(value_line, start=1):
            if char in " \\\"'":
                continue  # folded spaces and escapes have no single source character
            span = map_span(Span(None, number, index, number, index + 1), scalar)
            assert lines[span.line - 1][span.column - 1] == char
