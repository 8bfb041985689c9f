"""AST -> canonical effect text; ``parse(pretty(tree)) == tree`` for every parsed tree.

Canonical layout: four-space blocks; a body that is a single verb phrase stays on its
header line, everything else becomes a block; ``choose one`` always lists its options as
a block; parentheses only where precedence needs them.
"""

from __future__ import annotations

from hexforge.dsl import ast

_INDENT = "    "


def pretty(effect: ast.Effect) -> str:
    """The canonical text of a whole effect (ends with a newline unless empty)."""
    lines: list[str] = []
    for clause in effect.clauses:
        _clause(clause, 0, lines)
    return "".join(line + "\n" for line in lines)


def _clause(clause: ast.Clause, depth: int, out: list[str]) -> None:
    pad = _INDENT * depth
    if isinstance(clause, ast.Trigger):
        condition = "" if clause.condition is None else f" if {expr(clause.condition)}"
        once = "" if clause.once_per is None else f" once per {clause.once_per}"
        _header(
            f"{pad}{clause.form.value} {phrase(clause.pattern)}{once}{condition}:",
            clause.body,
            depth,
            out,
        )
    elif isinstance(clause, ast.While):
        head = f"{pad}while {expr(clause.condition)}:"
        if len(clause.rules) == 1:
            out.append(f"{head} {passive(clause.rules[0])}")
        else:
            out.append(head)
            out.extend(f"{pad}{_INDENT}{passive(rule)}" for rule in clause.rules)
    elif isinstance(clause, ast.ModifierRule | ast.PermissionRule):
        out.append(pad + passive(clause))
    else:
        _stmt(clause, depth, out)


def passive(rule: ast.Passive) -> str:
    """One modifier or permission line."""
    if isinstance(rule, ast.ModifierRule):
        if rule.sign is ast.ModifierSign.SET:
            return f"{phrase(rule.stat)} = {expr(rule.amount)}"
        return f"{phrase(rule.stat)} {rule.sign.value}{expr(rule.amount)}"
    who = "" if rule.subject is None else f"{phrase(rule.subject)} "
    return f"{who}{'can' if rule.allowed else 'cannot'} {phrase(rule.action)}"


def _header(head: str, body: tuple[ast.Stmt, ...], depth: int, out: list[str]) -> None:
    if len(body) == 1 and isinstance(body[0], ast.Do):
        out.append(f"{head} {phrase(body[0].phrase)}")
        return
    out.append(head)
    for stmt in body:
        _stmt(stmt, depth + 1, out)


def _stmt(stmt: ast.Stmt, depth: int, out: list[str]) -> None:
    pad = _INDENT * depth
    if isinstance(stmt, ast.Do):
        out.append(pad + phrase(stmt.phrase))
    elif isinstance(stmt, ast.If):
        _header(f"{pad}if {expr(stmt.condition)}:", stmt.then, depth, out)
        if stmt.otherwise:
            _header(f"{pad}else:", stmt.otherwise, depth, out)
    elif isinstance(stmt, ast.Unless):
        _header(f"{pad}unless {expr(stmt.condition)}:", stmt.body, depth, out)
    elif isinstance(stmt, ast.ForEach):
        _header(f"{pad}for each {phrase(stmt.selector)}:", stmt.body, depth, out)
    elif isinstance(stmt, ast.ChooseOne):
        out.append(f"{pad}choose one:")
        for option in stmt.options:
            _stmt(option, depth + 1, out)
    else:
        bonus = ""
        if isinstance(stmt.bonus, ast.Neg):
            bonus = f" -{_expr(stmt.bonus.operand, _FACTOR)}"
        elif stmt.bonus is not None:
            bonus = f" +{_expr(stmt.bonus, _FACTOR)}"
        against = "" if stmt.against is None else f" against {phrase(stmt.against)}"
        out.append(f"{pad}test {phrase(stmt.stat)}{bonus}{against}:")
        for row in stmt.rows:
            plus = "+" if row.or_more else ""
            _header(f"{pad}{_INDENT}{row.successes}{plus}:", row.body, depth + 1, out)


# Binding strength, loosest first; an operand looser than its slot gets parentheses.
_OR, _AND, _NOT, _COMPARE, _SUM, _TERM, _FACTOR, _ATOM = range(1, 9)


def _strength(node: ast.Expr) -> int:
    if isinstance(node, ast.Logic):
        return _OR if node.op is ast.LogicOp.OR else _AND
    if isinstance(node, ast.Not):
        return _NOT
    if isinstance(node, ast.Compare):
        return _COMPARE
    if isinstance(node, ast.Arith):
        return _TERM if node.op is ast.ArithOp.MUL else _SUM
    if isinstance(node, ast.Neg):
        return _FACTOR
    return _ATOM


def expr(node: ast.Expr) -> str:
    """An expression with the fewest parentheses that keep its meaning."""
    return _expr(node, _OR)


def _expr(node: ast.Expr, slot: int) -> str:
    text = _bare(node)
    return f"({text})" if _strength(node) < slot else text


def _bare(node: ast.Expr) -> str:
    if isinstance(node, ast.Logic):
        own = _strength(node)
        return f"{_expr(node.left, own)} {node.op.value} {_expr(node.right, own + 1)}"
    if isinstance(node, ast.Not):
        return f"not {_expr(node.operand, _NOT)}"
    if isinstance(node, ast.Compare):
        return f"{_expr(node.left, _SUM)} {node.op.value} {_expr(node.right, _SUM)}"
    if isinstance(node, ast.Arith):
        own = _strength(node)
        return f"{_expr(node.left, own)} {node.op.value} {_expr(node.right, own + 1)}"
    if isinstance(node, ast.Neg):
        return f"-{_expr(node.operand, _FACTOR)}"
    if isinstance(node, ast.Num):
        return str(node.value)
    if isinstance(node, ast.Prop):
        return ".".join(node.path)
    if isinstance(node, ast.Count):
        return f"count({phrase(node.selector)})"
    return phrase(node)


def phrase(node: ast.Phrase) -> str:
    """Words as written; argument values that are not atoms go in parentheses."""
    parts: list[str] = []
    for atom in node.atoms:
        if isinstance(atom, ast.Word):
            parts.append(atom.text)
        elif isinstance(atom, ast.Num | ast.Prop | ast.Count):
            parts.append(_bare(atom))
        else:
            parts.append(f"({expr(atom)})")
    return " ".join(parts)
