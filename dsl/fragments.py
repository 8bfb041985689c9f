"""A piece of effect text written alone in a card field: a condition (``not self is
engaged``), a selector (``allies free to act``).

A fragment is read as the matching part of a one-clause wrapper effect (``if <text>: x``,
``for each <text>: x``), so it means exactly what it means inside an effect and is checked
by the same checker; what the checker reports is then placed back in the text the author
wrote. The wrapper's body is never checked.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from hexforge.core.errors import Diagnostic, HexforgeError, Span
from hexforge.dsl import ast
from hexforge.dsl.check_base import Scope
from hexforge.dsl.checker import Checker
from hexforge.dsl.codes import SYNTAX_TOKEN
from hexforge.dsl.parser import parse
from hexforge.dsl.vocabulary import Vocabulary

_BODY = ":\n    x\n"


@dataclass(frozen=True, slots=True)
class Form:
    """A kind of fragment: the words that open its wrapper, what it is called, and the
    hint for one that is not one line."""

    lead: str
    what: str
    hint: str


CONDITION = Form("if ", "a condition", "join its parts with 'and' or 'or' on one line")
SELECTOR = Form(
    "for each ", "a selector", "write a noun and its filters, e.g. 'enemies adjacent to self'"
)


@dataclass(frozen=True, slots=True)
class Read:
    """A fragment read: the wrapper's one clause, and a checker ready to check its part
    (its diagnostics are placed in the wrapper until :meth:`placed`)."""

    clause: ast.Clause
    checker: Checker
    scope: Scope
    text: str
    form: Form

    def placed(self) -> list[Diagnostic]:
        """The checker's diagnostics, placed in the text the author wrote."""
        return [_unwrapped(d, self.text, self.form) for d in self.checker.diagnostics]


def read(text: str, vocabulary: Vocabulary, form: Form, file: str | None) -> Read:
    """Parse ``text`` as a fragment of ``form``; HexforgeError (placed in ``text``) for
    one that is empty, longer than a line, or not valid syntax."""
    body = text.strip()
    if "\n" in body or not body:
        lead = len(text) - len(text.lstrip())
        raise HexforgeError(
            Diagnostic(
                SYNTAX_TOKEN,
                f"{form.what} is one line" if body else f"{form.what} cannot be empty",
                Span.point(file, 1, lead + (body.index("\n") if "\n" in body else 0) + 1),
                text.split("\n")[0],
                form.hint,
            )
        )
    wrapped = f"{form.lead}{body}{_BODY}"
    try:
        effect = parse(wrapped, file=file)
    except HexforgeError as exc:
        raise HexforgeError(*(_unwrapped(d, text, form) for d in exc.diagnostics)) from None
    scope = Scope({"self": vocabulary.self_kind, **vocabulary.bindings})
    checker = Checker(vocabulary, wrapped.split("\n"))
    return Read(effect.clauses[0], checker, scope, text, form)


def _unwrapped(diagnostic: Diagnostic, text: str, form: Form) -> Diagnostic:
    """A diagnostic of the wrapper placed in ``text``: columns shifted by the wrapper's
    lead, anything beyond the fragment's line pointed at its end."""
    span = diagnostic.span
    if span is None:
        return diagnostic
    shift = len(text) - len(text.lstrip()) - len(form.lead)
    end = len(text) + 1
    column = min(max(span.column + shift, 1), end) if span.line == 1 else end
    stop = min(max(span.end_column + shift, column + 1), end + 1) if span.end_line == 1 else end + 1
    return replace(
        diagnostic, span=Span(span.file, 1, column, 1, stop), source_line=text.split("\n")[0]
    )
