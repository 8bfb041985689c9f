"""The parser's fast path gives lark's tree, token positions included, or steps aside.

:class:`~hexforge.dsl.fastparse.FastParser` replays lark's LALR tables with its own lexing
and indentation; whatever it returns must be exactly what lark returns, and it must never
accept a text lark refuses (it raises ``Unsure`` and lark reports the error).
"""

from __future__ import annotations

from dataclasses import fields, is_dataclass
from functools import cache
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lark import Token, Tree
from lark.exceptions import LarkError

from hexforge.core.errors import HexforgeError, Span
from hexforge.dsl import ast, parser
from hexforge.dsl.fastparse import FastParser, Unsure
from hexforge.dsl.parser import LIMITS, _lark

from .toy import CORPUS


@cache
def _fast() -> FastParser:
    """The fast path building lark's own trees (the parser's builds the AST directly)."""
    return FastParser(_lark(), LIMITS.max_depth, 10_000)


def _shape(node: Any) -> Any:
    """A tree as nested tuples, tokens with every position lark gives them."""
    if isinstance(node, Tree):
        return (str(node.data), tuple(_shape(child) for child in node.children))
    if isinstance(node, Token):
        return (
            node.type,
            str(node),
            node.start_pos,
            node.line,
            node.column,
            node.end_line,
            node.end_column,
            node.end_pos,
        )
    return node


def _lark_shape(text: str) -> Any:
    try:
        return _shape(_lark().parse(text))
    except (LarkError, HexforgeError):
        return None


def _fast_shape(text: str) -> Any:
    try:
        return _shape(_fast().parse(text))
    except Unsure:
        return None


def fast_path_agrees(text: str, *, required: bool = False) -> bool:
    """Fast and lark give the same tree, or the fast path stepped aside (unless required).

    ``text`` is taken as :func:`~hexforge.dsl.parser.parse` hands it to lark."""
    text = text.rstrip() + "\n"
    fast = _fast_shape(text)
    if fast is None:
        return not required
    return bool(fast == _lark_shape(text))


_LAYOUTS = [
    # keywords of one state are plain words in another
    "at end of end: gain 1 one\n",
    "choose one: each 1 | one count(x)\n",
    "for each end of one: deal 1 wound to it\n",
    "count(enemies) can cannot\n",
    "cannot can be pushed\n",
    "gain count(enemies within 1 of self) mana\n",
    "when x once per round if a and not b or c: gain 1 mana\n",
    # comments, blank lines, tabs, Windows line ends, parentheses across lines
    "# a comment\n\nupon activation:  # why\n    gain 1 mana\n\n    # more\n    gain 2 ap\n",
    "upon activation:\n\tgain 1 mana\n\tgain 2 ap\n",
    "upon activation:\r\n    gain 1 mana\r\n",
    "gain (1 +\n  2) mana\n",
    "speed = (count(enemies within 1\n of self) * 2)\n",
    "test power +2 against mind of target:\n    1: gain 1 ap\n    2+:\n        gain 2 ap\n",
    "if a:\n    if b:\n        x\n    else:\n        y\nz\n",
    "speed -1\nwhile attacking:\n    speed = 3\n    can be pushed\n",
    "if x == y or y != z or 1 <= 2 or 2 >= 1 or 2 < 3 or 3 > 4: x\n",
    "speed = -1 - -2 * 3\n",
]

_REFUSED = [
    "gain 1 mana if\n",  # a keyword where the state wants a word
    "upon activation:\n        gain 1\n    gain 2\n",  # a dedent to no enclosing block
    "".join("    " * depth + "if a:\n" for depth in range(20)) + "    " * 20 + "x\n",
    "gain 1 @ mana\n",  # no terminal matches
    "gain 1)\n",
    "speed == 1\n",
    "choose one: each 1 | count one\n",  # count is a keyword where a phrase starts
]


@pytest.mark.parametrize("text", [t.rstrip() + "\n" for t in CORPUS] + _LAYOUTS)
def test_fast_path_gives_lark_tree_with_positions(text: str) -> None:
    fast = _fast_shape(text)
    assert fast is not None, "the fast path should take this text"
    assert fast == _lark_shape(text)


@pytest.mark.parametrize("text", _REFUSED)
def test_fast_path_steps_aside_where_lark_reports_an_error(text: str) -> None:
    assert _lark_shape(text) is None
    with pytest.raises(Unsure):
        _fast().parse(text)


_PIECES = [
    "upon", "at", "end", "of", "when", "while", "if", "else", "unless", "for", "each",
    "choose", "one", "test", "against", "can", "cannot", "and", "or", "not", "count",
    "once", "per", "activation", "gain", "1", "22", "mana", "target", "self", ".", "wounds",
    ":", "|", "(", ")", "+", "-", "*", "=", "==", "!=", "<", ">=", "2+", "#c", "\n", "\r\n",
    "    ", "\t", "  ", "@",
]  # fmt: skip


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=40), st.sampled_from(["", " "]))
def test_fast_path_never_disagrees_with_lark(pieces: list[str], glue: str) -> None:
    assert fast_path_agrees(glue.join(pieces))


def _ast_shape(node: Any) -> Any:
    """An AST as nested tuples, spans included (node equality leaves spans out)."""
    if is_dataclass(node):
        return (type(node).__name__, *(_ast_shape(getattr(node, f.name)) for f in fields(node)))
    if isinstance(node, tuple):
        return tuple(_ast_shape(item) for item in node)
    return node


@pytest.mark.parametrize("text", [t.rstrip() + "\n" for t in CORPUS] + _LAYOUTS)
def test_fast_path_builds_the_ast_lark_and_the_transformer_build(text: str) -> None:
    parser.parse("x", file="f.yaml")  # builds the parser; spans name the file of the text
    built = parser._fast().parse(text)
    assert _ast_shape(built) == _ast_shape(parser._BUILD.transform(_lark().parse(text)))
    assert built.span.file == "f.yaml"


def test_long_texts_are_left_to_lark() -> None:
    text = "gain 1 mana\n" * 200
    with pytest.raises(Unsure):
        parser._fast().parse(text)
    assert len(parser.parse(text).clauses) == 200


def test_nodes_made_without_init_are_the_dataclass_values() -> None:
    """The parser sets the slots of its hottest values directly (parser._span and the
    node makers); they must be the values the dataclasses' own ``__init__`` makes."""
    token = Token("WORD", "gain", 0, 2, 3, 2, 7, 4)
    span = Span("f.yaml", 2, 3, 2, 7)
    word = ast.Word("gain", span=span)
    made = [
        (parser._span("f.yaml", 2, 3, 2, 7), span),
        (parser._token_span(token, "f.yaml"), span),
        (parser._word(token, "f.yaml"), word),
        (parser._num(7, span), ast.Num(7, span=span)),
        (parser._phrase((word,), span), ast.Phrase((word,), span=span)),
        (
            parser._do(ast.Phrase((word,), span=span), span),
            ast.Do(ast.Phrase((word,), span=span), span=span),
        ),
        (parser._effect_node((), span), ast.Effect((), span=span)),
    ]
    for fast, built in made:
        assert type(fast) is type(built)
        assert _ast_shape(fast) == _ast_shape(built)
        assert repr(fast) == repr(built) and hash(fast) == hash(built)
