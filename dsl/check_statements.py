"""Checking statements: verbs, ``if``/``unless``, ``for each``, ``choose one``, tests and
their success tables, within the size and nesting limits."""

from __future__ import annotations

import difflib
from collections.abc import Sequence

from hexforge.core.errors import Severity, Span
from hexforge.dsl import ast, text
from hexforge.dsl import codes as c
from hexforge.dsl import resolved as r
from hexforge.dsl.check_base import (
    INT,
    Failed,
    Scope,
    better,
    by_words,
    cover,
    did_you_mean,
    pretty_words,
    word_at,
)
from hexforge.dsl.check_matching import Matching
from hexforge.dsl.parser import LIMITS
from hexforge.dsl.vocabulary import Bounds, Stat, Verb


class Statements(Matching):
    """Blocks of statements, checked into steps."""

    __slots__ = ()

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
        tested = by_words(self.vocabulary.stats, stmt.stat.words())
        reach = None if tested is None else stat_change(tested)
        if bonus is not None and stmt.bonus is not None:
            what = f"the bonus of the test of {' '.join(stmt.stat.words() or ())}"
            beyond = self.out_of_range(bonus, stmt.bonus.span, reach, what)
            if beyond is not None:
                self.report(beyond)
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
        return r.TestRun(stat, bonus, defender, defence, tuple(outcomes), reach)

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

    def stat(self, phrase: ast.Phrase) -> Stat | None:
        words = phrase.words()
        stat = by_words(self.vocabulary.stats, words)
        if stat is not None:
            return stat
        spelled = pretty_words(phrase)
        hint = did_you_mean(spelled, [" ".join(s.words) for s in self.vocabulary.stats])
        if words is None or len(words) > 3:
            hint = (
                "a modifier line is '<stat> +N'; if this is a statement, put arithmetic "
                "inside it in parentheses: deal (target.wounds + 1) wounds to target"
            )
        self.report(self.fail(c.UNKNOWN_STAT, f"unknown stat '{spelled}'", phrase.span, hint))
        return None

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
            left = ast.Phrase(tuple(atoms[:split]), span=cover(atoms[:split], phrase.span))
            if not left.atoms or left.words() is None:
                continue
            if by_words(self.vocabulary.stats, left.words()) is None:
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
        for verb in self.vocabulary.candidates("verbs", word_at(phrase.atoms, 0)):
            outcome = self.match(verb.template, phrase.atoms, scope, None)
            if isinstance(outcome, Failed):
                best = better(best, outcome)
                continue
            self.placed(verb, phrase)
            return r.Call(verb, tuple(outcome))
        if best is not None and best.rank > 0:
            self.report(best)
            return None
        self.report(self.unknown_verb(phrase))
        return None

    def placed(self, verb: Verb, phrase: ast.Phrase) -> None:
        """HF327 when the game allows ``verb`` only in other card fields than this one."""
        places, place = verb.places, self.place
        if places is None or place is None or place in places:
            return
        allowed = ", ".join(sorted(places))
        self.report(
            self.fail(
                c.NOT_ALLOWED_HERE,
                f"'{verb.template.shown()}' cannot be written in {place}; the game allows it "
                f"only in {allowed}",
                phrase.span,
                verb.doc or f"move it to {allowed}",
            )
        )

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
            lambda: (
                did_you_mean(spelled, [v.template.shown() for v in self.vocabulary.verbs])
                or self.verb_list()
            ),
        )

    def verb_list(self) -> str:
        """Every verb the game knows, for a statement near none of them."""
        heads = {
            s for v in self.vocabulary.verbs if (w := v.template.first_word()) for s in w.spellings
        }
        return "the verbs of this game: " + ", ".join(sorted(heads))


def stat_change(stat: Stat) -> Bounds | None:
    """How far a modifier or a test bonus may move ``stat``: the width of its range."""
    if stat.bounds is None:
        return None
    low, high = stat.bounds
    return (low - high, high - low)


def _successes(count: int) -> str:
    return f"{count} success" if count == 1 else f"{count} successes"
