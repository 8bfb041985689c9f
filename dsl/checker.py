"""AST + vocabulary -> resolved effect, collecting every authoring error.

The checker matches each phrase against the game's templates (verbs, conditions,
selectors, stats, permissions, triggers), types every value, and reports all problems at
once, each with a stable code, the span of the offending words, a message and a hint
(usually "did you mean ..."). Resolution helpers return either a typed value or the
diagnostics explaining why a reading failed, so a phrase can be tried several ways
before the best explanation is reported.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from hexforge.core.errors import Diagnostic, Severity, Span
from hexforge.core.rules import ModifierOp, Reach
from hexforge.core.vocabulary import BaseType, EventType, Field
from hexforge.dsl import ast, text
from hexforge.dsl import codes as c
from hexforge.dsl import resolved as r
from hexforge.dsl.parser import LIMITS
from hexforge.dsl.pretty import phrase as show_phrase
from hexforge.dsl.templates import Template, matches
from hexforge.dsl.vocabulary import Noun, PermissionDef, Stat, Vocabulary

INT, BOOL, TEXT = BaseType.INT.value, BaseType.BOOL.value, BaseType.TEXT.value
Hint = str | Callable[[], str | None] | None
Atoms = Sequence[ast.Word | ast.Expr]


@dataclass(frozen=True, slots=True)
class Typed:
    value: r.Value
    type: str


@dataclass(frozen=True, slots=True)
class Failed:
    """Why a reading failed; ``rank`` prefers explanations from closer readings.

    The diagnostics are built only when reported: most failed readings are discarded
    while a phrase is tried other ways, and "did you mean" searches are not free.
    """

    builders: tuple[Callable[[], Diagnostic], ...]
    rank: int = 0

    @property
    def diagnostics(self) -> tuple[Diagnostic, ...]:
        return tuple(build() for build in self.builders)


Result = Typed | Failed


@dataclass(frozen=True, slots=True)
class Scope:
    """Names an expression may use, with their types, and the event a hook reacts to."""

    names: Mapping[str, str]
    event: EventType | None = None

    def bind(self, name: str, type_: str) -> Scope:
        return Scope({**self.names, name: type_}, self.event)


@dataclass(slots=True)
class Checker:
    """One effect's check; ``diagnostics`` collects everything found."""

    vocabulary: Vocabulary
    lines: Sequence[str]
    diagnostics: list[Diagnostic] = field(default_factory=list)
    nodes: int = 0
    too_large: bool = False

    # ---- reporting -------------------------------------------------------------------

    def diagnostic(
        self,
        code: str,
        message: str,
        span: Span,
        hint: str | None = None,
        severity: Severity = Severity.ERROR,
    ) -> Diagnostic:
        line = self.lines[span.line - 1] if 0 < span.line <= len(self.lines) else None
        return Diagnostic(code, message, span, line, hint, severity)

    def report(self, result: Failed | Iterable[Diagnostic]) -> None:
        found = result.diagnostics if isinstance(result, Failed) else tuple(result)
        for diagnostic in found:
            if diagnostic not in self.diagnostics:
                self.diagnostics.append(diagnostic)

    def fail(self, code: str, message: str, span: Span, hint: Hint = None) -> Failed:
        def build() -> Diagnostic:
            return self.diagnostic(code, message, span, hint() if callable(hint) else hint)

        return Failed((build,))

    # ---- effect and clauses ----------------------------------------------------------

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
            elif isinstance(clause, ast.While | ast.ModifierRule | ast.PermissionRule):
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
                best = _better(best, Failed((), rank=-1))  # what match() says, sooner
                continue
            event = self.vocabulary.events[declared.event]
            scope = self.hook_scope(event)
            outcome = self.match(declared.template, clause.pattern.atoms, scope, event)
            if isinstance(outcome, Failed):
                best = _better(best, outcome)
                continue
            if declared.subject is not None:
                outcome.insert(
                    0, r.Comparison(ast.CompareOp.EQ, r.Name(declared.subject), r.Name("self"))
                )
            condition = _conjunction(outcome)
            if clause.condition is not None:
                extra = self.condition(clause.condition, scope)
                condition = _and(condition, extra)
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
                    lambda: _did_you_mean(words, shown, f"{clause.form.value} "),
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
                lambda: _did_you_mean(kind, known) or "expected one of " + ", ".join(known),
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
        found: list[tuple[ast.Passive, str, tuple[Field, ...], r.Value | None]] = []
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
                found.append((rule, stat.name, stat.params, aura))
                params.append(stat.params)
            else:
                permission = self.permission(rule.action)
                aura = None if rule.subject is None else self.aura(rule.subject)
                if permission is None or (rule.subject is not None and aura is None):
                    continue
                found.append((rule, permission.action, permission.params, aura))
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
        for rule, name, own, aura in found:
            reach = Reach.BEARER if aura is None else Reach.ANY
            when = _and(aura, condition)
            if isinstance(rule, ast.ModifierRule):
                scope = Scope({**names, **{p.name: p.type for p in own}})
                if aura is not None:
                    scope = scope.bind("subject", self.vocabulary.self_kind)
                amount = self.expect(rule.amount, scope, INT)
                if amount is None:
                    continue
                if rule.sign is ast.ModifierSign.SUB:
                    amount = r.Negate(amount)
                op = ModifierOp.SET if rule.sign is ast.ModifierSign.SET else ModifierOp.ADD
                modifiers.append(r.ModifierRule(name, op, amount, when, reach))
            else:
                compiled = r.PermissionRule(name, rule.allowed, when, reach)
                permissions.append((rule, condition_ast, compiled))

    def aimed_stat(self, phrase: ast.Phrase) -> tuple[Stat, r.Value | None] | None:
        """``speed`` (the bearer's) or ``speed of <selector>`` (an aura on others)."""
        atoms = phrase.atoms
        words = phrase.words()
        for stat in self.vocabulary.stats:
            if words == stat.words:
                return stat, None
        for split, atom in enumerate(atoms):
            if not (isinstance(atom, ast.Word) and atom.text == "of") or split == len(atoms) - 1:
                continue
            head = tuple(_word(atoms, i) for i in range(split))
            aimed = next((s for s in self.vocabulary.stats if s.words == head), None)
            if aimed is not None:
                rest = atoms[split + 1 :]
                aura = self.aura(ast.Phrase(tuple(rest), span=_cover(rest, phrase.span)))
                return None if aura is None else (aimed, aura)
        self.stat(phrase)  # reports the unknown stat
        return None

    def aura(self, selector: ast.Phrase) -> r.Value | None:
        """The condition that the query's subject is one of ``selector``."""
        scope = Scope({"self": self.vocabulary.self_kind, **self.vocabulary.bindings})
        first = _word(selector.atoms, 0)
        nouns = [w for n in self.vocabulary.nouns for w in (n.singular, n.plural)]
        if first is not None and first not in scope.names and first not in (*nouns, "a", "an"):
            self.report(
                self.fail(
                    c.UNKNOWN_SELECTOR,
                    f"unknown selector '{first}'",
                    selector.atoms[0].span,
                    lambda: _did_you_mean(first, nouns),
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

    def stat(self, phrase: ast.Phrase) -> Stat | None:
        words = phrase.words()
        for stat in self.vocabulary.stats:
            if words == stat.words:
                return stat
        spelled = pretty_words(phrase)
        hint = _did_you_mean(spelled, [" ".join(s.words) for s in self.vocabulary.stats])
        if words is None or len(words) > 3:
            hint = (
                "a modifier line is '<stat> +N'; if this is a statement, put arithmetic "
                "inside it in parentheses: deal (target.wounds + 1) wounds to target"
            )
        self.report(self.fail(c.UNKNOWN_STAT, f"unknown stat '{spelled}'", phrase.span, hint))
        return None

    def permission(self, phrase: ast.Phrase) -> PermissionDef | None:
        words = phrase.words()
        for permission in self.vocabulary.permissions:
            if words == permission.words:
                return permission
        spelled = pretty_words(phrase)
        known = [" ".join(p.words) for p in self.vocabulary.permissions]
        self.report(
            self.fail(
                c.UNKNOWN_PERMISSION,
                f"unknown permission 'can/cannot {spelled}'",
                phrase.span,
                lambda: _did_you_mean(spelled, known),
            )
        )
        return None

    # ---- statements ------------------------------------------------------------------

    def count(self, span: Span) -> None:
        self.nodes += 1
        if self.nodes > LIMITS.max_nodes and not self.too_large:
            self.too_large = True
            self.report(
                self.fail(
                    c.TOO_LARGE,
                    f"the effect has more than {LIMITS.max_nodes} parts",
                    span,
                    "split it into several cards or skills",
                )
            )

    def block(self, stmts: Sequence[ast.Stmt], scope: Scope, depth: int) -> tuple[r.Step, ...]:
        if depth > LIMITS.max_depth:
            self.report(
                self.fail(
                    c.TOO_DEEP,
                    f"statements are nested more than {LIMITS.max_depth} levels deep",
                    stmts[0].span,
                    "split the effect into simpler parts",
                )
            )
            return ()
        steps: list[r.Step] = []
        for stmt in stmts:
            self.count(stmt.span)
            step = self.stmt(stmt, scope, depth)
            if step is not None:
                steps.append(step)
        return tuple(steps)

    def stmt(self, stmt: ast.Stmt, scope: Scope, depth: int) -> r.Step | None:
        if isinstance(stmt, ast.Do):
            return self.call(stmt.phrase, scope)
        if isinstance(stmt, ast.If):
            condition = self.condition(stmt.condition, scope)
            then = self.block(stmt.then, scope, depth + 1)
            otherwise = self.block(stmt.otherwise, scope, depth + 1) if stmt.otherwise else ()
            return None if condition is None else r.Branch(condition, then, otherwise)
        if isinstance(stmt, ast.Unless):
            condition = self.condition(stmt.condition, scope)
            body = self.block(stmt.body, scope, depth + 1)
            return None if condition is None else r.Branch(r.Negation(condition), body, ())
        if isinstance(stmt, ast.ForEach):
            selection = self.selection(stmt.selector, scope)
            kind = self.vocabulary.self_kind if isinstance(selection, Failed) else selection.type
            body = self.block(stmt.body, scope.bind("it", kind.removesuffix("*")), depth + 1)
            if isinstance(selection, Failed):
                self.report(selection)
                return None
            assert isinstance(selection.value, r.Selection | r.Single)
            return r.Loop(selection.value, body)
        if isinstance(stmt, ast.ChooseOne):
            if self.vocabulary.choose is None:
                self.report(self.missing("choose one", "choice_procedure", stmt.span))
            options = tuple(self.block((option,), scope, depth + 1) for option in stmt.options)
            labels = tuple(
                text.rules_text(ast.Effect((option,), span=option.span)).rstrip(".")
                for option in stmt.options
            )
            return r.Choice(labels, options)
        return self.test(stmt, scope, depth)

    def missing(self, form: str, declaration: str, span: Span) -> Failed:
        return self.fail(
            c.MISSING_CAPABILITY,
            f"this game has no procedure for '{form}'",
            span,
            f"the game plugin must declare it with Vocabulary.{declaration}",
        )

    def test(self, stmt: ast.StatTest, scope: Scope, depth: int) -> r.TestRun | None:
        if self.vocabulary.test is None:
            self.report(self.missing("test", "test_procedure", stmt.span))
        stat = self.test_stat(stmt.stat)
        bonus = None if stmt.bonus is None else self.expect(stmt.bonus, scope, INT)
        defender: r.Value | None = None
        defence: str | None = None
        if stmt.against is not None:
            found = self.against(stmt.against, scope)
            if found is not None:
                defence, defender = found
        outcomes: list[r.Outcome] = []
        seen: dict[int, ast.Row] = {}
        row_scope = scope.bind("successes", INT)
        for row in stmt.rows:
            if row.successes in seen:
                earlier = seen[row.successes]
                label = f"{earlier.successes}{'+' if earlier.or_more else ''}:"
                self.report(
                    self.fail(
                        c.UNREACHABLE_ROW,
                        f"this row can never apply: the row '{label}' on line "
                        f"{earlier.span.line} already needs {_successes(row.successes)}",
                        Span.point(
                            row.span.file,
                            row.span.line,
                            row.span.column,
                            len(str(row.successes)) + (2 if row.or_more else 1),
                        ),
                        "each row needs a different number of successes",
                    )
                )
            seen.setdefault(row.successes, row)
            outcomes.append(
                r.Outcome(row.successes, row.or_more, self.block(row.body, row_scope, depth + 1))
            )
        self.gaps(stmt)
        if stat is None:
            return None
        return r.TestRun(stat, bonus, defender, defence, tuple(outcomes))

    def gaps(self, stmt: ast.StatTest) -> None:
        """Warn when some success count between the rows selects no row at all."""
        exact = [row for row in stmt.rows if not row.or_more]
        if not exact:
            return
        lowest = min(row.successes for row in stmt.rows)
        floors = [row.successes for row in stmt.rows if row.or_more]
        counts = {row.successes for row in exact}
        for row in sorted(exact, key=lambda x: x.successes):
            above = row.successes + 1
            covered = above in counts or any(f <= above for f in floors)
            if not covered and above > lowest:
                self.report(
                    [
                        self.diagnostic(
                            c.TABLE_GAP,
                            f"'{row.successes}:' means exactly {row.successes}; "
                            f"{above} successes select no row",
                            Span.point(
                                row.span.file,
                                row.span.line,
                                row.span.column,
                                len(str(row.successes)) + 1,
                            ),
                            f"write '{row.successes}+:' for {row.successes} or more successes",
                            Severity.WARNING,
                        )
                    ]
                )

    def test_stat(self, phrase: ast.Phrase) -> str | None:
        stat = self.stat(phrase)
        if stat is None:
            return None
        if stat.type != INT:
            self.report(
                self.fail(
                    c.WRONG_TYPE,
                    f"cannot test '{' '.join(stat.words)}': not a number",
                    phrase.span,
                )
            )
            return None
        return stat.name

    def against(self, phrase: ast.Phrase, scope: Scope) -> tuple[str, r.Value] | None:
        atoms = phrase.atoms
        splits = [i for i, a in enumerate(atoms) if isinstance(a, ast.Word) and a.text == "of"]
        for split in splits:
            left = ast.Phrase(tuple(atoms[:split]), span=_cover(atoms[:split], phrase.span))
            if not left.atoms or left.words() is None:
                continue
            if not any(s.words == left.words() for s in self.vocabulary.stats):
                continue
            stat = self.test_stat(left)
            unit = self.slice(atoms[split + 1 :], phrase.span, scope, self.vocabulary.self_kind)
            if isinstance(unit, Failed):
                self.report(unit)
                return None
            return (stat, unit.value) if stat is not None else None
        self.report(
            self.fail(
                c.WRONG_ARGUMENTS,
                f"'against {pretty_words(phrase)}' does not name a stat of a unit",
                phrase.span,
                "write 'against <stat> of <unit>', e.g. 'against mind of target'",
            )
        )
        return None

    def call(self, phrase: ast.Phrase, scope: Scope) -> r.Call | None:
        best: Failed | None = None
        for verb in self.vocabulary.candidates("verbs", _word(phrase.atoms, 0)):
            outcome = self.match(verb.template, phrase.atoms, scope, None)
            if isinstance(outcome, Failed):
                best = _better(best, outcome)
                continue
            return r.Call(verb, tuple(outcome))
        if best is not None and best.rank > 0:
            self.report(best)
            return None
        self.report(self.unknown_verb(phrase))
        return None

    def unknown_verb(self, phrase: ast.Phrase) -> Failed:
        first = phrase.atoms[0]
        spelled = pretty_words(phrase)
        if isinstance(first, ast.Word):
            same = [
                v.template.shown()
                for v in self.vocabulary.verbs
                if (w := v.template.first_word()) is not None and first.text in w.spellings
            ]
            if same:
                return self.fail(
                    c.WRONG_ARGUMENTS,
                    f"'{spelled}' does not fit any form of '{first.text}'",
                    phrase.span,
                    "expected " + " or ".join(f"'{s}'" for s in same),
                )
            heads = sorted(
                {
                    s
                    for v in self.vocabulary.verbs
                    if (w := v.template.first_word())
                    for s in w.spellings
                }
            )
            close = difflib.get_close_matches(first.text, heads, n=1)
            if close:
                forms = [
                    v.template.shown()
                    for v in self.vocabulary.verbs
                    if (w := v.template.first_word()) is not None and close[0] in w.spellings
                ]
                return self.fail(
                    c.UNKNOWN_VERB,
                    f"unknown verb '{first.text}'",
                    first.span,
                    f"did you mean '{close[0]}'? ({' or '.join(forms)})",
                )
        return self.fail(
            c.UNKNOWN_VERB,
            f"'{spelled}' is not a statement this game knows",
            phrase.span,
            lambda: _did_you_mean(spelled, [v.template.shown() for v in self.vocabulary.verbs]),
        )

    # ---- template matching -----------------------------------------------------------

    def match(
        self, template: Template, atoms: Atoms, scope: Scope, event: EventType | None
    ) -> list[r.Value] | Failed:
        """Arguments of the first reading of ``atoms`` as ``template`` that type-checks.

        With ``event`` set (trigger templates) each placeholder is a pattern on the payload
        field of its name and the result is the list of conditions to AND together.
        """
        best: Failed | None = None
        params = template.params
        for slices in matches(template, atoms):
            values: list[r.Value] = []
            failure: Failed | None = None
            for param, (start, end) in zip(params, slices, strict=True):
                piece = atoms[start:end]
                span = piece[0].span if end - start == 1 else _cover(piece, None)
                if event is not None:
                    payload = event.field(param.name)
                    assert payload is not None
                    outcome = self.pattern(piece, span, scope, payload)
                else:
                    outcome = self.slice(piece, span, scope, param.type)
                if isinstance(outcome, Failed):
                    failure = outcome
                    break
                values.append(outcome.value)
            if failure is None:
                return values
            best = _better(best, Failed(failure.builders, rank=1 + len(values)))
        return best if best is not None else Failed((), rank=-1)

    def slice(self, atoms: Atoms, span: Span | None, scope: Scope, want: str) -> Result:
        """A template argument: the atoms must make one value of type ``want``."""
        where = span or _cover(atoms, None)
        if len(atoms) == 1 and not isinstance(atoms[0], ast.Word):
            return self.typed(self.value(atoms[0], scope, want), want, where)
        phrase = ast.Phrase(tuple(atoms), span=where)
        return self.typed(self.phrase(phrase, scope, want), want, where)

    def typed(self, result: Result, want: str, span: Span) -> Result:
        if isinstance(result, Failed):
            return result
        if result.type == want:
            return result
        if want.endswith("*") and result.type == want[:-1]:
            return Typed(r.Single(result.value), want)
        return self.fail(
            c.WRONG_TYPE,
            f"expected {_a(want)} here, found {_a(result.type)}",
            span,
        )

    def pattern(self, atoms: Atoms, span: Span, scope: Scope, payload: Field) -> Result:
        """A trigger placeholder: a condition on the payload field ``payload``."""
        subject = r.Name(payload.name)
        if payload.type in self.vocabulary.kinds:
            rest: Atoms = atoms
            if _word(atoms, 0) in ("a", "an", "any") and len(atoms) > 1:
                rest = atoms[1:]
            noun = rest[0]
            if (
                isinstance(noun, ast.Word)
                and rest is not atoms
                and self.noun(noun.text, None) is None
            ):
                nouns = [n.singular for n in self.vocabulary.nouns if n.kind == payload.type]
                return self.fail(
                    c.UNKNOWN_SELECTOR,
                    f"unknown selector '{noun.text}'",
                    noun.span,
                    lambda: (
                        _did_you_mean(noun.text, nouns) or "expected one of " + ", ".join(nouns)
                    ),
                )
            if isinstance(noun, ast.Word):
                found = self.noun(noun.text, payload.type)
                if found is not None:
                    filters = self.filters(rest[1:], scope, payload.type, span)
                    if isinstance(filters, Failed):
                        return filters
                    checks: list[r.Value] = [r.IsA(subject, found)]
                    checks.extend(r.Passes(subject, applied) for applied in filters)
                    return Typed(_conjunction(checks) or r.Lit(1), BOOL)
        other = self.slice(atoms, span, scope, payload.type)
        if isinstance(other, Failed):
            return other
        return Typed(r.Comparison(ast.CompareOp.EQ, subject, other.value), BOOL)

    # ---- values ----------------------------------------------------------------------

    def condition(self, node: ast.Expr, scope: Scope) -> r.Value | None:
        return self.expect(node, scope, BOOL)

    def expect(self, node: ast.Expr, scope: Scope, want: str) -> r.Value | None:
        outcome = self.typed(self.value(node, scope, want), want, node.span)
        if isinstance(outcome, Failed):
            self.report(outcome)
            return None
        return outcome.value

    def value(self, node: ast.Expr, scope: Scope, want: str | None = None) -> Result:
        if isinstance(node, ast.Num):
            return Typed(r.Lit(node.value), INT)
        if isinstance(node, ast.Prop):
            return self.prop(node, scope)
        if isinstance(node, ast.Count):
            selection = self.selection(node.selector, scope)
            if isinstance(selection, Failed):
                return selection
            assert isinstance(selection.value, r.Selection | r.Single)
            return Typed(r.CountOf(selection.value), INT)
        if isinstance(node, ast.Phrase):
            return self.phrase(node, scope, want)
        if isinstance(node, ast.Neg):
            operand = self.numbers([node.operand], scope)
            if isinstance(operand, Failed):
                return operand
            return Typed(r.Negate(operand[0]), INT)
        if isinstance(node, ast.Arith):
            both = self.numbers([node.left, node.right], scope)
            if isinstance(both, Failed):
                return both
            return Typed(r.Arith(node.op, both[0], both[1]), INT)
        if isinstance(node, ast.Not):
            inner = self.typed(self.value(node.operand, scope, BOOL), BOOL, node.operand.span)
            if isinstance(inner, Failed):
                return inner
            return Typed(r.Negation(inner.value), BOOL)
        if isinstance(node, ast.Logic):
            sides = [
                self.typed(self.value(side, scope, BOOL), BOOL, side.span)
                for side in (node.left, node.right)
            ]
            failures = _failures(sides)
            if failures is not None:
                return failures
            left, right = (side.value for side in sides if isinstance(side, Typed))
            return Typed(r.Logical(node.op, left, right), BOOL)
        return self.compare(node, scope)

    def numbers(self, nodes: list[ast.Expr], scope: Scope) -> list[r.Value] | Failed:
        results = [self.typed(self.value(n, scope, INT), INT, n.span) for n in nodes]
        failures = _failures(results)
        if failures is not None:
            return failures
        return [result.value for result in results if isinstance(result, Typed)]

    def compare(self, node: ast.Compare, scope: Scope) -> Result:
        if node.op not in (ast.CompareOp.EQ, ast.CompareOp.NE):
            both = self.numbers([node.left, node.right], scope)
            if isinstance(both, Failed):
                return both
            return Typed(r.Comparison(node.op, both[0], both[1]), BOOL)
        left = self.value(node.left, scope)
        if isinstance(left, Failed):
            right_first = self.value(node.right, scope)
            if isinstance(right_first, Typed):
                left = self.typed(
                    self.value(node.left, scope, right_first.type),
                    right_first.type,
                    node.left.span,
                )
            if isinstance(left, Failed):
                return left
            right: Result = right_first
        else:
            right = self.typed(self.value(node.right, scope, left.type), left.type, node.right.span)
        if isinstance(right, Failed):
            return right
        return Typed(r.Comparison(node.op, left.value, right.value), BOOL)

    def prop(self, node: ast.Prop, scope: Scope) -> Result:
        head, *rest = node.path
        span = node.span
        if head == "event":
            event = scope.event
            field_name = rest[0]
            payload = None if event is None else event.field(field_name)
            if event is None or payload is None:
                names = [] if event is None else [f.name for f in event.fields]
                where = "this effect has no event" if event is None else f"event '{event.name}'"
                return self.fail(
                    c.NOT_ON_PAYLOAD,
                    f"'{field_name}' is not a field of {where}",
                    span,
                    _did_you_mean(field_name, names)
                    if names
                    else "'event.<field>' is only available inside 'when'/'upon'/'at end of'",
                )
            current: r.Value = r.Name(field_name)
            kind, rest = payload.type, rest[1:]
        elif head in scope.names:
            current, kind = r.Name(head), scope.names[head]
        else:
            return self.unknown_name(head, span, scope)
        for name in rest:
            prop = self.vocabulary.property_of(kind, name)
            if prop is None:
                known = sorted(self.vocabulary.properties.get(kind, {}))
                return self.fail(
                    c.UNKNOWN_PROPERTY,
                    f"{_a(kind)} has no property '{name}'",
                    span,
                    _did_you_mean(name, known) if known else f"{_a(kind)} has no properties",
                )
            current, kind = r.GetProp(current, prop), prop.type
        return Typed(current, kind)

    def unknown_name(self, name: str, span: Span, scope: Scope) -> Failed:
        def hint() -> str | None:
            close = _did_you_mean(name, sorted(scope.names))
            event = scope.event
            if event is not None and close is None:
                return f"the event '{event.name}' has: " + ", ".join(f.name for f in event.fields)
            return close

        return self.fail(c.UNKNOWN_NAME, f"unknown name '{name}'", span, hint)

    def phrase(self, phrase: ast.Phrase, scope: Scope, want: str | None) -> Result:
        """A phrase used as a value: a name, constant, condition, picked entity or selection."""
        atoms = phrase.atoms
        words = phrase.words()
        if len(atoms) == 1 and isinstance(atoms[0], ast.Word) and atoms[0].text in scope.names:
            return Typed(r.Name(atoms[0].text), scope.names[atoms[0].text])
        if want == TEXT and words is not None:
            return Typed(r.Lit(" ".join(words)), TEXT)
        if want is not None and want in self.vocabulary.constants and words is not None:
            spelled = " ".join(words)
            if spelled in self.vocabulary.constants[want]:
                return Typed(r.Lit(spelled), want)
            values = self.vocabulary.constants[want]
            return self.fail(
                c.UNKNOWN_NAME,
                f"'{spelled}' is not {_a(want)}",
                phrase.span,
                lambda: (
                    _did_you_mean(spelled, list(values)) or "expected one of " + ", ".join(values)
                ),
            )
        if want == BOOL or want is None:
            found = self.condition_phrase(phrase, scope)
            if isinstance(found, Typed) or want == BOOL:
                return found
        if want is not None and want.endswith("*"):
            return self.selection(phrase, scope, want[:-1])
        if want is None or want in self.vocabulary.kinds:
            picked = self.picked(atoms, phrase.span, scope, want)
            if picked is not None:
                return picked
        if words is not None and want is None:
            spelled = " ".join(words)
            for name, values in self.vocabulary.constants.items():
                if spelled in values:
                    return Typed(r.Lit(spelled), name)
        if want is not None and want != BOOL:
            as_condition = self.condition_phrase(phrase, scope)
            if isinstance(as_condition, Typed):
                return self.fail(
                    c.WRONG_TYPE,
                    f"expected {_a(want)} here, found a condition",
                    phrase.span,
                )
        if len(atoms) == 1 and isinstance(atoms[0], ast.Word):
            return self.unknown_name(atoms[0].text, phrase.span, scope)
        expected = "a number" if want == INT else _a(want) if want else "a value"
        return self.fail(
            c.WRONG_TYPE if want == INT else c.UNKNOWN_SELECTOR,
            f"'{pretty_words(phrase)}' is not {expected} this game knows",
            phrase.span,
        )

    def condition_phrase(self, phrase: ast.Phrase, scope: Scope) -> Result:
        atoms = phrase.atoms
        best: Failed | None = None
        for declared in self.vocabulary.candidates("conditions", _word(atoms, 0)):
            outcome = self.match(declared.template, atoms, scope, None)
            if isinstance(outcome, Failed):
                best = _better(best, outcome)
                continue
            return Typed(r.CallCondition(declared, tuple(outcome)), BOOL)
        # "<unit> <filter>..." and "<unit> is a/an <noun> <filter>...".
        for split in range(1, len(atoms)):
            subject = self.slice(atoms[:split], None, scope, self.vocabulary.self_kind)
            if isinstance(subject, Failed):
                continue
            rest = atoms[split:]
            if _word(rest, 0) == "is" and _word(rest, 1) in ("a", "an") and len(rest) > 2:
                noun_word = _word(rest, 2)
                noun = None if noun_word is None else self.noun(noun_word, None)
                if noun is not None:
                    filters = self.filters(rest[3:], scope, noun.kind, phrase.span)
                    if isinstance(filters, Failed):
                        best = _better(best, Failed(filters.builders, rank=1))
                        continue
                    checks: list[r.Value] = [r.IsA(subject.value, noun)]
                    checks.extend(r.Passes(subject.value, a) for a in filters)
                    result = _conjunction(checks)
                    assert result is not None
                    return Typed(result, BOOL)
            applied = self.filters(rest, scope, subject.type, phrase.span)
            if isinstance(applied, Failed):
                best = _better(best, Failed(applied.builders, rank=applied.rank))
                continue
            conjunction = _conjunction([r.Passes(subject.value, a) for a in applied])
            if conjunction is not None:
                return Typed(conjunction, BOOL)
        if best is not None and best.rank > 0:
            return best
        spelled = pretty_words(phrase)
        conditions = self.vocabulary.conditions
        return self.fail(
            c.UNKNOWN_CONDITION,
            f"unknown condition '{spelled}'",
            phrase.span,
            lambda: _did_you_mean(spelled, [d.template.shown() for d in conditions]),
        )

    # ---- selectors -------------------------------------------------------------------

    def noun(self, word: str, kind: str | None) -> Noun | None:
        for noun in self.vocabulary.nouns:
            if word in (noun.singular, noun.plural) and (kind is None or noun.kind == kind):
                return noun
        return None

    def selection(self, phrase: ast.Phrase, scope: Scope, kind: str | None = None) -> Result:
        """``enemies within 2 of self``, ``the nearest enemy``, or one named entity."""
        atoms = phrase.atoms
        head = atoms[0]
        if isinstance(head, ast.Word):
            noun = self.noun(head.text, kind)
            if noun is not None:
                filters = self.filters(atoms[1:], scope, noun.kind, phrase.span)
                if isinstance(filters, Failed):
                    return filters
                return Typed(r.Selection(noun, tuple(filters)), f"{noun.kind}*")
        single = self.picked(atoms, phrase.span, scope, kind)
        named = isinstance(head, ast.Word) and head.text in scope.names
        if single is None and len(atoms) == 1 and isinstance(head, ast.Word) and named:
            single = Typed(r.Name(head.text), scope.names[head.text])
        if single is not None:
            if isinstance(single, Failed):
                return single
            assert isinstance(single.value, r.Selection | r.Name | r.GetProp)
            return Typed(r.Single(single.value), f"{single.type}*")
        nouns = sorted({n.plural for n in self.vocabulary.nouns if kind in (None, n.kind)})
        first = head.text if isinstance(head, ast.Word) else pretty_words(phrase)
        return self.fail(
            c.UNKNOWN_SELECTOR,
            f"unknown selector '{pretty_words(phrase)}'",
            phrase.span,
            lambda: (
                _did_you_mean(first, nouns + sorted(n.singular for n in self.vocabulary.nouns))
                or ("selectors start with " + ", ".join(nouns) if nouns else None)
            ),
        )

    def picked(self, atoms: Atoms, span: Span, scope: Scope, kind: str | None) -> Result | None:
        """``the nearest enemy ...``: one entity, or None when no picker starts the phrase."""
        for picker in self.vocabulary.pickers:
            size = len(picker.words)
            if tuple(_word(atoms, i) for i in range(size)) != picker.words:
                continue
            noun_word = _word(atoms, size)
            noun = None if noun_word is None else self.noun(noun_word, kind)
            if noun is None:
                return self.fail(
                    c.UNKNOWN_SELECTOR,
                    f"'{' '.join(picker.words)}' must be followed by what to pick",
                    span,
                    "e.g. "
                    + ", ".join(
                        f"'{' '.join(picker.words)} {n.singular}'" for n in self.vocabulary.nouns
                    ),
                )
            filters = self.filters(atoms[size + 1 :], scope, noun.kind, span)
            if isinstance(filters, Failed):
                return filters
            return Typed(r.Selection(noun, tuple(filters), picker), noun.kind)
        return None

    def filters(
        self, atoms: Atoms, scope: Scope, kind: str, span: Span
    ) -> list[r.Applied] | Failed:
        """Split ``atoms`` into consecutive filters of entities of ``kind``."""
        if not atoms:
            return []
        best: Failed | None = None
        for end in range(1, len(atoms) + 1):
            for declared in self.vocabulary.candidates("filters", _word(atoms, 0)):
                if declared.kind not in (None, kind):
                    continue
                outcome = self.match(declared.template, atoms[:end], scope, None)
                if isinstance(outcome, Failed):
                    best = _better(best, outcome)
                    continue
                rest = self.filters(atoms[end:], scope, kind, span)
                if isinstance(rest, Failed):
                    best = _better(best, Failed(rest.builders, rest.rank + 1))
                    continue
                return [r.Applied(declared, tuple(outcome)), *rest]
        if best is not None and best.rank > 0:
            return best
        spelled = " ".join(pretty_words(ast.Phrase((a,), span=span)) for a in atoms)
        declared = self.vocabulary.filters
        return self.fail(
            c.UNKNOWN_SELECTOR,
            f"unknown filter '{spelled}'",
            _cover(atoms, span),
            lambda: _did_you_mean(spelled, [d.template.shown() for d in declared]),
        )


# ---- helpers ---------------------------------------------------------------------------


def pretty_words(phrase: ast.Phrase) -> str:
    return show_phrase(phrase)


def _word(atoms: Atoms, index: int) -> str | None:
    atom = atoms[index] if index < len(atoms) else None
    return atom.text if isinstance(atom, ast.Word) else None


def _cover(atoms: Atoms, fallback: Span | None) -> Span:
    if not atoms:
        assert fallback is not None
        return fallback
    first, last = atoms[0].span, atoms[-1].span
    return Span(first.file, first.line, first.column, last.end_line, last.end_column)


def _better(best: Failed | None, new: Failed) -> Failed:
    if best is None or (new.rank > best.rank and new.builders):
        return new
    return best


def _failures(results: Sequence[Result]) -> Failed | None:
    found = [b for result in results if isinstance(result, Failed) for b in result.builders]
    if any(isinstance(result, Failed) for result in results):
        return Failed(tuple(found))
    return None


def _conjunction(values: Sequence[r.Value]) -> r.Value | None:
    result: r.Value | None = None
    for value in values:
        result = _and(result, value)
    return result


def _and(left: r.Value | None, right: r.Value | None) -> r.Value | None:
    if left is None:
        return right
    if right is None:
        return left
    return r.Logical(ast.LogicOp.AND, left, right)


def _successes(count: int) -> str:
    return f"{count} success" if count == 1 else f"{count} successes"


def _a(type_name: str) -> str:
    if type_name in (INT, BOOL):
        return "a number" if type_name == INT else "a condition"
    if type_name.endswith("*"):
        return f"a selection of {type_name[:-1]}s"
    article = "an" if type_name[:1] in "aeio" else "a"
    return f"{article} {type_name}"


def _did_you_mean(word: str, candidates: Sequence[str], prefix: str = "") -> str | None:
    close = difflib.get_close_matches(word, list(candidates), n=3, cutoff=0.5)
    if not close:
        return None
    return "did you mean " + " or ".join(f"'{prefix}{m}'" for m in close) + "?"


def check(
    effect: ast.Effect, vocabulary: Vocabulary, lines: Sequence[str]
) -> tuple[r.Checked, list[Diagnostic]]:
    """Resolve ``effect``; the diagnostics are empty (or warnings only) when it is valid."""
    checker = Checker(vocabulary, lines)
    checked = checker.effect(effect)
    return checked, checker.diagnostics


def errors(diagnostics: Iterable[Diagnostic]) -> list[Diagnostic]:
    return [d for d in diagnostics if d.severity is Severity.ERROR]
