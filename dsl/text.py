"""English rules text generated from the AST, for card previews.

The text follows the rulebook's way of saying things (``Upon activation: ...``, ``At the
end of activation: ...``, ``2 or more successes: ...``) and keeps the game's own words as
the author wrote them; only the language's structure words are English here, so another
language is another module with the same shape.
"""

from __future__ import annotations

from hexforge.dsl import ast

_COMPARE = {
    ast.CompareOp.EQ: "is",
    ast.CompareOp.NE: "is not",
    ast.CompareOp.LT: "is less than",
    ast.CompareOp.LE: "is at most",
    ast.CompareOp.GT: "is more than",
    ast.CompareOp.GE: "is at least",
}


def rules_text(effect: ast.Effect, *, self_name: str = "this character") -> str:
    """One paragraph per clause; ``self`` is written as ``self_name``."""
    return "\n".join(_Writer(self_name).clause(clause) for clause in effect.clauses)


class _Writer:
    def __init__(self, self_name: str) -> None:
        self.self_name = self_name

    def clause(self, clause: ast.Clause) -> str:
        if isinstance(clause, ast.Trigger):
            head = {
                ast.TriggerForm.UPON: "Upon",
                ast.TriggerForm.AT_END_OF: "At the end of",
                ast.TriggerForm.WHEN: "When",
            }[clause.form]
            condition = "" if clause.condition is None else f", if {self.expr(clause.condition)}"
            once = "" if clause.once_per is None else f" (once per {clause.once_per})"
            pattern = self.phrase(clause.pattern)
            return f"{head} {pattern}{once}{condition}: {self.body(clause.body)}"
        if isinstance(clause, ast.While):
            rules = _join([self.passive(rule) for rule in clause.rules], "and")
            return f"While {self.expr(clause.condition)}: {rules}."
        if isinstance(clause, ast.ModifierRule | ast.PermissionRule):
            return _sentence(self.passive(clause))
        return self.stmt(clause)

    def passive(self, rule: ast.Passive) -> str:
        if isinstance(rule, ast.PermissionRule):
            who = "" if rule.subject is None else f"{self.phrase(rule.subject)} "
            return f"{who}{'can' if rule.allowed else 'cannot'} {self.phrase(rule.action)}"
        amount = self.expr(rule.amount)
        if rule.sign is ast.ModifierSign.SET:
            return f"{self.phrase(rule.stat)} is {amount}"
        return f"{self.phrase(rule.stat)} {rule.sign.value}{amount}"

    def body(self, body: tuple[ast.Stmt, ...]) -> str:
        return " ".join(self.stmt(stmt) for stmt in body)

    def stmt(self, stmt: ast.Stmt) -> str:
        if isinstance(stmt, ast.Do):
            return _sentence(self.phrase(stmt.phrase))
        if isinstance(stmt, ast.If):
            text = f"If {self.expr(stmt.condition)}: {self.body(stmt.then)}"
            return f"{text} Otherwise: {self.body(stmt.otherwise)}" if stmt.otherwise else text
        if isinstance(stmt, ast.Unless):
            return f"Unless {self.expr(stmt.condition)}: {self.body(stmt.body)}"
        if isinstance(stmt, ast.ForEach):
            return f"For each {self.phrase(stmt.selector)}: {self.body(stmt.body)}"
        if isinstance(stmt, ast.ChooseOne):
            options = [self.body((option,)).rstrip(".") for option in stmt.options]
            return f"Choose one: {_join(options, 'or')}."
        return self.test(stmt)

    def test(self, stmt: ast.StatTest) -> str:
        text = f"Test {self.phrase(stmt.stat)}"
        if isinstance(stmt.bonus, ast.Neg):
            text += f" -{self.expr(stmt.bonus.operand)}"
        elif stmt.bonus is not None:
            text += f" +{self.expr(stmt.bonus)}"
        if stmt.against is not None:
            text += f" against {self.phrase(stmt.against)}"
        rows = []
        for row in stmt.rows:
            noun = "success" if row.successes == 1 and not row.or_more else "successes"
            more = " or more" if row.or_more else ""
            rows.append(f"{row.successes}{more} {noun}: {self.body(row.body)}")
        return f"{text}. " + " ".join(rows)

    def expr(self, node: ast.Expr) -> str:
        if isinstance(node, ast.Logic):
            return f"{self.expr(node.left)} {node.op.value} {self.expr(node.right)}"
        if isinstance(node, ast.Not):
            return f"not {self.expr(node.operand)}"
        if isinstance(node, ast.Compare):
            return f"{self.expr(node.left)} {_COMPARE[node.op]} {self.expr(node.right)}"
        if isinstance(node, ast.Arith):
            return f"{self.expr(node.left)} {node.op.value} {self.expr(node.right)}"
        if isinstance(node, ast.Neg):
            return f"-{self.expr(node.operand)}"
        if isinstance(node, ast.Num):
            return str(node.value)
        if isinstance(node, ast.Prop):
            owner, *names = node.path
            return f"{self.name(owner)}'s " + "'s ".join(names)
        if isinstance(node, ast.Count):
            return f"the number of {self.phrase(node.selector)}"
        return self.phrase(node)

    def phrase(self, node: ast.Phrase) -> str:
        return " ".join(
            self.name(atom.text) if isinstance(atom, ast.Word) else self.expr(atom)
            for atom in node.atoms
        )

    def name(self, word: str) -> str:
        return self.self_name if word == "self" else word


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:] + "."


def _join(items: list[str], conjunction: str) -> str:
    if len(items) <= 2:
        return f" {conjunction} ".join(items)
    return ", ".join(items[:-1]) + f", {conjunction} {items[-1]}"
