"""Text -> :mod:`hexforge.dsl.ast`: the Lark LALR parser and its error reporting.

The parser object is built once per process (building the LALR tables costs far more than
parsing a card); lark's own ``cache=True`` is not used because it writes a predictable
file under /tmp. Every failure becomes a :class:`HexforgeError` with a code, span, the
offending line and a hint - never a lark exception.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from importlib.resources import files

from lark import Lark, Token, Tree
from lark.exceptions import LarkError, UnexpectedCharacters, UnexpectedInput, UnexpectedToken
from lark.indenter import Indenter

from hexforge.core.errors import Diagnostic, HexforgeError, Span
from hexforge.dsl import ast
from hexforge.dsl import codes as c
from hexforge.dsl.fastparse import FastParser, Unsure


@dataclass(frozen=True, slots=True)
class Limits:
    """Bounds on one effect text, so a hostile or broken card cannot exhaust the process."""

    max_chars: int = 20_000
    max_depth: int = 12  # nested blocks, and nested parentheses
    max_nodes: int = 2_000


LIMITS = Limits()

_KEYWORDS = frozenset(
    {"upon", "at", "end", "of", "when", "while", "if", "else", "unless", "for", "each"}
    | {"choose", "one", "test", "against", "can", "cannot", "and", "or", "not", "count"}
)


class _Indenter(Indenter):
    """Python-style blocks; reports bad dedents and too deep blocks as diagnostics."""

    NL_type = "_NL"
    OPEN_PAREN_types = ["LPAR"]  # noqa: RUF012 - lark's Indenter declares them as lists
    CLOSE_PAREN_types = ["RPAR"]  # noqa: RUF012
    INDENT_type = "_INDENT"
    DEDENT_type = "_DEDENT"
    tab_len = 8

    def __init__(self) -> None:
        super().__init__()
        self.file: str | None = None
        self.lines: list[str] = []

    def handle_NL(self, token: Token) -> Iterator[Token]:
        if self.paren_level > 0:
            return
        yield token
        indent_str = token.rsplit("\n", 1)[1]
        indent = indent_str.count(" ") + indent_str.count("\t") * self.tab_len
        line = token.end_line or 1
        if indent > self.indent_level[-1]:
            if len(self.indent_level) > LIMITS.max_depth:
                raise _error(
                    c.TOO_DEEP,
                    f"blocks are nested more than {LIMITS.max_depth} levels deep",
                    Span.point(self.file, line, 1, indent),
                    self.lines,
                    "split the effect into simpler parts",
                )
            self.indent_level.append(indent)
            yield Token.new_borrow_pos(self.INDENT_type, indent_str, token)
            return
        while indent < self.indent_level[-1]:
            self.indent_level.pop()
            yield Token.new_borrow_pos(self.DEDENT_type, indent_str, token)
        if indent != self.indent_level[-1]:
            raise _error(
                c.SYNTAX_INDENT,
                "this line's indentation matches no enclosing block",
                Span.point(self.file, line, 1, max(indent, 1)),
                self.lines,
                "indent it like the block it belongs to: "
                + " or ".join(str(level) for level in self.indent_level)
                + " spaces",
            )


@cache
def _lark() -> Lark:
    grammar = files("hexforge.dsl").joinpath("effect.lark").read_text(encoding="utf-8")
    return Lark(
        grammar,
        parser="lalr",
        strict=True,
        maybe_placeholders=True,
        postlex=_Indenter(),
    )


@cache
def _fast() -> FastParser:
    return FastParser(_lark(), LIMITS.max_depth)


def _lark_tree(text: str) -> Tree[Token]:
    """Lark's tree of ``text``: from the fast path, or from lark when the fast path is unsure
    (which is where lark reports the syntax errors)."""
    try:
        return _fast().parse(text)
    except Unsure:
        return _lark().parse(text)


def parse(text: str, *, file: str | None = None) -> ast.Effect:
    """Parse an effect text; raises HexforgeError (HF30x) for anything that is not valid syntax.

    Spans are relative to ``text``: line 1, column 1 is its first character.
    """
    lines = text.split("\n")
    if len(text) > LIMITS.max_chars:
        raise _error(
            c.TOO_LARGE,
            f"the effect text has {len(text)} characters; at most {LIMITS.max_chars} are allowed",
            Span.point(file, 1, 1),
            lines,
            "split it into several cards or skills",
        )
    _check_parentheses(text, file, lines)
    indenter = _lark().options.postlex
    assert isinstance(indenter, _Indenter)
    indenter.file, indenter.lines = file, lines
    try:
        tree = _lark_tree(text.rstrip() + "\n")
        return _Builder(file).effect(tree)
    except UnexpectedInput as exc:
        raise _syntax_error(exc, file, lines) from None
    except RecursionError:
        raise _error(
            c.TOO_DEEP,
            "the effect is nested too deeply to read",
            Span.point(file, 1, 1),
            lines,
            "use blocks instead of long chains of inline clauses",
        ) from None
    except LarkError as exc:  # any other lark failure is still the author's syntax
        raise _error(c.SYNTAX_TOKEN, f"cannot read the effect: {exc}", None, lines, None) from None


def _check_parentheses(text: str, file: str | None, lines: list[str]) -> None:
    if text.count("(") <= LIMITS.max_depth:
        return
    depth = 0
    line, column = 1, 0
    for char in text:
        column += 1
        if char == "\n":
            line, column = line + 1, 0
        elif char == "(":
            depth += 1
            if depth > LIMITS.max_depth:
                raise _error(
                    c.TOO_DEEP,
                    f"parentheses are nested more than {LIMITS.max_depth} deep",
                    Span.point(file, line, column),
                    lines,
                    "simplify the expression",
                )
        elif char == ")":
            depth = max(depth - 1, 0)


def _error(
    code: str, message: str, span: Span | None, lines: list[str], hint: str | None
) -> HexforgeError:
    source = lines[span.line - 1] if span is not None and 0 < span.line <= len(lines) else None
    return HexforgeError(Diagnostic(code, message, span, source, hint))


_READABLE = {
    "WORD": "a word",
    "INT": "a number",
    "_NL": "the end of the line",
    "$END": "the end of the text",
    "_INDENT": "an indented block",
    "_DEDENT": "the end of the block",
    "COMPARE": "a comparison",
}


def _readable(name: str) -> str:
    if name in _READABLE:
        return _READABLE[name]
    terminal = next((t for t in _lark().terminals if t.name == name), None)
    if terminal is not None and terminal.pattern.type == "str":
        return repr(terminal.pattern.value)
    return name.lower()


def _syntax_error(exc: UnexpectedInput, file: str | None, lines: list[str]) -> HexforgeError:
    line, column = max(exc.line, 1), max(exc.column, 1)
    expected: set[str] = set()
    if isinstance(exc, UnexpectedCharacters):
        char = lines[line - 1][column - 1] if line <= len(lines) else "?"
        code, message, width = c.SYNTAX_CHARACTER, f"unexpected character {char!r}", 1
        expected = set(exc.allowed or ())
    elif isinstance(exc, UnexpectedToken):
        token = exc.token
        code = c.SYNTAX_TOKEN
        expected = set(exc.expected)
        if token.type == "$END":
            message, width = "the effect ends too early", 1
            line, column = len(lines), len(lines[-1]) + 1
        elif token.type in ("_NL", "_DEDENT"):
            message, width = "the line ends too early", 1
            text = lines[line - 1] if line <= len(lines) else ""
            column = len(text.rstrip()) + 1
        elif token.type == "_INDENT":
            message, width = "unexpected indentation", 1
            line, column = (token.end_line or line), 1
        else:
            word = str(token)
            message, width = f"unexpected {word!r}", len(word)
            if word in _KEYWORDS:
                message += f" ({word!r} is a keyword of the effect language)"
    else:
        code, message, width = c.SYNTAX_TOKEN, "the effect ends too early", 1
    span = Span.point(file, line, column, width)
    hint = _hint(expected)
    if message == "unexpected indentation":
        hint = "only the lines after a line ending with ':' are indented"
    elif message in ("unexpected '+'", "unexpected '-'", "unexpected '*'"):
        hint = "inside a phrase, put arithmetic in parentheses: deal (target.wounds + 1) ..."
    return _error(code, message, span, lines, hint)


def _hint(expected: set[str]) -> str | None:
    if not expected:
        return None
    if "COLON" in expected and len(expected) <= 8:
        return "a line that opens a block (upon, when, while, if, for each...) ends with ':'"
    names = sorted({_readable(name) for name in expected})
    if len(names) > 6:
        names = [*names[:6], "..."]
    return "expected " + ", ".join(names)


def _through(start: Span, end: Span) -> Span:
    return Span(start.file, start.line, start.column, end.end_line, end.end_column)


Child = Tree[Token] | Token | None


class _Builder:
    """Turns the lark tree into AST nodes (one method per grammar rule).

    Spans come from the tokens (keywords that start a node are kept in the tree for
    that), which is much cheaper than lark's ``propagate_positions``. Rule names are
    compared as plain strings: lark names rules with Tokens, whose ``==`` is Python code.
    """

    def __init__(self, file: str | None) -> None:
        self.file = file

    def token(self, token: Child) -> Span:
        assert isinstance(token, Token)
        return Span(
            self.file,
            token.line or 1,
            token.column or 1,
            token.end_line or 1,
            token.end_column or 1,
        )

    def tokens(self, first: Child, last: Child) -> Span:
        """From the start of token ``first`` to the end of token ``last``."""
        assert isinstance(first, Token) and isinstance(last, Token)
        return Span(
            self.file, first.line or 1, first.column or 1, last.end_line or 1, last.end_column or 1
        )

    def effect(self, tree: Tree[Token]) -> ast.Effect:
        clauses = tuple(self.clause(child) for child in _trees(tree.children))
        span = (
            _through(clauses[0].span, clauses[-1].span) if clauses else Span.point(self.file, 1, 1)
        )
        return ast.Effect(clauses, span=span)

    def clause(self, tree: Tree[Token]) -> ast.Clause:
        kind = str(tree.data)
        if kind in _TRIGGERS:
            keyword, pattern, once, _, condition, body = tree.children
            stmts = self.body(body)
            return ast.Trigger(
                _TRIGGERS[kind],
                self.phrase(pattern),
                None if condition is None else self.expr(condition),
                stmts,
                None if once is None else str(_tree(once).children[0]),
                span=self.reach(keyword, stmts[-1].span),
            )
        if kind == "while_clause":
            keyword, condition, *rules = tree.children
            passives = tuple(self.passive(_tree(rule)) for rule in rules)
            return ast.While(
                self.expr(condition),
                passives,
                span=self.reach(keyword, passives[-1].span),
            )
        if kind in ("modifier", "permission"):
            return self.passive(tree)
        return self.stmt(tree, kind)

    def passive(self, tree: Tree[Token]) -> ast.Passive:
        if str(tree.data) == "modifier":
            stat, sign, amount = tree.children
            phrase = self.phrase(stat)
            value = self.expr(amount)
            return ast.ModifierRule(
                phrase, ast.ModifierSign(str(sign)), value, span=_through(phrase.span, value.span)
            )
        subject, allowed, action = tree.children
        phrase = self.phrase(action)
        who = None if subject is None else self.phrase(subject)
        start = self.token(allowed) if who is None else who.span
        return ast.PermissionRule(
            str(allowed) == "can", phrase, who, span=_through(start, phrase.span)
        )

    def body(self, child: Child) -> tuple[ast.Stmt, ...]:
        (inner,) = _trees(_tree(child).children)
        kind = str(inner.data)
        if kind == "block":
            return tuple(self.stmt(stmt, str(stmt.data)) for stmt in _trees(inner.children))
        return (self.stmt(inner, kind),)

    def stmt(self, tree: Tree[Token], kind: str) -> ast.Stmt:
        children = tree.children
        if kind == "do_stmt":
            phrase = self.phrase(children[0])
            return ast.Do(phrase, span=phrase.span)
        start = children[0]
        if kind == "if_stmt":
            _, condition, then, otherwise = children
            then_body = self.body(then)
            else_body = () if otherwise is None else self.body(otherwise)
            last = (else_body or then_body)[-1].span
            return ast.If(self.expr(condition), then_body, else_body, span=self.reach(start, last))
        if kind == "unless_stmt":
            _, condition, body = children
            stmts = self.body(body)
            return ast.Unless(self.expr(condition), stmts, span=self.reach(start, stmts[-1].span))
        if kind == "for_each":
            _, selector, body = children
            stmts = self.body(body)
            return ast.ForEach(self.phrase(selector), stmts, span=self.reach(start, stmts[-1].span))
        if kind == "choose_inline":
            inline: tuple[ast.Stmt, ...] = tuple(
                ast.Do(p, span=p.span) for p in (self.phrase(x) for x in children[1:])
            )
            return ast.ChooseOne(inline, span=self.reach(start, inline[-1].span))
        if kind == "choose_block":
            (block,) = _trees(children)
            options = tuple(self.stmt(child, str(child.data)) for child in _trees(block.children))
            return ast.ChooseOne(options, span=self.reach(start, options[-1].span))
        if kind == "test":
            _, stat, sign, bonus, against, *rows = children
            amount: ast.Expr | None = None
            if bonus is not None:
                amount = self.expr(bonus)
                if str(sign) == "-":
                    amount = ast.Neg(amount, span=self.reach(sign, amount.span))
            table = tuple(self.row(_tree(row)) for row in rows)
            return ast.StatTest(
                self.phrase(stat),
                amount,
                None if against is None else self.phrase(against),
                table,
                span=self.reach(start, table[-1].span),
            )
        raise AssertionError(f"unhandled statement rule {kind!r}")

    def reach(self, token: Child, end: Span) -> Span:
        """From the start of ``token`` to the end of ``end``."""
        assert isinstance(token, Token)
        return Span(self.file, token.line or 1, token.column or 1, end.end_line, end.end_column)

    def row(self, tree: Tree[Token]) -> ast.Row:
        count, plus, body = tree.children
        stmts = self.body(body)
        return ast.Row(
            int(str(count)),
            plus is not None,
            stmts,
            span=self.reach(count, stmts[-1].span),
        )

    def expr(self, child: Child) -> ast.Expr:
        tree = _tree(child)
        kind = str(tree.data)
        children = tree.children
        if kind == "phrase":
            phrase = self.phrase(tree)
            atoms = phrase.atoms
            if len(atoms) == 1 and not isinstance(atoms[0], ast.Word):
                return atoms[0]
            return phrase
        if kind == "compare" or kind == "arith":
            first, op, second = children
            lhs, rhs = self.expr(first), self.expr(second)
            span = _through(lhs.span, rhs.span)
            if kind == "compare":
                return ast.Compare(ast.CompareOp(str(op)), lhs, rhs, span=span)
            return ast.Arith(ast.ArithOp(str(op)), lhs, rhs, span=span)
        if kind == "or_" or kind == "and_":
            left, right = (self.expr(x) for x in children)
            logic = ast.LogicOp.OR if kind == "or_" else ast.LogicOp.AND
            return ast.Logic(logic, left, right, span=_through(left.span, right.span))
        if kind == "not_":
            operand = self.expr(children[1])
            return ast.Not(operand, span=self.reach(children[0], operand.span))
        if kind == "neg":
            operand = self.expr(children[1])
            return ast.Neg(operand, span=self.reach(children[0], operand.span))
        atom = self.atom(tree)
        assert not isinstance(atom, ast.Word)
        return atom

    def phrase(self, child: Child) -> ast.Phrase:
        atoms = tuple([self.atom(item) for item in _tree(child).children])
        first, last = atoms[0].span, atoms[-1].span
        span = Span(self.file, first.line, first.column, last.end_line, last.end_column)
        return ast.Phrase(atoms, span=span)

    def atom(self, child: Child) -> ast.Word | ast.Expr:
        if isinstance(child, Token):
            span = self.token(child)
            if child.type == "WORD":
                return ast.Word(str(child), span=span)
            return ast.Num(int(child), span=span)
        tree = _tree(child)
        kind = str(tree.data)
        if kind == "property":
            words = tree.children
            return ast.Prop(tuple(map(str, words)), span=self.tokens(words[0], words[-1]))
        if kind == "count":
            keyword, selector, close = tree.children
            phrase = self.phrase(selector)
            return ast.Count(phrase, span=self.tokens(keyword, close))
        return self.expr(tree)


_TRIGGERS = {
    "upon": ast.TriggerForm.UPON,
    "at_end_of": ast.TriggerForm.AT_END_OF,
    "when": ast.TriggerForm.WHEN,
}


def _trees(children: Sequence[Child]) -> list[Tree[Token]]:
    return [child for child in children if isinstance(child, Tree)]


def _tree(child: Child) -> Tree[Token]:
    assert isinstance(child, Tree), child
    return child
