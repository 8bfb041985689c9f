"""The mutants of one rule module: what tools/mutate_rules.py changes, with stable ids.

Each mutant changes one thing (an operator, a constant, a condition, a removed or
reordered statement; the kinds are listed in docs/mutation.md) and is named
``function/kind/hash``, the hash covering the function, the kind, the code before and
after and its occurrence, so an edit elsewhere in the module leaves the id alone and a
declared survivor keeps its name.
"""

from __future__ import annotations

import ast
import hashlib
import itertools
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

_COMPARE: dict[type[ast.cmpop], type[ast.cmpop]] = {
    ast.Lt: ast.LtE,
    ast.LtE: ast.Lt,
    ast.Gt: ast.GtE,
    ast.GtE: ast.Gt,
    ast.Eq: ast.NotEq,
    ast.NotEq: ast.Eq,
    ast.In: ast.NotIn,
    ast.NotIn: ast.In,
    ast.Is: ast.IsNot,
    ast.IsNot: ast.Is,
}
_ARITHMETIC: dict[type[ast.operator], type[ast.operator]] = {
    ast.Add: ast.Sub,
    ast.Sub: ast.Add,
    ast.Mult: ast.Add,
    ast.FloorDiv: ast.Mult,
    ast.Mod: ast.FloorDiv,
}


@dataclass(frozen=True, slots=True)
class Mutant:
    """One change of one module: each edit replaces ``start:end`` (bytes of the source)
    with new text. ``lines``: the first and last line a test must execute to reach it
    (None at module level, which every test reaches by importing it)."""

    module: str
    id: str
    line: int
    lines: tuple[int, int] | None
    before: str
    after: str
    edits: tuple[tuple[int, int, bytes], ...]

    def apply(self, source: bytes) -> bytes:
        for start, end, text in sorted(self.edits, reverse=True):
            source = source[:start] + text + source[end:]
        return source


class _Maker(ast.NodeVisitor):
    """Walks one module and collects its mutants, in source order, with stable ids."""

    def __init__(self, module: str, source: bytes) -> None:
        self.module = module
        self.source = source
        self.offsets = [0]
        for line in source.splitlines(keepends=True):
            self.offsets.append(self.offsets[-1] + len(line))
        self.scope: list[str] = []
        self.functions = 0
        self.statements: list[ast.stmt] = []
        self.mutants: list[Mutant] = []
        self.seen: Counter[str] = Counter()

    def _span(self, node: ast.AST) -> tuple[int, int]:
        start = self.offsets[node.lineno - 1] + node.col_offset  # type: ignore[attr-defined]
        end = self.offsets[node.end_lineno - 1] + node.end_col_offset  # type: ignore[attr-defined]
        return start, end

    def _text(self, node: ast.AST) -> str:
        start, end = self._span(node)
        return self.source[start:end].decode()

    def _add(self, node: ast.AST, kind: str, edits: list[tuple[ast.AST, str]]) -> None:
        before = " ".join(self._text(node).split())
        after = " ".join(edits[0][1].split()) if len(edits) == 1 else "(swapped)"
        where = ".".join(self.scope) or "<module>"
        key = f"{where}|{kind}|{before}|{after}"
        self.seen[key] += 1
        digest = hashlib.sha1(f"{key}|{self.seen[key]}".encode()).hexdigest()[:8]
        spans = tuple((*self._span(n), text.encode()) for n, text in edits)
        first = self.statements[-1].lineno if self.statements else 1
        last = max(n.end_lineno or 1 for n, _ in edits)  # type: ignore[attr-defined]
        lines = (first, last) if self.functions else None
        mutant_id = f"{where}/{kind}/{digest}"
        line = int(node.lineno)  # type: ignore[attr-defined]
        self.mutants.append(Mutant(self.module, mutant_id, line, lines, before, after, spans))

    def _expr(self, node: ast.expr, kind: str, replacement: ast.expr) -> None:
        self._add(node, kind, [(node, f"({ast.unparse(replacement)})")])

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        self.scope.append(node.name)
        self.functions += 1
        self.generic_visit(node)
        self.functions -= 1
        self.scope.pop()

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        self.scope.append(node.name)
        self.generic_visit(node)
        self.scope.pop()

    def visit_If(self, node: ast.If) -> None:
        if ast.unparse(node.test) == "TYPE_CHECKING":
            return
        self._expr(node.test, "negate", ast.UnaryOp(ast.Not(), node.test))
        self.generic_visit(node)

    def visit_While(self, node: ast.While) -> None:
        self._expr(node.test, "negate", ast.UnaryOp(ast.Not(), node.test))
        self.generic_visit(node)

    def visit_IfExp(self, node: ast.IfExp) -> None:
        self._expr(node.test, "negate", ast.UnaryOp(ast.Not(), node.test))
        self.generic_visit(node)

    def visit_Compare(self, node: ast.Compare) -> None:
        for i, op in enumerate(node.ops):
            swapped = _COMPARE.get(type(op))
            if swapped is not None:
                ops = [*node.ops[:i], swapped(), *node.ops[i + 1 :]]
                self._expr(node, "compare", ast.Compare(node.left, ops, node.comparators))
        self.generic_visit(node)

    def visit_BoolOp(self, node: ast.BoolOp) -> None:
        if isinstance(node.values[-1], ast.Constant):  # a fallback (``owner or ""``) for types
            self.generic_visit(node)
            return
        other = ast.Or() if isinstance(node.op, ast.And) else ast.And()
        self._expr(node, "boolean", ast.BoolOp(other, node.values))
        for i in range(len(node.values)):
            rest = [*node.values[:i], *node.values[i + 1 :]]
            shorter = rest[0] if len(rest) == 1 else ast.BoolOp(node.op, rest)
            self._expr(node, "drop", shorter)
        self.generic_visit(node)

    def visit_UnaryOp(self, node: ast.UnaryOp) -> None:
        if isinstance(node.op, ast.Not):
            self._expr(node, "not", node.operand)
        self.generic_visit(node)

    def visit_BinOp(self, node: ast.BinOp) -> None:
        swapped = _ARITHMETIC.get(type(node.op))
        if swapped is not None:
            self._expr(node, "arithmetic", ast.BinOp(node.left, swapped(), node.right))
        self.generic_visit(node)

    def visit_Constant(self, node: ast.Constant) -> None:
        if isinstance(node.value, bool):
            self._expr(node, "constant", ast.Constant(not node.value))
        elif isinstance(node.value, int):
            self._expr(node, "constant", ast.Constant(node.value + 1))

    def visit_AugAssign(self, node: ast.AugAssign) -> None:
        swapped = _ARITHMETIC.get(type(node.op))
        if swapped is not None:
            replacement = ast.AugAssign(node.target, swapped(), node.value)
            self._add(node, "arithmetic", [(node, ast.unparse(replacement))])
        self.generic_visit(node)

    def generic_visit(self, node: ast.AST) -> None:
        """Visit the children but for annotations, decorators, f-strings, asserts and the
        messages of raises (their mutants say nothing about the rules; a raise is removed
        whole); a body's statements are also removed and swapped."""
        for name, value in ast.iter_fields(node):
            if name in ("annotation", "returns", "decorator_list"):
                continue
            children = value if isinstance(value, list) else [value]
            statements = [c for c in children if isinstance(c, ast.stmt)]
            self._statements(statements)
            for child in children:
                if not isinstance(child, ast.AST) or isinstance(child, _SILENT):
                    continue
                if isinstance(child, ast.stmt):
                    self.statements.append(child)
                self.visit(child)
                if isinstance(child, ast.stmt):
                    self.statements.pop()

    def _statements(self, body: list[ast.stmt]) -> None:
        """Removed statements (calls, raises, assignments to state) and swapped calls."""
        for statement in body:
            if _removable(statement):
                self.statements.append(statement)
                self._add(statement, "remove", [(statement, "pass")])
                self.statements.pop()
        for first, second in itertools.pairwise(body):
            if _is_call(first) and _is_call(second):
                self.statements.append(first)
                self._add(first, "swap", [(first, self._text(second)), (second, self._text(first))])
                self.statements.pop()


_SILENT = (ast.JoinedStr, ast.Assert, ast.Raise)


def _is_call(node: ast.stmt) -> bool:
    return isinstance(node, ast.Expr) and isinstance(node.value, ast.Call)


def _removable(node: ast.stmt) -> bool:
    if _is_call(node) or isinstance(node, ast.Raise | ast.AugAssign):
        return True
    targets = node.targets if isinstance(node, ast.Assign) else []
    return any(isinstance(t, ast.Attribute | ast.Subscript) for t in targets)


def mutants_of(module: str, source: bytes) -> list[Mutant]:
    """Every mutant of one module's source, in source order; each still compiles."""
    maker = _Maker(module, source)
    maker.visit(ast.parse(source))
    found = []
    for mutant in maker.mutants:
        try:
            compile(mutant.apply(source), module, "exec")
        except SyntaxError:
            continue
        found.append(mutant)
    return found


def sample(mutants: Sequence[Mutant], cap: int | None) -> list[Mutant]:
    """At most ``cap`` mutants, chosen by a hash of their ids (so an edit elsewhere in the
    module leaves the choice alone), in source order."""
    if cap is None or len(mutants) <= cap:
        return list(mutants)
    chosen = sorted(mutants, key=lambda m: hashlib.sha1(m.id.encode()).hexdigest())[:cap]
    return sorted(chosen, key=lambda m: (m.line, m.id))
