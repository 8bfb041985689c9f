"""Checking selectors: nouns (``enemies``), their filters (``within 2 of self``) and
pickers (``the nearest enemy``)."""

from __future__ import annotations

from hexforge.core.errors import Span
from hexforge.dsl import ast
from hexforge.dsl import codes as c
from hexforge.dsl import resolved as r
from hexforge.dsl.check_base import (
    Atoms,
    CheckState,
    Failed,
    Result,
    Scope,
    Typed,
    better,
    cover,
    did_you_mean,
    pretty_words,
    word_at,
)
from hexforge.dsl.vocabulary import Noun


class Selectors(CheckState):
    """Selections of entities and single picked ones."""

    __slots__ = ()

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
                did_you_mean(first, nouns + sorted(n.singular for n in self.vocabulary.nouns))
                or ("selectors start with " + ", ".join(nouns) if nouns else None)
            ),
        )

    def picked(self, atoms: Atoms, span: Span, scope: Scope, kind: str | None) -> Result | None:
        """``the nearest enemy ...``: one entity, or None when no picker starts the phrase."""
        for picker in self.vocabulary.pickers:
            size = len(picker.words)
            if tuple(word_at(atoms, i) for i in range(size)) != picker.words:
                continue
            noun_word = word_at(atoms, size)
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
        fitting = [
            declared
            for declared in self.vocabulary.candidates("filters", word_at(atoms, 0))
            if declared.kind in (None, kind)
        ]
        for end in range(1, len(atoms) + 1):
            for declared in fitting:
                outcome = self.match(declared.template, atoms[:end], scope, None)
                if isinstance(outcome, Failed):
                    best = better(best, outcome)
                    continue
                rest = self.filters(atoms[end:], scope, kind, span)
                if isinstance(rest, Failed):
                    best = better(best, Failed(rest.builders, rest.rank + 1))
                    continue
                return [r.Applied(declared, tuple(outcome)), *rest]
        if best is not None and best.rank > 0:
            return best
        spelled = " ".join(pretty_words(ast.Phrase((a,), span=span)) for a in atoms)
        declared = self.vocabulary.filters
        return self.fail(
            c.UNKNOWN_SELECTOR,
            f"unknown filter '{spelled}'",
            cover(atoms, span),
            lambda: did_you_mean(spelled, [d.template.shown() for d in declared]),
        )
