"""Property tests: grammar-generated sentences parse, pretty round-trips, junk fails cleanly.

``hypothesis.extra.lark.from_lark`` generates from the grammar itself, but it knows
nothing of the Indenter post-lexer: ``_NL``/``_INDENT``/``_DEDENT`` are emitted as marker
characters and :func:`_layout` turns them into real line breaks and indentation (the
inverse of the Indenter). Words and keywords get explicit strategies that keep them
apart (lark's ``%ignore`` whitespace is only inserted now and then by from_lark, and two
words written together would be one word), and comments are left out of generation
(they would swallow the rest of a line); comments have their own grammar test.
"""

from __future__ import annotations

from functools import cache
from importlib.resources import files

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from hypothesis.extra.lark import from_lark, get_terminal_names
from lark import Lark

from hexforge.core.errors import HexforgeError
from hexforge.dsl.api import check_text
from hexforge.dsl.parser import LIMITS, parse
from hexforge.dsl.pretty import pretty

from .test_fastparse import fast_path_agrees
from .toy import toy_vocabulary

_NL, _IN, _DE = "\x01", "\x02", "\x03"
# Each form is generated on its own (a whole effect drawn from ``start`` is mostly empty).
_FORMS = (
    "start",
    "trigger",
    "while_clause",
    "modifier",
    "permission",
    "do_stmt",
    "if_stmt",
    "unless_stmt",
    "for_each",
    "choose",
    "test",
)
_WORDS = ["gain", "mana", "target", "self", "enemies", "x", "wound", "of", "a_b", "it2"]


@cache
def _generator() -> Lark:
    grammar = files("hexforge.dsl").joinpath("effect.lark").read_text(encoding="utf-8")
    grammar = grammar.replace("%ignore COMMENT", "")
    return Lark(grammar, parser="lalr", start=list(_FORMS))


def _explicit(form: str) -> dict[str, st.SearchStrategy[str]]:
    explicit: dict[str, st.SearchStrategy[str]] = {
        "_NL": st.just(_NL),
        "_INDENT": st.just(_IN),
        "_DEDENT": st.just(_DE),
        "WORD": st.sampled_from(_WORDS).map(lambda w: f" {w} "),
        "INT": st.integers(0, 99).map(lambda n: f" {n} "),
    }
    for terminal in _generator().terminals:
        value = terminal.pattern.value
        if terminal.pattern.type == "str" and value.isalpha():
            explicit[terminal.name] = st.just(f" {value} ")
    # from_lark refuses strategies for terminals the form cannot produce.
    terminals, rules, ignore = _generator().grammar.compile([form], ())
    used = get_terminal_names(terminals, rules, ignore)
    return {name: strategy for name, strategy in explicit.items() if name in used}


def _layout(tokens: str) -> str:
    """Marker stream -> text: each line gets the indentation its INDENT/DEDENTs give.

    Tokens carry spaces on both sides; a line keeps only its own indentation.
    """
    lines: list[tuple[int, list[str]]] = [(0, [])]
    level = 0
    index = 0
    while index < len(tokens):
        char = tokens[index]
        index += 1
        if char != _NL:
            if char not in (_IN, _DE):
                lines[-1][1].append(char)
            continue
        while index < len(tokens) and tokens[index] in (_IN, _DE, " ", "\t"):
            level += {_IN: 1, _DE: -1}.get(tokens[index], 0)
            index += 1
        lines.append((level, []))
    return "\n".join("    " * depth + "".join(chars).strip(" \t") for depth, chars in lines)


def _depth(text: str) -> int:
    return max((len(line) - len(line.lstrip(" "))) // 4 for line in text.split("\n"))


def _shallow(text: str) -> bool:
    return _depth(text) < LIMITS.max_depth and text.count("(") < LIMITS.max_depth


# from_lark slows down as its examples grow, so one property covers parse, round trip
# and check on the same sentences, with a modest example count.
@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.one_of(
        [
            st.builds(_layout, from_lark(_generator(), start=form, explicit=_explicit(form)))
            for form in _FORMS
        ]
    )
)
def test_grammar_generated_sentences_parse_round_trip_and_check(text: str) -> None:
    assume(_shallow(text))
    assert fast_path_agrees(text, required=True)
    tree = parse(text)
    canonical = pretty(tree)
    assert parse(canonical) == tree
    assert pretty(parse(canonical)) == canonical
    check_text(text, toy_vocabulary())


_JUNK = st.text(
    alphabet=st.sampled_from(list("abc xyz:+-*=<>!()|.#\n\t 0123456789$'\"")) | st.characters(),
    max_size=80,
)


@settings(max_examples=200, deadline=None)
@given(_JUNK)
def test_arbitrary_text_fails_only_with_hexforge_errors(text: str) -> None:
    try:
        parse(text)
    except HexforgeError as exc:
        for diagnostic in exc.diagnostics:
            assert diagnostic.code.startswith("HF3")
            assert diagnostic.span is not None


@settings(max_examples=150, deadline=None)
@given(
    st.lists(
        st.sampled_from(
            [
                "upon",
                "activation",
                ":",
                "gain",
                "1",
                "mana",
                "\n",
                "    ",
                "if",
                "target",
                "for",
                "each",
                "enemy",
                "test",
                "power",
                "2+",
                "choose",
                "one",
                "|",
                "(",
                ")",
                "count",
                "and",
                "not",
                ".",
            ]
        ),
        max_size=25,
    ).map(" ".join)
)
def test_check_text_never_raises_on_near_miss_text(text: str) -> None:
    for diagnostic in check_text(text, toy_vocabulary()):
        assert diagnostic.code.startswith("HF3")
