"""One test per grammar form, and the syntax errors with their codes and positions."""

from __future__ import annotations

import pytest

from hexforge.core.errors import HexforgeError, Span
from hexforge.dsl import ast
from hexforge.dsl.parser import parse
from hexforge.dsl.pretty import pretty

S = Span(None, 1, 1, 1, 2)  # spans are not compared


def W(*words: str) -> ast.Phrase:
    return ast.Phrase(tuple(ast.Word(w, span=S) for w in words), span=S)


def P(*atoms: str | int | ast.Expr) -> ast.Phrase:
    out: list[ast.Word | ast.Expr] = []
    for atom in atoms:
        if isinstance(atom, str):
            out.append(ast.Word(atom, span=S))
        elif isinstance(atom, int):
            out.append(ast.Num(atom, span=S))
        else:
            out.append(atom)
    return ast.Phrase(tuple(out), span=S)


def N(value: int) -> ast.Num:
    return ast.Num(value, span=S)


def do(*atoms: str | int | ast.Expr) -> ast.Do:
    return ast.Do(P(*atoms), span=S)


def one(text: str) -> ast.Clause:
    (clause,) = parse(text).clauses
    return clause


def test_upon_trigger() -> None:
    assert one("upon activation: gain 1 mana") == ast.Trigger(
        ast.TriggerForm.UPON, W("activation"), None, (do("gain", 1, "mana"),), span=S
    )


def test_at_end_of_trigger() -> None:
    clause = one("at end of activation: remove curse from self")
    assert isinstance(clause, ast.Trigger)
    assert clause.form is ast.TriggerForm.AT_END_OF
    assert clause.pattern == W("activation")


def test_when_trigger_with_condition() -> None:
    clause = one("when self is wounded if event.amount > 1: gain 1 mana")
    assert clause == ast.Trigger(
        ast.TriggerForm.WHEN,
        W("self", "is", "wounded"),
        ast.Compare(ast.CompareOp.GT, ast.Prop(("event", "amount"), span=S), N(1), span=S),
        (do("gain", 1, "mana"),),
        span=S,
    )


def test_while_with_modifiers_and_a_permission_block() -> None:
    clause = one("while attacking:\n    scope +1\n    speed -2\n    cannot be pushed\n")
    assert clause == ast.While(
        W("attacking"),
        (
            ast.ModifierRule(W("scope"), ast.ModifierSign.ADD, N(1), span=S),
            ast.ModifierRule(W("speed"), ast.ModifierSign.SUB, N(2), span=S),
            ast.PermissionRule(False, W("be", "pushed"), span=S),
        ),
        span=S,
    )


def test_once_per_and_condition_on_a_trigger() -> None:
    clause = one("when self is wounded once per round if attacking: gain 1 ap")
    assert isinstance(clause, ast.Trigger)
    assert (clause.once_per, clause.condition) == ("round", W("attacking"))


def test_aura_modifier_and_permission_with_a_subject() -> None:
    effect = parse("speed of enemies -1\nenemies adjacent to self cannot be pushed\n")
    assert effect.clauses == (
        ast.ModifierRule(W("speed", "of", "enemies"), ast.ModifierSign.SUB, N(1), span=S),
        ast.PermissionRule(
            False, W("be", "pushed"), W("enemies", "adjacent", "to", "self"), span=S
        ),
    )


def test_set_to_value_modifier_and_can_permission() -> None:
    effect = parse("speed = 3\ncan move through enemies\n")
    assert effect.clauses == (
        ast.ModifierRule(W("speed"), ast.ModifierSign.SET, N(3), span=S),
        ast.PermissionRule(True, W("move", "through", "enemies"), span=S),
    )


def test_if_else_inline_and_block() -> None:
    inline = one("if attacking: gain 1 mana\nelse: gain 1 ap\n")
    block = one("if attacking:\n    gain 1 mana\nelse:\n    gain 1 ap\n")
    expected = ast.If(W("attacking"), (do("gain", 1, "mana"),), (do("gain", 1, "ap"),), span=S)
    assert inline == block == expected


def test_else_if_chains() -> None:
    clause = one("if a: x\nelse: if b: y\nelse: z\n")
    assert isinstance(clause, ast.If)
    assert clause.otherwise == (ast.If(W("b"), (do("y"),), (do("z"),), span=S),)


def test_unless() -> None:
    clause = one("when removed: unless self is knocked out: heal self 1")
    assert isinstance(clause, ast.Trigger)
    assert clause.body == (
        ast.Unless(W("self", "is", "knocked", "out"), (do("heal", "self", 1),), span=S),
    )


def test_for_each() -> None:
    assert one("for each enemy within 2 of self: deal 1 wound to it") == ast.ForEach(
        P("enemy", "within", 2, "of", "self"), (do("deal", 1, "wound", "to", "it"),), span=S
    )


def test_choose_one_inline_equals_block() -> None:
    inline = one("choose one: gain 1 ap | gain 1 mana")
    block = one("choose one:\n    gain 1 ap\n    gain 1 mana\n")
    assert inline == block == ast.ChooseOne((do("gain", 1, "ap"), do("gain", 1, "mana")), span=S)


def test_test_with_bonus_against_and_success_table() -> None:
    """rulebook §Tests: a test of one stat against another, outcomes by successes."""
    clause = one(
        "test power +1 against mind of target:\n"
        "    2: give target curse\n"
        "    4+: deal 2 wounds to target\n"
    )
    assert clause == ast.StatTest(
        W("power"),
        N(1),
        W("mind", "of", "target"),
        (
            ast.Row(2, False, (do("give", "target", "curse"),), span=S),
            ast.Row(4, True, (do("deal", 2, "wounds", "to", "target"),), span=S),
        ),
        span=S,
    )


def test_test_with_a_malus_and_no_defence() -> None:
    clause = one("test strength -1:\n    1+: push target 1\n")
    assert isinstance(clause, ast.StatTest)
    assert clause.bonus == ast.Neg(N(1), span=S)
    assert clause.against is None


def test_expressions_precedence() -> None:
    clause = one("if not a or b and c.d + 2 * 3 >= count(enemies) - -1: x\n")
    assert isinstance(clause, ast.If)
    prop = ast.Prop(("c", "d"), span=S)
    total = ast.Arith(ast.ArithOp.ADD, prop, ast.Arith(ast.ArithOp.MUL, N(2), N(3), span=S), span=S)
    count = ast.Count(W("enemies"), span=S)
    right = ast.Arith(ast.ArithOp.SUB, count, ast.Neg(N(1), span=S), span=S)
    assert clause.condition == ast.Logic(
        ast.LogicOp.OR,
        ast.Not(W("a"), span=S),
        ast.Logic(
            ast.LogicOp.AND, W("b"), ast.Compare(ast.CompareOp.GE, total, right, span=S), span=S
        ),
        span=S,
    )


def test_parenthesised_values_inside_phrases() -> None:
    clause = one("deal (target.wounds + 1) wounds to target")
    addition = ast.Arith(ast.ArithOp.ADD, ast.Prop(("target", "wounds"), span=S), N(1), span=S)
    assert clause == do("deal", addition, "wounds", "to", "target")


def test_comments_blank_lines_and_crlf_are_layout() -> None:
    text = "# a skill\r\n\r\nupon activation:  # start\r\n    # nothing\r\n    gain 1 mana\r\n# end"
    assert parse(text) == parse("upon activation: gain 1 mana")


def test_multi_line_parentheses_continue_the_line() -> None:
    assert parse("if (a and\n      b): x\n") == parse("if a and b: x\n")


def test_nested_blocks() -> None:
    text = "upon activation:\n  for each enemy:\n    if a:\n      x\n      y\n  z\n"
    (clause,) = parse(text).clauses
    assert isinstance(clause, ast.Trigger)
    loop, last = clause.body
    assert isinstance(loop, ast.ForEach) and last == do("z")
    assert loop.body == (ast.If(W("a"), (do("x"), do("y")), (), span=S),)


def test_spans_point_at_the_source() -> None:
    (clause,) = parse("upon activation:\n    gain 12 mana\n", file="c.yaml").clauses
    assert isinstance(clause, ast.Trigger)
    assert clause.pattern.span == Span("c.yaml", 1, 6, 1, 16)
    (stmt,) = clause.body
    assert isinstance(stmt, ast.Do)
    assert stmt.span == Span("c.yaml", 2, 5, 2, 17)
    assert stmt.phrase.atoms[1].span == Span("c.yaml", 2, 10, 2, 12)
    assert clause.span == Span("c.yaml", 1, 1, 2, 17)


def test_empty_text_is_an_empty_effect() -> None:
    assert parse("  \n# only a comment\n").clauses == ()


def test_pretty_is_canonical() -> None:
    text = "choose one: gain 1 ap | gain 1 mana\nif (a): x\nelse: if b: y\n"
    assert pretty(parse(text)) == (
        "choose one:\n    gain 1 ap\n    gain 1 mana\nif a: x\nelse:\n    if b: y\n"
    )


@pytest.mark.parametrize(
    ("text", "code", "line", "column"),
    [
        ("upon activation gain 1 mana", "HF302", 1, 28),  # missing ':'
        ("gain 1 $ mana", "HF301", 1, 8),
        ("upon activation:\n    gain 1\n  gain 2\n", "HF303", 3, 1),
        ("gain 1\n    gain 2\n", "HF302", 2, 1),
        ("if a and: x", "HF302", 1, 9),
        ("if a: deal target.wounds + 1 wounds to target", "HF302", 1, 26),
        ("upon activation:\n", "HF302", 2, 1),
        ("x" + "(" * 13 + "1" + ")" * 13, "HF304", 1, 14),
        ("gain 1 mana\n" * 2000, "HF305", 1, 1),
    ],
)
def test_syntax_errors_have_codes_and_positions(
    text: str, code: str, line: int, column: int
) -> None:
    with pytest.raises(HexforgeError) as raised:
        parse(text)
    (diagnostic,) = raised.value.diagnostics
    assert diagnostic.code == code
    assert diagnostic.span is not None
    assert (diagnostic.span.line, diagnostic.span.column) == (line, column)
    assert diagnostic.hint


def test_deep_blocks_are_refused_before_python_recursion_fails() -> None:
    text = "".join("    " * depth + "if a:\n" for depth in range(40)) + "    " * 40 + "x\n"
    with pytest.raises(HexforgeError) as raised:
        parse(text)
    assert raised.value.code == "HF304"


def test_long_inline_chains_are_refused_cleanly() -> None:
    with pytest.raises(HexforgeError) as raised:
        parse("unless a: " * 1500 + "x")
    assert raised.value.code == "HF304"


def test_colons_in_comments_do_not_count_as_nesting() -> None:
    assert parse("gain 1 mana  # a: b: c: d: e: f: g: h: i: j: k: l: m: n:").clauses


def test_keyword_misuse_says_it_is_a_keyword() -> None:
    with pytest.raises(HexforgeError) as raised:
        parse("gain 1 mana if")
    assert "keyword" in raised.value.diagnostics[0].message
