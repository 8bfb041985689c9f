"""Text -> :mod:`hexforge.dsl.ast`: the Lark LALR parser and its error reporting.

The parser object is made once per process, its LALR tables read from the cache that
:mod:`hexforge.dsl.larkcache` keeps (building them costs far more than parsing a card).
Every failure becomes a :class:`HexforgeError` with a code, span, the
offending line and a hint - never a lark exception.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, fields
from functools import cache
from importlib.resources import files
from typing import Any, TypeVar

from lark import Lark, Token, Transformer
from lark.exceptions import (
    LarkError,
    UnexpectedCharacters,
    UnexpectedInput,
    UnexpectedToken,
    VisitError,
)
from lark.indenter import Indenter

from hexforge.core.errors import Diagnostic, HexforgeError, Span
from hexforge.dsl import ast
from hexforge.dsl import codes as c
from hexforge.dsl.fastparse import FastParser, Unsure
from hexforge.dsl.larkcache import cached_lark


@dataclass(frozen=True, slots=True)
class Limits:
    """Bounds on one effect text, so a hostile or broken card cannot exhaust the process."""

    max_chars: int = 20_000
    max_depth: int = 12  # nested blocks, and nested parentheses
    max_nodes: int = 2_000
    max_number: int = 999
    """The largest number an effect may write (or compute from written numbers alone);
    a game narrows it per stat and placeholder (``Vocabulary.stat(bounds=...)``)."""
    max_value: int = 1_000_000
    """The largest number a running effect may compute (HF332 beyond it)."""


LIMITS = Limits()
_MAX_DIGITS = len(str(LIMITS.max_number))

KEYWORDS = frozenset(
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
        levels = list(self.indent_level)
        while indent < self.indent_level[-1]:
            self.indent_level.pop()
            yield Token.new_borrow_pos(self.DEDENT_type, indent_str, token)
        if indent != self.indent_level[-1]:
            raise _error(
                c.SYNTAX_INDENT,
                "this line's indentation matches no enclosing block",
                Span.point(self.file, line, 1, max(indent, 1)),
                self.lines,
                _dedent_hint(self.lines, line, levels),
            )


def _dedent_hint(lines: list[str], line: int, levels: list[int]) -> str:
    """The lines a badly dedented line may line up with, named by their text rather than
    by counts of spaces or line numbers: inside a YAML block neither is the file's, but
    "as 'gain 1 mana' is" means the same in both."""
    found = []
    for level in reversed(levels):
        for number in range(min(line - 1, len(lines)), 0, -1):
            text = lines[number - 1]
            if text.strip() and len(text) - len(text.lstrip(" ")) == level:
                found.append(f"as '{text.strip()}' is")
                break
    return "line it up " + " or ".join(found) if found else "indent it like its block"


@cache
def _lark() -> Lark:
    grammar = files("hexforge.dsl").joinpath("effect.lark").read_text(encoding="utf-8")
    return cached_lark(grammar, _Indenter(), parser="lalr", strict=True, maybe_placeholders=True)


@cache
def _fast() -> FastParser:
    """The fast path, its reductions building the AST directly."""
    return FastParser(_lark(), LIMITS.max_depth, _MAX_FAST_TOKENS, _BUILD)


# A text of at most this many tokens nests at most this deep, which lark's recursive
# transform (and every AST consumer) reads easily; longer ones go through lark, where the
# recursion limit is what reports absurd nesting (HF304).
_MAX_FAST_TOKENS = 300


def _effect(text: str, file: str | None, lines: list[str]) -> ast.Effect:
    """The AST of ``text``: from the fast path, or from lark when the fast path is unsure
    (which is where lark reports the syntax errors)."""
    _BUILD.file = file
    try:
        effect = _fast().parse(text)
    except Unsure:
        indenter = _lark().options.postlex
        assert isinstance(indenter, _Indenter)
        indenter.file, indenter.lines = file, lines
        tree = _lark().parse(text)
        try:
            effect = _BUILD.transform(tree)
        except VisitError as exc:  # lark wraps what the rules raise (RecursionError, HF306)
            raise exc.orig_exc from None
    assert isinstance(effect, ast.Effect)
    return effect


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
    try:
        return _effect(text.rstrip() + "\n", file, lines)
    except _NumberTooLarge as exc:
        raise _error(
            c.NUMBER_OUT_OF_RANGE,
            f"the number {_abridged(exc.digits)} is larger than {LIMITS.max_number}, the "
            "largest an effect may write",
            exc.span,
            lines,
            "the game's stats and phrases have smaller ranges still (docs/content.md lists motu's)",
        ) from None
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


class _NumberTooLarge(Exception):
    """A number token larger than ``LIMITS.max_number``, found while building the tree."""

    def __init__(self, digits: str, span: Span) -> None:
        super().__init__(digits)
        self.digits, self.span = digits, span


def _abridged(digits: str) -> str:
    return digits if len(digits) <= 24 else f"{digits[:12]}... ({len(digits):,} digits)"


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
            if word in KEYWORDS:
                message += f" ({word!r} is a keyword of the effect language)"
            header = _unindented_body(lines, line, column)
            if header is not None:
                message = f"the block of '{header}' is not indented"
                advice = f"indent the lines under '{header}' further than it"
                return _error(code, message, Span.point(file, line, column, width), lines, advice)
    else:
        code, message, width = c.SYNTAX_TOKEN, "the effect ends too early", 1
    span = Span.point(file, line, column, width)
    hint = _hint(expected)
    if message == "unexpected indentation":
        hint = "only the lines after a line ending with ':' are indented"
    elif message in ("unexpected '+'", "unexpected '-'", "unexpected '*'"):
        hint = "inside a phrase, put arithmetic in parentheses: deal (target.wounds + 1) ..."
    return _error(code, message, span, lines, hint)


def _unindented_body(lines: list[str], line: int, column: int) -> str | None:
    """The text of the line opening a block (ending with ':') whose body, starting at
    ``line``, is not indented deeper than it; None for any other error."""
    if not 1 < line <= len(lines):
        return None
    text = lines[line - 1]
    indent = len(text) - len(text.lstrip(" "))
    if column != indent + 1:  # not the first word of its line
        return None
    number = line - 1
    while number > 0 and not lines[number - 1].strip():
        number -= 1
    above = lines[number - 1] if number > 0 else ""
    if not above.rstrip().endswith(":") or len(above) - len(above.lstrip(" ")) < indent:
        return None
    return above.strip()


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
    return _span(start.file, start.line, start.column, end.end_line, end.end_column)


# ---- values made without their dataclass __init__ -------------------------------------
# A frozen dataclass's __init__ sets each field through ``object.__setattr__`` (and a
# keyword ``span=`` costs as much again), and a parse makes a span and a node for every
# word. These make the same values (the same class, its slots set directly) at a third of
# the cost; only for classes without ``__post_init__``, whose fields are the ones named.

_new = object.__new__


def _setters(cls: type, *names: str) -> tuple[Callable[[Any, Any], None], ...]:
    """The setters of the slots ``names`` of ``cls``, which must be all its fields."""
    assert tuple(f.name for f in fields(cls)) == names and not hasattr(cls, "__post_init__")
    return tuple(getattr(cls, name).__set__ for name in names)


_set_file, _set_line, _set_column, _set_end_line, _set_end_column = _setters(
    Span, "file", "line", "column", "end_line", "end_column"
)


def _span(file: str | None, line: int, column: int, end_line: int, end_column: int) -> Span:
    """``Span(file, line, column, end_line, end_column)``."""
    span: Span = _new(Span)
    _set_file(span, file)
    _set_line(span, line)
    _set_column(span, column)
    _set_end_line(span, end_line)
    _set_end_column(span, end_column)
    return span


def _token_span(token: Token, file: str | None) -> Span:
    """The span of ``token`` in ``file``."""
    span: Span = _new(Span)
    _set_file(span, file)
    _set_line(span, token.line or 1)
    _set_column(span, token.column or 1)
    _set_end_line(span, token.end_line or 1)
    _set_end_column(span, token.end_column or 1)
    return span


_set_node_span, _set_word_text = _setters(ast.Word, "span", "text")


def _word(token: Token, file: str | None) -> ast.Word:
    """``ast.Word(str(token), span=<token's span>)``: most atoms of a phrase."""
    word: ast.Word = _new(ast.Word)
    _set_word_text(word, str(token))
    _set_node_span(word, _token_span(token, file))
    return word


_Node = TypeVar("_Node", bound=ast.Node)


def _maker(cls: type[_Node], field: str) -> Callable[[Any, Span], _Node]:
    """``cls(value, span=span)`` for a node of one field besides its span."""
    set_span, set_value = _setters(cls, "span", field)

    def make(value: Any, span: Span) -> _Node:
        node: _Node = _new(cls)
        set_value(node, value)
        set_span(node, span)
        return node

    return make


_num = _maker(ast.Num, "value")
_phrase = _maker(ast.Phrase, "atoms")
_do = _maker(ast.Do, "phrase")
_effect_node = _maker(ast.Effect, "clauses")


class _Build(Transformer[Token, Any]):
    """Lark rule -> AST node: one method per grammar rule, given the rule's children.

    The same methods build the tree in both paths: as the fast path's reductions (no lark
    tree at all) and, after lark parsed a text itself, as a lark Transformer. Spans come
    from the tokens (keywords that start a node are kept in the tree for that), which is
    much cheaper than lark's ``propagate_positions``; ``file`` is set for each text.
    """

    file: str | None = None

    def start(self, clauses: list[ast.Clause]) -> ast.Effect:
        span = (
            _through(clauses[0].span, clauses[-1].span) if clauses else Span.point(self.file, 1, 1)
        )
        return _effect_node(tuple(clauses), span)

    def _trigger(self, form: ast.TriggerForm, children: list[Any]) -> ast.Trigger:
        keyword, pattern, once, _, condition, stmts = children
        return ast.Trigger(
            form,
            pattern,
            None if condition is None else _expr(condition),
            stmts,
            once,
            span=self._reach(keyword, stmts[-1].span),
        )

    def upon(self, children: list[Any]) -> ast.Trigger:
        return self._trigger(ast.TriggerForm.UPON, children)

    def at_end_of(self, children: list[Any]) -> ast.Trigger:
        return self._trigger(ast.TriggerForm.AT_END_OF, children)

    def when(self, children: list[Any]) -> ast.Trigger:
        return self._trigger(ast.TriggerForm.WHEN, children)

    def once(self, children: list[Token]) -> str:
        return str(children[0])

    def while_clause(self, children: list[Any]) -> ast.While:
        keyword, condition, *rules = children
        return ast.While(_expr(condition), tuple(rules), span=self._reach(keyword, rules[-1].span))

    def modifier(self, children: list[Any]) -> ast.ModifierRule:
        phrase, sign, amount = children
        value = _expr(amount)
        return ast.ModifierRule(
            phrase, ast.ModifierSign(str(sign)), value, span=_through(phrase.span, value.span)
        )

    def permission(self, children: list[Any]) -> ast.PermissionRule:
        who, allowed, phrase = children
        start = self._token(allowed) if who is None else who.span
        return ast.PermissionRule(
            str(allowed) == "can", phrase, who, span=_through(start, phrase.span)
        )

    def body(self, children: list[Any]) -> tuple[ast.Stmt, ...]:
        (inner,) = children
        return inner if isinstance(inner, tuple) else (inner,)

    plain_body = body

    def block(self, stmts: list[ast.Stmt]) -> tuple[ast.Stmt, ...]:
        return tuple(stmts)

    def do_stmt(self, children: list[ast.Phrase]) -> ast.Do:
        phrase = children[0]
        return _do(phrase, phrase.span)

    def if_stmt(self, children: list[Any]) -> ast.If:
        keyword, condition, then, otherwise = children
        last = (otherwise or then)[-1].span
        return ast.If(_expr(condition), then, otherwise or (), span=self._reach(keyword, last))

    def unless_stmt(self, children: list[Any]) -> ast.Unless:
        keyword, condition, stmts = children
        return ast.Unless(_expr(condition), stmts, span=self._reach(keyword, stmts[-1].span))

    def for_each(self, children: list[Any]) -> ast.ForEach:
        keyword, selector, stmts = children
        return ast.ForEach(selector, stmts, span=self._reach(keyword, stmts[-1].span))

    def choose_inline(self, children: list[Any]) -> ast.ChooseOne:
        keyword, *phrases = children
        options = tuple(ast.Do(p, span=p.span) for p in phrases)
        return ast.ChooseOne(options, span=self._reach(keyword, options[-1].span))

    def choose_block(self, children: list[Any]) -> ast.ChooseOne:
        keyword, options = children
        return ast.ChooseOne(options, span=self._reach(keyword, options[-1].span))

    def test(self, children: list[Any]) -> ast.StatTest:
        keyword, stat, sign, bonus, against, *rows = children
        amount: ast.Expr | None = None
        if bonus is not None:
            amount = _expr(bonus)
            if str(sign) == "-":
                amount = ast.Neg(amount, span=self._reach(sign, amount.span))
        return ast.StatTest(
            stat, amount, against, tuple(rows), span=self._reach(keyword, rows[-1].span)
        )

    def row(self, children: list[Any]) -> ast.Row:
        count, plus, stmts = children
        successes = self._number(count)
        return ast.Row(successes, plus is not None, stmts, span=self._reach(count, stmts[-1].span))

    def _number(self, token: Token) -> int:
        """A number token's value; its digits are counted first (``int()`` refuses 4,301 of
        them), and one above ``LIMITS.max_number`` is HF306 at its place."""
        digits = str(token).lstrip("0") or "0"
        if len(digits) <= _MAX_DIGITS:
            number = int(digits)
            if number <= LIMITS.max_number:
                return number
        raise _NumberTooLarge(str(token), self._token(token))

    def _logic(self, op: ast.LogicOp, children: list[Any]) -> ast.Logic:
        left, right = _expr(children[0]), _expr(children[1])
        return ast.Logic(op, left, right, span=_through(left.span, right.span))

    def or_(self, children: list[Any]) -> ast.Logic:
        return self._logic(ast.LogicOp.OR, children)

    def and_(self, children: list[Any]) -> ast.Logic:
        return self._logic(ast.LogicOp.AND, children)

    def not_(self, children: list[Any]) -> ast.Not:
        operand = _expr(children[1])
        return ast.Not(operand, span=self._reach(children[0], operand.span))

    def neg(self, children: list[Any]) -> ast.Neg:
        operand = _expr(children[1])
        return ast.Neg(operand, span=self._reach(children[0], operand.span))

    def compare(self, children: list[Any]) -> ast.Compare:
        first, op, second = children
        lhs, rhs = _expr(first), _expr(second)
        return ast.Compare(ast.CompareOp(str(op)), lhs, rhs, span=_through(lhs.span, rhs.span))

    def arith(self, children: list[Any]) -> ast.Arith:
        first, op, second = children
        lhs, rhs = _expr(first), _expr(second)
        return ast.Arith(ast.ArithOp(str(op)), lhs, rhs, span=_through(lhs.span, rhs.span))

    def phrase(self, children: list[Any]) -> ast.Phrase:
        file = self.file
        atoms: list[ast.Word | ast.Expr] = []
        for child in children:  # the atoms' nodes, built here: a phrase is most of a text
            if not isinstance(child, Token):  # a value: a property, a count or ( ... )
                atoms.append(_expr(child))
            elif child.type == "WORD":
                atoms.append(_word(child, file))
            else:
                atoms.append(_num(self._number(child), _token_span(child, file)))
        first, last = atoms[0].span, atoms[-1].span
        if len(atoms) > 1:  # spans are values: one atom's phrase shares the atom's
            first = _span(file, first.line, first.column, last.end_line, last.end_column)
        return _phrase(tuple(atoms), first)

    def property(self, words: list[Token]) -> ast.Prop:
        first, last = words[0], words[-1]
        span = _span(
            self.file, first.line or 1, first.column or 1, last.end_line or 1, last.end_column or 1
        )
        return ast.Prop(tuple(map(str, words)), span=span)

    def count(self, children: list[Any]) -> ast.Count:
        keyword, selector, close = children
        span = _span(
            self.file,
            keyword.line or 1,
            keyword.column or 1,
            close.end_line or 1,
            close.end_column or 1,
        )
        return ast.Count(selector, span=span)

    def _token(self, token: Token) -> Span:
        return _token_span(token, self.file)

    def _reach(self, token: Token, end: Span) -> Span:
        """From the start of ``token`` to the end of ``end``."""
        return _span(self.file, token.line or 1, token.column or 1, end.end_line, end.end_column)


def _expr(node: ast.Expr) -> ast.Expr:
    """A phrase used as a value: a phrase of a single value (``2``, ``(a + b)``) is that value."""
    if isinstance(node, ast.Phrase):
        atoms = node.atoms
        if len(atoms) == 1 and not isinstance(atoms[0], ast.Word):
            return atoms[0]
    return node


_BUILD = _Build()
