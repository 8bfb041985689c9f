"""Checking an effect's clauses: triggers (hooks), passive rules (modifiers and
permissions, alone or in a ``while`` group, on the bearer or as an aura) and the plain
statements run when the card is used."""

from __future__ import annotations

from hexforge.core.rules import ModifierOp, Reach
from hexforge.core.vocabulary import EventType, Field
from hexforge.dsl import ast
from hexforge.dsl import codes as c
from hexforge.dsl import resolved as r
from hexforge.dsl.check_base import (
    INT,
    NO_READING,
    Failed,
    Scope,
    all_of,
    better,
    by_words,
    conjoin,
    cover,
    did_you_mean,
    pretty_words,
    word_at,
)
from hexforge.dsl.check_statements import Statements, stat_change
from hexforge.dsl.templates import matches
from hexforge.dsl.vocabulary import PermissionDef, Stat


class Clauses(Statements):
    """A whole effect, clause by clause."""

    __slots__ = ()

    def effect(self, effect: ast.Effect) -> r.Checked:
        hooks: list[r.HookRule] = []
        modifiers: list[r.ModifierRule] = []
        permissions: list[tuple[ast.PermissionRule, ast.Expr | None, r.PermissionRule]] = []
        run: list[r.Step] = []
        base = Scope({"self": self.vocabulary.self_kind, **self.vocabulary.bindings})
        for clause in effect.clauses:
            if isinstance(clause, ast.Trigger):
                hook = self.trigger(clause)
                if hook is not None:
                    hooks.append(hook)
            elif isinstance(clause, (ast.While, ast.ModifierRule, ast.PermissionRule)):
                self.passives(clause, modifiers, permissions)
            else:
                run.extend(self.block((clause,), base, 1))
        self.contradictions(permissions)
        sites = tuple(
            r.PermissionSite(
                compiled.action,
                compiled.allowed,
                compiled.condition is not None,
                compiled.reach,
                rule.span,
            )
            for rule, _, compiled in permissions
        )
        return r.Checked(
            tuple(hooks), tuple(modifiers), tuple(p for _, _, p in permissions), tuple(run), sites
        )

    def trigger(self, clause: ast.Trigger) -> r.HookRule | None:
        candidates = [t for t in self.vocabulary.triggers if t.form is clause.form]
        best: Failed | None = None
        for declared in candidates:
            if next(matches(declared.template, clause.pattern.atoms), None) is None:
                best = better(best, NO_READING)  # what match() says, sooner
                continue
            event = self.vocabulary.events[declared.event]
            scope = self.hook_scope(event)
            outcome = self.match(declared.template, clause.pattern.atoms, scope, event)
            if isinstance(outcome, Failed):
                best = better(best, outcome)
                continue
            if declared.subject is not None:
                outcome.insert(
                    0, r.Comparison(ast.CompareOp.EQ, r.Name(declared.subject), r.Name("self"))
                )
            condition = all_of(outcome)
            if clause.condition is not None:
                extra = self.condition(clause.condition, scope)
                condition = conjoin(condition, extra)
            body = self.block(clause.body, scope, 1)
            return r.HookRule(
                declared.event, declared.window, condition, body, self.once_per(clause)
            )
        if best is not None and best.rank > 0:
            self.report(best)
        else:
            shown = [t.template.shown() for t in candidates]
            words = pretty_words(clause.pattern)
            self.report(
                self.fail(
                    c.UNKNOWN_TRIGGER,
                    f"unknown trigger '{clause.form.value} {words}'",
                    clause.pattern.span,
                    lambda: did_you_mean(words, shown, f"{clause.form.value} "),
                )
            )
        # Still check the body, with the payload unknown, to report its own mistakes.
        self.block(clause.body, Scope({"self": self.vocabulary.self_kind}), 1)
        return None

    def once_per(self, clause: ast.Trigger) -> str | None:
        kind = clause.once_per
        if kind is None or kind in self.vocabulary.contexts:
            return kind
        known = sorted(self.vocabulary.contexts)
        self.report(
            self.fail(
                c.UNKNOWN_CONTEXT,
                f"unknown context 'once per {kind}'",
                clause.pattern.span,
                lambda: did_you_mean(kind, known) or "expected one of " + ", ".join(known),
            )
        )
        return None

    def hook_scope(self, event: EventType) -> Scope:
        names = {"self": self.vocabulary.self_kind}
        names.update({f.name: f.type for f in event.fields})
        return Scope(names, event)

    def passives(
        self,
        clause: ast.While | ast.ModifierRule | ast.PermissionRule,
        modifiers: list[r.ModifierRule],
        permissions: list[tuple[ast.PermissionRule, ast.Expr | None, r.PermissionRule]],
    ) -> None:
        rules = clause.rules if isinstance(clause, ast.While) else (clause,)
        params: list[tuple[Field, ...]] = []
        found: list[tuple[ast.Passive, str, tuple[Field, ...], r.Value | None, Stat | None]] = []
        for rule in rules:
            self.count(rule.span)
            if isinstance(rule, ast.ModifierRule):
                aimed = self.aimed_stat(rule.stat)
                if aimed is None:
                    continue
                stat, aura = aimed
                if stat.type != INT:
                    self.report(
                        self.fail(
                            c.NON_NUMERIC_MODIFIER,
                            f"'{' '.join(stat.words)}' is a {stat.type}, not a number; "
                            "it cannot be raised, lowered or set by a modifier",
                            rule.stat.span,
                            "modify a numeric stat, or use a permission (can/cannot)",
                        )
                    )
                    continue
                found.append((rule, stat.name, stat.params, aura, stat))
                params.append(stat.params)
            else:
                permission = self.permission(rule.action)
                aura = None if rule.subject is None else self.aura(rule.subject)
                if permission is None or (rule.subject is not None and aura is None):
                    continue
                found.append((rule, permission.action, permission.params, aura, None))
                params.append(permission.params)
        names: dict[str, str] = {"self": self.vocabulary.self_kind}
        if params:
            shared = set(params[0])
            for more in params[1:]:
                shared &= set(more)
            names.update({p.name: p.type for p in sorted(shared, key=lambda p: p.name)})
        condition: r.Value | None = None
        condition_ast = clause.condition if isinstance(clause, ast.While) else None
        if condition_ast is not None:
            condition = self.condition(condition_ast, Scope(names))
        for rule, name, own, aura, declared in found:
            reach = Reach.BEARER if aura is None else Reach.ANY
            when = conjoin(aura, condition)
            if isinstance(rule, ast.ModifierRule):
                scope = Scope({**names, **{p.name: p.type for p in own}})
                if aura is not None:
                    scope = scope.bind("subject", self.vocabulary.self_kind)
                amount = self.expect(rule.amount, scope, INT)
                if amount is None:
                    continue
                setting = rule.sign is ast.ModifierSign.SET
                bounds = (
                    None
                    if declared is None
                    else declared.bounds
                    if setting
                    else stat_change(declared)
                )
                spelled = " ".join(rule.stat.words() or ("the stat",))
                what = (
                    f"the value given to '{spelled}'" if setting else f"the change to '{spelled}'"
                )
                beyond = self.out_of_range(amount, rule.amount.span, bounds, what)
                if beyond is not None:
                    self.report(beyond)
                    continue
                if rule.sign is ast.ModifierSign.SUB:
                    amount = r.Negate(amount)
                op = ModifierOp.SET if setting else ModifierOp.ADD
                modifiers.append(r.ModifierRule(name, op, amount, when, reach, bounds))
            else:
                compiled = r.PermissionRule(name, rule.allowed, when, reach)
                permissions.append((rule, condition_ast, compiled))

    def aimed_stat(self, phrase: ast.Phrase) -> tuple[Stat, r.Value | None] | None:
        """``speed`` (the bearer's) or ``speed of <selector>`` (an aura on others)."""
        atoms = phrase.atoms
        stat = by_words(self.vocabulary.stats, phrase.words())
        if stat is not None:
            return stat, None
        for split, atom in enumerate(atoms):
            if not (isinstance(atom, ast.Word) and atom.text == "of") or split == len(atoms) - 1:
                continue
            head = tuple(word_at(atoms, i) for i in range(split))
            aimed = by_words(self.vocabulary.stats, head)
            if aimed is not None:
                rest = atoms[split + 1 :]
                aura = self.aura(ast.Phrase(tuple(rest), span=cover(rest, phrase.span)))
                return None if aura is None else (aimed, aura)
        self.stat(phrase)  # reports the unknown stat
        return None

    def aura(self, selector: ast.Phrase) -> r.Value | None:
        """The condition that the query's subject is one of ``selector``."""
        scope = Scope({"self": self.vocabulary.self_kind, **self.vocabulary.bindings})
        first = word_at(selector.atoms, 0)
        nouns = [w for n in self.vocabulary.nouns for w in (n.singular, n.plural)]
        if first is not None and first not in scope.names and first not in (*nouns, "a", "an"):
            self.report(
                self.fail(
                    c.UNKNOWN_SELECTOR,
                    f"unknown selector '{first}'",
                    selector.atoms[0].span,
                    lambda: did_you_mean(first, nouns),
                )
            )
            return None
        subject = Field("subject", self.vocabulary.self_kind)
        outcome = self.pattern(selector.atoms, selector.span, scope, subject)
        if isinstance(outcome, Failed):
            self.report(outcome)
            return None
        return outcome.value

    def contradictions(
        self, permissions: list[tuple[ast.PermissionRule, ast.Expr | None, r.PermissionRule]]
    ) -> None:
        seen: dict[tuple[str, ast.Expr | None, ast.Phrase | None], tuple[bool, ast.PermissionRule]]
        seen = {}
        for rule, condition, compiled in permissions:
            key = (compiled.action, condition, rule.subject)
            earlier = seen.get(key)
            if earlier is not None and earlier[0] != compiled.allowed:
                first = earlier[1].span
                self.report(
                    self.fail(
                        c.CONTRADICTORY_PERMISSIONS,
                        f"this effect both allows and forbids '{compiled.action}' "
                        f"(see line {first.line})",
                        rule.span,
                        "keep one of the two, or give them different conditions",
                    )
                )
            seen.setdefault(key, (compiled.allowed, rule))

    def permission(self, phrase: ast.Phrase) -> PermissionDef | None:
        permission = by_words(self.vocabulary.permissions, phrase.words())
        if permission is None:
            spelled = pretty_words(phrase)
            known = [" ".join(p.words) for p in self.vocabulary.permissions]
            self.report(
                self.fail(
                    c.UNKNOWN_PERMISSION,
                    f"unknown permission 'can/cannot {spelled}'",
                    phrase.span,
                    lambda: did_you_mean(spelled, known),
                )
            )
        return permission
